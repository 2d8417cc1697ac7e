"""Uniqueness techniques: unique, hidden and avoidable rectangles and BUG+1.

Positions are puzzles of data/puzzles3_magictour_top1465 with some correct placements (not
givens) and, where needed, a few candidates removed: each shows one technique and its result.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import sudokit
from sudokit.logic import basic
from sudokit.logic import uniqueness as u
from sudokit.logic.board import Board, layout_of
from sudokit.model import EMPTY, Grid, parse_cell_name

DATA = Path(__file__).resolve().parent.parent / "data"
FINDERS = {keys[0]: finder for keys, finder in u.FINDERS}


def position(givens: str, placed: str = "", deleted: str = "") -> Board:
    """A 9x9 board: the givens, then placed (non-given) digits, then deleted candidates."""
    board = Board.from_puzzle(sudokit.parse(givens), unique=True)
    for cell, ch in enumerate(placed):
        if ch.isdigit():
            board.place(cell, int(ch) - 1)
    for item in deleted.split():
        name, digits = item.split(":")
        r, c = parse_cell_name(name)
        for d in digits:
            board.eliminate(r * 9 + c, int(d) - 1)
    return board


def text(board: Board, pairs: tuple[tuple[int, int], ...]) -> str:
    """``r1c5:3 r2c5:36``: candidates by cell, sorted."""
    by_cell: dict[int, list[int]] = {}
    for cell, d in pairs:
        by_cell.setdefault(cell, []).append(d + 1)
    return " ".join(board.name(c) + ":" + "".join(map(str, sorted(ds))) for c, ds in sorted(by_cell.items()))


CASES = [
    (
        "uniqueness_1",
        "1.37....5...6.4...8...........81.....9....7...6.....9..2....4..5...3...........2.",
        ".4..9268.952.8...7.76.5.942735..92642..46....4...27.....9.7......42.6.79..794....",
        "",
        ["r9c7:18"],
    ),
    (
        "uniqueness_2",
        "..8.5..6....7...83.5............524.8..6....9.7.....1...23.....6...9..7...4..2...",
        "9....3..7..6..95..3.7..692.16397...8..5..173...9.386.558..67.9..315.48.279....356",
        "",
        ["r1c4:4 r2c5:4 r3c9:4"],
    ),
    (
        "uniqueness_3",
        "32.6.......9.......8..7.15......5....7..1..3....4......15.8..7.......6.......7.82",
        "..1.59.4.75.841...........9...7.......................2....6...8.7524......1..5..",
        "",
        ["r9c2:39"],
    ),
    (
        "uniqueness_4",
        "8.2.....4.9......7..5..139..8..17......5.2..1.....8.36..71.....4...7....32...5...",
        ".7.93651.1.3.54...64.7.....9.63..4..734.6.98.25149.7..56...9.43.19..3.....864.179",
        "",
        ["r8c8:2 r8c9:2"],
    ),
    (
        "uniqueness_5",
        ".....45..6.47...9..1...8.4....59.....5....938..7...........23..1..4...567.6......",
        ".7............5...2.59.......2......4.1276......84..25548....79....872...2.359...",
        "r1c5:16 r4c7:16 r4c9:1",
        ["r2c7:1"],
    ),
    (
        "uniqueness_6",
        "8.2.....4.9......7..5..139..8..17......5.2..1.....8.36..71.....4...7....32...5...",
        ".7.93651.1.3.54...64.7.....9.63.....734.6.98.25149.7..56...9..3.19..3.....864.179",
        "",
        ["r4c8:4 r7c7:4"],
    ),
    (
        "hidden_rectangle",
        ".6.....7.9...8...6..3..91....8.95....2.4...6....21.8....5...6..3...4...8.4.....2.",
        "8.4.21....17..42..25.76..8473.6..4125.1..8...496......18.9.2.4..721.659.6.985...1",
        "",
        ["r5c9:3"],
    ),
    (
        "avoidable_rectangle_1",
        "3..5..1...7.....8...8..4..66..4..9...3..6..5...7..1..48..1..3......2..6...2..9...",
        "..6........9.1...............1......9.4.....1......6....5........3.............1.",
        "",
        ["r2c1:4"],
    ),
    (
        "avoidable_rectangle_2",
        "..57..9.....8....4.1.....2.4....2....6318.........376.95.........854.3.......6.8.",
        "..............................69....5....7......45.........8.....................",
        "r6c9:29 r7c5:2 r9c4:3 r9c5:23",
        ["r1c5:3 r2c5:3 r3c1:3 r3c9:3"],
    ),
    (
        "bug_plus_1",
        "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
        ".1.462.75632.5.489.47.3.6121...439...246.71589.6.2.7.37...1.8..2913.4.674...762.1",
        "",
        ["r9c3:38"],
    ),
]


@pytest.mark.parametrize(("key", "givens", "placed", "deleted", "expected"), CASES, ids=[c[0] for c in CASES])
def test_finds_pattern(key: str, givens: str, placed: str, deleted: str, expected: list[str]) -> None:
    board = position(givens, placed, deleted)
    before = (board.cand[:], board.value[:])
    steps = list(FINDERS[key](board))
    assert (board.cand, board.value) == before  # finders never change the board
    assert sorted(text(board, s.eliminations) for s in steps) == sorted(expected)
    solution = sudokit.solve(sudokit.parse(givens)).solution.values
    for step in steps:
        assert step.technique == key
        assert step.explanation
        assert all(solution[c] != d for c, d in step.eliminations)
        assert all(c in step.cells or key.endswith(("_2", "_3", "_5")) for c, _ in step.eliminations)


def test_explanations_name_cells_symbols_and_result() -> None:
    _, givens, placed, deleted, _ = CASES[0]
    step = next(u.uniqueness_1(position(givens, placed, deleted)))
    assert step.explanation == (
        "Unique rectangle type 1 on 1/8 in r8c2, r8c7, r9c2, r9c7: if r9c7 were 1 or 8 the puzzle "
        "would have two solutions, so r9c7 loses 1/8"
    )
    assert step.digits == (0, 7)
    assert step.units == ("row 8", "row 9", "column 2", "column 7")
    _, givens, placed, deleted, _ = CASES[2]
    step = next(u.uniqueness_3(position(givens, placed, deleted)))
    assert "naked pair 3/9 in row 9" in step.explanation
    assert "r9c1 and r9c3 act as one cell holding 3/9" in step.explanation
    _, givens, placed, deleted, _ = CASES[9]
    step = next(u.bug_plus_1(position(givens, placed, deleted)))
    assert step.digits == (4,)
    assert "r9c3 must be 5" in step.explanation


def test_only_for_unique_classic_boards() -> None:
    for key, givens, placed, deleted, _ in CASES:
        board = position(givens, placed, deleted)
        board.unique = False
        assert list(FINDERS[key](board)) == []
        x_grid = sudokit.variants.diagonals(Grid.classic(9))
        other = Board(layout_of(x_grid), board.value[:], board.cand[:], board.given, unique=True)
        assert not other.layout.classic
        assert list(FINDERS[key](other)) == []


def test_avoidable_rectangles_need_solved_cells_that_are_not_givens() -> None:
    for key, givens, placed, deleted, _ in CASES[7:9]:
        board = position(givens, placed, deleted)
        assert list(FINDERS[key](board))
        board.given = tuple(v != EMPTY for v in board.value)
        assert list(FINDERS[key](board)) == []


def test_missing_candidates_flag() -> None:
    # r8c2 of the type-1 rectangle (1/8) is 8 in the solution; without its 1 the rectangle still
    # stands by default (no placed 1 excludes it), but not when both candidates are required
    _, givens, placed, deleted, _ = CASES[0]
    board = position(givens, placed, deleted + " r8c2:1")
    assert [text(board, s.eliminations) for s in u.uniqueness_1(board)] == ["r9c7:18"]
    board.flags = frozenset({u.STRICT_FLAG})
    assert list(u.uniqueness_1(board)) == []
    assert u.REGLIB_FLAGS["0600-1"] == frozenset({u.STRICT_FLAG})
    assert u.REGLIB_FLAGS["0600-2"] == frozenset()


def _six_by_six_type_1() -> Board:
    """Hand-made pencil marks: r1c1, r1c4, r2c1 hold 1/2 and r2c4 holds 1/2/5 (rows 1-2: one band)."""
    full = (1 << 6) - 1
    cand = [full] * 36
    for c in (0, 3, 6):
        cand[c] = 0b11
    cand[9] = 0b10011
    return Board(layout_of(Grid.classic(6)), [EMPTY] * 36, cand, unique=True)


def test_type_1_on_a_6x6_grid() -> None:
    board = _six_by_six_type_1()
    steps = list(u.uniqueness_1(board))
    assert [(s.eliminations, s.cells) for s in steps] == [(((9, 0), (9, 1)), (0, 3, 6, 9))]
    assert steps[0].explanation.startswith("Unique rectangle type 1 on 1/2 in r1c1, r1c4, r2c1, r2c4")


def test_missing_candidate_excluded_by_a_placed_symbol_breaks_the_rectangle() -> None:
    # 1 removed from r2c1 by an earlier step: still a rectangle (missing candidates allowed)
    board = _six_by_six_type_1()
    board.eliminate(6, 0)
    assert [s.eliminations for s in u.uniqueness_1(board)] == [((9, 0), (9, 1))]
    board.flags = frozenset({u.STRICT_FLAG})
    assert list(u.uniqueness_1(board)) == []
    # 1 placed in column 1 (r3c1): r1c1 and r2c1 can never be 1, so there is no rectangle
    board = _six_by_six_type_1()
    board.place(12, 0)
    assert board.cand[0] == board.cand[6] == 0b10
    assert list(u.uniqueness_1(board)) == []


def _rectangles_by_brute_force(grid: Grid) -> set[tuple[int, ...]]:
    layout = layout_of(grid)
    rows, cols, blocks = layout.rows, layout.columns, layout.blocks
    block_of = {c: i for i, b in enumerate(blocks) for c in b.cells}
    at = {grid.cells[c]: c for c in range(len(grid.cells))}
    out = set()
    for r1, r2 in itertools.combinations(range(len(rows)), 2):
        for c1, c2 in itertools.combinations(range(len(cols)), 2):
            tl, tr, bl, br = at[(r1, c1)], at[(r1, c2)], at[(r2, c1)], at[(r2, c2)]
            b = [block_of[x] for x in (tl, tr, bl, br)]
            by_rows = b[0] == b[1] and b[2] == b[3] and b[0] != b[2]
            by_cols = b[0] == b[2] and b[1] == b[3] and b[0] != b[1]
            if by_rows or by_cols:
                out.add((tl, tr, bl, br))
    return out


@pytest.mark.parametrize(
    "grid",
    [
        Grid.classic(9),
        Grid.classic(6),
        Grid.jigsaw(["AAAB", "ACBB", "CCDB", "CDDD"]),
        Grid.jigsaw(["AAABBB", "AACCBB", "ACCCCB", "DDDEEE", "DDFFEE", "DFFFFE"]),
    ],
    ids=["9x9", "6x6", "jigsaw4", "jigsaw6"],
)
def test_rectangle_geometry(grid: Grid) -> None:
    geo = u._geometry(layout_of(grid))
    found = {rect for c in range(len(grid.cells)) for _, far in geo.mates[c] for _, _, rect in far}
    assert found == _rectangles_by_brute_force(grid)
    if grid.size == 9:
        assert len(found) == 486


def test_bug_plus_1_rejects_a_second_trivalue_cell() -> None:
    _, givens, placed, deleted, _ = CASES[9]
    board = position(givens, placed, deleted)
    solution = sudokit.solve(sudokit.parse(givens)).solution.values
    # place one bivalue cell: the grave is gone (some symbols now appear once in a unit)
    cell = next(c for c in range(81) if board.cand[c].bit_count() == 2)
    board.place(cell, solution[cell])
    assert list(u.bug_plus_1(board)) == []


def _basics(board: Board) -> None:
    finders = [f for _, f in basic.FINDERS]
    while True:
        for finder in finders:
            step = next(iter(finder(board)), None)
            if step is not None and step.useful(board):
                step.apply(board)
                break
        else:
            return


def test_no_step_contradicts_the_solution() -> None:
    lines = [
        line.strip()
        for line in (DATA / "puzzles3_magictour_top1465").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    rng = random.Random(1465)
    found: dict[str, int] = dict.fromkeys(FINDERS, 0)
    positions = 0
    for line in lines[:120]:
        puzzle = sudokit.parse(line)
        solution = sudokit.solve(puzzle).solution.values
        board = Board.from_puzzle(puzzle, unique=True)
        for _ in range(30):
            _basics(board)
            if board.solved():
                break
            positions += 1
            applied = False
            for flags in (frozenset(), frozenset({u.STRICT_FLAG})):
                board.flags = flags
                for key, finder in FINDERS.items():
                    steps = list(finder(board))
                    found[key] += len(steps)
                    for step in steps:
                        assert all(solution[c] != d for c, d in step.eliminations), step.explanation
                        assert all(solution[c] == d for c, d in step.placements), step.explanation
                    if steps and not applied:
                        steps[0].apply(board)
                        applied = True
            board.flags = frozenset()
            if not applied:
                cell = rng.choice(board.empty_cells())
                board.place(cell, solution[cell])
    assert positions > 150
    assert sum(found.values()) > 100
    assert sum(1 for n in found.values() if n) >= 6
