"""Whole public collections through the command line, each answer checked independently."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from sudokit.cli import cli
from tests.checker import check_classic, is_valid_classic
from tests.conftest import DATA, data_lines


def test_solve_magictour_top1465_file() -> None:
    puzzles = data_lines("puzzles3_magictour_top1465")
    result = CliRunner().invoke(cli, ["solve", str(DATA / "puzzles3_magictour_top1465"), "--format", "line"])
    assert result.exit_code == 0, result.stderr
    solutions = result.stdout.split()
    assert len(solutions) == len(puzzles) == 1465
    assert all(is_valid_classic(p, s) for p, s in zip(puzzles, solutions, strict=True))


def test_batch_all_49158_seventeen_clue_puzzles(tmp_path: Path) -> None:
    puzzles = data_lines("puzzles2_17_clue")
    target = tmp_path / "solutions.txt"
    result = CliRunner().invoke(
        cli, ["batch", str(DATA / "puzzles2_17_clue"), "-o", str(target), "--jobs", "2"]
    )
    assert result.exit_code == 0, result.stderr
    assert "49,158 puzzles: 49,158 solved (0 with several solutions), 0 unsolvable" in result.stderr
    solutions = target.read_text().split()
    assert len(solutions) == len(puzzles) == 49158
    bad = [p for p, s in zip(puzzles, solutions, strict=True) if not is_valid_classic(p, s)]
    assert bad == []


def test_batch_serg_benchmark_finds_every_puzzle_multiple(tmp_path: Path) -> None:
    puzzles = data_lines("puzzles7_serg_benchmark")
    target = tmp_path / "solutions.txt"
    result = CliRunner().invoke(cli, ["batch", str(DATA / "puzzles7_serg_benchmark"), "-o", str(target)])
    assert result.exit_code == 0
    assert "10,000 puzzles: 10,000 solved (10,000 with several solutions)" in result.stderr
    solutions = target.read_text().split()
    assert all(is_valid_classic(p, s) for p, s in zip(puzzles, solutions, strict=True))


def test_solve_gecode_16x16_file() -> None:
    puzzles = data_lines("gecode_sudoku_16x16.txt")
    result = CliRunner().invoke(cli, ["solve", str(DATA / "gecode_sudoku_16x16.txt"), "--format", "line"])
    assert result.exit_code == 0
    solutions = result.stdout.split()
    assert len(solutions) == 55
    for puzzle, solution in zip(puzzles, solutions, strict=True):
        assert check_classic(puzzle, solution, 16, (4, 4), "123456789ABCDEFG") == []
