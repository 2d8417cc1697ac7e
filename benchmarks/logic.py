"""Time sudokit's human-style path (``explain``) over puzzle sets and report what it needed.

Usage: ``python benchmarks/logic.py [--sets top1465,17clue,top95,easy50,hardest,16x16] [--limit N]
[--step K] [--jobs J]``

For every puzzle: the time of ``sudokit.logic.explain`` (one process per job, each puzzle timed on
its own), whether logic alone finished it, how many guesses it needed, and an independent check of
the final grid.  Prints per set: solved without guessing, mean / median / p95 / max milliseconds,
steps rejected for contradicting the solution (must be 0), the rating levels and the techniques
used most.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import sudokit
from run import DATA, SetSpec, check, lines_of
from sudokit.logic import explain


def _classic(name: str, file: str) -> SetSpec:
    return SetSpec(name, lines_of(DATA / file), 9, (3, 3), "123456789", 1)


def _classic(name: str, file: str) -> SetSpec:
    return SetSpec(name, lines_of(DATA / file), 9, (3, 3), "123456789", 1)


SETS = {
    "easy50": lambda: _classic("easy50", "sudoku-easy50.txt"),
    "17clue": lambda: _classic("17clue", "puzzles2_17_clue"),
    "top1465": lambda: _classic("top1465", "puzzles3_magictour_top1465"),
    "top95": lambda: _classic("top95", "sudoku-top95.txt"),
    "hardest": lambda: _classic("hardest", "sudoku-hardest.txt"),
    "16x16": lambda: SetSpec(
        "16x16", lines_of(DATA / "gecode_sudoku_16x16.txt"), 16, (4, 4), "123456789ABCDEFG", 1
    ),
}


def _one(item: tuple[str, str]) -> tuple[str, float, int, int, str, list[str], str, float, int]:
    """Explain one puzzle: (puzzle, seconds, guesses, rejected, level, techniques, solution, se, score)."""
    line, symbols = item
    puzzle = sudokit.parse(line, symbols=tuple(symbols))
    start = time.perf_counter()
    path = explain(puzzle)
    seconds = time.perf_counter() - start
    rating = path.rating
    solution = "".join(symbols[v] if v >= 0 else "." for v in path.values)
    return (
        line,
        seconds,
        path.guesses,
        len(path.rejected),
        rating.level.label,
        [s.name for s in path.steps],
        solution,
        rating.se,
        rating.score,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the sets and print one block per set."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="top1465", help="comma-separated: " + ", ".join(SETS))
    parser.add_argument("--limit", type=int, default=0, help="only the first N puzzles of each set")
    parser.add_argument("--step", type=int, default=1, help="take every STEP-th puzzle")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (timing is per puzzle)")
    args = parser.parse_args(argv)
    for name in args.sets.split(","):
        spec = SETS[name]()
        puzzles = spec.puzzles[:: args.step]
        if args.limit:
            puzzles = puzzles[: args.limit]
        wall = time.perf_counter()
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(_one, [(p, spec.symbols) for p in puzzles], chunksize=4))
        wall = time.perf_counter() - wall
        times = sorted(r[1] * 1000 for r in results)
        guessed = [r for r in results if r[2]]
        rejected = sum(r[3] for r in results)
        for line, _, _, _, _, _, solution, _, _ in results:
            if "." not in solution:
                check(spec, line, 1, solution)
        levels = Counter(r[4] for r in results)
        used = Counter(t for r in results for t in set(r[5]))
        slowest = max(results, key=lambda r: r[1])
        print(f"== {name}: {len(results)} puzzles, {wall:.1f} s wall with {args.jobs} job(s)")
        print(f"   finished without guessing: {len(results) - len(guessed)} of {len(results)}")
        print(
            f"   ms per puzzle: mean {statistics.fmean(times):.1f}, median {statistics.median(times):.1f}, "
            f"p95 {times[int(0.95 * (len(times) - 1))]:.1f}, max {times[-1]:.1f} ({slowest[0]})"
        )
        print(f"   steps rejected as unsound: {rejected}; every final grid checked independently")
        print(f"   levels: {dict(sorted(levels.items()))}")
        se = [r[7] for r in results]
        scores = [r[8] for r in results]
        print(
            f"   SE-style rating: mean {statistics.fmean(se):.2f}, max {max(se):.1f}; "
            f"score: median {statistics.median(scores):.0f}"
        )
        print("   puzzles using each technique: " + ", ".join(f"{k} {v}" for k, v in used.most_common()))
        for r in guessed[:5]:
            print(f"   guessed {r[2]}x: {r[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
