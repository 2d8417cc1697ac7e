"""What every constraint kind declares, and the registry that finds a kind by any of its names.

A constraint is a rule a setter places on a grid: a thermometer, a kropki dot, a killer cage, the
anti-knight rule.  Each kind is one class in one module under :mod:`sudokit.constraints`, and that
class says, as data and small methods, everything sudokit knows of it:

* its meaning: :meth:`Constraint.holds`, the plain predicate on a filled grid that the violation
  check, the tests and the web app's conflicts all use, and :attr:`Constraint.rule`, the same in words;
* how the core enforces it: :meth:`Constraint.enforce`, the units, relations, links, sums, automata,
  cages and cell masks it compiles to (the core's propagator families);
* what the logic engine may learn from it: :attr:`Constraint.deduction`, the technique solvers name
  for the deductions its compiled links, sums and line rules give (with its score), and
  :meth:`Constraint.must_contain`, beyond the weak links the engine reads off the links and relations;
* how it is drawn: :meth:`Constraint.drawing`, one list of shapes (:mod:`sudokit.constraints.drawing`)
  that the SVG renderer and the browser both draw;
* its names in the formats: the f-puzzles keys it reads and writes (:meth:`Constraint.read_fpuzzles`,
  :meth:`Constraint.write_fpuzzles`), how SudokuPad draws it (:meth:`Constraint.read_sudokupad`), and
  its ``kind`` in sudokit's JSON (written from its fields).

The registry (:func:`register`, :func:`find_kind`, :func:`kinds`) finds a kind by its name or an alias,
as python-chess finds a variant.  A new kind is one new module plus its tests.
"""

from __future__ import annotations

import dataclasses
import itertools
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from sudokit.english import article, plural
from sudokit.errors import FormatError, GridError
from sudokit.model import (
    Cage,
    Cell,
    Connected,
    Either,
    LineRule,
    Link,
    Relation,
    Sum,
    Unit,
    Unknown,
    cell_name,
    parse_cell_name,
)

if TYPE_CHECKING:
    from sudokit.model import Grid

Values = Mapping[Cell, int]
"""A filled grid as a constraint reads it: each cell's value (the number its symbol stands for)."""

Shape = dict[str, Any]
"""One drawn item (see :mod:`sudokit.constraints.drawing`)."""

_C = TypeVar("_C", bound="Constraint")


@dataclass(frozen=True, slots=True)
class Deduction:
    """The technique a solver of variants names for what one kind's rule lets them remove.

    The logic engine reports each step it takes from a kind's links, sums and line rules under its
    kind's deduction, in the order of the scores (the easiest first), so a path reads "Thermometer
    Positions", "Arrow Sums", "Sandwich Combinations" as solvers say them, and a variant puzzle's
    rating adds up like a classic one's.
    """

    key: str
    """The technique's key among the logic engine's techniques (``thermometer_positions``)."""
    name: str
    """Its display name (``Thermometer Positions``)."""
    score: int
    """HoDoKu-style base score of one use (singles score 4 to 14, locked candidates 50)."""
    se: float
    """Approximate Sudoku Explainer rating of one use."""
    sentence: str
    """The technique in one sentence, as the README's table and a first hint give it."""


@dataclass(frozen=True, slots=True)
class Enforcement:
    """What a constraint compiles to for the core: its propagator families and their tables.

    ``units`` are all-different groups; ``relations`` forbid distances between two cells' symbols;
    ``links`` are binary tables; ``sums`` linear equations whose digits may repeat; ``rules`` layered
    automata over cells in order; ``cages`` all-different groups with a sum; ``masks`` limit a cell
    (its index) to some symbols (a bitmask of symbol indexes); ``connected`` groups whose member cells
    must be connected; ``either`` rules of the form "A or B" (:class:`sudokit.model.Either`).  Any of
    them may name an unknown beside the digits by its index (:meth:`sudokit.model.Grid.unknown_index`),
    its symbols standing for its labels.
    """

    units: tuple[Unit, ...] = ()
    relations: tuple[Relation, ...] = ()
    links: tuple[Link, ...] = ()
    sums: tuple[Sum, ...] = ()
    rules: tuple[LineRule, ...] = ()
    cages: tuple[Cage, ...] = ()
    masks: tuple[tuple[int, int], ...] = ()
    connected: tuple[Connected, ...] = ()
    either: tuple[Either, ...] = ()


