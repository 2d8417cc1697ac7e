r"""sudokit side by side with the Interactive Sudoku Solver (ISS), puzzle by puzzle, in one run.

Usage: python benchmarks/iss_side_by_side.py --iss PATH/run.mjs CORPUS.jsonl [...] [--repeat N] [--json OUT]

ISS (https://github.com/sigh/Interactive-Sudoku-Solver, MIT) is an independent variant solver whose
engine runs under Node.js.  It is not in the repository: check it out by hand and point ``--iss`` at a
small command-line harness around its engine that reads one f-puzzles link per line and prints one
JSON object per puzzle (``count``, ``complete``, ``solution``, ``ms`` = median solve time of
``--repeat`` runs, ``guesses``, ``build_ms``), as ``tools/lib/puzzle_runner.js`` of ISS does.

CORPUS files are JSON Lines with ``url`` (an f-puzzles or SudokuPad link) and ``solution``.  Every
puzzle sudokit reads with no rule left unread is written as an f-puzzles link by sudokit's own
writer (so SudokuPad puzzles can be given to ISS, which reads f-puzzles), and both solvers count it
to two solutions:

* sudokit: ``count_solutions(puzzle, 2)`` on the parsed puzzle, the median of ``--repeat`` runs
  (wall time in the process; the first run, which compiles the puzzle's tables, is reported too);
* ISS: the median of its ``--repeat`` solve runs, as its harness times them (its constraint
  building, ``build_ms``, comes before and is not in the figure, as sudokit's parse is not).

The answers must agree (the count, and the solution when unique) and match the published solution;
a puzzle ISS refuses is listed with its reason.  The summary gives the ratios per puzzle (ISS time /
sudokit time: above 1 means sudokit is faster), their median and the slowest puzzles.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import sudokit
from sudokit.errors import SudokitError


def sudokit_side(record: dict[str, Any], repeat: int) -> dict[str, Any] | None:
    """Read, write as f-puzzles and time one puzzle in sudokit; None when a rule was not read."""
    try:
        puzzle = sudokit.parse(record["url"])
    except SudokitError as exc:
        return {"error": str(exc)[:120]}
    if puzzle.warning:
        return None
    try:
        link = sudokit.dumps(puzzle, "fpuzzles")
    except SudokitError as exc:
        return {"error": f"not written as f-puzzles: {str(exc)[:100]}"}
    times = []
    result = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(repeat):
            started = time.perf_counter()
            result = sudokit.count_solutions(puzzle, 2, time_limit=60)
            times.append(time.perf_counter() - started)
    assert result is not None
    first = result.first.to_string().replace(" ", "").replace("\n", "") if result.first else None
    return {
        "link": link,
        "count": result.count,
        "complete": result.complete,
        "solution": first,
        "nodes": result.nodes,
        "ms": statistics.median(times) * 1000,
        "first_ms": times[0] * 1000,
        "kinds": sorted({c.kind for c in puzzle.grid.constraints}),
    }


def iss_side(iss: Path, links: list[str], repeat: int, timeout: float) -> list[dict[str, Any]]:
    """Run the ISS harness on the links (one per line); its JSON answer per link, in order."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(links) + "\n")
        path = handle.name
    done = subprocess.run(
        ["node", str(iss), "--limit", "2", "--repeat", str(repeat), path],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    Path(path).unlink()
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    if len(answers) != len(links):
        raise SystemExit(f"ISS answered {len(answers)} of {len(links)} puzzles: {done.stderr[-500:]}")
    return answers


def main() -> None:
    """Time both solvers on every puzzle both read and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, nargs="+")
    parser.add_argument("--iss", type=Path, required=True, help="the ISS command-line harness (run.mjs)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=int, default=0, help="at most this many puzzles per file")
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds for the whole ISS run")
    parser.add_argument("--json", type=Path, help="write every puzzle's figures here (JSON Lines)")
    parser.add_argument("--show", type=int, default=15, help="list this many of the closest puzzles")
    args = parser.parse_args()
    records = []
    for corpus in args.corpus:
        with corpus.open(encoding="utf-8") as handle:
            rows = [json.loads(line) for line in handle if line.strip()]
        records += rows[: args.limit] if args.limit else rows
    ours = []
    skipped = 0
    for record in records:
        side = sudokit_side(record, args.repeat)
        if side is None or "error" in side:
            skipped += 1
            continue
        ours.append((record, side))
    theirs = iss_side(args.iss, [side["link"] for _, side in ours], args.repeat, args.timeout)
    rows = []
    for (record, mine), other in zip(ours, theirs, strict=True):
        published = record.get("solution")
        published = "".join(published) if isinstance(published, list) else published
        row = {
            "id": record.get("id"),
            "title": record.get("title"),
            "kinds": mine["kinds"],
            "sudokit_count": mine["count"],
            "sudokit_ms": round(mine["ms"], 3),
            "sudokit_first_ms": round(mine["first_ms"], 3),
            "sudokit_nodes": mine["nodes"],
            "matches_published": mine["solution"] == published if mine["count"] == 1 else None,
        }
        if "error" in other:
            row["iss_error"] = str(other["error"])[:120]
        else:
            row |= {
                "iss_count": other["count"],
                "iss_ms": other["ms"],
                "iss_guesses": other.get("guesses"),
                "agree": other["count"] == mine["count"]
                and (mine["count"] != 1 or other.get("solution") == mine["solution"]),
                "ratio": other["ms"] / mine["ms"] if mine["ms"] > 0 else None,
            }
        rows.append(row)
    if args.json:
        with args.json.open("w", encoding="utf-8") as out:
            for row in rows:
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
    both = [r for r in rows if "ratio" in r]
    refused = [r for r in rows if "iss_error" in r]
    disagree = [r for r in both if not r["agree"]]
    wrong = [r for r in rows if r["matches_published"] is False]
    ratios = sorted(r["ratio"] for r in both)
    print(
        f"{len(records)} puzzles: {len(rows)} read in full by sudokit ({skipped} not), "
        f"{len(both)} also by ISS ({len(refused)} refused)"
    )
    print(f"answers disagree on {len(disagree)}; sudokit differs from the published solution on {len(wrong)}")
    if ratios:
        slower = [r for r in both if r["ratio"] < 1]
        print(
            f"ISS time / sudokit time: median {statistics.median(ratios):.1f}x, "
            f"lowest {ratios[0]:.2f}x, highest {ratios[-1]:.0f}x; sudokit slower on {len(slower)}"
        )
        print(
            f"sudokit median {statistics.median(r['sudokit_ms'] for r in both):.2f} ms, "
            f"ISS median {statistics.median(r['iss_ms'] for r in both):.2f} ms"
        )
    print()
    print(
        f"{'puzzle':42} {'kinds':36} {'sudokit ms':>10} {'nodes':>7} {'ISS ms':>8} {'guesses':>7} "
        f"{'ratio':>6}"
    )
    for r in sorted(both, key=lambda r: r["ratio"])[: args.show]:
        print(
            f"{str(r['title'])[:42]:42} {','.join(r['kinds'])[:36]:36} {r['sudokit_ms']:10.3f} "
            f"{r['sudokit_nodes']:7} {r['iss_ms']:8.3f} {r['iss_guesses'] or 0:7} {r['ratio']:6.2f}"
        )
    summary(both)
    for r in disagree:
        print(f"DISAGREE {r['id']} {r['title']}: sudokit {r['sudokit_count']}, ISS {r['iss_count']}")
    for r in refused[:10]:
        print(f"ISS refused {r['title']}: {r['iss_error']}")
    sys.exit(1 if disagree or wrong else 0)


def summary(both: list[dict[str, Any]]) -> None:
    """Totals, the issue's targets, the per-kind table and each solver's ten slowest puzzles."""
    if not both:
        return
    ours, theirs = sum(r["sudokit_ms"] for r in both), sum(r["iss_ms"] for r in both)
    print()
    print(f"total: sudokit {ours:.1f} ms, ISS {theirs:.1f} ms (sudokit / ISS {ours / theirs:.2f})")
    hard = [r for r in both if r["iss_ms"] > 10]
    behind = [r for r in hard if r["ratio"] < 1]
    print(f"puzzles where ISS takes over 10 ms: {len(hard)}, sudokit slower on {len(behind)}")
    print()
    print("| kind | puzzles | median ISS / sudokit | sudokit slower |")
    print("| --- | ---: | ---: | ---: |")
    kinds = sorted({k for r in both for k in r["kinds"]})
    for kind in kinds:
        having = [r for r in both if kind in r["kinds"]]
        median = statistics.median(r["ratio"] for r in having)
        slower = sum(r["ratio"] < 1 for r in having)
        print(f"| {kind} | {len(having)} | {median:.1f}x | {slower} |")
    for name, key, other in (("sudokit", "sudokit_ms", "iss_ms"), ("ISS", "iss_ms", "sudokit_ms")):
        print()
        print(
            f"ten slowest for {name}: "
            + "; ".join(
                f"{r['title']} {r[key]:.1f} ms (other {r[other]:.1f})"
                for r in sorted(both, key=lambda r: -r[key])[:10]
            )
        )


if __name__ == "__main__":
    main()
