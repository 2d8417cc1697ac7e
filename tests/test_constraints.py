"""Conformance of every constraint kind: its meaning, its propagation and its true candidates.

Each kind is checked against an independent definition (tests/rules.py: plain predicates written from
the rules text, sharing no code with sudokit) on small grids the reference counter (tests/reference.py)
searches exhaustively:

* hand-checked cases: filled grids that must keep or break the rule, by sudokit's own meaning
  (``Solution.violations``) and by the independent one;
* a property test (hypothesis): random constraints of every kind, mostly kept by a random solution,
  with random givens: sudokit counts what the reference counts, its propagation at the root never
  removes a value some solution holds, its true candidates are exactly the values some solution
  holds, and every solution it gives keeps every rule by the independent definitions.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sudokit
from sudokit import EMPTY, Grid, Puzzle, Solution, variants
from sudokit.constraints.base import Constraint, kinds
from sudokit.constraints.cages.killer import Killer, SumCage
from sudokit.constraints.cages.multi_sum import MultiSumKiller
from sudokit.constraints.cages.rellik import Rellik
from sudokit.constraints.cells.connected_values import ConnectedValues
from sudokit.constraints.cells.contains import (
    ContainAtLeast,
    ContainExact,
    CountDistinct,
    EqualityCage,
    LookAndSay,
)
from sudokit.constraints.cells.counting_circles import CountingCircles
from sudokit.constraints.cells.extremum import Maximum, Minimum
from sudokit.constraints.cells.indexers import BoxIndexer, ColumnIndexer, RowIndexer
from sudokit.constraints.cells.odd_even import Even, Odd
from sudokit.constraints.cells.quadruple import Quadruple
from sudokit.constraints.cells.same_values import SameValues
from sudokit.constraints.dots.inequality import Inequality
from sudokit.constraints.dots.kropki import BLACK, WHITE, Kropki
from sudokit.constraints.dots.negative import AntiXV, NegativeRatio, NonConsecutive
from sudokit.constraints.dots.xv import XV
from sudokit.constraints.generic.composite import And, FalseClues, Not, Or
from sudokit.constraints.generic.expression import PairRule
from sudokit.constraints.generic.primitives import CustomLink, CustomRelation, CustomSum
from sudokit.constraints.grid_rules.chess import AntiKing, AntiKnight, Leaper
from sudokit.constraints.grid_rules.diagonal import Diagonal
from sudokit.constraints.grid_rules.entropy import GlobalEntropy, GlobalModular
from sudokit.constraints.grid_rules.neighbours import DiagonalNonConsecutive, Knightmare, SelfTaxicab, Taxicab
from sudokit.constraints.grid_rules.units import CentreDot, DisjointGroups, Windoku
from sudokit.constraints.lines.arrow import Arrow
from sudokit.constraints.lines.between import Between
from sudokit.constraints.lines.clone import Clone
from sudokit.constraints.lines.double_arrow import DoubleArrow
from sudokit.constraints.lines.entropic import Entropic, Modular
from sudokit.constraints.lines.lockout import Lockout
from sudokit.constraints.lines.lunchbox import Lunchbox, ValueIndexing
from sudokit.constraints.lines.nabner import Nabner
from sudokit.constraints.lines.palindrome import Palindrome
from sudokit.constraints.lines.parity import ParityLine
from sudokit.constraints.lines.regex import RegexLine
from sudokit.constraints.lines.region_sum import RegionSum
from sudokit.constraints.lines.renban import Renban
from sudokit.constraints.lines.segment_sum import EqualSums, SegmentSum
from sudokit.constraints.lines.state_machine import StateMachineLine
from sudokit.constraints.lines.thermometer import SlowThermometer, Thermometer
from sudokit.constraints.lines.whispers import Whispers
from sudokit.constraints.lines.zipper import Zipper
from sudokit.constraints.outside.full_rank import DistinctRanks, FullRank
from sudokit.constraints.outside.little_killer import LittleKiller
from sudokit.constraints.outside.room import FrameSum, NumberedRoom
from sudokit.constraints.outside.sandwich import Sandwich
from sudokit.constraints.outside.skyscraper import HiddenSkyscraper, Skyscraper
from sudokit.constraints.outside.x_sum import XSum
from sudokit.constraints.regions.extra_region import ExtraRegion
from sudokit.constraints.regions.same_sets import RegionSameValues
from tests import reference, rules
from tests.reference import Problem

N = 4
BOX = (2, 2)
CELLS = reference.square_cells(N)
WHERE = {cell: i for i, cell in enumerate(CELLS)}
BOXES = reference.boxes(N, BOX)
Rule = tuple[tuple[int, ...], Callable[[tuple[int, ...]], bool]]


def base_problem(givens: tuple[int, ...] = (EMPTY,) * (N * N)) -> Problem:
    units = tuple(tuple(WHERE[p] for p in g) for g in reference.lines(N) + BOXES)
    return Problem(N, CELLS, units, givens)


def at(cells: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    return tuple(WHERE[c] for c in cells)


@dataclass
class Case:
    """One constraint and its independent definition: the rules (cell indexes, test) it means.

    ``late`` makes the rules of a constraint whose meaning depends on the others (a negative rule
    and the dots beside it, minimum cells and their grey neighbours) from every constraint of the grid.
    """

    constraint: Constraint
    rules: list[Rule]
    late: Callable[[list[Constraint]], list[Rule]] | None = None


def walk(rng: random.Random, length: int, king: bool = True) -> list[tuple[int, int]]:
    """A line of distinct cells, each a king's (or an orthogonal) step from the last."""
    line = [(rng.randrange(N), rng.randrange(N))]
    steps = [
        (dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0) and (king or dr * dc == 0)
    ]
    while len(line) < length:
        r, c = line[-1]
        options = [
            (r + dr, c + dc) for dr, dc in steps if (r + dr, c + dc) in WHERE and (r + dr, c + dc) not in line
        ]
        if not options:
            break
        line.append(rng.choice(options))
    return line


def values_of(
    truth: tuple[int, ...], cells: list[tuple[int, int]] | tuple[tuple[int, int], ...]
) -> tuple[int, ...]:
    return tuple(truth[WHERE[c]] for c in cells)


def line_case(
    rng: random.Random, truth: tuple[int, ...], make: Callable[[tuple[tuple[int, int], ...]], Constraint],
    test: Callable[[tuple[int, ...]], bool], shortest: int = 2, longest: int = 4,
) -> Case:  # fmt: skip
    """A line the truth keeps the rule on (most of the time), of a line kind."""
    line: list[tuple[int, int]] = []
    for _ in range(60):
        line = walk(rng, rng.randint(shortest, longest))
        if len(line) >= shortest and test(values_of(truth, line)):
            break
    return Case(make(tuple(line)), [(at(line), test)])


def orthogonal_pair(rng: random.Random) -> tuple[tuple[int, int], tuple[int, int]]:
    return rng.choice(rules.orthogonal_pairs(N))


# ------------------------------------------------------------------- case makers, one per kind


def _thermo(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, Thermometer, rules.increasing)


def _slow(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, SlowThermometer, rules.non_decreasing)


def _palindrome(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, Palindrome, rules.palindrome, 3, 5)


def _whispers(rng: random.Random, truth: tuple[int, ...]) -> Case:
    gap = rng.choice([None, 1, 2, 3])
    return line_case(rng, truth, lambda line: Whispers(line, gap), rules.whispers(gap or 2))


def _renban(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, Renban, rules.renban, 2, 4)


def _between(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, Between, rules.between, 3, 4)


