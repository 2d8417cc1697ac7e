"""Single-digit patterns, colouring, wings and remote pairs.

Short chains that players spot by eye: skyscrapers, 2-string kites, turbot fish and empty
rectangles (one symbol, two strong links), simple and multi colours (one symbol, clusters of
conjugate pairs), XY-, XYZ- and W-wings (bivalue cells) and remote pairs.  The definitions follow
HoDoKu's.  Strong links are conjugate pairs: a symbol with exactly two places in a house.  Cells
are handled as bitmasks (bit ``c`` = cell ``c``), so every finder is a few set operations per
candidate pattern; each finder yields lazily and never changes the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from sudokit.logic.board import Board, Layout, bits
from sudokit.logic.step import Step, eliminations_text, join_names

ER_TWO_CANDIDATES = "er-two-candidates"
"""Board flag: allow empty rectangles whose box holds the symbol only twice (HoDoKu option)."""


# --------------------------------------------------------------------------------------- geometry


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Cell bitmasks of a layout, computed once per layout."""

    peer: tuple[int, ...]
    """For each cell, the cells that see it."""
    house: tuple[int, ...]
    """For each house, its cells."""
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    blocks: tuple[int, ...]
    """House indexes of the rows, columns and boxes (or jigsaw regions)."""
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]
    block_of: tuple[int, ...]
    """For each cell, the bitmask of the house indexes of its rows, columns and blocks."""
    block_lines: dict[int, tuple[tuple[int, ...], tuple[int, ...]]]
    """For each block, the rows and the columns that cross it."""
    row_houses: int
    col_houses: int
    """Bitmasks of the house indexes of all rows and of all columns."""


def _geometry(layout: Layout) -> _Geometry:
    """The bitmasks of a layout, built once and kept with it."""
    return layout.cached("patterns", _build_geometry)


def _build_geometry(layout: Layout) -> _Geometry:
    peer = layout.peer_mask
    house = layout.house_mask
    rows = tuple(h.index for h in layout.houses if h.kind == "row")
    columns = tuple(h.index for h in layout.houses if h.kind == "column")
    blocks = tuple(h.index for h in layout.houses if h.kind in ("box", "region"))
    count = len(layout.peers)

    def owners(indexes: tuple[int, ...]) -> tuple[int, ...]:
        """For each cell, the bitmask of the given houses that contain it."""
        of = [0] * count
        for h in indexes:
            for c in layout.houses[h].cells:
                of[c] |= 1 << h
        return tuple(of)

    block_lines = {
        b: (
            tuple(r for r in rows if house[r] & house[b]),
            tuple(k for k in columns if house[k] & house[b]),
        )
        for b in blocks
    }
    geometry = _Geometry(
        peer,
        house,
        rows,
        columns,
        blocks,
        owners(rows),
        owners(columns),
        owners(blocks),
        block_lines,
        sum(1 << h for h in rows),
        sum(1 << h for h in columns),
    )
    return geometry


_cells = bits


def _links(geo: _Geometry, dmask: int, houses: tuple[int, ...] | range) -> list[tuple[int, int, int]]:
    """Strong links of one symbol: (house, cell, cell) for houses where it has exactly two places."""
    out = []
    for h in houses:
        m = geo.house[h] & dmask
        if m.bit_count() == 2:
            low = m & -m
            out.append((h, low.bit_length() - 1, (m ^ low).bit_length() - 1))
    return out


def _both(first: str, second: str) -> str:
    """``rows 2 and 6`` for ``row 2`` and ``row 6``; ``A and B`` when the kinds differ."""
    kind1, _, n1 = first.rpartition(" ")
    kind2, _, n2 = second.rpartition(" ")
    if kind1 and kind1 == kind2:
        return f"{kind1}s {n1} and {n2}"
    return f"{first} and {second}"


def _elims(mask: int, digit: int) -> tuple[tuple[int, int], ...]:
    """(cell, symbol) eliminations of one symbol from the cells of a bitmask."""
    return tuple((c, digit) for c in _cells(mask))


# ----------------------------------------------------------------------------- single-digit links


