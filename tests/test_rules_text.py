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
from sudokit.constraints.dots.inequality import Inequality
from sudokit.constraints.dots.kropki import WHITE, Kropki
from sudokit.constraints.dots.negative import AntiXV
from sudokit.constraints.dots.xv import XV
from sudokit.constraints.grid_rules.chess import AntiKing, AntiKnight
from sudokit.constraints.grid_rules.diagonal import Diagonal
from sudokit.constraints.lines.arrow import Arrow
from sudokit.constraints.lines.region_sum import RegionSum
from sudokit.constraints.lines.renban import Renban
from sudokit.constraints.lines.thermometer import SlowThermometer, Thermometer
from sudokit.constraints.lines.whispers import Whispers
from sudokit.constraints.lines.zipper import Zipper
from sudokit.constraints.outside.little_killer import LittleKiller
from sudokit.constraints.outside.sandwich import Sandwich
from sudokit.formats.rules_text import (
    ABSENT,
    KINDS_READ,
    global_rules,
    grid_doubt,
    regions_found,
    rules_report,
    sentences,
    settle,
    unexplained,
)

ARROW = Arrow(((0, 0),), ((0, 1),))
THERMO = Thermometer(((0, 0), (0, 1)))
SLOW = SlowThermometer(((0, 0), (0, 1)))
RENBAN = Renban(((0, 0), (0, 1)))
LITTLE = LittleKiller(((0, 0), (1, 1)), 3)
DOT = Kropki((0, 0), (0, 1), WHITE)
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
        # plain restatements in setters' words (Sudoku-Bench challenge_100 and dclamage/SudokuSolver)
        (
            "Digits on a purple line comprise a set of non-repeating, consecutive digits (in any order).",
            [RENBAN],
        ),
        ("Digits must not repeat within the same row, column, or box.", []),
        ("Digits along a thermometer must increase or stay the same from the bulb to the end.", [SLOW]),
        ("Thermometers - digits along a gray thermometer line increase moving away from the bulb.", [THERMO]),
        ("For German whispers each consequtive digit must differ by a value of at least 5.", [WHISPERS, DOT]),
        ("Digits along the diagonal indicated by an arrow sum to the number by the arrow.", [LITTLE]),
        ("Partial kropki: digits separated by a white dot are consecutive.", [DOT]),
        ("For example, a length 3 line could have -3-1-2-, but not -1-2-4- or -1-3-1-.", [RENBAN]),
        ("No digit can see itself in a chess knight's move.", [AntiKnight()]),
        (
            "Cells a knight's move apart (i.e. two steps horizontally and one step vertically, or vice "
            "versa) cannot have the same digit.",
            [AntiKnight()],
        ),
        ("Different lines may have different values for N.", [RegionSum(((0, 0), (0, 1)))]),
        # a themed puzzle's names for its elements, and colours beyond the usual ones
        ("Tentacles: adjacent digits along a tentacle (green line) differ by at least 5.", [WHISPERS]),
        ("Bubbles: digits on a bubble (white dot) are consecutive.", [DOT]),
        ("Digits along a peach line must differ by at least 5.", [WHISPERS]),
        # wordings from SudokuPad/sudokutools' 670 rules texts (benchmarks/rules_wording.py)
        (
            "Clues outside the grid show the sum of the indicated diagonal, which may include repeats.",
            [LITTLE],
        ),
        ("Digits ascend along thermometers, starting from the bulb.", [THERMO]),
        ("Lines are occupied by a sequence of consecutive digits, in any order.", [RENBAN]),
        ("Along blue lines, successive digits must differ by at least 6.", [WHISPERS]),
        ("There are exactly nine of each digit.", []),
        ("Digits do not repeat in cages, which show their sums in the top left-hand corner.", [KILLER]),
        ("Along themometers digits must increase from the bulb end.", [THERMO]),
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
        # words that would add a rule to a kind read stay unexplained
        ("Digits on an arrow must be distinct.", [ARROW]),
        ("Digits along thermometers increase, moving digits from the bulb to the tip.", [THERMO]),
        ("Digits on a purple line comprise a set of digits that sum to 10.", [RENBAN]),
        # a label is a name, not a licence: its twist is still a twist
        ("Negative tentacles: digits along a tentacle (green line) differ by at least 5.", [WHISPERS]),
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
        ("Cages show their sums and can include repeats.", True),
        ("Cages cannot include repeat digits, and show their sums.", False),
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


