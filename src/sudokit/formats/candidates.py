"""Puzzles given by their candidates (sukaku, pencil-mark puzzles), in the two forms people share.

* ``candidates``: one line of n*n*n characters, n per cell; in a cell's n characters, position k
  holds the k-th symbol when the cell may hold it, ``.`` or ``0`` when not (the 729-character line
  of 9x9 sukaku).
* ``pencilmarks``: the grid of each cell's candidates, one row per line, cells separated by spaces,
  box separators (``|``, ``-`` and ``+`` lines) allowed; a cell with one candidate is a given.
  HoDoKu's step markup (``*``, ``#``, ``@`` before a cell, ``-`` before a candidate) is skipped.

Both read into a :class:`~sudokit.model.Puzzle` whose ``allowed`` masks hold the candidates.
"""

from __future__ import annotations

import re

from sudokit.errors import FormatError
from sudokit.model import EMPTY, Grid, Puzzle, default_symbols
from sudokit.render import candidate_grid

_BORDER = re.compile(r"^[\s\-+=*|.:]*$")
SIZES = (4, 6, 8, 9)
"""Grid sizes read in these forms (one-character digit alphabets)."""


def _grid(n: int) -> Grid:
    return Grid.classic(n, symbols=default_symbols(n))


def read_candidate_line(text: str, sizes: tuple[int, ...] = (9,)) -> Puzzle | None:
    """The puzzle of a candidate line (see the module), or None when the text is not one.

    Only the 729-character 9x9 line is recognised unless ``sizes`` allows others: 64 characters
    could as well be an 8x8 one-line puzzle.  A line in which some cell has no candidate is not one.
    """
    line = text.strip()
    n = next((k for k in sizes if k**3 == len(line)), None)
    if n is None:
        return None
    symbols = default_symbols(n)
    masks = []
    for start in range(0, len(line), n):
        mask = 0
        for k, ch in enumerate(line[start : start + n]):
            if ch == symbols[k]:
                mask |= 1 << k
            elif ch not in ".0":
                return None
        masks.append(mask)
    if any(m == 0 for m in masks):
        return None
    return Puzzle(_grid(n), (EMPTY,) * (n * n), tuple(masks))


def _unmarked(token: str) -> str:
    """A cell's candidates without HoDoKu's step markup.

    The markup is ``*`` (a cell of the step), ``#`` (a fin) or ``@`` (an endo-fin) before the
    candidates, and ``-`` before a candidate the step deletes (it is still a candidate).  A token that
    is all markup stays as it is, so it is refused as before.
    """
    cleaned = token.lstrip("*#@").replace("-", "")
    return cleaned or token


def _rows(text: str) -> list[tuple[int, list[str]]]:
    rows = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#") or (_BORDER.match(line) and "." not in line):
            continue
        rows.append((lineno, [_unmarked(t) for t in line.replace("|", " ").split()]))
    return rows


def read_pencil_marks(text: str) -> Puzzle | None:
    """The puzzle of a pencil-mark grid (see the module), or None when the text is not one."""
    rows = _rows(text)
    n = len(rows)
    if n not in SIZES or any(len(cells) != n for _, cells in rows):
        return None
    symbols = default_symbols(n)
    tokens = [cell for _, cells in rows for cell in cells]
    if all(len(t) == 1 for t in tokens):
        return None  # a plain grid of givens
    givens = []
    masks = []
    for _, cells in rows:
        for token in cells:
            if any(ch not in symbols for ch in token) or list(token) != sorted(set(token), key=symbols.index):
                return None
            mask = sum(1 << symbols.index(ch) for ch in token)
            masks.append(mask)
            givens.append(symbols.index(token) if len(token) == 1 else EMPTY)
    grid = _grid(n)
    return Puzzle(grid, tuple(givens), tuple(masks))


def _masks(puzzle: Puzzle) -> list[int]:
    grid = puzzle.grid
    if not grid.is_rectangular or grid.rows != grid.size or any(len(s) != 1 for s in grid.symbols):
        raise FormatError("candidate forms hold square grids with one-character symbols")
    allowed = puzzle.allowed or (grid.full_mask,) * len(grid.cells)
    return [allowed[i] if g == EMPTY else 1 << g for i, g in enumerate(puzzle.givens)]


def format_candidate_line(puzzle: Puzzle) -> str:
    """The candidate line of a puzzle: n characters per cell, ``.`` for a symbol the cell may not hold."""
    symbols = puzzle.grid.symbols
    return (
        "".join(
            "".join(s if mask >> k & 1 else "." for k, s in enumerate(symbols)) for mask in _masks(puzzle)
        )
        + "\n"
    )


def format_pencil_marks(puzzle: Puzzle) -> str:
    """The pencil-mark grid of a puzzle's own candidates (givens as single symbols)."""
    return candidate_grid(puzzle.grid, _masks(puzzle)) + "\n"
