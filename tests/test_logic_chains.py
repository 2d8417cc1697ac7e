"""Chains and loops: X-Chains, XY-Chains, nice loops and AICs, plain, grouped and with ALS nodes.

Hand-built pencil marks check each pattern and its exact eliminations; frozen pencil marks from
magictour top1465 positions (basic techniques applied) check each loop kind; walks through hard
puzzles and random variant grids check that no step ever removes a solution's candidate.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

import sudokit
from sudokit import EMPTY, Grid, Puzzle, variants
from sudokit.logic import basic, chains
from sudokit.logic.board import Board, layout_of
from sudokit.logic.step import TECHNIQUES, Step
from tests.conftest import data_lines
from tests.test_variants import RECORDS, build

TOP1465 = data_lines("puzzles3_magictour_top1465")
CLASSIC = Grid.classic(9)
Finder = Callable[[Board], Iterator[Step]]


def cell(name: str) -> int:
    """Cell index of ``r3c2`` on a 9x9 grid."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def elims(*items: str) -> tuple[tuple[int, int], ...]:
    """Eliminations written as ``"5r3c3"`` (symbol, then cell), sorted like the finders sort them."""
    return tuple(sorted((cell(item[1:]), int(item[0]) - 1) for item in items))


def board_from_marks(marks: str, grid: Grid = CLASSIC) -> Board:
    """A board from 81 space-separated tokens: candidates like ``459``, or ``+7`` for a placed 7."""
    tokens = marks.split()
    assert len(tokens) == 81
    value = [EMPTY] * 81
    cand = [0] * 81
    for c, token in enumerate(tokens):
        if token.startswith("+"):
            value[c] = int(token[1:]) - 1
        else:
            cand[c] = sum(1 << (int(ch) - 1) for ch in token)
    return Board(layout_of(grid), value, cand, [v != EMPTY for v in value], unique=True)


def open_board(grid: Grid = CLASSIC, digit: int = 0, places: tuple[str, ...] = (), **cells: str) -> Board:
    """Every cell holds every symbol, except ``digit`` only in ``places``; ``cells`` override cells."""
    full = (1 << 9) - 1
    cand = [full] * 81
    if digit:
        keep = {cell(p) for p in places}
        for c in range(81):
            if c not in keep:
                cand[c] &= ~(1 << (digit - 1))
    for name, digits in cells.items():
        cand[cell(name)] = sum(1 << (int(ch) - 1) for ch in digits)
    return Board(layout_of(grid), [EMPTY] * 81, cand, [False] * 81)


def steps_of(finder: Finder, board: Board, key: str) -> list[Step]:
    before = board.cand[:]
    out = [s for s in finder(board) if s.technique == key]
    assert board.cand == before, "finders must not change the board"
    return out


def the_step(finder: Finder, board: Board, key: str, expected: tuple[tuple[int, int], ...]) -> Step:
    """The one step of ``key`` whose eliminations are ``expected``."""
    matches = [s for s in steps_of(finder, board, key) if s.eliminations == expected]
    assert len(matches) == 1, [s.explanation for s in steps_of(finder, board, key)]
    return matches[0]


# ------------------------------------------------------------------------------------------ X-Chain

X_PLACES = ("r1c2", "r1c7", "r4c3", "r4c7", "r3c3", "r2c1", "r7c7", "r8c3")
"""5 in row 1 and row 4 twice each (the strong links), three times in every other house that has it."""


def test_x_chain_removes_the_symbol_from_cells_that_see_both_ends() -> None:
    board = open_board(digit=5, places=X_PLACES)
    (step,) = steps_of(chains.x_chain, board, "x_chain")
    assert step.eliminations == elims("5r3c3")
    assert step.digits == (4,)
    assert step.length == 3
    assert step.cells == tuple(cell(c) for c in ("r1c2", "r1c7", "r4c7", "r4c3"))
    assert step.explanation == (
        "X-Chain on 5: r1c2=r1c7-r4c7=r4c3, so one of r1c2 and r4c3 is 5 and r3c3 (which sees both) loses 5"
    )
    assert "row 1" in step.units and "row 4" in step.units


def test_x_chain_needs_strong_links_at_both_ends() -> None:
    # a third 5 in row 4 makes r4c3-r4c7 weak: no chain is left
    board = open_board(digit=5, places=(*X_PLACES, "r4c5"))
    assert steps_of(chains.x_chain, board, "x_chain") == []