@pytest.mark.parametrize(
    ("sentence", "antiking"),
    [
        ("Identical digits cannot be diagonally adjacent.", True),
        ("Equal digits may not touch diagonally.", True),
        ("Identical digits in a cage cannot be diagonally adjacent.", False),
        ("Digits may be diagonally adjacent.", False),
    ],
)
def test_the_anti_king_rule_in_words(sentence: str, antiking: bool) -> None:
    assert any(isinstance(rule, AntiKing) for rule in global_rules(sentence, 9)) is antiking


def test_a_lost_full_stop_still_ends_a_sentence() -> None:
    said = sentences("Those joined by a black dot have a 1:2 ratioDigits along arrows sum to the circle.")
    assert said[-1] == "digits along arrows sum to the circle."


# ------------------------------------------------- what confirms a drawing, what takes it away

SANDWICH = Sandwich(tuple((0, c) for c in range(9)), 10)
LITTLE = LittleKiller(((0, 0), (1, 1)), 5)
RENBAN = Renban(((0, 0), (0, 1)))
KROPKI = Kropki((0, 0), (0, 1), WHITE)
XV_SIGN = XV((0, 0), (0, 1), 10)


@pytest.mark.parametrize(
    ("rules", "drawn"),
    [
        # each kind, stated as setters state it: the drawing keeps its usual meaning
        ("Digits along an arrow sum to the digit in its circle.", ARROW),
        ("Numbers on a thermometer must increase from the bulb end.", THERMO),
        ("Digits in a cage sum to the clue and cannot repeat. Digits may repeat on arrows.", KILLER),
        ("Adjacent digits on a green line differ by at least 5.", WHISPERS),
        ("Clues outside the grid give the sum of the digits between the 1 and the 9.", SANDWICH),
        ("Clues outside the grid give the sum of the digits along the indicated diagonal.", LITTLE),
        ("Digits on a purple line form a set of consecutive digits in any order.", RENBAN),
        ("Standard kropki (no negative constraint): white dots join consecutive digits.", KROPKI),
        ("Cells separated by an X sum to 10. Not all Xs are given.", XV_SIGN),
        # a text that says nothing of the drawing, and nothing else: the usual meaning stands
        ("Normal sudoku rules apply.", KILLER),
        ("", ARROW),
        # sudokit's region sum lines start a new part each time they enter a box (Nautilus)
        (
            "Shell: box borders divide the line into segments. Different segments in a box sum individually.",
            RegionSum(((0, 0), (0, 3))),
        ),
    ],
)
def test_a_sentence_in_the_usual_words_confirms_a_drawing(rules: str, drawn: Constraint) -> None:
    settled = settle(rules, [drawn])
    assert settled.kept == [drawn] and settled.certain


