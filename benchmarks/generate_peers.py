"""Adapters for the peer puzzle generators that sudokit's generator is benchmarked against.

Every adapter has the same shape, ``make_<peer>(count, seed) -> list[str]``: ``count`` classic 9x9 puzzles as
81-character lines ('.' for an empty cell, digits 1-9), made by the peer's own API in this thread (QQWing:
one child process), with the peer's fastest settings: no symmetry, no difficulty target.  ``PEERS`` maps a
peer's name to its adapter and ``versions()`` gives the installed version of each.  Each adapter imports its
peer only when called, so a missing peer raises ``ImportError`` (a Python package) or ``FileNotFoundError``
(the ``qqwing`` program) and nothing else.

Peers (their PyPI or Debian names):

* ``rustoku`` (PyPI; Rust, pyo3): ``rustoku.generate_advanced("none", None)``: a random grid dug cell by
  cell with a uniqueness check, stopping at 30 givens; unique, not minimal.  No seed: ``seed`` is ignored.
  Linux wheels exist for CPython 3.12 only (other versions build from the sdist, which needs crates.io).
* ``pencilmark`` (PyPI; C++ engine): ``pencilmark.gen.generate({"size": 9, "seed": s})``: digs while its
  human-technique solver (no guessing) still solves the puzzle, grades the result and re-checks uniqueness;
  unique, minimal only with respect to its logic solver.  Seconds per puzzle.
* ``hodoku-py`` (PyPI; Python port of HoDoKu 2.2.0): ``hodoku.generator.SudokuGenerator(rng)
  .generate_sudoku(symmetric=False)``: one pass of single-cell removals with a backtracking uniqueness
  check, down to at most 17 givens.  ``hodoku.Generator().generate(difficulty, symmetric)`` wraps it with a
  full rating per candidate.
* ``qqwing`` (Debian package ``qqwing``; C++ command line, not on PyPI): ``qqwing --generate N --one-line
  --symmetry none --difficulty any``.  It seeds its generator from the clock, so ``seed`` is ignored, and
  two runs started within the same second print the same puzzles.
"""

from __future__ import annotations

import importlib.metadata
import random
import shutil
import subprocess
from collections.abc import Callable

Maker = Callable[[int, int], list[str]]


def _line(puzzle: str) -> str:
    """The puzzle as an 81-character line with '.' for every empty cell ('0', '.', '_' in, '.' out)."""
    line = "".join(ch if ch in "123456789" else "." for ch in puzzle.strip())
    if len(line) != 81:
        raise ValueError(f"expected 81 cells, got {len(line)}: {puzzle!r}")
    return line


def make_rustoku(count: int, seed: int) -> list[str]:
    """``count`` puzzles from rustoku's dig-hole generator, no symmetry, no difficulty; ``seed`` is unused."""
    import rustoku

    del seed  # rustoku seeds itself from the OS; its API takes no seed
    return [_line(rustoku.generate_advanced("none", None)) for _ in range(count)]


def make_pencilmark(count: int, seed: int) -> list[str]:
    """``count`` classic puzzles from pencilmark's generator, no band target, seeds ``seed`` upwards."""
    from pencilmark.gen import generate

    return [_line(generate({"size": 9, "seed": seed + i})["puzzle"]["numbers"]) for i in range(count)]


def make_hodoku(count: int, seed: int) -> list[str]:
    """``count`` puzzles from hodoku-py's raw generator (no symmetry, no rating), seeded with ``seed``."""
    from hodoku.generator import SudokuGenerator

    generator = SudokuGenerator(rng=random.Random(seed))
    out = []
    for _ in range(count):
        puzzle = generator.generate_sudoku(symmetric=False)
        if puzzle is None:
            raise RuntimeError("hodoku-py generated no puzzle")
        out.append(_line(puzzle))
    return out


def make_qqwing(count: int, seed: int) -> list[str]:
    """``count`` puzzles from one ``qqwing`` process, no symmetry, any difficulty (``seed`` is ignored)."""
    del seed  # qqwing seeds itself from the clock; its command line takes no seed
    exe = shutil.which("qqwing")
    if exe is None:
        raise FileNotFoundError("qqwing not found on PATH (Debian: apt-get install qqwing)")
    if count <= 0:
        return []
    command = [exe, "--generate", str(count), "--one-line", "--symmetry", "none", "--difficulty", "any"]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    lines = [_line(row) for row in result.stdout.splitlines() if row.strip()]
    if len(lines) != count:
        raise RuntimeError(f"qqwing printed {len(lines)} puzzles, expected {count}")
    return lines


PEERS: dict[str, Maker] = {
    "rustoku": make_rustoku,
    "pencilmark": make_pencilmark,
    "hodoku-py": make_hodoku,
    "qqwing": make_qqwing,
}

_DISTRIBUTIONS = {"rustoku": "rustoku", "pencilmark": "pencilmark", "hodoku-py": "hodoku-py"}


def versions() -> dict[str, str]:
    """Installed version of every peer in ``PEERS``, or "not installed"."""
    out: dict[str, str] = {}
    for name, dist in _DISTRIBUTIONS.items():
        try:
            out[name] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            out[name] = "not installed"
    exe = shutil.which("qqwing")
    if exe is None:
        out["qqwing"] = "not installed"
    else:
        text = subprocess.run([exe, "--version"], capture_output=True, text=True, check=False).stdout
        out["qqwing"] = text.split()[-1] if text.split() else "unknown"
    return out
