"""Reading puzzles from photos: the grid finder's pieces, the reading of real photos, the repair, the CLI.

The photos are from wichtounet/sudoku_dataset (CC-BY-4.0; see tests/data/photos/README.md), each with
its truth file; a reading is checked cell by cell against it.
"""

from __future__ import annotations

import io
import math
import pathlib
from collections import deque

import pytest

np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")

from click.testing import CliRunner  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import sudokit  # noqa: E402
from sudokit.cli import cli  # noqa: E402
from sudokit.image.components import label  # noqa: E402
from sudokit.image.read import Choice, ImageReadError, read_picture, repair  # noqa: E402
from sudokit.model import EMPTY, Grid, Puzzle  # noqa: E402

PHOTOS = pathlib.Path(__file__).parent / "data" / "photos"


def truth(name: str) -> list[int]:
    """The digits printed in a photo (0 for an empty cell), from its .dat file."""
    text = (PHOTOS / name).with_suffix(".dat").read_text()
    return [int(v) for v in text.split("\n", 2)[2].split()]


def digits(puzzle: Puzzle) -> list[int]:
    return [0 if g == EMPTY else g + 1 for g in puzzle.givens]


def flood_labels(mask: np.ndarray) -> list[frozenset[tuple[int, int]]]:
    """The 8-connected components of a mask by breadth-first search: the plain definition."""
    seen = np.zeros(mask.shape, bool)
    out = []
    for y, x in zip(*np.nonzero(mask), strict=True):
        if seen[y, x]:
            continue
        part = set()
        queue = deque([(y, x)])
        seen[y, x] = True
        while queue:
            cy, cx = queue.popleft()
            part.add((int(cy), int(cx)))
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    ny, nx = cy + dy, cx + dx
                    if (
                        0 <= ny < mask.shape[0]
                        and 0 <= nx < mask.shape[1]
                        and mask[ny, nx]
                        and not seen[ny, nx]
                    ):
                        seen[ny, nx] = True
                        queue.append((ny, nx))
        out.append(frozenset(part))
    return out


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.floats(0.1, 0.8), st.integers(0, 2**31))
def test_components_match_a_flood_fill(height: int, width: int, density: float, seed: int) -> None:
    mask = np.random.default_rng(seed).random((height, width)) < density
    runs = label(mask)
    found = [frozenset(zip(*np.nonzero(runs.mask(k, mask.shape)), strict=True)) for k in range(runs.count)]
    found = [frozenset((int(y), int(x)) for y, x in part) for part in found]
    assert sorted(map(sorted, found)) == sorted(map(sorted, flood_labels(mask)))
    assert runs.sizes().tolist() == [len(part) for part in found]


@pytest.mark.parametrize(
    "name", ["image1.jpg", "image2.jpg", "image150.jpg", "image195.jpg", "image1038.jpg"]
)
def test_photos_are_read_with_every_cell_right(name: str) -> None:
    """Red print, a faint print, a sideways photo with shaded cells: all read right, the grid's size found."""
    reading = read_picture(PHOTOS / name)
    assert reading.puzzle.grid.size == 9
    assert digits(reading.puzzle) == truth(name)
    assert reading.unique


def test_a_photo_turned_upside_down_or_sideways_reads_the_same() -> None:
    picture = Image.open(PHOTOS / "image2.jpg")
    for turn in (Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_270):
        assert digits(read_picture(picture.transpose(turn)).puzzle) == truth("image2.jpg")


def test_the_corners_are_on_the_grid() -> None:
    """Corners in the picture's pixels, the puzzle's top left first, against the data set's outline."""
    reading = read_picture(PHOTOS / "image1.jpg")
    expected = [(40, 11), (579, 14), (591, 463), (45, 474)]  # outlines_sorted.csv of the data set
    for (x, y), (ex, ey) in zip(reading.corners, expected, strict=True):
        assert math.hypot(x - ex, y - ey) < 15


def test_a_sideways_photo_gives_the_puzzles_top_left_corner_first() -> None:
    """image1038 was taken turned a quarter: the puzzle's top left is the picture's top right."""
    reading = read_picture(PHOTOS / "image1038.jpg")
    (x, y) = reading.corners[0]
    assert x > 900 and y < 150  # the picture is 960 x 1280; the grid fills most of it


def test_a_photo_read_from_bytes_and_from_sudokit_read() -> None:
    data = (PHOTOS / "image1.jpg").read_bytes()
    assert digits(sudokit.read_image(data)) == truth("image1.jpg")
    assert digits(sudokit.read(PHOTOS / "image1.jpg")[0]) == truth("image1.jpg")


