"""Cell roles the solver chooses: negators, doublers (one per row, column and box), changing what clues read.

"Each row, column and box has one negator: its digit counts as negative for the clues."  Each cell
gets one more unknown, its role (``plain`` or the role's name), and every house holds exactly
``per_house`` cells of the role.  The sudoku rules still read the digits; the clues read each cell's
value, its digit changed by its role (negated, doubled).  A clue kind whose meaning is sums, pairs
of values or their order (cages, arrows, little killers, XV, kropki dots, thermometers, custom sums
and links) is compiled again over each cell's role and digit; a clue kind read through another
automaton (a sandwich, a renban line) is refused with its name, since what a negated digit means to
it is the setter's to say.  ``applies_to`` limits the clues changed to some kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Constraint, Enforcement, Shape, Values, normalise, register
from sudokit.errors import GridError
from sudokit.model import LINK_RULES, Cage, Cell, LineRule, Link, Unknown

if TYPE_CHECKING:
    from sudokit.model import Grid

EFFECTS: dict[str, Callable[[int], int]] = {"negate": lambda v: -v, "double": lambda v: 2 * v}
"""What a role does to its cell's value, by name."""
_CODES = {name: k for k, name in enumerate(EFFECTS)}


def _effect(code: int) -> Callable[[int], int]:
    return EFFECTS[list(EFFECTS)[code]]


