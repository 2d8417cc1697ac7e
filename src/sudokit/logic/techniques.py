"""The registry of technique finders, in the order a solver tries them.

Each family module (:mod:`~sudokit.logic.basic`, :mod:`~sudokit.logic.fish`, ...) lists its
finders as ``FINDERS``: pairs of the technique keys a finder yields and the finder itself, a
function from a :class:`~sudokit.logic.board.Board` to an iterator of
:class:`~sudokit.logic.step.Step`.  Finders never change the board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sudokit.logic import als, basic, chains, fish, forcing, patterns, rules, uniqueness
from sudokit.logic.board import Board, Layout
from sudokit.logic.step import TECHNIQUES, Step
from sudokit.model import Grid

FinderFunction = Callable[[Board], Iterator[Step]]

UNIQUENESS_KEYS = frozenset(
    k
    for k in TECHNIQUES
    if k.startswith(("uniqueness_", "avoidable_rectangle")) or k in {"hidden_rectangle", "bug_plus_1"}
)
"""Techniques that assume the puzzle has exactly one solution."""


@dataclass(frozen=True, slots=True)
class Finder:
    """A finder function and the techniques it yields."""

    keys: tuple[str, ...]
    find: FinderFunction
    order: int
    """Position in the search order (that of its first technique in the table)."""
    applies: Callable[[Grid], bool] | None = None
    """Whether the finder can find anything on a grid at all (None: on every grid); a path skips
    the variant finders on a grid without their rules, so a classic path pays nothing for them."""

    @property
    def enabled(self) -> bool:
        """True when one of its techniques is used by default when solving."""
        return any(TECHNIQUES[k].enabled for k in self.keys)

    @property
    def needs_unique(self) -> bool:
        """True when the finder's reasoning is only valid for a puzzle with one solution."""
        return all(k in UNIQUENESS_KEYS for k in self.keys)


_ORDER = {key: i for i, key in enumerate(TECHNIQUES)}
_MODULES = (basic, rules, fish, patterns, uniqueness, chains, als, forcing)

FINDERS: tuple[Finder, ...] = tuple(
    sorted(
        (
            Finder(
                tuple(keys),
                function,
                min(_ORDER[k] for k in keys),
                getattr(module, "APPLIES", {}).get(keys[0]),
            )
            for module in _MODULES
            for keys, function in module.FINDERS
        ),
        key=lambda f: f.order,
    )
)
"""Every finder, in search order."""

DEFAULT_FINDERS: tuple[Finder, ...] = tuple(f for f in FINDERS if f.enabled)
"""The finders a path uses unless told otherwise."""

REGLIB_FLAGS: dict[str, frozenset[str]] = {
    code: flags for module in _MODULES for code, flags in getattr(module, "REGLIB_FLAGS", {}).items()
}
"""Regression-library variants (``0901-2``) and the board flags that select them."""


def usable(layout: Layout, finders: tuple[Finder, ...]) -> tuple[Finder, ...]:
    """The finders that can find anything on the layout's grid (see :attr:`Finder.applies`).

    Kept per layout and finder tuple (by identity: the path passes the same tuple at every step).
    """
    table: dict[int, tuple[tuple[Finder, ...], tuple[Finder, ...]]] = layout.cached(
        "usable-finders", lambda _: {}
    )
    kept = table.get(id(finders))
    if kept is None or kept[0] is not finders:
        if len(table) > 64:  # finder tuples made per call (a path over chosen techniques)
            table.clear()
        grid = layout.grid
        found = tuple(f for f in finders if f.applies is None or f.applies(grid))
        kept = table[id(finders)] = (finders, found)
    return kept[1]


def finders_for(key: str) -> list[Finder]:
    """The finders that can yield technique ``key``."""
    return [f for f in FINDERS if key in f.keys]
