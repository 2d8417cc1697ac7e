"""Killer cages: cells whose digits differ and add up to the cage's sum."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    Enforcement,
    FPuzzlesSink,
    FPuzzlesSource,
    Shape,
    SudokuPadScene,
    Values,
    check_line,
    register,
)
from sudokit.english import plural
from sudokit.errors import GridError
from sudokit.model import Cage, Cell, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid

REPEATS = re.compile(
    r"(digits|numbers)\s+(can|may)\s+repeat|repeat(ed|s)?\s+(digits\s+)?(are\s+)?allowed"
    r"|\b(can|may|might|could)\s+(include|contain|have)\s+repeat(s|ed digits|ed numbers)\b"
)
"""Rules text that lets digits repeat."""

_OTHER_THINGS = re.compile(r"\b(arrows?|lines?|circles?|diagonals?|rows?|columns?|boxe?s?|regions?|clues?)\b")


def cages_may_repeat(rules: str) -> bool:
    """Whether the rules text lets digits repeat in cages.

    "Digits can repeat" in a sentence about arrows says nothing about cages: the sentence must speak
    of cages, or of nothing else the puzzle draws.
    """
    sentences = [s for s in re.split(r"(?<=[.!?;])\s+|\n+", rules.lower()) if s.strip()]
    forbidden = r"(cannot|can't|may not|must not|do not|don't|never) repeat.*\bcages?\b"
    if any(re.search(forbidden, s) for s in sentences):
        return False  # "digits cannot repeat within a cage"
    for k, sentence in enumerate(sentences):
        if REPEATS.search(sentence) is None:
            continue
        if k and re.match(r"\s*(these|those|such|they|their|its|this)\b", sentence):
            sentence = sentences[k - 1] + " " + sentence  # "these digits can repeat": the digits just named
        if re.search(r"\bcages?\b", sentence) or _OTHER_THINGS.search(sentence) is None:
            return True
    return False


def cage_sum(text: object) -> int | None:
    """A cage's sum from its label: a whole number (None for none)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if isinstance(text, str) and re.fullmatch(r"\s*[0-9]{1,6}\s*", text):
        return int(text)
    return None


@register
@dataclass(frozen=True, slots=True)
class Killer(Constraint):
    """A killer cage: its digits differ and, when it has a sum, add up to it."""

    kind: ClassVar[str] = "killer"
    phrasing: ClassVar[str] = (
        "sum sums summing total totals add adds up equal equals given indicated value clue "
        "different distinct cage's killer killers"
        " repeat repeats repeated repeating repetition"
    )
    family: ClassVar[str] = "cage"
    noun: ClassVar[str] = "killer cage"
    mentions: ClassVar[tuple[str, ...]] = ("cage", "killer")
    rule: ClassVar[str] = "the digits in the cage differ and add up to the number in its corner (if any)"
    source: ClassVar[str] = (
        "f-puzzles solver (Constraints/KillerCageConstraint); f-puzzles `cage` is cosmetic"
    )
    fpuzzles: ClassVar[tuple[str, ...]] = ("killercage",)
    sudokupad: ClassVar[str] = (
        "a cage (`ca`) with a number as its value; a cage without one where the rules speak of killer cages"
    )
    sudokupad_order: ClassVar[int] = 80
    aliases: ClassVar[tuple[str, ...]] = ("killer cage", "cage")

    members: tuple[Cell, ...]
    total: int | None = None

    def cells(self) -> tuple[Cell, ...]:
        """The cage's cells."""
        return self.members

    def describe(self, grid: Grid) -> str:
        """``the killer cage at r1c1 (sum 10)``."""
        where = f"the killer cage at {cell_name(min(self.members))}"
        return where if self.total is None else f"{where} (sum {self.total})"

    def validate(self, grid: Grid) -> None:
        """Cells of the grid, each once, at most as many as there are digits."""
        check_line(grid, self.members, self.noun, 1)
        if len(self.members) > grid.size:
            raise GridError(
                f"{self.describe(grid)} has {plural(len(self.members), 'cell')}, more than the "
                f"{plural(grid.size, 'digit')} that could differ in it"
            )

    def holds(self, values: Values, grid: Grid) -> bool:
        """Different digits; their sum the total."""
        digits = [values[c] for c in self.members]
        return len(set(digits)) == len(digits) and (self.total is None or sum(digits) == self.total)

    def enforce(self, grid: Grid) -> Enforcement:
        """A cage: a unit whose symbol sets the core keeps to those adding up to the total."""
        return Enforcement(cages=(Cage(tuple(grid.index[c] for c in self.members), self.total),))

    def must_contain(self, grid: Grid) -> list[tuple[tuple[Cell, ...], int]]:
        """The digits every combination of the cage holds."""
        if self.total is None:
            return []
        import itertools

        combos = [
            set(combo)
            for combo in itertools.combinations(sorted(set(grid.values)), len(self.members))
            if sum(combo) == self.total
        ]
        common = set.intersection(*combos) if combos else set()
        return [(self.members, v) for v in sorted(common)]

    def drawing(self, grid: Grid) -> list[Shape]:
        """A dashed outline, the sum in its top-left corner."""
        return [drawing.cage(self.kind, self.members, None if self.total is None else str(self.total))]

    @classmethod
    def read_fpuzzles(cls, key: str, source: FPuzzlesSource) -> list[Killer]:
        """``{"cells": [...], "value": "23"}`` (value optional)."""
        found = []
        for item in source.items(key):
            value = item.get("value")
            text = str(value).strip() if value is not None else ""
            total = cage_sum(text)
            if text and total is None:
                raise source.error(f"a {key} has the value {json.dumps(value)}, not a sum")
            found.append(cls(tuple(source.cells(item)), total))
        return found

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """A ``killercage`` item."""
        item: dict[str, object] = {"cells": [sink.name(c) for c in self.members]}
        if self.total is not None:
            item["value"] = str(self.total)
        sink.add("killercage", item)

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[Killer]:
        """Cages with a number; cages without one when the rules speak of killer cages."""
        found = []
        repeats = cages_may_repeat(scene.rules)
        killer_rules = scene.says("killer", "cage")
        for k, item in scene.unclaimed("cages"):
            members = item.get("cells")
            if not isinstance(members, list) or not members:
                continue
            total = cage_sum(item.get("value"))
            if repeats and total is not None:
                continue  # a sum cage: left for SumCage
            unique = item.get("unique") is True and item.get("type") is None and item.get("style") is None
            if (
                total is None
                and not unique
                and (not killer_rules or repeats or item.get("value") not in (None, ""))
            ):
                continue
            if total is None and len(members) > scene.n:
                continue
            found.append(cls(tuple(members), total))
            scene.claim("cages", k, cls.kind)
        return found


