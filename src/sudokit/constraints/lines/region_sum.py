"""Region sum lines: the line's digits add up to the same total in each box or region it passes through."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints.base import Deduction, Enforcement, SudokuPadScene, Values, register
from sudokit.constraints.families import LineConstraint
from sudokit.errors import GridError
from sudokit.model import Cell, Sum

if TYPE_CHECKING:
    from sudokit.model import Grid


@register
@dataclass(frozen=True, slots=True)
class RegionSum(LineConstraint):
    """A region sum line: its digits in each box or region it passes through add up to one total.

    A line that leaves a region and comes back starts a new part there.
    """

    kind: ClassVar[str] = "region sum"
    deduction: ClassVar[Deduction | None] = Deduction(
        "region_sum_lines",
        "Region Sum Lines",
        30,
        2.5,
        (
            "Each box a region sum line passes through adds up to the same total, so the segments' candidates"
            " bound one another."
        ),
    )
    phrasing: ClassVar[str] = (
        "sum sums total totals segment segments divide divides divided border borders equal passes enters"
        " individually separately"
        " enters visits passes time value equal sum"
    )
    noun: ClassVar[str] = "region sum line"
    rule: ClassVar[str] = (
        "the line's digits add up to the same total in each box or region it passes through; each time "
        "the line enters a region it starts a new part"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/RegionSumLinesConstraint: segments by region)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("regionsumline", "regionSumLine")
    sudokupad: ClassVar[str] = "a blue line (#2ECBFF from f-puzzles) the rules call a region sum line"
    colour: ClassVar[str] = "#2ecbff"
    width: ClassVar[float] = 0.16
    words: ClassVar[tuple[str, ...]] = (
        "region sum",
        "each box it passes",
        "every box it passes",
        "same total in each",
        "same sum in each",
        "same total within each",
        "segments with the same sum",
        "box borders divide",
        "region borders divide",
        "borders separate",
        "sum to the same total",
        "box the line passes",
        "equal sum within each",
        "same sum within each",
        "same total",
    )
    colours: ClassVar[tuple[str, ...]] = ("#2ECBFF", "#0000FF", "#1E90FF")
    aliases: ClassVar[tuple[str, ...]] = ("region sum line",)

    @classmethod
    def from_drawn_loop(
        cls, cells: Sequence[Cell], colour: str, scene: SudokuPadScene
    ) -> list[LineConstraint]:
        """A closed line, opened where it crosses a border: its parts are then the loop's parts."""
        grid = scene.grid
        region_of = _region_of(grid)
        where = [region_of.get(grid.index[c]) if c in grid.index else None for c in cells]
        start = next((i for i in range(len(cells)) if where[i] != where[i - 1]), 0)
        return [cls.from_drawn_line([*cells[start:], *cells[:start]], colour, scene)]

    def parts(self, grid: Grid) -> list[list[Cell]]:
        """The line cut where it passes from one box or region into another."""
        region_of = _region_of(grid)
        parts: list[list[Cell]] = []
        for cell in self.line:
            here = region_of.get(grid.index[cell])
            if parts and region_of.get(grid.index[parts[-1][-1]]) == here:
                parts[-1].append(cell)
            else:
                parts.append([cell])
        return parts

    def validate(self, grid: Grid) -> None:
        """A line through two regions or more."""
        LineConstraint.validate(self, grid)
        if len(self.parts(grid)) < 2:
            raise GridError("a region sum line must pass through two regions or more")

    def holds(self, values: Values, grid: Grid) -> bool:
        """Every part adds up to the same total."""
        return len({sum(values[c] for c in part) for part in self.parts(grid)}) == 1

    def enforce(self, grid: Grid) -> Enforcement:
        """Each part's sum equals the next one's."""
        drawn = tuple(grid.index[c] for c in self.line)
        made = []
        for p, q in itertools.pairwise(self.parts(grid)):
            cells = tuple(grid.index[c] for c in (*p, *q))
            made.append(Sum(cells, 0, (*[1] * len(p), *[-1] * len(q)), self.kind, drawn))
        return Enforcement(sums=tuple(made))


def _region_of(grid: Grid) -> dict[int, str]:
    """Each cell's box or region (by cell index), where the line's parts begin and end."""
    return {c: u.name for u in grid.houses if u.kind in ("box", "region") for c in u.cells}
