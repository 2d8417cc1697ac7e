"""Datasets: canonical forms (against brute force on 4x4, invariance on 9x9, the 17-clue list's
minlex forms), class-disjoint splits, dedupe, augmentation, answer checks, the public datasets'
column layouts, and tables in CSV, TSV, JSON Lines and Parquet."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import sudokit
from sudokit import dataset
from sudokit.dataset import (
    DatasetError,
    Table,
    TableWriter,
    augment,
    canonical,
    cells_of,
    check_step,
    detect_layout,
    split_of,
    text_of,
    transform,
    verify,
)

FIXTURES = Path(__file__).parent / "fixtures" / "dataset"
PUZZLES = [  # sudokit's own examples and Norvig's top95 (MIT): unique 9x9 puzzles
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ".6.1...8.9..5......5...93..3.....25..7..1.4....8....13..6.7.9....23..6....9..6.2.",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
]


def _line_orders(box: int) -> list[list[int]]:
    orders = []
    for bands in itertools.permutations(range(box)):
        for inner in itertools.product(list(itertools.permutations(range(box))), repeat=box):
            orders.append([bands[i // box] * box + inner[i // box][i % box] for i in range(box * box)])
    return orders


def _brute_force_form(cells: bytes, box: int) -> bytes:
    """The least relabelled string over every layout symmetry: the definition, tried in full."""
    n = box * box
    orders = _line_orders(box)
    best = None
    for flip in (False, True):
        grid = [cells[c * n + r] if flip else cells[r * n + c] for r in range(n) for c in range(n)]
        for rows in orders:
            for cols in orders:
                labels: dict[int, int] = {}
                out = bytearray()
                for r in rows:
                    for c in cols:
                        v = grid[r * n + c]
                        out.append(labels.setdefault(v, len(labels) + 1) if v else 0)
                if best is None or out < best:
                    best = bytes(out)
    assert best is not None
    return best


def _random_4x4(rng: random.Random) -> bytes:
    base = bytes([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
    grid = transform([base], rng, 2)[0]
    keep = rng.random()
    return bytes(v if rng.random() < keep else 0 for v in grid)


def test_the_canonical_form_is_the_least_equivalent_found_by_brute_force_on_4x4() -> None:
    rng = random.Random(7)
    for _ in range(400):
        cells = _random_4x4(rng)
        assert dataset.canonical_cells(cells, 2) == _brute_force_form(cells, 2), cells.hex()


def test_equivalent_9x9_puzzles_share_a_form_below_every_equivalent_tried() -> None:
    rng = random.Random(11)
    for puzzle in PUZZLES:
        form = canonical(puzzle)
        cells = cells_of(puzzle)
        assert sorted(cells_of(form)) == sorted(v for v in cells_of(form))  # same shape of bytes
        assert form.count(".") == puzzle.count(".")
        for _ in range(40):
            moved = transform([cells], rng)[0]
            assert canonical(text_of(moved)) == form
            relabelled = bytearray()
            labels: dict[int, int] = {}
            for v in moved:
                relabelled.append(labels.setdefault(v, len(labels) + 1) if v else 0)
            assert cells_of(form) <= bytes(relabelled)
        assert sudokit.count_solutions(form, limit=2).count == 1  # still a proper puzzle
    # different classes, different forms
    assert len({canonical(p) for p in PUZZLES}) == len(PUZZLES)


def test_the_17_clue_list_is_in_minlex_form() -> None:
    lines = [
        x for x in (FIXTURES / "17clue_minlex.txt").read_text().splitlines() if x and not x.startswith("#")
    ]
    assert len(lines) == 20
    for line in lines:
        assert canonical(line) == line


def test_arrays_and_canonical_arrays() -> None:
    pytest.importorskip("numpy")
    array = dataset.to_array(PUZZLES)
    assert array.shape == (len(PUZZLES), 81) and array.dtype.name == "uint8"
    assert dataset.from_array(array) == PUZZLES
    forms = dataset.canonical_array(array)
    assert dataset.from_array(forms) == [canonical(p) for p in PUZZLES]


def test_bad_puzzles_get_clear_errors() -> None:
    with pytest.raises(sudokit.ParseError, match="80 characters"):
        cells_of("1" * 80)
    with pytest.raises(sudokit.ParseError, match="'x' at cell 3"):
        cells_of("12x" + "." * 78)
    with pytest.raises(DatasetError, match="repeats a digit"):
        canonical("11" + "." * 79)


def _dataset_rows(copies: int = 1) -> list[dict[str, str]]:
    """Rows in sudoku-extreme's layout: each puzzle, then equivalent copies of it."""
    rows = []
    for k, puzzle in enumerate(PUZZLES):
        solved = sudokit.solve(puzzle).solution
        assert solved is not None
        solution = "".join(str(v + 1) for v in solved.values)
        rows.append({"source": "sudokit", "question": puzzle, "answer": solution, "rating": str(k)})
        for copy, copy_solution in augment(puzzle, copies, seed=k, solution=solution):
            assert copy_solution is not None
            rows.append({"source": "copy", "question": copy, "answer": copy_solution, "rating": str(k)})
    return rows


