"""Diagonals (X-sudoku): a main diagonal or anti-diagonal that holds each digit once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Enforcement,
    FPuzzlesSink,
    FPuzzlesSource,
    Shape,
    SudokuPadScene,
    Values,
    register,
)
from sudokit.constraints.families import GlobalRule
from sudokit.errors import GridError
from sudokit.model import Cell, Unit

if TYPE_CHECKING:
    from sudokit.model import Grid

_KEYS = {"main": "diagonal-", "anti": "diagonal+"}


@register
@dataclass(frozen=True, slots=True)
class Diagonal(GlobalRule):
    """One long diagonal of a square grid holds different digits (each digit once on an n x n grid)."""

    kind: ClassVar[str] = "diagonal"
    phrasing: ClassVar[str] = (
        "diagonal diagonals marked main negative positive repeat repeats repeated repeating repetition"
    )
    noun: ClassVar[str] = "diagonal"
    mentions: ClassVar[tuple[str, ...]] = ("diagonal",)
    rule: ClassVar[str] = (
        "the main diagonal (top-left to bottom-right, f-puzzles `diagonal-`) or the anti-diagonal "
        "(bottom-left to top-right, `diagonal+`) holds different digits"
    )
    source: ClassVar[str] = (
        "f-puzzles solver (Constraints/DiagonalPositiveConstraint, DiagonalNegativeConstraint)"
    )
    fpuzzles: ClassVar[tuple[str, ...]] = ("diagonal-", "diagonal+")
    sudokupad: ClassVar[str] = "a thin line from corner to corner of the grid (blue #34BBE6 from f-puzzles)"
    aliases: ClassVar[tuple[str, ...]] = ("x",)

    direction: str = "main"
    """``main`` (r1c1 to rNcN) or ``anti`` (rNc1 to r1cN)."""

    def cells_on(self, grid: Grid) -> tuple[Cell, ...]:
        """The diagonal's cells, from the top row down."""
        n = grid.rows
        return tuple((i, i) if self.direction == "main" else (i, n - 1 - i) for i in range(n))

    def describe(self, grid: Grid) -> str:
        """``the main diagonal``."""
        return "the main diagonal" if self.direction == "main" else "the anti-diagonal"

    def validate(self, grid: Grid) -> None:
        """A square grid, and a known direction."""
        if self.direction not in _KEYS:
            raise GridError(f"a diagonal is 'main' or 'anti', not {self.direction!r}")
        if not grid.is_rectangular or grid.rows != grid.cols:
            raise GridError("diagonals need a square grid")

    def holds(self, values: Values, grid: Grid) -> bool:
        """No digit twice on the diagonal."""
        digits = [values[c] for c in self.cells_on(grid)]
        return len(set(digits)) == len(digits)

    def enforce(self, grid: Grid) -> Enforcement:
        """One all-different unit."""
        name = "main diagonal" if self.direction == "main" else "anti-diagonal"
        return Enforcement(units=(Unit(name, tuple(grid.index[c] for c in self.cells_on(grid))),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A thin line from corner to corner."""
        n = grid.rows
        ends = [[0, 0], [n, n]] if self.direction == "main" else [[n, 0], [0, n]]
        return [drawing.line(self.kind, ends, drawing.INK, 0.03, opacity=0.3)]

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[Diagonal]:
        """``diagonal-`` is the main diagonal, ``diagonal+`` the anti-diagonal."""
        if source.data.get(key) is not True:
            return []
        return [cls("main" if key == "diagonal-" else "anti")]

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """Its flag."""
        sink.set(_KEYS[self.direction], True)

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[Diagonal]:
        """A two-point line from one corner of the grid to the opposite one."""
        n = scene.n
        found: list[Diagonal] = []
        for k, item in scene.unclaimed("lines"):
            points = scene.points(item)
            if len(points) != 2:
                continue
            ends = {tuple(round(v, 1) for v in p) for p in points}
            width = scene.number(item, "thickness") or 0
            if width > 12:  # a thick line from corner to corner is a line constraint, not a diagonal
                continue
            direction = "main" if ends == {(0, 0), (n, n)} else "anti" if ends == {(0, n), (n, 0)} else None
            if direction and all(d.direction != direction for d in found):
                found.append(cls(direction))
                scene.claim("lines", k, "diagonal")
        return found
