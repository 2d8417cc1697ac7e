"""The exceptions sudokit raises: one base class, one subclass per kind of fault.

Each carries a message that says what is wrong and where, ready to show to a user as one line.
"""

from __future__ import annotations

import os


class SudokitError(Exception):
    """Base class of every error sudokit raises on purpose."""


class GridError(SudokitError, ValueError):
    """A grid definition that cannot work: bad box shape, a unit larger than the alphabet, ..."""


class PuzzleError(SudokitError, ValueError):
    """Givens or allowed symbols that do not fit the grid."""


class ParseError(SudokitError, ValueError):
    """Text that is not a puzzle in any supported format; carries the position of the fault.

    ``line`` and ``column`` are 1-based (None where the fault has no single position).
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        """Remember the position so callers (the CLI, the web app) can point at it."""
        self.message = message
        self.line = line
        self.column = column
        where = ""
        if line is not None:
            where = f"line {line}, column {column}: " if column is not None else f"line {line}: "
        super().__init__(where + message)


class FormatError(SudokitError, ValueError):
    """A puzzle that the requested output format cannot express, or an unknown format name."""


class SolverError(SudokitError):
    """A puzzle the compiled core cannot take (for example more than 64 symbols)."""


class SearchStopped(SudokitError):
    """Iteration over solutions hit its node or time limit before it finished."""


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a search: a KeyboardInterrupt that also says how far the search had got.

    ``solutions`` is the number found so far (a lower bound on the count), ``nodes`` the branching
    guesses made.  Catch it (or KeyboardInterrupt) to report partial work.
    """

    def __init__(self, solutions: int, nodes: int) -> None:
        """Remember the partial counts, so a caller can print them after Ctrl-C."""
        self.solutions = solutions
        self.nodes = nodes
        super().__init__(f"interrupted after {nodes:,} nodes with {solutions:,} solutions found so far")


class UndeterminedError(SudokitError):
    """A verdict was asked of a puzzle some of whose rules were not read (see ``Puzzle.unread``).

    "Unique" or "not unique" made without a rule of the puzzle could be overturned by that rule, so
    :func:`sudokit.is_unique` raises this instead of answering; the message names the rules.
    """


def file_error(path: str | os.PathLike[str], exc: OSError | None = None) -> str:
    """The one line for an input file that cannot be opened, ``PATH: no such file`` when it is absent.

    Every command and reader says it in these words, so a missing file reads the same whichever met it.
    """
    name = os.fspath(path)
    shown = name if name.isprintable() else repr(name)  # a name with a line break stays on one line
    if exc is None or isinstance(exc, FileNotFoundError):
        return f"{shown}: no such file"
    if isinstance(exc, IsADirectoryError):
        return f"{shown}: is a directory, not a file"
    if isinstance(exc, PermissionError):
        return f"{shown}: not allowed to read it (permission denied)"
    return f"{shown}: cannot be read ({exc.strerror or exc})"
