"""Solving, counting and enumerating solutions with the compiled search core.

The core (``sudokit._engine``) sees only cell indexes, symbol indexes and units; this module turns a
:class:`~sudokit.model.Puzzle` into that form, runs the search and turns the answer back into model
objects and plain-language reasons.
"""

from __future__ import annotations

import enum
import itertools
import math
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from sudokit import _engine, automata
from sudokit.english import plural
from sudokit.errors import (
    SearchInterrupted,
    SearchStopped,
    SolverError,
    SudokitError,
    UndeterminedError,
)
from sudokit.formats import parse
from sudokit.house_sums import house_sums
from sudokit.model import Cage, Cell, Connected, Grid, Puzzle, Solution, cell_name


class Status(enum.Enum):
    """How a search ended."""

    SOLVED = "solved"
    NO_SOLUTION = "no solution"
    NODE_LIMIT = "node limit reached"
    TIME_LIMIT = "time limit reached"


@dataclass(frozen=True)
class SolveResult:
    """The outcome of :func:`solve`: a solution, or why there is none, or which limit stopped it."""

    puzzle: Puzzle
    status: Status
    solution: Solution | None
    reason: str | None
    """Why there is no solution, in words (which unit or cell is at fault where known)."""
    nodes: int
    """Branching guesses the search made."""
    seconds: float

    @property
    def solved(self) -> bool:
        """True when a solution was found."""
        return self.status is Status.SOLVED

    @property
    def determined(self) -> bool:
        """Whether the answer holds for the puzzle itself, not only for the rules that were read.

        A solution is the puzzle's only when every rule was read; "no solution" also when the rules
        read are certain to be the puzzle's (a relaxation without a solution: the puzzle has none).
        """
        return _determined(self.puzzle, self.solution is None and self.status is Status.NO_SOLUTION)

    @property
    def warning(self) -> str | None:
        """The rules of the input that were not read (the answer is for the rest), or None."""
        return self.puzzle.warning

    def __bool__(self) -> bool:
        """A result is true when it holds a solution."""
        return self.solved


@dataclass(frozen=True)
class CountResult:
    """The outcome of :func:`count_solutions`."""

    puzzle: Puzzle
    count: int
    """Solutions found: exact when ``complete``, otherwise a lower bound."""
    complete: bool
    """True when the search space was explored to the end, so ``count`` is exact."""
    stopped_by: str | None
    """None when complete; else ``"limit"`` (the solution limit), ``"nodes"`` or ``"time"``."""
    first: Solution | None
    reason: str | None
    """Why there is no solution, when the givens themselves contradict each other."""
    nodes: int
    seconds: float

    @property
    def status(self) -> Status:
        """How the search for a first solution ended, as :func:`solve` reports it."""
        return _status(self.first is not None, self.stopped_by)

    @property
    def unique(self) -> bool:
        """True when the puzzle has exactly one solution (needs a limit of 2 or more, or none).

        Never for a puzzle with rules not read: one solution under the rules read is no verdict.
        """
        return self.count == 1 and self.complete and self.puzzle.determined

    @property
    def determined(self) -> bool:
        """Whether the count is the puzzle's own (see :attr:`SolveResult.determined`)."""
        return _determined(self.puzzle, self.count == 0 and self.complete)

    @property
    def verdict(self) -> str:
        """The answer in one word, as the CLI, JSON and the web app give it.

        ``unique``, ``several``, ``no solution``; ``unknown`` when a node or time limit stopped the
        search first; ``undetermined`` when rules were left unread, so the count is only for the
        rules read (see :attr:`Puzzle.unread`).
        """
        if self.stopped_by in ("nodes", "time") and self.count < 2:
            return "unknown"
        if not self.determined:
            return "undetermined"
        if self.count == 0:
            return "no solution"
        return "unique" if self.count == 1 and self.complete else "several"

    @property
    def warning(self) -> str | None:
        """The rules of the input that were not read (the count is for the rest), or None."""
        return self.puzzle.warning

    @property
    def solve_status(self) -> str:
        """How a solve ended, as JSON answers say it.

        The search's status, or ``undetermined`` for a solution (or none) under the rules read; a
        search a limit stopped before any solution says so either way.
        """
        if self.determined or (self.stopped_by in ("nodes", "time") and self.first is None):
            return self.status.value
        return "undetermined"


def under_rules_read(count: int, complete: bool) -> str:
    """A count that is no verdict, in words: ``at least 2 solutions under the rules read``."""
    found = plural(count, "solution") if complete else f"at least {plural(count, 'solution')}"
    return f"{found} under the rules read"


def _determined(puzzle: Puzzle, none: bool) -> bool:
    """Whether an answer is the puzzle's: every rule read, or no solution under certain rules."""
    return puzzle.determined or (none and puzzle.certain)


