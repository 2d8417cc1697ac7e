"""Shared test fixtures: where the data lives, and a small reader for the seed puzzle file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sudokit import _engine

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def data_lines(name: str) -> list[str]:
    """The puzzle lines of a data file (no comments, no blank lines)."""
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def seed_puzzles() -> list[tuple[str, str, str | None]]:
    """(name, puzzle, printed solution or None) from data/seed_puzzles.txt."""
    rows = []
    for line in (DATA / "seed_puzzles.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        rows.append((fields[0], fields[1], fields[2] if len(fields) > 2 else None))
    return rows


@pytest.fixture
def fixtures() -> Path:
    """The folder of format fixtures."""
    return FIXTURES


@pytest.fixture(params=["baseline", "avx2"])
def fast9_copy(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the 9x9 fast path with each compiled copy this CPU has (the default is restored after)."""
    chosen = _engine.fast9_instruction_set()
    if not _engine.use_fast9_instruction_set(request.param):
        pytest.skip(f"this build or CPU has no {request.param} copy of the fast path")
    yield request.param
    assert _engine.use_fast9_instruction_set(chosen)