def _skyscrapers(board: Board, geo: _Geometry, digit: int, dmask: int) -> Iterator[Step]:
    """Skyscrapers of one symbol (see :func:`skyscraper`)."""
    sym = board.sym(digit)
    houses = board.houses
    for lines, across_of, along_of in (
        (geo.rows, geo.col_of, geo.row_of),
        (geo.columns, geo.row_of, geo.col_of),
    ):
        links = _links(geo, dmask, lines)
        for (h1, a1, a2), (h2, b1, b2) in combinations(links, 2):
            if a1 in (b1, b2) or a2 in (b1, b2):
                continue
            for p, u in ((a1, a2), (a2, a1)):
                for q, v in ((b1, b2), (b2, b1)):
                    shared = across_of[p] & across_of[q]
                    if not shared or across_of[u] & across_of[v] or along_of[p] & along_of[q]:
                        continue
                    elim = dmask & geo.peer[u] & geo.peer[v]
                    if not elim:
                        continue
                    across = houses[shared.bit_length() - 1].name
                    elims = _elims(elim, digit)
                    yield Step(
                        "skyscraper",
                        (digit,),
                        (p, q, u, v),
                        (houses[h1].name, houses[h2].name, across),
                        eliminations=elims,
                        explanation=f"Skyscraper on {sym}: {_both(houses[h1].name, houses[h2].name)} each "
                        f"hold {sym} only twice, with {board.name(p)} and {board.name(q)} in {across}, "
                        f"so one of {board.name(u)} and {board.name(v)} is {sym} and "
                        f"{eliminations_text(board, elims)}",
                    )


def skyscraper(board: Board) -> Iterator[Step]:
    """Two parallel lines holding a symbol twice each, one end of each in a common cross line.

    The two ends on the cross line cannot both hold the symbol, so one of the two free ends does,
    and any cell seeing both free ends loses it.
    """
    geo = _geometry(board.layout)
    for digit, dmask in enumerate(board.digit_cells()):
        if dmask:
            yield from _skyscrapers(board, geo, digit, dmask)


def _kites(geo: _Geometry, dmask: int) -> Iterator[tuple[int, int, int, int, int, int, int, int]]:
    """2-string kites of one symbol: (row, column, block, row end, box cell, box cell, column end, elim)."""
    row_links = _links(geo, dmask, geo.rows)
    if not row_links:
        return
    col_links = _links(geo, dmask, geo.columns)
    for h1, a1, a2 in row_links:
        for h2, b1, b2 in col_links:
            if a1 in (b1, b2) or a2 in (b1, b2):
                continue
            for p, u in ((a1, a2), (a2, a1)):
                for q, v in ((b1, b2), (b2, b1)):
                    shared = geo.block_of[p] & geo.block_of[q]
                    if not shared:
                        continue
                    elim = dmask & geo.peer[u] & geo.peer[v]
                    if elim:
                        yield h1, h2, shared.bit_length() - 1, u, p, q, v, elim


def _kite_text(board: Board, sym: str, kite: tuple[int, int, int, int, int, int, int, int]) -> str:
    """The reasoning of one kite, up to the free ends (shared by kites and dual kites)."""
    h1, h2, block, u, p, q, v, _ = kite
    houses = board.houses
    return (
        f"{houses[h1].name} holds {sym} only in {board.name(u)} and {board.name(p)}, {houses[h2].name} "
        f"only in {board.name(q)} and {board.name(v)}; {board.name(p)} and {board.name(q)} share "
        f"{houses[block].name}, so they are not both {sym}, and one of {board.name(u)} and "
        f"{board.name(v)} is {sym}"
    )


def two_string_kite(board: Board) -> Iterator[Step]:
    """A row and a column holding a symbol twice each, one end of each in a common box.

    The two ends in the box cannot both hold the symbol, so one of the free ends does, and the
    cell seeing both free ends loses it.
    """
    geo = _geometry(board.layout)
    houses = board.houses
    for digit, dmask in enumerate(board.digit_cells()):
        if not dmask:
            continue
        sym = board.sym(digit)
        for kite in _kites(geo, dmask):
            h1, h2, block, u, p, q, v, elim = kite
            elims = _elims(elim, digit)
            yield Step(
                "two_string_kite",
                (digit,),
                (u, p, q, v),
                (houses[h1].name, houses[h2].name, houses[block].name),
                eliminations=elims,
                explanation=f"2-String kite on {sym}: {_kite_text(board, sym, kite)}; "
                f"{eliminations_text(board, elims)}",
            )


