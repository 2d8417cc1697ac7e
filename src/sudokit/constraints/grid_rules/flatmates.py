"""Dutch flatmates (ISS ``DutchFlatmates``): a middle digit has the lowest above it or the highest below."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Enforcement, Shape, Values, register
from sudokit.constraints.families import GlobalRule
from sudokit.errors import GridError
from sudokit.model import Cell, LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Clue (middle, low, high, where): cells above, the cell, below ("where" says which exist)."""
    middle, low, high, where = clue
    has_above, has_below = bool(where & 1), bool(where & 2)

    def step(state: State, i: int, v: int) -> State | None:
        return (*state, v)

    def accept(state: State) -> bool:
        read = list(state)
        above = read.pop(0) if has_above else None
        cell = read.pop(0)
        below = read.pop(0) if has_below else None
        return cell != middle or above == low or below == high

    return Machine((), step, accept)


automata.define(
    "flatmates", "a middle digit has the lowest digit above it or the highest below it", (4, 4), _machine
)


@register
@dataclass(frozen=True, slots=True)
class DutchFlatmates(GlobalRule):
    """Dutch flatmates: every 5 has a 1 directly above it or a 9 directly below it (or both)."""

    kind: ClassVar[str] = "dutch flatmates"
    noun: ClassVar[str] = "Dutch flatmates"
    aliases: ClassVar[tuple[str, ...]] = ("flatmates",)
    phrasing: ClassVar[str] = "directly above below either both need doesn't"
    rule: ClassVar[str] = (
        "every middle digit (5 of 1-9) has the lowest digit (1) directly above it or the highest (9) "
        "directly below it, or both"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (DutchFlatmates)"

    def validate(self, grid: Grid) -> None:
        """An odd number of digits, so there is a middle one."""
        if grid.size % 2 == 0:
            raise GridError("Dutch flatmates needs an odd number of digits (a middle digit)")

    def _digits(self, grid: Grid) -> tuple[int, int, int]:
        ordered = sorted(grid.values)
        return ordered[len(ordered) // 2], ordered[0], ordered[-1]

    def holds(self, values: Values, grid: Grid) -> bool:
        """Each middle digit has its flatmate."""
        middle, low, high = self._digits(grid)
        return all(
            values[(r, c)] != middle or values.get((r - 1, c)) == low or values.get((r + 1, c)) == high
            for r, c in grid.cells
        )

    def enforce(self, grid: Grid) -> Enforcement:
        """An automaton per cell over the cell above, the cell and the cell below."""
        middle, low, high = self._digits(grid)
        rules = []
        for r, c in grid.cells:
            above: Cell = (r - 1, c)
            below: Cell = (r + 1, c)
            where = (above in grid.index) | (below in grid.index) << 1
            cells = [x for x in (above, (r, c), below) if x in grid.index]
            rules.append(
                LineRule("flatmates", tuple(grid.index[x] for x in cells), (middle, low, high, where))
            )
        return Enforcement(rules=tuple(rules))

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, self.noun)]
