"""A deliberately simple reference solution counter for the tests (plain backtracking, no sudokit code).

Slow, but obviously right: it fills empty cells in row-major order with every symbol that does not
clash with a peer, and counts complete grids.  Used on 4x4 and 6x6 puzzles, where that is quick.
"""

from __future__ import annotations

from tests.checker import classic_units


def count_classic(puzzle: list[int], n: int, box: tuple[int, int], limit: int | None = None) -> int:
    """Count the completions of a puzzle (symbol index per cell, -1 empty) of a classic n x n grid."""
    units = classic_units(n, *box)
    peers: list[set[int]] = [set() for _ in range(n * n)]
    for unit in units:
        for c in unit:
            peers[c].update(unit)
    for c in range(n * n):
        peers[c].discard(c)
    grid = list(puzzle)
    for c, v in enumerate(grid):
        if v >= 0 and any(grid[p] == v for p in peers[c]):
            return 0
    empty = [c for c in range(n * n) if grid[c] < 0]
    count = 0

    def fill(k: int) -> bool:
        nonlocal count
        if k == len(empty):
            count += 1
            return limit is not None and count >= limit
        c = empty[k]
        used = {grid[p] for p in peers[c]}
        for v in range(n):
            if v not in used:
                grid[c] = v
                if fill(k + 1):
                    return True
        grid[c] = -1
        return False

    fill(0)
    return count
