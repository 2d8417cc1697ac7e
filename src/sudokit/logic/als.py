"""Almost locked sets, Sue de Coq and templates: the set-based techniques.

An almost locked set (ALS) is N unsolved cells of one house holding N+1 candidates between them:
lose any one digit and the rest is a locked set.  Two ALS share a *restricted common* X when every
X of one sees every X of the other, so at most one of them keeps X.  From that follow ALS-XZ,
ALS-XY-Wing, ALS chains and Death Blossoms (as HoDoKu defines them: single-cell ALS count, and
ALS only overlap when the ``als-overlap`` board flag is set).  Sue de Coq splits a block/line
intersection into two almost locked parts; templates list every placement of a digit that the
pencil marks still allow.  Everything is bitmask work over the layout's houses and peers, so it
runs on any grid size and on jigsaw and extra-unit variants.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from sudokit.logic.board import Board, House, Layout, bits, digits_of
from sudokit.logic.step import Step, eliminations_text
from sudokit.model import EMPTY

OVERLAP_FLAG = "als-overlap"
"""Board flag: ALS may share cells (never the cells of a restricted common), as HoDoKu's option."""

MAX_CHAIN_ALS = 7
"""Longest ALS chain searched, in ALS: six links, HoDoKu's setting when it lists all steps."""

MAX_CHAIN_ALS_BIG = 5
"""Longest ALS chain on grids above 9x9 (they hold far more ALS)."""

CHAIN_NODE_BUDGET = 200_000
"""Steps of chain tracing per call before the search gives up (bounds pathological positions)."""

BLOSSOM_BUDGET = 200_000
"""Petal combinations tried per call for Death Blossoms."""

TEMPLATE_STATE_BUDGET = 200_000
"""Partial-template states per digit; beyond it that digit's templates are left unknown (sound)."""

REGLIB_FLAGS: dict[str, frozenset[str]] = {
    "0901-1": frozenset(),
    "0901-2": frozenset(),
    "0902-1": frozenset(),
    "0902-2": frozenset({OVERLAP_FLAG}),
    "0903-1": frozenset(),
    "0903-2": frozenset({OVERLAP_FLAG}),
    "0904-1": frozenset(),
    "0904-2": frozenset({OVERLAP_FLAG}),
}
"""HoDoKu's ALS variants: ``-1`` without ALS overlap (its default), ``-2`` with overlap allowed.

For ALS-XZ the variants are singly and doubly linked cases, both under the default options.
"""


# ------------------------------------------------------------------------------------ geometry


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Bitmask views of a layout, computed once per layout."""

    peers: tuple[int, ...]
    """For each cell, the cells it sees."""


def _geometry(layout: Layout) -> _Geometry:
    """The :class:`_Geometry` of a layout, built once and kept with it."""
    return layout.cached("als", lambda lay: _Geometry(lay.peer_mask))


_bits = bits


# ------------------------------------------------------------------------------------ ALS


@dataclass(slots=True, eq=False)
class Als:
    """N cells of one house with N+1 candidates between them."""

    cells: int
    """Cell bitmask."""
    cell_list: tuple[int, ...]
    digits: int
    """Candidate bitmask (N+1 digits)."""
    house: House
    pos: list[int]
    """For each digit, the ALS cells holding it (0 when the ALS lacks the digit)."""
    sees: list[int]
    """For each digit of the ALS, every cell that sees all of its cells holding that digit."""


def _max_als_cells(n: int) -> int:
    """Largest ALS collected: HoDoKu's n-1 on 9x9, capped on big grids to bound the search."""
    return n - 1 if n <= 9 else 5


def collect_alses(board: Board, geometry: _Geometry | None = None) -> list[Als]:
    """Every ALS of the board (single bivalue cells included), in HoDoKu's order, without repeats.

    Houses are read in layout order (rows, columns, blocks, extras) and each house's subsets in
    lexicographic order; a cell set found again from another house is kept once.
    """
    geo = geometry or _geometry(board.layout)
    layout = board.layout
    cand = board.cand
    found: set[int] = set()
    out: list[Als] = []
    if len(_HOUSE_ALS) > 4096:
        _HOUSE_ALS.clear()
    for house in board.houses:
        snap = tuple(cand[c] for c in house.cells)
        key = (id(layout), house.index)
        hit = _HOUSE_ALS.get(key)
        if hit is not None and hit[0] is layout and hit[1] == snap:
            house_alses = hit[2]
        else:
            house_alses = _house_alses(board, geo, house)
            _HOUSE_ALS[key] = (layout, snap, house_alses)
        for als in house_alses:
            if als.cells not in found:
                found.add(als.cells)
                out.append(als)
    return out


_HOUSE_ALS: dict[tuple[int, int], tuple[Layout, tuple[int, ...], list[Als]]] = {}
"""The ALS of each (layout, house), with the candidates they were found from: most houses are
unchanged between two steps of a solving path, and an ALS depends only on its own cells."""


def _house_alses(board: Board, geo: _Geometry, house: House) -> list[Als]:
    """The ALS of one house, in lexicographic order of their cells."""
    cand = board.cand
    peers = geo.peers
    n = board.n
    out: list[Als] = []
    empty = [c for c in house.cells if cand[c]]
    k = len(empty)
    limit = min(_max_als_cells(n), k - 1)
    if limit < 1:
        return out
    masks = [cand[c] for c in empty]
    # iterative depth-first enumeration: (next index, cell mask, digit mask, size, chosen cells)
    stack: list[tuple[int, int, int, int, tuple[int, ...]]] = [(0, 0, 0, 0, ())]
    while stack:
        start, cells, digits, size, chosen = stack.pop()
        # push in reverse so lower indexes are explored first (lexicographic order)
        pending = []
        for i in range(start, k):
            c = empty[i]
            m = cells | 1 << c
            d = digits | masks[i]
            s = size + 1
            count = d.bit_count()
            if count > limit + 1:
                continue
            tup = (*chosen, c)
            if count == s + 1:
                out.append(_make_als(m, tup, d, house, cand, peers, n))
            if s < limit:
                pending.append((i + 1, m, d, s, tup))
        stack.extend(reversed(pending))
    return out


