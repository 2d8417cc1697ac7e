"""sudokit's own JSON form, which can express every feature of the model.

Version 3, documented in the README (version 2 kept the constraints in the core's forms, and is read
as the constraints those stand for; version 1 is version 2 without its last seven keys)::

    {"format": "sudokit", "version": 3,
     "size": 9,                          # number of symbols (default: len(symbols) or rows)
     "symbols": "123456789",             # a string of one-character symbols or a list (default alphabet)
     "rows": 9, "cols": 9,               # the frame (default: size x size)
     "box": [3, 3],                      # classic boxes ...
     "regions": ["AAABBBCCC", ...],      # ... or irregular regions as a label grid (not both)
     "connected_regions": false,         # regions may be in several pieces (default true)
     "shape": ["###...", ...],           # cells ('#') and holes ('.'), for non-rectangular layouts
     "rows_and_columns": true,           # every row and column of cells is a unit (default true)
     "units": [{"name": "diagonal", "cells": ["r1c1", "r2c2", ...]}],   # extra all-different houses
     "givens": ["53..7....", ...],       # rows; or lists of symbols with null for empty
     "candidates": {"r1c3": "124"},      # cells limited to some symbols
     "grids": {"size": 9, "box": [3, 3], "corners": [[0, 0], [6, 6]]},   # overlapping grids (samurai);
                                         # without "corners", found from the "shape"
     "constraints": [{"kind": "thermometer", "line": ["r1c1", "r1c2"]},  # every constraint, by kind
                     {"kind": "antiknight"}, "nonconsecutive"],          # (a whole-grid rule by name)
     "metadata": {"title": "..."},
     "unread": ["..."],                  # what the source held that was not read as rules
     "certain": false}                   # something unread may change a rule read (default true)

A constraint object has its kind's fields (:mod:`sudokit.constraints`; cells by name).  A document may
also be a list of such objects.  Unknown keys are an error, so nothing is dropped silently.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from sudokit import automata, constraints, variants
from sudokit.constraints.base import Constraint, find_kind
from sudokit.constraints.cages.killer import Killer
from sudokit.constraints.generic.primitives import CustomLink, CustomRelation, CustomSum
from sudokit.constraints.outside.little_killer import LittleKiller
from sudokit.errors import GridError, ParseError, PuzzleError
from sudokit.formats.limits import MAX_FRAME, MAX_SIZE
from sudokit.model import (
    BLANKS,
    EMPTY,
    LINK_RULES,
    Cell,
    Grid,
    Puzzle,
    Unit,
    cell_name,
    default_symbols,
    parse_cell_name,
)

VERSION = 3
_GRID_UNIT = re.compile(r"grid (\d+) (row|column) (\d+)")
_JSON_START = re.compile(r"^\ufeff?\s*(\{|\[\s*[{\]])")
_KEYS = {
    "format",
    "version",
    "size",
    "symbols",
    "rows",
    "cols",
    "box",
    "regions",
    "shape",
    "rows_and_columns",
    "units",
    "givens",
    "candidates",
    "metadata",
    "grids",
    "connected_regions",
    "constraints",
    "relations",
    "cages",
    "links",
    "sums",
    "rules",
    "unread",
    "certain",
}


def looks_like_json(text: str) -> bool:
    """True when the text starts with a JSON object or a list of them (not a ``[Puzzle]`` section)."""
    return _JSON_START.match(text) is not None


def parse_json(text: str) -> list[Puzzle]:
    """Every puzzle in a sudokit JSON document (one object or a list of objects)."""
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise ParseError(f"invalid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    except RecursionError:
        raise ParseError("the JSON is nested too deeply to be a puzzle") from None
    except ValueError:  # a number of thousands of digits, which int() refuses
        raise ParseError("the JSON holds a number too long to be part of a puzzle") from None
    items = data if isinstance(data, list) else [data]
    if not items:
        raise ParseError("the JSON list holds no puzzle")
    puzzles = []
    for k, item in enumerate(items):
        where = f"puzzle {k + 1}: " if isinstance(data, list) else ""
        try:
            puzzles.append(puzzle_from_dict(item))
        except (GridError, PuzzleError, _Bad) as exc:
            raise ParseError(where + str(exc)) from None
    return puzzles


class _Bad(ValueError):
    """A field of the JSON object that does not fit the schema."""


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int | None:
    value = data.get(key, default)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
        raise _Bad(f'"{key}" must be a positive integer, not {json.dumps(value)}')
    return value


def _cell(name: Any, key: str) -> Cell:
    if not isinstance(name, str):
        raise _Bad(f'"{key}": cells are written like "r1c1", not {json.dumps(name)}')
    try:
        return parse_cell_name(name)
    except (GridError, ValueError):  # ValueError: digits int() does not take, as in "r²c1"
        raise _Bad(f'"{key}": {json.dumps(name)} is not a cell name like "r1c1"') from None


def _symbols(data: dict[str, Any]) -> tuple[str, ...]:
    value = data.get("symbols")
    size = _int(data, "size")
    if value is None:
        n = size or _int(data, "rows") or _int(data, "cols")
        if n is None:
            raise _Bad('give "size" or "symbols"')
        if n > MAX_SIZE:
            raise _Bad(f"a puzzle has at most {MAX_SIZE} symbols, not {n}")
        return default_symbols(n)
    if isinstance(value, str) or (isinstance(value, list) and all(isinstance(s, str) for s in value)):
        symbols = tuple(value)
    else:
        raise _Bad('"symbols" must be a string or a list of strings')
    if size is not None and size != len(symbols):
        raise _Bad(f'"size" is {size} but "symbols" has {len(symbols)}')
    if len(symbols) > MAX_SIZE:
        raise _Bad(f"a puzzle has at most {MAX_SIZE} symbols, not {len(symbols)}")
    return symbols


def _row_units(rows: int, cols: int, cells: Sequence[Cell]) -> list[Unit]:
    index = {cell: i for i, cell in enumerate(cells)}
    units = []
    for r in range(rows):
        members = tuple(index[(r, c)] for c in range(cols) if (r, c) in index)
        if members:
            units.append(Unit(f"row {r + 1}", members, "row"))
    for c in range(cols):
        members = tuple(index[(r, c)] for r in range(rows) if (r, c) in index)
        if members:
            units.append(Unit(f"column {c + 1}", members, "column"))
    return units


def _base_grid(data: dict[str, Any], symbols: tuple[str, ...]) -> Grid:
    n = len(symbols)
    rows = _int(data, "rows") or n  # absent or null: the size
    cols = _int(data, "cols") or n
    if rows > MAX_FRAME or cols > MAX_FRAME:
        raise _Bad(f"a frame has at most {MAX_FRAME} rows and columns, not {rows}x{cols}")
    if "grids" in data:
        grids = data["grids"]
        if isinstance(grids, dict) and "corners" not in grids and "shape" in data:
            return _multi_grid(grids | {"corners": _corners_of_shape(data, grids)}, symbols)
        if {"box", "regions", "shape", "rows", "cols"} & set(data):
            raise _Bad('"grids" makes the frame: give no "box", "regions", "shape", "rows" or "cols"')
        return _multi_grid(grids, symbols)
    rows_and_columns = data.get("rows_and_columns", True)
    if not isinstance(rows_and_columns, bool):
        raise _Bad('"rows_and_columns" must be true or false')
    if "box" in data or "regions" in data:
        if "box" in data and "regions" in data:
            raise _Bad('give "box" or "regions", not both')
        if rows != n or cols != n or "shape" in data or not rows_and_columns:
            raise _Bad('"box" and "regions" need a full size x size grid with its rows and columns')
        if "box" in data:
            box = data["box"]
            if not (isinstance(box, list) and len(box) == 2 and all(isinstance(k, int) for k in box)):
                raise _Bad('"box" must be [rows, columns]')
            return Grid.classic(n, (box[0], box[1]), symbols)
        regions = data["regions"]
        if not isinstance(regions, list) or not all(
            isinstance(r, str) or (isinstance(r, list) and all(isinstance(x, str | int) for x in r))
            for r in regions
        ):
            raise _Bad('"regions" must be a list of rows (strings or lists of labels)')
        connected = data.get("connected_regions", True)
        if not isinstance(connected, bool):
            raise _Bad('"connected_regions" must be true or false')
        return Grid.jigsaw(regions, symbols, connected=connected)
    if "shape" in data:
        shape = data["shape"]
        if not (isinstance(shape, list) and all(isinstance(r, str) for r in shape)) or len(shape) != rows:
            raise _Bad(f'"shape" must be {rows} strings of "#" (cell) and "." (no cell)')
        cells: list[Cell] = []
        for r, line in enumerate(shape):
            if len(line) != cols or set(line) - {"#", "."}:
                raise _Bad(f'"shape" row {r + 1} must be {cols} characters of "#" and "."')
            cells += [(r, c) for c, ch in enumerate(line) if ch == "#"]
    else:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
    units = _row_units(rows, cols, cells) if rows_and_columns else []
    return Grid(symbols, tuple(cells), tuple(units), rows, cols)


def _corners_of_shape(data: dict[str, Any], grids: dict[str, Any]) -> list[list[int]]:
    """The corners of the grids that make up a "shape" (``"grids": {"size": 9}`` without corners)."""
    shape = data["shape"]
    if not (isinstance(shape, list) and all(isinstance(r, str) and not set(r) - {"#", "."} for r in shape)):
        raise _Bad('"shape" must be strings of "#" (cell) and "." (no cell)')
    if len(shape) > MAX_FRAME or any(len(r) > MAX_FRAME for r in shape):
        raise _Bad(f"a frame has at most {MAX_FRAME} rows and columns")
    size, box = grids.get("size", 9), grids.get("box")
    if not isinstance(size, int) or isinstance(size, bool) or not 2 <= size <= MAX_SIZE:
        raise _Bad(f'"grids": "size" must be from 2 to {MAX_SIZE}')
    if box is not None and not (
        isinstance(box, list) and len(box) == 2 and all(isinstance(k, int) for k in box)
    ):
        raise _Bad('"grids": "box" must be [rows, columns]')
    cells = [(r, c) for r, line in enumerate(shape) for c, ch in enumerate(line) if ch == "#"]
    try:
        return [
            list(corner) for corner in variants.corners_from_shape(cells, size, tuple(box) if box else None)
        ]
    except GridError as exc:
        raise _Bad(f'"shape": {exc}') from None


def _multi_grid(value: Any, symbols: tuple[str, ...]) -> Grid:
    if not isinstance(value, dict) or set(value) - {"size", "box", "corners"} or "corners" not in value:
        raise _Bad('"grids" must be {"size": n, "box": [rows, cols], "corners": [[row, col], ...]}')
    size = value.get("size", len(symbols))
    box = value.get("box")
    corners = value["corners"]
    ok_box = box is None or (isinstance(box, list) and len(box) == 2 and all(isinstance(k, int) for k in box))
    ok_corners = isinstance(corners, list) and all(
        isinstance(c, list) and len(c) == 2 and all(isinstance(k, int) for k in c) for c in corners
    )
    if not isinstance(size, int) or not ok_box or not ok_corners:
        raise _Bad('"grids" must be {"size": n, "box": [rows, cols], "corners": [[row, col], ...]}')
    if isinstance(size, bool) or not 2 <= size <= MAX_SIZE:  # 1x1 grids share rows, columns and boxes
        raise _Bad(f'"grids": "size" must be from 2 to {MAX_SIZE}, not {json.dumps(size)}')
    if box is not None and (min(box) < 1 or box[0] * box[1] != size):
        raise _Bad(f'"grids": {box[0]}x{box[1]} boxes do not tile a {size}x{size} grid')
    if any(max(c) > MAX_FRAME - size for c in corners) or len(corners) * size * size > MAX_FRAME**2:
        raise _Bad(f'"grids" must fit a {MAX_FRAME}x{MAX_FRAME} frame, with {MAX_FRAME**2:,} cells at most')
    return variants.multi_grid([(r, c) for r, c in corners], size, tuple(box) if box else None, symbols)


def _cells_of(value: Any, grid: Grid, where: str) -> list[int]:
    if not isinstance(value, list):
        raise _Bad(f'{where}: "cells" must be a list of cell names')
    members = []
    for cell_text in value:
        cell = _cell(cell_text, where)
        if cell not in grid.index:
            raise _Bad(f"{where}: {cell_text} is not a cell of the grid")
        members.append(grid.index[cell])
    return members


def _objects(data: dict[str, Any], key: str, keys: set[str], shape: str) -> list[tuple[str, dict[str, Any]]]:
    """The items of a list-of-objects key, each with its place for messages; _Bad when malformed."""
    value = data.get(key, [])
    if not isinstance(value, list):
        raise _Bad(f'"{key}" must be a list of {shape}')
    items = []
    for k, item in enumerate(value, 1):
        where = f'"{key}" item {k}'
        if not isinstance(item, dict) or set(item) - keys:
            raise _Bad(f"{where} must be {shape}")
        items.append((where, item))
    return items


def _with_rules(data: dict[str, Any], grid: Grid) -> Grid:
    """The grid with the object's constraints.

    They are ``constraints`` (version 3: constraint objects; names of whole-grid rules as in version
    2), and version 2's ``relations``, ``cages``, ``links``, ``sums`` and ``rules``, each read as the
    constraint it stands for.
    """
    made: list[Constraint] = []
    entries = data.get("constraints", [])
    if not isinstance(entries, list):
        raise _Bad('"constraints" must be a list of constraint objects or rule names')
    for k, entry in enumerate(entries, 1):
        try:
            if isinstance(entry, str):
                kind = find_kind(entry)
                made.append(kind())
            elif isinstance(entry, dict):
                made.append(constraints.from_json(entry))
            else:
                raise _Bad(f'"constraints" item {k} must be a constraint object or a rule name')
        except (GridError, TypeError) as exc:
            raise _Bad(f'"constraints" item {k}: {exc}') from None
    made += _legacy(data, grid)
    return grid.with_constraints(*made) if made else grid


def _legacy(data: dict[str, Any], grid: Grid) -> list[Constraint]:
    """Version 2's core-level keys, each item read as the constraint it stands for."""
    made: list[Constraint] = []
    for where, item in _objects(
        data, "relations", {"cells", "distances", "kind"}, '{"cells": [a, b], "distances": [...]}'
    ):
        cells = _cells_of(item.get("cells"), grid, where)
        distances = item.get("distances", [0])
        kind = item.get("kind", "custom")
        if len(cells) != 2 or not isinstance(distances, list) or not isinstance(kind, str):
            raise _Bad(f"{where} must name two cells and a list of distances")
        if not all(isinstance(d, int) and not isinstance(d, bool) for d in distances):
            raise _Bad(f"{where}: distances must be whole numbers")
        made.append(CustomRelation(grid.cells[cells[0]], grid.cells[cells[1]], tuple(distances), kind))
    for where, item in _objects(data, "cages", {"cells", "sum"}, '{"cells": [...], "sum": n}'):
        total = item.get("sum")
        if total is not None and (not isinstance(total, int) or isinstance(total, bool)):
            raise _Bad(f'{where}: "sum" must be a whole number')
        made.append(Killer(tuple(grid.cells[c] for c in _cells_of(item.get("cells"), grid, where)), total))
    for where, item in _objects(
        data,
        "links",
        {"cells", "rule", "value", "negated", "kind", "line"},
        '{"cells": [a, b], "rule": "less"}',
    ):
        cells = _cells_of(item.get("cells"), grid, where)
        rule, value = item.get("rule"), item.get("value", 0)
        negated, kind = item.get("negated", False), item.get("kind", "custom")
        if len(cells) != 2 or rule not in LINK_RULES:
            raise _Bad(f'{where} must name two cells and a "rule" ({", ".join(LINK_RULES)})')
        if not isinstance(value, int) or isinstance(value, bool) or not isinstance(negated, bool):
            raise _Bad(f'{where}: "value" must be a whole number and "negated" true or false')
        if not isinstance(kind, str):
            raise _Bad(f'{where}: "kind" must be text')
        made.append(CustomLink(grid.cells[cells[0]], grid.cells[cells[1]], rule, value, negated, kind))
    for where, item in _objects(
        data, "sums", {"cells", "total", "coefficients", "kind", "line"}, '{"cells": [...], "total": n}'
    ):
        total, factors, kind = item.get("total"), item.get("coefficients", []), item.get("kind", "custom")
        if not isinstance(total, int) or isinstance(total, bool):
            raise _Bad(f'{where}: "total" must be a whole number')
        if not isinstance(factors, list) or not all(
            isinstance(f, int) and not isinstance(f, bool) for f in factors
        ):
            raise _Bad(f'{where}: "coefficients" must be whole numbers')
        if not isinstance(kind, str):
            raise _Bad(f'{where}: "kind" must be text')
        summed = tuple(grid.cells[c] for c in _cells_of(item.get("cells"), grid, where))
        if kind == "little killer" and all(f == 1 for f in factors):
            made.append(LittleKiller(summed, total))
        else:
            made.append(CustomSum(summed, total, tuple(factors), kind))
    for where, item in _objects(
        data, "rules", {"kind", "cells", "clue"}, '{"kind": "renban", "cells": [...]}'
    ):
        kind, clue = item.get("kind"), item.get("clue", [])
        if kind not in automata.KINDS:
            raise _Bad(f'{where}: "kind" must be one of {", ".join(automata.KINDS)}')
        if not isinstance(clue, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in clue
        ):
            raise _Bad(f'{where}: "clue" must be a list of whole numbers')
        read = [grid.cells[c] for c in _cells_of(item.get("cells"), grid, where)]
        made += variants.with_line_rule(grid.without_constraints(), kind, read, clue).constraints
    return made