def test_x_chain_uses_a_diagonal_as_a_house() -> None:
    places = ("r1c1", "r1c4", "r1c7", "r2c9", "r3c8", "r4c1", "r5c4", "r5c9", "r7c4", "r8c1", "r9c9")
    diagonal = variants.diagonals(CLASSIC, "main")
    board = open_board(diagonal, digit=5, places=places)
    (step,) = steps_of(chains.x_chain, board, "x_chain")
    assert step.eliminations == elims("5r1c4")
    assert step.explanation.startswith("X-Chain on 5: r1c1=r9c9-r5c9=r5c4,")
    assert "main diagonal" in step.units
    # without the diagonal, r1c1 and r9c9 are not linked and nothing is found
    assert steps_of(chains.x_chain, open_board(digit=5, places=places), "x_chain") == []


def _brute_x_chains(board: Board) -> dict[tuple[tuple[int, int], ...], int]:
    """Every X-Chain by plain depth-first search (no cell twice, at most 20 links): shortest per result."""
    peers = [set(board.layout.peers[c]) for c in range(81)]
    out: dict[tuple[tuple[int, int], ...], int] = {}
    for d in range(9):
        cells = [c for c in range(81) if board.cand[c] >> d & 1]
        strong: dict[int, set[int]] = {c: set() for c in cells}
        for house in board.houses:
            where = [c for c in house.cells if board.cand[c] >> d & 1]
            if len(where) == 2:
                strong[where[0]].add(where[1])
                strong[where[1]].add(where[0])

        def grow(
            chain: list[int],
            need_strong: bool,
            d: int = d,
            cells: list[int] = cells,
            strong: dict[int, set[int]] = strong,
        ) -> None:
            s, links = chain[0], len(chain)
            for x in sorted(strong[chain[-1]] if need_strong else peers[chain[-1]] & set(cells)):
                if x in chain[1:] or (x == s and not need_strong):
                    continue
                if need_strong and links >= 3:
                    hit = tuple((c, d) for c in cells if c in peers[s] and (x == s or c in peers[x]))
                    if hit and out.get(hit, 99) > links:
                        out[hit] = links
                if x != s and links < 20:
                    grow([*chain, x], not need_strong)

        for s in cells:
            grow([s], True)
    return out


def test_x_chains_match_an_exhaustive_search_on_dense_marks() -> None:
    """Random marks for one symbol give tangled strong links, where the shortest route often
    crosses itself and the exact search for a simple chain takes over."""
    rng = random.Random(3)
    results = 0
    for _ in range(8):
        cand = [0b111111110 | (rng.random() < 0.3) for _ in range(81)]
        board = Board(layout_of(CLASSIC), [EMPTY] * 81, cand, [False] * 81)
        found = {s.eliminations: s.length for s in chains.x_chain(board)}
        assert found == _brute_x_chains(board)
        results += len(found)
    assert results >= 10


def test_simple_path_goes_around_a_repeated_cell() -> None:
    # states 0 -> 1 -> 2 is shorter, but state 1 covers cell 0 again; 0 -> 3 -> 4 -> 2 is simple
    succ = [0b1010, 0b100, 0, 0b10000, 0b100]
    scells = [0b1, 0b1, 0b10, 0b100, 0b1000]
    assert chains._simple_path([0], succ, scells, 0b100, 2, 10, 0) == [0, 3, 4, 2]
    assert chains._simple_path([0], succ, scells, 0b100, 2, 3, 0) is None
    # the last state may come back to a cell of ``free_end`` (a loop onto the start)
    assert chains._simple_path([0], succ, scells, 0b10, 2, 10, 0b1) == [0, 1]


# ----------------------------------------------------------------------------------------- XY-Chain


def test_xy_chain_through_three_bivalue_cells() -> None:
    board = open_board(r1c1="12", r1c5="23", r5c5="31")
    (step,) = steps_of(chains.xy_chain, board, "xy_chain")
    assert step.eliminations == elims("1r5c1")
    assert step.length == 5
    assert step.cells == (cell("r1c1"), cell("r1c5"), cell("r5c5"))
    assert step.explanation == (
        "XY-Chain: (1=2)r1c1-(2=3)r1c5-(3=1)r5c5, so one of r1c1 and r5c5 is 1 and r5c1 "
        "(which sees both) loses 1"
    )


