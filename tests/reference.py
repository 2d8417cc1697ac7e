"""A deliberately simple reference solution counter for the tests (plain backtracking, no sudokit code).

Slow, but obviously right.  A :class:`Problem` is plain data: cells, all-different units, the symbols
each cell allows, pairwise relations (two cells whose symbol indexes may not differ by a forbidden
distance: 0 = not equal, 1 = not consecutive) and killer cages (all different, and the values of their
symbols add up to a total).  :func:`count` fills one empty cell at a time with every symbol that
breaks no rule with the cells filled so far, and counts complete grids; :func:`problems` checks a full
assignment against the definitions one by one.  The helpers at the end build the cells and units of
the common layouts (rows, columns, boxes, diagonals, windows, knight moves, ...) from their geometry
alone, so that a mistake in sudokit's builders cannot hide itself.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tests.checker import classic_units

Position = tuple[int, int]
"""A cell's (row, column), 0-based."""

Relation = tuple[int, int, frozenset[int]]
"""Cells a and b may not hold symbol indexes whose difference (in absolute value) is in the set."""

Cage = tuple[tuple[int, ...], int | None]
"""Cells that hold different symbols whose values add up to the total (None: they only differ)."""


class TooHard(Exception):
    """The search took more steps than its budget (the test picks smaller instances)."""


@dataclass(frozen=True)
class Problem:
    """A puzzle as plain data: cell indexes 0..len(cells)-1 and symbol indexes 0..nsymbols-1."""

    nsymbols: int
    cells: tuple[Position, ...]
    units: tuple[tuple[int, ...], ...]
    givens: tuple[int, ...]
    """Symbol index per cell, -1 for an empty cell."""
    allowed: tuple[frozenset[int], ...] | None = None
    """The symbols each cell may hold (None: every symbol)."""
    relations: tuple[Relation, ...] = ()
    cages: tuple[Cage, ...] = ()
    values: tuple[int, ...] = ()
    """Each symbol's value in cage sums (empty: 1, 2, 3, ...)."""
    links: tuple[tuple[int, int, frozenset[tuple[int, int]]], ...] = ()
    """Cells a and b may hold symbol indexes (x, y) only when the pair is in the set."""
    sums: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...] = ()
    """(cells, coefficients, total): the cells' values times the coefficients add up to the total
    (symbols may repeat)."""
    predicates: tuple[tuple[tuple[int, ...], Callable[[tuple[int, ...]], bool]], ...] = ()
    """(cells, test): the values of the cells, in order, must pass the test (written in the test module
    from the rule's definition: a sandwich's digits between 1 and 9, a renban's run, ...)."""

    def value(self, symbol: int) -> int:
        """The value of a symbol in cage sums."""
        return self.values[symbol] if self.values else symbol + 1

    def allows(self, cell: int, symbol: int) -> bool:
        """Whether the cell may hold the symbol by its given and its allowed set."""
        given = self.givens[cell]
        if given >= 0 and given != symbol:
            return False
        return self.allowed is None or symbol in self.allowed[cell]


def problems(problem: Problem, assignment: Sequence[int]) -> list[str]:
    """What is wrong with a full assignment (symbol index per cell); empty when it is a solution."""
    found = []
    if len(assignment) != len(problem.cells):
        return [f"{len(assignment)} values for {len(problem.cells)} cells"]
    for c, v in enumerate(assignment):
        if not 0 <= v < problem.nsymbols:
            found.append(f"cell {c} holds {v}, not a symbol")
        elif not problem.allows(c, v):
            found.append(f"cell {c} holds {v}, which its given or allowed symbols exclude")
    for unit in problem.units:
        held = [assignment[c] for c in unit]
        if len(set(held)) != len(held):
            found.append(f"unit {unit} repeats a symbol")
    for a, b, distances in problem.relations:
        if abs(assignment[a] - assignment[b]) in distances:
            found.append(f"cells {a} and {b} hold {assignment[a]} and {assignment[b]}")
    for a, b, pairs in problem.links:
        if (assignment[a], assignment[b]) not in pairs:
            found.append(
                f"cells {a} and {b} hold {assignment[a]} and {assignment[b]}, which their link forbids"
            )
    for cells, factors, total in problem.sums:
        if sum(f * problem.value(assignment[c]) for f, c in zip(factors, cells, strict=True)) != total:
            found.append(f"sum {cells} does not add up to {total}")
    for cells, test in problem.predicates:
        if not test(tuple(problem.value(assignment[c]) for c in cells)):
            found.append(f"the rule over {cells} fails")
    for cells, total in problem.cages:
        held = [assignment[c] for c in cells]
        if len(set(held)) != len(held):
            found.append(f"cage {cells} repeats a symbol")
        elif total is not None and sum(problem.value(v) for v in held) != total:
            found.append(f"cage {cells} does not add up to {total}")
    return found


