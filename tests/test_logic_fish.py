"""Fish finders: specific patterns with their eliminations, and soundness on many positions."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import sudokit
from sudokit.logic import basic, fish
from sudokit.logic.board import Board
from sudokit.logic.step import TECHNIQUES, Step
from sudokit.model import EMPTY, Grid, Puzzle
from sudokit.variants import diagonals

TOP1465 = Path(__file__).resolve().parent.parent / "data" / "puzzles3_magictour_top1465"
FIND = {keys[0]: finder for keys, finder in fish.FINDERS}


def cell(name: str) -> int:
    """Index of an ``r3c5`` cell on a 9x9 grid."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def pattern_board(rows: list[str], digit: int, grid: Grid | None = None) -> Board:
    """A board where every symbol may go anywhere, except ``digit``: ``#`` placed, ``*`` candidate."""
    grid = grid or Grid.classic(9)
    board = Board.from_puzzle(Puzzle.empty(grid))
    width = len(rows)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "#":
                board.place(r * width + c, digit)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == ".":
                board.eliminate(r * width + c, digit)
            else:
                assert ch == "#" or board.cand[r * width + c] >> digit & 1
    return board


def names(board: Board, step: Step) -> list[str]:
    return sorted(board.name(c) for c, _ in step.eliminations)


def summary(board: Board, steps: list[Step]) -> set[tuple[str, ...]]:
    return {tuple(names(board, s)) for s in steps}


def run_basics(board: Board) -> Board:
    """Apply singles, intersections and subsets until none applies."""
    while True:
        for _, finder in basic.FINDERS:
            step = next((s for s in finder(board) if s.useful(board)), None)
            if step is not None:
                step.apply(board)
                break
        else:
            return board


def top1465(count: int) -> list[tuple[Board, tuple[int, ...]]]:
    """Positions left by the basic techniques on the first hard puzzles, with their solutions."""
    lines = [x.strip() for x in TOP1465.read_text().splitlines() if x.strip() and not x.startswith("#")]
    out = []
    for line in lines:
        puzzle = sudokit.parse(line)
        board = run_basics(Board.from_puzzle(puzzle, unique=True))
        if not board.solved():
            solution = sudokit.solve(puzzle).solution
            assert solution is not None
            out.append((board, solution.values))
        if len(out) == count:
            break
    return out


# ------------------------------------------------------------------------------------ patterns

EVERYWHERE = "*********"


def test_x_wing_and_templates() -> None:
    rows = [EVERYWHERE] * 9
    rows[1] = rows[6] = "..*....*."  # 5 only in columns 3 and 8 of rows 2 and 7
    board = pattern_board(rows, 4)
    steps = list(FIND["x_wing"](board))
    assert len(steps) == 1
    step = steps[0]
    expected = sorted(f"r{r}c{c}" for r in (1, 3, 4, 5, 6, 8, 9) for c in (3, 8))
    assert names(board, step) == expected
    assert step.digits == (4,)
    assert step.extra["base"] == ["row 2", "row 7"] and step.extra["cover"] == ["column 3", "column 8"]
    assert step.explanation.startswith("X-Wing on 5 in rows 2 and 7 (columns 3 and 8): 5 must go in two")
    assert "r1c3" in step.explanation and step.explanation.endswith("lose 5")
    # Only those cells lie in no template, so no other symbol and no other fish is searched.
    assert [sorted(board.name(c) for c in fish._bits(m)) for m in fish.deletable(board)] == [
        expected if d == 4 else [] for d in range(9)
    ]
    assert list(FIND["swordfish"](board)) == []
    assert list(FIND["finned_x_wing"](board)) == []


def test_swordfish_in_columns() -> None:
    # 3 in columns 1, 5 and 9 only in rows 2, 4 and 8 (two places each): the transposed search.
    rows = [".***.***."] * 9
    rows[1] = "********."
    rows[3] = ".********"
    rows[7] = "****.****"
    board = pattern_board(rows, 2)
    steps = list(FIND["swordfish"](board))
    assert summary(board, steps) == {
        tuple(sorted(f"r{r}c{c}" for r in (2, 4, 8) for c in range(1, 10) if c not in (1, 5, 9)))
    }
    assert steps[0].extra["base"] == ["column 1", "column 5", "column 9"]
    assert "Swordfish on 3 in columns 1, 5 and 9 (rows 2, 4 and 8)" in steps[0].explanation
    assert list(FIND["x_wing"](board)) == [] and list(FIND["jellyfish"](board)) == []


