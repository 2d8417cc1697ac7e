"""Negative rules of edge clues: where no dot (or no X or V) is drawn, the clue's relation does not hold.

As the f-puzzles solver reads them (Constraints/OrthogonalValueConstraint): the non-consecutive rule
is the negative of the white dots and the negative ratio rule that of the black dots, and a pair with
a kropki dot of either colour is exempt from both; the anti-XV rule is the negative of the X and V
signs, and only an X or a V exempts a pair from it.  Dots and XV signs never exempt each other.
"""

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
    Values,
    of_kind,
    orthogonal_pairs,
    register,
    value_distances,
)
from sudokit.constraints.dots.kropki import BLACK, Kropki
from sudokit.constraints.dots.xv import XV
from sudokit.constraints.families import GlobalRule
from sudokit.errors import FormatError
from sudokit.model import Cell, Link

if TYPE_CHECKING:
    from sudokit.model import Grid


def negatives(source: FPuzzlesSource) -> list[str]:
    """The names in f-puzzles' ``negative`` list (``ratio``, ``xv``)."""
    names = source.data.get("negative") or []
    if not isinstance(names, list) or any(not isinstance(name, str) for name in names):
        raise source.error(f'"negative" lists dot kinds (ratio, xv), not {names!r}')
    return names


def undotted(grid: Grid) -> list[tuple[Cell, Cell]]:
    """The orthogonal pairs with no kropki dot of either colour."""
    dotted = {d.key() for d in of_kind(grid, Kropki)}
    return [pair for pair in orthogonal_pairs(grid) if frozenset(pair) not in dotted]


NEGATIVE_DOT_RULE = Deduction(
    "negative_dot_rule",
    "Negative Dot Rule",
    28,
    2.4,
    (
        "Where no dot is drawn two neighbours are not related that way, so a candidate goes when every "
        "candidate of a neighbour would need a dot."
    ),
)
"""What solvers call the deductions of the kinds of this module (they share one technique)."""


@register
@dataclass(frozen=True, slots=True)
class NonConsecutive(GlobalRule):
    """Non-consecutive: orthogonal neighbours hold no consecutive digits, unless a kropki dot joins them."""

    kind: ClassVar[str] = "nonconsecutive"
    deduction: ClassVar[Deduction | None] = NEGATIVE_DOT_RULE
    phrasing: ClassVar[str] = "consecutive non"
    noun: ClassVar[str] = "non-consecutive"
    mentions: ClassVar[tuple[str, ...]] = ("consecutive", "dot")
    rule: ClassVar[str] = (
        "orthogonally adjacent digits are not consecutive; a pair joined by a kropki dot (white or black, "
        "of any value) follows its dot instead (the negative rule of the white dots)"
    )
    source: ClassVar[str] = (
        "f-puzzles solver (`nonconsecutive` is `neg1` of Constraints/DifferenceConstraint; dots of both "
        "colours are its override markers)"
    )
    fpuzzles: ClassVar[tuple[str, ...]] = ("nonconsecutive", "negative")
    sudokupad: ClassVar[str] = "`nonconsecutive` (or `antidifference`) in the puzzle's `global` list"
    aliases: ClassVar[tuple[str, ...]] = ("non-consecutive", "antidifference", "negative difference")

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[NonConsecutive]:
        """The ``nonconsecutive`` flag, or ``"difference"`` in ``negative`` (which means the same)."""
        if key == "nonconsecutive":
            return [cls()] if source.data.get(key) is True else []
        return (
            [cls()]
            if "difference" in negatives(source) and source.data.get("nonconsecutive") is not True
            else []
        )

    def holds(self, values: Values, grid: Grid) -> bool:
        """No undotted orthogonal pair differs by 1."""
        return all(abs(values[a] - values[b]) != 1 for a, b in undotted(grid))

    def enforce(self, grid: Grid) -> Enforcement:
        """A relation forbidding neighbouring symbols on every undotted pair.

        Consecutive means values one apart: where the alphabet is not in value order (``0 1 2 3 5
        4``), neighbours in the alphabet are not neighbours in value, and each pair is a link on values.
        """
        return value_distances(grid, undotted(grid), frozenset({1}), self.kind)

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, "non-consecutive")]


