"""From a picture to a puzzle: find the grid, read each cell, and let the solver settle doubtful cells.

The recogniser gives every cell its likely symbols with their probabilities. A reading that breaks a
rule, or has no solution or several, is repaired by the likeliest changes (one cell read as its second
choice, a faint mark taken as a digit, ...) that make a puzzle with exactly one solution. A cell the
recogniser was not sure of, or that the repair changed, is named: the reading is never silently guessed.
"""

from __future__ import annotations

import heapq
import io
import json
import math
import os
import time
from dataclasses import dataclass, field, replace

import numpy as np
from PIL import Image, UnidentifiedImageError

from sudokit.errors import GridError, ParseError
from sudokit.image import cells as cutting
from sudokit.image.locate import FloatArray, Frame, Located, NoGridFound, find_grid, polygon_area, refine
from sudokit.image.recognise import CLASSES, Recogniser, default
from sudokit.model import EMPTY, PICTURE_DOUBT, Grid, Puzzle, cell_name

SURE = 0.9
"""A cell read with less than this probability is named as unsure."""
GOOD_FRAME = 0.35
"""A frame from another first guess whose lines match the ink this well ends the search."""
OTHER_FRAME = 0.45
"""The least score a later one of the other first guesses' frames needs to replace an earlier one's."""
MAX_PIXELS = 40_000_000
"""Pictures larger than this are refused (a decompression bomb, not a photo)."""
REPAIR_TRIES = 400
"""How many readings the repair tries at most before it gives up."""
REPAIR_SECONDS = 0.5
"""How long the repair tries at most (each count of solutions is cut at 50 ms: a reading whose count
takes longer is not the puzzle a newspaper prints)."""


class ImageReadError(ParseError):
    """A picture sudokit could not read as a puzzle: not an image, or no grid found in it."""


@dataclass(frozen=True)
class Choice:
    """One way to read a cell: a symbol index (EMPTY for an empty cell) and its probability."""

    symbol: int
    probability: float


@dataclass(frozen=True)
class Reading:
    """What was read from a picture, and how sure the reading is.

    ``choices`` holds for each cell its likely readings, likeliest first; ``puzzle`` is the reading the
    repair settled on (each cell's first choice when it needed none); ``unsure`` the cells named as
    doubtful (read with low probability or changed by the repair); ``unique`` whether the puzzle read
    has exactly one solution.
    """

    puzzle: Puzzle
    choices: tuple[tuple[Choice, ...], ...]
    unsure: tuple[int, ...]
    repaired: tuple[int, ...]
    corners: tuple[tuple[float, float], ...]
    unique: bool
    picture_size: tuple[int, int] = (0, 0)
    notes: tuple[str, ...] = field(default=())

    @property
    def confidence(self) -> float:
        """The probability of the reading as a whole (the product of each cell's)."""
        total = 0.0
        for index, given in enumerate(self.puzzle.givens):
            for choice in self.choices[index]:
                if choice.symbol == given:
                    total += math.log(max(choice.probability, 1e-12))
                    break
            else:
                total += math.log(1e-12)
        return math.exp(total)

    def describe_unsure(self) -> str:
        """The unsure cells in words: ``r3c4 (read 7; maybe 1), r5c5 (read empty; maybe 8)``."""
        grid = self.puzzle.grid
        parts = []
        for index in self.unsure:
            read = self.puzzle.givens[index]
            others = [c for c in self.choices[index] if c.symbol != read and c.probability >= 0.02][:2]
            text = f"{cell_name(grid.cells[index])} (read {_symbol_text(grid, read)}"
            if others:
                text += "; maybe " + " or ".join(_symbol_text(grid, c.symbol) for c in others)
            parts.append(text + ")")
        return ", ".join(parts)

    def as_json(self) -> dict[str, object]:
        """The reading for the web app: corners, each cell's choices, the unsure and repaired cells."""
        grid = self.puzzle.grid
        return {
            "size": grid.size,
            "corners": [list(point) for point in self.corners],
            "picture": list(self.picture_size),
            "cells": [
                [{"symbol": _symbol_text(grid, c.symbol, ""), "p": round(c.probability, 4)} for c in options]
                for options in self.choices
            ],
            "read": [_symbol_text(grid, g, "") for g in self.puzzle.givens],
            "unsure": list(self.unsure),
            "repaired": list(self.repaired),
            "unique": self.unique,
            "confidence": round(self.confidence, 4),
            "notes": list(self.notes),
        }


