"""The puzzle model: grid builders, validation, candidates and the solution check."""

from __future__ import annotations

import dataclasses

import pytest

import sudokit
from sudokit import EMPTY, Grid, GridError, ParseError, Puzzle, PuzzleError, Solution, Unit, cell_name
from sudokit.model import default_box, default_symbols, parse_cell_name


@pytest.mark.parametrize(
    ("n", "box"),
    [
        (4, (2, 2)),
        (6, (2, 3)),
        (8, (2, 4)),
        (9, (3, 3)),
        (10, (2, 5)),
        (12, (3, 4)),
        (16, (4, 4)),
        (25, (5, 5)),
        (36, (6, 6)),
        (64, (8, 8)),
    ],
)
def test_default_box_is_the_most_square_and_wider_than_tall(n: int, box: tuple[int, int]) -> None:
    assert default_box(n) == box
    grid = Grid.classic(n)
    assert grid.box == box and len(grid.cells) == n * n and len(grid.units) == 3 * n
    for unit in grid.units:
        assert len(unit.cells) == n
    # every cell is in exactly one row, one column and one box
    assert all(len(owners) == 3 for owners in grid.units_of)


def test_default_symbols() -> None:
    assert default_symbols(9) == tuple("123456789")
    assert default_symbols(4) == tuple("1234")
    assert default_symbols(16) == tuple("123456789ABCDEFG")
    assert default_symbols(25)[-1] == "P"
    assert default_symbols(36)[-1] == "a"
    assert len(set(default_symbols(64))) == 64
    assert default_symbols(70)[-1] == "70"


def test_boxes_tile_the_grid() -> None:
    grid = Grid.classic(6, (3, 2))
    boxes = [u for u in grid.units if u.kind == "box"]
    assert [grid.cells[c] for c in boxes[0].cells] == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    assert sorted(c for u in boxes for c in u.cells) == list(range(36))


def test_unit_names_are_what_players_say() -> None:
    grid = Grid.classic(9)
    assert [u.name for u in grid.units[:2]] == ["row 1", "row 2"]
    assert grid.units[9].name == "column 1" and grid.units[26].name == "box 9"
    assert cell_name((0, 8)) == "r1c9" and parse_cell_name("R10C3") == (9, 2)
    with pytest.raises(GridError):
        parse_cell_name("a1")


def test_grid_errors() -> None:
    with pytest.raises(GridError, match="prime"):
        Grid.classic(7)
    with pytest.raises(GridError, match="do not tile"):
        Grid.classic(9, (2, 4))
    with pytest.raises(GridError, match="needs 9 symbols"):
        Grid.classic(9, symbols="12345678")
    with pytest.raises(GridError, match="appears twice"):
        Grid.classic(4, symbols="1123")
    with pytest.raises(GridError, match="cannot be a symbol"):
        Grid.classic(4, symbols=["1", "2", ".", "4"])
    with pytest.raises(GridError, match="region B has 5 cells; every region needs 4"):
        Grid.jigsaw(["AAAB", "ABBB", "CCDD", "CCDB"])
    classic = Grid.classic(4)
    with pytest.raises(GridError, match="has 5 cells but there are only 4 symbols"):
        Grid(classic.symbols, classic.cells, (Unit("big", (0, 1, 2, 3, 4)),), 4, 4)
    with pytest.raises(GridError, match="outside"):
        Grid(classic.symbols, ((0, 0), (5, 5)), (), 4, 4)


def test_latin_square_has_no_boxes() -> None:
    grid = Grid.latin(7)
    assert grid.box is None and len(grid.units) == 14
    assert "Latin square" in grid.describe()
    solution = sudokit.solve(Puzzle.empty(grid)).solution
    assert solution is not None and solution.violations() == []


def test_grids_are_shared_and_immutable() -> None:
    assert Grid.classic(9) is Grid.classic(9)
    assert Grid.classic(9) == Grid.classic(9, (3, 3), "123456789")
    assert hash(Grid.classic(9)) == hash(Grid.classic(9, (3, 3)))
    assert Grid.classic(9) != Grid.classic(9, symbols="ABCDEFGHI")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Grid.classic(9).rows = 3  # type: ignore[misc]
    puzzle = Puzzle.empty(Grid.classic(4))
    with pytest.raises(dataclasses.FrozenInstanceError):
        puzzle.givens = ()  # type: ignore[misc]


