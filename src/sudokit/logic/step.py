"""Steps as data, and the table of techniques with their levels and scores.

The table follows HoDoKu's default settings (search order, level, base score; see
``benchmarks/README.md`` for the origin) and adds each technique's approximate Sudoku Explainer
rating, so that a path can be rated on both scales.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sudokit.constraints.base import Deduction
from sudokit.constraints.base import kinds as constraint_kinds
from sudokit.logic.board import Board


class Level(enum.IntEnum):
    """HoDoKu's five difficulty levels, with the score each may reach before the next begins."""

    EASY = 1
    MEDIUM = 2
    HARD = 3
    UNFAIR = 4
    EXTREME = 5

    def __repr__(self) -> str:
        """``Level.MEDIUM``: source, so that a :class:`~sudokit.logic.Rating`'s repr can be pasted back."""
        return f"Level.{self.name}"

    @property
    def label(self) -> str:
        """Lower-case name (``easy`` ... ``extreme``)."""
        return self.name.lower()

    @property
    def max_score(self) -> int | None:
        """The highest total score of this level; beyond it a puzzle is rated one level up."""
        return {1: 800, 2: 1000, 3: 1600, 4: 1800}.get(int(self))


@dataclass(frozen=True, slots=True)
class Technique:
    """One human technique: its name, difficulty and HoDoKu regression-library code."""

    key: str
    name: str
    level: Level
    score: int
    """HoDoKu's base score: a puzzle's score is the sum over its steps."""
    se: float
    """Approximate Sudoku Explainer rating of one use (the path's rating is the maximum)."""
    reglib: str = ""
    """HoDoKu regression-library code (``0200`` = naked pair); empty when it has none."""
    enabled: bool = True
    """Used by default when solving (HoDoKu's defaults: big and mutant fish, templates and a few
    others are off because cheaper techniques cover them or they cost too much to look for)."""
    description: str = ""
    """The technique in one sentence (given for the variant deductions)."""


E, M, H, U, X = Level.EASY, Level.MEDIUM, Level.HARD, Level.UNFAIR, Level.EXTREME