def _linear_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """(role, digit) pairs in turn: the changed digits, times the factors, add up to the total."""
    effect, total, factors = _effect(clue[0]), clue[1], clue[2:]
    marked = values[1]

    def step(state: State, i: int, v: int) -> State | None:
        role, added = state
        if i % 2 == 0:
            return (v == marked, added)
        value = effect(v) if role else v
        return (False, added + factors[i // 2] * value)

    return Machine((False, 0), step, lambda state: state[1] == total)


def _link_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """(role, digit) of two cells: their changed values fit the link (rule index, value, negated)."""
    effect, rule, value, negated = _effect(clue[0]), LINK_RULES[clue[1]], clue[2], bool(clue[3])
    link = Link((0, 1), rule, value, negated)
    marked = values[1]

    def step(state: State, i: int, v: int) -> State | None:
        read: tuple[int, ...] = state
        if i % 2 == 0:
            return (*read, int(v == marked))
        return (*read[:-1], effect(v) if read[-1] else v)

    return Machine((), step, lambda state: link.holds(state[0], state[1]))


automata.define(
    "role sum", "the digits changed by their roles add up to the total", (2, 256), _linear_machine
)
automata.define("role link", "two cells' digits changed by their roles fit the link", (4, 4), _link_machine)


@register
@dataclass(frozen=True, slots=True)
class Roles(Constraint):
    """A role some cells take (``per_house`` in each row, column and box) that changes their value."""

    in_rules_texts: ClassVar[bool] = False  # read from rules texts in issue 39

    kind: ClassVar[str] = "roles"
    family: ClassVar[str] = "global"
    noun: ClassVar[str] = "cell roles"
    words: ClassVar[tuple[str, ...]] = ("negator", "negators", "doubler", "doublers")
    phrasing: ClassVar[str] = "one each row column box counts negative double doubled value values clues"
    rule: ClassVar[str] = (
        "each row, column and box has per_house cells of the role; the clues read a role cell's digit "
        "changed by the role's effect (negate: -d, double: 2d); the sudoku rules read the digits"
    )
    source: ClassVar[str] = "setters' negator and doubler rules"

    role: str = "negator"
    effect: str = "negate"
    per_house: int = 1
    applies_to: tuple[str, ...] = ()
    """The clue kinds the role changes (their ``kind`` names); empty: every clue kind."""

    def unknowns(self, grid: Grid) -> tuple[Unknown, ...]:
        """Every cell's role."""
        return tuple(self.unknown(cell) for cell in grid.cells)

    def unknown(self, cell: Cell) -> Unknown:
        """A cell's role: plain, or this role."""
        return Unknown("role", cell, self.role, labels=("plain", self.role))

    def validate(self, grid: Grid) -> None:
        """A known effect and a count a house can hold."""
        if self.effect not in EFFECTS:
            raise GridError(f"a role's effect is one of {', '.join(EFFECTS)}, not {self.effect!r}")
        if not 0 <= self.per_house <= grid.size:
            raise GridError(f"a house cannot hold {self.per_house} {self.role}s")
        if not self.role.strip():
            raise GridError("a role needs a name")

    def describe(self, grid: Grid) -> str:
        """``the negator rule (1 per house)``."""
        return f"the {self.role} rule ({self.per_house} per house, {self.effect})"

    def affects(self, other: Constraint) -> bool:
        """Whether a constraint is a clue this role changes."""
        if other is self or isinstance(other, Roles) or other.family in ("global", "region"):
            return False
        return not self.applies_to or normalise(other.kind) in {normalise(k) for k in self.applies_to}

    def changed(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> dict[Cell, int]:
        """The values the clues read: each role cell's digit changed by the effect."""
        effect = EFFECTS[self.effect]
        return {cell: effect(v) if unknowns.get(self.unknown(cell)) == 1 else v for cell, v in values.items()}

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """Each house holds per_house role cells."""
        return all(
            sum(unknowns[self.unknown(grid.cells[c])] == 1 for c in house.cells) == self.per_house
            for house in grid.houses
        )

    def enforce(self, grid: Grid) -> Enforcement:
        """A count of role cells per house."""
        return Enforcement(
            rules=tuple(
                LineRule(
                    "marked between",
                    tuple(grid.unknown_index(self.unknown(grid.cells[c])) for c in house.cells),
                    (self.per_house, self.per_house),
                )
                for house in grid.houses
            )
        )

    def transform(self, grid: Grid, other: Constraint, made: Enforcement) -> Enforcement:
        """A clue's enforcement read over each cell's role and digit (GridError for what cannot be)."""
        if not self.affects(other):
            return made
        code = _CODES[self.effect]

        def pairs(cells: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(x for c in cells for x in (grid.unknown_index(self.unknown(grid.cells[c])), c))

        parity_kept = (
            self.effect == "negate"
        )  # a negated digit keeps its parity: odd and even cells still hold
        if (
            made.rules
            or made.connected
            or made.either
            or (made.masks and not parity_kept)
            or any(link.rule == "pairs" for link in made.links)
        ):
            raise GridError(
                f"{other.describe(grid)} with {self.role}s: sudokit does not know what a changed value means "
                f"to it (give the {self.role} rule applies_to the kinds it changes)"
            )
        rules = [LineRule("role sum", pairs(s.cells), (code, s.total, *s.factors)) for s in made.sums]
        rules += [
            LineRule("role sum", pairs(c.cells), (code, c.total, *(1,) * len(c.cells)))
            for c in made.cages
            if c.total is not None
        ]
        rules += [
            LineRule(
                "role link",
                pairs(link.cells),
                (code, LINK_RULES.index(link.rule), link.value, int(link.negated)),
            )
            for link in made.links
        ]
        return Enforcement(
            units=made.units,
            relations=made.relations,
            cages=tuple(Cage(c.cells, None) for c in made.cages),
            masks=made.masks,
            rules=tuple(rules),
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, f"{self.role}s: {self.per_house} per house ({self.effect})")]

    def solution_drawing(self, grid: Grid, unknowns: Mapping[Unknown, int]) -> list[Shape]:
        """A small mark in the corner of each role cell."""
        mark = "\u2212" if self.effect == "negate" else "\u00d72"  # a minus sign, or "x2"
        return [
            drawing.text("role", [r + 0.2, c + 0.8], mark, 0.22, bold=True)
            for r, c in grid.cells
            if unknowns.get(self.unknown((r, c))) == 1
        ]
