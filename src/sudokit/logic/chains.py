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

Links come from houses and peers (cages, anti-knight and anti-king rules make peers too), so every
finder works on any grid size, on jigsaw regions and on extra units such as diagonals.  Nice loops
and AICs also take the weak links of the variant rules between two cells
(:func:`sudokit.logic.board.pair_rules`, which forcing chains and nets use too): a thermometer
step, a kropki dot, an XV sign, a whispers or palindrome pair, a non-consecutive rule; set at one
end, such a rule deletes the candidates it forbids at the other.  The step names the
rules its chain passes through.  One step is reported per set of eliminations, with its shortest
chain, and steps come shortest first.

Speed (the steps are the same as building every table in turn would give):

* the implication graph is bitmasks and lists of ints, with node ids laid out so that a symbol's
  set (or deleted) candidates are one shifted cell mask; a candidate's ordered links are only
  listed when a table needs them, and the candidates' links are shared by the nets of one position
  (nice loops, then grouped ones);
* the set of nodes each node reaches (strongly connected components, one pass) tells which tables
  can reach an end at all: the others, most of them, are never built;
* the tables that are built grow together a link at a time, so the first (shortest) step is
  given as soon as one is found, and the rest only when asked for.  With ALS nodes, whose links
  cost extra, tables are built in full one by one, as before.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from sudokit.logic.board import Board, Layout, PairRules, bits, digits_of, pair_rules
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

_NO_LINKS: list[int] = []
"""The empty ``adj`` list, shared by every node that leads nowhere (never changed: replaced)."""

Elims = tuple[tuple[int, int], ...]


# ------------------------------------------------------------------------------------------ layout


@dataclass(frozen=True, slots=True)
class _Static:
    """Per-layout bitmasks: who sees whom, house cells, and the line/box crossings for group nodes.

    Node tables of the implication graph (see :class:`_Net`) are here too: the cell, symbol and
    polarity of every candidate node, and each cell's peers in the order its weak links list them.
    """

    peers: tuple[int, ...]
    house_mask: tuple[int, ...]
    cell_houses: tuple[tuple[int, ...], ...]
    house_names: tuple[str, ...]
    crossings: tuple[tuple[int, tuple[tuple[int, int, tuple[int, ...]], ...]], ...]
    """For each line (rows, then columns): the boxes it crosses in two or more cells, with the cells
    (as a mask and as a tuple)."""
    peer_order: tuple[tuple[int, ...], ...]
    """For each cell, its peers house by house (lowest first in each), then any other peers."""
    peer_all: tuple[int, ...]
    """For each cell, the mask of ``peer_order``: its peers and the other cells of its houses."""
    peer_of: tuple[int, ...]
    """For each cell, the cells in whose ``peer_all`` it is (the same cells, peers being mutual)."""
    other_house_masks: tuple[tuple[int, ...], ...]
    """For each cell, the masks of its houses without the cell itself."""
    node_cell: tuple[int, ...]
    node_dig: tuple[int, ...]
    node_on: tuple[int, ...]
    node_cmask: tuple[int, ...]
    cell_ons: tuple[int, ...]
    """For each cell, the bits of the nodes of its candidates set (every symbol)."""
    digit_lists: tuple[tuple[int, ...], ...]
    """The symbols of every candidate mask below ``2 ** n`` (none when ``n`` is large)."""
    group_info: dict[int, tuple[int, tuple[int, ...], tuple[int, ...]]]
    """For the cells of a group node: the cells that see them all, the houses holding them (line,
    box, others) and the masks of those houses in the order their strong links are listed (box,
    line, others).  Filled as groups are met."""


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
                row.append((block.index, m, tuple(_bits(m))))
        crossings.append((line.index, tuple(row)))
    ncell = len(layout.peers)
    n = len(layout.grid.symbols)
    peer_order = []
    peer_all = []
    other_house_masks = []
    for c in range(ncell):
        seen = {c}
        order: list[int] = []
        for h in layout.cell_houses[c]:
            for y in layout.houses[h].cells:  # (in order)
                if y not in seen:
                    seen.add(y)
                    order.append(y)
        order += sorted(layout.peers[c] - seen)
        peer_order.append(tuple(order))
        mask = peers[c]
        for h in layout.cell_houses[c]:
            mask |= house_mask[h]
        peer_all.append(mask & ~(1 << c))
        other_house_masks.append(tuple(house_mask[h] & ~(1 << c) for h in layout.cell_houses[c]))
    ons = 0
    for d in range(n):
        ons |= 1 << ((n + d) * ncell)
    peer_of = [0] * ncell
    for c, mates in enumerate(peer_order):
        bit = 1 << c
        for y in mates:
            peer_of[y] |= bit
    static = _Static(
        peers=peers,
        house_mask=house_mask,
        cell_houses=layout.cell_houses,
        house_names=tuple(h.name for h in layout.houses),
        crossings=tuple(crossings),
        peer_order=tuple(peer_order),
        peer_all=tuple(peer_all),
        peer_of=tuple(peer_of),
        other_house_masks=tuple(other_house_masks),
        node_cell=tuple(range(ncell)) * (2 * n),
        node_dig=tuple(d for d in range(n) for _ in range(ncell)) * 2,
        node_on=(0,) * (ncell * n) + (1,) * (ncell * n),
        node_cmask=tuple(1 << c for c in range(ncell)) * (2 * n),
        cell_ons=tuple(ons << c for c in range(ncell)),
        digit_lists=tuple(tuple(_bits(m)) for m in range(1 << n)) if n <= 12 else (),
        group_info={},
    )
    if len(_STATIC) > 64:
        _STATIC.clear()
    _STATIC[id(layout)] = (layout, static)
    return static


