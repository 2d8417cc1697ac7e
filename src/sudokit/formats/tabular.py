"""Lists with a puzzle in one field of each line: CSV with a header, gsf/q2 rating lines, name<TAB>puzzle.

* ``csv``: a header line names the columns, one of them the puzzle (``puzzle``, ``quizzes``,
  ``givens``, ``sudoku``, ...); the other columns of a row become the puzzle's metadata, keyed by
  their (lower-case) header names.  Comma, semicolon or tab separated, read with the ``csv`` module.
* ``gsf``: gsf's rating lines as HoDoKu reads them: six or more commas, the puzzle in field 5; the
  four fields before it are kept as ``rating``, field 6 as ``name``, the rest as ``notes``.
* ``tsv``: ``name<TAB>puzzle`` lines (either order): the name becomes metadata.

Each puzzle field is read by the one-line reader (so ``--size``/``--symbols`` apply), all fields of a
file together, so one alphabet is inferred for the file; errors name the line and column in the file.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import math
import re
from collections.abc import Iterator, Sequence

from sudokit.errors import ParseError
from sudokit.formats.text import ReadOptions, parse_text
from sudokit.model import Puzzle

PUZZLE_COLUMNS = (
    "puzzle",
    "puzzles",
    "quiz",
    "quizzes",
    "givens",
    "sudoku",
    "grid",
    "problem",
    "clues",
    "question",
    "board",
)
"""Header names of the puzzle column in a CSV file (compared in lower case)."""
_DELIMITERS = (",", ";", "\t")
_BREAK = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


@dataclasses.dataclass(frozen=True)
class Field:
    """A puzzle written in one field of a line, with where it is and what else the line says."""

    text: str
    line: int
    column: int
    metadata: dict[str, str]


def puzzle_like(token: str) -> bool:
    """A field that can be a one-line puzzle: no white space and a square length of 16 or more."""
    k = len(token)
    return k >= 16 and math.isqrt(k) ** 2 == k and not any(ch.isspace() for ch in token)


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) as :meth:`str.splitlines` cuts them, one at a time (no copy of the whole text)."""
    start = 0
    number = 1
    for match in _BREAK.finditer(text):
        yield number, text[start : match.start()]
        start = match.end()
        number += 1
    if start < len(text):
        yield number, text[start:]


def content_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) for every line that is not blank and not a ``#`` comment."""
    for number, line in numbered_lines(text):
        if number == 1:
            line = line.lstrip("\ufeff")
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield number, line


def puzzles_from_fields(fields: Sequence[Field], options: ReadOptions, what: str) -> list[Puzzle]:
    """Read each field as a one-line puzzle (one alphabet for all) and attach the fields' metadata."""
    if not fields:
        raise ParseError(f"{what}: no puzzle found")
    for field in fields:
        if not field.text.strip() or "\n" in field.text or "\r" in field.text:
            raise ParseError(f"{what}: the puzzle field must be one non-empty line", field.line, field.column)
    joined = "\n".join(field.text for field in fields)
    try:
        puzzles = parse_text(joined, dataclasses.replace(options, one_per_line=True))
    except ParseError as exc:
        if exc.line is None or not 1 <= exc.line <= len(fields):
            raise ParseError(f"{what}: {exc.message}") from None
        field = fields[exc.line - 1]
        column = field.column + exc.column - 1 if exc.column is not None else None
        raise ParseError(f"{what}: {exc.message}", field.line, column) from None
    if len(puzzles) != len(fields):  # a field the line reader took for a comment or a title
        raise ParseError(f"{what}: {len(fields)} puzzle fields hold {len(puzzles)} puzzles")
    return [
        Puzzle(p.grid, p.givens, p.allowed, {**p.metadata, **field.metadata})
        for p, field in zip(puzzles, fields, strict=True)
    ]


def _column_of(line: str, value: str) -> int:
    at = line.find(value)
    return at + 1 if at >= 0 else 1


# ------------------------------------------------------------------------------------- CSV + header


def csv_header(text: str) -> tuple[str, int] | None:
    """The delimiter and puzzle column of a CSV text whose first line is a header naming one."""
    first = next(content_lines(text), None)
    if first is None:
        return None
    for delimiter in _DELIMITERS:
        if delimiter not in first[1]:
            continue
        names = [name.strip().lower() for name in next(csv.reader([first[1]], delimiter=delimiter))]
        if len(names) >= 2:
            for wanted in PUZZLE_COLUMNS:
                if wanted in names:
                    return delimiter, names.index(wanted)
    return None


