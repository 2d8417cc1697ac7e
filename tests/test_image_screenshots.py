"""Screenshots are read at 100% (issue 43): sudokit's own SVG drawing, SudokuPad's and a phone app's look.

The pictures are drawn here by ``benchmarks/screenshots.py`` (which measures many more of them, in the
web app's player in Chromium too): every given must be read as drawn, every empty cell as empty, and no
cell called unsure.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("PIL")
pytest.importorskip("resvg_py")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import screenshots
import sudokit
from sudokit.image import read_picture


def assert_read(image: object, puzzle: sudokit.Puzzle, size: int | None) -> None:
    reading = read_picture(image, size=size)  # type: ignore[arg-type]
    assert reading.puzzle.grid.size == puzzle.grid.size
    assert reading.puzzle.givens == puzzle.givens, reading.describe_unsure()
    assert reading.unsure == (), reading.describe_unsure()


@pytest.mark.parametrize(("seed", "cell"), [(1, 20), (2, 40), (3, 64)])
def test_sudokits_own_drawing_is_read_exactly(seed: int, cell: int) -> None:
    puzzle = sudokit.generate(9, seed=seed).puzzle
    # cropped to the drawing: the frame is 6 px from the picture's edge
    assert_read(screenshots.svg_shot(puzzle, cell), puzzle, 9)


def test_the_grids_side_is_found_in_sudokits_drawing() -> None:
    puzzle = sudokit.generate(9, seed=4).puzzle
    assert_read(screenshots.svg_shot(puzzle, 48), puzzle, None)


@pytest.mark.parametrize("seed", [5, 7])
def test_a_sudokupad_screenshot_is_read_exactly(seed: int) -> None:
    puzzle = sudokit.generate(9, seed=seed).puzzle
    image = screenshots.sudokupad_shot(puzzle, random.Random(seed))
    assert_read(image, puzzle, 9)


def test_a_dark_themed_phone_screenshot_is_read_exactly() -> None:
    puzzle = sudokit.generate(9, seed=7).puzzle
    image = screenshots.phone_shot(puzzle, random.Random(7), dark=True)
    assert_read(image, puzzle, 9)


@pytest.mark.parametrize("size", [6, None])
def test_a_six_by_six_screenshot_is_read_exactly(size: int | None) -> None:
    puzzle = sudokit.generate(6, seed=8).puzzle
    assert_read(screenshots.svg_shot(puzzle, 32), puzzle, size)
