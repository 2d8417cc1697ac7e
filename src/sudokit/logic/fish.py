"""Fish: basic, finned and sashimi, Franken and Mutant fish on one symbol.

A fish takes ``k`` *base* units, each of which must hold the symbol, and ``k`` *cover* units that
hold every base candidate.  The base units put the symbol in ``k`` different base cells and a cover
unit takes at most one of them, so the ``k`` placements fill the ``k`` cover units: no other cell of
a cover unit can hold the symbol.  A base cell in two cover units would fill two at once and is
removed as well (cannibalism).  *Fins* are base candidates outside the cover units, and *endo fins*
candidates in two base units; with fins, either the fish holds or a fin holds the symbol, so only
cells that see every fin lose it.

Categories and limits follow HoDoKu: basic fish put rows against columns (or columns against rows),
Franken fish add boxes (jigsaw regions) to either side, Mutant fish use any units, extra units such
as diagonals included; a finned fish has at most five fins, two of them endo fins; a finned basic
fish is *sashimi* when a base unit keeps at most one candidate besides its fins.  Cells and unit
sets are bitmasks (Python ints).  Before searching, :func:`deletable` drops every symbol whose
candidates all lie in some complete placement of it (a *template*): no fish can remove anything
there, and on most boards that leaves one symbol or none to search.  Finders yield lazily and never
change the board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from sudokit.logic.board import Board, Layout, bits
from sudokit.logic.step import TECHNIQUES, Step

MAX_FINS = 5
"""Most fins (endo fins included) a finned fish may have, as in HoDoKu."""

MAX_ENDO_FINS = 2
"""Most endo fins (candidates in two base units) a Franken or Mutant fish may have, as in HoDoKu."""

MAX_SIZE = 7
"""The largest fish (Leviathan), HoDoKu's limit."""

TEMPLATE_NODES = 20_000
"""Search nodes one symbol's template check may use; past that, candidates count as removable."""

SIAMESE = "fish-siamese"
"""Board flag: finned finders yield only *siamese* fish (HoDoKu's "allow duals and siamese")."""

SIZE_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish", 5: "Squirmbag", 6: "Whale", 7: "Leviathan"}
SIZE_KEYS = {2: "x_wing", 3: "swordfish", 4: "jellyfish", 5: "squirmbag", 6: "whale", 7: "leviathan"}

ROW, COLUMN, BLOCK, EXTRA = 1, 2, 4, 8
"""Unit-kind bits, combined into the kind mask of a base or cover set."""

_KIND_BITS = {"row": ROW, "column": COLUMN, "box": BLOCK, "region": BLOCK}
_KIND_ORDER = {ROW: 0, COLUMN: 1, BLOCK: 2, EXTRA: 3}
_PLURALS = {"row": "rows", "column": "columns", "box": "boxes", "region": "regions"}

Finder = Callable[[Board], Iterator[Step]]


