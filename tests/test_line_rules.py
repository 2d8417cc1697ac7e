"""Line constraints and outside clues: sandwich, X-sum, skyscraper, renban, between, entropic, modular,
quadruple (automata in the core), and the lines built from links, sums and relations (slow thermo,
Dutch whispers, nabner, clone, arrow, double arrow, zipper, region sum).

Counts are checked against the reference counter (tests/reference.py), which knows each rule only by
the plain definition written here: a test of the cells' values, not sudokit's automaton.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

import sudokit
from sudokit import EMPTY, Grid, Puzzle, variants
from sudokit.automata import compile_rule
from tests import reference
from tests.reference import Problem

Values = tuple[int, ...]


def sandwich(total: int) -> Callable[[Values], bool]:
    def test(v: Values) -> bool:
        i, j = sorted((v.index(min(v)), v.index(max(v))))
        return sum(v[i + 1 : j]) == total

    return test


def x_sum(total: int) -> Callable[[Values], bool]:
    return lambda v: v[0] <= len(v) and sum(v[: v[0]]) == total


def skyscraper(count: int) -> Callable[[Values], bool]:
    return lambda v: sum(1 for i, x in enumerate(v) if all(x > y for y in v[:i])) == count


def renban(v: Values) -> bool:
    return len(set(v)) == len(v) and max(v) - min(v) == len(v) - 1


def between(v: Values) -> bool:
    low, high = sorted((v[0], v[-1]))
    return all(low < x < high for x in v[1:-1])


def ranks_differ(rank: Callable[[int], int]) -> Callable[[Values], bool]:
    return lambda v: all(len({rank(x) for x in v[i : i + 3]}) == len(v[i : i + 3]) for i in range(len(v)))


def quadruple(digits: Sequence[int]) -> Callable[[Values], bool]:
    return lambda v: not Counter(digits) - Counter(v)


def zipper(v: Values) -> bool:
    pairs = {v[k] + v[-1 - k] for k in range(len(v) // 2)}
    return len(pairs) == 1 and (len(v) % 2 == 0 or pairs == {v[len(v) // 2]})


def double_arrow(v: Values) -> bool:
    return v[0] + v[-1] == sum(v[1:-1])


def nabner(v: Values) -> bool:
    return all(abs(a - b) > 1 for a, b in itertools.combinations(v, 2))


def third(n: int) -> Callable[[int], int]:
    side = round(n / 3)
    return lambda x: 0 if x <= side else 2 if x > n - side else 1


def line_test(kind: str, clue: Sequence[int], n: int) -> Callable[[Values], bool]:
    """The plain definition of a rule of a kind, for values 1..n."""
    tests: dict[str, Callable[[], Callable[[Values], bool]]] = {
        "sandwich": lambda: sandwich(clue[0]),
        "x-sum": lambda: x_sum(clue[0]),
        "skyscraper": lambda: skyscraper(clue[0]),
        "renban": lambda: renban,
        "between": lambda: between,
        "entropic": lambda: ranks_differ(third(n)),
        "modular": lambda: ranks_differ(lambda x: x % 3),
        "quadruple": lambda: quadruple(clue),
    }
    return tests[kind]()


def base(n: int) -> tuple[Grid, tuple[int, int], Problem]:
    box = (2, 2) if n == 4 else (2, 3)
    cells = reference.square_cells(n)
    where = {cell: i for i, cell in enumerate(cells)}
    units = tuple(tuple(where[p] for p in g) for g in reference.lines(n) + reference.boxes(n, box))
    return Grid.classic(n, box), box, Problem(n, cells, units, (EMPTY,) * (n * n))


def walk(rng: random.Random, n: int, length: int) -> list[tuple[int, int]]:
    """A line of king steps through distinct cells (shorter when it is boxed in)."""
    line = [(rng.randrange(n), rng.randrange(n))]
    while len(line) < length:
        r, c = line[-1]
        steps = [
            (r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in line
        ]
        if not steps:
            break
        line.append(rng.choice(steps))
    return line


def solution_values(problem: Problem, rng: random.Random) -> tuple[int, ...]:
    found = reference.random_solution(problem, rng)
    assert found is not None
    return tuple(v + 1 for v in found)


def add_random_rule(
    grid: Grid, rng: random.Random, kind: str, truth: Sequence[int]
) -> tuple[Grid, list[int], list[int]]:
    """The grid with one rule of the kind that the solution ``truth`` meets: (grid, cells, clue)."""
    n = grid.size
    if kind in ("sandwich", "x-sum", "skyscraper"):
        side, index = rng.choice(variants.OUTSIDE_SIDES), rng.randrange(n)
        cells = [grid.index[c] for c in variants.outside_cells(grid, side, index)]
        values = tuple(truth[c] for c in cells)
        measure = {"sandwich": sandwich, "x-sum": x_sum, "skyscraper": skyscraper}[kind]
        clue = next(k for k in range(n * n) if measure(k)(values))
        builder = {"sandwich": variants.sandwich, "x-sum": variants.x_sum, "skyscraper": variants.skyscraper}[
            kind
        ]
        return builder(grid, side, index, clue), cells, [clue]
    if kind == "quadruple":
        r, c = rng.randrange(n - 1), rng.randrange(n - 1)
        cells = [grid.index[(r + dr, c + dc)] for dr in (0, 1) for dc in (0, 1)]
        digits = sorted(rng.sample([truth[x] for x in cells], rng.randint(1, 4)))
        return variants.quadruple(grid, (r, c), digits), cells, digits
    for _ in range(200):  # a line the solution happens to meet
        line = walk(rng, n, rng.randint(2 if kind != "between" else 3, 4))
        cells = [grid.index[p] for p in line]
        if len(cells) >= 2 and line_test(kind, (), n)(tuple(truth[x] for x in cells)):
            return variants.LINES[kind](grid, line), cells, []
    pytest.skip(f"no {kind} line found for this solution")


RULE_KINDS = ("sandwich", "x-sum", "skyscraper", "renban", "between", "entropic", "modular", "quadruple")


@pytest.mark.parametrize("kind", RULE_KINDS)
@pytest.mark.parametrize("seed", range(4))
def test_line_rules_count_as_the_reference_does(kind: str, seed: int) -> None:
    rng = random.Random(f"{kind}{seed}")
    n = 4
    grid, _, problem = base(n)
    truth = solution_values(problem, rng)
    tests = []
    for _ in range(rng.randint(1, 3)):
        grid, cells, clue = add_random_rule(grid, rng, kind, truth)
        tests.append((tuple(cells), line_test(kind, clue, n)))
    puzzle = Puzzle.empty(grid)
    expected = reference.count(replace(problem, predicates=tuple(tests)), keep=400)
    result = sudokit.count_solutions(puzzle)
    assert result.count == expected.count >= 1  # the truth meets every rule
    for solution in sudokit.solutions(puzzle, limit=50):
        values = tuple(v + 1 for v in solution.values)
        assert all(test(tuple(values[c] for c in cells)) for cells, test in tests)
        assert solution.values in expected.solutions
        assert solution.violations() == []


def with_random_rules(
    rng: random.Random, n: int, count: int
) -> tuple[Grid, Problem, tuple[int, ...], list[tuple[tuple[int, ...], Callable[[Values], bool]]]]:
    """A classic grid with rules of ``count`` random kinds that a random solution meets, the reference
    problem without them, that solution, and the rules' plain tests."""
    grid, _, problem = base(n)
    truth = solution_values(problem, rng)
    tests = []
    for kind in rng.sample(RULE_KINDS, count):
        grid, cells, clue = add_random_rule(grid, rng, kind, truth)
        tests.append((tuple(cells), line_test(kind, clue, n)))
    return grid, problem, truth, tests


