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
import statistics
from typing import Any
from urllib.parse import ParseResult, parse_qs, unquote, urlparse

from sudokit import variants
from sudokit.errors import GridError, ParseError, PuzzleError
from sudokit.formats.limits import whole_number
from sudokit.model import EMPTY, Cell, Grid, Puzzle, Sum

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


def _cell(item: Any, n: int, what: str) -> Cell:
    if (
        not isinstance(item, list)
        or len(item) != 2
        or not all(isinstance(k, int) and not isinstance(k, bool) for k in item)
    ):
        raise ParseError(f"SudokuPad: {what} names {json.dumps(item)}, not a [row, column] cell")
    r, c = item
    if not (0 <= r < n and 0 <= c < n):
        raise ParseError(f"SudokuPad: {what} names r{r + 1}c{c + 1}, outside the {n}x{n} grid")
    return r, c


def _symbols(n: int) -> tuple[str, ...]:
    """The digits 1 to n, as SudokuPad and f-puzzles write them (tokens above 9)."""
    return tuple(str(k) for k in range(1, n + 1))


def _base_grid(regions: Any, n: int) -> Grid:
    """The grid of the regions (``re``): classic boxes, a jigsaw, or rows and columns plus units."""
    symbols = _symbols(n)
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


def puzzle_from_scl(data: Any) -> Puzzle:
    """Build a puzzle from SudokuPad puzzle data (compact or long keys); ParseError for bad data."""
    if not isinstance(data, dict):
        raise ParseError("SudokuPad: the puzzle data must be an object")
    cells = _get(data, "ce", "cells")
    if not isinstance(cells, list) or not cells or not all(isinstance(row, list) for row in cells):
        raise ParseError('SudokuPad: the puzzle has no "ce" (cells) rows')
    n = len(cells)
    width = max(len(row) for row in cells)
    if width != n or not 1 <= n <= 64:
        raise ParseError(f"SudokuPad: a {n}x{width} grid; sudokit reads square grids of 1x1 to 64x64")
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
        grid = _base_grid(_get(data, "re", "regions"), n)
        grid, unread_cages = _with_cages(grid, _get(data, "ca", "cages"), n, metadata)
        givens = _givens(grid, cells, n)
        drawn = _Drawings(data, grid, n, metadata.get("ruleset", ""))
        grid, allowed = drawn.read()
    except (GridError, PuzzleError) as exc:
        raise ParseError(f"SudokuPad: {exc}") from None
    unread = [f"{unread_cages} cage{'s' if unread_cages > 1 else ''} without a sum"] if unread_cages else []
    for name, count in drawn.unread().items():
        unread.append(f"{count} {name if count > 1 else name[:-1]}")
    if isinstance(meta, dict) and meta.get("bgimage"):
        unread.append("a background image")
    if drawn.read_kinds:
        metadata["read"] = ", ".join(sorted(drawn.read_kinds))
    if unread:
        metadata["unread"] = (
            ", ".join(unread)
            + ": drawings that follow no convention sudokit knows carry no rule in SudokuPad "
            "data (their meaning is in the rules text), so they were not read as rules"
        )
    return Puzzle(grid, givens, allowed, metadata)


def _with_cages(grid: Grid, cages: Any, n: int, metadata: dict[str, str]) -> tuple[Grid, int]:
    """The grid with the killer cages; metadata cages go to ``metadata``; how many cages were drawings."""
    if cages is None:
        return grid, 0
    if not isinstance(cages, list):
        raise ParseError('SudokuPad: "ca" (cages) must be a list')
    killer: list[tuple[list[Cell], int | None]] = []
    drawings = 0
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
            value = whole_number(value) if whole_number(value) is not None else value
        members = _get(cage, "ce", "cells") or []
        if not isinstance(members, list):
            raise ParseError(f"SudokuPad: cage {k} must list its cells")
        cells = [_cell(item, n, f"cage {k}") for item in members]
        if isinstance(value, int) and not isinstance(value, bool):
            killer.append((cells, value))
        elif value is None and _get(cage, "unique") is True:
            killer.append((cells, None))
        else:
            drawings += 1
    return (variants.killer(grid, killer) if killer else grid), drawings