# ------------------------------------------------------------------------------------ geometry


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Bitmask views of a layout, computed once per layout."""

    house_mask: tuple[int, ...]
    """Cells of each house (cell bitmask)."""
    peer_mask: tuple[int, ...]
    """Cells each cell sees (cell bitmask)."""
    cell_units: tuple[int, ...]
    """Houses of each cell (house bitmask)."""
    cell_house_list: tuple[tuple[int, ...], ...]
    """Houses of each cell, rows first, then columns, blocks and extra units."""
    kind: tuple[int, ...]
    """Kind bit of each house."""
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    blocks: tuple[int, ...]
    units: tuple[int, ...]
    """Every house, rows first, then columns, blocks and extra units (HoDoKu's order)."""
    row_pos: tuple[int, ...]
    """Per cell: the position of its row in ``rows`` (-1 if none)."""
    col_pos: tuple[int, ...]
    row_block_cols: tuple[tuple[int, ...], ...]
    """[row position][block position]: column positions of the row's cells in the block."""
    col_block_rows: tuple[tuple[int, ...], ...]
    """[column position][block position]: row positions of the column's cells in the block."""
    simple: bool
    """Every cell is in exactly one row and one column and at most one block (not a samurai)."""


def _geometry(layout: Layout) -> _Geometry:
    """The :class:`_Geometry` of a layout, built once and kept with it."""
    return layout.cached("fish", _build_geometry)


def _build_geometry(layout: Layout) -> _Geometry:
    size = len(layout.peers)
    houses = layout.houses
    kind = tuple(_KIND_BITS.get(h.kind, EXTRA) for h in houses)
    units = tuple(sorted(range(len(houses)), key=lambda h: (_KIND_ORDER[kind[h]], h)))
    rank = {h: i for i, h in enumerate(units)}
    cell_house_list = tuple(tuple(sorted(layout.cell_houses[c], key=rank.__getitem__)) for c in range(size))
    rows = tuple(h for h in units if kind[h] == ROW)
    columns = tuple(h for h in units if kind[h] == COLUMN)
    blocks = tuple(h for h in units if kind[h] == BLOCK)
    pos = {}
    seen: dict[tuple[int, int], int] = {}
    for group in (rows, columns, blocks):
        for i, h in enumerate(group):
            for c in houses[h].cells:
                pos[c, kind[h]] = i
                seen[c, kind[h]] = seen.get((c, kind[h]), 0) + 1
    simple = all(seen.get((c, ROW)) == 1 and seen.get((c, COLUMN)) == 1 for c in range(size)) and all(
        seen.get((c, BLOCK), 0) <= 1 for c in range(size)
    )
    row_pos = tuple(pos.get((c, ROW), -1) for c in range(size))
    col_pos = tuple(pos.get((c, COLUMN), -1) for c in range(size))
    row_block_cols = [[0] * len(blocks) for _ in rows]
    col_block_rows = [[0] * len(blocks) for _ in columns]
    for c in range(size):
        r, k, b = row_pos[c], col_pos[c], pos.get((c, BLOCK), -1)
        if r >= 0 and k >= 0 and b >= 0:
            row_block_cols[r][b] |= 1 << k
            col_block_rows[k][b] |= 1 << r
    geo = _Geometry(
        house_mask=layout.house_mask,
        peer_mask=layout.peer_mask,
        cell_units=tuple(sum(1 << h for h in hs) for hs in cell_house_list),
        cell_house_list=cell_house_list,
        kind=kind,
        rows=rows,
        columns=columns,
        blocks=blocks,
        units=units,
        row_pos=row_pos,
        col_pos=col_pos,
        row_block_cols=tuple(map(tuple, row_block_cols)),
        col_block_rows=tuple(map(tuple, col_block_rows)),
        simple=simple,
    )
    return geo


_bits = bits


# ------------------------------------------------------------------------------------ templates


_TEMPLATE_CACHE: list[tuple[Layout, tuple[int, ...], list[int]]] = []


def deletable(board: Board) -> list[int]:
    """For each symbol, its candidates that lie in no *template* (cell bitmask).

    A template places the symbol once in every house, on candidates that do not see each other.
    A fish reasons about one symbol with exactly these rules, so whatever it removes lies in no
    template: a symbol whose candidates all lie in templates has no fish, and fins whose common
    peers hold none of these candidates remove nothing (HoDoKu prunes its fish search the same
    way).  The last board state's answer is kept, since the fish finders ask one after another.
    """
    key = (*board.value, *board.cand)
    if _TEMPLATE_CACHE:
        layout, last, result = _TEMPLATE_CACHE[0]
        if layout is board.layout and last == key:
            return result
    geo = _geometry(board.layout)
    cells = board.digit_cells()
    result = [_deletable_digit(board, geo, cells[d], d) for d in range(board.n)]
    _TEMPLATE_CACHE[:] = [(board.layout, key, result)]
    return result


def _deletable_digit(board: Board, geo: _Geometry, p: int, digit: int) -> int:
    """The candidates of one symbol in no template (all of them when that cannot be told).

    The search fills the open house with the fewest places first.  Where every cell has one row
    and one column, filling the rows is enough and the other houses are checked at the end;
    otherwise (samurai) every house is filled in turn.
    """
    if not p:
        return p
    hm = geo.house_mask
    peers = geo.peer_mask
    placed = 0
    for c, v in enumerate(board.value):
        if v == digit:
            placed |= 1 << c
    open_houses = [hm[h] & p for h in range(len(hm)) if not hm[h] & placed]
    if not all(open_houses):
        return p
    if geo.simple:
        driving = [hm[h] & p for h in geo.rows if not hm[h] & placed]
        check = [m for h, m in enumerate(hm) if geo.kind[h] != ROW and not m & placed]
    else:
        driving, check = open_houses, []
    nodes = 0

    def search(todo: list[int], forbidden: int, chosen: int) -> int:
        """A template extending ``chosen`` (0 when there is none or the budget is spent)."""
        nonlocal nodes
        nodes += 1
        if nodes > TEMPLATE_NODES:
            return 0
        if not todo:
            return chosen if all(m & chosen for m in check) else 0
        best, best_count = 0, 1 << 30
        for i, m in enumerate(todo):
            k = (m & ~forbidden).bit_count()
            if k < best_count:
                best, best_count = i, k
                if k <= 1:
                    break
        options = todo[best] & ~forbidden
        while options:
            low = options & -options
            rest = [m for m in todo if not m & low]
            found = search(rest, forbidden | peers[low.bit_length() - 1] | low, chosen | low)
            if found:
                return found
            options ^= low
        return 0

    in_template = 0
    todo = p
    while todo and nodes <= TEMPLATE_NODES:
        low = todo & -todo
        found = search([m for m in driving if not m & low], peers[low.bit_length() - 1] | low, low)
        in_template |= found
        todo &= ~(found | low)
    return p & ~in_template


# ------------------------------------------------------------------------------------ fish


@dataclass(frozen=True, slots=True)
class Fish:
    """One fish on a symbol: its unit sets, fins and eliminations (cells as bitmasks)."""

    digit: int
    base: tuple[int, ...]
    """House indexes of the base units."""
    cover: tuple[int, ...]
    """House indexes of the cover units."""
    base_sets: tuple[int, ...]
    """The candidates of each base unit."""
    fins: int
    """Exo fins: base candidates outside the cover units."""
    endo: int
    """Endo fins: candidates in two base units."""
    elims: int
    """Candidates removed, cannibalistic ones included."""
    cannibal: int
    """Removed candidates that are base candidates in two cover units."""
    base_kinds: int
    cover_kinds: int

    @property
    def size(self) -> int:
        """Number of base units."""
        return len(self.base)

    @property
    def cells(self) -> int:
        """Every base candidate, fins included."""
        mask = 0
        for m in self.base_sets:
            mask |= m
        return mask

    @property
    def all_fins(self) -> int:
        """Exo and endo fins."""
        return self.fins | self.endo

    @property
    def category(self) -> str:
        """``basic``, ``franken`` or ``mutant`` by HoDoKu's unit-kind rules."""
        return category(self.base_kinds, self.cover_kinds)

    @property
    def sashimi(self) -> bool:
        """A finned basic fish is sashimi when a base unit keeps at most one non-fin candidate."""
        fins = self.all_fins
        return (
            bool(fins)
            and self.category == "basic"
            and any((m & ~fins).bit_count() <= 1 for m in self.base_sets)
        )


def category(base: int, cover: int) -> str:
    """HoDoKu's fish category from the kind masks of the base and cover sets."""
    if (base, cover) in ((ROW, COLUMN), (COLUMN, ROW)):
        return "basic"
    if (base in (ROW, ROW | BLOCK) and cover in (COLUMN, COLUMN | BLOCK)) or (
        base in (COLUMN, COLUMN | BLOCK) and cover in (ROW, ROW | BLOCK)
    ):
        return "franken"
    return "mutant"


def _kinds(geo: _Geometry, units: Iterable[int]) -> int:
    """The kind mask of a set of units."""
    mask = 0
    for u in units:
        mask |= geo.kind[u]
    return mask


# ------------------------------------------------------------------------------------ basic fish

# A base line is (position in its line list, its candidates, the cover-line positions they touch).
_Line = tuple[int, int, int]


def basic_fish(board: Board, size: int, finned: bool) -> Iterator[Fish]:
    """Basic fish of one size, rows against columns and then columns against rows.

    Finless, the base lines' candidates lie in exactly ``size`` cover lines.  Finned (or sashimi),
    the fins lie in one block, since a cell outside the base lines can see a base candidate outside
    its own line only there; so for each block the base candidates outside it fix the cover lines
    they need and the rest of the cover comes from the lines the other base candidates touch.
    """
    geo = _geometry(board.layout)
    if not geo.rows or not geo.columns or not 2 <= size < board.n:
        return
    hm = geo.house_mask
    cells = board.digit_cells()
    useful = deletable(board)
    if not geo.simple:
        # Overlapping lines (samurai): the general search, which knows about overlaps.
        for base_side, cover_side in ((geo.rows, geo.columns), (geo.columns, geo.rows)):
            for digit in range(board.n):
                if useful[digit]:
                    yield from _any_fish(
                        geo, cells[digit], useful[digit], digit, size, base_side, cover_side, finned, "basic"
                    )
        return
    for transpose in (False, True):
        if transpose:
            base_lines, cover_lines, pos = geo.columns, geo.rows, geo.row_pos
            line_block, kinds = geo.col_block_rows, (COLUMN, ROW)
        else:
            base_lines, cover_lines, pos = geo.rows, geo.columns, geo.col_pos
            line_block, kinds = geo.row_block_cols, (ROW, COLUMN)
        for digit in range(board.n):
            if not useful[digit]:
                continue
            p = cells[digit]
            lines: list[_Line] = []
            for i, h in enumerate(base_lines):
                m = p & hm[h]
                if m:
                    cross = 0
                    for c in _bits(m):
                        cross |= 1 << pos[c]
                    if finned or cross.bit_count() <= size:
                        lines.append((i, m, cross))
            if len(lines) < size:
                continue
            found = (
                _finned_lines(geo, useful[digit], size, lines, base_lines, cover_lines, line_block)
                if finned
                else _finless_lines(geo, p, size, lines, base_lines, cover_lines)
            )
            for base, cover, base_sets, fins, elims in found:
                yield Fish(digit, base, cover, base_sets, fins, 0, elims, 0, *kinds)


_Found = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]
"""A basic fish before it knows its symbol: base, cover, base candidates, fins, eliminations."""


