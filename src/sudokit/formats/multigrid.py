"""The text form of multi-grid puzzles (samurai and its kin): the whole frame, one character a cell.

A samurai is 21 lines of 21 characters; positions that are no cell hold a space or ``-``, empty
cells ``.`` or ``0``.  The layout is recognised from the shape of the holes: a named one (samurai,
sohei, windmill, ...) first, else any layout of overlapping 9x9 grids the shape makes in one way
only (gattai-8, sumo, shogun, ...; :func:`sudokit.variants.corners_from_shape`).  ``variant=`` names
it outright, which a butterfly (no holes) or a flower (its centre grid lies inside the others) needs.
Written the same way, with ``-`` for holes.
"""

from __future__ import annotations

from sudokit.errors import GridError, ParseError
from sudokit.model import BLANKS, EMPTY, Cell, Grid, Puzzle
from sudokit.variants import MULTI_GRID_LAYOUTS, corners_from_shape, multi_grid, named_multi_grid

FRAME_HEIGHTS = frozenset(max(top for top, _ in corners) + 9 for corners in MULTI_GRID_LAYOUTS.values())
"""The number of lines of the standard frames (a quick test before any layout is compared)."""

HOLES = frozenset(" -")
"""Characters that mark a position of the frame that is no cell."""


def _frame(text: str) -> list[tuple[int, str]]:
    """The frame's lines with their line numbers: no blank or comment lines, right-padded later."""
    lines = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            lines.append((lineno, line.rstrip("\r\n")))
    return lines


def _holes_fit(rows: list[str], grid: Grid) -> bool:
    """Whether every hole of the grid's frame is a hole character in the text, and no cell a space."""
    if len(rows) != grid.rows or any(len(row) > grid.cols for row in rows):
        return False
    present = set(grid.cells)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.ljust(grid.cols)):
            if (r, c) in present:
                if ch == " ":
                    return False
            elif ch not in HOLES:
                return False
    return True


def detect_layout(text: str) -> str | None:
    """The standard layout whose holes the text's frame has (the one with most holes), or None."""
    rows = [line for _, line in _frame(text)]
    if len(rows) not in FRAME_HEIGHTS or max(len(row) for row in rows) < 12:
        return None
    fitting = []
    for name in MULTI_GRID_LAYOUTS:
        grid = named_multi_grid(name)
        holes = grid.rows * grid.cols - len(grid.cells)
        if holes and _holes_fit(rows, grid):
            fitting.append((holes, name))
    return max(fitting)[1] if fitting else None


def detect_corners(text: str) -> list[Cell] | None:
    """The corners of the 9x9 grids an unnamed frame's shape is made of, or None when it is no frame.

    The text must have holes (``-`` or spaces) and only digits and blanks elsewhere; GridError (from
    :func:`~sudokit.variants.corners_from_shape`) when its shape is ambiguous.
    """
    rows = [line.rstrip() for _, line in _frame(text)]
    if len(rows) < 12 or max(len(row) for row in rows) < 12 or len(rows) > 200:
        return None
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch not in HOLES]
    width = max(len(row) for row in rows)
    if len(cells) == len(rows) * width or any(
        rows[r][c] not in BLANKS and not rows[r][c].isdigit() for r, c in cells
    ):
        return None
    return corners_from_shape(cells)


def frame_layout(text: str) -> tuple[str | None, list[Cell] | None]:
    """A frame's layout: a standard name, or the corners of its grids, or (None, None) for no frame.

    The exact shape (every ``-`` and space a hole) decides first; only when it is no union of grids,
    or an ambiguous one, is ``-`` also taken as a blank cell of a named layout (as some files write
    a samurai's empty cells).
    """
    try:
        corners = detect_corners(text)
    except GridError:
        corners = None
    if corners is not None:
        named = next((k for k, v in MULTI_GRID_LAYOUTS.items() if sorted(v) == corners), None)
        return (named, None) if named else (None, corners)
    return detect_layout(text), None


def _given(grid: Grid, ch: str, lineno: int, column: int) -> int:
    """The symbol index a character of a cell stands for (EMPTY for a blank); ParseError if neither."""
    if ch in BLANKS:
        return EMPTY
    if ch not in grid.symbol_index:
        raise ParseError(f"{ch!r} is not a symbol (1-9) or a blank", lineno, column)
    return grid.symbol_index[ch]


def parse_multigrid(text: str, variant: str | None = None) -> Puzzle:
    """A multi-grid puzzle from its frame text; ``variant`` names the layout, else it is detected."""
    name, corners = (variant, None) if variant else frame_layout(text)
    if name is not None:
        grid = named_multi_grid(name)
    elif corners is not None:
        grid = multi_grid(corners, 9, (3, 3))
        name = f"{len(corners)}-grid"
    else:
        try:
            detect_corners(text)
        except GridError as exc:
            raise ParseError(f"{exc} (name the layout with --variant)") from None
        raise ParseError("the text is not a samurai-style frame (name the layout with --variant)")
    lines = _frame(text)
    if len(lines) != grid.rows:
        raise ParseError(f"a {name} frame has {grid.rows} lines, this text {len(lines)}")
    present = set(grid.cells)
    givens = [EMPTY] * len(grid.cells)
    for r, (lineno, line) in enumerate(lines):
        if len(line.rstrip()) > grid.cols:
            raise ParseError(f"a {name} line has at most {grid.cols} characters", lineno, grid.cols + 1)
        for c, ch in enumerate(line.ljust(grid.cols)):
            if (r, c) not in present:
                if ch not in HOLES:
                    raise ParseError(f"{ch!r} stands where a {name} has no cell", lineno, c + 1)
                continue
            givens[grid.index[(r, c)]] = _given(grid, ch, lineno, c + 1)
    return Puzzle(grid, tuple(givens))


def parse_subgrids(text: str, variant: str) -> Puzzle | None:
    """A multi-grid given as one 81-character line per 9x9 grid, in the layout's order, or None.

    Grids that share cells must agree on their givens there; a disagreement is a ParseError naming
    both grids and the cell.
    """
    lines = [(n, line.strip()) for n, line in _frame(text)]
    corners = MULTI_GRID_LAYOUTS[variant]
    if len(lines) != len(corners) or any(len(line) != 81 for _, line in lines):
        return None
    grid = named_multi_grid(variant)
    givens = [EMPTY] * len(grid.cells)
    source: dict[int, int] = {}
    for k, ((lineno, line), (top, left)) in enumerate(zip(lines, corners, strict=True), 1):
        for i, ch in enumerate(line):
            value = _given(grid, ch, lineno, i + 1)
            if value == EMPTY:
                continue
            r, c = top + i // 9, left + i % 9
            index = grid.index[(r, c)]
            if givens[index] not in (EMPTY, value):
                raise ParseError(
                    f"grids {source[index]} and {k} disagree at r{r + 1}c{c + 1}: "
                    f"{grid.symbols[givens[index]]} against {ch}",
                    lineno,
                    i + 1,
                )
            givens[index] = value
            source[index] = k
    return Puzzle(grid, tuple(givens))


def format_frame(grid: Grid, values: tuple[int, ...] | list[int], hole: str = "-", blank: str = ".") -> str:
    """The frame text of a grid with holes: one line per row, ``hole`` where there is no cell."""
    rows = [[hole] * grid.cols for _ in range(grid.rows)]
    for (r, c), v in zip(grid.cells, values, strict=True):
        rows[r][c] = blank if v == EMPTY else grid.symbols[v]
    return "\n".join("".join(row) for row in rows) + "\n"
