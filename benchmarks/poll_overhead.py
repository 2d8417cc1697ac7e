"""Speed cost of a change to the compiled core: an old build against a new one, measured side by side.

Usage: python benchmarks/poll_overhead.py --old PATH [--new PATH] [--rounds N] [--only TEXT] [--verbose]

Written for the core's interrupt polling (issue 10).  PATH is a checkout with its own ``.venv`` where
sudokit is installed (``python3 -m venv .venv && .venv/bin/pip install -e .``); ``--new`` defaults to
this repository.  Each build runs in a worker process of its own (its venv's python running this file
with ``--worker``) that imports sudokit once and then takes one measurement at a time, so that A (old)
and B (new) alternate on the same data within one run: every round measures each item on A and on B
back to back, the order swapped every other round, and the drift of a shared VM hits both alike.

Times are the worker's CPU seconds (``time.process_time``); a sample repeats its item until it has
taken a minimum time.  Before the rounds each worker runs every item once untimed, and the two
builds' answers (counts and first solutions) must agree.  Items:

* batch: ``sudokit.solve_many(text)`` on a whole data file: puzzles per CPU second;
* call: ``sudokit.count_solutions(line, 2)`` for each line: us per call; on the 55 Gecode 16x16
  puzzles (the generic core) ms per puzzle;
* count: ``count_solutions("." * 16)`` (all 288 4x4 grids, the generic core) and the empty 9x9 up to
  2,000,000 (the 9x9 fast path): solutions per CPU second;
* core: the compiled core without sudokit's Python around it: ``_engine.solve_lines`` on a whole file
  (the call the batch path makes per block: the 9x9 fast path, or the generic core for 16x16), and
  ``_engine.Search`` counting all 4x4 grids; these show the cost of the polling itself, apart from
  the other changes of the Python layer.

The report gives each item's median over the rounds for A and B, and B's time over A's ("time B/A",
above 1: B is slower): the median and the range of the per-round ratios.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
CLUE17 = "puzzles2_17_clue"
TOP1465 = "puzzles3_magictour_top1465"
GECODE16 = "gecode_sudoku_16x16.txt"
EMPTY9_LIMIT = 2_000_000


@dataclass(frozen=True)
class Item:
    """One measurement: what it runs, on which file, how its figure reads, how long a sample lasts."""

    name: str
    kind: str  # batch, call, count4, count9, lines, search4
    file: str | None
    first: int | None  # only the first lines of the file
    scale: float  # display: 0 for a rate (units per second), else seconds per unit times scale
    label: str
    minimum: float  # CPU seconds a sample takes at least


ITEMS = (
    Item("batch 17-clue (49,158)", "batch", CLUE17, None, 0, "puzzles/s", 0.5),
    Item("batch top1465", "batch", TOP1465, None, 0, "puzzles/s", 0.5),
    Item("call 17-clue (first 5,000)", "call", CLUE17, 5000, 1e6, "us/call", 0.5),
    Item("call top1465", "call", TOP1465, None, 1e6, "us/call", 0.5),
    Item("call gecode16 (55)", "call", GECODE16, None, 1e3, "ms/puzzle", 2.0),
    Item("count 4x4, all 288", "count4", None, None, 0, "solutions/s", 1.0),
    Item("count empty 9x9 to 2,000,000", "count9", None, None, 0, "solutions/s", 1.0),
    Item("core 17-clue, solve_lines", "lines", CLUE17, None, 0, "puzzles/s", 0.5),
    Item("core top1465, solve_lines", "lines", TOP1465, None, 0, "puzzles/s", 0.5),
    Item("core gecode16, solve_lines", "lines", GECODE16, None, 1e3, "ms/puzzle", 1.0),
    Item("core 4x4, Search.count all", "search4", None, None, 0, "solutions/s", 1.0),
)


def lines_of(path: Path) -> list[str]:
    """Puzzle lines of a data file (no comments, no blank lines)."""
    text = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in text if line.strip() and not line.startswith("#")]


def job_of(item: Item, data: Path) -> tuple[Callable[[], int], Callable[[], str]]:
    """The item's work (returns the units it did) and its answers as one digest string (untimed)."""
    import sudokit

    if item.kind == "batch":
        assert item.file is not None
        text = (data / item.file).read_text(encoding="utf-8")
        total = len(lines_of(data / item.file))

        def batch() -> int:
            sudokit.solve_many(text)
            return total

        def batch_answers() -> str:
            return "\n".join(f"{r.count} {r.solution}" for r in sudokit.solve_many(text))

        return batch, batch_answers
    if item.kind == "call":
        assert item.file is not None
        lines = lines_of(data / item.file)[: item.first]

        def calls() -> int:
            for line in lines:
                sudokit.count_solutions(line, 2)
            return len(lines)

        def call_answers() -> str:
            results = [sudokit.count_solutions(line, 2) for line in lines]
            return "\n".join(f"{r.count} {r.first.to_string() if r.first else None}" for r in results)

        return calls, call_answers
    if item.kind == "lines":
        return lines_job(item, data)
    if item.kind == "search4":
        return search_job()
    limit, text = (None, "." * 16) if item.kind == "count4" else (EMPTY9_LIMIT, "." * 81)

    def count() -> int:
        return sudokit.count_solutions(text, limit).count

    def count_answers() -> str:
        result = sudokit.count_solutions(text, limit)
        return f"{result.count} {result.first.to_string() if result.first else None}"

    return count, count_answers


