"""SVG drawings: well-formed, and holding what the puzzle holds (checked by parsing the SVG)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

import sudokit
from sudokit import EMPTY, Grid, Puzzle, variants
from sudokit.cli import cli
from sudokit.svg import render_svg
from tests.test_variants import RECORDS, build

NS = "{http://www.w3.org/2000/svg}"
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def elements(svg: str, tag: str, kind: str) -> list[ET.Element]:
    """The elements of a tag and class in an SVG document."""
    root = ET.fromstring(svg)
    return [e for e in root.iter(NS + tag) if e.get("class") == kind]


def test_classic_puzzle_and_solution() -> None:
    puzzle = sudokit.parse(TOP95_1)
    solution = sudokit.solve(puzzle).solution
    svg = solution._repr_svg_()
    givens = elements(svg, "text", "given")
    solved = elements(svg, "text", "solved")
    assert len(givens) == sum(g != EMPTY for g in puzzle.givens) == 17
    assert len(solved) == 81 - 17
    assert [e.text for e in givens][:3] == ["4", "8", "5"]
    assert len(elements(svg, "rect", "cell")) == 81
    assert len(elements(svg, "line", "border")) == 36 + 36  # the frame, and two box lines each way
    assert len(elements(svg, "text", "given")) == len(elements(puzzle._repr_svg_(), "text", "given"))
    assert elements(puzzle._repr_svg_(), "text", "solved") == []


def test_candidates_are_drawn_small_in_empty_cells() -> None:
    puzzle = sudokit.parse(TOP95_1)
    marks = puzzle.candidates()
    svg = render_svg(puzzle, candidates=marks)
    expected = sum(bin(m).count("1") for g, m in zip(puzzle.givens, marks, strict=True) if g == EMPTY)
    assert len(elements(svg, "text", "candidate")) == expected


def test_variants_are_drawn() -> None:
    killer = build(next(r for r in RECORDS if r["id"] == "janko-sudoku-killer-011"))
    svg = render_svg(killer)
    assert sorted(int(e.text) for e in elements(svg, "text", "cage-sum")) == sorted(
        c.total for c in killer.grid.cages
    )
    assert elements(svg, "line", "cage")
    x = render_svg(Puzzle.empty(variants.anti_knight(variants.diagonals(Grid.classic(9)))))
    assert len(elements(x, "polyline", "diagonal")) == 2
    assert elements(x, "text", "caption")[0].text == "anti-knight"
    windows = render_svg(Puzzle.empty(variants.windoku(Grid.classic(9))))
    assert len(elements(windows, "rect", "windoku")) == 36
    samurai = render_svg(Puzzle.empty(variants.named_multi_grid("samurai")))
    assert len(elements(samurai, "rect", "cell")) == 369
    jigsaw = build(next(r for r in RECORDS if r["id"] == "janko-sudoku-chaos-008"))
    borders = elements(render_svg(jigsaw), "line", "border")
    assert len(borders) > 24  # the frame's 24 edges and the regions' inner borders


def test_render_command_writes_an_svg_file(tmp_path: Path) -> None:
    target = tmp_path / "p.svg"
    result = CliRunner().invoke(cli, ["render", TOP95_1, "--solve", "-o", str(target)])
    assert result.exit_code == 0
    svg = target.read_text()
    assert len(elements(svg, "text", "solved")) == 64
    result = CliRunner().invoke(cli, ["render", "11" + "." * 79, "--solve"])
    assert result.exit_code == 1 and "no solution to draw" in result.output


def test_f_puzzles_cosmetic_drawings_are_drawn_by_the_renderer_and_the_app() -> None:
    import json

    import lzstring  # type: ignore[import-untyped]

    from sudokit.svg import render_svg
    from sudokit.web.board import board_json

    payload = {
        "size": 9,
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "line": [{"lines": [["R1C1", "R2C2", "R3C3"]], "outlineC": "#34BBE6", "width": 0.4}],
        "text": [{"cells": ["R5C5"], "value": "Zz", "fontC": "#FF0000", "size": 1}],
        "circle": [
            {"cells": ["R9C9"], "baseC": "#C060C0", "outlineC": "#000000", "width": 0.5, "height": 0.5}
        ],
    }
    link = "https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(payload))
    puzzle = sudokit.parse(link)
    svg = render_svg(puzzle)
    assert "cosmetic-line" in svg and "#34BBE6" in svg and ">Zz<" in svg and "#C060C0" in svg
    kinds = [shape["kind"] for shape in board_json(puzzle)["drawing"]]
    assert kinds.count("cosmetic line") == 1 and "cosmetic text" in kinds and "cosmetic circle" in kinds
