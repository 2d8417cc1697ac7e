"""Forcing chains and nets: hand-built patterns, soundness on hard positions, and the backstop role.

The positions come from puzzles of magictour's top1465 list (and the variant fixtures) after the basic
techniques are exhausted; every step a forcing finder offers is checked against the known solution.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import sudokit
from sudokit import Grid, Puzzle, variants
from sudokit.logic import basic, forcing
from sudokit.logic.board import Board, layout_of
from sudokit.logic.step import Step
from sudokit.model import EMPTY
from tests.test_variants import RECORDS, build

DATA = Path(__file__).resolve().parent.parent / "data"
TOP1465 = [
    line.strip()
    for line in (DATA / "puzzles3_magictour_top1465").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]

BASIC = [function for _, function in basic.FINDERS]


@pytest.fixture(autouse=True)
def _fresh_memo() -> Iterator[None]:
    forcing._MEMO.clear()
    yield
    forcing._MEMO.clear()


def _cell(r: int, c: int) -> int:
    return (r - 1) * 9 + (c - 1)


def _open_board(marks: dict[tuple[int, int], str]) -> Board:
    """An empty 9x9 board with every candidate, except the cells given as ``{(row, col): "12"}``."""
    grid = Grid.classic(9)
    layout = layout_of(grid)
    cand = [(1 << 9) - 1] * 81
    for (r, c), digits in marks.items():
        cand[_cell(r, c)] = sum(1 << (int(d) - 1) for d in digits)
    return Board(layout, [EMPTY] * 81, cand)


def _basic_step(board: Board) -> Step | None:
    for function in BASIC:
        for step in function(board):
            if step.useful(board):
                return step
    return None


def _sound(step: Step, solution: tuple[int, ...] | list[int]) -> bool:
    return all(solution[c] == d for c, d in step.placements) and all(
        solution[c] != d for c, d in step.eliminations
    )


def _stuck(board: Board) -> None:
    """Apply basic steps until none is left."""
    while (step := _basic_step(board)) is not None:
        step.apply(board)


def _path(line: str, limit: int = 400) -> tuple[Board, list[Step]]:
    """Solve with basic techniques and forcing chains/nets only, checking every step."""
    puzzle = sudokit.parse(line)
    solution = sudokit.solve(puzzle).solution.values
    board = Board.from_puzzle(puzzle, unique=True)
    used: list[Step] = []
    for _ in range(limit):
        if EMPTY not in board.value:
            break
        step = _basic_step(board)
        if step is None:
            step = next(forcing.forcing_chains(board), None) or next(forcing.forcing_nets(board), None)
            assert step is not None, f"forcing found nothing: {line}"
            assert step.useful(board)
            assert _sound(step, solution), step.explanation
            used.append(step)
        step.apply(board)
    return board, used


# ----------------------------------------------------------------------------------- patterns


def test_chain_contradiction_from_a_pair() -> None:
    """r1c2 and r2c1 hold 1/2: any other cell of box 1 holding 1 or 2 would force 2 (or 1) twice."""
    board = _open_board({(1, 2): "12", (2, 1): "12"})
    before = (board.cand[:], board.value[:])
    steps = list(forcing.forcing_chains(board))
    assert (board.cand, board.value) == before  # finders never change the board
    first = steps[0]
    assert first.technique == "forcing_chain_contradiction"
    box = {_cell(r, c) for r in (1, 2, 3) for c in (1, 2, 3)} - {_cell(1, 2), _cell(2, 1)}
    expected = {(c, d) for c in box for d in (0, 1)}
    found = {e for s in steps if s.technique == "forcing_chain_contradiction" for e in s.eliminations}
    assert found == expected
    assert all(s.extra["rounds"] == 2 for s in steps if s.technique == "forcing_chain_contradiction")
    assert "would appear twice in box 1" in first.explanation
    assert first.explanation.endswith(f"so {board.name(first.cells[0])} is not {board.sym(first.digits[0])}")


def test_chain_verity_on_a_loop() -> None:
    """A loop of four bivalue cells: r1c1 1/2, r1c5 2/3, r5c5 3/4, r5c1 4/1.

    Whichever way the loop turns, row 1 holds 2 in r1c1 or r1c5, column 5 holds 3 in r1c5 or r5c5,
    and so on: the rest of those lines lose those symbols.
    """
    loop = {(1, 1): "12", (1, 5): "23", (5, 5): "34", (5, 1): "41"}
    board = _open_board(loop)
    steps = list(forcing.forcing_chains(board))
    corners = {_cell(r, c) for r, c in loop}
    expected = (
        {(_cell(1, c), 1) for c in range(1, 10)}
        | {(_cell(r, 5), 2) for r in range(1, 10)}
        | {(_cell(5, c), 3) for c in range(1, 10)}
        | {(_cell(r, 1), 0) for r in range(1, 10)}
    )
    expected = {(c, d) for c, d in expected if c not in corners}
    found = {e for s in steps for e in s.eliminations}
    assert found == expected
    assert not any(s.placements for s in steps)
    verities = [s for s in steps if s.technique == "forcing_chain_verity"]
    assert verities
    loop_verity = next(s for s in verities if len(s.eliminations) == len(expected))
    assert "either way" in loop_verity.explanation
    assert " -> " in loop_verity.explanation  # a chain is written link by link


def test_net_step_where_chains_have_none() -> None:
    """After the basic techniques, this puzzle has no forcing chain but a forcing net."""
    line = "2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......"
    puzzle = sudokit.parse(line)
    solution = sudokit.solve(puzzle).solution.values
    board = Board.from_puzzle(puzzle, unique=True)
    _stuck(board)
    assert next(forcing.forcing_chains(board), None) is None
    steps = []
    for step in forcing.forcing_nets(board):
        steps.append(step)
        if len(steps) == 20:
            break
    assert steps and all(s.technique.startswith("forcing_net_") for s in steps)
    assert all(_sound(s, solution) and s.useful(board) for s in steps)
    rounds = [s.extra["rounds"] for s in steps]
    assert rounds == sorted(rounds)  # fewest rounds first
    contradiction = next(s for s in steps if s.technique == "forcing_net_contradiction")
    c, d = contradiction.cells[0], contradiction.digits[0]
    assert contradiction.explanation.startswith(
        f"Forcing net contradiction: if {board.name(c)} were {board.sym(d)}, then "
    )
    assert contradiction.explanation.endswith(f"so {board.name(c)} is not {board.sym(d)}")


def test_locked_candidates_inside_nets() -> None:
    """Some positions need locked candidates inside the propagation: plain nets find nothing there."""
    line = "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5"
    puzzle = sudokit.parse(line)
    solution = sudokit.solve(puzzle).solution.values
    board = Board.from_puzzle(puzzle, unique=True)
    for _ in range(200):
        _stuck(board)
        step = next(forcing.forcing_chains(board), None) or next(forcing.forcing_nets(board), None)
        assert step is not None and _sound(step, solution)
        if step.extra["mode"] == "locked":
            break
        step.apply(board)
    else:
        pytest.fail("no position needed locked candidates")
    assert next(forcing._forcing(board, "net"), None) is None
    assert step.technique.startswith("forcing_net_")
    if step.technique == "forcing_net_contradiction":
        assert " locked in " in step.explanation or "would" in step.explanation


# ---------------------------------------------------------------------------------- soundness


@pytest.mark.parametrize("index", [0, 1, 6, 76, 129, 204, 400, 777, 1000, 1464])
def test_top1465_solved_soundly(index: int) -> None:
    """Basic techniques plus forcing chains and nets finish the puzzle, every step true."""
    board, used = _path(TOP1465[index])
    assert EMPTY not in board.value
    assert all(s.explanation for s in used)


def test_every_step_offered_is_sound() -> None:
    """Not just the first: every step of every mode on stuck positions agrees with the solution."""
    checked = 0
    for line in TOP1465[3:300:37]:
        puzzle = sudokit.parse(line)
        solution = sudokit.solve(puzzle).solution.values
        board = Board.from_puzzle(puzzle, unique=True)
        _stuck(board)
        if EMPTY not in board.value:
            continue
        for mode in ("chain", "net", "locked"):
            forcing._MEMO.clear()
            for k, step in enumerate(forcing._forcing(board, mode)):
                assert _sound(step, solution), step.explanation
                assert step.useful(board)
                checked += 1
                if k == 60:
                    break
    assert checked > 100


def _propagates_to_contradiction(board: Board, cell: int, digit: int) -> bool:
    """Reference: place ``digit`` in ``cell`` on a copy, then singles until stuck; False if no clash."""
    b = board.copy()
    b.place(cell, digit)
    while True:
        forced: list[tuple[int, int]] = []
        for c, v in enumerate(b.value):
            if v == EMPTY:
                m = b.cand[c]
                if not m:
                    return True
                if not m & (m - 1):
                    forced.append((c, m.bit_length() - 1))
        for house in b.houses:
            placed = {b.value[c] for c in house.cells}
            for d in range(b.n):
                if d in placed:
                    continue
                places = [c for c in house.cells if b.cand[c] >> d & 1]
                if not places:
                    return True
                if len(places) == 1:
                    forced.append((places[0], d))
        if not forced:
            return False
        for c, d in forced:
            if b.value[c] == EMPTY:
                if not b.cand[c] >> d & 1:
                    return True
                b.place(c, d)
            elif b.value[c] != d:
                return True


@pytest.mark.parametrize("index", [0, 40])
def test_nets_miss_no_contradiction_of_singles(index: int) -> None:
    """Every candidate whose placement leads, by singles alone, to a contradiction is removed by a
    forcing net step (a contradiction, or a verity that happened to cover it)."""
    board = Board.from_puzzle(sudokit.parse(TOP1465[index]), unique=True)
    _stuck(board)
    removed: set[tuple[int, int]] = set()
    for step in forcing._forcing(board, "net"):
        removed.update(step.eliminations)
        removed.update((c, d) for c, v in step.placements for d in range(9) if d != v)
    reference = {
        (c, d)
        for c in range(81)
        if board.value[c] == EMPTY
        for d in range(9)
        if board.cand[c] >> d & 1 and _propagates_to_contradiction(board, c, d)
    }
    assert reference
    assert reference <= removed


def test_memo_offers_remaining_findings_soundly() -> None:
    """After one step is applied, the next call re-checks the other findings of the same search."""
    line = TOP1465[0]
    puzzle = sudokit.parse(line)
    solution = sudokit.solve(puzzle).solution.values
    board = Board.from_puzzle(puzzle, unique=True)
    _stuck(board)
    first = next(forcing.forcing_chains(board))
    memo = forcing._MEMO["chain"]
    assert memo.covers(board)
    first.apply(board)
    assert memo.covers(board)
    second = next(forcing.forcing_chains(board))
    assert _sound(second, solution) and second.useful(board)
    other = Board.from_puzzle(sudokit.parse(TOP1465[1]), unique=True)
    assert not memo.covers(other)


# ----------------------------------------------------------------------------------- variants


def _thinned(puzzle: Puzzle, k: int) -> Puzzle:
    """The puzzle without every ``k``-th given: more solutions, the original among them."""
    givens = list(puzzle.givens)
    seen = 0
    for i, g in enumerate(givens):
        if g != EMPTY:
            if seen % k == 0:
                givens[i] = EMPTY
            seen += 1
    return Puzzle(puzzle.grid, tuple(givens), puzzle.allowed)


def test_variants_sound() -> None:
    """Jigsaw, diagonals, windoku, killer cages, 6x6 and 12x12: forcing steps keep the solution.

    Givens are dropped so that the basic techniques stall; the published solution is still a
    solution, so no sound step may remove it.
    """
    offered: dict[str, int] = {}
    for record in RECORDS:
        if record["rows"] > 12:
            continue
        puzzle = build(record)
        solution = sudokit.solve(puzzle).solution.values
        name = f"{record['id']} ({record['variant']})"
        offered[name] = 0
        for k in (5, 3, 2):
            board = Board.from_puzzle(_thinned(puzzle, k))
            for _ in range(10):
                _stuck(board)
                if EMPTY not in board.value:
                    break
                step = next(forcing.forcing_chains(board), None) or next(forcing.forcing_nets(board), None)
                if step is None:
                    break
                assert _sound(step, solution), (name, step.explanation)
                offered[name] += 1
                step.apply(board)
            assert all(solution[c] == v for c, v in enumerate(board.value) if v != EMPTY), name
            assert all(board.cand[c] >> solution[c] & 1 for c, v in enumerate(board.value) if v == EMPTY)
    assert sum(1 for k in offered.values() if k) >= 7, offered


@pytest.mark.parametrize("rule", ["anti_knight", "anti_king", "non_consecutive"])
def test_relations_sound(rule: str) -> None:
    """Cells related by a move (or by neighbouring symbols) take part in the propagation soundly."""
    grid = getattr(variants, rule)(Grid.classic(9))
    solution = sudokit.solve(Puzzle(grid, (EMPTY,) * 81)).solution.values
    offered = 0
    for keep in (3, 4, 5, 6):
        givens = tuple(v if i % keep == 0 else EMPTY for i, v in enumerate(solution))
        board = Board.from_puzzle(Puzzle(grid, givens))
        for _ in range(10):
            _stuck(board)
            if EMPTY not in board.value:
                break
            step = next(forcing.forcing_chains(board), None) or next(forcing.forcing_nets(board), None)
            if step is None:
                break
            assert _sound(step, solution), step.explanation
            offered += 1
            step.apply(board)
    assert offered >= 10


def test_placed_symbols_with_stale_marks() -> None:
    """A symbol placed without clearing its peers' marks: those marks take no part (no false
    'no place left' in a house that already holds the symbol)."""
    line = TOP1465[1]
    puzzle = sudokit.parse(line)
    solution = sudokit.solve(puzzle).solution.values
    board = Board.from_puzzle(puzzle, unique=True)
    _stuck(board)
    for c in [c for c, v in enumerate(board.value) if v == EMPTY][::9]:
        board.value[c] = solution[c]
        board.cand[c] = 0
    found = 0
    for mode in ("chain", "net"):
        for step in forcing._forcing(board, mode):
            assert _sound(step, solution), step.explanation
            found += 1
    assert found
