"""Full rank (ISS ``FullRank``): rows and columns read as numbers, ranked; a clue gives one's rank.

Every row and every column of a square grid is read as a number in both directions (left to right
and right to left, top to bottom and bottom to top): 4n numbers on an n x n grid.  Ranked from the
lowest (1) to the highest, the clue outside a row or column is the rank of the number read from its
side: exactly ``rank - 1`` of the others are lower, and none is equal (ties are allowed only between
numbers no clue ranks, ISS's default).  Each digit starts exactly four of the numbers, so the clue
fixes the first digit (``(rank + 3) // 4``) and the clue's place among the four.

The core holds it with helper unknowns no answer shows: a copy of each cell's digit (so that a
number can be compared with one sharing its cells) and, per other number, whether it is lower,
equal or higher (an automaton reading the two numbers digit by digit); an automaton counts them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints.base import Enforcement, Values, digit_copy, register
from sudokit.constraints.families import GlobalRule, OutsideClue
from sudokit.errors import GridError
from sudokit.model import Cell, LineRule, Link, Unknown, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid

ORDER = ("lower", "equal", "higher")
"""How another number compares with the clue's (the labels of a comparison)."""


def entries(grid: Grid) -> list[tuple[Cell, ...]]:
    """Every row and column of a square grid, read from both ends: the numbers full rank ranks."""
    n = grid.rows
    out: list[tuple[Cell, ...]] = []
    for r in range(n):
        row = tuple((r, c) for c in range(n))
        out += [row, row[::-1]]
    for c in range(n):
        column = tuple((r, c) for r in range(n))
        out += [column, column[::-1]]
    return out


def _name(line: tuple[Cell, ...]) -> str:
    return f"{cell_name(line[0])}-{cell_name(line[-1])}"


def comparison(mine: tuple[Cell, ...], other: tuple[Cell, ...]) -> Unknown:
    """How ``other`` compares with ``mine`` (lower, equal or higher), shown nowhere."""
    return Unknown("rank comparison", None, f"{_name(other)} to {_name(mine)}", ORDER, shown=False)


def _compare_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """A comparison (its label), then pairs (mine, other) digit by digit: the label is how they compare."""
    rank = {v: i for i, v in enumerate(values)}

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return (rank[v], 1, None)  # wanted: 0 lower, 1 equal, 2 higher; so far: equal
        wanted, so_far, mine = state
        if mine is None:
            return (wanted, so_far, v)
        if so_far == 1 and v != mine:
            so_far = 0 if v < mine else 2
            if so_far != wanted:
                return None
        return (wanted, so_far, None)

    return Machine(None, step, lambda state: state is not None and state[1] == state[0])


automata.define(
    "rank compare",
    "the first cell says how the second number (odd places) compares with the first",
    (0, 0),
    _compare_machine,
)


def _comparisons(
    grid: Grid, pairs: list[tuple[tuple[Cell, ...], tuple[Cell, ...]]], kind: str
) -> tuple[tuple[Link, ...], list[LineRule], list[int]]:
    """Each digit's copy equal to it, and per pair of numbers (a, b) how b compares with a.

    The comparison is read by a 'rank compare' automaton over a's digits and b's copies.  Returns the
    links, the rules and the comparisons' cells.
    """
    index = grid.index
    copies = {cell: grid.unknown_index(digit_copy(cell, grid)) for cell in grid.cells}
    links = tuple(Link((index[cell], copies[cell]), "equal", kind=kind) for cell in grid.cells)
    rules, marks = [], []
    for mine, other in pairs:
        mark = grid.unknown_index(comparison(mine, other))
        marks.append(mark)
        read = tuple(x for a, b in zip(mine, other, strict=True) for x in (index[a], copies[b]))
        rules.append(LineRule("rank compare", (mark, *read)))
    return links, rules, marks


