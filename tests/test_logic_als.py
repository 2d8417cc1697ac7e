"""Almost locked sets, Sue de Coq and templates: specific patterns and soundness on real positions.

The hand-built positions fill every cell outside the pattern (candidates 0), so that the finders
see exactly the cells of the pattern; the sweep checks every step found on positions reached from
hard puzzles against the puzzle's solution.
"""

from __future__ import annotations

import itertools
import re

import pytest

import sudokit
from sudokit import Grid
from sudokit.logic import als, basic
from sudokit.logic.board import Board, layout_of
from sudokit.logic.step import TECHNIQUES, Step
from sudokit.model import EMPTY
from tests.conftest import data_lines

LAYOUT = layout_of(Grid.classic(9))


def cell(name: str) -> int:
    """Index of ``r3c2``."""
    m = re.fullmatch(r"r(\d)c(\d)", name)
    assert m is not None
    return (int(m[1]) - 1) * 9 + int(m[2]) - 1


def pm_board(marks: dict[str, str], flags: frozenset[str] = frozenset()) -> Board:
    """A 9x9 board whose only unsolved cells are ``marks`` (cell name -> candidate digits)."""
    value = [0] * 81
    cand = [0] * 81
    for name, digits in marks.items():
        c = cell(name)
        value[c] = EMPTY
        cand[c] = sum(1 << (int(d) - 1) for d in digits)
    board = Board(LAYOUT, value, cand)
    board.flags = flags
    return board


def elims(*items: str) -> set[tuple[int, int]]:
    """``"r3c2:8"`` -> {(cell, digit index)}."""
    out = set()
    for item in items:
        name, digits = item.split(":")
        out.update((cell(name), int(d) - 1) for d in digits)
    return out


def alses_of(step: Step) -> list[set[int]]:
    return [set(cells) for cells in step.extra["alses"]]


def cells(*names: str) -> set[int]:
    return {cell(n) for n in names}


def stuck(line: str) -> tuple[Board, tuple[int, ...]]:
    """The board of a puzzle after singles, intersections and subsets, and the solution."""
    puzzle = sudokit.parse(line)
    board = Board.from_puzzle(puzzle, unique=True)
    finders = [f for _, f in basic.FINDERS]
    progress = True
    while progress:
        progress = False
        for find in finders:
            step = next((s for s in find(board) if s.useful(board)), None)
            if step is not None:
                step.apply(board)
                progress = True
                break
    result = sudokit.solve(puzzle)
    assert result.solution is not None
    return board, tuple(result.solution.values)


def assert_sound(steps: list[Step], solution: tuple[int, ...]) -> None:
    for step in steps:
        assert not [(c, d) for c, d in step.eliminations if solution[c] == d], step.explanation
        assert not [(c, d) for c, d in step.placements if solution[c] != d], step.explanation


# ------------------------------------------------------------------------------------ ALS-XZ


def test_als_xz_singly_linked() -> None:
    board = pm_board({"r1c1": "28", "r1c2": "58", "r5c2": "59", "r6c2": "89", "r3c2": "18"})
    pair = {frozenset(cells("r1c1", "r1c2")), frozenset(cells("r5c2", "r6c2"))}
    match = [s for s in als.als_xz(board) if {frozenset(a) for a in alses_of(s)} == pair]
    assert len(match) == 1
    step = match[0]
    assert set(step.eliminations) == elims("r3c2:8")
    assert step.technique == "als_xz"
    assert "{r1c1, r1c2} (2/5/8)" in step.explanation
    assert "{r5c2, r6c2} (5/8/9)" in step.explanation
    assert "share 5 as a restricted common, so 8 is in one of them" in step.explanation
    assert "r3c2, which sees every 8 of both, loses 8" in step.explanation


def test_als_xz_doubly_linked_locks_both_sets() -> None:
    board = pm_board(
        {"r1c1": "12", "r1c2": "23", "r1c8": "14", "r1c9": "34", "r1c5": "12345", "r2c1": "26", "r2c9": "47"}
    )
    steps = [s for s in als.als_xz(board) if alses_of(s) == [cells("r1c1", "r1c2"), cells("r1c8", "r1c9")]]
    assert len(steps) == 1
    # 1 and 3 link the sets; 2 is locked in the first (row 1, box 1), 4 in the second (row 1, box 3)
    assert set(steps[0].eliminations) == elims("r1c5:1234", "r2c1:2", "r2c9:4")
    assert "doubly linked" in steps[0].explanation