def _symbol_text(grid: Grid, symbol: int, empty: str = "empty") -> str:
    return empty if symbol == EMPTY else grid.symbols[symbol]


def open_picture(source: str | os.PathLike[str] | bytes) -> Image.Image:
    """A picture from a path or its bytes (ImageReadError when it is no picture Pillow reads).

    The error names the file for a path; for bytes it says only what is wrong, for the caller (the
    command line, the web app) to say where they came from.
    """
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    where = "" if isinstance(source, bytes) else f"{os.fspath(source)}: "
    try:
        image = Image.open(io.BytesIO(source) if isinstance(source, bytes) else source)
        image.load()
    except UnidentifiedImageError:  # Pillow's message names the file object: <_io.BytesIO ...>
        raise ImageReadError(f"{where}not a picture sudokit can read (PNG, JPEG, WebP, GIF, TIFF)") from None
    except Image.DecompressionBombError as exc:
        raise ImageReadError(f"{where}not a picture sudokit can read ({exc})") from None
    except OSError as exc:
        raise ImageReadError(f"{where}the picture could not be read ({exc})") from None
    return image


def read_picture(
    source: str | os.PathLike[str] | bytes | Image.Image,
    *,
    size: int | None = None,
    recogniser: Recogniser | None = None,
) -> Reading:
    """Read the puzzle in a picture, with how sure each cell is (see :class:`Reading`).

    ``size`` is the grid's side (9, 6, 16, ...); without it the lines in the picture decide.
    """
    image = source if isinstance(source, Image.Image) else open_picture(source)
    recogniser = recogniser or default()
    try:
        located = find_grid(image)
    except NoGridFound as exc:
        raise ImageReadError(str(exc)) from None
    corners, cells = _settle_corners(located, size)
    square = cutting.squared(located.grey, corners, cells)
    grid = Grid.classic(cells)
    choices, turns = _upright(square, grid, recogniser)
    corners = np.roll(corners, -turns, axis=0)  # rot90 turns anticlockwise: the puzzle's top left first
    reading = repair(grid, choices)
    killer = _killer(located.grey, polish(located.grey, corners, cells), cells, grid, recogniser)
    if isinstance(killer, Grid):
        caged = repair(killer, choices)
        if caged.unique:
            reading = caged
        else:
            killer = "killer cages drawn in the picture: no reading of them gives one solution"
    if isinstance(killer, str):  # cages seen but not read for certain: named, and no verdict
        puzzle = reading.puzzle
        reading = replace(reading, puzzle=puzzle.replaced(unread=(*puzzle.unread, killer), certain=False))
    jigsaw = _jigsaw(np.rot90(square, turns), cells)
    if jigsaw is not None:
        # thick lines that are no boxes: a jigsaw, taken when its reading has exactly one solution
        # and the boxes' has not (a photo's uneven lines must not turn a classic into a jigsaw)
        irregular = repair(jigsaw, choices)
        if irregular.unique and not reading.unique:
            reading = irregular
    return replace(
        reading,
        corners=tuple((float(x), float(y)) for x, y in corners),
        picture_size=located.grey.size,
    )