def _extra_units(data: dict[str, Any], grid: Grid) -> list[Unit]:
    value = data.get("units", [])
    if not isinstance(value, list):
        raise _Bad('"units" must be a list of {"name": ..., "cells": [...]}')
    units = []
    for k, item in enumerate(value):
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("cells"), list)
            or set(item) - {"name", "cells", "kind"}
        ):
            raise _Bad(f'"units" item {k + 1} must be {{"name": ..., "cells": [...]}}')
        name = item.get("name", f"unit {k + 1}")
        kind = item.get("kind", "extra")
        if not isinstance(name, str) or not isinstance(kind, str):
            raise _Bad(f'"units" item {k + 1}: "name" and "kind" must be strings')
        members = []
        for cell_text in item["cells"]:
            cell = _cell(cell_text, "units")
            if cell not in grid.index:
                raise _Bad(f'"units" item {k + 1}: {cell_text} is not a cell of the grid')
            members.append(grid.index[cell])
        units.append(Unit(name, tuple(members), kind))
    return units


def _listed(value: Any, what: str) -> list[Any]:
    """A string's characters or a list's items: the two ways rows and symbol sets are written."""
    if isinstance(value, str):
        return list(value)
    if isinstance(value, list):
        return value
    raise _Bad(f"{what} must be a string or a list")