def _make_als(
    cells: int,
    cell_list: tuple[int, ...],
    digits: int,
    house: House,
    cand: list[int],
    peers: tuple[int, ...],
    n: int,
) -> Als:
    pos = [0] * n
    sees = [0] * n
    for d in _bits(digits):
        bit = 1 << d
        p = 0
        seen = -1
        for c in cell_list:
            if cand[c] & bit:
                p |= 1 << c
                seen &= peers[c]
        pos[d] = p
        sees[d] = seen
    return Als(cells, tuple(sorted(cell_list)), digits, house, pos, sees)


def restricted_commons(alses: list[Als], n: int, overlap: bool) -> list[dict[int, int]]:
    """For each ALS, the ALS it shares restricted commons with and those digits (a bitmask).

    A restricted common is a digit both ALS hold where every cell of one holding it sees every
    cell of the other holding it.  Overlapping ALS are skipped unless ``overlap``; then the
    digit's cells must avoid the shared cells.  At most two digits can link two ALS.
    """
    links: list[dict[int, int]] = [{} for _ in alses]
    for d in range(n):
        bit = 1 << d
        groups: dict[int, list[int]] = {}
        for i, a in enumerate(alses):
            if a.digits & bit:
                groups.setdefault(a.pos[d], []).append(i)
        keys = list(groups)
        sees = [alses[groups[p][0]].sees[d] for p in keys]
        for gi, p in enumerate(keys):
            see_p = sees[gi]
            for gj in range(gi + 1, len(keys)):
                q = keys[gj]
                if q & ~see_p:
                    continue
                for i in groups[p]:
                    a = alses[i]
                    for j in groups[q]:
                        b = alses[j]
                        shared = a.cells & b.cells
                        if shared and (not overlap or (p | q) & shared):
                            continue
                        links[i][j] = links[i].get(j, 0) | bit
                        links[j][i] = links[j].get(i, 0) | bit
    for row in links:
        for j in [j for j, m in row.items() if m.bit_count() > 2]:
            del row[j]  # three restricted commons cannot happen in a consistent grid
    return links


@dataclass(slots=True)
class _Context:
    """ALS and restricted commons of one pencil-mark state, shared by the ALS finders."""

    layout: Layout
    geometry: _Geometry
    alses: list[Als]
    digit_cells: list[int]
    """For each digit, the cells holding it as a candidate."""
    overlap: bool
    n: int
    _links: list[dict[int, int]] | None = field(default=None)

    @property
    def links(self) -> list[dict[int, int]]:
        """Restricted commons (computed on first use, from the last ones where ALS are unchanged)."""
        if self._links is None:
            self._links = _links_from_last(self)
        return self._links


_LAST_LINKS: list[tuple[Layout, bool, list[Als], list[dict[int, int]]]] = []
"""The last ALS list whose restricted commons were computed, and those links."""


def _links_from_last(ctx: _Context) -> list[dict[int, int]]:
    """Restricted commons of a context, reusing the last computation for unchanged ALS.

    Two ALS are linked or not by their own cells' candidates only, and ALS objects are shared
    while their house is unchanged (:data:`_HOUSE_ALS`), so only the new ALS need checking.
    """
    alses = ctx.alses
    last = _LAST_LINKS[0] if _LAST_LINKS else None
    if last is None or last[0] is not ctx.layout or last[1] != ctx.overlap:
        links = restricted_commons(alses, ctx.n, ctx.overlap)
    else:
        links = _update_links(last[2], last[3], alses, ctx)
    links = [dict(sorted(row.items())) for row in links]  # one order, whatever came before
    _LAST_LINKS[:] = [(ctx.layout, ctx.overlap, alses, links)]
    return links


def _update_links(
    old_alses: list[Als], old_links: list[dict[int, int]], alses: list[Als], ctx: _Context
) -> list[dict[int, int]]:
    """Carry the links between ALS present before over, and find those of the new ALS."""
    old_index = {id(a): i for i, a in enumerate(old_alses)}
    to_old = [old_index.get(id(a), -1) for a in alses]
    from_old = {o: i for i, o in enumerate(to_old) if o >= 0}
    links: list[dict[int, int]] = [{} for _ in alses]
    fresh = []
    for i, o in enumerate(to_old):
        if o < 0:
            fresh.append(i)
            continue
        row = links[i]
        for oj, m in old_links[o].items():
            j = from_old.get(oj)
            if j is not None:
                row[j] = m
    if not fresh:
        return links
    # every ALS by digit and by the first cell holding it: a partner's cells for a digit must
    # all lie among the cells that see this ALS's cells for it
    first_cell: list[dict[int, list[tuple[int, int, int]]]] = [{} for _ in range(ctx.n)]
    for i, a in enumerate(alses):
        pos, cells = a.pos, a.cells
        for d in _bits(a.digits):
            p = pos[d]
            low = p & -p
            bucket = first_cell[d].get(low)
            if bucket is None:
                first_cell[d][low] = [(i, p, cells)]
            else:
                bucket.append((i, p, cells))
    overlap, dc = ctx.overlap, ctx.digit_cells
    touched: set[int] = set()
    for i in fresh:
        a = alses[i]
        a_cells = a.cells
        row_i = links[i]
        for d in _bits(a.digits):
            see = a.sees[d]
            p = a.pos[d]
            bit = 1 << d
            buckets = first_cell[d]
            rest = see & dc[d]
            while rest:
                x = rest & -rest
                rest ^= x
                for j, q, b_cells in buckets.get(x, ()):
                    if q & ~see:
                        continue
                    shared = a_cells & b_cells
                    if shared and (not overlap or (p | q) & shared):
                        continue
                    row_i[j] = row_i.get(j, 0) | bit
                    links[j][i] = links[j].get(i, 0) | bit
                    touched.add(i)
                    touched.add(j)
    for i in touched:
        row = links[i]
        for j in [j for j, m in row.items() if m.bit_count() > 2]:
            del row[j]
            links[j].pop(i, None)
    return links