def _entropic(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, Entropic, rules.three_in_a_row_differ(rules.entropy_rank(N)), 2, 5)


def _modular(rng: random.Random, truth: tuple[int, ...]) -> Case:
    m = rng.choice([3, 3, 2, 4])  # ISS's modulus: any m cells in a row, m remainders modulo m
    return line_case(
        rng, truth, lambda line: Modular(line, m), rules.in_a_row_differ(lambda x: x % m, m), 2, 5
    )


def _region_sum(rng: random.Random, truth: tuple[int, ...]) -> Case:
    box_of = {cell: k for k, box in enumerate(BOXES) for cell in box}
    for _ in range(60):
        line = walk(rng, rng.randint(2, 5), king=True)
        parts: list[int] = []
        for k, cell in enumerate(line):
            if k and box_of[cell] == box_of[line[k - 1]]:
                parts[-1] += 1
            else:
                parts.append(1)
        if len(parts) >= 2 and rules.split_sums_equal(parts)(values_of(truth, line)):
            break
    else:
        pytest.skip("no region sum line")
    return Case(RegionSum(tuple(line)), [(at(line), rules.split_sums_equal(parts))])


def _zipper(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, Zipper, rules.zipper, 3, 5)


def _double_arrow(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, DoubleArrow, rules.double_arrow, 3, 5)


def _nabner(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, Nabner, rules.nabner, 1, 3)


def _arrow(rng: random.Random, truth: tuple[int, ...]) -> Case:
    for _ in range(60):
        line = walk(rng, rng.randint(2, 4))
        circle = line[:1] if rng.random() < 0.8 or len(line) < 3 else line[:2]
        shaft = line[len(circle) :]
        test = rules.arrow(len(circle))
        if test(values_of(truth, line)):
            break
    return Case(Arrow(tuple(circle), tuple(shaft)), [(at(line), test)])


def _clone(rng: random.Random, truth: tuple[int, ...]) -> Case:
    size = rng.randint(1, 2)
    for _ in range(60):
        a, b = rng.sample(CELLS, 2)
        first = [a, (a[0], a[1] + 1)][:size]
        second = [b, (b[0], b[1] + 1)][:size]
        cells = first + second
        distinct = all(c in WHERE for c in cells) and len(set(cells)) == len(cells)
        if distinct and rules.clone(size)(values_of(truth, cells)):
            break
    else:
        pytest.skip("no clone")
    return Case(Clone(tuple(first), tuple(second)), [(at(cells), rules.clone(size))])


def _kropki(rng: random.Random, truth: tuple[int, ...]) -> Case:
    a, b = orthogonal_pair(rng)
    va, vb = values_of(truth, [a, b])
    if rng.random() < 0.5:
        value = abs(va - vb)
        return Case(
            Kropki(a, b, WHITE, value if value != 1 else None), [(at([a, b]), rules.white_dot(value))]
        )
    ratio = max(va, vb) // min(va, vb) if max(va, vb) % min(va, vb) == 0 and va != vb else 2
    return Case(Kropki(a, b, BLACK, ratio if ratio != 2 else None), [(at([a, b]), rules.black_dot(ratio))])


def _xv(rng: random.Random, truth: tuple[int, ...]) -> Case:
    a, b = orthogonal_pair(rng)
    total = 5 if sum(values_of(truth, [a, b])) == 5 or rng.random() < 0.5 else 10
    return Case(XV(a, b, total), [(at([a, b]), rules.adds_to(total))])


def _killer(rng: random.Random, truth: tuple[int, ...]) -> Case:
    cells = walk(rng, rng.randint(1, 3), king=False)
    values = values_of(truth, cells)
    total = sum(values) if rng.random() < 0.8 else None
    return Case(Killer(tuple(cells), total), [(at(cells), rules.killer(total))])


def _sum_cage(rng: random.Random, truth: tuple[int, ...]) -> Case:
    cells = rng.sample(CELLS, rng.randint(1, 4))
    total = sum(values_of(truth, cells))
    return Case(SumCage(tuple(cells), total), [(at(cells), rules.adds_to(total))])


def _multi_sum(rng: random.Random, truth: tuple[int, ...]) -> Case:
    cells = walk(rng, rng.randint(2, 3), king=False)
    total = sum(values_of(truth, cells))
    totals = tuple(sorted({total, total + rng.choice([2, 3, 4])}))
    return Case(MultiSumKiller(tuple(cells), totals), [(at(cells), rules.multi_sum(totals))])


def _rellik(rng: random.Random, truth: tuple[int, ...]) -> Case:
    cells = walk(rng, rng.randint(1, 3), king=False)
    values = values_of(truth, cells)
    sums = {
        sum(c) for k in range(1, len(values) + 1) for c in __import__("itertools").combinations(values, k)
    }
    options = [t for t in range(1, 11) if t not in sums] or [1]
    total = rng.choice(options)
    return Case(Rellik(tuple(cells), total), [(at(cells), rules.rellik(total))])


def _little_killer(rng: random.Random, truth: tuple[int, ...]) -> Case:
    r, c = rng.randrange(N), rng.randrange(N)
    step = rng.choice([(1, 1), (1, -1), (-1, 1), (-1, -1)])
    line = []
    while (r, c) in WHERE:
        line.append((r, c))
        r, c = r + step[0], c + step[1]
    total = sum(values_of(truth, line))
    return Case(LittleKiller(tuple(line), total), [(at(line), rules.adds_to(total))])


def _outside(kind: type, measure: Callable[[int], Callable[[tuple[int, ...]], bool]]) -> Callable[..., Case]:
    def make(rng: random.Random, truth: tuple[int, ...]) -> Case:
        index = rng.randrange(N)
        side = rng.choice(["top", "bottom", "left", "right"])
        line = [(r, index) for r in range(N)] if side in ("top", "bottom") else [(index, c) for c in range(N)]
        if side in ("bottom", "right"):
            line.reverse()
        values = values_of(truth, line)
        clue = next((k for k in range(0, 20) if measure(k)(values)), 1)
        return Case(kind(tuple(line), clue), [(at(line), measure(clue))])

    return make


def _quadruple(rng: random.Random, truth: tuple[int, ...]) -> Case:
    r, c = rng.randrange(N - 1), rng.randrange(N - 1)
    cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
    digits = tuple(sorted(rng.sample(values_of(truth, cells), rng.randint(1, 4))))
    return Case(Quadruple(tuple(cells), digits), [(at(cells), rules.quadruple(digits))])


def _group(rng: random.Random) -> list[tuple[int, int]]:
    """Any two to six cells of the grid, in no particular shape (a cage, a diagonal, a line)."""
    return sorted(rng.sample(CELLS, rng.randint(2, 6)))


def _contain_at_least(rng: random.Random, truth: tuple[int, ...]) -> Case:
    cells = _group(rng)
    digits = tuple(sorted(rng.sample(values_of(truth, cells), rng.randint(1, len(cells)))))
    return Case(ContainAtLeast(tuple(cells), digits), [(at(cells), rules.quadruple(digits))])


def _contain_exact(rng: random.Random, truth: tuple[int, ...]) -> Case:
    cells = _group(rng)
    digits = tuple(sorted(rng.sample(values_of(truth, cells), rng.randint(1, len(cells)))))
    counts = {d: digits.count(d) for d in digits}
    return Case(ContainExact(tuple(cells), digits), [(at(cells), rules.contains_exactly(counts))])


