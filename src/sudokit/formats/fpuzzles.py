"""f-puzzles (www.f-puzzles.com): its puzzle JSON, and the link form that carries it compressed.

A link is ``https://www.f-puzzles.com/?load=<payload>``; the payload is the JSON compressed with
lz-string into URL-safe base64.  sudokit reads a link, a bare payload or the JSON itself, and writes
the link or the JSON, for what the model can express: the size, givens and given pencil marks,
irregular regions, both diagonals, anti-knight, anti-king, non-consecutive, disjoint groups, extra
regions, killer cages and odd/even cells.  Drawings with no rule (f-puzzles' cosmetic ``line``,
``text``, ``circle`` and ``rectangle``, a ``cage`` without a sum, an ``arrow`` that is only a
drawing: see :func:`split_drawings`) do not block solving: they are kept, as JSON, in the puzzle's
``fpuzzles-drawings`` metadata, and written back into links.  Any other constraint (thermometers,
arrows, little killers, ...) is an error that names it: nothing is dropped silently.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

from sudokit import variants
from sudokit.errors import FormatError, GridError, ParseError, PuzzleError
from sudokit.formats.lz import decompress_base64
from sudokit.model import EMPTY, Grid, Puzzle, Sum, Unit, cell_name, default_box

LINK = "https://www.f-puzzles.com/?load="
"""How written links start."""
DRAWINGS = "fpuzzles-drawings"
"""The metadata key that keeps a puzzle's drawings: the JSON object of their f-puzzles keys."""

_COSMETIC = ("line", "text", "circle", "rectangle")
"""f-puzzles' cosmetic tools: drawings that never carry a rule."""
_ARROW_RULE = re.compile(r"arrow|bulb|circle|sum|total|add", re.IGNORECASE)

_FLAGS = variants.PAIRWISE_RULES
_LINE_KEYS = {
    "thermometer": "thermometer",
    "slowthermometer": "slow thermometer",
    "palindrome": "palindrome",
    "whispers": "whispers",
    "germanwhispers": "whispers",
    "dutchwhispers": "dutch whispers",
    "renban": "renban",
    "betweenline": "between",
    "entropicline": "entropic",
    "modularline": "modular",
    "regionsumline": "region sum",
    "regionSumLine": "region sum",
    "zipperline": "zipper",
    "doublearrow": "double arrow",
    "nabner": "nabner",
}
"""f-puzzles' line keys (with the keys of Rangsk's f-puzzles constraints script) and the line each is."""
_OUTSIDE_KEYS = {"sandwichsum": variants.sandwich, "xsum": variants.x_sum, "skyscraper": variants.skyscraper}
"""f-puzzles' clues outside the grid, standing in row or column 0 or size + 1."""
_KNOWN = {
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "highlightConflicts",
    "solution",
    "diagonal+",
    "diagonal-",
    "disjointgroups",
    "killercage",
    "cage",
    "extraregion",
    "odd",
    "even",
    "thermometer",
    "palindrome",
    "difference",
    "ratio",
    "xv",
    "negative",
    "minimum",
    "maximum",
    "littlekillersum",
    "arrow",
    "clone",
    "quadruple",
    *_LINE_KEYS,
    *_OUTSIDE_KEYS,
    *_FLAGS,
}
_CELL_KEYS = {
    "value",
    "given",
    "region",
    "c",
    "cornerPencilMarks",
    "centerPencilMarks",
    "givenPencilMarks",
    "highlight",
}
_PAYLOAD = re.compile(r"^[A-Za-z0-9+/=_-]{16,}$")
_CELL_NAME = re.compile(r"^R(\d+)C(\d+)$", re.IGNORECASE)


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


def _cell(name: Any, n: int) -> tuple[int, int]:
    match = _CELL_NAME.match(name) if isinstance(name, str) else None
    if match is None or not (1 <= int(match[1]) <= n and 1 <= int(match[2]) <= n):
        raise ParseError(f"f-puzzles: {json.dumps(name)} is not a cell of the {n}x{n} grid")
    return int(match[1]) - 1, int(match[2]) - 1


