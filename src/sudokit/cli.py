"""The ``sudokit`` command line: solve, count, check, batch, explain, hint, rate, generate, show, ...

Quiet by default and scriptable: results on stdout, errors as one line on stderr.  Exit codes:
0 solved (or, for ``check``, a valid puzzle with one solution), 1 no solution or an error, 2 usage error.
"""

from __future__ import annotations

import collections
import contextlib
import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO, TypeVar

import click

from sudokit import __version__
from sudokit.errors import ParseError, SudokitError, file_error
from sudokit.formats import READ_FORMATS, WRITE_FORMATS, detect, dumps, natural_format, parse, parse_many
from sudokit.model import Puzzle, Solution

if TYPE_CHECKING:
    from sudokit.solver import CountResult

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

_PATH_ENDINGS = (
    ".txt",
    ".sdk",
    ".sdm",
    ".ss",
    ".json",
    ".csv",
    ".png",
    ".jpg",
    ".jpeg",
    ".webp",
    ".gif",
    ".bmp",
)


class CommandError(click.ClickException):
    """A failure to report as ``sudokit: error: ...`` with exit code 1."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        """Print the one-line message on stderr."""
        click.echo(f"sudokit: error: {self.format_message()}", err=True)


class _Group(click.Group):
    """Turns sudokit's errors into one-line messages, and Ctrl-C into exit code 130.

    File errors get the same treatment; after Ctrl-C a line says how far the command had got.
    """

    def invoke(self, ctx: click.Context) -> Any:
        Tally.current = None
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            done = f" ({Tally.current.summary()})" if Tally.current is not None else ""
            click.echo(f"sudokit: interrupted{done}", err=True)
            sys.exit(130)
        except SudokitError as exc:
            raise CommandError(str(exc)) from None
        except BrokenPipeError:
            raise
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            raise CommandError(f"{where}{exc.strerror or exc}") from None
        except ValueError as exc:
            if "embedded null byte" not in str(exc):
                raise
            # the OS's refusal of a file name with a NUL in it, which Python raises as a ValueError
            raise CommandError("a file name cannot hold a NUL character") from None


EXAMPLES = """\b
Examples:
  sudokit solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  sudokit solve puzzle.sdk --format line
  sudokit count puzzle.txt --limit 10
  sudokit check puzzle.txt
  sudokit batch puzzles.txt -o solutions.txt --jobs 2
  sudokit show puzzle.txt --candidates
  sudokit render puzzle.txt --solve -o puzzle.svg
  sudokit explain puzzle.txt
  sudokit hint puzzle.txt --stage 1
  sudokit rate puzzles.txt --json --jobs 2
  sudokit generate --count 10 --symmetry rot180 --level hard --seed 1
  sudokit generate --variant killer --json
  sudokit serve --port 8000
  echo '...' | sudokit solve -
"""


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXAMPLES)
@click.version_option(__version__, prog_name="sudokit")
def cli() -> None:
    """Solve, count, check and convert Sudoku puzzles of any size.

    PUZZLE is the puzzle text itself (for example an 81-character line), a file path, or - for
    standard input.  Files may hold several puzzles; the format is detected.
    """


def _parse_box(_ctx: click.Context, _param: click.Parameter, value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    rows, sep, cols = value.lower().partition("x")
    digits = all(part.isascii() and part.isdigit() and len(part) < 5 for part in (rows, cols))  # not '²'
    if not sep or not digits or int(rows) < 1 or int(cols) < 1:
        raise click.BadParameter(f"{value!r} is not a box shape like 2x3 (rows x columns)")
    return int(rows), int(cols)


def _parse_symbols(_ctx: click.Context, _param: click.Parameter, value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    symbols = tuple(value.replace(",", " ").split()) if ("," in value or " " in value) else tuple(value)
    if len(set(symbols)) != len(symbols):
        raise click.BadParameter(f"{value!r} names a symbol twice")
    return symbols


def input_options(command: F) -> F:
    """The options that say what the puzzle text cannot: size, box shape, alphabet, format."""
    options = [
        click.option(
            "--size", type=click.IntRange(1, 64), help="Grid size n (an n x n grid with n symbols)."
        ),
        click.option(
            "--box", callback=_parse_box, metavar="RxC", help="Box shape, rows x columns (e.g. 2x3)."
        ),
        click.option(
            "--symbols",
            callback=_parse_symbols,
            metavar="SYMBOLS",
            help="The alphabet, e.g. ABCDEF or 0123456789abcdef; comma-separated for longer symbols.",
        ),
        click.option(
            "--input-format",
            type=click.Choice(READ_FORMATS),
            help="Read the input in this format instead of detecting it.",
        ),
        click.option(
            "--variant",
            "variants",
            multiple=True,
            type=_VariantChoice(),
            help="A multi-grid layout to read (samurai, ...) or rules to add (x, antiknight, ...).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def parallel_options(workers: str) -> Callable[[F], F]:
    """``--jobs`` (worker threads or processes) and ``--progress``, for commands over many puzzles."""

    def add(command: F) -> F:
        command = click.option(
            "--progress/--no-progress",
            default=None,
            help="Progress bar (default: when stderr is a terminal).",
        )(command)
        return click.option(
            "--jobs",
            "-j",
            type=click.IntRange(min=0),
            default=0,
            help=f"Worker {workers} on this machine (default 0: one per core).",
        )(command)

    return add


def cluster_option(command: F) -> F:
    """``--cluster``: run the work on Dask workers instead of this machine's threads."""
    return click.option(
        "--cluster",
        metavar="ADDRESS",
        help="Run on a Dask cluster: a scheduler's address (tcp://host:8786), or local:N for N worker "
        "processes here. Needs pip install 'sudokit[cluster]'.",
    )(command)


def limit_options(command: F) -> F:
    """Bounds on the work of each search."""
    command = click.option(
        "--time-limit",
        type=click.FloatRange(min=0, min_open=True),
        metavar="SECONDS",
        help="Give up on a puzzle after this many seconds.",
    )(command)
    command = click.option(
        "--node-limit",
        type=click.IntRange(min=1),
        metavar="N",
        help="Give up on a puzzle after N branching guesses.",
    )(command)
    return command


class _VariantChoice(click.Choice):  # type: ignore[type-arg]
    """``--variant``'s names, read from :mod:`sudokit.variants` when first needed.

    That module loads the constraint registry: an option given or its help shown does, not every start.
    """

    def __init__(self) -> None:
        """A choice whose names are looked up on first use."""
        super().__init__(())

    @property  # type: ignore[override]
    def choices(self) -> Sequence[str]:
        """Every name ``--variant`` takes."""
        from sudokit.variants import VARIANT_NAMES

        return VARIANT_NAMES

    @choices.setter
    def choices(self, _value: Sequence[str]) -> None:
        """Ignored: the names come from the variants' module."""


def _looks_like_path(source: str) -> bool:
    """Whether a PUZZLE argument names a file rather than holding the puzzle itself."""
    if "\n" in source or "\x00" in source or source.lstrip().startswith(("{", "[")) or "://" in source:
        return False  # no file name holds a line break or a NUL
    if not (os.sep in source or source.lower().endswith(_PATH_ENDINGS) or len(source.strip()) < 16):
        return False  # a puzzle line: the link readers need not be loaded to tell
    from sudokit.formats.fpuzzles import looks_like_fpuzzles
    from sudokit.formats.sudokupad import looks_like_sudokupad

    # base64 has '/', but is no path
    return not (looks_like_fpuzzles(source) or looks_like_sudokupad(source))


def _read_options(options: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": options.get("input_format"),
        "size": options.get("size"),
        "box": options.get("box"),
        "symbols": options.get("symbols"),
        "variants": options.get("variants") or (),
    }


def _source_text(source: str) -> tuple[str, str, str | None]:
    """The text a PUZZLE argument names: (label for messages, text, format implied by the file name).

    A file and standard input holding the same bytes are read the same way, so they give the same
    puzzles and the same errors; only the label differs.
    """
    from sudokit.formats.limits import MAX_TEXT

    if not source.strip():
        raise CommandError("PUZZLE is empty: give the puzzle text, a file path, or - for standard input")
    if source == "-":
        label, data = "<stdin>", sys.stdin.buffer.read(MAX_TEXT + 1)
    elif os.path.exists(source) or _looks_like_path(source):
        if os.path.isdir(source):
            raise CommandError(file_error(source, IsADirectoryError()))
        try:
            with open(source, "rb") as handle:
                label, data = source, handle.read(MAX_TEXT + 1)
        except OSError as exc:
            raise CommandError(file_error(source, exc)) from None
    else:
        return "", source, None
    implied = "sdm" if label.lower().endswith(".sdm") else None
    from sudokit.image import looks_like_picture

    if looks_like_picture(data[:16]):
        raise _Picture(label, data)
    try:
        return label, data.decode("utf-8"), implied
    except UnicodeDecodeError as exc:
        from sudokit.formats.foreign import identify_bytes

        kind = identify_bytes(data)
        if kind is not None:
            raise CommandError(f"{label}: the input is {kind}: sudokit does not read that format") from None
        raise CommandError(f"{label}: not a UTF-8 text file (byte {exc.start})") from None


class _Picture(Exception):
    """The PUZZLE argument named a picture (a photo or screenshot): its bytes, read by sudokit.image."""

    def __init__(self, label: str, data: bytes) -> None:
        super().__init__(label)
        self.label, self.data = label, data


def _read_picture(picture: _Picture, options: dict[str, Any]) -> Puzzle:
    """The puzzle in a picture; the cells read without certainty are named on stderr (as unread rules)."""
    from sudokit.image import read_image

    try:
        return read_image(picture.data, size=options.get("size"))
    except ParseError as exc:  # not a picture, no grid in it, or the image extra is not installed
        raise CommandError(f"{picture.label}: {exc}") from None


def load_puzzles(source: str, **options: Any) -> list[Puzzle]:
    """The puzzles named by a PUZZLE argument: literal text, a file path, or ``-`` for stdin.

    Any fault is an error for the whole input (for converting, where nothing may be dropped).
    """
    entries = load_entries(source, strict=True, **options)
    return [entry.puzzle for entry in entries if entry.puzzle is not None]


def _note_unread(puzzles: list[Puzzle]) -> None:
    """Say on stderr which rules of the input were not read: every answer that follows is for the rest.

    Such rules are an f-puzzles key sudokit does not know, SudokuPad drawings of no known kind, ...
    """
    for number, puzzle in enumerate(puzzles, 1):
        if puzzle.warning:
            where = f"puzzle {number}: " if len(puzzles) > 1 else ""
            click.echo(f"sudokit: warning: {where}{puzzle.warning}", err=True)


@dataclass
class Entry:
    """One puzzle of the input, or why it could not be read; ``where`` prefixes its messages."""

    where: str
    puzzle: Puzzle | None
    error: str | None = None
    source: str = ""
    """The file it came from (``<stdin>``), or empty for text given on the command line."""

    @property
    def blame(self) -> str:
        """The prefix of an error about this puzzle on stderr: ``puzzles.txt: line 4: ``.

        The file too, so every error about a file's content says where it is.
        """
        return f"{self.source}: {self.where}" if self.source else self.where


def _one_per_line(text: str, read_options: dict[str, Any], label: str) -> list[Entry] | None:
    """Each line read on its own, when the text is one puzzle per line and some lines are bad.

    None when the text does not look like that (most lines do not read alone: a grid, say), so the
    whole-text error stands.
    """
    from sudokit.formats.tabular import content_lines

    numbered = list(content_lines(text))
    if len(numbered) < 2 or read_options["format"] not in (None, "line", "sdm") or detect(text) != "text":
        return None  # records of another format (CSV, HoDoKu lines, ...) do not read line by line
    entries = []
    for number, line in numbered:
        try:
            entries.append(Entry(f"line {number}: ", parse(line, **read_options), source=label))
        except ParseError as exc:
            where = f"line {number}, column {exc.column}" if exc.column is not None else f"line {number}"
            prefix = f"{label}: " if label else ""
            entries.append(Entry(f"line {number}: ", None, f"{prefix}{where}: {exc.message}", label))
    good = sum(1 for e in entries if e.puzzle is not None)
    return entries if good * 2 >= len(entries) else None


