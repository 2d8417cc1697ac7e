"""The batch path: sudokit.solve_many and sudokit.solve_file, checked against single-puzzle solving."""

from __future__ import annotations

import io
import random
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

import sudokit
from sudokit import batch
from sudokit.formats.text import ReadOptions
from tests.checker import check_classic, classic_units, is_valid_classic, problems
from tests.conftest import DATA, data_lines

HEX = "123456789ABCDEFG"


def test_mixed_input_keeps_order_line_numbers_and_reasons() -> None:
    top = data_lines("sudoku-top95.txt")[:3]
    serg = data_lines("puzzles7_serg_benchmark")[0]
    hex16 = data_lines("gecode_sudoku_16x16.txt")[0]
    text = "\n".join(
        [
            "# a comment",
            top[0],
            "",
            "11" + "." * 79,  # two 1s in row 1
            f"{top[1]}   # trailing comment",
            serg,
            "5x" + "." * 79,
            hex16,  # another size: read the general way
            "\t" + top[2] + "\r",
            "12345678" + "9" * 73,  # reads, but no solution
        ]
    )
    result = sudokit.solve_many(text)
    assert [r.line for r in result] == [2, 4, 5, 6, 7, 8, 9, 10]
    assert [r.kind for r in result] == [
        "solved",
        "unsolvable",
        "solved",
        "multiple",
        "invalid",
        "solved",
        "solved",
        "unsolvable",
    ]
    assert result[1].reason == "no solution: r1c1 and r1c2 both hold 1 in row 1"
    assert result[4].reason.startswith("'x' is not a symbol") and result[4].column == 2
    assert result[4].output.startswith("! line 7, column 2: 'x' is not a symbol")
    assert result[7].reason.startswith("no solution: ")
    for puzzle, index in ((top[0], 0), (top[1], 2), (serg, 3), (top[2], 6)):
        assert is_valid_classic(puzzle, result[index].solution)
    assert is_valid_classic(hex16, result[5].solution, 16, (4, 4), HEX)
    assert result[3].count == 2 and result[0].count == 1
    out = result.output().splitlines()
    assert out == [r.output for r in result]
    assert out[1] == "! line 4: no solution: r1c1 and r1c2 both hold 1 in row 1"
    summary = result.summary
    assert (summary.puzzles, summary.solved, summary.multiple, summary.unsolvable, summary.invalid) == (
        8,
        5,
        1,
        2,
        1,
    )


def test_answers_match_single_puzzle_solving() -> None:
    lines = data_lines("puzzles3_magictour_top1465")[:200] + data_lines("puzzles7_serg_benchmark")[:200]
    result = sudokit.solve_many(lines)
    assert len(result) == len(lines)
    for line, found in zip(lines, result, strict=True):
        single = sudokit.count_solutions(line, 2)
        assert found.count == single.count
        assert found.solution == single.first.to_string()
        assert is_valid_classic(line, found.solution)


