"""The board the browser draws and plays: a puzzle's cells, regions, extra groups, cages and givens as JSON.

The front end knows nothing of sudokit's model; it gets everything it draws from :func:`board_json`,
and sends back per-cell symbols (the player's progress) that :func:`with_progress` checks and merges.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sudokit.constraints import drawing
from sudokit.errors import PuzzleError
from sudokit.model import EMPTY, Grid, Puzzle, cell_name
from sudokit.svg import outside_margin, puzzle_drawings


def _reading(puzzle: Puzzle) -> dict[str, Any]:
    """How the rules text's sentences and the drawings were read (``sudokit show --rules``)."""
    from sudokit.formats.rules_text import rules_report

    report = rules_report(puzzle)
    return {"sentences": report["sentences"], "drawn": report["drawn"]}


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

    ``region`` gives each cell's box or region, from which the thick borders follow; ``drawing`` is
    the puzzle's drawing description, the same shapes the SVG renderer draws
    (:mod:`sudokit.constraints.drawing`): every constraint's lines, dots, circles, cages and clues,
    and the extra houses shaded; ``rules`` names the rules with nothing to draw on the grid (anti-knight,
    ...); ``allowed`` the symbols each cell may hold when the puzzle itself restricts them (sukaku),
    as lists of symbol indexes; ``unread`` what the input held that was not read as rules.
    """
    grid = puzzle.grid
    allowed = None
    if puzzle.allowed is not None:
        allowed = [[s for s in range(grid.size) if mask >> s & 1] for mask in puzzle.allowed]
    shapes = [
        drawing.shade("extra", [grid.cells[c] for c in unit.cells], "#e0e0e0")
        for unit in grid.houses
        if unit.kind == "extra"
    ] + puzzle_drawings(puzzle)
    return {
        "rows": grid.rows,
        "cols": grid.cols,
        "size": grid.size,
        "symbols": list(grid.symbols),
        "cells": [list(cell) for cell in grid.cells],
        "names": [cell_name(cell) for cell in grid.cells],
        "region": _owner(grid),
        "box": list(grid.box) if grid.box else None,
        "drawing": [shape for shape in shapes if shape["shape"] != "caption"],
        "outside": outside_margin(grid, shapes) > 0,
        "rules": sorted({str(shape["text"]) for shape in shapes if shape["shape"] == "caption"}),
        "givens": [None if g == EMPTY else g for g in puzzle.givens],
        "allowed": allowed,
        "description": grid.describe(),
        "peers": [sorted(peers) for peers in grid.peers],
        "unread": list(puzzle.unread),
        "reading": _reading(puzzle),
        "info": {
            key: puzzle.metadata[name]
            for key, name in (("title", "title"), ("author", "author"), ("rules", "ruleset"))
            if puzzle.metadata.get(name)
        },
        "cell_rules": _cell_rules(grid),
        # the classic 9x9 (Sudoku Explainer rates only these)
        "classic": grid.size == 9 and grid == Grid.classic(9, symbols=grid.symbols),
    }


def _cell_rules(grid: Grid) -> list[list[str]]:
    """For each cell, the rules drawn on it in words (its cage and sum, its line, its dots).

    A screen reader says what the drawing shows; whole-grid rules are left to the header.
    """
    named: list[list[str]] = [[] for _ in grid.cells]
    for constraint in grid.constraints:
        for cell in constraint.cells():
            if cell in grid.index:
                named[grid.index[cell]].append(constraint.describe(grid))
    return named


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
    return puzzle.replaced(givens=tuple(givens)), placed
