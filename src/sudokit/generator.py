"""Puzzle generation: a random solution grid, then givens removed while the puzzle keeps one solution.

The compiled core does the work of each attempt in two calls: it fills a random grid, then removes
givens (one cell, or one symmetry orbit, at a time, in random order) as long as no solution other than
the grid survives, down to a minimal puzzle.  On big grids (more than 400 cells) a third call first
builds givens up from an empty grid until propagation alone solves it, since removal at random stops
near half empty there; the removal goes on from what it built.  This module turns a request (size,
variant, symmetry, number of givens, pattern, level, technique, ...) into attempts and keeps the first
that meets it.
Effort is bounded: after ``attempts`` tries or ``time_limit`` seconds a :class:`GenerationError`
names what could not be met.  Every puzzle returned was proved unique by the core; the same seed and
options give the same puzzles on every machine.
"""

from __future__ import annotations

import functools
import math
import random
import secrets
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from sudokit import _engine, variants
from sudokit.constraints.cages.killer import Killer
from sudokit.constraints.cells.odd_even import Even, Odd
from sudokit.english import number, plural
from sudokit.errors import GridError, SearchStopped, SudokitError
from sudokit.execution import Executor, ProcessExecutor, default_workers, given_or_own, ordered_map
from sudokit.model import BLANKS, EMPTY, Grid, Puzzle, Solution, default_box
from sudokit.solver import _classic9, _layout

if TYPE_CHECKING:
    from sudokit.logic import Rating

