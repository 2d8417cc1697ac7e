"""Variant puzzles with and without the learning search, side by side in one run (issue 40).

Usage: python benchmarks/variant_learning.py CORPUS.jsonl [...] [--time-limit S] [--show N]

Every puzzle of the corpora (JSON Lines with ``url``, or ``iss`` constraint strings as in the ISS
collection) that sudokit reads in full and whose rules the learning search covers is counted to two
solutions three ways, each timed in this process (wall time, reading and compiling left out):

* ``depth-first``: the core's depth-first search alone (the path before issue 40);
* ``default``: :func:`sudokit.count_solutions` (the core for its first nodes, then learning);
* ``learning``: the learning search alone, from the start.

The answers must agree.  The summary gives medians, totals and the puzzles where the default is
slowest; a search the time limit stops counts at the limit.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import sudokit
from sudokit import _engine
from sudokit.errors import SudokitError
from sudokit.solver import _compile


def timed(run: Any) -> tuple[float, int]:
    """(seconds, count) of one run."""
    started = time.perf_counter()
    count = run()
    return time.perf_counter() - started, count


def depth_first(puzzle: sudokit.Puzzle, layout: Any, limit: float) -> int:
    """The count to two by the core's depth-first search alone."""
    search = _engine.Search(layout)
    status, _ = search.start(puzzle.givens, puzzle.allowed, time_limit=limit)
    return 0 if status == _engine.CONTRADICTION else int(search.count(2)[1])


def learning(puzzle: sudokit.Puzzle, layout: Any, limit: float) -> int:
    """The count to two by the learning search alone."""
    search = _engine.LearningSearch(layout)
    if search.start(puzzle.givens, puzzle.allowed, 0, limit) == _engine.CONTRADICTION:
        return 0
    return int(search.count(2)[1])


def main() -> int:
    """Time every covered puzzle three ways; print the table and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="+", type=Path)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--show", type=int, default=25)
    args = parser.parse_args()
    limit = args.time_limit
    rows = []
    seen: set[str] = set()
    for corpus in args.corpora:
        for line in corpus.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            source = record.get("url") or record.get("iss")
            if not source or source in seen:
                continue
            seen.add(source)
            try:
                puzzle = sudokit.parse(source, format=None if record.get("url") else "iss")
            except SudokitError:
                continue
            if puzzle.warning:
                continue
            layout = _compile(puzzle.grid)
            if not _engine.learning_supports(layout) or puzzle.grid.size > 16:
                continue

            runs = (
                timed(lambda p=puzzle, lay=layout: depth_first(p, lay, limit)),
                timed(lambda p=puzzle: sudokit.count_solutions(p, 2, time_limit=limit).count),
                timed(lambda p=puzzle, lay=layout: learning(p, lay, limit)),
            )
            (t1, c1), (t2, c2), (t3, c3) = runs
            stopped = [t >= limit * 0.99 for t in (t1, t2, t3)]
            agree = len({c for c, s in zip((c1, c2, c3), stopped, strict=True) if not s}) <= 1
            kinds = sorted({c.kind for c in puzzle.grid.constraints})
            rows.append((record.get("title") or record.get("id"), t1, t2, t3, agree, kinds))
    rows.sort(key=lambda row: -row[2])
    print(f"{'puzzle':32} {'depth-first':>12} {'default':>10} {'learning':>10}  kinds")
    for title, t1, t2, t3, agree, kinds in rows[: args.show]:
        flag = "" if agree else "  DISAGREE"
        times = f"{t1 * 1000:10.1f}ms {t2 * 1000:8.1f}ms {t3 * 1000:8.1f}ms"
        print(f"{str(title)[:32]:32} {times}  {', '.join(kinds)}{flag}")
    for name, k in (("depth-first", 1), ("default", 2), ("learning", 3)):
        times = [row[k] for row in rows]
        slow, stopped = sum(t > 1 for t in times), sum(t >= limit * 0.99 for t in times)
        print(
            f"{name:>12}: median {statistics.median(times) * 1000:.2f} ms, total {sum(times):.1f} s, "
            f"over 1 s: {slow}, stopped at {limit:g} s: {stopped}"
        )
    print(f"{len(rows)} puzzles; answers disagree on {sum(not row[4] for row in rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
