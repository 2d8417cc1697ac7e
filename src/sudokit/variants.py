"""Builders for the common Sudoku variants, each a :class:`~sudokit.model.Grid` made in one call.

Layouts (classic boxes, multi-grids, extra houses) are grids; every other rule is a constraint of
:mod:`sudokit.constraints`, and the builders here add one: ``thermometer(grid, line)`` is
``grid.with_constraints(Thermometer(line))``.  Builders take a grid and return a new one, so they
combine: ``killer(anti_knight(Grid.classic(9)), cages)``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from sudokit import automata
from sudokit.constraints.base import Constraint
from sudokit.constraints.base import orthogonal_pairs as _orthogonal_pairs
from sudokit.constraints.cages.killer import Killer, SumCage
from sudokit.constraints.cells.contains import (
    ContainAtLeast,
    ContainExact,
    CountDistinct,
    EqualityCage,
    LookAndSay,
)
from sudokit.constraints.cells.extremum import Maximum, Minimum
from sudokit.constraints.cells.odd_even import Even, Odd
from sudokit.constraints.cells.quadruple import Quadruple
from sudokit.constraints.dots.kropki import BLACK, WHITE, Kropki
from sudokit.constraints.dots.negative import AntiXV, NegativeRatio, NonConsecutive
from sudokit.constraints.dots.xv import XV
from sudokit.constraints.families import OUTSIDE_SIDES, outside_cells
from sudokit.constraints.generic.primitives import CustomLink, CustomRelation, CustomSum
from sudokit.constraints.grid_rules.chess import AntiKing, AntiKnight, Leaper
from sudokit.constraints.grid_rules.diagonal import Diagonal
from sudokit.constraints.grid_rules.units import CentreDot, DisjointGroups, Windoku
from sudokit.constraints.lines.arrow import Arrow
from sudokit.constraints.lines.between import Between
from sudokit.constraints.lines.clone import Clone
from sudokit.constraints.lines.double_arrow import DoubleArrow
from sudokit.constraints.lines.entropic import Entropic, Modular
from sudokit.constraints.lines.nabner import Nabner
from sudokit.constraints.lines.palindrome import Palindrome
from sudokit.constraints.lines.regex import RegexLine
from sudokit.constraints.lines.region_sum import RegionSum
from sudokit.constraints.lines.renban import Renban
from sudokit.constraints.lines.thermometer import SlowThermometer, Thermometer
from sudokit.constraints.lines.whispers import Whispers, dutch_gap, german_gap
from sudokit.constraints.lines.zipper import Zipper
from sudokit.constraints.outside.little_killer import LittleKiller
from sudokit.constraints.outside.sandwich import Sandwich
from sudokit.constraints.outside.skyscraper import Skyscraper
from sudokit.constraints.outside.x_sum import XSum
from sudokit.constraints.regions.chaos import ChaosConstruction
from sudokit.constraints.regions.extra_region import ExtraRegion
from sudokit.constraints.shading.yin_yang import ShadedCount, ShadedDigits, ShadedGiven, YinYang
from sudokit.english import article
from sudokit.errors import GridError
from sudokit.model import Cell, Grid, Puzzle, Sum, Unit, cell_name, default_box, default_symbols

__all__ = ["OUTSIDE_SIDES", "dutch_gap", "german_gap", "outside_cells"]

MULTI_GRID_LAYOUTS: dict[str, tuple[tuple[int, int], ...]] = {
    "twodoku": ((0, 0), (6, 6)),
    "butterfly": ((0, 0), (0, 3), (3, 0), (3, 3)),
    "flower": ((0, 3), (3, 0), (3, 3), (3, 6), (6, 3)),
    "sohei": ((0, 6), (6, 0), (6, 12), (12, 6)),
    "samurai": ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12)),
    "windmill": ((0, 3), (3, 12), (6, 6), (9, 0), (12, 9)),
}
"""Top-left corners of the 9x9 grids of the standard multi-grid layouts."""


def with_constraints(grid: Grid, *constraints: Constraint) -> Grid:
    """The grid with more constraints (see :mod:`sudokit.constraints`)."""
    return grid.with_constraints(*constraints)


def with_units(grid: Grid, groups: Iterable[Sequence[Cell]], name: str = "group") -> Grid:
    """The grid with extra all-different houses, each given as (row, column) cells."""
    units = list(grid.houses)
    for number, group in enumerate(groups, 1):
        cells = []
        for cell in group:
            if cell not in grid.index:
                raise GridError(f"{name} {number}: {cell_name(cell)} is not a cell of the grid")
            cells.append(grid.index[cell])
        if len(set(cells)) != len(cells):
            raise GridError(f"{name} {number} names a cell twice")
        units.append(Unit(f"{name} {number}", tuple(cells)))
    return replace(grid, houses=tuple(units), _memo={})


def extra_region(grid: Grid, cells: Sequence[Cell]) -> Grid:
    """An extra region: the cells hold different digits."""
    return grid.with_constraints(ExtraRegion(tuple(cells)))


def diagonals(grid: Grid, which: str = "both") -> Grid:
    """X-sudoku: the main diagonal (``main``), the anti-diagonal (``anti``) or both hold each symbol once."""
    chosen = {"both": ("main", "anti"), "main": ("main",), "anti": ("anti",)}.get(which)
    if chosen is None:
        raise GridError(f"diagonals are 'both', 'main' or 'anti', not {which!r}")
    return grid.with_constraints(*(Diagonal(d) for d in chosen))


def windoku(grid: Grid) -> Grid:
    """Windoku (hyper sudoku): extra windows the size of a box, one cell in from the boxes' corners."""
    return grid.with_constraints(Windoku())


