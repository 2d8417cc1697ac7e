"""Builders for the common Sudoku variants, each a :class:`~sudokit.model.Grid` made in one call.

Every variant is expressed with the model's three kinds of rule: all-different units (rows, columns,
boxes, regions, diagonals, windows), pairwise relations (anti-knight, anti-king, non-consecutive)
and cages (killer).  Builders that add rules take a grid and return a new one, so they combine:
``killer(anti_knight(Grid.classic(9)), cages)``.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import replace

from sudokit.english import article
from sudokit.errors import GridError
from sudokit.model import (
    Cage,
    Cell,
    Grid,
    Link,
    Puzzle,
    Relation,
    Unit,
    cell_name,
    default_box,
    default_symbols,
)

MULTI_GRID_LAYOUTS: dict[str, tuple[tuple[int, int], ...]] = {
    "twodoku": ((0, 0), (6, 6)),
    "butterfly": ((0, 0), (0, 3), (3, 0), (3, 3)),
    "flower": ((0, 3), (3, 0), (3, 3), (3, 6), (6, 3)),
    "sohei": ((0, 6), (6, 0), (6, 12), (12, 6)),
    "samurai": ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12)),
    "windmill": ((0, 3), (3, 12), (6, 6), (9, 0), (12, 9)),
}
"""Top-left corners of the 9x9 grids of the standard multi-grid layouts."""


def with_units(grid: Grid, groups: Iterable[Sequence[Cell]], name: str = "group") -> Grid:
    """The grid with extra all-different units, each given as (row, column) cells."""
    units = list(grid.units)
    for number, group in enumerate(groups, 1):
        cells = []
        for cell in group:
            if cell not in grid.index:
                raise GridError(f"{name} {number}: {cell_name(cell)} is not a cell of the grid")
            cells.append(grid.index[cell])
        if len(set(cells)) != len(cells):
            raise GridError(f"{name} {number} names a cell twice")
        units.append(Unit(f"{name} {number}", tuple(cells)))
    return replace(grid, units=tuple(units), _memo={})


def diagonals(grid: Grid, which: str = "both") -> Grid:
    """X-sudoku: the main diagonal (``main``), the anti-diagonal (``anti``) or both hold each symbol once."""
    n = _square(grid, "diagonals")
    lines = {
        "main diagonal": [(i, i) for i in range(n)],
        "anti-diagonal": [(i, n - 1 - i) for i in range(n)],
    }
    chosen = {"both": list(lines), "main": ["main diagonal"], "anti": ["anti-diagonal"]}.get(which)
    if chosen is None:
        raise GridError(f"diagonals are 'both', 'main' or 'anti', not {which!r}")
    extra = [Unit(name, tuple(grid.index[c] for c in lines[name])) for name in chosen]
    return replace(grid, units=grid.units + tuple(extra), _memo={})


def windoku(grid: Grid) -> Grid:
    """Windoku (hyper sudoku): extra windows the size of a box, one cell in from the boxes' corners.

    A 9x9 gets the four windows at r2c2, r2c6, r6c2 and r6c6; square boxes of side b give (b-1)^2.
    """
    _square(grid, "windows")
    side = _box(grid)
    if side[0] != side[1]:
        raise GridError("windoku windows need square boxes")
    b = side[0]
    starts = [1 + k * (b + 1) for k in range(b - 1)]
    windows = [[(top + i, left + j) for i in range(b) for j in range(b)] for top in starts for left in starts]
    return with_units(grid, windows, "window")


def disjoint_groups(grid: Grid) -> Grid:
    """Disjoint groups: the cells at the same position in every box hold each symbol once."""
    n = _square(grid, "disjoint groups")
    rows, cols = _box(grid)
    groups = [
        [(top + i, left + j) for top in range(0, n, rows) for left in range(0, n, cols)]
        for i in range(rows)
        for j in range(cols)
    ]
    return with_units(grid, groups, "disjoint group")


def centre_dot(grid: Grid) -> Grid:
    """Centre-dot: the centre cells of the boxes hold each symbol once (boxes of odd sides)."""
    n = _square(grid, "centre dots")
    rows, cols = _box(grid)
    if rows % 2 == 0 or cols % 2 == 0:
        raise GridError("centre dots need boxes with a centre cell (odd sides)")
    cells = [(top + rows // 2, left + cols // 2) for top in range(0, n, rows) for left in range(0, n, cols)]
    return with_units(grid, [cells], "centre dots")


KNIGHT_MOVES = ((1, 2), (2, 1), (1, -2), (2, -1))
KING_MOVES = ((0, 1), (1, 0), (1, 1), (1, -1))
ORTHOGONAL = ((0, 1), (1, 0))


def anti_knight(grid: Grid) -> Grid:
    """Anti-knight: two cells a chess knight's move apart never hold the same symbol."""
    return with_relations(grid, KNIGHT_MOVES, {0}, "antiknight")


def anti_king(grid: Grid) -> Grid:
    """Anti-king: two cells that touch, diagonally included, never hold the same symbol."""
    return with_relations(grid, KING_MOVES, {0}, "antiking")


def non_consecutive(grid: Grid) -> Grid:
    """Non-consecutive: orthogonal neighbours never hold consecutive symbols (4 and 5, or B and C)."""
    return with_relations(grid, ORTHOGONAL, {1}, "nonconsecutive")


def with_relations(grid: Grid, moves: Iterable[tuple[int, int]], distances: set[int], kind: str) -> Grid:
    """The grid with a relation between every cell and the cell each move (row, column step) leads to."""
    found = []
    forbidden = frozenset(distances)
    for a, (r, c) in enumerate(grid.cells):
        for dr, dc in moves:
            b = grid.index.get((r + dr, c + dc))
            if b is not None:
                found.append(Relation((a, b), forbidden, kind))
    return replace(grid, relations=grid.relations + tuple(found), _memo={})