_CONTEXT: dict[tuple[int, bool, tuple[int, ...]], _Context] = {}


def _context(board: Board) -> _Context:
    """The ALS context of a board, cached for the last pencil-mark state seen."""
    overlap = OVERLAP_FLAG in board.flags
    key = (id(board.layout), overlap, tuple(board.cand))
    hit = _CONTEXT.get(key)
    if hit is not None and hit.layout is board.layout:
        return hit
    geo = _geometry(board.layout)
    digit_cells = board.digit_cells()
    ctx = _Context(board.layout, geo, collect_alses(board, geo), digit_cells, overlap, board.n)
    _CONTEXT.clear()
    _CONTEXT[key] = ctx
    return ctx


# ------------------------------------------------------------------------------------ texts


def _als_text(board: Board, als: Als) -> str:
    """``{r1c1, r1c2} (2/5/8)``."""
    return f"{{{board.cells_text(als.cell_list)}}} ({board.syms(digits_of(als.digits))})"


def _sorted_elims(elims: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """(cell, digit) pairs from a cell -> digit-mask map, by cell then digit."""
    return tuple((c, d) for c in sorted(elims) for d in _bits(elims[c]))


def _add(elims: dict[int, int], cells: int, digit: int) -> None:
    """Record that every cell of ``cells`` loses ``digit``."""
    bit = 1 << digit
    for c in _bits(cells):
        elims[c] = elims.get(c, 0) | bit


def _and(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _z_clause(
    board: Board, zs: Sequence[int], eliminations: tuple[tuple[int, int], ...], where: str, of: str
) -> str:
    """``so 8 is in one of them and r3c2, which sees every 8 of both, loses 8``."""
    cells = [board.name(c) for c in dict.fromkeys(c for c, _ in eliminations)]
    if len(zs) == 1:
        z = board.sym(zs[0])
        if len(cells) == 1:
            return f"so {z} is in {where} and {cells[0]}, which sees every {z} of {of}, loses {z}"
        return f"so {z} is in {where} and {_and(cells)}, which see every {z} of {of}, lose {z}"
    return (
        f"so each of {board.syms(zs)} is in {where}, and a cell that sees every such candidate of {of} "
        f"loses it: {eliminations_text(board, eliminations)}"
    )


def _als_step(
    board: Board,
    key: str,
    alses: list[Als],
    link_digits: int,
    elims: dict[int, int],
    explanation: str,
) -> Step:
    eliminations = _sorted_elims(elims)
    digits = link_digits
    for _, d in eliminations:
        digits |= 1 << d
    cells = tuple(sorted({c for a in alses for c in a.cell_list}))
    units = tuple(dict.fromkeys(a.house.name for a in alses))
    return Step(
        key,
        tuple(_bits(digits)),
        cells,
        units,
        eliminations=eliminations,
        explanation=explanation,
        length=len(alses),
        extra={"alses": [a.cell_list for a in alses]},
    )


# ------------------------------------------------------------------------------------ ALS-XZ


def als_xz(board: Board) -> Iterator[Step]:
    """Two ALS with a restricted common X: a digit Z both hold is in one of them.

    Every cell seeing all the Zs of both loses Z.  With two restricted commons (doubly linked)
    each ALS minus those two digits is a locked set, which removes its other digits from every
    cell outside the pair that sees all of that digit's cells.
    """
    ctx = _context(board)
    alses, dc, links = ctx.alses, ctx.digit_cells, ctx.links
    for i, a in enumerate(alses):
        for j, rc in links[i].items():
            if j < i:
                continue
            b = alses[j]
            elims: dict[int, int] = {}
            common = a.digits & b.digits
            outside = ~(a.cells | b.cells)
            zs = 0
            double = rc.bit_count() == 2
            # a Z is any common digit but the link: with two links, either one can be Z for the other
            a_sees, b_sees = a.sees, b.sees
            for z in _bits(common if double else common & ~rc):
                m = dc[z] & a_sees[z] & b_sees[z] & outside
                if m:
                    _add(elims, m, z)
                    zs |= 1 << z
            if double:
                for s, t in ((a, b), (b, a)):
                    for d in _bits(s.digits & ~rc):
                        m = dc[d] & s.sees[d] & ~t.cells
                        if m:
                            _add(elims, m, d)
            if not elims:
                continue
            eliminations = _sorted_elims(elims)
            head = f"{_als_text(board, a)} and {_als_text(board, b)}"
            if double:
                text = (
                    f"ALS-XZ (doubly linked): {head} share both {board.syms(_bits(rc))} as restricted "
                    "commons; neither can lose both, so each of the two digits is in exactly one of them "
                    "and each set without them is a locked set: "
                    f"{eliminations_text(board, eliminations)}"
                )
            else:
                text = f"ALS-XZ: {head} share {board.sym(_bits(rc)[0])} as a restricted common, " + _z_clause(
                    board, _bits(zs), eliminations, "one of them", "both"
                )
            yield _als_step(board, "als_xz", [a, b], rc, elims, text)


# ------------------------------------------------------------------------------------ ALS-XY-Wing


def als_xy_wing(board: Board) -> Iterator[Step]:
    """ALS A and B each linked to a pivot ALS C by different restricted commons.

    If A lacks Z it is locked, takes its link digit from C, which then forces C's link digit out
    of B, so B holds Z: either way Z is in A or B, and cells seeing all those Zs lose Z.
    """
    ctx = _context(board)
    alses, dc, links = ctx.alses, ctx.digit_cells, ctx.links
    overlap = ctx.overlap
    for ci, c in enumerate(alses):
        neighbours = sorted(links[ci].items())
        for (ai, ra), (bi, rb) in combinations(neighbours, 2):
            if ra == rb and ra.bit_count() == 1:
                continue
            a, b = alses[ai], alses[bi]
            union = a.cells | b.cells
            if union in (a.cells, b.cells):
                continue
            if not overlap and a.cells & b.cells:
                continue
            zs = a.digits & b.digits & ~ra & ~rb
            if not zs:
                continue
            elims: dict[int, int] = {}
            found = 0
            for z in _bits(zs):
                m = dc[z] & a.sees[z] & b.sees[z] & ~union
                if m:
                    _add(elims, m, z)
                    found |= 1 << z
            if not elims:
                continue
            eliminations = _sorted_elims(elims)
            zlist = _bits(found)
            ztext = board.sym(zlist[0]) if len(zlist) == 1 else "the digit"
            text = (
                f"ALS-XY-Wing: {_als_text(board, a)} and {_als_text(board, b)} are linked to "
                f"{_als_text(board, c)} by the restricted commons {board.syms(_bits(ra))} and "
                f"{board.syms(_bits(rb))}: if the first lacked {ztext} it would lock and push "
                f"{board.syms(_bits(ra))} out of the middle one, which would lock and push "
                f"{board.syms(_bits(rb))} out of the second, which would then hold {ztext}; "
                + _z_clause(board, zlist, eliminations, "one of the two", "both")
            )
            yield _als_step(board, "als_xy_wing", [a, c, b], ra | rb, elims, text)


# ------------------------------------------------------------------------------------ ALS chain


def als_xy_chain(board: Board) -> Iterator[Step]:
    """A chain of four or more ALS, each linked to the next by a restricted common.

    Consecutive links use different digits (the digit a locked ALS loses cannot link it on).  If
    the first ALS lacks Z, it locks and every ALS down the chain locks in turn, so the last holds
    Z: Z is in the first or the last, and cells seeing all those Zs lose it.  As HoDoKu's search
    for all steps: links in both directions, no ALS twice, at most :data:`MAX_CHAIN_ALS` ALS
    (:data:`MAX_CHAIN_ALS_BIG` above 9x9).

    Rather than walking every chain, the search works on states (ALS, digits it lost): bitsets
    give, for every first link, the states reachable in 2 to ``longest - 2`` more links;
    only an end that shares an eliminating digit with the start is then traced back to a chain.
    """
    ctx = _context(board)
    alses, dc = ctx.alses, ctx.digit_cells
    graph = _state_graph(ctx)
    if graph is None:
        return
    seen: set[tuple[tuple[int, int], ...]] = set()
    targets = _end_targets(ctx, graph)
    states, reach, ids = graph.states, graph.reach, graph.ids
    budget = [CHAIN_NODE_BUDGET]
    for si, first in enumerate(alses):
        per_digit = targets[si]
        if not per_digit:
            continue
        every = 0
        for mask in per_digit.values():
            every |= mask
        zcache: dict[int, int] = {}
        elim_cache: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], dict[int, int]]] = {}
        # first links grouped by the digit they use: one pass over the ends per digit
        by_arc: dict[int, list[int]] = {}
        for w, m in sorted(ctx.links[si].items()):
            for arc1 in _first_arcs(m):
                by_arc.setdefault(arc1, []).append(ids[(w, arc1)])
        for arc1, firsts in by_arc.items():
            # end states that can give an elimination with a digit other than arc1
            x = arc1.bit_length() - 1
            if x in per_digit:
                end_states = 0
                for z, mask in per_digit.items():
                    if z != x:
                        end_states |= mask
            else:
                end_states = every
            if not end_states:
                continue
            reached = 0
            for s1 in firsts:
                reached |= reach[s1]
            hits = reached & end_states
            while hits:
                low = hits & -hits
                hits ^= low
                target = low.bit_length() - 1
                ei, alast = states[target]
                last = alses[ei]
                zfull = zcache.get(ei)
                if zfull is None:
                    zfull = 0
                    for z in _bits(first.digits & last.digits):
                        if dc[z] & first.sees[z] & last.sees[z]:
                            zfull |= 1 << z
                    zcache[ei] = zfull
                zs = zfull & ~arc1 & ~alast
                if not zs:
                    continue
                cached = elim_cache.get((ei, zs))
                if cached is None:
                    elims: dict[int, int] = {}
                    for z in _bits(zs):
                        _add(elims, dc[z] & first.sees[z] & last.sees[z], z)
                    cached = elim_cache[(ei, zs)] = (_sorted_elims(elims), elims)
                if cached[0] in seen:
                    continue
                for s1 in firsts:
                    if not reach[s1] >> target & 1:
                        continue
                    path = _simple_chain(graph, si, s1, target, budget)
                    if path is not None:
                        seen.add(cached[0])
                        chain = [first] + [alses[states[k][0]] for k in path]
                        arcs = [states[k][1] for k in path]
                        yield _chain_step(board, chain, arcs, zs, cached[1])
                        break
                    if budget[0] < 0:
                        return