@pytest.mark.parametrize("seed", range(3))
def test_line_rules_on_6x6_with_givens(seed: int) -> None:
    rng = random.Random(seed)
    n = 6
    grid, problem, truth, tests = with_random_rules(rng, n, 4)
    givens = tuple(v - 1 if rng.random() < 0.35 else EMPTY for v in truth)
    puzzle = Puzzle(grid, givens)
    expected = reference.count(replace(problem, givens=givens, predicates=tuple(tests)), limit=30)
    assert sudokit.count_solutions(puzzle, 30).count == expected.count >= 1


LINE_DEFINITIONS: dict[str, Callable[[Values], bool]] = {
    "thermometer": lambda v: all(a < b for a, b in itertools.pairwise(v)),
    "slow thermometer": lambda v: all(a <= b for a, b in itertools.pairwise(v)),
    "palindrome": lambda v: v == v[::-1],
    "whispers": lambda v: all(abs(a - b) >= 2 for a, b in itertools.pairwise(v)),  # 4x4: half of 4
    "dutch whispers": lambda v: all(abs(a - b) >= 1 for a, b in itertools.pairwise(v)),
    "zipper": zipper,
    "double arrow": double_arrow,
    "nabner": nabner,
}


@pytest.mark.parametrize("kind", list(LINE_DEFINITIONS))
@pytest.mark.parametrize("seed", range(3))
def test_lines_of_links_and_sums_count_as_the_reference_does(kind: str, seed: int) -> None:
    rng = random.Random(f"{kind}{seed}")
    n = 4
    grid, _, problem = base(n)
    truth = solution_values(problem, rng)
    tests = []
    for _ in range(rng.randint(1, 2)):
        for _ in range(300):
            shortest = 3 if kind in ("double arrow", "zipper") else 2
            line = walk(rng, n, rng.randint(shortest, 4))
            cells = tuple(grid.index[p] for p in line)
            if len(cells) >= shortest and LINE_DEFINITIONS[kind](tuple(truth[c] for c in cells)):
                break
        else:
            pytest.skip("no line found")
        grid = variants.LINES[kind](grid, line)
        tests.append((cells, LINE_DEFINITIONS[kind]))
    expected = reference.count(replace(problem, predicates=tuple(tests)))
    result = sudokit.count_solutions(Puzzle.empty(grid))
    assert result.count == expected.count >= 1
    kept = [tuple(grid.index[p] for p in getattr(c, "line", ())) for c in grid.constraints]
    assert kept == [cells for cells, _ in tests]  # each line kept whole, in its own order


