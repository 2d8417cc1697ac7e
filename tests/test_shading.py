"""Unknowns beside the digits: the core's connected groups, yin-yang and the rules tied to shading.

The answers are checked against exhaustive counts written here from the rules text (every shading of
a small grid, tested by a plain flood fill), not against sudokit's own meaning, and the core's
connected-group propagator against brute force on random small graphs.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from dataclasses import dataclass
from typing import ClassVar

import pytest
from click.testing import CliRunner

import sudokit
from sudokit import EMPTY, Grid, Puzzle
from sudokit.cli import cli
from sudokit.constraints.base import Constraint, Enforcement
from sudokit.constraints.shading.yin_yang import ShadedCount, ShadedDigits, ShadedGiven, YinYang
from sudokit.errors import SolverError
from sudokit.formats import dumps, parse
from sudokit.model import Connected, check_assignment
from sudokit.solver import _start
from tests import rules

N = 4
CELLS = [(r, c) for r in range(N) for c in range(N)]


flood = rules.connected_cells


@functools.cache
def yin_yang_shadings() -> tuple[frozenset[tuple[int, int]], ...]:
    """Every shading of the 4x4 grid that yin-yang allows."""
    found = []
    for bits in range(1 << len(CELLS)):
        shaded = {cell for i, cell in enumerate(CELLS) if bits >> i & 1}
        if not (flood(shaded) and flood(set(CELLS) - shaded)):
            continue
        squares = [
            ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) for r in range(N - 1) for c in range(N - 1)
        ]
        if any(len({cell in shaded for cell in square}) == 1 for square in squares):
            continue
        found.append(frozenset(shaded))
    return tuple(found)


@functools.cache
def sudoku_grids() -> tuple[tuple[int, ...], ...]:
    """Every filled 4x4 sudoku, digits 1-4 (288 of them)."""
    digits = range(1, N + 1)
    out = []
    for rows in itertools.product(itertools.permutations(digits), repeat=N):
        if all(len({row[c] for row in rows}) == N for c in range(N)) and all(
            len({rows[r][c] for r in range(br, br + 2) for c in range(bc, bc + 2)}) == N
            for br in (0, 2)
            for bc in (0, 2)
        ):
            out.append(tuple(v for row in rows for v in row))
    return tuple(out)


def test_the_exhaustive_lists_are_what_is_known() -> None:
    assert len(sudoku_grids()) == 288
    assert len(yin_yang_shadings()) == 96


def random_case(rng: random.Random) -> tuple[list[Constraint], list[object]]:
    """Random shading rules, each with its plain predicate on (digits, shaded cells)."""
    constraints: list[Constraint] = [YinYang()]
    tests: list[object] = []
    for _ in range(rng.randint(0, 3)):
        pick = rng.random()
        if pick < 0.35:
            cell, shaded = rng.choice(CELLS), rng.random() < 0.5
            constraints.append(ShadedGiven(cell, shaded))
            tests.append(lambda d, s, cell=cell, shaded=shaded: (cell in s) == shaded)
        elif pick < 0.65:
            chosen = tuple(sorted(rng.sample(range(1, N + 1), rng.randint(1, 3))))
            other = tuple(sorted(rng.sample(range(1, N + 1), rng.randint(0, 3))))
            constraints.append(ShadedDigits(shaded=chosen, unshaded=other))
            tests.append(
                lambda d, s, a=chosen, b=other: all(
                    d[i] in a if cell in s else (not b or d[i] in b) for i, cell in enumerate(CELLS)
                )
            )
        else:
            clue = rng.choice(CELLS)
            counted = tuple(rng.sample([c for c in CELLS if c != clue], rng.randint(1, 6)))
            constraints.append(ShadedCount(clue, counted))
            tests.append(
                lambda d, s, clue=clue, counted=counted: d[CELLS.index(clue)] == sum(c in s for c in counted)
            )
    return constraints, tests


def solutions_by_definition(
    tests: list[object], givens: tuple[int, ...]
) -> list[tuple[tuple[int, ...], frozenset]]:
    out = []
    for digits in sudoku_grids():
        if any(g != EMPTY and g + 1 != d for g, d in zip(givens, digits, strict=True)):
            continue
        for shaded in yin_yang_shadings():
            if all(test(digits, shaded) for test in tests):  # type: ignore[operator]
                out.append((digits, shaded))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_yin_yang_hybrids_count_propagate_and_solve_as_their_definitions_say(seed: int) -> None:
    rng = random.Random(seed)
    constraints, tests = random_case(rng)
    try:
        grid = Grid.classic(N).with_constraints(*constraints)
    except sudokit.GridError:
        return  # a rule no values meet (a count beyond the digits): refused when built
    truth = rng.choice(sudoku_grids())
    givens = tuple(v - 1 if rng.random() < 0.2 else EMPTY for v in truth)
    puzzle = Puzzle(grid, givens)
    expected = solutions_by_definition(tests, givens)
    result = sudokit.count_solutions(puzzle)
    assert result.count == len(expected), constraints
    if not expected:
        return
    # a solution is digits and shading, both kept by every rule
    first = result.first
    assert first is not None and first.violations() == []
    shaded = frozenset(cell for cell, label in zip(CELLS, first.unknowns, strict=True) if label == 1)
    assert (tuple(v + 1 for v in first.values), shaded) in expected
    # propagation at the root never removes a digit or a shading some solution holds
    search, reason = _start(puzzle, None, None)
    assert reason is None
    root = search.root_candidates()
    for digits, shading in expected:
        for i, cell in enumerate(CELLS):
            assert root[i] >> (digits[i] - 1) & 1
            assert root[len(CELLS) + i] >> (cell in shading) & 1
    # true candidates are the digits some solution holds
    seen = [0] * len(CELLS)
    for digits, _ in expected:
        for i, d in enumerate(digits):
            seen[i] |= 1 << (d - 1)
    assert list(sudokit.true_candidates(puzzle).candidates) == seen


def test_a_solution_is_checked_by_its_shading_and_without_one_by_a_shading_that_exists() -> None:
    grid = Grid.classic(N).with_constraints(YinYang(), ShadedDigits(shaded=(1, 2, 3)))
    found = sudokit.solve(Puzzle.empty(grid)).solution
    assert found is not None and found.violations() == []
    flipped = list(found.unknowns)
    flipped[5] ^= 1
    assert check_assignment(found.puzzle, found.values, flipped) != []
    # digits alone: right exactly when some yin-yang shading puts only 1, 2 and 3 in shaded cells
    verdicts = set()
    for digits in sudoku_grids()[::9]:
        faults = check_assignment(Puzzle.empty(grid), tuple(d - 1 for d in digits))
        fits = any(
            all(digits[i] in (1, 2, 3) for i, cell in enumerate(CELLS) if cell in s)
            for s in yin_yang_shadings()
        )
        assert (faults == []) == fits, digits
        verdicts.add(fits)
    assert verdicts == {True, False}


def test_unknowns_are_one_per_cell_shared_by_the_rules_that_name_them() -> None:
    grid = Grid.classic(N).with_constraints(YinYang(), ShadedDigits(shaded=(1,)), ShadedGiven((0, 0)))
    assert len(grid.unknowns) == len(CELLS)
    assert [grid.unknown_index(u) for u in grid.unknowns] == list(range(16, 32))


def test_shading_rules_are_written_and_read_back_in_json() -> None:
    grid = Grid.classic(N).with_constraints(
        YinYang(),
        ShadedGiven((0, 1), shaded=False),
        ShadedCount((1, 1), ((0, 0), (2, 2))),
        ShadedDigits(unshaded=(3, 4)),
    )
    puzzle = Puzzle.empty(grid)
    again = parse(dumps(puzzle, "json"))
    assert again.grid.constraints == grid.constraints


def test_the_command_line_gives_the_shading_of_a_solution() -> None:
    grid = Grid.classic(N).with_constraints(YinYang(), ShadedGiven((0, 0)))
    text = dumps(Puzzle(grid, (0,) + (EMPTY,) * 15), "json")
    out = CliRunner().invoke(cli, ["solve", "--format", "json", text])
    assert out.exit_code == 0, out.output
    answer = json.loads(out.output)
    rows = answer["unknowns"]["shading"]["rows"]
    assert answer["unknowns"]["shading"]["labels"] == ["unshaded", "shaded"]
    shaded = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "1"}
    assert (0, 0) in shaded and frozenset(shaded) in yin_yang_shadings()
    pretty = CliRunner().invoke(cli, ["solve", text])
    assert "shading (0 unshaded, 1 shaded):" in pretty.output


def test_the_logic_engine_says_it_does_not_reason_about_shading() -> None:
    from sudokit.logic import Board

    grid = Grid.classic(N).with_constraints(YinYang())
    with pytest.raises(SolverError, match="yin-yang"):
        Board.from_puzzle(Puzzle.empty(grid))


# ------------------------------------------------------------------- the core's connected groups


@dataclass(frozen=True, slots=True)
class _Islands(Constraint):
    """Test rule: the cells holding symbol 0 are connected over the given edges."""

    kind: ClassVar[str] = "test islands"
    family: ClassVar[str] = "global"
    noun: ClassVar[str] = "test islands"
    rule: ClassVar[str] = ""
    edges: tuple[tuple[int, int], ...] = ()
    size: int = 0

    def holds(self, values, grid):  # type: ignore[no-untyped-def]
        return True

    def enforce(self, grid: Grid) -> Enforcement:
        return Enforcement(connected=(Connected(tuple(range(self.size)), self.edges, frozenset({0})),))


@pytest.mark.parametrize("seed", range(60))
def test_connected_groups_keep_exactly_the_connected_assignments(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.randint(3, 11)
    edges = tuple(
        sorted({tuple(sorted(rng.sample(range(size), 2))) for _ in range(rng.randint(size - 1, 2 * size))})
    )
    cells = tuple((0, c) for c in range(size))
    grid = Grid(("a", "b"), cells, (), 1, size).with_constraints(_Islands(edges, size))  # type: ignore[arg-type]
    givens = tuple(rng.choice([EMPTY, EMPTY, EMPTY, 0, 1]) for _ in range(size))

    def joined(values: tuple[int, ...]) -> bool:
        """The cells holding 0 reach each other over the edges (grown from one of them by hand)."""
        inside = {i for i, v in enumerate(values) if v == 0}
        reach = {min(inside)} if inside else set()
        while True:
            more = ({b for a, b in edges if a in reach} | {a for a, b in edges if b in reach}) & inside
            if more <= reach:
                return reach == inside
            reach |= more

    expected = [
        values
        for values in itertools.product((0, 1), repeat=size)
        if all(g in (EMPTY, v) for g, v in zip(givens, values, strict=True)) and joined(values)
    ]
    puzzle = Puzzle(grid, givens)
    assert sudokit.count_solutions(puzzle).count == len(expected), (edges, givens)
    search, reason = _start(puzzle, None, None)
    if expected:
        assert reason is None
        root = search.root_candidates()
        for values in expected:
            assert all(root[i] >> v & 1 for i, v in enumerate(values))


def test_a_yin_yang_sudoku_with_shaded_counts_has_one_solution_that_its_rules_keep() -> None:
    from pathlib import Path

    text = (Path(__file__).parent / "fixtures" / "variants" / "yin-yang-shaded-counts.json").read_text()
    puzzle = parse(text)
    result = sudokit.count_solutions(puzzle, 2)
    assert result.complete and result.count == 1 and result.verdict == "unique"
    solution = result.first
    assert solution is not None
    grid = puzzle.grid
    cells = list(grid.cells)
    shaded = {cell for cell, label in zip(cells, solution.unknowns, strict=True) if label == 1}
    digits = {cell: solution.values[i] + 1 for i, cell in enumerate(cells)}
    # the rules text, checked by hand: both colours connected, no 2x2 of one colour, the givens, the counts
    assert flood(shaded) and flood(set(cells) - shaded)
    assert all(
        len({(r + a, c + b) in shaded for a in (0, 1) for b in (0, 1)}) == 2
        for r in range(8)
        for c in range(8)
    )
    for constraint in grid.constraints:
        if isinstance(constraint, ShadedGiven):
            assert (constraint.cell in shaded) == constraint.shaded
        elif isinstance(constraint, ShadedCount):
            assert digits[constraint.clue] == sum(cell in shaded for cell in constraint.counted)
    assert all(len({digits[(r, c)] for c in range(9)}) == 9 for r in range(9))
    assert all(g == EMPTY or g == solution.values[i] for i, g in enumerate(puzzle.givens))


def test_a_negator_sudoku_with_xv_and_arrows_has_one_solution_that_its_rules_keep() -> None:
    from pathlib import Path

    from sudokit.constraints.cells.roles import Roles
    from sudokit.constraints.dots.xv import XV
    from sudokit.constraints.lines.arrow import Arrow

    text = (Path(__file__).parent / "fixtures" / "variants" / "negators-xv-arrows.json").read_text()
    puzzle = parse(text)
    result = sudokit.count_solutions(puzzle, 2)
    assert result.complete and result.verdict == "unique" and result.first is not None
    solution = result.first
    grid = puzzle.grid
    (roles,) = [c for c in grid.constraints if isinstance(c, Roles)]
    negators = {
        cell
        for u, label in zip(grid.unknowns, solution.unknowns, strict=True)
        if label == 1
        for cell in [u.at]
    }
    # by hand: one negator per row, column and box; XV and arrows read the negated values
    assert all(sum((r, c) in negators for c in range(9)) == 1 for r in range(9))
    assert all(sum((r, c) in negators for r in range(9)) == 1 for c in range(9))
    assert all(
        sum((r, c) in negators for r in range(br, br + 3) for c in range(bc, bc + 3)) == 1
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    )
    value = {
        cell: (-1 if cell in negators else 1) * (solution.values[i] + 1) for i, cell in enumerate(grid.cells)
    }
    xvs = [c for c in grid.constraints if isinstance(c, XV)]
    arrows = [c for c in grid.constraints if isinstance(c, Arrow)]
    assert xvs and arrows and roles.effect == "negate"
    assert all(value[x.first] + value[x.second] == x.total for x in xvs)
    assert all(value[a.circle[0]] == sum(value[c] for c in a.shaft) for a in arrows)