def _finless_lines(
    geo: _Geometry,
    p: int,
    size: int,
    lines: list[_Line],
    base_lines: tuple[int, ...],
    cover_lines: tuple[int, ...],
) -> Iterator[_Found]:
    """``size`` base lines whose candidates touch exactly ``size`` cover lines."""
    hm = geo.house_mask

    def extend(start: int, chosen: tuple[_Line, ...], union: int) -> Iterator[_Found]:
        for j in range(start, len(lines) - (size - len(chosen)) + 1):
            line = lines[j]
            u = union | line[2]
            if u.bit_count() > size:
                continue
            now = (*chosen, line)
            if len(now) < size:
                yield from extend(j + 1, now, u)
                continue
            if u.bit_count() < size:
                continue
            base_area = cover_area = 0
            for i, _, _ in now:
                base_area |= hm[base_lines[i]]
            for e in _bits(u):
                cover_area |= hm[cover_lines[e]]
            elims = p & cover_area & ~base_area
            if elims:
                cover = tuple(cover_lines[e] for e in _bits(u))
                yield tuple(base_lines[i] for i, _, _ in now), cover, tuple(m for _, m, _ in now), 0, elims

    return extend(0, (), 0)


def _finned_lines(
    geo: _Geometry,
    useful: int,
    size: int,
    lines: list[_Line],
    base_lines: tuple[int, ...],
    cover_lines: tuple[int, ...],
    line_block: tuple[tuple[int, ...], ...],
) -> Iterator[_Found]:
    """Finned and sashimi fish: base lines, a block holding every fin, and a cover around the rest."""
    hm = geo.house_mask
    peers = geo.peer_mask
    for combo in combinations(lines, size):
        union = base_cells = base_area = 0
        for i, m, cross in combo:
            union |= cross
            base_cells |= m
            base_area |= hm[base_lines[i]]
        if union.bit_count() <= size:
            continue
        for b, block in enumerate(geo.blocks):
            if not (base_cells & hm[block] and useful & hm[block] & ~base_area):
                continue
            required = 0
            for i, _, cross in combo:
                required |= cross & ~line_block[i][b]
            need = size - required.bit_count()
            if need < 0:
                continue
            for extra in combinations(tuple(_bits(union & ~required)), need):
                cover_pos = required
                for e in extra:
                    cover_pos |= 1 << e
                cover_area = 0
                for e in _bits(cover_pos):
                    cover_area |= hm[cover_lines[e]]
                fins = base_cells & ~cover_area
                if not fins or fins.bit_count() > MAX_FINS:
                    continue
                seen = useful & cover_area & ~base_area
                for f in _bits(fins):
                    seen &= peers[f]
                if seen:
                    yield (
                        tuple(base_lines[i] for i, _, _ in combo),
                        tuple(cover_lines[e] for e in _bits(cover_pos)),
                        tuple(m for _, m, _ in combo),
                        fins,
                        seen,
                    )


