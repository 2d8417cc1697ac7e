"""Reading and writing puzzles in the formats people use, with the format detected on read.

Supported: the one-line form (``line``), the multi-line grid (``grid``; ``pretty`` adds box
separators), SadMan ``sdk`` and ``sdm``, Simple Sudoku ``ss``, sudokit's own ``json`` and f-puzzles
(``fpuzzles``: a link, its payload or its JSON; written as a link, or as ``fpuzzles-json``) and
SudokuPad links (``sudokupad``; written as the f-puzzles link SudokuPad loads).
Read only: OpenSudoku XML (``opensudoku``), HoDoKu library lines
(``hodoku``), gsf rating lines (``gsf``), CSV with a puzzle column (``csv``), ``name<TAB>puzzle``
lines (``tsv``), JSON Lines (``jsonl``), janko.at data blocks (``janko``) and the Interactive Sudoku
Solver's constraint strings (``iss``: ``.~R1C1_5.Thermo~R9C4~R8C3``).  Text in a format
sudokit knows but does not read (a PDF, an image, a web page, a HoDoKu ``.hsol`` file) is named in
the error.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from sudokit.errors import FormatError, GridError, ParseError, PuzzleError
from sudokit.formats.candidates import (
    SIZES,
    format_candidate_line,
    format_pencil_marks,
    read_candidate_line,
    read_pencil_marks,
)
from sudokit.formats.foreign import identify_file, identify_text, not_a_grid
from sudokit.formats.hodoku import looks_like_hodoku, parse_hodoku
from sudokit.formats.limits import MAX_SIZE, MAX_TEXT, check_lines, check_text
from sudokit.formats.opensudoku import looks_like_opensudoku, parse_opensudoku
from sudokit.formats.sadman import format_sdk, format_sdm
from sudokit.formats.simple_sudoku import first_grid, format_ss, looks_like_ss
from sudokit.formats.tabular import (
    csv_header,
    looks_like_gsf,
    looks_like_named_lines,
    parse_csv,
    parse_gsf,
    parse_named_lines,
)
from sudokit.formats.text import ReadOptions, fast_line, format_grid, format_line, parse_text
from sudokit.model import Puzzle

# The readers of formats that carry rules (f-puzzles, SudokuPad, JSON, ISS, janko, multi-grids) import
# the constraint registry: they are imported where they are first needed, so that reading a plain line
# (and the command line's start) does not load every kind.

READ_FORMATS = (
    "line",
    "grid",
    "sdk",
    "sdm",
    "ss",
    "json",
    "fpuzzles",
    "multigrid",
    "candidates",
    "pencilmarks",
    "sudokupad",
    "opensudoku",
    "hodoku",
    "gsf",
    "csv",
    "tsv",
    "jsonl",
    "janko",
    "iss",
)
"""Names accepted by ``format=`` when reading (None: detect)."""
WRITE_FORMATS = (
    "line",
    "grid",
    "pretty",
    "sdk",
    "sdm",
    "ss",
    "json",
    "fpuzzles",
    "fpuzzles-json",
    "sudokupad",
    "candidates",
    "pencilmarks",
)
"""Names accepted by :func:`dumps` and :func:`write`."""

_EXTENSIONS = {".sdk": "sdk", ".sdm": "sdm", ".ss": "ss", ".json": "json", ".txt": "line"}


def detect(text: str) -> str:
    """Name the format of some text: one of :data:`READ_FORMATS`, or ``text`` (line, grid, sdk, sdm).

    ``unsupported`` names a kind of document sudokit knows but does not read (a PDF, a web page, ...).
    """
    from sudokit.formats.fpuzzles import looks_like_fpuzzles
    from sudokit.formats.iss import looks_like_iss
    from sudokit.formats.janko import looks_like_janko_block
    from sudokit.formats.json_format import looks_like_json
    from sudokit.formats.jsonl import looks_like_jsonl
    from sudokit.formats.multigrid import frame_layout
    from sudokit.formats.sudokupad import looks_like_scl_data, looks_like_sudokupad

    if looks_like_sudokupad(text):
        return "sudokupad"
    if looks_like_fpuzzles(text):
        return "fpuzzles"
    if looks_like_iss(text):
        return "iss"
    if looks_like_jsonl(text):
        return "jsonl"
    if looks_like_scl_data(text):
        return "sudokupad"
    if looks_like_json(text):
        return "json"
    if looks_like_opensudoku(text):
        return "opensudoku"
    if looks_like_janko_block(text):
        return "janko"
    if looks_like_hodoku(text):
        return "hodoku"
    if csv_header(text) is not None:
        return "csv"
    if looks_like_gsf(text):
        return "gsf"
    if looks_like_named_lines(text):
        return "tsv"
    if identify_text(text) is not None:
        return "unsupported"
    if frame_layout(text) != (None, None):
        return "multigrid"
    if read_candidate_line(text) is not None:
        return "candidates"
    if read_pencil_marks(text) is not None:
        return "pencilmarks"
    if looks_like_ss(text):
        return "ss"
    return "text"


def _options(
    size: int | None, box: tuple[int, int] | None, symbols: Sequence[str] | str | None, one_per_line: bool
) -> ReadOptions:
    if size is not None and not 1 <= size <= MAX_SIZE:
        raise ParseError(f"size must be from 1 to {MAX_SIZE}, not {size}")
    alphabet = tuple(symbols) if symbols is not None else None
    if alphabet is not None and size is not None and len(alphabet) != size:
        raise ParseError(f"size {size} needs {size} symbols; {len(alphabet)} given")
    return ReadOptions(size=size, box=box, symbols=alphabet, one_per_line=one_per_line)


def parse_many(
    text: str,
    *,
    format: str | None = None,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    symbols: Sequence[str] | str | None = None,
    variants: Sequence[str] = (),
) -> list[Puzzle]:
    """Every puzzle in a text, in order.

    ``format`` forces a reader (see :data:`READ_FORMATS`); ``size``, ``box`` and ``symbols`` say what
    the text cannot (a 16x16 written with ``0-9a-f``, 6x6 with 3x2 boxes, ...).  ``variants`` names
    a multi-grid layout to read (``samurai``) and rules to add (``x``, ``antiknight``; see
    :data:`sudokit.variants.VARIANT_NAMES`).
    Raises :class:`~sudokit.errors.ParseError` naming the line and column of the first fault (also
    for text too large to be a puzzle: see :mod:`sudokit.formats.limits`).
    """
    plain = format in (None, "line") and size is None and box is None and symbols is None and not variants
    if plain and len(text) < 729:  # the hot path, one short line: nothing longer can be a sukaku or too long
        quick = fast_line(text)
        if quick is not None:
            return [quick]
    from sudokit.formats.fpuzzles import looks_like_fpuzzles, parse_fpuzzles
    from sudokit.formats.json_format import looks_like_json, parse_json
    from sudokit.formats.multigrid import parse_multigrid

    check_text(text)
    if not text.strip():  # at once: the detectors would each walk every blank line first
        raise ParseError("no puzzle found in the text", 1)
    document = format in ("json", "fpuzzles") or (
        format is None and (looks_like_json(text) or looks_like_fpuzzles(text))
    )
    if not document:  # JSON and f-puzzles documents are not read line by line
        check_lines(text)
    if variants:
        return _with_variants(text, format, size, box, symbols, variants)
    if format is not None and format not in READ_FORMATS:
        raise FormatError(f"unknown input format {format!r} (known: {', '.join(READ_FORMATS)})")
    if plain:
        if format is None and len(text) >= 729:  # a 9x9 candidate line is as long as a 27x27 puzzle
            sukaku = read_candidate_line(text)
            if sukaku is not None:
                return [sukaku]
        quick = fast_line(text)
        if quick is not None:
            return [quick]
    kind = format or detect(text)
    if kind == "unsupported":
        raise ParseError(f"the input is {identify_text(text)}: sudokit does not read that format ({_KNOWN})")
    if kind in _READER_KINDS:
        return _read_whole(kind, text)
    if kind in _FIELD_KINDS:
        return _read_fields(kind, text, _options(size, box, symbols, one_per_line=True))
    if kind == "json":
        return parse_json(text)
    if kind == "fpuzzles":
        return [parse_fpuzzles(text)]
    if kind == "multigrid":
        return [parse_multigrid(text)]
    if kind in ("candidates", "pencilmarks"):
        found = read_candidate_line(text, SIZES) if kind == "candidates" else read_pencil_marks(text)
        if found is None:
            raise ParseError(f"the text is not in the {kind} form")
        return [found]
    options = _options(size, box, symbols, one_per_line=kind in ("line", "sdm"))
    if kind == "ss":
        text = first_grid(text)
    try:
        return parse_text(text, options)
    except ParseError:
        if format is None and kind == "text" and symbols is None and not_a_grid(text):
            raise ParseError(f"not a puzzle in any format sudokit reads ({_KNOWN})") from None
        raise


_KNOWN = "known: " + ", ".join(READ_FORMATS)
_READER_KINDS = ("sudokupad", "opensudoku", "hodoku", "janko", "iss")
"""Formats whose puzzles say everything (size, symbols) themselves: read by :func:`_read_whole`."""
_FIELD_KINDS = ("csv", "gsf", "tsv", "jsonl")
"""Formats with puzzles in one-line fields, read with the options the caller gives (:func:`_read_fields`)."""


def _read_whole(kind: str, text: str) -> list[Puzzle]:
    """The puzzles of a text in one of :data:`_READER_KINDS`."""
    if kind == "sudokupad":
        from sudokit.formats.sudokupad import looks_like_scl_data, parse_scl_data, parse_sudokupad

        return [parse_scl_data(text) if looks_like_scl_data(text) else parse_sudokupad(text)]
    if kind == "janko":
        from sudokit.formats.janko import parse_janko_block

        return parse_janko_block(text)
    if kind == "iss":
        from sudokit.formats.iss import read_iss

        return [read_iss(text)]
    return parse_opensudoku(text) if kind == "opensudoku" else parse_hodoku(text)


def _read_fields(kind: str, text: str, options: ReadOptions) -> list[Puzzle]:
    """The puzzles of a text in one of :data:`_FIELD_KINDS`."""
    if kind == "jsonl":
        from sudokit.formats.jsonl import parse_jsonl

        return parse_jsonl(text, options)
    reader = {"csv": parse_csv, "gsf": parse_gsf, "tsv": parse_named_lines}[kind]
    return reader(text, options)


def parse(
    text: str,
    *,
    format: str | None = None,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    symbols: Sequence[str] | str | None = None,
    variants: Sequence[str] = (),
) -> Puzzle:
    """Exactly one puzzle from text in any supported format (see :func:`parse_many`)."""
    puzzles = parse_many(text, format=format, size=size, box=box, symbols=symbols, variants=variants)
    if len(puzzles) != 1:
        raise ParseError(f"the text holds {len(puzzles)} puzzles, not one; parse_many reads them all")
    return puzzles[0]


def read(
    path: str | os.PathLike[str],
    *,
    format: str | None = None,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    symbols: Sequence[str] | str | None = None,
    variants: Sequence[str] = (),
) -> list[Puzzle]:
    """Every puzzle in a file (OSError if it cannot be read, ParseError if it is no puzzle file).

    A picture (PNG, JPEG, WebP, GIF, TIFF) is read by :func:`sudokit.image.read_image`: one puzzle.
    """
    from sudokit.image import looks_like_picture

    with open(path, "rb") as raw:
        if looks_like_picture(raw.read(16)):
            from sudokit.image import read_image

            return [read_image(path, size=size)]
    with open(path, encoding="utf-8") as handle:
        try:
            text = handle.read(MAX_TEXT + 1)  # enough to tell a file too large, without reading it all
        except UnicodeDecodeError as exc:
            kind = identify_file(path)
            if kind is not None:
                raise ParseError(f"the file is {kind}: sudokit does not read it ({_KNOWN})") from None
            raise ParseError(f"not a UTF-8 text file (byte {exc.start})") from None
    if format is None and str(path).lower().endswith(".sdm"):
        format = "sdm"
    return parse_many(text, format=format, size=size, box=box, symbols=symbols, variants=variants)


def _with_variants(
    text: str,
    format: str | None,
    size: int | None,
    box: tuple[int, int] | None,
    symbols: Sequence[str] | str | None,
    names: Sequence[str],
) -> list[Puzzle]:
    from sudokit.formats.multigrid import parse_multigrid, parse_subgrids
    from sudokit.variants import MULTI_GRID_LAYOUTS, add_rules

    layouts = [name for name in names if name in MULTI_GRID_LAYOUTS]
    rules = [name for name in names if name not in MULTI_GRID_LAYOUTS]
    if len(layouts) > 1:
        raise ParseError(f"a puzzle has one layout, not {' and '.join(layouts)}")
    if layouts:
        puzzles = [parse_subgrids(text, layouts[0]) or parse_multigrid(text, layouts[0])]
    else:
        puzzles = parse_many(text, format=format, size=size, box=box, symbols=symbols)
    out = []
    for puzzle in puzzles:
        grid = puzzle.grid
        try:
            for name in rules:
                grid = add_rules(grid, name)
            out.append(Puzzle(grid, puzzle.givens, puzzle.allowed, puzzle.metadata))
        except (GridError, PuzzleError) as exc:
            raise ParseError(str(exc)) from None
    return out


def natural_format(puzzle: Puzzle) -> str:
    """The plainest format that holds every rule of a puzzle.

    ``line`` for classic grids and multi-grids, else ``fpuzzles`` (regions, diagonals, cages,
    odd/even, ...), else ``json``.
    """
    grid = puzzle.grid
    plain = grid.box is not None and all(u.kind in ("row", "column", "box") for u in grid.units)
    if plain and not (grid.relations or grid.cages or grid.links or grid.sums) and puzzle.allowed is None:
        return "line"
    try:
        dumps(puzzle, "fpuzzles")
    except FormatError:
        return "json"
    return "fpuzzles"


def dumps(puzzles: Puzzle | Iterable[Puzzle], format: str = "line") -> str:
    """Puzzles as text in a format (see :data:`WRITE_FORMATS`); one or several puzzles.

    Raises :class:`~sudokit.errors.FormatError` when the format cannot express a puzzle (a 16x16 in
    ``.sdk``, restricted cells in the one-line form, ...).
    """
    from sudokit.formats.fpuzzles import format_fpuzzles_json, format_fpuzzles_link, format_sudokupad_link
    from sudokit.formats.json_format import format_json
    from sudokit.formats.multigrid import format_frame

    items = [puzzles] if isinstance(puzzles, Puzzle) else list(puzzles)
    if not items:
        return ""
    if format == "json":
        return format_json(items)
    if format == "sdm":
        return format_sdm(items)
    if format in ("line", "grid") and not all(p.grid.is_rectangular for p in items):
        # frames with holes (samurai and kin): row by row, '-' where there is no cell
        return "\n".join(format_frame(p.grid, p.givens) for p in items)
    writers = {
        "candidates": format_candidate_line,
        "pencilmarks": format_pencil_marks,
        "fpuzzles": format_fpuzzles_link,
        "fpuzzles-json": format_fpuzzles_json,
        "sudokupad": format_sudokupad_link,
        "line": lambda p: format_line(p) + "\n",
        "grid": format_grid,
        "sdk": format_sdk,
        "ss": format_ss,
    }
    if format == "pretty":
        return "\n".join(str(p) + "\n" for p in items)
    if format not in writers:
        raise FormatError(f"unknown output format {format!r} (known: {', '.join(WRITE_FORMATS)})")
    if format in ("sdk", "ss") and len(items) > 1:
        raise FormatError(f"a .{format} file holds one puzzle; {len(items)} given")
    for puzzle in items:
        if puzzle.allowed is not None and format not in (
            "json",
            "fpuzzles",
            "fpuzzles-json",
            "sudokupad",
            "candidates",
            "pencilmarks",
        ):
            raise FormatError(f"the {format} format cannot hold restricted cells; use json")
    separator = "" if format in ("line", "fpuzzles", "fpuzzles-json", "sudokupad", "candidates") else "\n"
    return separator.join(writers[format](p) for p in items)


def write(
    path: str | os.PathLike[str], puzzles: Puzzle | Iterable[Puzzle], format: str | None = None
) -> None:
    """Write puzzles to a file; the format defaults to the one its extension names (else ``line``)."""
    if format is None:
        format = _EXTENSIONS.get(os.path.splitext(str(path))[1].lower(), "line")
    text = dumps(puzzles, format)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def python_repr(puzzle: Puzzle) -> str:
    """Python source that rebuilds the puzzle: ``Puzzle.from_string('...')`` where possible."""
    from sudokit.formats.json_format import format_json

    try:
        line = format_line(puzzle) if puzzle.allowed is None else None
    except FormatError:
        line = None
    if line is not None:
        for extra in ("", "box"):
            kwargs = ""
            if extra:
                kwargs = f", box={puzzle.grid.box!r}, symbols={''.join(puzzle.grid.symbols)!r}"
            try:
                if extra and puzzle.grid.box is None:
                    break
                rebuilt = parse(
                    line,
                    box=puzzle.grid.box if extra else None,
                    symbols=puzzle.grid.symbols if extra else None,
                )
            except ParseError:
                continue
            if rebuilt == puzzle:
                return f"Puzzle.from_string({line!r}{kwargs})"
    return f"Puzzle.from_string({format_json([puzzle])!r})"


__all__ = [
    "READ_FORMATS",
    "WRITE_FORMATS",
    "detect",
    "dumps",
    "parse",
    "parse_many",
    "python_repr",
    "read",
    "write",
]
