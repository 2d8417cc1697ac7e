"""Batch solving: one puzzle per line in, one result per puzzle out, in order, on every core.

The input is cut into blocks of lines; each block goes to the compiled core in one call that reads,
solves and counts every line without the GIL, so threads use every core and there is no per-puzzle
Python work.  Only lines the fast reader does not take (another size, an unknown character) and
puzzles without a solution (to say why) go through the general Python path, so messages are the
same as for a single puzzle.  Files are streamed block by block: memory stays constant however long
the input.

Each output line is the first solution in the one-line form, or ``!`` and the reason when a puzzle
has no solution, is not a puzzle, or hit a limit.
"""

from __future__ import annotations

import bisect
import io
import itertools
import os
import threading
import time
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import BinaryIO, TextIO, overload

from sudokit import _engine
from sudokit.errors import SudokitError
from sudokit.formats.text import LineParser, ReadOptions
from sudokit.model import Grid, Puzzle
from sudokit.solver import count_solutions, line_layout

BLOCK_BYTES = 1 << 15
"""Bytes of input per block handed to the core (about 400 9x9 lines); a block ends at a line end."""

KINDS = ("solved", "multiple", "unsolvable", "invalid", "stopped", "stopped")
"""What a puzzle line turned out to be, by the core's LINE_* code; ``solved``: one solution found."""
_SOLVED, _MULTIPLE, _UNSOLVABLE, _INVALID, _STOPPED = range(5)


