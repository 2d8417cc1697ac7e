"""Same value sets (ISS ``RegionSameValues``): every largest region holds the same set of values.

On a grid with more values than a region has cells (a 6x6 of the digits 1-9, a 9x9 of 0-9), each
row, column and box holds some of the values, and this rule says all of them hold the same ones.
Each value gets one more unknown, whether it is used; in every region the value appears exactly
when it is used, and as many values are used as a region has cells.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Enforcement, Shape, Values, check_line, register
from sudokit.constraints.families import GlobalRule
from sudokit.errors import GridError
from sudokit.model import Cell, LineRule, Unknown

if TYPE_CHECKING:
    from sudokit.model import Grid


def used(value: int) -> Unknown:
    """Whether a value is one of the set every region holds."""
    return Unknown("value used", None, str(value), ("no", "yes"))


def _houses(grid: Grid) -> list[tuple[Cell, ...]]:
    """The grid's houses as cells (rows, columns, boxes, regions)."""
    return [tuple(grid.cells[i] for i in house.cells) for house in grid.houses]


def _present_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """A two-valued unknown, then cells: the clue's value is among the cells exactly when it says yes."""
    (value,) = clue
    yes = values[1]

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return (v == yes, False)
        wanted, seen = state
        return (wanted, seen or v == value)

    return Machine(None, step, lambda state: state is not None and state[0] == state[1])


automata.define(
    "present iff",
    "the first cell says whether the clue's value is among the others",
    (1, 1),
    _present_machine,
)


@register
@dataclass(frozen=True, slots=True)
class RegionSameValues(GlobalRule):
    """Every region (the grid's largest houses, or the ``regions`` given) holds the same set of values."""

    kind: ClassVar[str] = "region same values"
    noun: ClassVar[str] = "same value sets"
    aliases: ClassVar[tuple[str, ...]] = ("same value sets",)
    phrasing: ClassVar[str] = "same set values every row column box region contains"
    rule: ClassVar[str] = (
        "every row, column and box (the grid's largest regions) contains the same set of values"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (RegionSameValues)"

    regions: tuple[tuple[Cell, ...], ...] = ()
    """The regions it speaks of; none for the grid's largest houses."""

    def chosen(self, grid: Grid) -> list[tuple[Cell, ...]]:
        """The regions: as given, else the grid's largest houses."""
        if self.regions:
            return list(self.regions)
        houses = _houses(grid)
        largest = max((len(h) for h in houses), default=0)
        return [h for h in houses if len(h) == largest]

    def cells(self) -> tuple[Cell, ...]:
        """The given regions' cells (none: the whole grid's houses)."""
        return tuple(dict.fromkeys(c for region in self.regions for c in region))

    def validate(self, grid: Grid) -> None:
        """Regions of the grid's cells, at least two, all of one size, each cell once in each."""
        regions = self.chosen(grid)
        for region in regions:
            check_line(grid, region, "region", 1)
        if len(regions) < 2 or len({len(r) for r in regions}) != 1:
            raise GridError("same value sets need two or more regions of one size")

    def unknowns(self, grid: Grid) -> tuple[Unknown, ...]:
        """Per value, whether it is used."""
        return tuple(used(v) for v in grid.values)

    def holds(self, values: Values, grid: Grid) -> bool:
        """Every region's set of values is the first one's."""
        first, *rest = ({values[c] for c in region} for region in self.chosen(grid))
        return all(other == first for other in rest)

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """The same sets, and the values said to be used are those."""
        if not self.holds(values, grid):
            return False
        held = {values[c] for c in self.chosen(grid)[0]}
        return all(bool(unknowns[used(v)]) == (v in held) for v in grid.values)

    def enforce(self, grid: Grid) -> Enforcement:
        """Per region and value: present exactly when used; as many values used as a region's size."""
        flags = {v: grid.unknown_index(used(v)) for v in grid.values}
        regions = self.chosen(grid)
        rules = [
            LineRule("present iff", (flags[v], *(grid.index[c] for c in region)), (v,))
            for region in regions
            for v in grid.values
        ]
        houses = {frozenset(house) for house in _houses(grid)}
        if all(frozenset(region) in houses for region in regions):  # digits differ: a value per cell
            size = len(regions[0])
            rules.append(LineRule("marked between", tuple(flags.values()), (size, size)))
        return Enforcement(rules=tuple(rules))

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, self.noun)]