def _outside(name: Any, n: int, key: str) -> tuple[str, int]:
    """Where a clue outside the grid stands: (side, 0-based column or row), from its cell name."""
    match = _CELL_NAME.match(name) if isinstance(name, str) else None
    r, c = (int(match[1]), int(match[2])) if match else (-1, -1)
    if r in (0, n + 1) and 1 <= c <= n:
        return ("top" if r == 0 else "bottom"), c - 1
    if c in (0, n + 1) and 1 <= r <= n:
        return ("left" if c == 0 else "right"), r - 1
    raise ParseError(f"f-puzzles: a {key} clue stands at {json.dumps(name)}, not beside the {n}x{n} grid")


def _cells(item: dict[str, Any], n: int) -> list[tuple[int, int]]:
    """The cells an item names in its "cells" list."""
    names = item.get("cells", [])
    if not isinstance(names, list):
        raise ParseError(f'f-puzzles: "cells" must be a list of cell names, not {json.dumps(names)}')
    return [_cell(name, n) for name in names]


def _items(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ParseError(f'f-puzzles: "{key}" must be a list of objects')
    return value


def split_drawings(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The puzzle object without its drawings, and the drawings: the entries that carry no rule.

    Drawings are the cosmetic tools (``line``, ``text``, ``circle``, ``rectangle``), ``cage`` entries
    with no numeric sum (f-puzzles' cosmetic cage; a numeric one is read as a killer cage), and
    ``arrow`` entries that are only drawings.  f-puzzles itself always treats an arrow as an
    arrow-sum constraint, so an arrow counts as a drawing only when it cannot be one: it has no
    cell beyond its bulb, or the puzzle has rules text that speaks of no arrow, bulb, circle or sum
    (the setter wrote out the rules and used the arrow to point).  Any other arrow is a constraint.
    """
    rules = dict(data)
    drawings: dict[str, Any] = {}
    for key in _COSMETIC:
        if key in rules and rules[key] not in (False, None, []):
            drawings[key] = rules.pop(key)
    ruleset = data.get("ruleset") if isinstance(data.get("ruleset"), str) else ""
    for key, is_drawing in (("cage", _cosmetic_cage), ("arrow", lambda item: _arrow_drawing(item, ruleset))):
        items = rules.get(key)
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            continue  # malformed: left for the reader to refuse
        drawn = [item for item in items if is_drawing(item)]
        if drawn:
            drawings[key] = drawn
            rules[key] = [item for item in items if not is_drawing(item)]
    return rules, drawings


def _cosmetic_cage(item: dict[str, Any]) -> bool:
    value = item.get("value")
    text = str(value).strip() if value is not None else ""
    return not re.fullmatch(r"-?[0-9]+", text)


def _arrow_drawing(item: dict[str, Any], ruleset: str | None) -> bool:
    bulb = item.get("cells")
    lines = item.get("lines")
    path = {
        cell
        for line in (lines if isinstance(lines, list) else [])
        if isinstance(line, list)
        for cell in line
        if isinstance(cell, str)
    }
    if not path - set(bulb if isinstance(bulb, list) else []):
        return True
    return bool(ruleset and ruleset.strip()) and _ARROW_RULE.search(ruleset or "") is None


def puzzle_from_fpuzzles(data: dict[str, Any]) -> Puzzle:
    """Build a puzzle from a decoded f-puzzles object; ParseError naming anything unsupported.

    Drawings (see :func:`split_drawings`) are kept in the ``fpuzzles-drawings`` metadata, not solved.
    """
    data, drawings = split_drawings(data)
    unsupported = sorted(
        key for key, value in data.items() if key not in _KNOWN and value not in (False, None, [])
    )
    if unsupported:
        raise ParseError(f"f-puzzles: sudokit cannot solve these constraints yet: {', '.join(unsupported)}")
    n = data.get("size")
    grid_data = data.get("grid")
    if not isinstance(n, int) or not 1 <= n <= 64:
        raise ParseError('f-puzzles: "size" must be a whole number from 1 to 64')
    if (
        not isinstance(grid_data, list)
        or len(grid_data) != n
        or any(not isinstance(row, list) or len(row) != n for row in grid_data)
    ):
        raise ParseError(f'f-puzzles: "grid" must be {n} rows of {n} cells')
    symbols = tuple(str(k) for k in range(1, n + 1))
    regions = [[cell.get("region") if isinstance(cell, dict) else None for cell in row] for row in grid_data]
    if any(not isinstance(label, int | str | None) for row in regions for label in row):
        raise ParseError('f-puzzles: a cell\'s "region" must be a number')
    if any(label is not None for row in regions for label in row):
        rows, cols = default_box(n) if _composite(n) else (1, n)
        labels = [
            [
                regions[r][c] if regions[r][c] is not None else (r // rows) * (n // cols) + c // cols
                for c in range(n)
            ]
            for r in range(n)
        ]
        grid = Grid.jigsaw(labels, symbols)
    elif _composite(n):
        grid = Grid.classic(n, symbols=symbols)
    else:
        grid = Grid.latin(n, symbols)
    if data.get("diagonal-"):
        grid = variants.diagonals(grid, "main")
    if data.get("diagonal+"):
        grid = variants.diagonals(grid, "anti")
    if data.get("disjointgroups"):
        grid = variants.disjoint_groups(grid)
    for name, build in _FLAGS.items():
        if data.get(name):
            grid = build(grid)
    extra = [_cells(item, n) for item in _items(data, "extraregion")]
    if extra:
        grid = variants.with_units(grid, extra, "extra region")
    cages = []
    for key in ("killercage", "cage"):
        for item in _items(data, key):
            value = item.get("value")
            text = str(value).strip() if value is not None else ""
            if text and not re.fullmatch(r"-?[0-9]{1,9}", text):  # not "--5", "²", 5,000 digits (int() fails)
                raise ParseError(f"f-puzzles: a {key} has the value {json.dumps(value)}, not a sum")
            cages.append((_cells(item, n), int(text) if text else None))
    if cages:
        grid = variants.killer(grid, cages)
    grid = _links(data, grid, n)
    givens = [EMPTY] * len(grid.cells)
    allowed = [grid.full_mask] * len(grid.cells)
    for r, row in enumerate(grid_data):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise ParseError(f"f-puzzles: cell {cell_name((r, c))} must be an object")
            index = grid.index[(r, c)]
            value = cell.get("value")
            if cell.get("given") and value is not None:
                if not isinstance(value, int) or not 1 <= value <= n:
                    raise ParseError(
                        f"f-puzzles: {cell_name((r, c))} is given {json.dumps(value)}, not 1 to {n}"
                    )
                givens[index] = value - 1
            marks = cell.get("givenPencilMarks")
            if marks and not isinstance(marks, list):
                raise ParseError(f'f-puzzles: the "givenPencilMarks" of {cell_name((r, c))} must be a list')
            if marks:
                allowed[index] = sum(1 << (m - 1) for m in marks if isinstance(m, int) and 1 <= m <= n)
    odd = sum(1 << (v - 1) for v in range(1, n + 1, 2))
    for key, mask in (("odd", odd), ("even", grid.full_mask & ~odd)):
        for item in _items(data, key):
            r, c = _cell(item.get("cell"), n)
            allowed[grid.index[(r, c)]] &= mask
    metadata = {key: data[key] for key in ("title", "author", "ruleset") if isinstance(data.get(key), str)}
    if drawings:
        metadata[DRAWINGS] = json.dumps(drawings, separators=(",", ":"), ensure_ascii=False)
    restricted = None if all(m == grid.full_mask for m in allowed) else tuple(allowed)
    return Puzzle(grid, tuple(givens), restricted, metadata)


def _lines(item: dict[str, Any], n: int) -> list[list[tuple[int, int]]]:
    lines = item.get("lines")
    if not isinstance(lines, list) or not all(isinstance(line, list) for line in lines):
        raise ParseError('f-puzzles: a line constraint needs "lines", lists of cells')
    return [[_cell(name, n) for name in line] for line in lines]


def _dot_value(item: dict[str, Any], key: str, default: int) -> int:
    value = item.get("value", default)
    if key == "xv":
        text = str(value).strip().upper()
        if text not in ("X", "V"):
            raise ParseError(f'f-puzzles: an xv sign is "X" or "V", not {json.dumps(value)}')
        return 10 if text == "X" else 5
    text = str(value).strip()
    if not re.fullmatch(r"[0-9]{1,4}", text) or int(text) < 1:
        raise ParseError(f"f-puzzles: a {key} clue has the value {json.dumps(value)}, not a whole number")
    return int(text)


_DOTS = {"difference": ("difference", 1, "kropki"), "ratio": ("ratio", 2, "kropki"), "xv": ("sum", 0, "xv")}
"""f-puzzles' dot keys: the link rule, the default value, the kind."""


def _links(data: dict[str, Any], grid: Grid, n: int) -> Grid:
    """Thermometers, palindromes, kropki and XV dots (with their negatives), minimum and maximum cells."""
    for key, kind in _LINE_KEYS.items():
        for item in _items(data, key):
            for line in _lines(item, n):
                if kind == "whispers" and item.get("value") not in (None, ""):
                    grid = variants.whispers(grid, line, _dot_value(item, key, 5))
                else:
                    grid = variants.LINES[kind](grid, line)
    for key, build in _OUTSIDE_KEYS.items():
        for item in _items(data, key):
            text = str(item.get("value") if item.get("value") is not None else "").strip()
            if not text:
                continue  # a clue drawn without its number
            if not re.fullmatch(r"[0-9]{1,4}", text):
                raise ParseError(f"f-puzzles: a {key} clue has the value {json.dumps(item.get('value'))}")
            side, index = _outside(item.get("cell"), n, key)
            grid = build(grid, side, index, int(text))
    for item in _items(data, "clone"):
        grid = variants.clone(grid, _cells(item, n), _cells({"cells": item.get("cloneCells", [])}, n))
    for item in _items(data, "quadruple"):
        cells = _cells(item, n)
        digits = item.get("values")
        if (
            not cells
            or not isinstance(digits, list)
            or not all(isinstance(d, int) and 1 <= d <= n for d in digits)
        ):
            raise ParseError(
                f"f-puzzles: a quadruple needs its cells and digits 1 to {n}, not {json.dumps(digits)}"
            )
        grid = variants.with_line_rule(grid, "quadruple", cells, digits)
    marked: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for key, (rule, default, kind) in _DOTS.items():
        for item in _items(data, key):
            pair = _cells(item, n)
            if len(pair) != 2:
                raise ParseError(f"f-puzzles: each {key} clue joins two cells, not {len(pair)}")
            grid = variants.with_links(
                grid, [(pair[0], pair[1])], rule, _dot_value(item, key, default), kind=kind
            )
            marked.append((pair[0], pair[1]))
    negative = data.get("negative") or []
    if not isinstance(negative, list) or any(name not in _DOTS for name in negative):
        raise ParseError(
            f'f-puzzles: "negative" lists dot kinds ({", ".join(_DOTS)}), not {json.dumps(negative)}'
        )
    for name in negative:  # every dot of any kind counts as a clue for every negative
        rule, default, kind = _DOTS[name]
        values = (10, 5) if name == "xv" else (default,)
        grid = variants.negative_dots(grid, marked, [(rule, value) for value in values], kind)
    sums = []
    for item in _items(data, "littlekillersum"):
        text = str(item.get("value") if item.get("value") is not None else "").strip()
        if not text:
            continue  # a little killer arrow drawn without its total
        if not re.fullmatch(r"[0-9]{1,4}", text):
            raise ParseError(f"f-puzzles: a little killer clue has the value {json.dumps(item.get('value'))}")
        cells = _cells(item, n)
        if not cells:
            raise ParseError("f-puzzles: a little killer clue names no cells")
        sums.append(Sum(tuple(grid.index[cell] for cell in cells), int(text), kind="little killer"))
    for item in _items(data, "arrow"):
        circle = _cells(item, n)
        if not circle:
            raise ParseError("f-puzzles: an arrow needs its circle's cells")
        for line in _lines(item, n):
            shaft = [cell for cell in line if cell not in circle]
            if shaft:
                grid = variants.arrow(grid, circle, shaft)
    if sums:
        grid = replace(grid, sums=grid.sums + tuple(sums), _memo={})
    for key in ("minimum", "maximum"):
        for item in _items(data, key):
            r, c = _cell(item.get("cell"), n)
            around = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            pairs = [
                ((r, c), other) if key == "minimum" else (other, (r, c))
                for other in around
                if other in grid.index
            ]
            grid = variants.with_links(grid, pairs, "less", kind=key)
    return grid


def _composite(n: int) -> bool:
    """Whether an n x n grid has boxes (n is not prime), as f-puzzles assumes when no region is given."""
    try:
        default_box(n)
    except GridError:
        return False
    return True


# ----------------------------------------------------------------------------------------- writer


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
    index = grid.index
    region_of: dict[int, int] = {}
    base_units = {"row", "column"}
    boxes = [u for u in grid.units if u.kind in ("box", "region")]
    default = Grid.classic(n, symbols=grid.symbols) if _composite(n) else None
    jigsaw = default is None or [u.cells for u in boxes] != [
        u.cells for u in default.units if u.kind == "box"
    ]
    if jigsaw:
        for k, unit in enumerate(boxes):
            for c in unit.cells:
                region_of[c] = k
    out: dict[str, Any] = {"size": n}
    names = {u.name for u in grid.units}
    extra_units: list[Unit] = []
    for unit in grid.units:
        if unit.kind in base_units or unit.kind in ("box", "region"):
            continue
        if unit.name == "main diagonal":
            out["diagonal-"] = True
        elif unit.name == "anti-diagonal":
            out["diagonal+"] = True
        elif not unit.name.startswith("disjoint group"):
            extra_units.append(unit)
    if any(name.startswith("disjoint group") for name in names):
        out["disjointgroups"] = True
    named, left = variants.named_relations(grid)
    for name in named:
        out[name] = True
    left = [relation for relation in left if relation.kind != "nabner"]  # written as lines
    if left:
        kinds = sorted({relation.kind for relation in left})
        raise FormatError(f"f-puzzles cannot hold these pairwise relations: {', '.join(kinds)}")
    if extra_units:
        out["extraregion"] = [{"cells": [_name(grid, c) for c in u.cells]} for u in extra_units]
    if grid.cages:
        out["killercage"] = [
            {"cells": [_name(grid, c) for c in cage.cells]}
            | ({"value": str(cage.total)} if cage.total is not None else {})
            for cage in grid.cages
        ]
    out.update(_links_out(grid))
    odd = sum(1 << (v - 1) for v in range(1, n + 1, 2))
    even = grid.full_mask & ~odd
    cells = []
    for r in range(n):
        row = []
        for c in range(n):
            i = index[(r, c)]
            cell: dict[str, Any] = {}
            if puzzle.givens[i] != EMPTY:
                cell["value"] = puzzle.givens[i] + 1
                cell["given"] = True
            if i in region_of:
                cell["region"] = region_of[i]
            mask = puzzle.allowed[i] if puzzle.allowed is not None else grid.full_mask
            if mask == odd and mask != grid.full_mask:
                out.setdefault("odd", []).append({"cell": _name(grid, i)})
            elif mask == even:
                out.setdefault("even", []).append({"cell": _name(grid, i)})
            elif mask != grid.full_mask:
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


_LINE_OUT = {kind: key for key, kind in _LINE_KEYS.items() if key not in ("germanwhispers", "regionSumLine")}
_OUTSIDE_OUT = {"sandwich": "sandwichsum", "x-sum": "xsum", "skyscraper": "skyscraper"}


def _links_out(grid: Grid) -> dict[str, Any]:
    """The f-puzzles keys of a grid's links, sums and line rules: lines, dots, negatives, outside clues.

    What f-puzzles has no key for (a custom link, a sum cage whose digits repeat) is a FormatError
    naming it.
    """
    out: dict[str, Any] = {}
    n = grid.size
    for line in variants.drawn_lines(grid):
        names = [_name(grid, c) for c in line.cells]
        if line.kind == "clone":
            half = len(names) // 2
            out.setdefault("clone", []).append({"cells": names[:half], "cloneCells": names[half:]})
            continue
        key = _LINE_OUT[variants.style_of(grid, line)]
        entry: dict[str, Any] = {"lines": [names]}
        if line.kind == "whispers" and line.value not in (variants.german_gap(n), variants.dutch_gap(n)):
            entry["value"] = str(line.value)
        out.setdefault(key, []).append(entry)
    negative: set[str] = set()
    left = []
    for link in grid.links:
        if link.kind in variants.DRAWN_LINK_KINDS:
            continue
        cells = {"cells": [_name(grid, c) for c in link.cells]}
        if link.kind in ("kropki", "xv") and link.negated:
            negative.add({"difference": "difference", "ratio": "ratio", "sum": "xv"}[link.rule])
        elif link.kind == "kropki" and link.rule in ("difference", "ratio"):
            default = 1 if link.rule == "difference" else 2
            out.setdefault(link.rule, []).append(
                cells | ({"value": str(link.value)} if link.value != default else {})
            )
        elif link.kind == "xv" and link.rule == "sum" and link.value in (5, 10):
            out.setdefault("xv", []).append(cells | {"value": "X" if link.value == 10 else "V"})
        elif link.kind in ("minimum", "maximum") and link.rule == "less":
            centre = link.cells[0] if link.kind == "minimum" else link.cells[1]
            entry = {"cell": _name(grid, centre)}
            if entry not in out.setdefault(link.kind, []):
                out[link.kind].append(entry)
        else:
            left.append(f"{link.kind} link")
    for total in grid.sums:
        if total.kind in variants.DRAWN_SUM_KINDS and total.line:
            continue
        if total.kind == "little killer" and all(f == 1 for f in total.factors):
            out.setdefault("littlekillersum", []).append(_little_killer(grid, total))
        elif total.kind == "arrow" and total.total == 0 and total.factors[0] < 0:
            pairs = list(zip(total.cells, total.factors, strict=True))
            names = [_name(grid, c) for c, f in pairs if f < 0]
            shaft = names[-1:] + [_name(grid, c) for c, f in pairs if f > 0]
            out.setdefault("arrow", []).append({"cells": names, "lines": [shaft]})
        else:
            left.append(f"{total.kind} sum")
    for rule in grid.line_rules:
        if rule.kind in _OUTSIDE_OUT:
            (r, c), _ = variants.clue_cell(grid, rule.cells, (1, 0))
            entry = {"cell": f"R{r + 1}C{c + 1}", "value": str(rule.clue[0])}
            out.setdefault(_OUTSIDE_OUT[rule.kind], []).append(entry)
        elif rule.kind == "quadruple":
            out.setdefault("quadruple", []).append(
                {"cells": [_name(grid, c) for c in rule.cells], "values": list(rule.clue)}
            )
        elif rule.kind not in variants.LINE_RULE_LINES:
            left.append(f"{rule.kind} rule")
    if left:
        raise FormatError(f"f-puzzles cannot hold these rules: {', '.join(sorted(set(left)))}")
    if negative:
        out["negative"] = sorted(negative)
    return out


def _little_killer(grid: Grid, total: Sum) -> dict[str, Any]:
    """A little killer clue: its cells, the direction they run in, the clue's cell outside the grid."""
    (r, c), (dr, dc) = variants.clue_cell(grid, total.cells)
    direction = ("D" if dr > 0 else "U") + ("R" if dc > 0 else "L")
    return {
        "cell": f"R{r + 1}C{c + 1}",
        "cells": [_name(grid, c) for c in total.cells],
        "direction": direction,
        "value": str(total.total),
    }


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
    allowed = {*_COSMETIC, "cage", "arrow"}
    return {key: value for key, value in drawings.items() if key in allowed}


def _name(grid: Grid, cell: int) -> str:
    r, c = grid.cells[cell]
    return f"R{r + 1}C{c + 1}"


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
