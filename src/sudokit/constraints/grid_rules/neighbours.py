"""Rules between near or distant cells of the whole grid: diagonal non-consecutive, taxicab, knightmare."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import Deduction, Enforcement, Shape, Values, register, value_distances
from sudokit.constraints.families import GlobalRule
from sudokit.constraints.grid_rules.chess import leap_pairs, leaps
from sudokit.errors import GridError
from sudokit.model import Cell, Link, Relation

if TYPE_CHECKING:
    from sudokit.model import Grid


def at_distance(grid: Grid, distance: int) -> Iterator[tuple[Cell, Cell]]:
    """Every pair of cells exactly ``distance`` apart in taxicab (Manhattan) distance, once."""
    for a in grid.cells:
        for b in grid.cells:
            if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == distance:
                yield a, b


NEIGHBOUR_RULE = Deduction(
    "neighbour_rule",
    "Global Neighbour Rule",
    28,
    2.4,
    (
        "A rule over every pair of neighbouring cells removes the candidates that no candidate of a "
        "neighbour can stand next to."
    ),
)
"""What solvers call the deductions of the kinds of this module (they share one technique)."""


@dataclass(frozen=True, slots=True)
class _Named(GlobalRule):
    """A whole-grid rule named under the grid."""

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, self.describe(grid).removeprefix("the ").removesuffix(" rule"))]


@register
@dataclass(frozen=True, slots=True)
class DiagonalNonConsecutive(_Named):
    """Diagonal non-consecutive: diagonally adjacent cells never hold consecutive digits."""

    kind: ClassVar[str] = "diagonal nonconsecutive"
    deduction: ClassVar[Deduction | None] = NEIGHBOUR_RULE
    phrasing: ClassVar[str] = "consecutive diagonally diagonal touch touching"
    noun: ClassVar[str] = "diagonal non-consecutive"
    mentions: ClassVar[tuple[str, ...]] = ("consecutive", "diagonal")
    rule: ClassVar[str] = "digits in diagonally adjacent cells are not consecutive"
    source: ClassVar[str] = "f-puzzles solver (Constraints/DiagonalNonconsecutiveConstraint, console `dnc`)"
    aliases: ClassVar[tuple[str, ...]] = ("dnc", "diagonal non-consecutive", "diagonally nonconsecutive")

    def holds(self, values: Values, grid: Grid) -> bool:
        """No diagonal neighbours differ by 1."""
        return all(abs(values[a] - values[b]) != 1 for a, b in leap_pairs(grid, leaps((1, 1))))

    def enforce(self, grid: Grid) -> Enforcement:
        """A relation forbidding neighbouring values on every diagonal pair."""
        return value_distances(grid, leap_pairs(grid, leaps((1, 1))), frozenset({1}), self.kind)


@register
@dataclass(frozen=True, slots=True)
class Taxicab(_Named):
    """Taxicab: two cells exactly ``distance`` apart (rows plus columns) never hold the same digit."""

    kind: ClassVar[str] = "taxicab"
    deduction: ClassVar[Deduction | None] = NEIGHBOUR_RULE
    phrasing: ClassVar[str] = "taxicab distance steps away repeat repeats repeated repeating repetition"
    noun: ClassVar[str] = "taxicab"
    mentions: ClassVar[tuple[str, ...]] = ("taxicab", "distance")
    rule: ClassVar[str] = (
        "two cells whose taxicab distance (rows apart plus columns apart) is the rule's number hold "
        "different digits"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/TaxicabConstraint, console `taxi`)"
    aliases: ClassVar[tuple[str, ...]] = ("taxi", "anti-taxicab")

    distance: int = 4

    def describe(self, grid: Grid) -> str:
        """``the taxicab 4 rule``."""
        return f"the taxicab {self.distance} rule"

    def validate(self, grid: Grid) -> None:
        """A distance of 1 or more."""
        if self.distance < 1:
            raise GridError(f"a taxicab distance is 1 or more, not {self.distance}")

    def holds(self, values: Values, grid: Grid) -> bool:
        """No two cells at the distance hold the same digit."""
        return all(values[a] != values[b] for a, b in at_distance(grid, self.distance))

    def enforce(self, grid: Grid) -> Enforcement:
        """A not-equal relation per pair at the distance."""
        same = frozenset({0})
        return Enforcement(
            relations=tuple(
                Relation((grid.index[a], grid.index[b]), same, self.kind)
                for a, b in at_distance(grid, self.distance)
            )
        )


@register
@dataclass(frozen=True, slots=True)
class SelfTaxicab(_Named):
    """Self-taxicab: a digit v never stands exactly v cells (rows plus columns) from another v."""

    kind: ClassVar[str] = "self taxicab"
    deduction: ClassVar[Deduction | None] = NEIGHBOUR_RULE
    phrasing: ClassVar[str] = (
        "taxicab distance steps away exactly repeat repeats repeated repeating repetition"
    )
    noun: ClassVar[str] = "self-taxicab"
    mentions: ClassVar[tuple[str, ...]] = ("taxicab", "distance")
    rule: ClassVar[str] = "no digit v has another v at taxicab distance exactly v"
    source: ClassVar[str] = "f-puzzles solver (Constraints/SelfTaxicabConstraint, console `selftaxi`)"
    aliases: ClassVar[tuple[str, ...]] = ("selftaxi", "self-taxicab")

    def holds(self, values: Values, grid: Grid) -> bool:
        """For each pair, their shared digit is not their distance."""
        cells = grid.cells
        return all(
            not (values[a] == values[b] == abs(a[0] - b[0]) + abs(a[1] - b[1]))
            for i, a in enumerate(cells)
            for b in cells[i + 1 :]
        )

    def enforce(self, grid: Grid) -> Enforcement:
        """A link per pair at a distance some digit has: not both that digit."""
        values = grid.values
        links = []
        for d in sorted(set(values)):
            if d < 1:
                continue
            pairs = frozenset((a, b) for a in values for b in values if not a == b == d)
            links += [
                Link((grid.index[a], grid.index[b]), "pairs", d, kind=self.kind, pairs=pairs)
                for a, b in at_distance(grid, d)
            ]
        return Enforcement(links=tuple(links))


@register
@dataclass(frozen=True, slots=True)
class Knightmare(_Named):
    """Knightmare: two cells a knight's move apart never add up to 5 or 15 (or the rule's sums)."""

    kind: ClassVar[str] = "knightmare"
    deduction: ClassVar[Deduction | None] = NEIGHBOUR_RULE
    phrasing: ClassVar[str] = "knight's move sum add up"
    noun: ClassVar[str] = "knightmare"
    mentions: ClassVar[tuple[str, ...]] = ("knight",)
    rule: ClassVar[str] = "two cells a knight's move apart do not add up to 5 or 15 (or the sums given)"
    source: ClassVar[str] = "f-puzzles solver (Constraints/KnightmareConstraint)"
    json_numbers: ClassVar[tuple[str, ...]] = ()

    sums: tuple[int, ...] = (5, 15)

    def holds(self, values: Values, grid: Grid) -> bool:
        """No knight's-move pair adds up to a forbidden sum."""
        return all(values[a] + values[b] not in self.sums for a, b in leap_pairs(grid, leaps((1, 2))))

    def enforce(self, grid: Grid) -> Enforcement:
        """Negated sum links per knight's-move pair and sum."""
        return Enforcement(
            links=tuple(
                Link((grid.index[a], grid.index[b]), "sum", total, negated=True, kind=self.kind)
                for a, b in leap_pairs(grid, leaps((1, 2)))
                for total in self.sums
            )
        )