@pytest.mark.parametrize(
    ("rules", "drawn"),
    [
        # issue 37's examples, and their like: the text gives the drawing another meaning
        ("The digit in an arrow's circle is the average of the digits on the arrow.", ARROW),
        ("The digit in the circle counts the different digits on its arrow.", ARROW),
        ("Digits on an arrow have the difference of the digit in the attached circle.", ARROW),
        ("The circle is the product of the digits along its arrow.", ARROW),
        (
            "Clues outside the grid list digits that appear in the first three cells in that direction.",
            SANDWICH,
        ),
        ("A clue outside the grid counts the different digits along the indicated diagonal.", LITTLE),
        ("An indicated diagonal is read as a look and say clue.", LITTLE),
        ("Digits in a cage sum to a prime number, and no two cages sum to the same prime.", KILLER),
        ("Every clue in the puzzle is wrong.", KILLER),
        ("Exactly one clue in each cage is false.", KILLER),
        ("Digits in a negator cell count as negative for the purposes of arrows.", ARROW),
        ("Shaded cells are doubled for the thermometers.", THERMO),
        ("The value of a shaded cell is one more than its digit.", KROPKI),
        (
            "Nine cells are Nosferatu cells; the value of a Nosferatu cell is its digit plus the prey's.",
            ARROW,
        ),
        ("Every X and V is a lie: digits joined by an X do not sum to 10.", XV_SIGN),
    ],
)
def test_a_sentence_giving_another_meaning_takes_the_drawing_away(rules: str, drawn: Constraint) -> None:
    settled = settle(rules, [drawn])
    assert settled.kept == [] and settled.unread, settled
    assert any(drawn.noun in note for note in settled.unread)  # the drawing is named


def test_a_sentence_changing_rules_it_does_not_name_leaves_nothing_certain() -> None:
    settled = settle("Normal sudoku rules apply. Every clue is wrogn.", [ARROW, AntiKnight()], [AntiKnight()])
    assert settled.kept == [] and not settled.certain
    kept = settle("Digits on an arrow sum to its circle. Shade some cells to form a loop.", [ARROW], [])
    assert kept.kept == [ARROW] and kept.certain  # a rule of its own (unread), the arrow still certain


def test_an_unnamed_drawing_beside_an_unexplained_sentence_is_not_confirmed() -> None:
    # the text speaks of arrows and of something else; the dots it never names may be that something
    settled = settle(
        "Digits on an arrow sum to its circle. Roman numeral cages: C means 100.", [ARROW, KROPKI]
    )
    assert settled.kept == [ARROW] and any(
        "which no sentence of the rules text names" in n for n in settled.unread
    )
    # typed data (an f-puzzles key, SudokuPad's global list) stands without a sentence
    typed = settle("Roman numeral cages: C means 100.", [AntiKnight()], [AntiKnight()])
    assert typed.kept == [AntiKnight()] and typed.source == "typed"


def test_the_source_of_the_weakest_rule_read() -> None:
    assert settle("Digits on an arrow sum to its circle.", [ARROW]).source == "confirmed"
    assert settle("Normal sudoku rules apply.", [ARROW]).source == "convention"
    assert settle("", [AntiKnight()], [AntiKnight()]).source == "typed"


@pytest.mark.parametrize(
    ("rules", "digits", "houses"),
    [
        ("Select six different digits from the set 1-9 to fill the grid.", (1, 9), True),
        ("Place the same 4-digit subset from the digits 1 - 9 in each row, column and box.", (1, 9), True),
        ("Normal sudoku rules do NOT apply. Fill the grid with digits 1-9.", (1, 9), False),
        ("Normal 4x4 Sudoku rules do not apply.", None, False),
    ],
)
def test_a_text_changing_the_grid_reads_a_relaxation(
    rules: str, digits: tuple[int, int] | None, houses: bool
) -> None:
    doubt = grid_doubt(rules, 4)
    assert doubt is not None and doubt.digits == digits and doubt.houses is houses
    relaxed = doubt.relax(sudokit.Grid.classic(4))
    assert len(relaxed.symbols) == (digits[1] - digits[0] + 1 if digits else 4)
    assert bool(relaxed.houses) is houses
    assert grid_doubt("Place the digits 1-4 once each in every row, column and box.", 4) is None
    assert grid_doubt("Normal sudoku rules apply.", 9) is None


def test_a_text_with_fewer_digits_than_a_row_is_refused() -> None:
    with pytest.raises(sudokit.PuzzleError, match="fewer digits than a row holds"):
        grid_doubt("Each region contains the digits 1 to 9 once each.", 14)
    assert grid_doubt("Digits along a line are 1 to 4.", 9) is None  # said of a line, not the grid


