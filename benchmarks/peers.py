"""Adapters for the peer solvers that the benchmark compares sudokit against.

Every adapter has the same shape, ``solve(puzzle_line, n, (box_rows, box_cols), symbols)``, and returns
``(count, first)``: the number of solutions found, up to 2, and the first solution as a line in the
puzzle's own symbols (``None`` when there is none), so that the benchmark's independent checker can
verify it.  A puzzle line has n*n characters; every character that is not one of the n symbols is a
blank ('.' always, '0' unless '0' is a symbol).  ``available_peers()`` lists the peers whose libraries
import; install them with ``pip install -e '.[bench]'``.

Peers:

* python-sat (CaDiCaL and Glucose): the usual "extended" CNF encoding, givens as unit clauses, and a
  blocking clause for the uniqueness check (a fresh solver per puzzle, so no learnt state carries over);
* OR-tools CP-SAT: AllDifferent on every unit, one worker, enumerating solutions up to the second;
* py-sudoku: backtracking; its uniqueness check re-solves with the symbols tried in reverse order;
* a Norvig-style solver written here (constraint propagation and depth-first search) in plain Python.

The compiled peers cannot be stopped from Python once a search has started (pysat's CaDiCaL has no
interrupt, and a Python signal handler only runs after the C call returns): to cap a puzzle's time,
run the solve in a child process and kill it.  Every solve function is picklable for that.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial

Solve = Callable[[str, int, tuple[int, int], str], tuple[int, str | None]]
Unit = tuple[int, ...]  # the cell indices of a row, a column or a box


@dataclass(frozen=True)
class Peer:
    """A peer solver as the benchmark sees it: a display name and a solve function."""

    name: str  # e.g. "python-sat 1.9.dev17 CaDiCaL 3.0.0"
    counts: bool  # True when it counts to 2 (uniqueness check); False when it only finds one solution
    solve: Solve  # solve(puzzle_line, n, (box_rows, box_cols), symbols) -> (count up to 2, first or None)


# ---------------------------------------------------------------------------------------------------
# Shared geometry


def _cells(puzzle: str, n: int, symbols: str) -> list[int]:
    """Symbol index of every cell (-1 for a blank); checks the line's length and the alphabet's size."""
    if len(symbols) != n or len(set(symbols)) != n:
        raise ValueError(f"need {n} distinct symbols, got {symbols!r}")
    if len(puzzle) != n * n:
        raise ValueError(f"need {n * n} cells, got {len(puzzle)}")
    index = {s: i for i, s in enumerate(symbols)}
    return [index.get(ch, -1) for ch in puzzle]


@cache
def _units(n: int, box: tuple[int, int]) -> tuple[Unit, ...]:
    """Rows, columns and r x c boxes of an n x n grid as tuples of cell indices (cached per shape)."""
    box_rows, box_cols = box
    if box_rows * box_cols != n:
        raise ValueError(f"boxes of {box_rows}x{box_cols} do not tile a {n}x{n} grid")
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    boxes = [
        tuple((top + i) * n + left + j for i in range(box_rows) for j in range(box_cols))
        for top in range(0, n, box_rows)
        for left in range(0, n, box_cols)
    ]
    return tuple(rows + cols + boxes)


def _version(distribution: str) -> str:
    """Installed version of a distribution, or '?' when its metadata is missing."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "?"


# ---------------------------------------------------------------------------------------------------
# python-sat: CaDiCaL and Glucose on the extended encoding


