"""Variant rules as techniques: killer cages, pairwise relations, links, sums and line rules.

These are the first deductions a solver of a variant puzzle makes: which symbols a cage's sum still
allows in each cell, which symbols a neighbour's candidates rule out (non-consecutive, a thermometer
step, a kropki dot), the range an arrow's or little killer's sum leaves each cell, and what a line or
outside clue (renban, sandwich, ...) allows given the candidates along it.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

from sudokit import automata
from sudokit.house_sums import house_sums
from sudokit.logic.board import Board, digits_of, forbidden_by
from sudokit.logic.step import Step, eliminations_text
from sudokit.model import EMPTY, Link, Sum


def _cage_support(board: Board, cells: tuple[int, ...], total: int) -> list[int]:
    """For each cage cell, the symbols that appear in some valid filling of the cage."""
    values = board.grid.values
    options = []
    for c in cells:
        v = board.value[c]
        options.append([v] if v != EMPTY else digits_of(board.cand[c]))
    support = [0] * len(cells)
    order = sorted(range(len(cells)), key=lambda i: len(options[i]))
    chosen = [0] * len(cells)

    def search(k: int, used: int, remaining: int) -> bool:
        if k == len(order):
            if remaining != 0:
                return False
            for i in range(len(cells)):
                support[i] |= 1 << chosen[i]
            return True
        left = len(order) - k
        free = [values[d] for d in range(len(values)) if not used >> d & 1]
        if len(free) < left:
            return False
        free.sort()
        if remaining < sum(free[:left]) or remaining > sum(free[-left:]):
            return False
        found = False
        i = order[k]
        for d in options[i]:
            if used >> d & 1:
                continue
            chosen[i] = d
            if search(k + 1, used | 1 << d, remaining - values[d]):
                found = True
        return found

    search(0, 0, total)
    return support


def _cage_sets(board: Board, cells: tuple[int, ...], total: int) -> set[int]:
    """The symbol sets (masks) of every valid filling of a cage with its sum, as the candidates allow."""
    values = board.grid.values
    options = [[v] if (v := board.value[c]) != EMPTY else digits_of(board.cand[c]) for c in cells]
    order = sorted(range(len(cells)), key=lambda i: len(options[i]))
    found: set[int] = set()

    def search(k: int, used: int, remaining: int) -> None:
        if k == len(order):
            if remaining == 0:
                found.add(used)
            return
        for d in options[order[k]]:
            if not used >> d & 1 and values[d] <= remaining:
                search(k + 1, used | 1 << d, remaining - values[d])

    search(0, 0, total)
    return found


def cage_must_contain(board: Board) -> Iterator[Step]:
    """A symbol every filling of a cage uses is in the cage: cells that see all its places there lose it.

    A killer's pointing: the cage works as a house for that symbol.
    """
    for cage in board.grid.cages:
        if cage.total is None or all(board.value[c] != EMPTY for c in cage.cells):
            continue
        sets = _cage_sets(board, cage.cells, cage.total)
        if not sets:
            continue
        required = functools.reduce(lambda a, b: a & b, sets)
        name = cage.name(board.grid)
        yield from _pointing(
            board,
            "cage_must_contain",
            cage.cells,
            required,
            name,
            f"Cage must contain: every filling of the {name} with different symbols uses",
        )


def line_must_contain(board: Board) -> Iterator[Step]:
    """A line that must hold some symbols (a long renban's middle digits) points like a house for them."""
    n = len(board.grid.symbols)
    for unit in board.grid.units:
        if not unit.required or len(unit.cells) >= n:
            continue
        yield from _pointing(
            board,
            "line_must_contain",
            unit.cells,
            sum(1 << d for d in unit.required),
            unit.name,
            f"Line must contain: {unit.name} holds a run of {len(unit.cells)} different digits, so it uses",
        )


def _pointing(
    board: Board, technique: str, cells: Sequence[int], required: int, name: str, why: str
) -> Iterator[Step]:
    """For each symbol the cells must hold: the cells outside them that see all its places lose it."""
    peers = board.layout.peers
    members = set(cells)
    for d in digits_of(required):
        if any(board.value[c] == d for c in cells):
            continue
        places = [c for c in cells if board.value[c] == EMPTY and board.cand[c] >> d & 1]
        if not places:
            continue
        seen = set.intersection(*(set(peers[c]) for c in places)) - members
        elims = tuple((x, d) for x in sorted(seen) if board.value[x] == EMPTY and board.cand[x] >> d & 1)
        if elims:
            yield Step(
                technique,
                (d,),
                tuple(places),
                (name,),
                eliminations=elims,
                explanation=f"{why} {board.sym(d)}, which can only go in {board.cells_text(places)}; "
                f"{eliminations_text(board, elims)}, since they see all of those cells",
            )


def cage_combinations(board: Board) -> Iterator[Step]:
    """A cage cell loses every symbol that no filling of the cage with its sum can put there."""
    for cage in board.grid.cages:
        if cage.total is None:
            continue
        empty = [c for c in cage.cells if board.value[c] == EMPTY]
        if not empty:
            continue
        elims = _unsupported(board, cage.cells, _cage_support(board, cage.cells, cage.total))
        if elims:
            name = cage.name(board.grid)
            yield Step(
                "cage_combinations",
                tuple(sorted({d for _, d in elims})),
                cage.cells,
                (name,),
                eliminations=elims,
                explanation=f"Cage combinations: {name} must add up to {cage.total} with different "
                f"symbols, and no such filling fits these candidates, so {eliminations_text(board, elims)}",
            )


def relation_exclusion(board: Board) -> Iterator[Step]:
    """A candidate goes when every candidate of a related cell is at a forbidden distance from it."""
    n = board.n
    for cell, related in enumerate(board.layout.relations):
        mask = board.cand[cell]
        if not mask:
            continue
        for other, distances in related:
            theirs = board.cand[other] or (1 << board.value[other] if board.value[other] != EMPTY else 0)
            if not theirs:
                continue
            elims = []
            for d in digits_of(mask):
                if theirs & ~forbidden_by(d, distances, n) == 0:
                    elims.append((cell, d))
            if elims:
                kind = next(
                    (r.kind for r in board.grid.relations if set(r.cells) == {cell, other}), "relation"
                )
                yield Step(
                    "relation_exclusion",
                    tuple(d for _, d in elims),
                    (cell, other),
                    (),
                    eliminations=tuple(elims),
                    explanation=f"Relation ({kind}): {board.name(other)} holds only "
                    f"{board.syms(digits_of(theirs))}, and each of those forbids "
                    f"{board.syms(d for _, d in elims)} in {board.name(cell)}, so "
                    f"{eliminations_text(board, tuple(elims))}",
                )


def _unsupported(board: Board, cells: Sequence[int], support: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The candidates of the empty cells outside their support (one mask per cell): what goes."""
    return tuple(
        (c, d)
        for c, keep in zip(cells, support, strict=True)
        if board.value[c] == EMPTY
        for d in digits_of(board.cand[c] & ~keep)
    )


def _exclusion(technique: str, cells: tuple[int, ...], elims: tuple[tuple[int, int], ...], text: str) -> Step:
    """The step of a rule that removes candidates no filling of its cells supports."""
    return Step(
        technique, tuple(sorted({d for _, d in elims})), cells, (), eliminations=elims, explanation=text
    )


def _options(board: Board, cell: int) -> int:
    """A cell's candidates as a mask, its symbol's bit once it is placed."""
    v = board.value[cell]
    return 1 << v if v != EMPTY else board.cand[cell]


_LINK_RULES = {
    "less": "{a} < {b}",
    "less_or_equal": "{a} <= {b}",
    "difference": "{a} and {b} differ by {v}",
    "ratio": "one of {a} and {b} is {v} times the other",
    "sum": "{a} + {b} = {v}",
    "difference_at_least": "{a} and {b} differ by at least {v}",
    "equal": "{a} = {b}",
    "pairs": "{a} and {b} hold a pair of values the rule allows",
}


def _link_rule_text(board: Board, link: Link) -> str:
    a, b = (board.name(c) for c in link.cells)
    text = _LINK_RULES[link.rule].format(a=a, b=b, v=link.value).replace("2 times", "twice")
    return f"not {text}" if link.negated else text


def link_exclusion(board: Board) -> Iterator[Step]:
    """A candidate goes when no candidate of the cell linked to it fits the link's rule with it."""
    grid = board.grid
    tables = grid.memo("logic.link-tables", lambda: [link.table(grid.values) for link in grid.links])
    for link, table in zip(grid.links, tables, strict=True):
        a, b = link.cells
        ours, theirs = _options(board, a), _options(board, b)
        elims = []
        if board.value[a] == EMPTY:
            elims += [(a, x) for x in digits_of(ours) if not table[x] & theirs]
        if board.value[b] == EMPTY:
            elims += [
                (b, y) for y in digits_of(theirs) if not any(table[x] >> y & 1 for x in digits_of(ours))
            ]
        if elims:
            yield Step(
                "link_exclusion",
                tuple(sorted({d for _, d in elims})),
                (a, b),
                (),
                eliminations=tuple(elims),
                explanation=f"{link.kind.capitalize()}: {_link_rule_text(board, link)}, so "
                f"{eliminations_text(board, elims)}, which no candidate of the other cell fits",
            )


def _equation(board: Board, total: Sum) -> str:
    """``r7c4 + r7c5 = r7c3``, ``r1c1 + r2c2 = 15``: a sum as players write it."""

    def side(terms: Sequence[tuple[int, int]]) -> str:
        return " + ".join(f"{f}x{board.name(c)}" if f != 1 else board.name(c) for c, f in terms)

    pairs = list(zip(total.cells, total.factors, strict=True))
    left = [(c, f) for c, f in pairs if f > 0]
    right = [(c, -f) for c, f in pairs if f < 0]
    parts = ([side(right)] if right else []) + ([str(total.total)] if total.total or not right else [])
    return f"{side(left) or '0'} = {' + '.join(parts)}"


_EXACT_LIMIT = 50_000
"""The most candidate combinations a sum is searched through; beyond it only bounds are used."""


def _sum_support(board: Board, total: Sum) -> list[int]:
    """For each term of the sum, the candidates that appear in some choice meeting the total."""
    values = board.grid.values
    options = [digits_of(_options(board, c)) for c in total.cells]
    factors = total.factors
    combos = 1
    for option in options:
        combos *= max(1, len(option))
    if combos > _EXACT_LIMIT:  # bounds: each term within what the others' extremes leave
        lows = [min(f * values[d] for d in o) if o else 0 for f, o in zip(factors, options, strict=True)]
        highs = [max(f * values[d] for d in o) if o else 0 for f, o in zip(factors, options, strict=True)]
        low, high = sum(lows), sum(highs)
        return [
            sum(
                1 << d
                for d in o
                if low - lows[i] + f * values[d] <= total.total <= high - highs[i] + f * values[d]
            )
            for i, (f, o) in enumerate(zip(factors, options, strict=True))
        ]
    support = [0] * len(options)
    for choice in itertools.product(*options):
        if sum(f * values[d] for f, d in zip(factors, choice, strict=True)) == total.total:
            for i, d in enumerate(choice):
                support[i] |= 1 << d
    return support


def sum_bounds(board: Board) -> Iterator[Step]:
    """A candidate goes when no choice of the other cells' candidates lets a sum reach its total with it.

    The sums of arrows, little killers, zipper and region sum lines, double arrows and sum cages.
    """
    for total in board.grid.sums:
        elims = _unsupported(board, total.cells, _sum_support(board, total))
        if elims:
            yield _exclusion(
                "sum_bounds",
                total.cells,
                elims,
                f"{total.kind.capitalize()}: {_equation(board, total)}; no choice of the "
                f"candidates left makes it hold with these, so {eliminations_text(board, elims)}",
            )


def rule_of_45(board: Board) -> Iterator[Step]:
    """The rule of 45: innies less outies of an area of whole houses add up to what the cages leave.

    Whole houses add up to 45 each (the symbols' sum); what killer cages leave inside an area of
    houses (innies), less what they reach outside it (outies), adds up to the rest.  Each such sum
    (:func:`sudokit.house_sums.house_sums`, as the core has them) bounds its cells like any other
    sum: a candidate goes when no choice of the others lets the sum reach its total with it.
    """
    grid = board.grid
    derived = grid.memo("logic.house-sums", lambda: house_sums(grid))
    whole = sum(grid.values)
    for total in derived:
        elims = _unsupported(board, total.cells, _sum_support(board, total))
        if elims:
            inside = [board.name(c) for c, f in zip(total.cells, total.factors, strict=True) if f > 0]
            outside = [board.name(c) for c, f in zip(total.cells, total.factors, strict=True) if f < 0]
            parts = [f"innies {', '.join(inside)}"] if inside else []
            parts += [f"outies {', '.join(outside)}"] if outside else []
            yield _exclusion(
                "rule_of_45",
                total.cells,
                elims,
                f"Rule of {whole}: whole houses add up to {whole} each, so with the cages' sums the "
                f"{' and the '.join(parts)} give {_equation(board, total)}; no choice of the "
                f"candidates left makes it hold with these, so {eliminations_text(board, elims)}",
            )


def line_rule_exclusion(board: Board) -> Iterator[Step]:
    """A candidate goes when no filling of a line rule's cells from the candidates left puts it there.

    Renban, between, entropic and modular lines, sandwich, X-sum and skyscraper clues, quadruples.
    """
    grid = board.grid
    n = board.n
    for rule in grid.line_rules:
        _, table = automata.compile_rule(rule.kind, rule.clue, len(rule.cells), grid.values)
        masks = [_options(board, c) for c in rule.cells]
        reached = [{0}]
        for i, m in enumerate(masks):
            reached.append({t for q in reached[i] for d in digits_of(m) if (t := table[q * n + d]) >= 0})
        alive = {q for q in reached[-1]}
        support = [0] * len(masks)
        for i in range(len(masks) - 1, -1, -1):
            keep = set()
            for q in reached[i]:
                for d in digits_of(masks[i]):
                    t = table[q * n + d]
                    if t >= 0 and t in alive:
                        support[i] |= 1 << d
                        keep.add(q)
            alive = keep
        elims = _unsupported(board, rule.cells, support)
        if elims:
            what = rule.describe(grid)
            yield _exclusion(
                "line_rule_exclusion",
                rule.cells,
                elims,
                f"{what[0].upper()}{what[1:]} ({automata.KINDS[rule.kind].description}): "
                "with the candidates left no filling of its cells fits these, so "
                f"{eliminations_text(board, elims)}",
            )


FINDERS = (
    (("cage_combinations",), cage_combinations),
    (("relation_exclusion",), relation_exclusion),
    (("link_exclusion",), link_exclusion),
    (("sum_bounds",), sum_bounds),
    (("rule_of_45",), rule_of_45),
    (("cage_must_contain",), cage_must_contain),
    (("line_must_contain",), line_must_contain),
    (("line_rule_exclusion",), line_rule_exclusion),
)
"""(technique keys, finder) pairs of this module."""
