"""Quadruples: the digits in a circle on a corner appear in the four cells around it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Deduction,
    Enforcement,
    FPuzzlesSink,
    FPuzzlesSource,
    Shape,
    SudokuPadScene,
    Values,
    register,
)
from sudokit.errors import GridError
from sudokit.model import Cell, LineRule, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid


def at_least_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """How many of each wanted value the cells so far hold (capped at the number wanted)."""
    wanted = tuple(sorted(set(clue)))
    need = tuple(clue.count(v) for v in wanted)

    def step(state: State, _i: int, v: int) -> State | None:
        if v not in wanted:
            return state
        k = wanted.index(v)
        held: tuple[int, ...] = state
        return held if held[k] >= need[k] else (*held[:k], held[k] + 1, *held[k + 1 :])

    return Machine((0,) * len(wanted), step, lambda state: state == need)


automata.define("quadruple", "every digit of the clue appears in the cells", (1, 4), at_least_machine)


@register
@dataclass(frozen=True, slots=True)
class Quadruple(Constraint):
    """A quadruple: each digit in the circle appears in the (up to four) cells around the corner.

    A digit listed twice appears twice.  ``members`` are the cells around the corner (four inside a
    grid; f-puzzles lists them with the clue).
    """

    kind: ClassVar[str] = "quadruple"
    deduction: ClassVar[Deduction | None] = Deduction(
        "quadruple_digits",
        "Quadruple Digits",
        22,
        2.1,
        (
            "The digits of a quadruple clue appear in the four cells around it, so when they need every place"
            " left they fill them."
        ),
    )
    phrasing: ClassVar[str] = (
        "appear appears quad quads circle among repeat repeats repeated repeating repetition"
        " surrounding appear once four some least intersections intersection"
    )
    family: ClassVar[str] = "cell"
    noun: ClassVar[str] = "quadruple"
    mentions: ClassVar[tuple[str, ...]] = ("quadruple", "circle", "corner")
    rule: ClassVar[str] = (
        "the digits in the circle all appear in the four cells around it (a digit listed twice appears twice)"
    )
    source: ClassVar[str] = "f-puzzles solver (Constraints/QuadrupleConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("quadruple",)
    sudokupad: ClassVar[str] = "a white circle with a black border on a corner, its digits as text"
    sudokupad_order: ClassVar[int] = 30
    aliases: ClassVar[tuple[str, ...]] = ("quad",)

    members: tuple[Cell, ...]
    digits: tuple[int, ...]

    @classmethod
    def at(cls, grid: Grid, corner: Cell, digits: tuple[int, ...]) -> Quadruple:
        """The quadruple on the corner below and right of ``corner`` (fewer cells at a multi-grid's edge)."""
        r, c = corner
        cells = tuple((r + dr, c + dc) for dr in (0, 1) for dc in (0, 1) if (r + dr, c + dc) in grid.index)
        if not cells:
            raise GridError(f"a quadruple at {cell_name(corner)} has no cells around it")
        return cls(cells, digits)

    @property
    def corner(self) -> Cell:
        """The top-left cell of the square the cells lie in."""
        return min(r for r, _ in self.members), min(c for _, c in self.members)

    def around(self, grid: Grid) -> tuple[Cell, ...]:
        """The cells the digits must appear in."""
        return self.members

    def cells(self) -> tuple[Cell, ...]:
        """The cells around the corner."""
        return self.members

    def describe(self, grid: Grid) -> str:
        """``the quadruple 1 2 at r1c1``."""
        return f"the quadruple {' '.join(map(str, self.digits))} at {cell_name(self.corner)}"

    def validate(self, grid: Grid) -> None:
        """Cells of the grid; one to four digits, no more than the cells."""
        Constraint.validate(self, grid)
        if not self.members or len(set(self.members)) != len(self.members):
            raise GridError(f"a quadruple at {cell_name(self.corner)} needs distinct cells")
        if not 1 <= len(self.digits) <= len(self.members):
            raise GridError(
                f"a quadruple at {cell_name(self.corner)} lists {len(self.digits)} digits "
                f"for {len(self.members)} cells"
            )

    def holds(self, values: Values, grid: Grid) -> bool:
        """Every listed digit is there, as often as listed."""
        return not Counter(self.digits) - Counter(values[c] for c in self.around(grid))

    def enforce(self, grid: Grid) -> Enforcement:
        """The quadruple automaton over the cells."""
        cells = tuple(grid.index[c] for c in self.around(grid))
        return Enforcement(rules=(LineRule("quadruple", cells, self.digits),))

    def must_contain(self, grid: Grid) -> list[tuple[tuple[Cell, ...], int]]:
        """Each listed digit is somewhere in the cells."""
        return [(self.around(grid), d) for d in sorted(set(self.digits))]

    def drawing(self, grid: Grid) -> list[Shape]:
        """A circle on the corner with the digits."""
        at = [self.corner[0] + 1.0, self.corner[1] + 1.0]
        size = 0.2 if len(self.digits) > 2 else 0.24
        return [
            drawing.circle(self.kind, at, 0.3, fill="#ffffff", stroke="#000000", stroke_width=0.025),
            drawing.text(self.kind, at, " ".join(map(str, self.digits)), size, color="#000000"),
        ]

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[Quadruple]:
        """``{"cells": [four cells], "values": [digits]}``."""
        found = []
        for item in source.items(key):
            cells = source.cells(item)
            digits = item.get("values")
            if (
                not cells
                or not isinstance(digits, list)
                or not all(
                    isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= source.n for d in digits
                )
            ):
                raise source.error(f"a quadruple needs its cells and digits 1 to {source.n}, not {digits!r}")
            found.append(cls(tuple(cells), tuple(digits)))
        return found

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """A ``quadruple`` item."""
        sink.add(
            "quadruple", {"cells": [sink.name(c) for c in self.around(grid)], "values": list(self.digits)}
        )

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[Quadruple]:
        """A round drawing on a corner whose text is one to four digits."""
        found = []
        for k, item in scene.unclaimed("overlays"):
            digits = scene.text(item).split()
            corner = scene.corner(item)
            if corner is None or not digits or not all(d.isdigit() and len(d) <= 2 for d in digits):
                continue
            if not scene.prop(item, "rounded") or len(digits) > 4:
                continue
            found.append(cls.at(scene.grid, corner, tuple(int(d) for d in digits)))
            scene.claim("overlays", k, cls.kind)
        return found
