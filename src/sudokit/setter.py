"""The setter's check: where a puzzle with several solutions is ambiguous, and what a unique one can lose.

Before publishing, a setter wants to know two things.  When the puzzle has more than one solution:
two of them and the cells where they differ, which is where a clue is missing.  When it has one:
which givens and which constraints are redundant, each removable on its own while the puzzle stays
unique.  :func:`audit` answers both with the compiled core, within a time budget.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field

from sudokit.errors import SearchStopped
from sudokit.model import EMPTY, Puzzle, Solution
from sudokit.solver import count_solutions, solutions
from sudokit.variants import constraints


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
