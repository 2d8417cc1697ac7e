r"""The 9x9 fast path of two versions, puzzle by puzzle: which puzzles a change made slower, and by how much.

Usage: python benchmarks/fast9_before_after.py --before REV [--after REV] [--passes N] [--sets NAME ...]

Each version's C core (``git archive REV src/sudokit/_core``; ``--after`` defaults to the work tree) is
compiled with ``benchmarks/fast9_loop.c`` (``gcc -O3 -march=native``).  Both loops count every puzzle of a
set to two, ``--passes`` times, alternating the two versions pass block by pass block, and keep each
puzzle's fastest time (the least disturbed by this shared machine).  Printed per set: the total of those
times for each version and their ratio, the puzzles more than 10 % slower after (with at least a
microsecond's difference, below which the clock's noise dominates), and the worst ratio.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import DATA
from tdoku_loop import ROOT, SETS, build, clean_copy


def build_version(rev: str | None, out: Path, name: str) -> Path:
    """Compile the loop against the C core of rev (None: the work tree)."""
    if rev is None:
        return build(out, name)
    tree = out / f"{name}-tree"
    tree.mkdir()
    command = ["git", "-C", str(ROOT), "archive", rev, "src/sudokit/_core"]
    archive = subprocess.run(command, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    return build(out, name, tree / "src" / "sudokit" / "_core")


def fastest(binary: Path, path: Path, passes: int, out: Path) -> list[float]:
    """Each puzzle's fastest time in nanoseconds over passes."""
    times = out / "times.txt"
    subprocess.run([str(binary), str(path), str(passes), "0", str(times)], check=True, capture_output=True)
    return [float(line) for line in times.read_text().split()]


def main() -> None:
    """Build both versions, then compare them set by set."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="git revision of the version before")
    parser.add_argument("--after", default=None, help="git revision after (default: the work tree)")
    parser.add_argument("--passes", type=int, default=10, help="passes per block (three blocks each)")
    parser.add_argument("--sets", nargs="+", default=list(SETS), choices=list(SETS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch)
        before = build_version(args.before, out, "before")
        after = build_version(args.after, out, "after")
        print("| set | before, ms (sum of fastest) | after, ms | after / before | > 10 % slower | worst |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for name in args.sets:
            path, count = clean_copy(DATA / SETS[name], out, 0)
            old = [float("inf")] * count
            new = [float("inf")] * count
            for _ in range(3):
                old = [min(a, b) for a, b in zip(old, fastest(before, path, args.passes, out), strict=True)]
                new = [min(a, b) for a, b in zip(new, fastest(after, path, args.passes, out), strict=True)]
            pairs = list(zip(old, new, strict=True))
            later = [b / a for a, b in pairs if b - a > 1000]  # slower by a microsecond or more
            slower = [ratio for ratio in later if ratio > 1.1]
            worst = f"{max(later):.2f}" if later else "none 1 us slower"
            print(
                f"| {name} ({count:,}) | {sum(old) / 1e6:.2f} | {sum(new) / 1e6:.2f} | "
                f"{sum(new) / sum(old):.2f} | {len(slower)} | {worst} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
