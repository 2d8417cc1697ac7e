"""Regular-expression lines: the digits along the line, read in order, spell a word of a pattern.

The Interactive Sudoku Solver's ``Regex``: a setter's one-off line rule written as a regular expression
over the digits.  The pattern is read by sudokit's own parser (never ``eval`` or a backtracking engine:
a pattern comes from a link), built into a Thompson automaton and run as sets of its states, so the
core propagates it like every line rule and a check of a filled line takes linear time.

Syntax, as ISS's: digits (and the grid's other one-character symbols) stand for themselves; ``.`` is
any digit; ``[123]``, ``[1-4]``, ``[^5]`` are classes; ``(...)`` groups; ``|`` separates alternatives;
``*``, ``+``, ``?``, ``{n}``, ``{n,}``, ``{n,m}`` repeat.  White space is ignored.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
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

MAX_PATTERN = 400
"""The longest pattern read (characters)."""
MAX_STATES = 4_000
"""The most automaton states a pattern may build: a bound on what a link can make sudokit do."""
MAX_REPEAT = 64
"""The largest count in ``{n,m}``."""


@dataclass
class _Nfa:
    """A Thompson automaton: per state, the symbols it reads into a next state, and its empty moves."""

    moves: list[list[tuple[frozenset[str] | None, int]]] = field(default_factory=list)
    """Per state: (symbols read, or None for an empty move; the next state)."""

    def state(self) -> int:
        """A new state."""
        if len(self.moves) >= MAX_STATES:
            raise GridError(f"the pattern builds more than {MAX_STATES:,} states")
        self.moves.append([])
        return len(self.moves) - 1


class _Parser:
    """Recursive descent over a pattern, building the automaton as it reads (fragments: start, end)."""

    def __init__(self, pattern: str, symbols: tuple[str, ...]) -> None:
        self.text, self.at, self.symbols, self.nfa = pattern, 0, symbols, _Nfa()

    def fail(self, what: str) -> GridError:
        return GridError(f"regex pattern {self.text!r}: {what} at character {self.at + 1}")

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def parse(self) -> tuple[int, int]:
        """The whole pattern."""
        fragment = self.alternation()
        if self.at != len(self.text):
            raise self.fail(f"unexpected {self.peek()!r}")
        return fragment

    def alternation(self) -> tuple[int, int]:
        options = [self.sequence()]
        while self.peek() == "|":
            self.at += 1
            options.append(self.sequence())
        if len(options) == 1:
            return options[0]
        start, end = self.nfa.state(), self.nfa.state()
        for first, last in options:
            self.nfa.moves[start].append((None, first))
            self.nfa.moves[last].append((None, end))
        return start, end

    def sequence(self) -> tuple[int, int]:
        start = end = self.nfa.state()
        while self.peek() not in ("", "|", ")"):
            first, last = self.repeated()
            self.nfa.moves[end].append((None, first))
            end = last
        return start, end

    def repeated(self) -> tuple[int, int]:
        begin = self.at
        fragment = self.atom()
        atom_text = self.text[begin : self.at]
        while self.peek() in ("*", "+", "?", "{"):
            low, high = self.quantifier()
            fragment = self.repeat(fragment, atom_text, low, high)
            atom_text = self.text[begin : self.at]
        return fragment

    def quantifier(self) -> tuple[int, int | None]:
        """``*`` (0, None), ``+`` (1, None), ``?`` (0, 1), ``{n}``, ``{n,}``, ``{n,m}``."""
        mark = self.peek()
        self.at += 1
        if mark != "{":
            return {"*": (0, None), "+": (1, None), "?": (0, 1)}[mark]
        close = self.text.find("}", self.at)
        if close < 0:
            raise self.fail("a '{' without its '}'")
        body, self.at = self.text[self.at : close], close + 1
        parts = body.split(",")
        high: int | None
        try:
            if len(parts) == 1:
                low = high = int(parts[0])
            elif len(parts) == 2:
                low = int(parts[0])
                high = int(parts[1]) if parts[1] else None
            else:
                raise ValueError
        except ValueError:
            raise self.fail(f"'{{{body}}}' is no count") from None
        if low < 0 or (high is not None and high < low) or max(low, high or 0) > MAX_REPEAT:
            raise self.fail(f"'{{{body}}}': counts from 0 to {MAX_REPEAT}, the first no larger")
        return low, high

    def repeat(self, fragment: tuple[int, int], text: str, low: int, high: int | None) -> tuple[int, int]:
        """``low`` copies of the fragment, then ``high - low`` optional ones (or a loop when unbounded)."""

        def copy() -> tuple[int, int]:  # the atom read again: a fresh fragment of the same text
            again = _Parser(text, self.symbols)
            again.nfa = self.nfa
            return again.repeated()

        start = end = self.nfa.state()
        pieces = [fragment] + [copy() for _ in range(max(low, 1 if high is None else high) - 1)]
        for k in range(low):
            first, last = pieces[k]
            self.nfa.moves[end].append((None, first))
            end = last
        if high is None:  # then any number more: a loop through one more copy
            first, last = pieces[low] if low < len(pieces) else copy()
            self.nfa.moves[end].append((None, first))
            self.nfa.moves[last].append((None, end))
            return start, end
        exit_ = self.nfa.state()
        self.nfa.moves[end].append((None, exit_))
        for k in range(low, high):
            first, last = pieces[k]
            self.nfa.moves[end].append((None, first))
            self.nfa.moves[last].append((None, exit_))
            end = last
        return start, exit_

    def atom(self) -> tuple[int, int]:
        char = self.peek()
        if not char:
            raise self.fail("a pattern that ends where a digit was expected")
        if char == "(":
            self.at += 1
            fragment = self.alternation()
            if self.peek() != ")":
                raise self.fail("a '(' without its ')'")
            self.at += 1
            return fragment
        if char == "[":
            return self.read(self.klass())
        if char == ".":
            self.at += 1
            return self.read(frozenset(self.symbols))
        if char in self.symbols:
            self.at += 1
            return self.read(frozenset(char))
        raise self.fail(f"{char!r} is neither a symbol of this grid nor part of the syntax")

    def klass(self) -> frozenset[str]:
        """``[...]``: symbols and ranges, ``^`` first to take the complement."""
        self.at += 1
        negated = self.peek() == "^"
        if negated:
            self.at += 1
        chosen: set[str] = set()
        while self.peek() != "]":
            char = self.peek()
            if not char:
                raise self.fail("a '[' without its ']'")
            if char not in self.symbols:
                raise self.fail(f"{char!r} is not a symbol of this grid")
            self.at += 1
            if self.peek() == "-" and self.at + 1 < len(self.text) and self.text[self.at + 1] != "]":
                last = self.text[self.at + 1]
                if last not in self.symbols or self.symbols.index(last) < self.symbols.index(char):
                    raise self.fail(f"'{char}-{last}' is no range of this grid's symbols")
                chosen |= set(self.symbols[self.symbols.index(char) : self.symbols.index(last) + 1])
                self.at += 2
            else:
                chosen.add(char)
        self.at += 1
        return frozenset(set(self.symbols) - chosen if negated else chosen)

    def read(self, symbols: frozenset[str]) -> tuple[int, int]:
        start, end = self.nfa.state(), self.nfa.state()
        self.nfa.moves[start].append((symbols, end))
        return start, end


@dataclass(frozen=True)
class Compiled:
    """A pattern's automaton, ready to run over symbols."""

    start: frozenset[int]
    accept: int
    moves: tuple[tuple[tuple[frozenset[str] | None, int], ...], ...]

    def closure(self, states: frozenset[int] | set[int]) -> frozenset[int]:
        """The states reachable by empty moves."""
        seen, todo = set(states), list(states)
        while todo:
            for symbols, target in self.moves[todo.pop()]:
                if symbols is None and target not in seen:
                    seen.add(target)
                    todo.append(target)
        return frozenset(seen)

    def step(self, states: frozenset[int], symbol: str) -> frozenset[int]:
        """The states after reading one symbol (empty: no word goes on so)."""
        reached = {
            t for s in states for symbols, t in self.moves[s] if symbols is not None and symbol in symbols
        }
        return self.closure(reached)

    def matches(self, word: list[str]) -> bool:
        """Whether the whole word is one of the pattern's."""
        states = self.start
        for symbol in word:
            states = self.step(states, symbol)
            if not states:
                return False
        return self.accept in states


