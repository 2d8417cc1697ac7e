"""Indexers: a digit in an indexer cell says where in its row, column or region another digit stands.

As the f-puzzles solver reads them (Constraints/RowIndexerConstraint, ColumnIndexerConstraint,
BoxIndexerConstraint), with 1-based rows, columns and digits:

* a column indexer cell rRcC holding v means cell rRcv holds C (the "159" puzzles: a digit in
  column 1 says in which column of its row the 1 stands);
* a row indexer cell rRcC holding v means cell rvcC holds R;
* a box indexer cell, the I-th cell of its region in reading order, holding v means the v-th cell of
  that region holds I.

Each rule holds both ways (the target holds the index exactly when the indexer holds v), which the
row, column or region's distinct digits imply.
"""

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
    Values,
    check_line,
    register,
    span,
)
from sudokit.errors import GridError
from sudokit.model import Cell, Link

if TYPE_CHECKING:
    from sudokit.model import Grid


INDEXING = Deduction(
    "indexing",
    "Indexing",
    30,
    2.5,
    (
        "An indexing cell's digit says where in its row, column or box a digit goes, so the index and the"
        " indexed cell bound each other."
    ),
)
"""What solvers call the deductions of the kinds of this module (they share one technique)."""


@dataclass(frozen=True, slots=True)
class _Indexer(Constraint):
    """Cells whose digit points at another cell of their row, column or region."""

    family: ClassVar[str] = "cell"
    colour: ClassVar[str] = "#7cc77c"

    members: tuple[Cell, ...]

    def cells(self) -> tuple[Cell, ...]:
        """The indexer cells."""
        return self.members

    def describe(self, grid: Grid) -> str:
        """``the column indexer cells r1c1-r9c1``."""
        return f"the {self.noun} cells {span(sorted(self.members))}"

    def validate(self, grid: Grid) -> None:
        """Cells of a square grid, each once."""
        check_line(grid, self.members, self.noun, 1)
        if not grid.is_rectangular or grid.rows != grid.cols or grid.rows != grid.size:
            raise GridError(f"{self.noun} cells need a square n x n grid")

    def targets(self, grid: Grid, cell: Cell) -> list[tuple[int, Cell, int]]:
        """For each value v the cell may hold, (v, the cell it points at, the value that cell must hold)."""
        raise NotImplementedError

    def holds(self, values: Values, grid: Grid) -> bool:
        """Each indexer cell's target holds the index."""
        for cell in self.members:
            for v, target, index in self.targets(grid, cell):
                if values[cell] == v and values[target] != index:
                    return False
        return True

    def enforce(self, grid: Grid) -> Enforcement:
        """A link per indexer cell and value: the cell holds v exactly when its target holds the index."""
        links = []
        values = grid.values
        for cell in self.members:
            for v, target, index in self.targets(grid, cell):
                if target == cell:
                    continue
                pairs = frozenset((a, b) for a in values for b in values if (a == v) == (b == index))
                links.append(
                    Link((grid.index[cell], grid.index[target]), "pairs", v, kind=self.kind, pairs=pairs)
                )
        return Enforcement(links=tuple(links))

    def drawing(self, grid: Grid) -> list[Shape]:
        """The cells shaded."""
        return [drawing.shade(self.kind, self.members, self.colour, 0.45)]

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[_Indexer]:
        """One constraint per item's ``cells``."""
        return [cls(tuple(source.cells(item))) for item in source.items(key) if source.cells(item)]

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """``{"cells": [...]}`` under the kind's key."""
        sink.add(self.fpuzzles[0], {"cells": [sink.name(c) for c in self.members]})


@register
@dataclass(frozen=True, slots=True)
class ColumnIndexer(_Indexer):
    """Column indexer cells: a digit v in rRcC means rRcv holds C."""

    kind: ClassVar[str] = "column indexer"
    deduction: ClassVar[Deduction | None] = INDEXING
    phrasing: ClassVar[str] = "index indexes column indicates position"
    noun: ClassVar[str] = "column indexer"
    mentions: ClassVar[tuple[str, ...]] = ("index", "indexer", "column")
    rule: ClassVar[str] = (
        "a digit v in column-indexer cell rRcC means the digit C stands in rRcv (its row, column v)"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/ColumnIndexerConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("columnindexer",)
    colour: ClassVar[str] = "#c77c7c"
    aliases: ClassVar[tuple[str, ...]] = ("colindexer", "159")

    def targets(self, grid: Grid, cell: Cell) -> list[tuple[int, Cell, int]]:
        """Cell rRcv must hold C."""
        r, c = cell
        return [(v, (r, v - 1), c + 1) for v in grid.values if 1 <= v <= grid.cols]


@register
@dataclass(frozen=True, slots=True)
class RowIndexer(_Indexer):
    """Row indexer cells: a digit v in rRcC means rvcC holds R."""

    kind: ClassVar[str] = "row indexer"
    deduction: ClassVar[Deduction | None] = INDEXING
    phrasing: ClassVar[str] = "index indexes row indicates position"
    noun: ClassVar[str] = "row indexer"
    mentions: ClassVar[tuple[str, ...]] = ("index", "indexer", "row")
    rule: ClassVar[str] = (
        "a digit v in row-indexer cell rRcC means the digit R stands in rvcC (its column, row v)"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/RowIndexerConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("rowindexer",)
    colour: ClassVar[str] = "#7cc77c"

    def targets(self, grid: Grid, cell: Cell) -> list[tuple[int, Cell, int]]:
        """Cell rvcC must hold R."""
        r, c = cell
        return [(v, (v - 1, c), r + 1) for v in grid.values if 1 <= v <= grid.rows]


@register
@dataclass(frozen=True, slots=True)
class BoxIndexer(_Indexer):
    """Box indexer cells: the I-th cell of a region (reading order) holding v means its v-th cell holds I."""

    kind: ClassVar[str] = "box indexer"
    deduction: ClassVar[Deduction | None] = INDEXING
    phrasing: ClassVar[str] = "index indexes box indicates position"
    noun: ClassVar[str] = "box indexer"
    mentions: ClassVar[tuple[str, ...]] = ("index", "indexer", "box")
    rule: ClassVar[str] = (
        "a digit v in the box-indexer cell that is the I-th cell of its box or region (in reading "
        "order) means the v-th cell of that region holds I"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/BoxIndexerConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("boxindexer",)
    colour: ClassVar[str] = "#7c7cc7"

    def targets(self, grid: Grid, cell: Cell) -> list[tuple[int, Cell, int]]:
        """The v-th cell of the cell's region must hold the cell's own position in it."""
        index = grid.index[cell]
        region = next((u for u in grid.houses if u.kind in ("box", "region") and index in u.cells), None)
        if region is None:
            return []
        members = sorted(grid.cells[c] for c in region.cells)
        position = members.index(cell) + 1
        return [(v, members[v - 1], position) for v in grid.values if 1 <= v <= len(members)]
