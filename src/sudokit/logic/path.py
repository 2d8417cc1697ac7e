"""Solving the way a person does: the path of steps, hints in stages, and a difficulty rating.

:func:`explain` applies, again and again, the first step of the easiest technique that has one
(in HoDoKu's search order) until the puzzle is solved.  Only when no technique applies does it
guess, and it says so: the guess is counted and placed from the solver's solution.  :func:`rate`
sums the steps' scores the way HoDoKu does and also gives the Sudoku Explainer-style rating (the
hardest step's rating).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, overload

from sudokit.english import article, number, plural
from sudokit.errors import PuzzleError, SearchStopped, SolverError
from sudokit.logic.board import Board
from sudokit.logic.step import TECHNIQUES, Level, Step
from sudokit.logic.techniques import DEFAULT_FINDERS, FINDERS, Finder, usable
from sudokit.model import EMPTY, Puzzle, cell_name
from sudokit.solver import as_puzzle, count_solutions

if TYPE_CHECKING:
    from sudokit.se.rating import SERating


def _finders(techniques: Iterable[str] | None) -> tuple[Finder, ...]:
    if techniques is None:
        return DEFAULT_FINDERS
    wanted = set(techniques)
    unknown = wanted - TECHNIQUES.keys()
    if unknown:
        raise SolverError(f"unknown technique {sorted(unknown)[0]!r}; see sudokit.logic.TECHNIQUES")
    return tuple(f for f in FINDERS if wanted & set(f.keys))


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is for a person."""

    score: int
    """HoDoKu's score: the sum of the steps' base scores (guesses count 10000)."""
    level: Level
    """Easy to extreme: the hardest technique's level, raised while the score passes its maximum."""
    hardest: str
    """Name of the hardest technique the path needs."""
    se: float
    """Sudoku Explainer-style rating: the highest rating of any step (1.0 to 11)."""
    techniques: dict[str, int]
    """How many times each technique was used, by name."""
    guesses: int

    def scale(self) -> str:
        """Score, level, hardest technique and SE rating in words: ``score 596 (medium), hardest: ...``."""
        text = f"score {number(self.score)} ({self.level.label})"
        return text + (f", hardest: {self.hardest} (SE {self.se:.1f})" if self.hardest else "")

    def __str__(self) -> str:
        """The rating as ``sudokit rate`` prints it: the scale, then the guesses if the path needed any."""
        return self.scale() + (f", {plural(self.guesses, 'guess')}" if self.guesses else "")

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "score": self.score,
            "level": self.level.label,
            "hardest": self.hardest,
            "se": self.se,
            "guesses": self.guesses,
            "techniques": self.techniques,
        }


def rating_of(steps: Iterable[Step], cells: int = 81) -> Rating:
    """Rate a path: total score, level, hardest technique and SE-style rating.

    HoDoKu's level maxima are meant for 81 cells; a grid of ``cells`` cells scales them, so that a
    16x16 solved by singles alone is not rated harder than a 9x9 for having more of them.
    """
    steps = list(steps)
    scale = max(1.0, cells / 81)
    score = sum(s.info.score for s in steps)
    counts = Counter(s.name for s in steps)
    if not steps:
        return Rating(0, Level.EASY, "", 0.0, {}, 0)
    hardest = max(steps, key=lambda s: (s.info.level, s.info.score))
    level = hardest.info.level
    while level.max_score is not None and score > level.max_score * scale:
        level = Level(level + 1)
    return Rating(
        score,
        level,
        hardest.name,
        max(s.info.se for s in steps),
        dict(counts),
        sum(1 for s in steps if s.technique == "guess"),
    )