def _status(found: bool, stopped_by: str | None) -> Status:
    """A search's status from whether it found a solution and what stopped it (see :func:`_count`)."""
    if found:
        return Status.SOLVED
    return {None: Status.NO_SOLUTION, "nodes": Status.NODE_LIMIT, "time": Status.TIME_LIMIT}[stopped_by]


def _layout(grid: Grid) -> _engine.Layout:
    if grid.size > _engine.MAX_SYMBOLS:
        raise SolverError(
            f"the solver handles at most {_engine.MAX_SYMBOLS} symbols; this grid has {grid.size}"
        )
    return grid.memo("engine.layout", lambda: _compile(grid))


def _compile(grid: Grid) -> _engine.Layout:
    """The core's layout of a grid: its units, then one unit per cage; relations; links; cage sums."""
    units = [u.cells for u in grid.units] + [cage.cells for cage in grid.cages]
    ncells = len(grid.cells)
    layout = _engine.Layout(ncells + len(grid.unknowns), grid.size, units, ncells)
    if grid.relations:
        layout.add_relations([(*r.cells, r.mask) for r in grid.relations])
    if grid.links:
        layout.add_links([(*link.cells, link.table(grid.values)) for link in grid.links])
    sums = [*grid.sums, *house_sums(grid)]  # the cages' innies and outies too: implied, found sooner
    if sums:
        layout.add_sums([(total.cells, total.factors, total.total) for total in sums], grid.values)
    if grid.cell_masks is not None or grid.unknowns:
        layout.add_masks((*(grid.cell_masks or (grid.full_mask,) * ncells), *grid.unknown_masks))
    if grid.connected:
        layout.add_connected([_neighbours(group) for group in grid.connected])
    branch_rules = [rule for group in grid.either for branch in group.branches for rule in branch]
    if grid.line_rules or branch_rules:
        layout.add_automata(
            [
                (rule.cells, *automata.compile_rule(rule.kind, rule.clue, len(rule.cells), grid.values))
                for rule in (*grid.line_rules, *branch_rules)
            ]
        )
    if grid.either:  # the branches' automata come after the unconditional ones, in order
        k = len(grid.line_rules)
        groups = []
        for group in grid.either:
            branches = []
            for branch in group.branches:
                branches.append(list(range(k, k + len(branch))))
                k += len(branch)
            groups.append(branches)
        layout.add_either(groups)
    required = [_mask(unit.required) for unit in grid.units] + [
        _cage_required(grid, cage) for cage in grid.cages
    ]
    if any(required):
        layout.set_required(required)
    cage_sums = [
        (len(grid.units) + k, cage.total) for k, cage in enumerate(grid.cages) if cage.total is not None
    ]
    if cage_sums:
        try:
            layout.add_cages(cage_sums, grid.values)
        except _engine.CageError as exc:
            cage = grid.cages[cage_sums[exc.index][0] - len(grid.units)]
            raise SolverError(f"{cage.name(grid)}: {exc}") from None
    return layout


def _neighbours(group: Connected) -> tuple[tuple[int, ...], list[list[int]], int]:
    """A connected group as the core takes it: its cells, each one's neighbours, the member mask."""
    near: list[list[int]] = [[] for _ in group.cells]
    for a, b in sorted(set(group.edges)):
        if b not in near[a]:
            near[a].append(b)
            near[b].append(a)
    return group.cells, near, _mask(group.members)


def _mask(symbols: Iterable[int]) -> int:
    """A set of symbol indexes as the core's bit mask."""
    return sum(1 << s for s in set(symbols))


def _cage_required(grid: Grid, cage: Cage) -> int:
    """The symbols a killer cage holds whatever its digits: those in every set adding up to its total.

    None for a cage without a sum, or one with too many sets to list quickly.
    """
    if cage.total is None or math.comb(grid.size, len(cage.cells)) > 5000:
        return 0
    values = grid.values
    common: set[int] | None = None
    for combo in itertools.combinations(range(grid.size), len(cage.cells)):
        if sum(values[s] for s in combo) == cage.total:
            common = set(combo) if common is None else common & set(combo)
            if not common:
                return 0
    return _mask(common or ())


def _unit_name(grid: Grid, unit: int) -> str:
    """A unit of the core by name: a grid unit, or a cage (the core's units after the grid's)."""
    if unit < len(grid.units):
        return grid.units[unit].name
    return grid.cages[unit - len(grid.units)].name(grid)


def as_puzzle(puzzle: Puzzle | str) -> Puzzle:
    """A puzzle as given, or parsed from text in any supported format."""
    return puzzle if isinstance(puzzle, Puzzle) else parse(puzzle)


Progress = Callable[[int, int], object]
"""Called about every 50 ms of a long search with (nodes, solutions so far); it may raise to stop it."""


def _interrupted(poll: _engine.Poll, solutions: int, nodes: int) -> BaseException:
    """The exception to raise for a search its poll stopped.

    Ctrl-C becomes SearchInterrupted with the partial counts; a progress callback's own exception stays.
    """
    error = poll.error
    if isinstance(error, KeyboardInterrupt) and not isinstance(error, SearchInterrupted):
        interrupted = SearchInterrupted(solutions, nodes)
        interrupted.__cause__ = error
        return interrupted
    return error if error is not None else SearchInterrupted(solutions, nodes)