_TABLE: tuple[tuple[str, str, Level, int, float, str], ...] = (
    ("full_house", "Full House", E, 4, 1.0, "0000"),
    ("naked_single", "Naked Single", E, 4, 2.3, "0003"),
    ("hidden_single", "Hidden Single", E, 14, 1.5, "0002"),
    ("cage_combinations", "Cage Combinations", M, 20, 2.0, ""),
    ("relation_exclusion", "Relation Exclusion", M, 20, 2.0, ""),
    ("link_exclusion", "Link Exclusion", M, 20, 2.0, ""),
    ("sum_bounds", "Sum Bounds", M, 20, 2.0, ""),
    ("rule_of_45", "Rule of 45 (Innies and Outies)", M, 30, 2.5, ""),
    ("cage_must_contain", "Cage Must Contain", M, 40, 2.6, ""),
    ("line_must_contain", "Line Must Contain", M, 40, 2.6, ""),
    ("line_rule_exclusion", "Line Rule Exclusion", M, 30, 2.5, ""),
    ("locked_pair", "Locked Pair", M, 40, 3.0, "0110"),
    ("locked_triple", "Locked Triple", M, 60, 3.6, "0111"),
    ("locked_candidates_1", "Locked Candidates Type 1 (Pointing)", M, 50, 2.6, "0100"),
    ("locked_candidates_2", "Locked Candidates Type 2 (Claiming)", M, 50, 2.8, "0101"),
    ("naked_pair", "Naked Pair", M, 60, 3.0, "0200"),
    ("naked_triple", "Naked Triple", M, 80, 3.6, "0201"),
    ("hidden_pair", "Hidden Pair", M, 70, 3.4, "0210"),
    ("hidden_triple", "Hidden Triple", M, 100, 4.0, "0211"),
    ("naked_quadruple", "Naked Quadruple", H, 120, 5.0, "0202"),
    ("hidden_quadruple", "Hidden Quadruple", H, 150, 5.4, "0212"),
    ("x_wing", "X-Wing", H, 140, 3.2, "0300"),
    ("swordfish", "Swordfish", H, 150, 3.8, "0301"),
    ("jellyfish", "Jellyfish", H, 160, 5.2, "0302"),
    ("squirmbag", "Squirmbag", U, 470, 5.6, "0303"),
    ("whale", "Whale", U, 470, 5.8, "0304"),
    ("leviathan", "Leviathan", U, 470, 6.0, "0305"),
    ("remote_pair", "Remote Pair", H, 110, 6.5, "0703"),
    ("bug_plus_1", "Bivalue Universal Grave + 1", H, 100, 5.6, "0610"),
    ("skyscraper", "Skyscraper", H, 130, 6.5, "0400"),
    ("two_string_kite", "2-String Kite", H, 150, 6.5, "0401"),
    ("dual_two_string_kite", "Dual 2-String Kite", H, 150, 6.6, "0404"),
    ("turbot_fish", "Turbot Fish", H, 120, 6.6, "0403"),
    ("empty_rectangle", "Empty Rectangle", H, 120, 6.5, "0402"),
    ("dual_empty_rectangle", "Dual Empty Rectangle", H, 120, 6.6, "0405"),
    ("w_wing", "W-Wing", H, 150, 6.6, "0803"),
    ("xy_wing", "XY-Wing", H, 160, 4.2, "0800"),
    ("xyz_wing", "XYZ-Wing", H, 180, 4.4, "0801"),
    ("uniqueness_1", "Uniqueness Test 1", H, 100, 4.5, "0600"),
    ("uniqueness_2", "Uniqueness Test 2", H, 100, 4.5, "0601"),
    ("uniqueness_3", "Uniqueness Test 3", H, 100, 4.7, "0602"),
    ("uniqueness_4", "Uniqueness Test 4", H, 100, 4.5, "0603"),
    ("uniqueness_5", "Uniqueness Test 5", H, 100, 4.6, "0604"),
    ("uniqueness_6", "Uniqueness Test 6", H, 100, 4.6, "0605"),
    ("hidden_rectangle", "Hidden Rectangle", H, 100, 4.6, "0606"),
    ("avoidable_rectangle_1", "Avoidable Rectangle Type 1", H, 100, 4.5, "0607"),
    ("avoidable_rectangle_2", "Avoidable Rectangle Type 2", H, 100, 4.5, "0608"),
    ("finned_x_wing", "Finned X-Wing", H, 130, 3.4, "0310"),
    ("sashimi_x_wing", "Sashimi X-Wing", H, 150, 3.5, "0320"),
    ("finned_swordfish", "Finned Swordfish", U, 200, 4.0, "0311"),
    ("sashimi_swordfish", "Sashimi Swordfish", U, 240, 4.1, "0321"),
    ("finned_jellyfish", "Finned Jellyfish", U, 250, 5.4, "0312"),
    ("sashimi_jellyfish", "Sashimi Jellyfish", U, 260, 5.5, "0322"),
    ("finned_squirmbag", "Finned Squirmbag", U, 470, 5.8, "0313"),
    ("sashimi_squirmbag", "Sashimi Squirmbag", U, 470, 5.9, "0323"),
    ("finned_whale", "Finned Whale", U, 470, 6.0, "0314"),
    ("sashimi_whale", "Sashimi Whale", U, 470, 6.1, "0324"),
    ("finned_leviathan", "Finned Leviathan", U, 470, 6.2, "0315"),
    ("sashimi_leviathan", "Sashimi Leviathan", U, 470, 6.3, "0325"),
    ("sue_de_coq", "Sue de Coq", U, 250, 5.0, "1101"),
    ("simple_colors_trap", "Simple Colors Trap", H, 150, 6.5, "0500"),
    ("simple_colors_wrap", "Simple Colors Wrap", H, 150, 6.5, "0501"),
    ("multi_colors_1", "Multi Colors 1", H, 200, 6.6, "0502"),
    ("multi_colors_2", "Multi Colors 2", H, 200, 6.6, "0503"),
    ("x_chain", "X-Chain", U, 260, 6.6, "0701"),
    ("xy_chain", "XY-Chain", U, 260, 6.8, "0702"),
    ("continuous_nice_loop", "Continuous Nice Loop", U, 280, 7.0, "0706"),
    ("discontinuous_nice_loop", "Discontinuous Nice Loop", U, 280, 7.0, "0707"),
    ("aic", "AIC", U, 280, 7.0, "0708"),
    ("grouped_continuous_nice_loop", "Grouped Continuous Nice Loop", U, 300, 7.2, "0709"),
    ("grouped_discontinuous_nice_loop", "Grouped Discontinuous Nice Loop", U, 300, 7.2, "0710"),
    ("grouped_aic", "Grouped AIC", U, 300, 7.2, "0711"),
    ("als_xz", "Almost Locked Set XZ-Rule", U, 300, 7.5, "0901"),
    ("als_xy_wing", "Almost Locked Set XY-Wing", U, 320, 7.7, "0902"),
    ("als_xy_chain", "Almost Locked Set Chain", U, 340, 7.9, "0903"),
    ("death_blossom", "Death Blossom", U, 360, 8.0, "0904"),
    ("franken_x_wing", "Franken X-Wing", U, 300, 3.6, "0330"),
    ("franken_swordfish", "Franken Swordfish", U, 350, 4.2, "0331"),
    ("franken_jellyfish", "Franken Jellyfish", U, 370, 5.6, "0332"),
    ("franken_squirmbag", "Franken Squirmbag", X, 470, 6.0, "0333"),
    ("franken_whale", "Franken Whale", X, 470, 6.2, "0334"),
    ("franken_leviathan", "Franken Leviathan", X, 470, 6.4, "0335"),
    ("finned_franken_x_wing", "Finned Franken X-Wing", U, 390, 3.8, "0340"),
    ("finned_franken_swordfish", "Finned Franken Swordfish", U, 410, 4.4, "0341"),
    ("finned_franken_jellyfish", "Finned Franken Jellyfish", U, 430, 5.8, "0342"),
    ("finned_franken_squirmbag", "Finned Franken Squirmbag", X, 470, 6.2, "0343"),
    ("finned_franken_whale", "Finned Franken Whale", X, 470, 6.4, "0344"),
    ("finned_franken_leviathan", "Finned Franken Leviathan", X, 470, 6.6, "0345"),
    ("mutant_x_wing", "Mutant X-Wing", X, 450, 4.0, "0350"),
    ("mutant_swordfish", "Mutant Swordfish", X, 450, 4.6, "0351"),
    ("mutant_jellyfish", "Mutant Jellyfish", X, 450, 6.0, "0352"),
    ("mutant_squirmbag", "Mutant Squirmbag", X, 470, 6.4, "0353"),
    ("mutant_whale", "Mutant Whale", X, 470, 6.6, "0354"),
    ("mutant_leviathan", "Mutant Leviathan", X, 470, 6.8, "0355"),
    ("finned_mutant_x_wing", "Finned Mutant X-Wing", X, 470, 4.2, "0360"),
    ("finned_mutant_swordfish", "Finned Mutant Swordfish", X, 470, 4.8, "0361"),
    ("finned_mutant_jellyfish", "Finned Mutant Jellyfish", X, 470, 6.2, "0362"),
    ("finned_mutant_squirmbag", "Finned Mutant Squirmbag", X, 470, 6.6, "0363"),
    ("finned_mutant_whale", "Finned Mutant Whale", X, 470, 6.8, "0364"),
    ("finned_mutant_leviathan", "Finned Mutant Leviathan", X, 470, 7.0, "0365"),
    ("kraken_fish", "Kraken Fish", X, 500, 8.0, "0371"),
    ("template_set", "Template Set", X, 10000, 9.0, "1201"),
    ("template_delete", "Template Delete", X, 10000, 9.0, "1202"),
    ("forcing_chain_contradiction", "Forcing Chain Contradiction", X, 500, 7.5, "1301"),
    ("forcing_chain_verity", "Forcing Chain Verity", X, 500, 7.8, "1302"),
    ("forcing_net_contradiction", "Forcing Net Contradiction", X, 700, 8.8, "1303"),
    ("forcing_net_verity", "Forcing Net Verity", X, 700, 9.0, "1304"),
    ("guess", "Guess", X, 10000, 11.0, ""),
)

