"""Puzzles of a chosen Sudoku Explainer band: how fast ``generate --se A..B`` makes them.

Usage::

    python benchmarks/generate_se_bands.py [--count 10] [--bands 1.0..2.0,2.0..4.0,...]

For each ER band, makes ``count`` minimal 9x9 puzzles (seeds 0, 1, ...) whose ER, by SE's rules
(``sudokit.se``), lies in it, and prints the puzzles made per second, the attempts per puzzle and
the median and worst seconds per puzzle, on one core.  Every puzzle's ER is checked again.
"""

from __future__ import annotations

import argparse
import statistics
import time

import sudokit
from sudokit.generator import GenerationError

BANDS = "1.0..2.0,2.0..3.0,3.0..4.5,4.5..6.5,6.5..7.5,7.5..8.5,8.5..9.5"


def main() -> None:
    """Make each band's puzzles and print the rates."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--bands", default=BANDS)
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds per puzzle at most")
    args = parser.parse_args()
    for band in args.bands.split(","):
        low, high = (float(x) for x in band.split(".."))
        times: list[float] = []
        attempts = failed = 0
        started = time.perf_counter()
        for seed in range(args.count):
            begun = time.perf_counter()
            try:
                made = sudokit.generate(seed=seed, se=(low, high), time_limit=args.time_limit)
            except GenerationError:
                failed += 1
                continue
            times.append(time.perf_counter() - begun)
            attempts += made.attempts
            er = round(sudokit.rate(made.puzzle, scale="se").er, 1)
            assert low <= er <= high, (made.puzzle, er)
        total = time.perf_counter() - started
        if times:
            print(
                f"ER {band}: {len(times)} made ({failed} not within {args.time_limit:g} s), "
                f"{len(times) / total:.2f} puzzles/s, {attempts / len(times):.1f} attempts each, "
                f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s"
            )
        else:
            print(f"ER {band}: none made ({failed} not within {args.time_limit:g} s)")


if __name__ == "__main__":
    main()