def test_xy_chain_needs_bivalue_cells() -> None:
    board = open_board(r1c1="12", r1c5="234", r5c5="31")
    assert steps_of(chains.xy_chain, board, "xy_chain") == []


# ------------------------------------------------------------------------------------- nice loops

PUZZLE_20 = (
    "3569 5689 68 79 +2 1379 369 +4 15679 359 +7 24 489 1348 +6 2389 1235 1259 369 +1 24 +5 3478 "
    "34789 23689 2367 2679 +2 356 +7 49 1456 149 3469 +8 14569 156 568 168 +3 4568 2489 +7 256 24569 "
    "+4 3568 +9 278 15678 1278 236 12356 1256 79 249 +5 +6 478 2478 +1 29 +3 +8 26 +3 +1 +9 +5 246 267 "
    "2467 1679 2469 16 247 347 2347 +5 269 +8"
)
PUZZLE_24 = (
    "45 48 458 +9 +2 +3 +1 67 67 +6 39 +7 15 145 145 239 +8 23 +2 39 +1 67 +8 67 39 45 45 379 +5 26 "
    "1278 139 1279 +4 13679 13678 3479 478 3489 157 +6 14579 37 +2 1357 3479 +1 26 2578 3459 24579 "
    "3678 35679 35678 +8 246 3459 1256 +7 12569 236 1346 12346 1479 2467 49 +3 19 12689 +5 1467 "
    "124678 1357 267 35 +4 15 12568 23678 1367 +9"
)
PUZZLE_48 = (
    "+6 35 +9 247 2457 2457 1347 1245 +8 27 58 27 +3 458 +1 469 4569 569 +4 358 +1 69 2578 69 37 25 "
    "2357 35 +9 +8 127 +6 35 17 12 +4 15 +2 46 14789 1457 45789 16789 +3 1679 13 +7 46 12489 1234 "
    "23489 +5 12689 1269 29 +1 23 +5 234 23468 34689 +7 369 +8 46 2357 12467 +9 23467 1346 1456 1356 "
    "79 46 357 14678 1347 34678 +2 145689 13569"
)
PUZZLE_134 = (
    "24679 12679 1246 +8 2469 57 1246 +3 12459 24689 12369 +5 2369 23469 3469 +7 24689 12489 246789 "
    "23679 23468 +1 23469 57 2468 245689 24589 2467 267 246 236 +5 1368 +9 2468 12348 +1 +8 2469 +7 "
    "2369 369 2346 2456 2345 +3 +5 269 +4 12689 1689 1268 +7 128 589 139 +7 359 14 +2 348 489 +6 2689 "
    "12369 12368 369 +7 14 +5 2489 23489 2569 +4 236 3569 3689 3689 23 +1 +7"
)


def test_discontinuous_nice_loop_with_two_weak_ends_removes_the_start() -> None:
    step = the_step(chains.nice_loops, board_from_marks(PUZZLE_20), "discontinuous_nice_loop", elims("1r6c6"))
    assert step.explanation == (
        "Discontinuous nice loop: (1)r6c6-(1)r6c8=(1)r2c8-(1)r2c5=(1)r1c6-(1)r6c6: "
        "if r6c6 were 1 it could not be 1, so r6c6 loses 1"
    )
    assert step.length == 5


def test_discontinuous_nice_loop_with_two_strong_ends_sets_the_start() -> None:
    board = board_from_marks(PUZZLE_134)
    step = the_step(chains.nice_loops, board, "discontinuous_nice_loop", elims("4r7c5"))
    assert step.explanation.startswith("Discontinuous nice loop: (1)r7c5=(1)r7c2-")
    assert step.explanation.endswith("so r7c5 is 1: r7c5 loses 4")
    assert board.cand[cell("r7c5")] == 0b1001  # 1 and 4: the step leaves the single 1


def test_discontinuous_nice_loop_with_different_symbols_at_the_start() -> None:
    step = the_step(chains.nice_loops, board_from_marks(PUZZLE_24), "discontinuous_nice_loop", elims("3r7c3"))
    assert step.explanation == (
        "Discontinuous nice loop: (3)r7c3-(3=5)r9c3-(5=1)r9c5-(1=9)r8c5-(9)r7c6=(9)r7c3: "
        "if r7c3 were 3 it would also be 9, so r7c3 loses 3"
    )
    step = the_step(chains.nice_loops, board_from_marks(PUZZLE_48), "discontinuous_nice_loop", elims("3r3c9"))
    assert step.explanation.startswith(
        "Discontinuous nice loop: (2)r3c9=(2)r6c9-(2=1)r4c8-(1=7)r4c7-(7=3)r3c7-(3)r3c9:"
    )


