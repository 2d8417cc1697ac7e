"""The project's promises outside the code: the README's example sessions and the Makefile's targets."""

from __future__ import annotations

import shlex
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from sudokit.cli import cli
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def sessions() -> list[tuple[str, list[str]]]:
    """Every ``$ sudokit ...`` line of the README's plain code blocks with the lines shown after it."""
    found = []
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in README.splitlines():
        if line.startswith("```"):
            if current is None:
                current = [] if line == "```" else ["(not plain)"]
            else:
                blocks.append(current)
                current = None
        elif current is not None:
            current.append(line)
    for lines in blocks:
        command: str | None = None
        shown: list[str] = []
        for line in lines:
            if line.startswith("$ sudokit "):
                if command is not None:
                    found.append((command, shown))
                command, shown = line[2:], []
            elif command is not None:
                shown.append(line)
        if command is not None:
            found.append((command, shown))
    return found


SESSIONS = sessions()


def test_the_readme_has_example_sessions() -> None:
    assert len(SESSIONS) >= 4


@pytest.mark.parametrize(("command", "shown"), SESSIONS, ids=[c[:40] for c, _ in SESSIONS])
def test_readme_sessions_match_the_program(command: str, shown: list[str]) -> None:
    result = CliRunner().invoke(cli, shlex.split(command)[1:])
    printed = (result.stdout + result.stderr).splitlines()
    # a shown line ending in "..." stands for the start of the printed line; " ..." alone for lines left out
    expected = [line for line in shown if line.strip() != "..."]
    position = 0
    for line in expected:
        prefix = line[:-3] if line.endswith("...") else None
        while position < len(printed) and not (
            printed[position].startswith(prefix) if prefix is not None else printed[position] == line
        ):
            if not any(s.strip() == "..." for s in shown):
                pytest.fail(f"{command}: printed {printed[position]!r} where the README shows {line!r}")
            position += 1
        assert position < len(printed), f"{command}: the README shows {line!r}, which is not printed"
        position += 1


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_installs_only_what_the_main_job_needs() -> None:
    planned = subprocess.run(
        ["make", "-n", "-B", "run"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "sudokit serve" in planned and "[web,sat]" in planned
    for tool in ("[test]", "test-requirements", "pytest", "ruff", "mypy"):
        assert tool not in planned, tool
    testing = subprocess.run(
        ["make", "-n", "-B", "test"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "test-requirements" in testing and "pytest" in testing


def test_the_readme_lists_every_variant_technique_with_its_score() -> None:
    from sudokit.logic.step import TECHNIQUES, VARIANT_DEDUCTIONS

    for key in VARIANT_DEDUCTIONS:
        technique = TECHNIQUES[key]
        assert f"| {technique.name} | `{key}` | {technique.score} | {technique.se} |" in README, key
