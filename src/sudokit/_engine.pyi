"""Type stub of the compiled core binding (see _engine.pyx)."""

from array import array
from collections.abc import Callable, Sequence
from typing import Any

MAX_SYMBOLS: int
READY: int
SOLUTION: int
EXHAUSTED: int
NODE_LIMIT: int
TIME_LIMIT: int
CONTRADICTION: int
INTERRUPTED: int
CONFLICT_NONE: int
CONFLICT_DUPLICATE: int
CONFLICT_NOT_ALLOWED: int
CONFLICT_EMPTY_CELL: int
CONFLICT_NO_PLACE: int
CONFLICT_UNIT: int
CONFLICT_CLASH: int
CONFLICT_NO_CANDIDATE: int
CONFLICT_RELATION: int
CONFLICT_CAGE: int
CONFLICT_LINK: int
CONFLICT_SUM: int
CONFLICT_AUTOMATON: int
CONFLICT_CONNECTED: int
CONFLICT_EITHER: int

class CageError(ValueError):
    index: int
    def __init__(self, message: str, index: int) -> None: ...

class Poll:
    progress: Callable[[int, int], object] | None
    error: BaseException | None
    def __init__(self, progress: Callable[[int, int], object] | None = None) -> None: ...

class Layout:
    ncells: int
    nsymbols: int
    visible: int
    locked_candidates: bool
    hall_sets: bool
    hall_after: int
    branch_on_places: bool
    branch_weighted: bool
    @property
    def lock_pairs(self) -> int: ...
    def add_relations(self, relations: Sequence[tuple[int, int, int]]) -> None: ...
    def add_cages(self, cages: Sequence[tuple[int, int]], values: Sequence[int]) -> None: ...
    def add_links(self, links: Sequence[tuple[int, int, Sequence[int]]]) -> None: ...
    sum_terms: int
    branch_refute: bool
    def add_masks(self, masks: Sequence[int]) -> None: ...
    def set_required(self, masks: Sequence[int]) -> None: ...
    def add_sums(
        self, sums: Sequence[tuple[Sequence[int], Sequence[int], int]], values: Sequence[int]
    ) -> None: ...
    def add_automata(
        self, automata: Sequence[tuple[Sequence[int], Sequence[int], Sequence[int]]]
    ) -> None: ...
    def add_either(self, groups: Sequence[Sequence[Sequence[int]]]) -> None: ...
    def add_connected(self, groups: Sequence[tuple[Sequence[int], Sequence[Sequence[int]], int]]) -> None: ...
    def __init__(
        self, ncells: int, nsymbols: int, units: Sequence[Sequence[int]], visible: int = -1
    ) -> None: ...

class Search:
    layout: Layout
    poll: Poll
    def __init__(self, layout: Layout, poll: Poll | None = None) -> None: ...
    def start(
        self,
        givens: Sequence[int],
        allowed: Sequence[int] | None = None,
        node_limit: int = 0,
        time_limit: float = 0.0,
    ) -> tuple[int, tuple[int, int, int, int, int] | None]: ...
    def next(self) -> int: ...
    def root_candidates(self) -> tuple[int, ...]: ...
    def solution(self) -> tuple[int, ...]: ...
    def count(self, limit: int = 0) -> tuple[int, int, tuple[int, ...] | None]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def solutions(self) -> int: ...

class LearningSearch:
    layout: Layout
    poll: Poll
    def __init__(self, layout: Layout, poll: Poll | None = None) -> None: ...
    def configure(self, locks: bool = True, hall: bool = False, restart_base: int = 100) -> None: ...
    def start(
        self,
        givens: Sequence[int],
        allowed: Sequence[int] | None = None,
        conflict_limit: int = 0,
        time_limit: float = 0.0,
        assume: bool = False,
    ) -> int: ...
    def next(self) -> int: ...
    def solution(self) -> tuple[int, ...]: ...
    def count(self, limit: int = 0) -> tuple[int, int, tuple[int, ...] | None]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def decisions(self) -> int: ...

def learning_supports(layout: Layout) -> bool: ...

