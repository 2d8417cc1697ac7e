"""Run a HoDoKu regression-library file against sudokit's technique finders.

Usage: ``python benchmarks/hodoku_reglib.py PATH [--verbose] [--only CODE]``

Each case line is ``:<technique>:<digits>:<givens>:<deleted>:<eliminations>:<placements>:<extra>``.
As HoDoKu does, a case builds the pencil marks from the givens (``+d`` = placed, not given) and the
deleted candidates, runs only that technique, and passes when at least one step of it (about the
case's digits) is found and every such step has exactly the expected eliminations or placements.
A ``-x`` case passes when nothing is found.  Techniques sudokit does not implement are reported
as "not implemented", not as failures.  The library is GPL data: it is read from PATH, never
copied into the project.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from dataclasses import dataclass

from sudokit import Grid
from sudokit.logic.board import Board, layout_of
from sudokit.logic.step import BY_REGLIB, Step
from sudokit.logic.techniques import REGLIB_FLAGS, finders_for
from sudokit.model import EMPTY

CHAIN_LIKE = ("0701", "0702", "0706", "0707", "0708", "0709", "0710", "0711", "09", "11", "13")
"""Codes whose digits field names the eliminated candidates (chains, nice loops, AICs, ALS, Sue de Coq,
forcing chains): as in HoDoKu's tester, a step is about the case when the set of symbols it removes
(or places) equals that field."""


@dataclass
class Case:
    """One line of the library."""

    line_no: int
    code: str
    variant: str
    digits: frozenset[int]
    givens: str
    deleted: list[tuple[int, int]]
    eliminations: frozenset[tuple[int, int]]
    placements: frozenset[tuple[int, int]]

    @property
    def base(self) -> str:
        """The 4-digit technique code (siamese fish use a fifth digit)."""
        return self.code[:4]

    @property
    def fail_case(self) -> bool:
        """True for ``-x`` cases, where nothing may be found."""
        return self.variant == "x"


def _cells(text: str) -> list[tuple[int, int]]:
    out = []
    for item in text.split():
        d, r, c = int(item[0]), int(item[1]), int(item[2])
        out.append(((r - 1) * 9 + c - 1, d - 1))
    return out


def read_cases(path: str) -> list[Case]:
    """Every case line of a library file (comment lines start with '#')."""
    cases = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.startswith(":"):
                continue
            fields = line.rstrip("\n").split(":")
            code, _, variant = fields[1].partition("-")
            cases.append(
                Case(
                    number,
                    code,
                    variant,
                    frozenset(int(ch) - 1 for ch in fields[2] if ch.isdigit()),
                    fields[3],
                    _cells(fields[4]),
                    frozenset(_cells(fields[5])),
                    frozenset(_cells(fields[6])),
                )
            )
    return cases


def board_of(case: Case) -> Board:
    """The case's pencil-mark state: all placed digits, their peers cleared, deletions applied."""
    layout = layout_of(Grid.classic(9))
    board = Board(layout, [EMPTY] * 81, [(1 << 9) - 1] * 81, [False] * 81, unique=True)
    given = [False] * 81
    cell = 0
    placed = False
    for ch in case.givens:
        if ch == "+":
            placed = True
            continue
        if ch.isdigit() and ch != "0":
            board.place(cell, int(ch) - 1)
            given[cell] = not placed
        cell += 1
        placed = False
    board.given = tuple(given)
    board.delete(case.deleted)
    board.flags = REGLIB_FLAGS.get(f"{case.code}-{case.variant}") or REGLIB_FLAGS.get(
        f"{case.base}-{case.variant}", frozenset()
    )  # siamese fish (5-digit codes) have flags of their own
    return board


def relevant(case: Case, step: Step) -> bool:
    """Tell whether the step is about the case's digits (the library header says what they mean)."""
    if case.base.startswith("00"):
        return bool({d for _, d in step.placements} & case.digits)
    if case.base.startswith(CHAIN_LIKE):
        return {d for _, d in step.eliminations + step.placements} == case.digits
    return case.digits <= set(step.digits)


def run_case(case: Case) -> tuple[str, list[Step]]:
    """``pass``, ``fail`` or ``n/i``, and the relevant steps found."""
    technique = BY_REGLIB.get(case.base)
    if technique is None:
        return "n/i", []
    finders = finders_for(technique.key)
    if not finders:
        return "n/i", []
    board = board_of(case)
    steps = [s for f in finders for s in f.find(board) if s.technique == technique.key and relevant(case, s)]
    if case.fail_case:
        return ("pass" if not steps else "fail"), steps
    if not steps:
        return "fail", steps
    for step in steps:
        if frozenset(step.eliminations) != case.eliminations or frozenset(step.placements) != case.placements:
            return "fail", steps
    return "pass", steps


def _fmt(pairs: frozenset[tuple[int, int]] | tuple[tuple[int, int], ...]) -> str:
    return " ".join(sorted(f"{d + 1}{c // 9 + 1}{c % 9 + 1}" for c, d in pairs)) or "-"


def main(argv: list[str] | None = None) -> int:
    """Run the library and print a table per technique and the summary line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--verbose", "-v", action="store_true", help="show every failing case")
    parser.add_argument("--only", help="run only cases whose code starts with this")
    args = parser.parse_args(argv)
    cases = read_cases(args.path)
    if args.only:
        cases = [c for c in cases if c.code.startswith(args.only)]
    tally: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    lenient = 0
    seconds: dict[str, float] = defaultdict(float)
    for case in cases:
        start = time.perf_counter()
        outcome, steps = run_case(case)
        seconds[case.base] += time.perf_counter() - start
        tally[case.base][outcome] += 1
        if outcome == "pass" or (
            outcome == "fail"
            and not case.fail_case
            and any(
                frozenset(s.eliminations) == case.eliminations and frozenset(s.placements) == case.placements
                for s in steps
            )
        ):
            lenient += 1
        if outcome == "fail" and args.verbose:
            found = {(_fmt(s.eliminations), _fmt(s.placements)) for s in steps}
            print(
                f"  FAIL line {case.line_no} {case.code}-{case.variant}: expected "
                f"elim {_fmt(case.eliminations)} place {_fmt(case.placements)}; found {sorted(found)[:6]}"
            )
    print(f"{'code':6} {'technique':40} {'pass':>5} {'fail':>5} {'n/i':>5} {'seconds':>8}")
    for code in sorted(tally):
        t = tally[code]
        name = BY_REGLIB[code].name if code in BY_REGLIB else "(unknown code)"
        print(f"{code:6} {name:40} {t['pass']:5} {t['fail']:5} {t['n/i']:5} {seconds[code]:8.2f}")
    passed = sum(t["pass"] for t in tally.values())
    failed = sum(t["fail"] for t in tally.values())
    missing = sum(t["n/i"] for t in tally.values())
    print(f"(a step with exactly the expected result was found in {lenient} cases)")
    print(f"passed {passed} of {len(cases)} cases ({failed} failed, {missing} not implemented)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
