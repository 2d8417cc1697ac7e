"""Sudoku Explainer's rating, reproduced: ER, EP and ED equal SE 1.2.1.3's on puzzles it rated.

The fixture holds puzzles rated by SE itself (serate, built by hand outside the repository), one or
two for each ER value from 1.2 (hidden single in a block) to 8.5 (dynamic forcing chains), then
dynamic forcing chains (+) and nested forcing chains of levels 2 and 3: each value is the hardest
technique of its puzzle, so the table checks SE's techniques and their difficulties one by one, and
the path that reaches them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import sudokit
from sudokit.errors import PuzzleError
from sudokit.se.chaining import length_difficulty
from sudokit.se.grid import Grid
from sudokit.se.rules import hidden_singles, naked_singles

FIXTURE = Path(__file__).parent / "fixtures" / "se" / "rated.txt"
RATED = [
    (parts[0], float(parts[1]), float(parts[2]), float(parts[3]))
    for line in FIXTURE.read_text(encoding="utf-8").splitlines()
    if line and not line.startswith("#")
    for parts in [line.split()]
]


@pytest.mark.parametrize(
    ("puzzle", "er", "ep", "ed"), RATED, ids=[f"ER{r[1]}-{k}" for k, r in enumerate(RATED)]
)
def test_er_ep_ed_equal_sudoku_explainers(puzzle: str, er: float, ep: float, ed: float) -> None:
    rating = sudokit.rate(puzzle, scale="se")
    assert (round(rating.er, 1), round(rating.ep, 1), round(rating.ed, 1)) == (er, ep, ed)
    assert max(d for _, d in rating.steps) == rating.er  # ER is the hardest step of the path


def test_the_fixture_spans_the_techniques() -> None:
    values = {er for _, er, _, _ in RATED}
    # singles, direct intersections and subsets, intersections, subsets, fish, wings, unique loops,
    # BUG, forcing X/XY chains, multiple and dynamic forcing chains
    for er in (1.2, 1.5, 1.7, 2.0, 2.3, 2.5, 2.6, 2.8, 3.0, 3.2, 3.4, 4.2, 4.4, 4.5, 5.6, 6.6, 7.1, 8.5):
        assert er in values, er
    # dynamic forcing chains (+) (9.0 and up), nested forcing chains (9.5 and up, 10.0 and up)
    names = {
        name for puzzle, er, *_ in RATED if er >= 9.0 for name, _ in sudokit.rate(puzzle, scale="se").steps
    }
    for suffix in (" (+)", " (+ Forcing Chains)", " (+ Multiple Forcing Chains)"):
        assert any(name.endswith(suffix) for name in names), suffix


def test_chain_length_increments_follow_se_steps() -> None:
    """0.1 for each of SE's lengths 4, 6, 8, 12, 16, 24, ... that a chain passes (its complexity - 2)."""
    steps = [4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256]
    for complexity in range(2, 300):
        expected = sum(1 for s in steps if complexity - 2 > s) / 10
        assert round(length_difficulty(complexity), 6) == round(expected, 6), complexity


def test_a_hidden_single_in_a_block_comes_before_one_in_a_row() -> None:
    # the first puzzle of the fixture whose first step is a hidden single: SE looks at blocks first
    puzzle, *_ = RATED[0]
    grid = Grid.from_values([int(c) if c.isdigit() else 0 for c in puzzle])
    first = next(hidden_singles(grid))
    assert first.difficulty in (1.0, 1.2)
    assert all(h.difficulty == 2.3 for h in naked_singles(grid))


def test_only_classic_puzzles_with_one_solution_are_rated() -> None:
    with pytest.raises(PuzzleError, match="classic 9x9"):
        sudokit.rate("." * 16, scale="se")
    with pytest.raises(PuzzleError, match="several solutions"):
        sudokit.rate("." * 81, scale="se")
    with pytest.raises(sudokit.SolverError, match="unknown rating scale"):
        sudokit.rate(RATED[0][0], scale="nope")  # type: ignore[call-overload]