def load_entries(source: str, *, strict: bool = False, **options: Any) -> list[Entry]:
    """The puzzles of a PUZZLE argument, for commands that report on each.

    One bad puzzle in a file of one puzzle per line is reported with its line number, and the others
    are still answered; with ``strict``, any fault is an error for the whole input.
    """
    try:
        label, text, implied = _source_text(source)
    except _Picture as picture:
        puzzle = _read_picture(picture, options)
        _note_unread([puzzle])
        return [Entry("", puzzle, source=picture.label)]
    read_options = _read_options(options)
    read_options["format"] = read_options["format"] or implied
    try:
        puzzles = parse_many(text, **read_options)
    except ParseError as exc:
        entries = None if strict else _one_per_line(text, read_options, label)
        if entries is None:
            raise CommandError(f"{label}: {exc}" if label else str(exc)) from None
        return entries
    _note_unread(puzzles)
    if len(puzzles) == 1:
        return [Entry("", puzzles[0], source=label)]
    lines = _puzzle_lines(text, read_options, len(puzzles))
    return [
        Entry(f"line {lines[k - 1]}: " if lines else f"puzzle {k}: ", p, source=label)
        for k, p in enumerate(puzzles, 1)
    ]


def _puzzle_lines(text: str, read_options: dict[str, Any], count: int) -> list[int] | None:
    """The line of each of ``count`` puzzles read from a text of one puzzle per line, else None.

    Each puzzle takes one line at least, so as many content lines as puzzles means one each; the
    messages about a puzzle then name its line, as they do for a file with unreadable lines.
    """
    from sudokit.formats.tabular import content_lines

    if read_options["format"] not in (None, "line", "sdm") or detect(text) != "text":
        return None
    lines = [number for number, _ in content_lines(text)]
    return lines if len(lines) == count else None


class Tally:
    """What a command has done so far: puzzles answered and failed.

    It gives the exit code, and the summary printed when Ctrl-C stops the command.
    """

    current: Tally | None = None

    def __init__(self, total: int, verb: str = "answered") -> None:
        """Start counting; the tally becomes the one a Ctrl-C summary reports."""
        self.total = total
        self.verb = verb
        self.done = 0
        self.failed = 0
        self.undetermined = 0
        Tally.current = self

    def fail(self, entry: Entry, message: str | None = None) -> None:
        """Report a puzzle that failed (by default, one that could not be read), as one line on stderr."""
        self.failed += 1
        if message is None:
            click.echo(f"sudokit: error: {entry.error or 'not a puzzle'}", err=True)
        else:
            click.echo(f"sudokit: {entry.blame}{message}", err=True)

    def answers(self, entries: list[Entry], work: Callable[[Puzzle], T]) -> Iterator[tuple[Entry, T]]:
        """Each readable puzzle with what ``work`` made of it, counted as done.

        Puzzles that could not be read, or on which ``work`` raised a sudokit error, are reported and
        counted as failed instead.
        """
        for entry in entries:
            if entry.puzzle is None:
                self.fail(entry)
                continue
            try:
                result = work(entry.puzzle)
            except SudokitError as exc:
                self.fail(entry, str(exc))
                continue
            self.done += 1
            yield entry, result

    def summary(self) -> str:
        """``3 of 10 puzzles answered (1 failed)``, for the interrupt message."""
        from sudokit.english import plural

        failed = f" ({self.failed} failed)" if self.failed else ""
        return f"{self.done} of {plural(self.total, 'puzzle')} {self.verb}{failed}"

    def judge(self, ok: bool | None) -> None:
        """Count one answer: right (True), failed (False) or undetermined (None: rules not read)."""
        if ok is None:
            self.undetermined += 1
        elif not ok:
            self.failed += 1

    def finish(self) -> None:
        """Exit 1 when any puzzle failed, 3 when some answer was undetermined, else 0."""
        sys.exit(1 if self.failed else UNDETERMINED_EXIT if self.undetermined else 0)


def _solution_rows(solution: Solution) -> list[Any]:
    rows = solution.rows_of_symbols()
    if all(len(s) == 1 for s in solution.puzzle.grid.symbols):
        return ["".join(s or " " for s in row) for row in rows]
    return rows


def _write_solution(solution: Solution, output_format: str) -> str:
    if output_format == "pretty":
        return str(solution) + "\n"
    return dumps(solution.as_puzzle(), output_format)


def _puzzle_text(puzzle: Puzzle) -> str:
    """The puzzle in the shortest text form that holds it: one line, the candidate line, or JSON."""
    for form in ("line", "candidates"):
        try:
            return dumps(puzzle, form).strip()
        except SudokitError:
            continue
    return json.dumps(json.loads(dumps(puzzle, "json")), ensure_ascii=False, separators=(",", ":"))


def _read_only(puzzle: Puzzle) -> str:
    """Why an answer is for what was read only: rules left unread, or cells of a picture read unsure."""
    from sudokit.model import PICTURE_DOUBT

    if puzzle.unread and all(entry.startswith(PICTURE_DOUBT) for entry in puzzle.unread):
        return "for the puzzle as read (some cells of the picture were read without certainty)"
    return "under the rules read (some rules were not read)"


def _uniqueness(result: CountResult) -> tuple[bool | None, str | None]:
    """Whether a solved puzzle is unique, and the note to print when it is not known to be.

    None means a limit stopped the search for a second solution, or rules were left unread (then a
    solution is one under the rules read, and neither "unique" nor "not unique" is a verdict).
    """
    if result.stopped_by in ("nodes", "time") and result.count < 2:
        limit = "node" if result.stopped_by == "nodes" else "time"
        return None, f"uniqueness unknown: the {limit} limit stopped the search for a second solution"
    if not result.determined:
        several = "one of several solutions" if result.count >= 2 else "the only solution"
        return None, f"undetermined: {several} {_read_only(result.puzzle)}"
    if result.count >= 2:
        return False, "not unique (at least 2 solutions)"
    return True, None


UNDETERMINED_EXIT = 3
"""``check``'s exit code when an answer is for the rules read only (some were not read)."""


@cli.command()
@click.argument("puzzle")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(("pretty", "line", "grid", "json", "sdk", "ss")),
    default="pretty",
    show_default=True,
    help="How to print solutions.",
)
@click.option("--all", "all_solutions", is_flag=True, help="Print every solution, not just the first.")
@click.option("--limit", type=click.IntRange(min=1), metavar="N", help="Print at most N solutions.")
@click.option("--stats", is_flag=True, help="Report time and guesses per puzzle on stderr.")
@input_options
@limit_options
def solve(
    puzzle: str,
    output_format: str,
    all_solutions: bool,
    limit: int | None,
    stats: bool,
    node_limit: int | None,
    time_limit: float | None,
    **options: Any,
) -> None:
    """Solve PUZZLE and print its solution (every puzzle, if the input holds several).

    A puzzle with several solutions gets its first and a note on stderr ("not unique"); in JSON,
    "unique" is true, false or null (a limit stopped the search for a second solution).
    """
    from sudokit.english import plural
    from sudokit.solver import count_solutions, solutions

    entries = load_entries(puzzle, **options)
    tally = Tally(len(entries), "solved")
    many = all_solutions or limit is not None
    for number, entry in enumerate(entries, 1):
        if entry.puzzle is None:
            tally.fail(entry)
            if output_format == "json":
                click.echo(json.dumps({"puzzle": number, "status": "error", "error": entry.error}))
            continue
        item, label = entry.puzzle, entry.where
        if many:
            found: list[Solution] = []
            stopped = None
            try:
                for solution in solutions(item, limit=limit, node_limit=node_limit, time_limit=time_limit):
                    found.append(solution)
                    if output_format != "json":
                        click.echo(_write_solution(solution, output_format), nl=False)
                        if output_format == "pretty":
                            click.echo()
            except SudokitError as exc:
                stopped = str(exc)
            if output_format == "json":
                click.echo(
                    json.dumps(
                        {
                            "puzzle": number,
                            "status": ("solved" if found else "no solution")
                            if item.determined or (not found and stopped is None and item.certain)
                            else "undetermined",
                            "count": len(found),
                            "complete": stopped is None and (limit is None or len(found) < limit),
                            "solutions": [_solution_rows(s) for s in found],
                            **({"stopped": stopped} if stopped else {}),
                            "warning": item.warning,
                            "unread": list(item.unread),
                        },
                        ensure_ascii=False,
                    )
                )
            if stopped is not None:
                tally.fail(entry, stopped)
            elif not found:
                tally.fail(entry, "no solution")
            tally.done += 1
            continue
        result = count_solutions(item, 2, node_limit=node_limit, time_limit=time_limit)
        unique, note = _uniqueness(result) if result.first is not None else (None, None)
        if stats:
            click.echo(
                f"{label}{'solved' if result.first else 'no solution'} in {result.seconds * 1000:.3f} ms, "
                f"{plural(result.nodes, 'guess')}",
                err=True,
            )
        status = result.status.value
        if output_format == "json":
            click.echo(
                json.dumps(
                    {
                        "puzzle": number,
                        "status": result.solve_status,
                        "solution": _solution_rows(result.first) if result.first else None,
                        **(
                            {"unknowns": result.first.unknown_rows()}
                            if result.first and result.first.unknowns
                            else {}
                        ),
                        "unique": unique,
                        "note": note,
                        "reason": result.reason,
                        "nodes": result.nodes,
                        "seconds": round(result.seconds, 6),
                        "warning": item.warning,
                        "unread": list(item.unread),
                    },
                    ensure_ascii=False,
                )
            )
        elif result.first is not None:
            click.echo(_write_solution(result.first, output_format), nl=False)
            if output_format == "pretty" and number < len(entries):
                click.echo()
        if result.first is None:
            if output_format == "json":
                tally.failed += 1
            elif not result.determined and result.status.value == "no solution":
                tally.fail(entry, f"undetermined: no solution {_read_only(result.puzzle)}")
            else:
                tally.fail(entry, f"no solution: {result.reason}" if result.reason else status)
        elif note is not None and output_format != "json":
            click.echo(f"sudokit: {entry.blame}{note}", err=True)
        tally.done += 1
    tally.finish()


DEFAULT_COUNT_LIMIT = 1_000_000
"""Solutions ``sudokit count`` stops at unless told otherwise: an empty grid has more than can be counted."""


def _parse_count_limit(_ctx: click.Context, _param: click.Parameter, value: str | None) -> int:
    if value is None:
        return DEFAULT_COUNT_LIMIT
    if value.lower() in ("none", "0"):
        return 0
    text = value.replace(",", "").replace("_", "")
    if not (text.isascii() and text.isdigit()) or len(text) > 18:  # not '²' or 5,000 digits: int() fails
        raise click.BadParameter(f"{value!r} is not a number of solutions (or 0 / none for no limit)")
    return int(text)


class _CountProgress:
    """The progress line of a long count on a terminal: solutions so far, nodes and their rate."""

    def __init__(self, limit: int) -> None:
        from tqdm import tqdm

        self.bar = tqdm(
            total=limit or None,
            unit=" solutions",
            file=sys.stderr,
            dynamic_ncols=True,
            leave=False,
        )
        self.seen = 0

    def __call__(self, nodes: int, solutions: int) -> None:
        """Advance the bar to the core's latest figures."""
        self.bar.update(solutions - self.seen)
        self.seen = solutions
        self.bar.set_postfix_str(f"{nodes:,} nodes", refresh=False)

    def close(self) -> None:
        """Remove the line."""
        self.bar.close()


