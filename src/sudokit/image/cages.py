"""A killer's cages from a screenshot: the dashed outlines drawn inside the cells, and each cage's sum.

A cage's outline runs a little inside its cells, along each side where the next cell is in another
cage; two cells whose shared side has no such line on either side are in one cage. The sum is the
small number in the top left corner of the cage's first cell (in reading order), read glyph by glyph.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from PIL import Image

from sudokit.image.cells import joined, normalise
from sudokit.image.components import label
from sudokit.image.locate import FloatArray, warp
from sudokit.image.recognise import CLASSES, Recogniser

SIDE = 96
"""Pixels a side of a cell when looking for cages: a cage's sum is a fifth of a cell high."""
LINE = 0.25
"""A side of a cell has a cage line when this share of it, along the band inside it, is inked."""


@dataclass(frozen=True)
class Cage:
    """A cage read from a picture: its cells, its sum and how sure the sum's reading is.

    ``cells`` are indexes, row by row; ``total`` is None when no sum is drawn or it could not be read.
    """

    cells: tuple[int, ...]
    total: int | None
    probability: float


def read_cages(
    grey: Image.Image, corners: FloatArray, cells: int, recogniser: Recogniser
) -> list[Cage] | None:
    """The cages drawn in a grid, or None when it has no cage lines (or they do not close into cages)."""
    margin = SIDE // 2
    square = np.asarray(warp(grey, corners, cells * SIDE, margin), dtype=np.float64) / 255.0
    paper = float(np.percentile(square, 75))
    ink = square < paper - 0.25

    def origin(cell: int) -> tuple[int, int]:
        r, c = divmod(cell, cells)
        return margin + r * SIDE, margin + c * SIDE

    lines = np.zeros((cells * cells, 4), bool)  # top, right, bottom, left
    for r in range(cells):
        for c in range(cells):
            top, left = origin(r * cells + c)
            cell = ink[top : top + SIDE, left : left + SIDE]
            if cell.shape != (SIDE, SIDE):
                return None
            lines[r * cells + c] = [len(_dashed(np.rot90(cell, side))) > 0 for side in range(4)]
    if lines.any(axis=1).mean() < 0.8:
        return None  # in a killer almost every cell lies on its cage's outline
    # each boundary between two cells: its cells and whether a line runs along it inside each
    boundaries = [
        (here, there, bool(lines[here, mine]), bool(lines[there, theirs]))
        for here in range(cells * cells)
        for there, mine, theirs in ((here + 1, 1, 3), (here + cells, 2, 0))
        if there < cells * cells and (there != here + 1 or there % cells)
    ]
    # a cage boundary has a line on each side of it, one in each cage: lines that do not pair up are
    # shading, print showing through, noise
    marked = [mine and theirs for _, _, mine, theirs in boundaries if mine or theirs]
    if not marked or np.mean(marked) < 0.7:
        return None
    together = [(here, there) for here, there, mine, theirs in boundaries if not (mine or theirs)]
    groups: dict[int, list[int]] = {}
    for index, group in enumerate(joined(cells * cells, together)):
        groups.setdefault(group, []).append(index)
    if len(groups) < 2 or max(len(g) for g in groups.values()) > cells:
        return None  # the lines do not close into cages of at most n cells: no killer
    out = []
    for members in sorted(groups.values()):
        top, left = origin(members[0])
        total, probability = _read_sum(square[top : top + SIDE, left : left + SIDE], paper, recogniser)
        out.append(Cage(tuple(members), total, probability))
    return out


NEAR, FAR = round(SIDE * 0.03), round(SIDE * 0.2)
"""The band inside a cell's side where a cage line runs: from 3 % to 20 % of the cell in from it."""


def _dashed(ink: NDArray[np.bool_]) -> NDArray[np.int64]:
    """The rows of a cell's top band (:data:`NEAR` to :data:`FAR`) that a dashed cage line inks.

    Looked along the middle half of the side (a corner holds the sum): a grid line's edge is inked all
    along, a dashed cage line at every other stretch. A cell turned (``np.rot90``) brings any side on top.
    """
    along = ink[NEAR:FAR, SIDE // 4 : 3 * SIDE // 4].mean(axis=1)  # each row's share of inked positions
    return np.flatnonzero((along >= LINE) & (along <= 0.92))


def _read_sum(cell: FloatArray, paper: float, recogniser: Recogniser) -> tuple[int | None, float]:
    """The number in the top left corner of a cell, read glyph by glyph (None when there is none)."""
    cell = cell.copy()
    inked = cell < paper - 0.25
    for turn in (0, 1):  # the cage's top line, then its left line: blanked, so no dash joins a glyph
        view = np.rot90(cell, -turn) if turn else cell  # a view: writing to it writes the cell
        dashed = _dashed(np.rot90(inked, -turn) if turn else inked)
        if len(dashed):
            view[NEAR + dashed.min() - 1 : NEAR + dashed.max() + 2, :] = paper
    corner = cell[round(SIDE * 0.06) : round(SIDE * 0.45), round(SIDE * 0.06) : round(SIDE * 0.6)]
    depth = paper - corner
    inked = depth > 0.25
    runs = label(inked)
    if runs.count == 0:
        return None, 0.0
    boxes, sizes = runs.boxes(), runs.sizes()
    glyphs = [
        k
        for k in range(runs.count)
        if sizes[k] >= 6
        and boxes[k, 2] - boxes[k, 0] >= SIDE * 0.08
        and SIDE * 0.04 < boxes[k, 3] - boxes[k, 1] < SIDE * 0.3
        and not (
            min(boxes[k, 0], boxes[k, 1]) == 0
            and min(boxes[k, 2] - boxes[k, 0], boxes[k, 3] - boxes[k, 1]) <= SIDE * 0.04
        )
    ]  # glyphs, not the dashes of the cage's line along the corner's edges
    if not glyphs:
        return None, 0.0
    glyphs.sort(key=lambda k: boxes[k, 1])
    digits = [CLASSES.index(str(d)) for d in range(10)]
    pieces = []
    for k in glyphs[:2]:
        top, left, bottom, right = boxes[k]
        darkness = np.clip(depth[top:bottom, left:right] / max(float(depth.max()), 1e-6), 0.0, 1.0)
        darkness = np.where(runs.mask(k, corner.shape)[top:bottom, left:right], darkness, 0.0)
        width, height = right - left, bottom - top
        if width > 1.05 * height and len(glyphs) == 1:  # two digits printed touching: cut at the thinnest
            middle = darkness.sum(axis=0)[width * 3 // 10 : width * 7 // 10]
            cut = width * 3 // 10 + int(np.argmin(middle))
            pieces += [darkness[:, :cut], darkness[:, cut:]]
        else:
            pieces.append(darkness)
    text, probability = "", 1.0
    for piece in pieces[:2]:
        glyph = _trimmed(piece)
        if glyph is None:
            continue
        p = recogniser.probabilities(normalise(glyph)[None])[0][digits]
        p = p / p.sum()
        text += str(int(np.argmax(p)))
        probability *= float(p.max())
    return (int(text) if text and text[0] != "0" else None), probability


def _trimmed(darkness: FloatArray) -> FloatArray | None:
    """A glyph's darkness cut to the box of its ink (None when it holds none)."""
    ys, xs = np.nonzero(darkness > 0.2)
    if len(ys) == 0:
        return None
    return darkness[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
