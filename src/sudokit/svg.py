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

from sudokit import variants
from sudokit.model import EMPTY, Grid, Puzzle

CELL = 40
"""Side of a cell, in SVG units."""
MARGIN = 6
GIVEN = "#000000"
SOLVED = "#1f5fbf"
SHADE = "#e6e6e6"
CAGE = "#444444"
RELATION_NAMES = {"antiknight": "anti-knight", "antiking": "anti-king", "nonconsecutive": "non-consecutive"}


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


LINE_STYLE = {
    "thermometer": ("#c8c8c8", 0.28),
    "slow thermometer": ("#9ec5e8", 0.28),
    "palindrome": ("#b39ddb", 0.16),
    "whispers": ("#66bb6a", 0.16),
    "dutch whispers": ("#ff9a00", 0.16),
    "renban": ("#f067f0", 0.22),
    "between": ("#9e9e9e", 0.1),
    "entropic": ("#ffcc9a", 0.16),
    "modular": ("#33bbbb", 0.16),
    "region sum": ("#2ecbff", 0.16),
    "zipper": ("#cdb1ec", 0.16),
    "double arrow": ("#c54b8b", 0.08),
    "nabner": ("#c9c883", 0.22),
}
"""Lines drawn under the symbols: colour and width (in cells) by kind, as f-puzzles draws them."""
ENDS = {"thermometer": "bulb", "slow thermometer": "bulb", "between": "circles", "double arrow": "circles"}
"""What a line kind draws at its ends: a filled bulb at the start, or an open circle at both ends."""


def _lines(grid: Grid, x: Any, y: Any, cell: int) -> list[str]:
    """Every drawn line (thermometers with their bulbs, whispers, renban, ...) and clone shading."""
    out = []
    for line in variants.drawn_lines(grid):
        kind = variants.style_of(grid, line)
        points = [(x(col + 0.5), y(r + 0.5)) for r, col in (grid.cells[c] for c in line.cells)]
        if kind == "clone":
            for c in line.cells:
                r, col = grid.cells[c]
                out.append(
                    f'<rect class="clone" x="{x(col)}" y="{y(r)}" width="{cell}" height="{cell}" '
                    'fill="#dde8f5"/>'
                )
            continue
        colour, width = LINE_STYLE.get(kind, ("#999999", 0.12))
        ends = ENDS.get(kind)
        if ends == "bulb":
            (bx, by) = points[0]
            out.append(
                f'<circle class="{kind.replace(" ", "-")}-bulb" cx="{bx}" cy="{by}" r="{cell * 0.36:.1f}" '
                f'fill="{colour}"/>'
            )
        path = " ".join(f"{px},{py}" for px, py in points)
        out.append(
            f'<polyline class="{kind.replace(" ", "-")}" points="{path}" fill="none" stroke="{colour}" '
            f'stroke-width="{cell * width:.1f}" stroke-linecap="round" stroke-linejoin="round"/>'
        )
        if ends == "circles":
            for px, py in (points[0], points[-1]):
                out.append(
                    f'<circle class="{kind.replace(" ", "-")}-end" cx="{px}" cy="{py}" r="{cell * 0.38:.1f}" '
                    f'fill="#ffffff" stroke="{colour}" stroke-width="2"/>'
                )
    return out


def _links(grid: Grid, x: Any, y: Any, cell: int) -> list[str]:
    """Edge clues as the community draws them.

    Kropki dots and XV letters on the edge between the two cells, a chevron between a minimum or
    maximum cell and its neighbour.  (Lines made of links are drawn by :func:`_lines`.)
    """
    out = []
    for link in grid.links:
        (r1, c1), (r2, c2) = (grid.cells[c] for c in link.cells)
        mx, my = x((c1 + c2) / 2 + 0.5), y((r1 + r2) / 2 + 0.5)
        if link.negated:
            continue  # "no dot means not": nothing to draw
        elif link.kind == "kropki":
            fill = "#000000" if link.rule == "ratio" else "#ffffff"
            out.append(
                f'<circle class="kropki" cx="{mx}" cy="{my}" r="{cell * 0.12:.1f}" fill="{fill}" '
                'stroke="#000000" stroke-width="1"/>'
            )
            default = 2 if link.rule == "ratio" else 1
            if link.value != default:
                out.append(
                    _edge_text(mx, my, str(link.value), cell, "#ffffff" if fill == "#000000" else "#000000")
                )
        elif link.kind == "xv":
            out.append(
                _edge_text(mx, my, {10: "X", 5: "V"}.get(link.value, str(link.value)), cell, "#000000")
            )
        elif link.kind in ("minimum", "maximum", "inequality"):
            out.append(_edge_text(mx, my, "<" if c2 > c1 or r2 > r1 else ">", cell, "#555555"))
    return out


