"""Cutting a squared grid into cells and each cell's mark into the recogniser's input.

A cell is cut with a little of its neighbours, so that a digit a crooked photo pushed over the line is
whole; what touches the cut's edge is a grid line or a neighbour's digit and is dropped. What is left
near the middle is the cell's mark, scaled into a 28 x 28 square as MNIST's digits are (the longer side
20 pixels, centred by its centre of mass), with ink 1 and paper 0.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from PIL import Image

from sudokit.image.components import label
from sudokit.image.locate import FloatArray, dilate, ridge, shrunk, warp

CELL = 40
"""Pixels a side of a cell in the squared grid."""
SIDE = 28
"""Pixels a side of the recogniser's input."""
BOX = 20
"""Pixels of the longer side of a mark in the recogniser's input."""


@dataclass(frozen=True)
class Mark:
    """What a cell holds: its ink scaled for the recogniser, and how much of the cell its ink covers.

    ``pixels`` is None for an empty cell.
    """

    pixels: NDArray[np.float32] | None
    coverage: float


def squared(grey: Image.Image, corners: FloatArray, cells: int) -> NDArray[np.float64]:
    """The grid drawn square, ``CELL`` pixels a cell and half a cell of margin, as grey levels 0..1."""
    margin = CELL // 2
    grey, corners = shrunk(grey, corners, cells * CELL)  # a large screenshot's symbols averaged, not sampled
    image = warp(grey, corners, cells * CELL, margin)
    return np.asarray(image, dtype=np.float64) / 255.0


def cell_marks(square: NDArray[np.float64], cells: int) -> list[Mark]:
    """Each cell's mark, row by row, each cut where the lines around it are (see :func:`line_offsets`)."""
    margin = CELL // 2
    pad = CELL // 8
    rows, columns = line_offsets(square, cells)
    patches = []
    for row in range(cells):
        for column in range(cells):
            shift_y = round((rows[row, column] + rows[row + 1, column]) / 2)
            shift_x = round((columns[column, row] + columns[column + 1, row]) / 2)
            top = margin + row * CELL + shift_y
            left = margin + column * CELL + shift_x
            patch = square[top - pad : top + CELL + pad, left - pad : left + CELL + pad]
            if patch.shape != (CELL + 2 * pad, CELL + 2 * pad):
                patch = square[margin + row * CELL - pad :, margin + column * CELL - pad :][
                    : CELL + 2 * pad, : CELL + 2 * pad
                ]
            patches.append(patch)
    contrasts = [contrast(patch, pad) for patch in patches]
    # a faint print (or a dim photo) has faint digits: the least contrast that is a mark is a share of
    # the grid's clearest marks', not a fixed level
    floor = max(0.06, min(0.12, 0.35 * float(np.percentile(contrasts, 90))))
    return [mark(patch, pad, floor, depth) for patch, depth in zip(patches, contrasts, strict=True)]


def contrast(patch: NDArray[np.float64], pad: int) -> float:
    """How much darker the darkest ink in the middle of a cell is than its paper (0..1)."""
    paper = float(np.percentile(patch, 75))
    inset = pad + CELL // 6
    return paper - float(np.percentile(patch[inset:-inset, inset:-inset], 1))


