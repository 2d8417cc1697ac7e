"""Verdicts only where every rule is read: "undetermined" answers, and every input form the CLI reads.

A puzzle with rules sudokit did not read (``Puzzle.unread``) gets counts and solutions under the rules
read, never "unique" or "not unique"; "no solution" stays a verdict only while the rules read are
certain to be the puzzle's (``Puzzle.certain``).
"""

from __future__ import annotations

import json
from pathlib import Path

import lzstring
import pytest
from click.testing import CliRunner

import sudokit
from sudokit.cli import UNDETERMINED_EXIT, cli

FIXTURES = Path(__file__).parent / "fixtures"
PARITY_FISH = (FIXTURES / "more-formats" / "parity-fish.scl.txt").read_text().strip()
COMPACT = (FIXTURES / "more-formats" / "parity-fish.decompressed-compact.txt").read_text().strip()
KILLER = FIXTURES / "variants" / "fpuzzles-samples" / "self-contained_killer-antiknight.fpuzzles.txt"
FPUZZLES = KILLER.read_text().strip()
NEWSPAPER = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _json_puzzle(givens: str, *, unread: list[str], certain: bool = True) -> str:
    """A 9x9 puzzle in sudokit's JSON with some unread rules (as a reader leaves them)."""
    rows = [givens[k : k + 9] for k in range(0, 81, 9)]
    data = {
        "size": 9,
        "box": [3, 3],
        "givens": rows,
        "unread": unread,
        **({} if certain else {"certain": False}),
    }
    return json.dumps(data)


# ------------------------------------------------------------------------------ input forms


def _forms() -> dict[str, str]:
    """Every SudokuPad and f-puzzles form the formats table lists, for the same two puzzles."""
    payload = PARITY_FISH.removeprefix("scl")
    lz = lzstring.LZString()
    return {
        "bare scl payload": PARITY_FISH,
        "bare ctc payload": "ctc" + payload,
        "sudokupad link": "https://sudokupad.app/" + PARITY_FISH,
        "link without scheme": "sudokupad.app/" + PARITY_FISH,
        "ctc link": "https://app.crackingthecryptic.com/sudoku/ctc" + payload,
        "puzzleid query": "https://sudokupad.app/?puzzleid=" + PARITY_FISH,
        "decompressed data": COMPACT,
        "bare fpuzzles payload": FPUZZLES,
        "f-puzzles link": "https://www.f-puzzles.com/?load=" + FPUZZLES,
        "sudokupad fpuzzles link": "https://sudokupad.app/fpuzzles" + FPUZZLES,
        "bare sudokupad fpuzzles payload": "fpuzzles" + FPUZZLES,
        "bare sudokupad fpuz payload": "fpuz" + FPUZZLES,
        "f-puzzles json": str(lz.decompressFromBase64(FPUZZLES)),
    }


@pytest.mark.parametrize("form", sorted(_forms()))
def test_every_listed_form_is_read_from_the_command_line(form: str) -> None:
    text = _forms()[form]
    expected = sudokit.parse(PARITY_FISH if "fpuz" not in form and "f-puzzles" not in form else FPUZZLES)
    code, out, err = run("show", "--format", "json", text)
    assert code == 0, err
    shown = sudokit.parse(out)
    assert shown.grid.describe() == expected.grid.describe()
    assert shown.givens == expected.givens
    assert "no such file" not in err


def test_a_short_bare_text_is_still_taken_for_a_missing_file() -> None:
    code, _, err = run("show", "scl-missing.txt")
    assert code != 0 and "no such file" in err


# ------------------------------------------------------------------------------- verdicts


def test_a_puzzle_with_unread_rules_gets_no_uniqueness_verdict() -> None:
    puzzle = sudokit.parse(PARITY_FISH)  # its red parity lines are only in a background image
    assert puzzle.unread and not puzzle.determined
    result = sudokit.count_solutions(puzzle, 2)
    assert result.count == 2 and not result.unique and result.verdict == "undetermined"
    with pytest.raises(sudokit.UndeterminedError, match="red line"):
        sudokit.is_unique(puzzle)
    solved = sudokit.solve(puzzle)
    assert solved.solution is not None and not solved.determined


