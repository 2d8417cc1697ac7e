"""Plain-text puzzle forms: the one-line form and the multi-line grid, with their shared reader.

The reader turns text into *raw puzzles* (cell texts with their line and column) and then into
:class:`~sudokit.model.Puzzle` objects once the size and alphabet are known.  It handles:

* one puzzle per line (``n*n`` characters; ``.``, ``0``, ``-``, ``_``, ``*`` for blanks);
* grids of ``n`` lines of ``n`` cells, with or without separators (``|``, ``+``, ``-`` border lines,
  spaces, blank lines), several grids one after the other;
* ``#`` comment lines (SadMan ``#A``-style header lines become metadata), ``[Section]`` markers and
  ``Grid 01``-style titles;
* cells written as whitespace-separated numbers (``10 . 3 16``) for grids above 9x9.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sudokit._engine import read_line
from sudokit.english import article
from sudokit.errors import FormatError, GridError, ParseError, PuzzleError
from sudokit.formats.limits import MAX_CELLS, MAX_SIZE, check_line
from sudokit.model import BLANKS, DEFAULT_SYMBOLS, EMPTY, Grid, Puzzle

DEFINITE_BLANKS = frozenset(".-_*")
"""Blank characters that are never symbols (``0`` is a blank only when the alphabet lacks it)."""

_SEPARATORS = frozenset(" \t|,;+")
_BORDER_CHARS = frozenset("-+|=*_: \t")
_TITLE = re.compile(r"^\s*(grid|puzzle|sudoku|game)\b[\s:#\-]*\w*\s*$", re.IGNORECASE)
_SECTION = re.compile(r"^\s*\[([^\]]*)\]\s*$")
_SECTION_LINE = re.compile(r"^[^\S\n]*\[[^\]\n]*\][^\S\n]*$", re.MULTILINE)  # within a line: else quadratic
_MAX_GRID_ROWS = 64
_SADMAN_KEYS = {
    "A": "author",
    "D": "description",
    "C": "comment",
    "B": "date",
    "S": "source",
    "L": "level",
    "U": "url",
}
SADMAN_LETTERS = {key: letter for letter, key in _SADMAN_KEYS.items()}

_HEX = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class ReadOptions:
    """What the user said about the puzzles, where the text alone cannot tell."""

    size: int | None = None
    box: tuple[int, int] | None = None
    symbols: tuple[str, ...] | None = None
    one_per_line: bool = False
    """Read every line as one puzzle, never as a grid row."""


@dataclass
class RawPuzzle:
    """A puzzle's cell texts as read, before the alphabet is known."""

    rows: list[list[tuple[str, int, int]]]
    """Rows of (text, line, column); a one-line puzzle is a single row of n*n cells."""
    one_line: bool
    metadata: dict[str, str] = field(default_factory=dict)

    @property
    def first_line(self) -> int:
        """The line the puzzle starts on (1-based)."""
        return self.rows[0][0][1] if self.rows and self.rows[0] else 0

    def cells(self) -> Iterable[tuple[str, int, int]]:
        """Every cell text with its position, row-major."""
        for row in self.rows:
            yield from row


def strip_comment(line: str) -> str:
    """Drop a trailing ``# comment`` (a ``#`` at the start or after white space)."""
    if "#" not in line:
        return line
    if line.lstrip().startswith("#"):
        return ""
    match = re.search(r"\s#", line)
    return line[: match.start()] if match else line


def is_border(line: str) -> bool:
    """A separator line such as ``------+------+------`` or ``*-----------*``."""
    stripped = line.strip()
    return (
        bool(stripped)
        and set(stripped) <= _BORDER_CHARS
        and ("---" in stripped or "+" in stripped or "===" in stripped)
    )


def _numeric_tokens(tokens: Sequence[str]) -> bool:
    """True when a row is written as numbers, some of two digits (``10 . 3 16``)."""
    if len(tokens) < 10:
        return False
    wide = False
    for token in tokens:
        if token in BLANKS:
            continue
        if not (token.isascii() and token.isdigit()) or int(token) > len(tokens):  # not '²': int() refuses it
            return False
        wide = wide or len(token) > 1
    return wide


def split_cells(line: str, lineno: int, token_mode: bool) -> list[tuple[str, int, int]]:
    """The cells of one content line as (text, line, column)."""
    cells = []
    if token_mode:
        for match in re.finditer(r"[^\s|,;]+", line):
            cells.append((match.group(), lineno, match.start() + 1))
    else:
        for col, ch in enumerate(line, 1):
            if ch not in _SEPARATORS and not ch.isspace():
                cells.append((ch, lineno, col))
    return cells


