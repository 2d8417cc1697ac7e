"""Whispers lines: neighbours on the line differ by at least a gap (German: 5 on 9x9, Dutch: 4)."""

from __future__ import annotations

from collections.abc import Sequence
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
    pairwise,
    register,
)
from sudokit.constraints.families import LineConstraint
from sudokit.errors import GridError
from sudokit.model import Cell, Link

if TYPE_CHECKING:
    from sudokit.model import Grid


def german_gap(n: int) -> int:
    """The least difference of German whispers on an n x n grid: half n, rounded up (5 on 9x9)."""
    return -(-n // 2)


def dutch_gap(n: int) -> int:
    """The least difference of Dutch whispers on an n x n grid: half n less one, rounded up (4 on 9x9)."""
    return -(-(n - 2) // 2)


_NUMBERS = dict(
    zero=0,
    one=1,
    two=2,
    three=3,
    four=4,
    five=5,
    six=6,
    seven=7,
    eight=8,
    nine=9,
    ten=10,
    eleven=11,
    twelve=12,
)


@register
@dataclass(frozen=True, slots=True)
class Whispers(LineConstraint):
    """A whispers line: neighbours on it differ by at least ``difference`` (German whispers by default)."""

    kind: ClassVar[str] = "whispers"
    window: ClassVar[int] = 2
    deduction: ClassVar[Deduction | None] = Deduction(
        "whisper_ranges",
        "Whisper Ranges",
        24,
        2.2,
        (
            "Neighbours on a whisper line differ by at least its gap, so middle digits cannot sit on it and "
            "each cell needs a far enough neighbour."
        ),
    )
    phrasing: ClassVar[str] = (
        "differ differs difference at least apart german dutch whisper whispers or more directly minimum"
        " absolute successive neighbors neighbours"
    )
    noun: ClassVar[str] = "whispers line"
    rule: ClassVar[str] = (
        "digits next to each other on the line differ by at least the gap: German whispers 5 on 9x9 "
        "(half the size, rounded up), Dutch whispers 4 (half the size less one, rounded up), or the "
        "line's own value"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/WhispersConstraint; `value` sets the gap)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("whispers", "germanwhispers", "dutchwhispers")
    sudokupad: ClassVar[str] = "a green line (German) or an orange line (Dutch), told apart by the rules text"
    colour: ClassVar[str] = "#67f067"
    width: ClassVar[float] = 0.16
    aliases: ClassVar[tuple[str, ...]] = ("german whispers", "dutch whispers", "german whispers line")
    words: ClassVar[tuple[str, ...]] = (
        "whisper",
        "differ by at least",
        "difference of at least",
        "or more apart",
        "differ by 5 or more",
        "differ by 4 or more",
        "neighbors on the line by at least",
        "neighbours on the line by at least",
    )
    colours: ClassVar[tuple[str, ...]] = ("#67F067", "#6FE06F", "#00FF00", "#FF9A00", "#FFA500")

    difference: int | None = None
    """The least difference (None: German whispers, half the grid's size rounded up)."""

    def gap(self, grid: Grid) -> int:
        """The least difference on this grid."""
        return self.difference if self.difference is not None else german_gap(grid.size)

    def describe(self, grid: Grid) -> str:
        """``the whispers line r1c1-r1c4 (difference 5 or more)``."""
        return f"{LineConstraint.describe(self, grid)} (difference {self.gap(grid)} or more)"

    def validate(self, grid: Grid) -> None:
        """A line, and a gap of at least 1."""
        LineConstraint.validate(self, grid)
        if self.difference is not None and self.difference < 1:
            raise GridError(f"a whispers line needs a difference of 1 or more, not {self.difference}")

    def holds(self, values: Values, grid: Grid) -> bool:
        """Neighbours differ by the gap or more."""
        return all(abs(values[a] - values[b]) >= self.gap(grid) for a, b in pairwise(self.line))

    def enforce(self, grid: Grid) -> Enforcement:
        """A link per step."""
        gap = self.gap(grid)
        return Enforcement(
            links=tuple(
                Link((grid.index[a], grid.index[b]), "difference_at_least", gap, kind=self.kind)
                for a, b in pairwise(self.line)
            )
        )

    def dutch(self, grid: Grid) -> bool:
        """Whether the gap is the Dutch one."""
        return self.difference is not None and self.difference == dutch_gap(grid.size) != german_gap(
            grid.size
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """Green for German whispers, orange for Dutch."""
        colour = "#ff9a00" if self.dutch(grid) else self.colour
        return [drawing.line(self.kind, drawing.centres(self.line), colour, self.width, opacity=0.85)]

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[Whispers]:
        """German lines (``whispers``, ``germanwhispers``, with an optional ``value``) and Dutch ones."""
        found = []
        for item in source.items(key):
            if key == "dutchwhispers":
                difference: int | None = dutch_gap(source.n)
            else:
                difference = source.number(item, key)
            for line in source.lines(item):
                found.append(cls(tuple(line), difference))
        return found

    @classmethod
    def from_drawn_line(cls, cells: Sequence[Cell], colour: str, scene: SudokuPadScene) -> Whispers:
        """Dutch when the rules speak only of Dutch whispers, or of both and the line is orange."""
        import re

        from sudokit.errors import GridError

        dutch = scene.says("dutch") and (not scene.says("german") or colour in ("#FF9A00", "#FFA500"))
        number = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
        said = {
            _NUMBERS.get(a or b) or int(a or b)
            for a, b in re.findall(
                rf"differ(?:ence)? (?:by|of) at least {number}|differ by {number} or more", scene.rules
            )
        }
        if len(said) > 1:  # gaps by colour: which line is which is not read
            raise GridError(f"whispers lines of {len(said)} different gaps")
        gap = said.pop() if said and not scene.says("dutch", "german") else None
        return cls(tuple(cells), dutch_gap(scene.n) if dutch else gap if gap != german_gap(scene.n) else None)

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """``dutchwhispers`` at the Dutch gap, else ``whispers`` (with its value unless German)."""
        names = [[sink.name(c) for c in self.line]]
        if self.dutch(grid):
            sink.add("dutchwhispers", {"lines": names})
        elif self.difference is None or self.difference == german_gap(grid.size):
            sink.add("whispers", {"lines": names})
        else:
            sink.add("whispers", {"lines": names, "value": str(self.difference)})