def dual_two_string_kite(board: Board) -> Iterator[Step]:
    """Two 2-string kites on the same two box cells, each line pair crossing the other way.

    Both kites hold at once, so their eliminations are taken together.
    """
    geo = _geometry(board.layout)
    houses = board.houses
    for digit, dmask in enumerate(board.digit_cells()):
        if not dmask:
            continue
        sym = board.sym(digit)
        kites = list(_kites(geo, dmask))
        for k1, k2 in combinations(kites, 2):
            if {k1[4], k1[5]} != {k2[4], k2[5]} or k1[7] == k2[7]:
                continue
            elims = _elims(k1[7] | k2[7], digit)
            yield Step(
                "dual_two_string_kite",
                (digit,),
                (k1[3], k1[4], k1[5], k1[6], k2[3], k2[6]),
                tuple(houses[h].name for h in (k1[0], k1[1], k1[2], k2[0], k2[1])),
                eliminations=elims,
                explanation=f"Dual 2-string kite on {sym}: {_kite_text(board, sym, k1)}; also "
                f"{_kite_text(board, sym, k2)}; so {eliminations_text(board, elims)}",
            )


def turbot_fish(board: Board) -> Iterator[Step]:
    """Strong link, weak link, strong link on one symbol (an X-chain of three links).

    ``A = B - C = D``: B and C see each other, so not both hold the symbol; then A or D does, and
    cells seeing both lose it.  Patterns that are skyscrapers, 2-string kites or X-wings are left
    to those techniques.
    """
    geo = _geometry(board.layout)
    houses = board.houses
    peer = geo.peer
    for digit, dmask in enumerate(board.digit_cells()):
        if not dmask:
            continue
        sym = board.sym(digit)
        by_pair: dict[tuple[int, int], int] = {}
        for h, a, b in _links(geo, dmask, range(len(houses))):
            by_pair[(a, b)] = by_pair.get((a, b), 0) | 1 << h
        pairs = list(by_pair.items())
        seen: set[tuple[tuple[int, int], ...]] = set()
        for i, ((a1, a2), hs1) in enumerate(pairs):
            for (b1, b2), hs2 in pairs[i + 1 :]:
                if a1 in (b1, b2) or a2 in (b1, b2):
                    continue
                for a, b in ((a1, a2), (a2, a1)):
                    for c, d in ((b1, b2), (b2, b1)):
                        if not peer[b] >> c & 1:
                            continue
                        elim = dmask & peer[a] & peer[d]
                        if not elim or _named_pattern(geo, b, c, hs1, hs2):
                            continue
                        elims = _elims(elim, digit)
                        key = tuple(elims)
                        if key in seen:
                            continue
                        seen.add(key)
                        first = houses[(hs1 & -hs1).bit_length() - 1].name
                        second = houses[(hs2 & -hs2).bit_length() - 1].name
                        yield Step(
                            "turbot_fish",
                            (digit,),
                            (a, b, c, d),
                            (first, second),
                            eliminations=elims,
                            explanation=f"Turbot fish on {sym}: {first} holds {sym} only in "
                            f"{board.name(a)} and {board.name(b)}, {second} only in {board.name(c)} and "
                            f"{board.name(d)}; {board.name(b)} and {board.name(c)} see each other, so "
                            f"they are not both {sym}, one of {board.name(a)} and {board.name(d)} is "
                            f"{sym} and {eliminations_text(board, elims)}",
                        )


def _named_pattern(geo: _Geometry, b: int, c: int, hs1: int, hs2: int) -> bool:
    """True when ``a = b - c = d`` (strong in houses ``hs1``, ``hs2``) is a skyscraper, kite or X-wing."""
    rows, cols = geo.row_houses, geo.col_houses
    if hs1 & rows and hs2 & rows and geo.col_of[b] & geo.col_of[c]:
        return True
    if hs1 & cols and hs2 & cols and geo.row_of[b] & geo.row_of[c]:
        return True
    crossing = (hs1 & rows and hs2 & cols) or (hs1 & cols and hs2 & rows)
    return bool(crossing and geo.block_of[b] & geo.block_of[c])


# ------------------------------------------------------------------------------- empty rectangles


@dataclass(frozen=True, slots=True)
class _EmptyRectangle:
    """One empty rectangle with the conjugate pair that eliminates through it."""

    digit: int
    block: int
    line: int
    cross: int
    """The ER row and column (or column and row) through the block."""
    link: int
    x: int
    y: int
    """The conjugate pair: x on the ER line outside the block, y at its other end."""
    z: int
    """The cell that loses the symbol: on the cross line, in y's line, outside the block."""