@cli.command()
@click.argument("puzzle")
@click.option(
    "--limit",
    callback=_parse_count_limit,
    metavar="N",
    help=f"Stop counting at N solutions (default {DEFAULT_COUNT_LIMIT:,}; 0 or none: count them all).",
)
@click.option(
    "--progress/--no-progress", default=None, help="Progress line on stderr (default: when it is a terminal)."
)
@click.option(
    "--split",
    "depth",
    type=click.IntRange(min=0, max=64),
    metavar="DEPTH",
    help="Cut the search into pieces by its first DEPTH decisions and count them in parallel (threads, "
    "or --cluster); an interrupted count run again goes on where it stopped.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    help="With --split: threads (default 0: one per core).",
)
@cluster_option
@click.option(
    "--state",
    type=click.Path(dir_okay=False, writable=True),
    help="With --split: the file that keeps finished pieces (default .sudokit-count-<id>.json here).",
)
@input_options
@limit_options
def count(
    puzzle: str,
    limit: int,
    progress: bool | None,
    depth: int | None,
    jobs: int | None,
    cluster: str | None,
    state: str | None,
    node_limit: int | None,
    time_limit: float | None,
    **options: Any,
) -> None:
    """Count the solutions of PUZZLE; the count is the first word printed.

    With --split the search is cut into independent pieces, counted on every core or on a Dask
    cluster; their progress and an ETA go to stderr, and a state file keeps the finished pieces so
    that the same command, run again after Ctrl-C, goes on from them.  To count every grid of a shape,
    count the empty puzzle (for example 36 dots with --box 2x3).

    Exit codes: 0 when the count is exact or reached the limit, 1 when a node or time limit (or a
    fault) stopped it first, 130 after Ctrl-C, which prints the count so far as a lower bound.
    """
    if depth is None and (cluster or state or jobs is not None):
        raise click.BadParameter("--jobs, --cluster and --state go with --split DEPTH", param_hint="--split")
    entries = load_entries(puzzle, **options)
    tally = Tally(len(entries), "counted")
    show_progress = sys.stderr.isatty() if progress is None else progress
    with _executor(cluster) as executor:
        _count_entries(
            entries, tally, limit, depth, jobs, executor, state, show_progress, node_limit, time_limit
        )
    tally.finish()


def _count_entries(
    entries: list[Entry],
    tally: Tally,
    limit: int,
    depth: int | None,
    jobs: int | None,
    executor: Any,
    state: str | None,
    show_progress: bool,
    node_limit: int | None,
    time_limit: float | None,
) -> None:
    """``count``'s work: each entry counted (by pieces with ``depth``) and its line printed."""
    from sudokit.errors import SearchInterrupted
    from sudokit.solver import count_solutions

    for entry in entries:
        if entry.puzzle is None:
            tally.fail(entry)
            continue
        where = f"  [{entry.where.rstrip(': ')}]" if entry.where else ""
        if depth is not None:
            result = _count_split(
                entry.puzzle,
                depth,
                limit,
                jobs,
                executor,
                state,
                show_progress,
                where,
                node_limit,
                time_limit,
            )
            _echo_count(result, limit, where, tally)
            continue
        bar = _CountProgress(limit) if show_progress else None
        try:
            result = count_solutions(
                entry.puzzle, limit or None, node_limit=node_limit, time_limit=time_limit, progress=bar
            )
        except SearchInterrupted as exc:
            if bar is not None:
                bar.close()
            click.echo(f"{exc.solutions} or more solutions (interrupted after {exc.nodes:,} nodes){where}")
            raise
        if bar is not None:
            bar.close()
        _echo_count(result, limit, where, tally)


def _count_split(
    puzzle: Puzzle,
    depth: int,
    limit: int,
    jobs: int | None,
    executor: Any,
    state: str | None,
    show_progress: bool,
    where: str,
    node_limit: int | None,
    time_limit: float | None,
) -> CountResult:
    """``count --split``: the pieces counted in parallel, with a progress bar and a state file."""
    from sudokit.errors import SearchInterrupted
    from sudokit.split import SplitProgress, count_split, default_state_path

    path: str | None = state or str(default_state_path(puzzle, depth))
    if state is None and not os.access(os.getcwd(), os.W_OK):
        click.echo(
            "sudokit: this directory is not writable: the count cannot be resumed (see --state)", err=True
        )
        path = None
    bar: Any = None
    told = False

    def show(status: SplitProgress) -> None:
        nonlocal bar, told
        if not told:  # the first call comes once the state file has been read and checked
            told = True
            if status.resumed:
                pieces = f"{status.resumed:,} of {status.pieces:,} pieces"
                click.echo(f"sudokit: going on from {path}: {pieces} counted before", err=True)
        if not show_progress:
            return
        if bar is None:
            from tqdm import tqdm

            bar = tqdm(
                total=status.pieces,
                initial=status.resumed,
                unit=" pieces",
                file=sys.stderr,
                dynamic_ncols=True,
                leave=False,
            )
        bar.update(status.done - bar.n)
        bar.set_postfix_str(f"{status.solutions:,} solutions", refresh=False)

    try:
        return count_split(
            puzzle,
            depth,
            limit or None,
            jobs=jobs,
            executor=executor,
            node_limit=node_limit,
            time_limit=time_limit,
            state=path,
            progress=show,
        )
    except SearchInterrupted as exc:
        click.echo(f"{exc.solutions} or more solutions (interrupted){where}")
        if path is not None:
            click.echo(
                f"sudokit: the pieces counted so far are kept in {path}; run the same command to go on",
                err=True,
            )
        raise
    finally:
        if bar is not None:
            bar.close()


def _echo_count(result: CountResult, limit: int, where: str, tally: Tally) -> None:
    """Print a count's line: the count first, then whether it is exact and what stopped it."""
    noun = "solution" if result.count == 1 else "solutions"
    if not result.determined:
        noun += " under the rules read"
    if result.complete:
        text = f"{result.count} {noun}" + (
            f" ({result.reason})" if result.count == 0 and result.reason else ""
        )
    elif result.stopped_by == "limit":
        which = "the default limit" if limit == DEFAULT_COUNT_LIMIT else "the limit"
        text = f"{result.count} {noun} (stopped at {which} of {limit:,}; there may be more"
        text += "; --limit none counts them all)" if limit == DEFAULT_COUNT_LIMIT else ")"
    else:
        text = f"{result.count} {noun} or more (stopped by the {result.stopped_by} limit)"
        tally.failed += 1
    click.echo(text + where)
    tally.done += 1


@cli.command()
@click.argument("puzzle")
@click.option(
    "--explain-ambiguity",
    is_flag=True,
    help="The setter's check: for several solutions, show two and the cells where they differ; "
    "for one, list the givens and constraints each of which could go alone.",
)
@click.option(
    "--logic",
    is_flag=True,
    help="The setter's logical solve: unique or not, solved by logic or stuck (and where), the hardest "
    "step and the rating, in one line.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="With --explain-ambiguity or --logic: one JSON object per puzzle."
)
@input_options
@limit_options
def check(
    puzzle: str,
    explain_ambiguity: bool,
    logic: bool,
    as_json: bool,
    node_limit: int | None,
    time_limit: float | None,
    **options: Any,
) -> None:
    """Say whether PUZZLE is valid and has no, one or several solutions.

    Exit code 0 only when every puzzle has exactly one (with --logic: and logic alone solves it);
    3 when some answer is undetermined (rules of the input were not read, so the count is for the
    rules read only and no verdict) and none failed; 1 otherwise.
    """
    from sudokit.english import plural
    from sudokit.solver import count_solutions

    entries = load_entries(puzzle, **options)
    tally = Tally(len(entries), "checked")
    if logic:
        for entry, (ok, text) in tally.answers(entries, lambda item: _logic_check(item, time_limit, as_json)):
            tally.judge(ok)
            click.echo(text if as_json else entry.where + text)
        tally.finish()
        return
    if explain_ambiguity:
        for entry, (unique, text) in tally.answers(
            entries, lambda item: _audit_text(item, time_limit, as_json)
        ):
            tally.judge(unique)
            click.echo(text if as_json else entry.where + text)
        tally.finish()
        return
    for entry, result in tally.answers(
        entries, lambda item: count_solutions(item, 2, node_limit=node_limit, time_limit=time_limit)
    ):
        if result.determined and result.puzzle.conflicts():
            text = f"invalid: {result.reason}"
        elif result.stopped_by in ("nodes", "time"):
            found = plural(result.count, "solution")
            text = f"unknown: stopped by the {result.stopped_by} limit after {found}"
        elif not result.determined:
            tally.undetermined += 1
            click.echo(entry.where + _undetermined_text(result.count, result.complete))
            continue
        elif result.count == 0:
            text = f"no solution: {result.reason}" if result.reason else "no solution"
        elif result.count == 1:
            text = "unique: valid, with exactly one solution"
        else:
            text = "multiple: valid, but with more than one solution"
        if not text.startswith("unique"):
            tally.failed += 1
        click.echo(entry.where + text)
    tally.finish()


def _undetermined_text(count: int, complete: bool) -> str:
    """``check``'s line for an answer under the rules read only (the unread rules are on stderr)."""
    from sudokit.solver import under_rules_read

    return f"undetermined: {under_rules_read(count, complete)} (some rules were not read)"


def _logic_check(puzzle: Puzzle, time_limit: float | None, as_json: bool) -> tuple[bool | None, str]:
    """A setter's logical solve in one line: (unique and solved by logic, the line or its JSON).

    The first is None when the answer is undetermined (rules not read).

    ``unique · solved by logic in 57 steps · hardest: X-Wing · score 1,020 (hard)``, or where logic
    is stuck: after how many steps and how many cells are still empty.
    """
    from sudokit.english import plural
    from sudokit.errors import PuzzleError
    from sudokit.logic import explain as explain_puzzle
    from sudokit.solver import count_solutions

    counted = count_solutions(puzzle, 2, time_limit=time_limit)
    if counted.stopped_by == "time":
        return False, _logic_json(
            {"unique": None, "stopped_by": "time"}
        ) if as_json else "unknown: stopped by the time limit"
    if not counted.determined:
        text = _undetermined_text(counted.count, counted.complete)
        data: dict[str, Any] = {"status": "undetermined", "unique": None, "unread": list(puzzle.unread)}
        return None, _logic_json({**data, "solutions": counted.count}) if as_json else text
    if counted.count == 0:
        text = f"no solution: {counted.reason}" if counted.reason else "no solution"
        return False, _logic_json({"unique": False, "solutions": 0}) if as_json else text
    try:
        path = explain_puzzle(puzzle, time_limit=time_limit or 60.0, guess=False)
    except PuzzleError as exc:
        return False, _logic_json({"unique": False, "error": str(exc)}) if as_json else str(exc)
    unique = counted.count == 1
    rating = path.rating
    empty = sum(1 for v in path.values if v < 0)
    if path.stopped_by == "stuck":
        how = f"stuck after {plural(len(path.steps), 'step')} with {plural(empty, 'cell')} empty"
    elif path.stopped_by == "time":
        how = f"stopped by the time limit after {plural(len(path.steps), 'step')}"
    else:
        how = f"solved by logic in {plural(len(path.steps), 'step')}"
    words = ["unique" if unique else "several solutions", how]
    if path.stopped_by is None:
        words.append(rating.scale())  # score (level), hardest: technique (SE)
    elif path.steps:
        words.append(f"hardest so far: {rating.hardest}")
    ok = unique and path.stopped_by is None
    if as_json:
        data = {
            "unique": unique,
            "solved_by_logic": path.stopped_by is None,
            "stuck": path.stopped_by == "stuck",
            "steps": len(path.steps),
            "empty": empty,
            "hardest": rating.hardest if path.steps else None,
            "score": rating.score if path.stopped_by is None else None,
            "level": rating.level.label if path.stopped_by is None else None,
            "pencilmarks": path.marks_text() if path.stopped_by == "stuck" else None,
        }
        return ok, _logic_json(data)
    return ok, " · ".join(words)


