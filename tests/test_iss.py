"""The Interactive Sudoku Solver's constraint strings (sudokit.formats.iss): each class read as ISS means it.

Each mapped class is checked three ways: the sudokit constraint it becomes (kind and cells), counts of
small puzzles against a brute force over every 4x4 grid written from ISS's descriptions (not from
sudokit's kinds), and ISS's own example puzzles, whose published solution must be sudokit's only one.
"""

from __future__ import annotations

import base64
import itertools
import json
import random
from collections.abc import Callable, Sequence

import pytest

import sudokit
from sudokit.constraints.base import Constraint
from sudokit.constraints.generic.expression import fits
from sudokit.errors import ParseError
from sudokit.formats import READ_FORMATS, detect, dumps, parse, parse_many
from sudokit.formats.iss import _table_expression, looks_like_iss, read_iss
from sudokit.model import EMPTY, Puzzle
from tests import rules
from tests.conftest import FIXTURES

Grid4 = tuple[tuple[int, ...], ...]


def only(text: str) -> list[Constraint]:
    """The constraints a string reads to, every item read."""
    puzzle = read_iss(text)
    assert puzzle.unread == () and puzzle.certain, puzzle.unread
    return list(puzzle.grid.constraints)


def row(r: int, cols: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Cells of row r (0-based) at the columns given."""
    return tuple((r, c) for c in cols)


# ------------------------------------------------------------------------------ one class at a time

B64 = base64.urlsafe_b64encode(b"[1-3]*4").decode().rstrip("=")

CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    (".Thermo~R1C1~R1C2~R2C3", [("thermometer", {"line": ((0, 0), (0, 1), (1, 2))})]),
    (".Whisper~R1C1~R1C2", [("whispers", {"line": row(0, [0, 1]), "difference": 5})]),
    (".Whisper~3~R1C1~R1C2~R1C3", [("whispers", {"line": row(0, [0, 1, 2]), "difference": 3})]),
    (".Renban~R1C1~R2C1", [("renban", {"line": ((0, 0), (1, 0))})]),
    (".Modular~3~R1C1~R1C2~R1C3~R1C4", [("modular", {"line": row(0, [0, 1, 2, 3])})]),
    (".Entropic~R1C1~R1C2~R1C3", [("entropic", {"line": row(0, [0, 1, 2])})]),
    (".RegionSumLine~R1C3~R1C4~R1C5", [("region sum", {"line": row(0, [2, 3, 4])})]),
    (".Between~R1C1~R1C2~R1C3", [("between", {"line": row(0, [0, 1, 2])})]),
    (".Lockout~5~R1C1~R1C2~R1C3", [("lockout", {"line": row(0, [0, 1, 2]), "gap": 5})]),
    (".Palindrome~R1C1~R1C2~R1C3", [("palindrome", {"line": row(0, [0, 1, 2])})]),
    (".Zipper~R1C1~R1C2~R1C3", [("zipper", {"line": row(0, [0, 1, 2])})]),
    (".SumLine~10~R1C1~R1C2~R1C3", [("segment sum", {"line": row(0, [0, 1, 2]), "total": 10})]),
    (
        f".Regex~{B64}~R1C1~R1C2~~R2C1~R3C1",
        [
            ("regex", {"line": row(0, [0, 1]), "pattern": "[1-3]*4"}),
            ("regex", {"line": ((1, 0), (2, 0)), "pattern": "[1-3]*4"}),
        ],
    ),
    (".Regex~1%7C2~R1C1", [("regex", {"line": ((0, 0),), "pattern": "1|2"})]),
    (".Arrow~R1C1~R1C2~R1C3", [("arrow", {"circle": ((0, 0),), "shaft": row(0, [1, 2])})]),
    (".PillArrow~2~R1C2~R1C1~R2C1~R3C1", [("arrow", {"circle": row(0, [0, 1]), "shaft": ((1, 0), (2, 0))})]),
    (".DoubleArrow~R1C1~R1C2~R1C3~R1C4", [("double arrow", {"line": row(0, [0, 1, 2, 3])})]),
    (".Cage~15~R1C1~R1C2", [("killer", {"members": row(0, [0, 1]), "total": 15})]),
    (".Cage~~R1C1~R1C2", [("killer", {"members": row(0, [0, 1]), "total": None})]),
    (".Cage~0~R1C1~R1C2", [("killer", {"members": row(0, [0, 1]), "total": None})]),
    (".RellikCage~5~R1C1~R1C2", [("rellik", {"members": row(0, [0, 1]), "total": 5})]),
    (".EqualityCage~R1C1~R1C2", [("equality cage", {"members": row(0, [0, 1])})]),
    (".Sum~12~R1C1~R1C2", [("sum", {"members": row(0, [0, 1]), "total": 12, "coefficients": ()})]),
    (".Sum~0_=_1_-2~R1C1~R1C2", [("sum", {"members": row(0, [0, 1]), "total": 0, "coefficients": (1, -2)})]),
    (".WhiteDot~R1C1~R1C2", [("kropki", {"first": (0, 0), "second": (0, 1), "colour": "white"})]),
    (".BlackDot~R2C1~R1C1", [("kropki", {"first": (1, 0), "second": (0, 0), "colour": "black"})]),
    (".X~R1C1~R2C1", [("xv", {"first": (0, 0), "second": (1, 0), "total": 10})]),
    (".V~R1C1~R2C1", [("xv", {"first": (0, 0), "second": (1, 0), "total": 5})]),
    (
        ".GreaterThan~R1C2~R1C1~R2C2",
        [  # the earlier cell is greater than each later neighbour
            ("inequality", {"first": (0, 1), "second": (0, 0)}),
            ("inequality", {"first": (0, 1), "second": (1, 1)}),
        ],
    ),
    (".LittleKiller~22~R1C1", [("little killer", {"line": tuple((i, i) for i in range(9)), "total": 22})]),
    (".LittleKiller~9~R1C4", [("little killer", {"line": ((0, 3), (1, 2), (2, 1), (3, 0)), "total": 9})]),
    (
        ".LittleKiller~9~R9C5",
        [("little killer", {"line": tuple((8 - i, 4 + i) for i in range(5)), "total": 9})],
    ),
    (".LittleKiller~7~R3C9", [("little killer", {"line": ((2, 8), (1, 7), (0, 6)), "total": 7})]),
    (
        ".XSum~C2~27~11",
        [
            ("x-sum", {"line": tuple((r, 1) for r in range(9)), "value": 27}),
            ("x-sum", {"line": tuple((r, 1) for r in range(8, -1, -1)), "value": 11}),
        ],
    ),
    (".Sandwich~8~R3", [("sandwich", {"line": row(2, range(9)), "value": 8})]),
    (".Skyscraper~R2~~3", [("skyscraper", {"line": row(1, range(8, -1, -1)), "value": 3})]),
    (
        ".NumberedRoom~C1~1~6",
        [
            ("numbered room", {"line": tuple((r, 0) for r in range(9)), "value": 1}),
            ("numbered room", {"line": tuple((r, 0) for r in range(8, -1, -1)), "value": 6}),
        ],
    ),
    (
        ".HiddenSkyscraper~C4~8~",
        [("hidden skyscraper", {"line": tuple((r, 3) for r in range(9)), "value": 8})],
    ),
    (".Lunchbox~5~R1C1~R1C2~R1C3", [("lunchbox line", {"line": row(0, [0, 1, 2]), "total": 5})]),
    (".AllDifferent~R1C1~R2C2~R3C3", [("extra region", {"members": ((0, 0), (1, 1), (2, 2))})]),
    (
        ".ContainAtLeast~1_2_2~R1C1~R1C2~R2C1~R2C2",
        [
            ("contain at least", {"members": ((0, 0), (0, 1), (1, 0), (1, 1)), "digits": (1, 2, 2)}),
        ],
    ),
    (
        ".ContainExact~5_5~R1C1~R2C2~R3C3",
        [
            ("contain exact", {"members": ((0, 0), (1, 1), (2, 2)), "digits": (5, 5)}),
        ],
    ),
    (
        ".LookAndSay~1324~R1C1~R2C1~R3C1~R4C1",
        [
            ("look and say", {"members": tuple((r, 0) for r in range(4)), "pairs": ((1, 3), (2, 4))}),
        ],
    ),
    (".Quad~R2C3~1~2", [("quadruple", {"members": ((1, 2), (1, 3), (2, 2), (2, 3)), "digits": (1, 2)})]),
    (".Indexing~C~R1C1~R2C1", [("column indexer", {"members": ((0, 0), (1, 0))})]),
    (".Indexing~R~R1C5", [("row indexer", {"members": ((0, 4),)})]),
    (".CountingCircles~R1C1~R5C5", [("counting circles", {"members": ((0, 0), (4, 4))})]),
    (".CountDistinct~R1C1~R1C2~R2C2", [("count distinct", {"control": (0, 0), "members": ((0, 1), (1, 1))})]),
    (
        ".SameValues~2~R1C1~R2C5~R3C9~R4C1",
        [("same values", {"members": ((0, 0), (1, 4), (2, 8), (3, 0)), "sets": 2})],
    ),
    (".EqualSum~R1C1~-~R2C4~R2C5", [("equal sums", {"groups": (((0, 0),), ((1, 3), (1, 4)))})]),
    (".ValueIndexing~R1C1~R1C2~R1C3~R1C4", [("value indexing", {"line": row(0, [0, 1, 2, 3])})]),
    (".Diagonal~1", [("diagonal", {"direction": "anti"})]),
    (".Diagonal~-1", [("diagonal", {"direction": "main"})]),
    (".AntiKnight", [("antiknight", {})]),
    (".AntiKing", [("antiking", {})]),
    (".AntiTaxicab", [("self taxicab", {})]),
    (".GlobalEntropy", [("global entropy", {})]),
    (".GlobalMod", [("global modular", {})]),
    (".DutchFlatmates", [("dutch flatmates", {})]),
    (".Windoku", [("windoku", {})]),
    (".DisjointSets", [("disjoint groups", {})]),
    (".AntiConsecutive", [("nonconsecutive", {})]),
    (".StrictKropki", [("nonconsecutive", {}), ("negative ratio", {})]),
    (".StrictXV", [("anti xv", {"totals": (10, 5)})]),
    (".ChaosConstruction.NoBoxes", [("chaos construction", {})]),
    (".Or.Thermo~R1C1~R1C2.Cage~3~R1C1~R1C2.End", [("or", {})]),
    (
        ".And.Thermo~R1C1~R1C2.~R3C3_4.End",
        [
            ("thermometer", {"line": row(0, [0, 1])}),
            ("contain exact", {"members": ((2, 2),), "digits": (4,)}),
        ],
    ),
    (".Or.Thermo~R1C1~R1C2.Between~R1C1~R1C2.End", []),  # a branch that always holds
    (".Or.Cage~3~R1C1~R1C2~R1C3.Thermo~R1C1~R1C2.End", [("thermometer", {})]),  # one that never does
    (
        ".Pair~UFVQFUAFQAE~_Odd-Even%20Thermo~r1c2~r1c3~r1c4",
        [("pair rule", {"line": row(0, [1, 2, 3]), "all_pairs": False})],
    ),
    (
        ".PairX~8H_xf8H_xf8H_B~_Nabner~R1C1~R2C2~R3C3",
        [  # ISS's Nabner key: |a - b| > 1 for each pair
            ("relation", {"first": a, "second": b, "distances": (0, 1)})
            for a, b in itertools.combinations(((0, 0), (1, 1), (2, 2)), 2)
        ],
    ),
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[c[0][:40] for c in CASES])
def test_each_class_becomes_its_sudokit_kind(
    text: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    made = only(text)
    assert [c.kind for c in made] == [kind for kind, _ in expected]
    for constraint, (_, fields) in zip(made, expected, strict=True):
        for name, value in fields.items():
            assert getattr(constraint, name) == value, (name, constraint)


def test_anti_consecutive_does_not_exempt_dotted_pairs_as_sudokit_nonconsecutive_would() -> None:
    made = only(".AntiConsecutive.WhiteDot~R1C1~R1C2")
    assert {c.kind for c in made} == {"kropki", "relation"}
    relations = [c for c in made if c.kind == "relation"]
    assert len(relations) == 2 * 9 * 8 and all(c.distances == (1,) for c in relations)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "describe", "symbols"),
    [
        ("", "9x9 (3x3 boxes)", "123456789"),
        (".Shape~6x6", "6x6 (2x3 boxes)", "123456"),
        (".Shape~6x6.NoBoxes", "6x6 (Latin square)", "123456"),
        (".Shape~9x9~0-8", "9x9 (3x3 boxes)", "012345678"),
        (
            ".Jigsaw~0000111100001111222233332222333344445555444455556666777766667777",
            "8x8 (2x4 boxes)",
            "12345678",
        ),
        (
            ".Jigsaw~000011112222000011112222333344445555333344445555.NoBoxes.Shape~6x8",
            "6x8 (irregular regions)",
            "12345678",
        ),
        (".Shape~4x4.NoBoxes.Jigsaw~0001011122232333", "4x4 (irregular regions)", "1234"),
    ],
)
def test_shapes_boxes_and_regions(text: str, describe: str, symbols: str) -> None:
    if not text:
        text = ".~R1C1_5"
    puzzle = read_iss(text.replace(".Jigsaw~0000111100001111", ".Shape~8x8.Jigsaw~0000111100001111"))
    assert puzzle.grid.describe().split(", ")[0] == describe
    assert "".join(puzzle.grid.symbols) == symbols


def test_a_six_by_six_with_nine_values_keeps_its_six_cell_boxes() -> None:
    grid = read_iss(".Shape~6x6~9").grid
    assert grid.size == 9 and grid.rows == grid.cols == 6
    assert sorted(len(u.cells) for u in grid.houses) == [6] * 18


def test_region_size_makes_boxes_of_that_many_cells() -> None:
    grid = read_iss(".Shape~6x6~9.RegionSize~9").grid
    assert sorted(len(u.cells) for u in grid.houses if u.kind == "box") == [9] * 4


def test_givens_and_pencilmarks() -> None:
    puzzle = read_iss(".~R1C1_5~R4C7_2_4_6_8.~R4C7_4_6_7~RaCb_3.Shape~16x16")
    grid = puzzle.grid
    assert puzzle[(0, 0)] == "5" and puzzle[(9, 10)] == "3"
    assert puzzle.allowed is not None
    assert puzzle.allowed_symbols((3, 6)) == {"4", "6"}  # the same cell twice: the values both allow
    assert grid.size == 16 and puzzle.clue_count == 2


def test_zero_based_values() -> None:
    puzzle = read_iss(".Shape~9x9~0-8.~R1C1_0~R1C2_8")
    assert puzzle[(0, 0)] == "0" and puzzle[(0, 1)] == "8"


# --------------------------------------------------------------- counts against an ISS brute force


def latin_squares() -> list[Grid4]:
    """Every 4x4 Latin square of 1-4 (576)."""
    rows = list(itertools.permutations(range(1, 5)))
    found = []
    for a in rows:
        for b in rows:
            if any(x == y for x, y in zip(a, b, strict=True)):
                continue
            for c in rows:
                if any(x in (y, z) for x, y, z in zip(c, a, b, strict=True)):
                    continue
                d = tuple(10 - x - y - z for x, y, z in zip(a, b, c, strict=True))
                found.append((a, b, c, d))
    return found


LATIN = latin_squares()
SUDOKU = [
    g
    for g in LATIN
    if all(len({g[r + i][c + j] for i in (0, 1) for j in (0, 1)}) == 4 for r in (0, 2) for c in (0, 2))
]


def line(g: Grid4, cells: str) -> list[int]:
    """The values of cells named rc rc ... (1-based)."""
    return [g[int(rc[0]) - 1][int(rc[1]) - 1] for rc in cells.split()]


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def pairs() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    cells = [(r, c) for r in range(4) for c in range(4)]
    return [(a, b) for a, b in itertools.combinations(cells, 2) if adjacent(a, b)]


def sandwich(values: list[int], total: int) -> bool:
    i, j = sorted((values.index(1), values.index(4)))
    return sum(values[i + 1 : j]) == total


def visible(values: list[int]) -> int:
    return sum(1 for i, v in enumerate(values) if all(v > w for w in values[:i]))


def key_table(key: str, n: int = 4) -> Callable[[int, int], bool]:
    """ISS's binary key (fnToBinaryKey): bit (a-1)*n + (b-1), six bits to a base64url character."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    words = [alphabet.index(ch) for ch in key]
    return lambda a, b: (k := (a - 1) * n + b - 1) // 6 < len(words) and bool(words[k // 6] >> (k % 6) & 1)


PAIR = key_table("UFVQFUAFQAE")  # a table no link or relation kind is: read as a pair rule
PAIRX = key_table("MtF")


BRUTE: list[tuple[str, bool, Callable[[Grid4], bool]]] = [
    ("", True, lambda g: True),
    (".NoBoxes", False, lambda g: True),
    (
        ".Thermo~R1C1~R2C2~R3C2",
        True,
        lambda g: line(g, "11 22 32") in ([1, 2, 3], [1, 2, 4], [1, 3, 4], [2, 3, 4]),
    ),
    (
        ".Whisper~2~R1C1~R1C2~R2C2",
        True,
        lambda g: all(abs(a - b) >= 2 for a, b in itertools.pairwise(line(g, "11 12 22"))),
    ),
    (
        ".Renban~R1C1~R2C2~R3C3",
        True,
        lambda g: (
            max(line(g, "11 22 33")) - min(line(g, "11 22 33")) == 2 and len(set(line(g, "11 22 33"))) == 3
        ),
    ),
    (".GreaterThan~R2C2~R2C1~R1C2~R3C2", True, lambda g: g[1][1] > max(g[1][0], g[0][1], g[2][1])),
    (".Diagonal~1", True, lambda g: len({g[r][3 - r] for r in range(4)}) == 4),
    (".Diagonal~-1.NoBoxes", False, lambda g: len({g[r][r] for r in range(4)}) == 4),
    (".V~R1C1~R1C2~R2C1", True, lambda g: g[0][0] + g[0][1] == 5 and g[0][0] + g[1][0] == 5),
    (".LittleKiller~5~R1C2", True, lambda g: g[0][1] + g[1][0] == 5),
    (".LittleKiller~6~R4C2", False, lambda g: g[3][1] + g[2][2] + g[1][3] == 6),
    (".XSum~R1~~6", True, lambda g: sum(g[0][::-1][: g[0][3]]) == 6),
    (".Skyscraper~C1~~2", True, lambda g: visible([g[r][0] for r in (3, 2, 1, 0)]) == 2),
    (".Sandwich~2~C3", False, lambda g: sandwich([g[r][2] for r in range(4)], 2)),
    (".NumberedRoom~R2~3~", True, lambda g: g[1][g[1][0] - 1] == 3),
    (".Arrow~R1C1~R2C1~R3C2", True, lambda g: g[0][0] == g[1][0] + g[2][1]),
    (".DoubleArrow~R1C1~R2C2~R3C3~R4C4", False, lambda g: g[0][0] + g[3][3] == g[1][1] + g[2][2]),
    (".Cage~5~R1C1~R2C2", True, lambda g: g[0][0] + g[1][1] == 5 and g[0][0] != g[1][1]),
    (".Sum~6~R1C1~R3C1~R2C3", True, lambda g: g[0][0] + g[2][0] + g[1][2] == 6),
    (
        ".AntiConsecutive.BlackDot~R1C1~R1C2",
        True,
        lambda g: (
            {g[0][0], g[0][1]} == {2, 4} and all(abs(g[a[0]][a[1]] - g[b[0]][b[1]]) != 1 for a, b in pairs())
        ),
    ),
    (
        ".StrictKropki.WhiteDot~R1C1~R1C2",
        False,
        lambda g: (
            abs(g[0][0] - g[0][1]) == 1
            and all(
                (a, b) == ((0, 0), (0, 1))
                or (
                    abs(g[a[0]][a[1]] - g[b[0]][b[1]]) != 1
                    and g[a[0]][a[1]] not in (2 * g[b[0]][b[1]], g[b[0]][b[1]] / 2)
                )
                for a, b in pairs()
            )
        ),
    ),
    (
        ".StrictXV.V~R1C1~R1C2",
        True,
        lambda g: (
            g[0][0] + g[0][1] == 5
            and all((a, b) == ((0, 0), (0, 1)) or g[a[0]][a[1]] + g[b[0]][b[1]] != 5 for a, b in pairs())
        ),
    ),
    (
        ".Modular~3~R1C1~R1C2~R1C3~R2C4",
        False,
        lambda g: all(len({v % 3 for v in w}) == 3 for w in [line(g, "11 12 13"), line(g, "12 13 24")]),
    ),
    (
        ".Lunchbox~3~R1C1~R1C2~R2C2",
        True,
        lambda g: (
            len(set(line(g, "11 12 22"))) == 3
            and (
                lambda v: (
                    sum(v[min(v.index(min(v)), v.index(max(v))) + 1 : max(v.index(min(v)), v.index(max(v)))])
                    == 3
                )
            )(line(g, "11 12 22"))
        ),
    ),
    (".Between~R1C1~R2C2~R3C3", False, lambda g: min(g[0][0], g[2][2]) < g[1][1] < max(g[0][0], g[2][2])),
    (".Palindrome~R1C1~R2C2~R3C1", True, lambda g: g[0][0] == g[2][0]),
    (".Zipper~R1C1~R2C2~R3C3", True, lambda g: g[0][0] + g[2][2] == g[1][1]),
    (".RegionSumLine~R1C2~R1C3~R2C3", True, lambda g: g[0][1] == g[0][2] + g[1][2]),
    (
        ".SumLine~5~R1C1~R1C2~R2C2~R2C1",
        True,
        lambda g: any(
            all(sum(part) == 5 for part in parts)
            for k in range(1, 4)
            for cuts in itertools.combinations(range(1, 4), k)
            for parts in [[line(g, "11 12 22 21")[i:j] for i, j in itertools.pairwise((0, *cuts, 4))]]
        ),
    ),
    (
        ".LookAndSay~1102~R1C1~R2C2~R3C3",
        False,
        lambda g: line(g, "11 22 33").count(1) == 1 and 2 not in line(g, "11 22 33"),
    ),
    (".Quad~R2C2~3~3", True, lambda g: line(g, "22 23 32 33").count(3) >= 2),
    (".ContainExact~1~R1C1~R2C2~R3C3~R4C4", False, lambda g: line(g, "11 22 33 44").count(1) == 1),
    (
        ".CountingCircles~R1C1~R2C2~R3C3~R4C4~R1C2",
        True,
        lambda g: all(line(g, "11 22 33 44 12").count(v) == v for v in line(g, "11 22 33 44 12")),
    ),
    (".CountDistinct~R1C1~R2C2~R3C3~R4C4", False, lambda g: g[0][0] == len(set(line(g, "22 33 44")))),
    (
        ".EqualityCage~R1C1~R2C2",
        True,
        lambda g: (g[0][0] % 2) != (g[1][1] % 2) and (g[0][0] <= 2) != (g[1][1] <= 2),
    ),
    (".Indexing~C~R1C2", True, lambda g: g[0][g[0][1] - 1] == 2),
    (
        ".AntiKnight",
        False,
        lambda g: all(
            g[r][c] != g[r + dr][c + dc]
            for r in range(4)
            for c in range(4)
            for dr, dc in ((1, 2), (2, 1), (1, -2), (2, -1))
            if 0 <= r + dr < 4 and 0 <= c + dc < 4
        ),
    ),
    (
        ".AntiTaxicab",
        True,
        lambda g: all(
            not (g[r1][c1] == g[r2][c2] == abs(r1 - r2) + abs(c1 - c2))
            for (r1, c1), (r2, c2) in itertools.combinations([(r, c) for r in range(4) for c in range(4)], 2)
        ),
    ),
    (
        ".Or.Thermo~R1C1~R1C2.Cage~3~R1C1~R1C2.End",
        True,
        lambda g: g[0][0] < g[0][1] or g[0][0] + g[0][1] == 3,
    ),
    (
        ".Or.And.~R1C1_1.V~R3C3~R3C4.End.~R1C1_2_3.XSum~R2~~6.End",
        False,
        lambda g: (
            (g[0][0] == 1 and g[2][2] + g[2][3] == 5)  # each item of an Or is a branch: And groups
            or g[0][0] in (2, 3)
            or sum(g[1][::-1][: g[1][3]]) == 6
        ),
    ),
    (
        ".Pair~UFVQFUAFQAE~~R1C1~R2C1~R3C1",
        True,
        lambda g: all(PAIR(a, b) for a, b in itertools.pairwise(line(g, "11 21 31"))),
    ),
    (
        ".PairX~MtF~~R1C1~R2C2~R3C3",
        False,
        lambda g: all(PAIRX(a, b) and PAIRX(b, a) for a, b in itertools.combinations(line(g, "11 22 33"), 2)),
    ),
    (
        ".SameValues~2~R1C1~R1C2~R3C3~R4C4",
        False,
        lambda g: sorted(line(g, "11 12")) == sorted(line(g, "33 44")),
    ),
    (
        ".ValueIndexing~R1C1~R1C2~R1C3~R2C3",
        True,
        lambda g: 1 <= g[0][1] <= 2 and line(g, "11 12 13 23")[1 + g[0][1]] == g[0][0],
    ),
    # NFAs serialized by ISS's own NFASerializer (js/nfa_builder.js, MIT) over 4 values: the regex
    # (12|34)+, and a multi-segment machine "each segment's running total reaches exactly 5"
    (
        ".NFA~RNS2tkwg~R1C1~R1C2~R1C3~R1C4",
        True,
        lambda g: line(g, "11 12 13 14") in ([1, 2, 3, 4], [3, 4, 1, 2]),
    ),
    (
        ".NFA~SQk9OWAe5SeUjpCQ~R1C1~R1C2~-~R2C1~R2C2~R2C3",
        False,
        lambda g: sum(line(g, "11 12")) == 5 and sum(line(g, "21 22 23")) == 5,
    ),
    # Replicate: targets as a bit set from the origin (h = bits 0 and 5: R1C1 and R2C2 on 4 columns)
    (".Replicate~h.Thermo~R1C1~R1C2.End", True, lambda g: g[0][0] < g[0][1] and g[1][1] < g[1][2]),
    (
        ".Modular~2~R1C1~R2C2~R3C3~R4C4",  # any 2 cells in a row differ modulo 2
        False,
        lambda g: all((a - b) % 2 for a, b in itertools.pairwise(line(g, "11 22 33 44"))),
    ),
    (
        ".Replicate~F~R2C1.Cage~5~R2C1~R3C1.End",  # F = bits 0 and 2 from R2C1: R2C1 and R2C3
        False,
        lambda g: g[1][0] + g[2][0] == 5 and g[1][2] + g[2][2] == 5,
    ),
    (".Replicate~h.~R1C1_1_2.End", True, lambda g: g[0][0] in (1, 2) and g[1][1] in (1, 2)),
    (
        ".Or.Replicate~h.Thermo~R1C1~R1C2.End.~R1C1_4.End",
        True,
        lambda g: (g[0][0] < g[0][1] and g[1][1] < g[1][2]) or g[0][0] == 4,
    ),
    (".FullRank~R1~3~", True, lambda g: full_rank(g, "R1,1") == 3),
    (".FullRankTies~none", True, lambda g: len({tuple(n) for n in numbers(g).values()}) == 16),
    (
        ".FullRank~C2~~10.FullRank~R3~~14",
        True,
        lambda g: full_rank(g, "C2,-1") == 10 and full_rank(g, "R3,-1") == 14,
    ),
    (
        ".ConnectedValues~~1_2",
        True,
        lambda g: connected({(r, c) for r in range(4) for c in range(4) if g[r][c] in (1, 2)}),
    ),
    (
        ".ConnectedValues~~1_3~8.ConnectedValues~~4",
        False,
        lambda g: (
            connected({(r, c) for r in range(4) for c in range(4) if g[r][c] in (1, 3)})
            and connected({(r, c) for r in range(4) for c in range(4) if g[r][c] == 4})
        ),
    ),
]


def numbers(g: Grid4) -> dict[str, list[int]]:
    """Every row and column of a 4x4 read from each end, by ISS's ids (R1,1 from the left ...)."""
    out = {}
    for k in range(4):
        row, column = list(g[k]), [g[r][k] for r in range(4)]
        out |= {
            f"R{k + 1},1": row,
            f"R{k + 1},-1": row[::-1],
            f"C{k + 1},1": column,
            f"C{k + 1},-1": column[::-1],
        }
    return out


def full_rank(g: Grid4, which: str) -> int:
    """The rank of one number among the 16 (1 + how many are lower), or 0 when another equals it."""
    read = numbers(g)
    mine = read[which]
    others = [n for key, n in read.items() if key != which]
    return 0 if mine in others else 1 + sum(n < mine for n in others)


def connected(cells: set[tuple[int, int]]) -> bool:
    """Some cells (at least one), orthogonally connected."""
    return bool(cells) and rules.connected_cells(cells)


@pytest.mark.parametrize(("text", "boxes", "rule"), BRUTE, ids=[b[0][:40] or "plain" for b in BRUTE])
def test_counts_of_4x4_puzzles_match_a_brute_force_of_iss_meaning(
    text: str, boxes: bool, rule: Callable[[Grid4], bool]
) -> None:
    puzzle = read_iss(".Shape~4x4" + ("" if boxes else ".NoBoxes") + text)
    expected = sum(1 for g in (SUDOKU if boxes else LATIN) if rule(g))
    result = sudokit.count_solutions(puzzle, None)
    assert result.complete and puzzle.determined
    assert result.count == expected


# ------------------------------------------------------------------------- ISS's example puzzles

# ISS's example puzzles (name, input, solution), copied verbatim from ISS's data/example_puzzles.js
# (github sigh/Interactive-Sudoku-Solver, MIT licence, commit e373f98); see tests/fixtures/README.md.
EXAMPLES = [
    (record["name"], record["input"], record["solution"])
    for record in map(
        json.loads, (FIXTURES / "iss" / "examples.jsonl").read_text(encoding="utf-8").splitlines()
    )
]


@pytest.mark.parametrize(("name", "text", "solution"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_iss_examples_have_their_published_solution_and_no_other(name: str, text: str, solution: str) -> None:
    puzzle = read_iss(text)
    assert puzzle.determined and puzzle.certain, puzzle.unread
    result = sudokit.count_solutions(puzzle, 2, time_limit=20)
    assert result.complete and result.count == 1 and result.first is not None
    assert result.first.to_string() == solution


# ------------------------------------------------------------------------------- what is not read


@pytest.mark.parametrize(
    ("text", "unread", "certain"),
    [
        (
            ".Or.FullRank~C2~26~.Thermo~R1C1~R1C2.End",
            (
                "ISS Or (not read: the full rank clue 26 reading r1c2 to r9c2 speaks of unknowns beside the "
                "digits: not inside 'and'...)",
            ),
            False,
        ),
        (
            ".Var~A~~3.Replicate~h.Sum~5~VA1~R1C1.End",
            ("ISS Replicate (not read: a Replicate of Sum items ISS cannot shift (VA1))",),
            False,
        ),
        (
            ".Var~ABCD~~3.NFA~RNS2tkwg~VABCD1~VABCD2",
            (
                "ISS Var (not read: a name of more than three letters)",
                "ISS NFA (not read: it names cells beyond the grid)",
            ),
            True,
        ),
        (
            ".FullRankTies~any.FullRank~C2~26~.FullRank~C4~32~",
            (
                "ISS FullRankTies (not read: ties with ranked numbers allowed (ISS 'any'))",
                "ISS FullRank x2 (not read: ties with ranked numbers allowed (FullRankTies any))",
            ),
            True,
        ),
        (
            ".Doppelganger.Shape~9x9~0-9.Sum~5~DGR1~DGR2",
            ("ISS Doppelganger (not read)", "ISS Sum (not read: it names cells beyond the grid)"),
            True,
        ),
        (
            ".SumLine~10~R1C1~R1C2~LOOP",
            ("ISS SumLine (not read: a loop: sudokit's segment sum lines have two ends)",),
            True,
        ),
        (
            ".ChaosCount~R1C1~0~CC1~CC2.ChaosConstruction",
            (
                "ISS ChaosCount (not read)",
                "ISS ChaosConstruction (not read: with boxes, jigsaw regions or regions of another size than"
                " the values)",
            ),
            True,
        ),
        (
            ".Shape~16x16.Pair~UFVQFUAFQAE~_x~R1C2~R1C3",
            ("ISS Pair (not read: a relation over values above 9)",),
            True,
        ),
    ],
)
def test_what_is_not_read_is_named(text: str, unread: tuple[str, ...], certain: bool) -> None:
    puzzle = read_iss(text)
    assert puzzle.unread == unread
    assert puzzle.certain is certain
    assert puzzle.warning is not None and unread[0] in puzzle.warning


def test_a_rule_sudokit_finds_no_values_for_is_named_unread() -> None:
    puzzle = read_iss(".Shape~4x4.XSum~R1~~7")  # ISS: no solution (no row of 1-4 starts so from the right)
    assert puzzle.unread == ("ISS XSum (not read: no values meet the x-sum rule 7 over 4 cells)",)
    assert not puzzle.grid.constraints and puzzle.certain
    whisper = read_iss(".Shape~4x4.Whisper~R1C1~R2C1")  # the default difference, 5, on 1-4
    assert whisper.determined and sudokit.count_solutions(whisper, 1).verdict == "no solution"


def test_region_same_values_on_more_values_than_a_region_has_cells() -> None:
    """A 4x4 of the values 1-5: each region leaves one value out, the same one everywhere.

    So a solution is a choice of the value left out (5 ways) and a 4x4 Sudoku of the other four
    (288); with 5 given in r1c1, 4 ways to leave one out and 72 Sudokus with r1c1 fixed.
    """
    assert sudokit.count_solutions(read_iss(".Shape~4x4~5.RegionSameValues"), None).count == 5 * 288
    assert sudokit.count_solutions(read_iss(".Shape~4x4~5.RegionSameValues.~R1C1_5"), None).count == 4 * 72
    free = sudokit.count_solutions(read_iss(".Shape~4x4~5"), 2_000)
    assert free.count == 2_000  # without the rule, far more grids (each region its own 4 of the 5)


def test_an_iss_state_machine_decodes_as_iss_wrote_it() -> None:
    """ISS's serialization of the regex 1.*9 over 9 values (NFASerializer): 3 states, 1 start, 1 accept."""
    from sudokit.formats.iss import _decode_nfa

    machine = _decode_nfa("BhSCEFBDFHJLNPQxAA", "test")
    assert (machine.states, machine.starts, machine.accepts, machine.symbols) == (3, (0,), (1,), 9)
    assert (0, 1, 2) in machine.moves and (2, 9, 1) in machine.moves
    with pytest.raises(ParseError, match="not an encoded state machine"):
        _decode_nfa("@@", "test")


def test_an_unread_item_leaves_the_rest_read() -> None:
    puzzle = read_iss(".Thermo~R1C1~R1C2.DutchFlatmates.Doppelganger.Shape~9x9~0-9")
    assert {c.kind for c in puzzle.grid.constraints} == {"thermometer"}
    assert "ISS Doppelganger (not read)" in puzzle.unread
    assert sudokit.count_solutions(puzzle, 1).verdict == "undetermined"


# ------------------------------------------------------------------------------------ malformed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Thermo~R1C1~R1C2", r'starts with "\."'),
        (".Foo~R1C1", r"item 1 \(\.Foo~R1C1\): unknown constraint type 'Foo'"),
        (".Thermo~R1C1~R0C1", r"item 1 .*'R0C1' is not a cell of this 9x9 grid"),
        (".Shape~6x6.Thermo~R1C1~R7C1", r"item 2 .*'R7C1' is not a cell of this 6x6 grid"),
        (".~R1C1_10", r"values are 1 to 9"),
        (".~R1C1_x", r"is not a cell's values"),
        (".End", r"\.End closes no"),
        (".Or.Thermo~R1C1~R1C2", r"\.Or is never closed"),
        (".StrictKropki.Or.WhiteDot~R1C1~R1C2.End", r"refuses WhiteDot inside an Or beside a strict rule"),
        (".Or.AntiKnight.End", r"no AntiKnight inside"),
        (".Shape~20x20", r"not a grid shape"),
        (".Shape~6x6.Shape~9x9", r"a second Shape"),
        (".XSum~C1~0", r"cannot be 0"),
        (".Skyscraper~R10~3", r"'R10' names no line"),
        (".Diagonal~2", r"1 or -1"),
        (".Cage~x~R1C1", r"'x' is not a whole number"),
        (".PillArrow~4~R1C1~R1C2~R1C3~R1C4~R1C5", r"a pill of 2 or 3 cells"),
        (".PillArrow~2~R1C1~R3C3~R2C2", r"do not read in order"),
        (".WhiteDot~R1C1~R3C3", r"no two of its cells are orthogonal neighbours"),
        (".Regex~!!~R1C1", r"not an encoded pattern"),
        (".Shape~4x4~~Raw.AntiKnight", r"needs a Sudoku grid"),
    ],
)
def test_malformed_strings_raise_a_parse_error_saying_what_and_where(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        read_iss(text)
    assert "\n" not in str(caught.value) and str(caught.value).startswith("ISS: ")


# ---------------------------------------------------------------------------- the format itself


def test_the_format_is_registered_and_detected() -> None:
    text = ".~R1C1_5~R1C2_3.Thermo~R6C4~R5C3~R4C2.Cage~15~R1C3~R1C4~R1C5.Whisper~R6C1~R5C1.Shape~6x6.NoBoxes"
    assert "iss" in READ_FORMATS
    assert detect(text) == "iss" and detect(" .NoBoxes\n") == "iss" and looks_like_iss(".~R1C1_5")
    for other in (".X.V" + "." * 77, "." * 81, "1" + "." * 80, ".Thermo"):
        assert detect(other) != "iss"
    puzzle = parse(text)
    assert puzzle == parse(text, format="iss") == read_iss(text)
    assert puzzle.grid.describe() == "6x6 (Latin square), 1 thermometer, 1 killer cage, 1 whispers line"
    assert puzzle.metadata["read"] == "killer, thermometer, whispers"


def test_white_space_and_iss_text_forms() -> None:
    spaced = read_iss("\n  .Thermo~R1C1~R1C2\n  .Cage~3~R2C1\n   ~R2C2\n")
    assert [c.kind for c in spaced.grid.constraints] == ["thermometer", "killer"]
    plain = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert read_iss(plain).givens == parse(plain).givens
    commented = read_iss("# a comment\n" + plain + "\n\n.AntiKnight")
    assert [c.kind for c in commented.grid.constraints] == ["antiknight"] and commented.clue_count == 17
    # the short killer form: an arrow points at the cage's sum cell; here a 3 in r1c1 with r1c2
    killer = read_iss("3<" + "5" * 79)
    cages = {c.members: c.total for c in killer.grid.constraints}  # type: ignore[attr-defined]
    assert cages[((0, 0), (0, 1))] == 3 and len(cages) == 80
    # SudoCue's killer form: sum * 256 + cage number per cell, a 'd' for the diagonals
    long_form = "3x3:d:k:" + ":".join(["3329"] * 2 + ["0"] * 79) + ":"
    killer = read_iss(long_form)
    kinds = sorted(c.kind for c in killer.grid.constraints)
    assert kinds == ["diagonal", "diagonal", "killer"]


def test_puzzles_read_back_from_sudokit_json() -> None:
    for text in (
        ".Shape~6x8.Thermo~R1C1~R2C2",
        ".Shape~9x9~0-8.~R1C1_0_1.AntiConsecutive.WhiteDot~R1C1~R1C2",
        EXAMPLES[0][1],
    ):
        puzzle = read_iss(text)
        assert parse_many(dumps(puzzle, "json"), format="json") == [puzzle]


def test_givens_cells_beyond_the_grid_and_empty_intersections() -> None:
    puzzle = read_iss(".Var~A~~2.~VA1_3~R1C1_1.~R1C1_2")  # a value of a Var cell is a rule on it
    assert puzzle.unread == ()
    assert {c.kind for c in puzzle.grid.constraints} == {"outside cells", "contain exact"}
    assert puzzle.allowed is not None and puzzle.allowed[0] == 0 and puzzle.givens[0] == EMPTY
    assert sudokit.count_solutions(puzzle, 1).count == 0


def test_a_puzzle_with_every_item_read_is_determined() -> None:
    puzzle: Puzzle = read_iss(EXAMPLES[3][1])
    assert puzzle.determined and puzzle.warning is None


@pytest.mark.parametrize("low", [0, 1])
def test_a_table_of_value_pairs_reads_back_from_its_pair_rule_expression(low: int) -> None:
    values = list(range(low, low + 9))
    for seed in range(20):
        chooser = random.Random(seed)
        table = frozenset((a, b) for a in values for b in values if chooser.random() < 0.4)
        expression = _table_expression(table, values)
        assert expression is not None and len(expression) <= 300
        assert {(a, b) for a in values for b in values if fits(expression, a, b)} == table


def test_a_modular_line_of_another_modulus_is_refused_by_f_puzzles() -> None:
    """f-puzzles' modular line is modulo 3: a line modulo 2 is not written as one."""
    from sudokit.errors import FormatError

    assert dumps(read_iss(".Modular~3~R1C1~R2C2~R3C3"), "fpuzzles").startswith("https://www.f-puzzles.com/")
    with pytest.raises(FormatError, match="modular line"):
        dumps(read_iss(".Modular~2~R1C1~R2C2~R3C3"), "fpuzzles")