def test_region_sum_line_and_clone_and_arrow_count_as_the_reference_does() -> None:
    n = 4
    grid, _, problem = base(n)
    line = [(1, 1), (1, 2), (0, 3)]  # box 1 then box 2 (r2c2 | r2c3 r1c4)
    grid = variants.region_sum_line(grid, line)
    grid = variants.clone(grid, [(3, 0)], [(2, 3)])
    grid = variants.arrow(grid, [(2, 0)], [(3, 1), (3, 2)])
    i = grid.index
    tests = (
        ((i[(1, 1)], i[(1, 2)], i[(0, 3)]), lambda v: v[0] == v[1] + v[2]),
        ((i[(3, 0)], i[(2, 3)]), lambda v: v[0] == v[1]),
        ((i[(2, 0)], i[(3, 1)], i[(3, 2)]), lambda v: v[0] == v[1] + v[2]),
    )
    expected = reference.count(replace(problem, predicates=tests))
    assert sudokit.count_solutions(Puzzle.empty(grid)).count == expected.count >= 1


def every_kind_grid() -> Grid:
    """A 9x9 grid with one constraint of every kind sudokit reads from f-puzzles."""
    g = Grid.classic(9)
    g = variants.thermometer(g, [(0, 0), (0, 1), (0, 2)])
    g = variants.thermometer(g, [(5, 5), (5, 6), (5, 7)], slow=True)
    g = variants.palindrome(g, [(3, 0), (3, 1), (4, 1), (4, 2)])
    g = variants.whispers(g, [(8, 0), (8, 1), (7, 1)])
    g = variants.dutch_whispers(g, [(8, 3), (8, 4)])
    g = variants.renban(g, [(6, 6), (6, 7), (6, 8)])
    g = variants.between(g, [(2, 3), (2, 4), (2, 5), (2, 6)])
    g = variants.entropic(g, [(1, 3), (1, 4), (1, 5), (1, 6)])
    g = variants.modular(g, [(7, 3), (7, 4), (7, 5)])
    g = variants.region_sum_line(g, [(3, 4), (3, 5), (3, 6), (3, 7)])
    g = variants.zipper(g, [(4, 4), (4, 5), (4, 6)])
    g = variants.double_arrow(g, [(5, 0), (6, 0), (7, 0)])
    g = variants.nabner(g, [(0, 6), (0, 7), (0, 8)])
    g = variants.clone(g, [(1, 1)], [(7, 7)])
    g = variants.quadruple(g, (4, 7), [1, 2])
    g = variants.sandwich(g, "top", 3, 10)
    g = variants.x_sum(g, "right", 0, 20)
    g = variants.skyscraper(g, "bottom", 8, 3)
    return variants.arrow(g, [(6, 2)], [(6, 3), (6, 4)])