# ------------------------------------------------------------------------------------ any units


def franken_fish(board: Board, size: int, finned: bool) -> Iterator[Fish]:
    """Franken fish: rows and blocks against columns and blocks, then columns against rows."""
    geo = _geometry(board.layout)
    if not geo.rows or not geo.columns or not 2 <= size < board.n:
        return
    cells = board.digit_cells()
    useful = deletable(board)
    sides = ((geo.rows, geo.columns, ROW), (geo.columns, geo.rows, COLUMN))
    for lines, others, line_kind in sides:
        base = (*lines, *geo.blocks)
        cover = (*others, *geo.blocks)
        for digit in range(board.n):
            if useful[digit]:
                yield from _fish_unless_known_none(
                    board.layout,
                    (
                        geo,
                        cells[digit],
                        useful[digit],
                        digit,
                        size,
                        base,
                        cover,
                        finned,
                        "franken",
                        line_kind,
                    ),
                )


def mutant_fish(board: Board, size: int, finned: bool) -> Iterator[Fish]:
    """Mutant fish: any units as base and cover (extra units too), but not a basic or Franken shape."""
    geo = _geometry(board.layout)
    if not 2 <= size < board.n:
        return
    cells = board.digit_cells()
    useful = deletable(board)
    for digit in range(board.n):
        if useful[digit]:
            yield from _fish_unless_known_none(
                board.layout,
                (geo, cells[digit], useful[digit], digit, size, geo.units, geo.units, finned, "mutant", 0),
            )


