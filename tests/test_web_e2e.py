"""The web app in a real headless Chromium (Debian's, driven by Playwright): play, hint, undo, reload,
import, generate, variants and a phone-sized screen.  Screenshots go to ``artifacts/`` (and the README's
come from there).

Skipped when Chromium or Playwright is missing; ``make test`` installs both.
"""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

import sudokit

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    import uvicorn

    from sudokit.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    for _ in range(100):
        if running.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    other_hosts: list[str] = []
    opened.on("request", lambda r: other_hosts.append(r.url) if not r.url.startswith(server) else None)
    opened.errors = errors  # type: ignore[attr-defined]
    yield opened
    assert errors == [], errors
    assert other_hosts == [], other_hosts
    context.close()


def visit(page: Any, server: str, puzzle: str = PUZZLE, extra: str = "") -> None:
    page.goto(f"{server}/?puzzle={quote(puzzle)}{extra}")
    page.wait_for_selector("body[data-verdict='1']")  # the board, then the count of solutions


def cell(page: Any, index: int) -> Any:
    return page.locator(f".cell[data-index='{index}']")


def shoot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_the_board_is_an_aria_grid_with_labelled_cells(page: Any, server: str) -> None:
    visit(page, server)
    assert page.locator("[role=grid]").count() == 1
    assert page.locator("[role=row]").count() == 9
    assert page.locator("[role=gridcell]").count() == 81
    assert cell(page, 0).get_attribute("aria-label") == "row 1, column 1: 4 (given)"
    assert cell(page, 1).get_attribute("aria-label") == "row 1, column 2: empty"
    assert "one solution" in page.inner_text("#status")
    shoot(page, "play")


def test_enter_digits_and_marks_by_keyboard_then_undo_and_reload(page: Any, server: str) -> None:
    visit(page, server)
    cell(page, 1).click()
    page.keyboard.press("7")
    assert cell(page, 1).inner_text() == "7"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+2")  # a corner mark
    page.keyboard.press("c")
    page.keyboard.press("6")  # centre marks
    page.keyboard.press("9")
    label = cell(page, 2).get_attribute("aria-label")
    assert label == "row 1, column 3: empty, candidates 6 9, corner marks 2"
    page.keyboard.press("Control+z")
    assert cell(page, 2).get_attribute("aria-label") == "row 1, column 3: empty, candidates 6, corner marks 2"
    page.keyboard.press("Control+y")
    page.reload()
    page.wait_for_selector("body[data-verdict='1']")
    assert cell(page, 1).inner_text() == "7"
    assert "candidates 6 9" in cell(page, 2).get_attribute("aria-label")


def test_a_wrong_digit_shows_as_a_conflict_and_check_finds_it(page: Any, server: str) -> None:
    visit(page, server)
    cell(page, 1).click()
    page.keyboard.press("4")  # a 4 is given in the same row
    assert "conflict" in cell(page, 1).get_attribute("class")
    page.click("#check")
    page.wait_for_function("document.getElementById('status').textContent.includes('wrong')")
    assert "wrong" in cell(page, 1).get_attribute("class")


def test_hint_in_three_stages_then_apply(page: Any, server: str) -> None:
    visit(page, server)
    page.click("#restart")
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    first = page.inner_text("#hint-text")
    assert first.startswith("Look at")
    page.click("#hint-more")
    assert page.inner_text("#hint-text").startswith(first + ": there is")
    page.click("#hint-more")
    step = page.inner_text("#hint-text")
    assert page.locator(".cell.hinted").count() >= 1
    shoot(page, "hint")
    page.click("#hint-apply")
    placed = sudokit.hint(PUZZLE)
    assert placed is not None and placed[0].explanation == step
    (target, symbol), *_ = placed[0].step.placements
    assert cell(page, target).inner_text() == str(symbol + 1)


