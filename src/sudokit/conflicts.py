"""The rules a partly filled grid already breaks: those no completion of their own can meet.

A player expects a conflict the moment the digits entered break a rule, not once its last cell is
filled: a 4 twice in a killer cage, a 9 alone in an 8-cage, a thermometer's bulb above a cell further
along, two 7s a knight's move apart.  A rule is broken here when no filling of the empty cells meets
*that rule alone* with the digits entered, by the rule's own propagators and a short search over the
grid with nothing else on it but the houses' all-different among the rule's own cells (a row's
sandwich has no repeated digit): what the registry says each kind means, never what the puzzle's other
rules imply together.  Digits that repeat in a house are the house's conflict, shown as such, and are
left out of every rule's check, so a repeat is not blamed on a rule too.  A check the search cannot
settle within its bound is not a conflict (no false alarm); a full grid is judged by each rule's plain
predicate (:func:`sudokit.model.broken_constraints`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sudokit import _engine
from sudokit.constraints import Constraint
from sudokit.model import EMPTY, Grid, Puzzle, Unit, broken_constraints
from sudokit.solver import _layout

NODES = 2_000
"""The most nodes one check searches; beyond, the rule is not called broken."""


@dataclass(frozen=True, slots=True)
class Broken:
    """A rule the digits entered break, and the cells that show it (a rule's own, or the clashing ones)."""

    constraint: Constraint
    cells: tuple[int, ...]


def broken_rules(puzzle: Puzzle, values: Sequence[int], node_limit: int = NODES) -> list[Broken]:
    """The puzzle's rules that ``values`` (a symbol index per cell, or EMPTY) already break.

    Houses are not among them (a repeat in a row is the caller's to show); rules that read unknowns
    beside the digits (shading, roles) or are changed by other rules are judged once the grid is full.
    """
    grid = puzzle.grid
    found = {id(c): c for c in broken_constraints(grid, values)}
    if EMPTY not in values:
        return [Broken(c, _own_cells(grid, c)) for c in found.values()]
    judged = grid.memo("conflicts.judged", lambda: [c for c in grid.constraints if _judged_alone(grid, c)])
    together = grid.memo("conflicts.together", lambda: _bare(grid, judged))
    entered = _without_repeats(puzzle, values)
    if judged and _consistent(together, entered, node_limit) is False:
        alone = grid.memo("conflicts.alone", lambda: [_bare(grid, [c]) for c in judged])
        for constraint, own in zip(judged, alone, strict=True):
            if id(constraint) not in found and _consistent(own, entered, node_limit) is False:
                found[id(constraint)] = constraint
    out = []
    for constraint in found.values():
        cells = _own_cells(grid, constraint)
        if not cells:
            cells = _clashing(grid, constraint, entered, node_limit)
        out.append(Broken(constraint, cells))
    return out


def _judged_alone(grid: Grid, constraint: Constraint) -> bool:
    """Whether a rule can be judged on its own before the grid is full."""
    return not constraint.unknowns(grid) and not any(m.affects(constraint) for m in grid.modifiers)


def _bare(grid: Grid, constraints: Sequence[Constraint]) -> Grid:
    """The grid with these rules only, and of each house the part among their own cells.

    A whole-grid rule such as anti-knight gets no house part: its meaning is between pairs of cells.
    """
    own = {grid.index[cell] for c in constraints for cell in c.cells() if cell in grid.index}
    parts = []
    for house in grid.houses:
        inside = tuple(cell for cell in house.cells if cell in own)
        if len(inside) > 1:
            parts.append(Unit(f"{house.name} (part)", inside, house.kind))
    return replace(grid, houses=tuple(parts), constraints=tuple(constraints), _memo={})


def _without_repeats(puzzle: Puzzle, values: Sequence[int]) -> list[int]:
    """The values with every symbol that repeats in a house emptied (that conflict is the house's)."""
    out = list(values)
    houses = set(puzzle.grid.houses)
    for unit, first, second in puzzle.replaced(givens=tuple(values)).conflicts():
        if unit in houses:
            out[first] = out[second] = EMPTY
    return out


def _consistent(grid: Grid, values: Sequence[int], node_limit: int) -> bool | None:
    """Whether the entered values extend to a filling that meets the grid's rules; None: not settled."""
    try:
        search = _engine.Search(_layout(grid), _engine.Poll(None))
    except ValueError:
        return None
    status, _ = search.start(tuple(values), None, node_limit, 0.0)
    if status == _engine.CONTRADICTION:
        return False
    status, count, _ = search.count(1)
    if count:
        return True
    return False if status == _engine.EXHAUSTED else None


def _own_cells(grid: Grid, constraint: Constraint) -> tuple[int, ...]:
    """The cells of a rule on some cells (a cage, a line, a dot's pair); none for a whole-grid rule."""
    return tuple(grid.index[cell] for cell in constraint.cells() if cell in grid.index)


def _clashing(grid: Grid, constraint: Constraint, values: Sequence[int], node_limit: int) -> tuple[int, ...]:
    """For a whole-grid rule (anti-knight, a diagonal): a smallest set of entered cells that breaks it.

    Each entered cell is left out in turn and kept out when the rest still break the rule.
    """
    alone = _bare(grid, [constraint])  # a new grid: the rule's layout compiled once for the loop
    kept = list(values)
    for cell, value in enumerate(values):
        if value == EMPTY:
            continue
        kept[cell] = EMPTY
        if _consistent(alone, kept, node_limit) is not False:
            kept[cell] = value
    return tuple(cell for cell, value in enumerate(kept) if value != EMPTY)
