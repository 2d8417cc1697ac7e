"""sudokit: Sudoku and its variants - model, compiled solver, formats and command line.

The whole public API::

    import sudokit
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    puzzle = sudokit.parse(line)            # any supported format, detected
    result = sudokit.solve(puzzle)          # SolveResult: status, solution, reason, nodes, seconds
    print(result.solution)
    sudokit.count_solutions(puzzle, limit=2).count
    sudokit.is_unique(puzzle)
    for solution in sudokit.solutions(puzzle, limit=10): ...
    grid = sudokit.Grid.classic(6, box=(2, 3), symbols="ABCDEF")
"""

from sudokit.errors import (
    FormatError,
    GridError,
    ParseError,
    PuzzleError,
    SearchStopped,
    SolverError,
    SudokitError,
)
from sudokit.formats import dumps, parse, parse_many, read, write
from sudokit.model import EMPTY, Cell, Grid, Puzzle, Solution, Unit, cell_name
from sudokit.solver import (
    CountResult,
    SolveResult,
    Status,
    count_solutions,
    is_unique,
    solutions,
    solve,
)

__version__ = "0.1.0"

__all__ = [
    "EMPTY",
    "Cell",
    "CountResult",
    "FormatError",
    "Grid",
    "GridError",
    "ParseError",
    "Puzzle",
    "PuzzleError",
    "SearchStopped",
    "Solution",
    "SolveResult",
    "SolverError",
    "Status",
    "SudokitError",
    "Unit",
    "__version__",
    "cell_name",
    "count_solutions",
    "dumps",
    "is_unique",
    "parse",
    "parse_many",
    "read",
    "solutions",
    "solve",
    "write",
]