def _givens(data: dict[str, Any], grid: Grid) -> tuple[int, ...]:
    value = data.get("givens")
    givens = [EMPTY] * len(grid.cells)
    if value is None:
        return tuple(givens)
    if not isinstance(value, list) or len(value) != grid.rows:
        raise _Bad(f'"givens" must be a list of {grid.rows} rows')
    for r, row in enumerate(value):
        items = _listed(row, f'"givens" row {r + 1}')
        if len(items) != grid.cols:
            raise _Bad(f'"givens" row {r + 1} has {len(items)} cells; expected {grid.cols}')
        for c, symbol in enumerate(items):
            blank = symbol is None or symbol == "" or (isinstance(symbol, str) and symbol in BLANKS)
            if blank and symbol not in grid.symbol_index:
                continue
            if not isinstance(symbol, str):
                raise _Bad(f'"givens" {cell_name((r, c))}: {json.dumps(symbol)} is not a symbol string')
            index = grid.index.get((r, c))
            if index is None:
                raise _Bad(f'"givens" {cell_name((r, c))} holds {symbol!r} but is no cell of the grid')
            givens[index] = grid.symbol_of(symbol)
    return tuple(givens)


def _candidates(data: dict[str, Any], grid: Grid) -> tuple[int, ...] | None:
    value = data.get("candidates")
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _Bad('"candidates" must map cell names to their allowed symbols')
    allowed = [grid.full_mask] * len(grid.cells)
    for name, symbols in value.items():
        cell = _cell(name, "candidates")
        if cell not in grid.index:
            raise _Bad(f'"candidates": {name} is not a cell of the grid')
        mask = 0
        for symbol in _listed(symbols, f'"candidates" {name}'):
            if not isinstance(symbol, str):
                raise _Bad(f'"candidates" {name}: {json.dumps(symbol)} is not a symbol string')
            mask |= 1 << grid.symbol_of(symbol)
        allowed[grid.index[cell]] = mask
    return tuple(allowed)