@functools.lru_cache(maxsize=256)
def compile_pattern(pattern: str, symbols: tuple[str, ...]) -> Compiled:
    """A pattern as an automaton over one-character symbols; GridError naming what is wrong with it.

    Built once per pattern and alphabet: validation, the core's automaton and each check share it.
    """
    text = "".join(pattern.split())
    if len(text) > MAX_PATTERN:
        raise GridError(f"a regex pattern of {len(text):,} characters; at most {MAX_PATTERN} are read")
    if not all(len(s) == 1 for s in symbols):
        raise GridError("regex lines need one-character symbols")
    parser = _Parser(text, symbols)
    start, accept = parser.parse()
    moves = tuple(tuple(m) for m in parser.nfa.moves)
    made = Compiled(frozenset(), accept, moves)
    return Compiled(made.closure({start}), accept, moves)


def _machine(clue: tuple[int, ...], length: int, values: tuple[int, ...]) -> Machine:
    """Clue: the pattern's characters as code points, then the grid's symbols' values as characters.

    The automaton's state is the set of pattern states the digits so far can be in.
    """
    split = clue.index(-1)
    pattern = "".join(map(chr, clue[:split]))
    alphabet = tuple(map(chr, clue[split + 1 :]))  # the symbol each value stands for, in value order
    compiled = compile_pattern(pattern, alphabet)
    by_value = dict(zip(sorted(values), alphabet, strict=True))

    def step(state: State, _i: int, v: int) -> State | None:
        after = compiled.step(state, by_value[v])
        return after or None

    return Machine(compiled.start, step, lambda state: compiled.accept in state)


