"""Rules for the whole grid stated in a puzzle's rules text, for formats whose data does not type them.

A SudokuPad puzzle made in SudokuPad states its global rules only in words ("cells a knight's move
apart cannot contain the same digit").  These readers are deliberately narrow: a sentence must name
the rule and say what it forbids, so a rule that merely mentions a knight's move is not taken.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sudokit.constraints.base import Constraint
from sudokit.constraints.dots.negative import AntiXV, NegativeRatio, NonConsecutive
from sudokit.constraints.grid_rules.chess import AntiKing, AntiKnight


def normal_text(text: str) -> str:
    """Text as compared with rule words: NFKC-normalised (styled Unicode letters as plain), lower case."""
    import unicodedata

    return unicodedata.normalize("NFKC", text).lower()


_NEGATION = r"(cannot|can ?not|can't|may not|must not|mustn't|never|not|no)"
_SAME = r"(same digit|identical|repeat|the same|equal|same number)"


def sentences(rules: str) -> list[str]:
    """The rules text in sentences (and lines), lower case, styled letters read as plain."""
    parts = re.split(r"(?<=[.!?;])\s+|\n+", normal_text(rules))
    return [" ".join(p.split()) for p in parts if p.strip()]


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
        if not sums and (
            re.search(r"anti-?king", sentence)
            or (re.search(r"king'?s?'? ?moves?", sentence) and negated and re.search(_SAME, sentence))
        ):
            found.append(AntiKing())
        if re.search(r"non-?consecutive", sentence) and not re.search(r"diagonal", sentence):
            if not re.search(r"\b(line|lines|cage|cages|region)\b", sentence):
                found.append(NonConsecutive())
        elif (
            re.search(r"orthogonally (adjacent|neighbouring|neighboring|connected)", sentence)
            and re.search(r"\bconsecutive\b", sentence)
            and negated
            and not re.search(r"\bdots?\b|\bline|cage|unless|except|diagonal", sentence)
        ):
            found.append(NonConsecutive())
        given = r"(are|is|have been|has been)( all)? (given|shown|drawn|placed|marked|indicated)"
        if not negatives or (re.search(r"\bnot\b", sentence.split("given")[0]) and "all" in sentence):
            continue  # "not all dots are given": no negative rule
        if re.search(rf"\ball\b.*\bdots\b.*{given}|\ball\b.*\bkropki\b.*{given}", sentence):
            white = "white" in sentence or ("white" in text and "black" not in text)
            black = "black" in sentence or ("black" in text and "white" not in text)
            if white or not black:
                found.append(NonConsecutive())
            if black or not white:
                found.append(NegativeRatio())
        elif re.search(rf"\ball\b.*\b(xs?|x's|vs?|v's|xv|x/v|x and v|such pairs)\b.*{given}", sentence):
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
    r"^(sudoku|rules|note|notes)\b:?$",
)
_NOTES = (
    r"\bnot (all|every)\b.*\b(given|shown|marked|drawn|necessarily|indicated)\b",
    r"\b(may|can|might)\b.*\brepeat\b",
    r"\b(cannot|can't|may not|must not|do not|don't)\b.*\brepeat\b",
    r"\b(good luck|have fun|enjoy|thanks?|thank you|inspired|test ?solv|video|dedicated|credit)\b",
    r"\b(puzzle by|made by)\b",
)
_RULE_WORDS = re.compile(
    r"\b(digits?|cells?|numbers?|must|cannot|can't|may|sum|sums|total|line|lines|cages?|circles?|dots?|"
    r"contains?|appear|place|shade|shaded|draw|equal|differ|different|greater|less|values?|rows?|columns?|"
    r"boxe?s?|regions?|grid|once|repeat|clues?|adjacent|arrows?|squares?|odd|even)\b"
)
_TWISTS = re.compile(
    r"\b(shade|shaded|shading|loop|snake|path|fog|star battle|stars?|mirror|teleport|portal|wrap|wraps|"
    r"swap|rotat|errors?|mistakes?|lies|lying|liar|negat\w*|doubler|halv\w*|multipl\w*|product|"
    r"look and say|select|subset|chaos|determine[ds]?|instead|modif\w*|roman|prime|yin[ -]yang|nurikabe|"
    r"heyawake|masyu|slitherlink|battleship|tetromino|pentomino|schr[oö]dinger|moving|cheat\w*|"
    r"do not apply|does not apply|don't apply|not apply|either|deceptive|broken|fake|hidden|invisible|"
    r"count as|counts as|the value of|values? of (a|an|the|each|every)|decrypt|cipher|letters?|"
    r"unknown|to be determined|solver must find|solver has to)\b"
)


def unexplained(rules: str, read: Sequence[Constraint]) -> list[str]:
    """Sentences of a rules text that neither the rules read nor common phrasing explain.

    A sentence is explained when it is the usual Sudoku boilerplate or a note ("not all dots are
    given"), when it names a kind of constraint the puzzle has (and no twist of it), or when it says
    nothing about digits, cells or clues at all.  Anything else (a loop to draw, cells to shade,
    digits whose value changes, a rule of a kind sudokit did not find) is returned, to be named among
    the rules not read: an answer made without it may be wrong.
    """
    words = {w for constraint in read for w in type(constraint).vocabulary()}
    found = []
    for sentence in sentences(rules):
        text = sentence.strip().lstrip("-*\u2022 ").strip()
        if not text or _explained(text, words):
            continue
        found.append(text if len(text) <= 90 else text[:87] + "...")
    return found


def _explained(text: str, words: set[str]) -> bool:
    """Whether one sentence of a rules text is accounted for (see :func:`unexplained`)."""
    twist = _TWISTS.search(text) is not None
    if twist:
        return False
    if any(re.search(p, text) for p in (*_BOILERPLATE, *_NOTES)):
        return True
    if any(re.search(rf"(?<![a-z]){re.escape(w)}(e?s)?(?![a-z])", text) for w in words):
        return True
    return _RULE_WORDS.search(text) is None
