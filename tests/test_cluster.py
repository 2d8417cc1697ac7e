"""Scale-out: split counting (pieces, limits, resuming), and batches and counts on a local Dask cluster."""

from __future__ import annotations

import contextlib
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import sudokit
from sudokit import EMPTY, Grid, Puzzle
from sudokit.errors import SearchInterrupted
from sudokit.execution import ClusterError, DaskExecutor, open_executor
from sudokit.split import SplitProgress, StateError, count_split, split_puzzle
from tests.conftest import data_lines
from tests.reference import count_classic

pytest.importorskip("distributed")


def empty(n: int, box: tuple[int, int]) -> Puzzle:
    return Puzzle(Grid.classic(n, box=box), (EMPTY,) * (n * n))


def first_row(n: int, box: tuple[int, int]) -> Puzzle:
    """Row 1 holds 1..n in order, the rest is empty: each full grid has exactly one relabelling of its
    symbols with that first row, so this has n! times fewer solutions than the empty grid."""
    return Puzzle(Grid.classic(n, box=box), (*range(n), *(EMPTY,) * (n * n - n)))


GRIDS_6X6 = 28_200_960
"""Full 6x6 Sudoku grids (2x3 boxes), a known count."""


def sparse(n: int, box: tuple[int, int], givens: int, seed: int) -> Puzzle:
    """A puzzle of ``givens`` cells of a random solution grid: many solutions."""
    rng = random.Random(seed)
    grid = Grid.classic(n, box=box)
    solution = sudokit.solve(empty(n, box)).solution
    assert solution is not None
    values = list(solution.values)
    relabel = list(range(n))
    rng.shuffle(relabel)
    kept = set(rng.sample(range(n * n), givens))
    return Puzzle(grid, tuple(relabel[v] if c in kept else EMPTY for c, v in enumerate(values)))


# --------------------------------------------------------------------------------- splitting


@pytest.mark.parametrize(("n", "box", "givens"), [(4, (2, 2), 3), (6, (2, 3), 12), (6, (3, 2), 14)])
def test_pieces_partition_the_solutions(n: int, box: tuple[int, int], givens: int) -> None:
    for seed in range(4):
        puzzle = sparse(n, box, givens, seed)
        expected = count_classic(list(puzzle.givens), n, box)
        for depth in range(4):
            pieces = split_puzzle(puzzle, depth)
            for piece in pieces:  # each piece keeps the givens and adds decisions
                assert all(g == EMPTY or p == g for g, p in zip(puzzle.givens, piece.givens, strict=True))
            counts = [count_classic(list(p.givens), n, box) for p in pieces]
            assert sum(counts) == expected  # disjoint and covering
            firsts = {sudokit.solve(p).solution.values for p in pieces if sudokit.solve(p).solution}  # type: ignore[union-attr]
            assert len(firsts) == sum(1 for c in counts if c)


def test_every_4x4_grid_counted_by_pieces_at_every_depth() -> None:
    for depth in range(6):
        assert count_split(empty(4, (2, 2)), depth, jobs=2).count == 288


def test_split_count_of_a_sparse_9x9_matches_the_single_count() -> None:
    line = data_lines("sudoku-top95.txt")[0]
    puzzle = sudokit.parse(line)
    # keep the first 16 givens: tens of thousands of solutions
    kept = [i for i, g in enumerate(puzzle.givens) if g != EMPTY][:16]
    sparse9 = Puzzle(puzzle.grid, tuple(g if i in kept else EMPTY for i, g in enumerate(puzzle.givens)))
    whole = sudokit.count_solutions(sparse9)
    assert whole.complete and whole.count > 1000
    split = count_split(sparse9, 3, jobs=2)
    assert split.complete and split.count == whole.count
    assert split.first is not None and split.first.violations() == []


def test_a_limit_stops_a_split_count_early() -> None:
    result = count_split(empty(6, (2, 3)), 2, 5000, jobs=2)
    assert result.count == 5000 and result.stopped_by == "limit" and not result.complete


