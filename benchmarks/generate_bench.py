"""sudokit's puzzle generator against its peers, and what it makes: sizes, variants, levels, uniformity.

Usage: python benchmarks/generate_bench.py [--quick] [--repeat N] [--peer-cap SECONDS] [--sections LIST]
                                           [--levels-count N] [--technique-time SECONDS] ...

Every figure is CPU time on one thread (``time.process_time``; peers: the CPU time of a child process),
and every puzzle counted is checked here, independently of the generator, on a sample at least.

1. ``peers``: minimal unique 9x9 puzzles, no other condition: ``sudokit.generate_many`` with a fixed seed
   (the median of ``--repeat`` runs; also with rot180 symmetry) against the peers of ``generate_peers.py``,
   each run in a child process of ``--peer-python`` for at most ``--peer-cap`` CPU seconds (or
   ``--peer-count`` puzzles).  Per generator: puzzles per CPU second, the fraction of a sample that is
   unique and minimal (``sudokit.count_solutions``; minimal: every given is needed, cell by cell), the
   mean number of givens, and sudokit's rate over the peer's.
2. ``sizes``: 4x4, 6x6, 16x16 and 25x25 puzzles, CPU time of each.
3. ``variants``: x, windoku, anti-knight, non-consecutive, jigsaw, killer (cages only, and with givens),
   samurai and odd/even, one puzzle after another on one core; each checked unique.
4. ``levels``: ``level=`` each of easy .. extreme; every puzzle re-rated with ``sudokit.rate``.
5. ``techniques``: the techniques used most in the logical paths (``sudokit.explain``) of random minimal
   puzzles, then ``technique=`` for each; every puzzle's path re-checked for the technique.
6. ``uniformity``: of the solution grids: all 288 4x4 grids (chi-square), an exact reference for 6x6
   (completions counted with ``sudokit.count_solutions``), and the band statistic of 9x9 grids.

Chi-square p-values use the regularized upper incomplete gamma function (series and continued fraction,
as in Numerical Recipes), written here since scipy is not a dependency; the Wilson-Hilferty normal
approximation is printed next to it as a cross-check.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import permutations, product
from pathlib import Path
from typing import Any

import sudokit
from sudokit.generator import LEVELS, Generated, GenerationError
from sudokit.logic import TECHNIQUES
from sudokit.model import EMPTY, Grid, Puzzle

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SECTIONS = ("peers", "sizes", "variants", "levels", "techniques", "uniformity")
PEER_ORDER = ("rustoku", "qqwing", "hodoku-py", "pencilmark")

# The child program that runs one peer: ``python -c DRIVER BENCH_DIR NAME COUNT CAP SEED``.  It times only
# the generation (its own CPU time plus that of the processes it waited for: qqwing runs as one), stops
# after CAP CPU seconds or COUNT puzzles, and prints {"puzzles": [...], "cpu": seconds} as JSON.  QQWing
# seeds itself from the clock, so it is called once for the measurement, after a probe of 200 puzzles
# that sizes that call to the cap.
DRIVER = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
import generate_peers
name, count, cap, seed = sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
make = generate_peers.PEERS[name]

def cpu():
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime

puzzles = []
if name == "qqwing":
    start = cpu()
    make(200, seed)
    probe = max(cpu() - start, 1e-3)
    size = max(1, min(count, int(cap * 200 / probe)))
    time.sleep(1.1)  # a new second of the clock: another seed than the probe's
    start = cpu()
    puzzles = make(size, seed)
    spent = cpu() - start
else:
    batch = 1 if name == "pencilmark" else 50
    start = cpu()
    while len(puzzles) < count and cpu() - start < cap:
        puzzles += make(min(batch, count - len(puzzles)), seed + len(puzzles))
    spent = cpu() - start
json.dump({"puzzles": puzzles, "cpu": spent}, sys.stdout)
"""


@dataclass
class Config:
    """Counts and bounds of one run (``--quick`` shrinks them)."""

    repeat: int = 3
    count9: int = 5_000
    sample: int = 500
    peer_cap: float = 30.0
    peer_count: int = 20_000
    peer_python: str = "/tmp/peervenv/bin/python"
    peers: tuple[str, ...] = PEER_ORDER
    sizes: dict[int, int] = field(default_factory=lambda: {4: 1_000, 6: 1_000, 16: 200, 25: 5})
    variant_scale: float = 1.0
    levels_count: int = 200
    explain_count: int = 300
    techniques: int = 30
    technique_puzzles: int = 3
    technique_time: float = 120.0
    uniform4: int = 28_800
    uniform6: int = 36_000
    uniform9: int = 20_000
    seed: int = 20261201


# ---------------------------------------------------------------------------------------------- output


def say(text: str) -> None:
    """Progress on stderr (the tables go to stdout)."""
    print(text, file=sys.stderr, flush=True)


