"""What a set of cells contains: listed digits (at least, or exactly), look-and-say counts, distinct counts.

The Interactive Sudoku Solver's ``ContainAtLeast``, ``ContainExact``, ``LookAndSay`` and
``CountDistinct``: rules on any group of cells (a cage, a line, a diagonal) that say which digits the
group holds, not how they add up.  Each is one automaton over the group's cells (their order does
not matter), so the core propagates them as it does every line rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Deduction,
    Enforcement,
    Shape,
    Values,
    check_line,
    register,
    span,
)
from sudokit.constraints.cells.quadruple import at_least_machine
from sudokit.errors import GridError
from sudokit.model import Cage, Cell, LineRule, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid


def _counts_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Clue ``(value, count, value, count, ...)``: each named value appears exactly that often."""
    wanted = clue[0::2]
    need = clue[1::2]

    def step(state: State, _i: int, v: int) -> State | None:
        if v not in wanted:
            return state
        k = wanted.index(v)
        held: tuple[int, ...] = state
        if held[k] == need[k]:
            return None  # one more than the clue allows
        return (*held[:k], held[k] + 1, *held[k + 1 :])

    return Machine((0,) * len(wanted), step, lambda state: state == need)


def _distinct_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The first cell's value is the number of distinct values among the others."""

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return (v, frozenset()) if 0 <= v <= length - 1 else None
        target, seen = state
        seen = seen | {v}
        return None if len(seen) > target else (target, seen)

    return Machine(None, step, lambda state: state is not None and len(state[1]) == state[0])


automata.define(
    "contains", "every digit of the clue appears in the cells, as often as listed", (1, 64), at_least_machine
)
automata.define(
    "counts",
    "each value of the clue's (value, count) pairs appears exactly that often",
    (2, 64),
    _counts_machine,
)


def _halves(values: tuple[int, ...]) -> tuple[set[int], set[int]]:
    """The lower and upper halves of the digits (the middle one of an odd count in neither)."""
    ordered = sorted(values)
    half = len(ordered) // 2
    return set(ordered[:half]), set(ordered[len(ordered) - half :])


def _equality_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """How many more even than odd, and more low than high, digits the cells so far hold."""
    low, high = _halves(values)

    def step(state: State, _i: int, v: int) -> State | None:
        if v not in low and v not in high:
            return None  # the middle digit of an odd alphabet
        parity, side = state
        return (parity + (1 if v % 2 == 0 else -1), side + (1 if v in low else -1))

    return Machine((0, 0), step, lambda state: state == (0, 0))


automata.define("equality", "as many even as odd, and as many low as high digits", (0, 0), _equality_machine)
automata.define(
    "count distinct",
    "the first cell's value is the number of distinct values in the others",
    (0, 0),
    _distinct_machine,
)

CONTENTS = Deduction(
    "cell_contents",
    "Group Contents",
    25,
    2.2,
    (
        "The group must hold the digits its clue names, as often as it names them, so a digit goes from "
        "cells where the rest of the group could no longer hold them."
    ),
)
"""What solvers call the deductions of this module's kinds (they share one technique)."""


def _values_in(grid: Grid, digits: tuple[int, ...], noun: str) -> None:
    """Every digit a value of the grid's alphabet."""
    known = set(grid.values)
    for digit in digits:
        if digit not in known:
            raise GridError(f"{noun}: {digit} is not a digit of this grid")


@dataclass(frozen=True, slots=True)
class _Listed(Constraint):
    """A group of cells and the digits listed for it (as often as each is listed)."""

    deduction: ClassVar[Deduction | None] = CONTENTS
    family: ClassVar[str] = "cage"
    how: ClassVar[str] = ""
    """How the listed digits are held: ``at least``, ``exactly``."""
    mark: ClassVar[str] = ""
    """The sign before the digits in the drawing."""

    members: tuple[Cell, ...]
    digits: tuple[int, ...]

    def cells(self) -> tuple[Cell, ...]:
        """The group."""
        return self.members

    def describe(self, grid: Grid) -> str:
        """``the cells r1c1-r1c4 containing at least 1 2``."""
        return f"the cells {span(self.members)} containing {self.how} {' '.join(map(str, self.digits))}"

    def validate(self, grid: Grid) -> None:
        """Distinct cells, known digits, no more listed than there are cells."""
        check_line(grid, self.members, self.noun, 1)
        _values_in(grid, self.digits, f"a {self.noun}")
        if not self.digits or len(self.digits) > len(self.members):
            raise GridError(f"a {self.noun} lists {len(self.digits)} digits for {len(self.members)} cells")

    def must_contain(self, grid: Grid) -> list[tuple[tuple[Cell, ...], int]]:
        """Each listed digit is somewhere in the cells."""
        return [(self.members, d) for d in sorted(set(self.digits))]

    def drawing(self, grid: Grid) -> list[Shape]:
        """A shaded group with its digits."""
        return _shaded(self.kind, self.members, self.mark + "".join(map(str, self.digits)))