def _empty_rectangles(geo: _Geometry, digit: int, dmask: int, two: bool) -> Iterator[_EmptyRectangle]:
    """Empty rectangles of one symbol, one per (rectangle, conjugate pair) that eliminates.

    ``two`` allows boxes holding the symbol only twice (the pattern is then a turbot fish).
    """
    house = geo.house
    for block in geo.blocks:
        bmask = house[block]
        inside = dmask & bmask
        if not inside or not inside & (inside - 1):
            continue
        rows, cols = geo.block_lines[block]
        for r in rows:
            rmask = house[r]
            for k in cols:
                kmask = house[k]
                if inside & ~(rmask | kmask):
                    continue
                on_row, on_col = inside & rmask, inside & kmask
                if not on_row & ~kmask or not on_col & ~rmask:
                    continue
                if not two and on_row.bit_count() < 2 and on_col.bit_count() < 2:
                    continue
                for line, cross, link_of, next_of in (
                    (r, k, geo.col_of, geo.row_of),
                    (k, r, geo.row_of, geo.col_of),
                ):
                    for x in _cells(dmask & house[line] & ~bmask & ~house[cross]):
                        for link in _cells(link_of[x]):
                            pair = dmask & house[link]
                            if pair.bit_count() != 2 or link == cross:
                                continue
                            y = (pair ^ 1 << x).bit_length() - 1
                            for nxt in _cells(next_of[y]):
                                for z in _cells(dmask & house[nxt] & house[cross] & ~bmask):
                                    if z not in (x, y):
                                        yield _EmptyRectangle(digit, block, line, cross, link, x, y, z)


def _er_text(board: Board, er: _EmptyRectangle) -> str:
    """The reasoning of one empty rectangle (shared by single and dual ERs)."""
    houses = board.houses
    sym = board.sym(er.digit)
    box, line, cross = houses[er.block].name, houses[er.line].name, houses[er.cross].name
    x, y, z = board.name(er.x), board.name(er.y), board.name(er.z)
    return (
        f"in {box}, {sym} lies only in {line} or {cross}, and {houses[er.link].name} holds {sym} only in "
        f"{x} and {y}; if {z} were {sym}, {y} would not be, {x} would, and {box} would have no place "
        f"left for {sym}, so {z} loses {sym}"
    )


def empty_rectangle(board: Board) -> Iterator[Step]:
    """A box whose candidates for a symbol lie in one row and one column, and a conjugate pair.

    The box puts the symbol in its row or its column; a strong link from that row (column) then
    rules the symbol out where the link's far end meets the box's column (row).  The board flag
    :data:`ER_TWO_CANDIDATES` also allows boxes holding the symbol only twice.
    """
    geo = _geometry(board.layout)
    two = ER_TWO_CANDIDATES in board.flags
    for digit, dmask in enumerate(board.digit_cells()):
        if not dmask:
            continue
        seen: set[int] = set()
        for er in _empty_rectangles(geo, digit, dmask, two):
            if er.z in seen:
                continue
            seen.add(er.z)
            houses = board.houses
            yield Step(
                "empty_rectangle",
                (digit,),
                (*_cells(dmask & geo.house[er.block]), er.x, er.y),
                (houses[er.block].name, houses[er.line].name, houses[er.cross].name, houses[er.link].name),
                eliminations=((er.z, digit),),
                explanation=f"Empty rectangle on {board.sym(digit)}: {_er_text(board, er)}",
            )


def dual_empty_rectangle(board: Board) -> Iterator[Step]:
    """Two empty rectangles on the same box and symbol with different eliminations, taken together.

    As in HoDoKu's regression tests, boxes holding the symbol only twice count here (two turbot
    fish through one box, which the solver normally meets first as turbot fish).
    """
    geo = _geometry(board.layout)
    houses = board.houses
    for digit, dmask in enumerate(board.digit_cells()):
        if not dmask:
            continue
        by_block: dict[int, dict[int, _EmptyRectangle]] = {}
        for er in _empty_rectangles(geo, digit, dmask, True):
            by_block.setdefault(er.block, {}).setdefault(er.z, er)
        for block, found in by_block.items():
            for e1, e2 in combinations(found.values(), 2):
                yield Step(
                    "dual_empty_rectangle",
                    (digit,),
                    (*_cells(dmask & geo.house[block]), e1.x, e1.y, e2.x, e2.y),
                    (houses[block].name, houses[e1.link].name, houses[e2.link].name),
                    eliminations=((e1.z, digit), (e2.z, digit)),
                    explanation=f"Dual empty rectangle on {board.sym(digit)}: {_er_text(board, e1)}; "
                    f"likewise {_er_text(board, e2)}",
                )


# --------------------------------------------------------------------------------------- colours


