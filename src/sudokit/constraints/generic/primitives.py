"""The core's own forms as constraints: a link, a sum or a relation between chosen cells.

For rules no named kind describes: sudokit's JSON ``links``, ``sums`` and ``relations`` keys, and
custom rules built with :func:`sudokit.variants.with_links`.  The meaning is the form itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import Constraint, Enforcement, Shape, Values, check_line, register, span
from sudokit.errors import GridError
from sudokit.model import LINK_RULES, Cell, Link, Relation, Sum, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid


@register
@dataclass(frozen=True, slots=True)
class CustomLink(Constraint):
    """Two cells whose values fit a rule (:data:`sudokit.model.LINK_RULES`), optionally turned round."""

    kind: ClassVar[str] = "link"
    family: ClassVar[str] = "dot"
    noun: ClassVar[str] = "link"
    rule: ClassVar[str] = (
        "the two cells' values (a, b) fit the rule: less a < b, less_or_equal a <= b, difference |a-b| = v, "
        "ratio a = v*b or b = v*a, sum a + b = v, difference_at_least |a-b| >= v, equal a = b; negated: not"
    )
    source: ClassVar[str] = "sudokit's JSON"

    first: Cell
    second: Cell
    relation: str
    value: int = 0
    negated: bool = False
    label: str = "custom"
    """What the setter calls it, for messages and drawing (``inequality``, ...)."""

    def cells(self) -> tuple[Cell, ...]:
        """The two cells."""
        return (self.first, self.second)

    def describe(self, grid: Grid) -> str:
        """``the inequality link r1c1-r1c2``."""
        return f"the {self.label} link {cell_name(self.first)}-{cell_name(self.second)}"

    def primitive(self, grid: Grid) -> Link:
        """The link itself."""
        return Link(
            (grid.index[self.first], grid.index[self.second]),
            self.relation,
            self.value,
            self.negated,
            self.label,
        )

    def validate(self, grid: Grid) -> None:
        """Two cells of the grid and a known rule."""
        Constraint.validate(self, grid)
        if self.first == self.second:
            raise GridError(f"a link joins {cell_name(self.first)} to itself")
        if self.relation not in LINK_RULES:
            raise GridError(f"unknown link rule {self.relation!r} (known: {', '.join(LINK_RULES)})")

    def holds(self, values: Values, grid: Grid) -> bool:
        """The link's rule."""
        return self.primitive(grid).holds(values[self.first], values[self.second])

    def enforce(self, grid: Grid) -> Enforcement:
        """The link."""
        return Enforcement(links=(self.primitive(grid),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A "<" sign for an inequality; a thin line otherwise."""
        if self.relation in ("less", "less_or_equal") and not self.negated:
            at = drawing.between(self.first, self.second)
            forward = self.second > self.first
            return [drawing.text(self.kind, at, "<" if forward else ">", 0.28, color="#555555", halo=True)]
        if self.negated:
            return []
        return [drawing.line(self.kind, drawing.centres(self.cells()), "#999999", 0.05)]


@register
@dataclass(frozen=True, slots=True)
class CustomSum(Constraint):
    """Cells whose values, each times a coefficient, add up to a total; values may repeat."""

    kind: ClassVar[str] = "sum"
    family: ClassVar[str] = "cage"
    noun: ClassVar[str] = "sum"
    rule: ClassVar[str] = "the cells' values, each times its coefficient (1 by default), add up to the total"
    source: ClassVar[str] = "sudokit's JSON"

    members: tuple[Cell, ...]
    total: int
    coefficients: tuple[int, ...] = ()
    label: str = "custom"

    def cells(self) -> tuple[Cell, ...]:
        """The summed cells."""
        return self.members

    def describe(self, grid: Grid) -> str:
        """``the custom sum 10 over r1c1-r1c3``."""
        return f"the {self.label} sum {self.total} over {span(self.members)}"

    def validate(self, grid: Grid) -> None:
        """Distinct cells; one coefficient per cell when there are any."""
        check_line(grid, self.members, "sum", 1)
        if self.coefficients and len(self.coefficients) != len(self.members):
            raise GridError(f"{self.describe(grid)} needs one coefficient per cell")

    def holds(self, values: Values, grid: Grid) -> bool:
        """The weighted sum is the total."""
        factors = self.coefficients or (1,) * len(self.members)
        return sum(f * values[c] for f, c in zip(factors, self.members, strict=True)) == self.total

    def enforce(self, grid: Grid) -> Enforcement:
        """The sum."""
        cells = tuple(grid.index[c] for c in self.members)
        return Enforcement(sums=(Sum(cells, self.total, self.coefficients, self.label),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A dashed outline with the total."""
        return [drawing.cage(self.kind, self.members, str(self.total))]


@register
@dataclass(frozen=True, slots=True)
class CustomRelation(Constraint):
    """Two cells whose symbols may not be some distances apart in the alphabet (0: equal, 1: consecutive)."""

    kind: ClassVar[str] = "relation"
    family: ClassVar[str] = "dot"
    noun: ClassVar[str] = "relation"
    rule: ClassVar[str] = (
        "the two cells' symbols are not any of the forbidden distances apart in the alphabet"
    )
    source: ClassVar[str] = "sudokit's JSON"

    first: Cell
    second: Cell
    distances: tuple[int, ...] = (0,)
    label: str = "custom"

    def cells(self) -> tuple[Cell, ...]:
        """The two cells."""
        return (self.first, self.second)

    def describe(self, grid: Grid) -> str:
        """``the custom relation r1c1-r2c3``."""
        return f"the {self.label} relation {cell_name(self.first)}-{cell_name(self.second)}"

    def validate(self, grid: Grid) -> None:
        """Two cells, distances within the alphabet."""
        Constraint.validate(self, grid)
        if (
            self.first == self.second
            or not self.distances
            or any(not 0 <= d < grid.size for d in self.distances)
        ):
            raise GridError(f"{self.describe(grid)} needs two cells and distances from 0 to {grid.size - 1}")

    def holds(self, values: Values, grid: Grid) -> bool:
        """The two symbols' distance is not forbidden."""
        a, b = grid.values.index(values[self.first]), grid.values.index(values[self.second])
        return abs(a - b) not in self.distances

    def enforce(self, grid: Grid) -> Enforcement:
        """The relation."""
        cells = (grid.index[self.first], grid.index[self.second])
        return Enforcement(relations=(Relation(cells, frozenset(self.distances), self.label),))