def test_rate_se_on_the_command_line_single_and_batch(tmp_path: Path) -> None:
    chosen = RATED[::9]
    path = tmp_path / "puzzles.txt"
    path.write_text("".join(p + "\n" for p, *_ in chosen), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "sudokit", "rate", "--se", "--json", "--jobs", "2", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(r["er"], r["ep"], r["ed"]) for r in records] == [(er, ep, ed) for _, er, ep, ed in chosen]
    one = subprocess.run(
        [sys.executable, "-m", "sudokit", "rate", "--se", chosen[0][0]],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert one.stdout.strip() == f"ED={chosen[0][1]:.1f}/{chosen[0][2]:.1f}/{chosen[0][3]:.1f}"


def test_rate_to_a_file_resumes_an_interrupted_run(tmp_path: Path) -> None:
    """-o writes OUTPUT.partial line by line; the same command again keeps its complete lines."""
    chosen = [p for p, er, *_ in RATED if er < 7.0][::4]
    path = tmp_path / "puzzles.txt"
    path.write_text("".join(p + "\n" for p in chosen) + "not a puzzle\n", encoding="utf-8")
    out = tmp_path / "ratings.txt"
    command = [sys.executable, "-m", "sudokit", "rate", "--se", "--jobs", "1", str(path), "-o", str(out)]
    full = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert full.returncode == 1  # the last line is no puzzle
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(chosen) + 1 and lines[-1].startswith("! line ")
    assert [line.split("ED=")[1] for line in lines[:-1]] == [
        f"{er}/{ep}/{ed}" for p, er, ep, ed in RATED if p in chosen
    ]
    assert not (tmp_path / "ratings.txt.partial").exists()
    # an interrupted run: two complete lines (one marked, to show it is kept) and a cut one
    out.unlink()
    partial = tmp_path / "ratings.txt.partial"
    partial.write_text(lines[0] + "\n" + lines[1] + " kept\n" + lines[2][:7], encoding="utf-8")
    resumed = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=300)
    assert "resuming after the 2 lines" in resumed.stderr
    again = out.read_text(encoding="utf-8").splitlines()
    assert again == [lines[0], lines[1] + " kept", *lines[2:]]


def test_the_compiled_rules_find_the_same_hints_as_the_python_ones() -> None:
    """Hidden singles to XYZ-wings in the core: the same first hint at every step of SE's paths.

    Each path is followed until the first step these rules cannot take (the chains after them are
    the same Python code either way).
    """
    from sudokit.se.rating import COMPILED, RULES, _compiled_hint, _compiled_loop, _compiled_quad, first_hint
    from sudokit.se.rules import unique_loops

    compared = 0
    for puzzle, *_ in RATED:
        grid = Grid.from_values([int(c) if c.isdigit() else 0 for c in puzzle])
        while not grid.solved():
            quad, quad_reference = (
                next(_compiled_quad(grid), None),
                first_hint(grid, RULES[COMPILED + 1 : COMPILED + 4], compiled=False),
            )
            assert (quad and (quad.name, quad.removals)) == (
                quad_reference and (quad_reference.name, quad_reference.removals)
            )
            ours, reference = _compiled_hint(grid), first_hint(grid, RULES[:COMPILED], compiled=False)
            assert (ours is None) == (reference is None), puzzle
            if ours is None or reference is None:  # where SE asks the unique loops next
                loop, loop_reference = next(_compiled_loop(grid), None), next(unique_loops(grid), None)
                assert (loop and (loop.name, loop.difficulty, loop.removals)) == (
                    loop_reference
                    and (loop_reference.name, loop_reference.difficulty, loop_reference.removals)
                ), puzzle
                break
            assert (ours.name, ours.difficulty, ours.removals, ours.cell, ours.value) == (
                reference.name,
                reference.difficulty,
                reference.removals,
                reference.cell,
                reference.value,
            ), puzzle
            ours.apply(grid)
            compared += 1
    assert compared > 1000


