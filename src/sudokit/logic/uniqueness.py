"""Uniqueness techniques: unique and avoidable rectangles, hidden rectangles and BUG+1.

They all rest on one fact: a puzzle with exactly one solution cannot end in a *deadly pattern*,
four cells in two rows, two columns and two blocks holding two symbols crosswise (``a b / b a``):
swapping the symbols would give a second solution.  So they are only used when the board is known
to have one solution (``board.unique``) and the grid has nothing but rows, columns and blocks
(``board.layout.classic``); jigsaw regions are fine.

The search follows HoDoKu: a unique rectangle starts at a bivalue cell whose two candidates must
be possible in the other three corners.  By default (as in HoDoKu) a corner may have lost one of
the two candidates to an earlier step, as long as no placed symbol excludes it ("missing
candidates allowed"); the board flag ``ur-no-missing-candidates`` demands both candidates in every
corner.  Every finder yields each step it sees, lazily, and never changes the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from sudokit.logic.board import Board, House, Layout, bits, digits_of
from sudokit.logic.step import Step, eliminations_text, join_names
from sudokit.model import EMPTY

STRICT_FLAG = "ur-no-missing-candidates"
"""Board flag: every corner of a unique rectangle must still hold both of its candidates."""

REGLIB_FLAGS: dict[str, frozenset[str]] = {
    **{f"06{k:02d}-1": frozenset({STRICT_FLAG}) for k in range(7)},
    **{f"06{k:02d}-2": frozenset() for k in range(7)},
}
"""HoDoKu regression variants: ``-1`` missing candidates not allowed, ``-2`` allowed (the default)."""

U3_MAX_EXTRA = 7
"""Most cells a type-3 naked subset may add to the two rectangle cells (all of a 9-cell house)."""


# ------------------------------------------------------------------------------------ geometry


Rect = tuple[int, int, int, int]
"""The corners of a rectangle, sorted by row then column: (r1c1, r1c2, r2c1, r2c2)."""


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Rows, columns and blocks of a classic layout, and every rectangle of it, computed once."""

    row: tuple[int, ...]
    """Row number of each cell (position in ``rows``; -1 for a cell outside every row)."""
    col: tuple[int, ...]
    block: tuple[int, ...]
    rows: tuple[House, ...]
    cols: tuple[House, ...]
    mates: tuple[tuple[tuple[int, tuple[tuple[int, int, Rect], ...]], ...], ...]
    """For each cell c, its rectangles grouped by c's *block mate* m (the corner in c's block):
    ``(m, ((x, y, rect), ...))`` where x shares c's other line and y is across from c.  Every
    rectangle has two rows, two columns and two blocks, each block holding two corners in a line."""
    peer_mask: tuple[int, ...]
    """Bitmask (bit = cell index) of the cells each cell sees."""


def _geometry(layout: Layout) -> _Geometry:
    """The :class:`_Geometry` of a layout, built once and kept with it."""
    return layout.cached("uniqueness", _build_geometry)


def _build_geometry(layout: Layout) -> _Geometry:
    size = len(layout.grid.cells)
    rows, cols, blocks = tuple(layout.rows), tuple(layout.columns), tuple(layout.blocks)

    def owner(houses: tuple[House, ...]) -> tuple[int, ...]:
        out = [-1] * size
        for i, house in enumerate(houses):
            for c in house.cells:
                out[c] = i
        return tuple(out)

    row, col, block = owner(rows), owner(cols), owner(blocks)
    at = {(row[c], col[c]): c for c in range(size) if row[c] >= 0 and col[c] >= 0}
    mates: list[list[tuple[int, tuple[tuple[int, int, Rect], ...]]]] = [[] for _ in range(size)]
    for house in blocks:
        for c in house.cells:
            for m in house.cells:
                if m == c or (row[m] != row[c] and col[m] != col[c]):
                    continue
                if row[m] == row[c]:  # move along the two columns to another row
                    across = [(at.get((r, col[c])), at.get((r, col[m]))) for r in range(len(rows))]
                else:  # move along the two rows to another column
                    across = [(at.get((row[c], k)), at.get((row[m], k))) for k in range(len(cols))]
                far = []
                for x, y in across:
                    if x is None or y is None or block[x] != block[y] or block[x] == block[c]:
                        continue
                    s = sorted((c, m, x, y), key=lambda e: (row[e], col[e]))
                    far.append((x, y, (s[0], s[1], s[2], s[3])))
                if far:
                    mates[c].append((m, tuple(far)))
    return _Geometry(row, col, block, rows, cols, tuple(tuple(m) for m in mates), layout.peer_mask)


