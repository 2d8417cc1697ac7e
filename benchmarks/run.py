"""sudokit against its peers on the standard puzzle sets, every answer checked before it counts.

Usage: python benchmarks/run.py [--repeat N] [--peer-cap SECONDS] [--cap25 SECONDS] [--sets NAME ...]
                                [--no-peers] [--krazydad PATH]

Every solver checks uniqueness (counts to 2: the Serg set must give 2, the others 1) on one thread,
and every answer goes through an independent checker (each row, column and box holds each symbol
once, givens kept) before it counts.  Times are CPU seconds (``time.process_time``).

* sudokit: the batch path (``sudokit.solve_many``, one call per block of lines), the median of
  ``--repeat`` runs over the whole set; and per call (``sudokit.count_solutions(text, 2)`` for each
  line; KrazyDad's ``0-9a-f`` lines are parsed with their alphabet first), whose difference to the
  batch figure is the Python overhead of a single call.
* peers (see ``peers.py``): each set runs in a child process that is stopped after ``--peer-cap``
  seconds; a peer that did not finish is reported on the sample it solved ("1,234 of 49,158").
* the Gecode sets also report every puzzle's own time (16x16: median of ``--repeat``; 25x25: one
  run, ``--cap25`` seconds at most each).
* scaling: the batch path with 2 threads against 1, wall-clock, on the 17-clue set.
* start-up: ``sudokit solve PUZZLE`` as a whole process, the median wall time of 10 runs.
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import os
import queue
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import sudokit
from sudokit.formats.text import ReadOptions

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import Peer, available_peers

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


def lines_of(path: Path) -> list[str]:
    """Puzzle lines of a data file (no comments, no blank lines)."""
    text = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in text if line.strip() and not line.startswith("#")]


def krazydad(path: Path) -> list[str]:
    """The PUZZLE column of the KrazyDad hex sudoku CSV (symbols 0-9a-f, '.' blank)."""
    with path.open(encoding="utf-8") as handle:
        return [row["PUZZLE"] for row in csv.DictReader(handle)]


@dataclass
class SetSpec:
    """A benchmark set: its puzzles, shape, alphabet, and the solution count every puzzle must have."""

    name: str
    puzzles: list[str]
    n: int
    box: tuple[int, int]
    symbols: str
    expect: int  # 1: unique; 2: two or more (counted to 2)
    per_puzzle: bool = False  # also report each puzzle's own time
    infer: bool = True  # sudokit infers the alphabet from the text (not for 0-9a-f hex)


def check(spec: SetSpec, puzzle: str, count: int, solution: str | None) -> None:
    """Independent check of one answer: the count the set promises, a valid grid, the givens kept."""
    n, (br, bc), symbols = spec.n, spec.box, spec.symbols
    if count != spec.expect or solution is None:
        raise AssertionError(f"{spec.name}: {puzzle} gave {count} solutions, expected {spec.expect}")
    if len(solution) != n * n or any(g in symbols and g != s for g, s in zip(puzzle, solution, strict=True)):
        raise AssertionError(f"{spec.name}: wrong solution for {puzzle}: {solution}")
    rows = [solution[r * n : (r + 1) * n] for r in range(n)]
    units = rows + ["".join(row[c] for row in rows) for c in range(n)]
    for top in range(0, n, br):
        for left in range(0, n, bc):
            units.append("".join(rows[top + i][left + j] for i in range(br) for j in range(bc)))
    if any(sorted(unit) != sorted(symbols) for unit in units):
        raise AssertionError(f"{spec.name}: invalid solution for {puzzle}: {solution}")


def read_options(spec: SetSpec) -> ReadOptions:
    """How sudokit should read the set's lines (the alphabet is given: '0' may be a symbol)."""
    return ReadOptions(symbols=tuple(spec.symbols), one_per_line=True)


