"""Innies and outies: the sums killer cages and complete houses imply together (the "45 rule").

Every complete house (a row, column, box or region holding each symbol once) adds up to the sum of
the symbols' values, and so does any union of disjoint houses.  Where killer cages cover most of
such an area, what they leave inside it (innies), less what they reach outside it (outies), adds up
to the area's total less the cages' sums.  The core is given these derived sums beside the cages:
they imply nothing the puzzle does not say, but a short one pins down cells that otherwise only a
search finds (a setter's first deduction in most killers).
"""

from __future__ import annotations

from collections.abc import Iterable

from sudokit.model import Grid, Sum

SHORTEST_USEFUL = 1
LONGEST = 6
"""Derived sums longer than this are dropped: a long one adds little over the cages' own propagation
and costs a look at each change (4 to 6 measured best on setters' killers, benchmarks/README.md)."""


def house_sums(grid: Grid) -> list[Sum]:
    """The innie/outie sums of a grid with killer cages (none when it has none, or they overlap)."""
    cages = [cage for cage in grid.cages if cage.total is not None]
    if not cages:
        return []
    owner: dict[int, int] = {}
    for k, cage in enumerate(cages):
        for c in cage.cells:
            if c in owner:
                return []  # overlapping cages: the areas' arithmetic does not hold
            owner[c] = k
    whole = sum(grid.values)
    found: dict[tuple[tuple[int, ...], tuple[int, ...], int], Sum] = {}
    for area, houses in _areas(grid):
        total = whole * houses
        touched = {owner[c] for c in area if c in owner}
        inside = [k for k in touched if all(c in area for c in cages[k].cells)]
        for chosen in (inside, sorted(touched)):
            covered = {c for k in chosen for c in cages[k].cells}
            innies = sorted(c for c in area if c not in covered)
            outies = sorted(c for c in covered if c not in area)
            size = len(innies) + len(outies)
            if not SHORTEST_USEFUL <= size <= LONGEST:
                continue
            rest = total - sum(cages[k].total or 0 for k in chosen)
            cells = (*innies, *outies)
            factors = (1,) * len(innies) + (-1,) * len(outies)
            found.setdefault((cells, factors, rest), Sum(cells, rest, factors, "innies"))
    return list(found.values())


def _areas(grid: Grid) -> Iterable[tuple[frozenset[int], int]]:
    """Areas that are unions of disjoint complete houses, with how many.

    Each house, and the runs of neighbouring rows and of neighbouring columns (a band, four rows, ...).
    """
    complete = [u for u in grid.houses if len(u.cells) == grid.size]
    for unit in complete:
        yield frozenset(unit.cells), 1
    for kind in ("row", "column"):
        axis = 0 if kind == "row" else 1
        lines = sorted((u for u in complete if u.kind == kind), key=lambda u: grid.cells[u.cells[0]][axis])
        if len(lines) != grid.size or grid.size < 3:
            continue
        for first in range(len(lines)):
            cells: set[int] = set(lines[first].cells)
            for last in range(first + 1, min(first + grid.size - 1, len(lines))):
                cells |= set(lines[last].cells)
                yield frozenset(cells), last - first + 1
