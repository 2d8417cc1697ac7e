r"""sudokit's 9x9 fast path side by side with tdoku, the fastest 9x9 solver we know, in one run.

Usage: python benchmarks/tdoku_side_by_side.py --tdoku PATH/libtdoku.so [--repeat N] [--sets NAME ...]

tdoku (https://github.com/t-dillon/tdoku, BSD-2-Clause) is not in the repository and not on PyPI: build
it by hand and give the shared library's path, for example::

    g++ -O3 -march=native -std=c++17 -fno-exceptions -fno-rtti -shared -fPIC -Iinclude \
        src/solver_dpll_triad_simd.cc src/util.cc -o libtdoku.so

(``-msse4.2`` instead of ``-march=native`` gives its SSE build.)  Both solvers count to two on every
puzzle (the uniqueness check) on one thread; times are CPU seconds, the median of ``--repeat`` passes
over the set.  The rows:

* tdoku through ctypes, one call per puzzle (about 0.6 us of each call is ctypes);
* sudokit's core alone, ``_engine.solve_lines``: one call reads and solves a whole block in C, the
  nearest to tdoku's own C loop;
* sudokit's batch path, ``sudokit.solve_many`` (the core plus its Python side);
* sudokit's fast path per puzzle, ``_engine.solve9`` (a Python call per puzzle, as for tdoku).

Every answer goes through ``run.py``'s independent checker first: tdoku writes a solution only when
asked for one (limit 1), so one untimed limit-1 pass gives its solutions; sudokit's come from its count.
"""

from __future__ import annotations

import argparse
import ctypes
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import sudokit
from sudokit import _engine

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import DATA, SetSpec, check, lines_of

SETS = {
    "top1465": "puzzles3_magictour_top1465",
    "17-clue": "puzzles2_17_clue",
    "serg": "puzzles7_serg_benchmark",
    "top95": "sudoku-top95.txt",
}
EXPECT = {"serg": 2}  # solutions counted to two: the Serg set's puzzles have several
DIGITS = "123456789"
TDOKU_BUFFER = 96  # tdoku reads 16-byte vectors up to byte 80; byte 81 must end the puzzle


def cpu_median(job: Callable[[], object], repeat: int) -> float:
    """Median CPU seconds of repeat runs of job."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        job()
        times.append(time.process_time() - started)
    return statistics.median(times)


def tdoku_solver(path: Path) -> Callable[..., int]:
    """The C entry point ``TdokuSolverDpllTriadSimd`` from a hand-built shared library."""
    solve = ctypes.CDLL(str(path)).TdokuSolverDpllTriadSimd
    solve.argtypes = [
        ctypes.c_char_p,
        ctypes.c_size_t,
        ctypes.c_uint32,
        ctypes.c_char_p,
        ctypes.POINTER(ctypes.c_size_t),
    ]
    solve.restype = ctypes.c_size_t
    return solve  # type: ignore[no-any-return]


def measure(name: str, puzzles: list[str], solve: Callable[..., int], repeat: int) -> dict[str, float]:
    """Puzzles per CPU second of each row, after every answer of both solvers has been checked."""
    expect = EXPECT.get(name, 1)
    dotted = [p[:81].replace("0", ".") for p in puzzles]
    spec = SetSpec(name, dotted, 9, (3, 3), DIGITS, expect)
    buffers = [ctypes.create_string_buffer(p.encode("ascii"), TDOKU_BUFFER) for p in dotted]
    out = ctypes.create_string_buffer(TDOKU_BUFFER)
    guesses = ctypes.c_size_t(0)
    for puzzle, buffer in zip(dotted, buffers, strict=True):
        count = min(solve(buffer, 2, 0, out, ctypes.byref(guesses)), 2)
        assert solve(buffer, 1, 0, out, ctypes.byref(guesses)) == 1, f"tdoku: no solution for {puzzle}"
        check(spec, puzzle, count, out.raw[:81].decode("ascii"))
    text = "\n".join(dotted)
    data = text.encode("ascii")
    table = bytearray([254] * 256)  # -2 as a signed byte: neither a symbol nor a blank
    table[ord(".")] = 255  # -1: a blank
    for k, digit in enumerate(DIGITS):
        table[ord(digit)] = k
    table_view = memoryview(bytes(table)).cast("b")
    batch = sudokit.solve_many(text)
    for puzzle, result in zip(dotted, batch, strict=True):
        check(spec, puzzle, min(result.count, 2), result.solution)
    givens = [sudokit.parse(p).givens for p in dotted]
    counts = [_engine.solve9(g, 2)[1] for g in givens]
    assert all(min(c, 2) == expect for c in counts)

    def tdoku_pass() -> None:
        ref = ctypes.byref(guesses)
        for buffer in buffers:
            solve(buffer, 2, 0, out, ref)

    def core_pass() -> None:
        _engine.solve_lines(data, table_view, 81, 2)

    def batch_pass() -> None:
        sudokit.solve_many(text)

    def per_call_pass() -> None:
        for g in givens:
            _engine.solve9(g, 2)

    rows = {
        "tdoku, ctypes per puzzle": tdoku_pass,
        "sudokit core, solve_lines": core_pass,
        "sudokit batch, solve_many": batch_pass,
        "sudokit per puzzle, solve9": per_call_pass,
    }
    return {row: len(puzzles) / cpu_median(job, repeat) for row, job in rows.items()}


def main(argv: list[str] | None = None) -> None:
    """Run every set and print a table of rates and ratios to tdoku."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tdoku", type=Path, required=True, help="path of a hand-built libtdoku.so")
    parser.add_argument("--repeat", type=int, default=5, help="passes per row (the median is reported)")
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=list(SETS), help="sets to run")
    args = parser.parse_args(argv)
    solve = tdoku_solver(args.tdoku)
    print(f"sudokit {sudokit.__version__} (fast path: {_engine.fast9_instruction_set()}), tdoku {args.tdoku}")
    print()
    print("| set | puzzles | row | puzzles/s | x tdoku |")
    print("| --- | ---: | --- | ---: | ---: |")
    for name in args.sets:
        puzzles = lines_of(DATA / SETS[name])
        rates = measure(name, puzzles, solve, args.repeat)
        base = rates["tdoku, ctypes per puzzle"]
        for row, rate in rates.items():
            print(f"| {name} | {len(puzzles):,} | {row} | {rate:,.0f} | {rate / base:.2f} |", flush=True)


if __name__ == "__main__":
    main()