def test_two_jobs_and_small_blocks_give_the_same_results(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (DATA / "puzzles7_serg_benchmark").read_text()
    one = sudokit.solve_many(text)
    monkeypatch.setattr(batch, "BLOCK_BYTES", 1000)
    two = sudokit.solve_many(text, jobs=2)
    assert one.output() == two.output()
    assert list(one) == list(two)
    assert len(two._blocks) > 100


def test_limit_one_only_solves() -> None:
    lines = data_lines("puzzles7_serg_benchmark")[:50]
    result = sudokit.solve_many(lines, limit=1)
    assert {r.kind for r in result} == {"solved"}
    assert all(is_valid_classic(p, r.solution) for p, r in zip(lines, result, strict=True))
    with pytest.raises(ValueError, match="limit"):
        sudokit.solve_many(lines, limit=0)


def test_node_limit_marks_puzzles_stopped() -> None:
    lines = data_lines("puzzles3_magictour_top1465")[:100]
    result = sudokit.solve_many(lines, node_limit=1)
    stopped = [r for r in result if r.kind == "stopped"]
    assert stopped and result.summary.stopped == len(stopped)
    for r in stopped:
        assert r.nodes >= 1
        if r.solution is None:
            assert r.reason == "stopped by the node limit"
            assert r.output == f"! line {r.line}: stopped by the node limit"


def test_16x16_lines_use_the_generic_core_in_one_call() -> None:
    lines = data_lines("gecode_sudoku_16x16.txt")[:20]
    result = sudokit.solve_many(lines)
    assert result.summary.solved == 20
    assert all(is_valid_classic(p, r.solution, 16, (4, 4), HEX) for p, r in zip(lines, result, strict=True))
    assert not result._blocks[-1].special  # after the first line, the core read every line itself


def test_solve_file_streams_from_a_path_or_stream(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = data_lines("sudoku-top95.txt")
    source = tmp_path / "in.txt"
    source.write_text("\n".join(lines) + "\n")
    monkeypatch.setattr(batch, "BLOCK_BYTES", 500)
    out = io.StringIO()
    counted: list[int] = []
    summary = sudokit.solve_file(source, out, progress=counted.append)
    solutions = out.getvalue().splitlines()
    assert summary.solved == summary.puzzles == len(lines) == len(solutions) == sum(counted)
    assert len(counted) > 5
    assert all(is_valid_classic(p, s) for p, s in zip(lines, solutions, strict=True))
    again = io.StringIO()
    sudokit.solve_file(io.BytesIO(source.read_bytes()), again, jobs=2)
    assert again.getvalue() == out.getvalue()


def test_non_utf8_and_empty_input() -> None:
    result = sudokit.solve_many(b"\xff\xfe\n" + data_lines("sudoku-top95.txt")[0].encode())
    assert [r.kind for r in result] == ["invalid", "solved"]
    assert result[0].output == "! line 1: not UTF-8 text (byte 1)"
    assert len(sudokit.solve_many("")) == 0
    with pytest.raises(IndexError):
        sudokit.solve_many("")[0]


def test_solve_file_memory_does_not_grow_with_the_input() -> None:
    import tracemalloc

    lines = data_lines("puzzles2_17_clue")[:5000]
    peaks = []
    for copies in (1, 8):
        source = io.BytesIO(("\n".join(lines) + "\n").encode() * copies)
        tracemalloc.start()
        summary = sudokit.solve_file(source, None, jobs=2)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert summary.solved == summary.puzzles == 5000 * copies
    assert peaks[1] < 1.5 * peaks[0] < 4_000_000


# ------------------------------------------------------------------- lines of every form (issue 10)


def _sukaku_line(puzzle_line: str) -> tuple[str, tuple[int, ...]]:
    """A 729-character candidate line: every cell empty, allowed the pencil marks the givens leave."""
    puzzle = sudokit.parse(puzzle_line)
    masks = puzzle.candidates()
    sukaku = sudokit.Puzzle(puzzle.grid, (sudokit.EMPTY,) * 81, masks)
    return sudokit.dumps(sukaku, "candidates").strip(), masks


def _keeps_candidates(solution: str, masks: Sequence[int]) -> bool:
    return all(mask >> (int(digit) - 1) & 1 for digit, mask in zip(solution, masks, strict=True))


def _token_line(n: int, box: tuple[int, int], seed: int) -> str:
    """An n x n puzzle written as number tokens (1..n, '.' blanks), from a random solution."""
    grid = sudokit.Grid.classic(n, box=box, symbols=[str(k) for k in range(1, n + 1)])
    found = sudokit.count_solutions(sudokit.Puzzle.empty(grid), 1).first
    assert found is not None
    rng = random.Random(seed)
    return " ".join(str(v + 1) if rng.random() < 0.6 else "." for v in found.values)


def _check_tokens(puzzle: str, solution: str, n: int, box: tuple[int, int]) -> list[str]:
    return problems(
        puzzle.split(), solution.split(), classic_units(n, *box), [str(k) for k in range(1, n + 1)]
    )


def test_a_729_character_line_is_a_sukaku_line_as_for_solve() -> None:
    top = data_lines("sudoku-top95.txt")
    line, masks = _sukaku_line(top[0])
    assert len(line) == 729
    single = sudokit.count_solutions(sudokit.parse(line), 2)  # what `sudokit solve` reads
    assert single.puzzle.grid.size == 9
    for lines in ([line], [top[1], line], [line, top[1]]):  # before and after the 9x9 fast table
        result = sudokit.solve_many(lines)
        found = result[lines.index(line)]
        assert found.kind == ("solved" if single.count == 1 else "multiple")
        assert single.first is not None
        assert found.solution == "".join(single.puzzle.grid.symbols[v] for v in single.first.values)
        assert is_valid_classic("." * 81, found.solution) and _keeps_candidates(found.solution, masks)
        assert result.summary.invalid == 0


def test_input_format_candidates_reads_every_line_as_candidates() -> None:
    grid = sudokit.Grid.classic(4)
    puzzle = sudokit.Puzzle(grid, (0,) + (sudokit.EMPTY,) * 15)
    line = sudokit.dumps(sudokit.Puzzle(grid, (sudokit.EMPTY,) * 16, puzzle.candidates()), "candidates")
    assert len(line.strip()) == 64  # as long as an 8x8 one-line puzzle
    source = io.BytesIO((line.strip() + "\n" + data_lines("sudoku-top95.txt")[0] + "\n").encode())
    out = io.StringIO()
    options = batch.BatchOptions(ReadOptions(one_per_line=True), format="candidates")
    summary = sudokit.solve_file(source, out, options=options)
    first, second = out.getvalue().splitlines()
    assert (
        len(first) == 16 and first[0] == "1" and not check_classic("1" + "." * 15, first, 4, (2, 2), "1234")
    )
    assert second.startswith("! line 2: not a candidate line")
    assert (summary.puzzles, summary.invalid) == (2, 1)
    plain = sudokit.solve_many([line.strip()])  # without the option, 64 characters are an 8x8 line
    assert sudokit.parse(line).grid.size == 8 and plain[0].kind == "unsolvable"  # as solve reads it


def test_number_tokens_and_bad_lines_never_end_the_run() -> None:
    tokens = _token_line(12, (3, 4), seed=5)
    top = data_lines("sudoku-top95.txt")[:2]
    lines = [tokens, top[0], "5x" + "." * 79, "not a puzzle at all", top[1], tokens]
    for order in (lines, lines[1:] + lines[:1]):  # the alphabet settled by tokens, or by a 9x9 line
        result = sudokit.solve_many(order)
        assert len(result) == len(order)
        assert [r.kind == "invalid" for r in result] == [line in lines[2:4] for line in order]
        for line, found in zip(order, result, strict=True):
            if line == tokens:
                assert found.solution is not None and not _check_tokens(tokens, found.solution, 12, (3, 4))
                single = sudokit.count_solutions(sudokit.parse(tokens), 2)
                assert found.solution.split() == [single.puzzle.grid.symbols[v] for v in single.first.values]
            elif found.kind != "invalid":
                assert is_valid_classic(line, found.solution)
            else:
                assert found.output.startswith(f"! line {found.line}")


def test_a_line_that_breaks_the_solver_is_reported_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    top = data_lines("sudoku-top95.txt")[:3]
    real = batch.count_solutions

    def flaky(puzzle: sudokit.Puzzle, *args: object, **kwargs: object) -> object:
        if puzzle.to_string() == top[1]:
            raise RuntimeError("boom")
        return real(puzzle, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "count_solutions", flaky)
    # a 4x4 first settles the core's table, so the 9x9 lines go through the general path
    result = sudokit.solve_many(["# a comment", _token_line(4, (2, 2), 1), *top])
    assert [r.kind for r in result][1:] == ["solved", "invalid", "solved"]
    assert result[2].output == "! line 4: cannot solve this line (RuntimeError: boom)"
    assert is_valid_classic(top[2], result[3].solution)


@pytest.mark.parametrize("first", ["", "hex16"])
def test_a_limit_after_the_first_solution_leaves_uniqueness_unknown(first: str) -> None:
    lines = data_lines("puzzles3_magictour_top1465")[:60]
    if first:  # another size first: the 9x9 lines go through the general path instead of the core's
        lines = [data_lines("gecode_sudoku_16x16.txt")[0], *lines]
    result = sudokit.solve_many(lines, node_limit=3)
    unverified = [r for r in result if r.kind == "unverified"]
    assert unverified and result.summary.unverified == len(unverified)
    for r in unverified:
        puzzle = lines[r.line - 1]
        assert r.count == 1 and is_valid_classic(puzzle, r.solution)
        single = sudokit.count_solutions(puzzle, 2, node_limit=3)
        assert (single.count, single.stopped_by) == (1, "nodes")
        assert r.output == f"? line {r.line}: uniqueness unknown (node limit): {r.solution}"
    summary = result.summary
    assert summary.puzzles == summary.solved + summary.unverified + summary.stopped + summary.unsolvable
    assert summary.failures == summary.unverified + summary.stopped
    assert f"{summary.unverified} solved with uniqueness unknown" in summary.describe()


def test_summary_english() -> None:
    one = batch.BatchSummary()
    one.add("solved")
    assert one.describe().startswith("1 puzzle: 1 solved (0 with several solutions), 0 unsolvable; ")
    many = batch.BatchSummary(seconds=2.0)
    many.add("multiple", 12_345)
    assert many.describe().startswith("12,345 puzzles: 12,345 solved (12,345 with several solutions)")
    assert many.describe().endswith("; 2.00 s, 6,172 puzzles/s")


# --------------------------------------------------------------- streaming, keeping lines, resuming


def _mixed_file() -> str:
    top = data_lines("sudoku-top95.txt")[:40]
    lines: list[str] = ["# header", ""]
    for k, line in enumerate(top):
        lines.append(line if k % 9 else "11" + line[2:])  # some without a solution
        if k % 7 == 3:
            lines += ["   ", "# note " + str(k), "5x" + line[2:] + "\r"]
    return "\n".join(lines) + "\n# trailing comment without newline"


def test_keep_lines_answers_input_line_n_on_output_line_n(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _mixed_file()
    answers = {r.line: r.output for r in sudokit.solve_many(text)}
    monkeypatch.setattr(batch, "BLOCK_BYTES", 300)
    for jobs in (1, 2):
        out = io.StringIO()
        options = batch.BatchOptions(ReadOptions(one_per_line=True), keep_lines=True)
        summary = sudokit.solve_file(io.BytesIO(text.encode()), out, jobs=jobs, options=options)
        rows = out.getvalue().split("\n")
        assert rows[-1] == "" and len(rows) - 1 == len(text.split("\n")) == summary.lines
        for number, (line, row) in enumerate(zip(text.split("\n"), rows, strict=False), 1):
            assert row == answers.get(number, line.rstrip())


def test_skip_resumes_with_the_same_output(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _mixed_file()
    monkeypatch.setattr(batch, "BLOCK_BYTES", 500)
    for keep in (False, True):
        options = batch.BatchOptions(ReadOptions(one_per_line=True), keep_lines=keep)
        whole = io.StringIO()
        batch.solve_file(io.BytesIO(text.encode()), whole, options=options)
        rows = whole.getvalue().splitlines(keepends=True)
        for skip in (1, 2, 7, len(rows) - 1, len(rows)):
            rest = io.StringIO()
            summary = batch.solve_file(io.BytesIO(text.encode()), rest, options=options, skip=skip, jobs=2)
            assert "".join(rows[:skip]) + rest.getvalue() == whole.getvalue()
            assert summary.lines == len(text.split("\n"))
    with pytest.raises(batch.ResumeError, match="fewer puzzles"):
        batch.solve_file(io.BytesIO(text.encode()), io.StringIO(), skip=len(rows) + 1)


def test_a_resumed_run_writes_the_alphabet_of_the_first() -> None:
    grid = sudokit.Grid.classic(16, symbols="0123456789ABCDEF")
    found = sudokit.count_solutions(sudokit.Puzzle.empty(grid), 1).first
    assert found is not None
    solution = "".join(grid.symbols[v] for v in found.values)
    rng = random.Random(3)
    first = "".join(ch if rng.random() < 0.7 else "." for ch in solution)  # holds a 0
    second = "".join(ch if ch != "0" and rng.random() < 0.7 else "." for ch in solution)  # no 0
    assert "0" in first and "0" not in second
    text = (first + "\n" + second + "\n").encode()
    whole, rest = io.StringIO(), io.StringIO()
    batch.solve_file(io.BytesIO(text), whole)
    batch.solve_file(io.BytesIO(text), rest, skip=1)
    assert rest.getvalue() == whole.getvalue().splitlines(keepends=True)[1]
    assert not check_classic(second, rest.getvalue().strip(), 16, (4, 4), "0123456789ABCDEF")


def test_trim_partial_drops_an_unfinished_line(tmp_path: Path) -> None:
    path = tmp_path / "out.txt.partial"
    path.write_bytes(b"123\n! line 2: no\n? line 3: uniqueness unknown (time limit): 456\n789")
    assert batch.trim_partial(path) == (3, 2)
    assert path.read_bytes().endswith(b"456\n")
    path.write_bytes(b"")
    assert batch.trim_partial(path) == (0, 0)


def test_count_lines_counts_what_the_core_counts(tmp_path: Path) -> None:
    text = _mixed_file() + "\n\n  \t\n#x\n" + data_lines("sudoku-top95.txt")[0]
    path = tmp_path / "in.txt"
    path.write_text(text)
    rows = text.split("\n")
    puzzles = sum(1 for row in rows if row.strip() and not row.strip().startswith("#"))
    assert batch.count_lines(path) == (len(rows), puzzles) == (len(rows), len(sudokit.solve_many(text)))
    assert batch.count_lines(tmp_path / "absent") is None


def test_stop_writes_what_is_done_in_order_and_raises() -> None:
    lines = data_lines("gecode_sudoku_25x25.txt")[:3] * 10  # slow with this node limit
    stop = threading.Event()
    out = io.StringIO()
    options = batch.BatchOptions(ReadOptions(one_per_line=True), node_limit=1000)
    with pytest.raises(batch.BatchInterrupted) as caught:
        batch.solve_file(
            io.BytesIO("\n".join(lines).encode()),
            out,
            jobs=2,
            options=options,
            progress=lambda n: stop.set(),
            stop=stop,
        )
    summary = caught.value.summary
    written = out.getvalue()
    assert written.endswith("\n") and written.count("\n") == summary.puzzles == summary.lines < len(lines)
    assert written.splitlines() == [
        f"! line {k}: stopped by the node limit" for k in range(1, summary.lines + 1)
    ]
    assert batch.workers_done(5.0)


def test_blocks_shrink_for_slow_puzzles_and_grow_for_fast_ones() -> None:
    slow = sudokit.solve_many(data_lines("gecode_sudoku_25x25.txt")[:12], node_limit=1000)
    assert len(slow._blocks) >= 3  # 12 lines of 626 bytes would fit one block of 32 KiB
    fast = sudokit.solve_many(data_lines("puzzles2_17_clue")[:3000])
    assert max(len(block) for block in fast._blocks) > batch.BLOCK_BYTES // 82 // 2


def test_progress_log_lines() -> None:
    stream = io.StringIO()
    log = batch.ProgressLog(stream, total=4, interval=0)
    log(1)
    log(2)
    rows = stream.getvalue().splitlines()
    assert len(rows) == 2 and rows[1].startswith("3 of 4 puzzles (75.0%), ") and rows[1].endswith(" s")
    quiet = batch.ProgressLog(stream, interval=3600)
    quiet(5)
    assert len(stream.getvalue().splitlines()) == 2 and quiet.line().startswith("5 puzzles, ")


def test_ctrl_c_in_a_caller_of_solve_file_keeps_the_summary_so_far() -> None:
    lines = data_lines("sudoku-top95.txt")
    out = io.StringIO()
    calls: list[int] = []

    def interrupt_after_two_blocks(puzzles: int) -> None:
        calls.append(puzzles)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as caught:  # a BatchInterrupted is a KeyboardInterrupt
        batch.solve_file(io.BytesIO("\n".join(lines).encode()), out, progress=interrupt_after_two_blocks)
    assert isinstance(caught.value, batch.BatchInterrupted)
    summary = caught.value.summary
    assert summary.puzzles == sum(calls) == len(out.getvalue().splitlines()) < len(lines)
    assert all(is_valid_classic(p, s) for p, s in zip(lines, out.getvalue().splitlines(), strict=False))


def test_big_grid_lines_the_core_does_not_settle_go_to_the_strong_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # as count_solutions does: the core's first nodes, then the portfolio or the learning search
    monkeypatch.setattr(batch, "core_budget", lambda grid: 1)
    lines = [data_lines("gecode_sudoku_16x16.txt")[k] for k in (0, 28, 53, 54)]  # 0, 3, 14, 14 nodes
    result = sudokit.solve_many(lines)
    assert result.summary.solved == 4
    assert all(is_valid_classic(p, r.solution, 16, (4, 4), HEX) for p, r in zip(lines, result, strict=True))
    assert result._blocks[-1].special  # lines past the first left the core's block call
    empty = "." * 256  # many solutions: "several", found by the strong search's first two
    (several,) = sudokit.solve_many([lines[0], empty])[1:]
    assert several.kind == "multiple" and several.count == 2


def test_the_line_that_holds_a_run_up_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 40: a run that waits on one hard line says which line it is
    monkeypatch.setattr(batch, "PROGRESS_SECONDS", 0.1)
    easy = data_lines("sudoku-top95.txt")[0]
    hard = data_lines("gecode_sudoku_25x25.txt")[2]  # about a second
    told: list[tuple[int, float]] = []
    summary = batch.solve_file(
        io.BytesIO(f"{hard}\n{easy}\n".encode()),
        io.StringIO(),
        waiting=lambda line, seconds: told.append((line, seconds)),
    )
    assert summary.puzzles == 2
    assert told and {line for line, _ in told} == {1}
    assert all(seconds >= 0.1 for _, seconds in told)
    log = io.StringIO()
    batch.ProgressLog(log, 2).waiting(1, 12.4)
    assert log.getvalue().endswith("; waiting on line 1 (12 s so far)\n")
