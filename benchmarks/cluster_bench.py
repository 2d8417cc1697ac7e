"""Scale-out: batch and split counting on 1 and 2 workers, threads against a local Dask cluster.

Usage: python benchmarks/cluster_bench.py [--lines N] [--repeat N] [--skip-batch] [--skip-count]

* batch: the 17-clue set repeated to ``--lines`` lines (default 1,000,000) in a temporary file, through
  ``sudokit.batch.solve_file`` with 1 thread, 2 threads, and a local Dask cluster of 1 and 2 workers
  (``local:N``, workers started before the clock starts); the outputs must be identical. The client's
  peak memory (this process's max RSS; the workers are other processes) is reported after each run.
* memory (``--memory LINES``): ``sudokit batch`` as a process on LINES lines, with 2 threads and on
  ``--cluster local:2``, its resident memory sampled every 0.1 s (the workers are other processes).
* count: every 6x6 grid with 2x3 boxes (28,200,960) by ``count_split(depth=3)`` on the same four set-ups.

Times are wall seconds (the median of ``--repeat`` runs), with speed-ups of 2 workers over 1 and the
Dask path's overhead over threads.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sudokit import EMPTY, Grid, Puzzle
from sudokit.batch import solve_file
from sudokit.execution import DaskExecutor, Executor
from sudokit.split import count_split

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import DATA, lines_of

GRIDS_6X6 = 28_200_960


class HashSink:
    """An output that keeps only a hash of what is written (the run's memory is then its own)."""

    def __init__(self) -> None:
        self.digest = hashlib.sha256()

    def write(self, text: str) -> int:
        """Hash the text."""
        self.digest.update(text.encode())
        return len(text)

    def flush(self) -> None:
        """Nothing is buffered."""


def client_memory(lines: int) -> None:
    """``sudokit batch FILE --cluster local:2`` on ``lines`` lines: wall time and the client's peak RSS."""
    puzzles = lines_of(DATA / "puzzles2_17_clue")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        for k in range(lines):
            handle.write(puzzles[k % len(puzzles)] + "\n")
        path = handle.name
    print()
    print(f"client memory: sudokit batch ({lines:,} lines) > /dev/null, VmRSS sampled every 0.1 s")
    print()
    print("| set-up | wall s | client peak RSS MB | summary |")
    print("| --- | ---: | ---: | --- |")
    command = [sys.executable, "-m", "sudokit", "batch", path]
    for label, extra in (("2 threads", ["--jobs", "2"]), ("Dask local:2", ["--cluster", "local:2"])):
        started = time.perf_counter()
        child = subprocess.Popen(
            [*command, *extra], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        peak = 0
        while child.poll() is None:
            with contextlib.suppress(OSError), open(f"/proc/{child.pid}/status") as status:
                for row in status:
                    if row.startswith("VmRSS:"):
                        peak = max(peak, int(row.split()[1]))
            time.sleep(0.1)
        seconds = time.perf_counter() - started
        assert child.stderr is not None
        summary = child.stderr.read().strip().splitlines()[-1]
        print(f"| {label} | {seconds:.1f} | {peak / 1024:.0f} | {summary} |", flush=True)
    Path(path).unlink()


def peak_mb() -> float:
    """Peak resident memory of this process so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def wall(job: Callable[[], object], repeat: int) -> tuple[float, object]:
    """Median wall seconds of repeat runs, and the last run's value."""
    times, value = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        value = job()
        times.append(time.perf_counter() - started)
    return statistics.median(times), value


def setups() -> list[tuple[str, int | None, str | None]]:
    """(label, threads, cluster address)."""
    return [
        ("1 thread", 1, None),
        ("2 threads", 2, None),
        ("Dask local:1", None, "local:1"),
        ("Dask local:2", None, "local:2"),
    ]


def batch_bench(lines: int, repeat: int) -> None:
    """The batch rows."""
    puzzles = lines_of(DATA / "puzzles2_17_clue")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        for k in range(lines):
            handle.write(puzzles[k % len(puzzles)] + "\n")
        path = handle.name
    print(f"batch: {lines:,} lines of the 17-clue set ({Path(path).stat().st_size / 1e6:.0f} MB)")
    print()
    print("| set-up | wall s | puzzles/s | x 1 worker | client peak MB |")
    print("| --- | ---: | ---: | ---: | ---: |")
    digests: set[str] = set()
    one: dict[bool, float] = {}
    for label, threads, cluster in setups():
        executor: Executor | None = DaskExecutor(cluster) if cluster else None

        def run(threads: int | None = threads, executor: Executor | None = executor) -> str:
            out = HashSink()
            solve_file(path, out, jobs=threads or 1, executor=executor)  # type: ignore[arg-type]
            return out.digest.hexdigest()

        seconds, digest = wall(run, repeat)
        if executor is not None:
            executor.close()
        digests.add(str(digest))
        remote = cluster is not None
        one.setdefault(remote, seconds)
        speedup = one[remote] / seconds
        print(
            f"| {label} | {seconds:.2f} | {lines / seconds:,.0f} | {speedup:.2f} | {peak_mb():.0f} |",
            flush=True,
        )
    Path(path).unlink()
    print()
    print("outputs identical:", len(digests) == 1)


def count_bench(repeat: int) -> None:
    """The split-count rows."""
    puzzle = Puzzle(Grid.classic(6, box=(2, 3)), (EMPTY,) * 36)
    print()
    print("count: every 6x6 grid (2x3 boxes), count_split(depth=3)")
    print()
    print("| set-up | wall s | x 1 worker | count |")
    print("| --- | ---: | ---: | ---: |")
    one: dict[bool, float] = {}
    for label, threads, cluster in setups():
        executor: Executor | None = DaskExecutor(cluster) if cluster else None

        def run(threads: int | None = threads, executor: Executor | None = executor) -> int:
            return count_split(puzzle, 3, jobs=threads, executor=executor).count

        seconds, count = wall(run, repeat)
        if executor is not None:
            executor.close()
        assert count == GRIDS_6X6, count
        remote = cluster is not None
        one.setdefault(remote, seconds)
        print(f"| {label} | {seconds:.2f} | {one[remote] / seconds:.2f} | {count:,} |", flush=True)


def main() -> None:
    """Run the sections asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--lines", type=int, default=1_000_000, help="batch lines")
    parser.add_argument("--repeat", type=int, default=3, help="runs per row (median)")
    parser.add_argument("--skip-batch", action="store_true")
    parser.add_argument("--skip-count", action="store_true")
    parser.add_argument(
        "--memory", type=int, default=0, metavar="LINES", help="client memory run on LINES lines"
    )
    args = parser.parse_args()
    if not args.skip_batch:
        batch_bench(args.lines, args.repeat)
    if not args.skip_count:
        count_bench(args.repeat)
    if args.memory:
        client_memory(args.memory)


if __name__ == "__main__":
    main()
