"""Variants: every published puzzle of the fixtures solves, uniquely, to its published solution.

The puzzles are built with sudokit's variant builders from each record; the solution is then checked
by ``check_record`` below, which reads the rules straight from the record and shares no code with
sudokit, and compared with the published one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import sudokit
from sudokit import EMPTY, Grid, GridError, Puzzle, variants
from sudokit.constraints.generic.primitives import CustomRelation

RECORDS = [
    json.loads(line)
    for line in (Path(__file__).parent / "fixtures" / "variants" / "variants.jsonl").read_text().splitlines()
]


def _rows(rows: Sequence[Any]) -> list[list[str]]:
    """Record rows as lists of cell texts (strings split per character, token lists kept)."""
    return [list(row) for row in rows]


def build(record: dict[str, Any]) -> Puzzle:
    """The record's puzzle, made with sudokit's builders."""
    symbols = record["symbols"]
    n = len(symbols)
    if "subgrids" in record:
        sub = record["subgrids"]
        grid = variants.multi_grid(
            [tuple(c) for c in sub["top_left"]], sub["size"], tuple(sub["box"]), symbols
        )
    elif "regions" in record:
        grid = Grid.jigsaw(record["regions"], symbols)
    else:
        grid = Grid.classic(n, tuple(record["box"]), symbols)
    if "extra_houses" in record:
        grid = variants.with_units(
            grid, [[tuple(c) for c in house] for house in record["extra_houses"]], "house"
        )
    if "cages" in record:
        grid = variants.killer(
            grid, [([tuple(c) for c in cage["cells"]], cage["sum"]) for cage in record["cages"]]
        )
    rows = _rows(record["givens"])
    givens = tuple(grid.symbol_index[rows[r][c]] if rows[r][c] != "." else EMPTY for r, c in grid.cells)
    allowed = None
    if "candidates" in record:
        allowed = tuple(
            sum(1 << grid.symbol_index[s] for s in record["candidates"][r][c]) for r, c in grid.cells
        )
    return Puzzle(grid, givens, allowed)


def check_record(record: dict[str, Any], solution: list[list[str]]) -> list[str]:
    """Independent check of a solution (rows of cell texts, None for no cell) against a record's rules."""
    symbols = list(record["symbols"])
    n = len(symbols)
    given = _rows(record["givens"])
    cells = [
        (r, c) for r in range(record["rows"]) for c in range(record["cols"]) if solution[r][c] is not None
    ]
    houses: list[list[tuple[int, int]]] = []
    if "subgrids" in record:
        sub = record["subgrids"]
        size, (br, bc) = sub["size"], sub["box"]
        for top, left in sub["top_left"]:
            houses += [[(top + r, left + c) for c in range(size)] for r in range(size)]
            houses += [[(top + r, left + c) for r in range(size)] for c in range(size)]
            houses += [
                [(top + i + a, left + j + b) for a in range(br) for b in range(bc)]
                for i in range(0, size, br)
                for j in range(0, size, bc)
            ]
    else:
        houses += [[(r, c) for c in range(n)] for r in range(n)]
        houses += [[(r, c) for r in range(n)] for c in range(n)]
        if "regions" in record:
            labels: dict[str, list[tuple[int, int]]] = {}
            for r, row in enumerate(record["regions"]):
                for c, label in enumerate(row):
                    labels.setdefault(label, []).append((r, c))
            houses += list(labels.values())
        else:
            br, bc = record["box"]
            houses += [
                [(i + a, j + b) for a in range(br) for b in range(bc)]
                for i in range(0, n, br)
                for j in range(0, n, bc)
            ]
    houses += [[tuple(c) for c in house] for house in record.get("extra_houses", [])]
    faults = []
    for r, c in cells:
        value = solution[r][c]
        if value not in symbols:
            faults.append(f"({r}, {c}) holds {value!r}")
        if given[r][c] != "." and given[r][c] != value:
            faults.append(f"({r}, {c}) changes its given")
        if "candidates" in record and value not in record["candidates"][r][c]:
            faults.append(f"({r}, {c}) holds a symbol not among its candidates")
    for house in houses:
        values = [solution[r][c] for r, c in house]
        if len(set(values)) != len(values):
            faults.append(f"house {house[:2]}... repeats a symbol")
    for cage in record.get("cages", []):
        values = [solution[r][c] for r, c in cage["cells"]]
        if len(set(values)) != len(values) or sum(int(v) for v in values) != cage["sum"]:
            faults.append(f"cage {cage['cells'][:2]}... breaks its rule")
    return faults


