"""Variant puzzles built around a known solution, for soundness checks of the logic engine.

Each builder takes a random solution of a classic grid and draws rules that the solution meets:
killer cages, thermometers, kropki dots, sandwich clues, arrows, or a jigsaw from the generator.
Every rule is checked with its kind's own predicate (``holds``) before it is kept, and some of the
solution's digits are given, so a logical path has somewhere to start.  A deduction of the engine
must keep this solution whether or not the puzzle has others: logic that is sound for every
solution cannot remove a digit of one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import sudokit
from sudokit import variants
from sudokit.constraints.base import Constraint
from sudokit.model import EMPTY, Grid, Puzzle
from tests.strategies import shuffled_solution

Position = tuple[int, int]

KINDS = ("killer", "jigsaw", "thermo", "kropki", "sandwich", "arrow")
"""The variants the builders make (the issue's list)."""


def _neighbours(n: int, cell: Position, diagonal: bool = False) -> list[Position]:
    r, c = cell
    steps = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    if diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return [(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n]


def _walk(
    n: int, rng: random.Random, length: int, fits: Callable[[list[Position], Position], bool], diagonal: bool
) -> list[Position] | None:
    """A random path of ``length`` cells, each next cell chosen among those ``fits`` allows."""
    path = [(rng.randrange(n), rng.randrange(n))]
    while len(path) < length:
        options = [x for x in _neighbours(n, path[-1], diagonal) if x not in path and fits(path, x)]
        if not options:
            return None
        path.append(rng.choice(options))
    return path


def _rules(kind: str, n: int, digit: Callable[[Position], int], rng: random.Random) -> list[Constraint]:
    """Rules of ``kind`` the solution meets (``digit`` gives its digit in a cell, 1 to n)."""
    made: list[Constraint] = []
    if kind == "thermo":
        for _ in range(60):
            path = _walk(n, rng, rng.randint(3, 5), lambda p, x: digit(x) > digit(p[-1]), True)
            if path and not any(set(path) & set(t.line) for t in made):  # type: ignore[attr-defined]
                made.append(variants.Thermometer(tuple(path)))
            if len(made) >= 4:
                break
    elif kind == "kropki":
        for r in range(n):
            for c in range(n):
                for other in ((r, c + 1), (r + 1, c)):
                    if other[0] >= n or other[1] >= n:
                        continue
                    a, b = digit((r, c)), digit(other)
                    if abs(a - b) == 1 and rng.random() < 0.5:
                        made.append(variants.Kropki((r, c), other, variants.WHITE))
                    elif (a == 2 * b or b == 2 * a) and rng.random() < 0.7:
                        made.append(variants.Kropki((r, c), other, variants.BLACK))
    elif kind == "sandwich":
        lines = [tuple((r, c) for c in range(n)) for r in range(n)] + [
            tuple((r, c) for r in range(n)) for c in range(n)
        ]
        for line in rng.sample(lines, k=n):
            digits = [digit(x) for x in line]
            i, j = sorted((digits.index(1), digits.index(n)))
            made.append(variants.Sandwich(line, sum(digits[i + 1 : j])))
    elif kind == "arrow":
        for _ in range(200):
            circle = (rng.randrange(n), rng.randrange(n))
            shaft = _walk(n, rng, rng.randint(2, 3), lambda p, x: True, True)
            if not shaft or circle in shaft or shaft[0] not in _neighbours(n, circle, True):
                continue
            used = {x for a in made for x in a.cells()}
            if sum(digit(x) for x in shaft) == digit(circle) and not used & {circle, *shaft}:
                made.append(variants.Arrow((circle,), tuple(shaft)))
            if len(made) >= 5:
                break
    elif kind == "killer":
        free = {(r, c) for r in range(n) for c in range(n)}
        while free:
            start = rng.choice(sorted(free))
            cage = [start]
            free.discard(start)
            for _ in range(rng.randint(0, 3)):
                options = [
                    x
                    for y in cage
                    for x in _neighbours(n, y)
                    if x in free and digit(x) not in {digit(z) for z in cage}
                ]
                if not options:
                    break
                x = rng.choice(options)
                cage.append(x)
                free.discard(x)
            if len(cage) > 1 and rng.random() < 0.8:
                made.append(variants.Killer(tuple(cage), sum(digit(x) for x in cage)))
    else:
        raise ValueError(f"unknown kind {kind!r}")
    return made


def build(kind: str, seed: int, size: int = 6, share: float = 0.3) -> tuple[Puzzle, tuple[int, ...]]:
    """A ``kind`` puzzle around a random solution (``seed``), ``share`` of its digits given.

    Returns the puzzle and the solution (symbol indexes, cell by cell).
    """
    rng = random.Random(seed)
    box = {4: (2, 2), 6: (2, 3), 9: (3, 3)}[size]
    if kind == "jigsaw":
        made = sudokit.generate(size=size, variant="jigsaw", seed=seed, symmetry="none")
        solved = sudokit.solve(made.puzzle).solution
        assert solved is not None
        grid, solution = made.puzzle.grid, tuple(solved.values)
    else:
        base = Grid.classic(size, box=box)
        solution = shuffled_solution(base, box, rng)
        values = base.values

        def digit(cell: Position) -> int:
            return values[solution[base.index[cell]]]

        rules = _rules(kind, size, digit, rng)
        grid = base.with_constraints(*rules)
        check = {cell: values[solution[i]] for i, cell in enumerate(grid.cells)}
        assert all(rule.holds(check, grid) for rule in rules), "a built rule the solution breaks"
    givens = tuple(v if rng.random() < share else EMPTY for v in solution)
    return Puzzle(grid, givens), solution


def unsound_steps(puzzle: Puzzle, solution: Sequence[int], time_limit: float) -> list[str]:
    """The steps of the logical path (no guesses) that remove a digit of ``solution`` or place another.

    A finder's step the path itself set aside as contradicting the solution counts too.
    """
    path = sudokit.explain(puzzle, guess=False, time_limit=time_limit)
    wrong = [
        str(step)
        for step in (*path.steps, *path.rejected)
        if any(solution[c] == d for c, d in step.eliminations)
        or any(solution[c] != d for c, d in step.placements)
    ]
    return wrong
