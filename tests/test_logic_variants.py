"""Logic on variant puzzles: the link, sum and line-rule techniques deduce only what is true, and the
path of every f-puzzles test puzzle reaches its published solution."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sudokit
from sudokit import Grid, Puzzle, variants
from sudokit.logic.step import VARIANT_DEDUCTIONS
from sudokit.model import EMPTY

RECORDS = [
    json.loads(line)
    for line in (Path(__file__).parent / "fixtures" / "variants" / "fpuzzles-variants.jsonl")
    .read_text()
    .splitlines()
]
VARIANT_TECHNIQUES = {
    "link_exclusion",
    "sum_bounds",
    "line_rule_exclusion",
    "relation_exclusion",
    "cage_combinations",
    "rule_of_45",
    "cage_must_contain",
    "line_must_contain",
} | set(VARIANT_DEDUCTIONS)


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_every_deduction_keeps_the_published_solution(record: dict) -> None:
    puzzle = sudokit.parse(record["fpuzzles"])
    solution = [puzzle.grid.symbol_of(s) for s in "".join(record["solution"])]
    explanation = sudokit.explain(puzzle)
    used = set()
    for step in explanation.steps:
        used.add(step.technique)
        assert all(solution[c] != d for c, d in step.eliminations), str(step)
        assert all(solution[c] == d for c, d in step.placements), str(step)
    assert used & VARIANT_TECHNIQUES  # the puzzle's own rules did some of the work
    assert explanation.values == solution  # the path ends at the published solution


def test_first_deductions_read_as_a_setter_expects() -> None:
    thermo = variants.thermometer(Grid.classic(9), [(0, 0), (0, 1), (0, 2), (0, 3)])
    step = next(iter(sudokit.explain(Puzzle.empty(thermo)).steps))
    assert step.technique == "thermometer_positions"  # the whole thermometer at once, by position
    assert step.explanation.startswith("Thermometer Positions: the thermometer r1c1 to r1c4 (digits")
    assert {d for c, d in step.eliminations if c == 0} == {6, 7, 8}  # the bulb is at most 6
    arrow = variants.arrow(Grid.classic(9), [(4, 4)], [(4, 5), (4, 6)])
    step = next(s for s in sudokit.explain(Puzzle.empty(arrow)).steps if s.technique == "arrow_sums")
    assert "r5c6 + r5c7 = r5c5" in step.explanation and (40, 0) in step.eliminations  # r5c5 cannot be 1
    renban = variants.renban(Grid.classic(9), [(0, 0), (1, 0), (2, 0)])
    given = Puzzle(renban, (0,) + (sudokit.EMPTY,) * 80)  # r1c1 = 1: the others are 2 and 3
    step = next(s for s in sudokit.explain(given).steps if s.technique == "renban_windows")
    assert step.explanation.startswith("Renban Windows: the renban line r1c1 to r3c1")
    assert {d for c, d in step.eliminations if c == 9} == set(range(3, 9))


def test_uniqueness_techniques_stay_off_with_variant_rules() -> None:
    from sudokit.logic.board import layout_of

    assert layout_of(Grid.classic(9)).classic
    assert not layout_of(variants.thermometer(Grid.classic(9), [(0, 0), (0, 1)])).classic
    assert not layout_of(variants.sandwich(Grid.classic(9), "top", 0, 5)).classic


def _library(title: str) -> str:
    """A setter's puzzle by title: the app's library, or the published puzzles the tests hold."""
    files = (
        Path(sudokit.__file__).parent / "examples" / "variants.jsonl",
        Path(__file__).parent / "fixtures" / "variants" / "published.jsonl",
    )
    for file in files:
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record["title"] == title:
                return str(record["url"])
    raise KeyError(title)


def _sound(path: sudokit.Explanation, solution: tuple[int, ...]) -> None:
    """No step removes a digit of the solution or places a wrong one (checked step by step)."""
    for step in path.steps:
        assert all(solution[c] != d for c, d in step.eliminations), step.explanation
        assert all(solution[c] == d for c, d in step.placements), step.explanation


@pytest.mark.parametrize("title", ["Alien Abacus", "GW Test 1"])
def test_pair_rules_reach_chains_and_forcing_nets(title: str) -> None:
    """Kropki dots and XV signs give weak links: these puzzles need them to be solved without a guess."""
    puzzle = sudokit.parse(_library(title))
    solved = sudokit.solve(puzzle).solution
    assert solved is not None
    path = sudokit.explain(puzzle, guess=False)
    assert path.stopped_by is None and path.solved and path.values == list(solved.values)
    assert not path.rejected
    _sound(path, solved.values)


def test_a_chain_through_a_rule_names_it() -> None:
    """An AIC or nice loop whose weak link is a thermometer step says so, and stays sound."""
    from sudokit.logic.board import Board, pair_rules

    puzzle = sudokit.parse(_library("Hay Fever"))
    rules = pair_rules(Board.from_puzzle(puzzle).layout)
    assert rules is not None and any(rules.links)
    names = set(rules.names.values())
    path = sudokit.explain(puzzle, guess=False, time_limit=60)
    through = [s for s in path.steps if "the chain passes through" in s.explanation]
    assert through, "some chain runs through a thermometer"
    for step in through:
        assert any(name in step.explanation for name in names)
    solved = sudokit.solve(puzzle).solution
    assert solved is not None
    _sound(path, solved.values)


def test_classic_layouts_have_no_pair_rules() -> None:
    from sudokit.logic.board import Board, pair_rules

    assert pair_rules(Board.from_puzzle(sudokit.parse("." * 81)).layout) is None


def test_the_rule_of_45_is_a_technique_whose_equation_the_solution_meets() -> None:
    """Innies and outies of whole houses against the cages: the step's sum holds for the solution."""
    import re

    from sudokit.house_sums import house_sums

    text = (
        Path(__file__).parent
        / "fixtures/variants/fpuzzles-samples/self-contained_killer-antiknight.fpuzzles.txt"
    )
    puzzle = sudokit.parse(text.read_text(encoding="utf-8"))
    solved = sudokit.solve(puzzle).solution
    assert solved is not None
    path = sudokit.explain(puzzle, guess=False)
    steps = [s for s in path.steps if s.technique == "rule_of_45"]
    assert steps and steps[0].explanation.startswith("Rule of 45")
    _sound(path, solved.values)
    values = puzzle.grid.values
    for derived in house_sums(puzzle.grid):  # every derived sum is true of the solution
        got = sum(f * values[solved.values[c]] for c, f in zip(derived.cells, derived.factors, strict=True))
        assert got == derived.total
    assert re.search(r" = [^;]*\d+;", steps[0].explanation)  # the equation, with its total


