"""Variant rules as techniques: killer cages, pairwise relations, links, sums and line rules.

These are the first deductions a solver of a variant puzzle makes: which symbols a cage's sum still
allows in each cell, which symbols a neighbour's candidates rule out (non-consecutive, a thermometer
step, a kropki dot), the range an arrow's or little killer's sum leaves each cell, and what a line or
outside clue (renban, sandwich, ...) allows given the candidates along it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence

from sudokit import automata
from sudokit.constraints.base import Deduction, find_kind
from sudokit.constraints.base import kinds as all_kinds
from sudokit.errors import SudokitError
from sudokit.house_sums import house_sums
from sudokit.logic.board import Board, digits_of, forbidden_by
from sudokit.logic.step import TECHNIQUES, VARIANT_DEDUCTIONS, Step, eliminations_text
from sudokit.model import EMPTY, Grid, Link, Sum


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
                extra={"rule_cells": [list(cells)]},
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
                extra={"rule_cells": [list(cage.cells)]},
            )


def relation_exclusion(board: Board) -> Iterator[Step]:
    """A candidate goes when every candidate of a related cell is at a forbidden distance from it."""
    yield from _relation_steps(board, _generic)


def _relation_steps(board: Board, chosen: _Choice) -> Iterator[Step]:
    """Relation exclusion over the relations of the kinds ``chosen`` keeps."""
    n = board.n
    grid = board.grid
    kinds = grid.memo(
        "logic.relation-kinds",
        lambda: {frozenset(r.cells): r.kind for r in grid.relations if r.mask & ~1},
    )
    for cell, related in enumerate(board.layout.relations):
        mask = board.cand[cell]
        if not mask:
            continue
        for other, distances in related:
            kind = kinds.get(frozenset((cell, other)), "relation")
            technique = chosen(kind, "relation_exclusion")
            if technique is None:
                continue
            theirs = board.cand[other] or (1 << board.value[other] if board.value[other] != EMPTY else 0)
            if not theirs:
                continue
            elims = []
            for d in digits_of(mask):
                if theirs & ~forbidden_by(d, distances, n) == 0:
                    elims.append((cell, d))
            if elims:
                yield Step(
                    technique,
                    tuple(d for _, d in elims),
                    (cell, other),
                    (f"{board.name(cell)} and {board.name(other)}",),
                    eliminations=tuple(elims),
                    explanation=f"{_title(technique)} ({_noun(kind)}): {board.name(other)} holds only "
                    f"{board.syms(digits_of(theirs))}, and each of those forbids "
                    f"{board.syms(d for _, d in elims)} in {board.name(cell)}, so "
                    f"{eliminations_text(board, tuple(elims))}",
                    extra={"rule_cells": [[cell, other]]},
                )


def _unsupported(board: Board, cells: Sequence[int], support: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The candidates of the empty cells outside their support (one mask per cell): what goes."""
    return tuple(
        (c, d)
        for c, keep in zip(cells, support, strict=True)
        if board.value[c] == EMPTY
        for d in digits_of(board.cand[c] & ~keep)
    )


