"""Sudoku Explainer's rules before the chains: singles, intersections, subsets, fish and wings.

Each rule is a function from a :class:`~sudokit.se.grid.Grid` to its hints in the order SE finds
them (the order decides which hint a rating takes).  Difficulties are SE's: hidden single 1.0
(last cell of a region), 1.2 (block) or 1.5 (row, column); direct pointing 1.7, direct claiming
1.9; direct hidden pair 2.0, triplet 2.5; naked single 2.3; pointing 2.6, claiming 2.8; naked pair
3.0; X-Wing 3.2; hidden pair 3.4; naked triplet 3.6; swordfish 3.8; hidden triplet 4.0; XY-Wing
4.2; XYZ-Wing 4.4; naked quad 5.0; jellyfish 5.2; hidden quad 5.4.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations

from sudokit.se.grid import (
    BITS,
    BLOCK,
    COLUMN,
    COUNT,
    HOUSE_CELLS,
    PEERS,
    POSITION_IN,
    REGION_KINDS,
    REGION_OF,
    REGIONS,
    ROW,
    Grid,
)


@dataclass(slots=True)
class Hint:
    """One hint: what it removes, what it places (``cell`` -1: nothing), its name and difficulty."""

    name: str
    difficulty: float
    removals: dict[int, int]
    """Cell -> mask of values removed."""
    cell: int = -1
    value: int = 0
    complexity: int = 0
    """Chains: SE's complexity (distinct candidates the chains go through), which breaks ties."""
    sort_key: int = 0
    extra: dict[str, object] = field(default_factory=dict)

    def apply(self, grid: Grid) -> None:
        """Remove the candidates, then place the value (if any), as SE applies a hint."""
        for cell, mask in self.removals.items():
            grid.cand[cell] &= ~mask
        if self.cell >= 0:
            grid.place(self.cell, self.value)


Rule = Callable[[Grid], Iterator[Hint]]

_KIND_ORDER = (BLOCK, COLUMN, ROW)
"""The region order of SE's single and subset rules: blocks, columns, rows."""


def colex(k: int, n: int = 9) -> list[tuple[int, ...]]:
    """The k-subsets of range(n) in the order of their bitmasks (SE's ``Permutations``)."""
    return sorted(combinations(range(n), k), key=lambda c: sum(1 << i for i in c))


_COLEX = {k: colex(k) for k in (2, 3, 4)}


def _common(masks: list[int], degree: int) -> int:
    """SE's ``searchCommonTuple``: the masks' union when each has two bits or more and it has ``degree``."""
    union = 0
    for m in masks:
        if (m & (m - 1)) == 0:  # fewer than two bits
            return 0
        union |= m
    return union if union.bit_count() == degree else 0


def hidden_singles(grid: Grid) -> Iterator[Hint]:
    """Hidden singles: a region's last empty cell first (1.0), then blocks (1.2), columns and rows (1.5)."""
    table = grid.all_positions()
    for alone in (True, False):
        for kind in _KIND_ORDER:
            for index in range(9):
                region = REGIONS[kind][index]
                empty = grid.empty_count(kind, index)
                if alone and empty != 1:
                    continue
                for value in range(1, 10):
                    positions = table[kind][index][value]
                    if positions and not positions & (positions - 1) and (empty == 1) == alone:
                        cell = region[positions.bit_length() - 1]
                        difficulty = 1.0 if alone else 1.2 if kind == BLOCK else 1.5
                        yield Hint("Hidden Single", difficulty, {}, cell, value)


Parents = Callable[[Grid, Grid], list[tuple[int, int]]]
"""For a rule's hint inside a dynamic chain: given the grid before the chain and the grid now, the
candidates (cell, value) whose removal by the chain made the hint (SE's ``getRuleParents``)."""

BITS_POS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(9) if m >> i & 1) for m in range(1 << 9))
"""The positions of each position mask (0..8)."""


def _locking_parents(regions: list[tuple[int, int]], value: int) -> Parents:
    """Intersections and fish: the value's places gone from the first regions, outside the second ones."""

    def parents(initial: Grid, now: Grid) -> list[tuple[int, int]]:
        covered = {c for kind, index in regions[1::2] for c in REGIONS[kind][index]}
        bit = 1 << value
        return [
            (c, value)
            for kind, index in regions[0::2]
            for c in REGIONS[kind][index]
            if initial.cand[c] & bit and not now.cand[c] & bit and c not in covered
        ]

    return parents