def test_a_cage_that_must_contain_a_digit_points_like_a_house() -> None:
    samples = Path(__file__).parent / "fixtures" / "variants" / "fpuzzles-samples"
    puzzle = sudokit.parse(
        (samples / "self-contained_killer-antiknight.fpuzzles.txt").read_text(encoding="utf-8")
    )
    solved = sudokit.solve(puzzle).solution
    assert solved is not None
    path = sudokit.explain(puzzle, guess=False)
    steps = [s for s in path.steps if s.technique == "cage_must_contain"]
    assert steps and "every filling of the cage" in steps[0].explanation
    _sound(path, solved.values)
    for step in steps:  # the digit is in the cage in the solution, in one of the cells the step names
        (digit,) = step.digits
        assert any(solved.values[c] == digit for c in step.cells)


def test_a_long_renban_must_contain_its_middle_digits_and_points_like_a_house() -> None:
    """Any run of five of 1-9 holds 5: a renban of five cells in box 1 takes 5 from the rest of the box."""
    line = ((0, 0), (0, 1), (0, 2), (1, 2), (1, 1))
    grid = Grid.classic(9).with_constraints(variants.Renban(line))
    step = sudokit.explain(Puzzle(grid, (-1,) * 81), max_steps=1).steps[0]
    assert step.technique == "line_must_contain" and step.explanation.startswith("Line must contain")
    five = grid.symbols.index("5")
    box = {grid.index[(r, c)] for r in range(3) for c in range(3)} - {grid.index[cell] for cell in line}
    assert set(step.eliminations) == {(c, five) for c in box}


SAMPLES = Path(__file__).parent / "fixtures" / "variants" / "fpuzzles-samples"
SAMPLE_INDEX = json.loads((SAMPLES / "index.json").read_text(encoding="utf-8"))
NOT_BY_LOGIC = {
    "jumped-joy_zipper-embedded-solution": "stuck after 43 steps: the setter's path reads the zipper lines "
    "together with the embedded solution's digit placements, a sum-of-pairs argument across several "
    "zippers that no technique of sudokit makes yet",
}


@pytest.mark.parametrize(
    "entry",
    [
        pytest.param(
            entry,
            id=entry["file"],
            marks=[pytest.mark.xfail(reason=NOT_BY_LOGIC[entry["file"]], strict=True)]
            if entry["file"] in NOT_BY_LOGIC
            else [],
        )
        for entry in SAMPLE_INDEX
    ],
)
def test_the_fpuzzles_samples_are_solved_by_logic_without_a_guess(entry: dict) -> None:
    puzzle = sudokit.parse((SAMPLES / f"{entry['file']}.fpuzzles.txt").read_text(encoding="utf-8"))
    solution = [puzzle.grid.symbol_of(s) for s in entry["solution"]]
    path = sudokit.explain(puzzle, guess=False)
    for step in path.steps:  # every step keeps the published solution
        assert all(solution[c] != d for c, d in step.eliminations), str(step)
        assert all(solution[c] == d for c, d in step.placements), str(step)
    assert path.guesses == 0
    assert path.solved, f"stuck after {len(path.steps)} steps"
    assert list(path.values) == solution


