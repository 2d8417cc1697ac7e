"""Each constraint kind's rule as a plain predicate written from the rules text, sharing no code with sudokit.

Each function returns a test of the values (1..n) of the cells a rule reads, in order, as the
reference counter (tests/reference.py) takes them.  Where a rule depends on the grid's geometry (which
neighbours a minimum cell is compared with, which pairs a negative rule covers), the geometry is
worked out here from positions alone.  Sources of the meanings: the f-puzzles solver's constraints
(dclamage/SudokuSolver) and the rules texts setters publish; see docs/constraints.md.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence

Values = tuple[int, ...]
Test = Callable[[Values], bool]
Position = tuple[int, int]


def increasing(v: Values) -> bool:
    return all(a < b for a, b in itertools.pairwise(v))


def non_decreasing(v: Values) -> bool:
    return all(a <= b for a, b in itertools.pairwise(v))


def palindrome(v: Values) -> bool:
    return list(v) == list(reversed(v))


def whispers(gap: int) -> Test:
    return lambda v: all(abs(a - b) >= gap for a, b in itertools.pairwise(v))


def renban(v: Values) -> bool:
    return len(set(v)) == len(v) and max(v) - min(v) == len(v) - 1


def between(v: Values) -> bool:
    low, high = min(v[0], v[-1]), max(v[0], v[-1])
    return all(low < x < high for x in v[1:-1])


def entropy_rank(n: int) -> Callable[[int], int]:
    """The f-puzzles solver's ranks: sizes (s, l, s) when n % 3 == 1, else (l, s, l)."""
    small, large = n // 3, (n + 2) // 3
    sizes = (small, large, small) if n % 3 == 1 else (large, small, large)
    bounds = [sizes[0], sizes[0] + sizes[1]]
    return lambda x: 0 if x <= bounds[0] else 1 if x <= bounds[1] else 2


def three_in_a_row_differ(rank: Callable[[int], int]) -> Test:
    """Any three consecutive cells: three different classes (and any two consecutive: two)."""
    return in_a_row_differ(rank, 3)


def in_a_row_differ(rank: Callable[[int], int], window: int) -> Test:
    """Any ``window`` consecutive cells (or all, on a shorter line): as many different classes."""
    return lambda v: all(
        len({rank(x) for x in v[i : i + window]}) == len(v[i : i + window]) for i in range(len(v))
    )


def split_sums_equal(lengths: Sequence[int]) -> Test:
    """The values cut into consecutive parts of these lengths all have one sum."""

    def test(v: Values) -> bool:
        sums, k = set(), 0
        for length in lengths:
            sums.add(sum(v[k : k + length]))
            k += length
        return len(sums) == 1

    return test


