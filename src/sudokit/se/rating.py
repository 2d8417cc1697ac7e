"""Sudoku Explainer's rating: ER, EP and ED, by SE's own rules.

SE solves step by step; at each step its rules are asked in a fixed order and the first hint found
is applied.  ER (the rating) is the hardest step of that path, EP (pearl) the hardest step up to the
first that places a value, ED (diamond) the first step.  A puzzle SE's rules cannot finish is
rated 20.0, as SE rates it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sudokit.errors import PuzzleError, SearchStopped

try:
    from sudokit import _engine
except ImportError:  # pragma: no cover - the core is built with the package
    _engine = None  # type: ignore[assignment]
from sudokit.se.chaining import POLL, Chaining
from sudokit.se.grid import Grid
from sudokit.se.rules import (
    Hint,
    Rule,
    aligned_pair_exclusion,
    aligned_triplet_exclusion,
    bivalue_universal_grave,
    fish,
    hidden_set,
    hidden_singles,
    locking,
    naked_set,
    naked_singles,
    unique_loops,
    xy_wing,
)

if TYPE_CHECKING:
    from sudokit.model import Puzzle

RULES: tuple[Rule, ...] = (
    hidden_singles,
    locking(direct=True),
    hidden_set(2, direct=True),
    naked_singles,
    hidden_set(3, direct=True),
    locking(direct=False),
    naked_set(2),
    fish(2),
    hidden_set(2, direct=False),
    naked_set(3),
    fish(3),
    hidden_set(3, direct=False),
    xy_wing(xyz=False),
    xy_wing(xyz=True),
    unique_loops,
    naked_set(4),
    fish(4),
    hidden_set(4, direct=False),
    bivalue_universal_grave,
    aligned_pair_exclusion,
    Chaining(multiple=False, dynamic=False, nishio=False),
    aligned_triplet_exclusion,
    Chaining(multiple=False, dynamic=True, nishio=True),
    Chaining(multiple=True, dynamic=False, nishio=False),
    Chaining(multiple=True, dynamic=True, nishio=False),
    Chaining(multiple=True, dynamic=True, nishio=False, level=1),
    Chaining(multiple=True, dynamic=True, nishio=False, level=2),
    Chaining(multiple=True, dynamic=True, nishio=False, level=3),
    Chaining(multiple=True, dynamic=True, nishio=False, level=4),
    Chaining(multiple=True, dynamic=True, nishio=False, level=5),
)
"""SE's rules in the order it asks them (direct ones first, then indirect, then chains)."""


@dataclass(frozen=True)
class SERating:
    """Sudoku Explainer's three numbers for a puzzle, and the path behind them."""

    er: float
    """The rating: the hardest step (20.0 when SE's rules cannot finish the puzzle)."""
    ep: float
    """Pearl: the hardest step up to the first placement."""
    ed: float
    """Diamond: the first step."""
    steps: list[tuple[str, float]] = field(default_factory=list, compare=False, repr=False)
    """Each step's technique and difficulty, in order."""

    def as_dict(self) -> dict[str, object]:
        """JSON-ready: ``er``, ``ep``, ``ed`` to one decimal, as SE prints them."""
        return {"er": round(self.er, 1), "ep": round(self.ep, 1), "ed": round(self.ed, 1)}

    def __str__(self) -> str:
        """``ED=7.1/1.2/1.2``: ER/EP/ED as serate writes them."""
        return f"ED={self.er:.1f}/{self.ep:.1f}/{self.ed:.1f}"


COMPILED = 14
"""How many of :data:`RULES`, from the first, the compiled core also has (hidden singles to XYZ-wings)."""

_NAMES = (
    "Hidden Single", "Naked Single", "Direct Pointing", "Direct Claiming", "Direct Hidden Pair",
    "Direct Hidden Triplet", "Pointing", "Claiming", "Naked Pair", "Naked Triplet", "Hidden Pair",
    "Hidden Triplet", "X-Wing", "Swordfish", "XY-Wing", "XYZ-Wing", "Naked Quad", "Jellyfish", "Hidden Quad",
)  # fmt: skip
"""The names of the compiled rules' hints, in the order of ``serate.h``."""


def _compiled_hint(grid: Grid) -> Hint | None:
    """The first hint of the compiled rules (hidden singles to XYZ-wings), as :data:`RULES` finds it."""
    found = _engine.se_basic_hint(grid.values, grid.cand)
    if found is None:
        return None
    name, difficulty, cell, value, removals, _, _, _ = found
    return Hint(_NAMES[name], difficulty, dict(removals), cell, value if cell >= 0 else 0)


def first_hint(grid: Grid, rules: Sequence[Rule] = RULES, compiled: bool = True) -> Hint | None:
    """The hint SE takes next: the first hint of the first rule that has one.

    With ``compiled`` (and SE's own rule list), the rules the compiled core has are asked there,
    the others here; without it every rule is this package's Python, the reference the core is
    tested against.
    """
    start = 0
    if compiled and rules is RULES and _engine is not None:
        hint = _compiled_hint(grid)
        if hint is not None:
            return hint
        start = COMPILED
    for rule in rules[start:]:
        for hint in _ask(rule, grid, compiled):
            return hint
    return None


