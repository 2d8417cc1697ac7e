"""Links: rules between two cells' values (thermometers, kropki dots, XV, whispers, palindromes,
minimum/maximum cells), in the model, the core, f-puzzles and JSON.

Counts are checked against the reference counter (tests/reference.py), which knows each link only as
its set of allowed symbol pairs computed here from the rule's plain definition.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import sudokit
from sudokit import EMPTY, Grid, Puzzle, variants
from sudokit.constraints.generic.primitives import CustomLink
from sudokit.model import LINK_RULES, Link
from tests import reference
from tests.reference import Problem

FIXTURES = Path(__file__).parent / "fixtures" / "variants"
RECORDS = [json.loads(line) for line in (FIXTURES / "fpuzzles-variants.jsonl").read_text().splitlines()]
SUPPORTED = {
    *("thermometer", "difference", "ratio", "negative", "minimum", "maximum", "killercage", "antiknight"),
    *("irregular-regions", "xv", "diagonal+", "diagonal-", "palindrome", "littlekillersum", "sandwichsum"),
}

DEFINITIONS = {
    "less": lambda a, b, v: a < b,
    "less_or_equal": lambda a, b, v: a <= b,
    "difference": lambda a, b, v: abs(a - b) == v,
    "ratio": lambda a, b, v: a == v * b or b == v * a,
    "sum": lambda a, b, v: a + b == v,
    "difference_at_least": lambda a, b, v: abs(a - b) >= v,
    "equal": lambda a, b, v: a == b,
    "pairs": lambda a, b, v: False,  # a link built with no pairs allows none
}


def pairs_of(link: Link, n: int) -> frozenset[tuple[int, int]]:
    """The allowed (symbol index, symbol index) pairs by the plain definition (values 1..n)."""
    check = DEFINITIONS[link.rule]
    return frozenset(
        (x, y) for x in range(n) for y in range(n) if check(x + 1, y + 1, link.value) != link.negated
    )


def problem_of(puzzle: Puzzle, box: tuple[int, int]) -> Problem:
    n = puzzle.grid.size
    cells = reference.square_cells(n)
    where = {cell: i for i, cell in enumerate(cells)}
    units = tuple(tuple(where[p] for p in g) for g in reference.lines(n) + reference.boxes(n, box))
    links = tuple((*link.cells, pairs_of(link, n)) for link in puzzle.grid.links)
    return Problem(n, cells, units, puzzle.givens, links=links)


def test_every_rule_has_a_definition_and_tables_match_it() -> None:
    assert set(DEFINITIONS) == set(LINK_RULES)
    for rule in LINK_RULES:
        for value in (0, 1, 2, 5, 10):
            for negated in (False, True):
                link = Link((0, 1), rule, value, negated)
                table = link.table(tuple(range(1, 10)))
                pairs = {(x, y) for x in range(9) for y in range(9) if table[x] >> y & 1}
                assert pairs == pairs_of(link, 9)


@pytest.mark.parametrize("seed", range(12))
def test_random_links_count_as_the_reference_does(seed: int) -> None:
    rng = random.Random(seed)
    n, box = (4, (2, 2)) if seed % 2 else (6, (2, 3))
    grid = Grid.classic(n, box)
    links = []
    for _ in range(rng.randint(1, 6)):
        a, b = rng.sample(grid.cells, 2)
        rule = rng.choice(LINK_RULES)
        links.append(CustomLink(a, b, rule, rng.randint(1, n + 2), rng.random() < 0.3, "custom"))
    linked = grid.with_constraints(*links)
    givens = [EMPTY] * (n * n)
    for c in rng.sample(range(n * n), rng.randint(0, n)):
        givens[c] = rng.randrange(n)
    puzzle = Puzzle(linked, tuple(givens))
    expected = reference.count(problem_of(puzzle, box), 200, keep=1)
    result = sudokit.count_solutions(puzzle, 200)
    assert result.count == expected.count
    if result.first is not None:
        assert result.first.violations() == []
        assert reference.problems(problem_of(puzzle, box), result.first.values) == []


def test_builders_make_the_links_their_names_promise() -> None:
    grid = Grid.classic(6, (2, 3))
    thermo = variants.thermometer(grid, [(0, 0), (0, 1), (1, 1)])
    assert [(k.rule, k.kind) for k in thermo.links] == [("less", "thermometer")] * 2
    palin = variants.palindrome(grid, [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])
    assert {k.cells for k in palin.links} == {(0, 24), (6, 18)}
    whisper = variants.whispers(Grid.classic(9), [(0, 0), (0, 1)])
    assert whisper.links[0].rule == "difference_at_least" and whisper.links[0].value == 5
    dots = variants.kropki(grid, white=[((0, 0), (0, 1))], black=[((1, 0), (1, 1))], negative=True)
    free = len(variants.orthogonal_pairs(grid)) - 2  # a dot of either colour exempts its pair from both
    assert len([k for k in dots.links if k.negated]) == free
    assert len([r for r in dots.relations if r.kind == "nonconsecutive"]) == free
    signs = variants.xv(grid, x=[((0, 0), (0, 1))], negative=True)
    assert (
        sum(1 for k in signs.links if k.negated and k.value == 5) == len(variants.orthogonal_pairs(grid)) - 1
    )
    with pytest.raises(sudokit.GridError, match="not a cell"):
        variants.thermometer(grid, [(0, 0), (9, 9)])
    with pytest.raises(sudokit.GridError, match="unknown link rule"):
        Grid.classic(4).with_constraints(CustomLink((0, 0), (0, 1), "bigger"))


def test_a_thermometer_solves_by_propagation_and_says_what_breaks_it() -> None:
    grid = variants.thermometer(Grid.classic(9), [(0, c) for c in range(9)])
    puzzle = Puzzle.empty(grid)
    result = sudokit.solve(puzzle)
    assert result.solution is not None and result.solution.to_string().startswith("123456789")
    broken = Puzzle(grid, (4,) + (EMPTY,) * 80)  # a 5 in the bulb leaves no room above it
    outcome = sudokit.solve(broken)
    assert outcome.solution is None and "thermometer" in (outcome.reason or "")
    wrong = sudokit.Solution(puzzle, (1, 0, *result.solution.values[2:]))
    assert "the thermometer r1c1-r1c9 is broken" in wrong.violations()


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_fpuzzles_variants_solve_to_their_published_solution(record: dict) -> None:
    assert set(record["constraints"]) <= SUPPORTED  # every record's rules are read
    puzzle = sudokit.parse(record["fpuzzles"])
    result = sudokit.count_solutions(puzzle, 2)
    assert result.unique and result.first is not None
    assert result.first.to_string() == "".join(record["solution"])
    for written in ("fpuzzles", "json"):  # each writer keeps every rule (region labels may change)
        again = sudokit.parse(sudokit.dumps(puzzle, written))
        assert set(again.grid.links) == set(puzzle.grid.links) and again.givens == puzzle.givens
        assert set(again.grid.sums) == set(puzzle.grid.sums)
        assert set(again.grid.line_rules) == set(puzzle.grid.line_rules)
        assert sudokit.count_solutions(again, 2).first == result.first.__class__(again, result.first.values)


def test_fpuzzles_keys_read_and_write_back() -> None:
    n = 6
    data = {
        "size": n,
        "grid": [[{} for _ in range(n)] for _ in range(n)],
        "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
        "palindrome": [{"lines": [["R6C1", "R6C2", "R6C3"]]}],
        "difference": [{"cells": ["R2C1", "R2C2"]}, {"cells": ["R3C1", "R3C2"], "value": "3"}],
        "ratio": [{"cells": ["R4C1", "R4C2"]}],
        "xv": [{"cells": ["R5C1", "R5C2"], "value": "V"}],
        "minimum": [{"cell": "R3C5"}],
        "negative": ["xv"],
    }
    puzzle = sudokit.parse(json.dumps(data))
    kinds = sorted({(k.kind, k.rule, k.value, k.negated) for k in puzzle.grid.links})
    assert ("kropki", "difference", 3, False) in kinds and ("xv", "sum", 5, False) in kinds
    assert ("anti xv", "sum", 10, True) in kinds and ("minimum", "less", 0, False) in kinds
    written = json.loads(sudokit.dumps(puzzle, "fpuzzles-json"))
    for key in ("thermometer", "palindrome", "difference", "ratio", "xv", "minimum"):
        assert key in written, key
    assert written["negative"] == ["xv"]
    assert sudokit.parse(json.dumps(written)).grid == puzzle.grid
    expected = reference.count(problem_of(puzzle, (2, 3)), 50).count
    assert sudokit.count_solutions(puzzle, 50).count == expected


def test_links_f_puzzles_cannot_hold_are_named() -> None:
    grid = variants.with_links(Grid.classic(9), [((0, 0), (0, 1))], "difference_at_least", 3, kind="custom")
    with pytest.raises(sudokit.FormatError, match="cannot hold these rules: the custom link r1c1-r1c2"):
        sudokit.dumps(Puzzle.empty(grid), "fpuzzles")
    assert sudokit.parse(sudokit.dumps(Puzzle.empty(grid), "json")).grid == grid


def test_links_are_drawn_in_svg() -> None:
    from sudokit.svg import render_svg

    grid = variants.thermometer(Grid.classic(9), [(0, 0), (0, 1), (0, 2)])
    grid = variants.kropki(grid, white=[((4, 4), (4, 5))], black=[((5, 5), (6, 5))], negative=True)
    grid = variants.xv(grid, x=[((8, 0), (8, 1))], v=[((8, 3), (8, 4))])
    svg = render_svg(Puzzle.empty(grid))
    assert svg.count('<circle class="thermometer"') == 1 and svg.count('<polyline class="thermometer"') == 1
    assert svg.count('class="kropki"') == 2  # the negative pairs draw nothing
    assert "all black dots given, non-consecutive" in svg  # the negative rules are named under the grid
    assert svg.count(">X</text>") == 1 and svg.count(">V</text>") == 1


@pytest.mark.parametrize("seed", range(10))
def test_sums_with_repeats_count_as_the_reference_does(seed: int) -> None:
    from sudokit.model import Sum

    rng = random.Random(seed)
    n, box = 4, (2, 2)  # 288 grids: the reference can search them all whatever the sums
    grid = Grid.classic(n, box)
    sums = []
    for _ in range(rng.randint(1, 3)):
        cells = tuple(rng.sample(range(n * n), rng.randint(1, n)))
        factors = tuple(rng.choice((1, 1, 2, -1)) for _ in cells)
        sums.append(Sum(cells, rng.randint(-n, 2 * n * len(cells)), factors, "custom"))
    reach = [(sum(min(f, f * n) for f in s.factors), sum(max(f, f * n) for f in s.factors)) for s in sums]
    if any(not low <= s.total <= high for s, (low, high) in zip(sums, reach, strict=True)):
        with pytest.raises(sudokit.GridError, match="never"):  # no digits reach it: said when built
            variants.with_sums(grid, sums)
        sums = [s for s, (low, high) in zip(sums, reach, strict=True) if low <= s.total <= high]
    puzzle = Puzzle(variants.with_sums(grid, sums), (EMPTY,) * (n * n))
    problem = problem_of(puzzle, box)
    problem = Problem(*[getattr(problem, f) for f in ("nsymbols", "cells", "units", "givens")],
                      sums=tuple((s.cells, s.factors, s.total) for s in sums))  # fmt: skip
    expected = reference.count(problem).count
    result = sudokit.count_solutions(puzzle)
    assert result.count == expected
    if result.first is not None:
        assert result.first.violations() == []


def test_a_little_killer_clue_reads_writes_and_draws() -> None:
    data = {
        "size": 4,
        "grid": [[{} for _ in range(4)] for _ in range(4)],
        "littlekillersum": [
            {"cell": "R0C0", "cells": ["R1C1", "R2C2", "R3C3", "R4C4"], "direction": "DR", "value": "10"},
            {"cell": "R0C3", "cells": ["R1C2", "R2C1"], "direction": "DL", "value": "3"},
            {"cell": "R5C1", "cells": [], "direction": "UR", "value": ""},
        ],
    }
    puzzle = sudokit.parse(json.dumps(data))
    assert [(s.total, len(s.cells), s.kind) for s in puzzle.grid.sums] == [
        (10, 4, "little killer"),
        (3, 2, "little killer"),
    ]
    written = json.loads(sudokit.dumps(puzzle, "fpuzzles-json"))["littlekillersum"]
    assert written[1] == {"cell": "R0C3", "cells": ["R1C2", "R2C1"], "direction": "DL", "value": "3"}
    assert sudokit.parse(sudokit.dumps(puzzle, "json")).grid.sums == puzzle.grid.sums
    for solution in sudokit.solutions(puzzle, limit=20):
        values = solution.values
        assert values[0] + values[5] + values[10] + values[15] + 4 == 10 and values[1] + values[4] + 2 == 3


def test_little_killer_clues_are_drawn_outside_the_grid() -> None:
    from sudokit.svg import render_svg

    data = {
        "size": 4,
        "grid": [[{} for _ in range(4)] for _ in range(4)],
        "littlekillersum": [{"cell": "R0C3", "cells": ["R1C2", "R2C1"], "direction": "DL", "value": "3"}],
    }
    svg = render_svg(sudokit.parse(json.dumps(data)))
    assert svg.count('class="little-killer"') == 1 and "3\u2199</text>" in svg
    plain = render_svg(Puzzle.empty(Grid.classic(4)))
    assert 'width="172"' in plain and 'width="252"' in svg  # a ring of one cell for the clues


def test_arrows_read_write_solve_and_draw() -> None:
    from sudokit.svg import render_svg

    data = {
        "size": 6,
        "grid": [[{} for _ in range(6)] for _ in range(6)],
        "ruleset": "Digits along an arrow sum to the number in its circle.",
        "arrow": [
            {"cells": ["R1C1"], "lines": [["R1C1", "R1C2", "R2C3"]]},
            {"cells": ["R4C1", "R4C2"], "lines": [["R4C2", "R5C3", "R6C4", "R6C5"]]},  # a two-digit pill
        ],
    }
    puzzle = sudokit.parse(json.dumps(data))
    assert [s.factors for s in puzzle.grid.sums] == [(-1, 1, 1), (-10, -1, 1, 1, 1)]
    found = 0
    for solution in sudokit.solutions(puzzle, limit=30):
        v = [x + 1 for x in solution.values]
        assert v[0] == v[1] + v[8] and 10 * v[18] + v[19] == v[26] + v[33] + v[34]
        found += 1
    assert found == 30
    written = json.loads(sudokit.dumps(puzzle, "fpuzzles-json"))["arrow"]
    assert written[1] == {"cells": ["R4C1", "R4C2"], "lines": [["R4C2", "R5C3", "R6C4", "R6C5"]]}
    assert sudokit.parse(sudokit.dumps(puzzle, "fpuzzles")).grid.sums == puzzle.grid.sums
    svg = render_svg(puzzle)
    assert svg.count('<rect class="arrow"') == 2 and svg.count('<polyline class="arrow"') == 2
    problem = problem_of(puzzle, (2, 3))
    problem = Problem(*[getattr(problem, f) for f in ("nsymbols", "cells", "units", "givens")],
                      sums=tuple((s.cells, s.factors, s.total) for s in puzzle.grid.sums))  # fmt: skip
    assert sudokit.count_solutions(puzzle, 40).count == reference.count(problem, 40).count
