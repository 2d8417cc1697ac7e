"""The generator's unbounded uniqueness checks on a big grid: the core against the learning search.

Usage: python benchmarks/learning_generate.py N [--seeds A B] [--check-nodes K] [--time-limit S]

For each seed: one random filled N x N grid (the generator's fill), then the reduction (cells removed
while the puzzle keeps its one solution) twice on it, with the core's checks and with the learning
search's (``Generator(..., learning=True)``: the core for a few thousand nodes, then the learning
search with the givens as assumptions).  Prints wall seconds, the share of empty cells, whether the
result is minimal, nodes (the core's guesses plus conflicts) and checks.  ``--check-nodes 0`` (the
default) asks for a minimal puzzle; the generator's own default on grids over 400 cells is 512.
"""

from __future__ import annotations

import argparse
import time

from sudokit import _engine
from sudokit.generator import _shuffle_spec, orbits, request
from sudokit.solver import _layout


def main() -> None:
    """Run both reductions on each seed's grid and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--seeds", type=int, nargs=2, default=[0, 2])
    parser.add_argument("--check-nodes", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=900.0)
    args = parser.parse_args()
    made = request(args.n, check_nodes=args.check_nodes)
    grid = made.grid
    for seed in range(*args.seeds):
        for learning in (False, True):
            generator = _engine.Generator(
                _layout(grid),
                len(grid.cells),
                orbits(grid, "none", None),
                0,
                made.check_nodes,
                _shuffle_spec(grid),
                learning=learning,
            )
            status, solution, _ = generator.fill(seed, node_limit=10**7)
            assert status == _engine.GEN_DONE and solution is not None
            started = time.perf_counter()
            status, givens, minimal, nodes, checks = generator.reduce(
                seed, solution, None, None, args.time_limit
            )
            seconds = time.perf_counter() - started
            empty = sum(1 for g in givens if g < 0) / len(givens)
            name = "learning" if learning else "core"
            print(
                f"{args.n}x{args.n} seed {seed} {name:>8}: {seconds:7.1f} s, {empty:.1%} empty, "
                f"minimal {minimal}, {nodes:,} nodes, {checks} checks, status {status}",
                flush=True,
            )


if __name__ == "__main__":
    main()