def _write_csv(path: Path, rows: list[dict[str, str]]) -> None:
    with TableWriter(path, list(rows[0])) as out:
        for row in rows:
            out.write(row)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudokit", *args], capture_output=True, text=True, timeout=120
    )


def test_split_puts_every_class_on_one_side(tmp_path: Path) -> None:
    rows = _dataset_rows(copies=6)
    source = tmp_path / "all.csv"
    _write_csv(source, rows)
    done = _cli(
        "dataset",
        "split",
        str(source),
        "--parts",
        "train=0.6,test=0.4",
        "--seed",
        "5",
        "-o",
        str(tmp_path / "out"),
    )
    assert done.returncode == 0, done.stderr
    parts = {}
    for name in ("train", "test"):
        with Table(tmp_path / "out" / f"{name}.csv") as table:
            parts[name] = list(table.rows())
    assert sum(len(p) for p in parts.values()) == len(rows)
    train_forms = {canonical(r["question"]) for r in parts["train"]}
    test_forms = {canonical(r["question"]) for r in parts["test"]}
    assert train_forms and test_forms and not train_forms & test_forms
    # the same seed gives the same split; the rows keep every column
    assert all(set(r) == {"source", "question", "answer", "rating"} for r in parts["train"])
    form = cells_of(canonical(PUZZLES[0]))
    assert split_of(form, [0.6, 0.4], 5) == split_of(form, [0.6, 0.4], 5)


def test_dedupe_keeps_the_first_row_of_each_class(tmp_path: Path) -> None:
    rows = _dataset_rows(copies=3)
    source = tmp_path / "all.jsonl"
    with TableWriter(source, list(rows[0])) as out:
        for row in rows:
            out.write(row)
    done = _cli("dataset", "dedupe", str(source), "-o", str(tmp_path / "unique.csv"))
    assert done.returncode == 0, done.stderr
    with Table(tmp_path / "unique.csv") as table:
        kept = list(table.rows())
    assert [r["question"] for r in kept] == PUZZLES
    assert f"{len(PUZZLES)} of {len(rows)} rows kept" in done.stderr


