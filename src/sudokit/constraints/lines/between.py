"""Between lines: every digit on the line lies strictly between the digits in the circles at its ends."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Deduction, Enforcement, Shape, SudokuPadScene, Values, register
from sudokit.constraints.families import LineConstraint
from sudokit.model import LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The first end, then the lowest and highest value inside; the last end must enclose them."""

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return (v, None, None)
        first, low, high = state
        if i < length - 1:
            return (first, v if low is None else min(low, v), v if high is None else max(high, v))
        a, b = min(first, v), max(first, v)
        if low is not None and not (a < low and high < b):
            return None
        return (first, low, high)

    return Machine(None, step, lambda state: True)


automata.define(
    "between", "every digit between the ends lies strictly between the ends' digits", (0, 0), _machine
)


@register
@dataclass(frozen=True, slots=True)
class Between(LineConstraint):
    """A between line: its inner digits lie strictly between the digits of its two end circles."""

    kind: ClassVar[str] = "between"
    deduction: ClassVar[Deduction | None] = Deduction(
        "between_line_ranges",
        "Between Line Ranges",
        30,
        2.5,
        (
            "Digits on a between line lie strictly between the digits in its two circles, so the circles "
            "bound the line and the line the circles."
        ),
    )
    phrasing: ClassVar[str] = "between strictly circles circle ends inclusive associated | values of the"
    noun: ClassVar[str] = "between line"
    mentions: ClassVar[tuple[str, ...]] = ("circle",)
    rule: ClassVar[str] = "digits on the line lie strictly between the digits in the circles at its two ends"
    source: ClassVar[str] = "f-puzzles solver (Constraints/BetweenLineConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("betweenline",)
    sudokupad: ClassVar[str] = "a thin grey line joining two open circles"
    sudokupad_order: ClassVar[int] = 20
    shortest: ClassVar[int] = 3
    colour: ClassVar[str] = "#9e9e9e"
    width: ClassVar[float] = 0.08
    words: ClassVar[tuple[str, ...]] = ("between line", "lie between", "lies between", "strictly between")
    aliases: ClassVar[tuple[str, ...]] = ("between line",)

    def holds(self, values: Values, grid: Grid) -> bool:
        """Each inner digit is above the lower end and below the higher."""
        low, high = sorted((values[self.line[0]], values[self.line[-1]]))
        return all(low < values[c] < high for c in self.line[1:-1])

    def enforce(self, grid: Grid) -> Enforcement:
        """The between automaton."""
        return Enforcement(rules=(LineRule("between", tuple(grid.index[c] for c in self.line)),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A thin line with an open circle at each end."""
        return drawing.line_between_circles(self.kind, self.line, self.colour, self.width)

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[Between]:
        """A line whose two end cells hold open circles (rounded overlays with a border, no fill)."""
        circles: dict[tuple[int, int], int] = {}
        for k, item in scene.unclaimed("overlays"):
            centre = scene.point(scene.prop(item, "center"))
            width = scene.number(item, "width") or 0
            fill = scene.colour(item, "backgroundColor")
            if centre is None or not scene.prop(item, "rounded") or width < 0.6 or scene.text(item):
                continue
            if fill not in ("", "#FFFFFF", "#FFFFFFFF") or not scene.colour(item, "borderColor"):
                continue
            cell = scene.cell_at(centre)
            if cell is not None:
                circles.setdefault(cell, k)
        found = []
        for k, item in scene.unclaimed("lines"):
            cells = scene.path(item)
            if not cells or len(cells) < 3 or len(set(cells)) != len(cells):
                continue
            if cells[0] in circles and cells[-1] in circles and (scene.says(*cls.words) or not scene.rules):
                found.append(cls(tuple(cells)))
                scene.claim("lines", k, cls.kind)
                scene.claim("overlays", circles[cells[0]], cls.kind)
                scene.claim("overlays", circles[cells[-1]], cls.kind)
        return found