@register
@dataclass(frozen=True, slots=True)
class ContainAtLeast(_Listed):
    """The cells hold every listed digit, at least as often as it is listed; other digits are free."""

    kind: ClassVar[str] = "contain at least"
    noun: ClassVar[str] = "contains-at-least group"
    rule: ClassVar[str] = "every listed digit appears in the cells, at least as often as it is listed"
    source: ClassVar[str] = "Interactive Sudoku Solver (ContainAtLeast)"
    aliases: ClassVar[tuple[str, ...]] = ("containatleast", "contains at least")
    phrasing: ClassVar[str] = "contain contains least listed appear appears"
    how: ClassVar[str] = "at least"
    mark: ClassVar[str] = "+"

    def holds(self, values: Values, grid: Grid) -> bool:
        """Every listed digit is there, as often as listed."""
        return not Counter(self.digits) - Counter(values[c] for c in self.members)

    def enforce(self, grid: Grid) -> Enforcement:
        """The at-least automaton (the quadruple's, over any cells)."""
        cells = tuple(grid.index[c] for c in self.members)
        return Enforcement(rules=(LineRule("contains", cells, tuple(sorted(self.digits))),))


@register
@dataclass(frozen=True, slots=True)
class ContainExact(_Listed):
    """The cells hold each listed digit exactly as often as it is listed; digits not listed are free."""

    kind: ClassVar[str] = "contain exact"
    noun: ClassVar[str] = "contains-exactly group"
    rule: ClassVar[str] = "every listed digit appears in the cells exactly as often as it is listed"
    source: ClassVar[str] = "Interactive Sudoku Solver (ContainExact)"
    aliases: ClassVar[tuple[str, ...]] = ("containexact", "contains exactly")
    phrasing: ClassVar[str] = "contain contains exactly listed appear appears often"
    how: ClassVar[str] = "exactly"
    mark: ClassVar[str] = "="

    def holds(self, values: Values, grid: Grid) -> bool:
        """Each listed digit appears as often as listed, no more, no less."""
        held = Counter(values[c] for c in self.members)
        return all(held[d] == n for d, n in Counter(self.digits).items())

    def enforce(self, grid: Grid) -> Enforcement:
        """The exact-counts automaton."""
        wanted = Counter(self.digits)
        clue = tuple(x for d in sorted(wanted) for x in (d, wanted[d]))
        return Enforcement(rules=(LineRule("counts", tuple(grid.index[c] for c in self.members), clue),))


@register
@dataclass(frozen=True, slots=True)
class LookAndSay(Constraint):
    """A look-and-say clue: (count, digit) pairs, each digit appearing exactly that often (0: never)."""

    kind: ClassVar[str] = "look and say"
    deduction: ClassVar[Deduction | None] = CONTENTS
    family: ClassVar[str] = "cage"
    noun: ClassVar[str] = "look-and-say clue"
    rule: ClassVar[str] = (
        "the clue is read as (count, digit) pairs: 23 means exactly two 3s, 1223 one 2 and two 3s; a count "
        "of 0 means the digit is not there; digits the clue does not name are free"
    )
    source: ClassVar[str] = (
        "Interactive Sudoku Solver (LookAndSay); setters' look-and-say cages and diagonals"
    )
    aliases: ClassVar[tuple[str, ...]] = ("lookandsay", "look-and-say")
    mentions: ClassVar[tuple[str, ...]] = ("look and say", "look-and-say")
    phrasing: ClassVar[str] = "look say count counts times digit first second indicates amount appears"

    members: tuple[Cell, ...]
    pairs: tuple[tuple[int, int], ...]
    """(count, digit) pairs, as the clue reads."""

    def cells(self) -> tuple[Cell, ...]:
        """The group."""
        return self.members

    def clue(self) -> str:
        """The clue as written: ``1223``."""
        return "".join(f"{count}{digit}" for count, digit in self.pairs)

    def describe(self, grid: Grid) -> str:
        """``the look-and-say clue 1223 on r1c1-r1c4``."""
        return f"the look-and-say clue {self.clue()} on {span(self.members)}"

    def validate(self, grid: Grid) -> None:
        """Distinct cells, known digits named once each, counts the cells can hold."""
        check_line(grid, self.members, self.noun, 1)
        digits = tuple(d for _, d in self.pairs)
        _values_in(grid, digits, f"a {self.noun}")
        if not self.pairs or len(set(digits)) != len(digits):
            raise GridError(f"a {self.noun} names each digit once, at least one")
        if any(count < 0 for count, _ in self.pairs) or sum(c for c, _ in self.pairs) > len(self.members):
            raise GridError(f"{self.describe(grid)} asks for more digits than its cells hold")

    def holds(self, values: Values, grid: Grid) -> bool:
        """Each named digit appears exactly its count of times."""
        held = Counter(values[c] for c in self.members)
        return all(held[digit] == count for count, digit in self.pairs)

    def enforce(self, grid: Grid) -> Enforcement:
        """The exact-counts automaton."""
        clue = tuple(x for count, digit in sorted(self.pairs, key=lambda p: p[1]) for x in (digit, count))
        return Enforcement(rules=(LineRule("counts", tuple(grid.index[c] for c in self.members), clue),))

    def must_contain(self, grid: Grid) -> list[tuple[tuple[Cell, ...], int]]:
        """Each digit with a count of one or more is somewhere in the cells."""
        return [(self.members, digit) for count, digit in self.pairs if count > 0]

    def drawing(self, grid: Grid) -> list[Shape]:
        """A shaded group with the clue."""
        return _shaded(self.kind, self.members, self.clue())


