r"""``sudokit batch`` as a user runs it, side by side with tdoku's and Schoku's own programs, in one run.

Usage: python benchmarks/batch_side_by_side.py [--tdoku PATH/run_benchmark] [--schoku PATH/schoku]
           [--tdoku-lib PATH/libtdoku_shared.so] [--rounds N] [--seconds S] [--sets NAME ...]
           [--data DIR] [--least N] [--startup-runs N] [--timeout SECONDS] [--cold-bytecode]

Every program counts each puzzle to two (proves it unique) on one thread, on the same file: the set's
puzzles, one 81-character line each with '.' for empty cells (comments and blank lines dropped, as
Schoku reads only such lines).  A set of fewer than ``--least`` puzzles (default 20,000) is topped up
with random equivalent copies (``tdoku_loop.clean_copy``: relabelled, rows, columns, bands and stacks
permuted, transposed; seeded), so that sudokit's solving time is not lost in the noise of its
start-up (top1465 as is takes sudokit about 0.03 s after a start-up of 0.2 to 0.4 s); ``--least 0``
runs every set as is.  Rounds alternate the programs, in a rotating order, so that a busy spell of this
shared machine falls on all of them.

* sudokit: ``sudokit batch FILE --jobs 1 -o OUT`` (batch counts to two by default and tells unique
  from multiple in its stderr summary).  Timed as a whole child process: CPU seconds (user + sys, from
  ``getrusage(RUSAGE_CHILDREN)`` deltas) and wall seconds.  Its start-up is subtracted: the median CPU
  time of the same command on a file of the set's first puzzle alone (``--startup-runs`` runs a round).
  Python's bytecode cache is what a user has (the package's ``.pyc`` files written once, to a cache in
  the scratch directory, ``PYTHONPYCACHEPREFIX``) even where the caller's environment forbids writing
  it; ``--cold-bytecode`` keeps the caller's environment (with ``PYTHONDONTWRITEBYTECODE=1`` every
  start compiles sudokit's sources again).
* tdoku (https://github.com/t-dillon/tdoku, BSD-2-Clause): its own benchmark program, built by hand
  with only its own solver (``cmake .. -DCMAKE_BUILD_TYPE=Release -DOPT=O3 -DARCH=native && make
  run_benchmark``), run as ``run_benchmark -s tdoku -r0 -w1 -t SECONDS -n COUNT FILE``: the puzzles as
  given, counted to two (its default; ``-f`` would stop at the first), as many whole passes as fit in
  ``--seconds``.  Its own figure, puzzles per (wall) second of its solving loop.
* Schoku (https://github.com/Mart1nSchulz/Schoku, GPL-3.0, AVX2): ``schoku -rm -t1 -y FILE OUT``
  (``-rm``: look for a second solution; ``-t1``: one thread).  CPU seconds of the whole process, which
  include its start-up and its (memory-mapped) reading and writing of the files.

Agreement: the count of unique puzzles from sudokit's summary, from Schoku's report (``N puzzles had
more than one solution``, ``N puzzles had no solution``) and, given ``--tdoku-lib`` (tdoku's shared
library, ``make tdoku_shared``), from tdoku counting each puzzle to two through ctypes (untimed); and
line by line, sudokit's answer against Schoku's solution (on a puzzle with several solutions the two may
rightly give different ones).  Disagreements are printed after the table.

Printed: a markdown table with puzzles per CPU second for sudokit (start-up subtracted) and Schoku,
tdoku's puzzles per second, each the median and range over the rounds, and the ratios sudokit / tdoku
and sudokit / Schoku (median and range of the rounds' ratios; above 1: sudokit faster); then a table of
details (start-up, wall times, the programs' own figures).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tdoku_loop import clean_copy
from tdoku_side_by_side import tdoku_solver

ROOT = Path(__file__).resolve().parent.parent
SUDOKIT = Path(sys.executable).with_name("sudokit")
SETS = {
    "17-clue": "puzzles2_17_clue",
    "top1465": "puzzles3_magictour_top1465",
    "se11": "puzzles5_forum_hardest_1905_11+",
}
DEFAULT_DATA = Path("/work/refs/data")
FALLBACK_DATA = (ROOT / "data", ROOT / "tests" / "fixtures")
SUMMARY = re.compile(
    r"([\d,]+) puzzles?: ([\d,]+) solved \(([\d,]+) with several solutions\).*?([\d,]+) unsolvable"
    r".*?; ([0-9.]+) s, ([\d,]+) puzzles/s"
)
SCHOKU_MULTIPLE = re.compile(r"(\d+)\s+puzzles had (?:more than one|multiple) solution")
SCHOKU_NONE = re.compile(r"(\d+)\s+puzzles had no solution")
SCHOKU_TIME = re.compile(r"([0-9.]+)ms\s+\S+\s+solving time")
TDOKU_BUFFER = 96  # tdoku reads 16-byte vectors up to byte 80; byte 81 must end the puzzle


@dataclass
class Run:
    """One child process: CPU and wall seconds, and what it printed."""

    cpu: float
    wall: float
    stdout: str
    stderr: str


@dataclass
class Measures:
    """One set's figures, a list over the rounds each."""

    startup_cpu: list[float] = field(default_factory=list)
    startup_wall: list[float] = field(default_factory=list)
    sudokit_cpu: list[float] = field(default_factory=list)  # whole process
    sudokit_wall: list[float] = field(default_factory=list)
    sudokit_own: list[float] = field(default_factory=list)  # its summary's puzzles/s
    tdoku: list[float] = field(default_factory=list)  # its own puzzles/s
    schoku_cpu: list[float] = field(default_factory=list)
    schoku_own: list[float] = field(default_factory=list)  # its clock (-y): puzzles/s
    notes: list[str] = field(default_factory=list)