def value_distances(
    grid: Grid, pairs: Iterable[tuple[Cell, Cell]], forbidden: frozenset[int], kind: str
) -> Enforcement:
    """Pairs of cells whose values may not be ``forbidden`` apart (0: equal, 1: consecutive, ...).

    The core's relations count distances in the alphabet; they are the values' distances when each
    symbol's value is one more than the one before it.  Otherwise (an alphabet written ``1 2 3 4 6
    5``) the pairs are links on values, and "not equal" stays a relation.
    """
    cells = [(grid.index[a], grid.index[b]) for a, b in pairs]
    values = grid.values
    if all(b - a == 1 for a, b in itertools.pairwise(values)):
        return Enforcement(relations=tuple(Relation(pair, forbidden, kind) for pair in cells))
    far = forbidden - {0}
    allowed = frozenset((x, y) for x in values for y in values if abs(x - y) not in far)
    same = frozenset({0}) & forbidden
    return Enforcement(
        relations=tuple(Relation(pair, same, kind) for pair in cells) if same else (),
        links=tuple(Link(pair, "pairs", kind=kind, pairs=allowed) for pair in cells) if far else (),
    )


NOTHING = Enforcement()
"""The enforcement of a constraint that adds nothing (a rule already implied, an empty clue)."""


class FPuzzlesSource(Protocol):
    """What an f-puzzles reader offers a kind that reads its keys (see :mod:`sudokit.formats.fpuzzles`)."""

    @property
    def n(self) -> int:
        """The grid's size."""

    @property
    def data(self) -> Mapping[str, Any]:
        """The whole f-puzzles object, for rules that depend on others (the negative constraints)."""

    def items(self, key: str) -> list[dict[str, Any]]:
        """The list of objects under ``key`` (empty when absent)."""

    def cell(self, name: Any) -> Cell:
        """A cell named ``R1C1`` (ParseError naming it when it is not a cell of the grid)."""

    def cells(self, item: Mapping[str, Any], key: str = "cells") -> list[Cell]:
        """The cells an item names in its ``key`` list."""

    def lines(self, item: Mapping[str, Any]) -> list[list[Cell]]:
        """The lines (lists of cells) of a line item."""

    def outside(self, name: Any, key: str) -> tuple[str, int]:
        """Where a clue outside the grid stands: (side, 0-based row or column)."""

    def number(self, item: Mapping[str, Any], key: str, default: int | None = None) -> int | None:
        """An item's whole-number ``value`` (None when it has none and no default)."""

    def error(self, message: str) -> Exception:
        """The error to raise for a malformed item."""


class FPuzzlesSink(Protocol):
    """What an f-puzzles writer offers a kind that writes itself."""

    n: int

    def name(self, cell: Cell) -> str:
        """The f-puzzles name of a cell: ``R1C1``."""

    def add(self, key: str, entry: Any) -> None:
        """Append an entry (an object, or a name for ``negative``) to the list under ``key``."""

    def set(self, key: str, value: Any) -> None:
        """Set a top-level key."""


class SudokuPadScene(Protocol):
    """What the SudokuPad reader offers a kind that recognises its drawings (:mod:`.formats.sudokupad`)."""

    n: int
    rules: str
    """The rules text, lower case: it settles a kind where the drawing alone cannot."""
    flags: set[str]
    """The names in SudokuPad's ``global`` list (``antiknight``, ``nonconsecutive``, ...), lower case."""
    grid: Grid
    """The grid built so far (cells and regions; no constraints)."""

    def unclaimed(self, what: str) -> list[tuple[int, dict[str, Any]]]:
        """Drawings of one sort not yet read (lines, arrows, overlays, underlays or cages)."""

    def claim(self, what: str, index: int, kind: str) -> None:
        """Mark a drawing as read, as (part of) a constraint of ``kind``."""

    def prop(self, item: Mapping[str, Any], name: str) -> Any:
        """A drawing's property by its long name (``color``, ``width``, ...), whichever key it uses."""

    def colour(self, item: Mapping[str, Any], name: str) -> str:
        """A colour property as upper-case ``#RRGGBB`` (``#RRGGBBAA`` with its alpha), or ''."""

    def number(self, item: Mapping[str, Any], name: str) -> float | None:
        """A numeric property."""

    def point(self, value: Any) -> tuple[float, float] | None:
        """A [row, column] point."""

    def points(self, item: Mapping[str, Any]) -> list[tuple[float, float]]:
        """A line's way points."""

    def path(self, item: Mapping[str, Any]) -> list[Cell] | None:
        """The cells a line passes through, in order (None when a point lies outside the grid)."""

    def text(self, item: Mapping[str, Any]) -> str:
        """A drawing's text, stripped."""

    def cell_at(self, point: tuple[float, float]) -> Cell | None:
        """The cell a point lies in."""

    def edge(self, item: Mapping[str, Any]) -> tuple[Cell, Cell] | None:
        """The two cells whose shared edge a drawing's centre sits on."""

    def corner(self, item: Mapping[str, Any]) -> Cell | None:
        """The top-left cell of the four around the corner a drawing's centre sits on."""

    def says(self, *words: str) -> bool:
        """Whether the rules text names any of the words."""

    def alike(self, a: str, b: str) -> bool:
        """Whether two #RRGGBB colours look the same to a solver (one hue, or greys of like lightness)."""