@dataclass
class Count:
    """What :func:`count` found: the number of solutions (up to its limit) and the first few."""

    count: int
    solutions: list[tuple[int, ...]]
    nodes: int


def count(
    problem: Problem,
    limit: int | None = None,
    *,
    keep: int = 0,
    budget: int | None = None,
    rng: random.Random | None = None,
) -> Count:
    """Count solutions by backtracking, stopping at ``limit``; keep the first ``keep`` of them.

    The givens are placed first, each checked against those before it.  Then at each step the empty
    cell with the fewest symbols that break no rule with the filled cells is filled with each of them
    in turn (``rng`` shuffles their order).  Raises :class:`TooHard` after ``budget`` steps.
    """
    ncells = len(problem.cells)
    if any(v < 0 for v in (problem.value(s) for s in range(problem.nsymbols))):
        raise ValueError("cage pruning below assumes symbol values of at least 0")
    peers: list[set[int]] = [set() for _ in range(ncells)]
    for group in [*problem.units, *(cells for cells, _ in problem.cages)]:
        for c in group:
            peers[c].update(group)
    for c in range(ncells):
        peers[c].discard(c)
    related: list[list[tuple[int, frozenset[int]]]] = [[] for _ in range(ncells)]
    for a, b, distances in problem.relations:
        related[a].append((b, distances))
        related[b].append((a, distances))
    sums_of: list[list[tuple[tuple[int, ...], tuple[int, ...], int]]] = [[] for _ in range(ncells)]
    for item in problem.sums:
        for c in item[0]:
            sums_of[c].append(item)
    tests_of: list[list[tuple[tuple[int, ...], Callable[[tuple[int, ...]], bool]]]] = [
        [] for _ in range(ncells)
    ]
    for rule in problem.predicates:
        for c in rule[0]:
            tests_of[c].append(rule)
    linked: list[list[tuple[int, frozenset[tuple[int, int]], bool]]] = [[] for _ in range(ncells)]
    for a, b, pairs in problem.links:
        linked[a].append((b, pairs, True))
        linked[b].append((a, pairs, False))
    cage_of: list[Cage | None] = [None] * ncells
    for cage in problem.cages:
        for c in cage[0]:
            cage_of[c] = cage
    grid = [-1] * ncells
    found = Count(0, [], 0)

    def options(c: int) -> list[int]:
        """The symbols that (empty) cell c can take without breaking a rule with the filled cells."""
        taken = {grid[p] for p in peers[c]}
        for o, distances in related[c]:  # v is out when |grid[o] - v| is a forbidden distance
            if grid[o] >= 0:
                taken.update(grid[o] + d for d in distances)
                taken.update(grid[o] - d for d in distances)
        return [v for v in range(problem.nsymbols) if v not in taken and fits(c, v)]

    def fits(c: int, v: int) -> bool:
        """Whether symbol v (no peer holds it, no relation forbids it) in empty cell c keeps its given,
        allowed set, links, sums, rules and cage sum."""
        if not problem.allows(c, v):
            return False
        for o, pairs, first in linked[c]:
            if grid[o] >= 0 and ((v, grid[o]) if first else (grid[o], v)) not in pairs:
                return False
        for cells, factors, total in sums_of[c]:  # checked once the cell completes the sum
            if all(grid[o] >= 0 for o in cells if o != c):
                got = sum(
                    f * problem.value(v if o == c else grid[o]) for f, o in zip(factors, cells, strict=True)
                )
                if got != total:
                    return False
        for cells, test in tests_of[c]:  # checked once the cell completes the rule's cells
            complete = all(grid[o] >= 0 for o in cells if o != c)
            if complete and not test(tuple(problem.value(v if o == c else grid[o]) for o in cells)):
                return False
        cage = cage_of[c]
        if cage is not None and cage[1] is not None:
            filled = [grid[o] for o in cage[0] if grid[o] >= 0]
            total = problem.value(v) + sum(problem.value(s) for s in filled)
            if total > cage[1] or (len(filled) + 1 == len(cage[0]) and total != cage[1]):
                return False
        return True

    def fill(left: int) -> bool:
        """Fill the remaining empty cells every way; True when the limit is reached."""
        if left == 0:
            found.count += 1
            if len(found.solutions) < keep:
                found.solutions.append(tuple(grid))
            return limit is not None and found.count >= limit
        found.nodes += 1
        if budget is not None and found.nodes > budget:
            raise TooHard(f"more than {budget} steps")
        best: tuple[int, list[int]] | None = None
        for c in empty:
            if grid[c] < 0:
                symbols = options(c)
                if best is None or len(symbols) < len(best[1]):
                    best = (c, symbols)
                    if len(symbols) <= 1:
                        break
        assert best is not None
        c, symbols = best
        if rng is not None:
            rng.shuffle(symbols)
        for v in symbols:
            grid[c] = v
            if fill(left - 1):
                return True
        grid[c] = -1
        return False

    for c, given in enumerate(problem.givens):  # givens first, each checked against those before
        if given >= 0:
            if given not in options(c):
                return found
            grid[c] = given
    empty = [c for c in range(ncells) if grid[c] < 0]
    fill(len(empty))
    return found