def _usable(board: Board) -> bool:
    """Uniqueness reasoning holds: one solution known, and only rows, columns and blocks."""
    return board.unique and board.layout.classic


_cells_of = bits


# ------------------------------------------------------------------------------------ rectangles


class _UR(NamedTuple):
    """A possible unique rectangle: four corners that could still end as a deadly pattern."""

    rect: Rect
    """(r1c1, r1c2, r2c1, r2c2)."""
    a: int
    b: int
    two: tuple[int, ...]
    """Corners holding nothing but ``a`` and ``b`` (one of them may be missing)."""
    extra: tuple[int, ...]
    """Corners with other candidates too."""


def _allowed(board: Board) -> list[int]:
    """For each unsolved cell, the symbols no placed symbol of its units excludes (0 if solved)."""
    value, full = board.value, (1 << board.n) - 1
    placed = []
    for house in board.houses:
        m = 0
        for c in house.cells:
            if value[c] != EMPTY:
                m |= 1 << value[c]
        placed.append(m)
    cell_houses = board.layout.cell_houses
    out = []
    for c, v in enumerate(value):
        if v != EMPTY:
            out.append(0)
            continue
        m = full
        for h in cell_houses[c]:
            m &= ~placed[h]
        out.append(m)
    return out


_CACHE: list[tuple[tuple[object, ...], list[_UR]]] = []
"""The last board state searched and its rectangles: the solver asks every rectangle finder in turn."""


def _rectangles(board: Board, geo: _Geometry) -> list[_UR]:
    """Every possible unique rectangle, each (corners, symbol pair) once, found from bivalue corners.

    A corner qualifies when it still holds both symbols or (missing candidates allowed) when no
    placed symbol in its units excludes either.
    """
    cand = board.cand
    state = (board.layout, tuple(cand), tuple(board.value), board.flags)
    if _CACHE and _CACHE[0][0] == state:
        return _CACHE[0][1]
    room = cand if STRICT_FLAG in board.flags else _allowed(board)
    seen: set[tuple[Rect, int]] = set()
    out: list[_UR] = []
    for start, m in enumerate(cand):
        if m.bit_count() != 2:
            continue
        for mate, far in geo.mates[start]:
            if room[mate] & m != m:
                continue
            for x, y, rect in far:
                if room[x] & m != m or room[y] & m != m or (rect, m) in seen:
                    continue
                seen.add((rect, m))
                two = tuple(c for c in rect if not cand[c] & ~m)
                extra = tuple(c for c in rect if cand[c] & ~m)
                a, b = digits_of(m)
                out.append(_UR(rect, a, b, two, extra))
    _CACHE[:] = [(state, out)]
    return out


def _units(geo: _Geometry, rect: tuple[int, ...]) -> tuple[str, ...]:
    """Names of the rows and columns of a rectangle."""
    rows = sorted({geo.row[c] for c in rect})
    cols = sorted({geo.col[c] for c in rect})
    return tuple(geo.rows[r].name for r in rows) + tuple(geo.cols[k].name for k in cols)


def _intro(board: Board, title: str, ur: _UR) -> str:
    """``Unique rectangle type 1 on 3/8 in r2c1, r2c5, r7c1, r7c5``."""
    return f"{title} on {board.syms((ur.a, ur.b))} in {board.cells_text(ur.rect)}"


def _and(board: Board, cells: tuple[int, ...] | list[int]) -> str:
    """``r1c2 and r3c4``: cell names joined for a sentence."""
    return join_names([board.name(c) for c in cells])


def _step(board: Board, key: str, ur: _UR, geo: _Geometry, elims: list[tuple[int, int]], why: str) -> Step:
    """A rectangle step with its eliminations and explanation."""
    el = tuple(elims)
    return Step(
        key,
        (ur.a, ur.b),
        ur.rect,
        _units(geo, ur.rect),
        eliminations=el,
        explanation=f"{why}, so {eliminations_text(board, el)}",
    )


def _same_line(geo: _Geometry, p: int, q: int) -> bool:
    return geo.row[p] == geo.row[q] or geo.col[p] == geo.col[q]


def _opposite(ur: _UR, cell: int) -> int:
    """The corner diagonally across from ``cell``."""
    return ur.rect[3 - ur.rect.index(cell)]