@register
@dataclass(frozen=True, slots=True)
class NegativeRatio(GlobalRule):
    """All black dots are given: no undotted pair of neighbours is in any black dot's ratio (2 by default)."""

    kind: ClassVar[str] = "negative ratio"
    deduction: ClassVar[Deduction | None] = NEGATIVE_DOT_RULE
    phrasing: ClassVar[str] = "ratio double half"
    noun: ClassVar[str] = "negative black dot"
    mentions: ClassVar[tuple[str, ...]] = ("dot", "ratio", "double")
    rule: ClassVar[str] = (
        "no orthogonal pair without a kropki dot has one digit that is the ratio of any black dot drawn "
        "(2 when none is drawn) times the other"
    )
    source: ClassVar[str] = (
        'f-puzzles solver (`negative: ["ratio"]`: `neg<value>` of Constraints/RatioConstraint)'
    )
    fpuzzles: ClassVar[tuple[str, ...]] = ("negative",)
    sudokupad: ClassVar[str] = "`antiratio` in the puzzle's `global` list"
    aliases: ClassVar[tuple[str, ...]] = ("antiratio", "anti-ratio", "negative black")

    def ratios(self, grid: Grid) -> list[int]:
        """The ratios of the black dots drawn, or 2 when there are none."""
        return sorted({d.number() for d in of_kind(grid, Kropki) if d.colour == BLACK}) or [2]

    def holds(self, values: Values, grid: Grid) -> bool:
        """No undotted pair in any of the ratios."""
        return all(
            values[a] != r * values[b] and values[b] != r * values[a]
            for a, b in undotted(grid)
            for r in self.ratios(grid)
        )

    def enforce(self, grid: Grid) -> Enforcement:
        """A negated ratio link per undotted pair and ratio."""
        return Enforcement(
            links=tuple(
                Link((grid.index[a], grid.index[b]), "ratio", r, negated=True, kind=self.kind)
                for a, b in undotted(grid)
                for r in self.ratios(grid)
            )
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, "all black dots given")]

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """``"ratio"`` in ``negative``."""
        sink.add("negative", "ratio")

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[NegativeRatio]:
        """``"ratio"`` in ``negative``."""
        return [cls()] if "ratio" in negatives(source) else []


@register
@dataclass(frozen=True, slots=True)
class AntiXV(GlobalRule):
    """All X and V signs are given: no other pair of neighbours adds up to 5 or 10."""

    kind: ClassVar[str] = "anti xv"
    deduction: ClassVar[Deduction | None] = NEGATIVE_DOT_RULE
    phrasing: ClassVar[str] = "sum sums total ten five"
    noun: ClassVar[str] = "negative XV"
    json_numbers: ClassVar[tuple[str, ...]] = ("totals",)
    mentions: ClassVar[tuple[str, ...]] = ("x", "v", "xv")
    rule: ClassVar[str] = (
        "no orthogonal pair without an X or a V adds up to 5 or 10 (kropki dots do not exempt a pair)"
    )
    source: ClassVar[str] = 'f-puzzles solver (`negative: ["xv"]`: `neg5;neg10` of Constraints/SumConstraint)'
    fpuzzles: ClassVar[tuple[str, ...]] = ("negative",)
    sudokupad: ClassVar[str] = "`antixv` in the puzzle's `global` list"
    aliases: ClassVar[tuple[str, ...]] = ("antixv", "anti-xv", "negative xv")

    totals: tuple[int, ...] = (10, 5)
    """The sums no free pair makes: both (every X and V is given), or only 10 or only 5."""

    def describe(self, grid: Grid) -> str:
        """``the negative XV rule`` (``... of the V`` when only one letter's pairs are all given)."""
        only = {10: " of the X", 5: " of the V"}.get(self.totals[0], "") if len(self.totals) == 1 else ""
        return f"the negative XV rule{only}"

    def free(self, grid: Grid) -> list[tuple[Cell, Cell]]:
        """The orthogonal pairs without an X or a V."""
        signed = {s.key() for s in of_kind(grid, XV)}
        return [pair for pair in orthogonal_pairs(grid) if frozenset(pair) not in signed]

    def holds(self, values: Values, grid: Grid) -> bool:
        """No free pair adds up to one of the totals."""
        return all(values[a] + values[b] not in self.totals for a, b in self.free(grid))

    def enforce(self, grid: Grid) -> Enforcement:
        """Negated sum links of 5 and 10 per free pair."""
        return Enforcement(
            links=tuple(
                Link((grid.index[a], grid.index[b]), "sum", total, negated=True, kind=self.kind)
                for a, b in self.free(grid)
                for total in self.totals
            )
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, "all X and V given")]

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """``"xv"`` in ``negative`` (f-puzzles' negative covers both letters)."""
        if self.totals != (10, 5):
            raise FormatError(f"f-puzzles has no form for {self.describe(grid)}")
        sink.add("negative", "xv")

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[AntiXV]:
        """``"xv"`` in ``negative``."""
        return [cls()] if "xv" in negatives(source) else []
