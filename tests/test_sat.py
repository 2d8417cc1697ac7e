"""The SAT half of the search portfolio (sudokit.sat): hard puzzles go to CaDiCaL after a node budget.

Counts with the SAT path forced on small grids are checked against the reference counter; the hard
Gecode 25x25 set is solved and proved unique within a generous budget per puzzle; time limits and
Ctrl-C end the child process.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import sudokit
from sudokit import EMPTY, Grid, Puzzle, solver, variants
from sudokit.sat import available, encodable
from tests import reference
from tests.conftest import data_lines
from tests.reference import Problem
from tests.test_differential import LONG

pytestmark = pytest.mark.skipif(not available(), reason="python-sat is not installed")


@pytest.fixture
def sat_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every count goes to the SAT solver: no core budget, any grid size."""
    monkeypatch.setattr(solver, "CORE_NODES", 1)
    monkeypatch.setattr(solver, "SAT_MIN_CELLS", 0)


def problem_of(grid: Grid, givens: tuple[int, ...]) -> Problem:
    return Problem(
        grid.size,
        grid.cells,
        tuple(u.cells for u in grid.units),
        givens,
        relations=tuple((*r.cells, r.distances) for r in grid.relations),
        links=tuple(
            (
                *k.cells,
                frozenset(
                    (x, y)
                    for x in range(grid.size)
                    for y in range(grid.size)
                    if k.table(grid.values)[x] >> y & 1
                ),
            )
            for k in grid.links
        ),
    )


@pytest.mark.parametrize("seed", range(16))
def test_sat_counts_match_the_reference(sat_always: None, seed: int) -> None:
    rng = random.Random(seed)
    n, box = (4, (2, 2)) if seed % 2 else (6, (2, 3))
    grid = Grid.classic(n, box)
    if seed % 4 == 1:
        grid = variants.anti_king(grid)
    if seed % 4 == 2:
        grid = variants.thermometer(grid, [(0, 0), (0, 1), (1, 2)])
        grid = variants.kropki(grid, white=[((3, 3), (3, 4))])
    if seed % 4 == 3:
        grid = variants.non_consecutive(grid)
    filled = reference.random_solution(problem_of(grid, (EMPTY,) * len(grid.cells)), rng)
    if filled is None:  # no grid at all (anti-king or non-consecutive 4x4): the count must say 0
        filled = (EMPTY,) * len(grid.cells)
    givens = tuple(v if rng.random() < (0.3 if n == 6 else 0.2) else EMPTY for v in filled)
    puzzle = Puzzle(grid, givens)
    expected = reference.count(problem_of(grid, givens), limit=50, keep=50)
    result = sudokit.count_solutions(puzzle, 50)
    assert result.count == expected.count
    assert result.complete == (expected.count < 50)
    if result.first is not None:
        assert result.first.violations() == []
        assert result.first.values in expected.solutions or not result.complete  # all kept when complete


def test_sat_finds_no_solution_and_every_solution_up_to_the_limit(sat_always: None) -> None:
    from sudokit.sat import search

    grid = Grid.classic(4, (2, 2))
    full = grid.full_mask
    none = search(grid, (1,) + (full,) * 4 + (1,) + (full,) * 10, 2, None)  # 1 twice in box 1
    assert none.solutions == [] and none.complete and none.stopped_by is None
    assert sudokit.count_solutions(Puzzle.empty(grid), 1000).count == 288  # every 4x4 sudoku
    two = search(grid, (full,) * 16, 2, None)
    assert len(two.solutions) == 2 and two.stopped_by == "limit" and two.solutions[0] != two.solutions[1]


def test_the_encoding_covers_units_relations_and_links_only() -> None:
    grid = Grid.classic(9)
    assert encodable(variants.anti_knight(variants.thermometer(grid, [(0, 0), (0, 1)])))
    assert not encodable(variants.killer(grid, [([(0, 0), (0, 1)], 3)]))
    assert not encodable(variants.sandwich(grid, "top", 0, 10))
    assert not encodable(variants.arrow(grid, [(0, 0)], [(0, 1)]))


def solve_and_check(line: str) -> tuple[float, str]:
    started = time.perf_counter()
    result = sudokit.count_solutions(line, 2, time_limit=300)
    seconds = time.perf_counter() - started
    assert result.unique, (line, result.count, result.stopped_by)
    assert result.first is not None and result.first.violations() == []
    return seconds, result.first.to_string()


QUICK_GECODE_25 = {1, 2, 5, 6, 11, 12, 13, 16, 17}
"""The nine Gecode 25x25 instances (0-based) the portfolio proves in about 2 s or less each.  The other
nine take 3-22 s each (about 80 s of the suite's time): run in the long profile and in
``benchmarks/portfolio_bench.py``, which times all 18 beside CaDiCaL and CP-SAT."""


def test_gecode_25x25_are_solved_and_proved_unique() -> None:
    lines = data_lines("gecode_sudoku_25x25.txt")
    assert len(lines) == 18
    if not LONG:
        lines = [line for k, line in enumerate(lines) if k in QUICK_GECODE_25]
    with ThreadPoolExecutor(
        max_workers=max(2, os.cpu_count() or 1)
    ) as pool:  # the solving is in child processes
        answers = list(pool.map(solve_and_check, lines))
    for line, (_, solution) in zip(lines, answers, strict=True):
        assert all(g in (".", s) for g, s in zip(line, solution, strict=True))


def test_a_time_limit_ends_the_sat_search() -> None:
    hard = data_lines("gecode_sudoku_25x25.txt")[0]
    started = time.perf_counter()
    result = sudokit.count_solutions(hard, 2, time_limit=0.5)
    assert time.perf_counter() - started < 3
    assert result.stopped_by == "time" and not result.complete


def test_ctrl_c_ends_the_child_process_too(tmp_path: Path) -> None:
    script = tmp_path / "hard.py"
    hard = data_lines("gecode_sudoku_25x25.txt")[0]
    script.write_text(
        textwrap.dedent(
            f"""
            import sudokit
            try:
                sudokit.count_solutions({hard!r}, 2)
            except KeyboardInterrupt as exc:
                print("interrupted:", type(exc).__name__, flush=True)
            """
        )
    )
    process = subprocess.Popen(  # SIGINT at its default even when the tests run as a background job
        [sys.executable, str(script)],
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(2.5)  # past the core's budget, into the SAT child
    # its own SAT child (tests running beside this one may have theirs)
    pgrep = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True)
    children = pgrep.stdout.split()
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=10)
    assert "interrupted: SearchInterrupted" in out
    time.sleep(0.2)
    for pid in children:
        assert (
            not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text().lower()
        )


def test_the_core_answers_alone_when_the_sat_process_dies(
    sat_always: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sudokit import sat

    def died(self: sat.SatRun, seconds: float) -> None:
        self.stop()
        raise RuntimeError("the SAT solver process ended unexpectedly: Killed")

    monkeypatch.setattr(sat.SatRun, "wait", died)
    grid = Grid.classic(6)
    puzzle = sudokit.parse("1.....2.....3.....4.....5.....6.....", size=6)
    expected = reference.count(problem_of(grid, puzzle.givens), limit=20)
    result = sudokit.count_solutions(puzzle, 20)
    assert result.count == expected.count and result.first is not None and result.first.violations() == []
