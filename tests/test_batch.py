"""The batch path: sudokit.solve_many and sudokit.solve_file, checked against single-puzzle solving."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import sudokit
from sudokit import batch
from tests.checker import is_valid_classic
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