def test_one_solution_under_the_rules_read_is_not_unique() -> None:
    text = _json_puzzle(NEWSPAPER, unread=["a green line"])
    result = sudokit.count_solutions(text, 2)
    assert result.count == 1 and result.complete
    assert not result.unique and result.verdict == "undetermined"
    assert sudokit.count_solutions(NEWSPAPER, 2).verdict == "unique"


def test_check_exits_with_its_own_code_when_undetermined() -> None:
    code, out, err = run("check", PARITY_FISH)
    assert code == UNDETERMINED_EXIT == 3
    assert out.startswith("undetermined: at least 2 solutions under the rules read")
    assert "red line" in err
    code, out, _ = run("check", "--logic", PARITY_FISH)
    assert code == UNDETERMINED_EXIT and out.startswith("undetermined")
    code, out, _ = run("check", "--explain-ambiguity", "--json", PARITY_FISH)
    assert code == UNDETERMINED_EXIT and json.loads(out)["status"] == "undetermined"
    code, out, _ = run("check", _json_puzzle(NEWSPAPER, unread=["a green line"]))
    assert code == UNDETERMINED_EXIT and out.startswith("undetermined: 1 solution under the rules read")


def test_json_answers_say_undetermined_and_name_what_was_not_read() -> None:
    code, out, _ = run("solve", "--format", "json", PARITY_FISH)
    data = json.loads(out)
    assert code == 0 and data["status"] == "undetermined" and data["unique"] is None
    assert any("red line" in item for item in data["unread"])
    code, out, _ = run("solve", "--format", "json", NEWSPAPER)
    data = json.loads(out)
    assert data["status"] == "solved" and data["unique"] is True and data["unread"] == []


def test_count_says_its_count_is_for_the_rules_read() -> None:
    code, out, _ = run("count", "--limit", "5", PARITY_FISH)
    assert code == 0 and out.startswith("5 solutions under the rules read")
    code, out, _ = run("count", NEWSPAPER)
    assert out.startswith("1 solution") and "rules read" not in out


def test_no_solution_is_a_verdict_only_under_certain_rules() -> None:
    broken = "12345678.........9" + "." * 63  # r1c9 must be 9, which column 9 has: no solution
    certain = _json_puzzle(broken, unread=["a drawing of no known kind"])
    result = sudokit.count_solutions(certain, 2)
    assert result.count == 0 and result.determined and result.verdict == "no solution"
    code, out, _ = run("check", certain)
    assert code == 1 and out.startswith("no solution")
    doubtful = _json_puzzle(broken, unread=['the rules text\'s "every clue is wrong"'], certain=False)
    result = sudokit.count_solutions(doubtful, 2)
    assert result.count == 0 and not result.determined and result.verdict == "undetermined"
    code, out, _ = run("check", doubtful)
    assert code == UNDETERMINED_EXIT and out.startswith("undetermined: 0 solutions")
    assert sudokit.parse(sudokit.dumps(sudokit.parse(doubtful), "json")).certain is False


# --------------------------------------------------------------------- grids that are not square

CLASSIC = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _frame(rows: list[str], keep: int, regions: list[list[list[int]]] | None = None) -> str:
    """SudokuPad data (long keys) for a rows x 9 frame with every ``keep``-th digit given."""
    cells = [
        [{"value": int(row[c])} if (r * 9 + c) % keep == 0 else {} for c in range(len(row))]
        for r, row in enumerate(rows)
    ]
    height = len(rows)
    boxes = regions or [
        [[br + i, bc + j] for i in range(3) for j in range(3)]
        for br in range(0, height, 3)
        for bc in (0, 3, 6)
    ]
    return json.dumps({"cells": cells, "regions": boxes})


