"""f-puzzles (www.f-puzzles.com): its puzzle JSON, and the link form that carries it compressed.

A link is ``https://www.f-puzzles.com/?load=<payload>``; the payload is the JSON compressed with
lz-string into URL-safe base64.  sudokit reads a link, a bare payload or the JSON itself, and writes
the link or the JSON.  Each key is read by the constraint kinds that name it (every kind declares its
f-puzzles keys: :mod:`sudokit.constraints`), with the meaning the f-puzzles solver gives it; the grid is
built once from what they return.  Settings (the f-puzzles solver's ``truecandidatesoptions`` and
``disabledlogic``, ``highlightConflicts``, the title and rules) carry no rule.  The cosmetic tools
(``line``, ``text``, ``circle``, ``rectangle``, ``cage``) are drawings: they are kept in the
``fpuzzles-drawings`` metadata and written back into links, and the lines, circles and rectangles
among them are named in the puzzle's ``unread`` rules, since setters draw rules with them.  A key no
kind reads is named there too, so every answer says what it was not told.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

from sudokit import constraints, variants
from sudokit.constraints.base import Shape
from sudokit.constraints.cages.multi_sum import MultiSumKiller
from sudokit.constraints.dots.negative import AntiXV, NegativeRatio
from sudokit.constraints.lines.arrow import Arrow
from sudokit.english import plural
from sudokit.errors import FormatError, GridError, ParseError, PuzzleError
from sudokit.formats.lz import decompress_base64
from sudokit.formats.rules_text import ALL_TYPED, finish_reading, global_rules, grid_doubt, settle
from sudokit.model import EMPTY, Cell, Grid, Puzzle, cell_name, default_box

LINK = "https://www.f-puzzles.com/?load="
"""How written links start."""
DRAWINGS = "fpuzzles-drawings"
"""The metadata key that keeps a puzzle's drawings: the JSON object of their f-puzzles keys."""

COSMETIC = ("line", "text", "circle", "rectangle", "cage")
"""f-puzzles' cosmetic tools: drawings with no rule of their own (a ``cage`` whose value is a digital
root, ``DR5``, is a multi-sum cage, as the f-puzzles solver reads it)."""
SETTINGS = frozenset(
    {
        "size",
        "grid",
        "title",
        "author",
        "ruleset",
        "solution",
        "highlightConflicts",
        "successMessage",
        "disabledlogic",
        "truecandidatesoptions",
        "metadata",
        "version",
        "timer",
        "fogofwar",
        "foglight",
        "triggereffect",
        "outlineC",
        "fontC",
        "baseC",
    }
)
"""Keys that carry no rule: the puzzle's text, the f-puzzles solver's settings, display options."""
_CELL_KEYS = {
    "value",
    "given",
    "region",
    "c",
    "cArray",
    "cornerPencilMarks",
    "centerPencilMarks",
    "givenPencilMarks",
    "highlight",
}
_PAYLOAD = re.compile(r"^[A-Za-z0-9+/=_-]{16,}$")
_CELL_NAME = re.compile(r"^R(\d+)C(\d+)$", re.IGNORECASE)
_NUMBER = re.compile(r"^\s*-?[0-9]{1,9}\s*$")


def looks_like_fpuzzles(text: str) -> bool:
    """True for an f-puzzles link, a bare compressed payload, or f-puzzles JSON (``size`` and ``grid``)."""
    stripped = text.strip()
    if "f-puzzles.com" in stripped or "?load=" in stripped:
        return True
    if _PAYLOAD.match(stripped) and stripped.startswith("N4Ig"):  # lz-string base64 of '{"'
        return True
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except (ValueError, RecursionError):  # not JSON, or a number int() refuses
            return False
        return isinstance(data, dict) and "grid" in data and "size" in data and "format" not in data
    return False