def line_offsets(square: NDArray[np.float64], cells: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """How far each grid line lies from where the squared grid puts it, beside each cell.

    ``rows[k, j]`` is the offset in pixels of horizontal line k over column j, ``columns[k, i]`` that of
    vertical line k beside row i. Paper curves and corners are found a pixel or two off: a cell cut
    where its own lines are keeps its digit whole and its lines out. Each offset is the darkest ridge
    within a sixth of a cell of the nominal line, smoothed with its neighbours' (a digit's stroke near
    a line does not pull it).
    """
    margin = CELL // 2
    reach = CELL // 6
    across = ridge(square, axis=0, reach=1)  # horizontal lines
    down = ridge(square, axis=1, reach=1)
    rows = np.zeros((cells + 1, cells))
    columns = np.zeros((cells + 1, cells))
    inset = CELL // 5
    for k in range(cells + 1):
        nominal = margin + k * CELL
        low, high = max(0, nominal - reach), min(square.shape[0], nominal + reach + 1)
        for j in range(cells):
            strip = slice(margin + j * CELL + inset, margin + (j + 1) * CELL - inset)
            profile = across[low:high, strip].mean(axis=1)
            rows[k, j] = low + int(np.argmax(profile)) - nominal if profile.max() > 0.15 else np.nan
            profile = down[strip, low:high].mean(axis=0)
            columns[k, j] = low + int(np.argmax(profile)) - nominal if profile.max() > 0.15 else np.nan
    return _smooth(rows), _smooth(columns)


def _smooth(offsets: NDArray[np.float64]) -> NDArray[np.float64]:
    """Each line's offsets replaced by the median of it and its two neighbours along the line.

    A missing one, where no line was seen, is first the line's median (0 when the line was not seen).
    """
    out = np.zeros_like(offsets)
    for k in range(offsets.shape[0]):
        line = offsets[k]
        seen = line[~np.isnan(line)]
        fill = float(np.median(seen)) if len(seen) else 0.0
        line = np.where(np.isnan(line), fill, line)
        padded = np.concatenate([[line[0]], line, [line[-1]]])
        out[k] = np.median(np.stack([padded[:-2], padded[1:-1], padded[2:]]), axis=0)
    return out


def mark(patch: NDArray[np.float64], pad: int, floor: float = 0.12, depth: float | None = None) -> Mark:
    """The mark in one cell's patch (the cell with ``pad`` pixels of its neighbours around it).

    A cell whose ink is less than ``floor`` darker than its paper is empty; ``depth`` is the patch's
    :func:`contrast` when the caller has it already.
    """
    paper = float(np.percentile(patch, 75))
    if depth is None:
        depth = contrast(patch, pad)  # the mark's own ink, not a darker grid line's
    if depth < floor:
        return Mark(None, 0.0)  # nothing darker than the paper: an empty cell
    inked = patch < paper - max(0.5 * depth, floor * 0.6)
    runs = label(inked)
    if runs.count == 0:
        return Mark(None, 0.0)
    boxes = runs.boxes()
    sizes = runs.sizes()
    height, width = patch.shape
    inner = pad + CELL * 0.12
    keep = []
    for k in range(runs.count):
        top, left, bottom, right = boxes[k]
        box_h, box_w = bottom - top, right - left
        if box_h >= CELL * 0.9 or box_w >= CELL * 0.9:
            continue  # a grid line
        if top <= 1 or left <= 1 or bottom >= height - 1 or right >= width - 1:
            continue  # part of a line or a neighbour's digit
        centre_y, centre_x = (top + bottom) / 2, (left + right) / 2
        if not (inner < centre_y < height - inner and inner < centre_x < width - inner):
            continue  # off centre: a speck by a line
        if sizes[k] < CELL * CELL * 0.004:
            continue  # a speck
        near_edge = min(centre_y, centre_x, height - centre_y, width - centre_x) < pad + CELL * 0.22
        if near_edge and max(box_h, box_w) > 3 * min(box_h, box_w):
            continue  # a dash of a killer cage's line, drawn inside the cell along its side
        keep.append(k)
    if not keep or max(sizes[k] for k in keep) < CELL * CELL * 0.012:
        return Mark(None, 0.0)  # dust, or the dashes of a cage's line: no stroke of a glyph
    tallest = max(boxes[k, 2] - boxes[k, 0] for k in keep)
    keep = [k for k in keep if boxes[k, 2] - boxes[k, 0] >= tallest * 0.4 or sizes[k] > CELL * CELL * 0.02]
    top = int(min(boxes[k, 0] for k in keep))
    left = int(min(boxes[k, 1] for k in keep))
    bottom = int(max(boxes[k, 2] for k in keep))
    right = int(max(boxes[k, 3] for k in keep))
    if len(keep) > 4 or (bottom - top > CELL * 0.8 and right - left > CELL * 0.7):
        return Mark(None, 0.0)  # shading or a pattern over the cell, no glyph
    centre_y, centre_x = (top + bottom) / 2 - pad - CELL / 2, (left + right) / 2 - pad - CELL / 2
    if bottom - top < CELL * 0.45 and abs(centre_y) > CELL * 0.2 and abs(centre_x) > CELL * 0.15:
        return Mark(None, 0.0)  # small and in a corner: a killer cage's sum, a pencil mark, no given
    if bottom - top < CELL * 0.25:
        return Mark(None, float(sum(sizes[k] for k in keep)) / CELL**2)  # a dot or a dash, no digit
    chosen = np.zeros(patch.shape, bool)
    for k in keep:
        chosen |= runs.mask(k, patch.shape)
    darkness = np.clip((paper - patch) / max(depth, 1e-6), 0.0, 1.0)
    # the strokes and the pixels round them: keeps a stroke's soft edge
    darkness = np.where(dilate(chosen, 1), darkness, 0.0)[top:bottom, left:right]
    return Mark(normalise(darkness), float(chosen.sum()) / CELL**2)


def normalise(darkness: NDArray[np.float64]) -> NDArray[np.float32]:
    """A mark's darkness (0 paper .. 1 ink), cropped to its box, as the recogniser's 28 x 28 input."""
    height, width = darkness.shape
    scale = BOX / max(height, width)
    new_h, new_w = max(1, round(height * scale)), max(1, round(width * scale))
    image = Image.fromarray((darkness * 255).astype(np.uint8)).resize(
        (new_w, new_h), Image.Resampling.BILINEAR
    )
    small = np.asarray(image, dtype=np.float32) / 255.0
    out = np.zeros((SIDE, SIDE), np.float32)
    total = small.sum()
    if total > 0:
        ys, xs = np.indices(small.shape)
        cy, cx = (ys * small).sum() / total, (xs * small).sum() / total
    else:
        cy, cx = new_h / 2, new_w / 2
    top = int(np.clip(round(SIDE / 2 - cy), 0, SIDE - new_h))
    left = int(np.clip(round(SIDE / 2 - cx), 0, SIDE - new_w))
    out[top : top + new_h, left : left + new_w] = small
    peak = out.max()
    return out / peak if peak > 0 else out


def regions(square: NDArray[np.float64], cells: int) -> list[list[int]] | None:
    """The grid's regions from its thick lines: each cell's region number, row by row, or None.

    The ink across each boundary between two neighbouring cells (its thickness times its darkness, the
    median along the boundary so a digit by the line does not count) falls in two groups when the grid
    has thick lines: thin lines inside a region, thick ones between regions. None when there are no two
    such groups, or the thick lines do not cut the grid into ``cells`` regions of ``cells`` cells each.
    """
    margin = CELL // 2
    half = max(2, CELL // 8)
    paper = float(np.percentile(square[margin:-margin, margin:-margin], 75))
    darkness = np.clip(paper - square, 0.0, None)
    rows, columns = line_offsets(square, cells)
    inset = CELL // 5
    weights: dict[tuple[int, int], float] = {}  # (cell, neighbour) -> ink across their boundary
    for r in range(cells):
        for c in range(cells):
            here = r * cells + c
            if c + 1 < cells:  # the vertical line between (r, c) and (r, c + 1)
                x = margin + (c + 1) * CELL + round(columns[c + 1, r])
                band = darkness[
                    margin + r * CELL + inset : margin + (r + 1) * CELL - inset, x - half : x + half + 1
                ]
                weights[(here, here + 1)] = float(np.median(band.sum(axis=1)))
            if r + 1 < cells:
                y = margin + (r + 1) * CELL + round(rows[r + 1, c])
                band = darkness[
                    y - half : y + half + 1, margin + c * CELL + inset : margin + (c + 1) * CELL - inset
                ]
                weights[(here, here + cells)] = float(np.median(band.sum(axis=0)))
    values = np.array(sorted(weights.values()))
    if len(values) < 2:
        return None
    split, thin, thick = _two_groups(values)
    if thick < thin * 1.4 or thick - thin < 0.3:
        return None  # every line alike: no regions drawn
    out = joined(cells * cells, [pair for pair, weight in weights.items() if weight < split])
    counts = np.bincount(out)
    if len(counts) != cells or (counts != cells).any():
        return None
    return [out[r * cells : (r + 1) * cells] for r in range(cells)]


def joined(count: int, pairs: list[tuple[int, int]]) -> list[int]:
    """Each of ``count`` cells' group (numbered 0.. in order of first cell), each pair in one group.

    A union-find: the regions that thin lines join, the cages that no cage line parts.
    """
    parent = list(range(count))

    def root(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for a, b in pairs:
        parent[root(a)] = root(b)
    labels: dict[int, int] = {}
    return [labels.setdefault(root(cell), len(labels)) for cell in range(count)]


def _two_groups(values: NDArray[np.float64]) -> tuple[float, float, float]:
    """The split of sorted values into two groups with the most variance between them.

    Otsu's method in one dimension: the threshold and each group's mean.
    """
    best = (float(values[0]), float(values[0]), float(values[-1]))
    best_between = -1.0
    for k in range(1, len(values)):
        low, high = values[:k], values[k:]
        between = len(low) * len(high) * (low.mean() - high.mean()) ** 2
        if between > best_between:
            best_between = between
            best = ((float(values[k - 1]) + float(values[k])) / 2, float(low.mean()), float(high.mean()))
    return best
