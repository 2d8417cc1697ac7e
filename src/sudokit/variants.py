"""Builders for the common Sudoku variants, each a :class:`~sudokit.model.Grid` made in one call.

Every variant is expressed with the model's three kinds of rule: all-different units (rows, columns,
boxes, regions, diagonals, windows), pairwise relations (anti-knight, anti-king, non-consecutive)
and cages (killer).  Builders that add rules take a grid and return a new one, so they combine:
``killer(anti_knight(Grid.classic(9)), cages)``.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from sudokit.english import article, plural
from sudokit.errors import GridError
from sudokit.model import (
    Cage,
    Cell,
    Grid,
    LineRule,
    Link,
    Puzzle,
    Relation,
    Sum,
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
    line: Sequence[int] = (),
) -> Grid:
    """The grid with a link (see :class:`~sudokit.model.Link`) between each pair of (row, column) cells.

    ``line`` is the drawn line (cell indexes) the links belong to, when they are drawn as one.
    """
    made = []
    for a, b in pairs:
        for cell in (a, b):
            if cell not in grid.index:
                raise GridError(f"{kind}: {cell_name(cell)} is not a cell of the grid")
        made.append(Link((grid.index[a], grid.index[b]), rule, value, negated, kind, tuple(line)))
    return replace(grid, links=grid.links + tuple(made), _memo={})


def _steps(line: Sequence[Cell]) -> list[tuple[Cell, Cell]]:
    return list(itertools.pairwise(line))


def line_cells(grid: Grid, line: Sequence[Cell], kind: str, shortest: int = 2) -> tuple[int, ...]:
    """The indexes of a drawn line's (row, column) cells, checked.

    GridError for a cell outside the grid, a cell the line passes twice, or a line too short for its rule.
    """
    indexes = []
    for cell in line:
        if cell not in grid.index:
            raise GridError(f"{article(kind)} line: {cell_name(cell)} is not a cell of the grid")
        indexes.append(grid.index[cell])
    if len(set(indexes)) != len(indexes):
        twice = next(cell for cell in line if list(line).count(cell) > 1)
        raise GridError(f"{article(kind)} line passes through {cell_name(twice)} twice")
    if len(indexes) < shortest:
        raise GridError(f"{article(kind)} needs {plural(shortest, 'cell')} or more, not {len(indexes)}")
    return tuple(indexes)


def thermometer(grid: Grid, line: Sequence[Cell], *, slow: bool = False) -> Grid:
    """A thermometer: values increase from the bulb (the first cell) along the line (slow: or stay)."""
    kind = "slow thermometer" if slow else "thermometer"
    line_cells(grid, line, kind)
    return with_links(grid, _steps(line), "less_or_equal" if slow else "less", kind=kind)


def palindrome(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A palindrome line: it reads the same from either end."""
    drawn = line_cells(grid, line, "palindrome")
    pairs = [(line[k], line[-1 - k]) for k in range(len(line) // 2)]
    return with_links(grid, pairs, "equal", kind="palindrome", line=drawn)


def german_gap(n: int) -> int:
    """The least difference of German whispers on an n x n grid: half n, rounded up (5 on 9x9)."""
    return -(-n // 2)


def dutch_gap(n: int) -> int:
    """The least difference of Dutch whispers on an n x n grid: half n less one, rounded up (4 on 9x9)."""
    return -(-(n - 2) // 2)


def whispers(grid: Grid, line: Sequence[Cell], difference: int | None = None) -> Grid:
    """A German whispers line: neighbours on it differ by at least ``difference``.

    The default is half the grid's size rounded up: 5 on 9x9.
    """
    line_cells(grid, line, "whispers")
    gap = difference if difference is not None else german_gap(grid.size)
    return with_links(grid, _steps(line), "difference_at_least", gap, kind="whispers")


def dutch_whispers(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A Dutch whispers line: neighbours differ by at least 4 on 9x9 (half the size, less one, rounded up)."""
    return whispers(grid, line, dutch_gap(grid.size))


def nabner(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A nabner line: its digits differ and no two of them are consecutive."""
    drawn = line_cells(grid, line, "nabner")
    made = [Relation((a, b), frozenset({0, 1}), "nabner") for a, b in itertools.combinations(drawn, 2)]
    return replace(grid, relations=grid.relations + tuple(made), _memo={})


def clone(grid: Grid, cells: Sequence[Cell], copies: Sequence[Cell]) -> Grid:
    """Clones: each cell of ``copies`` holds the same digit as the cell of ``cells`` in its place."""
    first = line_cells(grid, cells, "clone", 1)
    second = line_cells(grid, copies, "clone", 1)
    if len(first) != len(second):
        raise GridError(f"a clone pairs {len(first)} cells with {len(second)}; it needs as many on each side")
    return with_links(grid, zip(cells, copies, strict=True), "equal", kind="clone", line=first + second)


def with_sums(grid: Grid, sums: Iterable[Sum]) -> Grid:
    """The grid with more sums (see :class:`~sudokit.model.Sum`)."""
    return replace(grid, sums=grid.sums + tuple(sums), _memo={})


def arrow(grid: Grid, circle: Sequence[Cell], shaft: Sequence[Cell]) -> Grid:
    """An arrow: the circle's digits, read as one number, equal the sum of the digits on its shaft.

    A circle of several cells reads them in reading order (r1c1 r1c2: tens, units).
    """
    if not circle:
        raise GridError("an arrow needs a circle")
    if not shaft:
        raise GridError("an arrow needs a shaft beyond its circle")
    cells = line_cells(grid, [*sorted(circle), *shaft], "arrow")
    places = [-(10**k) for k in range(len(circle) - 1, -1, -1)]
    return with_sums(grid, [Sum(cells, 0, (*places, *[1] * len(shaft)), "arrow")])


def double_arrow(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A double arrow: the two ends of the line add up to the sum of the cells between them."""
    cells = line_cells(grid, line, "double arrow", 3)
    factors = (-1, *[1] * (len(cells) - 2), -1)
    return with_sums(grid, [Sum(cells, 0, factors, "double arrow", cells)])


def zipper(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A zipper line: digits the same distance from its centre add up to the same value.

    On a line of odd length that value is the centre's digit.
    """
    cells = line_cells(grid, line, "zipper", 3)
    pairs = [(cells[k], cells[-1 - k]) for k in range(len(cells) // 2)]
    if len(cells) % 2:
        centre = cells[len(cells) // 2]
        made = [Sum((a, b, centre), 0, (1, 1, -1), "zipper", cells) for a, b in pairs]
    else:
        made = [Sum((*p, *q), 0, (1, 1, -1, -1), "zipper", cells) for p, q in itertools.pairwise(pairs)]
    return with_sums(grid, made)


def region_sum_line(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A region sum line: its digits add up to the same total in each box or region it passes through.

    A line that leaves a region and comes back starts a new part there.
    """
    cells = line_cells(grid, line, "region sum line", 2)
    region_of = {c: u.name for u in grid.units if u.kind in ("box", "region") for c in u.cells}
    parts: list[list[int]] = []
    for c in cells:
        if parts and region_of.get(c) == region_of.get(parts[-1][-1]):
            parts[-1].append(c)
        else:
            parts.append([c])
    if len(parts) < 2:
        raise GridError("a region sum line must pass through two regions or more")
    made = [
        Sum((*p, *q), 0, (*[1] * len(p), *[-1] * len(q)), "region sum", cells)
        for p, q in itertools.pairwise(parts)
    ]
    return with_sums(grid, made)


def sum_cage(grid: Grid, cells: Sequence[Cell], total: int) -> Grid:
    """A killer cage whose digits may repeat: only their sum is given."""
    indexes = line_cells(grid, cells, "cage", 1)
    return with_sums(grid, [Sum(indexes, total, (), "killer", indexes)])


def with_line_rule(grid: Grid, kind: str, cells: Sequence[Cell], clue: Sequence[int] = ()) -> Grid:
    """The grid with a :class:`~sudokit.model.LineRule` over the (row, column) cells, read in order."""
    indexes = line_cells(grid, cells, kind, 1)
    rule = LineRule(kind, indexes, tuple(clue))
    return replace(grid, line_rules=(*grid.line_rules, rule), _memo={})


def renban(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A renban line: different digits that form a run of consecutive numbers, in any order."""
    return with_line_rule(grid, "renban", line)


def between(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A between line: every digit on it lies strictly between the digits in the circles at its ends."""
    line_cells(grid, line, "between", 3)
    return with_line_rule(grid, "between", line)


def entropic(grid: Grid, line: Sequence[Cell]) -> Grid:
    """An entropic line: any three cells in a row on it hold a low, a middle and a high digit.

    On 9x9 the ranks are 1-3, 4-6 and 7-9.
    """
    return with_line_rule(grid, "entropic", line)


def modular(grid: Grid, line: Sequence[Cell]) -> Grid:
    """A modular line: any three cells in a row on it hold digits of different remainders modulo 3."""
    return with_line_rule(grid, "modular", line)


def quadruple(grid: Grid, corner: Cell, digits: Sequence[int]) -> Grid:
    """A quadruple: the digits appear in the four cells whose top-left one is ``corner``.

    A digit listed twice appears twice.  At the edge of a multi-grid fewer cells may be there.
    """
    r, c = corner
    cells = [(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1) if (r + dr, c + dc) in grid.index]
    if len(digits) > len(cells):
        raise GridError(
            f"a quadruple at {cell_name(corner)} lists {len(digits)} digits for {len(cells)} cells"
        )
    return with_line_rule(grid, "quadruple", cells, digits)


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

LINE_RULE_LINES = ("renban", "between", "entropic", "modular")
"""The :class:`~sudokit.model.LineRule` kinds that are drawn as lines (the others are clues)."""


@dataclass(frozen=True, slots=True)
class DrawnLine:
    """A line constraint as drawn: its kind, its cells in order and, for whispers, the least difference.

    The kind is a key of :data:`LINES`, or ``clone`` (the cells, then their copies).
    """

    kind: str
    cells: tuple[int, ...]
    value: int = 0


DRAWN_LINK_KINDS = ("thermometer", "slow thermometer", "whispers", "palindrome", "clone")
"""Link kinds drawn as lines (see :func:`drawn_lines`), not as clues on an edge."""
DRAWN_SUM_KINDS = ("zipper", "region sum", "double arrow")
"""Sum kinds drawn as the line they keep (see :func:`drawn_lines`)."""


def style_of(grid: Grid, line: DrawnLine) -> str:
    """The kind a drawn line is shown and written as: whispers at the Dutch gap are Dutch whispers."""
    return "dutch whispers" if line.kind == "whispers" and line.value == dutch_gap(grid.size) else line.kind


def drawn_lines(grid: Grid) -> list[DrawnLine]:
    """The line constraints of a grid as they are drawn: what writers and drawings show.

    Thermometers and whispers are their step links joined into paths; palindromes, clones, zippers,
    region sum lines and double arrows are the lines their links and sums keep; renban, between,
    entropic and modular lines are their rules' cells; nabner lines are their relations' cliques.
    """
    found: list[DrawnLine] = []
    for kind, rule in (
        ("thermometer", "less"),
        ("slow thermometer", "less_or_equal"),
        ("whispers", "difference_at_least"),
    ):
        steps = [k for k in grid.links if k.kind == kind and k.rule == rule and not k.negated and not k.line]
        for value in sorted({k.value for k in steps}):
            for path in _paths([k.cells for k in steps if k.value == value]):
                found.append(DrawnLine(kind, path, value if kind == "whispers" else 0))
    seen: set[tuple[str, tuple[int, ...]]] = set()
    items: list[Link | Sum] = [*grid.links, *grid.sums]
    for item in items:
        key = (item.kind, item.line or (item.cells if item.kind in ("palindrome", "clone") else ()))
        if key[1] and key[0] in ("palindrome", "clone", *DRAWN_SUM_KINDS) and key not in seen:
            seen.add(key)
            found.append(DrawnLine(*key))
    found += [DrawnLine(r.kind, r.cells) for r in grid.line_rules if r.kind in LINE_RULE_LINES]
    nabner: dict[int, set[int]] = {}
    for relation in grid.relations:
        if relation.kind == "nabner":
            a, b = relation.cells
            nabner.setdefault(a, set()).add(b)
            nabner.setdefault(b, set()).add(a)
    while nabner:
        start = min(nabner)
        clique = {start, *nabner[start]}
        for c in clique:
            nabner.pop(c, None)
        found.append(DrawnLine("nabner", _walk(grid, clique)))
    return found


def _paths(steps: Sequence[tuple[int, int]]) -> list[tuple[int, ...]]:
    """Steps (a, b) joined into paths: a path goes on through a cell with one step in and one out."""
    out: dict[int, list[int]] = {}
    into: dict[int, int] = {}
    for a, b in steps:
        out.setdefault(a, []).append(b)
        into[b] = into.get(b, 0) + 1
    paths = []
    used: set[tuple[int, int]] = set()
    starts = [a for a, _ in steps if into.get(a, 0) != 1 or len(out.get(a, [])) > 1]
    for first, second in [(a, b) for a in dict.fromkeys(starts) for b in out[a]] + list(steps):
        if (first, second) in used:
            continue
        path = [first, second]
        used.add((first, second))
        while (
            into.get(path[-1], 0) == 1
            and len(out.get(path[-1], [])) == 1
            and (path[-1], out[path[-1]][0]) not in used
        ):
            used.add((path[-1], out[path[-1]][0]))
            path.append(out[path[-1]][0])
        paths.append(tuple(path))
    return paths


def _walk(grid: Grid, cells: set[int]) -> tuple[int, ...]:
    """Cells in an order a line could be drawn through them.

    From the cell with the fewest neighbours among them, each next cell is the nearest to the last.
    """
    left = set(cells)

    def near(a: int, b: int) -> bool:
        (r1, c1), (r2, c2) = grid.cells[a], grid.cells[b]
        return max(abs(r1 - r2), abs(c1 - c2)) == 1

    current = min(left, key=lambda c: (sum(near(c, o) for o in left), c))
    order = [current]
    left.discard(current)
    while left:
        r, c = grid.cells[current]
        current = min(left, key=lambda o: (max(abs(grid.cells[o][0] - r), abs(grid.cells[o][1] - c)), o))
        order.append(current)
        left.discard(current)
    return tuple(order)


def clue_cell(
    grid: Grid, cells: Sequence[int], default: tuple[int, int] = (1, 1)
) -> tuple[Cell, tuple[int, int]]:
    """Where the clue of cells read from outside the grid stands, and the step it reads them with.

    The clue stands one step before the first cell: a sandwich above its column, a little killer at
    the corner its diagonal leaves.  ``default`` is the step of a single cell.
    """
    (r1, c1) = grid.cells[cells[0]]
    if len(cells) > 1:
        r2, c2 = grid.cells[cells[1]]
        step = ((r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1))
    else:
        step = default
    return (r1 - step[0], c1 - step[1]), step


def outside_clue_side(grid: Grid, cells: Sequence[int]) -> tuple[str, int]:
    """Where an outside clue that reads these cells stands: (side, 0-based row or column)."""
    (r, c), step = clue_cell(grid, cells, (1, 0))
    side = {(1, 0): "top", (-1, 0): "bottom", (0, 1): "left"}.get(step, "right")
    return side, (c if side in ("top", "bottom") else r)


OUTSIDE_SIDES = ("top", "bottom", "left", "right")
"""Where an outside clue stands: above a column, below it, left of a row, right of it."""


def outside_cells(grid: Grid, side: str, index: int) -> list[Cell]:
    """The cells an outside clue reads, the nearest first.

    Column ``index`` from the top or bottom, row ``index`` from the left or right (0-based).
    """
    if side not in OUTSIDE_SIDES:
        raise GridError(f"an outside clue stands {', '.join(OUTSIDE_SIDES)} of the grid, not {side!r}")
    if side in ("top", "bottom"):
        cells = [(r, index) for r in range(grid.rows) if (r, index) in grid.index]
    else:
        cells = [(index, c) for c in range(grid.cols) if (index, c) in grid.index]
    if not cells:
        raise GridError(
            f"no cells lie {'below' if side == 'top' else 'beside'} an outside clue at {side} {index + 1}"
        )
    return cells[::-1] if side in ("bottom", "right") else cells


def sandwich(grid: Grid, side: str, index: int, total: int) -> Grid:
    """A sandwich clue: the digits between the lowest and highest digit of the row or column add up to it."""
    return with_line_rule(grid, "sandwich", outside_cells(grid, side, index), (total,))


def x_sum(grid: Grid, side: str, index: int, total: int) -> Grid:
    """An X-sum clue: the first X digits seen from the clue add up to it, X being the first digit."""
    return with_line_rule(grid, "x-sum", outside_cells(grid, side, index), (total,))


def skyscraper(grid: Grid, side: str, index: int, count: int) -> Grid:
    """A skyscraper clue: seen from the clue, this many digits are higher than every digit before them."""
    return with_line_rule(grid, "skyscraper", outside_cells(grid, side, index), (count,))


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


Removal = Callable[[Grid], Grid]
"""A function that takes one constraint out of a grid."""


def constraints(grid: Grid) -> list[tuple[str, Removal]]:
    """The constraints a setter places, each named and with a function that removes it from a grid.

    A drawn line (thermometer, renban, ...) is one constraint with all its links, sums or rules; a
    dot, an arrow, a little killer, an outside clue and a cage are one each; the negative constraint
    of a kind of dot is one.
    """
    found: list[tuple[str, Removal]] = []
    for line in drawn_lines(grid):
        cells = set(line.cells)
        steps = {frozenset(p) for p in itertools.pairwise(line.cells)}
        name = f"the {line.kind} line {_span(grid, line.cells)}"

        def without_line(
            g: Grid, kind: str = line.kind, cells: set[int] = cells, steps: set[frozenset[int]] = steps
        ) -> Grid:
            return dataclasses.replace(
                g,
                links=tuple(
                    k
                    for k in g.links
                    if not (k.kind == kind and (set(k.line) == cells or frozenset(k.cells) in steps))
                ),
                sums=tuple(s for s in g.sums if not (s.kind == kind and set(s.line) == cells)),
                line_rules=tuple(r for r in g.line_rules if not (r.kind == kind and set(r.cells) == cells)),
                relations=tuple(r for r in g.relations if not (r.kind == kind and set(r.cells) <= cells)),
                _memo={},
            )

        found.append((name, without_line))
    for k, link in enumerate(grid.links):
        if link.kind in DRAWN_LINK_KINDS or link.negated:
            continue
        found.append(
            (
                f"the {link.kind} clue between {_span(grid, link.cells)}",
                functools.partial(_drop, field_name="links", index=k),
            )
        )
    for kind in sorted({link.kind for link in grid.links if link.negated}):

        def without_negative(g: Grid, kind: str = kind) -> Grid:
            return dataclasses.replace(
                g, links=tuple(k for k in g.links if not (k.negated and k.kind == kind)), _memo={}
            )

        found.append((f"the negative constraint of the {kind} clues", without_negative))
    for k, total in enumerate(grid.sums):
        if not total.line:
            name = (
                f"the arrow {_span(grid, total.cells)}"
                if total.kind == "arrow"
                else f"the {total.kind} sum {total.total} over {_span(grid, total.cells)}"
            )
            found.append((name, functools.partial(_drop, field_name="sums", index=k)))
    for k, rule in enumerate(grid.line_rules):
        if rule.kind not in LINE_RULE_LINES:
            found.append((rule.describe(grid), functools.partial(_drop, field_name="line_rules", index=k)))
    for k, cage in enumerate(grid.cages):
        found.append((f"the {cage.name(grid)}", functools.partial(_drop, field_name="cages", index=k)))
    return found


def _drop(grid: Grid, field_name: str, index: int) -> Grid:
    items = getattr(grid, field_name)
    return dataclasses.replace(grid, **{field_name: items[:index] + items[index + 1 :]}, _memo={})


def _span(grid: Grid, cells: tuple[int, ...]) -> str:
    names = [cell_name(grid.cells[c]) for c in cells]
    return names[0] if len(names) == 1 else f"{names[0]}-{names[-1]}"
