"""Setters' published variant puzzles: does sudokit find each one's published solution and only it.

Usage: python benchmarks/variant_corpus.py CORPUS.jsonl [--source NAME] [--time-limit S] [--show KINDS]

CORPUS is JSON Lines, one puzzle per line with ``url`` (a SudokuPad or f-puzzles link or payload)
and ``solution`` (the published solution, digits row by row), as collected from public repositories
(SudokuPad and f-puzzles collections; the puzzles are their setters', so the corpus stays outside
the repository).  Each puzzle is read, counted to two solutions within ``--time-limit`` seconds,
and put in one class:

* ``solved``: one solution, the published one;
* ``wrong``: a wrong answer: no solution, one solution other than the published one, the published
  solution breaking a rule sudokit read, or two solutions, with no rule left unread;
* ``flagged``: the same, but the answer names rules it did not read (the puzzle's warning), so it
  is not given as the puzzle's answer;
* ``unread``: two or more solutions, and the answer names the rules it did not read: not solved,
  not wrong;
* ``faulty``: the record itself is wrong, checked by hand: a classic puzzle (no rule but the
  grid's) whose published solution is one of several, or a record listed in ``FAULTY`` with the
  reason;
* ``error``: the link could not be read (the message says why);
* ``stopped``: the time limit came first.

The summary gives the share of each class; ``--show`` lists the puzzles of some classes with the
reason, so that each wrong answer can be looked at.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path
from typing import Any

import sudokit
from sudokit.errors import SudokitError
from sudokit.formats.rules_text import unexplained

FAULTY = {
    "sphenpad:bH8FJtL3F3": "its published solution breaks its own cage at r1c3 (sum 19): 7 + 9 + 2 = 18",
    "sigh-ISS:L638": "two solutions: ISS finds both too (a benchmark of its collection, not a unique puzzle)",
}
"""Records whose published solution is wrong, with what was checked by hand."""


def classify(record: dict[str, Any], time_limit: float) -> dict[str, Any]:
    """Read, count and compare one puzzle: its class, the reason, the warning and the time taken."""
    started = time.perf_counter()
    out: dict[str, Any] = {"id": record.get("id"), "title": record.get("title")}
    try:
        puzzle = sudokit.parse(record["url"])
    except SudokitError as exc:
        return out | {"class": "error", "reason": str(exc)[:200], "seconds": time.perf_counter() - started}
    out["read"] = puzzle.metadata.get("read", "")
    out["constraints"] = sorted({c.kind for c in puzzle.grid.constraints})
    out["warning"] = puzzle.warning
    published = record.get("solution")
    if isinstance(published, list):
        published = " ".join(map(str, published))
    faults: list[str] = []
    if published and len(published.replace(" ", "")) >= len(puzzle.grid.cells):
        try:
            faults = sudokit.Solution.from_string(published, puzzle).violations()
        except SudokitError as exc:
            faults = [str(exc)]
    try:
        result = sudokit.count_solutions(puzzle, 2, time_limit=time_limit)
    except SudokitError as exc:
        return out | {"class": "error", "reason": str(exc)[:200], "seconds": time.perf_counter() - started}
    out["seconds"] = time.perf_counter() - started
    out["count"] = result.count
    found = result.first.to_string().replace(" ", "") if result.first is not None else None
    wrong = "flagged" if puzzle.warning else "wrong"
    if record.get("id") in FAULTY:
        return out | {"class": "faulty", "reason": FAULTY[str(record["id"])]}
    if faults:
        return out | {"class": wrong, "reason": "the published solution breaks: " + "; ".join(faults[:3])}
    if result.count == 0 and result.stopped_by:
        return out | {"class": "stopped", "reason": f"{result.stopped_by} limit"}
    if result.count == 0:
        return out | {"class": wrong, "reason": f"no solution: {result.reason or ''}"}
    if result.count == 1 and result.complete:
        if published and found != published.replace(" ", ""):
            return out | {"class": wrong, "reason": "one solution, not the published one"}
        return out | {"class": "solved"}
    if result.count == 1:
        return out | {"class": "stopped", "reason": f"uniqueness unknown ({result.stopped_by} limit)"}
    if puzzle.warning:
        return out | {"class": "unread", "reason": puzzle.warning}
    if not puzzle.grid.constraints and not unexplained(puzzle.metadata.get("ruleset", ""), []):
        return out | {
            "class": "faulty",
            "reason": "a classic puzzle with several solutions, the published one one of them",
        }
    return out | {"class": "wrong", "reason": "several solutions, and no rule left unread"}


def main() -> None:
    """Classify every puzzle of the corpus and print the summary (and the puzzles asked for)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--source", action="append", help="only puzzles whose source_repo contains this")
    parser.add_argument(
        "--native", choices=["yes", "no"], help="only puzzles made natively in SudokuPad (or not)"
    )
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--limit", type=int, default=0, help="at most this many puzzles")
    parser.add_argument("--show", action="append", default=[], help="list the puzzles of this class")
    parser.add_argument("--json", type=Path, help="write every puzzle's result here (JSON Lines)")
    args = parser.parse_args()
    with args.corpus.open(encoding="utf-8") as handle:  # \n only: rules texts may hold U+2028
        records = [json.loads(line) for line in handle if line.strip()]
    if args.source:
        records = [r for r in records if any(s in str(r.get("source_repo", "")) for s in args.source)]
    if args.native:
        records = [r for r in records if bool(r.get("native")) == (args.native == "yes")]
    if args.limit:
        records = records[: args.limit]
    results = []
    started = time.perf_counter()
    for record in records:
        results.append(classify(record, args.time_limit))
    elapsed = time.perf_counter() - started
    classes = collections.Counter(r["class"] for r in results)
    total = len(results) or 1
    for name in ("solved", "wrong", "flagged", "unread", "faulty", "error", "stopped"):
        print(f"{name:8} {classes[name]:5}  {100 * classes[name] / total:5.1f} %")
    print(f"{len(results)} puzzles in {elapsed:.1f} s")
    for result in results:
        if result["class"] in args.show:
            print(f"- {result['class']}: {result['id']} ({result.get('title')}): {result.get('reason')}")
            print(f"    read: {result.get('constraints')}  {result.get('seconds', 0):.2f} s")
            if result.get("warning") and result["class"] != "unread":
                print(f"    {result['warning'][:300]}")
    if args.json:
        with args.json.open("w") as handle:
            for result in results:
                handle.write(json.dumps(result) + "\n")
    sys.exit(0)


if __name__ == "__main__":
    main()
