"""Composite rules: "A or B", "A and B" and "not A" of any rules (ISS ``Or`` and ``And``).

An ``or`` rule holds when all the rules of some branch hold.  The core holds it as an either group
(:class:`sudokit.model.Either`): each branch's rules become automata the core tries on a copy of the
candidates, keeping what some branch keeps, so the rule prunes while the search runs, not only at its
leaves.  Every propagator family converts to automata (a link to a table of pairs, a unit to distinct
values, a sum to a running total); a connected group does not, and an ``or`` of such rules is refused.
An ``and`` rule is its parts together: what a branch of an ``or`` is.  A ``not`` rule turns a rule
round: its automata's complements, one of which must accept (a wrong clue).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Constraint, Enforcement, Shape, Values, register
from sudokit.errors import GridError
from sudokit.model import Cell, Either, LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid


def _pairs_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Two cells whose values are one of the clue's pairs (a1, b1, a2, b2, ...)."""
    allowed = set(zip(clue[0::2], clue[1::2], strict=True))
    firsts = {a for a, _ in allowed}

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return v if v in firsts else None
        return (state, v) if (state, v) in allowed else None

    return Machine(None, step, lambda state: isinstance(state, tuple))


def _distinct_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Different values, holding every value of the clue (a unit's required values)."""
    required = frozenset(clue)

    def step(state: State, _i: int, v: int) -> State | None:
        held: frozenset[int] = state
        return None if v in held else held | {v}

    return Machine(frozenset(), step, lambda state: required <= state)


def _distinct_sum_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Different values adding up to the clue (a killer cage)."""
    total = clue[0]

    def step(state: State, _i: int, v: int) -> State | None:
        held, added = state
        return None if v in held else (held | {v}, added + v)

    return Machine((frozenset(), 0), step, lambda state: state[1] == total)


def _linear_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Clue (total, f1, f2, ...): the cells' values times their factors add up to the total."""
    total, factors = clue[0], clue[1:]
    low = [sum(min(f * v for v in values) for f in factors[i:]) for i in range(len(factors) + 1)]
    high = [sum(max(f * v for v in values) for f in factors[i:]) for i in range(len(factors) + 1)]

    def step(state: State, i: int, v: int) -> State | None:
        added: int = state + factors[i] * v
        return added if low[i + 1] <= total - added <= high[i + 1] else None

    return Machine(0, step, lambda state: state == total)


automata.define("pairs", "two cells holding one of the clue's pairs of values", (2, 20_000), _pairs_machine)
automata.define("distinct", "different values holding every value of the clue", (0, 64), _distinct_machine)
automata.define("distinct sum", "different values adding up to the clue", (1, 1), _distinct_sum_machine)
automata.define(
    "linear", "values times factors adding up to the clue's first number", (2, 256), _linear_machine
)


def _one_of_machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """A cell holding one of the clue's values (a cell's mask)."""
    return Machine(None, lambda state, i, v: v if v in clue else None, lambda state: state is not None)


automata.define("one of", "a cell holding one of the clue's values", (1, 64), _one_of_machine)


def as_rules(grid: Grid, made: Enforcement, what: str) -> tuple[LineRule, ...]:
    """An enforcement as automata alone (what a branch of an ``or`` holds); GridError for what has none."""
    values = grid.values
    if made.connected or made.either:
        raise GridError(
            f"{what} cannot be a branch of an 'or' rule: its connectivity or its own 'or' has no automaton"
        )
    rules: list[LineRule] = list(made.rules)
    for relation in made.relations:
        pairs = [
            (values[x], values[y])
            for x in range(grid.size)
            for y in range(grid.size)
            if abs(x - y) not in relation.distances
        ]
        rules.append(LineRule("pairs", relation.cells, tuple(n for pair in pairs for n in pair)))
    for link in made.links:
        table = link.table(values)
        pairs = [
            (values[x], values[y]) for x in range(grid.size) for y in range(grid.size) if table[x] >> y & 1
        ]
        rules.append(LineRule("pairs", link.cells, tuple(n for pair in pairs for n in pair)))
    for unit in made.units:
        rules.append(LineRule("distinct", unit.cells, tuple(sorted(values[s] for s in unit.required))))
    for cage in made.cages:
        if cage.total is None:
            rules.append(LineRule("distinct", cage.cells))
        else:
            rules.append(LineRule("distinct sum", cage.cells, (cage.total,)))
    for total in made.sums:
        rules.append(LineRule("linear", total.cells, (total.total, *total.factors)))
    for cell, mask in made.masks:
        rules.append(LineRule("one of", (cell,), tuple(values[s] for s in range(grid.size) if mask >> s & 1)))
    return tuple(rules)


class _Structural(Constraint):
    """A rule built of rules, which rules texts never name by its kind's word ("and", "or", "not")."""

    __slots__ = ()
    in_rules_texts: ClassVar[bool] = False


def _parts_json(parts: tuple[Constraint, ...]) -> list[dict[str, Any]]:
    return [part.to_json() for part in parts]


def _parts_of(data: Any, what: str) -> tuple[Constraint, ...]:
    from sudokit.constraints import from_json

    if not isinstance(data, list) or not data or not all(isinstance(item, dict) for item in data):
        raise GridError(f"{what} must be a non-empty list of constraints")
    return tuple(from_json(item) for item in data)


@register
@dataclass(frozen=True, slots=True)
class And(_Structural):
    """Rules that hold together (a branch of an ``or`` with several rules, written as one)."""

    kind: ClassVar[str] = "and"
    family: ClassVar[str] = "global"
    noun: ClassVar[str] = "'and' rule"
    rule: ClassVar[str] = "every one of its rules holds"
    source: ClassVar[str] = "the Interactive Sudoku Solver (And)"

    parts: tuple[Constraint, ...] = ()

    def cells(self) -> tuple[Cell, ...]:
        """Every part's cells."""
        return tuple(dict.fromkeys(c for part in self.parts for c in part.cells()))

    def validate(self, grid: Grid) -> None:
        """Each part can stand; none speaks of unknowns beside the digits (not yet supported inside)."""
        if not self.parts:
            raise GridError("an 'and' rule needs rules")
        for part in self.parts:
            part.validate(grid)
            if part.unknowns(grid):
                raise GridError(
                    f"{part.describe(grid)} speaks of unknowns beside the digits: "
                    "not inside 'and' or 'or' yet"
                )

    def describe(self, grid: Grid) -> str:
        """``(the thermometer r1c1-r1c3 and the kropki dot r2c2-r2c3)``."""
        return "(" + " and ".join(part.describe(grid) for part in self.parts) + ")"

    def holds(self, values: Values, grid: Grid) -> bool:
        """Every part holds."""
        return all(part.holds(values, grid) for part in self.parts)

    def enforce(self, grid: Grid) -> Enforcement:
        """The parts' enforcements together."""
        made = [part.enforce(grid) for part in self.parts]
        return Enforcement(
            units=tuple(u for m in made for u in m.units),
            relations=tuple(r for m in made for r in m.relations),
            links=tuple(k for m in made for k in m.links),
            sums=tuple(s for m in made for s in m.sums),
            rules=tuple(r for m in made for r in m.rules),
            cages=tuple(c for m in made for c in m.cages),
            masks=tuple(k for m in made for k in m.masks),
            connected=tuple(c for m in made for c in m.connected),
            either=tuple(e for m in made for e in m.either),
        )

    def drawing(self, grid: Grid) -> list[Shape]:
        """The parts' drawings."""
        return [shape for part in self.parts for shape in part.drawing(grid)]

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "and", "parts": [...]}``."""
        return {"kind": self.kind, "parts": _parts_json(self.parts)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> And:
        """The parts, each a constraint of sudokit's JSON."""
        unknown = set(data) - {"kind", "parts"}
        if unknown:
            raise GridError(f"an 'and' constraint has no field {', '.join(sorted(map(repr, unknown)))}")
        return cls(_parts_of(data.get("parts"), "an 'and' rule's \"parts\""))