@dataclass(frozen=True, slots=True)
class _Cluster:
    """Cells of one symbol joined by conjugate pairs, split into the two alternating colours."""

    colours: tuple[int, int]
    seen: tuple[int, int]
    """For each colour, the cells that see one of its cells."""


def _clusters(geo: _Geometry, dmask: int) -> list[_Cluster]:
    """The colour clusters of one symbol (clusters with a colour conflict are skipped)."""
    adjacent: dict[int, int] = {}
    for _, a, b in _links(geo, dmask, range(len(geo.house))):
        adjacent[a] = adjacent.get(a, 0) | 1 << b
        adjacent[b] = adjacent.get(b, 0) | 1 << a
    colour: dict[int, int] = {}
    out = []
    for start in adjacent:
        if start in colour:
            continue
        colour[start] = 0
        masks = [1 << start, 0]
        stack = [start]
        ok = True
        while stack:
            c = stack.pop()
            other = 1 - colour[c]
            for nb in _cells(adjacent[c]):
                if nb not in colour:
                    colour[nb] = other
                    masks[other] |= 1 << nb
                    stack.append(nb)
                elif colour[nb] != other:
                    ok = False
        if ok:
            seen = [0, 0]
            for k in (0, 1):
                for c in _cells(masks[k]):
                    seen[k] |= geo.peer[c]
            out.append(_Cluster((masks[0], masks[1]), (seen[0], seen[1])))
    return out


def _names(board: Board, mask: int) -> str:
    """``r1c1, r2c5 and r3c9``: the cells of a bitmask, in a sentence."""
    return join_names([board.name(c) for c in _cells(mask)])


def _either(board: Board, sym: str, cl: _Cluster, first: int, labels: str = "") -> str:
    """``5 is either in all of r1c1 and r2c5 or in all of r3c3``: the two colours of a cluster."""
    a, b = cl.colours[first], cl.colours[1 - first]
    la, lb = (f" (group {labels[0]})", f" (group {labels[1]})") if labels else ("", "")
    return f"{sym} is either in all of {_names(board, a)}{la} or in all of {_names(board, b)}{lb}"


def _seeing(peer: tuple[int, ...], one: int, other: int) -> tuple[int, int]:
    """A cell of ``one`` and a cell of ``other`` that see each other."""
    for c in _cells(one):
        hit = peer[c] & other
        if hit:
            return c, (hit & -hit).bit_length() - 1
    raise ValueError("no cells see each other")


def simple_colors_trap(board: Board) -> Iterator[Step]:
    """A cell seeing both colours of a conjugate-pair cluster.

    One colour holds the symbol everywhere, so a cell seeing a cell of each colour cannot.
    """
    geo = _geometry(board.layout)
    for digit, dmask in enumerate(board.digit_cells()):
        if not dmask:
            continue
        sym = board.sym(digit)
        for cl in _clusters(geo, dmask):
            elim = dmask & cl.seen[0] & cl.seen[1]
            if not elim:
                continue
            elims = _elims(elim, digit)
            yield Step(
                "simple_colors_trap",
                (digit,),
                tuple(_cells(cl.colours[0] | cl.colours[1])),
                (),
                eliminations=elims,
                explanation=f"Simple colors on {sym}: following conjugate pairs, "
                f"{_either(board, sym, cl, 0)}; a cell seeing both groups cannot hold {sym}, so "
                f"{eliminations_text(board, elims)}",
            )


def simple_colors_wrap(board: Board) -> Iterator[Step]:
    """Two cells of the same colour see each other: that colour is false everywhere."""
    geo = _geometry(board.layout)
    peer = geo.peer
    for digit, dmask in enumerate(board.digit_cells()):
        if not dmask:
            continue
        sym = board.sym(digit)
        for cl in _clusters(geo, dmask):
            clash = [any(peer[c] & m for c in _cells(m)) for m in cl.colours]
            if clash[0] == clash[1]:
                continue
            k = 0 if clash[0] else 1
            bad = cl.colours[k]
            c1, c2 = _seeing(peer, bad, bad)
            elims = _elims(bad, digit)
            yield Step(
                "simple_colors_wrap",
                (digit,),
                tuple(_cells(cl.colours[0] | cl.colours[1])),
                (),
                eliminations=elims,
                explanation=f"Simple colors on {sym}: following conjugate pairs, "
                f"{_either(board, sym, cl, k)}; {board.name(c1)} and {board.name(c2)} of the first "
                f"group see each other, so the first group is false and {eliminations_text(board, elims)}",
            )