def _chain_limit(n: int) -> int:
    """Most ALS in a chain on a grid of ``n`` symbols."""
    return MAX_CHAIN_ALS if n <= 9 else MAX_CHAIN_ALS_BIG


def _first_arcs(m: int) -> list[int]:
    """The digit a chain's first link uses: a doubly linked pair may start with either digit."""
    if m.bit_count() == 2:
        return [m & -m, m & (m - 1)]
    return [m]


@dataclass(slots=True)
class _StateGraph:
    """ALS-chain states (ALS index, digits it lost to the previous link) and their links."""

    states: list[tuple[int, int]]
    ids: dict[tuple[int, int], int]
    succ: list[list[int]]
    blocks: list[int]
    """For each ALS, the bitset of its states."""
    reach: list[int]
    """For each state, the states 2 to ``longest - 2`` links further on (walks)."""
    longest: int
    """Most ALS in a chain."""
    _pred: list[list[int]] | None = None

    @property
    def pred(self) -> list[list[int]]:
        """For each state, the states linking to it (built on first use: few calls trace a chain)."""
        if self._pred is None:
            pred: list[list[int]] = [[] for _ in self.states]
            for k, row in enumerate(self.succ):
                for t in row:
                    pred[t].append(k)
            self._pred = pred
        return self._pred


