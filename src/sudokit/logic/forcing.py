"""Forcing chains and forcing nets: the last resort before guessing.

A forcing search assumes one candidate true (or false) and follows what must then happen: a placed
symbol leaves its peers, and a cell or house left with one place forces the next placement.  When
the consequences clash (a cell with no candidate, a house with no place for a symbol, a symbol
forced twice into one house) the assumption is false: a *contradiction*.  When every candidate of a
cell (or every place of a symbol in a house, or a candidate and its absence) leads to the same
placement or removal, that conclusion holds whichever is true: a *verity*.

*Chains* follow only one-to-one implications (a cell with two candidates, a symbol with two places
in a house, as the board stands), so each consequence has a single cause.  *Nets* are dynamic: a
cell or house is forced once the assumption has removed all but one of its candidates; when that
finds nothing, a second search also applies locked candidates inside the propagation whenever the
singles run dry.

A search runs every assumption side by side, one round (a generation of placements) at a time, so
the steps with the fewest rounds come first and the search stops at the round where the solver gets
its step.  The other findings of that round stay true as the grid fills: the next call on a board
that descends from this one re-checks them (one propagation each) before searching again.

Sets of candidates are Python ints holding two layouts side by side: by cell (``n + 1`` bits a
cell: its candidates and a guard bit) and by house and symbol (``n + 1`` bits a pair: the places and
a guard bit).  The guard bits let one subtraction test every cell and every house at once for
"empty" and "exactly one left", so a round costs a few dozen integer operations whatever the size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from sudokit.logic.board import Board, Layout, pair_rules
from sudokit.logic.step import Step
from sudokit.model import EMPTY

CHAIN_ROUNDS = 12
"""Rounds (placement generations) a forcing chain may take: up to about 24 links."""
NET_ROUNDS = 40
"""Rounds a forcing net may take (nets settle far sooner: this only bounds pathological cases)."""


# ------------------------------------------------------------------------------------------ tables


class _Tables:
    """Bit layouts of one grid: where each candidate sits and what placing it removes.

    Candidate ``(cell, symbol)`` is known by its cell-layout bit ``p = cell * (n + 1) + symbol``.
    Its house-layout bits are ``shift + (house * n + symbol) * (n + 1) + position`` for each house
    of the cell.  What placing it removes is filled in lazily: large grids pay only for the
    candidates they use.
    """

    __slots__ = (
        "bits",
        "cell_part",
        "digits",
        "elim",
        "elim_cell",
        "guard",
        "house_cand",
        "layers",
        "layout",
        "low",
        "n",
        "seg",
        "shift",
    )

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        n = len(layout.grid.symbols)
        self.n = n
        self.seg = seg = n + 1
        ncells = len(layout.grid.cells)
        self.shift = shift = ncells * seg
        nsegs = ncells + len(layout.houses) * n
        self.low = low = sum(1 << (s * seg) for s in range(nsegs))
        self.guard = low << n
        self.cell_part = (1 << shift) - 1
        self.elim: list[int] = [-1] * shift
        self.elim_cell: list[int] = [0] * shift
        self.bits: list[int] = [0] * shift
        self.house_cand: list[int] = [-1] * (len(layout.houses) * n * seg)
        self.layers: list[_Layer] | None = None
        self.digits: list[tuple[int, ...]] = (
            [tuple(d for d in range(n) if m >> d & 1) for m in range(1 << n)] if n <= 12 else []
        )
        positions: list[list[tuple[int, int]]] = [[] for _ in range(ncells)]
        for house in layout.houses:
            for pos, c in enumerate(house.cells):
                positions[c].append((house.index, pos))
        for c in range(ncells):
            for d in range(n):
                p = c * seg + d
                bits = 1 << p
                for h, pos in positions[c]:
                    q = (h * n + d) * seg + pos
                    bits |= 1 << (shift + q)
                    self.house_cand[q] = p
                self.bits[p] = bits

    def fill(self, p: int) -> int:
        """Compute (once) what placing candidate ``p`` removes, in both layouts."""
        n, seg, layout = self.n, self.seg, self.layout
        c, d = divmod(p, seg)
        removed = [c * seg + e for e in range(n) if e != d]
        removed += [q * seg + d for q in layout.peers[c]]
        rules = pair_rules(layout)
        if rules is not None:  # what the variant rules between two cells forbid (thermometers, dots, ...)
            for other, forbid in rules.links[c]:
                removed += [other * seg + e for e in _bits(forbid[d])]
        mask = 0
        bits = self.bits
        for q in removed:
            mask |= bits[q]
        self.elim[p] = mask
        self.elim_cell[p] = mask & self.cell_part
        return mask

    def locked_layers(self) -> list[_Layer]:
        """Locked-candidate tests, grouped so that each layer asks one question per house.

        A pair of houses sharing two or more cells gives a test: when a symbol's places in the first
        house all lie in the shared cells, the second house loses the symbol elsewhere.  A layer
        holds at most one such pair per first house, so it is one mask operation for all of them.
        """
        if self.layers is not None:
            return self.layers
        layout, n, seg, shift = self.layout, self.n, self.seg, self.shift
        houses = layout.houses
        slots: list[list[tuple[int, int]]] = []
        for a in houses:
            k = 0
            for b in houses:
                shared = a.cell_set & b.cell_set
                if b.index == a.index or len(shared) < 2 or not (b.cell_set - a.cell_set):
                    continue
                if k == len(slots):
                    slots.append([])
                slots[k].append((a.index, b.index))
                k += 1
        layers = []
        for pairs in slots:
            out = segs = 0
            targets: dict[int, tuple[int, int, int, int]] = {}
            for ai, bi in pairs:
                a, b = houses[ai], houses[bi]
                outside = sum(1 << pos for pos, c in enumerate(a.cells) if c not in b.cell_set)
                for d in range(n):
                    base = shift + (ai * n + d) * seg
                    out |= outside << base
                    segs |= 1 << (base + n)
                    elim = 0
                    for c in b.cells:
                        if c not in a.cell_set:
                            elim |= self.bits[c * seg + d]
                    targets[base + n] = (elim, ai, bi, d)
            layers.append(_Layer(out, segs, targets))
        self.layers = layers
        return layers


@dataclass(frozen=True, slots=True)
class _Layer:
    """Locked-candidate tests for at most one house pair per first house."""

    out: int
    """Places of each first house outside the shared cells, in every symbol's segment."""
    segs: int
    """Guard bits of the segments tested."""
    targets: dict[int, tuple[int, int, int, int]]
    """Guard bit -> (candidates removed, first house, second house, symbol)."""


