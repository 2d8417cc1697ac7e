"""Shading: yin-yang, shaded givens and rules tying a cell's digit to its shading.

Each cell gets one more unknown beside its digit, its shading (``unshaded`` or ``shaded``), which the
core holds as a cell of its own (:class:`sudokit.model.Unknown`).  Yin-yang shades cells so that the
shaded and the unshaded cells each form one orthogonally connected area and no 2x2 square is of one
colour; the connectivity is the core's connected-group propagator, the squares are automata.  Two
consequences solvers use are added as derived rules, as the Interactive Sudoku Solver's optimizer adds
its own: no 2x2 square is a checkerboard, and the border of a full rectangle changes colour at most
twice.  Other rules speak of the same unknowns, so a hybrid (odd digits shaded, a shaded count) is the
sum of its parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Enforcement,
    Shape,
    Values,
    orthogonal_pairs,
    orthogonally_connected,
    register,
)
from sudokit.constraints.families import CellConstraint, DigitsByLabel, GlobalRule
from sudokit.constraints.grid_rules.entropy import squares
from sudokit.errors import GridError
from sudokit.model import Cell, Connected, LineRule, Unknown, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid

UNSHADED, SHADED = 0, 1
LABELS = ("unshaded", "shaded")
SHADE = "#9AA0A6"
"""How shaded cells are filled in a drawing of a solution."""


def shading(cell: Cell) -> Unknown:
    """The shading of a cell: the unknown every shading rule speaks of."""
    return Unknown("shading", cell, labels=LABELS)


def shaded_cells(grid: Grid, unknowns: Mapping[Unknown, int]) -> set[Cell]:
    """The cells the unknowns shade."""
    return {cell for cell in grid.cells if unknowns.get(shading(cell)) == SHADED}


def border(grid: Grid) -> list[Cell]:
    """The border of a full rectangular grid, once round clockwise from the top left (empty otherwise)."""
    rows, cols = grid.rows, grid.cols
    if len(grid.cells) != rows * cols or rows < 2 or cols < 2:
        return []
    top = [(0, c) for c in range(cols)]
    right = [(r, cols - 1) for r in range(1, rows)]
    bottom = [(rows - 1, c) for c in range(cols - 2, -1, -1)]
    left = [(r, 0) for r in range(rows - 2, 0, -1)]
    return top + right + bottom + left


def _square_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Four cells of a 2x2 square (row by row): neither all alike nor alike only across the diagonals."""

    def step(state: State, _i: int, v: int) -> State:
        held: tuple[int, ...] = state
        return (*held, v)

    def accept(state: State) -> bool:
        a, b, c, d = state
        return not (a == b == c == d) and not (a == d and b == c and a != b)

    return Machine((), step, accept)


def _border_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Cells round a closed border: the value changes at most twice going once round."""

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return (v, v, 0)
        first, last, changes = state
        changes += v != last
        return None if changes > 2 else (first, v, changes)

    return Machine(None, step, lambda state: state[2] + (state[0] != state[1]) <= 2)


automata.define(
    "mixed square", "a 2x2 square neither of one value nor a checkerboard", (0, 0), _square_machine
)
automata.define(
    "two-sided border", "a closed border whose value changes at most twice", (0, 0), _border_machine
)


class _Shading(Constraint):
    """A rule on the cells' shading (every cell has one: unshaded or shaded)."""

    in_rules_texts: ClassVar[bool] = False  # read from rules texts in issue 39

    __slots__ = ()

    def unknowns(self, grid: Grid) -> tuple[Unknown, ...]:
        """Every cell's shading."""
        return tuple(shading(cell) for cell in grid.cells)

    def index(self, grid: Grid, cell: Cell) -> int:
        """The core's index of a cell's shading."""
        return grid.unknown_index(shading(cell))

    def solution_drawing(self, grid: Grid, unknowns: Mapping[Unknown, int]) -> list[Shape]:
        """The shaded cells, filled grey under the digits."""
        cells = sorted(shaded_cells(grid, unknowns))
        return [drawing.shade("shading", cells, SHADE, 0.75)] if cells else []