def _start(
    puzzle: Puzzle, node_limit: int | None, time_limit: float | None, progress: Progress | None = None
) -> tuple[_engine.Search, str | None]:
    """Create a search over the puzzle and load its givens; return it and a reason when they conflict."""
    _check_limits(node_limit, time_limit)
    search = _engine.Search(_layout(puzzle.grid), _engine.Poll(progress))
    status, conflict = search.start(puzzle.givens, puzzle.allowed, node_limit or 0, time_limit or 0.0)
    if status == _engine.CONTRADICTION and conflict is not None:
        return search, _conflict_reason(puzzle.grid, conflict)
    return search, None


def _conflict_reason(grid: Grid, conflict: tuple[int, int, int, int, int]) -> str:
    kind, cell, other, unit, symbol = conflict
    name = grid.symbols[symbol] if 0 <= symbol < grid.size else "?"
    if kind == _engine.CONFLICT_DUPLICATE:
        return f"{grid.name_of(cell)} and {grid.name_of(other)} both hold {name} in {_unit_name(grid, unit)}"
    if kind == _engine.CONFLICT_NOT_ALLOWED:
        return f"{grid.name_of(cell)} is given {name}, which that cell does not allow"
    if kind == _engine.CONFLICT_EMPTY_CELL:
        return f"{grid.name_of(cell)} has no candidate left once the givens are taken into account"
    if kind == _engine.CONFLICT_NO_CANDIDATE:
        names = [grid.units[u].name for u in grid.units_of[cell]] if cell < len(grid.cells) else []
        where = (
            ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names) or "its units"
        )
        return (
            f"{grid.name_of(cell)} has no candidate left: "
            f"the givens in {where} take every symbol it could hold"
        )
    if kind == _engine.CONFLICT_CLASH:
        shared = next((u.name for u in grid.units if cell in u.cells and other in u.cells), "the same unit")
        return (
            f"{grid.name_of(cell)} is left with only {name} once the givens are taken into account, "
            f"but {grid.name_of(other)} holds {name} in {shared}"
        )
    if kind == _engine.CONFLICT_UNIT:
        return f"{_unit_name(grid, unit)} cannot hold every symbol once the givens are taken into account"
    if kind == _engine.CONFLICT_NO_PLACE:
        return f"{name} has no place left in {_unit_name(grid, unit)} once the givens are taken into account"
    if kind == _engine.CONFLICT_RELATION:
        relation = next((r.kind for r in grid.relations if set(r.cells) == {cell, other}), "a")
        return (
            f"{grid.name_of(cell)} holds {name}, which leaves {grid.name_of(other)} "
            f"no candidate under their {relation} relation"
        )
    if kind == _engine.CONFLICT_LINK:
        link = next((k.kind for k in grid.links if set(k.cells) == {cell, other}), "a")
        return (
            f"the candidates left in {grid.name_of(cell)} leave {grid.name_of(other)} "
            f"nothing under their {link} link once the givens are taken into account"
        )
    if kind == _engine.CONFLICT_SUM:
        total = grid.sums[unit] if 0 <= unit < len(grid.sums) else None
        what = f"the {total.kind} sum of {total.total}" if total is not None else "a sum"
        return f"no values left in its cells reach {what} once the givens are taken into account"
    if kind == _engine.CONFLICT_AUTOMATON:
        rule = grid.line_rules[unit] if 0 <= unit < len(grid.line_rules) else None
        what = rule.describe(grid) if rule is not None else "a rule over cells in order"
        return f"no values left in its cells meet {what} once the givens are taken into account"
    if kind == _engine.CONFLICT_CAGE:
        return f"no set of symbols fits {_unit_name(grid, unit)} once the givens are taken into account"
    if kind == _engine.CONFLICT_EITHER:
        return "no branch of an 'or' rule can hold once the givens are taken into account"
    if kind == _engine.CONFLICT_CONNECTED:
        group = grid.connected[unit] if 0 <= unit < len(grid.connected) else None
        what = f"the {group.kind} cells" if group is not None else "a connected group"
        return f"{what} cannot all be connected once the givens are taken into account"
    return "the givens contradict each other"


_STOPPED = {_engine.NODE_LIMIT: "nodes", _engine.TIME_LIMIT: "time"}
_EXHAUSTED = "no solution exists (search exhausted)"


def _classic9(grid: Grid) -> bool:
    """Whether the 9x9 fast path serves this grid: the classic rows, columns and 3x3 boxes."""
    return grid.memo("engine.fast9", lambda: grid.size == 9 and grid == Grid.classic(9, symbols=grid.symbols))


def line_layout(grid: Grid) -> _engine.Layout | None:
    """The compiled layout :func:`sudokit._engine.solve_lines` takes for a grid (None: the 9x9 fast path)."""
    return None if _classic9(grid) else _layout(grid)


