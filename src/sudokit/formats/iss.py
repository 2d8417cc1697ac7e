"""The Interactive Sudoku Solver's constraint strings (ISS, github sigh/Interactive-Sudoku-Solver).

ISS writes a puzzle as one string of items, each ``.`` then a class name and its arguments after
``~``::

    .~R1C1_5~R1C2_3.Thermo~R9C4~R8C3~R7C2.Cage~15~R1C3~R1C4~R1C5.Whisper~R8C1~R7C1.Shape~6x6.NoBoxes

An item without a class name (``.~R1C1_5~R4C7_2_4_6_8``) gives cells their values: one value is a
given, several are the values the cell may hold.  Cells are ``R<row>C<column>`` with rows and
columns 1-9 then a-g (to 16).  ``Shape~RxC[~range][~Raw]`` sets the grid (9x9 by default; the range
``0-8`` or a count of values such as ``9`` on a 6x6; ``Raw`` drops rows and columns); its boxes are
ISS's own, of as many cells as the grid has values (``RegionSize`` changes that) and dropped by
``NoBoxes``; ``Jigsaw~<layout>`` adds regions.  ``.Or``, ``.And`` and ``.Replicate`` open a group that
``.End`` closes.  White space is ignored.  ISS's text inputs are read too, as ISS reads them:
sections apart by blank lines, ``#`` comment lines, and the one-line forms (a givens line, a
jigsaw layout, the short and the SudoCue killer forms, a pencil-mark line).

Every meaning below is ISS's (``js/sudoku_constraint.js`` and ``js/solver/sudoku_builder.js``): the
Whisper difference defaults to 5 whatever the grid, an outside clue's ``R1`` first value is read
from the left (``C1`` from the top) and its second from the other side, a ``PillArrow``'s first 2 or
3 cells are the pill read in reading order, a ``Sandwich`` is its row's own smallest and largest
digit (ISS's lunchbox), and so on.  A class is read as the sudokit kind with the same meaning, and
only then; anything else (a class no kind has, cells outside the grid, an argument no kind takes) is
named in :attr:`~sudokit.model.Puzzle.unread`.  ``.Or`` becomes sudokit's ``or`` (each item in it a
branch, ``.And`` grouping several), a top-level ``.And`` its items; a composite left unread (a
``.Replicate``, or one holding an item not read), which may change rules that were read (a dot inside
``.And`` exempts its pair from StrictKropki), also makes the puzzle not ``certain``.  A ``Pair`` or
``PairX`` key (a table of value pairs) becomes a ``link`` or ``relation`` where one is that table,
else a ``pair rule`` whose expression is the table.

``.Replicate`` copies its items from its origin onto each target cell (ISS's shift: cells move, values
and sums stay); an ``NFA`` (ISS's serialized machine) becomes a ``state machine`` line, segments read
as one word with ISS's break symbol between them; ``ConnectedValues`` (on the grid or a Var group) and
``RegionSameValues`` (the largest regions hold one set of values) are their sudokit kinds.  A ``Var``
group (``VA1``, ``VA2``, ...; ``VA`` alone for one cell) becomes sudokit's cells outside the grid
(``A:r1c1``, ...), which every item may name; a given on one is a rule.

A ``FullRank`` clue is sudokit's full rank clue (ties only between unranked numbers, ISS's default);
``FullRankTies~none`` adds sudokit's distinct ranks (no two numbers equal); ``any`` (ties with ranked
numbers allowed) is named, and the clues with it.

Not read, for want of a sudokit kind with ISS's meaning: ``ChaosArrow``, ``ChaosCount``,
``Doppelganger`` and items naming their cells, a ``Replicate`` over Var cells, a Var
name of more than three letters, a ``SumLine`` loop, ``Skyscraper`` and ``Indexing`` on 0-based
values, ``Entropic``, ``GlobalEntropy`` and ``DutchFlatmates`` beyond the values 1-9, ``Regex``,
``PillArrow`` and pair tables on values above 9, and a rule sudokit finds no values for or too many
states to propagate (its reason given).
``SearchPriority`` (an order of search) holds no rule and is noted in the metadata (``ignored``).
"""

from __future__ import annotations

import base64
import binascii
import functools
import itertools
import math
import re
import urllib.parse
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from sudokit.constraints.base import Constraint, orthogonal_pairs
from sudokit.constraints.cages.killer import Killer
from sudokit.constraints.cages.rellik import Rellik
from sudokit.constraints.cells.connected_values import ConnectedValues
from sudokit.constraints.cells.contains import (
    ContainAtLeast,
    ContainExact,
    CountDistinct,
    EqualityCage,
    LookAndSay,
)
from sudokit.constraints.cells.counting_circles import CountingCircles
from sudokit.constraints.cells.indexers import ColumnIndexer, RowIndexer
from sudokit.constraints.cells.outside_cells import OutsideCells
from sudokit.constraints.cells.quadruple import Quadruple
from sudokit.constraints.cells.same_values import SameValues
from sudokit.constraints.dots.inequality import Inequality
from sudokit.constraints.dots.kropki import BLACK, WHITE, Kropki
from sudokit.constraints.dots.negative import AntiXV, NegativeRatio, NonConsecutive
from sudokit.constraints.dots.xv import XV
from sudokit.constraints.generic.composite import Or
from sudokit.constraints.generic.expression import PairRule
from sudokit.constraints.generic.primitives import CustomLink, CustomRelation, CustomSum
from sudokit.constraints.grid_rules.chess import AntiKing, AntiKnight
from sudokit.constraints.grid_rules.diagonal import Diagonal
from sudokit.constraints.grid_rules.entropy import GlobalEntropy, GlobalModular
from sudokit.constraints.grid_rules.flatmates import DutchFlatmates
from sudokit.constraints.grid_rules.neighbours import SelfTaxicab
from sudokit.constraints.grid_rules.units import DisjointGroups, Windoku
from sudokit.constraints.lines.arrow import Arrow
from sudokit.constraints.lines.between import Between
from sudokit.constraints.lines.double_arrow import DoubleArrow
from sudokit.constraints.lines.entropic import Entropic, Modular
from sudokit.constraints.lines.lockout import Lockout
from sudokit.constraints.lines.lunchbox import Lunchbox, ValueIndexing
from sudokit.constraints.lines.palindrome import Palindrome
from sudokit.constraints.lines.regex import RegexLine
from sudokit.constraints.lines.region_sum import RegionSum
from sudokit.constraints.lines.renban import Renban
from sudokit.constraints.lines.segment_sum import EqualSums, SegmentSum
from sudokit.constraints.lines.state_machine import StateMachineLine
from sudokit.constraints.lines.thermometer import Thermometer
from sudokit.constraints.lines.whispers import Whispers
from sudokit.constraints.lines.zipper import Zipper
from sudokit.constraints.outside.full_rank import DistinctRanks, FullRank
from sudokit.constraints.outside.little_killer import LittleKiller
from sudokit.constraints.outside.room import NumberedRoom
from sudokit.constraints.outside.sandwich import Sandwich
from sudokit.constraints.outside.skyscraper import HiddenSkyscraper, Skyscraper
from sudokit.constraints.outside.x_sum import XSum
from sudokit.constraints.regions.chaos import ChaosConstruction
from sudokit.constraints.regions.extra_region import ExtraRegion
from sudokit.constraints.regions.same_sets import RegionSameValues
from sudokit.errors import GridError, ParseError, PuzzleError
from sudokit.model import EMPTY, Cell, Grid, Puzzle, Unit, outside_cell

__all__ = ["CLASSES", "looks_like_iss", "read_iss"]


def _words(text: str) -> list[str]:
    """The names in a text, apart by white space (for the long tables of class names)."""
    return text.split()


CLASSES = frozenset(
    _words("""Container Or And Replicate End Jigsaw Thermo Whisper Renban Modular Entropic RegionSumLine
    Between Lockout Palindrome Zipper SumLine Regex NFA NoBoxes ChaosConstruction ChaosArrow ChaosCount
    RegionSize RegionSameValues StrictKropki StrictXV Shape Windoku DisjointSets AntiKnight Doppelganger
    AntiKing AntiTaxicab AntiConsecutive GlobalEntropy GlobalMod FullRankTies DutchFlatmates Diagonal WhiteDot
    BlackDot GreaterThan X ValueIndexing V Arrow DoubleArrow PillArrow Cage RellikCage EqualityCage Sum
    LittleKiller XSum Sandwich Lunchbox Skyscraper HiddenSkyscraper NumberedRoom FullRank AllDifferent
    ContainAtLeast ContainExact LookAndSay ConnectedValues SameValues EqualSum Quad Binary BinaryX Pair
    PairX Indexing CountingCircles CountDistinct Given SearchPriority Var""")
)
"""Every class name of ISS's ``SudokuConstraint`` (its constraint strings may name no other)."""

COMPOSITES = frozenset({"Container", "Or", "And", "Replicate"})
"""Classes that open a group of items closed by ``.End``."""

_FLAGS = frozenset(
    _words("""NoBoxes ChaosConstruction RegionSameValues StrictKropki StrictXV Windoku DisjointSets AntiKnight
    Doppelganger AntiKing AntiTaxicab AntiConsecutive GlobalEntropy GlobalMod DutchFlatmates Or And End
    Container""")
)
"""Classes written without arguments: the only ones detection accepts followed by ``.`` or the end."""

_DETECT = re.compile(
    r"\.(?:~|(?:" + "|".join(sorted(CLASSES - _FLAGS, key=len, reverse=True)) + r")~"
    r"|(?:" + "|".join(sorted(_FLAGS, key=len, reverse=True)) + r")(?:[.~]|$))"
)
_SPACE = re.compile(r"\s+")
_CELL_DIGITS = {ch: k for k, ch in enumerate("123456789abcdefg")} | {
    ch: k + 9 for k, ch in enumerate("ABCDEFG")
}
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_INTEGER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_LARGEST = 10**9
"""The largest number read (a sum, a clue, a count): more than any grid of ISS's can add up to."""
_LEADING_INTEGER = re.compile(r"\s*([+-]?[0-9]{1,9})(?![0-9])")


def looks_like_iss(text: str) -> bool:
    """Whether text is an ISS constraint string: ``.`` then ``~`` or an ISS class name (white space aside)."""
    head = _SPACE.sub("", text[:400])
    return _DETECT.match(head) is not None


# ----------------------------------------------------------------------------------------- parsing


@dataclass
class _Node:
    """One item of a constraint string: its class, its arguments and, for a composite, its items."""

    name: str
    args: list[str]
    where: str
    children: list[_Node] = field(default_factory=list)


