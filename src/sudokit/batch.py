"""Batch solving: one puzzle per line in, one result per puzzle out, in order, on every core.

The input is cut into blocks of lines; each block goes to the compiled core in one call that reads,
solves and counts every line without the GIL, so threads use every core and there is no per-puzzle
Python work.  Only lines the fast reader does not take (another size, number tokens, a sukaku
candidate line, an unknown character) and puzzles without a solution (to say why) go through the
general Python path, so messages are the same as for a single puzzle.  Files are streamed block by
block: memory stays constant however long the input.  Blocks are sized by how fast the last ones
were solved, so that slow puzzles still give output several times a second.

Each output line is one of:

* the first solution, symbols side by side (separated by spaces when a symbol is longer than one
  character, as for a 12x12 written in numbers);
* ``! line N: reason`` (``! line N, column C: ...`` for a fault at one place) when the line has no
  solution, is not a puzzle, or hit a limit before a solution was found;
* ``? line N: uniqueness unknown (time limit): solution`` when a solution was found but a limit
  stopped the search for a second one.
"""

from __future__ import annotations

import bisect
import contextlib
import csv
import io
import itertools
import json
import os
import pickle
import re
import threading
import time
from array import array
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, BinaryIO, TextIO, overload

from sudokit import _engine
from sudokit.english import number, plural
from sudokit.errors import ParseError, SudokitError
from sudokit.execution import Executor, Job, ThreadExecutor, default_workers, given_or_own
from sudokit.formats import detect
from sudokit.formats import parse as parse_any
from sudokit.formats.candidates import SIZES, read_candidate_line
from sudokit.formats.limits import MAX_LINE, line_too_long
from sudokit.formats.text import LineParser, ReadOptions, strip_comment
from sudokit.model import Grid, Puzzle
from sudokit.solver import core_budget, count_solutions, line_layout, strong_search, under_rules_read

BLOCK_BYTES = 1 << 15
"""Most bytes of input per block handed to the core (about 400 9x9 lines); a block ends at a line end."""

CLUSTER_BLOCK_BYTES = 1 << 22
CLUSTER_BLOCK_SECONDS = 1.0
"""Most bytes per block on a cluster, and the solving time a block aims at there: each task costs a few
milliseconds of scheduling and transfer, so blocks are bigger than on threads."""

CLUSTER_BLOCKS_PER_WORKER = 4
"""Blocks in flight per cluster worker: enough that a worker has its next block before it needs it."""

BLOCK_SECONDS = 0.2
"""The solving time a block aims at: blocks shrink for slow puzzles, so that results reach the output
several times a second, and grow up to :data:`BLOCK_BYTES` for fast ones."""

KINDS = ("solved", "multiple", "unsolvable", "invalid", "stopped", "stopped", "unverified", "undetermined")
"""What a puzzle line turned out to be, by the core's LINE_* code (6 ``unverified``, 7 ``undetermined``).

``solved``: one solution and no other; ``multiple``: several; ``unverified``: a solution, but a limit
stopped the search for a second one; ``stopped``: a limit hit before any solution was found;
``undetermined``: some rules of the line were not read, so its count is for the rules read only."""
_SOLVED, _MULTIPLE, _UNSOLVABLE, _INVALID, _STOPPED, _UNVERIFIED, _UNDETERMINED = 0, 1, 2, 3, 4, 6, 7
_LIMITS = {"nodes": "node limit", "time": "time limit"}
PROGRESS_SECONDS = 5.0
"""Seconds between the lines of a :class:`ProgressLog`."""

LINE_FORMATS = ("line", "sdm", "candidates", "fpuzzles", "sudokupad", "hodoku", "gsf", "tsv", "jsonl")
"""Input formats with one puzzle per line, which a batch reads (without one, each line's is detected)."""
_THREAD_PREFIX = "sudokit-batch"
_NOT_PUZZLE = re.compile(rb"\n[ \t\r\x0b\x0c]*(?=[#\n]|\Z)")
"""A line break followed by a blank or comment line (which is not a puzzle line)."""
_FLAGGED = re.compile(rb"^[!?]", re.MULTILINE)
_FAULT = b"\x1f"
"""Starts a line a :class:`TableStream` made from a row it could not read: the rest is why."""
"""The start of an output line that is not a settled answer."""


