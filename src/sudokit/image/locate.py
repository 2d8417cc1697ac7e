"""Finding the grid in a picture: its four corners, and the picture of it made square.

The grid is the largest connected drawing of ink whose outline is a quadrilateral: its frame and every
line inside it join into one component however the paper is turned or tilted. Its corners are the
extremes of the component along four diagonal directions, the square turned until the quadrilateral
they make is largest.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageChops, ImageFilter, ImageOps

from sudokit.image.components import label

FloatArray = NDArray[np.float64]

DETECT_SIDE = 900
"""Pictures are searched at most this many pixels a side (the warp reads the full picture)."""


INK_OFFSET = 8.0
"""How much darker than its neighbourhood a pixel is to count as ink (grey levels of 255)."""
JOIN = 1
"""Ink is grown by this many pixels before it is split into drawings, to join broken lines."""


class NoGridFound(ValueError):
    """No grid could be found in the picture."""


@dataclass(frozen=True)
class Located:
    """A grid found in a picture: its corners in the picture's pixels, and the picture in grey.

    The corners run top left, top right, bottom right, bottom left.
    """

    corners: FloatArray
    grey: Image.Image
    others: tuple[FloatArray, ...] = ()
    """Other first guesses, likeliest first: the next largest drawings, and the box around the grid's
    drawing (a guess by extremes goes wrong when a corner of the grid is broken off)."""


def grey_image(image: Image.Image, light_on_dark: bool = False) -> Image.Image:
    """The picture upright (by its EXIF orientation) in 8-bit grey, each pixel its darkest channel.

    Transparency is laid over white; the darkest colour channel makes red or blue print as dark as
    black. With ``light_on_dark`` (a screenshot in a dark theme) the picture is turned to its negative
    first: the grid and its symbols come out dark on light, as printed.
    """
    image = ImageOps.exif_transpose(image) or image
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, rgba)
    if image.mode not in ("RGB", "L"):
        image = image.convert("RGB")
    if light_on_dark:
        image = ImageOps.invert(image)
    if image.mode == "L":
        return image
    # the darkest channel: red or blue print reads as dark as black print does (luminance would make
    # red half as dark)
    red, green, blue = image.split()
    return ImageChops.darker(ImageChops.darker(red, green), blue)


def ink(grey: NDArray[np.uint8], window: int, offset: float) -> NDArray[np.bool_]:
    """Pixels darker than their neighbourhood's mean by ``offset`` (adaptive threshold, box window)."""
    height, width = grey.shape
    half = window // 2
    padded = np.pad(grey.astype(np.float64), half + 1, mode="edge")
    summed = padded.cumsum(0).cumsum(1)
    top, left = np.arange(height), np.arange(width)
    a = summed[np.ix_(top + window, left + window)]
    b = summed[np.ix_(top, left + window)]
    c = summed[np.ix_(top + window, left)]
    d = summed[np.ix_(top, left)]
    mean = (a - b - c + d) / (window * window)
    out: NDArray[np.bool_] = grey < mean - offset
    return out


def dilate(mask: NDArray[np.bool_], steps: int) -> NDArray[np.bool_]:
    """Ink grown by ``steps`` pixels (a 3x3 square each step): joins lines that blur or glare broke."""
    for _ in range(steps):
        grown = mask.copy()
        grown[1:] |= mask[:-1]
        grown[:-1] |= mask[1:]
        grown[:, 1:] |= grown[:, :-1].copy()
        grown[:, :-1] |= grown[:, 1:].copy()
        mask = grown
    return mask


def quad_corners(points: FloatArray) -> FloatArray:
    """Four corners of a set of points: top left, top right, bottom right, bottom left.

    For each turn of a square (in steps of 3 degrees up to 90), the points furthest along its four
    diagonals; the turn whose quadrilateral is largest wins.
    """
    best: FloatArray | None = None
    best_area = -1.0
    centre = points.mean(axis=0)
    for degrees in range(0, 90, 3):
        angle = np.radians(degrees)
        corners = []
        for k in range(4):
            theta = angle + np.pi / 4 + k * np.pi / 2  # the diagonals: 45, 135, 225, 315 degrees turned
            direction = np.array([np.cos(theta), np.sin(theta)])
            corners.append(points[int(np.argmax((points - centre) @ direction))])
        quad = np.array(corners)
        area = polygon_area(quad)
        if area > best_area:
            best_area, best = area, quad
    assert best is not None
    return order_corners(best)