def _state_graph(ctx: _Context) -> _StateGraph | None:
    """Build the state graph of an ALS context (``None`` when chains cannot be 4 ALS long)."""
    extra = _chain_limit(ctx.n) - 4
    if extra < 0:
        return None
    links = ctx.links
    states: list[tuple[int, int]] = []
    ids: dict[tuple[int, int], int] = {}
    per_als: list[dict[int, int]] = []
    blocks = [0] * len(links)
    for w, row in enumerate(links):
        arcs: set[int] = set()
        for m in row.values():
            arcs.add(m)
            if m.bit_count() == 2:
                arcs.add(m & -m)
                arcs.add(m & (m - 1))
        start = len(states)
        mine: dict[int, int] = {}
        for a in sorted(arcs):
            k = len(states)
            mine[a] = k
            ids[(w, a)] = k
            states.append((w, a))
        per_als.append(mine)
        blocks[w] = ((1 << (len(states) - start)) - 1) << start
    succ: list[list[int]] = []
    for v, a in states:
        succ.append([per_als[w][m & ~a] for w, m in links[v].items() if m & ~a])
    # within[s]: states reachable from s in 0..extra links; then two compulsory links before it
    selves = [1 << k for k in range(len(states))]
    within = selves
    for _ in range(extra):
        nxt = []
        for acc, nexts in zip(selves, succ, strict=True):
            for t in nexts:
                acc |= within[t]
            nxt.append(acc)
        within = nxt
    for _ in range(2):
        nxt = []
        for nexts in succ:
            acc = 0
            for t in nexts:
                acc |= within[t]
            nxt.append(acc)
        within = nxt
    return _StateGraph(states, ids, succ, blocks, within, extra + 4)


def _end_targets(ctx: _Context, graph: _StateGraph) -> list[dict[int, int]]:
    """For each ALS and digit Z, the chain-end states that could make Z an elimination.

    Those are the states of another ALS holding Z, where some outside cell sees every Z of both,
    whose link into it does not use Z (bitsets over the states of ``graph``).
    """
    alses, dc = ctx.alses, ctx.digit_cells
    blocks, states = graph.blocks, graph.states
    targets: list[dict[int, int]] = [{} for _ in alses]
    used = [0] * ctx.n  # for each digit, the states whose link uses it
    for k, (_, arc) in enumerate(states):
        for z in _bits(arc):
            used[z] |= 1 << k
    every = (1 << len(states)) - 1
    for z in range(ctx.n):
        bit = 1 << z
        free = every & ~used[z]
        if not free:
            continue
        # ALS by the cells that see all their Zs (many share them), then by those cells
        groups: dict[int, int] = {}
        members: list[tuple[int, int]] = []
        cells_z = dc[z]
        for i, a in enumerate(alses):
            if a.digits & bit:
                e = cells_z & a.sees[z]
                if e:
                    members.append((i, e))
                    groups[e] = groups.get(e, 0) | blocks[i]
        buckets: dict[int, int] = {}
        for e, block in groups.items():
            while e:
                low = e & -e
                buckets[low] = buckets.get(low, 0) | block
                e ^= low
        memo: dict[int, int] = {}
        for e in groups:
            acc = 0
            rest = e
            while rest:
                low = rest & -rest
                acc |= buckets[low]
                rest ^= low
            memo[e] = acc & free
        for i, e in members:
            acc = memo[e] & ~blocks[i]
            if acc:
                targets[i][z] = acc
    return targets


def _simple_chain(
    graph: _StateGraph, start: int, s1: int, target: int, budget: list[int]
) -> list[int] | None:
    """States of a chain from ALS ``start`` through ``s1`` to ``target`` that repeats no ALS."""
    limit = graph.longest - 2  # links after s1
    # distance (in links, walks) from each state to the target, up to the limit
    dist = {target: 0}
    frontier = [target]
    for d in range(1, limit + 1):
        nxt = []
        for t in frontier:
            for p in graph.pred[t]:
                if p not in dist:
                    dist[p] = d
                    nxt.append(p)
        frontier = nxt
    if dist.get(s1, limit + 1) > limit:
        return None
    states = graph.states
    path = [s1]
    used = {start, states[s1][0]}

    def walk(s: int, depth: int) -> bool:
        if s == target and depth >= 2:
            return True
        for t in graph.succ[s]:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            if dist.get(t, limit + 1) + depth + 1 > limit:
                continue
            a = states[t][0]
            if a in used:
                continue
            used.add(a)
            path.append(t)
            if walk(t, depth + 1):
                return True
            path.pop()
            used.discard(a)
        return False

    return path if walk(s1, 0) else None


def _chain_step(board: Board, chain: list[Als], arcs: list[int], zs: int, elims: dict[int, int]) -> Step:
    eliminations = _sorted_elims(elims)
    parts = [_als_text(board, chain[0])]
    for als, arc in zip(chain[1:], arcs, strict=True):
        parts.append(f"-{board.syms(_bits(arc))}- {_als_text(board, als)}")
    link_digits = 0
    for arc in arcs:
        link_digits |= arc
    zlist = _bits(zs)
    ztext = board.sym(zlist[0]) if len(zlist) == 1 else "the digit"
    text = (
        f"ALS chain: {' '.join(parts)} (each link digit a restricted common of its neighbours): if the "
        f"first ALS lacked {ztext} it would lock, and so would each ALS after it in turn, so the last "
        f"would hold {ztext}; " + _z_clause(board, zlist, eliminations, "the first or the last ALS", "both")
    )
    return _als_step(board, "als_xy_chain", chain, link_digits, elims, text)


