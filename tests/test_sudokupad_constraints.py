"""SudokuPad data read as constraints where it follows the way SudokuPad draws f-puzzles constraints.

SudokuPad loads an f-puzzles puzzle by drawing each constraint in a fixed style (its f-puzzles decoder:
a thermometer is a #CFCFCF line 21 thick from a round bulb 0.85 wide, a kropki dot a round overlay 0.3
wide on a cell edge, ...).  :func:`to_sudokupad` below redraws f-puzzles JSON that way, written here from
that decoder's conventions; the tests read the drawing back and expect the same rules as sudokit's
f-puzzles reader finds in the original, and the same solution.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import lzstring
import pytest

import sudokit
from sudokit import Grid, Puzzle, variants
from sudokit.formats.fpuzzles import decode

RECORDS = [
    json.loads(line)
    for line in (Path(__file__).parent / "fixtures" / "variants" / "fpuzzles-variants.jsonl")
    .read_text()
    .splitlines()
]


def rc(name: str) -> tuple[int, int]:
    match = re.fullmatch(r"R(\d+)C(\d+)", name)
    assert match
    return int(match[1]) - 1, int(match[2]) - 1


def centre(cell: tuple[int, int]) -> list[float]:
    return [cell[0] + 0.5, cell[1] + 0.5]


def mean(cells: list[tuple[int, int]]) -> list[float]:
    return [sum(r for r, _ in cells) / len(cells) + 0.5, sum(c for _, c in cells) / len(cells) + 0.5]


def to_sudokupad(fp: dict[str, Any]) -> dict[str, Any]:
    """An f-puzzles object drawn the way SudokuPad's f-puzzles decoder draws it (long key names)."""
    n = fp["size"]
    box = {4: (2, 2), 6: (2, 3), 9: (3, 3)}.get(n, (1, n))
    regions: dict[Any, list[list[int]]] = {}
    cells = []
    for r, row in enumerate(fp["grid"]):
        out_row = []
        for c, cell in enumerate(row):
            out_row.append({"value": cell["value"]} if cell.get("given") else {})
            label = cell.get("region", (r // box[0]) * box[0] + c // box[1])
            regions.setdefault(label, []).append([r, c])
        cells.append(out_row)
    out: dict[str, Any] = {"cells": cells, "regions": [regions[k] for k in sorted(regions)], "global": []}
    lines, arrows, overlays, underlays, cages = [], [], [], [], []
    grey = "#CFCFCF"
    for item in fp.get("thermometer", []):
        for line in item["lines"]:
            path = [centre(rc(x)) for x in line]
            underlays.append(
                {
                    "borderColor": grey,
                    "backgroundColor": grey,
                    "center": path[0],
                    "rounded": True,
                    "width": 0.85,
                    "height": 0.85,
                }
            )
            lines.append({"color": grey, "thickness": 21, "wayPoints": path})
    for item in fp.get("palindrome", []):
        for line in item["lines"]:
            lines.append({"color": grey, "thickness": 16, "wayPoints": [centre(rc(x)) for x in line]})
    for item in fp.get("betweenline", []):
        for line in item["lines"]:
            path = [centre(rc(x)) for x in line]
            for end in (path[0], path[-1]):
                overlays.append(
                    {
                        "borderColor": grey,
                        "backgroundColor": "#FFFFFF",
                        "center": end,
                        "fontSize": 16,
                        "borderSize": 2,
                        "rounded": True,
                        "width": 0.8,
                        "height": 0.8,
                    }
                )
            path[0] = [
                path[0][k] + 0.4 * (path[1][k] > path[0][k]) - 0.4 * (path[1][k] < path[0][k]) for k in (0, 1)
            ]
            lines.append({"color": grey, "thickness": 2, "wayPoints": path})
    for item in fp.get("arrow", []):
        bulb = [rc(x) for x in item["cells"]]
        rows, cols = [r for r, _ in bulb], [c for _, c in bulb]
        overlays.append(
            {"borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "center": mean(bulb), "fontSize": 16,
             "borderSize": 5, "rounded": True, "text": "", "width": 0.83 + max(cols) - min(cols),
             "height": 0.83 + max(rows) - min(rows)}
        )  # fmt: skip
        for line in item["lines"]:
            path = [centre(rc(x)) for x in line]
            path[0] = [
                path[0][k] + 0.4 * ((path[1][k] > path[0][k]) - (path[1][k] < path[0][k])) for k in (0, 1)
            ]
            arrows.append({"color": "#a1a1a1", "headLength": 0.3, "thickness": 5, "wayPoints": path})
    for item in fp.get("killercage", []):
        cage = {"unique": True, "cells": [list(rc(x)) for x in item["cells"]]}
        if item.get("value"):
            cage |= {"value": item["value"], "sum": int(item["value"])}
        cages.append(cage)
    directions = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
    for item in fp.get("littlekillersum", []):
        at, (dr, dc) = centre(rc(item["cell"])), directions[item["direction"]]
        arrows.append(
            {
                "color": "#000000",
                "thickness": 2,
                "wayPoints": [[at[0] + 0.3 * dr, at[1] + 0.3 * dc], [at[0] + 0.48 * dr, at[1] + 0.48 * dc]],
            }
        )
        overlays.append(
            {
                "backgroundColor": "#FFFFFF",
                "borderColor": "#FFFFFF",
                "center": at,
                "fontSize": 28,
                "width": 0.25,
                "height": 0.25,
                "rounded": False,
                "text": item.get("value", "_"),
            }
        )
    for item in fp.get("sandwichsum", []):
        overlays.append(
            {
                "backgroundColor": "#FFFFFF",
                "borderColor": "#FFFFFF",
                "center": centre(rc(item["cell"])),
                "fontSize": 32,
                "rounded": False,
                "width": 0.25,
                "height": 0.25,
                "text": item["value"],
            }
        )
    for key, fill in (("difference", "#FFFFFF"), ("ratio", "#000000")):
        for item in fp.get(key, []):
            dot = {
                "borderColor": "#000000",
                "backgroundColor": fill,
                "center": mean([rc(x) for x in item["cells"]]),
                "rounded": True,
                "width": 0.3,
                "height": 0.3,
                "text": "",
            }
            if item.get("value"):
                dot |= {
                    "color": "#000" if fill == "#FFFFFF" else "#fff",
                    "stroke": "none",
                    "text": item["value"],
                }
            overlays.append(dot)
    for item in fp.get("xv", []):
        overlays.append(
            {
                "backgroundColor": "#FFFFFF",
                "borderColor": "#FFFFFF",
                "center": mean([rc(x) for x in item["cells"]]),
                "fontSize": 21,
                "rounded": False,
                "width": 0.25,
                "height": 0.25,
                "text": item["value"],
            }
        )
    for item in fp.get("quadruple", []):
        values = item["values"]
        text = "".join(
            (" " if k % 2 == 1 else "") + ("\n" if k % 3 == 2 else "") + str(v) for k, v in enumerate(values)
        )
        overlays.append(
            {
                "backgroundColor": "#FFFFFF",
                "borderColor": "#000000",
                "center": mean([rc(x) for x in item["cells"]]),
                "fontSize": 14,
                "rounded": True,
                "width": 0.7,
                "height": 0.7,
                "text": text,
            }
        )
    for key, rounded in (("odd", True), ("even", False)):
        for item in fp.get(key, []):
            underlays.append(
                {
                    "borderColor": grey,
                    "backgroundColor": grey,
                    "center": centre(rc(item["cell"])),
                    "rounded": rounded,
                    "width": 0.7,
                    "height": 0.7,
                }
            )
    for key, (a, b) in (("minimum", (0.44, 0.39)), ("maximum", (0.39, 0.44))):
        listed = {rc(item["cell"]) for item in fp.get(key, [])}
        for cell in listed:
            underlays.append(
                {"backgroundColor": "#ccc", "center": centre(cell), "rounded": False, "width": 1, "height": 1}
            )
            cy, cx = centre(cell)
            for dy, dx in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                other = (cell[0] + dy, cell[1] + dx)
                if 0 <= other[0] < n and 0 <= other[1] < n and other not in listed:
                    lines.append(
                        {"color": "#000000", "thickness": 1, "wayPoints": [
                            [cy + dy * a + 0.1 * dx, cx + dx * a + 0.1 * dy], [cy + dy * b, cx + dx * b],
                            [cy + dy * a - 0.1 * dx, cx + dx * a - 0.1 * dy]]}
                    )  # fmt: skip
    if fp.get("diagonal+"):
        lines.append({"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, n], [n, 0]]})
    if fp.get("diagonal-"):
        lines.append({"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 0], [n, n]]})
    for name in ("antiknight", "antiking", "nonconsecutive"):
        if fp.get(name):
            out["global"].append(name)
    out["global"] += ["anti" + name for name in fp.get("negative", [])]
    out |= {"lines": lines, "arrows": arrows, "overlays": overlays, "underlays": underlays, "cages": cages}
    return out


def link(data: dict[str, Any]) -> str:
    return "https://sudokupad.app/scl" + lzstring.LZString().compressToBase64(json.dumps(data))


def links_of(puzzle: Puzzle) -> set[tuple[Any, ...]]:
    """The links as comparable rules: a symmetric rule's cells in either order."""
    symmetric = {"difference", "ratio", "sum", "difference_at_least", "equal"}
    return {
        (frozenset(k.cells) if k.rule in symmetric else k.cells, k.rule, k.value, k.negated, k.kind)
        for k in puzzle.grid.links
    }


def same_rules(a: Puzzle, b: Puzzle) -> None:
    assert a.givens == b.givens and a.allowed == b.allowed
    assert links_of(a) == links_of(b)
    for field in ("sums", "line_rules", "relations", "cages"):
        assert set(getattr(a.grid, field)) == set(getattr(b.grid, field)), field
    assert {u.cells for u in a.grid.units} == {u.cells for u in b.grid.units}


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_fpuzzles_constraints_drawn_by_sudokupad_read_back_as_the_same_rules(record: dict) -> None:
    original = sudokit.parse(record["fpuzzles"])
    drawn = sudokit.parse(link(to_sudokupad(decode(record["fpuzzles"]))))
    same_rules(original, drawn)
    assert drawn.unread == ()
    result = sudokit.count_solutions(drawn, 2)
    assert (
        result.unique and result.first is not None and result.first.to_string() == "".join(record["solution"])
    )


def test_every_sudokupad_convention_reads_back() -> None:
    grid = variants.thermometer(Grid.classic(9), [(0, 0), (0, 1), (0, 2)])
    grid = variants.palindrome(grid, [(3, 0), (3, 1), (4, 1), (4, 2)])
    grid = variants.between(grid, [(2, 3), (2, 4), (2, 5), (2, 6)])
    grid = variants.arrow(grid, [(6, 1), (6, 2)], [(7, 3), (8, 4)])  # a two-cell circle: tens, units
    grid = variants.quadruple(grid, (4, 7), [1, 2, 3])
    grid = variants.sandwich(grid, "top", 3, 10)
    grid = variants.kropki(grid, white=[((8, 7), (8, 8))], black=[((0, 7), (1, 7))])
    grid = variants.xv(grid, x=[((5, 0), (6, 0))])
    grid = variants.anti_king(variants.diagonals(grid, "main"))
    grid = variants.minimum(grid, (4, 4))
    puzzle = variants.odd_even(Puzzle.empty(grid), odd=[(8, 0)], even=[(1, 1)])
    fp = json.loads(sudokit.dumps(puzzle, "fpuzzles-json"))
    drawn = sudokit.parse(link(to_sudokupad(fp)))
    same_rules(puzzle, drawn)
    expected = {"thermometer", "palindrome", "between", "arrow", "quadruple", "sandwich", "kropki", "xv"}
    assert expected | {"antiking", "diagonal", "minimum", "odd", "even"} <= set(
        drawn.metadata["read"].split(", ")
    )


def test_sudokupad_links_are_written_as_sudokupad_loads_f_puzzles() -> None:
    grid = variants.renban(variants.thermometer(Grid.classic(9), [(0, 0), (0, 1)]), [(4, 4), (4, 5), (4, 6)])
    puzzle = Puzzle.empty(grid)
    text = sudokit.dumps(puzzle, "sudokupad").strip()
    assert text.startswith("https://sudokupad.app/fpuzzles")
    again = sudokit.parse(text)
    same_rules(puzzle, again)


@pytest.mark.parametrize(
    ("rules", "kind", "clue"),
    [
        ("", "sandwich", 12),
        ("Clues outside the grid are sandwich sums.", "sandwich", 12),
        ("Clues outside the grid are X-sums.", "x-sum", 12),
        ("Skyscraper clues: how many digits are seen.", "skyscraper", 3),
        ("Sandwich sums on the left, skyscrapers on top.", None, 3),
    ],
)
def test_a_number_beside_the_grid_is_the_clue_the_rules_name(rules: str, kind: str | None, clue: int) -> None:
    data: dict[str, Any] = {
        "cells": [[{} for _ in range(9)] for _ in range(9)],
        "overlays": [
            {"center": [-0.5, 3.5], "text": str(clue), "width": 0.25, "height": 0.25, "fontSize": 32}
        ],
        "metadata": {"rules": rules},
    }
    puzzle = sudokit.parse(link(data))
    if kind is None:
        assert not puzzle.grid.line_rules and puzzle.unread[0].startswith("1 overlay")
    else:
        # a sandwich on a whole house is also read from outside: a second rule over the same cells
        rule, *outside = puzzle.grid.line_rules
        assert rule.kind == kind and rule.clue == (clue,) and rule.cells == tuple(9 * r + 3 for r in range(9))
        assert [(r.kind, r.clue, r.cells) for r in outside] == (
            [(kind, (clue, 1), rule.cells)] if kind == "sandwich" else []
        )
