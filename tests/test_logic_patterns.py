"""Single-digit patterns, colouring, wings and remote pairs (sudokit.logic.patterns).

Each technique is checked on a hand-made pencil-mark state built for it: every symbol is a
candidate everywhere except where the test says otherwise, so the pattern under test is the only
one on the board and its eliminations are known exactly.  Soundness is then checked on many
positions reached from hard puzzles and on random candidate states of variant grids: no step may
remove a symbol of the known solution.
"""

from __future__ import annotations

import random
import re

import pytest

import sudokit
from sudokit import EMPTY, Grid
from sudokit.logic import basic, patterns
from sudokit.logic.board import Board, layout_of
from sudokit.logic.step import TECHNIQUES, Step
from tests.conftest import data_lines
from tests.test_variants import RECORDS, build

FINDERS = {keys[0]: finder for keys, finder in patterns.FINDERS}


def cell(name: str) -> int:
    """Index of a 9x9 cell named like ``r3c2``."""
    match = re.fullmatch(r"r(\d)c(\d)", name)
    assert match
    return (int(match[1]) - 1) * 9 + int(match[2]) - 1


def state(only: dict[str, str] | None = None, cells: dict[str, str] | None = None) -> Board:
    """A 9x9 board with every candidate everywhere, then narrowed.

    ``only`` maps a symbol to the cells (space separated) where it stays a candidate; ``cells``
    maps a cell to its exact candidates (``"13"``).
    """
    layout = layout_of(Grid.classic(9))
    board = Board(layout, [EMPTY] * 81, [(1 << 9) - 1] * 81, [False] * 81, unique=True)
    for sym, where in (only or {}).items():
        d = int(sym) - 1
        keep = {cell(name) for name in where.split()}
        for c in range(81):
            if c not in keep:
                board.eliminate(c, d)
    for name, syms in (cells or {}).items():
        board.cand[cell(name)] = sum(1 << (int(s) - 1) for s in syms)
    return board


def elims(step: Step) -> set[str]:
    """The step's eliminations as ``4r3c8`` strings."""
    return {f"{d + 1}r{c // 9 + 1}c{c % 9 + 1}" for c, d in step.eliminations}


def run(key: str, board: Board) -> list[Step]:
    """Every step of one technique, checking the finder leaves the board alone."""
    before = board.cand[:]
    steps = list(FINDERS[key](board))
    assert board.cand == before
    assert all(s.technique == key and s.explanation for s in steps)
    return steps


def test_every_finder_yields_a_known_technique() -> None:
    assert set(FINDERS) <= set(TECHNIQUES)
    assert len(FINDERS) == 14
    assert patterns.REGLIB_FLAGS["0402-1"] == frozenset({patterns.ER_TWO_CANDIDATES})


def test_skyscraper_on_two_rows_with_a_common_column() -> None:
    board = _chain_board("4", [("r2", "r2c3", "r2c7"), ("r6", "r6c3", "r6c8")])
    (step,) = run("skyscraper", board)
    assert elims(step) == {"4r1c8", "4r3c8", "4r4c7", "4r5c7"}
    assert step.explanation == (
        "Skyscraper on 4: rows 2 and 6 each hold 4 only twice, with r2c3 and r6c3 in column 3, "
        "so one of r2c7 and r6c8 is 4 and r1c8, r3c8, r4c7 and r5c7 lose 4"
    )
    # the same chain is a skyscraper, not a turbot fish
    assert run("turbot_fish", board) == []


def test_skyscraper_ends_can_be_crossed_and_x_wings_are_left_out() -> None:
    # row 1 has 4 in c5, c6; row 7 in c4, c5: the common column holds the first end of one row
    # and the second of the other
    board = _chain_board("4", [("r1", "r1c5", "r1c6"), ("r7", "r7c4", "r7c5")])
    (step,) = run("skyscraper", board)
    assert elims(step) == {"4r2c4", "4r3c4", "4r8c6", "4r9c6"}
    x_wing = _chain_board("4", [("r2", "r2c3", "r2c7"), ("r6", "r6c3", "r6c7")])
    assert run("skyscraper", x_wing) == [] and run("turbot_fish", x_wing) == []


