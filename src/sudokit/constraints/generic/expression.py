"""Pair rules written as expressions (ISS ``Pair`` and ``PairX``): ``a + b == 10``, ``abs(a - b) > 2``.

A setter's one-off rule between two cells is an expression over ``a`` (the first cell's digit) and ``b``
(the second's).  It is read without ``eval``: Python's parser gives the tree and a small evaluator
walks it, allowing numbers, ``a`` and ``b``, arithmetic (``+ - * // % **`` with small powers),
comparisons, ``and``/``or``/``not``, conditional expressions and ``abs``, ``min``, ``max``; anything
else is refused, and the text is bounded, so an expression from a link is safe to read.  The rule
holds between consecutive cells of its line (or, with ``all_pairs``, between every two of its cells,
both ways round), and the core holds it as a table of allowed pairs.
"""

from __future__ import annotations

import ast
import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from sudokit.constraints import drawing
from sudokit.constraints.base import Constraint, Enforcement, Shape, Values, check_line, register, span
from sudokit.errors import GridError
from sudokit.model import Cell, Link

if TYPE_CHECKING:
    from sudokit.model import Grid

MAX_LENGTH = 300
"""The longest expression read (characters)."""
MAX_DEPTH = 40
"""The deepest nesting of an expression's tree."""

_COMPARE: dict[type[ast.cmpop], Callable[[int, int], bool]] = {
    ast.Eq: lambda x, y: x == y,
    ast.NotEq: lambda x, y: x != y,
    ast.Lt: lambda x, y: x < y,
    ast.LtE: lambda x, y: x <= y,
    ast.Gt: lambda x, y: x > y,
    ast.GtE: lambda x, y: x >= y,
}
_FUNCTIONS: dict[str, Callable[..., int]] = {"abs": abs, "min": min, "max": max}


def _check(node: ast.AST, depth: int = 0) -> None:
    """GridError for any part of the tree the evaluator does not allow."""
    if depth > MAX_DEPTH:
        raise GridError("a pair rule's expression is nested too deeply")
    allowed = (
        ast.Expression, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Call, ast.Name,
        ast.Constant, ast.Load, ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Pow, ast.USub,
        ast.UAdd, ast.Not, ast.And, ast.Or, *_COMPARE,
    )  # fmt: skip
    if not isinstance(node, allowed):
        raise GridError(f"a pair rule's expression cannot use {type(node).__name__}")
    if isinstance(node, ast.Name) and node.id not in ("a", "b"):
        raise GridError(f"a pair rule's expression names {node.id!r}: only a and b are known")
    if isinstance(node, ast.Constant) and (type(node.value) is not int or abs(node.value) > 10**6):
        raise GridError("a pair rule's expression holds a number it cannot use")
    if isinstance(node, ast.Call) and not (
        isinstance(node.func, ast.Name) and node.func.id in _FUNCTIONS and not node.keywords
    ):
        raise GridError("a pair rule's expression calls only abs, min and max")
    for child in ast.iter_child_nodes(node):
        if isinstance(node, ast.Call) and child is node.func:
            continue
        _check(child, depth + 1)


@functools.lru_cache(maxsize=256)
def compile_expression(text: str) -> ast.Expression:
    """The checked tree of an expression (GridError for one that is too long, malformed or not allowed)."""
    if len(text) > MAX_LENGTH:
        raise GridError(f"a pair rule's expression is longer than {MAX_LENGTH} characters")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise GridError(f"a pair rule's expression {text!r} is not an expression") from None
    _check(tree)
    return tree


