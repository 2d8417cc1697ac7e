"""Innies and outies: every derived sum holds in every solution, and they change no count."""

from __future__ import annotations

import random

import pytest

import sudokit
from sudokit import Grid, Puzzle, variants
from sudokit.house_sums import LONGEST, house_sums
from tests import reference


@pytest.mark.parametrize("seed", range(6))
def test_each_derived_sum_holds_in_the_solution_of_a_generated_killer(seed: int) -> None:
    made = sudokit.generate(seed=seed, variant="killer")
    solution = made.solution
    derived = house_sums(made.puzzle.grid)
    assert derived  # a killer covering the grid always leaves some short innie or outie sum
    for total in derived:
        assert 1 <= len(total.cells) <= LONGEST
        assert total.holds([made.puzzle.grid.values[solution.values[c]] for c in total.cells])


def random_cages(rng: random.Random, solution: list[int]) -> list[tuple[list[tuple[int, int]], int]]:
    """Cages of 1 to 4 orthogonally connected cells over part of a 4x4 grid, summed from a solution."""
    free = set(reference.square_cells(4))
    cages = []
    while free and len(cages) < 5:
        start = rng.choice(sorted(free))
        cells = [start]
        free.discard(start)
        for _ in range(rng.randint(0, 3)):
            r, c = rng.choice(cells)
            nexts = [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in free]
            if not nexts:
                break
            cell = rng.choice(nexts)
            cells.append(cell)
            free.discard(cell)
        values = [solution[4 * r + c] + 1 for r, c in cells]
        if len(set(values)) == len(values):
            cages.append((cells, sum(values)))
    return cages


@pytest.mark.parametrize("seed", range(25))
def test_counts_with_innies_match_a_reference_counter(seed: int) -> None:
    # 4x4 killers with a few cages and no givens: many solutions, so the count tests every derived sum
    rng = random.Random(seed)
    rows = [[0, 1, 2, 3], [2, 3, 0, 1], [1, 0, 3, 2], [3, 2, 1, 0]]
    digits = rng.sample(range(4), 4)
    solution = [digits[rows[r][c]] for r in range(4) for c in range(4)]  # a valid 4x4 grid, relabelled
    cages = random_cages(rng, solution)
    puzzle = Puzzle.empty(variants.killer(Grid.classic(4), cages))
    cells = reference.square_cells(4)
    index = {cell: k for k, cell in enumerate(cells)}
    units = tuple(tuple(index[p] for p in u) for u in [*reference.lines(4), *reference.boxes(4, (2, 2))])
    problem = reference.Problem(
        4, cells, units, (-1,) * 16, cages=tuple((tuple(index[p] for p in cc), t) for cc, t in cages)
    )
    expected = reference.count(problem).count
    assert expected >= 1 and sudokit.count_solutions(puzzle, None).count == expected


def test_no_innies_for_overlapping_or_sumless_cages() -> None:
    grid = Grid.classic(9)
    overlapping = variants.killer(grid, [([(0, 0), (0, 1)], 3), ([(0, 1), (0, 2)], 5)])
    assert house_sums(overlapping) == []
    sumless = variants.killer(grid, [([(0, c) for c in range(8)], None)])
    assert house_sums(sumless) == []
    one = variants.killer(grid, [([(0, c) for c in range(8)], 36)])
    (innie,) = [s for s in house_sums(one) if len(s.cells) == 1]
    assert innie.cells == (8,) and innie.total == 9 and innie.factors == (1,)
