"""Counting by pieces: a puzzle's search tree cut into independent sub-puzzles, counted anywhere, summed.

:func:`split_puzzle` makes the first ``depth`` branching decisions the way the core would (after
propagation, on a cell with the fewest candidates, one piece per candidate), so the pieces share no
solution and together hold every one: their counts add up to the puzzle's.  :func:`count_split`
counts the pieces on threads or a Dask cluster (:mod:`sudokit.execution`), shows progress, stops at
a limit, and keeps a small state file so that an interrupted count, run again, goes on from the pieces
already counted.  This is how the proof that no 16-clue 9x9 Sudoku exists was run; here it also counts
every grid of a shape (the empty puzzle).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sudokit import _engine
from sudokit.errors import SearchInterrupted, SudokitError
from sudokit.execution import Completions, Executor, Job, given_or_own, open_executor
from sudokit.model import EMPTY, Puzzle, Solution
from sudokit.solver import _EXHAUSTED, CountResult, _layout, as_puzzle, count_solutions

MAX_PIECES = 50_000
"""The most pieces a split may make (a depth that would make more is refused as the pieces are made,
before any is counted); tens of thousands keep every worker of a big cluster busy."""
STATE_SECONDS = 2.0
"""Seconds between writes of the state file while pieces finish."""


class StateError(SudokitError):
    """A state file that is not one of sudokit's, or belongs to another count."""


class SplitError(SudokitError, ValueError):
    """A split that cannot be made: a negative depth, or one that would make too many pieces."""


def split_puzzle(puzzle: Puzzle | str, depth: int) -> list[Puzzle]:
    """The puzzle cut into sub-puzzles by its first ``depth`` branching decisions, after propagation.

    Each decision gives a cell with the fewest candidates (the first such cell) each of its candidates
    in turn; a piece is the puzzle with those decisions as extra givens.  Branches that propagation
    refutes are dropped, and a branch solved before ``depth`` stays one piece.  Pieces are in the
    order a depth-first search would visit them.
    """
    puzzle = as_puzzle(puzzle)
    if depth < 0:
        raise SplitError("the split depth must be 0 or more")
    frontier = [puzzle]
    for _ in range(depth):
        deeper: list[Puzzle] = []
        for piece in frontier:
            search = _engine.Search(_layout(piece.grid))
            if search.start(piece.givens, piece.allowed)[0] == _engine.CONTRADICTION:
                continue
            root = search.root_candidates()
            if any(mask == 0 for mask in root):
                continue  # propagation emptied a cell: no solution here
            cell = _branch_cell(piece, root)
            if cell is None:
                deeper.append(piece)  # solved by propagation
                continue
            for symbol in range(piece.grid.size):
                if root[cell] >> symbol & 1:
                    givens = list(piece.givens)
                    givens[cell] = symbol
                    deeper.append(replace(piece, givens=tuple(givens)))
            if len(deeper) > MAX_PIECES:
                raise SplitError(f"--split {depth} makes over {MAX_PIECES:,} pieces: give a smaller depth")
        frontier = deeper
    return frontier


def _branch_cell(piece: Puzzle, root: tuple[int, ...]) -> int | None:
    """An open cell with the fewest candidates (the first of them), or None when every cell is settled."""
    best, fewest = None, 1 << 30
    for cell, mask in enumerate(root):
        if piece.givens[cell] != EMPTY:
            continue
        count = mask.bit_count()
        if 1 < count < fewest:
            best, fewest = cell, count
    return best


@dataclass(frozen=True)
class PieceCount:
    """What counting one piece found."""

    count: int
    complete: bool
    stopped_by: str | None
    nodes: int
    first: tuple[int, ...] | None
    """The piece's first solution, if it has one."""


def count_piece(
    puzzle: Puzzle,
    limit: int | None,
    node_limit: int | None,
    time_limit: float | None,
    progress: Callable[[int, int], object] | None = None,
) -> PieceCount:
    """Count one piece (on a worker): the count, whether it is exact, what stopped it, the nodes."""
    result = count_solutions(puzzle, limit, node_limit=node_limit, time_limit=time_limit, progress=progress)
    first = result.first.values if result.first is not None else None
    return PieceCount(result.count, result.complete, result.stopped_by, result.nodes, first)


def _count_piece_here(
    cancel: threading.Event,
) -> Callable[[Puzzle, int | None, int | None, float | None], PieceCount]:
    """count_piece for a thread of this process: it stops as soon as ``cancel`` is set."""

    def check(_nodes: int, _solutions: int) -> None:
        if cancel.is_set():
            raise SearchInterrupted(0, 0)

    def run(
        puzzle: Puzzle, limit: int | None, node_limit: int | None, time_limit: float | None
    ) -> PieceCount:
        check(0, 0)
        return count_piece(puzzle, limit, node_limit, time_limit, check)

    return run


def fingerprint(puzzle: Puzzle, depth: int) -> str:
    """What identifies a split count: the puzzle (grid, rules, givens, allowed symbols) and the depth."""
    text = repr((puzzle.grid, puzzle.givens, puzzle.allowed))  # the grid's repr leaves out its caches
    return hashlib.sha256(f"{depth}\n{text}".encode()).hexdigest()[:16]


def default_state_path(puzzle: Puzzle, depth: int) -> Path:
    """Where a split count keeps its state unless told: ``.sudokit-count-<fingerprint>.json`` here."""
    return Path(f".sudokit-count-{fingerprint(puzzle, depth)}.json")


