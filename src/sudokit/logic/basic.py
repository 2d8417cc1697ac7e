"""Singles, intersections (locked candidates) and subsets: the techniques most puzzles need.

Each finder yields every step it can take on the board, most useful first, without changing the
board.  They read only houses and candidates, so they work on any grid size, jigsaw regions and
extra units such as diagonals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from sudokit.logic.board import Board, House, digits_of
from sudokit.logic.step import Step, eliminations_text, join_names
from sudokit.model import EMPTY

FinderFunction = Callable[[Board], Iterator[Step]]

SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quadruple"}


def full_house(board: Board) -> Iterator[Step]:
    """A house with one empty cell: the missing symbol goes there."""
    value, full = board.value, (1 << board.n) - 1
    for house in board.houses:
        empty = [c for c in house.cells if value[c] == EMPTY]
        if len(empty) != 1:
            continue
        cell = empty[0]
        missing = full
        for c in house.cells:
            if value[c] != EMPTY:
                missing &= ~(1 << value[c])
        if missing.bit_count() == 1 and board.cand[cell] & missing:
            d = missing.bit_length() - 1
            yield Step(
                "full_house",
                (d,),
                (cell,),
                (house.name,),
                placements=((cell, d),),
                explanation=f"Full house: {board.name(cell)} is the last empty cell of {house.name}, "
                f"so it takes the missing {board.sym(d)}",
            )


def naked_single(board: Board) -> Iterator[Step]:
    """A cell with one candidate left."""
    for cell, mask in enumerate(board.cand):
        if mask and mask & (mask - 1) == 0:
            d = mask.bit_length() - 1
            yield Step(
                "naked_single",
                (d,),
                (cell,),
                (),
                placements=((cell, d),),
                explanation=f"Naked single: {board.name(cell)} can only hold {board.sym(d)}; "
                "every other symbol is already in one of its units",
            )


def hidden_single(board: Board) -> Iterator[Step]:
    """A symbol with one place left in a house."""
    cand, value = board.cand, board.value
    for house in sorted(board.houses, key=_block_first):
        placed = 0
        once = twice = 0
        for c in house.cells:
            if value[c] != EMPTY:
                placed |= 1 << value[c]
            m = cand[c]
            twice |= once & m
            once |= m
        single = once & ~twice & ~placed
        for d in digits_of(single):
            cell = next(c for c in house.cells if cand[c] >> d & 1)
            yield Step(
                "hidden_single",
                (d,),
                (cell,),
                (house.name,),
                placements=((cell, d),),
                explanation=f"Hidden single: in {house.name}, {board.sym(d)} fits only in {board.name(cell)}",
            )


def _block_first(house: House) -> int:
    return 0 if house.kind in ("box", "region") else 1


def _is_block(house: House) -> bool:
    return house.kind in ("box", "region")


def locked_candidates(board: Board, kind: str) -> Iterator[Step]:
    """Pointing (type 1) and claiming (type 2): a symbol's places in one house all lie in another.

    The symbol must then go in the overlap, so the second house loses it everywhere else.
    Pointing starts from a box (or region), claiming from any other house.
    """
    houses = board.houses
    cell_houses = board.layout.cell_houses
    cand = board.cand
    pointing = kind == "locked_candidates_1"
    for a in houses:
        if pointing != _is_block(a):
            continue
        for d, where in enumerate(board.places(a)):
            if len(where) < 2:
                continue
            common = set(cell_houses[where[0]])
            for c in where[1:]:
                common.intersection_update(cell_houses[c])
            common.discard(a.index)
            for b_index in sorted(common):
                b = houses[b_index]
                if pointing and _is_block(b):
                    continue
                elims = tuple((c, d) for c in b.cells if c not in a.cell_set and cand[c] >> d & 1)
                if not elims:
                    continue
                verb = "Pointing" if pointing else "Claiming"
                yield Step(
                    kind,
                    (d,),
                    tuple(where),
                    (a.name, b.name),
                    eliminations=elims,
                    explanation=f"{verb}: in {a.name}, {board.sym(d)} can only go in "
                    f"{board.cells_text(where)}, all in {b.name}, so {eliminations_text(board, elims)}",
                )


def naked_subsets(board: Board, size: int, want: str | None = None) -> Iterator[Step]:
    """``size`` cells of a house holding only ``size`` symbols between them.

    Those symbols are then locked into those cells, and every other cell of the house (and of a
    second house holding all of them: a locked pair or triple) loses them.
    """
    cand = board.cand
    houses = board.houses
    cell_houses = board.layout.cell_houses
    seen: set[tuple[int, ...]] = set()
    for house in sorted(houses, key=_block_first):
        empty = [c for c in house.cells if cand[c] and cand[c].bit_count() <= size]
        if len(empty) < size:
            continue
        for cells in combinations(empty, size):
            mask = 0
            for c in cells:
                mask |= cand[c]
            if mask.bit_count() != size or cells in seen:
                continue
            seen.add(cells)
            shared = set(cell_houses[cells[0]])
            for c in cells[1:]:
                shared.intersection_update(cell_houses[c])
            shared_houses = [houses[h] for h in sorted(shared)]
            digits = digits_of(mask)
            elims = tuple(
                (c, d)
                for h in shared_houses
                for c in h.cells
                if c not in cells
                for d in digits
                if cand[c] >> d & 1
            )
            elims = tuple(dict.fromkeys(elims))
            if not elims:
                continue
            locked = (
                size <= 3
                and len(shared_houses) >= 2
                and any(_is_block(h) for h in shared_houses)
                and len({c for c, _ in elims if c not in house.cell_set}) > 0
            )
            key = f"{'locked' if locked else 'naked'}_{SUBSET_NAMES[size]}"
            if want is not None and key != want:
                continue
            names = tuple(h.name for h in shared_houses)
            where = join_names(list(names))
            yield Step(
                key,
                tuple(digits),
                cells,
                names,
                eliminations=elims,
                explanation=f"{'Locked' if locked else 'Naked'} {SUBSET_NAMES[size]} {board.syms(digits)} in "
                f"{board.cells_text(cells)}: these cells take {board.syms(digits)} between them, so no "
                f"other cell of {where} can, and {eliminations_text(board, elims)}",
            )


def hidden_subsets(board: Board, size: int) -> Iterator[Step]:
    """``size`` symbols that, in one house, fit only in the same ``size`` cells.

    Those cells must hold exactly those symbols, so they lose every other candidate.
    """
    cand = board.cand
    for house in sorted(board.houses, key=_block_first):
        index = {c: i for i, c in enumerate(house.cells)}
        where = board.places(house)
        masks = {}
        for d, cells_of_d in enumerate(where):
            if 1 < len(cells_of_d) <= size:
                m = 0
                for c in cells_of_d:
                    m |= 1 << index[c]
                masks[d] = m
        if len(masks) < size:
            continue
        for digits in _unions(sorted(masks), masks, size):
            cells = sorted({c for d in digits for c in where[d]})
            keep = 0
            for d in digits:
                keep |= 1 << d
            elims = tuple((c, d) for c in cells for d in digits_of(cand[c] & ~keep))
            if not elims:
                continue
            name = SUBSET_NAMES[size]
            yield Step(
                f"hidden_{name}",
                digits,
                tuple(cells),
                (house.name,),
                eliminations=elims,
                explanation=f"Hidden {name} {board.syms(digits)} in {board.cells_text(cells)}: in "
                f"{house.name} these symbols fit only in these cells, so the cells hold nothing else, "
                f"and {eliminations_text(board, elims)}",
            )


def _unions(digits: list[int], masks: dict[int, int], size: int) -> Iterator[tuple[int, ...]]:
    """Sets of ``size`` digits whose place masks together cover exactly ``size`` cells."""

    def extend(start: int, chosen: tuple[int, ...], union: int) -> Iterator[tuple[int, ...]]:
        if len(chosen) == size:
            yield chosen
            return
        for i in range(start, len(digits) - (size - len(chosen)) + 1):
            grown = union | masks[digits[i]]
            if grown.bit_count() <= size:
                yield from extend(i + 1, (*chosen, digits[i]), grown)

    return extend(0, (), 0)


def locked_pair(board: Board) -> Iterator[Step]:
    """Naked pairs that lie in a block and a line at once."""
    return naked_subsets(board, 2, "locked_pair")


def locked_triple(board: Board) -> Iterator[Step]:
    """Naked triples that lie in a block and a line at once."""
    return naked_subsets(board, 3, "locked_triple")


def _naked(size: int, key: str) -> FinderFunction:
    def find(board: Board) -> Iterator[Step]:
        return naked_subsets(board, size, key)

    find.__name__ = key
    find.__doc__ = f"Naked subsets of {size} cells that are not locked in two houses."
    return find


def _hidden(size: int) -> FinderFunction:
    def find(board: Board) -> Iterator[Step]:
        return hidden_subsets(board, size)

    find.__name__ = f"hidden_{SUBSET_NAMES[size]}"
    find.__doc__ = f"Hidden subsets of {size} symbols."
    return find


def _locked_kind(kind: str) -> FinderFunction:
    def find(board: Board) -> Iterator[Step]:
        return locked_candidates(board, kind)

    find.__name__ = kind
    find.__doc__ = f"Locked candidates of type {kind[-1]} (1: pointing, 2: claiming)."
    return find


FINDERS = (
    (("full_house",), full_house),
    (("naked_single",), naked_single),
    (("hidden_single",), hidden_single),
    (("locked_pair",), locked_pair),
    (("locked_triple",), locked_triple),
    (("locked_candidates_1",), _locked_kind("locked_candidates_1")),
    (("locked_candidates_2",), _locked_kind("locked_candidates_2")),
    (("naked_pair",), _naked(2, "naked_pair")),
    (("naked_triple",), _naked(3, "naked_triple")),
    (("hidden_pair",), _hidden(2)),
    (("hidden_triple",), _hidden(3)),
    (("naked_quadruple",), _naked(4, "naked_quadruple")),
    (("hidden_quadruple",), _hidden(4)),
)
"""(technique keys, finder) pairs of this module, collected by :mod:`sudokit.logic.techniques`."""