def _hidden_parents(kind: int, index: int, values: list[int]) -> Parents:
    """A hidden set: the set's values gone from the region's other cells."""

    def parents(initial: Grid, now: Grid) -> list[tuple[int, int]]:
        mine = 0
        for v in values:
            mine |= now.positions(kind, index, v)
        return [
            (c, v)
            for i, c in enumerate(REGIONS[kind][index])
            if not mine >> i & 1
            for v in values
            if initial.cand[c] >> v & 1
        ]

    return parents


def _naked_parents(cells: list[int], values: int) -> Parents:
    """A naked set: the other values gone from its cells."""

    def parents(initial: Grid, now: Grid) -> list[tuple[int, int]]:
        return [(c, v) for c in cells for v in BITS[initial.cand[c] & ~values]]

    return parents


def naked_singles(grid: Grid) -> Iterator[Hint]:
    """Naked singles (2.3), row by row."""
    for c in range(81):
        m = grid.cand[c]
        if m and not m & (m - 1):
            yield Hint("Naked Single", 2.3, {}, c, m.bit_length() - 1)


_LOCKING_PAIRS = ((BLOCK, COLUMN), (BLOCK, ROW), (COLUMN, BLOCK), (ROW, BLOCK))


def _crossing(kind1: int, i1: int, kind2: int, i2: int) -> bool:
    return bool(set(REGIONS[kind1][i1]) & set(REGIONS[kind2][i2]))


def locking(direct: bool) -> Rule:
    """Pointing and claiming (2.6, 2.8); direct: only when a hidden single follows (1.7, 1.9)."""

    def find(grid: Grid) -> Iterator[Hint]:
        cand = grid.cand
        for kind1, kind2 in _LOCKING_PAIRS:
            for i1 in range(9):
                region1 = REGIONS[kind1][i1]
                set1 = set(region1)
                for i2 in range(9):
                    if not _crossing(kind1, i1, kind2, i2):
                        continue
                    region2 = REGIONS[kind2][i2]
                    set2 = set(region2)
                    for value in range(1, 10):
                        bit = 1 << value
                        cells = [c for c in region1 if cand[c] & bit]
                        if len(cells) <= 1 or any(c not in set2 for c in cells):
                            continue
                        removals = {c: bit for c in region2 if c not in set1 and cand[c] & bit}
                        if not direct:
                            if removals:
                                yield Hint(
                                    "Pointing" if kind1 == BLOCK else "Claiming",
                                    2.6 if kind1 == BLOCK else 2.8,
                                    removals,
                                    extra={"parents": _locking_parents([(kind1, i1), (kind2, i2)], value)},
                                )
                            continue
                        for i3 in range(9):
                            if i3 == i1 or not _crossing(kind1, i3, kind2, i2):
                                continue
                            region3 = REGIONS[kind1][i3]
                            places = [c for c in region3 if cand[c] & bit]
                            if len(places) <= 1:
                                continue
                            left = [c for c in places if c not in set2]
                            if len(left) == 1:  # a direct hint only places (SE removes nothing)
                                yield Hint(
                                    "Direct Pointing" if kind1 == BLOCK else "Direct Claiming",
                                    1.7 if kind1 == BLOCK else 1.9,
                                    {},
                                    left[0],
                                    value,
                                )

    return find


_HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}
_DIRECT_HIDDEN = {2: 2.0, 3: 2.5, 4: 4.3}
_NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
_SET_NAMES = {2: "Pair", 3: "Triplet", 4: "Quad"}