@pytest.mark.parametrize(
    "mode", [0, 1, 2, 3, 4], ids=["cycles-forcing", "nishio", "multiple", "dynamic", "dynamic-plus"]
)
def test_the_compiled_chains_find_the_same_first_hint_as_the_python_ones(mode: int) -> None:
    """Each chaining rule in the core against this package's search, on the fixture's chain steps
    (the nested levels 2-5 have no Python search: they are checked against SE's ratings above)."""
    from sudokit.se.chaining import Chaining
    from sudokit.se.rating import first_hint

    rule = Chaining(
        *[
            (False, False, False),
            (False, True, True),
            (True, False, False),
            (True, True, False),
            (True, True, False),
        ][mode],
        level=1 if mode == 4 else 0,
    )
    compared = 0
    wanted = 2 if mode == 4 else 12  # the Python (+) search takes seconds a step
    for puzzle, er, *_ in RATED:
        if er < (9.0 if mode == 4 else 6.5) or compared >= wanted:
            continue
        grid = Grid.from_values([int(c) if c.isdigit() else 0 for c in puzzle])
        while not grid.solved() and compared < wanted:
            hint = first_hint(grid)
            assert hint is not None
            if hint.difficulty >= 6.5:
                ours, reference = next(iter(rule(grid)), None), next(iter(rule.hints(grid)), None)
                assert (ours is None) == (reference is None)
                if ours is not None and reference is not None:
                    assert (ours.name, ours.difficulty, ours.removals, ours.complexity) == (
                        reference.name,
                        reference.difficulty,
                        reference.removals,
                        reference.complexity,
                    ), puzzle
                compared += 1
            hint.apply(grid)
    assert compared >= min(wanted, 6)


def test_the_compiled_aligned_exclusions_find_the_same_hints_as_the_python_ones() -> None:
    from sudokit.se.rating import first_hint
    from sudokit.se.rules import aligned_pair_exclusion, aligned_triplet_exclusion

    compared = found = 0
    for puzzle, er, *_ in RATED:
        if er < 6.2:
            continue
        grid = Grid.from_values([int(c) if c.isdigit() else 0 for c in puzzle])
        for _ in range(6):
            hint = first_hint(grid)
            if hint is None or grid.solved():
                break
            for rule in (aligned_pair_exclusion, aligned_triplet_exclusion):
                ours, reference = next(rule(grid), None), next(rule(grid, compiled=False), None)
                assert (ours and (ours.difficulty, ours.removals)) == (
                    reference and (reference.difficulty, reference.removals)
                ), puzzle
                compared += 1
                found += ours is not None
            hint.apply(grid)
    assert compared >= 20 and found >= 1


def test_a_long_chain_search_stops_inside_the_core_when_asked() -> None:
    """The nested search asks its poll callback as it goes (Ctrl-C, the time limit) and raises its error."""
    from sudokit import _engine
    from sudokit.se.chaining import POLL, Chaining

    class Stop(Exception):
        pass

    calls = []

    def progress(work: int, _unused: int) -> None:
        calls.append(work)
        raise Stop

    puzzle = next(p for p, er, *_ in RATED if er >= 10.5)
    grid = Grid.from_values([int(c) if c.isdigit() else 0 for c in puzzle])
    token = POLL.set(_engine.Poll(progress))
    try:
        with pytest.raises(Stop):
            next(iter(Chaining(multiple=True, dynamic=True, nishio=False, level=3)(grid)))
    finally:
        POLL.reset(token)
    assert len(calls) == 1 and calls[0] > 0
    with pytest.raises(sudokit.SearchStopped):
        sudokit.rate(puzzle, scale="se", time_limit=0.05)


def test_candidates_from_the_core_equal_the_python_ones() -> None:
    import sudokit.se.grid as se_grid

    for puzzle, *_ in RATED:
        values = [int(c) if c.isdigit() else 0 for c in puzzle]
        compiled = Grid.from_values(values).cand
        engine, se_grid._engine = se_grid._engine, None  # type: ignore[assignment]
        try:
            assert Grid.from_values(values).cand == compiled
        finally:
            se_grid._engine = engine
