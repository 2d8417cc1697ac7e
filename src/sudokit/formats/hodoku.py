"""HoDoKu's library format: one puzzle (or solving step) per line, fields separated by colons.

``:<technique>:<candidates>:<givens>:<deleted candidates>:<eliminations>:<placements>:<extra>``
(HoDoKu's ``reglib`` files).  ``<givens>`` is 81 cells, ``.`` or ``0`` blank, and ``+d`` for a value
placed while solving but not given: such values are progress, so the puzzle leaves those cells
empty (they are kept in the ``placed`` metadata).  Deleted candidates (``<digit><row><col>``
triples) are kept as cell restrictions, which the solution never needs; the technique code and the
other fields are kept as metadata.  ``#`` lines are comments.
"""

from __future__ import annotations

import re

from sudokit.errors import ParseError
from sudokit.formats.tabular import content_lines
from sudokit.model import EMPTY, Grid, Puzzle

_TRIPLE = re.compile(r"^[1-9][1-9][1-9]$")
_CODE = re.compile(r"^[0-9]{4,5}(-[0-9a-z]+)?$")


def looks_like_hodoku(text: str) -> bool:
    """True when the first line is a library line: ':', a technique code, and 6 or 7 colons in all."""
    first = next(content_lines(text), None)
    if first is None:
        return False
    line = first[1].strip()
    return line.startswith(":") and line.count(":") in (6, 7) and _CODE.match(line.split(":")[1]) is not None


def _cells(field: str) -> list[tuple[int, bool]] | None:
    """The 81 cells of a givens field as (digit or 0, placed), or None when it is not 81 cells."""
    cells = []
    placed = False
    for ch in field.strip():
        if ch == "+":
            placed = True
            continue
        if ch in "123456789":
            cells.append((int(ch), placed))
        elif ch in ".0":
            cells.append((0, False))
        else:
            return None
        placed = False
    return cells if len(cells) == 81 else None


def parse_hodoku(text: str) -> list[Puzzle]:
    """Every line of a HoDoKu library file, as a puzzle with its deleted candidates as restrictions."""
    grid = Grid.classic(9)
    puzzles = []
    for number, raw in content_lines(text):
        line = raw.strip()
        fields = line.split(":")
        if not line.startswith(":") or len(fields) not in (7, 8):
            raise ParseError(
                "HoDoKu: a library line is ':code:candidates:givens:deleted:...' (6 or 7 ':')", number
            )
        cells = _cells(fields[3])
        if cells is None:
            column = len(":".join(fields[:3])) + 2
            raise ParseError(
                "HoDoKu: the givens field must be 81 cells ('.' blank, '+d' placed)", number, column
            )
        givens = tuple(d - 1 if d and not placed else EMPTY for d, placed in cells)
        allowed = [grid.full_mask] * 81
        for item in fields[4].split():
            if not _TRIPLE.match(item):
                column = len(":".join(fields[:4])) + 2
                raise ParseError(
                    f"HoDoKu: deleted candidate {item!r} is not <digit><row><col>", number, column
                )
            digit, row, col = (int(ch) for ch in item)
            cell = (row - 1) * 9 + col - 1
            if cells[cell][0] == digit:
                raise ParseError(
                    f"HoDoKu: r{row}c{col} holds {digit}, so {digit} cannot be deleted there", number
                )
            allowed[cell] &= ~(1 << (digit - 1))
        metadata = {"technique": fields[1]}
        if any(placed for _, placed in cells):
            metadata["placed"] = "".join(str(d) if placed else "." for d, placed in cells)
        restricted = None if all(mask == grid.full_mask for mask in allowed) else tuple(allowed)
        puzzles.append(Puzzle(grid, givens, restricted, metadata))
    if not puzzles:
        raise ParseError("HoDoKu: no library line found")
    return puzzles
