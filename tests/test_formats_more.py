"""The formats people meet besides sudokit's own: SudokuPad, OpenSudoku, HoDoKu, gsf, CSV, TSV, JSON Lines,
janko.at, f-puzzles drawings, and clear errors for documents that hold no puzzle sudokit reads."""

from __future__ import annotations

import base64
import io
import json
import zipfile
from pathlib import Path
from typing import Any

import lzstring
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import sudokit
from sudokit.cli import cli
from sudokit.errors import ParseError, SudokitError
from sudokit.formats import READ_FORMATS, detect, parse_many
from sudokit.formats.fpuzzles import DRAWINGS, LINK
from sudokit.formats.sudokupad import js_object, normalise_scl
from sudokit.model import EMPTY, Puzzle
from tests.checker import is_valid_classic

FIXTURES = Path(__file__).parent / "fixtures"
MORE = FIXTURES / "more-formats"
SELF_CONTAINED = json.loads((FIXTURES / "variants" / "fpuzzles-self-contained.json").read_text())


def givens_line(puzzle: Puzzle) -> str:
    """The givens of a 9x9 puzzle as 81 characters, '.' blank (read straight from the model)."""
    return "".join("." if g == EMPTY else puzzle.grid.symbols[g] for g in puzzle.givens)


def solved(puzzle: Puzzle) -> str:
    """The one solution of a puzzle, as a string of symbols (restricted cells allowed)."""
    result = sudokit.count_solutions(puzzle, limit=2)
    assert result.count == 1 and result.first is not None
    return "".join(result.first)


def compress(text: str) -> str:
    return str(lzstring.LZString().compressToBase64(text))


# ----------------------------------------------------------------------------------- SudokuPad


PARITY_FISH = (MORE / "parity-fish.scl.txt").read_text().strip()


@pytest.mark.parametrize(
    "prefix",
    [
        "",
        "https://sudokupad.app/",
        "sudokupad.app/",
        "https://app.crackingthecryptic.com/sudoku/",
        "https://sudokupad.app/?puzzleid=",
        "https://beta.sudokupad.app/ctc",
    ],
)
def test_sudokupad_parity_fish_is_read_on_its_typed_content(prefix: str) -> None:
    payload = PARITY_FISH if not prefix.endswith("ctc") else PARITY_FISH.removeprefix("scl")
    text = prefix + payload
    assert detect(text) == "sudokupad"
    puzzle = sudokit.parse(text)
    assert puzzle.grid.describe() == "9x9 (3x3 boxes), 21 kropki dots" and puzzle.clue_count == 0
    assert puzzle.metadata["title"] == "Parity Fish" and puzzle.metadata["author"] == "Marty Sears"
    assert "white dot" in puzzle.metadata["ruleset"]
    # the dots (small round overlays on cell edges) are read as kropki dots; the red parity lines are
    # pixels of a background image: said, not read as rules
    assert puzzle.metadata["read"] == "kropki" and not any("overlay" in u for u in puzzle.unread)
    # the parity-line sentence of the rules explains nothing sudokit read, so it is named too
    assert [u.split(" (")[0] for u in puzzle.unread] == [
        "the rules text's \"two cells adjacent along a red line must contain one even digit and one odd "
        'digit."',
        "a background image",
    ]
    white = {link.cells for link in puzzle.grid.links if link.rule == "difference"}
    assert len(white) + sum(1 for link in puzzle.grid.links if link.rule == "ratio") == 21
    assert sudokit.Solution.from_string(puzzle.metadata["solution"], puzzle).violations() == []
    # the published solution fits what was read, and what sudokit finds is a valid grid
    assert is_valid_classic(givens_line(puzzle), puzzle.metadata["solution"])
    first = sudokit.solve(puzzle).solution
    assert first is not None and is_valid_classic(givens_line(puzzle), first.to_string())


