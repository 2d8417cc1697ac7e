"""Inequality signs: a "greater than" sign between two cells points at the smaller digit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import Deduction, Enforcement, Shape, SudokuPadScene, Values, register
from sudokit.constraints.families import PairConstraint
from sudokit.model import Link, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid


@register
@dataclass(frozen=True, slots=True)
class Inequality(PairConstraint):
    """An inequality sign: the digit in ``first`` is greater than the digit in ``second``."""

    kind: ClassVar[str] = "inequality"
    deduction: ClassVar[Deduction | None] = Deduction(
        "inequality_signs",
        "Greater-Than Signs",
        20,
        2.0,
        (
            "A sign between two cells says which is greater, so the smaller cell loses its highest candidates"
            " and the greater its lowest."
        ),
    )
    phrasing: ClassVar[str] = "greater less than larger smaller points point adjoining lower higher facing"
    family: ClassVar[str] = "dot"
    noun: ClassVar[str] = "inequality sign"
    mentions: ClassVar[tuple[str, ...]] = (
        "inequality",
        "greater",
        "less than",
        "points to",
        "point to",
        "sign",
    )
    rule: ClassVar[str] = "the digit on the open side of the sign is greater than the digit it points at"
    source: ClassVar[str] = "the Greater Than (Futoshiki) rules"
    sudokupad: ClassVar[str] = "a < or > (or a chevron) on the edge between two cells"
    sudokupad_order: ClassVar[int] = 26
    aliases: ClassVar[tuple[str, ...]] = ("greater than", "greater-than")

    def describe(self, grid: Grid) -> str:
        """``the inequality r1c1 > r1c2``."""
        return f"the inequality {cell_name(self.first)} > {cell_name(self.second)}"

    def holds(self, values: Values, grid: Grid) -> bool:
        """The first digit is greater."""
        return values[self.first] > values[self.second]

    def enforce(self, grid: Grid) -> Enforcement:
        """A "less" link from the smaller cell to the greater."""
        return Enforcement(
            links=(Link((grid.index[self.second], grid.index[self.first]), "less", kind=self.kind),)
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """A chevron on the edge pointing at the smaller cell."""
        (r1, c1), (r2, c2) = self.first, self.second
        dr, dc = r2 - r1, c2 - c1
        mid = drawing.between(self.first, self.second)
        tip = [mid[0] + dr * 0.1, mid[1] + dc * 0.1]
        back = [mid[0] - dr * 0.1, mid[1] - dc * 0.1]
        ends = [[back[0] + dc * 0.14, back[1] + dr * 0.14], tip, [back[0] - dc * 0.14, back[1] - dr * 0.14]]
        return [drawing.line(self.kind, ends, drawing.INK, 0.04, layer=2)]

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[Inequality]:
        """A "<" or ">" (an up or down wedge across rows) as text on an edge, turned by its angle.

        The wedge opens towards the greater digit; turned (``angle``, clockwise in degrees, by
        quarter turns) it opens another way.  Unturned, "<" and ">" also stand for wedges across
        rows, as setters type them; a turned wedge opening along the edge is not read.
        """
        found = []
        for what in ("overlays", "underlays"):
            for k, item in scene.unclaimed(what):
                text = scene.text(item)
                pair = scene.edge(item)
                if pair is None or text not in _OPENS:
                    continue
                a, b = pair  # a is above or left of b
                across_rows = a[1] == b[1]
                quarter = round((scene.number(item, "angle") or 0) / 90) % 4
                opens = _OPENS[text]
                if quarter:
                    for _ in range(quarter):  # a clockwise quarter turn, y downwards
                        opens = (-opens[1], opens[0])
                    towards_b = opens[1] if across_rows else opens[0]
                else:
                    towards_b = sum(opens)
                if towards_b == 0:
                    continue
                found.append(cls(b, a) if towards_b > 0 else cls(a, b))
                scene.claim(what, k, cls.kind)
        return found


_OPENS = {
    "<": (1, 0),
    ">": (-1, 0),
    "\u2227": (0, 1),
    "^": (0, 1),
    "\u02c4": (0, 1),
    "\u2228": (0, -1),
    "\u02c5": (0, -1),
}
"""Which way each wedge opens (x rightwards, y downwards): towards the greater digit."""