automata.define("regex", "the digits along the line, in order, match the pattern", (1, 1_000), _machine)


@register
@dataclass(frozen=True, slots=True)
class RegexLine(LineConstraint):
    """A line whose digits, read from its start, match a regular expression (ISS ``Regex``)."""

    kind: ClassVar[str] = "regex"
    deduction: ClassVar[Deduction | None] = Deduction(
        "regex_line",
        "Pattern Line",
        30,
        2.5,
        (
            "The digits along the line must spell a word the pattern allows, so a digit goes from a cell "
            "where no such word could have it."
        ),
    )
    noun: ClassVar[str] = "regex line"
    rule: ClassVar[str] = (
        "the digits along the line, read from its start, match the regular expression (digits, '.', "
        "classes '[1-4]' and '[^5]', groups, '|', and the quantifiers '*', '+', '?', '{n}', '{n,}', '{n,m}')"
    )
    source: ClassVar[str] = "Interactive Sudoku Solver (Regex)"
    aliases: ClassVar[tuple[str, ...]] = ("regex line", "regular expression", "pattern line")
    phrasing: ClassVar[str] = "pattern regular expression match matches read order"
    shortest: ClassVar[int] = 1
    colour: ClassVar[str] = "#5b8def"
    width: ClassVar[float] = 0.1

    pattern: str = ""

    def describe(self, grid: Grid) -> str:
        """``the regex line r1c1-r1c4 (1.*9)``."""
        return f"the regex line {span(self.line)} ({self.pattern})"

    def validate(self, grid: Grid) -> None:
        """A line, and a pattern the parser reads over the grid's symbols."""
        LineConstraint.validate(self, grid)
        compile_pattern(self.pattern, grid.symbols)

    def holds(self, values: Values, grid: Grid) -> bool:
        """The line's symbols, in order, are a word of the pattern."""
        compiled = compile_pattern(self.pattern, grid.symbols)
        by_value = dict(zip(grid.values, grid.symbols, strict=True))
        return compiled.matches([by_value[values[c]] for c in self.line])

    def enforce(self, grid: Grid) -> Enforcement:
        """The regex automaton (the pattern and the grid's symbols travel in the clue)."""
        symbols = [ord(s) for _, s in sorted(zip(grid.values, grid.symbols, strict=True))]
        clue = (*(ord(ch) for ch in "".join(self.pattern.split())), -1, *symbols)
        return Enforcement(rules=(LineRule("regex", tuple(grid.index[c] for c in self.line), clue),))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A thin dashed line with its pattern at the start."""
        start = drawing.centre(self.line[0])
        return [
            drawing.line(self.kind, drawing.centres(self.line), self.colour, self.width, dash=True),
            drawing.text(self.kind, [start[0] - 0.3, start[1]], self.pattern[:12], 0.2, color=self.colour),
        ]
