"""Differential tests: the compiled core against the plain backtracking reference in tests/reference.py.

Random puzzles of every shape and variant (tests/strategies.py) are counted by both, to several
limits; every solution sudokit yields must be distinct and valid by the reference's own checker, and
where the reference finds them all, the two sets of solutions must be the same.  The 9x9 fast path is
compared with the generic core too.  ``HYPOTHESIS_PROFILE=long`` (or ``--hypothesis-profile=long``)
runs twenty times as many examples.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

import sudokit
from sudokit import EMPTY, Puzzle, SolverError, _engine, solver
from sudokit.model import check_assignment
from tests import reference
from tests.reference import Problem, TooHard
from tests.strategies import (
    Case,
    huge_puzzles,
    larger_classic_puzzles,
    named_multi_grid_puzzles,
    small_puzzles,
)

settings.register_profile("long", deadline=None, max_examples=2000)
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long" or settings.get_current_profile_name() == "long"
SCALE = 20 if LONG else 1

CAP = 40
"""The reference counts up to this many solutions and keeps them all; fewer means it found them all."""


def examples(n: int) -> settings:
    """Settings for n examples (times SCALE), no deadline (the reference is slow on some)."""
    return settings(
        max_examples=n * SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    )


def reference_count(problem: Problem, cap: int = CAP, budget: int = 100_000) -> reference.Count:
    """The reference's count to ``cap``, keeping the solutions; too-hard instances are skipped."""
    try:
        return reference.count(problem, cap, keep=cap, budget=budget)
    except TooHard:
        reject()


def rules_only(problem: Problem) -> Problem:
    """The problem without givens or restricted cells (to check that a drawn solution fits its rules)."""
    return dataclasses.replace(problem, givens=(EMPTY,) * len(problem.cells), allowed=None)


def unreachable_cage(problem: Problem) -> bool:
    """Whether some cage's total is out of reach of every set of different symbols of its size."""
    values = [problem.value(s) for s in range(problem.nsymbols)]
    return any(
        total is not None and not reference.reachable(values, len(cells), total)
        for cells, total in problem.cages
    )


def check_against_reference(case: Case, limits: list[int], cap: int = CAP) -> reference.Count | None:
    """Compare sudokit's counts (to each limit and in full), solutions, uniqueness and solve with the
    reference's count of the case; returns the reference's count (None: sudokit refused the grid)."""
    puzzle, problem = case.puzzle, case.problem
    assert puzzle.grid.cells == problem.cells  # both number the cells the same way
    if case.solution is not None:
        assert reference.problems(rules_only(problem), case.solution) == []
    expected = reference_count(problem, cap)
    exact = expected.count < cap
    try:
        sudokit.count_solutions(puzzle, limit=1)
    except SolverError as exc:  # a cage sum no symbols reach: refused when the grid is compiled
        assert "cage" in str(exc)
        assert expected.count == 0 and unreachable_cage(problem), str(exc)
        return None
    every = set(expected.solutions)
    for limit in limits:
        result = sudokit.count_solutions(puzzle, limit=limit)
        assert result.count == min(expected.count, limit), limit
        assert result.complete == (expected.count < limit), limit
        assert result.stopped_by == (None if result.complete else "limit")
        if result.count:
            assert result.first is not None and result.reason is None
            assert reference.problems(problem, result.first.values) == []
            assert not exact or result.first.values in every
        else:
            assert result.first is None and result.reason
    if exact:
        result = sudokit.count_solutions(puzzle)
        assert (result.count, result.complete) == (expected.count, True)
    found = [s.values for s in sudokit.solutions(puzzle, limit=cap)]
    assert len(found) == len(set(found)) == min(expected.count, cap)
    for values in found:
        assert reference.problems(problem, values) == [], values
    if exact:
        assert set(found) == every
    assert sudokit.is_unique(puzzle) == (expected.count == 1)
    solved = sudokit.solve(puzzle)
    assert solved.solved == (expected.count > 0)
    if solved.solution is not None:
        assert reference.problems(problem, solved.solution.values) == []
    return expected


LIMITS = st.integers(1, CAP).map(lambda random_limit: [1, 2, 10, random_limit])


@examples(1000)  # 20,000 in the long profile
@given(case=small_puzzles(), limits=LIMITS)
def test_small_puzzles_of_every_kind_count_as_the_reference_does(case: Case, limits: list[int]) -> None:
    check_against_reference(case, limits)


@examples(400)
@given(case=small_puzzles(), data=st.data())
def test_sudokit_and_the_reference_checker_agree_on_broken_assignments(
    case: Case, data: st.DataObject
) -> None:
    """A solution with some cells changed is faulty for both checkers, or for neither."""
    problem = case.problem
    try:
        start = reference.count(problem, 1, keep=1, budget=5_000).solutions
    except TooHard:
        reject()
    assignment = list(start[0]) if start else [0] * len(problem.cells)
    cells = data.draw(st.lists(st.integers(0, len(problem.cells) - 1), max_size=3))
    for c in cells:
        assignment[c] = data.draw(st.integers(0, problem.nsymbols - 1))
    ours, theirs = reference.problems(problem, assignment), check_assignment(case.puzzle, assignment)
    assert bool(ours) == bool(theirs), (ours, theirs)


@examples(200)
@given(case=larger_classic_puzzles(most=0.6), limits=LIMITS)
def test_larger_classic_grids_count_as_the_reference_does(case: Case, limits: list[int]) -> None:
    check_against_reference(case, limits)