def multi_colors_1(board: Board) -> Iterator[Step]:
    """Two clusters with cells of colours A and C seeing each other (HoDoKu's Multi Colors 1).

    A and C are not both true, so B or D is: a cell seeing a B cell and a D cell loses the symbol.
    """
    geo = _geometry(board.layout)
    for digit, dmask in enumerate(board.digit_cells()):
        if not dmask:
            continue
        sym = board.sym(digit)
        clusters = _clusters(geo, dmask)
        for one, two in combinations(clusters, 2):
            elim = 0
            links = []
            for i in (0, 1):
                for j in (0, 1):
                    if one.seen[i] & two.colours[j]:
                        found = dmask & one.seen[1 - i] & two.seen[1 - j]
                        if found:
                            elim |= found
                            links.append((i, j))
            if not elim:
                continue
            i, j = links[0]
            a, c = _seeing(geo.peer, one.colours[i], two.colours[j])
            elims = _elims(elim, digit)
            yield Step(
                "multi_colors_1",
                (digit,),
                tuple(_cells(one.colours[0] | one.colours[1] | two.colours[0] | two.colours[1])),
                (),
                eliminations=elims,
                explanation=f"Multi colors on {sym}: following conjugate pairs, "
                f"{_either(board, sym, one, i, 'AB')}, and also {_either(board, sym, two, j, 'CD')}; "
                f"{board.name(a)} (A) sees {board.name(c)} (C), so A and C are not both true, B or D "
                f"holds {sym}, and cells seeing both B and D lose it: {eliminations_text(board, elims)}",
            )


def multi_colors_2(board: Board) -> Iterator[Step]:
    """A colour of one cluster sees both colours of another: it is false (HoDoKu's Multi Colors 2)."""
    geo = _geometry(board.layout)
    for digit, dmask in enumerate(board.digit_cells()):
        if not dmask:
            continue
        sym = board.sym(digit)
        clusters = _clusters(geo, dmask)
        for one in clusters:
            for two in clusters:
                if one is two:
                    continue
                false = [i for i in (0, 1) if one.seen[i] & two.colours[0] and one.seen[i] & two.colours[1]]
                if not false:
                    continue
                i = false[0]
                a1, c = _seeing(geo.peer, one.colours[i], two.colours[0])
                a2, d = _seeing(geo.peer, one.colours[i], two.colours[1])
                elims = _elims(sum(one.colours[k] for k in false), digit)
                yield Step(
                    "multi_colors_2",
                    (digit,),
                    tuple(_cells(one.colours[0] | one.colours[1] | two.colours[0] | two.colours[1])),
                    (),
                    eliminations=elims,
                    explanation=f"Multi colors on {sym}: following conjugate pairs, "
                    f"{_either(board, sym, one, i, 'AB')}, and also {_either(board, sym, two, 0, 'CD')}; "
                    f"{board.name(a1)} (A) sees {board.name(c)} (C) and {board.name(a2)} (A) sees "
                    f"{board.name(d)} (D), so if A held {sym}, neither C nor D could; A is false and "
                    f"{eliminations_text(board, elims)}",
                )


# ------------------------------------------------------------------------------------------ wings


def xy_wing(board: Board) -> Iterator[Step]:
    """A bivalue pivot x/y seeing bivalue pincers x/z and y/z.

    Whichever of x and y the pivot takes, one pincer is z, so cells seeing both pincers lose z.
    """
    geo = _geometry(board.layout)
    cand = board.cand
    peer = geo.peer
    bivalue = 0
    for c, m in enumerate(cand):
        if m.bit_count() == 2:
            bivalue |= 1 << c
    dmasks: list[int] | None = None
    for pivot in _cells(bivalue):
        pm = cand[pivot]
        wings = [c for c in _cells(peer[pivot] & bivalue) if (cand[c] & pm).bit_count() == 1]
        for q1, q2 in combinations(wings, 2):
            m1, m2 = cand[q1], cand[q2]
            if m1 == m2 or (m1 | m2 | pm).bit_count() != 3:
                continue
            zmask = m1 & m2
            if zmask & pm:
                continue
            z = zmask.bit_length() - 1
            if dmasks is None:
                dmasks = board.digit_cells()
            elim = dmasks[z] & peer[q1] & peer[q2]
            if not elim:
                continue
            x, y = (pm & -pm).bit_length() - 1, pm.bit_length() - 1
            elims = _elims(elim, z)
            xs, ys, zs = board.sym(x), board.sym(y), board.sym(z)
            yield Step(
                "xy_wing",
                tuple(sorted((x, y, z))),
                (pivot, q1, q2),
                (),
                eliminations=elims,
                explanation=f"XY-wing {xs}/{ys}/{zs}: pivot {board.name(pivot)} holds {xs}/{ys} and sees "
                f"{board.name(q1)} ({board.syms(_cells(m1))}) and {board.name(q2)} "
                f"({board.syms(_cells(m2))}); whichever the pivot holds, one of these two is {zs}, "
                f"so {eliminations_text(board, elims)}",
            )


