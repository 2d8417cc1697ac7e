"""Cells outside the grid (ISS ``Var``): rules name them like the grid's cells, answers carry their values.

Counts are checked against the plain enumeration of 4x4 Sudokus (288) times the values the outside
cells can take beside each one, worked out by hand from the rules.
"""

from __future__ import annotations

import pytest

import sudokit
from sudokit import Grid, Puzzle
from sudokit.constraints.cages.killer import Killer
from sudokit.constraints.cells.outside_cells import OutsideCells
from sudokit.constraints.regions.extra_region import ExtraRegion
from sudokit.errors import GridError
from sudokit.formats import dumps, parse
from sudokit.formats.iss import read_iss
from sudokit.model import Solution, cell_name, outside_cell, parse_cell_name

A1, A2, A3 = (outside_cell("A", 0, k) for k in range(3))


@pytest.mark.parametrize(("group", "row", "col"), [("A", 0, 0), ("B", 3, 7), ("Z", 999, 0), ("AB", 1, 1)])
def test_names_of_cells_outside_the_grid_read_back(group: str, row: int, col: int) -> None:
    cell = outside_cell(group, row, col)
    assert cell_name(cell) == f"{group}:r{row + 1}c{col + 1}"
    assert parse_cell_name(cell_name(cell)) == cell
    assert cell[0] < -1000  # far from the grid: no knight's move or neighbour of a grid cell reaches it


@pytest.mark.parametrize("group", ["a", "A1", "ABCD", ""])
def test_a_group_needs_a_name_of_capital_letters(group: str) -> None:
    with pytest.raises(GridError):
        outside_cell(group, 0, 0)


def test_cages_over_grid_and_outside_cells_count_as_worked_out() -> None:
    # r1c1 + A1 = 5 with different digits: A1 = 5 - r1c1, always one of 1-4 and never r1c1;
    # r1c2 + A2 = 3: r1c2 is 1 or 2 (half the 288 Sudokus), A2 follows
    grid = Grid.classic(4).with_constraints(
        OutsideCells("A", 2), Killer(((0, 0), A1), 5), Killer(((0, 1), A2), 3)
    )
    assert sudokit.count_solutions(Puzzle.empty(grid), None).count == 144
    found = sudokit.solve(Puzzle.empty(grid)).solution
    assert found is not None and found.violations() == []
    values = {u.name: label for u, label in found.unknown_values().items()}
    r1c1, r1c2 = (int(found.to_string()[k]) for k in (0, 1))
    assert (int(values["A:r1c1"]), int(values["A:r1c2"])) == (5 - r1c1, 3 - r1c2)
    assert found.unknown_rows()["outside cell"]["values"] == values
    wrong = Solution(found.puzzle, found.values, (0, 0))  # A1 = A2 = 1 breaks both cages
    assert len(wrong.violations()) == 2 and "A:r1c1" in " ".join(wrong.violations())


def test_an_extra_region_over_outside_cells_makes_them_differ() -> None:
    # A1, A2, A3 and r1c1 all differ: 3 * 2 * 1 ways beside each of the 288 Sudokus
    grid = Grid.classic(4).with_constraints(OutsideCells("A", 3), ExtraRegion((A1, A2, A3, (0, 0))))
    assert sudokit.count_solutions(Puzzle.empty(grid), None).count == 288 * 6


def test_outside_cells_survive_json() -> None:
    grid = Grid.classic(4).with_constraints(OutsideCells("A", 2, label="x"), Killer(((0, 0), A1), 5))
    text = dumps(Puzzle.empty(grid), "json")
    assert '"A:r1c1"' in text and '"outside cells"' in text
    back = parse(text)
    before = sudokit.count_solutions(Puzzle.empty(grid), None).count
    assert sudokit.count_solutions(back, None).count == before


def test_a_rule_naming_an_outside_cell_no_group_adds_is_refused() -> None:
    with pytest.raises(GridError, match="A:r1c1"):
        Grid.classic(4).with_constraints(Killer(((0, 0), A1), 5))


def test_iss_var_cells_read_with_their_rules_and_values() -> None:
    # ISS names a group's cells VA1, VA2 (VA alone for a single cell); a given on one is a rule
    puzzle = read_iss(".Shape~4x4.Var~A~~2.Cage~5~R1C1~VA1.Cage~3~R1C2~VA2")
    assert puzzle.determined and sudokit.count_solutions(puzzle, None).count == 144
    given = read_iss(".Shape~4x4.Var~A~~2.~VA1_3.Cage~5~R1C1~VA1")  # r1c1 = 2; A2 free (4 values)
    assert given.determined and sudokit.count_solutions(given, None).count == 72 * 4
    single = read_iss(".Shape~4x4.Var~B.Cage~7~R1C1~VB")
    assert single.determined and sudokit.count_solutions(single, None).count == 288 // 2  # r1c1 is 3 or 4
    grid2d = read_iss(".Shape~4x4.Var~C~~2x2.ConnectedValues~VC~1_2~2.~VC1_1")
    # C is 2x2 (C1 C2 / C3 C4), its cells need not differ: C1 = 1, and the cells of C holding 1 or 2
    # are two side by side: C2 or C3 (not the diagonal C4) holds a 1 or a 2, the other two 3 or 4
    assert sudokit.count_solutions(grid2d, None).count == 288 * (2 * 2) * (2 * 2)
