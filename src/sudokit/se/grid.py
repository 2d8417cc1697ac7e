"""The 9x9 pencil-mark grid Sudoku Explainer's rules read, in its own orders.

Sudoku Explainer (SE) finds the first hint of its rules in a fixed order, and which hint comes
first decides the path and so the rating.  This grid keeps SE's orders: regions are listed blocks,
then rows, then columns (:data:`REGION_KINDS`), the cells of a block in reading order, of a row by
column, of a column by row; cells are numbered ``row * 9 + column``.  Candidates are bitmasks with
bit ``v`` set for value ``v`` (1 to 9).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

try:
    from sudokit import _engine
except ImportError:  # pragma: no cover - the core is built with the package
    _engine = None  # type: ignore[assignment]

BLOCK, ROW, COLUMN = 0, 1, 2
REGION_KINDS = (BLOCK, ROW, COLUMN)
"""SE's order of region types: blocks, rows, columns."""

ALL = 0b11_1111_1110
"""Every value 1 to 9 as a candidate mask."""


def _region_cells(kind: int, index: int) -> tuple[int, ...]:
    if kind == BLOCK:
        top, left = index // 3 * 3, index % 3 * 3
        return tuple((top + i // 3) * 9 + left + i % 3 for i in range(9))
    if kind == ROW:
        return tuple(index * 9 + i for i in range(9))
    return tuple(i * 9 + index for i in range(9))


REGIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_region_cells(kind, i) for i in range(9)) for kind in REGION_KINDS
)
"""``REGIONS[kind][index]``: the cells of a region in SE's order of its positions."""

REGION_OF: tuple[tuple[int, int, int], ...] = tuple(
    ((c // 9) // 3 * 3 + (c % 9) // 3, c // 9, c % 9) for c in range(81)
)
"""For each cell, the index of its block, row and column."""

POSITION_IN: tuple[tuple[int, int, int], ...] = tuple(
    (((c // 9) % 3) * 3 + (c % 9) % 3, c % 9, c // 9) for c in range(81)
)
"""For each cell, its position in its block, row and column."""

HOUSE_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(dict.fromkeys(x for kind in REGION_KINDS for x in REGIONS[kind][REGION_OF[c][kind]] if x != c))
    for c in range(81)
)
"""For each cell, the other cells of its block, row and column, in SE's order (block first)."""

PEERS: tuple[frozenset[int], ...] = tuple(frozenset(h) for h in HOUSE_CELLS)

BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(v for v in range(1, 10) if m >> v & 1) for m in range(1 << 10)
)
"""The values of each candidate mask, lowest first."""

COUNT: tuple[int, ...] = tuple(len(b) for b in BITS)


def cell_name(cell: int) -> str:
    """``r3c5``."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


@dataclass(slots=True)
class Grid:
    """Placed values (0 for empty) and candidate masks of the 81 cells."""

    values: list[int]
    cand: list[int]

    @classmethod
    def from_values(cls, values: Sequence[int]) -> Grid:
        """The grid of ``values`` (0 empty), candidates rebuilt from the placed values as SE does."""
        if _engine is not None:
            return cls(list(values), _engine.se_candidates(values))
        grid = cls(list(values), [0] * 81)
        used = [[0] * 9 for _ in REGION_KINDS]  # the values each block, row and column holds
        for c, v in enumerate(grid.values):
            if v:
                bit = 1 << v
                for kind, index in enumerate(REGION_OF[c]):
                    used[kind][index] |= bit
        for c, v in enumerate(grid.values):
            if not v:
                b, r, col = REGION_OF[c]
                grid.cand[c] = ALL & ~(used[BLOCK][b] | used[ROW][r] | used[COLUMN][col])
        return grid

    def copy(self) -> Grid:
        """An independent copy."""
        return Grid(self.values[:], self.cand[:])

    def place(self, cell: int, value: int) -> None:
        """Set a value and remove it from the candidates of the cell's houses (SE's setValueAndCancel)."""
        self.values[cell] = value
        self.cand[cell] = 0
        bit = ~(1 << value)
        for x in HOUSE_CELLS[cell]:
            self.cand[x] &= bit

    def positions(self, kind: int, index: int, value: int) -> int:
        """The positions (bitmask over 0..8) of ``value`` among the candidates of a region."""
        bit = 1 << value
        cand = self.cand
        mask = 0
        for i, c in enumerate(REGIONS[kind][index]):
            if cand[c] & bit:
                mask |= 1 << i
        return mask

    def all_positions(self) -> list[list[list[int]]]:
        """``[kind][index][value]``: :meth:`positions` of every region and value, in one pass."""
        cand = self.cand
        table = []
        for regions in REGIONS:
            per_kind = []
            for region in regions:
                pos = [0] * 10
                for i, c in enumerate(region):
                    for v in BITS[cand[c]]:
                        pos[v] |= 1 << i
                per_kind.append(pos)
            table.append(per_kind)
        return table

    def empty_count(self, kind: int, index: int) -> int:
        """How many cells of a region have no value."""
        return sum(1 for c in REGIONS[kind][index] if not self.values[c])

    def occurrences(self, value: int) -> int:
        """How many cells hold ``value``."""
        return self.values.count(value)

    def solved(self) -> bool:
        """Every cell has a value."""
        return 0 not in self.values
