"""Setters' published variant puzzles: does sudokit find each one's published solution and only it.

Usage: python benchmarks/variant_corpus.py CORPUS.jsonl [--source NAME] [--time-limit S] [--show KINDS]

CORPUS is JSON Lines, one puzzle per line with ``url`` (a SudokuPad or f-puzzles link or payload)
and ``solution`` (the published solution, digits row by row), as collected from public repositories
(SudokuPad and f-puzzles collections; the puzzles are their setters', so the corpus stays outside
the repository).  Each puzzle is read, counted to two solutions within ``--time-limit`` seconds,
and put in one class:

* ``solved``: every rule read, one solution, the published one;
* ``candidate``: rules left unread (the answer says "undetermined"), and the rules read leave one
  solution, the published one: sudokit's only candidate is right, but it is no verdict;
* ``wrong``: an answer the published solution contradicts, whatever the warnings: no solution, one
  solution other than the published one, the published solution breaking a rule sudokit read, or
  "several" given as a verdict (every rule read);
* ``unread``: rules left unread and two or more solutions under the rules read: not solved, not
  wrong (the answer says "undetermined");
* ``faulty``: the record itself is wrong, checked by hand: a classic puzzle (no rule but the
  grid's) whose published solution is one of several, or a record listed in ``FAULTY`` with the
  reason;
* ``error``: the link could not be read (the message says why);
* ``stopped``: the time limit came first.

Every puzzle also has the source of its weakest rule read (``--by-source``): ``typed`` (every rule
typed in the data: f-puzzles keys, SudokuPad's own lists), ``confirmed`` (a drawing read by
convention whose kind a sentence of the rules text names), or ``convention`` (a drawing read by
convention alone).  The summary gives the classes per source; ``--show`` lists the puzzles of some
classes with the reason, so that each wrong answer can be looked at.
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
    "iss:Sandwich snipe 18": (
        "two solutions (584137269... and 584937261...), each checked by hand against the grid and the 13 "
        "sandwich clues of 18: a snipe example of ISS's collection, not a unique puzzle"
    ),
}
"""Records whose published solution is wrong, with what was checked by hand."""


def classify(record: dict[str, Any], time_limit: float) -> dict[str, Any]:
    """Read, count and compare one puzzle: its class, the reason, the warning and the time taken."""
    started = time.perf_counter()
    out: dict[str, Any] = {"id": record.get("id"), "title": record.get("title"), "source": "none"}
    try:
        puzzle = sudokit.parse(record["url"])
    except SudokitError as exc:
        return out | {"class": "error", "reason": str(exc)[:200], "seconds": time.perf_counter() - started}
    out["read"] = puzzle.metadata.get("read", "")
    out["source"] = puzzle.metadata.get("read_by", "typed")
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
    out["verdict"] = result.verdict
    found = result.first.to_string().replace(" ", "") if result.first is not None else None
    if record.get("id") in FAULTY:
        return out | {"class": "faulty", "reason": FAULTY[str(record["id"])]}
    if faults:
        return out | {"class": "wrong", "reason": "the published solution breaks: " + "; ".join(faults[:3])}
    if result.count == 0 and result.stopped_by:
        return out | {"class": "stopped", "reason": f"{result.stopped_by} limit"}
    if result.count == 0:
        return out | {"class": "wrong", "reason": f"no solution: {result.reason or ''}"}
    if result.count == 1 and result.complete:
        if published and found != published.replace(" ", ""):
            return out | {"class": "wrong", "reason": "one solution, not the published one"}
        return out | {"class": "solved" if result.determined else "candidate"}
    if result.count == 1:
        return out | {"class": "stopped", "reason": f"uniqueness unknown ({result.stopped_by} limit)"}
    if not result.determined:
        return out | {"class": "unread", "reason": puzzle.warning}
    if not puzzle.grid.constraints and not unexplained(puzzle.metadata.get("ruleset", ""), []):
        return out | {
            "class": "faulty",
            "reason": "a classic puzzle with several solutions, the published one one of them",
        }
    return out | {"class": "wrong", "reason": "several solutions, and no rule left unread"}


CLASSES = ("solved", "candidate", "wrong", "unread", "faulty", "error", "stopped")
SOURCES = ("typed", "confirmed", "convention", "none")


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
    records = [r for r in records if r.get("url")]  # a record stated only in another tool's terms
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
    for name in CLASSES:
        print(f"{name:9} {classes[name]:5}  {100 * classes[name] / total:5.1f} %")
    print(f"{len(results)} puzzles in {elapsed:.1f} s")
    print("by the source of the weakest rule read:")
    print(f"  {'source':10} {'puzzles':>7} " + " ".join(f"{name:>9}" for name in CLASSES))
    for source in SOURCES:
        mine = [r for r in results if r["source"] == source]
        if mine:
            count = collections.Counter(r["class"] for r in mine)
            print(f"  {source:10} {len(mine):7} " + " ".join(f"{count[name]:9}" for name in CLASSES))
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