@dataclass
class BatchSummary:
    """Counts of what a batch run found, and how long it took."""

    puzzles: int = 0
    solved: int = 0
    """Puzzles solved with the question of a second solution settled (includes ``multiple``)."""
    multiple: int = 0
    """Puzzles with two or more solutions."""
    unverified: int = 0
    """Puzzles with a solution found, whose search for a second one hit the node or time limit."""
    unsolvable: int = 0
    invalid: int = 0
    """Lines that are not puzzles (bad characters, wrong length)."""
    stopped: int = 0
    """Puzzles whose search hit the node or time limit before any solution was found."""
    undetermined: int = 0
    """Puzzles with rules not read: their counts are for the rules read, no verdict."""
    seconds: float = 0.0
    lines: int = 0
    """Input lines the output covers, counted from the first line of the input (blank and comment
    lines included, and lines skipped by a resumed run)."""

    @property
    def rate(self) -> float:
        """Puzzles per second."""
        return self.puzzles / self.seconds if self.seconds > 0 else 0.0

    @property
    def failures(self) -> int:
        """Puzzles without a settled answer: unsolvable, invalid, stopped, unverified or undetermined."""
        return self.unsolvable + self.invalid + self.stopped + self.unverified + self.undetermined

    def add(self, kind: str, times: int = 1) -> None:
        """Count puzzles of one kind (one of :data:`KINDS`)."""
        self.puzzles += times
        if kind in ("solved", "multiple"):
            self.solved += times
        if kind in ("multiple", "unverified", "unsolvable", "invalid", "stopped", "undetermined"):
            setattr(self, kind, getattr(self, kind) + times)

    def merge(self, other: BatchSummary) -> None:
        """Add another summary's counts and lines (not its time) to this one."""
        for name in (
            "puzzles",
            "solved",
            "multiple",
            "unverified",
            "unsolvable",
            "invalid",
            "stopped",
            "undetermined",
            "lines",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def describe(self) -> str:
        """One line for people: counts, time and rate."""
        parts = [f"{number(self.solved)} solved ({number(self.multiple)} with several solutions)"]
        if self.unverified:
            parts.append(
                f"{number(self.unverified)} solved with uniqueness unknown (a limit stopped the check)"
            )
        parts.append(f"{number(self.unsolvable)} unsolvable")
        if self.invalid:
            parts.append(f"{number(self.invalid)} invalid")
        if self.stopped:
            parts.append(f"{number(self.stopped)} stopped by a limit")
        if self.undetermined:
            parts.append(f"{number(self.undetermined)} undetermined (rules not read)")
        return (
            f"{plural(self.puzzles, 'puzzle')}: "
            + ", ".join(parts)
            + f"; {self.seconds:.2f} s, {rate_text(self.rate)}"
        )


@dataclass(frozen=True)
class BatchOptions:
    """How to read, count and bound each puzzle of a batch, and what to write besides answers."""

    read: ReadOptions = field(default_factory=ReadOptions)
    limit: int = 2
    """Solutions to look for per puzzle: 2 tells unique from multiple, 1 only solves."""
    node_limit: int | None = None
    time_limit: float | None = None
    """Seconds per puzzle."""
    format: str | None = None
    """The input format, one of :data:`LINE_FORMATS` (``candidates``: every line a candidate line of
    n*n*n characters), or None: detected line by line, as ``sudokit solve`` does."""
    keep_lines: bool = False
    """Copy blank and comment lines to the output, so that output line N answers input line N."""


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
    """Why there is no solution or what is wrong with the line; for ``unverified``, the limit hit."""
    nodes: int
    """Branching guesses the search made."""
    column: int | None = None
    """Where on the line the fault is, when it is at one place (a character that is no symbol)."""

    @property
    def where(self) -> str:
        """``line N`` or ``line N, column C``."""
        return f"line {self.line}" + (f", column {self.column}" if self.column is not None else "")

    def as_dict(self) -> dict[str, object]:
        """The result as ``batch --json`` writes it: line, status, count, solution, reason, nodes."""
        out: dict[str, object] = {"line": self.line, "status": self.kind, "count": self.count}
        if self.solution is not None:
            out["solution"] = self.solution
        if self.reason is not None:
            out["reason"] = self.reason
        if self.column is not None:
            out["column"] = self.column
        out["nodes"] = self.nodes
        return out

    @property
    def output(self) -> str:
        """The output line: the solution, ``! line N: reason``, or ``? line N: uniqueness unknown ...``."""
        if self.solution is None:
            return f"! {self.where}: {self.reason}"
        if self.kind == "unverified":
            return f"? {self.where}: uniqueness unknown ({self.reason}): {self.solution}"
        if self.kind == "undetermined":
            return f"? {self.where}: undetermined ({self.reason}): {self.solution}"
        return self.solution


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C (or the ``stop`` event) ended a batch run early; what was finished before is written.

    ``summary`` holds the counts so far; ``summary.lines`` says how far the output covers the input.
    """

    def __init__(self, summary: BatchSummary | None = None) -> None:
        """Remember the summary so far (filled in by :func:`solve_file`)."""
        super().__init__("batch interrupted")
        self.summary = summary or BatchSummary()


class ResumeError(SudokitError):
    """The output to resume holds more lines than the input answers: another input, or other options."""


class _Cancelled(Exception):
    """Raised in a worker whose block is no longer wanted (the run was interrupted)."""


class _Stopped(Exception):
    """Raised in the main thread when the stop event is set."""


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
        self.first_line = 1
        """The input line this result starts at (for one block of a stream)."""
        self.others: dict[int, str] | None = None
        """Blank and comment lines by line number, when they are kept in the output."""

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
        """All output lines, each ending in a newline: one per puzzle (and per other line if kept)."""
        text = "".join(block.output() for block in self._blocks)
        if self.others is None:
            return text
        rows = text.split("\n")
        parts, k = [], 0
        for line in range(self.first_line, self.first_line + self.summary.lines):
            other = self.others.get(line)
            if other is None:
                parts.append(rows[k])
                k += 1
            else:
                parts.append(other)
        return "".join(part + "\n" for part in parts)

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
        self.summary.lines += other.summary.lines


def _is_puzzle_line(raw: bytes) -> bool:
    """A puzzle line, as the core counts them: not blank and not starting with ``#``."""
    stripped = raw.strip()
    return bool(stripped) and not stripped.startswith(b"#")


def _one_line(text: str) -> str:
    return " ".join(text.split("\n"))


class _Plan:
    """How one batch reads and solves its lines: the line parser, and the byte table once known."""

    def __init__(self, options: BatchOptions) -> None:
        self.options = options
        self.parser = LineParser(options.read)
        read = options.read
        plain = read.size is None and read.box is None and read.symbols is None
        self.candidates = options.format == "candidates"
        """Every line is a candidate line (``--input-format candidates``)."""
        self.foreign = options.format not in (None, "line", "sdm", "candidates")
        """Every line is read by the general reader, in the format given (a HoDoKu line, ...)."""
        self.sukaku = options.format is None and plain
        """A 729-character line is tried as a 9x9 candidate line first, as ``sudokit solve`` does."""
        self.lock = threading.Lock()
        """Serialises the line parser: it learns alphabets as it reads."""
        self.cancel = threading.Event()
        """Set when the run is interrupted: workers drop what they are doing."""
        self.fast: tuple[Grid, bytes, bytes, _engine.Layout | None] | None = None
        """(grid, byte table, symbol table, layout) for the lines the core reads itself."""
        self.running: dict[int, float] = {}
        """Lines being solved the general way now (line number -> when it started): what a run waits on."""
        self.primer = b""
        """The lines that taught the parser its alphabets, in input order: the first line that read,
        then the first line of each new length (see :meth:`teach`); cluster workers learn from them."""
        self._lengths: set[int] = set()

    def parse(self, line: str, lineno: int = 1) -> Puzzle:
        """Read a line the general way; the first line that reads settles the fast table.

        A candidate line, else the line reader (alphabets stable over the run), else the general
        reader on this line alone (any format ``sudokit solve`` reads on one line).
        """
        text = strip_comment(line).strip()
        if self.candidates:
            found = read_candidate_line(text, SIZES)
            if found is None:
                raise ParseError(
                    "not a candidate line (n characters per cell: 64, 216, 512 or 729 in all for 4x4 to 9x9)",
                    lineno,
                )
            return found
        if self.foreign:
            return self._parse_alone(text, lineno)
        if self.sukaku and len(text) >= 729:  # a 9x9 candidate line is as long as a 27x27 puzzle
            found = read_candidate_line(text)
            if found is not None:
                return found
        with self.lock:
            try:
                puzzle = self.parser.parse(line, lineno)
            except ParseError as exc:
                error = exc
            else:
                if self.fast is None:
                    self.learn(puzzle.grid.size)
                return puzzle
        return self._parse_alone(text, lineno, error)

    def _parse_alone(self, text: str, lineno: int, error: ParseError | None = None) -> Puzzle:
        """A line read by the general reader, alone: a link, JSON, a HoDoKu line, another form.

        ``error`` is what the line reader said: it is the better message unless the line is in
        another format.
        """
        read = self.options.read
        try:
            return parse_any(
                text, format=self.options.format, size=read.size, box=read.box, symbols=read.symbols
            )
        except ParseError as exc:
            if error is not None and detect(text) == "text":
                raise error from None
            raise ParseError(exc.message, lineno, exc.column if exc.line in (None, 1) else None) from None
        except SudokitError:
            if error is not None:
                raise error from None
            raise

    def prime(self, data: bytes) -> None:
        """Learn the alphabet from the first line of a block that reads as a puzzle, if any."""
        if self.fast is not None:
            return
        for raw in data.split(b"\n"):
            if _is_puzzle_line(raw) and len(raw) <= MAX_LINE:
                try:
                    self.parse(raw.decode("utf-8", "replace"))
                except SudokitError:
                    continue
                self.primer += raw + b"\n"
                return

    def teach(self, data: bytes) -> None:
        """On a cluster run's client: read the first line of each line length not seen before.

        The parser keeps the alphabet of the first puzzle of each size, so workers that learn from
        these lines (in this order) read a file of several sizes as one process would.
        """
        width = data.find(b"\n")
        if width in self._lengths and data.count(b"\n") * (width + 1) == len(data):
            return  # every line as long as the first, a length seen before (the usual block)
        lines = data.split(b"\n")
        new = set(map(len, lines)) - self._lengths
        if not new:
            return
        self._lengths |= new
        for raw in lines:
            if len(raw) not in new:
                continue
            new.discard(len(raw))
            if _is_puzzle_line(raw) and len(raw) <= MAX_LINE:
                try:
                    self.parse(raw.decode("utf-8", "replace"))
                except SudokitError:
                    pass
                else:
                    self.primer += raw + b"\n"
            if not new:
                return

    def learn_from(self, lines: bytes) -> None:
        """On a cluster worker: read the client's teaching lines, in order (see :meth:`teach`)."""
        for raw in lines.splitlines():
            with contextlib.suppress(SudokitError):
                self.parse(raw.decode("utf-8", "replace"))

    def learn(self, size: int) -> None:
        """Take the alphabet the parser settled on for size*size-cell lines as the fast table."""
        known = self.parser.byte_table(size)
        if known is None or (self.sukaku and size * size == 729):
            return  # a 729-character line may be a candidate line: such lines go the general way
        grid, table = known
        if grid.unknowns:
            return  # the line solver gives the grid's cells alone: shading and roles go the general way
        symbols = bytearray(b"?" * 256)
        symbols[: grid.size] = "".join(grid.symbols).encode("ascii")
        symbols[_engine.LINE_END] = ord("\n")
        self.fast = (grid, table, bytes(symbols), line_layout(grid))

    def check(self, nodes: int, solutions: int) -> None:
        """Called back during long searches: stops the search once the run is cancelled."""
        if self.cancel.is_set():
            raise _Cancelled

    def poll(self) -> _engine.Poll:
        """What the core calls back during a block's long searches (one per call: it keeps an error)."""
        return _engine.Poll(self.check)


def rate_text(rate: float) -> str:
    """A rate as the summary gives it: ``12,345 puzzles/s``, or seconds a puzzle when below one."""
    if rate >= 1 or rate <= 0:
        return f"{rate:,.0f} puzzles/s"
    return f"{1 / rate:,.1f} s a puzzle"


def _invalid(lineno: int, reason: str, column: int | None = None) -> tuple[LineResult, int]:
    return LineResult(lineno, "invalid", 0, None, _one_line(reason), 0, column), _INVALID


def _solve_general(plan: _Plan, text: bytes, lineno: int) -> tuple[LineResult, int]:
    """Read and solve one line through the general Python path (exact messages, any alphabet).

    Whatever the line holds, the answer is a result: one bad line never ends a run.
    """
    if len(text) > MAX_LINE:  # cut short by read_blocks: too long to be a puzzle
        return _invalid(lineno, line_too_long(None, None, "bytes").message)
    if text.startswith(_FAULT):
        return _invalid(lineno, text[1:].decode("utf-8", "replace").strip())
    options = plan.options
    try:
        line = text.decode("utf-8")
    except UnicodeDecodeError as exc:
        return _invalid(lineno, f"not UTF-8 text (byte {exc.start + 1})")
    plan.running[lineno] = time.monotonic()
    try:
        puzzle = plan.parse(line, lineno)
        found = count_solutions(
            puzzle,
            options.limit,
            node_limit=options.node_limit,
            time_limit=options.time_limit,
            progress=plan.check,
        )
        solution = found.first.to_string() if found.first is not None else None
    except ParseError as exc:
        if exc.line in (None, lineno):
            return _invalid(lineno, exc.message, exc.column)
        return _invalid(lineno, str(exc))
    except SudokitError as exc:
        return _invalid(lineno, str(exc))
    except _Cancelled:
        raise
    except Exception as exc:  # a fault on one line must not end a run of millions
        return _invalid(lineno, f"cannot solve this line ({type(exc).__name__}: {exc})")
    finally:
        plan.running.pop(lineno, None)
    stopped = _LIMITS.get(found.stopped_by or "")
    reason: str | None = None
    if not found.determined and not (found.count == 0 and stopped):
        kind = _UNDETERMINED
        reason = f"{under_rules_read(found.count, found.complete)}; {puzzle.warning}"
    elif found.count == 0 and stopped:
        kind, reason = _STOPPED, f"stopped by the {stopped}"
    elif found.count == 0:
        kind, reason = _UNSOLVABLE, f"no solution: {found.reason}" if found.reason else "no solution"
    elif found.count > 1:
        kind = _MULTIPLE
    elif stopped and options.limit > 1:
        kind, reason = _UNVERIFIED, stopped
    else:
        kind = _SOLVED
    result = LineResult(lineno, KINDS[kind], found.count, solution, reason and _one_line(reason), found.nodes)
    return result, kind


def solve_block(plan: _Plan, data: bytes, first_line: int = 1) -> BatchResult:
    """Solve every puzzle line of a block of input; ``first_line`` is the number of its first line.

    The result also knows the block's line count and solving time (``summary.lines``, ``.seconds``),
    and, when blank and comment lines are kept, those lines.
    """
    started = time.perf_counter()
    result = _solve_lines(plan, data, first_line)
    result.first_line = first_line
    lines = data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
    result.summary.lines = lines
    if plan.options.keep_lines:
        result.others = {
            first_line + i: raw.decode("utf-8", "replace").rstrip()
            for i, raw in enumerate(data.split(b"\n")[:lines])
            if not _is_puzzle_line(raw)
        }
    result.summary.seconds = time.perf_counter() - started
    return result


def _solve_first(plan: _Plan, data: bytes, first_line: int) -> BatchResult:
    """Solve a block before the alphabet is settled: learn it from the block's first puzzle first."""
    plan.prime(data)
    return solve_block(plan, data, first_line)


def _solve_lines(plan: _Plan, data: bytes, first_line: int) -> BatchResult:
    result = BatchResult()
    if plan.fast is None:
        # no alphabet yet: lines go the general way until one is read, then the rest the fast way
        block = _Block(first_line)
        rows = data.split(b"\n")
        for k, raw in enumerate(rows):
            if not _is_puzzle_line(raw):
                continue
            if plan.cancel.is_set():
                raise _Cancelled
            if plan.fast is not None:
                result._add(block)
                result._extend(_solve_lines(plan, b"\n".join(rows[k:]), first_line + k))
                return result
            block.add(*_solve_general(plan, raw, first_line + k))
        result._add(block)
        return result
    grid, table, symbols, layout = plan.fast
    options = plan.options
    ncells = len(grid.cells)
    # a big grid: the core's first nodes settle most lines; the rest go the general way, to the
    # portfolio or the learning search (as count_solutions does), each under the run's limits
    strong = options.limit > 1 and strong_search(grid, options.limit, options.node_limit)
    numbers, kinds, counts, nodes, found = _engine.solve_lines(
        memoryview(data),
        memoryview(table).cast("b"),
        ncells,
        options.limit,
        core_budget(grid) if strong else options.node_limit or 0,
        options.time_limit or 0.0,
        layout,
        plan.poll(),
    )
    block = _Block(first_line, ncells)
    block.numbers, block.kinds, block.counts, block.nodes = numbers, kinds, counts, nodes
    block.text = found.translate(symbols).decode("ascii")
    lines: list[bytes] | None = None
    for code in (_engine.LINE_NONE, _engine.LINE_UNREAD, _engine.LINE_NODE_LIMIT, _engine.LINE_TIME_LIMIT):
        k = kinds.find(code)
        while k >= 0:
            line = first_line + numbers[k] - 1
            if k in block.special:
                pass  # read the general way already (its outcome may share this code)
            elif code in (_engine.LINE_NONE, _engine.LINE_UNREAD) or (
                strong and code == _engine.LINE_NODE_LIMIT and counts[k] < 2
            ):
                # no solution (say why), not a line the core reads, or a big grid the core's first
                # nodes did not settle: the general path
                if plan.cancel.is_set():
                    raise _Cancelled
                if lines is None:
                    lines = data.split(b"\n")
                line_result, kinds[k] = _solve_general(plan, lines[numbers[k] - 1], line)
                block.special[k] = line_result
                counts[k], nodes[k] = line_result.count, line_result.nodes
            else:
                limit = _LIMITS["nodes" if code == _engine.LINE_NODE_LIMIT else "time"]
                if not counts[k]:
                    reason = f"stopped by the {limit}"
                    block.special[k] = LineResult(line, "stopped", 0, None, reason, nodes[k])
                elif counts[k] > 1:
                    kinds[k] = _MULTIPLE
                elif options.limit > 1:  # a solution, but the search for a second one was cut short
                    solution = block.result(k).solution
                    block.special[k] = LineResult(line, "unverified", 1, solution, limit, nodes[k])
                    kinds[k] = _UNVERIFIED
                else:
                    kinds[k] = _SOLVED
            k = kinds.find(code, k + 1)
    result._add(block)
    return result


class BlockReader:
    """A byte stream cut into blocks of whole lines: (block, number of its first line) pairs.

    ``size`` is how many bytes to read per block (the block then runs to the end of its line).  Left
    None, blocks start at one line and :func:`iter_results` sizes each from how fast the last was
    solved (up to :data:`BLOCK_BYTES`).  ``first_line`` numbers the stream's first line.
    """

    def __init__(
        self, stream: BinaryIO, size: int | None = None, first_line: int = 1, location: str | None = None
    ) -> None:
        """Wrap a binary stream; nothing is read until iteration.

        ``location`` is a path or URL where the same bytes can be read again: cluster workers that can
        read it are sent each block's byte range instead of its bytes.
        """
        self.stream = stream
        self.adaptive = size is None
        self.size = size or 1
        self.limit = BLOCK_BYTES
        """The most bytes an adaptive block grows to."""
        self.seconds = BLOCK_SECONDS
        """The solving time an adaptive block aims at."""
        self.line = first_line
        self.location = location
        self.span: tuple[int, int] | None = None
        """The last block's byte range in the stream, when it is exactly the block (else None)."""

    def __iter__(self) -> Iterator[tuple[bytes, int]]:
        """Blocks of whole lines until the stream ends."""
        while True:
            start = self._tell()
            block = self.stream.read(self.size)
            if not block:
                return
            if not block.endswith(b"\n"):
                block += _rest_of_line(self.stream, len(block) - 1 - block.rfind(b"\n"))
            end = self._tell()
            exact = start is not None and end is not None and end - start == len(block)
            self.span = (start, end) if start is not None and end is not None and exact else None
            yield block, self.line
            self.line += block.count(b"\n")

    def _tell(self) -> int | None:
        """The stream's position, when it has one (not a pipe) and a location to read again."""
        if self.location is None:
            return None
        try:
            return self.stream.tell()
        except (OSError, ValueError):
            self.location = None
            return None


class TableStream(io.RawIOBase):
    """A CSV or TSV file with a header naming its puzzle column, seen as one puzzle per line.

    Line N of the stream is line N of the file: the header becomes a ``#`` comment line (no answer),
    each row its puzzle field, so answers keep the file's line numbers.  With ``keep_columns``, the
    other fields of each row are kept by line number (:meth:`columns`) until the answer is written,
    for ``--json`` output; memory stays bounded by the rows in flight.  A row whose fields do not
    match the header becomes a line no reader takes, so it is answered as not a puzzle.
    """

    def __init__(
        self, source: BinaryIO, header: bytes, delimiter: str, column: int, *, keep_columns: bool = False
    ) -> None:
        """Read rows of ``source`` after its ``header`` line (already read)."""
        super().__init__()
        self.source = source
        self.delimiter = delimiter
        self.column = column
        self.names = [
            name.strip().lower()
            for name in next(
                csv.reader([header.decode("utf-8", "replace").lstrip("\ufeff")], delimiter=delimiter)
            )
        ]
        self.keep = keep_columns
        self.kept: dict[int, dict[str, str]] = {}
        self.line = 1
        self.pending = b"#" + header.rstrip(b"\r\n") + b"\n"

    def readable(self) -> bool:
        """The stream is read, never written."""
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        """Fill the buffer with transformed lines."""
        while len(self.pending) < len(buffer):
            raw = self.source.readline(MAX_LINE + 1)
            if not raw:
                break
            self.line += 1
            self.pending += self._row(raw)
        size = min(len(buffer), len(self.pending))
        buffer[:size] = self.pending[:size]
        self.pending = self.pending[size:]
        return size

    def _row(self, raw: bytes) -> bytes:
        """One row as its puzzle field (blank and comment lines as they are)."""
        text = raw.decode("utf-8", "replace").rstrip("\r\n")
        if not text.strip() or text.lstrip().startswith("#"):
            return text.encode() + b"\n"
        try:
            row = next(csv.reader([text], delimiter=self.delimiter))
        except (csv.Error, StopIteration):
            row = []
        if len(row) != len(self.names):
            return _FAULT + f"CSV: {len(row)} fields where the header names {len(self.names)}\n".encode()
        if self.keep:
            self.kept[self.line] = {
                name: value.strip()
                for k, (name, value) in enumerate(zip(self.names, row, strict=True))
                if k != self.column and name
            }
        return row[self.column].strip().encode() + b"\n"

    def columns(self, line: int) -> dict[str, str]:
        """The other fields of the row on ``line`` (given once: they are forgotten)."""
        return self.kept.pop(line, {})


class RowsStream(io.RawIOBase):
    """JSON Lines or Parquet rows seen as one puzzle per line, as :class:`TableStream` sees CSV.

    Line 1 is a ``#`` comment (no answer), row N is line N + 1; with ``keep_columns`` the other
    fields of each row wait, by line number, for :meth:`columns`.
    """

    def __init__(self, rows: Iterator[dict[str, Any]], column: str, *, keep_columns: bool = False) -> None:
        """Read ``rows``, the puzzle in ``column``."""
        super().__init__()
        self.rows = rows
        self.column = column
        self.keep = keep_columns
        self.kept: dict[int, dict[str, Any]] = {}
        self.line = 1
        self.pending = b"# rows\n"

    def readable(self) -> bool:
        """The stream is read, never written."""
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        """Fill the buffer with one line per row."""
        while len(self.pending) < len(buffer):
            row = next(self.rows, None)
            if row is None:
                break
            self.line += 1
            text = str(row.get(self.column) or "").strip()
            if not text or "\n" in text:
                text = (_FAULT + b"no puzzle in this row").decode()
            if self.keep:
                self.kept[self.line] = {k: v for k, v in row.items() if k != self.column}
            self.pending += text.encode("utf-8") + b"\n"
        size = min(len(buffer), len(self.pending))
        buffer[:size] = self.pending[:size]
        self.pending = self.pending[size:]
        return size

    def columns(self, line: int) -> dict[str, Any]:
        """The other fields of the row on ``line`` (given once: they are forgotten)."""
        return self.kept.pop(line, {})


def _json_rows(first: bytes, source: BinaryIO) -> Iterator[dict[str, Any]]:
    for raw in itertools.chain([first], source):
        if raw.strip():
            try:
                row = json.loads(raw)
            except ValueError:
                row = None
            yield row if isinstance(row, dict) else {}


def table_stream(
    source: BinaryIO, *, keep_columns: bool = False
) -> tuple[BinaryIO, TableStream | RowsStream | None]:
    """The source as one puzzle per line, and its :class:`TableStream` or :class:`RowsStream` if any.

    A CSV or TSV file whose header names a puzzle column, JSON Lines whose objects hold one, or a
    Parquet file (seekable) gets one; any other source is given back as it was (with None).
    """
    from sudokit.formats.tabular import csv_header

    seekable = source.seekable()
    start = source.tell() if seekable else 0
    first = source.readline(MAX_LINE + 1)
    if first.startswith(b"PAR1") and seekable:
        from sudokit.dataset import DatasetError, Layout, detect_layout

        source.seek(start)
        try:
            import pyarrow.parquet as pq

            parquet = pq.ParquetFile(source)
            rows = (row for batch in parquet.iter_batches(65_536) for row in batch.to_pylist())
            head = next(rows, None)
            layout = detect_layout(parquet.schema_arrow.names, head)
        except (ImportError, OSError, ValueError, DatasetError):
            source.seek(start)
            return source, None
        stream = RowsStream(
            itertools.chain([head] if head else [], rows), layout.puzzle, keep_columns=keep_columns
        )
        return io.BufferedReader(stream), stream
    if first.lstrip().startswith(b"{"):
        from sudokit.dataset import DatasetError, Layout, detect_layout

        found_layout: Layout | None
        try:
            row = json.loads(first)
            found_layout = detect_layout(list(row), row) if isinstance(row, dict) else None
        except (ValueError, DatasetError):
            found_layout = None
        if found_layout is not None:
            stream = RowsStream(_json_rows(first, source), found_layout.puzzle, keep_columns=keep_columns)
            return io.BufferedReader(stream), stream
    found = csv_header(first.decode("utf-8", "replace")) if first.strip() else None
    if found is None:
        if seekable:
            source.seek(start)
            return source, None
        return io.BufferedReader(_Prefixed(first, source)), None
    table = TableStream(source, first, found[0], found[1], keep_columns=keep_columns)
    return io.BufferedReader(table), table


class _Prefixed(io.RawIOBase):
    """A stream with some bytes put back in front of it."""

    def __init__(self, head: bytes, source: BinaryIO) -> None:
        super().__init__()
        self.head, self.source = head, source

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        if self.head:
            size = min(len(buffer), len(self.head))
            buffer[:size] = self.head[:size]
            self.head = self.head[size:]
            return size
        data = self.source.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def read_blocks(stream: BinaryIO, size: int | None = None) -> Iterator[tuple[bytes, int]]:
    """Cut a byte stream into blocks of whole lines (about ``size`` bytes): (block, its first line number)."""
    yield from BlockReader(stream, size or BLOCK_BYTES)


def _rest_of_line(stream: BinaryIO, have: int) -> bytes:
    """The rest of a line of which ``have`` bytes were read, keeping at most MAX_LINE + 1 bytes of it.

    A longer line is no puzzle, and its first MAX_LINE + 1 bytes are enough to say so (a ``!`` line);
    the rest of it is skipped a chunk at a time rather than read into memory whole.
    """
    keep = max(MAX_LINE + 1 - have, 1)
    rest = stream.readline(keep)
    if rest.endswith(b"\n") or len(rest) < keep:  # the line (or the input) ended
        return rest
    while True:
        chunk = stream.readline(BLOCK_BYTES)
        if not chunk or chunk.endswith(b"\n"):
            return rest + b"\n"


def skip_lines(stream: BinaryIO, count: int, *, keep_lines: bool = False) -> tuple[int, bytes]:
    """Read past the input that ``count`` output lines answer (to resume a run that wrote them).

    Without ``keep_lines`` an output line answers one puzzle line (blank and comment lines have
    none); with it, one input line.  Returns the input lines read, and the first of the puzzle lines
    among them (up to 64 KiB), from which the run learns the alphabet the first run used.  Raises
    :class:`ResumeError` when the input ends first.
    """
    lines = done = 0
    head = bytearray()
    while done < count:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            raise ResumeError(
                f"the input has fewer {'lines' if keep_lines else 'puzzles'} ({number(done)}) than the "
                f"output already holds ({number(count)})"
            )
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while (more := stream.readline(BLOCK_BYTES)) and not more.endswith(b"\n"):
                pass
        lines += 1
        puzzle = _is_puzzle_line(raw)
        done += 1 if puzzle or keep_lines else 0
        if puzzle and len(head) < 1 << 16:
            head += raw.rstrip(b"\n") + b"\n"
    return lines, bytes(head)


def _next_size(
    current: int, size: int, seconds: float, limit: int = BLOCK_BYTES, aim: float = BLOCK_SECONDS
) -> int:
    """The bytes to read for the next block, from the last block's size and solving time."""
    target = limit if seconds <= 0 else int(size * aim / seconds)
    return max(1, min(limit, current * 16, target))


def _next_result(
    pending: deque[tuple[Job[BatchResult], int]],
    reader: BlockReader | None,
    stop: threading.Event | None,
    waiting: Callable[[int, float], object] | None = None,
    plan: _Plan | None = None,
) -> BatchResult:
    """Wait for the oldest block in flight (watching ``stop``), and size the next block by its speed.

    While it waits, ``waiting(line, seconds)`` hears every PROGRESS_SECONDS of the line solved
    longest now, once it has taken that long: the puzzle that holds the run up.
    """
    job, size = pending[0]
    told = time.monotonic()
    poll = 0.1 if stop is not None or waiting is not None else None
    while not job.wait(poll):
        if stop is not None and stop.is_set():
            raise _Stopped
        now = time.monotonic()
        if waiting is not None and plan is not None and now - told >= PROGRESS_SECONDS:
            told = now
            running = dict(plan.running)  # a copy: worker threads add and remove lines
            if running:
                line, since = min(running.items(), key=lambda item: item[1])
                if now - since >= PROGRESS_SECONDS:
                    waiting(line, now - since)
    if stop is not None and stop.is_set():
        raise _Stopped
    pending.popleft()
    result = job.result()
    if reader is not None:
        reader.size = _next_size(reader.size, size, result.summary.seconds, reader.limit, reader.seconds)
    return result


_worker_plans: dict[tuple[bytes, bytes], _Plan] = {}
"""A worker process's plans, by pickled options and primer: a cluster worker reads many blocks of a run."""


def _remote_block(options: BatchOptions, primer: bytes, data: bytes, first_line: int) -> BatchResult:
    """Solve one block on a cluster worker, the alphabet learnt from the client's primer line."""
    key = (pickle.dumps(options), primer)
    plan = _worker_plans.get(key)
    if plan is None:
        if len(_worker_plans) > 8:
            _worker_plans.clear()
        plan = _worker_plans[key] = _Plan(options)
        plan.learn_from(primer)
    return _solve_first(plan, data, first_line)


def _remote_range(
    options: BatchOptions, primer: bytes, location: str, span: tuple[int, int], first_line: int
) -> BatchResult:
    """Solve one block on a cluster worker that reads its bytes itself (a shared file or a URL)."""
    start, end = span
    if "://" in location:
        import fsspec

        handle = fsspec.open(location, "rb").open()
    else:
        handle = open(location, "rb")  # noqa: SIM115 - closed below
    with handle:
        handle.seek(start)
        data = handle.read(end - start)
    if len(data) != end - start:
        raise SudokitError(f"{location} changed while it was being read (bytes {start} to {end} are gone)")
    return _remote_block(options, primer, data, first_line)


def iter_results(
    blocks: Iterable[tuple[bytes, int]],
    *,
    jobs: int = 1,
    options: BatchOptions | None = None,
    stop: threading.Event | None = None,
    primer: bytes = b"",
    executor: Executor | None = None,
    waiting: Callable[[int, float], object] | None = None,
) -> Generator[BatchResult, None, None]:
    """Solve blocks of lines, yielding one :class:`BatchResult` per block in input order.

    ``jobs`` threads solve blocks at once (the core releases the GIL), or the workers of ``executor``
    (a Dask cluster: see :mod:`sudokit.execution`); at most two blocks per thread (four per cluster
    worker) are in flight, so memory does not grow with the input.  Ctrl-C, or ``stop`` being set,
    ends the run: the blocks finished by then are yielded, in order, then :class:`BatchInterrupted` is
    raised.  ``primer`` holds lines read before (a resumed run's), to learn the alphabet from.
    ``waiting(line, seconds)`` hears of a line that holds the run up (see :func:`_next_result`).
    """
    plan = _Plan(options or BatchOptions())
    if primer:
        plan.prime(primer)
    reader = blocks if isinstance(blocks, BlockReader) and blocks.adaptive else None
    with given_or_own(executor, lambda: ThreadExecutor(jobs, _THREAD_PREFIX)) as pool:
        if reader is not None and pool.remote:  # a cluster's tasks cost milliseconds: bigger blocks
            reader.limit, reader.seconds = CLUSTER_BLOCK_BYTES, CLUSTER_BLOCK_SECONDS
        # blocks in flight: two per thread; more per cluster worker, whose tasks wait on the network
        depth = (CLUSTER_BLOCKS_PER_WORKER if pool.remote else 2) * pool.workers
        pending: deque[tuple[Job[BatchResult], int]] = deque()
        finished = False
        expected: int | None = None  # the first line of the next block to yield (None: the first block)
        try:
            try:
                for data, first_line in blocks:
                    if pool.remote:
                        plan.prime(data)  # the client settles the alphabets, and tells the workers
                        plan.teach(data)
                        span = reader.span if reader is not None else None
                        location = reader.location if reader is not None else None
                        if span is not None and location and pool.reads(location):
                            job = pool.submit(
                                _remote_range, plan.options, plan.primer, location, span, first_line
                            )
                        else:
                            job = pool.submit(_remote_block, plan.options, plan.primer, data, first_line)
                        settled = plan.fast is not None
                    else:
                        settled = plan.fast is not None
                        if settled:
                            plan.teach(
                                data
                            )  # each size's alphabet from its first line, whichever thread runs
                        job = pool.submit(solve_block if settled else _solve_first, plan, data, first_line)
                    pending.append((job, len(data)))
                    # until a line settles the alphabet, blocks are solved one at a time, in order
                    while len(pending) >= (depth if settled else 1):
                        result = _next_result(pending, reader, stop, waiting, plan)
                        yield result
                        expected = result.first_line + result.summary.lines
                while pending:
                    result = _next_result(pending, reader, stop, waiting, plan)
                    yield result
                    expected = result.first_line + result.summary.lines
                finished = True
            except (KeyboardInterrupt, _Stopped):
                plan.cancel.set()
                running = [job for job, _ in pending if not job.cancel() and not job.done()]
                for job in running:  # a block about to finish is still written
                    job.wait(0.5 / len(running))
                # what is finished, in order; nothing after a block that Ctrl-C caught on its way out
                while pending and pending[0][0].succeeded():
                    result = pending.popleft()[0].result()
                    if expected is not None and result.first_line != expected:
                        break
                    yield result
                    expected = result.first_line + result.summary.lines
                raise BatchInterrupted from None
        finally:
            if not finished:
                plan.cancel.set()
                for job, _ in pending:
                    job.cancel()


def workers_done(timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for the threads of interrupted runs to end; True if none is left.

    A thread in the middle of one long search (a single line without a time limit) may not notice
    the interruption soon; a command line program then exits without waiting for it.
    """
    deadline = time.monotonic() + timeout
    for thread in threading.enumerate():
        if thread.name.startswith(_THREAD_PREFIX):
            thread.join(max(0.0, deadline - time.monotonic()))
    return not any(t.name.startswith(_THREAD_PREFIX) and t.is_alive() for t in threading.enumerate())


def _as_bytes(puzzles: str | bytes | Iterable[str]) -> bytes:
    if isinstance(puzzles, str):
        return puzzles.encode("utf-8", "surrogatepass")  # a lone surrogate: a "not UTF-8" line
    if isinstance(puzzles, bytes | bytearray | memoryview):
        return bytes(puzzles)
    return "\n".join(line.rstrip("\n") for line in puzzles).encode("utf-8", "surrogatepass")


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
    if isinstance(puzzles, os.PathLike):
        with open(puzzles, "rb") as handle:
            return _collect(BlockReader(table_stream(handle)[0]), jobs, options)
    return _collect(BlockReader(table_stream(io.BytesIO(_as_bytes(puzzles)))[0]), jobs, options)


def _collect(reader: BlockReader, jobs: int, options: BatchOptions) -> BatchResult:
    started = time.perf_counter()
    result = BatchResult()
    for block in iter_results(reader, jobs=jobs or default_workers(), options=options):
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
    skip: int = 0,
    stop: threading.Event | None = None,
    executor: Executor | None = None,
    location: str | None = None,
    json_lines: bool = False,
    waiting: Callable[[int, float], object] | None = None,
) -> BatchSummary:
    """Stream a file of one-line puzzles through the solver, writing one output line per puzzle.

    Memory stays constant however long the file.  ``output`` gets each answer in input order, and is
    flushed after each block (several times a second on slow puzzles); None: only the summary is
    made.  ``progress`` is called with the number of puzzles finished since its last call.  ``skip``
    output lines' worth of input is passed over first (see :func:`skip_lines`), to resume a run.
    ``executor`` runs the blocks elsewhere (a Dask cluster, see :mod:`sudokit.execution`) instead of
    ``jobs`` threads; workers that can read ``location`` (the source's path or URL; a path source
    gives its own) read their blocks from it, and are sent only byte ranges.
    Ctrl-C or ``stop`` ends the run early: everything finished is written, then
    :class:`BatchInterrupted` is raised with the summary so far.  A CSV or TSV file with a header
    naming its puzzle column is read row by row (see :class:`TableStream`); with ``json_lines``
    each answer is a JSON object (:meth:`LineResult.as_dict`), a CSV row's other fields under ``columns``.
    ``waiting(line, seconds)`` is told every PROGRESS_SECONDS of the line that holds the run up.
    """
    options = options or BatchOptions(ReadOptions(one_per_line=True))
    summary = BatchSummary()
    started = time.perf_counter()
    handle = open(source, "rb") if isinstance(source, str | os.PathLike) else source  # noqa: SIM115
    opened = handle
    handle, table = table_stream(handle, keep_columns=json_lines)
    if table is not None:
        location = None  # rows are rewritten: workers cannot read byte ranges of the file
    try:
        primer = b""
        if skip:
            summary.lines, primer = skip_lines(handle, skip, keep_lines=options.keep_lines)
        if location is None and table is None and isinstance(source, str | os.PathLike):
            location = os.path.abspath(source)
        reader = BlockReader(handle, first_line=summary.lines + 1, location=location)
        results = iter_results(
            reader,
            jobs=jobs or default_workers(),
            options=options,
            stop=stop,
            primer=primer,
            executor=executor,
            waiting=waiting,
        )
        try:
            for block in results:
                if output is not None and json_lines:
                    for result in block:
                        record = result.as_dict()
                        if table is not None:
                            record["columns"] = table.columns(result.line)
                        output.write(json.dumps(record, ensure_ascii=False) + "\n")
                    output.flush()
                elif output is not None:
                    output.write(block.output())
                    output.flush()
                summary.merge(block.summary)
                if progress is not None:
                    progress(len(block))
        except BatchInterrupted as exc:
            exc.summary = summary
            raise
        except KeyboardInterrupt:
            results.close()
            raise BatchInterrupted(summary) from None
        finally:
            summary.seconds = time.perf_counter() - started
            if output is not None:
                output.flush()
    finally:
        if opened is not source:
            opened.close()
    return summary


def partial_path(output: str | os.PathLike[str]) -> str:
    """Where a run writes before its output is complete: ``OUTPUT.partial``, beside it."""
    return os.fspath(output) + ".partial"


def trim_partial(path: str | os.PathLike[str]) -> tuple[int, int]:
    """Cut an unfinished last line off a partial output: (complete lines, of them ``!`` or ``?`` lines).

    A run stopped mid-write leaves at most one unfinished line; it is dropped, to be solved again.
    """
    lines = flagged = end = 0
    carry = b""
    with open(path, "r+b") as handle:
        while chunk := handle.read(1 << 20):
            buffer = carry + chunk  # starts at offset ``end``, at the start of a line
            cut = buffer.rfind(b"\n") + 1
            complete, carry = buffer[:cut], buffer[cut:]
            lines += complete.count(b"\n")
            flagged += len(_FLAGGED.findall(complete))
            end += cut
        handle.truncate(end)
    return lines, flagged


class ProgressLog:
    """A plain progress line every few seconds, for a log where a progress bar would be noise.

    Called with the number of puzzles finished since the last call, as :func:`solve_file` does.
    """

    def __init__(self, stream: TextIO, total: int | None = None, interval: float | None = None) -> None:
        """Start the clock; ``total`` puzzles expected, if known; a line every ``interval`` seconds."""
        self.stream = stream
        self.total = total
        self.interval = PROGRESS_SECONDS if interval is None else interval
        self.done = 0
        self.started = time.monotonic()
        self.due = self.started + self.interval

    def __call__(self, puzzles: int) -> None:
        """Count finished puzzles; write a line when one is due."""
        self.done += puzzles
        now = time.monotonic()
        if now >= self.due:
            self.due = now + self.interval
            self.stream.write(self.line(now) + "\n")
            self.stream.flush()

    def waiting(self, line: int, seconds: float) -> None:
        """Say which line the run waits on: ``... , 35 s; waiting on line 8 (30 s so far)``."""
        self.stream.write(f"{self.line()}; waiting on line {line} ({seconds:,.0f} s so far)\n")
        self.stream.flush()

    def line(self, now: float | None = None) -> str:
        """``12,345 of 50,000 puzzles (24.7%), 4,321 puzzles/s, 3 s``."""
        elapsed = (now if now is not None else time.monotonic()) - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        if self.total:
            done = (
                f"{number(self.done)} of {plural(self.total, 'puzzle')} ({100 * self.done / self.total:.1f}%)"
            )
        else:
            done = plural(self.done, "puzzle")
        return f"{done}, {rate_text(rate)}, {elapsed:,.0f} s"


def count_lines(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """Lines and puzzle lines (not blank, not a ``#`` comment) of a file, counted quickly over raw bytes.

    None when the file cannot be read.
    """
    lines = puzzles = 0
    try:
        with open(path, "rb") as handle:
            while chunk := handle.read(1 << 20):
                if not chunk.endswith(b"\n"):  # to the end of the line: only its start tells its kind
                    chunk += handle.readline(MAX_LINE)
                    while not chunk.endswith(b"\n") and (more := handle.readline(1 << 20)):
                        chunk += b"\n" if more.endswith(b"\n") else b""
                ends = chunk.endswith(b"\n")
                count = chunk.count(b"\n") + (0 if ends else 1)
                lines += count
                # a break before each line, the first included; the one after the last is no line
                blank = len(_NOT_PUZZLE.findall(b"\n" + chunk)) - (1 if ends else 0)
                puzzles += count - blank
    except OSError:
        return None
    return lines, puzzles
