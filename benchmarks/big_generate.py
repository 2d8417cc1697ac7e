"""Making big puzzles: givens taken away at random against givens built up (issue 26).

Usage: python benchmarks/big_generate.py [--sizes 25 36 49 64] [--seeds A B] [--seconds S]

For each size and seed: one random filled grid (the generator's fill), then three ways to its givens,
each followed by the generator's removal with its default bounded checks (512 guesses per check on
25x25, 64 beyond),
stopped after ``--removal-seconds``:

* ``removal``: the removal alone from the full grid, in random order (what the generator did before);
* ``built``: ``Generator.build`` with no target: groups added until propagation alone fills the grid,
  the ones it does without taken back (what ``generate(N)`` does now);
* ``built+search``: the same with a local search for ``--seconds`` (what a ``givens=`` range asks for).

Prints CPU seconds, givens and the share of empty cells, and how long sudokit then takes to solve and
prove the puzzle unique (``count_solutions(puzzle, 2)``), which also checks the puzzle is unique.
"""

from __future__ import annotations

import argparse
import time

import sudokit
from sudokit import _engine
from sudokit.generator import orbits, request
from sudokit.model import Puzzle
from sudokit.solver import _layout


def main() -> None:
    """Print one line per size, seed and way."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[25, 36, 49, 64])
    parser.add_argument("--seeds", type=int, nargs=2, default=[1, 3])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--removal-seconds", type=float, default=300.0, help="bound on each removal")
    args = parser.parse_args()
    print(f"{'size':>4} {'seed':>4} {'way':<13} {'cpu s':>7} {'givens':>6} {'empty':>6} {'solve s':>7}")
    for n in args.sizes:
        grid = sudokit.Grid.classic(n)
        layout = _layout(grid)
        for seed in range(*args.seeds):
            generator = _engine.Generator(layout, n * n, orbits(grid), 0, request(n).check_nodes)
            _, solution, _ = generator.fill(seed, node_limit=20_000)
            assert solution is not None
            for way in ("removal", "built", "built+search"):
                started = time.process_time()
                start = None
                if way != "removal":
                    seconds = args.seconds if way == "built+search" else 0.0
                    _, start, _ = generator.build(
                        seed, solution, target=0 if seconds else n * n, time_limit=seconds
                    )
                _, givens, _, _, _ = generator.reduce(seed, solution, start, time_limit=args.removal_seconds)
                cpu = time.process_time() - started
                puzzle = Puzzle(grid, givens)
                solve_started = time.process_time()
                result = sudokit.count_solutions(puzzle, 2)
                solve = time.process_time() - solve_started
                assert result.unique, (n, seed, way, result.count, result.stopped_by)
                count = sum(g >= 0 for g in givens)
                empty = 100 * (1 - count / (n * n))
                line = f"{n:>4} {seed:>4} {way:<13} {cpu:>7.1f} {count:>6} {empty:>5.1f}% {solve:>7.2f}"
                print(line, flush=True)


if __name__ == "__main__":
    main()
