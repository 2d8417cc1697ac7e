"""The compiled search core through the Python API: solutions, counts, limits and contradictions."""

from __future__ import annotations

import itertools
import random

import pytest

import sudokit
from sudokit import EMPTY, Grid, Puzzle, Status, Unit, _engine
from tests.checker import check_classic, is_valid_classic, problems
from tests.conftest import data_lines, seed_puzzles
from tests.reference import count_classic

SEEDS = seed_puzzles()


@pytest.mark.parametrize(("name", "puzzle", "printed"), SEEDS, ids=[s[0] for s in SEEDS])
def test_seed_puzzles_solve_to_a_valid_unique_solution(name: str, puzzle: str, printed: str | None) -> None:
    result = sudokit.solve(puzzle)
    assert result.status is Status.SOLVED, result.reason
    line = result.solution.to_string()
    assert check_classic(puzzle, line, 9, (3, 3), "123456789") == []
    if printed is not None:
        assert line == printed
    assert sudokit.is_unique(puzzle)


def test_hard_for_brute_force_puzzle_needs_almost_no_search() -> None:
    puzzle = dict((name, p) for name, p, _ in SEEDS)["hard_for_brute_force"]
    result = sudokit.solve(puzzle)
    assert result.solved
    # a naive backtracker needs hundreds of millions of steps here; propagation needs next to none
    assert result.nodes < 100


@pytest.mark.parametrize(
    "name", ["sudoku-top95.txt", "sudoku-hardest.txt", "sudoku-easy50.txt", "gecode_sudoku_9x9.txt"]
)
def test_norvig_and_gecode_9x9_lists(name: str) -> None:
    for line in data_lines(name):
        result = sudokit.count_solutions(line, 2)
        assert result.count == 1 and result.complete, line
        assert is_valid_classic(line, result.first.to_string()), line


def test_gecode_16x16_instances() -> None:
    symbols = "123456789ABCDEFG"
    for line in data_lines("gecode_sudoku_16x16.txt"):
        result = sudokit.count_solutions(line, 2)
        assert result.count == 1 and result.complete
        assert check_classic(line, result.first.to_string(), 16, (4, 4), symbols) == []


def test_serg_benchmark_puzzles_all_have_several_solutions() -> None:
    for line in data_lines("puzzles7_serg_benchmark")[:300]:
        result = sudokit.count_solutions(line, 2)
        assert result.count == 2 and not result.complete and result.stopped_by == "limit"
        assert is_valid_classic(line, result.first.to_string())


def _random_puzzle(n: int, box: tuple[int, int], clues: int, rng: random.Random) -> list[int]:
    """Clues taken from a random valid grid (so the puzzle has at least one solution)."""
    grid = Grid.classic(n, box)
    solution = sudokit.solve(Puzzle.empty(grid)).solution.values
    relabel = list(range(n))
    rng.shuffle(relabel)
    full = [relabel[v] for v in solution]
    cells = rng.sample(range(n * n), clues)
    return [full[c] if c in cells else EMPTY for c in range(n * n)]


@pytest.mark.parametrize(
    ("n", "box", "clues"),
    [(4, (2, 2), 0), (4, (2, 2), 3), (4, (2, 2), 5), (6, (2, 3), 10), (6, (2, 3), 12), (6, (3, 2), 11)],
)
def test_counts_match_a_simple_reference_counter(n: int, box: tuple[int, int], clues: int) -> None:
    rng = random.Random(n * 100 + clues)
    grid = Grid.classic(n, box)
    for _ in range(8):
        givens = _random_puzzle(n, box, clues, rng)
        expected = count_classic(givens, n, box)
        result = sudokit.count_solutions(Puzzle(grid, tuple(givens)))
        assert result.complete and result.count == expected


def test_counts_of_contradictory_random_puzzles_match_the_reference() -> None:
    rng = random.Random(7)
    grid = Grid.classic(4)
    for _ in range(200):
        givens = [rng.choice([EMPTY, EMPTY, EMPTY, 0, 1, 2, 3]) for _ in range(16)]
        expected = count_classic(givens, 4, (2, 2))
        assert sudokit.count_solutions(Puzzle(grid, tuple(givens))).count == expected