def test_continuous_nice_loop_turns_every_weak_link_strong() -> None:
    expected = elims("3r3c9", "5r3c9", "1r4c4", "1r5c7", "7r5c7", "1r6c8", "2r6c8")
    step = the_step(chains.nice_loops, board_from_marks(PUZZLE_48), "continuous_nice_loop", expected)
    assert step.explanation.startswith(
        "Continuous nice loop: (2)r3c9=(2)r6c9-(2=1)r4c8-(1=7)r4c7-(7)r5c9=(7)r3c9: the loop closes"
    )
    assert step.length == 7


def test_aic_with_the_same_symbol_at_both_ends() -> None:
    marks = (
        "+4 569 1268 5789 +3 15789 259 2567 25679 1237 359 12 +6 127 14579 +8 2357 234579 23678 3569 268 "
        "45789 278 45789 23459 23567 +1 1236 346 1246 378 +5 13678 23 +9 2378 123 +8 59 3479 17 13479 +6 "
        "12357 23457 136 +7 59 +2 168 134689 345 1358 3458 68 46 468 +1 +9 +2 +7 35 35 +5 12 +3 78 678 678 "
        "129 +4 29 +9 12 +7 35 +4 35 12 68 68"
    )
    step = the_step(chains.nice_loops, board_from_marks(marks), "aic", elims("4r5c9", "4r6c6"))
    assert step.explanation == (
        "AIC: (4)r5c4=(4)r3c4-(4)r3c7=(4)r6c7: one of r5c4 and r6c7 is 4, so r5c9 and r6c6 "
        "(which see both) lose 4"
    )


PUZZLE_35 = (
    "34589 459 3458 469 249 469 2349 +7 +1 349 +2 67 +8 479 +1 3469 3569 34569 49 +1 67 +5 2479 +3 "
    "2469 2689 24689 +7 458 +9 +1 +6 458 234 235 2345 345 456 345 +2 459 4579 +8 +1 45679 +1 4568 +2 "
    "3479 34589 45789 4679 569 45679 489 +3 +1 4679 489 +2 +5 689 6789 +6 579 58 379 +1 5789 2379 +4 "
    "23789 +2 4579 458 34679 34589 456789 +1 3689 36789"
)


def test_aic_with_different_symbols_at_ends_that_see_each_other() -> None:
    step = the_step(chains.nice_loops, board_from_marks(PUZZLE_35), "aic", elims("3r5c1", "5r5c3"))
    assert step.explanation == (
        "AIC: (5)r5c1=(5-8)r1c1=(8-3)r1c3=(3)r5c3: r5c1 is 5 or r5c3 is 3, and the two cells see each "
        "other, so r5c1 loses 3; r5c3 loses 5"
    )


# --------------------------------------------------------------------------------- grouped chains


def test_grouped_discontinuous_nice_loop_through_a_group_node() -> None:
    board = board_from_marks(PUZZLE_35)
    step = the_step(chains.grouped_nice_loops, board, "grouped_discontinuous_nice_loop", elims("7r8c6"))
    assert step.explanation.startswith(
        "Grouped discontinuous nice loop: (7)r8c6-(7)r8c7=(7)r6c7-(7)r6c4=(7)r789c4-(7)r8c6:"
    )
    assert step.length == 5


def test_grouped_continuous_nice_loop() -> None:
    expected = elims("4r4c5", "4r4c6", "9r4c6", "2r5c9", "5r5c9", "6r5c9")
    step = the_step(
        chains.grouped_nice_loops, board_from_marks(PUZZLE_20), "grouped_continuous_nice_loop", expected
    )
    assert "(4)r5c9=(4)r4c79-(4=9)r4c4-(9)r5c6=(9)r5c9" in step.explanation


