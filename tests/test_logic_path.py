"""The human-style path: explain, hints in stages, ratings, variants and the CLI commands.

Every path is checked against the compiled solver's unique solution and, independently, by
:mod:`tests.checker`; every step on it is checked for soundness (it never removes the solution's
symbol nor places a wrong one).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sudokit
from sudokit import EMPTY, Puzzle, PuzzleError, SolverError
from sudokit.logic import TECHNIQUES, Level, Step, explain, hint, rate, rating_of
from sudokit.logic.board import Board
from tests.checker import is_valid_classic
from tests.conftest import data_lines
from tests.test_cli import run
from tests.test_variants import RECORDS, build, check_record

EASY = data_lines("sudoku-easy50.txt")
TOP1465 = data_lines("puzzles3_magictour_top1465")
SEVENTEEN = data_lines("puzzles2_17_clue")
SINGLES = ("full_house", "naked_single", "hidden_single")


def _line(puzzle: Puzzle, values: list[int]) -> str:
    return "".join(puzzle.grid.symbols[v] for v in values)


def _assert_sound(path: sudokit.logic.Explanation) -> None:
    """Replay the path from the givens and check every step against the unique solution."""
    solution = sudokit.solve(path.puzzle).solution
    assert solution is not None
    truth = solution.values
    assert path.rejected == []
    board = Board.from_puzzle(path.puzzle, unique=True)
    for step in path.steps:
        for cell, digit in step.placements:
            assert truth[cell] == digit, step.explanation
        for cell, digit in step.eliminations:
            assert truth[cell] != digit, step.explanation
            assert board.cand[cell] >> digit & 1, f"{step.explanation}: removes a missing candidate"
        step.apply(board)
        assert not board.contradiction(), step.explanation
    assert board.value == list(truth)


def test_an_easy_puzzle_needs_only_singles_and_its_path_is_sound() -> None:
    path = explain(EASY[0])
    assert path.solved and path.guesses == 0
    assert {s.technique for s in path.steps} <= set(SINGLES)
    assert is_valid_classic(EASY[0], _line(path.puzzle, path.values))
    _assert_sound(path)
    assert path.rating.level is Level.EASY


@pytest.mark.parametrize("line", SEVENTEEN[:: len(SEVENTEEN) // 1500][:1500])
def test_paths_of_many_17_clue_puzzles_are_sound(line: str) -> None:
    path = explain(line)
    assert path.guesses == 0, "a 17-clue puzzle needed a guess"
    assert is_valid_classic(line, _line(path.puzzle, path.values))
    _assert_sound(path)


@pytest.mark.parametrize("line", TOP1465[:: len(TOP1465) // 24][:24])
def test_hard_puzzles_are_finished_without_guessing(line: str) -> None:
    path = explain(line)
    assert path.solved, f"guessed {path.guesses} times"
    assert is_valid_classic(line, _line(path.puzzle, path.values))
    _assert_sound(path)
    assert path.rating.level >= Level.MEDIUM  # none of top1465 falls to singles alone


def test_restricting_techniques_forces_guesses_and_they_are_counted() -> None:
    path = explain(TOP1465[0], techniques=SINGLES)
    assert path.guesses > 0 and not path.solved
    assert {s.technique for s in path.steps} <= set(SINGLES) | {"guess"}
    assert is_valid_classic(TOP1465[0], _line(path.puzzle, path.values))
    assert path.rating.hardest == "Guess"
    with pytest.raises(SolverError, match="unknown technique"):
        explain(TOP1465[0], techniques=["no_such_thing"])


def test_a_puzzle_without_solution_is_a_puzzle_error() -> None:
    broken = "11" + EASY[0][2:]
    with pytest.raises(PuzzleError, match="no solution"):
        explain(broken)


def test_rating_orders_easy_below_hard() -> None:
    easy, hard = rate(EASY[0]), rate(TOP1465[0])
    assert easy.score < hard.score
    assert easy.level < hard.level
    assert easy.se < hard.se


def test_level_rises_when_the_score_passes_the_level_maximum() -> None:
    single = Step("hidden_single", (0,), (0,), (), placements=((0, 0),))
    assert rating_of([single] * 57).level is Level.EASY  # 57 * 14 = 798
    assert rating_of([single] * 58).level is Level.MEDIUM  # 812 > 800
    pair = Step("naked_pair", (0, 1), (0, 1), (), eliminations=((2, 0),))
    rating = rating_of([pair, single])
    assert rating.hardest == TECHNIQUES["naked_pair"].name and rating.score == 74


def test_hint_stages_reveal_more_and_more() -> None:
    found = hint(TOP1465[0])
    assert found is not None
    result, board = found
    first, second, third = (result.stage(n) for n in (1, 2, 3))
    assert first.startswith("Look at")
    assert second.startswith(first) and result.technique in second
    assert third == result.step.explanation
    assert result.step.useful(board)
    assert json.loads(json.dumps(result.as_dict(board)))["technique"] == result.technique


def test_hint_follows_the_players_pencil_marks() -> None:
    """A puzzle read with pencil marks gets the hint that fits those marks, not the givens alone."""
    for line in TOP1465[:50]:
        puzzle = sudokit.parse(line)
        found = hint(puzzle)
        assert found is not None
        if found[0].step.eliminations:
            break
    else:
        pytest.fail("no top1465 puzzle starts with an elimination")
    first = found[0].step
    marks = list(puzzle.candidates())
    for cell, digit in first.eliminations:
        marks[cell] &= ~(1 << digit)
    full = puzzle.grid.full_mask
    allowed = tuple(m if v == EMPTY else full for m, v in zip(marks, puzzle.givens, strict=True))
    found_again = hint(Puzzle(puzzle.grid, puzzle.givens, allowed))
    assert found_again is not None
    second = found_again[0].step
    assert second != first
    assert not set(second.eliminations) & set(first.eliminations)


def test_hint_on_a_complete_grid_is_none() -> None:
    solution = sudokit.solve(EASY[0]).solution
    assert solution is not None
    assert hint(solution.as_puzzle()) is None


@pytest.mark.parametrize(
    "record",
    [r for r in RECORDS if r["variant"] in ("jigsaw", "classic+diagonals", "windoku", "samurai")],
    ids=lambda r: r["id"],
)
def test_variants_get_a_sound_path(record: dict[str, object]) -> None:
    puzzle = build(record)
    path = explain(puzzle)
    _assert_sound(path)
    solution = [[None] * int(str(record["cols"])) for _ in range(int(str(record["rows"])))]
    for cell, value in zip(puzzle.grid.cells, path.values, strict=True):
        solution[cell[0]][cell[1]] = puzzle.grid.symbols[value]
    assert check_record(record, solution) == []
    assert path.solved, f"guessed {path.guesses} times"


def test_a_16x16_puzzle_gets_a_full_path() -> None:
    line = data_lines("gecode_sudoku_16x16.txt")[0]
    puzzle = sudokit.parse(line)
    assert puzzle.grid.size == 16
    path = explain(puzzle)
    _assert_sound(path)
    assert path.solved


def test_killer_cages_are_reasoned_about() -> None:
    record = next(r for r in RECORDS if r["variant"] == "killer")
    path = explain(build(record))
    _assert_sound(path)
    assert any(s.technique == "cage_combinations" for s in path.steps)
    assert path.guesses == 0


# ---------------------------------------------------------------------------------------------- CLI


def test_cli_explain_prints_numbered_steps_and_a_summary() -> None:
    code, out, err = run("explain", EASY[0])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].lstrip().startswith("1. ") and "single" in lines[0].lower()
    assert lines[-1].startswith("solved by logic alone in ") and "(easy)" in lines[-1]


def test_cli_explain_json_has_the_documented_fields() -> None:
    code, out, _ = run("explain", TOP1465[1], "--json")
    assert code == 0
    record = json.loads(out)
    assert record["solved"] is True and record["guesses"] == 0
    puzzle = sudokit.parse(TOP1465[1])
    board = Board.from_puzzle(puzzle)
    for step in record["steps"]:
        assert {"technique", "explanation", "placements", "eliminations"} <= step.keys()
        for item in step["placements"]:
            cell = (item["row"] - 1) * 9 + item["col"] - 1
            board.place(cell, int(item["symbol"]) - 1)
        for item in step["eliminations"]:
            cell = (item["row"] - 1) * 9 + item["col"] - 1
            assert board.cand[cell] >> (int(item["symbol"]) - 1) & 1
            board.eliminate(cell, int(item["symbol"]) - 1)
    assert is_valid_classic(TOP1465[1], "".join(str(v + 1) for v in board.value))


def test_cli_rate_json_writes_one_object_per_puzzle_in_order(tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "mixed.txt"
    lines = [EASY[0], TOP1465[0], EASY[1], "11" + EASY[0][2:]]
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run("rate", str(path), "--json", "--jobs", "2")
    assert code == 1  # one puzzle could not be rated; the others still are, in order
    records = [json.loads(x) for x in out.splitlines()]
    assert [r["puzzle"] for r in records] == [sudokit.parse(x).to_string() for x in lines]
    assert records[0]["level"] == "easy" and records[1]["score"] > records[0]["score"]
    assert {"puzzle", "score", "level", "hardest"} <= records[1].keys()
    assert "no solution" in records[3]["error"]


def test_cli_hint_stage_one_names_a_place_only() -> None:
    code, out, _ = run("hint", TOP1465[0], "--stage", "1")
    assert code == 0 and out.startswith("Look at") and "single" not in out.lower()


def test_cli_reports_bad_input_in_one_line() -> None:
    code, _, err = run("explain", "12345")
    assert code == 1 and err.count("\n") == 1 and err.startswith("sudokit: error:")


def test_a_path_does_not_depend_on_what_was_explained_before() -> None:
    """Finders keep caches between calls; the path must come out the same regardless."""
    line = "...3.9.7.8..4.....1........2..5..6...3.....4.....1....5.....8......2.1.....7....9"
    first = [s.explanation for s in explain(line).steps]
    for other in TOP1465[:3]:
        explain(other)
    assert [s.explanation for s in explain(line).steps] == first


def test_a_puzzle_with_several_solutions_gets_a_path_that_says_so() -> None:
    empty = "." * 81
    path = explain(empty)
    assert not path.unique and path.guesses > 0 and EMPTY not in path.values
    assert is_valid_classic(empty, _line(path.puzzle, path.values))
    assert not any(s.technique.startswith("uniqueness") for s in path.steps)
    guess = next(s for s in path.steps if s.technique == "guess")
    assert "several solutions" in guess.explanation


ZIPPER = (
    Path(__file__).parent
    / "fixtures"
    / "variants"
    / "fpuzzles-samples"
    / "jumped-joy_zipper-embedded-solution.fpuzzles.txt"
)
"""An f-puzzles sample sudokit's logic does not finish (see test_logic_variants)."""