# ------------------------------------------------------------------------------------ Death Blossom


def death_blossom(board: Board) -> Iterator[Step]:
    """A stem cell whose every candidate d has a petal: an ALS whose ds all see the stem.

    Whatever the stem holds, that petal loses the digit and locks, so a digit Z (not a stem
    candidate) held by every petal is in one of them; cells seeing all the petals' Zs lose it.
    """
    ctx = _context(board)
    alses, dc = ctx.alses, ctx.digit_cells
    cand = board.cand
    n = board.n
    overlap = ctx.overlap
    petals: dict[int, list[list[int]]] = {}
    for i, a in enumerate(alses):
        for d in _bits(a.digits):
            for stem in _bits(a.sees[d] & dc[d]):
                per = petals.get(stem)
                if per is None:
                    per = petals[stem] = [[] for _ in range(n)]
                per[d].append(i)
    budget = [BLOSSOM_BUDGET]
    seen: set[tuple[tuple[int, int], ...]] = set()
    for stem in sorted(petals):
        per = petals[stem]
        stem_digits = _bits(cand[stem])
        if len(stem_digits) < 2 or any(not per[d] for d in stem_digits):
            continue
        order = sorted(stem_digits, key=lambda d: len(per[d]))
        others = ((1 << n) - 1) & ~cand[stem]
        start = {z: dc[z] & ~(1 << stem) for z in _bits(others)}
        for chosen, zmask, reach in _blossoms(alses, per, order, others, start, overlap, budget):
            elims: dict[int, int] = {}
            found = 0
            for z in _bits(zmask):
                if reach[z]:
                    _add(elims, reach[z], z)
                    found |= 1 << z
            if not elims:
                continue
            eliminations = _sorted_elims(elims)
            if eliminations in seen:
                continue
            seen.add(eliminations)
            petal_text = _and(
                [f"{_als_text(board, alses[i])} for {board.sym(d)}" for d, i in sorted(chosen.items())]
            )
            text = (
                f"Death blossom: stem {board.name(stem)} ({board.syms(stem_digits)}) with petals "
                f"{petal_text} "
                "(every petal's candidates of its digit see the stem): whichever digit the stem takes, its "
                "petal loses it and locks, "
                + _z_clause(board, _bits(found), eliminations, "one of the petals", "them")
            )
            petal_alses = [alses[i] for _, i in sorted(chosen.items())]
            step = _als_step(board, "death_blossom", petal_alses, cand[stem], elims, text)
            yield Step(
                step.technique,
                step.digits,
                tuple(sorted({stem, *step.cells})),
                step.units,
                eliminations=step.eliminations,
                explanation=step.explanation,
                length=step.length,
                extra={"stem": stem, **step.extra},
            )


def _blossoms(
    alses: list[Als],
    per: list[list[int]],
    order: list[int],
    zmask: int,
    reach: dict[int, int],
    overlap: bool,
    budget: list[int],
) -> Iterator[tuple[dict[int, int], int, dict[int, int]]]:
    """Choices of one petal per stem digit (in ``order``) that still leave an elimination."""
    chosen: dict[int, int] = {}

    def extend(
        k: int, zmask: int, reach: dict[int, int], used: int
    ) -> Iterator[tuple[dict[int, int], int, dict[int, int]]]:
        if k == len(order):
            yield dict(chosen), zmask, {z: r & ~used for z, r in reach.items()}
            return
        d = order[k]
        for i in per[d]:
            budget[0] -= 1
            if budget[0] < 0:
                return
            a = alses[i]
            if not overlap and a.cells & used:
                continue
            zs = zmask & a.digits
            if not zs:
                continue
            cells = used | a.cells
            new_reach = {}
            alive = False
            for z in _bits(zs):
                r = reach[z] & a.sees[z]
                new_reach[z] = r
                if r & ~cells:
                    alive = True
            if not alive:
                continue
            chosen[d] = i
            yield from extend(k + 1, zs, new_reach, cells)
            del chosen[d]

    yield from extend(0, zmask, reach, 0)


# ------------------------------------------------------------------------------------ Sue de Coq


def _subsets(
    cells: list[int], cand: list[int], v: int, limit: int, least: int
) -> list[tuple[int, int, tuple[int, ...]]]:
    """Subsets of ``cells`` (up to ``limit``) that may hold ``least`` digits of ``v`` or more.

    Each is (cell mask, candidates, cells).  A subset with e digits outside ``v`` can hold at
    most ``size - e`` digits of ``v``, and e only grows, so a branch with more than
    ``limit - least`` outside digits is dropped: exact, and what keeps big grids quick.
    """
    out: list[tuple[int, int, tuple[int, ...]]] = []
    most = limit - least
    outside = ~v
    frontier: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())]
    while frontier:
        start, mask, digits, chosen = frontier.pop()
        for i in range(start, len(cells)):
            c = cells[i]
            d = digits | cand[c]
            if (d & outside).bit_count() > most:
                continue
            item = (mask | 1 << c, d, (*chosen, c))
            out.append(item)
            if len(item[2]) < limit:
                frontier.append((i + 1, *item))
    return out


