"""State-machine lines: the digits along a line, read in order, are a word a setter's automaton accepts.

The Interactive Sudoku Solver's ``NFA``: a one-off line rule given as states and moves instead of a
pattern ("the running total never passes 10", "digits alternate between low and high").  The machine
is non-deterministic: it is run as the set of states the digits so far can lead to, so the core
propagates it like every line rule.  A line may be made of several segments read as one word, with
the segment break as one more symbol between them (ISS's multi-segment machines: "each segment ...,
and the segments ...").
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit import automata
from sudokit.automata import Machine, State
from sudokit.constraints import drawing
from sudokit.constraints.base import Deduction, Enforcement, Shape, Values, register, span
from sudokit.constraints.families import LineConstraint
from sudokit.errors import GridError
from sudokit.model import LineRule

if TYPE_CHECKING:
    from sudokit.model import Grid

MAX_STATES = 4_096
"""The most states a machine may have: a bound on what a link can make sudokit do."""
MAX_MOVES = 20_000
"""The most moves a machine may have."""
BREAK = -1
"""The symbol a machine reads between two segments (a move on it is one of ``break_moves``)."""


@dataclass(frozen=True)
class Automaton:
    """A machine ready to run: per state, per symbol (a value, or BREAK), the states it may go to."""

    starts: frozenset[int]
    accepts: frozenset[int]
    moves: dict[tuple[int, int], frozenset[int]]

    def step(self, states: frozenset[int], symbol: int) -> frozenset[int]:
        """The states after reading one symbol (empty: no word goes on so)."""
        return frozenset(t for s in states for t in self.moves.get((s, symbol), ()))

    def run(self, symbols: Sequence[int]) -> bool:
        """Whether the machine accepts the word."""
        states = self.starts
        for symbol in symbols:
            states = self.step(states, symbol)
            if not states:
                return False
        return bool(states & self.accepts)


@functools.lru_cache(maxsize=256)
def build(
    states: int,
    starts: tuple[int, ...],
    accepts: tuple[int, ...],
    moves: tuple[tuple[int, int, int], ...],
    break_moves: tuple[tuple[int, int], ...],
) -> Automaton:
    """The automaton of a machine's parts; GridError naming a state out of range or too large a machine."""
    if not 1 <= states <= MAX_STATES:
        raise GridError(f"a state machine has 1 to {MAX_STATES:,} states, not {states:,}")
    if len(moves) + len(break_moves) > MAX_MOVES:
        raise GridError(f"a state machine has at most {MAX_MOVES:,} moves")
    table: dict[tuple[int, int], set[int]] = {}
    named = [
        *starts,
        *accepts,
        *(s for move in moves for s in (move[0], move[2])),
        *(s for m in break_moves for s in m),
    ]
    for state in named:
        if not 0 <= state < states:
            raise GridError(f"a state machine of {states} states has no state {state}")
    for source, value, target in moves:
        table.setdefault((source, value), set()).add(target)
    for source, target in break_moves:
        table.setdefault((source, BREAK), set()).add(target)
    return Automaton(frozenset(starts), frozenset(accepts), {k: frozenset(v) for k, v in table.items()})


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Clue: states, then counted lists: starts, accepts, moves (triples), break moves (pairs), breaks.

    ``breaks`` are positions along the line where a segment starts (one per break: an empty segment
    repeats its position); the machine reads BREAK there before the cell's value.
    """
    at = 1

    def take(width: int) -> list[tuple[int, ...]]:
        nonlocal at
        count = clue[at]
        items = [tuple(clue[at + 1 + k * width : at + 1 + (k + 1) * width]) for k in range(count)]
        at += 1 + count * width
        return items

    starts = tuple(s for (s,) in take(1))
    accepts = tuple(s for (s,) in take(1))
    moves = tuple((a, b, c) for a, b, c in take(3))
    break_moves = tuple((a, b) for a, b in take(2))
    breaks = [p for (p,) in take(1)]
    automaton = build(clue[0], starts, accepts, moves, break_moves)
    before = {p: breaks.count(p) for p in set(breaks)}

    def broken(states: frozenset[int], times: int) -> frozenset[int]:
        for _ in range(times):
            states = automaton.step(states, BREAK)
        return states

    def step(state: State, i: int, v: int) -> State | None:
        after = automaton.step(broken(state, before.get(i, 0)), v)
        return after or None

    trailing = before.get(length, 0)
    return Machine(automaton.starts, step, lambda state: bool(broken(state, trailing) & automaton.accepts))


automata.define(
    "state machine",
    "the digits along the line, in order, are a word the machine accepts",
    (6, 200_000),
    _machine,
)


@register
@dataclass(frozen=True, slots=True)
class StateMachineLine(LineConstraint):
    """A line whose digits, read from its start, a setter's state machine accepts (ISS ``NFA``)."""

    kind: ClassVar[str] = "state machine"
    deduction: ClassVar[Deduction | None] = Deduction(
        "state_machine_line",
        "State Machine Line",
        30,
        2.5,
        (
            "The digits along the line must be a word the machine accepts, so a digit goes from a cell "
            "where no accepted word could have it."
        ),
    )
    noun: ClassVar[str] = "state machine line"
    rule: ClassVar[str] = (
        "the digits along the line, read from its start, take the machine from a start state to an "
        "accepting state by its moves (several start states and several moves on one digit allowed)"
    )
    source: ClassVar[str] = "Interactive Sudoku Solver (NFA)"
    aliases: ClassVar[tuple[str, ...]] = ("nfa", "state machine line", "automaton line")
    phrasing: ClassVar[str] = "state machine automaton accepts accepted states moves"
    shortest: ClassVar[int] = 1
    colour: ClassVar[str] = "#7a5bef"
    width: ClassVar[float] = 0.1
    json_numbers: ClassVar[tuple[str, ...]] = ("break_moves",)

    states: int = 1
    """How many states the machine has (numbered from 0)."""
    starts: tuple[int, ...] = (0,)
    accepts: tuple[int, ...] = ()
    moves: tuple[tuple[int, int, int], ...] = ()
    """(state, digit, next state): reading the digit in the state may lead to the next state."""
    break_moves: tuple[tuple[int, int], ...] = ()
    """(state, next state): moves on the break between two segments."""
    breaks: tuple[int, ...] = ()
    """Positions along the line where a new segment starts (a position twice: an empty segment)."""

    def describe(self, grid: Grid) -> str:
        """``the state machine line r1c1-r1c4 (3 states)``."""
        return f"the state machine line {span(self.line)} ({self.states} states)"

    def validate(self, grid: Grid) -> None:
        """A line, a machine whose states are in range, breaks within the line, digits of the grid."""
        LineConstraint.validate(self, grid)
        build(self.states, self.starts, self.accepts, self.moves, self.break_moves)
        if any(not 0 <= p <= len(self.line) for p in self.breaks) or list(self.breaks) != sorted(self.breaks):
            raise GridError(f"{self.describe(grid)}: breaks are positions 0 to {len(self.line)}, in order")
        stray = sorted({v for _, v, _ in self.moves} - set(grid.values))
        if stray:
            raise GridError(f"{self.describe(grid)}: moves on {stray[0]}, which is not a digit of the grid")

    def holds(self, values: Values, grid: Grid) -> bool:
        """The machine accepts the line's digits with the breaks between its segments."""
        automaton = build(self.states, self.starts, self.accepts, self.moves, self.break_moves)
        word: list[int] = []
        for i, cell in enumerate(self.line):
            word.extend([BREAK] * self.breaks.count(i))
            word.append(values[cell])
        word.extend([BREAK] * self.breaks.count(len(self.line)))
        return automaton.run(word)

    def enforce(self, grid: Grid) -> Enforcement:
        """The machine's automaton (the whole machine travels in the clue)."""
        clue = (
            self.states,
            len(self.starts),
            *self.starts,
            len(self.accepts),
            *self.accepts,
            len(self.moves),
            *(n for move in self.moves for n in move),
            len(self.break_moves),
            *(n for move in self.break_moves for n in move),
            len(self.breaks),
            *self.breaks,
        )
        return Enforcement(rules=(LineRule("state machine", tuple(grid.index[c] for c in self.line), clue),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A thin dash-dotted line, with the machine's size at its start."""
        start = drawing.centre(self.line[0])
        return [
            drawing.line(self.kind, drawing.centres(self.line), self.colour, self.width, dash=True),
            drawing.text(self.kind, [start[0] - 0.3, start[1]], f"{self.states}st", 0.2, color=self.colour),
        ]