def fmt(value: float, digits: int = 0) -> str:
    """A number with thousands separators and ``digits`` decimals (more for small values)."""
    if isinstance(value, int):
        return f"{value:,}"
    if value != value or math.isinf(value):
        return str(value)
    if digits == 0 and abs(value) < 100:
        digits = 1 if abs(value) >= 10 else 2
    return f"{value:,.{digits}f}"


def pct(part: float, whole: float) -> str:
    """A fraction as a percentage, or an empty cell when there is nothing to divide."""
    return f"{100 * part / whole:.1f} %" if whole else ""


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], left: int = 1) -> None:
    """Print a markdown table; the first ``left`` columns are left-aligned, the rest right-aligned."""
    print("| " + " | ".join(headers) + " |")
    print("| " + " | ".join("---" if i < left else "---:" for i in range(len(headers))) + " |")
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")
    print(flush=True)


# ------------------------------------------------------------------------------------------ statistics


def gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x): a series below x = a + 1, a continued fraction above."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(100_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return math.exp(log_front) * h


def chi2_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with ``df`` degrees of freedom."""
    return gamma_q(df / 2, statistic / 2)


def chi2_p_wilson_hilferty(statistic: float, df: int) -> float:
    """The same p-value by the Wilson-Hilferty normal approximation (a cross-check)."""
    z = ((statistic / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def chi_square(observed: Sequence[int], expected: Sequence[float]) -> tuple[float, int, float, float]:
    """Pearson's statistic, degrees of freedom and the two p-values (exact gamma, Wilson-Hilferty)."""
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True) if e > 0)
    df = sum(1 for e in expected if e > 0) - 1
    return stat, df, chi2_p(stat, df), chi2_p_wilson_hilferty(stat, df)


def fmt_p(p: float) -> str:
    """A p-value with enough digits to read."""
    return f"{p:.3g}"


# ------------------------------------------------------------------------------------------- checking


def unique(puzzle: Puzzle | str, time_limit: float | None = None) -> bool | None:
    """Whether a puzzle has exactly one solution (None when the check ran out of time)."""
    result = sudokit.count_solutions(puzzle, 2, time_limit=time_limit)
    if result.stopped_by == "time":
        return None
    return result.count == 1


def minimal_line(line: str) -> bool:
    """Whether every given of a unique 81-character puzzle line is needed, cell by cell."""
    for i, ch in enumerate(line):
        if ch != ".":
            fewer = line[:i] + "." + line[i + 1 :]
            if sudokit.count_solutions(fewer, 2).count == 1:
                return False
    return True


def line_of(puzzle: Puzzle) -> str:
    """A classic 9x9 puzzle as an 81-character line with '.' for empty cells."""
    return "".join("." if g == EMPTY else str(g + 1) for g in puzzle.givens)


@dataclass
class SampleCheck:
    """Independent checks of a sample of 9x9 puzzle lines."""

    checked: int
    unique: int
    minimal: int
    givens: float
    distinct: int
    total: int


def check_lines(lines: Sequence[str], sample: int, seed: int) -> SampleCheck:
    """Uniqueness and minimality of a random sample of lines; mean givens and distinct lines of all."""
    chosen = random.Random(seed).sample(list(lines), min(sample, len(lines)))
    unique_ = [line for line in chosen if unique(line)]
    minimal = sum(1 for line in unique_ if minimal_line(line))
    givens = statistics.fmean(81 - line.count(".") for line in lines) if lines else float("nan")
    return SampleCheck(len(chosen), len(unique_), minimal, givens, len(set(lines)), len(lines))


def make_each(
    count: int, seed: int, size: int = 9, **options: Any
) -> tuple[list[Generated], list[float], list[str]]:
    """``generate(seed=seed + i)`` for i < count (what ``generate_many`` does with one job), each timed.

    Returns the puzzles, each one's CPU seconds, and the messages of the seeds that failed.
    """
    made: list[Generated] = []
    times: list[float] = []
    failures: list[str] = []
    for i in range(count):
        started = time.process_time()
        try:
            made.append(sudokit.generate(size, seed=seed + i, **options))
            times.append(time.process_time() - started)
        except GenerationError as exc:
            failures.append(f"seed {seed + i}: {exc} ({time.process_time() - started:.1f} CPU s)")
    return made, times, failures


# ------------------------------------------------------------------------------------ 1. against peers


def sudokit_rate(count: int, seed: int, repeat: int, **options: Any) -> tuple[list[float], list[Generated]]:
    """Puzzles per CPU second of ``generate_many`` (one per repeat run) and the puzzles of the last run."""
    rates = []
    made: list[Generated] = []
    first: list[str] | None = None
    for _ in range(repeat):
        started = time.process_time()
        made = list(sudokit.generate_many(count, seed=seed, **options))
        rates.append(count / (time.process_time() - started))
        lines = [line_of(g.puzzle) for g in made]
        if first is None:
            first = lines
        elif lines != first:
            raise AssertionError("the same seed gave other puzzles")
    return rates, made


