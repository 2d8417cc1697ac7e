"""Little killer clues: the digits on the diagonal an arrow outside the grid points along add up to it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Deduction,
    Enforcement,
    FPuzzlesSink,
    FPuzzlesSource,
    Shape,
    SudokuPadScene,
    Values,
    check_line,
    register,
)
from sudokit.constraints.families import clue_position
from sudokit.model import Cell, Sum, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid

DIRECTIONS = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
"""f-puzzles' directions and their (row, column) steps."""
ARROWS = {(1, 1): "\u2198", (1, -1): "\u2199", (-1, 1): "\u2197", (-1, -1): "\u2196"}


def diagonal(grid: Grid, start: Cell, step: tuple[int, int]) -> tuple[Cell, ...]:
    """The cells from ``start`` (one step in when it lies outside) along ``step`` to the grid's edge."""
    r, c = start
    if (r, c) not in grid.index:
        r, c = r + step[0], c + step[1]
    cells = []
    while (r, c) in grid.index:
        cells.append((r, c))
        r, c = r + step[0], c + step[1]
    return tuple(cells)


@register
@dataclass(frozen=True, slots=True)
class LittleKiller(Constraint):
    """A little killer clue: the digits on its diagonal add up to it; digits may repeat."""

    kind: ClassVar[str] = "little killer"
    deduction: ClassVar[Deduction | None] = Deduction(
        "little_killer_totals",
        "Little Killer Totals",
        26,
        2.3,
        (
            "The digits along a little killer's diagonal add up to its clue, so each keeps only digits the "
            "others' candidates can complete to that total."
        ),
    )
    phrasing: ClassVar[str] = (
        "sum sums total diagonal diagonals indicated direction arrow pointed points gives give along "
        "arrows outside"
    )
    family: ClassVar[str] = "outside"
    noun: ClassVar[str] = "little killer clue"
    mentions: ClassVar[tuple[str, ...]] = (
        "little killer",
        "diagonal",
        "next to the arrow",
        "direction of the arrow",
        "the arrow points",
        "indicated by the arrow",
        "indicated by an arrow",
        "by the arrow",
        "by an arrow",
    )
    rule: ClassVar[str] = (
        "the digits along the indicated diagonal (any diagonal, from the clue to the grid's edge) add up "
        "to the clue; digits may repeat"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/LittleKillerConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("littlekillersum",)
    sudokupad: ClassVar[str] = (
        "a number outside the grid with a small diagonal arrow pointing along its diagonal"
    )
    sudokupad_order: ClassVar[int] = 55
    aliases: ClassVar[tuple[str, ...]] = ("little killer sum", "little-killer")

    line: tuple[Cell, ...]
    """The diagonal's cells, from the clue."""
    total: int

    def cells(self) -> tuple[Cell, ...]:
        """The diagonal."""
        return self.line

    def describe(self, grid: Grid) -> str:
        """``the little killer clue 20 along r1c2-r8c9``."""
        return (
            f"the little killer clue {self.total} along {cell_name(self.line[0])}-{cell_name(self.line[-1])}"
        )

    def validate(self, grid: Grid) -> None:
        """Distinct cells of the grid."""
        check_line(grid, self.line, self.noun, 1)

    def holds(self, values: Values, grid: Grid) -> bool:
        """The diagonal's sum."""
        return sum(values[c] for c in self.line) == self.total

    def enforce(self, grid: Grid) -> Enforcement:
        """A sum."""
        return Enforcement(sums=(Sum(tuple(grid.index[c] for c in self.line), self.total, (), self.kind),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """The number and an arrow, one step before the diagonal."""
        (r, c), step = clue_position(self.line, (1, 1))
        return [drawing.text(self.kind, [r + 0.5, c + 0.5], f"{self.total}{ARROWS.get(step, '')}", 0.3)]

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[LittleKiller]:
        """From the clue cell and its direction; one without a total above 0 is skipped."""
        from sudokit.model import Grid

        square = Grid.latin(source.n)
        found = []
        for item in source.items(key):
            total = source.number(item, key)
            if total is None or total <= 0:
                continue
            direction = str(item.get("direction", "")).upper()
            start = item.get("cell")
            if direction in DIRECTIONS and isinstance(start, str):
                r, c = _outside_cell(start, source)
                cells = diagonal(square, (r, c), DIRECTIONS[direction])
            else:
                cells = tuple(source.cells(item))
            if not cells:
                raise source.error("a little killer clue names no cells")
            found.append(cls(cells, total))
        return found

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """The clue cell, its direction, its cells and total.

        A one-cell diagonal (a corner) runs the way along which it is one cell long, so that its clue
        stands outside the grid.
        """
        default = (1, 1)
        if len(self.line) == 1:
            (r0, c0) = self.line[0]
            outside = [
                (dr, dc)
                for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1))
                if (r0 - dr, c0 - dc) not in grid.index and (r0 + dr, c0 + dc) not in grid.index
            ]
            default = outside[0] if outside else default
        (r, c), (dr, dc) = clue_position(self.line, default)
        direction = ("D" if dr > 0 else "U") + ("R" if dc > 0 else "L")
        sink.add(
            "littlekillersum",
            {
                "cell": f"R{r + 1}C{c + 1}",
                "cells": [sink.name(cell) for cell in self.line],
                "direction": direction,
                "value": str(self.total),
            },
        )

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[LittleKiller]:
        """A number and a short diagonal arrow in the same cell outside (or at the edge of) the grid."""
        arrows: dict[Cell, tuple[int, tuple[int, int]]] = {}
        for k, item in scene.unclaimed("arrows"):
            points = scene.points(item)
            if len(points) != 2:
                continue
            (r1, c1), (r2, c2) = points
            if abs(abs(r2 - r1) - abs(c2 - c1)) > 0.05 or abs(r2 - r1) < 0.02 or abs(r2 - r1) > 0.8:
                continue
            arrows[(int(r1 // 1), int(c1 // 1))] = (k, (1 if r2 > r1 else -1, 1 if c2 > c1 else -1))
        found = []
        for what in ("overlays", "underlays"):
            for k, item in scene.unclaimed(what):
                centre = scene.point(scene.prop(item, "center"))
                text = scene.text(item)
                if centre is None or not text.isdigit():
                    continue
                at = (int(centre[0] // 1), int(centre[1] // 1))
                if at not in arrows or at in scene.grid.index:
                    continue
                arrow, step = arrows.pop(at)
                cells = diagonal(scene.grid, at, step)
                if not cells:
                    continue
                found.append(cls(cells, int(text)))
                scene.claim(what, k, cls.kind)
                scene.claim("arrows", arrow, cls.kind)
        return found


def _outside_cell(name: str, source: FPuzzlesSource) -> Cell:
    """An f-puzzles clue cell, which may stand outside the grid (row or column 0 or size + 1)."""
    import re

    match = re.fullmatch(r"[Rr](\d{1,3})[Cc](\d{1,3})", name.strip())
    if match is None or not (0 <= int(match[1]) <= source.n + 1 and 0 <= int(match[2]) <= source.n + 1):
        raise source.error(f"a little killer clue stands at {name!r}, not in or beside the grid")
    return int(match[1]) - 1, int(match[2]) - 1
