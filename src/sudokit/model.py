"""The puzzle model every part of sudokit shares: grids (cells, units, symbols), puzzles and solutions.

A :class:`Grid` is the rule set of a puzzle type: which cells exist, which groups of cells (units) must
hold different symbols, and the symbol alphabet.  A :class:`Puzzle` is a grid plus givens and, where a
cell is limited to some symbols, its allowed symbols.  A :class:`Solution` is a puzzle with a symbol in
every cell.  All three are immutable and cheap to share; they carry no solver state.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeVar

from sudokit import automata
from sudokit.english import article, number, plural
from sudokit.errors import GridError, PuzzleError, SearchStopped

if TYPE_CHECKING:
    from sudokit.constraints.base import Constraint

EMPTY = -1
"""The symbol index of an empty cell in :attr:`Puzzle.givens`."""

Cell = tuple[int, int]
"""A cell's (row, column) position, 0-based, in the grid's bounding rectangle."""

_T = TypeVar("_T")

DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0@%"
"""The default alphabet: its first n characters are the symbols of an n-symbol grid (n <= 64)."""

BLANKS = frozenset(".0-_*")
"""Characters that stand for an empty cell in text formats, unless the alphabet uses them ('0')."""


OUTSIDE_ROWS = 1_000
"""Rows each group of cells outside the grid may take (its cells sit far above the grid's, so no rule
of the grid's geometry, a knight's move or a neighbour, ever reaches them)."""


def outside_cell(group: str, row: int, col: int) -> Cell:
    """The position of cell (row, col), 0-based, of a group of cells outside the grid (``A``, ..., ``AA``).

    GridError for a name or a place no position holds.
    """
    if not (group.isascii() and group.isalpha() and group.isupper() and len(group) <= 3):
        raise GridError(f"{group!r}: a group of cells outside the grid is named by 1 to 3 capital letters")
    if not (0 <= row < OUTSIDE_ROWS and 0 <= col < OUTSIDE_ROWS):
        raise GridError(f"a group of cells outside the grid has at most {OUTSIDE_ROWS} rows and columns")
    code = 0
    for letter in group:
        code = code * 26 + ord(letter) - ord("A") + 1
    return -(code + 1) * OUTSIDE_ROWS + row, col


def _outside_name(cell: Cell) -> str:
    """``A:r1c2`` for a cell outside the grid (see :func:`outside_cell`)."""
    code, row = divmod(cell[0], OUTSIDE_ROWS)
    code = -code - 1
    letters = ""
    while code > 0:
        code, rest = divmod(code - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}:r{row + 1}c{cell[1] + 1}"


def cell_name(cell: Cell) -> str:
    """Name a cell the way players do: ``r1c1`` is the top-left cell (``A:r1c1``, one outside the grid)."""
    if cell[0] < -OUTSIDE_ROWS:
        return _outside_name(cell)
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def parse_cell_name(name: str) -> Cell:
    """Read an ``r<row>c<col>`` cell name (1-based, either case) into a 0-based (row, column).

    ``A:r1c2`` names a cell of the group A outside the grid.
    """
    group, colon, rest = name.strip().partition(":")
    if colon:
        row, col = parse_cell_name(rest)
        return outside_cell(group.strip(), row, col)
    text = name.strip().lower()
    if text.startswith("r") and "c" in text:
        row_text, _, col_text = text[1:].partition("c")
        if (
            row_text.isascii()
            and col_text.isascii()
            and row_text.isdigit()
            and col_text.isdigit()
            and len(row_text) <= 4
            and len(col_text) <= 4
            and int(row_text) > 0
            and int(col_text) > 0
        ):  # ASCII digits only ('²' is a digit to isdigit, not to int), and no huge numbers
            return int(row_text) - 1, int(col_text) - 1
    raise GridError(f"{name!r} is not a cell name like r1c1")


def default_symbols(n: int) -> tuple[str, ...]:
    """The default alphabet of an n-symbol grid: digits for n <= 9, then letters (up to 64 symbols).

    Larger grids get the numbers 1..n as (multi-character) symbols.
    """
    if n < 1:
        raise GridError(f"a grid needs at least one symbol, not {n}")
    if n <= len(DEFAULT_SYMBOLS):
        return tuple(DEFAULT_SYMBOLS[:n])
    return tuple(str(k) for k in range(1, n + 1))


def default_box(n: int) -> tuple[int, int]:
    """The most square box shape (rows, columns) for n symbols, wider than tall: 6 -> 2x3, 12 -> 3x4."""
    if n < 1:
        raise GridError(f"a grid needs at least one symbol, not {n}")
    if n == 1:
        return 1, 1  # one cell: its box is itself
    rows = math.isqrt(n)
    while rows > 1 and n % rows:
        rows -= 1
    if rows == 1:
        raise GridError(
            f"{n} is prime, so {article(f'{n}x{n}')} grid has no boxes; use Grid.latin({n}) or regions"
        )
    return rows, n // rows


@dataclass(frozen=True, slots=True)
class Unit:
    """A group of cells whose symbols must all differ.

    A unit with as many cells as the grid has symbols holds each symbol exactly once.
    """

    name: str
    """How players call it: ``row 1``, ``column 3``, ``box 5``, ``region A``, ``diagonal``."""
    cells: tuple[int, ...]
    """Indexes into :attr:`Grid.cells`."""
    kind: str = "extra"
    """``row``, ``column``, ``box``, ``region`` or ``extra``."""
    required: frozenset[int] = frozenset()
    """Symbol indexes a unit shorter than the alphabet must hold (a long renban's middle digits); a
    unit as long as the alphabet holds every symbol."""


@dataclass(frozen=True, slots=True)
class Relation:
    """Two cells that may not hold symbols a forbidden distance apart in the alphabet.

    Distance 0 forbids the same symbol (anti-knight, anti-king); distance 1 forbids neighbours in the
    alphabet, such as 4 and 5 (non-consecutive).  Unlike a unit, a relation links just two cells.
    """

    cells: tuple[int, int]
    """Indexes into :attr:`Grid.cells`."""
    distances: frozenset[int]
    kind: str = "custom"
    """``antiknight``, ``antiking``, ``nonconsecutive`` or ``custom``: where the relation comes from."""

    @property
    def mask(self) -> int:
        """The forbidden distances as a bitmask (bit k: distance k), the core's form."""
        return sum(1 << d for d in self.distances)


LINK_RULES = ("less", "less_or_equal", "difference", "ratio", "sum", "difference_at_least", "equal", "pairs")
"""What a :class:`Link` may require of its two cells' values (a, b): a < b; a <= b; |a - b| == value;
one is ``value`` times the other; a + b == value; |a - b| >= value; a == b; (a, b) one of ``pairs``."""


@dataclass(frozen=True, slots=True)
class Link:
    """Two cells whose symbols' values must fit a rule (one of :data:`LINK_RULES`).

    A thermometer step (``less``), a kropki dot (``difference`` 1, ``ratio`` 2), an XV sign (``sum`` 5
    or 10), a whispers step (``difference_at_least`` 5), a palindrome pair (``equal``), ...;
    ``negated`` turns the rule round (the "no dot means not" of kropki and XV).  Unlike a unit, a link
    joins just two cells, in order.
    """

    cells: tuple[int, int]
    """Indexes into :attr:`Grid.cells`: (a, b)."""
    rule: str
    """One of :data:`LINK_RULES`."""
    value: int = 0
    negated: bool = False
    kind: str = "custom"
    """Where it comes from, for drawing and writing: ``thermometer``, ``kropki``, ``xv``, ``whispers``,
    ``palindrome``, ``inequality``, ``minimum``, ``maximum``, ``difference``, ``ratio`` or ``custom``."""
    line: tuple[int, ...] = ()
    """The drawn line it belongs to, in order (a palindrome's pairs, a clone's cells), for drawing and
    writing; empty when the link is drawn on its own."""
    pairs: frozenset[tuple[int, int]] = frozenset()
    """For the rule ``pairs``: the (a, b) value pairs allowed (an indexer's, a self-taxicab's, ...)."""

    def holds(self, a: int, b: int) -> bool:
        """Whether the values a (first cell) and b (second cell) fit the rule."""
        rule, value = self.rule, self.value
        if rule == "pairs":
            fits = (a, b) in self.pairs
        elif rule == "less":
            fits = a < b
        elif rule == "less_or_equal":
            fits = a <= b
        elif rule == "difference":
            fits = abs(a - b) == value
        elif rule == "ratio":
            fits = a == value * b or b == value * a
        elif rule == "sum":
            fits = a + b == value
        elif rule == "difference_at_least":
            fits = abs(a - b) >= value
        else:
            fits = a == b
        return fits != self.negated

    def table(self, values: Sequence[int]) -> tuple[int, ...]:
        """The core's form: for each symbol of the first cell, the mask of the second's that fit."""
        return tuple(sum(1 << y for y, b in enumerate(values) if self.holds(a, b)) for a in values)


@dataclass(frozen=True, slots=True)
class Sum:
    """Cells whose values, each times its coefficient, add up to ``total``.

    Unlike a cage's, the symbols may repeat.  A little killer clue is a sum of a diagonal's cells
    (coefficients all 1).
    """

    cells: tuple[int, ...]
    """Indexes into :attr:`Grid.cells`."""
    total: int
    coefficients: tuple[int, ...] = ()
    """One per cell (empty: every coefficient 1)."""
    kind: str = "custom"
    """Where it comes from: ``little killer``, ``arrow``, ``zipper``, ``region sum``, ``double arrow``,
    ``killer`` (a cage whose digits may repeat) or ``custom``."""
    line: tuple[int, ...] = ()
    """The drawn line it belongs to, in order (a zipper or region sum line), for drawing and writing;
    empty when the sum's own cells are what is drawn."""

    @property
    def factors(self) -> tuple[int, ...]:
        """The coefficients, one per cell."""
        return self.coefficients or (1,) * len(self.cells)

    def holds(self, values: Sequence[int]) -> bool:
        """Whether the cells' values (one per cell, in order) add up to the total."""
        return sum(f * v for f, v in zip(self.factors, values, strict=True)) == self.total


@dataclass(frozen=True, slots=True)
class LineRule:
    """Cells read in order whose values must fit a rule of :data:`sudokit.automata.KINDS`.

    A sandwich, X-sum or skyscraper clue reads its row or column from the clue's side; a renban,
    between, entropic or modular line reads its cells from one end; a quadruple reads the four cells
    around its corner.  The core propagates each rule as a finite automaton, so a new kind of rule is
    one machine in :mod:`sudokit.automata`.
    """

    kind: str
    cells: tuple[int, ...]
    """Indexes into :attr:`Grid.cells`, in the order the rule reads them."""
    clue: tuple[int, ...] = ()
    """The clue's numbers (a sandwich's total, a quadruple's digits); empty for lines."""

    def holds(self, values: Sequence[int], alphabet: Sequence[int]) -> bool:
        """Whether the cells' values (one per cell, in order) fit the rule; alphabet: the grid's values."""
        return automata.holds(self.kind, self.clue, values, alphabet)

    def describe(self, grid: Grid) -> str:
        """How messages name it: ``the sandwich clue 15 of row 3``, ``the renban line r1c1-r1c4``."""
        first, last = (grid.name_of(c) for c in (self.cells[0], self.cells[-1]))
        clue = str(self.clue[0]) if self.kind == "sandwich" else " ".join(map(str, self.clue))
        if self.kind in ("sandwich", "x-sum", "skyscraper"):
            return f"the {self.kind} clue {clue} reading {first} to {last}"
        if self.kind == "quadruple":
            return f"the quadruple {clue} at {first}"
        return f"the {self.kind} line {first} to {last}"


@dataclass(frozen=True, slots=True)
class Cage:
    """A killer cage: cells that hold different symbols whose values add up to ``total``.

    ``total`` None is a cage without a sum (the cells only differ).  Symbol values are
    :attr:`Grid.values`: the number a digit symbol shows, else its position in the alphabet.
    """

    cells: tuple[int, ...]
    total: int | None

    def name(self, grid: Grid) -> str:
        """How the cage is called in messages: its top-left cell and its sum."""
        first = min((grid.position(c) for c in self.cells), key=lambda cell: (cell[0] < 0, cell))
        what = f"cage at {cell_name(first)}"
        return what if self.total is None else f"{what} (sum {self.total})"


@dataclass(frozen=True, slots=True)
class Unknown:
    """An unknown beside the digits that a rule speaks of: a cell's shading, a cell's role, a value outside.

    Rules that share an unknown name it alike (yin-yang and a shaded-cells rule both name each cell's
    ``shading``), so they speak of one unknown.  The core holds each as one more cell after the grid's,
    whose symbol is the index of one of its ``labels``; a solution gives its label.
    """

    family: str
    """What it is: ``shading``, ``role``, ``var``, ..."""
    at: Cell | None = None
    """The cell it belongs to; None for an unknown outside the grid (named by ``name``)."""
    name: str = ""
    labels: tuple[str, ...] = field(default=("no", "yes"), compare=False)
    """Its possible values in words, the first being what a plain cell is (``unshaded``, ``shaded``)."""
    shown: bool = field(default=True, compare=False)
    """Whether answers show it: a helper a rule needs (a copy of a digit) is counted, never shown."""

    def describe(self) -> str:
        """``the shading of r1c1``, ``the var x``."""
        if self.at is None:
            return f"the {self.family} {self.name}".rstrip()
        return f"the {self.family} of {cell_name(self.at)}"


@dataclass(frozen=True, slots=True)
class Connected:
    """Cells whose values lie among ``members`` form one connected set over ``edges`` (or none at all).

    Yin-yang's shaded and unshaded cells, islands, snakes.  Cells are indexes into the core's cells (the
    grid's, then its unknowns'); ``edges`` pairs positions in ``cells``; ``members`` are symbol
    indexes.  The core prunes with it (cells no member can reach, cut points between members), so it
    is a propagator, not a check at the leaves.
    """

    cells: tuple[int, ...]
    edges: tuple[tuple[int, int], ...]
    members: frozenset[int]
    kind: str = "connected"


@dataclass(frozen=True, slots=True)
class Either:
    """A rule of the form "A or B or ...": some branch's line rules all hold (ISS ``Or``).

    Each branch is automata the core runs only in that branch: it tries each branch on a copy of the
    candidates and keeps what some branch keeps, so an either rule prunes as well as its branches
    allow together, and a full grid meets it only when some branch's automata all accept.
    """

    branches: tuple[tuple[LineRule, ...], ...]
    kind: str = "or"


@dataclass(frozen=True, slots=True)
class _Compiled:
    """A grid's constraints as the core takes them: every enforcement merged, checked once."""

    units: tuple[Unit, ...]
    relations: tuple[Relation, ...]
    links: tuple[Link, ...]
    sums: tuple[Sum, ...]
    rules: tuple[LineRule, ...]
    cages: tuple[Cage, ...]
    masks: tuple[int, ...] | None
    connected: tuple[Connected, ...]
    unknown_masks: tuple[int, ...]
    either: tuple[Either, ...]

    @staticmethod
    def of(grid: Grid) -> _Compiled:
        """Compile and check every constraint of a grid (GridError for one no values can meet)."""
        units: list[Unit] = list(grid.houses)
        relations: list[Relation] = []
        links: list[Link] = []
        sums: list[Sum] = []
        rules: list[LineRule] = []
        cages: list[Cage] = []
        masks: list[int] | None = None
        connected: list[Connected] = []
        either: list[Either] = []
        total_cells = len(grid.cells) + len(grid.unknowns)
        unknown_masks = [(1 << len(u.labels)) - 1 for u in grid.unknowns]
        for constraint in grid.constraints:
            made = constraint.enforce(grid)
            for modifier in grid.modifiers:
                made = modifier.transform(grid, constraint, made)
            connected += made.connected
            either += made.either
            units += made.units
            relations += made.relations
            links += made.links
            sums += made.sums
            rules += made.rules
            cages += made.cages
            for cell, mask in made.masks:
                if not 0 <= cell < total_cells:
                    raise GridError(
                        f"{article(type(constraint).kind)} constraint limits a cell that is not in the grid"
                    )
                if cell >= len(grid.cells):
                    unknown_masks[cell - len(grid.cells)] &= mask
                    continue
                if masks is None:
                    masks = [grid.full_mask] * len(grid.cells)
                masks[cell] &= mask
        grid._check_units(units[len(grid.houses) :])
        n, ncells = grid.size, total_cells
        for group in connected:
            if not group.cells or any(not (0 <= c < ncells) for c in group.cells):
                raise GridError(f"a {group.kind} group names a cell that is not in the grid")
            if any(
                not (0 <= a < len(group.cells) and 0 <= b < len(group.cells)) or a == b
                for a, b in group.edges
            ):
                raise GridError(f"a {group.kind} group's edge joins cells outside it")
            if not group.members or any(not 0 <= m < n for m in group.members):
                raise GridError(f"a {group.kind} group needs member symbols among the {plural(n, 'symbol')}")
        for relation in relations:
            a, b = relation.cells
            if not (0 <= a < ncells and 0 <= b < ncells) or a == b:
                raise GridError(
                    f"{article(relation.kind)} relation names {relation.cells}, not two cells of the grid"
                )
            if not relation.distances or any(not (0 <= d < n) for d in relation.distances):
                raise GridError(f"{article(relation.kind)} relation needs distances from 0 to {n - 1}")
        for link in links:
            a, b = link.cells
            if not (0 <= a < ncells and 0 <= b < ncells) or a == b:
                raise GridError(f"{article(link.kind)} link names {link.cells}, not two cells of the grid")
            if link.rule not in LINK_RULES:
                raise GridError(f"unknown link rule {link.rule!r} (known: {', '.join(LINK_RULES)})")
        values = grid.values
        for total in sums:
            if not total.cells or any(not (0 <= c < ncells) for c in total.cells):
                raise GridError(f"{article(total.kind)} sum names a cell that is not in the grid")
            if total.coefficients and len(total.coefficients) != len(total.cells):
                raise GridError(f"{article(total.kind)} sum needs one coefficient per cell")
            low = sum(min(f * v for v in values) for f in total.factors)
            high = sum(max(f * v for v in values) for f in total.factors)
            if not low <= total.total <= high:
                where = cell_name(grid.position(total.cells[0]))
                raise GridError(
                    f"the {total.kind} sum at {where} can reach {low} to {high} with these symbols, "
                    f"never {total.total}"
                )
        for choice in either:
            if not choice.branches or any(not branch for branch in choice.branches):
                raise GridError(f"an {choice.kind} rule needs branches, each with a rule")
        for rule in [*rules, *(rule for choice in either for branch in choice.branches for rule in branch)]:
            if not rule.cells or any(not (0 <= c < ncells) for c in rule.cells):
                raise GridError(f"a {rule.kind} rule names a cell that is not in the grid")
            if len(set(rule.cells)) != len(rule.cells):
                raise GridError(f"{rule.describe(grid)} passes through a cell twice")
            automata.compile_rule(rule.kind, rule.clue, len(rule.cells), values)
        ordered = sorted(values)
        for cage in cages:
            if not cage.cells or any(not (0 <= c < ncells) for c in cage.cells):
                raise GridError("a cage names a cell that is not in the grid")
            name = cage.name(grid)
            if len(set(cage.cells)) != len(cage.cells):
                raise GridError(f"{name} names a cell twice")
            if len(cage.cells) > n:
                raise GridError(
                    f"{name} has {plural(len(cage.cells), 'cell')} but there are only {plural(n, 'symbol')}"
                )
            if cage.total is not None:
                low, high = sum(ordered[: len(cage.cells)]), sum(ordered[-len(cage.cells) :])
                if not low <= cage.total <= high:
                    raise GridError(
                        f"{name}: {plural(len(cage.cells), 'different symbol')} add up to {low} to {high}, "
                        f"never {cage.total}"
                    )
        return _Compiled(
            tuple(units),
            tuple(relations),
            tuple(links),
            tuple(sums),
            tuple(rules),
            tuple(cages),
            None if masks is None else tuple(masks),
            tuple(connected),
            tuple(unknown_masks),
            tuple(either),
        )


@dataclass(frozen=True, eq=False)
class Grid:
    """A puzzle type: cells, houses, a symbol alphabet and the constraints a setter placed.  Immutable.

    Build the common ones with :meth:`classic`, :meth:`latin` and :meth:`jigsaw`; any other layout
    (multi-grid, extra houses) by passing cells and houses directly, and add rules with
    :meth:`with_constraints` (or the builders of :mod:`sudokit.variants`).  The constraints
    (:mod:`sudokit.constraints`) are the grid's rules as the setter placed them; :attr:`units`,
    :attr:`relations`, :attr:`links`, :attr:`sums`, :attr:`line_rules`, :attr:`cages` and
    :attr:`cell_masks` are what they compile to for the core, built once per grid.
    """

    symbols: tuple[str, ...]
    """The alphabet; a symbol's index in it is how the rest of sudokit refers to it."""
    cells: tuple[Cell, ...]
    """(row, column) of every cell, in row-major order."""
    houses: tuple[Unit, ...]
    """The grid's own all-different units: rows, columns, boxes or regions, and extra groups."""
    rows: int
    """Height of the bounding rectangle."""
    cols: int
    """Width of the bounding rectangle."""
    box: tuple[int, int] | None = None
    """Box shape (rows, columns) for classic grids; None otherwise."""
    constraints: tuple[Constraint, ...] = ()
    """The rules placed on the grid: thermometers, cages, dots, the anti-knight rule, ..."""
    _memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Check that the definition is self-consistent, so that every later stage can rely on it."""
        if not self.symbols:
            raise GridError("a grid needs at least one symbol")
        if len(set(self.symbols)) != len(self.symbols):
            repeated = next(s for s in self.symbols if self.symbols.count(s) > 1)
            raise GridError(f"symbol {repeated!r} appears twice in the alphabet")
        for symbol in self.symbols:
            if not symbol or symbol != symbol.strip() or symbol == ".":
                raise GridError(f"{symbol!r} cannot be a symbol (empty, blank or '.')")
        if len(set(self.cells)) != len(self.cells):
            raise GridError("a cell is listed twice")
        if list(self.cells) != sorted(self.cells):
            raise GridError("cells must be listed in row-major order")
        for row, col in self.cells:
            if not (0 <= row < self.rows and 0 <= col < self.cols):
                raise GridError(
                    f"cell {cell_name((row, col))} lies outside the {self.rows}x{self.cols} frame"
                )
        self._check_units(self.houses)
        for constraint in self.constraints:
            constraint.validate(self)
        if self.constraints:
            self._compiled  # noqa: B018 (compile now: a rule no values can meet is an error at once)

    def _check_units(self, units: Sequence[Unit]) -> None:
        n = len(self.symbols)
        ncells = len(self.cells)
        for unit in units:
            if len(unit.cells) > n:
                cells = plural(len(unit.cells), "cell")
                raise GridError(f"{unit.name} has {cells} but there are only {plural(n, 'symbol')}")
            if len(set(unit.cells)) != len(unit.cells):
                raise GridError(f"{unit.name} names a cell twice")
            if any(not (0 <= c < ncells) for c in unit.cells):
                raise GridError(f"{unit.name} names a cell that is not in the grid")

    @functools.cached_property
    def _compiled(self) -> _Compiled:
        """Every constraint's enforcement, merged and checked (see :class:`_Compiled`)."""
        return _Compiled.of(self)

    @property
    def units(self) -> tuple[Unit, ...]:
        """Every all-different unit: the houses, then the groups constraints add (diagonals, windows, ...)."""
        return self._compiled.units

    @property
    def relations(self) -> tuple[Relation, ...]:
        """Pairwise rules the constraints compile to (anti-knight, anti-king, non-consecutive, ...)."""
        return self._compiled.relations

    @property
    def cages(self) -> tuple[Cage, ...]:
        """All-different groups with an optional sum (killer cages)."""
        return self._compiled.cages

    @property
    def links(self) -> tuple[Link, ...]:
        """Rules between two cells' values: thermometer steps, kropki dots, XV, whispers, ..."""
        return self._compiled.links

    @property
    def sums(self) -> tuple[Sum, ...]:
        """Sums whose symbols may repeat: little killer clues, arrows, ..."""
        return self._compiled.sums

    @property
    def line_rules(self) -> tuple[LineRule, ...]:
        """Automata over cells read in order: sandwich, X-sum and skyscraper clues, renban lines, ..."""
        return self._compiled.rules

    @property
    def cell_masks(self) -> tuple[int, ...] | None:
        """The symbols each cell may hold by the constraints (odd/even cells, ...); None: no limit."""
        return self._compiled.masks

    @property
    def either(self) -> tuple[Either, ...]:
        """Rules of the form "A or B": some branch's automata hold (:class:`Either`)."""
        return self._compiled.either

    @property
    def connected(self) -> tuple[Connected, ...]:
        """Groups whose member cells must be connected (yin-yang's two colours, ...)."""
        return self._compiled.connected

    @functools.cached_property
    def modifiers(self) -> tuple[Constraint, ...]:
        """The rules that change what other rules read (cell roles): their enforcement and meaning."""
        return tuple(c for c in self.constraints if any(c.affects(other) for other in self.constraints))

    @functools.cached_property
    def unknowns(self) -> tuple[Unknown, ...]:
        """The unknowns beside the digits that the constraints speak of, each once, in a fixed order.

        The core holds them as cells after the grid's (:meth:`unknown_index`).  GridError when two
        rules give one unknown different values, or one has more values than the grid has symbols.
        """
        found: dict[Unknown, Unknown] = {}
        for constraint in self.constraints:
            for unknown in constraint.unknowns(self):
                known = found.setdefault(unknown, unknown)
                if known.labels != unknown.labels:
                    raise GridError(
                        f"{unknown.describe()} is {' or '.join(known.labels)} to one rule "
                        f"and {' or '.join(unknown.labels)} to another"
                    )
                if not 2 <= len(unknown.labels) <= self.size:
                    raise GridError(
                        f"{unknown.describe()} takes {plural(len(unknown.labels), 'value')}; "
                        f"the core holds 2 to {self.size} (the grid's symbols)"
                    )
                if unknown.at is not None and unknown.at not in self.index:
                    raise GridError(f"{unknown.describe()} names a cell that is not in the grid")
        placed = [unknown for _, unknown in self.placed]
        rest = sorted(set(found) - set(placed), key=lambda u: (u.family, u.at or (-1, -1), u.name))
        return (*placed, *rest)

    def position(self, index: int) -> Cell:
        """The position of a core cell: a cell of the grid or one outside it (IndexError: neither)."""
        if 0 <= index < len(self.cells):
            return self.cells[index]
        return self.placed[index - len(self.cells)][0]

    def name_of(self, index: int) -> str:
        """A core cell by name: a cell of the grid (``r1c1``) or an unknown beside the digits."""
        if 0 <= index < len(self.cells) + len(self.placed):
            return cell_name(self.position(index))
        extra = index - len(self.cells)
        return self.unknowns[extra].describe() if 0 <= extra < len(self.unknowns) else f"cell {index}"

    def unknown_index(self, unknown: Unknown) -> int:
        """The core's index of an unknown: after the grid's cells (KeyError: no rule names it)."""
        positions: dict[Unknown, int] = self.memo(
            "unknowns", lambda: {u: len(self.cells) + i for i, u in enumerate(self.unknowns)}
        )
        return positions[unknown]

    @property
    def unknown_masks(self) -> tuple[int, ...]:
        """Per unknown, the symbol indexes it may hold: its labels' positions, less what rules rule out."""
        if not self.constraints:
            return ()
        return self._compiled.unknown_masks

    def with_constraints(self, *constraints: Constraint) -> Grid:
        """The grid with more constraints (checked and compiled with the ones it has)."""
        return replace(self, constraints=self.constraints + tuple(constraints), _memo={})

    def without(self, *constraints: Constraint) -> Grid:
        """The grid without some of its constraints (each one occurrence)."""
        left = list(self.constraints)
        for constraint in constraints:
            left.remove(constraint)
        return replace(self, constraints=tuple(left), _memo={})

    def without_constraints(self) -> Grid:
        """The grid with its houses only."""
        return replace(self, constraints=(), _memo={}) if self.constraints else self

    # ------------------------------------------------------------------------------------ builders

    @staticmethod
    def classic(
        n: int = 9, box: tuple[int, int] | None = None, symbols: Sequence[str] | str | None = None
    ) -> Grid:
        """The n x n grid with rows, columns and r x c boxes (n = r*c); 9x9 by default.

        The default box is the most square shape, wider than tall (6x6 has 2x3 boxes); the default
        alphabet is :func:`default_symbols`.  Grids are cached, so every 9x9 puzzle shares one.
        """
        return _classic(n, box, _as_symbols(symbols, n))

    @staticmethod
    def latin(n: int, symbols: Sequence[str] | str | None = None) -> Grid:
        """An n x n Latin square: rows and columns only, no boxes."""
        return _latin(n, _as_symbols(symbols, n))

    @staticmethod
    def jigsaw(
        regions: Sequence[str] | Sequence[Sequence[Any]],
        symbols: Sequence[str] | str | None = None,
        *,
        connected: bool = True,
    ) -> Grid:
        """An n x n grid whose boxes are irregular regions, given as n rows of region labels.

        Every region must have n cells and, unless ``connected`` is false, form one orthogonally
        connected piece.  Labels are any hashable values (characters of strings).
        """
        n = len(regions)
        labels = [list(row) for row in regions]
        if any(len(row) != n for row in labels):
            raise GridError(f"the region map must be {n} rows of {n} labels")
        alphabet = _as_symbols(symbols, n)
        grid_cells = [(r, c) for r in range(n) for c in range(n)]
        units = _rows_and_columns(n, n, grid_cells)
        members: dict[Any, list[int]] = {}
        for index, (r, c) in enumerate(grid_cells):
            members.setdefault(labels[r][c], []).append(index)
        for label, cells in members.items():
            if len(cells) != n:
                raise GridError(f"region {label} has {plural(len(cells), 'cell')}; every region needs {n}")
            if connected and not _connected([grid_cells[i] for i in cells]):
                raise GridError(f"region {label} is in several pieces (pass connected=False to allow that)")
            units.append(Unit(f"region {label}", tuple(cells), "region"))
        return Grid(alphabet, tuple(grid_cells), tuple(units), n, n)

    # --------------------------------------------------------------------------------- properties

    @property
    def size(self) -> int:
        """The number of symbols (9 for a 9x9 grid)."""
        return len(self.symbols)

    @property
    def is_rectangular(self) -> bool:
        """True when every position of the bounding rectangle is a cell."""
        return len(self.cells) == self.rows * self.cols

    @functools.cached_property
    def index(self) -> Mapping[Cell, int]:
        """Cell position -> cell index (the core's: a cell outside the grid after the grid's cells)."""
        index = {cell: i for i, cell in enumerate(self.cells)}
        index.update({cell: len(self.cells) + k for k, (cell, _) in enumerate(self.placed)})
        return index

    @functools.cached_property
    def placed(self) -> tuple[tuple[Cell, Unknown], ...]:
        """The cells outside the grid that rules add (ISS's ``Var``), each with the unknown it is.

        Other rules name them by position like the grid's cells; the core holds them first among the
        unknowns, in this order.
        """
        found: dict[Unknown, Cell] = {}
        for constraint in self.constraints:
            for cell, unknown in constraint.places(self):
                if found.setdefault(unknown, cell) != cell:
                    raise GridError(f"{unknown.describe()} is placed at two positions")
        return tuple((cell, unknown) for unknown, cell in found.items())

    @functools.cached_property
    def symbol_index(self) -> Mapping[str, int]:
        """Symbol -> symbol index."""
        return {symbol: i for i, symbol in enumerate(self.symbols)}

    @functools.cached_property
    def units_of(self) -> tuple[tuple[int, ...], ...]:
        """For each cell index, the indexes of the units that contain it."""
        owners: list[list[int]] = [[] for _ in self.cells]
        for u, unit in enumerate(self.units):
            for c in unit.cells:
                owners[c].append(u)
        return tuple(tuple(o) for o in owners)

    @functools.cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell index, the other cells that share a unit with it."""
        result = []
        for c, owners in enumerate(self.units_of):
            seen: set[int] = set()
            for u in owners:
                seen.update(self.units[u].cells)
            seen.discard(c)
            result.append(frozenset(seen))
        return tuple(result)

    @functools.cached_property
    def values(self) -> tuple[int, ...]:
        """The number each symbol stands for in cage sums.

        The symbols' own values when every symbol is a number (1-9, or 1-16 as tokens), else 1, 2,
        3, ... in alphabet order.
        """
        if all(s.isdecimal() for s in self.symbols):
            return tuple(int(s) for s in self.symbols)
        return tuple(range(1, len(self.symbols) + 1))

    @property
    def full_mask(self) -> int:
        """The candidate mask with every symbol."""
        return (1 << len(self.symbols)) - 1

    def describe(self) -> str:
        """A short human description: ``9x9 (3x3 boxes)``, ``21x21 samurai-style, 369 cells, ...``."""
        shape = f"{self.rows}x{self.cols}"
        if not self.is_rectangular and self.box:
            cells = plural(len(self.cells), "cell")
            text = f"{shape} overlapping grids, {cells} ({self.box[0]}x{self.box[1]} boxes)"
        elif self.box:
            text = f"{shape} ({self.box[0]}x{self.box[1]} boxes)"
        elif any(u.kind == "region" for u in self.houses):
            text = f"{shape} (irregular regions)"
        elif self.is_rectangular and all(u.kind in ("row", "column") for u in self.houses):
            text = f"{shape} (Latin square)"
        else:
            text = f"{shape}, {plural(len(self.cells), 'cell')}, {plural(len(self.houses), 'unit')}"
        extras = []
        extra_units = [u.name for u in self.houses if u.kind == "extra"]
        if extra_units:
            extras.append(plural(len(extra_units), "extra unit"))
        counts = Counter((c.family == "global", c.noun) for c in self.constraints)
        for (whole_grid, noun), count in counts.items():
            extras.append(noun if whole_grid and count == 1 else plural(count, noun))
        return text + (", " + ", ".join(extras) if extras else "")

    def __repr__(self) -> str:
        """Source that rebuilds the grid (``Grid.classic(6, box=(3, 2))``) where a builder makes it.

        Other layouts (multi-grids, extra units, cages) get a one-line summary: their full definition
        would fill a screen and hide what the grid is.
        """
        source = self._builder_source()
        return source if source is not None else f"<Grid: {self.describe()}>"

    def _builder_source(self) -> str | None:
        """``Grid.classic(...)``, ``Grid.latin(...)`` or ``Grid.jigsaw(...)`` when one rebuilds this grid."""
        n = self.size
        if self.rows != n or self.cols != n or not self.is_rectangular or self.constraints:
            return None
        symbols = "" if self.symbols == default_symbols(n) else f", symbols={_symbols_source(self.symbols)}"
        kinds = {u.kind for u in self.houses[2 * n :]}
        try:
            if self.box is not None:
                try:
                    box = "" if self.box == default_box(n) else f", box={self.box!r}"
                except GridError:
                    box = f", box={self.box!r}"
                text, rebuilt = f"Grid.classic({n}{box}{symbols})", Grid.classic(n, self.box, self.symbols)
            elif not kinds:
                text, rebuilt = f"Grid.latin({n}{symbols})", Grid.latin(n, self.symbols)
            elif kinds == {"region"}:
                text, rebuilt = self._jigsaw_source(symbols)
            else:
                return None
        except GridError:
            return None
        return text if rebuilt == self else None

    def _jigsaw_source(self, symbols: str) -> tuple[str, Grid]:
        """``Grid.jigsaw([...])`` source for a grid of irregular regions, and the grid it builds."""
        labels: list[list[str]] = [[""] * self.cols for _ in range(self.rows)]
        for unit in self.houses[2 * self.size :]:
            for c in unit.cells:
                row, col = self.cells[c]
                labels[row][col] = unit.name.removeprefix("region ")
        single = all(len(label) == 1 for row in labels for label in row)
        regions: list[str] | list[list[str]] = ["".join(row) for row in labels] if single else labels
        try:
            return f"Grid.jigsaw({regions!r}{symbols})", Grid.jigsaw(regions, self.symbols)
        except GridError:
            rebuilt = Grid.jigsaw(regions, self.symbols, connected=False)
            return f"Grid.jigsaw({regions!r}{symbols}, connected=False)", rebuilt

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the definition only: the memo holds compiled tables that are rebuilt on demand."""
        return (
            Grid,
            (self.symbols, self.cells, self.houses, self.rows, self.cols, self.box, self.constraints),
        )

    def memo(self, key: str, build: Callable[[], _T]) -> _T:
        """Derived data cached on this immutable grid (for example the compiled solver layout)."""
        try:
            return self._memo[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._memo[key] = build()
            return value

    def __eq__(self, other: object) -> bool:
        """Grids are equal when their symbols, cells, houses, frame, box shape and constraints are."""
        if self is other:
            return True
        if not isinstance(other, Grid):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        """Hash of the defining fields, computed once."""
        return hash(self._key)

    @functools.cached_property
    def _key(self) -> tuple[Any, ...]:
        return (self.symbols, self.cells, self.houses, self.rows, self.cols, self.box, self.constraints)

    def symbol_of(self, text: str) -> int:
        """The index of a symbol, or a PuzzleError naming the alphabet."""
        try:
            return self.symbol_index[text]
        except KeyError:
            raise PuzzleError(
                f"{text!r} is not a symbol of this grid ({_alphabet_text(self.symbols)})"
            ) from None


def _connected(cells: Sequence[Cell]) -> bool:
    """Whether cells form one piece through orthogonal neighbours."""
    todo = [cells[0]]
    seen = {cells[0]}
    members = set(cells)
    while todo:
        r, c = todo.pop()
        for neighbour in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if neighbour in members and neighbour not in seen:
                seen.add(neighbour)
                todo.append(neighbour)
    return len(seen) == len(members)


def _alphabet_text(symbols: Sequence[str]) -> str:
    if all(len(s) == 1 for s in symbols):
        return "symbols " + "".join(symbols)
    return "symbols " + " ".join(symbols)


def _symbols_source(symbols: Sequence[str]) -> str:
    """An alphabet as Python source: one string when every symbol is one character, else a tuple."""
    return repr("".join(symbols)) if all(len(s) == 1 for s in symbols) else repr(tuple(symbols))


def _as_symbols(symbols: Sequence[str] | str | None, n: int) -> tuple[str, ...]:
    if symbols is None:
        return default_symbols(n)
    alphabet = tuple(symbols)
    if len(alphabet) != n:
        needs = f"{article(f'{n}x{n}')} grid needs {plural(n, 'symbol')}"
        raise GridError(f"{needs}, got {len(alphabet)}: {' '.join(alphabet)}")
    return alphabet


def _rows_and_columns(rows: int, cols: int, cells: Sequence[Cell]) -> list[Unit]:
    index = {cell: i for i, cell in enumerate(cells)}
    units = [Unit(f"row {r + 1}", tuple(index[(r, c)] for c in range(cols)), "row") for r in range(rows)]
    units += [
        Unit(f"column {c + 1}", tuple(index[(r, c)] for r in range(rows)), "column") for c in range(cols)
    ]
    return units


@functools.lru_cache(maxsize=64)
def _classic(n: int, box: tuple[int, int] | None, symbols: tuple[str, ...]) -> Grid:
    if n < 1:
        raise GridError(f"grid size must be positive, not {n}")
    box_rows, box_cols = box if box is not None else default_box(n)
    if box_rows < 1 or box_cols < 1 or box_rows * box_cols != n:
        raise GridError(
            f"{box_rows}x{box_cols} boxes do not tile {article(f'{n}x{n}')} grid (need rows x columns = {n})"
        )
    cells = [(r, c) for r in range(n) for c in range(n)]
    units = _rows_and_columns(n, n, cells)
    number = 0
    for top in range(0, n, box_rows):
        for left in range(0, n, box_cols):
            number += 1
            members = tuple((top + dr) * n + left + dc for dr in range(box_rows) for dc in range(box_cols))
            units.append(Unit(f"box {number}", members, "box"))
    return Grid(symbols, tuple(cells), tuple(units), n, n, (box_rows, box_cols))


@functools.lru_cache(maxsize=16)
def _latin(n: int, symbols: tuple[str, ...]) -> Grid:
    if n < 1:
        raise GridError(f"grid size must be positive, not {n}")
    cells = [(r, c) for r in range(n) for c in range(n)]
    return Grid(symbols, tuple(cells), tuple(_rows_and_columns(n, n, cells)), n, n)


def _check_masks(grid: Grid, values: Sequence[int], what: str) -> None:
    if len(values) != len(grid.cells):
        raise PuzzleError(f"{what}: expected {plural(len(grid.cells), 'cell')}, got {number(len(values))}")


PICTURE_DOUBT = "the picture's "
"""How an entry of ``Puzzle.unread`` that doubts a picture's reading begins (sudokit.image): cells read
without certainty, not rules left unread."""


@dataclass(frozen=True)
class Puzzle:
    """A grid with givens and, optionally, per-cell allowed symbols.  Immutable.

    ``givens[i]`` is the symbol index given in cell ``grid.cells[i]``, or :data:`EMPTY`.
    ``allowed`` (None when every cell allows every symbol) holds one bitmask of symbol indexes per cell.
    ``unread`` names what the input held that sudokit did not turn into rules (an f-puzzles key it does
    not know, SudokuPad drawings of no known kind, a sentence of the rules text): with any, the puzzle
    is not ``determined`` and an answer is for the rules read only, never a verdict on the puzzle.
    ``certain`` is False when something unread may change a rule that was read (a sentence such as
    "every clue is wrong" that names no drawing): then not even "no solution" is a verdict.
    """

    grid: Grid
    givens: tuple[int, ...]
    allowed: tuple[int, ...] | None = None
    metadata: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    unread: tuple[str, ...] = field(default=(), compare=False, hash=False)
    certain: bool = field(default=True, compare=False, hash=False)

    @property
    def determined(self) -> bool:
        """Whether every rule of the input was read, so that counts and verdicts are the puzzle's own."""
        return not self.unread

    @property
    def warning(self) -> str | None:
        """What every answer about the puzzle must say when some of its rules were not read."""
        if not self.unread:
            return None
        if all(entry.startswith(PICTURE_DOUBT) for entry in self.unread):  # a reading of a photo
            return (
                f"{'; '.join(self.unread)}; answers are for the puzzle as read, not verdicts on the picture"
            )
        return (
            f"rules not read: {'; '.join(self.unread)}; answers are for the rules that were read, "
            "not verdicts on the puzzle"
        )

    def replaced(self, **changes: Any) -> Puzzle:
        """The puzzle with some fields changed, its metadata and unread rules kept."""
        return replace(self, **changes)

    def __post_init__(self) -> None:
        """Check that givens and allowed symbols fit the grid."""
        grid = self.grid
        _check_masks(grid, self.givens, "givens")
        n = grid.size
        for i, g in enumerate(self.givens):
            if g != EMPTY and not (0 <= g < n):
                raise PuzzleError(f"{cell_name(grid.cells[i])}: symbol index {g} is outside 0..{n - 1}")
        if self.allowed is not None:
            _check_masks(grid, self.allowed, "allowed symbols")
            full = grid.full_mask
            for i, mask in enumerate(self.allowed):
                if mask & ~full or mask < 0:
                    raise PuzzleError(
                        f"{cell_name(grid.cells[i])}: allowed mask {mask:#x} names unknown symbols"
                    )

    # ----------------------------------------------------------------------------------- creation

    @classmethod
    def trusted(cls, grid: Grid, givens: tuple[int, ...]) -> Puzzle:
        """Build a puzzle from givens already known to fit the grid, skipping the checks (hot paths)."""
        puzzle = object.__new__(cls)
        object.__setattr__(puzzle, "grid", grid)
        object.__setattr__(puzzle, "givens", givens)
        object.__setattr__(puzzle, "allowed", None)
        object.__setattr__(puzzle, "metadata", {})
        object.__setattr__(puzzle, "unread", ())
        object.__setattr__(puzzle, "certain", True)
        return puzzle

    @staticmethod
    def from_string(
        text: str,
        *,
        size: int | None = None,
        box: tuple[int, int] | None = None,
        symbols: Sequence[str] | str | None = None,
    ) -> Puzzle:
        """Read one puzzle in any supported text format (see :func:`sudokit.parse`)."""
        from sudokit.formats import parse

        return parse(text, size=size, box=box, symbols=symbols)

    @staticmethod
    def from_rows(grid: Grid, rows: Sequence[Sequence[str | None]]) -> Puzzle:
        """Build a puzzle from rows of symbols, None (or a blank) for an empty cell."""
        givens = [EMPTY] * len(grid.cells)
        if len(rows) != grid.rows:
            raise PuzzleError(f"expected {plural(grid.rows, 'row')}, got {len(rows)}")
        for r, row in enumerate(rows):
            if len(row) != grid.cols:
                raise PuzzleError(f"row {r + 1}: expected {plural(grid.cols, 'cell')}, got {len(row)}")
            for c, symbol in enumerate(row):
                if symbol is None or (symbol in BLANKS and symbol not in grid.symbol_index):
                    continue
                index = grid.index.get((r, c))
                if index is None:
                    raise PuzzleError(f"{cell_name((r, c))} is not a cell of this grid")
                givens[index] = grid.symbol_of(symbol)
        return Puzzle(grid, tuple(givens))

    @staticmethod
    def empty(grid: Grid) -> Puzzle:
        """The puzzle with no givens on a grid."""
        return Puzzle(grid, (EMPTY,) * len(grid.cells))

    # ---------------------------------------------------------------------------------- accessors

    def __getitem__(self, cell: Cell) -> str | None:
        """The given symbol at (row, column), or None when the cell is empty."""
        g = self.givens[self._index(cell)]
        return None if g == EMPTY else self.grid.symbols[g]

    def _index(self, cell: Cell) -> int:
        try:
            return self.grid.index[cell]
        except KeyError:
            raise PuzzleError(f"{cell_name(cell)} is not a cell of this grid") from None

    @property
    def clue_count(self) -> int:
        """How many cells are given."""
        return sum(1 for g in self.givens if g != EMPTY)

    def allowed_symbols(self, cell: Cell) -> frozenset[str]:
        """The symbols a cell may hold by the puzzle's own restriction (all, unless restricted)."""
        mask = self.grid.full_mask if self.allowed is None else self.allowed[self._index(cell)]
        return frozenset(s for k, s in enumerate(self.grid.symbols) if mask >> k & 1)

    def domains(self) -> tuple[int, ...]:
        """The symbols each cell may hold before any deduction: its allowed symbols and the cell masks."""
        grid = self.grid
        own = self.allowed if self.allowed is not None else (grid.full_mask,) * len(grid.cells)
        masks = grid.cell_masks
        return own if masks is None else tuple(a & m for a, m in zip(own, masks, strict=True))

    def restrictions(self) -> tuple[int, ...] | None:
        """:meth:`domains` for the core: None when no cell is limited."""
        if self.allowed is None and self.grid.cell_masks is None:
            return None
        return self.domains()

    def candidates(self) -> tuple[int, ...]:
        """Pencil marks: for each cell, the symbols not excluded by a given in the same unit.

        A given cell's mask is its own symbol.  Bitmasks of symbol indexes, as in :attr:`allowed`.
        """
        grid = self.grid
        masks = list(self.domains())
        for c, g in enumerate(self.givens):
            if g != EMPTY:
                masks[c] = 1 << g
        for c, g in enumerate(self.givens):
            if g == EMPTY:
                continue
            bit = ~(1 << g)
            for p in grid.peers[c]:
                if self.givens[p] == EMPTY:
                    masks[p] &= bit
        return tuple(masks)

    def conflicts(self) -> list[tuple[Unit, int, int]]:
        """Pairs of equal givens within a unit: (unit, first cell index, second cell index)."""
        found = []
        for unit in self.grid.units:
            seen: dict[int, int] = {}
            for c in unit.cells:
                g = self.givens[c]
                if g == EMPTY:
                    continue
                if g in seen:
                    found.append((unit, seen[g], c))
                else:
                    seen[g] = c
        return found

    def rows_of_symbols(self) -> list[list[str | None]]:
        """The givens as rows of the bounding rectangle: a symbol, or None (empty cell or no cell)."""
        return _rows(self.grid, self.givens)

    # -------------------------------------------------------------------------------------- text

    def to_string(self) -> str:
        """The one-line form (``.`` for empty cells); see :func:`sudokit.dumps` for other formats."""
        from sudokit.formats import dumps

        return dumps(self, "line").rstrip("\n")

    def __str__(self) -> str:
        """The puzzle as a terminal grid with box separators."""
        from sudokit.render import pretty

        return pretty(self.grid, self.givens)

    def _repr_svg_(self) -> str:
        """The puzzle drawn as SVG, for Jupyter."""
        from sudokit.svg import render_svg

        return render_svg(self)

    def __repr__(self) -> str:
        """Text that rebuilds the puzzle when pasted back (for grids the one-line form can carry)."""
        from sudokit.formats import python_repr

        return python_repr(self)


@dataclass(frozen=True)
class Solution:
    """A complete assignment of symbols to the cells of a puzzle."""

    puzzle: Puzzle
    values: tuple[int, ...]
    """Symbol index per cell, in the order of ``puzzle.grid.cells``."""
    unknowns: tuple[int, ...] = ()
    """Per unknown beside the digits (:attr:`Grid.unknowns`: the shading, the roles), its label's index.
    Values as the core gives them (the grid's cells, then the unknowns) are split between the two."""

    def __post_init__(self) -> None:
        """Split the core's values into the cells' and the unknowns'."""
        n = len(self.puzzle.grid.cells)
        if len(self.values) > n and not self.unknowns:
            object.__setattr__(self, "unknowns", tuple(self.values[n:]))
            object.__setattr__(self, "values", tuple(self.values[:n]))

    def unknown_values(self) -> dict[Unknown, str]:
        """Each unknown beside the digits with its value in words (``{shading of r1c1: 'shaded'}``)."""
        pairs = zip(self.puzzle.grid.unknowns, self.unknowns, strict=False)
        return {u: u.labels[v] for u, v in pairs if u.shown}

    def unknown_drawing(self) -> list[dict[str, Any]]:
        """Shapes drawing the unknowns beside the digits (shaded cells, regions), each once."""
        grid = self.puzzle.grid
        if not self.unknowns:
            return []
        known = dict(zip(grid.unknowns, self.unknowns, strict=True))
        shapes: list[dict[str, Any]] = []
        for constraint in grid.constraints:
            for shape in constraint.solution_drawing(grid, known):
                if shape not in shapes:
                    shapes.append(shape)
        return shapes

    def unknown_rows(self) -> dict[str, dict[str, Any]]:
        """The unknowns beside the digits by family, as the CLI's and the web app's JSON give them.

        A family of cells' unknowns (``shading``; with a name, ``loop join right``) gives its ``labels``
        and ``rows``: one character per cell of the bounding rectangle, the label's index (a space where
        the family has no unknown); unknowns outside the grid give ``values``: their labels by name.
        """
        grid = self.puzzle.grid
        out: dict[str, dict[str, Any]] = {}
        for unknown, v in zip(grid.unknowns, self.unknowns, strict=False):
            if not unknown.shown:
                continue
            family = (
                f"{unknown.family} {unknown.name}"
                if unknown.at is not None and unknown.name
                else unknown.family
            )
            entry = out.setdefault(family, {"labels": list(unknown.labels)})
            if unknown.at is None:
                entry.setdefault("values", {})[unknown.name] = unknown.labels[v]
                continue
            rows = entry.setdefault("rows", [[" "] * grid.cols for _ in range(grid.rows)])
            r, c = unknown.at
            rows[r][c] = str(v) if v < 10 else chr(ord("a") + v - 10)
        for entry in out.values():
            if "rows" in entry:
                entry["rows"] = ["".join(row) for row in entry["rows"]]
        return out

    @staticmethod
    def from_string(text: str, puzzle: Puzzle | str) -> Solution:
        """Read a solution of ``puzzle`` (a Puzzle or its text): its symbols in cell order, as repr writes.

        One-character symbols may be written side by side (whitespace is ignored), longer ones are
        separated by whitespace.  The bounding-rectangle form of a grid with holes (what :meth:`to_string`
        writes for a samurai) is read too.  Only the form is checked; :meth:`violations` checks the rules.
        """
        if isinstance(puzzle, str):
            puzzle = Puzzle.from_string(puzzle)
        grid = puzzle.grid
        single = all(len(s) == 1 for s in grid.symbols)
        tokens = [ch for ch in text if not ch.isspace()] if single else text.split()
        if single and len(tokens) == grid.rows * grid.cols != len(grid.cells):
            tokens = [tokens[r * grid.cols + c] for r, c in grid.cells]
        if len(tokens) != len(grid.cells):
            raise PuzzleError(
                f"a solution of this puzzle has {plural(len(grid.cells), 'symbol')}, one per cell; "
                f"the text has {number(len(tokens))}"
            )
        return Solution(puzzle, tuple(grid.symbol_of(token) for token in tokens))

    def __repr__(self) -> str:
        """Source that rebuilds it: ``Solution.from_string('4173...', Puzzle.from_string('4....8.5...'))``."""
        symbols = self.puzzle.grid.symbols
        if not all(0 <= v < len(symbols) for v in self.values):
            return f"Solution(puzzle={self.puzzle!r}, values={self.values!r})"
        joiner = "" if all(len(s) == 1 for s in symbols) else " "
        return f"Solution.from_string({joiner.join(symbols[v] for v in self.values)!r}, {self.puzzle!r})"

    def __getitem__(self, cell: Cell) -> str:
        """The symbol at (row, column)."""
        return self.puzzle.grid.symbols[self.values[self.puzzle._index(cell)]]

    def __iter__(self) -> Iterator[str]:
        """Symbols cell by cell, in grid order."""
        symbols = self.puzzle.grid.symbols
        return (symbols[v] for v in self.values)

    def as_puzzle(self) -> Puzzle:
        """The solution as a puzzle whose every cell is given (for writing in any puzzle format).

        The puzzle's restricted cells (sukaku, odd/even) are left out: every cell holds one symbol, so
        they say nothing more, and any format can then hold the solution.
        """
        return self.puzzle.replaced(givens=self.values, allowed=None)

    def rows_of_symbols(self) -> list[list[str | None]]:
        """Rows of the bounding rectangle: a symbol, or None where there is no cell."""
        return _rows(self.puzzle.grid, self.values)

    def to_string(self) -> str:
        """The one-line form of the solved grid."""
        return self.as_puzzle().to_string()

    def __str__(self) -> str:
        """The solved grid with box separators, then the unknowns beside the digits (the shading)."""
        from sudokit.render import pretty

        text = pretty(self.puzzle.grid, self.values)
        for family, entry in self.unknown_rows().items():
            labels = ", ".join(f"{i} {label}" for i, label in enumerate(entry["labels"]))
            text += f"\n{family} ({labels}):\n" + "\n".join(entry.get("rows", ()))
            text += "".join(f"\n{name}: {value}" for name, value in entry.get("values", {}).items())
        return text

    def _repr_svg_(self) -> str:
        """The solution drawn as SVG (givens black, solved symbols blue), for Jupyter."""
        from sudokit.svg import render_svg

        return render_svg(self.puzzle, self.values, shapes=self.unknown_drawing())

    def violations(self) -> list[str]:
        """What is wrong with this assignment, in words; empty when it is a valid solution."""
        return check_assignment(self.puzzle, self.values, self.unknowns or None)


FIND_UNKNOWNS_SECONDS = 10.0
"""How long the core may look for the unknowns beside a grid's digits (SearchStopped after)."""


def find_unknowns(
    grid: Grid, values: Sequence[int], time_limit: float = FIND_UNKNOWNS_SECONDS
) -> dict[Unknown, int] | None:
    """Values of the grid's unknowns (label indexes) that keep its rules beside these digits, or None.

    The core searches with every digit given; what it finds is then checked by each rule's plain
    meaning (:func:`broken_constraints`), so a fault in the core cannot pass a wrong grid.
    SearchStopped when the search reaches ``time_limit`` seconds without settling it (many cells
    outside the grid, an 'or' over them): neither answer would be certain.
    """
    from sudokit import solver

    if not grid.unknowns:
        return {}
    found = solver.count_solutions(Puzzle(grid, tuple(values)), 1, time_limit=time_limit)
    if found.first is None:
        if not found.complete:
            raise SearchStopped(
                f"the values beside the digits ({grid.unknowns[0].describe()}, ...) were not settled "
                f"within {time_limit:g} s"
            )
        return None
    return dict(zip(grid.unknowns, found.first.unknowns, strict=True))


def check_assignment(
    puzzle: Puzzle, values: Sequence[int], unknowns: Sequence[int] | None = None
) -> list[str]:
    """Check a full assignment against a puzzle's givens, allowed symbols, houses and constraints.

    Each constraint is checked by its own meaning (:meth:`~sudokit.constraints.base.Constraint.holds`),
    not by what it compiles to, so a fault in the compiled form cannot hide itself.  ``unknowns`` gives
    the values of the unknowns beside the digits (a solution's shading); without them, some values
    that keep every rule must exist.
    """
    grid = puzzle.grid
    faults = []
    if len(values) != len(grid.cells):
        return [f"expected {plural(len(grid.cells), 'value')}, got {number(len(values))}"]
    for c, v in enumerate(values):
        name = cell_name(grid.cells[c])
        if not (0 <= v < grid.size):
            faults.append(f"{name} holds no symbol")
        elif puzzle.givens[c] not in (EMPTY, v):
            faults.append(f"{name} changes its given {grid.symbols[puzzle.givens[c]]}")
        elif puzzle.allowed is not None and not puzzle.allowed[c] >> v & 1:
            faults.append(f"{name} holds {grid.symbols[v]}, which it does not allow")
    complete = all(0 <= v < grid.size for v in values)
    for unit in grid.houses:
        seen: dict[int, int] = {}
        for c in unit.cells:
            v = values[c]
            if v in seen:
                faults.append(
                    f"{cell_name(grid.cells[seen[v]])} and {cell_name(grid.cells[c])} "
                    f"both hold {grid.symbols[v]} in {unit.name}"
                )
            seen[v] = c
    if not complete:
        return faults
    if unknowns is not None and len(unknowns) != len(grid.unknowns):
        return [
            *faults,
            f"expected {plural(len(grid.unknowns), 'unknown')} beside the digits, "
            f"got {number(len(unknowns))}",
        ]
    broken = broken_constraints(grid, values, unknowns)
    faults += [f"{constraint.describe(grid)} is broken" for constraint in broken]
    return faults


def broken_constraints(
    grid: Grid, values: Sequence[int], unknowns: Sequence[int] | None = None
) -> list[Constraint]:
    """The constraints a (partly) filled grid breaks, each by its own meaning.

    ``values`` holds a symbol index per cell, or EMPTY.  A constraint on some cells is judged once
    all of them are filled (what a player sees as a conflict while solving); a rule on the whole grid,
    or one whose meaning reads cells beyond its own (a minimum cell's neighbours), once every cell it
    reads is filled.  Rules with unknowns beside the digits (shading, roles) are judged on a full grid,
    with ``unknowns`` (label indexes in :attr:`Grid.unknowns` order) or, without them, with values the
    core finds for them together: when none exist, every such rule is named.
    """
    filled = {cell: grid.values[v] for cell, v in zip(grid.cells, values, strict=True) if 0 <= v < grid.size}
    complete = len(filled) == len(grid.cells)
    known: dict[Unknown, int] | None = None
    if grid.unknowns and complete:
        if unknowns is not None:
            known = dict(zip(grid.unknowns, unknowns, strict=True))
        else:
            known = find_unknowns(grid, values)
    if known is not None:  # cells outside the grid hold their unknowns' values
        filled.update({cell: grid.values[known[unknown]] for cell, unknown in grid.placed})
    out = []
    for constraint in grid.constraints:
        cells = constraint.cells()
        own = constraint.unknowns(grid)
        changers = [m for m in grid.modifiers if m.affects(constraint)]
        if (own or changers) and not complete:
            continue
        if changers:  # a clue that reads values the roles change: judged with the changed values
            if known is None:
                out.append(constraint)
                continue
            read: Mapping[Cell, int] = filled
            for modifier in changers:
                read = modifier.changed(read, known, grid)
            if not constraint.holds(read, grid):
                out.append(constraint)
            continue
        if not complete and (not cells or any(c not in filled for c in cells)):
            continue
        try:
            if own:
                kept = known is not None and constraint.holds_with(filled, known, grid)
            else:
                kept = constraint.holds(filled, grid)
        except KeyError:  # it reads a cell still empty
            continue
        if not kept:
            out.append(constraint)
    return out


def _rows(grid: Grid, values: Sequence[int]) -> list[list[str | None]]:
    rows: list[list[str | None]] = [[None] * grid.cols for _ in range(grid.rows)]
    for (r, c), v in zip(grid.cells, values, strict=True):
        rows[r][c] = None if v == EMPTY else grid.symbols[v]
    return rows


def mask_of(symbols: Iterable[int]) -> int:
    """The bitmask of some symbol indexes."""
    mask = 0
    for s in symbols:
        mask |= 1 << s
    return mask


def symbols_of_mask(mask: int) -> list[int]:
    """The symbol indexes in a bitmask, in increasing order."""
    out = []
    k = 0
    while mask:
        if mask & 1:
            out.append(k)
        mask >>= 1
        k += 1
    return out