def test_the_regions_a_solver_finds() -> None:
    assert regions_found("Chaos construction: divide the grid into nine regions.") is not None
    assert regions_found("Each region must be determined and is a set of nine connected cells.") is not None
    assert regions_found("Digits cannot repeat in a region.") is None


def test_givens_a_sentence_moves_are_left_unread() -> None:
    settled = settle("Given digits move with the cars.", [])
    assert settled.givens is not None and "given digits" in settled.givens_note()
    assert settle("All dots are given.", []).givens is None


def test_a_rule_in_another_language_is_not_taken_for_flavour_text() -> None:
    german = "Die Ziffern auf einem Pfeil ergeben den Durchschnitt der Kreisziffer."
    assert unexplained(german, []) != []  # "average" in German: a rule sudokit cannot tell
    settled = settle(f"Normal sudoku rules apply. {german}", [ARROW])
    assert settled.kept == []  # the arrow, named by no sentence sudokit understands, is not confirmed
    assert unexplained("Good luck, and have fun with this one!", []) == []


def test_a_sentence_going_on_about_the_kind_before_it_is_read_with_it() -> None:
    # Sudoku-Bench challenge_100 "The Two Headed Martian" and "Aad-van-ced Zippers"
    slow = "Slow thermos: digits along a gray thermometer must generally increase from bulb to tip."
    goes_on = "Digits may remain the same when allowed by other rules, but may never decrease."
    assert unexplained(f"{slow} {goes_on}", [SLOW]) == []
    assert unexplained(goes_on, [SLOW]) == [goes_on.lower()]  # with nothing before it to go on
    twisted = "The digit in the bulb counts how many digits are shaded."
    assert unexplained(f"{slow} {twisted}", [SLOW]) == [twisted.lower()]
    zipper = Zipper(((0, 0), (0, 1), (0, 2)))
    centre = "For odd-length lines, the total is the digit placed in the line's (circled) center."
    rules = (
        f"Digits an equal distance from the center of a lavender zipper line sum to the same total. {centre}"
    )
    assert unexplained(rules, [zipper]) == []


def test_a_line_a_list_goes_on_is_read_with_each_item() -> None:
    rules = (
        "Normal sudoku rules.\nCells seperated\n- by an X sum to 10\n- by a V sum to 5\nRules:\n- Have fun"
    )
    assert sentences(rules) == [
        "normal sudoku rules.",
        "cells separated by an x sum to 10.",
        "cells separated by a v sum to 5.",
        "rules:",
        "- have fun",
    ]
    assert unexplained(rules, [XV((0, 0), (0, 1), 10)]) == []


def fpuzzles_link(data: dict[str, Any]) -> str:
    return "https://www.f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(data))


def test_a_rule_of_clues_an_fpuzzles_puzzle_has_none_of_is_vacuous() -> None:
    # f-puzzles types every clue it draws: "cells with a filled square must be even" beside no even
    # cell states a rule with nothing to apply to (Sudoku-Bench challenge_100 "Four Corner Shots")
    rules = "Cells with a filled circle must be odd. Cells with a filled square must be even."
    data: dict[str, Any] = {"size": 9, "grid": empty(), "odd": [{"cell": "R1C1"}], "ruleset": rules}
    puzzle = sudokit.parse(fpuzzles_link(data))
    assert puzzle.unread == () and puzzle.determined
    report = rules_report(puzzle)
    assert [s["reading"] for s in report["sentences"]][-1] == ABSENT
    assert report["sentences"][-1]["kinds"] == ["even"]
    # a cosmetic line no kind read may be the squares' drawing: the sentence is then not read
    data["line"] = [{"lines": [["R2C2", "R2C3"]], "outlineC": "#FF0000", "width": 0.3}]
    puzzle = sudokit.parse(fpuzzles_link(data))
    assert any("must be even" in u for u in puzzle.unread) and not puzzle.determined
    # a drawing taken away is not absent: a sentence redefining it stays unread
    arrow = {"lines": [["R1C1", "R1C2"]], "cells": ["R1C1"]}
    data = {
        "size": 9,
        "grid": empty(),
        "arrow": [arrow],
        "ruleset": "The circle is the average of the arrow.",
    }
    puzzle = sudokit.parse(fpuzzles_link(data))
    assert not puzzle.determined