def test_overlap_flag_allows_links_between_overlapping_sets() -> None:
    marks = {"r1c1": "12", "r1c2": "29", "r2c2": "19"}
    a, b = cells("r1c1", "r1c2"), cells("r1c2", "r2c2")
    for overlap in (False, True):
        board = pm_board(marks, frozenset({als.OVERLAP_FLAG}) if overlap else frozenset())
        found = als.collect_alses(board)
        ia = next(i for i, x in enumerate(found) if set(x.cell_list) == a)
        ib = next(i for i, x in enumerate(found) if set(x.cell_list) == b)
        links = als.restricted_commons(found, 9, overlap)
        # 1 is the only digit both hold outside the shared cell r1c2
        assert links[ia].get(ib) == (1 if overlap else None)


def test_links_carried_between_steps_match_a_full_computation() -> None:
    """The restricted commons reused from the previous state equal those computed afresh."""
    checked = 0
    for line in HARD[:24:2]:
        board, _ = stuck(line)
        for _ in range(3):
            ctx = als._context(board)
            assert ctx.links == als.restricted_commons(ctx.alses, 9, False)
            checked += 1
            step = next(als.als_xz(board), None) or next(als.als_xy_wing(board), None)
            if step is None:
                break
            step.apply(board)
    assert checked > 12


# ------------------------------------------------------------------------------------ wing, chain


def test_als_xy_wing() -> None:
    board = pm_board({"r1c1": "17", "r1c2": "37", "r1c5": "12", "r5c5": "23", "r5c2": "34"})
    steps = [
        s
        for s in als.als_xy_wing(board)
        if alses_of(s) == [cells("r1c1", "r1c2"), cells("r1c5"), cells("r5c5")]
    ]
    assert len(steps) == 1
    assert set(steps[0].eliminations) == elims("r5c2:3")
    assert "by the restricted commons 1 and 2" in steps[0].explanation


def test_als_chain() -> None:
    board = pm_board(
        {"r1c1": "12", "r1c5": "26", "r2c5": "36", "r5c5": "34", "r5c9": "14", "r1c9": "15", "r5c1": "16"}
    )
    steps = list(als.als_xy_chain(board))
    match = [s for s in steps if set(s.eliminations) == elims("r1c9:1", "r5c1:1")]
    assert len(match) == 1
    step = match[0]
    assert step.length >= 4
    chain = alses_of(step)
    assert len({frozenset(c) for c in chain}) == len(chain)  # no ALS twice
    assert chain[0] in (cells("r1c1"), cells("r5c9"))
    assert "ALS chain" in step.explanation


def test_als_chain_needs_a_different_digit_on_each_link() -> None:
    # r1c1 -2- r1c5 -2- r5c5 -4- r5c9 would need 2 twice in a row: no chain eliminates 1
    board = pm_board({"r1c1": "12", "r1c5": "23", "r5c5": "24", "r5c9": "14", "r1c9": "15", "r5c1": "16"})
    bad = cells("r1c1"), cells("r1c5"), cells("r5c5"), cells("r5c9")
    for step in als.als_xy_chain(board):
        assert tuple(alses_of(step)) not in (bad, bad[::-1])


# ------------------------------------------------------------------------------------ Death Blossom


def test_death_blossom() -> None:
    # stem r5c5 (1/2): petal r5c1 (1/9) for 1, petal {r1c5, r1c6} (2/7/9) for 2; the same
    # eliminations also follow from stem r1c5 (2/7), so either may be reported
    board = pm_board({"r5c5": "12", "r5c1": "19", "r1c5": "27", "r1c6": "79", "r1c1": "89", "r5c6": "69"})
    steps = list(als.death_blossom(board))
    match = [s for s in steps if set(s.eliminations) == elims("r1c1:9", "r5c6:9")]
    assert len(match) == 1
    step = match[0]
    assert step.extra["stem"] in (cell("r5c5"), cell("r1c5"))
    assert step.explanation.startswith("Death blossom: stem r")
    assert (
        "so 9 is in one of the petals and r1c1 and r5c6, which see every 9 of them, lose 9"
        in step.explanation
    )