@dataclass
class BatchSummary:
    """Counts of what a batch run found, and how long it took."""

    puzzles: int = 0
    solved: int = 0
    """Puzzles with at least one solution found (includes ``multiple``)."""
    multiple: int = 0
    """Puzzles with two or more solutions."""
    unsolvable: int = 0
    invalid: int = 0
    """Lines that are not puzzles (bad characters, wrong length)."""
    stopped: int = 0
    """Puzzles whose search hit the node or time limit before it could tell."""
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        """Puzzles per second."""
        return self.puzzles / self.seconds if self.seconds > 0 else 0.0

    def add(self, kind: str, times: int = 1) -> None:
        """Count puzzles of one kind (one of :data:`KINDS`)."""
        self.puzzles += times
        if kind in ("solved", "multiple"):
            self.solved += times
        if kind == "multiple":
            self.multiple += times
        elif kind == "unsolvable":
            self.unsolvable += times
        elif kind == "invalid":
            self.invalid += times
        elif kind == "stopped":
            self.stopped += times

    def merge(self, other: BatchSummary) -> None:
        """Add another summary's counts (not its time) to this one."""
        for name in ("puzzles", "solved", "multiple", "unsolvable", "invalid", "stopped"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

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
    """How to read, count and bound each puzzle of a batch."""

    read: ReadOptions = field(default_factory=ReadOptions)
    limit: int = 2
    """Solutions to look for per puzzle: 2 tells unique from multiple, 1 only solves."""
    node_limit: int | None = None
    time_limit: float | None = None
    """Seconds per puzzle."""


@dataclass(frozen=True)
class LineResult:
    """What one puzzle line of a batch turned out to be."""

    line: int
    """Line number in the input (1-based)."""
    kind: str
    """One of :data:`KINDS`."""
    count: int
    """Solutions found (up to the batch's limit)."""
    solution: str | None
    """The first solution in the one-line form, if one was found."""
    reason: str | None
    """Why there is no solution, or what is wrong with the line."""
    nodes: int
    """Branching guesses the search made."""

    @property
    def output(self) -> str:
        """The output line: the solution, or ``!`` and the reason."""
        return self.solution if self.solution is not None else f"! {self.reason}"


class _Block:
    """The results of one block of lines: columns from the core, and the lines handled in Python."""

    def __init__(self, first_line: int, width: int = 0) -> None:
        self.offset = first_line - 1
        """Added to the block's own line numbers to give input line numbers."""
        self.width = width
        """Cells per solution row in ``text``."""
        self.numbers = array("i")
        self.kinds = bytearray()
        self.counts = array("q")
        self.nodes = array("q")
        self.text = ""
        """Solution rows of ``width`` symbols and a newline, one per puzzle (filler where special)."""
        self.special: dict[int, LineResult] = {}
        """Results of lines read the general way or without a solution, by index in the block."""

    def __len__(self) -> int:
        return len(self.kinds)

    def add(self, result: LineResult, kind: int) -> None:
        """Append a line handled in Python."""
        self.special[len(self.kinds)] = result
        self.numbers.append(result.line - self.offset)
        self.kinds.append(kind)
        self.counts.append(result.count)
        self.nodes.append(result.nodes)
        self.text += "\n".rjust(self.width + 1)

    def result(self, k: int) -> LineResult:
        special = self.special.get(k)
        if special is not None:
            return special
        start = k * (self.width + 1)
        return LineResult(
            self.offset + self.numbers[k],
            KINDS[self.kinds[k]],
            self.counts[k],
            self.text[start : start + self.width],
            None,
            self.nodes[k],
        )

    def output(self) -> str:
        """The block's output lines, each ending in a newline."""
        if not self.special:
            return self.text
        parts, position, row = [], 0, self.width + 1
        for k in sorted(self.special):
            parts.append(self.text[position : k * row])
            parts.append(self.special[k].output + "\n")
            position = (k + 1) * row
        parts.append(self.text[position:])
        return "".join(parts)

    def summarise(self, summary: BatchSummary) -> None:
        for code, name in enumerate(KINDS):
            summary.add(name, self.kinds.count(code))


class BatchResult(Sequence[LineResult]):
    """The results of many puzzles in input order, held compactly (columns, not one object each)."""

    def __init__(self) -> None:
        """An empty result; blocks are appended as they are solved."""
        self._blocks: list[_Block] = []
        self._starts: list[int] = []
        self._length = 0
        self.summary = BatchSummary()

    def __len__(self) -> int:
        """The number of puzzle lines."""
        return self._length

    @overload
    def __getitem__(self, index: int) -> LineResult: ...
    @overload
    def __getitem__(self, index: slice) -> list[LineResult]: ...
    def __getitem__(self, index: int | slice) -> LineResult | list[LineResult]:
        """One puzzle's result (or a list of them for a slice)."""
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("batch result index out of range")
        b = bisect.bisect_right(self._starts, index) - 1
        return self._blocks[b].result(index - self._starts[b])

    def __iter__(self) -> Iterator[LineResult]:
        """Every puzzle's result, in input order."""
        for block in self._blocks:
            for k in range(len(block)):
                yield block.result(k)

    @property
    def solutions(self) -> list[str | None]:
        """The first solution of every puzzle in the one-line form (None where there is none)."""
        return [result.solution for result in self]

    @property
    def counts(self) -> list[int]:
        """Solutions found per puzzle (up to the limit)."""
        return [count for block in self._blocks for count in block.counts]

    def output(self) -> str:
        """All output lines, each ending in a newline: the solution, or ``!`` and the reason."""
        return "".join(block.output() for block in self._blocks)

    def _add(self, block: _Block) -> None:
        if not len(block):
            return
        self._blocks.append(block)
        self._starts.append(self._length)
        self._length += len(block)
        block.summarise(self.summary)

    def _extend(self, other: BatchResult) -> None:
        for block in other._blocks:
            self._add(block)


class _Plan:
    """How one batch reads and solves its lines: the line parser, and the byte table once known."""

    def __init__(self, options: BatchOptions) -> None:
        self.options = options
        self.parser = LineParser(options.read)
        self.lock = threading.Lock()
        """Serialises the general path: the parser learns alphabets as it reads."""
        self.fast: tuple[Grid, bytes, bytes, _engine.Layout | None] | None = None
        """(grid, byte table, symbol table, layout) for the lines the core reads itself."""

    def parse(self, line: str, lineno: int = 1) -> Puzzle:
        """Read a line the general way; the first line that reads settles the fast table."""
        with self.lock:
            puzzle = self.parser.parse(line, lineno)
            if self.fast is None:
                self.learn(puzzle.grid.size)
        return puzzle

    def prime(self, data: bytes) -> None:
        """Learn the alphabet from the first line of a block that reads as a puzzle, if any."""
        if self.fast is not None:
            return
        for raw in data.split(b"\n"):
            line = raw.decode("utf-8", "replace").strip()
            if line and not line.startswith("#"):
                try:
                    self.parse(line)
                except SudokitError:
                    continue
                return

    def learn(self, size: int) -> None:
        """Take the alphabet the parser settled on for size*size-cell lines as the fast table."""
        known = self.parser.byte_table(size)
        if known is not None:
            grid, table = known
            symbols = bytearray(b"?" * 256)
            symbols[: grid.size] = "".join(grid.symbols).encode("ascii")
            symbols[_engine.LINE_END] = ord("\n")
            self.fast = (grid, table, bytes(symbols), line_layout(grid))


def _solve_general(plan: _Plan, text: bytes, lineno: int) -> tuple[LineResult, int]:
    """Read and solve one line through the general Python path (exact messages, any alphabet)."""
    options = plan.options
    try:
        line = text.decode("utf-8")
    except UnicodeDecodeError as exc:
        message = f"line {lineno}, byte {exc.start + 1}: not UTF-8 text"
        return LineResult(lineno, "invalid", 0, None, message, 0), _INVALID
    try:
        puzzle = plan.parse(line, lineno)
        found = count_solutions(
            puzzle, options.limit, node_limit=options.node_limit, time_limit=options.time_limit
        )
    except SudokitError as exc:
        return LineResult(lineno, "invalid", 0, None, str(exc), 0), _INVALID
    solution = found.first.to_string() if found.first is not None else None
    reason: str | None
    if found.stopped_by in ("nodes", "time"):
        reason = None if solution else f"stopped by the {found.stopped_by} limit"
        kind = _STOPPED
    elif found.count == 0:
        kind, reason = _UNSOLVABLE, f"no solution: {found.reason}"
    else:
        kind, reason = (_MULTIPLE if found.count > 1 else _SOLVED), None
    return LineResult(lineno, KINDS[kind], found.count, solution, reason, found.nodes), kind


def solve_block(plan: _Plan, data: bytes, first_line: int = 1) -> BatchResult:
    """Solve every puzzle line of a block of input; ``first_line`` is the number of its first line."""
    result = BatchResult()
    if plan.fast is None:
        # no alphabet yet: lines go the general way until one is read, then the rest the fast way
        block = _Block(first_line)
        rows = data.split(b"\n")
        for k, raw in enumerate(rows):
            stripped = raw.strip()
            if not stripped or stripped.startswith(b"#"):
                continue
            if plan.fast is not None:
                result._add(block)
                result._extend(solve_block(plan, b"\n".join(rows[k:]), first_line + k))
                return result
            block.add(*_solve_general(plan, raw, first_line + k))
        result._add(block)
        return result
    grid, table, symbols, layout = plan.fast
    options = plan.options
    ncells = len(grid.cells)
    numbers, kinds, counts, nodes, found = _engine.solve_lines(
        memoryview(data),
        memoryview(table).cast("b"),
        ncells,
        options.limit,
        options.node_limit or 0,
        options.time_limit or 0.0,
        layout,
    )
    block = _Block(first_line, ncells)
    block.numbers, block.kinds, block.counts, block.nodes = numbers, kinds, counts, nodes
    block.text = found.translate(symbols).decode("ascii")
    lines: list[bytes] | None = None
    for code in (_engine.LINE_NONE, _engine.LINE_UNREAD, _engine.LINE_NODE_LIMIT, _engine.LINE_TIME_LIMIT):
        k = kinds.find(code)
        while k >= 0:
            number = numbers[k]
            if k in block.special:
                pass  # read the general way already (its outcome may share this code)
            elif code in (_engine.LINE_NONE, _engine.LINE_UNREAD):
                # no solution (say why) or not a line the core reads: the general path, for its message
                if lines is None:
                    lines = data.split(b"\n")
                line_result, kinds[k] = _solve_general(plan, lines[number - 1], first_line + number - 1)
                block.special[k] = line_result
                counts[k], nodes[k] = line_result.count, line_result.nodes
            elif not counts[k]:
                limit = "node" if code == _engine.LINE_NODE_LIMIT else "time"
                reason = f"stopped by the {limit} limit"
                block.special[k] = LineResult(first_line + number - 1, "stopped", 0, None, reason, nodes[k])
            k = kinds.find(code, k + 1)
    result._add(block)
    return result


def read_blocks(stream: BinaryIO, size: int | None = None) -> Iterator[tuple[bytes, int]]:
    """Cut a byte stream into blocks of whole lines (about ``size`` bytes): (block, its first line number)."""
    size = size or BLOCK_BYTES
    line = 1
    while True:
        block = stream.read(size)
        if not block:
            return
        if not block.endswith(b"\n"):
            block += stream.readline()
        yield block, line
        line += block.count(b"\n")


def iter_results(
    blocks: Iterable[tuple[bytes, int]],
    *,
    jobs: int = 1,
    options: BatchOptions | None = None,
) -> Iterator[BatchResult]:
    """Solve blocks of lines, yielding one :class:`BatchResult` per block in input order.

    With ``jobs`` > 1 that many threads solve blocks at once (the core releases the GIL); at most
    ``2 * jobs`` blocks are in flight, so memory does not grow with the input.
    """
    plan = _Plan(options or BatchOptions())
    blocks = iter(blocks)
    # the first blocks run alone until one settles the alphabet every later block shares
    for data, first_line in blocks:
        plan.prime(data)
        if plan.fast is not None:
            blocks = itertools.chain([(data, first_line)], blocks)
            break
        yield solve_block(plan, data, first_line)
    if jobs <= 1:
        for data, first_line in blocks:
            yield solve_block(plan, data, first_line)
        return
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        pending: deque[Future[BatchResult]] = deque()
        for data, first_line in blocks:
            pending.append(pool.submit(solve_block, plan, data, first_line))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def _as_blocks(puzzles: str | bytes | os.PathLike[str] | Iterable[str]) -> Iterator[tuple[bytes, int]]:
    if isinstance(puzzles, os.PathLike):
        with open(puzzles, "rb") as handle:
            yield from read_blocks(handle)
        return
    if isinstance(puzzles, str):
        data = puzzles.encode("utf-8")
    elif isinstance(puzzles, bytes | bytearray | memoryview):
        data = bytes(puzzles)
    else:
        data = "\n".join(line.rstrip("\n") for line in puzzles).encode("utf-8")
    yield from read_blocks(io.BytesIO(data))


def solve_many(
    puzzles: str | bytes | os.PathLike[str] | Iterable[str],
    *,
    limit: int = 2,
    jobs: int = 1,
    node_limit: int | None = None,
    time_limit: float | None = None,
    read: ReadOptions | None = None,
) -> BatchResult:
    """Solve many one-line puzzles at once: text or bytes with one puzzle per line, a file path, or lines.

    Blank lines and ``#`` comments are skipped; results come in input order, with the line number of
    each.  ``limit`` solutions are looked for per puzzle (2: unique or multiple; 1: just solve).
    ``jobs`` threads share the work (0: one per core).  For files larger than memory use
    :func:`solve_file`, which streams.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    options = BatchOptions(read or ReadOptions(one_per_line=True), limit, node_limit, time_limit)
    started = time.perf_counter()
    result = BatchResult()
    for block in iter_results(_as_blocks(puzzles), jobs=jobs or default_jobs(), options=options):
        result._extend(block)
    result.summary.seconds = time.perf_counter() - started
    return result


def solve_file(
    source: str | os.PathLike[str] | BinaryIO,
    output: TextIO | None = None,
    *,
    jobs: int = 1,
    options: BatchOptions | None = None,
    progress: Callable[[int], object] | None = None,
) -> BatchSummary:
    """Stream a file of one-line puzzles through the solver, writing one output line per puzzle.

    Memory stays constant however long the file.  ``output`` gets each solution or ``!`` and the
    reason, in input order (None: only the summary is made).  ``progress`` is called with the number
    of puzzles finished since its last call.
    """
    options = options or BatchOptions(ReadOptions(one_per_line=True))
    summary = BatchSummary()
    started = time.perf_counter()
    handle = open(source, "rb") if isinstance(source, str | os.PathLike) else source  # noqa: SIM115
    try:
        for block in iter_results(read_blocks(handle), jobs=jobs or default_jobs(), options=options):
            if output is not None:
                output.write(block.output())
            summary.merge(block.summary)
            if progress is not None:
                progress(len(block))
    finally:
        if handle is not source:
            handle.close()
    summary.seconds = time.perf_counter() - started
    return summary


def default_jobs() -> int:
    """The number of CPU cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