def _rules(grid: Grid, x: Any, y: Any, cell: int) -> list[str]:
    """Outside clues (sandwich plain, X-sum in a circle, skyscraper in a square) and quadruples."""
    out = []
    for rule in grid.line_rules:
        clue = " ".join(map(str, rule.clue))
        if rule.kind in ("sandwich", "x-sum", "skyscraper"):
            (r, col), _ = variants.clue_cell(grid, rule.cells, (1, 0))
            cx, cy = x(col + 0.5), y(r + 0.5)
            kind = rule.kind.replace("-", "")
            if rule.kind == "x-sum":
                out.append(
                    f'<circle class="xsum-frame" cx="{cx}" cy="{cy}" r="{cell * 0.3:.1f}" fill="none" '
                    'stroke="#777777" stroke-width="1"/>'
                )
            elif rule.kind == "skyscraper":
                half = cell * 0.3
                out.append(
                    f'<rect class="skyscraper-frame" x="{cx - half:.1f}" y="{cy - half:.1f}" '
                    f'width="{2 * half:.1f}" height="{2 * half:.1f}" fill="none" stroke="#777777" '
                    'stroke-width="1"/>'
                )
            out.append(
                f'<text class="{kind}" x="{cx}" y="{cy}" font-size="{cell * 0.34:.1f}" fill="#000000" '
                f'text-anchor="middle" dominant-baseline="central">{clue}</text>'
            )
        elif rule.kind == "quadruple":
            rows = [grid.cells[c][0] for c in rule.cells]
            cols = [grid.cells[c][1] for c in rule.cells]
            cx, cy = x(min(cols) + 1), y(min(rows) + 1)
            out.append(
                f'<circle class="quadruple" cx="{cx}" cy="{cy}" r="{cell * 0.3:.1f}" fill="#ffffff" '
                'stroke="#000000" stroke-width="1"/>'
            )
            size = cell * (0.2 if len(rule.clue) > 2 else 0.24)
            out.append(
                f'<text class="quadruple-digits" x="{cx}" y="{cy}" font-size="{size:.1f}" '
                f'fill="#000000" text-anchor="middle" dominant-baseline="central">{clue}</text>'
            )
    return out


ARROWS = {(1, 1): "\u2198", (1, -1): "\u2199", (-1, 1): "\u2197", (-1, -1): "\u2196"}
"""The arrow that shows which way a little killer clue's diagonal runs."""


def _outside_sums(grid: Grid, x: Any, y: Any, cell: int) -> list[str]:
    """Little killer clues: the total and an arrow in the cell before the diagonal, outside the grid."""
    out = []
    for clue in grid.sums:
        if clue.kind == "arrow":
            out.extend(_arrow(grid, clue, x, y, cell))
            continue
        if clue.kind != "little killer":
            continue
        (r, c), (dr, dc) = variants.clue_cell(grid, clue.cells)
        out.append(
            f'<text class="little-killer" x="{x(c + 0.5)}" y="{y(r + 0.5)}" font-size="{cell * 0.3:.1f}" '
            f'fill="#000000" text-anchor="middle" dominant-baseline="central">'
            f"{clue.total}{ARROWS[(dr, dc)]}</text>"
        )
    return out