def _audit_text(puzzle: Puzzle, time_limit: float | None, as_json: bool) -> tuple[bool | None, str]:
    """The setter's check of one puzzle: (unique, or None when undetermined; the text to print)."""
    from sudokit.model import EMPTY, cell_name
    from sudokit.render import pretty
    from sudokit.setter import audit

    found = audit(puzzle, time_limit=time_limit or 60.0)
    settled = puzzle.determined or (found.count == 0 and puzzle.certain)  # a verdict, not a relaxation's
    grid = puzzle.grid
    names = [cell_name(grid.cells[c]) for c in found.differing]
    if as_json:
        data: dict[str, Any] = {
            "count": found.count if found.count < 2 else "2+",
            "solutions": [s.to_string() for s in found.solutions],
            "differing": names,
            "redundant_givens": [
                f"{cell_name(grid.cells[c])}={grid.symbols[puzzle.givens[c]]}" for c in found.redundant_givens
            ],
            "redundant_constraints": list(found.redundant_constraints),
            "complete": found.complete,
            "warning": puzzle.warning,
        }
        if not settled:
            data = {"status": "undetermined", "unread": list(puzzle.unread), **data}
        return (found.unique if settled else None), json.dumps(data)
    if not settled:
        lines = [_undetermined_text(found.count, found.complete or found.count >= 2)]
        lines += [
            f"solution {k} under the rules read: {s.to_string()}" for k, s in enumerate(found.solutions, 1)
        ]
        return None, "\n".join(lines)
    if found.count == 0:
        return False, "no solution"
    if found.count == 2:
        first, second = found.solutions
        differ = set(found.differing)

        def only_differing(values: Sequence[int]) -> str:
            return pretty(grid, [v if c in differ else EMPTY for c, v in enumerate(values)])

        lines = [
            f"multiple: two solutions differ in {len(names)} cells: {' '.join(names)}",
            f"solution 1: {first.to_string()}",
            f"solution 2: {second.to_string()}",
            "where they differ, solution 1:",
            only_differing(first.values),
            "and solution 2:",
            only_differing(second.values),
        ]
        return False, "\n".join(lines)
    lines = ["unique: valid, with exactly one solution"]
    if found.redundant_givens:
        shown = [
            f"{cell_name(grid.cells[c])} ({grid.symbols[puzzle.givens[c]]})" for c in found.redundant_givens
        ]
        lines.append(f"redundant givens, each removable alone: {', '.join(shown)}")
    if found.redundant_constraints:
        lines.append("redundant constraints, each removable alone:")
        lines += [f"  {name}" for name in found.redundant_constraints]
    if not found.redundant_givens and not found.redundant_constraints and found.complete:
        lines.append("minimal: every given and every constraint is needed")
    if not found.complete:
        lines.append("(the time limit stopped the check before every given and constraint was tried)")
    return True, "\n".join(lines)


def _run_state_path(partial: str) -> str:
    """The small file beside ``OUT.partial`` that says which run wrote it: ``OUT.partial.run``."""
    return partial + ".run"


def _batch_run_id(file: str, options: Any) -> str | None:
    """What makes a batch run the same command again: the input (path, size, time) and the options."""
    try:
        stat = os.stat(file)
    except OSError:
        return None  # a URL, or not there: only --resume resumes
    what = [os.path.abspath(file), stat.st_size, stat.st_mtime_ns, repr(options)]
    return hashlib.sha256(json.dumps(what).encode()).hexdigest()


def _read_run_id(partial: str) -> str | None:
    try:
        with open(_run_state_path(partial), encoding="utf-8") as handle:
            return handle.read().strip()
    except OSError:
        return None


def _write_run_id(partial: str, run_id: str) -> None:
    with open(_run_state_path(partial), "w", encoding="utf-8") as handle:
        handle.write(run_id + "\n")


def _open_input(file: str) -> BinaryIO:
    """A local file, or a URL (s3://, gs://, https://, ...) read through fsspec, opened for bytes."""
    if "://" not in file:
        try:
            return open(file, "rb")
        except OSError as exc:
            raise CommandError(file_error(file, exc)) from None
    try:
        import fsspec
    except ImportError:
        raise CommandError(f"reading {file} needs fsspec: pip install 'sudokit[cluster]'") from None
    try:
        return fsspec.open(file, "rb").open()  # type: ignore[no-any-return]
    except (ValueError, ImportError) as exc:  # an unknown protocol, or its driver missing
        raise CommandError(f"cannot read {file}: {exc}") from None


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    help="Write the answers here (as OUTPUT.partial until the run is complete).",
)
@click.option(
    "--keep-lines", is_flag=True, help="Copy blank and comment lines too: output line N answers input line N."
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="One JSON object per puzzle: line, status, count, solution, reason (a CSV row's other fields "
    "under columns).",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Continue an interrupted -o run: keep the complete lines of OUTPUT.partial, solve the rest "
    "(the same command does this by itself when the input file and options are unchanged).",
)
@parallel_options("threads")
@cluster_option
@input_options
@limit_options
def batch(
    file: str,
    output: str | None,
    keep_lines: bool,
    as_json: bool,
    resume: bool,
    jobs: int,
    cluster: str | None,
    progress: bool | None,
    node_limit: int | None,
    time_limit: float | None,
    **options: Any,
) -> None:
    """Solve one puzzle per line of FILE (- for stdin), writing one line per puzzle in the same order.

    \b
    Each output line is one of:
      SOLUTION                   the first solution (one of several counts as multiple)
      ! line N: REASON           no solution, not a puzzle, or a limit hit first
      ? line N: uniqueness unknown (time limit): SOLUTION
                                 a solution, but a limit stopped the search for a second

    Blank and '#' comment lines are skipped (--keep-lines copies them).  A 729-character line of
    digits and dots is a 9x9 candidate (sukaku) line, as for solve.  A CSV or TSV file whose header
    names its puzzle column (puzzle, quizzes, givens, ...), JSON Lines, or Parquet (sudokit[data]) is
    read row by row; --json keeps the row's other columns beside each answer.  A summary goes to stderr; with
    --progress when stderr is no terminal, a progress line every 5 seconds, naming the line the run
    waits on when one puzzle holds it up.  Ctrl-C ends the run:
    what is done is written and the summary so far printed; with -o, OUTPUT.partial is kept, and
    the same command with --resume continues it.  Exit codes: 0 every puzzle solved (several
    solutions allowed), 1 otherwise, 130 after Ctrl-C.
    """  # noqa: D301 - click's \b keeps the list of line forms as written
    import signal
    import threading

    from sudokit.batch import (
        LINE_FORMATS,
        BatchInterrupted,
        BatchOptions,
        ProgressLog,
        count_lines,
        partial_path,
        solve_file,
        trim_partial,
        workers_done,
    )
    from sudokit.english import number, plural
    from sudokit.execution import default_workers
    from sudokit.formats.text import ReadOptions

    input_format = options.get("input_format")
    if input_format is not None and input_format not in LINE_FORMATS:
        formats = ", ".join(LINE_FORMATS)
        raise click.BadParameter(f"batch reads one puzzle per line: {formats}", param_hint="--input-format")
    if options.get("variants"):
        raise click.BadParameter("batch reads classic one-line puzzles", param_hint="--variant")
    if resume and not output:
        raise click.BadParameter("--resume continues the file that -o names", param_hint="--resume")
    if as_json and keep_lines:
        raise click.BadParameter(
            "--json writes one object per puzzle; it keeps no other lines", param_hint="--json"
        )
    read_options = ReadOptions(
        options.get("size"), options.get("box"), options.get("symbols"), one_per_line=True
    )
    batch_options = BatchOptions(read_options, 2, node_limit, time_limit, input_format, keep_lines)
    partial = partial_path(output) if output else None
    run_id = _batch_run_id(file, batch_options) if partial and file != "-" else None
    if partial and run_id and not resume and os.path.exists(partial) and _read_run_id(partial) == run_id:
        resume = True  # the same command was interrupted: go on from its output
    done = flagged = 0  # output lines kept from an interrupted run, and how many of them are not answers
    if partial and resume and os.path.exists(partial):
        done, flagged = trim_partial(partial)
        click.echo(f"sudokit: resuming after the {plural(done, 'line')} of {partial}", err=True)
    elif partial and resume:
        click.echo(f"sudokit: no {partial} to resume; starting from the first line", err=True)
    show_progress = sys.stderr.isatty() if progress is None else progress
    local = file != "-" and "://" not in file
    totals = count_lines(file) if show_progress and local else None
    source = sys.stdin.buffer if file == "-" else _open_input(file)
    sink = open(partial, "a" if done else "w", encoding="utf-8") if partial else sys.stdout  # noqa: SIM115
    if partial and run_id:
        _write_run_id(partial, run_id)
    elif partial:  # stdin or a URL: this partial output is nobody's to resume by itself
        with contextlib.suppress(FileNotFoundError):
            os.remove(_run_state_path(partial))
    bar = None
    report: Callable[[int], object] | None = None
    waiting: Callable[[int, float], object] | None = None  # told of a line that holds the run up
    if show_progress:
        remaining = max(totals[1] - done, 0) if totals else None
        if sys.stderr.isatty():
            from tqdm import tqdm

            bar = tqdm(total=remaining, unit=" puzzles", file=sys.stderr, dynamic_ncols=True)
            report = bar.update

            def waiting_on(line: int, seconds: float, bar: Any = bar) -> None:
                bar.set_postfix_str(f"waiting on line {line} ({seconds:,.0f} s)")

            waiting = waiting_on

        else:
            log = ProgressLog(sys.stderr, remaining)
            report, waiting = log, log.waiting
    stop = threading.Event()

    def interrupt(_signal: int, _frame: Any) -> None:
        if stop.is_set():
            raise KeyboardInterrupt  # a second Ctrl-C: stop waiting for anything
        stop.set()

    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, interrupt) if main_thread else None
    interrupted = False
    try:
        with _executor(cluster) as executor:
            summary = solve_file(
                source,
                sink,
                jobs=jobs or default_workers(),
                options=batch_options,
                progress=report,
                skip=done,
                stop=stop,
                executor=executor,
                location=None if file == "-" else (os.path.abspath(file) if local else file),
                json_lines=as_json,
                waiting=waiting,
            )
    except BatchInterrupted as exc:
        summary, interrupted = exc.summary, True
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
        if bar is not None:
            bar.close()
        if source is not sys.stdin.buffer:
            source.close()
        if sink is not sys.stdout:
            sink.close()
    if interrupted:
        total = totals or (count_lines(file) if local else None)
        lines = (
            f"{number(summary.lines)} of {plural(total[0], 'line')}"
            if total
            else plural(summary.lines, "line")
        )
        click.echo(f"sudokit: interrupted after {lines}", err=True)
        click.echo(summary.describe(), err=True)
        if partial:
            written = summary.lines if keep_lines else done + summary.puzzles
            again = (
                "run the same command again to continue" if run_id else "run again with --resume to continue"
            )
            click.echo(f"{plural(written, 'line')} written to {partial}; {again}", err=True)
        if not workers_done(1.0):  # a search that does not notice: leave without waiting for it
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        sys.exit(130)
    if output and partial:
        os.replace(partial, output)
        with contextlib.suppress(FileNotFoundError):
            os.remove(_run_state_path(partial))
    click.echo(summary.describe(), err=True)
    sys.exit(1 if summary.failures or flagged else 0)