_bits = bits


_DIGIT_MASKS: dict[tuple[int, tuple[int, ...]], tuple[Layout, list[int]]] = {}


def _digit_masks(board: Board) -> list[int]:
    """For every symbol, the bitmask of the cells that still hold it (shared: do not change it).

    Cached for the last few pencil-mark states, as every finder here starts with it.
    """
    key = (id(board.layout), tuple(board.cand))
    hit = _DIGIT_MASKS.get(key)
    if hit is not None and hit[0] is board.layout:
        return hit[1]
    masks = board.digit_cells()
    if len(_DIGIT_MASKS) >= 8:
        _DIGIT_MASKS.clear()
    _DIGIT_MASKS[key] = (board.layout, masks)
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


def _group_text(board: Board, cells: Sequence[int]) -> str:
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
    starts: Sequence[int],
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
    queue = list(_bits(starts))
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


class _Plain:
    """The links of the candidate nodes of one pencil-mark state (see :class:`_Net`)."""

    __slots__ = ("adj", "cand", "dm", "imp", "layout", "live", "live_off", "succ")

    def __init__(self, board: Board, st: _Static) -> None:
        self.layout = board.layout
        cand = self.cand = tuple(board.cand)
        n, ncell = board.n, len(cand)
        nc = ncell * n
        dm = self.dm = _digit_masks(board)
        adj: list[list[int]] = [_NO_LINKS] * (2 * nc)
        succ: list[int] = [0] * (2 * nc)
        self.adj, self.succ = adj, succ
        self.imp: list[list[int] | None] = [None] * (2 * nc)
        """The ordered links of candidate nodes, filled in as tables need them."""
        dl = st.digit_lists
        cells = [c for c in range(ncell) if cand[c]]
        # strong links of deleted candidates: bivalue cells, then houses with two places for a symbol
        for c in cells:
            m = cand[c]
            if m.bit_count() == 2:
                a, b = (m & -m).bit_length() - 1, m.bit_length() - 1
                adj[a * ncell + c] = [nc + b * ncell + c]
                adj[b * ncell + c] = [nc + a * ncell + c]
                succ[a * ncell + c] = 1 << (nc + b * ncell + c)
                succ[b * ncell + c] = 1 << (nc + a * ncell + c)
        for d in range(n):
            dmd = dm[d]
            dbase = d * ncell
            for hm in st.house_mask:
                pair = hm & dmd
                rest = pair & (pair - 1)
                if rest and not rest & (rest - 1):
                    u, v = (pair & -pair).bit_length() - 1, rest.bit_length() - 1
                    for x, y in ((u, v), (v, u)):
                        bit = 1 << (nc + dbase + y)
                        if not succ[dbase + x] & bit:
                            if succ[dbase + x]:
                                adj[dbase + x] = [*adj[dbase + x], nc + dbase + y]
                            else:
                                adj[dbase + x] = [nc + dbase + y]
                            succ[dbase + x] |= bit
        # set candidates: weak links to the cell's other candidates and the symbol in its peers
        live: list[int] = []
        self.live = live
        """The nodes whose implications imply something in turn (the others only end chains)."""
        live_off = self.live_off = [0] * n
        """For each symbol, the cells whose deletion of it implies something."""
        for d in range(n):
            dbase = d * ncell
            found = 0
            m = dm[d]
            while m:
                low = m & -m
                if succ[dbase + low.bit_length() - 1]:
                    found |= low
                    live.append(dbase + low.bit_length() - 1)
                m ^= low
            live_off[d] = found
        peer_all = st.peer_all
        for c in cells:
            m = cand[c]
            ds = dl[m] if m < len(dl) else digits_of(m)
            offs = 0
            here = []
            for x in ds:
                offs |= 1 << (x * ncell + c)
                if live_off[x] >> c & 1:
                    here.append(x * ncell + c)
            for d in ds:
                dbase = d * ncell
                x_on = nc + dbase + c
                pm = peer_all[c] & dm[d]
                succ[x_on] = pm << dbase | offs ^ 1 << (dbase + c)
                out = here[:]
                if live_off[d] >> c & 1:
                    out.remove(dbase + c)
                lm = pm & live_off[d]
                while lm:
                    low = lm & -lm
                    out.append(dbase + low.bit_length() - 1)
                    lm ^= low
                if out:
                    adj[x_on] = out
                    live.append(x_on)
        cross = pair_rules(board.layout)
        if cross is not None:
            self._addpair_rules(cross, cells, nc, ncell)

    def _addpair_rules(self, cross: PairRules, cells: list[int], nc: int, ncell: int) -> None:
        """The variant rules' weak links: a set candidate deletes what its rule forbids next door."""
        cand, succ, adj, live, live_off = self.cand, self.succ, self.adj, self.live, self.live_off
        for c in cells:
            rules = cross.links[c]
            if not rules:
                continue
            for d in digits_of(cand[c]):
                x_on = nc + d * ncell + c
                more = 0
                onward: list[int] = []
                for other, forbid in rules:
                    for y in digits_of(forbid[d] & cand[other]):
                        node = y * ncell + other
                        if not (succ[x_on] | more) >> node & 1:
                            more |= 1 << node
                            if live_off[y] >> other & 1:
                                onward.append(node)
                succ[x_on] |= more
                if onward:
                    if adj[x_on]:
                        adj[x_on] = adj[x_on] + onward
                    else:
                        adj[x_on] = onward
                        live.append(x_on)