def _cpu_now() -> float:
    """CPU seconds of this process and of the child processes it has waited for (the SAT solver's)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def cpu(job: Callable[[], object]) -> tuple[float, object]:
    """CPU seconds a call takes, its SAT child processes included, and its value."""
    started = _cpu_now()
    value = job()
    return _cpu_now() - started, value


def sudokit_batch(spec: SetSpec, repeat: int) -> float:
    """Median CPU seconds of the batch path over the whole set; every answer checked."""
    text = "\n".join(spec.puzzles)
    times = []
    for _ in range(repeat):
        seconds, value = cpu(lambda: sudokit.solve_many(text, read=read_options(spec)))
        assert isinstance(value, sudokit.BatchResult)
        for puzzle, result in zip(spec.puzzles, value, strict=True):
            check(spec, puzzle, result.count, result.solution)
        times.append(seconds)
    return statistics.median(times)


def sudokit_calls(spec: SetSpec, repeat: int) -> float:
    """Median CPU seconds of one ``count_solutions(text, 2)`` call per puzzle; answers checked."""
    options = read_options(spec)

    def run() -> list[sudokit.CountResult]:
        if spec.infer:  # the alphabet reads from the text itself: text in, result out
            return [sudokit.count_solutions(p, 2) for p in spec.puzzles]
        return [sudokit.count_solutions(sudokit.parse(p, symbols=options.symbols), 2) for p in spec.puzzles]

    times = []
    for _ in range(repeat):
        seconds, value = cpu(run)
        assert isinstance(value, list)
        for puzzle, result in zip(spec.puzzles, value, strict=True):
            check(spec, puzzle, result.count, result.first.to_string() if result.first else None)
        times.append(seconds)
    return statistics.median(times)


def sudokit_each(spec: SetSpec, repeat: int, cap: float) -> list[float | None]:
    """Each puzzle's CPU seconds (median of repeat runs); None where the cap stopped it."""
    options = read_options(spec)
    found: list[float | None] = []
    for text in spec.puzzles:
        puzzle = sudokit.parse(text, symbols=options.symbols)
        times = []
        for _ in range(repeat):
            seconds, value = cpu(lambda puzzle=puzzle: sudokit.count_solutions(puzzle, 2, time_limit=cap))
            assert isinstance(value, sudokit.CountResult)
            if value.stopped_by == "time":
                break
            check(spec, text, value.count, value.first.to_string() if value.first else None)
            times.append(seconds)
        found.append(statistics.median(times) if len(times) == repeat else None)
    return found


def _peer_child(peer: Peer, spec: SetSpec, results: multiprocessing.Queue[tuple[int, float]]) -> None:
    """Solve the set's puzzles in order with one peer, reporting each checked puzzle's CPU time."""
    for index, puzzle in enumerate(spec.puzzles):
        started = time.process_time()
        count, solution = peer.solve(puzzle, spec.n, spec.box, spec.symbols)
        seconds = time.process_time() - started
        check(spec, puzzle, 2 if not peer.counts and spec.expect == 2 else count, solution)
        results.put((index, seconds))


@dataclass
class PeerRun:
    """What a peer did on a set within its cap."""

    solved: int
    seconds: float
    error: str | None = None
    times: list[float] | None = None

    @property
    def rate(self) -> float:
        """Puzzles per CPU second over the puzzles it finished."""
        return self.solved / self.seconds if self.seconds > 0 else 0.0


def run_peer(peer: Peer, spec: SetSpec, cap: float) -> PeerRun:
    """Run a peer on a set in a child process, stopped after cap seconds of wall time."""
    context = multiprocessing.get_context("fork")
    results: multiprocessing.Queue[tuple[int, float]] = context.Queue()
    child = context.Process(target=_peer_child, args=(peer, spec, results), daemon=True)
    deadline = time.monotonic() + cap
    child.start()
    times: list[float] = []
    while len(times) < len(spec.puzzles):
        try:
            _, seconds = results.get(timeout=max(0.01, min(0.5, deadline - time.monotonic())))
            times.append(seconds)
        except queue.Empty:
            if not child.is_alive() or time.monotonic() >= deadline:
                break
    error = None
    if child.is_alive():
        child.kill()
    child.join()
    if child.exitcode not in (0, None, -9) and len(times) < len(spec.puzzles):
        error = f"failed (exit {child.exitcode})"
    return PeerRun(len(times), sum(times), error, times)


