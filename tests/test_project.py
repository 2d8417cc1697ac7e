"""The project's promises outside the code: the Makefile's targets and the technique table of the docs.

The README's and the docs' example sessions are run by tests/test_docs.py.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.conftest import ROOT

LOGIC_PAGE = (ROOT / "docs" / "logic.md").read_text(encoding="utf-8")
"""The guide to explain, hint and rate (it was the README's; the examples are run by tests/test_docs.py)."""


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_installs_only_what_the_main_job_needs() -> None:
    planned = subprocess.run(
        ["make", "-n", "-B", "run"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "sudokit serve" in planned and "[web,sat,image]" in planned
    for tool in ("[test]", "test-requirements", "pytest", "ruff", "mypy"):
        assert tool not in planned, tool
    testing = subprocess.run(
        ["make", "-n", "-B", "test"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "test-requirements" in testing and "pytest" in testing


def test_the_docs_list_every_variant_technique_with_its_score() -> None:
    from sudokit.logic.step import TECHNIQUES, VARIANT_DEDUCTIONS

    for key in VARIANT_DEDUCTIONS:
        technique = TECHNIQUES[key]
        assert f"| {technique.name} | `{key}` | {technique.score} | {technique.se} |" in LOGIC_PAGE, key