def test_a_thermometer_branch_goes_on_from_where_it_leaves() -> None:
    # SudokuPad draws a forked thermometer as a line with a bulb and a line leaving it mid-way
    grey = "#BFBFBF"
    data: dict[str, Any] = {
        "cells": empty(),
        "lines": [
            {"wayPoints": [[6.5, 4.5], [7.5, 4.5], [8.5, 3.5]], "color": grey, "thickness": 19},
            {"wayPoints": [[7.5, 4.5], [8.5, 5.5]], "color": grey, "thickness": 19},
        ],
        "underlays": [
            {"center": [6.5, 4.5], "width": 0.7, "height": 0.7, "rounded": True, "backgroundColor": grey}
        ],
        "metadata": {"rules": "Digits along a thermometer increase from the bulb."},
    }
    puzzle = sudokit.parse(link(data))
    lines = sorted(c.line for c in puzzle.grid.constraints if isinstance(c, Thermometer))
    assert lines == [((6, 4), (7, 4), (8, 3)), ((6, 4), (7, 4), (8, 5))]
    assert puzzle.unread == ()


def test_marks_at_a_zippers_centre_belong_to_it() -> None:
    lavender = "#CDB1EC"
    data: dict[str, Any] = {
        "cells": empty(),
        "lines": [{"wayPoints": [[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]], "color": lavender, "thickness": 10}],
        "overlays": [
            {"center": [0.5, 1.5], "width": 0.4, "height": 0.4, "rounded": True, "backgroundColor": lavender},
            {
                "center": [4.5, 4.5],
                "width": 0.4,
                "height": 0.4,
                "rounded": True,
                "backgroundColor": "#FF0000",
            },
        ],
        "metadata": {
            "rules": "Digits an equal distance from the centre of a zipper line sum to the centre digit."
        },
    }
    puzzle = sudokit.parse(link(data))
    assert [c.kind for c in puzzle.grid.constraints] == ["zipper"]
    assert puzzle.unread == ("1 overlay of no kind sudokit knows (their meaning is in the rules text)",)


def test_counting_circles_by_their_rule_alone() -> None:
    circles = [{"center": [r + 0.5, r + 0.5], "width": 0.8, "height": 0.8, "rounded": True} for r in range(3)]
    data: dict[str, Any] = {
        "cells": empty(),
        "overlays": circles,
        "metadata": {"rules": "A digit inside a circle indicates how many circles that digit appears in."},
    }
    puzzle = sudokit.parse(link(data))
    assert [c.kind for c in puzzle.grid.constraints] == ["counting circles"] and puzzle.unread == ()
    data["metadata"] = {"rules": "A digit inside a circle indicates how many times it appears in its row."}
    assert sudokit.parse(link(data)).unread != ()


def loop_points(cells: list[tuple[int, int]]) -> list[list[float]]:
    return [[r + 0.5, c + 0.5] for r, c in [*cells, cells[0]]]


