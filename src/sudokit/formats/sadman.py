"""SadMan Software's ``.sdk`` (one puzzle, ``#`` header lines) and ``.sdm`` (one puzzle per line).

Both are read by the plain-text reader (header lines become metadata); this module writes them.
They are 9x9 formats, so other grids are refused with a clear error.
"""

from __future__ import annotations

from collections.abc import Iterable

from sudokit.errors import FormatError
from sudokit.formats.text import SADMAN_LETTERS, format_line, format_rows
from sudokit.model import Grid, Puzzle


def _require_classic_9x9(puzzle: Puzzle, form: str) -> None:
    grid = puzzle.grid
    if (
        grid.size != 9
        or grid != Grid.classic(9, symbols=grid.symbols)
        or any(len(s) != 1 for s in grid.symbols)
    ):
        raise FormatError(f"{form} holds classic 9x9 puzzles only; this one is {puzzle.grid.describe()}")
    if puzzle.allowed is not None:
        raise FormatError(f"{form} cannot hold restricted cells; use json")


def format_sdk(puzzle: Puzzle) -> str:
    """A ``.sdk`` file: ``#A``-style header lines from the metadata, then 9 rows with ``.`` blanks."""
    _require_classic_9x9(puzzle, "the .sdk format")
    lines = [
        f"#{SADMAN_LETTERS[key]}{value}" for key, value in puzzle.metadata.items() if key in SADMAN_LETTERS
    ]
    lines += format_rows(puzzle)
    return "\n".join(lines) + "\n"


def format_sdm(puzzles: Iterable[Puzzle]) -> str:
    """A ``.sdm`` file: one puzzle per line, ``0`` for empty cells."""
    lines = []
    for puzzle in puzzles:
        _require_classic_9x9(puzzle, "the .sdm format")
        lines.append(format_line(puzzle, blank="0"))
    return "\n".join(lines) + "\n"