@register
@dataclass(frozen=True, slots=True)
class Not(_Structural):
    """A rule that must be broken: a false clue ("every clue is wrong"), a rule turned round."""

    kind: ClassVar[str] = "not"
    family: ClassVar[str] = "global"
    noun: ClassVar[str] = "'not' rule"
    rule: ClassVar[str] = "its rule is broken"
    source: ClassVar[str] = (
        'setters\' wrong-clue rules ("every clue is false"); ISS states them with its NFA and Or'
    )

    part: Constraint | None = None

    def cells(self) -> tuple[Cell, ...]:
        """The rule's cells."""
        return self.part.cells() if self.part is not None else ()

    def validate(self, grid: Grid) -> None:
        """A rule that can stand and compiles to automata."""
        if self.part is None:
            raise GridError("a 'not' rule needs a rule to turn round")
        And((self.part,)).validate(grid)

    def describe(self, grid: Grid) -> str:
        """``not (the thermometer r1c1-r1c3)``."""
        return f"not ({self.part.describe(grid) if self.part is not None else 'nothing'})"

    def holds(self, values: Values, grid: Grid) -> bool:
        """The rule does not hold."""
        return self.part is not None and not self.part.holds(values, grid)

    def enforce(self, grid: Grid) -> Enforcement:
        """Some automaton of the rule rejects: its complement, or an 'or' of the complements.

        The rule's enforcement is exactly its meaning (what the tests check every kind against), so
        its automata all accept exactly when it holds, and it is broken exactly when one rejects.
        """
        assert self.part is not None
        rules = as_rules(grid, self.part.enforce(grid), self.part.describe(grid))
        turned = tuple(LineRule(automata.NOT + rule.kind, rule.cells, rule.clue) for rule in rules)
        if not turned:
            raise GridError(f"{self.part.describe(grid)} holds always: it cannot be broken")
        if len(turned) == 1:
            return Enforcement(rules=turned)
        return Enforcement(either=(Either(tuple((rule,) for rule in turned), self.kind),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """The rule's drawing, and the rule named under the grid."""
        inner = self.part.drawing(grid) if self.part is not None else []
        return [*inner, drawing.caption(self.kind, "a 'not' rule (its rule is broken)")]

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "not", "part": {...}}``."""
        return {"kind": self.kind, "part": self.part.to_json() if self.part is not None else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Not:
        """The rule turned round, a constraint of sudokit's JSON."""
        unknown = set(data) - {"kind", "part"}
        if unknown:
            raise GridError(f"a 'not' constraint has no field {', '.join(sorted(map(repr, unknown)))}")
        return cls(_parts_of([data.get("part")], "a 'not' rule's \"part\"")[0])


def _sequence_machine(parts: tuple[tuple[str, tuple[int, ...], int], ...], wrong: int) -> automata.Build:
    """The builder of one automaton reading the parts' cells one part after another.

    It counts the parts whose own machine rejects: exactly ``wrong`` of them.
    """
    starts = [sum(length for _k, _c, length in parts[:j]) for j in range(len(parts))]
    owner = [j for j, (_k, _c, length) in enumerate(parts) for _ in range(length)]

    def build(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
        machines = [automata.machine(kind, part_clue, size, values) for kind, part_clue, size in parts]

        def step(state: State, i: int, v: int) -> State | None:
            inner, broken = state
            j = owner[i]
            local = i - starts[j]
            if local == 0:
                inner = ("reading", machines[j].start)
            if inner != ("broken",):
                following = machines[j].step(inner[1], local, v)
                inner = ("broken",) if following is None else ("reading", following)
            if local == parts[j][2] - 1:
                broken += inner == ("broken",) or not machines[j].accept(inner[1])
                inner = ("done",)
            return None if broken > wrong else (inner, broken)

        return Machine((("done",), 0), step, lambda state: state[1] == wrong)

    return build


@register
@dataclass(frozen=True, slots=True)
class FalseClues(Constraint):
    """Rules of which exactly ``count`` are false: "exactly one cage total is wrong"."""

    in_rules_texts: ClassVar[bool] = False
    kind: ClassVar[str] = "false clues"
    family: ClassVar[str] = "global"
    noun: ClassVar[str] = "false-clues rule"
    aliases: ClassVar[tuple[str, ...]] = ("wrong clues",)
    phrasing: ClassVar[str] = "exactly one clue clues false wrong incorrect lie lies lying"
    rule: ClassVar[str] = "exactly the given number of its rules are broken (the others hold)"
    source: ClassVar[str] = 'setters\' wrong-clue rules ("exactly one clue is false")'

    parts: tuple[Constraint, ...] = ()
    count: int = 1

    def cells(self) -> tuple[Cell, ...]:
        """Every rule's cells."""
        return And(self.parts).cells() if self.parts else ()

    def validate(self, grid: Grid) -> None:
        """Rules that compile to automata, and a count from 0 to their number."""
        And(self.parts).validate(grid)
        if not 0 <= self.count <= len(self.parts):
            raise GridError(f"{self.count} of {len(self.parts)} rules cannot be false")

    def describe(self, grid: Grid) -> str:
        """``exactly 1 of (...) is false``."""
        return f"exactly {self.count} of {And(self.parts).describe(grid)} false"

    def holds(self, values: Values, grid: Grid) -> bool:
        """Exactly ``count`` rules are broken."""
        return sum(not part.holds(values, grid) for part in self.parts) == self.count

    def enforce(self, grid: Grid) -> Enforcement:
        """One automaton over every rule in turn, counting the broken ones, or an 'or' of choices.

        The automaton serves when each rule is one automaton on cells no other rule reads (killer
        cages); otherwise each way of choosing the false rules is a branch (at most 500 ways).
        """
        rules = [as_rules(grid, part.enforce(grid), part.describe(grid)) for part in self.parts]
        cells = [c for made in rules for rule in made for c in rule.cells]
        if all(len(made) == 1 for made in rules) and len(set(cells)) == len(cells):
            parts = tuple((made[0].kind, made[0].clue, len(made[0].cells)) for made in rules)
            name = f"false count {self.count} of {parts!r}"
            if name not in automata.KINDS:
                automata.define(
                    name,
                    "exactly so many of these rules are broken",
                    (0, 0),
                    _sequence_machine(parts, self.count),
                )
            return Enforcement(rules=(LineRule(name, tuple(cells)),))
        import math

        if math.comb(len(self.parts), self.count) > 500:
            raise GridError(f"{self.describe(grid)}: too many ways to choose the false rules")
        branches = []
        for false in itertools.combinations(range(len(self.parts)), self.count):
            branches.append(tuple(Not(part) if j in false else part for j, part in enumerate(self.parts)))
        return Or(tuple(branches)).enforce(grid)

    def drawing(self, grid: Grid) -> list[Shape]:
        """The rules' drawings, and the rule named under the grid."""
        return [
            *(shape for part in self.parts for shape in part.drawing(grid)),
            drawing.caption(self.kind, f"exactly {self.count} of the clues false"),
        ]

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "false clues", "parts": [...], "count": 1}``."""
        return {"kind": self.kind, "parts": _parts_json(self.parts), "count": self.count}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FalseClues:
        """The rules, each a constraint of sudokit's JSON, and how many are false (1 when not given)."""
        unknown = set(data) - {"kind", "parts", "count"}
        if unknown:
            raise GridError(
                f"a 'false clues' constraint has no field {', '.join(sorted(map(repr, unknown)))}"
            )
        count = data.get("count", 1)
        if type(count) is not int:
            raise GridError("a 'false clues' rule's \"count\" must be a whole number")
        return cls(_parts_of(data.get("parts"), "a 'false clues' rule's \"parts\""), count)


@register
@dataclass(frozen=True, slots=True)
class Or(_Structural):
    """Rules of which some branch holds: ``branches`` are lists of rules that hold together."""

    kind: ClassVar[str] = "or"
    family: ClassVar[str] = "global"
    noun: ClassVar[str] = "'or' rule"
    rule: ClassVar[str] = "the rules of at least one branch all hold"
    source: ClassVar[str] = "the Interactive Sudoku Solver (Or)"

    branches: tuple[tuple[Constraint, ...], ...] = ()

    def cells(self) -> tuple[Cell, ...]:
        """Every branch's cells."""
        return tuple(dict.fromkeys(c for branch in self.branches for part in branch for c in part.cells()))

    def validate(self, grid: Grid) -> None:
        """Two branches or more, each with rules that can stand and that compile to automata."""
        if len(self.branches) < 2 or any(not branch for branch in self.branches):
            raise GridError("an 'or' rule needs two branches or more, each with a rule")
        for branch in self.branches:
            And(branch).validate(grid)

    def describe(self, grid: Grid) -> str:
        """``either (...) or (...)``."""
        return "either " + " or ".join(And(branch).describe(grid) for branch in self.branches)

    def holds(self, values: Values, grid: Grid) -> bool:
        """Some branch's rules all hold."""
        return any(all(part.holds(values, grid) for part in branch) for branch in self.branches)

    def enforce(self, grid: Grid) -> Enforcement:
        """One either group: each branch's enforcement as automata."""
        branches = tuple(
            as_rules(grid, And(branch).enforce(grid), And(branch).describe(grid)) for branch in self.branches
        )
        return Enforcement(either=(Either(branches, self.kind),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """Every branch's drawing, and the rule named under the grid."""
        return [
            *(shape for branch in self.branches for part in branch for shape in part.drawing(grid)),
            drawing.caption(self.kind, "an 'or' rule (some branch holds)"),
        ]

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "or", "branches": [[...], [...]]}``."""
        return {"kind": self.kind, "branches": [_parts_json(branch) for branch in self.branches]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Or:
        """The branches, each a list of constraints of sudokit's JSON."""
        unknown = set(data) - {"kind", "branches"}
        if unknown:
            raise GridError(f"an 'or' constraint has no field {', '.join(sorted(map(repr, unknown)))}")
        branches = data.get("branches")
        if not isinstance(branches, list) or len(branches) < 2:
            raise GridError("an 'or' rule needs \"branches\": two lists of constraints or more")
        return cls(tuple(_parts_of(branch, "each branch of an 'or' rule") for branch in branches))
