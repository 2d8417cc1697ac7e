"""Every deduction of the logic engine keeps the solution, on built variant puzzles by the hundred.

Each puzzle is drawn around a random solution (:mod:`tests.variant_builds`): its rules are checked
with their kinds' predicates, and a sound deduction can never remove one of that solution's digits
or place another, however many other solutions the puzzle has.  The benchmark
``benchmarks/variant_logic.py --built 100`` runs the same on 9x9 puzzles, a hundred of each kind.
"""

from __future__ import annotations

import collections

import pytest

import sudokit
from tests.variant_builds import KINDS, build, unsound_steps


@pytest.mark.parametrize("kind", KINDS)
def test_no_deduction_breaks_the_solution_of_built_6x6_puzzles(kind: str) -> None:
    used: collections.Counter[str] = collections.Counter()
    for seed in range(60):
        puzzle, solution = build(kind, seed, size=6)
        assert unsound_steps(puzzle, solution, time_limit=2.0) == [], f"{kind} seed {seed}"
        used.update(step.technique for step in sudokit.explain(puzzle, guess=False, time_limit=2.0).steps)
    variant_keys = set(sudokit.logic.step.VARIANT_DEDUCTIONS) | {"cage_combinations", "rule_of_45"}
    if kind != "jigsaw":  # the kind's own deduction did some of the work
        assert used.keys() & variant_keys


@pytest.mark.parametrize("kind", KINDS)
def test_no_deduction_breaks_the_solution_of_built_9x9_puzzles(kind: str) -> None:
    for seed in range(8):
        puzzle, solution = build(kind, 1000 + seed, size=9, share=0.25)
        assert unsound_steps(puzzle, solution, time_limit=3.0) == [], f"{kind} seed {1000 + seed}"