def test_two_string_kite() -> None:
    board = _chain_board("7", [("r1", "r1c2", "r1c7"), ("c1", "r3c1", "r8c1")])
    (step,) = run("two_string_kite", board)
    assert elims(step) == {"7r8c7"}
    assert "r1c2 and r3c1 share box 1" in step.explanation
    assert run("dual_two_string_kite", board) == []
    assert run("turbot_fish", board) == []


def test_dual_two_string_kite() -> None:
    where = " ".join(
        name
        for r in range(1, 10)
        for c in range(1, 10)
        if (name := f"r{r}c{c}")
        and (r not in (1, 2) or name in ("r1c2", "r1c7", "r2c1", "r2c9"))
        and (c not in (1, 2) or name in ("r2c1", "r8c1", "r1c2", "r6c2"))
    )
    board = state({"2": where})
    kites = run("two_string_kite", board)
    assert sorted(sorted(elims(s)) for s in kites) == [["2r6c9"], ["2r8c7"]]
    (dual,) = run("dual_two_string_kite", board)
    assert elims(dual) == {"2r6c9", "2r8c7"}


def test_turbot_fish_with_a_box_link() -> None:
    # row 5 holds 3 in r5c2, r5c8; box 1 in r2c2, r3c3; r5c2 and r2c2 share column 2
    box1 = {f"r{r}c{c}" for r in range(1, 4) for c in range(1, 4)} - {"r2c2", "r3c3"}
    where = [f"r{r}c{c}" for r in range(1, 10) for c in range(1, 10) if r != 5 and f"r{r}c{c}" not in box1]
    board = state({"3": " ".join([*where, "r5c2", "r5c8"])})
    (step,) = run("turbot_fish", board)
    assert elims(step) == {"3r3c8"}
    assert "r5c2 and r2c2 see each other" in step.explanation
    # a box with only two candidates is an empty rectangle only with HoDoKu's option
    assert run("empty_rectangle", board) == []
    board.flags = frozenset({patterns.ER_TWO_CANDIDATES})
    (er,) = run("empty_rectangle", board)
    assert elims(er) == {"3r3c8"}


def _er_board(extra_link: bool) -> Board:
    """Box 5 holds 6 only in row 5 and column 5; column 8 (and maybe column 2) hold it twice."""
    box5 = {f"r{r}c{c}" for r in range(4, 7) for c in range(4, 7)} - {"r5c4", "r5c6", "r4c5"}
    gone = box5 | {f"r{r}c8" for r in range(1, 10)} - {"r1c8", "r5c8"}
    if extra_link:
        gone |= {f"r{r}c2" for r in range(1, 10)} - {"r5c2", "r9c2"}
    where = [f"r{r}c{c}" for r in range(1, 10) for c in range(1, 10) if f"r{r}c{c}" not in gone]
    return state({"6": " ".join(where)})


def test_empty_rectangle() -> None:
    board = _er_board(extra_link=False)
    (step,) = run("empty_rectangle", board)
    assert elims(step) == {"6r1c5"}
    assert step.explanation.startswith("Empty rectangle on 6: in box 5, 6 lies only in row 5 or column 5")
    assert run("dual_empty_rectangle", board) == []


def test_dual_empty_rectangle() -> None:
    board = _er_board(extra_link=True)
    assert sorted(sorted(elims(s)) for s in run("empty_rectangle", board)) == [["6r1c5"], ["6r9c5"]]
    (dual,) = run("dual_empty_rectangle", board)
    assert elims(dual) == {"6r1c5", "6r9c5"}


def _chain_board(sym: str, links: list[tuple[str, str, str]]) -> Board:
    """Candidates of ``sym`` limited so each (house, cell, cell) is a conjugate pair."""
    gone: set[str] = set()
    for house, a, b in links:
        kind, number = house[0], int(house[1])
        for i in range(1, 10):
            name = f"r{number}c{i}" if kind == "r" else f"r{i}c{number}"
            if name not in (a, b):
                gone.add(name)
    where = [f"r{r}c{c}" for r in range(1, 10) for c in range(1, 10) if f"r{r}c{c}" not in gone]
    return state({sym: " ".join(where)})