_DISABLED = frozenset(
    {
        "squirmbag", "whale", "leviathan",
        "finned_squirmbag", "sashimi_squirmbag", "finned_whale", "sashimi_whale",
        "finned_leviathan", "sashimi_leviathan",
        "death_blossom",
        "franken_jellyfish", "franken_squirmbag", "franken_whale", "franken_leviathan",
        "finned_franken_jellyfish", "finned_franken_squirmbag", "finned_franken_whale",
        "finned_franken_leviathan",
        "kraken_fish", "template_set", "template_delete",
    }
    | {key for key, *_ in _TABLE if key.startswith(("mutant_", "finned_mutant_"))}
)  # fmt: skip


def _variant_deductions() -> dict[str, Deduction]:
    """The deductions the constraint kinds declare, by key (kinds sharing one declare it alike)."""
    found: dict[str, Deduction] = {}
    for kind in constraint_kinds():
        deduction = kind.deduction
        if deduction is not None and found.setdefault(deduction.key, deduction) != deduction:
            raise AssertionError(f"kinds declare the deduction {deduction.key!r} differently")
    return found


VARIANT_DEDUCTIONS: dict[str, Deduction] = _variant_deductions()
"""The techniques of the constraint kinds (``thermometer_positions``, ``sandwich_combinations``, ...)."""


def _with_deductions(table: tuple[tuple[str, str, Level, int, float, str], ...]) -> list[tuple[Any, ...]]:
    """The table with the kinds' deductions among the variant techniques, easiest (lowest score) first.

    The variant techniques sit between the singles and the locked sets, as a solver of variants
    tries a thermometer or a dot before a subset; among themselves they are ordered by score.
    """
    rows = [(*row, "") for row in table]
    first = next(i for i, row in enumerate(rows) if row[0] == "cage_combinations")
    last = next(i for i, row in enumerate(rows) if row[0] == "locked_pair")
    variant = rows[first:last] + [
        (d.key, d.name, Level.MEDIUM, d.score, d.se, "", d.sentence) for d in VARIANT_DEDUCTIONS.values()
    ]
    variant.sort(key=lambda row: row[3])
    return rows[:first] + variant + rows[last:]