@pytest.mark.parametrize("written", ["fpuzzles", "json"])
def test_every_constraint_round_trips(written: str) -> None:
    grid = every_kind_grid()
    again = sudokit.parse(sudokit.dumps(Puzzle.empty(grid), written)).grid
    assert sorted(map(repr, again.constraints)) == sorted(map(repr, grid.constraints))
    for field in ("links", "sums", "line_rules", "relations"):
        assert set(getattr(again, field)) == set(getattr(grid, field)), field


def test_fpuzzles_keys_of_each_constraint() -> None:
    data = json.loads(sudokit.dumps(Puzzle.empty(every_kind_grid()), "fpuzzles-json"))
    assert data["sandwichsum"] == [{"cell": "R0C4", "value": "10"}]
    assert data["xsum"] == [{"cell": "R1C10", "value": "20"}]
    assert data["skyscraper"] == [{"cell": "R10C9", "value": "3"}]
    assert data["quadruple"] == [{"cells": ["R5C8", "R5C9", "R6C8", "R6C9"], "values": [1, 2]}]
    assert data["clone"] == [{"cells": ["R2C2"], "cloneCells": ["R8C8"]}]
    assert data["whispers"] == [{"lines": [["R9C1", "R9C2", "R8C2"]]}]
    assert data["dutchwhispers"] == [{"lines": [["R9C4", "R9C5"]]}]
    for key in ("renban", "betweenline", "entropicline", "modularline", "regionsumline", "zipperline"):
        assert len(data[key]) == 1, key
    assert data["slowthermometer"] == [{"lines": [["R6C6", "R6C7", "R6C8"]]}]


