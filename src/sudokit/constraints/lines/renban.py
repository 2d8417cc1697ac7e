"""Renban lines: the line's digits are different and form a run of consecutive numbers, in any order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints.base import Deduction, Enforcement, Values, register
from sudokit.constraints.families import LineConstraint
from sudokit.model import LineRule, Unit

if TYPE_CHECKING:
    from sudokit.model import Grid


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The set of values so far: new each time, within a span shorter than the line."""

    def step(state: State, _i: int, v: int) -> State | None:
        held: frozenset[int] = state
        if v in held:
            return None
        more = held | {v}
        return more if max(more) - min(more) < length else None

    return Machine(frozenset(), step, lambda state: True)


automata.define(
    "renban", "different digits that form a run of consecutive numbers, in any order", (0, 0), _machine
)


@register
@dataclass(frozen=True, slots=True)
class Renban(LineConstraint):
    """A renban line: different digits that form a run of consecutive numbers, in any order."""

    joined: ClassVar[bool] = True
    kind: ClassVar[str] = "renban"
    deduction: ClassVar[Deduction | None] = Deduction(
        "renban_windows",
        "Renban Windows",
        30,
        2.5,
        (
            "A renban line holds a run of consecutive digits in any order, so each cell keeps only digits of "
            "a run of the line's length its candidates allow."
        ),
    )
    phrasing: ClassVar[str] = (
        "consecutive order form forms non repeating sequence run set any repeat repeats repeated repetition"
        " pair numbers distinct however series string occupied feature features sequential arranged length n"
    )
    noun: ClassVar[str] = "renban line"
    rule: ClassVar[str] = "the line's digits differ and form a set of consecutive numbers, in any order"
    source: ClassVar[str] = "f-puzzles solver (Constraints/RenbanConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("renban",)
    sudokupad: ClassVar[str] = "a purple or pink line (#F067F0 from f-puzzles) the rules call renban"
    shortest: ClassVar[int] = 1
    colour: ClassVar[str] = "#f067f0"
    width: ClassVar[float] = 0.22
    words: ClassVar[tuple[str, ...]] = (
        "renban",
        "consecutive digits in any order",
        "set of consecutive",
        "set of distinct consecutive",
        "consecutive, non-repeating",
        "non-repeating consecutive",
        "non-repeating, consecutive",
        "consecutive non-repeating",
        "sequence of consecutive",
        "series of consecutive",
        "consecutive series",
        "consecutive sequence",
        "run of consecutive",
        "string of consecutive",
        "consecutive digits, in any order",
        "consecutive digits (in any order)",
    )
    colours: ClassVar[tuple[str, ...]] = ("#F067F0", "#C54B8B", "#FF00FF", "#E6A4E6", "#D23BE7")

    def holds(self, values: Values, grid: Grid) -> bool:
        """Distinct digits spanning exactly the line's length."""
        digits = [values[c] for c in self.line]
        return len(set(digits)) == len(digits) and max(digits) - min(digits) == len(digits) - 1

    def enforce(self, grid: Grid) -> Enforcement:
        """The renban automaton, and the line's cells as a unit.

        Its digits differ, so the core's unit rules (a symbol's places, Hall sets when the line is as
        long as a house) apply to it too.
        """
        cells = tuple(grid.index[c] for c in self.line)
        n, length = grid.size, len(cells)
        middle = frozenset(range(n - length, length))  # in every run of `length` consecutive symbols
        units = (Unit(self.describe(grid), cells, required=middle),) if length <= n else ()
        return Enforcement(rules=(LineRule("renban", cells),), units=units)  # too long: the rule says why
