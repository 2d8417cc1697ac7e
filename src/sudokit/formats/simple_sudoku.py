"""Simple Sudoku ``.ss`` files: a framed 9x9 grid (``*-----------*``, ``|8..|4..|...|``).

Simple Sudoku may write up to three grids (givens, givens plus placed cells, pencil marks) and
progress records after them; the givens grid is the puzzle, the rest is play state and is not read.
"""

from __future__ import annotations

from sudokit.errors import ParseError
from sudokit.formats.sadman import _require_classic_9x9
from sudokit.formats.text import format_rows
from sudokit.model import Puzzle

FRAME = "*-----------*"
BAND = "|---+---+---|"


def looks_like_ss(text: str) -> bool:
    """True when the first non-blank line is a Simple Sudoku frame ``*---...*``."""
    for line in text.splitlines():
        stripped = line.strip().lstrip("\ufeff")
        if stripped:
            return stripped.startswith("*-") and stripped.endswith("-*")
    return False


def first_grid(text: str) -> str:
    """The text of the first framed grid, with earlier lines blanked so line numbers stay true."""
    lines = text.splitlines()
    frames = [i for i, line in enumerate(lines) if line.strip().startswith("*-")]
    if len(frames) < 2:
        raise ParseError("a Simple Sudoku grid needs a closing *---* frame line", max(len(lines), 1))
    start, end = frames[0], frames[1]
    return "\n".join(line if start <= i <= end else "" for i, line in enumerate(lines))


def format_ss(puzzle: Puzzle) -> str:
    """The puzzle as a Simple Sudoku givens grid."""
    _require_classic_9x9(puzzle, "the .ss format")
    rows = format_rows(puzzle)
    out = [FRAME]
    for r, row in enumerate(rows):
        if r in (3, 6):
            out.append(BAND)
        out.append(f"|{row[0:3]}|{row[3:6]}|{row[6:9]}|")
    out.append(FRAME)
    return "\n".join(out) + "\n"
