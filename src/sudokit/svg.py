"""SVG drawings of puzzles and solutions, clean enough to print and shown inline by Jupyter.

Boxes and irregular regions get thick borders, cells thin ones; diagonals are drawn, windows and
other extra groups shaded, killer cages dashed with their sums, pairwise rules named in a caption.
Givens are black and bold, solved symbols blue, candidates small.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol
from xml.sax.saxutils import escape

from sudokit.constraints.base import Shape
from sudokit.constraints.drawing import INK
from sudokit.model import EMPTY, Grid, Puzzle

CELL = 40
"""Side of a cell, in SVG units."""
MARGIN = 6
GIVEN = "#000000"
SOLVED = "#1f5fbf"
SHADE = "#e6e6e6"
CAGE = "#444444"


def _owners(grid: Grid) -> dict[tuple[int, int], int]:
    """The box or region each cell belongs to (the first one that holds it)."""
    owner: dict[tuple[int, int], int] = {}
    for k, unit in enumerate(grid.units):
        if unit.kind in ("box", "region"):
            for c in unit.cells:
                owner.setdefault(grid.cells[c], k)
    return owner


def _edges(r: int, col: int) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """The four sides of a cell: (row step, column step to the neighbour across it, x1, y1, x2, y2)."""
    return (
        (-1, 0, col, r, col + 1, r),
        (1, 0, col, r + 1, col + 1, r + 1),
        (0, -1, col, r, col, r + 1),
        (0, 1, col + 1, r, col + 1, r + 1),
    )


def drawings(grid: Grid) -> list[Shape]:
    """Every constraint's shapes, in drawing order (cell shading, then lines, then marks)."""
    shapes = [shape for constraint in grid.constraints for shape in constraint.drawing(grid)]
    return sorted(shapes, key=lambda shape: int(shape.get("layer", 1)))


def puzzle_drawings(puzzle: Puzzle) -> list[Shape]:
    """Every shape of a puzzle, in drawing order: its constraints' and what its setter drew for looks.

    The constraints' shapes come from :func:`drawings`; the looks are f-puzzles' cosmetic lines,
    shapes, text and cages.
    """
    from sudokit.formats.fpuzzles import cosmetic_shapes

    shapes = drawings(puzzle.grid) + cosmetic_shapes(puzzle) + unread_shapes(puzzle)
    return sorted(shapes, key=lambda shape: int(shape.get("layer", 1)))


def unread_shapes(puzzle: Puzzle) -> list[Shape]:
    """The drawings of elements a reader left unread, as the setter drew them.

    Their meaning is in the rules text: they are shown, and enforced by nothing.
    """
    import json

    from sudokit.formats.rules_text import UNREAD_DRAWING

    text = puzzle.metadata.get(UNREAD_DRAWING)
    if not text:
        return []
    try:
        shapes = json.loads(text)
    except ValueError:
        return []
    return (
        [s for s in shapes if isinstance(s, dict) and isinstance(s.get("shape"), str)]
        if isinstance(shapes, list)
        else []
    )


def _colour(value: str) -> str:
    """A shape's colour as drawn: the foreground ``ink`` is black."""
    return "#000000" if value == INK else value


class Canvas(Protocol):
    """Where a drawing goes: SVG text here, a PDF page in :mod:`sudokit.pdf`.

    Units are the drawing's (a cell is ``cell`` units); ``kind`` names what an element shows.
    """

    def rect(
        self,
        kind: str,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str,
        stroke: str = "none",
        width: float = 0.0,
        rounded: float = 0.0,
        opacity: float | None = None,
    ) -> None:
        """A rectangle from its top-left corner."""

    def line(
        self,
        kind: str,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        stroke: str,
        width: float,
        dash: tuple[float, float] | None = None,
        square: bool = False,
    ) -> None:
        """A straight line; ``square`` caps its ends square (else butt)."""

    def polyline(
        self,
        kind: str,
        points: Sequence[tuple[float, float]],
        stroke: str,
        width: float,
        dash: tuple[float, float] | None = None,
        opacity: float | None = None,
    ) -> None:
        """Joined segments with round caps and joins."""

    def circle(
        self,
        kind: str,
        x: float,
        y: float,
        r: float,
        fill: str,
        stroke: str,
        width: float,
        opacity: float | None = None,
    ) -> None:
        """A circle from its centre."""

    def text(
        self,
        kind: str,
        x: float,
        y: float,
        text: str,
        size: float,
        fill: str,
        bold: bool = False,
        centred: bool = True,
        halo: bool = False,
    ) -> None:
        """Text centred on (x, y), or with its baseline starting there when not ``centred``."""