@register
@dataclass(frozen=True, slots=True)
class YinYang(_Shading, GlobalRule):
    """Yin-yang: the shaded cells are connected, the unshaded cells too, and no 2x2 is of one colour."""

    kind: ClassVar[str] = "yin-yang"
    noun: ClassVar[str] = "yin-yang"
    aliases: ClassVar[tuple[str, ...]] = ("yin yang", "yinyang")
    mentions: ClassVar[tuple[str, ...]] = ("yin", "yang")
    phrasing: ClassVar[str] = "shade shaded unshaded connected orthogonally area areas region square"
    rule: ClassVar[str] = (
        "shade some cells: the shaded cells form one orthogonally connected area, the unshaded cells "
        "another, and no 2x2 square is all shaded or all unshaded"
    )
    source: ClassVar[str] = (
        "the Nikoli yin-yang rules as setters' rules texts state them (ISS has no shading)"
    )

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """Both colours connected, no 2x2 of one colour."""
        shaded = shaded_cells(grid, unknowns)
        if not (orthogonally_connected(shaded) and orthogonally_connected(set(grid.cells) - shaded)):
            return False
        return all(len({cell in shaded for cell in square}) == 2 for square in squares(grid))

    def enforce(self, grid: Grid) -> Enforcement:
        """Two connected groups, an automaton per 2x2 square and one round a rectangle's border."""
        cells = [self.index(grid, cell) for cell in grid.cells]
        position = {cell: i for i, cell in enumerate(grid.cells)}
        edges = tuple((position[a], position[b]) for a, b in orthogonal_pairs(grid))
        groups = tuple(
            Connected(tuple(cells), edges, frozenset({side}), self.kind) for side in (UNSHADED, SHADED)
        )
        rules = [LineRule("mixed square", tuple(self.index(grid, c) for c in sq)) for sq in squares(grid)]
        ring = border(grid)
        if ring:
            rules.append(LineRule("two-sided border", tuple(self.index(grid, c) for c in ring)))
        return Enforcement(connected=groups, rules=tuple(rules))

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, self.noun)]


@register
@dataclass(frozen=True, slots=True)
class ShadedGiven(_Shading, CellConstraint):
    """A cell given as shaded (a black circle in yin-yang) or as unshaded (a white circle)."""

    kind: ClassVar[str] = "shaded given"
    family: ClassVar[str] = "cell"
    noun: ClassVar[str] = "shading given"
    aliases: ClassVar[tuple[str, ...]] = ("given shading",)
    rule: ClassVar[str] = "the cell is shaded (or, with shaded false, unshaded)"
    source: ClassVar[str] = "yin-yang givens (black and white circles)"

    shaded: bool = True

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """The cell's shading is the given one."""
        return unknowns[shading(self.cell)] == (SHADED if self.shaded else UNSHADED)

    def enforce(self, grid: Grid) -> Enforcement:
        """A mask on the cell's shading."""
        return Enforcement(masks=((self.index(grid, self.cell), 1 << (SHADED if self.shaded else UNSHADED)),))

    def describe(self, grid: Grid) -> str:
        """``the shaded given r1c1``."""
        return f"the {'shaded' if self.shaded else 'unshaded'} given {cell_name(self.cell)}"

    def drawing(self, grid: Grid) -> list[Shape]:
        """A small black (shaded) or white (unshaded) circle in the cell's top-left corner."""
        fill = "#222222" if self.shaded else "#FFFFFF"
        r, c = self.cell
        return [drawing.circle(self.kind, (r + 0.17, c + 0.17), 0.11, fill=fill, stroke="#222222")]


