"""Clones: two groups of cells of the same shape hold the same digits in the same places."""

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
    Values,
    check_line,
    register,
    span,
)
from sudokit.errors import GridError
from sudokit.model import Cell, Link

if TYPE_CHECKING:
    from sudokit.model import Grid


@register
@dataclass(frozen=True, slots=True)
class Clone(Constraint):
    """Clones: each cell of ``copies`` holds the same digit as the cell of ``originals`` in its place."""

    kind: ClassVar[str] = "clone"
    deduction: ClassVar[Deduction | None] = Deduction(
        "clone_equality",
        "Clone Equality",
        20,
        2.0,
        "Cloned cells hold the same digit, so each keeps only the candidates its clone also has.",
    )
    phrasing: ClassVar[str] = (
        "clone clones cloned identical shape shapes same areas arrangement rotation reflection"
    )
    family: ClassVar[str] = "cell"
    noun: ClassVar[str] = "clone"
    mentions: ClassVar[tuple[str, ...]] = ("clone",)
    rule: ClassVar[str] = (
        "each cell of one shaded region holds the same digit as the matching cell of its clone"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/CloneConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("clone",)

    originals: tuple[Cell, ...]
    copies: tuple[Cell, ...]

    def cells(self) -> tuple[Cell, ...]:
        """Both groups."""
        return self.originals + self.copies

    def describe(self, grid: Grid) -> str:
        """``the clone of r1c1-r1c2 at r7c7-r7c8``."""
        return f"the clone of {span(self.originals)} at {span(self.copies)}"

    def validate(self, grid: Grid) -> None:
        """Two groups of as many cells of the grid."""
        check_line(grid, self.originals, self.noun, 1)
        check_line(grid, self.copies, self.noun, 1)
        if len(self.originals) != len(self.copies):
            raise GridError(
                f"a clone pairs {len(self.originals)} cells with {len(self.copies)}; "
                "it needs as many on each side"
            )

    def holds(self, values: Values, grid: Grid) -> bool:
        """The same digit in each pair of matching cells."""
        return all(values[a] == values[b] for a, b in zip(self.originals, self.copies, strict=True))

    def enforce(self, grid: Grid) -> Enforcement:
        """An equality link per pair."""
        drawn = tuple(grid.index[c] for c in self.originals + self.copies)
        return Enforcement(
            links=tuple(
                Link((grid.index[a], grid.index[b]), "equal", kind=self.kind, line=drawn)
                for a, b in zip(self.originals, self.copies, strict=True)
            )
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """Both groups shaded."""
        return [drawing.shade(self.kind, self.originals + self.copies, "#7fa7d9", 0.3)]

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[Clone]:
        """``{"cells": [...], "cloneCells": [...]}``."""
        return [
            cls(tuple(source.cells(item)), tuple(source.cells(item, "cloneCells")))
            for item in source.items(key)
        ]

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """A ``clone`` item."""
        sink.add(
            "clone",
            {
                "cells": [sink.name(c) for c in self.originals],
                "cloneCells": [sink.name(c) for c in self.copies],
            },
        )