def _arrow(grid: Grid, clue: Any, x: Any, y: Any, cell: int) -> list[str]:
    """An arrow: a circle round its bulb cells, a line from the bulb along the shaft."""
    bulb = [grid.cells[c] for c, f in zip(clue.cells, clue.factors, strict=True) if f < 0]
    shaft = [grid.cells[c] for c, f in zip(clue.cells, clue.factors, strict=True) if f > 0]
    out = [
        f'<circle class="arrow-bulb" cx="{x(col + 0.5)}" cy="{y(r + 0.5)}" r="{cell * 0.4:.1f}" fill="none" '
        'stroke="#888888" stroke-width="2"/>'
        for r, col in bulb
    ]
    points = " ".join(f"{x(col + 0.5)},{y(r + 0.5)}" for r, col in bulb[-1:] + shaft)
    out.append(
        f'<polyline class="arrow" points="{points}" fill="none" stroke="#888888" stroke-width="2" '
        'stroke-linejoin="round"/>'
    )
    return out


def _edge_text(cx: float, cy: float, text: str, cell: int, colour: str) -> str:
    return (
        f'<text class="edge-clue" x="{cx}" y="{cy}" font-size="{cell * 0.26:.1f}" font-weight="bold" '
        f'fill="{colour}" text-anchor="middle" dominant-baseline="central">{escape(text)}</text>'
    )


def render_svg(
    puzzle: Puzzle,
    values: Sequence[int] | None = None,
    candidates: Sequence[int] | None = None,
    cell: int = CELL,
) -> str:
    """The puzzle as an SVG document; ``values`` fills in a solution, ``candidates`` pencil marks.

    ``candidates`` holds one symbol bitmask per cell, drawn small in cells without a symbol.  When
    neither is given, cells limited to some symbols show those symbols as candidates.
    """
    grid = puzzle.grid
    present = set(grid.cells)
    owner = _owners(grid)
    caption = sorted({RELATION_NAMES.get(r.kind, r.kind) for r in grid.relations if r.kind != "nabner"})
    # a ring of one cell around the grid when clues stand outside it (little killers, sandwiches, ...)
    outside = any(rule.kind in ("sandwich", "x-sum", "skyscraper") for rule in grid.line_rules)
    ring = cell if outside or any(total.kind == "little killer" for total in grid.sums) else 0
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

    # shading: windows and other extra all-different groups (not diagonals)
    for unit in grid.units:
        if unit.kind == "extra" and "diagonal" not in unit.name:
            for c in unit.cells:
                r, col = grid.cells[c]
                out.append(
                    f'<rect class="shade" x="{x(col)}" y="{y(r)}" width="{cell}" height="{cell}" '
                    f'fill="{SHADE}"/>'
                )
    # thin cell lines
    for r, col in grid.cells:
        out.append(
            f'<rect class="cell" x="{x(col)}" y="{y(r)}" width="{cell}" height="{cell}" '
            'fill="none" stroke="#9a9a9a" stroke-width="1"/>'
        )
    # diagonals
    for unit in grid.units:
        if unit.name in ("main diagonal", "anti-diagonal"):
            first, last = grid.cells[unit.cells[0]], grid.cells[unit.cells[-1]]
            x1, y1 = x(first[1] + 0.5), y(first[0] + 0.5)
            x2, y2 = x(last[1] + 0.5), y(last[0] + 0.5)
            out.append(
                f'<line class="diagonal" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                'stroke="#b0b0b0" stroke-width="2"/>'
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
    # cages: dashed outlines just inside their cells, the sum at the top-left cell
    inset = max(3, cell // 10)
    for cage in grid.cages:
        members = {grid.cells[c] for c in cage.cells}
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
                    f'<line class="cage" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="{CAGE}" '
                    'stroke-width="1" stroke-dasharray="3,3"/>'
                )
        if cage.total is not None:
            r, col = min(members)
            out.append(
                f'<text class="cage-sum" x="{x(col) + inset + 1}" y="{y(r) + inset + cell * 0.22}" '
                f'font-size="{cell * 0.24:.1f}" fill="{CAGE}" style="background:#fff">{cage.total}</text>'
            )
    out.extend(_lines(grid, x, y, cell))
    out.extend(_links(grid, x, y, cell))
    out.extend(_outside_sums(grid, x, y, cell))
    out.extend(_rules(grid, x, y, cell))
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
