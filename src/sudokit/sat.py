"""Hard puzzles through a CDCL SAT solver: CaDiCaL, from python-sat, in a child process.

The compiled core propagates and branches without learning, which leaves some big puzzles (the
hard Gecode 25x25 instances) out of reach for minutes.  Conflict-driven clause learning cracks
them, so :mod:`sudokit.solver` hands a puzzle over when the core has spent a small budget of nodes
on it (a portfolio): the core's root propagation (singles, locked candidates, Hall sets) narrows the
candidates, and the puzzle goes to CaDiCaL in the direct encoding with both views (each cell holds
one symbol; each unit holds each symbol once), plus the relations and links as binary clauses.
Solutions are enumerated with blocking clauses, so counts stay exact up to the limit.

python-sat cannot interrupt CaDiCaL, so the solver runs in a child process (``python -m
sudokit.sat``, which needs no ``if __name__ == "__main__"`` guard in the caller's script): a time
limit or Ctrl-C ends it at once.  python-sat is an optional dependency (``pip install
'sudokit[sat]'``; ``make`` installs it); without it, or for rules the encoding does not cover (cage
sums, sums, line rules), the core searches alone.
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

from sudokit.model import Grid

SOLVER = "cadical195"
"""The python-sat solver used: CaDiCaL, the fastest of python-sat's solvers on the hard 25x25 set."""
MAX_CLAUSES = 3_000_000
"""The largest encoding handed to the SAT solver (a nearly empty 64x64 would need tens of millions)."""
PAIRWISE = 25
"""Groups of up to this many literals get pairwise at-most-one clauses; bigger ones a sequential counter."""
POLL_SECONDS = 0.05
"""How often the parent checks its time limit and Ctrl-C while the child solves."""


@dataclass(frozen=True)
class SatResult:
    """What the SAT search found: solutions (symbol index per cell), and why it stopped."""

    solutions: list[tuple[int, ...]]
    complete: bool
    """True when every solution up to the limit was found and no other exists (or the limit was met)."""
    stopped_by: str | None
    """None (exhausted), "limit" or "time"."""
    conflicts: int


@functools.cache
def available() -> bool:
    """Whether python-sat is installed (looked up once: it is asked on every big count)."""
    return importlib.util.find_spec("pysat") is not None


def encodable(grid: Grid) -> bool:
    """Whether the encoding covers every rule of the grid (units, relations, links; no sums)."""
    return (
        not grid.sums
        and not grid.line_rules
        and not grid.unknowns
        and not grid.connected
        and not grid.either
        and all(cage.total is None for cage in grid.cages)
    )


def problem(grid: Grid) -> dict[str, Any]:
    """The grid's rules as plain data for the child process: units, relations, link tables."""
    return {
        "ncells": len(grid.cells),
        "nsymbols": grid.size,
        "units": [list(u.cells) for u in grid.units] + [list(c.cells) for c in grid.cages],
        "relations": [(*r.cells, r.mask) for r in grid.relations],
        "links": [(*k.cells, list(k.table(grid.values))) for k in grid.links],
    }


def _amo_size(k: int) -> int:
    """How many clauses at-most-one over k literals takes."""
    return k * (k - 1) // 2 if k <= PAIRWISE else 3 * k - 4


def clause_estimate(grid: Grid, candidates: Sequence[int]) -> int:
    """About how many clauses the encoding of the grid within these candidates has."""
    sizes = [bin(m).count("1") for m in candidates]
    total = sum(1 + _amo_size(k) for k in sizes)
    groups: list[tuple[int, ...]] = [u.cells for u in grid.units] + [c.cells for c in grid.cages]
    for cells in groups:
        for v in range(grid.size):
            total += 1 + _amo_size(sum(1 for c in cells if candidates[c] >> v & 1))
    return total + len(grid.relations) * grid.size + len(grid.links) * grid.size


def clauses(data: dict[str, Any], candidates: Sequence[int]) -> list[list[int]]:
    """The direct encoding: variable ``c * n + v + 1`` is "cell c holds symbol v".

    Each cell holds one of its candidates and at most one symbol; each unit holds each symbol in at
    most one cell, and in at least one when it has as many cells as there are symbols; relations and
    links forbid their pairs.  At-most-one is pairwise for small groups, a sequential counter (with
    auxiliary variables after the cell variables) for big ones.
    """
    n = int(data["nsymbols"])
    top = [data["ncells"] * n]

    def var(c: int, v: int) -> int:
        return c * n + v + 1

    out: list[list[int]] = []

    def at_most_one(lits: list[int]) -> None:
        if len(lits) <= PAIRWISE:
            out.extend([-a, -b] for a, b in itertools.combinations(lits, 2))
            return
        first = top[0] + 1  # s_i: one of lits[0..i] is true
        top[0] += len(lits) - 1
        out.append([-lits[0], first])
        for i in range(1, len(lits) - 1):
            s, previous = first + i, first + i - 1
            out.extend(([-lits[i], s], [-previous, s], [-lits[i], -previous]))
        out.append([-lits[-1], -(first + len(lits) - 2)])

    for c, mask in enumerate(candidates):
        values = [v for v in range(n) if mask >> v & 1]
        out.append([var(c, v) for v in values])
        at_most_one([var(c, v) for v in values])
        out += [[-var(c, v)] for v in range(n) if not mask >> v & 1]
    for unit in data["units"]:
        for v in range(n):
            cells = [c for c in unit if candidates[c] >> v & 1]
            if len(unit) == n:
                out.append([var(c, v) for c in cells])
            at_most_one([var(c, v) for c in cells])
    for a, b, distances in data["relations"]:
        for x in range(n):
            for y in range(n):
                if distances >> abs(x - y) & 1 and candidates[a] >> x & 1 and candidates[b] >> y & 1:
                    out.append([-var(a, x), -var(b, y)])
    for a, b, table in data["links"]:
        for x in range(n):
            for y in range(n):
                if not table[x] >> y & 1 and candidates[a] >> x & 1 and candidates[b] >> y & 1:
                    out.append([-var(a, x), -var(b, y)])
    return out