@dataclass
class PeerResult:
    """What one peer made within its cap."""

    name: str
    puzzles: list[str]
    cpu: float
    child_cpu: float
    error: str | None = None

    @property
    def rate(self) -> float:
        """Puzzles per CPU second of generation."""
        return len(self.puzzles) / self.cpu if self.cpu > 0 else 0.0


def run_peer(name: str, config: Config) -> PeerResult:
    """Run one peer's adapter in a child process of the peer interpreter and collect its puzzles."""
    command = [
        config.peer_python,
        "-c",
        DRIVER,
        str(HERE),
        name,
        str(config.peer_count),
        str(config.peer_cap),
        str(config.seed),
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=4 * config.peer_cap + 120, check=False
        )
    except subprocess.TimeoutExpired:
        return PeerResult(name, [], 0.0, 0.0, "timed out")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    child = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return PeerResult(name, [], 0.0, child, f"failed: {last}")
    data = json.loads(done.stdout)
    return PeerResult(name, list(data["puzzles"]), float(data["cpu"]), child)


def peer_versions(config: Config) -> dict[str, str]:
    """The peers' versions, from ``generate_peers.versions()`` in the peer interpreter."""
    code = f"import sys, json; sys.path.insert(0, {str(HERE)!r}); import generate_peers as g; "
    code += "print(json.dumps(g.versions()))"
    try:
        done = subprocess.run([config.peer_python, "-c", code], capture_output=True, text=True, check=True)
        return dict(json.loads(done.stdout))
    except (OSError, subprocess.CalledProcessError, json.JSONDecodeError) as exc:
        return {"error": str(exc)}


def section_peers(config: Config) -> None:
    """Minimal unique 9x9 puzzles per CPU second: sudokit (plain, rot180) and each peer."""
    print("## 1. Minimal unique 9x9 puzzles, sudokit against its peers\n")
    rows = []
    say("peers: sudokit")
    rates, made = sudokit_rate(config.count9, config.seed, config.repeat)
    base = statistics.median(rates)
    sym_rates, sym_made = sudokit_rate(config.count9, config.seed, config.repeat, symmetry="rot180")
    for label, runs, puzzles in (("sudokit", rates, made), ("sudokit, rot180", sym_rates, sym_made)):
        check = check_lines([line_of(g.puzzle) for g in puzzles], config.sample, config.seed)
        claimed = sum(g.minimal for g in puzzles)
        rows.append(
            [
                label,
                f"{fmt(len(puzzles))} x {len(runs)}",
                fmt(statistics.median(runs)),
                f"{fmt(min(runs))} to {fmt(max(runs))}",
                pct(check.unique, check.checked),
                f"{pct(check.minimal, check.checked)} (claimed {pct(claimed, len(puzzles))})",
                fmt(check.givens, 1),
                pct(check.distinct, check.total),
                "",
                f"{fmt(base / statistics.median(runs), 2)}x" if label != "sudokit" else "",
            ]
        )
    for name in config.peers:
        say(f"peers: {name}")
        result = run_peer(name, config)
        if result.error or not result.puzzles:
            rows.append([name, result.error or "no puzzles", "", "", "", "", "", "", "", ""])
            continue
        check = check_lines(result.puzzles, config.sample, config.seed)
        rows.append(
            [
                name,
                fmt(len(result.puzzles)),
                fmt(result.rate),
                f"{fmt(result.cpu, 1)} s in loop",
                pct(check.unique, check.checked),
                pct(check.minimal, check.checked),
                fmt(check.givens, 1),
                pct(check.distinct, check.total),
                fmt(result.child_cpu, 1),
                f"{fmt(base / result.rate)}x",
            ]
        )
    headers = [
        "generator",
        "puzzles",
        "puzzles / CPU s",
        "range (sudokit: runs)",
        "unique",
        "minimal",
        "mean givens",
        "distinct",
        "child CPU s",
        "sudokit / this",
    ]
    table(headers, rows)
    print(
        f"Unique and minimal: on a random sample of up to {fmt(config.sample)} puzzles of each, checked with "
        "`sudokit.count_solutions(..., 2)` (minimal: no single given can go). `claimed`: `Generated.minimal`"
        " (with rot180: no symmetric pair of givens can go). Peers: the rate is over the CPU time of the "
        "generation loop in the child; `child CPU s` is the whole child process (interpreter start-up and "
        "imports included).\n"
    )


# ----------------------------------------------------------------------------------------------- 2. sizes