_PLAIN: dict[tuple[int, tuple[int, ...]], _Plain] = {}


def _plain(board: Board, st: _Static) -> _Plain:
    """The candidate links of a board, cached for the last few pencil-mark states.

    (A solver asks for nice loops and then for grouped ones in the same position.)
    """
    key = (id(board.layout), tuple(board.cand))
    hit = _PLAIN.get(key)
    if hit is not None and hit.layout is board.layout:
        return hit
    base = _Plain(board, st)
    if len(_PLAIN) >= 4:
        _PLAIN.clear()
    _PLAIN[key] = base
    return base


class _Net:
    """The implication graph of Trebor's tables.

    Node ids: candidate ``d`` of cell ``c`` is ``d * cells + c`` when deleted and that plus
    ``cells * n`` when set (so the nodes of one symbol and polarity are a shifted cell mask); group
    nodes and ALS nodes follow.  ``links(x)`` lists the direct implications of node ``x`` in
    HoDoKu's order, which decides which of several equally short chains a table keeps; a candidate
    node's list is only built when a table needs it.  ``succ[x]`` is the same as a bitmask, and
    ``adj[x]`` lists (in no particular order) those implications that imply something in turn: all
    that :func:`_reach` needs.  The candidates' links come from :func:`_plain`, shared with other
    nets of the same position (and never changed: group and ALS links are added to copies).
    """

    def __init__(self, board: Board, grouped: bool, with_als: bool) -> None:
        self.board = board
        st = self.st = _static(board.layout)
        n = self.n = board.n
        ncell = self.ncell = len(board.cand)
        nc = self.nc = ncell * n
        base = _plain(board, st)
        self.cand = base.cand
        self.dm = base.dm
        self.kind: list[int] = [NORMAL] * (2 * nc)
        self.cell: list[int] = list(st.node_cell)
        self.dig: list[int] = list(st.node_dig)
        self.on: list[int] = list(st.node_on)
        self.cmask: list[int] = list(st.node_cmask)
        self.extra: dict[int, list[int]] = {}
        """Links appended to candidate nodes' lists: into group and ALS nodes."""
        self.pen: dict[int, list[int]] = {}
        self.group_cells: list[int] = []
        self.group_buddies: list[int] = []
        self.alses: list[_Als] = []
        self.als_of: dict[int, int] = {}
        if not grouped:
            self.imp, self.adj, self.succ, self.live = base.imp, base.adj, base.succ, base.live
        else:
            self.imp = [None] * (2 * nc)
            self.adj, self.succ, self.live = base.adj[:], base.succ[:], base.live[:]
            self._add_groups()
            if with_als:
                self._add_alses()
            self._add_extra(base)
        # the working arrays of :meth:`table` (nets without ALS nodes use :class:`_Tables`)
        total = len(self.kind) if self.pen else 0
        self.mark = [0] * total
        self.par = [0] * total
        self.dist = [0] * total
        self.expd = [False] * total
        self.stamp = 0

    def _add_extra(self, base: _Plain) -> None:
        """Add the links into group and ALS nodes to the candidates' masks and lists."""
        st, ncell, nc, cand, dl = self.st, self.ncell, self.nc, self.cand, self.st.digit_lists
        adj, succ, live = self.adj, self.succ, self.live
        newly: list[int] = []
        for x, more in self.extra.items():
            sm = 0
            for t in more:
                sm |= 1 << t
            if x < nc:
                if not succ[x]:
                    newly.append(x)
                    live.append(x)
                adj[x] = adj[x] + more
            elif not adj[x]:
                live.append(x)
                adj[x] = more[:]
            else:
                adj[x] = adj[x] + more
            succ[x] |= sm
        # a deletion that now implies something: the set candidates that delete it lead on
        for t in newly:
            d, y = divmod(t, ncell)
            dbase = d * ncell
            m = st.peer_of[y] & base.dm[d]
            froms = [nc + dbase + c for c in _bits(m)]
            cm = cand[y] & ~(1 << d)
            froms += [nc + x * ncell + y for x in (dl[cm] if cm < len(dl) else digits_of(cm))]
            for u in froms:
                if not adj[u]:
                    live.append(u)
                adj[u] = adj[u] + [t]
        total = len(self.kind)
        if total > 2 * nc:
            adj += self.imp[2 * nc :]  # type: ignore[arg-type]  # group and ALS lists are built
            if len(succ) < total:
                del succ[2 * nc :]
                for x in range(2 * nc, total):
                    sm = 0
                    for t in adj[x]:
                        sm |= 1 << t
                    succ.append(sm)
            live.extend(x for x in range(2 * nc, total) if adj[x])

    def links(self, x: int) -> list[int]:
        """The direct implications of node ``x``, in HoDoKu's order (built on first use)."""
        lst = self.imp[x]
        if lst is not None:
            return lst
        st, ncell, nc, dm = self.st, self.ncell, self.nc, self.dm
        on, rest = divmod(x, nc)
        d, c = divmod(rest, ncell)
        m = self.cand[c]
        dl = st.digit_lists
        ds = dl[m] if m < len(dl) else digits_of(m)
        dbase = d * ncell
        dmd = dm[d]
        if on:
            # weak: the cell's other candidates, then the symbol in its houses and other peers
            lst = [y * ncell + c for y in ds if y != d]
            lst += [dbase + y for y in st.peer_order[c] if dmd >> y & 1]
            cross = pair_rules(self.board.layout)
            if cross is not None:  # then what the variant rules forbid in the cells they join
                for other, forbid in cross.links[c]:
                    for y in digits_of(forbid[d] & self.cand[other]):
                        if y * ncell + other not in lst:
                            lst.append(y * ncell + other)
        else:
            # strong: a bivalue cell's other candidate, then the symbol's other place in a house
            lst = [nc + y * ncell + c for y in ds if y != d] if len(ds) == 2 else []
            for hm in st.other_house_masks[c]:
                hm &= dmd
                if hm and not hm & (hm - 1):
                    node = nc + dbase + hm.bit_length() - 1
                    if node not in lst:
                        lst.append(node)
        more = self.extra.get(x)
        if more:
            lst += more
        self.imp[x] = lst
        return lst

    def _link(self, x: int, t: int) -> None:
        """Append the link ``x`` -> ``t`` (``t`` a group or ALS node) to candidate node ``x``."""
        more = self.extra.get(x)
        if more is None:
            self.extra[x] = [t]
        else:
            more.append(t)

    # ------------------------------------------------------------------------------- group nodes

    def _add_groups(self) -> None:
        """Group nodes: a symbol's two or three cells where a line crosses a box, and their links."""
        st, dm, imp, extra = self.st, self.dm, self.imp, self.extra
        cand = self.board.cand
        ncell, nc = self.ncell, self.nc
        house_mask, info, dl = st.house_mask, st.group_info, st.digit_lists
        groups: list[tuple[int, int, tuple[int, tuple[int, ...], tuple[int, ...]]]] = []
        for line, blocks in st.crossings:
            multi = []
            union = 0
            for _, _, cells in blocks:
                once = twice = 0
                for x in cells:
                    m = cand[x]
                    twice |= once & m
                    once |= m
                multi.append(twice)
                union |= twice
            if not union:
                continue
            for d in dl[union] if union < len(dl) else digits_of(union):
                for (block, cross, _), twice in zip(blocks, multi, strict=True):
                    if not twice >> d & 1:
                        continue
                    gm = cross & dm[d]
                    hit = info.get(gm)
                    if hit is None:
                        buddies = -1
                        for c in _bits(gm):
                            buddies &= st.peers[c]
                        others = tuple(
                            h
                            for h in st.cell_houses[gm.bit_length() - 1]
                            if h not in (line, block) and house_mask[h] & gm == gm
                        )
                        strong = tuple(house_mask[h] for h in (block, line, *others))
                        hit = info[gm] = (buddies, (line, block, *others), strong)
                    groups.append((d, gm, hit))
        base = len(self.kind)
        self.group_base = base
        count = len(groups)
        self.kind += [GROUP] * (2 * count)
        self.on += [0, 1] * count
        for d, gm, _ in groups:
            low = (gm & -gm).bit_length() - 1
            self.cell += (low, low)
            self.dig += (d, d)
            self.cmask += (gm, gm)
        lists: list[list[int]] = [[] for _ in range(2 * count)]
        imp.extend(lists)
        gcells = self.group_cells = [gm for _, gm, _ in groups]
        self.group_buddies = [hit[0] for _, _, hit in groups]
        self.groups_by_digit: dict[int, list[int]] = {}
        in_house: dict[tuple[int, int], list[int]] = {}
        for g, (d, _, hit) in enumerate(groups):
            self.groups_by_digit.setdefault(d, []).append(g)
            for h in hit[1]:
                in_house.setdefault((d, h), []).append(g)
        gsucc: list[int] = [0] * (2 * count)
        for g, (d, gm, (buddies, houses, strong)) in enumerate(groups):
            g_off = base + 2 * g
            g_on = g_off + 1
            off_list, on_list = lists[2 * g], lists[2 * g + 1]
            dbase = d * ncell
            targets = dm[d] & buddies
            on_bits = off_bits = 0
            if targets:
                on_bits = targets << dbase
                t = targets
                while t:
                    low = t & -t
                    y = low.bit_length() - 1
                    t ^= low
                    on_list.append(dbase + y)
                    more = extra.get(nc + dbase + y)
                    if more is None:
                        extra[nc + dbase + y] = [g_off]
                    else:
                        more.append(g_off)
                for hm in strong:
                    rest = targets & hm
                    if rest and not rest & (rest - 1):
                        y = rest.bit_length() - 1
                        off_list.append(nc + dbase + y)
                        off_bits |= rest << (nc + dbase)
                        more = extra.get(dbase + y)
                        if more is None:
                            extra[dbase + y] = [g_on]
                        else:
                            more.append(g_on)
            # other groups of the symbol in a house of this one (groups in a house: all in it)
            linked: list[int] | None = None
            several = False
            for h in houses:
                members = in_house[d, h]
                if len(members) == 1:
                    continue
                mates = []
                for g2 in members:
                    if g2 != g and not gcells[g2] & gm:
                        mates.append(g2)
                if not mates:
                    continue
                if linked is None:
                    linked = mates
                else:
                    linked = linked + mates
                    several = True
                if len(mates) == 1:
                    g2 = mates[0]
                    if not house_mask[h] & dm[d] & ~gm & ~gcells[g2]:
                        off_list.append(base + 2 * g2 + 1)
                        off_bits |= 1 << (base + 2 * g2 + 1)
            if linked is not None:
                if several:
                    linked = sorted(set(linked))
                for g2 in linked:
                    on_list.append(base + 2 * g2)
                    on_bits |= 1 << (base + 2 * g2)
            gsucc[2 * g] = off_bits
            gsucc[2 * g + 1] = on_bits
        self.succ += gsucc

    # -------------------------------------------------------------------------------- ALS nodes

    def _add_alses(self) -> None:
        """ALS nodes: an ALS that loses one symbol is a locked set, which removes and forces others."""
        board, st, dm, imp = self.board, self.st, self.dm, self.imp
        ncell, nc = self.ncell, self.nc
        cand = board.cand
        alses = self.alses = _find_alses(board, st, dm)
        if not alses:
            return
        node_of: dict[tuple[int, int], int] = {}
        self.als_links: dict[int, list[int]] = {}

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
                self.als_links[x] = []
                imp.append(self.als_links[x])
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
                    self._link(nc + j * ncell + y, x)
                    for g in groups_by_digit.get(j, ()):
                        gm = self.group_cells[g]
                        if gm >> y & 1 and not gm & a.cells and not a.per_digit[j] & ~self.group_buddies[g]:
                            g_links = imp[gbase + 2 * g + 1]
                            assert g_links is not None
                            if x not in g_links:
                                g_links.append(x)
                lst, pen = self.als_links[x], self.pen[x]
                for k, em in elim.items():
                    if not em:
                        continue
                    for y in _bits(em):
                        lst.append(k * ncell + y)
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
                        lst.append(nc + (left.bit_length() - 1) * ncell + y)
                        pen.append(a.penalty + 1)

    # ------------------------------------------------------------------------------------ tables

    def table(self, start: int) -> list[int]:
        """Everything ``start`` implies, as HoDoKu's expanded table holds it, in a net with ALS nodes.

        Their links cost extra, so a node keeps the parent of its shortest chain by HoDoKu's
        distances (two per link plus the ALS penalties): left in ``par`` and ``dist``, valid until
        the next call.  (Nets without ALS nodes build their tables with :class:`_Tables`.)
        """
        self.stamp += 1
        stamp = self.stamp
        mark, par, dist, imp, links, pen = self.mark, self.par, self.dist, self.imp, self.links, self.pen
        mark[start] = stamp
        par[start] = -1
        order = [start]
        dist[start] = 1
        expd = self.expd
        first = links(start)
        for t, p in zip(first, pen.get(start, [0] * len(first)), strict=True):
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
            lst = imp[x]
            if lst is None:
                lst = links(x)
            for idx, t in enumerate(lst):
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