def test_simple_colors_trap() -> None:
    board = _chain_board("5", [("r1", "r1c1", "r1c5"), ("c5", "r1c5", "r5c5"), ("r5", "r5c5", "r5c2")])
    (step,) = run("simple_colors_trap", board)
    # r1c1 and r5c2 have opposite colours: the cells of box 1 in column 2 and of box 4 in column 1
    assert elims(step) == {"5r2c2", "5r3c2", "5r4c1", "5r6c1"}
    assert "5 is either in all of r1c1 and r5c5 or in all of r1c5 and r5c2" in step.explanation
    assert run("simple_colors_wrap", board) == []


def test_simple_colors_wrap() -> None:
    links = [("r1", "r1c1", "r1c5"), ("c5", "r1c5", "r4c5"), ("r4", "r4c5", "r4c2"), ("c2", "r4c2", "r2c2")]
    board = _chain_board("8", links)
    (step,) = run("simple_colors_wrap", board)
    assert elims(step) == {"8r1c1", "8r4c5", "8r2c2"}
    assert "r1c1 and r2c2 of the first group see each other" in step.explanation


def _multi_board() -> Board:
    links = [
        ("r4", "r4c1", "r4c5"),
        ("c5", "r4c5", "r8c5"),
        ("r8", "r8c5", "r8c9"),
        ("c9", "r8c9", "r6c9"),
        ("r5", "r5c2", "r5c8"),
    ]
    return _chain_board("9", links)


def test_multi_colors_2_removes_a_colour_that_sees_both_colours_of_another_cluster() -> None:
    (step,) = run("multi_colors_2", _multi_board())
    assert elims(step) == {"9r4c1", "9r8c5", "9r6c9"}


def test_multi_colors_1_removes_cells_seeing_the_two_other_colours() -> None:
    (step,) = run("multi_colors_1", _multi_board())
    # r4c1 (A) sees r5c2 (C): B or D holds 9, and r8c9 (B) and r5c8 (D) see r6c9, r7c8 and r9c8;
    # r4c1 itself sees r4c5 (B) and r5c2 (C) the other way round
    assert elims(step) == {"9r4c1", "9r6c9", "9r7c8", "9r9c8"}
    # the first cluster alone: r6c9 (A) and r4c5 (B) both see r6c4 and r6c6
    (trap,) = run("simple_colors_trap", _multi_board())
    assert elims(trap) == {"9r6c4", "9r6c6"}


def test_xy_wing() -> None:
    board = state(cells={"r5c5": "12", "r5c1": "13", "r2c5": "23"})
    (step,) = run("xy_wing", board)
    assert elims(step) == {"3r2c1"}
    assert step.digits == (0, 1, 2)
    assert step.explanation.startswith(
        "XY-wing 1/2/3: pivot r5c5 holds 1/2 and sees r2c5 (2/3) and r5c1 (1/3)"
    )
    assert run("xyz_wing", board) == [] and run("w_wing", board) == []


def test_xyz_wing() -> None:
    board = state(cells={"r5c5": "123", "r5c4": "13", "r2c5": "23"})
    (step,) = run("xyz_wing", board)
    assert elims(step) == {"3r4c5", "3r6c5"}
    assert run("xy_wing", board) == []


def test_w_wing() -> None:
    row5 = " ".join(f"r{r}c{c}" for r in range(1, 10) for c in range(1, 10) if r != 5)
    board = state({"2": row5 + " r5c2 r5c8"}, {"r2c2": "12", "r8c8": "12"})
    (step,) = run("w_wing", board)
    assert elims(step) == {"1r2c8", "1r8c2"}
    assert "row 5 holds 2 only in r5c2 and r5c8" in step.explanation
    # without the strong link there is no W-wing
    assert run("w_wing", state(cells={"r2c2": "12", "r8c8": "12"})) == []


