"""The rules of :class:`sudokit.model.LineRule` kinds, each as a finite automaton over the cells' values.

A rule that reads cells in order (a sandwich clue along its row, a renban line, a quadruple's cells)
is a machine: a start state, a step from a state and the next cell's value to a state (or None: the
values so far break the rule) and a test of the final state.  The compiled form the core propagates
is layered (the states after i cells), pruned to the states on some accepting path, so a rule that no
values can meet is found before any search (:class:`sudokit.errors.GridError`).  Adding a kind is one
entry in :data:`KINDS`.
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


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of rule: what it is called, how many numbers its clue has, and its machine."""

    description: str
    """One line for help texts: what the rule requires."""
    clue: tuple[int, int]
    """How many numbers the clue has: (fewest, most); (0, 0) for a rule without a clue."""
    build: Callable[[tuple[int, ...], int, tuple[int, ...]], Machine]
    """(clue, number of cells, the symbols' values) -> the machine."""


def _sandwich(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The values strictly between the lowest and the highest symbol add up to the clue.

    The values inside are distinct (a row's): on grids of up to 10 symbols the state keeps the set
    of them, which prunes far more than their sum; on larger grids, their sum and count.
    """
    total, low, high = clue[0], min(values), max(values)
    small = len(values) <= 10

    def step(state: State, _i: int, v: int) -> State | None:
        phase, end, inside = state
        if v in (low, high):
            if phase == 0:
                return (1, v, frozenset() if small else (0, 0))
            if phase == 2:
                return None
            held = sum(inside) if small else inside[0]
            if v != end and held == total:
                return (2, 0, None)
            return None
        if phase != 1:
            return state
        if small:
            if v in inside or sum(inside) + v > total:
                return None
            return (1, end, inside | {v})
        held, count = inside
        return (1, end, (held + v, count + 1)) if held + v <= total and count + 1 < length - 1 else None

    return Machine((0, 0, None), step, lambda state: state[0] == 2)


def _x_sum(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The first X cells add up to the clue, where X is the first cell's value.

    Those X values are distinct (a row's): the state keeps their set on grids of up to 10 symbols.
    """
    total = clue[0]
    small = len(values) <= 10

    def step(state: State, i: int, v: int) -> State | None:
        left, held = state
        if i == 0:
            if not 1 <= v <= length:
                return None
            left, held = v, (frozenset() if small else 0)
        if left == 0:
            return state
        if small:
            if v in held:
                return None
            held = held | {v}
            reached = sum(held)
        else:
            held = reached = held + v
        if reached > total or (left == 1 and reached != total):
            return None
        return (left - 1, held) if left > 1 else (0, None)

    return Machine((0, None), step, lambda state: state[0] == 0)


def _skyscraper(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """As many cells are higher than every cell before them as the clue says."""
    count = clue[0]

    def step(state: State, _i: int, v: int) -> State | None:
        tallest, seen = state
        if tallest is None or v > tallest:
            return (v, seen + 1) if seen < count else None
        return state

    return Machine((None, 0), step, lambda state: state[1] == count)


def _renban(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """The cells hold different values that form a run of consecutive numbers, in any order."""

    def step(state: State, _i: int, v: int) -> State | None:
        held: frozenset[int] = state
        if v in held:
            return None
        more = held | {v}
        return more if max(more) - min(more) < length else None

    return Machine(frozenset(), step, lambda state: True)


def _between(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Every cell between the two ends holds a value strictly between the ends' values."""

    def step(state: State, i: int, v: int) -> State | None:
        if i == 0:
            return (v, None, None)
        first, low, high = state
        if i < length - 1:
            return (first, v if low is None else min(low, v), v if high is None else max(high, v))
        a, b = min(first, v), max(first, v)
        if low is not None and not (a < low and high < b):
            return None
        return (first, low, high)

    return Machine(None, step, lambda state: True)


def _windows(
    rank: Callable[[int, tuple[int, ...]], int],
) -> Callable[[tuple[int, ...], int, tuple[int, ...]], Machine]:
    """Any three cells in a row along the line hold values of three different ranks (entropic, modular)."""

    def build(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
        ranks = {v: rank(v, values) for v in values}

        def step(state: State, _i: int, v: int) -> State | None:
            r = ranks[v]
            if r in state:
                return None
            return (*state[-1:], r)

        return Machine((), step, lambda state: True)

    return build


def _third(v: int, values: tuple[int, ...]) -> int:
    """Low (0), middle (1) or high (2): the alphabet in three, the middle taking what does not divide."""
    ordered = sorted(values)
    side = round(len(ordered) / 3)
    position = ordered.index(v)
    return 0 if position < side else 2 if position >= len(ordered) - side else 1


def _quadruple(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Every value of the clue appears among the cells (a value listed twice, twice)."""
    wanted = tuple(sorted(set(clue)))
    need = tuple(clue.count(v) for v in wanted)

    def step(state: State, _i: int, v: int) -> State | None:
        if v not in wanted:
            return state
        k = wanted.index(v)
        held: tuple[int, ...] = state
        return held if held[k] >= need[k] else (*held[:k], held[k] + 1, *held[k + 1 :])

    return Machine((0,) * len(wanted), step, lambda state: state == need)


KINDS: dict[str, Kind] = {
    "sandwich": Kind("the digits between the lowest and the highest add up to the clue", (1, 1), _sandwich),
    "x-sum": Kind("the first X digits add up to the clue, X being the first digit", (1, 1), _x_sum),
    "skyscraper": Kind("the clue counts the digits higher than every digit before them", (1, 1), _skyscraper),
    "renban": Kind("different digits that form a run of consecutive numbers, in any order", (0, 0), _renban),
    "between": Kind("every digit between the ends lies strictly between the ends' digits", (0, 0), _between),
    "entropic": Kind(
        "any three cells in a row hold a low, a middle and a high digit", (0, 0), _windows(_third)
    ),
    "modular": Kind(
        "any three cells in a row hold digits of three different remainders modulo 3",
        (0, 0),
        _windows(lambda v, _values: v % 3),
    ),
    "quadruple": Kind("every digit of the clue appears in the cells", (1, 4), _quadruple),
}
"""Every kind of :class:`sudokit.model.LineRule`, by name."""


def machine(kind: str, clue: tuple[int, ...], length: int, values: Sequence[int]) -> Machine:
    """The machine of a rule; GridError for an unknown kind or a clue of the wrong size."""
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

    States are numbered layer by layer and kept only when they lie on an accepting path.  GridError
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
    numbers = []
    offset = 0
    for kept in alive:
        order = sorted(kept)
        numbers.append({old: offset + new for new, old in enumerate(order)})
        offset += len(order)
    table: list[int] = []
    for i in range(length + 1):
        following_numbers = numbers[i + 1] if i < length else {}
        for old in sorted(alive[i]):
            if i == length:
                table.extend([-1] * n)
            else:
                table.extend(following_numbers.get(t, -1) for t in steps[i][old])
    return tuple(len(kept) for kept in alive), tuple(table)