@cli.command()
@click.argument("puzzle")
@click.option("--candidates", is_flag=True, help="Show the pencil marks left by the givens.")
@click.option(
    "--rules",
    "rules_report",
    is_flag=True,
    help="Show what the rules text and the drawings became: each sentence, each sort of drawing, "
    "the rules read and what was not (--json: one object per puzzle).",
)
@click.option(
    "--true-candidates",
    "true",
    is_flag=True,
    help="Show, for each cell, the symbols it holds in at least one solution.",
)
@click.option(
    "--per-candidate",
    type=click.IntRange(1, 1000),
    default=1,
    show_default=True,
    help="With --true-candidates: count up to this many solutions for each candidate (--json shows them).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(WRITE_FORMATS),
    default="pretty",
    show_default=True,
    help="Print the puzzle in this format (converts between formats).",
)
@click.option("--json", "as_json", is_flag=True, help="With --true-candidates: one JSON object per puzzle.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write to this file.")
@limit_options
@input_options
def show(
    puzzle: str,
    candidates: bool,
    rules_report: bool,
    true: bool,
    per_candidate: int,
    output_format: str,
    as_json: bool,
    output: str | None,
    node_limit: int | None,
    time_limit: float | None,
    **options: Any,
) -> None:
    """Print PUZZLE as a grid, as pencil marks, or converted to another format.

    --rules shows what each sentence of the rules text and each drawing became, so a setter sees at
    once what sudokit did not understand.

    --true-candidates shows the symbols each cell holds in some solution (each candidate proved by a
    solution or refuted by a search); a candidate a --node-limit (per search) or --time-limit left
    unsettled is kept, and a line says so.
    """
    from sudokit.english import plural
    from sudokit.render import candidate_grid, pencil_marks
    from sudokit.solver import true_candidates

    puzzles = load_puzzles(puzzle, **options)
    if rules_report:
        from sudokit.formats.rules_text import format_rules_report
        from sudokit.formats.rules_text import rules_report as report_of

        reports = [report_of(p) for p in puzzles]
        if as_json:
            text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in reports)
        else:
            text = "\n".join(format_rules_report(r) for r in reports)
    elif true:
        parts = []
        for p in puzzles:
            found = true_candidates(
                p,
                per_candidate=per_candidate,
                node_limit=node_limit if node_limit is not None else 100_000,
                time_limit=time_limit,
            )
            if as_json:
                parts.append(json.dumps(found.as_dict(), ensure_ascii=False) + "\n")
                continue
            note = "" if found.solvable else "no solution: some cell has no candidate left\n"
            if not found.complete:
                note += (
                    f"stopped by its {found.stopped_by} limit: {plural(len(found.unsettled), 'candidate')} "
                    "not settled (kept)\n"
                )
            parts.append(candidate_grid(p.grid, found.candidates) + "\n" + note)
        text = "\n".join(parts)
    else:
        text = (
            "\n".join(pencil_marks(p) + "\n" for p in puzzles)
            if candidates
            else dumps(puzzles, output_format)
        )
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        click.echo(text, nl=False)


@cli.command()
@click.argument("puzzle")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write the SVG (or PDF) here."
)
@click.option(
    "--solve", "with_solution", is_flag=True, help="Draw the solution too (solved symbols in blue)."
)
@click.option("--candidates", is_flag=True, help="Draw the pencil marks left by the givens.")
@click.option("--cell", type=click.IntRange(16, 200), default=40, show_default=True, help="Cell size.")
@click.option(
    "--pdf",
    is_flag=True,
    help="A PDF to print (needs -o; also when -o ends in .pdf): every puzzle of the input, and with "
    "--solve their solutions at the back (the 'pdf' extra).",
)
@input_options
def render(
    puzzle: str,
    output: str | None,
    with_solution: bool,
    candidates: bool,
    cell: int,
    pdf: bool,
    **options: Any,
) -> None:
    """Draw PUZZLE as SVG: boxes, regions, cages with sums, diagonals, windows, givens, solution.

    With several puzzles in the input, the first is drawn (with --pdf, all of them).
    """
    from sudokit.svg import render_svg

    if pdf or (output or "").lower().endswith(".pdf"):
        _write_pdf(load_puzzles(puzzle, **options), output, with_solution)
        return
    chosen = load_puzzles(puzzle, **options)[0]
    values = _solution_to_draw(chosen) if with_solution else None
    marks = chosen.candidates() if candidates and not with_solution else None
    text = render_svg(chosen, values, marks, cell)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        click.echo(text, nl=False)


def _solution_to_draw(puzzle: Puzzle, where: str = "") -> tuple[int, ...]:
    """The solution ``render --solve`` draws; CommandError (prefixed ``where``) when there is none."""
    from sudokit.solver import solve

    found = solve(puzzle)
    if found.solution is None:
        raise CommandError(f"{where}no solution to draw: {found.reason or found.status.value}")
    return found.solution.values


def _write_pdf(
    puzzles: Sequence[Puzzle],
    output: str | None,
    with_solution: bool,
    solutions: Sequence[Sequence[int] | None] | None = None,
) -> None:
    """The puzzles as a PDF at ``output``; with their solutions at the back when asked (or given)."""
    from sudokit.pdf import render_pdf

    if not output:
        raise CommandError("--pdf writes a file: give it with -o FILE.pdf")
    if with_solution and solutions is None:
        solutions = [_solution_to_draw(chosen, f"puzzle {k + 1}: ") for k, chosen in enumerate(puzzles)]
    data = render_pdf(puzzles, solutions if with_solution else None)
    with open(output, "wb") as handle:
        handle.write(data)


