"""Speed of sudokit's solver on the standard puzzle sets, every result checked before it counts.

Usage: python benchmarks/run.py [--repeat N] [--cap SECONDS] [--sets NAME ...] [--krazydad PATH]

For each set it solves every puzzle with a uniqueness check (count to 2), verifies each answer with an
independent checker (valid grid, givens kept, count as the set promises), and reports CPU time as the
median of --repeat runs: puzzles per second through the Python API (text in, result out) and with the
puzzles parsed beforehand (the solver alone).  Large hard sets report per-puzzle times instead, with a
time cap per puzzle (a capped puzzle counts as not solved, never as wrong).
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import sudokit

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


def check(puzzle: str, solution: str, n: int, box: tuple[int, int], symbols: str) -> None:
    """Independent check: every row, column and box holds each symbol once; givens are kept."""
    if len(solution) != n * n or any(g in symbols and g != s for g, s in zip(puzzle, solution, strict=True)):
        raise AssertionError(f"wrong solution for {puzzle}: {solution}")
    rows = [solution[r * n : (r + 1) * n] for r in range(n)]
    units = rows + ["".join(row[c] for row in rows) for c in range(n)]
    for top in range(0, n, box[0]):
        for left in range(0, n, box[1]):
            units.append("".join(rows[top + i][left + j] for i in range(box[0]) for j in range(box[1])))
    if any(sorted(unit) != sorted(symbols) for unit in units):
        raise AssertionError(f"invalid solution for {puzzle}: {solution}")


@dataclass
class SetSpec:
    """A benchmark set: its puzzles, shape, and what every puzzle's count must be."""

    name: str
    puzzles: list[str]
    n: int
    box: tuple[int, int]
    expect: str  # "unique" or "multiple"
    symbols: str | None = None  # None: let sudokit infer the alphabet


def run_throughput(spec: SetSpec, repeat: int) -> dict[str, float]:
    """Median puzzles/s over repeat runs, text in (API) and pre-parsed (solver alone); results checked."""
    options = {"symbols": spec.symbols} if spec.symbols else {}
    parsed = [sudokit.parse(p, **options) for p in spec.puzzles]
    alphabet = "".join(parsed[0].grid.symbols)

    def verify(results: Sequence[sudokit.CountResult]) -> None:
        for text, result in zip(spec.puzzles, results, strict=True):
            want = 1 if spec.expect == "unique" else 2
            if result.count != want or result.first is None:
                raise AssertionError(f"{spec.name}: {text} gave {result.count} solutions, expected {want}")
            check(text, result.first.to_string(), spec.n, spec.box, alphabet)

    def solve_texts() -> list[sudokit.CountResult]:
        return [sudokit.count_solutions(sudokit.parse(p, **options), 2) for p in spec.puzzles]

    def solve_parsed() -> list[sudokit.CountResult]:
        return [sudokit.count_solutions(p, 2) for p in parsed]

    api_times, core_times = [], []
    for _ in range(repeat):
        for job, times in ((solve_texts, api_times), (solve_parsed, core_times)):
            started = time.process_time()
            results = job()
            times.append(time.process_time() - started)
            verify(results)
    count = len(spec.puzzles)
    return {
        "puzzles": count,
        "api_rate": count / statistics.median(api_times),
        "core_rate": count / statistics.median(core_times),
    }


def run_each(spec: SetSpec, cap: float) -> dict[str, float]:
    """Per-puzzle CPU time with a cap (uniqueness check); capped puzzles are reported, not counted."""
    times, capped = [], 0
    for text in spec.puzzles:
        puzzle = sudokit.parse(text)
        started = time.process_time()
        result = sudokit.count_solutions(puzzle, 2, time_limit=cap)
        elapsed = time.process_time() - started
        if result.stopped_by == "time":
            capped += 1
            continue
        if result.count != 1 or result.first is None:
            raise AssertionError(f"{spec.name}: {text} gave {result.count} solutions")
        check(text, result.first.to_string(), spec.n, spec.box, "".join(puzzle.grid.symbols))
        times.append(elapsed)
    return {
        "puzzles": len(spec.puzzles),
        "solved": len(times),
        "capped": capped,
        "median_ms": statistics.median(times) * 1000 if times else float("nan"),
        "max_ms": max(times) * 1000 if times else float("nan"),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen sets and print a Markdown table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per throughput set (median is reported)")
    parser.add_argument(
        "--cap", type=float, default=10.0, help="CPU seconds allowed per puzzle in per-puzzle sets"
    )
    parser.add_argument("--sets", nargs="*", help="only these sets (by name)")
    parser.add_argument(
        "--krazydad", type=Path, help="path of krazydad-hexsudoku-20220605.csv (not in the repo)"
    )
    args = parser.parse_args(argv)

    throughput = [
        SetSpec("17-clue", lines_of(DATA / "puzzles2_17_clue"), 9, (3, 3), "unique"),
        SetSpec("top1465", lines_of(DATA / "puzzles3_magictour_top1465"), 9, (3, 3), "unique"),
        SetSpec("top95", lines_of(DATA / "sudoku-top95.txt"), 9, (3, 3), "unique"),
        SetSpec("serg (count to 2)", lines_of(DATA / "puzzles7_serg_benchmark"), 9, (3, 3), "multiple"),
        SetSpec("gecode 16x16", lines_of(DATA / "gecode_sudoku_16x16.txt"), 16, (4, 4), "unique"),
    ]
    if args.krazydad is not None:
        if args.krazydad.exists():
            throughput.append(
                SetSpec("krazydad 16x16", krazydad(args.krazydad), 16, (4, 4), "unique", "0123456789abcdef")
            )
        else:
            print(f"skipping KrazyDad: {args.krazydad} not found", file=sys.stderr)
    each = [SetSpec("gecode 25x25", lines_of(DATA / "gecode_sudoku_25x25.txt"), 25, (5, 5), "unique")]

    print("| set | puzzles | API puzzles/s | solver puzzles/s |")
    print("| --- | ---: | ---: | ---: |")
    for spec in throughput:
        if args.sets and spec.name not in args.sets:
            continue
        r = run_throughput(spec, args.repeat)
        print(
            f"| {spec.name} | {r['puzzles']:,} | {r['api_rate']:,.0f} | {r['core_rate']:,.0f} |", flush=True
        )
    print()
    print(f"| set | puzzles | solved within {args.cap:g} s | median ms | max ms |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for spec in each:
        if args.sets and spec.name not in args.sets:
            continue
        r = run_each(spec, args.cap)
        print(
            f"| {spec.name} | {r['puzzles']} | {r['solved']} | {r['median_ms']:,.1f} | {r['max_ms']:,.1f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