def section_sizes(config: Config) -> None:
    """CPU time per puzzle for 4x4, 6x6, 16x16 and 25x25."""
    print("## 2. Sizes (minimal unique, no other condition)\n")
    rows = []
    for size, count in config.sizes.items():
        say(f"sizes: {size}x{size} x {count}")
        made, times, failures = make_each(count, config.seed, size)
        limit = 120.0 if size > 16 else None
        checks = [unique(g.puzzle, limit) for g in made]
        ms = [1000 * t for t in times]
        rows.append(
            [
                f"{size}x{size}",
                fmt(len(made)) + (f" ({len(failures)} failed)" if failures else ""),
                fmt(statistics.fmean(ms), 2),
                fmt(statistics.median(ms), 2),
                fmt(max(ms), 2),
                fmt(len(ms) / (sum(times) or 1e-9)),
                fmt(statistics.fmean(g.givens for g in made), 1),
                pct(sum(g.minimal for g in made), len(made)),
                f"{checks.count(True)} of {len(made)}"
                + (f" ({checks.count(None)} out of time)" if None in checks else ""),
            ]
        )
        for failure in failures:
            print(f"* {size}x{size}: {failure}")
    table(
        [
            "size",
            "puzzles",
            "ms mean",
            "ms median",
            "ms max",
            "puzzles / CPU s",
            "mean givens",
            "minimal",
            "unique (checked)",
        ],
        rows,
    )
    print(
        "`minimal` is `Generated.minimal`: on 25x25 each uniqueness check of the reduction stops after "
        "512 guesses by default and keeps its given, so those puzzles are unique but need not be minimal. "
        "`unique (checked)`: `count_solutions(puzzle, 2)` after generation (25x25: 120 s each at most).\n"
    )


# -------------------------------------------------------------------------------------------- 3. variants


VARIANT_RUNS: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("x (diagonals)", {"variant": "x"}, 200),
    ("windoku", {"variant": "windoku"}, 200),
    ("anti-knight", {"variant": "antiknight"}, 100),
    ("non-consecutive", {"variant": "nonconsecutive"}, 10),
    ("jigsaw", {"variant": "jigsaw"}, 100),
    ("killer, cages only", {"variant": "killer"}, 100),
    ("killer, cages and givens", {"variant": "killer", "cage_givens": True}, 100),
    ("samurai", {"variant": "samurai"}, 100),
    ("odd/even", {"variant": "odd-even"}, 200),
)


def section_variants(config: Config) -> None:
    """Puzzles per CPU second for the variants, one after another on one core."""
    print("## 3. Variants (9x9 unless a multi-grid; one core)\n")
    rows = []
    for label, options, count in VARIANT_RUNS:
        count = max(2, round(count * config.variant_scale))
        say(f"variants: {label} x {count}")
        made, times, failures = make_each(count, config.seed, **options)
        checks = [unique(g.puzzle, 60.0) for g in made]
        cages = [len(g.puzzle.grid.cages) for g in made]
        ms = [1000 * t for t in times]
        rows.append(
            [
                label,
                fmt(len(made)) + (f" ({len(failures)} failed)" if failures else ""),
                fmt(len(ms) / (sum(times) or 1e-9)),
                fmt(statistics.fmean(ms), 2),
                fmt(max(ms), 1),
                fmt(statistics.fmean(g.attempts for g in made), 1),
                fmt(statistics.fmean(g.givens for g in made), 1),
                fmt(statistics.fmean(cages), 1) if any(cages) else "",
                f"{checks.count(True)} of {len(made)}",
            ]
        )
        for failure in failures[:3]:
            print(f"* {label}: {failure}")
    table(
        [
            "variant",
            "puzzles",
            "puzzles / CPU s",
            "ms mean",
            "ms max",
            "attempts mean",
            "mean givens",
            "mean cages",
            "unique (checked)",
        ],
        rows,
    )
    print(
        "Each puzzle is `generate(variant=..., seed=S + i)` on its own; `unique (checked)` is "
        "`count_solutions(puzzle, 2)` afterwards. `attempts`: random grids (and cage layouts) tried.\n"
    )


# ---------------------------------------------------------------------------------------------- 4. levels


def section_levels(config: Config) -> None:
    """Puzzles of each level per CPU second; every puzzle re-rated."""
    print("## 4. Graded puzzles (`level=`)\n")
    rows = []
    for level in LEVELS:
        say(f"levels: {level} x {config.levels_count}")
        made, times, failures = make_each(config.levels_count, config.seed, level=level)
        started = time.process_time()
        labels = Counter(sudokit.rate(g.puzzle).level.label for g in made)
        verify = time.process_time() - started
        wrong = sum(n for label, n in labels.items() if label != level)
        rows.append(
            [
                level,
                fmt(len(made)) + (f" ({len(failures)} failed)" if failures else ""),
                fmt(len(times) / (sum(times) or 1e-9)),
                fmt(1000 * statistics.fmean(times), 1),
                fmt(1000 * max(times), 0),
                fmt(statistics.fmean(g.attempts for g in made), 1),
                fmt(statistics.fmean(g.givens for g in made), 1),
                f"{wrong}" + (f" ({dict(labels)})" if wrong else ""),
                fmt(1000 * verify / max(1, len(made)), 1),
            ]
        )
        for failure in failures[:3]:
            print(f"* {level}: {failure}")
    table(
        [
            "level",
            "puzzles",
            "puzzles / CPU s",
            "ms mean",
            "ms max",
            "attempts mean",
            "mean givens",
            "level mismatches",
            "re-rating ms each",
        ],
        rows,
    )
    print(
        "Times include the rating of every candidate (the generator rates each attempt until one has the "
        "level). `level mismatches`: puzzles whose `sudokit.rate(puzzle).level.label` is not the level "
        "asked for (must be 0).\n"
    )


