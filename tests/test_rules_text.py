"""A puzzle's rules text: every sentence is accounted for by the rules read, or named as not read.

A SudokuPad puzzle made in SudokuPad types nothing but its drawings; a setter's words may add a rule
to a kind sudokit read ("the arrow sums to one more than the circle").  These cases are sentences
from published rules texts (and their like): each must be explained by the kinds read, or not.
"""

from __future__ import annotations

import json
from typing import Any

import lzstring  # type: ignore[import-untyped]
import pytest

import sudokit
from sudokit.constraints.base import Constraint
from sudokit.constraints.cages.killer import Killer, cages_may_repeat
from sudokit.constraints.dots.negative import AntiXV
from sudokit.constraints.grid_rules.chess import AntiKnight
from sudokit.constraints.grid_rules.diagonal import Diagonal
from sudokit.constraints.lines.arrow import Arrow
from sudokit.constraints.lines.thermometer import Thermometer
from sudokit.constraints.lines.whispers import Whispers
from sudokit.formats.rules_text import global_rules, unexplained

ARROW = Arrow(((0, 0),), ((0, 1),))
THERMO = Thermometer(((0, 0), (0, 1)))
KILLER = Killer(((0, 0), (0, 1)), 3)
WHISPERS = Whispers(((0, 0), (0, 1)))


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        ("Normal sudoku rules apply.", []),
        ("Place the digits 1-9 once each in every row, column and box.", []),
        ("Each digit, 1-9, appears exactly once in each row, column, and 3x3 box.", []),
        ("Digits along an arrow sum to the digit in that arrow's circle.", [ARROW]),
        ("Digits along an arrow sum to the digit in that arrow\u2019s circle.", [ARROW]),
        ("Digits along thermometers must strictly increase from the bulb end.", [THERMO]),
        ("Digits in cages cannot repeat and sum to the small clue in the top left corner.", [KILLER]),
        ("Digits may repeat in cages if allowed by other rules.", [KILLER]),
        ("Adjacent digits along a green line must differ by at least 5.", [WHISPERS]),
        ("Digits may not repeat along the marked negative diagonal.", [Diagonal("main")]),
        ("Cells a knight's move apart cannot contain the same digit.", [AntiKnight()]),
        ("Not all dots are necessarily given.", []),
        ("Placing correct digits will clear the fog around them.", []),
        ("Good luck and have fun!", []),
    ],
)
def test_sentences_the_rules_read_account_for(sentence: str, read: list[Constraint]) -> None:
    assert unexplained(sentence, read) == []


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        # a known kind with a twist of its own
        (
            "Along arrows, the digits add up to exactly one more or less than the digit in the circle.",
            [ARROW],
        ),
        ("A digit in the bulb of the arrow is the average of the digits along the arrow.", [ARROW]),
        ("In this puzzle, all circles must contain different digits.", [ARROW]),
        ("Each cage's digits sum to the same total.", [KILLER]),
        ("Numbers in a cage must be a perfect square.", [KILLER]),
        ("In each cage, one digit is the sum of the other three digits in that cage.", [KILLER]),
        ("The solver must deduce where each thermometer's bulb is.", [THERMO]),
        ("Digits along a thermometer must not decrease from the bulb.", [THERMO]),
        # a rule about no kind that was read
        ("Digits cannot repeat in a grey region.", [ARROW]),
        ("Digits must not repeat at corresponding box positions.", [ARROW]),
        ("A digit in column 1 indicates the column in which the digit 1 appears in that row.", [WHISPERS]),
        ("Additionally, digits may not repeat on a line.", []),
        ("Digits may repeat in rows or columns.", [KILLER]),
        # another kind named
        ("Grey lines are palindromes.", [THERMO]),
        ("Clues outside the grid are sandwich sums.", [KILLER]),
        # puzzles of other genres
        ("Shade some cells so that the unshaded cells form a loop.", [KILLER]),
    ],
)
def test_sentences_that_add_a_rule_are_named(sentence: str, read: list[Constraint]) -> None:
    assert unexplained(sentence, read) == [sentence.lower().replace("\u2019", "'")]


def link(data: dict[str, Any]) -> str:
    return "https://sudokupad.app/scl" + lzstring.LZString().compressToBase64(json.dumps(data))


def empty(n: int = 9) -> list[list[dict[str, Any]]]:
    return [[{} for _ in range(n)] for _ in range(n)]


