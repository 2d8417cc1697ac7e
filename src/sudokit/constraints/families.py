"""Shared shapes of constraint kinds: a line of cells, a clue between two cells, a cell, a clue outside.

A kind of one of these shapes inherits how its cells are held, checked, named and written; it still
declares its own meaning, enforcement and drawing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from sudokit.constraints import drawing
from sudokit.constraints.base import (
    Constraint,
    FPuzzlesSink,
    FPuzzlesSource,
    Shape,
    SudokuPadScene,
    Values,
    check_line,
    digits_by_label,
    orthogonal,
    span,
)
from sudokit.english import article
from sudokit.errors import GridError
from sudokit.model import Cell, Link, Unknown, cell_name

if TYPE_CHECKING:
    from sudokit.model import Grid

_L = TypeVar("_L", bound="LineConstraint")
_P = TypeVar("_P", bound="PairConstraint")
_K = TypeVar("_K", bound="CellConstraint")
_G = TypeVar("_G", bound="GlobalRule")


@dataclass(frozen=True, slots=True)
class LineConstraint(Constraint):
    """A rule on the cells of a drawn line, read from one end (f-puzzles ``{"lines": [[...]]}``)."""

    family: ClassVar[str] = "line"
    shortest: ClassVar[int] = 2
    """The fewest cells the line may have."""
    colour: ClassVar[str] = "#999999"
    """The colour it is drawn in (as f-puzzles draws it)."""
    width: ClassVar[float] = 0.12
    """Its width, in cells."""
    words: ClassVar[tuple[str, ...]] = ()
    """Words of a rules text that name this kind of line (lower case): how SudokuPad lines are told apart."""
    colours: ClassVar[tuple[str, ...]] = ()
    """Colours (``#RRGGBB``) setters draw this kind of line in, the usual one first."""
    window: ClassVar[int] = 0
    """How many cells in a row the rule reads at a time (2: adjacent pairs, 3: every three), when
    it reads the line only so; 0 otherwise.  A closed line is read through it (:meth:`from_drawn_loop`)."""
    marks_centre: ClassVar[bool] = False
    """Whether the rule has a middle setters mark with a small shape (a zipper's centre)."""
    joined: ClassVar[bool] = False
    """Whether strokes of this kind that share a cell are one line (a rule on the set of its cells,
    such as renban, where a branching line is one set)."""

    line: tuple[Cell, ...]
    """The line's cells, in order from its start."""

    def cells(self) -> tuple[Cell, ...]:
        """The line's cells."""
        return self.line

    def describe(self, grid: Grid) -> str:
        """``the renban line r1c1-r1c4``."""
        return f"the {self.noun} {span(self.line)}"

    def validate(self, grid: Grid) -> None:
        """GridError for a cell off the grid, a cell twice or too short a line."""
        check_line(grid, self.line, self.noun, self.shortest)

    @classmethod
    def read_fpuzzles(cls: type[_L], key: str, source: FPuzzlesSource) -> list[_L]:
        """One constraint per line of each item."""
        return [cls(tuple(line)) for item in source.items(key) for line in source.lines(item)]

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """``{"lines": [[cells]]}`` under the kind's first key; FormatError for a kind f-puzzles lacks."""
        if not self.fpuzzles:
            Constraint.write_fpuzzles(self, sink, grid)
        sink.add(self.fpuzzles[0], {"lines": [[sink.name(c) for c in self.line]]})

    @classmethod
    def from_drawn_line(cls: type[_L], cells: Sequence[Cell], colour: str, scene: SudokuPadScene) -> _L:
        """The constraint a SudokuPad line of this kind stands for (its colour may say more)."""
        return cls(tuple(cells))

    @classmethod
    def from_drawn_loop(
        cls, cells: Sequence[Cell], colour: str, scene: SudokuPadScene
    ) -> list[LineConstraint]:
        """The constraints a closed line of this kind stands for (each cell once); [] when unknown.

        A rule on the set of its cells reads the loop's cells; a rule on every ``window`` cells in a
        row reads the loop as the open line plus the windows across its closing point (each its
        own short line, so no cell repeats).  Kinds whose loop means more say so themselves.
        """
        if cls.joined:
            return [cls.from_drawn_line(cells, colour, scene)]
        k, w = len(cells), cls.window
        if w < 2 or k < w + 1:
            return []
        wraps = [[cells[(s + t) % k] for t in range(w)] for s in range(k - w + 1, k)]
        return [cls.from_drawn_line(part, colour, scene) for part in (cells, *wraps)]

    def drawing(self, grid: Grid) -> list[Shape]:
        """The line in its colour."""
        return [drawing.line(self.kind, drawing.centres(self.line), self.colour, self.width, opacity=0.85)]


@dataclass(frozen=True, slots=True)
class PairConstraint(Constraint):
    """A clue on the edge between two orthogonally adjacent cells (a dot, a letter, a sign)."""

    first: Cell
    second: Cell

    def cells(self) -> tuple[Cell, ...]:
        """The two cells."""
        return (self.first, self.second)

    def describe(self, grid: Grid) -> str:
        """``the kropki dot between r1c1 and r1c2``."""
        return f"the {self.noun} between {cell_name(self.first)} and {cell_name(self.second)}"

    def validate(self, grid: Grid) -> None:
        """GridError unless the two cells are neighbours of the grid."""
        Constraint.validate(self, grid)
        if self.first == self.second:
            raise GridError(f"{article(self.noun)} joins {cell_name(self.first)} to itself")

    def key(self) -> frozenset[Cell]:
        """The pair, unordered."""
        return frozenset((self.first, self.second))

    def adjacent(self) -> bool:
        """Whether the two cells share an edge."""
        return orthogonal(self.first, self.second)

    @staticmethod
    def pair(source: FPuzzlesSource, item: dict[str, Any], key: str) -> tuple[Cell, Cell]:
        """The two cells of an f-puzzles dot item."""
        cells = source.cells(item)
        if len(cells) != 2:
            raise source.error(f"each {key} clue joins two cells, not {len(cells)}")
        return cells[0], cells[1]


@dataclass(frozen=True, slots=True)
class CellConstraint(Constraint):
    """A rule on one marked cell (f-puzzles ``{"cell": "R1C1"}``)."""

    cell: Cell

    def cells(self) -> tuple[Cell, ...]:
        """The marked cell."""
        return (self.cell,)

    def describe(self, grid: Grid) -> str:
        """``the odd cell r1c1``."""
        return f"the {self.noun} {cell_name(self.cell)}"

    @classmethod
    def read_fpuzzles(cls: type[_K], key: str, source: FPuzzlesSource) -> list[_K]:
        """One constraint per item's cell."""
        return [cls(source.cell(item.get("cell"))) for item in source.items(key)]

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """``{"cell": name}`` under the kind's first key."""
        sink.add(self.fpuzzles[0], {"cell": sink.name(self.cell)})


@dataclass(frozen=True, slots=True)
class GlobalRule(Constraint):
    """A rule on the whole grid, switched on by a flag (f-puzzles ``"antiknight": true``)."""

    family: ClassVar[str] = "global"

    def describe(self, grid: Grid) -> str:
        """``the anti-knight rule``."""
        return f"the {self.noun} rule"

    @classmethod
    def read_fpuzzles(cls: type[_G], key: str, source: FPuzzlesSource) -> list[_G]:
        """The rule when its flag is set."""
        return [cls()] if source.data.get(key) is True else []

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """Its flag; FormatError for a rule f-puzzles has no flag for."""
        if not self.fpuzzles:
            Constraint.write_fpuzzles(self, sink, grid)
        sink.set(self.fpuzzles[0], True)

    @classmethod
    def read_sudokupad(cls: type[_G], scene: SudokuPadScene) -> list[_G]:
        """The rule when SudokuPad's ``global`` list names it (as its f-puzzles loader writes it)."""
        names = {name.replace("-", "").replace(" ", "") for name in (cls.kind, *cls.aliases, *cls.fpuzzles)}
        return [cls()] if names & scene.flags else []


def outside_cells(grid: Grid, side: str, index: int) -> tuple[Cell, ...]:
    """The cells an outside clue reads, the nearest first.

    Column ``index`` from the top or bottom, row ``index`` from the left or right (0-based).
    """
    if side not in OUTSIDE_SIDES:
        raise GridError(f"an outside clue stands {', '.join(OUTSIDE_SIDES)} of the grid, not {side!r}")
    if side in ("top", "bottom"):
        cells = [(r, index) for r in range(grid.rows) if (r, index) in grid.index]
    else:
        cells = [(index, c) for c in range(grid.cols) if (index, c) in grid.index]
    if not cells:
        raise GridError(
            f"no cells lie {'below' if side == 'top' else 'beside'} an outside clue at {side} {index + 1}"
        )
    return tuple(cells[::-1] if side in ("bottom", "right") else cells)


OUTSIDE_SIDES = ("top", "bottom", "left", "right")
"""Where an outside clue stands: above a column, below it, left of a row, right of it."""


def clue_position(cells: Sequence[Cell], default: tuple[int, int] = (1, 0)) -> tuple[Cell, tuple[int, int]]:
    """Where the clue of cells read from outside stands (one step before the first), and that step."""
    r1, c1 = cells[0]
    if len(cells) > 1:
        r2, c2 = cells[1]
        step = ((r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1))
    else:
        step = default
    return (r1 - step[0], c1 - step[1]), step


@dataclass(frozen=True, slots=True)
class OutsideClue(Constraint):
    """A number outside the grid about the row or column it faces, read from its side inwards."""

    family: ClassVar[str] = "outside"
    sudokupad_order: ClassVar[int] = 60
    words: ClassVar[tuple[str, ...]] = ()
    """Words of a rules text that name this kind of clue (lower case)."""
    marks: ClassVar[tuple[str, ...]] = ()
    """Characters drawn around the number that mark this kind (f-puzzles exports: a circle, a box)."""

    line: tuple[Cell, ...]
    """The row's or column's cells (or a diagonal's), the nearest to the clue first."""
    value: int

    def cells(self) -> tuple[Cell, ...]:
        """The cells the clue reads."""
        return self.line

    def position(self) -> Cell:
        """Where the clue stands, outside the grid."""
        return clue_position(self.line)[0]

    def describe(self, grid: Grid) -> str:
        """``the sandwich clue 15 reading r1c1 to r1c9``."""
        return f"the {self.noun} {self.value} reading {cell_name(self.line[0])} to {cell_name(self.line[-1])}"

    def validate(self, grid: Grid) -> None:
        """GridError for a cell off the grid or a cell twice."""
        check_line(grid, self.line, self.noun, 1)

    @classmethod
    def at(cls: type[_O], grid: Grid, side: str, index: int, value: int) -> _O:
        """The clue standing at ``side`` (top, bottom, left, right) of row or column ``index``."""
        return cls(outside_cells(grid, side, index), value)

    @classmethod
    def read_fpuzzles(cls: type[_O], key: str, source: FPuzzlesSource) -> list[_O]:
        """Clues standing at row or column 0 or size + 1; one drawn without its number is skipped."""
        found = []
        for item in source.items(key):
            value = source.number(item, key)
            if value is None:
                continue
            side, index = source.outside(item.get("cell"), key)
            if side in ("top", "bottom"):
                cells = [(r, index) for r in range(source.n)]
            else:
                cells = [(index, c) for c in range(source.n)]
            found.append(cls(tuple(cells[::-1] if side in ("bottom", "right") else cells), value))
        return found

    @classmethod
    def read_sudokupad(cls: type[_O], scene: SudokuPadScene) -> list[_O]:
        """Numbers beside a row or column outside the grid, when the rules name this kind of clue.

        Where the rules name several kinds of outside clue, a clue marked as one (a circle for an
        X-sum, a box for a skyscraper, as f-puzzles exports them) is that one and an unmarked one is
        the kind named first that has no mark.
        """
        named = [kind for kind in _outside_kinds() if any(scene.says(w) for w in kind.words)]
        if not named and cls.kind == "sandwich":
            named = [cls]  # the only clue SudokuPad's f-puzzles loader draws as a bare number outside
        if cls not in named:
            return []
        marked: dict[Cell, tuple[str, list[tuple[str, int]]]] = {}
        numbers: list[tuple[str, int, Cell, int]] = []
        grid = scene.grid
        for what in ("overlays", "underlays"):
            for k, item in scene.unclaimed(what):
                centre = scene.point(scene.prop(item, "center"))
                if centre is None:
                    continue
                r, c = int(centre[0] // 1), int(centre[1] // 1)
                if (r, c) in grid.index or not (-1 <= r <= scene.n and -1 <= c <= scene.n):
                    continue
                if (r in (-1, scene.n)) == (c in (-1, scene.n)):
                    continue  # a corner, or not beside a row or column
                text = scene.text(item)
                if text.isdigit():
                    numbers.append((what, k, (r, c), int(text)))
                elif text:
                    entry = marked.setdefault((r, c), (text, []))
                    entry[1].append((what, k))
        plain = [kind for kind in named if not kind.marks]
        if len(named) == 1:
            plain = named
        elif len(named) > 1 and (len(plain) != 1 or not marked):
            plain = []  # several kinds and nothing to tell them apart: left unread
        found = []
        for what, k, (r, c), value in numbers:
            mark = marked.get((r, c))
            if mark is not None:
                kind = next((kn for kn in named if mark[0] in kn.marks), None)
            else:
                kind = plain[0] if plain else None
            if kind is not cls:
                continue
            side = "top" if r < 0 else "bottom" if r >= scene.n else "left" if c < 0 else "right"
            try:
                found.append(cls.at(grid, side, c if side in ("top", "bottom") else r, value))
            except GridError:
                continue
            scene.claim(what, k, cls.kind)
            for other, j in mark[1] if mark else []:
                scene.claim(other, j, cls.kind)
        return found

    def write_fpuzzles(self, sink: FPuzzlesSink, grid: Grid) -> None:
        """``{"cell": "R0C4", "value": "15"}``."""
        r, c = self.position()
        sink.add(self.fpuzzles[0], {"cell": f"R{r + 1}C{c + 1}", "value": str(self.value)})


_O = TypeVar("_O", bound=OutsideClue)


def _outside_kinds() -> list[type[OutsideClue]]:
    """The registered kinds of outside clue read from SudokuPad numbers."""
    from sudokit.constraints.base import kinds

    return [k for k in kinds() if issubclass(k, OutsideClue) and k.words]


class DigitsByLabel(Constraint):
    """Which digits cells hold by the label of a two-valued unknown ("shaded cells hold odd digits").

    What "shaded digits" and "loop digits" share: the meaning, the checks, the links and the name.
    A kind says which unknown (:meth:`label_of`), its two lists of digits by label (:meth:`digit_lists`,
    the first for label 0) and what the labels are called in its name (``label_names``).
    """

    label_names: ClassVar[tuple[str, str]] = ("off", "on")
    """How :meth:`describe` calls the cells of label 0 and of label 1."""

    __slots__ = ()

    def label_of(self, cell: Cell) -> Unknown:
        """The two-valued unknown of a cell the lists speak of."""
        raise NotImplementedError

    def digit_lists(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The digits cells of label 0 and of label 1 may hold (empty: any)."""
        raise NotImplementedError

    def validate(self, grid: Grid) -> None:
        """Digits of the grid, and something to say."""
        name = self.noun.replace(" ", "-")
        lists = self.digit_lists()
        if not any(lists):
            raise GridError(f"a {name} rule names no digits")
        for digit in (*lists[0], *lists[1]):
            if digit not in grid.values:
                raise GridError(f"a {name} rule names {digit}, not a digit of the grid")

    def fits(self, value: int, label: int) -> bool:
        """Whether a cell of this label may hold the value."""
        digits = self.digit_lists()[label]
        return not digits or value in digits

    def holds_with(self, values: Values, unknowns: Mapping[Unknown, int], grid: Grid) -> bool:
        """Each cell's digit fits its label."""
        return all(self.fits(values[cell], unknowns[self.label_of(cell)]) for cell in grid.cells)

    def label_links(self, grid: Grid) -> tuple[Link, ...]:
        """A link between each cell's digit and its label."""
        return digits_by_label(grid, self.label_of, self.digit_lists(), self.kind)

    def describe(self, grid: Grid) -> str:
        """``the shaded-digits rule (shaded 1 3 5 7 9)``: label 1's digits first."""
        lists = self.digit_lists()
        parts = [
            f"{name} {' '.join(map(str, digits))}"
            for name, digits in ((self.label_names[1], lists[1]), (self.label_names[0], lists[0]))
            if digits
        ]
        return f"the {self.noun.replace(' ', '-')} rule ({'; '.join(parts)})"

    def drawing(self, grid: Grid) -> list[Shape]:
        """Named under the grid."""
        return [drawing.caption(self.kind, self.describe(grid).removeprefix("the "))]