def test_scl_normaliser_gives_the_expanded_json() -> None:
    compact = (MORE / "parity-fish.decompressed-compact.txt").read_text()
    expanded = json.loads((MORE / "parity-fish.expanded.json").read_text())
    mine = json.loads(normalise_scl(compact))
    names = {"ce": "cells", "re": "regions", "o": "overlays", "ct": "center", "w": "width", "h": "height"}
    names |= {"th": "thickness", "te": "text", "c": "color", "r": "rounded"}
    short = {"#000000": "#0", "#FFFFFF": "#F"}

    def rename(value: Any) -> Any:
        if isinstance(value, dict):
            return {names.get(k, k): rename(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rename(v) for v in value]
        return short.get(value, value) if isinstance(value, str) else value

    assert rename(mine) == expanded


@pytest.mark.parametrize("name", ["parity-fish.decompressed-compact.txt", "parity-fish.expanded.json"])
def test_sudokupad_data_is_read_as_it_is_too(name: str) -> None:
    text = (MORE / name).read_text()
    assert detect(text) == "sudokupad"
    puzzle = sudokit.parse(text)
    assert puzzle.grid == sudokit.parse(PARITY_FISH).grid and puzzle.metadata["title"] == "Parity Fish"
    units = sudokit.dumps(sudokit.Puzzle.empty(sudokit.variants.diagonals(sudokit.Grid.classic(9))), "json")
    assert detect(units) == "json"  # sudokit's own JSON names "cells" in its units: not SudokuPad data


def test_scl_notation_conventions() -> None:
    value = js_object("{a:t,b:f,c:[,,],d:#0,e:FF0000,f:'it\\'s',\"g\":-1.5e1,h:[1,],i:{},j:[]}")
    assert value == {
        "a": True,
        "b": False,
        "c": [None, None, None],
        "d": "#000000",
        "e": "#FF0000",
        "f": "it's",
        "g": -15.0,
        "h": [1, None],
        "i": {},
        "j": [],
    }
    for bad in ("{a:", "{a 1}", "[1 2]", "'open", "{a:1}}", "[" * 1000 + "]" * 1000):
        with pytest.raises(ParseError):
            js_object(bad)


def scl(cells: list[list[dict[str, Any] | None]], **extra: str) -> str:
    """Compact SudokuPad text: cells with values, the classic regions, and extra keys as given."""
    rows = ",".join("[" + ",".join(f"{{v:{c['v']}}}" if c else "" for c in row) + "]" for row in cells)
    regions = ",".join(
        "[" + ",".join(f"[{r + i},{c + j}]" for i in range(3) for j in range(3)) + "]"
        for r in (0, 3, 6)
        for c in (0, 3, 6)
    )
    return "{ce:[" + rows + "],re:[" + regions + "]" + "".join(f",{k}:{v}" for k, v in extra.items()) + "}"


def test_scl_givens_killer_cage_metadata_cages_and_drawings() -> None:
    line = (MORE / "named.tsv").read_text().split()[1]
    plain = sudokit.parse(line)
    solution = [int(ch) for ch in solved(plain)]
    cells: list[list[dict[str, Any] | None]] = [
        [{"v": int(line[r * 9 + c])} if line[r * 9 + c] != "." else None for c in range(9)] for r in range(9)
    ]
    empty = [k for k in range(81) if line[k] == "."][:2]
    total = sum(solution[k] for k in empty)
    cage_cells = ",".join(f"[{k // 9},{k % 9}]" for k in empty)

    def link(cage_sum: int) -> str:
        cages = f"[{{ce:[{cage_cells}],v:{cage_sum}}},{{v:'title: Scl test'}},{{v:'author: sudokit'}}]"
        drawings = "[{wp:[[0.5,0.5],[1.5,1.5]],c:'#FF0000',th:5}]"
        return "https://sudokupad.app/scl" + compress(scl(cells, ca=cages, l=drawings))

    puzzle = sudokit.parse(link(total))
    assert givens_line(puzzle) == line
    assert [(c.cells, c.total) for c in puzzle.grid.cages] == [(tuple(empty), total)]
    assert puzzle.metadata["title"] == "Scl test" and puzzle.metadata["author"] == "sudokit"
    assert puzzle.unread[0].startswith("1 line of no kind sudokit knows")
    assert is_valid_classic(line, solved(puzzle))
    wrong = sudokit.parse(link(total + 1))  # a sum the unique solution breaks: the cage is a rule
    assert sudokit.count_solutions(wrong, limit=1).count == 0


def test_sudokupad_fpuzzles_links_go_through_the_fpuzzles_reader() -> None:
    payload = SELF_CONTAINED["fpuzzles"]
    for link in ("https://sudokupad.app/fpuzzles" + payload, "https://sudokupad.app/fpuz" + payload):
        puzzle = sudokit.parse(link)
        assert puzzle.metadata["author"] == "Lavaloid" and len(puzzle.grid.cages) > 0
        text = solved(puzzle)
        assert [text[k : k + 9] for k in range(0, 81, 9)] == SELF_CONTAINED["solution"]


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("https://sudokupad.app/marty/parity-fish", "SudokuPad server, so it cannot be read offline"),
        ("https://sudokupad.app/3x8ql6zuma", "cannot be read offline"),
        ("https://sudokupad.app/", "names no puzzle"),
        ("https://sudokupad.app/scfN4IgzglgXgpiBcBOAN", "scf encoding is not supported"),
        ("https://sudokupad.app/sclN4IgzglgXgpiBcBOAN!!", "'!' cannot stand in a SudokuPad payload"),
        ("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCALhNAbO8QGUY", "SudokuPad payload does not decompress"),
        ("https://sudokupad.app/scl" + compress("{ce:[[{v:1},{v:2}]]}"), "a 1x2 grid"),
        ("https://sudokupad.app/scl" + compress("{ce:[[{v:5}]]}"), "holds 5, not 1 to 1"),
        ("https://sudokupad.app/scl" + compress("[1,2]"), "must be an object"),
        ("https://sudokupad.app/scl" + compress("{ce:[[,],[,]],ca:[{ce:[[0,2]],v:3}]}"), "outside the 2x2"),
        ("https://sudokupad.app/scl" + compress("{ce:[[,],[,]],re:[[[0,0],[0,0]]]}"), "twice"),
    ],
)
def test_sudokupad_links_that_cannot_be_read_say_why(link: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        sudokit.parse(link)


# ---------------------------------------------------------------------------------- OpenSudoku


def test_opensudoku_v1_and_v2_read_every_game_with_its_metadata() -> None:
    v1 = sudokit.read(MORE / "easy.v1.opensudoku")
    v2 = sudokit.read(MORE / "folders.v2.opensudoku")
    assert len(v1) == 2 and len(v2) == 3
    assert v1[0].metadata["author"] == "Peter Norvig" and v1[1].metadata["level"] == "easy"
    assert [p.metadata["collection"] for p in v2] == ["Easy", "Easy", "Hard"]
    assert v2[1].metadata["comment"] == "third of easy50" and "comment" not in v2[0].metadata
    sdm = (FIXTURES / "easy50-first3.sdm").read_text().split()
    assert [givens_line(p).replace(".", "0") for p in v1] == sdm[:2]
    for puzzle in v1 + v2:
        assert is_valid_classic(givens_line(puzzle), solved(puzzle))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '<?xml version="1.0"?><!DOCTYPE o [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
            '<opensudoku><game data="&b;"/></opensudoku>',
            "entities or a DTD",
        ),
        ('<opensudoku><game data="1"', "not well-formed XML"),
        ("<opensudoku><name>x</name></opensudoku>", "holds no <game>"),
        ('<opensudoku><game data="12"/></opensudoku>', "game 1 data must be 81 digits"),
        ("<opensudoku><game/></opensudoku>", "game 1 has no data"),
    ],
)
def test_bad_opensudoku_files_are_clear_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_many(text)


