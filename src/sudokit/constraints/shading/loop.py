"""A loop the solver draws: one closed path through orthogonally adjacent cells, and rules on its cells.

"Draw a 1-cell-wide loop through the centres of cells; it does not branch or touch itself."  Each
cell gets an unknown, whether the loop passes through it, and each pair of orthogonal neighbours one,
whether the loop joins them.  A cell on the loop has exactly two of its joins used, a cell off it
none (an automaton per cell); the cells and joins used are one connected set (the core's connected
group over cells and joins, so two separate loops cannot pass), and some cell is on the loop.  A
graph whose nodes all have two edges and which is connected is one cycle: one loop.  Rules on its
cells speak of the same unknowns: which digits the loop's cells hold, the cells it must visit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Enforcement,
    Shape,
    Values,
    orthogonal_pairs,
    register,
)
from sudokit.constraints.families import DigitsByLabel, GlobalRule
from sudokit.model import Cell, Connected, LineRule, Unknown, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid

OFF, ON = 0, 1


def visited(cell: Cell) -> Unknown:
    """Whether the loop passes through a cell."""
    return Unknown("loop", cell, labels=("off", "on"))


def join(a: Cell, b: Cell) -> Unknown:
    """Whether the loop joins two orthogonal neighbours (named by the upper or left one, and a side)."""
    first, second = sorted((a, b))
    side = "right" if second == (first[0], first[1] + 1) else "down"
    return Unknown("loop join", first, side, labels=("unused", "used"))


def _neighbours(grid: Grid, cell: Cell) -> list[Cell]:
    r, c = cell
    return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in grid.index]


def _degree_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """A cell's visit, then its joins: two used when it is visited, none when not."""
    on = values[ON]

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return (2 if v == on else 0, 0)
        want, used = state
        used += v == on
        return None if used > want else (want, used)

    return Machine(None, step, lambda state: state is not None and state[0] == state[1])


automata.define("loop degree", "a visited cell has two joins used, another none", (0, 0), _degree_machine)


class _OnLoop(Constraint):
    """A rule on the loop's cells: every cell has the loop's unknowns."""

    in_rules_texts: ClassVar[bool] = False  # read from rules texts in issue 39

    __slots__ = ()

    def unknowns(self, grid: Grid) -> tuple[Unknown, ...]:
        """Every cell's visit and every join."""
        return (*(visited(cell) for cell in grid.cells), *(join(a, b) for a, b in orthogonal_pairs(grid)))

    def solution_drawing(self, grid: Grid, unknowns: Mapping[Unknown, int]) -> list[Shape]:
        """The loop: a line along every join used."""
        return [
            drawing.line("loop", drawing.centres([a, b]), "#2E7D32", 0.12, layer=3)
            for a, b in orthogonal_pairs(grid)
            if unknowns.get(join(a, b)) == ON
        ]