def _lunchbox(rng: random.Random, truth: tuple[int, ...]) -> Case:
    line = walk(rng, rng.randint(2, 4))
    held = values_of(truth, line)
    total = 0
    if len(set(held)) == len(held):
        i, j = sorted((held.index(min(held)), held.index(max(held))))
        total = sum(held[i + 1 : j]) if rng.random() < 0.85 else rng.randint(0, 6)
    return Case(Lunchbox(tuple(line), total), [(at(line), rules.lunchbox(total))])


def _same_values(rng: random.Random, truth: tuple[int, ...]) -> Case:
    size = rng.choice([1, 2, 2, 3])
    sets = rng.choice([2, 2, 3]) if size < 3 else 2
    cells = rng.sample(CELLS, size * sets)
    return Case(SameValues(tuple(cells), sets), [(at(cells), rules.same_multiset(size))])


def _look_and_say(rng: random.Random, truth: tuple[int, ...]) -> Case:
    cells = _group(rng)
    held = values_of(truth, cells)
    named = rng.sample(range(1, N + 1), rng.randint(1, 2))  # a digit absent from the cells gets 0
    pairs = tuple((held.count(d) if rng.random() < 0.8 else (held.count(d) + 1) % 3, d) for d in named)
    pairs = tuple(p for p in pairs if p[0] <= len(cells)) or ((held.count(named[0]), named[0]),)
    return Case(
        LookAndSay(tuple(cells), pairs), [(at(cells), rules.contains_exactly({d: c for c, d in pairs}))]
    )


def _equality_cage(rng: random.Random, truth: tuple[int, ...]) -> Case:
    cells = rng.sample(CELLS, rng.choice([2, 2, 4]))
    for _ in range(40):  # cells the truth balances, most of the time
        if rules.equality_cage(range(1, N + 1))(values_of(truth, cells)):
            break
        cells = rng.sample(CELLS, len(cells))
    return Case(
        EqualityCage(tuple(sorted(cells))), [(at(sorted(cells)), rules.equality_cage(range(1, N + 1)))]
    )


def _count_distinct(rng: random.Random, truth: tuple[int, ...]) -> Case:
    control, *others = rng.sample(CELLS, rng.randint(2, 6))
    if rng.random() < 0.8:  # usually a clue the truth keeps: the control cell among the counted values
        others = sorted(others)
    return Case(CountDistinct(control, tuple(others)), [(at([control, *others]), rules.distinct_count)])


def random_pattern(rng: random.Random, depth: int = 0) -> str:
    """A random pattern of ISS's regex syntax over the digits 1 to 4 (one quantifier per atom, as
    Python's re, the independent oracle, requires)."""
    atoms = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        if kind < 0.4 or depth >= 2:
            atom = rng.choice("1234.")
        elif kind < 0.7:
            chosen = "".join(sorted(rng.sample("1234", rng.randint(1, 3))))
            atom = f"[{'^' if rng.random() < 0.3 else ''}{chosen}]"
        else:
            atom = f"({random_pattern(rng, depth + 1)}|{random_pattern(rng, depth + 1)})"
        atom += rng.choice(["", "", "*", "+", "?", "{1,2}", "{2}", "{0,}"])
        atoms.append(atom)
    return "".join(atoms)


def _regex(rng: random.Random, truth: tuple[int, ...]) -> Case:
    import re

    line: list[tuple[int, int]] = []
    pattern = ""
    for _ in range(80):  # a pattern the truth's line matches, most of the time
        line = walk(rng, rng.randint(1, 4))
        pattern = random_pattern(rng)
        if re.fullmatch(pattern, "".join(map(str, values_of(truth, line)))):
            break
    spelled = re.compile(pattern)
    return Case(
        RegexLine(tuple(line), pattern),
        [(at(line), lambda v: spelled.fullmatch("".join(map(str, v))) is not None)],
    )


def _odd_even(rng: random.Random, truth: tuple[int, ...]) -> Case:
    cell = rng.choice(CELLS)
    if truth[WHERE[cell]] % 2:
        return Case(Odd(cell), [(at([cell]), rules.odd)])
    return Case(Even(cell), [(at([cell]), rules.even)])


def _inequality(rng: random.Random, truth: tuple[int, ...]) -> Case:
    a, b = orthogonal_pair(rng)
    if truth[WHERE[a]] < truth[WHERE[b]]:
        a, b = b, a
    return Case(Inequality(a, b), [(at([a, b]), rules.greater)])


def _lockout(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, Lockout, rules.lockout(1), 2, 4)


def _parity(rng: random.Random, truth: tuple[int, ...]) -> Case:
    return line_case(rng, truth, ParityLine, rules.parity_alternates, 2, 5)


def _segments(rng: random.Random, truth: tuple[int, ...]) -> Case:
    total = rng.choice([4, 5, 6])
    return line_case(rng, truth, lambda line: SegmentSum(line, total), rules.pieces_of(total), 2, 5)


def _equal_sums(rng: random.Random, truth: tuple[int, ...]) -> Case:
    for _ in range(60):
        first = walk(rng, rng.randint(1, 3))
        second = walk(rng, rng.randint(1, 3))
        if set(first) & set(second):
            continue
        test = rules.split_sums_equal([len(first), len(second)])
        if test(values_of(truth, first + second)):
            break
    else:
        pytest.skip("no equal-sum lines")
    return Case(EqualSums((tuple(first), tuple(second))), [(at(first + second), test)])


# ----------------------------------------------------------------- kinds that read the whole grid


def _extremum(kind: type) -> Callable[..., Case]:
    def make(rng: random.Random, truth: tuple[int, ...]) -> Case:
        marked = rng.sample(CELLS, rng.randint(1, 3))
        test = rules.first_below_rest if kind is Minimum else rules.first_above_rest

        def late(everything: list[Constraint]) -> list[Rule]:
            grey = {c.cell for c in everything if type(c) is kind}
            found = []
            for cell in marked:  # compared with the orthogonal neighbours not marked the same way
                near = [o for o in CELLS if abs(o[0] - cell[0]) + abs(o[1] - cell[1]) == 1 and o not in grey]
                found.append((at([cell, *near]), test))
            return found

        return Case(_Many(tuple(kind(cell) for cell in marked)), [], late)

    return make


@dataclass(frozen=True)
class _Many(Constraint):
    """Several constraints added together (a case of several marked cells)."""

    parts: tuple[Constraint, ...]


def _global(
    constraint: Constraint, pairs: list[tuple[tuple[int, int], tuple[int, int]]], test: rules.Test
) -> Case:
    return Case(constraint, [(at(pair), test) for pair in pairs])


def _dots(everything: list[Constraint]) -> set[frozenset[tuple[int, int]]]:
    return {frozenset((c.first, c.second)) for c in everything if isinstance(c, Kropki)}


def _signs(everything: list[Constraint]) -> set[frozenset[tuple[int, int]]]:
    return {frozenset((c.first, c.second)) for c in everything if isinstance(c, XV)}


def _nonconsecutive(rng: random.Random, truth: tuple[int, ...]) -> Case:
    dotted = rng.sample(rules.orthogonal_pairs(N), rng.randint(0, 3))
    dots = []
    found: list[Rule] = []
    for a, b in dotted:
        va, vb = values_of(truth, [a, b])
        if rng.random() < 0.5:
            dots.append(Kropki(a, b, WHITE, abs(va - vb) or 1))
            found.append((at([a, b]), rules.white_dot(abs(va - vb) or 1)))
        else:
            dots.append(Kropki(a, b, BLACK, 3))
            found.append((at([a, b]), rules.black_dot(3)))

    def late(everything: list[Constraint]) -> list[Rule]:  # dots of either colour exempt their pair
        exempt = _dots(everything)
        return [
            (at(p), rules.not_consecutive) for p in rules.orthogonal_pairs(N) if frozenset(p) not in exempt
        ]

    return Case(_Many((NonConsecutive(), *dots)), found, late)