@register
@dataclass(frozen=True, slots=True)
class CountDistinct(Constraint):
    """The control cell's digit is the number of different digits in the other cells."""

    kind: ClassVar[str] = "count distinct"
    deduction: ClassVar[Deduction | None] = CONTENTS
    family: ClassVar[str] = "cage"
    noun: ClassVar[str] = "distinct-count group"
    rule: ClassVar[str] = "the digit in the control cell is how many different digits the other cells hold"
    source: ClassVar[str] = "Interactive Sudoku Solver (CountDistinct)"
    aliases: ClassVar[tuple[str, ...]] = ("countdistinct", "distinct count")
    phrasing: ClassVar[str] = "count counts number different distinct digits how many"

    control: Cell
    members: tuple[Cell, ...]

    def cells(self) -> tuple[Cell, ...]:
        """The control cell, then the group it counts."""
        return (self.control, *self.members)

    def describe(self, grid: Grid) -> str:
        """``the distinct count r1c1 of r2c2-r5c5``."""
        return f"the distinct count {cell_name(self.control)} of {span(self.members)}"

    def validate(self, grid: Grid) -> None:
        """Distinct cells of the grid, the control not among those it counts."""
        check_line(grid, self.cells(), self.noun, 2)

    def holds(self, values: Values, grid: Grid) -> bool:
        """The control's value is the number of distinct values among the others."""
        return values[self.control] == len({values[c] for c in self.members})

    def enforce(self, grid: Grid) -> Enforcement:
        """The distinct-count automaton, reading the control cell first."""
        return Enforcement(rules=(LineRule("count distinct", tuple(grid.index[c] for c in self.cells())),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """The counted cells outlined, the control cell ringed."""
        return [
            drawing.cage(self.kind, self.members, None, color="#6a5acd"),
            drawing.circle(
                self.kind,
                drawing.centre(self.control),
                0.42,
                fill="none",
                stroke="#6a5acd",
                stroke_width=0.04,
            ),
        ]


def _shaded(kind: str, cells: tuple[Cell, ...], label: str) -> list[Shape]:
    """A group shaded pale, outlined, with its clue at the top-left cell."""
    return [drawing.shade(kind, cells, "#d8c8f0", 0.6), drawing.cage(kind, cells, label, color="#6a5acd")]


@register
@dataclass(frozen=True, slots=True)
class EqualityCage(Constraint):
    """An equality cage: different digits, as many even as odd and as many low as high (ISS)."""

    kind: ClassVar[str] = "equality cage"
    deduction: ClassVar[Deduction | None] = CONTENTS
    family: ClassVar[str] = "cage"
    noun: ClassVar[str] = "equality cage"
    rule: ClassVar[str] = (
        "the cage's digits differ; it holds as many even as odd digits and as many low as high ones (the "
        "lower and upper halves of the digits); the middle digit of an odd range (5 of 1-9) is not in it"
    )
    source: ClassVar[str] = "Interactive Sudoku Solver (EqualityCage)"
    aliases: ClassVar[tuple[str, ...]] = ("equalitycage",)
    phrasing: ClassVar[str] = "equal number even odd low high middle digit digits differ repeat"

    members: tuple[Cell, ...]

    def cells(self) -> tuple[Cell, ...]:
        """The cage."""
        return self.members

    def describe(self, grid: Grid) -> str:
        """``the equality cage r1c1-r1c4``."""
        return f"the equality cage {span(self.members)}"

    def validate(self, grid: Grid) -> None:
        """Distinct cells of the grid, an even number of them (pairs of even and odd, of low and high)."""
        check_line(grid, self.members, self.noun, 1)
        if len(self.members) % 2:
            raise GridError(f"{self.describe(grid)} has an odd number of cells: it cannot balance")

    def holds(self, values: Values, grid: Grid) -> bool:
        """Different digits, balanced between even and odd and between the halves, none the middle."""
        digits = [values[c] for c in self.members]
        low, high = _halves(grid.values)
        return (
            len(set(digits)) == len(digits)
            and all(d in low or d in high for d in digits)
            and sum(d % 2 == 0 for d in digits) * 2 == len(digits)
            and sum(d in low for d in digits) * 2 == len(digits)
        )

    def enforce(self, grid: Grid) -> Enforcement:
        """A cage without a sum (the digits differ) and the balance automaton."""
        cells = tuple(grid.index[c] for c in self.members)
        return Enforcement(cages=(Cage(cells, None),), rules=(LineRule("equality", cells),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A shaded cage marked with '='."""
        return _shaded(self.kind, self.members, "=")