def test_puzzle_validation() -> None:
    grid = Grid.classic(4)
    with pytest.raises(PuzzleError, match="expected 16 cells"):
        Puzzle(grid, (EMPTY,) * 15)
    with pytest.raises(PuzzleError, match=r"outside 0\.\.3"):
        Puzzle(grid, (4,) + (EMPTY,) * 15)
    with pytest.raises(PuzzleError, match="unknown symbols"):
        Puzzle(grid, (EMPTY,) * 16, (0b10000,) * 16)


def test_from_rows_and_accessors() -> None:
    grid = Grid.classic(4)
    puzzle = Puzzle.from_rows(grid, [["1", None, ".", "4"], [None] * 4, [None] * 4, [None, None, None, "2"]])
    assert puzzle[(0, 0)] == "1" and puzzle[(0, 1)] is None and puzzle[(3, 3)] == "2"
    assert puzzle.clue_count == 3
    with pytest.raises(PuzzleError, match="not a symbol"):
        Puzzle.from_rows(grid, [["9", None, None, None]] + [[None] * 4] * 3)
    with pytest.raises(PuzzleError, match="r9c9 is not a cell"):
        puzzle[(8, 8)]


def test_candidates_and_conflicts() -> None:
    puzzle = sudokit.parse("12.." + "...." + "...." + "...3")
    masks = puzzle.candidates()
    assert masks[0] == 0b0001 and masks[1] == 0b0010
    assert masks[2] == 0b1100  # r1c3: not 1 or 2 (row)
    assert masks[3] == 0b1000  # r1c4: not 1, 2 (row) nor 3 (column)
    assert puzzle.conflicts() == []
    bad = sudokit.parse("1..1" + "." * 12)
    [(unit, a, b)] = bad.conflicts()
    assert unit.name == "row 1" and (a, b) == (0, 3)
    restricted = Puzzle(puzzle.grid, puzzle.givens, (0b0101,) * 16)
    assert restricted.allowed_symbols((1, 1)) == {"1", "3"}


def test_solution_checks_its_own_validity() -> None:
    puzzle = sudokit.parse("12.." + "." * 12)
    solution = sudokit.solve(puzzle).solution
    assert solution.violations() == []
    assert solution[(0, 0)] == "1" and list(solution)[:2] == ["1", "2"]
    wrong = Solution(puzzle, (1, *solution.values[1:]))
    faults = wrong.violations()
    assert "r1c1 changes its given 1" in faults
    assert any("both hold 2 in row 1" in f for f in faults)
    assert solution.as_puzzle().clue_count == 16


def test_a_grid_pickles_without_its_compiled_tables() -> None:
    """Worker processes receive puzzles by pickle; the memo's compiled layout cannot travel."""
    import pickle

    grid = Grid.classic(16)
    puzzle = Puzzle.empty(grid)
    assert sudokit.count_solutions(puzzle, limit=2).count == 2  # compiles and memoises a layout
    copy = pickle.loads(pickle.dumps(puzzle))
    assert copy == puzzle and copy.grid == grid
    assert sudokit.count_solutions(copy, limit=2).count == 2


@pytest.mark.parametrize("name", ["r\u00b2c1", "r1c\u0663", "r99999c1", "r0c1", "rc1"])
def test_cell_names_take_ascii_digits_only(name: str) -> None:
    with pytest.raises(GridError, match="not a cell name"):
        parse_cell_name(name)


@pytest.mark.parametrize("n", [0, -1])
def test_no_box_for_fewer_than_one_symbol(n: int) -> None:
    with pytest.raises(GridError, match="at least one symbol"):
        default_box(n)


def test_a_lone_surrogate_in_a_batch_is_one_bad_line() -> None:
    results = sudokit.solve_many("\udcff\n" + "." * 16)
    assert [r.kind for r in results] == ["invalid", "multiple"]


def test_blank_text_of_millions_of_lines_is_refused_at_once() -> None:
    import time

    started = time.perf_counter()
    with pytest.raises(ParseError, match="no puzzle found"):
        sudokit.parse("\n" * 4_000_000)
    assert time.perf_counter() - started < 2.0  # it used to walk every blank line once per detector