def _negative_ratio(rng: random.Random, truth: tuple[int, ...]) -> Case:
    dotted = rng.sample(rules.orthogonal_pairs(N), rng.randint(0, 2))
    dots = [Kropki(a, b, BLACK, 2) for a, b in dotted]
    found: list[Rule] = [(at(p), rules.black_dot(2)) for p in dotted]

    def late(everything: list[Constraint]) -> list[Rule]:  # the ratios of the black dots drawn, 2 if none
        exempt = _dots(everything)
        ratios = sorted({c.number() for c in everything if isinstance(c, Kropki) and c.colour == BLACK}) or [
            2
        ]
        free = [p for p in rules.orthogonal_pairs(N) if frozenset(p) not in exempt]
        return [(at(p), rules.no_ratio(ratios)) for p in free]

    return Case(_Many((NegativeRatio(), *dots)), found, late)


def _anti_xv(rng: random.Random, truth: tuple[int, ...]) -> Case:
    signed = rng.sample(rules.orthogonal_pairs(N), rng.randint(0, 2))
    signs = [XV(a, b, 5) for a, b in signed]
    found: list[Rule] = [(at(p), rules.adds_to(5)) for p in signed]

    def late(everything: list[Constraint]) -> list[Rule]:  # only X and V signs exempt their pair
        exempt = _signs(everything)
        free = [p for p in rules.orthogonal_pairs(N) if frozenset(p) not in exempt]
        return [(at(p), rules.no_sum([5, 10])) for p in free]

    return Case(_Many((AntiXV(), *signs)), found, late)


def _indexers(kind: type) -> Callable[..., Case]:
    def make(rng: random.Random, truth: tuple[int, ...]) -> Case:
        cells = rng.sample(CELLS, rng.randint(1, 3))
        found: list[Rule] = []
        for r, c in cells:
            box = next(b for b in BOXES if (r, c) in b)
            ordered = sorted(box)
            for v in range(1, N + 1):
                if kind is ColumnIndexer:
                    target, then = (r, v - 1), c + 1
                elif kind is RowIndexer:
                    target, then = (v - 1, c), r + 1
                else:
                    target, then = ordered[v - 1], ordered.index((r, c)) + 1
                if target != (r, c):
                    found.append((at([(r, c), target]), rules.if_then(v, then)))
        return Case(kind(tuple(cells)), found)

    return make


def _counting(rng: random.Random, truth: tuple[int, ...]) -> Case:
    cells = rng.sample(CELLS, rng.randint(1, 6))
    return Case(CountingCircles(tuple(sorted(cells))), [(at(sorted(cells)), rules.counting)])


def _entropy(kind: type, rank: Callable[[int], int]) -> Callable[..., Case]:
    def make(rng: random.Random, truth: tuple[int, ...]) -> Case:
        return Case(kind(), [(at(square), rules.all_three(rank)) for square in rules.two_by_twos(N)])

    return make


def _leaper(rng: random.Random, truth: tuple[int, ...]) -> Case:
    offset = rng.choice([(1, 2), (1, 3), (2, 2), (0, 2)])
    pairs = rules.pairs_apart(
        N, lambda dr, dc: {dr, dc} == set(offset) and sorted((dr, dc)) == sorted(offset)
    )
    return _global(Leaper((offset,)), pairs, rules.differ)


def _taxicab(rng: random.Random, truth: tuple[int, ...]) -> Case:
    d = rng.choice([2, 3, 4])
    return _global(Taxicab(d), rules.pairs_apart(N, lambda dr, dc: dr + dc == d), rules.differ)


def _self_taxicab(rng: random.Random, truth: tuple[int, ...]) -> Case:
    found: list[Rule] = []
    for d in range(1, N + 1):
        found += [(at(p), rules.not_both(d)) for p in rules.pairs_apart(N, lambda dr, dc, d=d: dr + dc == d)]
    return Case(SelfTaxicab(), found)


def _knightmare(rng: random.Random, truth: tuple[int, ...]) -> Case:
    pairs = rules.pairs_apart(N, lambda dr, dc: {dr, dc} == {1, 2})
    return _global(Knightmare((5, 15)), pairs, rules.no_sum([5, 15]))


def _frame(rng: random.Random, truth: tuple[int, ...]) -> Case:
    index = rng.randrange(N)
    side = rng.choice(["top", "bottom", "left", "right"])
    line = [(r, index) for r in range(N)] if side in ("top", "bottom") else [(index, c) for c in range(N)]
    if side in ("bottom", "right"):
        line.reverse()
    total = sum(values_of(truth, line[:2]))
    return Case(FrameSum(tuple(line), total), [(at(line[:2]), rules.adds_to(total))])


CASES: dict[str, Callable[[random.Random, tuple[int, ...]], Case]] = {
    "thermometer": _thermo,
    "slow thermometer": _slow,
    "palindrome": _palindrome,
    "whispers": _whispers,
    "renban": _renban,
    "between": _between,
    "entropic": _entropic,
    "modular": _modular,
    "region sum": _region_sum,
    "zipper": _zipper,
    "double arrow": _double_arrow,
    "nabner": _nabner,
    "arrow": _arrow,
    "clone": _clone,
    "kropki": _kropki,
    "xv": _xv,
    "killer": _killer,
    "sum cage": _sum_cage,
    "multi-sum killer": _multi_sum,
    "rellik": _rellik,
    "little killer": _little_killer,
    "sandwich": _outside(Sandwich, lambda k: rules.sandwich(k, N)),
    "x-sum": _outside(XSum, rules.x_sum),
    "skyscraper": _outside(Skyscraper, rules.skyscraper),
    "hidden skyscraper": _outside(HiddenSkyscraper, rules.hidden_skyscraper),
    "lunchbox line": _lunchbox,
    "value indexing": lambda rng, truth: _value_indexing(rng, truth),
    "same values": _same_values,
    "numbered room": _outside(NumberedRoom, rules.numbered_room),
    "frame sum": _frame,
    "quadruple": _quadruple,
    "contain at least": _contain_at_least,
    "contain exact": _contain_exact,
    "look and say": _look_and_say,
    "count distinct": _count_distinct,
    "equality cage": _equality_cage,
    "odd": _odd_even,
    "even": _odd_even,
    "minimum": _extremum(Minimum),
    "maximum": _extremum(Maximum),
    "inequality": _inequality,
    "lockout": _lockout,
    "parity line": _parity,
    "segment sum": _segments,
    "regex": _regex,
    "equal sums": _equal_sums,
    "nonconsecutive": _nonconsecutive,
    "negative ratio": _negative_ratio,
    "anti xv": _anti_xv,
    "column indexer": _indexers(ColumnIndexer),
    "row indexer": _indexers(RowIndexer),
    "box indexer": _indexers(BoxIndexer),
    "counting circles": _counting,
    "global entropy": _entropy(GlobalEntropy, rules.entropy_rank(N)),
    "global modular": _entropy(GlobalModular, lambda x: x % 3),
    "leaper": _leaper,
    "antiknight": lambda rng, truth: _global(
        AntiKnight(), rules.pairs_apart(N, lambda dr, dc: {dr, dc} == {1, 2}), rules.differ
    ),
    "antiking": lambda rng, truth: _global(
        AntiKing(), rules.pairs_apart(N, lambda dr, dc: max(dr, dc) == 1), rules.differ
    ),
    "diagonal nonconsecutive": lambda rng, truth: _global(
        DiagonalNonConsecutive(), rules.pairs_apart(N, lambda dr, dc: dr == dc == 1), rules.not_consecutive
    ),
    "taxicab": _taxicab,
    "self taxicab": _self_taxicab,
    "knightmare": _knightmare,
    "diagonal": lambda rng, truth: Case(
        Diagonal(rng.choice(["main", "anti"])), []
    ),  # replaced below with its cells
    "extra region": lambda rng, truth: (
        lambda cells: Case(ExtraRegion(tuple(cells)), [(at(cells), rules.differ)])
    )(rng.sample(CELLS, rng.randint(2, 4))),
    "link": lambda rng, truth: (
        lambda a, b: Case(CustomLink(a, b, "less"), [(at([a, b]), lambda v: v[0] < v[1])])
    )(*rng.sample(CELLS, 2)),
    "sum": lambda rng, truth: (
        lambda cells: Case(
            CustomSum(tuple(cells), sum(values_of(truth, cells))),
            [(at(cells), rules.adds_to(sum(values_of(truth, cells))))],
        )
    )(rng.sample(CELLS, 2)),
    "relation": lambda rng, truth: (
        lambda a, b: Case(CustomRelation(a, b, (1,)), [(at([a, b]), rules.not_consecutive)])
    )(*rng.sample(CELLS, 2)),
}
"""How to make a random case of each kind on a 4x4 grid, mostly kept by the solution ``truth``."""