def test_finned_and_sashimi_x_wing() -> None:
    rows = [EVERYWHERE] * 9
    rows[1] = "..*....**"  # fin r2c9 in box 3
    rows[6] = "..*....*."
    board = pattern_board(rows, 4)
    steps = list(FIND["finned_x_wing"](board))
    assert summary(board, steps) == {("r1c8", "r3c8")}
    assert steps[0].extra["fins"] == ["r2c9"]
    assert "with fin r2c9: unless a fin holds 5" in steps[0].explanation
    assert "see the fin" in steps[0].explanation
    assert list(FIND["sashimi_x_wing"](board)) == []
    assert list(FIND["x_wing"](board)) == []

    rows[1] = "..*.....*"  # r2c8 gone: row 2 keeps one candidate besides the fin
    board = pattern_board(rows, 4)
    steps = list(FIND["sashimi_x_wing"](board))
    # Two sashimi X-Wings now: the fin r2c9 with columns 3 and 8, the fin r7c8 with columns 3 and 9.
    assert summary(board, steps) == {("r1c8", "r3c8"), ("r8c9", "r9c9")}
    assert {s.name for s in steps} == {"Sashimi X-Wing"}
    assert list(FIND["finned_x_wing"](board)) == []


# Candidates of one symbol in positions the basic techniques leave on top1465 puzzles.
FRANKEN_9 = [
    ".....#...",
    ".**...**.",
    ".**...**.",
    ".**.*....",
    "*..**.*..",
    "****..**.",
    ".**.*....",
    "****.....",
    "........#",
]
ENDO_4 = [
    "#........",
    ".....*..*",
    "...*.**..",
    ".**......",
    "...*.*..*",
    ".....**.*",
    ".**......",
    ".......#.",
    "....#....",
]
MUTANT_1 = [
    ".**......",
    ".......#.",
    ".....#...",
    ".**.*....",
    "*.**..*..",
    "**.**.*..",
    ".**.*....",
    "*.***....",
    "........#",
]
FINNED_7 = [
    "..#......",
    ".....*..*",
    "...*.**.*",
    "**.*.**.*",
    "*....**.*",
    "*....**.*",
    "**.....*.",
    "....#....",
    "**.....*.",
]
SIAMESE_7 = [
    ".......#.",
    "..*.*....",
    "..*.*....",
    "#........",
    ".....*..*",
    "...*.**.*",
    "...*....*",
    ".*.*.**.*",
    ".*.*.*..*",
]


def test_franken_swordfish_with_a_box() -> None:
    board = pattern_board(FRANKEN_9, 8)
    steps = list(FIND["franken_swordfish"](board))
    assert len(steps) == 1
    assert names(board, steps[0]) == ["r5c5", "r6c2", "r6c3", "r8c2", "r8c3"]
    assert steps[0].extra["base"] == ["column 1", "column 4", "box 6"]
    assert steps[0].extra["cover"] == ["row 5", "row 6", "row 8"]
    assert "Franken Swordfish on 9 in columns 1 and 4, box 6 (rows 5, 6 and 8)" in steps[0].explanation
    assert list(FIND["swordfish"](board)) == []
    # The same eliminations as Mutant fish, with other unit sets; never a Franken shape there.
    mutants = list(FIND["mutant_swordfish"](board))
    assert summary(board, mutants) == {("r5c5", "r6c2", "r6c3", "r8c2", "r8c3")}
    for step in mutants:
        assert step.extra["base"][:2] != ["column 1", "column 4"]