_TABLES: dict[int, _Tables] = {}


def _tables(layout: Layout) -> _Tables:
    """The tables of a layout, built once (layouts are cached and long-lived)."""
    tables = _TABLES.get(id(layout))
    if tables is None or tables.layout is not layout:
        if len(_TABLES) > 8:
            _TABLES.clear()
        tables = _Tables(layout)
        _TABLES[id(layout)] = tables
    return tables


def _bits(x: int) -> Iterator[int]:
    """Indexes of the set bits of ``x``, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def _exactly_two(x: int, guard: int, low: int) -> int:
    """Guard bits of the segments of ``x`` holding exactly two bits."""
    z = ((x | guard) - low) & x
    zz = ((z | guard) - low) & z
    return (((z | guard) - low) & guard) ^ (((zz | guard) - low) & guard)


# ------------------------------------------------------------------------------------------ search


class _State:
    """One assumption being propagated: the candidates it makes true and false (both layouts)."""

    __slots__ = (
        "active",
        "failed",
        "full",
        "groups",
        "new",
        "off",
        "on",
        "premise",
        "result",
        "round",
        "seen",
        "truth",
    )

    def __init__(self, premise: int, truth: bool) -> None:
        self.premise = premise
        """Cell-layout bit of the assumed candidate."""
        self.truth = truth
        """True: the candidate is assumed placed; False: assumed removed."""
        self.on = 0
        self.off = 0
        self.new = 0
        """Candidates forced true in the last round, not yet propagated."""
        self.active = True
        self.failed = False
        self.round = 0
        """The last round in which the state changed."""
        self.result: tuple[str, int, int] = ("", -1, -1)
        self.seen: list[int] | None = None
        self.full = 0
        """Chains: every candidate removed, in both layouts (for the final check of houses)."""
        self.groups: list[_Group] = []


@dataclass(slots=True)
class _Trace:
    """One assumption replayed with the reason for each consequence."""

    premise: int
    truth: bool
    on_why: dict[int, tuple[str, int]] = field(default_factory=dict)
    """Why a candidate is true: ``("cell", c)``, ``("house", segment)`` or ``("premise", -1)``."""
    off_why: dict[int, tuple[str, int]] = field(default_factory=dict)
    """Why a candidate is false: ``("on", p)``, ``("locked", guard)`` or ``("premise", -1)``."""
    locked: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Locked-candidate facts used: guard -> (layer, order)."""
    order: dict[int, int] = field(default_factory=dict)