OR_PARTS = [
    "thermometer", "renban", "whispers", "killer", "kropki", "xv", "arrow", "sandwich", "quadruple", "odd",
    "palindrome", "between", "little killer", "lunchbox line", "same values", "contain exact", "skyscraper",
    "extra region", "regex", "antiknight", "diagonal nonconsecutive", "link", "relation",
]  # fmt: skip
"""Kinds an 'or' case draws its branches from (rules of their own: no negative rules beside dots)."""


def _or(rng: random.Random, truth: tuple[int, ...]) -> Case:
    """Two or three branches of one or two random rules each; one rule over their cells' union."""
    branches: list[list[Case]] = [
        [CASES[rng.choice(OR_PARTS)](rng, truth) for _ in range(rng.choice([1, 1, 2]))]
        for _ in range(rng.choice([2, 2, 3]))
    ]
    if rng.random() < 0.5:  # now and then no branch the truth keeps but the first, or none at all
        branches = [
            [CASES[rng.choice(OR_PARTS)](rng, tuple(rng.randint(1, N) for _ in truth))] for _ in branches
        ]
    parts = tuple(tuple(c for case in branch for c in flatten(case.constraint)) for branch in branches)
    found = [rule for branch in branches for case in branch for rule in case.rules]
    where = tuple(sorted({c for cells, _ in found for c in cells}))

    def test(values: tuple[int, ...]) -> bool:
        got = dict(zip(where, values, strict=True))
        return any(
            all(check(tuple(got[c] for c in cells)) for case in branch for cells, check in case.rules)
            for branch in branches
        )

    return Case(Or(parts), [(where, test)])


CASES["or"] = _or


def _and(rng: random.Random, truth: tuple[int, ...]) -> Case:
    """Two random rules as one: their rules together."""
    cases = [CASES[rng.choice(OR_PARTS)](rng, truth) for _ in range(2)]
    return Case(
        And(tuple(c for case in cases for c in flatten(case.constraint))),
        [r for case in cases for r in case.rules],
    )


CASES["and"] = _and


def _not(rng: random.Random, truth: tuple[int, ...]) -> Case:
    """A random rule turned round: made on a random grid, so the truth breaks it about as often as not."""
    case = CASES[rng.choice(OR_PARTS)](rng, tuple(rng.randint(1, N) for _ in truth))
    parts = flatten(case.constraint)
    inner = parts[0] if len(parts) == 1 else And(tuple(parts))
    where = tuple(sorted({c for cells, _ in case.rules for c in cells}))

    def test(values: tuple[int, ...]) -> bool:
        got = dict(zip(where, values, strict=True))
        return not all(check(tuple(got[c] for c in cells)) for cells, check in case.rules)

    return Case(Not(inner), [(where, test)])


CASES["not"] = _not


def _false_clues(rng: random.Random, truth: tuple[int, ...]) -> Case:
    """Two to four random rules (some made on a random grid), exactly some number of them false."""
    cases = [
        CASES[rng.choice(OR_PARTS)](
            rng, truth if rng.random() < 0.6 else tuple(rng.randint(1, N) for _ in truth)
        )
        for _ in range(rng.randint(2, 4))
    ]
    if rng.random() < 0.5:  # killer cages on cells no other part reads: the one-automaton form
        cells = rng.sample(CELLS, 2 * len(cases))
        cases = [_cage_case(cells[2 * k : 2 * k + 2], truth, rng) for k in range(len(cases))]
    count = rng.randint(0, min(2, len(cases)))
    parts = tuple(
        And(tuple(flatten(case.constraint)))
        if len(flatten(case.constraint)) > 1
        else flatten(case.constraint)[0]
        for case in cases
    )
    where = tuple(sorted({c for case in cases for cells, _ in case.rules for c in cells}))

    def test(values: tuple[int, ...]) -> bool:
        got = dict(zip(where, values, strict=True))
        broken = sum(
            not all(check(tuple(got[c] for c in cells)) for cells, check in case.rules) for case in cases
        )
        return broken == count

    return Case(FalseClues(parts, count), [(where, test)])


def _cage_case(cells: list[tuple[int, int]], truth: tuple[int, ...], rng: random.Random) -> Case:
    total = sum(values_of(truth, cells)) + rng.choice([0, 0, 1, -1])
    return Case(Killer(tuple(cells), total), [(at(cells), rules.killer(total))])


CASES["false clues"] = _false_clues

EXPRESSIONS = [
    ("a + b == 5", lambda a, b: a + b == 5),
    ("abs(a - b) >= 2", lambda a, b: abs(a - b) >= 2),
    ("a < b or a == 4", lambda a, b: a < b or a == 4),
    ("(a * b) % 2 == 0", lambda a, b: (a * b) % 2 == 0),
    ("max(a, b) - min(a, b) != 1", lambda a, b: max(a, b) - min(a, b) != 1),
    ("a if b > 2 else b - a", lambda a, b: bool(a if b > 2 else b - a)),
    ("not (1 < a < 4) and b != 1", lambda a, b: not (1 < a < 4) and b != 1),
    ("a ** 2 > b + 3", lambda a, b: a**2 > b + 3),
]
"""Pair rules' expressions, each with the same rule written in Python by hand."""


def _pair_rule(rng: random.Random, truth: tuple[int, ...]) -> Case:
    text, fit = rng.choice(EXPRESSIONS)
    every = rng.random() < 0.3
    line = walk(rng, rng.randint(2, 3))

    def test(values: tuple[int, ...]) -> bool:
        pairs = itertools.permutations(values, 2) if every else itertools.pairwise(values)
        return all(fit(a, b) for a, b in pairs)

    return Case(PairRule(tuple(line), text, every), [(at(line), test)])


CASES["pair rule"] = _pair_rule


