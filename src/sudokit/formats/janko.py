"""janko.at puzzle data: the ``begin`` .. ``end`` block of its pages, and the JSON records scraped from them.

Both carry the same keys: ``puzzle`` (the type), ``size`` (or ``rows``/``cols``), ``patternx`` and
``patterny`` (box width and height), ``problem`` and ``solution`` (rows of tokens, ``-`` blank),
``areas`` (a label per cell) and ``moves``.  sudokit reads the types ``sudoku`` (with ``areas``:
irregular regions, "chaos") and ``killer`` (``areas`` are the cages; the number written in one cell
of a cage is its sum).  Letter puzzles give their givens in lower case and the solution in upper
case; the symbols are upper case.  The published solution is kept as ``solution`` metadata.
"""

from __future__ import annotations

from typing import Any

from sudokit import variants
from sudokit.errors import GridError, ParseError, PuzzleError
from sudokit.formats.limits import whole_number
from sudokit.model import EMPTY, Cell, Grid, Puzzle, default_box

_ROW_KEYS = ("problem", "solution", "areas")
_TEXT_KEYS = ("author", "source", "solver", "info")


def looks_like_janko_block(text: str) -> bool:
    """True for a janko.at data block: a ``begin`` line, then ``key value`` lines with a ``problem``."""
    start = text.lstrip("\ufeff \t\r\n")
    if not (start.startswith("begin") and start[5:6] in ("\n", "\r")):
        return False
    lines = [line.strip() for line in start.splitlines() if line.strip()]
    return "problem" in lines and lines[-1] == "end"


def parse_janko_block(text: str) -> list[Puzzle]:
    """Every ``begin`` .. ``end`` block of a text (usually one)."""
    puzzles = []
    data: dict[str, Any] | None = None
    lines = text.lstrip("\ufeff").splitlines()
    number = 0
    start = 0
    while number < len(lines):
        line = lines[number].strip()
        number += 1
        if not line:
            continue
        if data is None:
            if line != "begin":
                raise ParseError("janko: expected 'begin'", number)
            data, start = {}, number
            continue
        if line == "end":
            puzzles.append(puzzle_from_janko(data, f"janko (line {start})"))
            data = None
        elif line in _ROW_KEYS:
            height = _int(data.get("rows", data.get("size")), "size", f"janko (line {number})")
            rows = [lines[k].split() for k in range(number, min(number + height, len(lines)))]
            if len(rows) != height:
                raise ParseError(f"janko: '{line}' needs {height} rows", number)
            data[line] = rows
            number += height
        elif line == "moves":
            while number < len(lines) and lines[number].strip() not in ("end", *_ROW_KEYS):
                number += 1
        else:
            key, _, value = line.partition(" ")
            data[key] = value.strip()
    if data is not None:
        raise ParseError("janko: the block has no 'end' line", len(lines))
    if not puzzles:
        raise ParseError("janko: no begin .. end block")
    return puzzles


def _int(value: Any, key: str, where: str) -> int:
    if isinstance(value, str) and whole_number(value) is not None:
        value = whole_number(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 64:
        raise ParseError(f'{where}: "{key}" must be a whole number from 1 to 64')
    return value


def _rows(data: dict[str, Any], key: str, n: int, where: str) -> list[list[str]] | None:
    rows = data.get(key)
    if rows is None:
        return None
    if (
        not isinstance(rows, list)
        or len(rows) != n
        or any(not isinstance(row, list) or len(row) != n for row in rows)
    ):
        raise ParseError(f'{where}: "{key}" must be {n} rows of {n} entries')
    return [[str(token).strip() for token in row] for row in rows]


def _symbols(
    n: int, problem: list[list[str]], solution: list[list[str]] | None, where: str
) -> tuple[str, ...]:
    """The alphabet: the solution's symbols (upper case), else digits 1..n or the letters A..."""
    if solution is not None:
        found = sorted({token.upper() for row in solution for token in row})
        if len(found) == n:
            return tuple(sorted(found, key=lambda s: (whole_number(s) is None, whole_number(s) or 0, s)))
        raise ParseError(f"{where}: the solution uses {len(found)} symbols, not {n}")
    used = {token for row in problem for token in row if token != "-"}
    if all(token.isdigit() for token in used):
        return tuple(str(k) for k in range(1, n + 1))
    return tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n])


def puzzle_from_janko(data: Any, where: str = "janko") -> Puzzle:
    """Build a puzzle from janko.at data (a scraped record's ``data`` or a block's keys)."""
    if not isinstance(data, dict):
        raise ParseError(f"{where}: the puzzle data must be an object")
    kind = str(data.get("puzzle", "sudoku")).strip().lower()
    if kind not in ("sudoku", "killer"):
        raise ParseError(
            f"{where}: janko.at puzzle type {kind!r} is not supported (sudokit reads sudoku and killer)"
        )
    n = _int(data.get("size", data.get("rows")), "size", where)
    if "cols" in data and _int(data["cols"], "cols", where) != n:
        raise ParseError(f"{where}: a {n}x{data['cols']} grid; sudokit reads square grids")
    problem = _rows(data, "problem", n, where)
    if problem is None:
        raise ParseError(f'{where}: no "problem"')
    solution = _rows(data, "solution", n, where)
    areas = _rows(data, "areas", n, where)
    symbols = _symbols(n, problem if kind == "sudoku" else [], solution, where)
    try:
        if areas is not None and kind == "sudoku":
            grid = Grid.jigsaw(areas, symbols)
        elif "patternx" in data and "patterny" in data:
            box = (_int(data["patterny"], "patterny", where), _int(data["patternx"], "patternx", where))
            grid = Grid.classic(n, box, symbols)
        else:
            try:
                grid = Grid.classic(n, default_box(n), symbols)
            except GridError:
                grid = Grid.latin(n, symbols)
        givens = [EMPTY] * (n * n)
        if kind == "killer":
            grid = _cages(grid, problem, areas, where)
        else:
            for r, row in enumerate(problem):
                for c, token in enumerate(row):
                    if token != "-":
                        givens[r * n + c] = grid.symbol_of(token.upper())
        metadata = {key: str(data[key]) for key in _TEXT_KEYS if data.get(key)}
        if solution is not None:
            metadata["solution"] = "".join(token.upper() for row in solution for token in row)
        return Puzzle(grid, tuple(givens), None, metadata)
    except (GridError, PuzzleError) as exc:
        raise ParseError(f"{where}: {exc}") from None


def _cages(grid: Grid, problem: list[list[str]], areas: list[list[str]] | None, where: str) -> Grid:
    """Killer cages from the areas, each with the one number written in it as its sum."""
    if areas is None:
        raise ParseError(f'{where}: a killer puzzle needs "areas" (its cages)')
    cells: dict[str, list[Cell]] = {}
    sums: dict[str, int] = {}
    for r, row in enumerate(areas):
        for c, label in enumerate(row):
            cells.setdefault(label, []).append((r, c))
            token = problem[r][c]
            if token == "-":
                continue
            total = whole_number(token)
            if total is None:
                raise ParseError(f"{where}: r{r + 1}c{c + 1} holds {token!r}, not a cage sum")
            if label in sums:
                raise ParseError(f"{where}: cage {label!r} has two sums")
            sums[label] = total
    return variants.killer(grid, [(members, sums.get(label)) for label, members in cells.items()])