_QUADS = (RULES[COMPILED + 1], RULES[COMPILED + 2], RULES[COMPILED + 3])
"""Naked quads, jellyfish, hidden quads: asked of the core together (they follow one another)."""


def _compiled_quad(grid: Grid) -> Iterator[Hint]:
    found = _engine.se_quad_hint(grid.values, grid.cand)
    if found is not None:
        name, difficulty, removals = found
        yield Hint(_NAMES[name], difficulty, dict(removals))


def _compiled_loop(grid: Grid) -> Iterator[Hint]:
    found = _engine.se_loop_hint(grid.values, grid.cand)
    if found == -1:  # more loops than the core keeps: the Python search
        yield from unique_loops(grid)
    elif isinstance(found, tuple):
        kind, difficulty, removals = found
        yield Hint(f"Unique Loop type {3 if kind == 5 else kind}", difficulty, dict(removals))


def _ask(rule: Rule, grid: Grid, compiled: bool) -> Iterator[Hint]:
    """A rule's hints; without ``compiled``, the Python search of the rules the core also has."""
    if compiled and _engine is not None and rule is unique_loops:
        return _compiled_loop(grid)
    if compiled and _engine is not None and rule in _QUADS:
        return _compiled_quad(grid) if rule is _QUADS[0] else iter(())
    if not compiled:
        if isinstance(rule, Chaining) and rule.level < 2:  # levels 2-5 are compiled only
            return rule.hints(grid)
        if rule is aligned_pair_exclusion or rule is aligned_triplet_exclusion:
            return rule(grid, compiled=False)
    return rule(grid)


def se_rate(values: Sequence[int], time_limit: float | None = None, compiled: bool = True) -> SERating:
    """ER, EP and ED of a 9x9 grid of values (0 empty), as Sudoku Explainer 1.2.1.3 rates it.

    ``compiled=False`` asks every rule in Python (the reference the compiled rules are tested against).
    """
    deadline = None if time_limit is None else time.monotonic() + time_limit

    def progress(_work: int, _unused: int) -> None:
        if deadline is not None and time.monotonic() > deadline:
            raise SearchStopped("stopped by the time limit before the rating was done")

    token = POLL.set(_engine.Poll(progress) if _engine is not None else None)
    try:
        return _rate(values, deadline, compiled)
    finally:
        POLL.reset(token)


def _rate(values: Sequence[int], deadline: float | None, compiled: bool) -> SERating:
    """SE's path: the first hint of the first rule with one, applied, until solved or stuck."""
    grid = Grid.from_values(values)
    difficulty = float("-inf")
    pearl = diamond = 0.0
    steps: list[tuple[str, float]] = []
    while not grid.solved():
        if deadline is not None and time.monotonic() > deadline:
            raise SearchStopped("stopped by the time limit before the rating was done")
        taken: list[tuple[str, float, bool]] = []
        if compiled and _engine is not None:  # the basic steps in the core, many at once
            taken = [(_NAMES[n], d, placed) for n, d, placed in _engine.se_basic_run(grid.values, grid.cand)]
        if not taken and not grid.solved():
            rules = RULES[COMPILED:] if compiled and _engine is not None else RULES
            hint = first_hint(grid, rules, compiled=compiled)
            if hint is None:
                difficulty = 20.0
                break
            hint.apply(grid)
            taken = [(hint.name, hint.difficulty, hint.cell >= 0)]
        for name, step_difficulty, placed in taken:
            difficulty = max(difficulty, step_difficulty)
            steps.append((name, step_difficulty))
            if pearl == 0.0:
                if diamond == 0.0:
                    diamond = difficulty
                if placed:
                    pearl = difficulty
    if difficulty == float("-inf"):
        difficulty = 0.0
    return SERating(difficulty, pearl, diamond, steps)


def rate_puzzle(puzzle: Puzzle | str, time_limit: float | None = None) -> SERating:
    """Sudoku Explainer's rating of a classic 9x9 puzzle with one solution (``rate(..., scale="se")``).

    :class:`~sudokit.PuzzleError` for any other grid (SE rates 9x9 Sudoku only) or a puzzle
    without exactly one solution; :class:`~sudokit.SearchStopped` when ``time_limit`` seconds pass.
    """
    from sudokit.model import EMPTY
    from sudokit.model import Grid as ModelGrid
    from sudokit.solver import as_puzzle, count_solutions

    read = as_puzzle(puzzle)
    if read.grid != ModelGrid.classic(9) or read.allowed is not None:
        raise PuzzleError(
            "Sudoku Explainer rates classic 9x9 puzzles only (no variant rules, no pencil marks)"
        )
    started = time.monotonic()
    counted = count_solutions(read, limit=2, time_limit=time_limit)
    if counted.stopped_by == "time":
        raise SearchStopped("stopped by the time limit while looking for the puzzle's solutions")
    if not counted.determined:
        raise PuzzleError(f"the puzzle has no rating: {read.warning}")
    if not counted.unique:
        raise PuzzleError(
            "the puzzle has no solution"
            if counted.count == 0
            else "the puzzle has several solutions, so it has no rating (rating needs one solution)"
        )
    values = [0 if v == EMPTY else int(read.grid.symbols[v]) for v in read.givens]
    left = None if time_limit is None else max(0.001, time_limit - (time.monotonic() - started))
    return se_rate(values, time_limit=left)
