"""Chaos construction: the solver draws the regions (ISS ``ChaosConstruction``).

On a grid of rows and columns only, the cells are divided into as many regions as there are digits,
each orthogonally connected, each holding every digit once (so each has as many cells as there are
digits).  Each cell gets one more unknown, its region; the regions are numbered by their first cell in
reading order (the region of r1c1 is region 1, the next region met is region 2, ...), so one division
is one solution, not one per numbering.  The core propagates: the numbering (an automaton over the
cells' regions in reading order), each region's connectivity (connected groups) and, for each region
and digit, "exactly one cell of this region holds this digit" (an automaton reading each cell's
region and digit), which also gives each region its size.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Enforcement,
    Shape,
    Values,
    orthogonal_pairs,
    orthogonally_connected,
    register,
)
from sudokit.constraints.families import GlobalRule
from sudokit.errors import GridError
from sudokit.model import Cell, Connected, LineRule, Unknown

if TYPE_CHECKING:
    from sudokit.model import Grid


def region_of(cell: Cell, n: int) -> Unknown:
    """The region of a cell, one of n (labelled 1 to n)."""
    return Unknown("region", cell, labels=tuple(str(k + 1) for k in range(n)))


def _numbering_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Labels read in order: each is at most one more than the highest before it (the first is the lowest)."""
    rank = {v: i for i, v in enumerate(values)}

    def step(state: State, _i: int, v: int) -> State | None:
        label = rank[v]
        return None if label > state else max(state, label + 1)

    return Machine(0, step, lambda _state: True)


def _once_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Pairs (region, digit) read in turn: exactly one pair is (clue[0]'s label, clue[1])."""
    label, digit = clue
    region_value = values[label]

    def step(state: State, i: int, v: int) -> State | None:
        found, inside = state
        if i % 2 == 0:
            return (found, v == region_value)
        if inside and v == digit:
            return None if found else (True, False)
        return (found, False)

    return Machine((False, False), step, lambda state: state[0])


automata.define(
    "numbered regions", "region labels numbered in order of their first cell", (0, 0), _numbering_machine
)
automata.define(
    "once in region", "exactly one cell of the clue's region holds the clue's digit", (2, 2), _once_machine
)


@register
@dataclass(frozen=True, slots=True)
class ChaosConstruction(GlobalRule):
    """Chaos construction: divide the grid into connected regions that each hold every digit once."""

    in_rules_texts: ClassVar[bool] = False  # read from rules texts in issue 39

    kind: ClassVar[str] = "chaos construction"
    family: ClassVar[str] = "region"
    noun: ClassVar[str] = "chaos construction"
    aliases: ClassVar[tuple[str, ...]] = ("chaos",)
    phrasing: ClassVar[str] = (
        "divide divided region regions orthogonally connected contain contains once size"
    )
    rule: ClassVar[str] = (
        "divide the grid into as many orthogonally connected regions as there are digits, each of as "
        "many cells and each holding every digit once (on a grid of rows and columns: no boxes)"
    )
    source: ClassVar[str] = (
        "the Interactive Sudoku Solver (ChaosConstruction); setters' chaos construction rules"
    )

    def validate(self, grid: Grid) -> None:
        """A full square grid of rows and columns only: the regions take the boxes' place."""
        n = grid.size
        if grid.rows != n or grid.cols != n or len(grid.cells) != n * n:
            raise GridError(f"chaos construction needs a full {n}x{n} grid")
        if any(house.kind not in ("row", "column") for house in grid.houses):
            raise GridError(
                "chaos construction draws its own regions: give a grid of rows and columns, no boxes"
            )

    def unknowns(self, grid: Grid) -> tuple[Unknown, ...]:
        """Every cell's region."""
        return tuple(region_of(cell, grid.size) for cell in grid.cells)

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """Each region connected, holding every digit once; the numbering in reading order."""
        n = grid.size
        regions: dict[int, list[Cell]] = {}
        for cell in grid.cells:
            regions.setdefault(unknowns[region_of(cell, n)], []).append(cell)
        for cells in regions.values():
            if sorted(values[c] for c in cells) != sorted(grid.values):
                return False
            if not orthogonally_connected(cells):
                return False
        first = [unknowns[region_of(cell, n)] for cell in grid.cells]
        order = list(dict.fromkeys(first))
        return order == list(range(len(order)))

    def enforce(self, grid: Grid) -> Enforcement:
        """The numbering, a connected group per region, and each digit once per region."""
        n = grid.size
        cells = list(grid.cells)
        regions = [grid.unknown_index(region_of(cell, n)) for cell in cells]
        position = {cell: i for i, cell in enumerate(cells)}
        edges = tuple((position[a], position[b]) for a, b in orthogonal_pairs(grid))
        groups = tuple(Connected(tuple(regions), edges, frozenset({k}), self.kind) for k in range(n))
        interleaved = tuple(
            x for cell, region in zip(cells, regions, strict=True) for x in (region, grid.index[cell])
        )
        rules = [LineRule("numbered regions", tuple(regions))]
        # derived: each region has n cells (the digits once each say so only once they are placed)
        rules += [LineRule("counts", tuple(regions), (grid.values[k], n)) for k in range(n)]
        rules += [
            LineRule("once in region", interleaved, (k, digit)) for k in range(n) for digit in grid.values
        ]
        return Enforcement(connected=groups, rules=tuple(rules))

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, self.noun)]

    def solution_drawing(self, grid: Grid, unknowns: Mapping[Unknown, int]) -> list[Shape]:
        """The regions found: a thick border between cells of different regions."""
        n = grid.size
        label = {cell: unknowns[region_of(cell, n)] for cell in grid.cells}
        shapes = []
        for (r, c), k in label.items():
            if label.get((r, c + 1), k) != k:
                shapes.append(drawing.line("regions", [(r, c + 1), (r + 1, c + 1)], "#222222", 0.08, layer=3))
            if label.get((r + 1, c), k) != k:
                shapes.append(drawing.line("regions", [(r + 1, c), (r + 1, c + 1)], "#222222", 0.08, layer=3))
        return shapes
