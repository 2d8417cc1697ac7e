"""The ``sudokit`` command line: solve, count, check, batch, explain, hint, rate, show, render, demo.

Quiet by default and scriptable: results on stdout, errors as one line on stderr.  Exit codes:
0 solved (or, for ``check``, a valid puzzle with one solution), 1 no solution or an error, 2 usage error.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from sudokit import __version__
from sudokit.errors import ParseError, SudokitError
from sudokit.formats import READ_FORMATS, WRITE_FORMATS, dumps, parse_many, read
from sudokit.model import Puzzle, Solution
from sudokit.variants import VARIANT_NAMES

F = TypeVar("F", bound=Callable[..., Any])

_PATH_ENDINGS = (".txt", ".sdk", ".sdm", ".ss", ".json", ".csv")


class CommandError(click.ClickException):
    """A failure to report as ``sudokit: error: ...`` with exit code 1."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        """Print the one-line message on stderr."""
        click.echo(f"sudokit: error: {self.format_message()}", err=True)


class _Group(click.Group):
    """Turns sudokit's own errors and file errors into one-line messages instead of tracebacks."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SudokitError as exc:
            raise CommandError(str(exc)) from None
        except BrokenPipeError:
            raise
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            raise CommandError(f"{where}{exc.strerror or exc}") from None


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
    if not sep or not rows.isdigit() or not cols.isdigit() or int(rows) < 1 or int(cols) < 1:
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
            type=click.Choice(VARIANT_NAMES),
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
            default=1,
            show_default=True,
            help=f"Worker {workers} (0: one per core).",
        )(command)

    return add


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


def _looks_like_path(source: str) -> bool:
    from sudokit.formats.fpuzzles import looks_like_fpuzzles

    if "\n" in source or source.lstrip().startswith(("{", "[")) or "://" in source:
        return False
    if looks_like_fpuzzles(source):  # a bare payload has '/' in it, but it is no path
        return False
    return os.sep in source or source.lower().endswith(_PATH_ENDINGS) or len(source.strip()) < 16


def load_puzzles(source: str, **options: Any) -> list[Puzzle]:
    """The puzzles named by a PUZZLE argument: literal text, a file path, or ``-`` for stdin."""
    read_options: dict[str, Any] = {
        "format": options.get("input_format"),
        "size": options.get("size"),
        "box": options.get("box"),
        "symbols": options.get("symbols"),
        "variants": options.get("variants") or (),
    }
    if source == "-":
        label, text = "<stdin>", sys.stdin.read()
    elif os.path.exists(source) or _looks_like_path(source):
        if not os.path.exists(source):
            raise CommandError(f"{source}: no such file (and too short to be a puzzle)")
        if os.path.isdir(source):
            raise CommandError(f"{source}: is a directory, not a puzzle file")
        try:
            return read(source, **read_options)
        except ParseError as exc:
            raise CommandError(f"{source}: {exc}") from None
    else:
        label, text = "", source
    try:
        return parse_many(text, **read_options)
    except ParseError as exc:
        raise CommandError(f"{label}: {exc}" if label else str(exc)) from None


def _solution_rows(solution: Solution) -> list[Any]:
    rows = solution.rows_of_symbols()
    if all(len(s) == 1 for s in solution.puzzle.grid.symbols):
        return ["".join(s or " " for s in row) for row in rows]
    return rows


def _write_solution(solution: Solution, output_format: str) -> str:
    if output_format == "pretty":
        return str(solution) + "\n"
    return dumps(solution.as_puzzle(), output_format)