@register
@dataclass(frozen=True, slots=True)
class FullRank(OutsideClue):
    """A full-rank clue: the rank of the number read from its side among all rows and columns."""

    kind: ClassVar[str] = "full rank"
    noun: ClassVar[str] = "full rank clue"
    phrasing: ClassVar[str] = "rank ranked ranking lowest highest number numbers read forward reverse"
    rule: ClassVar[str] = (
        "every row and column read as a number from both ends (4n numbers), ranked from the lowest (1): "
        "the number read from the clue's side is of this rank, none of the others equal to it"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (FullRank, ties only between unclued numbers)"
    words: ClassVar[tuple[str, ...]] = ("full rank",)

    def validate(self, grid: Grid) -> None:
        """A full square grid, a whole row or column from an edge, a rank from 1 to 4n."""
        OutsideClue.validate(self, grid)
        n = grid.rows
        if grid.cols != n or len(grid.cells) != n * n or grid.size != n:
            raise GridError("full rank needs a full square grid with as many digits as rows")
        if self.line not in entries(grid):
            raise GridError(f"{self.describe(grid)}: a full rank clue reads a whole row or column")
        if not 1 <= self.value <= 4 * n:
            raise GridError(f"{self.describe(grid)}: a rank from 1 to {4 * n}")

    def others(self, grid: Grid) -> list[tuple[Cell, ...]]:
        """The other numbers."""
        return [e for e in entries(grid) if e != self.line]

    def unknowns(self, grid: Grid) -> tuple[Unknown, ...]:
        """The copies of the digits and how each other number compares."""
        return (
            *(digit_copy(cell, grid) for cell in grid.cells),
            *(comparison(self.line, other) for other in self.others(grid)),
        )

    def holds(self, values: Values, grid: Grid) -> bool:
        """As many lower numbers as the rank says, and no equal one."""
        mine = [values[c] for c in self.line]
        numbers = [[values[c] for c in other] for other in self.others(grid)]
        return sum(n < mine for n in numbers) == self.value - 1 and all(n != mine for n in numbers)

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """The digits alone say it (the helpers follow from them)."""
        return self.holds(values, grid)

    def enforce(self, grid: Grid) -> Enforcement:
        """Copies equal to their cells, a comparison automaton per other number, a count of them."""
        pairs = [(self.line, other) for other in self.others(grid)]
        links, rules, marks = _comparisons(grid, pairs, self.kind)
        low, equal = grid.values[0], grid.values[1]  # the labels' indexes read as values
        rules.append(LineRule("counts", tuple(marks), (low, self.value - 1, equal, 0)))
        first = grid.values[(self.value + 3) // 4 - 1]
        rules.append(LineRule("counts", (grid.index[self.line[0]],), (first, 1)))
        return Enforcement(links=links, rules=tuple(rules))


def could_tie(grid: Grid, a: tuple[Cell, ...], b: tuple[Cell, ...]) -> bool:
    """Whether two numbers could be equal at all: no place holds two different cells of one house.

    Only the grid's own houses count (what rules add is not compiled yet when this is asked).
    """
    owners: dict[int, set[int]] = {}
    for k, house in enumerate(grid.houses):
        for c in house.cells:
            owners.setdefault(c, set()).add(k)
    for x, y in zip(a, b, strict=True):
        if x != y and owners.get(grid.index[x], set()) & owners.get(grid.index[y], set()):
            return False
    return True


@register
@dataclass(frozen=True, slots=True)
class DistinctRanks(GlobalRule):
    """No two rows or columns read as numbers (from either end) are equal: every rank is unique."""

    kind: ClassVar[str] = "distinct ranks"
    noun: ClassVar[str] = "distinct ranks"
    phrasing: ClassVar[str] = "rank ranks ranked unique tie ties equal numbers read"
    rule: ClassVar[str] = (
        "no two of the 4n numbers the rows and columns read from either end are equal (full rank: no ties)"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (FullRankTies 'none')"

    def pairs(self, grid: Grid) -> list[tuple[tuple[Cell, ...], tuple[Cell, ...]]]:
        """The pairs of numbers the grid's houses do not already keep apart."""
        numbers = entries(grid)
        return [(a, b) for k, a in enumerate(numbers) for b in numbers[k + 1 :] if could_tie(grid, a, b)]

    def validate(self, grid: Grid) -> None:
        """A full square grid."""
        n = grid.rows
        if grid.cols != n or len(grid.cells) != n * n:
            raise GridError("distinct ranks need a full square grid")

    def unknowns(self, grid: Grid) -> tuple[Unknown, ...]:
        """Copies of the digits and a comparison per pair that could tie."""
        return (
            *(digit_copy(cell, grid) for cell in grid.cells),
            *(comparison(a, b) for a, b in self.pairs(grid)),
        )

    def holds(self, values: Values, grid: Grid) -> bool:
        """All the numbers differ."""
        numbers = [tuple(values[c] for c in line) for line in entries(grid)]
        return len(set(numbers)) == len(numbers)

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """The digits alone say it."""
        return self.holds(values, grid)

    def enforce(self, grid: Grid) -> Enforcement:
        """Per pair that could tie, a comparison that is not 'equal'."""
        links, rules, marks = _comparisons(grid, self.pairs(grid), self.kind)
        rules += [LineRule("counts", (mark,), (grid.values[1], 0)) for mark in marks]
        return Enforcement(links=links, rules=tuple(rules))
