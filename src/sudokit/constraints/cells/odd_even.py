"""Odd and even cells: a marked cell holds an odd digit (a circle) or an even one (a square)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import Enforcement, Shape, SudokuPadScene, Values, register, value_mask
from sudokit.constraints.families import CellConstraint

if TYPE_CHECKING:
    from sudokit.model import Grid

GREY = "#CFCFCF"


@dataclass(frozen=True, slots=True)
class _Parity(CellConstraint):
    """A cell that holds a digit of one parity."""

    family: ClassVar[str] = "cell"
    remainder: ClassVar[int] = 1
    round: ClassVar[bool] = True

    def holds(self, values: Values, grid: Grid) -> bool:
        """The digit's parity."""
        return values[self.cell] % 2 == self.remainder

    def enforce(self, grid: Grid) -> Enforcement:
        """The cell limited to the digits of its parity."""
        return Enforcement(
            masks=((grid.index[self.cell], value_mask(grid, lambda v: v % 2 == self.remainder)),)
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """A grey circle (odd) or square (even) in the cell."""
        at = drawing.centre(self.cell)
        if self.round:
            return [drawing.circle(self.kind, at, 0.36, fill="#d8d8d8", layer=0)]
        return [drawing.rect(self.kind, at, 0.72, 0.72, fill="#d8d8d8", layer=0)]

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[_Parity]:
        """Shapes 0.5 to 0.85 cells wide in a cell's centre: circles for odd, squares for even.

        SudokuPad's f-puzzles loader draws them grey (#CFCFCF, 0.7 wide).  In any other colour a shape
        is read only when the rules text ties that shape to the parity in one sentence ("yellow
        circles contain odd digits"), or names the parity and the shape is grey.
        """
        shape = r"circles?|round|dots?" if cls.round else r"squares?|boxes"
        parity = "odd" if cls.round else "even"
        tied = any(
            re.search(rf"\b({shape})\b", sentence) and re.search(rf"\b{parity}\b", sentence)
            for sentence in re.split(r"[.\n]", scene.rules)
        )
        found = []
        for what in ("underlays", "overlays"):
            for k, item in scene.unclaimed(what):
                centre = scene.point(scene.prop(item, "center"))
                cell = scene.cell_at(centre) if centre else None
                width = scene.number(item, "width") or 0
                height = scene.number(item, "height") or width
                if cell is None or centre is None or scene.text(item) or not 0.5 <= width <= 0.85:
                    continue
                if abs(width - height) > 0.05:
                    continue
                if abs(centre[0] - cell[0] - 0.5) > 0.05 or abs(centre[1] - cell[1] - 0.5) > 0.05:
                    continue
                fill = scene.colour(item, "backgroundColor")[:7]
                if fill in ("", "#FFFFFF") or bool(scene.prop(item, "rounded")) != cls.round:
                    continue
                loader_style = what == "underlays" and fill == GREY and abs(width - 0.7) < 0.05
                grey_said = _greyish(fill) and scene.says(parity)
                if not (loader_style or tied or grey_said):
                    continue
                found.append(cls(cell))
                scene.claim(what, k, cls.kind)
        return found


def _greyish(colour: str) -> bool:
    """Whether a #RRGGBB colour is a grey (its channels within 24 of each other)."""
    try:
        channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    except ValueError:
        return False
    return max(channels) - min(channels) <= 24


@register
@dataclass(frozen=True, slots=True)
class Odd(_Parity):
    """An odd cell (a grey circle): it holds an odd digit."""

    kind: ClassVar[str] = "odd"
    phrasing: ClassVar[str] = "odd"
    noun: ClassVar[str] = "odd cell"
    mentions: ClassVar[tuple[str, ...]] = ("odd",)
    rule: ClassVar[str] = "a cell marked with a grey circle holds an odd digit"
    source: ClassVar[str] = "f-puzzles solver (Constraints/OddConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("odd",)
    sudokupad: ClassVar[str] = "a grey circle 0.7 cells wide in the cell (an underlay)"
    sudokupad_order: ClassVar[int] = 40


@register
@dataclass(frozen=True, slots=True)
class Even(_Parity):
    """An even cell (a grey square): it holds an even digit."""

    kind: ClassVar[str] = "even"
    phrasing: ClassVar[str] = "even"
    noun: ClassVar[str] = "even cell"
    mentions: ClassVar[tuple[str, ...]] = ("even",)
    rule: ClassVar[str] = "a cell marked with a grey square holds an even digit"
    source: ClassVar[str] = "f-puzzles solver (Constraints/EvenConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("even",)
    sudokupad: ClassVar[str] = "a grey square 0.7 cells wide in the cell (an underlay)"
    sudokupad_order: ClassVar[int] = 40
    remainder: ClassVar[int] = 0
    round: ClassVar[bool] = False
