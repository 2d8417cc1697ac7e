"""Parity lines: neighbouring digits on the line alternate between odd and even."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints.base import Deduction, Enforcement, Values, pairwise, register
from sudokit.constraints.families import LineConstraint
from sudokit.model import Link

if TYPE_CHECKING:
    from sudokit.model import Grid


@register
@dataclass(frozen=True, slots=True)
class ParityLine(LineConstraint):
    """A parity line: digits next to each other on it are one odd and one even."""

    kind: ClassVar[str] = "parity line"
    window: ClassVar[int] = 2
    deduction: ClassVar[Deduction | None] = Deduction(
        "parity_alternation",
        "Parity Alternation",
        22,
        2.1,
        (
            "Digits along a parity line alternate odd and even, so a cell's parity fixes every other cell's "
            "on the line."
        ),
    )
    phrasing: ClassVar[str] = "parity odd even alternate alternating"
    noun: ClassVar[str] = "parity line"
    rule: ClassVar[str] = "adjacent digits along the line alternate between odd and even"
    source: ClassVar[str] = "the Parity Line rules of setters' rules texts"
    sudokupad: ClassVar[str] = "a line (often red) the rules call a parity line"
    colour: ClassVar[str] = "#e06666"
    width: ClassVar[float] = 0.16
    words: ClassVar[tuple[str, ...]] = (
        "one even digit and one odd",
        "one odd digit and one even",
        "one odd and one even",
        "one even and one odd",
        "parity line",
        "alternate between odd and even",
        "alternate in parity",
    )
    colours: ClassVar[tuple[str, ...]] = ("#FF0000", "#E06666", "#CC0000")
    aliases: ClassVar[tuple[str, ...]] = ("parity",)

    def holds(self, values: Values, grid: Grid) -> bool:
        """Neighbours differ in parity."""
        return all((values[a] + values[b]) % 2 == 1 for a, b in pairwise(self.line))

    def enforce(self, grid: Grid) -> Enforcement:
        """A parity link per step."""
        values = grid.values
        pairs = frozenset((a, b) for a in values for b in values if (a + b) % 2 == 1)
        return Enforcement(
            links=tuple(
                Link((grid.index[a], grid.index[b]), "pairs", kind=self.kind, pairs=pairs)
                for a, b in pairwise(self.line)
            )
        )
