"""What the reader fuzzers share: valid samples of every input form, and the property every input must meet.

Used by ``tests/test_fuzz_readers.py`` (hypothesis, in ``make test``) and ``fuzz/fuzz_readers.py``
(atheris, ``make fuzz``), so both fuzz the same readers from the same seeds against the same property:
an input reads to valid puzzles, which round-trip through JSON (and their own form where it can hold
them), or it raises a :class:`~sudokit.errors.SudokitError`; a ParseError's position lies in the text.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from sudokit.errors import FormatError, ParseError, SudokitError
from sudokit.formats import dumps, parse_many
from sudokit.formats.lz import decompress_base64
from sudokit.model import EMPTY, Puzzle

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
EXAMPLES = ROOT / "src" / "sudokit" / "examples"
MORE = "more-formats"

READERS = {
    "line": "line",
    "grid": "grid",
    "sdk": "sdk",
    "sdm": "sdm",
    "ss": "ss",
    "json": "json",
    "fpuzzles-link": "fpuzzles",
    "fpuzzles-payload": "fpuzzles",
    "fpuzzles-json": "fpuzzles",
    "candidates": "candidates",
    "pencilmarks": "pencilmarks",
    "multigrid": "multigrid",
    "sudokupad": "sudokupad",
    "opensudoku": "opensudoku",
    "hodoku": "hodoku",
    "gsf": "gsf",
    "csv": "csv",
    "tsv": "tsv",
    "jsonl": "jsonl",
    "janko": "janko",
}
"""Fuzz target name -> the ``format=`` of :func:`sudokit.formats.parse_many` that reads it."""

_SAME_FORM = {"line", "grid", "sdk", "sdm", "ss", "candidates", "pencilmarks"}
"""Forms written by ``dumps`` under the name they are read by, that read back what they wrote."""


def _text(*parts: str) -> str:
    return (FIXTURES.joinpath(*parts)).read_text(encoding="utf-8")


def _records() -> dict[str, Puzzle]:
    """The variant fixtures' puzzles by id (samurai, killer, jigsaw, sukaku, windoku, ...)."""
    from tests.test_variants import RECORDS, build

    return {record["id"]: build(record) for record in RECORDS}


def _restricted(puzzle: Puzzle) -> Puzzle:
    """The puzzle with one symbol struck from every empty cell (candidates for the pencil-mark form)."""
    grid = puzzle.grid
    allowed = tuple(
        grid.full_mask if g != EMPTY else grid.full_mask & ~(1 << (i % grid.size))
        for i, g in enumerate(puzzle.givens)
    )
    return Puzzle(grid, puzzle.givens, allowed)


