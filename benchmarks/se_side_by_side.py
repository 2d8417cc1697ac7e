"""sudokit's Sudoku Explainer rating against SE 1.2.1.3 itself: agreement and speed.

Usage::

    python benchmarks/se_side_by_side.py RATED.txt [RATED.txt ...] [--time-limit 60] [--show]

Each RATED file has one line per puzzle, ``puzzle ER EP ED seconds``: the puzzle and what SE's
serate gave it, with SE's time for it (one warm JVM; the reference is built by hand outside the
repository, see benchmarks/README.md).  sudokit rates every puzzle (``sudokit.se.se_rate``, one
core) and the script prints, per file: ER exact, ER within 0.3, EP and ED exact, the rank
correlation of ER, the median and worst seconds of both with their ratio, and the ratio puzzle by
puzzle (median, tenth percentile, lowest, and on the 5% of puzzles SE takes longest on).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from sudokit.errors import SearchStopped
from sudokit.se.rating import se_rate


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rank correlation (ties get their mean rank)."""
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else 1.0


def _share(k: int, n: int) -> str:
    return f"{k} ({100 * k / n:.1f}%)"


def main() -> None:
    """Rate each file's puzzles and compare with SE's ratings and times."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rated", nargs="+", type=Path)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--show", action="store_true", help="print each puzzle whose rating differs")
    args = parser.parse_args()
    for file in args.rated:
        ours_er: list[float] = []
        theirs_er: list[float] = []
        ours_t: list[float] = []
        theirs_t: list[float] = []
        exact = close = ep = ed = stopped = 0
        for line in file.read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) < 5 or line.startswith("#"):
                continue
            puzzle, er, p, d, seconds = (
                parts[0],
                float(parts[1]),
                float(parts[2]),
                float(parts[3]),
                float(parts[4]),
            )
            values = [int(ch) if ch in "123456789" else 0 for ch in puzzle[:81]]
            started = time.perf_counter()
            try:
                rating = se_rate(values, time_limit=args.time_limit)
            except SearchStopped:
                stopped += 1
                continue
            ours_t.append(time.perf_counter() - started)
            theirs_t.append(seconds)
            mine = (round(rating.er, 1), round(rating.ep, 1), round(rating.ed, 1))
            ours_er.append(mine[0])
            theirs_er.append(er)
            exact += mine[0] == er
            close += abs(mine[0] - er) <= 0.30001
            ep += mine[1] == p
            ed += mine[2] == d
            if args.show and mine != (er, p, d):
                print(f"  {puzzle} SE {er}/{p}/{d} sudokit {mine[0]}/{mine[1]}/{mine[2]}")
        n = len(ours_er)
        if not n:
            print(f"{file.name}: no puzzles rated ({stopped} stopped)")
            continue
        print(
            f"{file.name}: {n} puzzles ({stopped} stopped by {args.time_limit:g} s):"
            f" ER exact {_share(exact, n)}, within 0.3 {_share(close, n)};"
            f" EP exact {_share(ep, n)}; ED exact {_share(ed, n)};"
            f" rank correlation {spearman(ours_er, theirs_er):.4f}"
        )
        med_o, med_t = statistics.median(ours_t), statistics.median(theirs_t)
        print(
            f"  seconds per puzzle: sudokit median {med_o * 1000:.1f} ms, worst {max(ours_t):.2f} s;"
            f" SE median {med_t * 1000:.1f} ms, worst {max(theirs_t):.2f} s;"
            f" SE/sudokit median {med_t / med_o:.2f}x, worst {max(theirs_t) / max(ours_t):.2f}x,"
            f" total {sum(theirs_t) / sum(ours_t):.2f}x"
        )
        # puzzle by puzzle (SE's times are whole milliseconds: a 0 counts as half of one)
        ratios = sorted(max(t, 0.0005) / o for t, o in zip(theirs_t, ours_t, strict=True))
        slow = sorted(range(n), key=lambda k: theirs_t[k])[-max(1, n // 20) :]
        slow_ratio = sum(theirs_t[k] for k in slow) / sum(ours_t[k] for k in slow)
        print(
            f"  SE/sudokit puzzle by puzzle: median {statistics.median(ratios):.1f}x,"
            f" tenth percentile {ratios[n // 10]:.1f}x, lowest {ratios[0]:.1f}x;"
            f" on the 5% SE takes longest: {slow_ratio:.1f}x"
        )


if __name__ == "__main__":
    main()