class SvgCanvas:
    """A :class:`Canvas` that writes SVG elements."""

    def __init__(self) -> None:
        """An empty list of elements."""
        self.parts: list[str] = []

    @staticmethod
    def _opacity(opacity: float | None) -> str:
        return f' opacity="{opacity}"' if opacity is not None else ""

    def rect(
        self,
        kind: str,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str,
        stroke: str = "none",
        width: float = 0.0,
        rounded: float = 0.0,
        opacity: float | None = None,
    ) -> None:
        """A ``<rect>``."""
        extra = f' rx="{rounded:.1f}"' if rounded else ""
        line = f' stroke="{stroke}" stroke-width="{width:g}"' if stroke != "none" else ""
        self.parts.append(
            f'<rect class="{kind}" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"{extra} fill="{fill}"'
            f"{line}{self._opacity(opacity)}/>"
        )

    def line(
        self,
        kind: str,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        stroke: str,
        width: float,
        dash: tuple[float, float] | None = None,
        square: bool = False,
    ) -> None:
        """A ``<line>``."""
        cap = ' stroke-linecap="square"' if square else ""
        dashed = f' stroke-dasharray="{dash[0]:g},{dash[1]:g}"' if dash else ""
        self.parts.append(
            f'<line class="{kind}" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{stroke}" '
            f'stroke-width="{width:g}"{cap}{dashed}/>'
        )

    def polyline(
        self,
        kind: str,
        points: Sequence[tuple[float, float]],
        stroke: str,
        width: float,
        dash: tuple[float, float] | None = None,
        opacity: float | None = None,
    ) -> None:
        """A ``<polyline>``."""
        joined = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        dashed = f' stroke-dasharray="{dash[0]:g},{dash[1]:g}"' if dash else ""
        self.parts.append(
            f'<polyline class="{kind}" points="{joined}" fill="none" stroke="{stroke}" '
            f'stroke-width="{width:.1f}" stroke-linecap="round" stroke-linejoin="round"{dashed}'
            f"{self._opacity(opacity)}/>"
        )

    def circle(
        self,
        kind: str,
        x: float,
        y: float,
        r: float,
        fill: str,
        stroke: str,
        width: float,
        opacity: float | None = None,
    ) -> None:
        """A ``<circle>``."""
        self.parts.append(
            f'<circle class="{kind}" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width:.1f}"{self._opacity(opacity)}/>'
        )

    def text(
        self,
        kind: str,
        x: float,
        y: float,
        text: str,
        size: float,
        fill: str,
        bold: bool = False,
        centred: bool = True,
        halo: bool = False,
    ) -> None:
        """A ``<text>``."""
        weight = ' font-weight="bold"' if bold else ""
        outline = ' paint-order="stroke" stroke="#ffffff" stroke-width="3"' if halo else ""
        anchor = ' text-anchor="middle" dominant-baseline="central"' if centred else ""
        self.parts.append(
            f'<text class="{kind}" x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}"{weight} fill="{fill}"'
            f"{outline}{anchor}>{escape(text)}</text>"
        )