def test_grouped_aic() -> None:
    marks = (
        "+5 89 89 +6 +1 +3 47 247 27 16 +2 16 45 47 457 +9 +8 +3 +3 47 47 89 +2 89 +1 +6 +5 68 +1 34568 "
        "458 +9 45678 3578 27 278 289 4589 24589 +3 47 124578 578 19 +6 +7 35689 235689 1258 56 12568 358 "
        "19 +4 169 3679 13679 149 +8 1469 +2 +5 179 +4 5689 125689 +7 56 12569 68 +3 189 12689 56789 "
        "1256789 1259 +3 12569 4678 47 1789"
    )
    expected = elims("6r4c6", "6r6c2", "6r6c3")
    step = the_step(chains.grouped_nice_loops, board_from_marks(marks), "grouped_aic", expected)
    assert "(8)r4c9=(8)r456c7-(8=6)r8c7" in step.explanation


ALS_MARKS = (
    "+7 126 +8 459 4569 4569 +3 1456 1259 469 36 3469 +2 34569 +1 4679 45678 5789 +5 1236 123469 78 "
    "3469 78 12469 146 129 189 +4 1579 3579 59 3579 178 +2 +6 +3 1267 12679 479 +8 24679 147 1457 157 "
    "268 25678 2567 +1 2456 24567 478 +9 +3 128 +9 12357 +6 125 2358 127 1378 +4 12468 12368 12346 3489 "
    "+7 23489 +5 1368 1289 12468 1235678 1234567 34589 12459 234589 12679 13678 12789"
)


def test_als_nodes_only_with_the_flag() -> None:
    board = board_from_marks(ALS_MARKS)
    plain = list(chains.grouped_nice_loops(board))
    assert all("ALS:" not in s.explanation for s in plain)
    board.flags = frozenset({chains.ALS_FLAG})
    step = the_step(chains.grouped_nice_loops, board, "grouped_discontinuous_nice_loop", elims("7r5c6"))
    assert step.explanation.startswith(
        "Grouped discontinuous nice loop: (7)r5c6-(7)ALS:r4c456-(9)ALS:r5c4789-(7)r5c6:"
    )
    assert all(s.eliminations != step.eliminations or s.technique != step.technique for s in plain)


def test_registry_and_reglib_flags() -> None:
    keys = [k for keys, _ in chains.FINDERS for k in keys]
    assert len(keys) == 8 and all(k in TECHNIQUES for k in keys)
    assert {code for code, flags in chains.REGLIB_FLAGS.items() if chains.ALS_FLAG in flags} == {
        "0709-2",
        "0710-3",
        "0710-4",
        "0711-3",
        "0711-4",
    }


# ------------------------------------------------------------------------------------ table search


def _found(board: Board, grouped: bool) -> list[tuple[object, ...]]:
    _, found = chains._search_loops(board, grouped)
    return [
        (f.order, f.kind, f.grouped, f.elims, f.path, f.weight) for f in sorted(found, key=lambda f: f.order)
    ]


def _clear_caches() -> None:
    chains._PLAIN.clear()
    chains._DIGIT_MASKS.clear()


def _hard_positions() -> list[Board]:
    boards = [board_from_marks(m) for m in (PUZZLE_20, PUZZLE_24, PUZZLE_35, PUZZLE_48, PUZZLE_134)]
    als = board_from_marks(ALS_MARKS)
    als.flags = frozenset({chains.ALS_FLAG})
    boards += [board_from_marks(ALS_MARKS), als]
    for line in TOP1465[100:103]:
        board = Board.from_puzzle(sudokit.parse(line), unique=True)
        _basic(board)
        boards.append(board)
    return boards