def _reach(adj: list[list[int]], succ: list[int], live: list[int]) -> list[int]:
    """For every node, the bitmask of the nodes it reaches by one link or more.

    ``succ[x]`` is the mask of the links of ``x`` and ``adj[x]`` lists those that lead on: to a
    node of ``live``, the nodes with such links (the others reach just their ``succ``).  Tarjan's
    strongly connected components: a component is finished after every component it reaches, so
    its reach is the union of its links' targets and of their reaches, gathered as the search
    returns.
    """
    total = len(adj)
    index = [-1] * total
    done = [True] * total
    low = [0] * total
    reach = succ[:]
    for x in live:
        index[x] = 0
        done[x] = False
    stack: list[int] = []
    count = 0
    for root in live:
        if index[root]:
            continue
        count += 1
        index[root] = low[root] = count
        stack.append(root)
        work = [(root, iter(adj[root]))]
        while work:
            v, it = work[-1]
            for t in it:
                i = index[t]
                if not i:
                    count += 1
                    index[t] = low[t] = count
                    stack.append(t)
                    work.append((t, iter(adj[t])))
                    break
                if done[t]:
                    if reach[t]:
                        reach[v] |= reach[t]
                elif i < low[v]:
                    low[v] = i
            else:
                work.pop()
                lv = low[v]
                if lv == index[v]:
                    w = stack.pop()
                    done[w] = True
                    if w != v:
                        members = [w]
                        while w != v:
                            w = stack.pop()
                            done[w] = True
                            members.append(w)
                        r = 0
                        for w in members:
                            r |= reach[w]
                        for w in members:
                            reach[w] = r
                if work:
                    u = work[-1][0]
                    if lv < low[u]:
                        low[u] = lv
                    if reach[v]:
                        reach[u] |= reach[v]
    return reach