def xyz_wing(board: Board) -> Iterator[Step]:
    """A pivot x/y/z seeing bivalue pincers x/z and y/z: one of the three cells holds z.

    Cells seeing all three lose z.
    """
    geo = _geometry(board.layout)
    cand = board.cand
    peer = geo.peer
    dmasks: list[int] | None = None
    by_mask: dict[int, int] = {}
    for c, m in enumerate(cand):
        if m and m.bit_count() == 2:
            by_mask[m] = by_mask.get(m, 0) | 1 << c
    if not by_mask:
        return
    for pivot, pm in enumerate(cand):
        if pm.bit_count() != 3:
            continue
        subs = [m for m in by_mask if m & pm == m]
        for m1, m2 in combinations(subs, 2):
            z = (m1 & m2).bit_length() - 1
            for q1 in _cells(by_mask[m1] & peer[pivot]):
                for q2 in _cells(by_mask[m2] & peer[pivot]):
                    if dmasks is None:
                        dmasks = board.digit_cells()
                    elim = dmasks[z] & peer[pivot] & peer[q1] & peer[q2]
                    if not elim:
                        continue
                    elims = _elims(elim, z)
                    zs = board.sym(z)
                    yield Step(
                        "xyz_wing",
                        tuple(_cells(pm)),
                        (pivot, q1, q2),
                        (),
                        eliminations=elims,
                        explanation=f"XYZ-wing {board.syms(_cells(pm))}: pivot {board.name(pivot)} "
                        f"holds {board.syms(_cells(pm))} and sees {board.name(q1)} "
                        f"({board.syms(_cells(m1))}) and {board.name(q2)} ({board.syms(_cells(m2))}); "
                        f"one of the three is {zs}, so cells seeing all three lose it: "
                        f"{eliminations_text(board, elims)}",
                    )


def w_wing(board: Board) -> Iterator[Step]:
    """Two bivalue cells a/b joined by a strong link on b whose ends see one cell each.

    The two cells cannot both be b (the link would lose b entirely), so one is a, and cells
    seeing both lose a.
    """
    geo = _geometry(board.layout)
    cand = board.cand
    peer = geo.peer
    houses = board.houses
    by_mask: dict[int, list[int]] = {}
    for c, m in enumerate(cand):
        if m and m.bit_count() == 2:
            by_mask.setdefault(m, []).append(c)
    groups = [(m, cells) for m, cells in by_mask.items() if len(cells) > 1]
    if not groups:
        return
    dmasks = board.digit_cells()
    links: dict[int, list[tuple[int, int, int]]] = {}
    for mask, cells in groups:
        lo, hi = (mask & -mask).bit_length() - 1, mask.bit_length() - 1
        for i, j in combinations(cells, 2):
            for a, b in ((lo, hi), (hi, lo)):
                elim = dmasks[a] & peer[i] & peer[j]
                if not elim:
                    continue
                if b not in links:
                    links[b] = _links(geo, dmasks[b], range(len(houses)))
                for h, e1, e2 in links[b]:
                    if e1 in (i, j) or e2 in (i, j):
                        continue
                    if peer[e1] >> i & 1 and peer[e2] >> j & 1:
                        ei, ej = e1, e2
                    elif peer[e1] >> j & 1 and peer[e2] >> i & 1:
                        ei, ej = e2, e1
                    else:
                        continue
                    elims = _elims(elim, a)
                    sa, sb = board.sym(a), board.sym(b)
                    yield Step(
                        "w_wing",
                        (min(a, b), max(a, b)),
                        (i, j, ei, ej),
                        (houses[h].name,),
                        eliminations=elims,
                        explanation=f"W-wing: {board.name(i)} and {board.name(j)} both hold only "
                        f"{board.syms(sorted((a, b)))}, and {houses[h].name} holds {sb} only in "
                        f"{board.name(ei)} and {board.name(ej)}, which see {board.name(i)} and "
                        f"{board.name(j)}; if both cells were {sb}, {houses[h].name} would have no place "
                        f"for {sb}, so one of them is {sa} and {eliminations_text(board, elims)}",
                    )
                    break


