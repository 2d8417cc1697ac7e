"""Counting circles: a digit in a circle says how many circles hold that digit."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Enforcement,
    Shape,
    SudokuPadScene,
    Values,
    check_line,
    register,
)
from sudokit.model import Cell, LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """How many cells so far hold the clue's digit d (up to d): none, or exactly d, in the end."""
    digit = clue[0]

    def step(state: State, _i: int, v: int) -> State | None:
        held: int = state
        if v != digit:
            return held
        return held + 1 if held < digit else None

    return Machine(0, step, lambda state: state in (0, digit))


automata.define(
    "count of digit", "the clue's digit d appears in none of the cells or in exactly d", (1, 1), _machine
)


_STATED = re.compile(
    r"\b(digit|number)s? (in|inside|within|on) (a|an|the|each|every) circles?\b[^.]*"
    r"\b(how many|the number of) circles\b"
)
"""The counting circles' rule stated without their name."""


@register
@dataclass(frozen=True, slots=True)
class CountingCircles(Constraint):
    """Counting circles: a digit d in a circle means exactly d of the circles hold d."""

    kind: ClassVar[str] = "counting circles"
    phrasing: ClassVar[str] = "count counts how many times circle"
    family: ClassVar[str] = "cell"
    noun: ClassVar[str] = "counting circles"
    mentions: ClassVar[tuple[str, ...]] = ("circle", "how many")
    rule: ClassVar[str] = "each digit d written in a circle appears in exactly d circles"
    source: ClassVar[str] = "the Counting Circles rules of setters' rules texts"
    sudokupad: ClassVar[str] = "circles in cells, where the rules speak of counting circles"
    sudokupad_order: ClassVar[int] = 45
    aliases: ClassVar[tuple[str, ...]] = ("counting circle",)

    members: tuple[Cell, ...]

    def cells(self) -> tuple[Cell, ...]:
        """The circled cells."""
        return self.members

    def describe(self, grid: Grid) -> str:
        """``the counting circles (12 cells)``."""
        return f"the counting circles ({len(self.members)} cells)"

    def validate(self, grid: Grid) -> None:
        """Distinct cells of the grid."""
        check_line(grid, self.members, self.noun, 1)

    def holds(self, values: Values, grid: Grid) -> bool:
        """Each digit in the circles appears as many times as its value."""
        counts = Counter(values[c] for c in self.members)
        return all(count == digit for digit, count in counts.items())

    def enforce(self, grid: Grid) -> Enforcement:
        """One automaton per digit over every circle: that digit appears 0 or d times."""
        cells = tuple(grid.index[c] for c in self.members)
        return Enforcement(
            rules=tuple(LineRule("count of digit", cells, (d,)) for d in sorted(set(grid.values)) if d >= 1)
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """A circle in each cell."""
        return [
            drawing.circle(self.kind, drawing.centre(c), 0.42, stroke="#777777", stroke_width=0.04, layer=1)
            for c in self.members
        ]

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[CountingCircles]:
        """Every circle in a cell's centre, when the rules speak of counting circles.

        By name, or by their rule: "a digit in a circle indicates how many circles that digit
        appears in" (the count is of circles, so the circles are all of them).
        """
        if not scene.says("counting circle") and not _STATED.search(scene.rules):
            return []
        cells: list[Cell] = []
        claims: list[tuple[str, int]] = []
        for what in ("overlays", "underlays"):
            for k, item in scene.unclaimed(what):
                centre = scene.point(scene.prop(item, "center"))
                width = scene.number(item, "width") or 0
                cell = scene.cell_at(centre) if centre else None
                if (
                    cell is None
                    or centre is None
                    or not scene.prop(item, "rounded")
                    or not 0.5 <= width <= 1.0
                ):
                    continue
                if (
                    abs(centre[0] - cell[0] - 0.5) > 0.1
                    or abs(centre[1] - cell[1] - 0.5) > 0.1
                    or scene.text(item)
                ):
                    continue
                if cell not in cells:
                    cells.append(cell)
                claims.append((what, k))
        if not cells:
            return []
        for what, k in claims:
            scene.claim(what, k, cls.kind)
        return [cls(tuple(sorted(cells)))]