@functools.cache
def samples() -> dict[str, tuple[str, ...]]:
    """Valid texts for each fuzz target of :data:`READERS`, from tests/fixtures and the bundled examples."""
    records = _records()
    fixture_puzzles = parse_many(_text("euler-grids.txt")) + parse_many(_text("easy50-first3.sdm"))
    letters = (EXAMPLES / "letters-6x6.txt").read_text(encoding="utf-8")
    hex16 = (EXAMPLES / "hex-16x16.txt").read_text(encoding="utf-8")
    numbers16 = _text("numbers-16x16.txt")
    fpuzzles = json.loads(_text("variants", "fpuzzles-self-contained.json"))["fpuzzles"]

    sukaku = records["janko-sukaku-001"]
    killer6 = records["janko-sudoku-killer-011"]
    jigsaw6 = records["janko-sudoku-chaos-008"]
    return {
        "line": (
            *(dumps(p, "line") for p in fixture_puzzles),
            dumps(parse_many(hex16)[0], "line"),
            dumps(parse_many(letters)[0], "line"),
            " ".join(numbers16.split()) + "\n",
        ),
        "grid": (
            _text("euler-grids.txt"),
            _text("blank-lines.txt"),
            _text("norvig-picture.txt"),
            _text("hex-krazydad-style.txt"),
            numbers16,
            letters,
            hex16,
        ),
        "sdk": (
            _text("norvig-top95-1.sdk"),
            _text("sections.sdk"),
            (EXAMPLES / "classic-9x9.sdk").read_text(encoding="utf-8"),
        ),
        "sdm": (_text("easy50-first3.sdm"),),
        "ss": (_text("top95-1.ss"), _text("progress.ss")),
        "json": (
            (EXAMPLES / "killer.json").read_text(encoding="utf-8"),
            *(
                dumps(records[name], "json")
                for name in (
                    "janko-sudoku-samurai-001",
                    "janko-sudoku-chaos-008",
                    "hyper-1",
                    "janko-sukaku-001",
                )
            ),
            dumps([killer6, jigsaw6], "json"),
        ),
        "fpuzzles-link": (
            "https://www.f-puzzles.com/?load=" + fpuzzles,
            dumps(killer6, "fpuzzles"),
            dumps(jigsaw6, "fpuzzles"),
        ),
        "fpuzzles-payload": (fpuzzles, dumps(sukaku, "fpuzzles").split("load=")[1]),
        "fpuzzles-json": (
            decompress_base64(fpuzzles),
            dumps(killer6, "fpuzzles-json"),
            dumps(records["janko-sudoku-0764"], "fpuzzles-json"),
        ),
        "candidates": (dumps(sukaku, "candidates"),),
        "pencilmarks": (
            dumps(sukaku, "pencilmarks"),
            dumps(_restricted(records["janko-sudoku-0376"]), "pencilmarks"),
        ),
        "multigrid": (
            (EXAMPLES / "samurai.txt").read_text(encoding="utf-8"),
            dumps(records["janko-sudoku-windmill-001"], "line"),
        ),
        "sudokupad": (_text(MORE, "parity-fish.scl.txt"),),
        "opensudoku": (_text(MORE, "easy.v1.opensudoku"), _text(MORE, "folders.v2.opensudoku")),
        "hodoku": (_text(MORE, "library.hodoku.txt"),),
        "gsf": (_text(MORE, "ratings.gsf.txt"),),
        "csv": (_text(MORE, "puzzles.csv"),),
        "tsv": (_text(MORE, "named.tsv"),),
        "jsonl": (_text(MORE, "chaos-letters-9x9.jsonl"), _text(MORE, "killer-6x6.jsonl")),
        "janko": (_text(MORE, "x-janko-block-example.txt"),),
    }


def check_position(exc: ParseError, text: str) -> None:
    """A ParseError's line and column, where it gives them, point into the text (1-based)."""
    if exc.line is None:
        assert exc.column is None, exc
        return
    lines = text.splitlines() or [""]
    assert 1 <= exc.line <= len(lines) + 1, (exc.line, len(lines), str(exc))
    if exc.column is not None:
        assert exc.column >= 1, exc


def round_trip(puzzle: Puzzle, form: str | None) -> None:
    """JSON holds every puzzle and reads it back equal; so does its own form, where it can hold it."""
    assert parse_many(dumps(puzzle, "json"), format="json") == [puzzle]
    if form not in _SAME_FORM:
        return
    try:
        text = dumps(puzzle, form)
    except FormatError:
        return
    grid = puzzle.grid
    if form in ("candidates", "pencilmarks"):  # digits only: nothing to say
        again = parse_many(text, format=form)
    else:  # the alphabet and boxes, which the text alone may not tell
        again = parse_many(text, format=form, symbols=grid.symbols, box=grid.box)
    assert again == [puzzle], (form, text)


def check_input(text: str, form: str | None) -> list[Puzzle] | None:
    """The fuzz property for one text read with ``format=form`` (None: detected).

    Either puzzles come back, valid and round-tripping, or a SudokitError is raised; a ParseError's
    position points into the text.  Any other exception propagates: that is a crasher.
    """
    try:
        puzzles = parse_many(text, format=form)
    except ParseError as exc:
        check_position(exc, text)
        return None
    except SudokitError:
        return None
    assert isinstance(puzzles, list) and puzzles, puzzles
    for puzzle in puzzles:
        assert isinstance(puzzle, Puzzle)
        assert len(puzzle.givens) == len(puzzle.grid.cells)
        round_trip(puzzle, form)
    return puzzles
