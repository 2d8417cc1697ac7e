"""The board the browser draws and plays: a puzzle's cells, regions, extra groups, cages and givens as JSON.

The front end knows nothing of sudokit's model; it gets everything it draws from :func:`board_json`,
and sends back per-cell symbols (the player's progress) that :func:`with_progress` checks and merges.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sudokit import variants
from sudokit.errors import PuzzleError
from sudokit.model import EMPTY, Grid, Puzzle, cell_name
from sudokit.svg import ENDS, LINE_STYLE


def _owner(grid: Grid) -> list[int]:
    """For each cell, the box or region that holds it (-1: none, as in a Latin square)."""
    owner = [-1] * len(grid.cells)
    for k, unit in enumerate(grid.units):
        if unit.kind in ("box", "region"):
            for c in unit.cells:
                if owner[c] < 0:
                    owner[c] = k
    return owner


def board_json(puzzle: Puzzle) -> dict[str, Any]:
    """Everything the browser needs to draw and check a puzzle (0-based rows and columns).

    ``region`` gives each cell's box or region, from which the thick borders follow; ``extras`` are the
    other all-different groups (diagonals, windows, disjoint groups) by name and cells; ``cages`` the
    killer cages with their sums; ``links`` the clues on the edge between two cells (dots, XV,
    inequalities); ``lines`` every drawn line with its colour, width (in cells) and ends; ``clones``
    the cells of each clone pair; ``arrows`` circles and shafts; ``outside`` the clues beside the grid
    (sandwich, X-sum, skyscraper, little killer) with their row and column outside it; ``quadruples``
    the cells and digits of each; ``allowed`` the symbols each cell may hold when the puzzle
    restricts them (odd/even), as lists of symbol indexes.
    """
    grid = puzzle.grid
    extras = [{"name": unit.name, "cells": list(unit.cells)} for unit in grid.units if unit.kind == "extra"]
    allowed = None
    if puzzle.allowed is not None:
        allowed = [[s for s in range(grid.size) if mask >> s & 1] for mask in puzzle.allowed]
    return {
        "rows": grid.rows,
        "cols": grid.cols,
        "size": grid.size,
        "symbols": list(grid.symbols),
        "cells": [list(cell) for cell in grid.cells],
        "names": [cell_name(cell) for cell in grid.cells],
        "region": _owner(grid),
        "box": list(grid.box) if grid.box else None,
        "extras": extras,
        "cages": [{"cells": list(cage.cells), "sum": cage.total} for cage in grid.cages],
        "links": [
            {"cells": list(link.cells), "kind": link.kind, "rule": link.rule, "value": link.value}
            for link in grid.links
            if not link.negated and link.kind not in variants.DRAWN_LINK_KINDS  # negated: "no dot means not"
        ],
        **_drawings(grid),
        "rules": sorted({relation.kind for relation in grid.relations if relation.kind != "nabner"}),
        "givens": [None if g == EMPTY else g for g in puzzle.givens],
        "allowed": allowed,
        "description": grid.describe(),
        "peers": [sorted(peers) for peers in grid.peers],
    }


def _drawings(grid: Grid) -> dict[str, Any]:
    """Lines, clones, arrows, outside clues and quadruples, as :func:`board_json` describes them."""
    lines, clones = [], []
    for line in variants.drawn_lines(grid):
        if line.kind == "clone":
            clones.append(list(line.cells))
            continue
        kind = variants.style_of(grid, line)
        colour, width = LINE_STYLE.get(kind, ("#999999", 0.12))
        lines.append(
            {
                "kind": kind,
                "cells": list(line.cells),
                "colour": colour,
                "width": width,
                "ends": ENDS.get(kind),
            }
        )
    arrows, outside = [], []
    for total in grid.sums:
        if total.kind == "arrow":
            pairs = list(zip(total.cells, total.factors, strict=True))
            circle = [c for c, f in pairs if f < 0]
            arrows.append({"circle": circle, "shaft": circle[-1:] + [c for c, f in pairs if f > 0]})
        elif total.kind == "little killer":
            (r, c), step = variants.clue_cell(grid, total.cells)
            outside.append(
                {"kind": "little killer", "at": [r, c], "clue": str(total.total), "step": list(step)}
            )
    quadruples = []
    for rule in grid.line_rules:
        clue = " ".join(map(str, rule.clue))
        if rule.kind in ("sandwich", "x-sum", "skyscraper"):
            (r, c), _ = variants.clue_cell(grid, rule.cells, (1, 0))
            outside.append({"kind": rule.kind, "at": [r, c], "clue": clue})
        elif rule.kind == "quadruple":
            quadruples.append({"cells": list(rule.cells), "clue": clue})
    return {"lines": lines, "clones": clones, "arrows": arrows, "outside": outside, "quadruples": quadruples}


def with_progress(puzzle: Puzzle, progress: Sequence[str | None] | None) -> tuple[Puzzle, list[int]]:
    """The puzzle with the player's placed symbols added as givens, and the cells they were placed in.

    ``progress`` holds one entry per cell: a symbol the player placed, or None/"" for none.  A symbol
    the grid does not have, or a change to a given, is a :class:`~sudokit.PuzzleError`.
    """
    if not progress:
        return puzzle, []
    grid = puzzle.grid
    if len(progress) != len(grid.cells):
        raise PuzzleError(f"progress names {len(progress)} cells; the puzzle has {len(grid.cells)}")
    givens = list(puzzle.givens)
    placed = []
    for c, symbol in enumerate(progress):
        if not symbol:
            continue
        value = grid.symbol_of(symbol)
        if givens[c] != EMPTY:
            if givens[c] != value:
                raise PuzzleError(f"progress changes the given of {cell_name(grid.cells[c])}")
            continue
        givens[c] = value
        placed.append(c)
    return Puzzle(grid, tuple(givens), puzzle.allowed, puzzle.metadata), placed
