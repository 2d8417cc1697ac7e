"""Numbered rooms and frame sums: clues outside the grid about the first cells of a row or column."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Deduction, Enforcement, Shape, Values, register
from sudokit.constraints.families import OutsideClue
from sudokit.errors import GridError
from sudokit.model import Cage, LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid


def _room(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The first value X (the room's number), then: the X-th value must be the clue."""
    wanted = clue[0]

    def step(state: State, i: int, v: int) -> State | None:
        room: int | None = v if i == 0 else state
        if room is None or not 1 <= room <= length:
            return None
        if i == room - 1 and v != wanted:
            return None
        return room

    return Machine(None, step, lambda state: True)


automata.define("numbered room", "the X-th digit holds the clue, X being the first digit", (1, 1), _room)


ROOM_AND_FRAME_CLUES = Deduction(
    "room_and_frame_clues",
    "Numbered Rooms and Frames",
    35,
    2.6,
    (
        "An outside clue fixes a digit at the position the first digit names, or the sum of the first "
        "cells, so only fillings that meet it stay."
    ),
)
"""What solvers call the deductions of the kinds of this module (they share one technique)."""


@register
@dataclass(frozen=True, slots=True)
class NumberedRoom(OutsideClue):
    """A numbered room clue: seen from the clue, if the first digit is X then the X-th digit is the clue."""

    kind: ClassVar[str] = "numbered room"
    deduction: ClassVar[Deduction | None] = ROOM_AND_FRAME_CLUES
    phrasing: ClassVar[str] = "position positions indicates first"
    noun: ClassVar[str] = "numbered room clue"
    rule: ClassVar[str] = (
        "seen from the clue, the X-th digit of the row or column is the clue, X being the first digit"
    )
    source: ClassVar[str] = "the Numbered Rooms rules of setters' rules texts"
    sudokupad: ClassVar[str] = "a number beside a row or column where the rules speak of numbered rooms"
    words: ClassVar[tuple[str, ...]] = ("numbered room",)
    aliases: ClassVar[tuple[str, ...]] = ("numbered rooms",)

    def holds(self, values: Values, grid: Grid) -> bool:
        """The room's digit."""
        digits = [values[c] for c in self.line]
        return 1 <= digits[0] <= len(digits) and digits[digits[0] - 1] == self.value

    def enforce(self, grid: Grid) -> Enforcement:
        """The numbered room automaton from the clue's side."""
        cells = tuple(grid.index[c] for c in self.line)
        return Enforcement(rules=(LineRule("numbered room", cells, (self.value,)),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """The number outside the grid."""
        r, c = self.position()
        return [drawing.text(self.kind, [r + 0.5, c + 0.5], str(self.value), 0.34)]


@register
@dataclass(frozen=True, slots=True)
class FrameSum(OutsideClue):
    """A frame sum clue: the first three digits seen from it (a box's width on 9x9) add up to it."""

    kind: ClassVar[str] = "frame sum"
    deduction: ClassVar[Deduction | None] = ROOM_AND_FRAME_CLUES
    phrasing: ClassVar[str] = "sum sums total first three"
    noun: ClassVar[str] = "frame sum clue"
    rule: ClassVar[str] = (
        "the digits in the first box of the row or column, seen from the clue, add up to it "
        "(the first 3 on 9x9)"
    )
    source: ClassVar[str] = "the Frame Sudoku rules"
    sudokupad: ClassVar[str] = "a number beside a row or column where the rules speak of a frame"
    words: ClassVar[tuple[str, ...]] = ("frame",)
    aliases: ClassVar[tuple[str, ...]] = ("frame", "framed")

    depth: int = 0
    """How many cells the clue adds (0: a box's extent along the row or column, 3 on 9x9)."""

    def counted(self, grid: Grid) -> int:
        """The cells the clue adds on this grid."""
        if self.depth:
            return self.depth
        if grid.box is None:
            raise GridError("a frame sum needs boxes (or its depth)")
        along_column = len(self.line) > 1 and self.line[0][1] == self.line[1][1]
        return grid.box[0] if along_column else grid.box[1]

    def validate(self, grid: Grid) -> None:
        """Enough cells for the clue."""
        OutsideClue.validate(self, grid)
        if not 1 <= self.counted(grid) <= len(self.line):
            raise GridError(f"{self.describe(grid)} adds more cells than the row or column has")

    def holds(self, values: Values, grid: Grid) -> bool:
        """The first cells' sum."""
        return sum(values[c] for c in self.line[: self.counted(grid)]) == self.value

    def enforce(self, grid: Grid) -> Enforcement:
        """A cage over the first cells (their digits differ: they share the row or column)."""
        cells = tuple(grid.index[c] for c in self.line[: self.counted(grid)])
        return Enforcement(cages=(Cage(cells, self.value),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """The number outside the grid."""
        r, c = self.position()
        return [drawing.text(self.kind, [r + 0.5, c + 0.5], str(self.value), 0.34)]