def test_endo_fins_and_cannibalism() -> None:
    board = pattern_board(ENDO_4, 3)
    steps = list(FIND["finned_franken_swordfish"](board))
    assert all(names(board, s) in (["r5c9"], ["r6c6"]) for s in steps)
    by_units = {(tuple(s.extra["base"]), tuple(s.extra["cover"])): s for s in steps}
    endo_only = by_units[("row 2", "row 5", "box 2"), ("column 4", "column 6", "column 9")]
    assert endo_only.extra["fins"] == [] and endo_only.extra["endo_fins"] == ["r2c6"]
    assert names(board, endo_only) == ["r6c6"]
    assert "endo fin r2c6 (in two base units)" in endo_only.explanation
    cannibal = by_units[("row 2", "row 5", "row 6"), ("column 6", "column 9", "box 6")]
    assert cannibal.extra["fins"] == ["r5c4"] and cannibal.extra["cannibalistic"] == ["r5c9"]
    assert "r5c9 would fill two of those units at once" in cannibal.explanation
    assert summary(board, list(FIND["finned_x_wing"](board))) == {("r6c6",), ("r5c9",)}
    assert summary(board, list(FIND["sashimi_x_wing"](board))) == {("r6c6",), ("r5c9",)}


def test_mutant_swordfish_cannibalistic() -> None:
    board = pattern_board(MUTANT_1, 0)
    steps = list(FIND["mutant_swordfish"](board))
    assert summary(board, steps) == {("r5c3", "r6c2", "r6c5", "r8c3", "r8c5")}
    units = {(tuple(s.extra["base"]), tuple(s.extra["cover"])): s for s in steps}
    step = units[("row 4", "column 1", "box 8"), ("row 8", "column 5", "box 4")]
    assert step.extra["cannibalistic"] == ["r8c5"]
    assert len(list(FIND["franken_swordfish"](board))) == 2


def test_finned_swordfish_two_fins_and_finned_mutant() -> None:
    board = pattern_board(FINNED_7, 6)
    steps = list(FIND["finned_swordfish"](board))
    assert summary(board, steps) == {("r4c9",)}
    assert steps[0].extra["fins"] == ["r5c7", "r6c7"]
    assert "sees every fin" in steps[0].explanation
    mutants = list(FIND["finned_mutant_swordfish"](board))
    assert len(mutants) > 20 and summary(board, mutants) == {("r4c9",)}
    with_endo = [s for s in mutants if s.extra["endo_fins"]]
    assert with_endo and all(len(s.extra["endo_fins"]) <= fish.MAX_ENDO_FINS for s in with_endo)
    assert all(len(s.extra["fins"]) + len(s.extra["endo_fins"]) <= fish.MAX_FINS for s in mutants)


def test_siamese_fish_only_with_the_flag() -> None:
    board = pattern_board(SIAMESE_7, 6)
    plain = list(FIND["sashimi_x_wing"](board))
    assert summary(board, plain) == {("r6c4",), ("r8c6", "r9c6")}
    board.flags = frozenset({fish.SIAMESE})
    siamese = list(FIND["sashimi_x_wing"](board))
    assert summary(board, siamese) == {("r6c4", "r8c6", "r9c6")}
    assert siamese[0].extra["siamese"] and siamese[0].explanation.startswith("Siamese fish")
    assert fish.REGLIB_FLAGS["03211-"] == frozenset({fish.SIAMESE})


def test_fish_on_a_6x6_grid() -> None:
    grid = Grid.classic(6)
    rows = ["******", "*..*..", "******", "*..*..", "******", "******"]
    board = pattern_board(rows, 1, grid)
    steps = list(FIND["x_wing"](board))
    assert {tuple(board.name(c) for c, _ in s.eliminations) for s in steps} == {
        ("r1c1", "r1c4", "r3c1", "r3c4", "r5c1", "r5c4", "r6c1", "r6c4")
    }


def test_categories() -> None:
    R, C, B, X = fish.ROW, fish.COLUMN, fish.BLOCK, fish.EXTRA
    assert fish.category(R, C) == fish.category(C, R) == "basic"
    assert fish.category(R | B, C) == fish.category(R, C | B) == fish.category(C | B, R | B) == "franken"
    assert fish.category(B, C) == fish.category(R | C, B) == fish.category(R, C | X) == "mutant"


def test_registry() -> None:
    keys = [keys[0] for keys, _ in fish.FINDERS]
    assert len(keys) == len(set(keys)) == 7 * 6
    assert all(k in TECHNIQUES for k in keys)


# ------------------------------------------------------------------------------------ soundness