# ------------------------------------------------------------------------------------------ 5. techniques


def technique_usage(config: Config) -> tuple[Counter[str], Counter[str], float]:
    """Per technique, the sampled puzzles whose path uses it and its steps; mean ms of an explain."""
    puzzles: Counter[str] = Counter()
    steps: Counter[str] = Counter()
    started = time.process_time()
    for g in sudokit.generate_many(config.explain_count, seed=config.seed + 7_000_000):
        path = sudokit.explain(g.puzzle, time_limit=60.0)
        keys = [step.technique for step in path.steps if step.technique != "guess"]
        steps.update(keys)
        puzzles.update(set(keys))
    return puzzles, steps, 1000 * (time.process_time() - started) / max(1, config.explain_count)


def section_techniques(config: Config) -> None:
    """``technique=`` for the techniques used most in the paths of random minimal puzzles."""
    print("## 5. Techniques (`technique=`)\n")
    say(f"techniques: explaining {config.explain_count} random minimal puzzles")
    used, steps, explain_ms = technique_usage(config)
    ranked = sorted(used, key=lambda key: (-used[key], -steps[key], key))[: config.techniques]
    rows = []
    for rank, key in enumerate(ranked, 1):
        say(f"techniques: {rank} {key}")
        made: list[Generated] = []
        times: list[float] = []
        failure = ""
        for j in range(config.technique_puzzles):
            started = time.process_time()
            try:
                made.append(
                    sudokit.generate(seed=config.seed + j, technique=key, time_limit=config.technique_time)
                )
                times.append(time.process_time() - started)
            except GenerationError:
                failure = f"not found in {fmt(config.technique_time)} s"
                break
        verified = 0
        for g in made:
            path = sudokit.explain(g.puzzle, time_limit=120.0)
            verified += any(step.technique == key for step in path.steps)
        rows.append(
            [
                rank,
                f"{TECHNIQUES[key].name} (`{key}`)",
                f"{used[key]} of {config.explain_count}",
                fmt(steps[key]),
                f"{len(made)} of {config.technique_puzzles}" + (f": {failure}" if failure else ""),
                fmt(statistics.fmean(times), 2) if times else "",
                fmt(max(times), 2) if times else "",
                fmt(statistics.fmean(g.attempts for g in made), 0) if made else "",
                f"{verified} of {len(made)}",
            ]
        )
    table(
        [
            "rank",
            "technique",
            "puzzles using it",
            "steps",
            "made",
            "CPU s each, mean",
            "max",
            "attempts mean",
            "path uses it (checked)",
        ],
        rows,
        left=2,
    )
    print(
        f"Ranked by the number of {fmt(config.explain_count)} random minimal puzzles "
        f"(`generate_many(seed=...)`) whose `sudokit.explain` path uses the technique (ties: by steps; "
        f"`guess` left out); explaining took {fmt(explain_ms, 1)} ms a puzzle on average. Each technique "
        f"then `generate(seed=S + j, technique=key, time_limit={fmt(config.technique_time)})`, stopping "
        "at its first failure; every puzzle made is explained again and must use the technique.\n"
    )


# ------------------------------------------------------------------------------------------ 6. uniformity


def grids(count: int, seed: int, size: int, **options: Any) -> list[tuple[int, ...]]:
    """The solution grids (symbol indexes) of ``count`` generated puzzles."""
    return [g.solution.values for g in sudokit.generate_many(count, size, seed=seed, **options)]


def pure_segments(first: Sequence[int], second: Sequence[int], width: int) -> bool:
    """Whether ``second``'s first segment of ``width`` holds the same symbols as another of ``first``'s."""
    head = set(second[:width])
    return any(set(first[k : k + width]) == head for k in range(width, len(first), width))