def test_a_logical_solve_stops_where_no_technique_applies_and_shows_the_marks() -> None:
    puzzle = sudokit.parse(ZIPPER.read_text())
    solution = sudokit.solve(puzzle).solution
    assert solution is not None
    path = sudokit.explain(puzzle, guess=False)
    assert path.stopped_by == "stuck" and path.guesses == 0 and not path.solved
    marks = path.marks()
    # every pencil mark left keeps the solution's digit: the path removed nothing true
    assert marks.allowed is not None
    assert all(marks.allowed[c] >> v & 1 for c, v in enumerate(solution.values))
    assert "No technique applies here" in path.describe() and "logic is stuck" in path.summary()
    stuck = path.as_dict()["stuck"]
    assert stuck["after_step"] == len(path.steps) and len(stuck["candidates"]) == path.values.count(-1)
    # with guesses allowed, the same puzzle is solved, and counts them
    guessed = sudokit.explain(puzzle)
    assert guessed.stopped_by is None and guessed.guesses >= 1


def test_explain_cli_stops_unless_asked_to_guess_and_check_logic_is_one_line() -> None:
    code, out, _ = run("explain", str(ZIPPER))
    assert code == 0 and "No technique applies here" in out and "logic is stuck" in out
    code, out, _ = run("explain", str(ZIPPER), "--guess")
    assert code == 0 and "guess" in out.splitlines()[-1]
    code, out, _ = run("check", "--logic", str(ZIPPER))
    assert code == 1 and out.count("\n") == 1 and out.startswith("unique · stuck after")
    code, out, _ = run("check", "--logic", EASY[0])
    assert code == 0 and out.startswith("unique · solved by logic in") and "score" in out
    code, out, _ = run("check", "--logic", "--json", str(ZIPPER))
    data = json.loads(out)
    assert data["stuck"] and data["unique"] and "|" in data["pencilmarks"]


def test_explain_json_holds_puzzles_the_line_cannot() -> None:
    grid = sudokit.Grid.classic(4).with_constraints(
        sudokit.variants.Odd((0, 0)), sudokit.variants.Even((0, 1))
    )
    text = sudokit.dumps(sudokit.Puzzle(grid, (-1,) * 16), "json")
    code, out, err = run("explain", text, "--json", "--guess")
    assert code == 0, err
    data = json.loads(out)
    assert sudokit.parse(data["puzzle"]).grid == grid