def test_a_cage_of_nine_cells_is_a_house_for_every_technique() -> None:
    from sudokit.logic.board import layout_of

    cells = tuple((0, c) for c in range(4)) + tuple((1, c) for c in range(5))
    grid = Grid.classic(9).with_constraints(variants.Killer(cells, 45))
    houses = layout_of(grid).houses
    assert len(houses) == 28 and houses[-1].cell_set == {grid.index[c] for c in cells}
    # a hidden single in the cage: 9 fits only in r1c1 once the other cells cannot hold it
    given = [EMPTY] * 81
    for r, c in ((1, 7), (4, 1), (6, 2), (3, 3)):  # 9s that leave the cage one place for its 9
        given[r * 9 + c] = 8
    puzzle = Puzzle(grid, tuple(given))
    steps = sudokit.explain(puzzle, guess=False, max_steps=3).steps
    assert any(s.technique == "hidden_single" and "in cage at r1c1" in s.explanation for s in steps), steps


SIX = Grid.classic(6, box=(2, 3))
ROW0 = tuple((0, c) for c in range(6))


def _given(*pairs: tuple[tuple[int, int], int]) -> tuple[int, ...]:
    givens = [EMPTY] * 36
    for (r, c), digit in pairs:
        givens[r * 6 + c] = digit - 1
    return tuple(givens)


TECHNIQUE_CASES = [
    ("thermometer_positions", variants.Thermometer(((0, 0), (0, 1), (0, 2), (0, 3))), ()),
    ("kropki_pairs", variants.Kropki((0, 0), (0, 1), variants.BLACK, None), ()),
    ("xv_sums", variants.XV((0, 0), (0, 1), 5), ()),
    ("whisper_ranges", variants.Whispers(((0, 0), (0, 1), (0, 2)), None), ()),
    ("renban_windows", variants.Renban(((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))), (((0, 0), 1),)),
    ("arrow_sums", variants.Arrow(((0, 0),), ((0, 1), (0, 2))), ()),
    ("little_killer_totals", variants.LittleKiller(((0, 0), (1, 1), (2, 2)), 17), ()),
    ("sandwich_combinations", variants.Sandwich(ROW0, 14), ()),
    ("x_sum_combinations", variants.XSum(ROW0, 21), ()),
    ("skyscraper_sight_lines", variants.Skyscraper(ROW0, 6), ()),
    ("palindrome_equality", variants.Palindrome(((0, 0), (1, 1), (2, 3))), (((0, 0), 1),)),
    ("min_max_extremes", variants.Minimum((2, 2)), ()),
    ("between_line_ranges", variants.Between(((0, 0), (0, 1), (0, 2))), ()),
    ("cage_combinations", variants.Killer(((0, 0), (0, 1)), 3), ()),
]


@pytest.mark.parametrize(
    ("key", "rule", "givens"), TECHNIQUE_CASES, ids=[case[0] for case in TECHNIQUE_CASES]
)
def test_each_variant_technique_on_a_small_puzzle_that_needs_it(
    key: str, rule: object, givens: tuple
) -> None:
    """The kind's own technique makes the first variant step, named by it, and removes nothing true.

    Soundness without a unique solution: a removed candidate must be in no solution at all (the
    solver finds none with that digit given there).
    """
    from sudokit.logic.step import TECHNIQUES

    grid = SIX.with_constraints(rule)  # type: ignore[arg-type]
    puzzle = Puzzle(grid, _given(*givens))
    steps = sudokit.explain(puzzle, guess=False, max_steps=30).steps
    step = next((s for s in steps if s.technique == key), None)
    assert step is not None, [s.technique for s in steps]
    assert step.explanation.lower().startswith(TECHNIQUES[key].name.lower())
    assert step.eliminations or step.placements
    for cell, digit in step.eliminations:
        values = list(puzzle.givens)
        values[cell] = digit
        assert sudokit.count_solutions(Puzzle(grid, tuple(values)), 1).count == 0, (cell, digit)


def test_a_chain_of_dots_is_named_as_dots_and_a_line_as_one_rule() -> None:
    # a hint once named "kropki dot r4c9, r4c8, r4c7" for two dots
    from sudokit.logic.board import Board
    from sudokit.logic.rules import _group_name

    board = Board.from_puzzle(Puzzle.empty(Grid.classic(9)))
    assert _group_name("kropki", 2, board, [35, 34, 33]) == "the 2 kropki dots on r4c9, r4c8, r4c7"
    assert _group_name("thermometer", 4, board, [0, 1, 2, 3, 4]) == "the thermometer r1c1 to r1c5"