def _payload(text: str) -> str:
    """The compressed payload of a link (or the text itself when it is a bare payload)."""
    stripped = text.strip()
    if "?" in stripped:
        try:
            query = parse_qs(urlparse(stripped).query)
        except ValueError:  # a malformed host, as "[x]"
            raise ParseError("the f-puzzles link is not a valid URL") from None
        if "load" not in query:
            raise ParseError("the f-puzzles link has no load= part")
        return query["load"][0].replace(" ", "+")
    return unquote(stripped)


def decode(text: str) -> dict[str, Any]:
    """The f-puzzles JSON object of a link, payload or JSON text."""
    stripped = text.strip()
    if not stripped.startswith("{"):
        stripped = decompress_base64(_payload(stripped))  # bounded: lz-string can unpack 1 KB to 1 MB
        if not stripped:
            raise ParseError("the f-puzzles payload does not decompress (is the link complete?)")
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise ParseError(f"the f-puzzles data is not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise ParseError("the f-puzzles data is nested too deeply") from None
    except ValueError:  # a number of thousands of digits, which int() refuses
        raise ParseError("the f-puzzles data holds a number too long to be part of a puzzle") from None
    if not isinstance(data, dict):
        raise ParseError("the f-puzzles data must be a JSON object")
    return data


def parse_fpuzzles(text: str) -> Puzzle:
    """The puzzle of an f-puzzles link, payload or JSON text."""
    try:
        return puzzle_from_fpuzzles(decode(text))
    except (GridError, PuzzleError) as exc:
        raise ParseError(f"f-puzzles: {exc}") from None


class _Source:
    """An f-puzzles object as constraint kinds read it (:class:`sudokit.constraints.base.FPuzzlesSource`)."""

    def __init__(self, data: dict[str, Any], n: int) -> None:
        self._data = data
        self._n = n

    @property
    def data(self) -> Mapping[str, Any]:
        return self._data

    @property
    def n(self) -> int:
        return self._n

    def error(self, message: str) -> ParseError:
        return ParseError(f"f-puzzles: {message}")

    def items(self, key: str) -> list[dict[str, Any]]:
        value = self.data.get(key, [])
        if value in (None, False):
            return []
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise self.error(f'"{key}" must be a list of objects')
        return value

    def cell(self, name: Any) -> Cell:
        match = _CELL_NAME.match(name) if isinstance(name, str) else None
        n = self.n
        if match is None or not (1 <= int(match[1]) <= n and 1 <= int(match[2]) <= n):
            raise self.error(f"{json.dumps(name)} is not a cell of the {n}x{n} grid")
        return int(match[1]) - 1, int(match[2]) - 1

    def cells(self, item: Mapping[str, Any], key: str = "cells") -> list[Cell]:
        names = item.get(key, [])
        if not isinstance(names, list):
            raise self.error(f'"{key}" must be a list of cell names, not {json.dumps(names)}')
        return [self.cell(name) for name in names]

    def lines(self, item: Mapping[str, Any]) -> list[list[Cell]]:
        lines = item.get("lines")
        if not isinstance(lines, list) or not all(isinstance(line, list) for line in lines):
            raise self.error('a line constraint needs "lines", lists of cells')
        return [[self.cell(name) for name in line] for line in lines]

    def outside(self, name: Any, key: str) -> tuple[str, int]:
        match = _CELL_NAME.match(name) if isinstance(name, str) else None
        n = self.n
        r, c = (int(match[1]), int(match[2])) if match else (-1, -1)
        if r in (0, n + 1) and 1 <= c <= n:
            return ("top" if r == 0 else "bottom"), c - 1
        if c in (0, n + 1) and 1 <= r <= n:
            return ("left" if c == 0 else "right"), r - 1
        raise self.error(f"a {key} clue stands at {json.dumps(name)}, not beside the {n}x{n} grid")

    def number(self, item: Mapping[str, Any], key: str, default: int | None = None) -> int | None:
        value = item.get("value")
        if value is None or (isinstance(value, str) and not value.strip()):
            return default
        if isinstance(value, bool) or not (isinstance(value, int) or _NUMBER.match(str(value))):
            raise self.error(f"a {key} clue has the value {json.dumps(value)}, not a whole number")
        return int(value)


def _region_grid(data: dict[str, Any], grid_data: list[Any], n: int) -> Grid:
    """The grid of the cells' regions: default boxes, irregular regions, or rows and columns only.

    A cell without a ``region`` key is in its default box; ``"region": null`` puts it in no region;
    as the f-puzzles solver reads them.
    """
    symbols = tuple(str(k) for k in range(1, n + 1))
    keyed = [[isinstance(cell, dict) and "region" in cell for cell in row] for row in grid_data]
    regions = [[cell.get("region") if isinstance(cell, dict) else None for cell in row] for row in grid_data]
    if any(not isinstance(label, int | None) or isinstance(label, bool) for row in regions for label in row):
        raise ParseError('f-puzzles: a cell\'s "region" must be a number')
    if not any(any(row) for row in keyed):
        return Grid.classic(n, symbols=symbols) if _composite(n) else Grid.latin(n, symbols)
    rows, cols = default_box(n) if _composite(n) else (1, n)
    labels: list[list[int | None]] = [
        [(regions[r][c] if keyed[r][c] else (r // rows) * (n // cols) + c // cols) for c in range(n)]
        for r in range(n)
    ]
    if all(label is not None for row in labels for label in row):
        try:
            return Grid.jigsaw(labels, symbols, connected=False)
        except GridError:
            pass
    members: dict[int, list[Cell]] = {}
    for r in range(n):
        for c in range(n):
            label = labels[r][c]
            if label is not None and 0 <= label < n:
                members.setdefault(label, []).append((r, c))
    for label, cells in members.items():
        if len(cells) != n:
            raise ParseError(f"f-puzzles: region {label} has {len(cells)} cells; every region needs {n}")
    return variants.with_units(Grid.latin(n, symbols), [members[k] for k in sorted(members)], "region")


def puzzle_from_fpuzzles(data: dict[str, Any]) -> Puzzle:
    """Build a puzzle from a decoded f-puzzles object.

    Every key is read by the constraint kinds that name it (:func:`sudokit.constraints.by_fpuzzles_key`);
    the grid is built once from the constraints they return.  Drawings (the cosmetic tools) are kept in
    the ``fpuzzles-drawings`` metadata; a key no kind reads is named in the puzzle's ``unread`` rules.
    """
    n = data.get("size")
    grid_data = data.get("grid")
    if isinstance(grid_data, list) and not isinstance(n, int):
        n = len(grid_data)
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 64:
        raise ParseError('f-puzzles: "size" must be a whole number from 1 to 64')
    if (
        not isinstance(grid_data, list)
        or len(grid_data) != n
        or any(not isinstance(row, list) or len(row) != n for row in grid_data)
    ):
        raise ParseError(f'f-puzzles: "grid" must be {n} rows of {n} cells')
    for r, row in enumerate(grid_data):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise ParseError(f"f-puzzles: cell {cell_name((r, c))} must be an object")
    base = _region_grid(data, grid_data, n)
    source = _Source(data, n)
    readers = constraints.by_fpuzzles_key()
    found: list[constraints.Constraint] = []
    typed: list[constraints.Constraint] = []
    drawings: dict[str, Any] = {}
    unread: list[str] = []
    raw_rules = data.get("ruleset")
    ruleset = raw_rules if isinstance(raw_rules, str) else ""
    try:
        doubt = grid_doubt(ruleset, n)
    except PuzzleError as exc:
        raise ParseError(f"f-puzzles: {exc}") from None
    if doubt is not None:
        base = doubt.relax(base)
        unread.append(doubt.describe(base))
    for key, value in data.items():
        if key in SETTINGS or value in (None, False, [], ""):
            continue
        if key in COSMETIC or key == "arrow":
            rules, drawn = _cosmetic(key, value, source)
            found += rules
            if drawn:
                drawings[key] = drawn
            continue
        kinds = readers.get(key)
        if kinds is None:
            unread.append(f"the f-puzzles constraint {key!r}")
            continue
        for kind in kinds:
            made = kind.read_fpuzzles(key, source)
            found += made
            typed += made
    if ruleset and drawings:  # cosmetic lines and shapes whose meaning the rules text gives
        drawn_rules, drawings = _drawn_rules(drawings, base, n, ruleset)
        found += drawn_rules
    have = {type(c) for c in found}
    said = [rule for rule in global_rules(ruleset, n, negatives=False) if type(rule) not in have]
    found += said  # words only
    typed += said
    if _drawings_unread(drawings):  # drawings left unread may be dots or X/V the negative rules exempt
        for rule in [c for c in found if isinstance(c, (NegativeRatio, AntiXV))]:
            found.remove(rule)
            unread.append(f"{rule.describe(base)}, which drawings left unread may exempt")
    all_typed = not _drawings_unread(drawings)  # nothing drawn that no kind read
    settled = settle(ruleset, found, typed, all_typed=all_typed)
    unread += settled.unread
    negative = data.get("negative")
    if isinstance(negative, list):
        unread += [
            f"the negative rule of {name!r}" for name in negative if name not in ("ratio", "xv", "difference")
        ]
    solution = data.get("solution")
    digits = "".join(map(str, solution)) if isinstance(solution, list) and len(solution) == n * n else None
    metadata: dict[str, str] = {}
    try:
        grid, broken_notes, certain = finish_reading(base, settled, digits, metadata)
    except (GridError, PuzzleError) as exc:
        raise ParseError(f"f-puzzles: {exc}") from None
    unread += broken_notes
    givens, allowed, placed = _cells(grid, grid_data, len(grid.symbols))
    if settled.givens is not None:  # the rules text changes the givens: none is certain
        givens, placed = (EMPTY,) * len(givens), []
        unread.insert(0, settled.givens_note())
    metadata |= {key: data[key] for key in ("title", "author", "ruleset") if isinstance(data.get(key), str)}
    if isinstance(data.get("solution"), list) and len(data["solution"]) == n * n:
        digits = data["solution"]
        if all(isinstance(d, int) and 1 <= d <= 9 for d in digits):
            metadata["solution"] = "".join(map(str, digits))
    if placed:
        metadata["placed"] = " ".join(placed)
    if all_typed:
        metadata[ALL_TYPED] = " | ".join(sorted({c.kind for c in found}))
    if drawings:
        metadata[DRAWINGS] = json.dumps(drawings, separators=(",", ":"), ensure_ascii=False)
        unread += _drawings_unread(drawings)
    return Puzzle(grid, givens, allowed, metadata, tuple(unread), certain and doubt is None)


def _cells(
    grid: Grid, grid_data: list[Any], n: int
) -> tuple[tuple[int, ...], tuple[int, ...] | None, list[str]]:
    """Givens, given pencil marks, and the cells whose digits were placed without being given.

    A digit not marked ``given`` is the solver's progress; the f-puzzles solver places it as a digit,
    and so does sudokit (the ``placed`` metadata names those cells).
    """
    givens = [EMPTY] * len(grid.cells)
    allowed = [grid.full_mask] * len(grid.cells)
    placed = []
    for r, row in enumerate(grid_data):
        for c, cell in enumerate(row):
            index = grid.index[(r, c)]
            value = cell.get("value")
            if value is not None and value != 0:
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= n:
                    raise ParseError(
                        f"f-puzzles: {cell_name((r, c))} holds {json.dumps(value)}, not 1 to {n}"
                    )
                givens[index] = value - 1
                if not cell.get("given"):
                    placed.append(cell_name((r, c)))
            marks = cell.get("givenPencilMarks")
            if marks and not isinstance(marks, list):
                raise ParseError(f'f-puzzles: the "givenPencilMarks" of {cell_name((r, c))} must be a list')
            if marks:
                allowed[index] = sum(1 << (m - 1) for m in marks if isinstance(m, int) and 1 <= m <= n)
    restricted = None if all(m == grid.full_mask for m in allowed) else tuple(allowed)
    return tuple(givens), restricted, placed


def _cosmetic(key: str, value: Any, source: _Source) -> tuple[list[constraints.Constraint], list[Any]]:
    """The rules among a cosmetic key's items (digital-root cages; arrows), and the items that are drawings.

    Copies of constraints that Rangsk's f-puzzles script adds for display (``fromConstraint``) are
    dropped: the constraint itself is under its own key.  An arrow whose lines go nowhere beyond its
    circle is a drawing (the f-puzzles solver refuses it); any other arrow is an arrow.
    """
    if not isinstance(value, list):
        return [], [value]
    rules: list[constraints.Constraint] = []
    drawn = []
    if key == "arrow":
        for item in source.items(key):
            made = Arrow.read_fpuzzles(key, _Source({key: [item]}, source.n))
            if made:
                rules += made
            else:
                drawn.append(item)
        return rules, drawn
    for item in value:
        if isinstance(item, dict) and item.get("fromConstraint"):
            continue
        if key == "cage" and isinstance(item, dict):
            root = MultiSumKiller.from_digital_root(item)
            if root is not None:
                rules.append(root)
                continue
        drawn.append(item)
    return rules, drawn


def _drawn_rules(
    drawings: dict[str, Any], grid: Grid, n: int, rules: str
) -> tuple[list[constraints.Constraint], dict[str, Any]]:
    """The rules among cosmetic lines, circles and rectangles, read as SudokuPad reads its drawings.

    SudokuPad shows an f-puzzles puzzle by turning each tool into its own drawings; so here: each
    line becomes a SudokuPad line through the cells' centres, each circle and rectangle an underlay,
    and the kinds recognise them by shape, colour and the rules text (a green line the text calls a
    German whisper).  What they read is not typed: the rules text must confirm it, as for SudokuPad
    links.  Returns those rules and the drawings left (an item is left unless all of it was read).
    """
    from sudokit.formats.sudokupad import Scene

    lines: list[dict[str, Any]] = []
    line_owner: list[int] = []
    for k, item in enumerate(drawings.get("line") or []):
        if not isinstance(item, dict):
            continue
        for path in item.get("lines") or []:
            found = [_cell_of(name) for name in path] if isinstance(path, list) else []
            cells = [c for c in found if c is not None and c in grid.index]
            if len(cells) < 2 or len(cells) != len(found):
                continue
            lines.append(
                {
                    "wayPoints": [[r + 0.5, c + 0.5] for r, c in cells],
                    "color": _colour(item.get("outlineC"), "#A0A0A0"),
                    "thickness": 64 * min(0.6, max(0.02, float(item.get("width") or 0.1))),
                }
            )
            line_owner.append(k)
    underlays: list[dict[str, Any]] = []
    shape_owner: list[tuple[str, int]] = []
    for key in ("circle", "rectangle"):
        for k, item in enumerate(drawings.get(key) or []):
            named = [_cell_of(name) for name in item.get("cells") or []] if isinstance(item, dict) else []
            known = [c for c in named if c is not None]
            if not known or len(known) != len(named):
                continue
            underlays.append(
                {
                    "center": _middle(known),
                    "width": float(item.get("width") or 0.5),
                    "height": float(item.get("height") or item.get("width") or 0.5),
                    "rounded": key == "circle",
                    "backgroundColor": _colour(item.get("baseC"), ""),
                    "borderColor": _colour(item.get("outlineC"), ""),
                    "text": str(item.get("value") or ""),
                }
            )
            shape_owner.append((key, k))
    overlays: list[dict[str, Any]] = []
    text_owner: list[int] = []
    for k, item in enumerate(drawings.get("text") or []):  # "<" and ">" typed between two cells
        named = [_cell_of(name) for name in item.get("cells") or []] if isinstance(item, dict) else []
        known = [c for c in named if c is not None]
        if len(known) == 2 == len(named) and str(item.get("value") or "").strip() in ("<", ">", "^"):
            overlays.append(
                {
                    "center": _middle(known),
                    "text": str(item["value"]).strip(),
                    "angle": item.get("angle") or 0,
                }
            )
            text_owner.append(k)
    if not lines and not underlays and not overlays:
        return [], drawings
    scene = Scene({"lines": lines, "underlays": underlays, "overlays": overlays}, grid, n, rules, [])
    try:
        made = [c for c in scene.read() if c.cells()]
    except (GridError, PuzzleError):
        return [], drawings
    unread_lines = {line_owner[k] for k, _ in scene.unclaimed("lines")}
    unread_shapes = {shape_owner[k] for k, _ in scene.unclaimed("underlays")}
    read_texts = {text_owner[k] for k in range(len(overlays))} - {
        text_owner[k] for k, _ in scene.unclaimed("overlays")
    }
    left = dict(drawings)
    if read_texts:
        left["text"] = [item for k, item in enumerate(drawings["text"]) if k not in read_texts]
    if "line" in drawings and isinstance(drawings["line"], list):
        read = {line_owner[k] for k in range(len(lines))} - unread_lines
        left["line"] = [item for k, item in enumerate(drawings["line"]) if k not in read]
    for key in ("circle", "rectangle"):
        if key in drawings and isinstance(drawings[key], list):
            read_keys = {owner for owner in shape_owner if owner[0] == key} - unread_shapes
            left[key] = [item for k, item in enumerate(drawings[key]) if (key, k) not in read_keys]
    return made, {key: items for key, items in left.items() if items}


def _drawings_unread(drawings: dict[str, Any]) -> list[str]:
    """How the puzzle's unread drawings are named in its warning: text labels and plain cages carry none."""
    counts = []
    for key in ("line", "circle", "rectangle"):
        items = drawings.get(key)
        if isinstance(items, list) and items:
            counts.append(plural(len(items), key))
    cages = drawings.get("cage")
    numbered = (
        [c for c in cages if isinstance(c, dict) and str(c.get("value") or "").strip() and c.get("cells")]
        if isinstance(cages, list)
        else []
    )
    if numbered:
        counts.append(plural(len(numbered), "cage") + " with a number")
    if not counts:
        return []
    return [f"{', '.join(counts)} drawn in f-puzzles' cosmetic tools (their meaning is in the rules text)"]


def _composite(n: int) -> bool:
    """Whether an n x n grid has boxes (n is not prime), as f-puzzles assumes when no region is given."""
    try:
        default_box(n)
    except GridError:
        return False
    return True


# ----------------------------------------------------------------------------------------- writer


class _Sink:
    """An f-puzzles object being written (:class:`sudokit.constraints.base.FPuzzlesSink`)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.out: dict[str, Any] = {"size": n}

    def name(self, cell: Cell) -> str:
        return f"R{cell[0] + 1}C{cell[1] + 1}"

    def add(self, key: str, entry: Any) -> None:
        items = self.out.setdefault(key, [])
        if entry not in items or isinstance(entry, dict):
            items.append(entry)

    def set(self, key: str, value: Any) -> None:
        self.out[key] = value


def puzzle_to_fpuzzles(puzzle: Puzzle) -> dict[str, Any]:
    """The f-puzzles object of a puzzle; FormatError naming what f-puzzles cannot express."""
    grid = puzzle.grid
    n = grid.size
    if grid.symbols != tuple(str(k) for k in range(1, n + 1)) and grid.symbols != tuple("123456789"[:n]):
        raise FormatError(
            f"f-puzzles writes the digits 1 to {n}; this puzzle's symbols are {' '.join(grid.symbols)}"
        )
    if not grid.is_rectangular or grid.rows != n or grid.cols != n:
        raise FormatError("f-puzzles holds one square grid, not overlapping grids or holes")
    region_of: dict[int, int] = {}
    boxes = [u for u in grid.houses if u.kind in ("box", "region")]
    default = Grid.classic(n, symbols=grid.symbols) if _composite(n) else None
    jigsaw = default is None or [u.cells for u in boxes] != [
        u.cells for u in default.houses if u.kind == "box"
    ]
    if jigsaw:
        for k, unit in enumerate(boxes):
            for c in unit.cells:
                region_of[c] = k
    sink = _Sink(n)
    extra = [u for u in grid.houses if u.kind not in ("row", "column", "box", "region")]
    if extra:
        sink.out["extraregion"] = [{"cells": [sink.name(grid.cells[c]) for c in u.cells]} for u in extra]
    left = []
    for constraint in grid.constraints:
        try:
            constraint.write_fpuzzles(sink, grid)
        except (FormatError, GridError):
            left.append(constraint.describe(grid))
    if left:
        raise FormatError(f"f-puzzles cannot hold these rules: {', '.join(left)}")
    out = sink.out
    cells = []
    for r in range(n):
        row = []
        for c in range(n):
            i = grid.index[(r, c)]
            cell: dict[str, Any] = {}
            if puzzle.givens[i] != EMPTY:
                cell["value"] = puzzle.givens[i] + 1
                cell["given"] = True
            if i in region_of:
                cell["region"] = region_of[i]
            elif jigsaw:
                cell["region"] = None
            mask = puzzle.allowed[i] if puzzle.allowed is not None else grid.full_mask
            if mask != grid.full_mask:
                cell["givenPencilMarks"] = [k + 1 for k in range(n) if mask >> k & 1]
            row.append(cell)
        cells.append(row)
    out["grid"] = cells
    for key in ("title", "author", "ruleset"):
        if key in puzzle.metadata:
            out[key] = puzzle.metadata[key]
    for key, value in _drawings(puzzle).items():
        out[key] = out[key] + value if isinstance(out.get(key), list) and isinstance(value, list) else value
    return out


def _drawings(puzzle: Puzzle) -> dict[str, Any]:
    """The drawings a puzzle keeps from f-puzzles (its ``fpuzzles-drawings`` metadata), by key."""
    text = puzzle.metadata.get(DRAWINGS)
    if not text:
        return {}
    try:
        drawings = json.loads(text)
    except json.JSONDecodeError:
        drawings = None
    if not isinstance(drawings, dict):
        raise FormatError(f'the "{DRAWINGS}" metadata must be a JSON object of f-puzzles drawing keys')
    return {key: value for key, value in drawings.items() if key in (*COSMETIC, "arrow")}


def _cell_of(name: object) -> tuple[int, int] | None:
    """An f-puzzles cell name (``R1C1``; outside the grid ``R0C1``, ``R10C1``) as 0-based (row, col)."""
    match = _CELL_NAME.match(name.strip()) if isinstance(name, str) else None
    return (int(match[1]) - 1, int(match[2]) - 1) if match else None


def _middle(cells: list[tuple[int, int]]) -> list[float]:
    """The centre of the box round some cells, in cell units from the grid's corner (row, col)."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return [(min(rows) + max(rows)) / 2 + 0.5, (min(cols) + max(cols)) / 2 + 0.5]


def _colour(value: object, default: str) -> str:
    """An f-puzzles colour (``#RRGGBB`` or ``#RRGGBBAA``), or the default for anything else."""
    text = str(value or "")
    return text if re.fullmatch(r"#[0-9A-Fa-f]{3,8}", text) else default


def cosmetic_shapes(puzzle: Puzzle) -> list[Shape]:
    """The drawing of the f-puzzles cosmetic tools a puzzle keeps: lines, shapes, text and cages.

    What the setter drew, in the drawing description the SVG renderer and the web app share.  They
    carry no rule sudokit reads (the rules text says what they mean): they are drawn so that the
    puzzle looks as its setter made it.
    """
    from sudokit.constraints import drawing

    shapes: list[Shape] = []
    kept = _drawings(puzzle)
    for item in kept.get("line") or []:
        if not isinstance(item, dict):
            continue
        width = min(0.6, max(0.02, float(item.get("width") or 0.1)))
        colour = _colour(item.get("outlineC"), "#a0a0a0")
        for path in item.get("lines") or []:
            cells = [c for c in map(_cell_of, path if isinstance(path, list) else []) if c is not None]
            if len(cells) >= 2:
                shapes.append(drawing.line("cosmetic line", drawing.centres(cells), colour, width, layer=1))
    for key in ("rectangle", "circle"):
        for item in kept.get(key) or []:
            if not isinstance(item, dict):
                continue
            cells = [c for c in map(_cell_of, item.get("cells") or []) if c is not None]
            if not cells:
                continue
            at = _middle(cells)
            width = min(3.0, max(0.05, float(item.get("width") or 0.5)))
            height = min(3.0, max(0.05, float(item.get("height") or width)))
            fill = _colour(item.get("baseC"), "none")
            stroke = _colour(item.get("outlineC"), "none")
            if key == "circle":
                shapes.append(drawing.circle("cosmetic circle", at, width / 2, fill=fill, stroke=stroke))
            else:
                shapes.append(drawing.rect("cosmetic rectangle", at, width, height, fill=fill, stroke=stroke))
            if str(item.get("value") or "").strip():
                colour = _colour(item.get("fontC"), drawing.INK)
                shapes.append(
                    drawing.text("cosmetic text", at, str(item["value"]), 0.3, color=colour, layer=3)
                )
    for item in kept.get("text") or []:
        if not isinstance(item, dict) or not str(item.get("value") or "").strip():
            continue
        cells = [c for c in map(_cell_of, item.get("cells") or []) if c is not None]
        if cells:
            size = 0.4 * min(3.0, max(0.2, float(item.get("size") or 1)))
            colour = _colour(item.get("fontC"), drawing.INK)
            shapes.append(
                drawing.text("cosmetic text", _middle(cells), str(item["value"]), size, color=colour)
            )
    for item in kept.get("cage") or []:
        if not isinstance(item, dict):
            continue
        cells = [c for c in map(_cell_of, item.get("cells") or []) if c is not None]
        if cells:
            label = str(item.get("value") or "").strip() or None
            shapes.append(
                drawing.cage("cosmetic cage", cells, label, color=_colour(item.get("outlineC"), drawing.INK))
            )
    return shapes


def format_fpuzzles_json(puzzle: Puzzle) -> str:
    """The f-puzzles JSON of a puzzle, one line."""
    return json.dumps(puzzle_to_fpuzzles(puzzle), separators=(",", ":")) + "\n"


def format_fpuzzles_link(puzzle: Puzzle) -> str:
    """An f-puzzles link that opens the puzzle."""
    import lzstring

    payload = lzstring.LZString().compressToBase64(format_fpuzzles_json(puzzle).strip())
    return LINK + payload + "\n"


SUDOKUPAD_LINK = "https://sudokupad.app/fpuzzles"
"""How written SudokuPad links start: SudokuPad loads an f-puzzles payload after this prefix."""


def format_sudokupad_link(puzzle: Puzzle) -> str:
    """A SudokuPad link that opens the puzzle: its f-puzzles payload, which SudokuPad draws itself."""
    return SUDOKUPAD_LINK + format_fpuzzles_link(puzzle).strip().removeprefix(LINK) + "\n"
