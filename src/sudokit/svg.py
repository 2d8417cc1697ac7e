"""SVG drawings of puzzles and solutions, clean enough to print and shown inline by Jupyter.

Boxes and irregular regions get thick borders, cells thin ones; diagonals are drawn, windows and
other extra groups shaded, killer cages dashed with their sums, pairwise rules named in a caption.
Givens are black and bold, solved symbols blue, candidates small.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
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
    """A shape's colour in SVG: the foreground ``ink`` is black."""
    return "#000000" if value == INK else value


def _shape(shape: Shape, x: Any, y: Any, cell: int) -> list[str]:
    """One shape of the drawing description (:mod:`sudokit.constraints.drawing`) as SVG elements."""
    kind = escape(str(shape.get("kind", "")).replace(" ", "-"))
    opacity = f' opacity="{shape["opacity"]}"' if "opacity" in shape else ""
    what = shape["shape"]
    if what in ("line", "arrow"):
        points = " ".join(f"{x(c):.1f},{y(r):.1f}" for r, c in shape["points"])
        dash = ' stroke-dasharray="4,3"' if shape.get("dash") else ""
        out = [
            f'<polyline class="{kind}" points="{points}" fill="none" stroke="{_colour(shape["color"])}" '
            f'stroke-width="{cell * shape["width"]:.1f}" stroke-linecap="round" '
            f'stroke-linejoin="round"{dash}{opacity}/>'
        ]
        if what == "arrow" and len(shape["points"]) >= 2:
            (r1, c1), (r2, c2) = shape["points"][-2], shape["points"][-1]
            length = math.hypot(r2 - r1, c2 - c1) or 1.0
            ur, uc = (r2 - r1) / length, (c2 - c1) / length
            head = shape.get("head", 0.3)
            left = (r2 - head * ur + head * 0.6 * uc, c2 - head * uc - head * 0.6 * ur)
            right = (r2 - head * ur - head * 0.6 * uc, c2 - head * uc + head * 0.6 * ur)
            pts = " ".join(f"{x(c):.1f},{y(r):.1f}" for r, c in (left, (r2, c2), right))
            out.append(
                f'<polyline class="{kind}-head" points="{pts}" fill="none" '
                f'stroke="{_colour(shape["color"])}" '
                f'stroke-width="{cell * shape["width"]:.1f}" stroke-linecap="round" stroke-linejoin="round"/>'
            )
        return out
    if what == "circle":
        r, c = shape["at"]
        return [
            f'<circle class="{kind}" cx="{x(c):.1f}" cy="{y(r):.1f}" r="{cell * shape["radius"]:.1f}" '
            f'fill="{_colour(shape["fill"])}" stroke="{_colour(shape["stroke"])}" '
            f'stroke-width="{cell * shape["stroke_width"]:.1f}"{opacity}/>'
        ]
    if what == "rect":
        r, c = shape["at"]
        w, h = shape["width"] * cell, shape["height"] * cell
        rounded = shape.get("rounded", 0) * cell
        return [
            f'<rect class="{kind}" x="{x(c) - w / 2:.1f}" y="{y(r) - h / 2:.1f}" '
            f'width="{w:.1f}" height="{h:.1f}" '
            f'rx="{rounded:.1f}" fill="{_colour(shape["fill"])}" stroke="{_colour(shape["stroke"])}" '
            f'stroke-width="{cell * shape["stroke_width"]:.1f}"{opacity}/>'
        ]
    if what == "text":
        r, c = shape["at"]
        weight = ' font-weight="bold"' if shape.get("bold") else ""
        halo = ' paint-order="stroke" stroke="#ffffff" stroke-width="3"' if shape.get("halo") else ""
        return [
            f'<text class="{kind}" x="{x(c):.1f}" y="{y(r):.1f}" '
            f'font-size="{cell * shape["size"]:.1f}"{weight} '
            f'fill="{_colour(shape["color"])}"{halo} text-anchor="middle" dominant-baseline="central">'
            f"{escape(shape['text'])}</text>"
        ]
    if what == "shade":
        return [
            f'<rect class="{kind}" x="{x(c)}" y="{y(r)}" width="{cell}" height="{cell}" '
            f'fill="{_colour(shape["color"])}"{opacity}/>'
            for r, c in shape["cells"]
        ]
    if what == "cage":
        return _cage(shape, x, y, cell)
    return []


