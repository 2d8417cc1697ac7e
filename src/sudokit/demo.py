"""The demonstration behind ``make run``: solve the bundled example puzzles and show the timings."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources

from sudokit.english import number, plural
from sudokit.formats import parse
from sudokit.logic import explain
from sudokit.model import Puzzle
from sudokit.solver import count_solutions

EXAMPLES = ("classic-9x9.sdk", "letters-6x6.txt", "hex-16x16.txt", "samurai.txt", "killer.json")
"""Bundled puzzles, in the order the demo shows them (see ``examples/README.md`` for origins)."""


def example(name: str) -> Puzzle:
    """A bundled example puzzle by file name."""
    text = resources.files("sudokit.examples").joinpath(name).read_text(encoding="utf-8")
    return parse(text)


def _side_by_side(left: str, right: str, gap: str = "      ") -> str:
    a, b = left.splitlines(), right.splitlines()
    width = max(len(line) for line in a)
    if 2 * width + len(gap) > 100:  # too wide for a terminal: one below the other
        return left + "\n\n" + right
    rows = max(len(a), len(b))
    a += [""] * (rows - len(a))
    b += [""] * (rows - len(b))
    return "\n".join((x.ljust(width) + gap + y).rstrip() for x, y in zip(a, b, strict=True))


def run_demo(echo: Callable[[str], object] = print) -> None:
    """Solve each example, print puzzle and solution side by side, the time taken and its rating.

    The examples are a classic 9x9, a 6x6 with letters, a 16x16, a samurai and a killer without givens.
    """
    for name in EXAMPLES:
        puzzle = example(name)
        result = count_solutions(puzzle, 2)
        title = puzzle.metadata.get("description") or puzzle.metadata.get("title") or name
        echo(f"== {name}: {puzzle.grid.describe()}, {puzzle.clue_count} givens")
        echo(f"   {title}")
        if result.first is None:
            echo(f"   no solution: {result.reason}")
            continue
        unique = "unique solution" if result.unique else "several solutions"
        echo(
            f"   {unique}; solved and checked for uniqueness in {result.seconds * 1000:.2f} ms "
            f"with {plural(result.nodes, 'guess')}"
        )
        echo("")
        solved = str(result.first)
        if puzzle.grid.cages:  # the cage list goes with the puzzle; the solution shows the grid only
            solved = "\n".join(solved.splitlines()[: -len(puzzle.grid.cages)])
        echo(_side_by_side(str(puzzle), solved))
        echo("")
        path = explain(puzzle)
        rating = path.rating
        how = "by logic alone" if path.solved else f"with {plural(path.guesses, 'guess')}"
        echo(
            f"   human-style path: {plural(len(path.steps), 'step')} {how} in {path.seconds * 1000:.0f} ms; "
            f"rated {rating.level.label} (score {number(rating.score)}, hardest: {rating.hardest})"
        )
        first = next((s for s in path.steps if s.info.level > 1), path.steps[0])
        echo(f"   for example: {first.explanation}")
        echo("")
    _demo_generate(echo)


def _demo_generate(echo: Callable[[str], object]) -> None:
    """Make a few new puzzles (seeded: the same ones each run) and say how long each took."""
    from sudokit.generator import generate

    echo("== new puzzles, made by sudokit generate (each proved unique)")
    requests: list[tuple[str, dict[str, object]]] = [
        ("minimal 9x9", {}),
        ("9x9, 180-degree symmetry, level hard", {"symmetry": "rot180", "level": "hard"}),
        ("9x9 killer, cages only", {"variant": "killer"}),
        ("16x16", {"size": 16}),
    ]
    for what, options in requests:
        made = generate(seed=2026, **options)  # type: ignore[arg-type]
        rated = f", rated {made.rating.level.label}" if made.rating is not None else ""
        minimal = "minimal" if made.minimal else "not known to be minimal"
        cages = made.puzzle.grid.cages
        amount = plural(len(cages), "cage") if cages else plural(made.givens, "given")
        echo(
            f"   {what}: {amount} ({minimal}{rated}) "
            f"in {made.seconds * 1000:.1f} ms, {plural(made.attempts, 'attempt')}"
        )
        if made.puzzle.grid.size <= 9 and not made.puzzle.grid.cages:
            echo(f"   {made.puzzle.to_string()}")
    echo("")