def _line_file(path: Path, header: str = "") -> list[str]:
    """A collection as published: '#' comments, blank lines, one puzzle a line; with equivalent copies."""
    copies = [copy for copy, _ in augment(PUZZLES[0], 2, seed=1)]
    puzzles = [PUZZLES[0], PUZZLES[1], copies[0], PUZZLES[2], copies[1], PUZZLES[3]]
    lines = ["# The first puzzles of a collection", "# (a comment line, then a blank one)", ""]
    lines += [header] if header else []
    lines += [*puzzles[:3], "", "# more", *puzzles[3:]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return puzzles


@pytest.mark.parametrize("header", ["", "puzzle"])
def test_a_file_of_one_puzzle_per_line_is_read_and_stays_one(tmp_path: Path, header: str) -> None:
    source = tmp_path / "collection"  # no suffix, as tdoku's puzzles2_17_clue
    puzzles = _line_file(source, header)
    with Table(source) as table:
        assert table.format == "lines" and table.layout.puzzle == (header or "puzzle")
        assert [row[table.layout.puzzle] for row in table.rows()] == puzzles
    done = _cli("dataset", "dedupe", str(source))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [PUZZLES[0], PUZZLES[1], PUZZLES[2], PUZZLES[3]]
    assert "4 of 6 rows kept" in done.stderr
    done = _cli("dataset", "dedupe", str(source), "-o", str(tmp_path / "unique.csv"))  # a table asked for
    assert done.returncode == 0, done.stderr
    with Table(tmp_path / "unique.csv") as table:
        assert table.format == "csv" and [r[table.layout.puzzle] for r in table.rows()] == PUZZLES[:4]
    done = _cli("dataset", "split", str(source), "--parts", "a=0.5,b=0.5", "-o", str(tmp_path / "parts"))
    assert done.returncode == 0, done.stderr
    parts = {p.name: p.read_text().splitlines() for p in (tmp_path / "parts").iterdir()}
    assert sorted(parts) == ["a.txt", "b.txt"]
    assert sorted(line for lines in parts.values() for line in lines) == sorted(puzzles)
    forms = [{canonical(line) for line in lines} for lines in parts.values()]
    assert not forms[0] & forms[1]  # equivalent puzzles in one part


def test_a_bad_line_of_a_line_file_is_named_by_its_line(tmp_path: Path) -> None:
    source = tmp_path / "collection.txt"
    _line_file(source)
    text = source.read_text().splitlines()
    text[8] = text[8][:-1]  # line 9: a puzzle of 80 characters
    source.write_text("\n".join(text) + "\n")
    done = _cli("dataset", "dedupe", str(source))
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"sudokit: error: {source}: line 9: 80 characters")
    text[8] = "11" + "." * 79  # line 9: a repeated digit, which has no canonical form
    source.write_text("\n".join(text) + "\n")
    done = _cli("dataset", "canon", str(source))
    assert done.returncode == 1 and f"{source}: line 9: the puzzle repeats a digit" in done.stderr


def test_augmented_copies_are_equivalent_and_keep_their_solutions() -> None:
    solved = sudokit.solve(PUZZLES[1]).solution
    assert solved is not None
    solution = "".join(str(v + 1) for v in solved.values)
    copies = augment(PUZZLES[1], 20, seed=3, solution=solution)
    assert len({c for c, _ in copies}) > 15  # random, not all the same
    for copy, copy_solution in copies:
        assert canonical(copy) == canonical(PUZZLES[1])
        assert copy_solution is not None and verify(copy, copy_solution).solves
        assert verify(copy, copy_solution, copy_solution).solves


def test_verify_says_what_an_answer_is() -> None:
    puzzle = PUZZLES[0]
    solved = sudokit.solve(puzzle).solution
    assert solved is not None
    solution = "".join(str(v + 1) for v in solved.values)
    assert verify(puzzle, solution, solution) == dataset.Verdict(True, True, True, True, None)
    partial = solution[:40] + "." * 41
    verdict = verify(puzzle, partial)
    assert (verdict.complete, verdict.follows_rules, verdict.solves) == (False, True, False)
    # a wrong digit that repeats one in its row: rule broken there, givens kept or not
    wrong = solution[1] + solution[1:]  # cell 1 takes the digit of cell 2 (the given 4 is lost)
    verdict = verify(puzzle, wrong, solution)
    assert verdict.broken == "row 1" and not verdict.solves and not verdict.keeps_givens
    swapped = list(solution)
    r1, r2 = 9 * 3, 9 * 4  # swap two rows of different bands: complete, breaks columns or boxes
    swapped[r1 : r1 + 9], swapped[r2 : r2 + 9] = swapped[r2 : r2 + 9], swapped[r1 : r1 + 9]
    verdict = verify(puzzle, "".join(swapped))
    assert verdict.complete and not verdict.solves
    # steps
    cell = puzzle.index(".")
    right = int(solution[cell])
    assert check_step(puzzle, "place", cell, right)
    assert not check_step(puzzle, "place", cell, right % 9 + 1)
    assert check_step(puzzle, "eliminate", cell, right % 9 + 1)
    assert not check_step(puzzle, "eliminate", cell, right, solution)
    with pytest.raises(DatasetError, match="no single solution"):
        check_step("." * 81, "place", 0, 1)