def lines_job(item: Item, data: Path) -> tuple[Callable[[], int], Callable[[], str]]:
    """The compiled core alone on a whole file, the way the batch path calls it: one solve_lines call."""
    from sudokit import _engine, solver
    from sudokit.formats import parse

    assert item.file is not None
    lines = lines_of(data / item.file)
    grid = parse(lines[0]).grid
    codes = bytearray([254] * 256)  # 254: not a symbol, 255: a blank (read as signed: -2, -1)
    codes[ord(".")] = codes[ord("0")] = 255
    for index, symbol in enumerate(grid.symbols):
        codes[ord(symbol)] = index
    table = memoryview(bytes(codes)).cast("b")
    layout = None if grid.size == 9 else solver._layout(grid)  # None: the 9x9 fast path
    text = "\n".join(lines).encode("ascii")

    def run() -> tuple[array[int], bytearray, array[int], array[int], bytearray]:
        return _engine.solve_lines(memoryview(text), table, len(grid.cells), 2, 0, 0.0, layout)

    def core() -> int:
        run()
        return len(lines)

    def core_answers() -> str:
        _, _, counts, _, found = run()
        return f"{list(counts)} {bytes(found)!r}"

    return core, core_answers


def search_job() -> tuple[Callable[[], int], Callable[[], str]]:
    """The generic core alone counting all 4x4 grids: a Search over the empty grid, count to the end."""
    from sudokit import _engine, solver
    from sudokit.formats import parse

    puzzle = parse("." * 16)
    layout = solver._layout(puzzle.grid)

    def run() -> tuple[int, int, tuple[int, ...] | None]:
        search = _engine.Search(layout)
        search.start(puzzle.givens)
        return search.count(0)

    def core() -> int:
        return run()[1]

    def core_answers() -> str:
        return repr(run())

    return core, core_answers


def worker(data: Path) -> None:
    """Answer requests on stdin, one JSON line each: check an item, or time one sample of it."""
    import sudokit

    print(json.dumps({"sudokit": sudokit.__file__, "python": sys.version.split()[0]}), flush=True)
    items = {item.name: item for item in ITEMS}
    jobs = {name: job_of(item, data) for name, item in items.items()}
    for request in sys.stdin:
        ask = json.loads(request)
        item = items[ask["item"]]
        job, answers = jobs[item.name]
        if ask["check"]:
            job()  # warm-up
            digest = hashlib.sha256(answers().encode()).hexdigest()
            print(json.dumps({"digest": digest}), flush=True)
            continue
        units = 0
        started = time.process_time()
        while True:
            units += job()
            spent = time.process_time() - started
            if spent >= item.minimum:
                break
        print(json.dumps({"seconds": spent, "units": units}), flush=True)