def _check_limits(node_limit: int | None, time_limit: float | None) -> None:
    if node_limit is not None and node_limit < 1:
        raise ValueError("node_limit must be at least 1")
    if time_limit is not None and time_limit <= 0:
        raise ValueError("time_limit must be positive")


def _count(
    puzzle: Puzzle,
    limit: int,
    node_limit: int | None,
    time_limit: float | None,
    progress: Progress | None = None,
) -> tuple[int, str | None, tuple[int, ...] | None, str | None, int]:
    """Search up to limit solutions (0: all): (count, stopped_by, first, reason, nodes).

    stopped_by is None when the search space was exhausted, else "limit", "nodes" or "time".
    Classic 9x9 puzzles without restricted cells take the fast path; the rest the generic core.
    Ctrl-C raises :class:`SearchInterrupted` with the count so far.
    """
    if puzzle.allowed is None and puzzle.grid.cell_masks is None and _classic9(puzzle.grid):
        _check_limits(node_limit, time_limit)
        poll = _engine.Poll(progress)
        stopped, count, nodes, first = _engine.solve9(
            puzzle.givens, limit, node_limit or 0, time_limit or 0.0, poll
        )
        if stopped == _engine.INTERRUPTED:
            raise _interrupted(poll, count, nodes)
        if stopped:
            return count, _STOPPED[stopped], first, None, nodes
        if limit and count >= limit:
            return count, "limit", first, None, nodes
        if count:
            return count, None, first, None, nodes
        # no solution: the generic core's start says why, when the givens themselves clash
        _, reason = _start(puzzle, None, None)
        return 0, None, None, reason or _EXHAUSTED, 0 if reason else nodes
    started = time.monotonic()
    if (limit == 0 or limit > SAT_MAX_LIMIT) and strong_search(puzzle.grid, 2, node_limit):
        # a big count: whether there are two solutions at all is the hard part, and the strong
        # searches settle it; fewer than two is the whole answer, else the core counts on
        count, stopped_by, first, reason, nodes = _count(puzzle, 2, node_limit, time_limit, progress)
        if count < 2 or stopped_by not in ("limit", None):
            return count, stopped_by, first, reason, nodes
        time_limit = None if time_limit is None else max(1e-3, time_limit - (time.monotonic() - started))
    portfolio = _sat_portfolio(puzzle.grid, limit, node_limit)
    learning = not portfolio and _learning(puzzle.grid, limit, node_limit)
    budget = core_budget(puzzle.grid)
    search, reason = _start(puzzle, budget if portfolio or learning else node_limit, time_limit, progress)
    if reason is not None:
        return 0, None, None, reason, 0
    status, count, first = search.count(limit)
    if learning and status == _engine.NODE_LIMIT:
        left = None if time_limit is None else max(1e-3, time_limit - (time.monotonic() - started))
        return _learn(puzzle, limit, left, progress, search.nodes)
    if portfolio and status == _engine.NODE_LIMIT:
        # the budget ran out: a hard puzzle goes to the SAT solver; one with solutions to spare (the
        # core enumerates those best) or too big to encode searches on with the core alone.  A fresh
        # start gives the root candidates (the searched one has changed them) or the core's new run.
        left = None if time_limit is None else max(1e-3, time_limit - (time.monotonic() - started))
        from sudokit import sat

        spent = search.nodes
        search, _ = _start(puzzle, node_limit, left, progress)
        if count < 2:
            root = search.root_candidates()
            if sat.clause_estimate(puzzle.grid, root) <= sat.MAX_CLAUSES:
                return _race(puzzle, root, limit, left, progress, spent)
        status, count, first = search.count(limit)
    return _outcome(search.poll, status, count, first, search.nodes)


def _outcome(
    poll: _engine.Poll, status: int, count: int, first: tuple[int, ...] | None, nodes: int
) -> tuple[int, str | None, tuple[int, ...] | None, str | None, int]:
    """A finished count's answer as :func:`_count` gives it; a count its poll stopped raises."""
    if status == _engine.INTERRUPTED:
        raise _interrupted(poll, count, nodes)
    if status == _engine.SOLUTION:
        return count, "limit", first, None, nodes
    if status == _engine.EXHAUSTED:
        return count, None, first, None if count else _EXHAUSTED, nodes
    return count, _STOPPED[status], first, None, nodes


CORE_NODES = 2_000
"""The nodes the core spends on a big puzzle before a SAT solver takes over (see :mod:`sudokit.sat`)."""
SMALL_CORE_NODES = 1_000
"""The nodes the core spends on a smaller grid (a 9x9 variant) before the learning search takes over:
the depth-first core settles most such puzzles in a few hundred; the ones it does not are those where
a conflict on a line is found again in branch after branch, which learning finds once
(benchmarks/README.md, issue 40)."""