def as_rows(record: dict[str, Any], puzzle: Puzzle, values: Sequence[int]) -> list[list[str | None]]:
    """A solution of the puzzle as rows of cell texts (None where the frame has no cell)."""
    rows: list[list[str | None]] = [[None] * record["cols"] for _ in range(record["rows"])]
    for (r, c), v in zip(puzzle.grid.cells, values, strict=True):
        rows[r][c] = puzzle.grid.symbols[v]
    return rows


def published(record: dict[str, Any]) -> list[list[str | None]]:
    """The record's published solution as rows of cell texts (None for no cell)."""
    return [[None if text == " " else text for text in row] for row in _rows(record["solution"])]


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_published_variant_puzzles_solve_uniquely_to_their_solution(record: dict[str, Any]) -> None:
    puzzle = build(record)
    result = sudokit.count_solutions(puzzle, 2, time_limit=60)
    assert result.complete and result.count == 1, record["id"]
    rows = as_rows(record, puzzle, result.first.values)
    assert check_record(record, rows) == []
    assert rows == published(record)
    assert result.first.violations() == []


def test_the_checker_catches_a_broken_cage_and_house() -> None:
    record = next(r for r in RECORDS if r["id"] == "janko-sudoku-killer-111")
    rows = published(record)
    assert check_record(record, rows) == []
    rows[0][0], rows[0][1] = rows[0][1], rows[0][0]  # swap two cells of row 1: columns and maybe a cage break
    assert check_record(record, rows)


def test_relations_restrict_solutions() -> None:
    grid = Grid.classic(4)
    plain = sudokit.count_solutions(Puzzle.empty(grid)).count
    for build_variant in (variants.anti_king, variants.anti_knight, variants.non_consecutive):
        restricted = build_variant(grid)
        found = list(sudokit.solutions(Puzzle.empty(restricted)))
        assert len(found) < plain
        for solution in found:
            assert solution.violations() == []
            values = dict(zip(grid.cells, solution.values, strict=True))
            for (r, c), v in values.items():
                for (dr, dc), kind in (
                    ((1, 2), "knight"),
                    ((1, 1), "king"),
                    ((0, 1), "ortho"),
                    ((1, 0), "ortho"),
                ):
                    w = values.get((r + dr, c + dc))
                    if w is None:
                        continue
                    if build_variant is variants.anti_king and kind == "king":
                        assert v != w
                    if build_variant is variants.anti_knight and kind == "knight":
                        assert v != w
                    if build_variant is variants.non_consecutive and kind == "ortho":
                        assert abs(v - w) != 1


def test_anti_knight_9x9_counts_agree_with_a_plain_filter() -> None:
    """Anti-knight solutions are exactly the plain solutions that keep knight moves apart (on a 4x4)."""
    grid = Grid.classic(4)
    plain = [s.values for s in sudokit.solutions(Puzzle.empty(grid))]
    moves = [
        ((r, c), (r + dr, c + dc))
        for r in range(4)
        for c in range(4)
        for dr, dc in ((1, 2), (2, 1), (1, -2), (2, -1))
    ]
    moves = [(a, b) for a, b in moves if 0 <= b[0] < 4 and 0 <= b[1] < 4]
    expected = {v for v in plain if all(v[a[0] * 4 + a[1]] != v[b[0] * 4 + b[1]] for a, b in moves)}
    found = {s.values for s in sudokit.solutions(Puzzle.empty(variants.anti_knight(grid)))}
    assert found == expected


def test_killer_without_givens_solves_fast_through_cage_sums() -> None:
    record = next(r for r in RECORDS if r["id"] == "janko-sudoku-killer-111")
    result = sudokit.count_solutions(build(record), 2)
    assert result.unique and result.nodes < 1000


