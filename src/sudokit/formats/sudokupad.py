"""SudokuPad (sudokupad.app, Cracking the Cryptic) links: the SCL form, and f-puzzles carried by SudokuPad.

A link is ``https://sudokupad.app/<id>`` (also ``app.crackingthecryptic.com``, ``?puzzleid=<id>``).
The id's prefix names its form, as in SudokuPad's own loader: ``scl`` (and its older name ``ctc``)
is lz-string base64 of SudokuPad's compact puzzle notation; ``fpuzzles``/``fpuz`` carries f-puzzles
JSON, read by :mod:`sudokit.formats.fpuzzles`; ``scf`` is another encoding sudokit does not read; any
other id is a short name the SudokuPad server looks up, which cannot be read offline.  The puzzle
data itself (decompressed, or as JSON with long key names) is read too.

The compact notation is JavaScript object text, not JSON (unquoted keys, ``t``/``f``, array
elisions, bare colours, single quotes); :func:`normalise_scl` turns it into JSON.  SCL types only
the grid itself: cells (``ce``, given values ``v``), regions (``re``) and cages (``ca``; a numeric
``v`` is a killer sum, a ``"title: ..."``-style ``v`` carries metadata).  The metadata keeps
``title``, ``author``, ``ruleset`` (the rules text, named as the f-puzzles reader names it),
``solution`` and ``source``.  Lines, arrows, overlays and underlays are drawings; those drawn the way
SudokuPad draws f-puzzles constraints (thermometers, arrows, kropki dots, XV, sandwich and little
killer clues, quadruples, between lines, palindromes, odd/even and minimum/maximum cells,
diagonals; see :class:`_Drawings`) are read as those constraints, with the global rules SudokuPad
names (anti-knight, anti-king, non-consecutive, the negative constraint).  The metadata says what
was read (``read``) and what was left unread (``unread``), whose meaning is in the rules text.
Written links are ``https://sudokupad.app/fpuzzles<payload>``, which SudokuPad opens itself.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import ParseResult, parse_qs, unquote, urlparse

from sudokit import constraints, variants
from sudokit.constraints.families import LineConstraint
from sudokit.constraints.grid_rules.units import DisjointGroups
from sudokit.constraints.regions.extra_region import ExtraRegion
from sudokit.english import plural
from sudokit.errors import GridError, ParseError, PuzzleError
from sudokit.formats.limits import whole_number
from sudokit.formats.rules_text import (
    finish_reading,
    global_rules,
    grid_doubt,
    normal_text,
    regions_found,
    settle,
    shortened,
)
from sudokit.model import EMPTY, Cell, Grid, Puzzle, default_box
from sudokit.variants import corners_from_shape, multi_grid

HOSTS = ("sudokupad.app", "crackingthecryptic.com")
"""Hosts whose links are SudokuPad links (any subdomain)."""

_PREFIX = re.compile(r"^(scl|ctc|fpuzzles|fpuz|scf)(.*)$", re.DOTALL)
_BARE = re.compile(r"^(scl|ctc|fpuzzles|fpuz)[A-Za-z0-9+/=_%-]{16,}$")
_META_CAGE = re.compile(r"^\s*([a-z]+)\s*:\s?(.*)$", re.DOTALL)
_CELLS_KEY = re.compile(r"""[{,]\s*["']?(ce|cells)["']?\s*:\s*\[""")
_HEX6 = re.compile(r"^[0-9a-fA-F]{6}$")
_NUMBER = re.compile(r"^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
_BARE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$#.+-")
_MAX_DEPTH = 200
_DRAWINGS = {
    "lines": ("l", "lines"),
    "arrows": ("a", "ar", "arrows"),
    "overlays": ("o", "ov", "overlays"),
    "underlays": ("u", "un", "underlays"),
}


def looks_like_sudokupad(text: str) -> bool:
    """True for a SudokuPad link (any id) or a bare ``scl``/``ctc``/``fpuzzles`` payload."""
    stripped = text.strip()
    if not stripped or any(ch.isspace() for ch in stripped):
        return False
    if "://" in stripped or stripped.startswith(("sudokupad.app", "app.crackingthecryptic.com")):
        url = _url(stripped)
        host = (url.hostname or "") if url is not None else ""
        return any(host == h or host.endswith("." + h) for h in HOSTS)
    return _BARE.match(stripped) is not None


def looks_like_scl_data(text: str) -> bool:
    """True for SudokuPad puzzle data itself (decompressed): an object whose cells are ``ce``/``cells``."""
    start = text.lstrip("\ufeff \t\r\n")
    if not start.startswith("{") or _CELLS_KEY.search(start[:2000]) is None:
        return False
    try:
        data = js_object(start)
    except ParseError:
        return False
    return isinstance(data, dict) and isinstance(_get(data, "ce", "cells"), list) and "format" not in data


def parse_scl_data(text: str) -> Puzzle:
    """The puzzle of SudokuPad puzzle data: its compact notation or JSON with long key names."""
    return puzzle_from_scl(js_object(text))


def puzzle_id(text: str) -> str:
    """The puzzle id of a link (``scl...``, ``fpuzzles...``, a short name), or the bare payload itself."""
    stripped = text.strip()
    if "://" not in stripped and not stripped.startswith(("sudokupad.app", "app.crackingthecryptic.com")):
        return stripped
    url = _url(stripped)
    if url is None:
        raise ParseError("the SudokuPad link is not a valid URL")
    query = parse_qs(url.query)
    if "puzzleid" in query:
        return query["puzzleid"][0].replace(" ", "+")
    path = url.path.lstrip("/")
    path = path.removeprefix("sudoku/")
    return path


def _url(text: str) -> ParseResult | None:
    """The parts of a link (``https://`` assumed when it has no scheme), or None when it is no URL."""
    try:
        url = urlparse(text if "://" in text else "https://" + text)
        url.hostname  # noqa: B018 (raises ValueError for a malformed host, as "[x]")
    except ValueError:
        return None
    return url


def parse_sudokupad(text: str) -> Puzzle:
    """The puzzle of a SudokuPad link or bare payload; ParseError for what cannot be read offline."""
    from sudokit.formats.fpuzzles import parse_fpuzzles

    ident = puzzle_id(text)
    match = _PREFIX.match(ident)
    if not ident:
        raise ParseError("the SudokuPad link names no puzzle")
    if match is None:
        raise ParseError(
            f"SudokuPad puzzle id {ident!r} is a short link: the puzzle is stored on the SudokuPad "
            "server, so it cannot be read offline (a full link, sudokupad.app/scl... or /fpuzzles..., can)"
        )
    kind, payload = match.group(1), match.group(2)
    if kind == "scf":
        raise ParseError("SudokuPad's scf encoding is not supported (use the scl... or fpuzzles... link)")
    data = _decompress(payload)
    if kind.startswith("fpuz"):
        return parse_fpuzzles(data)
    return puzzle_from_scl(js_object(data))


def _decompress(payload: str) -> str:
    """The text of an lz-string base64 payload (as SudokuPad's loader: URL-decoded first), bounded."""
    from sudokit.formats.lz import decompress_base64

    payload = unquote(payload).replace(" ", "+")
    if not payload:
        raise ParseError("the SudokuPad link has an empty payload")
    try:
        text = decompress_base64(payload)
    except ParseError as exc:
        raise ParseError(
            exc.message.replace("an f-puzzles", "a SudokuPad").replace("f-puzzles", "SudokuPad")
        ) from None
    if not text:
        raise ParseError("the SudokuPad payload does not decompress (is the link complete?)")
    return text


# ----------------------------------------------------------------------- compact notation to JSON


class _Reader:
    """A tolerant reader of JavaScript object text, with SudokuPad's compact-notation conventions."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.depth = 0

    def fail(self, what: str) -> ParseError:
        return ParseError(f"SudokuPad data: {what} at character {self.pos + 1} of the decompressed text")

    def skip(self) -> str:
        """Skip white space; the next character ('' at the end)."""
        text, pos = self.text, self.pos
        while pos < len(text) and text[pos].isspace():
            pos += 1
        self.pos = pos
        return text[pos] if pos < len(text) else ""

    def value(self, in_object: bool = False) -> Any:
        ch = self.skip()
        if ch == "{":
            return self.nested(self.object)
        if ch == "[":
            return self.nested(self.array)
        if ch in ("'", '"'):
            return self.string()
        token = self.bare()
        if not token:
            raise self.fail(f"unexpected {ch!r}" if ch else "unexpected end")
        return _token_value(token, in_object)

    def nested(self, read: Any) -> Any:
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            raise self.fail(f"more than {_MAX_DEPTH} nested levels")
        result = read()
        self.depth -= 1
        return result

    def bare(self) -> str:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _BARE_CHARS:
            self.pos += 1
        return self.text[start : self.pos]

    def string(self) -> str:
        quote = self.text[self.pos]
        self.pos += 1
        out: list[str] = []
        text = self.text
        while True:
            if self.pos >= len(text):
                raise self.fail("unterminated string")
            ch = text[self.pos]
            self.pos += 1
            if ch == quote:
                return "".join(out)
            if ch != "\\":
                out.append(ch)
                continue
            if self.pos >= len(text):
                raise self.fail("unterminated string")
            esc = text[self.pos]
            self.pos += 1
            if esc == "u" and re.match(r"[0-9a-fA-F]{4}", text[self.pos : self.pos + 4]):
                out.append(chr(int(text[self.pos : self.pos + 4], 16)))
                self.pos += 4
            else:
                out.append({"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}.get(esc, esc))

    def object(self) -> dict[str, Any]:
        self.pos += 1
        out: dict[str, Any] = {}
        while True:
            ch = self.skip()
            if ch == "}":
                self.pos += 1
                return out
            if ch == ",":  # an empty member: skip it
                self.pos += 1
                continue
            key = self.string() if ch in ("'", '"') else self.bare()
            if not key:
                raise self.fail(f"expected a key, found {ch!r}" if ch else "unexpected end")
            if self.skip() != ":":
                raise self.fail(f"expected ':' after the key {key!r}")
            self.pos += 1
            nxt = self.skip()
            out[key] = None if nxt in (",", "}") else self.value(in_object=True)
            nxt = self.skip()
            if nxt == ",":
                self.pos += 1
            elif nxt != "}":
                raise self.fail("expected ',' or '}'")

    def array(self) -> list[Any]:
        self.pos += 1
        out: list[Any] = []
        if self.skip() == "]":
            self.pos += 1
            return out
        while True:
            ch = self.skip()
            # SudokuPad reads an elided element (also one before the closing bracket) as an empty item
            out.append(None if ch in (",", "]") else self.value())
            ch = self.skip()
            self.pos += 1
            if ch == "]":
                return out
            if ch != ",":
                self.pos -= 1
                raise self.fail("expected ',' or ']'")


def _token_value(token: str, in_object: bool) -> Any:
    """A bare word's value: booleans, null, numbers and colours (``#0``, ``#F``, ``FF0000``)."""
    words = {"t": True, "true": True, "f": False, "false": False, "null": None, "undefined": None}
    if token in words:
        return words[token]
    if token == "#0":
        return "#000000"
    if token == "#F":
        return "#FFFFFF"
    if in_object and _HEX6.match(token):  # SudokuPad writes six-digit colours without their '#'
        return "#" + token
    if _NUMBER.match(token):
        number = float(token)
        return (
            int(number) if number.is_integer() and "." not in token and "e" not in token.lower() else number
        )
    return token


def js_object(text: str) -> Any:
    """The value of JavaScript object text in SudokuPad's compact notation (JSON is read as well)."""
    reader = _Reader(text.lstrip("\ufeff"))
    value = reader.value()
    if reader.skip():
        raise reader.fail("text after the end of the data")
    return value


def normalise_scl(text: str) -> str:
    """SudokuPad's compact notation as JSON text (elided items become null)."""
    return json.dumps(js_object(text), ensure_ascii=False)


# -------------------------------------------------------------------------------- model builder


def _get(data: dict[str, Any], *keys: str) -> Any:
    for key in keys:
        if key in data:
            return data[key]
    return None


def _cell(item: Any, n: int | tuple[int, int], what: str) -> Cell:
    """A ``[row, column]`` cell of an n x n grid (or of a rows x columns frame)."""
    if (
        not isinstance(item, list)
        or len(item) != 2
        or not all(isinstance(k, int) and not isinstance(k, bool) for k in item)
    ):
        raise ParseError(f"SudokuPad: {what} names {json.dumps(item)}, not a [row, column] cell")
    r, c = item
    height, width = (n, n) if isinstance(n, int) else n
    if not (0 <= r < height and 0 <= c < width):
        raise ParseError(f"SudokuPad: {what} names r{r + 1}c{c + 1}, outside the {height}x{width} grid")
    return r, c


def _symbols(n: int, rules: str = "") -> tuple[str, ...]:
    """The digits 1 to n, as SudokuPad and f-puzzles write them (tokens above 9).

    Or 0 to n - 1, when the rules text says so ("place the digits 0 to 8").
    """
    zero = rf"\bdigits? (from )?0 ?(to|-|through|\u2013) ?{n - 1}\b"
    first = 0 if re.search(zero, normal_text(rules)) else 1
    return tuple(str(k) for k in range(first, first + n))


def _base_grid(regions: Any, n: int, rules: str = "") -> Grid:
    """The grid of the regions (``re``): classic boxes, a jigsaw, or rows and columns plus units."""
    symbols = _symbols(n, rules)
    if regions is None:  # no regions named: the default boxes, as f-puzzles assumes
        try:
            return Grid.classic(n, symbols=symbols)
        except GridError:
            return Grid.latin(n, symbols)
    if not isinstance(regions, list):
        raise ParseError('SudokuPad: "re" (regions) must be a list of cell lists')
    groups = []
    for k, region in enumerate(regions, 1):
        if region is None:
            continue
        if not isinstance(region, list):
            raise ParseError(f"SudokuPad: region {k} must be a list of [row, column] cells")
        groups.append([_cell(item, n, f"region {k}") for item in region])
    labels: dict[Cell, int] = {}
    for k, group in enumerate(groups):
        for cell in group:
            labels.setdefault(cell, k)
    if len(labels) == n * n and all(len(g) == n for g in groups) and len(groups) == n:
        rows = [[labels[(r, c)] for c in range(n)] for r in range(n)]
        grid = Grid.jigsaw(rows, symbols, connected=False)
        try:
            classic = Grid.classic(n, symbols=symbols)
        except GridError:
            return grid
        boxes = sorted(tuple(u.cells) for u in classic.units if u.kind == "box")
        mine = sorted(tuple(sorted(u.cells)) for u in grid.units if u.kind == "region")
        return classic if boxes == mine else grid
    return variants.with_units(Grid.latin(n, symbols), groups, "region")


def _overlapping(regions: Any, frame: tuple[int, int], rules: str) -> Grid:
    """The grid of a frame that is not square: overlapping sudokus (two 9x9 in a 12x9 frame, ...).

    The frame must be a union of n x n sudokus (n its shorter side) lined up on their boxes, and the
    regions drawn (``re``) must be those sudokus' boxes; anything else is a ParseError saying so.
    """
    height, width = frame
    n = min(height, width)
    what = f"a {height}x{width} grid"
    if n < 4:
        raise ParseError(f"SudokuPad: {what}; sudokit reads square grids and grids of overlapping sudokus")
    try:
        box = default_box(n)
        corners = corners_from_shape([(r, c) for r in range(height) for c in range(width)], n, box)
        grid = multi_grid(corners, n, box, _symbols(n, rules))
    except GridError as exc:
        raise ParseError(
            f"SudokuPad: {what} that sudokit cannot read as overlapping {n}x{n} sudokus ({exc}); "
            "other grid shapes (extra cells, regions of other sizes) are not read yet"
        ) from None
    if isinstance(regions, list) and regions:
        boxes = {frozenset(grid.cells[i] for i in unit.cells) for unit in grid.units if unit.kind == "box"}
        for k, region in enumerate(regions, 1):
            if not isinstance(region, list):
                raise ParseError(f"SudokuPad: region {k} must be a list of [row, column] cells")
            cells = frozenset(_cell(item, frame, f"region {k}") for item in region)
            if cells and cells not in boxes:
                raise ParseError(
                    f"SudokuPad: {what} whose region {k} is not a box of the overlapping {n}x{n} "
                    "sudokus it makes; such layouts are not read yet"
                )
    return grid


def puzzle_from_scl(data: Any) -> Puzzle:
    """Build a puzzle from SudokuPad puzzle data (compact or long keys); ParseError for bad data.

    The regions and givens are read first; then every constraint kind looks for its drawings (see
    :class:`Scene`), and the grid is built once from what they find.  Drawings no kind reads are
    named in the puzzle's ``unread`` rules.
    """
    if not isinstance(data, dict):
        raise ParseError("SudokuPad: the puzzle data must be an object")
    cells = _get(data, "ce", "cells")
    if not isinstance(cells, list) or not cells or not all(isinstance(row, list) for row in cells):
        raise ParseError('SudokuPad: the puzzle has no "ce" (cells) rows')
    height = len(cells)
    width = max(len(row) for row in cells)
    n = min(height, width)
    if not 1 <= n <= 64 or max(height, width) > 64 * 3:
        raise ParseError(f"SudokuPad: a {height}x{width} grid; sudokit reads grids of 1x1 to 64x64")
    metadata: dict[str, str] = {}
    meta = _get(data, "metadata") or {}
    if isinstance(meta, dict):
        for key, names in (("title", ("t", "title")), ("author", ("author",)), ("ruleset", ("rules",))):
            value = _get(meta, *names)
            if isinstance(value, str) and value:
                metadata[key] = value
        for key in ("solution", "source"):
            if isinstance(meta.get(key), str) and meta[key]:
                metadata[key] = meta[key]
    try:
        frame = (height, width)
        cages = _cages(_get(data, "ca", "cages"), frame, metadata)  # first: old puzzles keep rules here
        rules = metadata.get("ruleset", "")
        if height == width:
            grid = _base_grid(_get(data, "re", "regions"), n, rules)
        else:
            grid = _overlapping(_get(data, "re", "regions"), frame, rules)
        doubt = grid_doubt(rules, n, int(grid.symbols[0]))
        if doubt is not None:
            grid = doubt.relax(grid)
        givens = _givens(grid, cells)
        chaos = regions_found(rules)
        if chaos is not None and grid.box is not None and height == width:  # boxes drawn are not regions
            grid = Grid.latin(n, grid.symbols)
        scene = Scene(data, grid, n, rules, cages)
        settled = settle(rules, scene.read(), scene.typed)
        if settled.givens is not None:  # "given digits move with the cars": not where they are drawn
            givens = (EMPTY,) * len(givens)
        grid, broken_notes, certain = finish_reading(grid, settled, metadata.get("solution"), metadata)
        drawn = scene.account()
        if drawn:
            metadata["drawn"] = drawn
    except (GridError, PuzzleError) as exc:
        raise ParseError(f"SudokuPad: {exc}") from None
    unread = scene.unread()
    if doubt is not None:
        unread.insert(0, doubt.describe(grid))
    if settled.givens is not None:
        unread.insert(0, settled.givens_note())
    if chaos is not None:
        unread.insert(0, f'the regions, which the solver finds ("{shortened(chaos)}")')
    unread += settled.unread + broken_notes
    if isinstance(meta, dict) and meta.get("bgimage"):
        unread.append("a background image (its drawings are not data)")
    kinds = sorted({c.kind for c in grid.constraints})
    if kinds:
        metadata["read"] = ", ".join(kinds)
    certain = certain and chaos is None and doubt is None
    return Puzzle(grid, givens, None, metadata, tuple(unread), certain)


def _cages(cages: Any, n: int | tuple[int, int], metadata: dict[str, str]) -> list[dict[str, Any]]:
    """The cages (``ca``) as the scene offers them: metadata cages go to ``metadata``."""
    if cages is None:
        return []
    if not isinstance(cages, list):
        raise ParseError('SudokuPad: "ca" (cages) must be a list')
    found = []
    for k, cage in enumerate(cages, 1):
        if not isinstance(cage, dict):
            continue
        value = _get(cage, "v", "value")
        if isinstance(value, str):
            meta = _META_CAGE.match(value)
            if meta and not value.strip().isdigit():
                key, text = meta.group(1), meta.group(2).strip()
                key = "ruleset" if key == "rules" else key  # as the f-puzzles reader names the rules
                metadata[key] = metadata[key] + "\n" + text if key in metadata else text
                continue
            number = whole_number(value)
            value = number if number is not None else value
        members = _get(cage, "ce", "cells") or []
        if not isinstance(members, list):
            raise ParseError(f"SudokuPad: cage {k} must list its cells")
        cells = [_cell(item, n, f"cage {k}") for item in members]
        if not cells:
            continue
        found.append(
            {
                **{key: v for key, v in cage.items() if key not in ("ce", "cells", "v")},
                "cells": cells,
                "value": value,
            }
        )
    return found


def _givens(grid: Grid, cells: list[Any]) -> tuple[int, ...]:
    givens = [EMPTY] * len(grid.cells)
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                continue
            value = _get(cell, "v", "value")
            if value is None or value == "":
                continue
            if isinstance(value, str) and whole_number(value) is not None:
                value = whole_number(value)
            first, n = int(grid.symbols[0]), len(grid.symbols)
            if isinstance(value, bool) or not isinstance(value, int) or not first <= value < first + n:
                raise ParseError(
                    f"SudokuPad: r{r + 1}c{c + 1} holds {json.dumps(value)}, not {first} to {first + n - 1}"
                )
            givens[grid.index[(r, c)]] = value - first
    return tuple(givens)


# ------------------------------------------------------------------- drawings read as constraints

_PROPS = {
    "color": "c",
    "borderColor": "c1",
    "backgroundColor": "c2",
    "center": "ct",
    "width": "w",
    "height": "h",
    "rounded": "r",
    "text": "te",
    "fontSize": "fs",
    "thickness": "th",
    "wayPoints": "wp",
    "headLength": "hl",
}
_KINDS_OF_DRAWING = ("lines", "arrows", "overlays", "underlays", "cages")


class Scene:
    """A SudokuPad puzzle's drawings, offered to the constraint kinds to recognise (a ``SudokuPadScene``).

    SCL data types nothing but the grid: a thermometer is a grey line from a round bulb, a kropki
    dot a small round overlay on an edge.  Each kind knows how it is drawn (SudokuPad's own
    f-puzzles loader draws every f-puzzles constraint in a fixed way, and setters follow the same
    conventions) and claims the drawings it reads; lines no kind claims by shape are told apart by
    the rules text and their colour (:meth:`read_lines`).  Rules SudokuPad names in its ``global``
    list (anti-knight, anti-king, non-consecutive, the negative constraints) and rules the text
    states for the whole grid (:func:`sudokit.formats.rules_text.global_rules`) are read too.
    """

    def __init__(
        self, data: dict[str, Any], grid: Grid, n: int, rules: str, cages: list[dict[str, Any]]
    ) -> None:
        self.grid, self.n, self.rules = grid, n, " ".join(normal_text(rules).split())
        self.items: dict[str, list[dict[str, Any]]] = {
            name: [i for i in (_get(data, *keys) or []) if isinstance(i, dict)]
            for name, keys in _DRAWINGS.items()
        }
        self.items["cages"] = cages
        self.used: dict[str, set[int]] = {name: set() for name in _KINDS_OF_DRAWING}
        self.claims: dict[str, dict[int, str]] = {name: {} for name in _KINDS_OF_DRAWING}
        """Per sort of drawing, the kind each drawing read was read as."""
        flags = _get(data, "global") or []
        meta = _get(data, "metadata") or {}
        self.flags = {str(f).lower().replace("-", "") for f in flags} if isinstance(flags, list) else set()
        if isinstance(meta, dict):
            self.flags |= {name for name in ("antiknight", "antiking") if meta.get(name) is True}
        self.refused: list[str] = []
        self.typed: list[constraints.Constraint] = []

    # ------------------------------------------------------------------------- the scene protocol

    def unclaimed(self, what: str) -> list[tuple[int, dict[str, Any]]]:
        """Drawings of one sort not yet read, with their places in the data."""
        used = self.used[what]
        return [(k, item) for k, item in enumerate(self.items[what]) if k not in used]

    def claim(self, what: str, index: int, kind: str) -> None:
        """Mark a drawing as read as (part of) a constraint of ``kind``."""
        self.used[what].add(index)
        self.claims[what].setdefault(index, kind)

    def account(self) -> str:
        """Every drawing and what it became, by sort: ``lines: thermometer 4, not read 2; ...``.

        Drawings that carry no rule (cell colours, empty cages no sentence speaks of) are counted as
        decoration; the rest no kind read are "not read" (the answer names them too).
        """
        parts = []
        for what in _KINDS_OF_DRAWING:
            counts = Counter(self.claims[what].values())
            decoration = not_read = 0
            for _, item in self.unclaimed(what):
                if self._decoration(what, item):
                    decoration += 1
                else:
                    not_read += 1
            entries = [f"{kind} {n}" for kind, n in sorted(counts.items())]
            entries += [
                f"{label} {n}" for label, n in (("decoration", decoration), ("not read", not_read)) if n
            ]
            if entries:
                parts.append(f"{what}: {', '.join(entries)}")
        return "; ".join(parts)

    @staticmethod
    def prop(item: Mapping[str, Any], name: str) -> Any:
        """A property by its long name, whichever key (long or compact) the data uses."""
        return item[name] if name in item else item.get(_PROPS.get(name, name))

    def colour(self, item: Mapping[str, Any], name: str) -> str:
        """A colour as upper-case ``#RRGGBB`` (``#RRGGBBAA`` when not opaque), or ''."""
        value = self.prop(item, name)
        if not isinstance(value, str):
            return ""
        text = value.strip().upper()
        text = {"#0": "#000000", "#F": "#FFFFFF", "BLACK": "#000000", "WHITE": "#FFFFFF"}.get(text, text)
        if re.fullmatch(r"#[0-9A-F]{3,4}", text):
            text = "#" + "".join(ch * 2 for ch in text[1:])
        if re.fullmatch(r"[0-9A-F]{6}([0-9A-F]{2})?", text):
            text = "#" + text
        if re.fullmatch(r"#[0-9A-F]{8}", text):  # seen over white, as SudokuPad shows it
            alpha = int(text[7:], 16) / 255
            channels = (round(alpha * int(text[i : i + 2], 16) + (1 - alpha) * 255) for i in (1, 3, 5))
            text = "#" + "".join(f"{v:02X}" for v in channels)
        return text if re.fullmatch(r"#[0-9A-F]{6}", text) else ""

    def number(self, item: Mapping[str, Any], name: str) -> float | None:
        """A numeric property, or None."""
        value = self.prop(item, name)
        return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None

    def point(self, value: Any) -> tuple[float, float] | None:
        """A [row, column] point, or None."""
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        ):
            return float(value[0]), float(value[1])
        return None

    def points(self, item: Mapping[str, Any]) -> list[tuple[float, float]]:
        """A line's way points."""
        raw = self.prop(item, "wayPoints")
        found = [self.point(p) for p in raw] if isinstance(raw, list) else []
        return [p for p in found if p is not None]

    def cell_at(self, point: tuple[float, float]) -> Cell | None:
        """The cell a point lies in (None outside the grid)."""
        r, c = int(point[0] // 1), int(point[1] // 1)
        return (r, c) if (r, c) in self.grid.index else None

    def path(self, item: Mapping[str, Any]) -> list[Cell] | None:
        """The cells a line passes through: each way point's cell, and the cells crossed between them."""
        cells: list[Cell] = []
        points = self.points(item)
        for k, p in enumerate(points):
            cell = self.cell_at(p)
            if cell is None:
                return None
            if k:
                for between in _crossed(points[k - 1], p):
                    if between != cell and (not cells or cells[-1] != between) and between in self.grid.index:
                        cells.append(between)
            if not cells or cells[-1] != cell:
                cells.append(cell)
        return cells

    def text(self, item: Mapping[str, Any]) -> str:
        """A drawing's text, stripped."""
        value = self.prop(item, "text")
        return str(value).strip() if value is not None else ""

    def edge(self, item: Mapping[str, Any]) -> tuple[Cell, Cell] | None:
        """The two cells whose shared edge a drawing's centre sits on, or None."""
        centre = self.point(self.prop(item, "center"))
        if centre is None:
            return None
        r, c = centre
        half_r, half_c = abs(r - round(r)) < 0.08, abs(c - round(c)) < 0.08
        if half_r and not half_c:
            pair = (round(r) - 1, int(c // 1)), (round(r), int(c // 1))
        elif half_c and not half_r:
            pair = (int(r // 1), round(c) - 1), (int(r // 1), round(c))
        else:
            return None
        return pair if all(cell in self.grid.index for cell in pair) else None

    def corner(self, item: Mapping[str, Any]) -> Cell | None:
        """The top-left cell of the four around the corner a drawing's centre sits on, or None."""
        centre = self.point(self.prop(item, "center"))
        if centre is None:
            return None
        r, c = centre
        if abs(r - round(r)) > 0.08 or abs(c - round(c)) > 0.08:
            return None
        top_left = (round(r) - 1, round(c) - 1)
        around = [(top_left[0] + dr, top_left[1] + dc) for dr in (0, 1) for dc in (0, 1)]
        return top_left if any(cell in self.grid.index for cell in around) else None

    def says(self, *words: str) -> bool:
        """Whether the rules text names any of the words."""
        return any(word in self.rules for word in words)

    @staticmethod
    def alike(a: str, b: str) -> bool:
        """Whether two #RRGGBB colours look the same to a solver (one hue, or greys of like lightness)."""
        return _near(a, b)

    # ----------------------------------------------------------------------------------- reading

    def read(self) -> list[constraints.Constraint]:
        """Every constraint the drawings, the ``global`` list and the rules text show."""
        found: list[constraints.Constraint] = []
        for kind in sorted(constraints.kinds(), key=lambda k: k.sudokupad_order):
            found += kind.read_sudokupad(self)
        self.typed = [c for c in found if not c.cells()]  # rules SudokuPad's ``global`` list names
        found += self.read_lines()
        found += self.read_cages()
        have = {type(c) for c in found}
        # the negative rules of dots hold only where every dot drawn was read
        said = global_rules(self.rules, self.n, negatives=not self.unclaimed_dots())
        stated = [rule for rule in said if type(rule) not in have]  # in words: read as typed
        self.typed += stated
        return self._possible(_unique(found + stated))

    def _possible(self, found: list[constraints.Constraint]) -> list[constraints.Constraint]:
        """The constraints that can stand on the grid.

        A drawing read as a rule it cannot be (a cage sum no digits make, a cage larger than the
        digits) is named in ``refused`` instead.
        """
        try:
            self.grid.with_constraints(*found)
            return found
        except GridError:
            pass
        kept = []
        for made in found:
            try:
                self.grid.with_constraints(made)
            except GridError as exc:
                why = str(exc).split(": ", 1)[-1]
                self.refused.append(f"{made.describe(self.grid)}, which cannot hold as drawn ({why})")
                continue
            kept.append(made)
        return kept

    def read_lines(self) -> list[constraints.Constraint]:
        """Lines no kind claimed by shape, told apart by the rules text and their colour.

        The line kinds the rules name are the candidates.  A line whose colour is the usual colour of
        exactly one of them (or whose colour the rules text names next to it) is that kind; when the
        rules name one kind of line, every remaining line through cell centres is that kind.
        """
        named = [k for k in _line_kinds() if any(self.says(w) for w in k.words)]
        if not named:
            return []
        by_colour = _colour_words(self.rules, named)
        every = re.search(r"\ball (the )?lines (are|act as)( also)? ([\w -]+?) lines?\b", self.rules)
        also = [k for k in named if every and any(w in every[4] for w in k.words)]
        found: list[constraints.Constraint] = []
        drawn: dict[tuple[tuple[float, float], ...], list[int]] = {}
        for k, item in self.unclaimed("lines"):  # a line drawn twice (an outline under it) is one line
            key = tuple((round(r, 2), round(c, 2)) for r, c in self.points(item))
            drawn.setdefault(key, []).append(k)
        strokes: list[tuple[list[int], list[Cell], str]] = []
        for ks in drawn.values():
            item = self.items["lines"][ks[-1]]
            path = self.path(item)
            if path and _through_centres(self.points(item)):
                strokes.append((ks, path, self.colour(item, "color")[:7]))
        for ks, cells, colour in _end_to_end(strokes, self.alike):
            closed = len(cells) >= 4 and cells[0] == cells[-1] and len(set(cells)) == len(cells) - 1
            kind = _kind_of_line(colour, named, by_colour)
            if len(also) == 1 and kind is None:
                kind = also[0]
            if closed:  # a loop: what it means is its kind's to say
                loop = kind.from_drawn_loop(cells[:-1], colour, self) if kind is not None else []
                try:
                    for made_part in loop:
                        made_part.validate(self.grid)
                except GridError:
                    continue
                if loop and kind is not None:
                    found += loop
                    for other in ks:
                        self.claim("lines", other, kind.kind)
                continue
            if len(set(cells)) != len(cells):  # crossing itself: a set of cells, for a rule on a set
                if kind is None or not kind.joined:
                    continue
                cells = list(dict.fromkeys(cells))
            if len(also) == 1 and kind is not None and kind is not also[0]:  # "all lines are region sums"
                try:
                    found.append(also[0].from_drawn_line(cells, colour, self))
                except GridError:
                    continue
            if kind is None or len(cells) < kind.shortest:
                continue
            try:
                made = kind.from_drawn_line(cells, colour, self)
                made.validate(self.grid)
            except GridError:
                continue
            found.append(made)
            for other in ks:
                self.claim("lines", other, kind.kind)
        self._centre_marks(found)
        return self._joined(found)

    def _centre_marks(self, found: Sequence[constraints.Constraint]) -> None:
        """Small shapes marking the middle of lines whose rule has one (a zipper's centre), claimed.

        A mark is a shape at most half a cell wide, without text, at the line's middle cell (odd
        length) or between its two middle cells (even length).
        """
        middles: dict[tuple[float, float], str] = {}
        for made in found:
            if isinstance(made, LineConstraint) and made.marks_centre:
                line = made.cells()
                a, b = line[(len(line) - 1) // 2], line[len(line) // 2]
                middles[((a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5)] = made.kind
        for what in ("overlays", "underlays"):
            for k, item in self.unclaimed(what):
                centre = self.point(self.prop(item, "center"))
                if centre is None or self.text(item) or (self.number(item, "width") or 1) > 0.5:
                    continue
                kind = next(
                    (v for p, v in middles.items() if abs(p[0] - centre[0]) + abs(p[1] - centre[1]) < 0.1),
                    None,
                )
                if kind is not None:
                    self.claim(what, k, kind)

    def _joined(self, found: list[constraints.Constraint]) -> list[constraints.Constraint]:
        """Strokes of a set-rule kind (renban) that share a cell, made one line: a branching line."""
        out: list[constraints.Constraint] = []
        for made in found:
            if not isinstance(made, LineConstraint) or not made.joined:
                out.append(made)
                continue
            kind = type(made)
            touching = [o for o in out if type(o) is kind and set(o.cells()) & set(made.cells())]
            cells = list(made.cells())
            for other in touching:
                out.remove(other)
                cells += [c for c in other.cells() if c not in cells]
            try:
                out.append(kind.from_drawn_line(cells, kind.colour, self))
            except GridError:
                out += [*touching, made]
        return out

    def read_cages(self) -> list[constraints.Constraint]:
        """Cages the kinds left: extra regions and disjoint groups the f-puzzles loader draws as cages."""
        found: list[constraints.Constraint] = []
        for k, cage in self.unclaimed("cages"):
            if cage.get("style") == "extraregion":
                found.append(ExtraRegion(tuple(cage["cells"])))
                self.claim("cages", k, "extra region")
            elif cage.get("type") == "disjoint":
                found.append(DisjointGroups())
                self.claim("cages", k, "disjoint groups")
            elif cage.get("hidden") is True:
                self.claim("cages", k, "cells in no region")
        return found

    def unclaimed_dots(self) -> bool:
        """Whether small shapes on cell edges are left unread (dots of some other meaning)."""
        return any(
            self.edge(item) is not None and (self.number(item, "width") or 0) <= 0.5
            for what in ("overlays", "underlays")
            for _, item in self.unclaimed(what)
        )

    def unread(self) -> list[str]:
        """What was drawn but not read as a rule, by sort of drawing."""
        names = {
            "lines": "line",
            "arrows": "arrow",
            "overlays": "overlay",
            "underlays": "underlay",
            "cages": "cage",
        }
        out = []
        for what, noun in names.items():
            left = [item for k, item in self.unclaimed(what) if not self._decoration(what, item)]
            if left:
                out.append(plural(len(left), noun))
        if not out:
            return list(self.refused)
        return [
            f"{', '.join(out)} of no kind sudokit knows (their meaning is in the rules text)",
            *self.refused,
        ]

    def _decoration(self, what: str, item: Mapping[str, Any]) -> bool:
        """Drawings that carry no rule: cell colours (full-cell underlays), labels outside the grid."""
        if what == "underlays":
            width, height = self.number(item, "width") or 0, self.number(item, "height") or 0
            return width >= 0.95 and height >= 0.95 and not self.text(item)
        if what == "cages":
            return item.get("value") in (None, "") and not self.says("cage")
        return False


def _crossed(a: tuple[float, float], b: tuple[float, float]) -> list[Cell]:
    """The cells a straight segment from a to b passes through, in order.

    A segment along a row, a column or a diagonal steps cell by cell (a diagonal passes through the
    corners, not the cells beside them); any other is sampled, away from the corners it grazes.
    """
    first = (int(a[0] // 1), int(a[1] // 1))
    last = (int(b[0] // 1), int(b[1] // 1))
    dr, dc = last[0] - first[0], last[1] - first[1]
    if dr == 0 or dc == 0 or abs(dr) == abs(dc):
        steps = max(abs(dr), abs(dc))
        sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
        return [(first[0] + k * sr, first[1] + k * sc) for k in range(steps + 1)]
    samples = max(1, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) * 8))
    cells: list[Cell] = []
    for k in range(samples + 1):
        t = k / samples
        r, c = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        if min(abs(r - round(r)), 1) < 0.05 and abs(c - round(c)) < 0.05:
            continue  # at a corner: the cells beside it are not on the line
        cell = (int(r // 1), int(c // 1))
        if not cells or cells[-1] != cell:
            cells.append(cell)
    return cells


def _end_to_end(
    strokes: list[tuple[list[int], list[Cell], str]], alike: Callable[[str, str], bool]
) -> list[tuple[list[int], list[Cell], str]]:
    """Strokes of one colour that meet end to end, as one line (a line drawn in two goes).

    Two strokes are joined at a cell that ends both and that no other stroke of their colour
    touches: where three meet, or a stroke passes through, the drawing is a fork, not one line.
    """
    out = [(list(ks), list(cells), colour) for ks, cells, colour in strokes]
    while (join := _first_join(out, alike)) is not None:
        i, j, joined = join
        out[i] = joined
        del out[j]
    return out


def _first_join(
    strokes: list[tuple[list[int], list[Cell], str]], alike: Callable[[str, str], bool]
) -> tuple[int, int, tuple[list[int], list[Cell], str]] | None:
    """The first two open strokes that meet end to end (see :func:`_end_to_end`), and the line they make."""
    for i, (ks, cells, colour) in enumerate(strokes):
        if cells[0] == cells[-1]:
            continue
        for j in range(i + 1, len(strokes)):
            ks2, cells2, colour2 = strokes[j]
            if not alike(colour, colour2) or cells2[0] == cells2[-1]:
                continue
            for a, b in (
                (cells, cells2),
                (cells, cells2[::-1]),
                (cells[::-1], cells2),
                (cells[::-1], cells2[::-1]),
            ):
                meet = a[-1]
                if b[0] != meet:
                    continue
                if not any(
                    n not in (i, j) and alike(colour, other[2]) and meet in other[1]
                    for n, other in enumerate(strokes)
                ):
                    return i, j, (ks + ks2, a + b[1:], colour)
    return None


def _through_centres(points: list[tuple[float, float]]) -> bool:
    """Whether a line's way points lie near cell centres (a constraint line, not an edge or a border).

    Near: within 0.3 of a cell, as lines that stop at a circle's rim or round a corner are drawn.
    """
    return bool(points) and all(abs(r % 1 - 0.5) <= 0.3 and abs(c % 1 - 0.5) <= 0.3 for r, c in points)


def _line_kinds() -> list[type[LineConstraint]]:
    """The line kinds the rules text can name."""
    return [k for k in constraints.kinds() if issubclass(k, LineConstraint) and k.words]


_HUES = {
    "red": ((0.96, 1.0), (0.0, 0.03)),
    "orange": ((0.03, 0.11),),
    "brown": ((0.0, 0.11),),
    "yellow": ((0.11, 0.19),),
    "gold": ((0.1, 0.17),),
    "green": ((0.19, 0.45),),
    "lime": ((0.19, 0.3),),
    "olive": ((0.12, 0.3),),
    "turquoise": ((0.43, 0.53),),
    "teal": ((0.43, 0.53),),
    "cyan": ((0.45, 0.55),),
    "aqua": ((0.45, 0.55),),
    "blue": ((0.52, 0.7),),
    "navy": ((0.55, 0.7),),
    "purple": ((0.7, 0.93),),
    "violet": ((0.7, 0.9),),
    "lavender": ((0.68, 0.85),),
    "magenta": ((0.78, 0.95),),
    "pink": ((0.8, 1.0), (0.0, 0.02)),
}
"""The hues (0 to 1) a colour name in a rules text covers."""


def named(colour: str, name: str) -> bool:
    """Whether a #RRGGBB colour is one a rules text would call ``name``."""
    hue, saturation, lightness = _hue(colour)
    if name in ("grey", "gray", "silver"):
        return saturation < 0.2 and 0.3 < lightness < 0.93
    if name == "black":
        return lightness < 0.25
    if name == "white":
        return lightness > 0.93
    if saturation < 0.2 or lightness > 0.95 or lightness < 0.08:
        return False
    return any(low <= hue <= high for low, high in _HUES.get(name, ()))


_COLOUR_NAMES = ("grey", "gray", "silver", "black", "white", *_HUES)


def _hue(colour: str) -> tuple[float, float, float]:
    """A colour's hue (0-1), saturation and lightness."""
    import colorsys

    try:
        r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    except (ValueError, IndexError):
        return 0.0, 0.0, 0.0
    h, light, sat = colorsys.rgb_to_hls(r, g, b)
    return h, sat, light


def _near(a: str, b: str) -> bool:
    """Whether two colours are alike: the same hue family, or both greys of similar lightness."""
    ha, sa, la = _hue(a)
    hb, sb, lb = _hue(b)
    if sa < 0.15 or sb < 0.15:
        return sa < 0.15 and sb < 0.15 and abs(la - lb) < 0.35
    gap = min(abs(ha - hb), 1 - abs(ha - hb))
    return gap < 0.055 and abs(la - lb) < 0.35


def _colour_words(rules: str, named_kinds: list[type[LineConstraint]]) -> dict[str, type[LineConstraint]]:
    """Colour names the rules text ties to a kind of line: a sentence naming one kind and some colours."""
    found: dict[str, type[LineConstraint]] = {}
    for sentence in re.split(r"(?<=[.!?;])\s+|\n+", rules):
        kinds = {kind for kind in named_kinds if any(word in sentence for word in kind.words)}
        if len(kinds) != 1:
            continue
        for name in _COLOUR_NAMES:
            if re.search(rf"\b{name}\b", sentence):
                found.setdefault(name, next(iter(kinds)))
    return found


def _kind_of_line(
    colour: str, named_kinds: list[type[LineConstraint]], by_colour: dict[str, type[LineConstraint]]
) -> type[LineConstraint] | None:
    """The kind of a line by its colour, among the kinds the rules name (None: cannot tell).

    A colour name the rules tie to one kind decides.  A line in a colour the rules do not name is
    read only when its colour is the usual one of exactly one named kind that the rules give no
    colour, or when the rules name one kind of line and give it no colour.
    """
    if not colour:
        return None
    said = {kind for name, kind in by_colour.items() if named(colour, name)}
    if len(said) == 1:
        return said.pop()
    if said:
        return None
    coloured = set(by_colour.values())
    usual = {
        kind for kind in named_kinds if kind not in coloured and any(_near(colour, c) for c in kind.colours)
    }
    if len(usual) == 1:
        return usual.pop()
    if len(named_kinds) == 1 and not coloured:
        return named_kinds[0]
    return None


def _unique(found: list[constraints.Constraint]) -> list[constraints.Constraint]:
    """The constraints without repeats (a rule both flagged and stated in the rules text)."""
    return list(dict.fromkeys(found))
