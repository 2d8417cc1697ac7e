"""Batch solving: one puzzle per line in, one solution line per puzzle out, in order, on many cores.

Input is streamed in chunks, so memory stays constant however long the file.  Each output line is the
first solution in the one-line form, or ``!`` and the reason when a puzzle has no solution, is not a
puzzle, or hit a limit.  A puzzle with several solutions gives its first one and counts as multiple.
"""

from __future__ import annotations

import itertools
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TextIO

from sudokit.errors import SudokitError
from sudokit.formats.text import LineParser, ReadOptions
from sudokit.solver import count_solutions

CHUNK = 1000
"""Puzzles handed to a worker process at a time."""


@dataclass
class BatchSummary:
    """Counts of what a batch run found, and how long it took."""

    puzzles: int = 0
    solved: int = 0
    """Puzzles with at least one solution (includes ``multiple``)."""
    multiple: int = 0
    """Puzzles with two or more solutions."""
    unsolvable: int = 0
    invalid: int = 0
    """Lines that are not puzzles (bad characters, wrong length)."""
    stopped: int = 0
    """Puzzles whose search hit the node or time limit."""
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        """Puzzles per second."""
        return self.puzzles / self.seconds if self.seconds > 0 else 0.0

    def add(self, kind: str) -> None:
        """Count one puzzle of a kind: solved, multiple, unsolvable, invalid or stopped."""
        self.puzzles += 1
        if kind in ("solved", "multiple"):
            self.solved += 1
        if kind == "multiple":
            self.multiple += 1
        elif kind == "unsolvable":
            self.unsolvable += 1
        elif kind == "invalid":
            self.invalid += 1
        elif kind == "stopped":
            self.stopped += 1

    def describe(self) -> str:
        """One line for people: counts, time and rate."""
        parts = [
            f"{self.solved:,} solved ({self.multiple:,} with several solutions)",
            f"{self.unsolvable:,} unsolvable",
        ]
        if self.invalid:
            parts.append(f"{self.invalid:,} invalid")
        if self.stopped:
            parts.append(f"{self.stopped:,} stopped by a limit")
        return (
            f"{self.puzzles:,} puzzles: "
            + ", ".join(parts)
            + f"; {self.seconds:.2f} s, {self.rate:,.0f} puzzles/s"
        )


@dataclass(frozen=True)
class BatchOptions:
    """How to read and bound each puzzle of a batch."""

    read: ReadOptions = field(default_factory=ReadOptions)
    node_limit: int | None = None
    time_limit: float | None = None


def solve_line(parser: LineParser, line: str, lineno: int, options: BatchOptions) -> tuple[str, str]:
    """Solve one input line; return (output line, kind)."""
    try:
        puzzle = parser.parse(line, lineno)
        result = count_solutions(puzzle, 2, node_limit=options.node_limit, time_limit=options.time_limit)
    except SudokitError as exc:
        return f"! {exc}", "invalid"
    if result.first is not None:
        return result.first.to_string(), "multiple" if result.count > 1 else "solved"
    if result.stopped_by in ("nodes", "time"):
        return f"! stopped by the {result.stopped_by} limit", "stopped"
    return f"! no solution: {result.reason}", "unsolvable"


def _solve_chunk(chunk: list[tuple[int, str]], options: BatchOptions) -> list[tuple[str, str]]:
    parser = LineParser(options.read)
    return [solve_line(parser, line, lineno, options) for lineno, line in chunk]


def puzzle_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The (line number, text) of every line that holds a puzzle: not blank, not a ``#`` comment."""
    for lineno, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield lineno, stripped


def _chunks(items: Iterator[tuple[int, str]], size: int) -> Iterator[list[tuple[int, str]]]:
    while chunk := list(itertools.islice(items, size)):
        yield chunk


def run_batch(
    lines: Iterable[str],
    out: TextIO,
    *,
    jobs: int = 1,
    options: BatchOptions | None = None,
    progress: Callable[[int], object] | None = None,
) -> BatchSummary:
    """Solve every puzzle line, writing one output line each in input order; return the summary.

    ``jobs`` > 1 spreads chunks of puzzles over that many processes; at most a few chunks are in
    flight at once, so memory does not grow with the input.  ``progress`` is called with the number of
    puzzles finished since its last call.
    """
    options = options or BatchOptions()
    summary = BatchSummary()
    started = time.perf_counter()

    def emit(results: list[tuple[str, str]]) -> None:
        for text, kind in results:
            out.write(text)
            out.write("\n")
            summary.add(kind)
        if progress is not None:
            progress(len(results))

    chunks = _chunks(puzzle_lines(lines), CHUNK)
    if jobs <= 1:
        for chunk in chunks:
            emit(_solve_chunk(chunk, options))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            pending: deque[Future[list[tuple[str, str]]]] = deque()
            for chunk in chunks:
                pending.append(pool.submit(_solve_chunk, chunk, options))
                if len(pending) >= 2 * jobs:
                    emit(pending.popleft().result())
            while pending:
                emit(pending.popleft().result())
    summary.seconds = time.perf_counter() - started
    return summary


def default_jobs() -> int:
    """The number of CPU cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
