"""A loop the solver draws, against every loop of small grids found here by hand.

Every subset of the joins between orthogonal neighbours whose cells all have two joins or none, and
whose joins are one connected piece, is one loop (a plain enumeration, no sudokit code); times every
Latin square, with random rules on the loop's cells, these are the solutions sudokit must count.
"""

from __future__ import annotations

import functools
import itertools
import random

import pytest

import sudokit
from sudokit import EMPTY, Grid, Puzzle
from sudokit.constraints.shading.loop import Loop, LoopDigits, LoopVisits
from sudokit.formats import dumps, parse
from sudokit.solver import _start


def pairs(n: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    return [
        ((r, c), (r + dr, c + dc))
        for r in range(n)
        for c in range(n)
        for dr, dc in ((0, 1), (1, 0))
        if r + dr < n and c + dc < n
    ]


@functools.cache
def loops(n: int) -> tuple[frozenset[tuple[int, int]], ...]:
    """The cells of every single closed loop on an n x n grid: every simple cycle of its grid graph.

    Each cycle is walked from its first cell (in reading order) through later cells only, back to
    it, and kept once whichever way round it was walked.
    """

    def near(cell: tuple[int, int]) -> list[tuple[int, int]]:
        r, c = cell
        return [
            (r + dr, c + dc)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n
        ]

    found: set[frozenset[frozenset[tuple[int, int]]]] = set()
    cells = [(r, c) for r in range(n) for c in range(n)]

    def walk(start: tuple[int, int], path: list[tuple[int, int]]) -> None:
        for step in near(path[-1]):
            if step == start and len(path) >= 4:
                found.add(frozenset(frozenset(e) for e in zip(path, [*path[1:], start], strict=True)))
            elif step > start and step not in path:
                walk(start, [*path, step])

    for start in cells:
        walk(start, [start])
    return tuple(frozenset(c for edge in cycle for c in edge) for cycle in found)


@functools.cache
def latin(n: int) -> tuple[tuple[int, ...], ...]:
    rows = list(itertools.permutations(range(1, n + 1)))
    return tuple(
        tuple(v for row in square for v in row)
        for square in itertools.product(rows, repeat=n)
        if all(len({row[c] for row in square}) == n for c in range(n))
    )


def test_the_exhaustive_lists_are_what_is_known() -> None:
    assert len(loops(3)) == 13 and len(loops(4)) == 213  # the cycles of the 3x3 and 4x4 grid graphs
    assert len(latin(3)) == 12


@pytest.mark.parametrize("seed", range(16))
def test_loops_with_rules_on_their_cells_count_and_propagate_as_defined(seed: int) -> None:
    rng = random.Random(seed)
    n = 3 if seed % 2 else 4
    cells = [(r, c) for r in range(n) for c in range(n)]
    squares = (
        latin(3)
        if n == 3
        else tuple(tuple(v + 1 for v in s.values) for s in sudokit.solutions(Puzzle.empty(Grid.latin(4))))
    )
    constraints: list[object] = [Loop()]
    tests = []
    for _ in range(rng.randint(0, 3)):
        if rng.random() < 0.5:
            cell, on = rng.choice(cells), rng.random() < 0.6
            constraints.append(LoopVisits(cell, on))
            tests.append(lambda d, loop, cell=cell, on=on: (cell in loop) == on)
        else:
            digits = tuple(sorted(rng.sample(range(1, n + 1), rng.randint(1, n - 1))))
            constraints.append(LoopDigits(on_loop=digits))
            tests.append(
                lambda d, loop, digits=digits: all(d[i] in digits for i, c in enumerate(cells) if c in loop)
            )
    grid = Grid.latin(n).with_constraints(*constraints)  # type: ignore[arg-type]
    truth = rng.choice(squares)
    givens = tuple(v - 1 if rng.random() < 0.2 else EMPTY for v in truth)
    expected = [
        (square, loop)
        for square in squares
        if all(g in (EMPTY, v - 1) for g, v in zip(givens, square, strict=True))
        for loop in loops(n)
        if all(test(square, loop) for test in tests)
    ]
    puzzle = Puzzle(grid, givens)
    result = sudokit.count_solutions(puzzle)
    assert result.count == len(expected), constraints
    if expected:
        first = result.first
        assert first is not None and first.violations() == []
        visits = dict(zip(grid.unknowns, first.unknowns, strict=True))
        on = frozenset(u.at for u, v in visits.items() if u.family == "loop" and v == 1)
        assert (tuple(v + 1 for v in first.values), on) in expected
        search, reason = _start(puzzle, None, None)
        assert reason is None
        root = search.root_candidates()
        for square, _ in expected:
            assert all(root[i] >> (v - 1) & 1 for i, v in enumerate(square))


def test_a_loop_reads_back_from_json_and_its_solution_draws_it() -> None:
    grid = Grid.latin(4).with_constraints(Loop(), LoopVisits((0, 0)), LoopDigits(on_loop=(1, 2, 3)))
    puzzle = Puzzle.empty(grid)
    assert parse(dumps(puzzle, "json")).grid.constraints == grid.constraints
    solution = sudokit.solve(puzzle).solution
    assert solution is not None
    drawn = [s for s in solution.unknown_drawing() if s["kind"] == "loop"]
    used = sum(v for u, v in zip(grid.unknowns, solution.unknowns, strict=True) if u.family == "loop join")
    assert len(drawn) == used >= 4


def test_a_9x9_loop_through_odd_digits_has_one_solution_that_its_rules_keep() -> None:
    from pathlib import Path

    text = (Path(__file__).parent / "fixtures" / "variants" / "loop-odd-digits.json").read_text()
    puzzle = parse(text)
    result = sudokit.count_solutions(puzzle, 2)
    assert result.complete and result.verdict == "unique" and result.first is not None
    solution = result.first
    grid = puzzle.grid
    known = dict(zip(grid.unknowns, solution.unknowns, strict=True))
    on = {u.at for u, v in known.items() if u.family == "loop" and v == 1}
    used = [
        (u.at, (u.at[0], u.at[1] + 1) if u.name == "right" else (u.at[0] + 1, u.at[1]))
        for u, v in known.items()
        if u.family == "loop join" and v == 1
    ]
    digits = {cell: solution.values[i] + 1 for i, cell in enumerate(grid.cells)}
    # by hand: every loop cell odd, two joins each, one cycle through every visit
    assert on and all(digits[c] % 2 == 1 for c in on)
    assert all(sum(c in edge for edge in used) == 2 for c in on)
    assert {c for edge in used for c in edge} == on
    start = min(on)
    reached, todo = {start}, [start]
    while todo:
        cell = todo.pop()
        for edge in used:
            if cell in edge:
                other = edge[1] if edge[0] == cell else edge[0]
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
    assert reached == on
    visits = [c for c in grid.constraints if isinstance(c, LoopVisits)]
    assert visits and all((v.cell in on) == v.on for v in visits)
