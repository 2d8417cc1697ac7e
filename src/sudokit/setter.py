"""The setter's check: where a puzzle with several solutions is ambiguous, and what a unique one can lose.

Before publishing, a setter wants to know two things.  When the puzzle has more than one solution:
two of them and the cells where they differ, which is where a clue is missing.  When it has one:
which givens and which constraints are redundant, each removable on its own while the puzzle stays
unique.  :func:`audit` answers both with the compiled core, within a time budget.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from sudokit import variants
from sudokit.errors import SearchStopped
from sudokit.model import EMPTY, Grid, Puzzle, Solution, cell_name
from sudokit.solver import count_solutions, solutions

Removal = Callable[[Grid], Grid]


@dataclass(frozen=True)
class Audit:
    """What :func:`audit` found about a puzzle."""

    puzzle: Puzzle
    count: int
    """0, 1 or 2 (2: two or more solutions)."""
    solutions: tuple[Solution, ...]
    """No solution, the one, or two that differ."""
    differing: tuple[int, ...] = ()
    """Cells (indexes) where the two solutions differ: where the puzzle is ambiguous."""
    redundant_givens: tuple[int, ...] = ()
    """Givens (cell indexes) each of which can go alone while the puzzle stays unique."""
    redundant_constraints: tuple[str, ...] = ()
    """Constraints (as players name them) each of which can go alone while the puzzle stays unique."""
    complete: bool = True
    """False when the time budget ran out before every given and constraint was tried."""
    checked: list[str] = field(default_factory=list, compare=False, repr=False)
    """Every constraint tried, as named in :attr:`redundant_constraints`."""

    @property
    def unique(self) -> bool:
        """Whether the puzzle has exactly one solution."""
        return self.count == 1


def constraints(grid: Grid) -> list[tuple[str, Removal]]:
    """The constraints a setter places, each named and with a function that removes it from a grid.

    A drawn line (thermometer, renban, ...) is one constraint with all its links, sums or rules; a
    dot, an arrow, a little killer, an outside clue and a cage are one each; the negative constraint
    of a kind of dot is one.
    """
    found: list[tuple[str, Removal]] = []
    for line in variants.drawn_lines(grid):
        cells = set(line.cells)
        steps = {frozenset(p) for p in itertools.pairwise(line.cells)}
        name = f"the {line.kind} line {_span(grid, line.cells)}"

        def without_line(
            g: Grid, kind: str = line.kind, cells: set[int] = cells, steps: set[frozenset[int]] = steps
        ) -> Grid:
            return dataclasses.replace(
                g,
                links=tuple(
                    k
                    for k in g.links
                    if not (k.kind == kind and (set(k.line) == cells or frozenset(k.cells) in steps))
                ),
                sums=tuple(s for s in g.sums if not (s.kind == kind and set(s.line) == cells)),
                line_rules=tuple(r for r in g.line_rules if not (r.kind == kind and set(r.cells) == cells)),
                relations=tuple(r for r in g.relations if not (r.kind == kind and set(r.cells) <= cells)),
                _memo={},
            )

        found.append((name, without_line))
    drawn = {"thermometer", "slow thermometer", "whispers", "palindrome", "clone"}
    for k, link in enumerate(grid.links):
        if link.kind in drawn or link.negated:
            continue
        found.append(
            (
                f"the {link.kind} clue between {_span(grid, link.cells)}",
                functools.partial(_drop, field_name="links", index=k),
            )
        )
    for kind in sorted({link.kind for link in grid.links if link.negated}):

        def without_negative(g: Grid, kind: str = kind) -> Grid:
            return dataclasses.replace(
                g, links=tuple(k for k in g.links if not (k.negated and k.kind == kind)), _memo={}
            )

        found.append((f"the negative constraint of the {kind} clues", without_negative))
    for k, total in enumerate(grid.sums):
        if not total.line:
            name = f"the {total.kind} sum {total.total} over {_span(grid, total.cells)}"
            found.append((name, functools.partial(_drop, field_name="sums", index=k)))
    for k, rule in enumerate(grid.line_rules):
        if rule.kind not in variants.LINE_RULE_LINES:
            found.append((rule.describe(grid), functools.partial(_drop, field_name="line_rules", index=k)))
    for k, cage in enumerate(grid.cages):
        found.append((f"the {cage.name(grid)}", functools.partial(_drop, field_name="cages", index=k)))
    return found


def _drop(grid: Grid, field_name: str, index: int) -> Grid:
    items = getattr(grid, field_name)
    return dataclasses.replace(grid, **{field_name: items[:index] + items[index + 1 :]}, _memo={})


def _span(grid: Grid, cells: tuple[int, ...]) -> str:
    names = [cell_name(grid.cells[c]) for c in cells]
    return names[0] if len(names) == 1 else f"{names[0]}-{names[-1]}"


def audit(puzzle: Puzzle, *, time_limit: float = 60.0, redundancy: bool = True) -> Audit:
    """Two differing solutions of an ambiguous puzzle, or what a unique one can lose.

    For a unique puzzle (and ``redundancy``), the givens and constraints each removable alone.

    Each uniqueness test is bounded; when ``time_limit`` runs out the result says so (``complete``
    False).  :class:`~sudokit.errors.SearchStopped` when even the first count does not finish.
    """
    started = time.monotonic()
    found = list(solutions(puzzle, limit=2, time_limit=time_limit))
    if len(found) != 1:
        differing: tuple[int, ...] = ()
        if len(found) == 2:
            differing = tuple(
                c for c, (a, b) in enumerate(zip(*(s.values for s in found), strict=True)) if a != b
            )
        return Audit(puzzle, len(found), tuple(found), differing)
    if not redundancy:
        return Audit(puzzle, 1, tuple(found))

    def unique_without(candidate: Puzzle) -> bool | None:
        left = time_limit - (time.monotonic() - started)
        if left <= 0:
            return None
        try:
            result = count_solutions(candidate, 2, time_limit=left)
        except SearchStopped:
            return None
        if result.stopped_by in ("nodes", "time"):
            return None
        return result.unique

    complete = True
    givens = []
    for c, given in enumerate(puzzle.givens):
        if given == EMPTY:
            continue
        reduced = dataclasses.replace(puzzle, givens=(*puzzle.givens[:c], EMPTY, *puzzle.givens[c + 1 :]))
        answer = unique_without(reduced)
        complete &= answer is not None
        if answer:
            givens.append(c)
    names, redundant = [], []
    for name, remove in constraints(puzzle.grid):
        names.append(name)
        answer = unique_without(dataclasses.replace(puzzle, grid=remove(puzzle.grid)))
        complete &= answer is not None
        if answer:
            redundant.append(name)
    return Audit(puzzle, 1, tuple(found), (), tuple(givens), tuple(redundant), complete, names)
