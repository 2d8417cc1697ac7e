"""Rating many puzzles on several cores, results in input order."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from sudokit.errors import SudokitError
from sudokit.logic.path import Rating, rate
from sudokit.model import Puzzle


def _rate_one(puzzle: Puzzle, time_limit: float | None = None) -> Rating | str:
    """A puzzle's rating, or the one-line reason it cannot be rated (no solution, several, time up)."""
    try:
        return rate(puzzle, time_limit=time_limit)
    except SudokitError as exc:
        return str(exc)


def rate_puzzles(
    puzzles: Sequence[Puzzle], jobs: int = 1, progress: bool = False, time_limit: float | None = None
) -> Iterator[Rating | str]:
    """Rate each puzzle, yielding in input order; ``jobs`` worker processes (0: one per core).

    ``time_limit`` bounds each puzzle's path (seconds); a puzzle past it gives its reason instead.
    """
    rate_one = partial(_rate_one, time_limit=time_limit)
    workers = jobs or os.cpu_count() or 1
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(puzzles), unit=" puzzles", dynamic_ncols=True)
    try:
        if workers <= 1 or len(puzzles) <= 1:
            for puzzle in puzzles:
                yield rate_one(puzzle)
                if bar is not None:
                    bar.update()
            return
        chunk = max(1, min(64, len(puzzles) // (workers * 8)))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for outcome in pool.map(rate_one, puzzles, chunksize=chunk):
                yield outcome
                if bar is not None:
                    bar.update()
    finally:
        if bar is not None:
            bar.close()