_NONE_KEPT = 200_000
"""The most fish searches that found nothing a layout remembers (then it starts again)."""


def _fish_unless_known_none(layout: Layout, args: tuple[Any, ...]) -> Iterator[Fish]:
    """:func:`_any_fish` of ``args``, skipped when the same search already found nothing.

    A search depends only on its arguments (one digit's candidate cells among them), so along a
    path, where a step changes a few digits, the Franken and Mutant searches of every other digit
    are known to find nothing without being run again.
    """
    known: set[tuple[Any, ...]] = layout.cached("fish.none", lambda _: set())
    key = args[1:]
    if key in known:
        return
    found = False
    for fish in _any_fish(*args):
        found = True
        yield fish
    if not found:
        if len(known) > _NONE_KEPT:
            known.clear()
        known.add(key)


def fish_over(
    board: Board, size: int, finned: bool, base: Iterable[int], cover: Iterable[int], wanted: str
) -> Iterator[Fish]:
    """Fish of category ``wanted`` with base units from ``base`` and cover units from ``cover``.

    The general search behind Franken and Mutant fish, for any house indexes (the tests check
    the quicker basic search against it).
    """
    geo = _geometry(board.layout)
    cells = board.digit_cells()
    useful = deletable(board)
    base_units, cover_units = tuple(base), tuple(cover)
    for digit in range(board.n):
        if useful[digit]:
            yield from _any_fish(
                geo, cells[digit], useful[digit], digit, size, base_units, cover_units, finned, wanted
            )


def _any_fish(
    geo: _Geometry,
    p: int,
    useful: int,
    digit: int,
    size: int,
    base_units: tuple[int, ...],
    cover_units: tuple[int, ...],
    finned: bool,
    wanted: str,
    first_kinds: int = 0,
) -> Iterator[Fish]:
    """Every fish of category ``wanted`` with ``size`` units from ``base_units`` and ``cover_units``.

    Base sets are combinations of units, dropped when they overlap without fins or have more than
    :data:`MAX_ENDO_FINS` endo fins; with ``first_kinds`` the first base unit (in the order given)
    must be of those kinds, so listing lines first requires a line in the base.  For
    each base set the cover sets come from branching on a base candidate not yet covered (first
    one that cannot be a fin and has the fewest units left, else the lowest): one of the units
    holding it covers it, or it becomes a fin.  A unit passed over for a candidate, or holding a
    fin, stays out of that branch, so each cover set comes up exactly once.  Fins whose common peers
    hold no ``useful`` candidate (see :func:`deletable`) of the cover units end the branch at once.
    """
    hm = geo.house_mask
    units = [(u, p & hm[u]) for u in base_units if p & hm[u]]
    if not finned:
        units = [(u, m) for u, m in units if m.bit_count() <= size]
    if len(units) < size:
        return iter(())
    cover_masks = {u: p & hm[u] for u in cover_units if p & hm[u]}
    rank = {u: i for i, u in enumerate(cover_units)}
    max_endo = 0 if wanted == "basic" else MAX_ENDO_FINS

    def bases(start: int, chosen: tuple[int, ...], cells: int, endo: int, endo_count: int) -> Iterator[Fish]:
        for j in range(start, len(units) - (size - len(chosen)) + 1):
            u, m = units[j]
            if not chosen and first_kinds and not geo.kind[u] & first_kinds:
                continue
            overlap = cells & m
            count = endo_count
            if overlap:
                count += overlap.bit_count()
                if not finned or count > max_endo:
                    continue
            now = (*chosen, j)
            if len(now) < size:
                yield from bases(j + 1, now, cells | m, endo | overlap, count)
            else:
                base = tuple(units[x][0] for x in now)
                base_sets = tuple(units[x][1] for x in now)
                yield from _covers(
                    geo,
                    p,
                    useful,
                    digit,
                    size,
                    base,
                    base_sets,
                    endo | overlap,
                    cover_masks,
                    rank,
                    finned,
                    wanted,
                )

    return bases(0, (), 0, 0, 0)


