"""Every kind of constraint sudokit knows, one module each, found through a registry.

A constraint is a value (a frozen dataclass) that a reader returns and a grid holds; its kind's
class says what it means, how the core enforces it, what the logic engine may learn from it, how it
is drawn and what the formats call it (:mod:`sudokit.constraints.base`).  Kinds are grouped by family:

* :mod:`~sudokit.constraints.grid_rules`: rules on the whole grid (diagonals, windows, disjoint
  groups, anti-knight, anti-king and other leapers);
* :mod:`~sudokit.constraints.regions`: extra regions;
* :mod:`~sudokit.constraints.cages`: killer cages and sum cages;
* :mod:`~sudokit.constraints.lines`: thermometers, arrows, palindromes, whispers, renban, ...;
* :mod:`~sudokit.constraints.dots`: kropki dots, XV and their negative rules (non-consecutive, ...);
* :mod:`~sudokit.constraints.cells`: odd and even cells, minimum and maximum cells, quadruples;
* :mod:`~sudokit.constraints.outside`: sandwich, X-sum, skyscraper and little killer clues;
* :mod:`~sudokit.constraints.generic`: the core's forms (a link, a sum, a relation) for anything else.

``find_kind("thermometer")`` gives the class; ``kinds()`` every class; ``from_json`` reads one
constraint of sudokit's JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sudokit.constraints.base import (
    Constraint,
    Enforcement,
    Shape,
    Values,
    find_kind,
    kinds,
    normalise,
    register,
)
from sudokit.constraints.cages import killer, multi_sum, rellik
from sudokit.constraints.cells import (
    connected_values,
    contains,
    counting_circles,
    extremum,
    indexers,
    odd_even,
    outside_cells,
    quadruple,
    roles,
    same_values,
)
from sudokit.constraints.dots import inequality, kropki, negative, xv
from sudokit.constraints.generic import composite, expression, primitives
from sudokit.constraints.grid_rules import chess, diagonal, entropy, flatmates, neighbours, units
from sudokit.constraints.lines import (
    arrow,
    between,
    clone,
    double_arrow,
    entropic,
    lockout,
    lunchbox,
    nabner,
    palindrome,
    parity,
    regex,
    region_sum,
    renban,
    segment_sum,
    state_machine,
    thermometer,
    whispers,
    zipper,
)
from sudokit.constraints.outside import full_rank, little_killer, room, sandwich, skyscraper, x_sum
from sudokit.constraints.regions import chaos, extra_region, same_sets
from sudokit.constraints.shading import loop, yin_yang
from sudokit.errors import GridError

_MODULES = (
    contains,
    killer,
    multi_sum,
    rellik,
    counting_circles,
    indexers,
    inequality,
    entropy,
    neighbours,
    lockout,
    parity,
    segment_sum,
    room,
    extremum,
    odd_even,
    quadruple,
    kropki,
    negative,
    xv,
    primitives,
    chess,
    diagonal,
    units,
    arrow,
    between,
    clone,
    double_arrow,
    entropic,
    nabner,
    palindrome,
    regex,
    region_sum,
    renban,
    state_machine,
    thermometer,
    whispers,
    zipper,
    little_killer,
    full_rank,
    sandwich,
    skyscraper,
    x_sum,
    extra_region,
    chaos,
    same_sets,
    yin_yang,
    loop,
    same_values,
    connected_values,
    outside_cells,
    flatmates,
    lunchbox,
    composite,
    expression,
    roles,
)
"""The kind modules, imported so that their kinds register themselves."""


def by_fpuzzles_key() -> dict[str, list[type[Constraint]]]:
    """The kinds that read each f-puzzles key."""
    found: dict[str, list[type[Constraint]]] = {}
    for kind in kinds():
        for key in kind.fpuzzles:
            found.setdefault(key, []).append(kind)
    return found


def from_json(data: Mapping[str, Any]) -> Constraint:
    """One constraint of sudokit's JSON (``{"kind": "thermometer", "line": ["r1c1", ...]}``)."""
    name = data.get("kind")
    if not isinstance(name, str):
        raise GridError('a constraint needs a "kind"')
    return find_kind(name).from_json(data)


__all__ = [
    "Constraint",
    "Enforcement",
    "Shape",
    "Values",
    "by_fpuzzles_key",
    "find_kind",
    "from_json",
    "kinds",
    "normalise",
    "register",
]