def hidden_set(degree: int, direct: bool) -> Rule:
    """Hidden pairs, triplets, quads; direct: only when a hidden single in the region follows."""

    def find(grid: Grid) -> Iterator[Hint]:
        cand = grid.cand
        table = grid.all_positions()
        for kind in _KIND_ORDER:
            for index in range(9):
                empty = grid.empty_count(kind, index)
                if not (empty > degree * 2 or (direct and empty > degree)):
                    continue
                region = REGIONS[kind][index]
                positions = table[kind][index]
                for combo in _COLEX[degree]:
                    values = [v + 1 for v in combo]
                    common = _common([positions[v] for v in values], degree)
                    if not common:
                        continue
                    value_set = sum(1 << v for v in values)
                    removals = {}
                    for i, c in enumerate(region):
                        if common >> i & 1 and cand[c] & ~value_set:
                            removals[c] = cand[c] & ~value_set
                    if not direct:
                        if removals:
                            yield Hint(
                                f"Hidden {_SET_NAMES[degree]}",
                                _HIDDEN[degree],
                                removals,
                                extra={"parents": _hidden_parents(kind, index, values)},
                            )
                        continue
                    for value in range(1, 10):
                        if value_set >> value & 1:
                            continue
                        places = positions[value]
                        if places & (places - 1):
                            rest = places & ~common
                            if rest and not rest & (rest - 1):
                                cell = region[rest.bit_length() - 1]
                                yield Hint(  # a direct hint only places (SE removes nothing)
                                    f"Direct Hidden {_SET_NAMES[degree]}",
                                    _DIRECT_HIDDEN[degree],
                                    {},
                                    cell,
                                    value,
                                )
                                break  # SE makes one hint per set: the first value that follows

    return find


def naked_set(degree: int) -> Rule:
    """Naked pairs, triplets, quads in a region."""

    def find(grid: Grid) -> Iterator[Hint]:
        cand = grid.cand
        for kind in _KIND_ORDER:
            for index in range(9):
                if grid.empty_count(kind, index) < degree * 2:
                    continue
                region = REGIONS[kind][index]
                for combo in _COLEX[degree]:
                    cells = [region[i] for i in combo]
                    common = _common([cand[c] for c in cells], degree)
                    if not common:
                        continue
                    removals = {c: cand[c] & common for c in region if c not in cells and cand[c] & common}
                    if removals:
                        yield Hint(
                            f"Naked {_SET_NAMES[degree]}",
                            _NAKED[degree],
                            removals,
                            extra={"parents": _naked_parents(cells, common)},
                        )

    return find


_FISH = {2: ("X-Wing", 3.2), 3: ("Swordfish", 3.8), 4: ("Jellyfish", 5.2)}


def fish(degree: int) -> Rule:
    """X-Wing, Swordfish, Jellyfish: columns as base first, then rows."""
    name, difficulty = _FISH[degree]

    def find(grid: Grid) -> Iterator[Hint]:
        cand = grid.cand
        occurrences = [grid.occurrences(v) for v in range(10)]
        table = grid.all_positions()
        for base, cover in ((COLUMN, ROW), (ROW, COLUMN)):
            for combo in _COLEX[degree]:
                base_set = sum(1 << i for i in combo)
                for value in range(1, 10):
                    if occurrences[value] + degree * 2 > 9:
                        continue
                    common = _common([table[base][i][value] for i in combo], degree)
                    if not common:
                        continue
                    bit = 1 << value
                    removals = {}
                    for j in range(9):
                        if common >> j & 1:
                            for i, c in enumerate(REGIONS[cover][j]):
                                if cand[c] & bit and not base_set >> i & 1:
                                    removals[c] = bit
                    if removals:
                        regions = [
                            r
                            for i, j in zip(combo, BITS_POS[common], strict=True)
                            for r in ((base, i), (cover, j))
                        ]
                        yield Hint(
                            name, difficulty, removals, extra={"parents": _locking_parents(regions, value)}
                        )

    return find


def xy_wing(xyz: bool) -> Rule:
    """XY-Wing (4.2) and XYZ-Wing (4.4)."""
    size = 3 if xyz else 2

    def find(grid: Grid) -> Iterator[Hint]:
        cand = grid.cand
        for xy in range(81):
            xy_values = cand[xy]
            if COUNT[xy_values] != size:
                continue
            for xz in HOUSE_CELLS[xy]:
                xz_values = cand[xz]
                if COUNT[xz_values] != 2 or COUNT[xy_values & ~xz_values] != 1:
                    continue
                for yz in HOUSE_CELLS[xy]:
                    yz_values = cand[yz]
                    if COUNT[yz_values] != 2:
                        continue
                    union = xy_values | xz_values | yz_values
                    inter = xy_values & xz_values & yz_values
                    if COUNT[union] != 3 or COUNT[inter] != (1 if xyz else 0):
                        continue
                    z = BITS[xz_values & yz_values][0]
                    victims = [c for c in HOUSE_CELLS[xz] if c in PEERS[yz]]
                    if xyz:
                        victims = [c for c in victims if c in PEERS[xy]]
                    bit = 1 << z
                    removals = {c: bit for c in victims if c not in (xy, xz, yz) and cand[c] & bit}
                    if removals:
                        yield Hint("XYZ-Wing" if xyz else "XY-Wing", 4.4 if xyz else 4.2, removals)

    return find