def test_automata_are_layered_and_pruned() -> None:
    values = tuple(range(1, 10))
    layers, table = compile_rule("sandwich", (0,), 9, values)
    assert layers[0] == 1 and len(layers) == 10
    assert len(table) == sum(layers) * 9
    starts = [sum(layers[:i]) for i in range(len(layers) + 1)]
    for i in range(9):  # every transition leads into the next layer, and every state is on a path
        for q in range(starts[i], starts[i + 1]):
            targets = [t for t in table[q * 9 : q * 9 + 9] if t >= 0]
            assert targets and all(starts[i + 1] <= t < starts[i + 2] for t in targets)
    # sandwich 0 over a row: 1 and 9 side by side, so the row's first cell can be anything
    assert {x for x in range(9) if table[x] >= 0} == set(range(9))


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda g: variants.thermometer(g, [(0, 0), (0, 1), (0, 0)]), "passes through r1c1 twice"),
        (lambda g: variants.renban(g, [(0, 0), (9, 0)]), "r10c1 is not a cell of the grid"),
        (lambda g: variants.arrow(g, [], [(0, 1)]), "an arrow needs a circle"),
        (lambda g: variants.arrow(g, [(0, 0)], []), "an arrow needs a shaft"),
        (lambda g: variants.sandwich(g, "top", 0, 40), "no values meet the sandwich rule 40"),
        (lambda g: variants.x_sum(g, "middle", 0, 10), "stands top, bottom, left, right"),
        (lambda g: variants.skyscraper(g, "left", 0, 10), "no values meet the skyscraper rule 10"),
        (lambda g: variants.renban(g, [(r, 0) for r in range(9)] + [(8, 1)]), "no values meet the renban"),
        (lambda g: variants.between(g, [(0, 0), (0, 1)]), "a between line needs 3 cells or more"),
        (lambda g: variants.quadruple(g, (0, 0), [1, 2, 3, 4, 5]), "lists 5 digits for 4 cells"),
        (
            lambda g: variants.sum_cage(g, [(0, 0), (0, 1)], 19),
            "can reach 2 to 18 with these symbols, never 19",
        ),
        (lambda g: variants.region_sum_line(g, [(0, 0), (0, 1)]), "must pass through two regions"),
        (lambda g: variants.with_line_rule(g, "spiral", [(0, 0)]), "unknown rule kind 'spiral'"),
        (lambda g: variants.with_line_rule(g, "sandwich", [(0, 0), (0, 1)]), "takes a number"),
    ],
)
def test_bad_definitions_are_clear_errors(build: Callable[[Grid], Grid], message: str) -> None:
    with pytest.raises(sudokit.GridError, match=message):
        build(Grid.classic(9))


def test_a_conflict_names_the_rule() -> None:
    grid = variants.sandwich(Grid.classic(9), "top", 0, 35)  # 1 and 9 at the ends of column 1
    puzzle = Puzzle(grid, (4,) + (EMPTY,) * 80)  # but r1c1 is given 5
    outcome = sudokit.solve(puzzle)
    assert outcome.solution is None and "sandwich clue 35" in (outcome.reason or "")


def test_every_constraint_is_drawn() -> None:
    import re

    from sudokit.svg import CELL, MARGIN, render_svg

    grid = every_kind_grid()
    svg = render_svg(Puzzle.empty(grid))
    for constraint in grid.constraints:
        assert f'class="{constraint.kind.replace(" ", "-")}"' in svg, constraint.kind
    assert svg.count('<circle class="between"') == 2 and svg.count('<circle class="double-arrow"') == 2
    assert (
        svg.count('<circle class="thermometer"') == 1 and svg.count('<circle class="slow-thermometer"') == 1
    )
    assert svg.count('<rect class="clone"') == 2
    assert ">1 2</text>" in svg and svg.count('<circle class="quadruple"') == 1
    assert 'stroke="#ff9a00"' in svg  # the Dutch whispers line is orange, the German one green
    grid_left = MARGIN + CELL  # the ring of outside clues
    grid_right = grid_left + 9 * CELL
    clue = re.search(r'<text class="sandwich" x="([\d.]+)" y="([\d.]+)"[^>]*>10<', svg)
    assert (
        clue and float(clue[2]) < grid_left and grid_left + 3 * CELL < float(clue[1]) < grid_left + 4 * CELL
    )
    clue = re.search(r'<text class="x-sum" x="([\d.]+)" y="([\d.]+)"[^>]*>20<', svg)
    assert clue and float(clue[1]) > grid_right and float(clue[2]) < grid_left + CELL
    clue = re.search(r'<text class="skyscraper" x="([\d.]+)" y="([\d.]+)"[^>]*>3<', svg)
    assert clue and float(clue[2]) > grid_right and float(clue[1]) > grid_right - CELL
    assert "caption" not in svg  # every rule here is drawn on the grid, none only named