# ------------------------------------------------------------------------------------ finders


def uniqueness_1(board: Board) -> Iterator[Step]:
    """Type 1: three corners hold only the pair, so the fourth may hold neither of them."""
    if not _usable(board):
        return
    geo, cand = _geometry(board.layout), board.cand
    for ur in _rectangles(board, geo):
        if len(ur.two) != 3:
            continue
        cell = ur.extra[0]
        elims = [(cell, d) for d in (ur.a, ur.b) if cand[cell] >> d & 1]
        if elims:
            yield _step(
                board,
                "uniqueness_1",
                ur,
                geo,
                elims,
                f"{_intro(board, 'Unique rectangle type 1', ur)}: if {board.name(cell)} were "
                f"{board.sym(ur.a)} or {board.sym(ur.b)} the puzzle would have two solutions",
            )


def _type_2_5(board: Board, want: str) -> Iterator[Step]:
    """Types 2 and 5: the corners with extra candidates share one extra symbol x, so one is x."""
    if not _usable(board):
        return
    geo, cand = _geometry(board.layout), board.cand
    for ur in _rectangles(board, geo):
        if len(ur.two) not in (1, 2):
            continue
        pair = 1 << ur.a | 1 << ur.b
        add = 0
        for c in ur.extra:
            add |= cand[c] & ~pair
        if add.bit_count() != 1:
            continue
        x = add.bit_length() - 1
        kind = "uniqueness_2"
        if len(ur.extra) == 3 or not _same_line(geo, ur.extra[0], ur.extra[1]):
            kind = "uniqueness_5"
        if kind != want:
            continue
        seeing = -1
        for c in ur.extra:
            seeing &= geo.peer_mask[c]
        elims = [(c, x) for c in _cells_of(seeing) if cand[c] >> x & 1]
        if elims:
            title = "Unique rectangle type 2" if kind == "uniqueness_2" else "Unique rectangle type 5"
            yield _step(
                board,
                kind,
                ur,
                geo,
                elims,
                f"{_intro(board, title, ur)}: one of {_and(board, ur.extra)} must be {board.sym(x)} "
                f"(otherwise {board.syms((ur.a, ur.b))} would fill the rectangle and the puzzle would "
                f"have two solutions), so every cell seeing them all loses {board.sym(x)}",
            )


def uniqueness_2(board: Board) -> Iterator[Step]:
    """Type 2: two corners in one line share a single extra symbol x: cells seeing both lose x."""
    return _type_2_5(board, "uniqueness_2")


def uniqueness_5(board: Board) -> Iterator[Step]:
    """Type 5: two diagonal or three corners share a single extra symbol x: cells seeing all lose x."""
    return _type_2_5(board, "uniqueness_5")


def uniqueness_3(board: Board) -> Iterator[Step]:
    """Type 3: the two extra corners act as one cell holding their extras.

    With other cells of a unit they share, that virtual cell forms a naked subset whose symbols
    the rest of the unit loses.
    """
    if not _usable(board):
        return
    geo, cand, houses = _geometry(board.layout), board.cand, board.houses
    cell_houses = board.layout.cell_houses
    for ur in _rectangles(board, geo):
        if len(ur.two) != 2:
            continue
        p, q = ur.extra
        pair = 1 << ur.a | 1 << ur.b
        virtual = (cand[p] | cand[q]) & ~pair
        shared = sorted(set(cell_houses[p]) & set(cell_houses[q]), key=lambda h: (_kind_order(houses[h]), h))
        done: set[frozenset[tuple[int, int]]] = set()
        for h in shared:
            house = houses[h]
            pool = [c for c in house.cells if cand[c] and not cand[c] & pair and c not in ur.rect]
            for subset, mask in _naked_with(cand, pool, virtual):
                cells = (p, q, *subset)
                common = set(cell_houses[p])
                for c in cells[1:]:
                    common &= set(cell_houses[c])
                units = sorted(common, key=lambda k: (_kind_order(houses[k]), k))
                if units[0] != h:
                    continue  # reported from the line that holds all these cells
                elims = list(
                    dict.fromkeys(
                        (c, d)
                        for k in units
                        for c in houses[k].cells
                        if c not in cells
                        for d in digits_of(cand[c] & mask)
                    )
                )
                key = frozenset(elims)
                if not elims or key in done:
                    continue
                done.add(key)
                where = " and ".join(houses[k].name for k in units)
                name = {2: "pair", 3: "triple", 4: "quadruple"}.get(len(subset) + 1, "subset")
                yield _step(
                    board,
                    "uniqueness_3",
                    ur,
                    geo,
                    elims,
                    f"{_intro(board, 'Unique rectangle type 3', ur)}: {_and(board, (p, q))} act as "
                    f"one cell holding {board.syms(digits_of(virtual))} (one of them must take one, "
                    f"else two solutions); with {_and(board, subset)} that makes a naked {name} "
                    f"{board.syms(digits_of(mask))} in {where}",
                )