def polygon_area(quad: FloatArray) -> float:
    """The area of a polygon given by its vertices in order (shoelace formula)."""
    x, y = quad[:, 0], quad[:, 1]
    return float(abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2)


def order_corners(quad: FloatArray) -> FloatArray:
    """Corners in reading order: the one nearest the picture's top left first, then clockwise."""
    centre = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    clockwise = quad[np.argsort(angles)]  # y grows downwards: increasing angle is clockwise on screen
    first = int(np.argmin(clockwise.sum(axis=1)))
    return np.roll(clockwise, -first, axis=0)


LIGHT_ON_DARK = 1.0
"""A dark picture is taken as light on dark (a dark theme's screenshot) when it has this many times more
pixels much lighter than their neighbourhood than pixels much darker: 2 to 8 in dark themes' screenshots
(bright lines make the dark ground beside them darker than its neighbourhood), at most 0.2 in the dim
photos of wichtounet/sudoku_dataset."""
CONTRAST_OFFSET = 40.0
"""How much lighter or darker than its neighbourhood a pixel is to count as lettering or a line there
(grey levels of 255)."""


def is_light_on_dark(pixels: NDArray[np.uint8], window: int) -> bool:
    """Whether a picture's lines and symbols are light on a dark ground (a screenshot in a dark theme).

    Lines and symbols stand out from their neighbourhood; the ground beside them differs from its
    neighbourhood's mean by much less. Dark print on paper, even a dim photo of it, has far more pixels
    much darker than their neighbourhood than much lighter ones; a dark theme the other way round.
    """
    if float(np.median(pixels)) >= 128:
        return False
    darker = int(ink(pixels, window, CONTRAST_OFFSET).sum())
    lighter = int(ink(255 - pixels, window, CONTRAST_OFFSET).sum())
    return lighter > LIGHT_ON_DARK * max(darker, 1)


