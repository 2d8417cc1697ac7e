"""Hypothesis strategies for differential tests: random puzzles of every shape and variant sudokit has.

Each strategy draws plain choices (a shape, an alphabet, extra rules, cages, restricted cells, which
cells are given) and builds from them, side by side, a sudokit :class:`~sudokit.Puzzle` with sudokit's
own builders and a :class:`tests.reference.Problem` with the reference's geometry helpers, so that the
two only meet in the test that compares their answers.  The drawn value's repr tells the story of the
choices, which is what a failing example prints.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hypothesis import strategies as st

import sudokit
from sudokit import EMPTY, Grid, Puzzle, variants
from sudokit.constraints.generic.primitives import CustomRelation
from tests import reference
from tests.checker import classic_units
from tests.reference import Position, Problem

SMALL_BOXES = [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (4, 1), *[(2, 2)] * 4, *[(2, 3), (3, 2)] * 2]
"""Box shapes (rows, columns) of the small classic grids, 1x1 to 6x6 (4x4 and 6x6 more often)."""

LARGE_BOXES = [(2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3), (4, 4)]
"""Box shapes of the larger classic grids, 8x8 to 16x16, used with few empty cells."""

MULTI_SHAPES = [(4, (2, 2)), (4, (2, 2)), (4, (1, 4)), (6, (2, 3)), (6, (3, 2)), (2, (1, 2)), (3, (1, 3))]
"""(size, box) of the overlapping grids of random multi-grid layouts."""

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

SEEDS = st.integers(0, 2**32 - 1)
"""Seeds for the bulk random choices (a hypothesis-driven Random is too slow for thousands of draws)."""


class Case:
    """A sudokit puzzle and the reference problem built from the same choices.

    ``solution`` is a solution of the rules (without givens) the puzzle was built around, or None.
    Not a dataclass, so that hypothesis prints a failing case by its story.
    """

    def __init__(
        self, puzzle: Puzzle, problem: Problem, story: list[str], solution: tuple[int, ...] | None
    ) -> None:
        self.puzzle = puzzle
        self.problem = problem
        self.story = story
        self.solution = solution

    def __repr__(self) -> str:
        """The choices, one per line, so that a failing example can be rebuilt by hand."""
        return "Case(\n  " + "\n  ".join(self.story) + "\n)"


@dataclass
class _Build:
    """Both sides of a case while it is drawn: sudokit's grid, and the reference's cells and rules."""

    grid: Grid
    cells: tuple[Position, ...]
    units: list[tuple[int, ...]]
    values: tuple[int, ...]
    story: list[str]
    relations: list[reference.Relation] = field(default_factory=list)
    cages: list[reference.Cage] = field(default_factory=list)
    links: list[tuple[int, int, frozenset[tuple[int, int]]]] = field(default_factory=list)
    fits: bool = True
    """False once a rule was drawn that the drawn solution may break (a random group, relation or
    cage total)."""

    @property
    def n(self) -> int:
        return len(self.values)

    def index(self, positions: Sequence[Position]) -> tuple[int, ...]:
        """Reference cell indexes of positions (its own row-major numbering)."""
        where = {cell: i for i, cell in enumerate(self.cells)}
        return tuple(where[p] for p in positions)

    def add_units(self, groups: Sequence[Sequence[Position]]) -> None:
        self.units += [self.index(group) for group in groups]

    def problem(self, givens: Sequence[int], allowed: Sequence[frozenset[int]] | None = None) -> Problem:
        return Problem(
            self.n,
            self.cells,
            tuple(self.units),
            tuple(givens),
            tuple(allowed) if allowed is not None else None,
            tuple(self.relations),
            tuple(self.cages),
            self.values,
            tuple(self.links),
        )


# ------------------------------------------------------------------------------------ alphabets


@st.composite
def alphabets(draw: st.DrawFn, n: int) -> tuple[tuple[str, ...] | None, tuple[int, ...]]:
    """Symbols for n-symbol grids (None: sudokit's default) and the value of each in cage sums.

    Default alphabets and letters count 1, 2, 3, ...; an alphabet of number tokens counts their
    numbers, which may start at 0 or leave gaps (so some cage sums in range cannot be reached).
    """
    kind = draw(st.sampled_from(["default", "default", "letters", "numbers"]))
    if kind == "default":
        return None, tuple(range(1, n + 1))
    if kind == "letters":
        return tuple(LETTERS[:n]), tuple(range(1, n + 1))
    numbers = draw(st.lists(st.integers(0, 3 * n), min_size=n, max_size=n, unique=True))
    return tuple(str(v) for v in numbers), tuple(numbers)


def chance(draw: st.DrawFn, one_in: int) -> bool:
    """True about once in ``one_in`` draws (shrinks to False)."""
    return draw(st.integers(0, one_in - 1)) == one_in - 1


def _symbols_text(symbols: tuple[str, ...] | None) -> str:
    return "default symbols" if symbols is None else "symbols " + " ".join(symbols)


# ----------------------------------------------------------------------------------------- shapes


def _classic(
    n: int, box: tuple[int, int], symbols: tuple[str, ...] | None, values: tuple[int, ...]
) -> _Build:
    grid = Grid.classic(n, box, symbols)
    units = [tuple(u) for u in classic_units(n, *box)]
    story = [f"Grid.classic({n}, box={box}), {_symbols_text(symbols)}"]
    return _Build(grid, reference.square_cells(n), units, values, story)


@st.composite
def classic_shapes(draw: st.DrawFn, boxes: Sequence[tuple[int, int]] = SMALL_BOXES) -> _Build:
    """A classic grid with rows, columns and boxes."""
    box = draw(st.sampled_from(boxes))
    n = box[0] * box[1]
    symbols, values = draw(alphabets(n))
    return _classic(n, box, symbols, values)


@st.composite
def latin_shapes(draw: st.DrawFn) -> _Build:
    """A Latin square: rows and columns only."""
    n = draw(st.sampled_from([1, 2, 3, 4, 4, 5, 5]))
    symbols, values = draw(alphabets(n))
    build = _Build(Grid.latin(n, symbols), reference.square_cells(n), [], values, [])
    build.add_units(reference.lines(n))
    build.story.append(f"Grid.latin({n}), {_symbols_text(symbols)}")
    return build


def random_regions(
    n: int, rng: random.Random, connected: bool = True, solution: Sequence[int] | None = None
) -> list[str] | None:
    """A random partition of the n x n square into n regions of n cells, as rows of region letters.

    Connected regions grow from n random seeds one neighbouring cell at a time, the smallest region
    first; with a solution (symbol per cell, row-major), a region only takes cells whose symbols it
    does not hold yet, so the solution fits the regions.  None when every try got stuck.
    """
    for _ in range(60):
        label = [-1] * (n * n)
        held: list[set[int]] = [set() for _ in range(n)]
        members: list[list[int]] = [[] for _ in range(n)]
        for k, seed in enumerate(rng.sample(range(n * n), n)):
            label[seed] = k
            members[k].append(seed)
            held[k].add(solution[seed] if solution is not None else 0)
        stuck = False
        while not stuck and any(len(m) < n for m in members):
            smallest = min(len(m) for m in members)
            order = [k for k in range(n) if len(members[k]) == smallest]
            rng.shuffle(order)
            stuck = True
            for k in order:
                if connected:
                    near = {
                        (r + dr) * n + c + dc
                        for r, c in (divmod(m, n) for m in members[k])
                        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                        if 0 <= r + dr < n and 0 <= c + dc < n
                    }
                else:
                    near = set(range(n * n))
                options = sorted(
                    c for c in near if label[c] < 0 and (solution is None or solution[c] not in held[k])
                )
                if options:
                    cell = rng.choice(options)
                    label[cell] = k
                    members[k].append(cell)
                    if solution is not None:
                        held[k].add(solution[cell])
                    stuck = False
                    break
        if not stuck:
            return ["".join(LETTERS[label[r * n + c]] for c in range(n)) for r in range(n)]
    return None


@st.composite
def jigsaw_shapes(draw: st.DrawFn) -> _Build:
    """An n x n grid of random irregular regions (usually connected, sometimes in pieces).

    Most maps are grown around a random Latin square, so that they have a solution.
    """
    n = draw(st.sampled_from([2, 3, 4, 4, 5, 5, 6, 6]))
    rng = random.Random(draw(SEEDS))
    connected = draw(st.booleans()) or draw(st.booleans())
    solution = None
    if not chance(draw, 4):
        latin = Problem(
            n, reference.square_cells(n), tuple(map(tuple, classic_units(n, 1, n))), (-1,) * n * n
        )
        solution = reference.random_solution(latin, rng)
    regions = random_regions(n, rng, connected, solution)
    if regions is None:  # every try got stuck: the rows are regions too
        regions = ["".join(LETTERS[r] * n) for r in range(n)]
    symbols, values = draw(alphabets(n))
    grid = Grid.jigsaw(regions, symbols, connected=connected)
    build = _Build(grid, reference.square_cells(n), [], values, [])
    build.add_units(reference.lines(n))
    for label in sorted(set("".join(regions))):
        build.add_units([[(r, c) for r in range(n) for c in range(n) if regions[r][c] == label]])
    build.story.append(f"Grid.jigsaw({regions}, {_symbols_text(symbols)}, connected={connected})")
    return build


@st.composite
def multi_grid_shapes(draw: st.DrawFn) -> _Build:
    """Two or three overlapping (or apart, or coinciding) small classic grids, lined up on the boxes."""
    size, box = draw(st.sampled_from(MULTI_SHAPES))
    h, w = box
    k = draw(st.integers(2, 3))
    top, left = draw(st.integers(0, 1)), draw(st.integers(0, 1))
    corners = [(top, left)]
    for _ in range(k - 1):
        corners.append(
            (top + h * draw(st.integers(0, size // h)), left + w * draw(st.integers(0, size // w)))
        )
    symbols, values = draw(alphabets(size))
    grid = variants.multi_grid(corners, size, box, symbols)
    cells = tuple(sorted({(t + r, lf + c) for t, lf in corners for r in range(size) for c in range(size)}))
    build = _Build(grid, cells, [], values, [])
    for t, lf in corners:
        build.add_units(reference.lines(size, t, lf) + reference.boxes(size, box, t, lf))
    build.story.append(f"variants.multi_grid({corners}, {size}, {box}, {_symbols_text(symbols)})")
    return build


def small_shapes() -> st.SearchStrategy[_Build]:
    """Any small grid: classic, Latin, jigsaw or multi-grid."""
    return st.one_of(classic_shapes(), latin_shapes(), jigsaw_shapes(), multi_grid_shapes())


# -------------------------------------------------------------------------------------- extra rules


def _square(build: _Build) -> bool:
    grid = build.grid
    return grid.is_rectangular and grid.rows == grid.cols == grid.size


@st.composite
def with_named_rules(draw: st.DrawFn, build: _Build) -> _Build:
    """Add some of: diagonals, windoku windows, disjoint groups, centre dots, anti-knight, anti-king
    and non-consecutive (sudokit's builders on one side, the reference's geometry on the other)."""
    n, box = build.n, build.grid.box
    if _square(build) and chance(draw, 4):
        which = draw(st.sampled_from(["both", "main", "anti"]))
        build.grid = variants.diagonals(build.grid, which)
        build.add_units(reference.diagonal_lines(n, which))
        build.story.append(f"variants.diagonals({which!r})")
    if _square(build) and box is not None:
        if box[0] == box[1] and chance(draw, 4):
            build.grid = variants.windoku(build.grid)
            build.add_units(reference.windows(n, box[0]))
            build.story.append("variants.windoku")
        if chance(draw, 5):
            build.grid = variants.disjoint_groups(build.grid)
            build.add_units(reference.same_place_in_each_box(n, box))
            build.story.append("variants.disjoint_groups")
        if box[0] % 2 and box[1] % 2 and chance(draw, 4):
            build.grid = variants.centre_dot(build.grid)
            build.add_units(reference.box_centres(n, box))
            build.story.append("variants.centre_dot")
    named: list[tuple[Callable[[Grid], Grid], set[tuple[int, int]], int]] = [
        (variants.anti_knight, reference.KNIGHT, 0),
        (variants.anti_king, reference.KING, 0),
        (variants.non_consecutive, reference.NEIGHBOUR, 1),
    ]
    in_order = all(b - a == 1 for a, b in itertools.pairwise(build.values))
    for add, steps, distance in named:
        if distance < n and chance(draw, 8):
            build.grid = add(build.grid)
            pairs = reference.pairs_at(build.cells, steps)
            if distance == 0 or in_order:
                build.relations += [(a, b, frozenset({distance})) for a, b in pairs]
            else:  # "consecutive" is of values: with the alphabet out of value order, a link of values
                values = build.values
                fit = frozenset(
                    (x, y) for x in range(n) for y in range(n) if abs(values[x] - values[y]) != distance
                )
                build.links += [(a, b, fit) for a, b in pairs]
            build.story.append(f"variants.{add.__name__}")
    return build


@st.composite
def with_random_rules(draw: st.DrawFn, build: _Build, solution: tuple[int, ...] | None) -> _Build:
    """Add random all-different groups and random relations on random cell pairs; with a solution,
    mostly only groups and distances it keeps (else the puzzle may have no solution)."""
    n, ncells = build.n, len(build.cells)
    follow = solution is not None and not chance(draw, 5)
    if n >= 2 and chance(draw, 4):
        groups = []
        for _ in range(draw(st.integers(1, 3))):
            cells = draw(st.lists(st.integers(0, ncells - 1), min_size=2, max_size=n, unique=True))
            if follow:
                assert solution is not None
                cells = list({solution[c]: c for c in cells}.values())
            if len(cells) >= 2:
                groups.append([build.cells[c] for c in cells])
        if groups:
            build.grid = variants.with_units(build.grid, groups)
            build.add_units(groups)
            build.story.append(f"variants.with_units({groups})")
            build.fits &= follow
    if ncells >= 2 and chance(draw, 4):
        made = []
        for _ in range(draw(st.integers(1, 8))):
            a, b = draw(st.lists(st.integers(0, ncells - 1), min_size=2, max_size=2, unique=True))
            distances = draw(st.frozensets(st.integers(0, n - 1), min_size=1, max_size=2))
            if follow:
                assert solution is not None
                distances -= {abs(solution[a] - solution[b])}
            if distances:
                made.append((a, b, distances))
        if made:
            cells = build.grid.cells
            extra = [CustomRelation(cells[a], cells[b], tuple(sorted(d))) for a, b, d in made]
            build.grid = build.grid.with_constraints(*extra)
            build.relations += made
            build.story.append(
                f"relations (cell, cell, distances): {[(a, b, sorted(d)) for a, b, d in made]}"
            )
            build.fits &= follow
    return build


def random_cages(
    cells: Sequence[Position], n: int, rng: random.Random, solution: Sequence[int] | None, connected: bool
) -> list[list[Position]]:
    """Cages over a random part of the cells, grown from random starts through neighbours (when
    ``connected``) or any cells, up to n cells; with a solution, only through cells whose symbols
    differ from the cage's so far (so the solution fits the cages)."""
    index = {cell: i for i, cell in enumerate(cells)}
    free = set(cells)
    cages = []
    coverage = rng.choice([0.3, 0.7, 1.0])
    order = list(cells)
    rng.shuffle(order)
    for start in order:
        if start not in free or rng.random() > coverage:
            continue
        size = rng.randint(1, min(n, 5))
        cage = [start]
        free.discard(start)
        while len(cage) < size:
            if connected:
                near = {(r + dr, c + dc) for r, c in cage for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
            else:
                near = set(cells)
            held = {solution[index[c]] for c in cage} if solution is not None else set()
            options = sorted(c for c in near & free if solution is None or solution[index[c]] not in held)
            if not options:
                break
            cell = rng.choice(options)
            cage.append(cell)
            free.discard(cell)
        cages.append(sorted(cage))
    return cages


@st.composite
def with_cages(draw: st.DrawFn, build: _Build, solution: tuple[int, ...] | None) -> _Build:
    """Killer cages: totals from the solution mostly, some without a total, some random (in range)."""
    rng = random.Random(draw(SEEDS))
    connected = draw(st.booleans()) or draw(st.booleans())
    made = []
    for cage in random_cages(build.cells, build.n, rng, solution, connected):
        cells = build.index(cage)
        how = draw(st.sampled_from(["solution", "solution", "solution", "none", "random"]))
        if solution is None and how == "solution":
            how = "random"
        ordered = sorted(build.values)
        if how == "none":
            total = None
        elif how == "random":
            total = draw(st.integers(sum(ordered[: len(cells)]), sum(ordered[-len(cells) :])))
            build.fits = False
        else:
            assert solution is not None
            total = sum(build.values[solution[c]] for c in cells)
        made.append((cage, total))
        build.cages.append((cells, total))
    if made:
        build.grid = variants.killer(build.grid, made)
        build.story.append(f"variants.killer({made})")
    return build


# ------------------------------------------------------------------------------------------- puzzles


@st.composite
def givens_and_allowed(
    draw: st.DrawFn, build: _Build, solution: tuple[int, ...] | None
) -> tuple[list[int], list[frozenset[int]] | None, list[Position], list[Position]]:
    """Givens (a solution's, with random removals, maybe one changed; or random symbols; or none),
    restricted cells (sukaku sets, mostly holding the solution's symbol) and odd/even cells."""
    rng = random.Random(draw(SEEDS))
    ncells, n = len(build.cells), build.n
    modes = ["random", "none"] + (["removals"] * 6 + ["changed"] if solution is not None else [])
    mode = draw(st.sampled_from(modes))
    density = rng.choice([0.1, 0.25, 0.4, 0.6, 0.8])
    givens = [EMPTY] * ncells
    if mode in ("removals", "changed"):
        assert solution is not None
        givens = [v if rng.random() < density else EMPTY for v in solution]
        placed = [c for c in range(ncells) if givens[c] != EMPTY]
        if mode == "changed" and placed and n > 1:
            c = rng.choice(placed)
            givens[c] = (givens[c] + rng.randint(1, n - 1)) % n
    elif mode == "random":
        givens = [rng.randrange(n) if rng.random() < density / 3 else EMPTY for _ in range(ncells)]
    build.story.append(f"givens ({mode}): {givens}")
    allowed = None
    if chance(draw, 4):
        share = rng.choice([0.2, 0.5, 1.0])
        keep = solution is not None and rng.random() < 0.8  # every set holds the solution's symbol
        allowed = []
        for c in range(ncells):
            mask = frozenset(range(n))
            if rng.random() < share:
                mask = frozenset(s for s in range(n) if rng.random() < 0.5)
                if keep and solution is not None:
                    mask |= {solution[c]}
            allowed.append(mask)
        build.story.append(f"allowed: {[sorted(a) for a in allowed]}")
    odd: list[Position] = []
    even: list[Position] = []
    if chance(draw, 5):
        for c, cell in enumerate(build.cells):
            if rng.random() < 0.3:
                parity = build.values[solution[c]] % 2 if solution is not None else rng.randrange(2)
                (odd if parity else even).append(cell)
        build.story.append(f"variants.odd_even(odd={odd}, even={even})")
    return givens, allowed, odd, even


def finish(
    build: _Build,
    givens: list[int],
    allowed: list[frozenset[int]] | None,
    odd: list[Position],
    even: list[Position],
    solution: tuple[int, ...] | None,
) -> Case:
    """Make the sudokit puzzle (with sudokit's restrict and odd_even) and the reference problem."""
    grid = build.grid
    masks = None if allowed is None else tuple(sum(1 << s for s in a) for a in allowed)
    puzzle = Puzzle(grid, tuple(givens), masks)
    if odd or even:
        puzzle = variants.odd_even(puzzle, odd, even)
        allowed = list(allowed) if allowed is not None else [frozenset(range(build.n))] * len(build.cells)
        where = dict(zip(build.cells, range(len(build.cells)), strict=True))
        for cells, parity in ((odd, 1), (even, 0)):
            for cell in cells:
                c = where[cell]
                allowed[c] = frozenset(s for s in allowed[c] if build.values[s] % 2 == parity)
    problem = build.problem(givens, allowed)
    return Case(puzzle, problem, build.story, solution if build.fits else None)


@st.composite
def small_puzzles(draw: st.DrawFn) -> Case:
    """A small puzzle of any shape and variant, often with many solutions, sometimes with none."""
    build = draw(small_shapes())
    build = draw(with_named_rules(build))
    rng = random.Random(draw(SEEDS))
    base = build.problem([EMPTY] * len(build.cells))
    solution = reference.random_solution(base, rng, budget=5_000)
    if solution is None:
        build.story.append("(the reference found no solution of these rules)")
    build = draw(with_random_rules(build, solution))
    if chance(draw, 3):
        build = draw(with_cages(build, solution))
    givens, allowed, odd, even = draw(givens_and_allowed(build, solution))
    return finish(build, givens, allowed, odd, even, solution)


# ------------------------------------------------------------------------------ larger classic grids


def shuffled_solution(grid: Grid, box: tuple[int, int], rng: random.Random) -> tuple[int, ...]:
    """A random-looking solution of an empty classic grid (or Latin square, with box (1, 1)):
    sudokit's first solution with its symbols relabelled, bands, stacks, rows within bands and columns
    within stacks shuffled, and (square boxes) maybe transposed.  The caller checks it with the
    reference."""
    n = grid.size
    first = sudokit.solve(Puzzle.empty(grid))
    assert first.solution is not None
    values = first.solution.values
    h, w = box
    bands, stacks = list(range(n // h)), list(range(n // w))
    rng.shuffle(bands)
    rng.shuffle(stacks)
    rows = [b * h + r for b in bands for r in rng.sample(range(h), h)]
    cols = [s * w + c for s in stacks for c in rng.sample(range(w), w)]
    relabel = rng.sample(range(n), n)
    out = [relabel[values[rows[r] * n + cols[c]]] for r in range(n) for c in range(n)]
    if h == w and rng.random() < 0.5:
        out = [out[c * n + r] for r in range(n) for c in range(n)]
    return tuple(out)


def _remove(
    build: _Build, solution: tuple[int, ...], most: int, rng: random.Random, change: bool
) -> list[int]:
    """The solution with up to ``most`` random cells emptied and, if ``change``, one given changed."""
    ncells, n = len(solution), build.n
    removed = set(rng.sample(range(ncells), rng.randint(0, min(most, ncells))))
    givens = [EMPTY if c in removed else v for c, v in enumerate(solution)]
    if change and n > 1 and len(removed) < ncells:
        c = rng.choice([c for c in range(ncells) if c not in removed])
        givens[c] = (givens[c] + rng.randint(1, n - 1)) % n
        build.story.append(f"{build.cells[c]} changed")
    build.story.append(f"givens: {givens}")
    return givens


@st.composite
def larger_classic_puzzles(
    draw: st.DrawFn, boxes: Sequence[tuple[int, int]] = LARGE_BOXES, most: float = 0.4
) -> Case:
    """An 8x8 to 16x16 classic puzzle: a random solution with at most a share ``most`` of its cells
    (and at most 110) removed, sometimes with one given changed, so the reference can count it."""
    box = draw(st.sampled_from(boxes))
    n = box[0] * box[1]
    symbols, values = draw(alphabets(n))
    rng = random.Random(draw(SEEDS))
    build = _classic(n, box, symbols, values)
    solution = shuffled_solution(build.grid, box, rng)
    givens = _remove(build, solution, min(int(most * n * n), 110), rng, chance(draw, 4))
    return finish(build, givens, None, [], [], solution)


@st.composite
def huge_puzzles(draw: st.DrawFn) -> Case:
    """A 25x25 to 64x64 classic grid or a Latin square of 33 to 64 symbols (the core's masks' high
    bits): a random solution with up to 30 cells removed, sometimes with one given changed."""
    if draw(st.booleans()):
        side = draw(st.integers(5, 8))
        box = (side, side)
        build = _classic(side * side, box, None, tuple(range(1, side * side + 1)))
    else:
        n = draw(st.integers(33, 64))
        box = (1, 1)
        build = _Build(Grid.latin(n), reference.square_cells(n), [], tuple(range(1, n + 1)), [])
        build.add_units(reference.lines(n))
        build.story.append(f"Grid.latin({n})")
    rng = random.Random(draw(SEEDS))
    solution = shuffled_solution(build.grid, box, rng)
    givens = _remove(build, solution, 30, rng, chance(draw, 4))
    return finish(build, givens, None, [], [], solution)


@st.composite
def named_multi_grid_puzzles(draw: st.DrawFn) -> Case:
    """A standard 9x9 multi-grid layout (samurai, twodoku, ...): a solution with up to 60 cells removed."""
    name = draw(st.sampled_from(sorted(variants.MULTI_GRID_LAYOUTS)))
    corners = variants.MULTI_GRID_LAYOUTS[name]
    grid = variants.named_multi_grid(name)
    cells = tuple(sorted({(t + r, lf + c) for t, lf in corners for r in range(9) for c in range(9)}))
    build = _Build(grid, cells, [], tuple(range(1, 10)), [f"variants.named_multi_grid({name!r})"])
    for t, lf in corners:
        build.add_units(reference.lines(9, t, lf) + reference.boxes(9, (3, 3), t, lf))
    rng = random.Random(draw(SEEDS))
    first = sudokit.solve(Puzzle.empty(grid))
    assert first.solution is not None
    relabel = rng.sample(range(9), 9)
    solution = tuple(relabel[v] for v in first.solution.values)
    givens = _remove(build, solution, 60, rng, chance(draw, 4))
    return finish(build, givens, None, [], [], solution)
