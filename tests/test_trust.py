"""What a user can trust: every search stops (Ctrl-C, a progress callback, time limits) and says what it
had done; bounded commands; notes for puzzles that are not unique; bad puzzles reported one by one.

The Ctrl-C tests run sudokit in a child process and send it SIGINT once it is busy; each has a bound on
how long the child may take to stop, so a search that ignores the signal fails the test instead of
hanging it.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import sudokit
from sudokit import Grid, Puzzle
from sudokit.cli import cli
from sudokit.errors import SearchInterrupted
from tests.checker import is_valid_classic
from tests.conftest import data_lines

EMPTY_9 = "." * 81
STOP_WITHIN = 20.0
"""Seconds a child has to exit after SIGINT (generous: the VM is shared; polling is every 50 ms)."""


def _default_sigint() -> None:
    # a child of a shell that ignores SIGINT would inherit that and Python would keep ignoring it
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(args: list[str], busy_after: float = 3.0) -> tuple[int, str, str]:
    """Run a command, send SIGINT once it has been busy a while, and return (code, stdout, stderr).

    The wait leaves a loaded machine time to import sudokit first: Ctrl-C during the import would be
    an ordinary KeyboardInterrupt, not what these tests are about.
    """
    child = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_sigint,  # no threads in the test process at this point
    )
    time.sleep(busy_after)
    assert child.poll() is None, "the command finished before it could be interrupted"
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=STOP_WITHIN)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        pytest.fail(f"{args[3:]} did not stop within {STOP_WITHIN} s of SIGINT")
    return child.returncode, out, err


SUDOKIT = [sys.executable, "-m", "sudokit"]


def test_ctrl_c_stops_an_unbounded_count_with_a_lower_bound() -> None:
    code, out, err = interrupt([*SUDOKIT, "count", EMPTY_9, "--limit", "none"])
    assert code == 130
    words = out.split()
    assert words[1:4] == ["or", "more", "solutions"] and int(words[0]) > 0
    assert err.strip() == "sudokit: interrupted (0 of 1 puzzle counted)"


@pytest.mark.parametrize(
    "args",
    [
        ["count", "." * 4096, "--limit", "none"],  # 64x64: the generic core
        ["solve", data_lines("gecode_sudoku_25x25.txt")[0]],  # a minimal 25x25 that takes minutes
        ["hint", "." * 625, "--time-limit", "600"],  # 25x25: the human-style path
    ],
    ids=["count-64x64", "solve-25x25", "hint-25x25"],
)
def test_ctrl_c_stops_long_commands(args: list[str]) -> None:
    code, _, err = interrupt([*SUDOKIT, *args])
    assert code == 130
    assert err.strip().splitlines()[-1].startswith("sudokit: interrupted (0 of 1 puzzle")
    assert "Traceback" not in err


def test_ctrl_c_in_python_raises_keyboard_interrupt_with_the_count_so_far() -> None:
    script = (
        "import sudokit\n"
        "try:\n"
        "    sudokit.count_solutions('" + EMPTY_9 + "')\n"
        "except KeyboardInterrupt as exc:\n"
        "    print(type(exc).__name__, exc.solutions, exc.nodes)\n"
    )
    code, out, _ = interrupt([sys.executable, "-c", script])
    name, solutions, nodes = out.split()
    assert code == 0 and name == "SearchInterrupted" and int(solutions) > 0 and int(nodes) >= int(solutions)


class Enough(Exception):
    pass


@pytest.mark.parametrize("size", [9, 16])  # the 9x9 fast path and the generic core
def test_a_progress_callback_sees_the_search_and_can_stop_it(size: int) -> None:
    seen: list[tuple[int, int]] = []

    def progress(nodes: int, solutions: int) -> None:
        seen.append((nodes, solutions))
        if len(seen) == 3:
            raise Enough

    started = time.monotonic()
    with pytest.raises(Enough):
        sudokit.count_solutions(Puzzle.empty(Grid.classic(size)), progress=progress)
    assert time.monotonic() - started < 30
    assert len(seen) == 3
    nodes = [n for n, _ in seen]
    assert nodes == sorted(nodes) and nodes[0] > 0
    assert seen[-1][1] > 0  # an empty grid has solutions to spare: they were counted as they came


def test_a_progress_callback_stops_a_lazy_enumeration() -> None:
    calls = 0

    def progress(nodes: int, solutions: int) -> None:
        nonlocal calls
        calls += 1
        raise Enough

    with pytest.raises(Enough):
        sudokit.solve(data_lines("gecode_sudoku_25x25.txt")[0], progress=progress)  # takes minutes
    assert calls == 1


def test_search_interrupted_is_a_keyboard_interrupt() -> None:
    exc = SearchInterrupted(3, 10)
    assert isinstance(exc, KeyboardInterrupt) and not isinstance(exc, sudokit.SudokitError)
    assert (exc.solutions, exc.nodes) == (3, 10) and "3 solutions" in str(exc)


# ----------------------------------------------------------------------------------- bounded commands


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_count_has_a_default_limit_and_says_so() -> None:
    code, out, _ = run("count", EMPTY_9)
    assert code == 0
    assert out.split()[0] == "1000000" and "default limit of 1,000,000" in out and "--limit none" in out
    code, out, _ = run("count", "." * 16, "--limit", "none")
    assert code == 0 and out.strip() == "288 solutions"
    code, out, _ = run("count", "." * 16, "--limit", "0")
    assert out.strip() == "288 solutions"
    code, _, err = run("count", "." * 16, "--limit", "lots")
    assert code == 2 and "'lots' is not a number" in err


def test_count_progress_line_when_asked_off_a_terminal() -> None:
    code, out, err = run("count", EMPTY_9, "--limit", "3000000", "--progress")
    assert code == 0 and out.split()[0] == "3000000"
    assert "solutions" in err and "nodes" in err  # tqdm's line: solutions so far and nodes


def test_count_exits_1_when_a_node_or_time_limit_leaves_it_unknown() -> None:
    code, out, _ = run("count", EMPTY_9, "--limit", "none", "--node-limit", "100")
    assert code == 1 and "or more" in out
    code, out, _ = run("count", "." * 4096, "--time-limit", "0.5")
    assert code == 1 and "time limit" in out


@pytest.mark.parametrize("command", ["explain", "hint", "rate"])
def test_logic_commands_stop_at_their_time_limit(command: str) -> None:
    started = time.monotonic()
    for puzzle in ("." * 4096, data_lines("gecode_sudoku_25x25.txt")[0]):
        code, _, err = run(command, puzzle, "--time-limit", "1")
        assert code == 1 and err.startswith("sudokit: ") and err.count("\n") == 1
    assert time.monotonic() - started < 60
    assert "time limit" in err  # the 25x25 stops while its solutions are being looked for


def test_explain_stops_a_long_path_and_says_so() -> None:
    path = sudokit.explain("." * 625, time_limit=1.0)
    assert path.stopped_by == "time" and not path.solved and "time limit" in path.summary()
    assert "score" not in path.summary()  # no rating for part of a path


# ------------------------------------------------------------------------------------- not unique


def test_solve_says_when_a_puzzle_is_not_unique() -> None:
    code, out, err = run("solve", EMPTY_9, "--format", "line")
    assert code == 0 and len(out.strip()) == 81
    assert err.strip() == "sudokit: not unique (at least 2 solutions)"
    code, out, _ = run("solve", EMPTY_9, "--format", "json")
    assert '"unique": false' in out and "not unique" in out
    code, out, err = run(
        "solve", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    assert code == 0 and err == ""


def test_rate_refuses_and_hint_marks_a_puzzle_that_is_not_unique() -> None:
    code, out, err = run("rate", EMPTY_9)
    assert code == 1 and out == "" and "several solutions" in err and err.startswith("sudokit: ")
    with pytest.raises(sudokit.PuzzleError, match="several solutions"):
        sudokit.rate(EMPTY_9)
    code, out, err = run("hint", EMPTY_9)
    assert code == 0 and out and "several solutions" in err


# ----------------------------------------------------------------------------------- bad puzzles


def test_one_bad_line_does_not_stop_the_others(tmp_path: Path) -> None:
    good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    path = tmp_path / "mixed.txt"
    path.write_text(f"{good}\n{good[:10]}x{good[11:]}\n{good}\n")
    for command in ("solve", "check", "rate", "explain"):
        code, out, err = run(command, str(path))
        assert code == 1, command
        assert err.startswith(f"sudokit: error: {path}: line 2, column 11: 'x' is not a symbol"), command
        assert err.count("\n") == 1, command
        if command != "solve":
            assert "line 1:" in out and "line 3:" in out and "line 2" not in out, command
    code, out, _ = run("solve", str(path), "--format", "line")
    solutions = out.split()
    assert len(solutions) == 2 and all(is_valid_classic(good, s) for s in solutions)


def test_the_same_bytes_give_the_same_error_from_stdin_and_from_a_file(tmp_path: Path) -> None:
    for data in ("4....x8.5........\n", "1" * 82 + "\n", "\u00e9t\u00e9\n"):
        path = tmp_path / "same.txt"
        path.write_text(data)
        _, _, from_file = run("solve", str(path))
        _, _, from_stdin = run("solve", "-", stdin=data)
        assert from_file.replace(str(path), "<stdin>") == from_stdin


def test_restricted_puzzles_print_and_rate(tmp_path: Path) -> None:
    # a sukaku (every cell restricted): its solution prints as one line, and it can be rated
    givens = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    known = sudokit.solve(givens)
    assert known.solution is not None
    digits = known.solution.to_string()
    # givens keep their digit alone; the other cells allow two (so the sukaku is as unique as the puzzle)
    allowed = [
        {int(d)} if g != "." else {int(d), int(d) % 9 + 1} for g, d in zip(givens, digits, strict=True)
    ]
    line = "".join("".join(str(k) if k in cell else "." for k in range(1, 10)) for cell in allowed)
    path = tmp_path / "sukaku.729.txt"
    path.write_text(line + "\n")
    code, out, err = run("solve", str(path), "--format", "line")
    assert code == 0 and out.strip() == digits, err
    code, out, err = run("rate", str(path), "--json")
    assert code == 0 and '"score"' in out and out.count(line) == 1, err


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_puzzle_argument_says_so(text: str) -> None:
    code, out, err = run("solve", text)
    assert code == 1 and out == "" and err.strip().startswith("sudokit: error: PUZZLE is empty")
