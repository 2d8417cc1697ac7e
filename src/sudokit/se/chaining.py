"""Sudoku Explainer's chains: cycles, forcing X/Y chains, Nishio, multiple and dynamic forcing chains.

A *potential* is a candidate assumed true ("on") or false ("off"), with the potentials that imply
it (its parents).  From one assumption, implications spread breadth first: an "on" candidate
turns off the other candidates of its cell and its value's other places in its block, row and
column; an "off" candidate turns on the cell's other candidate when two are left, and the value's
other place in a region where two are left.  Dynamic chains take the candidates turned off out of
the grid as they go, so later implications see the grid as the assumption leaves it.  A chain's
difficulty is its rule's base plus SE's length increment, from its complexity: the number of
distinct potentials its chains go through.  Among the hints of one rule SE takes the easiest, then
the least complex, then by kind.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextvars import ContextVar

from sudokit.errors import SearchStopped
from sudokit.se.grid import (
    BITS,
    COUNT,
    HOUSE_CELLS,
    REGION_KINDS,
    REGION_OF,
    REGIONS,
    Grid,
)
from sudokit.se.rules import Hint

try:
    from sudokit import _engine
except ImportError:  # pragma: no cover - the core is built with the package
    _engine = None  # type: ignore[assignment]

_CHAIN_NAMES = (
    "Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Bidirectional XY-Cycle",
    "Forcing X-Chain", "Forcing Y-Chain", "Forcing XY-Chain",
    "Contradiction Forcing Chain", "Double Forcing Chain", "Forcing Chain",
    "Cell Forcing Chains", "Region Forcing Chains",
)  # fmt: skip
"""The names of the compiled chains' hints, in the order of ``sechain.c`` (the last five take the
rule's prefix: Nishio, Dynamic)."""


POLL: ContextVar[_engine.Poll | None] = ContextVar("se_chain_poll", default=None)
"""The core's ``Poll`` a long chain search asks about every 50 ms (the rating's time limit, Ctrl-C)."""

_NESTED_SUFFIX = {
    1: " (+)",
    2: " (+ Forcing Chains)",
    3: " (+ Multiple Forcing Chains)",
    4: " (+ Dynamic Forcing Chains)",
    5: " (+ Dynamic Forcing Chains (+ Forcing Chains))",
}
"""What SE adds to a chain's name for each nesting level."""


class Potential:
    """A candidate (cell, value) assumed on or off, with the potentials it follows from."""

    __slots__ = ("cell", "key", "on", "parents", "value")

    def __init__(self, cell: int, value: int, on: bool, parent: Potential | None = None) -> None:
        self.cell = cell
        self.value = value
        self.on = on
        self.parents: list[Potential] = [parent] if parent is not None else []
        self.key = (cell * 10 + value) * 2 + on

    def conjugate_key(self) -> int:
        """The key of the same candidate in the other state."""
        return self.key ^ 1


def _key(cell: int, value: int, on: bool) -> int:
    return (cell * 10 + value) * 2 + on


def length_difficulty(complexity: int) -> float:
    """SE's increment for a chain of ``complexity``: 0.1 for each step past 4, 6, 9, 12, 18, ..."""
    added = 0.0
    ceiling = 4
    length = complexity - 2
    odd = False
    while length > ceiling:
        added += 0.1
        ceiling = ceiling * 3 // 2 if not odd else ceiling * 4 // 3
        odd = not odd
    return added


def ancestors(target: Potential) -> int:
    """SE's complexity of a chain: how many distinct potentials lead to ``target`` (itself included)."""
    seen: set[int] = set()
    todo = [target]
    while todo:
        following: list[Potential] = []
        for p in todo:
            if p.key not in seen:
                seen.add(p.key)
                following.extend(p.parents)
        todo = following
    return len(seen)


def _target_removals(grid: Grid, cell: int, value: int, on: bool) -> dict[int, int]:
    """What a chain proving a candidate removes: the cell's other values when it is on, else the value."""
    mask = grid.cand[cell] & ~(1 << value) if on else 1 << value
    return {cell: mask} if mask else {}


