"""The search portfolio on hard big grids against the core alone and the SAT peers, in one run.

The portfolio is the core, then a race of the core with CaDiCaL; the peers are those of ``peers.py``.

Usage: python benchmarks/portfolio_bench.py [--core-cap S] [--peer-cap S] [--learning-cap S] [--big N ...]

1. Gecode 25x25 (the 18 of ``data/gecode_sudoku_25x25.txt``): every solver counts to two (solves and
   proves uniqueness); each answer is checked (rows, columns, boxes, givens) before it counts.
   * ``core``: ``count_solutions(puzzle, 2, node_limit=10**12, time_limit=--core-cap)`` (a node limit
     keeps the portfolio off);
   * ``portfolio``: ``count_solutions(puzzle, 2)`` as users call it;
   * ``learning``: the same with no SAT solver installed (a plain ``pip install sudokit``): the core
     for its budget, then the learning search of ``_core/lcg.c`` (issue 26), on one core;
   * peers: python-sat's CaDiCaL and Glucose on the extended encoding, OR-tools CP-SAT (``peers.py``),
     each stopped after ``--peer-cap`` seconds per puzzle (in a child process).
   Figures are wall seconds and CPU seconds including child processes (the portfolio's SAT child).
2. ``--big N``: random N x N puzzles (a random filled grid from the generator, 40 %, 50 % and 60 % of
   the cells emptied): the portfolio's count to two, wall seconds; the core's depth-first search and its
   learning search alone, CPU seconds up to --core-cap.
3. ``--unique N``: unique N x N puzzles with about 40, 50 and 60 % of the cells empty, made by
   ``sudokit.generate`` (cells removed under uniqueness checks): the portfolio's count to two.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import sudokit
from sudokit import EMPTY, Puzzle

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
DATA = HERE.parent / "data"
SYMBOLS25 = "123456789ABCDEFGHIJKLMNOP"


def clocks() -> tuple[float, float]:
    """Wall seconds and CPU seconds of this process and its waited-for children."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter(), time.process_time() + children.ru_utime + children.ru_stime


def checked(line: str, result: sudokit.CountResult) -> bool:
    """Whether a count is a proved unique solution that keeps the givens and breaks no rule."""
    first = result.first
    if not result.unique or first is None or first.violations():
        return False
    return all(g == "." or g == s for g, s in zip(line, first.to_string(), strict=True))


def sudokit_run(line: str, **options: Any) -> tuple[float | None, float]:
    """(wall seconds or None when not done, CPU seconds) of one count to two."""
    wall, cpu = clocks()
    result = sudokit.count_solutions(line, 2, **options)
    wall2, cpu2 = clocks()
    if result.stopped_by in ("time", "nodes"):
        return None, cpu2 - cpu
    assert checked(line, result), line
    return wall2 - wall, cpu2 - cpu


def learning_run(line: str, cap: float) -> tuple[float | None, float]:
    """As sudokit_run, with the SAT solver taken away: count_solutions' path without the sat extra."""
    from sudokit import sat

    available = sat.available
    sat.available = lambda: False  # type: ignore[assignment]
    try:
        return sudokit_run(line, time_limit=cap)
    finally:
        sat.available = available  # type: ignore[assignment]


def _peer_child(name: str, line: str, out: Any) -> None:
    """In a child process: one peer on one puzzle; puts (CPU seconds, answer checked) on ``out``."""
    import peers

    peer = next(p for p in peers.available_peers() if p.name == name)
    started = time.process_time()
    count, solution = peer.solve(line, 25, (5, 5), SYMBOLS25)
    ok = (
        count == 1
        and solution is not None
        and all(g in (".", s) for g, s in zip(line, solution, strict=True))
    )
    out.put((time.process_time() - started, ok))


def peer_run(name: str, line: str, cap: float) -> float | None:
    """The peer's CPU seconds on one puzzle, or None when it did not finish within ``cap``."""
    context = multiprocessing.get_context("spawn")
    results: Any = context.Queue()
    child = context.Process(target=_peer_child, args=(name, line, results), daemon=True)
    child.start()
    child.join(cap)
    if child.is_alive():
        child.kill()
        child.join()
        return None
    seconds, ok = results.get(timeout=5)
    assert ok, (name, line)
    return float(seconds)


def show(value: float | None) -> str:
    """Seconds in a column, '-' for not done."""
    return f"{value:8.2f}" if value is not None else "       -"


