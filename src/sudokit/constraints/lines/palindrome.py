"""Palindromes: the line reads the same from either end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints.base import Deduction, Enforcement, SudokuPadScene, Values, register
from sudokit.constraints.families import LineConstraint
from sudokit.model import Link

if TYPE_CHECKING:
    from sudokit.model import Grid


@register
@dataclass(frozen=True, slots=True)
class Palindrome(LineConstraint):
    """A palindrome: the digits read the same from either end of the line."""

    kind: ClassVar[str] = "palindrome"
    deduction: ClassVar[Deduction | None] = Deduction(
        "palindrome_equality",
        "Palindrome Equality",
        20,
        2.0,
        (
            "A palindrome reads the same from both ends, so cells at the same distance from its ends share "
            "their candidates."
        ),
    )
    phrasing: ClassVar[str] = (
        "read reads same forwards backwards forward backward direction directions equal distance"
        " form palindromic sequence string either"
    )
    noun: ClassVar[str] = "palindrome"
    rule: ClassVar[str] = "the line reads the same from either end"
    source: ClassVar[str] = "f-puzzles solver (Constraints/PalindromeConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("palindrome",)
    sudokupad: ClassVar[str] = (
        "a grey (#CFCFCF) line 16 thick from f-puzzles; in native puzzles a line the rules call a palindrome"
    )
    colour: ClassVar[str] = "#b39ddb"
    width: ClassVar[float] = 0.16
    words: ClassVar[tuple[str, ...]] = ("palindrome", "reads the same", "read the same")
    colours: ClassVar[tuple[str, ...]] = ("#CFCFCF", "#C0C0C0")

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[Palindrome]:
        """A grey (#CFCFCF) line 16 thick: how SudokuPad's f-puzzles loader draws a palindrome."""
        found = []
        for k, item in scene.unclaimed("lines"):
            thickness = scene.number(item, "thickness")
            cells = scene.path(item)
            if scene.colour(item, "color")[:7] != "#CFCFCF" or thickness is None or abs(thickness - 16) > 1.5:
                continue
            if cells and len(cells) >= 2 and len(set(cells)) == len(cells):
                found.append(cls(tuple(cells)))
                scene.claim("lines", k, cls.kind)
        return found

    def holds(self, values: Values, grid: Grid) -> bool:
        """Equal digits at equal distances from the two ends."""
        digits = [values[c] for c in self.line]
        return digits == digits[::-1]

    def enforce(self, grid: Grid) -> Enforcement:
        """An equality link per mirrored pair."""
        pairs = [(self.line[k], self.line[-1 - k]) for k in range(len(self.line) // 2)]
        drawn = tuple(grid.index[c] for c in self.line)
        return Enforcement(
            links=tuple(
                Link((grid.index[a], grid.index[b]), "equal", kind=self.kind, line=drawn) for a, b in pairs
            )
        )