def test_bad_variant_definitions_are_clear_errors() -> None:
    grid = Grid.classic(9)
    with pytest.raises(
        GridError, match=r"cage at r1c1 \(sum 2\): 2 different symbols add up to 3 to 17, never 2"
    ):
        variants.killer(grid, [([(0, 0), (0, 1)], 2)])
    overlapping = variants.killer(grid, [([(0, 0), (0, 1)], 5), ([(0, 1), (0, 2)], 5)])  # cages may overlap
    assert len(overlapping.cages) == 2
    with pytest.raises(GridError, match="killer cage: r10c1 is not a cell"):
        variants.killer(grid, [([(9, 0)], 5)])
    with pytest.raises(GridError, match="does not line up with the boxes"):
        variants.multi_grid([(0, 0), (4, 4)])
    with pytest.raises(GridError, match="region 1 has 10 cells"):
        Grid.jigsaw(["111111111", "122222222"] + ["2" * 9] * 7)
    with pytest.raises(GridError, match="unknown multi-grid 'nope'"):
        variants.named_multi_grid("nope")


def test_named_multi_grids_have_the_expected_shape() -> None:
    shapes = {"twodoku": (15, 153), "butterfly": (12, 144), "samurai": (21, 369), "sohei": (21, 288)}
    for name, (side, cells) in shapes.items():
        grid = variants.named_multi_grid(name)
        assert (grid.rows, grid.cols, len(grid.cells)) == (side, side, cells)
        solution = sudokit.solve(Puzzle.empty(grid)).solution
        assert solution is not None and solution.violations() == []


def test_contradiction_on_a_relation_is_explained() -> None:
    grid = variants.anti_king(Grid.classic(4))
    givens = [EMPTY] * 16
    givens[5] = givens[10] = 0  # r2c2 and r3c3: diagonal neighbours in different boxes
    result = sudokit.solve(Puzzle(grid, tuple(givens)))
    assert not result.solved and result.nodes == 0
    assert result.reason in (
        "r2c2 holds 1, which leaves r3c3 no candidate under their antiking relation",
        "r3c3 holds 1, which leaves r2c2 no candidate under their antiking relation",
    )


def test_windows_disjoint_groups_and_centre_dots() -> None:
    grid = Grid.classic(9)
    for build_variant, extra in (
        (variants.windoku, 4),
        (variants.disjoint_groups, 9),
        (variants.centre_dot, 1),
    ):
        made = build_variant(grid)
        assert len(made.units) == 27 + extra
        solution = sudokit.solve(Puzzle.empty(made)).solution
        assert solution is not None and solution.violations() == []
        for unit in made.units[27:]:
            assert len({solution.values[c] for c in unit.cells}) == 9


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_variants_round_trip_through_json(record: dict[str, Any]) -> None:
    puzzle = build(record)
    text = sudokit.dumps(puzzle, "json")
    assert sudokit.parse(text) == puzzle
    data = json.loads(text)
    if "subgrids" in record:
        assert data["grids"]["corners"] == record["subgrids"]["top_left"]
    if "cages" in record:
        cages = [c for c in data["constraints"] if c["kind"] == "killer"]
        assert [c["total"] for c in cages] == [c["sum"] for c in record["cages"]]


def test_named_constraints_and_custom_relations_round_trip_through_json() -> None:
    grid = variants.non_consecutive(variants.anti_knight(Grid.classic(6)))
    grid = variants.with_relations(grid, [(2, 2)], {0, 2}, "custom")
    puzzle = Puzzle.empty(grid)
    data = json.loads(sudokit.dumps(puzzle, "json"))
    assert data["constraints"][:2] == [{"kind": "antiknight"}, {"kind": "nonconsecutive"}]
    assert data["constraints"][2] == {
        "kind": "relation", "first": "r1c1", "second": "r3c3", "distances": [0, 2]
    }  # fmt: skip
    assert sudokit.parse(json.dumps(data)) == puzzle
    old = {"format": "sudokit", "version": 2, "size": 6, "box": [2, 3], "constraints": ["antiknight"]}
    old["relations"] = [{"cells": ["r1c1", "r3c3"], "distances": [0, 2]}]  # version 2's forms still read
    again = sudokit.parse(json.dumps(old)).grid
    assert again == variants.anti_knight(Grid.classic(6)).with_constraints(
        CustomRelation((0, 0), (2, 2), (0, 2), "custom")
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"constraints": ["antibishop"]}, "unknown constraint kind 'antibishop'"),
        ({"cages": [{"cells": ["r1c1", "r9c9"], "sum": 1}]}, "never 1"),
        ({"cages": [{"cells": ["r1c1"], "total": 1}]}, '"cages" item 1 must be'),
        ({"relations": [{"cells": ["r1c1"], "distances": [0]}]}, "must name two cells"),
        ({"version": 1, "cages": []}, 'need "version": 2'),
        ({"grids": {"corners": [[0, 0], [4, 4]]}, "box": [3, 3]}, '"grids" makes the frame'),
    ],
)
def test_bad_variant_json_is_a_clear_error(change: dict[str, Any], message: str) -> None:
    data = {"format": "sudokit", "version": 2, "size": 9, "box": [3, 3]} | change
    with pytest.raises(sudokit.ParseError, match=message):
        sudokit.parse(json.dumps(data))