# --------------------------------------------------------------------------------------- HoDoKu


def test_hodoku_library_lines_keep_givens_and_deleted_candidates_not_placements() -> None:
    text = (MORE / "library.hodoku.txt").read_text()
    lines = [line for line in text.splitlines() if line.startswith(":")]
    puzzles = parse_many(text)
    assert detect(text) == "hodoku" and len(puzzles) == 3
    for line, puzzle in zip(lines, puzzles, strict=True):
        fields = line.split(":")
        assert puzzle.metadata["technique"] == fields[1]
        solution = solved(puzzle)
        assert is_valid_classic(givens_line(puzzle), solution)
        placed = puzzle.metadata.get("placed", "." * 81)
        assert 81 - placed.count(".") == fields[3].count("+")
        for k, digit in enumerate(placed):  # placed digits are progress: empty cells, true to the solution
            assert digit == "." or (puzzle.givens[k] == EMPTY and solution[k] == digit)
        for item in fields[4].split():
            digit, row, col = (int(ch) for ch in item)
            cell = (row - 1) * 9 + col - 1
            assert puzzle.allowed is not None and not puzzle.allowed[cell] >> (digit - 1) & 1
    # deleting the solution's own digit from a cell leaves no solution: deletions are rules
    solution = solved(puzzles[0])
    broken = lines[0].split(":")
    first_empty = puzzles[0].givens.index(EMPTY)
    broken[4] = f"{solution[first_empty]}{first_empty // 9 + 1}{first_empty % 9 + 1}"
    assert sudokit.count_solutions(parse_many(":".join(broken))[0], limit=1).count == 0


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        (":0000:x:" + "." * 80 + "::::", "must be 81 cells", 1),
        ("# c\n:0000:x:" + "." * 81 + ":999 1x2:::", "'1x2' is not <digit><row><col>", 2),
        (":0000:x:1" + "." * 80 + ":111:::", "r1c1 holds 1", 1),
        (":0000:x:" + "." * 81 + "::::\n:0000:x", "6 or 7 ':'", 2),
    ],
)
def test_bad_hodoku_lines_name_their_line(text: str, message: str, line: int) -> None:
    with pytest.raises(ParseError, match=message) as info:
        parse_many(text)
    assert info.value.line == line


