"""Reading screenshots of classic grids: how many are read with every cell right (issue 43).

    python benchmarks/screenshots.py                     # 30 of each style, 9 x 9, 6 x 6 and 16 x 16
    python benchmarks/screenshots.py --count 10 --styles svg,sudokupad --sizes 9 --save /tmp/shots

Each style draws generated puzzles (``sudokit.generate(size, seed=...)``) the way a screenshot of it
looks, and sudokit.image.read_picture reads each picture twice: told the grid's side (``size=N``) and
left to find it (``size=None``). A picture is right when every cell is read as drawn (givens and empty
cells) and no cell is called unsure. The styles:

* ``svg``: sudokit's own SVG renderer (``sudokit render``; it has no dark theme) turned into PNG by
  resvg, cropped as it draws (the frame 6 px from the edge), cells 18 to 72 px (16 to 48 for 16 x 16);
* ``web``, ``web-dark``, ``web-phone``: the web app's player in Debian's Chromium (Playwright), the page
  as a screenshot of the browser's window shows it: header, tools, the board with a cell selected and
  its house highlighted now and then; light and dark themes, a phone-sized screen at 2-3x;
* ``sudokupad``: SudokuPad's classic look drawn with Pillow: white page, 1 px near-black cell lines,
  3 px box lines, dark givens in a sans font, at fractional cell sizes (anti-aliased), with the app's
  title bar and control pad (a 3 x 3 keypad of digits) beside the grid half the time;
* ``fpuzzles``: f-puzzles' look: grey cell lines, black box lines and frame, black givens, the side
  panels of buttons;
* ``phone``, ``phone-dark``: a phone app's screenshot (the big apps' classic look): status bar,
  header, a full-width grid with blue-grey lines, the selected cell's row, column and box tinted,
  the tool row and a row of 1-9 keys under it; light and dark.

The time is read_picture's per picture (one core), the picture already drawn.
"""

from __future__ import annotations

import argparse
import functools
import io
import random
import shutil
import socket
import statistics
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from PIL import Image, ImageDraw, ImageFont

import sudokit
from sudokit.model import EMPTY, Puzzle, cell_name

STYLES = ("svg", "sudokupad", "fpuzzles", "phone", "phone-dark", "web", "web-dark", "web-phone")
WEB_STYLES = ("web", "web-dark", "web-phone")
SANS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
    "/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf",
    "/usr/share/fonts/truetype/lato/Lato-Regular.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
)
"""Sans fonts the synthetic styles draw digits with (those present; Pillow's own font otherwise)."""
SUPERSAMPLE = 4
"""The synthetic styles draw this many times larger, then scale down: anti-aliased lines and digits
at fractional cell sizes, as a browser draws them."""


def puzzles(size: int, count: int, seed: int = 0) -> list[Puzzle]:
    """``count`` generated classic puzzles of side ``size``, the i-th from seed ``seed + i``."""
    return [sudokit.generate(size, seed=seed + i).puzzle for i in range(count)]


@functools.cache
def fonts() -> tuple[str, ...]:
    """The paths of :data:`SANS` present on this machine."""
    return tuple(path for path in SANS if Path(path).exists())