def _logic_json(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


LOGIC_TIME_LIMIT = 60.0
"""Seconds ``explain``, ``hint`` and ``rate`` spend on one puzzle unless told otherwise."""


def logic_limit_option(command: F) -> F:
    """``--time-limit`` for the human-style commands, with a default: a big grid can take for ever."""
    return click.option(
        "--time-limit",
        type=click.FloatRange(min=0, min_open=True),
        default=LOGIC_TIME_LIMIT,
        show_default=True,
        metavar="SECONDS",
        help="Stop working on a puzzle after this many seconds.",
    )(command)


@cli.command()
@click.argument("puzzle")
@click.option("--json", "as_json", is_flag=True, help="Write one JSON object per puzzle instead of text.")
@click.option(
    "--technique",
    "techniques",
    multiple=True,
    metavar="KEY",
    help="Allow only these techniques (keys such as naked_pair, x_wing); repeatable.",
)
@click.option(
    "--guess/--no-guess",
    default=False,
    help="Where no technique applies, guess from the solution and go on (default: stop there and show "
    "the pencil marks, as a logical solve does).",
)
@input_options
@logic_limit_option
def explain(
    puzzle: str, as_json: bool, techniques: tuple[str, ...], guess: bool, time_limit: float, **options: Any
) -> None:
    """Print the step-by-step human-style path that solves PUZZLE, with its rating.

    Where no technique applies, the path stops and says so, with the pencil marks at that point
    (--guess goes on by guessing).  A puzzle with several solutions is explained towards its first,
    and says so.  Exit code 1 when a puzzle cannot be explained (no solution) or the time limit ends
    its path.
    """
    from sudokit.logic import explain as explain_puzzle

    entries = load_entries(puzzle, **options)
    tally = Tally(len(entries), "explained")
    chosen = techniques or None
    for entry, path in tally.answers(
        entries, lambda item: explain_puzzle(item, techniques=chosen, time_limit=time_limit, guess=guess)
    ):
        if as_json:
            click.echo(_logic_json(path.as_dict()))
        else:
            if entry.where:
                click.echo(entry.where.rstrip(" ").rstrip(":") + ":")
            click.echo(path.describe())
        if path.stopped_by == "time":
            tally.fail(entry, f"stopped by the time limit of {time_limit:g} s before the path was complete")
    tally.finish()


@cli.command()
@click.argument("puzzle")
@click.option(
    "--stage",
    type=click.IntRange(1, 3),
    default=3,
    show_default=True,
    help="1: where to look, 2: also which technique, 3: the full step.",
)
@click.option("--json", "as_json", is_flag=True, help="Write the hint as JSON (all stages).")
@input_options
@logic_limit_option
def hint(puzzle: str, stage: int, as_json: bool, time_limit: float, **options: Any) -> None:
    """Give the next step for PUZZLE as it stands (placed symbols and pencil marks count).

    For a puzzle with several solutions, a note on stderr says the hint leads to the first.
    """
    from sudokit.logic import hint as hint_for

    entries = load_entries(puzzle, **options)
    tally = Tally(len(entries), "hinted")
    for entry, found in tally.answers(entries, lambda item: hint_for(item, time_limit=time_limit)):
        if found is None:
            click.echo(_logic_json({"complete": True}) if as_json else f"{entry.where}the grid is complete")
            continue
        result, board = found
        if as_json:
            click.echo(_logic_json({**result.as_dict(board), "unique": board.unique}))
        else:
            click.echo(entry.where + result.stage(stage))
        if entry.puzzle is not None and not entry.puzzle.determined:
            click.echo(
                f"sudokit: {entry.blame}note: some rules were not read; hints follow the rules read", err=True
            )
        elif not board.unique:
            click.echo(
                f"sudokit: {entry.blame}note: the puzzle has several solutions; hints lead to the first",
                err=True,
            )
    tally.finish()


@cli.command()
@click.argument("puzzle")
@click.option("--json", "as_json", is_flag=True, help="Write one JSON object per puzzle, in input order.")
@click.option(
    "--se",
    "se_scale",
    is_flag=True,
    help="Sudoku Explainer's rating (ER/EP/ED, by SE's rules; classic 9x9) instead of HoDoKu's score.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    help="Write one line per puzzle here (as OUTPUT.partial until every puzzle is rated); the same "
    "command again continues an interrupted run.",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Continue an interrupted -o run from its OUTPUT.partial even if the input or options changed.",
)
@parallel_options("processes")
@cluster_option
@input_options
@logic_limit_option
def rate(
    puzzle: str,
    as_json: bool,
    se_scale: bool,
    output: str | None,
    resume: bool,
    jobs: int,
    cluster: str | None,
    progress: bool | None,
    time_limit: float,
    **options: Any,
) -> None:
    """Rate how hard PUZZLE (or every puzzle of a file) is: score, level and hardest technique.

    With --se, Sudoku Explainer's ER/EP/ED instead (the rating forums and graders quote).  Only
    puzzles with one solution are rated; any other gets its reason on stderr (and, with --json, an
    "error" record in its place; with -o, a "! line N: reason" line) and exit code 1.  With -o,
    Ctrl-C keeps the lines written so far in OUTPUT.partial, and the same command continues them.
    """
    from sudokit.batch import partial_path, trim_partial
    from sudokit.english import plural
    from sudokit.logic.batch import rate_puzzles

    if resume and not output:
        raise click.BadParameter("--resume continues the file that -o names", param_hint="--resume")
    entries = load_entries(puzzle, **options)
    sink: TextIO = sys.stdout
    partial = partial_path(output) if output else None
    done = 0
    if partial:
        scale_options = {"se": se_scale, "json": as_json, "time_limit": time_limit, **options}
        run_id = _batch_run_id(puzzle, scale_options)
        if os.path.exists(partial) and (resume or (run_id is not None and _read_run_id(partial) == run_id)):
            done = min(trim_partial(partial)[0], len(entries))
            click.echo(f"sudokit: resuming after the {plural(done, 'line')} of {partial}", err=True)
        sink = open(partial, "a" if done else "w", encoding="utf-8", buffering=1)  # noqa: SIM115
        if run_id is not None:
            _write_run_id(partial, run_id)
    todo = entries[done:]
    tally = Tally(len(todo), "rated")
    good = [e.puzzle for e in todo if e.puzzle is not None]
    if progress is None:
        progress = sys.stderr.isatty() and len(good) > 1
    try:
        with _executor(cluster) as executor:
            scale = "se" if se_scale else "hodoku"
            outcomes = rate_puzzles(good, jobs, progress, time_limit, executor, scale=scale)
            _write_ratings(todo, outcomes, as_json, tally, sink, every_line=partial is not None)
    except KeyboardInterrupt:
        if partial:
            sink.close()
            click.echo(
                f"sudokit: {plural(done + tally.done + tally.failed, 'line')} written to {partial}; "
                "run the same command again to continue",
                err=True,
            )
        raise
    if partial and output:
        sink.close()
        os.replace(partial, output)
        with contextlib.suppress(FileNotFoundError):
            os.remove(_run_state_path(partial))
    tally.finish()


@contextlib.contextmanager
def _executor(cluster: str | None) -> Iterator[Any]:
    """A Dask executor for ``--cluster`` (closed after), or None: the command's own local workers."""
    if not cluster:
        yield None
        return
    from sudokit.execution import open_executor

    executor = open_executor(cluster)
    try:
        yield executor
    finally:
        executor.close(wait=False)


def _write_ratings(
    entries: list[Entry],
    outcomes: Iterator[Any],
    as_json: bool,
    tally: Tally,
    sink: TextIO,
    every_line: bool = False,
) -> None:
    """``rate``'s output: each entry's rating (or why it has none), in input order.

    With ``every_line`` (an output file to resume) every entry has its line, a failure too.
    """

    def line(text: str) -> None:
        sink.write(text + "\n")

    for entry in entries:
        if entry.puzzle is None:
            tally.fail(entry)
            if as_json:
                line(_logic_json({"puzzle": None, "error": entry.error}))
            elif every_line:
                line(f"! {entry.where}{entry.error or 'not a puzzle'}")
            continue
        outcome = next(outcomes)
        text = _puzzle_text(entry.puzzle)
        if isinstance(outcome, str):
            tally.fail(entry, f"cannot rate: {outcome}")
            if as_json:
                line(_logic_json({"puzzle": text, "error": outcome}))
            elif every_line:
                line(f"! {entry.where}cannot rate: {outcome}")
            continue
        tally.done += 1
        record = {"puzzle": text, **outcome.as_dict()}
        line(_logic_json(record) if as_json else f"{entry.where}{outcome}")


def _one_line(text: str) -> str:
    """A format's text as one line: JSON documents compacted, other forms as written."""
    stripped = text.strip()
    if stripped.startswith("{"):
        return json.dumps(json.loads(stripped), ensure_ascii=False)
    return stripped


@cli.command()
@click.option("--size", type=click.IntRange(4, 64), default=9, show_default=True, help="Grid size n (n x n).")
@click.option("--box", callback=_parse_box, metavar="RxC", help="Box shape, rows x columns (e.g. 2x3).")
@click.option(
    "--variant",
    "variant_names",
    multiple=True,
    metavar="NAME",
    help="Variant, repeatable: x, windoku, disjoint-groups, centre-dot, antiknight, antiking, "
    "nonconsecutive, jigsaw, killer, odd-even, or a layout (samurai, twodoku, butterfly, ...).",
)
@click.option(
    "--rules-from",
    "rules_from",
    metavar="PUZZLE",
    help="Use the grid and rules of this puzzle (a link, file or text; its givens are ignored): "
    "givens are made for a setter's thermometers, sandwiches, multi-grid layout, ...",
)
@click.option(
    "--symmetry",
    default="none",
    show_default=True,
    help="Symmetry of the givens: none, rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral.",
)
@click.option("--givens", metavar="N|A..B", help="Number of givens, or a range (default: a minimal puzzle).")
@click.option(
    "--pattern",
    metavar="MASK|FILE",
    help="Cells where givens may stand: one character per cell, '.' or '0' for none (or a file).",
)
@click.option(
    "--level",
    "levels",
    multiple=True,
    metavar="LEVEL",
    help="Level by the rater: easy, medium, hard, unfair, extreme; repeatable.",
)
@click.option("--score", metavar="A..B", help="Rater's score in this range.")
@click.option("--se", metavar="A..B", help="Sudoku Explainer-style rating in this range.")
@click.option("--technique", metavar="KEY", help="The logical path must use this technique (e.g. x_wing).")
@click.option("--cages", default="2..4", show_default=True, metavar="A..B", help="Killer cage sizes.")
@click.option("--cage-givens", is_flag=True, help="Killer: keep givens as well as cages.")
@click.option(
    "-n", "--count", type=click.IntRange(min=1), default=1, show_default=True, help="Puzzles to make."
)
@click.option(
    "--seed", type=click.IntRange(min=0), help="Seed: puzzle i is made from SEED + i (reproducible)."
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(WRITE_FORMATS),
    help="Output format (default: one line when it holds every rule, else an f-puzzles link).",
)
@click.option(
    "--json", "as_json", is_flag=True, help="One JSON object per puzzle: puzzle, solution, seed, ..."
)
@click.option("--solution", "with_solution", is_flag=True, help="Write each solution after its puzzle.")
@click.option(
    "--rate", "with_rating", is_flag=True, help="Rate each puzzle (a '# ...' line, or in the JSON)."
)
@click.option(
    "--attempts",
    type=click.IntRange(min=1),
    default=2_000,
    show_default=True,
    help="Random grids to try per puzzle before giving up.",
)
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0, min_open=True),
    default=60.0,
    show_default=True,
    metavar="SECONDS",
    help="Seconds to spend per puzzle before giving up.",
)
@click.option(
    "--check-nodes",
    type=click.IntRange(min=0),
    metavar="N",
    help="Guesses per uniqueness check before a given is kept unsettled (0: no limit; default: "
    "none up to 20x20, 512 up to 25x25, 64 beyond, which may leave a puzzle not minimal).",
)
@click.option(
    "--pdf",
    is_flag=True,
    help="Write a booklet to print (needs -o; also when -o ends in .pdf): the puzzles, then their "
    "solutions at the back (the 'pdf' extra).",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write to this file.")
@parallel_options("processes")
@cluster_option
def generate(
    variant_names: tuple[str, ...],
    rules_from: str | None,
    pattern: str | None,
    levels: tuple[str, ...],
    count: int,
    seed: int | None,
    output_format: str | None,
    as_json: bool,
    with_solution: bool,
    with_rating: bool,
    output: str | None,
    jobs: int,
    cluster: str | None,
    progress: bool | None,
    cages: str,
    pdf: bool,
    **options: Any,
) -> None:
    """Make new puzzles with one solution: minimal, symmetric, graded, for every variant.

    Every puzzle is proved unique before it is written.  When a request cannot be met within
    --attempts or --time-limit per puzzle, one line says what could not be met (exit code 1).
    """
    from sudokit.generator import new_seed

    if pattern is not None and _looks_like_path(pattern):
        try:
            with open(pattern, encoding="utf-8") as handle:
                pattern = "".join(line for line in handle if not line.lstrip().startswith("#"))
        except OSError as exc:
            raise CommandError(file_error(pattern, exc)) from None
    if rules_from is not None:
        if variant_names or options.get("box"):
            raise CommandError("--rules-from brings its own grid: give no --variant or --box")
        options["grid"] = load_puzzles(rules_from)[0].grid
    base = new_seed() if seed is None else seed
    with _executor(cluster) as executor:
        _write_generated(
            count,
            jobs,
            executor,
            base,
            variant_names,
            pattern,
            levels,
            cages,
            output,
            output_format,
            as_json,
            with_solution,
            with_rating,
            progress,
            options,
            pdf or (output or "").lower().endswith(".pdf"),
        )


def _write_generated(
    count: int,
    jobs: int,
    executor: Any,
    base: int,
    variant_names: tuple[str, ...],
    pattern: str | None,
    levels: tuple[str, ...],
    cages: str,
    output: str | None,
    output_format: str | None,
    as_json: bool,
    with_solution: bool,
    with_rating: bool,
    progress: bool | None,
    options: dict[str, Any],
    pdf: bool = False,
) -> None:
    """``generate``'s work: the puzzles made (here or on the executor) and written in seed order."""
    from sudokit.generator import generate_many

    made = generate_many(
        count,
        options.pop("size"),
        seed=base,
        jobs=jobs,
        executor=executor,
        variant=variant_names,
        pattern=pattern,
        level=levels or None,
        cage_sizes=cages,
        rate=with_rating,
        **options,
    )
    tally = Tally(count, "generated")
    if progress is None:
        progress = sys.stderr.isatty() and count > 3
    if output and _is_table(output):
        _write_generated_table(made, output, tally, progress)
        return
    if pdf:
        if not output:
            raise CommandError("--pdf writes a file: give it with -o FILE.pdf")
        with contextlib.closing(made):
            items = list(made)
        tally.done = len(items)
        _write_pdf([i.puzzle for i in items], output, True, [i.solution.values for i in items])
        return
    with (
        contextlib.closing(made),  # on an error the workers stop here, not when the generator is collected
        open(output, "w", encoding="utf-8") if output else contextlib.nullcontext(sys.stdout) as out,
    ):
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(total=count, unit="puzzle", file=sys.stderr, leave=False)
        try:
            for item in made:
                natural = natural_format(item.puzzle)
                chosen = output_format or natural
                if natural != "line" and chosen in ("line", "grid", "pretty", "sdk", "sdm", "ss"):
                    raise CommandError(
                        f"--format {chosen} cannot hold this puzzle's rules ({item.puzzle.grid.describe()}); "
                        "use fpuzzles, fpuzzles-json or json"
                    )
                if as_json:
                    record = item.as_dict(chosen)
                    record["puzzle"] = _one_line(record["puzzle"])
                    if chosen != "line":
                        record["solution"] = _one_line(dumps(item.solution.as_puzzle(), chosen))
                    text = json.dumps(record, ensure_ascii=False) + "\n"
                else:
                    text = dumps(item.puzzle, chosen)
                    if with_rating and item.rating is not None:
                        text += f"# {item.rating}\n"
                    if with_solution:
                        text += dumps(item.solution.as_puzzle(), chosen)
                out.write(text)
                out.flush()
                tally.done += 1
                if bar is not None:
                    bar.update()
        finally:
            if bar is not None:
                bar.close()


_TABLE_SUFFIXES = (".csv", ".tsv", ".tab", ".jsonl", ".ndjson", ".parquet", ".pq")


def _is_table(path: str) -> bool:
    """Whether an output path names a dataset table (CSV, TSV, JSON Lines, Parquet; .gz too)."""
    return path.lower().removesuffix(".gz").endswith(_TABLE_SUFFIXES)


def _write_generated_table(made: Any, output: str, tally: Tally, progress: bool) -> None:
    """``generate -o x.csv`` (or .tsv, .jsonl, .parquet): one row per puzzle with named columns."""
    from sudokit.dataset import DatasetError, TableWriter

    columns = ["puzzle", "solution", "givens", "minimal", "unique", "seed", "attempts", "seconds"]
    rated = ["level", "score", "hardest", "se", "guesses", "techniques"]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=tally.total, unit="puzzle", file=sys.stderr, leave=False)
    try:
        with contextlib.closing(made), TableWriter(output, columns + rated) as out:
            for item in made:
                record = item.as_dict("line")
                rating = record.pop("rating", None) or {}
                if "techniques" in rating:
                    rating["techniques"] = ";".join(f"{k}={v}" for k, v in rating["techniques"].items())
                record["puzzle"] = _one_line(record["puzzle"])
                record["solution"] = _one_line(str(record.get("solution", "")))
                out.write({**record, **rating})
                tally.done += 1
                if bar is not None:
                    bar.update()
    except DatasetError as exc:
        raise CommandError(str(exc)) from None
    finally:
        if bar is not None:
            bar.close()


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on."
)
def serve(host: str, port: int) -> None:
    """Start the web app: play, enter, solve, explain, generate and share puzzles in the browser.

    Open http://127.0.0.1:8000 (the JSON API is documented at /docs).  Ctrl-C stops it.
    """
    try:
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise CommandError("the web app needs its extra: pip install 'sudokit[web]'") from None
    from sudokit.web import serve as run_server

    click.echo(f"sudokit: serving on http://{host}:{port} (Ctrl-C stops)", err=True)
    run_server(host, port)