# --------------------------------------------------------------------------- gsf, CSV and TSV


def test_gsf_rating_lines_read_field_five_and_keep_the_rating() -> None:
    text = (MORE / "ratings.gsf.txt").read_text()
    puzzles = parse_many(text)
    assert detect(text) == "gsf" and len(puzzles) == 2
    for row, puzzle in zip(text.splitlines(), puzzles, strict=True):
        fields = row.split(",")
        assert givens_line(puzzle) == fields[4]
        assert puzzle.metadata["name"] == fields[5] and puzzle.metadata["rating"] == ",".join(fields[:4])
        assert is_valid_classic(fields[4], solved(puzzle))


def test_csv_with_a_puzzle_column_keeps_the_other_columns_as_metadata() -> None:
    puzzles = sudokit.read(MORE / "puzzles.csv")
    assert [p.metadata["difficulty"] for p in puzzles] == ["hard", "very hard, really"]
    assert puzzles[0].metadata["id"] == "1" and "puzzle" not in puzzles[0].metadata
    for puzzle in puzzles:
        assert is_valid_classic(givens_line(puzzle), solved(puzzle))
    sdm = (FIXTURES / "easy50-first3.sdm").read_text().split()
    kaggle = "quizzes,solutions\n" + "".join(f"{p},\n" for p in sdm)
    assert [givens_line(p).replace(".", "0") for p in parse_many(kaggle)] == sdm
    semicolons = "Rating;Sudoku\n3.5;" + sdm[0] + "\n"
    assert parse_many(semicolons)[0].metadata == {"rating": "3.5"}


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("name,puzzle\na," + "." * 80 + "\n", "80 cells is not a square number", 2, None),
        ("name,puzzle\na," + "." * 40 + "x" + "." * 40 + "\n", "'x' is not a symbol", 2, 43),
        ("name,puzzle\na,b,c\n", "3 fields where the header names 2", 2, None),
        ("name,puzzle\na,\n", "must be one non-empty line", 2, 1),
    ],
)
def test_bad_csv_rows_name_the_line_and_column_in_the_file(
    text: str, message: str, line: int, column: int | None
) -> None:
    with pytest.raises(ParseError, match=message) as info:
        parse_many(text)
    assert (info.value.line, info.value.column) == (line, column)


def test_name_tab_puzzle_lines() -> None:
    text = (MORE / "named.tsv").read_text()
    puzzles = parse_many(text)
    assert detect(text) == "tsv"
    for row, puzzle in zip(text.splitlines(), puzzles, strict=True):
        name, line = row.split("\t")
        assert puzzle.metadata["name"] == name and givens_line(puzzle) == line
        assert is_valid_classic(line, solved(puzzle))
    swapped = "\n".join("\t".join(reversed(row.split("\t"))) for row in text.splitlines())
    assert [p.metadata["name"] for p in parse_many(swapped)] == ["top95-8", "top95-9"]


