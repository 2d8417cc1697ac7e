"""The learning search alone on the Gecode 25x25 set: CPU seconds, conflicts and conflicts per second.

Usage: python benchmarks/learning_gecode.py [--instances 2 3 ...] [--cap S] [--hall]

Each instance (1-based, default all 18 of ``data/gecode_sudoku_25x25.txt``) is loaded into a fresh
``_engine.LearningSearch`` and counted to two, with no presolve by the depth-first core and no SAT
child: the engine's own speed, for measuring changes inside ``_core/lcg.c`` (conflict counts are
deterministic, so a change of search path shows apart from a change of speed). Every count must find
one solution, checked by ``Solution.violations`` (givens and every unit).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import sudokit
from sudokit import _engine
from sudokit.solver import _layout

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import DATA, lines_of


def main() -> None:
    """Count each instance to two and print one line each, then the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, nargs="+", default=list(range(1, 19)))
    parser.add_argument("--cap", type=float, default=60.0, help="CPU seconds per instance")
    parser.add_argument("--hall", action="store_true", help="Hall sets on (off by default)")
    args = parser.parse_args()
    lines = lines_of(DATA / "gecode_sudoku_25x25.txt")
    total_seconds, total_conflicts, done = 0.0, 0, 0
    print(f"{'#':>3} {'CPU s':>8} {'conflicts':>10} {'per s':>8}  answer")
    for k in args.instances:
        puzzle = sudokit.parse(lines[k - 1])
        search = _engine.LearningSearch(_layout(puzzle.grid))
        search.configure(True, args.hall, 100)
        started = time.process_time()
        search.start(puzzle.givens, puzzle.allowed, 0, args.cap)
        status, count, first = search.count(2)
        seconds = time.process_time() - started
        if status == _engine.EXHAUSTED and count == 1 and first is not None:
            assert sudokit.Solution(puzzle, tuple(first)).violations() == [], k
            answer, done = "unique", done + 1
        else:
            answer = f"not done (status {status}, {count} found)"
        total_seconds += seconds
        total_conflicts += search.nodes
        rate = search.nodes / seconds if seconds > 0 else 0.0
        print(f"{k:>3} {seconds:8.2f} {search.nodes:>10} {rate:8.0f}  {answer}", flush=True)
    rate = total_conflicts / total_seconds if total_seconds > 0 else 0.0
    print(
        f"total: {done} of {len(args.instances)} proved unique, {total_seconds:.1f} CPU s, "
        f"{total_conflicts} conflicts, {rate:.0f} per s"
    )


if __name__ == "__main__":
    main()
