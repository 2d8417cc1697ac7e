"""Lines of equal segments ("10 lines"): the line splits into pieces, each adding up to the same total."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Deduction,
    Enforcement,
    Shape,
    SudokuPadScene,
    Values,
    check_line,
    register,
    span,
)
from sudokit.constraints.families import LineConstraint
from sudokit.errors import GridError
from sudokit.model import Cell, LineRule, Sum

if TYPE_CHECKING:
    from collections.abc import Sequence

    from sudokit.model import Grid


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The running sum of the current piece, back to 0 when it reaches the total."""
    total = clue[0]

    def step(state: State, _i: int, v: int) -> State | None:
        held: int = state + v
        if held > total:
            return None
        return 0 if held == total else held

    return Machine(0, step, lambda state: state == 0)


automata.define(
    "segments", "the cells split into pieces in order, each adding up to the clue", (1, 1), _machine
)


SEGMENT_SUMS = Deduction(
    "segment_sums",
    "Segment Sums",
    30,
    2.5,
    (
        "The segments of the line add up to the given total, so each segment keeps only digits the others"
        " can complete to it."
    ),
)
"""What solvers call the deductions of the kinds of this module (they share one technique)."""


@register
@dataclass(frozen=True, slots=True)
class SegmentSum(LineConstraint):
    """A line that splits into consecutive pieces each adding up to ``total`` (a "10 line" for 10)."""

    kind: ClassVar[str] = "segment sum"
    deduction: ClassVar[Deduction | None] = SEGMENT_SUMS
    phrasing: ClassVar[str] = "sum sums total add up segment segments divide divided border borders"
    noun: ClassVar[str] = "segment sum line"
    rule: ClassVar[str] = (
        "the line can be cut into consecutive pieces that each add up to the total (10 on a '10 line'); "
        "digits may repeat"
    )
    source: ClassVar[str] = "the 10 Lines rules of setters' rules texts"
    sudokupad: ClassVar[str] = "a line the rules call a 10 line (or a line of pieces summing to a number)"
    shortest: ClassVar[int] = 1
    colour: ClassVar[str] = "#8c6bd8"
    width: ClassVar[float] = 0.16
    words: ClassVar[tuple[str, ...]] = (
        "10-line",
        "segments that sum to 10",
        "segments that each sum to 10",
    )
    aliases: ClassVar[tuple[str, ...]] = ("10 lines", "ten-line")

    total: int = 10

    def validate(self, grid: Grid) -> None:
        """A line and a positive total."""
        LineConstraint.validate(self, grid)
        if self.total < 1:
            raise GridError(f"a segment sum line needs a positive total, not {self.total}")

    def holds(self, values: Values, grid: Grid) -> bool:
        """Greedy cut: each piece ends when it reaches the total (digits are positive)."""
        held = 0
        for cell in self.line:
            held += values[cell]
            if held > self.total:
                return False
            if held == self.total:
                held = 0
        return held == 0

    def enforce(self, grid: Grid) -> Enforcement:
        """The segments automaton."""
        return Enforcement(
            rules=(LineRule("segments", tuple(grid.index[c] for c in self.line), (self.total,)),)
        )

    @classmethod
    def from_drawn_line(cls, cells: Sequence[Cell], colour: str, scene: SudokuPadScene) -> SegmentSum:
        """A 10 line (the total named in the rules where it is another)."""
        import re

        found = re.search(r"(?:sum|add up) to (\d+)", scene.rules)
        return cls(tuple(cells), int(found[1]) if found else 10)


@register
@dataclass(frozen=True, slots=True)
class EqualSums(Constraint):
    """Groups of cells (lines of one colour, say) whose digits add up to the same total."""

    kind: ClassVar[str] = "equal sums"
    deduction: ClassVar[Deduction | None] = SEGMENT_SUMS
    phrasing: ClassVar[str] = "sum sums total equal segment segments divide divided border borders"
    family: ClassVar[str] = "line"
    noun: ClassVar[str] = "equal-sum lines"
    rule: ClassVar[str] = "each group's (line's) digits add up to the same total; digits may repeat"
    source: ClassVar[str] = 'setters\' rules texts ("the lines have equal sums")'
    aliases: ClassVar[tuple[str, ...]] = ("equal sum lines", "equal sum")

    groups: tuple[tuple[Cell, ...], ...]

    def cells(self) -> tuple[Cell, ...]:
        """Every group's cells."""
        return tuple(c for group in self.groups for c in group)

    def describe(self, grid: Grid) -> str:
        """``the equal-sum lines r1c1-r1c3, r5c5-r5c6``."""
        return "the equal-sum lines " + ", ".join(span(group) for group in self.groups)

    def validate(self, grid: Grid) -> None:
        """Two groups or more, each of distinct cells of the grid."""
        if len(self.groups) < 2:
            raise GridError("equal sums need two groups of cells or more")
        for group in self.groups:
            check_line(grid, group, self.noun, 1)

    def holds(self, values: Values, grid: Grid) -> bool:
        """One total for all."""
        return len({sum(values[c] for c in group) for group in self.groups}) == 1

    def enforce(self, grid: Grid) -> Enforcement:
        """Each group's sum equals the next's."""
        made = []
        for p, q in itertools.pairwise(self.groups):
            cells = tuple(grid.index[c] for c in (*p, *q))
            made.append(Sum(cells, 0, (*[1] * len(p), *[-1] * len(q)), self.kind))
        return Enforcement(sums=tuple(made))

    def drawing(self, grid: Grid) -> list[Shape]:
        """Each group as a line."""
        return [
            drawing.line(self.kind, drawing.centres(group), "#4a90d9", 0.14, opacity=0.85)
            for group in self.groups
        ]
