"""Datasets of classic puzzles for research and machine learning.

* **Tables in and out**: CSV and TSV with a header, JSON Lines and Parquet (``pip install
  'sudokit[data]'`` for Parquet and arrays), and files of one puzzle per line (``#`` comments and
  blank lines skipped, a lone header line allowed), read and written a batch of rows at a time (memory
  stays flat however long the file).  The columns of the public datasets are recognised by name
  (:func:`detect_layout`): the puzzle (``puzzle``, ``quizzes``, ``question``, ``initial_board``, ...),
  the solution (``solution``, ``solutions``, ``answer``, ...), an id and ratings; every other
  column is carried along untouched.
* **Cells**: a puzzle is its cells as bytes (0 empty, 1..n), :func:`cells_of`; many puzzles are one
  ``bytes`` or a numpy array of shape ``(N, cells)`` (:func:`to_array`, :func:`from_array`), with no
  Python object per puzzle on the way to the compiled core.
* **Equivalence**: :func:`canonical` gives the canonical form (minlex) under the layout symmetries
  (3,359,232 for 9x9) and relabelling, in the compiled core; :func:`class_key` hashes it to a stable
  64-bit key, from which :func:`split_of` puts a whole class on one side of a split.
  :func:`augment` makes random equivalent copies (puzzle and solution moved together).
* **Answers**: :func:`verify_many` checks answers in bulk (keeps the givens, complete, follows the
  rules, solves), :func:`check_step` whether a placement or elimination is sound.
"""

from __future__ import annotations

import bisect
import csv
import functools
import gzip
import hashlib
import itertools
import json
import os
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from sudokit import _engine
from sudokit.errors import FormatError, ParseError, SudokitError, file_error
from sudokit.formats.tabular import PUZZLE_COLUMNS, puzzle_like
from sudokit.formats.text import strip_comment

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

SOLUTION_COLUMNS = ("solution", "solutions", "answer", "answers", "target", "solved")
"""Header names of a solution column (compared in lower case), first match wins."""
ID_COLUMNS = ("id", "puzzle_id", "uid", "key")
LINK_COLUMNS = ("sudokupad_url", "url", "link", "fpuzzles", "sudokupad")
"""Columns with a link holding a variant puzzle's rules (Sudoku-Bench's sudokupad_url, ...)."""
RATING_COLUMNS = (
    "rating", "difficulty", "level", "score", "er", "ep", "ed", "official_rating", "backtracks", "clues",
)  # fmt: skip
LINES = "lines"
"""The format of a file of one puzzle per line, as ``sudokit batch`` reads it: ``#`` comments and blank
lines skipped, a lone header line naming the puzzle column allowed; its one column is :data:`LINE_COLUMN`."""
LINE_COLUMN = "puzzle"
FORMATS = ("csv", "tsv", "jsonl", "parquet", LINES)
BATCH = 65_536
"""Rows handled together (read, canonicalised, written): the memory a stream holds at most."""

_DELIMITERS = (",", ";", "\t")
_SYMBOLS = "123456789ABCDEFG"
_EMPTY = b"0.-*_"
_BOX_OF_CELLS = {16: 2, 81: 3, 256: 4}


class DatasetError(SudokitError):
    """A table that cannot be read as a dataset, or a request that does not fit it."""


# ----------------------------------------------------------------------------------- cells


def _table(n: int) -> bytes:
    table = bytearray(range(256))
    for k in range(256):
        table[k] = 255
    for byte in _EMPTY:
        table[byte] = 0
    for value, symbol in enumerate(_SYMBOLS[:n], start=1):
        table[ord(symbol)] = value
        table[ord(symbol.lower())] = value
    return bytes(table)


_TABLES = {n: _table(n) for n in (4, 9, 16)}


def box_of(cells: int) -> int:
    """The box side of a classic puzzle of so many cells (16, 81, 256), else DatasetError."""
    box = _BOX_OF_CELLS.get(cells)
    if box is None:
        raise DatasetError(f"{cells} cells is no classic 4x4, 9x9 or 16x16 puzzle")
    return box


def cells_of(text: str | bytes, cells: int | None = None) -> bytes:
    """A puzzle or grid written on one line (``.`` or ``0`` empty) as bytes 0..n, n the side.

    :class:`ParseError` saying where, for a line of another length or a character that is no cell.
    """
    raw = (text.encode("ascii", "replace") if isinstance(text, str) else text).strip()
    size = len(raw) if cells is None else cells
    box = _BOX_OF_CELLS.get(size)
    if box is None or len(raw) != size:
        raise ParseError(f"{len(raw)} characters is no classic 4x4, 9x9 or 16x16 puzzle on one line")
    out = raw.translate(_TABLES[box * box])
    bad = out.find(255)
    if bad >= 0:
        raise ParseError(f"character {chr(raw[bad])!r} at cell {bad + 1} is neither a digit nor empty")
    return out


def text_of(cells: bytes, empty: str = ".") -> str:
    """Cells (0..n) back to one line, ``empty`` for 0."""
    symbols = (empty + _SYMBOLS).encode()
    return cells.translate(bytes(symbols[v] if v < len(symbols) else 63 for v in range(256))).decode()


def to_array(puzzles: Iterable[str | bytes], cells: int = 81) -> npt.NDArray[np.uint8]:
    """Puzzles on one line each as a ``(N, cells)`` numpy array of uint8 (0 empty)."""
    import numpy as np

    data = b"".join(cells_of(p, cells) for p in puzzles)
    return np.frombuffer(data, dtype=np.uint8).reshape(-1, cells).copy()


