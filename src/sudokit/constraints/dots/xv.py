"""XV: an X between two cells whose digits add up to 10, a V where they add up to 5."""

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

LETTERS = {"X": 10, "V": 5}
"""Each letter's sum."""


@register
@dataclass(frozen=True, slots=True)
class XV(PairConstraint):
    """An XV sign between two cells: X, their digits add up to 10; V, to 5."""

    kind: ClassVar[str] = "xv"
    deduction: ClassVar[Deduction | None] = Deduction(
        "xv_sums",
        "XV Sums",
        20,
        2.0,
        (
            "An X joins two digits adding up to 10 and a V two adding up to 5, so a digit stays only if its "
            "partner is a candidate across the sign."
        ),
    )
    phrasing: ClassVar[str] = "sum sums summing total add up ten five"
    family: ClassVar[str] = "dot"
    noun: ClassVar[str] = "XV sign"
    mentions: ClassVar[tuple[str, ...]] = ("xv", "x", "v", "sum to 10", "sum to 5")
    rule: ClassVar[str] = "the two digits add up to 10 across an X, to 5 across a V"
    source: ClassVar[str] = "f-puzzles solver (Constraints/SumConstraint: `xv` value X or V)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("xv",)
    sudokupad: ClassVar[str] = (
        "an X or V as text on the edge between two cells (on a small white shape or none)"
    )
    sudokupad_order: ClassVar[int] = 25

    total: int = 10
    """10 (X) or 5 (V)."""

    def letter(self) -> str:
        """X, V, or the sum when it is neither."""
        return {10: "X", 5: "V"}.get(self.total, str(self.total))

    def describe(self, grid: Grid) -> str:
        """``the X between r1c1 and r1c2``."""
        return f"the {self.letter()} between {PairConstraint.describe(self, grid).split(' between ', 1)[1]}"

    def validate(self, grid: Grid) -> None:
        """Two cells and a positive sum."""
        PairConstraint.validate(self, grid)
        if self.total < 2:
            raise GridError(f"an XV sign adds up to 5 or 10, not {self.total}")

    def holds(self, values: Values, grid: Grid) -> bool:
        """The digits add up to the sign's sum."""
        return values[self.first] + values[self.second] == self.total

    def enforce(self, grid: Grid) -> Enforcement:
        """A sum link."""
        cells = (grid.index[self.first], grid.index[self.second])
        return Enforcement(links=(Link(cells, "sum", self.total, kind=self.kind),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """The letter on the shared edge."""
        at = drawing.between(self.first, self.second)
        return [drawing.text(self.kind, at, self.letter(), 0.34, bold=True, halo=True)]

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[XV]:
        """``xv`` items with the value X or V; one with no value is skipped (as the f-puzzles solver does)."""
        found = []
        for item in source.items(key):
            first, second = cls.pair(source, item, key)
            value = item.get("value")
            text = str(value).strip().upper() if value is not None else ""
            if not text:
                continue
            if text not in LETTERS:
                raise source.error(f'an xv sign is "X" or "V", not {value!r}')
            found.append(cls(first, second, LETTERS[text]))
        return found

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """An ``xv`` item."""
        if self.total not in (5, 10):
            raise GridError(f"f-puzzles writes X and V signs only, not a sum of {self.total}")
        sink.add("xv", {"cells": [sink.name(self.first), sink.name(self.second)], "value": self.letter()})

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[XV]:
        """An X or a V (any case) as the text of a drawing centred on an edge."""
        found = []
        for what in ("overlays", "underlays"):
            for k, item in scene.unclaimed(what):
                text = scene.text(item).upper()
                pair = scene.edge(item)
                if text not in LETTERS or pair is None:
                    continue
                width = scene.number(item, "width") or 0
                if width > 0.8:
                    continue
                found.append(cls(pair[0], pair[1], LETTERS[text]))
                scene.claim(what, k, cls.kind)
        return found
