"""Extra all-different groups laid out by the boxes: windows (windoku), disjoint groups, centre dots."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import Enforcement, FPuzzlesSink, Shape, Values, register
from sudokit.constraints.families import GlobalRule
from sudokit.errors import GridError
from sudokit.model import Cell, Unit

if TYPE_CHECKING:
    from sudokit.model import Grid


def _square(grid: Grid, what: str) -> tuple[int, int, int]:
    """The size and box shape of a classic square grid (GridError otherwise)."""
    if not grid.is_rectangular or grid.rows != grid.cols or grid.rows != grid.size:
        raise GridError(f"{what} need a square n x n grid")
    if grid.box is None:
        raise GridError(f"{what} need a grid with boxes")
    return grid.rows, grid.box[0], grid.box[1]


@dataclass(frozen=True, slots=True)
class _Groups(GlobalRule):
    """A rule made of all-different groups of cells the grid's geometry gives."""

    unit_name: ClassVar[str] = "group"

    def groups(self, grid: Grid) -> list[list[Cell]]:
        """The groups, each a list of cells."""
        raise NotImplementedError

    def validate(self, grid: Grid) -> None:
        """The grid has the shape the groups need."""
        self.groups(grid)

    def holds(self, values: Values, grid: Grid) -> bool:
        """No digit twice in any group."""
        return all(len({values[c] for c in group}) == len(group) for group in self.groups(grid))

    def enforce(self, grid: Grid) -> Enforcement:
        """One unit per group."""
        return Enforcement(
            units=tuple(
                Unit(f"{self.unit_name} {k}", tuple(grid.index[c] for c in group))
                for k, group in enumerate(self.groups(grid), 1)
            )
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """The groups shaded."""
        return [drawing.shade(self.kind, group, "#e0e0e0") for group in self.groups(grid)]

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """Its flag where f-puzzles has one, else each group as an extra region (the same rule)."""
        if self.fpuzzles:
            sink.set(self.fpuzzles[0], True)
            return
        for group in self.groups(grid):
            sink.add("extraregion", {"cells": [sink.name(c) for c in group]})


@register
@dataclass(frozen=True, slots=True)
class Windoku(_Groups):
    """Windoku (hyper sudoku): windows the size of a box, one cell in from the boxes' corners."""

    kind: ClassVar[str] = "windoku"
    phrasing: ClassVar[str] = "windows window extra repeat repeats repeated repeating repetition"
    noun: ClassVar[str] = "windoku"
    mentions: ClassVar[tuple[str, ...]] = ("window", "hyper")
    unit_name: ClassVar[str] = "window"
    rule: ClassVar[str] = (
        "each window (the box-sized squares one cell in from the boxes' corners: r2c2, r2c6, r6c2, r6c6 "
        "on 9x9) holds each digit once"
    )
    source: ClassVar[str] = "the Windoku (hyper sudoku) rules"
    aliases: ClassVar[tuple[str, ...]] = ("hyper", "windows")

    def groups(self, grid: Grid) -> list[list[Cell]]:
        """(b - 1)^2 windows of side b."""
        _, rows, cols = _square(grid, "windows")
        if rows != cols:
            raise GridError("windoku windows need square boxes")
        starts = [1 + k * (rows + 1) for k in range(rows - 1)]
        return [
            [(top + i, left + j) for i in range(rows) for j in range(rows)]
            for top in starts
            for left in starts
        ]


@register
@dataclass(frozen=True, slots=True)
class DisjointGroups(_Groups):
    """Disjoint groups: the cells at the same place in every box hold each digit once."""

    kind: ClassVar[str] = "disjoint groups"
    phrasing: ClassVar[str] = (
        "corresponding relative position positions default disjoint respective multiple twice never"
        " repeat repeats repeated repeating repetition"
    )
    noun: ClassVar[str] = "disjoint groups"
    mentions: ClassVar[tuple[str, ...]] = ("disjoint", "same position relative", "corresponding position")
    unit_name: ClassVar[str] = "disjoint group"
    rule: ClassVar[str] = "the cells in the same position of every box hold different digits"
    source: ClassVar[str] = "f-puzzles solver (Constraints/DisjointConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("disjointgroups",)
    aliases: ClassVar[tuple[str, ...]] = ("disjoint-groups", "disjoint")

    def groups(self, grid: Grid) -> list[list[Cell]]:
        """One group per position within a box."""
        n, rows, cols = _square(grid, "disjoint groups")
        return [
            [(top + i, left + j) for top in range(0, n, rows) for left in range(0, n, cols)]
            for i in range(rows)
            for j in range(cols)
        ]

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid: shading every group would shade every cell."""
        return [drawing.caption(self.kind, "disjoint groups")]


@register
@dataclass(frozen=True, slots=True)
class CentreDot(_Groups):
    """Centre-dot: the centre cells of the boxes hold each digit once (boxes of odd sides)."""

    kind: ClassVar[str] = "centre dot"
    phrasing: ClassVar[str] = "centres centers repeat repeats repeated repeating repetition"
    noun: ClassVar[str] = "centre dot"
    mentions: ClassVar[tuple[str, ...]] = ("centre", "center")
    unit_name: ClassVar[str] = "centre dots"
    rule: ClassVar[str] = "the centre cells of the boxes hold different digits"
    source: ClassVar[str] = "the Centre Dot sudoku rules"
    aliases: ClassVar[tuple[str, ...]] = ("centre-dot", "center dot")

    def groups(self, grid: Grid) -> list[list[Cell]]:
        """The boxes' centre cells, one group."""
        n, rows, cols = _square(grid, "centre dots")
        if rows % 2 == 0 or cols % 2 == 0:
            raise GridError("centre dots need boxes with a centre cell (odd sides)")
        return [
            [(top + rows // 2, left + cols // 2) for top in range(0, n, rows) for left in range(0, n, cols)]
        ]

    def enforce(self, grid: Grid) -> Enforcement:
        """One unit named "centre dots"."""
        (group,) = self.groups(grid)
        return Enforcement(units=(Unit("centre dots", tuple(grid.index[c] for c in group)),))