@dataclass(frozen=True)
class _Shape:
    """ISS's grid geometry: its size, its values (``offset`` -1 for 0-based ones) and its type."""

    rows: int
    cols: int
    n: int
    offset: int = 0
    raw: bool = False

    @property
    def low(self) -> int:
        """The smallest value."""
        return 1 + self.offset

    @property
    def high(self) -> int:
        """The largest value."""
        return self.n + self.offset

    @property
    def default_n(self) -> int:
        """The value count ISS gives the grid when its Shape names none (its longer side)."""
        return max(self.rows, self.cols)

    @property
    def plain(self) -> bool:
        """Values 1 to N with N the longer side: the values every kind reads."""
        return self.offset == 0 and self.n == self.default_n

    def describe(self) -> str:
        """``9x9``, ``6x6 with values 1-9``, ``9x9 with values 0-8``."""
        size = f"{self.rows}x{self.cols}"
        values = "" if self.plain else f" with values {self.low}-{self.high}"
        return size + values + (" (raw: no rows or columns)" if self.raw else "")


def _shape(spec: str, where: str) -> _Shape:
    """ISS's ``CellGeometry.fromShapeSpec``: ``RxC[~range][~Sudoku|Raw]``; ParseError when invalid."""
    fail = ParseError(f"ISS: {where}: {spec!r} is not a grid shape (RxC, RxC~9, RxC~0-8, RxC~~Raw)")
    parts = spec.split("~")
    if len(parts) > 3 or parts[-1] == "":
        raise fail
    dims = re.fullmatch(r"([0-9]{1,4})x([0-9]{1,4})", parts[0])
    if dims is None:
        raise fail
    rows, cols = int(dims[1]), int(dims[2])
    n, offset = max(rows, cols), 0
    if len(parts) > 1 and parts[1]:
        span = re.fullmatch(r"([0-9]{1,4})(?:-([0-9]{1,4}))?", parts[1])
        if span is None:
            raise fail
        if span[2] is not None:
            n, offset = int(span[2]) - int(span[1]) + 1, int(span[1]) - 1
        else:
            n = int(span[1])
    kind = parts[2] if len(parts) > 2 else "Sudoku"
    if not (1 <= rows <= 16 and 1 <= cols <= 16) or offset not in (0, -1) or kind not in ("Sudoku", "Raw"):
        raise fail
    least = max(rows, cols) if kind == "Sudoku" else 1
    if not least <= n <= 16:
        raise ParseError(f"ISS: {where}: a {rows}x{cols} grid takes {least} to 16 values, not {n}")
    return _Shape(rows, cols, n, offset, kind == "Raw")


def _shorten(item: str) -> str:
    """An item as messages quote it (at most 40 characters)."""
    return item if len(item) <= 40 else item[:37] + "..."


def _parse_string(raw: str, section: str) -> list[_Node]:
    """ISS's ``_parseStringToAst``: the items of a constraint string, composites holding theirs."""
    text = _SPACE.sub("", raw)
    first, *items = text.split(".")
    if first:
        raise ParseError(f'ISS: {section}a constraint string starts with ".", not {_shorten(first)!r}')
    root: list[_Node] = []
    stack = [root]
    opened: list[_Node] = []
    for k, item in enumerate(items, 1):
        name, *args = item.split("~")
        name = name or "Given"
        where = f"{section}item {k} (.{_shorten(item)})"
        if name == "End":
            if not opened:
                raise ParseError(f"ISS: {where}: .End closes no .Or, .And or .Replicate")
            stack.pop()
            opened.pop()
            continue
        if name not in CLASSES:
            raise ParseError(f"ISS: {where}: unknown constraint type {name!r}")
        node = _Node(name, args, where)
        stack[-1].append(node)
        if name in COMPOSITES:
            stack.append(node.children)
            opened.append(node)
    if opened:
        raise ParseError(f"ISS: {opened[-1].where}: .{opened[-1].name} is never closed by .End")
    return root


def _given_node(values: Sequence[str], where: str) -> _Node:
    """A Given item from value ids (``R1C1_5``)."""
    return _Node("Given", list(values), where)


def _shape_node(rows: int, where: str) -> _Node:
    """A Shape item for an n x n grid."""
    return _Node("Shape", [f"{rows}x{rows}"], where)


def _cell_id(index: int, n: int) -> str:
    """ISS's name of the cell at a row-major index of an n-column grid (``R1C1``, ``RaCb``)."""
    digits = "123456789abcdefg"
    return f"R{digits[index // n]}C{digits[index % n]}"


def _square_side(count: int, power: int) -> int | None:
    """The side n (1 to 16) with n**power == count, else None (ISS's grid-from-length guess)."""
    for n in range(1, 17):
        if n**power == count:
            return n
    return None


def _short_value(char: str, high: int) -> int | None:
    """ISS's ``shortCharToValue``: digits up to 9 values, else ``0`` and letters ``A``-``Z``."""
    if high < 10:
        return int(char) if "0" <= char <= "9" else None
    if char == "0":
        return 0
    if "A" <= char <= "Z":
        return 1 + ord(char) - ord("A")
    return None


def _plain_sudoku(text: str, where: str) -> list[_Node] | None:
    """A line of givens, one character a cell, one blank character (ISS's ``_parsePlainSudokuToAst``)."""
    n = _square_side(len(text), 2)
    if n is None:
        return None
    values, blanks = [], set()
    for i, char in enumerate(text):
        value = _short_value(char, n)
        if value is not None and 1 <= value <= n:
            values.append(f"{_cell_id(i, n)}_{value}")
        else:
            blanks.add(char)
    if len(blanks) > 1:
        return None
    return [_shape_node(n, where), _given_node(values, where)]


def _jigsaw_layout(text: str, where: str) -> list[_Node] | None:
    """A layout line: n characters, each n times (ISS's ``_parseJigsawLayoutToAst``)."""
    n = _square_side(len(text), 2)
    if n is None:
        return None
    counts = Counter(text)
    if len(counts) != n or any(count != n for count in counts.values()):
        return None
    return [_shape_node(n, where), _Node("Jigsaw", [text], where), _Node("NoBoxes", [], where)]


