"""Kropki dots: a white dot joins digits a difference apart (1 by default), a black dot a ratio (2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Deduction,
    Enforcement,
    FPuzzlesSink,
    FPuzzlesSource,
    Shape,
    SudokuPadScene,
    Values,
    register,
)
from sudokit.constraints.families import PairConstraint
from sudokit.errors import GridError
from sudokit.model import Link

if TYPE_CHECKING:
    from sudokit.model import Grid

WHITE, BLACK = "white", "black"
DEFAULTS = {WHITE: 1, BLACK: 2}
"""The value a dot stands for when it shows none."""
KEYS = {WHITE: "difference", BLACK: "ratio"}
"""The f-puzzles key of each colour."""


def fits(colour: str, value: int, a: int, b: int) -> bool:
    """Whether digits a and b fit a dot: a difference of ``value`` (white) or a ratio of ``value`` (black)."""
    if colour == WHITE:
        return abs(a - b) == value
    return a == value * b or b == value * a


@register
@dataclass(frozen=True, slots=True)
class Kropki(PairConstraint):
    """A kropki dot between two cells: white for a difference, black for a ratio."""

    kind: ClassVar[str] = "kropki"
    deduction: ClassVar[Deduction | None] = Deduction(
        "kropki_pairs",
        "Kropki Pairs",
        22,
        2.1,
        (
            "A white dot joins consecutive digits and a black dot a digit and its double, so along a chain of"
            " dots each digit needs its partner next to it."
        ),
    )
    phrasing: ClassVar[str] = (
        "consecutive ratio double half difference kropki between requires exactly greater partial"
        " | greater than | the value of | double the value"
    )
    family: ClassVar[str] = "dot"
    noun: ClassVar[str] = "kropki dot"
    mentions: ClassVar[tuple[str, ...]] = ("kropki", "dot", "consecutive", "ratio", "double")
    rule: ClassVar[str] = (
        "a white dot: the two digits differ by its number (1 when it shows none); a black dot: one digit "
        "is its number (2 when it shows none) times the other"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/DifferenceConstraint, RatioConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("difference", "ratio")
    sudokupad: ClassVar[str] = (
        "a small round overlay (about 0.3 cells) on the edge between two cells, white or black, its "
        "number as text"
    )
    sudokupad_order: ClassVar[int] = 30
    aliases: ClassVar[tuple[str, ...]] = ("dot", "difference", "ratio")

    colour: str = WHITE
    """``white`` (difference) or ``black`` (ratio)."""
    value: int | None = None
    """The dot's number (None: 1 for white, 2 for black)."""

    def number(self) -> int:
        """The difference or ratio the dot stands for."""
        return self.value if self.value is not None else DEFAULTS[self.colour]

    def validate(self, grid: Grid) -> None:
        """Two cells of the grid, a known colour, a number of 1 or more."""
        PairConstraint.validate(self, grid)
        if self.colour not in DEFAULTS:
            raise GridError(f"a kropki dot is white or black, not {self.colour!r}")
        if self.number() < 1 or (
            self.colour == BLACK and self.number() < 2 and self.value is not None and self.value < 1
        ):
            raise GridError(f"{self.describe(grid)} needs a number of 1 or more")

    def describe(self, grid: Grid) -> str:
        """``the white kropki dot between r1c1 and r1c2``."""
        return f"the {self.colour} {PairConstraint.describe(self, grid).removeprefix('the ')}"

    def holds(self, values: Values, grid: Grid) -> bool:
        """The two digits fit the dot."""
        return fits(self.colour, self.number(), values[self.first], values[self.second])

    def enforce(self, grid: Grid) -> Enforcement:
        """A difference or ratio link."""
        rule = "difference" if self.colour == WHITE else "ratio"
        cells = (grid.index[self.first], grid.index[self.second])
        return Enforcement(links=(Link(cells, rule, self.number(), kind=self.kind),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A dot on the shared edge, its number on it when it is not the default."""
        at = drawing.between(self.first, self.second)
        fill = "#000000" if self.colour == BLACK else "#ffffff"
        shapes = [drawing.circle(self.kind, at, 0.13, fill=fill, stroke="#000000", stroke_width=0.025)]
        if self.value is not None and self.value != DEFAULTS[self.colour]:
            ink = "#ffffff" if self.colour == BLACK else "#000000"
            shapes.append(drawing.text(self.kind, at, str(self.value), 0.16, color=ink))
        return shapes

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[Kropki]:
        """``difference`` (white) and ``ratio`` (black) items: two cells and an optional value."""
        colour = WHITE if key == "difference" else BLACK
        found = []
        for item in source.items(key):
            first, second = cls.pair(source, item, key)
            value = source.number(item, key)
            found.append(cls(first, second, colour, value if value != DEFAULTS[colour] else None))
        return found

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """An item under ``difference`` or ``ratio``."""
        item: dict[str, object] = {"cells": [sink.name(self.first), sink.name(self.second)]}
        if self.value is not None and self.value != DEFAULTS[self.colour]:
            item["value"] = str(self.value)
        sink.add(KEYS[self.colour], item)

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[Kropki]:
        """Small round white or black overlays on an edge; a number on the dot is its value."""
        found = []
        for k, item in scene.unclaimed("overlays"):
            pair = scene.edge(item)
            width = scene.number(item, "width") or 0
            if pair is None or not scene.prop(item, "rounded") or not 0.1 <= width <= 0.45:
                continue
            fill = scene.colour(item, "backgroundColor")[:7]
            border = scene.colour(item, "borderColor")[:7]
            if fill == "#FFFFFF" or (not fill and border in ("#000000", "")):
                colour = WHITE
            elif fill == "#000000":
                colour = BLACK
            else:
                continue
            text = scene.text(item)
            if text and not text.isdigit():
                continue
            value = int(text) if text else None
            found.append(cls(pair[0], pair[1], colour, value if value != DEFAULTS[colour] else None))
            scene.claim("overlays", k, cls.kind)
        return found