def test_a_closed_line_is_read_all_the_way_round() -> None:
    # Sudoku-Bench "Zeeta-Moth": an entropic loop; "N is for Naughty and Nice": a region sum loop
    import random

    ring = [(1, 4), (2, 5), (3, 5), (4, 4), (3, 3), (2, 3)]
    data: dict[str, Any] = {
        "cells": empty(),
        "lines": [{"wayPoints": loop_points(ring), "color": "#FFCC9A", "thickness": 10}],
        "metadata": {
            "rules": "Any three adjacent digits along an entropic line hold a low, a middle and a high digit."
        },
    }
    puzzle = sudokit.parse(link(data))
    assert puzzle.unread == () and {c.kind for c in puzzle.grid.constraints} == {"entropic"}
    rng = random.Random(5)
    for _ in range(2000):  # the reading holds exactly when every window round the ring does
        values = {cell: rng.randint(1, 9) for cell in ring}
        windows = [[(values[ring[(s + t) % 6]] - 1) // 3 for t in range(3)] for s in range(6)]
        plain = all(len(set(w)) == 3 for w in windows)
        assert all(c.holds(values, puzzle.grid) for c in puzzle.grid.constraints) == plain
    # a region sum loop is opened where it crosses a box border, so each part is one of the loop's
    ring = [(1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (2, 3), (2, 2), (2, 1)]
    data["lines"] = [{"wayPoints": loop_points(ring), "color": "#2ECBFF", "thickness": 10}]
    data["metadata"] = {"rules": "Box borders divide each blue line into segments with the same sum."}
    puzzle = sudokit.parse(link(data))
    (line,) = puzzle.grid.constraints
    assert isinstance(line, RegionSum)
    parts = sorted(sorted(part) for part in line.parts(puzzle.grid))
    assert parts == [[(1, 1), (1, 2), (2, 1), (2, 2)], [(1, 3), (1, 4), (2, 3), (2, 4)]]


def test_a_line_drawn_in_two_strokes_is_one_line() -> None:
    blue = "#2ECBFF"
    data: dict[str, Any] = {
        "cells": empty(),
        "lines": [
            {"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": blue, "thickness": 10},
            {"wayPoints": [[0.5, 4.5], [0.5, 2.5]], "color": blue, "thickness": 10},
            {"wayPoints": [[8.5, 0.5], [8.5, 4.5]], "color": blue, "thickness": 10},
            {"wayPoints": [[8.5, 4.5], [8.5, 6.5]], "color": blue, "thickness": 10},
            {"wayPoints": [[8.5, 4.5], [5.5, 4.5]], "color": blue, "thickness": 10},
        ],
        "metadata": {"rules": "Box borders divide each blue line into segments with the same sum."},
    }
    puzzle = sudokit.parse(link(data))
    lines = sorted(c.line for c in puzzle.grid.constraints if isinstance(c, RegionSum))
    assert ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)) in lines  # two strokes meeting end to end
    assert len(lines) == 4  # where three strokes meet, a fork: each its own line


@pytest.mark.parametrize(
    ("value", "angle", "greater"),
    [(">", 90, (0, 2)), (">", 270, (1, 2)), ("<", 90, (1, 2)), ("<", -90, (0, 2)), (">", 0, (0, 2))],
)
def test_an_inequality_typed_as_text_reads_its_turn(value: str, angle: int, greater: tuple[int, int]) -> None:
    # Sudoku-Bench "Alien": f-puzzles text ">" turned a quarter between r1c3 and r2c3
    text = {"cells": ["R1C3", "R2C3"], "value": value, "angle": angle, "size": 0.75}
    rules = "The inequality signs between two cells show which one contains the lower/higher digit."
    data: dict[str, Any] = {"size": 9, "grid": empty(), "text": [text], "ruleset": rules}
    puzzle = sudokit.parse(fpuzzles_link(data))
    (sign,) = puzzle.grid.constraints
    assert isinstance(sign, Inequality) and sign.first == greater
    assert puzzle.unread == ()


def test_a_sentence_about_a_kind_the_puzzle_has_is_never_read_as_absent() -> None:
    # f-puzzles killer-thermo: "numbers on a thermometer must form an increasing sequence" once read as a
    # rule of clues the puzzle has none of (slow thermometers share the words), and the web app named it
    # among the rules not read while the thermometers were read and solved
    rules = "Numbers on a thermometer must form an increasing sequence starting from the bulb."
    data: dict[str, Any] = {
        "size": 9,
        "grid": empty(),
        "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
        "ruleset": rules,
    }
    puzzle = sudokit.parse(fpuzzles_link(data))
    assert puzzle.unread == () and puzzle.determined
    report = rules_report(puzzle)
    assert [s["reading"] for s in report["sentences"]] == [KINDS_READ]