def sue_de_coq(board: Board) -> Iterator[Step]:
    """Sue de Coq: cells C of a block/line intersection holding |C|+k candidates V (k >= 2).

    Cells L of the line and B of the block (outside C) are found whose candidates take k of V
    between them, with no digit of V shared by L and B, plus one cell per extra digit.  Then
    C, L and B hold exactly their digits: the rest of the line loses V minus B's digits (and
    L's), the rest of the block loses V minus L's digits (and B's).  HoDoKu's version with its
    extensions (extra digits in L and B, unused intersection cells usable as L or B cells).
    """
    cand = board.cand
    layout = board.layout
    houses = board.houses
    blocks = [h for h in houses if h.kind in ("box", "region")]
    lines = [h for h in houses if h.kind not in ("box", "region")]
    limit = 7 if board.n <= 9 else 3
    if len(_SDC_CACHE) > 4096:
        _SDC_CACHE.clear()
    for line in lines:
        line_empty = [c for c in line.cells if cand[c]]
        if len(line_empty) < 3:
            continue
        line_snap = tuple(cand[c] for c in line.cells)
        for block in blocks:
            inter = [c for c in line_empty if c in block.cell_set]
            if len(inter) < 2:
                continue
            # the steps of an intersection depend only on its two houses' candidates: between
            # two steps of a solving path most intersections are unchanged
            snap = (line_snap, tuple(cand[c] for c in block.cells))
            key = (id(layout), line.index, block.index)
            hit = _SDC_CACHE.get(key)
            if hit is not None and hit[0] is layout and hit[1] == snap:
                yield from hit[2]
                continue
            block_empty = [c for c in block.cells if cand[c]]
            steps: list[Step] = []
            for size in range(2, min(len(inter), 4 if board.n <= 9 else 3) + 1):
                for chosen in combinations(inter, size):
                    v = 0
                    cmask = 0
                    for c in chosen:
                        v |= cand[c]
                        cmask |= 1 << c
                    n_plus = v.bit_count() - size
                    if n_plus < 2:
                        continue
                    steps.extend(
                        _sdc_at(board, line, block, chosen, cmask, v, n_plus, line_empty, block_empty, limit)
                    )
            _SDC_CACHE[key] = (layout, snap, steps)
            yield from steps


_SDC_CACHE: dict[
    tuple[int, int, int], tuple[Layout, tuple[tuple[int, ...], tuple[int, ...]], list[Step]]
] = {}
"""Sue de Coq steps per (layout, line, block), with the candidates they were found from."""


def _sdc_at(
    board: Board,
    line: House,
    block: House,
    chosen: tuple[int, ...],
    cmask: int,
    v: int,
    n_plus: int,
    line_empty: list[int],
    block_empty: list[int],
    limit: int,
) -> Iterator[Step]:
    cand = board.cand
    line_source = [c for c in line_empty if not cmask >> c & 1]
    block_rest = [c for c in block_empty if not cmask >> c & 1]
    block_bits = 0
    for c in block_rest:
        block_bits |= 1 << c
    # the block cells only depend on the digits the line cells took, the count still needed and
    # the line cells lying in the block: many line choices share them
    found: dict[tuple[int, int, int], list[tuple[int, int, tuple[int, ...]]]] = {}
    for lmask, vl, lcells in _subsets(line_source, cand, v, limit, 1):
        contained = vl & v
        extra_l = (vl & ~v).bit_count()
        used_l = len(lcells) - extra_l
        if not contained or used_l < 1 or used_l >= n_plus:
            continue
        need = n_plus - used_l
        key = (contained, need, lmask & block_bits)
        block_sets = found.get(key)
        if block_sets is None:
            source = [c for c in block_rest if not lmask >> c & 1 and not cand[c] & contained]
            block_sets = found[key] = [
                item
                for item in _subsets(source, cand, v, limit, need)
                if item[1] & v and len(item[2]) - (item[1] & ~v).bit_count() == need
            ]
        for bmask, vb, bcells in block_sets:
            shared_extra = vb & vl
            block_digits = ((v | vb) & ~vl) | shared_extra
            line_digits = ((v | vl) & ~vb) | shared_extra
            elims: dict[int, int] = {}
            for c in block.cells:
                if (cmask | bmask) >> c & 1:
                    continue
                m = cand[c] & block_digits
                if m:
                    elims[c] = elims.get(c, 0) | m
            for c in line.cells:
                if (cmask | lmask) >> c & 1:
                    continue
                m = cand[c] & line_digits
                if m:
                    elims[c] = elims.get(c, 0) | m
            if not elims:
                continue
            eliminations = _sorted_elims(elims)
            count = len(chosen) + len(lcells) + len(bcells)
            text = (
                f"Sue de Coq: {_and([board.name(c) for c in chosen])}, where {line.name} meets {block.name}, "
                f"hold {board.syms(digits_of(v))}; with {board.cells_text(lcells)} "
                f"({board.syms(digits_of(vl))}) "
                f"elsewhere in {line.name} and {board.cells_text(bcells)} ({board.syms(digits_of(vb))}) "
                f"elsewhere in {block.name} (sharing no digit of the intersection), these {count} cells hold "
                f"exactly {count} digits, so {line.name} keeps {board.syms(digits_of(line_digits))} and "
                f"{block.name} keeps {board.syms(digits_of(block_digits))} inside them: "
                f"{eliminations_text(board, eliminations)}"
            )
            yield Step(
                "sue_de_coq",
                tuple(digits_of(v | vl | vb)),
                tuple(sorted((*chosen, *lcells, *bcells))),
                (line.name, block.name),
                eliminations=eliminations,
                explanation=text,
                extra={"intersection": chosen, "line_cells": lcells, "block_cells": bcells},
            )


# ------------------------------------------------------------------------------------ templates