def _tokens(line: str) -> list[str]:
    return re.findall(r"[^\s|,;]+", line)


def read_raw(text: str, options: ReadOptions) -> list[RawPuzzle]:
    """Split text into raw puzzles: one-line puzzles and grids, with their metadata."""
    token_mode = options.symbols is not None and any(len(s) > 1 for s in options.symbols)
    content: list[tuple[int, str]] = []
    notes: list[tuple[int, str, str]] = []  # (line, key, value): header lines, titles
    in_puzzle_section = _SECTION_LINE.search(text) is None
    for lineno, line in enumerate(text.splitlines(), 1):
        check_line(line, lineno)
        if lineno == 1:
            line = line.lstrip("\ufeff")
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if len(stripped) > 2 and stripped[1] in _SADMAN_KEYS and not stripped[2].isspace():
                notes.append((lineno, _SADMAN_KEYS[stripped[1]], stripped[2:].strip()))
            continue
        section = _SECTION.match(line)
        if section:
            in_puzzle_section = section.group(1).strip().lower() == "puzzle"
            continue
        if not in_puzzle_section:
            continue
        if _TITLE.match(line):
            notes.append((lineno, "title", stripped))
            continue
        line = strip_comment(line)
        if not line.strip() or is_border(line):
            continue
        content.append((lineno, line))
    if not content:
        raise ParseError("no puzzle found in the text")
    if not token_mode:
        token_mode = _numeric_tokens(_tokens(content[0][1]))

    rows = [split_cells(line, lineno, token_mode) for lineno, line in content]
    puzzles: list[RawPuzzle] = []
    i = 0
    while i < len(rows):
        width = len(rows[i])
        lineno = content[i][0]
        grid_rows = rows[i : i + width]
        if (
            not options.one_per_line
            and 1 < width <= _MAX_GRID_ROWS
            and len(grid_rows) == width
            and all(len(r) == width for r in grid_rows)
        ):
            raw = RawPuzzle(grid_rows, one_line=False)
            i += width
        elif 16 <= width <= MAX_CELLS and (_is_square(width) or width == (options.size or 0) ** 2):
            raw = RawPuzzle([rows[i]], one_line=True)
            i += 1
        else:
            raise _shape_error(width, rows[i:], [n for n, _ in content[i:]], not options.one_per_line)
        while notes and notes[0][0] < raw.first_line:
            _, key, value = notes.pop(0)
            raw.metadata[key] = value
        puzzles.append(raw)
    for _, key, value in notes:  # header lines after the last puzzle: keep them rather than drop them
        puzzles[-1].metadata[key] = value
    return puzzles


def _is_square(k: int) -> bool:
    return k > 0 and math.isqrt(k) ** 2 == k


def _shape_error(
    width: int, rows: Sequence[Sequence[object]], lines: Sequence[int], grids: bool = True
) -> ParseError:
    """Why the content lines from ``lines[0]`` are no puzzle, at the line at fault.

    In a grid with one row of another length (a cell missing, one too many), that row's line: the rows
    of the grid's width on either side of it tell which one is odd (``grids``: the text may hold grids).
    """
    same = 1
    while same < len(rows) and len(rows[same]) == width:
        same += 1
    odd = grid = None  # the odd row of a grid, and the grid's width
    if not grids:
        pass
    elif 1 < same < width and same < len(rows):
        odd, grid = same, width  # the first rows agree; the row after them does not
    elif same == 1 and len(rows) > 2 and width < 16:  # no one-line puzzle: a grid's first or second row
        if len(rows[1]) == len(rows[2]):
            odd, grid = 0, len(rows[1])
        elif len(rows[2]) == width:
            odd, grid = 1, width
    if odd is not None and grid is not None and 1 < grid <= _MAX_GRID_ROWS:
        cells = len(rows[odd])
        if not (cells >= 16 and _is_square(cells)):  # a one-line puzzle after a grid's rows is no grid row
            return ParseError(_odd_row_message(cells, grid), lines[odd])
    return ParseError(_shape_message(width, same, lines), lines[0])


def _odd_row_message(cells: int, grid: int) -> str:
    """Why a row of a grid whose other rows have ``grid`` cells is wrong: ``... 8 cells, one cell short``."""
    off = abs(grid - cells)
    count = "one cell" if off == 1 else f"{off} cells"
    return (
        f"this grid row has {cells} cell{'s' if cells != 1 else ''}, {count} "
        f"{'short' if cells < grid else 'too many'}: the rows around it have {grid}, "
        f"and a {grid}x{grid} grid needs {grid} rows of {grid} cells"
    )