@cache
def _cnf(n: int, box: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """Extended Sudoku CNF (variable cell*n + symbol + 1), built once per shape and reused per puzzle."""
    clauses: list[tuple[int, ...]] = []

    def exactly_one(lits: list[int]) -> None:
        clauses.append(tuple(lits))
        clauses.extend((-a, -b) for i, a in enumerate(lits) for b in lits[i + 1 :])

    for cell in range(n * n):
        exactly_one([cell * n + d + 1 for d in range(n)])
    for unit in _units(n, box):
        for d in range(n):
            exactly_one([cell * n + d + 1 for cell in unit])
    return tuple(clauses)


def _sat_solve(
    class_name: str, puzzle: str, n: int, box: tuple[int, int], symbols: str
) -> tuple[int, str | None]:
    """Solve, then block the solution's non-given cells and solve again: count 0, 1 or 2.

    A fresh solver per puzzle keeps the puzzles independent, but loading the shape's clauses through
    pysat's Python API (about 12,000 for 9x9, 124,000 for 16x16, 750,000 for 25x25) costs about 1 us
    each, which is most of the time on 9x9 and 16x16: the searches themselves take well under 1 ms (9x9)
    and a few ms (16x16).  One solver per shape with the givens as assumptions avoids the reloading
    (about 1 ms a 9x9 puzzle) but made 25x25 searches far slower (one puzzle: 116 s instead of 6 s).
    """
    from pysat import solvers

    cells = _cells(puzzle, n, symbols)
    with getattr(solvers, class_name)(bootstrap_with=_cnf(n, box)) as solver:
        for cell, d in enumerate(cells):
            if d >= 0:
                solver.add_clause([cell * n + d + 1])
        if not solver.solve():
            return 0, None
        chosen = [lit for lit in solver.get_model()[: n * n * n] if lit > 0]  # one per cell, in order
        first = "".join(symbols[(lit - 1) % n] for lit in chosen)
        solver.add_clause([-lit for lit in chosen if cells[(lit - 1) // n] < 0])
        return (2 if solver.solve() else 1), first


def _sat_peers() -> list[Peer]:
    """CaDiCaL (the newest version pysat ships) and Glucose 4.1, when python-sat imports."""
    try:
        from pysat import solvers
    except ImportError:
        return []
    cadicals = [
        ("Cadical300", "CaDiCaL 3.0.0"),
        ("Cadical195", "CaDiCaL 1.9.5"),
        ("Cadical153", "CaDiCaL 1.5.3"),
    ]
    newest = next((c for c in cadicals if hasattr(solvers, c[0])), None)
    chosen = [*([newest] if newest else []), ("Glucose4", "Glucose 4.1")]
    version = _version("python-sat")
    return [
        Peer(f"python-sat {version} {label}", True, partial(_sat_solve, class_name))
        for class_name, label in chosen
        if hasattr(solvers, class_name)
    ]


# ---------------------------------------------------------------------------------------------------
# OR-tools CP-SAT


def _cpsat_solve(puzzle: str, n: int, box: tuple[int, int], symbols: str) -> tuple[int, str | None]:
    """CP-SAT with AllDifferent per unit on one worker, enumerating solutions and stopping at the second."""
    from ortools.sat.python import cp_model

    cells = _cells(puzzle, n, symbols)
    model = cp_model.CpModel()
    x = [model.new_int_var(d, d, "") if d >= 0 else model.new_int_var(0, n - 1, "") for d in cells]
    for unit in _units(n, box):
        model.add_all_different([x[cell] for cell in unit])

    class UpToTwo(cp_model.CpSolverSolutionCallback):
        """Keeps the first solution and stops the search at the second."""

        def __init__(self) -> None:
            super().__init__()
            self.first: list[int] | None = None
            self.count = 0

        def on_solution_callback(self) -> None:
            """Record the solution; stop once two are known."""
            self.count += 1
            if self.first is None:
                self.first = [self.value(v) for v in x]
            if self.count >= 2:
                self.stop_search()

    # Enumerating (which keeps presolve from removing solutions) measured faster than solving twice
    # with the first solution forbidden: about 2.5x on 9x9 and 16x16, the same on 25x25.
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    found = UpToTwo()
    status = solver.solve(model, found)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
        raise RuntimeError(f"CP-SAT stopped with status {solver.status_name(status)}")
    if found.first is None:
        return 0, None
    return min(found.count, 2), "".join(symbols[v] for v in found.first)


def _cpsat_peers() -> list[Peer]:
    """OR-tools CP-SAT, when ortools imports."""
    try:
        from ortools.sat.python import cp_model  # noqa: F401
    except ImportError:
        return []
    return [Peer(f"OR-tools CP-SAT {_version('ortools')}", True, _cpsat_solve)]


# ---------------------------------------------------------------------------------------------------
# py-sudoku


def _py_sudoku_solve(puzzle: str, n: int, box: tuple[int, int], symbols: str) -> tuple[int, str | None]:
    """py-sudoku's solve, run with the symbols in order and reversed: different answers mean 2 solutions."""
    from sudoku import Sudoku

    cells = _cells(puzzle, n, symbols)
    _units(n, box)  # checks the shape

    def first_found(values: list[int]) -> list[int] | None:
        """py-sudoku's solution (values 1..n, 0 blank), or None when it finds none."""
        board = [[v or None for v in values[r * n : (r + 1) * n]] for r in range(n)]
        # py-sudoku's width is a box's number of columns, its height a box's number of rows.
        solved = Sudoku(box[1], box[0], board=board).solve().board
        flat = [v for row in solved for v in row]
        return None if len(flat) != n * n or None in flat else flat

    # py-sudoku tries symbols in increasing order on the same search tree whatever their names, so a
    # second solve with the symbols relabelled n..1 is its own has_multiple_solutions(reverse=True)
    # check, without a third search: the first and last solutions of the tree differ iff there are 2+.
    forward = first_found([d + 1 if d >= 0 else 0 for d in cells])
    if forward is None:
        return 0, None
    backward = first_found([n - d if d >= 0 else 0 for d in cells])
    if backward is None:
        raise RuntimeError(f"py-sudoku solved {puzzle} with the symbols in order but not reversed")
    same = [n + 1 - v for v in backward] == forward
    return (1 if same else 2), "".join(symbols[v - 1] for v in forward)


def _py_sudoku_peers() -> list[Peer]:
    """py-sudoku, when it imports."""
    try:
        from sudoku import Sudoku  # noqa: F401
    except ImportError:
        return []
    return [Peer(f"py-sudoku {_version('py-sudoku')}", True, _py_sudoku_solve)]


# ---------------------------------------------------------------------------------------------------
# A Norvig-style solver: candidate strings per cell, propagation, depth-first search on the fewest


@cache
def _geometry(
    n: int, box: tuple[int, int]
) -> tuple[tuple[tuple[Unit, ...], ...], tuple[frozenset[int], ...]]:
    """Units of each cell and peers of each cell (cells sharing a unit), cached per shape."""
    units = _units(n, box)
    cell_units = tuple(tuple(u for u in units if cell in u) for cell in range(n * n))
    peers = tuple(frozenset(c for u in cell_units[cell] for c in u) - {cell} for cell in range(n * n))
    return cell_units, peers


def _norvig_solve(puzzle: str, n: int, box: tuple[int, int], symbols: str) -> tuple[int, str | None]:
    """Norvig-style propagation and search, counting solutions up to 2.

    Propagation is only "eliminate, naked single, hidden single", as in Norvig's essay, so hard 25x25
    grids (Gecode's) take minutes; the benchmark's cap covers them.
    """
    cells = _cells(puzzle, n, symbols)
    cell_units, peers = _geometry(n, box)

    def eliminate(values: dict[int, str], cell: int, symbol: str) -> bool:
        """Remove symbol from cell and propagate (naked and hidden singles); False on a contradiction."""
        pending = [(cell, symbol)]
        while pending:
            cell, symbol = pending.pop()
            left = values[cell]
            if symbol not in left:
                continue
            left = left.replace(symbol, "")
            values[cell] = left
            if not left:
                return False
            if len(left) == 1:  # naked single: its symbol goes from every peer
                pending.extend((peer, left) for peer in peers[cell] if left in values[peer])
            for unit in cell_units[cell]:  # hidden single: the symbol's only place left in the unit
                places = [c for c in unit if symbol in values[c]]
                if not places:
                    return False
                if len(places) == 1 and len(values[places[0]]) > 1:
                    only = places[0]
                    pending.extend((only, other) for other in values[only] if other != symbol)
        return True

    def assign(values: dict[int, str], cell: int, symbol: str) -> bool:
        """Keep only symbol in cell by eliminating every other candidate."""
        return all(eliminate(values, cell, other) for other in values[cell] if other != symbol)

    start = dict.fromkeys(range(n * n), symbols)
    for cell, d in enumerate(cells):
        if d >= 0 and not assign(start, cell, symbols[d]):
            return 0, None

    solutions: list[str] = []
    # Depth-first search without recursion: each entry is a state and a guess to apply to a copy of it.
    stack: list[tuple[dict[int, str], int, str]] = [(start, -1, "")]
    while stack and len(solutions) < 2:
        values, cell, symbol = stack.pop()
        if cell >= 0:
            values = values.copy()
            if not assign(values, cell, symbol):
                continue
        open_cells = [(len(v), c) for c, v in values.items() if len(v) > 1]
        if not open_cells:
            solutions.append("".join(values[c] for c in range(n * n)))
            continue
        _, pick = min(open_cells)
        stack.extend((values, pick, s) for s in reversed(values[pick]))
    return len(solutions), (solutions[0] if solutions else None)


def _norvig_peers() -> list[Peer]:
    """The Norvig-style solver, always available."""
    return [Peer("Norvig-style Python", True, _norvig_solve)]


def available_peers() -> list[Peer]:
    """Every peer whose library imports; missing libraries are skipped (print nothing)."""
    return _sat_peers() + _cpsat_peers() + _py_sudoku_peers() + _norvig_peers()