def _givens(grid: Grid, cells: list[Any], n: int) -> tuple[int, ...]:
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
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= n:
                raise ParseError(f"SudokuPad: r{r + 1}c{c + 1} holds {json.dumps(value)}, not 1 to {n}")
            givens[grid.index[(r, c)]] = value - 1
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
GREY = "#CFCFCF"
ARROW_GREY = "#A1A1A1"


class _Drawings:
    """SudokuPad drawings read as the constraints f-puzzles exports them as.

    SudokuPad's own f-puzzles loader draws each constraint in a fixed way: a thermometer is a grey
    (#CFCFCF) line 21 thick from a round grey bulb 0.85 wide; a palindrome a grey line 16 thick; a
    between line a grey line 2 thick between open circles; an arrow a #A1A1A1 arrow (head 0.3) from a
    circle; a kropki dot a small round overlay on the edge between two cells (white or black); an XV
    sign an "X" or "V" on an edge; a sandwich sum a number beside the grid; a little killer a number
    with a short black arrow; a quadruple a round white overlay on a corner with its digits; odd and
    even cells grey circles and squares 0.7 wide; minimum and maximum cells grey (#ccc) with
    chevrons; diagonals blue (#34BBE6) lines from corner to corner; and the global rules
    (anti-knight, anti-king, non-consecutive, the negative constraint) are named in ``global``.
    Drawings in any other style keep their meaning in the rules text and are counted as unread.
    """

    def __init__(self, data: dict[str, Any], grid: Grid, n: int, rules: str) -> None:
        self.grid, self.n, self.rules = grid, n, rules.lower()
        self.items = {
            name: [i for i in (_get(data, *keys) or []) if isinstance(i, dict)]
            for name, keys in _DRAWINGS.items()
        }
        self.used: dict[str, set[int]] = {name: set() for name in _DRAWINGS}
        flags = _get(data, "global") or []
        meta = _get(data, "metadata") or {}
        self.flags = {str(f).lower() for f in flags} if isinstance(flags, list) else set()
        if isinstance(meta, dict):
            self.flags |= {name for name in ("antiknight", "antiking") if meta.get(name) is True}
        self.read_kinds: set[str] = set()

    def unread(self) -> dict[str, int]:
        """How many drawings of each kind were not read as constraints."""
        counts = {name: len(items) - len(self.used[name]) for name, items in self.items.items()}
        return {name: count for name, count in counts.items() if count}

    def read(self) -> tuple[Grid, tuple[int, ...] | None]:
        """The grid with every drawing read as a constraint, and the odd/even cells' allowed symbols."""
        grid = self.grid
        for name, build in variants.PAIRWISE_RULES.items():
            if name in self.flags:
                grid = build(grid)
                self.read_kinds.add(name)
        grid = self._diagonals(grid)
        grid = self._lines(grid)
        grid = self._arrows(grid)
        grid = self._edges(grid)
        grid = self._outside(grid)
        grid = self._quadruples(grid)
        grid = self._min_max(grid)
        return grid, self._odd_even(grid)

    # ---------------------------------------------------------------------------- helpers

    def each(self, name: str) -> list[tuple[int, dict[str, Any]]]:
        return [(k, item) for k, item in enumerate(self.items[name]) if k not in self.used[name]]

    def take(self, name: str, k: int, kind: str) -> None:
        self.used[name].add(k)
        self.read_kinds.add(kind)

    @staticmethod
    def prop(item: dict[str, Any], name: str) -> Any:
        return item[name] if name in item else item.get(_PROPS[name])

    def colour(self, item: dict[str, Any], name: str) -> str:
        """A colour in upper-case ``#RRGGBB`` (``#0``, ``#F``, ``#FFF`` and bare ``RRGGBB`` expanded)."""
        value = self.prop(item, name)
        if not isinstance(value, str):
            return ""
        text = value.strip().upper()
        text = {"#0": "#000000", "#F": "#FFFFFF"}.get(text, text)
        if re.fullmatch(r"#[0-9A-F]{3}", text):
            text = "#" + "".join(ch * 2 for ch in text[1:])
        if re.fullmatch(r"[0-9A-F]{6}", text):
            text = "#" + text
        return text

    def number(self, item: dict[str, Any], name: str) -> float | None:
        value = self.prop(item, name)
        return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None

    def point(self, value: Any) -> tuple[float, float] | None:
        if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int | float) for v in value):
            return float(value[0]), float(value[1])
        return None

    def points(self, item: dict[str, Any]) -> list[tuple[float, float]]:
        raw = self.prop(item, "wayPoints")
        found = [self.point(p) for p in raw] if isinstance(raw, list) else []
        return [p for p in found if p is not None]

    def cell_at(self, point: tuple[float, float]) -> Cell | None:
        """The cell a point lies in (None outside the grid)."""
        r, c = int(point[0] // 1), int(point[1] // 1)
        return (r, c) if (r, c) in self.grid.index else None

    def path(self, item: dict[str, Any]) -> list[Cell] | None:
        """The cells a line's way points pass through, in order (None if one lies outside the grid)."""
        cells: list[Cell] = []
        for p in self.points(item):
            cell = self.cell_at(p)
            if cell is None:
                return None
            if not cells or cells[-1] != cell:
                cells.append(cell)
        return cells

    @staticmethod
    def near(a: float | None, b: float, tolerance: float = 0.06) -> bool:
        return a is not None and abs(a - b) <= tolerance

    def text(self, item: dict[str, Any]) -> str:
        value = self.prop(item, "text")
        return str(value).strip() if value is not None else ""

    # ---------------------------------------------------------------------------- readers

    def _diagonals(self, grid: Grid) -> Grid:
        n = self.n
        for k, item in self.each("lines"):
            points = self.points(item)
            if self.colour(item, "color") != "#34BBE6" or len(points) != 2:
                continue
            ends = {tuple(round(v) for v in p) for p in points}
            which = "main" if ends == {(0, 0), (n, n)} else "anti" if ends == {(0, n), (n, 0)} else None
            if which:
                grid = variants.diagonals(grid, which)
                self.take("lines", k, "diagonal")
        return grid

    def _lines(self, grid: Grid) -> Grid:
        bulbs = {}
        for k, item in self.each("underlays"):
            centre = self.point(self.prop(item, "center"))
            grey = self.colour(item, "backgroundColor") == GREY
            if (
                centre
                and grey
                and self.prop(item, "rounded")
                and self.near(self.number(item, "width"), 0.85, 0.1)
            ):
                cell = self.cell_at(centre)
                if cell is not None:
                    bulbs[cell] = k
        circles = {}
        for k, item in self.each("overlays"):
            centre = self.point(self.prop(item, "center"))
            if centre and self.colour(item, "borderColor") == GREY and self.prop(item, "rounded"):
                cell = self.cell_at(centre)
                if cell is not None:
                    circles[cell] = k
        for k, item in self.each("lines"):
            if self.colour(item, "color") != GREY:
                continue
            cells, thickness = self.path(item), self.number(item, "thickness")
            if not cells or len(cells) < 2 or thickness is None:
                continue
            if self.near(thickness, 21, 1.5):
                grid = variants.thermometer(grid, cells)
                self.take("lines", k, "thermometer")
                if cells[0] in bulbs:
                    self.used["underlays"].add(bulbs[cells[0]])
            elif self.near(thickness, 16, 1.5):
                grid = variants.palindrome(grid, cells)
                self.take("lines", k, "palindrome")
            elif (
                self.near(thickness, 2, 0.5)
                and cells[0] in circles
                and cells[-1] in circles
                and len(cells) >= 3
            ):
                grid = variants.between(grid, cells)
                self.take("lines", k, "between line")
                self.used["overlays"] |= {circles[cells[0]], circles[cells[-1]]}
        return grid

    def _arrows(self, grid: Grid) -> Grid:
        rings = []
        for k, item in self.each("overlays"):
            centre = self.point(self.prop(item, "center"))
            width, height = self.number(item, "width"), self.number(item, "height")
            if centre and width and height and self.colour(item, "borderColor") == ARROW_GREY:
                cells = [
                    (r, c)
                    for r, c in self.grid.cells
                    if abs(r + 0.5 - centre[0]) < height / 2 and abs(c + 0.5 - centre[1]) < width / 2
                ]
                if cells:
                    rings.append((k, cells))
        for k, item in self.each("arrows"):
            line = self.path(item)
            if self.colour(item, "color") != ARROW_GREY or not line or len(line) < 2:
                continue
            ring = next(((rk, rc) for rk, rc in rings if line[0] in rc), None)
            circle = ring[1] if ring else [line[0]]
            shaft = [cell for cell in line if cell not in circle]
            if shaft:
                grid = variants.arrow(grid, circle, shaft)
                self.take("arrows", k, "arrow")
                if ring:
                    self.used["overlays"].add(ring[0])
        return grid

    def _edge(self, item: dict[str, Any]) -> tuple[Cell, Cell] | None:
        """The two cells whose shared edge an overlay sits on, or None."""
        centre = self.point(self.prop(item, "center"))
        if centre is None:
            return None
        r, c = centre
        half_r, half_c = abs(r - round(r)) < 0.05, abs(c - round(c)) < 0.05
        if half_r and not half_c:
            pair = (round(r) - 1, int(c // 1)), (round(r), int(c // 1))
        elif half_c and not half_r:
            pair = (int(r // 1), round(c) - 1), (int(r // 1), round(c))
        else:
            return None
        return pair if all(cell in self.grid.index for cell in pair) else None

    def _edges(self, grid: Grid) -> Grid:
        marked: list[tuple[Cell, Cell]] = []
        for k, item in self.each("overlays"):
            pair = self._edge(item)
            if pair is None:
                continue
            width, text = self.number(item, "width"), self.text(item)
            background = self.colour(item, "backgroundColor")
            if (
                self.prop(item, "rounded")
                and width is not None
                and width <= 0.45
                and background in ("#FFFFFF", "#000000")
            ):
                rule, default = ("ratio", 2) if background == "#000000" else ("difference", 1)
                value = int(text) if text.isdigit() else default
                grid = variants.with_links(grid, [pair], rule, value, kind="kropki")
                self.take("overlays", k, "kropki")
                marked.append(pair)
            elif text.upper() in ("X", "V") and not self.prop(item, "rounded"):
                grid = variants.with_links(grid, [pair], "sum", 10 if text.upper() == "X" else 5, kind="xv")
                self.take("overlays", k, "xv")
                marked.append(pair)
        negatives = [
            (name, rules)
            for name, rules in (
                ("antixv", [("sum", 10), ("sum", 5)]),
                ("antiratio", [("ratio", 2)]),
                ("antidifference", [("difference", 1)]),
            )
            if name in self.flags
        ]
        for name, rules in negatives:
            kind = "xv" if name == "antixv" else "kropki"
            grid = variants.negative_dots(grid, marked, rules, kind)
            self.read_kinds.add(f"negative {kind}")
        return grid

    def _outside(self, grid: Grid) -> Grid:
        n = self.n
        killers = {}
        for k, item in self.each("arrows"):
            points = self.points(item)
            if self.colour(item, "color") == "#000000" and len(points) == 2:
                (r1, c1), (r2, c2) = points
                step = (1 if r2 > r1 else -1, 1 if c2 > c1 else -1)
                killers[(int(r1 // 1), int(c1 // 1))] = (k, step)
        words = (
            ("sandwich", "sandwich"),
            ("x-sum", "x-sum"),
            ("x-sum", "x sum"),
            ("skyscraper", "skyscraper"),
        )
        named = {kind for kind, word in words if word in self.rules}
        # a number beside the grid is the clue the rules text names; with none named, a sandwich sum (the
        # only outside clue SudokuPad draws for f-puzzles); with several, it is left unread
        outside_kind = named.pop() if len(named) == 1 else "" if named else "sandwich"
        for k, item in self.each("overlays"):
            centre, text = self.point(self.prop(item, "center")), self.text(item)
            if centre is None or not text.isdigit():
                continue
            r, c = int(centre[0] // 1), int(centre[1] // 1)
            if (r, c) in grid.index or not (-1 <= r <= n and -1 <= c <= n):
                continue
            if (r, c) in killers:
                ak, (dr, dc) = killers[(r, c)]
                cells = []
                rr, cc = r + dr, c + dc
                while (rr, cc) in grid.index:
                    cells.append(grid.index[(rr, cc)])
                    rr, cc = rr + dr, cc + dc
                if cells:
                    grid = variants.with_sums(grid, [Sum(tuple(cells), int(text), (), "little killer")])
                    self.take("overlays", k, "little killer")
                    self.used["arrows"].add(ak)
                continue
            side = "top" if r < 0 else "bottom" if r >= n else "left" if c < 0 else "right"
            index = c if side in ("top", "bottom") else r
            kind = outside_kind
            if kind:
                build = {
                    "sandwich": variants.sandwich,
                    "x-sum": variants.x_sum,
                    "skyscraper": variants.skyscraper,
                }
                grid = build[kind](grid, side, index, int(text))
                self.take("overlays", k, kind)
        return grid

    def _quadruples(self, grid: Grid) -> Grid:
        for k, item in self.each("overlays"):
            centre, text = self.point(self.prop(item, "center")), self.text(item)
            digits = text.split()
            if (
                not centre
                or not digits
                or not all(d.isdigit() for d in digits)
                or not self.prop(item, "rounded")
            ):
                continue
            if abs(centre[0] - round(centre[0])) < 0.05 and abs(centre[1] - round(centre[1])) < 0.05:
                corner = (round(centre[0]) - 1, round(centre[1]) - 1)
                if corner in grid.index:
                    grid = variants.quadruple(grid, corner, [int(d) for d in digits])
                    self.take("overlays", k, "quadruple")
        return grid

    def _min_max(self, grid: Grid) -> Grid:
        chevrons: dict[Cell, list[float]] = {}
        chevron_keys: dict[Cell, list[int]] = {}
        for k, item in self.each("lines"):
            points = self.points(item)
            if (
                self.colour(item, "color") == "#000000"
                and self.near(self.number(item, "thickness"), 1, 0.1)
                and len(points) == 3
            ):
                cell = self.cell_at(points[0])
                if cell is not None:
                    tip = max(abs(points[1][0] - cell[0] - 0.5), abs(points[1][1] - cell[1] - 0.5))
                    chevrons.setdefault(cell, []).append(tip)
                    chevron_keys.setdefault(cell, []).append(k)
        for k, item in self.each("underlays"):
            centre = self.point(self.prop(item, "center"))
            cell = self.cell_at(centre) if centre else None
            if cell is None or self.colour(item, "backgroundColor") != "#CCCCCC" or cell not in chevrons:
                continue
            kind = "minimum" if statistics.mean(chevrons[cell]) < 0.415 else "maximum"
            r, c = cell
            around = [
                (r + dr, c + dc)
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if (r + dr, c + dc) in grid.index
            ]
            pairs = [(cell, o) if kind == "minimum" else (o, cell) for o in around]
            grid = variants.with_links(grid, pairs, "less", kind=kind)
            self.take("underlays", k, kind)
            self.used["lines"] |= set(chevron_keys[cell])
        return grid

    def _odd_even(self, grid: Grid) -> tuple[int, ...] | None:
        allowed = [grid.full_mask] * len(grid.cells)
        odd = sum(1 << k for k, v in enumerate(grid.values) if v % 2)
        for k, item in self.each("underlays"):
            centre = self.point(self.prop(item, "center"))
            cell = self.cell_at(centre) if centre else None
            if cell is None or self.colour(item, "backgroundColor") != GREY:
                continue
            if self.near(self.number(item, "width"), 0.7, 0.08):
                is_odd = bool(self.prop(item, "rounded"))
                allowed[grid.index[cell]] &= odd if is_odd else grid.full_mask & ~odd
                self.take("underlays", k, "odd" if is_odd else "even")
        return None if all(m == grid.full_mask for m in allowed) else tuple(allowed)