def test_only_tables_that_find_nothing_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reach test that skips tables keeps every loop and AIC that building all tables finds."""
    boards = _hard_positions()
    skipping = [(_found(b, False), _found(b, True)) for b in boards]
    assert sum(len(plain) + len(grouped) for plain, grouped in skipping) > 100

    def every(net: chains._Net, reach: list[int]) -> list[int]:
        return [x for x in range(2 * net.nc) if net.succ[x]]

    monkeypatch.setattr(chains, "_starts", every)
    _clear_caches()
    assert [(_found(b, False), _found(b, True)) for b in boards] == skipping


def test_steps_given_before_the_tables_are_complete_are_the_same() -> None:
    """The first step comes as soon as a table finds a chain; the steps are those of all tables."""
    for board in _hard_positions():
        for grouped, finder in ((False, chains.nice_loops), (True, chains.grouped_nice_loops)):
            net, found = chains._search_loops(board, grouped)
            expected = [chains._loop_step(board, net, f) for f in chains._kept(found, grouped)]
            assert list(finder(board)) == expected
            first = next(finder(board), None)
            assert first == (expected[0] if expected else None)


def test_cached_links_follow_the_pencil_marks() -> None:
    """Nets share candidate links per pencil-mark state; grouped ones never change the shared ones."""
    board = board_from_marks(PUZZLE_48)
    board.flags = frozenset({chains.ALS_FLAG})
    _clear_caches()
    fresh = [_found(board, False), _found(board, True)]
    _clear_caches()
    first = _found(board, False)
    assert [first, _found(board, True), _found(board, False)] == [*fresh, first]
    step = next(chains.nice_loops(board))
    step.apply(board)
    after = [_found(board, False), _found(board, True)]
    _clear_caches()
    assert after == [_found(board, False), _found(board, True)]
    assert after != fresh


# -------------------------------------------------------------------------------------- soundness

JIGSAW = next(build(r).grid for r in RECORDS if "regions" in r and len(r["symbols"]) == 9)
FINDERS = (chains.x_chain, chains.xy_chain, chains.nice_loops, chains.grouped_nice_loops)
BASIC = [f for _, f in basic.FINDERS]


def _basic(board: Board) -> None:
    """Apply singles, intersections and subsets until none helps."""
    while True:
        for find in BASIC:
            step = next((s for s in find(board) if s.useful(board)), None)
            if step is not None:
                step.apply(board)
                break
        else:
            return


def _walk(board: Board, truth: tuple[int, ...] | list[int], max_positions: int) -> int:
    """Solve with basic techniques and chains, checking every chain step found; returns the count."""
    checked = 0
    for _ in range(max_positions):
        _basic(board)
        if board.solved():
            break
        applied = False
        for find in FINDERS:
            seen: set[tuple[str, tuple[tuple[int, int], ...]]] = set()
            steps = list(find(board))
            for step in steps:
                checked += 1
                assert step.eliminations, step.explanation
                for c, d in step.eliminations:
                    assert truth[c] != d, step.explanation
                    assert board.cand[c] >> d & 1, f"{step.explanation}: not a candidate"
                assert (step.technique, step.eliminations) not in seen, step.explanation
                seen.add((step.technique, step.eliminations))
                assert step.length >= 3
            if not applied and steps:
                steps[0].apply(board)
                applied = True
        if not applied:
            c = next(c for c, v in enumerate(board.value) if v == EMPTY)
            board.place(c, truth[c])
    return checked


@pytest.mark.parametrize("start", [0, 400, 900])
def test_no_step_removes_a_solution_candidate_on_hard_puzzles(start: int) -> None:
    checked = 0
    for line in TOP1465[start : start + 4]:
        puzzle = sudokit.parse(line)
        solution = sudokit.solve(puzzle).solution
        assert solution is not None
        checked += _walk(Board.from_puzzle(puzzle, unique=True), solution.values, 10)
    assert checked > 20


def test_als_nodes_are_sound() -> None:
    line = TOP1465[1]
    puzzle = sudokit.parse(line)
    solution = sudokit.solve(puzzle).solution
    assert solution is not None
    board = Board.from_puzzle(puzzle, unique=True)
    board.flags = frozenset({chains.ALS_FLAG})
    assert _walk(board, solution.values, 4) > 3


@pytest.mark.parametrize(
    ("grid", "keeps", "positions", "least"),
    [
        (variants.diagonals(Grid.classic(9)), (0.3, 0.25), 6, 50),
        (variants.windoku(Grid.classic(9)), (0.3, 0.25), 6, 0),
        (JIGSAW, (0.3, 0.25), 6, 1),
        (Grid.classic(6), (0.3, 0.25), 6, 1),
        (Grid.classic(16), (0.3,), 2, 0),
    ],
    ids=["x-sudoku", "windoku", "jigsaw", "6x6", "16x16"],
)
def test_sound_on_variant_grids(grid: Grid, keeps: tuple[float, ...], positions: int, least: int) -> None:
    """Random partial grids have many solutions; a sound step keeps all of them, so the source too."""
    rng = random.Random(8)
    result = sudokit.solve(Puzzle.empty(grid)).solution
    assert result is not None
    n = len(grid.symbols)
    perm = list(range(n))
    rng.shuffle(perm)
    truth = [perm[v] for v in result.values]
    checked = 0
    for keep in keeps:
        givens = tuple(v if rng.random() < keep else EMPTY for v in truth)
        checked += _walk(Board.from_puzzle(Puzzle(grid, givens)), truth, positions)
    assert checked >= least
