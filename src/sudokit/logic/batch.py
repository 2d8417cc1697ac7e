"""Rating many puzzles on several cores, results in input order."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

from sudokit.errors import SudokitError
from sudokit.logic.path import Rating, rate
from sudokit.model import Puzzle


def _rate_one(puzzle: Puzzle) -> Rating | str:
    """A puzzle's rating, or the one-line reason it cannot be rated (no solution, ...)."""
    try:
        return rate(puzzle)
    except SudokitError as exc:
        return str(exc)


def rate_puzzles(puzzles: Sequence[Puzzle], jobs: int = 1, progress: bool = False) -> Iterator[Rating | str]:
    """Rate each puzzle, yielding in input order; ``jobs`` worker processes (0: one per core)."""
    workers = jobs or os.cpu_count() or 1
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(puzzles), unit=" puzzles", dynamic_ncols=True)
    try:
        if workers <= 1 or len(puzzles) <= 1:
            for puzzle in puzzles:
                yield _rate_one(puzzle)
                if bar is not None:
                    bar.update()
            return
        chunk = max(1, min(64, len(puzzles) // (workers * 8)))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for outcome in pool.map(_rate_one, puzzles, chunksize=chunk):
                yield outcome
                if bar is not None:
                    bar.update()
    finally:
        if bar is not None:
            bar.close()