def disjoint_groups(grid: Grid) -> Grid:
    """Disjoint groups: the cells at the same position in every box hold each symbol once."""
    return grid.with_constraints(DisjointGroups())


def centre_dot(grid: Grid) -> Grid:
    """Centre-dot: the centre cells of the boxes hold each symbol once (boxes of odd sides)."""
    return grid.with_constraints(CentreDot())


def anti_knight(grid: Grid) -> Grid:
    """Anti-knight: two cells a chess knight's move apart never hold the same symbol."""
    return grid.with_constraints(AntiKnight())


def anti_king(grid: Grid) -> Grid:
    """Anti-king: two cells that touch, diagonally included, never hold the same symbol."""
    return grid.with_constraints(AntiKing())


def anti_leaper(grid: Grid, *offsets: tuple[int, int]) -> Grid:
    """Anti-leaper: cells a leap of each (a, b) apart (in any direction) never hold the same symbol."""
    return grid.with_constraints(Leaper(tuple(offsets)))


def non_consecutive(grid: Grid) -> Grid:
    """Non-consecutive: orthogonal neighbours hold no consecutive symbols, unless a kropki dot joins them."""
    return grid.with_constraints(NonConsecutive())


def with_relations(grid: Grid, moves: Iterable[tuple[int, int]], distances: set[int], kind: str) -> Grid:
    """The grid with a relation between every cell and the cell each move (row, column step) leads to."""
    found = []
    forbidden = tuple(sorted(distances))
    for r, c in grid.cells:
        for dr, dc in moves:
            if (r + dr, c + dc) in grid.index:
                found.append(CustomRelation((r, c), (r + dr, c + dc), forbidden, kind))
    return grid.with_constraints(*found)


def killer(grid: Grid, cages: Iterable[tuple[Sequence[Cell], int | None]]) -> Grid:
    """Killer sudoku: cages of (row, column) cells with a sum (None: no sum), symbols differ in each."""
    return grid.with_constraints(*(Killer(tuple(cells), total) for cells, total in cages))


def sum_cage(grid: Grid, cells: Sequence[Cell], total: int) -> Grid:
    """A killer cage whose digits may repeat: only their sum is given."""
    return grid.with_constraints(SumCage(tuple(cells), total))


def with_links(
    grid: Grid,
    pairs: Iterable[tuple[Cell, Cell]],
    rule: str,
    value: int = 0,
    *,
    negated: bool = False,
    kind: str = "custom",
) -> Grid:
    """The grid with a link (see :class:`~sudokit.model.Link`) between each pair of (row, column) cells."""
    return grid.with_constraints(*(CustomLink(a, b, rule, value, negated, kind) for a, b in pairs))