def _cage(shape: Shape, x: Any, y: Any, cell: int) -> list[str]:
    """A dashed outline just inside a group of cells, its label at the top-left cell."""
    members = {(r, c) for r, c in shape["cells"]}
    colour = _colour(shape["color"])
    inset = max(3, cell // 10)
    out = []
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
            out.append(
                f'<line class="cage" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="{colour}" '
                'stroke-width="1" stroke-dasharray="3,3"/>'
            )
    if shape.get("label"):
        r, col = min(members)
        out.append(
            f'<text class="cage-sum" x="{x(col) + inset + 1}" y="{y(r) + inset + cell * 0.22}" '
            f'font-size="{cell * 0.24:.1f}" fill="{colour}">{escape(str(shape["label"]))}</text>'
        )
    return out


def outside_margin(grid: Grid, shapes: Sequence[Shape]) -> int:
    """How many cells of room the drawing needs around the grid (1 when a clue stands outside)."""
    for shape in shapes:
        points = shape.get("points") or ([shape["at"]] if "at" in shape else [])
        for r, c in points:
            if r < 0 or c < 0 or r > grid.rows or c > grid.cols:
                return 1
    return 0


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
    grid = puzzle.grid
    present = set(grid.cells)
    owner = _owners(grid)
    shapes = [*puzzle_drawings(puzzle), *shapes]
    caption = sorted({str(shape["text"]) for shape in shapes if shape["shape"] == "caption"})
    # a ring of one cell around the grid when clues stand outside it (little killers, sandwiches, ...)
    ring = cell * outside_margin(grid, shapes)
    margin = MARGIN + ring
    width = grid.cols * cell + 2 * margin
    height = grid.rows * cell + 2 * margin + (cell // 2 if caption else 0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]

    def x(col: float) -> float:
        return margin + col * cell

    def y(row: float) -> float:
        return margin + row * cell

    # shading: extra all-different houses
    for unit in grid.houses:
        if unit.kind == "extra":
            for c in unit.cells:
                r, col = grid.cells[c]
                out.append(
                    f'<rect class="shade" x="{x(col)}" y="{y(r)}" width="{cell}" height="{cell}" '
                    f'fill="{SHADE}"/>'
                )
    for shape in shapes:
        if shape.get("layer", 1) == 0:
            out.extend(_shape(shape, x, y, cell))
    # thin cell lines
    for r, col in grid.cells:
        out.append(
            f'<rect class="cell" x="{x(col)}" y="{y(r)}" width="{cell}" height="{cell}" '
            'fill="none" stroke="#9a9a9a" stroke-width="1"/>'
        )
    # thick borders: an edge between a cell and a non-cell, or between different boxes or regions
    for r, col in grid.cells:
        for dr, dc, x1, y1, x2, y2 in _edges(r, col):
            other = (r + dr, col + dc)
            outer = other not in present
            if outer or owner.get(other) != owner.get((r, col)):
                if not outer and (dr, dc) in ((-1, 0), (0, -1)):
                    continue  # an inner border is drawn once, from the cell above or left of it
                out.append(
                    f'<line class="border" x1="{x(x1)}" y1="{y(y1)}" x2="{x(x2)}" y2="{y(y2)}" '
                    'stroke="#000000" stroke-width="3" stroke-linecap="square"/>'
                )
    for shape in shapes:
        if shape.get("layer", 1) != 0:
            out.extend(_shape(shape, x, y, cell))
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
        cx, cy = x(col + 0.5), y(r + 0.5)
        if value != EMPTY:
            colour, weight, kind = (
                (GIVEN, "bold", "given") if given != EMPTY else (SOLVED, "normal", "solved")
            )
            out.append(
                f'<text class="{kind}" x="{cx}" y="{cy}" font-size="{font:.1f}" font-weight="{weight}" '
                f'fill="{colour}" text-anchor="middle" dominant-baseline="central">'
                f"{escape(grid.symbols[value])}</text>"
            )
        elif marks is not None and marks[i]:
            small = cell / side * 0.8
            for k, symbol in enumerate(grid.symbols):
                if marks[i] >> k & 1:
                    mx = x(col) + (k % side + 0.5) * cell / side
                    my = y(r) + (k // side + 0.5) * cell / side
                    out.append(
                        f'<text class="candidate" x="{mx:.1f}" y="{my:.1f}" font-size="{small:.1f}" '
                        'fill="#555555" text-anchor="middle" dominant-baseline="central">'
                        f"{escape(symbol)}</text>"
                    )
    if caption:
        out.append(
            f'<text class="caption" x="{margin}" y="{y(grid.rows) + cell * 0.38}" '
            f'font-size="{cell * 0.3:.1f}" fill="#333333">{escape(", ".join(caption))}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"