@register
@dataclass(frozen=True, slots=True)
class SumCage(Constraint):
    """A sum cage: its digits add up to its sum and may repeat."""

    kind: ClassVar[str] = "sum cage"
    phrasing: ClassVar[str] = (
        "sum sums summing total totals add adds up equal equals given indicated value clue cage's"
        " repeat repeats repeated repeating repetition"
    )
    family: ClassVar[str] = "cage"
    noun: ClassVar[str] = "sum cage"
    mentions: ClassVar[tuple[str, ...]] = ("cage",)
    rule: ClassVar[str] = "the digits in the cage add up to its number; digits may repeat"
    source: ClassVar[str] = 'setters\' rules texts ("digits may repeat in cages")'
    sudokupad: ClassVar[str] = "a cage with a number, when the rules say digits may repeat in cages"
    sudokupad_order: ClassVar[int] = 79

    members: tuple[Cell, ...]
    total: int

    def cells(self) -> tuple[Cell, ...]:
        """The cage's cells."""
        return self.members

    def describe(self, grid: Grid) -> str:
        """``the sum cage at r1c1 (sum 10)``."""
        return f"the sum cage at {cell_name(min(self.members))} (sum {self.total})"

    def validate(self, grid: Grid) -> None:
        """Cells of the grid, each once."""
        check_line(grid, self.members, self.noun, 1)

    def holds(self, values: Values, grid: Grid) -> bool:
        """The sum is the total."""
        return sum(values[c] for c in self.members) == self.total

    def enforce(self, grid: Grid) -> Enforcement:
        """A sum."""
        from sudokit.model import Sum

        cells = tuple(grid.index[c] for c in self.members)
        return Enforcement(sums=(Sum(cells, self.total, (), self.kind, cells),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A dashed outline with its sum."""
        return [drawing.cage(self.kind, self.members, str(self.total))]

    @classmethod
    def read_sudokupad(cls, scene: SudokuPadScene) -> list[SumCage]:
        """Cages with a number when the rules let digits repeat in cages."""
        if not cages_may_repeat(scene.rules):
            return []
        found = []
        for k, item in scene.unclaimed("cages"):
            total = cage_sum(item.get("value"))
            members = item.get("cells")
            if total is None or not isinstance(members, list) or not members:
                continue
            found.append(cls(tuple(members), total))
            scene.claim("cages", k, cls.kind)
        return found