def test_no_solution_by_pieces() -> None:
    givens = [EMPTY] * 16
    givens[0], givens[1] = 0, 0  # two equal symbols in a row
    clash = count_split(Puzzle(Grid.classic(4), tuple(givens)), 2)
    assert clash.count == 0 and clash.complete and clash.reason
    givens = [EMPTY] * 16
    givens[0], givens[5], givens[15] = 0, 0, 1  # 0 twice in the first box: no piece survives
    puzzle = Puzzle(Grid.classic(4), tuple(givens))
    assert split_puzzle(puzzle, 2) == []
    assert count_split(puzzle, 2).count == count_classic(list(givens), 4, (2, 2)) == 0


def test_a_negative_depth_is_refused() -> None:
    with pytest.raises(ValueError, match="depth"):
        split_puzzle(empty(4, (2, 2)), -1)


# --------------------------------------------------------------------------------- resuming


def test_an_interrupted_split_count_goes_on_from_its_state_file(tmp_path: Path) -> None:
    puzzle, state = first_row(6, (2, 3)), tmp_path / "count.json"
    seen: list[int] = []

    def stop_after_some(status: SplitProgress) -> None:
        seen.append(status.done)
        if status.done >= 5:
            raise KeyboardInterrupt

    with pytest.raises(SearchInterrupted) as caught:
        count_split(puzzle, 3, jobs=1, state=state, progress=stop_after_some)
    assert state.exists() and caught.value.solutions > 0
    resumed: list[int] = []
    result = count_split(puzzle, 3, jobs=2, state=state, progress=lambda s: resumed.append(s.resumed))
    assert result.count == GRIDS_6X6 // 720 and result.complete
    assert resumed and resumed[0] >= 5  # the pieces counted before were not counted again
    assert not state.exists()  # removed once the count is done


def test_a_count_stopped_by_its_limit_keeps_no_partial_counts(tmp_path: Path) -> None:
    state = tmp_path / "count.json"
    capped = count_split(first_row(6, (2, 3)), 2, 5000, jobs=2, state=state)
    assert capped.count == 5000 and capped.stopped_by == "limit" and not state.exists()
    assert count_split(first_row(6, (2, 3)), 2, jobs=2, state=state).count == GRIDS_6X6 // 720


def test_a_state_file_of_another_count_is_refused(tmp_path: Path) -> None:
    state = tmp_path / "count.json"

    def stop(status: SplitProgress) -> None:
        raise KeyboardInterrupt

    with pytest.raises(SearchInterrupted):
        count_split(empty(6, (2, 3)), 2, jobs=1, state=state, progress=stop)
    with pytest.raises(StateError, match="another count"):
        count_split(empty(6, (2, 3)), 3, state=state)
    state.write_text("not json", encoding="utf-8")
    with pytest.raises(StateError, match="not a readable"):
        count_split(empty(6, (2, 3)), 2, state=state)


# --------------------------------------------------------------------------------- Dask


@pytest.fixture(scope="module")
def dask2() -> Iterator[DaskExecutor]:
    executor = DaskExecutor("local:2")
    yield executor
    executor.close()


def test_a_batch_on_a_local_cluster_matches_the_threads(dask2: DaskExecutor) -> None:
    lines = [*data_lines("puzzles2_17_clue")[:3000], "not a puzzle", "11" + "." * 79]
    text = "\n".join(lines).encode()
    here = sudokit.solve_many(text)
    from io import BytesIO

    from sudokit.batch import BlockReader, iter_results

    there = [r for block in iter_results(BlockReader(BytesIO(text)), executor=dask2) for r in block]
    assert [r.output for r in there] == [r.output for r in here]
    assert sum(1 for r in there if r.kind == "solved") == 3000


def _die_once(marker: str) -> str:
    """Kill the worker process the first time (a worker lost mid-task); answer on the retry."""
    if not os.path.exists(marker):
        Path(marker).write_text("died", encoding="utf-8")
        os._exit(1)
    return "answered on another try"


