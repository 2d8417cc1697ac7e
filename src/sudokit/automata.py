"""The rules of :class:`sudokit.model.LineRule` kinds, each as a finite automaton over the cells' values.

A rule that reads cells in order (a sandwich clue along its row, a renban line, a quadruple's cells)
is a machine: a start state, a step from a state and the next cell's value to a state (or None: the
values so far break the rule) and a test of the final state.  The compiled form the core propagates
is layered (the states after i cells), pruned to the states on some accepting path, so a rule that no
values can meet is found before any search (:class:`sudokit.errors.GridError`).  Adding a kind is one
call of :func:`define`, made by the constraint kind that uses it (:mod:`sudokit.constraints`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sudokit.errors import GridError

State = Any
"""A machine's state: any hashable value (a tuple, a frozenset)."""
Step = Callable[[State, int, int], State | None]
"""(state, position of the cell read, its value) -> the next state, or None when the rule is broken."""

MAX_TABLE = 4_000_000
"""The most transitions (states times symbols) one compiled rule may have."""


@dataclass(frozen=True, slots=True)
class Machine:
    """A rule as an automaton: where it starts, how it steps, which final states accept."""

    start: State
    step: Step
    accept: Callable[[State], bool]


Build = Callable[[tuple[int, ...], int, tuple[int, ...]], "Machine"]
"""(clue, number of cells, the symbols' values) -> the machine of a rule."""


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of rule: what it is called, how many numbers its clue has, and its machine."""

    description: str
    """One line for help texts: what the rule requires."""
    clue: tuple[int, int]
    """How many numbers the clue has: (fewest, most); (0, 0) for a rule without a clue."""
    build: Build
    """(clue, number of cells, the symbols' values) -> the machine."""


KINDS: dict[str, Kind] = {}
"""Every kind of :class:`sudokit.model.LineRule`, by name; constraint kinds add theirs with :func:`define`."""


def define(name: str, description: str, clue: tuple[int, int], build: Build) -> None:
    """Add a kind of rule (its machine's builder), once per name."""
    if name in KINDS and KINDS[name].build is not build:
        raise GridError(f"two automaton kinds are called {name!r}")
    KINDS[name] = Kind(description, clue, build)


def third(v: int, values: tuple[int, ...]) -> int:
    """Low (0), middle (1) or high (2): the alphabet in three, the middle taking what does not divide."""
    ordered = sorted(values)
    side = round(len(ordered) / 3)
    position = ordered.index(v)
    return 0 if position < side else 2 if position >= len(ordered) - side else 1


NOT = "not "
"""A kind named ``"not " + kind`` is the complement of ``kind``: its values break that rule."""

_BROKEN = ("broken",)
"""The state of a complement machine once the rule it turns round can no longer hold."""


def complement(rule: Machine) -> Machine:
    """The machine accepting exactly what ``rule`` rejects (its states, plus one for "already broken")."""

    def step(state: State, i: int, v: int) -> State:
        if state == _BROKEN:
            return _BROKEN
        following = rule.step(state[1], i, v)
        return _BROKEN if following is None else ("holding", following)

    return Machine(("holding", rule.start), step, lambda state: state == _BROKEN or not rule.accept(state[1]))


def machine(kind: str, clue: tuple[int, ...], length: int, values: Sequence[int]) -> Machine:
    """The machine of a rule; GridError for an unknown kind or a clue of the wrong size."""
    if kind.startswith(NOT):
        return complement(machine(kind[len(NOT) :], clue, length, values))
    definition = KINDS.get(kind)
    if definition is None:
        raise GridError(f"unknown rule kind {kind!r} (known: {', '.join(KINDS)})")
    fewest, most = definition.clue
    if not fewest <= len(clue) <= most:
        wanted = "no clue" if most == 0 else f"{fewest} to {most} numbers" if fewest != most else "a number"
        raise GridError(f"a {kind} rule takes {wanted}, not {list(clue)}")
    return definition.build(clue, length, tuple(values))


def holds(kind: str, clue: tuple[int, ...], values: Sequence[int], alphabet: Sequence[int]) -> bool:
    """Whether the values (one per cell, in order) meet the rule."""
    rule = machine(kind, clue, len(values), alphabet)
    state: State | None = rule.start
    for i, v in enumerate(values):
        state = rule.step(state, i, v)
        if state is None:
            return False
    return rule.accept(state)


@functools.lru_cache(maxsize=4096)
def compile_rule(
    kind: str, clue: tuple[int, ...], length: int, values: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The core's form: the layer sizes and, per state and symbol, the next state (-1: none).

    States are numbered layer by layer, kept only when they lie on an accepting path, and merged when
    what may follow them is the same (the minimal layered automaton).  GridError
    when no values meet the rule, or when its automaton is too large to propagate.
    """
    rule = machine(kind, clue, length, values)
    layers: list[dict[State, int]] = [{rule.start: 0}]
    steps: list[list[list[int]]] = []
    n = len(values)
    size = n
    for i in range(length):
        following: dict[State, int] = {}
        rows = []
        for state in layers[i]:
            row = []
            for v in values:
                to = rule.step(state, i, v)
                row.append(-1 if to is None else following.setdefault(to, len(following)))
            rows.append(row)
        size += len(following) * n
        if size > MAX_TABLE:
            raise GridError(f"a {kind} rule over {length} cells has too many states to propagate")
        layers.append(following)
        steps.append(rows)
    alive = [{k for state, k in layers[-1].items() if rule.accept(state)}]
    for i in range(length - 1, -1, -1):
        alive.insert(0, {k for k, row in enumerate(steps[i]) if any(t in alive[0] for t in row)})
    if 0 not in alive[0]:
        clue_text = f" {' '.join(map(str, clue))}" if clue else ""
        raise GridError(f"no values meet the {kind} rule{clue_text} over {length} cells")
    # merge the states of a layer whose futures are the same (same next class for each symbol), from
    # the end back: the smallest layered automaton of the rule, so each propagation reads fewer states
    classes: list[dict[int, int]] = [dict.fromkeys(alive[length], 0)]
    rows_kept: list[list[tuple[int, ...]]] = [[]]
    for i in range(length - 1, -1, -1):
        after = classes[0]
        found: dict[tuple[int, ...], int] = {}
        of: dict[int, int] = {}
        for old in sorted(alive[i]):
            key = tuple(after.get(t, -1) for t in steps[i][old])
            of[old] = found.setdefault(key, len(found))
        classes.insert(0, of)
        rows_kept.insert(0, list(found))
    sizes = [len(rows) for rows in rows_kept[:-1]] + [1]
    table: list[int] = []
    offset = 0
    for i in range(length):
        offset += sizes[i]
        for targets in rows_kept[i]:
            table.extend(-1 if t < 0 else offset + t for t in targets)
    table.extend([-1] * n)
    return tuple(sizes), tuple(table)