@dataclass
class Explanation:
    """A puzzle's human-style solving path."""

    puzzle: Puzzle
    steps: list[Step]
    values: list[int]
    """The grid at the end: every cell's symbol index (EMPTY where the path stopped)."""
    board: Board
    unique: bool
    """True when the puzzle has exactly one solution (uniqueness techniques were allowed)."""
    seconds: float
    rejected: list[Step] = field(default_factory=list)
    """Steps a finder offered that contradicted the known solution (a bug; should stay empty)."""
    stopped_by: str | None = None
    """``"time"`` when the time limit ended the path before the grid was full, ``"stuck"`` when no
    technique applied and guessing was not allowed, else None."""

    @property
    def guesses(self) -> int:
        """How many times the path had to guess because no technique applied."""
        return sum(1 for s in self.steps if s.technique == "guess")

    @property
    def solved(self) -> bool:
        """True when logic alone (no guess) finished the puzzle."""
        return self.guesses == 0 and EMPTY not in self.values

    @property
    def rating(self) -> Rating:
        """The path's difficulty."""
        return rating_of(self.steps, len(self.puzzle.grid.cells))

    def _outcome(self) -> str:
        """How the path ended, in words: ``solved by logic alone``, ``solved with 2 guesses``."""
        empty = self.values.count(EMPTY)
        if empty and self.stopped_by == "stuck":
            return f"logic is stuck, no technique applies, with {plural(empty, 'cell')} still empty"
        if empty:
            why = " by the time limit" if self.stopped_by == "time" else ""
            return f"stopped{why} with {plural(empty, 'cell')} still empty"
        if self.guesses:
            return f"solved with {plural(self.guesses, 'guess')}"
        return "solved by logic alone"

    def summary(self) -> str:
        """The closing line of ``sudokit explain``: how the path ended, in how many steps, and the rating."""
        where = "after" if EMPTY in self.values else "in"
        how = f"{self._outcome()} {where} {plural(len(self.steps), 'step')}"
        if not self.puzzle.determined:
            how += " (some rules were not read; this path follows the rules read only)"
        elif not self.unique:
            how += " (the puzzle has several solutions; this path ends in the first)"
        if self.stopped_by is not None:
            return how  # a rating of part of a path would understate the puzzle
        return f"{how}; {self.rating.scale()}"

    def describe(self) -> str:
        """What ``sudokit explain`` prints for one puzzle: the numbered steps, then :meth:`summary`."""
        width = len(str(len(self.steps)))
        lines = [f"{number:>{width}}. {step.explanation}" for number, step in enumerate(self.steps, 1)]
        if self.stopped_by == "stuck":
            lines += ["No technique applies here. The pencil marks at this point:", self.marks_text()]
        return "\n".join([*lines, self.summary()])

    def marks(self) -> Puzzle:
        """The grid where the path ended, as a puzzle whose empty cells keep their pencil marks."""
        board = self.board
        allowed = tuple(board.cand[c] if v == EMPTY else 1 << v for c, v in enumerate(board.value))
        return Puzzle(self.puzzle.grid, tuple(board.value), allowed, dict(self.puzzle.metadata))

    def marks_text(self) -> str:
        """The pencil marks where the path ended, as a grid of candidates (sudokit's pencilmarks format)."""
        from sudokit.formats import dumps

        return dumps(self.marks(), "pencilmarks").rstrip("\n")

    def __str__(self) -> str:
        """The numbered steps and the rating line, as :meth:`describe` gives them."""
        return self.describe()

    def __repr__(self) -> str:
        """A one-line summary: ``<Explanation: 69 steps, solved by logic alone, score 596 (medium)>``."""
        rating = self.rating
        several = "" if self.unique else ", several solutions" if self.puzzle.determined else ", undetermined"
        return (
            f"<Explanation: {plural(len(self.steps), 'step')}, {self._outcome()}{several}, "
            f"score {number(rating.score)} ({rating.level.label})>"
        )

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``solved``, ``guesses``, the rating and every step."""
        rating = self.rating
        grid = self.puzzle.grid
        return {
            "puzzle": _puzzle_text(self.puzzle),
            "solved": self.solved,
            "guesses": self.guesses,
            "unique": self.unique,
            "stopped_by": self.stopped_by,
            "score": rating.score,
            "level": rating.level.label,
            "hardest": rating.hardest,
            "se": rating.se,
            "solution": "".join(grid.symbols[v] if v != EMPTY else "." for v in self.values)
            if all(len(s) == 1 for s in grid.symbols)
            else [grid.symbols[v] if v != EMPTY else None for v in self.values],
            "steps": [s.as_dict(self.board) for s in self.steps],
            "stuck": self._stuck_dict() if self.stopped_by == "stuck" else None,
        }

    def _stuck_dict(self) -> dict[str, Any]:
        """Where logic ran out: after how many steps, and each empty cell's pencil marks (by name)."""
        grid, board = self.puzzle.grid, self.board
        return {
            "after_step": len(self.steps),
            "candidates": {
                cell_name(grid.cells[c]): [
                    grid.symbols[d] for d in range(len(grid.symbols)) if board.cand[c] >> d & 1
                ]
                for c, v in enumerate(board.value)
                if v == EMPTY
            },
            "pencilmarks": self.marks_text(),
        }