def test_a_task_whose_worker_dies_is_run_again(dask2: DaskExecutor, tmp_path: Path) -> None:
    job = dask2.submit(_die_once, str(tmp_path / "marker"))
    assert job.wait(120)
    assert job.result() == "answered on another try"


def test_a_split_count_on_a_local_cluster(dask2: DaskExecutor) -> None:
    assert count_split(empty(4, (2, 2)), 3, executor=dask2).count == 288
    result = count_split(empty(6, (2, 3)), 2, 2000, executor=dask2)
    assert result.count == 2000 and result.stopped_by == "limit"


def test_bad_cluster_addresses_say_what_is_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ClusterError, match="not a cluster"):
        open_executor("bogus")
    with pytest.raises(ClusterError, match="local:N"):
        open_executor("local:x")
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ClusterError, match=r"sudokit\[cluster\]"):
        open_executor("local:1")


def test_the_cli_runs_batch_and_count_on_a_local_cluster(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text("\n".join(data_lines("sudoku-top95.txt")) + "\n", encoding="utf-8")
    sudokit_cli = [sys.executable, "-m", "sudokit"]
    here = subprocess.run([*sudokit_cli, "batch", str(source)], capture_output=True, text=True, timeout=120)
    there = subprocess.run(
        [*sudokit_cli, "batch", str(source), "--cluster", "local:2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert here.returncode == there.returncode == 0
    assert there.stdout == here.stdout and len(there.stdout.splitlines()) == 95
    counted = subprocess.run(
        [
            *sudokit_cli,
            "count",
            "." * 16,
            "--split",
            "2",
            "--cluster",
            "local:2",
            "--state",
            str(tmp_path / "s"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert counted.returncode == 0 and counted.stdout.split()[0] == "288"
    wrong = subprocess.run(
        [*sudokit_cli, "count", "." * 16, "--cluster", "local:2"], capture_output=True, text=True, timeout=60
    )
    assert wrong.returncode == 2 and "--split" in wrong.stderr


def test_generate_and_rate_on_a_local_cluster_match_one_process(dask2: DaskExecutor) -> None:
    from sudokit.logic.batch import rate_puzzles

    here = [m.puzzle for m in sudokit.generate_many(5, seed=31, symmetry="rot180")]
    there = [m.puzzle for m in sudokit.generate_many(5, seed=31, symmetry="rot180", executor=dask2)]
    assert here == there
    puzzles = [sudokit.parse(line) for line in data_lines("sudoku-top95.txt")[:12]]
    puzzles.append(sparse(9, (3, 3), 20, 1))  # several solutions: a reason, in its place
    local = [str(r) for r in rate_puzzles(puzzles, jobs=1)]
    remote = [str(r) for r in rate_puzzles(puzzles, executor=dask2)]
    assert remote == local
    assert "solution" in local[-1] and all(" " in r for r in local[:-1])


def test_ordered_map_keeps_input_order_on_processes() -> None:
    from sudokit.execution import ProcessExecutor, ordered_map

    with ProcessExecutor(2) as pool:
        assert list(ordered_map(pool, abs, range(-50, 50), window=3)) == [abs(k) for k in range(-50, 50)]


def test_workers_read_their_blocks_from_the_file_and_get_long_lines_sent(
    dask2: DaskExecutor, tmp_path: Path
) -> None:
    from io import StringIO

    from sudokit.batch import _remote_range, solve_file
    from sudokit.formats.limits import MAX_LINE

    source = tmp_path / "in.txt"
    lines = [*data_lines("puzzles2_17_clue")[:2000], "9" * (MAX_LINE + 50), *data_lines("sudoku-top95.txt")]
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    here, there = StringIO(), StringIO()
    solve_file(source, here)
    summary = solve_file(source, there, executor=dask2)  # a path: workers of a local cluster read it
    assert there.getvalue() == here.getvalue()
    assert summary.puzzles == len(lines) and "line 2001" in there.getvalue()
    with pytest.raises(sudokit.SudokitError, match="changed while it was being read"):
        _remote_range(sudokit.batch.BatchOptions(), b"", str(source), (0, 10**9), 1)


def test_cluster_workers_learn_each_size_alphabet_from_its_first_line(dask2: DaskExecutor) -> None:
    from io import BytesIO

    from sudokit.batch import BlockReader, iter_results

    hex_line = "c81.....f...32..3be.....8c.1.5da.d.0....e.7ab..9f45.....92b." + "." * 196
    nine = data_lines("sudoku-top95.txt")
    lines = [*nine[:60], hex_line, *nine[60:], hex_line.replace("0", "."), *nine[:20]]
    text = ("\n".join(lines) + "\n").encode()
    one = sudokit.solve_many(text, jobs=1)
    threads = sudokit.solve_many(text, jobs=2)
    there = [r for block in iter_results(BlockReader(BytesIO(text)), executor=dask2) for r in block]
    assert [r.output for r in there] == [r.output for r in one] == [r.output for r in threads]


def test_a_finished_job_keeps_its_result_when_cancelled(dask2: DaskExecutor) -> None:
    job = dask2.submit(sum, [1, 2, 3])
    assert job.wait(60)
    assert not job.cancel()
    assert job.succeeded() and job.result() == 6


def test_time_limits_and_bad_states_stop_a_split_count_early(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from sudokit import split

    started = time.monotonic()
    result = count_split(empty(6, (2, 3)), 3, jobs=2, time_limit=0.5)
    assert result.stopped_by == "time" and not result.complete and time.monotonic() - started < 5
    with pytest.raises(StateError, match="cannot write"):
        count_split(empty(4, (2, 2)), 2, state=tmp_path / "missing" / "state.json")
    monkeypatch.setattr(split, "MAX_PIECES", 10)
    with pytest.raises(split.SplitError, match="smaller depth"):
        count_split(empty(6, (2, 3)), 3)


def test_ctrl_c_at_the_terminal_stops_a_cluster_count_at_once(tmp_path: Path) -> None:
    import signal
    import time

    import psutil

    state = tmp_path / "count.json"
    # every 8x8 grid: about 3e16 of them, so the count is still running whatever the machine's speed
    command = [sys.executable, "-m", "sudokit", "count", "." * 64, "--box", "2x4", "--split", "2"]
    command += ["--limit", "none", "--cluster", "local:2", "--state", str(state)]

    def interrupted() -> tuple[subprocess.Popen[str], str, str, list[psutil.Process]] | None:
        """One run stopped by Ctrl-C once its workers count; None when it did not end within 30 s
        (its processes are then killed, so that none is left to load the machine)."""
        state.unlink(missing_ok=True)
        # a session of its own stands for the terminal: Ctrl-C goes to its whole process group.  Its
        # SIGINT starts at the default even when this test runs in the background (a shell's
        # background job ignores SIGINT, and a child would inherit that and never see the Ctrl-C).
        child = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        deadline = time.monotonic() + 60
        while not state.exists():  # written once the cluster is up and the pieces are made
            assert child.poll() is None and time.monotonic() < deadline, child.communicate()
            time.sleep(0.1)
        time.sleep(1.0)  # the workers are counting
        helpers = psutil.Process(child.pid).children(recursive=True)
        os.killpg(child.pid, signal.SIGINT)
        try:
            out, err = child.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            for process in [*helpers, psutil.Process(child.pid)]:
                with contextlib.suppress(psutil.Error):
                    process.kill()
            child.communicate()
            return None
        return child, out, err, helpers

    ran = interrupted()
    assert ran is not None, "a Ctrl-C did not stop the cluster count within 30 s"
    child, out, err, helpers = ran
    assert child.returncode == 130, err
    assert "or more solutions (interrupted)" in out and "run the same command to go on" in err
    assert "Traceback" not in err
    time.sleep(0.5)
    assert not [p for p in helpers if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