def _is_parent(child: Potential, parent_key: int) -> bool:
    """Whether a potential with ``parent_key`` is on the first-parent line above ``child``."""
    p = child
    while p.parents:
        p = p.parents[0]
        if p.key == parent_key:
            return True
    return False


class Chaining:
    """One of SE's chaining rules.

    ``multiple``: cell and region forcing chains; ``dynamic``: candidates turned off leave the grid
    while the implications spread; ``nishio``: only X-links from an assumption, contradictions.
    With none of them: bidirectional cycles and forcing X- and Y-chains (6.5 to 7.0 + length).
    """

    def __init__(
        self, multiple: bool, dynamic: bool, nishio: bool, level: int = 0, compiled: bool = True
    ) -> None:
        self.compiled = compiled
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        self.level = level
        """Nesting: 1 lets a dynamic chain use intersections, pairs and X-Wings the chain makes
        (SE's "Dynamic Forcing Chains (+)", 9.0 and up)."""

    @property
    def base(self) -> float:
        """The rule's difficulty before the length increment (multiple and dynamic kinds)."""
        if self.level >= 2:
            return 9.5 + 0.5 * (self.level - 2)
        if self.level > 0:
            return 8.5 + 0.5 * self.level
        if self.nishio:
            return 7.5
        if self.dynamic:
            return 8.5
        return 8.0

    @property
    def prefix(self) -> str:
        """How SE's names of this rule's hints begin: ``Nishio ``, ``Dynamic `` or nothing."""
        if self.level > 0:
            return "Dynamic "
        return "Nishio " if self.nishio else "Dynamic " if self.dynamic else ""

    @property
    def mode(self) -> int:
        """The compiled core's number for this rule."""
        if self.level:
            return 3 + self.level
        if self.nishio:
            return 1
        if self.dynamic:
            return 3
        return 2 if self.multiple else 0

    @property
    def suffix(self) -> str:
        """What SE's names of this rule's hints end with: its nesting level."""
        return _NESTED_SUFFIX.get(self.level, "")

    def __call__(self, grid: Grid) -> Iterator[Hint]:
        """Every hint of this rule, easiest first (then least complex, then by kind), as SE sorts them.

        With the compiled core (``compiled``, the default) only the first hint, which is all a
        rating takes, found there; without it every hint found here (levels up to 1).
        """
        if self.compiled and _engine is not None:
            found = _engine.se_chain_hint(grid.values, grid.cand, self.mode, POLL.get())
            if found is None:
                return
            if not isinstance(found, int):
                name, difficulty, complexity, removals = found
                names = _CHAIN_NAMES[name]
                yield Hint(
                    self.prefix + names + self.suffix if name >= 6 else names,
                    difficulty,
                    dict(removals),
                    complexity=complexity,
                )
                return
            if self.level >= 2:
                raise SearchStopped("the nested forcing chains outgrew the core's memory")
        yield from self.hints(grid)

    def hints(self, grid: Grid) -> Iterator[Hint]:
        """Every hint of this rule found by the Python search (the reference for the compiled one).

        The nested levels 2-5 are compiled only (SE's own search takes minutes there).
        """
        if self.level >= 2:
            raise NotImplementedError(
                "nested forcing chains (levels 2-5) are searched by the compiled core only"
            )
        if self.multiple or self.dynamic:
            hints = self._multiple(grid)
        else:
            hints = (
                self._loops(grid, False, True)
                + self._loops(grid, True, False)
                + self._loops(grid, True, True)
            )
        hints.sort(key=lambda h: (h.difficulty, h.complexity, h.sort_key))
        yield from hints

    # ------------------------------------------------------------------------- implications

    def _on_to_off(self, grid: Grid, p: Potential, y_chains: bool) -> list[Potential]:
        """What an "on" potential turns off: the cell's other values (Y), the value's other places."""
        found: dict[int, Potential] = {}
        cand = grid.cand
        if y_chains:
            for value in BITS[cand[p.cell]]:
                if value != p.value:
                    q = Potential(p.cell, value, False, p)
                    found.setdefault(q.key, q)
        bit = 1 << p.value
        for kind in REGION_KINDS:
            for c in REGIONS[kind][REGION_OF[p.cell][kind]]:
                if c != p.cell and cand[c] & bit:
                    q = Potential(c, p.value, False, p)
                    found.setdefault(q.key, q)
        return list(found.values())

    def _off_to_on(
        self,
        grid: Grid,
        p: Potential,
        source: Grid | None,
        offs: dict[int, Potential],
        y_chains: bool,
        x_chains: bool,
    ) -> list[Potential]:
        """What an "off" potential turns on: the cell's other value (Y), the value's other place (X).

        ``source`` is the grid before a dynamic chain removed candidates: a candidate it had and
        the grid has not is a hidden parent of what now follows.
        """
        found: dict[int, Potential] = {}
        cand = grid.cand
        if y_chains:
            values = cand[p.cell]
            if COUNT[values] == 2:
                other = BITS[values & ~(1 << p.value)][0] if values & (1 << p.value) else BITS[values][0]
                q = Potential(p.cell, other, True, p)
                if source is not None:
                    for v in BITS[source.cand[p.cell] & ~cand[p.cell]]:
                        q.parents.append(offs[_key(p.cell, v, False)])
                found.setdefault(q.key, q)
        if x_chains:
            bit = 1 << p.value
            for kind in REGION_KINDS:
                region = REGIONS[kind][REGION_OF[p.cell][kind]]
                places = [c for c in region if cand[c] & bit]
                if len(places) == 2:
                    other = places[1] if places[0] == p.cell else places[0]
                    q = Potential(other, p.value, True, p)
                    if source is not None:
                        for c in region:
                            if source.cand[c] & bit and not cand[c] & bit:
                                q.parents.append(offs[_key(c, p.value, False)])
                    found.setdefault(q.key, q)
        return list(found.values())

    # ------------------------------------------------------------------ cycles and forcing X/Y chains

    def _loops(self, grid: Grid, y_chains: bool, x_chains: bool) -> list[Hint]:
        hints: list[Hint] = []
        for cell in range(81):
            values = grid.cand[cell]
            if grid.values[cell] or COUNT[values] <= 1:
                continue
            for value in BITS[values]:
                self._unary(grid, Potential(cell, value, True), hints, y_chains, x_chains)
        return hints

    def _unary(self, grid: Grid, start: Potential, hints: list[Hint], y_chains: bool, x_chains: bool) -> None:
        if COUNT[grid.cand[start.cell]] > 2 and not x_chains:
            return  # Y-cycles start only in a cell of two candidates
        cycles: list[Potential] = []
        chains: dict[int, Potential] = {}
        self._cycles(grid, {start.key: start}, {}, y_chains, x_chains, cycles, start)
        if x_chains:
            self._forcing(grid, {start.key: start}, {}, y_chains, chains, start)
            off = Potential(start.cell, start.value, False)
            self._forcing(grid, {}, {off.key: off}, y_chains, chains, off)
        for end in cycles:
            hint = self._cycle_hint(grid, end, y_chains, x_chains)
            if hint.removals:
                hints.append(hint)
        for target in chains.values():
            removals = _target_removals(grid, target.cell, target.value, target.on)
            if removals:
                complexity = ancestors(target)
                both = x_chains and y_chains
                base = 7.0 if both else 6.6
                name = "Forcing XY-Chain" if both else "Forcing Y-Chain" if y_chains else "Forcing X-Chain"
                hints.append(
                    Hint(
                        name,
                        base + length_difficulty(complexity),
                        removals,
                        complexity=complexity,
                        sort_key=4 if both else 3 if y_chains else 2,
                    )
                )

    def _cycles(
        self,
        grid: Grid,
        to_on: dict[int, Potential],
        to_off: dict[int, Potential],
        y_chains: bool,
        x_chains: bool,
        cycles: list[Potential],
        source: Potential,
    ) -> None:
        pending_on = list(to_on.values())
        pending_off = list(to_off.values())
        length = 0
        while pending_on or pending_off:
            length += 1
            while pending_on:
                p = pending_on.pop(0)
                for q in self._on_to_off(grid, p, y_chains):
                    if not _is_parent(p, q.key):
                        pending_off.append(q)
                        to_off[q.key] = q
            length += 1
            while pending_off:
                p = pending_off.pop(0)
                for q in self._off_to_on(grid, p, None, to_off, y_chains, x_chains):
                    if length >= 4 and q.key == source.key:
                        cycles.append(q)
                    if q.key not in to_on:
                        pending_on.append(q)
                        to_on[q.key] = q

    def _forcing(
        self,
        grid: Grid,
        to_on: dict[int, Potential],
        to_off: dict[int, Potential],
        y_chains: bool,
        chains: dict[int, Potential],
        source: Potential,
    ) -> None:
        pending_on = list(to_on.values())
        pending_off = list(to_off.values())
        while pending_on or pending_off:
            while pending_on:
                p = pending_on.pop(0)
                for q in self._on_to_off(grid, p, y_chains):
                    if q.conjugate_key() == source.key and q.key not in chains:
                        chains[q.key] = q
                    if not _is_parent(p, q.key) and q.key not in to_off:
                        pending_off.append(q)
                        to_off[q.key] = q
            while pending_off:
                p = pending_off.pop(0)
                for q in self._off_to_on(grid, p, None, to_off, y_chains, True):
                    if q.conjugate_key() == source.key and q.key not in chains:
                        chains[q.key] = q
                    if q.key not in to_on:
                        pending_on.append(q)
                        to_on[q.key] = q

    def _cycle_hint(self, grid: Grid, end: Potential, y_chains: bool, x_chains: bool) -> Hint:
        cells: list[int] = []
        p = end
        while p.parents:
            if p.cell not in cells:
                cells.append(p.cell)
            p = p.parents[0]
        forward: set[tuple[int, int]] = set()
        backward: set[tuple[int, int]] = set()
        p = end
        while p.parents:
            for c in HOUSE_CELLS[p.cell]:
                if c not in cells and grid.cand[c] >> p.value & 1:
                    (forward if p.on else backward).add((c, p.value))
            p = p.parents[0]
        removals: dict[int, int] = {}
        for c, v in forward & backward:
            removals[c] = removals.get(c, 0) | 1 << v
        complexity = ancestors(end)
        both = x_chains and y_chains
        base = 7.0 if both else 6.5
        return Hint(
            "Bidirectional XY-Cycle"
            if both
            else "Bidirectional Y-Cycle"
            if y_chains
            else "Bidirectional X-Cycle",
            base + length_difficulty(complexity),
            removals,
            complexity=complexity,
            sort_key=4 if both else 3 if y_chains else 2,
        )

    # -------------------------------------------------------------- multiple and dynamic chains

    def _chaining(
        self, grid: Grid, to_on: dict[int, Potential], to_off: dict[int, Potential]
    ) -> tuple[Potential, Potential] | None:
        """Spread the assumptions in ``to_on``/``to_off``; the first potential found both on and off, or None.

        A dynamic chain removes each "off" candidate from ``grid`` as it goes; the grid is restored
        before returning.
        """
        saved = grid.copy()
        source = saved if self.dynamic else None
        y_chains = not self.nishio
        try:
            pending_on = list(to_on.values())
            pending_off = list(to_off.values())
            while pending_on or pending_off:
                if pending_on:
                    p = pending_on.pop(0)
                    for q in self._on_to_off(grid, p, y_chains):
                        conjugate = to_on.get(q.key ^ 1)
                        if conjugate is not None:
                            return conjugate, q
                        if q.key not in to_off:
                            to_off[q.key] = q
                            pending_off.append(q)
                else:
                    p = pending_off.pop(0)
                    found = self._off_to_on(grid, p, source, to_off, y_chains, True)
                    if self.dynamic:
                        grid.cand[p.cell] &= ~(1 << p.value)
                    for q in found:
                        conjugate = to_off.get(q.key ^ 1)
                        if conjugate is not None:
                            return q, conjugate
                        if q.key not in to_on:
                            to_on[q.key] = q
                            pending_on.append(q)
                if not pending_on and not pending_off and self.level > 0:
                    for q in self._advanced(grid, saved, to_off):
                        if q.key not in to_off:
                            to_off[q.key] = q
                            pending_off.append(q)
            return None
        finally:
            grid.values[:] = saved.values
            grid.cand[:] = saved.cand

    def _advanced(self, grid: Grid, source: Grid, offs: dict[int, Potential]) -> list[Potential]:
        """What the rules SE nests in a chain remove from the grid the chain has made.

        The first of intersections, hidden pairs, naked pairs and X-Wings that finds a hint needing
        the chain (a candidate the chain removed) gives its removals, each with those candidates as
        parents (SE's ``getAdvancedPotentials`` at level 1).
        """
        from sudokit.se.rules import fish, hidden_set, locking, naked_set

        found: list[Potential] = []
        for rule in (locking(direct=False), hidden_set(2, direct=False), naked_set(2), fish(2)):
            for hint in rule(grid):
                parents_of = hint.extra.get("parents")
                if parents_of is None:
                    continue
                parents = parents_of(source, grid)  # type: ignore[operator]
                if not parents:
                    continue
                for cell, mask in hint.removals.items():
                    for value in BITS[mask]:
                        q = Potential(cell, value, False)
                        q.parents.extend(offs[_key(c, v, False)] for c, v in parents)
                        found.append(q)
            if found:
                break
        return found

    def _binary_hint(
        self, grid: Grid, on: Potential, off: Potential, target: Potential, absurd: bool, place: bool
    ) -> Hint:
        removals = _target_removals(grid, target.cell, target.value, place)
        complexity = ancestors(on) + ancestors(off)
        name = (
            "Forcing Chain"
            if self.nishio
            else "Contradiction Forcing Chain"
            if absurd
            else "Double Forcing Chain"
        )
        return Hint(
            self.prefix + name + self.suffix,
            self.base + length_difficulty(complexity),
            removals,
            complexity=complexity,
            sort_key=7 if absurd else 1,
        )

    def _reductions(
        self,
        grid: Grid,
        hints: list[Hint],
        targets: dict[int, Potential],
        outcomes: list[dict[int, Potential]],
        name: str,
        sort_key: int,
    ) -> None:
        """Cell or region forcing chains: each target every branch (value or place) reaches is proved.

        The complexity adds up the target's chain in every branch's outcome.
        """
        for target in targets.values():
            removals = _target_removals(grid, target.cell, target.value, target.on)
            if removals:
                complexity = sum(ancestors(outcome[target.key]) for outcome in outcomes)
                hints.append(
                    Hint(
                        self.prefix + name + self.suffix,
                        self.base + length_difficulty(complexity),
                        removals,
                        complexity=complexity,
                        sort_key=sort_key,
                    )
                )

    def _multiple(self, grid: Grid) -> list[Hint]:
        hints: list[Hint] = []
        for cell in range(81):
            values = grid.cand[cell]
            count = COUNT[values]
            if grid.values[cell] or not (count > 2 or (count > 1 and self.dynamic)):
                continue
            value_on: list[dict[int, Potential]] = []
            value_off: list[dict[int, Potential]] = []
            cell_on: dict[int, Potential] | None = None
            cell_off: dict[int, Potential] = {}
            for value in BITS[values]:
                p_on = Potential(cell, value, True)
                p_off = Potential(cell, value, False)
                on_to_on: dict[int, Potential] = {}
                on_to_off: dict[int, Potential] = {}
                self._binary(
                    grid,
                    p_on,
                    p_off,
                    hints,
                    on_to_on,
                    on_to_off,
                    count >= 3 and not self.nishio and self.dynamic,
                    self.dynamic or self.nishio,
                )
                if not self.nishio:
                    self._regions(grid, hints, cell, value, on_to_on, on_to_off)
                value_on.append(on_to_on)
                value_off.append(on_to_off)
                if cell_on is None:
                    cell_on = dict(on_to_on)
                    cell_off = dict(on_to_off)
                else:
                    cell_on = {k: v for k, v in cell_on.items() if k in on_to_on}
                    cell_off = {k: v for k, v in cell_off.items() if k in on_to_off}
            if not self.nishio and (count == 2 or (self.multiple and count > 2)):
                assert cell_on is not None
                self._reductions(grid, hints, cell_on, value_on, "Cell Forcing Chains", 5)
                self._reductions(grid, hints, cell_off, value_off, "Cell Forcing Chains", 5)
        return hints

    def _binary(
        self,
        grid: Grid,
        p_on: Potential,
        p_off: Potential,
        hints: list[Hint],
        on_to_on: dict[int, Potential],
        on_to_off: dict[int, Potential],
        reduction: bool,
        contradiction: bool,
    ) -> None:
        off_to_on: dict[int, Potential] = {}
        off_to_off: dict[int, Potential] = {}
        on_to_on[p_on.key] = p_on
        absurd = self._chaining(grid, on_to_on, on_to_off)
        if contradiction and absurd is not None:
            hint = self._binary_hint(grid, absurd[0], absurd[1], p_on, True, False)
            if hint.removals:
                hints.append(hint)
        off_to_off[p_off.key] = p_off
        absurd = self._chaining(grid, off_to_on, off_to_off)
        if contradiction and absurd is not None:
            hint = self._binary_hint(grid, absurd[0], absurd[1], p_off, True, True)
            if hint.removals:
                hints.append(hint)
        if reduction:
            for key, from_on in on_to_on.items():
                from_off = off_to_on.get(key)
                if from_off is not None:
                    hint = self._binary_hint(grid, from_on, from_off, from_on, False, True)
                    if hint.removals:
                        hints.append(hint)
            for key, from_on in on_to_off.items():
                from_off = off_to_off.get(key)
                if from_off is not None:
                    hint = self._binary_hint(grid, from_on, from_off, from_off, False, False)
                    if hint.removals:
                        hints.append(hint)

    def _regions(
        self,
        grid: Grid,
        hints: list[Hint],
        cell: int,
        value: int,
        on_to_on: dict[int, Potential],
        on_to_off: dict[int, Potential],
    ) -> None:
        bit = 1 << value
        for kind in REGION_KINDS:
            region = REGIONS[kind][REGION_OF[cell][kind]]
            places = [c for c in region if grid.cand[c] & bit]
            if not (len(places) == 2 or (self.multiple and len(places) > 2)) or places[0] != cell:
                continue
            outcomes_on: list[dict[int, Potential]] = []
            outcomes_off: list[dict[int, Potential]] = []
            region_on: dict[int, Potential] = {}
            region_off: dict[int, Potential] = {}
            for other in places:
                if other == cell:
                    outcomes_on.append(on_to_on)
                    outcomes_off.append(on_to_off)
                    region_on.update(on_to_on)
                    region_off.update(on_to_off)
                else:
                    p = Potential(other, value, True)
                    other_on: dict[int, Potential] = {p.key: p}
                    other_off: dict[int, Potential] = {}
                    self._chaining(grid, other_on, other_off)
                    outcomes_on.append(other_on)
                    outcomes_off.append(other_off)
                    region_on = {k: v for k, v in region_on.items() if k in other_on}
                    region_off = {k: v for k, v in region_off.items() if k in other_off}
            self._reductions(grid, hints, region_on, outcomes_on, "Region Forcing Chains", 6)
            self._reductions(grid, hints, region_off, outcomes_off, "Region Forcing Chains", 6)
