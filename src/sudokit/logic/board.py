"""The pencil-mark state that human-style techniques read and steps change.

A :class:`Board` is built over the shared model (:class:`~sudokit.model.Grid`): its cells, its units
and its symbols.  Candidates are bitmasks of symbol indexes, one per cell; a placed cell has no
candidates left.  Every technique works on this one structure, so a technique written once works on
every grid size and on variants wherever its reasoning holds.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from sudokit.model import EMPTY, Grid, Puzzle, cell_name

_T = TypeVar("_T")

_TABLE_BITS = 10
BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d in range(_TABLE_BITS) if m >> d & 1) for m in range(1 << _TABLE_BITS)
)
"""For every mask below 1024, the indexes of its set bits (a lookup for symbol masks)."""


def bits(mask: int) -> tuple[int, ...]:
    """Indexes of the set bits of ``mask`` (symbols or cells), lowest first."""
    if mask < 1 << _TABLE_BITS:
        return BITS[mask]
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def digits_of(mask: int) -> list[int]:
    """The symbol indexes whose bits are set in ``mask``, lowest first."""
    return list(bits(mask))


def forbidden_by(digit: int, distances: int, n: int) -> int:
    """The symbols a relation forbids next to ``digit``: those at a distance in ``distances``.

    ``distances`` is a bitmask of symbol distances (bit 1: consecutive symbols, as in
    non-consecutive); the result is a symbol mask within the ``n`` symbols.
    """
    forbidden = 0
    for dist in bits(distances):
        if digit + dist < n:
            forbidden |= 1 << (digit + dist)
        if digit - dist >= 0:
            forbidden |= 1 << (digit - dist)
    return forbidden


@dataclass(frozen=True, slots=True)
class House:
    """A unit that holds every symbol exactly once (as many cells as symbols)."""

    index: int
    name: str
    kind: str
    """``row``, ``column``, ``box``, ``region`` or ``extra`` (diagonal, window, ...)."""
    cells: tuple[int, ...]
    cell_set: frozenset[int]


@dataclass(frozen=True, slots=True)
class Layout:
    """What a board needs from a grid, computed once per grid and shared by all its boards."""

    grid: Grid
    houses: tuple[House, ...]
    groups: tuple[tuple[int, ...], ...]
    """Every all-different unit, full or not (partial units only allow naked reasoning)."""
    cell_houses: tuple[tuple[int, ...], ...]
    peers: tuple[frozenset[int], ...]
    """Cells that may not share a symbol with a cell: unit peers and distance-0 relations."""
    relations: tuple[tuple[tuple[int, int], ...], ...]
    """For each cell, (other cell, forbidden-distance mask) of its non-equality relations."""
    names: tuple[str, ...]
    classic: bool
    """Rows, columns and boxes (or regions) and nothing else: uniqueness patterns may be used."""
    peer_mask: tuple[int, ...]
    """:attr:`peers` as cell bitmasks."""
    house_mask: tuple[int, ...]
    """The cells of each house as a cell bitmask."""
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Per-layout tables a technique family builds once (see :meth:`cached`)."""

    def cached(self, key: str, build: Callable[[Layout], _T]) -> _T:
        """The table ``key`` of this layout, built by ``build(layout)`` the first time."""
        try:
            return cast(_T, self.derived[key])
        except KeyError:
            value = self.derived[key] = build(self)
            return value

    @property
    def rows(self) -> list[House]:
        """The row houses."""
        return [h for h in self.houses if h.kind == "row"]

    @property
    def columns(self) -> list[House]:
        """The column houses."""
        return [h for h in self.houses if h.kind == "column"]

    @property
    def blocks(self) -> list[House]:
        """The box or jigsaw-region houses."""
        return [h for h in self.houses if h.kind in ("box", "region")]


