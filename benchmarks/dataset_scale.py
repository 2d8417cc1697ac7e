"""Datasets at scale: canonical forms, dedupe, answer checks and labels on a million 9x9 puzzles.

Usage::

    python benchmarks/dataset_scale.py [--rows 1000000] [--source PUZZLES.txt] [--keep DIR]

The rows are made from a puzzle list (default: Norvig's 10k, ``../shared/data/sudoku10k.txt``) by
random symmetries and relabelling, so the file holds many equivalent copies of each class, as
public datasets do.  Printed, one core unless said: canonical forms a second (API, one call per
65,536 puzzles), ``sudokit dataset dedupe`` of the whole CSV (wall seconds and peak memory; and of
a tenth of it, to show the memory does not grow with the rows), answers checked a second
(``verify_many``), and ``sudokit dataset label --labels solution,count,givens,nodes`` against
``sudokit batch`` on the same 100,000 puzzles (two cores each).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sudokit import dataset
from sudokit.batch import solve_many

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCE = HERE.parent.parent / "shared" / "data" / "sudoku10k.txt"


_MEASURE = (
    "import resource, subprocess, sys, time; t = time.perf_counter(); "
    "r = subprocess.run(sys.argv[1:], capture_output=True); "
    "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, r.returncode); "
    "sys.stderr.buffer.write(r.stderr)"
)
"""Runs a command in a fresh process, so that the peak memory printed is that command's alone."""


def _run(command: list[str]) -> tuple[float, float]:
    """Wall seconds and the peak memory (MiB) of a child process."""
    done = subprocess.run([sys.executable, "-c", _MEASURE, *command], capture_output=True, text=True)
    seconds, peak, code = done.stdout.split()
    if int(code) != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr}")
    return float(seconds), int(peak) / 1024


def main() -> None:
    """Make the rows, then time each step."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--keep", type=Path, help="Make the files here (and keep them).")
    args = parser.parse_args()
    base = [
        dataset.cells_of(line.split()[0]) for line in args.source.read_text().splitlines() if line.strip()
    ]
    solutions = []
    for result in solve_many("\n".join(dataset.text_of(b) for b in base), limit=1, jobs=2):
        assert result.solution is not None
        solutions.append(dataset.cells_of(result.solution))
    folder = args.keep or Path(tempfile.mkdtemp(prefix="sudokit-dataset-"))
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(1)
    puzzles = bytearray()
    answers = bytearray()
    path = folder / "rows.csv"
    small = folder / "rows-tenth.csv"
    with open(path, "w", encoding="utf-8") as out, open(small, "w", encoding="utf-8") as tenth:
        out.write("id,puzzle,solution\n")
        tenth.write("id,puzzle,solution\n")
        for k in range(args.rows):
            grids = [base[k % len(base)], solutions[k % len(base)]]
            if k >= len(base):
                grids = dataset.transform(grids, rng)
            puzzles += grids[0]
            answers += grids[1]
            line = f"{k},{dataset.text_of(grids[0])},{dataset.text_of(grids[1])}\n"
            out.write(line)
            if k < args.rows // 10:
                tenth.write(line)
    n = args.rows
    print(f"{n:,} rows from {len(base):,} puzzles ({path}, {path.stat().st_size / 2**20:.0f} MiB)")

    started = time.perf_counter()
    for k in range(0, len(puzzles), 81 * dataset.BATCH):
        dataset.canonical_cells(bytes(puzzles[k : k + 81 * dataset.BATCH]))
    seconds = time.perf_counter() - started
    print(f"canonical forms (API, one core): {seconds:.2f} s, {n / seconds:,.0f} puzzles/s")

    sudokit = [sys.executable, "-m", "sudokit"]
    seconds, peak = _run([*sudokit, "dataset", "dedupe", str(path), "-o", str(folder / "unique.csv")])
    kept = (folder / "unique.csv").read_text(encoding="utf-8").count("\n") - 1
    rate = n / seconds
    print(f"dataset dedupe, whole file: {seconds:.2f} s ({rate:,.0f} rows/s), peak {peak:.0f} MiB,", end=" ")
    print(f"{kept:,} kept")
    seconds, peak_small = _run(
        [*sudokit, "dataset", "dedupe", str(small), "-o", str(folder / "unique-tenth.csv")]
    )
    print(f"dataset dedupe, a tenth: {seconds:.2f} s, peak {peak_small:.0f} MiB")

    wrong = bytearray(answers)
    for k in range(0, n, 3):
        wrong[k * 81 + 40] = wrong[k * 81 + 40] % 9 + 1
    given, checked, known = bytes(puzzles), bytes(wrong), bytes(answers)
    started = time.perf_counter()
    flags, _ = dataset.verify_many(given, checked, known)
    seconds = time.perf_counter() - started
    solved = sum(1 for f in flags if f & 8)
    print(f"verify_many with solutions: {seconds:.2f} s, {n / seconds:,.0f} answers/s ({solved:,} solve)")
    started = time.perf_counter()
    dataset.verify_many(given, checked)
    seconds = time.perf_counter() - started
    print(f"verify_many without solutions: {seconds:.2f} s, {n / seconds:,.0f} answers/s")

    hundred = folder / "rows-100k.csv"
    lines = folder / "puzzles-100k.txt"
    with (
        open(path, encoding="utf-8") as source,
        open(hundred, "w", encoding="utf-8") as out,
        open(lines, "w", encoding="utf-8") as plain,
    ):
        for k, line in enumerate(source):
            if k > 100_000:
                break
            out.write(line)
            if k:
                plain.write(line.split(",")[1] + "\n")
    label_seconds, _ = _run(
        [*sudokit, "dataset", "label", str(hundred), "--labels", "solution,count,givens,nodes", "-j", "2",
         "-o", str(folder / "labelled.csv")]
    )  # fmt: skip
    batch_seconds, _ = _run([*sudokit, "batch", str(lines), "-j", "2", "-o", str(folder / "solved.txt")])
    print(
        f"100,000 puzzles, two cores: dataset label {label_seconds:.2f} s,"
        f" sudokit batch {batch_seconds:.2f} s (label/batch {label_seconds / batch_seconds:.2f}x)"
    )


if __name__ == "__main__":
    main()
