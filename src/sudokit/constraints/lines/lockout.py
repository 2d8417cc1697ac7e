"""Lockout lines: the ends differ by 4 or more (on 9x9), and no digit on the line lies between them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Deduction,
    Enforcement,
    FPuzzlesSink,
    FPuzzlesSource,
    Shape,
    Values,
    register,
)
from sudokit.constraints.families import LineConstraint
from sudokit.errors import GridError
from sudokit.model import LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid


def default_gap(n: int) -> int:
    """The least difference of a lockout line's ends: 4 on 9x9 (half the size less one, rounded down)."""
    return (n - 1) // 2


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The first end and the set of inner values; the last end checks the gap and the range."""
    gap = clue[0]

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return (v, frozenset())
        first, inner = state
        if i < length - 1:
            return (first, inner | {v})
        a, b = min(first, v), max(first, v)
        if b - a < gap or any(a <= x <= b for x in inner):
            return None
        return (first, inner)

    return Machine(None, step, lambda state: True)


automata.define(
    "lockout",
    "the ends differ by the gap or more, and no digit between them lies in their range",
    (1, 1),
    _machine,
)


@register
@dataclass(frozen=True, slots=True)
class Lockout(LineConstraint):
    """A lockout line: its ends differ by at least the gap; the digits between lie outside the ends' range."""

    kind: ClassVar[str] = "lockout"
    deduction: ClassVar[Deduction | None] = Deduction(
        "lockout_ranges",
        "Lockout Ranges",
        30,
        2.5,
        (
            "A lockout line's diamonds differ by at least its gap and no digit between them may sit on the "
            "line, so the diamonds and the line bound each other."
        ),
    )
    phrasing: ClassVar[str] = "diamond diamonds apart differ difference at least outside range"
    noun: ClassVar[str] = "lockout line"
    mentions: ClassVar[tuple[str, ...]] = ("diamond",)
    rule: ClassVar[str] = (
        "the digits in the diamonds at the two ends differ by at least 4 on 9x9 (the line's value if it "
        "has one), and no digit on the line lies between them or equals either"
    )
    source: ClassVar[str] = (
        "the Lockout Lines rules (f-puzzles userscript key `lockout`; the f-puzzles solver does not read it)"
    )
    fpuzzles: ClassVar[tuple[str, ...]] = ("lockout",)
    sudokupad: ClassVar[str] = "a line between two diamonds (or circles) the rules call lockout"
    shortest: ClassVar[int] = 2
    colour: ClassVar[str] = "#3e81d9"
    width: ClassVar[float] = 0.12
    words: ClassVar[tuple[str, ...]] = ("lockout",)
    colours: ClassVar[tuple[str, ...]] = ("#3E81D9",)

    gap: int | None = None
    """The ends' least difference (None: 4 on 9x9)."""

    def least(self, grid: Grid) -> int:
        """The ends' least difference on this grid."""
        return self.gap if self.gap is not None else default_gap(grid.size)

    def validate(self, grid: Grid) -> None:
        """A line, and a gap of 1 or more."""
        LineConstraint.validate(self, grid)
        if self.least(grid) < 1:
            raise GridError(f"a lockout line's ends differ by 1 or more, not {self.least(grid)}")

    def holds(self, values: Values, grid: Grid) -> bool:
        """Ends far enough apart, inner digits outside their closed range."""
        a, b = sorted((values[self.line[0]], values[self.line[-1]]))
        return b - a >= self.least(grid) and all(not a <= values[c] <= b for c in self.line[1:-1])

    def enforce(self, grid: Grid) -> Enforcement:
        """The lockout automaton."""
        cells = tuple(grid.index[c] for c in self.line)
        return Enforcement(rules=(LineRule("lockout", cells, (self.least(grid),)),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A line with a diamond at each end."""
        shapes = [drawing.line(self.kind, drawing.centres(self.line), self.colour, self.width, opacity=0.85)]
        for cell in (self.line[0], self.line[-1]):
            r, c = drawing.centre(cell)
            diamond = [[r - 0.38, c], [r, c + 0.38], [r + 0.38, c], [r, c - 0.38], [r - 0.38, c]]
            shapes.append(drawing.line(self.kind, diamond, self.colour, 0.05))
        return shapes

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[Lockout]:
        """Each line of each item, with the item's ``value`` as the gap when it has one."""
        return [
            cls(tuple(line), source.number(item, key))
            for item in source.items(key)
            for line in source.lines(item)
        ]

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """A ``lockout`` item (its gap as ``value`` when it is not the default)."""
        item: dict[str, object] = {"lines": [[sink.name(c) for c in self.line]]}
        if self.gap is not None:
            item["value"] = str(self.gap)
        sink.add("lockout", item)