def _windows_hold(rows: list[str]) -> bool:
    """The plain rule of two stacked sudokus: every 9x9 window at a box row is a sudoku."""
    for top in range(0, len(rows) - 8, 3):
        window = rows[top : top + 9]
        groups = [list(row) for row in window]
        groups += [[row[c] for row in window] for c in range(9)]
        groups += [
            [window[br + i][bc + j] for i in range(3) for j in range(3)]
            for br in (0, 3, 6)
            for bc in (0, 3, 6)
        ]
        if any(sorted(g) != list("123456789") for g in groups):
            return False
    return True


def test_a_12x9_sudokupad_grid_is_two_overlapping_sudokus() -> None:
    rows = [CLASSIC[k : k + 9] for k in range(0, 81, 9)]
    frame = rows + rows[:3]  # rows 3-11 are the same sudoku with its first band moved down
    assert _windows_hold(frame)
    puzzle = sudokit.parse(_frame(frame, 2))
    assert (puzzle.grid.rows, puzzle.grid.cols, len(puzzle.grid.cells)) == (12, 9, 108)
    result = sudokit.count_solutions(puzzle, 2)
    assert result.verdict == "unique" and result.first is not None
    found = result.first.to_string().replace(" ", "").replace("\n", "")
    assert _windows_hold([found[k : k + 9] for k in range(0, 108, 9)]) and found == "".join(frame)
    broken = sudokit.Solution.from_string("".join(frame[:11]) + frame[11][::-1], puzzle)
    assert broken.violations()  # the second sudoku's columns and boxes are rules too


@pytest.mark.parametrize("height", [11, 10])
def test_a_frame_that_is_no_set_of_sudokus_is_refused_with_a_reason(height: int) -> None:
    rows = [CLASSIC[k : k + 9] for k in range(0, 81, 9)]
    frame = (rows + rows)[:height]
    regions = [[[r, c] for c in range(9)] for r in range(height)]  # rows as regions: no boxes at all
    with pytest.raises(sudokit.ParseError, match=f"a {height}x9 grid"):
        sudokit.parse(_frame(frame, 2, regions))
    code, _, err = run("count", _frame(frame, 2, regions))
    assert code == 1 and f"a {height}x9 grid" in err and "Traceback" not in err


def test_elements_left_unread_are_still_drawn_never_enforced() -> None:
    lines = (
        (FIXTURES / "variants" / "sudoku-bench-challenge-100.jsonl").read_text(encoding="utf-8").splitlines()
    )
    record = next(json.loads(line) for line in lines if json.loads(line)["title"] == "Negative Arrows")
    puzzle = sudokit.parse(record["url"])
    assert not any(c.kind == "arrow" for c in puzzle.grid.constraints)
    from sudokit.svg import puzzle_drawings, render_svg

    kinds = [shape["kind"] for shape in puzzle_drawings(puzzle)]
    assert kinds.count("arrow") >= 9 and "xv" in kinds  # the nine arrows and the signs, as drawn
    assert render_svg(puzzle).count("<polyline") >= 9
    again = sudokit.parse(sudokit.dumps(puzzle, "json"))  # the drawing survives sudokit's JSON
    assert [s["kind"] for s in puzzle_drawings(again)] == kinds