@functools.cache
def font(pixels: int, which: int = 0, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A sans font ``pixels`` high (the ``which``-th present, its bold face when there is one)."""
    present = fonts()
    if not present:
        return ImageFont.load_default(pixels)
    path = present[which % len(present)]
    if bold:
        for regular, heavy in (
            ("Sans.ttf", "Sans-Bold.ttf"),
            ("-Regular.ttf", "-Bold.ttf"),
            ("Sans.ttf", "SansBold.ttf"),
        ):
            candidate = path.replace(regular, heavy)
            if candidate != path and Path(candidate).exists():
                path = candidate
                break
    return ImageFont.truetype(path, pixels)


# ---------------------------------------------------------------------------------------------- svg


def svg_shot(puzzle: Puzzle, cell: int) -> Image.Image:
    """The puzzle as ``sudokit render`` draws it, cells ``cell`` pixels (resvg, white background)."""
    import resvg_py

    from sudokit.svg import render_svg

    png = bytes(resvg_py.svg_to_bytes(svg_string=render_svg(puzzle, cell=cell), background="#ffffff"))
    return Image.open(io.BytesIO(png)).convert("RGB")


# -------------------------------------------------------------------------------------- synthetic


@dataclass(frozen=True)
class Look:
    """How a classic grid is drawn: colours (RGB hex) and line widths in final pixels."""

    paper: str = "#ffffff"
    thin: str = "#000000"
    thick: str = "#000000"
    given: str = "#000000"
    thin_width: float = 1.0
    thick_width: float = 3.0
    frame_width: float = 3.0
    digit: float = 0.7
    """The digits' height as a share of the cell (the font's size)."""
    bold: bool = False


def box_shape(size: int) -> tuple[int, int]:
    """The box's rows and columns of a classic grid of side ``size`` (6: 2 x 3, 16: 4 x 4)."""
    grid = sudokit.Grid.classic(size)
    for unit in grid.units:
        if unit.kind == "box":
            cells = [grid.cells[c] for c in unit.cells]
            return len({r for r, _ in cells}), len({c for _, c in cells})
    return size, size


def draw_grid(
    canvas: ImageDraw.ImageDraw,
    puzzle: Puzzle,
    left: float,
    top: float,
    cell: float,
    look: Look,
    which_font: int,
    tint: Callable[[int], str | None] | None = None,
) -> None:
    """A classic grid drawn on a (supersampled) canvas: cell tints, thin lines, thick lines, givens."""
    size = puzzle.grid.size
    scale = SUPERSAMPLE
    box_rows, box_cols = box_shape(size)
    if tint is not None:
        for index in range(size * size):
            colour = tint(index)
            if colour:
                r, c = divmod(index, size)
                canvas.rectangle(
                    (left + c * cell, top + r * cell, left + (c + 1) * cell, top + (r + 1) * cell),
                    fill=colour,
                )

    def line(x0: float, y0: float, x1: float, y1: float, width: float, colour: str) -> None:
        half = width * scale / 2  # a level or upright line as a rectangle, square ends past its ends
        canvas.rectangle((x0 - half, y0 - half, x1 + half, y1 + half), fill=colour)

    end_x, end_y = left + size * cell, top + size * cell
    for k in range(1, size):
        if k % box_cols:
            line(left + k * cell, top, left + k * cell, end_y, look.thin_width, look.thin)
        if k % box_rows:
            line(left, top + k * cell, end_x, top + k * cell, look.thin_width, look.thin)
    for k in range(1, size):
        if not k % box_cols:
            line(left + k * cell, top, left + k * cell, end_y, look.thick_width, look.thick)
        if not k % box_rows:
            line(left, top + k * cell, end_x, top + k * cell, look.thick_width, look.thick)
    for x0, y0, x1, y1 in ((left, top, end_x, top), (left, end_y, end_x, end_y), (left, top, left, end_y)):
        line(x0, y0, x1, y1, look.frame_width, look.thick)
    line(end_x, top, end_x, end_y, look.frame_width, look.thick)
    face = font(round(cell * look.digit), which_font, look.bold)
    for index, given in enumerate(puzzle.givens):
        if given == EMPTY:
            continue
        r, c = divmod(index, size)
        canvas.text(
            (left + (c + 0.5) * cell, top + (r + 0.5) * cell),
            puzzle.grid.symbols[given],
            fill=look.given,
            font=face,
            anchor="mm",
        )


def _scaled_canvas(width: float, height: float, paper: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (round(width * SUPERSAMPLE), round(height * SUPERSAMPLE)), paper)
    return image, ImageDraw.Draw(image)


def _down(image: Image.Image, width: int, height: int) -> Image.Image:
    return image.resize((width, height), Image.Resampling.LANCZOS)