@pytest.fixture(scope="module")
def positions() -> list[tuple[Board, tuple[int, ...]]]:
    return top1465(36)


def test_sound_on_hard_positions(positions: list[tuple[Board, tuple[int, ...]]]) -> None:
    found: dict[str, int] = {}
    for board, solution in positions:
        before = (board.cand[:], board.value[:])
        for key, finder in FIND.items():
            size = next(s for s, k in fish.SIZE_KEYS.items() if key.endswith(k))
            if size > (4 if "mutant" in key else 5):
                continue
            for step in itertools.islice(finder(board), 25):
                assert step.technique == key and step.eliminations and not step.placements
                for c, d in step.eliminations:
                    assert solution[c] != d, (key, step.explanation)
                    assert board.cand[c] >> d & 1
                found[key] = found.get(key, 0) + 1
        assert (board.cand, board.value) == before
    for key in (
        "swordfish",
        "finned_x_wing",
        "sashimi_swordfish",
        "franken_swordfish",
        "finned_mutant_x_wing",
    ):
        assert found.get(key, 0) > 0, key


def test_basic_search_matches_general_search(positions: list[tuple[Board, tuple[int, ...]]]) -> None:
    total = 0
    for board, _ in positions[:12]:
        rows = [h.index for h in board.layout.rows]
        cols = [h.index for h in board.layout.columns]
        for size, finned in itertools.product((2, 3, 4), (False, True)):
            quick = {
                (f.digit, frozenset(f.base), frozenset(f.cover), f.elims)
                for f in fish.basic_fish(board, size, finned)
            }
            general = {
                (f.digit, frozenset(f.base), frozenset(f.cover), f.elims)
                for base, cover in ((rows, cols), (cols, rows))
                for f in fish.fish_over(board, size, finned, base, cover, "basic")
            }
            assert quick == general
            total += len(quick)
    assert total > 10


def test_templates_are_sound(positions: list[tuple[Board, tuple[int, ...]]]) -> None:
    for board, solution in positions:
        for d, mask in enumerate(fish.deletable(board)):
            assert mask & ~board.digit_cells()[d] == 0
            assert all(solution[c] != d for c in fish._bits(mask))


def _variant_position(grid: Grid, seed: int) -> tuple[Board, tuple[int, ...]]:
    """A random solution of the grid, some of it given, after the basic techniques."""
    rng = random.Random(seed)
    base = sudokit.solve(Puzzle.empty(grid)).solution
    assert base is not None
    relabel = list(range(grid.size))
    rng.shuffle(relabel)
    solution = tuple(relabel[v] for v in base.values)
    givens = tuple(v if rng.random() < 0.3 else EMPTY for v in solution)
    board = run_basics(Board.from_puzzle(Puzzle(grid, givens)))
    return board, solution


def _jigsaw() -> Grid:
    """Classic boxes with a cell of box 1 and a cell of box 4 swapped (they hold the same symbol in
    a solution of the empty grid, which therefore solves this jigsaw too)."""
    solution = sudokit.solve(Puzzle.empty(Grid.classic(9))).solution
    assert solution is not None
    labels = [[str((r // 3) * 3 + c // 3) for c in range(9)] for r in range(9)]
    x, y = next(
        (x, y)
        for x in range(27)
        if x % 9 < 3
        for y in range(27, 54)
        if y % 9 < 3 and solution.values[x] == solution.values[y]
    )
    labels[x // 9][x % 9], labels[y // 9][y % 9] = "3", "0"
    return Grid.jigsaw(["".join(row) for row in labels], connected=False)


@pytest.mark.parametrize(
    "grid",
    [_jigsaw(), diagonals(Grid.classic(9)), Grid.classic(6)],
    ids=["jigsaw", "x-sudoku", "6x6"],
)
def test_sound_on_variants(grid: Grid) -> None:
    found = 0
    for seed in range(4):
        board, solution = _variant_position(grid, seed)
        for key, finder in FIND.items():
            if any(big in key for big in ("squirmbag", "whale", "leviathan")):
                continue
            for step in itertools.islice(finder(board), 10):
                found += 1
                for c, d in step.eliminations:
                    assert solution[c] != d, (key, step.explanation)
    assert found > 0