# The public datasets' column layouts, as their READMEs document them (the rows are sudokit's own
# puzzles: the datasets themselves are not downloaded here).
LAYOUTS = {
    # sapientinc/sudoku-extreme (HRM): train.csv, '.' empty, rating = tdoku backtracks
    "sudoku-extreme.csv": ("source,question,answer,rating", "question", "answer", None),
    # Kaggle "1 million Sudoku games" (bryanpark): 0 empty
    "kaggle-1m.csv": ("quizzes,solutions", "quizzes", "solutions", None),
    # Kaggle "9 million Sudoku puzzles and solutions" (rohanrao): 0 empty
    "kaggle-9m.csv": ("puzzle,solution", "puzzle", "solution", None),
    # Kaggle "3 million Sudoku puzzles with ratings" (radcliffe): '.' empty, clues is a count
    "kaggle-3m.csv": ("id,puzzle,solution,clues,difficulty", "puzzle", "solution", "id"),
}


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_public_dataset_layouts_are_read_without_options(tmp_path: Path, name: str) -> None:
    header, puzzle_column, solution_column, id_column = LAYOUTS[name]
    columns = header.split(",")
    solved = sudokit.solve(PUZZLES[0]).solution
    assert solved is not None
    solution = "".join(str(v + 1) for v in solved.values)
    values = {
        "source": "hard", "question": PUZZLES[0], "answer": solution, "rating": "12",
        "quizzes": PUZZLES[0].replace(".", "0"), "solutions": solution, "puzzle": PUZZLES[0],
        "solution": solution, "id": "7", "clues": str(81 - PUZZLES[0].count(".")), "difficulty": "2.5",
    }  # fmt: skip
    if name == "kaggle-9m.csv":
        values["puzzle"] = PUZZLES[0].replace(".", "0")
    path = tmp_path / name
    path.write_text(header + "\n" + ",".join(values[c] for c in columns) + "\n", encoding="utf-8")
    with Table(path) as table:
        assert (table.layout.puzzle, table.layout.solution, table.layout.id) == (
            puzzle_column,
            solution_column,
            id_column,
        )
        (row,) = list(table.rows())
    assert canonical(row[puzzle_column]) == canonical(PUZZLES[0])
    done = _cli(
        "dataset", "verify", str(path), "--answers", solution_column, "-o", str(tmp_path / "checked.csv")
    )
    assert done.returncode == 0, done.stderr
    assert "solves 1" in done.stderr
    done = _cli("batch", str(path))  # the batch solver reads the same files
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == solution


def test_sudoku_bench_json_lines_are_read(tmp_path: Path) -> None:
    """SakanaAI/Sudoku-Bench rows: the puzzle in initial_board, its rules in text beside it."""
    row = {
        "puzzle_id": "sxsm_1", "author": "someone", "title": "t", "rules": "Normal sudoku rules apply.",
        "initial_board": PUZZLES[2], "solution": None, "rows": 9, "cols": 9,
    }  # fmt: skip
    path = tmp_path / "bench.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    with Table(path) as table:
        assert table.layout.puzzle == "initial_board" and table.layout.id == "puzzle_id"


def test_tables_round_trip_in_every_format(tmp_path: Path) -> None:
    rows = _dataset_rows(copies=1)
    formats = ["csv", "tsv", "jsonl", "csv.gz"]
    try:
        import pyarrow  # noqa: F401

        formats.append("parquet")
    except ImportError:
        pass
    for suffix in formats:
        path = tmp_path / f"rows.{suffix}"
        _write_csv(path, rows)
        with Table(path) as table:
            back = [{k: str(v) for k, v in r.items()} for r in table.rows()]
        assert back == rows, suffix