def killer(grid: Grid, cages: Iterable[tuple[Sequence[Cell], int | None]]) -> Grid:
    """Killer sudoku: cages of (row, column) cells with a sum (None: no sum), symbols differ in each."""
    made = []
    for number, (cells, total) in enumerate(cages, 1):
        indexes = []
        for cell in cells:
            if cell not in grid.index:
                raise GridError(f"cage {number}: {cell_name(cell)} is not a cell of the grid")
            indexes.append(grid.index[cell])
        made.append(Cage(tuple(indexes), total))
    return replace(grid, cages=grid.cages + tuple(made), _memo={})


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
    made = []
    for a, b in pairs:
        for cell in (a, b):
            if cell not in grid.index:
                raise GridError(f"{kind}: {cell_name(cell)} is not a cell of the grid")
        made.append(Link((grid.index[a], grid.index[b]), rule, value, negated, kind))
    return replace(grid, links=grid.links + tuple(made), _memo={})


def _steps(line: Sequence[Cell]) -> list[tuple[Cell, Cell]]:
    return list(itertools.pairwise(line))


def thermometer(grid: Grid, line: Sequence[Cell], *, slow: bool = False) -> Grid:
    """A thermometer: values increase from the bulb (the first cell) along the line (slow: or stay)."""
    return with_links(grid, _steps(line), "less_or_equal" if slow else "less", kind="thermometer")


def palindrome(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A palindrome line: it reads the same from either end."""
    pairs = [(line[k], line[-1 - k]) for k in range(len(line) // 2)]
    return with_links(grid, pairs, "equal", kind="palindrome")


def whispers(grid: Grid, line: Sequence[Cell], difference: int = 5) -> Grid:
    """A whispers line: neighbours on it differ by at least ``difference`` (German whispers: 5)."""
    return with_links(grid, _steps(line), "difference_at_least", difference, kind="whispers")


def dots(
    grid: Grid,
    clues: Sequence[tuple[Iterable[tuple[Cell, Cell]], str, int]],
    kind: str,
    *,
    negative: bool = False,
) -> Grid:
    """Clues on the edge between two neighbours: for each (pairs, link rule, value), a link per pair.

    With ``negative``, every pair of orthogonal neighbours without a clue breaks every clue's rule.
    """
    marked: list[tuple[Cell, Cell]] = []
    for pairs, rule, value in clues:
        chosen = list(pairs)
        grid = with_links(grid, chosen, rule, value, kind=kind)
        marked += chosen
    if negative:
        grid = negative_dots(grid, marked, [(rule, value) for _, rule, value in clues], kind)
    return grid


def negative_dots(
    grid: Grid, marked: Iterable[tuple[Cell, Cell]], rules: Iterable[tuple[str, int]], kind: str
) -> Grid:
    """The negative constraint ("no clue means not") of edge clues.

    Every pair of orthogonal neighbours not in ``marked`` breaks each (link rule, value) of ``rules``.
    """
    taken = {frozenset(pair) for pair in marked}
    free = [pair for pair in orthogonal_pairs(grid) if frozenset(pair) not in taken]
    for rule, value in rules:
        grid = with_links(grid, free, rule, value, negated=True, kind=kind)
    return grid


def kropki(
    grid: Grid,
    white: Iterable[tuple[Cell, Cell]] = (),
    black: Iterable[tuple[Cell, Cell]] = (),
    *,
    negative: bool = False,
) -> Grid:
    """Kropki dots: white between consecutive values, black where one is double the other.

    With ``negative``, every other pair of orthogonal neighbours is neither.
    """
    return dots(grid, [(white, "difference", 1), (black, "ratio", 2)], "kropki", negative=negative)


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
    return dots(grid, [(x, "sum", 10), (v, "sum", 5)], "xv", negative=negative)


def orthogonal_pairs(grid: Grid) -> list[tuple[Cell, Cell]]:
    """Every pair of orthogonally adjacent cells, once."""
    return [
        ((r, c), (r + dr, c + dc))
        for r, c in grid.cells
        for dr, dc in ORTHOGONAL
        if (r + dr, c + dc) in grid.index
    ]


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
    grid = puzzle.grid
    odd_symbols = [s for s, v in zip(grid.symbols, grid.values, strict=True) if v % 2]
    even_symbols = [s for s, v in zip(grid.symbols, grid.values, strict=True) if not v % 2]
    return restrict(restrict(puzzle, odd, odd_symbols), even, even_symbols)


PAIRWISE_RULES = {"antiknight": anti_knight, "antiking": anti_king, "nonconsecutive": non_consecutive}
"""The named pairwise rules that apply to every cell of a grid, by the name formats write them with."""


def named_relations(grid: Grid) -> tuple[list[str], list[Relation]]:
    """The named pairwise rules whose every relation the grid holds, and the relations left over.

    Formats write a whole rule by its name (``antiknight``) and only the rest pair by pair.
    """
    left = set(grid.relations)
    names = []
    if left:
        plain = replace(grid, relations=(), cages=(), _memo={})
        for name, build in PAIRWISE_RULES.items():
            made = set(build(plain).relations)
            if made and made <= left:
                names.append(name)
                left -= made
    return names, [r for r in grid.relations if r in left]


RULES = {
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


def _square(grid: Grid, what: str) -> int:
    if not grid.is_rectangular or grid.rows != grid.cols or grid.rows != grid.size:
        raise GridError(f"{what} need a square n x n grid")
    return grid.rows


def _box(grid: Grid) -> tuple[int, int]:
    if grid.box is None:
        raise GridError("this variant needs a grid with boxes")
    return grid.box