_Frame = tuple[int, tuple[int, ...], int, int, int, int]
"""Cover search state: base candidates left, covers chosen, their candidates, fins, units barred,
and the candidates that could still be removed (in the cover units, seeing every fin)."""


def _covers(
    geo: _Geometry,
    p: int,
    useful: int,
    digit: int,
    size: int,
    base: tuple[int, ...],
    base_sets: tuple[int, ...],
    endo: int,
    cover_masks: dict[int, int],
    rank: dict[int, int],
    finned: bool,
    wanted: str,
) -> Iterator[Fish]:
    """The fish of one base set: every cover set with at most :data:`MAX_FINS` fins (none if finless)."""
    peers = geo.peer_mask
    cells = 0
    barred = 0
    for u, m in zip(base, base_sets, strict=True):
        cells |= m
        barred |= 1 << u
    eligible = reach = 0
    for u, m in cover_masks.items():
        if m & cells and not barred >> u & 1:
            eligible |= 1 << u
            reach |= m
    if eligible.bit_count() < size:
        return
    base_kinds = _kinds(geo, base)
    budget = MAX_FINS - endo.bit_count() if finned else 0
    # Whatever the fish removes lies in its cover units and sees every fin.
    seen = useful & reach
    for f in _bits(endo):
        seen &= peers[f]
    if not seen:
        return
    # Base candidates that see none of those must be covered; no two of them share a cover unit
    # more often than there are cover units.
    apart = used = 0
    for x in _bits(cells & ~endo):
        if not (finned and seen & peers[x]):
            units = geo.cell_units[x] & eligible
            if not units:
                return
            if not units & used:
                apart += 1
                if apart > size:
                    return
            used |= units
    cell_units = geo.cell_units
    stack: list[_Frame] = [(cells & ~endo, (), 0, 0, ~eligible, seen)]
    while stack:
        rest, chosen, covered, fins, barred, seen = stack.pop()
        slots = size - len(chosen)
        if not slots:
            # Every cover unit is chosen: what is left must all be fins.
            if rest:
                if rest.bit_count() + fins.bit_count() > budget:
                    continue
                for f in _bits(rest):
                    seen &= peers[f]
                    barred |= cell_units[f]
                fins |= rest
                rest = 0
            if not seen & covered:
                continue
        if not rest:
            free = eligible & ~barred
            for u in chosen:
                free &= ~(1 << u)
            for extra in combinations(tuple(_bits(free)), slots):
                cover = tuple(sorted((*chosen, *extra), key=rank.__getitem__))
                fish = _fish(
                    geo, p, digit, base, cover, base_sets, cells, fins, endo, seen, base_kinds, wanted
                )
                if fish is not None and (fish.fins or fish.endo or not finned):
                    yield fish
            continue
        x = -1
        if finned:
            # Candidates that see nothing removable can never be fins: each needs a cover unit, so
            # branch on the one with the fewest units left, unless they need too many units.
            fewest = 1 << 30
            apart = used = 0
            for c in _bits(rest):
                if seen & peers[c]:
                    continue
                units = cell_units[c] & ~barred
                count = units.bit_count()
                if count < fewest:
                    x, fewest = c, count
                    if not count:
                        break
                if not units & used:
                    apart += 1
                used |= units
            if not fewest or apart > slots:
                continue
        if x < 0:
            x = (rest & -rest).bit_length() - 1
        passed = barred
        for u in geo.cell_house_list[x]:
            if not passed >> u & 1:
                m = cover_masks[u]
                stack.append((rest & ~m, (*chosen, u), covered | m, fins, passed, seen))
                passed |= 1 << u
        if fins.bit_count() < budget and seen & peers[x]:
            low = 1 << x
            stack.append((rest & ~low, chosen, covered, fins | low, barred | cell_units[x], seen & peers[x]))


