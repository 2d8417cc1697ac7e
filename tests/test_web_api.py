"""The web app's JSON API through the framework's test client: every endpoint and its error paths.

Answers are checked independently (solutions by tests/checker.py, counts by the reference counter),
errors must be 4xx JSON objects with a readable ``error``, and nothing may answer 500.
"""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

import sudokit
from sudokit.model import EMPTY
from sudokit.web.app import MAX_BODY, create_app
from tests.checker import check_classic

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TWO = "." * 79 + "12"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def test_the_page_and_its_assets_are_served_without_other_hosts(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'role="grid"' in page.text
    for asset in ("/static/app.js", "/static/style.css"):
        response = client.get(asset)
        assert response.status_code == 200 and len(response.text) > 1000
    everything = page.text + client.get("/static/app.js").text + client.get("/static/style.css").text
    everything = everything.replace("http://www.w3.org/2000/svg", "")  # a namespace name, not a request
    assert "http://" not in everything and "https://" not in everything
    assert client.get("/api/health").json()["status"] == "ok"
    assert client.get("/openapi.json").json()["info"]["title"] == "sudokit"


def test_parse_describes_the_board_and_says_how_many_solutions(client: TestClient) -> None:
    data = client.post("/api/parse", json={"puzzle": PUZZLE}).json()
    assert data["solutions"] == "unique" and data["givens"] == 17 and data["line"] == PUZZLE
    board = data["board"]
    assert board["rows"] == board["cols"] == 9 and len(board["cells"]) == 81
    assert len(set(board["region"])) == 9 and all(len(p) == 20 for p in board["peers"])
    assert client.post("/api/parse", json={"puzzle": TWO}).json()["solutions"] == "several"
    assert client.post("/api/parse", json={"puzzle": "11" + "." * 79}).json()["solutions"] == "none"


def test_parse_draws_variants(client: TestClient) -> None:
    killer = sudokit.dumps(sudokit.generate(seed=3, variant="killer").puzzle, "fpuzzles")
    board = client.post("/api/parse", json={"puzzle": killer}).json()["board"]
    cages = [shape for shape in board["drawing"] if shape["shape"] == "cage"]
    assert cages and sum(len(c["cells"]) for c in cages) == 81 and all(c["label"] for c in cages)
    samurai = sudokit.generate(seed=3, variant="samurai").puzzle
    board = client.post("/api/parse", json={"puzzle": sudokit.dumps(samurai, "line")}).json()["board"]
    assert board["rows"] == 21 and len(board["cells"]) == 369
    x = sudokit.dumps(sudokit.generate(seed=3, variant="x").puzzle, "fpuzzles")
    drawing = client.post("/api/parse", json={"puzzle": x}).json()["board"]["drawing"]
    assert sorted(tuple(map(tuple, d["points"])) for d in drawing if d["kind"] == "diagonal") == [
        ((0, 0), (9, 9)),
        ((9, 0), (0, 9)),
    ]


def test_solve_gives_a_checked_solution(client: TestClient) -> None:
    data = client.post("/api/solve", json={"puzzle": PUZZLE}).json()
    assert data["status"] == "solved" and data["unique"] is True
    assert check_classic(PUZZLE, "".join(data["solution"]), 9, (3, 3), "123456789") == []
    data = client.post("/api/solve", json={"puzzle": "11" + "." * 79}).json()
    assert data["solution"] is None and "both hold 1" in data["reason"]


def test_count_stops_at_the_limit(client: TestClient) -> None:
    data = client.post("/api/count", json={"puzzle": TWO, "limit": 5}).json()
    assert data["count"] == 5 and data["complete"] is False and data["stopped_by"] == "limit"


def test_hint_in_stages_and_with_wrong_progress(client: TestClient) -> None:
    data = client.post("/api/hint", json={"puzzle": PUZZLE, "stage": 1}).json()
    assert data["text"] == data["stages"][0] and data["text"].startswith("Look at")
    assert data["stages"][2] == data["step"]["explanation"]
    placed = data["step"]["placed"]
    assert placed and all(0 <= c < 81 for c, _ in placed)
    answer = sudokit.solve(PUZZLE).solution
    assert answer is not None
    wrong = [None] * 81
    wrong[1] = "9" if answer.values[1] != 8 else "8"  # r1c2 gets a symbol that is not its solution
    data = client.post("/api/hint", json={"puzzle": PUZZLE, "progress": wrong}).json()
    assert data["wrong"] == [1] and "r1c2" in data["text"]
    done = [
        None if g != -1 else answer.puzzle.grid.symbols[v]
        for g, v in zip(answer.puzzle.givens, answer.values, strict=True)
    ]
    assert client.post("/api/hint", json={"puzzle": PUZZLE, "progress": done}).json()["complete"] is True


def test_explain_and_rate(client: TestClient) -> None:
    data = client.post("/api/explain", json={"puzzle": PUZZLE}).json()
    assert data["solved"] and len(data["steps"]) > 10
    assert all("cell_indexes" in step for step in data["steps"])
    rating = client.post("/api/rate", json={"puzzle": PUZZLE}).json()
    assert rating["level"] == data["level"] and rating["score"] == data["score"]
    assert client.post("/api/rate", json={"puzzle": TWO}).status_code == 400


def test_generate_makes_a_unique_puzzle(client: TestClient) -> None:
    data = client.post("/api/generate", json={"size": 6, "seed": 4, "level": "easy"}).json()
    assert data["seed"] == 4 and data["rating"]["level"] == "easy"
    assert sudokit.count_solutions(sudokit.parse(data["puzzle"]), 2).unique
    killer = client.post("/api/generate", json={"variant": ["killer"], "seed": 2}).json()
    assert any(d["shape"] == "cage" for d in killer["board"]["drawing"])
    assert sudokit.parse(killer["puzzle"]).grid.cages


def test_convert_and_render(client: TestClient) -> None:
    data = client.post("/api/convert", json={"puzzle": PUZZLE, "to": "sdk"}).json()
    assert sudokit.parse(data["text"]).givens == sudokit.parse(PUZZLE).givens
    svg = client.post("/api/render", json={"puzzle": PUZZLE, "solution": True})
    assert svg.headers["content-type"].startswith("image/svg+xml") and svg.text.startswith("<svg")


@pytest.mark.parametrize(
    "path, body, status, words",
    [
        ("/api/solve", {"puzzle": "4....x8.5"}, 400, "too few"),
        ("/api/solve", {"puzzle": ""}, 422, "puzzle"),
        ("/api/solve", {}, 422, "puzzle"),
        ("/api/count", {"puzzle": PUZZLE, "limit": 0}, 422, "limit"),
        ("/api/hint", {"puzzle": PUZZLE, "progress": ["1"] * 3}, 400, "progress names 3 cells"),
        ("/api/hint", {"puzzle": PUZZLE, "progress": ["Q"] + [None] * 80}, 400, "'Q' is not a symbol"),
        ("/api/generate", {"size": 9, "givens": "16", "seed": 1}, 422, "16 givens"),
        ("/api/generate", {"variant": ["sudoku-z"]}, 400, "unknown variant"),
        ("/api/generate", {"size": 100}, 422, "size"),
        ("/api/convert", {"puzzle": PUZZLE, "to": "pdf"}, 400, "unknown format"),
    ],
)
def test_errors_are_4xx_json_with_a_readable_message(
    client: TestClient, path: str, body: dict, status: int, words: str
) -> None:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]