SUM_CORE_NODES = 50_000
"""The depth-first core's nodes on a smaller grid with sums (arrows, little killers, region sum and
segment sum lines, lunchboxes) before the learning search takes over: the core's bounds and
combinations settle most such puzzles by then, where learning over them is slower; beyond, learning
wins more often than not (benchmarks/README.md, issue 40)."""

_SUM_RULES = frozenset({"segments", "lunchbox"})
"""Automata that are sums in all but name: they count as sums for :func:`core_budget`."""


def core_budget(grid: Grid) -> int:
    """The depth-first core's nodes on a grid before a stronger search takes over."""
    if len(grid.cells) >= SAT_MIN_CELLS:
        return CORE_NODES
    if grid.sums or any(rule.kind in _SUM_RULES for rule in grid.line_rules):
        return SUM_CORE_NODES
    return SMALL_CORE_NODES


RACE_CORE_NODES = 100_000
"""The nodes the core races CaDiCaL with before it leaves the race to it (a second core's worth of
CPU is spent only while the core may still win: on random 36x36 grids it sometimes does, on the
hard 25x25 it never does)."""
SAT_MIN_CELLS = 256
SAT_MAX_LIMIT = 1_000
"""The portfolio is for grids of 16x16 and up, and for counts up to this limit (enumerating more
solutions one SAT call at a time would be slower than the core)."""


def _sat_portfolio(grid: Grid, limit: int, node_limit: int | None) -> bool:
    """Whether a hard puzzle may go to the SAT solver.

    Only for a big grid, a small count, rules the encoding covers, and no node limit to keep.
    """
    from sudokit import sat

    return (
        node_limit is None
        and 1 <= limit <= SAT_MAX_LIMIT
        and len(grid.cells) >= SAT_MIN_CELLS
        and sat.encodable(grid)
        and sat.available()
    )


def strong_search(grid: Grid, limit: int, node_limit: int | None) -> bool:
    """Whether a count to ``limit`` on this grid may go beyond the depth-first core.

    To the portfolio or the learning search, once the core's first :func:`core_budget` nodes did not
    settle it.
    """
    return _sat_portfolio(grid, limit, node_limit) or _learning(grid, limit, node_limit)


def _learning(grid: Grid, limit: int, node_limit: int | None) -> bool:
    """Whether a puzzle the core's budget did not settle goes to the learning search.

    It serves grids whose rules it covers (units, relations, links, automata, sums, cell masks),
    except the classic 9x9 (its own fast path is faster) and grids with cage sums (killer cages: the
    core's cage combinations and innies/outies beat learning over them on every such puzzle measured,
    benchmarks/README.md, issue 40), for counts up to SAT_MAX_LIMIT (each solution is barred by a
    clause), and no node limit to keep.  On big grids the SAT portfolio, where installed and
    applicable, is preferred: CaDiCaL is faster on the hard 25x25 (benchmarks/README.md, issue 26).
    """
    return (
        node_limit is None
        and 1 <= limit <= SAT_MAX_LIMIT
        and not _classic9(grid)
        and not any(cage.total is not None for cage in grid.cages)
        and _engine.learning_supports(_layout(grid))
    )


def _learn(
    puzzle: Puzzle, limit: int, time_limit: float | None, progress: Progress | None, spent: int
) -> tuple[int, str | None, tuple[int, ...] | None, str | None, int]:
    """Count with the learning search from scratch (as :func:`_count`); nodes: the core's plus conflicts."""
    search = _engine.LearningSearch(_layout(puzzle.grid), _engine.Poll(progress))
    if search.start(puzzle.givens, puzzle.allowed, 0, time_limit or 0.0) == _engine.CONTRADICTION:
        return 0, None, None, _EXHAUSTED, spent
    status, count, first = search.count(limit)
    return _outcome(search.poll, status, count, first, spent + search.nodes)


class _Cancelled(Exception):
    """Raised in the core's progress callback to stop it: the SAT solver of the race finished first."""


