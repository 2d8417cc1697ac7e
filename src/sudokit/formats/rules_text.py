"""Rules for the whole grid stated in a puzzle's rules text, for formats whose data does not type them.

A SudokuPad puzzle made in SudokuPad states its global rules only in words ("cells a knight's move
apart cannot contain the same digit").  These readers are deliberately narrow: a sentence must name
the rule and say what it forbids, so a rule that merely mentions a knight's move is not taken.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sudokit.constraints.base import Constraint
from sudokit.constraints.dots.negative import AntiXV, NegativeRatio, NonConsecutive
from sudokit.constraints.grid_rules.chess import AntiKing, AntiKnight
from sudokit.constraints.grid_rules.neighbours import Knightmare
from sudokit.errors import GridError, PuzzleError
from sudokit.model import Grid, Puzzle

_QUOTES = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"}
)


def normal_text(text: str) -> str:
    """Text as compared with rule words: NFKC-normalised (styled Unicode letters as plain), lower case.

    The misspellings setters often make are spelled right ("consequtive"), idle phrases dropped.
    """
    import unicodedata

    plain = unicodedata.normalize("NFKC", text).lower()
    plain = plain.replace("\\n", "\n").translate(_QUOTES)  # "\n" typed as two characters is a newline
    return _TYPOS.sub(lambda m: _TYPO_FIXES[m.group(0)], plain)


_TYPO_FIXES = {
    "consequtive": "consecutive",
    "consecuative": "consecutive",
    "concecutive": "consecutive",
    "consectutive": "consecutive",
    "seperated": "separated",
    "seperate": "separate",
    "adjacant": "adjacent",
    "thermometre": "thermometer",
    "thermometres": "thermometers",
    "themometer": "thermometer",
    "kinght": "knight",
    "kinght's": "knight's",
    "themometers": "thermometers",
    "respecitve": "respective",
    "moving away": "away",  # "increase moving away from the bulb": no digits move
}
_TYPOS = re.compile(r"\b(" + "|".join(_TYPO_FIXES) + r")\b")


_XV_NAMES = r"xs?|x's|vs?|v's|xv|x/v|x and v|v and x|such pairs"
_LOCAL_NEGATIVE = r"\b(within|inside)\b[^.]*\b(given|shown)\b|\b(given|shown)\b[^.]*\b(within|inside)\b"
_NEGATION = r"(cannot|can ?not|can't|may not|must not|mustn't|never|not|no)"
_SAME = r"(same digit|identical|repeat|the same|equal|same number)"


_ELEMENT = re.compile(
    r"\b(lines?|cages?|regions?|dots?|circles?|squares?|arrows?|separated|connected|joined|marked)\b"
)
"""Words by which a sentence speaks of drawn elements, not of the whole grid."""

_DRAWN = re.compile(
    r"\b(lines?|cages?|dots?|circles?|squares?|arrows?|separated|connected|joined|marked|clues?)\b"
)
"""Words by which a sentence speaks of drawn clues (a region is the grid's own)."""


_ABBREVIATIONS = re.compile(r"\b(i\.e|e\.g|etc|vs|approx|cf|incl|resp)\.(?=\s)")


def sentences(rules: str) -> list[str]:
    """The rules text in sentences (and lines), lower case, styled letters read as plain.

    A full stop of an abbreviation ("i.e.", "e.g.") ends no sentence; a line that a list goes on
    ("Cells separated" then "- by an X sum to 10") is read with each item of the list.
    """
    text = _ABBREVIATIONS.sub(
        lambda m: m.group(1).replace(".", "\0") + "\0", normal_text(_leads_spread(rules))
    )
    parts = [p.replace("\0", ".") for p in re.split(r"(?<=[.!?;])\s+|\n+", text)]
    return [" ".join(p.split()) for p in parts if p.strip()]


_BULLET = re.compile(r"^\s*[-*\u2022]\s*(?=[a-z])")


_RUN_ON = re.compile(
    r"(?<=[a-z]{3})(?=(Digits|Cells|Along|Each|Every|Numbers|Clues|Normal|Place|Any|All|No|The|In)\b)"
)


def _leads_spread(rules: str) -> str:
    """A list whose items go on a line left open, as one sentence per item.

    "Cells separated" / "- by an X sum to 10" is "Cells separated by an X sum to 10.": items start
    in lower case, an open line ends in no punctuation.
    """
    rules = _RUN_ON.sub(". ", rules)  # "... a 1:2 ratioDigits along arrows ...": a lost full stop
    lines = rules.replace("\\n", "\n").split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        items = []
        j = i + 1
        while j < len(lines) and _BULLET.match(lines[j]):
            items.append(_BULLET.sub("", lines[j]).strip())
            j += 1
        if items and line.strip() and not re.search(r"[.!?:;,)\]]\s*$", line):
            out += [f"{line.strip()} {item.rstrip('.')}." for item in items]
            i = j
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def global_rules(rules: str, n: int, *, negatives: bool = True) -> list[Constraint]:
    """The whole-grid rules a rules text states.

    ``negatives``: also the negative rules of dots and XV signs ("all possible dots are given"), which
    only make sense where the dots were read (not for f-puzzles, whose negatives are typed).
    """
    found: list[Constraint] = []
    text = rules.lower()
    said = sentences(rules)
    for k, sentence in enumerate(said):
        negated = re.search(rf"\b{_NEGATION}\b", sentence) is not None
        sums = re.search(r"\bsum\b|add up|knightmare", sentence) is not None
        if not sums and (
            re.search(r"anti-?knight", sentence)
            or (re.search(r"knight'?s?'? ?moves?", sentence) and negated and re.search(_SAME, sentence))
        ):
            found.append(AntiKnight())
        diagonal_touch = re.search(
            r"diagonally (adjacent|touching|neighbou?ring)|touch(es|ing)? (each other )?diagonally", sentence
        )
        if not sums and (
            re.search(r"anti-?king", sentence)
            or (re.search(r"king'?s?'? ?moves?", sentence) and negated and re.search(_SAME, sentence))
            or (diagonal_touch and negated and re.search(_SAME, sentence) and not _ELEMENT.search(sentence))
        ):
            found.append(AntiKing())
        if re.search(r"\bknightmare\b", sentence) or (
            re.search(r"knight'?s?'? ?moves?", sentence) and re.search(r"\b5\b.*\b15\b", sentence) and sums
        ):
            found.append(Knightmare())
        if re.search(r"non-?consecutive", sentence) and not re.search(r"diagonal", sentence):
            if not _ELEMENT.search(sentence):  # "digits separated by a red dot are non-consecutive"
                found.append(NonConsecutive())
        elif (
            re.search(r"orthogonally (adjacent|neighbouring|neighboring|connected)", sentence)
            and re.search(r"\bconsecutive\b", sentence)
            and negated
            and not re.search(r"\bdots?\b|\bline|cage|unless|except|diagonal", sentence)
        ):
            found.append(NonConsecutive())
        given = r"(are|is|have been|has been)( all)? (given|shown|drawn|placed|marked|indicated)"
        if re.search(_LOCAL_NEGATIVE, sentence):
            continue  # "within cages, all possible dots are given": a negative rule in places only
        if not negatives or (re.search(r"\bnot\b", sentence.split("given")[0]) and "all" in sentence):
            continue  # "not all dots are given": no negative rule
        if re.search(rf"\b(all|every)\b.*\bdots?\b.*{given}|\b(all|every)\b.*\bkropki\b.*{given}", sentence):
            white = "white" in sentence or ("white" in text and "black" not in text)
            black = "black" in sentence or ("black" in text and "white" not in text)
            if white or not black:
                found.append(NonConsecutive())
            if black or not white:
                found.append(NegativeRatio())
        elif re.search(rf"\b(all|every)\b.*\b({_XV_NAMES})\b.*{given}", sentence):
            x = re.search(r"\b(x|xs|x's|xv|x/v)\b", sentence) is not None or "sum to 10" in sentence
            v = re.search(r"\b(v|vs|v's|xv|x/v)\b", sentence) is not None or "sum to 5" in sentence
            if "such pairs" in sentence and k:  # "digits joined by a V sum to 5. All such pairs are given."
                before = said[k - 1]
                x = re.search(r"\b(x|xs|x's)\b", before) is not None or "sum to 10" in before
                v = re.search(r"\b(v|vs|v's)\b", before) is not None or "sum to 5" in before
            totals = tuple(t for t, said in ((10, x), (5, v)) if said) or (10, 5)
            found.append(AntiXV(totals))
    return list(dict.fromkeys(found))


_ONCE = r"(once|each digit|every digit|all (the )?digits|(1|one) ?(-|to|through|\u2013) ?(4|5|6|7|8|9|16))"
_BOILERPLATE = (
    r"\b(normal|standard|classic|usual|regular|ordinary|traditional)\b.*\b(sudoku|rules|constraints)\b",
    rf"\b(each|every|all)\b.*\b(rows?|columns?|boxe?s?|regions?|nonets?|3x3|houses?)\b.*\b{_ONCE}\b",
    rf"\b(place|fill|enter|put)\b.*\b(digits?|numbers?)\b.*\b{_ONCE}\b",
    rf"\b(place|fill|enter|put)\b.*\b{_ONCE}\b.*\b(rows?|columns?)\b",
    rf"\b{_ONCE}\b.*\b(in|within) (each|every|any)\b.*\b(rows?|columns?)\b",
    r"^[\w ,]*\b(repeat|repeats|repeated|repetition)\b[\w ,]*\b(rows?|columns?)\b[\w ,]*"
    r"\b(box(es)?|regions?)\b[\w ,]*[.!]?$",
    r"^(sudoku|rules|note|notes)\b:?$",
    r"^there (are|is) exactly (nine|9) of each (digit|number)\.?$",
)
_NOTES = (
    r"\bnot (all|every)\b.*\b(given|shown|marked|drawn|necessarily|indicated)\b",
    r"^(some|a few|several)( of the)? (digits|numbers) (are|have been) (already )?given\b[\w ]*\.?$",
    # "digits may repeat on a line": no new rule (but digits repeating in rows or boxes is one)
    r"^(?![\w ,]*\b(rows?|columns?|boxe?s?|regions?|nonets?)\b)"
    r"[\w ,]*\b(can|may|might)( also)? repeat\b[\w ,]*\.?$",
    r"\b(good luck|have fun|enjoy|thanks?|thank you|inspired|test ?solv|video|dedicated|credit)\b",
    r"\b(puzzle by|made by)\b",
    # an example illustrates a rule stated elsewhere
    r"^(for example|as an example|for instance|example|e\.g\.?|eg)\b",
    r"\b(may|can|might|could) (have|be|sum to|total|add up to) (a )?different( [a-z]+)? "
    r"(values?|totals?|sums?)\b",
    r"\bno negative (constraint|rule)s?\b|\bnegative constraints? (does|do) not apply\b",
    r"\bfog\b|\b(correct|correctly)\b.*\b(clear|clears|reveal|reveals|remove|removes|lift|lifts)\b",
)
_RULE_WORDS = re.compile(
    r"\b(digits?|cells?|numbers?|sum|sums|total|line|lines|cages?|circles?|dots?|"
    r"contains?|appear|place|shade|shaded|draw|equal|differ|different|greater|less|values?|rows?|columns?|"
    r"boxe?s?|regions?|grid|once|repeat|clues?|adjacent|arrows?|squares?|odd|even)\b"
)
_TWISTS = re.compile(
    r"\b(shade|shading|(be|are|is) shaded|loop|snake|path|star battle|stars?|mirror|teleport|portal|"
    r"wrap|wraps|"
    r"swap|rotat|errors?|mistakes?|lies|lying|liar|negat\w*|doubler|halv\w*|multipl\w*|product|"
    r"look and say|select|subset|chaos|determine[ds]?|instead|modif\w*|roman|prime|yin[ -]yang|nurikabe|"
    r"heyawake|masyu|slitherlink|battleship|tetromino|pentomino|schr[oö]dinger|moving|cheat\w*|"
    r"do not apply|does not apply|don't apply|not apply|deceptive|broken|fake|hidden|invisible|"
    r"count as|counts as|the value of|values? of (a|an|the|each|every)|decrypt|cipher|letters?|"
    r"unknown|to be determined|solver must find|solver has to|magic|dice|die|how many|"
    r"same (digit )?(total|sum)|one other|sum of the other|only \d|only (one|two|three|four|five|six)|"
    r"(more|less|fewer|greater|smaller|larger|higher|lower) than|sees? (itself|each other)|average|mean|"
    r"perfect|cube|square numbers?|deduced?|overlap\w*|partner|unique (sum|total)s?|distinct sums?|"
    r"remainder)\b"
    r"|(^|\bdigit )'?\d'? (may|must|can|cannot|can't|is|are|never|always)\b"
    rf"|{_LOCAL_NEGATIVE}"
)


def _words(text: str) -> frozenset[str]:
    """The words of a space-separated list."""
    return frozenset(text.split())


# Words some kinds are named by that rules texts also use for other things ("the digits between the
# 1 and the 9", "the top-left corner of the cage"): they never make a sentence speak of a kind.
_GENERIC = _words(
    "x v row column box region group circle corner sum link relation dot diagonal double index sign "
    "greater consecutive difference ratio distance centre center 2x2 cage king knight chess leap frame "
    "framed window windows hyper entropy modular parity bulb odd even quad diamond pill minimum maximum "
    "taxi camel zebra giraffe between"
) | {
    "less than",
    "greater than",
    "smaller than",
    "larger than",
    "lower than",
    "higher than",
    "points to",
    "point to",
    "sum to 10",
    "sum to 5",
    "sum line",
    "10 line",
    "ten line",
    "grey cell",
    "gray cell",
    "lie between",
    "lies between",
    "strictly between",
    "greater-than",
    "chess move",
    "modular global",
}


# Words any rule sentence may use (function words, the grid's parts, colours and shapes, places): a
# sentence about the kinds a puzzle has, made of these and those kinds' own words, says nothing new.
_COMMON = _words(
    "1 10 2 3 4 5 6 7 8 9 a about above across additionally adjacent after again all allowed along "
    "faint hollow next opaque solid tiny translucent transparent "
    "also always an and another any anywhere apart appear appearing appears applies apply are area "
    "areas around as at away be been beige below big black blue bold both bottom box boxes brown but "
    "by c can can't cannot cell cells center central centre circle circled circles classic clue clues "
    "color colored colour coloured column columns connect connected connects constraint constraints "
    "contain containing contains corner corners could cyan dark dashed diagonally digit digits do "
    "does don't dot dots dotted e e.g each edge edges eg eight either end ends enter entered entire "
    "etc every exactly example fill filled first five follow following for four from full g given "
    "gold golden gray green grey grid has have highlighted house houses i i.e ie if in indicate "
    "indicated indicates individual inside instance into is it it's its itself join joined joins "
    "large last lavender least left less light line lines lower magenta main mark marked marks may "
    "middle might more most must n necessarily need needed neighbor neighboring neighbors neighbour "
    "neighbouring neighbours nine no nonet nonets nor normal not note number numbers of on once one "
    "ones only or orange ordinary orthogonal orthogonally other others otherwise outlined outside "
    "pair pairs pale pink place placed placing please purple put r rc red region regions regular "
    "respective respectively right round row rows rule "
    "rules same see separate separated separates separating set sets seven shaded shape shapes share "
    "shares sharing show shown shows side sides sign signs six small so some square squares standard "
    "such sudoku symbol symbols teal ten than that that's the their them then there these they thick "
    "thin this those three through to top touch touching traditional two type types unless upper "
    "usual v value values various violet was were when where whether which while white whole will "
    "with within without would write written x yellow you your zero "
    "surrounding between single identical move moves gives give tell tells means form forms directly "
    "corresponding correspond order puzzle possible attached whose location adjoining straight "
    "includes printed leftmost rightmost requires visits vertically horizontally string arrangement "
    "comprise comprises comprising consist consists consisting composed vice versa length s "
    "already constitute constitutes way provided somewhere present true closest nearest stripe stripes "
    "particular peach turquoise lime navy maroon olive salmon tan cream mint aqua indigo crimson scarlet "
    "silver khaki what per horizontal vertical hand "
    "visible step steps represent represents reading read towards nearest sequential segment along "
    "across indicated connecting exactly either direction directions away "
)
_COLOURED_AREA = re.compile(
    r"\b(grey|gray|shaded|colou?red|highlighted|green|blue|red|yellow|orange|purple|pink)\b[\w ]{0,12}"
    r"\b(regions?|areas?|groups?|shapes?)\b"
)


def unexplained(rules: str, read: Sequence[Constraint], absent: Sequence[type[Constraint]] = ()) -> list[str]:
    """Sentences of a rules text that neither the rules read nor common phrasing explain.

    A sentence is explained when it is the usual Sudoku boilerplate or a note ("not all dots are
    given"), when it says nothing about digits, cells or clues at all, or when it names a kind the
    puzzle has and every word of it is a common word or a word the puzzle's kinds are stated in
    (their names and phrasing), with no twist ("average", "magic square") and no other kind named.
    Anything else (a loop to draw, cells to shade, digits whose value changes, a rule of a kind
    sudokit did not find, a known kind with an added condition) is returned, to be named among the
    rules not read: an answer made without it may be wrong. The test is deliberately strict: an
    unusual phrasing costs a warning, a missed rule a wrong answer.
    """
    return [text for text, what, _ in sentence_readings(rules, read, absent) if what == NOT_READ]


def sentence_readings(
    rules: str, read: Sequence[Constraint | type[Constraint]], absent: Sequence[type[Constraint]] = ()
) -> list[tuple[str, str, tuple[str, ...]]]:
    """Each sentence of a rules text, what it is to the rules read, and the kinds read it speaks of.

    What it is: :data:`BOILERPLATE`, :data:`NOTE`, :data:`FLAVOUR`, :data:`KINDS_READ`,
    :data:`ABSENT` or :data:`NOT_READ`.  ``absent`` are kinds the puzzle certainly has none of (a
    format that types every clue drawn, with nothing drawn left unread): a sentence about them only
    states a rule with nothing to apply to.  ``sudokit show --rules`` prints them, so a setter sees
    what was understood.  ``read`` may name kinds rather than rules (a text measured on its own).
    """
    read_kinds = {c if isinstance(c, type) else type(c) for c in read}
    reading = _reading_of(read_kinds)
    also = _reading_of(read_kinds | set(absent)) if absent else None
    kinds_read = sorted(read_kinds, key=lambda k: k.kind)
    read_words = {word for kind in read_kinds for word in kind.vocabulary()}
    out: list[tuple[str, str, tuple[str, ...]]] = []
    before: tuple[type[Constraint], ...] = ()  # the kinds the sentence before stated
    for sentence in sentences(rules):
        text = _bare(sentence)
        if not text:
            continue
        speaks = tuple(k for k in kinds_read if _speaks_of(text, k))
        what = reading.reading(text)
        if what == NOT_READ and not speaks and reading.continues(text, before):
            # "For odd-length lines, the total is the digit in the centre." after a zipper sentence
            what, speaks = KINDS_READ, tuple(k for k in before if _goes_on(text, k))
        if what == FLAVOUR and speaks:  # "German whisper sudoku rules apply."
            what = KINDS_READ
        # explained only by kinds of clue the puzzle has none of: "cells with a square are even"; but a
        # sentence about a kind the puzzle has, naming an absent kind only by that kind's own words
        # ("thermometer" for slow thermometers), is about the kind it has: a rule not read
        if (
            what == NOT_READ
            and also is not None
            and also.reading(text) == KINDS_READ
            and (not speaks or any(_mentions(text, set(k.vocabulary()) - read_words) for k in absent))
        ):
            named = [k for k in absent if _speaks_of(text, k, read=False)]
            what, speaks = ABSENT, tuple(named or [k for k in absent if _speaks_of(text, k)])
        before = speaks if what not in (NOT_READ, ABSENT) else ()  # "German whisper rules apply. ..."
        out.append((text, what, tuple(k.kind for k in speaks)))
    return out


def _reading_of(read_kinds: set[type[Constraint]]) -> _Reading:
    """What the kinds read (or certainly absent) let a rules text say without adding a rule."""
    from sudokit.constraints import kinds
    from sudokit.constraints.grid_rules.units import Windoku
    from sudokit.constraints.lines.clone import Clone
    from sudokit.constraints.regions.extra_region import ExtraRegion

    words = {w for kind in read_kinds for w in kind.vocabulary()}
    owned = [*words, *(kind.phrasing for kind in read_kinds)]  # "thermometer" in "slow thermometer"
    return _Reading(
        words=words,
        foreign={
            w
            for kind in kinds()
            if kind not in read_kinds
            for w in kind.names()
            if w not in words and w not in _GENERIC and not any(_said_in(w, own) for own in owned)
        },
        allowed=_COMMON.union(*(kind.lexicon() for kind in read_kinds)),
        phrases=" | ".join(_own_words(kind) for kind in read_kinds),
        areas=bool(read_kinds & {ExtraRegion, Windoku, Clone}),
    )


def _bare(sentence: str) -> str:
    """A sentence without the bullets and brackets around it."""
    return sentence.strip().lstrip("-*\u2022 ").strip().strip("()[] ").strip()


def shortened(text: str) -> str:
    """A sentence as answers quote it: at most 90 characters."""
    return text if len(text) <= 90 else text[:87] + "..."


_ENGLISH = _words(
    "a an the and or but of in on at to into from by with for as is are be been was were it its this that "
    "these those each every all any no not nor can cannot must may might will would should do does you your "
    "we i they he she there here if then than so such which who what where when how only also one two"
)
"""Words nearly every English sentence has: a sentence of four words or more without them is in
another language, and may state a rule sudokit cannot tell."""


def _foreign(text: str) -> bool:
    """Whether a sentence seems to be in a language other than English (no English function words)."""
    found = re.findall(r"[^\W\d_]+", re.sub(r"\S*(://|www\.)\S*", " ", text))  # links say nothing
    return len(found) >= 4 and not any(w in _ENGLISH or w in _COMMON for w in found)


def _mentions(text: str, words: set[str]) -> bool:
    """Whether the text uses one of the words (or phrases) as a whole word, plural or not."""
    return any(re.search(rf"(?<![a-z0-9]){re.escape(w)}(e?s)?(?![a-z0-9])", text) for w in words)


@dataclass(frozen=True)
class _Reading:
    """What the rules read let a rules text say without adding a rule (see :func:`unexplained`)."""

    words: set[str]
    """The read kinds' names and mentions (phrases)."""
    foreign: set[str]
    """Names of kinds not read."""
    allowed: frozenset[str]
    """Single words: the common ones and the read kinds' lexicons."""
    phrases: str
    """The read kinds' names, phrasing and written meanings, for telling a twist of their own."""
    areas: bool
    """Whether some read kind marks areas (extra regions, windows)."""

    def reading(self, text: str) -> str:
        """What one sentence is to the rules read (boilerplate, a note, flavour, the kinds read).

        NOT_READ for a twist, another kind's name, or a word no kind read states its rule with.
        """
        rest = _PLAIN_NOTES.sub(" ", text)  # "(no negative constraint)" is a note, not a twist
        for w in sorted(self.words, key=len, reverse=True):  # the read kinds' own phrases say no more
            rest = re.sub(rf"(?<![a-z]){re.escape(w)}(e?s)?(?![a-z])", " ", rest)
        if self.twisted(rest) or _mentions(rest, self.foreign):
            return NOT_READ
        if not self.areas and _COLOURED_AREA.search(text):  # "digits cannot repeat in a grey region"
            return NOT_READ
        if any(re.search(p, text) for p in _BOILERPLATE):
            return BOILERPLATE
        if any(re.search(p, text) for p in _NOTES):
            return NOTE
        if _RULE_WORDS.search(text) is None:
            # flavour text says no rule; a rule in another language might
            return NOT_READ if _foreign(text) else FLAVOUR
        if rest == text:  # a rule about none of the kinds read
            return NOT_READ
        return KINDS_READ if self.known(text) else NOT_READ

    def continues(self, text: str, before: Sequence[type[Constraint]]) -> bool:
        """Whether a sentence naming no kind goes on stating the kind the sentence before stated.

        It must use that kind's own words beyond the common ones ("may never *decrease*" after a
        slow thermometer's sentence), and no twist, other kind or word the kinds read do not use.
        """
        if not any(_goes_on(text, kind) for kind in before):
            return False
        if self.twisted(text) or _mentions(text, self.foreign):
            return False
        return self.known(text)

    def known(self, text: str) -> bool:
        """Whether every word of a sentence is one the kinds read (or its own label) may use."""
        allowed = self.allowed | _label_words(text)
        return all(_known(word, allowed) for word in _plain_words(text))

    def twisted(self, text: str) -> bool:
        """Whether the text has a twist word or phrase that is not the read kinds' own wording.

        "negative" says nothing new about a negative diagonal, but it does about a killer cage;
        "how many" is how skyscrapers are stated, but "the sum of the other three" is no killer's.
        """
        return any(not _said_in(match.group(0), self.phrases) for match in _TWISTS.finditer(text))


_INCLUDE_REPEATS = r"\b(which |and |that )?(may|can|might|could) include repeat(s|ed digits)\b"
"""'Which may include repeats': the note that digits may repeat (killer cages read it themselves)."""
_APART = re.compile(r"\b(different|separate|distinct) (?=(segments?|lines?|parts?|regions?|boxes|cages)\b)")
"""'Different' naming other elements ("different segments in the same box"), not different digits."""


def _plain_words(text: str) -> list[str]:
    """The words of a sentence whose every one must be allowed: 'different segments' is 'segments'."""
    return re.findall(r"[a-z]+(?:'[a-z]+)?", re.sub(_INCLUDE_REPEATS, " ", _APART.sub("", text)))


_LABEL = re.compile(r"^([a-z][a-z' ]{0,30}?)\s*:")


def _label_words(text: str) -> frozenset[str]:
    """The words of a sentence's leading label (``tentacles: ... along a tentacle (green line)``).

    Setters name the elements of a themed puzzle and say what each is; the name is no rule of its
    own, so its words (one to three) are allowed in that sentence, when the sentence uses the name
    for an element it draws ("... a bubble (white dot) ...").  A label that only heads a rule
    ("shell: box borders divide the line") allows nothing; a twist word in a label is still a twist.
    """
    match = _LABEL.match(text)
    if match is None:
        return frozenset()
    words = match[1].split()
    if not 1 <= len(words) <= 3:
        return frozenset()
    forms = set(words)
    for word in words:
        forms.add(word[:-1] if word.endswith("s") else word)  # "tentacles", "a tentacle"
        forms.add(word[:-2] if word.endswith("es") else word)
    body = text[match.end() :]
    if not any(re.search(rf"\b{re.escape(form)}s?\b\s*\(", body) for form in forms):
        return frozenset()
    return frozenset(forms)


BOILERPLATE = "the usual Sudoku rules"
NOTE = "a note (no rule of its own)"
FLAVOUR = "no rule (flavour text)"
KINDS_READ = "the rules read"
ABSENT = "a rule of clues the puzzle has none of"
NOT_READ = "NOT READ"
"""What a sentence of a rules text can be to the rules read (:func:`sentence_readings`)."""


def _known(word: str, allowed: frozenset[str]) -> bool:
    """Whether a word (or its singular, or a cell name such as r1c1) is among the allowed ones."""
    if (
        word in allowed
        or re.fullmatch(r"(r\d*c|c|r)", word)
        or (word.endswith("'s") and word[:-2] in allowed)
    ):
        return True
    return any(word.endswith(end) and word[: -len(end)] in allowed for end in ("s", "es", "ed", "d", "ing"))


# ------------------------------------------------------------- what the rules text leaves certain

_REDEFINING = re.compile(
    r"\b(average|mean|median|count|counts|counted|counting|number of|how many|"
    r"difference|differences|differ|product|multipl(y|ies|ied|ying|ication)|divid\w*|ratio|quotient|"
    r"modul\w*|remainder|prime|square numbers?|perfect squares?|cube|power|negat\w*|minus|subtract\w*|"
    r"doubl\w*|half|halv\w*|tripl\w*|"
    r"wrong|wrogn|false|lie|lies|lying|liar|incorrect|errors?|mistakes?|opposite|revers\w*|instead|"
    r"except|unless|first|last|nearest|closest|furthest|position|index|sees?|visible|look and say|"
    r"concatenat\w*|worth|neither|nor|individually|separately|independently|sum of the other|"
    r"only one|exactly one|at most|shaded|unshaded|loop|roman|numerals?|twice|thrice|times|squared|"
    r"backwards|rather than|other than|one more|one less|plus|modified|shifted|offset|letters?)\b"
)
"""Words by which a sentence about a kind can give it another meaning (when not in the kind's own)."""

_MODIFYING = re.compile(
    r"\b(the values? of|values? (of|in|on) (a|an|the|each|every|all|any)|counts? as|treated as|"
    r"negat\w*|doubl\w*|halv\w*|wrong|wrogn|false|lies|lying|liar|incorrect|errors?|mistakes?|"
    r"do not apply|does not apply|don't apply|doesn't apply|not apply|instead|modif\w*|decrypt\w*|"
    r"cipher|nosferatu|vampires?|prey|decoys?|fog|schr[oö]dinger|teleport\w*|portals?|wraps?|"
    r"to be determined|determined by the solver|solver must (find|determine)|determine[ds]?|"
    r"chaos|select|subset|letters?|unknown|hot|cold|one more than|one less than|"
    r"(can|may|might) repeat|replaced|replace|swap\w*|rotat\w*|mirror\w*|shift\w*|move|moves|moved|"
    r"moving|hidden|invisible|revealed?)\b"
)
"""Words by which a sentence can change rules it does not name (every clue false, cells whose value is
not their digit, digits that may repeat): nothing read from drawings is then certain."""

_NO_CLASSIC = re.compile(
    r"\b(normal|standard|classic|usual|regular|ordinary|traditional)\b[\w ]*\b(rules?|sudoku)\b[\w ]*"
    r"\b(do not|don't|does not|doesn't|not|never) apply\b|\bnot (a )?(normal|standard|classic) sudoku\b"
)
_REGIONS_FOUND = re.compile(
    r"\bchaos construction\b|\bregions?\b[^.]*\b(to be determined|must be determined|are determined|"
    r"to be found|must be found|has to be found|are not given|aren't given|must be drawn|to be drawn)\b|"
    r"\b(divide|divided|partition)\b[^.]*\bgrid\b[^.]*\bregions?\b|\bdraw\b[^.]*\bregions?\b"
)
_DIGIT_RANGE = re.compile(
    r"\b(digits?|numbers?) (from (the )?(set |range )?(of )?)?(\d{1,2}) ?(-|to|through|thru) ?(\d{1,2})\b"
)
_CHOSEN_DIGITS = re.compile(
    r"\b(select|choose|chosen|pick)\b[^.]*\b(digits?|numbers?)\b|\b(\d|one|two|three|four|five|six|seven|"
    r"eight)[- ]digit subset\b|\bsubset of (the )?(digits|numbers)\b"
)


@dataclass(frozen=True)
class Doubt:
    """A sentence that makes the grid's own rules uncertain (see :func:`grid_doubt`)."""

    sentence: str
    digits: tuple[int, int] | None
    """The widest range of digits the text names, when it is wider than the grid's (1-9 in a 6x6)."""
    houses: bool
    """Whether digits still differ in each row, column and box (False: "normal rules do not apply")."""

    def relax(self, grid: Grid) -> Grid:
        """The grid as far as the text leaves it certain: its cells, the digits named, its houses.

        The houses stay only while the text does not take them away; an answer on this grid is for the
        rules read only.
        """
        symbols = grid.symbols
        if self.digits is not None:
            symbols = tuple(str(d) for d in range(self.digits[0], self.digits[1] + 1))
        houses = grid.houses if self.houses else ()
        return Grid(symbols, grid.cells, houses, grid.rows, grid.cols, None)

    def describe(self, grid: Grid) -> str:
        """How the answer names what it did not read."""
        digits = f"{grid.symbols[0]} to {grid.symbols[-1]}"
        houses = "differing" if self.houses else "repeating or not"
        return (
            f'the grid\'s own rules, which the rules text changes ("{shortened(self.sentence)}"); '
            f"read as cells holding the digits {digits}, {houses} in rows, columns and boxes"
        )


def grid_doubt(rules: str, n: int, first: int = 1) -> Doubt | None:
    """The sentence saying the grid's own rules are not the classic ones, or None.

    A rules text may say that the classic rules do not hold, or that the digits are other than the
    grid's (a 6x6 "with six digits selected from 1-9"): then only a relaxation of the grid is read.
    """
    said = [(text, _ranges(text)) for text in (_bare(s) for s in sentences(rules))]
    wider = [(low, high) for _, ranges in said for low, high in ranges if low < high and high - low + 1 > n]
    widest = max(wider, key=lambda r: r[1] - r[0]) if wider else None
    for text, _ in said:
        if _NO_CLASSIC.search(text):
            return Doubt(text, widest, False)
    for text, ranges in said:  # "digits 1 to 9" in a 14x14 grid: some cells hold no digit
        if any(0 < high - low + 1 < n for low, high in ranges) and not _DRAWN.search(text):
            raise PuzzleError(
                f'the rules text speaks of fewer digits than a row holds ("{shortened(text)}"): '
                "cells that hold no digit are not read yet"
            )
    for text, ranges in said:
        if _CHOSEN_DIGITS.search(text) or any(low < high and high - low + 1 > n for low, high in ranges):
            return Doubt(text, widest, True)
    return None


def _ranges(text: str) -> list[tuple[int, int]]:
    """The ranges of digits a sentence names ("the digits 1 to 9", "digits from the set 1-9")."""
    return [(int(m.group(6)), int(m.group(8))) for m in _DIGIT_RANGE.finditer(text)]


def regions_found(rules: str) -> str | None:
    """The sentence saying the solver finds the regions (chaos construction), or None."""
    return next((text for text in map(_bare, sentences(rules)) if _REGIONS_FOUND.search(text)), None)


@dataclass(frozen=True)
class Settled:
    """What a puzzle's reading keeps once its rules text has been weighed (see :func:`settle`)."""

    kept: list[Constraint]
    """The constraints whose meaning is certain."""
    unread: list[str]
    """What was left unread: elements whose meaning the text changes, then sentences not accounted for."""
    certain: bool
    """False when a sentence may change rules that were kept (every clue false, values not digits)."""
    source: str
    """The weakest source of a kept rule: ``typed``, ``confirmed`` (a drawing the text names) or
    ``convention`` (a drawing read by its usual meaning alone)."""
    dropped: tuple[Constraint, ...] = ()
    """The constraints left unread: still drawn (see :func:`unread_drawing`), never enforced."""
    givens: str | None = None
    """A sentence that changes the given digits ("given digits move with the cars"), or None.

    The reader then leaves the givens unread too, naming them with :meth:`givens_note`."""

    def givens_note(self) -> str:
        """How an answer names the givens left unread."""
        return f'the given digits, which the rules text changes ("{shortened(self.givens or "")}")'


def settle(
    rules: str, found: Sequence[Constraint], typed: Sequence[Constraint] = (), *, all_typed: bool = False
) -> Settled:
    """Keep only the constraints whose meaning the rules text leaves certain.

    ``found`` is everything read (from typed data and from drawings by convention); ``typed`` the
    part typed in the data.  For each sentence no kept rule accounts for:

    * one that names a kept kind ("the digit in the circle is the *average* of the arrow") with a
      word that gives it another meaning takes every element of that kind away;
    * one that changes rules it does not name ("every clue is wrong", "the value of a shaded cell is
      one more than its digit") takes away everything read and makes the rest uncertain;
    * while any such sentence is left, a drawing that no sentence names at all is not confirmed and
      is left unread too (it may be what the sentence speaks of).

    Everything left unread is named, with the sentence that decided it.  ``all_typed``: the format
    types every clue it draws and nothing drawn was left unread, so a sentence about a kind of clue
    none of which is there states a rule with nothing to apply to (:func:`absent_kinds`).
    """
    from sudokit.constraints import kinds as registered
    from sudokit.english import plural

    said = [_bare(s) for s in sentences(rules)]
    kept = list(found)
    typed_set = set(typed)
    notes: list[str] = []
    dropped: list[Constraint] = []
    certain = True
    every = registered()  # a sentence naming any kind (read or not) is about that kind
    drawn = {type(c) for c in found}  # named by all their words, even once taken away
    absent = absent_kinds(drawn) if all_typed else ()
    for _ in range(4):
        remaining = unexplained(rules, kept, absent)
        left = set(remaining)
        kinds = list(dict.fromkeys(type(c) for c in kept))
        drop: dict[type[Constraint], str] = {}
        before: list[type[Constraint]] = []  # what the sentence before this one named
        previous_left = False  # whether it was left unexplained
        for sentence in said:
            named = [kind for kind in every if _speaks_of(sentence, kind, kind in drawn)]
            if sentence in left:
                about = named or [  # "Different segments in the same box sum individually."
                    kind for kind in before if previous_left or _goes_on(sentence, kind)
                ]
                changed = [kind for kind in about if kind in kinds and _redefines(sentence, kind)]
                for kind in changed:
                    drop.setdefault(kind, sentence)
                if not named and _changes_others(sentence, kinds):
                    certain = False
                    for kind in kinds:
                        drop.setdefault(kind, sentence)
            before, previous_left = named, sentence in left
        if left:
            for kind in kinds:
                if kind not in drop and not any(_speaks_of(s, kind) for s in said):
                    mine = [c for c in kept if type(c) is kind]
                    if not any(c in typed_set for c in mine):
                        drop[kind] = ""
        if not drop:
            break
        for kind, why in drop.items():
            mine = [c for c in kept if type(c) is kind]
            dropped += mine
            kept = [c for c in kept if type(c) is not kind]
            what = plural(len(mine), kind.noun) if mine[0].cells() else f"the {kind.noun} rule"
            if why:
                notes.append(f'{what}, whose meaning the rules text changes ("{shortened(why)}")')
            else:
                notes.append(f"{what} drawn, which no sentence of the rules text names")
    else:  # still dropping after the last round: what is left unexplained now
        remaining = unexplained(rules, kept, absent)
    givens = next((t for t in remaining if _GIVENS.search(t) and _changes_others(t, [])), None)
    notes += [f'the rules text\'s "{shortened(text)}"' for text in remaining]
    if any(c not in typed_set for c in kept):
        confirmed = all(any(_speaks_of(s, type(c)) for s in said) for c in kept if c not in typed_set)
        source = "confirmed" if confirmed else "convention"
    else:
        source = "typed"
    return Settled(kept, notes, certain, source, tuple(dropped), givens)


def absent_kinds(drawn: Iterable[type[Constraint]]) -> tuple[type[Constraint], ...]:
    """The kinds of clue a puzzle whose every drawing is typed data (f-puzzles) certainly lacks.

    Kinds f-puzzles types as drawn elements (not rules of the whole grid), none of which was read.
    """
    from sudokit.constraints import kinds

    have = set(drawn)
    return tuple(
        k for k in kinds() if k.fpuzzles and k.family != "global" and k not in have and k.in_rules_texts
    )


ALL_TYPED = "all-typed"
"""Metadata: the kinds read from a puzzle whose every drawing is typed (:func:`absent_kinds`)."""


_PLAIN_NOTES = re.compile(
    r"\b(no|without|not|with no|there is no|there are no)( an?| the| any)? negative (constraints?|rules?)\b"
    r"|\bnegative (constraints?|rules?) (does|do|is|are) not (apply|given|used)\b"
    r"|\bnot all\b[\w ]*\b(given|shown|marked|drawn)\b"
    r"|\b(may|can|might|could) (have|be) (a )?different( [a-z]+)? (values?|totals?|sums?)\b"
    rf"|{_INCLUDE_REPEATS}"
)
"""Notes that say no more than a kind's usual meaning ("no negative constraint"): left out of the
test for words that change a meaning."""


_GIVENS = re.compile(r"\bgivens\b|\bgiven (digits?|numbers?)\b")
"""How a sentence speaks of the given digits ("given digits move"), not of clues given ("all dots are
given")."""


def _speaks_of(sentence: str, kind: type[Constraint], read: bool = True) -> bool:
    """Whether a sentence names a kind (by its names and the words rules texts use for it).

    A kind the puzzle does not have is named only by its own words, not by generic ones ("box",
    "sum", "circle") that rules texts use for many things.
    """
    words = set(kind.vocabulary()) if read else set(kind.vocabulary()) - _GENERIC
    return _mentions(sentence, words)


def kinds_named(rules: str) -> set[type[Constraint]]:
    """Every kind some sentence of a rules text names, by any of its words ("circle" names several)."""
    from sudokit.constraints import kinds

    said = sentences(rules)
    return {kind for kind in kinds() if any(_speaks_of(s, kind) for s in said)}


def _goes_on(sentence: str, kind: type[Constraint]) -> bool:
    """Whether a sentence naming no kind goes on about a kind the sentence before it stated.

    It does when it uses the kind's own words beyond the common ones ("different *segments* in the
    same box *sum* individually" after a sentence stating region sum lines).
    """
    own = kind.lexicon() - _COMMON
    words = re.findall(r"[a-z]{2,}", sentence)
    return any(word in own or (word.endswith("s") and word[:-1] in own) for word in words)


def _said_in(words: str, text: str) -> bool:
    """Whether a word (or phrase) stands in a text as a whole word."""
    return re.search(rf"(?<![a-z]){re.escape(words)}(?![a-z])", text) is not None


def _own_words(kind: type[Constraint]) -> str:
    """A kind's names, phrasing and written meaning: words that say nothing new about it."""
    return " | ".join((*kind.vocabulary(), kind.phrasing, kind.rule)).lower()


def _redefines(sentence: str, kind: type[Constraint]) -> bool:
    """Whether a sentence about a kind uses a word that can give it a meaning other than its own."""
    own = _own_words(kind)
    return any(not _said_in(m.group(0), own) for m in _REDEFINING.finditer(_PLAIN_NOTES.sub(" ", sentence)))


def _changes_others(sentence: str, kinds: Sequence[type[Constraint]]) -> bool:
    """Whether a sentence can change rules it does not name (a modifier not in a read kind's words)."""
    own = " | ".join(_own_words(kind) for kind in kinds)
    return any(not _said_in(m.group(0), own) for m in _MODIFYING.finditer(_PLAIN_NOTES.sub(" ", sentence)))


UNREAD_DRAWING = "unread-drawing"
"""The metadata key holding the drawing of the elements left unread (JSON shapes)."""


def unread_drawing(grid: Grid, dropped: Sequence[Constraint]) -> str | None:
    """The shapes of elements left unread, as JSON for the metadata: the board still shows them."""
    import json

    shapes = []
    for constraint in dropped:
        try:
            shapes += constraint.drawing(grid)
        except (GridError, PuzzleError, ValueError, KeyError):
            continue  # a drawing that needs rules the relaxed grid lacks: named, not drawn
    return json.dumps(shapes, separators=(",", ":")) if shapes else None


@dataclass(frozen=True)
class Checked:
    """What the setter's own solution, carried in the puzzle's data, says of a reading."""

    broken: tuple[Constraint, ...]
    """Constraints as read that the setter's solution breaks: not the setter's meaning."""
    houses: str | None
    """A row, column or box the setter's solution repeats a digit in (the houses read are not the
    puzzle's), or None."""

    def notes(self, grid: Grid) -> list[str]:
        """How an answer names what the setter's solution took away."""
        out = [
            f"{c.describe(grid)}, which the setter's solution in the puzzle breaks as read"
            for c in self.broken
        ]
        if self.houses is not None:
            out.append(f"the grid's {self.houses}, where the setter's solution in the puzzle repeats a digit")
        return out


def against_solution(grid: Grid, text: str | None) -> Checked | None:
    """Check a reading against the solution the setter put in the puzzle's data, or None.

    A rule the setter's own solution breaks cannot be what the setter meant: such a rule is left
    unread rather than given a verdict.  None when there is no solution, or it does not fit the grid.
    """
    from sudokit.model import broken_constraints

    if not text:
        return None
    tokens = [ch for ch in text if not ch.isspace()]
    if len(tokens) != len(grid.cells):
        if len(tokens) != grid.rows * grid.cols:
            return None
        tokens = [tokens[r * grid.cols + c] for r, c in grid.cells]
    index = grid.symbol_index
    if not all(t in index for t in tokens):
        return None  # unknown cells ("?", "."), or symbols of another alphabet: nothing to check
    values = [index[t] for t in tokens]
    houses = None
    for unit in grid.houses:
        digits = [values[c] for c in unit.cells]
        if len(set(digits)) != len(digits):
            houses = unit.name
            break
    try:
        broken = tuple(broken_constraints(grid, values))
    except (GridError, PuzzleError, ValueError):
        return None
    return Checked(broken, houses)


def finish_reading(
    base: Grid, settled: Settled, solution: str | None, metadata: dict[str, str]
) -> tuple[Grid, list[str], bool]:
    """The grid of the rules kept, checked against the setter's solution if the puzzle carries one.

    Returns the grid, what the solution took away (named) and whether the puzzle is certain; the
    metadata gets the source of the weakest rule read and the drawing of every element left unread.
    Shared by the readers of formats that draw rules (SudokuPad, f-puzzles).
    """
    grid = base.with_constraints(*settled.kept) if settled.kept else base
    notes: list[str] = []
    certain, dropped = settled.certain, settled.dropped
    checked = against_solution(grid, solution)
    if checked is not None:
        if checked.broken:  # the setter's own solution breaks them as read
            kept = [c for c in settled.kept if c not in checked.broken]
            grid = base.with_constraints(*kept) if kept else base
        notes = checked.notes(grid)
        certain = certain and checked.houses is None
        dropped = (*dropped, *checked.broken)
    metadata["read_by"] = settled.source
    drawn = unread_drawing(grid, dropped)
    if drawn is not None:
        metadata[UNREAD_DRAWING] = drawn
    return grid, notes, certain


def rules_report(puzzle: Puzzle) -> dict[str, Any]:
    """What a puzzle's reading made of its rules text and drawings, for a setter to check at a glance.

    ``sentences``: each sentence of the rules text with what it is to the rules read and the kinds it
    speaks of; ``drawn``: every drawing by sort and what it became (SudokuPad links); ``read``: the
    rules read by kind, with how many of each; ``read_by``: the source of the weakest rule read;
    ``not_read``: what the answer names as not read; ``determined``: whether verdicts are given.
    """
    from collections import Counter

    rules = puzzle.metadata.get("ruleset", "")
    counts = Counter(c.kind for c in puzzle.grid.constraints)
    return {
        "sentences": [
            {"sentence": text, "reading": what, "kinds": list(kinds)}
            for text, what, kinds in sentence_readings(rules, puzzle.grid.constraints, _absent(puzzle))
        ],
        "drawn": puzzle.metadata.get("drawn", ""),
        "read": dict(sorted(counts.items())),
        "read_by": puzzle.metadata.get("read_by", ""),
        "not_read": list(puzzle.unread),
        "determined": puzzle.determined,
    }


def _absent(puzzle: Puzzle) -> tuple[type[Constraint], ...]:
    """The kinds a puzzle read with every drawing typed certainly has none of (metadata ``all-typed``)."""
    from sudokit.constraints import find_kind

    if ALL_TYPED not in puzzle.metadata:
        return ()
    return absent_kinds(find_kind(name) for name in puzzle.metadata[ALL_TYPED].split(" | ") if name)


def format_rules_report(report: Mapping[str, Any]) -> str:
    """The report as ``sudokit show --rules`` prints it: one line a sentence, then drawings and rules."""
    lines = ["Rules text:" if report["sentences"] else "Rules text: none"]
    for item in report["sentences"]:
        what = item["reading"]
        if what == KINDS_READ and item["kinds"]:
            what = ", ".join(item["kinds"])
        elif what == ABSENT and item["kinds"]:
            what = f"{what}: {', '.join(item['kinds'])}"
        lines.append(f"  [{what}] {item['sentence']}")
    if report["drawn"]:
        lines.append("Drawn: " + report["drawn"])
    read = ", ".join(f"{kind} x{n}" if n > 1 else kind for kind, n in report["read"].items())
    source = f" (weakest rule: {report['read_by']})" if report["read_by"] else ""
    lines.append(f"Read: {read or 'the grid alone'}{source}")
    for item in report["not_read"]:
        lines.append(f"Not read: {item}")
    verdicts = "given" if report["determined"] else "withheld: answers are for the rules read"
    lines.append(f"Verdicts: {verdicts}")
    return "\n".join(lines) + "\n"