def test_import_an_f_puzzles_link_and_generate(page: Any, server: str) -> None:
    killer = sudokit.generate(seed=5, variant="killer")
    link = sudokit.dumps(killer.puzzle, "fpuzzles").strip()
    visit(page, server)
    page.click("#import-panel summary")
    page.fill("#import-text", link)
    page.click("#import")
    page.wait_for_function("document.getElementById('description').textContent.includes('cage')")
    assert page.locator("#overlay line").count() > 50 and page.locator("#labels text.cage-sum").count() > 10
    cell(page, 40).click()
    page.keyboard.press(str(killer.solution.values[40] + 1))
    assert cell(page, 40).inner_text() == str(killer.solution.values[40] + 1)
    shoot(page, "killer")
    page.select_option("#gen-size", "16")
    page.select_option("#gen-variant", "")
    page.click("#generate")
    page.wait_for_function("document.querySelectorAll('.cell').length === 256", timeout=30_000)
    assert "New puzzle" in page.inner_text("#status")
    shoot(page, "16x16")


def test_a_samurai_is_drawn_with_its_holes(page: Any, server: str) -> None:
    samurai = sudokit.generate(seed=2, variant="samurai")
    visit(page, server, sudokit.dumps(samurai.puzzle, "line").strip().replace("\n", "\n"))
    assert page.locator(".cell").count() == 369
    empty = samurai.puzzle.givens.index(-1)
    cell(page, empty).click()
    page.keyboard.press("ArrowDown")  # moves within the frame, skipping its holes
    page.keyboard.press("Control+ArrowRight")
    assert page.locator(".cell.selected").count() == 2
    shoot(page, "samurai")


def test_entering_givens_says_how_many_solutions(page: Any, server: str) -> None:
    visit(page, server)
    page.select_option("#blank-size", "4")
    page.click("#blank")
    page.wait_for_function("document.querySelectorAll('.cell').length === 16")
    cell(page, 0).click()
    page.keyboard.press("1")
    page.wait_for_function("document.getElementById('status').textContent.includes('several')")
    made = sudokit.generate(4, seed=1)
    for index, given in enumerate(made.puzzle.givens):
        if given >= 0 and index != 0:
            cell(page, index).click()
            page.keyboard.press(str(given + 1))
    if made.puzzle.givens[0] != 0:  # r1c1 must hold the puzzle's given, or stay empty
        cell(page, 0).click()
        page.keyboard.press("Delete")
        if made.puzzle.givens[0] >= 0:
            page.keyboard.press(str(made.puzzle.givens[0] + 1))
    page.wait_for_function("document.getElementById('status').textContent.includes('one solution')")


def test_the_app_fits_a_phone(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.goto(f"{server}/?puzzle={quote(PUZZLE)}")
    phone.wait_for_selector("body[data-verdict='1']")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    box = phone.locator("#board").bounding_box()
    assert box is not None and box["width"] <= 390
    phone.locator(".cell[data-index='1']").tap()
    phone.click("#keypad button >> nth=6")
    assert phone.locator(".cell[data-index='1']").inner_text() == "7"
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "phone.png"), full_page=True)
    context.close()


def test_explain_walks_the_path_and_draws_a_chain(page: Any, server: str) -> None:
    made = sudokit.generate(seed=5, technique="xy_chain")
    visit(page, server, made.puzzle.to_string())
    page.click("#explain-panel summary")
    page.click("#explain-load")
    page.wait_for_function("document.getElementById('step-count').textContent.includes('/')")
    assert page.inner_text("#step-count").startswith("1 / ")
    assert "Rated" in page.inner_text("#rating")
    # Sudoku Explainer's rating follows, the same as the API's
    page.wait_for_function("document.getElementById('rating').textContent.includes('Sudoku Explainer ER')")
    se = sudokit.rate(made.puzzle, scale="se")
    assert f"Sudoku Explainer ER {se.er:.1f} (EP {se.ep:.1f}, ED {se.ed:.1f})" in page.inner_text("#rating")
    for _ in range(200):
        if "XY-Chain" in page.inner_text("#step-text"):
            break
        page.click("#step-next")
    assert "XY-Chain" in page.inner_text("#step-text")
    assert page.locator("#links line").count() >= 3
    assert page.locator(".cell.hinted").count() >= 4
    shoot(page, "explain")
    page.click("#step-prev")
    assert "XY-Chain" not in page.inner_text("#step-text")


