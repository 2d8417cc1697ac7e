"""The README's and the documentation's examples run as written, and the site builds without warnings.

``console`` blocks hold commands (``$ sudokit ...``) and the output they must print, a line ``...``
standing for any lines, `` ...`` after a space inside a line for any text and ``...`` ending a line for
the rest of it (puzzles' own dots stay literal), and a last line
``(exit status N)`` for a command that must end so (``check`` on a puzzle with several solutions);
``pycon`` blocks
are doctests.  Both run in a scratch copy of ``examples/`` (as from the repository's root), so a
command that writes a file leaves nothing behind.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```(console|pycon)\n(.*?)^```", re.S | re.M)


def blocks(kind: str) -> list[tuple[str, int, str]]:
    """(page, line, text) of every fenced block of a kind."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            if match.group(1) == kind:
                found.append((page.name, text[: match.start()].count("\n") + 1, match.group(2)))
    return found


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """A directory holding a copy of examples/, as the repository's root does."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    return tmp_path


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether output lines match the expected ones (``...`` a line of any lines, or any text in one)."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(matches(rest, actual[k:]) for k in range(len(actual) + 1))
    if not actual:
        return False
    # "..." after a space stands for any text (puzzles are full of dots, which stay literal); a line
    # ending in "..." right after its text matches any line that starts so
    parts = re.split(r"(?<= )\.\.\.(?!\.)", head)
    if len(parts) == 1 and head.endswith("...") and not head.endswith("...."):
        parts = [head[:-3], ""]
    pattern = ".*?".join(re.escape(part) for part in parts)
    return re.fullmatch(pattern, actual[0], re.S) is not None and matches(rest, actual[1:])


def commands(text: str) -> list[tuple[str, list[str]]]:
    """The commands of a console block with the output lines each must print."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line.rstrip())
    return out


CONSOLE = blocks("console")
PYCON = blocks("pycon")


def test_the_readme_and_the_docs_have_examples_to_run() -> None:
    assert len(CONSOLE) >= 6 and len(PYCON) >= 4
    assert any(page == "README.md" for page, _, _ in CONSOLE)


@pytest.mark.parametrize(("page", "line", "text"), CONSOLE, ids=[f"{p}:{n}" for p, n, _ in CONSOLE])
def test_console_examples_print_what_they_show(scratch: Path, page: str, line: int, text: str) -> None:
    for command, expected in commands(text):
        words = shlex.split(command)
        if words[0] == "sudokit":
            words = [sys.executable, "-m", "sudokit", *words[1:]]
        done = subprocess.run(
            words,
            cwd=scratch,
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "COLUMNS": "100"},
        )
        while expected and not expected[-1]:
            expected.pop()
        status = 0
        if expected and (code := re.fullmatch(r"\(exit status (\d+)\)", expected[-1])):
            status = int(code.group(1))
            expected.pop()
        assert done.returncode == status, f"{page}:{line}: {command}\n{done.stderr}"
        actual = [out.rstrip() for out in done.stdout.splitlines()]
        assert matches(expected, actual), f"{page}:{line}: {command}\nexpected {expected}\ngot {actual}"


PYCON_PAGES = sorted({page for page, _, _ in PYCON})


@pytest.mark.parametrize("page", PYCON_PAGES)
def test_python_examples_are_doctests_that_pass(
    scratch: Path, monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    """A page's pycon blocks, in order, share their names (as a reader types them in one session)."""
    monkeypatch.chdir(scratch)
    names: dict[str, object] = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for name, line, text in PYCON:
        if name == page:
            test = doctest.DocTestParser().get_doctest(text, names, f"{page}:{line}", page, line)
            runner.run(test, clear_globs=False)
            names = test.globs  # a doctest works on a copy: the next block goes on from this one's
    assert runner.failures == 0, f"{page}: {runner.failures} example(s) failed (see the output above)"


@pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None, reason="mkdocs is not installed")
def test_the_site_builds_without_warnings_and_reads_offline(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "sudokit" in index
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        remote = re.findall(r'<(?:script|link)[^>]+(?:src|href)="(https?://[^"]+)"', html)
        assert remote == [], f"{page.name} loads {remote[:3]}"
    assert (site / "reference" / "cli.html").read_text(encoding="utf-8").count("sudokit solve") >= 1
