"""Chess-move rules: two cells a knight's move, a king's move or another leap apart hold different digits."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import Enforcement, FPuzzlesSource, Shape, Values, register
from sudokit.constraints.families import GlobalRule
from sudokit.errors import GridError
from sudokit.model import Cell, Relation

if TYPE_CHECKING:
    from sudokit.model import Grid


def leaps(offset: tuple[int, int]) -> set[tuple[int, int]]:
    """Every step of a leaper with this offset, in all eight directions: (1, 2) gives the knight's."""
    a, b = offset
    return {(sa * x, sb * y) for x, y in ((a, b), (b, a)) for sa in (1, -1) for sb in (1, -1)} - {(0, 0)}


def leap_pairs(grid: Grid, steps: set[tuple[int, int]]) -> Iterator[tuple[Cell, Cell]]:
    """Every pair of cells of the grid one of the steps apart, once."""
    for r, c in grid.cells:
        for dr, dc in steps:
            other = (r + dr, c + dc)
            if other in grid.index and (r, c) < other:
                yield (r, c), other


@dataclass(frozen=True, slots=True)
class _Leaper(GlobalRule):
    """Cells a set of chess steps apart hold different digits."""

    def steps(self) -> set[tuple[int, int]]:
        """The steps (row, column) that join two cells under the rule."""
        raise NotImplementedError

    def holds(self, values: Values, grid: Grid) -> bool:
        """No two cells a step apart hold the same digit."""
        return all(values[a] != values[b] for a, b in leap_pairs(grid, self.steps()))

    def enforce(self, grid: Grid) -> Enforcement:
        """A not-equal relation per pair."""
        distinct = frozenset({0})
        return Enforcement(
            relations=tuple(
                Relation((grid.index[a], grid.index[b]), distinct, self.kind)
                for a, b in leap_pairs(grid, self.steps())
            )
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, self.noun)]


@register
@dataclass(frozen=True, slots=True)
class AntiKnight(_Leaper):
    """Anti-knight: two cells a chess knight's move apart never hold the same digit."""

    kind: ClassVar[str] = "antiknight"
    phrasing: ClassVar[str] = (
        "knight's knight move moves chess repeat repeats repeated repeating repetition different single see "
        "sees itself | see itself | sees itself"
    )
    noun: ClassVar[str] = "anti-knight"
    mentions: ClassVar[tuple[str, ...]] = ("knight",)
    rule: ClassVar[str] = "two cells a chess knight's move apart hold different digits"
    source: ClassVar[str] = "f-puzzles solver (Constraints/KnightConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("antiknight",)
    sudokupad: ClassVar[str] = "named in the puzzle's `global` list (f-puzzles conversion) or the rules text"
    aliases: ClassVar[tuple[str, ...]] = ("anti-knight", "knight")

    def steps(self) -> set[tuple[int, int]]:
        """The knight's eight moves."""
        return leaps((1, 2))


@register
@dataclass(frozen=True, slots=True)
class AntiKing(_Leaper):
    """Anti-king: two cells that touch, diagonally included, never hold the same digit."""

    kind: ClassVar[str] = "antiking"
    phrasing: ClassVar[str] = (
        "king's king move moves chess repeat repeats repeated repeating repetition different single see "
        "sees itself | see itself | sees itself"
    )
    noun: ClassVar[str] = "anti-king"
    mentions: ClassVar[tuple[str, ...]] = ("king",)
    rule: ClassVar[str] = (
        "two cells a chess king's move apart (touching, diagonally too) hold different digits"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/KingConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("antiking",)
    sudokupad: ClassVar[str] = "named in the puzzle's `global` list (f-puzzles conversion) or the rules text"
    aliases: ClassVar[tuple[str, ...]] = ("anti-king", "king")

    def steps(self) -> set[tuple[int, int]]:
        """The king's eight moves."""
        return leaps((0, 1)) | leaps((1, 1))


@register
@dataclass(frozen=True, slots=True)
class Leaper(_Leaper):
    """Anti-leaper: cells a leap of any offset apart (camel 1-3, zebra 2-3, ...) hold different digits."""

    kind: ClassVar[str] = "leaper"
    phrasing: ClassVar[str] = (
        "move moves chess leap repeat repeats repeated repeating repetition different single see sees itself"
    )
    noun: ClassVar[str] = "anti-leaper"
    mentions: ClassVar[tuple[str, ...]] = ("leap", "camel", "zebra", "giraffe")
    rule: ClassVar[str] = (
        "two cells a leap of (a, b) apart, in any of the eight directions, hold different digits "
        "(knight 1-2, camel 1-3, zebra 2-3, giraffe 1-4, ...)"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/ChessConstraint, console name `chess`)"
    aliases: ClassVar[tuple[str, ...]] = ("chess", "anti-leaper", "chess move")
    json_numbers: ClassVar[tuple[str, ...]] = ("offsets",)

    offsets: tuple[tuple[int, int], ...] = ((1, 2),)
    """The leaps (a, b), each in all eight directions."""

    def validate(self, grid: Grid) -> None:
        """At least one non-zero leap."""
        if not self.offsets or any(a == b == 0 for a, b in self.offsets):
            raise GridError("an anti-leaper rule needs leaps other than (0, 0)")

    def steps(self) -> set[tuple[int, int]]:
        """Every direction of every offset."""
        found: set[tuple[int, int]] = set()
        for offset in self.offsets:
            found |= leaps(offset)
        return found

    def describe(self, grid: Grid) -> str:
        """``the anti-leaper (1, 3) rule``."""
        return f"the anti-leaper {', '.join(f'{a}-{b}' for a, b in self.offsets)} rule"

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[Leaper]:
        """Nothing: f-puzzles has no key of its own for other leaps."""
        return []
