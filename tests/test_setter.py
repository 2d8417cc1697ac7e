"""The setter's check (sudokit.setter.audit and ``sudokit check --explain-ambiguity``).

Counts behind each claim are re-checked with the reference counter (tests/reference.py) or by
placing the solutions into the independent checker.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import sudokit
from sudokit import EMPTY, Grid, Puzzle, variants
from sudokit.cli import cli
from sudokit.setter import audit
from tests import reference
from tests.checker import check_classic

MINIMAL = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""A minimal 9x9 puzzle with one solution (Norvig's hardest, a well-known 17-ish clue puzzle)."""
RECORDS = [
    json.loads(line)
    for line in (Path(__file__).parent / "fixtures" / "variants" / "fpuzzles-variants.jsonl")
    .read_text()
    .splitlines()
]


def reference_count(puzzle: Puzzle) -> int:
    return reference.count_classic(list(puzzle.givens), 9, (3, 3), limit=2)


def test_an_ambiguous_puzzle_shows_two_solutions_and_where_they_differ() -> None:
    puzzle = sudokit.parse(MINIMAL)
    first_given = next(c for c, g in enumerate(puzzle.givens) if g != EMPTY)
    ambiguous = Puzzle(puzzle.grid, (EMPTY, *puzzle.givens[1:])) if first_given == 0 else puzzle
    assert reference_count(ambiguous) == 2
    found = audit(ambiguous)
    assert found.count == 2 and not found.unique
    a, b = found.solutions
    for solution in (a, b):
        assert check_classic(ambiguous.to_string(), solution.to_string(), 9, (3, 3), "123456789") == []
        assert all(g in (EMPTY, v) for g, v in zip(ambiguous.givens, solution.values, strict=True))
    assert found.differing == tuple(c for c in range(81) if a.values[c] != b.values[c])
    assert len(found.differing) >= 4  # two solutions of a Sudoku differ in at least four cells


def test_a_given_that_follows_from_the_others_is_redundant() -> None:
    puzzle = sudokit.parse(MINIMAL)
    solution = sudokit.solve(puzzle).solution
    assert solution is not None
    extra = next(c for c in range(81) if puzzle.givens[c] == EMPTY)
    padded = Puzzle(
        puzzle.grid, (*puzzle.givens[:extra], solution.values[extra], *puzzle.givens[extra + 1 :])
    )
    found = audit(padded)
    assert found.unique and found.complete and extra in found.redundant_givens
    for c in found.redundant_givens:  # each is removable alone: the reference agrees
        reduced = list(padded.givens)
        reduced[c] = EMPTY
        assert reference.count_classic(reduced, 9, (3, 3), limit=2) == 1
    assert audit(puzzle).redundant_givens == ()  # the minimal one has none


def test_a_constraint_the_givens_already_force_is_redundant() -> None:
    puzzle = sudokit.parse(MINIMAL)
    solution = sudokit.solve(puzzle).solution
    assert solution is not None
    v = solution.values  # a thermometer along row 1's first cells in increasing order of the solution
    cells = sorted(range(9), key=lambda c: v[c])[:3]
    thermo = variants.thermometer(puzzle.grid, [puzzle.grid.cells[c] for c in cells])
    found = audit(Puzzle(thermo, puzzle.givens))
    assert found.unique and len(found.checked) == 1
    assert found.redundant_constraints == (found.checked[0],) and "thermometer" in found.checked[0]


def test_the_thermo_puzzle_needs_most_of_its_thermometers() -> None:
    record = next(r for r in RECORDS if r["id"].startswith("fpuz-return-of"))
    puzzle = sudokit.parse(record["fpuzzles"])
    found = audit(puzzle)
    assert found.unique and found.complete
    needed = [name for name in found.checked if name not in found.redundant_constraints]
    assert needed  # without some thermometer the puzzle has more than one solution
    from sudokit.variants import constraints

    for name, remove in constraints(puzzle.grid):
        left = sudokit.count_solutions(Puzzle(remove(puzzle.grid), puzzle.givens), 2)
        assert left.unique == (name in found.redundant_constraints)
        assert len(remove(puzzle.grid).links) < len(puzzle.grid.links)


def test_check_explain_ambiguity_on_the_command_line() -> None:
    runner = CliRunner()
    ambiguous = "." + MINIMAL[1:]
    result = runner.invoke(cli, ["check", ambiguous, "--explain-ambiguity"])
    assert result.exit_code == 1
    assert result.output.startswith("multiple: two solutions differ in ")
    assert "solution 1: " in result.output and "where they differ" in result.output
    result = runner.invoke(cli, ["check", MINIMAL, "--explain-ambiguity"])
    assert result.exit_code == 0 and "minimal: every given and every constraint is needed" in result.output
    result = runner.invoke(cli, ["check", ambiguous, "--explain-ambiguity", "--json"])
    data = json.loads(result.output)
    assert data["count"] == "2+" and len(data["solutions"]) == 2 and len(data["differing"]) >= 4


def test_constraints_name_what_a_setter_placed() -> None:
    from sudokit.variants import constraints

    grid = variants.thermometer(Grid.classic(9), [(0, 0), (0, 1), (0, 2)])
    grid = variants.kropki(grid, white=[((4, 4), (4, 5))], negative=True)
    grid = variants.sandwich(grid, "left", 2, 10)
    names = [name for name, _ in constraints(grid)]
    assert names == [
        "the thermometer r1c1-r1c3",
        "the white kropki dot between r5c5 and r5c6",
        "the non-consecutive rule",
        "the negative black dot rule",
        "the sandwich clue 10 reading r3c1 to r3c9",
    ]
