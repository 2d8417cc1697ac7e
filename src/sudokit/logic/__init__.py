"""Human-style solving: techniques, step-by-step explanations, hints and difficulty ratings."""

from sudokit.logic.board import Board
from sudokit.logic.path import Explanation, Hint, Rating, explain, hint, next_step, rate, rating_of
from sudokit.logic.step import TECHNIQUES, Level, Step, Technique

__all__ = [
    "TECHNIQUES",
    "Board",
    "Explanation",
    "Hint",
    "Level",
    "Rating",
    "Step",
    "Technique",
    "explain",
    "hint",
    "next_step",
    "rate",
    "rating_of",
]