def _value(node: ast.AST, a: int, b: int) -> int | bool:
    """The value of a checked tree for a and b."""
    if isinstance(node, ast.Expression):
        return _value(node.body, a, b)
    if isinstance(node, ast.Constant):
        assert isinstance(node.value, int)
        return node.value
    if isinstance(node, ast.Name):
        return a if node.id == "a" else b
    if isinstance(node, ast.UnaryOp):
        inner = _value(node.operand, a, b)
        return (
            (not inner)
            if isinstance(node.op, ast.Not)
            else (-inner if isinstance(node.op, ast.USub) else +inner)
        )
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            return all(_value(v, a, b) for v in node.values)
        return any(_value(v, a, b) for v in node.values)
    if isinstance(node, ast.Compare):
        left = _value(node.left, a, b)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _value(right_node, a, b)
            if not _COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        return _value(node.body, a, b) if _value(node.test, a, b) else _value(node.orelse, a, b)
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)
        return int(_FUNCTIONS[node.func.id](*(_value(arg, a, b) for arg in node.args)))
    assert isinstance(node, ast.BinOp)
    x, y = _value(node.left, a, b), _value(node.right, a, b)
    if isinstance(node.op, ast.Add):
        return x + y
    if isinstance(node.op, ast.Sub):
        return x - y
    if isinstance(node.op, ast.Mult):
        return x * y
    if isinstance(node.op, ast.Pow):
        if not 0 <= y <= 8 or abs(x) > 1000:
            raise GridError("a pair rule's expression raises to too large a power")
        return int(x**y)
    if y == 0:
        return False  # a division by zero: the pair does not fit
    return x // y if isinstance(node.op, ast.FloorDiv) else x % y


def fits(text: str, a: int, b: int) -> bool:
    """Whether the digits a and b fit the expression (a true or nonzero value)."""
    return bool(_value(compile_expression(text), a, b))


@register
@dataclass(frozen=True, slots=True)
class PairRule(Constraint):
    """Consecutive cells of a line (or every two of its cells) fit an expression in ``a`` and ``b``."""

    kind: ClassVar[str] = "pair rule"
    family: ClassVar[str] = "line"
    noun: ClassVar[str] = "pair rule"
    aliases: ClassVar[tuple[str, ...]] = ("pairwise",)
    rule: ClassVar[str] = (
        "each two consecutive cells of the line, a then b, fit the expression (with all pairs: every two "
        "cells, both ways round)"
    )
    source: ClassVar[str] = "the Interactive Sudoku Solver (Pair, PairX)"

    line: tuple[Cell, ...] = ()
    expression: str = "a != b"
    all_pairs: bool = False

    def cells(self) -> tuple[Cell, ...]:
        """The line's cells."""
        return self.line

    def validate(self, grid: Grid) -> None:
        """Two cells or more, each once, and an expression that reads."""
        check_line(grid, self.line, self.noun, 2)
        compile_expression(self.expression)

    def describe(self, grid: Grid) -> str:
        """``the pair rule "a + b == 10" r1c1-r1c3``."""
        return f'the pair rule "{self.expression}" {span(self.line)}'

    def pairs(self) -> list[tuple[Cell, Cell]]:
        """The ordered pairs of cells the expression holds between."""
        if self.all_pairs:
            return [(x, y) for x, y in itertools.permutations(self.line, 2)]
        return list(itertools.pairwise(self.line))

    def holds(self, values: Values, grid: Grid) -> bool:
        """Every pair fits."""
        return all(fits(self.expression, values[x], values[y]) for x, y in self.pairs())

    def enforce(self, grid: Grid) -> Enforcement:
        """A table link per pair (each unordered pair once, both directions in its table)."""
        table = {(a, b) for a in grid.values for b in grid.values if fits(self.expression, a, b)}
        links = []
        seen: set[frozenset[Cell]] = set()
        for x, y in self.pairs():
            key = frozenset((x, y))
            if key in seen:
                continue
            seen.add(key)
            allowed = table if not self.all_pairs else {(a, b) for a, b in table if (b, a) in table}
            links.append(
                Link((grid.index[x], grid.index[y]), "pairs", kind=self.kind, pairs=frozenset(allowed))
            )
        return Enforcement(links=tuple(links))

    def drawing(self, grid: Grid) -> list[Shape]:
        """A thin dashed line with small circles on its cells."""
        return [
            drawing.line(self.kind, drawing.centres(self.line), "#777777", 0.04, dash=True),
            *(drawing.circle(self.kind, drawing.centre(c), 0.08, fill="#777777") for c in self.line),
        ]
