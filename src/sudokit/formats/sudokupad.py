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
``solution`` and ``source``.  Lines, arrows, overlays
and underlays are untyped drawings whose meaning is only in the rules text, so they are not read as
rules: the puzzle is read on its typed content and its metadata says what was left unread.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import ParseResult, parse_qs, unquote, urlparse

from sudokit import variants
from sudokit.errors import GridError, ParseError, PuzzleError
from sudokit.formats.limits import whole_number
from sudokit.model import EMPTY, Cell, Grid, Puzzle

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
    except (GridError, PuzzleError) as exc:
        raise ParseError(f"SudokuPad: {exc}") from None
    unread = [f"{unread_cages} cage{'s' if unread_cages > 1 else ''} without a sum"] if unread_cages else []
    for name, keys in _DRAWINGS.items():
        items = _get(data, *keys)
        if isinstance(items, list) and items:
            unread.append(f"{len(items)} {name if len(items) > 1 else name[:-1]}")
    if isinstance(meta, dict) and meta.get("bgimage"):
        unread.append("a background image")
    if unread:
        metadata["unread"] = (
            ", ".join(unread) + ": SudokuPad drawings carry no type, so their rules (in the rules text) "
            "were not read; the puzzle was read from its cells, regions and cage sums only"
        )
    return Puzzle(grid, givens, None, metadata)


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