def _paths_accept(
    word: list[int | str], starts: set[int], accepts: set[int], moves: set[tuple[int, object, int]]
) -> bool:
    """A machine accepts a word: some path of moves from a start reads it into an accepting state (DFS)."""

    def go(state: int, i: int) -> bool:
        if i == len(word):
            return state in accepts
        return any(go(t, i + 1) for s, v, t in moves if s == state and v == word[i])

    return any(go(s, 0) for s in starts)


def _state_machine(rng: random.Random, truth: tuple[int, ...]) -> Case:
    """A random machine that reads the truth's line along one path (and has random moves besides)."""
    line = walk(rng, rng.randint(1, 4))
    states = rng.randint(1, 4)
    breaks = tuple(sorted(rng.sample(range(len(line) + 1), rng.randint(0, 2)))) if rng.random() < 0.4 else ()
    word: list[int | str] = []
    for i, v in enumerate(values_of(truth, line)):
        word += ["|"] * breaks.count(i) + [v]
    word += ["|"] * breaks.count(len(line))
    state = rng.randrange(states)
    starts, path = {state}, set()
    for symbol in word:
        after = rng.randrange(states)
        path.add((state, symbol, after))
        state = after
    accepts = {state} | {rng.randrange(states) for _ in range(rng.randint(0, 1))}
    extra = {(rng.randrange(states), rng.choice([1, 2, 3, 4, "|"]), rng.randrange(states)) for _ in range(6)}
    moves = path | extra
    made = StateMachineLine(
        tuple(line),
        states,
        tuple(sorted(starts)),
        tuple(sorted(accepts)),
        tuple(sorted((a, v, b) for a, v, b in moves if v != "|")),  # type: ignore[misc]
        tuple(sorted((a, b) for a, v, b in moves if v == "|")),
        breaks,
    )

    def test(values: tuple[int, ...]) -> bool:
        spelled: list[int | str] = []
        for i, v in enumerate(values):
            spelled += ["|"] * breaks.count(i) + [v]
        return _paths_accept(spelled + ["|"] * breaks.count(len(values)), starts, accepts, moves)

    return Case(made, [(at(line), test)])


CASES["state machine"] = _state_machine


def _connected_values(rng: random.Random, truth: tuple[int, ...]) -> Case:
    """Some values over the grid or a rectangle; the size the truth gives them, or any."""
    values = tuple(sorted(rng.sample(range(1, N + 1), rng.randint(1, 3))))
    within: tuple[tuple[int, int], ...] = ()
    if rng.random() < 0.5:
        top, left = rng.randrange(N - 1), rng.randrange(N - 1)
        within = tuple(
            (r, c) for r in range(top, rng.randint(top + 2, N)) for c in range(left, rng.randint(left + 2, N))
        )
    area = within or tuple(CELLS)
    size = sum(truth[WHERE[c]] in values for c in area) if rng.random() < 0.5 else 0

    def test(got: tuple[int, ...]) -> bool:
        chosen = {c for c, v in zip(area, got, strict=True) if v in values}
        return bool(chosen) and (not size or len(chosen) == size) and rules.connected_cells(chosen)

    return Case(ConnectedValues(values, size, within), [(at(area), test)])


CASES["connected values"] = _connected_values


def _region_same_values(rng: random.Random, truth: tuple[int, ...]) -> Case:
    """Two or three random regions of two or three cells (perhaps overlapping): one set of values."""
    length = rng.randint(2, 3)
    regions = tuple(tuple(rng.sample(CELLS, length)) for _ in range(rng.randint(2, 3)))
    where = tuple(dict.fromkeys(c for region in regions for c in region))

    def test(got: tuple[int, ...]) -> bool:
        value = dict(zip(where, got, strict=True))
        sets = [{value[c] for c in region} for region in regions]
        return all(other == sets[0] for other in sets)

    return Case(RegionSameValues(regions), [(at(where), test)])


CASES["region same values"] = _region_same_values


def _full_rank(rng: random.Random, truth: tuple[int, ...]) -> Case:
    """A row or column read from one end, ranked among all 16 such numbers as the truth ranks it."""
    numbers = [tuple((r, c) for c in range(N)) for r in range(N)] + [
        tuple((r, c) for r in range(N)) for c in range(N)
    ]
    numbers += [line[::-1] for line in numbers]
    line = rng.choice(numbers)
    rank = 1 + sum(values_of(truth, other) < values_of(truth, line) for other in numbers if other != line)

    def test(grid: tuple[int, ...]) -> bool:
        read = dict(zip(CELLS, grid, strict=True))
        mine = [read[c] for c in line]
        others = [[read[c] for c in other] for other in numbers if other != line]
        return sum(o < mine for o in others) == rank - 1 and mine not in others

    return Case(FullRank(line, rank), [(at(CELLS), test)])


CASES["full rank"] = _full_rank


def _value_indexing(rng: random.Random, truth: tuple[int, ...]) -> Case:
    """A value-indexing line, now and then through one of its cells again (ISS allows it)."""
    case = line_case(rng, truth, ValueIndexing, rules.value_indexing, 3, 4)
    line = list(case.constraint.cells())
    if rng.random() < 0.4:
        line.insert(rng.randrange(2, len(line) + 1), rng.choice(line))
        return Case(ValueIndexing(tuple(line)), [(at(line), rules.value_indexing)])
    return case


def _distinct_ranks(rng: random.Random, truth: tuple[int, ...]) -> Case:
    """No two of the 16 numbers the rows and columns read from either end are equal."""
    lines = [tuple((r, c) for c in range(N)) for r in range(N)] + [
        tuple((r, c) for r in range(N)) for c in range(N)
    ]
    lines += [line[::-1] for line in lines]

    def test(grid: tuple[int, ...]) -> bool:
        read = dict(zip(CELLS, grid, strict=True))
        numbers = [tuple(read[c] for c in line) for line in lines]
        return len(set(numbers)) == len(numbers)

    return Case(DistinctRanks(), [(at(CELLS), test)])


CASES["distinct ranks"] = _distinct_ranks

NOT_ON_4X4 = {"windoku", "centre dot", "disjoint groups", "dutch flatmates"}
"""Kinds checked on their own grids below (they need boxes of other shapes or a 9x9)."""
WITH_UNKNOWNS = {
    "yin-yang", "shaded given", "shaded digits", "shaded count", "chaos construction", "roles", "loop",
    "loop digits", "loop visit", "outside cells",
}  # fmt: skip
"""Kinds with unknowns beside the digits (shading): their solutions are more than the digits the reference
counter counts, so tests/test_shading.py, test_chaos.py, test_loop.py, test_outside_cells.py and the
negator test below check them against counts over digits and their unknowns."""


def _diagonal_case(rng: random.Random, truth: tuple[int, ...]) -> Case:
    which = rng.choice(["main", "anti"])
    cells = [(i, i) for i in range(N)] if which == "main" else [(i, N - 1 - i) for i in range(N)]
    return Case(Diagonal(which), [(at(cells), rules.differ)])


CASES["diagonal"] = _diagonal_case


def test_every_registered_kind_has_a_case() -> None:
    assert {k.kind for k in kinds()} - set(CASES) == NOT_ON_4X4 | WITH_UNKNOWNS


def flatten(constraint: Constraint) -> list[Constraint]:
    return list(constraint.parts) if isinstance(constraint, _Many) else [constraint]