@register
@dataclass(frozen=True, slots=True)
class ShadedDigits(DigitsByLabel, _Shading):
    """Which digits shaded cells hold and which unshaded cells hold ("shaded cells contain odd digits")."""

    kind: ClassVar[str] = "shaded digits"
    family: ClassVar[str] = "global"
    noun: ClassVar[str] = "shaded digits"
    phrasing: ClassVar[str] = "shaded unshaded contain contains hold digits odd even"
    rule: ClassVar[str] = (
        "every shaded cell holds one of the shaded digits, every unshaded cell one of the unshaded "
        "digits (an empty list: any digit)"
    )
    source: ClassVar[str] = 'setters\' yin-yang hybrids ("shaded cells contain odd digits")'

    label_names: ClassVar[tuple[str, str]] = ("unshaded", "shaded")

    shaded: tuple[int, ...] = ()
    unshaded: tuple[int, ...] = ()

    def label_of(self, cell: Cell) -> Unknown:
        """The cell's shading."""
        return shading(cell)

    def digit_lists(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Unshaded, shaded."""
        return self.unshaded, self.shaded

    def enforce(self, grid: Grid) -> Enforcement:
        """A link between each cell and its shading; and, derived, how many cells of a house are shaded.

        A house that holds every digit once holds each shaded-only digit in a shaded cell and each
        unshaded-only one in an unshaded cell, so its shaded cells number between the shaded-only
        digits and the digits a shaded cell may hold: a count the links alone would find only once
        the digits are placed.
        """
        links = self.label_links(grid)
        low = sum(self.fits(v, SHADED) and not self.fits(v, UNSHADED) for v in grid.values)
        high = sum(self.fits(v, SHADED) for v in grid.values)
        rules = tuple(
            LineRule(
                "marked between", tuple(self.index(grid, grid.cells[c]) for c in house.cells), (low, high)
            )
            for house in grid.houses
            if len(house.cells) == grid.size and (low > 0 or high < grid.size)
        )
        return Enforcement(links=links, rules=rules)


@register
@dataclass(frozen=True, slots=True)
class ShadedCount(_Shading):
    """A clue cell whose digit is the number of shaded cells among some cells (its neighbours, a line)."""

    kind: ClassVar[str] = "shaded count"
    family: ClassVar[str] = "cell"
    noun: ClassVar[str] = "shaded count"
    phrasing: ClassVar[str] = "number count counts shaded cells among neighbours surrounding"
    rule: ClassVar[str] = "the clue cell's digit is the number of shaded cells among the counted cells"
    source: ClassVar[str] = "setters' shading hybrids (minesweeper-like counts of shaded neighbours)"

    clue: Cell = (0, 0)
    counted: tuple[Cell, ...] = ()

    def cells(self) -> tuple[Cell, ...]:
        """The clue cell and the counted cells."""
        return (self.clue, *self.counted)

    def validate(self, grid: Grid) -> None:
        """Cells of the grid, at least one counted."""
        Constraint.validate(self, grid)
        if not self.counted:
            raise GridError(f"the shaded count at {cell_name(self.clue)} counts no cell")

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """The clue's digit equals the shaded cells counted."""
        return values[self.clue] == sum(unknowns[shading(cell)] == SHADED for cell in self.counted)

    def enforce(self, grid: Grid) -> Enforcement:
        """An automaton reading the clue's digit, then each counted cell's shading."""
        cells = (grid.index[self.clue], *(self.index(grid, cell) for cell in self.counted))
        return Enforcement(rules=(LineRule("shaded count", cells),))

    def describe(self, grid: Grid) -> str:
        """``the shaded count at r1c1``."""
        return f"the shaded count at {cell_name(self.clue)}"

    def drawing(self, grid: Grid) -> list[Shape]:
        """A small circle in the clue cell."""
        return [drawing.circle(self.kind, drawing.centre(self.clue), 0.42, stroke="#444444")]


def _count_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The first cell's value is how many of the others hold the second symbol (shaded)."""
    shaded = values[SHADED]

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return (v, 0) if 0 <= v <= length - 1 else None
        target, seen = state
        seen += v == shaded
        return None if seen > target or target - seen > length - 1 - i else (target, seen)

    return Machine(None, step, lambda state: state is not None and state[0] == state[1])


automata.define(
    "shaded count", "the first cell's digit counts the shaded cells after it", (0, 0), _count_machine
)


def _between_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Between clue[0] and clue[1] of the cells hold their second value (shaded, a role, on a loop).

    The count of any two-valued unknown: shaded cells per house here, role cells per house
    (:mod:`sudokit.constraints.cells.roles`), a loop's visited cells (:mod:`.loop`).
    """
    low, high = clue
    shaded = values[SHADED]
    # with no upper bound to keep, counting past the lower one tells nothing: the states stay few
    # ("some cell is on the loop" has two, not one per cell)
    cap = low if high >= length else high + 1

    def step(state: State, i: int, v: int) -> State | None:
        seen: int = state + (v == shaded)
        return None if seen > high or seen + (length - 1 - i) < low else min(seen, cap)

    return Machine(0, step, lambda state: low <= state <= high)


automata.define(
    "marked between", "between the clue's two numbers of the cells hold their second value", (2, 2),
    _between_machine,
)  # fmt: skip
