"""How much text a reader takes: the largest puzzle sudokit solves (64x64) bounds every legitimate input.

Text beyond these bounds is refused before any reader looks at it, so that a 10 MB line is rejected
at once instead of being split into ten million cells first (seconds and a gigabyte of memory).
"""

from __future__ import annotations

import re

from sudokit.errors import ParseError

MAX_SIZE = 64
"""The most symbols a grid may have (the compiled core's limit): 64x64 is the largest grid."""

MAX_CELLS = MAX_SIZE * MAX_SIZE
"""Cells of the largest grid, so the most cells a one-line puzzle may have."""

MAX_FRAME = 4 * MAX_SIZE
"""The most rows or columns of a frame (256): room for four 64x64 grids side by side (a samurai is 21x21)."""

MAX_LINE = MAX_SIZE**3
"""The longest line of a line-based input (262,144 characters).

The longest legitimate line is the candidate line of a 64x64 sukaku, 64 characters per cell.  The
other line forms need far less: a 64x64 one-line puzzle has 4,096 characters (12,288 as
space-separated numbers), a row of a 64x64 pencil-mark grid about 4,200.  JSON and f-puzzles
documents are not line based (f-puzzles JSON of a 64x64 with pencil marks is one line of about
600,000 characters): only :data:`MAX_TEXT` bounds them.
"""

MAX_TEXT = 1 << 23
"""The most characters read at once (8 MiB).

About four times the largest one-puzzle document: a 64x64 killer with number symbols, anti-knight
and every cell's candidates is 1.9 MB of indented JSON.  It leaves room for files of 100,000
one-line 9x9 puzzles; larger files are ``sudokit batch``'s work, which streams them.
"""

_LINE = re.compile("[^\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]+")
"""A run of characters that :meth:`str.splitlines` keeps on one line."""
_BREAK = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
"""A line break as :meth:`str.splitlines` sees it."""


def position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of a character offset, with lines as :meth:`str.splitlines` cuts them."""
    line, start = 1, 0
    for match in _BREAK.finditer(text, 0, offset):
        line, start = line + 1, match.end()
    return line, offset - start + 1


def line_too_long(
    line: int | None, column: int | None = MAX_LINE + 1, unit: str = "characters"
) -> ParseError:
    """The error for a line over :data:`MAX_LINE`, pointing at its first character past the limit."""
    return ParseError(
        f"the line is longer than {MAX_LINE:,} {unit}, more than any puzzle up to "
        f"{MAX_SIZE}x{MAX_SIZE} needs",
        line,
        column if line is not None else None,
    )


def whole_number(text: str) -> int | None:
    """The value of a whole number written in at most nine ASCII digits (``"12"``), else None.

    Readers use it rather than ``str.isdigit()`` and ``int()``: '²' is a digit to the one and not to
    the other, and ``int()`` refuses 4,300 digits or more (ValueError, not a ParseError).
    """
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def check_text(text: str) -> None:
    """ParseError unless the text has at most :data:`MAX_TEXT` characters."""
    if len(text) > MAX_TEXT:
        line, column = position(text, MAX_TEXT)
        raise ParseError(
            f"the text is longer than {MAX_TEXT:,} characters, more than sudokit reads at once "
            "(use 'sudokit batch' for big files of one-line puzzles)",
            line,
            column,
        )


def check_lines(text: str) -> None:
    """ParseError naming the first line over :data:`MAX_LINE` characters; linear and without copies."""
    if len(text) <= MAX_LINE:
        return
    for match in _LINE.finditer(text):
        if match.end() - match.start() > MAX_LINE:
            raise line_too_long(*position(text, match.start() + MAX_LINE))


def check_line(line: str, lineno: int | None) -> None:
    """ParseError if one line (numbered ``lineno``) is over :data:`MAX_LINE` characters."""
    if len(line) > MAX_LINE:
        raise line_too_long(lineno)