def _shape_message(width: int, same: int, lines: Sequence[int]) -> str:
    if same > 1:
        return (
            f"a grid row of {width} cells needs {width} rows of {width} cells; found {same} such rows "
            f"(lines {lines[0]} to {lines[same - 1]})"
        )
    if width > MAX_CELLS:
        return f"{width:,} cells are more than the largest puzzle ({MAX_SIZE}x{MAX_SIZE}) has"
    if width < 16:
        return (
            f"{width} cell{'s' if width != 1 else ''} is too few for a one-line puzzle (a 4x4 one has 16); "
            "separate multi-character symbols with spaces"
        )
    near = math.isqrt(width)
    return (
        f"{width} cells is not a square number, so this is no one-line puzzle "
        f"({article(f'{near}x{near}')} puzzle has {near * near}, "
        f"{article(f'{near + 1}x{near + 1}')} one {(near + 1) ** 2})"
    )


# ------------------------------------------------------------------------------------- alphabets


def alphabet_candidates(n: int, token_mode: bool) -> list[tuple[str, ...]]:
    """Alphabets an n-symbol puzzle may be written in, most usual first."""
    if token_mode:
        return [tuple(str(k) for k in range(1, n + 1)), tuple(str(k) for k in range(n))]
    found: list[str] = []
    if n <= len(DEFAULT_SYMBOLS):
        found.append(DEFAULT_SYMBOLS[:n])
    if n <= len(_HEX):
        found.append(_HEX[:n])
    if n <= 35:
        found.append(DEFAULT_SYMBOLS[:n].lower())
    if n <= len(_HEX):
        found.append(_HEX[:n].lower())
    if n <= len(_LETTERS):
        found += [_LETTERS[:n], _LETTERS[:n].lower()]
    unique: list[tuple[str, ...]] = []
    for alphabet in found:
        if tuple(alphabet) not in unique:
            unique.append(tuple(alphabet))
    return unique


def infer_alphabet(n: int, used: set[str], token_mode: bool) -> tuple[str, ...] | None:
    """The first usual alphabet that holds every symbol used (``0`` counts as blank unless a symbol).

    When ``0`` appears beside other blanks (``.``), alphabets that contain ``0`` are preferred.
    """
    candidates = alphabet_candidates(n, token_mode)
    written = used - DEFINITE_BLANKS
    if "0" in written and used & DEFINITE_BLANKS:
        candidates.sort(key=lambda a: "0" not in a)
    for alphabet in candidates:
        symbols = set(alphabet)
        rest = written if "0" in symbols else written - {"0"}
        if rest <= symbols:
            return alphabet
    return None


def _grid_for(n: int, options: ReadOptions, symbols: tuple[str, ...]) -> Grid:
    if options.box is not None:
        return Grid.classic(n, options.box, symbols)
    try:
        return Grid.classic(n, None, symbols)
    except GridError:
        return Grid.latin(n, symbols)


def build(raw: RawPuzzle, options: ReadOptions, alphabet: tuple[str, ...] | None = None) -> Puzzle:
    """Turn a raw puzzle into a Puzzle, inferring size and alphabet where the options do not say."""
    cells = list(raw.cells())
    n = len(raw.rows) if not raw.one_line else math.isqrt(len(cells))
    line = raw.first_line
    if options.size is not None and n != options.size:
        raise ParseError(f"expected {article(f'{options.size}x{options.size}')} puzzle, found {n}x{n}", line)
    if options.symbols is not None:
        alphabet = options.symbols
        if len(alphabet) != n:
            needs = f"{article(f'{n}x{n}')} puzzle needs {n} symbols"
            raise ParseError(f"{needs}; --symbols gives {len(alphabet)}", line)
    if alphabet is None:
        token_mode = any(len(text) > 1 for text, _, _ in cells)
        alphabet = infer_alphabet(n, {text for text, _, _ in cells}, token_mode)
        if alphabet is None:
            _raise_bad_symbol(cells, alphabet_candidates(n, token_mode)[0], n)
    assert alphabet is not None
    try:
        grid = _grid_for(n, options, alphabet)
    except GridError as exc:
        raise ParseError(str(exc), line) from None
    index = grid.symbol_index
    givens = []
    for text, lineno, col in cells:
        g = index.get(text)
        if g is not None:
            givens.append(g)
        elif text in BLANKS:
            givens.append(EMPTY)
        else:
            raise _not_a_symbol(text, n, alphabet, lineno, col)
    try:
        return Puzzle(grid, tuple(givens), metadata=dict(raw.metadata))
    except PuzzleError as exc:
        raise ParseError(str(exc), line) from None