def from_array(array: npt.ArrayLike, empty: str = ".") -> list[str]:
    """A ``(N, cells)`` array of 0..n back to one line per puzzle."""
    import numpy as np

    values = np.ascontiguousarray(array, dtype=np.uint8)
    if values.ndim != 2:
        raise DatasetError(f"expected an array of shape (N, cells), got {values.shape}")
    symbols = np.frombuffer((empty + _SYMBOLS).encode(), dtype=np.uint8)
    if values.size and int(values.max()) >= len(symbols):
        raise DatasetError(f"a cell value {int(values.max())} is past the symbols")
    text = symbols[values].tobytes()
    width = values.shape[1]
    return [text[k : k + width].decode() for k in range(0, len(text), width)]


def read_array(path: str | os.PathLike[str], column: str | None = None) -> npt.NDArray[np.uint8]:
    """Every puzzle of a file as a ``(N, cells)`` uint8 array (0 empty).

    A table gives its puzzle column (or ``column``); a file of one puzzle per line (``.txt``) is read
    in large blocks, with no Python object per puzzle.
    """
    import numpy as np

    name = os.fspath(path).lower().removesuffix(".gz")
    if name.endswith((".txt", ".sdm", ".line")) and column is None:
        opener = gzip.open if os.fspath(path).lower().endswith(".gz") else open
        parts = []
        with opener(path, "rb") as handle:
            rest = b""
            while chunk := handle.read(1 << 24):
                data = rest + chunk
                cut = data.rfind(b"\n") + 1
                rest = data[cut:]
                parts.append(_block_cells(data[:cut]))
            if rest.strip():
                parts.append(_block_cells(rest + b"\n"))
        cells = b"".join(part for part, _ in parts)
        size = next((width for _, width in parts if width), 81)
        return np.frombuffer(cells, dtype=np.uint8).reshape(-1, size).copy()
    with Table(path) as table:
        wanted = column or table.layout.puzzle
        return to_array((str(row.get(wanted) or "") for row in table.rows()), _cells_in(table, wanted))


def _cells_in(table: Table, column: str) -> int:
    first = table.first
    return len(str(first.get(column) or "").strip()) if first else 81


def _block_cells(block: bytes) -> tuple[bytes, int]:
    """The cells of a block of whole lines (one puzzle each; blank and ``#`` lines skipped)."""
    lines = [line.strip() for line in block.split(b"\n")]
    lines = [line for line in lines if line and not line.startswith(b"#")]
    if not lines:
        return b"", 0
    width = len(lines[0])
    box = _BOX_OF_CELLS.get(width)
    if box is None:
        raise DatasetError(f"a line of {width} characters is no classic puzzle")
    joined = b"".join(lines)
    if len(joined) != width * len(lines):
        raise DatasetError("the lines are not all of one length")
    out = joined.translate(_TABLES[box * box])
    bad = out.find(255)
    if bad >= 0:
        raise DatasetError(f"character {chr(joined[bad])!r} is neither a digit nor empty")
    return out, width


# -------------------------------------------------------------------------- canonical forms


_NO_FORM = "repeats a digit in a row or column: it has no canonical form"


def _minlex(cells: bytes, box: int) -> tuple[bytes, int]:
    """The canonical forms of consecutive puzzles, and how many there are before the first without one."""
    size = box**4
    if len(cells) % size:
        raise DatasetError(f"{len(cells)} bytes is no whole number of {size}-cell puzzles")
    out = bytearray(len(cells))
    done = _engine.minlex_many(box, cells, out)
    return bytes(out), done


def canonical_cells(cells: bytes, box: int = 3) -> bytes:
    """The canonical forms of puzzles given as consecutive cells (``box**4`` bytes each)."""
    out, done = _minlex(cells, box)
    if done * box**4 != len(cells):
        raise DatasetError(f"puzzle {done + 1} {_NO_FORM}")
    return out


def canonical(puzzle: str | bytes) -> str:
    """The canonical form (minlex) of a classic puzzle or grid on one line, ``.`` for empty.

    Equivalent puzzles (the same up to transposing, moving bands, rows within a band, stacks,
    columns within a stack, and relabelling the digits), and only they, have the same form: the
    least of their strings read row by row with empty cells as 0.
    """
    cells = cells_of(puzzle)
    return text_of(canonical_cells(cells, box_of(len(cells))))


