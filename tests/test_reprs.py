"""Reprs, str() forms and English: what a user sees when printing sudokit's objects and messages.

Issue #10, items 13 and 16: reprs that paste back, readable explanations, lazily loaded names in
``dir``/``help``, counted nouns and "a"/"an"; and the hint to try the other box shape of a 6x6.
"""

from __future__ import annotations

import pydoc
import random
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

import sudokit
from sudokit import EMPTY, FormatError, Grid, GridError, Puzzle, PuzzleError, Solution, Status
from sudokit.cli import cli
from sudokit.demo import example
from sudokit.english import article, indefinite_article, number, plural, plural_of
from sudokit.logic import Hint, Level, Rating, Step
from tests.conftest import FIXTURES

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NAMESPACE = {"Grid": Grid, "Puzzle": Puzzle, "Solution": Solution, "Rating": Rating, "Level": Level}


# ------------------------------------------------------------------------------------------ English


@pytest.mark.parametrize(
    ("n", "word", "expected"),
    [
        (0, "puzzle", "0 puzzles"),
        (1, "puzzle", "1 puzzle"),
        (2, "puzzle", "2 puzzles"),
        (1_234, "puzzle", "1,234 puzzles"),
        (1_000_000, "puzzle", "1,000,000 puzzles"),
        (1, "guess", "1 guess"),
        (7, "guess", "7 guesses"),
        (3, "box", "3 boxes"),
        (2, "entry", "2 entries"),
        (2, "day", "2 days"),
        (2, "extra unit", "2 extra units"),
    ],
)
def test_plural_counts_with_separators(n: int, word: str, expected: str) -> None:
    assert plural(n, word) == expected


def test_plural_takes_an_irregular_form_and_numbers_read_back() -> None:
    assert plural(2, "matrix", "matrices") == "2 matrices"
    assert plural(1, "matrix", "matrices") == "1 matrix"
    for n in (0, 1, 8, 11, 999, 1_000, 12_345, 1_000_000, 49_158_000):
        count, noun = plural(n, "step").split(" ")
        assert int(count.replace(",", "")) == n and count == number(n)
        assert noun == ("step" if n == 1 else plural_of("step"))
        assert len(count) <= 3 or "," in count


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("8x8", "an 8x8"),
        ("11x11", "an 11x11"),
        ("18x18", "an 18x18"),
        ("1x1", "a 1x1"),
        ("7x7", "a 7x7"),
        ("9x9", "a 9x9"),
        ("80x80", "an 80x80"),
        ("110", "a 110"),
        ("11,000", "an 11,000"),
        ("1,000,000", "a 1,000,000"),
        (8, "an 8"),
        (1, "a 1"),
        (1_000_000, "a 1,000,000"),
        ("X-Wing", "an X-Wing"),
        ("XY-Wing", "an XY-Wing"),
        ("W-Wing", "a W-Wing"),
        ("AIC", "an AIC"),
        ("Empty Rectangle", "an Empty Rectangle"),
        ("Almost Locked Set XZ-Rule", "an Almost Locked Set XZ-Rule"),
        ("Uniqueness Test 1", "a Uniqueness Test 1"),
        ("Hidden Single", "a Hidden Single"),
        ("antiknight", "an antiknight"),
        ("nonconsecutive", "a nonconsecutive"),
        ("one-line form", "a one-line form"),
    ],
)
def test_article(word: str | int, expected: str) -> None:
    assert article(word) == expected
    assert indefinite_article(word) == expected.split(" ")[0]


def test_model_messages_use_the_right_article() -> None:
    with pytest.raises(GridError, match="tile an 8x8 grid"):
        Grid.classic(8, box=(3, 3))
    with pytest.raises(GridError, match="so an 11x11 grid has no boxes"):
        Grid.classic(11)
    with pytest.raises(GridError, match="so a 7x7 grid has no boxes"):
        Grid.classic(7)
    with pytest.raises(GridError, match="an 18x18 grid needs 18 symbols"):
        Grid.classic(18, symbols="ABC")


# ------------------------------------------------------------------------------------- model reprs


@pytest.mark.parametrize(
    "grid",
    [
        Grid.classic(9),
        Grid.classic(6, box=(3, 2)),
        Grid.classic(6, symbols="ABCDEF"),
        Grid.classic(4, box=(1, 4)),
        Grid.classic(16),
        Grid.classic(25, symbols=[str(k) for k in range(1, 26)]),
        Grid.latin(5),
        Grid.jigsaw(["AAABBB", "AAABBB", "CCCDDD", "CCCDDD", "EEEFFF", "EEEFFF"]),
        Grid.jigsaw(["ABABAB", "BABABA", "CDCDCD", "DCDCDC", "EFEFEF", "FEFEFE"], connected=False),
    ],
)
def test_grid_repr_is_the_builder_call(grid: Grid) -> None:
    text = repr(grid)
    assert text.startswith("Grid.") and len(text) < 300
    assert eval(text, NAMESPACE) == grid


