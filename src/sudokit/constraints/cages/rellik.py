"""Rellik cages: digits differ, and no digits of the cage (one or more) add up to the cage's number."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Constraint, Enforcement, Shape, Values, check_line, register
from sudokit.errors import GridError
from sudokit.model import Cell, LineRule, Unit, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The sums below the clue that some of the values so far reach (a bitmask); the clue never."""
    total = clue[0]
    below = (1 << total) - 1

    def step(state: State, _i: int, v: int) -> State | None:
        if v == total:
            return None
        reached: int = state
        more = reached | (reached << v) | (1 << v if 0 < v < total else 0)
        if more >> total & 1:
            return None
        return more & below

    return Machine(0, step, lambda state: True)


automata.define("rellik", "no digits among the cells add up to the clue", (1, 1), _machine)


@register
@dataclass(frozen=True, slots=True)
class Rellik(Constraint):
    """A rellik cage: its digits differ, and no set of them (one digit included) adds up to its number."""

    kind: ClassVar[str] = "rellik"
    phrasing: ClassVar[str] = "sum sums total add up equal subset subsets no none combination"
    family: ClassVar[str] = "cage"
    noun: ClassVar[str] = "rellik cage"
    mentions: ClassVar[tuple[str, ...]] = ("rellik", "cage")
    rule: ClassVar[str] = (
        "digits in the cage differ, and no combination of them (one digit or more) adds up to the clue"
    )
    source: ClassVar[str] = "the Rellik cage rules (killer cages backwards) of setters' rules texts"
    sudokupad: ClassVar[str] = "a cage with a number, where the rules speak of rellik cages"
    aliases: ClassVar[tuple[str, ...]] = ("rellik cage",)

    members: tuple[Cell, ...]
    total: int

    def cells(self) -> tuple[Cell, ...]:
        """The cage's cells."""
        return self.members

    def describe(self, grid: Grid) -> str:
        """``the rellik cage at r1c1 (no sum of 10)``."""
        return f"the rellik cage at {cell_name(min(self.members))} (no sum of {self.total})"

    def validate(self, grid: Grid) -> None:
        """Distinct cells, no more than the digits, a positive clue."""
        check_line(grid, self.members, self.noun, 1)
        if len(self.members) > grid.size or self.total < 1:
            raise GridError(f"{self.describe(grid)} cannot be met on this grid")

    def holds(self, values: Values, grid: Grid) -> bool:
        """Different digits, no subset summing to the clue."""
        digits = [values[c] for c in self.members]
        if len(set(digits)) != len(digits):
            return False
        return not any(
            sum(subset) == self.total
            for k in range(1, len(digits) + 1)
            for subset in itertools.combinations(digits, k)
        )

    def enforce(self, grid: Grid) -> Enforcement:
        """An all-different unit and the rellik automaton."""
        cells = tuple(grid.index[c] for c in self.members)
        name = f"rellik cage at {cell_name(min(self.members))}"
        return Enforcement(units=(Unit(name, cells),), rules=(LineRule("rellik", cells, (self.total,)),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A dashed outline with its number after a not-equal sign."""
        return [drawing.cage(self.kind, self.members, f"\u2260{self.total}")]