def _excluders(grid: Grid, degree: int) -> dict[int, list[int]]:
    """For each cell of two candidates or more, the cells that can exclude with it (SE's aligned exclusion).

    Cells of its houses with 2 to ``degree`` candidates (pairs only for the pair exclusion);
    a cell that sees a naked single has none.
    """
    cand = grid.cand
    found: dict[int, list[int]] = {}
    for cell in range(81):
        if COUNT[cand[cell]] < 2:
            continue
        single = False
        excluding = []
        for x in HOUSE_CELLS[cell]:
            n = COUNT[cand[x]]
            if n == 1:
                single = True
            elif 2 <= n <= degree:
                excluding.append(x)
        if not single and excluding:
            found[cell] = excluding
    return found


def _aligned_removals(grid: Grid, cells: list[int], excluders: list[int]) -> dict[int, int]:
    """The values of ``cells`` that no allowed combination uses.

    Two equal values in cells that see each other, or values that leave a common excluder empty,
    are not allowed.
    """
    cand = grid.cand
    options = [BITS[cand[c]] for c in cells]
    allowed = [0] * len(cells)
    pairs = [
        (i, j) for i in range(len(cells)) for j in range(i + 1, len(cells)) if cells[j] in PEERS[cells[i]]
    ]

    def walk(i: int, chosen: list[int]) -> None:
        if i == len(cells):
            if any(chosen[a] == chosen[b] for a, b in pairs):
                return
            mask = 0
            for v in chosen:  # a value chosen twice (cells apart) counts once
                mask |= 1 << v
            if any(not cand[x] & ~mask for x in excluders):
                return
            for k, v in enumerate(chosen):
                allowed[k] |= 1 << v
            return
        for v in options[i]:
            chosen.append(v)
            walk(i + 1, chosen)
            chosen.pop()

    walk(0, [])
    return {c: cand[c] & ~allowed[k] for k, c in enumerate(cells) if cand[c] & ~allowed[k]}


try:
    from sudokit import _engine
except ImportError:  # pragma: no cover - the core is built with the package
    _engine = None  # type: ignore[assignment]


def _compiled_aligned(grid: Grid, degree: int) -> Iterator[Hint] | None:
    """The compiled aligned exclusion's first hint (as an iterator), or None without the core."""
    if _engine is None:
        return None
    found = _engine.se_aligned_hint(grid.values, grid.cand, degree)
    name = "Aligned Pair Exclusion" if degree == 2 else "Aligned Triplet Exclusion"
    return iter([Hint(name, 6.2 if degree == 2 else 7.5, dict(found))] if found else [])


def aligned_pair_exclusion(grid: Grid, compiled: bool = True) -> Iterator[Hint]:
    """Aligned pair exclusion (6.2); ``compiled``: the core's first hint (Python: the reference)."""
    found = _compiled_aligned(grid, 2) if compiled else None
    if found is not None:
        yield from found
        return
    excluders = _excluders(grid, 2)
    listed = list(excluders)
    for i, j in colex(2, len(listed)):
        a, b = listed[i], listed[j]
        common = [x for x in excluders[a] if x in set(excluders[b])]
        if len(common) >= 2:
            removals = _aligned_removals(grid, [a, b], common)
            if removals:
                yield Hint("Aligned Pair Exclusion", 6.2, removals)


