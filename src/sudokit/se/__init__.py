"""Sudoku Explainer's rating (ER, EP, ED), reproduced: its rules, in its order, with its difficulties.

``se_rate(values)`` rates a 9x9 grid of values (0 empty) as Sudoku Explainer 1.2.1.3 does; the
rules live in :mod:`sudokit.se.rules` (singles to aligned exclusion, unique loops, BUG) and
:mod:`sudokit.se.chaining` (cycles and forcing chains), over the grid of :mod:`sudokit.se.grid`.
"""

from sudokit.se.rating import SERating, se_rate

__all__ = ["SERating", "se_rate"]