def _read_state(path: Path, key: str, pieces: int) -> dict[int, int]:
    """The exact counts of the pieces a previous run finished, from its state file."""
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
        if state.get("format") != "sudokit-split-count":
            raise StateError(f"{path} is not a sudokit count state file")
        if state.get("fingerprint") != key or state.get("pieces") != pieces:
            raise StateError(
                f"{path} belongs to another count (another puzzle or depth): "
                "remove it, or give another --state path"
            )
        return {int(index): int(count) for index, count in state["done"].items()}
    except (ValueError, KeyError, TypeError, AttributeError):
        raise StateError(
            f"{path} is not a readable sudokit count state file: remove it to start again"
        ) from None


def _write_state(path: Path, key: str, pieces: int, done: dict[int, int]) -> None:
    """Save the finished pieces' counts, atomically (a crash leaves the old file or the new one)."""
    temporary = path.with_name(path.name + ".tmp")
    state = {"format": "sudokit-split-count", "fingerprint": key, "pieces": pieces, "done": done}
    try:
        temporary.write_text(json.dumps(state), encoding="utf-8")
        os.replace(temporary, path)
    except OSError as exc:
        raise StateError(f"cannot write the count's state file {path}: {exc.strerror or exc}") from None


@dataclass
class SplitProgress:
    """How far a split count has got; passed to the ``progress`` callback after each piece."""

    pieces: int
    done: int = 0
    solutions: int = 0
    resumed: int = 0
    """Pieces whose counts came from the state file."""


def count_split(
    puzzle: Puzzle | str,
    depth: int,
    limit: int | None = None,
    *,
    jobs: int | None = None,
    executor: Executor | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    state: str | os.PathLike[str] | None = None,
    progress: Callable[[SplitProgress], object] | None = None,
) -> CountResult:
    """Count the solutions of a puzzle by pieces (see :func:`split_puzzle`), in parallel.

    The pieces are counted by ``jobs`` threads (None or 0: one per core) or on ``executor`` (a Dask
    cluster); the count stops once ``limit`` solutions are found.  ``node_limit`` bounds each piece,
    ``time_limit`` the whole count.  With ``state``, the counts of finished pieces are kept in that
    file: a count interrupted (Ctrl-C raises :class:`~sudokit.errors.SearchInterrupted` with the sum
    so far) and started again with the same file counts only the pieces left; the file is removed
    when the count ends.
    """
    started = time.perf_counter()
    puzzle = as_puzzle(puzzle)
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1")
    pieces = split_puzzle(puzzle, depth)
    key = fingerprint(puzzle, depth)
    path = Path(state) if state is not None else None
    done: dict[int, int] = _read_state(path, key, len(pieces)) if path is not None and path.exists() else {}
    if path is not None:
        _write_state(path, key, len(pieces), done)  # a path that cannot be written fails now, not later
    status = SplitProgress(len(pieces), len(done), sum(done.values()), len(done))
    deadline = None if time_limit is None else time.monotonic() + time_limit
    stopped_by: str | None = None
    nodes = 0
    cancel = threading.Event()
    with given_or_own(executor, lambda: open_executor(None, jobs, "sudokit-split")) as pool:
        counter: Any = count_piece if pool.remote else _count_piece_here(cancel)
        todo = [index for index in range(len(pieces)) if index not in done]
        todo.reverse()  # popped from the end: in order
        running: Completions[PieceCount] = Completions()
        index_of: dict[Job[PieceCount], int] = {}
        saved = time.monotonic()
        first: tuple[int, tuple[int, ...]] | None = None  # (piece, its first solution) of the lowest piece
        try:
            if progress is not None:
                progress(status)  # the pieces are known: show them before the first one is counted
            while (todo or running) and stopped_by is None:
                if deadline is not None and time.monotonic() > deadline:
                    stopped_by = "time"
                    break
                while todo and len(running) < 2 * pool.workers:
                    index = todo.pop()
                    left = None if deadline is None else max(1e-3, deadline - time.monotonic())
                    job = pool.submit(counter, pieces[index], limit, node_limit, left)
                    index_of[job] = index
                    running.add(job)
                finished_job = running.next(0.1)  # a short wait keeps Ctrl-C working
                if finished_job is None:
                    continue
                index = index_of.pop(finished_job)
                piece = finished_job.result()
                nodes += piece.nodes
                if piece.first is not None and (first is None or index < first[0]):
                    first = (index, piece.first)
                if piece.complete or piece.stopped_by == "limit":
                    if (
                        piece.complete
                    ):  # only exact counts are kept: a piece stopped at the limit ends the count
                        done[index] = piece.count
                    status.done += 1
                    status.solutions += piece.count
                if limit is not None and status.solutions >= limit:
                    stopped_by = "limit"
                elif not piece.complete and piece.stopped_by in ("nodes", "time"):
                    stopped_by = piece.stopped_by
                if progress is not None:
                    progress(status)
                if path is not None and time.monotonic() - saved >= STATE_SECONDS:
                    _write_state(path, key, len(pieces), done)
                    saved = time.monotonic()
        except KeyboardInterrupt:
            cancel.set()
            if path is not None:
                _write_state(path, key, len(pieces), done)
            raise SearchInterrupted(status.solutions, nodes) from None
        finally:
            cancel.set()
            for job in running.running:
                job.cancel()
    if path is not None:
        if stopped_by in (None, "limit"):
            path.unlink(missing_ok=True)
        else:
            _write_state(path, key, len(pieces), done)
    count = status.solutions if limit is None else min(status.solutions, limit)
    solution = Solution(puzzle, first[1]) if first is not None else None
    if solution is None and count:  # every piece with solutions was counted by an earlier run
        left = None if deadline is None else max(1e-3, deadline - time.monotonic())
        solution = count_solutions(puzzle, 1, node_limit=node_limit, time_limit=left).first
    return CountResult(
        puzzle,
        count,
        stopped_by is None,
        stopped_by,
        solution,
        None if count or stopped_by else _EXHAUSTED,
        nodes,
        time.perf_counter() - started,
    )
