"""Variant puzzles from setters' links: sudokit against pencilmark, puzzle by puzzle.

Usage: python benchmarks/variants_bench.py [--repeat N] [--peer-python PATH] [--json]

The puzzles are every f-puzzles test puzzle the tests hold (``tests/fixtures/variants``: the eight of
``fpuzzles-variants.jsonl`` and the six of ``fpuzzles-samples/``) plus three built here with the
constraints those lack (sandwich + X-sum + skyscraper outside clues; renban, between, entropic and
modular lines with a quadruple; arrows, zipper and region sum lines), each as its f-puzzles link.

For each puzzle and solver the figure is the wall time from the link to a proved count: read the
link, then search for up to two solutions (sudokit: ``parse`` then ``count_solutions(puzzle, 2)``;
pencilmark: ``sources.load`` then ``puzzle_json.from_json`` and ``solve``, which proves uniqueness or
raises).  The median of ``--repeat`` runs, each in a fresh reading of the link (sudokit's compiled
automata are cached per process, so the first run is reported too).  pencilmark runs in a child
process of ``--peer-python`` (default ``/tmp/pmvenv/bin/python``, a venv with ``pip install
pencilmark``); every answer is checked against the published solution here.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import sudokit
from sudokit import Grid, Puzzle, variants

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "tests" / "fixtures" / "variants"

PEER = r"""
import json, statistics, sys, time
from pencilmark import puzzle_json, solve, sources
link, repeat = sys.argv[1], int(sys.argv[2])
times, answer, error = [], None, None
for _ in range(repeat):
    start = time.perf_counter()
    try:
        p = puzzle_json.from_json(sources.load(link))
        p.finalize()
        answer = "".join(map(str, solve(p)))
    except Exception as exc:
        error = f"{type(exc).__name__}: {str(exc)[:80]}"
        break
    times.append(time.perf_counter() - start)