@cli.command()
def demo() -> None:
    """Solve the bundled example puzzles (9x9, 6x6 with letters, 16x16) and show the timings."""
    from sudokit.demo import run_demo

    run_demo(click.echo)


@cli.group()
def dataset() -> None:
    """Datasets for research and machine learning: canonical forms, dedupe, split, augment, verify.

    \b
    Tables are CSV or TSV with a header, JSON Lines or Parquet (by suffix, or --format); the
    puzzle column is found by name (puzzle, quizzes, question, initial_board, ...), as are the
    solution (solution, solutions, answer, ...), an id and ratings, and every other column is kept.
    A file of one puzzle per line ('#' comments and blank lines skipped, a header line allowed) is
    read as batch reads it; dedupe, split and augment write it back one puzzle per line unless
    OUTPUT's suffix or --format asks for a table.
    Classic 4x4, 9x9 and 16x16 puzzles on one line, . or 0 for empty.
    """  # noqa: D301


_table_output = click.option(
    "-o", "--output", default="-", show_default=True, help="Write the table here (- for stdout)."
)
_table_format = click.option(
    "--format",
    "out_format",
    type=click.Choice(["csv", "tsv", "jsonl", "parquet"]),
    help="Output format (default: by suffix).",
)
_rows_format = click.option(
    "--format",
    "out_format",
    type=click.Choice(["csv", "tsv", "jsonl", "parquet", "lines"]),
    help="Output format (default: by suffix; a file of one puzzle per line stays one).",
)


def _open_dataset(file: str) -> Any:
    from sudokit.dataset import DatasetError, Table

    try:
        return Table(file)
    except DatasetError as exc:
        raise CommandError(str(exc)) from None  # it names the file


def _kept_format(table: Any, output: str, out_format: str | None) -> str | None:
    """The output format of a command that writes its input's rows as they are (dedupe, split, augment).

    A file of one puzzle per line stays one, unless --format or a table suffix of OUTPUT asks otherwise.
    """
    from sudokit.dataset import LINES

    if out_format or table.format != LINES or _is_table(output):
        return out_format
    return LINES


def _dataset_run(work: Callable[[], str]) -> None:
    """Run a dataset command: its summary on stderr, or its one-line error (exit 1)."""
    from sudokit.dataset import DatasetError

    try:
        summary = work()
    except DatasetError as exc:
        raise CommandError(str(exc)) from None
    click.echo(f"sudokit: {summary}", err=True)


@dataset.command("info")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
def dataset_info(file: str) -> None:
    """Say which columns of FILE hold the puzzle, solution, id and ratings, and count its rows."""

    def work() -> str:
        with _open_dataset(file) as table:
            layout = table.layout
            rows = sum(1 for _ in table.rows())
        click.echo(f"format: {table.format}")
        click.echo(f"rows: {rows}")
        click.echo(f"puzzle column: {layout.puzzle}")
        click.echo(f"solution column: {layout.solution or '(none)'}")
        click.echo(f"id column: {layout.id or '(none)'}")
        click.echo(f"rating columns: {', '.join(layout.ratings) or '(none)'}")
        named = (layout.puzzle, layout.solution, layout.id, *layout.ratings)
        others = ", ".join(c for c in layout.columns if c not in named)
        click.echo(f"other columns: {others or '(none)'}")
        return f"{rows} rows read"

    _dataset_run(work)


@dataset.command("canon")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@_table_output
@_table_format
def dataset_canon(file: str, output: str, out_format: str | None) -> None:
    """Add a "canonical" column: each puzzle's canonical form (minlex), the same for equivalent ones."""
    from sudokit.dataset import TableWriter, rows_with_forms, text_of

    def work() -> str:
        with _open_dataset(file) as table:
            layout = table.layout
            columns = [*layout.columns, *(["canonical"] if "canonical" not in layout.columns else [])]
            with TableWriter(output, columns, out_format) as out:
                for row, form in rows_with_forms(table.rows(), layout.puzzle, where=table.where):
                    row["canonical"] = text_of(form)
                    out.write(row)
            return f"{out.count} puzzles given their canonical form"

    _dataset_run(work)


@dataset.command("dedupe")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@_table_output
@_rows_format
def dataset_dedupe(file: str, output: str, out_format: str | None) -> None:
    """Keep the first row of each equivalence class (puzzles equal up to symmetry and relabelling)."""
    from sudokit.dataset import TableWriter, class_key, rows_with_forms

    def work() -> str:
        seen: set[int] = set()
        read = 0
        with _open_dataset(file) as table:
            kind = _kept_format(table, output, out_format)
            with TableWriter(output, table.layout.columns, kind, puzzle=table.layout.puzzle) as out:
                for row, form in rows_with_forms(table.rows(), table.layout.puzzle, where=table.where):
                    read += 1
                    key = class_key(form)
                    if key in seen:
                        continue
                    seen.add(key)
                    out.write(row)
            return f"{out.count} of {read} rows kept ({read - out.count} equivalent to an earlier one)"

    _dataset_run(work)


@dataset.command("split")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--parts",
    default="train=0.8,valid=0.1,test=0.1",
    show_default=True,
    help="Names and fractions of the parts (summing to 1).",
)
@click.option(
    "--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Which classes go where."
)
@click.option(
    "-o",
    "--output",
    required=True,
    help="Where the parts go: a directory (NAME.FORMAT inside, NAME.txt for one puzzle per line) or a "
    "prefix ending in '-' or '_'.",
)
@_rows_format
def dataset_split(file: str, parts: str, seed: int, output: str, out_format: str | None) -> None:
    """Split FILE into parts so that equivalent puzzles are always in the same part.

    Each puzzle goes where the stable hash of its canonical form (salted by --seed) falls, so no
    puzzle of one part is equivalent to one of another, and the same input and seed give the same
    parts on every machine.
    """
    from sudokit.dataset import LINES, TableWriter, rows_with_forms, split_of, table_format

    names: list[str] = []
    fractions: list[float] = []
    for piece in parts.split(","):
        name, _, value = piece.partition("=")
        try:
            fraction = float(value)
        except ValueError:
            raise click.BadParameter(f"expected NAME=FRACTION, got {piece!r}", param_hint="--parts") from None
        if not name.strip() or fraction < 0:
            raise click.BadParameter(f"expected NAME=FRACTION, got {piece!r}", param_hint="--parts")
        names.append(name.strip())
        fractions.append(fraction)
    if abs(sum(fractions) - 1) > 1e-9:
        raise click.BadParameter(f"the fractions add up to {sum(fractions):g}, not 1", param_hint="--parts")

    def work() -> str:
        with _open_dataset(file) as table:
            kind = out_format or (
                LINES if table.format == LINES else table_format(file if file != "-" else "x.csv")
            )
            suffix = "txt" if kind == LINES else kind
            if output.endswith(("-", "_")):
                paths = [f"{output}{name}.{suffix}" for name in names]
            else:
                os.makedirs(output, exist_ok=True)
                paths = [os.path.join(output, f"{name}.{suffix}") for name in names]
            puzzle = table.layout.puzzle
            writers = [TableWriter(path, table.layout.columns, kind, puzzle=puzzle) for path in paths]
            try:
                for row, form in rows_with_forms(table.rows(), puzzle, where=table.where):
                    writers[split_of(form, fractions, seed)].write(row)
            finally:
                for writer in writers:
                    writer.close()
            return ", ".join(f"{w.count} rows to {p}" for w, p in zip(writers, paths, strict=True))

    _dataset_run(work)


@dataset.command("augment")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--copies", type=click.IntRange(min=1), default=1, show_default=True, help="Equivalent copies per row."
)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Reproducible copies.")
@click.option(
    "--keep/--no-keep", default=True, show_default=True, help="Write each original row before its copies."
)
@_table_output
@_rows_format
def dataset_augment(
    file: str, copies: int, seed: int, keep: bool, output: str, out_format: str | None
) -> None:
    """Write random equivalent copies of each puzzle (its solution moved the same way)."""
    import random

    from sudokit.dataset import DatasetError, TableWriter, box_of, cells_of, text_of, transform

    def work() -> str:
        rng = random.Random(seed)
        with _open_dataset(file) as table:
            layout = table.layout
            kind = _kept_format(table, output, out_format)
            with TableWriter(output, layout.columns, kind, puzzle=layout.puzzle) as out:
                for number, row in enumerate(table.rows()):
                    try:
                        grids = [cells_of(str(row[layout.puzzle]))]
                        if layout.solution and row.get(layout.solution):
                            grids.append(cells_of(str(row[layout.solution]), len(grids[0])))
                    except ParseError as exc:
                        raise DatasetError(f"{table.where(number)}: {exc}") from None
                    if keep:
                        out.write(row)
                    empty = "0" if "0" in str(row[layout.puzzle]) else "."
                    for _ in range(copies):
                        moved = transform(grids, rng, box_of(len(grids[0])))
                        copy = dict(row)
                        copy[layout.puzzle] = text_of(moved[0], empty)
                        if len(moved) > 1 and layout.solution:
                            copy[layout.solution] = text_of(moved[1], empty)
                        out.write(copy)
            return f"{out.count} rows written"

    _dataset_run(work)


@dataset.command("verify")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--answers", "answer_column", required=True, help="The column holding the answers to check.")
@_table_output
@_table_format
def dataset_verify(file: str, answer_column: str, output: str, out_format: str | None) -> None:
    """Check answers (full or partial grids) against their puzzles, and the solutions when FILE has them.

    Adds columns keeps_givens, complete, follows_rules, solves and broken (the first row, column or
    box with a repeated digit); the summary counts each.
    """
    from sudokit.dataset import DatasetError, TableWriter, batches, box_of, cells_of, unit_name, verify_many

    def work() -> str:
        from sudokit import _engine

        totals = {"rows": 0, "keeps_givens": 0, "complete": 0, "follows_rules": 0, "solves": 0}
        with _open_dataset(file) as table:
            layout = table.layout
            if answer_column not in layout.columns:
                raise CommandError(
                    f"{table.name}: no column {answer_column!r} (columns: {', '.join(layout.columns)})"
                )

            def cells(row: int, text: str, size: int | None = None) -> bytes:
                try:
                    return cells_of(text, size)
                except ParseError as exc:
                    raise DatasetError(f"{table.where(row)}: {exc}") from None

            extra = ["keeps_givens", "complete", "follows_rules", "solves", "broken"]
            with TableWriter(output, [*layout.columns, *extra], out_format) as out:
                for batch in batches(table.rows()):
                    first = totals["rows"]
                    puzzles = [cells(first + k, str(row[layout.puzzle])) for k, row in enumerate(batch)]
                    size = len(puzzles[0])
                    answers = [
                        cells(first + k, str(row.get(answer_column) or "").ljust(size, "."), size)
                        for k, row in enumerate(batch)
                    ]
                    solutions = None
                    if layout.solution and all(row.get(layout.solution) for row in batch):
                        solutions = b"".join(
                            cells(first + k, str(row[layout.solution]), size) for k, row in enumerate(batch)
                        )
                    flags, broken = verify_many(b"".join(puzzles), b"".join(answers), solutions, box_of(size))
                    for row, f, unit in zip(batch, flags, broken, strict=True):
                        verdict = {
                            "keeps_givens": bool(f & _engine.KEEPS_GIVENS),
                            "complete": bool(f & _engine.COMPLETE),
                            "follows_rules": bool(f & _engine.FOLLOWS_RULES),
                            "solves": bool(f & _engine.SOLVES),
                        }
                        totals["rows"] += 1
                        for name, value in verdict.items():
                            totals[name] += value
                        out.write(
                            {**row, **verdict, "broken": unit_name(unit, box_of(size)) if unit >= 0 else ""}
                        )
        rows = totals.pop("rows")
        return f"{rows} answers: " + ", ".join(
            f"{name.replace('_', ' ')} {count}" for name, count in totals.items()
        )

    _dataset_run(work)


