"""f-puzzles links, payloads and JSON: reading, solving, writing, and clear errors for the rest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import lzstring
import pytest

import sudokit
from sudokit.formats.fpuzzles import LINK, puzzle_to_fpuzzles
from tests.test_variants import RECORDS, build

SELF_CONTAINED = json.loads(
    (Path(__file__).parent / "fixtures" / "variants" / "fpuzzles-self-contained.json").read_text()
)


def decompress(payload: str) -> dict[str, Any]:
    """The f-puzzles object of a payload, decoded with lz-string directly (not through sudokit)."""
    return json.loads(lzstring.LZString().decompressFromBase64(payload))


def check_antiknight_killer(data: dict[str, Any], rows: list[str]) -> list[str]:
    """Independent check of a 9x9 killer anti-knight solution against the f-puzzles object."""
    faults = []
    grid = [[int(ch) for ch in row] for row in rows]
    units = [[(r, c) for c in range(9)] for r in range(9)] + [[(r, c) for r in range(9)] for c in range(9)]
    units += [[(r + i, c + j) for i in range(3) for j in range(3)] for r in (0, 3, 6) for c in (0, 3, 6)]
    for unit in units:
        if sorted(grid[r][c] for r, c in unit) != list(range(1, 10)):
            faults.append(f"unit {unit[0]}")
    for r in range(9):
        for c in range(9):
            for dr, dc in ((1, 2), (2, 1), (1, -2), (2, -1)):
                if 0 <= r + dr < 9 and 0 <= c + dc < 9 and grid[r][c] == grid[r + dr][c + dc]:
                    faults.append(f"knight ({r}, {c})")
            cell = data["grid"][r][c]
            if cell.get("given") and cell["value"] != grid[r][c]:
                faults.append(f"given ({r}, {c})")
    for cage in data["killercage"]:
        cells = [(int(n[1 : n.index("C")]) - 1, int(n[n.index("C") + 1 :]) - 1) for n in cage["cells"]]
        values = [grid[r][c] for r, c in cells]
        if len(set(values)) != len(values) or sum(values) != int(cage["value"]):
            faults.append(f"cage {cage['cells'][0]}")
    return faults


@pytest.mark.parametrize("form", ["payload", "link", "encoded link", "json"])
def test_self_contained_solves_from_every_form(form: str) -> None:
    payload = SELF_CONTAINED["fpuzzles"]
    text = {
        "payload": payload,
        "link": LINK + payload,
        "encoded link": LINK + payload.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
        "json": json.dumps(decompress(payload)),
    }[form]
    puzzle = sudokit.parse(text)
    assert puzzle.metadata["author"] == "Lavaloid"
    result = sudokit.count_solutions(puzzle, 2)
    assert result.unique
    rows = [result.first.to_string()[k : k + 9] for k in range(0, 81, 9)]
    assert check_antiknight_killer(decompress(payload), rows) == []
    assert rows == SELF_CONTAINED["solution"]


def test_cli_solves_an_fpuzzles_link() -> None:
    from click.testing import CliRunner

    from sudokit.cli import cli

    result = CliRunner().invoke(cli, ["solve", LINK + SELF_CONTAINED["fpuzzles"], "--format", "line"])
    assert result.exit_code == 0 and result.output.strip() == "".join(SELF_CONTAINED["solution"])


WRITABLE = [r for r in RECORDS if "subgrids" not in r and r["id"] != "janko-sudoku-chaos-093"]


@pytest.mark.parametrize("record", WRITABLE, ids=[r["id"] for r in WRITABLE])
def test_variants_round_trip_through_fpuzzles_links(record: dict[str, Any]) -> None:
    puzzle = build(record)
    link = sudokit.dumps(puzzle, "fpuzzles").strip()
    assert link.startswith(LINK)
    data = decompress(link.removeprefix(LINK))
    assert data["size"] == len(record["symbols"])
    again = sudokit.parse(link)
    assert len(again.grid.units) == len(puzzle.grid.units) and len(again.grid.cages) == len(puzzle.grid.cages)
    first = sudokit.count_solutions(puzzle, 2)
    second = sudokit.count_solutions(again, 2)
    assert second.unique and second.first.values == first.first.values
    assert sudokit.dumps(again, "fpuzzles").strip() == link


def test_named_constraints_and_odd_even_cells_round_trip() -> None:
    from sudokit import EMPTY, Grid, Puzzle, variants

    grid = variants.non_consecutive(variants.anti_king(variants.diagonals(Grid.classic(9))))
    allowed = [grid.full_mask] * 81
    allowed[2] = 0b11
    puzzle = variants.odd_even(
        Puzzle(grid, (EMPTY,) * 80 + (4,), tuple(allowed)), odd=[(0, 0)], even=[(0, 1)]
    )
    data = puzzle_to_fpuzzles(puzzle)
    assert data["antiking"] and data["nonconsecutive"] and data["diagonal+"] and data["diagonal-"]
    assert data["odd"] == [{"cell": "R1C1"}] and data["even"] == [{"cell": "R1C2"}]
    assert data["grid"][0][2]["givenPencilMarks"] == [1, 2]
    assert data["grid"][8][8] == {"value": 5, "given": True}
    again = sudokit.parse(json.dumps(data))
    assert again.allowed == puzzle.allowed and again.givens == puzzle.givens
    assert again.grid == puzzle.grid and again.grid.cell_masks == puzzle.grid.cell_masks


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"clock": [{"lines": [["R1C1", "R1C2"]]}]}, ["the f-puzzles constraint 'clock'"]),
        (
            {"sumdot(intersection)": [{"cells": ["R1C1"], "value": "3"}], "spiral": [{}]},
            ["the f-puzzles constraint 'sumdot(intersection)'", "the f-puzzles constraint 'spiral'"],
        ),
        ({"negative": ["arrow"]}, ["the negative rule of 'arrow'"]),
    ],
)
def test_constraints_sudokit_does_not_read_are_named_in_every_answer(
    change: dict[str, Any], named: list[str]
) -> None:
    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)]} | change
    puzzle = sudokit.parse(json.dumps(data))
    assert sorted(puzzle.unread) == sorted(named)
    assert puzzle.warning is not None and all(name in puzzle.warning for name in named)
    for key in ("truecandidatesoptions", "disabledlogic"):  # the f-puzzles solver's settings: no rule
        settings = {"size": 9, "grid": data["grid"], key: ["colored", "tuples"]}
        assert sudokit.parse(json.dumps(settings)).unread == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"sandwichsum": [{"cell": "R5C5", "value": "5"}]}, '"R5C5", not beside the 9x9 grid'),
        ({"sandwichsum": [{"cell": "R0C1", "value": "36"}]}, "no values meet the sandwich rule 36"),
        ({"xsum": [{"cell": "R10C1", "value": "2"}]}, "no values meet the x-sum rule 2"),
        ({"skyscraper": [{"cell": "R1C0", "value": "x"}]}, "a skyscraper clue has the value"),
        ({"thermometer": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]}, "passes through r1c1 twice"),
        ({"renban": [{"lines": [["R1C1", "R2C1", "R1C1"]]}]}, "passes through r1c1 twice"),
        ({"arrow": [{"cells": [], "lines": [["R1C1", "R1C2"]]}]}, "an arrow needs its circle"),
        ({"quadruple": [{"cells": ["R1C1", "R1C2"], "values": [1, 2, 3]}]}, "lists 3 digits for 2 cells"),
        ({"quadruple": [{"cells": ["R1C1"], "values": [10]}]}, "a quadruple needs its cells and digits"),
        ({"clone": [{"cells": ["R1C1"], "cloneCells": []}]}, "a clone needs 1 cell or more, not 0"),
        ({"littlekillersum": [{"cells": ["R1C1", "R2C2"], "value": "30"}]}, "can reach 2 to 18"),
        ({"xv": [{"cells": ["R1C1"]}]}, "each xv clue joins two cells, not 1"),
        ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]}, 'an xv sign is "X" or "V"'),
        ({"negative": "xv"}, '"negative" lists dot kinds'),
        ({"littlekillersum": [{"cells": ["R1C1"], "value": "x"}]}, "a littlekillersum clue has the value"),
        ({"killercage": [{"cells": ["R1C1", "R10C1"], "value": "5"}]}, '"R10C1" is not a cell'),
        ({"killercage": [{"cells": ["R1C1"], "value": "x"}]}, 'has the value "x", not a sum'),
        ({"size": 0}, '"size" must be'),
    ],
)
def test_unsupported_or_bad_fpuzzles_are_clear_errors(change: dict[str, Any], message: str) -> None:
    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)]} | change
    with pytest.raises(sudokit.ParseError, match=message):
        sudokit.parse(json.dumps(data))


def test_broken_links_and_unwritable_puzzles() -> None:
    with pytest.raises(sudokit.ParseError, match="does not decompress"):
        sudokit.parse(LINK + "N4IgzglgXgpiBcBOANCALhNAbO8QGUYsAzAWgGMB")
    with pytest.raises(sudokit.ParseError, match="no load= part"):
        sudokit.parse("https://www.f-puzzles.com/?id=123")
    samurai = sudokit.Puzzle.empty(sudokit.variants.named_multi_grid("samurai"))
    with pytest.raises(sudokit.FormatError, match="one square grid"):
        sudokit.dumps(samurai, "fpuzzles")
    letters = sudokit.Puzzle.empty(sudokit.Grid.classic(4, symbols="ABCD"))
    with pytest.raises(sudokit.FormatError, match="digits 1 to 4"):
        sudokit.dumps(letters, "fpuzzles")


def _cosmetic_line_puzzle(rules: str, colour: str) -> str:
    """A 4x4 f-puzzles link with one line drawn with the cosmetic line tool, and a rules text."""
    data = {
        "size": 4,
        "grid": [[{} for _ in range(4)] for _ in range(4)],
        "ruleset": rules,
        "line": [{"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": colour, "width": 0.3}],
    }
    return LINK + lzstring.LZString().compressToBase64(json.dumps(data))


def test_a_cosmetic_line_the_rules_text_names_is_read_as_that_rule() -> None:
    # the f-puzzles cosmetic tools carry no rule; the text gives the green line its meaning, as it
    # does for a SudokuPad line (digits 1-4: a whisper of difference 2 is the only sensible one)
    said = "Normal sudoku rules apply. Adjacent digits along a green line must differ by at least 2."
    puzzle = sudokit.parse(_cosmetic_line_puzzle(said, "#67F067"))
    assert [c.kind for c in puzzle.grid.constraints] == ["whispers"] and puzzle.determined
    count = sudokit.count_solutions(puzzle, None).count
    rows = [s.values[:3] for s in sudokit.solutions(sudokit.parse("." * 16))]
    assert count == sum(1 for a, b, c in rows if abs(a - b) >= 2 and abs(b - c) >= 2)
    # without a sentence about it, the line is named, not guessed
    plain = sudokit.parse(_cosmetic_line_puzzle("Normal sudoku rules apply.", "#67F067"))
    assert not plain.grid.constraints and any("cosmetic" in u for u in plain.unread)