@register
@dataclass(frozen=True, slots=True)
class Loop(_OnLoop, GlobalRule):
    """A loop: one closed path through orthogonally adjacent cells, not branching or touching itself."""

    kind: ClassVar[str] = "loop"
    noun: ClassVar[str] = "loop"
    phrasing: ClassVar[str] = (
        "draw loop closed path through centres centers orthogonally adjacent branch touch itself cross "
        "visit visits pass passes"
    )
    rule: ClassVar[str] = (
        "draw one closed loop through the centres of orthogonally adjacent cells; it does not branch, "
        "cross or touch itself (each cell on it has exactly two neighbours on it along the loop)"
    )
    source: ClassVar[str] = "the loop rules of setters' rules texts (masyu, slitherlink and loop hybrids)"

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """Degrees two and zero, the joins on visited cells, one connected cycle, not empty."""
        on = {cell for cell in grid.cells if unknowns[visited(cell)] == ON}
        used = [(a, b) for a, b in orthogonal_pairs(grid) if unknowns[join(a, b)] == ON]
        degree = {cell: 0 for cell in grid.cells}
        for a, b in used:
            degree[a] += 1
            degree[b] += 1
        if not on or any(degree[cell] != (2 if cell in on else 0) for cell in grid.cells):
            return False
        reached, todo = {min(on)}, [min(on)]
        while todo:
            cell = todo.pop()
            for a, b in used:
                for x, y in ((a, b), (b, a)):
                    if x == cell and y not in reached:
                        reached.add(y)
                        todo.append(y)
        return reached == on

    def enforce(self, grid: Grid) -> Enforcement:
        """A degree automaton per cell, one connected group over cells and joins, and some cell on."""
        pairs = orthogonal_pairs(grid)
        nodes = [grid.unknown_index(visited(cell)) for cell in grid.cells]
        position = {cell: i for i, cell in enumerate(grid.cells)}
        edges = []
        for k, (a, b) in enumerate(pairs):
            nodes.append(grid.unknown_index(join(a, b)))
            edges += [(position[a], len(grid.cells) + k), (position[b], len(grid.cells) + k)]
        rules = [
            LineRule(
                "loop degree",
                (
                    grid.unknown_index(visited(cell)),
                    *(grid.unknown_index(join(cell, n)) for n in _neighbours(grid, cell)),
                ),
            )
            for cell in grid.cells
        ]
        visits = tuple(grid.unknown_index(visited(cell)) for cell in grid.cells)
        rules.append(LineRule("marked between", visits, (1, len(visits))))  # some cell is on the loop
        return Enforcement(
            rules=tuple(rules), connected=(Connected(tuple(nodes), tuple(edges), frozenset({ON}), self.kind),)
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, "a loop to draw")]


@register
@dataclass(frozen=True, slots=True)
class LoopDigits(DigitsByLabel, _OnLoop):
    """Which digits the loop's cells hold and which the others hold ("the loop visits only odd digits")."""

    kind: ClassVar[str] = "loop digits"
    family: ClassVar[str] = "global"
    noun: ClassVar[str] = "loop digits"
    phrasing: ClassVar[str] = "loop cells on the loop contain hold digits odd even off"
    rule: ClassVar[str] = (
        "every cell on the loop holds one of the loop digits, every cell off it one of the other digits "
        "(an empty list: any digit)"
    )
    source: ClassVar[str] = "setters' loop hybrids"
    label_names: ClassVar[tuple[str, str]] = ("off it", "on the loop")

    on_loop: tuple[int, ...] = ()
    off_loop: tuple[int, ...] = ()

    def label_of(self, cell: Cell) -> Unknown:
        """Whether the loop visits the cell."""
        return visited(cell)

    def digit_lists(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Off the loop, on it."""
        return self.off_loop, self.on_loop

    def enforce(self, grid: Grid) -> Enforcement:
        """A link between each cell and its visit."""
        return Enforcement(links=self.label_links(grid))


@register
@dataclass(frozen=True, slots=True)
class LoopVisits(_OnLoop):
    """A cell the loop must pass through (or, with ``on`` false, must not): a circle on the loop."""

    kind: ClassVar[str] = "loop visit"
    family: ClassVar[str] = "cell"
    noun: ClassVar[str] = "loop visit"
    rule: ClassVar[str] = "the loop passes through the cell (with on false: it does not)"
    source: ClassVar[str] = "setters' loop hybrids (circles the loop visits)"

    cell: Cell = (0, 0)
    on: bool = True

    def cells(self) -> tuple[Cell, ...]:
        """The cell."""
        return (self.cell,)

    def describe(self, grid: Grid) -> str:
        """``the loop visit r1c1``."""
        return f"the loop {'visit' if self.on else 'avoidance'} {cell_name(self.cell)}"

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """The cell's visit is the one given."""
        return unknowns[visited(self.cell)] == (ON if self.on else OFF)

    def enforce(self, grid: Grid) -> Enforcement:
        """A mask on the cell's visit."""
        return Enforcement(masks=((grid.unknown_index(visited(self.cell)), 1 << (ON if self.on else OFF)),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A small green (visited) or crossed-out grey circle in the cell's corner."""
        r, c = self.cell
        colour = "#2E7D32" if self.on else "#999999"
        return [
            drawing.circle(
                self.kind, (r + 0.17, c + 0.83), 0.1, fill=colour if self.on else "none", stroke=colour
            )
        ]
