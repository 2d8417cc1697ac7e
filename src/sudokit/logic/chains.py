"""Chains and loops: X-Chains, XY-Chains, nice loops and alternating inference chains (AICs).

A chain joins candidates by links.  A *strong* link joins two candidates of which at least one is
true (a symbol's only two places in a house, a cell's only two symbols); a *weak* link joins two that
cannot both be true (one symbol in two cells that see each other, two symbols of one cell).  Read
alternately, "this one is false" at one end forces "that one is true" at the other.

The search follows HoDoKu 2.2, so that a position gives the steps HoDoKu gives:

* X-Chains (one symbol) and XY-Chains (bivalue cells only) are simple chains, no cell twice, of at
  most 20 links.  From every start, a breadth-first search over strong links finds the shortest
  chain to every end; when that route crosses itself an exact depth-first search looks for the
  shortest simple one.
* Nice loops and AICs come from Trebor's tables: for every candidate, set and deleted, everything it
  implies through direct links, built breadth first (so the chain to an implication is a shortest
  one).  A table that comes back to its own cell is a nice loop, one that ends in a strong
  implication elsewhere is an AIC.  The grouped kinds add group nodes (a symbol's cells where a line
  crosses a box) and, when ``board.flags`` holds ``"chain-als"``, almost locked sets.

Links come from houses and peers only, so every finder works on any grid size, on jigsaw regions and
on extra units such as diagonals.  One step is reported per set of eliminations, with its shortest
chain, and steps come shortest first.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sudokit.logic.board import Board, Layout, digits_of
from sudokit.logic.step import Step, eliminations_text
from sudokit.model import EMPTY

MAX_LINKS = 20
"""Longest X-Chain or XY-Chain, in links (HoDoKu's default chain restriction)."""

TABLE_LIMIT = 1000
"""Most implications recorded for one premise (HoDoKu's table size)."""

ALS_FLAG = "chain-als"
"""Board flag that lets grouped nice loops and AICs use almost locked sets as nodes."""

REGLIB_FLAGS: dict[str, frozenset[str]] = {
    code: frozenset({ALS_FLAG}) for code in ("0709-2", "0710-3", "0710-4", "0711-3", "0711-4")
}
"""Regression-library variants that allow ALS nodes in grouped chains."""

NORMAL, GROUP, ALS = 0, 1, 2
"""Node kinds of the tables: one candidate, a group of cells, an almost locked set."""

Elims = tuple[tuple[int, int], ...]


# ------------------------------------------------------------------------------------------ layout


@dataclass(frozen=True, slots=True)
class _Static:
    """Per-layout bitmasks: who sees whom, house cells, and the line/box crossings for group nodes."""

    peers: tuple[int, ...]
    house_mask: tuple[int, ...]
    cell_houses: tuple[tuple[int, ...], ...]
    house_names: tuple[str, ...]
    crossings: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    """For each line (rows, then columns): the boxes it crosses in two or more cells, with the cells."""


_STATIC: dict[int, tuple[Layout, _Static]] = {}


def _static(layout: Layout) -> _Static:
    """The bitmasks of a layout, computed once per layout."""
    hit = _STATIC.get(id(layout))
    if hit is not None and hit[0] is layout:
        return hit[1]
    peers = tuple(sum(1 << p for p in layout.peers[c]) for c in range(len(layout.peers)))
    house_mask = tuple(sum(1 << c for c in h.cells) for h in layout.houses)
    lines = [h for h in layout.houses if h.kind == "row"] + [h for h in layout.houses if h.kind == "column"]
    blocks = layout.blocks
    crossings = []
    for line in lines:
        row = []
        for block in blocks:
            m = house_mask[line.index] & house_mask[block.index]
            if m.bit_count() >= 2:
                row.append((block.index, m))
        crossings.append((line.index, tuple(row)))
    static = _Static(
        peers=peers,
        house_mask=house_mask,
        cell_houses=layout.cell_houses,
        house_names=tuple(h.name for h in layout.houses),
        crossings=tuple(crossings),
    )
    if len(_STATIC) > 64:
        _STATIC.clear()
    _STATIC[id(layout)] = (layout, static)
    return static


def _bits(mask: int) -> list[int]:
    """The indexes of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _digit_masks(board: Board) -> list[int]:
    """For every symbol, the bitmask of the cells that still hold it."""
    masks = [0] * board.n
    for c, m in enumerate(board.cand):
        while m:
            low = m & -m
            masks[low.bit_length() - 1] |= 1 << c
            m ^= low
    return masks


def _link_house(st: _Static, a: int, b: int) -> str | None:
    """The first house holding both cells (None when they only see each other by another rule)."""
    for h in st.cell_houses[a]:
        if st.house_mask[h] >> b & 1:
            return st.house_names[h]
    return None


def _cells_text(board: Board, cells: list[int]) -> str:
    """``r3c1``, ``r3c1 and r5c2`` or ``r3c1, r4c4 and r5c2``."""
    names = [board.name(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _group_text(board: Board, cells: list[int]) -> str:
    """A group of cells the short way players write it: ``r1c23``, ``r45c6`` (else comma-separated)."""
    places = [board.grid.cells[c] for c in cells]
    if board.n <= 9 and len({r for r, _ in places}) == 1:
        return f"r{places[0][0] + 1}c" + "".join(str(col + 1) for _, col in places)
    if board.n <= 9 and len({col for _, col in places}) == 1:
        return "r" + "".join(str(r + 1) for r, _ in places) + f"c{places[0][1] + 1}"
    return "{" + ",".join(board.name(c) for c in cells) + "}"


def _see_text(cells: list[int], what: str) -> str:
    """``(which sees both)`` or ``(which see both)``."""
    return f"(which {'sees' if len(cells) == 1 else 'see'} {what})"


def _lose(cells: list[int]) -> str:
    return "loses" if len(cells) == 1 else "lose"


# ------------------------------------------------------------------------------------ simple chains


def _simple_path(
    starts: list[int],
    succ: list[int],
    scells: list[int],
    targets: int,
    min_states: int,
    max_states: int,
    free_end: int,
) -> list[int] | None:
    """The shortest chain of states from a start to a target in which no cell comes twice.

    ``succ[i]`` is the bitmask of states that may follow state ``i`` and ``scells[i]`` the cells it
    covers; a path has ``min_states`` to ``max_states`` states and its last state may reuse the cells
    of ``free_end`` (a loop back to the start).  Iterative deepening, pruned by the distance to a
    target that ignores the no-repeat rule.
    """
    size = len(succ)
    pred: list[list[int]] = [[] for _ in range(size)]
    for i in range(size):
        for j in _bits(succ[i]):
            pred[j].append(i)
    rest = {t: 1 for t in _bits(targets)}
    queue = list(rest)
    k = 0
    while k < len(queue):
        j = queue[k]
        k += 1
        for i in pred[j]:
            if i not in rest:
                rest[i] = rest[j] + 1
                queue.append(i)

    def search(i: int, depth: int, used: int, limit: int, path: list[int]) -> list[int] | None:
        for j in _bits(succ[i]):
            need = rest.get(j)
            if need is None or depth + need > limit:
                continue
            overlap = scells[j] & used
            target = targets >> j & 1 and depth + 1 >= min_states
            if overlap and not (target and not overlap & ~free_end):
                continue
            path.append(j)
            if target:
                return path
            if not overlap:
                found = search(j, depth + 1, used | scells[j], limit, path)
                if found is not None:
                    return found
            path.pop()
        return None

    low = min((rest[s] for s in starts if s in rest), default=None)
    if low is None:
        return None
    for limit in range(max(low, min_states), max_states + 1):
        for s in starts:
            if rest.get(s, limit + 1) > limit:
                continue
            if targets >> s & 1 and min_states <= 1:
                return [s]
            found = search(s, 1, scells[s], limit, [s])
            if found is not None:
                return found
    return None


def x_chain(board: Board) -> Iterator[Step]:
    """X-Chains: one symbol, strong and weak links alternating, strong at both ends.

    One end holds the symbol, so a cell that sees both ends cannot.  A chain that comes back to
    its start with a strong link proves the start (every cell that sees it loses the symbol).
    """
    st = _static(board.layout)
    peers = st.peers
    max_states = (MAX_LINKS + 1) // 2
    found: dict[Elims, tuple[int, int, list[int]]] = {}
    for d, dmask in enumerate(_digit_masks(board)):
        if dmask.bit_count() < 4:
            continue
        tails: list[int] = []
        heads: list[int] = []
        pairs: set[int] = set()
        for hm in st.house_mask:
            m = hm & dmask
            if m.bit_count() == 2 and m not in pairs:
                pairs.add(m)
                u, v = (m & -m).bit_length() - 1, m.bit_length() - 1
                tails += [u, v]
                heads += [v, u]
        if len(tails) < 4:
            continue
        out_from: dict[int, int] = {}
        for i, u in enumerate(tails):
            out_from[u] = out_from.get(u, 0) | 1 << i
        succ = []
        for v in heads:
            nxt = 0
            for u in _bits(peers[v] & dmask):
                nxt |= out_from.get(u, 0)
            succ.append(nxt)
        scells = [1 << tails[i] | 1 << heads[i] for i in range(len(tails))]
        for s, starts in sorted(out_from.items()):
            for e, path in _x_ends(s, starts, succ, heads, scells, peers, dmask, max_states):
                elims_mask = dmask & peers[s] & (peers[e] if e != s else -1)
                key = tuple((c, d) for c in _bits(elims_mask))
                links = 2 * len(path) - 1
                if key not in found or found[key][0] > links:
                    cells = [tails[path[0]]]
                    for i in path:
                        if cells[-1] != tails[i]:
                            cells.append(tails[i])
                        cells.append(heads[i])
                    found[key] = (links, d, cells)
    for key, (links, d, cells) in sorted(found.items(), key=lambda kv: (kv[1][0], kv[0])):
        yield _x_step(board, st, key, d, cells, links)


def _x_ends(
    s: int,
    starts: int,
    succ: list[int],
    heads: list[int],
    scells: list[int],
    peers: tuple[int, ...],
    dmask: int,
    max_states: int,
) -> Iterator[tuple[int, list[int]]]:
    """Every end cell of an X-Chain from ``s`` that removes something, with its shortest chain."""
    par: dict[int, int] = {}
    depth: dict[int, int] = {}
    queue = _bits(starts)
    for i in queue:
        par[i] = -1
        depth[i] = 1
    seen = starts
    ends = 0
    k = 0
    while k < len(queue):
        i = queue[k]
        k += 1
        e = heads[i]
        dep = depth[i]
        if dep >= 2 and not ends >> e & 1:
            ends |= 1 << e
            if dmask & peers[s] & (peers[e] if e != s else -1):
                path = [i]
                while par[path[-1]] >= 0:
                    path.append(par[path[-1]])
                path.reverse()
                used = 0
                simple = True
                for j in path:
                    cells = scells[j]
                    if j == i and e == s:
                        cells &= ~(1 << s)
                    if cells & used:
                        simple = False
                        break
                    used |= cells
                if not simple:
                    targets = 0
                    for j in range(len(heads)):
                        if heads[j] == e:
                            targets |= 1 << j
                    again = _simple_path(
                        _bits(starts), succ, scells, targets, 2, max_states, (1 << s) if e == s else 0
                    )
                    if again is None:
                        continue
                    path = again
                yield e, path
        if e == s or dep >= max_states:
            continue
        nxt = succ[i] & ~seen & ~starts
        seen |= nxt
        for j in _bits(nxt):
            par[j] = i
            depth[j] = dep + 1
            queue.append(j)


def _x_step(board: Board, st: _Static, key: Elims, d: int, cells: list[int], links: int) -> Step:
    """The step of an X-Chain on symbol ``d`` through ``cells`` (strong link first)."""
    sym = board.sym(d)
    text = board.name(cells[0])
    units = []
    for k in range(1, len(cells)):
        text += ("=" if k % 2 else "-") + board.name(cells[k])
        house = _link_house(st, cells[k - 1], cells[k])
        if house is not None and house not in units:
            units.append(house)
    targets = [c for c, _ in key]
    start, end = cells[0], cells[-1]
    if start == end:
        why = (
            f"if {board.name(start)} were not {sym} it would be {sym} after all, so it is {sym} and "
            f"{_cells_text(board, targets)} {_see_text(targets, 'it')} {_lose(targets)} {sym}"
        )
    else:
        why = (
            f"so one of {board.name(start)} and {board.name(end)} is {sym} and "
            f"{_cells_text(board, targets)} {_see_text(targets, 'both')} {_lose(targets)} {sym}"
        )
    return Step(
        "x_chain",
        (d,),
        tuple(dict.fromkeys(cells)),
        tuple(units),
        eliminations=key,
        explanation=f"X-Chain on {sym}: {text}, {why}",
        length=links,
    )


def xy_chain(board: Board) -> Iterator[Step]:
    """XY-Chains: bivalue cells joined by weak links, each cell a strong link between its symbols.

    If the first cell is not ``d`` the chain forces the last to be ``d``, so a cell that sees both
    ends cannot be ``d``.
    """
    st = _static(board.layout)
    peers = st.peers
    cand = board.cand
    n = board.n
    dmasks = _digit_masks(board)
    biv = 0
    for c, m in enumerate(cand):
        if m.bit_count() == 2:
            biv |= 1 << c
    if biv.bit_count() < 2:
        return
    # states: (cell, symbol) "the cell holds the symbol", for bivalue cells
    index: dict[int, int] = {}
    s_cell: list[int] = []
    s_dig: list[int] = []
    for c in _bits(biv):
        for y in digits_of(cand[c]):
            index[c * n + y] = len(s_cell)
            s_cell.append(c)
            s_dig.append(y)
    succ = []
    for i, c in enumerate(s_cell):
        y = s_dig[i]
        nxt = 0
        for c2 in _bits(peers[c] & biv & dmasks[y]):
            nxt |= 1 << index[c2 * n + (cand[c2] & ~(1 << y)).bit_length() - 1]
        succ.append(nxt)
    scells = [1 << c for c in s_cell]
    max_cells = (MAX_LINKS + 1) // 2
    found: dict[Elims, tuple[int, int, list[int]]] = {}
    for start, c0 in enumerate(s_cell):
        d = (cand[c0] & ~(1 << s_dig[start])).bit_length() - 1
        own = (1 << index[c0 * n + d]) | (1 << start)
        par = {start: -1}
        depth = {start: 1}
        queue = [start]
        seen = own
        ends = 0
        k = 0
        while k < len(queue):
            i = queue[k]
            k += 1
            ck = s_cell[i]
            dep = depth[i]
            if dep >= 2 and s_dig[i] == d and not ends >> ck & 1:
                ends |= 1 << ck
                elims_mask = dmasks[d] & peers[c0] & peers[ck]
                if elims_mask:
                    path = [i]
                    while par[path[-1]] >= 0:
                        path.append(par[path[-1]])
                    path.reverse()
                    if len({s_cell[j] for j in path}) != len(path):
                        again = _simple_path([start], succ, scells, 1 << i, 2, max_cells, 0)
                        if again is None:
                            continue
                        path = again
                    key = tuple((c, d) for c in _bits(elims_mask))
                    links = 2 * len(path) - 1
                    if key not in found or found[key][0] > links:
                        found[key] = (links, d, path)
            if dep >= max_cells:
                continue
            nxt = succ[i] & ~seen
            seen |= nxt
            for j in _bits(nxt):
                par[j] = i
                depth[j] = dep + 1
                queue.append(j)
    for key, (links, d, path) in sorted(found.items(), key=lambda kv: (kv[1][0], kv[0])):
        yield _xy_step(board, st, key, d, [(s_cell[i], s_dig[i]) for i in path], links)


def _xy_step(board: Board, st: _Static, key: Elims, d: int, path: list[tuple[int, int]], links: int) -> Step:
    """The step of an XY-Chain: ``path`` holds each cell with the symbol it is forced to."""
    parts = []
    entry = d
    units = []
    for k, (c, y) in enumerate(path):
        parts.append(f"({board.sym(entry)}={board.sym(y)}){board.name(c)}")
        entry = y
        if k:
            house = _link_house(st, path[k - 1][0], c)
            if house is not None and house not in units:
                units.append(house)
    sym = board.sym(d)
    targets = [c for c, _ in key]
    start, end = path[0][0], path[-1][0]
    digits = sorted({y for _, y in path} | {d})
    return Step(
        "xy_chain",
        tuple(digits),
        tuple(c for c, _ in path),
        tuple(units),
        eliminations=key,
        explanation=f"XY-Chain: {'-'.join(parts)}, so one of {board.name(start)} and {board.name(end)} "
        f"is {sym} and {_cells_text(board, targets)} {_see_text(targets, 'both')} {_lose(targets)} {sym}",
        length=links,
    )


# ---------------------------------------------------------------------------------- tabling chains


@dataclass(slots=True)
class _Als:
    """An almost locked set: ``size`` cells of one house holding ``size + 1`` symbols."""

    cells: int
    digits: int
    per_digit: dict[int, int]
    """The ALS cells holding each of its symbols."""
    buddies: dict[int, int]
    """For each symbol, the cells outside the ALS holding it that see all the ALS cells holding it."""
    all_buddies: int
    penalty: int
    """HoDoKu's extra chain length for the ALS."""


@dataclass(slots=True)
class _Found:
    """A nice loop or AIC found in a table, before HoDoKu's one-per-elimination rule is applied."""

    order: tuple[int, int, int]
    kind: str
    """``cnl``, ``dnl`` or ``aic``."""
    grouped: bool
    elims: Elims
    path: list[int]
    weight: int
    """HoDoKu's chain length: nodes, ALS nodes counting extra."""


class _Net:
    """The implication graph of Trebor's tables.

    Node ids: candidate ``d`` of cell ``c`` is ``2 * (c * n + d)`` (deleted) and that plus one (set);
    group nodes and ALS nodes follow.  ``imp[x]`` lists the direct implications of node ``x`` in
    HoDoKu's order, which decides which of several equally short chains a table keeps.
    """

    def __init__(self, board: Board, grouped: bool, with_als: bool) -> None:
        self.board = board
        st = self.st = _static(board.layout)
        n = self.n = board.n
        cand = board.cand
        ncell = len(cand)
        dm = self.dm = _digit_masks(board)
        size = 2 * ncell * n
        self.kind: list[int] = [NORMAL] * size
        self.cell: list[int] = [(i >> 1) // n for i in range(size)]
        self.dig: list[int] = [(i >> 1) % n for i in range(size)]
        self.on: list[int] = [i & 1 for i in range(size)]
        self.cmask: list[int] = [1 << c for c in self.cell]
        self.imp: list[list[int]] = [[] for _ in range(size)]
        self.pen: dict[int, list[int]] = {}
        self.group_cells: list[int] = []
        self.group_buddies: list[int] = []
        self.alses: list[_Als] = []
        self.als_of: dict[int, int] = {}
        imp = self.imp
        peers = st.peers
        for c in range(ncell):
            m = cand[c]
            if not m:
                continue
            ds = digits_of(m)
            for d in ds:
                base = 2 * (c * n + d)
                weak = [2 * (c * n + x) for x in ds if x != d]
                strong = [2 * (c * n + x) + 1 for x in ds if x != d] if len(ds) == 2 else []
                added = 1 << c
                dmd = dm[d]
                for h in st.cell_houses[c]:
                    hm = st.house_mask[h] & dmd & ~(1 << c)
                    if not hm:
                        continue
                    for y in _bits(hm & ~added):
                        weak.append(2 * (y * n + d))
                    added |= hm
                    if not hm & (hm - 1):
                        node = 2 * ((hm.bit_length() - 1) * n + d) + 1
                        if node not in strong:
                            strong.append(node)
                for y in _bits(peers[c] & dmd & ~added):
                    weak.append(2 * (y * n + d))
                imp[base + 1] = weak
                imp[base] = strong
        if grouped:
            self._add_groups()
        if with_als:
            self._add_alses()
        total = len(self.kind)
        self.mark = [0] * total
        self.par = [0] * total
        self.dist = [0] * total
        self.expd = [False] * total
        self.stamp = 0

    # ------------------------------------------------------------------------------- group nodes

    def _add_groups(self) -> None:
        """Group nodes: a symbol's two or three cells where a line crosses a box, and their links."""
        st, n, dm, imp = self.st, self.n, self.dm, self.imp
        groups: list[tuple[int, int, int, tuple[int, ...]]] = []  # digit, cells, buddies, houses
        for line, blocks in st.crossings:
            for d in range(n):
                if not st.house_mask[line] & dm[d]:
                    continue
                for block, cross in blocks:
                    gm = cross & dm[d]
                    if gm.bit_count() < 2:
                        continue
                    buddies = -1
                    for c in _bits(gm):
                        buddies &= st.peers[c]
                    others = tuple(
                        h
                        for h in st.cell_houses[gm.bit_length() - 1]
                        if h not in (line, block) and st.house_mask[h] & gm == gm
                    )
                    groups.append((d, gm, buddies, (line, block, *others)))
        base = len(self.kind)
        self.group_base = base
        for d, gm, _, _ in groups:
            for on in (0, 1):
                self.kind.append(GROUP)
                self.cell.append((gm & -gm).bit_length() - 1)
                self.dig.append(d)
                self.on.append(on)
                self.cmask.append(gm)
                imp.append([])
            self.group_cells.append(gm)
        self.group_buddies = [b for _, _, b, _ in groups]
        self.groups_by_digit: dict[int, list[int]] = {}
        for g, (d, _, _, _) in enumerate(groups):
            self.groups_by_digit.setdefault(d, []).append(g)
        for g, (d, gm, buddies, houses) in enumerate(groups):
            g_off, g_on = base + 2 * g, base + 2 * g + 1
            targets = dm[d] & buddies
            on_list = imp[g_on]
            off_list = imp[g_off]
            if targets:
                for y in _bits(targets):
                    on_list.append(2 * (y * n + d))
                    imp[2 * (y * n + d) + 1].append(g_off)
                line, block = houses[0], houses[1]
                for h in (block, line, *houses[2:]):
                    rest = targets & st.house_mask[h]
                    if rest and not rest & (rest - 1):
                        y = rest.bit_length() - 1
                        off_list.append(2 * (y * n + d) + 1)
                        imp[2 * (y * n + d)].append(g_on)
            count = dict.fromkeys(houses, 0)
            first: dict[int, int] = {}
            for g2 in self.groups_by_digit[d]:
                gm2 = groups[g2][1]
                if g2 == g or gm2 & gm:
                    continue
                shared = False
                for h in houses:
                    if st.house_mask[h] & gm2 == gm2:
                        count[h] += 1
                        first.setdefault(h, g2)
                        shared = True
                if shared:
                    on_list.append(base + 2 * g2)
            for h in houses:
                if count[h] == 1:
                    g2 = first[h]
                    if not st.house_mask[h] & dm[d] & ~gm & ~groups[g2][1]:
                        off_list.append(base + 2 * g2 + 1)

    # -------------------------------------------------------------------------------- ALS nodes

    def _add_alses(self) -> None:
        """ALS nodes: an ALS that loses one symbol is a locked set, which removes and forces others."""
        board, st, n, dm, imp = self.board, self.st, self.n, self.dm, self.imp
        cand = board.cand
        alses = self.alses = _find_alses(board, st, dm)
        if not alses:
            return
        node_of: dict[tuple[int, int], int] = {}

        def node(i: int, j: int) -> int:
            x = node_of.get((i, j))
            if x is None:
                x = node_of[i, j] = len(self.kind)
                a = alses[i]
                self.kind.append(ALS)
                self.cell.append((a.per_digit[j] & -a.per_digit[j]).bit_length() - 1)
                self.dig.append(j)
                self.on.append(0)
                self.cmask.append(a.cells)
                imp.append([])
                self.pen[x] = []
                self.als_of[x] = i
            return x

        by_cells: dict[int, dict[int, list[int]]] = {}
        for i, a in enumerate(alses):
            for d, pd in a.per_digit.items():
                by_cells.setdefault(d, {}).setdefault(pd, []).append(i)
        groups_by_digit = getattr(self, "groups_by_digit", {})
        gbase = getattr(self, "group_base", 0)
        for i, a in enumerate(alses):
            for j in sorted(a.per_digit):
                elim = {k: a.buddies[k] for k in sorted(a.per_digit) if k != j}
                if not any(elim.values()):
                    continue
                x = node(i, j)
                for y in _bits(a.buddies[j]):
                    imp[2 * (y * n + j) + 1].append(x)
                    for g in groups_by_digit.get(j, ()):
                        gm = self.group_cells[g]
                        if gm >> y & 1 and not gm & a.cells and not a.per_digit[j] & ~self.group_buddies[g]:
                            g_on = gbase + 2 * g + 1
                            if x not in imp[g_on]:
                                imp[g_on].append(x)
                lst, pen = imp[x], self.pen[x]
                for k, em in elim.items():
                    if not em:
                        continue
                    for y in _bits(em):
                        lst.append(2 * (y * n + k))
                        pen.append(a.penalty)
                    for g in groups_by_digit.get(k, ()):
                        if not self.group_cells[g] & ~em:
                            lst.append(gbase + 2 * g)
                            pen.append(a.penalty)
                triggered = []
                for k, em in elim.items():
                    index = by_cells.get(k)
                    if not em or index is None:
                        continue
                    # every ALS whose cells holding k all lose k here becomes locked too
                    if em.bit_count() <= 10:
                        sub = em
                        while sub:
                            for i2 in index.get(sub, ()):
                                if i2 != i and not alses[i2].cells & a.cells:
                                    triggered.append((i2, k))
                            sub = (sub - 1) & em
                    else:
                        for pd, members in index.items():
                            if not pd & ~em:
                                triggered.extend((i2, k) for i2 in members if not alses[i2].cells & a.cells)
                for i2, k in sorted(triggered):
                    lst.append(node(i2, k))
                    pen.append(a.penalty)
                for y in _bits(a.all_buddies):
                    if cand[y].bit_count() == 2:
                        continue
                    left = cand[y]
                    for k, em in elim.items():
                        if em >> y & 1:
                            left &= ~(1 << k)
                    if left and not left & (left - 1):
                        lst.append(2 * (y * n + left.bit_length() - 1) + 1)
                        pen.append(a.penalty + 1)

    # ------------------------------------------------------------------------------------ tables

    def table(self, start: int) -> list[int]:
        """Everything ``start`` implies, breadth first, as HoDoKu's expanded table holds it.

        Leaves the parent and distance of every implication in ``par`` and ``dist`` (valid until the
        next call); distances count two per link, as HoDoKu's do, plus ALS penalties.
        """
        self.stamp += 1
        stamp = self.stamp
        mark, par, dist, imp = self.mark, self.par, self.dist, self.imp
        mark[start] = stamp
        par[start] = -1
        dist[start] = 1
        order = [start]
        pen = self.pen
        if not pen:
            for t in imp[start]:
                if mark[t] != stamp:
                    mark[t] = stamp
                    par[t] = start
                    dist[t] = 2
                    order.append(t)
            k = 1
            while k < len(order):
                x = order[k]
                k += 1
                dx = dist[x] + 2
                for t in imp[x]:
                    if mark[t] != stamp:
                        mark[t] = stamp
                        par[t] = x
                        dist[t] = dx
                        order.append(t)
                if len(order) >= TABLE_LIMIT:
                    del order[TABLE_LIMIT:]
                    break
            return order
        expd = self.expd
        for t, p in zip(imp[start], pen.get(start, [0] * len(imp[start])), strict=True):
            if mark[t] != stamp:
                mark[t] = stamp
                par[t] = start
                dist[t] = 2 + p
                expd[t] = False
                order.append(t)
        k = 1
        while k < len(order) and len(order) < TABLE_LIMIT:
            x = order[k]
            k += 1
            dx = dist[x] + 2
            penalties = pen.get(x)
            for idx, t in enumerate(imp[x]):
                dt = dx + penalties[idx] if penalties else dx
                if mark[t] != stamp:
                    if len(order) >= TABLE_LIMIT:
                        break
                    mark[t] = stamp
                    par[t] = x
                    dist[t] = dt
                    expd[t] = True
                    order.append(t)
                elif expd[t] and dist[t] > dt:
                    par[t] = x
                    dist[t] = dt
        return order

    def path(self, end: int) -> list[int]:
        """The chain from the current table's premise to ``end``."""
        par = self.par
        out = [end]
        while par[out[-1]] >= 0:
            out.append(par[out[-1]])
            if len(out) > TABLE_LIMIT:
                break
        out.reverse()
        return out

    def lasso_free(self, path: list[int], aic: bool) -> bool:
        """HoDoKu's check that no node returns to a cell used two nodes or more before it.

        In a nice loop the start cell may come back; in an AIC it may not.
        """
        cell, cmask = self.cell, self.cmask
        start_cell = cell[path[0]]
        lasso = 0
        last = -1
        for x in path:
            if lasso >> cell[x] & 1:
                return False
            if last >= 0 and (cell[last] != start_cell or aic):
                lasso |= cmask[last]
            last = x
        return True

    def buddies(self, x: int, digit: int) -> int:
        """The cells that see every cell of node ``x`` (for an ALS: every cell holding ``digit``)."""
        kind = self.kind[x]
        if kind == NORMAL:
            return self.st.peers[self.cell[x]]
        if kind == GROUP:
            return self.group_buddies[(x - self.group_base) >> 1]
        return self.alses[self.als_of[x]].buddies.get(digit, 0)


def _find_alses(board: Board, st: _Static, dm: list[int]) -> list[_Als]:
    """All ALS of two or more cells in one house, in HoDoKu's order (houses in turn, depth first)."""
    cand = board.cand
    seen: set[int] = set()
    found: list[tuple[int, int]] = []
    for house in board.houses:
        cells = [c for c in house.cells if board.value[c] == EMPTY and cand[c]]
        limit = len(house.cells) - 1

        def grow(
            start: int, size: int, mask: int, digits: int, cells: list[int] = cells, limit: int = limit
        ) -> None:
            for i in range(start, len(cells)):
                c = cells[i]
                m2 = mask | 1 << c
                d2 = digits | cand[c]
                if d2.bit_count() - (size + 1) == 1 and size + 1 > 1 and m2 not in seen:
                    seen.add(m2)
                    found.append((m2, d2))
                if size + 1 < limit:
                    grow(i + 1, size + 1, m2, d2)

        grow(0, 0, 0, 0)
    out = []
    for mask, digits in found:
        per_digit = {}
        buddies = {}
        all_buddies = 0
        for d in digits_of(digits):
            pd = mask & dm[d]
            per_digit[d] = pd
            b = -1
            for c in _bits(pd):
                b &= st.peers[c]
            b &= dm[d] & ~mask
            buddies[d] = b
            all_buddies |= b
        k = digits.bit_count()
        penalty = 0 if k < 2 else k - 1 if k == 2 else (k - 1) * 2
        out.append(_Als(mask, digits, per_digit, buddies, all_buddies, penalty))
    return out


def _search_loops(board: Board, grouped: bool) -> tuple[_Net, list[_Found]]:
    """The implication graph and every nice loop and AIC of its tables, as HoDoKu meets them."""
    net = _Net(board, grouped, grouped and ALS_FLAG in board.flags)
    n, cand = net.n, board.cand
    peers, dm = net.st.peers, net.dm
    found: list[_Found] = []
    for phase_on in (1, 0):
        for c, m in enumerate(cand):
            if not m:
                continue
            own = digits_of(m)
            for s in own:
                start = 2 * (c * n + s) + phase_on
                if not net.imp[start]:
                    continue
                order = net.table(start)
                stamp, mark, dist = net.stamp, net.mark, net.dist
                pos: dict[int, int] | None = None
                for x in own:
                    for pol in (0, 1):
                        end = 2 * (c * n + x) + pol
                        if end != start and mark[end] == stamp and dist[end] > 2:
                            if pos is None:
                                pos = {node: i for i, node in enumerate(order)}
                            if end in pos:
                                _check_loop(net, start, end, (1 - phase_on, c * n + s, pos[end]), found)
                if phase_on:
                    continue
                # AICs start with a strong link: only the tables of deleted candidates
                ends: list[int] = []
                for y in _bits(dm[s] & ~(1 << c)):
                    end = 2 * (y * n + s) + 1
                    if mark[end] == stamp and (peers[c] & peers[y] & dm[s]).bit_count() >= 2:
                        ends.append(end)
                for y in _bits(peers[c] & dm[s]):
                    for e in own:
                        if e != s and cand[y] >> e & 1:
                            end = 2 * (y * n + e) + 1
                            if mark[end] == stamp:
                                ends.append(end)
                if not ends:
                    continue
                if pos is None:
                    pos = {node: i for i, node in enumerate(order)}
                for end in ends:
                    if end in pos and dist[end] > 2:
                        _check_aic(net, start, end, (2, c * n + s, pos[end]), found)
    return net, found


def _weight(net: _Net, path: list[int]) -> int:
    """HoDoKu's chain length: one per node, two and a half more per ALS node."""
    extra = sum(1 for x in path if net.kind[x] == ALS)
    return int(len(path) + 2.5 * extra)


def _check_loop(net: _Net, start: int, end: int, order: tuple[int, int, int], found: list[_Found]) -> None:
    """A table that reaches its own cell again: classify the nice loop as HoDoKu does."""
    cell, dig, on, kind = net.cell, net.dig, net.on, net.kind
    path = net.path(end)
    if len(path) < 3 or cell[path[-1]] == cell[path[-2]]:
        return
    if not net.lasso_free(path, aic=False) or cell[path[0]] == cell[path[1]]:
        return
    c = cell[start]
    s, e = dig[start], dig[end]
    first, last = not on[start], bool(on[end])
    cand = net.board.cand[c]
    elims: list[tuple[int, int]] = []
    loop = "dnl"
    if not first and not last and s == e:
        elims = [(c, s)]
    elif first and last and s == e:
        elims = [(c, x) for x in digits_of(cand) if x != s]
    elif first != last and s != e:
        elims = [(c, s)] if not first else [(c, e)]
    elif (
        (not first and not last and cand.bit_count() == 2 and s != e)
        or (first and last and s != e)
        or (first != last and s == e)
    ):
        loop = "cnl"
        elims = _continuous_elims(net, path, first and last, s, e)
    if not elims:
        return
    grouped = any(kind[x] != NORMAL for x in path)
    found.append(_Found(order, loop, grouped, tuple(sorted(set(elims))), path, _weight(net, path)))


def _continuous_elims(net: _Net, path: list[int], both_strong: bool, s: int, e: int) -> list[tuple[int, int]]:
    """Eliminations of a continuous nice loop, where every weak link is also strong.

    A cell entered and left by strong links keeps only those two symbols; the symbol of a weak link
    between two cells goes from every cell that sees both (and is not on the loop); an ALS on the
    loop is locked, so its other symbols go from the cells that see them all.
    """
    cell, dig, on, kind, cmask = net.cell, net.dig, net.on, net.kind, net.cmask
    cand, dm = net.board.cand, net.dm
    last = len(path) - 1
    on_chain = 0
    for x in path[:-1]:
        on_chain |= cmask[x]
    start_cell = cell[path[0]]
    out: list[tuple[int, int]] = []
    for i, x in enumerate(path):
        if (i == 0 and both_strong) or (
            i > 0
            and on[x]
            and i <= last - 2
            and cell[path[i - 1]] != cell[x]
            and not on[path[i + 1]]
            and cell[x] == cell[path[i + 1]]
            and on[path[i + 2]]
            and cell[path[i + 1]] != cell[path[i + 2]]
        ):
            # a cell entered and left by strong links holds one of those two symbols
            keep = (s, e) if i == 0 else (dig[x], dig[path[i + 2]])
            out.extend((cell[x], y) for y in digits_of(cand[cell[x]]) if y not in keep)
        if i > 0 and not on[x] and cell[path[i - 1]] != cell[x]:
            act = dig[x]
            common = net.buddies(path[i - 1], act) & net.buddies(x, act) & ~on_chain & ~(1 << start_cell)
            out.extend((y, act) for y in _bits(common & dm[act]))
            if kind[x] == ALS:
                a = net.alses[net.als_of[x]]
                nxt = path[i + 1]
                forced = bool(on[nxt])
                next_cell = cell[nxt]
                exits = (cand[next_cell] & ~(1 << dig[nxt])) if forced else 1 << dig[nxt]
                for y in a.per_digit:
                    if y == act or exits >> y & 1:
                        continue
                    out.extend((z, y) for z in _bits(a.buddies[y] & dm[y]))
                if forced:
                    for y in digits_of(exits):
                        if y in a.buddies:
                            out.extend((z, y) for z in _bits(a.buddies[y] & net.st.peers[next_cell] & dm[y]))
    return out


def _check_aic(net: _Net, start: int, end: int, order: tuple[int, int, int], found: list[_Found]) -> None:
    """A deleted candidate that forces a candidate elsewhere: an AIC, if it removes anything."""
    cell, dig, kind = net.cell, net.dig, net.kind
    cand, peers, dm = net.board.cand, net.st.peers, net.dm
    c, x = cell[start], cell[end]
    s, e = dig[start], dig[end]
    if s == e:
        elims = [(y, s) for y in _bits(peers[c] & peers[x] & dm[s])]
    else:
        elims = []
        if cand[c] >> e & 1:
            elims.append((c, e))
        if cand[x] >> s & 1:
            elims.append((x, s))
    if not elims:
        return
    path = net.path(end)
    if not net.lasso_free(path, aic=True):
        return
    grouped = any(kind[y] != NORMAL for y in path)
    found.append(_Found(order, "aic", grouped, tuple(sorted(elims)), path, _weight(net, path)))


_KEYS = {
    ("cnl", False): "continuous_nice_loop",
    ("dnl", False): "discontinuous_nice_loop",
    ("aic", False): "aic",
    ("cnl", True): "grouped_continuous_nice_loop",
    ("dnl", True): "grouped_discontinuous_nice_loop",
    ("aic", True): "grouped_aic",
}


def _loop_steps(board: Board, grouped: bool) -> Iterator[Step]:
    """Nice loops and AICs (grouped ones only when ``grouped``), one per elimination set and kind."""
    net, net_found = _search_loops(board, grouped)
    kept: dict[tuple[str, Elims], _Found] = {}
    best: dict[Elims, int] = {}
    for f in sorted(net_found, key=lambda f: f.order):
        if grouped and not f.grouped:
            continue
        if f.elims in best and best[f.elims] <= f.weight:
            continue
        best[f.elims] = f.weight
        key = (f.kind, f.elims)
        if key not in kept or len(kept[key].path) > len(f.path):
            kept[key] = f
    for f in sorted(kept.values(), key=lambda f: (len(f.path), -len(f.elims), f.elims)):
        yield _loop_step(board, net, f)


def _loop_step(board: Board, net: _Net, f: _Found) -> Step:
    """The step of a nice loop or AIC, with its chain in Eureka notation."""
    key = _KEYS[f.kind, f.grouped]
    chain = _eureka(board, net, f.path)
    start, end = f.path[0], f.path[-1]
    c, s, e = net.cell[start], net.dig[start], net.dig[end]
    first, last = not net.on[start], bool(net.on[end])
    name = board.name(c)
    sym_s, sym_e = board.sym(s), board.sym(e)
    elims = f.elims
    what = eliminations_text(board, elims)
    if f.kind == "aic":
        x = net.cell[end]
        if s == e:
            targets = [y for y, _ in elims]
            why = (
                f"one of {name} and {board.name(x)} is {sym_s}, so {_cells_text(board, targets)} "
                f"{_see_text(targets, 'both')} {_lose(targets)} {sym_s}"
            )
        else:
            why = (
                f"{name} is {sym_s} or {board.name(x)} is {sym_e}, and the two cells see each other, "
                f"so {what}"
            )
        title = "Grouped AIC" if f.grouped else "AIC"
    elif f.kind == "dnl":
        if not first and not last:
            why = f"if {name} were {sym_s} it could not be {sym_s}, so {name} loses {sym_s}"
        elif first and last:
            why = f"if {name} were not {sym_s} it would be {sym_s} after all, so {name} is {sym_s}: {what}"
        elif not first:
            why = f"if {name} were {sym_s} it would also be {sym_e}, so {name} loses {sym_s}"
        else:
            why = (
                f"if {name} were not {sym_s} it could not be {sym_e} either, so being {sym_e} would make it "
                f"{sym_s} too: {name} loses {sym_e}"
            )
        title = "Grouped discontinuous nice loop" if f.grouped else "Discontinuous nice loop"
    else:
        why = f"the loop closes on itself, so each of its weak links is strong as well: {what}"
        title = "Grouped continuous nice loop" if f.grouped else "Continuous nice loop"
    cells: list[int] = []
    units: list[str] = []
    for i, x in enumerate(f.path):
        cells.extend(y for y in _bits(net.cmask[x]) if y not in cells)
        if i:
            a, b = net.cell[f.path[i - 1]], net.cell[x]
            if a != b and net.kind[x] == NORMAL and net.kind[f.path[i - 1]] == NORMAL:
                house = _link_house(net.st, a, b)
                if house is not None and house not in units:
                    units.append(house)
    digits = sorted({net.dig[x] for x in f.path} | {d for _, d in elims})
    return Step(
        key,
        tuple(digits),
        tuple(cells),
        tuple(units),
        eliminations=elims,
        explanation=f"{title}: {chain}: {why}",
        length=len(f.path) - 1,
        extra={"chain": chain},
    )


def _node_text(board: Board, net: _Net, x: int) -> str:
    """One node: ``r3c2``, the group ``r3c12`` or ``ALS:r3c1,r3c5``."""
    kind = net.kind[x]
    if kind == NORMAL:
        return board.name(net.cell[x])
    if kind == GROUP:
        return _group_text(board, _bits(net.cmask[x]))
    return "ALS:" + _group_text(board, _bits(net.cmask[x]))


def _eureka(board: Board, net: _Net, path: list[int]) -> str:
    """The chain in Eureka notation: ``(5)r1c2=(5)r1c7-(5=3)r4c7-...``; links into set nodes are '='."""
    out = []
    i = 0
    while i < len(path):
        x = path[i]
        link = "" if i == 0 else ("=" if net.on[x] else "-")
        nxt = path[i + 1] if i + 1 < len(path) else -1
        if nxt >= 0 and net.kind[x] == NORMAL and net.kind[nxt] == NORMAL and net.cell[x] == net.cell[nxt]:
            inner = "=" if net.on[nxt] else "-"
            out.append(
                f"{link}({board.sym(net.dig[x])}{inner}{board.sym(net.dig[nxt])}){board.name(net.cell[x])}"
            )
            i += 2
            continue
        out.append(f"{link}({board.sym(net.dig[x])}){_node_text(board, net, x)}")
        i += 1
    return "".join(out)


def nice_loops(board: Board) -> Iterator[Step]:
    """Continuous and discontinuous nice loops and AICs over single candidates."""
    return _loop_steps(board, grouped=False)


def grouped_nice_loops(board: Board) -> Iterator[Step]:
    """Nice loops and AICs that need group nodes (and ALS nodes, with the ``chain-als`` flag)."""
    return _loop_steps(board, grouped=True)


FINDERS = (
    (("x_chain",), x_chain),
    (("xy_chain",), xy_chain),
    (("continuous_nice_loop", "discontinuous_nice_loop", "aic"), nice_loops),
    (
        ("grouped_continuous_nice_loop", "grouped_discontinuous_nice_loop", "grouped_aic"),
        grouped_nice_loops,
    ),
)
"""(technique keys, finder) pairs of this module, collected by :mod:`sudokit.logic.techniques`."""
