"""Skyscraper clues: seen from the clue, this many digits are higher than every digit before them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Deduction, Enforcement, Shape, Values, register
from sudokit.constraints.families import OutsideClue
from sudokit.model import LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The tallest so far and how many have been seen."""
    count = clue[0]

    def step(state: State, _i: int, v: int) -> State | None:
        tallest, seen = state
        if tallest is None or v > tallest:
            return (v, seen + 1) if seen < count else None
        return state

    return Machine((None, 0), step, lambda state: state[1] == count)


automata.define(
    "skyscraper", "the clue counts the digits higher than every digit before them", (1, 1), _machine
)


@register
@dataclass(frozen=True, slots=True)
class Skyscraper(OutsideClue):
    """A skyscraper clue: digits are heights, and the clue counts those seen from its side."""

    kind: ClassVar[str] = "skyscraper"
    deduction: ClassVar[Deduction | None] = Deduction(
        "skyscraper_sight_lines",
        "Skyscraper Sight Lines",
        35,
        2.6,
        (
            "A skyscraper clue counts the digits seen from outside, each taller than all before it, so tall "
            "digits near the clue hide the rest."
        ),
    )
    phrasing: ClassVar[str] = (
        "skyscraper skyscrapers height heights visible see seen taller higher obscure view looking direction"
        " tell tells how many across represents whose ones vantage point assuming building buildings"
        " represent"
    )
    noun: ClassVar[str] = "skyscraper clue"
    rule: ClassVar[str] = (
        "seen from the clue, the number of digits higher than every digit before them (the first counts)"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/SkyscraperConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("skyscraper",)
    sudokupad: ClassVar[str] = (
        "a number beside a row or column (in a box when exported from f-puzzles) the rules call a skyscraper"
    )
    words: ClassVar[tuple[str, ...]] = ("skyscraper",)
    marks: ClassVar[tuple[str, ...]] = ("\u25af", "\u25a1")

    def holds(self, values: Values, grid: Grid) -> bool:
        """Count the digits taller than all before them."""
        digits = [values[c] for c in self.line]
        return sum(1 for i, d in enumerate(digits) if all(d > e for e in digits[:i])) == self.value

    def enforce(self, grid: Grid) -> Enforcement:
        """The skyscraper automaton from the clue's side."""
        return Enforcement(
            rules=(LineRule("skyscraper", tuple(grid.index[c] for c in self.line), (self.value,)),)
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """The number in a square outside the grid."""
        r, c = self.position()
        at = [r + 0.5, c + 0.5]
        return [
            drawing.rect(self.kind, at, 0.6, 0.6, stroke="#777777", stroke_width=0.025),
            drawing.text(self.kind, at, str(self.value), 0.34),
        ]


def _hidden_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The tallest so far; the first digit lower than it (hidden) must be the clue's."""
    target = clue[0]

    def step(state: State, _i: int, v: int) -> State | None:
        tallest, found = state
        if found or tallest is None or v > tallest:
            return (v if tallest is None or v > tallest else tallest, found)
        return (tallest, True) if v == target else None

    return Machine((None, False), step, lambda state: state[1])


automata.define(
    "hidden skyscraper",
    "the first digit lower than a digit before it (hidden) is the clue",
    (1, 1),
    _hidden_machine,
)


@register
@dataclass(frozen=True, slots=True)
class HiddenSkyscraper(OutsideClue):
    """A hidden-skyscraper clue: the first skyscraper hidden from the clue's side has the clue's height."""

    kind: ClassVar[str] = "hidden skyscraper"
    phrasing: ClassVar[str] = (
        "skyscraper skyscrapers hidden height heights obscure obscured first view direction"
    )
    noun: ClassVar[str] = "hidden skyscraper clue"
    rule: ClassVar[str] = (
        "seen from the clue, the first digit lower than some digit before it (the first hidden "
        "skyscraper) is the clue; some digit must be hidden"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (HiddenSkyscraper)"
    words: ClassVar[tuple[str, ...]] = ("hidden skyscraper",)

    def holds(self, values: Values, grid: Grid) -> bool:
        """The first hidden digit is the clue."""
        digits = [values[c] for c in self.line]
        hidden = [d for i, d in enumerate(digits) if any(e > d for e in digits[:i])]
        return bool(hidden) and hidden[0] == self.value

    def enforce(self, grid: Grid) -> Enforcement:
        """The hidden-skyscraper automaton from the clue's side."""
        return Enforcement(
            rules=(LineRule("hidden skyscraper", tuple(grid.index[c] for c in self.line), (self.value,)),)
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """The number between bars outside the grid."""
        r, c = self.position()
        at = [r + 0.5, c + 0.5]
        return [drawing.text(self.kind, at, f"|{self.value}|", 0.34)]
