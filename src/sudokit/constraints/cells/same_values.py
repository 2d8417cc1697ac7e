"""Same values (ISS ``SameValues``): sets of cells that hold the same digits, as often each."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Constraint, Enforcement, Shape, Values, check_line, register, span
from sudokit.errors import GridError
from sudokit.model import Cell, LineRule, Link

if TYPE_CHECKING:
    from sudokit.model import Grid


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Two sets in turn: the first's digits gathered, then taken away one by one by the second's."""
    half = length // 2

    def step(state: State, i: int, v: int) -> State | None:
        held: tuple[int, ...] = state
        if i < half:
            return tuple(sorted((*held, v)))
        if v not in held:
            return None
        kept = list(held)
        kept.remove(v)
        return tuple(kept)

    return Machine((), step, lambda state: state == ())


automata.define("same values", "the second half of the cells holds the first half's digits", (0, 0), _machine)


@register
@dataclass(frozen=True, slots=True)
class SameValues(Constraint):
    """Sets of cells (``sets`` of equal size, in order) that each hold the same digits, as often each."""

    kind: ClassVar[str] = "same values"
    family: ClassVar[str] = "region"
    noun: ClassVar[str] = "same-values sets"
    phrasing: ClassVar[str] = "same set sets contain values digits counts repeated"
    rule: ClassVar[str] = (
        "the cells, taken as a number of sets of equal size in order, hold the same digits in every set "
        "(as often each)"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (SameValues)"

    members: tuple[Cell, ...] = ()
    sets: int = 2

    def cells(self) -> tuple[Cell, ...]:
        """Every set's cells."""
        return self.members

    def groups(self) -> list[tuple[Cell, ...]]:
        """The sets, in order."""
        size = len(self.members) // self.sets
        return [self.members[k * size : (k + 1) * size] for k in range(self.sets)]

    def validate(self, grid: Grid) -> None:
        """Cells of the grid, each once, split evenly into at least two sets."""
        check_line(grid, self.members, self.noun, 2)
        if self.sets < 2 or len(self.members) % self.sets:
            raise GridError(f"{len(self.members)} cells cannot be split into {self.sets} sets of one size")

    def describe(self, grid: Grid) -> str:
        """``the same-values sets r1c1-r2c2``."""
        return f"the same-values sets {span(self.members)}"

    def holds(self, values: Values, grid: Grid) -> bool:
        """Every set's digits (with their counts) are the first set's."""
        first, *rest = (Counter(values[c] for c in group) for group in self.groups())
        return all(other == first for other in rest)

    def enforce(self, grid: Grid) -> Enforcement:
        """Sets of one cell are equal links; longer ones an automaton per neighbouring pair of sets."""
        groups = [tuple(grid.index[c] for c in group) for group in self.groups()]
        if len(groups[0]) == 1:
            return Enforcement(
                links=tuple(
                    Link((a[0], b[0]), "equal", kind=self.kind) for a, b in itertools.pairwise(groups)
                )
            )
        return Enforcement(rules=tuple(LineRule("same values", a + b) for a, b in itertools.pairwise(groups)))

    def drawing(self, grid: Grid) -> list[Shape]:
        """Each set outlined as a cage."""
        return [drawing.cage(self.kind, list(group), None) for group in self.groups()]
