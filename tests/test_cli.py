"""The command line: every command, its output, exit codes and error messages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import sudokit
from sudokit.cli import cli
from tests.checker import is_valid_classic
from tests.conftest import data_lines, seed_puzzles

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SEEDS = {name: (puzzle, solution) for name, puzzle, solution in seed_puzzles()}
NEWSPAPER, NEWSPAPER_SOLUTION = SEEDS["fd_newspaper"]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_solve_prints_a_pretty_grid() -> None:
    code, out, err = run("solve", NEWSPAPER)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "5 6 7 | 4 8 3 | 2 9 1"
    assert lines[3] == "------+-------+------"
    assert "".join(ch for ch in out if ch.isdigit()) == NEWSPAPER_SOLUTION


@pytest.mark.parametrize("form", ["line", "grid", "sdk", "ss"])
def test_solve_formats_parse_back_to_the_solution(form: str) -> None:
    import sudokit

    code, out, _ = run("solve", NEWSPAPER, "--format", form)
    assert code == 0
    assert sudokit.parse(out).to_string() == NEWSPAPER_SOLUTION


def test_solve_json_output() -> None:
    code, out, _ = run("solve", NEWSPAPER, "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "solved"
    assert "".join(data["solution"]) == NEWSPAPER_SOLUTION


def test_solve_reads_a_file_and_stdin(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.sdk"
    path.write_text("#Ame\n" + "\n".join(TOP95_1[r * 9 : r * 9 + 9] for r in range(9)) + "\n")
    code, from_file, _ = run("solve", str(path), "--format", "line")
    assert code == 0 and is_valid_classic(TOP95_1, from_file.strip())
    code, from_stdin, _ = run("solve", "-", "--format", "line", stdin=TOP95_1 + "\n")
    assert code == 0 and from_stdin == from_file


def test_solve_every_puzzle_of_a_file(tmp_path: Path) -> None:
    lines = data_lines("sudoku-top95.txt")
    path = tmp_path / "top95.txt"
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run("solve", str(path), "--format", "line")
    solutions = out.split()
    assert code == 0 and len(solutions) == len(lines)
    assert all(is_valid_classic(p, s) for p, s in zip(lines, solutions, strict=True))


def test_solve_all_and_limit() -> None:
    four = "1..." + "." * 12
    code, out, _ = run("solve", four, "--all", "--format", "line")
    solutions = out.split()
    assert code == 0 and len(solutions) == len(set(solutions)) == 288 // 4
    assert all(s[0] == "1" for s in solutions)
    code, out, _ = run("solve", four, "--limit", "5", "--format", "line")
    assert out.split() == solutions[:5]
    code, out, _ = run("solve", four, "--limit", "3", "--format", "json")
    assert json.loads(out)["count"] == 3


def test_solve_without_solution_exits_1_with_a_reason() -> None:
    code, out, err = run("solve", "11" + "." * 79)
    assert code == 1 and out == ""
    assert err.strip() == "sudokit: no solution: r1c1 and r1c2 both hold 1 in row 1"


def test_solve_options_for_size_box_and_symbols() -> None:
    puzzle = "E.D.......B...EC...A........F...CD.B"
    code, default_box, _ = run("solve", puzzle, "--format", "line")
    code2, other_box, _ = run("solve", puzzle, "--box", "3x2", "--format", "line")
    assert code == 0 and default_box.strip() == "EBDFCAFCAEBDBDECAFCAFBDEDEBAFCAFCDEB"
    assert code2 in (0, 1) and other_box != default_box
    code, out, _ = run("solve", "1" + "." * 15, "--symbols", "1234", "--size", "4", "--format", "line")
    assert code == 0 and out.startswith("1")


def test_stats_go_to_stderr() -> None:
    code, out, err = run("solve", NEWSPAPER, "--stats", "--format", "line")
    assert code == 0 and out.strip() == NEWSPAPER_SOLUTION
    assert "solved in" in err and "guesses" in err


def test_count_prints_the_number_first() -> None:
    code, out, _ = run("count", "." * 16)
    assert code == 0 and out.split()[0] == "288"
    code, out, _ = run("count", "." * 16, "--limit", "10")
    assert code == 0 and out.split()[0] == "10" and "limit" in out
    code, out, _ = run("count", NEWSPAPER)
    assert out.strip() == "1 solution"
    code, out, _ = run("count", "11" + "." * 79)
    assert code == 0 and out.split()[0] == "0" and "row 1" in out
    code, out, _ = run("count", "." * 81, "--node-limit", "5")
    assert code == 1 and "or more" in out and "nodes" in out  # a node limit leaves the count unknown


@pytest.mark.parametrize(
    ("puzzle", "verdict", "exit_code"),
    [
        (NEWSPAPER, "unique", 0),
        ("1" + "." * 15, "multiple", 1),
        ("11" + "." * 79, "invalid", 1),
        ("12345678." + "........9" + "." * 63, "no", 1),
    ],
)
def test_check_verdicts(puzzle: str, verdict: str, exit_code: int) -> None:
    code, out, _ = run("check", puzzle)
    assert code == exit_code and out.split()[0].rstrip(":") == verdict


def test_batch_keeps_order_and_marks_failures(tmp_path: Path) -> None:
    good = data_lines("sudoku-top95.txt")[:5]
    serg = data_lines("puzzles7_serg_benchmark")[0]
    lines = ["# header", good[0], "", "11" + "." * 79, good[1], serg, "5x" + "." * 79, *good[2:]]
    source = tmp_path / "in.txt"
    source.write_text("\n".join(lines) + "\n")
    target = tmp_path / "out.txt"
    code, out, err = run("batch", str(source), "-o", str(target))
    assert code == 1 and out == ""
    results = target.read_text().splitlines()
    puzzles = [line for line in lines if line and not line.startswith("#")]
    assert len(results) == len(puzzles) == 8
    assert results[1].startswith("! line 4: no solution: r1c1 and r1c2 both hold 1 in row 1")
    assert results[4].startswith("! line 7, column 2: 'x' is not a symbol")
    for puzzle, result in zip(puzzles, results, strict=True):
        if not result.startswith("!"):
            assert is_valid_classic(puzzle, result)
    assert "8 puzzles: 6 solved (1 with several solutions), 1 unsolvable, 1 invalid" in err
    assert "puzzles/s" in err


def test_batch_with_two_jobs_gives_the_same_output(tmp_path: Path) -> None:
    lines = data_lines("puzzles3_magictour_top1465")
    source = tmp_path / "in.txt"
    source.write_text("\n".join(lines) + "\n")
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    assert run("batch", str(source), "-o", str(one))[0] == 0
    assert run("batch", str(source), "-o", str(two), "--jobs", "2")[0] == 0
    assert one.read_text() == two.read_text()
    results = one.read_text().split()
    assert len(results) == len(lines)
    assert all(is_valid_classic(p, s) for p, s in zip(lines, results, strict=True))


def test_batch_reads_stdin_and_writes_stdout() -> None:
    code, out, err = run("batch", "-", stdin=NEWSPAPER + "\n")
    assert code == 0 and out.strip() == NEWSPAPER_SOLUTION
    assert err.startswith("1 puzzle: 1 solved")


def test_show_candidates_and_convert(tmp_path: Path) -> None:
    code, out, _ = run("show", TOP95_1, "--candidates")
    assert code == 0 and out.splitlines()[0].split()[0] == "4"
    target = tmp_path / "p.sdk"
    code, _, _ = run("show", TOP95_1, "--format", "sdk", "-o", str(target))
    assert code == 0 and target.read_text().splitlines()[0] == "4.....8.5"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "4....x8.5" + "." * 72], "sudokit: error: line 1, column 6: 'x' is not a symbol"),
        (["solve", "." * 80], "sudokit: error: line 1: 80 cells is not a square number"),
        (["solve", "missing.sdk"], "sudokit: error: missing.sdk: no such file"),
        (["count", "nope"], "sudokit: error: nope: no such file"),
    ],
)
def test_errors_are_one_line_with_exit_1(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 1 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_unreadable_files(tmp_path: Path) -> None:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run("solve", str(binary))
    assert code == 1 and "not a UTF-8 text file" in err and err.count("\n") == 1
    code, _, err = run("solve", str(tmp_path))
    assert code == 1 and "is a directory" in err
    code, out, err = run("batch", str(binary))
    assert code == 1 and out == "! line 1: not UTF-8 text (byte 1)\n" and "1 invalid" in err
    code, _, err = run("batch", str(tmp_path / "absent.txt"))
    assert code == 1 and err == f"sudokit: error: {tmp_path / 'absent.txt'}: no such file\n"


MISSING_FILE_COMMANDS = {
    "solve": [],
    "count": [],
    "check": [],
    "show": [],
    "render": [],
    "explain": [],
    "hint": [],
    "rate": [],
    "batch": [],
    "dataset info": [],
    "dataset canon": [],
    "dataset dedupe": [],
    "dataset split": ["-o", "{dir}/parts"],
    "dataset augment": [],
    "dataset verify": ["--answers", "answer"],
    "dataset label": ["--labels", "givens"],
    "dataset describe": [],
    "dataset draw": ["-o", "{dir}/images"],
    "generate --rules-from": [],
    "generate --pattern": [],
}


@pytest.mark.parametrize("command", sorted(MISSING_FILE_COMMANDS))
def test_a_missing_file_gets_the_same_one_line_from_every_command(tmp_path: Path, command: str) -> None:
    missing = str(tmp_path / "missing.txt")
    extra = [arg.format(dir=tmp_path) for arg in MISSING_FILE_COMMANDS[command]]
    code, out, err = run(*command.split(), missing, *extra)
    assert (code, out, err) == (1, "", f"sudokit: error: {missing}: no such file\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing made for an input not there


def test_every_error_about_a_files_content_names_the_file_and_line(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.txt"
    mixed.write_text(
        "# a collection\n"
        f"{TOP95_1}\n"
        f"{TOP95_1[:77]}x{TOP95_1[78:]}\n"  # line 3: not a symbol
        f"11{'.' * 79}\n"  # line 4: no solution
        f"{'.' * 82}\n"  # line 5: no one-line puzzle
        f"{'.' * 79}12\n"  # line 6: several solutions (a note)
    )
    code, out, err = run("solve", str(mixed), "--format", "line")
    assert code == 1 and is_valid_classic(TOP95_1, out.split()[0])
    lines = err.splitlines()
    where = [line.removeprefix("sudokit: ").removeprefix("error: ").split(": ")[:2] for line in lines]
    assert where == [[str(mixed), "line 3, column 78"], *([str(mixed), f"line {k}"] for k in (4, 5, 6))]
    assert lines[1] == f"sudokit: {mixed}: line 4: no solution: r1c1 and r1c2 both hold 1 in row 1"
    assert lines[3] == f"sudokit: {mixed}: line 6: not unique (at least 2 solutions)"
    # every line read: a puzzle is still named by its line (not "puzzle 2"), and the file by its name
    clean = tmp_path / "clean.txt"
    clean.write_text(f"# two\n{TOP95_1}\n\n11{'.' * 79}\n")
    code, _, err = run("solve", str(clean))
    assert code == 1 and err == f"sudokit: {clean}: line 4: no solution: r1c1 and r1c2 both hold 1 in row 1\n"
    code, out, _ = run("count", str(clean))
    assert out.splitlines()[1].endswith("[line 4]")
    one = tmp_path / "one.txt"
    one.write_text(f"11{'.' * 79}\n")
    code, _, err = run("solve", str(one))
    assert code == 1 and err == f"sudokit: {one}: no solution: r1c1 and r1c2 both hold 1 in row 1\n"
    code, _, err = run("solve", f"11{'.' * 79}")  # text given on the command line: no file to name
    assert err == "sudokit: no solution: r1c1 and r1c2 both hold 1 in row 1\n"


def test_bad_file_content_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(TOP95_1 + "\n" + TOP95_1[:40] + "?" + TOP95_1[41:] + "\n")
    code, _, err = run("solve", str(path))
    assert code == 1
    assert (
        err.strip() == f"sudokit: error: {path}: line 2, column 41: '?' is not a symbol of this 9x9 puzzle "
        "(symbols 123456789, blanks .0)"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["solve"],
        ["solve", "x", "--box", "3"],
        ["solve", "x", "--format", "xml"],
        ["frobnicate"],
        ["count", "x", "--limit", "-1"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    code, _, err = run(*args)
    assert code == 2 and "Usage:" in err


def test_help_has_examples() -> None:
    code, out, _ = run("--help")
    assert code == 0 and "sudokit solve" in out and "Examples:" in out
    for command in ("solve", "count", "check", "batch", "show", "demo"):
        assert command in out


def test_console_script_and_module_entry_points() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    script = Path(sys.executable).with_name("sudokit")
    for command in ([str(script)], [sys.executable, "-m", "sudokit"]):
        done = subprocess.run(
            [*command, "solve", NEWSPAPER, "--format", "line"],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert done.returncode == 0 and done.stdout.strip() == NEWSPAPER_SOLUTION
        bad = subprocess.run(
            [*command, "solve", "11" + "." * 79], capture_output=True, text=True, env=env, check=False
        )
        assert bad.returncode == 1 and "Traceback" not in bad.stderr


def test_demo_solves_the_bundled_examples() -> None:
    code, out, _ = run("demo")
    assert code == 0
    from sudokit.demo import EXAMPLES, example

    assert out.count("unique solution") == len(EXAMPLES) == 5
    for name in EXAMPLES:
        assert name in out
        solution = sudokit.solve(example(name)).solution
        assert solution is not None and solution.violations() == []
    assert "samurai" in out and "30 killer cages" in out


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "a\x00b"],
        ["batch", "a\x00b"],
        ["dataset", "info", "a\x00b"],
        ["render", "examples/classic.txt", "-o", "x\x00.svg"],
    ],
)
def test_a_nul_in_a_file_name_is_a_one_line_error(args: list[str]) -> None:
    # Python refuses such a path with a ValueError, not an OSError: it once escaped as a traceback
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.count("\n") == 1 and result.output.startswith("sudokit: error:")


CLASSIC_LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize("args", [["--help"], ["solve", CLASSIC_LINE]])
def test_the_command_line_starts_without_loading_every_kind(args: list[str]) -> None:
    # kinds and formats are loaded when first needed: --help and a plain line do without the registry
    import subprocess
    import sys

    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('registry' if 'sudokit.constraints' in sys.modules else 'light',"
        " file=sys.stderr))\n"
        "from sudokit.cli import main\n"
        f"main({args!r})\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "light"


def test_the_registry_is_complete_when_first_asked_for() -> None:
    import subprocess
    import sys

    code = (
        "import sudokit\n"
        "assert len(sudokit.variants.VARIANT_NAMES) > 10\n"
        "from sudokit.constraints import kinds\n"
        "assert len(kinds()) > 50\n"
        "empty = sudokit.parse('" + "." * 81 + "', variants=['x', 'antiknight'])\n"
        "print(sudokit.count_solutions(empty, 1).count)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "1", done.stderr