def test_a_table_without_a_puzzle_column_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.csv"
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(DatasetError, match="no puzzle column among a, b"):
        Table(path)
    done = _cli("dataset", "dedupe", str(path))
    assert done.returncode == 1 and done.stderr == f"sudokit: error: {path}: no puzzle column among a, b" + (
        " (looked for puzzle, puzzles, quiz, quizzes, givens, sudoku, grid, problem, clues, question, board, "
        "initial_board)\n"
    )
    assert detect_layout(["Quizzes", "Solutions"]).puzzle == "Quizzes"


def test_labels_are_added_to_every_row(tmp_path: Path) -> None:
    rows = [*_dataset_rows(copies=1)[:4], {"source": "bad", "question": "." * 81, "answer": "", "rating": ""}]
    source = tmp_path / "in.csv"
    _write_csv(source, rows)
    out = tmp_path / "labelled.jsonl"
    done = _cli(
        "dataset",
        "label",
        str(source),
        "--labels",
        "solution,count,givens,level,se,nodes",
        "-j",
        "2",
        "-o",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    labelled = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(labelled) == len(rows)
    for row in labelled[:4]:
        assert row["solution"] == row["answer"] and row["solution_count"] == 1 and row["count_complete"]
        assert row["givens"] == 81 - row["question"].count(".")
        assert row["level"] in ("easy", "medium", "hard", "unfair", "extreme")
        se = sudokit.rate(row["question"], scale="se")
        assert (row["er"], row["ep"], row["ed"]) == (round(se.er, 1), round(se.ep, 1), round(se.ed, 1))
        assert isinstance(row["nodes_limit2"], int) and row["nodes_limit2"] >= 0 and row["error"] is None
    empty = labelled[4]
    assert empty["solution_count"] == 2 and empty["count_complete"] is False  # stopped at the limit
    assert "several solutions" in empty["error"]
    # the same puzzle moved by a symmetry has the same labels but its own solution and node count
    assert labelled[0]["er"] == labelled[1]["er"] and labelled[0]["level"] == labelled[1]["level"]


def test_make_a_dataset_and_continue_it_after_ctrl_c(tmp_path: Path) -> None:
    """dataset make: per band, unique minimal puzzles of no shared class; Ctrl-C, then the same
    command again, gives the same dataset as one run."""
    import signal
    import time

    command = [sys.executable, "-m", "sudokit", "dataset", "make", "-n", "30", "--levels", "easy,medium"]
    command += ["--seed", "9", "-j", "1"]
    whole = tmp_path / "whole.csv"
    done = subprocess.run([*command, "-o", str(whole)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    with Table(whole) as table:
        rows = list(table.rows())
    assert [r["band"] for r in rows] == ["easy"] * 30 + ["medium"] * 30
    assert all(r["level"] == r["band"] for r in rows)
    assert len({canonical(r["puzzle"]) for r in rows}) == 60
    for row in rows[::10]:
        assert sudokit.is_unique(row["puzzle"])
        assert verify(row["puzzle"], row["solution"]).solves
    # interrupted, then continued
    out = tmp_path / "made.csv"
    child = subprocess.Popen(
        [*command, "-o", str(out)],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    partial = tmp_path / "made.csv.partial"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not partial.exists() or partial.read_text().count("\n") < 10):
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert "run the same command to go on" in err and partial.exists() and not out.exists()
    again = subprocess.run([*command, "-o", str(out)], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert "resuming after the" in again.stderr
    assert out.read_text() == whole.read_text()


def test_describe_states_every_rule_clue_and_given() -> None:
    text = dataset.describe(PUZZLES[0])
    assert "9x9 (3x3 boxes)" in text and "each row, each column, each box" in text
    givens = [f"r{k // 9 + 1}c{k % 9 + 1}={ch}" for k, ch in enumerate(PUZZLES[0]) if ch != "."]
    assert f"Givens ({len(givens)}): {', '.join(givens)}." in text
    assert text.splitlines()[-9] == " ".join(PUZZLES[0][:9])
    # a variant: every constraint named with its rule and its cells in order
    line = next(
        x for x in (Path(sudokit.__file__).parent / "examples" / "variants.jsonl").read_text().splitlines()
    )
    puzzle = sudokit.parse(json.loads(line)["url"])
    text = dataset.describe(puzzle)
    for constraint in puzzle.grid.constraints:
        assert constraint.rule in text
        cells = constraint.cells()
        if len(cells) > 2:
            assert ", ".join(sudokit.cell_name(c) for c in cells) in text


def test_draw_makes_a_png_of_the_size_asked() -> None:
    pytest.importorskip("resvg_py")
    image = dataset.draw_png(PUZZLES[0], 300)
    assert image[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(image[16:20], "big"), int.from_bytes(image[20:24], "big")
    assert width == 300 and 280 <= height <= 320
    assert dataset.draw_png("." * 81, 300) != image  # the givens are drawn
    with pytest.raises(DatasetError, match="outside 16 to 8192"):
        dataset.draw_png(PUZZLES[0], 5)


def test_check_answer_knows_variant_rules() -> None:
    line = next(
        x for x in (Path(sudokit.__file__).parent / "examples" / "variants.jsonl").read_text().splitlines()
    )
    puzzle = sudokit.parse(json.loads(line)["url"])
    solved = sudokit.solve(puzzle).solution
    assert solved is not None
    answer = "".join(puzzle.grid.symbols[v] for v in solved.values)
    assert dataset.check_answer(puzzle, answer) == []
    # a valid classic grid that breaks the variant's rules
    grid = sudokit.solve("." * 81).solution
    assert grid is not None
    classic = "".join(puzzle.grid.symbols[v] for v in grid.values)
    faults = dataset.check_answer(puzzle, classic)
    assert faults and all("is broken" in f or "changes its given" in f for f in faults)
    assert dataset.check_answer(puzzle, "12") == [f"expected {len(puzzle.grid.cells)} symbols, got 2"]


def test_batch_reads_and_generate_writes_every_table_format(tmp_path: Path) -> None:
    formats = ["tsv", "jsonl"]  # CSV: the public layouts' test
    try:
        import pyarrow  # noqa: F401

        formats.append("parquet")
    except ImportError:
        pass
    for kind in formats:
        made = tmp_path / f"made.{kind}"
        done = _cli("generate", "-n", "3", "--seed", "5", "--rate", "-o", str(made))
        assert done.returncode == 0, done.stderr
        with Table(made) as table:
            rows = list(table.rows())
            assert (table.layout.puzzle, table.layout.solution) == ("puzzle", "solution")
        assert [int(r["seed"]) for r in rows] == [5, 6, 7]
        assert all(r["level"] in ("easy", "medium", "hard", "unfair", "extreme") for r in rows)
        solved = _cli("batch", str(made), "--json")
        assert solved.returncode == 0, solved.stderr
        answers = [json.loads(line) for line in solved.stdout.splitlines()]
        assert [a["solution"] for a in answers] == [r["solution"] for r in rows]
        assert all(str(a["columns"]["seed"]) == str(r["seed"]) for a, r in zip(answers, rows, strict=True))


def test_read_array_from_a_line_file_and_a_table(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    lines = tmp_path / "puzzles.txt"
    lines.write_text("# a comment\n" + "\n".join(PUZZLES) + "\n\n", encoding="utf-8")
    array = dataset.read_array(lines)
    assert array.shape == (len(PUZZLES), 81) and dataset.from_array(array) == PUZZLES
    rows = _dataset_rows(copies=1)
    table = tmp_path / "rows.jsonl"
    _write_csv(table, rows)
    assert dataset.from_array(dataset.read_array(table)) == [r["question"] for r in rows]
    assert dataset.from_array(dataset.read_array(table, "answer")) == [r["answer"] for r in rows]
