"""Conflicts as the player types (sudokit.conflicts): a rule is broken once no filling of its own empty
cells meets it, judged against a brute force over the rule's plain predicate."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from sudokit.conflicts import broken_rules
from sudokit.constraints import Constraint, find_kind
from sudokit.model import EMPTY, Grid, Puzzle
from tests.test_learning import examples, linked_4x4_puzzles


def brute_broken(puzzle: Puzzle, values: list[int], rule: Constraint) -> bool:
    """Whether no filling of the rule's empty cells, without a repeat in a house, makes its predicate hold."""
    grid = puzzle.grid
    own = [grid.index[c] for c in rule.cells()]
    empty = [c for c in own if values[c] == EMPTY]
    for filling in itertools.product(range(grid.size), repeat=len(empty)):
        trial = list(values)
        for cell, v in zip(empty, filling, strict=True):
            trial[cell] = v
        if any(
            len({trial[c] for c in house.cells if c in own and trial[c] != EMPTY})
            < sum(1 for c in house.cells if c in own and trial[c] != EMPTY)
            for house in grid.houses
        ):
            continue
        if rule.holds({grid.cells[c]: grid.values[trial[c]] for c in own}, grid):
            return False
    return True


def entries(puzzle: Puzzle, rng: random.Random) -> list[int]:
    """Random digits in random cells, none repeated in a house (a house's repeat is its own conflict)."""
    grid = puzzle.grid
    values = [EMPTY] * len(grid.cells)
    for cell in rng.sample(range(len(grid.cells)), rng.randint(1, 6)):
        symbol = rng.randrange(grid.size)
        if all(values[o] != symbol for house in grid.houses if cell in house.cells for o in house.cells):
            values[cell] = symbol
    return values


@examples(600)
@given(case=linked_4x4_puzzles(automata=True, sums=True), seed=st.integers(0, 2**32))
def test_a_rule_is_broken_exactly_when_no_filling_of_its_cells_meets_it(
    case: tuple[Puzzle, list[tuple[int, ...]]], seed: int
) -> None:
    """Dots, thermometers, cages, arrows, sandwiches, lines: broken as soon as, and only when, the plain
    predicate has no filling of the rule's empty cells."""
    puzzle, _ = case
    values = entries(puzzle, random.Random(seed))
    found = {id(b.constraint) for b in broken_rules(puzzle, values)}
    for rule in puzzle.grid.constraints:
        if rule.cells():
            assert (id(rule) in found) == brute_broken(puzzle, values, rule), (rule, values)


@examples(300)
@given(case=linked_4x4_puzzles(automata=True, sums=True), seed=st.integers(0, 2**32))
def test_no_conflict_while_entering_a_solution(case: tuple[Puzzle, list[tuple[int, ...]]], seed: int) -> None:
    """Any part of a grid the rules keep breaks nothing: no false alarm."""
    puzzle, solutions = case
    if not solutions:
        return
    rng = random.Random(seed)
    solution = rng.choice(solutions)
    values = [v if rng.random() < 0.5 else EMPTY for v in solution]
    assert broken_rules(puzzle, values) == []


def test_the_players_conflicts_named_with_their_cells() -> None:
    """The cases players reported: an anti-knight pair, a thermometer's bulb above a later cell, an
    8-cage holding a 9, a repeat in a cage; each named with the cells that show it."""
    grid = Grid.classic(9).with_constraints(
        find_kind("antiknight")(),
        find_kind("thermometer")(((0, 0), (0, 1), (0, 2), (0, 3))),
        find_kind("killer")(((8, 0), (8, 1)), 8),
        find_kind("killer")(((5, 5), (5, 6), (6, 5)), 20),
    )
    puzzle = Puzzle.empty(grid)
    values = [EMPTY] * 81
    at = grid.index.__getitem__
    values[at((4, 4))] = values[at((6, 3))] = 6  # a knight's move apart
    values[at((0, 0))], values[at((0, 2))] = 4, 2  # bulb 5 above a 3
    values[at((8, 0))] = 8  # a 9 in an 8-cage
    found = {b.constraint.describe(grid): set(b.cells) for b in broken_rules(puzzle, values)}
    assert found == {
        "the anti-knight rule": {at((4, 4)), at((6, 3))},
        "the thermometer r1c1-r1c4": {at((0, c)) for c in range(4)},
        "the killer cage at r9c1 (sum 8)": {at((8, 0)), at((8, 1))},
    }
    values[at((8, 0))] = EMPTY
    values[at((5, 6))], values[at((6, 5))] = 8, 8  # no house repeat, but the cage's
    found = {b.constraint.describe(grid) for b in broken_rules(puzzle, values)}
    assert "the killer cage at r6c6 (sum 20)" in found