def _not_a_symbol(text: str, n: int, alphabet: Sequence[str], line: int, column: int) -> ParseError:
    return ParseError(
        f"{text!r} is not a symbol of this {n}x{n} puzzle ({_describe(alphabet)})", line, column
    )


def _describe(alphabet: Sequence[str]) -> str:
    if all(len(s) == 1 for s in alphabet):
        return "symbols " + "".join(alphabet) + ", blanks ." + ("" if "0" in alphabet else "0")
    return f"symbols {alphabet[0]} to {alphabet[-1]}, blank ."


def _raise_bad_symbol(cells: Sequence[tuple[str, int, int]], alphabet: Sequence[str], n: int) -> None:
    allowed = set(alphabet) | BLANKS
    for text, lineno, col in cells:
        if text not in allowed:
            raise _not_a_symbol(text, n, alphabet, lineno, col)
    raise ParseError(f"cannot tell the symbols of this {n}x{n} puzzle; give them with --symbols", cells[0][1])


def parse_text(text: str, options: ReadOptions) -> list[Puzzle]:
    """Every puzzle in a plain-text document; the alphabet is inferred once per size for the document."""
    raws = read_raw(text, options)
    alphabets: dict[int, tuple[str, ...] | None] = {}
    if options.symbols is None:
        used: dict[int, set[str]] = {}
        for raw in raws:
            n = len(raw.rows) if not raw.one_line else math.isqrt(len(raw.rows[0]))
            used.setdefault(n, set()).update(text for text, _, _ in raw.cells())
        for n, symbols in used.items():
            token_mode = any(len(s) > 1 for s in symbols)
            alphabets[n] = infer_alphabet(n, symbols, token_mode)
    result = []
    for raw in raws:
        n = len(raw.rows) if not raw.one_line else math.isqrt(len(raw.rows[0]))
        result.append(build(raw, options, alphabets.get(n)))
    return result


# ---------------------------------------------------------------------------------------- writers


def _single_char_symbols(puzzle: Puzzle, form: str) -> None:
    grid = puzzle.grid
    if any(len(s) != 1 for s in grid.symbols):
        raise FormatError(f"the {form} form needs one-character symbols; use json for {grid.symbols[-1]!r}")
    _rectangular(puzzle, form)


def _rectangular(puzzle: Puzzle, form: str) -> None:
    if not puzzle.grid.is_rectangular:
        raise FormatError(f"the {form} form needs a rectangular grid; use json")


def blank_for(puzzle: Puzzle, preferred: str = ".") -> str:
    """The blank character to write: ``preferred`` unless the alphabet uses it."""
    return preferred if preferred not in puzzle.grid.symbol_index else "."


def format_line(puzzle: Puzzle, blank: str = ".") -> str:
    """The one-line form: every cell in row-major order, ``blank`` for empty cells.

    Symbols longer than one character (``10`` .. ``16``) are written as space-separated tokens, the
    form the reader takes back.
    """
    _rectangular(puzzle, "one-line")
    symbols = puzzle.grid.symbols
    if any(len(s) != 1 for s in symbols):
        return " ".join("." if g == EMPTY else symbols[g] for g in puzzle.givens)
    blank = blank_for(puzzle, blank)
    return "".join(blank if g == EMPTY else symbols[g] for g in puzzle.givens)


def format_rows(puzzle: Puzzle, blank: str = ".") -> list[str]:
    """The grid as lines of cells with no separators (one-character symbols only)."""
    _single_char_symbols(puzzle, "row-by-row")
    line = format_line(puzzle, blank)
    width = puzzle.grid.cols
    return [line[k : k + width] for k in range(0, len(line), width)]


def format_grid(puzzle: Puzzle) -> str:
    """The multi-line grid form: one line per row, ``.`` for empty cells, no separators.

    Symbols longer than one character (``10``, emoji sequences) are written space-separated.
    """
    grid = puzzle.grid
    if grid.is_rectangular and any(len(s) != 1 for s in grid.symbols):
        width = max(len(s) for s in grid.symbols)
        rows = puzzle.rows_of_symbols()
        return "\n".join(" ".join((s or ".").ljust(width) for s in row).rstrip() for row in rows) + "\n"
    return "\n".join(format_rows(puzzle)) + "\n"


_FAST_TABLES: dict[int, tuple[Grid, memoryview]] = {}


def _byte_table(table: dict[str, int]) -> memoryview:
    """A character table as 256 signed bytes (symbol index, -1 blank, -2 neither) for the C reader."""
    codes = bytearray(b"\xfe" * 256)
    for text, index in table.items():
        codes[ord(text)] = index & 0xFF
    return memoryview(bytes(codes)).cast("b")