def aligned_triplet_exclusion(grid: Grid, compiled: bool = True) -> Iterator[Hint]:
    """Aligned triplet exclusion (7.5); ``compiled``: the core's first hint (Python: the reference)."""
    found = _compiled_aligned(grid, 3) if compiled else None
    if found is not None:
        yield from found
        return
    excluders = _excluders(grid, 3)
    listed = list(excluders)
    if len(listed) < 3:
        return
    for i, j in colex(2, len(listed)):
        a, b = listed[i], listed[j]
        twins = [x for x in dict.fromkeys(excluders[a] + excluders[b]) if x in excluders and x not in (a, b)]
        for tail in twins:
            cells = [a, b, tail]
            common = [x for x in excluders[a] if x in set(excluders[b]) and x in set(excluders[tail])]
            if len(common) >= 2:
                removals = _aligned_removals(grid, cells, common)
                if removals:
                    yield Hint("Aligned Triplet Exclusion", 7.5, removals)


def bivalue_universal_grave(grid: Grid) -> Iterator[Hint]:
    """BUG types 1 to 4 (5.6 to 6.1): all but a few cells of two candidates, each value twice a region."""
    cand = grid.cand
    temp = cand[:]
    bug_cells: list[int] = []
    bug_values: dict[int, int] = {}
    all_values = 0
    common: list[int] | None = None
    for kind in REGION_KINDS:
        for index in range(9):
            region = REGIONS[kind][index]
            for value in range(1, 10):
                places = [c for c in region if cand[c] >> value & 1]
                if len(places) in (0, 2):
                    continue
                new = [c for c in places if COUNT[cand[c]] >= 3]
                if len(new) == 1:
                    cell = new[0]
                    if cell not in bug_cells:
                        bug_cells.append(cell)
                    bug_values[cell] = bug_values.get(cell, 0) | 1 << value
                    all_values |= 1 << value
                    temp[cell] &= ~(1 << value)
                    if common is None:
                        common = list(HOUSE_CELLS[cell])
                    else:
                        common = [x for x in common if x in PEERS[cell]]
                    common = [x for x in common if x not in bug_cells]
                    if len(bug_cells) > 1 and COUNT[all_values] > 1 and not common:
                        return
                if not new:
                    return
    if any(not grid.values[c] and COUNT[temp[c]] != 2 for c in range(81)):
        return
    for kind in REGION_KINDS:
        for index in range(9):
            region = REGIONS[kind][index]
            for value in range(1, 10):
                if sum(1 for c in region if temp[c] >> value & 1) not in (0, 2):
                    return
    if len(bug_cells) == 1:
        cell = bug_cells[0]
        if cand[cell] & ~all_values:
            yield Hint("BUG type 1", 5.6, {cell: cand[cell] & ~all_values})
    elif COUNT[all_values] == 1:
        value = BITS[all_values][0]
        if common:
            removals = {c: 1 << value for c in common if cand[c] >> value & 1}
            if removals:
                yield Hint("BUG type 2", 5.7, removals)
        if len(bug_cells) == 2:
            yield from _bug4(grid, bug_cells, bug_values, all_values)
    elif common:
        if len(bug_cells) == 2:
            yield from _bug4(grid, bug_cells, bug_values, all_values)
        yield from _bug3(grid, bug_cells, all_values, common)


def _shared_region(cells: list[int], kind: int) -> int:
    """The index of the region of ``kind`` holding every cell, or -1."""
    indexes = {REGION_OF[c][kind] for c in cells}
    return indexes.pop() if len(indexes) == 1 else -1


def _bug4(grid: Grid, bug_cells: list[int], bug_values: dict[int, int], all_values: int) -> Iterator[Hint]:
    cand = grid.cand
    c1, c2 = bug_cells
    shared = cand[c1] & cand[c2] & ~all_values
    if COUNT[shared] != 1:
        return
    for kind in REGION_KINDS:
        if _shared_region(bug_cells, kind) >= 0:
            removals = {
                c1: cand[c1] & ~bug_values[c1] & ~shared,
                c2: cand[c2] & ~bug_values[c2] & ~shared,
            }
            removals = {c: m for c, m in removals.items() if m}
            if removals:
                yield Hint("BUG type 4", 5.7, removals)


