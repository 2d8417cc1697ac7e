"""The learning search (``_core/lcg.c``): conflict analysis over the core's propagators.

Its counts are checked against the plain backtracking reference (tests/reference.py) on small puzzles
of every kind it covers and on random 15x15 to 25x25 grids up to 30 % empty, and against the
core's count on thousands of random big grids with many more cells empty; each solution
it gives must break no rule by the reference's own checker.  The incremental use (givens as
assumptions, clauses kept from one start to the next, as the generator's checks do) is checked against
the core question by question.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import sudokit
from sudokit import EMPTY, Grid, Puzzle, Solution, _engine, solver
from tests import reference
from tests.strategies import Case, _classic, finish, shuffled_solution, small_puzzles
from tests.test_differential import CAP, SCALE, reference_count

GECODE25 = Path(__file__).parent.parent / "data" / "gecode_sudoku_25x25.txt"


def examples(n: int) -> settings:
    """n examples (times the long profile's scale), no deadline."""
    return settings(
        max_examples=n * SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    )


def learning_count(
    puzzle: Puzzle, limit: int, time_limit: float = 0.0, **configure: object
) -> tuple[int, int, list[tuple[int, ...]]]:
    """(status, count, solutions) of the learning search on a fresh layout, every solution kept."""
    search = _engine.LearningSearch(solver._compile(puzzle.grid))
    if configure:
        search.configure(**configure)
    if search.start(puzzle.givens, puzzle.allowed, 0, time_limit) == _engine.CONTRADICTION:
        return _engine.EXHAUSTED, 0, []
    found: list[tuple[int, ...]] = []
    while len(found) < limit:
        status = search.next()
        if status != _engine.SOLUTION:
            return status, len(found), found
        found.append(search.solution())
    return _engine.SOLUTION, len(found), found


def core_count(puzzle: Puzzle, limit: int, time_limit: float = 0.0) -> int | None:
    """The core's (depth-first) count up to limit; None when ``time_limit`` seconds stop it first."""
    search = _engine.Search(solver._compile(puzzle.grid))
    status, _ = search.start(puzzle.givens, puzzle.allowed, time_limit=time_limit)
    if status == _engine.CONTRADICTION:
        return 0
    status, count, _ = search.count(limit)
    return None if status in (_engine.TIME_LIMIT, _engine.NODE_LIMIT) else int(count)


@st.composite
def big_grid_puzzles(
    draw: st.DrawFn, boxes: tuple[tuple[int, int], ...], most: float, least: float = 0.2
) -> Case:
    """A classic grid of one of ``boxes`` with a random share (``least`` to ``most``) of a random solution's
    cells emptied, sometimes one given changed (no solution then, mostly): many have many solutions."""
    box = draw(st.sampled_from(boxes))
    n = box[0] * box[1]
    build = _classic(n, box, None, tuple(range(1, n + 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    solution = shuffled_solution(build.grid, box, rng)
    share = draw(st.floats(least, most))
    givens = [EMPTY if rng.random() < share else v for v in solution]
    if draw(st.integers(0, 7)) == 0:
        c = rng.choice([c for c in range(n * n) if givens[c] != EMPTY])
        givens[c] = (givens[c] + rng.randint(1, n - 1)) % n
    return finish(build, givens, None, [], [], solution)


@examples(400)
@given(
    case=small_puzzles(),
    limit=st.integers(1, 40),
    hall=st.booleans(),
    restarts=st.sampled_from([100, 5, -2, 0]),
)
def test_small_puzzles_count_as_the_reference_does(case: Case, limit: int, hall: bool, restarts: int) -> None:
    """Every kind of small puzzle the learning search covers (units, relations, cell masks), each mix
    of its options: the count to a limit equals the reference's, every solution is distinct and valid."""
    try:
        layout = solver._compile(case.puzzle.grid)
    except sudokit.SolverError:
        return  # a cage no symbols fit: the layout is refused before any search
    if not _engine.learning_supports(layout):
        return
    expected = reference_count(case.problem)
    status, count, found = learning_count(case.puzzle, limit, hall=hall, restart_base=restarts)
    assert count == min(expected.count, limit)
    assert status == (_engine.SOLUTION if expected.count >= limit else _engine.EXHAUSTED)
    assert len(set(found)) == len(found)
    for values in found:
        assert reference.problems(case.problem, values) == [], values


@examples(2000)
@given(case=big_grid_puzzles(((4, 4), (3, 5), (4, 5)), 0.75), limit=st.sampled_from([1, 2, 3, 17, 60]))
def test_random_big_grids_count_as_the_core_does(case: Case, limit: int) -> None:
    """Thousands of random 15x15 to 20x20 grids, most with many solutions: the learning search's count to
    a limit equals the core's, and each solution it gives keeps the givens and breaks no rule."""
    status, count, found = learning_count(case.puzzle, limit)
    core = core_count(case.puzzle, limit, time_limit=20.0)  # bounded as below
    assume(core is not None)
    assert count == core
    assert status == (_engine.SOLUTION if count == limit else _engine.EXHAUSTED)
    assert len(set(found)) == len(found)
    for values in found[:3]:
        assert reference.problems(case.problem, values) == []


@examples(1000)
@given(
    case=big_grid_puzzles(((4, 4), (3, 5), (4, 5), (5, 5)), 0.3, 0.02),
    limit=st.sampled_from([1, 2, 3, 17]),
    hall=st.booleans(),
)
def test_random_big_grids_count_as_the_reference_does(case: Case, limit: int, hall: bool) -> None:
    """Random 15x15 to 25x25 grids with 2-30 % of a solution's cells emptied (some with a given
    changed): few enough for the plain reference to count them all (up to CAP solutions, kept), so the
    learning search's count to a limit and its uniqueness verdict are checked against it, not the core.
    20,000 in the long profile."""
    expected = reference_count(case.problem)
    status, count, found = learning_count(case.puzzle, limit, hall=hall)
    assert count == min(expected.count, limit)
    assert status == (_engine.SOLUTION if expected.count >= limit else _engine.EXHAUSTED)
    assert set(found) <= set(expected.solutions) or expected.count >= CAP
    for values in found:
        assert reference.problems(case.problem, values) == [], values


@examples(40)
@given(case=big_grid_puzzles(((5, 5), (6, 6)), 0.45), limit=st.sampled_from([1, 2, 5]))
def test_random_25x25_and_36x36_count_as_the_core_does(case: Case, limit: int) -> None:
    status, count, found = learning_count(case.puzzle, limit, time_limit=30.0, hall=True)
    # the depth-first core has no learning: a random 36x36 can take it minutes, so it gets 20 s
    # (and the example is dropped when that stops it), keeping the suite bounded; a rare random
    # grid is hard for the learning search too, so it gets 30 s
    assume(status != _engine.TIME_LIMIT)
    core = core_count(case.puzzle, limit, time_limit=20.0)
    assume(core is not None)
    assert count == core
    for values in found:
        assert reference.problems(case.problem, values) == []


def gecode(number: int) -> Puzzle:
    lines = [line.strip() for line in GECODE25.read_text().splitlines() if line.strip()]
    return sudokit.parse(lines[number - 1])


@pytest.mark.parametrize("number", [2, 3, 17, 18])
def test_gecode_25x25_proved_unique(number: int) -> None:
    """Hard 25x25 instances: one solution, proved the only one (the count to two stops exhausted)."""
    puzzle = gecode(number)
    status, count, found = learning_count(puzzle, 2)
    assert (status, count) == (_engine.EXHAUSTED, 1)
    assert not Solution(puzzle, found[0]).violations()
    assert all(g in (EMPTY, v) for g, v in zip(puzzle.givens, found[0], strict=True))


def test_count_solutions_takes_the_learning_search_without_the_sat_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the core's node budget a big puzzle goes to the learning search when no SAT solver is
    installed: a hard 25x25 the core alone does not settle in its budget is proved unique."""
    from sudokit import sat

    monkeypatch.setattr(sat, "available", lambda: False)
    puzzle = gecode(3)
    result = sudokit.count_solutions(puzzle, 2)
    assert result.unique and result.complete
    assert result.nodes > solver.CORE_NODES  # the core's budget ran out: the rest was learning
    assert result.first is not None and not result.first.violations()
    bounded = sudokit.count_solutions(gecode(1), 2, time_limit=0.3)
    assert bounded.stopped_by == "time" and not bounded.complete


def test_progress_callback_stops_the_learning_search() -> None:
    puzzle = gecode(1)
    search = _engine.LearningSearch(
        solver._compile(puzzle.grid), _engine.Poll(lambda nodes, found: stop(nodes))
    )
    calls: list[int] = []

    def stop(nodes: int) -> None:
        calls.append(nodes)
        if len(calls) >= 3:
            raise KeyboardInterrupt

    search.start(puzzle.givens)
    started = time.monotonic()
    assert search.next() == _engine.INTERRUPTED
    assert time.monotonic() - started < 5
    assert isinstance(search.poll.error, KeyboardInterrupt)


def test_ctrl_c_stops_a_learning_count_in_a_child() -> None:
    """Ctrl-C (SIGINT) ends a long learning count with SearchInterrupted, not a hang."""
    code = (
        "import sys, sudokit, sudokit.errors\n"
        "from sudokit import sat\n"
        "sat.available = lambda: False\n"
        f"lines = open({str(GECODE25)!r}).read().split()\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    sudokit.count_solutions(lines[0], 2)\n"
        "except sudokit.errors.SearchInterrupted as exc:\n"
        "    print('interrupted', exc.nodes, flush=True)\n"
        "    sys.exit(3)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=20)
    finally:
        child.kill()
    assert child.returncode == 3, out
    assert out.startswith("interrupted")


@examples(60)
@given(seed=st.integers(0, 2**32), box=st.sampled_from([(3, 3), (4, 4), (3, 4)]))
def test_assumed_givens_keep_clauses_that_stay_true(seed: int, box: tuple[int, int]) -> None:
    """One learning search asked question after question (givens as assumptions, what it learnt kept):
    each answer equals a fresh core's.  The questions are the generator's: with these givens, is there a
    solution whose cell c differs from the known solution?"""
    n = box[0] * box[1]
    grid = Grid.classic(n, box)
    rng = random.Random(seed)
    solution = shuffled_solution(grid, box, rng)
    layout = solver._compile(grid)
    search = _engine.LearningSearch(layout)
    full = grid.full_mask
    for _ in range(12):
        share = rng.uniform(0.3, 0.8)
        givens = tuple(EMPTY if rng.random() < share else v for v in solution)
        cell = rng.randrange(n * n)
        allowed = tuple(full & ~(1 << solution[c]) if c == cell else full for c in range(n * n))
        givens = tuple(EMPTY if c == cell else g for c, g in enumerate(givens))
        puzzle = Puzzle(grid, givens, allowed)
        expected = core_count(puzzle, 1)
        status = search.start(givens, allowed, assume=True)
        got = 0 if status == _engine.CONTRADICTION else int(search.next() == _engine.SOLUTION)
        assert got == expected
        if got:
            values = search.solution()
            assert values[cell] != solution[cell]
            assert not Solution(Puzzle(grid, givens), values).violations()


def test_generator_with_learning_checks_makes_unique_minimal_puzzles() -> None:
    """The generator's reduction with the learning search's checks: the puzzle keeps the solution, has
    only it, and no given can go (each one's removal lets another solution in)."""
    from sudokit.generator import orbits, request

    made = request(16)
    grid = made.grid
    generator = _engine.Generator(
        solver._compile(grid), len(grid.cells), orbits(grid, "none", None), 0, 0, None, learning=True
    )
    status, solution, _ = generator.fill(7, node_limit=10**6)
    assert status == _engine.GEN_DONE and solution is not None
    status, givens, minimal, _, _ = generator.reduce(7, solution, None, None, 120.0)
    assert status == _engine.GEN_DONE and minimal
    assert all(g in (EMPTY, v) for g, v in zip(givens, solution, strict=True))
    assert core_count(Puzzle(grid, givens), 2) == 1
    kept = [c for c, g in enumerate(givens) if g != EMPTY]
    for c in random.Random(1).sample(kept, 25):
        fewer = tuple(EMPTY if k == c else g for k, g in enumerate(givens))
        assert core_count(Puzzle(grid, fewer), 2) == 2


def _all_4x4_grids() -> list[tuple[int, ...]]:
    """Every filled 4x4 Sudoku (288), by plain backtracking: values 1-4 row by row."""
    found: list[tuple[int, ...]] = []
    cells = [0] * 16

    def ok(k: int, v: int) -> bool:
        r, c = divmod(k, 4)
        for j in range(k):
            rj, cj = divmod(j, 4)
            same_box = (rj // 2, cj // 2) == (r // 2, c // 2)
            if cells[j] == v and (rj == r or cj == c or same_box):
                return False
        return True

    def fill(k: int) -> None:
        if k == 16:
            found.append(tuple(cells))
            return
        for v in range(1, 5):
            if ok(k, v):
                cells[k] = v
                fill(k + 1)

    fill(0)
    return found


GRIDS_4X4 = _all_4x4_grids()


@st.composite
def linked_4x4_puzzles(
    draw: st.DrawFn, automata: bool = False, sums: bool = False
) -> tuple[Puzzle, list[tuple[int, ...]]]:
    """A 4x4 with random two-cell rules the core reads as links (thermometers, dots, XV, inequality
    and whispers signs), with ``automata`` also rules it reads by automata (sandwich, X-sum and
    skyscraper clues, renban, between and palindrome lines), with ``sums`` killer cages, arrows and
    little killer clues, and random givens; with every grid that keeps them, by the rules' predicates."""
    from sudokit.constraints.cages.killer import Killer
    from sudokit.constraints.dots.inequality import Inequality
    from sudokit.constraints.dots.kropki import BLACK, WHITE, Kropki
    from sudokit.constraints.dots.xv import XV
    from sudokit.constraints.lines.arrow import Arrow
    from sudokit.constraints.lines.between import Between
    from sudokit.constraints.lines.palindrome import Palindrome
    from sudokit.constraints.lines.renban import Renban
    from sudokit.constraints.lines.thermometer import SlowThermometer, Thermometer
    from sudokit.constraints.lines.whispers import Whispers
    from sudokit.constraints.outside.little_killer import LittleKiller
    from sudokit.constraints.outside.sandwich import Sandwich
    from sudokit.constraints.outside.skyscraper import Skyscraper
    from sudokit.constraints.outside.x_sum import XSum

    rng = random.Random(draw(st.integers(0, 2**32)))
    grid = Grid.classic(4)
    rules: list[sudokit.Constraint] = []
    for _ in range(rng.randint(1, 6)):
        r, c = rng.randrange(4), rng.randrange(4)
        dr, dc = rng.choice([(0, 1), (1, 0), (1, 1), (1, -1)])
        other = (r + dr, c + dc)
        if not (0 <= other[0] < 4 and 0 <= other[1] < 4):
            continue
        a, b = (r, c), other
        which = rng.choice([*range(6), *(range(6, 12) if automata else ()), *(range(12, 15) if sums else ())])
        made: sudokit.Constraint
        if which == 0:
            made = Thermometer((a, b))
        elif which == 1:
            made = SlowThermometer((a, b))
        elif which == 2:
            made = Kropki(a, b, rng.choice([WHITE, BLACK]))
        elif which == 3:
            made = XV(a, b, 5)
        elif which == 4:
            made = Inequality(a, b)
        elif which == 5:
            made = Whispers((a, b), 2)
        else:  # rules the core reads by automata (issue 40): along a row or a column
            row = rng.random() < 0.5
            line = tuple((r, k) if row else (k, c) for k in range(4))
            if rng.random() < 0.5:
                line = line[::-1]
            part = line[rng.randrange(2) :][: rng.randint(2, 4)]
            if which == 12:
                cage = tuple(dict.fromkeys([a, b, *part[:1]]))
                made = Killer(cage, rng.randint(len(cage), 4 * len(cage)) if rng.random() < 0.8 else None)
            elif which == 13:
                made = Arrow((a,), tuple(c for c in part if c != a)[:3] or (b,))
            elif which == 14:
                made = LittleKiller(tuple((k, k) for k in range(rng.randint(2, 4))), rng.randint(2, 12))
            elif which == 6:
                made = Sandwich(line, rng.choice([0, 2, 3, 5]))
            elif which == 7:
                made = XSum(line, rng.randint(1, 10))
            elif which == 8:
                made = Skyscraper(line, rng.randint(1, 4))
            elif which == 9:
                made = Renban(part)
            elif which == 10:
                made = Between(part if len(part) > 2 else line)
            else:
                made = Palindrome(part)
        rules.append(made)
    try:
        grid = grid.with_constraints(*rules)
    except sudokit.GridError:
        assume(False)
    chosen = rng.choice(GRIDS_4X4)
    givens = tuple(v - 1 if rng.random() < 0.2 else EMPTY for v in chosen)
    keep = []
    for values in GRIDS_4X4:
        by_cell = {cell: values[k] for k, cell in enumerate(grid.cells)}
        if all(g == EMPTY or g == v - 1 for g, v in zip(givens, values, strict=True)) and all(
            rule.holds(by_cell, grid) for rule in grid.constraints
        ):
            keep.append(tuple(v - 1 for v in values))
    return Puzzle(grid, givens), keep


def counts_as_the_predicates_do(puzzle: Puzzle, expected: list[tuple[int, ...]], limit: int) -> None:
    """The learning search covers the puzzle, and its count to ``limit`` and its solutions are the
    grids the rules' predicates keep."""
    assert _engine.learning_supports(solver._compile(puzzle.grid))
    status, count, found = learning_count(puzzle, limit)
    assert count == min(len(expected), limit)
    assert status == (_engine.SOLUTION if len(expected) >= limit else _engine.EXHAUSTED)
    assert len(set(found)) == len(found) and set(found) <= set(expected)


@examples(1500)
@given(case=linked_4x4_puzzles(), limit=st.sampled_from([1, 2, 7, 300]))
def test_links_count_as_the_rules_predicates_do(
    case: tuple[Puzzle, list[tuple[int, ...]]], limit: int
) -> None:
    """Thermometers, dots, XV, inequality and whispers signs in the learning search (issue 40): its
    count to a limit equals the number of 4x4 grids the rules' plain predicates keep, and every
    solution it gives is one of them."""
    counts_as_the_predicates_do(*case, limit)


@examples(1500)
@given(case=linked_4x4_puzzles(automata=True), limit=st.sampled_from([1, 2, 7, 300]))
def test_automata_count_as_the_rules_predicates_do(
    case: tuple[Puzzle, list[tuple[int, ...]]], limit: int
) -> None:
    """Sandwich, X-sum and skyscraper clues, renban, between and palindrome lines with links in the
    learning search (issue 40), each removal explained by the symbols its cells lack: the count to a
    limit equals the number of 4x4 grids the rules' plain predicates keep."""
    counts_as_the_predicates_do(*case, limit)


@examples(1500)
@given(case=linked_4x4_puzzles(automata=True, sums=True), limit=st.sampled_from([1, 2, 7, 300]))
def test_sums_and_cages_count_as_the_rules_predicates_do(
    case: tuple[Puzzle, list[tuple[int, ...]]], limit: int
) -> None:
    """Killer cages, arrows and little killer clues beside links and automata in the learning search
    (issue 40): the count to a limit equals the number of 4x4 grids the rules' predicates keep."""
    counts_as_the_predicates_do(*case, limit)