def fast_line(text: str) -> Puzzle | None:
    """A one-line puzzle in the default alphabet, read without the general machinery; None otherwise.

    Gives exactly what the general reader would (it defers whenever alphabet inference could choose
    another alphabet), only faster: this is the common case of batch files and API calls.
    """
    line = text.strip()
    n = math.isqrt(len(line))
    if n * n != len(line) or not 4 <= n <= 61:
        return None
    known = _FAST_TABLES.get(n)
    if known is None:
        symbols = tuple(DEFAULT_SYMBOLS[:n])
        table = {s: k for k, s in enumerate(symbols)}
        for blank in BLANKS:
            table.setdefault(blank, EMPTY)
        known = _FAST_TABLES[n] = (_grid_for(n, ReadOptions(), symbols), _byte_table(table))
    if "0" in line and any(ch in DEFINITE_BLANKS for ch in line):
        return None  # '0' beside '.' may be a symbol (hex alphabets): let inference decide
    givens = read_line(line, known[1])
    return None if givens is None else Puzzle.trusted(known[0], givens)


def _with_table(line: str, grid: Grid, table: dict[str, int]) -> Puzzle | None:
    """The puzzle whose cells are the characters of line, mapped by table; None if one is unknown."""
    try:
        givens = tuple([table[ch] for ch in line])
    except KeyError:
        return None
    return Puzzle.trusted(grid, givens)


class LineParser:
    """Reads one-line puzzles one at a time (for batch runs), quickly and with a stable alphabet.

    The alphabet inferred for the first puzzle of a size is kept for later ones of that size, so
    that every output of a run uses the same symbols; a later puzzle that needs a wider alphabet
    gets it.
    """

    def __init__(self, options: ReadOptions | None = None) -> None:
        """Remember the user's options; alphabets are learned as lines come."""
        self.options = options or ReadOptions()
        self._tables: dict[int, tuple[Grid, dict[str, int]]] = {}
        self._used: dict[int, set[str]] = {}

    def parse(self, line: str, lineno: int = 1) -> Puzzle:
        """The puzzle on one line; ParseError (naming ``lineno``) if it is not one."""
        check_line(line, lineno)
        text = strip_comment(line).strip()
        n = math.isqrt(len(text))
        known = self._tables.get(n)
        if known is not None and n * n == len(text):
            puzzle = _with_table(text, *known)
            if puzzle is not None:
                return puzzle
        return self._parse_slow(text, lineno)

    def byte_table(self, n: int) -> tuple[Grid, bytes] | None:
        """The grid and a 256-byte table for reading n*n-cell lines as raw bytes, once one was read.

        Entry b is the symbol index of byte b, 255 for a blank, 254 for a byte that is neither (read
        as signed: -1 and -2).  None when no line of that size was read yet or a symbol is not ASCII.
        """
        known = self._tables.get(n)
        if known is None:
            return None
        grid, table = known
        codes = bytearray([254] * 256)
        for text, index in table.items():
            if len(text) != 1 or ord(text) > 127:
                return None
            codes[ord(text)] = 255 if index == EMPTY else index
        return grid, bytes(codes)

    def _parse_slow(self, text: str, lineno: int) -> Puzzle:
        try:
            return self._parse_general(text, lineno)
        except ParseError as exc:
            if exc.line == lineno:
                raise
            raise ParseError(exc.message, lineno, exc.column) from None

    def _parse_general(self, text: str, lineno: int) -> Puzzle:
        options = ReadOptions(self.options.size, self.options.box, self.options.symbols, one_per_line=True)
        if not text:
            raise ParseError("empty line", lineno)
        raw = read_raw(text, options)[0]
        raw.rows = [[(t, lineno, col) for t, _, col in row] for row in raw.rows]
        n = math.isqrt(len(raw.rows[0]))
        alphabet = None
        if options.symbols is None:
            used = self._used.setdefault(n, set())
            candidate = used | {t for t, _, _ in raw.cells()}
            token_mode = any(len(s) > 1 for s in candidate)
            alphabet = infer_alphabet(n, candidate, token_mode)
            if alphabet is not None:
                used.update(candidate)
        puzzle = build(raw, options, alphabet)
        if all(len(s) == 1 for s in puzzle.grid.symbols):
            table = {s: k for k, s in enumerate(puzzle.grid.symbols)}
            for blank in BLANKS:
                table.setdefault(blank, EMPTY)
            self._tables[n] = (puzzle.grid, table)
        return puzzle
