"""The Interactive Sudoku Solver's example puzzles, read from ISS's own strings: does sudokit agree with ISS.

Usage: python benchmarks/iss_conformance.py [CORPUS.jsonl] [--time-limit S] [--show CLASS] [--json OUT]

CORPUS (default /work/corpus/iss.jsonl) is JSON Lines with ``id``, ``iss`` (the puzzle as ISS writes it:
a constraint string such as ``.~R1C1_5.Thermo~R9C4~R8C3``, or one of ISS's text inputs) and
``solution`` (ISS's published solution, digits row by row); records without ``iss`` are skipped.
Each puzzle is read with :func:`sudokit.formats.iss.read_iss`, counted to two solutions within
``--time-limit`` seconds, its published solution checked against every rule read
(``Solution.violations``), and put in one class:

* ``solved``: every item read, one solution, the published one;
* ``candidate``: items left unread (the answer is "undetermined"), and the published solution is one
  of the rules read's solutions; ``only`` in the summary counts those whose rules read already leave
  the published solution alone;
* ``unread``: items left unread that may change a rule read (a composite), and the published
  solution breaks a rule read: too little read to say anything;
* ``wrong``: a verdict the published solution contradicts: one solution other than the published one,
  "several" or "no solution" with every item read, no solution under rules the published solution
  keeps, or the published solution breaking a rule read on a puzzle read as certain;
* ``faulty``: the record itself is wrong, checked by hand (listed in ``FAULTY`` with what was checked);
* ``stopped``: the time limit came first (every item read);
* ``error``: the string could not be read, or the count failed (the message says why).

``--show wrong`` (repeatable, any class) lists those puzzles with the reason and what was left unread.
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
from sudokit.errors import SearchStopped, SudokitError
from sudokit.formats.iss import read_iss

CLASSES = ("solved", "candidate", "unread", "wrong", "faulty", "stopped", "error")
DEFAULT_CORPUS = Path("/work/corpus/iss.jsonl")
FAULTY = {
    "iss:Sandwich snipe 18": (
        "two solutions, 584137269... (the published one) and 584937261..., each checked by a plain "
        "Python check of rows, columns, boxes and the 13 sandwich clues of 18: a snipe example of "
        "ISS's collection, not a unique puzzle"
    ),
}
"""Records whose published solution is not the puzzle's only one, with what was checked by hand."""


def classify(record: dict[str, Any], time_limit: float) -> dict[str, Any]:
    """Read, count and check one puzzle against its published solution: its class and why."""
    started = time.perf_counter()
    out: dict[str, Any] = {"id": record.get("id"), "only": False}
    try:
        puzzle = read_iss(record["iss"])
    except SudokitError as exc:
        return out | {
            "class": "error",
            "reason": f"not read: {exc}",
            "seconds": time.perf_counter() - started,
        }
    out["kinds"] = sorted({c.kind for c in puzzle.grid.constraints})
    out["unread"] = list(puzzle.unread)
    out["certain"] = puzzle.certain
    published = str(record.get("solution") or "")
    try:
        faults = sudokit.Solution.from_string(published, puzzle).violations()
        result = sudokit.count_solutions(puzzle, 2, time_limit=time_limit)
    except SearchStopped as exc:  # the published digits' unknowns not settled in time
        return out | {"class": "stopped", "reason": str(exc), "seconds": time.perf_counter() - started}
    except SudokitError as exc:
        return out | {"class": "error", "reason": str(exc), "seconds": time.perf_counter() - started}
    out["seconds"] = time.perf_counter() - started
    out["count"] = result.count
    found = result.first.to_string().replace(" ", "") if result.first is not None else None
    determined = puzzle.determined
    if record.get("id") in FAULTY and not faults and result.count >= 2:
        return out | {"class": "faulty", "reason": FAULTY[str(record["id"])]}
    if faults:
        broken = "the published solution breaks a rule read: " + "; ".join(faults[:3])
        if puzzle.certain:
            return out | {"class": "wrong", "reason": broken}
        return out | {"class": "unread", "reason": broken + " (an unread composite may change it)"}
    if result.count == 0:
        if result.complete:
            return out | {
                "class": "wrong",
                "reason": "no solution, yet the published one keeps every rule read",
            }
        return out | {
            "class": "stopped" if determined else "candidate",
            "reason": f"{result.stopped_by} limit",
        }
    other = found != published
    if determined:
        if other:
            return out | {"class": "wrong", "reason": f"several solutions: the published one and {found}"}
        if result.count >= 2:
            return out | {"class": "wrong", "reason": "several solutions, every item read"}
        if not result.complete:
            return out | {"class": "stopped", "reason": f"uniqueness unknown ({result.stopped_by} limit)"}
        return out | {"class": "solved"}
    if result.count == 1 and result.complete and other:
        return out | {
            "class": "wrong",
            "reason": f"one solution of the rules read, {found}, not the published one",
        }
    only = result.count == 1 and result.complete
    return out | {"class": "candidate", "only": only, "reason": "; ".join(puzzle.unread)}


def main() -> None:
    """Classify every puzzle with an ISS string and print the counts (and the puzzles asked for)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("corpus", type=Path, nargs="?", default=DEFAULT_CORPUS)
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per count (default 10)")
    parser.add_argument("--show", action="append", default=[], help="list the puzzles of this class")
    parser.add_argument("--json", type=Path, help="write every puzzle's result here (JSON Lines)")
    args = parser.parse_args()
    with args.corpus.open(encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    records = [r for r in records if r.get("iss")]
    started = time.perf_counter()
    results = []
    for record in records:
        result = classify(record, args.time_limit)
        results.append(result)
        if result["class"] == "error":
            print(f"error: {result['id']}: {result['reason']}", file=sys.stderr)
    elapsed = time.perf_counter() - started
    classes = collections.Counter(r["class"] for r in results)
    total = len(results) or 1
    for name in CLASSES:
        extra = ""
        if name == "candidate":
            alone = sum(r["only"] for r in results)
            extra = f"  ({alone} with the published solution the rules read's only one)"
        print(f"{name:9} {classes[name]:4}  {100 * classes[name] / total:5.1f} %{extra}")
    print(f"{len(results)} puzzles in {elapsed:.1f} s (time limit {args.time_limit:g} s a count)")
    unread = collections.Counter(
        item.split(" (")[0].split(" x")[0] for r in results for item in r.get("unread", [])
    )
    if unread:
        print("unread items, by class (puzzles):", ", ".join(f"{k} {v}" for k, v in unread.most_common()))
    for result in results:
        if result["class"] in args.show:
            print(f"- {result['class']}: {result['id']}: {result.get('reason', '')}")
            print(f"    read: {', '.join(result.get('kinds', []))}  ({result.get('seconds', 0):.2f} s)")
            if result.get("unread") and result["class"] != "candidate":
                print(f"    unread: {'; '.join(result['unread'])}")
    if args.json:
        with args.json.open("w", encoding="utf-8") as handle:
            for result in results:
                handle.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
