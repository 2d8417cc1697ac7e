"""Rules for the whole grid stated in a puzzle's rules text, for formats whose data does not type them.

A SudokuPad puzzle made in SudokuPad states its global rules only in words ("cells a knight's move
apart cannot contain the same digit").  These readers are deliberately narrow: a sentence must name
the rule and say what it forbids, so a rule that merely mentions a knight's move is not taken.
"""

from __future__ import annotations

import re

from sudokit.constraints.base import Constraint
from sudokit.constraints.dots.negative import AntiXV, NegativeRatio, NonConsecutive
from sudokit.constraints.grid_rules.chess import AntiKing, AntiKnight

_NEGATION = r"(cannot|can ?not|can't|may not|must not|mustn't|never|not|no)"
_SAME = r"(same digit|identical|repeat|the same|equal|same number)"


def sentences(rules: str) -> list[str]:
    """The rules text in sentences (and lines), lower case."""
    parts = re.split(r"(?<=[.!?;])\s+|\n+", rules.lower())
    return [" ".join(p.split()) for p in parts if p.strip()]


def global_rules(rules: str, n: int) -> list[Constraint]:
    """The whole-grid rules a rules text states."""
    found: list[Constraint] = []
    for sentence in sentences(rules):
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
            and not re.search(r"\bdots?\b|\bline|cage|unless|except", sentence)
        ):
            found.append(NonConsecutive())
        if re.search(r"all (possible )?(kropki )?dots (are|have been) (given|shown|drawn|placed)", sentence):
            found += [NonConsecutive(), NegativeRatio()]
        elif re.search(
            r"all (possible )?white (kropki )?dots (are|have been) (given|shown|drawn|placed)", sentence
        ):
            found.append(NonConsecutive())
        elif re.search(
            r"all (possible )?black (kropki )?dots (are|have been) (given|shown|drawn|placed)", sentence
        ):
            found.append(NegativeRatio())
        if re.search(
            r"all (possible )?(xs|x's|x and v|xv|x/v|xs and vs|x's and v's)\b.*\b(given|shown|drawn)",
            sentence,
        ):
            found.append(AntiXV())
    return list(dict.fromkeys(found))
