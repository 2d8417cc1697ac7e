"""Text rendering for terminals: grids with box separators and pencil-mark (candidate) grids."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sudokit.model import EMPTY, Grid, Puzzle, cell_name

if TYPE_CHECKING:  # the registry is loaded by what draws constraints, not by plain grids
    from sudokit.constraints.base import Constraint


def _box_breaks(grid: Grid) -> tuple[set[int], set[int]]:
    """Row and column indexes before which a box separator is drawn."""
    if grid.box is None:
        return set(), set()
    box_rows, box_cols = grid.box
    return set(range(box_rows, grid.rows, box_rows)), set(range(box_cols, grid.cols, box_cols))


def _layout(grid: Grid, texts: Sequence[Sequence[str]], width: int, gap: str) -> str:
    """Lay out per-position texts (rows x cols, '' where no cell) with box separators.

    Separators are drawn only beside cells, so frames with holes (samurai) keep their shape.
    """
    row_breaks, col_breaks = _box_breaks(grid)
    present = set(grid.cells)

    def near(r: int, cols: Sequence[int], rows: Sequence[int]) -> bool:
        return any((rr, cc) in present for rr in rows for cc in cols)

    lines = []
    for r in range(grid.rows):
        if r in row_breaks:
            parts = []
            for c in range(grid.cols):
                if c in col_breaks:
                    parts.append("+" if near(r, (c - 1, c), (r - 1, r)) else " ")
                dash = near(r, (c,), (r - 1, r))
                parts.append(("-" if dash else " ") * width)
            pieces = []
            for k, part in enumerate(parts):
                if k:
                    left, right = parts[k - 1][-1:], part[:1]
                    joined = left in ("-", "+") and right in ("-", "+")
                    pieces.append(("-" if joined else " ") * len(gap))
                pieces.append(part)
            lines.append("".join(pieces).rstrip())
        parts = []
        for c in range(grid.cols):
            if c in col_breaks:
                parts.append("|" if near(r, (c - 1, c), (r,)) else " ")
            parts.append(texts[r][c].ljust(width))
        lines.append(gap.join(parts).rstrip())
    return "\n".join(lines)


def _regions(grid: Grid) -> dict[tuple[int, int], int] | None:
    """Each cell's irregular region, when the grid's region units cover every cell once; else None."""
    owner: dict[tuple[int, int], int] = {}
    for k, unit in enumerate(u for u in grid.units if u.kind == "region"):
        for c in unit.cells:
            if grid.cells[c] in owner:
                return None
            owner[grid.cells[c]] = k
    return owner if owner and len(owner) == len(grid.cells) else None


def _region_layout(
    grid: Grid, texts: Sequence[Sequence[str]], width: int, owner: dict[tuple[int, int], int]
) -> str:
    """Texts with borders between cells of different regions: '|' across a row, '-' between rows."""

    def differs(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return owner.get(a) != owner.get(b)

    lines = []
    for r in range(grid.rows):
        if r:
            parts = []
            for c in range(grid.cols):
                if c:
                    up, down = differs((r - 1, c - 1), (r - 1, c)), differs((r, c - 1), (r, c))
                    left, right = differs((r - 1, c - 1), (r, c - 1)), differs((r - 1, c), (r, c))
                    parts.append(
                        "+"
                        if (up or down) and (left or right)
                        else "|"
                        if up or down
                        else "-"
                        if left and right
                        else " "
                    )
                parts.append(("-" if differs((r - 1, c), (r, c)) else " ") * width)
            lines.append(parts[0] + "".join(_spaced(parts)))
        row = []
        for c in range(grid.cols):
            if c:
                row.append("|" if differs((r, c - 1), (r, c)) else " ")
            row.append(texts[r][c].ljust(width))
        lines.append(" ".join(row).rstrip())
    return "\n".join(line.rstrip() for line in lines)


def _spaced(parts: Sequence[str]) -> list[str]:
    """The pieces after the first, each with the link before it: a space, or a dash joining dashes."""
    out = []
    previous = parts[0]
    for part in parts[1:]:
        link = "-" if previous[-1:] in ("-", "+") and part[:1] in ("-", "+") else " "
        out.append(link + part)
        previous = part
    return out


def pretty(grid: Grid, values: Sequence[int], blank: str = ".") -> str:
    """A grid of symbols (``values`` per cell, EMPTY shown as ``blank``) with box or region borders.

    Killer cages are listed below the grid, one line each: their cells and sum; then every other
    constraint placed on cells (thermometers, dots, arrows, outside clues, ...) as players name it.
    Rules on the whole grid (diagonals, anti-knight, ...) are not listed: the description names them.
    """
    width = max(len(s) for s in grid.symbols)
    texts = [[""] * grid.cols for _ in range(grid.rows)]
    for (r, c), v in zip(grid.cells, values, strict=True):
        texts[r][c] = blank if v == EMPTY else grid.symbols[v]
    owner = _regions(grid) if grid.box is None else None
    text = _region_layout(grid, texts, width, owner) if owner else _layout(grid, texts, width, " ")
    lines = [_constraint_line(grid, c) for c in grid.constraints if c.family != "global"]
    if lines:
        text += "\n" + "\n".join(lines)
    return text


def _constraint_line(grid: Grid, constraint: Constraint) -> str:
    """One line below the grid: a cage's cells and sum, any other constraint as players name it."""
    from sudokit.constraints.cages.killer import Killer

    if isinstance(constraint, Killer):
        cells = " ".join(cell_name(c) for c in constraint.members)
        return f"cage {cells}" + (f" = {constraint.total}" if constraint.total is not None else "")
    return constraint.describe(grid).removeprefix("the ")


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