def canonical_array(array: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """Canonical forms of a ``(N, cells)`` array of puzzles, as an array of the same shape."""
    import numpy as np

    values = np.ascontiguousarray(array, dtype=np.uint8)
    if values.ndim != 2:
        raise DatasetError(f"expected an array of shape (N, cells), got {values.shape}")
    box = box_of(values.shape[1])
    return np.frombuffer(canonical_cells(values.tobytes(), box), dtype=np.uint8).reshape(values.shape).copy()


def class_key(form: bytes, seed: int = 0) -> int:
    """A stable 64-bit key of a canonical form (the same on every machine), salted by ``seed``."""
    digest = hashlib.blake2b(form, digest_size=8, salt=seed.to_bytes(8, "little", signed=False) + bytes(8))
    return int.from_bytes(digest.digest(), "little")


def split_of(form: bytes, fractions: Sequence[float], seed: int = 0) -> int:
    """Which part of a split (by ``fractions``, summing to 1) a puzzle's class falls in.

    Decided by the class's key alone, so every puzzle of a class lands in the same part.
    """
    point = class_key(form, seed) / 2**64
    total = 0.0
    for index, fraction in enumerate(fractions):
        total += fraction
        if point < total:
            return index
    return len(fractions) - 1


# ------------------------------------------------------------------------------ augmenting


def _line_order(rng: random.Random, box: int) -> list[int]:
    bands = list(range(box))
    rng.shuffle(bands)
    order = []
    for band in bands:
        inner = list(range(box))
        rng.shuffle(inner)
        order += [band * box + i for i in inner]
    return order


def transform(grids: Sequence[bytes], rng: random.Random, box: int = 3) -> list[bytes]:
    """One random symmetry and relabelling, the same for each grid (a puzzle and its solution)."""
    n = box * box
    rows, cols = _line_order(rng, box), _line_order(rng, box)
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    relabel = bytes([0, *labels]) + bytes(256 - n - 1)
    flip = rng.random() < 0.5
    out = []
    for grid in grids:
        moved = bytes(grid[rows[r] * n + cols[c]] for r in range(n) for c in range(n))
        if flip:
            moved = bytes(moved[c * n + r] for r in range(n) for c in range(n))
        out.append(moved.translate(relabel))
    return out


def augment(
    puzzle: str, copies: int, seed: int = 0, solution: str | None = None
) -> list[tuple[str, str | None]]:
    """``copies`` random equivalents of a puzzle (and its solution moved the same way)."""
    rng = random.Random(seed)
    grids = [cells_of(puzzle)] + ([cells_of(solution)] if solution else [])
    box = box_of(len(grids[0]))
    made = []
    for _ in range(copies):
        moved = transform(grids, rng, box)
        made.append((text_of(moved[0]), text_of(moved[1]) if solution else None))
    return made


# --------------------------------------------------------------------------------- answers


@dataclass(frozen=True)
class Verdict:
    """What an answer to a puzzle is."""

    keeps_givens: bool
    complete: bool
    follows_rules: bool
    solves: bool
    broken: str | None
    """The first row, column or box with a repeated digit (``row 3``), or None."""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "keeps_givens": self.keeps_givens,
            "complete": self.complete,
            "follows_rules": self.follows_rules,
            "solves": self.solves,
            "broken": self.broken,
        }