_Parents = dict[int, int] | list[int]
"""The parent of each node of a table (-1 for its premise)."""


def _chain(par: _Parents, end: int) -> list[int]:
    """The chain from a table's premise to ``end``."""
    out = [end]
    while par[out[-1]] >= 0:
        out.append(par[out[-1]])
        if len(out) > TABLE_LIMIT:
            break
    out.reverse()
    return out


class _Table:
    """One of Trebor's tables in a net without ALS nodes, built breadth first a level at a time.

    Each node keeps the parent it was first reached from; ``order`` is HoDoKu's order of the table
    (cut at :data:`TABLE_LIMIT`), and the nodes of ``order[done:]`` are the deepest level so far.
    ``ends`` maps each node that can end a loop or AIC from this premise to True for an AIC end.
    """

    __slots__ = ("done", "ends", "key", "on", "order", "par", "start")

    def __init__(self, net: _Net, start: int) -> None:
        ncell, nc, cand, dm, peers = net.ncell, net.nc, net.cand, net.dm, net.st.peers
        self.start = start
        self.on = on = start >= nc
        s, c = divmod(start - nc if on else start, ncell)
        self.key = c * net.n + s
        own = digits_of(cand[c])
        ends = {}
        for x in own:
            ends[x * ncell + c] = False
            ends[nc + x * ncell + c] = False
        del ends[start]
        if not on:
            # AICs start with a strong link: only the tables of deleted candidates
            for y in _bits(dm[s] & ~(1 << c)):
                if (peers[c] & peers[y] & dm[s]).bit_count() >= 2:
                    ends[nc + s * ncell + y] = True
            for y in _bits(peers[c] & dm[s]):
                for e in own:
                    if e != s and cand[y] >> e & 1:
                        ends[nc + e * ncell + y] = True
        self.ends = ends
        par = self.par = {start: -1}
        order = self.order = [start]
        for t in net.links(start):
            if t not in par:
                par[t] = start
                order.append(t)
        # (the start's direct implications are too close to end anything)
        self.done = 1

    def grow(self, net: _Net, found: list[_Found]) -> bool:
        """Add the next level, checking the ends it reaches; False when the table is complete."""
        order, par, imp, links = self.order, self.par, net.imp, net.links
        first = self.done
        last = len(order)
        full = False
        for i in range(first, last):
            x = order[i]
            lst = imp[x]
            if lst is None:
                lst = links(x)
            for t in lst:
                if t not in par:
                    par[t] = x
                    order.append(t)
            if len(order) >= TABLE_LIMIT:
                del order[TABLE_LIMIT:]
                full = True
                break
        self.done = last
        ends = self.ends
        for i in range(last, len(order)):
            aic = ends.get(order[i])
            if aic is not None:
                if aic:
                    _check_aic(net, par, self.start, order[i], (2, self.key, i), found)
                else:
                    _check_loop(net, par, self.start, order[i], (1 - self.on, self.key, i), found)
        return not full and len(order) > last