@examples(30)
@given(case=named_multi_grid_puzzles(), limits=LIMITS)
def test_standard_multi_grids_count_as_the_reference_does(case: Case, limits: list[int]) -> None:
    check_against_reference(case, limits)


@examples(30)
@given(case=huge_puzzles(), limits=LIMITS)
def test_grids_of_up_to_64_symbols_count_as_the_reference_does(case: Case, limits: list[int]) -> None:
    check_against_reference(case, limits)


def generic(puzzle: Puzzle) -> Puzzle:
    """The puzzle routed to the generic core: an explicit all-symbols mask turns the fast path off."""
    return Puzzle(puzzle.grid, puzzle.givens, (puzzle.grid.full_mask,) * len(puzzle.grid.cells))


@examples(200)
@given(case=larger_classic_puzzles(boxes=[(3, 3)], most=0.8), limits=LIMITS)
def test_9x9_fast_path_matches_the_generic_core_and_the_reference(case: Case, limits: list[int]) -> None:
    puzzle = case.puzzle
    assert puzzle.allowed is None
    slow = generic(puzzle)
    for limit in [*limits, 1000]:
        fast, general = sudokit.count_solutions(puzzle, limit), sudokit.count_solutions(slow, limit)
        assert (fast.count, fast.complete, fast.stopped_by) == (
            general.count,
            general.complete,
            general.stopped_by,
        )
        assert (fast.first is None) == (general.first is None) == (fast.count == 0)
        for result in (fast, general):
            if result.first is not None:
                assert reference.problems(case.problem, result.first.values) == []
    assert sudokit.solve(puzzle).status == sudokit.solve(slow).status
    if sum(g == EMPTY for g in puzzle.givens) <= 50:
        expected = reference_count(case.problem, 10, budget=5_000)
        for limit in limits:
            if expected.count < 10 or limit <= 10:
                assert sudokit.count_solutions(puzzle, limit).count == min(expected.count, limit)


OPTIONS = st.fixed_dictionaries(
    {
        "locked_candidates": st.booleans(),
        "hall_sets": st.booleans(),
        "hall_after": st.integers(0, 3),
        "branch_on_places": st.booleans(),
        "branch_weighted": st.booleans(),
    }
)


@examples(400)
@given(case=small_puzzles(), options=OPTIONS, limit=st.integers(1, CAP))
def test_propagation_options_never_change_the_count(case: Case, options: dict[str, Any], limit: int) -> None:
    """Every mix of the core's propagation and branching rules counts as the reference does (on a
    layout of its own, so the grid's shared one keeps its defaults)."""
    expected = reference_count(case.problem)
    try:
        layout = solver._compile(case.puzzle.grid)
    except SolverError:
        assert expected.count == 0 and unreachable_cage(case.problem)
        return
    for name, value in options.items():
        setattr(layout, name, value)
    search = _engine.Search(layout)
    status, _ = search.start(case.puzzle.givens, case.puzzle.allowed)
    if status == _engine.CONTRADICTION:
        assert expected.count == 0
        return
    status, count, first = search.count(limit)
    assert count == min(expected.count, limit)
    assert status == (_engine.SOLUTION if expected.count >= limit else _engine.EXHAUSTED)
    if first is not None:
        assert reference.problems(case.problem, first) == []


@examples(60)
@given(
    cases=st.lists(
        larger_classic_puzzles(boxes=[(2, 2), (2, 3), (2, 4), (3, 3)], most=0.7), min_size=1, max_size=8
    ),
    limit=st.integers(1, 12),
)
def test_batch_lines_count_as_the_reference_does(cases: list[Case], limit: int) -> None:
    """One-line classic puzzles of several sizes (default boxes and digits) through solve_many."""
    lines = ["".join("." if g == EMPTY else str(g + 1) for g in case.puzzle.givens) for case in cases]
    results = sudokit.solve_many("\n".join(lines) + "\n", limit=limit)
    assert len(results) == len(cases)
    for case, result in zip(cases, results, strict=True):
        expected = reference_count(case.problem, limit)
        assert result.count == expected.count, result
        if expected.count:
            assert result.solution is not None
            values = [int(ch) - 1 for ch in result.solution]
            assert reference.problems(case.problem, values) == []
        else:
            assert result.solution is None


@examples(150)
@given(case=small_puzzles(), depth=st.integers(0, 3))
def test_pieces_of_a_split_count_add_up_for_every_kind_of_puzzle(case: Case, depth: int) -> None:
    """Split counting (issue 15) on every variant: the pieces' counts add up to the reference's count."""
    from sudokit.split import count_split, split_puzzle

    expected = reference_count(case.problem)
    try:
        sudokit.count_solutions(case.puzzle, limit=1)
    except SolverError:  # a cage sum no symbols reach: refused when the grid is compiled
        reject()
    pieces = split_puzzle(case.puzzle, depth)
    for piece in pieces:  # each piece keeps the puzzle's givens
        assert all(g == EMPTY or p == g for g, p in zip(case.puzzle.givens, piece.givens, strict=True))
    if expected.count < CAP:
        assert sum(sudokit.count_solutions(p).count for p in pieces) == expected.count
        assert count_split(case.puzzle, depth, jobs=1).count == expected.count
    result = count_split(case.puzzle, depth, CAP, jobs=2)
    assert result.count == min(expected.count, CAP)