def find_grid(image: Image.Image) -> Located:
    """The grid's corners in a picture (NoGridFound when nothing looks like one)."""
    grey = grey_image(image)
    scale = min(1.0, DETECT_SIDE / max(grey.size))

    def searched(grey: Image.Image) -> NDArray[np.uint8]:
        small = grey if scale == 1.0 else grey.resize((round(grey.width * scale), round(grey.height * scale)))
        return np.asarray(small.filter(ImageFilter.GaussianBlur(1)), dtype=np.uint8)

    pixels = searched(grey)
    window = max(15, (min(pixels.shape) // 30) | 1)
    if is_light_on_dark(pixels, window):
        grey = grey_image(image, light_on_dark=True)
        pixels = searched(grey)
    mask = dilate(ink(pixels, window, INK_OFFSET), JOIN)
    runs = label(mask)
    if runs.count == 0:
        raise NoGridFound("no grid found in the picture: it holds no lines")
    sizes = runs.sizes()
    boxes = runs.boxes()
    spans = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    picture = pixels.shape[0] * pixels.shape[1]
    guesses: list[tuple[float, FloatArray, FloatArray]] = []
    for component in np.argsort(-spans)[:12]:
        if spans[component] < picture * 0.02:
            break
        group = _grid_group(int(component), sizes, boxes)
        points = np.concatenate([runs.points(int(k)) for k in group])
        corners = quad_corners(points)
        area = polygon_area(corners)
        ink_pixels = float(sizes[group].sum())
        if area < picture * 0.02 or ink_pixels > 0.6 * area or not _square_enough(corners):
            continue  # a blot, a photo or a long rule, no grid
        (left, top), (right, bottom) = points.min(axis=0), points.max(axis=0)
        box = np.array([[left, top], [right, top], [right, bottom], [left, bottom]], np.float64)
        guesses.append((area, corners, box))
    if not guesses:
        raise NoGridFound("no grid found in the picture")
    guesses.sort(key=lambda guess: -guess[0])
    _, best, box = guesses[0]
    others = [box] + [corners for _, corners, _ in guesses[1:3]]
    return Located(best / scale, grey, tuple(other / scale for other in others))


def _grid_group(component: int, sizes: NDArray[np.int64], boxes: NDArray[np.int64]) -> list[int]:
    """A drawing with the large drawings (a fifth its ink or more) lying within the box around it.

    A grid whose thin lines come out dashed (blur, a faint print) is held together by its thick lines,
    and one break in them splits it into a few large pieces, the smaller ones inside the largest's box.
    """
    top, left, bottom, right = (float(v) for v in boxes[component])
    pad_y, pad_x = (bottom - top) * 0.03, (right - left) * 0.03
    inside_h = np.clip(
        np.minimum(boxes[:, 2], bottom + pad_y) - np.maximum(boxes[:, 0], top - pad_y), 0, None
    )
    inside_w = np.clip(
        np.minimum(boxes[:, 3], right + pad_x) - np.maximum(boxes[:, 1], left - pad_x), 0, None
    )
    spans = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    near = (sizes >= sizes[component] * 0.2) & (inside_h * inside_w >= 0.8 * spans)
    near[component] = True
    return [int(k) for k in np.flatnonzero(near)]


def _square_enough(corners: FloatArray) -> bool:
    """Whether a quadrilateral could be a square grid seen at an angle: no side under a third of another."""
    sides = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
    return bool(sides.min() > sides.max() / 3)


def perspective_coefficients(source: FloatArray, target: FloatArray) -> FloatArray:
    """The 8 coefficients of the perspective map taking target points to source points (PIL's form)."""
    rows = []
    values = []
    for (x, y), (u, v) in zip(target, source, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        values += [u, v]
    return np.linalg.solve(np.array(rows, np.float64), np.array(values, np.float64))


def square_corners(side: float, margin: float = 0) -> FloatArray:
    """The corners of a square of ``side`` pixels set ``margin`` pixels in, in the corners' order."""
    far = margin + side
    return np.array([[margin, margin], [far, margin], [far, far], [margin, far]], np.float64)


def warp(grey: Image.Image, corners: FloatArray, side: int, margin: int = 0, fill: int = 255) -> Image.Image:
    """The quadrilateral ``corners`` of the picture drawn as a square of ``side`` pixels.

    ``margin`` pixels of the picture are drawn around it on every side.
    """
    full = side + 2 * margin
    coefficients = perspective_coefficients(corners, square_corners(side, margin))
    return grey.transform(
        (full, full),
        Image.Transform.PERSPECTIVE,
        tuple(coefficients),
        Image.Resampling.BICUBIC,
        fillcolor=fill,
    )


SHRINK_FROM = 1.25
"""A quadrilateral this many times larger than the square it is drawn as is averaged down first."""


def _side(corners: FloatArray) -> float:
    """The mean length of a quadrilateral's sides."""
    return float(np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1).mean())


def shrunk(grey: Image.Image, corners: FloatArray, side: int) -> tuple[Image.Image, FloatArray]:
    """The picture averaged down, and the corners with it, when the quadrilateral is much over ``side``.

    The quadrilateral ``corners`` comes out about ``side`` pixels a side. :func:`warp` samples the
    picture: drawn much smaller, a line one pixel thin (a screenshot's cell lines) falls between its
    samples and a symbol's edges come out jagged.
    """
    shrink = _side(corners) / side
    if shrink <= SHRINK_FROM:
        return grey, corners
    size = (max(1, round(grey.width / shrink)), max(1, round(grey.height / shrink)))
    scaled = corners * np.array([size[0] / grey.width, size[1] / grey.height])
    return grey.resize(size, Image.Resampling.BOX), scaled


def line_positions(profile: FloatArray, threshold: float) -> list[float]:
    """The runs of a profile above ``threshold``: where the lines across it lie (each run's centre)."""
    above = np.concatenate([[False], profile > threshold, [False]])
    edges = np.flatnonzero(np.diff(above.astype(np.int8)))
    out = []
    for start, end in zip(edges[0::2], edges[1::2], strict=True):
        weights = profile[start:end]
        out.append(float(np.dot(np.arange(start, end), weights) / weights.sum()))
    return out


WINDOWS = 16
"""How many sets of lines each way are tried as the grid's (those with the most lines found)."""


def windows(lines: list[float], expected: float, cells: int) -> list[tuple[float, float]]:
    """Sets of ``cells`` + 1 equally spaced lines among ``lines``: the first and the last.

    Most of each set's inner lines are found. ``expected`` is the cell side the first guess implies
    (a third to three times it).
    """
    where = np.array(lines)
    out = []
    for i, first in enumerate(where):
        for last in where[i + 1 :]:
            step = (last - first) / cells
            if step < 6 or not 0.33 < step / expected < 3:
                continue
            targets = first + step * np.arange(cells + 1)
            found = np.abs(where[None, :] - targets[:, None]).min(axis=1) < step * 0.15
            if found.sum() >= (cells + 1) * 0.7:
                out.append((float(found.mean()), float(first), float(last)))
    out.sort(key=lambda window: -window[0])
    return [(first, last) for _, first, last in out[:WINDOWS]]


SIZES = (9, 6, 4, 16)
"""The grid sizes looked for when the caller does not say."""
FRAME_SCORE = 0.2
"""The least line evidence (mean ridge strength along the lines, 0..1) a set of lines needs to be taken
as the grid."""
REFINE_SIDE = 360
"""The first guess is drawn this many pixels a side to look for the grid's lines."""
EDGE_PAD = 16
"""The picture's edge pixels are repeated this far past it before the first guess is drawn square."""


@dataclass(frozen=True)
class Frame:
    """A grid's outer corners in the picture, its side in cells, and how well its lines match the ink."""

    corners: FloatArray
    cells: int
    score: float


def refine(located: Located, cells: int | None = None) -> Frame | None:
    """Corners on the grid's outer lines and the number of cells a side, from the first guess's lines.

    None when no regular set of lines is seen.

    The first guess may hold part of the grid (a line broken by glare splits it) or reach past it; drawn
    square with a wide margin, the grid's lines run straight across it, equally spaced.
    """
    side, margin = REFINE_SIDE, REFINE_SIDE
    square, inside, reach = _square_view(located, side, margin)
    # vertical lines: darker than left and right; a line as wide as the reach (a screenshot's thick
    # frame, drawn larger) is darker than pixels twice as far
    down_ridge = np.where(inside, np.maximum(ridge(square, 1, reach), ridge(square, 1, 2 * reach)), 0.0)
    across_ridge = np.where(inside, np.maximum(ridge(square, 0, reach), ridge(square, 0, 2 * reach)), 0.0)
    inner = slice(margin, margin + side)
    columns = down_ridge[inner, :].mean(axis=0)
    rows = across_ridge[:, inner].mean(axis=1)
    # a grid line is darker than beside it along its whole length, a digit's stroke or a word is not:
    # the median along the first guess shows the faint lines the mean loses (a phone app's pale cell
    # lines beside its dark box lines), and nothing else
    along = Profiles(np.median(down_ridge[inner, :], axis=0), np.median(across_ridge[:, inner], axis=1))
    x_lines, y_lines = _peaks(columns, along.columns), _peaks(rows, along.rows)
    vertical = np.vstack([np.zeros((1, square.shape[1])), down_ridge.cumsum(axis=0)])
    horizontal = np.hstack([np.zeros((square.shape[0], 1)), across_ridge.cumsum(axis=1)])
    found: list[tuple[float, tuple[float, float, float, float, int]]] = []
    for count in [cells] if cells else list(SIZES):
        best: tuple[float, float, float, float, int] | None = None
        best_score = FRAME_SCORE
        for x0, x1 in windows(x_lines, side / count, count):
            for y0, y1 in windows(y_lines, side / count, count):
                if not 0.6 < (x1 - x0) / (y1 - y0) < 1.6:
                    continue
                score = _frame_score(vertical, horizontal, x0, x1, y0, y1, count, along)
                if score > best_score:
                    best_score, best = score, (x0, x1, y0, y1, count)
        if best is not None and (cells or (best[1] - best[0]) * (best[3] - best[2]) > 0.5 * side * side):
            found.append((best_score, best))  # a guessed size must fill most of the first guess
    if not found:
        return None
    # a part of a grid is a grid of fewer cells as well: of the sizes that fit about as well as the
    # best, the one whose frame is largest is the whole grid
    top = max(score for score, _ in found)
    score, best = max(
        ((score, frame) for score, frame in found if score >= 0.75 * top),
        key=lambda pair: (pair[1][1] - pair[1][0]) * (pair[1][3] - pair[1][2]),
    )
    x0, x1, y0, y1, nx = best
    to_picture = perspective_coefficients(located.corners, square_corners(side, margin))
    framed = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)
    return Frame(apply_perspective(to_picture, framed), nx, score)


def _square_view(located: Located, side: int, margin: int) -> tuple[FloatArray, NDArray[np.bool_], int]:
    """The first guess drawn square, which of its pixels come from the picture, and a ridge's reach.

    The square is ``side`` pixels with ``margin`` around it; the reach (:func:`ridge`) is two of the
    picture's pixels, two at least. A picture whose guess is much larger than ``side`` is averaged down
    first (:func:`shrunk`). The picture's edge pixels are repeated a little way past it, so that its own
    edge is no line, while a grid drawn close to it (a screenshot cropped round the grid) keeps its frame.
    """
    grey, corners = shrunk(located.grey, located.corners, side)
    shrink = _side(corners) / side
    pad = EDGE_PAD
    padded = Image.fromarray(np.pad(np.asarray(grey), pad, mode="edge"))
    square = np.asarray(warp(padded, corners + pad, side, margin), dtype=np.float64)
    whole = Image.new("L", padded.size, 0)
    whole.paste(255, (pad, pad, pad + grey.width, pad + grey.height))
    inside = np.asarray(warp(whole, corners + pad, side, margin, fill=0), dtype=np.uint8) > 128
    return square, inside, max(2, round(2 / shrink))


def ridge(square: FloatArray, axis: int, reach: int = 2) -> FloatArray:
    """How much darker each pixel is than both pixels ``reach`` away along ``axis``.

    From 0 to 1, scaled by the picture's strongest ridges: high on a line running across that axis,
    however faint its print.
    """
    before = np.roll(square, reach, axis=axis)
    after = np.roll(square, -reach, axis=axis)
    depth = np.clip(np.minimum(before, after) - square, 0.0, None)
    scale = float(np.percentile(depth[depth > 0], 99)) if (depth > 0).any() else 1.0
    return np.clip(depth / max(scale, 1e-6), 0.0, 1.0)


FAINT_LINE = 0.05
"""The least median ridge strength along a line (0..1) that is a faint line of the grid (where nothing
is drawn the median is 0: a digit or a word covers a small part of a line's length)."""


@dataclass(frozen=True)
class Profiles:
    """The median ridge strength along each column and each row of the first guess drawn square.

    High along the grid's lines, vertical and horizontal, however faint; 0 elsewhere.
    """

    columns: FloatArray
    rows: FloatArray


def _peaks(profile: FloatArray, along: FloatArray | None = None) -> list[float]:
    """The lines a ridge profile shows: its runs above a quarter of its highest value.

    With the median profile ``along``, also its runs above a twentieth of its highest (and above
    :data:`FAINT_LINE`) that lie apart from those.
    """
    strong = line_positions(profile, 0.25 * float(profile.max()))
    if along is None or float(along.max()) <= 0:
        return strong
    faint = line_positions(along, max(FAINT_LINE, 0.05 * float(along.max())))
    taken = np.array(strong)
    extra = [line for line in faint if not len(taken) or np.abs(taken - line).min() > 2]
    return sorted(strong + extra)


def _frame_score(
    vertical: FloatArray,
    horizontal: FloatArray,
    x0: float,
    x1: float,
    y0: float,
    y1: float,
    cells: int,
    along: Profiles | None = None,
) -> float:
    """How well N + 1 equally spaced lines each way, spanning exactly the frame, match the ink.

    ``vertical`` holds each column's ink summed down to each row, ``horizontal`` each row's summed along
    to each column. A grid's lines are inked from frame to frame and do not go on at the same spacing
    past it; rows of text or a page's rules do neither.
    """
    height, width = vertical.shape[0] - 1, horizontal.shape[1] - 1
    top, bottom = round(y0), round(y1)
    left, right = round(x0), round(x1)
    if min(top, left) < 0 or bottom > height or right > width or bottom - top < 8 or right - left < 8:
        return -1.0

    def down(x: float) -> float:  # ink along a vertical line at x, between the frame's top and bottom
        column = round(x)
        if not 0 <= column < width:
            return 0.0
        return float(vertical[bottom, column] - vertical[top, column]) / (bottom - top)

    def across(y: float) -> float:
        row = round(y)
        if not 0 <= row < height:
            return 0.0
        return float(horizontal[row, right] - horizontal[row, left]) / (right - left)

    step_x, step_y = (x1 - x0) / cells, (y1 - y0) / cells
    inked = [down(x0 + k * step_x) for k in range(cells + 1)] + [
        across(y0 + k * step_y) for k in range(cells + 1)
    ]
    beyond = max(down(x0 - step_x), down(x1 + step_x), across(y0 - step_y), across(y1 + step_y))
    # halfway between the lines run the cells' middles, crossed by a few digits: lines there mean every
    # other line of a finer grid (the thick lines and every second thin one of a screenshot's 9 x 9)
    halfway = [down(x0 + (k + 0.5) * step_x) for k in range(cells)] + [
        across(y0 + (k + 0.5) * step_y) for k in range(cells)
    ]
    if along is not None and _halfway_lines(along, x0, x1, y0, y1, cells) > FAINT_LINE:
        return -1.0  # lines run between these along their length: every other line of a finer grid
    return float(np.mean(inked)) - 0.5 * max(beyond, float(np.mean(halfway)))


def _halfway_lines(along: Profiles, x0: float, x1: float, y0: float, y1: float, cells: int) -> float:
    """How strongly lines run between a set of lines: every other line or every third of a finer grid.

    The mean median ridge strength (:class:`Profiles`, a pixel's leeway either side) halfway between
    the lines, or at their thirds, whichever is higher: 0 between a grid's own lines, whatever digits
    stand there.
    """

    def at(profile: FloatArray, where: float) -> float:
        k = round(where)
        return float(profile[max(0, k - 1) : k + 2].max()) if 0 <= k < len(profile) else 0.0

    step_x, step_y = (x1 - x0) / cells, (y1 - y0) / cells
    found = 0.0
    for shares in ((0.5,), (1 / 3, 2 / 3)):
        values = [at(along.columns, x0 + (k + share) * step_x) for k in range(cells) for share in shares]
        values += [at(along.rows, y0 + (k + share) * step_y) for k in range(cells) for share in shares]
        found = max(found, float(np.mean(values)))
    return found


def apply_perspective(coefficients: FloatArray, points: FloatArray) -> FloatArray:
    """Points mapped by a perspective map in PIL's form (the one :func:`perspective_coefficients` gives)."""
    a, b, c, d, e, f, g, h = coefficients
    x, y = points[:, 0], points[:, 1]
    w = g * x + h * y + 1
    return np.stack([(a * x + b * y + c) / w, (d * x + e * y + f) / w], axis=1)
