"""The HoDoKu regression-library runner (benchmarks/hodoku_reglib.py) on cases written here.

The real library is GPL data kept out of the repository; these lines use its format with puzzles
from data/ to check that the runner reads givens, placed digits and deletions, counts passes,
failures, fail cases and unknown techniques, and ends with the summary line.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import sudokit
from sudokit.logic.basic import naked_single
from sudokit.logic.board import Board
from tests.conftest import data_lines

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import hodoku_reglib

EASY = data_lines("sudoku-easy50.txt")[0].replace("0", ".")


def _drc(cell: int, digit: int) -> str:
    return f"{digit + 1}{cell // 9 + 1}{cell % 9 + 1}"


def test_cases_are_counted_as_hodoku_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = Board.from_puzzle(sudokit.parse(EASY))
    singles = list(naked_single(board))
    first = singles[0]
    cell, digit = first.placements[0]
    others = [s for s in singles if s.digits == first.digits and s is not first]
    # delete the other naked singles of this digit, so that exactly one step is about the case
    deleted = " ".join(_drc(c, d) for s in others for c, d in s.placements)
    wrong = (cell + 1) % 81
    lines = [
        "# comment lines and section titles are skipped",
        f":0003:{digit + 1}:{EASY}:{deleted}::{_drc(cell, digit)}:",  # passes
        f":0003:{digit + 1}:{EASY}:{deleted}::{_drc(wrong, digit)}:",  # wrong placement: fails
        f":0300-x:1:{EASY}::::",  # no X-Wing on 1 in the starting pencil marks: passes
        f":9999:1:{EASY}:::111:",  # unknown technique: not implemented
    ]
    path = tmp_path / "mini-reglib.txt"
    path.write_text("\n".join(lines) + "\n")
    assert hodoku_reglib.main([str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "passed 2 of 4 cases (1 failed, 1 not implemented)"


def test_placed_digits_are_not_givens() -> None:
    assert EASY[0] == "."  # r1c1 is empty; the case says 4 was placed there while solving
    case = hodoku_reglib.Case(1, "0000", "", frozenset(), "+4" + EASY[1:], [], frozenset(), frozenset())
    board = hodoku_reglib.board_of(case)
    assert board.value[0] == 3 and board.given[0] is False
    assert all(board.given[c] == (ch != ".") for c, ch in enumerate(EASY) if c > 0)
