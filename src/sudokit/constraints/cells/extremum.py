"""Minimum and maximum cells: a grey cell is less (more) than each orthogonal neighbour not grey itself."""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import (
    ORTHOGONAL_STEPS,
    Deduction,
    Enforcement,
    Shape,
    SudokuPadScene,
    Values,
    neighbours,
    of_kind,
    register,
)
from sudokit.constraints.families import CellConstraint
from sudokit.model import Cell, Link

if TYPE_CHECKING:
    from sudokit.model import Grid


MIN_MAX_EXTREMES = Deduction(
    "min_max_extremes",
    "Minimum and Maximum Cells",
    22,
    2.1,
    (
        "A minimum cell is lower than its orthogonal neighbours and a maximum cell higher, so its "
        "candidates and theirs bound each other."
    ),
)
"""What solvers call the deductions of the kinds of this module (they share one technique)."""


@dataclass(frozen=True, slots=True)
class _Extremum(CellConstraint):
    """A cell compared with its orthogonal neighbours that are not marked the same way."""

    family: ClassVar[str] = "cell"
    lower: ClassVar[bool] = True
    """Minimum: the cell is the lower of each pair."""

    def compared(self, grid: Grid) -> list[Cell]:
        """The orthogonal neighbours not marked as this kind (a minimum is compared with a maximum)."""
        same = {c.cell for c in of_kind(grid, type(self))}
        return [o for o in neighbours(grid, self.cell, ORTHOGONAL_STEPS) if o not in same]

    def holds(self, values: Values, grid: Grid) -> bool:
        """Less (minimum) or more (maximum) than every compared neighbour."""
        v = values[self.cell]
        return all((v < values[o]) if self.lower else (v > values[o]) for o in self.compared(grid))

    def enforce(self, grid: Grid) -> Enforcement:
        """A "less" link from the lower cell to the higher of each compared pair."""
        here = grid.index[self.cell]
        links = []
        for other in self.compared(grid):
            there = grid.index[other]
            pair = (here, there) if self.lower else (there, here)
            links.append(Link(pair, "less", kind=self.kind))
        return Enforcement(links=tuple(links))

    def drawing(self, grid: Grid) -> list[Shape]:
        """The cell shaded grey, a chevron at each compared edge pointing to the lower cell."""
        shapes = [drawing.shade(self.kind, [self.cell], "#cccccc")]
        r, c = self.cell
        for other in self.compared(grid):
            dr, dc = other[0] - r, other[1] - c
            near, far = (0.39, 0.45) if self.lower else (0.45, 0.39)
            cr, cc = r + 0.5, c + 0.5
            tip = [cr + dr * near, cc + dc * near]
            ends = [
                [cr + dr * far + dc * 0.12, cc + dc * far + dr * 0.12],
                [cr + dr * far - dc * 0.12, cc + dc * far - dr * 0.12],
            ]
            shapes.append(drawing.line(self.kind, [ends[0], tip, ends[1]], drawing.INK, 0.025, layer=2))
        return shapes

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[_Extremum]:
        """A grey cell with black chevrons at its edges: tips inward for a minimum, outward for a maximum."""
        chevrons: dict[Cell, list[tuple[int, float]]] = {}
        for k, item in scene.unclaimed("lines"):
            points = scene.points(item)
            if len(points) != 3 or scene.colour(item, "color")[:7] != "#000000":
                continue
            cell = scene.cell_at(points[0])
            if cell is None:
                continue
            tip = max(abs(points[1][0] - cell[0] - 0.5), abs(points[1][1] - cell[1] - 0.5))
            chevrons.setdefault(cell, []).append((k, tip))
        found: list[_Extremum] = []
        if not chevrons:
            return cls._shaded(scene)
        for k, item in scene.unclaimed("underlays"):
            centre = scene.point(scene.prop(item, "center"))
            cell = scene.cell_at(centre) if centre else None
            if cell is None or cell not in chevrons or scene.colour(item, "backgroundColor")[:7] != "#CCCCCC":
                continue
            minimum = statistics.mean(tip for _, tip in chevrons[cell]) < 0.415
            if minimum != cls.lower:
                continue
            found.append(cls(cell))
            scene.claim("underlays", k, cls.kind)
            for line, _ in chevrons[cell]:
                scene.claim("lines", line, cls.kind)
        return found

    @classmethod
    def _shaded(cls, scene: SudokuPadScene) -> list[_Extremum]:
        """Shaded cells the rules call less (or greater) than their unshaded neighbours.

        Setters draw minimum and maximum cells natively as full-cell fills of one colour.
        """
        lower = r"(less|smaller|lower) than|minimum"
        higher = r"(greater|larger|higher|bigger) than|maximum"
        said = [
            sentence
            for sentence in re.split(r"[.\n]", scene.rules)
            if re.search(r"\b(shaded|grey|gray|highlighted|coloured|colored)\b", sentence)
            and re.search(r"\b(adjacent|neighbou?r|neighbo|orthogonal)", sentence)
            and re.search(lower if cls.lower else higher, sentence)
            and not re.search(higher if cls.lower else lower, sentence)
        ]
        if len(said) != 1:
            return []
        fills: dict[str, list[tuple[int, Cell]]] = {}
        for k, item in scene.unclaimed("underlays"):
            centre = scene.point(scene.prop(item, "center"))
            cell = scene.cell_at(centre) if centre else None
            width, height = scene.number(item, "width") or 0, scene.number(item, "height") or 0
            if cell is None or width < 0.9 or height < 0.9 or width > 1.1 or height > 1.1 or scene.text(item):
                continue
            fill = scene.colour(item, "backgroundColor")
            if fill and fill != "#FFFFFF":
                fills.setdefault(fill, []).append((k, cell))
        if len(fills) != 1:
            return []  # cells of several colours: which ones the rule means is not clear
        ((_, marked),) = fills.items()
        for k, _ in marked:
            scene.claim("underlays", k, cls.kind)
        return [cls(cell) for _, cell in marked]