def _race(
    puzzle: Puzzle,
    root: tuple[int, ...],
    limit: int,
    time_limit: float | None,
    progress: Progress | None,
    spent: int,
) -> tuple[int, str | None, tuple[int, ...] | None, str | None, int]:
    """The portfolio's second half (as :func:`_count`): the core, afresh, against CaDiCaL; first one wins.

    The core searches in a thread (it runs without the GIL): its learning search where it covers the
    rules, to the end, else the depth-first search for up to :data:`RACE_CORE_NODES` nodes; CaDiCaL in
    a child process, from the core's root candidates; whichever finishes first gives the answer and
    the other is stopped.  A time limit stops both with the solutions found so far; Ctrl-C
    too, raising SearchInterrupted.  If the SAT process dies, the core searches on without a budget.
    """
    from sudokit import sat

    cancel = threading.Event()
    outcome: dict[str, Any] = {}

    def check(nodes: int, solutions: int) -> None:
        if progress is not None:
            progress(nodes, solutions)
        if cancel.is_set():
            raise _Cancelled

    def core(node_limit: int | None) -> None:
        try:
            left = None if deadline is None else max(1e-3, deadline - time.monotonic())
            search: _engine.Search | _engine.LearningSearch
            if learning:
                search = _engine.LearningSearch(_layout(puzzle.grid), _engine.Poll(check))
                search.start(puzzle.givens, puzzle.allowed, 0, left or 0.0)
            else:
                search, _ = _start(puzzle, node_limit, left, check)
            status, count, first = search.count(limit)
            outcome["core"] = (status, count, first, search.nodes, search.poll.error)
        except BaseException as exc:  # reported to the caller's thread
            outcome["core"] = (None, 0, None, 0, exc)

    allowed = puzzle.restrictions()
    candidates = root if allowed is None else tuple(r & a for r, a in zip(root, allowed, strict=True))
    deadline = None if time_limit is None else time.monotonic() + time_limit
    run = sat.SatRun(puzzle.grid, candidates, limit)
    sat_failed = False
    # the learning search races to the end (it wins about half the hard 25x25); the depth-first core
    # for RACE_CORE_NODES, then it leaves the race to CaDiCaL
    learning = _engine.learning_supports(_layout(puzzle.grid))
    thread = threading.Thread(target=core, args=(None if learning else RACE_CORE_NODES,), daemon=True)
    thread.start()
    try:
        while True:
            if "core" in outcome:
                status, count, first, nodes, error = outcome["core"]
                if isinstance(error, BaseException) and not isinstance(error, _Cancelled):
                    raise error
                if status == _engine.NODE_LIMIT:  # the core gave up its part of the race
                    del outcome["core"]
                    if sat_failed:  # nobody else is searching: the core again, without a budget
                        thread = threading.Thread(target=core, args=(None,), daemon=True)
                        thread.start()
                    continue
                nodes += spent
                if status == _engine.SOLUTION:
                    return count, "limit", first, None, nodes
                if status == _engine.EXHAUSTED:
                    return count, None, first, None if count else _EXHAUSTED, nodes
                return count, _STOPPED.get(status, "time"), first, None, nodes
            wait = (
                sat.POLL_SECONDS if deadline is None else min(sat.POLL_SECONDS, deadline - time.monotonic())
            )
            if wait <= 0:
                found = run.found
                return len(found), "time", found[0] if found else None, None, spent
            if sat_failed:  # the SAT process died (killed, out of memory): the core goes on alone
                thread.join(wait)
                continue
            try:
                result = run.wait(wait)
            except RuntimeError:
                sat_failed = True
                if not thread.is_alive() and "core" not in outcome:  # it had given up already
                    thread = threading.Thread(target=core, args=(None,), daemon=True)
                    thread.start()
                continue
            if result is not None:
                first = result.solutions[0] if result.solutions else None
                count = len(result.solutions)
                nodes = spent + result.conflicts
                if result.stopped_by == "limit":
                    return count, "limit", first, None, nodes
                return count, None, first, None if count else _EXHAUSTED, nodes
    except KeyboardInterrupt as exc:
        raise SearchInterrupted(len(run.found), spent) from exc
    finally:
        cancel.set()
        run.stop()
        thread.join()


BOX_HINT_NODES = 2_000
BOX_HINT_SECONDS = 0.05
"""Bounds on the search of :func:`_with_box_hint`: it only adds a hint, so it must never take long."""


def _with_box_hint(puzzle: Puzzle, reason: str | None) -> str | None:
    """The no-solution reason, plus "try --box 3x2" when the other box orientation has a solution.

    A 6x6 written for 3x2 boxes but read with the default 2x3 has no solution, and the plain reason
    would not tell why.  Only plain classic grids with non-square boxes are tried, within small bounds.
    """
    grid = puzzle.grid
    if reason is None or grid.box is None or grid.box[0] == grid.box[1]:
        return reason
    rows, cols = grid.box
    try:
        if grid != Grid.classic(grid.size, grid.box, grid.symbols):
            return reason  # extra rules (diagonals, cages, ...): the other reading is not the same puzzle
        other = Puzzle(Grid.classic(grid.size, (cols, rows), grid.symbols), puzzle.givens, puzzle.allowed)
        count, *_ = _count(other, 1, BOX_HINT_NODES, BOX_HINT_SECONDS)
    except SudokitError:
        return reason
    if not count:
        return reason
    return f"{reason}; with {cols}x{rows} boxes it has a solution: try --box {cols}x{rows}"


def solve(
    puzzle: Puzzle | str,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: Progress | None = None,
) -> SolveResult:
    """Find a solution (deterministic: the same puzzle always gives the same one).

    ``puzzle`` may be a :class:`Puzzle` or text in any supported format.  ``node_limit`` bounds the
    number of branching guesses and ``time_limit`` the seconds spent; when either is hit the result's
    status says so, never a wrong answer.  ``progress(nodes, solutions)`` is called about every 50 ms
    of a long search and may raise to stop it; Ctrl-C raises :class:`~sudokit.errors.SearchInterrupted`.
    """
    started = time.perf_counter()
    puzzle = as_puzzle(puzzle)
    _, stopped_by, first, reason, nodes = _count(puzzle, 1, node_limit, time_limit, progress)
    reason = _with_box_hint(puzzle, reason)
    solution = Solution(puzzle, first) if first is not None else None
    status = _status(first is not None, stopped_by)
    return SolveResult(puzzle, status, solution, reason, nodes, time.perf_counter() - started)