def _label(index: int, total: int) -> str:
    return f"puzzle {index + 1}: " if total > 1 else ""


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
    """Solve PUZZLE and print its solution (every puzzle, if the input holds several)."""
    from sudokit.solver import solutions
    from sudokit.solver import solve as solve_one

    puzzles = load_puzzles(puzzle, **options)
    failures = 0
    many = all_solutions or limit is not None
    for index, item in enumerate(puzzles):
        label = _label(index, len(puzzles))
        if many:
            found: list[Solution] = []
            try:
                for solution in solutions(item, limit=limit, node_limit=node_limit, time_limit=time_limit):
                    found.append(solution)
                    if output_format != "json":
                        click.echo(_write_solution(solution, output_format), nl=False)
                        if output_format == "pretty":
                            click.echo()
            except SudokitError as exc:
                click.echo(f"sudokit: {label}{exc}", err=True)
                failures += 1
            if output_format == "json":
                click.echo(
                    json.dumps(
                        {
                            "puzzle": index + 1,
                            "status": "solved" if found else "no solution",
                            "count": len(found),
                            "solutions": [_solution_rows(s) for s in found],
                        },
                        ensure_ascii=False,
                    )
                )
            if not found:
                failures += 1
                if output_format != "json":
                    click.echo(f"sudokit: {label}no solution", err=True)
            continue
        result = solve_one(item, node_limit=node_limit, time_limit=time_limit)
        if stats:
            click.echo(
                f"{label}{result.status.value} in {result.seconds * 1000:.3f} ms, {result.nodes} guesses",
                err=True,
            )
        if output_format == "json":
            click.echo(
                json.dumps(
                    {
                        "puzzle": index + 1,
                        "status": result.status.value,
                        "solution": _solution_rows(result.solution) if result.solution else None,
                        "reason": result.reason,
                        "nodes": result.nodes,
                        "seconds": round(result.seconds, 6),
                    },
                    ensure_ascii=False,
                )
            )
        elif result.solution is not None:
            click.echo(_write_solution(result.solution, output_format), nl=False)
            if output_format == "pretty" and index + 1 < len(puzzles):
                click.echo()
        if result.solution is None:
            failures += 1
            if output_format != "json":
                reason = result.reason or result.status.value
                click.echo(
                    f"sudokit: {label}no solution: {reason}"
                    if result.reason
                    else f"sudokit: {label}{reason}",
                    err=True,
                )
    sys.exit(1 if failures else 0)


@cli.command()
@click.argument("puzzle")
@click.option("--limit", type=click.IntRange(min=1), metavar="N", help="Stop counting at N solutions.")
@input_options
@limit_options
def count(
    puzzle: str, limit: int | None, node_limit: int | None, time_limit: float | None, **options: Any
) -> None:
    """Count the solutions of PUZZLE; the count is the first word printed."""
    from sudokit.solver import count_solutions

    puzzles = load_puzzles(puzzle, **options)
    for index, item in enumerate(puzzles):
        result = count_solutions(item, limit, node_limit=node_limit, time_limit=time_limit)
        noun = "solution" if result.count == 1 else "solutions"
        if result.complete:
            text = f"{result.count} {noun}" + (
                f" ({result.reason})" if result.count == 0 and result.reason else ""
            )
        elif result.stopped_by == "limit":
            text = f"{result.count} {noun} (stopped at the limit of {limit}; there may be more)"
        else:
            text = f"{result.count} {noun} or more (stopped by the {result.stopped_by} limit)"
        click.echo(f"{text}" + (f"  [puzzle {index + 1}]" if len(puzzles) > 1 else ""))


@cli.command()
@click.argument("puzzle")
@input_options
@limit_options
def check(puzzle: str, node_limit: int | None, time_limit: float | None, **options: Any) -> None:
    """Say whether PUZZLE is valid and has no, one or several solutions (exit 0 only for one)."""
    from sudokit.solver import count_solutions

    puzzles = load_puzzles(puzzle, **options)
    bad = 0
    for index, item in enumerate(puzzles):
        label = _label(index, len(puzzles))
        result = count_solutions(item, 2, node_limit=node_limit, time_limit=time_limit)
        if item.conflicts():
            text = f"invalid: {result.reason}"
        elif result.stopped_by in ("nodes", "time"):
            text = f"unknown: stopped by the {result.stopped_by} limit after {result.count} solutions"
        elif result.count == 0:
            text = f"no solution: {result.reason}" if result.reason else "no solution"
        elif result.count == 1:
            text = "unique: valid, with exactly one solution"
        else:
            text = "multiple: valid, but with more than one solution"
        if not text.startswith("unique"):
            bad += 1
        click.echo(label + text)
    sys.exit(1 if bad else 0)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write solutions here.")
