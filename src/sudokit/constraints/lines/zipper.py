"""Zipper lines: digits the same distance from the line's centre add up to the same total."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints.base import Deduction, Enforcement, Values, register
from sudokit.constraints.families import LineConstraint
from sudokit.model import Sum

if TYPE_CHECKING:
    from sudokit.model import Grid


@register
@dataclass(frozen=True, slots=True)
class Zipper(LineConstraint):
    """A zipper line: digits the same distance from its centre add up alike; on an odd line, to the centre."""

    kind: ClassVar[str] = "zipper"
    deduction: ClassVar[Deduction | None] = Deduction(
        "zipper_sums",
        "Zipper Sums",
        27,
        2.3,
        (
            "Cells the same distance from a zipper line's middle add up to the middle digit, so each pair's "
            "candidates bound it and each other."
        ),
    )
    phrasing: ClassVar[str] = (
        "sum sums total add up equal distance pairs equidistant | same total | sum to the same total"
    )
    noun: ClassVar[str] = "zipper line"
    rule: ClassVar[str] = (
        "digits the same distance from the line's centre add up to the same total; on a line of odd "
        "length that total is the centre's digit"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/ZipperLineConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("zipperline",)
    sudokupad: ClassVar[str] = "a lavender line the rules call a zipper"
    shortest: ClassVar[int] = 2
    marks_centre: ClassVar[bool] = True
    colour: ClassVar[str] = "#cdb1ec"
    width: ClassVar[float] = 0.16
    words: ClassVar[tuple[str, ...]] = ("zipper", "equal distance from the cent")
    colours: ClassVar[tuple[str, ...]] = ("#CDB1EC",)
    aliases: ClassVar[tuple[str, ...]] = ("zipper line",)

    def holds(self, values: Values, grid: Grid) -> bool:
        """Mirrored pairs share one sum; the centre of an odd line is it."""
        v = [values[c] for c in self.line]
        totals = {v[k] + v[-1 - k] for k in range(len(v) // 2)}
        return len(totals) <= 1 and (len(v) % 2 == 0 or not totals or totals == {v[len(v) // 2]})

    def enforce(self, grid: Grid) -> Enforcement:
        """Each pair's sum equals the next pair's (or the centre)."""
        cells = tuple(grid.index[c] for c in self.line)
        pairs = [(cells[k], cells[-1 - k]) for k in range(len(cells) // 2)]
        if len(cells) % 2:
            centre = cells[len(cells) // 2]
            made = [Sum((a, b, centre), 0, (1, 1, -1), self.kind, cells) for a, b in pairs]
        else:
            made = [Sum((*p, *q), 0, (1, 1, -1, -1), self.kind, cells) for p, q in itertools.pairwise(pairs)]
        return Enforcement(sums=tuple(made))