def test_empty_4x4_has_288_solutions_and_iteration_yields_each_once() -> None:
    empty = Puzzle.empty(Grid.classic(4))
    assert sudokit.count_solutions(empty).count == 288
    found = [s.values for s in sudokit.solutions(empty)]
    assert len(found) == 288 == len(set(found))
    for values in found:
        assert problems(["."] * 16, [str(v + 1) for v in values], _units(4, (2, 2)), list("1234")) == []
    # deterministic: the same order every time
    assert [s.values for s in sudokit.solutions(empty)] == found


def _units(n: int, box: tuple[int, int]) -> list[list[int]]:
    from tests.checker import classic_units

    return classic_units(n, *box)


def test_solutions_is_lazy_and_honours_limit() -> None:
    empty = Puzzle.empty(Grid.classic(9))
    first_three = list(itertools.islice(sudokit.solutions(empty), 3))
    assert len({s.values for s in first_three}) == 3
    assert [s.values for s in sudokit.solutions(empty, limit=3)] == [s.values for s in first_three]


def test_count_limit_reports_it_stopped() -> None:
    result = sudokit.count_solutions(Puzzle.empty(Grid.classic(6)), limit=1000)
    assert result.count == 1000 and not result.complete and result.stopped_by == "limit"


def test_node_limit_stops_the_search_without_a_wrong_answer() -> None:
    empty = Puzzle.empty(Grid.classic(9))
    result = sudokit.count_solutions(empty, node_limit=50)
    assert result.stopped_by == "nodes" and not result.complete
    assert result.nodes <= 50
    solve = sudokit.solve(data_lines("puzzles3_magictour_top1465")[0], node_limit=1)
    assert solve.status in (Status.SOLVED, Status.NODE_LIMIT)
    if solve.status is Status.NODE_LIMIT:
        assert solve.solution is None


def test_time_limit_bounds_a_search_that_would_never_end() -> None:
    # counting every 9x9 grid would take longer than the universe has left
    result = sudokit.count_solutions(Puzzle.empty(Grid.classic(9)), time_limit=0.05)
    assert result.stopped_by == "time" and not result.complete and result.count > 0
    with pytest.raises(sudokit.SearchStopped):
        list(sudokit.solutions(Puzzle.empty(Grid.classic(9)), time_limit=0.05))


def test_duplicate_givens_are_reported_with_their_unit() -> None:
    puzzle = "5.....5.." + "." * 72
    result = sudokit.solve(puzzle)
    assert result.status is Status.NO_SOLUTION
    assert result.reason == "r1c1 and r1c7 both hold 5 in row 1"
    column = "5........" + "." * 27 + "5........" + "." * 36
    assert sudokit.solve(column).reason == "r1c1 and r5c1 both hold 5 in column 1"
    box = "5........" + ".5......." + "." * 63
    assert sudokit.solve(box).reason == "r1c1 and r2c2 both hold 5 in box 1"


def test_cell_without_candidates_is_reported() -> None:
    # r1c9 sees 1-8 in its row and 9 in its column
    puzzle = "12345678." + "........9" + "." * 63
    result = sudokit.solve(puzzle)
    assert result.status is Status.NO_SOLUTION
    assert result.reason.startswith("r1c9 has no candidate left: the givens in row 1, column 9 and box 3")


def test_symbol_without_a_place_is_reported() -> None:
    # row 1 has no place for 1: r1c9 is its only cell left, and column 9 holds a 1 below it
    puzzle = "23456789." + "........1" + "." * 63
    result = sudokit.solve(puzzle)
    assert result.status is Status.NO_SOLUTION
    assert result.reason is not None and ("r1c9" in result.reason or "row 1" in result.reason)


def test_unsolvable_puzzles_that_need_search_to_refute() -> None:
    # change one given of a hard unique puzzle: most changes are refuted by propagation at once,
    # a few only by search; every verdict must agree with a full count
    found = 0
    for line in data_lines("sudoku-top95.txt")[:10]:
        puzzle = sudokit.parse(line)
        for c, g in enumerate(puzzle.givens):
            if g == EMPTY:
                continue
            for v in range(9):
                givens = list(puzzle.givens)
                givens[c] = v
                changed = Puzzle(puzzle.grid, tuple(givens))
                if v == g or changed.conflicts():
                    continue
                result = sudokit.solve(changed)
                if result.solved:
                    assert result.solution.violations() == []
                    continue
                assert result.status is Status.NO_SOLUTION and result.reason
                if result.nodes > 0:
                    found += 1
                    assert result.reason == "no solution exists (search exhausted)"
    assert found > 0


