"""Variant rules as techniques: killer cage sums and pairwise relations (non-consecutive, ...).

These are the first deductions a solver of a killer or a non-consecutive puzzle makes: which
symbols a cage's sum still allows in each cell, and which symbols a neighbour's candidates rule out.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.logic.board import Board, digits_of, forbidden_by
from sudokit.logic.step import Step, eliminations_text
from sudokit.model import EMPTY


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


def cage_combinations(board: Board) -> Iterator[Step]:
    """A cage cell loses every symbol that no filling of the cage with its sum can put there."""
    for cage in board.grid.cages:
        if cage.total is None:
            continue
        empty = [c for c in cage.cells if board.value[c] == EMPTY]
        if not empty:
            continue
        support = _cage_support(board, cage.cells, cage.total)
        elims = tuple(
            (c, d)
            for i, c in enumerate(cage.cells)
            if board.value[c] == EMPTY
            for d in digits_of(board.cand[c] & ~support[i])
        )
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


FINDERS = (
    (("cage_combinations",), cage_combinations),
    (("relation_exclusion",), relation_exclusion),
)
"""(technique keys, finder) pairs of this module."""