def _enumerate(data: dict[str, Any], candidates: Sequence[int], limit: int, out: IO[str]) -> None:
    """In the child process: write each of up to ``limit`` solutions as a line, then the conflicts."""
    from pysat.solvers import Solver

    n = data["nsymbols"]
    with Solver(name=SOLVER, bootstrap_with=clauses(data, candidates)) as solver:
        found = 0
        while found < limit and solver.solve():
            values = [0] * data["ncells"]
            limit_var = data["ncells"] * n
            for lit in solver.get_model() or []:
                if 0 < lit <= limit_var:
                    values[(lit - 1) // n] = (lit - 1) % n
            out.write("S " + ",".join(map(str, values)) + "\n")
            out.flush()
            found += 1
            blocking = [-(c * n + v + 1) for c, v in enumerate(values) if candidates[c] & (candidates[c] - 1)]
            if not blocking:  # every cell was fixed before the search: this is the only solution
                break
            solver.add_clause(blocking)
        stats = solver.accum_stats() or {}
        out.write(f"D {int(stats.get('conflicts', 0))}\n")
        out.flush()


class SatRun:
    """CaDiCaL enumerating up to ``limit`` solutions in a child process (``python -m sudokit.sat``).

    :meth:`wait` collects what it sends; :meth:`stop` ends it at once (a time limit, Ctrl-C, or the
    core finishing first).
    """

    def __init__(self, grid: Grid, candidates: Sequence[int], limit: int) -> None:
        """Start the child and hand it the problem as JSON on its standard input."""
        self.limit = limit
        self.found: list[tuple[int, ...]] = []
        self.child = subprocess.Popen(
            [sys.executable, "-m", "sudokit.sat"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.reader = threading.Thread(target=self._pump, daemon=True)
        payload = json.dumps({"problem": problem(grid), "candidates": list(candidates), "limit": limit})
        try:
            assert self.child.stdin is not None
            self.child.stdin.write(payload)
            self.child.stdin.close()
        except BaseException:
            self.stop()
            raise
        self.reader.start()

    def _pump(self) -> None:
        """Move the child's lines into the queue (a thread: reading a pipe would block the caller)."""
        assert self.child.stdout is not None
        for line in self.child.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def wait(self, seconds: float) -> SatResult | None:
        """Collect what the child sent within ``seconds``: its final result, or None while it runs."""
        deadline = time.monotonic() + max(0.0, seconds)
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return None
            if line is None:
                error = self.child.stderr.read().strip().splitlines() if self.child.stderr else []
                detail = error[-1] if error else f"exit code {self.child.wait()}"
                raise RuntimeError(f"the SAT solver process ended unexpectedly: {detail}")
            if line.startswith("S "):
                self.found.append(tuple(int(v) for v in line[2:].split(",")))
                continue
            stopped = "limit" if len(self.found) >= self.limit else None
            return SatResult(self.found, True, stopped, int(line[2:]))

    def stop(self) -> None:
        """End the child (if it still runs) and release its pipes."""
        if self.child.poll() is None:
            self.child.kill()
        self.child.wait()
        for stream in (self.child.stdout, self.child.stderr):
            if stream is not None:
                stream.close()


def search(grid: Grid, candidates: Sequence[int], limit: int, time_limit: float | None) -> SatResult:
    """Up to ``limit`` solutions of the grid within these candidates, by CaDiCaL in a child process.

    ``time_limit`` (seconds, None for none) ends the child; so does Ctrl-C, which propagates.
    """
    run = SatRun(grid, candidates, limit)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    try:
        while True:
            wait = POLL_SECONDS if deadline is None else min(POLL_SECONDS, deadline - time.monotonic())
            if wait <= 0:
                return SatResult(run.found, False, "time", 0)
            result = run.wait(wait)
            if result is not None:
                return result
    finally:
        run.stop()


def main() -> None:
    """The child process: read the problem as JSON on standard input, enumerate, write the lines."""
    request = json.load(sys.stdin)
    _enumerate(request["problem"], request["candidates"], request["limit"], sys.stdout)


if __name__ == "__main__":
    main()