def _bug3(grid: Grid, bug_cells: list[int], all_values: int, common: list[int]) -> Iterator[Hint]:
    cand = grid.cand
    for kind in REGION_KINDS:
        region = _shared_region(bug_cells, kind)
        if region < 0:
            continue
        region_cells = [c for c in common if REGION_OF[c][kind] == region]
        for degree in range(2, 7):
            if len(region_cells) < degree:
                continue
            for combo in colex(degree - 1, len(region_cells)):
                naked = [region_cells[i] for i in combo]
                other = 0
                for c in naked:
                    other |= cand[c]
                if COUNT[other] != degree:
                    continue
                naked_set = _common([cand[c] for c in naked] + [all_values], degree)
                if not naked_set:
                    continue
                erasable = [c for c in region_cells if c not in naked and c not in bug_cells]
                removals = {c: cand[c] & naked_set for c in erasable if cand[c] & naked_set}
                if removals:
                    yield Hint("BUG type 3", 5.7 + (COUNT[naked_set] - 1) * 0.1, removals)


def _loop_base(loop: list[int]) -> float:
    """A unique loop's difficulty before its type's increment: 4.5, more for longer loops."""
    result = 4.5
    if len(loop) >= 10:
        result += 0.3
    if len(loop) >= 8:
        result += 0.2
    elif len(loop) >= 6:
        result += 0.1
    return result


def _find_loops(grid: Grid, start: int, v1: int, v2: int) -> list[list[int]]:
    """SE's search for unique loops through ``start`` on the values v1, v2 (at most two extra cells)."""
    cand = grid.cand
    both = 1 << v1 | 1 << v2
    results: list[list[int]] = []
    loop: list[int] = []

    def walk(cell: int, allowed: int, extra: int, last_kind: int) -> None:
        loop.append(cell)
        for kind in REGION_KINDS:
            if kind == last_kind:
                continue
            for nxt in REGIONS[kind][REGION_OF[cell][kind]]:
                if nxt == loop[0] and len(loop) >= 4:
                    results.append(loop[:])
                elif nxt not in loop and cand[nxt] & both == both:
                    extra |= cand[nxt] & ~both  # SE keeps these across the cells it tries here
                    n = COUNT[cand[nxt]]
                    if n == 2 or COUNT[extra] == 1 or allowed > 0:
                        walk(nxt, allowed - 1 if n > 2 else allowed, extra, kind)
        loop.pop()

    walk(start, 2, 0, -1)
    return results


def _valid_loop(loop: list[int]) -> bool:
    """Each region is entered on an odd step as often as on an even one (a deadly pattern)."""
    odd_seen: set[tuple[int, int]] = set()
    even_seen: set[tuple[int, int]] = set()
    odd = False
    for cell in loop:
        for kind in REGION_KINDS:
            region = (kind, REGION_OF[cell][kind])
            seen = odd_seen if odd else even_seen
            if region in seen:
                return False
            seen.add(region)
        odd = not odd
    return odd_seen == even_seen


def unique_loops(grid: Grid) -> Iterator[Hint]:
    """Unique rectangles and loops, types 1 to 4 (4.5 and up), easiest first."""
    cand = grid.cand
    found: list[tuple[Hint, int, frozenset[int]]] = []

    def add(hint: Hint | None, kind: int, loop: list[int]) -> None:
        if hint is None or not hint.removals:
            return
        key = frozenset(loop)
        if any(k == kind and len(loop) == len(cells) and cells == key for _, k, cells in found):
            return
        found.append((hint, kind, key))

    for cell in range(81):
        if COUNT[cand[cell]] != 2:
            continue
        v1, v2 = BITS[cand[cell]]
        both = 1 << v1 | 1 << v2
        for loop in _find_loops(grid, cell, v1, v2):
            if not _valid_loop(loop):
                continue
            base = _loop_base(loop)
            extra_cells = [c for c in loop if COUNT[cand[c]] > 2]
            if len(extra_cells) == 1:
                add(Hint("Unique Loop type 1", base, {extra_cells[0]: both}), 1, loop)
            elif len(extra_cells) > 2:
                add(_loop_type2(grid, loop, extra_cells, both, base), 2, loop)
            elif len(extra_cells) == 2:
                r1, r2 = extra_cells
                rest = (cand[r1] | cand[r2]) & ~both
                if COUNT[rest] == 1:
                    add(_loop_type2(grid, loop, extra_cells, both, base), 2, loop)
                elif COUNT[rest] >= 2:
                    for hint, kind in _loop_type3(grid, loop, r1, r2, v1, v2, base):
                        add(hint, kind, loop)
                add(_loop_type4(grid, r1, r2, v1, v2, base), 4, loop)
    found.sort(key=lambda item: (item[0].difficulty, item[1] if item[1] != 5 else 3))
    for hint, _, _ in found:
        yield hint