TECHNIQUES: dict[str, Technique] = {
    key: Technique(key, name, level, score, se, reglib, key not in _DISABLED, description)
    for key, name, level, score, se, reglib, description in _with_deductions(_TABLE)
}
"""Every technique sudokit knows, by key, in search order: HoDoKu's, with the variant techniques
(the kinds' deductions among them) after the singles."""

BY_REGLIB: dict[str, Technique] = {t.reglib: t for t in TECHNIQUES.values() if t.reglib}
"""Techniques by regression-library code."""


_REPR_WIDTH = 100
"""The longest explanation a step's repr shows whole; str(step) always gives all of it."""


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction: a technique found a pattern that places symbols or removes candidates.

    Cells and symbols are indexes into the grid (``Grid.cells``, ``Grid.symbols``); ``explanation``
    names them the way players do.
    """

    technique: str
    """Key into :data:`TECHNIQUES` (``naked_pair``)."""
    digits: tuple[int, ...]
    """The symbols the pattern is about."""
    cells: tuple[int, ...]
    """The cells that make up the pattern."""
    units: tuple[str, ...]
    """Names of the units the pattern uses (``row 3``, ``box 5``)."""
    placements: tuple[tuple[int, int], ...] = ()
    """(cell, symbol) pairs this step places."""
    eliminations: tuple[tuple[int, int], ...] = ()
    """(cell, symbol) candidates this step removes."""
    explanation: str = ""
    length: int = 0
    """Chains and loops: the number of links."""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __repr__(self) -> str:
        """A short readable form, ``<Step: Hidden single: in box 4, 4 fits only in r6c2>`` (long ones cut)."""
        text = self.explanation or self.name
        if len(text) > _REPR_WIDTH:
            text = text[: _REPR_WIDTH - 3].rstrip() + "..."
        return f"<Step: {text}>"

    def __str__(self) -> str:
        """The step's sentence, as ``explain`` prints it."""
        return self.explanation or self.name

    @property
    def info(self) -> Technique:
        """The technique's table entry (name, level, score)."""
        return TECHNIQUES[self.technique]

    @property
    def name(self) -> str:
        """The technique's display name."""
        return TECHNIQUES[self.technique].name

    @property
    def rule_cells(self) -> list[list[int]]:
        """The cells of each variant rule the step reads (a thermometer's, a cage's), to draw it."""
        return list(self.extra.get("rule_cells", []))

    def apply(self, board: Board) -> None:
        """Change ``board`` by this step: place, then remove candidates."""
        for cell, digit in self.placements:
            if board.value[cell] < 0:
                board.place(cell, digit)
        board.delete(self.eliminations)

    def useful(self, board: Board) -> bool:
        """True when applying the step would change ``board``."""
        return any(board.value[c] < 0 for c, _ in self.placements) or any(
            board.cand[c] >> d & 1 for c, d in self.eliminations
        )

    def as_dict(self, board: Board) -> dict[str, Any]:
        """JSON-ready form: 1-based rows and columns, symbols as text."""
        grid = board.grid

        def cell_digits(pairs: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
            return [
                {"row": grid.cells[c][0] + 1, "col": grid.cells[c][1] + 1, "symbol": grid.symbols[d]}
                for c, d in pairs
            ]

        return {
            "technique": self.name,
            "key": self.technique,
            "level": self.info.level.label,
            "digits": [grid.symbols[d] for d in self.digits],
            "cells": [board.name(c) for c in self.cells],
            "units": list(self.units),
            "rules": [[board.name(c) for c in cells] for cells in self.rule_cells],
            "explanation": self.explanation,
            "placements": cell_digits(self.placements),
            "eliminations": cell_digits(self.eliminations),
        }


def join_names(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: names joined the way a sentence lists them."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def eliminations_text(board: Board, eliminations: Iterable[tuple[int, int]]) -> str:
    """What a step removes, in as few phrases as possible.

    ``r1c6, r2c6 and r3c6 lose 2`` when grouping by symbol is shorter, else ``r3c5 loses 4/7``.
    """
    by_cell: dict[int, list[int]] = {}
    by_digit: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_cell.setdefault(cell, []).append(digit)
        by_digit.setdefault(digit, []).append(cell)
    if len(by_digit) < len(by_cell):
        phrases = []
        for d, cells in sorted(by_digit.items()):
            verb = "loses" if len(cells) == 1 else "lose"
            phrases.append(f"{join_names([board.name(c) for c in cells])} {verb} {board.sym(d)}")
        return "; ".join(phrases)
    return "; ".join(f"{board.name(c)} loses {board.syms(sorted(ds))}" for c, ds in by_cell.items())