def variant_times(repeat: int) -> list[tuple[str, str, float, int]]:
    """(id, variant, median CPU ms, nodes) of every samurai and killer puzzle of the test fixtures.

    The puzzles are built the way the tests build them (``tests/test_variants.py``) and each answer
    is checked there; here each is solved with a uniqueness check and its published solution compared.
    """
    sys.path.insert(0, str(ROOT))
    from tests.test_variants import RECORDS, as_rows, build, published

    rows = []
    for record in RECORDS:
        if record["variant"] not in ("samurai", "killer", "killer+diagonals"):
            continue
        puzzle = build(record)
        times = []
        for _ in range(repeat):
            seconds, value = cpu(lambda puzzle=puzzle: sudokit.count_solutions(puzzle, 2))
            assert isinstance(value, sudokit.CountResult) and value.unique and value.first is not None
            assert as_rows(record, puzzle, value.first.values) == published(record), record["id"]
            times.append(seconds)
        rows.append((record["id"], record["variant"], statistics.median(times) * 1000, value.nodes))
    return rows


def startup(puzzle: str) -> float:
    """Median wall seconds of ``sudokit solve PUZZLE`` as a whole process (10 runs)."""
    command = [str(Path(sys.executable).with_name("sudokit")), "solve", puzzle, "--format", "line"]
    times = []
    for _ in range(10):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def scaling(spec: SetSpec) -> tuple[float, float]:
    """Wall seconds of the batch path on the set with 1 and with 2 threads (best of 3 each)."""
    text = "\n".join(spec.puzzles)
    walls = []
    for jobs in (1, 2):
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            result = sudokit.solve_many(text, jobs=jobs)
            best = min(best, time.perf_counter() - started)
            assert result.summary.solved == len(spec.puzzles)
        walls.append(best)
    return walls[0], walls[1]


def short(name: str) -> str:
    """A peer's column label: the solver's own name without versions."""
    for label in ("CaDiCaL", "Glucose", "CP-SAT", "py-sudoku", "Norvig"):
        if label in name:
            return label
    return name