def puzzle_from_dict(data: Any) -> Puzzle:
    """Build a puzzle from a decoded sudokit JSON object."""
    if not isinstance(data, dict):
        raise _Bad("a puzzle must be a JSON object")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise _Bad(f"unknown key {json.dumps(unknown[0])} (known: {', '.join(sorted(_KEYS))})")
    if data.get("format", "sudokit") != "sudokit":
        raise _Bad(f'"format" must be "sudokit", not {json.dumps(data["format"])}')
    version = data.get("version", VERSION)
    if not isinstance(version, int) or not 1 <= version <= VERSION:
        raise _Bad(f'"version" {json.dumps(version)} is not one this sudokit reads (1 to {VERSION})')
    symbols = _symbols(data)
    grid = _base_grid(data, symbols)
    extra = _extra_units(data, grid)
    if extra:
        grid = Grid(grid.symbols, grid.cells, grid.houses + tuple(extra), grid.rows, grid.cols, grid.box)
    if version < 2 and {"grids", "constraints", "relations", "cages", "links", "sums", "rules"} & set(data):
        raise _Bad(
            '"grids", "constraints", "relations", "cages", "links", "sums" and "rules" need "version": 2'
        )
    grid = _with_rules(data, grid)
    metadata = data.get("metadata", {})
    if not isinstance(metadata, dict) or not all(isinstance(v, str) for v in metadata.values()):
        raise _Bad('"metadata" must map names to strings')
    unread = data.get("unread", [])
    if not isinstance(unread, list) or not all(isinstance(v, str) for v in unread):
        raise _Bad('"unread" must be a list of texts')
    certain = data.get("certain", True)
    if not isinstance(certain, bool):
        raise _Bad('"certain" must be true or false')
    return Puzzle(grid, _givens(data, grid), _candidates(data, grid), dict(metadata), tuple(unread), certain)