def _puzzle_text(puzzle: Puzzle) -> str:
    """The puzzle as one line where the line format holds it, else as sudokit's JSON.

    Restricted cells and variants the line cannot carry: an explanation of any puzzle can be written.
    """
    from sudokit.errors import SudokitError
    from sudokit.formats import dumps, parse

    try:
        line = puzzle.to_string()
        if parse(line) == puzzle:  # the line keeps everything: no rule or restriction it cannot say
            return line
    except SudokitError:
        pass
    return dumps(puzzle, "json")


class _Deadline:
    """When a path must stop: checked between finders and between the steps a finder yields."""

    def __init__(self, time_limit: float | None) -> None:
        if time_limit is not None and time_limit <= 0:
            raise ValueError("time_limit must be positive")
        self.limit = time_limit
        self.at = None if time_limit is None else time.monotonic() + time_limit

    def left(self) -> float | None:
        """Seconds left (at least a millisecond, so the core's limits stay valid); None: no limit."""
        return None if self.at is None else max(self.at - time.monotonic(), 0.001)

    def passed(self) -> bool:
        """True once the time is up."""
        return self.at is not None and time.monotonic() > self.at


class _OutOfTime(Exception):
    """Raised inside the path's loops when the deadline has passed."""


def _start(
    puzzle: Puzzle, deadline: _Deadline | None = None, known: Sequence[int] | None = None
) -> tuple[Board, list[int] | None, bool]:
    """The starting board, the solution (None if there are several) and whether it is unique.

    ``known``: the puzzle's one solution, when the caller has it (no count then).  Raises
    SearchStopped when the deadline ends the search for the solutions first.
    """
    if known is not None:
        if len(known) != len(puzzle.givens) or any(
            g != EMPTY and g != v for g, v in zip(puzzle.givens, known, strict=True)
        ):
            raise PuzzleError("the known solution does not fit the puzzle's digits")
        return Board.from_puzzle(puzzle, unique=True), list(known), True
    counted = count_solutions(puzzle, limit=2, time_limit=deadline.left() if deadline else None)
    if counted.stopped_by == "time":
        assert deadline is not None and deadline.limit is not None  # only a deadline sets a time limit
        raise SearchStopped(
            f"stopped by the time limit of {deadline.limit:g} s while looking for the puzzle's solutions"
        )
    if counted.count == 0:
        reason = counted.reason or "no assignment satisfies every rule"
        if not counted.determined:
            raise PuzzleError(f"no solution under the rules read (undetermined: {puzzle.warning})")
        raise PuzzleError(f"the puzzle has no solution: {reason}")
    unique = counted.unique
    solution = list(counted.first.values) if counted.first is not None else None
    board = Board.from_puzzle(puzzle, unique=unique)
    return board, solution, unique


def _guess(board: Board, solution: list[int]) -> Step:
    """Place one cell from the solution: the empty cell with the fewest candidates."""
    empty = [c for c, v in enumerate(board.value) if v == EMPTY]
    cell = min(empty, key=lambda c: (board.cand[c].bit_count() or 99, c))
    digit = solution[cell]
    return Step(
        "guess",
        (digit,),
        (cell,),
        (),
        placements=((cell, digit),),
        explanation=f"No technique applies: guess that {board.name(cell)} is {board.sym(digit)} "
        f"(one of its {board.cand[cell].bit_count()} candidates; "
        + (
            "the solver confirms it)"
            if board.unique
            else "the puzzle has several solutions; this is the first)"
            if board.determined
            else "a solution under the rules read holds it; some rules were not read)"
        ),
    )


def _contradicts(step: Step, solution: list[int]) -> bool:
    return any(solution[c] != d for c, d in step.placements) or any(
        solution[c] == d for c, d in step.eliminations
    )