def gecode(core_cap: float, peer_cap: float, learning_cap: float) -> None:
    """Section 1: the 18 Gecode 25x25 puzzles, one line each."""
    import peers

    names = [
        p.name
        for p in peers.available_peers()
        if "CaDiCaL" in p.name or "Glucose" in p.name or "CP-SAT" in p.name
    ]
    lines = [
        line.strip() for line in (DATA / "gecode_sudoku_25x25.txt").read_text().splitlines() if line.strip()
    ]
    print("Gecode 25x25: wall s (portfolio CPU s incl. its SAT child); '-' = not within the cap")
    print(
        f"{'#':>3} {'core':>8} {'portfolio':>9} {'(cpu)':>8} {'learning':>8} "
        + " ".join(f"{n.split()[-2][:10]:>10}" for n in names)
    )
    totals: dict[str, list[float | None]] = {
        "core": [],
        "portfolio": [],
        "portfolio CPU": [],
        "learning": [],
        **{n: [] for n in names},
    }
    for k, line in enumerate(lines, 1):
        core, _ = sudokit_run(line, node_limit=10**12, time_limit=core_cap)
        mine, mine_cpu = sudokit_run(line, time_limit=600)
        _, learning = learning_run(line, learning_cap)
        learning_done = learning if learning < learning_cap else None
        row = [peer_run(n, line, peer_cap) for n in names]
        totals["core"].append(core)
        totals["portfolio"].append(mine)
        totals["portfolio CPU"].append(mine_cpu)
        totals["learning"].append(learning_done)
        for n, v in zip(names, row, strict=True):
            totals[n].append(v)
        print(
            f"{k:>3} {show(core)} {show(mine):>9} {show(mine_cpu)} {show(learning_done)} "
            + " ".join(f"{show(v):>10}" for v in row),
            flush=True,
        )
    for name, values in totals.items():
        done = [v for v in values if v is not None]
        if done:
            median, most = statistics.median(done), max(done)
            total = sum(done)
            print(
                f"{name}: {len(done)} of {len(values)} solved, median {median:.2f} s, max {most:.2f} s,"
                f" total {total:.1f} s"
            )
        else:
            print(f"{name}: none solved")
    print(f"peers: {', '.join(names)}")


def big(n: int, cap: float) -> None:
    """Section 2: random n x n puzzles, 40 to 60 % of the cells emptied.

    The portfolio as users call it, and the core's depth-first and learning searches alone (CPU
    seconds, up to ``cap`` each, the --core-cap).
    """
    from sudokit import _engine
    from sudokit.generator import _generator, request
    from sudokit.solver import _layout

    made = request(n)
    layout = _layout(made.grid)
    for frac in (0.4, 0.5, 0.6):
        for seed in range(2):
            rng = random.Random(seed)
            status, solution, _ = _generator(made, made.grid, None).fill(
                rng.randrange(10**9), node_limit=10**7
            )
            assert status == _engine.GEN_DONE and solution is not None
            givens = tuple(v if rng.random() > frac else EMPTY for v in solution)
            started = time.perf_counter()
            result = sudokit.count_solutions(Puzzle(made.grid, givens), 2, time_limit=120)
            seconds = time.perf_counter() - started
            what = "time limit" if result.stopped_by == "time" else f"{result.count} solution(s)"
            engines = []
            for name, kind in (("core", _engine.Search), ("learning", _engine.LearningSearch)):
                search = kind(layout)
                cpu = time.process_time()
                search.start(givens, None, 0, cap)
                status, count, _ = search.count(2)
                spent = time.process_time() - cpu
                done = status in (_engine.SOLUTION, _engine.EXHAUSTED)
                engines.append(f"{name} {count} in {spent:.2f} s" if done else f"{name} -")
            print(
                f"{n}x{n} {int(frac * 100)} % empty, seed {seed}: {what} in {seconds:.2f} s"
                f" (CPU, {cap:.0f} s cap: {', '.join(engines)})",
                flush=True,
            )


def unique_big(n: int, seeds: int) -> None:
    """Section 3: unique n x n puzzles with 40, 50 and 60 % of the cells empty, and their counts.

    The generator makes them (cells removed under uniqueness checks); the count to two is timed.
    """
    cells = n * n
    for frac in (0.4, 0.5, 0.6):
        target = round(cells * (1 - frac))
        for seed in range(seeds):
            started = time.perf_counter()
            try:
                made = sudokit.generate(
                    n, seed=seed, givens=f"{target - n}..{target + n}", time_limit=600, attempts=5
                )
            except sudokit.GenerationError as exc:
                print(f"{n}x{n} {int(frac * 100)} % empty, seed {seed}: not made ({exc})", flush=True)
                continue
            making = time.perf_counter() - started
            started = time.perf_counter()
            result = sudokit.count_solutions(made.puzzle, 2, time_limit=120)
            seconds = time.perf_counter() - started
            empty = 100 * (cells - made.puzzle.clue_count) / cells
            what = "unique" if result.unique else f"{result.count} ({result.stopped_by})"
            where = f"{n}x{n} {empty:.0f} % empty (made in {making:.1f} s), seed {seed}"
            print(f"{where}: {what} in {seconds:.2f} s", flush=True)


def main() -> None:
    """Run the sections the options ask for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--core-cap", type=float, default=30.0)
    parser.add_argument("--peer-cap", type=float, default=60.0)
    parser.add_argument("--learning-cap", type=float, default=60.0)
    parser.add_argument("--big", type=int, nargs="*", default=[])
    parser.add_argument("--no-gecode", action="store_true")
    parser.add_argument(
        "--unique", type=int, nargs="*", default=[], help="unique N x N puzzles from the generator"
    )
    parser.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args()
    if not args.no_gecode:
        gecode(args.core_cap, args.peer_cap, args.learning_cap)
    for n in args.big:
        big(n, args.core_cap)
    for n in args.unique:
        unique_big(n, args.seeds)


if __name__ == "__main__":
    main()