def test_sudoku_maker_arrows_are_plain_lines_from_a_circle() -> None:
    # Sudoku Maker draws an arrow as a line from the circle's centre and its head as a short line
    data: dict[str, Any] = {
        "cells": empty(),
        "lines": [
            {"wayPoints": [[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]], "color": "#bbbf", "thickness": 3.2},
            {"wayPoints": [[0.3, 2.3], [0.5, 2.5], [0.7, 2.3]], "color": "#bbbf", "thickness": 3.2},
        ],
        "overlays": [
            {"center": [0.5, 0.5], "width": 0.85, "height": 0.85, "rounded": True, "borderColor": "#bbbf"}
        ],
        "metadata": {"rules": "Digits on an arrow sum to the digit in its circle."},
    }
    puzzle = sudokit.parse(link(data))
    (arrow,) = puzzle.grid.constraints
    assert isinstance(arrow, Arrow) and arrow.circle == ((0, 0),) and arrow.shaft == ((0, 1), (0, 2))
    assert puzzle.unread == ()


def test_a_branching_arrow_sums_each_path_from_the_circle() -> None:
    data: dict[str, Any] = {
        "cells": empty(),
        "arrows": [
            {"wayPoints": [[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]], "color": "#CFCFCF", "headLength": 0.3},
            {"wayPoints": [[0.5, 1.5], [1.5, 1.5]], "color": "#CFCFCF", "headLength": 0.3},
        ],
        "overlays": [
            {"center": [0.5, 0.5], "width": 0.85, "height": 0.85, "rounded": True, "borderColor": "#CFCFCF"}
        ],
        "metadata": {"rules": "Digits along an arrow sum to the digit in its circle."},
    }
    puzzle = sudokit.parse(link(data))
    shafts = sorted(c.shaft for c in puzzle.grid.constraints if isinstance(c, Arrow))
    assert shafts == [((0, 1), (0, 2)), ((0, 1), (1, 1))]


def test_a_line_read_as_an_impossible_cage_is_named_not_an_error() -> None:
    # a "cage" whose number no digits make is not a killer cage (a wrong clue, a product, ...)
    data: dict[str, Any] = {
        "cells": empty(),
        "cages": [{"cells": [[0, 0]], "value": 12}],
        "metadata": {"rules": "Digits in cages sum to the clue."},
    }
    puzzle = sudokit.parse(link(data))
    assert puzzle.grid.constraints == ()
    assert any("killer cage at r1c1 (sum 12), which cannot hold as drawn" in u for u in puzzle.unread)
    assert puzzle.warning is not None


def test_digits_0_to_8_come_from_the_rules_text() -> None:
    cells = empty()
    cells[0][0] = {"value": 0}
    data = {
        "cells": cells,
        "metadata": {"rules": "Place the digits 0 to 8 once each in every row, column and box."},
    }
    puzzle = sudokit.parse(link(data))
    assert puzzle.grid.symbols == tuple("012345678") and puzzle.givens[0] == 0


def test_a_renban_drawn_as_two_crossing_strokes_is_one_set() -> None:
    data: dict[str, Any] = {
        "cells": empty(),
        "lines": [
            {"wayPoints": [[4.5, 3.5], [4.5, 4.5], [4.5, 5.5]], "color": "#E673E6", "thickness": 8},
            {"wayPoints": [[3.5, 4.5], [4.5, 4.5], [5.5, 4.5]], "color": "#E673E6", "thickness": 8},
        ],
        "metadata": {"rules": "The purple line contains a set of consecutive digits in any order."},
    }
    puzzle = sudokit.parse(link(data))
    (renban,) = puzzle.grid.constraints
    assert renban.kind == "renban" and sorted(renban.cells()) == [(3, 4), (4, 3), (4, 4), (4, 5), (5, 4)]


def test_whispers_gap_in_words() -> None:
    data: dict[str, Any] = {
        "cells": empty(),
        "lines": [{"wayPoints": [[0.5, 0.5], [0.5, 1.5]], "color": "#67F067", "thickness": 8}],
        "metadata": {
            "rules": "Orbital whispers: adjacent digits along a line must differ by at least eight."
        },
    }
    (line,) = sudokit.parse(link(data)).grid.constraints
    assert isinstance(line, Whispers) and line.difference == 8


@pytest.mark.parametrize(
    ("rules", "repeat"),
    [
        ("Digits may repeat in cages if allowed by other rules.", True),
        ("Cage sums are given. Digits can repeat.", True),
        # said of arrows, not of cages
        ("Arrows: digits along an arrow sum to its circle, and these digits can repeat.", False),
        (
            "Cages show their sums, and digits cannot repeat within a cage. Digits on arrows sum to the"
            " number in the pill. These digits can repeat if allowed by other rules.",
            False,
        ),
    ],
)
def test_cages_may_repeat_only_when_said_of_cages(rules: str, repeat: bool) -> None:
    assert cages_may_repeat(rules) is repeat


@pytest.mark.parametrize(
    "sentence",
    ["Every V and X is given.", "All Xs and Vs are given.", "All possible X and V pairs are shown."],
)
def test_every_xv_given_is_the_negative_rule(sentence: str) -> None:
    assert any(isinstance(rule, AntiXV) for rule in global_rules(sentence, 9))
