"""Entropic and modular lines: any three (m) cells in a row on the line hold digits of different classes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State, third
from sudokit.constraints.base import Deduction, Enforcement, FPuzzlesSink, Values, register
from sudokit.constraints.families import LineConstraint
from sudokit.constraints.grid_rules.entropy import ENTROPIC_WINDOWS
from sudokit.errors import FormatError, GridError
from sudokit.model import LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid


def _windows(
    rank: Callable[[int, tuple[int, ...]], int],
) -> Callable[[tuple[int, ...], int, tuple[int, ...]], Machine]:
    """The ranks of the last two values: a new value's rank must differ from both."""

    def build(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
        ranks = {v: rank(v, values) for v in values}

        def step(state: State, _i: int, v: int) -> State | None:
            r = ranks[v]
            if r in state:
                return None
            return (*state[-1:], r)

        return Machine((), step, lambda state: True)

    return build


def modulo3(v: int, _values: tuple[int, ...]) -> int:
    """A value's remainder modulo 3."""
    return v % 3


automata.define(
    "entropic", "any three cells in a row hold a low, a middle and a high digit", (0, 0), _windows(third)
)


def _modular(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Clue: the modulus m (3 without one): a new remainder differs from the last m - 1 values'."""
    if not clue or clue[0] == 3:
        return _windows(modulo3)(clue, length, values)
    modulus = clue[0]

    def step(state: State, _i: int, v: int) -> State | None:
        r = v % modulus
        if r in state:
            return None
        return (*state[len(state) - modulus + 2 :], r) if modulus > 1 else ()

    return Machine((), step, lambda state: True)


automata.define(
    "modular",
    "any m cells in a row (3 without a clue) hold digits of m different remainders modulo m",
    (0, 1),
    _modular,
)


@dataclass(frozen=True, slots=True)
class _ThreeClasses(LineConstraint):
    """Any three consecutive cells of the line hold digits of three different classes."""

    shortest: ClassVar[int] = 1
    width: ClassVar[float] = 0.16
    window: ClassVar[int] = 3

    def rank(self, v: int, grid: Grid) -> int:
        """The class of a value."""
        raise NotImplementedError

    def holds(self, values: Values, grid: Grid) -> bool:
        """Every window of up to three cells along the line holds different classes."""
        ranks = [self.rank(values[c], grid) for c in self.line]
        return all(len(set(ranks[i : i + 3])) == len(ranks[i : i + 3]) for i in range(len(ranks)))

    def enforce(self, grid: Grid) -> Enforcement:
        """The automaton of its kind."""
        return Enforcement(rules=(LineRule(self.kind, tuple(grid.index[c] for c in self.line)),))


@register
@dataclass(frozen=True, slots=True)
class Entropic(_ThreeClasses):
    """An entropic line: any three cells in a row hold a low (1-3), a middle (4-6) and a high (7-9) digit."""

    kind: ClassVar[str] = "entropic"
    deduction: ClassVar[Deduction | None] = ENTROPIC_WINDOWS
    phrasing: ClassVar[str] = "low middle medium high group groups three consecutive"
    noun: ClassVar[str] = "entropic line"
    rule: ClassVar[str] = (
        "any three cells in a row on the line hold a low, a middle and a high digit (1-3, 4-6, 7-9 on 9x9; "
        "on other sizes the digits in three, the middle third taking what does not divide)"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/EntropicLineConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("entropicline",)
    sudokupad: ClassVar[str] = "an orange line the rules call entropic"
    colour: ClassVar[str] = "#ffcc9a"
    words: ClassVar[tuple[str, ...]] = ("entropic", "low, middle and high", "low, medium and high")
    colours: ClassVar[tuple[str, ...]] = ("#FFCC9A", "#FFA500")
    aliases: ClassVar[tuple[str, ...]] = ("entropic line",)

    def rank(self, v: int, grid: Grid) -> int:
        """Low, middle or high."""
        return third(v, grid.values)


@register
@dataclass(frozen=True, slots=True)
class Modular(_ThreeClasses):
    """A modular line: any m cells in a row (3 by default) hold digits of m different remainders modulo m."""

    kind: ClassVar[str] = "modular"
    deduction: ClassVar[Deduction | None] = ENTROPIC_WINDOWS
    phrasing: ClassVar[str] = (
        "remainder remainders modulo mod group groups three consecutive"
        ""
        " divided divide division residue residues"
    )
    noun: ClassVar[str] = "modular line"
    rule: ClassVar[str] = (
        "any three cells in a row on the line hold digits with three different remainders modulo 3 (with "
        "a modulus m: any m cells in a row, m different remainders modulo m)"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/ModularLineConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("modularline",)
    sudokupad: ClassVar[str] = "a teal line the rules call modular"
    colour: ClassVar[str] = "#33bbbb"
    words: ClassVar[tuple[str, ...]] = ("modular",)
    colours: ClassVar[tuple[str, ...]] = ("#33BBBB",)
    aliases: ClassVar[tuple[str, ...]] = ("modular line",)

    modulus: int = 3

    def validate(self, grid: Grid) -> None:
        """A line, and a modulus of 2 or more."""
        _ThreeClasses.validate(self, grid)
        if self.modulus < 2:
            raise GridError(f"{self.describe(grid)}: a modulus of 2 or more, not {self.modulus}")

    def rank(self, v: int, grid: Grid) -> int:
        """The remainder modulo the modulus."""
        return v % self.modulus

    def holds(self, values: Values, grid: Grid) -> bool:
        """Every window of up to m cells along the line holds different remainders."""
        ranks = [values[c] % self.modulus for c in self.line]
        m = self.modulus
        return all(len(set(ranks[i : i + m])) == len(ranks[i : i + m]) for i in range(len(ranks)))

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """f-puzzles' modular line (modulo 3); FormatError for another modulus, which it has no form for."""
        if self.modulus != 3:
            raise FormatError(f"f-puzzles has no form for {self.describe(grid)} modulo {self.modulus}")
        _ThreeClasses.write_fpuzzles(self, sink, grid)

    def enforce(self, grid: Grid) -> Enforcement:
        """The modular automaton (the modulus in its clue when it is not 3)."""
        clue = () if self.modulus == 3 else (self.modulus,)
        return Enforcement(rules=(LineRule(self.kind, tuple(grid.index[c] for c in self.line), clue),))