def count_solutions(
    puzzle: Puzzle | str,
    limit: int | None = None,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: Progress | None = None,
) -> CountResult:
    """Count solutions, stopping at ``limit`` of them (None: count them all).

    The result says whether the count is exact (``complete``) or stopped by the limit, the node limit
    or the time limit.  ``progress(nodes, solutions)`` is called about every 50 ms of a long count
    and may raise to stop it; Ctrl-C raises :class:`~sudokit.errors.SearchInterrupted`, whose
    ``solutions`` is the count so far (a lower bound).
    """
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1")
    started = time.perf_counter()
    puzzle = as_puzzle(puzzle)
    count, stopped_by, first, reason, nodes = _count(puzzle, limit or 0, node_limit, time_limit, progress)
    reason = _with_box_hint(puzzle, reason)
    return CountResult(
        puzzle,
        count,
        stopped_by is None,
        stopped_by,
        Solution(puzzle, first) if first is not None else None,
        reason,
        nodes,
        time.perf_counter() - started,
    )


def solutions(
    puzzle: Puzzle | str,
    *,
    limit: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Iterator[Solution]:
    """Yield solutions lazily, in a deterministic order, at most ``limit`` of them.

    Raises :class:`~sudokit.errors.SearchStopped` if the node or time limit ends the search early, so a
    bounded run is never mistaken for a complete one.
    """
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1")
    puzzle = as_puzzle(puzzle)
    search, reason = _start(puzzle, node_limit, time_limit)
    if reason is not None:
        return
    produced = 0
    while limit is None or produced < limit:
        status = search.next()
        if status == _engine.SOLUTION:
            produced += 1
            yield Solution(puzzle, search.solution())
        elif status == _engine.EXHAUSTED:
            return
        elif status == _engine.INTERRUPTED:
            raise _interrupted(search.poll, produced, search.nodes)
        else:
            found = plural(produced, "solution")
            raise SearchStopped(f"search stopped by its {_STOPPED[status]} limit after {found}")


def is_unique(
    puzzle: Puzzle | str, *, node_limit: int | None = None, time_limit: float | None = None
) -> bool:
    """True when the puzzle has exactly one solution (counts to 2 and no further).

    Raises :class:`~sudokit.errors.SearchStopped` if a limit stops the search before it can tell, and
    :class:`~sudokit.errors.UndeterminedError` for a puzzle with rules that were not read (a verdict
    either way could be overturned by them; :func:`count_solutions` gives the count for the rules read).
    """
    result = count_solutions(puzzle, 2, node_limit=node_limit, time_limit=time_limit)
    if result.stopped_by in ("nodes", "time"):
        raise SearchStopped(f"search stopped by its {result.stopped_by} limit before uniqueness was known")
    if not result.puzzle.determined:
        raise UndeterminedError(
            f"uniqueness undetermined: {result.puzzle.warning} "
            f"({under_rules_read(result.count, result.complete)})"
        )
    return result.unique


@dataclass(frozen=True)
class TrueCandidates:
    """The outcome of :func:`true_candidates`: for each cell, the symbols it holds in some solution."""

    puzzle: Puzzle
    candidates: tuple[int, ...]
    """Per cell, the bitmask of symbols seen in a solution (plus any a limit left unsettled)."""
    counts: tuple[tuple[int, ...], ...]
    """Per cell and symbol, how many solutions were seen with it there, up to ``per_candidate``."""
    per_candidate: int
    """The cap on solutions counted for each candidate (1: whether there is one)."""
    unsettled: tuple[tuple[int, int], ...]
    """(cell, symbol) candidates a node or time limit stopped before they were proved or refuted;
    they are kept in :attr:`candidates`, since no solution was shown to lack them."""
    stopped_by: str | None
    """None when every candidate was settled; else ``"nodes"`` or ``"time"``."""
    searches: int
    """Searches made (one per candidate that no earlier solution showed)."""
    seconds: float

    @property
    def complete(self) -> bool:
        """True when every candidate was proved (seen in a solution) or refuted."""
        return self.stopped_by is None

    @property
    def solvable(self) -> bool:
        """True when the puzzle has a solution (every cell has a candidate)."""
        return all(self.candidates)

    @property
    def warning(self) -> str | None:
        """The rules of the input that were not read (the candidates are for the rest), or None."""
        return self.puzzle.warning

    def symbols(self, cell: Cell) -> list[str]:
        """The symbols a cell (row, column) holds in some solution."""
        grid = self.puzzle.grid
        mask = self.candidates[grid.index[cell]]
        return [s for k, s in enumerate(grid.symbols) if mask >> k & 1]

    def as_dict(self) -> dict[str, Any]:
        """What ``show --true-candidates --json`` prints and the web API answers (cells as ``r1c1``).

        ``candidates`` maps each cell to its symbols; ``counts`` (with ``per_candidate`` > 1) maps each
        cell to the solutions seen per symbol, capped; ``unsettled`` lists ``r1c1=5`` candidates a
        limit left undecided.
        """
        grid = self.puzzle.grid
        names = [cell_name(cell) for cell in grid.cells]
        out: dict[str, Any] = {
            "candidates": {
                name: [s for k, s in enumerate(grid.symbols) if mask >> k & 1]
                for name, mask in zip(names, self.candidates, strict=True)
            },
            "solvable": self.solvable,
            "complete": self.complete,
            "stopped_by": self.stopped_by,
            "unsettled": [f"{names[c]}={grid.symbols[v]}" for c, v in self.unsettled],
            "per_candidate": self.per_candidate,
            "searches": self.searches,
            "seconds": round(self.seconds, 6),
        }
        if self.per_candidate > 1:
            out["counts"] = {
                name: {grid.symbols[v]: k for v, k in enumerate(row) if k}
                for name, row in zip(names, self.counts, strict=True)
            }
        if self.warning:
            out["warning"] = self.warning
        return out


def true_candidates(
    puzzle: Puzzle | str,
    *,
    per_candidate: int = 1,
    node_limit: int | None = 100_000,
    time_limit: float | None = None,
    progress: Progress | None = None,
) -> TrueCandidates:
    """For each cell, the symbols it holds in at least one solution (the f-puzzles solver's true candidates).

    Every candidate the root propagation leaves is settled by one search with that cell fixed to it:
    a solution shows every candidate it holds (so most are settled by earlier searches), no solution
    removes it.  ``per_candidate`` > 1 counts up to that many solutions for each candidate (the
    colouring the f-puzzles solver shows).  ``node_limit`` bounds each search and ``time_limit`` the
    whole run; a candidate they stop is kept and listed in ``unsettled``, and ``stopped_by`` says so.
    """
    if per_candidate < 1:
        raise ValueError("per_candidate must be at least 1")
    _check_limits(node_limit, time_limit)
    started = time.perf_counter()
    puzzle = as_puzzle(puzzle)
    grid = puzzle.grid
    n, ncells = grid.size, len(grid.cells)
    deadline = None if time_limit is None else started + time_limit
    search = _engine.Search(_layout(grid), _engine.Poll(progress))
    base = puzzle.restrictions()
    status, _ = search.start(puzzle.givens, base, 0, 0.0)
    counts = [[0] * n for _ in range(ncells)]
    if status == _engine.CONTRADICTION:
        return TrueCandidates(puzzle, (0,) * ncells, _frozen(counts), per_candidate, (), None, 0, 0.0)
    root = list(search.root_candidates())
    alive = list(root)  # candidates not refuted
    unsettled: list[tuple[int, int]] = []
    stopped: str | None = None
    searches = 0
    found: set[tuple[int, ...]] = set()  # each solution counts once, whichever search found it
    for cell in sorted(range(ncells), key=lambda c: bin(root[c]).count("1")):
        for symbol in range(n):
            if not alive[cell] >> symbol & 1 or counts[cell][symbol] >= per_candidate:
                continue
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                stopped = "time"
                unsettled.append((cell, symbol))
                continue
            fixed = list(alive)
            fixed[cell] = 1 << symbol
            searches += 1
            status, _ = search.start(puzzle.givens, fixed, node_limit or 0, max(left, 1e-3) if left else 0.0)
            if status == _engine.CONTRADICTION:
                alive[cell] &= ~(1 << symbol)
                continue
            seen = 0
            while counts[cell][symbol] < per_candidate:
                status = search.next()
                if status != _engine.SOLUTION:
                    break
                seen += 1
                solution = search.solution()
                if solution not in found:
                    found.add(solution)
                    for c, v in enumerate(solution[:ncells]):
                        counts[c][v] = min(per_candidate, counts[c][v] + 1)
            if status == _engine.INTERRUPTED:
                raise _interrupted(search.poll, searches, search.nodes)
            if status in _STOPPED and not seen:
                stopped = stopped or _STOPPED[status]
                unsettled.append((cell, symbol))
            elif status == _engine.EXHAUSTED and not seen:
                alive[cell] &= ~(1 << symbol)
    candidates = tuple(
        sum(1 << v for v in range(n) if counts[c][v] or (c, v) in unsettled) for c in range(ncells)
    )
    return TrueCandidates(
        puzzle,
        candidates,
        _frozen(counts),
        per_candidate,
        tuple(unsettled),
        stopped,
        searches,
        time.perf_counter() - started,
    )


def _frozen(counts: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in counts)
