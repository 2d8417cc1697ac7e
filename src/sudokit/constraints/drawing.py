"""The drawing description every constraint kind gives: shapes the SVG renderer and the browser both draw.

Coordinates are in cell units with the corner origin SudokuPad uses: cell (r, c) covers rows r to r+1
and columns c to c+1, so its centre is (r + 0.5, c + 0.5), and a clue outside the grid stands at a
row or column of -1 or the grid's size.  Each shape is a plain JSON object (it goes to the browser as
it is) with a ``shape`` and the ``kind`` of the constraint it draws; ``layer`` orders them (0: cell
shading, 1: lines, 2: marks drawn over lines).  The colour ``ink`` is the foreground colour (black on
paper, the text colour of the app's theme).
"""

from __future__ import annotations

from collections.abc import Sequence

from sudokit.constraints.base import Shape
from sudokit.model import Cell

INK = "ink"
"""The foreground colour: black in SVG, the theme's text colour in the browser."""


def centre(cell: Cell) -> list[float]:
    """The centre of a cell."""
    return [cell[0] + 0.5, cell[1] + 0.5]


def centres(cells: Sequence[Cell]) -> list[list[float]]:
    """The centres of cells, in order."""
    return [centre(cell) for cell in cells]


def between(a: Cell, b: Cell) -> list[float]:
    """The middle of the edge (or corner) two cells share."""
    return [(a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5]


def line(
    kind: str,
    points: Sequence[Sequence[float]],
    color: str,
    width: float,
    *,
    opacity: float = 1.0,
    dash: bool = False,
    layer: int = 1,
) -> Shape:
    """A polyline through points, with round ends and joins; ``width`` in cells."""
    shape: Shape = {
        "shape": "line",
        "kind": kind,
        "points": [list(p) for p in points],
        "color": color,
        "width": width,
        "layer": layer,
    }
    if opacity != 1.0:
        shape["opacity"] = opacity
    if dash:
        shape["dash"] = True
    return shape


def arrow(kind: str, points: Sequence[Sequence[float]], color: str, width: float, head: float = 0.3) -> Shape:
    """A polyline ending in an arrow head ``head`` cells long."""
    return {
        "shape": "arrow",
        "kind": kind,
        "points": [list(p) for p in points],
        "color": color,
        "width": width,
        "head": head,
        "layer": 1,
    }


def circle(
    kind: str,
    at: Sequence[float],
    radius: float,
    *,
    fill: str = "none",
    stroke: str = "none",
    stroke_width: float = 0.03,
    opacity: float = 1.0,
    layer: int = 2,
) -> Shape:
    """A circle of ``radius`` cells around ``at``."""
    shape: Shape = {
        "shape": "circle",
        "kind": kind,
        "at": list(at),
        "radius": radius,
        "fill": fill,
        "stroke": stroke,
        "stroke_width": stroke_width,
        "layer": layer,
    }
    if opacity != 1.0:
        shape["opacity"] = opacity
    return shape


def rect(
    kind: str,
    at: Sequence[float],
    width: float,
    height: float,
    *,
    fill: str = "none",
    stroke: str = "none",
    stroke_width: float = 0.03,
    rounded: float = 0.0,
    opacity: float = 1.0,
    layer: int = 2,
) -> Shape:
    """A rectangle ``width`` x ``height`` cells centred on ``at`` (``rounded``: the corners' radius)."""
    shape: Shape = {
        "shape": "rect",
        "kind": kind,
        "at": list(at),
        "width": width,
        "height": height,
        "fill": fill,
        "stroke": stroke,
        "stroke_width": stroke_width,
        "layer": layer,
    }
    if rounded:
        shape["rounded"] = rounded
    if opacity != 1.0:
        shape["opacity"] = opacity
    return shape


def text(
    kind: str,
    at: Sequence[float],
    content: str,
    size: float,
    *,
    color: str = INK,
    bold: bool = False,
    halo: bool = False,
    layer: int = 2,
) -> Shape:
    """Text centred on ``at``, ``size`` cells high; ``halo`` outlines it in the background colour."""
    shape: Shape = {
        "shape": "text",
        "kind": kind,
        "at": list(at),
        "text": content,
        "size": size,
        "color": color,
        "layer": layer,
    }
    if bold:
        shape["bold"] = True
    if halo:
        shape["halo"] = True
    return shape


def cage(kind: str, cells: Sequence[Cell], label: str | None, *, color: str = INK) -> Shape:
    """A dashed outline just inside a group of cells, with its label at the top-left cell."""
    return {
        "shape": "cage",
        "kind": kind,
        "cells": [list(c) for c in cells],
        "label": label,
        "color": color,
        "layer": 1,
    }


def shade(kind: str, cells: Sequence[Cell], color: str, opacity: float = 1.0) -> Shape:
    """Cells filled with a colour, under everything else."""
    shape: Shape = {
        "shape": "shade",
        "kind": kind,
        "cells": [list(c) for c in cells],
        "color": color,
        "layer": 0,
    }
    if opacity != 1.0:
        shape["opacity"] = opacity
    return shape


def caption(kind: str, words: str) -> Shape:
    """A rule with nothing to draw on the grid (anti-knight, ...), named under it."""
    return {"shape": "caption", "kind": kind, "text": words, "layer": 2}


def line_between_circles(kind: str, cells: Sequence[Cell], color: str, width: float) -> list[Shape]:
    """A line with an open circle at each end (between lines, double arrows)."""
    ends = (cells[0], cells[-1])
    circles = [
        circle(kind, centre(c), 0.38, fill="#ffffff", stroke=color, stroke_width=0.05, layer=1) for c in ends
    ]
    return [line(kind, centres(cells), color, width), *circles]