def child_cpu() -> float:
    """CPU seconds (user + sys) of the child processes this process has waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(command: Sequence[str | Path], timeout: float, env: dict[str, str] | None = None) -> Run:
    """Run a command to its end; its CPU and wall seconds and its output."""
    cpu_before, started = child_cpu(), time.perf_counter()
    done = subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, timeout=timeout, env=env
    )
    wall, cpu = time.perf_counter() - started, child_cpu() - cpu_before
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({done.returncode}): {done.stdout[-500:]}{done.stderr[-500:]}")
    return Run(cpu, wall, done.stdout, done.stderr)


def find_set(name: str, data: Path) -> Path | None:
    """The set's file in data, or else in the repository's data/ or tests/fixtures/."""
    for folder in (data, *FALLBACK_DATA):
        if (folder / SETS[name]).is_file():
            return folder / SETS[name]
    return None


def sudokit_env(scratch: Path, cold: bool) -> dict[str, str]:
    """The environment of the sudokit children: a bytecode cache in scratch unless cold."""
    env = dict(os.environ)
    if not cold:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    return env


def sudokit_summary(stderr: str) -> dict[str, float]:
    """The counts and rate of sudokit batch's stderr summary."""
    match = SUMMARY.search(stderr)
    if not match:
        raise SystemExit(f"cannot read sudokit batch's summary: {stderr!r}")
    keys = ("puzzles", "solved", "multiple", "unsolvable", "seconds", "rate")
    return {key: float(value.replace(",", "")) for key, value in zip(keys, match.groups(), strict=True)}


def run_sudokit(path: Path, out: Path, env: dict[str, str], timeout: float) -> tuple[Run, dict[str, float]]:
    """``sudokit batch PATH --jobs 1 -o OUT``: the run and its summary."""
    done = run([SUDOKIT, "batch", path, "--jobs", "1", "-o", out], timeout, env)
    return done, sudokit_summary(done.stderr)


def run_tdoku(tdoku: Path, path: Path, count: int, seconds: float, timeout: float) -> float:
    """Run tdoku's own loop on the file, counting to two: puzzles per second, as it prints them."""
    command: list[str | Path] = [tdoku, "-s", "tdoku", "-r0", "-w1", "-t", str(round(seconds))]
    command += ["-n", str(count), path]
    text = run(command, timeout).stdout
    for line in text.splitlines():
        if line.startswith("|tdoku"):
            return float(line.split("|")[2].replace(",", "").replace("'", ""))
    raise SystemExit(f"cannot read tdoku's output: {text!r}")


def run_schoku(schoku: Path, path: Path, out: Path, timeout: float) -> tuple[Run, int, int, float]:
    """Schoku in its uniqueness mode: the run, the puzzles with several and with no solution, its ms."""
    done = run([schoku, "-rm", "-t1", "-y", path, out], timeout)
    several = SCHOKU_MULTIPLE.search(done.stdout)
    none = SCHOKU_NONE.search(done.stdout)
    clock = SCHOKU_TIME.search(done.stdout)
    return (
        done,
        int(several[1]) if several else 0,
        int(none[1]) if none else 0,
        float(clock[1]) if clock else float("nan"),
    )