# ----------------------------------------------------------------------------------------- writer


def _symbols_value(symbols: Sequence[str]) -> str | list[str]:
    return "".join(symbols) if all(len(s) == 1 for s in symbols) else list(symbols)


def _describe_grid(grid: Grid) -> tuple[dict[str, Any], int]:
    """The keys that rebuild the grid's base, and how many of its units that base accounts for."""
    n = grid.size
    out: dict[str, Any] = {}
    bases: list[tuple[dict[str, Any], Grid]] = []
    if grid.box is not None:
        bases.append(({"box": list(grid.box)}, Grid.classic(n, grid.box, grid.symbols)))
    region_units = [u for u in grid.houses if u.kind == "region"]
    if region_units and grid.rows == grid.cols == n and grid.is_rectangular:
        labels = [u.name.removeprefix("region ") for u in region_units]
        label_of = {}
        for label, unit in zip(labels, region_units, strict=True):
            for c in unit.cells:
                label_of[grid.cells[c]] = label
        if len(label_of) == len(grid.cells) and len(set(labels)) == len(labels):
            single = all(len(label) == 1 for label in labels)
            rows: list[Any] = []
            for r in range(n):
                row = [label_of[(r, c)] for c in range(n)]
                rows.append("".join(row) if single else row)
            with contextlib.suppress(GridError):
                loose = Grid.jigsaw(rows, grid.symbols, connected=False)
                try:
                    Grid.jigsaw(rows, grid.symbols)
                    bases.append(({"regions": rows}, loose))
                except GridError:
                    bases.append(({"regions": rows, "connected_regions": False}, loose))
    multi = _multi_grid_keys(grid)
    if multi is not None:
        keys, base = multi
        if grid.houses[: len(base.houses)] == base.houses and (grid.rows, grid.cols) == (
            base.rows,
            base.cols,
        ):
            return {"grids": keys}, len(base.houses)
    if grid.rows != grid.cols or grid.rows != n or not grid.is_rectangular:
        out["rows"], out["cols"] = grid.rows, grid.cols
    if not grid.is_rectangular:
        present = set(grid.cells)
        out["shape"] = [
            "".join("#" if (r, c) in present else "." for c in range(grid.cols)) for r in range(grid.rows)
        ]
    bases.append(
        (
            {},
            Grid(
                grid.symbols,
                grid.cells,
                tuple(_row_units(grid.rows, grid.cols, grid.cells)),
                grid.rows,
                grid.cols,
            ),
        )
    )
    bases.append(({"rows_and_columns": False}, Grid(grid.symbols, grid.cells, (), grid.rows, grid.cols)))
    for keys, base in bases:
        count = len(base.houses)
        if grid.houses[:count] == base.houses and base.box in (grid.box, None):
            out.update(keys)
            return out, count
    raise AssertionError("the rows_and_columns=false base always matches")  # pragma: no cover