print(json.dumps({"times": times, "answer": answer, "error": error}))
"""


def built_puzzles() -> list[tuple[str, str, str]]:
    """Three puzzles with the constraints the fixtures lack: (name, f-puzzles link, solution)."""
    made = []
    specs = {
        "outside clues": _outside,
        "lines + quadruple": _lines,
        "arrows + zipper + region sum": _sums,
    }
    for name, build in specs.items():
        grid = build()
        result = sudokit.generate(grid=grid, seed=11)
        made.append((name, sudokit.dumps(result.puzzle, "fpuzzles").strip(), result.solution.to_string()))
    return made


_TRUTH = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _outside() -> Grid:
    """Sandwich clues on rows, X-sums on columns (top), skyscrapers on columns (bottom), from _TRUTH."""
    v = [int(ch) for ch in _TRUTH]
    grid = Grid.classic(9)
    for r in range(0, 9, 2):
        row = v[r * 9 : r * 9 + 9]
        i, j = sorted((row.index(1), row.index(9)))
        grid = variants.sandwich(grid, "left", r, sum(row[i + 1 : j]))
    for c in range(1, 9, 3):
        col = [v[r * 9 + c] for r in range(9)]
        grid = variants.x_sum(grid, "top", c, sum(col[: col[0]]))
        back = col[::-1]
        seen = sum(1 for k, x in enumerate(back) if all(x > y for y in back[:k]))
        grid = variants.skyscraper(grid, "bottom", c, seen)
    return grid


def _lines() -> Grid:
    grid = Grid.classic(9)
    grid = variants.renban(grid, [(0, 0), (1, 1), (2, 2)])
    grid = variants.between(grid, [(3, 0), (3, 1), (3, 2), (3, 3)])
    grid = variants.entropic(grid, [(5, 5), (5, 6), (5, 7), (5, 8)])
    grid = variants.modular(grid, [(7, 0), (7, 1), (7, 2), (8, 2)])
    grid = variants.quadruple(grid, (0, 6), [1, 2])
    return grid


def _sums() -> Grid:
    grid = Grid.classic(9)
    grid = variants.arrow(grid, [(0, 0)], [(0, 1), (1, 2)])
    grid = variants.arrow(grid, [(8, 8)], [(7, 8), (6, 7)])
    grid = variants.zipper(grid, [(4, 2), (4, 3), (4, 4), (4, 5), (4, 6)])
    grid = variants.region_sum_line(grid, [(2, 4), (3, 4), (3, 5)])
    return grid


def fixtures() -> list[tuple[str, str, str]]:
    """(name, f-puzzles link, solution) of every f-puzzles puzzle the tests hold."""
    found = []
    for line in (FIXTURES / "fpuzzles-variants.jsonl").read_text().splitlines():
        record = json.loads(line)
        found.append(
            (
                record["id"],
                "https://www.f-puzzles.com/?load=" + record["fpuzzles"],
                "".join(record["solution"]),
            )
        )
    samples = FIXTURES / "fpuzzles-samples"
    for entry in json.loads((samples / "index.json").read_text()):
        payload = (samples / f"{entry['file']}.fpuzzles.txt").read_text().strip()
        found.append((entry["file"], "https://www.f-puzzles.com/?load=" + payload, entry["solution"]))
    return found


def run_sudokit(link: str, repeat: int) -> dict[str, Any]:
    """Read the link and count up to two solutions, ``repeat`` times: the times, answer and count."""
    times, answer, count = [], None, 0
    for _ in range(repeat):
        start = time.perf_counter()
        puzzle: Puzzle = sudokit.parse(link)
        result = sudokit.count_solutions(puzzle, 2)
        times.append(time.perf_counter() - start)
        count = result.count
        answer = result.first.to_string() if result.first else None
    return {"times": times, "answer": answer, "count": count}


def run_peer(python: str, link: str, repeat: int) -> dict[str, Any]:
    """Pencilmark on the link in a child process: its times and answer, or the error it gave."""
    try:
        done = subprocess.run(
            [python, "-c", PEER, link, str(repeat)], capture_output=True, text=True, timeout=600
        )
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, json.JSONDecodeError, IndexError) as exc:
        return {"times": [], "answer": None, "error": f"peer did not run: {exc}"}


def main() -> None:
    """Run both solvers on every puzzle and print one line per puzzle (or the raw figures as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--peer-python", default="/tmp/pmvenv/bin/python")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    args = parser.parse_args()
    rows = []
    for name, link, solution in fixtures() + built_puzzles():
        ours = run_sudokit(link, args.repeat)
        theirs = run_peer(args.peer_python, link, args.repeat)
        rows.append((name, solution, ours, theirs))
    if args.json:
        print(json.dumps([{"name": n, "sudokit": o, "pencilmark": t} for n, _, o, t in rows], indent=1))
        return
    print(f"{'puzzle':46} {'sudokit':>22} {'pencilmark':>26} {'ratio':>8}")
    for name, solution, ours, theirs in rows:
        ok = "unique" if ours["count"] == 1 and ours["answer"] == solution else f"WRONG ({ours['count']})"
        mine = statistics.median(ours["times"]) * 1000
        first = ours["times"][0] * 1000
        ours_text = f"{ok} {mine:6.1f} ms ({first:.0f} first)"
        if theirs.get("error"):
            peer_text, ratio = theirs["error"][:26], ""
        else:
            peer_ok = "unique" if theirs["answer"] == solution else "WRONG"
            peer = statistics.median(theirs["times"]) * 1000
            peer_text = f"{peer_ok} {peer:8.1f} ms"
            ratio = f"{peer / mine:7.0f}x"
        print(f"{name[:46]:46} {ours_text:>22} {peer_text:>26} {ratio:>8}")
    print(f"\nsudokit {sudokit.__version__}, Python {sys.version.split()[0]}, median of {args.repeat} runs")


if __name__ == "__main__":
    main()