def unit_name(unit: int, box: int = 3) -> str:
    """``row 1`` .. ``box 9`` for a unit index of :func:`verify_many` (rows, columns, boxes)."""
    n = box * box
    kind = ("row", "column", "box")[unit // n]
    return f"{kind} {unit % n + 1}"


def verify_many(
    puzzles: bytes, answers: bytes, solutions: bytes | None = None, box: int = 3
) -> tuple[bytes, list[int]]:
    """Check many answers at once: each one's flags and first broken unit (-1 for none).

    Flags: ``KEEPS_GIVENS``, ``COMPLETE``, ``FOLLOWS_RULES``, ``SOLVES`` (from :mod:`sudokit._engine`).
    With ``solutions``, ``SOLVES`` means equal to the solution; without, a complete answer that keeps
    the givens and follows the rules (a solution of the puzzle, the solution when it has one).
    """
    import array

    count = len(puzzles) // box**4
    flags = bytearray(count)
    broken = array.array("h", bytes(2 * count))
    _engine.verify_many(box, puzzles, answers, solutions, flags, broken)
    return bytes(flags), broken.tolist()


def verify(puzzle: str, answer: str, solution: str | None = None) -> Verdict:
    """What ``answer`` (a full or partial grid on one line) is for ``puzzle``."""
    cells = cells_of(puzzle)
    box = box_of(len(cells))
    given = cells_of(answer, len(cells))
    known = cells_of(solution, len(cells)) if solution else None
    flags, broken = verify_many(cells, given, known, box)
    f = flags[0]
    return Verdict(
        bool(f & _engine.KEEPS_GIVENS),
        bool(f & _engine.COMPLETE),
        bool(f & _engine.FOLLOWS_RULES),
        bool(f & _engine.SOLVES),
        unit_name(broken[0], box) if broken[0] >= 0 else None,
    )


def check_step(puzzle: str, kind: str, cell: int, digit: int, solution: str | None = None) -> bool:
    """Whether a step on a puzzle with one solution is sound: it agrees with that solution.

    ``kind`` is ``"place"`` or ``"eliminate"``, ``cell`` 0-based row by row, ``digit`` 1..n.  The
    solution is found by the solver when not given; :class:`DatasetError` for a puzzle without
    exactly one.
    """
    if kind not in ("place", "eliminate"):
        raise DatasetError(f"a step places or eliminates, not {kind!r}")
    if solution is None:
        from sudokit.solver import count_solutions

        counted = count_solutions(puzzle, limit=2)
        if not counted.unique or counted.first is None:
            raise DatasetError("the puzzle has no single solution, so no step is sound or not")
        symbols = counted.puzzle.grid.symbols
        solution = "".join(symbols[v] for v in counted.first.values)
    cells = cells_of(solution)
    if not 0 <= cell < len(cells):
        raise DatasetError(f"cell {cell} is outside the {len(cells)} cells")
    right = cells[cell] == digit
    return right if kind == "place" else not right


# ---------------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Layout:
    """Which columns of a table hold the puzzle, its solution, an id and ratings."""

    columns: tuple[str, ...]
    puzzle: str
    solution: str | None = None
    id: str | None = None
    ratings: tuple[str, ...] = ()
    link: str | None = None
    """A column with a link to the whole puzzle, rules included (for :func:`describe`, :func:`draw_png`)."""

    def source(self, row: Mapping[str, Any]) -> str:
        """What to read a row's whole puzzle from: its link when it has one, else its puzzle."""
        if self.link and row.get(self.link):
            return str(row[self.link])
        return str(row.get(self.puzzle) or "")


def _looks_like_grid(value: Any) -> bool:
    text = str(value).strip() if value is not None else ""
    return len(text) in _BOX_OF_CELLS and " " not in text


def detect_layout(columns: Sequence[str], first: Mapping[str, Any] | None = None) -> Layout:
    """The layout of a table from its column names (and its first row, to tell a grid column).

    :class:`DatasetError` naming the names it looks for when no column holds puzzles.
    """
    lower = {name.strip().lower(): name for name in columns}

    def pick(names: Sequence[str], grid: bool) -> str | None:
        for wanted in names:
            name = lower.get(wanted)
            if name is not None and (not grid or first is None or _looks_like_grid(first.get(name))):
                return name
        return None

    puzzle = pick((*PUZZLE_COLUMNS, "initial_board"), True)
    if puzzle is None:
        raise DatasetError(
            f"no puzzle column among {', '.join(columns) or 'no columns'} "
            f"(looked for {', '.join((*PUZZLE_COLUMNS, 'initial_board'))})"
        )
    solution = pick(SOLUTION_COLUMNS, True)
    ident = pick(ID_COLUMNS, False)
    ratings = tuple(lower[name] for name in RATING_COLUMNS if name in lower and lower[name] != puzzle)
    return Layout(tuple(columns), puzzle, solution, ident, ratings, pick(LINK_COLUMNS, False))


def table_format(path: str | os.PathLike[str], given: str | None = None) -> str:
    """The table format of a path: ``given``, else from its suffix (``.gz`` aside), else CSV."""
    if given:
        if given not in FORMATS:
            raise DatasetError(f"unknown table format {given!r} (one of {', '.join(FORMATS)})")
        return given
    name = os.fspath(path).lower().removesuffix(".gz")
    for suffix, found in (
        (".parquet", "parquet"), (".pq", "parquet"), (".jsonl", "jsonl"), (".ndjson", "jsonl"),
        (".json", "jsonl"), (".tsv", "tsv"), (".tab", "tsv"),
    ):  # fmt: skip
        if name.endswith(suffix):
            return found
    return "csv"


def _open_text(path: str | os.PathLike[str], mode: str) -> IO[str]:
    if os.fspath(path) == "-":
        import sys

        return sys.stdin if "r" in mode else sys.stdout
    if os.fspath(path).lower().endswith(".gz"):
        return gzip.open(path, mode, encoding="utf-8", newline="")  # type: ignore[return-value]
    return open(path, mode, encoding="utf-8", newline="")


def _is_comment(line: str) -> bool:
    """A line no row comes from: blank, or a ``#`` comment (as every reader of sudokit skips them)."""
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def _line_kind(line: str) -> str | None:
    """What the first content line of a text file makes it: a line file, or a table (None).

    ``"puzzle"``: a file of one puzzle per line; ``"header"``: one under a lone header naming its column.
    """
    text = strip_comment(line).strip()
    if any(delimiter in text for delimiter in _DELIMITERS):
        return None
    if text.lower() in (*PUZZLE_COLUMNS, "initial_board"):
        return "header"
    return "puzzle" if puzzle_like(text) else None


class _RowLines:
    """The line of each row of a text file, for errors that name it.

    Kept as the few places where rows and lines part (comments, blank lines, a quoted line break), so
    memory does not grow with the file.
    """

    def __init__(self) -> None:
        self.rows: list[int] = []
        self.lines: list[int] = []

    def add(self, row: int, line: int) -> None:
        """Row ``row`` (0-based) is on line ``line``."""
        if not self.rows or line - self.lines[-1] != row - self.rows[-1]:
            self.rows.append(row)
            self.lines.append(line)

    def line(self, row: int) -> int | None:
        """The line of row ``row``, if known."""
        k = bisect.bisect_right(self.rows, row) - 1
        return None if k < 0 else self.lines[k] + row - self.rows[k]


class Table:
    """A dataset file read row by row: its :attr:`layout`, then :meth:`rows` (dicts by column).

    A text file whose first line (after ``#`` comments and blank lines) is a puzzle, or a lone header
    naming the puzzle column, is read as one puzzle per line (:data:`LINES`), as ``sudokit batch`` does.
    """

    def __init__(self, path: str | os.PathLike[str], format: str | None = None) -> None:
        """Open ``path`` and read its header (or first row) to find the layout."""
        self.path = path
        self.name = "<stdin>" if os.fspath(path) == "-" else os.fspath(path)
        self.format = table_format(path, format)
        self._handle: IO[str] | None = None
        self._first: dict[str, Any] | None = None
        self._rest: Iterator[dict[str, Any]]
        self._lines = _RowLines()
        self._count = 0
        columns: list[str]
        if self.format == "parquet":
            try:
                import pyarrow.parquet as pq
            except ImportError:
                raise DatasetError("Parquet needs pyarrow: pip install 'sudokit[data]'") from None
            if not os.path.exists(path):
                raise DatasetError(file_error(path))
            try:
                self._parquet = pq.ParquetFile(path)
            except (OSError, ValueError) as exc:
                raise DatasetError(f"{self.name}: not a Parquet file ({exc})") from None
            columns = list(self._parquet.schema_arrow.names)
            self._rest = (row for batch in self._parquet.iter_batches(BATCH) for row in batch.to_pylist())
        else:
            try:
                self._handle = _open_text(path, "rt")
            except OSError as exc:
                raise DatasetError(file_error(path, exc)) from None
            if self.format == "jsonl":
                self._rest = self._json_rows()
                self._first = next(self._rest, None)
                columns = list(self._first) if self._first is not None else []
            else:
                columns = self._text_start()
        if self._first is None:
            self._first = next(self._rest, None)
        try:
            self.layout = detect_layout(columns, self._first)
        except DatasetError as exc:
            raise DatasetError(f"{self.name}: {exc}") from None

    def _text_start(self) -> list[str]:
        """Read up to the header (or first puzzle) of a CSV, TSV or line file: its columns."""
        assert self._handle is not None
        number, sample = 1, self._handle.readline().lstrip("\ufeff")
        while sample and _is_comment(sample):
            number, sample = number + 1, self._handle.readline()
        if not sample:
            raise DatasetError(
                f"{self.name}: no header and no puzzle (the file is empty, or holds only comments)"
            )
        kind = _line_kind(sample)
        named = self.name.lower().removesuffix(".gz").endswith((".csv", ".tsv", ".tab"))  # a lone header: CSV
        if (
            self.format == LINES
            or (kind == "puzzle" and self.format in ("csv", "tsv"))
            or (kind == "header" and not named and self.format == "csv")
        ):
            self.format = LINES
            if kind == "header":
                column = strip_comment(sample).strip()
                self._rest = self._line_rows([], number + 1, column)
                return [column]
            self._rest = self._line_rows([sample], number, LINE_COLUMN)
            return [LINE_COLUMN]
        delimiter = "\t" if self.format == "tsv" or ("\t" in sample and "," not in sample) else ","
        if self.format == "csv" and ";" in sample and "," not in sample and "\t" not in sample:
            delimiter = ";"
        header = next(csv.reader([sample], delimiter=delimiter), [])
        columns = [name.strip() for name in header]
        self._rest = self._csv_rows(delimiter, columns, number)
        return columns

    def _line_rows(self, head: list[str], number: int, column: str) -> Iterator[dict[str, Any]]:
        assert self._handle is not None
        for line in itertools.chain(head, self._handle):
            if not _is_comment(line):
                self._lines.add(self._count, number)
                self._count += 1
                yield {column: strip_comment(line).strip()}
            number += 1

    def _json_rows(self) -> Iterator[dict[str, Any]]:
        assert self._handle is not None
        for number, line in enumerate(self._handle, start=1):
            if _is_comment(line):
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise DatasetError(f"{self.name}: line {number}: not JSON ({exc.msg})") from None
            if not isinstance(row, dict):
                raise DatasetError(f"{self.name}: line {number}: not a JSON object")
            self._lines.add(self._count, number)
            self._count += 1
            yield row

    def _csv_rows(self, delimiter: str, columns: list[str], header: int) -> Iterator[dict[str, Any]]:
        assert self._handle is not None
        reader = csv.reader(self._handle, delimiter=delimiter)
        for row in reader:
            number = header + reader.line_num  # the row's last line: a quoted field may hold line breaks
            if not row or (len(row) == 1 and not row[0].strip()):
                continue
            if len(row) != len(columns):
                if row[0].lstrip().startswith("#"):  # a comment line (a row of the header's width is kept)
                    continue
                raise DatasetError(
                    f"{self.name}: line {number}: {len(row)} fields where the header names {len(columns)}"
                )
            self._lines.add(self._count, number)
            self._count += 1
            yield dict(zip(columns, row, strict=True))

    def where(self, row: int) -> str:
        """Where row ``row`` (0-based, in the order :meth:`rows` gives them) is: ``FILE: line N``."""
        line = self._lines.line(row)
        return f"{self.name}: line {line}" if line is not None else f"{self.name}: row {row + 1}"

    @property
    def first(self) -> dict[str, Any] | None:
        """The first row (read to find the layout), until :meth:`rows` gives it."""
        return self._first

    def rows(self) -> Iterator[dict[str, Any]]:
        """Every row, in order (once)."""
        if self._first is not None:
            first, self._first = self._first, None
            yield first
        yield from self._rest

    def close(self) -> None:
        """Close the file."""
        import sys

        if self._handle is not None and self._handle is not sys.stdin:
            self._handle.close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class TableWriter:
    """Rows written to a dataset file of a format, a batch at a time."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        columns: Sequence[str],
        format: str | None = None,
        *,
        append: bool = False,
        puzzle: str | None = None,
    ) -> None:
        """Create ``path`` with these columns (``append``: add rows to a CSV, TSV, JSON Lines or line file).

        A line file (:data:`LINES`) gets each row's puzzle alone: the column ``puzzle`` names, else the
        one :func:`detect_layout` finds among ``columns``, else the first.
        """
        self.path = path
        self.columns = list(columns)
        self.format = table_format(path, format)
        self.count = 0
        self.puzzle = puzzle or self._puzzle_column()
        self._pending: list[dict[str, Any]] = []
        self._parquet: Any = None
        self._handle: IO[str] | None = None
        if self.format == "parquet":
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise DatasetError("Parquet needs pyarrow: pip install 'sudokit[data]'") from None
        else:
            try:
                self._handle = _open_text(path, "at" if append else "wt")
            except OSError as exc:
                raise DatasetError(f"{os.fspath(path)}: cannot be written ({exc.strerror or exc})") from None
            if self.format in ("csv", "tsv"):
                self._csv = csv.writer(
                    self._handle, delimiter="\t" if self.format == "tsv" else ",", lineterminator="\n"
                )
                if not append:
                    self._csv.writerow(self.columns)

    def _puzzle_column(self) -> str:
        try:
            return detect_layout(self.columns).puzzle
        except DatasetError:
            return self.columns[0] if self.columns else LINE_COLUMN

    def write(self, row: Mapping[str, Any]) -> None:
        """Add one row (missing columns empty)."""
        self.count += 1
        if self.format == LINES:
            assert self._handle is not None
            self._handle.write(f"{row.get(self.puzzle) or ''}\n")
        elif self.format == "jsonl":
            assert self._handle is not None
            self._handle.write(json.dumps({c: row.get(c) for c in self.columns}, ensure_ascii=False) + "\n")
        elif self.format == "parquet":
            self._pending.append({c: row.get(c) for c in self.columns})
            if len(self._pending) >= BATCH:
                self._flush()
        else:
            self._csv.writerow(["" if row.get(c) is None else row.get(c) for c in self.columns])

    def _flush(self) -> None:
        if not self._pending:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        batch = pa.Table.from_pylist(self._pending)
        if self._parquet is None:
            self._parquet = pq.ParquetWriter(self.path, batch.schema)
        else:
            batch = batch.cast(self._parquet.schema)
        self._parquet.write_table(batch)
        self._pending = []

    def close(self) -> None:
        """Write what is pending and close the file."""
        import sys

        if self.format == "parquet":
            self._flush()
            if self._parquet is None:  # no rows: an empty table with the columns as strings
                import pyarrow as pa
                import pyarrow.parquet as pq

                pq.write_table(pa.table({c: pa.array([], pa.string()) for c in self.columns}), self.path)
            else:
                self._parquet.close()
        elif self._handle is not None and self._handle is not sys.stdout:
            self._handle.close()

    def __enter__(self) -> TableWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def batches(rows: Iterable[dict[str, Any]], size: int = BATCH) -> Iterator[list[dict[str, Any]]]:
    """Rows in lists of ``size`` (the last shorter)."""
    batch: list[dict[str, Any]] = []
    for row in rows:
        batch.append(row)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def forms_of(
    rows: Sequence[Mapping[str, Any]], column: str, where: Callable[[int], str] | None = None
) -> list[bytes]:
    """The canonical forms (as cell bytes) of a batch of rows' puzzles, in one call to the core.

    :class:`DatasetError` naming the row whose puzzle cannot be read: ``where(k)`` says where row k
    of the batch is (``FILE: line N``, see :meth:`Table.where`); without it, its place in the batch.
    """
    if not rows:
        return []
    cells = []
    size = None
    for k, row in enumerate(rows):
        try:
            one = cells_of(str(row.get(column) or ""), size)
        except ParseError as exc:
            raise DatasetError(f"{where(k) if where else f'row {k + 1} of the batch'}: {exc}") from None
        size = len(one)
        cells.append(one)
    assert size is not None
    box = box_of(size)
    forms, done = _minlex(b"".join(cells), box)
    if done < len(cells):
        raise DatasetError(
            f"{where(done) if where else f'row {done + 1} of the batch'}: the puzzle {_NO_FORM}"
        )
    return [forms[k : k + size] for k in range(0, len(forms), size)]


def rows_with_forms(
    rows: Iterable[dict[str, Any]], column: str, size: int = BATCH, where: Callable[[int], str] | None = None
) -> Iterator[tuple[dict[str, Any], bytes]]:
    """Each row with its puzzle's canonical form, computed a batch at a time.

    ``where(n)`` says where the n-th row (0-based) is, for the error about a puzzle that cannot be read.
    """
    done = 0
    for batch in batches(rows, size):
        located = functools.partial(_shifted, where, done) if where is not None else None
        yield from zip(batch, forms_of(batch, column, located), strict=True)
        done += len(batch)


def _shifted(where: Callable[[int], str], start: int, k: int) -> str:
    return where(start + k)


def format_error(exc: Exception) -> str:
    """One line for an error reading or writing a table."""
    if isinstance(exc, (DatasetError, ParseError, FormatError)):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


# ---------------------------------------------------------------------------------- labels

LABELS = ("solution", "count", "givens", "level", "score", "hardest", "techniques", "se", "nodes")
"""What :func:`label` can add: the solution, the number of solutions (up to the limit), the
givens, HoDoKu's level, score, hardest technique and the techniques of its path, Sudoku
Explainer's ER/EP/ED, and the core search's node count."""


def label_columns(labels: Sequence[str], limit: int = 2) -> list[str]:
    """The columns :func:`label` writes for ``labels`` (the node count names its setting)."""
    columns = []
    for name in labels:
        if name not in LABELS:
            raise DatasetError(f"unknown label {name!r} (one of {', '.join(LABELS)})")
        if name == "count":
            columns += ["solution_count", "count_complete"]
        elif name == "se":
            columns += ["er", "ep", "ed"]
        elif name == "nodes":
            columns.append(f"nodes_limit{limit}")
        else:
            columns.append(name)
    return columns


_CORE_LABELS = frozenset({"solution", "count", "nodes"})
_RATING_LABELS = frozenset({"level", "score", "hardest", "techniques", "se"})


def _core_labels(
    puzzles: Sequence[str], labels: Sequence[str], limit: int, time_limit: float | None, jobs: int
) -> list[dict[str, Any]]:
    """Solution, count and node labels of many puzzles in one pass of the batch solver.

    Its 9x9 fast path gives the same node counts as ``sudokit batch``.
    """
    from sudokit.batch import solve_many

    lines = [p.strip() if p.strip() and not p.lstrip().startswith("#") else "!" for p in puzzles]
    results = {r.line: r for r in solve_many("\n".join(lines), limit=limit, jobs=jobs, time_limit=time_limit)}
    out = []
    for number in range(1, len(lines) + 1):
        found = results.get(number)
        row: dict[str, Any] = {}
        if found is None or found.kind == "invalid":
            row["error"] = found.reason if found is not None and found.reason else "not a puzzle"
            out.append(row)
            continue
        if "solution" in labels:
            row["solution"] = found.solution
        if "count" in labels:
            row["solution_count"] = found.count
            row["count_complete"] = found.kind in ("solved", "none")
        if "nodes" in labels:
            row[f"nodes_limit{limit}"] = found.nodes
        if found.kind == "stopped":
            row["error"] = found.reason
        out.append(row)
    return out


def _rating_labels(puzzle: str, labels: Sequence[str], time_limit: float | None) -> dict[str, Any]:
    from sudokit.logic import rate

    out: dict[str, Any] = {}
    try:
        if {"level", "score", "hardest", "techniques"} & set(labels):
            rating = rate(puzzle, time_limit=time_limit)
            if "level" in labels:
                out["level"] = rating.level.label
            if "score" in labels:
                out["score"] = rating.score
            if "hardest" in labels:
                out["hardest"] = rating.hardest
            if "techniques" in labels:
                out["techniques"] = ";".join(f"{k}={v}" for k, v in rating.techniques.items())
        if "se" in labels:
            se = rate(puzzle, time_limit=time_limit, scale="se")
            out.update({"er": round(se.er, 1), "ep": round(se.ep, 1), "ed": round(se.ed, 1)})
    except SudokitError as exc:
        out["error"] = str(exc)
    return out


def _rating_chunk(
    chunk: Sequence[str], labels: Sequence[str], time_limit: float | None
) -> list[dict[str, Any]]:
    return [_rating_labels(p, labels, time_limit) for p in chunk]


def label(
    puzzle: str, labels: Sequence[str], limit: int = 2, time_limit: float | None = None
) -> dict[str, Any]:
    """The labels of one puzzle, by column (see :data:`LABELS`); an ``error`` column when one fails.

    ``solution_count`` counts solutions up to ``limit`` (``count_complete`` says whether it is
    exact); ``nodes_limitN`` is the number of nodes the batch solver's search visits to count up to
    that limit (sudokit's 9x9 fast path: deterministic); ratings need exactly one solution.
    """
    return next(label_many([puzzle], labels, limit, time_limit, jobs=1))


def label_many(
    puzzles: Iterable[str],
    labels: Sequence[str],
    limit: int = 2,
    time_limit: float | None = None,
    jobs: int = 0,
    executor: Any = None,
    chunk: int = 256,
) -> Iterator[dict[str, Any]]:
    """:func:`label` of each puzzle, in input order, a batch of rows at a time.

    Solutions, counts and node counts come from the batch solver on ``jobs`` threads (0: one per
    core); ratings from ``jobs`` worker processes, or the workers of ``executor`` (a Dask cluster).
    """
    from functools import partial

    from sudokit.execution import ProcessExecutor, default_workers, given_or_own, ordered_map

    label_columns(labels, limit)  # unknown labels fail here, before any work
    wanted = set(labels)
    workers = executor.workers if executor is not None else jobs or default_workers()
    for group in batches(({"p": p} for p in puzzles), BATCH):
        texts = [str(row["p"]) for row in group]
        rows: list[dict[str, Any]] = [{} for _ in texts]
        if "givens" in wanted:
            for row, text in zip(rows, texts, strict=True):
                try:
                    cells = cells_of(text)
                    row["givens"] = len(cells) - cells.count(0)
                except ParseError:
                    row["givens"] = None
        if _CORE_LABELS & wanted:
            for row, found in zip(rows, _core_labels(texts, labels, limit, time_limit, workers), strict=True):
                row.update(found)
        if _RATING_LABELS & wanted:
            todo = [k for k, row in enumerate(rows) if "error" not in row]
            parts = [[texts[k] for k in todo[i : i + chunk]] for i in range(0, len(todo), chunk)]
            if executor is None and workers <= 1:
                rated = [r for part in parts for r in _rating_chunk(part, labels, time_limit)]
            else:
                work = partial(_rating_chunk, labels=labels, time_limit=time_limit)
                with given_or_own(executor, lambda: ProcessExecutor(workers)) as pool:
                    rated = [r for done in ordered_map(pool, work, parts) for r in done]
            for k, found in zip(todo, rated, strict=True):
                rows[k].update(found)
        yield from rows


# ------------------------------------------------------------------------------- making

SEED_STRIDE = 1_000_000_000
"""Seeds of band k start at ``seed + k * SEED_STRIDE``: bands never share a seed."""


@dataclass(frozen=True)
class Band:
    """One part of a dataset to make: its name and the generator's options for it."""

    name: str
    options: Mapping[str, Any]


def bands_of(levels: Sequence[str] = (), se_bands: Sequence[str] = ()) -> list[Band]:
    """Bands by HoDoKu level (``easy`` ...) and by Sudoku Explainer ER (``A..B``); one open band if none."""
    bands = [Band(level, {"level": level}) for level in levels]
    bands += [Band(f"se {band}", {"se": band}) for band in se_bands]
    return bands or [Band("any", {})]


MADE_COLUMNS = ("puzzle", "solution", "band", "seed", "givens", "level", "score", "er")


def make_rows(
    bands: Sequence[Band],
    per_band: int,
    seed: int = 0,
    *,
    jobs: int = 0,
    executor: Any = None,
    done: Mapping[str, tuple[int, int]] | None = None,
    seen: set[int] | None = None,
    **options: Any,
) -> Iterator[dict[str, Any]]:
    """Make ``per_band`` unique, minimal 9x9 puzzles of each band, no two equivalent.

    Puzzle ``i`` of band ``k`` comes from seed ``seed + k * SEED_STRIDE + i`` (the same dataset on
    every machine); a puzzle equivalent to one made before (``seen``: class keys) is passed over.
    ``done`` maps a band's name to (puzzles made, next seed) to resume a run; ``options`` go to the
    generator (``symmetry``, ``attempts``, ``time_limit``, ...).
    """
    from sudokit.generator import generate_many
    from sudokit.logic import rate

    seen = set() if seen is None else seen
    done = done or {}
    workers = executor.workers if executor is not None else jobs or 1
    for index, band in enumerate(bands):
        have, next_seed = done.get(band.name, (0, seed + index * SEED_STRIDE))
        while have < per_band:
            want = min(4096, max(2 * (per_band - have), 4 * workers))
            made_all = generate_many(
                want, 9, seed=next_seed, jobs=jobs, executor=executor, rate=True, **band.options, **options
            )
            try:
                for made in made_all:
                    next_seed = made.seed + 1
                    text = made.puzzle.to_string()
                    cells = cells_of(text)
                    key = class_key(canonical_cells(cells))
                    if key in seen:
                        continue
                    seen.add(key)
                    have += 1
                    symbols = made.puzzle.grid.symbols
                    row: dict[str, Any] = {
                        "puzzle": text_of(cells),
                        "solution": "".join(symbols[v] for v in made.solution.values),
                        "band": band.name,
                        "seed": made.seed,
                        "givens": len(cells) - cells.count(0),
                        "level": made.rating.level.label if made.rating else None,
                        "score": made.rating.score if made.rating else None,
                        "er": round(rate(text, scale="se").er, 1) if "se" in band.options else None,
                    }
                    yield row
                    if have >= per_band:
                        break
            finally:
                made_all.close()


# ------------------------------------------------------------------------- for models


def _puzzle(puzzle: Any) -> Any:
    from sudokit.formats import parse
    from sudokit.model import Puzzle

    return puzzle if isinstance(puzzle, Puzzle) else parse(str(puzzle))


def describe(puzzle: Any) -> str:
    """A plain-text statement of a puzzle for a language model, as benchmark builders write it.

    The grid, every rule and clue and the givens, all in r1c1 terms (r1c1 is the top-left cell).
    Any rule of the input sudokit did not read is named at the end, so that nobody takes the text
    for the whole puzzle.
    """
    from sudokit.model import EMPTY, cell_name

    p = _puzzle(puzzle)
    grid = p.grid
    symbols = list(grid.symbols)
    alphabet = f"{symbols[0]} to {symbols[-1]}" if len(symbols) > 1 else symbols[0]
    order = {"row": 0, "column": 1, "box": 2, "region": 3, "extra": 4}
    kinds = sorted({unit.kind for unit in grid.houses}, key=lambda kind: (order.get(kind, 9), kind))
    names = {"extra": "extra house"}
    houses = ", ".join(f"each {names.get(kind, kind)}" for kind in kinds)
    lines = [
        f"Sudoku, {grid.describe()}. Cells are named rNcM: row N from the top, column M from the left "
        "(r1c1 is the top-left cell).",
        f"Place a symbol from {alphabet} in every empty cell so that {houses} holds every symbol once.",
    ]
    extra = [u for u in grid.houses if u.kind in ("region", "extra")]
    for unit in extra:
        lines.append(f"- {unit.name}: {', '.join(cell_name(grid.cells[c]) for c in unit.cells)}")
    constraints = list(grid.constraints)
    if constraints:
        lines.append("Further rules:")
        by_kind: dict[str, list[Any]] = {}
        for constraint in constraints:
            by_kind.setdefault(constraint.kind, []).append(constraint)
        for members in by_kind.values():
            first = members[0]
            lines.append(f"- {first.noun.capitalize()}: {first.rule}")
            for constraint in members:
                cells = constraint.cells()
                where = f" (cells in order: {', '.join(map(cell_name, cells))})" if len(cells) > 2 else ""
                lines.append(f"  - {constraint.describe(grid).removeprefix('the ')}{where}")
    givens = [f"{cell_name(grid.cells[c])}={symbols[v]}" for c, v in enumerate(p.givens) if v != EMPTY]
    lines.append(f"Givens ({len(givens)}): {', '.join(givens) if givens else 'none'}.")
    if grid.is_rectangular:
        at = {cell: k for k, cell in enumerate(grid.cells)}
        lines.append("The grid row by row, . for an empty cell:")
        for r in range(grid.rows):
            row = []
            for col in range(grid.cols):
                k = at.get((r, col))
                row.append(" " if k is None else "." if p.givens[k] == EMPTY else symbols[p.givens[k]])
            lines.append(" ".join(row))
    if p.unread:
        lines.append(f"Not read by sudokit (state them too): {'; '.join(p.unread)}.")
    return "\n".join(lines)


def draw_png(puzzle: Any, size: int = 512, values: Sequence[int] | None = None) -> bytes:
    """The puzzle drawn by the SVG renderer (as the web app draws it) as a PNG ``size`` pixels wide.

    ``values`` fills in symbol indexes (a solution, a model's answer).  Needs ``resvg-py``
    (``pip install 'sudokit[data]'``) and a sans-serif font on the system for the digits.
    """
    try:
        import resvg_py
    except ImportError:
        raise DatasetError("PNG images need resvg-py: pip install 'sudokit[data]'") from None
    from sudokit.svg import render_svg

    if not 16 <= size <= 8192:
        raise DatasetError(f"an image {size} pixels wide is outside 16 to 8192")
    svg = render_svg(_puzzle(puzzle), values)
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=size, background="#ffffff"))


def check_answer(puzzle: Any, answer: str) -> list[str]:
    """What is wrong with a full answer to any puzzle sudokit reads (variants too), in words.

    Empty when it is a solution: givens, houses and every constraint checked by its own meaning.
    """
    from sudokit.model import EMPTY, check_assignment

    p = _puzzle(puzzle)
    grid = p.grid
    text = "".join(answer.split())
    index = {s: k for k, s in enumerate(grid.symbols)}
    if len(text) != len(grid.cells):
        return [f"expected {len(grid.cells)} symbols, got {len(text)}"]
    values = [index.get(ch, EMPTY) for ch in text]
    return check_assignment(p, values)