def test_other_grids_repr_as_a_short_summary() -> None:
    for grid in (
        example("samurai.txt").grid,
        example("killer.json").grid,
        sudokit.variants.diagonals(Grid.classic(9)),
    ):
        text = repr(grid)
        assert text == f"<Grid: {grid.describe()}>"
        assert "\n" not in text and len(text) < 120


def _solutions() -> list[Solution]:
    puzzles = [example(name) for name in ("classic-9x9.sdk", "letters-6x6.txt", "hex-16x16.txt")]
    puzzles += [example("samurai.txt"), example("killer.json")]
    puzzles.append(sudokit.read(FIXTURES / "numbers-16x16.txt")[0])
    puzzles.append(sudokit.parse("E.D.......B...EC...A........F...CD.B", box=(3, 2)))
    found = [sudokit.solve(p).solution for p in puzzles]
    return [s for s in found if s is not None]


@pytest.mark.parametrize("solution", _solutions(), ids=lambda s: s.puzzle.grid.describe())
def test_solution_repr_round_trips_and_shows_symbols(solution: Solution) -> None:
    text = repr(solution)
    assert text.startswith("Solution.from_string(")
    assert eval(text, NAMESPACE) == solution
    symbols = solution.puzzle.grid.symbols
    shown = ("" if all(len(s) == 1 for s in symbols) else " ").join(solution)
    assert repr(shown) in text  # the symbols themselves, not 0-based indexes
    try:
        written = solution.to_string()
    except FormatError:  # multi-character symbols: the one-line form cannot hold them (issue #10, item 3)
        return
    assert Solution.from_string(written, solution.puzzle) == solution


def test_solution_from_string_checks_the_form() -> None:
    puzzle = sudokit.parse(TOP95_1)
    solution = sudokit.solve(puzzle).solution
    assert solution is not None
    assert Solution.from_string(solution.to_string(), TOP95_1) == solution
    with pytest.raises(PuzzleError, match="81 symbols, one per cell; the text has 80"):
        Solution.from_string(solution.to_string()[:-1], puzzle)
    with pytest.raises(PuzzleError, match="'x' is not a symbol"):
        Solution.from_string("x" + solution.to_string()[1:], puzzle)


# ------------------------------------------------------------------------------------- logic reprs


def test_rating_repr_pastes_back_and_str_is_the_rate_line() -> None:
    rating = sudokit.rate(TOP95_1)
    assert repr(Level.MEDIUM) == "Level.MEDIUM"
    assert eval(repr(rating), NAMESPACE) == rating
    assert str(rating) == (
        f"score {rating.score} ({rating.level.label}), hardest: {rating.hardest} (SE {rating.se:.1f})"
    )
    guessed = Rating(20_596, Level.EXTREME, "Guess", 11.0, {"Guess": 2}, 2)
    assert str(guessed) == "score 20,596 (extreme), hardest: Guess (SE 11.0), 2 guesses"
    assert str(Rating(0, Level.EASY, "", 0.0, {}, 0)) == "score 0 (easy)"


def test_explanation_repr_is_short_and_str_is_the_numbered_path() -> None:
    path = sudokit.explain(TOP95_1)
    rating = path.rating
    assert repr(path) == (
        f"<Explanation: {len(path.steps)} steps, solved by logic alone, "
        f"score {rating.score} ({rating.level.label})>"
    )
    assert str(path) == path.describe()
    lines = str(path).splitlines()
    assert len(lines) == len(path.steps) + 1
    width = len(str(len(path.steps)))
    for number_, (line, step) in enumerate(zip(lines, path.steps, strict=False), 1):
        assert line == f"{number_:>{width}}. {step.explanation}"
    assert lines[-1] == path.summary()
    assert path.summary() == f"solved by logic alone in {len(path.steps)} steps; {rating.scale()}"


def test_explanation_counts_guesses_and_unfinished_paths_in_words() -> None:
    guessed = sudokit.explain(TOP95_1, techniques=["full_house", "naked_single"])
    assert guessed.guesses > 1
    assert f"solved with {guessed.guesses} guesses in {len(guessed.steps)} steps; " in guessed.summary()
    assert f"{guessed.rating.score:,}" in repr(guessed) and "guess(es)" not in str(guessed)
    stopped = sudokit.explain(TOP95_1, max_steps=1)
    empty = stopped.values.count(EMPTY)
    assert stopped.summary().startswith(f"stopped with {empty} cells still empty after 1 step; ")
    several = sudokit.explain("." * 16)
    assert "several solutions" in repr(several) and "several solutions" in several.summary()