def _frame_text(record: dict[str, Any], hole: str) -> str:
    """A multi-grid record's givens as frame text, holes written with ``hole``."""
    solution = record["solution"]
    return "\n".join(
        "".join(hole if solution[r][c] == " " else ch for c, ch in enumerate(row))
        for r, row in enumerate(record["givens"])
    )


MULTI = [r for r in RECORDS if "subgrids" in r and r["variant"] != "butterfly"]


@pytest.mark.parametrize("hole", [" ", "-"])
@pytest.mark.parametrize("record", MULTI, ids=[r["id"] for r in MULTI])
def test_multi_grid_text_is_recognised_from_its_holes(record: dict[str, Any], hole: str) -> None:
    text = _frame_text(record, hole)
    puzzle = sudokit.parse(text)
    assert puzzle == build(record)
    solution = sudokit.solve(puzzle).solution
    lines = sudokit.dumps(solution.as_puzzle(), "line").splitlines()
    assert lines == ["".join(ch if ch != " " else "-" for ch in row) for row in record["solution"]]


def test_butterfly_needs_its_name_and_rules_can_be_added() -> None:
    record = next(r for r in RECORDS if r["variant"] == "butterfly")
    text = "\n".join(record["givens"])
    puzzle = sudokit.parse(text, variants=["butterfly"])
    assert puzzle == build(record)
    x = sudokit.parse("." * 81, variants=["x", "antiknight"])
    assert [u.name for u in x.grid.units[-2:]] == ["main diagonal", "anti-diagonal"]
    assert x.grid.relations and {r.kind for r in x.grid.relations} == {"antiknight"}
    with pytest.raises(sudokit.ParseError, match="one layout, not samurai and sohei"):
        sudokit.parse(text, variants=["samurai", "sohei"])
    with pytest.raises(sudokit.ParseError, match="stands where a samurai has no cell"):
        sudokit.parse(_frame_text(MULTI[0], " ").replace(" ", "5", 1), variants=["samurai"])


