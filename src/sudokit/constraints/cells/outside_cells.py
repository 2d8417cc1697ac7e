"""Cells outside the grid (ISS ``Var``): more cells holding the grid's values, for other rules to use.

A setter may want a value no cell of the grid holds: "the sum of each cage is the same number X", a
hidden digit a set of arrows shares, a small grid beside the big one.  A group of such cells, named by
capital letters (``A``) and laid out in rows of ``columns``, adds cells ``A:r1c1``, ``A:r1c2``, ...
that hold one of the grid's values each and belong to no row, column or box.  Other rules name them
like any cell (a cage over ``r1c1`` and ``A:r1c1``); the core holds each as one more unknown whose
labels are the grid's symbols, so every propagator reads them as it reads the digits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import Constraint, Enforcement, Shape, Values, register
from sudokit.errors import GridError
from sudokit.model import OUTSIDE_ROWS, Cell, Unknown, cell_name, outside_cell

if TYPE_CHECKING:
    from sudokit.model import Grid

MOST = 1_000
"""The most cells a group may have (ISS's bound on cells outside the grid)."""


@register
@dataclass(frozen=True, slots=True)
class OutsideCells(Constraint):
    """A group of ``count`` cells outside the grid, named ``group`` (capital letters), ``columns`` a row."""

    kind: ClassVar[str] = "outside cells"
    family: ClassVar[str] = "cell"
    noun: ClassVar[str] = "cells outside the grid"
    aliases: ClassVar[tuple[str, ...]] = ("var", "variables")
    rule: ClassVar[str] = (
        "more cells, outside the grid, each holding one of the grid's values; other rules name them "
        "(A:r1c1, A:r1c2, ...), no row, column or box holds them"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (Var)"
    in_rules_texts: ClassVar[bool] = False

    group: str = "A"
    count: int = 1
    columns: int = 0
    """Cells a row (0: all in one row)."""
    label: str = ""
    """What the setter calls them (shown, no meaning)."""

    def describe(self, grid: Grid) -> str:
        """``the cells outside the grid A (3)``."""
        label = f" ({self.label})" if self.label else ""
        return f"the cells outside the grid {self.group}: {self.count}{label}"

    def positions(self) -> tuple[Cell, ...]:
        """The group's cells, in reading order."""
        width = self.columns or self.count
        return tuple(outside_cell(self.group, k // width, k % width) for k in range(self.count))

    def validate(self, grid: Grid) -> None:
        """A name of capital letters, 1 to 1,000 cells, rows that fit."""
        if not 1 <= self.count <= MOST:
            raise GridError(f"{self.describe(grid)}: 1 to {MOST:,} cells, not {self.count}")
        if not 0 <= self.columns <= OUTSIDE_ROWS:
            raise GridError(f"{self.describe(grid)}: 0 to {OUTSIDE_ROWS} cells a row, not {self.columns}")
        self.positions()  # GridError for a name no position holds

    def places(self, grid: Grid) -> tuple[tuple[Cell, Unknown], ...]:
        """Each cell and the unknown it is (its value, one of the grid's symbols)."""
        return tuple(
            (cell, Unknown("outside cell", None, cell_name(cell), grid.symbols)) for cell in self.positions()
        )

    def unknowns(self, grid: Grid) -> tuple[Unknown, ...]:
        """The cells' values."""
        return tuple(unknown for _, unknown in self.places(grid))

    def holds(self, values: Values, grid: Grid) -> bool:
        """No rule of its own: the cells hold any values."""
        return True

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """No rule of its own."""
        return True

    def enforce(self, grid: Grid) -> Enforcement:
        """Nothing: the cells exist, other rules constrain them."""
        return Enforcement()

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, self.describe(grid).removeprefix("the "))]
