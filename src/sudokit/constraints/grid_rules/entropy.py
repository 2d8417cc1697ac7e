"""Global entropy and global modular rules: every 2x2 square holds a digit of each of three classes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State, third
from sudokit.constraints import drawing
from sudokit.constraints.base import Deduction, Enforcement, Shape, Values, register
from sudokit.constraints.families import GlobalRule
from sudokit.model import Cell, LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid


def squares(grid: Grid) -> list[tuple[Cell, ...]]:
    """Every 2x2 square of cells of the grid."""
    found: list[tuple[Cell, ...]] = []
    for r, c in grid.cells:
        square = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
        if all(cell in grid.index for cell in square):
            found.append(square)
    return found


def _all_classes(
    rank: Callable[[int, tuple[int, ...]], int],
) -> Callable[[tuple[int, ...], int, tuple[int, ...]], Machine]:
    """The classes seen so far; every one of the three must be seen."""

    def build(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
        ranks = {v: rank(v, values) for v in values}

        def step(state: State, _i: int, v: int) -> State | None:
            return state | frozenset({ranks[v]})

        return Machine(frozenset(), step, lambda state: len(state) == 3)

    return build


automata.define(
    "all three thirds", "a low, a middle and a high digit among the cells", (0, 0), _all_classes(third)
)
automata.define(
    "all three remainders",
    "digits of each remainder modulo 3 among the cells",
    (0, 0),
    _all_classes(lambda v, _values: v % 3),
)


ENTROPIC_WINDOWS = Deduction(
    "entropic_windows",
    "Entropic Windows",
    30,
    2.5,
    (
        "Every three cells in a row on the line hold a low, a middle and a high digit (modular: one of "
        "each remainder by 3), so cells three apart share their class."
    ),
)
"""What solvers call the deductions of the entropic kinds: global entropy and modular here, and the
entropic and modular lines (:mod:`sudokit.constraints.lines.entropic`)."""


@dataclass(frozen=True, slots=True)
class _Squares(GlobalRule):
    """Every 2x2 square holds a digit of each of three classes."""

    machine: ClassVar[str] = ""

    def rank(self, v: int, grid: Grid) -> int:
        """A value's class."""
        raise NotImplementedError

    def holds(self, values: Values, grid: Grid) -> bool:
        """Each square holds all three classes."""
        return all(len({self.rank(values[c], grid) for c in square}) == 3 for square in squares(grid))

    def enforce(self, grid: Grid) -> Enforcement:
        """An automaton per square."""
        return Enforcement(
            rules=tuple(
                LineRule(self.machine, tuple(grid.index[c] for c in square)) for square in squares(grid)
            )
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, self.noun)]


@register
@dataclass(frozen=True, slots=True)
class GlobalEntropy(_Squares):
    """Global entropy: every 2x2 square holds a low (1-3), a middle (4-6) and a high (7-9) digit."""

    kind: ClassVar[str] = "global entropy"
    deduction: ClassVar[Deduction | None] = ENTROPIC_WINDOWS
    phrasing: ClassVar[str] = "low middle medium high square squares"
    noun: ClassVar[str] = "global entropy"
    mentions: ClassVar[tuple[str, ...]] = ("entropy", "2x2")
    machine: ClassVar[str] = "all three thirds"
    rule: ClassVar[str] = (
        "every 2x2 square holds at least one low (1-3), one middle (4-6) and one high (7-9) digit"
    )
    source: ClassVar[str] = (
        'the Entropy rule of setters\' rules texts ("every 2x2 box contains a low, middle and high digit")'
    )
    aliases: ClassVar[tuple[str, ...]] = ("entropy",)

    def rank(self, v: int, grid: Grid) -> int:
        """Low, middle or high."""
        return third(v, grid.values)


@register
@dataclass(frozen=True, slots=True)
class GlobalModular(_Squares):
    """Global modular: every 2x2 square holds digits of all three remainders modulo 3."""

    kind: ClassVar[str] = "global modular"
    deduction: ClassVar[Deduction | None] = ENTROPIC_WINDOWS
    phrasing: ClassVar[str] = "remainder remainders modulo mod square squares"
    noun: ClassVar[str] = "global modular"
    mentions: ClassVar[tuple[str, ...]] = ("modular", "2x2")
    machine: ClassVar[str] = "all three remainders"
    rule: ClassVar[str] = "every 2x2 square holds digits with each of the three remainders modulo 3"
    source: ClassVar[str] = "setters' rules texts (the modular counterpart of global entropy)"
    aliases: ClassVar[tuple[str, ...]] = ("modular global",)

    def rank(self, v: int, grid: Grid) -> int:
        """The remainder modulo 3."""
        return v % 3