class _Tables:
    """The tables of a net without ALS nodes that may hold a loop or AIC, grown together.

    Each :meth:`grow` adds a level (a link) to every table, so after ``k`` calls ``found`` holds
    every chain of ``k + 1`` links or fewer: the same chains, with the same parents, as tables
    built one by one would give.
    """

    def __init__(self, net: _Net, starts: list[int]) -> None:
        self.net = net
        self.found: list[_Found] = []
        self.growing = [_Table(net, start) for start in starts]

    def grow(self) -> bool:
        """Add a level to every table still growing; False when all are complete."""
        self.growing = [table for table in self.growing if table.grow(self.net, self.found)]
        return bool(self.growing)


def _net_and_starts(board: Board, grouped: bool) -> tuple[_Net, list[int]]:
    """The implication graph and the premises whose tables may hold a loop or AIC."""
    net = _Net(board, grouped, grouped and ALS_FLAG in board.flags)
    return net, _starts(net, _reach(net.adj, net.succ, net.live))


def _search_loops(board: Board, grouped: bool) -> tuple[_Net, list[_Found]]:
    """The implication graph and every nice loop and AIC of its tables, as HoDoKu meets them.

    Only the tables that reach one of their possible ends (found from the graph's reach sets) are
    built: the others would find nothing.  The order they are built in does not matter, as what
    they find is sorted by where HoDoKu meets it.
    """
    net, starts = _net_and_starts(board, grouped)
    if not net.pen:
        tables = _Tables(net, starts)
        while tables.grow():
            pass
        return net, tables.found
    return net, _als_search(net, starts)


