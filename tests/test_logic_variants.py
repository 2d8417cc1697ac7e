"""Logic on variant puzzles: the link, sum and line-rule techniques deduce only what is true, and the
path of every f-puzzles test puzzle reaches its published solution."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sudokit
from sudokit import Grid, Puzzle, variants

RECORDS = [
    json.loads(line)
    for line in (Path(__file__).parent / "fixtures" / "variants" / "fpuzzles-variants.jsonl")
    .read_text()
    .splitlines()
]
VARIANT_TECHNIQUES = {"link_exclusion", "sum_bounds", "line_rule_exclusion", "cage_combinations"}


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_every_deduction_keeps_the_published_solution(record: dict) -> None:
    puzzle = sudokit.parse(record["fpuzzles"])
    solution = [puzzle.grid.symbol_of(s) for s in "".join(record["solution"])]
    explanation = sudokit.explain(puzzle)
    used = set()
    for step in explanation.steps:
        used.add(step.technique)
        assert all(solution[c] != d for c, d in step.eliminations), str(step)
        assert all(solution[c] == d for c, d in step.placements), str(step)
    assert used & VARIANT_TECHNIQUES  # the puzzle's own rules did some of the work
    assert explanation.values == solution  # the path ends at the published solution


def test_first_deductions_read_as_a_setter_expects() -> None:
    thermo = variants.thermometer(Grid.classic(9), [(0, 0), (0, 1), (0, 2), (0, 3)])
    step = next(iter(sudokit.explain(Puzzle.empty(thermo)).steps))
    assert step.technique == "link_exclusion"
    assert step.explanation.startswith("Thermometer: r1c1 < r1c2, so")
    arrow = variants.arrow(Grid.classic(9), [(4, 4)], [(4, 5), (4, 6)])
    step = next(s for s in sudokit.explain(Puzzle.empty(arrow)).steps if s.technique == "sum_bounds")
    assert "r5c6 + r5c7 = r5c5" in step.explanation and (40, 0) in step.eliminations  # r5c5 cannot be 1
    renban = variants.renban(Grid.classic(9), [(0, 0), (1, 0), (2, 0)])
    given = Puzzle(renban, (0,) + (sudokit.EMPTY,) * 80)  # r1c1 = 1: the others are 2 and 3
    step = next(s for s in sudokit.explain(given).steps if s.technique == "line_rule_exclusion")
    assert step.explanation.startswith("The renban line r1c1 to r3c1")
    assert {d for c, d in step.eliminations if c == 9} == set(range(3, 9))


def test_uniqueness_techniques_stay_off_with_variant_rules() -> None:
    from sudokit.logic.board import layout_of

    assert layout_of(Grid.classic(9)).classic
    assert not layout_of(variants.thermometer(Grid.classic(9), [(0, 0), (0, 1)])).classic
    assert not layout_of(variants.sandwich(Grid.classic(9), "top", 0, 5)).classic
