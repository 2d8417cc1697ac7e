"""Extra regions: a group of cells, anywhere on the grid, that holds different digits."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Enforcement,
    FPuzzlesSink,
    FPuzzlesSource,
    Shape,
    Values,
    check_line,
    register,
    span,
)
from sudokit.errors import GridError
from sudokit.model import Cell, Link, Unit

if TYPE_CHECKING:
    from sudokit.model import Grid


@register
@dataclass(frozen=True, slots=True)
class ExtraRegion(Constraint):
    """An extra region: its cells hold different digits (each digit once when it has n cells)."""

    kind: ClassVar[str] = "extra region"
    phrasing: ClassVar[str] = "extra additional region regions repeat repeats repeated repeating repetition"
    family: ClassVar[str] = "region"
    noun: ClassVar[str] = "extra region"
    mentions: ClassVar[tuple[str, ...]] = ("region",)
    rule: ClassVar[str] = "the region's cells hold different digits"
    source: ClassVar[str] = "f-puzzles solver (FPuzzlesBoard: extraregion is an all-different region)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("extraregion",)
    aliases: ClassVar[tuple[str, ...]] = ("group", "extra-region")

    members: tuple[Cell, ...]

    def cells(self) -> tuple[Cell, ...]:
        """The region's cells."""
        return self.members

    def validate(self, grid: Grid) -> None:
        """Cells of the grid, each once, no more than there are digits."""
        check_line(grid, self.members, self.noun, 1)
        if len(self.members) > grid.size:
            raise GridError(f"{self.describe(grid)} has more cells than there are digits")

    def describe(self, grid: Grid) -> str:
        """``the extra region r1c1-r3c3``."""
        return f"the extra region {span(sorted(self.members))}"

    def holds(self, values: Values, grid: Grid) -> bool:
        """No digit twice."""
        return len({values[c] for c in self.members}) == len(self.members)

    def enforce(self, grid: Grid) -> Enforcement:
        """One all-different unit (pairs of different values where it has cells outside the grid)."""
        name = f"extra region at {span(sorted(self.members)[:1])}"
        cells = tuple(grid.index[c] for c in self.members)
        if all(c < len(grid.cells) for c in cells):
            return Enforcement(units=(Unit(name, cells),))
        return Enforcement(
            links=tuple(
                Link(pair, "equal", negated=True, kind=self.kind) for pair in itertools.combinations(cells, 2)
            )
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """The cells shaded."""
        return [drawing.shade(self.kind, self.members, "#e0e0e0")]

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[ExtraRegion]:
        """``{"cells": [...]}`` items."""
        return [cls(tuple(source.cells(item))) for item in source.items(key)]

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """``{"cells": [...]}``."""
        sink.add("extraregion", {"cells": [sink.name(c) for c in self.members]})