class Build:
    """A worker process over one build's venv."""

    def __init__(self, name: str, checkout: Path, data: Path) -> None:
        """Start the worker: the checkout's .venv/bin/python running this file with --worker."""
        self.name = name
        self.checkout = checkout
        python = checkout / ".venv" / "bin" / "python"
        self.process = subprocess.Popen(
            [str(python), str(Path(__file__).resolve()), "--worker", "--data", str(data)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=str(checkout),
        )
        self.hello = self.receive()

    def receive(self) -> dict[str, object]:
        """The worker's next answer."""
        stdout: IO[str] | None = self.process.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name}: the worker stopped (exit {self.process.wait()})")
        answer: dict[str, object] = json.loads(line)
        return answer

    def ask(self, item: Item, check: bool = False) -> dict[str, object]:
        """Send one request and wait for its answer."""
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(json.dumps({"item": item.name, "check": check}) + "\n")
        stdin.flush()
        return self.receive()

    def sample(self, item: Item) -> float:
        """CPU seconds per unit of one sample of the item."""
        answer = self.ask(item)
        seconds, units = answer["seconds"], answer["units"]
        assert isinstance(seconds, float) and isinstance(units, int)
        return seconds / units

    def close(self) -> None:
        """Stop the worker."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()

    def revision(self) -> str:
        """The checkout's commit, and whether it has changes of its own."""

        def git(*args: str) -> str:
            done = subprocess.run(["git", "-C", str(self.checkout), *args], capture_output=True, text=True)
            return done.stdout.strip()

        dirty = " + uncommitted changes" if git("status", "--porcelain", "--untracked-files=no") else ""
        return git("rev-parse", "--short", "HEAD") + dirty


def shown(item: Item, per_unit: float) -> float:
    """The figure as reported: units per second for a rate, else seconds per unit times the scale."""
    return 1 / per_unit if item.scale == 0 else per_unit * item.scale


def number(value: float) -> str:
    """A figure with three significant digits or more, thousands separated."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def machine() -> str:
    """CPU model and count."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} CPUs"


def main() -> None:
    """Run the rounds and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--old", type=Path, help="checkout with a .venv: build A")
    parser.add_argument("--new", type=Path, default=ROOT, help="checkout with a .venv: build B (this one)")
    parser.add_argument("--data", type=Path, default=DATA, help="the data files (default: this repository's)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default="", help="only the items whose name contains this text")
    parser.add_argument("--verbose", action="store_true", help="print every sample")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.data)
        return
    if args.old is None:
        parser.error("--old is required")
    builds: list[Build] = []
    try:
        for name, checkout in (("A", args.old), ("B", args.new)):
            builds.append(Build(name, checkout.resolve(), args.data))
        print(f"machine: {machine()}")
        for build in builds:
            print(f"{build.name}: {build.checkout} at {build.revision()}, {build.hello}")
        items = [item for item in ITEMS if args.only in item.name]
        for item in items:
            digests = {build.name: build.ask(item, check=True)["digest"] for build in builds}
            if len(set(digests.values())) != 1:
                raise AssertionError(f"{item.name}: the builds' answers differ")
        samples: dict[tuple[str, str], list[float]] = {}
        for round_ in range(args.rounds):
            for item in items:
                for build in builds if round_ % 2 == 0 else builds[::-1]:
                    per_unit = build.sample(item)
                    samples.setdefault((item.name, build.name), []).append(per_unit)
                    if args.verbose:
                        print(f"round {round_ + 1} {build.name} {item.name}: {number(shown(item, per_unit))}")
    finally:
        for build in builds:
            build.close()
    print(f"\n{args.rounds} rounds, A and B alternating; time B/A above 1: B is slower\n")
    print("| measurement | unit | A (old) | B (new) | time B/A | B/A range |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for item in items:
        old, new = samples[item.name, "A"], samples[item.name, "B"]
        ratios = [b / a for a, b in zip(old, new, strict=True)]
        a_shown = statistics.median(shown(item, x) for x in old)
        b_shown = statistics.median(shown(item, x) for x in new)
        print(
            f"| {item.name} | {item.label} | {number(a_shown)} | {number(b_shown)} "
            f"| {statistics.median(ratios):.3f} | {min(ratios):.3f} to {max(ratios):.3f} |"
        )


if __name__ == "__main__":
    main()