def test_death_blossom_never_removes_a_stem_digit() -> None:
    board = pm_board({"r5c5": "12", "r5c1": "13", "r1c5": "23", "r1c1": "13"})
    for step in als.death_blossom(board):
        stem = step.extra["stem"]
        assert all(not board.cand[stem] >> d & 1 for _, d in step.eliminations)


# ------------------------------------------------------------------------------------ Sue de Coq


def test_sue_de_coq() -> None:
    board = pm_board(
        {"r1c1": "123", "r1c2": "124", "r1c5": "12", "r2c1": "34", "r1c9": "15", "r1c3": "27", "r3c3": "36"}
    )
    steps = [
        s
        for s in als.sue_de_coq(board)
        if s.extra["intersection"] == (cell("r1c1"), cell("r1c2"))
        and set(s.extra["line_cells"]) == cells("r1c5")
        and set(s.extra["block_cells"]) == cells("r2c1")
    ]
    assert len(steps) == 1
    # row 1 keeps 1/2 in the pattern, box 1 keeps 3/4
    assert set(steps[0].eliminations) == elims("r1c9:1", "r1c3:2", "r3c3:3")
    assert "row 1 keeps 1/2 and box 1 keeps 3/4" in steps[0].explanation


# ------------------------------------------------------------------------------------ templates

HARD = data_lines("puzzles3_magictour_top1465")