def _jigsaw(text: str, where: str) -> list[_Node] | None:
    """Givens then a layout (ISS's ``_parseJigsawToAst``)."""
    if len(text) % 2:
        return None
    n = _square_side(len(text) // 2, 2)
    if n is None:
        return None
    layout = _jigsaw_layout(text[n * n :], where)
    givens = _plain_sudoku(text[: n * n], where) if layout is not None else None
    return None if layout is None or givens is None else layout + givens


def _grid_layout(raw: str, where: str) -> list[_Node] | None:
    """Givens as numbers and dots among spaces and separators (ISS's ``_parseGridLayoutToAst``)."""
    if re.search(r"[^0-9\s.|_-]", raw):
        return None
    parts = re.findall(r"[.]|[0-9]+", raw)
    n = _square_side(len(parts), 2)
    if n is None:
        return None
    values = [f"{_cell_id(i, n)}_{part}" for i, part in enumerate(parts) if part != "."]
    return [_shape_node(n, where), _given_node(values, where)]


def _pencilmarks(text: str, where: str) -> list[_Node] | None:
    """Pencil marks: n values per cell, dots for those ruled out (ISS's ``_parsePencilmarksToAst``)."""
    n = _square_side(len(text), 3)
    if n is None or re.search(r"[^0-9.]", text):
        return None
    marks = []
    for i in range(n * n):
        values = [c for c in text[i * n : (i + 1) * n] if c != "."]
        marks.append(f"{_cell_id(i, n)}_{'_'.join(values)}")
    return [_shape_node(n, where), _given_node(marks, where)]


_KILLER_STEPS = {"v": 9, "^": -9, "<": -1, ">": 1, "`": -10, "'": -8, ",": 8, ".": 10}


def _short_killer(text: str, where: str) -> list[_Node] | None:
    """The 81-character killer form: sums and arrows to the cage's sum cell (ISS's short killer form)."""
    if len(text) != 81 or not re.search(r"[<v>^`',]", text):
        return None
    if not re.fullmatch(r"[0-9A-Za-j^<v>`',.]*", text):
        return None
    points = [i + _KILLER_STEPS.get(char, 0) for i, char in enumerate(text)]
    cages: dict[int, tuple[int, list[str]]] = {}
    for i in range(81):
        cell: int | None = i
        steps = 0
        while cell is not None and points[cell] != cell:
            following = points[cell]
            cell = following if 0 <= following < 81 else None
            steps += 1
            if steps > 9:
                raise ParseError(f"ISS: {where}: the killer cages' arrows go round in a loop")
        if cell is None:
            continue
        if cell not in cages:
            char = text[cell]
            if "0" <= char <= "9":
                total = int(char)
            elif "A" <= char <= "Z":
                total = ord(char) - ord("A") + 10
            elif "a" <= char <= "j":
                total = ord(char) - ord("a") + 36
            else:
                continue
            cages[cell] = (total, [])
        cages[cell][1].append(_cell_id(i, 9))
    return [_Node("Cage", [str(total), *cells], where) for total, cells in cages.values()]


def _js_number(text: str) -> float:
    """JavaScript's ``+text`` for the forms these files hold (NaN where JavaScript gives NaN)."""
    stripped = text.strip()
    if not stripped:
        return 0.0
    if _INTEGER.fullmatch(stripped):
        return float(stripped)
    return math.nan


def _long_killer(text: str, where: str) -> list[_Node] | None:
    """SudoCue's killer form ``3x3:d:k:<sum*256+cage>:...`` (ISS's long killer form)."""
    if not text.startswith("3x3:"):
        return None
    parts = text.split(":")
    if len(parts) != 85 or parts[2] != "k":
        return None
    cages: dict[float, tuple[int, list[str]]] = {}
    for i in range(81):
        value = _js_number(parts[i + 3])
        if not math.isfinite(value):
            continue
        total = int(value / 256)
        if not total:
            continue
        cages.setdefault(math.fmod(value, 256), (total, []))[1].append(_cell_id(i, 9))
    nodes = [_Node("Diagonal", [d], where) for d in ("1", "-1")] if parts[1] == "d" else []
    return nodes + [_Node("Cage", [str(total), *cells], where) for total, cells in cages.values()]


def _text_line(raw: str, where: str) -> list[_Node] | None:
    """ISS's ``_parseTextLineToAst``: the one-line forms, or None for a constraint string."""
    text = _SPACE.sub("", raw)
    if len(text) == 1:
        return None
    if text.startswith("="):
        return _plain_sudoku(text[1:], where)
    for form in (_short_killer, _long_killer, _jigsaw, _jigsaw_layout, _plain_sudoku):
        found = form(text, where)
        if found is not None:
            return found
    return _grid_layout(raw, where) or _pencilmarks(text, where)


def _nodes(text: str) -> list[_Node]:
    """ISS's ``_parseTextToAst``: comment lines dropped, sections apart by blank lines, each read."""
    uncommented = re.sub(r"(?m)^#.*$", "", text)
    sections = re.split(r"\n\s*\n", uncommented)
    nodes: list[_Node] = []
    for k, section in enumerate(sections, 1):
        label = f"section {k}, " if len(sections) > 1 else ""
        found = _text_line(section, f"{label}the line")
        nodes += found if found is not None else _parse_string(section, label)
    return nodes


# ---------------------------------------------------------------------------------- ISS's geometry


def _box_dims(rows: int, cols: int, size: int) -> tuple[int, int] | None:
    """ISS's ``boxDimsForSize``: the box (height, width) of ``size`` cells that tiles the grid."""
    small = math.isqrt(size)
    while small >= 2:
        if size % small == 0:
            large = size // small
            if rows % small == 0 and cols % large == 0:
                return small, large
            if large != small and rows % large == 0 and cols % small == 0:
                return large, small
        small -= 1
    return None


def _boxes(shape: _Shape, size: int) -> list[tuple[Cell, ...]]:
    """ISS's ``boxRegions``: the boxes of ``size`` cells, left to right, top to bottom."""
    dims = _box_dims(shape.rows, shape.cols, size)
    if shape.raw or dims is None:
        return []
    height, width = dims
    return [
        tuple((top + i, left + j) for i in range(height) for j in range(width))
        for top in range(0, shape.rows, height)
        for left in range(0, shape.cols, width)
    ]


def _windows(shape: _Shape, size: int) -> list[tuple[Cell, ...]]:
    """ISS's ``Windoku.regions``: box-sized windows one cell in from the boxes' corners."""
    dims = _box_dims(shape.rows, shape.cols, size)
    if dims is None:
        return []
    height, width = dims
    found = []
    for left in range(1, shape.cols, width + 1):
        if left + width >= shape.cols:
            break
        for top in range(1, shape.rows, height + 1):
            if top + height >= shape.rows:
                break
            found.append(tuple((top + k % height, left + k // height) for k in range(size)))
    return found


def _disjoint_sets(shape: _Shape, size: int) -> list[tuple[Cell, ...]]:
    """ISS's ``disjointSetRegions``: the cells at each position of every box."""
    dims = _box_dims(shape.rows, shape.cols, size)
    if dims is None:
        return []
    height, width = dims
    per_row = shape.cols // width
    count = shape.rows * shape.cols // size
    return [
        tuple(((b // per_row) * height + p // width, (b % per_row) * width + p % width) for b in range(count))
        for p in range(size)
    ]


@functools.lru_cache(maxsize=32)
def _full_lines(shape: _Shape) -> dict[str, tuple[Cell, ...]]:
    """ISS's ``fullLineCellMap``: ``R1,1`` row 1 from the left, ``R1,-1`` from the right, ``C1,1`` ..."""
    lines: dict[str, tuple[Cell, ...]] = {}
    for r in range(shape.rows):
        row = tuple((r, c) for c in range(shape.cols))
        lines[f"R{r + 1},1"], lines[f"R{r + 1},-1"] = row, row[::-1]
    for c in range(shape.cols):
        column = tuple((r, c) for r in range(shape.rows))
        lines[f"C{c + 1},1"], lines[f"C{c + 1},-1"] = column, column[::-1]
    return lines


@functools.lru_cache(maxsize=32)
def _diagonals(shape: _Shape) -> dict[str, tuple[Cell, ...]]:
    """ISS's little killer ``cellMap``: each diagonal from its first cell's id, as ISS names it."""
    found: dict[str, tuple[Cell, ...]] = {}
    seen: set[frozenset[Cell]] = set()

    def add(row: int, col: int, dr: int, dc: int) -> None:
        cells = []
        while 0 <= row < shape.rows and 0 <= col < shape.cols:
            cells.append((row, col))
            row, col = row + dr, col + dc
        if len(cells) > 1 and frozenset(cells) not in seen:
            seen.add(frozenset(cells))
            found[_cell_id(cells[0][0] * shape.cols + cells[0][1], shape.cols)] = tuple(cells)

    for row in range(shape.rows - 1):
        add(row, 0, 1, 1)
    for row in range(1, shape.rows - 1):
        add(row, shape.cols - 1, -1, -1)
    for col in range(1, shape.cols):
        add(0, col, 1, -1)
    for col in range(1, shape.cols - 1):
        add(shape.rows - 1, col, -1, 1)
    return found


def _adjacent_pairs(cells: Sequence[Cell]) -> list[tuple[Cell, Cell]]:
    """ISS's ``_adjacentCellPairs``: each cell with its orthogonal neighbours later in the list."""
    left = set(cells)
    pairs = []
    for r, c in cells:
        left.discard((r, c))
        for other in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c)):
            if other in left:
                pairs.append(((r, c), other))
    return pairs


def _table(key: str, shape: _Shape) -> frozenset[tuple[int, int]]:
    """The value pairs (a, b) a Pair key allows: bit (a-1)*N + (b-1), six to a base64 character."""
    words = [_B64.find(ch) if ch in _B64 else 0 for ch in key]
    allowed = set()
    n = shape.n
    for i in range(n):
        for j in range(n):
            k = i * n + j
            if k // 6 < len(words) and words[k // 6] >> (k % 6) & 1:
                allowed.add((i + 1 + shape.offset, j + 1 + shape.offset))
    return frozenset(allowed)


_LINK_TESTS: dict[str, Callable[[int, int, int], bool]] = {
    "less": lambda a, b, v: a < b,
    "less_or_equal": lambda a, b, v: a <= b,
    "equal": lambda a, b, v: a == b,
    "difference": lambda a, b, v: abs(a - b) == v,
    "difference_at_least": lambda a, b, v: abs(a - b) >= v,
    "sum": lambda a, b, v: a + b == v,
    "ratio": lambda a, b, v: a == v * b or b == v * a,
}
"""The rules of sudokit's ``link`` kind, as predicates on (first value, second value, the link's value)."""


def _pair_rule(
    allowed: frozenset[tuple[int, int]], values: Sequence[int]
) -> Callable[[Cell, Cell], Constraint] | None:
    """The sudokit kind whose rule on two cells is exactly this table of value pairs, or None."""
    every = [(a, b) for a in values for b in values]
    banned = {abs(a - b) for a, b in every if (a, b) not in allowed}
    if banned and all(((a, b) in allowed) == (abs(a - b) not in banned) for a, b in every):
        distances = tuple(sorted(banned))
        return lambda x, y: CustomRelation(x, y, distances, "pairwise")
    top = 2 * max(values) + 1
    for rule, test in _LINK_TESTS.items():
        for value in range(top) if rule not in ("less", "less_or_equal", "equal") else (0,):
            for negated in (False, True):
                if all(((a, b) in allowed) == (test(a, b, value) != negated) for a, b in every):
                    return _link(rule, value, negated)
    return None


def _table_expression(allowed: frozenset[tuple[int, int]], values: Sequence[int]) -> str | None:
    """A pair rule's expression for a table of value pairs: per value of a, the bits of the b it allows.

    ``(5 if a == 1 else 10 if a == 2 else 0) // 2 ** (b - 1) % 2 == 1``; None beyond 9 values (the
    expression's powers go to 8).
    """
    if len(values) > 9:
        return None
    low = min(values)
    masks = [sum(1 << (b - low) for b in values if (a, b) in allowed) for a in values]
    chosen = " else ".join(f"{mask} if a == {a}" for a, mask in zip(values, masks, strict=True))
    shift = f"(b - {low})" if low else "b"
    return f"({chosen} else 0) // 2 ** {shift} % 2 == 1"


def _link(rule: str, value: int, negated: bool) -> Callable[[Cell, Cell], Constraint]:
    """A builder of sudokit ``link`` constraints of one rule."""
    return lambda first, second: CustomLink(first, second, rule, value, negated, "pairwise")


@dataclass(frozen=True)
class _Nfa:
    """A machine as ISS's ``NFASerializer`` writes it: symbols are 1 to ``symbols``."""

    states: int
    starts: tuple[int, ...]
    accepts: tuple[int, ...]
    moves: tuple[tuple[int, int, int], ...]
    symbols: int


def _decode_nfa(token: str, where: str) -> _Nfa:
    """ISS's serialized NFA (URL-safe base64 of a bit stream, most significant bit first).

    Header: format (2 bits: plain or packed), state bits - 1 (4), symbols - 1 (4), start count and
    accept count (state bits each), which starts accept (one bit per start), and for the plain format
    the width of a state's move count (4).  Then per state its moves: plain, a count and (symbol,
    target) pairs; packed, a mask of symbols and one target for each.  Starts are states 0 to
    starts - 1; the other accepting states follow them.
    """
    if not token:
        return _Nfa(1, (), (), (), 1)  # ISS's empty machine: no word at all
    try:
        data = base64.b64decode(token + "=" * (-len(token) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ParseError(f"ISS: {where}: {_shorten(token)!r} is not an encoded state machine") from None
    bits = "".join(f"{byte:08b}" for byte in data)
    at = 0

    def read(width: int) -> int:
        nonlocal at
        if at + width > len(bits):
            raise ParseError(f"ISS: {where}: the state machine {_shorten(token)!r} is cut short")
        value = int(bits[at : at + width], 2) if width else 0
        at += width
        return value

    form = read(2)
    if form not in (0, 1):
        raise ParseError(f"ISS: {where}: the state machine {_shorten(token)!r} has an unknown format")
    state_bits, symbols = read(4) + 1, read(4) + 1
    symbol_bits = max(symbols - 1, 0).bit_length()
    starts, accept_count = read(state_bits), read(state_bits)
    start_accepts = read(starts)
    count_bits = read(4) if form == 0 else 0
    moves: list[tuple[int, int, int]] = []
    state = 0
    if form == 0 and count_bits:
        while len(bits) - at >= count_bits:
            for _ in range(read(count_bits)):
                symbol, target = read(symbol_bits), read(state_bits)
                moves.append((state, symbol + 1, target))
            state += 1
    elif form == 1:
        while len(bits) - at >= symbols:
            mask = read(symbols)
            for value in range(1, symbols + 1):
                if mask >> (value - 1) & 1:
                    moves.append((state, value, read(state_bits)))
            state += 1
    if "1" in bits[at:]:
        raise ParseError(f"ISS: {where}: the state machine {_shorten(token)!r} has data after its end")
    accepts = [k for k in range(starts) if start_accepts >> k & 1]
    accepts += [starts + k for k in range(accept_count)]
    used = [starts + accept_count - 1, *(s for move in moves for s in (move[0], move[2]))]
    return _Nfa(max(*used, 0) + 1, tuple(range(starts)), tuple(accepts), tuple(moves), symbols)


def _named_groups(items: Sequence[str]) -> list[list[str]]:
    """ISS's ``parseNamedCellGroups``: cell groups apart by empty items; ``_name`` items start a group."""
    groups: list[list[str]] = [[]]
    for item in items:
        if not item or item.startswith("_"):
            groups.append([])
        else:
            groups[-1].append(item)
    return [group for group in groups if group]


def _segments(items: Sequence[str]) -> list[list[str]]:
    """ISS's ``splitSegments``: cells apart by ``-`` items (empty segments kept)."""
    segments: list[list[str]] = [[]]
    for item in items:
        if item == "-":
            segments.append([])
        else:
            segments[-1].append(item)
    return segments


def _merged(cells: Sequence[Cell], weights: Sequence[int]) -> tuple[tuple[Cell, ...], tuple[int, ...]]:
    """Cells each once, with the weights of their namings added up (ISS's sum of a cell named twice)."""
    merged: dict[Cell, int] = {}
    for cell, weight in zip(cells, weights, strict=True):
        merged[cell] = merged.get(cell, 0) + weight
    return tuple(merged), tuple(merged.values())


def _distinct_runs(cells: Sequence[Cell]) -> list[tuple[Cell, ...]]:
    """A line cut into runs of distinct cells, each run starting at the last cell of the one before."""
    runs: list[list[Cell]] = [[]]
    for cell in cells:
        if cell in runs[-1]:
            runs.append([runs[-1][-1]])
        runs[-1].append(cell)
    return [tuple(run) for run in runs if len(run) > 1]


# ----------------------------------------------------------------------------------------- reading


class _Unread(Exception):
    """An item that is not read: why (empty: no sudokit kind has its meaning)."""


class _Reader:
    """Turns the items of one puzzle into a sudokit puzzle: grid, givens and rules, the rest unread."""

    def __init__(self, shape: _Shape, nodes: list[_Node]) -> None:
        """The shape and the top-level items; the extra cells ISS would add for them (unread)."""
        self.shape = shape
        self.nodes = nodes
        self.present = {node.name for node in nodes}
        self.region_size = self._region_size()
        self.var_groups: dict[str, tuple[str, int, int]] = {}
        """ISS's Var groups by cell prefix (``VA``): sudokit's group name, cells, cells a row."""
        self.extra_cells = self._extra_cells()
        self.var_cells = self._var_cells()
        self.givens: dict[Cell, set[int]] = {}
        self.made: list[tuple[str, Constraint]] = []
        self.unread: Counter[tuple[str, str]] = Counter()
        self.certain = True
        self.ignored: list[str] = []
        self.pieces_left: list[tuple[Cell, ...]] = []
        self.base = self.grid()

    # -- cells and numbers

    def _region_size(self) -> int | None:
        """The RegionSize option (the last one, as ISS keeps it), or None."""
        size = None
        for node in self.nodes:
            if node.name == "RegionSize":
                if len(node.args) != 1 or self.number(node.args[0], node) < 1:
                    raise ParseError(f"ISS: {node.where}: RegionSize takes one cell count")
                size = self.number(node.args[0], node)
        return size

    def _extra_cells(self) -> set[str]:
        """The ids of the cells beyond the grid that Var, ChaosConstruction and Doppelganger add."""
        found: set[str] = set()
        cells = self.shape.rows * self.shape.cols

        def group(prefix: str, count: int) -> None:
            found.update({prefix} if count == 1 else {f"{prefix}{k}" for k in range(1, count + 1)})

        for node in self.nodes:
            if node.name == "Var" and node.args:
                size = re.fullmatch(
                    r"(?:([1-9][0-9]{0,3})x)?([1-9][0-9]{0,3})", node.args[2] if len(node.args) > 2 else ""
                )
                count = int(size[1] or 1) * int(size[2]) if size else 1
                if count + len(found) > 1000:
                    raise ParseError(f"ISS: {node.where}: more extra cells than ISS takes (1,000)")
                group("V" + node.args[0], count)
                columns = int(size[2]) if size and size[1] else 0
                self.var_groups["V" + node.args[0]] = (node.args[0], count, columns)
            elif node.name == "ChaosConstruction":
                group("CC", cells)
            elif node.name == "Doppelganger":
                group("DGZ", 1)
                group("DGR", self.shape.cols)
                group("DGC", self.shape.rows)
                dims = _box_dims(self.shape.rows, self.shape.cols, self.shape.default_n)
                group("DGB", dims[0] * dims[1] if dims else 0)
        return found

    def cell(self, name: str, node: _Node) -> Cell | None:
        """ISS's ``parseCellId``: a grid cell, None for a cell beyond the grid, else ParseError."""
        if len(name) == 4 and name[0] in "Rr" and name[2] in "Cc":
            r, c = _CELL_DIGITS.get(name[1], 99), _CELL_DIGITS.get(name[3], 99)
            if r < self.shape.rows and c < self.shape.cols:
                return r, c
        elif name in self.extra_cells:
            return self.var_cells.get(name)
        raise ParseError(f"ISS: {node.where}: {name!r} is not a cell of this {self.shape.describe()} grid")

    def _var_cells(self) -> dict[str, Cell]:
        """The cells of ISS's Var groups by ISS name (``VA1``, or ``VA`` alone), at sudokit's positions.

        A group whose name sudokit's positions cannot hold (more than three letters) has none.
        """
        found: dict[str, Cell] = {}
        for prefix, (letters, count, columns) in self.var_groups.items():
            if not (letters.isascii() and letters.isalpha() and letters.isupper() and len(letters) <= 3):
                continue
            width = columns or count
            for k in range(count):
                found[prefix if count == 1 else f"{prefix}{k + 1}"] = outside_cell(
                    letters, k // width, k % width
                )
        return found

    def var_group(self, node: _Node) -> None:
        """A Var group: cells outside the grid (in the base grid, so that rules on them are read)."""
        prefix = "V" + node.args[0] if node.args else ""
        if prefix not in self.var_groups:
            raise ParseError(f"ISS: {node.where}: a Var needs a name of capital letters")
        letters, count, columns = self.var_groups[prefix]
        if not (letters.isascii() and letters.isalpha() and letters.isupper() and len(letters) <= 3):
            raise _Unread("a name of more than three letters")
        label = urllib.parse.unquote(node.args[1]) if len(node.args) > 1 else ""
        self.base = self.base.with_constraints(OutsideCells(letters, count, columns, label))

    def cells(self, names: Iterable[str], node: _Node) -> tuple[Cell, ...]:
        """Grid cells; _Unread when some are ISS's extra cells (no sudokit grid has them)."""
        found = [self.cell(name, node) for name in names]
        if any(cell is None for cell in found):
            raise _Unread("it names cells beyond the grid")
        return tuple(cell for cell in found if cell is not None)

    def number(self, text: str, node: _Node, *, blank: int | None = None) -> int:
        """An integer argument (``blank`` for an empty one, where ISS takes that); ParseError otherwise."""
        if not text.strip() and blank is not None:
            return blank
        value = _js_number(text)
        if not math.isfinite(value) or value != int(value) or not text.strip():
            raise ParseError(f"ISS: {node.where}: {_shorten(text)!r} is not a whole number")
        if abs(value) > _LARGEST:
            raise ParseError(f"ISS: {node.where}: {_shorten(text)!r} is larger than any puzzle needs")
        return int(value)

    def needs(self, node: _Node, *, plain: bool = False, positive: bool = False, nine: bool = False) -> None:
        """_Unread unless the grid's values are those the sudokit kind reads as ISS does."""
        shape = self.shape
        if nine and not (shape.n == 9 and shape.offset == 0):
            raise _Unread(f"ISS defines {node.name} for the values 1-9 only, not {shape.low}-{shape.high}")
        if plain and not shape.plain:
            raise _Unread(f"on values {shape.low}-{shape.high} its sudokit kind differs")
        if positive and shape.offset:
            raise _Unread("0-based values: its sudokit kind differs")

    def add(self, node: _Node, *constraints: Constraint) -> None:
        """Rules read from an item."""
        self.made += [(node.name, c) for c in constraints]

    def skip(self, node: _Node, why: str) -> None:
        """An item left unread."""
        self.unread[(node.name, why)] += 1

    # -- the items

    def read(self) -> None:
        """Every item: givens, flags and rules; the rest unread."""
        outside: dict[tuple[str, str], tuple[_Node, int]] = {}
        quads: dict[str, _Node] = {}
        once: set[tuple[str, ...]] = set()
        for node in self.expanded(self.nodes):
            if self.shape.raw and node.name in _SUDOKU_ONLY:
                raise ParseError(f"ISS: {node.where}: {node.name} needs a Sudoku grid, not a Raw one")
            key = (
                (node.name, *node.args) if node.name in (_FLAGS - COMPOSITES - {"End"}) | {"Diagonal"} else ()
            )
            if key in once:
                continue  # ISS keeps one of each (its uniqueness key)
            if key:
                once.add(key)
            try:
                if node.name in ("Or", "And"):
                    self.composite(node)
                elif node.name in COMPOSITES:
                    raise _Unread("")
                elif node.name in _OUTSIDE:
                    for arrow, value in self.outside_clues(node):
                        outside[(node.name, arrow)] = (node, value)
                elif node.name == "Quad":
                    if not node.args:
                        raise ParseError(f"ISS: {node.where}: a Quad names its top-left cell")
                    quads[node.args[0]] = node
                elif node.name in _READERS:
                    _READERS[node.name](self, node)
                elif node.name in ("Shape", "NoBoxes", "RegionSize", "Jigsaw"):
                    pass  # the grid's own (see grid())
                elif node.name == "SearchPriority":
                    self.ignored.append("SearchPriority (an order of search, no rule)")
                else:
                    raise _Unread("")
            except _Unread as why:
                self.skip(node, str(why))
                if node.name in COMPOSITES:
                    self.certain = False  # its rules may change others read (a dot exempts a pair)
        for (_name, arrow), (node, value) in outside.items():
            try:
                self.outside_clue(node, arrow, value)
            except _Unread as why:
                self.skip(node, str(why))
        for node in quads.values():
            try:
                self.quad(node)
            except _Unread as why:
                self.skip(node, str(why))

    # -- Replicate: a template of items copied onto target cells

    def replicated(self, node: _Node) -> list[_Node]:
        """A ``Replicate``'s items, shifted from its origin onto each target cell (ISS's builder).

        Its first argument is a base64 bit set of targets (bit i: the cell i places after the origin in
        reading order), its second the origin (``R1C1`` when absent).  Each item moves by the row and
        column offset from the origin to the target.
        """
        if node.name == "Container":
            return list(node.children)
        encoded = node.args[0] if node.args else ""
        origin_name = node.args[1] if len(node.args) > 1 and node.args[1] else "R1C1"
        origin = self.cell(origin_name, node)
        if origin is None:
            raise _Unread("a Replicate beyond the grid")
        width = self.shape.cols
        targets = []
        for k, char in enumerate(encoded):
            bits = _B64.find(char)
            if bits < 0:
                raise ParseError(f"ISS: {node.where}: {_shorten(encoded)!r} is not a Replicate bit set")
            for b in range(6):
                if bits >> b & 1:
                    index = origin[0] * width + origin[1] + 6 * k + b
                    if index >= self.shape.rows * width:
                        raise ParseError(f"ISS: {node.where}: a Replicate target beyond the grid")
                    targets.append(divmod(index, width))
        return [
            self.shifted(child, target[0] - origin[0], target[1] - origin[1])
            for target in targets
            for child in node.children
        ]

    def shifted(self, node: _Node, dr: int, dc: int) -> _Node:
        """An item moved by (dr, dc): its cell arguments (after the ones ISS keeps) shifted."""
        if node.name in COMPOSITES:
            children = [self.shifted(child, dr, dc) for child in node.children]
            return _Node(node.name, list(node.args), node.where, children)
        if node.name in _OUTSIDE:
            raise ParseError(f"ISS: {node.where}: ISS takes no outside clue inside .Replicate")

        def move(item: str) -> str:
            cell = self.cell(item, node) if len(item) == 4 else None
            if cell is None or cell[0] < 0:
                raise _Unread(f"a Replicate of {node.name} items ISS cannot shift ({_shorten(item)})")
            r, c = cell[0] + dr, cell[1] + dc
            if not (0 <= r < self.shape.rows and 0 <= c < self.shape.cols):
                raise ParseError(f"ISS: {node.where}: a Replicate shifts {item} beyond the grid")
            return _cell_id(r * self.shape.cols + c, self.shape.cols)

        if node.name == "Quad":  # its corner moves, its values stay
            return _Node(node.name, [move(node.args[0]), *node.args[1:]] if node.args else [], node.where)
        if node.name == "Given":  # each R1C1_5_6 moves its cell
            moved = [move(item.split("_", 1)[0]) + item[len(item.split("_", 1)[0]) :] for item in node.args]
            return _Node(node.name, moved, node.where)
        keep = _SHIFT_KEEPS.get(node.name, 0)
        args = list(node.args[:keep])
        for item in node.args[keep:]:
            keeps = item in ("", "-") or (item.startswith("_") and node.name in _NAMED_GROUPS)
            args.append(item if keeps else move(item))
        return _Node(node.name, args, node.where, [])

    def expanded(self, nodes: list[_Node]) -> Iterable[_Node]:
        """The top-level items, each ``Replicate`` and ``Container`` replaced by the items it makes."""
        for node in nodes:
            if node.name not in ("Replicate", "Container"):
                yield node
                continue
            try:
                made = self.replicated(node)
            except _Unread as why:
                self.skip(node, str(why))
                self.certain = False  # its rules may change others read (a dot exempts a pair)
                continue
            yield from self.expanded(made)

    def composite(self, node: _Node) -> None:
        """A top-level ``And`` (its items hold as if written alone) or ``Or`` (some branch holds)."""
        made = self.part(node, conditional=False)
        self.add(node, *(made or ()))

    def part(self, node: _Node, *, conditional: bool) -> list[Constraint] | None:
        """The rules of an item inside a composite: None when ISS makes no constraint of it at all.

        An empty list is an item whose rule holds always (a branch of an ``Or`` that makes it hold).
        _Unread for an item not read (the whole composite is then left unread).
        """
        if node.name in _NOT_IN_COMPOSITES:
            raise ParseError(f"ISS: {node.where}: ISS takes no {node.name} inside .Or, .And or .Replicate")
        if node.name in ("And", "Replicate", "Container"):
            children = node.children if node.name == "And" else self.replicated(node)
            found = [self.part(child, conditional=conditional) for child in children]
            return [c for made in found if made for c in made]
        if node.name == "Or":
            branches = []
            for child in node.children:
                made = self.part(child, conditional=True)
                if made is None:
                    continue  # ISS made no constraint of it: no branch
                if not made:
                    return []  # a branch that always holds: so does the Or
                branches.append(tuple(made))
            possible = [branch for branch in branches if self.possible(branch)]
            if not possible:
                raise _Unread("an Or without a branch that can hold (ISS: no solution)")
            return list(possible[0]) if len(possible) == 1 else [Or(tuple(possible))]
        if node.name in COMPOSITES:
            raise _Unread(f"a {node.name} inside")
        if node.name == "Given":
            return self.given_rules(node) if node.args else None
        if node.name in ("Regex", "NFA", "Pair", "PairX", "Binary", "BinaryX") and not _named_groups(
            node.args[1:]
        ):
            return None
        saved, self.made = self.made, []
        try:
            if node.name in _OUTSIDE:
                clues = self.outside_clues(node)
                if not clues:
                    return None
                for arrow, value in clues:
                    self.outside_clue(node, arrow, value)
            elif node.name == "Quad":
                if not node.args:
                    raise ParseError(f"ISS: {node.where}: a Quad names its top-left cell")
                self.quad(node)
            elif node.name in _READERS and node.name != "RegionSumLine":
                _READERS[node.name](self, node)
            else:
                raise _Unread(f"a {node.name} inside")
            made = [c for _, c in self.made]
        except _Unread as why:
            raise _Unread(str(why) or f"a {node.name} inside") from None
        finally:
            self.made = saved
        marks = {c.kind for c in made} & {"kropki", "xv"}
        strict = {"kropki": "StrictKropki", "xv": "StrictXV"}
        if conditional and any(strict[m] in self.present for m in marks):
            raise ParseError(f"ISS: {node.where}: ISS refuses {node.name} inside an Or beside a strict rule")
        return made

    def possible(self, branch: tuple[Constraint, ...]) -> bool:
        """False for a branch of an Or that no values meet (a cage of 3 over 6 cells): ISS's branch is false.

        Its automata (what sudokit's ``or`` compiles a branch to) say so; a branch sudokit cannot compile
        for another reason is kept, and leaves the Or unread later.
        """
        try:
            self.base.with_constraints(Or((branch, branch)))
        except GridError as exc:
            return not str(exc).startswith("no values meet")
        return True

    def given_rules(self, node: _Node) -> list[Constraint]:
        """Cells' values inside a composite, as rules: the cell holds that value (or one of those)."""
        made: list[Constraint] = []
        every = range(self.shape.low, self.shape.high + 1)
        for item in node.args:
            name, values = self.value_id(item, node)
            cell = self.cell(name, node)
            if cell is None:
                raise _Unread("values of cells beyond the grid")
            if len(values) == 1:
                made.append(ContainExact((cell,), (next(iter(values)),)))
            elif len(values) < len(every):
                made.append(LookAndSay((cell,), tuple((0, v) for v in every if v not in values)))
        return made

    def value_id(self, item: str, node: _Node) -> tuple[str, set[int]]:
        """ISS's ``parseValueId``: ``R1C1_5_6`` is a cell's name and its values, each in the grid's range."""
        shape = self.shape
        name, *texts = item.split("_")
        values = set()
        for text in texts:
            if not (text.isascii() and text.isdigit() and len(text) <= 4) or str(int(text)) != text:
                raise ParseError(f"ISS: {node.where}: {item!r} is not a cell's values (R1C1_5_6)")
            if not shape.low <= int(text) <= shape.high:
                raise ParseError(f"ISS: {node.where}: {item!r}: values are {shape.low} to {shape.high}")
            values.add(int(text))
        return name, values

    def given(self, node: _Node) -> None:
        """Values of cells: one is a given, several the values the cell may hold (intersected)."""
        for item in node.args:
            name, values = self.value_id(item, node)
            cell = self.cell(name, node)
            if cell is None:
                self.skip(node, "values of cells beyond the grid")
                continue
            if cell[0] < 0:  # a cell outside the grid: its values as a rule
                every = range(self.shape.low, self.shape.high + 1)
                if len(values) == 1:
                    self.add(node, ContainExact((cell,), (next(iter(values)),)))
                elif len(values) < len(every):
                    self.add(node, LookAndSay((cell,), tuple((0, v) for v in every if v not in values)))
                continue
            self.givens[cell] = self.givens.get(cell, values) & values

    def flag(self, node: _Node) -> None:
        """A whole-grid rule (the ones that take no cells)."""
        shape = self.shape
        name = node.name
        if name in ("AntiKnight", "AntiKing"):
            self.add(node, AntiKnight() if name == "AntiKnight" else AntiKing())
        elif name == "AntiTaxicab":
            self.needs(node, positive=True)
            self.add(node, SelfTaxicab())
        elif name == "GlobalEntropy":
            self.needs(node, nine=True)
            self.add(node, GlobalEntropy())
        elif name == "GlobalMod":
            if shape.n != 9:
                raise ParseError(f"ISS: {node.where}: GlobalMod needs 9 values")
            self.add(node, GlobalModular())
        elif name == "DutchFlatmates":
            self.needs(node, nine=True)
            self.add(node, DutchFlatmates())
        elif name in ("Windoku", "DisjointSets"):
            if shape.rows != shape.cols:
                raise ParseError(f"ISS: {node.where}: {name} needs a square grid")
            if name == "Windoku":
                groups = _windows(shape, self.region_size or shape.n)
            else:
                groups = _disjoint_sets(shape, self.region_size or shape.default_n)
            self.add(node, *self.units_as(Windoku() if name == "Windoku" else DisjointGroups(), groups))
        elif name in ("StrictKropki", "StrictXV", "AntiConsecutive", "ChaosConstruction", "RegionSameValues"):
            pass  # read with the grid: they depend on other items (see late())

    def units_as(self, kind: Windoku | DisjointGroups, groups: list[tuple[Cell, ...]]) -> list[Constraint]:
        """All-different groups: as the sudokit kind when it makes the same groups, else extra regions."""
        try:
            theirs: list[list[Cell]] | None = kind.groups(self.base)
        except GridError:
            theirs = None
        if theirs is not None and sorted(map(sorted, theirs)) == sorted(map(sorted, groups)):
            return [kind]
        return [ExtraRegion(group) for group in groups]

    def line(self, node: _Node) -> None:
        """A rule on cells in order, read by the table :data:`_LINES`."""
        build, shortest, needs = _LINES[node.name]
        cells = self.cells(node.args, node)
        if node.name == "AllDifferent":
            cells = tuple(dict.fromkeys(cells))  # ISS's all-different takes each cell once
        if len(cells) < shortest:
            return  # ISS's rule says nothing of so few cells
        if needs:
            self.needs(node, **{needs: True})
        self.add(node, build(cells))

    def whisper(self, node: _Node) -> None:
        """Neighbours on the line differ by at least the difference (5 when the first argument is a cell)."""
        args = list(node.args)
        difference = 5
        if args and math.isfinite(_js_number(args[0])):
            difference = min(math.ceil(_js_number(args.pop(0))), _LARGEST)
        cells = self.cells(args, node)
        if difference > 0:  # a difference of 0 or less holds of every pair
            self.add(node, *(Whispers(run, difference) for run in _distinct_runs(cells)))

    def modular(self, node: _Node) -> None:
        """Every run of ``mod`` cells differs modulo ``mod``: sudokit's modular line when mod is 3."""
        if not node.args or not _js_number(node.args[0]) >= 1:
            raise ParseError(f"ISS: {node.where}: Modular needs a mod of 1 or more")
        mod = self.number(node.args[0], node)
        cells = self.cells(node.args[1:], node)
        if mod == 1 or len(cells) < 2:
            return  # every value is 0 modulo 1
        self.add(node, Modular(cells, mod))

    def lockout(self, node: _Node) -> None:
        """Ends at least the difference apart, inner cells outside the ends' range."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: Lockout needs a difference")
        gap = self.number(node.args[0], node, blank=0)
        if gap < 1:
            raise _Unread(f"a least difference of {gap}")
        self.add(node, Lockout(self.cells(node.args[1:], node), gap))

    def sum_line(self, node: _Node) -> None:
        """A line cut into pieces that each add up to the sum."""
        args = list(node.args)
        loop = bool(args) and args[-1] == "LOOP"
        if loop:
            args.pop()
        if len(args) < 2:
            raise ParseError(f"ISS: {node.where}: SumLine needs a sum and cells")
        total = self.number(args[0], node)
        if total > 30:
            raise ParseError(f"ISS: {node.where}: ISS's SumLine sums are at most 30")
        cells = self.cells(args[1:], node)
        if loop:
            raise _Unread("a loop: sudokit's segment sum lines have two ends")
        self.add(node, SegmentSum(cells, total))

    def regex(self, node: _Node) -> None:
        """Lines whose digits match the pattern (groups of cells apart by empty items)."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: Regex needs a pattern")
        token = node.args[0]
        try:
            if "%" in token:
                pattern = urllib.parse.unquote(token, errors="strict")
            else:
                padded = token + "=" * (-len(token) % 4)
                pattern = base64.b64decode(padded, altchars=b"-_", validate=True).decode("latin-1")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            raise ParseError(f"ISS: {node.where}: {_shorten(token)!r} is not an encoded pattern") from None
        pattern = _SPACE.sub("", pattern)
        if self.shape.high > 9:
            raise _Unread("a pattern over values above 9")
        for group in _named_groups(node.args[1:]):
            self.add(node, RegexLine(self.cells(group, node), pattern))

    def nfa(self, node: _Node) -> None:
        """Lines (segments apart by ``-``, read as one word with a break between) a machine accepts."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: NFA needs its machine")
        machine = _decode_nfa(node.args[0], node.where)
        shape = self.shape
        count = shape.high - shape.low + 1
        moves = tuple((a, shape.low + symbol - 1, b) for a, symbol, b in machine.moves if symbol <= count)
        break_moves = tuple((a, b) for a, symbol, b in machine.moves if symbol == count + 1)
        for group in _named_groups(node.args[1:]):
            segments = _segments(group)
            if len(segments) > 1 and machine.symbols < count + 1:
                raise ParseError(
                    f"ISS: {node.where}: a machine of {machine.symbols} symbols cannot read segments "
                    f"of {count} values (it needs {count + 1})"
                )
            cells: list[Cell] = []
            breaks: list[int] = []
            for k, segment in enumerate(segments):
                if k:
                    breaks.append(len(cells))
                cells.extend(self.cells(segment, node))
            made = StateMachineLine(
                tuple(cells),
                machine.states,
                machine.starts,
                machine.accepts,
                moves,
                break_moves,
                tuple(breaks),
            )
            self.add(node, made)

    def connected_values(self, node: _Node) -> None:
        """The grid's cells holding the values (``1_2``) form one connected area (of the size given)."""
        if not node.args or len(node.args) > 3:
            raise ParseError(f"ISS: {node.where}: ConnectedValues takes a cell group, values and a size")
        within: tuple[Cell, ...] = ()
        if node.args[0]:
            if node.args[0] not in self.var_groups:
                raise _Unread("a group of cells beyond the grid")
            _, count, _ = self.var_groups[node.args[0]]
            names = [node.args[0]] if count == 1 else [f"{node.args[0]}{k + 1}" for k in range(count)]
            within = self.cells(names, node)
        texts = node.args[1].replace(",", "_").split("_") if len(node.args) > 1 else [""]
        values = tuple(self.number(text, node) for text in texts)
        if any(not self.shape.low <= v <= self.shape.high for v in values):
            raise ParseError(f"ISS: {node.where}: Connected Values values must be valid grid values")
        size = self.number(node.args[2], node) if len(node.args) > 2 and node.args[2] else 0
        if len(node.args) > 2 and node.args[2] and size < 1:
            raise ParseError(f"ISS: {node.where}: ConnectedValues size must be a positive integer")
        if size > (len(within) or self.shape.rows * self.shape.cols):
            raise _Unread("a size larger than the grid (ISS: no solution)")
        self.add(node, ConnectedValues(tuple(dict.fromkeys(values)), size, within))

    def arrow(self, node: _Node) -> None:
        """The shaft's sum is the circle's digit."""
        cells = self.cells(node.args, node)
        if len(cells) < 2:
            raise _Unread("an arrow without a shaft (ISS: its circle is 0)")
        self.add(node, Arrow(cells[:1], cells[1:]))

    def pill_arrow(self, node: _Node) -> None:
        """The shaft's sum is the number the pill's 2 or 3 cells spell in reading order."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: PillArrow needs a pill size")
        size = self.number(node.args[0], node)
        cells = self.cells(node.args[1:], node)
        if size not in (2, 3) or len(cells) <= size:
            raise ParseError(f"ISS: {node.where}: a pill of 2 or 3 cells, then its shaft")
        pill = sorted(cells[:size])
        for (r1, c1), (r2, c2) in itertools.pairwise(pill):
            if (r2 - r1, c2 - c1) not in ((0, 1), (1, 0), (1, 1)):
                raise ParseError(f"ISS: {node.where}: the pill's cells do not read in order")
        if self.shape.high > 9:
            raise _Unread("a pill on values above 9")
        self.add(node, Arrow(tuple(pill), cells[size:]))

    def cage(self, node: _Node) -> None:
        """Different digits adding up to the sum (none if 0 or empty); a cell named twice counts twice."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: Cage needs a sum")
        total = self.number(node.args[0], node, blank=0)
        cells = self.cells(node.args[1:], node)
        members, weights = _merged(cells, [1] * len(cells))
        if len(members) == len(cells) or not total:
            self.add(node, Killer(members, total or None))
        else:  # ISS's cage: its different cells differ, and its sum counts each naming of a cell
            self.add(node, Killer(members, None), CustomSum(members, total, weights, "sum"))

    def rellik(self, node: _Node) -> None:
        """Different digits, no combination of them adding up to the clue."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: RellikCage needs a sum")
        self.add(node, Rellik(self.cells(node.args[1:], node), self.number(node.args[0], node)))

    def sum(self, node: _Node) -> None:
        """The cells' values (times their coefficients, ``15_=_1_1_-1``) add up to the sum."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: Sum needs a sum")
        parts = node.args[0].split("_")
        total = self.number(parts[0], node)
        coefficients: tuple[int, ...] = ()
        cells = self.cells(node.args[1:], node)
        if len(parts) > 1 and parts[1] == "=":
            coefficients = tuple(self.number(p, node) for p in parts[2:])
            if len(coefficients) != len(cells) or any(abs(f) > 100 for f in coefficients):
                raise ParseError(f"ISS: {node.where}: one coefficient from -100 to 100 per cell")
        members, weights = _merged(cells, list(coefficients or [1] * len(cells)))
        plain = len(members) == len(cells) and not coefficients
        self.add(node, CustomSum(members, total, () if plain else weights, "sum"))

    def pairs(self, node: _Node) -> None:
        """Dots, signs and X/V on every orthogonally adjacent pair of the cells."""
        pairs = _adjacent_pairs(self.cells(node.args, node))
        if not pairs:
            raise ParseError(f"ISS: {node.where}: no two of its cells are orthogonal neighbours")
        build = _PAIRS[node.name]
        self.add(node, *(build(a, b) for a, b in pairs))

    def lunchbox(self, node: _Node) -> None:
        """Different digits; those between the smallest and the largest add up to the sum."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: Lunchbox needs a sum")
        total = self.number(node.args[0], node)
        if total < 0:
            raise ParseError(f"ISS: {node.where}: a lunchbox sum of 0 or more")
        self.add(node, Lunchbox(self.cells(node.args[1:], node), total))

    def listed(self, node: _Node) -> None:
        """The listed values (``1_2_2``) are in the cells, at least (or exactly) as often as listed."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: {node.name} needs its values")
        digits = tuple(self.number(v, node) for v in node.args[0].split("_"))
        cells = self.cells(node.args[1:], node)
        self.add(node, (ContainExact if node.name == "ContainExact" else ContainAtLeast)(cells, digits))

    def look_and_say(self, node: _Node) -> None:
        """The clue as (count, value) pairs: exactly that many of each value."""
        clue = node.args[0] if node.args else ""
        if not re.fullmatch(r"(?:[0-9][0-9])+", clue):
            raise ParseError(f"ISS: {node.where}: a look-and-say clue is (count, value) digit pairs")
        pairs = tuple((int(clue[k]), int(clue[k + 1])) for k in range(0, len(clue), 2))
        self.add(node, LookAndSay(self.cells(node.args[1:], node), pairs))

    def count_distinct(self, node: _Node) -> None:
        """The control cell counts the distinct values of the others."""
        cells = self.cells(node.args, node)
        if not cells:
            raise ParseError(f"ISS: {node.where}: CountDistinct needs a control cell")
        self.add(node, CountDistinct(cells[0], cells[1:]))

    def counting_circles(self, node: _Node) -> None:
        """Each value in the circles is in that many of them."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: CountingCircles needs cells")
        self.add(node, CountingCircles(self.cells(node.args, node)))

    def indexing(self, node: _Node) -> None:
        """Column (``C``) or row (``R``) indexing cells."""
        if not node.args or node.args[0] not in ("C", "R"):
            raise _Unread("an indexing type other than C or R")
        cells = self.cells(node.args[1:], node)
        self.needs(node, plain=True)
        if self.shape.rows != self.shape.cols:
            raise _Unread("sudokit's indexers are on square grids")
        self.add(node, (ColumnIndexer if node.args[0] == "C" else RowIndexer)(cells))

    def same_values(self, node: _Node) -> None:
        """Sets of cells holding the same values, as often each."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: SameValues needs a number of sets")
        sets = self.number(node.args[0], node)
        cells = self.cells(node.args[1:], node)
        if sets < 1 or len(cells) % sets:
            raise ParseError(f"ISS: {node.where}: {len(cells)} cells do not split into {sets} sets")
        if sets < 2:
            return
        self.add(node, SameValues(cells, sets))

    def equal_sum(self, node: _Node) -> None:
        """Segments (apart by ``-``) with one sum."""
        groups = [self.cells(segment, node) for segment in _segments(node.args) if segment]
        if len(groups) >= 2:
            self.add(node, EqualSums(tuple(groups)))

    def diagonal(self, node: _Node) -> None:
        """A diagonal of different digits: 1 is the anti-diagonal (top right to bottom left), -1 the main."""
        direction = _js_number(node.args[0]) if node.args else math.nan
        if direction not in (1, -1):
            raise ParseError(f"ISS: {node.where}: a Diagonal is 1 or -1")
        if self.shape.rows != self.shape.cols:
            raise ParseError(f"ISS: {node.where}: diagonals need a square grid")
        self.add(node, Diagonal("anti" if direction == 1 else "main"))

    def pair_table(self, node: _Node) -> None:
        """A custom relation (its key a table of value pairs): read where a sudokit kind is that table."""
        if not node.args:
            raise ParseError(f"ISS: {node.where}: {node.name} needs a key")
        key = node.args[0]
        if node.name in ("Binary", "BinaryX"):
            key = key.translate(str.maketrans("-_", "_-"))
        allowed = _table(key, self.shape)
        values = list(range(self.shape.low, self.shape.high + 1))
        groups = [self.cells(group, node) for group in _named_groups(node.args[1:])]
        every = node.name in ("PairX", "BinaryX")
        if every and any((b, a) not in allowed for a, b in allowed):
            raise _Unread("a relation that is not the same both ways")
        if len(allowed) == len(values) ** 2:
            return  # every pair of values allowed
        build = _pair_rule(allowed, values)
        if build is None:
            expression = _table_expression(allowed, values)
            if expression is None:
                raise _Unread("a relation over values above 9")
            self.add(node, *(PairRule(group, expression, every) for group in groups))
            return
        made = []
        for group in groups:
            if every:
                made += [
                    build(group[i], group[j]) for i in range(len(group)) for j in range(i + 1, len(group))
                ]
            else:
                made += [build(a, b) for a, b in itertools.pairwise(group)]
        self.add(node, *made)

    # -- outside clues and quadruples (the last of each place is kept, as ISS keeps it)

    def outside_clues(self, node: _Node) -> list[tuple[str, int]]:
        """ISS's ``makeFromArgs`` of an outside clue: (its arrow id, its value) per clue."""
        args = node.args
        kind = _OUTSIDE[node.name]
        if kind == "double":
            texts = [(f"{args[0]},1", args[1]) if len(args) > 1 and args[1] else None]
            texts.append((f"{args[0]},-1", args[2]) if len(args) > 2 and args[2] else None)
            found = [t for t in texts if t is not None]
        elif kind == "single":
            found = [(f"{args[1] if len(args) > 1 else ''},1", args[0] if args else "")]
        else:
            found = [(args[1] if len(args) > 1 else "", args[0] if args else "")]
        clues = []
        for arrow, text in found:
            match = _LEADING_INTEGER.match(text)
            if match is None:
                raise ParseError(f"ISS: {node.where}: {_shorten(text)!r} is not a clue value")
            value = int(match[1])
            if value == 0 and node.name not in _ZERO_OK:
                raise ParseError(f"ISS: {node.where}: a {node.name} clue cannot be 0")
            clues.append((arrow, value))
        return clues

    def outside_clue(self, node: _Node, arrow: str, value: int) -> None:
        """One outside clue on the row, column or diagonal its arrow id names."""
        shape = self.shape
        if shape.raw:
            raise ParseError(f"ISS: {node.where}: outside clues need a Sudoku grid")
        line = (_diagonals(shape) if node.name == "LittleKiller" else _full_lines(shape)).get(arrow)
        if line is None:
            raise ParseError(f"ISS: {node.where}: {arrow.split(',')[0]!r} names no line of the grid")
        name = node.name
        if name == "LittleKiller":
            self.add(node, LittleKiller(line, value))
        elif name == "Sandwich":
            if value < 0:
                raise ParseError(f"ISS: {node.where}: a sandwich sum of 0 or more")
            full = len(line) == shape.n
            self.add(node, Sandwich(line, value) if full else Lunchbox(line, value))
        elif name == "XSum":
            self.add(node, XSum(line, value))
        elif name == "NumberedRoom":
            self.add(node, NumberedRoom(line, value))
        elif name == "Skyscraper":
            self.needs(node, positive=True)
            self.add(node, Skyscraper(line, value))
        elif name == "HiddenSkyscraper":
            self.add(node, HiddenSkyscraper(line, value))
        elif name == "FullRank":
            if self.rank_ties() == "any":
                raise _Unread("ties with ranked numbers allowed (FullRankTies any)")
            self.add(node, FullRank(line, value))
        else:
            raise _Unread("")

    def rank_ties(self) -> str:
        """ISS's FullRankTies option: ``only-unclued`` (its default), ``none`` or ``any``."""
        for node in self.nodes:
            if node.name == "FullRankTies":
                mode = node.args[0] if node.args and node.args[0] else "only-unclued"
                if mode not in ("none", "only-unclued", "any"):
                    raise ParseError(f"ISS: {node.where}: Invalid FullRankTies: {mode}")
                return mode
        return "only-unclued"

    def full_rank_ties(self, node: _Node) -> None:
        """The default (ties only between numbers no clue ranks) is the full rank clues' own meaning."""
        mode = self.rank_ties()
        if mode == "none":
            self.add(node, DistinctRanks())
        if mode == "any":
            raise _Unread("ties with ranked numbers allowed (ISS 'any')")

    def quad(self, node: _Node) -> None:
        """The values appear in the 2x2 square whose top-left cell is named."""
        corner = self.cell(node.args[0], node)
        if corner is None:
            raise _Unread("it names cells beyond the grid")
        r, c = corner
        if r + 1 >= self.shape.rows or c + 1 >= self.shape.cols:
            raise ParseError(f"ISS: {node.where}: no 2x2 square has {node.args[0]} as its top-left cell")
        digits = tuple(self.number(v, node) for v in node.args[1:])
        if digits:
            self.add(node, Quadruple(((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)), digits))

    # -- the grid and the rules that depend on others

    def grid(self) -> Grid:
        """The grid of the shape: rows and columns (not on a Raw grid), boxes (unless NoBoxes), jigsaw."""
        shape = self.shape
        symbols = tuple(str(v) for v in range(shape.low, shape.high + 1))
        size = self.region_size or shape.default_n
        boxes = [] if "NoBoxes" in self.present else _boxes(shape, size)
        pieces = self.jigsaw_pieces(size)
        self.pieces_left = pieces  # those the grid does not hold as houses become extra regions
        n = shape.n
        if not shape.raw and shape.rows == shape.cols == n:
            if boxes:
                dims = _box_dims(n, n, size)
                if dims is not None and dims[0] * dims[1] == n:
                    return Grid.classic(n, dims, symbols)
            elif pieces and len(pieces) == n and all(len(p) == n for p in pieces):
                label = {cell: k for k, piece in enumerate(pieces) for cell in piece}
                if len(label) == n * n:
                    self.pieces_left = []
                    return Grid.jigsaw(
                        [[label[(r, c)] for c in range(n)] for r in range(n)], symbols, connected=False
                    )
            elif not boxes and not pieces:
                return Grid.latin(n, symbols)
        cells = tuple((r, c) for r in range(shape.rows) for c in range(shape.cols))
        index = {cell: i for i, cell in enumerate(cells)}
        units: list[Unit] = []
        if not shape.raw:
            units += [
                Unit(f"row {r + 1}", tuple(index[(r, c)] for c in range(shape.cols)), "row")
                for r in range(shape.rows)
            ]
            units += [
                Unit(f"column {c + 1}", tuple(index[(r, c)] for r in range(shape.rows)), "column")
                for c in range(shape.cols)
            ]
        units += [Unit(f"box {k}", tuple(index[c] for c in box), "box") for k, box in enumerate(boxes, 1)]
        if not boxes:
            units += [
                Unit(f"region {k}", tuple(index[c] for c in p), "region") for k, p in enumerate(pieces, 1)
            ]
            self.pieces_left = []
        return Grid(symbols, cells, tuple(units), shape.rows, shape.cols)

    def jigsaw_pieces(self, size: int) -> list[tuple[Cell, ...]]:
        """The pieces of every Jigsaw layout (ISS's ``Jigsaw.makeFromArgs``), each piece once."""
        shape = self.shape
        found: dict[frozenset[Cell], tuple[Cell, ...]] = {}
        for node in self.nodes:
            if node.name != "Jigsaw":
                continue
            if shape.raw:
                raise ParseError(f"ISS: {node.where}: jigsaw regions need a Sudoku grid")
            if not 1 <= len(node.args) <= 2:
                raise ParseError(f"ISS: {node.where}: Jigsaw takes a layout")
            layout = node.args[-1]
            if len(layout) != shape.rows * shape.cols:
                raise ParseError(
                    f"ISS: {node.where}: the layout has {len(layout)} cells, not {shape.rows * shape.cols}"
                )
            regions: dict[str, list[Cell]] = {}
            for i, ch in enumerate(layout):
                regions.setdefault(ch, []).append(divmod(i, shape.cols))
            if len(regions) == 1:
                continue
            odd = False
            for piece in regions.values():
                if shape.default_n <= len(piece) <= shape.n:
                    if len(piece) != size:
                        raise ParseError(f"ISS: {node.where}: jigsaw pieces must have {size} cells")
                    found[frozenset(piece)] = tuple(piece)
                elif not odd:
                    odd = True  # ISS leaves one piece of another size out (a partly drawn layout)
                else:
                    raise ParseError(f"ISS: {node.where}: the jigsaw pieces have different sizes")
        return list(found.values())

    def late(self, grid: Grid) -> None:
        """Rules that read other rules or the grid: region sums, strict dots, anti-consecutive, chaos."""
        dots = {frozenset((c.first, c.second)) for _, c in self.made if isinstance(c, Kropki)}
        names = {node.name: node for node in self.nodes}
        if "StrictKropki" in names:
            self.add(names["StrictKropki"], NonConsecutive(), NegativeRatio())
        if "StrictXV" in names:
            self.add(names["StrictXV"], AntiXV())
        if "AntiConsecutive" in names:
            node = names["AntiConsecutive"]
            if not dots:
                if "StrictKropki" not in names:
                    self.add(node, NonConsecutive())
            else:  # sudokit's nonconsecutive exempts dotted pairs; ISS's anti-consecutive does not
                self.add(
                    node, *(CustomRelation(a, b, (1,), "anti-consecutive") for a, b in orthogonal_pairs(grid))
                )
        if "ChaosConstruction" in names:
            node = names["ChaosConstruction"]
            size = self.region_size or self.shape.default_n
            if any(n.name == "RegionSumLine" for n in self.nodes):
                raise ParseError(f"ISS: {node.where}: ISS refuses region sum lines with chaos construction")
            try:
                if any(u.kind not in ("row", "column") for u in grid.houses) or size != self.shape.n:
                    raise _Unread("with boxes, jigsaw regions or regions of another size than the values")
                self.add(node, ChaosConstruction())
            except _Unread as why:
                self.skip(node, str(why))
        if "RegionSameValues" in names:
            self.region_same_values(names["RegionSameValues"])
        for node in self.nodes:
            if node.name != "RegionSumLine":
                continue
            try:
                cells = self.cells(node.args, node)
                line = RegionSum(cells)
                if len(line.parts(grid)) >= 2:
                    self.add(node, line)
            except _Unread as why:
                self.skip(node, str(why))

    def region_same_values(self, node: _Node) -> None:
        """The largest of the rows, columns, boxes and jigsaw pieces hold one set of values.

        As ISS's builder: nothing when they are as large as the values, or fewer than two.
        """
        shape = self.shape
        size = self.region_size or shape.default_n
        regions: list[tuple[Cell, ...]] = list(self.jigsaw_pieces(size))
        if not shape.raw:
            regions += [tuple((r, c) for c in range(shape.cols)) for r in range(shape.rows)]
            regions += [tuple((r, c) for r in range(shape.rows)) for c in range(shape.cols)]
        if "NoBoxes" not in self.present:
            regions += _boxes(shape, size)
        if not regions:
            return
        largest = max(len(region) for region in regions)
        chosen = [region for region in regions if len(region) == largest]
        if largest == shape.high - shape.low + 1 or len(chosen) < 2:
            return
        self.add(node, RegionSameValues(tuple(chosen)))

    def puzzle(self) -> Puzzle:
        """The sudokit puzzle: the grid with every rule sudokit takes, the givens, what was left unread."""
        base = self.base
        made = self.made + [("Jigsaw", ExtraRegion(piece)) for piece in self.pieces_left]
        kept = []
        for name, constraint in made:
            try:  # each rule on its own first: one sudokit cannot take (too many states) is found once
                base.with_constraints(constraint)
                kept.append((name, constraint))
            except GridError as exc:
                self.unread[(name, _shorten_reason(str(exc)))] += 1
                if name in COMPOSITES:
                    self.certain = False  # its rules may change others read (a dot exempts a pair)
            except LookupError:  # a kind that reads the grid's geometry around cells outside it
                self.unread[(name, "a rule of this kind on cells outside the grid")] += 1
        try:
            grid = base.with_constraints(*(c for _, c in kept)) if kept else base
        except GridError:  # one rule no values meet (as sudokit compiles it): find it, leave it unread
            grid = base
            for name, constraint in kept:
                try:
                    grid = grid.with_constraints(constraint)
                except GridError as exc:
                    self.unread[(name, _shorten_reason(str(exc)))] += 1
        marks = {name for name, _ in self.unread} & {"WhiteDot", "BlackDot", "X", "V"}
        if marks and self.present & {"StrictKropki", "StrictXV", "AntiConsecutive"}:
            self.certain = False  # a mark left unread no longer exempts its pair from the negative rule
        givens = [EMPTY] * len(grid.cells)
        allowed = [grid.full_mask] * len(grid.cells)
        low = self.shape.low
        for cell, values in self.givens.items():
            index = grid.index[cell]
            if len(values) == 1:
                givens[index] = next(iter(values)) - low
            else:
                allowed[index] = sum(1 << (v - low) for v in values)
        metadata = {"read": ", ".join(sorted({c.kind for c in grid.constraints}))} if grid.constraints else {}
        if self.ignored:
            metadata["ignored"] = "; ".join(self.ignored)
        restricted = tuple(allowed) if any(m != grid.full_mask for m in allowed) else None
        return Puzzle(grid, tuple(givens), restricted, metadata, tuple(self.descriptions()), self.certain)

    def descriptions(self) -> list[str]:
        """The unread items, one entry per class and reason: ``ISS Or (not read)``."""
        out = []
        for (name, why), count in self.unread.items():
            times = f" x{count}" if count > 1 else ""
            out.append(f"ISS {name}{times} (not read{': ' + why if why else ''})")
        return out


_LINES: dict[str, tuple[Callable[[tuple[Cell, ...]], Constraint], int, str]] = {
    "Thermo": (Thermometer, 2, ""),
    "Renban": (Renban, 2, ""),
    "Palindrome": (Palindrome, 2, ""),
    "Zipper": (Zipper, 2, ""),
    "Between": (Between, 3, ""),
    "DoubleArrow": (DoubleArrow, 0, ""),
    "Entropic": (Entropic, 2, "nine"),
    "AllDifferent": (ExtraRegion, 2, ""),
    "EqualityCage": (EqualityCage, 0, ""),
    "ValueIndexing": (ValueIndexing, 0, ""),
}
"""Rules on a list of cells: the sudokit kind, the fewest cells ISS's rule says anything of, and the
values the kind needs (see :meth:`_Reader.needs`)."""

_PAIRS: dict[str, Callable[[Cell, Cell], Constraint]] = {
    "WhiteDot": lambda a, b: Kropki(a, b, WHITE),
    "BlackDot": lambda a, b: Kropki(a, b, BLACK),
    "X": lambda a, b: XV(a, b, 10),
    "V": lambda a, b: XV(a, b, 5),
    "GreaterThan": Inequality,
}
"""Clues on each orthogonally adjacent pair of their cells (GreaterThan: the earlier cell is greater)."""

_OUTSIDE = {
    "LittleKiller": "diagonal",
    "Sandwich": "single",
    "XSum": "double",
    "Skyscraper": "double",
    "HiddenSkyscraper": "double",
    "NumberedRoom": "double",
    "FullRank": "double",
}
"""Outside clues by ISS's clue type: ``R1~left~right``, ``sum~R1`` (single), ``sum~R1C1`` (diagonal)."""
_ZERO_OK = frozenset({"LittleKiller", "Sandwich", "HiddenSkyscraper", "NumberedRoom"})

_READERS: dict[str, Callable[[_Reader, _Node], None]] = {
    "Given": _Reader.given,
    **{name: _Reader.line for name in _LINES},
    **{name: _Reader.pairs for name in _PAIRS},
    **{
        name: _Reader.flag
        for name in _words("""AntiKnight AntiKing AntiTaxicab GlobalEntropy GlobalMod DutchFlatmates Windoku
        DisjointSets StrictKropki StrictXV AntiConsecutive ChaosConstruction RegionSameValues""")
    },
    "Whisper": _Reader.whisper,
    "Modular": _Reader.modular,
    "Lockout": _Reader.lockout,
    "SumLine": _Reader.sum_line,
    "Regex": _Reader.regex,
    "NFA": _Reader.nfa,
    "Var": _Reader.var_group,
    "ConnectedValues": _Reader.connected_values,
    "FullRankTies": _Reader.full_rank_ties,
    "Arrow": _Reader.arrow,
    "PillArrow": _Reader.pill_arrow,
    "Cage": _Reader.cage,
    "RellikCage": _Reader.rellik,
    "Sum": _Reader.sum,
    "Lunchbox": _Reader.lunchbox,
    "ContainAtLeast": _Reader.listed,
    "ContainExact": _Reader.listed,
    "LookAndSay": _Reader.look_and_say,
    "CountDistinct": _Reader.count_distinct,
    "CountingCircles": _Reader.counting_circles,
    "Indexing": _Reader.indexing,
    "SameValues": _Reader.same_values,
    "EqualSum": _Reader.equal_sum,
    "Diagonal": _Reader.diagonal,
    "Pair": _Reader.pair_table,
    "PairX": _Reader.pair_table,
    "Binary": _Reader.pair_table,
    "BinaryX": _Reader.pair_table,
    "RegionSumLine": lambda reader, node: None,  # read with the grid (see late())
}
"""How each class with a sudokit kind is read; any other class is left unread."""

_SHIFT_KEEPS = dict.fromkeys(
    _words("""Whisper Modular Lockout SumLine Regex NFA ChaosArrow ChaosCount FullRankTies Diagonal PillArrow
    Cage RellikCage Sum Lunchbox ContainAtLeast ContainExact LookAndSay SameValues Pair PairX Binary BinaryX
    Indexing SearchPriority"""),
    1,
)
"""Per class, how many leading arguments a ``Replicate`` keeps as they are (ISS's ``numArgs``)."""

_NAMED_GROUPS = frozenset(_words("NFA Regex Pair PairX Binary BinaryX"))
"""Classes whose cells come in named groups (``_name`` items start one)."""

_NOT_IN_COMPOSITES = frozenset(
    _words("""Shape NoBoxes RegionSize Jigsaw Windoku DisjointSets AntiKnight AntiKing Doppelganger
    AntiTaxicab AntiConsecutive GlobalEntropy GlobalMod StrictKropki StrictXV DutchFlatmates Diagonal
    ChaosConstruction ChaosArrow ChaosCount RegionSameValues FullRankTies ConnectedValues Var
    SearchPriority Binary BinaryX Container""")
)
"""Classes ISS refuses inside a composite (their category is not one a composite allows)."""

_SUDOKU_ONLY = frozenset(
    _words("""Jigsaw NoBoxes ChaosConstruction RegionSize RegionSameValues Windoku DisjointSets AntiKnight
    AntiKing Doppelganger FullRankTies Diagonal LittleKiller XSum Sandwich Skyscraper HiddenSkyscraper
    NumberedRoom FullRank Indexing""")
)
"""Classes ISS defines on a Sudoku grid only (``REQUIRES_SUDOKU_GRID``): a Raw grid refuses them."""


def _shorten_reason(text: str) -> str:
    """A reason as the unread list gives it (at most 100 characters)."""
    return text if len(text) <= 100 else text[:97] + "..."


def read_iss(text: str) -> Puzzle:
    """One puzzle from an ISS constraint string (or ISS's other text inputs); ParseError when malformed.

    Each class becomes the sudokit kind with ISS's meaning; the rest is named in ``unread`` (see the
    module's docstring), so that answers say what they were made without.
    """
    nodes = _nodes(text)
    shapes = [node for node in nodes if node.name == "Shape"]
    shape = _Shape(9, 9, 9)
    if shapes:
        shape = _shape("~".join(shapes[0].args), shapes[0].where)
    for node in shapes:  # ISS rebuilds each Shape's spec from its first three arguments
        args = node.args[:3] + [""] * (3 - len(node.args[:3]))
        spec = "~".join(
            [args[0], args[1] or "", args[2]] if args[2] else [args[0], args[1]] if args[1] else [args[0]]
        )
        if _shape(spec, node.where) != shape:
            raise ParseError(f"ISS: {node.where}: a second Shape that is not the first")
    try:
        reader = _Reader(shape, nodes)
        reader.read()
        reader.late(reader.base)
        return reader.puzzle()
    except (GridError, PuzzleError) as exc:
        raise ParseError(f"ISS: {exc}") from None