@parallel_options("threads")
@input_options
@limit_options
def batch(
    file: str,
    output: str | None,
    jobs: int,
    progress: bool | None,
    node_limit: int | None,
    time_limit: float | None,
    **options: Any,
) -> None:
    """Solve one puzzle per line of FILE, writing one solution line per puzzle in the same order.

    A puzzle with no solution gives a line starting with '!' and the reason; one with several
    solutions gives its first and counts as multiple.  A summary goes to stderr.
    """
    from sudokit.batch import BatchOptions, default_jobs, solve_file
    from sudokit.formats.text import ReadOptions

    if options.get("input_format") not in (None, "line", "sdm"):
        raise click.BadParameter("batch reads one puzzle per line", param_hint="--input-format")
    if options.get("variants"):
        raise click.BadParameter("batch reads classic one-line puzzles", param_hint="--variant")
    read_options = ReadOptions(
        options.get("size"), options.get("box"), options.get("symbols"), one_per_line=True
    )
    batch_options = BatchOptions(read_options, 2, node_limit, time_limit)
    jobs = jobs or default_jobs()
    show_progress = sys.stderr.isatty() if progress is None else progress
    source = sys.stdin.buffer if file == "-" else open(file, "rb")  # noqa: SIM115 - closed below
    sink = open(output, "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115
    bar = None
    try:
        if show_progress:
            from tqdm import tqdm

            total = _count_lines(file) if file != "-" else None
            bar = tqdm(total=total, unit=" puzzles", file=sys.stderr, dynamic_ncols=True)
        summary = solve_file(
            source, sink, jobs=jobs, options=batch_options, progress=bar.update if bar is not None else None
        )
    finally:
        if bar is not None:
            bar.close()
        if source is not sys.stdin.buffer:
            source.close()
        if sink is not sys.stdout:
            sink.close()
    click.echo(summary.describe(), err=True)
    sys.exit(1 if summary.unsolvable or summary.invalid or summary.stopped else 0)


def _count_lines(path: str) -> int | None:
    """Puzzle lines in a file (for the progress bar's total), counted quickly over raw bytes."""
    try:
        with open(path, "rb") as handle:
            return sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 20), b""))
    except OSError:
        return None


@cli.command()
@click.argument("puzzle")
@click.option("--candidates", is_flag=True, help="Show the pencil marks left by the givens.")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(WRITE_FORMATS),
    default="pretty",
    show_default=True,
    help="Print the puzzle in this format (converts between formats).",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write to this file.")
@input_options
def show(puzzle: str, candidates: bool, output_format: str, output: str | None, **options: Any) -> None:
    """Print PUZZLE as a grid, as pencil marks, or converted to another format."""
    from sudokit.render import pencil_marks

    puzzles = load_puzzles(puzzle, **options)
    text = "\n".join(pencil_marks(p) + "\n" for p in puzzles) if candidates else dumps(puzzles, output_format)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        click.echo(text, nl=False)


@cli.command()
@click.argument("puzzle")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write the SVG here.")
@click.option(
    "--solve", "with_solution", is_flag=True, help="Draw the solution too (solved symbols in blue)."
)
@click.option("--candidates", is_flag=True, help="Draw the pencil marks left by the givens.")
@click.option("--cell", type=click.IntRange(16, 200), default=40, show_default=True, help="Cell size.")
@input_options
def render(
    puzzle: str, output: str | None, with_solution: bool, candidates: bool, cell: int, **options: Any
) -> None:
    """Draw PUZZLE as SVG: boxes, regions, cages with sums, diagonals, windows, givens, solution.

    With several puzzles in the input, the first is drawn.
    """
    from sudokit.solver import solve
    from sudokit.svg import render_svg

    chosen = load_puzzles(puzzle, **options)[0]
    values = None
    if with_solution:
        result = solve(chosen)
        if result.solution is None:
            raise CommandError(f"no solution to draw: {result.reason or result.status.value}")
        values = result.solution.values
    marks = chosen.candidates() if candidates and not with_solution else None
    text = render_svg(chosen, values, marks, cell)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        click.echo(text, nl=False)