@functools.lru_cache(maxsize=32)
def layout_of(grid: Grid) -> Layout:
    """The :class:`Layout` of a grid (cached: grids are immutable and hashable).

    SolverError for a grid with unknowns beside the digits (shading, roles): the logic engine's
    techniques are about digits, and a step that ignored a rule would be wrong.
    """
    if grid.unknowns or grid.either:
        from sudokit.errors import SolverError

        names = sorted({type(c).noun for c in grid.constraints if c.unknowns(grid) or c.enforce(grid).either})
        raise SolverError(
            f"the logic engine does not reason about {', '.join(names)} yet "
            "(rules with unknowns beside the digits, or of the form 'A or B'); solve, count and check work"
        )
    n = len(grid.symbols)
    houses: list[House] = []
    seen: set[frozenset[int]] = set()
    for unit in grid.units:
        cells = frozenset(unit.cells)
        if len(unit.cells) == n and cells not in seen:
            seen.add(cells)
            houses.append(House(len(houses), unit.name, unit.kind, tuple(sorted(unit.cells)), cells))
    for cage in grid.cages:  # a cage of as many cells as symbols holds each once: a house
        cells = frozenset(cage.cells)
        if len(cage.cells) == n and cells not in seen:
            seen.add(cells)
            houses.append(House(len(houses), cage.name(grid), "extra", tuple(sorted(cage.cells)), cells))
    cell_houses: list[list[int]] = [[] for _ in grid.cells]
    for house in houses:
        for c in house.cells:
            cell_houses[c].append(house.index)
    peers = [set(p) for p in grid.peers]
    relations: list[list[tuple[int, int]]] = [[] for _ in grid.cells]
    for relation in grid.relations:
        a, b = relation.cells
        if 0 in relation.distances:
            peers[a].add(b)
            peers[b].add(a)
        rest = relation.mask & ~1
        if rest:
            relations[a].append((b, rest))
            relations[b].append((a, rest))
    for cage in grid.cages:
        for c in cage.cells:
            peers[c].update(x for x in cage.cells if x != c)
    kinds = {h.kind for h in houses}
    classic = (
        not grid.relations
        and not grid.cages
        and not grid.links
        and not grid.sums
        and not grid.line_rules
        and kinds <= {"row", "column", "box", "region"}
        and all(len(u.cells) == n for u in grid.units)
    )
    return Layout(
        grid=grid,
        houses=tuple(houses),
        groups=tuple(tuple(u.cells) for u in grid.units) + tuple(tuple(c.cells) for c in grid.cages),
        cell_houses=tuple(tuple(h) for h in cell_houses),
        peers=tuple(frozenset(p) for p in peers),
        relations=tuple(tuple(r) for r in relations),
        names=tuple(cell_name(cell) for cell in grid.cells),
        classic=classic,
        peer_mask=tuple(sum(1 << p for p in ps) for ps in peers),
        house_mask=tuple(sum(1 << c for c in h.cells) for h in houses),
    )


class Board:
    """Placed symbols and pencil marks of one puzzle, changed in place by steps.

    ``cand[c]`` is the candidate bitmask of cell ``c`` (0 once the cell is placed) and ``value[c]``
    its symbol index or ``EMPTY``.  ``flags`` are technique options (for example
    ``"als-overlap"``); an empty set means the defaults.
    """

    __slots__ = ("cand", "determined", "flags", "given", "layout", "n", "unique", "value")

    def __init__(
        self,
        layout: Layout,
        value: list[int],
        cand: list[int],
        given: Sequence[bool] | None = None,
        unique: bool = False,
    ) -> None:
        self.layout = layout
        self.n = len(layout.grid.symbols)
        self.value = value
        self.cand = cand
        self.given = tuple(given) if given is not None else tuple(v != EMPTY for v in value)
        self.unique = unique
        """True when the puzzle is known to have exactly one solution (uniqueness techniques)."""
        self.determined = True
        """False when some rules of the puzzle were not read: its solutions are the rules read's."""
        self.flags: frozenset[str] = frozenset()

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle, unique: bool = False) -> Board:
        """Pencil marks of a puzzle: every candidate not excluded by a given in the same unit."""
        layout = layout_of(puzzle.grid)
        value = list(puzzle.givens)
        cand = list(puzzle.domains())
        board = cls(layout, [EMPTY] * len(value), cand, [v != EMPTY for v in value], unique)
        board.determined = puzzle.determined
        for c, v in enumerate(value):
            if v != EMPTY:
                board.place(c, v)
        return board

    def copy(self) -> Board:
        """An independent copy (the layout is shared)."""
        other = Board(self.layout, self.value[:], self.cand[:], self.given, self.unique)
        other.flags, other.determined = self.flags, self.determined
        return other

    # ------------------------------------------------------------------------------------ changes

    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell`` and remove it from the cell's peers (and related cells)."""
        self.value[cell] = digit
        self.cand[cell] = 0
        cand = self.cand
        clear = ~(1 << digit)
        for p in self.layout.peers[cell]:
            cand[p] &= clear
        for other, distances in self.layout.relations[cell]:
            cand[other] &= ~forbidden_by(digit, distances, self.n)

    def eliminate(self, cell: int, digit: int) -> None:
        """Remove one candidate."""
        self.cand[cell] &= ~(1 << digit)

    def delete(self, cells_digits: Iterable[tuple[int, int]]) -> None:
        """Remove several candidates."""
        for cell, digit in cells_digits:
            self.cand[cell] &= ~(1 << digit)

    # ------------------------------------------------------------------------------------ reading

    @property
    def grid(self) -> Grid:
        """The puzzle type."""
        return self.layout.grid

    @property
    def houses(self) -> tuple[House, ...]:
        """The full units (every symbol once)."""
        return self.layout.houses

    def empty_cells(self) -> list[int]:
        """Cells not yet placed."""
        return [c for c, v in enumerate(self.value) if v == EMPTY]

    def solved(self) -> bool:
        """True when every cell is placed."""
        return EMPTY not in self.value

    def places(self, house: House) -> list[list[int]]:
        """For each symbol, the cells of ``house`` that still hold it (one pass over the house)."""
        out: list[list[int]] = [[] for _ in range(self.n)]
        cand = self.cand
        for c in house.cells:
            m = cand[c]
            if m:
                for d in bits(m):
                    out[d].append(c)
        return out

    def digit_cells(self) -> list[int]:
        """For each symbol, the bitmask of the cells that still hold it as a candidate."""
        masks = [0] * self.n
        for c, m in enumerate(self.cand):
            for d in bits(m):
                masks[d] |= 1 << c
        return masks

    def name(self, cell: int) -> str:
        """``r3c2``-style name of a cell."""
        return self.layout.names[cell]

    def cells_text(self, cells: Iterable[int]) -> str:
        """Names of several cells, joined with commas."""
        return ", ".join(self.layout.names[c] for c in cells)

    def sym(self, digit: int) -> str:
        """The symbol text of a symbol index."""
        return self.layout.grid.symbols[digit]

    def syms(self, digits: Iterable[int]) -> str:
        """Several symbols joined with '/', as players write them (``4/7``)."""
        return "/".join(self.layout.grid.symbols[d] for d in digits)

    def contradiction(self) -> bool:
        """True when an empty cell has no candidate or a house has lost a symbol entirely."""
        value, cand = self.value, self.cand
        for c, v in enumerate(value):
            if v == EMPTY and not cand[c]:
                return True
        for house in self.layout.houses:
            seen = 0
            for c in house.cells:
                seen |= cand[c] | (1 << value[c] if value[c] != EMPTY else 0)
            if seen != (1 << self.n) - 1:
                return True
        return False