def _killer(
    grey: Image.Image, corners: FloatArray, cells: int, grid: Grid, recogniser: Recogniser
) -> Grid | str | None:
    """The killer grid the cage outlines and sums draw, what was not read, or None (no cages).

    A sentence naming what was not read when cages are seen but their sums are not read for certain (or
    do not add up): the answer then names the cages as a rule not read.
    """
    from sudokit.image.cages import read_cages
    from sudokit.variants import killer

    cages = read_cages(grey, corners, cells, recogniser)
    if cages is None:
        return None
    unsure = [cage for cage in cages if cage.total is None or cage.probability < SURE]
    covered = sum(len(cage.cells) for cage in cages) == cells * cells
    total = sum(cage.total or 0 for cage in cages)
    if unsure or (covered and total != cells * cells * (cells + 1) // 2):
        where = ", ".join(cell_name(grid.cells[cage.cells[0]]) for cage in unsure[:6])
        why = (
            f"the sums at {where} could not be read for certain" if unsure else f"the sums add up to {total}"
        )
        return f"killer cages drawn in the picture ({why})"
    return killer(grid, [([grid.cells[i] for i in cage.cells], cage.total) for cage in cages])


def _jigsaw(square: FloatArray, cells: int) -> Grid | None:
    """The jigsaw grid the thick lines draw, when they cut other regions than the classic boxes."""
    labels = cutting.regions(square, cells)
    if labels is None:
        return None
    classic = Grid.classic(cells)
    boxes = {frozenset(unit.cells) for unit in classic.units if unit.kind == "box"}
    drawn = {
        frozenset(r * cells + c for r in range(cells) for c in range(cells) if labels[r][c] == k)
        for k in range(cells)
    }
    if drawn == boxes:
        return None
    try:
        return Grid.jigsaw([[chr(65 + k) for k in row] for row in labels], classic.symbols)
    except GridError:
        return None  # a region in several pieces: no jigsaw after all


def _settle_corners(located: Located, size: int | None) -> tuple[FloatArray, int]:
    """The grid's corners on its outer lines and its side in cells.

    The likeliest first guess is refined twice; when that frames it, it is the grid. Otherwise the other
    guesses :func:`find_grid` made are tried in turn (a frame covering most of the likeliest guess, the
    best-matching one kept). With none framed, the likeliest guess stands as it is (a 9 x 9 unless
    ``size`` says otherwise).
    """
    best: Frame | None = None
    for number, guess in enumerate((located.corners, *located.others)):
        first = refine(Located(guess, located.grey), size)
        if first is None:
            continue
        second = refine(Located(first.corners, located.grey), first.cells)
        frame = second if second is not None and second.score >= first.score * 0.9 else first
        if number and best is not None and frame.score < OTHER_FRAME:
            continue  # a later guess must match the ink well to win over an earlier one's frame
        if number and polygon_area(frame.corners) < 0.6 * polygon_area(located.corners):
            continue  # a part of the grid (a box, a few rows) framed from another guess
        if best is None or frame.score > best.score:
            best = frame
        if number == 0 or frame.score > GOOD_FRAME:
            break  # most photos: the first guess was framed, and is right
    if best is None:
        return located.corners, size or 9
    return best.corners, best.cells


def polish(grey: Image.Image, corners: FloatArray, cells: int) -> FloatArray:
    """Corners moved onto the grid's outer lines to a pixel.

    Each line's ridge, found near each end of it in the grid drawn square at 40 pixels a cell, fixes a
    straight line; the corners are where those meet. The frame found on a coarser drawing may be a pixel
    or two off there, which a killer's cage lines, drawn a few pixels inside the cells, do not forgive.
    """
    from sudokit.image.locate import apply_perspective, perspective_coefficients, ridge, square_corners, warp

    cell = cutting.CELL
    side, margin = cells * cell, cell // 2
    square = np.asarray(warp(grey, corners, side, margin), dtype=np.float64)
    across, down = ridge(square, axis=0, reach=3), ridge(square, axis=1, reach=3)
    reach = cell // 5
    ends = (slice(margin, margin + side // 3), slice(margin + 2 * side // 3, margin + side))
    found = []  # each outer line's position near each of its two ends, in the square's pixels
    for ridges, nominal, horizontal in (
        (across, margin, True),
        (across, margin + side, True),
        (down, margin, False),
        (down, margin + side, False),
    ):
        points = []
        for part in ends:
            low, high = nominal - reach, nominal + reach + 1
            profile = (
                ridges[low:high, part].mean(axis=1) if horizontal else ridges[part, low:high].mean(axis=0)
            )
            if profile.max() < 0.1:
                return corners  # no clear outer line: leave the frame as it was
            peak = profile >= profile.max() * 0.6  # a thick line's ridge is a plateau: its middle
            points.append(low + float(np.dot(np.flatnonzero(peak), profile[peak]) / profile[peak].sum()))
        found.append(points)
    (top_a, top_b), (bottom_a, bottom_b), (left_a, left_b), (right_a, right_b) = found
    a_at, b_at = margin + side / 6, margin + 5 * side / 6  # where along each line the two ends were read

    def at(p_a: float, p_b: float, t: float) -> float:  # the line's position at t along it
        return p_a + (p_b - p_a) * (t - a_at) / (b_at - a_at)

    # solve each corner: y on a horizontal line at x, x on a vertical line at y (two steps suffice)
    out = []
    for (h_a, h_b), (v_a, v_b) in (
        ((top_a, top_b), (left_a, left_b)),
        ((top_a, top_b), (right_a, right_b)),
        ((bottom_a, bottom_b), (right_a, right_b)),
        ((bottom_a, bottom_b), (left_a, left_b)),
    ):
        x, y = v_a, h_a
        for _ in range(3):
            y = at(h_a, h_b, x)
            x = at(v_a, v_b, y)
        out.append((x, y))
    to_picture = perspective_coefficients(corners, square_corners(side, margin))
    return apply_perspective(to_picture, np.array(out, np.float64))


def _upright(square: FloatArray, grid: Grid, recogniser: Recogniser) -> tuple[list[tuple[Choice, ...]], int]:
    """Each cell's readings with the grid turned the right way up, and the quarter turns it took.

    A photo may be taken sideways or upside down (and its EXIF may not say): the turn whose digits the
    recogniser reads most surely is the upright one.
    """
    best: tuple[float, list[tuple[Choice, ...]], int] | None = None
    for turns in range(4):
        marks = cutting.cell_marks(np.rot90(square, turns), grid.size)
        choices = _choices(marks, grid, recogniser)
        read = [
            options[0].probability for options, m in zip(choices, marks, strict=True) if m.pixels is not None
        ]
        score = float(np.mean(np.log(np.maximum(read, 1e-6)))) if read else 0.0
        if best is None or score > best[0] + 1e-9:
            best = (score, choices, turns)
        if turns == 0 and score > math.log(0.97):
            break  # upright and sure: most pictures
    assert best is not None
    return best[1], best[2]


def _choices(marks: list[cutting.Mark], grid: Grid, recogniser: Recogniser) -> list[tuple[Choice, ...]]:
    """Each cell's readings with their probabilities, likeliest first."""
    allowed = [CLASSES.index(s) if s in CLASSES else -1 for s in grid.symbols]
    inputs = [m.pixels for m in marks if m.pixels is not None]
    probabilities = recogniser.probabilities(np.stack(inputs)) if inputs else np.zeros((0, len(CLASSES)))
    out = []
    row = 0
    for mark in marks:
        if mark.pixels is None:
            faint = min(0.5, mark.coverage * 20)  # some ink, too little or too small for a digit
            options = [Choice(EMPTY, 1.0 - faint * 0.1)]
            out.append(tuple(options))
            continue
        p = probabilities[row]
        row += 1
        weights = np.array([p[k] if k >= 0 else 0.0 for k in allowed])
        total = float(weights.sum())
        weights = weights / total if total > 0 else np.full(len(allowed), 1.0 / len(allowed))
        empty = 0.02
        order = np.argsort(-weights)
        options = [Choice(int(k), float(weights[k]) * (1 - empty)) for k in order if weights[k] >= 0.001]
        options.append(Choice(EMPTY, empty))
        out.append(tuple(sorted(options, key=lambda c: -c.probability)))
    return out


def repair(grid: Grid, choices: list[tuple[Choice, ...]]) -> Reading:
    """The likeliest reading with exactly one solution (the corners and the picture's size left out).

    Readings are tried in order of probability (best-first over changes to the likeliest reading) until
    one has no repeated symbol in a house and exactly one solution, or :data:`REPAIR_TRIES` are spent.
    """
    from sudokit.solver import count_solutions

    first = tuple(options[0].symbol for options in choices)
    first_puzzle = Puzzle.trusted(grid, first)
    clashing = {cell for _, a, b in first_puzzle.conflicts() for cell in (a, b)}
    # the cells to change: those in a repeated digit first (one of each pair is misread), then the
    # cells whose second reading is nearest their first
    doubtful = sorted(
        (index for index, options in enumerate(choices) if len(options) > 1),
        key=lambda index: (
            index not in clashing,
            -choices[index][1].probability / max(choices[index][0].probability, 1e-9),
        ),
    )[:24]
    # a change: (cost, cells changed with the choice taken for each)
    start: tuple[float, tuple[tuple[int, int], ...]] = (0.0, ())
    heap = [start]
    seen: set[tuple[tuple[int, int], ...]] = {()}
    tried = 0
    found: tuple[tuple[int, int], ...] | None = None
    unique = False
    deadline = time.monotonic() + REPAIR_SECONDS
    while heap and tried < REPAIR_TRIES and time.monotonic() < deadline:
        cost, changes = heapq.heappop(heap)
        givens = list(first)
        for index, option in changes:
            givens[index] = choices[index][option].symbol
        tried += 1
        puzzle = Puzzle.trusted(grid, tuple(givens))
        if not puzzle.conflicts():
            count = count_solutions(puzzle, limit=2, time_limit=0.05)
            if count.count == 1 and count.complete:
                found, unique = changes, True
                break
        changed = {index for index, _ in changes}
        for index in doubtful:
            if index in changed:
                continue
            for option in range(1, len(choices[index])):
                step = math.log(
                    choices[index][0].probability / max(choices[index][option].probability, 1e-12)
                )
                key = tuple(sorted((*changes, (index, option))))
                if key not in seen:
                    seen.add(key)
                    heapq.heappush(heap, (cost + step, key))
    notes: list[str] = []
    doubts: set[int] = set()
    givens = list(first)
    if found is not None:
        for index, option in found:
            givens[index] = choices[index][option].symbol
    else:
        notes.append("no reading of the picture has exactly one solution")
        # then every cell that may be the misread one is named: each of a repeated pair, and each read
        # with less than near certainty
        doubts = clashing | {i for i, options in enumerate(choices) if options[0].probability < 0.99}
    repaired = tuple(sorted(index for index, _ in found or ()))
    unsure = tuple(
        sorted(
            set(repaired) | doubts | {i for i, options in enumerate(choices) if options[0].probability < SURE}
        )
    )
    reading = Reading(
        Puzzle(grid, tuple(givens)), tuple(choices), unsure, repaired, (), unique, notes=tuple(notes)
    )
    metadata: dict[str, str] = {"source": "picture"}
    unread: tuple[str, ...] = ()
    if unsure:
        unread = (f"{PICTURE_DOUBT}cells {reading.describe_unsure()} were read without certainty",)
        metadata["unsure"] = json.dumps([cell_name(grid.cells[i]) for i in unsure])
    puzzle = reading.puzzle.replaced(metadata=metadata, unread=unread, certain=found is not None)
    return replace(reading, puzzle=puzzle)