@dataset.command("label")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--labels",
    default="solution,count,givens,nodes",
    show_default=True,
    help="Comma-separated: solution, count, givens, level, score, hardest, techniques, se, nodes.",
)
@click.option(
    "--limit", type=click.IntRange(min=1), default=2, show_default=True, help="Count solutions up to this."
)
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0, min_open=True),
    metavar="SECONDS",
    help="Seconds per puzzle before its labels give up (an error column says so).",
)
@_table_output
@_table_format
@parallel_options("processes")
@cluster_option
def dataset_label(
    file: str,
    labels: str,
    limit: int,
    time_limit: float | None,
    output: str,
    out_format: str | None,
    jobs: int,
    cluster: str | None,
    progress: bool | None,
) -> None:
    """Add label columns to every row: solution, solution count, givens, ratings, techniques, nodes.

    \b
    solution         the first solution
    count            solution_count (up to --limit) and count_complete
    givens           the number of givens
    level, score     HoDoKu's level and score (sudokit rate)
    hardest          the hardest technique of that path
    techniques       the path's techniques with their counts (name=count;...)
    se               Sudoku Explainer's er, ep, ed (sudokit rate --se)
    nodes            nodes_limitN: the core search's nodes to count up to --limit (deterministic)
    A puzzle the labels cannot be made for gets the reason in an "error" column.
    """  # noqa: D301
    from sudokit.dataset import TableWriter, label_columns, label_many

    wanted = [name.strip() for name in labels.split(",") if name.strip()]

    def work() -> str:
        with _open_dataset(file) as table:
            layout = table.layout
            added = [c for c in [*label_columns(wanted, limit), "error"] if c not in layout.columns]
            show = sys.stderr.isatty() if progress is None else progress
            bar = None
            if show:
                from tqdm import tqdm

                bar = tqdm(unit=" puzzles", file=sys.stderr, dynamic_ncols=True)
            failed = 0
            rows = table.rows()
            held: collections.deque[dict[str, Any]] = collections.deque()

            def texts() -> Iterator[str]:
                for row in rows:
                    held.append(row)
                    yield str(row.get(layout.puzzle) or "")

            try:
                with (
                    _executor(cluster) as executor,
                    TableWriter(output, [*layout.columns, *added], out_format) as out,
                ):
                    for found in label_many(texts(), wanted, limit, time_limit, jobs, executor):
                        row = held.popleft()
                        failed += "error" in found
                        out.write({**row, **found})
                        if bar is not None:
                            bar.update()
            finally:
                if bar is not None:
                    bar.close()
            return f"{out.count} rows labelled" + (f" ({failed} with an error)" if failed else "")

    _dataset_run(work)


@dataset.command("make")
@click.option(
    "-n", "--per-band", type=click.IntRange(min=1), default=100, show_default=True, help="Puzzles per band."
)
@click.option(
    "--levels",
    default="",
    metavar="L1,L2",
    help="Bands by HoDoKu level: easy, medium, hard, unfair, extreme.",
)
@click.option(
    "--se-bands", default="", metavar="A..B,C..D", help="Bands by Sudoku Explainer ER (e.g. 1..2,2..4)."
)
@click.option("--symmetry", default="none", show_default=True, help="Symmetry of the givens (see generate).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="The dataset's seed.")
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, writable=True),
    help="The table to write (as OUTPUT.partial until complete; the same command again continues it).",
)
@_table_format
@parallel_options("processes")
@cluster_option
def dataset_make(
    per_band: int,
    levels: str,
    se_bands: str,
    symmetry: str,
    seed: int,
    output: str,
    out_format: str | None,
    jobs: int,
    cluster: str | None,
    progress: bool | None,
) -> None:
    """Make a dataset: unique, minimal 9x9 puzzles, --per-band of each band, no two equivalent.

    Columns: puzzle, solution, band, seed, givens, level, score (HoDoKu) and er (for ER bands).
    Puzzle i of band k is made from seed SEED + k * 10^9 + i, so the same command makes the same
    dataset anywhere.  Interrupted (Ctrl-C), the same command continues from OUTPUT.partial.
    """
    from sudokit.dataset import (
        MADE_COLUMNS,
        SEED_STRIDE,
        Table,
        TableWriter,
        bands_of,
        canonical_cells,
        cells_of,
        class_key,
        make_rows,
        table_format,
    )
    from sudokit.english import plural
    from sudokit.generator import GenerationError

    bands = bands_of(
        [x.strip() for x in levels.split(",") if x.strip()],
        [x.strip() for x in se_bands.split(",") if x.strip()],
    )
    kind = table_format(output, out_format)
    partial_kind = "jsonl" if kind == "parquet" else kind
    partial = f"{output}.partial"
    state = f"{partial}.run"
    run_id = hashlib.sha256(
        json.dumps([per_band, [b.name for b in bands], symmetry, seed, kind]).encode()
    ).hexdigest()
    done: dict[str, tuple[int, int]] = {}
    seen: set[int] = set()
    resumed = 0
    if os.path.exists(partial) and _read_run_id(partial) == run_id:
        from sudokit.batch import trim_partial

        trim_partial(partial)
        with Table(partial, partial_kind) as table:
            for row in table.rows():
                seen.add(class_key(canonical_cells(cells_of(str(row["puzzle"])))))
                name = str(row["band"])
                count, _ = done.get(name, (0, 0))
                done[name] = (count + 1, int(row["seed"]) + 1)
                resumed += 1
        for index, band in enumerate(bands):
            if band.name in done and done[band.name][1] <= seed + index * SEED_STRIDE:
                done[band.name] = (done[band.name][0], seed + index * SEED_STRIDE)
        click.echo(f"sudokit: resuming after the {plural(resumed, 'puzzle')} of {partial}", err=True)
    total = per_band * len(bands)
    show = sys.stderr.isatty() if progress is None else progress
    bar = None
    if show:
        from tqdm import tqdm

        bar = tqdm(total=total, initial=resumed, unit=" puzzles", file=sys.stderr, dynamic_ncols=True)
    written = resumed
    try:
        with (
            _executor(cluster) as executor,
            TableWriter(partial, MADE_COLUMNS, partial_kind, append=resumed > 0) as out,
        ):
            _write_run_id(partial, run_id)
            for row in make_rows(
                bands,
                per_band,
                seed,
                jobs=jobs,
                executor=executor,
                done=done,
                seen=seen,
                symmetry=symmetry,
            ):
                out.write(row)
                written += 1
                if bar is not None:
                    bar.update()
    except (GenerationError, SudokitError) as exc:
        raise CommandError(f"{exc} ({written} of {total} made, kept in {partial})") from None
    except KeyboardInterrupt:
        click.echo(
            f"sudokit: {written} of {total} made, kept in {partial}; run the same command to go on", err=True
        )
        raise
    finally:
        if bar is not None:
            bar.close()
    if kind != partial_kind:
        with Table(partial, partial_kind) as table, TableWriter(output, MADE_COLUMNS, kind) as out:
            for row in table.rows():
                out.write(row)
        os.remove(partial)
    else:
        os.replace(partial, output)
    with contextlib.suppress(FileNotFoundError):
        os.remove(state)
    click.echo(f"sudokit: {written} puzzles in {output} ({len(bands)} bands of {per_band})", err=True)


@dataset.command("describe")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@_table_output
@_table_format
def dataset_describe(file: str, output: str, out_format: str | None) -> None:
    """Add a "description" column: each puzzle's rules, clues and givens in plain text (r1c1 terms).

    A row with a link column (sudokupad_url, url, ...) is read from the link, rules and all.
    """
    from sudokit.dataset import TableWriter, describe

    def work() -> str:
        failed = 0
        with _open_dataset(file) as table:
            layout = table.layout
            columns = [*layout.columns, *(c for c in ("description", "error") if c not in layout.columns)]
            with TableWriter(output, columns, out_format) as out:
                for row in table.rows():
                    try:
                        row["description"] = describe(layout.source(row))
                    except SudokitError as exc:
                        row["error"] = str(exc)
                        failed += 1
                    out.write(row)
            return f"{out.count} rows described" + (f" ({failed} could not be read)" if failed else "")

    _dataset_run(work)


@dataset.command("images")
@click.argument("folder", type=click.Path(exists=True, file_okay=False))
@click.option("--size", type=click.IntRange(4, 25), help="The grids' side (default: read from the lines).")
@_table_output
@_table_format
def dataset_images(folder: str, size: int | None, output: str, out_format: str | None) -> None:
    """Read every photo or screenshot in FOLDER into a table: file, puzzle, and how sure the reading is.

    \b
    Columns: file, puzzle (one line, . for empty), size, unique (the reading has exactly one solution),
    confidence (the reading's probability), unsure (cells read without certainty, r1c1 names),
    repaired (cells the solver's repair changed), error (why a picture could not be read).
    Needs the image extra (pip install 'sudokit[image]').
    """  # noqa: D301
    from tqdm import tqdm

    from sudokit.dataset import TableWriter
    from sudokit.image import PICTURE_ENDINGS, read_picture
    from sudokit.model import cell_name

    files = sorted(
        entry.path
        for entry in os.scandir(folder)
        if entry.is_file() and entry.name.lower().endswith(PICTURE_ENDINGS)
    )
    if not files:
        raise CommandError(f"{folder}: no pictures ({', '.join(PICTURE_ENDINGS)})")

    def work() -> str:
        failed = 0
        columns = ["file", "puzzle", "size", "unique", "confidence", "unsure", "repaired", "error"]
        with TableWriter(output, columns, out_format) as out:
            for path in tqdm(files, unit="picture", disable=None, file=sys.stderr):
                row: dict[str, Any] = {"file": os.path.relpath(path, folder)}
                try:
                    reading = read_picture(path, size=size)
                except SudokitError as exc:
                    row["error"] = str(exc)
                    failed += 1
                else:
                    grid = reading.puzzle.grid
                    row.update(
                        puzzle=dumps(reading.puzzle.replaced(metadata={}, unread=()), "line").strip(),
                        size=grid.size,
                        unique=reading.unique,
                        confidence=round(reading.confidence, 4),
                        unsure=" ".join(cell_name(grid.cells[i]) for i in reading.unsure),
                        repaired=" ".join(cell_name(grid.cells[i]) for i in reading.repaired),
                    )
                out.write(row)
        return f"{out.count} pictures read" + (f" ({failed} could not be read)" if failed else "")

    _dataset_run(work)


@dataset.command("draw")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--size", type=click.IntRange(16, 8192), default=512, show_default=True, help="Image width in pixels."
)
@click.option(
    "-o", "--output", required=True, help="The directory for the images (ID.png, or ROW.png without an id)."
)
def dataset_draw(file: str, size: int, output: str) -> None:
    """Draw each puzzle as a PNG (as the web app draws it) for vision models."""
    from sudokit.dataset import draw_png

    def work() -> str:
        drawn = 0
        with _open_dataset(file) as table:
            os.makedirs(output, exist_ok=True)
            layout = table.layout
            for number, row in enumerate(table.rows(), start=1):
                name = str(row.get(layout.id) or number) if layout.id else str(number)
                safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)
                try:
                    image = draw_png(layout.source(row), size)
                except SudokitError as exc:
                    click.echo(f"sudokit: row {number}: {exc}", err=True)
                    continue
                with open(os.path.join(output, f"{safe}.png"), "wb") as handle:
                    handle.write(image)
                drawn += 1
        return f"{drawn} images in {output}"

    _dataset_run(work)


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``sudokit`` console script."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="sudokit")
    except BrokenPipeError:
        # the reader went away (``sudokit ... | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
