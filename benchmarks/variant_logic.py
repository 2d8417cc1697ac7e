"""The logical solve of setters' variant puzzles: solved without a guess, or stuck, and how long it takes.

Usage::

    python benchmarks/variant_logic.py [CORPUS.jsonl ...] [--time-limit 30] [--built 100]

With no corpus, the puzzles the repository holds: the six f-puzzles samples of the tests, the web
app's library (``sudokit/examples/variants.jsonl``), the published puzzles of
``tests/fixtures/variants/published.jsonl`` and the variant records of ``../shared/data/variants``
the tests hold (``fpuzzles-variants.jsonl``, ``variants.jsonl``: samurai, killer, jigsaw, windoku).
Each puzzle sudokit reads in full is explained with
``guess=False`` (the path stops where no technique applies).  Every step is checked against the
solution: a step that removes a digit of the solution or places a wrong one is counted as unsound
(there must be none).  A hint is timed where the path starts and just before its hardest step (what
the web app's hint button asks).  Prints one line per puzzle, then how many were solved by logic,
the median and worst times.  ``--built N`` also explains N built 9x9 puzzles of each kind of
``tests/variant_builds.py`` (killer, jigsaw, thermo, kropki, sandwich, arrow) and counts their
unsound steps.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import sudokit
from sudokit.errors import SudokitError

ROOT = Path(__file__).resolve().parent.parent


def held() -> list[tuple[str, str | sudokit.Puzzle]]:
    """The variant puzzles the repository holds: (name, link or text, or the puzzle itself)."""
    found: list[tuple[str, str | sudokit.Puzzle]] = [
        (path.name, path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "tests/fixtures/variants/fpuzzles-samples").glob("*.fpuzzles.txt"))
    ]
    for file in (
        ROOT / "src/sudokit/examples/variants.jsonl",
        ROOT / "tests/fixtures/variants/published.jsonl",
        ROOT / "tests/fixtures/variants/fpuzzles-variants.jsonl",
    ):
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            found.append(
                (record.get("title") or record.get("id", "?"), record.get("url") or record["fpuzzles"])
            )
    sys.path.insert(0, str(ROOT))
    from tests.test_variants import build  # the normalised janko and windoku records of the tests

    for line in (ROOT / "tests/fixtures/variants/variants.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        found.append((record["id"], build(record)))
    return found


def main() -> None:
    """Explain each puzzle without guessing; print the outcome per puzzle and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="*", type=Path)
    parser.add_argument("--time-limit", type=float, default=30.0)
    parser.add_argument("--built", type=int, default=0, help="built puzzles of each kind to check")
    args = parser.parse_args()
    puzzles = held()
    for file in args.corpus:
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            puzzles.append((record.get("title") or record.get("id", "?"), record["url"]))
    seen: set[str | sudokit.Puzzle] = set()
    times: list[float] = []
    hints: list[tuple[float, float]] = []
    solved = stuck = other = unsound = 0
    for name, text in puzzles:
        if text in seen:
            continue
        seen.add(text)
        try:
            puzzle = text if isinstance(text, sudokit.Puzzle) else sudokit.parse(text)
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
        hints += _hint_times(puzzle, path)
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
        warm, cold = [h[0] for h in hints], [h[1] for h in hints]
        print(
            f"hint (solution known, as the app asks): median {statistics.median(warm) * 1000:.0f} ms, worst"
            f" {max(warm) * 1000:.0f} ms; cold (counting first, as the command line): median"
            f" {statistics.median(cold) * 1000:.0f} ms, worst {max(cold) * 1000:.0f} ms"
        )
    if args.built:
        _built(args.built)


def _hint_times(puzzle: sudokit.Puzzle, path: sudokit.Explanation) -> list[tuple[float, float]]:
    """A hint at the start of the path and just before its hardest step: (as the app asks, cold).

    The app knows the puzzle's solution from opening it and passes it (``known``); a cold hint
    (the command line's) counts the solutions first.
    """
    if not path.steps:
        return []
    hardest = max(range(len(path.steps)), key=lambda k: path.steps[k].info.score)
    values = list(puzzle.givens)
    for step in path.steps[:hardest]:
        for cell, digit in step.placements:
            values[cell] = digit
    truth = sudokit.solve(puzzle).solution
    known = truth.values if truth is not None and path.unique else None
    found = []
    for position in (puzzle, sudokit.Puzzle(puzzle.grid, tuple(values))):
        started = time.perf_counter()
        sudokit.hint(position, known=known)
        warm = time.perf_counter() - started
        started = time.perf_counter()
        sudokit.hint(position)
        found.append((warm, time.perf_counter() - started))
    return found


def _built(count: int) -> None:
    """Explain ``count`` built 9x9 puzzles of each kind; print unsound steps and times per kind."""
    sys.path.insert(0, str(ROOT))
    from tests.variant_builds import KINDS, build, unsound_steps

    for kind in KINDS:
        bad = 0
        times = []
        for seed in range(count):
            puzzle, solution = build(kind, seed, size=9, share=0.25)
            started = time.perf_counter()
            bad += len(unsound_steps(puzzle, solution, time_limit=10.0))
            times.append(time.perf_counter() - started)
        print(
            f"built {kind:9s} {count} puzzles: unsound steps {bad}; median"
            f" {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