def test_step_and_hint_reprs_are_short_and_readable() -> None:
    path = sudokit.explain(TOP95_1)
    for step in path.steps:
        text = repr(step)
        assert text.startswith("<Step: ") and text.endswith(">") and len(text) <= 110
        assert str(step) == step.explanation
        if len(step.explanation) <= 100:
            assert text == f"<Step: {step.explanation}>"
    assert any(len(s.explanation) > 100 for s in path.steps)
    found = sudokit.hint(TOP95_1)
    assert found is not None
    hint, _ = found
    assert repr(hint) == f"<Hint: {hint.where} ({hint.technique})>"
    assert str(hint) == hint.stage(3) == hint.explanation


@pytest.mark.parametrize(("technique", "expected"), [("X-Wing", "an X-Wing"), ("Skyscraper", "a Skyscraper")])
def test_hint_stage_two_uses_the_right_article(technique: str, expected: str) -> None:
    step = Step("x_wing", (0,), (0,), ("row 1",))
    assert Hint(step, "Look at row 1", technique, "").stage(2) == f"Look at row 1: there is {expected}"


@pytest.mark.parametrize("technique", ["Cage Combinations", "Sum Bounds", "Rule of 45"])
def test_hint_stage_two_names_a_plural_technique_without_an_article(technique: str) -> None:
    step = Step("cage_combinations", (0,), (0,), ("box 1",))
    assert Hint(step, "Look at box 1", technique, "").stage(2) == f"Look at box 1: use {technique}"


# -------------------------------------------------------------------------------- the package


def test_dir_and_help_list_the_lazily_loaded_names() -> None:
    names = dir(sudokit)
    for name in ("explain", "hint", "rate", "Explanation", "Rating", "solve_many", "BatchResult", "solve"):
        assert name in names
    assert set(sudokit.__all__) <= set(names)
    text = pydoc.plain(pydoc.render_doc(sudokit))
    for shown in ("explain(", "class Explanation", "solve_many(", "rate(", "class BatchResult"):
        assert shown in text


def test_dir_does_not_import_the_lazy_modules() -> None:
    code = "import sys, sudokit; dir(sudokit); print(sorted(m for m in sys.modules if m in {0!r}))"
    lazy = {"sudokit.logic", "sudokit.batch"}
    out = subprocess.run(
        [sys.executable, "-c", code.format(lazy)], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


# ------------------------------------------------------------------------ the other box shape (13)


def _tall_box_puzzle() -> Puzzle:
    """A 6x6 made for 3x2 boxes, as few givens as keep the default 2x3 reading without a solution."""
    tall, wide = Grid.classic(6, box=(3, 2)), Grid.classic(6)
    first = sudokit.solve(Puzzle.empty(tall)).solution
    assert first is not None
    givens = list(first.values)
    for cell in random.Random(10).sample(range(36), 36):
        trial = givens.copy()
        trial[cell] = EMPTY
        if sudokit.solve(Puzzle(wide, tuple(trial))).status is Status.NO_SOLUTION:
            givens = trial
    return Puzzle(wide, tuple(givens))


def test_no_solution_with_wide_boxes_suggests_tall_boxes() -> None:
    puzzle = _tall_box_puzzle()
    assert puzzle.grid.box == (2, 3) and puzzle.clue_count < 36
    tall = sudokit.parse(puzzle.to_string(), box=(3, 2))
    assert sudokit.solve(tall).solved
    solved = sudokit.solve(puzzle)
    counted = sudokit.count_solutions(puzzle.to_string())
    assert solved.status is Status.NO_SOLUTION and counted.count == 0
    for reason in (solved.reason, counted.reason):
        assert reason is not None
        assert reason.endswith("; with 3x2 boxes it has a solution: try --box 3x2")
        assert len(reason) > len("; with 3x2 boxes it has a solution: try --box 3x2")


def test_the_command_line_suggests_the_other_box_shape() -> None:
    line = _tall_box_puzzle().to_string()
    result = CliRunner().invoke(cli, ["solve", line])
    assert result.exit_code == 1
    assert "no solution" in result.stderr and "try --box 3x2" in result.stderr
    result = CliRunner().invoke(cli, ["solve", line, "--box", "3x2", "--format", "line"])
    assert result.exit_code == 0
    assert re.fullmatch(r"[1-6]{36}", result.stdout.strip())


def test_no_box_hint_when_it_would_not_help() -> None:
    both = "11" + "." * 34  # two 1s in row 1: no box shape can save it
    assert sudokit.solve(both).reason == "r1c1 and r1c2 both hold 1 in row 1"
    square = "11" + "." * 79
    assert "--box" not in (sudokit.solve(square).reason or "")
    puzzle = _tall_box_puzzle()
    ruled = Puzzle(sudokit.variants.diagonals(puzzle.grid), puzzle.givens)
    assert "--box" not in (sudokit.count_solutions(ruled).reason or "")
    assert sudokit.solve(TOP95_1).reason is None