LINE_SOLVED: int
LINE_MULTIPLE: int
LINE_NONE: int
LINE_UNREAD: int
LINE_NODE_LIMIT: int
LINE_TIME_LIMIT: int
LINE_END: int

def fast9_instruction_set() -> str: ...
def use_fast9_instruction_set(name: str) -> bool: ...
def solve9(
    givens: Sequence[int],
    limit: int = 0,
    node_limit: int = 0,
    time_limit: float = 0.0,
    poll: Poll | None = None,
) -> tuple[int, int, int, tuple[int, ...] | None]: ...
def solve_lines(
    data: bytes | bytearray | memoryview,
    table: bytes | bytearray | memoryview,
    ncells: int,
    limit: int,
    node_limit: int = 0,
    time_limit: float = 0.0,
    layout: Layout | None = None,
    poll: Poll | None = None,
) -> tuple[array[int], bytearray, array[int], array[int], bytearray]: ...
def read_line(line: str, table: bytes | bytearray | memoryview) -> tuple[int, ...] | None: ...

GEN_DONE: int
GEN_NONE: int
GEN_NOT_UNIQUE: int
GEN_NODE_LIMIT: int
GEN_TIME_LIMIT: int
GEN_INTERRUPTED: int
MAX_ORBIT: int

class Generator:
    layout: Layout | None
    poll: Poll
    def __init__(
        self,
        layout: Layout | None,
        ncells: int,
        orbits: Sequence[Sequence[int]],
        min_givens: int = 0,
        check_nodes: int = 0,
        shuffle: tuple[int, int, int, int, int] | None = None,
        poll: Poll | None = None,
        learning: bool = False,
    ) -> None: ...
    def fill(
        self,
        seed: int,
        givens: Sequence[int] | None = None,
        allowed: Sequence[int] | None = None,
        node_limit: int = 0,
        time_limit: float = 0.0,
    ) -> tuple[int, tuple[int, ...] | None, int]: ...
    def build(
        self,
        seed: int,
        solution: Sequence[int],
        allowed: Sequence[int] | None = None,
        target: int = 0,
        samples: int = 0,
        time_limit: float = 0.0,
    ) -> tuple[int, tuple[int, ...], int]: ...
    def reduce(
        self,
        seed: int,
        solution: Sequence[int],
        givens: Sequence[int] | None = None,
        allowed: Sequence[int] | None = None,
        time_limit: float = 0.0,
    ) -> tuple[int, tuple[int, ...], bool, int, int]: ...

def se_basic_hint(
    values: Sequence[int], cand: Sequence[int]
) -> tuple[int, float, int, int, list[tuple[int, int]], list[tuple[int, int]], int, list[int]] | None: ...
def se_chain_hint(
    values: Sequence[int], cand: Sequence[int], mode: int, poll: Poll | None = None
) -> tuple[int, float, int, list[tuple[int, int]]] | int | None: ...
def se_candidates(values: Sequence[int]) -> list[int]: ...
def se_aligned_hint(
    values: Sequence[int], cand: Sequence[int], degree: int
) -> list[tuple[int, int]] | None: ...
def se_basic_run(values: list[int], cand: list[int]) -> list[tuple[int, float, bool]]: ...
def se_quad_hint(
    values: Sequence[int], cand: Sequence[int]
) -> tuple[int, float, list[tuple[int, int]]] | None: ...
def se_loop_hint(
    values: Sequence[int], cand: Sequence[int]
) -> tuple[int, float, list[tuple[int, int]]] | int | None: ...
def minlex_many(box: int, cells: bytes | bytearray | memoryview, out: bytearray | memoryview) -> int: ...

KEEPS_GIVENS: int
COMPLETE: int
FOLLOWS_RULES: int
SOLVES: int

def verify_many(
    box: int,
    puzzles: bytes | bytearray | memoryview,
    answers: bytes | bytearray | memoryview,
    solutions: bytes | bytearray | memoryview | None,
    flags: bytearray | memoryview,
    broken: Any,
) -> None: ...
