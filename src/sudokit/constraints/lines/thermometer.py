"""Thermometers: digits rise along the line from the bulb (slow thermometers: rise or stay)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Deduction,
    Enforcement,
    FPuzzlesSource,
    Shape,
    SudokuPadScene,
    Values,
    pairwise,
    register,
)
from sudokit.constraints.families import LineConstraint
from sudokit.model import Link

if TYPE_CHECKING:
    from sudokit.model import Grid


SLOW_WORDS = (
    "slow thermo",
    "increase or stay the same",
    "increase or remain the same",
    "stay the same or increase",
    "do not decrease",
    "never decrease",
    "non-decreasing",
    "nondecreasing",
)
"""What rules texts say of slow thermometers."""


THERMOMETER_POSITIONS = Deduction(
    "thermometer_positions",
    "Thermometer Positions",
    20,
    2.0,
    (
        "Digits rise along a thermometer, so a cell's place on it and the candidates before and after it "
        "bound its digit."
    ),
)
"""What solvers call the deductions of the kinds of this module (they share one technique)."""


@dataclass(frozen=True, slots=True)
class _Thermo(LineConstraint):
    """A thermometer of either speed."""

    step_rule: ClassVar[str] = "less"
    colour: ClassVar[str] = "#cfcfcf"
    width: ClassVar[float] = 0.3
    colours: ClassVar[tuple[str, ...]] = ("#CFCFCF",)

    def rises(self, a: int, b: int) -> bool:
        """Whether b may follow a along the line."""
        return a < b

    def holds(self, values: Values, grid: Grid) -> bool:
        """Each digit rises from the one before it."""
        return all(self.rises(values[a], values[b]) for a, b in pairwise(self.line))

    def enforce(self, grid: Grid) -> Enforcement:
        """A link per step; arc consistency along the chain gives each cell its bounds."""
        return Enforcement(
            links=tuple(
                Link((grid.index[a], grid.index[b]), self.step_rule, kind=self.kind)
                for a, b in pairwise(self.line)
            )
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """A bulb at the start, a thick line from it."""
        return [
            drawing.circle(self.kind, drawing.centre(self.line[0]), 0.4, fill=self.colour, layer=1),
            drawing.line(self.kind, drawing.centres(self.line), self.colour, self.width),
        ]

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[_Thermo]:
        """A line whose first cell holds a round bulb (an underlay or overlay at least 0.6 wide)."""
        slow = scene.says(*SLOW_WORDS)
        if slow != (cls.kind == "slow thermometer"):
            return []
        bulbs: dict[tuple[int, int], tuple[str, int, str]] = {}
        for what in ("underlays", "overlays"):
            for k, item in scene.unclaimed(what):
                centre = scene.point(scene.prop(item, "center"))
                width = scene.number(item, "width") or 0
                height = scene.number(item, "height") or width
                if centre is None or not scene.prop(item, "rounded") or not 0.55 <= min(width, height) <= 1.0:
                    continue
                if scene.text(item) or abs(width - height) > 0.05:
                    continue
                fill = scene.colour(item, "backgroundColor")[:7]
                if fill in ("", "#FFFFFF"):
                    continue  # an open circle (a between line's end), not a bulb
                cell = scene.cell_at(centre)
                if (
                    cell is not None
                    and abs(centre[0] - cell[0] - 0.5) < 0.1
                    and abs(centre[1] - cell[1] - 0.5) < 0.1
                ):
                    bulbs.setdefault(cell, (what, k, fill))
        found: list[_Thermo] = []
        colours: dict[_Thermo, str] = {}
        used_bulbs: set[tuple[str, int]] = set()
        for k, item in scene.unclaimed("lines"):
            cells = scene.path(item)
            if not cells or len(cells) < 2 or len(set(cells)) != len(cells):
                continue
            colour = scene.colour(item, "color")[:7]
            ends = [e for e in (cells[0], cells[-1]) if e in bulbs and scene.alike(bulbs[e][2], colour)]
            if not ends:
                continue  # a bulb is drawn in its line's colour: another line from a circle is something else
            if ends[0] == cells[-1]:
                cells = cells[::-1]  # drawn from the tip
            found.append(cls(tuple(cells)))
            colours[found[-1]] = colour
            scene.claim("lines", k, cls.kind)
            used_bulbs.add(bulbs[cells[0]][:2])
        for what, k in used_bulbs:
            scene.claim(what, k, cls.kind)
        return found + cls._branches(scene, colours)

    @classmethod
    def _branches(cls, scene: SudokuPadScene, colours: dict[_Thermo, str]) -> list[_Thermo]:
        """Lines without a bulb that leave a thermometer found, drawn alike: its branches.

        A branch goes on from the cell where it leaves the thermometer, so it is read as the
        thermometer's path up to that cell followed by the branch (as SudokuPad's players read a
        forked thermometer).  A line touching a thermometer only at its bulb or anywhere else is left.
        """
        branches: list[_Thermo] = []
        for _ in range(4):  # a branch of a branch
            added = False
            for k, item in scene.unclaimed("lines"):
                cells = scene.path(item)
                if not cells or len(cells) < 2 or len(set(cells)) != len(cells):
                    continue
                colour = scene.colour(item, "color")[:7]
                for start, rest in ((cells[0], cells[1:]), (cells[-1], cells[-2::-1])):
                    trunk = next(
                        (
                            t
                            for t, drawn in colours.items()
                            if start in t.line[1:] and scene.alike(drawn, colour)
                        ),
                        None,
                    )
                    if trunk is None or any(c in trunk.line for c in rest):
                        continue
                    branch = cls((*trunk.line[: trunk.line.index(start) + 1], *rest))
                    branches.append(branch)
                    colours[branch] = colour
                    scene.claim("lines", k, cls.kind)
                    added = True
                    break
            if not added:
                break
        return branches


@register
@dataclass(frozen=True, slots=True)
class Thermometer(_Thermo):
    """A thermometer: digits strictly increase from the bulb (the first cell) along the line."""

    kind: ClassVar[str] = "thermometer"
    deduction: ClassVar[Deduction | None] = THERMOMETER_POSITIONS
    phrasing: ClassVar[str] = (
        "increase increases increasing strictly bulb bulbs tip tips starting start end thermo "
        "thermos thermometer's"
        " repeat repeats repeated repeating repetition"
        " away ascend ascends ascending rise rises rising"
        " form forms sequence"  # "numbers on a thermometer must form an increasing sequence"
    )
    noun: ClassVar[str] = "thermometer"
    mentions: ClassVar[tuple[str, ...]] = ("bulb",)
    rule: ClassVar[str] = "digits strictly increase along the line, starting from the bulb"
    source: ClassVar[str] = "f-puzzles solver (Constraints/ThermometerConstraint)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("thermometer",)
    sudokupad: ClassVar[str] = (
        "a line (grey #CFCFCF from f-puzzles) starting in a round bulb the width of most of a cell"
    )
    sudokupad_order: ClassVar[int] = 10
    aliases: ClassVar[tuple[str, ...]] = ("thermo",)
    words: ClassVar[tuple[str, ...]] = ("thermo",)

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[Thermometer]:
        """Each line of each item; several lines of one item share its bulb."""
        return [cls(tuple(line)) for item in source.items(key) for line in source.lines(item)]


@register
@dataclass(frozen=True, slots=True)
class SlowThermometer(_Thermo):
    """A slow thermometer: digits increase or stay the same from the bulb along the line."""

    kind: ClassVar[str] = "slow thermometer"
    deduction: ClassVar[Deduction | None] = THERMOMETER_POSITIONS
    phrasing: ClassVar[str] = (
        "increase increases increasing bulb bulbs tip tips starting start end thermo thermos stay "
        "stays same equal decrease decreases never"
        " remain remains generally away ascend ascends ascending rise rises rising"
    )
    noun: ClassVar[str] = "slow thermometer"
    mentions: ClassVar[tuple[str, ...]] = ("thermo", "bulb")
    step_rule: ClassVar[str] = "less_or_equal"
    rule: ClassVar[str] = "digits increase or stay the same along the line, starting from the bulb"
    source: ClassVar[str] = "f-puzzles solver (Constraints/ThermometerConstraint, slow)"
    fpuzzles: ClassVar[tuple[str, ...]] = ("slowthermometer",)
    sudokupad: ClassVar[str] = "a thermometer, where the rules speak of slow thermometers"
    sudokupad_order: ClassVar[int] = 10
    colour: ClassVar[str] = "#9ec5e8"
    aliases: ClassVar[tuple[str, ...]] = ("slow thermo",)
    words: ClassVar[tuple[str, ...]] = ("slow thermo",)

    def rises(self, a: int, b: int) -> bool:
        """B may equal a."""
        return a <= b
