"""Property tests: the solver commutes with the symmetries of Sudoku, and never accepts a broken grid."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import sudokit
from sudokit import EMPTY, Grid, Puzzle, Status
from tests.checker import check_classic, is_valid_classic
from tests.conftest import data_lines

# unique puzzles (so the solution of a transformed puzzle must be the transformed solution)
PUZZLES = data_lines("sudoku-top95.txt")[:30] + data_lines("puzzles2_17_clue")[:30]
SOLUTIONS = {p: sudokit.solve(p).solution.to_string() for p in PUZZLES}

Transform = list[int]  # new position -> old position


def relabel(text: str, mapping: list[str]) -> str:
    return "".join(mapping[int(ch) - 1] if ch in "123456789" else ch for ch in text)


def apply(text: str, order: Transform) -> str:
    return "".join(text[old] for old in order)


@st.composite
def geometry(draw: st.DrawFn) -> Transform:
    """A validity-preserving rearrangement of cells: row and column permutations within bands and
    stacks, band and stack permutations, and an optional transposition."""
    bands = draw(st.permutations(range(3)))
    stacks = draw(st.permutations(range(3)))
    rows = [bands[b] * 3 + r for b in range(3) for r in draw(st.permutations(range(3)))]
    cols = [stacks[s] * 3 + c for s in range(3) for c in draw(st.permutations(range(3)))]
    transpose = draw(st.booleans())
    order = []
    for r in range(9):
        for c in range(9):
            old_r, old_c = rows[r], cols[c]
            if transpose:
                old_r, old_c = old_c, old_r
            order.append(old_r * 9 + old_c)
    return order


@settings(max_examples=60, deadline=None)
@given(puzzle=st.sampled_from(PUZZLES), mapping=st.permutations(list("123456789")), order=geometry())
def test_solution_transforms_with_the_puzzle(puzzle: str, mapping: list[str], order: Transform) -> None:
    transformed = apply(relabel(puzzle, mapping), order)
    expected = apply(relabel(SOLUTIONS[puzzle], mapping), order)
    result = sudokit.count_solutions(transformed, 2)
    assert result.count == 1 and result.complete
    assert result.first.to_string() == expected
    assert is_valid_classic(transformed, expected)


@settings(max_examples=40, deadline=None)
@given(puzzle=st.sampled_from(PUZZLES), mapping=st.permutations(list("ABCDEFGHI")))
def test_letter_alphabets_solve_like_digits(puzzle: str, mapping: list[str]) -> None:
    lettered = relabel(puzzle, mapping)
    result = sudokit.solve(lettered)
    assert result.solved
    assert result.solution.to_string() == relabel(SOLUTIONS[puzzle], mapping)


@settings(max_examples=100, deadline=None)
@given(puzzle=st.sampled_from(PUZZLES), cell=st.integers(0, 80), shift=st.integers(1, 8))
def test_a_broken_grid_is_always_rejected(puzzle: str, cell: int, shift: int) -> None:
    solution = SOLUTIONS[puzzle]
    broken = solution[:cell] + str((int(solution[cell]) - 1 + shift) % 9 + 1) + solution[cell + 1 :]
    assert not is_valid_classic("." * 81, broken)
    # as a puzzle: every cell given, one of them wrong, so the givens clash
    result = sudokit.solve(broken)
    assert result.status is Status.NO_SOLUTION and result.reason
    # as an answer to the original puzzle: the model's own check finds the fault
    parsed = sudokit.parse(puzzle)
    values = tuple(int(ch) - 1 for ch in broken)
    assert sudokit.Solution(parsed, values).violations()


@settings(max_examples=60, deadline=None)
@given(puzzle=st.sampled_from(PUZZLES), keep=st.lists(st.booleans(), min_size=81, max_size=81))
def test_any_subset_of_a_solution_solves_to_a_valid_grid(puzzle: str, keep: list[bool]) -> None:
    solution = SOLUTIONS[puzzle]
    partial = "".join(ch if k else "." for ch, k in zip(solution, keep, strict=True))
    result = sudokit.solve(partial)
    assert result.solved
    assert check_classic(partial, result.solution.to_string(), 9, (3, 3), "123456789") == []


@settings(max_examples=50, deadline=None)
@given(givens=st.lists(st.sampled_from([EMPTY, EMPTY, EMPTY, 0, 1, 2, 3, 4, 5]), min_size=36, max_size=36))
def test_6x6_results_are_consistent(givens: list[int]) -> None:
    puzzle = Puzzle(Grid.classic(6), tuple(givens))
    count = sudokit.count_solutions(puzzle, 3)
    first = sudokit.solve(puzzle)
    if puzzle.conflicts():
        assert count.count == 0 and first.status is Status.NO_SOLUTION
    assert (count.count > 0) == first.solved
    if first.solved:
        assert first.solution.violations() == []
        assert first.solution.values == count.first.values