def tdoku_unique(library: Path, puzzles: list[str]) -> int:
    """Puzzles tdoku finds exactly one solution for (each counted to two through ctypes)."""
    solve = tdoku_solver(library)
    buffer = ctypes.create_string_buffer(TDOKU_BUFFER)
    solution = ctypes.create_string_buffer(TDOKU_BUFFER)
    guesses = ctypes.c_size_t()
    unique = 0
    for puzzle in puzzles:
        buffer.value = puzzle.encode()
        unique += solve(buffer, 2, 0, solution, ctypes.byref(guesses)) == 1
    return unique


def compare_solutions(puzzles: list[str], ours: Path, schoku: Path) -> list[str]:
    """Lines where sudokit's answer and Schoku's solution differ (at most 5 described, then a count)."""
    answers = ours.read_text().splitlines()
    theirs = [line.partition(",")[2] for line in schoku.read_text().splitlines()]
    differ = [
        i
        for i, (answer, solution) in enumerate(zip(answers, theirs, strict=False))
        if answer != solution[:81]
    ]
    if len(answers) != len(puzzles) or len(theirs) != len(puzzles):
        return [f"answer lines: sudokit {len(answers):,}, Schoku {len(theirs):,}, puzzles {len(puzzles):,}"]
    shown = [f"line {i + 1}: {puzzles[i]} sudokit {answers[i]} Schoku {theirs[i]}" for i in differ[:5]]
    return shown + ([f"... {len(differ):,} lines differ in all"] if len(differ) > 5 else [])


def spread(values: list[float], digits: int = 0) -> str:
    """Median and range; '-' when there are none."""
    values = [v for v in values if v == v]  # drop NaN
    if not values:
        return "-"
    return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f} to {max(values):,.{digits}f})"


def ratios(ours: list[float], theirs: list[float]) -> str:
    """The rounds' ratios ours / theirs: median and range."""
    values = [a / b for a, b in zip(ours, theirs, strict=False) if a == a and b == b and b > 0]
    return spread(values, 2) if values else "-"


def net_rates(count: int, measures: Measures) -> list[float]:
    """Puzzles per CPU second of sudokit each round, start-up subtracted (NaN when not above it)."""
    rates = []
    for whole, start in zip(measures.sudokit_cpu, measures.startup_cpu, strict=True):
        rates.append(count / (whole - start) if whole > start else float("nan"))
    return rates


def measure_set(
    name: str, source: Path, args: argparse.Namespace, scratch: Path
) -> tuple[int, int, Measures]:
    """Every round of the three programs on one set, rounds alternating.

    Returns the set's own puzzle count, the count of the file run (topped up) and the figures.
    """
    folder = scratch / name
    (folder / "as-is").mkdir(parents=True)
    originals = clean_copy(source, folder / "as-is", 0)[1]
    path, count = clean_copy(source, folder, args.least)
    puzzles = path.read_text().splitlines()
    one = folder / "one.txt"
    one.write_text(puzzles[0] + "\n")
    env = sudokit_env(scratch, args.cold_bytecode)
    measures = Measures()
    run_sudokit(one, folder / "one.out", env, args.timeout)  # untimed: fills the bytecode cache
    uniques: dict[str, set[int]] = {}

    def sudokit_round() -> None:
        starts = [
            run_sudokit(one, folder / "one.out", env, args.timeout)[0] for _ in range(args.startup_runs)
        ]
        measures.startup_cpu.append(statistics.median(s.cpu for s in starts))
        measures.startup_wall.append(statistics.median(s.wall for s in starts))
        done, summary = run_sudokit(path, folder / "sudokit.out", env, args.timeout)
        measures.sudokit_cpu.append(done.cpu)
        measures.sudokit_wall.append(done.wall)
        measures.sudokit_own.append(summary["rate"])
        if summary["puzzles"] != count or summary["unsolvable"]:
            measures.notes.append(f"sudokit: {done.stderr.strip()}")
        uniques.setdefault("sudokit", set()).add(int(summary["solved"] - summary["multiple"]))

    def tdoku_round() -> None:
        measures.tdoku.append(run_tdoku(args.tdoku, path, count, args.seconds, args.timeout))

    def schoku_round() -> None:
        done, several, none, ms = run_schoku(args.schoku, path, folder / "schoku.out", args.timeout)
        measures.schoku_cpu.append(done.cpu)
        measures.schoku_own.append(count / (ms / 1000) if ms > 0 else float("nan"))
        uniques.setdefault("Schoku", set()).add(count - several - none)

    jobs = [sudokit_round]
    jobs += [tdoku_round] if args.tdoku else []
    jobs += [schoku_round] if args.schoku else []
    for round_number in range(args.rounds):
        shift = round_number % len(jobs)
        for job in jobs[shift:] + jobs[:shift]:
            job()

    if args.tdoku_lib:
        uniques["tdoku"] = {tdoku_unique(args.tdoku_lib, puzzles)}
    counts = {who: sorted(found) for who, found in uniques.items()}
    flat = {value for found in counts.values() for value in found}
    said = ", ".join(f"{who} {'/'.join(f'{v:,}' for v in found)}" for who, found in counts.items())
    if len(flat) > 1:
        measures.notes.append(f"unique puzzles DISAGREE: {said}")
    else:
        measures.notes.append(f"unique puzzles: {said} (of {count:,})")
    if args.schoku:
        differ = compare_solutions(puzzles, folder / "sudokit.out", folder / "schoku.out")
        measures.notes += [f"sudokit vs Schoku solutions: {line}" for line in differ]
        if not differ:
            measures.notes.append("sudokit's and Schoku's solutions agree on every line")
    return originals, count, measures


