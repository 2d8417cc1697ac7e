"""Puzzle generation: every puzzle unique (by the independent reference counter), minimal, symmetric,
as many givens and as hard as asked, for every grid and variant; the same seed gives the same
puzzles; impossible requests end within their bounds with a message saying what could not be met.

The reference side rebuilds each grid's rules from geometry (rows, columns, boxes, diagonals, knight
moves ...) and takes from the generated puzzle only what is new each time: givens, jigsaw regions,
killer cages and odd/even cells.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Sequence

import pytest
from click.testing import CliRunner

import sudokit
from sudokit import _engine, solver
from sudokit.cli import cli
from sudokit.generator import Generated, GenerationError, orbits, random_regions
from sudokit.logic import explain
from sudokit.model import EMPTY
from tests import reference
from tests.checker import solve_by_singles_and_locks
from tests.reference import Problem
from tests.test_trust import SUDOKIT, interrupt

# ------------------------------------------------------------------------- the reference's problems


def classic_problem(n: int, box: tuple[int, int], givens: Sequence[int], extra: Sequence = ()) -> Problem:
    cells = reference.square_cells(n)
    where = {cell: i for i, cell in enumerate(cells)}
    groups = reference.lines(n) + reference.boxes(n, box) + list(extra)
    units = tuple(tuple(where[p] for p in group) for group in groups)
    return Problem(n, cells, units, tuple(givens))


def unique_by_reference(problem: Problem, solution: Sequence[int], budget: int = 400_000) -> bool:
    """Whether the reference finds exactly one solution, and it is ``solution``."""
    found = reference.count(problem, 2, keep=2, budget=budget)
    return found.count == 1 and found.solutions[0] == tuple(solution)


def assert_unique(made: Generated, problem: Problem) -> None:
    assert reference.problems(problem, made.solution.values) == []
    assert unique_by_reference(problem, made.solution.values)


def assert_minimal(made: Generated, problem_of) -> None:  # type: ignore[no-untyped-def]
    """Removing any one given leaves a puzzle the reference finds a second solution of."""
    givens = list(made.puzzle.givens)
    for c, g in enumerate(givens):
        if g == EMPTY:
            continue
        fewer = givens.copy()
        fewer[c] = EMPTY
        assert reference.count(problem_of(fewer), 2, budget=400_000).count == 2, f"cell {c} could go"


# ------------------------------------------------------------------------------- classic grids


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_9x9_puzzle_is_unique_and_minimal_by_the_reference(seed: int) -> None:
    made = sudokit.generate(seed=seed)
    assert made.minimal and made.attempts == 1
    assert_unique(made, classic_problem(9, (3, 3), made.puzzle.givens))
    if seed == 1:  # one full minimality proof by the reference (about 25 counts)
        assert_minimal(made, lambda givens: classic_problem(9, (3, 3), givens))
    assert 17 <= made.givens <= 40


@pytest.mark.parametrize("size, box", [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (9, (3, 3))])
def test_small_grids_of_every_box_shape_are_unique_and_minimal(size: int, box: tuple[int, int]) -> None:
    for made in sudokit.generate_many(4, size, box=box, seed=10):
        assert made.puzzle.grid == sudokit.Grid.classic(size, box)
        assert made.minimal
        assert_unique(made, classic_problem(size, box, made.puzzle.givens))
        if size <= 6:
            assert_minimal(made, lambda givens: classic_problem(size, box, givens))


def test_16x16_puzzles_are_unique_and_minimal() -> None:
    made = sudokit.generate(16, seed=4)
    assert made.minimal and made.solution.violations() == []
    assert sudokit.count_solutions(made.puzzle, 2).unique  # a minimal 16x16 is too hard for the reference
    roomy = sudokit.generate(16, seed=4, givens="150..160")
    assert_unique(roomy, classic_problem(16, (4, 4), roomy.puzzle.givens))


def test_25x25_puzzles_are_unique_and_say_whether_they_are_minimal() -> None:
    made = sudokit.generate(25, seed=1, check_nodes=64)
    assert made.solution.violations() == []
    assert sudokit.count_solutions(made.puzzle, 2).unique
    assert made.givens < 625 * 0.42  # random removal alone stops near 56 % empty
    assert not made.minimal  # 64 guesses per check leave some unsettled: the puzzle says so


def test_big_grid_givens_are_built_up_until_singles_and_locked_candidates_alone_solve_them() -> None:
    grid = sudokit.Grid.classic(25)
    generator = _engine.Generator(solver._layout(grid), 625, orbits(grid), 0, 64)
    _, solution, _ = generator.fill(3, node_limit=20_000)
    assert solution is not None
    # the local search after the first fill goes on to convergence (~20 s) without a bound: one second
    status, givens, checks = generator.build(3, solution, time_limit=1.0)
    assert status == _engine.GEN_DONE and checks > 0
    assert all(g in (EMPTY, s) for g, s in zip(givens, solution, strict=True))
    # an independent proof of uniqueness: sound deductions alone fill the grid
    assert solve_by_singles_and_locks(list(givens), 25, 5, 5) == list(solution)
    assert sum(g != EMPTY for g in givens) < 625 * 0.43
    rng = random.Random(3)
    for cell in rng.sample([c for c in range(625) if givens[c] != EMPTY], 6):  # none to spare
        fewer = list(givens)
        fewer[cell] = EMPTY
        assert solve_by_singles_and_locks(fewer, 25, 5, 5) is None, cell
    # with a target, the local search goes on until it is met (a few tenths of a second here)
    status, fewer_givens, _ = generator.build(3, solution, target=240, time_limit=30.0)
    assert status == _engine.GEN_DONE and sum(g != EMPTY for g in fewer_givens) <= 240
    assert solve_by_singles_and_locks(list(fewer_givens), 25, 5, 5) == list(solution)
    # the local search's clean-ups look near each move only; the last one makes every given needed
    for cell in rng.sample([c for c in range(625) if fewer_givens[c] != EMPTY], 6):
        fewer = list(fewer_givens)
        fewer[cell] = EMPTY
        assert solve_by_singles_and_locks(fewer, 25, 5, 5) is None, cell


def test_a_range_of_givens_on_a_big_grid_is_met_with_its_symmetry() -> None:
    # below what building up alone gives (241-257): the local search has to reach it
    made = sudokit.generate(25, seed=2, givens="226..236", time_limit=60)
    assert 226 <= made.givens <= 236 and made.solution.violations() == []
    assert sudokit.count_solutions(made.puzzle, 2).unique
    # above what building up leaves: givens are added back at random up to the range
    made = sudokit.generate(25, seed=2, givens="300..310", time_limit=60)
    assert 300 <= made.givens <= 310 and sudokit.count_solutions(made.puzzle, 2).unique
    # symmetric pairs need more givens (as on 9x9, about 8 % more)
    made = sudokit.generate(25, seed=2, givens="246..256", symmetry="rot180", time_limit=60)
    assert 246 <= made.givens <= 256 and made.solution.violations() == []
    givens = made.puzzle.givens
    assert all((givens[c] == EMPTY) == (givens[624 - c] == EMPTY) for c in range(625))
    assert sudokit.count_solutions(made.puzzle, 2).unique


# ------------------------------------------------------------------------------------ seeds


def test_the_same_seed_gives_the_same_puzzles_and_others_differ() -> None:
    first = [m.puzzle for m in sudokit.generate_many(5, seed=123)]
    again = [m.puzzle for m in sudokit.generate_many(5, seed=123)]
    assert first == again
    assert len({p.givens for p in first}) == 5
    assert sudokit.generate(seed=125).puzzle == first[2]  # puzzle i comes from seed + i
    assert sudokit.generate(seed=124).seed == 124


def test_seeded_puzzles_are_fixed_across_versions_and_machines(fast9_copy: str) -> None:
    # integer-only random numbers (xoshiro256**, splitmix64) and a deterministic search: this exact
    # puzzle comes out everywhere; if it changes, every user's seeds change, so it must be on purpose
    made = sudokit.generate(seed=2026)
    assert (
        made.puzzle.to_string()
        == "...6.73...4.5...7.3....9..14.....92.8.1..........6........2.8...9.....5.....1..46"
    )
    assert made.solution.violations() == []


def test_jobs_give_the_same_puzzles_in_the_same_order() -> None:
    one = [m.puzzle for m in sudokit.generate_many(6, seed=77, symmetry="rot180")]
    two = [m.puzzle for m in sudokit.generate_many(6, seed=77, symmetry="rot180", jobs=2)]
    assert one == two


def test_the_core_generator_is_deterministic_per_seed() -> None:
    generator = _engine.Generator(None, 81, [[c] for c in range(81)])
    a = generator.fill(99)
    b = generator.fill(99)
    assert a == b and a[1] is not None
    assert generator.reduce(5, a[1]) == generator.reduce(5, a[1])
    assert generator.fill(100)[1] != a[1]


# --------------------------------------------------------------------------------- symmetry


def mask(made: Generated) -> set[tuple[int, int]]:
    grid = made.puzzle.grid
    return {grid.cells[c] for c, g in enumerate(made.puzzle.givens) if g != EMPTY}


MAPS = {
    "rot180": [lambda r, c, n: (n - 1 - r, n - 1 - c)],
    "rot90": [lambda r, c, n: (c, n - 1 - r)],
    "mirror": [lambda r, c, n: (r, n - 1 - c)],
    "flip": [lambda r, c, n: (n - 1 - r, c)],
    "diagonal": [lambda r, c, n: (c, r)],
    "antidiagonal": [lambda r, c, n: (n - 1 - c, n - 1 - r)],
    "dihedral": [lambda r, c, n: (c, n - 1 - r), lambda r, c, n: (c, r)],
}


@pytest.mark.parametrize("symmetry", sorted(MAPS))
@pytest.mark.parametrize("size", [6, 9])
def test_symmetric_puzzles_map_their_givens_onto_themselves(symmetry: str, size: int) -> None:
    # on a 6x6 the symmetry applies to the givens' square frame, not to the 2x3 boxes
    box = (2, 3) if size == 6 else None
    made = sudokit.generate(size, box=box, symmetry=symmetry, seed=5)
    givens = mask(made)
    for image in MAPS[symmetry]:
        assert {image(r, c, size) for r, c in givens} == givens
    assert made.minimal  # minimal among puzzles with that symmetry
    assert_unique(made, classic_problem(size, made.puzzle.grid.box or (2, 3), made.puzzle.givens))


def test_symmetry_orbits_group_cells_by_geometry() -> None:
    grid = sudokit.Grid.classic(9)
    assert sorted(map(len, orbits(grid, "rot180"))) == [1] + [2] * 40
    assert sorted(map(len, orbits(grid, "rot90"))) == [1] + [4] * 20
    assert sorted(map(len, orbits(grid, "dihedral"))) == [1] + [4] * 8 + [8] * 6


def test_a_symmetry_that_leaves_the_grid_is_refused() -> None:
    with pytest.raises(sudokit.GridError, match="square frame"):
        sudokit.generate(seed=1, grid=sudokit.variants.multi_grid([(0, 0), (0, 6)]), symmetry="rot90")


# ---------------------------------------------------------------------------- givens, pattern


def test_a_number_of_givens_or_a_range_is_met() -> None:
    for made in sudokit.generate_many(3, seed=8, givens=30):
        assert made.givens == 30 and not made.minimal
        assert_unique(made, classic_problem(9, (3, 3), made.puzzle.givens))
    for made in sudokit.generate_many(3, seed=8, givens="22..23"):
        assert 22 <= made.givens <= 23
        assert_unique(made, classic_problem(9, (3, 3), made.puzzle.givens))


def test_givens_stand_only_in_the_pattern() -> None:
    pattern = "".join("x" if (r + c) % 3 else "." for r in range(9) for c in range(9))
    allowed = {(i // 9, i % 9) for i, ch in enumerate(pattern) if ch == "x"}
    for made in sudokit.generate_many(3, seed=3, pattern=pattern):
        assert mask(made) <= allowed
        assert_unique(made, classic_problem(9, (3, 3), made.puzzle.givens))


def test_a_pattern_that_cannot_make_a_unique_puzzle_fails_within_its_bound() -> None:
    pattern = "x" * 9 + "." * 72  # one row of givens never makes a unique puzzle
    started = time.perf_counter()
    with pytest.raises(GenerationError, match=r"pattern of 9 cells.*several solutions"):
        sudokit.generate(seed=1, pattern=pattern, attempts=50)
    assert time.perf_counter() - started < 10


# ------------------------------------------------------------------------------ level, technique


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "unfair"])
def test_a_graded_puzzle_has_the_level_the_rater_gives(level: str) -> None:
    made = sudokit.generate(seed=11, level=level)
    assert made.rating is not None and made.rating.level.label == level
    assert sudokit.rate(made.puzzle).level.label == level


def test_score_and_se_ranges_are_met() -> None:
    made = sudokit.generate(seed=12, score="900..1500")
    assert made.rating is not None and 900 <= sudokit.rate(made.puzzle).score <= 1500
    made = sudokit.generate(seed=12, se=(3.0, 4.5))  # Sudoku Explainer's ER, by SE's rules
    assert 3.0 <= round(sudokit.rate(made.puzzle, scale="se").er, 1) <= 4.5


@pytest.mark.parametrize("technique", ["x_wing", "naked_pair", "locked_candidates_2", "xy_wing"])
def test_a_practice_puzzle_needs_the_technique(technique: str) -> None:
    made = sudokit.generate(seed=13, technique=technique)
    assert technique in {step.technique for step in explain(made.puzzle).steps}


# ---------------------------------------------------------------------------------- variants


def rules_problem(made: Generated, extra_groups: Sequence, relations: Sequence = ()) -> Problem:
    n = made.puzzle.grid.size
    base = classic_problem(n, made.puzzle.grid.box or (1, n), made.puzzle.givens, extra_groups)
    return Problem(n, base.cells, base.units, base.givens, None, tuple(relations))


@pytest.mark.parametrize(
    "variant, extra, steps, distance, seed",
    [
        ("x", reference.diagonal_lines(9, "both"), set(), 0, 21),
        ("windoku", reference.windows(9, 3), set(), 0, 21),
        ("disjoint-groups", reference.same_place_in_each_box(9, (3, 3)), set(), 0, 21),
        ("centre-dot", reference.box_centres(9, (3, 3)), set(), 0, 21),
        # seed 21's 13-given antiknight takes the plain reference ~20 s; seed 29's about 2 s
        ("antiknight", [], reference.KNIGHT, 0, 29),
        ("antiking", [], reference.KING, 0, 21),
    ],
)
def test_rule_variants_are_unique_by_the_reference(
    variant: str, extra: list, steps: set, distance: int, seed: int
) -> None:
    made = sudokit.generate(seed=seed, variant=variant)
    cells = reference.square_cells(9)
    relations = [(a, b, frozenset({distance})) for a, b in reference.pairs_at(cells, steps)]
    assert_unique(made, rules_problem(made, extra, relations))
    assert made.minimal


def test_non_consecutive_puzzles_are_unique_by_the_reference() -> None:
    made = sudokit.generate(6, seed=2, variant="nonconsecutive")
    cells = reference.square_cells(6)
    relations = [(a, b, frozenset({1})) for a, b in reference.pairs_at(cells, reference.NEIGHBOUR)]
    assert_unique(made, rules_problem(made, [], relations))


def regions_of(made: Generated) -> list[list[tuple[int, int]]]:
    grid = made.puzzle.grid
    return [[grid.cells[c] for c in unit.cells] for unit in grid.units if unit.kind == "region"]


def connected(cells: list[tuple[int, int]]) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        r, c = todo.pop()
        for other in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def jigsaw_problem(made: Generated) -> Problem:
    size = made.puzzle.grid.size
    cells = reference.square_cells(size)
    where = {cell: i for i, cell in enumerate(cells)}
    units = [tuple(where[p] for p in g) for g in reference.lines(size) + regions_of(made)]
    return Problem(size, cells, tuple(units), made.puzzle.givens)


@pytest.mark.parametrize("size", [6, 9])
def test_jigsaw_puzzles_have_random_connected_regions_and_are_unique(size: int) -> None:
    layouts = set()
    for made in sudokit.generate_many(3, size, seed=31, variant="jigsaw"):
        regions = regions_of(made)
        assert len(regions) == size and all(len(r) == size and connected(r) for r in regions)
        assert sorted(p for r in regions for p in r) == list(reference.square_cells(size))
        layouts.add(frozenset(frozenset(r) for r in regions))
        problem = jigsaw_problem(made)
        if size == 6:
            assert_unique(made, problem)
        else:  # a minimal 9x9 jigsaw (about 14 givens) is too hard for the reference
            assert reference.problems(problem, made.solution.values) == []
            assert sudokit.count_solutions(made.puzzle, 2).unique
    assert len(layouts) == 3


def test_random_regions_never_leave_a_region_in_pieces() -> None:
    for seed in range(20):
        labels = random_regions(9, random.Random(seed))
        for k in range(9):
            cells = [(r, c) for r in range(9) for c in range(9) if labels[r][c] == k]
            assert len(cells) == 9 and connected(cells)


def killer_problem(made: Generated) -> Problem:
    grid = made.puzzle.grid
    n = grid.size
    base = classic_problem(n, grid.box or (1, n), made.puzzle.givens)
    cages = tuple((cage.cells, cage.total) for cage in grid.cages)
    return Problem(n, base.cells, base.units, base.givens, None, (), cages)


@pytest.mark.parametrize("size", [6, 9])
def test_killer_puzzles_without_givens_have_cages_that_tile_the_grid_and_are_unique(size: int) -> None:
    for made in sudokit.generate_many(2, size, seed=41, variant="killer"):
        grid = made.puzzle.grid
        assert made.givens == 0 and grid.cages
        for cage in grid.cages:
            positions = [grid.cells[c] for c in cage.cells]
            assert connected(positions) and len(cage.cells) <= 4
            assert cage.total == sum(made.solution.values[c] + 1 for c in cage.cells)
        assert sorted(c for cage in grid.cages for c in cage.cells) == list(range(size * size))
        problem = killer_problem(made)
        if size == 6:
            assert_unique(made, problem)
        else:  # cages alone are slow for plain backtracking on 9x9
            assert reference.problems(problem, made.solution.values) == []
            assert sudokit.count_solutions(made.puzzle, 2).unique


def test_killer_cage_sizes_and_givens_are_as_asked() -> None:
    made = sudokit.generate(6, seed=42, variant="killer", cage_sizes="3..5", cage_givens=True)
    assert made.givens > 0 and made.minimal
    assert all(len(c.cells) <= 5 for c in made.puzzle.grid.cages)
    assert sum(len(c.cells) >= 3 for c in made.puzzle.grid.cages) > len(made.puzzle.grid.cages) // 2
    assert_unique(made, killer_problem(made))


def test_odd_even_cells_follow_the_solution_and_the_puzzle_is_unique() -> None:
    made = sudokit.generate(seed=51, variant="odd-even")
    allowed = made.puzzle.grid.cell_masks  # odd and even cells are constraints of the grid
    assert allowed is not None and made.puzzle.allowed is None
    for c, v in enumerate(made.solution.values):
        parity = {s for s in range(9) if (s + 1) % 2 == (v + 1) % 2}
        assert {s for s in range(9) if allowed[c] >> s & 1} == parity
    base = classic_problem(9, (3, 3), made.puzzle.givens)
    sets = tuple(frozenset(s for s in range(9) if m >> s & 1) for m in allowed)
    assert_unique(made, Problem(9, base.cells, base.units, base.givens, sets))


@pytest.mark.parametrize("layout", ["samurai", "twodoku", "butterfly"])
def test_multi_grid_puzzles_are_unique_and_symmetric(layout: str) -> None:
    made = sudokit.generate(seed=61, variant=layout, symmetry="rot180")
    grid = made.puzzle.grid
    corners = sudokit.variants.MULTI_GRID_LAYOUTS[layout]
    cells = grid.cells
    where = {cell: i for i, cell in enumerate(cells)}
    groups = [
        g
        for top, left in corners
        for g in reference.lines(9, top, left) + reference.boxes(9, (3, 3), top, left)
    ]
    problem = Problem(9, cells, tuple(tuple(where[p] for p in g) for g in groups), made.puzzle.givens)
    if layout == "twodoku":
        assert_unique(made, problem)
    else:  # 369 cells: slow for plain backtracking
        assert reference.problems(problem, made.solution.values) == []
        assert sudokit.count_solutions(made.puzzle, 2).unique
    givens = mask(made)
    assert {(grid.rows - 1 - r, grid.cols - 1 - c) for r, c in givens} == givens


# ------------------------------------------------------------------------ impossible requests


@pytest.mark.parametrize(
    "options, message",
    [
        ({"givens": 16, "attempts": 200}, "16 givens.*needs at least 17"),
        ({"size": 4, "level": "extreme", "attempts": 200}, "4x4.*level extreme"),
        ({"variant": "jigsaw", "symmetry": "rot90", "givens": 8, "time_limit": 2}, "jigsaw.*8 givens"),
        ({"technique": "kraken_fish", "time_limit": 2}, "uses kraken_fish"),
    ],
)
def test_impossible_requests_end_within_their_bound_saying_what_failed(options: dict, message: str) -> None:
    started = time.perf_counter()
    with pytest.raises(GenerationError, match=message):
        sudokit.generate(seed=1, **options)
    assert time.perf_counter() - started < 30


@pytest.mark.parametrize(
    "options, message",
    [
        ({"variant": "sudoku-x"}, "unknown variant"),
        ({"symmetry": "rot45"}, "unknown symmetry"),
        ({"level": "impossible"}, "unknown level"),
        ({"technique": "x-wing-ish"}, "unknown technique"),
        ({"givens": "30..20"}, "empty"),
        ({"givens": ""}, "a number or a range"),
        ({"givens": ".."}, "a number or a range"),
        ({"score": "x..y"}, "a number or a range"),
        ({"givens": 100}, "81 cells"),
        ({"pattern": "x" * 80}, "80"),
        ({"variant": "killer", "givens": 5}, "cage_givens"),
        ({"variant": ["jigsaw", "windoku"]}, "needs boxes"),
        ({"size": 7}, "prime"),
        ({"cage_sizes": (3, 12)}, "cage sizes"),
    ],
)
def test_bad_options_are_refused_with_a_reason(options: dict, message: str) -> None:
    with pytest.raises(sudokit.GridError, match=message):
        sudokit.generate(seed=1, **options)


# ------------------------------------------------------------------------------- uniformity


def test_4x4_grids_all_come_out_and_none_is_starved() -> None:
    # 288 grids in all; 5,760 draws put about 20 on each.  A randomly searched grid, then shuffled by
    # the grid's symmetries, is close to uniform but not exactly (benchmarks/README.md measures how
    # close); a broken shuffle or a fixed search order would miss grids or pile onto a few.
    counts = Counter(m.solution.values for m in sudokit.generate_many(5_760, 4, seed=1))
    assert len(counts) == 288
    assert max(counts.values()) < 4 * 20 and min(counts.values()) >= 4


def test_9x9_grids_vary_in_every_row_and_band() -> None:
    grids = [m.solution.values for m in sudokit.generate_many(200, seed=5, givens=81)]
    assert len(set(grids)) == 200
    for cell in range(81):  # each cell holds each digit, about 22 times in 200
        assert len({g[cell] for g in grids}) == 9


# ------------------------------------------------------------------------------------- CLI


def test_cli_writes_seeded_unique_puzzles_one_per_line() -> None:
    result = CliRunner().invoke(cli, ["generate", "--count", "3", "--seed", "9", "--symmetry", "rot180"])
    assert result.exit_code == 0, result.output
    lines = result.output.split()
    assert len(lines) == 3
    assert lines == [m.puzzle.to_string() for m in sudokit.generate_many(3, seed=9, symmetry="rot180")]
    for line in lines:
        values = [int(ch) - 1 if ch != "." else -1 for ch in line]
        found = reference.count(classic_problem(9, (3, 3), values), 2, keep=1)
        assert found.count == 1


def test_cli_json_has_puzzle_solution_rating_and_seed() -> None:
    result = CliRunner().invoke(cli, ["generate", "--json", "--rate", "--seed", "4", "--level", "medium"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["seed"] == 4 and record["unique"] and record["minimal"]
    assert record["rating"]["level"] == "medium"
    assert sudokit.Solution.from_string(record["solution"], record["puzzle"]).violations() == []


def test_cli_writes_variants_in_a_format_that_keeps_their_rules() -> None:
    result = CliRunner().invoke(cli, ["generate", "--variant", "killer", "--seed", "3", "--solution"])
    assert result.exit_code == 0, result.output
    puzzle_text, solution_text = result.output.split()
    puzzle = sudokit.parse(puzzle_text)
    assert puzzle.grid.cages and sudokit.count_solutions(puzzle, 2).unique
    assert sudokit.solve(puzzle).solution.values == sudokit.parse(solution_text).givens


def test_cli_refuses_a_format_that_would_drop_the_rules() -> None:
    result = CliRunner().invoke(cli, ["generate", "--variant", "killer", "--format", "line"])
    assert result.exit_code == 1 and result.stdout == ""
    assert "--format line cannot hold this puzzle's rules" in result.stderr
    result = CliRunner().invoke(cli, ["generate", "--variant", "jigsaw", "--format", "json", "--seed", "2"])
    assert result.exit_code == 0
    assert any(u.kind == "region" for u in sudokit.parse(result.stdout).grid.units)


def test_cli_reports_an_impossible_request_in_one_line() -> None:
    result = CliRunner().invoke(cli, ["generate", "--givens", "12", "--attempts", "100"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "12 givens" in result.stderr


def test_ctrl_c_stops_generation_and_says_how_far_it_got() -> None:
    code, out, err = interrupt([*SUDOKIT, "generate", "--size", "25", "--count", "50", "--check-nodes", "0"])
    assert code == 130
    assert err.strip().startswith("sudokit: interrupted (") and "of 50 puzzles generated" in err
    assert "Traceback" not in err
    assert len(out.split()) == int(err.split("(")[1].split()[0])


def test_ctrl_c_stops_worker_processes_too() -> None:
    started = time.perf_counter()
    code, out, err = interrupt([*SUDOKIT, "generate", "--size", "16", "--count", "100000", "--jobs", "2"])
    assert code == 130 and "interrupted (" in err and "Traceback" not in err
    assert time.perf_counter() - started < 3.0 + 10
    assert all(len(line) == 256 for line in out.split())


def test_module_entry_point_runs_generate() -> None:
    import subprocess

    done = subprocess.run([*SUDOKIT, "generate", "--seed", "1"], capture_output=True, text=True)
    assert done.returncode == 0 and len(done.stdout.strip()) == 81