def test_cli_reads_a_samurai_file_and_names_variants(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from sudokit.cli import cli

    record = MULTI[0]
    path = tmp_path / "samurai.txt"
    path.write_text(_frame_text(record, " ") + "\n")
    runner = CliRunner()
    result = runner.invoke(cli, ["solve", str(path), "--format", "line"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [row.replace(" ", "-") for row in record["solution"]]
    result = runner.invoke(
        cli, ["count", "." * 81, "--variant", "x", "--variant", "antiknight", "--limit", "5"]
    )
    assert result.exit_code == 0 and result.output.split()[0] == "5"
    result = runner.invoke(cli, ["solve", "." * 81, "--variant", "nope"])
    assert result.exit_code == 2


def test_pretty_printing_draws_regions_and_lists_cages() -> None:
    jigsaw = build(next(r for r in RECORDS if r["id"] == "janko-sudoku-chaos-008"))
    text = str(jigsaw)
    lines = text.splitlines()
    assert len(lines) == 11  # six rows of cells, five border rows between them
    assert lines[0].startswith("4") and "|" in lines[0] and "+" in text
    killer = build(next(r for r in RECORDS if r["id"] == "janko-sudoku-killer-011"))
    assert str(killer).splitlines()[-16:][0] == "cage r1c1 r2c1 r2c2 = 7"


def test_jigsaw_regions_must_be_connected_unless_allowed() -> None:
    regions = ["AAB", "BBA", "CCC"]  # A and B are each in two pieces
    with pytest.raises(GridError, match="region A is in several pieces"):
        Grid.jigsaw(regions)
    grid = Grid.jigsaw(regions, connected=False)
    puzzle = Puzzle.empty(grid)
    again = sudokit.parse(sudokit.dumps(puzzle, "json"))
    assert again == puzzle and json.loads(sudokit.dumps(puzzle, "json"))["connected_regions"] is False


def test_sukaku_round_trips_through_candidate_forms() -> None:
    record = next(r for r in RECORDS if r["variant"] == "sukaku")
    puzzle = build(record)
    line = sudokit.dumps(puzzle, "candidates").strip()
    assert len(line) == 729 and line[:9] == ".2...6..."  # r1c1 may hold 2 or 6
    assert sudokit.parse(line) == puzzle
    marks = sudokit.dumps(puzzle, "pencilmarks")
    assert marks.splitlines()[0].split()[:2] == ["26", "16"]
    again = sudokit.parse(marks)
    assert again.allowed == puzzle.allowed
    assert sudokit.solve(again).solution.values == sudokit.solve(puzzle).solution.values
    # an empty 8x8 line is 64 characters, like a 4x4 candidate line: it stays an 8x8 puzzle
    assert sudokit.parse("." * 64).grid.size == 8
    assert sudokit.parse("1234" * 16, format="candidates").allowed == (0b1111,) * 16


def test_odd_even_cells_limit_the_solution() -> None:
    grid = Grid.classic(4)
    plain = Puzzle.empty(grid)
    odd_cells, even_cells = [(0, 0), (1, 1)], [(0, 1), (3, 3)]
    puzzle = variants.odd_even(plain, odd_cells, even_cells)
    found = list(sudokit.solutions(puzzle))
    everything = list(sudokit.solutions(plain))
    expected = [
        s.values
        for s in everything
        if all(s.values[r * 4 + c] % 2 == 0 for r, c in odd_cells)  # index 0 is the symbol 1: odd
        and all(s.values[r * 4 + c] % 2 == 1 for r, c in even_cells)
    ]
    assert [s.values for s in found] == expected and 0 < len(found) < len(everything)
    with pytest.raises(GridError, match="r5c1 is not a cell"):
        variants.odd_even(plain, [(4, 0)])


def test_emoji_and_token_symbols_work_in_variants_and_formats() -> None:
    fruit = ["🍎", "🍌", "🍇", "🍒"]
    grid = variants.diagonals(Grid.classic(4, symbols=fruit))
    givens = [EMPTY] * 16
    givens[0], givens[15] = 0, 1
    puzzle = Puzzle(grid, tuple(givens))
    solution = sudokit.solve(puzzle).solution
    assert solution.violations() == [] and solution.rows_of_symbols()[0][0] == "🍎"
    assert sudokit.parse(sudokit.dumps(puzzle, "json")) == puzzle
    for form in ("grid", "pretty"):
        assert sudokit.parse(sudokit.dumps(puzzle, form), symbols=fruit).givens == puzzle.givens
    assert "🍎" in render_svg_text(puzzle)
    tokens = build(next(r for r in RECORDS if r["id"] == "janko-sudoku-0566"))  # 12x12, symbols 10-12
    text = sudokit.dumps(tokens, "grid")
    assert sudokit.parse(text, symbols=tokens.grid.symbols) == tokens


def render_svg_text(puzzle: Puzzle) -> str:
    """The puzzle's SVG (through the Jupyter hook)."""
    return puzzle._repr_svg_()


def test_samurai_as_five_grids_must_agree_where_they_overlap() -> None:
    record = MULTI[0]
    puzzle = build(record)
    frame = [row.ljust(21) for row in record["givens"]]
    lines = []
    for top, left in record["subgrids"]["top_left"]:
        lines.append("".join(frame[top + r][left + c] for r in range(9) for c in range(9)))
    assert sudokit.parse("\n".join(lines), variants=["samurai"]) == puzzle
    centre = list(lines[2])
    centre[0] = "9" if centre[0] != "9" else "8"  # r7c7, shared with grid 1's last box
    lines[2] = "".join(centre)
    grid_one = lines[0][60]  # grid 1's r7c7
    if grid_one == ".":
        lines[0] = lines[0][:60] + ("1" if centre[0] != "1" else "2") + lines[0][61:]
    with pytest.raises(sudokit.ParseError, match=r"grids 1 and 3 disagree at r7c7"):
        sudokit.parse("\n".join(lines), variants=["samurai"])


GATTAI_8 = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12), (6, 18), (0, 24), (12, 24)]
SUMO = [
    (0, 0),
    (0, 12),
    (0, 24),
    (6, 6),
    (6, 18),
    (12, 0),
    (12, 12),
    (12, 24),
    (18, 6),
    (18, 18),
    (24, 0),
    (24, 12),
    (24, 24),
]
SHOGUN = [(0, 0), (0, 12), (0, 24), (0, 36), (6, 6), (6, 18), (6, 30), (12, 0), (12, 12), (12, 24), (12, 36)]


@pytest.mark.parametrize(
    "corners",
    [GATTAI_8, SUMO, SHOGUN, [(0, 0), (6, 6), (12, 12)]],
    ids=["gattai-8", "sumo", "shogun", "steps"],
)
def test_any_layout_of_grids_is_read_from_the_shape_of_its_frame(corners: list[tuple[int, int]]) -> None:
    from sudokit.formats.multigrid import format_frame

    grid = variants.multi_grid(sorted(corners))  # grids numbered in reading order, as read back
    assert variants.corners_from_shape(grid.cells) == sorted(corners)
    filled = sudokit.solve(Puzzle.empty(grid)).solution
    assert filled is not None and filled.violations() == []
    keep = [v if (r * 7 + c * 3) % 4 else EMPTY for (r, c), v in zip(grid.cells, filled.values, strict=True)]
    text = format_frame(grid, keep)
    assert sudokit.formats.detect(text) == "multigrid"
    puzzle = sudokit.parse(text)
    assert puzzle.grid == grid and list(puzzle.givens) == keep
    assert sudokit.solve(puzzle).solution == filled.__class__(puzzle, filled.values)
    shape = [
        "".join("#" if (r, c) in grid.index else "." for c in range(grid.cols)) for r in range(grid.rows)
    ]
    document = {
        "format": "sudokit",
        "version": 2,
        "size": 9,
        "grids": {"size": 9},
        "shape": shape,
        "givens": text.replace("-", ".").split(),
    }
    assert sudokit.parse(json.dumps(document)).grid == grid


def test_a_shape_made_of_grids_in_more_than_one_way_is_named_as_ambiguous() -> None:
    from sudokit.formats.multigrid import format_frame

    flower = variants.named_multi_grid("flower")
    with pytest.raises(sudokit.GridError, match=r"ambiguous: .* square at \(3, 3\) lies inside it"):
        variants.corners_from_shape(flower.cells)
    text = format_frame(flower, [EMPTY] * len(flower.cells))
    assert sudokit.parse(text).grid == flower  # the named layout is found first
    lopsided = [(0, 0), (0, 6), (9, 0)]  # two grids side by side in a 9x15 band, one below
    shape = {(r, c) for top, left in lopsided for r in range(top, top + 9) for c in range(left, left + 9)}
    with pytest.raises(sudokit.GridError, match="square at"):
        variants.corners_from_shape(shape)
    with pytest.raises(sudokit.GridError, match="not a union of 9x9 grids"):
        variants.corners_from_shape({(r, c) for r in range(12) for c in range(10)} - {(0, 9)})


def test_non_consecutive_is_of_values_whatever_the_alphabet_order() -> None:
    """Consecutive means values one apart: written 1 2 3 4 6 5, the alphabet gives the same solutions."""
    plain = variants.non_consecutive(Grid.classic(6, symbols=tuple("123456")))
    first = sudokit.solve(Puzzle(plain, (-1,) * 36)).solution
    assert first is not None
    top = [plain.values[v] for v in first.values[:6]]  # the first row given, as values

    def value_grids(symbols: tuple[str, ...]) -> set[tuple[int, ...]]:
        grid = variants.non_consecutive(Grid.classic(6, symbols=symbols))
        givens = tuple(grid.values.index(top[c]) if c < 6 else -1 for c in range(36))
        found = list(sudokit.solutions(Puzzle(grid, givens), limit=100_000))
        for solution in found:
            assert solution.violations() == []
        return {tuple(grid.values[v] for v in s.values) for s in found}

    ordered, shuffled = value_grids(tuple("123456")), value_grids(tuple("123465"))
    assert ordered and ordered == shuffled


def test_group_contents_from_the_api_solve_round_trip_and_hold_by_hand() -> None:
    # ISS's ContainAtLeast, ContainExact, LookAndSay and CountDistinct on a 9x9, stated in the API
    diagonal = [(i, i) for i in range(9)]
    grid = variants.look_and_say(sudokit.Grid.classic(9), diagonal, "3501")  # three 5s, no 1
    grid = variants.count_distinct(grid, (0, 8), [(r, 8) for r in range(1, 5)])
    grid = variants.contain_exact(grid, [(8, 0), (5, 3), (2, 6), (0, 1)], [2, 2])
    grid = variants.contain_at_least(grid, [(4, 4), (4, 5)], [7])
    puzzle = sudokit.Puzzle(grid, (sudokit.EMPTY,) * 81)
    result = sudokit.count_solutions(puzzle, 2)
    assert result.count == 2 and result.first is not None
    values = {cell: int(result.first[cell]) for cell in grid.cells}
    on_diagonal = [values[c] for c in diagonal]
    assert on_diagonal.count(5) == 3 and 1 not in on_diagonal  # the plain rules, by hand
    assert values[(0, 8)] == len({values[(r, 8)] for r in range(1, 5)})
    assert [values[c] for c in [(8, 0), (5, 3), (2, 6), (0, 1)]].count(2) == 2
    assert 7 in (values[(4, 4)], values[(4, 5)])
    again = sudokit.parse(sudokit.dumps(puzzle, "json"))
    assert set(again.grid.constraints) == set(grid.constraints)
    with pytest.raises(sudokit.GridError, match="look-and-say"):
        variants.look_and_say(sudokit.Grid.classic(9), diagonal, "123")
    with pytest.raises(sudokit.GridError, match="more digits than its cells hold"):
        variants.look_and_say(sudokit.Grid.classic(9), diagonal[:2], "35")


def test_a_regex_line_from_the_api_and_json_keeps_its_pattern() -> None:
    row = [(0, c) for c in range(9)]
    grid = variants.regex_line(sudokit.Grid.classic(9), row, "1.*9")  # row 1 starts with 1, ends with 9
    grid = variants.regex_line(grid, [(r, 0) for r in range(1, 5)], "[2468]+")  # then four even digits
    puzzle = sudokit.Puzzle(grid, (sudokit.EMPTY,) * 81)
    found = sudokit.solve(puzzle).solution
    assert found is not None
    assert found[(0, 0)] == "1" and found[(0, 8)] == "9"
    assert all(int(found[(r, 0)]) % 2 == 0 for r in range(1, 5))
    again = sudokit.parse(sudokit.dumps(puzzle, "json"))
    assert set(again.grid.constraints) == set(grid.constraints)
    with pytest.raises(sudokit.GridError, match="without its"):
        variants.regex_line(sudokit.Grid.classic(9), row, "(1")
    with pytest.raises(sudokit.GridError, match="more than 4,000 states"):  # a link cannot make it build more
        variants.regex_line(sudokit.Grid.classic(9), row, "(((1{64}){64}){64})")


def test_an_equality_cage_balances_its_digits_and_leaves_out_the_middle_one() -> None:
    cage = [(0, 0), (0, 1), (1, 0), (1, 1)]
    grid = variants.equality_cage(sudokit.Grid.classic(9), cage)
    found = sudokit.solve(sudokit.Puzzle(grid, (sudokit.EMPTY,) * 81)).solution
    assert found is not None
    digits = [int(found[c]) for c in cage]
    assert len(set(digits)) == 4 and 5 not in digits  # different, never the middle digit
    assert sum(d % 2 == 0 for d in digits) == 2 and sum(d < 5 for d in digits) == 2
    with pytest.raises(sudokit.GridError, match="odd number of cells"):
        variants.equality_cage(sudokit.Grid.classic(9), cage[:3])
    given = sudokit.Puzzle(grid, (4,) + (sudokit.EMPTY,) * 80)  # a 5 in the cage: no solution
    assert sudokit.count_solutions(given, 2).verdict == "no solution"