SYMMETRIES = ("none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "dihedral")
"""Symmetries of the givens' positions: none; rotation by 180 or 90 degrees; a mirror left-right
(``mirror``) or top-bottom (``flip``); a reflection in the main diagonal or the anti-diagonal; all
eight rotations and reflections (``dihedral``)."""

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
"""The rater's levels (HoDoKu's), easiest first."""

VARIANTS = (*variants.VARIANT_NAMES, "jigsaw", "killer", "odd-even")
"""Every name ``variant`` takes: the rules and multi-grids of :mod:`sudokit.variants`, and three that
the generator makes anew for each puzzle: random jigsaw regions, killer cages and odd/even cells."""

DEFAULT_ATTEMPTS = 2_000
DEFAULT_TIME_LIMIT = 60.0
"""Bounds on the effort for one puzzle: attempts (random grids tried) and seconds."""

RATING_TIME_LIMIT = 20.0
"""Seconds the rater may spend on one candidate; one it cannot rate in time is passed over."""

FILL_NODES = 20_000
"""Guesses a random fill may take before the attempt starts again from another grid (restarts cure
the rare fill that wanders; a layout with no grid at all, such as some jigsaws, fails every time)."""

BIG_GRID_CELLS = 400
BIG_GRID_CHECK_NODES = 512
"""On grids of more than BIG_GRID_CELLS cells (25x25 and up) each uniqueness check stops by default
after BIG_GRID_CHECK_NODES guesses and keeps its given: a few checks there take minutes otherwise.
The puzzle stays proved unique but may not be minimal (``Generated.minimal`` says which)."""

HUGE_GRID_CELLS = 625
HUGE_GRID_CHECK_NODES = 64
"""Beyond 25x25 the checks stop after HUGE_GRID_CHECK_NODES guesses by default: after the givens are
built up, 512 guesses per check cost 8 s on a 36x36 and 95 s on a 64x64 for 4 or 5 givens more
(``benchmarks/big_generate.py``)."""

KILLER_ROUNDS = 200
"""Cage splits a killer attempt may make on its way to a unique puzzle."""


class GenerationError(SudokitError):
    """A request the generator could not meet within its bounds (attempts or seconds)."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its solution, how it was made and, when asked for, its rating."""

    puzzle: Puzzle
    solution: Solution
    minimal: bool
    """True when no given can be removed (no group of givens, with a symmetry) keeping one solution."""
    seed: int
    """The seed that makes this puzzle again (with the same options): ``generate(seed=...)``."""
    attempts: int
    """Random grids tried before this one met the request."""
    seconds: float
    rating: Rating | None = None

    @property
    def givens(self) -> int:
        """How many cells are given."""
        return self.puzzle.clue_count

    def as_dict(self, format: str = "line") -> dict[str, Any]:
        """JSON-ready form: the puzzle in ``format``, the solution, givens, minimality, seed, rating."""
        from sudokit.formats import dumps

        data: dict[str, Any] = {
            "puzzle": dumps(self.puzzle, format).rstrip("\n"),
            "solution": self.solution.to_string(),
            "givens": self.givens,
            "minimal": self.minimal,
            "unique": True,
            "seed": self.seed,
            "attempts": self.attempts,
            "seconds": round(self.seconds, 6),
        }
        if self.rating is not None:
            data["rating"] = self.rating.as_dict()
        return data


@dataclass(frozen=True)
class Request:
    """A checked generation request: the grid and everything a puzzle must meet."""

    grid: Grid
    """The base grid (classic, with added rules, or a multi-grid); jigsaw regions come per attempt."""
    jigsaw: bool = False
    killer: bool = False
    odd_even: bool = False
    symmetry: str = "none"
    givens: tuple[int, int] | None = None
    """Fewest and most givens allowed (None: a minimal puzzle, however many it has)."""
    pattern: frozenset[int] | None = None
    """Cell indexes where givens may stand (None: anywhere)."""
    levels: frozenset[str] | None = None
    score: tuple[float, float] | None = None
    se: tuple[float, float] | None = None
    technique: str | None = None
    cage_sizes: tuple[int, int] = (2, 4)
    cage_givens: bool = False
    """Killer: keep givens as well as cages (False: cages alone)."""
    rate: bool = False
    check_nodes: int = 0
    """Guesses each uniqueness check may take before its given is kept unsettled (0: no limit)."""
    attempts: int = DEFAULT_ATTEMPTS
    time_limit: float | None = DEFAULT_TIME_LIMIT
    _memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the options only (for worker processes): the memo holds compiled generators."""
        state = dict(self.__dict__)
        state["_memo"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore the options with an empty memo."""
        for key, value in state.items():
            object.__setattr__(self, key, value)

    @property
    def needs_rating(self) -> bool:
        """Whether a candidate must be rated before it is kept (or reported)."""
        return self.rate or bool(self.levels or self.score or self.se or self.technique)

    def describe(self) -> str:
        """The request in words, for messages: ``9x9 (3x3 boxes) puzzle with 16 givens, rot90``."""
        what = self.grid.describe()
        if self.jigsaw:
            what = f"{self.grid.size}x{self.grid.size} jigsaw"
        extras = [name for flag, name in ((self.killer, "killer"), (self.odd_even, "odd/even")) if flag]
        text = f"{what}{' ' + ' '.join(extras) if extras else ''} puzzle"
        conditions = []
        if self.givens is not None:
            low, high = self.givens
            conditions.append(
                f"{plural(low, 'given')}" if low == high else f"{number(low)} to {number(high)} givens"
            )
        if self.symmetry != "none":
            conditions.append(f"{self.symmetry} symmetry")
        if self.pattern is not None:
            conditions.append(f"givens only in a pattern of {plural(len(self.pattern), 'cell')}")
        if self.levels:
            conditions.append("level " + " or ".join(sorted(self.levels, key=LEVELS.index)))
        if self.score:
            conditions.append(f"score {self.score[0]:g} to {self.score[1]:g}")
        if self.se:
            conditions.append(f"SE rating {self.se[0]:g} to {self.se[1]:g}")
        if self.technique:
            conditions.append(f"a path that uses {self.technique}")
        return text + (" with " + ", ".join(conditions) if conditions else "")


# ------------------------------------------------------------------------------------------- seeds


def _mix(seed: int, stream: int) -> int:
    """A 64-bit seed for attempt ``stream`` of puzzle seed ``seed`` (splitmix64 finalizer)."""
    z = (seed * 0x9E3779B97F4A7C15 + stream + 1) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


def new_seed() -> int:
    """A fresh random seed (when none is given), reported with each puzzle so it can be made again."""
    return secrets.randbits(48)


# ---------------------------------------------------------------------------------------- symmetry


def _images(name: str, rows: int, cols: int) -> list[Callable[[int, int], tuple[int, int]]]:
    """The maps of a symmetry's group (besides the identity) on (row, column) positions."""
    if name in ("rot90", "diagonal", "antidiagonal", "dihedral") and rows != cols:
        raise GridError(f"{name} symmetry needs a square frame; this grid is {rows}x{cols}")
    r, c = rows - 1, cols - 1
    rot90 = [lambda i, j: (j, r - i), lambda i, j: (r - i, c - j), lambda i, j: (c - j, i)]
    maps: dict[str, list[Callable[[int, int], tuple[int, int]]]] = {
        "none": [],
        "rot180": [lambda i, j: (r - i, c - j)],
        "rot90": rot90,
        "mirror": [lambda i, j: (i, c - j)],
        "flip": [lambda i, j: (r - i, j)],
        "diagonal": [lambda i, j: (j, i)],
        "antidiagonal": [lambda i, j: (c - j, r - i)],
        "dihedral": [
            *rot90,
            lambda i, j: (i, c - j),
            lambda i, j: (r - i, j),
            lambda i, j: (j, i),
            lambda i, j: (c - j, r - i),
        ],
    }
    if name not in maps:
        raise GridError(f"unknown symmetry {name!r} (known: {', '.join(SYMMETRIES)})")
    return maps[name]


def orbits(grid: Grid, symmetry: str = "none", cells: Iterable[int] | None = None) -> list[list[int]]:
    """The groups of cell indexes a symmetry ties together (one cell each without symmetry).

    Only ``cells`` (default: all) are grouped; a group that leaves them, or the grid, is an error,
    since the givens could then not be symmetric.
    """
    maps = _images(symmetry, grid.rows, grid.cols)
    chosen = sorted(set(range(len(grid.cells)) if cells is None else cells))
    inside = set(chosen)
    seen: set[int] = set()
    groups = []
    for c in chosen:
        if c in seen:
            continue
        row, col = grid.cells[c]
        group = {c}
        for image in maps:
            k = grid.index.get(image(row, col))
            if k is None:
                raise GridError(f"{symmetry} symmetry maps r{row + 1}c{col + 1} off the grid")
            if k not in inside:
                raise GridError(f"the pattern is not {symmetry}-symmetric (r{row + 1}c{col + 1})")
            group.add(k)
        seen |= group
        groups.append(sorted(group))
    return groups


# ------------------------------------------------------------------------------------- the request


def _range(value: float | Sequence[float] | str | None, what: str) -> tuple[float, float] | None:
    """A bound given as one number, a pair or ``"A..B"`` text (either end may be left out)."""
    if value is None:
        return None
    if isinstance(value, str):
        low_text, dots, high_text = value.partition("..")
        if not low_text.strip() and not high_text.strip():
            raise GridError(f"{what} must be a number or a range A..B, not {value!r}")
        try:
            low = float(low_text) if low_text.strip() else -math.inf
            high = (float(high_text) if high_text.strip() else math.inf) if dots else low
        except ValueError:
            raise GridError(f"{what} must be a number or a range A..B, not {value!r}") from None
    elif isinstance(value, int | float):
        low = high = float(value)
    else:
        low, high = (float(v) for v in value)
    if low > high:
        raise GridError(f"{what}: the range {low:g}..{high:g} is empty")
    return low, high


def _pattern_cells(grid: Grid, pattern: str | Puzzle | Iterable[tuple[int, int]]) -> frozenset[int]:
    """The cells a pattern marks.

    A pattern is a mask text (one character per cell, ``.`` or ``0`` for none), a puzzle (its given
    cells) or (row, column) positions.
    """
    if isinstance(pattern, Puzzle):
        return frozenset(c for c, g in enumerate(pattern.givens) if g != EMPTY)
    if isinstance(pattern, str):
        marks = [ch for ch in pattern if not ch.isspace()]
        if len(marks) == grid.rows * grid.cols and len(marks) != len(grid.cells):
            marks = [marks[r * grid.cols + c] for r, c in grid.cells]
        if len(marks) != len(grid.cells):
            raise GridError(
                f"a pattern marks each of the {number(len(grid.cells))} cells (given or blank); "
                f"this one has {number(len(marks))}"
            )
        return frozenset(c for c, ch in enumerate(marks) if ch not in BLANKS)
    cells = set()
    for position in pattern:
        index = grid.index.get(tuple(position))  # type: ignore[arg-type]
        if index is None:
            raise GridError(f"the pattern names {position}, which is not a cell of the grid")
        cells.add(index)
    return frozenset(cells)


def request(
    size: int = 9,
    *,
    box: tuple[int, int] | None = None,
    grid: Grid | None = None,
    variant: str | Sequence[str] = (),
    symmetry: str = "none",
    givens: int | tuple[int, int] | str | None = None,
    pattern: str | Puzzle | Iterable[tuple[int, int]] | None = None,
    level: str | Iterable[str] | None = None,
    score: float | Sequence[float] | str | None = None,
    se: float | Sequence[float] | str | None = None,
    technique: str | None = None,
    cage_sizes: tuple[int, int] | str = (2, 4),
    cage_givens: bool = False,
    rate: bool = False,
    check_nodes: int | None = None,
    attempts: int | None = DEFAULT_ATTEMPTS,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Request:
    """Check generation options and build a :class:`Request` (see :func:`generate` for each option).

    Raises :class:`~sudokit.GridError` for options that cannot work together or name nothing known.
    """
    names = [variant] if isinstance(variant, str) else list(variant)
    unknown = [name for name in names if name not in VARIANTS]
    if unknown:
        raise GridError(f"unknown variant {unknown[0]!r} (known: {', '.join(VARIANTS)})")
    layouts = [name for name in names if name in variants.MULTI_GRID_LAYOUTS]
    jigsaw = "jigsaw" in names
    if grid is None:
        if len(layouts) > 1 or (layouts and jigsaw):
            raise GridError(f"choose one layout, not {' and '.join([*layouts, 'jigsaw'][:2])}")
        if layouts:
            grid = variants.named_multi_grid(layouts[0])
        elif jigsaw:
            if box is not None:
                raise GridError("a jigsaw has irregular regions, not boxes: leave out the box shape")
            grid = Grid.latin(size)
        else:
            grid = Grid.classic(size, box)
    elif layouts or jigsaw:
        raise GridError("give either a grid or a layout variant, not both")
    for name in names:
        if name in variants.RULES:
            if jigsaw and name in ("windoku", "disjoint-groups", "centre-dot"):
                raise GridError(f"{name} needs boxes, and a jigsaw has irregular regions")
            grid = variants.add_rules(grid, name)
    if grid.size > _engine.MAX_SYMBOLS:
        raise GridError(f"the generator makes grids of up to {_engine.MAX_SYMBOLS} symbols, not {grid.size}")
    killer = "killer" in names
    sizes = _range(cage_sizes, "cage sizes") if isinstance(cage_sizes, str) else tuple(map(float, cage_sizes))
    assert sizes is not None
    low_cage, high_cage = int(sizes[0]), int(sizes[1])
    if not 1 <= low_cage <= high_cage <= grid.size:
        raise GridError(f"cage sizes must lie within 1..{grid.size}, not {low_cage}..{high_cage}")
    bounds = None
    if givens is not None:
        span = _range(givens, "givens")
        assert span is not None
        low = max(0, math.ceil(span[0])) if span[0] != -math.inf else 0
        high = min(len(grid.cells), math.floor(span[1])) if span[1] != math.inf else len(grid.cells)
        if low > high:
            raise GridError(
                f"the grid has {plural(len(grid.cells), 'cell')}: no number of givens fits {givens}"
            )
        bounds = (low, high)
    if killer and not cage_givens and bounds is not None and bounds[0] > 0:
        raise GridError("a killer without givens has none: add cage_givens (--cage-givens) to ask for givens")
    cells = _pattern_cells(grid, pattern) if pattern is not None else None
    orbits(grid, symmetry, cells)  # checks the symmetry against the grid and the pattern
    chosen_levels = None
    if level is not None:
        wanted = [level] if isinstance(level, str) else list(level)
        bad = [name for name in wanted if name not in LEVELS]
        if bad:
            raise GridError(f"unknown level {bad[0]!r} (known: {', '.join(LEVELS)})")
        chosen_levels = frozenset(wanted)
    if technique is not None:
        from sudokit.logic import TECHNIQUES

        if technique not in TECHNIQUES:
            close = [key for key in TECHNIQUES if technique.replace("-", "_").lower() in key]
            hint = f" (did you mean {', '.join(close[:3])}?)" if close else " (see sudokit techniques)"
            raise GridError(f"unknown technique {technique!r}{hint}")
        technique = TECHNIQUES[technique].key
    if attempts is not None and attempts < 1:
        raise GridError("attempts must be at least 1")
    if time_limit is not None and time_limit <= 0:
        raise GridError("time_limit must be positive")
    if attempts is None and time_limit is None:
        raise GridError("give a bound: attempts, time_limit or both")
    if check_nodes is None:
        grid_cells = len(grid.cells)
        check_nodes = (
            0
            if grid_cells <= BIG_GRID_CELLS
            else BIG_GRID_CHECK_NODES
            if grid_cells <= HUGE_GRID_CELLS
            else HUGE_GRID_CHECK_NODES
        )
    elif check_nodes < 0:
        raise GridError("check_nodes must be 0 (no limit) or more")
    return Request(
        grid,
        jigsaw=jigsaw,
        killer=killer,
        odd_even="odd-even" in names,
        symmetry=symmetry,
        givens=bounds,
        pattern=cells,
        levels=chosen_levels,
        score=_range(score, "score"),
        se=_range(se, "SE rating"),
        technique=technique,
        cage_sizes=(low_cage, high_cage),
        cage_givens=cage_givens,
        rate=rate,
        check_nodes=check_nodes,
        attempts=attempts if attempts is not None else 2**62,
        time_limit=time_limit,
    )


# ------------------------------------------------------------------------------------------ pieces


def _shuffle_spec(grid: Grid) -> tuple[int, int, int, int, int] | None:
    """How the core may shuffle filled grids without leaving the layout (see ``sk_shuffle_grid``).

    Any grid whose rules ignore which symbol is which may relabel; a plain classic grid may also
    permute bands, rows, stacks and columns.
    """
    n = grid.size
    if not grid.is_rectangular or grid.rows != n or grid.cols != n:
        return None
    if any(r.distances != frozenset({0}) for r in grid.relations) or grid.cages:
        return None  # sums and "not consecutive" depend on which symbol is which
    if grid.links or grid.sums or grid.line_rules or grid.cell_masks is not None:
        return None  # so do thermometers, dots, arrows, sandwiches, odd and even cells, ...
    box = grid.box or (1, n)
    plain = grid.box is not None and grid == Grid.classic(n, grid.box, grid.symbols)
    return n, box[0], box[1], 1, int(plain)


def random_regions(n: int, rng: random.Random, box: tuple[int, int] | None = None) -> list[list[int]]:
    """N connected regions of n cells each tiling an n x n grid, as rows of region numbers.

    Starts from the boxes (or from rows for a prime n) and trades cells between neighbouring regions
    many times, keeping every region connected.
    """
    if box is None:
        try:
            box = default_box(n)
        except GridError:
            box = (1, n)
    rows, cols = box
    label = [[(r // rows) * (n // cols) + c // cols for c in range(n)] for r in range(n)]
    members: list[set[tuple[int, int]]] = [set() for _ in range(n)]
    for r in range(n):
        for c in range(n):
            members[label[r][c]].add((r, c))

    def neighbours(cell: tuple[int, int]) -> Iterator[tuple[int, int]]:
        r, c = cell
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < n and 0 <= c + dc < n:
                yield r + dr, c + dc

    def connected(cells: set[tuple[int, int]]) -> bool:
        start = next(iter(cells))
        seen = {start}
        todo = [start]
        while todo:
            for other in neighbours(todo.pop()):
                if other in cells and other not in seen:
                    seen.add(other)
                    todo.append(other)
        return len(seen) == len(cells)

    if n < 3:
        return label
    for _ in range(12 * n * n):
        a = (rng.randrange(n), rng.randrange(n))
        region_a = label[a[0]][a[1]]
        others = [label[r][c] for r, c in neighbours(a) if label[r][c] != region_a]
        if not others:
            continue
        region_b = rng.choice(others)
        # a goes to B; some cell b of B next to A (not a's only link) comes to A
        candidates = [
            b
            for b in members[region_b]
            if any(label[r][c] == region_a for r, c in neighbours(b)) and b not in neighbours(a)
        ]
        if not candidates:
            continue
        b = rng.choice(candidates)
        new_a = (members[region_a] - {a}) | {b}
        new_b = (members[region_b] - {b}) | {a}
        if connected(new_a) and connected(new_b):
            members[region_a], members[region_b] = new_a, new_b
            label[a[0]][a[1]], label[b[0]][b[1]] = region_b, region_a
    return label


def random_cages(
    grid: Grid, solution: Sequence[int], sizes: tuple[int, int], rng: random.Random
) -> list[list[int]]:
    """A random tiling of the grid by connected cages of ``sizes`` cells, no symbol twice in one cage.

    Cages grow from random cells through orthogonal neighbours; a cell left alone joins a neighbouring
    cage that can take it, or stays a cage of one.
    """
    low, high = sizes
    owner = [-1] * len(grid.cells)
    cages: list[list[int]] = []
    order = list(range(len(grid.cells)))
    rng.shuffle(order)

    def neighbours(c: int) -> list[int]:
        r, col = grid.cells[c]
        found = [grid.index.get((r + dr, col + dc)) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        return [k for k in found if k is not None]

    for start in order:
        if owner[start] >= 0:
            continue
        target = rng.randint(low, high)
        cage = [start]
        owner[start] = len(cages)
        held = {solution[start]}
        while len(cage) < target:
            frontier = [k for c in cage for k in neighbours(c) if owner[k] < 0 and solution[k] not in held]
            if not frontier:
                break
            k = rng.choice(frontier)
            cage.append(k)
            owner[k] = len(cages)
            held.add(solution[k])
        cages.append(cage)
    # lone cells join a neighbouring cage with room, when the sizes allow cages of more than one
    if low > 1:
        for number_, cage in enumerate(cages):
            if len(cage) != 1:
                continue
            cell = cage[0]
            options = [
                owner[k]
                for k in neighbours(cell)
                if owner[k] != number_
                and len(cages[owner[k]]) < max(high, 2)
                and solution[cell] not in {solution[m] for m in cages[owner[k]]}
            ]
            if options:
                chosen = rng.choice(options)
                cages[chosen].append(cell)
                owner[cell] = chosen
                cage.clear()
    return [sorted(cage) for cage in cages if cage]


def _killer_grid(grid: Grid, cages: Sequence[Sequence[int]], solution: Sequence[int]) -> Grid:
    values = grid.values
    return grid.with_constraints(
        *(
            Killer(tuple(grid.cells[c] for c in cage), sum(values[solution[c]] for c in cage))
            for cage in cages
        )
    )


def _split(cage: list[int], cell: int, grid: Grid) -> list[list[int]]:
    """Cut a cage in two connected pieces, ``cell`` in the smaller, (or cell alone, when no cut works)."""
    inside = set(cage)

    def piece(seed: int, allowed: set[int]) -> set[int]:
        seen = {seed}
        todo = [seed]
        while todo:
            r, c = grid.cells[todo.pop()]
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                k = grid.index.get((r + dr, c + dc))
                if k is not None and k in allowed and k not in seen:
                    seen.add(k)
                    todo.append(k)
        return seen

    rest = inside - {cell}
    parts = [sorted({cell})]
    while rest:
        part = piece(next(iter(sorted(rest))), rest)
        parts.append(sorted(part))
        rest -= part
    if len(parts) == 2 and len(parts[1]) >= 2:
        # grow the cell's piece by one neighbour when the rest stays connected and non-trivial
        for k in parts[1]:
            others = set(parts[1]) - {k}
            if others and piece(next(iter(others)), others) == others and k in piece(cell, inside):
                joined = piece(cell, {cell, k})
                if len(joined) == 2:
                    return [sorted(joined), sorted(others)]
    return parts


# --------------------------------------------------------------------------------------- attempts


@dataclass
class _Outcome:
    """What an attempt made, or why it was passed over."""

    puzzle: Puzzle | None = None
    solution: tuple[int, ...] | None = None
    minimal: bool = False
    rating: Rating | None = None
    reason: str = ""
    givens: int | None = None


def _generator(request: Request, grid: Grid, cells: frozenset[int] | None) -> _engine.Generator:
    """The core's generator for a grid.

    Cached on the request for its own grid; a jigsaw or killer grid is new each attempt.
    """
    own = grid is request.grid
    if own and "generator" in request._memo:
        return request._memo["generator"]  # type: ignore[no-any-return]
    fast = _classic9(grid) and not request.odd_even
    layout = None if fast else _layout(grid)
    groups = orbits(grid, request.symmetry, cells)
    min_givens = request.givens[0] if request.givens is not None else 0
    # unbounded checks on a big grid (a minimal puzzle asked for): the core for a few nodes, then the
    # learning search, which keeps what it learnt from one check to the next (issue 26's measurements)
    learning = (
        layout is not None
        and len(grid.cells) > BIG_GRID_CELLS
        and request.check_nodes == 0
        and _engine.learning_supports(layout)
    )
    generator = _engine.Generator(
        layout,
        len(grid.cells),
        groups,
        min_givens,
        request.check_nodes,
        _shuffle_spec(grid),
        learning=learning,
    )
    if own:
        request._memo["generator"] = generator
    return generator


REDUCE_SHARE = 0.7
"""Share of the time left that the removal of givens may take when the puzzle is also to be rated."""


def _attempt(request: Request, seed: int, deadline: float | None) -> _Outcome:
    """One try: fill a random grid, add the generated rules, remove givens, check the request."""
    rng = random.Random(seed)
    grid = request.grid
    if request.jigsaw:
        labels = random_regions(grid.size, rng)
        base = Grid.jigsaw([[str(v) for v in row] for row in labels], grid.symbols)
        extra = [u for u in grid.houses if u.kind == "extra"]
        grid = replace(base, houses=base.houses + tuple(extra), constraints=grid.constraints, _memo={})
    generator = _generator(request, grid, request.pattern)
    status, solution, _ = generator.fill(seed, node_limit=FILL_NODES)
    if status != _engine.GEN_DONE or solution is None:
        return _Outcome(reason="no grid" if status == _engine.GEN_NONE else "the fill took too long")
    allowed = None
    if request.odd_even:
        values = grid.values
        grid = grid.with_constraints(
            *(
                Odd(cell) if values[v] % 2 else Even(cell)
                for cell, v in zip(grid.cells, solution, strict=True)
            )
        )
        generator = _generator(request, grid, request.pattern)
    start: tuple[int, ...] | None = None
    if request.pattern is not None:
        start = tuple(v if c in request.pattern else EMPTY for c, v in enumerate(solution))
    if request.killer:
        made = _killer(request, grid, solution, rng, start, allowed)
        if made is None:
            return _Outcome(reason="no unique cage layout")
        grid, start = made
        generator = _generator(request, grid, request.pattern)
    seconds = None if deadline is None else max(1e-3, deadline - time.perf_counter())
    if seconds is not None and request.needs_rating:
        seconds *= REDUCE_SHARE  # leave the rating its time: a big grid's reduction may use it all
    if start is None and len(grid.cells) > BIG_GRID_CELLS:
        start, seconds = _build(request, generator, seed, solution, allowed, seconds)
    status, givens, minimal, _, _ = generator.reduce(
        seed, solution, start, allowed, seconds if seconds is not None else 0.0
    )
    if status == _engine.GEN_NOT_UNIQUE:
        return _Outcome(reason="the pattern leaves several solutions")
    if status not in (_engine.GEN_DONE, _engine.GEN_TIME_LIMIT):
        return _Outcome(reason="a uniqueness check took too long")
    count = sum(1 for g in givens if g != EMPTY)
    if request.givens is not None and not request.givens[0] <= count <= request.givens[1]:
        return _Outcome(reason=f"{plural(count, 'given')}", givens=count)
    if status == _engine.GEN_TIME_LIMIT and request.givens is None:
        minimal = False
    puzzle = Puzzle(grid, givens, allowed)
    rating = None
    if request.needs_rating:
        rating, reason = _rating(request, puzzle, deadline)
        if reason:
            return _Outcome(reason=reason, givens=count)
    return _Outcome(puzzle, solution, minimal, rating, givens=count)


BUILD_SHARE = 0.8
"""Share of an attempt's time that building givens up on a big grid may take (the removal gets the rest)."""


def _build(
    request: Request,
    generator: _engine.Generator,
    seed: int,
    solution: tuple[int, ...],
    allowed: tuple[int, ...] | None,
    seconds: float | None,
) -> tuple[tuple[int, ...], float | None]:
    """A big grid's starting givens, built up until propagation alone solves the puzzle, and the seconds left.

    On 25x25 and larger grids random removal stops near half empty, where every further check is a
    hard search; building up reaches 61-62 % empty on 25x25 and 56 % on 36x36 in about a second
    (``sk_build_givens``).  With a range of givens asked for, a local search then works towards its top
    within the time (36x36 at 60 % in seconds; benchmarks/README.md).
    """
    target = request.givens[1] if request.givens is not None else len(solution)
    started = time.perf_counter()
    budget = 0.0 if seconds is None else seconds * BUILD_SHARE
    _, start, _ = generator.build(seed, solution, allowed, target, time_limit=budget)
    if seconds is not None:
        seconds = max(1e-3, seconds - (time.perf_counter() - started))
    return start, seconds


def _killer(
    request: Request,
    grid: Grid,
    solution: tuple[int, ...],
    rng: random.Random,
    start: tuple[int, ...] | None,
    allowed: tuple[int, ...] | None,
) -> tuple[Grid, tuple[int, ...] | None] | None:
    """The killer grid of an attempt and the givens the reduction starts from.

    With givens kept, any cages will do (the givens make the puzzle unique).  Without, cages are
    split where a second solution differs until the cages alone have one solution.
    """
    cages = random_cages(grid, solution, request.cage_sizes, rng)
    if request.cage_givens:
        return _killer_grid(grid, cages, solution), start
    from sudokit.solver import solutions as all_solutions

    for _ in range(KILLER_ROUNDS):
        killer = _killer_grid(grid, cages, solution)
        puzzle = Puzzle(killer, (EMPTY,) * len(grid.cells), allowed)
        try:
            found = [s.values for s in all_solutions(puzzle, limit=2, node_limit=50_000)]
        except SudokitError:
            return None
        other = next((values for values in found if values != solution), None)
        if other is None:
            return killer, (EMPTY,) * len(grid.cells)
        differ = [c for c in range(len(grid.cells)) if other[c] != solution[c]]
        cell = rng.choice(differ)
        owner = next(k for k, cage in enumerate(cages) if cell in cage)
        cages[owner : owner + 1] = _split(cages[owner], cell, grid)
    return None


def _rating(request: Request, puzzle: Puzzle, deadline: float | None) -> tuple[Rating | None, str]:
    """Rate a candidate and check it against the request: (rating, "" or why it does not fit)."""
    from sudokit.logic import explain

    limit = RATING_TIME_LIMIT
    if deadline is not None:
        limit = min(limit, max(1e-3, deadline - time.perf_counter()))
    graded = bool(request.levels or request.score or request.se or request.technique)
    try:
        path = explain(puzzle, time_limit=limit)
    except SearchStopped:
        return None, "the rating took too long" if graded else ""
    if path.stopped_by == "time":
        return None, "the rating took too long" if graded else ""  # asked only to rate: kept unrated
    rating = path.rating
    if request.levels and rating.level.label not in request.levels:
        return rating, f"level {rating.level.label}"
    if request.score and not request.score[0] <= rating.score <= request.score[1]:
        return rating, f"score {rating.score}"
    if request.se:
        se = _se_rating(puzzle, rating.se, deadline)
        if se is None:
            return rating, "the rating took too long"
        if not request.se[0] <= se <= request.se[1]:
            return rating, f"SE {se:.1f}"
    if request.technique and all(step.technique != request.technique for step in path.steps):
        return rating, f"no {request.technique}"
    return rating, ""


def _se_rating(puzzle: Puzzle, approximate: float, deadline: float | None) -> float | None:
    """Sudoku Explainer's ER of a classic 9x9 puzzle, by SE's rules (:mod:`sudokit.se`).

    Any other grid keeps the path's approximate SE value.  None when the deadline passes first.
    """
    if puzzle.grid != Grid.classic(9) or puzzle.allowed is not None:
        return approximate
    from sudokit.se.rating import se_rate

    values = [0 if v == EMPTY else int(puzzle.grid.symbols[v]) for v in puzzle.givens]
    limit = RATING_TIME_LIMIT if deadline is None else min(RATING_TIME_LIMIT, deadline - time.perf_counter())
    try:
        return round(se_rate(values, time_limit=max(1e-3, limit)).er, 1)
    except SearchStopped:
        return None


def make(request: Request, seed: int) -> Generated:
    """One puzzle for a checked request and a seed, within the request's bounds.

    Raises :class:`GenerationError` naming what could not be met when the bounds run out.
    """
    started = time.perf_counter()
    deadline = None if request.time_limit is None else started + request.time_limit
    reasons: dict[str, int] = {}
    fewest: int | None = None
    attempt = 0
    while attempt < request.attempts:
        if deadline is not None and time.perf_counter() > deadline:
            break
        outcome = _attempt(request, _mix(seed, attempt), deadline)
        attempt += 1
        if outcome.puzzle is not None and outcome.solution is not None:
            return Generated(
                outcome.puzzle,
                Solution(outcome.puzzle, outcome.solution),
                outcome.minimal,
                seed,
                attempt,
                time.perf_counter() - started,
                outcome.rating,
            )
        reasons[outcome.reason] = reasons.get(outcome.reason, 0) + 1
        if outcome.givens is not None:
            fewest = outcome.givens if fewest is None else min(fewest, outcome.givens)
    raise GenerationError(_failure(request, attempt, time.perf_counter() - started, reasons, fewest))


def _failure(
    request: Request, attempts: int, seconds: float, reasons: dict[str, int], fewest: int | None
) -> str:
    """The one-line message of a request that could not be met."""
    common = sorted(reasons.items(), key=lambda item: -item[1])[:3]
    why = "; ".join(f"{reason}: {number(count)}" for reason, count in common if reason)
    text = f"no {request.describe()} found in {plural(attempts, 'attempt')} ({seconds:.1f} s)"
    if fewest is not None and request.givens is not None:
        text += f"; the fewest givens reached were {fewest}"
    if (
        request.grid.size == 9
        and request.givens is not None
        and request.givens[1] < 17
        and not request.killer
    ):
        text += "; a 9x9 Sudoku with one solution needs at least 17 givens"
    return text + (f" (attempts ended with {why})" if why else "")


def generate(
    size: int = 9,
    *,
    seed: int | None = None,
    **options: Any,
) -> Generated:
    """Make one puzzle with a unique solution, minimal unless a number of givens is asked for.

    Options (keyword-only):

    * ``size`` (4 to 64) and ``box`` (rows, columns); ``grid`` for any other :class:`~sudokit.Grid`;
    * ``variant``: names from :data:`VARIANTS` (``"x"``, ``"windoku"``, ``"samurai"``, ``"jigsaw"``,
      ``"killer"``, ``"odd-even"``, ...), one or several;
    * ``symmetry``: one of :data:`SYMMETRIES`; ``givens``: a number, a pair or ``"A..B"``;
      ``pattern``: the cells where givens may stand (mask text, a puzzle, or positions);
    * ``level`` (:data:`LEVELS`), ``score``, ``se`` (ranges) and ``technique`` (a key of
      :data:`sudokit.logic.TECHNIQUES` the logical path must use); ``rate`` to rate anyway;
    * killer: ``cage_sizes`` (fewest, most cells) and ``cage_givens`` (keep givens too);
    * bounds: ``attempts`` and ``time_limit`` (seconds) for this puzzle; ``check_nodes`` caps each
      uniqueness check (default: none up to 20x20, 512 guesses up to 25x25, 64 beyond, which may leave a
      given that could go: ``minimal`` says so).

    ``seed`` makes the puzzle reproducible (the result's ``seed`` says which was used).  Raises
    :class:`GenerationError` when the bounds run out first, :class:`~sudokit.GridError` for options
    that cannot work.
    """
    checked = request(size, **options)
    return make(checked, new_seed() if seed is None else seed)


def generate_many(
    count: int,
    size: int = 9,
    *,
    seed: int | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    **options: Any,
) -> Generator[Generated, None, None]:
    """Make ``count`` puzzles (see :func:`generate`): the i-th from seed ``seed + i``, in that order.

    ``jobs`` > 1 spreads the work over processes (0: one per core), or ``executor`` over its workers
    (a Dask cluster: see :mod:`sudokit.execution`); the puzzles are the same as with one.
    """
    if count < 0:
        raise GridError("count must not be negative")
    checked = request(size, **options)
    base = new_seed() if seed is None else seed
    jobs = jobs or default_workers()
    if executor is None and (jobs <= 1 or count <= 1):
        for index in range(count):
            yield make(checked, base + index)
        return
    yield from _parallel(checked, base, count, jobs, executor)


def _make_range(checked: Request, seeds: Sequence[int]) -> list[Generated | str]:
    """A worker's share: a puzzle, or the message of a failure, per seed."""
    made: list[Generated | str] = []
    for seed in seeds:
        try:
            made.append(make(checked, seed))
        except GenerationError as exc:
            made.append(str(exc))
            break
    return made


def _parallel(
    checked: Request, base: int, count: int, jobs: int, executor: Executor | None
) -> Iterator[Generated]:
    """Puzzles from worker processes (or the executor's workers), in seed order.

    A failure is raised where it falls in order.  Local workers ignore Ctrl-C and are stopped when
    the caller stops (Ctrl-C, an error, or leaving the loop early), so no puzzle is made after that.
    """
    workers = executor.workers if executor is not None else jobs
    chunk = max(1, min(16, count // (4 * workers)))
    tasks = ([base + i for i in range(s, min(count, s + chunk))] for s in range(0, count, chunk))
    with given_or_own(executor, lambda: ProcessExecutor(jobs)) as pool:
        for made in ordered_map(pool, functools.partial(_make_range, checked), tasks):
            for item in made:
                if isinstance(item, str):
                    raise GenerationError(item)
                yield item