def exact_six() -> tuple[dict[tuple[int, ...], int], int, int]:
    """Exact counts over all 6x6 (2x3 boxes) grids with row 1 = 123456, by enumeration.

    Returns the completions of each row 2 (as a tuple of 0-based symbols), how many grids have a pure
    first stack (the symbols of r3c1 and r4c1 are those of another column of box 1), and the total.
    """
    grid = Grid.classic(6, (2, 3))
    row1 = tuple(range(6))
    by_row2: dict[tuple[int, ...], int] = {}
    pure = total = 0
    for left in permutations((3, 4, 5)):
        for right in permutations((0, 1, 2)):
            row2 = left + right
            column_pairs = [{row1[c], row2[c]} for c in range(3)]
            free = [s for s in range(6) if s not in column_pairs[0]]
            for a in free:
                for b in free:
                    if a == b:
                        continue
                    givens = row1 + row2 + (a,) + (EMPTY,) * 5 + (b,) + (EMPTY,) * 17
                    count = sudokit.count_solutions(Puzzle(grid, givens)).count
                    by_row2[row2] = by_row2.get(row2, 0) + count
                    total += count
                    if {a, b} in column_pairs[1:]:
                        pure += count
    return by_row2, pure, total


def stack_pure_6(values: Sequence[int]) -> bool:
    """Pure first stack of a 6x6 (2x3 boxes) grid: {r3c1, r4c1} equals a column of box 1 (as sets)."""
    pair = {values[12], values[18]}
    return any(pair == {values[c], values[6 + c]} for c in (1, 2))