def zipper(v: Values) -> bool:
    pair_sums = {v[i] + v[len(v) - 1 - i] for i in range(len(v) // 2)}
    if len(v) % 2:
        pair_sums.add(v[len(v) // 2])
    return len(pair_sums) <= 1


def double_arrow(v: Values) -> bool:
    return v[0] + v[-1] == sum(v[1:-1])


def nabner(v: Values) -> bool:
    return all(abs(a - b) >= 2 for a, b in itertools.combinations(v, 2))


def arrow(circle: int) -> Test:
    """The first ``circle`` values read as one number equal the sum of the rest."""
    return lambda v: int("".join(map(str, v[:circle]))) == sum(v[circle:])


def clone(half: int) -> Test:
    return lambda v: v[:half] == v[half:]


def white_dot(value: int) -> Test:
    return lambda v: abs(v[0] - v[1]) == value


def black_dot(value: int) -> Test:
    return lambda v: v[0] == value * v[1] or v[1] == value * v[0]


def adds_to(total: int) -> Test:
    return lambda v: sum(v) == total


def killer(total: int | None) -> Test:
    return lambda v: len(set(v)) == len(v) and (total is None or sum(v) == total)


def multi_sum(totals: Sequence[int]) -> Test:
    return lambda v: len(set(v)) == len(v) and sum(v) in totals


def rellik(total: int) -> Test:
    def test(v: Values) -> bool:
        if len(set(v)) != len(v):
            return False
        return all(sum(s) != total for k in range(1, len(v) + 1) for s in itertools.combinations(v, k))

    return test


def sandwich(total: int, n: int) -> Test:
    def test(v: Values) -> bool:
        if 1 not in v or n not in v:
            return False
        i, j = sorted((v.index(1), v.index(n)))
        return sum(v[i + 1 : j]) == total

    return test


def x_sum(total: int) -> Test:
    return lambda v: v[0] <= len(v) and sum(v[: v[0]]) == total


def skyscraper(count: int) -> Test:
    return lambda v: sum(1 for i, x in enumerate(v) if all(x > y for y in v[:i])) == count


def numbered_room(clue: int) -> Test:
    return lambda v: v[0] <= len(v) and v[v[0] - 1] == clue


def quadruple(digits: Sequence[int]) -> Test:
    return lambda v: not Counter(digits) - Counter(v)


def contains_exactly(counts: dict[int, int]) -> Test:
    """Each digit of ``counts`` appears exactly that often (0: never); other digits are free."""
    return lambda v: all(Counter(v)[digit] == count for digit, count in counts.items())


def equality_cage(digits: Sequence[int]) -> Test:
    """Different values; as many even as odd; as many from the lower half of ``digits`` as the upper;
    none the middle one."""
    ordered = sorted(digits)
    half = len(ordered) // 2
    low, high = set(ordered[:half]), set(ordered[len(ordered) - half :])

    def test(v: Values) -> bool:
        evens = sum(1 for x in v if x % 2 == 0)
        lows = sum(1 for x in v if x in low)
        return (
            len(set(v)) == len(v)
            and all(x in low or x in high for x in v)
            and 2 * evens == len(v) == 2 * lows
        )

    return test


def distinct_count(v: Values) -> bool:
    """The first value is the number of different values among the rest."""
    return v[0] == len(set(v[1:]))


def odd(v: Values) -> bool:
    return v[0] % 2 == 1


def even(v: Values) -> bool:
    return v[0] % 2 == 0


def first_below_rest(v: Values) -> bool:
    return all(v[0] < x for x in v[1:])


def first_above_rest(v: Values) -> bool:
    return all(v[0] > x for x in v[1:])


def greater(v: Values) -> bool:
    return v[0] > v[1]


def lockout(gap: int) -> Test:
    def test(v: Values) -> bool:
        low, high = sorted((v[0], v[-1]))
        return high - low >= gap and all(x < low or x > high for x in v[1:-1])

    return test


def parity_alternates(v: Values) -> bool:
    return all(a % 2 != b % 2 for a, b in itertools.pairwise(v))


def pieces_of(total: int) -> Test:
    """The values cut into consecutive pieces that each add up to the total."""

    def test(v: Values) -> bool:
        for cut in range(1, len(v) + 1):
            if sum(v[:cut]) == total:
                rest = v[cut:]
                if not rest or test(rest):
                    return True
        return False

    return test


def counting(v: Values) -> bool:
    return all(count == digit for digit, count in Counter(v).items())


def differ(v: Values) -> bool:
    return len(set(v)) == len(v)


def not_consecutive(v: Values) -> bool:
    return abs(v[0] - v[1]) != 1


def no_ratio(ratios: Sequence[int]) -> Test:
    return lambda v: all(v[0] != r * v[1] and v[1] != r * v[0] for r in ratios)


def no_sum(totals: Sequence[int]) -> Test:
    return lambda v: v[0] + v[1] not in totals


def not_both(value: int) -> Test:
    return lambda v: not v[0] == v[1] == value


def if_then(v_when: int, then: int) -> Test:
    """(indexer, target): the target holds ``then`` whenever the indexer holds ``v_when``."""
    return lambda v: v[0] != v_when or v[1] == then


def all_three(rank: Callable[[int], int]) -> Test:
    return lambda v: len({rank(x) for x in v}) == 3


# ------------------------------------------------------------------------------------------ geometry


def orthogonal_pairs(n: int) -> list[tuple[Position, Position]]:
    return [((r, c), (r + dr, c + dc)) for r in range(n) for c in range(n) for dr, dc in ((0, 1), (1, 0))
            if r + dr < n and c + dc < n]  # fmt: skip


def pairs_apart(n: int, apart: Callable[[int, int], bool]) -> list[tuple[Position, Position]]:
    """Pairs of cells of an n x n square whose (row, column) differences pass a test, once."""
    cells = [(r, c) for r in range(n) for c in range(n)]
    return [(a, b) for a, b in itertools.combinations(cells, 2) if apart(abs(a[0] - b[0]), abs(a[1] - b[1]))]


def two_by_twos(n: int) -> list[list[Position]]:
    return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)] for r in range(n - 1) for c in range(n - 1)]


def hidden_skyscraper(clue: int) -> Test:
    """The first digit lower than some digit before it is the clue (and one exists)."""

    def test(v: Values) -> bool:
        for i, x in enumerate(v):
            if any(y > x for y in v[:i]):
                return x == clue
        return False

    return test


def lunchbox(total: int) -> Test:
    """Different digits; those between the places of the smallest and the largest add up to the total."""

    def test(v: Values) -> bool:
        if len(set(v)) != len(v):
            return False
        i, j = sorted((v.index(min(v)), v.index(max(v))))
        return sum(v[i + 1 : j]) == total

    return test


def value_indexing(v: Values) -> bool:
    """The second digit k says the first digit sits k cells after the second cell."""
    k = v[1]
    return 1 <= k <= len(v) - 2 and v[1 + k] == v[0]


def same_multiset(size: int) -> Test:
    """Consecutive sets of ``size`` cells hold the same digits, as often each."""
    return lambda v: all(sorted(v[k : k + size]) == sorted(v[:size]) for k in range(0, len(v), size))


def connected_cells(cells: set[tuple[int, int]] | frozenset[tuple[int, int]]) -> bool:
    """Orthogonally connected (an empty set is): "one connected area" of a rules text, by flood fill."""
    if not cells:
        return True
    seen = {min(cells)}
    todo = list(seen)
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen == set(cells)