def _template_spans(board: Board, geo: _Geometry, allowed: int) -> tuple[int, int] | None:
    """The union and intersection of every template a digit has within ``allowed`` cells.

    A template puts the digit once in every house without two cells seeing each other along a
    house.  Computed row by row over the set of houses already used (no enumeration of the
    templates themselves); ``None`` when the state budget runs out (the digit is then unknown).
    An empty union means the digit has no template left.
    """
    layout = board.layout
    rows = layout.rows
    if not rows:
        return None
    houses = layout.houses
    index = {h.index: k for k, h in enumerate(h for h in houses if h.kind != "row")}
    full = (1 << len(index)) - 1
    cell_bits: dict[int, int] = {}
    options: list[list[tuple[int, int]]] = []
    for row in rows:
        opts = []
        for c in row.cells:
            if allowed >> c & 1:
                hb = cell_bits.get(c)
                if hb is None:
                    hb = 0
                    for h in layout.cell_houses[c]:
                        k = index.get(h)
                        if k is not None:
                            hb |= 1 << k
                    cell_bits[c] = hb
                opts.append((c, hb))
        if not opts:
            return 0, 0
        options.append(opts)
    # forward: states (used-house masks) reachable before each row
    layers: list[set[int]] = [{0}]
    budget = TEMPLATE_STATE_BUDGET
    for opts in options:
        nxt: set[int] = set()
        for state in layers[-1]:
            for _, hb in opts:
                if not state & hb:
                    nxt.add(state | hb)
        budget -= len(nxt)
        if budget < 0:
            return None
        layers.append(nxt)
    good = {full} & layers[-1]
    union = 0
    inter = 0
    for r in range(len(options) - 1, -1, -1):
        alive: set[int] = set()
        row_cells = 0
        for state in layers[r]:
            for c, hb in options[r]:
                if not state & hb and state | hb in good:
                    alive.add(state)
                    row_cells |= 1 << c
        if not row_cells:
            return 0, 0
        union |= row_cells
        if row_cells & (row_cells - 1) == 0:
            inter |= row_cells
        good = alive
    return union, inter


def _template_masks(board: Board) -> list[tuple[int, int] | None]:
    """For each digit, (cells in some template, cells in every template), refined as HoDoKu does.

    A cell that every template of another digit covers is forbidden for this digit; templates
    are recomputed until nothing changes.
    """
    geo = _geometry(board.layout)
    n = board.n
    allowed = [0] * n
    for c, m in enumerate(board.cand):
        v = board.value[c]
        if v != EMPTY:
            allowed[v] |= 1 << c
        while m:
            low = m & -m
            allowed[low.bit_length() - 1] |= 1 << c
            m ^= low
    spans: list[tuple[int, int] | None] = [None] * n
    forced = [0] * n
    changed = True
    while changed:
        changed = False
        for d in range(n):
            others = 0
            for k in range(n):
                if k != d:
                    others |= forced[k]
            span = _template_spans(board, geo, allowed[d] & ~others)
            if span is not None and span[0] == 0:
                return [None] * n  # no template left: the grid is inconsistent
            if span != spans[d]:
                spans[d] = span
                new_forced = span[1] if span is not None else 0
                if new_forced != forced[d]:
                    forced[d] = new_forced
                    changed = True
    return spans


_TEMPLATES: dict[
    tuple[int, tuple[int, ...], tuple[int, ...]], tuple[Layout, list[tuple[int, int] | None]]
] = {}


def _cached_template_masks(board: Board) -> list[tuple[int, int] | None]:
    """:func:`_template_masks` of the last state seen (template set and delete share it)."""
    key = (id(board.layout), tuple(board.cand), tuple(board.value))
    hit = _TEMPLATES.get(key)
    if hit is not None and hit[0] is board.layout:
        return hit[1]
    spans = _template_masks(board)
    _TEMPLATES.clear()
    _TEMPLATES[key] = (board.layout, spans)
    return spans


def _templates_ok(board: Board) -> bool:
    """Templates need rows that partition the grid, and at most 16 symbols (the cost grows fast)."""
    rows = board.layout.rows
    if not rows or board.n > 16:
        return False
    covered: set[int] = set()
    for row in rows:
        covered |= row.cell_set
    return len(covered) == len(board.cand) == sum(len(row.cells) for row in rows)


def _houses_text(board: Board) -> str:
    """``every row, column and box`` (or ``every house`` on other grids)."""
    return "every row, column and box" if board.layout.classic else "every house"


def template_set(board: Board) -> Iterator[Step]:
    """Cells that every template of a digit covers (consistent with the other digits) take it."""
    if not _templates_ok(board):
        return
    spans = _cached_template_masks(board)
    for d, span in enumerate(spans):
        if span is None:
            continue
        cells = [c for c in _bits(span[1]) if board.value[c] == EMPTY]
        if not cells:
            continue
        sym = board.sym(d)
        yield Step(
            "template_set",
            (d,),
            tuple(cells),
            (),
            placements=tuple((c, d) for c in cells),
            explanation=f"Template: every way to place {sym} once in {_houses_text(board)} that the pencil "
            f"marks (and the cells other digits are forced into) allow puts {sym} in "
            f"{_and([board.name(c) for c in cells])}, so {'it takes' if len(cells) == 1 else 'they take'} "
            f"{sym}",
        )


def template_delete(board: Board) -> Iterator[Step]:
    """Candidates of a digit that no template of it covers are removed."""
    if not _templates_ok(board):
        return
    spans = _cached_template_masks(board)
    cand = board.cand
    for d, span in enumerate(spans):
        if span is None:
            continue
        bit = 1 << d
        cells = [c for c, m in enumerate(cand) if m & bit and not span[0] >> c & 1]
        if not cells:
            continue
        sym = board.sym(d)
        eliminations = tuple((c, d) for c in cells)
        yield Step(
            "template_delete",
            (d,),
            tuple(cells),
            (),
            eliminations=eliminations,
            explanation=f"Template: no way to place {sym} once in {_houses_text(board)} that the pencil "
            f"marks (and the cells other digits are forced into) allow uses "
            f"{_and([board.name(c) for c in cells])}, so {eliminations_text(board, eliminations)}",
        )


FINDERS = (
    (("sue_de_coq",), sue_de_coq),
    (("als_xz",), als_xz),
    (("als_xy_wing",), als_xy_wing),
    (("als_xy_chain",), als_xy_chain),
    (("death_blossom",), death_blossom),
    (("template_set",), template_set),
    (("template_delete",), template_delete),
)
"""(technique keys, finder) pairs of this module, collected by :mod:`sudokit.logic.techniques`."""