def _shape(shape: Shape, canvas: Canvas, x: Any, y: Any, cell: int) -> None:
    """One shape of the drawing description (:mod:`sudokit.constraints.drawing`) on the canvas."""
    kind = str(shape.get("kind", "")).replace(" ", "-")
    opacity = float(shape["opacity"]) if "opacity" in shape else None
    what = shape["shape"]
    if what in ("line", "arrow"):
        colour, width = _colour(shape["color"]), cell * shape["width"]
        dash = (4.0, 3.0) if shape.get("dash") else None
        canvas.polyline(kind, [(x(c), y(r)) for r, c in shape["points"]], colour, width, dash, opacity)
        if what == "arrow" and len(shape["points"]) >= 2:
            (r1, c1), (r2, c2) = shape["points"][-2], shape["points"][-1]
            length = math.hypot(r2 - r1, c2 - c1) or 1.0
            ur, uc = (r2 - r1) / length, (c2 - c1) / length
            head = shape.get("head", 0.3)
            left = (r2 - head * ur + head * 0.6 * uc, c2 - head * uc - head * 0.6 * ur)
            right = (r2 - head * ur - head * 0.6 * uc, c2 - head * uc + head * 0.6 * ur)
            canvas.polyline(f"{kind}-head", [(x(c), y(r)) for r, c in (left, (r2, c2), right)], colour, width)
    elif what == "circle":
        r, c = shape["at"]
        canvas.circle(
            kind,
            x(c),
            y(r),
            cell * shape["radius"],
            _colour(shape["fill"]),
            _colour(shape["stroke"]),
            cell * shape["stroke_width"],
            opacity,
        )
    elif what == "rect":
        r, c = shape["at"]
        w, h = shape["width"] * cell, shape["height"] * cell
        canvas.rect(
            kind,
            x(c) - w / 2,
            y(r) - h / 2,
            w,
            h,
            _colour(shape["fill"]),
            _colour(shape["stroke"]),
            cell * shape["stroke_width"],
            shape.get("rounded", 0) * cell,
            opacity,
        )
    elif what == "text":
        r, c = shape["at"]
        canvas.text(
            kind,
            x(c),
            y(r),
            str(shape["text"]),
            cell * shape["size"],
            _colour(shape["color"]),
            bold=bool(shape.get("bold")),
            halo=bool(shape.get("halo")),
        )
    elif what == "shade":
        for r, c in shape["cells"]:
            canvas.rect(kind, x(c), y(r), cell, cell, _colour(shape["color"]), opacity=opacity)
    elif what == "cage":
        _cage(shape, canvas, x, y, cell)