def _logic_json(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


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
@input_options
def explain(puzzle: str, as_json: bool, techniques: tuple[str, ...], **options: Any) -> None:
    """Print the step-by-step human-style path that solves PUZZLE, with its rating."""
    from sudokit.logic import explain as explain_puzzle

    puzzles = load_puzzles(puzzle, **options)
    for index, item in enumerate(puzzles):
        path = explain_puzzle(item, techniques=techniques or None)
        if as_json:
            click.echo(_logic_json(path.as_dict()))
            continue
        if len(puzzles) > 1:
            click.echo(f"puzzle {index + 1}:")
        width = len(str(len(path.steps)))
        for number, step in enumerate(path.steps, 1):
            click.echo(f"{number:>{width}}. {step.explanation}")
        rating = path.rating
        how = "solved by logic alone" if path.solved else f"solved with {path.guesses} guess(es)"
        if not path.unique:
            how += " (the puzzle has several solutions; this path ends in the first)"
        click.echo(
            f"{how} in {len(path.steps)} steps; score {rating.score} ({rating.level.label}), "
            f"hardest: {rating.hardest} (SE {rating.se:.1f})"
        )


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
def hint(puzzle: str, stage: int, as_json: bool, **options: Any) -> None:
    """Give the next step for PUZZLE as it stands (placed symbols and pencil marks count)."""
    from sudokit.logic import hint as hint_for

    puzzles = load_puzzles(puzzle, **options)
    for index, item in enumerate(puzzles):
        found = hint_for(item)
        label = _label(index, len(puzzles))
        if found is None:
            click.echo(_logic_json({"complete": True}) if as_json else f"{label}the grid is complete")
            continue
        result, board = found
        if as_json:
            click.echo(_logic_json(result.as_dict(board)))
        else:
            click.echo(label + result.stage(stage))


@cli.command()
@click.argument("puzzle")
@click.option("--json", "as_json", is_flag=True, help="Write one JSON object per puzzle, in input order.")
@parallel_options("processes")
@input_options
def rate(puzzle: str, as_json: bool, jobs: int, progress: bool | None, **options: Any) -> None:
    """Rate how hard PUZZLE (or every puzzle of a file) is: score, level and hardest technique."""
    from sudokit.logic.batch import rate_puzzles

    puzzles = load_puzzles(puzzle, **options)
    if progress is None:
        progress = sys.stderr.isatty() and len(puzzles) > 1
    failed = 0
    for index, (item, outcome) in enumerate(zip(puzzles, rate_puzzles(puzzles, jobs, progress), strict=True)):
        label = _label(index, len(puzzles))
        if isinstance(outcome, str):
            failed += 1
            record: dict[str, Any] = {"puzzle": item.to_string(), "error": outcome}
            text = f"{label}error: {outcome}"
        else:
            record = {"puzzle": item.to_string(), **outcome.as_dict()}
            text = (
                f"{label}score {outcome.score} ({outcome.level.label}), hardest: {outcome.hardest} "
                f"(SE {outcome.se:.1f})" + (f", {outcome.guesses} guess(es)" if outcome.guesses else "")
            )
        click.echo(_logic_json(record) if as_json else text)
    if failed:
        sys.exit(1)


@cli.command()
def demo() -> None:
    """Solve the bundled example puzzles (9x9, 6x6 with letters, 16x16) and show the timings."""
    from sudokit.demo import run_demo

    run_demo(click.echo)


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``sudokit`` console script."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="sudokit")
    except BrokenPipeError:
        # the reader went away (``sudokit ... | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