def _multi_grid_keys(grid: Grid) -> tuple[dict[str, Any], Grid] | None:
    """The "grids" value of a grid made by :func:`variants.multi_grid`, and that grid; else None."""
    by_name = {u.name: u for u in grid.houses}
    tops: dict[int, int] = {}
    lefts: dict[int, int] = {}
    for unit in grid.houses:  # a row or column two grids share keeps the first grid's name
        named = _GRID_UNIT.fullmatch(unit.name)
        if named is None:
            continue
        k, kind, i = int(named[1]), named[2], int(named[3])
        row, col = grid.cells[unit.cells[0]]
        if kind == "row":
            tops.setdefault(k, row - (i - 1))
        else:
            lefts.setdefault(k, col - (i - 1))
    count = max(tops | lefts, default=0)
    if any(k not in tops or k not in lefts for k in range(1, count + 1)):
        return None
    corners = [[tops[k], lefts[k]] for k in range(1, count + 1)]
    first_box = by_name.get("grid 1 box 1")
    if not corners or first_box is None:
        return None
    size = len(by_name["grid 1 row 1"].cells)
    box_cells = [grid.cells[c] for c in first_box.cells]
    box = [len({r for r, _ in box_cells}), len({c for _, c in box_cells})]
    try:
        base = variants.multi_grid([(r, c) for r, c in corners], size, (box[0], box[1]), grid.symbols)
    except GridError:
        return None
    return {"size": size, "box": box, "corners": corners}, base