# ----------------------------------------------------------------------- JSON Lines and janko.at


@pytest.mark.parametrize("name", ["chaos-letters-9x9.jsonl", "killer-6x6.jsonl"])
def test_janko_json_lines_solve_to_the_published_solution(name: str) -> None:
    text = (MORE / name).read_text()
    record = json.loads(text)
    (puzzle,) = parse_many(text)
    assert detect(text) == "jsonl" and puzzle.metadata["author"] == record["data"]["author"]
    published = "".join(token for row in record["data"]["solution"] for token in row)
    assert solved(puzzle) == published and puzzle.metadata["solution"] == published
    if "killer" in name:
        assert len(puzzle.grid.cages) == 16 and puzzle.clue_count == 0


def test_janko_block_solves_to_its_published_solution() -> None:
    text = (MORE / "x-janko-block-example.txt").read_text()
    (puzzle,) = parse_many(text)
    assert detect(text) == "janko" and puzzle.grid.describe() == "4x4 (2x2 boxes)"
    rows = text.split("solution\n")[1].split("moves")[0].split("\n")[:4]
    assert solved(puzzle) == "".join(row.replace(" ", "") for row in rows)


def test_json_lines_mix_puzzle_strings_and_sudokit_objects() -> None:
    sdm = (FIXTURES / "easy50-first3.sdm").read_text().split()
    own = sudokit.dumps(sudokit.parse(sdm[2]), "json").replace("\n", " ")
    text = (
        json.dumps({"puzzle": sdm[0], "rating": 1.5}) + "\n\n" + own + "\n" + json.dumps({"Givens": sdm[1]})
    )
    puzzles = parse_many(text)
    assert [givens_line(p).replace(".", "0") for p in puzzles] == [sdm[0], sdm[2], sdm[1]]
    assert puzzles[0].metadata == {"rating": "1.5"}
    single = json.dumps({"id": "x", "sudoku": sdm[0]})
    assert detect(single) == "jsonl" and parse_many(single)[0].metadata == {"id": "x"}
    with pytest.raises(ParseError, match="invalid JSON") as info:
        parse_many(text + "\n{oops")
    assert info.value.line == 5
    with pytest.raises(ParseError, match="puzzle type 'slitherlink' is not supported"):
        parse_many(json.dumps({"file": "f", "data": {"puzzle": "slitherlink", "size": 4, "problem": []}}))


# ---------------------------------------------------------------------- f-puzzles drawings (item 8)


def fpuzzle(givens: str, **extra: Any) -> dict[str, Any]:
    grid = [
        [
            {"value": int(givens[r * 9 + c]), "given": True} if givens[r * 9 + c] != "." else {}
            for c in range(9)
        ]
        for r in range(9)
    ]
    return {"size": 9, "grid": grid, "title": "drawn"} | extra


DECORATIONS: dict[str, Any] = {
    "line": [{"lines": [["R1C1", "R2C2", "R3C3"]], "outlineC": "#FF0000", "width": 0.1}],
    "text": [{"cells": ["R5C5"], "value": "hello", "fontC": "#000000", "size": 0.5}],
    "circle": [{"cells": ["R2C2"], "baseC": "#FFFFFF", "outlineC": "#000000", "width": 0.7, "height": 0.7}],
    "rectangle": [{"cells": ["R3C3", "R3C4"], "baseC": "#00FF00", "width": 0.5, "height": 0.5, "angle": 0}],
    "cage": [
        {"cells": ["R9C8", "R9C9"], "outlineC": "#000000"},
        {"cells": ["R8C9"], "value": "msgcorrect: yes"},
    ],
    "arrow": [{"cells": ["R4C4"], "lines": [["R4C4"]]}],
}