def _fish(
    geo: _Geometry,
    p: int,
    digit: int,
    base: tuple[int, ...],
    cover: tuple[int, ...],
    base_sets: tuple[int, ...],
    cells: int,
    fins: int,
    endo: int,
    seen: int,
    base_kinds: int,
    wanted: str,
) -> Fish | None:
    """The fish of complete base and cover sets, or None if it is of another category or removes nothing."""
    covered = twice = cover_kinds = 0
    for u in cover:
        m = p & geo.house_mask[u]
        twice |= covered & m
        covered |= m
        cover_kinds |= geo.kind[u]
    if category(base_kinds, cover_kinds) != wanted:
        return None
    cannibal = twice & cells & seen
    elims = (covered & ~cells & seen) | cannibal
    if not elims:
        return None
    return Fish(digit, base, cover, base_sets, fins, endo, elims, cannibal, base_kinds, cover_kinds)


# ------------------------------------------------------------------------------------ steps

_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def _join(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _units_text(board: Board, units: tuple[int, ...]) -> str:
    """``rows 2 and 7``, ``row 3, box 5 and column 2``: unit names, grouped by kind."""
    houses = [board.houses[u] for u in units]
    parts: list[str] = []
    i = 0
    while i < len(houses):
        j = i
        while j < len(houses) and houses[j].kind == houses[i].kind:
            j += 1
        group = houses[i:j]
        prefix = f"{group[0].kind} "
        if len(group) > 1 and group[0].kind in _PLURALS and all(h.name.startswith(prefix) for h in group):
            parts.append(f"{_PLURALS[group[0].kind]} " + _join([h.name[len(prefix) :] for h in group]))
        else:
            parts.append(_join([h.name for h in group]))
        i = j
    return ", ".join(parts)


def _names(board: Board, mask: int) -> str:
    return _join([board.name(c) for c in _bits(mask)])


def fish_step(board: Board, fish: Fish, key: str) -> Step:
    """The :class:`Step` of a fish, with an explanation a player can follow."""
    sym = board.sym(fish.digit)
    name = TECHNIQUES[key].name
    base_text = _units_text(board, fish.base)
    cover_text = _units_text(board, fish.cover)
    elims = tuple((c, fish.digit) for c in _bits(fish.elims))
    one = len(elims) == 1
    count = _COUNTS.get(fish.size, str(fish.size))
    fins = fish.all_fins
    core = fish.cells & ~fins
    cannibal = ""
    if fish.cannibal:
        cannibal = f" ({_names(board, fish.cannibal)} would fill two of those units at once)"
    if not fins:
        explanation = (
            f"{name} on {sym} in {base_text} ({cover_text}): {sym} must go in {count} of these "
            f"{core.bit_count()} cells, one in each of {cover_text}, so {_names(board, fish.elims)} "
            f"lose{'s' if one else ''} {sym}{cannibal}"
        )
    else:
        parts = []
        if fish.fins:
            parts.append(f"fin{'s' if fish.fins.bit_count() > 1 else ''} {_names(board, fish.fins)}")
        if fish.endo:
            plural = "s" if fish.endo.bit_count() > 1 else ""
            parts.append(f"endo fin{plural} {_names(board, fish.endo)} (in two base units)")
        every = "the fin" if fins.bit_count() == 1 else "every fin"
        explanation = (
            f"{name} on {sym} in {base_text} ({cover_text}) with {' and '.join(parts)}: unless a fin "
            f"holds {sym}, {sym} goes in {count} of the other base cells, one in each of {cover_text}; "
            f"{_names(board, fish.elims)} {'lies' if one else 'lie'} in those units and "
            f"{'sees' if one else 'see'} {every}, so {'it loses' if one else 'they lose'} {sym} "
            f"either way{cannibal}"
        )
    return Step(
        key,
        (fish.digit,),
        tuple(_bits(fish.cells)),
        tuple(board.houses[u].name for u in (*fish.base, *fish.cover)),
        eliminations=elims,
        explanation=explanation,
        extra={
            "base": [board.houses[u].name for u in fish.base],
            "cover": [board.houses[u].name for u in fish.cover],
            "fins": [board.name(c) for c in _bits(fish.fins)],
            "endo_fins": [board.name(c) for c in _bits(fish.endo)],
            "cannibalistic": [board.name(c) for c in _bits(fish.cannibal)],
        },
    )


# ------------------------------------------------------------------------------------ siamese


def _first_elim(fish: Fish) -> int:
    """The cell HoDoKu lists first among a fish's eliminations (plain ones before cannibalistic)."""
    mask = (fish.elims & ~fish.cannibal) or fish.cannibal
    return (mask & -mask).bit_length() - 1


def siamese(board: Board, fishes: Iterable[Fish]) -> Iterator[tuple[Fish, Fish]]:
    """Pairs of fish on one symbol and the same base units that remove different candidates.

    Such fish differ only in their cover units and fins; both hold, so their eliminations combine
    into one step.  As in HoDoKu, the fish of each base set pair up in cover order, and a pair
    counts only when the first elimination of each differs.
    """
    geo = _geometry(board.layout)
    rank = {u: i for i, u in enumerate(geo.units)}
    groups: dict[tuple[int, tuple[int, ...]], list[Fish]] = {}
    for fish in fishes:
        groups.setdefault((fish.digit, tuple(sorted(fish.base, key=rank.__getitem__))), []).append(fish)
    for group in groups.values():
        group.sort(key=lambda f: sorted(rank[u] for u in f.cover))
        for i, first in enumerate(group):
            for second in group[i + 1 :]:
                if _first_elim(first) != _first_elim(second):
                    yield first, second


def siamese_step(board: Board, first: Fish, second: Fish, key: str) -> Step:
    """One step for two siamese fish: both explanations, the eliminations of both."""
    one = fish_step(board, first, key)
    two = fish_step(board, second, key)
    return Step(
        key,
        one.digits,
        tuple(sorted(set(one.cells) | set(two.cells))),
        tuple(dict.fromkeys(one.units + two.units)),
        eliminations=tuple(sorted(set(one.eliminations) | set(two.eliminations))),
        explanation=f"Siamese fish, two on the same base units: {one.explanation}; and {two.explanation}",
        extra={"siamese": True, "fish": [one.extra, two.extra]},
    )


# ------------------------------------------------------------------------------------ finders


def _basic_finder(size: int) -> Finder:
    key = SIZE_KEYS[size]

    def find(board: Board) -> Iterator[Step]:
        for fish in basic_fish(board, size, False):
            yield fish_step(board, fish, key)

    find.__name__ = key
    find.__doc__ = f"{SIZE_NAMES[size]}: {size} rows against {size} columns, or the reverse."
    return find


def _finned_basic_finder(size: int, sashimi: bool) -> Finder:
    key = f"{'sashimi' if sashimi else 'finned'}_{SIZE_KEYS[size]}"

    def find(board: Board) -> Iterator[Step]:
        fishes = basic_fish(board, size, True)
        if SIAMESE in board.flags:
            for first, second in siamese(board, fishes):
                if first.sashimi == sashimi:
                    yield siamese_step(board, first, second, key)
            return
        for fish in fishes:
            if fish.sashimi == sashimi:
                yield fish_step(board, fish, key)

    find.__name__ = key
    find.__doc__ = (
        f"{'Sashimi' if sashimi else 'Finned'} {SIZE_NAMES[size]}: a basic fish with fins in a block."
    )
    return find


def _any_finder(family: str, size: int, finned: bool) -> Finder:
    key = f"{'finned_' if finned else ''}{family}_{SIZE_KEYS[size]}"
    search = franken_fish if family == "franken" else mutant_fish

    def find(board: Board) -> Iterator[Step]:
        fishes = search(board, size, finned)
        if finned and SIAMESE in board.flags:
            for first, second in siamese(board, fishes):
                yield siamese_step(board, first, second, key)
            return
        for fish in fishes:
            yield fish_step(board, fish, key)

    find.__name__ = key
    units = "lines and blocks" if family == "franken" else "any units"
    find.__doc__ = f"{TECHNIQUES[key].name}: {units} as base and cover."
    return find


_SIZES = range(2, MAX_SIZE + 1)

FINDERS: tuple[tuple[tuple[str, ...], Finder], ...] = (
    *(((SIZE_KEYS[s],), _basic_finder(s)) for s in _SIZES),
    *(
        ((f"{kind}_{SIZE_KEYS[s]}",), _finned_basic_finder(s, kind == "sashimi"))
        for s in _SIZES
        for kind in ("finned", "sashimi")
    ),
    *(
        ((f"{fin}{family}_{SIZE_KEYS[s]}",), _any_finder(family, s, bool(fin)))
        for family in ("franken", "mutant")
        for fin in ("", "finned_")
        for s in _SIZES
    ),
)
"""(technique keys, finder) pairs of this module, collected by :mod:`sudokit.logic.techniques`."""

REGLIB_FLAGS: dict[str, frozenset[str]] = {
    f"{family}{size}1-": frozenset({SIAMESE}) for family in ("031", "032", "034", "036") for size in range(6)
}
"""HoDoKu's siamese fish cases (finned code + ``1``, as ``03111``) turn on :data:`SIAMESE`.  The
regression script must look flags up by the full code for them to take effect."""