def _loop_type2(grid: Grid, loop: list[int], extra_cells: list[int], both: int, base: float) -> Hint:
    cand = grid.cand
    value = BITS[cand[extra_cells[0]] & ~both][0]
    common = list(HOUSE_CELLS[extra_cells[0]])
    for c in extra_cells[1:]:
        common = [x for x in common if x in PEERS[c]]
    removals = {c: 1 << value for c in common if c not in extra_cells and cand[c] >> value & 1}
    return Hint("Unique Loop type 2", base, removals)


def _loop_type3(
    grid: Grid, loop: list[int], c1: int, c2: int, v1: int, v2: int, base: float
) -> Iterator[tuple[Hint, int]]:
    """Type 3: the two extra cells with a naked (kind 3) or hidden (kind 5) set of their region."""
    cand = grid.cand
    extra = (cand[c1] | cand[c2]) & ~(1 << v1 | 1 << v2)
    for degree in range(COUNT[extra], 8):
        for kind in REGION_KINDS:
            if REGION_OF[c1][kind] != REGION_OF[c2][kind]:
                continue
            index = REGION_OF[c1][kind]
            region = REGIONS[kind][index]
            empty = grid.empty_count(kind, index)
            i1, i2 = POSITION_IN[c1][kind], POSITION_IN[c2][kind]
            if degree * 2 <= empty:
                for combo in _COLEX.get(degree) or colex(degree):
                    if i1 not in combo or i2 in combo:
                        continue
                    naked = extra & cand[c1] & cand[c2]
                    masks = []
                    others = []
                    for i in combo:
                        if i == i1:
                            masks.append(extra)
                        else:
                            masks.append(cand[region[i]])
                            naked |= cand[region[i]]
                            others.append(region[i])
                    if COUNT[naked] != degree:
                        continue
                    common = _common(masks, degree)
                    if not common:
                        continue
                    removals = {
                        c: cand[c] & common
                        for c in region
                        if c not in others and c not in (c1, c2) and cand[c] & common
                    }
                    yield Hint("Unique Loop type 3", base + (COUNT[common] - 1) * 0.1, removals), 3
            if degree * 2 < empty:
                rest = [v for v in range(1, 10) if v not in (v1, v2) and not extra >> v & 1]
                if degree - 2 <= len(rest) and degree >= 2:
                    for combo in colex(degree - 2, len(rest)) if degree > 2 else [()]:
                        values = [rest[i] for i in combo] + [v1, v2]
                        positions = [grid.positions(kind, index, v) & ~(1 << i2) for v in values]
                        union = 0
                        if any(p == 0 for p in positions):
                            continue
                        for p in positions:
                            union |= p
                        if union.bit_count() != degree:
                            continue
                        hidden = sum(1 << v for v in values)
                        places = union & ~(1 << i1) & ~(1 << i2)
                        removals = {}
                        for i in range(9):
                            if places >> i & 1:
                                c = region[i]
                                if c not in (c1, c2) and cand[c] & ~hidden:
                                    removals[c] = cand[c] & ~hidden
                        yield (
                            Hint("Unique Loop type 3", base + (places.bit_count() - 1) * 0.1, removals),
                            5,
                        )


def _loop_type4(grid: Grid, c1: int, c2: int, v1: int, v2: int, base: float) -> Hint | None:
    cand = grid.cand
    r1 = r2 = False
    for kind in REGION_KINDS:
        if REGION_OF[c1][kind] != REGION_OF[c2][kind]:
            continue
        region = REGIONS[kind][REGION_OF[c1][kind]]
        others = [c for c in region if c not in (c1, c2)]
        if not any(cand[c] >> v1 & 1 for c in others):
            r1 = True
        if not any(cand[c] >> v2 & 1 for c in others):
            r2 = True
    if r1:
        return Hint("Unique Loop type 4", base, {c1: 1 << v2, c2: 1 << v2})
    if r2:
        return Hint("Unique Loop type 4", base, {c1: 1 << v1, c2: 1 << v1})
    return None