def parse_csv(text: str, options: ReadOptions) -> list[Puzzle]:
    """Every row of a CSV file with a header that names the puzzle column."""
    found = csv_header(text)
    if found is None:
        raise ParseError(f"CSV: no header line naming a puzzle column ({', '.join(PUZZLE_COLUMNS)})")
    delimiter, column = found
    lines = text.lstrip("\ufeff").splitlines()
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=delimiter)
    header: list[str] | None = None
    fields = []
    try:
        for row in reader:
            number = reader.line_num
            if not row or all(not cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
                continue
            if header is None:
                header = [name.strip().lower() for name in row]
                if column >= len(header):  # the lines split otherwise than csv splits rows (a \f, a \x85)
                    raise ParseError("CSV: the header line names no puzzle column", number)
                continue
            if len(row) != len(header):
                raise ParseError(f"CSV: {len(row)} fields where the header names {len(header)}", number)
            metadata = {
                name: value.strip()
                for k, (name, value) in enumerate(zip(header, row, strict=True))
                if k != column and value.strip() and name
            }
            line = lines[number - 1] if number <= len(lines) else ""
            value = row[column].strip()
            fields.append(Field(value, number, _column_of(line, value), metadata))
    except csv.Error as exc:
        raise ParseError(f"CSV: {exc}", reader.line_num) from None
    return puzzles_from_fields(fields, options, "CSV")


# ------------------------------------------------------------------------------------ gsf ratings


def looks_like_gsf(text: str) -> bool:
    """True when the first line has six or more commas and a puzzle in field 5 (as HoDoKu tells)."""
    first = next(content_lines(text), None)
    if first is None:
        return False
    parts = first[1].split(",")
    return len(parts) >= 7 and puzzle_like(parts[4].strip())


def parse_gsf(text: str, options: ReadOptions) -> list[Puzzle]:
    """Every gsf/q2 rating line: the puzzle in field 5, rating fields and name as metadata."""
    fields = []
    for number, line in content_lines(text):
        parts = line.split(",")
        if len(parts) < 7:
            raise ParseError(
                f"gsf: a rating line has six or more commas; this one has {len(parts) - 1}", number
            )
        metadata = {"rating": ",".join(p.strip() for p in parts[:4])}
        if parts[5].strip():
            metadata["name"] = parts[5].strip()
        if any(p.strip() for p in parts[6:]):
            metadata["notes"] = ",".join(p.strip() for p in parts[6:])
        column = len(",".join(parts[:4])) + 2
        fields.append(Field(parts[4].strip(), number, column, metadata))
    return puzzles_from_fields(fields, options, "gsf")


# ----------------------------------------------------------------------------------- name<TAB>puzzle


def _named(line: str) -> tuple[str, str, int] | None:
    """(name, puzzle, puzzle's column) of a ``name<TAB>puzzle`` line (either order), else None."""
    parts = line.split("\t")
    if len(parts) != 2:
        return None
    first, second = parts[0].strip(), parts[1].strip()
    if not first or not second or puzzle_like(first) == puzzle_like(second):
        return None
    if puzzle_like(second):
        return first, second, len(parts[0]) + 2 + (len(parts[1]) - len(parts[1].lstrip()))
    return second, first, 1 + (len(parts[0]) - len(parts[0].lstrip()))


def looks_like_named_lines(text: str) -> bool:
    """True when the first lines are each a name and a puzzle separated by one tab."""
    checked = 0
    for _, line in content_lines(text):
        if _named(line) is None:
            return False
        checked += 1
        if checked == 20:
            break
    return checked > 0


def parse_named_lines(text: str, options: ReadOptions) -> list[Puzzle]:
    """Every ``name<TAB>puzzle`` line: the puzzle, with its name as metadata."""
    fields = []
    for number, line in content_lines(text):
        named = _named(line)
        if named is None:
            raise ParseError("tsv: a line must be a name and a puzzle separated by one tab", number)
        name, puzzle, column = named
        fields.append(Field(puzzle, number, column, {"name": name}))
    return puzzles_from_fields(fields, options, "tsv")