def _als_search(net: _Net, starts: list[int]) -> list[_Found]:
    """The loops and AICs of the tables of ``starts`` in a net with ALS nodes, built one by one."""
    n, ncell, nc, cand = net.n, net.ncell, net.nc, net.cand
    peers, dm = net.st.peers, net.dm
    found: list[_Found] = []
    for start in starts:
        on = start >= nc
        s, c = divmod(start - nc if on else start, ncell)
        own = digits_of(cand[c])
        order = net.table(start)
        stamp, mark, par = net.stamp, net.mark, net.par
        pos: dict[int, int] | None = None
        for x in own:
            for pol in (0, 1):
                end = (nc if pol else 0) + x * ncell + c
                # (an end whose parent is the start is a direct implication: too close to count)
                if end != start and mark[end] == stamp and par[end] != start:
                    if pos is None:
                        pos = {node: i for i, node in enumerate(order)}
                    if end in pos:
                        _check_loop(net, par, start, end, (1 - on, c * n + s, pos[end]), found)
        if on:
            continue
        # AICs start with a strong link: only the tables of deleted candidates
        ends: list[int] = []
        for y in _bits(dm[s] & ~(1 << c)):
            end = nc + s * ncell + y
            if mark[end] == stamp and (peers[c] & peers[y] & dm[s]).bit_count() >= 2:
                ends.append(end)
        for y in _bits(peers[c] & dm[s]):
            for e in own:
                if e != s and cand[y] >> e & 1:
                    end = nc + e * ncell + y
                    if mark[end] == stamp:
                        ends.append(end)
        if not ends:
            continue
        if pos is None:
            pos = {node: i for i, node in enumerate(order)}
        for end in ends:
            if end in pos and par[end] != start:
                _check_aic(net, par, start, end, (2, c * n + s, pos[end]), found)
    return found


