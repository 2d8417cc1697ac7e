"""Multi-sum killer cages: digits differ and add up to one of several totals (a digital root: 5, 14, ...)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Enforcement,
    FPuzzlesSink,
    Shape,
    Values,
    check_line,
    register,
)
from sudokit.english import plural
from sudokit.errors import FormatError, GridError
from sudokit.model import Cell, LineRule, Unit, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid

_DIGITAL_ROOT = re.compile(r"DR\s*(\d+)", re.IGNORECASE)


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The sum so far, kept while some total can still be reached."""
    top = max(clue)
    wanted = frozenset(clue)
    low = min(values)

    def step(state: State, _i: int, v: int) -> State | None:
        total: int = state + v
        return total if total <= top or low < 0 else None

    return Machine(0, step, lambda state: state in wanted)


automata.define("sum in", "the digits add up to one of the clue's totals", (1, 64), _machine)


@register
@dataclass(frozen=True, slots=True)
class MultiSumKiller(Constraint):
    """A multi-sum killer cage: its digits differ and add up to one of its totals."""

    kind: ClassVar[str] = "multi-sum killer"
    phrasing: ClassVar[str] = (
        "sum sums total totals add up equal given indicated value clue digital root cage's possible"
        " repeat repeats repeated repeating repetition"
    )
    family: ClassVar[str] = "cage"
    noun: ClassVar[str] = "multi-sum cage"
    mentions: ClassVar[tuple[str, ...]] = ("cage",)
    rule: ClassVar[str] = (
        "the digits in the cage differ and add up to one of its totals; a digital-root cage `DRn` (an "
        "f-puzzles `cage` with that value) adds up to n, n+9, n+18, ..."
    )
    source: ClassVar[str] = (
        "f-puzzles solver (Constraints/MultiSumKillerCageConstraint; SolverFactory reads `cage` DRn)"
    )
    fpuzzles: ClassVar[tuple[str, ...]] = ()
    aliases: ClassVar[tuple[str, ...]] = ("mskiller", "digital root cage", "multi sum cage")

    members: tuple[Cell, ...]
    totals: tuple[int, ...]

    def cells(self) -> tuple[Cell, ...]:
        """The cage's cells."""
        return self.members

    def describe(self, grid: Grid) -> str:
        """``the multi-sum cage at r1c1 (5, 14 or 23)``."""
        sums = (
            ", ".join(map(str, self.totals[:-1])) + f" or {self.totals[-1]}"
            if len(self.totals) > 1
            else str(self.totals[0])
        )
        return f"the multi-sum cage at {cell_name(min(self.members))} ({sums})"

    def validate(self, grid: Grid) -> None:
        """Distinct cells, no more than the digits, and at least one total."""
        check_line(grid, self.members, self.noun, 1)
        if len(self.members) > grid.size:
            raise GridError(
                f"{self.describe(grid)} has {plural(len(self.members), 'cell')}, more than the digits"
            )
        if not self.totals:
            raise GridError("a multi-sum cage needs at least one total")

    def holds(self, values: Values, grid: Grid) -> bool:
        """Different digits whose sum is one of the totals."""
        digits = [values[c] for c in self.members]
        return len(set(digits)) == len(digits) and sum(digits) in self.totals

    def enforce(self, grid: Grid) -> Enforcement:
        """An all-different unit and an automaton over the running sum."""
        cells = tuple(grid.index[c] for c in self.members)
        return Enforcement(
            units=(Unit(f"multi-sum cage at {cell_name(min(self.members))}", cells),),
            rules=(LineRule("sum in", cells, tuple(sorted(self.totals))),),
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """A dashed outline with its totals."""
        return [drawing.cage(self.kind, self.members, "/".join(map(str, self.totals)))]

    @classmethod
    def from_digital_root(cls, item: Mapping[str, Any]) -> MultiSumKiller | None:
        """The digital-root cage of an f-puzzles ``cage`` item valued ``DRn`` (None for any other cage)."""
        value = item.get("value")
        match = _DIGITAL_ROOT.search(value) if isinstance(value, str) else None
        names = item.get("cells")
        if match is None or not isinstance(names, list) or not names:
            return None
        cells = []
        for name in names:
            parsed = re.fullmatch(r"[Rr](\d{1,3})[Cc](\d{1,3})", str(name))
            if parsed is None:
                return None
            cells.append((int(parsed[1]) - 1, int(parsed[2]) - 1))
        root = int(match[1])
        k = len(cells)
        low, high = k * (k + 1) // 2, sum(range(10 - k, 10)) if k <= 9 else 10**6
        totals = tuple(t for t in range(root, high + 1, 9) if t >= low)
        return cls(tuple(cells), totals or (root,))

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """A ``cage`` valued ``DRn`` when the totals are a digital root's; else f-puzzles cannot hold it."""
        root = self.totals[0] % 9 or 9
        k = len(self.members)
        expected = tuple(t for t in range(root, sum(range(10 - k, 10)) + 1, 9) if t >= k * (k + 1) // 2)
        if self.totals != expected:
            raise FormatError(f"f-puzzles has no form for {self.describe(grid)}")
        sink.add("cage", {"cells": [sink.name(c) for c in self.members], "value": f"DR{root}"})