def _kind_order(house: House) -> int:
    """Lines before blocks, as a naked subset in a line and a block is reported from the line."""
    return 0 if house.kind in ("row", "column") else 1


def _naked_with(cand: list[int], pool: list[int], virtual: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Sets of pool cells that with a virtual cell holding ``virtual`` form a naked subset.

    Yields (cells, symbols) where the cells plus the virtual cell hold exactly len(cells) + 1
    symbols, smallest sets first within each branch (HoDoKu's recursive order).
    """
    limit = min(len(pool), U3_MAX_EXTRA)

    def grow(start: int, chosen: tuple[int, ...], mask: int) -> Iterator[tuple[tuple[int, ...], int]]:
        for i in range(start, len(pool)):
            cells = (*chosen, pool[i])
            m = mask | cand[pool[i]]
            need = m.bit_count() - (len(cells) + 1)
            if need == 0:
                yield cells, m
            # each further cell lowers the surplus by at most one
            if len(cells) < limit and need < len(pool) - i:
                yield from grow(i + 1, cells, m)

    return grow(0, (), virtual)


def uniqueness_4(board: Board) -> Iterator[Step]:
    """Type 4: a pair symbol confined to the two extra corners where they meet.

    One of them then holds it, so neither may hold the other pair symbol.
    """
    if not _usable(board):
        return
    geo, cand = _geometry(board.layout), board.cand
    for ur in _rectangles(board, geo):
        if len(ur.two) != 2:
            continue
        p, q = ur.extra
        if not _same_line(geo, p, q):
            continue
        both = geo.peer_mask[p] & geo.peer_mask[q]
        for keep, drop in ((ur.a, ur.b), (ur.b, ur.a)):
            if any(cand[c] >> keep & 1 for c in _cells_of(both)):
                continue
            elims = [(c, drop) for c in (p, q) if cand[c] >> drop & 1]
            if elims:
                where = join_names([h.name for h in board.houses if p in h.cell_set and q in h.cell_set])
                yield _step(
                    board,
                    "uniqueness_4",
                    ur,
                    geo,
                    elims,
                    f"{_intro(board, 'Unique rectangle type 4', ur)}: {board.sym(keep)} fits only "
                    f"in {_and(board, (p, q))} within {where}, so one of them is "
                    f"{board.sym(keep)} and neither may be {board.sym(drop)} (two solutions)",
                )
            break


def uniqueness_6(board: Board) -> Iterator[Step]:
    """Type 6: extra corners on a diagonal, a pair symbol confined to the rectangle's lines.

    The symbol then fills one diagonal (an X-Wing); in the extra corners it would leave the other
    symbol on the bivalue diagonal and a deadly pattern, so those corners lose it.
    """
    if not _usable(board):
        return
    geo, cand = _geometry(board.layout), board.cand
    for ur in _rectangles(board, geo):
        if len(ur.two) != 2:
            continue
        p, q = ur.extra
        if _same_line(geo, p, q):
            continue
        lines = [geo.rows[geo.row[p]], geo.rows[geo.row[q]], geo.cols[geo.col[p]], geo.cols[geo.col[q]]]
        outside = {c for h in lines for c in h.cells} - set(ur.rect)
        for d in (ur.a, ur.b):
            if any(cand[c] >> d & 1 for c in outside):
                continue
            elims = [(c, d) for c in (p, q) if cand[c] >> d & 1]
            if elims:
                other = ur.b if d == ur.a else ur.a
                yield _step(
                    board,
                    "uniqueness_6",
                    ur,
                    geo,
                    elims,
                    f"{_intro(board, 'Unique rectangle type 6', ur)}: in its rows and columns "
                    f"{board.sym(d)} fits only in the rectangle, so it takes one diagonal; in "
                    f"{_and(board, (p, q))} it would leave {board.sym(other)} in "
                    f"{_and(board, ur.two)} and two solutions",
                )
            break


def hidden_rectangle(board: Board) -> Iterator[Step]:
    """Hidden rectangle: a corner holds only the pair, and a pair symbol is confined to the rectangle.

    When, in the row and column of the opposite corner, that symbol fits only in the rectangle, the
    opposite corner cannot take the other pair symbol.
    """
    if not _usable(board):
        return
    geo, cand = _geometry(board.layout), board.cand
    for ur in _rectangles(board, geo):
        if len(ur.two) == 2 and _same_line(geo, ur.two[0], ur.two[1]):
            continue
        if len(ur.two) not in (1, 2):
            continue
        inside = set(ur.rect)
        for corner in ur.two:
            far = _opposite(ur, corner)
            mates = [c for c in ur.rect if c not in (corner, far)]
            line = geo.rows[geo.row[far]].cells
            column = geo.cols[geo.col[far]].cells
            for keep, drop in ((ur.a, ur.b), (ur.b, ur.a)):
                if any(cand[c] >> keep & 1 for c in line if c not in inside):
                    continue
                if any(cand[c] >> keep & 1 for c in column if c not in inside):
                    continue
                if not cand[far] >> drop & 1:
                    continue
                yield _step(
                    board,
                    "hidden_rectangle",
                    ur,
                    geo,
                    [(far, drop)],
                    f"{_intro(board, 'Hidden rectangle', ur)}: {board.name(corner)} holds only "
                    f"{board.syms((ur.a, ur.b))}, and {board.sym(keep)} fits only in the rectangle "
                    f"within {geo.rows[geo.row[far]].name} and {geo.cols[geo.col[far]].name}; "
                    f"were {board.name(far)} {board.sym(drop)}, {_and(board, mates)} would be "
                    f"{board.sym(keep)} and {board.name(corner)} {board.sym(drop)}: two solutions",
                )


# ------------------------------------------------------------------------------------ avoidable


class _AR(NamedTuple):
    """Two solved (not given) corners in one block and the two corners across the other block."""

    rect: Rect
    p11: int
    p12: int
    p21: int
    """In line with p11: would have to take p12's symbol to complete the pattern."""
    p22: int
    """In line with p12: would have to take p11's symbol."""


def _avoidable(board: Board, geo: _Geometry) -> Iterator[_AR]:
    """Rectangles with two solved, non-given corners sharing a block and a line, and an open corner.

    Each rectangle comes once, from its first such pair of corners.
    """
    value, given = board.value, board.given
    seen: set[Rect] = set()
    for start, v in enumerate(value):
        if v == EMPTY or given[start]:
            continue
        for mate, far in geo.mates[start]:
            if value[mate] == EMPTY or given[mate]:
                continue
            for x, y, rect in far:
                if (value[x] != EMPTY and value[y] != EMPTY) or rect in seen:
                    continue
                seen.add(rect)
                yield _AR(rect, start, mate, x, y)


def avoidable_rectangle_1(board: Board) -> Iterator[Step]:
    """Three corners solved (not given) as a crosswise pair: the fourth may not complete it."""
    if not _usable(board):
        return
    geo, cand, value, given = _geometry(board.layout), board.cand, board.value, board.given
    for ar in _avoidable(board, geo):
        v11, v12 = value[ar.p11], value[ar.p12]
        for solved, open_, need, fill in ((ar.p21, ar.p22, v12, v11), (ar.p22, ar.p21, v11, v12)):
            if value[solved] != need or given[solved] or value[open_] != EMPTY:
                continue
            if not cand[open_] >> fill & 1:
                continue
            pair = tuple(sorted((v11, v12)))
            el = ((open_, fill),)
            yield Step(
                "avoidable_rectangle_1",
                pair,
                ar.rect,
                _units(geo, ar.rect),
                eliminations=el,
                explanation=f"Avoidable rectangle type 1 on {board.syms(pair)} in "
                f"{board.cells_text(ar.rect)}: {_and(board, (ar.p11, ar.p12, solved))} were solved, "
                f"not given; with {board.sym(fill)} in {board.name(open_)} the {board.syms(pair)} "
                f"could be swapped for a second solution, so {eliminations_text(board, el)}",
            )


def avoidable_rectangle_2(board: Board) -> Iterator[Step]:
    """Avoidable rectangle type 2: two corners solved (not given), two open with one shared extra.

    The open corners hold the symbols that would complete the pattern plus one extra x each; one of
    them is x, so cells seeing both lose x.
    """
    if not _usable(board):
        return
    geo, cand, value = _geometry(board.layout), board.cand, board.value
    for ar in _avoidable(board, geo):
        if value[ar.p21] != EMPTY or value[ar.p22] != EMPTY:
            continue
        v11, v12 = value[ar.p11], value[ar.p12]
        m21, m22 = cand[ar.p21], cand[ar.p22]
        if m21.bit_count() != 2 or m22.bit_count() != 2 or not m21 >> v12 & 1 or not m22 >> v11 & 1:
            continue
        extra = m21 & ~(1 << v12)
        if extra != m22 & ~(1 << v11):
            continue
        x = extra.bit_length() - 1
        seeing = geo.peer_mask[ar.p21] & geo.peer_mask[ar.p22]
        el = tuple((c, x) for c in _cells_of(seeing) if cand[c] >> x & 1)
        if not el:
            continue
        pair = tuple(sorted((v11, v12)))
        yield Step(
            "avoidable_rectangle_2",
            pair,
            ar.rect,
            _units(geo, ar.rect),
            eliminations=el,
            explanation=f"Avoidable rectangle type 2 on {board.syms(pair)} in {board.cells_text(ar.rect)}: "
            f"{board.name(ar.p11)} and {board.name(ar.p12)} were solved, not given, as "
            f"{board.sym(v11)} and {board.sym(v12)}; {board.name(ar.p21)} and {board.name(ar.p22)} may "
            f"not be {board.sym(v12)} and {board.sym(v11)} (two solutions), so one of them is "
            f"{board.sym(x)}: {eliminations_text(board, el)}",
        )


# ------------------------------------------------------------------------------------ BUG+1


def bug_plus_1(board: Board) -> Iterator[Step]:
    """Bivalue universal grave + 1: one trivalue cell, every other unsolved cell bivalue.

    Every symbol appears twice in each unit except one symbol three times in the trivalue cell's
    units: the cell must take it, since without it the grid would be a BUG (no or two solutions).
    """
    if not _usable(board):
        return
    cand, value = board.cand, board.value
    odd = -1
    for c, m in enumerate(cand):
        if value[c] != EMPTY:
            continue
        k = m.bit_count()
        if k == 3 and odd < 0:
            odd = c
        elif k != 2:
            return
    if odd < 0:
        return
    own = set(board.layout.cell_houses[odd])
    triple = 0
    for house in board.houses:
        once = twice = thrice = four = 0
        for c in house.cells:
            m = cand[c]
            four |= thrice & m
            thrice |= twice & m
            twice |= once & m
            once |= m
        if four or once & ~twice:
            return  # a symbol once (or four times): not a grave plus one
        if house.index in own:
            # the odd cell's units hold one symbol three times, the same one in each
            if thrice.bit_count() != 1 or (triple and thrice != triple):
                return
            triple = thrice
        elif thrice:
            return
    if not cand[odd] & triple:
        return
    d = triple.bit_length() - 1
    el = tuple((odd, e) for e in digits_of(cand[odd] & ~triple))
    yield Step(
        "bug_plus_1",
        (d,),
        (odd,),
        tuple(board.houses[h].name for h in sorted(own)),
        eliminations=el,
        explanation=f"BUG+1: every unsolved cell but {board.name(odd)} holds two candidates and each "
        f"candidate appears twice in each unit, except {board.sym(d)} three times in the units of "
        f"{board.name(odd)}; were it not {board.sym(d)}, the grid would have no or two solutions, so "
        f"{board.name(odd)} must be {board.sym(d)}: {eliminations_text(board, el)}",
    )


FINDERS = (
    (("uniqueness_1",), uniqueness_1),
    (("uniqueness_2",), uniqueness_2),
    (("uniqueness_3",), uniqueness_3),
    (("uniqueness_4",), uniqueness_4),
    (("uniqueness_5",), uniqueness_5),
    (("uniqueness_6",), uniqueness_6),
    (("hidden_rectangle",), hidden_rectangle),
    (("avoidable_rectangle_1",), avoidable_rectangle_1),
    (("avoidable_rectangle_2",), avoidable_rectangle_2),
    (("bug_plus_1",), bug_plus_1),
)
"""(technique keys, finder) pairs of this module, collected by :mod:`sudokit.logic.techniques`."""