def test_parse_errors_carry_their_position(client: TestClient) -> None:
    data = client.post("/api/parse", json={"puzzle": PUZZLE[:5] + "x" + PUZZLE[6:]}).json()
    assert data["line"] == 1 and data["column"] == 6


def test_oversized_and_malformed_bodies_are_refused(client: TestClient) -> None:
    big = json.dumps({"puzzle": "." * (MAX_BODY + 10)})
    response = client.post("/api/solve", content=big, headers={"content-type": "application/json"})
    assert response.status_code == 413 and "larger than" in response.json()["error"]
    response = client.post("/api/solve", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 422 and response.json()["error"]
    deep = "[" * 5000 + "]" * 5000
    response = client.post("/api/solve", content=deep, headers={"content-type": "application/json"})
    assert 400 <= response.status_code < 500


@pytest.mark.parametrize(
    ("body", "message", "line", "column"),
    [
        (b"not json", "the request body is not JSON: Expecting value at line 1, column 1", 1, 1),
        (b'{"puzzle": ', "the request body is not JSON: Expecting value at line 1, column 12", 1, 12),
        (
            b'{"puzzle": "x",\n  }',
            "the request body is not JSON: Expecting property name enclosed in double quotes "
            "at line 2, column 3",
            2,
            3,
        ),
        (b"", "the request body is empty: send a JSON object", None, None),
    ],
)
def test_a_body_that_is_not_json_is_told_what_is_wrong_and_where(
    client: TestClient, body: bytes, message: str, line: int | None, column: int | None
) -> None:
    response = client.post("/api/solve", content=body, headers={"content-type": "application/json"})
    assert 400 <= response.status_code < 500
    data = response.json()
    assert data["error"] == message
    assert (data.get("line"), data.get("column")) == (line, column)
    listed = client.post("/api/solve", content=b"[1, 2]", headers={"content-type": "application/json"})
    assert listed.status_code == 422 and listed.json()["error"].startswith(
        "the request body is not a JSON object"
    )


def test_the_api_reference_is_a_page_of_its_own_that_needs_no_other_host(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    text = page.text
    routes = [
        (method, route.path)
        for route in client.app.routes
        if getattr(route, "path", "").startswith("/api/")
        for method in sorted(getattr(route, "methods", ()) or ())
    ]
    assert len(routes) >= 17
    for method, path in routes:
        assert f'<span class="method {method.lower()}">{method}</span><code>{path}</code></h2>' in text, path
    # each endpoint's summary, description, request fields with their types and descriptions, responses
    assert "The puzzle text." in text and "Grid size when the text cannot tell." in text
    assert '<td class="type">integer or null</td>' in text and "at most 262,144 characters" in text
    assert "application/pdf" in text and "image/svg+xml" in text and 'id="schema-ErrorBody"' in text
    # no script, style sheet, image or font from anywhere: nothing is loaded from another host
    assert "<script" not in text and "@import" not in text and "url(" not in text
    assert not re.search(r"<(link|img|iframe)\b", text)
    assert not re.search(r"\b(src|href)\s*=\s*[\"']?(https?:)?//", text)
    assert "http://" not in text and "https://" not in text
    moved = client.get("/redoc", follow_redirects=False)
    assert moved.status_code in (301, 302, 307, 308) and moved.headers["location"] == "/docs"
    schema = client.get("/openapi.json").json()
    assert set(schema["paths"]) == {path for _, path in routes}
    assert schema["paths"]["/api/solve"]["post"]["responses"]["4XX"]["content"]["application/json"]


def test_a_huge_empty_grid_count_ends_within_its_budget(client: TestClient) -> None:
    response = client.post("/api/count", json={"puzzle": "." * 4096, "limit": 100_000})
    assert response.status_code == 200
    data = response.json()
    assert data["complete"] is False and data["stopped_by"] in ("time", "limit")


def test_rules_can_be_added_to_a_plain_text(client: TestClient) -> None:
    data = client.post("/api/parse", json={"puzzle": "." * 81, "variant": ["x", "antiknight"]}).json()
    assert [d["kind"] for d in data["board"]["drawing"]] == ["diagonal", "diagonal"]
    assert data["board"]["rules"] == ["anti-knight"]
    response = client.post("/api/parse", json={"puzzle": "." * 81, "variant": ["hexagons"]})
    assert response.status_code == 400 and "hexagons" in response.json()["error"]


def test_the_setters_check_shows_where_an_ambiguous_puzzle_differs(client: TestClient) -> None:
    ambiguous = "." + PUZZLE[1:]
    data = client.post("/api/audit", json={"puzzle": ambiguous}).json()
    assert data["count"] == 2 and len(data["solutions"]) == 2
    first, second = ("".join(s) for s in data["solutions"])
    for solution in (first, second):
        assert check_classic(ambiguous, solution, 9, (3, 3), "123456789") == []
    assert data["differing"] == [c for c in range(81) if first[c] != second[c]]
    assert data["differing_names"][0].startswith("r")
    data = client.post("/api/audit", json={"puzzle": PUZZLE}).json()
    assert data["count"] == 1 and data["redundant_givens"] == [] and data["complete"] is True
    thermo = sudokit.variants.thermometer(sudokit.Grid.classic(9), [(0, 1), (0, 2)])  # 1 < 7 in the solution
    link = sudokit.dumps(sudokit.Puzzle(thermo, sudokit.parse(PUZZLE).givens), "fpuzzles").strip()
    data = client.post("/api/audit", json={"puzzle": link}).json()
    assert data["count"] == 1 and data["redundant_constraints"] == ["the thermometer r1c2-r1c3"]
    assert client.post("/api/audit", json={"puzzle": "11" + "." * 79}).json()["count"] == 0


def _killer_link() -> tuple[str, sudokit.Puzzle, list[str]]:
    """A generated killer as an f-puzzles link, with its solution as symbols."""
    made = sudokit.generate(seed=5, variant="killer")
    link = sudokit.dumps(made.puzzle, "fpuzzles")
    solved = sudokit.solve(made.puzzle)
    assert solved.solution is not None
    symbols = list(solved.solution.to_string().replace(" ", "").replace("\n", ""))
    return link, made.puzzle, symbols


def test_verify_judges_every_rule_by_its_meaning(client: TestClient) -> None:
    link, puzzle, symbols = _killer_link()
    grid = puzzle.grid
    ok = client.post("/api/verify", json={"puzzle": link, "progress": symbols}).json()
    assert ok == {
        "complete": True,
        "solved": True,
        "setter": False,
        "broken": [],
        "faults": [],
        "warning": None,
    }
    # swap two digits of one row in two different cages: every house still holds each digit once,
    # so only the killer rule can tell the grid is wrong (the app once called such a grid "Solved")
    cage_of = {c: k for k, cage in enumerate(grid.cages) for c in cage.cells}
    row = [grid.index[(0, col)] for col in range(9)]
    a, b = next((a, b) for a in row for b in row if cage_of[a] != cage_of[b] and symbols[a] != symbols[b])
    swapped = list(symbols)
    swapped[a], swapped[b] = swapped[b], swapped[a]
    data = client.post("/api/verify", json={"puzzle": link, "progress": swapped}).json()
    assert data["complete"] and not data["solved"]
    assert a in {c for broken in data["broken"] for c in broken["cells"]}
    assert all("killer cage" in broken["rule"] or "column" in broken["rule"] for broken in data["broken"])
    # a partly filled grid: a cage is judged once it is full, and only then
    cage = min(grid.cages, key=lambda cg: len(cg.cells))
    partial: list[str | None] = [None] * 81
    for c in cage.cells:
        partial[c] = symbols[c]
    assert client.post("/api/verify", json={"puzzle": link, "progress": partial}).json()["broken"] == []
    held = [symbols[c] for c in cage.cells]
    wrong_digit = next(s for s in "123456789" if s not in held)
    partial[cage.cells[0]] = wrong_digit
    data = client.post("/api/verify", json={"puzzle": link, "progress": partial}).json()
    assert not data["complete"] and [sorted(b["cells"]) for b in data["broken"]] == [sorted(cage.cells)]
    # as the player types: a digit the cage's sum cannot take breaks it before the cage is full
    small = next(
        cg
        for cg in grid.cages
        if cg.total is not None and len(cg.cells) > 1 and cg.total - sum(range(len(cg.cells))) < 9
    )
    typing: list[str | None] = [None] * 81
    typing[small.cells[0]] = "9"
    data = client.post("/api/verify", json={"puzzle": link, "progress": typing}).json()
    assert [sorted(b["cells"]) for b in data["broken"]] == [sorted(small.cells)]
    assert "killer cage" in data["broken"][0]["rule"]


def test_true_candidates_from_the_api_match_a_brute_force_count(client: TestClient) -> None:
    # an ambiguous 4x4: every candidate some solution holds, and no other
    puzzle = "1...........4..."
    data = client.post("/api/candidates", json={"puzzle": puzzle}).json()
    parsed = sudokit.parse(puzzle)
    seen: list[set[int]] = [set() for _ in range(16)]
    for solution in sudokit.solutions(parsed):
        for c, v in enumerate(solution.values):
            seen[c].add(v)
    assert [set(cell) for cell in data["cells"]] == seen and data["complete"] and data["solvable"]
    # with the player's (wrong) progress placed, no solution is left
    progress: list[str | None] = [None] * 16
    progress[1] = "1"
    data = client.post("/api/candidates", json={"puzzle": puzzle, "progress": progress}).json()
    assert data["solvable"] is False and all(cell == [] for cell in data["cells"])


def test_answers_name_the_rules_not_read(client: TestClient) -> None:
    import lzstring  # type: ignore[import-untyped]

    payload = {
        "size": 9,
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "spotlight": [{"cells": ["R1C1"]}],
    }
    link = "https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(payload))
    for path in ("parse", "solve", "count"):
        data = client.post(f"/api/{path}", json={"puzzle": link}).json()
        assert "spotlight" in (data["warning"] or ""), path


def test_a_big_jigsaw_is_made_within_the_time_and_rated_or_left_unrated() -> None:
    """The removal of givens may not take the rating's time: a 16x16 jigsaw used to fail after 20 s."""
    quick = TestClient(create_app(generate_seconds=4.0))
    response = quick.post("/api/generate", json={"size": 16, "variant": ["jigsaw"], "seed": 1})
    assert response.status_code == 200, response.json()
    made = sudokit.parse(response.json()["puzzle"])
    assert made.grid.size == 16 and sudokit.is_unique(made)


def test_library_lists_the_bundled_puzzles_and_today_is_the_same_all_day() -> None:
    app = TestClient(create_app())
    puzzles = app.get("/api/library").json()["puzzles"]
    assert len(puzzles) >= 10 and any("thermometer" in p["kinds"] for p in puzzles)
    for entry in puzzles:
        read = sudokit.parse(entry["puzzle"])
        assert read.grid.size == entry["size"] and not read.warning
    one = app.post("/api/today", json={"size": 6, "level": "easy", "date": "2026-11-26"}).json()
    two = app.post("/api/today", json={"size": 6, "level": "easy", "date": "2026-11-26"}).json()
    other = app.post("/api/today", json={"size": 6, "level": "easy", "date": "2026-11-27"}).json()
    assert one["puzzle"] == two["puzzle"] != other["puzzle"]
    assert sudokit.is_unique(sudokit.parse(one["puzzle"]))


def test_hint_first_stage_names_a_house_and_the_step_carries_its_marks(client: TestClient) -> None:
    response = client.post("/api/hint", json={"puzzle": PUZZLE_FOR_HINT}).json()
    assert not re.search(r"r\d+c\d+", response["stages"][0])
    marks = response["step"]["candidates"]
    puzzle = sudokit.parse(PUZZLE_FOR_HINT)
    assert len(marks) == 81 and all(marks[c] == [] for c, g in enumerate(puzzle.givens) if g >= 0)
    for c, d in response["step"]["eliminated"]:
        assert d in marks[c]


PUZZLE_FOR_HINT = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def test_a_variant_hint_names_its_rule_and_is_counted_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typing import Any

    import sudokit.logic.path
    import sudokit.solver
    from sudokit import Grid, Puzzle

    counts: list[int] = []
    real = sudokit.solver.count_solutions

    def counting(*args: Any, **kwargs: Any) -> Any:
        counts.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(sudokit.solver, "count_solutions", counting)
    monkeypatch.setattr(sudokit.logic.path, "count_solutions", counting)
    import random

    from tests.variant_builds import _rules

    made = sudokit.generate(seed=3)
    solved = sudokit.solve(made.puzzle).solution
    assert solved is not None
    grid = Grid.classic(9)

    def digit(cell: tuple[int, int]) -> int:
        return grid.values[solved.values[grid.index[cell]]]

    thermo = grid.with_constraints(*_rules("thermo", 9, digit, random.Random(1)))
    text = sudokit.dumps(Puzzle(thermo, made.puzzle.givens), "fpuzzles")
    counts.clear()
    assert client.post("/api/parse", json={"puzzle": text}).status_code == 200
    first = client.post("/api/hint", json={"puzzle": text, "stage": 3}).json()
    again = client.post("/api/hint", json={"puzzle": text, "stage": 3}).json()
    assert first == again and len(counts) == 1  # the page's count serves every hint after it
    step = first["step"]
    assert isinstance(step["rule_indexes"], list) and isinstance(step["rules"], list)
    for cells, names in zip(step["rule_indexes"], step["rules"], strict=True):
        assert [sudokit.model.cell_name(thermo.cells[c]) for c in cells] == names
    # with a thermometer step in view: the puzzle without givens near the thermometers
    bare = Puzzle(thermo, tuple(EMPTY for _ in thermo.cells))
    step = client.post("/api/hint", json={"puzzle": sudokit.dumps(bare, "fpuzzles"), "stage": 1}).json()
    assert step["text"].startswith("Look at the thermometer") and step["step"]["rule_indexes"]


def test_rate_on_both_scales(client: TestClient) -> None:
    line = ".6.1...8.9..5......5...93..3.....25..7..1.4....8....13..6.7.9....23..6....9..6.2."
    se = client.post("/api/rate", json={"puzzle": line, "scale": "se"})
    assert se.status_code == 200 and se.json() == {"scale": "se", "er": 7.1, "ep": 1.2, "ed": 1.2}
    hodoku = client.post("/api/rate", json={"puzzle": line}).json()
    assert hodoku["scale"] == "hodoku" and hodoku["level"] in ("hard", "unfair", "extreme")
    wrong = client.post("/api/rate", json={"puzzle": "." * 16, "scale": "se"})
    assert wrong.status_code == 400 and "classic 9x9" in wrong.json()["error"]
    assert client.post("/api/rate", json={"puzzle": line, "scale": "elo"}).status_code == 422


def test_an_answer_with_rules_unread_is_undetermined_and_not_taken_for_the_full_one(
    client: TestClient,
) -> None:
    classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    rows = [classic[k : k + 9] for k in range(0, 81, 9)]
    partial = json.dumps({"size": 9, "box": [3, 3], "givens": rows, "unread": ["a green line"]})
    doubtful = json.dumps({"size": 9, "box": [3, 3], "givens": rows, "unread": ["x"], "certain": False})
    # the same grid and givens: read in full, a verdict; with a rule unread, none (no cached verdict)
    for text, verdict in ((classic, "unique"), (partial, "undetermined"), (classic, "unique")):
        assert client.post("/api/parse", json={"puzzle": text}).json()["solutions"] == verdict
    solved = client.post("/api/solve", json={"puzzle": partial}).json()
    assert (
        solved["status"] == "undetermined"
        and solved["unique"] is None
        and solved["unread"] == ["a green line"]
    )
    assert solved["only"] is True  # the rules read leave one solution: the puzzle's, if it has one
    assert client.post("/api/solve", json={"puzzle": doubtful}).json()["only"] is False
    counted = client.post("/api/count", json={"puzzle": partial, "limit": 5}).json()
    assert counted["verdict"] == "undetermined" and counted["unique"] is False
    audited = client.post("/api/audit", json={"puzzle": partial}).json()
    assert audited["determined"] is False and audited["count"] == 1


def test_a_hint_never_calls_a_digit_wrong_by_one_of_several_solutions(client: TestClient) -> None:
    # a rule not read and no setter's solution: the rules read allow several solutions, so no digit
    # placed can be called wrong (the app once struck out a right 8 by one of sudokit's solutions)
    import json

    import lzstring

    cells: list[list[dict[str, int]]] = [[{} for _ in range(9)] for _ in range(9)]
    cells[0][0] = {"v": 1}
    rules = "Normal sudoku rules apply. Digits along a grey line must form a Fibonacci sequence."
    link = "https://sudokupad.app/scl" + lzstring.LZString().compressToBase64(
        json.dumps({"cells": cells, "metadata": {"rules": rules}})
    )
    first = client.post("/api/solve", json={"puzzle": link}).json()
    assert first["whose"] is None and first["solution"] is not None
    progress: list[str | None] = [None] * 81
    progress[1] = next(d for d in "23456789" if d != first["solution"][1])  # not sudokit's, no clash
    data = client.post("/api/hint", json={"puzzle": link, "progress": progress}).json()
    assert data["wrong"] == [] and "not right" not in data["text"]


def test_a_puzzle_and_a_booklet_as_pdfs(client: TestClient) -> None:
    import re

    def pages(data: bytes) -> int:
        return len(re.findall(rb"/Type\s*/Page\b", data))

    classic = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    one = client.post("/api/pdf", json={"puzzle": classic, "solution": True})
    assert one.status_code == 200 and one.headers["content-type"] == "application/pdf"
    assert one.content.startswith(b"%PDF") and pages(one.content) == 2  # the puzzle, its solution
    booklet = client.post("/api/booklet", json={"count": 3, "size": 4, "seed": 1})
    assert booklet.status_code == 200 and pages(booklet.content) == 2 + 1
    too_many = client.post("/api/booklet", json={"count": 500})
    assert too_many.status_code == 422 and "count" in too_many.json()["error"]