class Constraint:
    """A rule a setter places on a grid.  Subclasses are frozen dataclasses: values, not objects.

    Class attributes name the kind; the methods say what it means and how every part of sudokit
    handles it (see the module docstring).
    """

    __slots__ = ()

    kind: ClassVar[str]
    """The registry name, and the ``kind`` in sudokit's JSON: ``thermometer``, ``kropki``, ..."""
    family: ClassVar[str]
    """``line``, ``dot``, ``cell``, ``outside``, ``cage``, ``global`` or ``region``."""
    noun: ClassVar[str]
    """How messages and descriptions call one: ``thermometer``, ``kropki dot``, ``little killer clue``."""
    rule: ClassVar[str]
    """The rule in words, as the meaning table in the docs gives it."""
    source: ClassVar[str] = ""
    """Where the meaning comes from: the f-puzzles solver, SudokuPad, a rules text."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names the kind is found by (the command line's ``--variant`` names, older JSON kinds)."""
    fpuzzles: ClassVar[tuple[str, ...]] = ()
    """The f-puzzles keys the kind reads (and writes, the first one)."""
    sudokupad: ClassVar[str] = ""
    """How SudokuPad draws it, in words (for the meaning table); empty when it has no drawing there."""
    sudokupad_order: ClassVar[int] = 50
    """When the SudokuPad reader asks this kind (lower first): specific drawings before general ones."""
    mentions: ClassVar[tuple[str, ...]] = ()
    """More words a rules text names this kind by (lower case), besides its noun, kind and aliases."""
    phrasing: ClassVar[str] = ""
    """Words (space separated) rules texts use to state this kind's rule beyond its names ("bulb",
    "strictly", "increase"): a sentence of such words about a kind the puzzle has says nothing new."""
    json_numbers: ClassVar[tuple[str, ...]] = ()
    """Fields of pairs of numbers that are not cells (a leaper's offsets), written as numbers in JSON."""
    deduction: ClassVar[Deduction | None] = None
    """The technique the logic engine names its steps from this kind's rule by; None: a generic name."""
    in_rules_texts: ClassVar[bool] = True
    """False for a kind rules texts are not yet read for (issue 39): one that changes what other rules
    mean (roles, shading, regions drawn, false clues) or is built of rules ("and", "or").  Its words are
    then no kind's name to the rules-text reader, so a sentence using them stays a twist that leaves
    the puzzle uncertain, as before the kind existed."""

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The words and phrases that name this kind itself, lower case.

        A rules text using one of them speaks of this kind (generic ones, such as "circle", are set
        aside by the reader).
        """
        if not cls.in_rules_texts:
            return ()
        words = getattr(cls, "words", ())
        return tuple(dict.fromkeys(w.lower() for w in (cls.noun, cls.kind, *cls.aliases, *words)))

    @classmethod
    def lexicon(cls) -> frozenset[str]:
        """Every single word a rules text may use in stating this kind's rule.

        Its names, mentions, phrasing and the words of its written meaning.
        """
        import re

        text = " ".join((*cls.vocabulary(), cls.phrasing, cls.rule)).lower()
        return frozenset(re.findall(r"[a-z]+(?:'[a-z]+)?", text))

    @classmethod
    def vocabulary(cls) -> tuple[str, ...]:
        """Every word a rules text may name this kind by, lower case (for telling what a text explains)."""
        if not cls.in_rules_texts:
            return ()
        words = getattr(cls, "words", ())
        return tuple(
            dict.fromkeys(w.lower() for w in (cls.noun, cls.kind, *cls.aliases, *words, *cls.mentions))
        )

    # -------------------------------------------------------------------------------------- meaning

    def cells(self) -> tuple[Cell, ...]:
        """The cells the rule reads (empty for a rule on the whole grid)."""
        return ()

    def holds(self, values: Values, grid: Grid) -> bool:
        """Whether a filled grid keeps the rule: the plain predicate, written from the rules text.

        A kind with unknowns beside the digits (:meth:`unknowns`) keeps it when some values of its
        unknowns do (found by the core, then checked by :meth:`holds_with`).
        """
        if not self.unknowns(grid):
            raise NotImplementedError
        from sudokit.model import find_unknowns

        alone = dataclasses.replace(grid, constraints=(self,), _memo={})
        found = find_unknowns(alone, [grid.values.index(values[cell]) for cell in grid.cells])
        return found is not None and self.holds_with(values, found, grid)

    def unknowns(self, grid: Grid) -> tuple[Unknown, ...]:
        """The unknowns beside the digits the rule speaks of (each cell's shading); most kinds have none."""
        return ()

    def places(self, grid: Grid) -> tuple[tuple[Cell, Unknown], ...]:
        """Cells outside the grid the rule adds (a position and the unknown it is); most kinds add none.

        Other rules name such cells by their position, as they name the grid's cells.
        """
        return ()

    def transform(self, grid: Grid, other: Constraint, made: Enforcement) -> Enforcement:
        """Another constraint's enforcement as this rule changes it (cell roles change what clues read)."""
        return made

    def changed(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> Mapping[Cell, int]:
        """The values another constraint's meaning reads, as this rule changes them (most: unchanged)."""
        return values

    def affects(self, other: Constraint) -> bool:
        """Whether this rule changes what another constraint reads (:meth:`transform`, :meth:`changed`)."""
        return False

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """The plain predicate of a rule with unknowns: the digits and each unknown's label index."""
        return self.holds(values, grid)

    def describe(self, grid: Grid) -> str:
        """How messages name it: ``the thermometer r1c1-r1c4``."""
        cells = self.cells()
        return f"the {self.noun} {span(cells)}" if cells else f"the {self.noun} rule"

    def validate(self, grid: Grid) -> None:
        """GridError when the constraint cannot stand on this grid (a cell outside it, ...)."""
        for cell in self.cells():
            if cell not in grid.index:
                raise GridError(f"{article(self.noun)}: {cell_name(cell)} is not a cell of the grid")

    # ------------------------------------------------------------------------------ enforcement

    def enforce(self, grid: Grid) -> Enforcement:
        """What the core propagates for it; ``grid`` holds every other constraint too."""
        raise NotImplementedError

    def must_contain(self, grid: Grid) -> list[tuple[tuple[Cell, ...], int]]:
        """Symbols (values) the logic engine may take as placed somewhere among some cells."""
        return []

    # ---------------------------------------------------------------------------------- drawing

    def drawing(self, grid: Grid) -> list[Shape]:
        """Shapes that draw it (cell units, corner origin: cell (r, c) spans [r, r+1] x [c, c+1])."""
        return []

    def solution_drawing(self, grid: Grid, unknowns: Mapping[Unknown, int]) -> list[Shape]:
        """Shapes that draw a solution's unknowns this rule speaks of (its shading, its regions)."""
        return []

    # ---------------------------------------------------------------------------------- formats

    @classmethod
    def read_fpuzzles(cls: type[_C], key: str, source: FPuzzlesSource) -> list[_C]:
        """The constraints of one f-puzzles key (one of :attr:`fpuzzles`)."""
        return []

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """Add itself to an f-puzzles object; FormatError when f-puzzles has no form for it."""
        raise FormatError(f"f-puzzles has no form for {self.describe(grid)}")

    @classmethod
    def read_sudokupad(cls: type[_C], scene: SudokuPadScene) -> list[_C]:
        """The constraints of this kind among a SudokuPad puzzle's drawings, claiming what it reads."""
        return []

    def to_json(self) -> dict[str, Any]:
        """The constraint in sudokit's JSON: ``{"kind": ..., field: value, ...}`` (cells by name)."""
        out: dict[str, Any] = {"kind": self.kind}
        for item in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, item.name)
            if value == item.default:
                continue
            hint = _field_types(type(self))[item.name]
            out[item.name] = _json_value(value, hint, item.name not in self.json_numbers)
        return out

    @classmethod
    def from_json(cls: type[_C], data: Mapping[str, Any]) -> _C:
        """The constraint of a JSON object (its ``kind`` already matched); GridError for bad fields."""
        types = _field_types(cls)
        known = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = set(data) - set(known) - {"kind"}
        if unknown:
            raise GridError(f"a {cls.kind} constraint has no field {', '.join(sorted(map(repr, unknown)))}")
        values = {}
        for name, item in known.items():
            if name in data:
                hint = types[name] if name not in cls.json_numbers else _plain(types[name])
                values[name] = _from_json(data[name], hint, f"{cls.kind} {name!r}")
            elif item.default is dataclasses.MISSING:
                raise GridError(f"a {cls.kind} constraint needs {name!r}")
        return cls(**values)


# -------------------------------------------------------------------------------- the registry

_KINDS: dict[str, type[Constraint]] = {}
_NAMES: dict[str, type[Constraint]] = {}


def register(kind: type[_C]) -> type[_C]:
    """Add a kind to the registry (a class decorator); its name and aliases must be new."""
    for name in (kind.kind, *kind.aliases):
        key = normalise(name)
        if key in _NAMES and _NAMES[key] is not kind:
            raise GridError(f"two constraint kinds are called {name!r}")
        _NAMES[key] = kind
    _KINDS[kind.kind] = kind
    return kind


def normalise(name: str) -> str:
    """A kind's name as the registry keys it: lower case, spaces for dashes and underscores."""
    return " ".join(name.lower().replace("-", " ").replace("_", " ").split())


def find_kind(name: str) -> type[Constraint]:
    """The kind called ``name`` (or an alias of it); GridError naming the known kinds when none is."""
    kind = _NAMES.get(normalise(name))
    if kind is None:
        raise GridError(f"unknown constraint kind {name!r} (known: {', '.join(sorted(_KINDS))})")
    return kind


def kinds() -> list[type[Constraint]]:
    """Every registered kind, in the order they were registered."""
    return list(_KINDS.values())


# ------------------------------------------------------------------------------------- helpers


def span(cells: Sequence[Cell]) -> str:
    """Cells as messages name them: ``r1c1`` or ``r1c1-r1c4`` (first and last)."""
    if not cells:
        return ""
    names = [cell_name(cells[0]), cell_name(cells[-1])]
    return names[0] if len(cells) == 1 else f"{names[0]}-{names[1]}"


def indexes(grid: Grid, cells: Iterable[Cell]) -> tuple[int, ...]:
    """The cell indexes of (row, column) cells."""
    return tuple(grid.index[cell] for cell in cells)


def check_line(grid: Grid, cells: Sequence[Cell], noun: str, shortest: int = 2) -> None:
    """GridError for a line with a cell outside the grid, a cell twice or too few cells."""
    for cell in cells:
        if cell not in grid.index:
            raise GridError(f"{article(noun)}: {cell_name(cell)} is not a cell of the grid")
    if len(set(cells)) != len(cells):
        twice = next(cell for cell in cells if list(cells).count(cell) > 1)
        raise GridError(f"{article(noun)} passes through {cell_name(twice)} twice")
    if len(cells) < shortest:
        raise GridError(f"{article(noun)} needs {plural(shortest, 'cell')} or more, not {len(cells)}")


def orthogonal(a: Cell, b: Cell) -> bool:
    """Whether two cells share an edge."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def neighbours(grid: Grid, cell: Cell, steps: Iterable[tuple[int, int]]) -> list[Cell]:
    """The cells of the grid a set of (row, column) steps leads to from ``cell``."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in steps if (r + dr, c + dc) in grid.index]


ORTHOGONAL_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
"""The four orthogonal steps."""


def orthogonal_pairs(grid: Grid, within: Sequence[Cell] = ()) -> list[tuple[Cell, Cell]]:
    """Every pair of orthogonally adjacent cells (of the grid or some cells), once, upper or left first."""
    cells = within or grid.cells
    inside = set(within) if within else grid.index
    return [
        ((r, c), (r + dr, c + dc))
        for r, c in cells
        for dr, dc in ((0, 1), (1, 0))
        if (r + dr, c + dc) in inside
    ]


def digit_copy(cell: Cell, grid: Grid) -> Unknown:
    """A copy of a cell's digit, shown nowhere: lets an automaton read a cell twice.

    A line through a cell twice, a number compared with one sharing its cells: the core reads each
    cell once a rule, so the second reading is of the copy, which a link keeps equal to the cell.
    """
    return Unknown("digit copy", cell, labels=grid.symbols, shown=False)


def digits_by_label(
    grid: Grid, unknown_of: Callable[[Cell], Unknown], digits: Sequence[Sequence[int]], kind: str
) -> tuple[Link, ...]:
    """Links tying each cell's digit to a two-valued unknown of it ("shaded cells hold odd digits").

    ``digits[label]`` are the digits a cell with that label may hold (empty: any).
    """
    pairs = frozenset(
        (v, grid.values[label])
        for v in grid.values
        for label in (0, 1)
        if not digits[label] or v in digits[label]
    )
    return tuple(
        Link((grid.index[cell], grid.unknown_index(unknown_of(cell))), "pairs", kind=kind, pairs=pairs)
        for cell in grid.cells
    )


def orthogonally_connected(cells: Iterable[Cell]) -> bool:
    """Whether cells form one orthogonally connected area (no cells do): the plain flood fill."""
    inside = set(cells)
    if not inside:
        return True
    start = min(inside)
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in inside and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen == inside


def pair_key(a: Cell, b: Cell) -> frozenset[Cell]:
    """A pair of cells as an unordered key."""
    return frozenset((a, b))


def value_mask(grid: Grid, keep: Callable[[int], bool]) -> int:
    """The symbol mask of the symbols whose values pass a test."""
    return sum(1 << k for k, v in enumerate(grid.values) if keep(v))


def of_kind(grid: Grid, kind: type[_C]) -> list[_C]:
    """The constraints of one kind a grid holds."""
    return [c for c in grid.constraints if isinstance(c, kind)]


def pairwise(cells: Sequence[Cell]) -> list[tuple[Cell, Cell]]:
    """Each cell with the next one along a line."""
    return list(itertools.pairwise(cells))


# ------------------------------------------------------------------------ JSON of dataclass fields


_TYPES: dict[type[Constraint], dict[str, Any]] = {}


def _field_types(kind: type[Constraint]) -> dict[str, Any]:
    """A kind's field types, resolved once."""
    if kind not in _TYPES:
        _TYPES[kind] = typing.get_type_hints(kind)
    return _TYPES[kind]


def _plain(hint: Any) -> Any:
    """A field type with its pairs of numbers read as numbers, not cells."""
    if typing.get_origin(hint) is tuple:
        return tuple[tuple[int, ...], ...] if typing.get_args(hint)[0] == Cell else tuple[int, ...]
    return hint


def _json_value(value: Any, hint: Any, cells: bool = True) -> Any:
    if not cells:
        return [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, tuple) else value
    if hint in (Cell, Cell | None):
        return None if value is None else cell_name(value)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple and args and args[0] == Cell:
        return [cell_name(c) for c in value]
    if (
        origin is tuple
        and args
        and typing.get_origin(args[0]) is tuple
        and typing.get_args(args[0])[0] == Cell
    ):
        return [[cell_name(c) for c in part] for part in value]
    if isinstance(value, tuple):
        return list(value)
    return value


def _from_json(value: Any, hint: Any, what: str) -> Any:
    """A field's value from JSON, checked against the field's type."""
    if hint in (Cell, Cell | None):
        if value is None and hint != Cell:
            return None
        return _cell(value, what)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple:
        if not isinstance(value, list):
            raise GridError(f"{what} must be a list")
        inner = args[0]
        return tuple(_from_json(v, inner, what) for v in value)
    if hint is bool:
        if not isinstance(value, bool):
            raise GridError(f"{what} must be true or false")
        return value
    if hint is int or hint == int | None:
        if value is None and hint is not int:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 10**9:
            raise GridError(f"{what} must be a whole number")
        return value
    if hint is str or hint == str | None:
        if value is None and hint is not str:
            return None
        if not isinstance(value, str):
            raise GridError(f"{what} must be text")
        return value
    raise GridError(f"{what}: cannot read {value!r}")


def _cell(value: Any, what: str) -> Cell:
    if isinstance(value, str):
        return parse_cell_name(value)
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 4096 for v in value)
    ):
        return value[0], value[1]
    raise GridError(f"{what}: {value!r} is not a cell name like r1c1")