def test_decorative_fpuzzles_keys_are_kept_and_do_not_block_solving() -> None:
    line = (MORE / "named.tsv").read_text().split()[1]
    data = fpuzzle(line, **DECORATIONS)
    puzzle = sudokit.parse(json.dumps(data))
    assert json.loads(puzzle.metadata[DRAWINGS]) == DECORATIONS
    assert puzzle.grid.cages == () and givens_line(puzzle) == line
    assert is_valid_classic(line, solved(puzzle))
    link = sudokit.dumps(puzzle, "fpuzzles").strip()
    written = json.loads(lzstring.LZString().decompressFromBase64(link.removeprefix(LINK)))
    assert {key: written[key] for key in DECORATIONS} == DECORATIONS
    again = sudokit.parse(link)
    assert again.givens == puzzle.givens and sudokit.dumps(again, "fpuzzles").strip() == link
    broken = Puzzle(puzzle.grid, puzzle.givens, None, {DRAWINGS: "[1, 2]"})
    with pytest.raises(sudokit.FormatError, match="must be a JSON object"):
        sudokit.dumps(broken, "fpuzzles")


def test_a_cage_with_a_sum_stays_a_killer_cage_beside_drawn_cages() -> None:
    line = (MORE / "named.tsv").read_text().split()[1]
    solution = solved(sudokit.parse(line))
    empty = [k for k in range(81) if line[k] == "."][:2]
    cells = [f"R{k // 9 + 1}C{k % 9 + 1}" for k in empty]
    drawn = {"cells": ["R9C9"]}
    killer = {"cells": cells, "value": str(sum(int(solution[k]) for k in empty))}
    data = fpuzzle(line, killercage=[killer], cage=[drawn])
    puzzle = sudokit.parse(json.dumps(data))
    assert len(puzzle.grid.cages) == 1 and json.loads(puzzle.metadata[DRAWINGS]) == {"cage": [drawn]}
    link = sudokit.dumps(puzzle, "fpuzzles").strip()
    written = json.loads(lzstring.LZString().decompressFromBase64(link.removeprefix(LINK)))
    assert written["killercage"][0]["cells"] == cells and written["cage"] == [drawn]
    cosmetic = sudokit.parse(json.dumps(fpuzzle(line, cage=[killer])))  # f-puzzles' cosmetic cage tool:
    assert cosmetic.grid.cages == () and cosmetic.unread  # drawn, not a killer cage, and said so
    assert is_valid_classic(line, solved(sudokit.parse(link)))


@pytest.mark.parametrize(
    ("ruleset", "drawing"),
    [
        (None, False),  # an arrow with a path is the arrow-sum rule, as the f-puzzles solver reads it
        ("Normal sudoku rules apply. Digits along an arrow sum to the digit in its circle.", False),
        ("Normal sudoku rules apply.", False),  # whatever the rules text says
        (None, True),  # a circle with no path beyond it is only drawn
    ],
)
def test_an_arrow_with_a_path_is_a_constraint_and_one_without_a_drawing(
    ruleset: str | None, drawing: bool
) -> None:
    line = (MORE / "named.tsv").read_text().split()[1]
    path = ["R1C2"] if drawing else ["R1C2", "R2C2", "R3C2"]
    extra: dict[str, Any] = {"arrow": [{"cells": ["R1C2"], "lines": [path]}]}
    if ruleset is not None:
        extra["ruleset"] = ruleset
    text = json.dumps(fpuzzle(line, **extra))
    puzzle = sudokit.parse(text)
    if drawing:
        assert json.loads(puzzle.metadata[DRAWINGS]) == {"arrow": extra["arrow"]}
        assert not puzzle.grid.sums
    else:  # the arrow-sum rule: r1c2 holds the sum of r2c2 and r3c2
        assert DRAWINGS not in puzzle.metadata
        assert [(s.kind, s.factors) for s in puzzle.grid.sums] == [("arrow", (-1, 1, 1))]


# ------------------------------------------------------------ formats sudokit knows but does not read


def zipped_xml_encoder() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(
            "data.xml", '<?xml version="1.0"?>\n<java version="1.6" class="java.beans.XMLDecoder">'
        )
    return buffer.getvalue()