def _exclusion(
    technique: str, cells: tuple[int, ...], elims: tuple[tuple[int, int], ...], text: str, unit: str
) -> Step:
    """The step of a rule that removes candidates no filling of its cells supports.

    ``unit`` names the rule (``the arrow r5c5, r5c6, r5c7``): where a first hint says to look.
    """
    return Step(
        technique,
        tuple(sorted({d for _, d in elims})),
        cells,
        (unit,),
        eliminations=elims,
        explanation=text,
        extra={"rule_cells": [list(dict.fromkeys(cells))]},
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
    yield from _link_steps(board, _generic)


_GROUP_CELLS = 12
"""The most cells a group of joined links (a thermometer, a chain of dots) is solved as one; links
of bigger groups (a global negative rule's) are taken one by one."""

_GROUP_NODES = 20_000
"""The most search nodes one group's fillings are looked through; beyond it only link by link."""


def _link_groups(grid: Grid) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """The links of each kind joined by shared cells: (kind, cells in line order, link indexes).

    A thermometer, a whisper line, a chain of kropki dots along a row: what a solver reads as one.
    Groups bigger than :data:`_GROUP_CELLS` cells are split back into single links.
    """
    by_kind: dict[str, list[int]] = {}
    for k, link in enumerate(grid.links):
        by_kind.setdefault(link.kind, []).append(k)
    groups: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
    for kind, indexes in by_kind.items():
        parent: dict[int, int] = {}
        for k in indexes:
            a, b = grid.links[k].cells
            parent[_root(parent, a)] = _root(parent, b)
        members: dict[int, list[int]] = {}
        for k in indexes:
            members.setdefault(_root(parent, grid.links[k].cells[0]), []).append(k)
        for links in members.values():
            cells = _line_order([grid.links[k].cells for k in links])
            if len(cells) > _GROUP_CELLS:
                groups += [(kind, grid.links[k].cells, (k,)) for k in links]
            else:
                groups.append((kind, cells, tuple(links)))
    return groups


def _group_name(kind: str, links: int, board: Board, cells: Sequence[int]) -> str:
    """A joined group of links as a player names it.

    ``the thermometer r1c1 to r1c5`` (one rule), or ``the 2 kropki dots on r4c9, r4c8, r4c7`` (a chain
    of dots, each a rule of its own).
    """
    try:
        pairs = find_kind(kind).family == "dot"
    except SudokitError:
        pairs = False
    if pairs and links > 1:
        return f"the {links} {_noun(kind)}s on {_span(board, cells)}"
    return f"the {_noun(kind)} {_span(board, cells)}"


def _span(board: Board, cells: Sequence[int]) -> str:
    """``r1c1, r1c2, r1c3``, or ``r1c1 to r1c5`` for a line of more cells (in line order)."""
    if len(cells) <= 3:
        return board.cells_text(cells)
    return f"{board.name(cells[0])} to {board.name(cells[-1])}"


def _root(parent: dict[int, int], c: int) -> int:
    """The representative of ``c``'s set in a union-find forest (halving the path as it goes)."""
    while parent.setdefault(c, c) != c:
        parent[c] = parent[parent[c]]
        c = parent[c]
    return c


def _line_order(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """The cells of joined pairs, walked from an end when they form a line (else in first-seen order)."""
    joined: dict[int, list[int]] = {}
    for a, b in pairs:
        joined.setdefault(a, []).append(b)
        joined.setdefault(b, []).append(a)
    ends = [c for c, others in joined.items() if len(others) == 1]
    start = pairs[0][0] if not ends else (pairs[0][0] if pairs[0][0] in ends else ends[0])
    order: list[int] = []
    stack = [start]
    while stack:
        c = stack.pop()
        if c in order:
            continue
        order.append(c)
        stack.extend(reversed([x for x in joined[c] if x not in order]))
    return tuple(order)


_Checks = list[list[tuple[int, tuple[int, ...]]]]
"""For each cell of a group of links: (earlier cell, table from its symbol to the allowed mask)."""


def _group_support(board: Board, cells: tuple[int, ...], checks: _Checks) -> list[int] | None:
    """For each cell of a group, the candidates some filling keeps: every link holds, seen cells differ.

    ``checks[i]`` lists, for cell i, (earlier cell j, table from j's symbol to i's allowed mask).
    None when the search passes :data:`_GROUP_NODES` nodes.
    """
    masks = [_options(board, c) for c in cells]
    peer_mask = board.layout.peer_mask
    seen_before = [[j for j in range(i) if peer_mask[cells[i]] >> cells[j] & 1] for i in range(len(cells))]
    support = [0] * len(cells)
    chosen = [0] * len(cells)
    nodes = 0

    def search(i: int) -> bool:
        nonlocal nodes
        if i == len(cells):
            for k, d in enumerate(chosen):
                support[k] |= 1 << d
            return True
        nodes += 1
        if nodes > _GROUP_NODES:
            raise _TooBig
        allowed = masks[i]
        for j, table in checks[i]:
            allowed &= table[chosen[j]]
        for j in seen_before[i]:
            allowed &= ~(1 << chosen[j])
        for d in digits_of(allowed):
            chosen[i] = d
            if search(i + 1):
                return True
        return False

    try:
        for i in range(len(cells)):
            for d in digits_of(masks[i] & ~support[i]):
                if support[i] >> d & 1:
                    continue
                saved = masks[i]
                masks[i] = 1 << d
                search(0)
                masks[i] = saved
    except _TooBig:
        return None
    return support


class _TooBig(Exception):
    """A group's search passed its node limit."""


def _group_checks(
    grid: Grid, group: tuple[str, tuple[int, ...], tuple[int, ...]], tables: list[tuple[int, ...]]
) -> _Checks:
    """For each cell of a group, (earlier cell, table from its symbol to this cell's allowed mask).

    Built once per grid: a link read from its second cell to its first takes its table backwards.
    """
    _, cells, links = group
    place = {c: i for i, c in enumerate(cells)}
    checks: _Checks = [[] for _ in cells]
    for k in links:
        a, b = grid.links[k].cells
        if place[a] < place[b]:
            checks[place[b]].append((place[a], tables[k]))
        else:
            back = tuple(
                sum(1 << x for x in range(len(tables[k])) if tables[k][x] >> y & 1)
                for y in range(len(tables[k]))
            )
            checks[place[a]].append((place[b], back))
    return checks


def _link_steps(board: Board, chosen: _Choice) -> Iterator[Step]:
    """Link exclusion over the links of the kinds ``chosen`` keeps, a whole group of joined links at once.

    A group (a thermometer, a chain of dots) loses every candidate no filling of its cells puts
    there: each link's rule holds and cells that see each other differ.  A group too big to search
    is taken link by link.
    """
    grid = board.grid
    tables = grid.memo("logic.link-tables", lambda: [link.table(grid.values) for link in grid.links])
    groups = grid.memo("logic.link-groups", lambda: _link_groups(grid))
    all_checks = grid.memo(
        "logic.link-group-checks", lambda: [_group_checks(grid, g, tables) for g in groups]
    )
    for (kind, cells, links), checks in zip(groups, all_checks, strict=True):
        technique = chosen(kind, "link_exclusion")
        if technique is None or all(board.value[c] != EMPTY for c in cells):
            continue
        support = _group_support(board, cells, checks) if len(links) > 1 else None
        if support is not None:
            elims = _unsupported(board, cells, support)
            if elims:
                named = _group_name(kind, len(links), board, cells)
                yield Step(
                    technique,
                    tuple(sorted({d for _, d in elims})),
                    cells,
                    (named,),
                    eliminations=elims,
                    explanation=f"{_title(technique)}: {named} "
                    f"({_rule_words(kind)}): no filling of its cells from the candidates left allows "
                    f"these, so {eliminations_text(board, elims)}",
                    extra={"rule_cells": [list(cells)]},
                )
            continue
        for k in links:
            yield from _single_link(board, technique, grid.links[k], tables[k])


def _single_link(board: Board, technique: str, link: Link, table: tuple[int, ...]) -> Iterator[Step]:
    """Link exclusion on one link: a candidate goes when no candidate across the link fits with it."""
    a, b = link.cells
    ours, theirs = _options(board, a), _options(board, b)
    elims = []
    if board.value[a] == EMPTY:
        elims += [(a, x) for x in digits_of(ours) if not table[x] & theirs]
    if board.value[b] == EMPTY:
        elims += [(b, y) for y in digits_of(theirs) if not any(table[x] >> y & 1 for x in digits_of(ours))]
    if elims:
        yield Step(
            technique,
            tuple(sorted({d for _, d in elims})),
            (a, b),
            (f"the {_noun(link.kind)} between {board.name(a)} and {board.name(b)}",),
            eliminations=tuple(elims),
            explanation=f"{_title(technique)} ({_noun(link.kind)}): {_link_rule_text(board, link)}, so "
            f"{eliminations_text(board, elims)}, which no candidate of the other cell fits",
            extra={"rule_cells": [[a, b]]},
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


_SUM_NODES = 50_000
"""The most search nodes a sum's exact support is looked for through; beyond it only bounds are used."""


def _sum_support(board: Board, total: Sum) -> list[int]:
    """For each term of the sum, the candidates that appear in some choice meeting the total.

    A choice gives cells that see each other different symbols (and a cell named twice the same
    one).  Found candidate by candidate with a bounded search (the others' extremes prune it); a
    sum too wide to search keeps the candidates its bounds allow.  Cached per grid by the
    candidates, as the path asks the same sums again at every step.
    """
    masks = tuple(_options(board, c) for c in total.cells)
    cache: dict[tuple[Sum, tuple[int, ...]], list[int]] = board.grid.memo("logic.sum-support", dict)
    key = (total, masks)
    found = cache.get(key)
    if found is None:
        if len(cache) > 100_000:
            cache.clear()
        found = cache[key] = _sum_search(board, total, masks) or _sum_bounds_support(board, total, masks)
    return list(found)


def _sum_bounds_support(board: Board, total: Sum, masks: tuple[int, ...]) -> list[int]:
    """Each term's candidates within what the other terms' extremes leave."""
    values = board.grid.values
    options = [digits_of(m) for m in masks]
    factors = total.factors
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


def _sum_search(board: Board, total: Sum, masks: tuple[int, ...]) -> list[int] | None:
    """The exact support of a sum (see :func:`_sum_support`); None past :data:`_SUM_NODES` nodes."""
    values = board.grid.values
    cells = total.cells
    m = len(cells)
    peer_mask = board.layout.peer_mask
    order = sorted(range(m), key=lambda i: bin(masks[i]).count("1"))
    # for the term at each depth: the depths before it it must differ from, or equal
    differ = [
        [k for k in range(depth) if peer_mask[cells[order[depth]]] >> cells[order[k]] & 1]
        for depth in range(m)
    ]
    same = [[k for k in range(depth) if cells[order[k]] == cells[order[depth]]] for depth in range(m)]
    support = [0] * m
    chosen = [0] * m
    nodes = 0
    options = [list(digits_of(mask)) for mask in masks]

    def bounds(opts: list[list[int]]) -> tuple[list[int], list[int]]:
        low = [0] * (m + 1)
        high = [0] * (m + 1)
        for depth in range(m - 1, -1, -1):
            i = order[depth]
            terms = [total.factors[i] * values[d] for d in opts[i]] or [0]
            low[depth] = low[depth + 1] + min(terms)
            high[depth] = high[depth + 1] + max(terms)
        return low, high

    def search(depth: int, remaining: int, opts: list[list[int]], low: list[int], high: list[int]) -> bool:
        nonlocal nodes
        if depth == m:
            if remaining:
                return False
            for k in range(m):
                support[order[k]] |= 1 << chosen[k]
            return True
        if not low[depth] <= remaining <= high[depth]:
            return False
        nodes += 1
        if nodes > _SUM_NODES:
            raise _TooBig
        i = order[depth]
        factor = total.factors[i]
        for d in opts[i]:
            if any(chosen[k] == d for k in differ[depth]) or any(chosen[k] != d for k in same[depth]):
                continue
            chosen[depth] = d
            if search(depth + 1, remaining - factor * values[d], opts, low, high):
                return True
        return False

    try:
        for i in range(m):
            for d in options[i]:
                if support[i] >> d & 1:
                    continue
                opts = list(options)
                opts[i] = [d]
                low, high = bounds(opts)
                search(0, total.total, opts, low, high)
    except _TooBig:
        return None
    return support


def sum_bounds(board: Board) -> Iterator[Step]:
    """A candidate goes when no choice of the other cells' candidates lets a sum reach its total with it.

    The sums of arrows, little killers, zipper and region sum lines, double arrows and sum cages.
    """
    yield from _sum_steps(board, _generic)


def _sum_steps(board: Board, chosen: _Choice) -> Iterator[Step]:
    """Sum bounds over the sums of the kinds ``chosen`` keeps."""
    for total in board.grid.sums:
        technique = chosen(total.kind, "sum_bounds")
        if technique is None:
            continue
        elims = _unsupported(board, total.cells, _sum_support(board, total))
        if elims:
            yield _exclusion(
                technique,
                total.cells,
                elims,
                f"{_title(technique)} ({_noun(total.kind)}): {_equation(board, total)}; no choice of "
                f"the candidates left makes it hold with these, so {eliminations_text(board, elims)}",
                f"the {_noun(total.kind)} {_span(board, total.cells)}",
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
                f"the {' and the '.join(parts)}",
            )


def line_rule_exclusion(board: Board) -> Iterator[Step]:
    """A candidate goes when no filling of a line rule's cells from the candidates left puts it there.

    Renban, between, entropic and modular lines, sandwich, X-sum and skyscraper clues, quadruples.
    """
    yield from _line_rule_steps(board, _generic)


def _line_rule_steps(board: Board, chosen: _Choice) -> Iterator[Step]:
    """Line rule exclusion over the line rules of the kinds ``chosen`` keeps."""
    grid = board.grid
    n = board.n
    for rule in grid.line_rules:
        technique = chosen(rule.kind, "line_rule_exclusion")
        if technique is None:
            continue
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
                technique,
                rule.cells,
                elims,
                f"{_title(technique)}: {what} ({automata.KINDS[rule.kind].description}): "
                "with the candidates left no filling of its cells fits these, so "
                f"{eliminations_text(board, elims)}",
                what,
            )


# ------------------------------------------------------------------ each kind's deduction, by name

_Choice = Callable[[str, str], "str | None"]
"""Given a primitive's kind and the generic technique, the technique to report it under, or None to
leave it to another finder."""


@functools.cache
def deduction_of(kind: str) -> Deduction | None:
    """The deduction a kind declares (:attr:`~sudokit.constraints.Constraint.deduction`), if any."""
    try:
        return find_kind(kind).deduction
    except SudokitError:
        return None


def _generic(kind: str, technique: str) -> str | None:
    """The generic finders take the primitives of kinds that declare no deduction of their own."""
    return technique if deduction_of(kind) is None else None


def _title(technique: str) -> str:
    """The technique's display name, as a step's sentence opens with it."""
    return TECHNIQUES[technique].name


@functools.cache
def _noun(kind: str) -> str:
    """What players call one of a kind (``thermometer``, ``kropki dot``)."""
    try:
        return find_kind(kind).noun
    except SudokitError:
        return kind


@functools.cache
def _rule_words(kind: str) -> str:
    """A kind's rule in words, first clause (``digits strictly increase along the line, ...``)."""
    try:
        return find_kind(kind).rule.split(";")[0]
    except SudokitError:
        return "its rule holds"


def _deduction_finder(key: str) -> Callable[[Board], Iterator[Step]]:
    """The finder of one deduction: the links, sums, line rules and relations of its kinds."""
    kinds = frozenset(k.kind for k in all_kinds() if k.deduction is not None and k.deduction.key == key)

    def chosen(kind: str, technique: str) -> str | None:
        return key if kind in kinds else None

    def find(board: Board) -> Iterator[Step]:
        yield from _link_steps(board, chosen)
        yield from _sum_steps(board, chosen)
        yield from _line_rule_steps(board, chosen)
        yield from _relation_steps(board, chosen)

    find.__name__ = find.__qualname__ = key
    find.__doc__ = TECHNIQUES[key].description
    return find


FINDERS = (
    (("cage_combinations",), cage_combinations),
    (("relation_exclusion",), relation_exclusion),
    (("link_exclusion",), link_exclusion),
    (("sum_bounds",), sum_bounds),
    (("rule_of_45",), rule_of_45),
    (("cage_must_contain",), cage_must_contain),
    (("line_must_contain",), line_must_contain),
    (("line_rule_exclusion",), line_rule_exclusion),
    *(((key,), _deduction_finder(key)) for key in VARIANT_DEDUCTIONS),
)
"""(technique keys, finder) pairs of this module."""


def _kinds_present(grid: Grid) -> frozenset[str]:
    """The kinds of the grid's links, sums, line rules and relations (what the variant finders read)."""
    return grid.memo(
        "logic.rule-kinds",
        lambda: frozenset(
            x.kind
            for family in (grid.links, grid.sums, grid.line_rules, [r for r in grid.relations if r.mask & ~1])
            for x in family
        ),
    )


def _has_kinds_of(key: str) -> Callable[[Grid], bool]:
    kinds = frozenset(k.kind for k in all_kinds() if k.deduction is not None and k.deduction.key == key)
    return lambda grid: bool(kinds & _kinds_present(grid))


def _has_generic(grid: Grid) -> bool:
    return any(deduction_of(kind) is None for kind in _kinds_present(grid))


APPLIES: dict[str, Callable[[Grid], bool]] = {
    "cage_combinations": lambda grid: bool(grid.cages),
    "rule_of_45": lambda grid: bool(grid.cages),
    "cage_must_contain": lambda grid: bool(grid.cages),
    "line_must_contain": lambda grid: any(unit.required for unit in grid.units),
    "relation_exclusion": _has_generic,
    "link_exclusion": _has_generic,
    "sum_bounds": _has_generic,
    "line_rule_exclusion": _has_generic,
    **{key: _has_kinds_of(key) for key in VARIANT_DEDUCTIONS},
}
"""For each finder of this module (by its first key): whether a grid has the rules it reads."""
