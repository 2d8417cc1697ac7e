"""Text rendering for terminals: grids with box separators and pencil-mark (candidate) grids."""

from __future__ import annotations

from collections.abc import Sequence

from sudokit.model import EMPTY, Grid, Puzzle


def _box_breaks(grid: Grid) -> tuple[set[int], set[int]]:
    """Row and column indexes before which a box separator is drawn."""
    if grid.box is None:
        return set(), set()
    box_rows, box_cols = grid.box
    return set(range(box_rows, grid.rows, box_rows)), set(range(box_cols, grid.cols, box_cols))


def _layout(grid: Grid, texts: Sequence[Sequence[str]], width: int, gap: str) -> str:
    """Lay out per-position texts (rows x cols, '' where no cell) with box separators."""
    row_breaks, col_breaks = _box_breaks(grid)
    lines = []
    separator = None
    if row_breaks:
        groups = []
        current = 0
        for c in range(grid.cols):
            if c in col_breaks:
                groups.append(current)
                current = 0
            current += 1
        groups.append(current)
        cross = "-" * len(gap) + "+" + "-" * len(gap)
        separator = cross.join("-" * (k * width + (k - 1) * len(gap)) for k in groups)
    for r in range(grid.rows):
        if r in row_breaks and separator:
            lines.append(separator)
        parts = []
        for c in range(grid.cols):
            if c in col_breaks:
                parts.append("|")
            parts.append(texts[r][c].ljust(width))
        lines.append(gap.join(parts).rstrip())
    return "\n".join(lines)


def pretty(grid: Grid, values: Sequence[int], blank: str = ".") -> str:
    """A grid of symbols (``values`` per cell, EMPTY shown as ``blank``) with box separators."""
    width = max(len(s) for s in grid.symbols)
    texts = [[""] * grid.cols for _ in range(grid.rows)]
    for (r, c), v in zip(grid.cells, values, strict=True):
        texts[r][c] = blank if v == EMPTY else grid.symbols[v]
    return _layout(grid, texts, width, " ")


def candidate_grid(grid: Grid, masks: Sequence[int]) -> str:
    """A pencil-mark grid: every cell shows its candidate symbols, all columns equally wide."""
    texts = [[""] * grid.cols for _ in range(grid.rows)]
    joiner = "" if all(len(s) == 1 for s in grid.symbols) else ","
    for (r, c), mask in zip(grid.cells, masks, strict=True):
        texts[r][c] = joiner.join(s for k, s in enumerate(grid.symbols) if mask >> k & 1) or "-"
    width = max(len(t) for row in texts for t in row)
    return _layout(grid, texts, width, "  ")


def pencil_marks(puzzle: Puzzle) -> str:
    """The puzzle's candidate grid after removing the givens' symbols from their units."""
    return candidate_grid(puzzle.grid, puzzle.candidates())
