"""Lunchboxes and value indexing: two line rules of the Interactive Sudoku Solver.

A lunchbox (ISS ``Lunchbox``): the line's digits differ, and those between its smallest and its largest
digit add up to the clue, a sandwich whose crusts are the line's own extremes.  Value indexing (ISS
``ValueIndexing``): the line's first digit X appears again further along the line, as many cells after
the second cell as that second cell's digit says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Enforcement, Shape, Values, check_line, digit_copy, register, span
from sudokit.constraints.families import LineConstraint
from sudokit.errors import GridError
from sudokit.model import LineRule, Link, Unit, Unknown

if TYPE_CHECKING:
    from sudokit.model import Grid


def _lunchbox_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Every guess of (smallest, largest) still open: crusts met so far and the sum between them."""
    total = clue[0]
    start = frozenset((low, high, 0, 0) for low in values for high in values if low < high)

    def step(state: State, _i: int, v: int) -> State | None:
        kept = set()
        for low, high, crusts, inside in state:
            if not low <= v <= high:
                continue
            if v in (low, high):
                kept.add((low, high, crusts + 1, inside))
            elif crusts == 1:
                if inside + v <= total:
                    kept.add((low, high, 1, inside + v))
            else:
                kept.add((low, high, crusts, inside))
        return frozenset(kept) or None

    return Machine(start, step, lambda state: any(c == 2 and s == total for _l, _h, c, s in state))


def _indexing_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The first digit X, then the second digit k: the cell k places after the second holds X."""

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return (v, None)
        digit, index = state
        if i == 1:
            return (digit, v) if 1 <= v <= length - 2 else None
        if i - 1 == index and v != digit:
            return None
        return state

    return Machine(None, step, lambda state: state is not None and state[1] is not None)


automata.define(
    "lunchbox", "the digits between the line's smallest and largest digit add up to the clue", (1, 1),
    _lunchbox_machine,
)  # fmt: skip
automata.define(
    "value indexing", "the second digit k places the first digit k cells after the second", (0, 0),
    _indexing_machine,
)  # fmt: skip


@register
@dataclass(frozen=True, slots=True)
class Lunchbox(LineConstraint):
    """A lunchbox line (ISS's): different digits; those between its smallest and largest add up to the clue.

    Named apart from the sandwich kind, which reads the "lunchbox" clues of rules texts.
    """

    kind: ClassVar[str] = "lunchbox line"
    noun: ClassVar[str] = "lunchbox line"
    phrasing: ClassVar[str] = "sandwiched between smallest largest number numbers sum adds distinct"
    rule: ClassVar[str] = (
        "the line's digits differ, and the digits between its smallest and its largest digit add up to "
        "the clue"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (Lunchbox)"
    colour: ClassVar[str] = "#999999"
    width: ClassVar[float] = 0.5

    total: int = 0

    def validate(self, grid: Grid) -> None:
        """Cells of the grid, no more than the digits, and a clue of zero or more."""
        LineConstraint.validate(self, grid)
        if len(self.line) > grid.size:
            raise GridError(f"{self.describe(grid)} has more cells than there are digits")
        if self.total < 0:
            raise GridError(f"{self.describe(grid)} has a negative sum")

    def describe(self, grid: Grid) -> str:
        """``the lunchbox line 11 r1c1-r1c5``."""
        return f"the lunchbox line {self.total} {span(self.line)}"

    def holds(self, values: Values, grid: Grid) -> bool:
        """Distinct; the digits between the extremes' places add up to the clue."""
        digits = [values[c] for c in self.line]
        if len(set(digits)) != len(digits):
            return False
        i, j = sorted((digits.index(min(digits)), digits.index(max(digits))))
        return sum(digits[i + 1 : j]) == self.total

    def enforce(self, grid: Grid) -> Enforcement:
        """The lunchbox automaton, and the cells as a unit (its digits differ)."""
        cells = tuple(grid.index[c] for c in self.line)
        # a lunchbox as long as the alphabet holds every digit: its crusts are the lowest and highest,
        # a sandwich, whose automaton stays small where guessing the crusts would not
        kind = "sandwich" if len(cells) == grid.size else "lunchbox"
        return Enforcement(
            rules=(LineRule(kind, cells, (self.total,)),), units=(Unit(self.describe(grid), cells),)
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """A wide grey band with the sum at its first cell."""
        r, c = self.line[0]
        return [
            *LineConstraint.drawing(self, grid),
            drawing.text(self.kind, [r + 0.2, c + 0.2], str(self.total), 0.22),
        ]


@register
@dataclass(frozen=True, slots=True)
class ValueIndexing(LineConstraint):
    """A value-indexing line: the first digit X sits again k cells after the second, k being its digit."""

    kind: ClassVar[str] = "value indexing"
    noun: ClassVar[str] = "value indexing line"
    phrasing: ClassVar[str] = (
        "arrow arrows point points towards same digit second cell indicates how many away"
    )
    rule: ClassVar[str] = (
        "the line's first cell holds X and its second cell k: the cell k places after the second cell holds X"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (ValueIndexing)"
    shortest: ClassVar[int] = 3

    def validate(self, grid: Grid) -> None:
        """Cells of the grid, at least three; a cell may stand twice (ISS lets a line pass it again)."""
        check_line(grid, tuple(dict.fromkeys(self.line)), self.noun, 1)
        if len(self.line) < self.shortest:
            raise GridError(f"a {self.noun} needs {self.shortest} cells or more, not {len(self.line)}")

    def repeated(self) -> list[int]:
        """The places along the line of a cell that stood earlier on it."""
        return [k for k, cell in enumerate(self.line) if cell in self.line[:k]]

    def unknowns(self, grid: Grid) -> tuple[Unknown, ...]:
        """A copy of each cell the line passes through again (none for most lines)."""
        return tuple(dict.fromkeys(digit_copy(self.line[k], grid) for k in self.repeated()))

    def holds(self, values: Values, grid: Grid) -> bool:
        """The indexed cell holds the first digit."""
        digits = [values[c] for c in self.line]
        k = digits[1]
        return 1 <= k <= len(digits) - 2 and digits[1 + k] == digits[0]

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """The digits alone say it (a copy follows its cell)."""
        return self.holds(values, grid)

    def enforce(self, grid: Grid) -> Enforcement:
        """The value-indexing automaton (a cell met again read through its copy, equal to it)."""
        again = set(self.repeated())
        cells = tuple(
            grid.unknown_index(digit_copy(cell, grid)) if k in again else grid.index[cell]
            for k, cell in enumerate(self.line)
        )
        links = tuple(
            Link((grid.index[cell], grid.unknown_index(digit_copy(cell, grid))), "equal", kind=self.kind)
            for cell in dict.fromkeys(self.line[k] for k in again)
        )
        return Enforcement(links=links, rules=(LineRule("value indexing", cells),))
