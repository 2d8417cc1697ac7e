"""Chaos construction: regions the solver draws, against an exhaustive count written from the rules text.

Every division of the 4x4 grid into four orthogonally connected regions of four cells (found here by a
plain recursion), times every 4x4 Latin square: a solution is a square and a division whose regions
each hold 1 to 4.  sudokit counts digits and regions together, regions numbered by their first cell.
"""

from __future__ import annotations

import functools
import itertools
import random

import pytest

import sudokit
from sudokit import EMPTY, Grid, Puzzle
from sudokit.constraints.regions.chaos import ChaosConstruction
from sudokit.errors import GridError
from sudokit.formats import dumps, parse
from sudokit.solver import _start
from tests import rules

N = 4
CELLS = [(r, c) for r in range(N) for c in range(N)]


joined = rules.connected_cells


@functools.cache
def divisions() -> tuple[tuple[frozenset[tuple[int, int]], ...], ...]:
    """Every division of the grid into connected regions of N cells, regions in order of first cell."""
    found = []

    def extend(left: frozenset[tuple[int, int]], made: tuple[frozenset[tuple[int, int]], ...]) -> None:
        if not left:
            found.append(made)
            return
        first = min(left)
        for rest in itertools.combinations(sorted(left - {first}), N - 1):
            region = frozenset((first, *rest))
            if joined(region):
                extend(left - region, (*made, region))

    extend(frozenset(CELLS), ())
    return tuple(found)


@functools.cache
def latin_squares() -> tuple[tuple[int, ...], ...]:
    rows = list(itertools.permutations(range(1, N + 1)))
    return tuple(
        tuple(v for row in square for v in row)
        for square in itertools.product(rows, repeat=N)
        if all(len({row[c] for row in square}) == N for c in range(N))
    )


def test_the_exhaustive_lists_are_what_is_known() -> None:
    assert len(latin_squares()) == 576
    assert len(divisions()) == 117  # the tetromino tilings of a 4x4 square


def by_definition(
    givens: tuple[int, ...],
) -> list[tuple[tuple[int, ...], tuple[frozenset[tuple[int, int]], ...]]]:
    out = []
    for square in latin_squares():
        if any(g != EMPTY and g + 1 != v for g, v in zip(givens, square, strict=True)):
            continue
        for division in divisions():
            if all({square[CELLS.index(c)] for c in region} == set(range(1, N + 1)) for region in division):
                out.append((square, division))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_chaos_construction_counts_propagates_and_solves_as_its_definition_says(seed: int) -> None:
    rng = random.Random(seed)
    square = rng.choice(latin_squares())
    share = (0.0, 0.15, 0.3, 0.45)[seed % 4]
    givens = tuple(v - 1 if rng.random() < share else EMPTY for v in square)
    puzzle = Puzzle(Grid.latin(N).with_constraints(ChaosConstruction()), givens)
    expected = by_definition(givens)
    result = sudokit.count_solutions(puzzle)
    assert result.complete and result.count == len(expected)
    first = result.first
    assert first is not None and first.violations() == []
    regions: dict[int, set[tuple[int, int]]] = {}
    for cell, label in zip(CELLS, first.unknowns, strict=True):
        regions.setdefault(label, set()).add(cell)
    division = tuple(frozenset(regions[k]) for k in sorted(regions))
    assert (tuple(v + 1 for v in first.values), division) in expected
    # the regions are numbered by their first cell in reading order
    assert [min(regions[k]) for k in sorted(regions)] == sorted(min(r) for r in regions.values())
    search, reason = _start(puzzle, None, None)
    assert reason is None
    root = search.root_candidates()
    for digits, made in expected:
        label = {cell: k for k, region in enumerate(made) for cell in region}
        for i, cell in enumerate(CELLS):
            assert root[i] >> (digits[i] - 1) & 1 and root[len(CELLS) + i] >> label[cell] & 1


def test_chaos_construction_refuses_a_grid_with_boxes_and_reads_back_from_json() -> None:
    with pytest.raises(GridError, match="no boxes"):
        Grid.classic(4).with_constraints(ChaosConstruction())
    puzzle = Puzzle.empty(Grid.latin(N).with_constraints(ChaosConstruction()))
    assert parse(dumps(puzzle, "json")).grid.constraints == puzzle.grid.constraints


def test_a_9x9_chaos_construction_with_a_wrong_region_is_caught() -> None:
    found = sudokit.solve(Puzzle.empty(Grid.latin(9).with_constraints(ChaosConstruction()))).solution
    assert found is not None and found.violations() == []
    moved = list(found.unknowns)
    moved[0], moved[80] = moved[80], moved[0]  # r1c1 into the last region: disconnected, numbering broken
    assert sudokit.model.check_assignment(found.puzzle, found.values, moved) != []