@register
@dataclass(frozen=True, slots=True)
class Minimum(_Extremum):
    """A minimum cell: less than each orthogonal neighbour that is not itself a minimum cell."""

    kind: ClassVar[str] = "minimum"
    deduction: ClassVar[Deduction | None] = MIN_MAX_EXTREMES
    phrasing: ClassVar[str] = (
        "less smaller lower than minimum arrows chevrons facing pointing point inward inwards shaded unshaded"
    )
    noun: ClassVar[str] = "minimum cell"
    mentions: ClassVar[tuple[str, ...]] = (
        "minimum",
        "smaller than",
        "less than",
        "lower than",
        "grey cell",
        "gray cell",
        "arrows facing inward",
        "arrows pointing inward",
        "chevrons pointing inward",
    )
    rule: ClassVar[str] = (
        "a minimum cell is less than each orthogonally adjacent cell that is not a minimum cell "
        "(two adjacent minimum cells are not compared; a minimum next to a maximum is less)"
    )
    source: ClassVar[str] = (
        "f-puzzles solver (Constraints/MinimumConstraint: ValidAdjacentCells excludes minimum cells)"
    )
    fpuzzles: ClassVar[tuple[str, ...]] = ("minimum",)
    sudokupad: ClassVar[str] = (
        "a grey (#CCC) cell with chevrons pointing in at the edges it is compared across"
    )
    sudokupad_order: ClassVar[int] = 35


@register
@dataclass(frozen=True, slots=True)
class Maximum(_Extremum):
    """A maximum cell: more than each orthogonal neighbour that is not itself a maximum cell."""

    kind: ClassVar[str] = "maximum"
    deduction: ClassVar[Deduction | None] = MIN_MAX_EXTREMES
    phrasing: ClassVar[str] = (
        "greater larger higher than maximum arrows chevrons facing pointing point outward outwards"
        ""
        " shaded unshaded"
    )
    noun: ClassVar[str] = "maximum cell"
    mentions: ClassVar[tuple[str, ...]] = (
        "maximum",
        "larger than",
        "greater than",
        "higher than",
        "grey cell",
        "gray cell",
        "arrows facing outward",
        "arrows pointing outward",
        "chevrons pointing outward",
    )
    lower: ClassVar[bool] = False
    rule: ClassVar[str] = (
        "a maximum cell is greater than each orthogonally adjacent cell that is not a maximum cell "
        "(two adjacent maximum cells are not compared)"
    )
    source: ClassVar[str] = (
        "f-puzzles solver (Constraints/MaximumConstraint: ValidAdjacentCells excludes maximum cells)"
    )
    fpuzzles: ClassVar[tuple[str, ...]] = ("maximum",)
    sudokupad: ClassVar[str] = (
        "a grey (#CCC) cell with chevrons pointing out at the edges it is compared across"
    )
    sudokupad_order: ClassVar[int] = 35