def _starts(net: _Net, reach: list[int]) -> list[int]:
    """The candidate nodes whose tables may hold a nice loop or AIC: those that reach an end.

    The ends are those :class:`_Table` checks, less the direct implications of the start (always
    two away, too close to count): from a set candidate, its cell's other set candidates and its
    own deletion (its direct implications are deletions, other ones); from a deleted one, any
    other node of its cell and the AIC ends.  A node that reaches nothing further (not in
    ``live``) reaches just its direct implications.
    """
    ncell, nc, dm, succ = net.ncell, net.nc, net.dm, net.succ
    peers, cell_ons, cand = net.st.peers, net.st.cell_ons, net.cand
    out = []
    for x in net.live:
        if x >= 2 * nc:
            continue
        r = reach[x]
        if x >= nc:
            c = (x - nc) % ncell
            if r & cell_ons[c] & ~(1 << x) or r >> (x - nc) & 1:
                out.append(x)
            continue
        s, c = divmod(x, ncell)
        direct = succ[x]
        # the cell's other nodes: its set candidates (but a direct one) and its other deletions
        if r & cell_ons[c] & ~direct:
            out.append(x)
            continue
        m = cand[c] ^ 1 << s
        hit = False
        while m:
            low = m & -m
            if r >> ((low.bit_length() - 1) * ncell + c) & 1:
                hit = True
                break
            m ^= low
        if hit:
            out.append(x)
            continue
        # an AIC end: the symbol set where a cell sees two of its places that see the start ...
        dms = dm[s]
        shift = nc + s * ncell
        ys = (r >> shift) & dms & ~(1 << c) & ~(direct >> shift)
        if ys:
            pc = peers[c] & dms
            while ys:
                low = ys & -ys
                if (pc & peers[low.bit_length() - 1]).bit_count() >= 2:
                    break
                ys ^= low
            if ys:
                out.append(x)
                continue
        # ... or another candidate of the start's cell set in a peer holding the symbol
        near = peers[c] & dms
        m = cand[c] & ~(1 << s)
        while m:
            low = m & -m
            e = low.bit_length() - 1
            if (r >> (nc + e * ncell)) & near & dm[e]:
                out.append(x)
                break
            m ^= low
    return out


def _weight(net: _Net, path: list[int]) -> int:
    """HoDoKu's chain length: one per node, two and a half more per ALS node."""
    extra = sum(1 for x in path if net.kind[x] == ALS)
    return int(len(path) + 2.5 * extra)


def _check_loop(
    net: _Net, par: _Parents, start: int, end: int, order: tuple[int, int, int], found: list[_Found]
) -> None:
    """A table that reaches its own cell again: classify the nice loop as HoDoKu does."""
    cell, dig, on, kind = net.cell, net.dig, net.on, net.kind
    path = _chain(par, end)
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
        if i > 0 and not on[x] and cell[path[i - 1]] != cell[x] and dig[path[i - 1]] == dig[x]:
            # (a weak link of a variant rule between two symbols says nothing of the cells both see)
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


def _check_aic(
    net: _Net, par: _Parents, start: int, end: int, order: tuple[int, int, int], found: list[_Found]
) -> None:
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
    path = _chain(par, end)
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


def _kept(found: list[_Found], grouped: bool) -> list[_Found]:
    """HoDoKu's choice among loops and AICs, in the order steps are given.

    In the order the tables meet them, a chain counts only if it is shorter than every earlier
    one with its eliminations; of those, each kind keeps its shortest chain per set of
    eliminations.  Steps come shortest first, then removing most.
    """
    kept: dict[tuple[str, Elims], _Found] = {}
    best: dict[Elims, int] = {}
    for f in sorted(found, key=lambda f: f.order):
        if grouped and not f.grouped:
            continue
        if f.elims in best and best[f.elims] <= f.weight:
            continue
        best[f.elims] = f.weight
        key = (f.kind, f.elims)
        if key not in kept or len(kept[key].path) > len(f.path):
            kept[key] = f
    return sorted(kept.values(), key=lambda f: (len(f.path), -len(f.elims), f.elims))


def _loop_steps(board: Board, grouped: bool) -> Iterator[Step]:
    """Nice loops and AICs (grouped ones only when ``grouped``), one per elimination set and kind.

    Without ALS nodes the tables grow together a link at a time, so the first step is known as
    soon as some table finds a chain: every chain as short is found by then, and the first step
    is the first of those (a longer chain never comes before a shorter one, nor hides it).  The
    other steps wait until asked for.
    """
    net, starts = _net_and_starts(board, grouped)
    if net.pen:
        for f in _kept(_als_search(net, starts), grouped):
            yield _loop_step(board, net, f)
        return
    tables = _Tables(net, starts)
    first = None
    while tables.grow():
        if any(f.grouped for f in tables.found) if grouped else tables.found:
            first = _kept(tables.found, grouped)[0]
            yield _loop_step(board, net, first)
            break
    while tables.grow():
        pass
    steps = _kept(tables.found, grouped)
    if first is not None:
        assert steps[0] is first
        steps = steps[1:]
    for f in steps:
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
    through: list[str] = []
    cross = pair_rules(board.layout)
    for i, x in enumerate(f.path):
        cells.extend(y for y in _bits(net.cmask[x]) if y not in cells)
        if i:
            a, b = net.cell[f.path[i - 1]], net.cell[x]
            if a != b and net.kind[x] == NORMAL and net.kind[f.path[i - 1]] == NORMAL:
                house = _link_house(net.st, a, b)
                if house is not None and house not in units:
                    units.append(house)
                elif (
                    house is None
                    and cross is not None
                    and (a, b) in cross.names
                    and cross.names[a, b] not in through
                ):
                    through.append(cross.names[a, b])
    if through:
        why += f" (the chain passes through {', '.join(through)})"
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