class _Search:
    """Propagation of assumptions over one board, round by round, in one of three modes.

    ``chain``: only bivalue cells and bilocal house symbols force; ``net``: any cell or house left
    with one candidate forces; ``locked``: as ``net``, plus locked candidates.
    """

    def __init__(self, board: Board, mode: str) -> None:
        self.board = board
        self.mode = mode
        self.t = t = _tables(board.layout)
        seg = t.seg
        live = 0
        bits, elim = t.bits, t.elim
        dead = 0
        for c, v in enumerate(board.value):
            m = board.cand[c]
            if v != EMPTY:
                # Candidates a placed symbol rules out (pencil marks not cleaned up) stay out.
                p = c * seg + v
                dead |= elim[p] if elim[p] >= 0 else t.fill(p)
                continue
            if not m:
                continue
            base = c * seg
            while m:
                low = m & -m
                p = base + low.bit_length() - 1
                m ^= low
                live |= bits[p]
                if elim[p] < 0:
                    t.fill(p)
        self.live = live = live & ~dead
        guard, low = t.guard, t.low
        self.nonempty = ((live | guard) - low) & guard
        self.layers = t.locked_layers() if mode == "locked" else []
        self.segments = _segments(self)
        self.partner: list[int] = []
        self.linked = 0
        if mode == "chain":
            # One-to-one links: a cell with two candidates, a symbol with two places in a house.
            partner = [0] * t.shift
            for _, members in self.segments:
                if len(members) == 2:
                    a, b = members
                    partner[a] |= 1 << b
                    partner[b] |= 1 << a
                    self.linked |= 1 << a | 1 << b
            self.partner = partner
            self.chain = (
                t.elim_cell,
                t.elim,
                live & t.cell_part,
                self.nonempty & t.cell_part,
                guard & t.cell_part,
                low & t.cell_part,
                partner,
                self.linked,
            )
        self.advance: Callable[[_State, int, _Trace | None], bool] = (
            self.advance_chain if mode == "chain" else self.advance_net
        )
        """One round of one assumption (returns True on a contradiction)."""

    def start(self, premise: int, truth: bool) -> _State:
        """A fresh state for one assumption."""
        s = _State(premise, truth)
        if truth:
            s.new = 1 << premise
        elif self.mode == "chain":
            s.off = 1 << premise
            s.new = self.partner[premise]
        else:
            s.off = self.t.bits[premise]
        if self.layers:
            s.seen = [0] * len(self.layers)
        return s

    def advance_net(self, s: _State, rnd: int, tr: _Trace | None = None) -> bool:
        """One round of a net: propagate the last round's placements and find the next forced ones.

        Returns True when the state reaches a contradiction (kept in ``s.result``): ``("clash",
        candidate, killer)`` for a true candidate removed, ``("empty", guard, -1)`` for a cell or
        house segment left empty.
        """
        t = self.t
        elim, bits = t.elim, t.bits
        new = s.new
        on = s.on
        e = 0
        x = new
        while x:
            low = x & -x
            p = low.bit_length() - 1
            x ^= low
            e |= elim[p]
            on |= bits[p]
        s.on = on
        s.round = rnd
        live = self.live
        if tr is not None:
            off_now = s.off
            for p in _bits(new):
                for q in _bits(elim[p] & live & ~off_now & t.cell_part):
                    tr.off_why[q] = ("on", p)
                off_now |= elim[p] & live
        clash = e & on & t.cell_part
        if clash:
            q = clash.bit_length() - 1
            killer = next(p for p in _bits(new) if elim[p] >> q & 1)
            return self._fail(s, ("clash", q, killer))
        off = s.off | (e & live)
        guard, low = t.guard, t.low
        rem = live ^ off
        nz = ((rem | guard) - low) & guard
        if nz != self.nonempty:
            return self._fail(s, ("empty", (self.nonempty ^ nz).bit_length() - 1, -1))
        z = ((rem | guard) - low) & rem
        nzz = ((z | guard) - low) & guard
        s.off = off
        found = self._singles(rem, nz ^ nzz, on, tr)
        while not found and self.layers:
            # Nothing forced: look for locked candidates before giving up.
            e = self._locked(s, rem, nz, nzz, off, tr)
            if not e:
                break
            clash = e & on & t.cell_part
            if clash:
                return self._fail(s, ("clash", clash.bit_length() - 1, -1))
            off |= e & live
            s.off = off
            rem = live ^ off
            nz = ((rem | guard) - low) & guard
            if nz != self.nonempty:
                return self._fail(s, ("empty", (self.nonempty ^ nz).bit_length() - 1, -1))
            z = ((rem | guard) - low) & rem
            nzz = ((z | guard) - low) & guard
            found = self._singles(rem, nz ^ nzz, on, tr)
        s.new = found
        if not found:
            s.active = False
        return False

    def _singles(self, rem: int, single: int, on: int, tr: _Trace | None) -> int:
        """The candidates left alone in a cell or a house (``single``: guards of such segments)."""
        t = self.t
        x = rem & (single - (single >> t.n))
        x ^= x & on
        found = x & t.cell_part
        x >>= t.shift
        if x:
            house_cand = t.house_cand
            while x:
                low_bit = x & -x
                found |= 1 << house_cand[low_bit.bit_length() - 1]
                x ^= low_bit
        if tr is not None:
            seg, n = t.seg, t.n
            for p in _bits(found):
                c = p // seg
                if single >> (c * seg + n) & 1:
                    tr.on_why[p] = ("cell", c)
                else:
                    tr.on_why[p] = ("house", self._house_single(single, p))
                tr.order[p] = len(tr.order)
        return found

    def _locked(self, s: _State, rem: int, nz: int, nzz: int, off: int, tr: _Trace | None) -> int:
        """What locked candidates remove: a symbol whose places in one house all lie in another."""
        assert s.seen is not None
        t = self.t
        guard, low, live = t.guard, t.low, self.live
        e = 0
        for j, layer in enumerate(self.layers):
            y = rem & layer.out
            found = (nz ^ (((y | guard) - low) & guard)) & nzz & layer.segs
            found ^= found & s.seen[j]
            if not found:
                continue
            s.seen[j] |= found
            targets = layer.targets
            for g in _bits(found):
                target = targets[g][0]
                if tr is not None:
                    fresh = target & live & ~(off | e) & t.cell_part
                    if fresh:
                        tr.locked[g] = (j, len(tr.order))
                        tr.order[-g - 1] = len(tr.order)
                        for q in _bits(fresh):
                            tr.off_why[q] = ("locked", g)
                e |= target
        return e & live & ~off

    def advance_chain(self, s: _State, rnd: int, tr: _Trace | None = None) -> bool:
        """One round of a forcing chain: placements remove peers, removals make partners true.

        A removed candidate with a one-to-one partner (the other candidate of its cell, the other
        place of its symbol in a house) makes that partner true.  Works on the cell layout; a house
        left without a symbol is checked once the chain stops growing (each of its places was then
        removed by a chain of its own).
        """
        elim_cell, elim, live_cell, nonempty_cell, cell_guard, cell_low, partner, linked = self.chain
        new = s.new
        e = 0
        full = s.full
        x = new
        while x:
            bit = x & -x
            x ^= bit
            p = bit.bit_length() - 1
            e |= elim_cell[p]
            full |= elim[p]
        s.full = full
        on = s.on | new
        s.on = on
        s.round = rnd
        off_old = s.off
        if tr is not None:
            for p in _bits(new):
                for q in _bits(elim_cell[p] & live_cell & ~off_old & ~on):
                    tr.off_why.setdefault(q, ("on", p))
        clash = e & on
        if clash:
            q = clash.bit_length() - 1
            killer = next(p for p in _bits(new) if elim_cell[p] >> q & 1)
            return self._fail(s, ("clash", q, killer))
        off = off_old | (e & live_cell)
        s.off = off
        nz = (((live_cell ^ off) | cell_guard) - cell_low) & nonempty_cell
        if nz != nonempty_cell:
            return self._fail(s, ("empty", (nonempty_cell ^ nz).bit_length() - 1, -1))
        found = 0
        x = (off ^ off_old) & linked
        while x:
            bit = x & -x
            x ^= bit
            w = bit.bit_length() - 1
            z = partner[w]
            if z & off:
                # Both ends of a link removed: their cell or house is left without a place.
                return self._fail(s, ("empty", self._link_guard(w, (z & off).bit_length() - 1), -1))
            if tr is not None:
                for q in _bits(z & ~on & ~found):
                    tr.on_why[q] = ("link", w)
                    tr.order[q] = len(tr.order)
            found |= z
        found ^= found & on
        s.new = found
        if not found:
            s.active = False
            # The chain has stopped: is some house left without a place for a symbol?
            if not s.truth:
                full |= self.t.bits[s.premise]
            live, guard = self.live, self.t.guard
            nz = (((live ^ (full & live)) | guard) - self.t.low) & guard
            if nz != self.nonempty:
                return self._fail(s, ("empty", (self.nonempty ^ nz).bit_length() - 1, -1))
        return False

    def _link_guard(self, a: int, b: int) -> int:
        """The guard of a segment holding just candidates ``a`` and ``b``."""
        for g, members in self.segments:
            if len(members) == 2 and a in members and b in members:
                return g
        raise AssertionError("no link")  # pragma: no cover

    def _fail(self, s: _State, result: tuple[str, int, int]) -> bool:
        s.result = result
        s.active = False
        s.failed = True
        return True

    def _house_single(self, single: int, p: int) -> int:
        """A house segment whose guard is in ``single`` and which holds candidate ``p``."""
        t = self.t
        for q in _bits(t.bits[p] >> t.shift):
            s = q // t.seg
            if single >> (t.shift + s * t.seg + t.n) & 1:
                return s
        raise AssertionError("no single")  # pragma: no cover

    # ------------------------------------------------------------------------------ explaining

    def trace(self, premise: int, truth: bool, rounds: int) -> tuple[_Trace, _State]:
        """Replay one assumption for ``rounds`` rounds, recording why each consequence holds."""
        tr = _Trace(premise, truth)
        s = self.start(premise, truth)
        if truth:
            tr.on_why[premise] = ("premise", -1)
        else:
            tr.off_why[premise] = ("premise", -1)
            for q in _bits(s.new):
                tr.on_why[q] = ("link", premise)
                tr.order[q] = len(tr.order) + 1
        tr.order[premise] = 0
        for rnd in range(1, rounds + 1):
            if not s.active or self.advance(s, rnd, tr):
                break
        return tr, s

    def segment(self, guard: int) -> tuple[str, int, int]:
        """What a segment's guard bit stands for: ``("cell", c, -1)`` or ``("house", h, d)``."""
        t = self.t
        if guard < t.shift:
            return ("cell", guard // t.seg, -1)
        h, d = divmod((guard - t.shift) // t.seg, t.n)
        return ("house", h, d)

    def places(self, guard: int) -> list[int]:
        """The candidates (cell-layout bits) of a segment, as the board stands."""
        t = self.t
        kind, a, d = self.segment(guard)
        if kind == "cell":
            return [a * t.seg + e for e in _bits(self.live >> (a * t.seg) & ((1 << t.n) - 1))]
        return [c * t.seg + d for c in self.board.houses[a].cells if self.live >> (c * t.seg + d) & 1]

    def cone(self, tr: _Trace, on: list[int], off: list[int]) -> list[tuple[str, int]]:
        """The placements (and locked candidates) some consequences rest on, in derivation order."""
        t = self.t
        seen: set[int] = set()
        seen_off: set[int] = set()
        locked: set[int] = set()
        todo_on, todo_off = list(on), list(off)
        while todo_on or todo_off:
            while todo_off:
                q = todo_off.pop()
                if q in seen_off:
                    continue
                seen_off.add(q)
                kind, why = tr.off_why[q]
                if kind == "on":
                    todo_on.append(why)
                elif kind == "locked" and why not in locked:
                    locked.add(why)
                    layer = self.layers[tr.locked[why][0]]
                    out = layer.out >> (why - t.n) & ((1 << t.n) - 1)
                    cells = self.board.houses[layer.targets[why][1]].cells
                    d = layer.targets[why][3]
                    todo_off.extend(
                        cells[pos] * t.seg + d
                        for pos in _bits(out)
                        if self.live >> (cells[pos] * t.seg + d) & 1
                    )
            while todo_on:
                p = todo_on.pop()
                if p in seen:
                    continue
                seen.add(p)
                kind, where = tr.on_why[p]
                if kind == "link":
                    todo_off.append(where)
                    continue
                if kind == "cell":
                    guard = where * t.seg + t.n
                elif kind == "house":
                    guard = t.shift + where * t.seg + t.n
                else:
                    continue
                todo_off.extend(q for q in self.places(guard) if q != p)
        events = [("on", p) for p in seen] + [("locked", g) for g in locked]
        events.sort(key=lambda ev: tr.order[ev[1] if ev[0] == "on" else -ev[1] - 1])
        return events

    def causes(self, result: tuple[str, int, int]) -> tuple[list[int], list[int]]:
        """The consequences a contradiction rests on: (true candidates, false candidates)."""
        kind, a, b = result
        if kind == "clash":
            return ([a, b] if b >= 0 else [a]), ([] if b >= 0 else [a])
        return [], self.places(a)


# -------------------------------------------------------------------------------------------- text


def _lit(board: Board, seg: int, p: int, truth: bool = True) -> str:
    """``r3c2=4`` (or ``r3c2<>4`` for a removed candidate)."""
    c, d = divmod(p, seg)
    return f"{board.name(c)}{'=' if truth else '<>'}{board.sym(d)}"


def _events_text(search: _Search, tr: _Trace, events: list[tuple[str, int]]) -> str:
    """The placements of a cone: one arrow chain per branch for chains, a list for nets."""
    board, t = search.board, search.t
    seg = t.seg
    events = [ev for ev in events if not (ev[0] == "on" and tr.truth and ev[1] == tr.premise)]
    if not events:
        return ""
    if search.mode != "chain":
        parts = []
        for kind, x in events:
            if kind == "on":
                parts.append(_lit(board, seg, x))
            else:
                layer = search.layers[tr.locked[x][0]]
                _, a, b, d = layer.targets[x]
                parts.append(f"{board.sym(d)} of {board.houses[a].name} locked in {board.houses[b].name}")
        return ", ".join(parts)
    # A chain: every placement has one parent placement; print each branch from the premise.
    placed = [x for _, x in events]
    parent: dict[int, int] = {}
    for p in placed:
        why = tr.off_why.get(tr.on_why[p][1], ("premise", -1))
        parent[p] = why[1] if why[0] == "on" else -1
    used = set(parent.values())
    branches = []
    for leaf in placed:
        if leaf in used:
            continue
        path = [leaf]
        while parent.get(path[-1], -1) in parent:
            path.append(parent[path[-1]])
        branches.append(" -> ".join(_lit(board, seg, p) for p in reversed(path)))
    return " and ".join(branches)


def _result_text(search: _Search, tr: _Trace, result: tuple[str, int, int]) -> tuple[str, tuple[str, ...]]:
    """What goes wrong at the end of a trace, and the units it concerns."""
    board, t = search.board, search.t
    seg = t.seg
    kind, a, b = result
    if kind == "empty":
        what, x, d = search.segment(a)
        if what == "cell":
            return f"{board.name(x)} would have no candidate left", ()
        house = board.houses[x]
        return f"{house.name} would have no place for {board.sym(d)}", (house.name,)
    ca, da = divmod(a, seg)
    if b < 0:
        why = tr.off_why.get(a, ("", -1))
        if why[0] == "locked":
            layer = search.layers[tr.locked[why[1]][0]]
            _, ha, hb, d = layer.targets[why[1]]
            return (
                f"{board.name(ca)} would be {board.sym(da)} although {board.sym(d)} of "
                f"{board.houses[ha].name} is locked in {board.houses[hb].name}",
                (board.houses[ha].name, board.houses[hb].name),
            )
        return f"{_lit(board, seg, a)} would be removed", ()
    cb, db = divmod(b, seg)
    if ca == cb:
        return f"{board.name(ca)} would hold both {board.sym(db)} and {board.sym(da)}", ()
    if da == db:
        shared = [h for h in board.layout.cell_houses[ca] if h in board.layout.cell_houses[cb]]
        if shared:
            name = board.houses[shared[0]].name
            return (
                f"{board.sym(da)} would appear twice in {name} ({board.name(cb)} and {board.name(ca)})",
                (name,),
            )
    return f"{_lit(board, seg, b)} and {_lit(board, seg, a)} would break the rule between those cells", ()


# ----------------------------------------------------------------------------------------- finders

KIND = {"chain": "chain", "net": "net", "locked": "net"}
"""Search mode -> the word in the technique key (``forcing_net_...``)."""


def _segments(search: _Search) -> list[tuple[int, list[int]]]:
    """Every cell, and every symbol of a house, with two or more candidates: (guard, candidates)."""
    t = search.t
    n, shift = t.n, t.shift
    live, guard, low = search.live, t.guard, t.low
    z = ((live | guard) - low) & live
    multi = ((z | guard) - low) & guard
    full = (1 << n) - 1
    digits, house_cand = t.digits, t.house_cand
    out = []
    for g in _bits(multi):
        base = g - n
        m = live >> base & full
        positions = digits[m] if m < len(digits) else tuple(_bits(m))
        if base < shift:
            out.append((g, [base + d for d in positions]))
        else:
            out.append((g, [house_cand[base - shift + d] for d in positions]))
    return out


class _Group:
    """Assumptions one of which must hold: what they all imply holds."""

    __slots__ = ("checked", "members", "what")

    def __init__(self, what: int, members: list[_State]) -> None:
        self.what = what
        """The guard bit of the cell or house segment, or ``-1 - candidate`` for a candidate
        and its absence."""
        self.members = members
        self.checked = 0
        for s in members:
            s.groups.append(self)


def _groups(search: _Search, on: dict[int, _State], states: list[_State]) -> None:
    """Link each assumption to the sets of assumptions one of which must hold.

    A cell's candidates, a symbol's places in a house, and a candidate together with its absence.
    (Two houses may give a symbol the same places: the conclusions are offered once all the same.)
    """
    for g, members in search.segments:
        _Group(g, [on[p] for p in members])
    for s in states:
        if not s.truth:
            _Group(-1 - s.premise, [on[s.premise], s])


def _what(search: _Search, what: int) -> tuple[str, int, int]:
    """A group's description: ``("cell", c, -1)``, ``("house", h, d)`` or ``("either", p, -1)``."""
    return search.segment(what) if what >= 0 else ("either", -1 - what, -1)


def _group_text(board: Board, what: tuple[str, int, int], premises: tuple[tuple[int, bool], ...]) -> str:
    """``r4c4 holds 1, 5 or 8``, ``in box 4, 2 goes in r4c1 or r5c2`` or ``r3c5 is 7 or not``."""
    kind, a, d = what
    seg = board.n + 1
    if kind == "cell":
        return f"{board.name(a)} holds {_or_list([board.sym(p % seg) for p, _ in premises])}"
    if kind == "house":
        cells = [board.name(p // seg) for p, _ in premises]
        return f"in {board.houses[a].name}, {board.sym(d)} goes in {_or_list(cells)}"
    c, d = divmod(a, seg)
    return f"{board.name(c)} is {board.sym(d)} or not"


def _or_list(items: list[str]) -> str:
    """``a, b or c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


@dataclass(slots=True)
class _Memo:
    """What the last search of a mode found beyond the step it gave, to offer on the next call.

    A forcing deduction stays true as the grid fills, so when the next board descends from this
    one (the solver applied a step, then maybe some singles), the remaining findings of the same
    round are re-checked (each is one propagation) and offered before a new search starts.
    """

    layout: Layout
    value: list[int]
    cand: list[int]
    pending: list[_Finding]

    def covers(self, board: Board) -> bool:
        """True when ``board`` can be reached from the remembered board by placing and removing."""
        if board.layout is not self.layout:
            return False
        value, cand = board.value, board.cand
        for c, (v0, m0) in enumerate(zip(self.value, self.cand, strict=True)):
            v = value[c]
            if v0 != EMPTY:
                if v != v0:
                    return False
            elif v != EMPTY:
                if not m0 >> v & 1:
                    return False
            elif cand[c] & ~m0:
                return False
        return True


_Finding = tuple[str, int, tuple[tuple[int, bool], ...], int, int, int]
"""``(kind, rounds, premises, on, off, what)``: ``"contradiction"`` with one premise ``(candidate,
truth)``, or ``"verity"`` with the premises of a group, the common true and false candidates, and
the group's index in the search's list of segments (-1 for a candidate-or-not pair)."""

_MEMO: dict[str, _Memo] = {}


def _forcing(board: Board, mode: str) -> Iterator[Step]:
    """Every forcing step of one mode, fewest rounds first.

    Within a round: contradictions (those of assumed absences first: they place a symbol), then
    verities (placements first).
    """
    search = _Search(board, mode)
    done: set[tuple[tuple[int, int], ...]] = set()
    memo = _MEMO.pop(mode, None)
    if memo is not None and memo.covers(board):
        _MEMO[mode] = memo
        while memo.pending:
            step = _build(search, memo.pending.pop(0))
            if step is not None and _key(step) not in done:
                done.add(_key(step))
                yield step
    segments = search.segments
    partners: dict[int, int] = {}
    for _, members in segments:
        if len(members) == 2:
            for p in members:
                partners[p] = partners.get(p, 0) + 1
    on_state: dict[int, _State] = {}
    states: list[_State] = []
    for p in sorted(p for p, k in partners.items() if k >= 2):
        states.append(search.start(p, False))
    for p in _bits(search.live & search.t.cell_part):
        on_state[p] = search.start(p, True)
        states.append(on_state[p])
    grouped = False
    rounds = CHAIN_ROUNDS if mode == "chain" else NET_ROUNDS
    cell_part = search.t.cell_part
    advance = search.advance
    for rnd in range(1, rounds + 1):
        moved: list[_State] = []
        failed: list[_State] = []
        for s in states:
            if s.active:
                moved.append(s)
                if advance(s, rnd, None):
                    failed.append(s)
        if not moved:
            return
        if failed:
            # Assumptions of absence first: their contradictions place a symbol.
            findings: list[_Finding] = [
                ("contradiction", rnd, ((s.premise, s.truth),), 0, 0, 0)
                for s in sorted(failed, key=lambda s: s.truth)
            ]
            yield from _offer(search, mode, findings, done)
            for s in failed:
                # A false assumption implies anything: leave it out of verities (its
                # contradiction is a step of its own).
                s.on = s.off = 0
        if rnd == 1:
            # After one round an assumption has placed only itself and removed its peers: what all
            # of a group remove then is what the basic techniques find.  Verities start at round 2.
            continue
        if not grouped:
            _groups(search, on_state, states)
            grouped = True
            moved = states
        placing: list[_Finding] = []
        removing: list[_Finding] = []
        for mover in moved:
            for group in mover.groups:
                if group.checked == rnd:
                    continue
                group.checked = rnd
                branch = group.members
                on = cell_part
                for s in branch:
                    on &= s.on
                    if not on:
                        break
                if on:
                    placing.append(("verity", rnd, _premises(branch), on, 0, group.what))
                    continue
                off = cell_part
                for s in branch:
                    off &= s.off
                    if not off:
                        break
                if off:
                    removing.append(("verity", rnd, _premises(branch), 0, off, group.what))
        if placing or removing:
            yield from _offer(search, mode, placing + removing, done)


def _offer(
    search: _Search, mode: str, findings: list[_Finding], done: set[tuple[tuple[int, int], ...]]
) -> Iterator[Step]:
    """Yield the steps of a round's findings, remembering the rest for the next call."""
    board = search.board
    memo = _Memo(board.layout, board.value[:], board.cand[:], findings)
    _MEMO[mode] = memo
    while memo.pending:
        step = _build(search, memo.pending.pop(0))
        if step is not None and _key(step) not in done:
            done.add(_key(step))
            yield step


def _premises(members: list[_State]) -> tuple[tuple[int, bool], ...]:
    return tuple((s.premise, s.truth) for s in members)


def _key(step: Step) -> tuple[tuple[int, int], ...]:
    """What a step concludes, to offer each conclusion once."""
    return tuple((c * 64 + d, 1) for c, d in step.placements) + tuple(
        (c * 64 + d, 0) for c, d in step.eliminations
    )


def _build(search: _Search, finding: _Finding) -> Step | None:
    """The step for a finding, re-checked on the search's board (None when it no longer holds)."""
    kind, rounds, premises, on, off, what = finding
    live = search.live
    if kind == "contradiction":
        premise, truth = premises[0]
        if not live >> premise & 1:
            return None
        return _contradiction_step(search, premise, truth, rounds)
    on &= live
    off &= live
    if not (on or off):
        return None
    premises = tuple((p, truth) for p, truth in premises if live >> p & 1)
    if len(premises) < 2:
        return None
    return _verity_step(search, _what(search, what), premises, on, off, rounds)


def _contradiction_step(search: _Search, premise: int, truth: bool, rounds: int) -> Step | None:
    """The step for an assumption that ends in a contradiction (None if it no longer does)."""
    board, seg = search.board, search.t.seg
    tr, end = search.trace(premise, truth, rounds)
    if not end.failed:
        return None
    on, off = search.causes(end.result)
    events = search.cone(tr, on, off)
    clash, units = _result_text(search, tr, end.result)
    c, d = divmod(premise, seg)
    chain = _events_text(search, tr, events)
    cond = f"{board.name(c)} were {'' if truth else 'not '}{board.sym(d)}"
    verdict = f"{board.name(c)} is {'not ' if truth else ''}{board.sym(d)}"
    kind = KIND[search.mode]
    return Step(
        f"forcing_{kind}_contradiction",
        (d,),
        (c,),
        units,
        placements=() if truth else ((c, d),),
        eliminations=((c, d),) if truth else (),
        explanation=f"Forcing {kind} contradiction: if {cond}, "
        + (f"then {chain}; " if chain else "")
        + f"{clash}; so {verdict}",
        length=len(events) + 1,
        extra={"rounds": rounds, "premise": (c, d, truth), "mode": search.mode},
    )


def _verity_step(
    search: _Search,
    what: tuple[str, int, int],
    premises: tuple[tuple[int, bool], ...],
    on: int,
    off: int,
    rounds: int,
) -> Step | None:
    """The step for a conclusion every branch of a group reaches (None if one no longer does)."""
    board, seg = search.board, search.t.seg
    parts = []
    length = 0
    for premise, truth in premises:
        tr, end = search.trace(premise, truth, rounds)
        if end.failed or on & ~end.on or off & ~end.off:
            return None
        events = search.cone(tr, list(_bits(on)), list(_bits(off)))
        length += len(events)
        chain = _events_text(search, tr, events)
        parts.append(f"if {_lit(board, seg, premise, truth)}, " + (f"then {chain}" if chain else "directly"))
    placements = tuple(divmod(p, seg) for p in _bits(on))
    eliminations = tuple(divmod(q, seg) for q in _bits(off))
    if placements:
        result = ", ".join(f"{board.name(c)}={board.sym(d)}" for c, d in placements)
    else:
        result = ", ".join(f"{board.name(c)}<>{board.sym(d)}" for c, d in eliminations)
    kind = KIND[search.mode]
    text = _group_text(board, what, premises)
    units = (board.houses[what[1]].name,) if what[0] == "house" else ()
    return Step(
        f"forcing_{kind}_verity",
        tuple(sorted({p % seg for p, _ in premises})),
        tuple(dict.fromkeys(p // seg for p, _ in premises)),
        units,
        placements=placements,
        eliminations=eliminations,
        explanation=f"Forcing {kind} verity: {text}; " + "; ".join(parts) + f"; either way {result}",
        length=length,
        extra={"rounds": rounds, "mode": search.mode},
    )


def forcing_chains(board: Board) -> Iterator[Step]:
    """Forcing chain contradictions and verities: one-to-one implications only."""
    return _forcing(board, "chain")


def forcing_nets(board: Board) -> Iterator[Step]:
    """Forcing net contradictions and verities: dynamic singles, then also locked candidates."""
    found = False
    for step in _forcing(board, "net"):
        found = True
        yield step
    if not found:
        yield from _forcing(board, "locked")


FINDERS = (
    (("forcing_chain_contradiction", "forcing_chain_verity"), forcing_chains),
    (("forcing_net_contradiction", "forcing_net_verity"), forcing_nets),
)
"""(technique keys, finder) pairs of this module, collected by :mod:`sudokit.logic.techniques`."""
REGLIB_FLAGS: dict[str, frozenset[str]] = {}