def with_sums(grid: Grid, sums: Iterable[Sum]) -> Grid:
    """The grid with more sums (see :class:`~sudokit.model.Sum`), their cells as indexes."""
    return grid.with_constraints(
        *(CustomSum(tuple(grid.cells[c] for c in s.cells), s.total, s.coefficients, s.kind) for s in sums)
    )


def thermometer(grid: Grid, line: Sequence[Cell], *, slow: bool = False) -> Grid:
    """A thermometer: values increase from the bulb (the first cell) along the line (slow: or stay)."""
    return grid.with_constraints((SlowThermometer if slow else Thermometer)(tuple(line)))


def palindrome(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A palindrome line: it reads the same from either end."""
    return grid.with_constraints(Palindrome(tuple(line)))


def whispers(grid: Grid, line: Sequence[Cell], difference: int | None = None) -> Grid:
    """A German whispers line: neighbours on it differ by at least ``difference`` (5 on 9x9 by default)."""
    return grid.with_constraints(Whispers(tuple(line), difference))


def dutch_whispers(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A Dutch whispers line: neighbours differ by at least 4 on 9x9 (half the size, less one, rounded up)."""
    return grid.with_constraints(Whispers(tuple(line), dutch_gap(grid.size)))


def nabner(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A nabner line: its digits differ and no two of them are consecutive."""
    return grid.with_constraints(Nabner(tuple(line)))


def clone(grid: Grid, cells: Sequence[Cell], copies: Sequence[Cell]) -> Grid:
    """Clones: each cell of ``copies`` holds the same digit as the cell of ``cells`` in its place."""
    return grid.with_constraints(Clone(tuple(cells), tuple(copies)))


def arrow(grid: Grid, circle: Sequence[Cell], shaft: Sequence[Cell]) -> Grid:
    """An arrow: the circle's digits, read as one number, equal the sum of the digits on its shaft."""
    return grid.with_constraints(Arrow(tuple(circle), tuple(shaft)))


def double_arrow(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A double arrow: the two ends of the line add up to the sum of the cells between them."""
    return grid.with_constraints(DoubleArrow(tuple(line)))


def zipper(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A zipper line: digits the same distance from its centre add up to the same value."""
    return grid.with_constraints(Zipper(tuple(line)))


def region_sum_line(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A region sum line: its digits add up to the same total in each box or region it passes through."""
    return grid.with_constraints(RegionSum(tuple(line)))


def renban(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A renban line: different digits that form a run of consecutive numbers, in any order."""
    return grid.with_constraints(Renban(tuple(line)))


def between(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A between line: every digit on it lies strictly between the digits in the circles at its ends."""
    return grid.with_constraints(Between(tuple(line)))


def entropic(grid: Grid, line: Sequence[Cell]) -> Grid:
    """An entropic line: any three cells in a row on it hold a low, a middle and a high digit."""
    return grid.with_constraints(Entropic(tuple(line)))


def modular(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A modular line: any three cells in a row on it hold digits of different remainders modulo 3."""
    return grid.with_constraints(Modular(tuple(line)))


def quadruple(grid: Grid, corner: Cell, digits: Sequence[int]) -> Grid:
    """A quadruple: the digits appear in the four cells whose top-left one is ``corner``."""
    return grid.with_constraints(Quadruple.at(grid, corner, tuple(digits)))


def contain_at_least(grid: Grid, cells: Sequence[Cell], digits: Sequence[int]) -> Grid:
    """The cells hold every listed digit, at least as often as listed (ISS ContainAtLeast)."""
    return grid.with_constraints(ContainAtLeast(tuple(cells), tuple(digits)))


def contain_exact(grid: Grid, cells: Sequence[Cell], digits: Sequence[int]) -> Grid:
    """The cells hold each listed digit exactly as often as listed; others are free (ISS ContainExact)."""
    return grid.with_constraints(ContainExact(tuple(cells), tuple(digits)))


def look_and_say(grid: Grid, cells: Sequence[Cell], clue: str) -> Grid:
    """A look-and-say clue read as (count, digit) pairs: ``"1223"``, one 2 and two 3s (ISS LookAndSay)."""
    if not clue.isdigit() or len(clue) % 2:
        raise GridError(f"a look-and-say clue is (count, digit) pairs of digits, not {clue!r}")
    pairs = tuple((int(clue[k]), int(clue[k + 1])) for k in range(0, len(clue), 2))
    return grid.with_constraints(LookAndSay(tuple(cells), pairs))


def equality_cage(grid: Grid, cells: Sequence[Cell]) -> Grid:
    """Different digits, as many even as odd and as many low as high; no middle digit (ISS EqualityCage)."""
    return grid.with_constraints(EqualityCage(tuple(cells)))


def count_distinct(grid: Grid, control: Cell, cells: Sequence[Cell]) -> Grid:
    """The control cell's digit is how many different digits the cells hold (ISS CountDistinct)."""
    return grid.with_constraints(CountDistinct(control, tuple(cells)))


def regex_line(grid: Grid, cells: Sequence[Cell], pattern: str) -> Grid:
    """A line whose digits, read from its first cell, match a regular expression (ISS Regex)."""
    return grid.with_constraints(RegexLine(tuple(cells), pattern))


def yin_yang(grid: Grid) -> Grid:
    """Yin-yang: shade cells so that each colour is one orthogonally connected area, no 2x2 of one colour.

    Solutions then carry each cell's shading (``Solution.unknowns``), and count with it.
    """
    return grid.with_constraints(YinYang())


def chaos_construction(n: int = 9) -> Grid:
    """Chaos construction on an n x n grid: the solver draws n connected regions, each holding every digit."""
    return Grid.latin(n).with_constraints(ChaosConstruction())


def shaded(grid: Grid, cells: Iterable[Cell], *, shaded: bool = True) -> Grid:
    """Cells given as shaded (or, with ``shaded=False``, as unshaded)."""
    return grid.with_constraints(*(ShadedGiven(cell, shaded) for cell in cells))


def shaded_digits(grid: Grid, *, shaded: Iterable[int] = (), unshaded: Iterable[int] = ()) -> Grid:
    """The digits shaded cells hold and those unshaded cells hold (empty: any): "shaded cells are odd"."""
    return grid.with_constraints(ShadedDigits(tuple(shaded), tuple(unshaded)))


def shaded_count(grid: Grid, clue: Cell, counted: Sequence[Cell]) -> Grid:
    """A clue cell whose digit is the number of shaded cells among ``counted`` (its neighbours, say)."""
    return grid.with_constraints(ShadedCount(clue, tuple(counted)))


def sandwich(grid: Grid, side: str, index: int, total: int) -> Grid:
    """A sandwich clue: the digits between the lowest and highest digit of the row or column add up to it."""
    return grid.with_constraints(Sandwich.at(grid, side, index, total))


def x_sum(grid: Grid, side: str, index: int, total: int) -> Grid:
    """An X-sum clue: the first X digits seen from the clue add up to it, X being the first digit."""
    return grid.with_constraints(XSum.at(grid, side, index, total))


def skyscraper(grid: Grid, side: str, index: int, count: int) -> Grid:
    """A skyscraper clue: seen from the clue, this many digits are higher than every digit before them."""
    return grid.with_constraints(Skyscraper.at(grid, side, index, count))


def little_killer(grid: Grid, cells: Sequence[Cell], total: int) -> Grid:
    """A little killer clue: the digits of the diagonal ``cells`` (from the clue) add up to ``total``."""
    return grid.with_constraints(LittleKiller(tuple(cells), total))


def minimum(grid: Grid, cell: Cell) -> Grid:
    """A minimum cell: less than each orthogonal neighbour that is not a minimum cell."""
    return grid.with_constraints(Minimum(cell))


def maximum(grid: Grid, cell: Cell) -> Grid:
    """A maximum cell: more than each orthogonal neighbour that is not a maximum cell."""
    return grid.with_constraints(Maximum(cell))


_LINE_RULES: dict[str, Callable[[tuple[Cell, ...], tuple[int, ...]], Constraint]] = {
    "renban": lambda cells, clue: Renban(cells),
    "between": lambda cells, clue: Between(cells),
    "entropic": lambda cells, clue: Entropic(cells),
    "modular": lambda cells, clue: Modular(cells),
    "sandwich": lambda cells, clue: Sandwich(cells, clue[0]),
    "x-sum": lambda cells, clue: XSum(cells, clue[0]),
    "skyscraper": lambda cells, clue: Skyscraper(cells, clue[0]),
}


def with_line_rule(grid: Grid, kind: str, cells: Sequence[Cell], clue: Sequence[int] = ()) -> Grid:
    """The grid with a rule over (row, column) cells read in order (a kind of :data:`.automata.KINDS`)."""
    if kind == "quadruple":
        return grid.with_constraints(Quadruple(tuple(cells), tuple(clue)))
    build = _LINE_RULES.get(kind)
    if build is None:
        raise GridError(f"unknown rule kind {kind!r} (known: {', '.join(automata.KINDS)})")
    fewest, most = automata.KINDS[kind].clue
    if not fewest <= len(clue) <= most:
        wanted = "no clue" if most == 0 else "a number"
        raise GridError(f"a {kind} rule takes {wanted}, not {list(clue)}")
    return grid.with_constraints(build(tuple(cells), tuple(clue)))


LINES: dict[str, Callable[[Grid, Sequence[Cell]], Grid]] = {
    "thermometer": thermometer,
    "slow thermometer": functools.partial(thermometer, slow=True),
    "palindrome": palindrome,
    "whispers": whispers,
    "dutch whispers": dutch_whispers,
    "renban": renban,
    "between": between,
    "entropic": entropic,
    "modular": modular,
    "region sum": region_sum_line,
    "zipper": zipper,
    "double arrow": double_arrow,
    "nabner": nabner,
}
"""The line constraints by name: each builder takes a grid and the line's (row, column) cells in order."""


def kropki(
    grid: Grid,
    white: Iterable[tuple[Cell, Cell]] = (),
    black: Iterable[tuple[Cell, Cell]] = (),
    *,
    negative: bool = False,
) -> Grid:
    """Kropki dots: white between consecutive values, black where one is double the other.

    With ``negative``, every other pair of orthogonal neighbours is neither (all dots are given:
    the non-consecutive rule and the negative black-dot rule).
    """
    made: list[Constraint] = [Kropki(a, b, WHITE) for a, b in white]
    made += [Kropki(a, b, BLACK) for a, b in black]
    if negative:
        made += [NonConsecutive(), NegativeRatio()]
    return grid.with_constraints(*made)


def xv(
    grid: Grid,
    x: Iterable[tuple[Cell, Cell]] = (),
    v: Iterable[tuple[Cell, Cell]] = (),
    *,
    negative: bool = False,
) -> Grid:
    """XV: an X between cells that add up to 10, a V where they add up to 5.

    With ``negative``, no other orthogonal neighbours add up to 5 or 10.
    """
    made: list[Constraint] = [XV(a, b, 10) for a, b in x]
    made += [XV(a, b, 5) for a, b in v]
    if negative:
        made.append(AntiXV())
    return grid.with_constraints(*made)


def orthogonal_pairs(grid: Grid) -> list[tuple[Cell, Cell]]:
    """Every pair of orthogonally adjacent cells, once."""
    return _orthogonal_pairs(grid)


def multi_grid(
    corners: Sequence[tuple[int, int]],
    size: int = 9,
    box: tuple[int, int] | None = None,
    symbols: Sequence[str] | str | None = None,
) -> Grid:
    """Overlapping classic grids (samurai and its kin): each of size x size, with its top-left corner.

    The cells are the union of the grids; each grid brings its rows, columns and boxes (a box shared
    by two grids is one unit).  Overlaps must line up with the boxes.
    """
    if not corners:
        raise GridError("a multi-grid needs at least one grid")
    rows, cols = box if box is not None else default_box(size)
    alphabet = tuple(symbols) if symbols is not None else default_symbols(size)
    if len(alphabet) != size:
        raise GridError(f"{article(f'{size}x{size}')} grid needs {size} symbols, got {len(alphabet)}")
    for k, (top, left) in enumerate(corners):
        if top < 0 or left < 0:
            raise GridError(f"grid {k + 1}: its corner ({top}, {left}) lies outside the frame")
        if (top - corners[0][0]) % rows or (left - corners[0][1]) % cols:
            raise GridError(f"grid {k + 1} at ({top}, {left}) does not line up with the boxes of grid 1")
    cells = sorted({(top + r, left + c) for top, left in corners for r in range(size) for c in range(size)})
    index = {cell: i for i, cell in enumerate(cells)}
    units: list[Unit] = []
    seen: set[tuple[int, ...]] = set()
    for k, (top, left) in enumerate(corners, 1):
        parts: list[tuple[str, str, list[Cell]]] = []
        for i in range(size):
            parts.append(("row", f"row {i + 1}", [(top + i, left + c) for c in range(size)]))
            parts.append(("column", f"column {i + 1}", [(top + r, left + i) for r in range(size)]))
        number = 0
        for bt in range(0, size, rows):
            for bl in range(0, size, cols):
                number += 1
                members = [(top + bt + i, left + bl + j) for i in range(rows) for j in range(cols)]
                parts.append(("box", f"box {number}", members))
        for kind, name, members in parts:
            key = tuple(sorted(index[m] for m in members))
            if key in seen:
                continue  # a box two grids share
            seen.add(key)
            units.append(Unit(f"grid {k} {name}", tuple(index[m] for m in members), kind))
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    # boxes on the frame's own box lattice (every standard layout): kept, so that printing can draw them
    aligned = all(top % rows == 0 and left % cols == 0 for top, left in corners)
    return Grid(alphabet, tuple(cells), tuple(units), height, width, (rows, cols) if aligned else None)


def corners_from_shape(
    cells: Iterable[Cell], size: int = 9, box: tuple[int, int] | None = None
) -> list[Cell]:
    """The top-left corners of the size x size grids whose union is exactly ``cells``.

    Grids are squares inside the shape, lined up on one lattice of boxes; the answer is the smallest
    set of them that covers every cell.  GridError when no set does, or when two sets of that size do
    (the shape is ambiguous: name the corners, or the layout, instead).
    """
    shape = set(cells)
    if not shape:
        raise GridError("the shape has no cells")
    rows, cols = box if box is not None else default_box(size)
    top, left = min(r for r, _ in shape), min(c for _, c in shape)
    squares: list[Cell] = [
        (r, c) for r, c in shape if all((r + i, c + j) in shape for i in range(size) for j in range(size))
    ]
    best: list[list[Cell]] = []
    extra: list[Cell] = []
    for dr in range(rows):
        for dc in range(cols):
            aligned = [
                (r, c) for r, c in squares if (r - top - dr) % rows == 0 and (c - left - dc) % cols == 0
            ]
            for cover in _covers(shape, aligned, size):
                if not best or len(cover) < len(best[0]):
                    best, extra = [cover], sorted(set(aligned) - set(cover))
                elif len(cover) == len(best[0]) and sorted(cover) not in [sorted(b) for b in best]:
                    best.append(cover)
    if not best:
        raise GridError(f"the shape is not a union of {size}x{size} grids lined up on their boxes")
    if len(best) > 1:
        options = " or ".join(str(sorted(cover)) for cover in best[:2])
        raise GridError(
            f"the shape can be made of {size}x{size} grids in more than one way: corners {options}"
        )
    if extra:  # a grid inside the others' cells (a flower's centre) may or may not be one of the puzzle's
        raise GridError(
            f"the shape is ambiguous: grids at {sorted(best[0])} cover it, and the {size}x{size} square at "
            f"{extra[0]} lies inside it too; name the layout or list the corners"
        )
    return sorted(best[0])


def _covers(shape: set[Cell], squares: list[Cell], size: int, limit: int = 2) -> list[list[Cell]]:
    """The smallest sets of squares (top-left corners) covering the shape exactly, at most ``limit``."""
    covering: dict[Cell, list[Cell]] = {cell: [] for cell in shape}
    for r, c in squares:
        for i in range(size):
            for j in range(size):
                covering[(r + i, c + j)].append((r, c))
    if any(not options for options in covering.values()):
        return []
    found: list[list[Cell]] = []
    bound = [len(squares) + 1]

    def search(chosen: list[Cell], covered: set[Cell]) -> None:
        if len(chosen) > bound[0]:
            return
        left = shape - covered
        if not left:
            if len(chosen) < bound[0]:
                bound[0] = len(chosen)
                found.clear()
            if len(found) < limit:
                found.append(list(chosen))
            return
        if len(chosen) == bound[0]:
            return
        cell = min(left, key=lambda x: (len(covering[x]), x))
        for r, c in covering[cell]:
            chosen.append((r, c))
            search(chosen, covered | {(r + i, c + j) for i in range(size) for j in range(size)})
            chosen.pop()

    search([], set())
    return found


def named_multi_grid(name: str, symbols: Sequence[str] | str | None = None) -> Grid:
    """One of the standard layouts of 9x9 grids by name (see :data:`MULTI_GRID_LAYOUTS`)."""
    corners = MULTI_GRID_LAYOUTS.get(name)
    if corners is None:
        raise GridError(f"unknown multi-grid {name!r} (known: {', '.join(MULTI_GRID_LAYOUTS)})")
    return _named(name, tuple(symbols) if symbols is not None else None)


@functools.lru_cache(maxsize=32)
def _named(name: str, symbols: tuple[str, ...] | None) -> Grid:
    """Standard layouts are built once (they are immutable, and reading text asks for them often)."""
    return multi_grid(MULTI_GRID_LAYOUTS[name], 9, (3, 3), symbols)


def restrict(puzzle: Puzzle, cells: Iterable[Cell], symbols: Iterable[str]) -> Puzzle:
    """The puzzle with some cells limited to some symbols (on top of any limits it had)."""
    grid = puzzle.grid
    mask = 0
    for symbol in symbols:
        mask |= 1 << grid.symbol_of(symbol)
    allowed = list(puzzle.allowed or (grid.full_mask,) * len(grid.cells))
    for cell in cells:
        if cell not in grid.index:
            raise GridError(f"{cell_name(cell)} is not a cell of the grid")
        allowed[grid.index[cell]] &= mask
    return Puzzle(grid, puzzle.givens, tuple(allowed), puzzle.metadata)


def odd_even(puzzle: Puzzle, odd: Iterable[Cell] = (), even: Iterable[Cell] = ()) -> Puzzle:
    """Odd/even sudoku: the ``odd`` cells hold odd symbols, the ``even`` cells even ones (by value)."""
    marks: list[Constraint] = [Odd(cell) for cell in odd]
    marks += [Even(cell) for cell in even]
    return Puzzle(puzzle.grid.with_constraints(*marks), puzzle.givens, puzzle.allowed, puzzle.metadata)


PAIRWISE_RULES: dict[str, Callable[[Grid], Grid]] = {
    "antiknight": anti_knight,
    "antiking": anti_king,
    "nonconsecutive": non_consecutive,
}
"""The named pairwise rules that apply to every cell of a grid, by the name formats write them with."""

RULES: dict[str, Callable[[Grid], Grid]] = {
    "x": diagonals,
    "windoku": windoku,
    "disjoint-groups": disjoint_groups,
    "centre-dot": centre_dot,
    **PAIRWISE_RULES,
}
"""Variants that add rules to a grid, by the name the command line's ``--variant`` takes."""

VARIANT_NAMES = (*MULTI_GRID_LAYOUTS, *RULES)
"""Every name ``--variant`` takes: the multi-grid layouts, then the added rules."""


def add_rules(grid: Grid, name: str) -> Grid:
    """The grid with the rules of a named variant (see :data:`RULES`)."""
    build = RULES.get(name)
    if build is None:
        raise GridError(f"unknown variant {name!r} (known: {', '.join(VARIANT_NAMES)})")
    return build(grid)


Removal = Callable[[Grid], Grid]
"""A function that takes one constraint out of a grid."""


def constraints(grid: Grid) -> list[tuple[str, Removal]]:
    """The constraints a setter placed, each named and with a function that removes it from a grid."""
    return [
        (constraint.describe(grid), functools.partial(_without, constraint=constraint))
        for constraint in grid.constraints
    ]


def _without(grid: Grid, constraint: Constraint) -> Grid:
    return grid.without(constraint)
