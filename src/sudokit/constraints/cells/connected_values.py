"""Connected values (ISS ``ConnectedValues``): the cells holding some values form one connected area.

"All the 1s and 2s of the grid form a single orthogonally connected region (of exactly 7 cells)": the
cells whose digit is among ``values`` are at least one, orthogonally connected, and (with a size)
exactly that many.  The core holds it as a connected group over the cells (cells no member can reach
lose the values, cut points between members take them) and an automaton counting them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Enforcement,
    Shape,
    Values,
    check_line,
    orthogonal_pairs,
    orthogonally_connected,
    register,
)
from sudokit.errors import GridError
from sudokit.model import Cell, Connected, LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid


def _count_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Clue: fewest, most, then the values counted: how many cells hold one of them (capped at most + 1)."""
    fewest, most, *counted = clue
    chosen = frozenset(counted)

    def step(state: State, _i: int, v: int) -> State | None:
        after: int = state + (v in chosen)
        return None if after > most else after

    return Machine(0, step, lambda state: fewest <= state <= most)


automata.define(
    "count in",
    "between the clue's first two numbers of the cells hold one of its other numbers",
    (2, 66),
    _count_machine,
)


@register
@dataclass(frozen=True, slots=True)
class ConnectedValues(Constraint):
    """The cells (the whole grid when none are named) holding one of ``values``: one connected area."""

    kind: ClassVar[str] = "connected values"
    family: ClassVar[str] = "region"
    noun: ClassVar[str] = "connected values"
    aliases: ClassVar[tuple[str, ...]] = ("connected digits",)
    phrasing: ClassVar[str] = "connected orthogonally single region area form cells containing digits"
    rule: ClassVar[str] = (
        "the cells holding one of the values are at least one and form one orthogonally connected area "
        "(of exactly the given size, when there is one)"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (ConnectedValues)"

    values: tuple[int, ...] = ()
    size: int = 0
    """The area's number of cells; 0 for any."""
    within: tuple[Cell, ...] = ()
    """The cells it speaks of; none for the whole grid."""

    def cells(self) -> tuple[Cell, ...]:
        """The cells it looks at."""
        return self.within

    def area(self, grid: Grid) -> tuple[Cell, ...]:
        """The cells it looks at: ``within``, else the whole grid."""
        return self.within or grid.cells

    def describe(self, grid: Grid) -> str:
        """``the connected values 1, 2 (7 cells)``."""
        size = f" ({self.size} cells)" if self.size else ""
        return f"the connected values {', '.join(map(str, self.values))}{size}"

    def validate(self, grid: Grid) -> None:
        """Values of the grid, each once; a size the cells can have; cells of the grid."""
        if self.within:
            check_line(grid, self.within, self.noun, 1)
        if not self.values or len(set(self.values)) != len(self.values):
            raise GridError(f"{self.describe(grid)}: values, each once")
        stray = [v for v in self.values if v not in grid.values]
        if stray:
            raise GridError(f"{self.describe(grid)}: {stray[0]} is not a digit of the grid")
        if not 0 <= self.size <= len(self.area(grid)):
            raise GridError(f"{self.describe(grid)}: a size of 0 (any) to {len(self.area(grid))} cells")

    def holds(self, values: Values, grid: Grid) -> bool:
        """At least one such cell; all connected; as many as the size says."""
        found = [c for c in self.area(grid) if values[c] in self.values]
        if not found or (self.size and len(found) != self.size):
            return False
        return orthogonally_connected(found)

    def enforce(self, grid: Grid) -> Enforcement:
        """A connected group of the values' symbols over the cells, and a count of them."""
        area = self.area(grid)
        position = {cell: i for i, cell in enumerate(area)}
        edges = tuple((position[a], position[b]) for a, b in orthogonal_pairs(grid, area))
        cells = tuple(grid.index[c] for c in area)
        members = frozenset(grid.values.index(v) for v in self.values)
        fewest, most = (self.size, self.size) if self.size else (1, len(area))
        count = LineRule("count in", cells, (fewest, most, *self.values))
        return Enforcement(connected=(Connected(cells, edges, members, self.kind),), rules=(count,))

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid; its cells outlined when it has some."""
        shapes = [drawing.caption(self.kind, self.describe(grid).removeprefix("the "))]
        if self.within:
            shapes.append(drawing.cage(self.kind, self.within, None))
        return shapes