def random_solution(problem: Problem, rng: random.Random, budget: int = 20_000) -> tuple[int, ...] | None:
    """A random solution (symbols tried in random order), or None when there is none or it is too hard."""
    try:
        result = count(problem, 1, keep=1, budget=budget, rng=rng)
    except TooHard:
        return None
    return result.solutions[0] if result.solutions else None


def reachable(values: Sequence[int], size: int, total: int) -> bool:
    """Whether some ``size`` different symbols have values adding up to ``total``."""
    return any(sum(combo) == total for combo in itertools.combinations(values, size))


def count_classic(puzzle: list[int], n: int, box: tuple[int, int], limit: int | None = None) -> int:
    """Count the completions of a puzzle (symbol index per cell, -1 empty) of a classic n x n grid."""
    problem = Problem(n, square_cells(n), tuple(map(tuple, classic_units(n, *box))), tuple(puzzle))
    return count(problem, limit).count


# ------------------------------------------------------------------- layouts from their geometry


def square_cells(n: int) -> tuple[Position, ...]:
    """The cells of an n x n square, row by row."""
    return tuple((r, c) for r in range(n) for c in range(n))


def lines(n: int, top: int = 0, left: int = 0) -> list[list[Position]]:
    """The rows and columns of the n x n square at (top, left), as positions."""
    rows = [[(top + r, left + c) for c in range(n)] for r in range(n)]
    cols = [[(top + r, left + c) for r in range(n)] for c in range(n)]
    return rows + cols


def boxes(n: int, box: tuple[int, int], top: int = 0, left: int = 0) -> list[list[Position]]:
    """The box_rows x box_cols boxes tiling the n x n square at (top, left)."""
    h, w = box
    return [
        [(top + r + i, left + c + j) for i in range(h) for j in range(w)]
        for r in range(0, n, h)
        for c in range(0, n, w)
    ]


def diagonal_lines(n: int, which: str) -> list[list[Position]]:
    """The main diagonal, the anti-diagonal or both of an n x n square."""
    main = [(i, i) for i in range(n)]
    anti = [(i, n - 1 - i) for i in range(n)]
    return {"main": [main], "anti": [anti], "both": [main, anti]}[which]


def windows(n: int, b: int) -> list[list[Position]]:
    """Windoku windows: b x b squares whose top-left corners are at 1, b + 2, 2b + 3, ... (both ways)."""
    corners = [1 + k * (b + 1) for k in range(b - 1)]
    return [[(r + i, c + j) for i in range(b) for j in range(b)] for r in corners for c in corners]


def same_place_in_each_box(n: int, box: tuple[int, int]) -> list[list[Position]]:
    """Disjoint groups: for each position inside a box, that position in every box."""
    h, w = box
    return [
        [(r + i, c + j) for r in range(0, n, h) for c in range(0, n, w)] for i in range(h) for j in range(w)
    ]


def box_centres(n: int, box: tuple[int, int]) -> list[list[Position]]:
    """Centre-dot: one group of the centre cells of every box (odd sides)."""
    h, w = box
    return [[(r + h // 2, c + w // 2) for r in range(0, n, h) for c in range(0, n, w)]]


def pairs_at(cells: Sequence[Position], steps: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every pair of cells (as indexes) whose row and column differences, as absolute values, are a step."""
    found = []
    for a, b in itertools.combinations(range(len(cells)), 2):
        (r1, c1), (r2, c2) = cells[a], cells[b]
        if (abs(r1 - r2), abs(c1 - c2)) in steps:
            found.append((a, b))
    return found


KNIGHT = {(1, 2), (2, 1)}
KING = {(0, 1), (1, 0), (1, 1)}
NEIGHBOUR = {(0, 1), (1, 0)}
