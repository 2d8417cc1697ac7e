"""JSON Lines: one JSON object per line, each a puzzle.

A line may be sudokit's own JSON object, f-puzzles JSON, a janko.at record (``{"file": ..,
"data": {"puzzle": "sudoku", "problem": [..], ..}}``, as scraped from janko.at), or any object with
the puzzle as a string field (``puzzle``, ``givens``, ``quizzes``, ...: read by the one-line
reader), whose other plain fields become metadata.  A single line is JSON Lines only when it is not
sudokit JSON (which the ``json`` reader takes).
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from sudokit.errors import GridError, ParseError, PuzzleError
from sudokit.formats.janko import puzzle_from_janko
from sudokit.formats.tabular import PUZZLE_COLUMNS, Field, numbered_lines, puzzles_from_fields
from sudokit.formats.text import ReadOptions
from sudokit.model import Puzzle


def _kind(item: dict[str, Any]) -> str:
    """``janko``, ``fpuzzles``, ``string`` (a puzzle string field) or ``sudokit``."""
    data = item.get("data")
    if (isinstance(data, dict) and "problem" in data) or isinstance(item.get("problem"), list):
        return "janko"
    if "grid" in item and "size" in item and "format" not in item:
        return "fpuzzles"
    if _puzzle_key(item) is not None:
        return "string"
    return "sudokit"


def _puzzle_key(item: dict[str, Any]) -> str | None:
    for key, value in item.items():
        if key.lower() in PUZZLE_COLUMNS and isinstance(value, str):
            return key
    return None


def looks_like_jsonl(text: str) -> bool:
    """True when the first line is a whole JSON object and more lines follow (or it is no sudokit JSON)."""
    if not text.lstrip("\ufeff \t\r\n").startswith("{"):
        return False
    lines = list(
        itertools.islice((line for _, line in numbered_lines(text.lstrip("\ufeff")) if line.strip()), 2)
    )
    try:
        first = json.loads(lines[0])
    except (ValueError, RecursionError):  # not JSON, or a number int() refuses
        return False
    if not isinstance(first, dict):
        return False
    return len(lines) > 1 or _kind(first) in ("janko", "string")


def parse_jsonl(text: str, options: ReadOptions) -> list[Puzzle]:
    """Every object of a JSON Lines text, in order."""
    from sudokit.formats.fpuzzles import puzzle_from_fpuzzles
    from sudokit.formats.json_format import puzzle_from_dict

    found: list[Puzzle | Field] = []
    for number, line in numbered_lines(text.lstrip("\ufeff")):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ParseError(f"JSON Lines: invalid JSON: {exc.msg}", number, exc.colno) from None
        except RecursionError:
            raise ParseError("JSON Lines: nested too deeply to be a puzzle", number) from None
        except ValueError:  # a number of thousands of digits, which int() refuses
            raise ParseError("JSON Lines: a number too long to be part of a puzzle", number) from None
        if not isinstance(item, dict):
            raise ParseError("JSON Lines: each line must be a JSON object", number)
        kind = _kind(item)
        where = f"JSON Lines (line {number})"
        if kind == "janko":
            data = item["data"] if isinstance(item.get("data"), dict) else item
            puzzle = puzzle_from_janko(data, where)
            if isinstance(item.get("file"), str):
                puzzle = Puzzle(
                    puzzle.grid, puzzle.givens, puzzle.allowed, {**puzzle.metadata, "file": item["file"]}
                )
            found.append(puzzle)
        elif kind == "string":
            key = _puzzle_key(item)
            assert key is not None
            metadata = {
                name: str(value)
                for name, value in item.items()
                if name != key and isinstance(value, (str, int, float)) and str(value)
            }
            at = line.find(json.dumps(item[key])[1:-1])
            found.append(Field(item[key].strip(), number, at + 1 if at >= 0 else 1, metadata))
        else:
            try:
                found.append(puzzle_from_fpuzzles(item) if kind == "fpuzzles" else puzzle_from_dict(item))
            except (GridError, PuzzleError, ValueError) as exc:
                message = exc.message if isinstance(exc, ParseError) else str(exc)
                raise ParseError(f"JSON Lines: {message}", number) from None
    if not found:
        raise ParseError("JSON Lines: no puzzle found")
    fields = [item for item in found if isinstance(item, Field)]
    read = iter(puzzles_from_fields(fields, options, "JSON Lines") if fields else [])
    return [next(read) if isinstance(item, Field) else item for item in found]