def build(kinds_drawn: list[str], seed: int, givens_share: float) -> tuple[Puzzle, Problem, list[Rule]]:
    rng = random.Random(seed)
    truth_symbols = reference.random_solution(base_problem(), rng)
    assert truth_symbols is not None
    truth = tuple(v + 1 for v in truth_symbols)
    grid = Grid.classic(N, BOX)
    found: list[Rule] = []
    lates = []
    for kind in kinds_drawn:
        case = CASES[kind](rng, truth)
        if rng.random() < 0.15:  # now and then a rule the truth need not keep
            case = CASES[kind](rng, tuple(rng.randint(1, N) for _ in range(N * N)))
        try:
            grid = grid.with_constraints(*flatten(case.constraint))
        except sudokit.GridError:
            continue  # a definition that cannot stand (a sum no digits reach): said when built
        found += case.rules
        if case.late is not None:
            lates.append(case.late)
    for late in lates:
        found += late(list(grid.constraints))
    givens = tuple(v - 1 if rng.random() < givens_share else EMPTY for v in truth)
    problem = replace(base_problem(givens), predicates=tuple(found))
    return Puzzle(grid, givens), problem, found


KIND_NAMES = sorted(CASES)


def check_against_the_reference(puzzle: Puzzle, problem: Problem, what: object) -> None:
    """Counts, true candidates, root propagation and solutions agree with the reference counter."""
    expected = reference.count(problem, keep=400)
    result = sudokit.count_solutions(puzzle)
    assert result.count == expected.count, what
    truth = [0] * len(CELLS)
    for solution in expected.solutions:
        for c, v in enumerate(solution):
            truth[c] |= 1 << v
    if expected.count <= 400:  # every solution kept: the true candidates are known
        candidates = sudokit.true_candidates(puzzle)
        assert candidates.complete and list(candidates.candidates) == truth, what
        from sudokit.solver import _start

        search, reason = _start(puzzle, None, None)
        root = search.root_candidates() if reason is None else (0,) * len(CELLS)
        assert all(r & t == t for r, t in zip(root[: len(CELLS)], truth, strict=True)), (
            what
        )  # no true value removed
    for values in expected.solutions[:20]:  # sudokit's meaning agrees with the independent one
        assert Solution(puzzle, values).violations() == [], what


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_each_kind_counts_propagates_and_finds_true_candidates_as_its_definition_says(kind: str) -> None:
    for seed in range(30):
        puzzle, problem, _ = build(
            [kind, kind] if seed % 3 == 0 else [kind], seed, (0.0, 0.15, 0.3)[seed % 3]
        )
        check_against_the_reference(puzzle, problem, (kind, seed, puzzle.grid.constraints))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    drawn=st.lists(st.sampled_from(KIND_NAMES), min_size=2, max_size=4),
    seed=st.integers(0, 2**32),
    givens_share=st.sampled_from([0.0, 0.15, 0.3]),
)
def test_kinds_together_count_and_propagate_as_their_definitions_say(
    drawn: list[str], seed: int, givens_share: float
) -> None:
    puzzle, problem, _ = build(drawn, seed, givens_share)
    check_against_the_reference(puzzle, problem, (drawn, seed, puzzle.grid.constraints))


def kept_by_definition(found: list[Rule], values: tuple[int, ...]) -> bool:
    return all(test(tuple(values[c] + 1 for c in cells)) for cells, test in found)


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_each_kind_breaks_exactly_when_its_definition_does(kind: str) -> None:
    """On every 4x4 grid, sudokit's meaning of a random constraint agrees with the definition."""
    rng = random.Random(kind)
    plain = [s.values for s in sudokit.solutions(Puzzle.empty(Grid.classic(N, BOX)))]
    assert len(plain) == 288
    for _ in range(6):
        truth = tuple(v + 1 for v in rng.choice(plain))
        case = CASES[kind](rng, truth)
        try:
            grid = Grid.classic(N, BOX).with_constraints(*flatten(case.constraint))
        except sudokit.GridError:
            continue
        puzzle = Puzzle.empty(grid)
        found = case.rules + (case.late(list(grid.constraints)) if case.late else [])
        for values in plain:
            broken = Solution(puzzle, values).violations() != []
            assert broken == (not kept_by_definition(found, values)), (kind, case.constraint, values)


# ------------------------------------------------------------------------------ hand-checked cases

SOLVED_9X9 = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def solved(grid: Grid, text: str = SOLVED_9X9) -> Solution:
    return Solution.from_string(text, Puzzle.empty(grid))


ROWS = [SOLVED_9X9[r * 9 : r * 9 + 9] for r in range(9)]
"""4 1 7 3 6 9 8 2 5 / 6 3 2 1 5 8 9 4 7 / 9 5 8 7 2 4 3 1 6 / 8 2 5 4 3 7 1 6 9 / 7 9 1 5 8 6 4 3 2 /
3 4 6 9 1 2 7 5 8 / 2 8 9 6 4 3 5 7 1 / 5 7 3 2 9 1 6 8 4 / 1 6 4 8 7 5 2 9 3"""
MAIN = [(i, i) for i in range(9)]


@pytest.mark.parametrize(
    ("build_grid", "keeps"),
    [
        (lambda g: variants.thermometer(g, [(0, 1), (0, 0), (0, 2)]), True),  # 1 < 4 < 7
        (lambda g: variants.thermometer(g, [(0, 0), (0, 1)]), False),  # 4 then 1
        (lambda g: variants.arrow(g, [(0, 6)], [(0, 1), (0, 2)]), True),  # 8 = 1 + 7
        (
            lambda g: variants.arrow(g, [(0, 1), (1, 2)], [(0, 2), (0, 8)]),
            True,
        ),  # the pill 1,2 reads 12 = 7 + 5
        (lambda g: variants.arrow(g, [(1, 2), (0, 1)], [(0, 2), (0, 8)]), False),  # read the other way: 21
        (lambda g: variants.kropki(g, white=[((0, 7), (0, 8))]), False),  # 2 and 5
        (lambda g: variants.kropki(g, black=[((0, 1), (0, 7))]), True),  # 1 and 2
        (lambda g: variants.sandwich(g, "top", 0, 25), True),  # 4 6 [9] 8 7 3 2 5 [1]: 8+7+3+2+5
        (lambda g: variants.sandwich(g, "top", 0, 24), False),
        (lambda g: variants.x_sum(g, "left", 0, 15), True),  # 4: 4+1+7+3
        (lambda g: variants.x_sum(g, "right", 0, 30), True),  # 5: 5+2+8+9+6
        (lambda g: variants.skyscraper(g, "left", 0, 3), True),  # 4, 7, 9 are seen
        (lambda g: variants.skyscraper(g, "right", 0, 2), False),  # 5, 8, 9: three
        (lambda g: variants.renban(g, [(0, 6), (1, 6), (2, 6)]), False),  # 8 9 3
        (lambda g: variants.renban(g, [(0, 6), (1, 6)]), True),  # 8 9
        (lambda g: variants.whispers(g, [(0, 0), (0, 1), (0, 2)]), False),  # 4 to 1 is only 3 apart
        (lambda g: variants.whispers(g, [(0, 1), (0, 2)]), True),  # 1 to 7
        (lambda g: variants.little_killer(g, MAIN, 45), True),  # 4+3+8+4+8+2+5+8+3
        (lambda g: variants.killer(g, [([(0, 0), (0, 1)], 5)]), True),
        (lambda g: variants.killer(g, [([(0, 0), (0, 1)], 6)]), False),
        (lambda g: variants.non_consecutive(g), False),  # r1c6, r1c7 hold 9 and 8
        (lambda g: variants.minimum(g, (3, 6)), True),  # 1 below 3, 4, 7, 6
        (lambda g: variants.minimum(variants.minimum(g, (1, 3)), (1, 2)), True),  # 2 beside the grey 1
        (lambda g: variants.minimum(g, (1, 2)), False),  # 2 beside a 1 it is compared with
        (lambda g: variants.maximum(g, (0, 5)), True),  # 9 above 6, 8, 8
        (lambda g: variants.quadruple(g, (0, 0), [1, 3]), True),  # 4 1 / 6 3
        (lambda g: variants.quadruple(g, (0, 0), [2]), False),
        (lambda g: variants.between(g, [(0, 1), (0, 0), (0, 2)]), True),  # 4 between 1 and 7
        (lambda g: variants.between(g, [(0, 0), (0, 1), (0, 2)]), False),  # 1 not between 4 and 7
    ],
)
def test_hand_checked_cases_on_a_solved_9x9(build_grid: Callable[[Grid], Grid], keeps: bool) -> None:
    assert ROWS[0] == "417369825" and ROWS[8] == "164875293"
    faults = solved(build_grid(Grid.classic(9))).violations()
    assert (faults == []) == keeps, faults