def line_orders(n: int, box: int) -> list[list[int]]:
    """Every order of the rows of an n-row grid that keeps its bands (of ``box`` rows) together."""
    orders = []
    for bands in permutations(range(n // box)):
        for inner in product(*(list(permutations(range(box))) for _ in range(n // box))):
            orders.append([box * bands[b] + inner[b][k] for b in range(n // box) for k in range(box)])
    return orders


def shuffle_orbits_4() -> dict[tuple[int, ...], int]:
    """Each 4x4 grid's orbit under the generator's shuffles (relabelling; rows, bands, columns, stacks)."""
    orders = line_orders(4, 2)
    canonical: dict[tuple[int, ...], tuple[int, ...]] = {}
    for solution in sudokit.solutions("." * 16):
        values = solution.values
        best: tuple[int, ...] | None = None
        for rows in orders:
            for cols in orders:
                moved = [values[4 * r + c] for r in rows for c in cols]
                label: dict[int, int] = {}
                for v in moved:
                    label.setdefault(v, len(label))
                key = tuple(label[v] for v in moved)
                best = key if best is None or key < best else best
        assert best is not None
        canonical[values] = best
    names = {key: k for k, key in enumerate(sorted(set(canonical.values())))}
    return {values: names[key] for values, key in canonical.items()}


def share_row(label: str, hits: int, draws: int, exact: float, source: str) -> list[str]:
    """A uniformity row for a yes/no statistic: its share in the draws against the exact share."""
    stat, df, p, p_wh = chi_square([hits, draws - hits], [draws * exact, draws * (1 - exact)])
    reference = f"{100 * exact:.3f} % {source}"
    return [
        label,
        fmt(draws),
        pct(hits, draws),
        reference,
        f"{fmt(stat, 2)} (df {df})",
        fmt_p(p),
        fmt_p(p_wh),
    ]


def section_uniformity(config: Config) -> None:
    """How evenly the generator's solution grids spread over all grids."""
    print("## 6. Uniformity of the solution grids\n")
    rows = []
    say(f"uniformity: 4x4 x {config.uniform4}")
    counts4 = Counter(grids(config.uniform4, config.seed, 4))
    assert sudokit.count_solutions("." * 16).count == 288
    observed = sorted(counts4.values()) + [0] * (288 - len(counts4))
    stat, df, p, p_wh = chi_square(observed, [config.uniform4 / 288] * 288)
    rows.append(
        [
            "4x4: each of the 288 grids",
            fmt(config.uniform4),
            f"{len(counts4)} of 288 seen; counts {min(observed)} to {max(observed)} (expected "
            f"{fmt(config.uniform4 / 288, 1)})",
            "uniform",
            f"{fmt(stat, 1)} (df {df})",
            fmt_p(p),
            fmt_p(p_wh),
        ]
    )

    orbit_of = shuffle_orbits_4()
    sizes = Counter(orbit_of.values())
    per_orbit = Counter({k: 0 for k in sizes})
    for values, n in counts4.items():
        per_orbit[orbit_of[values]] += n
    orbit_ids = sorted(sizes)
    stat, df, p, p_wh = chi_square(
        [per_orbit[k] for k in orbit_ids], [config.uniform4 * sizes[k] / 288 for k in orbit_ids]
    )
    rows.append(
        [
            f"4x4: the {len(sizes)} orbits of the generator's shuffles (sizes "
            + ", ".join(str(sizes[k]) for k in orbit_ids)
            + ")",
            fmt(config.uniform4),
            ", ".join(pct(per_orbit[k], config.uniform4) for k in orbit_ids),
            ", ".join(pct(sizes[k], 288) for k in orbit_ids),
            f"{fmt(stat, 1)} (df {df})",
            fmt_p(p),
            fmt_p(p_wh),
        ]
    )
    within = 0.0
    for values, k in orbit_of.items():
        expected = per_orbit[k] / sizes[k]
        within += (counts4.get(values, 0) - expected) ** 2 / expected if expected else 0.0
    df = 288 - len(sizes)
    rows.append(
        [
            "4x4: grids within their orbit",
            fmt(config.uniform4),
            "each orbit's count spread evenly over its grids",
            "uniform in each orbit",
            f"{fmt(within, 1)} (df {df})",
            fmt_p(chi2_p(within, df)),
            fmt_p(chi2_p_wilson_hilferty(within, df)),
        ]
    )

    say("uniformity: 6x6 exact reference")
    started = time.process_time()
    by_row2, pure_exact, total = exact_six()
    exact_seconds = time.process_time() - started
    assert total * 720 == 28_200_960, total
    say(f"uniformity: 6x6 x {config.uniform6}")
    six = grids(config.uniform6, config.seed, 6, box=(2, 3))
    patterns: Counter[tuple[int, ...]] = Counter()
    literal = 0
    for values in six:
        label = {symbol: k for k, symbol in enumerate(values[:6])}
        row2 = tuple(label[s] for s in values[6:12])
        patterns[row2] += 1
        literal += set(values[6:9]) == set(values[3:6])
    keys = sorted(by_row2)
    stat, df, p, p_wh = chi_square(
        [patterns[k] for k in keys], [config.uniform6 * by_row2[k] / total for k in keys]
    )
    low, high = min(by_row2.values()), max(by_row2.values())
    rows.append(
        [
            "6x6 (2x3): row 2 relative to row 1 (36 classes)",
            fmt(len(six)),
            f"exact class weights {low} to {high} of {total} grids",
            "exact",
            f"{fmt(stat, 1)} (df {df})",
            fmt_p(p),
            fmt_p(p_wh),
        ]
    )
    rows.append(
        [
            "6x6 (2x3): row 2's first 3 = row 1's last 3 (as sets)",
            fmt(len(six)),
            pct(literal, len(six)),
            "100 % (forced by box 1)",
            "",
            "",
            "",
        ]
    )
    stack_pure = sum(stack_pure_6(values) for values in six)
    exact_p = pure_exact / total
    rows.append(
        share_row(
            "6x6 (2x3): first stack pure ({r3c1, r4c1} = a column pair of box 1)",
            stack_pure,
            len(six),
            exact_p,
            f"({pure_exact} of {total})",
        )
    )
    say(f"uniformity: 6x6 (3x2 boxes) x {config.uniform6}")
    six_t = grids(config.uniform6, config.seed, 6, box=(3, 2))
    band_pure = sum(pure_segments(values[:6], values[6:12], 2) for values in six_t)
    rows.append(
        share_row(
            "6x6 (3x2): first band pure (row 2's first 2 = another 2-segment of row 1)",
            band_pure,
            len(six_t),
            exact_p,
            "(the transpose of the above)",
        )
    )

    say(f"uniformity: 9x9 x {config.uniform9}")
    nine = grids(config.uniform9, config.seed + 1, 9)
    band1 = sum(pure_segments(values[:9], values[9:18], 3) for values in nine)
    every = 0
    for values in nine:
        rows9 = [values[9 * r : 9 * r + 9] for r in range(9)]
        cols9 = [values[c::9] for c in range(9)]
        for lines in (rows9, cols9):
            every += sum(pure_segments(lines[3 * b], lines[3 * b + 1], 3) for b in range(3))
    rows.append(
        [
            "9x9: first band pure (row 2's first 3 = another 3-segment of row 1)",
            fmt(len(nine)),
            f"{pct(band1, len(nine))} (all 3 bands and 3 stacks: {pct(every, 6 * len(nine))})",
            "not computed (2/56 = 3.57 % of band configurations, unweighted)",
            "",
            "",
            "",
        ]
    )
    table(["statistic", "grids", "generated", "reference", "chi-square", "p", "p (Wilson-Hilferty)"], rows)
    print(
        "Grids are `Generated.solution` of `generate_many(count, size, seed=...)`. The 6x6 reference is "
        "exact: row 1 is fixed to 123456 (relabelling maps every grid to one such grid, 720 to 1, and the "
        "statistics do not depend on the labels), and for each of the 36 possible rows 2 and each r3c1, r4c1 "
        f"the completions are counted with `count_solutions(limit=None)` ({total} x 720 = 28,200,960 grids; "
        f"{fmt(exact_seconds, 2)} CPU s). With 2x3 boxes row 2's first three cells always hold row 1's last "
        "three symbols, so the band statistic is read down the first stack instead (and, transposed, on the "
        "band of 3x2-box grids). The 9x9 reference would need the completions of each band configuration "
        "weighted by its number of grids, which is not computed here: 2/56 is the share of pure "
        "configurations among band configurations, not among grids. p-values: the regularized incomplete "
        "gamma function "
        "(exact up to rounding) and the Wilson-Hilferty approximation.\n"
    )


# ------------------------------------------------------------------------------------------------ main


def machine() -> str:
    """The machine line: CPU model and count (as poll_overhead.py gives it), Python, load."""
    from poll_overhead import machine as cpus

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{cpus()}, Python {platform.python_version()}, load average {load}"


def commit() -> str:
    """The repository's commit (short), and whether the working tree has changes."""
    try:
        head = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        return head + (" (with uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def parse_args(argv: Sequence[str] | None = None) -> tuple[Config, list[str]]:
    """The run's configuration and the sections chosen."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke run of a minute or two")
    parser.add_argument("--repeat", type=int, help="runs of sudokit's 9x9 measurement (median; default 3)")
    parser.add_argument("--count", type=int, help="9x9 puzzles per sudokit run (default 5,000)")
    parser.add_argument("--peer-cap", type=float, help="CPU seconds each peer may generate (default 30)")
    parser.add_argument("--peer-count", type=int, help="most puzzles a peer makes (default 20,000)")
    parser.add_argument("--peer-python", help="the interpreter that has the peers (default /tmp/peervenv)")
    parser.add_argument("--peers", help=f"comma-separated peers (default {','.join(PEER_ORDER)})")
    parser.add_argument("--sample", type=int, help="puzzles checked for uniqueness and minimality (500)")
    parser.add_argument("--levels-count", type=int, help="puzzles per level (default 200)")
    parser.add_argument("--explain-count", type=int, help="random puzzles explained to rank techniques (300)")
    parser.add_argument("--techniques", type=int, help="techniques tried, most used first (default 30)")
    parser.add_argument("--technique-puzzles", type=int, help="puzzles per technique (default 3)")
    parser.add_argument("--technique-time", type=float, help="time_limit of each technique puzzle (120)")
    parser.add_argument("--seed", type=int, help="base seed of every sudokit run")
    parser.add_argument(
        "--sections",
        default=",".join(SECTIONS),
        help=f"comma-separated names or numbers 1-6 (default all: {','.join(SECTIONS)})",
    )
    args = parser.parse_args(argv)
    config = Config()
    if args.quick:
        config = Config(
            repeat=1,
            count9=500,
            sample=100,
            peer_cap=3.0,
            peer_count=2_000,
            sizes={4: 100, 6: 100, 16: 5, 25: 1},
            variant_scale=0.05,
            levels_count=5,
            explain_count=50,
            techniques=5,
            technique_puzzles=1,
            technique_time=30.0,
            uniform4=2_880,
            uniform6=3_600,
            uniform9=1_000,
        )
    for name, attr in (
        ("repeat", "repeat"),
        ("count", "count9"),
        ("peer_cap", "peer_cap"),
        ("peer_count", "peer_count"),
        ("peer_python", "peer_python"),
        ("sample", "sample"),
        ("levels_count", "levels_count"),
        ("explain_count", "explain_count"),
        ("techniques", "techniques"),
        ("technique_puzzles", "technique_puzzles"),
        ("technique_time", "technique_time"),
        ("seed", "seed"),
    ):
        value = getattr(args, name)
        if value is not None:
            setattr(config, attr, value)
    if args.peers:
        config.peers = tuple(p.strip() for p in args.peers.split(",") if p.strip())
    chosen = []
    for item in args.sections.split(","):
        item = item.strip()
        name = SECTIONS[int(item) - 1] if item.isdigit() else item
        if name not in SECTIONS:
            parser.error(f"unknown section {item!r} (known: {', '.join(SECTIONS)})")
        chosen.append(name)
    return config, chosen


def main(argv: Sequence[str] | None = None) -> None:
    """Run the chosen sections and print their tables."""
    config, chosen = parse_args(argv)
    started = time.monotonic()
    print("# sudokit generator benchmark\n")
    print("Command: `" + " ".join([Path(sys.executable).name, *sys.argv]) + "`  ")
    print(f"Machine: {machine()}  ")
    print(f"sudokit {sudokit.__version__} at commit {commit()}, {time.strftime('%Y-%m-%d %H:%M')}  ")
    if "peers" in chosen:
        versions = peer_versions(config)
        print("Peers: " + ", ".join(f"{name} {version}" for name, version in versions.items()) + "\n")
    else:
        print()
    runners = {
        "peers": section_peers,
        "sizes": section_sizes,
        "variants": section_variants,
        "levels": section_levels,
        "techniques": section_techniques,
        "uniformity": section_uniformity,
    }
    for name in chosen:
        section_started = time.monotonic()
        runners[name](config)
        say(f"{name}: {time.monotonic() - section_started:.0f} s wall")
    print(f"Wall time {time.monotonic() - started:.0f} s; load average at the end {os.getloadavg()[0]:.2f}.")


if __name__ == "__main__":
    main()
