"""Time a 100-puzzle PDF booklet (puzzles two to a page, solutions six to a page at the back).

Usage: python benchmarks/pdf_booklet.py [--count N] [--repeat R]

Puzzles are made first (classic and killer, seeded) and not timed; each repeat times
:func:`sudokit.pdf.render_pdf` alone, then the whole command ``sudokit generate -n N --pdf`` as a user
runs it (making the puzzles included).  Medians and ranges; the VM is shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import sudokit
from sudokit.pdf import render_pdf


def main() -> None:
    """Print the booklet's times for each kind of puzzle."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for variant in (None, "killer"):
        made = [sudokit.generate(seed=k, variant=variant or ()) for k in range(args.count)]
        puzzles, solutions = [m.puzzle for m in made], [m.solution.values for m in made]
        times = []
        size = 0
        for _ in range(args.repeat):
            started = time.perf_counter()
            size = len(render_pdf(puzzles, solutions))
            times.append(time.perf_counter() - started)
        name = variant or "classic"
        print(
            f"{name}: render_pdf of {args.count} puzzles and solutions: "
            f"median {statistics.median(times):.2f} s ({min(times):.2f}-{max(times):.2f}), "
            f"{size / 1024:.0f} KiB"
        )
        command = [sys.executable, "-m", "sudokit", "generate", "-n", str(args.count), "--seed", "1", "--pdf"]
        if variant:
            command += ["--variant", variant]
        with tempfile.TemporaryDirectory() as scratch:
            started = time.perf_counter()
            subprocess.run([*command, "-o", str(Path(scratch) / "b.pdf")], check=True)
            took = time.perf_counter() - started
            print(f"{name}: sudokit generate -n {args.count} --pdf, whole command: {took:.2f} s")


if __name__ == "__main__":
    main()
