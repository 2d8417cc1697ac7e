r"""sudokit's 9x9 fast path in a C loop side by side with tdoku's own benchmark loop, in one run.

Usage: python benchmarks/tdoku_loop.py --tdoku PATH/run_benchmark [--rounds N] [--seconds S] [--sets NAME ...]

tdoku (https://github.com/t-dillon/tdoku, BSD-2-Clause) is not in the repository: build its benchmark
program by hand, with only its own solver, for example::

    cmake .. -DCMAKE_BUILD_TYPE=Release -DOPT=O3 -DARCH=native && make run_benchmark

This script compiles ``benchmarks/fast9_loop.c`` with the same flags (``gcc -O3 -march=native``), then for
each set and round runs tdoku's loop (``-s tdoku -r0``: the puzzles as given, counted to two, as many
passes as fit in ``--seconds``) and sudokit's (counted to two, passes for as long). Sets of fewer than
``--least`` puzzles are first topped up with random equivalent copies (relabelled, rows, columns, bands
and stacks permuted, transposed), the same file for both, as tdoku's own benchmarks randomise theirs. Both
loops time passes with the monotonic clock (tdoku's ``steady_clock``); sudokit's also reports CPU seconds.
Rounds alternate the two, so that a busy spell of this shared machine falls on both. Printed: puzzles per
second for each, the median and the range over the rounds, the ratio (sudokit / tdoku, above 1: sudokit
faster), and the guesses per puzzle each reports (tdoku: binary guesses; sudokit: nodes, each tried
branch).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import DATA

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "src" / "sudokit" / "_core"
SETS = {
    "top1465": "puzzles3_magictour_top1465",
    "17-clue": "puzzles2_17_clue",
    "serg": "puzzles7_serg_benchmark",
    "top95": "sudoku-top95.txt",
    "hardest": "sudoku-hardest.txt",
}
OURS = re.compile(
    r"puzzles (\d+) unique \d+ passes \d+ cpu ([0-9.]+) wall ([0-9.]+) fastest [0-9.]+ guesses ([0-9.]+)"
)
HEADER = (
    "| set | tdoku puzzles/s | sudokit puzzles/s (wall) | sudokit puzzles/CPU s | ratio (wall) "
    "| guesses tdoku / sudokit nodes |"
)


def build(out: Path, name: str = "fast9_loop", core: Path = CORE) -> Path:
    """Compile sudokit's loop against the C core in core, with tdoku's flags; the binary's path."""
    binary = out / name
    sources = [
        ROOT / "benchmarks" / "fast9_loop.c",
        *(core / f for f in ("fast9.c", "generate.c", "engine.c", "lcg.c")),
    ]
    command = ["gcc", "-O3", "-march=native", f"-I{core}", *map(str, sources), "-lm", "-o", str(binary)]
    subprocess.run(command, check=True)
    return binary


def shuffled(puzzle: str, rng: random.Random) -> str:
    """Return an equivalent puzzle: the same solution count and difficulty.

    Digits relabelled, rows within bands, bands, columns within stacks and stacks permuted, and
    transposed half the time.
    """

    def order() -> list[int]:
        bands = rng.sample(range(3), 3)
        return [3 * band + row for band in bands for row in rng.sample(range(3), 3)]

    rows, cols = order(), order()
    digits = dict(zip("123456789", rng.sample("123456789", 9), strict=True))
    digits["."] = "."
    flip = rng.random() < 0.5
    cells = [puzzle[9 * (c if flip else r) + (r if flip else c)] for r in rows for c in cols]
    return "".join(digits[ch] for ch in cells)


def clean_copy(source: Path, out: Path, least: int) -> tuple[Path, int]:
    """The set's puzzles, one 81-character line each with '.' for empty cells (both loops read it).

    A set of fewer than least puzzles is topped up to least with random equivalent copies (seeded), so
    that neither loop runs over a handful of puzzles its branch predictor learns by heart.
    """
    lines = []
    for line in source.read_text().splitlines():
        line = line.strip()
        if len(line) >= 81 and re.fullmatch(r"[0-9.]{81}", line[:81]):
            lines.append(line[:81].replace("0", "."))
    rng = random.Random(2026)
    originals = list(lines)
    while len(lines) < least:
        lines.append(shuffled(rng.choice(originals), rng))
    path = out / source.name
    path.write_text("\n".join(lines) + "\n")
    return path, len(lines)


def run_ours(binary: Path, path: Path, seconds: float) -> tuple[float, float, float]:
    """Run sudokit's loop: puzzles per wall second, per CPU second, and guesses per puzzle."""
    command = [str(binary), str(path), "5", str(seconds)]
    text = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    match = OURS.search(text)
    if not match:
        raise SystemExit(f"cannot read sudokit's loop output: {text!r}")
    n, cpu, wall, guesses = int(match[1]), float(match[2]), float(match[3]), float(match[4])
    return n / wall, n / cpu, guesses


def run_theirs(tdoku: Path, path: Path, count: int, seconds: float) -> tuple[float, float]:
    """Run tdoku's loop: puzzles per (wall) second and guesses per puzzle, as it prints them."""
    command = [str(tdoku), "-s", "tdoku", "-r0", "-v0", "-w", "1", "-t", str(seconds), "-n", str(count)]
    command.append(str(path))
    text = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    for line in text.splitlines():
        if "tdoku" in line and "|" in line:
            cells = [c.strip().replace(",", "") for c in line.split("|") if c.strip()]
            numbers = [float(c.rstrip("%")) for c in cells if re.fullmatch(r"[0-9.]+%?", c)]
            # columns: puzzles/sec, usec/puzzle, %no_guess, guesses/puzzle
            return numbers[0], numbers[3]
    raise SystemExit(f"cannot read tdoku's output: {text!r}")


def spread(values: list[float]) -> str:
    """Median and range, as whole numbers."""
    return f"{statistics.median(values):,.0f} ({min(values):,.0f} to {max(values):,.0f})"


def main() -> None:
    """Build sudokit's loop, then time both loops on each set, rounds alternating."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tdoku", type=Path, required=True, help="tdoku's run_benchmark, built by hand")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0, help="timed passes per loop and round")
    parser.add_argument("--sets", nargs="+", default=list(SETS), choices=list(SETS))
    parser.add_argument("--least", type=int, default=20_000, help="top smaller sets up to this many")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch)
        binary = build(out)
        print(HEADER)
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for name in args.sets:
            path, count = clean_copy(DATA / SETS[name], out, args.least)
            theirs, ours, ours_cpu, ratios = [], [], [], []
            guess_theirs = guess_ours = 0.0
            for _ in range(args.rounds):
                speed, guess_theirs = run_theirs(args.tdoku, path, count, args.seconds)
                wall, cpu, guess_ours = run_ours(binary, path, args.seconds)
                theirs.append(speed)
                ours.append(wall)
                ours_cpu.append(cpu)
                ratios.append(wall / speed)
            print(
                f"| {name} ({count:,}) | {spread(theirs)} | {spread(ours)} | {spread(ours_cpu)} | "
                f"{statistics.median(ratios):.2f} ({min(ratios):.2f} to {max(ratios):.2f}) | "
                f"{guess_theirs:.2f} / {guess_ours:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