def rate_cell(rate: float, solved: int, total: int) -> str:
    """A table cell: puzzles/s, with the sample size when the cap cut the run short."""
    if solved == 0:
        return "none in cap"
    text = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"
    return text if solved == total else f"{text} ({solved:,} of {total:,})"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen sets and print Markdown tables."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3, help="sudokit runs per set (median is reported)")
    parser.add_argument("--peer-cap", type=float, default=20.0, help="wall seconds per peer and set")
    parser.add_argument("--cap25", type=float, default=30.0, help="CPU seconds per 25x25 puzzle for sudokit")
    parser.add_argument("--sets", nargs="*", help="only these sets (by name)")
    parser.add_argument("--no-peers", action="store_true", help="measure sudokit alone")
    parser.add_argument(
        "--krazydad", type=Path, help="path of krazydad-hexsudoku-20220605.csv (not in the repo)"
    )
    args = parser.parse_args(argv)

    digits, hex16, alpha25 = "123456789", "123456789ABCDEFG", "123456789ABCDEFGHIJKLMNOP"
    sets = [
        SetSpec("17-clue", lines_of(DATA / "puzzles2_17_clue"), 9, (3, 3), digits, 1),
        SetSpec("top1465", lines_of(DATA / "puzzles3_magictour_top1465"), 9, (3, 3), digits, 1),
        SetSpec("top95", lines_of(DATA / "sudoku-top95.txt"), 9, (3, 3), digits, 1),
        SetSpec("serg", lines_of(DATA / "puzzles7_serg_benchmark"), 9, (3, 3), digits, 2),
        SetSpec("gecode16", lines_of(DATA / "gecode_sudoku_16x16.txt"), 16, (4, 4), hex16, 1, True),
        SetSpec("gecode25", lines_of(DATA / "gecode_sudoku_25x25.txt"), 25, (5, 5), alpha25, 1, True),
    ]
    if args.krazydad is not None:
        if args.krazydad.exists():
            hex_digits = "0123456789abcdef"
            sets.append(SetSpec("krazydad", krazydad(args.krazydad), 16, (4, 4), hex_digits, 1, infer=False))
        else:
            print(f"skipping KrazyDad: {args.krazydad} not found", file=sys.stderr)
    else:
        print("skipping KrazyDad: give its path with --krazydad", file=sys.stderr)
    if args.sets:
        sets = [spec for spec in sets if spec.name in args.sets]
    peers = [] if args.no_peers else available_peers()

    print(f"sudokit {sudokit.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    for peer in peers:
        print(f"* {short(peer.name)}: {peer.name}" + ("" if peer.counts else " (finds one solution only)"))
    print()
    print("Puzzles per CPU second (uniqueness checked), and how many times faster sudokit's batch path is:")
    print()
    header = ["set", "puzzles", "sudokit batch", "sudokit per call", "overhead us/call"]
    header += [short(peer.name) for peer in peers]
    header += [f"x {short(peer.name)}" for peer in peers]
    print("| " + " | ".join(header) + " |")
    print("| --- | " + " | ".join(["---:"] * (len(header) - 1)) + " |")
    details: list[str] = []
    for spec in sets:
        total = len(spec.puzzles)
        if spec.name == "gecode25":
            each = sudokit_each(spec, 1, args.cap25)
            done = [t for t in each if t is not None]
            batch_rate, call_cell, overhead = (len(done) / sum(done) if done else 0.0), "", ""
            batch_cell = rate_cell(batch_rate, len(done), total)
        else:
            batch = sudokit_batch(spec, args.repeat)
            calls = sudokit_calls(spec, args.repeat)
            batch_rate = total / batch
            batch_cell, call_cell = f"{batch_rate:,.0f}", f"{total / calls:,.0f}"
            overhead = f"{(calls - batch) / total * 1e6:,.1f}"
            if spec.per_puzzle:
                each = sudokit_each(spec, args.repeat, 60.0)
        if spec.per_puzzle:
            shown = ", ".join("capped" if t is None else f"{t * 1000:.1f}" for t in each)
            details.append(f"* {spec.name}, sudokit ms per puzzle: {shown}")
        peer_cells, ratio_cells = [], []
        for peer in peers:
            run = run_peer(peer, spec, args.peer_cap)
            if run.error:
                peer_cells.append(run.error)
                ratio_cells.append("")
                continue
            peer_cells.append(rate_cell(run.rate, run.solved, total))
            ratio_cells.append(f"{batch_rate / run.rate:,.0f}x" if run.solved and batch_rate else "")
            if spec.per_puzzle and run.times:
                shown = ", ".join(f"{t * 1000:.0f}" for t in run.times)
                details.append(
                    f"* {spec.name}, {peer.name} ms per puzzle (in order, within the cap): {shown}"
                )
        row = [spec.name, f"{total:,}", batch_cell, call_cell, overhead, *peer_cells, *ratio_cells]
        print("| " + " | ".join(row) + " |", flush=True)
    print()
    for line in details:
        print(line)
    print()
    print("| variant puzzle | rules | CPU ms (median) | nodes |")
    print("| --- | --- | ---: | ---: |")
    for name, variant, ms, nodes in variant_times(max(args.repeat, 5)):
        print(f"| {name} | {variant} | {ms:.2f} | {nodes} |")
    print()
    clue17 = [spec for spec in sets if spec.name == "17-clue"]
    if clue17:
        one, two = scaling(clue17[0])
        print(f"* batch path on 17-clue, wall: 1 thread {one:.2f} s, 2 threads {two:.2f} s: {one / two:.2f}x")
    seconds = startup(lines_of(DATA / "sudoku-top95.txt")[0])
    print(f"* `sudokit solve PUZZLE` as a whole process: {seconds * 1000:.0f} ms (median of 10)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
