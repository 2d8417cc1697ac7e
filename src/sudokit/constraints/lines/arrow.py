"""Arrows: the digits on the shaft add up to the number in the circle (a pill of cells is one number)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Deduction,
    Enforcement,
    FPuzzlesSink,
    FPuzzlesSource,
    Shape,
    SudokuPadScene,
    Values,
    check_line,
    register,
    span,
)
from sudokit.errors import GridError
from sudokit.model import Cell, Sum

if TYPE_CHECKING:
    from sudokit.model import Grid

GREY = "#A1A1A1"


@register
@dataclass(frozen=True, slots=True)
class Arrow(Constraint):
    """An arrow: the circle's digits, read as one number, equal the sum of the digits on its shaft.

    A circle of several cells (a pill) reads them in the order listed (f-puzzles' ``cells`` order;
    SudokuPad pills, which keep no order, in reading order): r1c1 r1c2 are tens, units.
    """

    kind: ClassVar[str] = "arrow"
    deduction: ClassVar[Deduction | None] = Deduction(
        "arrow_sums",
        "Arrow Sums",
        25,
        2.2,
        (
            "The digits on an arrow add up to the digit in its circle, so the circle is at least the smallest"
            " sum the arrow allows and each arrow cell at most what the circle leaves."
        ),
    )
    phrasing: ClassVar[str] = (
        "sum sums summing total totals add adds up equal equals arrow's arrows attached connected "
        "origin pill pills read reading"
        " corresponding bulb multi digit top bottom left right downwards"
    )
    family: ClassVar[str] = "line"
    noun: ClassVar[str] = "arrow"
    mentions: ClassVar[tuple[str, ...]] = ("arrow", "circle", "pill")
    rule: ClassVar[str] = (
        "the digits along the arrow add up to the digit in its circle; a circle (pill) of several cells "
        "holds a number of several digits read left to right, top to bottom; digits may repeat on the arrow"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/ArrowSumConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("arrow",)
    sudokupad: ClassVar[str] = (
        "an arrow (`arrows`, grey #A1A1A1 from f-puzzles) whose tail starts in a circle or pill"
    )
    sudokupad_order: ClassVar[int] = 15

    circle: tuple[Cell, ...]
    shaft: tuple[Cell, ...]

    def cells(self) -> tuple[Cell, ...]:
        """The circle, then the shaft."""
        return self.circle + self.shaft

    def describe(self, grid: Grid) -> str:
        """``the arrow r1c1-r1c4``."""
        return f"the arrow {span(self.circle[:1] + self.shaft)}"

    def validate(self, grid: Grid) -> None:
        """A circle and a shaft of distinct cells of the grid."""
        if not self.circle:
            raise GridError("an arrow needs a circle")
        if not self.shaft:
            raise GridError("an arrow needs a shaft beyond its circle")
        check_line(grid, self.circle + self.shaft, self.noun)

    def number(self, values: Values) -> int:
        """The circle's number."""
        total = 0
        for cell in self.circle:
            total = total * 10 + values[cell]
        return total

    def holds(self, values: Values, grid: Grid) -> bool:
        """The shaft's sum is the circle's number."""
        return sum(values[c] for c in self.shaft) == self.number(values)

    def enforce(self, grid: Grid) -> Enforcement:
        """One sum: the shaft less the circle's places is 0."""
        circle = self.circle
        places = [-(10**k) for k in range(len(circle) - 1, -1, -1)]
        cells = tuple(grid.index[c] for c in (*circle, *self.shaft))
        return Enforcement(sums=(Sum(cells, 0, (*places, *[1] * len(self.shaft)), self.kind),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A circle (or a pill round the circle's cells) and an arrow from it along the shaft."""
        rows = [r for r, _ in self.circle]
        cols = [c for _, c in self.circle]
        at = [(min(rows) + max(rows)) / 2 + 0.5, (min(cols) + max(cols)) / 2 + 0.5]
        height, width = max(rows) - min(rows) + 0.8, max(cols) - min(cols) + 0.8
        ring = drawing.rect(
            self.kind,
            at,
            width,
            height,
            fill="#ffffff",
            stroke="#888888",
            stroke_width=0.05,
            rounded=0.4,
            layer=1,
        )
        start = min(self.circle, key=lambda c: abs(c[0] - self.shaft[0][0]) + abs(c[1] - self.shaft[0][1]))
        return [ring, drawing.arrow(self.kind, drawing.centres((start, *self.shaft)), "#888888", 0.05)]

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[Arrow]:
        """Each line of an item is an arrow from its circle; a line going nowhere beyond it is skipped."""
        found = []
        for item in source.items(key):
            circle = source.cells(item)
            if not circle:
                raise source.error("an arrow needs its circle's cells")
            for line in source.lines(item):
                shaft = [cell for cell in line if cell not in circle]
                if shaft:
                    found.append(cls(tuple(circle), tuple(shaft)))
        return found

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """``{"cells": circle, "lines": [[circle cell, shaft...]]}``."""
        start = min(self.circle, key=lambda c: abs(c[0] - self.shaft[0][0]) + abs(c[1] - self.shaft[0][1]))
        sink.add(
            "arrow",
            {
                "cells": [sink.name(c) for c in self.circle],
                "lines": [[sink.name(c) for c in (start, *self.shaft)]],
            },
        )

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[Arrow]:
        """Arrows whose tail starts in a circle or pill (a rounded drawing over one or more cells)."""
        rings: list[tuple[str, int, list[Cell]]] = []
        for what in ("overlays", "underlays"):
            for k, item in scene.unclaimed(what):
                centre = scene.point(scene.prop(item, "center"))
                width, height = scene.number(item, "width"), scene.number(item, "height")
                if not centre or not width or not height or scene.text(item) or width < 0.5 or height < 0.5:
                    continue
                if not scene.prop(item, "rounded") and scene.colour(item, "borderColor") != GREY:
                    continue
                cells = [
                    (r, c)
                    for r, c in scene.grid.cells
                    if abs(r + 0.5 - centre[0]) < height / 2 and abs(c + 0.5 - centre[1]) < width / 2
                ]
                if cells:
                    rings.append((what, k, cells))
        found: list[Arrow] = []
        used: set[tuple[str, int]] = set()
        waiting = []
        for k, item in scene.unclaimed("arrows"):
            line = scene.path(item)
            if not line or len(line) < 2:
                continue
            ring = next((r for r in rings if line[0] in r[2]), None)
            if ring is None:
                waiting.append((k, line))
                continue
            shaft = [cell for cell in line if cell not in ring[2]]
            if not shaft or len(set(shaft)) != len(shaft):
                continue
            found.append(cls(tuple(sorted(ring[2])), tuple(shaft)))
            scene.claim("arrows", k, cls.kind)
            used.add((ring[0], ring[1]))
        while waiting:  # a branch: an arrow leaving another arrow's shaft sums with the path up to it
            branched = False
            for k, line in list(waiting):
                parent = next((a for a in found if line[0] in a.shaft), None)
                if parent is None:
                    continue
                path = [*parent.shaft[: parent.shaft.index(line[0]) + 1], *line[1:]]
                waiting.remove((k, line))
                branched = True
                if len(set(path)) == len(path) and not set(path) & set(parent.circle):
                    found.append(cls(parent.circle, tuple(path)))
                    scene.claim("arrows", k, cls.kind)
            if not branched:
                break
        for k, line in waiting:  # no circle drawn: the first cell is the circle, if the rules say arrows
            if scene.says("arrow") and len(set(line)) == len(line):
                found.append(cls((line[0],), tuple(line[1:])))
                scene.claim("arrows", k, cls.kind)
        if scene.says("arrow"):
            found += cls._from_lines(scene, rings, used)
        for what, k in used:
            scene.claim(what, k, cls.kind)
        return found

    @classmethod
    def _from_lines(
        cls, scene: SudokuPadScene, rings: list[tuple[str, int, list[Cell]]], used: set[tuple[str, int]]
    ) -> list[Arrow]:
        """Arrows drawn as plain lines from a circle, when the rules speak of arrows.

        Sudoku Maker draws an arrow so, with the head as a short line of its own: a line from a circle
        is an arrow only with such a head, or when it is drawn thin and grey as arrows are (a thick
        coloured line that merely touches a circle is some other line).
        """
        found = []
        ends: list[tuple[float, float]] = []
        strokes = [scene.points(item) for _, item in scene.unclaimed("lines")]
        strokes = [points for points in strokes if points and len(points) <= 3]
        for k, item in scene.unclaimed("lines"):
            points = scene.points(item)
            line = scene.path(item)
            if not line or len(line) < 2 or not points:
                continue
            start = points[0]
            ring = next((r for r in rings if line[0] in r[2]), None)
            if ring is None or abs(start[0] % 1 - 0.5) > 0.05 or abs(start[1] % 1 - 0.5) > 0.05:
                continue
            shaft = [cell for cell in line if cell not in ring[2]]
            if not shaft or len(set(shaft)) != len(shaft):
                continue
            end = points[-1]
            headed = any(
                stroke is not points
                and all(abs(p[0] - end[0]) <= 0.5 and abs(p[1] - end[1]) <= 0.5 for p in stroke)
                for stroke in strokes
            )
            thin = (scene.number(item, "thickness") or 0) <= 5 and scene.alike(
                scene.colour(item, "color")[:7] or GREY, GREY
            )
            if not headed and not thin:
                continue
            found.append(cls(tuple(sorted(ring[2])), tuple(shaft)))
            scene.claim("lines", k, cls.kind)
            used.add((ring[0], ring[1]))
            ends.append(end)
        for k, item in scene.unclaimed("lines"):  # the heads: short strokes around an arrow's end
            points = scene.points(item)
            if (
                points
                and len(points) <= 3
                and any(
                    all(abs(p[0] - e[0]) <= 0.5 and abs(p[1] - e[1]) <= 0.5 for p in points) for e in ends
                )
            ):
                scene.claim("lines", k, cls.kind)
        return found