def test_allowed_symbols_restrict_cells() -> None:
    grid = Grid.classic(4)
    empty = Puzzle.empty(grid)
    allowed = [grid.full_mask] * 16
    allowed[0] = 0b0100  # r1c1 may only hold 3
    allowed[5] = 0b0001  # r2c2 may only hold 1
    puzzle = Puzzle(grid, empty.givens, tuple(allowed))
    solutions = list(sudokit.solutions(puzzle))
    assert solutions and all(s.values[0] == 2 and s.values[5] == 0 for s in solutions)
    brute = [s for s in sudokit.solutions(empty) if s.values[0] == 2 and s.values[5] == 0]
    assert len(solutions) == len(brute)
    bad = Puzzle(grid, (1,) + (EMPTY,) * 15, tuple(allowed))
    result = sudokit.solve(bad)
    assert result.status is Status.NO_SOLUTION and "does not allow" in result.reason


def test_extra_units_are_enforced() -> None:
    classic = Grid.classic(9)
    diagonal = Unit("diagonal", tuple(i * 9 + i for i in range(9)))
    anti = Unit("anti-diagonal", tuple(i * 9 + 8 - i for i in range(9)))
    grid = Grid(classic.symbols, classic.cells, (*classic.units, diagonal, anti), 9, 9, classic.box)
    solution = sudokit.solve(Puzzle.empty(grid)).solution
    assert solution.violations() == []
    for unit in (diagonal, anti):
        assert sorted(solution.values[c] for c in unit.cells) == list(range(9))


