"""Double arrows: the two ends of the line add up to the sum of the cells between them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import Deduction, Enforcement, Shape, Values, register
from sudokit.constraints.families import LineConstraint
from sudokit.model import Sum

if TYPE_CHECKING:
    from sudokit.model import Grid


@register
@dataclass(frozen=True, slots=True)
class DoubleArrow(LineConstraint):
    """A double arrow: the digits in the circles at its two ends add up to the digits between them."""

    kind: ClassVar[str] = "double arrow"
    deduction: ClassVar[Deduction | None] = Deduction(
        "double_arrow_sums",
        "Double Arrow Sums",
        27,
        2.3,
        (
            "The digits between a double arrow's two circles add up to the circles' total, so each side "
            "bounds the other."
        ),
    )
    phrasing: ClassVar[str] = "sum sums total add up circles ends equal"
    noun: ClassVar[str] = "double arrow"
    rule: ClassVar[str] = "the digits at the two ends add up to the sum of the digits between them"
    source: ClassVar[str] = "f-puzzles solver (Constraints/DoubleArrowConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("doublearrow",)
    sudokupad: ClassVar[str] = "a line between two circles the rules call a double arrow"
    shortest: ClassVar[int] = 3
    colour: ClassVar[str] = "#888888"
    width: ClassVar[float] = 0.06
    words: ClassVar[tuple[str, ...]] = ("double arrow",)
    aliases: ClassVar[tuple[str, ...]] = ("double-arrow",)

    def holds(self, values: Values, grid: Grid) -> bool:
        """Ends' sum = inner sum."""
        return values[self.line[0]] + values[self.line[-1]] == sum(values[c] for c in self.line[1:-1])

    def enforce(self, grid: Grid) -> Enforcement:
        """One sum: inner cells minus the two ends is 0."""
        cells = tuple(grid.index[c] for c in self.line)
        return Enforcement(sums=(Sum(cells, 0, (-1, *[1] * (len(cells) - 2), -1), self.kind, cells),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A thin line with a circle at each end."""
        return drawing.line_between_circles(self.kind, self.line, self.colour, self.width)