def explain(
    puzzle: Puzzle | str,
    *,
    techniques: Iterable[str] | None = None,
    max_steps: int | None = None,
    time_limit: float | None = None,
    require_unique: bool = False,
    guess: bool = True,
) -> Explanation:
    """The step-by-step path a person could follow to solve ``puzzle``.

    ``techniques`` limits the path to those technique keys (see :data:`TECHNIQUES`); when logic is
    stuck, the path guesses from the solution and counts the guess, or, with ``guess=False``, stops
    there (``stopped_by="stuck"``, with the pencil marks of that point on the board: what a setter
    asks of a logical solve).  ``max_steps`` stops early
    (for hints).  ``time_limit`` (seconds) ends the path early, marked ``stopped_by="time"``; it is
    checked between steps, so one slow step on a big grid may overrun it.  Raises
    :class:`~sudokit.PuzzleError` when the puzzle has no solution (or, with ``require_unique``,
    several), and
    :class:`~sudokit.SearchStopped` when the time is up before its solutions are known.
    """
    start = time.perf_counter()
    puzzle = as_puzzle(puzzle)
    finders = _finders(techniques)
    deadline = _Deadline(time_limit)
    board, solution, unique = _start(puzzle, deadline)
    if require_unique and not puzzle.determined:
        raise PuzzleError(f"the puzzle has no rating: {puzzle.warning}")
    if require_unique and not unique:
        raise PuzzleError("the puzzle has several solutions, so it has no rating (rating needs one solution)")
    steps: list[Step] = []
    rejected: list[Step] = []
    stopped_by = None
    try:
        while EMPTY in board.value and (max_steps is None or len(steps) < max_steps):
            found = next_steps(board, finders, solution, rejected, batch=True, deadline=deadline)
            if not found:
                if not guess:
                    stopped_by = "stuck"
                    break
                assert solution is not None  # a puzzle with solutions always has a first one
                found = [_guess(board, solution)]
            for step in found:
                if step.useful(board) and (max_steps is None or len(steps) < max_steps):
                    step.apply(board)
                    steps.append(step)
    except _OutOfTime:
        stopped_by = "time"
    return Explanation(
        puzzle, steps, board.value[:], board, unique, time.perf_counter() - start, rejected, stopped_by
    )


BATCHED = frozenset({"full_house", "naked_single", "hidden_single"})
"""Techniques whose steps the path takes all at once: a deduction stays true as the grid fills."""


def next_steps(
    board: Board,
    finders: Iterable[Finder] = DEFAULT_FINDERS,
    solution: list[int] | None = None,
    rejected: list[Step] | None = None,
    batch: bool = False,
    deadline: _Deadline | None = None,
) -> list[Step]:
    """The first useful step of the first finder, in search order, that has one; [] if stuck.

    With ``batch``, a singles finder gives all its steps (apply each that is still useful).  With
    the known ``solution`` of a unique puzzle, a step that contradicts it (a finder bug) is
    skipped and appended to ``rejected`` rather than shown to the player.  Past the ``deadline``
    it raises :class:`_OutOfTime`.
    """
    unique = board.unique and board.layout.classic
    for finder in usable(board.layout, finders if isinstance(finders, tuple) else tuple(finders)):
        if finder.needs_unique and not unique:
            continue
        found: list[Step] = []
        for step in finder.find(board):
            if deadline is not None and deadline.passed():
                raise _OutOfTime
            if not step.useful(board):
                continue
            if board.unique and solution is not None and _contradicts(step, solution):
                if rejected is not None:
                    rejected.append(step)
                continue
            found.append(step)
            if not (batch and BATCHED.issuperset(finder.keys)):
                return found
        if found:
            return found
        if deadline is not None and deadline.passed():
            raise _OutOfTime
    return []


def next_step(board: Board, finders: Iterable[Finder] = DEFAULT_FINDERS) -> Step | None:
    """The next step a person would take (the easiest technique first), or None when stuck."""
    found = next_steps(board, finders)
    return found[0] if found else None


@overload
def rate(
    puzzle: Puzzle | str, *, time_limit: float | None = None, scale: Literal["hodoku"] = "hodoku"
) -> Rating: ...


@overload
def rate(puzzle: Puzzle | str, *, time_limit: float | None = None, scale: Literal["se"]) -> SERating: ...


