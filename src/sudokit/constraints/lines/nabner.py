"""Nabner lines: no two digits on the line are equal or consecutive."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints.base import Deduction, Enforcement, Values, register, value_distances
from sudokit.constraints.families import LineConstraint

if TYPE_CHECKING:
    from sudokit.model import Grid


@register
@dataclass(frozen=True, slots=True)
class Nabner(LineConstraint):
    """A nabner line: its digits differ, and no two of them are consecutive."""

    kind: ClassVar[str] = "nabner"
    deduction: ClassVar[Deduction | None] = Deduction(
        "nabner_gaps",
        "Nabner Gaps",
        24,
        2.2,
        (
            "No two digits on a nabner line are consecutive or equal, so a digit goes when the line's other "
            "cells must use a neighbour of it."
        ),
    )
    phrasing: ClassVar[str] = "consecutive non apart differ repeat repeats repeated repeating repetition"
    noun: ClassVar[str] = "nabner line"
    rule: ClassVar[str] = "no two digits on the line are equal or consecutive"
    source: ClassVar[str] = "f-puzzles solver (Constraints/NabnerConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("nabner",)
    sudokupad: ClassVar[str] = "a yellow line the rules call nabner"
    shortest: ClassVar[int] = 1
    colour: ClassVar[str] = "#c9c883"
    width: ClassVar[float] = 0.22
    words: ClassVar[tuple[str, ...]] = ("nabner",)
    colours: ClassVar[tuple[str, ...]] = ("#C9C883",)

    def holds(self, values: Values, grid: Grid) -> bool:
        """Every two digits on the line are at least 2 apart."""
        return all(abs(values[a] - values[b]) > 1 for a, b in itertools.combinations(self.line, 2))

    def enforce(self, grid: Grid) -> Enforcement:
        """A relation forbidding distances 0 and 1 (of values) between every two cells."""
        return value_distances(grid, itertools.combinations(self.line, 2), frozenset({0, 1}), self.kind)