# ------------------------------------------------------------------------------------ remote pair


def remote_pair(board: Board) -> Iterator[Step]:
    """A chain of at least four cells holding only the same two symbols, each seeing the next.

    Along the chain the cells alternate between the two symbols, so two cells an odd number of
    links apart (three or more) hold both, and cells seeing both lose both symbols.  Each
    connected group of such cells gives one step with all its eliminations.
    """
    geo = _geometry(board.layout)
    cand = board.cand
    peer = geo.peer
    by_mask: dict[int, int] = {}
    for c, m in enumerate(cand):
        if m and m.bit_count() == 2:
            by_mask[m] = by_mask.get(m, 0) | 1 << c
    dmasks: list[int] | None = None
    for mask, cells in by_mask.items():
        if cells.bit_count() < 4:
            continue
        todo = cells
        while todo:
            start = (todo & -todo).bit_length() - 1
            colour = {start: 0}
            sides = [1 << start, 0]
            stack = [start]
            ok = True
            while stack:
                c = stack.pop()
                for nb in _cells(peer[c] & cells):
                    if nb not in colour:
                        colour[nb] = 1 - colour[c]
                        sides[colour[nb]] |= 1 << nb
                        stack.append(nb)
                    elif colour[nb] == colour[c]:
                        ok = False
            group = sides[0] | sides[1]
            todo &= ~group
            if not ok or group.bit_count() < 4:
                continue
            if dmasks is None:
                dmasks = board.digit_cells()
            x, y = (mask & -mask).bit_length() - 1, mask.bit_length() - 1
            both = dmasks[x] | dmasks[y]
            elim = 0
            ends: list[tuple[int, int]] = []
            for u in _cells(sides[0]):
                for v in _cells(sides[1]):
                    found = both & peer[u] & peer[v] & ~elim
                    if not found or (peer[u] >> v & 1 and _bridge(peer, group, u, v)):
                        continue
                    elim |= found
                    ends.append((u, v))
            if not elim:
                continue
            elims = tuple((c, d) for c in _cells(elim) for d in (x, y) if cand[c] >> d & 1)
            pair = board.syms((x, y))
            u, v = ends[0]
            yield Step(
                "remote_pair",
                (x, y),
                tuple(_cells(group)),
                (),
                eliminations=elims,
                explanation=f"Remote pair {pair}: {_names(board, group)} hold only {pair} and are "
                f"chained by cells seeing each other, so they alternate: {_names(board, sides[0])} hold "
                f"one of {pair} and {_names(board, sides[1])} the other; a cell seeing a cell of each group "
                f"(such as {board.name(u)} and {board.name(v)}) can hold neither, so "
                f"{eliminations_text(board, elims)}",
            )


def _bridge(peer: tuple[int, ...], group: int, u: int, v: int) -> bool:
    """True when ``u`` and ``v`` are joined only through each other (no longer path in ``group``)."""
    reached = 1 << u
    frontier = [u]
    while frontier:
        c = frontier.pop()
        nxt = peer[c] & group & ~reached
        if c == u:
            nxt &= ~(1 << v)
        if nxt >> v & 1:
            return False
        reached |= nxt
        frontier.extend(_cells(nxt))
    return True


FINDERS = (
    (("remote_pair",), remote_pair),
    (("skyscraper",), skyscraper),
    (("two_string_kite",), two_string_kite),
    (("dual_two_string_kite",), dual_two_string_kite),
    (("turbot_fish",), turbot_fish),
    (("empty_rectangle",), empty_rectangle),
    (("dual_empty_rectangle",), dual_empty_rectangle),
    (("w_wing",), w_wing),
    (("xy_wing",), xy_wing),
    (("xyz_wing",), xyz_wing),
    (("simple_colors_trap",), simple_colors_trap),
    (("simple_colors_wrap",), simple_colors_wrap),
    (("multi_colors_1",), multi_colors_1),
    (("multi_colors_2",), multi_colors_2),
)
"""(technique keys, finder) pairs of this module, collected by :mod:`sudokit.logic.techniques`."""

REGLIB_FLAGS: dict[str, frozenset[str]] = {"0402-1": frozenset({ER_TWO_CANDIDATES})}
"""The regression-library variant allowing empty rectangles with only two box candidates."""