def test_a_picture_is_read_as_one_and_a_broken_one_says_so(tmp_path: Path) -> None:
    """PNG and JPEG files go to the picture reader (sudokit.image): a truncated one is a clear error."""
    pytest.importorskip("PIL")
    path = tmp_path / "input.bin"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(ParseError, match=r"input\.bin: the picture could not be read"):
        sudokit.read(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj", "the file is a PDF document: sudokit does not read it"),
        (zipped_xml_encoder(), "a HoDoKu .hsol save file"),
        (b"PK\x03\x04\x14\x00broken", "a zip archive"),
        (b"%PDF-1.4 ascii only", "the input is a PDF document"),
        (b"<!DOCTYPE html>\n<html><body>sudoku</body></html>", "the input is an HTML page"),
        (b'<?xml version="1.0"?>\n<java version="1.8" class="java.beans.XMLDecoder">', "Java XMLEncoder"),
        (b"<?xml version='1.0'?><puzzles/>", "an XML document that is not OpenSudoku"),
        (b"https://example.com/sudoku?id=3", "a link to example.com"),
    ],
)
def test_known_formats_sudokit_does_not_read_are_named(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "input.bin"
    path.write_bytes(content)
    with pytest.raises(ParseError, match=message) as info:
        sudokit.read(path)
    assert "known: line, grid" in str(info.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Dear user, here is the puzzle you asked for.\n", "not a puzzle in any format sudokit reads"),
        (base64.b64encode(bytes(range(0, 240, 4))).decode(), "not a puzzle in any"),  # an encoded payload
        ("." * 80, "80 cells is not a square number"),  # a grid with a fault keeps its precise message
        ("4....x8.5" + "." * 72, "'x' is not a symbol"),
    ],
)
def test_text_that_is_no_grid_is_not_told_about_cell_counts(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_many(text)


@pytest.mark.parametrize(
    "name",
    sorted(p.name for p in FIXTURES.iterdir() if p.is_file() and p.suffix in (".txt", ".sdk", ".sdm", ".ss")),
)
def test_detection_of_the_new_formats_does_not_misfire_on_the_old_ones(name: str) -> None:
    text = (FIXTURES / name).read_text()
    assert detect(text) not in {"sudokupad", "opensudoku", "hodoku", "gsf", "csv", "tsv", "jsonl", "janko"}
    assert parse_many(text, format="sdm" if name.endswith(".sdm") else None)


NEW_FORMATS = ["sudokupad", "opensudoku", "hodoku", "gsf", "csv", "tsv", "jsonl", "janko", None]


@settings(max_examples=150, deadline=None)
@given(
    prefix=st.sampled_from(
        ["", "https://sudokupad.app/", "scl", ":0000:x:", "<opensudoku>", "begin\n", "a,puzzle\n", "{"]
    ),
    body=st.text(max_size=120),
    format=st.sampled_from(NEW_FORMATS),
)
def test_the_new_readers_raise_only_parse_errors(prefix: str, body: str, format: str | None) -> None:
    assert format is None or format in READ_FORMATS
    try:
        puzzles = parse_many(prefix + body, format=format)
    except SudokitError:
        return
    assert all(isinstance(p, Puzzle) for p in puzzles)


# ---------------------------------------------------------------------------------------------- CLI


def test_cli_solves_every_game_of_an_opensudoku_file() -> None:
    path = MORE / "folders.v2.opensudoku"
    result = CliRunner().invoke(cli, ["solve", str(path), "--format", "line"])
    assert result.exit_code == 0
    solutions = result.stdout.split()
    puzzles = sudokit.read(path)
    assert len(solutions) == len(puzzles) == 3
    assert all(is_valid_classic(givens_line(p), s) for p, s in zip(puzzles, solutions, strict=True))


def test_cli_says_a_short_sudokupad_link_needs_the_server() -> None:
    result = CliRunner().invoke(cli, ["solve", "https://sudokupad.app/marty/parity-fish"])
    assert result.exit_code == 1 and result.stdout == ""
    assert "cannot be read offline" in result.stderr and result.stderr.count("\n") == 1


def test_the_cli_says_which_sudokupad_drawings_were_not_read_as_rules() -> None:
    path = Path(__file__).parent / "fixtures" / "more-formats" / "parity-fish.scl.txt"
    result = CliRunner().invoke(cli, ["solve", str(path), "--format", "line"])
    notes = [line for line in result.stderr.splitlines() if line.startswith("sudokit: note: ")]
    notes = [line for line in result.stderr.splitlines() if line.startswith("sudokit: warning: ")]
    assert len(notes) == 1 and "background image" in notes[0] and "rules not read" in notes[0]
    # without its drawn rules the rules read leave several solutions: said, and not as a verdict
    assert "undetermined: one of several solutions under the rules read" in result.stderr
    assert "not unique" not in result.stderr