def main() -> None:
    """Measure each set, rounds alternating, and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tdoku", type=Path, help="tdoku's run_benchmark, built by hand")
    parser.add_argument("--schoku", type=Path, help="Schoku's schoku, built by hand")
    parser.add_argument("--tdoku-lib", type=Path, help="tdoku's libtdoku_shared.so, for its unique count")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0, help="tdoku's timed passes per round")
    parser.add_argument("--sets", nargs="+", default=list(SETS), choices=list(SETS))
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of the sets' files")
    parser.add_argument("--least", type=int, default=20_000, help="top smaller sets up to this many")
    parser.add_argument("--startup-runs", type=int, default=3, help="one-puzzle runs a round (median)")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds any one program may take")
    parser.add_argument("--cold-bytecode", action="store_true", help="keep the caller's bytecode settings")
    args = parser.parse_args()

    print(f"sudokit: {SUDOKIT} batch FILE --jobs 1 -o OUT; start-up (the same command on the set's first")
    print(f"puzzle alone, median CPU of {args.startup_runs} a round) subtracted from its CPU time; bytecode")
    print("cache: " + ("the caller's environment" if args.cold_bytecode else "warm (PYTHONPYCACHEPREFIX)"))
    if args.tdoku:
        print(f"tdoku: {args.tdoku} -s tdoku -r0 -w1 -t {round(args.seconds)} -n COUNT FILE (its puzzles/s)")
    if args.schoku:
        print(f"Schoku: {args.schoku} -rm -t1 -y FILE OUT (CPU of the whole process)")
    print()
    rows, details, notes = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for name in args.sets:
            source = find_set(name, args.data)
            if source is None:
                notes.append(f"{name}: {SETS[name]} not found in {args.data} or the repository; skipped")
                continue
            originals, count, m = measure_set(name, source, args, scratch)
            label = f"{count:,}" if count == originals else f"{count:,} ({originals:,} + copies)"
            ours = net_rates(count, m)
            schoku = [count / cpu for cpu in m.schoku_cpu]
            rows.append(
                f"| {name} | {label} | {spread(ours)} | {spread(m.tdoku)} | {spread(schoku)} | "
                f"{ratios(ours, m.tdoku)} | {ratios(ours, schoku)} |"
            )
            details.append(
                f"| {name} | {spread(m.startup_cpu, 2)} | {spread(m.startup_wall, 2)} | "
                f"{spread(m.sudokit_cpu, 2)} | {spread(m.sudokit_wall, 2)} | "
                f"{spread([count / cpu for cpu in m.sudokit_cpu])} | {spread(m.sudokit_own)} | "
                f"{spread(m.schoku_cpu, 3)} | {spread(m.schoku_own)} |"
            )
            notes += [f"{name}: {note}" for note in m.notes]
            print(f"({name} done: {source})", file=sys.stderr, flush=True)
    print(
        "| set | puzzles | sudokit batch puzzles/CPU s (start-up subtracted) | tdoku puzzles/s (own loop) "
        "| Schoku puzzles/CPU s (whole process) | sudokit / tdoku | sudokit / Schoku |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print("\n".join(rows))
    print()
    print(
        "| set | sudokit start-up CPU s | start-up wall s | sudokit batch CPU s (whole) | wall s (whole) "
        "| puzzles/CPU s (whole) | batch's own summary puzzles/s | Schoku CPU s "
        "| Schoku's own clock puzzles/s |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    print("\n".join(details))
    print()
    print("\n".join(notes))


if __name__ == "__main__":
    main()
