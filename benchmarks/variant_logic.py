"""The logical solve of setters' variant puzzles: solved without a guess, or stuck, and how long it takes.

Usage::

    python benchmarks/variant_logic.py [CORPUS.jsonl ...] [--time-limit 30]

With no corpus, the puzzles the repository holds: the six f-puzzles samples of the tests, the web
app's library (``sudokit/examples/variants.jsonl``) and the published puzzles of
``tests/fixtures/variants/published.jsonl``.  Each puzzle sudokit reads in full is explained with
``guess=False`` (the path stops where no technique applies).  Every step is checked against the
solution: a step that removes a digit of the solution or places a wrong one is counted as unsound
(there must be none).  Prints one line per puzzle, then how many were solved by logic, the median
and worst time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import sudokit
from sudokit.errors import SudokitError

ROOT = Path(__file__).resolve().parent.parent


def held() -> list[tuple[str, str]]:
    """The variant puzzles the repository holds: (name, link or text)."""
    found = [
        (path.name, path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "tests/fixtures/variants/fpuzzles-samples").glob("*.fpuzzles.txt"))
    ]
    for file in (
        ROOT / "src/sudokit/examples/variants.jsonl",
        ROOT / "tests/fixtures/variants/published.jsonl",
    ):
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            found.append((record.get("title") or record.get("id", "?"), record["url"]))
    return found


def main() -> None:
    """Explain each puzzle without guessing; print the outcome per puzzle and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="*", type=Path)
    parser.add_argument("--time-limit", type=float, default=30.0)
    args = parser.parse_args()
    puzzles = held()
    for file in args.corpus:
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            puzzles.append((record.get("title") or record.get("id", "?"), record["url"]))
    seen: set[str] = set()
    times: list[float] = []
    solved = stuck = other = unsound = 0
    for name, text in puzzles:
        if text in seen:
            continue
        seen.add(text)
        try:
            puzzle = sudokit.parse(text)
            if puzzle.warning:
                continue
            truth = sudokit.solve(puzzle).solution
            started = time.perf_counter()
            path = sudokit.explain(puzzle, guess=False, time_limit=args.time_limit)
            seconds = time.perf_counter() - started
        except SudokitError as exc:
            print(f"{name[:44]:44s} not explained: {str(exc)[:60]}")
            continue
        times.append(seconds)
        if truth is not None:
            values = truth.values
            unsound += sum(
                1
                for step in path.steps
                if any(values[c] == d for c, d in step.eliminations)
                or any(values[c] != d for c, d in step.placements)
            )
        outcome = "solved" if path.solved else path.stopped_by or "?"
        solved += outcome == "solved"
        stuck += outcome == "stuck"
        other += outcome not in ("solved", "stuck")
        print(f"{name[:44]:44s} {outcome:7s} {len(path.steps):4d} steps  {seconds * 1000:8.1f} ms")
    if times:
        print(
            f"{len(times)} puzzles: {solved} solved by logic, {stuck} stuck, {other} stopped by the time"
            f" limit; unsound steps: {unsound}; median {statistics.median(times) * 1000:.0f} ms,"
            f" worst {max(times) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
