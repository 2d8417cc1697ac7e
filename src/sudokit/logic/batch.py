"""Rating many puzzles on several cores, results in input order."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial

from sudokit.errors import SudokitError
from sudokit.execution import Executor, ProcessExecutor, default_workers, given_or_own, ordered_map
from sudokit.logic.path import Rating, rate
from sudokit.model import Puzzle
from sudokit.se.rating import SERating


def _rate_one(
    puzzle: Puzzle, time_limit: float | None = None, scale: str = "hodoku"
) -> Rating | SERating | str:
    """A puzzle's rating, or the one-line reason it cannot be rated (no solution, several, time up)."""
    try:
        if scale == "se":
            return rate(puzzle, time_limit=time_limit, scale="se")
        return rate(puzzle, time_limit=time_limit)
    except SudokitError as exc:
        return str(exc)


def _rate_chunk(
    chunk: Sequence[Puzzle], time_limit: float | None = None, scale: str = "hodoku"
) -> list[Rating | SERating | str]:
    """A worker's share: each puzzle's rating or reason."""
    return [_rate_one(puzzle, time_limit, scale) for puzzle in chunk]


def rate_puzzles(
    puzzles: Sequence[Puzzle],
    jobs: int = 1,
    progress: bool = False,
    time_limit: float | None = None,
    executor: Executor | None = None,
    scale: str = "hodoku",
) -> Iterator[Rating | SERating | str]:
    """Rate each puzzle on ``scale`` (``hodoku`` or ``se``), yielding in input order.

    ``jobs`` worker processes share the work (0: one per core), or the workers of ``executor`` (a
    Dask cluster: see :mod:`sudokit.execution`).  ``time_limit`` bounds each puzzle's path
    (seconds); a puzzle past it gives its reason instead.
    """
    workers = executor.workers if executor is not None else jobs or default_workers()
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(puzzles), unit=" puzzles", dynamic_ncols=True)
    try:
        if executor is None and (workers <= 1 or len(puzzles) <= 1):
            for puzzle in puzzles:
                yield _rate_one(puzzle, time_limit, scale)
                if bar is not None:
                    bar.update()
            return
        size = max(1, min(64, len(puzzles) // (workers * 8)))
        chunks = (puzzles[k : k + size] for k in range(0, len(puzzles), size))
        with given_or_own(executor, lambda: ProcessExecutor(workers)) as pool:
            for outcomes in ordered_map(
                pool, partial(_rate_chunk, time_limit=time_limit, scale=scale), chunks
            ):
                for outcome in outcomes:
                    yield outcome
                    if bar is not None:
                        bar.update()
    finally:
        if bar is not None:
            bar.close()