def _enumerate(rows: list[list[int]], r: int, cols: int, boxes: int, mask: int, out: list[int]) -> None:
    """Every template from row ``r`` on: one allowed cell per row, columns and boxes all different."""
    if r == 9:
        out.append(mask)
        return
    for c in rows[r]:
        col, box = c % 9, (c // 27) * 3 + (c % 9) // 3
        if not cols >> col & 1 and not boxes >> box & 1:
            _enumerate(rows, r + 1, cols | 1 << col, boxes | 1 << box, mask | 1 << c, out)


def brute_templates(board: Board) -> list[tuple[int, int] | None]:
    """Union and intersection of each digit's templates by plain enumeration and refinement."""
    n = 9
    lists: list[list[int]] = []
    for d in range(n):
        allowed = [c for c in range(81) if board.cand[c] >> d & 1 or board.value[c] == d]
        found: list[int] = []
        _enumerate([[c for c in allowed if c // 9 == r] for r in range(9)], 0, 0, 0, 0, found)
        lists.append(found)
    return refined(lists)


def refined(lists: list[list[int]]) -> list[tuple[int, int] | None]:
    """HoDoKu's refinement of every digit's templates, then (union, intersection) per digit."""
    n = len(lists)
    while True:
        forced = []
        for templates in lists:
            inter = -1
            for t in templates:
                inter &= t
            forced.append(inter if templates else 0)
        removed = False
        for d in range(n):
            others = 0
            for k in range(n):
                if k != d:
                    others |= forced[k]
            keep = [t for t in lists[d] if not t & others]
            removed |= len(keep) != len(lists[d])
            lists[d] = keep
        if not removed:
            break
    out: list[tuple[int, int] | None] = []
    for templates in lists:
        union, inter = 0, -1
        for t in templates:
            union |= t
            inter &= t
        out.append((union, inter))
    return out


@pytest.mark.parametrize("line", HARD[:6])
def test_templates_match_plain_enumeration(line: str) -> None:
    board, _ = stuck(line)
    assert als._template_masks(board) == brute_templates(board)


def generic_templates(board: Board) -> list[tuple[int, int] | None]:
    """Templates of any small grid by trying every column permutation (houses only)."""
    n = board.n
    width = n
    others = [h for h in board.houses if h.kind not in ("row", "column")]
    lists: list[list[int]] = []
    for d in range(n):
        ok = [board.cand[c] >> d & 1 or board.value[c] == d for c in range(n * n)]
        found = []
        for perm in itertools.permutations(range(width)):
            chosen = [r * width + perm[r] for r in range(n)]
            if all(ok[c] for c in chosen) and all(sum(c in h.cell_set for c in chosen) == 1 for h in others):
                found.append(sum(1 << c for c in chosen))
        lists.append(found)
    return refined(lists)


def test_templates_on_six_by_six_grids() -> None:
    """Boxes of 2x3 and jigsaw regions: the row-by-row count agrees with trying every permutation."""
    from tests.test_variants import RECORDS, build

    puzzles = [build(r) for r in RECORDS if r["id"] in ("janko-sudoku-chaos-008", "janko-sudoku-0376")]
    assert len(puzzles) == 2
    for puzzle in puzzles:
        board = Board.from_puzzle(puzzle, unique=True)
        assert als._template_masks(board) == generic_templates(board)


def test_template_delete_and_set_on_a_hard_puzzle() -> None:
    board, solution = stuck(HARD[0])
    deletes = list(als.template_delete(board))
    sets = list(als.template_set(board))
    assert_sound(deletes + sets, solution)
    assert [(s.digits, set(s.eliminations)) for s in deletes] == [((3,), elims("r5c9:4", "r6c6:4"))]
    assert "r5c9 and r6c6 lose 4" in deletes[0].explanation
    # placing 4 from the templates' common cells, then again: the steps keep matching the solution
    for step in sets:
        assert all(solution[c] == d for c, d in step.placements)


# ------------------------------------------------------------------------------------ soundness

ALL = [f for _, f in als.FINDERS]


def test_finders_are_registered_with_known_keys() -> None:
    keys = {k for keys, _ in als.FINDERS for k in keys}
    assert keys == {
        "als_xz",
        "als_xy_wing",
        "als_xy_chain",
        "death_blossom",
        "sue_de_coq",
        "template_set",
        "template_delete",
    }
    assert keys <= TECHNIQUES.keys()
    assert set(als.REGLIB_FLAGS) >= {"0902-1", "0902-2", "0903-2", "0904-2"}


def test_sound_on_hard_positions() -> None:
    """Every step on positions from hard puzzles agrees with the solution; finders leave the board."""
    kinds: set[str] = set()
    for i, line in enumerate(HARD[:80:2]):
        board, solution = stuck(line)
        for _ in range(2):
            if board.solved():
                break
            before = (board.cand[:], board.value[:])
            pool: list[Step] = []
            for find in ALL:
                steps = list(find(board))
                assert_sound(steps, solution)
                kinds.update(s.technique for s in steps)
                pool += [s for s in steps if s.useful(board)]
            assert (board.cand, board.value) == before
            if not pool:
                break
            pool[i % len(pool)].apply(board)
    assert kinds >= {
        "als_xz",
        "als_xy_wing",
        "als_xy_chain",
        "death_blossom",
        "sue_de_coq",
        "template_delete",
    }


def test_overlap_variant_is_sound() -> None:
    for line in HARD[1:12:3]:
        board, solution = stuck(line)
        board.flags = frozenset({als.OVERLAP_FLAG})
        for find in (als.als_xy_wing, als.als_xy_chain, als.death_blossom):
            assert_sound(list(find(board)), solution)


def test_other_grids() -> None:
    """16x16 and jigsaw grids: the finders run, stay sound, and templates use the regions."""
    from tests.test_variants import RECORDS, build

    puzzles = [sudokit.parse(data_lines("gecode_sudoku_16x16.txt")[0])]
    puzzles += [build(r) for r in RECORDS if r["id"] in ("janko-sudoku-chaos-093", "janko-sudoku-killer-011")]
    found = 0
    for puzzle in puzzles:
        board = Board.from_puzzle(puzzle, unique=True)
        result = sudokit.solve(puzzle)
        assert result.solution is not None
        for find in ALL:
            steps = list(find(board))
            found += len(steps)
            assert_sound(steps, tuple(result.solution.values))
    assert found > 0


def test_big_grids_skip_templates() -> None:
    """25x25: no templates (too costly); the other finders stay bounded and well formed."""
    line = data_lines("gecode_sudoku_25x25.txt")[0]
    board = Board.from_puzzle(sudokit.parse(line), unique=True)
    assert list(als.template_delete(board)) == []
    assert list(als.template_set(board)) == []
    for find in (als.sue_de_coq, als.als_xz, als.death_blossom):
        for step in itertools.islice(find(board), 20):
            assert step.eliminations
            assert all(board.cand[c] >> d & 1 for c, d in step.eliminations)