def _cage(shape: Shape, canvas: Canvas, x: Any, y: Any, cell: int) -> None:
    """A dashed outline just inside a group of cells, its label at the top-left cell."""
    members = {(r, c) for r, c in shape["cells"]}
    colour = _colour(shape["color"])
    inset = max(3, cell // 10)
    for r, col in members:
        for dr, dc, x1, y1, x2, y2 in _edges(r, col):
            if (r + dr, col + dc) in members:
                continue
            ax, ay, bx, by = x(x1), y(y1), x(x2), y(y2)
            if dr:  # horizontal edge: move it inwards, trim its ends where the cage turns
                ay = by = ay + (inset if dr < 0 else -inset)
                ax += inset if (r, col - 1) not in members else -inset
                bx -= inset if (r, col + 1) not in members else -inset
            else:
                ax = bx = ax + (inset if dc < 0 else -inset)
                ay += inset if (r - 1, col) not in members else -inset
                by -= inset if (r + 1, col) not in members else -inset
            canvas.line("cage", ax, ay, bx, by, colour, 1, dash=(3, 3))
    if shape.get("label"):
        r, col = min(members)
        canvas.text(
            "cage-sum",
            x(col) + inset + 1,
            y(r) + inset + cell * 0.22,
            str(shape["label"]),
            cell * 0.24,
            colour,
            centred=False,
        )


def outside_margin(grid: Grid, shapes: Sequence[Shape]) -> int:
    """How many cells of room the drawing needs around the grid (1 when a clue stands outside)."""
    for shape in shapes:
        points = shape.get("points") or ([shape["at"]] if "at" in shape else [])
        for r, c in points:
            if r < 0 or c < 0 or r > grid.rows or c > grid.cols:
                return 1
    return 0


def drawing_size(puzzle: Puzzle, cell: int = CELL, shapes: Sequence[Shape] = ()) -> tuple[int, int]:
    """The width and height a puzzle's drawing takes (in the units of ``cell``)."""
    everything = [*puzzle_drawings(puzzle), *shapes]
    caption = any(shape["shape"] == "caption" for shape in everything)
    margin = MARGIN + cell * outside_margin(puzzle.grid, everything)
    return puzzle.grid.cols * cell + 2 * margin, puzzle.grid.rows * cell + 2 * margin + (
        cell // 2 if caption else 0
    )


def draw(
    puzzle: Puzzle,
    canvas: Canvas,
    values: Sequence[int] | None = None,
    candidates: Sequence[int] | None = None,
    cell: int = CELL,
    shapes: Sequence[Shape] = (),
) -> None:
    """Draw the puzzle on a canvas (see :func:`render_svg` for what is drawn).

    From (0, 0) over :func:`drawing_size`: the one drawing routine of the SVG and PDF output.
    """
    grid = puzzle.grid
    present = set(grid.cells)
    owner = _owners(grid)
    shapes = [*puzzle_drawings(puzzle), *shapes]
    caption = sorted({str(shape["text"]) for shape in shapes if shape["shape"] == "caption"})
    # a ring of one cell around the grid when clues stand outside it (little killers, sandwiches, ...)
    margin = MARGIN + cell * outside_margin(grid, shapes)

    def x(col: float) -> float:
        return margin + col * cell

    def y(row: float) -> float:
        return margin + row * cell

    # shading: extra all-different houses
    for unit in grid.houses:
        if unit.kind == "extra":
            for c in unit.cells:
                r, col = grid.cells[c]
                canvas.rect("shade", x(col), y(r), cell, cell, SHADE)
    for shape in shapes:
        if shape.get("layer", 1) == 0:
            _shape(shape, canvas, x, y, cell)
    # thin cell lines
    for r, col in grid.cells:
        canvas.rect("cell", x(col), y(r), cell, cell, "none", "#9a9a9a", 1)
    # thick borders: an edge between a cell and a non-cell, or between different boxes or regions
    for r, col in grid.cells:
        for dr, dc, x1, y1, x2, y2 in _edges(r, col):
            other = (r + dr, col + dc)
            outer = other not in present
            if outer or owner.get(other) != owner.get((r, col)):
                if not outer and (dr, dc) in ((-1, 0), (0, -1)):
                    continue  # an inner border is drawn once, from the cell above or left of it
                canvas.line("border", x(x1), y(y1), x(x2), y(y2), "#000000", 3, square=True)
    for shape in shapes:
        if shape.get("layer", 1) != 0:
            _shape(shape, canvas, x, y, cell)
    # symbols and candidates
    marks = candidates
    if marks is None and values is None and puzzle.allowed is not None:
        marks = [m if m != grid.full_mask else 0 for m in puzzle.allowed]
    side = math.ceil(math.sqrt(grid.size))
    longest = max(len(s) for s in grid.symbols)
    font = cell * (0.62 if longest == 1 else 0.5 if longest == 2 else 0.36)
    for i, (r, col) in enumerate(grid.cells):
        given = puzzle.givens[i]
        value = given if given != EMPTY else (values[i] if values is not None else EMPTY)
        if value != EMPTY:
            colour, bold, kind = (GIVEN, True, "given") if given != EMPTY else (SOLVED, False, "solved")
            canvas.text(kind, x(col + 0.5), y(r + 0.5), grid.symbols[value], font, colour, bold=bold)
        elif marks is not None and marks[i]:
            small = cell / side * 0.8
            for k, symbol in enumerate(grid.symbols):
                if marks[i] >> k & 1:
                    mx = x(col) + (k % side + 0.5) * cell / side
                    my = y(r) + (k // side + 0.5) * cell / side
                    canvas.text("candidate", mx, my, symbol, small, "#555555")
    if caption:
        canvas.text(
            "caption",
            margin,
            y(grid.rows) + cell * 0.38,
            ", ".join(caption),
            cell * 0.3,
            "#333333",
            centred=False,
        )


def render_svg(
    puzzle: Puzzle,
    values: Sequence[int] | None = None,
    candidates: Sequence[int] | None = None,
    cell: int = CELL,
    shapes: Sequence[Shape] = (),
) -> str:
    """The puzzle as an SVG document; ``values`` fills in a solution, ``candidates`` pencil marks.

    ``candidates`` holds one symbol bitmask per cell, drawn small in cells without a symbol.  When
    neither is given, cells limited to some symbols show those symbols as candidates.  Constraints
    draw themselves (:meth:`sudokit.constraints.base.Constraint.drawing`), as in the web app;
    ``shapes`` adds more (a solution's shading: :meth:`sudokit.model.Solution.unknown_drawing`).
    """
    width, height = drawing_size(puzzle, cell, shapes)
    canvas = SvgCanvas()
    draw(puzzle, canvas, values, candidates, cell, shapes)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        *canvas.parts,
        "</svg>",
    ]
    return "\n".join(out) + "\n"
