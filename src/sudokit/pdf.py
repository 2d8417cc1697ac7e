"""Puzzles on paper: a PDF of puzzles, or a booklet of them with their solutions at the back.

The drawing is the SVG's (:func:`sudokit.svg.draw`, one routine for both), put on A4 pages by fpdf2 in
vectors, in shades of grey so that it prints cleanly in black and white: givens black, solved digits
dark grey, shading light.  Needs the ``pdf`` extra (``pip install 'sudokit[pdf]'``).
"""

from __future__ import annotations

import glob
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sudokit.errors import SudokitError
from sudokit.svg import CELL, draw, drawing_size

if TYPE_CHECKING:
    from sudokit.model import Puzzle

PAGE = (210.0, 297.0)
"""A4, in millimetres."""
MARGIN = 15.0
POINT = 25.4 / 72
"""A typographic point in millimetres (font sizes are in points)."""
FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/**/DejaVuSans.ttf")
"""Where a Unicode font may be found for symbols beyond Latin-1 (a little killer's arrow)."""
_PLAIN = str.maketrans({"\u2196": "\\", "\u2197": "/", "\u2198": "\\", "\u2199": "/"})
"""Arrows drawn with the nearest Latin-1 character when no Unicode font is found."""


class PdfError(SudokitError):
    """A PDF could not be made (the ``pdf`` extra is missing)."""


def _fpdf() -> Any:
    try:
        import fpdf
    except ImportError:
        raise PdfError("PDF output needs fpdf2: pip install 'sudokit[pdf]'") from None
    return fpdf


def _grey(colour: str) -> int:
    """A colour as a grey level (0 black to 255 white), by its luminance: print is black and white."""
    if colour in ("none", "") or not colour.startswith("#") or len(colour) not in (4, 7):
        return 0
    if len(colour) == 4:
        colour = "#" + "".join(ch * 2 for ch in colour[1:])
    r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return round(0.299 * r + 0.587 * g + 0.114 * b)


def _faded(colour: str, opacity: float | None) -> int:
    """A colour's grey level drawn at ``opacity`` over white paper."""
    grey = _grey(colour)
    return grey if opacity is None else round(255 - (255 - grey) * opacity)


class PdfCanvas:
    """A :class:`sudokit.svg.Canvas` on an fpdf2 page: drawing units scaled to millimetres and placed."""

    def __init__(self, pdf: Any, left: float, top: float, scale: float, font: str) -> None:
        """Draw with the drawing's (0, 0) at (left, top) mm, ``scale`` mm per drawing unit."""
        self.pdf, self.left, self.top, self.scale, self.font = pdf, left, top, scale, font

    def _at(self, x: float, y: float) -> tuple[float, float]:
        return self.left + x * self.scale, self.top + y * self.scale

    def _pen(self, stroke: str, width: float, dash: tuple[float, float] | None = None) -> None:
        self.pdf.set_draw_color(_grey(stroke))
        self.pdf.set_line_width(max(width * self.scale, 0.05))
        if dash:
            self.pdf.set_dash_pattern(dash=dash[0] * self.scale, gap=dash[1] * self.scale)
        else:
            self.pdf.set_dash_pattern()

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
        """A rectangle, filled and/or outlined."""
        del kind
        style = ("F" if fill != "none" else "") + ("D" if stroke != "none" else "")
        if not style:
            return
        if fill != "none":
            self.pdf.set_fill_color(_faded(fill, opacity))
        if stroke != "none":
            self._pen(stroke, width)
        left, top = self._at(x, y)
        self.pdf.rect(left, top, w * self.scale, h * self.scale, style=style, round_corners=bool(rounded))

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
        """A straight line."""
        del kind, square
        self._pen(stroke, width, dash)
        self.pdf.line(*self._at(x1, y1), *self._at(x2, y2))

    def polyline(
        self,
        kind: str,
        points: Sequence[tuple[float, float]],
        stroke: str,
        width: float,
        dash: tuple[float, float] | None = None,
        opacity: float | None = None,
    ) -> None:
        """Joined segments (a thermometer's or a line's grey prints as a lighter grey where translucent)."""
        del kind
        grey = _faded(stroke, opacity)
        self._pen(f"#{grey:02x}{grey:02x}{grey:02x}", width, dash)
        with self.pdf.local_context(line_cap_style="ROUND", line_join_style="ROUND"):
            self.pdf.polyline([self._at(x, y) for x, y in points])

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
        del kind
        style = ("F" if fill != "none" else "") + ("D" if stroke != "none" and width > 0 else "")
        if not style:
            return
        if fill != "none":
            self.pdf.set_fill_color(_faded(fill, opacity))
        if "D" in style:
            self._pen(stroke, width)
        cx, cy = self._at(x, y)
        radius = r * self.scale
        self.pdf.ellipse(cx - radius, cy - radius, 2 * radius, 2 * radius, style=style)

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
        """Text, centred on (x, y) or from a baseline there."""
        del kind, halo
        if self.font == "helvetica":
            text = text.translate(_PLAIN).encode("latin-1", "replace").decode("latin-1")
        points = size * self.scale / POINT
        self.pdf.set_font(self.font, "B" if bold and self.font == "helvetica" else "", points)
        self.pdf.set_text_color(_grey(fill))
        left, base = self._at(x, y)
        if centred:
            left -= self.pdf.get_string_width(text) / 2
            base += points * POINT * 0.35  # the middle of a digit's height on the centre line
        self.pdf.text(left, base, text)