def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    """The sudokit JSON object of a puzzle (round-trips through :func:`puzzle_from_dict`)."""
    grid = puzzle.grid
    out: dict[str, Any] = {"format": "sudokit", "version": VERSION, "size": grid.size}
    if grid.symbols != default_symbols(grid.size):
        out["symbols"] = _symbols_value(grid.symbols)
    keys, base_count = _describe_grid(grid)
    out.update(keys)
    extra = grid.houses[base_count:]
    if extra:
        out["units"] = [
            {"name": u.name, "cells": [cell_name(grid.cells[c]) for c in u.cells]}
            | ({"kind": u.kind} if u.kind != "extra" else {})
            for u in extra
        ]
    if grid.constraints:
        out["constraints"] = [constraint.to_json() for constraint in grid.constraints]
    single = all(len(s) == 1 for s in grid.symbols) and "." not in grid.symbols
    rows = puzzle.rows_of_symbols()
    if single:
        out["givens"] = ["".join(s or "." for s in row) for row in rows]
    else:
        out["givens"] = rows
    if puzzle.allowed is not None:
        candidates = {}
        for c, mask in enumerate(puzzle.allowed):
            if mask != grid.full_mask:
                chosen = [s for k, s in enumerate(grid.symbols) if mask >> k & 1]
                candidates[cell_name(grid.cells[c])] = _symbols_value(chosen) if chosen else []
        out["candidates"] = candidates
    if puzzle.metadata:
        out["metadata"] = dict(puzzle.metadata)
    if puzzle.unread:
        out["unread"] = list(puzzle.unread)
    if not puzzle.certain:
        out["certain"] = False
    return out


def format_json(puzzles: Iterable[Puzzle]) -> str:
    """One puzzle as a JSON object, several as a JSON list."""
    items = [puzzle_to_dict(p) for p in puzzles]
    data: Any = items[0] if len(items) == 1 else items
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