def _button(
    canvas: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    label: str,
    fill: str,
    ink: str,
    pixels: int,
) -> None:
    canvas.rounded_rectangle(box, radius=SUPERSAMPLE * 6, fill=fill, outline="#9e9e9e", width=SUPERSAMPLE)
    canvas.text(
        ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, fill=ink, font=font(pixels), anchor="mm"
    )


def sudokupad_shot(puzzle: Puzzle, rng: random.Random) -> Image.Image:
    """SudokuPad's classic look: 1 px near-black cell lines, 3 px box lines, dark givens.

    Half the time with the app's title bar and control pad around the grid, a tight crop otherwise.
    """
    size = puzzle.grid.size
    cell = rng.uniform(26.0, 80.0) if size <= 9 else rng.uniform(24.0, 48.0)
    look = Look(thin=rng.choice(["#000000", "#222222", "#555555"]), given=rng.choice(["#000000", "#1a1a1a"]))
    side = cell * size
    ui = rng.random() < 0.5
    s = SUPERSAMPLE
    if ui:
        pad_width = max(side * 0.6, 260)
        width, height = side + pad_width + 80, side + 140
        left, top = 30.0, 90.0
    else:
        margin = rng.uniform(4, 24)
        width, height = side + 2 * margin, side + 2 * margin
        left = top = margin
    image, canvas = _scaled_canvas(width, height, "#ffffff")
    if ui:
        canvas.rectangle((0, 0, width * s, 48 * s), fill="#f4f4f4")
        canvas.text((16 * s, 24 * s), "SudokuPad", fill="#333333", font=font(18 * s), anchor="lm")
        canvas.text(
            (width * s / 2, 70 * s),
            "Classic Sudoku by sudokit",
            fill="#222222",
            font=font(16 * s),
            anchor="mm",
        )
        canvas.text(((width - 20) * s, 24 * s), "12:34", fill="#333333", font=font(16 * s), anchor="rm")
        pad_left = left + side + 40
        key = min(64.0, (width - pad_left - 20) / 3 - 8)
        for k in range(9):
            row, col = divmod(k, 3)
            x, y = pad_left + col * (key + 8), top + 60 + row * (key + 8)
            _button(
                canvas,
                (x * s, y * s, (x + key) * s, (y + key) * s),
                str(k + 1),
                "#ececf4",
                "#202020",
                round(key * 0.5 * s),
            )
        for k, label in enumerate(("Normal", "Corner", "Centre", "Colour")):
            x, y = pad_left + (k % 2) * (1.5 * key + 8), top + 70 + 3 * (key + 8) + (k // 2) * 44
            _button(
                canvas, (x * s, y * s, (x + 1.5 * key) * s, (y + 36) * s), label, "#ececf4", "#202020", 14 * s
            )
    draw_grid(canvas, puzzle, left * s, top * s, cell * s, look, rng.randrange(6))
    return _down(image, round(width), round(height))


def fpuzzles_shot(puzzle: Puzzle, rng: random.Random) -> Image.Image:
    """f-puzzles' look: grey cell lines, black box lines and frame, black givens, side panels of buttons."""
    size = puzzle.grid.size
    cell = rng.uniform(30.0, 72.0) if size <= 9 else rng.uniform(24.0, 44.0)
    look = Look(
        thin="#808080",
        thin_width=rng.choice([1.0, 1.5]),
        thick_width=rng.choice([2.5, 3.0, 4.0]),
        frame_width=4.0,
    )
    side = cell * size
    panel = rng.uniform(160, 260)
    width, height = side + 2 * panel + 60, side + 120
    left, top = panel + 30, 70.0
    s = SUPERSAMPLE
    image, canvas = _scaled_canvas(width, height, "#ffffff")
    for x0 in (0.0, width - panel):
        canvas.rectangle((x0 * s, 0, (x0 + panel) * s, height * s), fill="#e9e9e9")
        for k, label in enumerate(("New Grid", "Import", "Export", "Solution Path", "Check", "Undo", "Redo")):
            y = 20 + k * 46
            if y + 36 > height:
                break
            _button(
                canvas,
                ((x0 + 14) * s, y * s, (x0 + panel - 14) * s, (y + 36) * s),
                label,
                "#ffffff",
                "#111111",
                14 * s,
            )
    canvas.text((width * s / 2, 34 * s), "Sudoku", fill="#000000", font=font(24 * s), anchor="mm")
    draw_grid(canvas, puzzle, left * s, top * s, cell * s, look, rng.randrange(6))
    return _down(image, round(width), round(height))


def phone_shot(puzzle: Puzzle, rng: random.Random, dark: bool = False) -> Image.Image:
    """A phone app's screenshot, 1080 to 1242 pixels wide.

    A status bar, a header, a full-width grid with the selected cell's house tinted, the tool row and a
    row of keys.
    """
    size = puzzle.grid.size
    width = rng.choice([1080, 1170, 1242])
    height = round(width * rng.choice([2.0, 2.17, 2.22]))
    margin = rng.uniform(12, 40)
    cell = (width - 2 * margin) / size
    if dark:
        look = Look(
            paper="#1e1e1e",
            thin="#4a4a4a",
            thick="#a0a0a0",
            given="#e0e0e0",
            thick_width=4.0,
            frame_width=5.0,
        )
        house, selected, same, text = "#2b3440", "#3d5a80", "#34495e", "#d0d0d0"
    else:
        look = Look(
            paper="#ffffff",
            thin="#bec6d4",
            thick="#344861",
            given="#344861",
            thick_width=4.0,
            frame_width=5.0,
        )
        house, selected, same, text = "#e2ebf3", "#bbdefb", "#c3d7ea", "#344861"
    look = Look(**{**look.__dict__, "thin_width": rng.choice([2.0, 3.0]), "digit": 0.66})
    s = SUPERSAMPLE
    image, canvas = _scaled_canvas(width, height, look.paper)
    canvas.text((60 * s, 50 * s), "9:41", fill=text, font=font(42 * s), anchor="lm")
    for k in range(3):
        right = width - 70 - k * 60
        canvas.rounded_rectangle(
            ((right - 36) * s, 36 * s, right * s, 64 * s), radius=6 * s, outline=text, width=3 * s
        )
    canvas.text((width * s / 2, 170 * s), "Sudoku", fill=text, font=font(56 * s), anchor="mm")
    top = 320.0
    for k, label in enumerate(("Easy", "Mistakes: 0/3", "04:12")):
        canvas.text(
            (((k + 0.5) * width / 3) * s, (top - 50) * s), label, fill=text, font=font(36 * s), anchor="mm"
        )
    picked = rng.randrange(size * size)
    box_rows, box_cols = box_shape(size)
    pr, pc = divmod(picked, size)
    symbol = puzzle.givens[picked]

    def tint(index: int) -> str | None:
        r, c = divmod(index, size)
        if index == picked:
            return selected
        if symbol != EMPTY and puzzle.givens[index] == symbol:
            return same
        if r == pr or c == pc or (r // box_rows == pr // box_rows and c // box_cols == pc // box_cols):
            return house
        return None

    draw_grid(canvas, puzzle, margin * s, top * s, cell * s, look, rng.randrange(6), tint)
    below = top + size * cell + 80
    for k, label in enumerate(("Undo", "Erase", "Notes", "Hint")):
        x = (k + 0.5) * width / 4
        canvas.ellipse(((x - 50) * s, below * s, (x + 50) * s, (below + 100) * s), outline=text, width=4 * s)
        canvas.text((x * s, (below + 140) * s), label, fill=text, font=font(32 * s), anchor="mm")
    keys = puzzle.grid.symbols
    per_row = min(len(keys), 9)
    for k, label in enumerate(keys):
        x = (k % per_row + 0.5) * width / per_row
        y = below + 260 + (k // per_row) * 130
        canvas.text(
            (x * s, y * s), label, fill="#325aaf" if not dark else "#8ab4f8", font=font(90 * s), anchor="mm"
        )
    return _down(image, width, height)


# ------------------------------------------------------------------------------------------ the web


@contextmanager
def web_app() -> Iterator[str]:
    """The address of sudokit's web app, served on a free port of this machine while the block runs."""
    import uvicorn

    from sudokit.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""As tests/test_web_e2e.py starts Chromium."""


def chromium() -> str | None:
    """Debian's Chromium, when installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


@contextmanager
def web_shooter() -> Iterator[Callable[[Puzzle, str, random.Random], Image.Image]]:
    """A function taking a screenshot of the web app's player with a puzzle loaded.

    In a style of :data:`WEB_STYLES`, while the block runs (the server and Chromium are started for it).
    """
    from playwright.sync_api import sync_playwright

    path = chromium()
    if path is None:
        raise RuntimeError("Debian's chromium is not installed")
    with web_app() as address, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)

        def shoot(puzzle: Puzzle, style: str, rng: random.Random) -> Image.Image:
            phone = style == "web-phone"
            if phone:
                width, height = rng.choice([(390, 844), (412, 915), (360, 780)])
                options: dict[str, Any] = {
                    "viewport": {"width": width, "height": height},
                    "device_scale_factor": rng.choice([2, 3]),
                    "is_mobile": True,
                    "has_touch": True,
                }
            else:
                width, height = rng.choice([(1280, 900), (1440, 900), (1024, 768), (1920, 1080)])
                options = {
                    "viewport": {"width": width, "height": height},
                    "device_scale_factor": rng.choice([1, 1, 2]),
                }
            dark = style == "web-dark" or (phone and rng.random() < 0.3)
            context = browser.new_context(color_scheme="dark" if dark else "light", **options)
            try:
                page = context.new_page()
                page.goto(f"{address}/?puzzle={quote(puzzle.to_string())}")
                page.wait_for_selector("body[data-verdict='1']")
                if rng.random() < 0.5:  # a cell selected: its house and its symbol highlighted
                    index = rng.randrange(puzzle.grid.size**2)
                    page.locator(f".cell[data-index='{index}']").click()
                page.mouse.move(0, 0)
                return Image.open(io.BytesIO(page.screenshot())).convert("RGB")
            finally:
                context.close()

        try:
            yield shoot
        finally:
            browser.close()


# ------------------------------------------------------------------------------------- the reading


@dataclass(frozen=True)
class Outcome:
    """One picture read.

    The cells read wrong (every cell when the side is misread), the cells called unsure, whether the
    grid's side was read right, whether a grid was found, the seconds taken.
    """

    wrong: int
    unsure: int
    side_right: bool
    found: bool
    seconds: float
    detail: str = ""
    """The cells read wrong and those called unsure, in words."""

    @property
    def right(self) -> bool:
        """Every cell read as drawn and none called unsure."""
        return self.found and self.side_right and self.wrong == 0 and self.unsure == 0


def read(image: Image.Image, puzzle: Puzzle, size: int | None) -> Outcome:
    """Read a picture with read_picture (``size`` told or not) and compare it with the puzzle drawn."""
    from sudokit.image import read_picture
    from sudokit.image.read import ImageReadError

    cells = len(puzzle.givens)
    started = time.perf_counter()
    try:
        reading = read_picture(image, size=size)
    except ImageReadError:
        return Outcome(cells, 0, False, False, time.perf_counter() - started)
    seconds = time.perf_counter() - started
    got = reading.puzzle.givens
    if len(got) != cells:
        return Outcome(cells, len(reading.unsure), False, True, seconds)
    grid = puzzle.grid
    wrong = [i for i, (a, b) in enumerate(zip(got, puzzle.givens, strict=True)) if a != b]
    detail = ", ".join(
        f"{cell_name(grid.cells[i])} read {_symbol(grid, got[i])} is {_symbol(grid, puzzle.givens[i])}"
        for i in wrong
    )
    if reading.unsure:
        detail += f"{'; ' if detail else ''}unsure {reading.describe_unsure()}"
    return Outcome(len(wrong), len(reading.unsure), True, True, seconds, detail)


def _symbol(grid: sudokit.Grid, symbol: int) -> str:
    return "." if symbol == EMPTY else grid.symbols[symbol]


def shots(
    style: str, size: int, count: int, seed: int, web: Callable[..., Image.Image] | None
) -> Iterator[tuple[Puzzle, Image.Image]]:
    """``count`` pictures of a style, each with the puzzle drawn."""
    rng = random.Random(f"{style}/{size}/{seed}")
    for puzzle in puzzles(size, count, seed):
        if style == "svg":
            image = svg_shot(puzzle, rng.randrange(18, 73) if size <= 9 else rng.randrange(16, 49))
        elif style == "sudokupad":
            image = sudokupad_shot(puzzle, rng)
        elif style == "fpuzzles":
            image = fpuzzles_shot(puzzle, rng)
        elif style in ("phone", "phone-dark"):
            image = phone_shot(puzzle, rng, dark=style == "phone-dark")
        elif style in WEB_STYLES:
            assert web is not None
            image = web(puzzle, style, rng)
        else:
            raise ValueError(f"no style {style!r}")
        yield puzzle, image


def summary(outcomes: Sequence[Outcome]) -> str:
    """The figures of a style in a line.

    Pictures right, cells wrong (where the side was read right), pictures with unsure cells, sides
    misread, no grid found, median and max time.
    """
    right = sum(o.right for o in outcomes)
    wrong = sum(o.wrong for o in outcomes if o.side_right)
    unsure = sum(o.unsure > 0 for o in outcomes)
    sides = sum(o.found and not o.side_right for o in outcomes)
    lost = sum(not o.found for o in outcomes)
    times = [o.seconds * 1000 for o in outcomes]
    return (
        f"{right:3d}/{len(outcomes)} right, {wrong:3d} cells wrong, {unsure:2d} with unsure cells, "
        f"{sides:2d} side misread, {lost} no grid; median {statistics.median(times):4.0f} ms, "
        f"max {max(times):5.0f} ms"
    )


def main() -> None:
    """Draw, read and count, style by style; print a line for each style, size and way of reading."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=30, help="pictures of each style and size")
    parser.add_argument("--styles", default=",".join(STYLES))
    parser.add_argument("--sizes", default="9,6,16")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--save", type=Path, help="write each picture here (STYLE-SIZE-K.png)")
    parser.add_argument("--show", action="store_true", help="print each picture read wrong")
    args = parser.parse_args()
    styles = args.styles.split(",")
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    wanted_web = any(style in WEB_STYLES for style in styles)
    with web_shooter() if wanted_web else _nothing() as web:
        for size in sizes:
            for style in styles:
                told: list[Outcome] = []
                found: list[Outcome] = []
                for k, (puzzle, image) in enumerate(shots(style, size, args.count, args.seed, web)):
                    name = f"{style}-{size}-{k}"
                    if args.save:
                        image.save(args.save / f"{name}.png")
                    told.append(read(image, puzzle, size))
                    found.append(read(image, puzzle, None))
                    for how, outcome in (("size given", told[-1]), ("size found", found[-1])):
                        if args.show and not outcome.right:
                            print(
                                f"  {name} ({image.width}x{image.height}, {how}): {_said(outcome)}",
                                flush=True,
                            )
                label = f"{style} {size}x{size}"
                print(f"{label:>16}  size given: {summary(told)}", flush=True)
                print(f"{'':>16}  size found: {summary(found)}", flush=True)


def _said(outcome: Outcome) -> str:
    if not outcome.found:
        return "no grid found"
    if not outcome.side_right:
        return "the grid's side misread"
    return outcome.detail


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


if __name__ == "__main__":
    main()