def rate(
    puzzle: Puzzle | str, *, time_limit: float | None = None, scale: str = "hodoku"
) -> Rating | SERating:
    """How hard ``puzzle`` is for a person.

    ``scale="hodoku"`` (the default): HoDoKu's score and level, the hardest technique and an
    approximate SE value from sudokit's own path.  ``scale="se"``: Sudoku Explainer's ER, EP and ED,
    by SE's own rules (:mod:`sudokit.se`; classic 9x9 only).  Only a puzzle with one solution has a
    rating (with several, no logic can tell which to reach): :class:`~sudokit.PuzzleError`
    otherwise.  :class:`~sudokit.SearchStopped` when ``time_limit`` seconds end the path first.
    """
    if scale == "se":
        from sudokit.se.rating import rate_puzzle

        return rate_puzzle(puzzle, time_limit=time_limit)
    if scale != "hodoku":
        raise SolverError(f"unknown rating scale {scale!r} (known: hodoku, se)")
    path = explain(puzzle, time_limit=time_limit, require_unique=True)
    if path.stopped_by == "time":
        raise SearchStopped(
            f"stopped by the time limit of {time_limit:g} s after {plural(len(path.steps), 'step')}, "
            "before the puzzle was solved"
        )
    return path.rating


@dataclass(frozen=True)
class Hint:
    """The next step, to be revealed in stages: where to look, which technique, the full step."""

    step: Step
    where: str
    technique: str
    explanation: str

    def stage(self, number: int) -> str:
        """Stage 1 names where to look, 2 adds the technique, 3 gives the full step."""
        if number <= 1:
            return self.where
        if number == 2:
            last = self.technique.split()[-1] if self.technique else ""
            if (last.endswith("s") and not last.endswith("ss")) or last.isdigit():
                return f"{self.where}: use {self.technique}"  # Cage Combinations, Rule of 45
            return f"{self.where}: there is {article(self.technique)}"
        return self.explanation

    def __str__(self) -> str:
        """The full step (stage 3)."""
        return self.explanation

    def __repr__(self) -> str:
        """A short readable form: ``<Hint: Look at box 4 (Hidden Single)>``."""
        return f"<Hint: {self.where} ({self.technique})>"

    def as_dict(self, board: Board) -> dict[str, Any]:
        """JSON-ready form with every stage."""
        return {"where": self.where, "technique": self.technique, "step": self.step.as_dict(board)}


def _where(step: Step, board: Board) -> str:
    units = list(dict.fromkeys(step.units))
    if step.technique in ("naked_single", "guess") or not units:
        cells = step.cells[:1] if step.technique in ("naked_single", "guess") else step.cells
        return f"Look at {_houses_around(cells, board)}"
    return f"Look at {' and '.join(units[:2])}"


_HOUSE_ORDER = {"box": 0, "region": 0, "row": 1, "column": 2}


def _houses_around(cells: Sequence[int], board: Board) -> str:
    """The house that holds every cell of a step (its box first), or the boxes of its first cells.

    A first-stage hint says where to look, not which cell: naming the cell gives the step away.
    """
    houses = sorted(board.houses, key=lambda house: _HOUSE_ORDER.get(house.kind, 3))
    common = [house for house in houses if all(c in house.cell_set for c in cells)]
    if common:
        return common[0].name
    names: list[str] = []
    for cell in cells:
        holder = next((house for house in houses if cell in house.cell_set), None)
        if holder is not None and holder.name not in names:
            names.append(holder.name)
    return " and ".join(names[:2]) if names else "the grid"


def hint(
    puzzle: Puzzle | str, *, time_limit: float | None = None, known: Sequence[int] | None = None
) -> tuple[Hint, Board] | None:
    """The next step for a puzzle as it stands (givens, placed symbols, pencil marks if any).

    None when the puzzle is already complete.  A puzzle read from a pencil-mark format keeps its
    marks, so the hint fits what the player sees.  ``board.unique`` says whether the puzzle has one
    solution (with several, a guess leads to the first).  ``known`` is the puzzle's one solution
    when the caller has it (the web app counted the puzzle the player started from, and the placed
    digits agree with it): the hint then does not count again, which on a puzzle the core is slow
    to count is most of its time.  :class:`~sudokit.SearchStopped` when ``time_limit`` seconds
    pass before a step is found.
    """
    puzzle = as_puzzle(puzzle)
    deadline = _Deadline(time_limit)
    board, solution, _ = _start(puzzle, deadline, known)
    if EMPTY not in board.value:
        return None
    try:
        found = next_steps(board, DEFAULT_FINDERS, solution, deadline=deadline)
    except _OutOfTime:
        raise SearchStopped(f"no step found within the time limit of {time_limit:g} s") from None
    step = found[0] if found else None
    if step is None:
        assert solution is not None
        step = _guess(board, solution)
    return Hint(step, _where(step, board), step.name, step.explanation), board
