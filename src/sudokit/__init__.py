"""sudokit: Sudoku and its variants - model, compiled solver, formats and command line.

The whole public API::

    import sudokit
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    puzzle = sudokit.parse(line)            # any supported format, detected
    result = sudokit.solve(puzzle)          # SolveResult: status, solution, reason, nodes, seconds
    print(result.solution)
    sudokit.count_solutions(puzzle, limit=2).count
    sudokit.is_unique(puzzle)
    sudokit.true_candidates(puzzle).candidates   # per cell, the symbols it holds in some solution
    for solution in sudokit.solutions(puzzle, limit=10): ...
    results = sudokit.solve_many(open("puzzles.txt").read(), jobs=2)   # BatchResult, in input order
    sudokit.solve_file("huge.txt", sys.stdout)  # streams, constant memory; returns a BatchSummary
    grid = sudokit.Grid.classic(6, box=(2, 3), symbols="ABCDEF")
    samurai = sudokit.variants.named_multi_grid("samurai")
    x_grid = sudokit.variants.diagonals(sudokit.Grid.classic(9))
    killer_x = sudokit.variants.killer(x_grid, [([(0, 0), (0, 1)], 3)])   # cells and sum
    path = sudokit.explain(line)            # human-style steps: path.steps[0].explanation, path.solved
    sudokit.rate(line)                      # Rating: score, level, hardest technique, SE-style rating
    sudokit.hint(line)                      # (Hint, board): hint.stage(1) "Look at box 4", ...
    made = sudokit.generate(seed=1, symmetry="rot180")   # Generated: puzzle, solution, minimal, rating
    sudokit.generate(16, variant="x", level="easy")      # any size, variant, level, technique, givens
    sudokit.audit(puzzle)                   # setter's check: two differing solutions, or what could go
    sudokit.read_image("photo.jpg")         # a photo or screenshot of a grid (sudokit[image])
    sudokit.count_split(puzzle, 3, state="count.json")   # counted by pieces on every core, resumable
    with sudokit.open_executor("local:2") as cluster:    # or "tcp://scheduler:8786" (sudokit[cluster])
        sudokit.solve_file("huge.txt", sys.stdout, executor=cluster)

``solve_many``, ``solve_file``, ``BatchResult``, ``BatchSummary`` and ``LineResult`` (from
:mod:`sudokit.batch`) and ``explain``, ``hint``, ``rate``, ``Explanation``, ``Hint``, ``Rating`` and
``Step`` (from :mod:`sudokit.logic`), and ``generate``, ``generate_many``, ``Generated`` and
``GenerationError`` (from :mod:`sudokit.generator`), and ``count_split`` and ``split_puzzle`` (from
:mod:`sudokit.split`) and ``open_executor`` (from :mod:`sudokit.execution`) are imported on first use, so that
``import sudokit`` stays fast; ``dir(sudokit)`` and ``help(sudokit)`` list them with the rest.
"""

from typing import TYPE_CHECKING, Any

from sudokit.errors import (
    FormatError,
    GridError,
    ParseError,
    PuzzleError,
    SearchStopped,
    SolverError,
    SudokitError,
    UndeterminedError,
)
from sudokit.formats import dumps, parse, parse_many, read, write
from sudokit.model import (
    EMPTY,
    Cage,
    Cell,
    Grid,
    LineRule,
    Link,
    Puzzle,
    Relation,
    Solution,
    Sum,
    Unit,
    cell_name,
)
from sudokit.solver import (
    CountResult,
    SolveResult,
    Status,
    TrueCandidates,
    count_solutions,
    is_unique,
    solutions,
    solve,
    true_candidates,
)

if TYPE_CHECKING:
    from sudokit import constraints as constraints
    from sudokit import variants as variants
    from sudokit.batch import BatchResult, BatchSummary, LineResult, solve_file, solve_many
    from sudokit.execution import open_executor
    from sudokit.generator import Generated, GenerationError, generate, generate_many
    from sudokit.image import read_image, read_picture
    from sudokit.logic import Explanation, Hint, Rating, Step, explain, hint, rate
    from sudokit.setter import Audit, audit
    from sudokit.split import count_split, split_puzzle

__version__ = "0.1.0"

_LAZY = (
    {
        name: "sudokit.batch"
        for name in ("BatchResult", "BatchSummary", "LineResult", "solve_file", "solve_many")
    }
    | {name: "sudokit.logic" for name in ("Explanation", "Hint", "Rating", "Step", "explain", "hint", "rate")}
    | {name: "sudokit.generator" for name in ("Generated", "GenerationError", "generate", "generate_many")}
    | {name: "sudokit.setter" for name in ("Audit", "audit")}
    | {name: "sudokit.split" for name in ("count_split", "split_puzzle")}
    | {"open_executor": "sudokit.execution"}
    | {"read_image": "sudokit.image", "read_picture": "sudokit.image"}
    | {"variants": "sudokit.variants", "constraints": "sudokit.constraints"}
)
"""Names imported on first use; a value naming a module of the same last name is that module (the
constraint registry and the variants' builders: every kind module, loaded when a rule is first needed)."""


def __getattr__(name: str) -> Any:
    """Import the batch machinery (threads, arrays) only when it is first used: start-up stays fast."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sudokit' has no attribute {name!r}")
    import importlib

    loaded = importlib.import_module(module)
    value = loaded if module.rsplit(".", 1)[-1] == name else getattr(loaded, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, including those imported on first use, so that dir() and help() show them."""
    return sorted(set(globals()) | _LAZY.keys())


__all__ = [
    "EMPTY",
    "Audit",
    "BatchResult",
    "BatchSummary",
    "Cage",
    "Cell",
    "CountResult",
    "Explanation",
    "FormatError",
    "Generated",
    "GenerationError",
    "Grid",
    "GridError",
    "Hint",
    "LineResult",
    "LineRule",
    "Link",
    "ParseError",
    "Puzzle",
    "PuzzleError",
    "Rating",
    "Relation",
    "SearchStopped",
    "Solution",
    "SolveResult",
    "SolverError",
    "Status",
    "Step",
    "SudokitError",
    "Sum",
    "TrueCandidates",
    "UndeterminedError",
    "Unit",
    "__version__",
    "audit",
    "cell_name",
    "count_solutions",
    "count_split",
    "dumps",
    "explain",
    "generate",
    "generate_many",
    "hint",
    "is_unique",
    "open_executor",
    "parse",
    "parse_many",
    "rate",
    "read",
    "read_image",
    "read_picture",
    "solutions",
    "solve",
    "solve_file",
    "solve_many",
    "split_puzzle",
    "true_candidates",
    "variants",
    "write",
]
