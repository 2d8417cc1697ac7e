"""X-sum clues: the first X digits seen from the clue add up to it, X being the first digit."""

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
    """How many cells are left to add, and what they hold so far (a set of values on small grids)."""
    total = clue[0]
    small = len(values) <= 10

    def step(state: State, i: int, v: int) -> State | None:
        left, held = state
        if i == 0:
            if not 1 <= v <= length:
                return None
            left, held = v, (frozenset() if small else 0)
        if left == 0:
            return state
        if small:
            if v in held:
                return None
            held = held | {v}
            reached = sum(held)
        else:
            held = reached = held + v
        if reached > total or (left == 1 and reached != total):
            return None
        return (left - 1, held) if left > 1 else (0, None)

    return Machine((0, None), step, lambda state: state[0] == 0)


automata.define("x-sum", "the first X digits add up to the clue, X being the first digit", (1, 1), _machine)


@register
@dataclass(frozen=True, slots=True)
class XSum(OutsideClue):
    """An X-sum clue: the first X digits seen from the clue add up to it, X being the first of them."""

    kind: ClassVar[str] = "x-sum"
    deduction: ClassVar[Deduction | None] = Deduction(
        "x_sum_combinations",
        "X-Sum Combinations",
        35,
        2.6,
        (
            "The first X digits seen from the clue add up to it, X being the first digit, so only first "
            "digits and fillings that make the total stay."
        ),
    )
    phrasing: ClassVar[str] = "sum sums total first tell tells nearest corresponding seen equal equals"
    noun: ClassVar[str] = "X-sum clue"
    rule: ClassVar[str] = (
        "the first X digits seen from the clue (the first one included) add up to it, X being the first digit"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/XSumConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("xsum",)
    sudokupad: ClassVar[str] = (
        "a number beside a row or column (in a circle when exported from f-puzzles) the rules call an X-sum"
    )
    words: ClassVar[tuple[str, ...]] = ("x-sum", "x sum", "xsum", "first x digits", "first x cells")
    marks: ClassVar[tuple[str, ...]] = ("\u25ef", "\u25cb", "o")
    aliases: ClassVar[tuple[str, ...]] = ("xsum", "x sum")

    def holds(self, values: Values, grid: Grid) -> bool:
        """The first X digits' sum."""
        digits = [values[c] for c in self.line]
        return 1 <= digits[0] <= len(digits) and sum(digits[: digits[0]]) == self.value

    def enforce(self, grid: Grid) -> Enforcement:
        """The X-sum automaton from the clue's side."""
        return Enforcement(rules=(LineRule("x-sum", tuple(grid.index[c] for c in self.line), (self.value,)),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """The number in a circle outside the grid."""
        r, c = self.position()
        at = [r + 0.5, c + 0.5]
        return [
            drawing.circle(self.kind, at, 0.3, stroke="#777777", stroke_width=0.025),
            drawing.text(self.kind, at, str(self.value), 0.34),
        ]