@dataclass(frozen=True)
class Page:
    """One puzzle to print: its values drawn in (a solution), and the caption above it."""

    puzzle: Puzzle
    values: Sequence[int] | None = None
    caption: str = ""


def _document() -> tuple[Any, str]:
    """A new A4 document, with a Unicode font when this machine has one (else Helvetica)."""
    fpdf = _fpdf()
    pdf = fpdf.FPDF(unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_creator("sudokit")
    for pattern in FONTS:
        found = sorted(glob.glob(pattern, recursive=True))
        if found:
            pdf.add_font("unicode", "", found[0])
            return pdf, "unicode"
    return pdf, "helvetica"


def _place(pdf: Any, font: str, pages: Sequence[Page], columns: int, rows: int) -> None:
    """Pages of ``columns`` x ``rows`` drawings, each scaled to its slot, its caption above it."""
    width, height = PAGE[0] - 2 * MARGIN, PAGE[1] - 2 * MARGIN
    slot_w, slot_h = width / columns, height / rows
    caption = 6.0
    for k, page in enumerate(pages):
        at = k % (columns * rows)
        if at == 0:
            pdf.add_page()
        col, row = at % columns, at // columns
        w, h = drawing_size(page.puzzle, CELL)
        scale = min((slot_w - 6) / w, (slot_h - caption - 6) / h)
        left = MARGIN + col * slot_w + (slot_w - w * scale) / 2
        top = MARGIN + row * slot_h + caption
        if page.caption:
            pdf.set_font(font, "", 10)
            pdf.set_text_color(0)
            pdf.text(left, top - 2, page.caption)
        draw(page.puzzle, PdfCanvas(pdf, left, top, scale, font), page.values)


def render_pdf(
    puzzles: Sequence[Puzzle],
    solutions: Sequence[Sequence[int] | None] | None = None,
    title: str | None = None,
    per_page: int | None = None,
) -> bytes:
    """A PDF of the puzzles, one after another, and with ``solutions`` their solutions at the back.

    ``per_page`` puzzles share a page (default: one puzzle a page when there is one, else two); the
    solutions go six to a page.  ``title`` is written on the first page's top.
    """
    if not puzzles:
        raise PdfError("no puzzle to print")
    pdf, font = _document()
    if title:
        pdf.set_title(title)
    many = len(puzzles) > 1
    count = per_page or (2 if many else 1)
    columns, rows = (1, count) if count <= 2 else (2, (count + 1) // 2)
    numbered = [Page(p, None, f"{k + 1}" if many else (title or "")) for k, p in enumerate(puzzles)]
    _place(pdf, font, numbered, columns, rows)
    if solutions is not None:
        answers = [
            Page(p, values, f"Solution {k + 1}" if many else "Solution")
            for k, (p, values) in enumerate(zip(puzzles, solutions, strict=True))
            if values is not None
        ]
        _place(pdf, font, answers, 2, 3)
    return bytes(pdf.output())