def test_solve_fills_the_grid_and_the_link_keeps_progress(page: Any, server: str) -> None:
    visit(page, server)
    page.click("#restart")
    cell(page, 1).click()
    page.keyboard.press("1")
    page.click("#import-panel summary")
    page.check("#share-progress")
    page.click("#share")
    link = page.input_value("#share-link")
    assert "progress=" in link
    page.click("#solve")
    page.wait_for_function(
        "document.getElementById('status').textContent.startsWith('The solution is shown')"
    )
    answer = sudokit.solve(PUZZLE).solution
    assert answer is not None
    shown = "".join(cell(page, c).inner_text() for c in range(81))
    assert shown == answer.to_string()
    elsewhere = page.context.browser.new_context()  # another browser: nothing in its storage
    other = elsewhere.new_page()
    other.goto(link)
    other.wait_for_selector("body[data-verdict='1']")
    assert other.locator(".cell[data-index='1']").inner_text() == "1"
    elsewhere.close()


def test_a_16x16_takes_letters_from_the_keyboard(page: Any, server: str) -> None:
    made = sudokit.generate(16, seed=3)
    visit(page, server, made.puzzle.to_string())
    empty = made.puzzle.givens.index(-1)
    cell(page, empty).click()
    page.keyboard.press("b")
    assert cell(page, empty).inner_text() == "B"
    assert page.locator("#keypad button").count() == 16


def test_odd_and_even_cells_are_marked(page: Any, server: str) -> None:
    made = sudokit.generate(seed=4, variant="odd-even")
    visit(page, server, sudokit.dumps(made.puzzle, "fpuzzles").strip())
    odd = sum(1 for v in made.solution.values if (v + 1) % 2)
    assert page.locator("#overlay circle.odd").count() == odd
    assert page.locator("#overlay rect.even").count() == 81 - odd


def test_givens_entered_with_rules_keep_them(page: Any, server: str) -> None:
    visit(page, server)
    page.select_option("#blank-size", "4")
    page.select_option("#blank-variant", "x")
    page.click("#blank")
    page.wait_for_function("document.querySelectorAll('.cell').length === 16")
    assert page.locator("#overlay polyline.diagonal").count() == 2  # the two diagonals
    cell(page, 0).click()
    page.keyboard.press("1")
    page.wait_for_function("document.getElementById('status').textContent.includes('solution')")
    page.click("#edit-done")
    page.wait_for_function("location.search.includes('f-puzzles')")
    assert "2 diagonals" in page.inner_text("#description")


def test_thermometers_and_kropki_dots_are_drawn(page: Any, server: str) -> None:
    records = [
        json.loads(line)
        for line in (Path(__file__).parent / "fixtures" / "variants" / "fpuzzles-variants.jsonl")
        .read_text()
        .splitlines()
    ]
    kropki = next(r for r in records if r["id"] == "fpuz-irregular-7x7-kropki")
    visit(page, server, kropki["fpuzzles"])
    assert page.locator("#overlay circle.kropki").count() == sum(
        1 for link in sudokit.parse(kropki["fpuzzles"]).grid.links if not link.negated
    )
    thermo = next(r for r in records if r["id"].startswith("fpuz-return-of"))
    visit(page, server, thermo["fpuzzles"])
    links = [link.cells for link in sudokit.parse(thermo["fpuzzles"]).grid.links]
    bulbs = {a for a, _ in links} - {b for _, b in links}
    assert len(bulbs) >= 5 and page.locator("#overlay circle").count() == len(bulbs)
    shoot(page, "thermo")


