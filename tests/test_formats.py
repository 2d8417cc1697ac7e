"""Reading and writing every supported format, detection, round trips and error positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sudokit
from sudokit import EMPTY, FormatError, Grid, ParseError, Puzzle, Unit
from sudokit.formats import dumps, parse, parse_many, read, write
from tests.conftest import data_lines, seed_puzzles

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GECODE16_1 = data_lines("gecode_sudoku_16x16.txt")[0]


def test_one_line_forms_with_every_blank_character() -> None:
    expected = parse(TOP95_1)
    for blank in "0-_*":
        assert parse(TOP95_1.replace(".", blank)) == expected
    assert expected.clue_count == 17
    assert expected[(0, 0)] == "4" and expected[(0, 1)] is None


def test_trailing_comment_and_surrounding_space_are_ignored() -> None:
    assert parse(f"  {TOP95_1}   # from top95\n") == parse(TOP95_1)


def test_sdk_header_lines_become_metadata(fixtures: Path) -> None:
    [puzzle] = read(fixtures / "norvig-top95-1.sdk")
    assert puzzle == parse(TOP95_1)
    assert puzzle.metadata["author"] == "Arto Inkala"
    assert puzzle.metadata["level"] == "Hard"
    assert puzzle.metadata["url"] == "https://norvig.com/sudoku.html"


def test_sdk_sections_read_only_the_puzzle(fixtures: Path) -> None:
    assert read(fixtures / "sections.sdk") == [parse(TOP95_1)]


def test_sdm_holds_one_puzzle_per_line(fixtures: Path) -> None:
    puzzles = read(fixtures / "easy50-first3.sdm")
    assert [p.to_string() for p in puzzles] == [
        line.replace("0", ".") for line in data_lines("sudoku-easy50.txt")[:3]
    ]


def test_simple_sudoku_reads_the_givens_grid_only(fixtures: Path) -> None:
    assert read(fixtures / "top95-1.ss") == [parse(TOP95_1)]
    assert read(fixtures / "progress.ss") == [parse(TOP95_1)]


def test_norvig_picture_and_euler_grids(fixtures: Path) -> None:
    assert read(fixtures / "norvig-picture.txt") == [parse(TOP95_1)]
    grids = read(fixtures / "euler-grids.txt")
    assert [p.to_string() for p in grids] == [
        line.replace("0", ".") for line in data_lines("sudoku-easy50.txt")[:2]
    ]
    assert [p.metadata["title"] for p in grids] == ["Grid 01", "Grid 02"]


def test_grid_with_blank_lines_between_bands(fixtures: Path) -> None:
    [puzzle] = read(fixtures / "blank-lines.txt")
    assert puzzle.to_string().replace(".", "0") == dict((n, p) for n, p, _ in seed_puzzles())["test"]


def test_hex_alphabet_with_zero_as_a_symbol(fixtures: Path) -> None:
    [hexed] = read(fixtures / "hex-krazydad-style.txt")
    [gecode] = parse_many(GECODE16_1)
    assert hexed.grid.symbols == tuple("0123456789abcdef")
    assert gecode.grid.symbols == tuple("123456789ABCDEFG")
    assert hexed.givens == gecode.givens  # the same puzzle under a relabelling
    solution = sudokit.solve(hexed).solution
    assert solution is not None and set(solution.to_string()) == set("0123456789abcdef")


def test_numbers_grid_uses_number_tokens(fixtures: Path) -> None:
    [numbers] = read(fixtures / "numbers-16x16.txt")
    assert numbers.grid.symbols == tuple(str(k) for k in range(1, 17))
    assert numbers.givens == parse(GECODE16_1).givens
    text = dumps(numbers, "json")
    assert parse(text) == numbers


def test_letters_alphabet_for_a_6x6() -> None:
    puzzle = parse("E.D.......B...EC...A........F...CD.B")
    assert puzzle.grid.symbols == tuple("ABCDEF") and puzzle.grid.box == (2, 3)
    assert parse("E.D.......B...EC...A........F...CD.B", box=(3, 2)).grid.box == (3, 2)


def test_explicit_symbols_and_size() -> None:
    line = "1.........................................................................9..." + "..."
    puzzle = parse(line[:81], symbols="123456789")
    assert puzzle.grid.size == 9
    with pytest.raises(ParseError, match="expected a 4x4 puzzle"):
        parse(TOP95_1, size=4)


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("4....x8.5" + "." * 72, 1, 6, "'x' is not a symbol"),
        ("." * 80, 1, None, "80 cells is not a square number"),
        ("123\n456\n", 1, None, "needs 3 rows"),
        ("." * 81 + "\n" + "." * 80, 2, None, "80 cells"),
    ],
)
def test_parse_errors_name_the_line_and_column(
    text: str, line: int, column: int | None, message: str
) -> None:
    with pytest.raises(ParseError, match=message) as info:
        parse_many(text)
    assert info.value.line == line
    assert info.value.column == column


def _grid_rows(puzzle: str = TOP95_1) -> list[str]:
    return [" ".join(puzzle[r * 9 + c : r * 9 + c + 3] for c in (0, 3, 6)) for r in range(9)]


@pytest.mark.parametrize(
    ("row", "cells", "words"),
    [
        (7, 8, "has 8 cells, one cell short"),  # the grid: line 8 a cell short
        (8, 10, "has 10 cells, one cell too many"),  # the last row
        (0, 7, "has 7 cells, 2 cells short"),  # the first row: the rows after it tell
        (1, 8, "has 8 cells, one cell short"),  # the second row: rows 1 and 3 agree
    ],
)
def test_a_grid_row_of_another_length_is_named_by_its_line(row: int, cells: int, words: str) -> None:
    rows = _grid_rows()
    flat = rows[row].replace(" ", "")
    rows[row] = (flat + "." * 9)[:cells]
    text = "# a grid\n\n" + "\n".join(rows) + "\n"  # two lines above the grid: its row r is on line r + 3
    with pytest.raises(ParseError, match=words) as info:
        parse_many(text)
    assert info.value.line == row + 3
    assert "the rows around it have 9, and a 9x9 grid needs 9 rows of 9 cells" in str(info.value)


def test_a_grid_cut_short_names_the_lines_it_has() -> None:
    with pytest.raises(ParseError, match=r"found 7 such rows \(lines 1 to 7\)") as info:
        parse_many("\n".join(_grid_rows()[:7]))
    assert info.value.line == 1
    with pytest.raises(ParseError, match="found 7 such rows") as info:  # a one-line puzzle is no grid row
        parse_many("\n".join([*_grid_rows()[:7], TOP95_1]))
    assert info.value.line == 1


def test_bad_character_in_a_grid_names_its_row_and_column() -> None:
    rows = TOP95_1.replace("8", "8", 1)
    grid = "\n".join(rows[r * 9 : r * 9 + 9] for r in range(9))
    grid = grid[:25] + "?" + grid[26:]
    with pytest.raises(ParseError) as info:
        parse(grid)
    assert (info.value.line, info.value.column) == (3, 6)


def test_several_puzzles_given_to_parse_is_an_error() -> None:
    with pytest.raises(ParseError, match="holds 2 puzzles"):
        parse(TOP95_1 + "\n" + TOP95_1)
    with pytest.raises(ParseError, match="no puzzle"):
        parse("# only a comment\n\n")


@pytest.mark.parametrize("form", ["line", "grid", "pretty", "sdk", "ss", "json"])
def test_round_trip_through_every_9x9_format(form: str) -> None:
    for _, puzzle_text, _ in seed_puzzles():
        puzzle = parse(puzzle_text)
        assert parse(dumps(puzzle, form)) == puzzle


def test_round_trip_sdm_and_multi_puzzle_text(tmp_path: Path) -> None:
    puzzles = [parse(line) for line in data_lines("sudoku-top95.txt")[:20]]
    for form in ("sdm", "line", "grid", "pretty", "json"):
        path = tmp_path / f"many.{form}"
        write(path, puzzles, form)
        assert read(path) == puzzles, form


def test_sdk_keeps_metadata_through_a_round_trip(fixtures: Path) -> None:
    [puzzle] = read(fixtures / "norvig-top95-1.sdk")
    again = parse(dumps(puzzle, "sdk"))
    assert again == puzzle and dict(again.metadata) == dict(puzzle.metadata)


@pytest.mark.parametrize("n", [4, 6, 8, 12, 16, 25, 36])
def test_round_trip_other_sizes(n: int) -> None:
    grid = Grid.classic(n)
    solution = sudokit.solve(Puzzle.empty(grid)).solution
    assert solution is not None
    givens = tuple(v if (i * 7) % 3 == 0 else EMPTY for i, v in enumerate(solution.values))
    puzzle = Puzzle(grid, givens)
    for form in ("line", "grid", "pretty", "json"):
        assert parse(dumps(puzzle, form)) == puzzle, form


def test_json_carries_every_model_feature() -> None:
    classic = Grid.classic(6, (3, 2), "abcdef")
    diagonal = Unit("diagonal", tuple(i * 6 + i for i in range(6)))
    grid = Grid(classic.symbols, classic.cells, (*classic.units, diagonal), 6, 6, classic.box)
    allowed = [grid.full_mask] * 36
    allowed[5] = 0b000110
    puzzle = Puzzle(grid, (0,) + (EMPTY,) * 35, tuple(allowed), {"title": "test"})
    text = dumps(puzzle, "json")
    data = json.loads(text)
    assert data["box"] == [3, 2] and data["symbols"] == "abcdef"
    assert data["units"] == [{"name": "diagonal", "cells": [f"r{i}c{i}" for i in range(1, 7)]}]
    assert data["candidates"] == {"r1c6": "bc"}
    again = parse(text)
    assert again == puzzle and again.metadata == {"title": "test"}


def test_json_jigsaw_and_holes_round_trip() -> None:
    jigsaw = Grid.jigsaw(["AABB", "AABB", "CCDD", "CCDD"])
    puzzle = Puzzle(jigsaw, (0,) + (EMPTY,) * 15)
    assert parse(dumps(puzzle, "json")) == puzzle
    cells = tuple((r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1))
    units = (Unit("ring top", (0, 1, 2)), Unit("ring bottom", (5, 6, 7)), Unit("left", (0, 3, 5)))
    holes = Grid(tuple("123"), cells, units, 3, 3)
    puzzle = Puzzle(holes, (EMPTY,) * 8)
    data = json.loads(dumps(puzzle, "json"))
    assert data["shape"] == ["###", "#.#", "###"] and data["rows_and_columns"] is False
    assert parse(json.dumps(data)) == puzzle


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ('{"size": 9, "colour": "red"}', 'unknown key "colour"'),
        ('{"size": 9, "box": [2, 2]}', "do not tile"),
        ('{"size": 4, "givens": ["12", "34"]}', '"givens" must be a list of 4 rows'),
        ('{"size": 4, "givens": ["1234", "5...", "....", "...."]}', "'5' is not a symbol"),
        ('{"size": 4, "units": [{"cells": ["r9c9"]}]}', "not a cell of the grid"),
        ('{"size": 4, "version": 7}', '"version" 7'),
        ('{"size": 4,', "invalid JSON"),
    ],
)
def test_json_errors_are_specific(document: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse(document)


def test_writers_refuse_what_their_format_cannot_hold(fixtures: Path) -> None:
    big = parse(GECODE16_1)
    for form in ("sdk", "sdm", "ss"):
        with pytest.raises(FormatError, match="9x9"):
            dumps(big, form)
    [tokens] = read(fixtures / "numbers-16x16.txt")
    with pytest.raises(FormatError, match="9x9"):
        dumps(tokens, "sdk")
    with pytest.raises(FormatError, match="unknown output format"):
        dumps(big, "xml")
    with pytest.raises(FormatError, match="holds one puzzle"):
        dumps([parse(TOP95_1), parse(TOP95_1)], "sdk")


def test_repr_round_trips() -> None:
    for text in (TOP95_1, GECODE16_1, "E.D.......B...EC...A........F...CD.B"):
        puzzle = parse(text)
        rebuilt = eval(repr(puzzle), {"Puzzle": Puzzle})
        assert rebuilt == puzzle
    odd = parse("E.D.......B...EC...A........F...CD.B", box=(3, 2))
    assert eval(repr(odd), {"Puzzle": Puzzle}) == odd


def test_pretty_output_and_candidates() -> None:
    puzzle = parse(TOP95_1)
    text = str(puzzle)
    lines = text.splitlines()
    assert lines[0] == "4 . . | . . . | 8 . 5"
    assert lines[3] == "------+-------+------"
    from sudokit.render import pencil_marks

    marks = pencil_marks(puzzle).splitlines()
    assert len(marks) == 11
    first = marks[0].split()
    assert first[0] == "4"  # a given shows itself
    assert "4" not in first[1] and "3" not in first[1]  # r1c2 sees 4 in its row and 3 in its box


def test_symbols_of_several_characters_write_one_line_as_tokens(fixtures: Path) -> None:
    # symbols 1-16 (an f-puzzles 16x16): the one-line form is space-separated tokens, read back alike
    [tokens] = read(fixtures / "numbers-16x16.txt")
    line = dumps(tokens, "line").strip()
    assert "\n" not in line and len(line.split()) == 256
    assert parse(line, symbols=tokens.grid.symbols) == tokens
    solution = sudokit.solve(tokens).solution
    assert solution is not None
    again = parse(dumps(solution.as_puzzle(), "line").strip(), symbols=tokens.grid.symbols)
    assert again.givens == solution.values


def test_solutions_of_restricted_puzzles_print_in_every_text_form(fixtures: Path) -> None:
    # a sukaku's solution has no restricted cells left: every text form can hold it
    known = sudokit.solve(TOP95_1).solution
    assert known is not None
    pairs = [{int(d), int(d) % 9 + 1} for d in known.to_string()]  # each cell: its digit and the next
    puzzle = parse("".join("".join(str(k) if k in pair else "." for k in range(1, 10)) for pair in pairs))
    assert puzzle.allowed is not None
    solution = sudokit.solve(puzzle).solution
    assert solution is not None
    for form in ("line", "grid", "sdk", "ss", "sdm"):
        assert parse(dumps(solution.as_puzzle(), form)).givens == solution.values


def test_pencil_marks_with_hodoku_step_markup_read_as_the_plain_marks() -> None:
    puzzle = parse(TOP95_1)
    plain = dumps(puzzle, "pencilmarks")
    lines = plain.splitlines()
    marked = []
    for number, line in enumerate(lines):
        tokens = line.split(" ")
        for k, token in enumerate(tokens):
            if k and len(token) > 2 and token.isdigit():  # a cell with several candidates: mark it
                mark = "*#@"[number % 3]
                tokens[k] = mark + token[0] + "-" + token[1:]
                break
        marked.append(" ".join(tokens))
    text = "\n".join(marked) + "\n"
    assert text != plain and "*" in text and "-" in text
    assert parse(text) == parse(plain)