def test_a_batch_line_with_rules_unread_is_undetermined(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text(f"{PARITY_FISH}\n{NEWSPAPER}\n", encoding="utf-8")
    code, out, err = run("batch", str(path))
    first, second = out.splitlines()
    assert first.startswith(
        "? line 1: undetermined (at least 2 solutions under the rules read; rules not read:"
    )
    assert second.isdigit() and len(second) == 81
    assert code == 1 and "1 undetermined" in err
    results = sudokit.solve_many(f"{PARITY_FISH}\n{NEWSPAPER}\n")
    assert [results[k].kind for k in range(len(results))] == ["undetermined", "solved"]


def test_explanations_and_ratings_say_they_follow_the_rules_read_only() -> None:
    puzzle = sudokit.parse(PARITY_FISH)
    with pytest.raises(sudokit.PuzzleError, match="no rating: rules not read"):
        sudokit.rate(puzzle, time_limit=10)
    path = sudokit.explain(puzzle, time_limit=10, guess=False)
    assert (
        "this path follows the rules read only" in path.summary()
        and "several solutions" not in path.summary()
    )
    code, _, err = run("hint", PARITY_FISH)
    assert code == 0 and "hints follow the rules read" in err and "has several solutions" not in err


def test_an_fpuzzles_little_killer_the_text_redefines_is_unread_not_an_error() -> None:
    diagonal = [f"R{k}C{k}" for k in range(1, 10)]
    data = {
        "size": 9,
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "littlekillersum": [{"cell": "R0C0", "cells": diagonal, "direction": "DR", "value": "3"}],
    }
    as_sum = json.dumps(data)
    with pytest.raises(sudokit.ParseError, match="little killer"):
        sudokit.parse(as_sum)  # typed as a sum, 3 along nine cells cannot hold: an error, said so
    data["ruleset"] = "Clues outside the grid count the distinct digits along the indicated diagonal."
    puzzle = sudokit.parse(json.dumps(data))
    assert puzzle.grid.constraints == () and any("little killer clue" in u for u in puzzle.unread)
    assert sudokit.count_solutions(puzzle, 2).verdict == "undetermined"


def test_a_rule_the_setters_own_solution_breaks_is_left_unread() -> None:
    # an arrow from r1c1 along r1c2-r1c3: in CLASSIC, 3 + 4 = 7 is not the 5 in the circle
    rows = [CLASSIC[k : k + 9] for k in range(0, 81, 9)]
    data = {
        "cells": [
            [{"value": int(ch)} if (r + c) % 3 == 0 and (r, c) != (0, 0) else {} for c, ch in enumerate(row)]
            for r, row in enumerate(rows)
        ],
        "arrows": [
            {"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#A1A1A1", "thickness": 2, "headLength": 0.3}
        ],
        "overlays": [
            {"center": [0.5, 0.5], "width": 0.8, "height": 0.8, "rounded": True, "borderColor": "#A1A1A1"}
        ],
        "metadata": {"rules": "Digits along an arrow sum to the digit in its circle.", "solution": CLASSIC},
    }
    puzzle = sudokit.parse(json.dumps(data))
    assert puzzle.grid.constraints == ()
    assert any("the setter's solution in the puzzle breaks as read" in u for u in puzzle.unread)
    result = sudokit.count_solutions(puzzle, 2)
    assert result.verdict == "undetermined" and result.count >= 1  # never "no solution" from the arrow
    data["metadata"] = {"rules": "Digits along an arrow sum to the digit in its circle."}
    without = sudokit.parse(json.dumps(data))  # no solution in the data: the arrow is read, and holds
    assert [c.kind for c in without.grid.constraints] == ["arrow"]
    assert sudokit.count_solutions(without, 2).verdict == "no solution"


@pytest.mark.parametrize("form", sudokit.formats.WRITE_FORMATS)
def test_every_written_form_is_read_back_as_a_literal_argument(form: str) -> None:
    killer = sudokit.parse(
        (
            FIXTURES / "variants" / "fpuzzles-samples" / "self-contained_killer-antiknight.fpuzzles.txt"
        ).read_text()
    )
    puzzle = (
        killer if form in ("json", "fpuzzles", "fpuzzles-json", "sudokupad") else sudokit.parse(NEWSPAPER)
    )
    text = sudokit.dumps(puzzle, form).strip()
    code, out, err = run("show", "--format", "json", text)
    assert code == 0, err
    shown = sudokit.parse(out)
    assert shown.grid.describe() == puzzle.grid.describe()
    if form in ("candidates", "pencilmarks"):  # givens become cells of one candidate
        found, expected = sudokit.solve(shown).solution, sudokit.solve(puzzle).solution
        assert found is not None and expected is not None and found.values == expected.values
    else:
        assert shown.givens == puzzle.givens