def test_repair_takes_the_second_choice_that_makes_one_solution() -> None:
    """A misread cell whose reading repeats a digit in its row is repaired to its likeliest alternative."""
    puzzle = sudokit.parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    grid = puzzle.grid
    choices: list[tuple[Choice, ...]] = [
        (Choice(g, 0.99), Choice(EMPTY, 0.01)) if g != EMPTY else (Choice(EMPTY, 1.0),) for g in puzzle.givens
    ]
    # r1c7 holds 8; say it was read as 4 (a repeat of r1c1), with 8 its second choice
    choices[6] = (Choice(3, 0.6), Choice(7, 0.38), Choice(EMPTY, 0.02))
    reading = repair(grid, choices)
    fixed = reading.puzzle
    assert fixed.givens == puzzle.givens
    assert reading.repaired == (6,) and 6 in reading.unsure and reading.unique
    assert "r1c7" in fixed.warning


def test_a_reading_that_cannot_be_settled_is_not_a_verdict() -> None:
    """Two givens that repeat, with no other choice: no reading has one solution; none is a verdict."""
    grid = Grid.classic(9)
    choices: list[tuple[Choice, ...]] = [(Choice(EMPTY, 1.0),)] * 81
    choices[0] = choices[1] = (Choice(4, 0.7), Choice(EMPTY, 0.3))
    reading = repair(grid, choices)
    fixed = reading.puzzle
    assert not reading.unique and reading.notes
    assert not fixed.certain and not fixed.determined


def test_not_a_picture_and_no_grid_are_clear_errors() -> None:
    with pytest.raises(ImageReadError, match="not a picture"):
        read_picture(b"this is text")
    blank = io.BytesIO()
    Image.new("RGB", (300, 300), "white").save(blank, "PNG")
    with pytest.raises(ImageReadError, match="no grid"):
        read_picture(blank.getvalue())


def test_cli_solves_a_photo(tmp_path: pathlib.Path) -> None:
    result = CliRunner().invoke(cli, ["solve", str(PHOTOS / "image150.jpg"), "--format", "line"])
    assert result.exit_code == 0, result.output
    solution = result.stdout.strip().splitlines()[-1]
    assert len(solution) == 81
    assert all(t == 0 or int(s) == t for s, t in zip(solution, truth("image150.jpg"), strict=True))


def test_cli_says_in_one_line_what_is_wrong_with_a_picture(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "broken.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    result = CliRunner().invoke(cli, ["solve", str(bad)])
    assert result.exit_code != 0
    assert result.stderr.count("\n") == 1 and "broken.png" in result.stderr


def test_dataset_images_reads_a_folder(tmp_path: pathlib.Path) -> None:
    for name in ("image1.jpg", "image2.jpg"):
        (tmp_path / name).write_bytes((PHOTOS / name).read_bytes())
    (tmp_path / "notes.png").write_bytes(b"not a picture")
    out = tmp_path / "read.csv"
    result = CliRunner().invoke(cli, ["dataset", "images", str(tmp_path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    import csv

    rows = {row["file"]: row for row in csv.DictReader(out.open())}
    for name in ("image1.jpg", "image2.jpg"):
        assert [0 if c == "." else int(c) for c in rows[name]["puzzle"]] == truth(name)
        assert rows[name]["unique"] == "True"
    assert "not a picture" in rows["notes.png"]["error"]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_jigsaw_screenshot_is_read_with_its_regions(seed: int) -> None:
    """The thick lines of a jigsaw drawn by sudokit's renderer give its regions; the givens are read too."""
    pytest.importorskip("resvg_py")
    from sudokit.dataset import draw_png

    made = sudokit.generate(9, variant="jigsaw", seed=seed)
    reading = read_picture(draw_png(made.puzzle, 450))
    assert reading.puzzle.givens == made.puzzle.givens
    regions = {frozenset(unit.cells) for unit in reading.puzzle.grid.units if unit.kind == "region"}
    assert regions == {frozenset(unit.cells) for unit in made.puzzle.grid.units if unit.kind == "region"}
    assert reading.unique and not reading.unsure


def test_a_classic_screenshot_stays_classic() -> None:
    pytest.importorskip("resvg_py")
    from sudokit.dataset import draw_png

    made = sudokit.generate(9, seed=5)
    reading = read_picture(draw_png(made.puzzle, 360))
    assert reading.puzzle.givens == made.puzzle.givens
    assert {unit.kind for unit in reading.puzzle.grid.units} == {"row", "column", "box"}


def test_a_killer_screenshot_is_read_as_a_killer_or_its_cages_are_named() -> None:
    """Cage outlines are seen in every killer drawn by the renderer; the cages and sums are taken only
    when every sum is read surely, they add up and the puzzle has one solution; else they are named as
    not read and no verdict is given. Never a killer with a wrong cage."""
    pytest.importorskip("resvg_py")
    from sudokit.dataset import draw_png

    read = 0
    for seed in (1, 2, 3, 4):
        made = sudokit.generate(9, variant="killer", seed=seed)
        reading = read_picture(draw_png(made.puzzle, 450))
        cages = {(k.members, k.total) for k in reading.puzzle.grid.constraints}
        if cages:
            assert cages == {(k.members, k.total) for k in made.puzzle.grid.constraints}
            assert reading.unique
            read += 1
        else:
            assert any("killer cages" in entry for entry in reading.puzzle.unread)
            assert not reading.puzzle.certain and not reading.puzzle.determined
    assert read >= 1