def test_lines_and_outside_clues_are_drawn(page: Any, server: str) -> None:
    from tests.test_line_rules import every_kind_grid

    grid = every_kind_grid()
    visit(page, server, sudokit.dumps(sudokit.Puzzle.empty(grid), "fpuzzles").strip())
    for kind in ("renban", "between", "entropic", "modular", "region-sum", "zipper"):
        assert page.locator(f"#overlay polyline.{kind}").count() == 1, kind
    assert page.locator("#overlay polyline.whispers").count() == 2  # German and Dutch
    assert page.locator("#overlay rect.clone").count() == 2
    assert page.locator("#overlay circle.quadruple").count() == 1
    sandwich = page.locator("#overlay text.sandwich")
    assert sandwich.text_content() == "10"
    board = page.locator("#board").bounding_box()
    clue = sandwich.bounding_box()
    assert board and clue and clue["y"] + clue["height"] <= board["y"]  # above the grid, not on it
    assert page.locator("#overlay text.x-sum").text_content() == "20"
    shoot(page, "lines")


def test_the_setters_check_marks_where_two_solutions_differ(page: Any, server: str) -> None:
    visit(
        page,
        server,
        "." + "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"[1:],
    )
    page.locator("#audit").click()
    page.wait_for_function("document.getElementById('status').textContent.includes('Setter')")
    assert "two solutions differ in" in page.inner_text("#status")
    assert page.locator(".cell.hinted").count() == 4


def test_a_full_killer_that_breaks_a_cage_is_not_solved(page: Any, server: str) -> None:
    made = sudokit.generate(seed=5, variant="killer").puzzle
    link = sudokit.dumps(made, "fpuzzles")
    grid = made.grid
    found = sudokit.solve(made).solution
    assert found is not None
    answer = list(found.to_string())
    # two digits of row 1 swapped across two cages: every house still right, a cage sum wrong
    cage_of = {c: k for k, cage in enumerate(grid.cages) for c in cage.cells}
    a, b = next(
        (a, b)
        for a in range(9)
        for b in range(9)
        if cage_of[a] != cage_of[b] and made.givens[a] < 0 and made.givens[b] < 0 and answer[a] != answer[b]
    )
    answer[a], answer[b] = answer[b], answer[a]
    visit(page, server, link, extra=f"&progress={quote(''.join(answer))}")
    page.wait_for_function("document.getElementById('status').textContent.includes('breaks')")
    assert "Solved" not in page.inner_text("#status") and "killer cage" in page.inner_text("#status")
    assert "conflict" in cell(page, a).get_attribute("class")
    # putting the two digits back solves it
    answer[a], answer[b] = answer[b], answer[a]
    cell(page, a).click()
    page.keyboard.press(answer[a])
    cell(page, b).click()
    page.keyboard.press(answer[b])
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Solved in')")
    assert "conflict" not in cell(page, a).get_attribute("class")


def test_rules_not_read_are_shown_and_true_candidates_fill_the_marks(page: Any, server: str) -> None:
    import lzstring  # type: ignore[import-untyped]

    grid = [[{} for _ in range(9)] for _ in range(9)]
    for c, digit in enumerate("4.....8.5.3..........7......2....."):
        if digit != ".":
            grid[c // 9][c % 9] = {"value": int(digit), "given": True}
    payload = {"size": 9, "grid": grid, "spotlight": [{"cells": ["R9C9"]}]}
    link = "https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(payload))
    visit(page, server, link)
    note = page.inner_text("#unread")
    assert page.is_visible("#unread") and "spotlight" in note
    assert "undetermined" in page.inner_text("#status") and "under the rules read" in page.inner_text(
        "#status"
    )
    page.click("#true-candidates")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('True candidates')")
    label = cell(page, 1).get_attribute("aria-label")
    puzzle = sudokit.parse(link)
    shown = label.split("candidates ")[1].split(",")[0].split() if "candidates" in label else []
    truth = sudokit.true_candidates(puzzle).as_dict()["candidates"]["r1c2"]
    assert shown == truth
    shoot(page, "unread-rules")