def test_remote_pair() -> None:
    chain = {"r1c1": "58", "r1c5": "58", "r4c5": "58", "r4c9": "58"}
    (step,) = run("remote_pair", state(cells=chain))
    assert elims(step) == {"5r1c9", "8r1c9", "5r4c1", "8r4c1"}
    assert set(step.digits) == {4, 7}
    # three cells are too few
    del chain["r4c9"]
    assert run("remote_pair", state(cells=chain)) == []


def test_remote_pair_takes_every_pair_an_odd_distance_apart() -> None:
    chain = {"r1c1": "36", "r1c4": "36", "r3c5": "36", "r3c8": "36", "r7c8": "36", "r7c2": "36"}
    (step,) = run("remote_pair", state(cells=chain))
    seeing = {
        ("r1c1", "r3c8"): "r1c7 r1c8 r1c9 r3c1 r3c2 r3c3",  # 3 links apart
        ("r1c4", "r7c8"): "r1c8 r7c4",  # 3 links
        ("r3c5", "r7c2"): "r3c2 r7c5",  # 3 links
        ("r1c1", "r7c2"): "r1c2 r2c2 r3c2 r7c1 r8c1 r9c1",  # 5 links
    }
    assert elims(step) == {f"{d}{c}" for d in "36" for cells in seeing.values() for c in cells.split()}
    assert len(step.cells) == 6


# ------------------------------------------------------------------------------------- soundness


def _basic_step(board: Board) -> Step | None:
    for _, finder in basic.FINDERS:
        for step in finder(board):
            if step.useful(board):
                return step
    return None


def _check(board: Board, truth: list[int], counts: dict[str, int]) -> Step | None:
    """Run every finder, assert each step is sound, return the first useful step."""
    first = None
    for key, finder in FINDERS.items():
        for step in finder(board):
            counts[key] = counts.get(key, 0) + 1
            for c, d in step.eliminations:
                assert truth[c] != d, step.explanation
                assert board.cand[c] >> d & 1, step.explanation
            for c, d in step.placements:
                assert truth[c] == d, step.explanation
            if first is None and step.useful(board):
                first = step
    return first


def test_no_step_contradicts_the_solution_on_hard_puzzles() -> None:
    lines = data_lines("puzzles3_magictour_top1465")[::30]
    counts: dict[str, int] = {}
    positions = 0
    for line in lines:
        puzzle = sudokit.parse(line)
        result = sudokit.solve(puzzle)
        assert result.solution is not None
        truth = list(result.solution.values)
        board = Board.from_puzzle(puzzle, unique=True)
        while not board.solved():
            step = _basic_step(board)
            if step is not None:
                step.apply(board)
                continue
            positions += 1
            step = _check(board, truth, counts)
            if step is not None:
                step.apply(board)
            else:  # stuck: place a true symbol in the cell with the fewest candidates
                c = min(board.empty_cells(), key=lambda c: (board.cand[c].bit_count(), c))
                board.place(c, truth[c])
    assert positions > 50
    # the walk meets most techniques
    assert len(counts) >= 10, counts


@pytest.mark.parametrize("seed", [1, 2])
def test_no_step_contradicts_the_solution_on_random_variant_states(seed: int) -> None:
    """Random candidate states that keep the solution, on jigsaw, diagonal, samurai, 16x16... grids."""
    rng = random.Random(seed)
    puzzles = [build(r) for r in RECORDS]
    puzzles.append(sudokit.parse(data_lines("gecode_sudoku_16x16.txt")[0]))
    counts: dict[str, int] = {}
    for puzzle in puzzles:
        result = sudokit.solve(puzzle)
        assert result.solution is not None
        truth = list(result.solution.values)
        n = len(puzzle.grid.symbols)
        for _ in range(4):
            board = Board.from_puzzle(puzzle)
            empty = board.empty_cells()
            rng.shuffle(empty)
            for c in empty[: rng.randint(0, len(empty) // 2)]:
                if board.value[c] == EMPTY:
                    board.place(c, truth[c])
            keep = rng.choice((0.3, 0.5, 0.7))
            for c in board.empty_cells():
                board.cand[c] &= sum(1 << d for d in range(n) if d == truth[c] or rng.random() < keep)
            _check(board, truth, counts)
    assert len(counts) >= 12, counts