@dataclass(frozen=True, slots=True)
class PairRules:
    """The variant rules' weak links between two cells, and each pair's rule by name.

    ``links[c]``: (other cell, for each symbol of ``c`` the mask of the other's symbols it forbids).
    """

    links: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    names: dict[tuple[int, int], str]


def pair_rules(layout: Layout) -> PairRules | None:
    """The weak links of a layout's pairwise rules (links and non-equality relations), or None."""
    return layout.cached("pair-rules", _build_pair_rules)


def _build_pair_rules(layout: Layout) -> PairRules | None:
    """Build :func:`pair_rules`'s table (once per layout)."""
    grid = layout.grid
    if (not grid.links and not layout.relations) or (not any(layout.relations) and not grid.links):
        return None
    n = len(grid.symbols)
    full = (1 << n) - 1
    per_cell: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in grid.cells]
    names: dict[tuple[int, int], str] = {}
    for relation in grid.relations:
        rest = relation.mask & ~1  # distance 0 makes the cells peers already
        if not rest:
            continue
        a, b = relation.cells
        forbid = tuple(forbidden_by(d, rest, n) for d in range(n))
        per_cell[a].append((b, forbid))
        per_cell[b].append((a, forbid))
        name = f"the {relation.kind} rule on {layout.names[a]} and {layout.names[b]}"
        names.setdefault((a, b), name)
        names.setdefault((b, a), name)
    values = grid.values
    for link in grid.links:
        a, b = link.cells
        table = link.table(values)  # for each symbol of a, the symbols of b that fit
        per_cell[a].append((b, tuple(full & ~table[d] for d in range(n))))
        per_cell[b].append(
            (a, tuple(sum(1 << x for x in range(n) if not table[x] >> d & 1) for d in range(n)))
        )
        name = f"the {link.kind} {layout.names[a]}-{layout.names[b]}"
        names.setdefault((a, b), name)
        names.setdefault((b, a), name)
    _add_farther_steps(grid, layout, per_cell, names)
    return PairRules(tuple(tuple(links) for links in per_cell), names)


def _add_farther_steps(
    grid: Grid,
    layout: Layout,
    per_cell: list[list[tuple[int, tuple[int, ...]]]],
    names: dict[tuple[int, int], str],
) -> None:
    """Strict "less" links chain: on a thermometer r1c1 < r1c2 < r1c3, also r1c1 < r1c3.

    The cells farther along hold bigger values (so different digits): a pair rule for each, which
    lets chains and nets see the whole thermometer at once, not only its neighbouring cells.
    """
    after: dict[int, list[int]] = {}
    kind: dict[int, str] = {}
    for link in grid.links:
        if link.rule == "less" and not link.negated:
            a, b = link.cells
            after.setdefault(a, []).append(b)
            kind.setdefault(a, link.kind)
    if not after:
        return
    values = grid.values
    n = len(values)
    # a value at the near end forbids every value not above it at the far end, and the other way round
    up = tuple(sum(1 << y for y in range(n) if values[y] <= values[d]) for d in range(n))
    down = tuple(sum(1 << x for x in range(n) if values[x] >= values[d]) for d in range(n))
    direct = {(a, b) for a, bs in after.items() for b in bs}
    for start in after:
        seen: set[int] = set()
        todo = list(after[start])
        while todo:
            cell = todo.pop()
            if cell in seen or cell == start:
                continue
            seen.add(cell)
            todo.extend(after.get(cell, ()))
        for far in sorted(seen):
            if (start, far) in direct:
                continue
            per_cell[start].append((far, up))
            per_cell[far].append((start, down))
            name = f"the {kind[start]} from {layout.names[start]} to {layout.names[far]}"
            names.setdefault((start, far), name)
            names.setdefault((far, start), name)