def _jigsaw_regions() -> list[str]:
    """Boxes with cells traded across box borders where both hold the same symbol of a known solution,
    so that solution stays valid for the new regions (an empty jigsaw need not have any solution)."""
    solution = sudokit.solve(Puzzle.empty(Grid.classic(9))).solution
    labels = [[chr(ord("A") + (r // 3) * 3 + c // 3) for c in range(9)] for r in range(9)]
    for left in (2, 5):  # trade across the borders between box columns
        for band in range(3):
            rows = range(band * 3, band * 3 + 3)
            pair = next(
                (
                    (r1, r2)
                    for r1 in rows
                    for r2 in rows
                    if r1 != r2 and solution[(r1, left)] == solution[(r2, left + 1)]
                ),
                None,
            )
            if pair:
                r1, r2 = pair
                labels[r1][left], labels[r2][left + 1] = labels[r2][left + 1], labels[r1][left]
    return ["".join(row) for row in labels]


def test_jigsaw_grid_solves() -> None:
    regions = _jigsaw_regions()
    assert regions != [r for r in ["AAABBBCCC"] * 3 + ["DDDEEEFFF"] * 3 + ["GGGHHHIII"] * 3]
    grid = Grid.jigsaw(regions)
    result = sudokit.solve(Puzzle.empty(grid), time_limit=10)
    assert result.solved and result.solution.violations() == []
    for unit in grid.units:
        assert sorted(result.solution.values[c] for c in unit.cells) == list(range(9))


def test_non_rectangular_grid_with_holes() -> None:
    # two 4x4 grids sharing their corner box, in a 6x6 frame with holes
    cells = sorted(
        {(r, c) for r in range(4) for c in range(4)} | {(r, c) for r in range(2, 6) for c in range(2, 6)}
    )
    index = {cell: i for i, cell in enumerate(cells)}
    units = []
    for top in (0, 2):
        for r in range(top, top + 4):
            units.append(Unit(f"row {r + 1}@{top}", tuple(index[(r, c)] for c in range(top, top + 4)), "row"))
        for c in range(top, top + 4):
            units.append(
                Unit(f"column {c + 1}@{top}", tuple(index[(r, c)] for r in range(top, top + 4)), "column")
            )
        for br in (top, top + 2):
            for bc in (top, top + 2):
                cells_in_box = tuple(index[(br + i, bc + j)] for i in range(2) for j in range(2))
                if Unit("", cells_in_box) not in [Unit("", u.cells) for u in units]:
                    units.append(Unit(f"box {br},{bc}", cells_in_box, "box"))
    grid = Grid(tuple("1234"), tuple(cells), tuple(units), 6, 6)
    assert not grid.is_rectangular
    result = sudokit.count_solutions(Puzzle.empty(grid))
    assert result.complete and result.count > 0
    for solution in itertools.islice(sudokit.solutions(Puzzle.empty(grid)), 20):
        assert solution.violations() == []


@pytest.mark.parametrize("n", [4, 6, 8, 9, 10, 12, 16, 25, 36])
def test_empty_grids_of_every_classic_size_solve(n: int) -> None:
    grid = Grid.classic(n)
    solution = sudokit.solve(Puzzle.empty(grid)).solution
    assert solution is not None
    box = grid.box
    assert box is not None
    symbols = "".join(grid.symbols)
    assert check_classic("." * (n * n), solution.to_string(), n, box, symbols) == []


def test_64x64_grid_solves() -> None:
    grid = Grid.classic(64)
    result = sudokit.solve(Puzzle.empty(grid), time_limit=60)
    assert result.solved and result.solution.violations() == []


def test_more_than_64_symbols_is_a_clear_error() -> None:
    grid = Grid.latin(65)
    with pytest.raises(sudokit.SolverError, match="at most 64 symbols"):
        sudokit.solve(Puzzle.empty(grid))


def test_results_are_deterministic() -> None:
    lines = data_lines("puzzles7_serg_benchmark")[:20]
    first = [sudokit.solve(line).solution.values for line in lines]
    again = [sudokit.solve(line).solution.values for line in lines]
    assert first == again


@pytest.fixture
def layout_options():
    """Yield a setter for the compiled layout's propagation options, restoring the defaults after."""
    from sudokit.solver import _layout

    touched = []
    names = ("locked_candidates", "hall_sets", "hall_after", "branch_on_places", "branch_weighted")

    def configure(grid: Grid, **options: object) -> None:
        layout = _layout(grid)
        touched.append((layout, {name: getattr(layout, name) for name in names}))
        for name, value in options.items():
            setattr(layout, name, value)

    yield configure
    for layout, saved in reversed(touched):
        for name, value in saved.items():
            setattr(layout, name, value)


CONFIGS = [
    {"locked_candidates": False, "hall_sets": False, "branch_weighted": False, "branch_on_places": False},
    {"locked_candidates": True, "hall_sets": False, "branch_weighted": False, "branch_on_places": True},
    {"locked_candidates": False, "hall_sets": True, "hall_after": 0, "branch_weighted": True},
    {"locked_candidates": True, "hall_sets": True, "hall_after": 0, "branch_weighted": False},
]


@pytest.mark.parametrize("options", CONFIGS, ids=["singles", "locks+places", "hall+weighted", "all"])
def test_propagation_rules_never_change_the_answers(layout_options, options: dict[str, object]) -> None:
    rng = random.Random(5)
    grid6 = Grid.classic(6)
    layout_options(grid6, **options)
    for _ in range(30):
        givens = _random_puzzle(6, (2, 3), rng.randint(6, 12), rng)
        expected = count_classic(givens, 6, (2, 3), limit=500)
        result = sudokit.count_solutions(Puzzle(grid6, tuple(givens)), 500)
        assert result.count == expected
    layout_options(Grid.classic(9), **options)
    for line in data_lines("sudoku-top95.txt")[:20] + data_lines("puzzles7_serg_benchmark")[:20]:
        result = sudokit.count_solutions(line, 3)
        assert result.count >= 1 and is_valid_classic(line, result.first.to_string())
        found = [s.to_string() for s in sudokit.solutions(line, limit=3)]
        assert len(found) == len(set(found)) == result.count
        assert all(is_valid_classic(line, s) for s in found)


def _generic(puzzle: Puzzle) -> Puzzle:
    """The puzzle routed to the generic core: an explicit all-symbols mask turns the fast path off."""
    return Puzzle(puzzle.grid, puzzle.givens, (puzzle.grid.full_mask,) * len(puzzle.grid.cells))


def test_9x9_fast_path_copies_give_the_same_answers_and_node_counts() -> None:
    """The AVX2 and baseline copies make the same deductions in the same order."""
    chosen = _engine.fast9_instruction_set()
    lines = data_lines("sudoku-top95.txt") + data_lines("puzzles7_serg_benchmark")[:200]
    runs: dict[str, list[tuple[int, int, int, tuple[int, ...] | None]]] = {}
    try:
        for name in ("baseline", "avx2"):
            if _engine.use_fast9_instruction_set(name):
                runs[name] = [_engine.solve9(sudokit.parse(line).givens, 50) for line in lines]
    finally:
        assert _engine.use_fast9_instruction_set(chosen)
    assert "baseline" in runs
    for outcomes in runs.values():
        assert outcomes == runs["baseline"]
    assert {min(count, 2) for _, count, _, _ in runs["baseline"]} == {1, 2}


def test_9x9_fast_path_and_generic_core_agree(fast9_copy: str) -> None:
    rng = random.Random(9)
    lines = data_lines("sudoku-top95.txt") + data_lines("puzzles7_serg_benchmark")[:100]
    puzzles = [sudokit.parse(line) for line in lines]
    # sparse random puzzles: many solutions, and some contradictory ones
    grid = Grid.classic(9)
    for _ in range(80):
        givens = _random_puzzle(9, (3, 3), rng.randint(20, 30), rng)
        if rng.random() < 0.5:  # change one given: usually no solution is left
            cell = rng.choice([c for c, v in enumerate(givens) if v != EMPTY])
            givens[cell] = (givens[cell] + rng.randint(1, 8)) % 9
        puzzles.append(Puzzle(grid, tuple(givens)))
    outcomes = set()
    for puzzle in puzzles:
        fast = sudokit.count_solutions(puzzle, 200)
        slow = sudokit.count_solutions(_generic(puzzle), 200)
        assert (fast.count, fast.complete) == (slow.count, slow.complete)
        if fast.count == 1:
            assert fast.first.values == slow.first.values
        if fast.count:
            assert is_valid_classic(puzzle.to_string(), fast.first.to_string())
        else:
            assert fast.reason and slow.reason
        outcomes.add(min(fast.count, 2))
    assert outcomes == {0, 1, 2}


def test_9x9_fast_path_counts_exactly_when_it_branches_on_bands(fast9_copy: str) -> None:
    """After 32 guesses the fast path branches on band configurations and applies triads: its branches
    must still split the solutions exactly.  Hard puzzles with a few givens taken away have hundreds of
    solutions and need those branches; every full count equals the generic core's."""
    rng = random.Random(26)
    grid = Grid.classic(9)
    counted = banded = 0
    for line in data_lines("puzzles3_magictour_top1465")[:400]:
        givens = list(sudokit.parse(line).givens)
        for cell in rng.sample([c for c, v in enumerate(givens) if v != EMPTY], rng.randint(1, 3)):
            givens[cell] = EMPTY
        _, count, nodes, first = _engine.solve9(givens, 3000)
        if count >= 3000:
            continue
        slow = sudokit.count_solutions(_generic(Puzzle(grid, tuple(givens))), 3000)
        assert slow.complete and slow.count == count
        assert first is not None
        puzzle = Puzzle(grid, tuple(givens))
        assert is_valid_classic(puzzle.to_string(), Puzzle(grid, tuple(first)).to_string())
        counted += 1
        banded += nodes > 64
    assert counted >= 80 and banded >= 60  # the band branching ran on most of them


def _deadly_rectangle(solution: str, n: int, box: int) -> tuple[int, int, int, int] | None:
    """Four cells of a solved grid in two rows of one band and two columns of two stacks whose digits
    form a rectangle (a, b / b, a): blanked, the puzzle has exactly two solutions."""
    for r1, r2 in itertools.combinations(range(n), 2):
        if r1 // box != r2 // box:
            continue
        for c1, c2 in itertools.combinations(range(n), 2):
            if c1 // box == c2 // box:
                continue
            a, b = solution[r1 * n + c1], solution[r1 * n + c2]
            if solution[r2 * n + c1] == b and solution[r2 * n + c2] == a:
                return r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2
    return None


def test_a_big_count_on_a_big_grid_settles_two_solutions_first() -> None:
    # a 16x16 counted with no limit: the strong search settles whether there are two solutions, the
    # core counts on only when there are (the answer is exact either way)
    line = data_lines("gecode_sudoku_16x16.txt")[0]
    puzzle = sudokit.parse(line)
    unique = sudokit.count_solutions(puzzle)
    assert unique.count == 1 and unique.complete and unique.first is not None
    solution = unique.first.to_string().replace(" ", "").replace("\n", "")
    cells = _deadly_rectangle(solution, 16, 4)
    assert cells is not None
    two = "".join("." if k in cells else ch for k, ch in enumerate(solution))
    counted = sudokit.count_solutions(sudokit.parse(two))
    assert counted.count == 2 and counted.complete
    assert sudokit.count_solutions(sudokit.parse(two), 5000).count == 2
