"""`sudokit batch` on the command line: Ctrl-C, resuming, kept lines, progress, the line forms (issue 10)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import batch
from sudokit.cli import cli
from sudokit.english import plural
from tests.checker import is_valid_classic
from tests.conftest import ROOT, data_lines


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def sudokit_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "sudokit", *args]


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def slow_file(path: Path, count: int) -> Path:
    """25x25 lines (slow with --node-limit 1000, about 30 ms each) among 9x9 ones and comments."""
    big = data_lines("gecode_sudoku_25x25.txt")
    top = data_lines("sudoku-top95.txt")
    lines = ["# generated for the test"]
    for k in range(count):
        lines.append(big[k % len(big)])
        if k % 5 == 2:
            lines += [top[k % len(top)], ""]
    path.write_text("\n".join(lines) + "\n")
    return path


def mixed_file(path: Path) -> Path:
    top = data_lines("sudoku-top95.txt")[:30]
    lines = ["# header", ""]
    for k, line in enumerate(top):
        lines.append(line if k % 8 else "11" + line[2:])
        if k % 6 == 1:
            lines += ["  ", "# note", "5x" + line[2:]]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_ctrl_c_keeps_what_is_done_and_resume_finishes_it_byte_for_byte(tmp_path: Path) -> None:
    source = slow_file(tmp_path / "in.txt", 90)
    out, partial = tmp_path / "out.txt", tmp_path / "out.txt.partial"
    args = ("batch", str(source), "-o", str(out), "--node-limit", "1000", "--jobs", "2")
    process = subprocess.Popen(
        sudokit_command(*args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(),
        # a shell that ignores SIGINT would pass that on, and the child would never see Ctrl-C
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while not (partial.exists() and partial.stat().st_size > 0):  # output shows while the run goes on
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert partial.exists() and not out.exists()
    kept = partial.read_text()
    written = kept.count("\n")
    total_lines = len(source.read_text().splitlines())
    assert kept.endswith("\n") and 0 < written < 90
    messages = err.splitlines()
    assert messages[0].startswith("sudokit: interrupted after ") and f" of {total_lines} lines" in messages[0]
    assert messages[1].startswith(f"{written} puzzle") and "stopped by a limit" in messages[1]
    assert (
        messages[2]
        == f"{plural(written, 'line')} written to {partial}; run the same command again to continue"
    )
    assert Path(f"{partial}.run").exists()  # what says the next run is the same command

    resumed = subprocess.run(  # the same command: no --resume needed
        sudokit_command(*args), capture_output=True, text=True, env=environment(), timeout=120
    )
    assert resumed.returncode == 1, resumed.stderr  # node-limited lines are not answers
    assert resumed.stderr.startswith(f"sudokit: resuming after the {plural(written, 'line')} of {partial}")
    assert out.exists() and not partial.exists() and not Path(f"{partial}.run").exists()
    whole = tmp_path / "whole.txt"
    code, _, _ = run("batch", str(source), "-o", str(whole), "--node-limit", "1000", "--jobs", "2")
    assert code == 1
    assert out.read_bytes() == whole.read_bytes()
    assert whole.read_text().startswith(kept)


def test_output_goes_through_a_partial_file(tmp_path: Path) -> None:
    source = mixed_file(tmp_path / "in.txt")
    out = tmp_path / "out.txt"
    (tmp_path / "out.txt.partial").write_text("left over from another run\n")
    code, stdout, _ = run("batch", str(source), "-o", str(out))
    assert code == 1 and stdout == ""  # some lines have no solution
    assert not (tmp_path / "out.txt.partial").exists()
    code, expected, _ = run("batch", str(source))
    assert out.read_text() == expected
    assert "left over" not in expected


@pytest.mark.parametrize("keep", [False, True])
def test_resume_after_a_torn_partial_gives_the_uninterrupted_output(tmp_path: Path, keep: bool) -> None:
    source = mixed_file(tmp_path / "in.txt")
    flags = ["--keep-lines"] if keep else []
    whole = tmp_path / "whole.txt"
    assert run("batch", str(source), "-o", str(whole), *flags)[0] == 1
    rows = whole.read_bytes().splitlines(keepends=True)
    for done in (0, 1, 5, len(rows) - 1):
        out = tmp_path / f"out{done}.txt"
        torn = rows[done][: len(rows[done]) // 2]  # a line cut short by the interruption
        (tmp_path / f"out{done}.txt.partial").write_bytes(b"".join(rows[:done]) + torn)
        code, _, err = run("batch", str(source), "-o", str(out), "--resume", *flags)
        assert code == 1 and f"resuming after the {done} line" in err
        assert out.read_bytes() == whole.read_bytes()


def test_resume_exit_code_counts_the_lines_kept(tmp_path: Path) -> None:
    top = data_lines("sudoku-top95.txt")[:4]
    source = tmp_path / "in.txt"
    source.write_text("\n".join(top) + "\n")
    out = tmp_path / "out.txt"
    (tmp_path / "out.txt.partial").write_text("! line 1: no solution: as an earlier run said\n")
    code, _, err = run("batch", str(source), "-o", str(out), "--resume")
    assert code == 1 and err.splitlines()[-1].startswith("3 puzzles: 3 solved")
    rows = out.read_text().splitlines()
    assert rows[0].startswith("! line 1") and all(
        is_valid_classic(p, s) for p, s in zip(top[1:], rows[1:], strict=True)
    )


def test_resume_needs_an_output_and_says_when_there_is_nothing_to_resume(tmp_path: Path) -> None:
    source = mixed_file(tmp_path / "in.txt")
    code, _, err = run("batch", str(source), "--resume")
    assert code == 2 and "--resume continues the file that -o names" in err
    out = tmp_path / "out.txt"
    code, _, err = run("batch", str(source), "-o", str(out), "--resume")
    assert code == 1 and err.startswith(f"sudokit: no {out}.partial to resume; starting from the first line")
    assert out.read_text() == run("batch", str(source))[1]
    (tmp_path / "out.txt.partial").write_text("1\n" * 1000)
    code, _, err = run("batch", str(source), "-o", str(out), "--resume")
    assert code == 1 and "sudokit: error: the input has fewer puzzles" in err


def test_keep_lines_and_line_numbers(tmp_path: Path) -> None:
    source = mixed_file(tmp_path / "in.txt")
    code, out, _ = run("batch", str(source), "--keep-lines")
    inputs, outputs = source.read_text().splitlines(), out.splitlines()
    assert code == 1 and len(inputs) == len(outputs)
    for number, (line, answer) in enumerate(zip(inputs, outputs, strict=True), 1):
        if not line.strip() or line.startswith("#"):
            assert answer == line.rstrip()
        elif answer.startswith("!"):
            assert answer.startswith((f"! line {number}: ", f"! line {number}, column "))
        else:
            assert is_valid_classic(line, answer)


def test_uniqueness_unknown_lines_and_summary() -> None:
    lines = data_lines("puzzles3_magictour_top1465")[:40]
    code, out, err = run("batch", "-", "--node-limit", "3", stdin="\n".join(lines) + "\n")
    rows = out.splitlines()
    unknown = [row for row in rows if row.startswith("?")]
    assert code == 1 and unknown and len(rows) == len(lines)
    for row in unknown:
        head, _, solution = row.rpartition(": ")
        number = int(head.split()[2].rstrip(":"))
        assert head == f"? line {number}: uniqueness unknown (node limit)"
        assert is_valid_classic(lines[number - 1], solution)
    assert f"{len(unknown)} solved with uniqueness unknown (a limit stopped the check)" in err


def test_input_formats_batch_reads_and_refuses(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text(data_lines("sudoku-top95.txt")[0] + "\n")
    code, out, err = run("batch", str(source), "--input-format", "candidates")
    assert code == 1 and out.startswith("! line 1: not a candidate line")
    code, _, err = run("batch", str(source), "--input-format", "json")
    assert code == 2 and "batch reads one puzzle per line" in err


def test_progress_lines_when_stderr_is_no_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = mixed_file(tmp_path / "in.txt")
    monkeypatch.setattr(batch, "PROGRESS_SECONDS", 0.0)
    code, _, err = run("batch", str(source), "--progress", "-o", str(tmp_path / "out.txt"))
    puzzles = batch.count_lines(source)
    assert code == 1 and puzzles is not None
    progress = err.splitlines()[:-1]
    assert progress and progress[-1].startswith(f"{puzzles[1]} of {puzzles[1]} puzzles (100.0%), ")
    assert all(" puzzles/s, " in line for line in progress)
    assert run("batch", str(source))[2].count("\n") == 1  # no progress unless asked, off a terminal


def test_summary_uses_thousands_separators() -> None:
    lines = data_lines("puzzles3_magictour_top1465")
    code, _, err = run("batch", "-", "--jobs", "2", stdin="\n".join(lines) + "\n")
    assert code == 0 and err.startswith(f"{len(lines):,} puzzles: {len(lines):,} solved (0 with several")


def test_help_shows_the_line_forms_and_options() -> None:
    code, out, _ = run("batch", "--help")
    assert code == 0
    for text in (
        "! line N: REASON",
        "? line N: uniqueness unknown (time limit): SOLUTION",
        "--resume",
        "--keep-lines",
    ):
        assert text in out
    assert "130 after Ctrl-C" in " ".join(out.split())


def test_a_partial_output_of_another_run_is_not_resumed(tmp_path: Path) -> None:
    source = mixed_file(tmp_path / "in.txt")
    out, partial = tmp_path / "out.txt", tmp_path / "out.txt.partial"
    code, _, _ = run("batch", str(source), "-o", str(out))
    whole = out.read_bytes()
    for run_id in ("another run\n", None):  # a run of other options or input, or no record of one
        partial.write_text("1\n" * 5)
        if run_id is None:
            Path(f"{partial}.run").unlink(missing_ok=True)
        else:
            Path(f"{partial}.run").write_text(run_id)
        code2, _, err = run("batch", str(source), "-o", str(out))
        assert code2 == code and "resuming" not in err
        assert out.read_bytes() == whole
        assert not partial.exists() and not Path(f"{partial}.run").exists()


@pytest.mark.parametrize("separator", [",", "\t"])
def test_batch_reads_csv_and_tsv_with_a_header_and_keeps_the_columns(tmp_path: Path, separator: str) -> None:
    top = data_lines("sudoku-top95.txt")[:6]
    rows = [separator.join(("id", "puzzle", "note"))]
    for k, line in enumerate(top):
        rows.append(separator.join((str(100 + k), line if k != 3 else "11" + line[2:], f"n{k}")))
    source = tmp_path / ("in.csv" if separator == "," else "in.tsv")
    source.write_text("\n".join(rows) + "\n")
    code, out, _ = run("batch", str(source), "--json")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(answers) == len(top)
    for k, (line, answer) in enumerate(zip(top, answers, strict=True)):
        assert answer["line"] == k + 2 and answer["columns"] == {"id": str(100 + k), "note": f"n{k}"}
        if k == 3:
            assert answer["status"] == "unsolvable" and "r1c1 and r1c2" in answer["reason"]
        else:
            assert answer["status"] == "solved" and is_valid_classic(line, answer["solution"])
    # the plain output: one line per row, in order
    code, out, _ = run("batch", str(source))
    assert len(out.splitlines()) == len(top) and out.splitlines()[3].startswith("! line 5")


def test_show_true_candidates_matches_a_brute_force_count() -> None:
    import sudokit

    puzzle = "1...........4..."
    code, out, _ = run("show", puzzle, "--true-candidates", "--json")
    found = json.loads(out)
    seen: dict[str, set[str]] = {}
    grid = sudokit.parse(puzzle).grid
    for solution in sudokit.solutions(puzzle):
        for (r, c), v in zip(grid.cells, solution.values, strict=True):
            seen.setdefault(f"r{r + 1}c{c + 1}", set()).add(grid.symbols[v])
    assert code == 0 and {cell: set(v) for cell, v in found["candidates"].items()} == seen
    assert found["complete"] is True


def test_solve_json_names_the_rules_not_read() -> None:
    import lzstring  # type: ignore[import-untyped]

    grid = [[{} for _ in range(4)] for _ in range(4)]
    grid[0][0] = {"value": 1, "given": True}
    payload = {"size": 4, "grid": grid, "clock": [{"cells": ["R1C1"]}]}
    link = "https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(payload))
    code, out, err = run("solve", link, "--format", "json")
    answer = json.loads(out)
    assert code == 0 and "clock" in answer["warning"] and "sudokit: warning: rules not read" in err