@pytest.mark.parametrize(
    ("build_grid", "message"),
    [
        (lambda g: g.with_constraints(Windoku()), "the windoku rule"),
        (lambda g: g.with_constraints(CentreDot()), "the centre dot rule"),
        (lambda g: g.with_constraints(DisjointGroups()), "the disjoint groups rule"),
    ],
)
def test_box_layout_rules_on_a_solved_9x9(build_grid: Callable[[Grid], Grid], message: str) -> None:
    """The windows, centre dots and disjoint groups of this solution repeat digits (checked by hand)."""
    faults = solved(build_grid(Grid.classic(9))).violations()
    assert faults == [f"{message} is broken"]


def test_the_meaning_table_in_the_docs_is_current() -> None:
    from pathlib import Path

    from sudokit.constraints.table import meaning_table

    doc = (Path(__file__).parent.parent / "docs" / "constraints.md").read_text()
    start = doc.index("<!-- meaning table: generated by python -m sudokit.constraints.table -->\n")
    end = doc.index("<!-- end of the meaning table -->")
    assert doc[start:end].split("\n", 1)[1] == meaning_table() + "\n"
    for kind in kinds():
        assert f"| `{kind.kind}` |" in doc and kind.rule and kind.source, kind.kind


def test_the_wording_table_in_the_docs_is_current() -> None:
    from pathlib import Path

    from sudokit.constraints.table import wording_table

    doc = (Path(__file__).parent.parent / "docs" / "constraints.md").read_text()
    start = doc.index("<!-- wording table: generated by python -m sudokit.constraints.table --words -->\n")
    end = doc.index("<!-- end of the wording table -->")
    assert doc[start:end].split("\n", 1)[1] == wording_table() + "\n"


def latin_squares(n: int, first: tuple[int, ...] | None = None) -> list[tuple[tuple[int, ...], ...]]:
    """Every n x n Latin square of the digits 1 to n (with this first row), built row by row."""
    from itertools import permutations

    rows = list(permutations(range(1, n + 1)))
    squares: list[tuple[tuple[int, ...], ...]] = [(first,)] if first else [()]
    for _ in range(n - len(squares[0])):
        squares = [
            (*made, row)
            for made in squares
            for row in rows
            if all(row[c] != other[c] for other in made for c in range(n))
        ]
    return squares


def flatmates_kept(square: tuple[tuple[int, ...], ...]) -> bool:
    """Every middle digit has the lowest digit directly above it or the highest directly below it."""
    n = len(square)
    middle = (n + 1) // 2
    return all(
        square[r][c] != middle or (r > 0 and square[r - 1][c] == 1) or (r < n - 1 and square[r + 1][c] == n)
        for r in range(n)
        for c in range(n)
    )


def test_dutch_flatmates_counts_as_its_definition_says() -> None:
    """On 3x3 and 5x5 Latin squares every square is checked: each middle digit has 1 above or n below."""
    from sudokit.constraints.grid_rules.flatmates import DutchFlatmates

    for n, first in ((3, None), (5, (2, 4, 1, 5, 3))):
        expected = sum(map(flatmates_kept, latin_squares(n, first)))
        grid = Grid.latin(n).with_constraints(DutchFlatmates())
        givens = tuple(first[c] - 1 for c in range(n)) + (EMPTY,) * (n * n - n) if first else (EMPTY,) * n * n
        assert sudokit.count_solutions(Puzzle(grid, givens)).count == expected > 0
    nine = sudokit.solve(Puzzle.empty(Grid.classic(9).with_constraints(DutchFlatmates()))).solution
    assert nine is not None and nine.violations() == []


@pytest.mark.parametrize(
    "text",
    [
        "__import__('os').system('true')",
        "a.__class__",
        "open('x')",
        "[a for a in range(10)]",
        "lambda: 1",
        "c + 1",
        "a +",
        "(" * 200 + "a" + ")" * 200,
        "9 ** 9 ** 9",
        "a" + " + a" * 200,
    ],
)
def test_a_pair_rule_refuses_what_is_not_its_small_language(text: str) -> None:
    from sudokit.constraints.generic.expression import compile_expression, fits

    with pytest.raises(sudokit.GridError):
        compile_expression(text)
        fits(text, 1, 2)  # a power too large is refused when evaluated


ROLE_PARTS = [
    "killer",
    "sum cage",
    "xv",
    "kropki",
    "thermometer",
    "arrow",
    "little killer",
    "sum",
    "link",
    "whispers",
]
"""Kinds whose clues read values (sums, pairs, order): the ones cell roles change."""


def role_placements() -> list[frozenset[tuple[int, int]]]:
    """Every choice of one cell per row, column and box of the 4x4 grid, by hand."""
    found = []
    for columns in itertools.permutations(range(N)):
        cells = frozenset((r, c) for r, c in enumerate(columns))
        if all(
            sum((r // BOX[0], c // BOX[1]) == (br, bc) for r, c in cells) == 1
            for br in range(2)
            for bc in range(2)
        ):
            found.append(cells)
    return found


@pytest.mark.parametrize("effect", ["negate", "double"])
@pytest.mark.parametrize("seed", range(15))
def test_negators_and_doublers_count_as_their_definition_says(effect: str, seed: int) -> None:
    """Digits and role cells counted together, every clue read on the changed values, by hand."""
    from sudokit.constraints.cells.roles import Roles

    rng = random.Random(seed)
    plain = [s.values for s in sudokit.solutions(Puzzle.empty(Grid.classic(N, BOX)))]
    placements = role_placements()
    change = (lambda v: -v) if effect == "negate" else (lambda v: 2 * v)
    digits = [v + 1 for v in rng.choice(plain)]
    marked = rng.choice(placements)
    truth = tuple(change(d) if CELLS[i] in marked else d for i, d in enumerate(digits))
    grid = Grid.classic(N, BOX).with_constraints(Roles(effect=effect))
    found: list[Rule] = []
    for _ in range(rng.randint(1, 3)):
        case = CASES[rng.choice(ROLE_PARTS)](rng, truth)
        try:
            grid = grid.with_constraints(*flatten(case.constraint))
        except sudokit.GridError:
            continue
        found += case.rules
    expected = 0
    for solution in plain:
        for cells in placements:
            values = [change(v + 1) if CELLS[i] in cells else v + 1 for i, v in enumerate(solution)]
            expected += all(test(tuple(values[c] for c in where)) for where, test in found)
    result = sudokit.count_solutions(Puzzle.empty(grid))
    assert result.count == expected, grid.constraints
    if result.first is not None:
        assert result.first.violations() == []