@pytest.mark.parametrize("seed", range(4))
def test_generated_puzzles_with_line_rules_are_unique_and_minimal(seed: int) -> None:
    rng = random.Random(seed)
    grid, problem, _, tests = with_random_rules(rng, 4, 2)
    made = sudokit.generate(grid=grid, seed=seed)
    rules = replace(problem, predicates=tuple(tests))
    assert reference.count(replace(rules, givens=made.puzzle.givens), limit=2).count == 1
    assert made.minimal
    for c, given in enumerate(made.puzzle.givens):  # every given is needed
        if given != EMPTY:
            fewer = (*made.puzzle.givens[:c], EMPTY, *made.puzzle.givens[c + 1 :])
            assert reference.count(replace(rules, givens=fewer), limit=2).count == 2


def test_a_generated_9x9_with_lines_meets_every_rule() -> None:
    grid = variants.thermometer(Grid.classic(9), [(0, 0), (0, 1), (0, 2), (0, 3)])
    grid = variants.sandwich(grid, "top", 4, 15)
    grid = variants.renban(grid, [(4, 4), (4, 5), (5, 5)])
    made = sudokit.generate(grid=grid, seed=7)
    values = tuple(v + 1 for v in made.solution.values)
    assert all(a < b for a, b in itertools.pairwise(values[:4]))
    assert sandwich(15)(tuple(values[r * 9 + 4] for r in range(9)))
    assert renban((values[40], values[41], values[50]))
    assert sudokit.count_solutions(made.puzzle, 2).unique and made.minimal


def test_generate_rules_from_a_setters_link() -> None:
    from click.testing import CliRunner

    from sudokit.cli import cli

    grid = variants.thermometer(Grid.classic(9), [(0, 0), (0, 1), (0, 2), (0, 3)])
    grid = variants.sandwich(grid, "top", 4, 15)
    link = sudokit.dumps(Puzzle.empty(grid), "fpuzzles").strip()
    result = CliRunner().invoke(cli, ["generate", "--rules-from", link, "--seed", "3", "--count", "2"])
    assert result.exit_code == 0, result.output
    made = [sudokit.parse(line) for line in result.output.split()]
    assert len(made) == 2 and made[0].givens != made[1].givens
    for puzzle in made:
        assert puzzle.grid == grid and sudokit.count_solutions(puzzle, 2).unique
    result = CliRunner().invoke(cli, ["generate", "--rules-from", link, "--variant", "x"])
    assert result.exit_code != 0 and "--rules-from brings its own grid" in result.output


SAMPLES = Path(__file__).parent / "fixtures" / "variants" / "fpuzzles-samples"
SAMPLE_INDEX = json.loads((SAMPLES / "index.json").read_text())


@pytest.mark.parametrize("entry", SAMPLE_INDEX, ids=[e["file"] for e in SAMPLE_INDEX])
def test_every_fpuzzles_sample_solves_to_its_published_solution(entry: dict) -> None:
    puzzle = sudokit.parse((SAMPLES / f"{entry['file']}.fpuzzles.txt").read_text())
    result = sudokit.count_solutions(puzzle, 2)
    assert result.unique and result.first is not None
    assert result.first.to_string() == entry["solution"]
    again = sudokit.parse(sudokit.dumps(puzzle, "fpuzzles"))
    assert sudokit.count_solutions(again, 2).first == sudokit.Solution(again, result.first.values)


def test_the_terminal_form_lists_every_constraint_below_the_grid() -> None:
    from sudokit.render import pretty

    text = pretty(every_kind_grid(), [EMPTY] * 81)
    lines = text.splitlines()
    assert lines[0].count("|") == 2 and "thermometer r1c1-r1c3" in lines
    for expected in (
        "sandwich clue 10 reading r1c4 to r9c4",
        "X-sum clue 20 reading r1c9 to r1c1",
        "skyscraper clue 3 reading r9c9 to r1c9",
        "quadruple 1 2 at r5c8",
        "arrow r7c3-r7c5",
        "renban line r7c7-r7c9",
        "clone of r2c2 at r8c8",
    ):
        assert expected in lines, expected
