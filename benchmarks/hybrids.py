"""Time the hybrids of issue 38 stated in JSON: shading, regions drawn, false clues, counted to two.

    .venv/bin/python benchmarks/hybrids.py [--repeat N]

Each time is one ``count_solutions(puzzle, 2)`` call from the parsed puzzle: compiling the layout
(first run only, reported apart), the core's search and the split of its answer into digits and
shading.  Medians and ranges over the repeats; the VM is shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import sudokit
from sudokit import Grid, Puzzle
from sudokit.constraints.regions.chaos import ChaosConstruction
from sudokit.constraints.shading.yin_yang import ShadedDigits, YinYang
from sudokit.formats import parse

FIXTURES = Path(__file__).parent.parent / "tests" / "fixtures" / "variants"
FIXTURE = FIXTURES / "yin-yang-shaded-counts.json"


def cases() -> list[tuple[str, Puzzle, int | None]]:
    """(name, puzzle, count limit) for each timed case."""
    return [
        ("9x9 yin-yang, 7 shaded counts, 13 shaded givens, 17 digits", parse(FIXTURE.read_text()), 2),
        (
            "4x4 yin-yang alone, every solution (27,648)",
            Puzzle.empty(Grid.classic(4).with_constraints(YinYang())),
            None,
        ),
        (
            "9x9 negators (one per house) with 27 XV pairs and 4 arrows, 2 givens",
            parse((FIXTURES / "negators-xv-arrows.json").read_text()),
            2,
        ),
        (
            "9x9 loop through odd digits only, 5 loop visits, 18 givens",
            parse((FIXTURES / "loop-odd-digits.json").read_text()),
            2,
        ),
        (
            "9x9 killer, exactly one of its 29 cage totals false",
            parse((FIXTURES / "killer-one-false-cage.json").read_text()),
            2,
        ),
        (
            "9x9 chaos construction, empty grid",
            Puzzle.empty(Grid.latin(9).with_constraints(ChaosConstruction())),
            2,
        ),
        (
            "9x9 yin-yang, shaded cells hold 1-4, empty grid",
            Puzzle.empty(Grid.classic(9).with_constraints(YinYang(), ShadedDigits(shaded=(1, 2, 3, 4)))),
            2,
        ),
    ]


def main() -> None:
    """Print one line per case: the answer, the first run and the median of the rest."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    for name, puzzle, limit in cases():
        times = []
        result = None
        for _ in range(args.repeat):
            started = time.perf_counter()
            result = sudokit.count_solutions(puzzle, limit)
            times.append(time.perf_counter() - started)
        assert result is not None
        rest = times[1:] or times
        print(
            f"{name}: {result.verdict} ({result.count}, {'complete' if result.complete else 'stopped'}); "
            f"first {times[0] * 1000:.1f} ms, median {statistics.median(rest) * 1000:.1f} ms "
            f"({min(rest) * 1000:.1f}-{max(rest) * 1000:.1f})"
        )


if __name__ == "__main__":
    main()
