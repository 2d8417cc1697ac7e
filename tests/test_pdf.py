"""Puzzles on paper (sudokit.pdf, render --pdf, generate --pdf, the web app's PDF): pages as laid out,
in grey only, the drawing the SVG's."""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

import sudokit
from sudokit.cli import cli
from sudokit.pdf import render_pdf

pytest.importorskip("fpdf")

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def pages(data: bytes) -> int:
    """The page objects of a PDF."""
    return len(re.findall(rb"/Type\s*/Page\b", data))


def content(data: bytes) -> bytes:
    """Every content stream of a PDF, inflated."""
    out = []
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            out.append(zlib.decompress(stream))
        except zlib.error:
            out.append(stream)
    return b"\n".join(out)


def test_a_puzzle_and_its_solution_print_on_two_grey_pages() -> None:
    killer = sudokit.generate(seed=2, variant="killer")
    data = render_pdf([killer.puzzle], [killer.solution.values])
    assert data.startswith(b"%PDF") and pages(data) == 2
    drawn = content(data)
    assert b" re" in drawn and b" l" in drawn  # cells, borders and cage lines
    assert not re.search(rb"\d rg\b|\d RG\b", drawn), "colours: the page prints in grey only"


@pytest.mark.parametrize(("count", "expected"), [(1, 1), (2, 1), (5, 3), (13, 7)])
def test_a_booklet_puts_two_puzzles_a_page_and_six_solutions(count: int, expected: int) -> None:
    puzzles = [sudokit.parse(CLASSIC)] * count
    assert pages(render_pdf(puzzles)) == expected
    solved = sudokit.solve(CLASSIC).solution
    assert solved is not None
    with_answers = render_pdf(puzzles, [solved.values] * count)
    assert pages(with_answers) == expected + -(-count // 6)


def test_the_command_line_writes_pdfs_and_refuses_a_terminal(tmp_path: Path) -> None:
    runner = CliRunner()
    booklet = tmp_path / "book.pdf"
    done = runner.invoke(cli, ["generate", "-n", "3", "--seed", "4", "--pdf", "-o", str(booklet)])
    assert done.exit_code == 0, done.output
    assert pages(booklet.read_bytes()) == 2 + 1
    single = tmp_path / "one.pdf"  # the suffix alone asks for a PDF
    done = runner.invoke(cli, ["render", CLASSIC, "--solve", "-o", str(single)])
    assert done.exit_code == 0 and pages(single.read_bytes()) == 2
    refused = runner.invoke(cli, ["render", CLASSIC, "--pdf"])
    assert refused.exit_code == 1 and "-o FILE.pdf" in refused.output
