# ruff: noqa: F811  (the browser fixtures come from test_web_e2e and are used by name)
"""The web app as a SudokuPad player meets it (issue 41), in real Chromium: one click one cell,
conflicts as the digits are typed, the setter's own solution where sudokit's reading is incomplete,
"Solved" on the first screen and after a reload, a link never replaced by a setter's draft, the
keyboard (Ctrl+A, double click, Space), and what a screen reader is told.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import lzstring
import pytest

import sudokit
from sudokit.constraints import find_kind
from sudokit.model import EMPTY, Grid, Puzzle
from tests.test_web_e2e import (  # noqa: F401  (shared fixtures)
    CHROMIUM,
    PUZZLE,
    browser,
    cell,
    page,
    server,
    shoot,
    visit,
)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

RULES = (
    "Normal sudoku rules apply. Digits in cages sum to the small clue and do not repeat. Digits on a "
    "thermometer increase from the bulb. Cells a knight's move apart may not hold the same digit. " * 3
)


def fpuzzles_link(data: dict[str, Any]) -> str:
    return "https://www.f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(data))


def solved_grid() -> str:
    found = sudokit.solve(PUZZLE).solution
    assert found is not None
    return "".join(found.to_string().split())


def status(page: Any) -> str:
    return str(page.inner_text("#status"))


def wait_status(page: Any, words: str) -> None:
    page.wait_for_function(f"document.getElementById('status').textContent.includes({words!r})")


def classes(page: Any, index: int) -> str:
    return str(cell(page, index).get_attribute("class") or "")


def rules_puzzle() -> str:
    """An f-puzzles link with anti-knight, a thermometer, an 8-cage and a long rules text."""
    grid = Grid.classic(9).with_constraints(
        find_kind("antiknight")(),
        find_kind("thermometer")(((0, 0), (0, 1), (0, 2), (0, 3))),
        find_kind("killer")(((8, 0), (8, 1)), 8),
    )
    link = sudokit.dumps(Puzzle(grid, (EMPTY,) * 81), "fpuzzles")
    data = json.loads(lzstring.LZString().decompressFromBase64(link.split("load=")[1]))
    data |= {"title": "Knights on a thermometer", "author": "a setter", "ruleset": RULES}
    return fpuzzles_link(data)


def test_one_click_selects_one_cell_and_one_key_fills_it(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    page = context.new_page()
    visit(page, server, rules_puzzle())
    box = cell(page, 0).bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.locator(".cell.selected").count() == 1
    page.keyboard.press("5")
    filled = [i for i in range(81) if cell(page, i).inner_text().strip()]
    assert filled == [0]
    context.close()


def test_rules_are_broken_as_the_digits_are_typed(page: Any, server: str) -> None:
    visit(page, server, rules_puzzle())
    cell(page, 40).click()  # r5c5
    page.keyboard.press("7")
    cell(page, 59).click()  # r7c6: a knight's move away
    page.keyboard.press("7")
    wait_status(page, "anti-knight")
    assert "conflict" in classes(page, 40) and "conflict" in classes(page, 59)
    assert "anti-knight" in (cell(page, 59).get_attribute("title") or "")
    cell(page, 59).click()
    page.keyboard.press("Delete")
    page.wait_for_function("!document.getElementById('status').textContent.includes('anti-knight')")
    assert "conflict" not in classes(page, 40)
    cell(page, 0).click()  # the bulb
    page.keyboard.press("5")
    cell(page, 2).click()  # two cells further along
    page.keyboard.press("3")
    wait_status(page, "thermometer")
    assert "conflict" in classes(page, 1)  # the thermometer's empty cell between them is shown too
    cell(page, 72).click()  # r9c1, in the 8-cage
    page.keyboard.press("9")
    wait_status(page, "killer cage")
    assert "conflict" in classes(page, 73)
    shoot(page, "conflicts-as-typed")


def test_solved_is_said_on_the_first_screen_and_after_a_reload(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    page = context.new_page()
    answer = solved_grid()
    last = next(i for i, ch in enumerate(PUZZLE) if ch == ".")
    progress = answer[:last] + "." + answer[last + 1 :]
    visit(page, server, PUZZLE, extra=f"&progress={quote(progress)}")
    cell(page, last).click()
    page.keyboard.press(answer[last])
    wait_status(page, "Solved")
    box = page.locator("#status").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800
    shown = page.inner_text("#timer")
    page.reload()
    page.wait_for_selector("body[data-verdict='1']")
    wait_status(page, "Solved")
    assert page.inner_text("#timer") == shown
    context.close()


def test_the_setters_solution_judges_when_sudokits_reading_is_incomplete(page: Any, server: str) -> None:
    answer = solved_grid()
    cells: list[list[dict[str, int]]] = [[{} for _ in range(9)] for _ in range(9)]
    for i in range(0, 81, 7):  # twelve givens: many solutions under the rules read
        cells[i // 9][i % 9] = {"v": int(answer[i])}
    rules = "Normal sudoku rules apply. Digits along a grey line must form a Fibonacci sequence."
    data = {"cells": cells, "metadata": {"rules": rules, "solution": answer}}
    link = "https://sudokupad.app/scl" + lzstring.LZString().compressToBase64(json.dumps(data))
    assert sudokit.parse(link).warning is not None  # a rule not read
    wrong_at = next(i for i in range(81) if i % 7)
    wrong = str(int(answer[wrong_at]) % 9 + 1)
    visit(page, server, link)
    cell(page, wrong_at).click()
    page.keyboard.press(wrong)
    page.click("#check")
    wait_status(page, "setter's solution")
    assert status(page).startswith("1 wrong") and "wrong" in classes(page, wrong_at)
    # the rest from the setter's solution: complete and equal to it is solved
    progress = "".join(ch if i % 7 else "." for i, ch in enumerate(answer))
    visit(page, server, link, extra=f"&progress={quote(progress)}")
    wait_status(page, "Solved")
    assert "the setter's solution" in status(page)


def test_a_link_opened_while_setting_is_played_and_the_draft_kept(page: Any, server: str) -> None:
    visit(page, server)
    page.click("#setter-panel summary")
    page.click("#setter-start")
    page.wait_for_function("location.search === ''")
    cell(page, 0).click()
    page.keyboard.press("4")
    page.reload()  # a reload while setting: back to the draft
    page.wait_for_selector("body[data-verdict='1']")
    assert cell(page, 0).inner_text().strip() == "4"
    visit(page, server, PUZZLE)  # a link opened in the same tab
    givens = sum(ch != "." for ch in PUZZLE)
    assert page.locator(".cell.given").count() == givens
    assert "puzzle:" not in status(page) and "String should" not in status(page)


def test_the_keyboard_selects_and_cycles_as_sudokupad_players_expect(page: Any, server: str) -> None:
    visit(page, server)
    page.click("#restart")
    digit = PUZZLE[0] if PUZZLE[0] != "." else next(ch for ch in PUZZLE if ch != ".")
    first = PUZZLE.index(digit)
    cell(page, first).dblclick()
    assert page.locator(".cell.selected").count() == PUZZLE.count(digit)
    cell(page, 40).click()
    page.keyboard.press("Control+a")
    assert page.locator(".cell.selected").count() == 81
    assert page.get_attribute("[data-mode=normal]", "aria-pressed") == "true"
    page.keyboard.press(" ")
    assert page.get_attribute("[data-mode=corner]", "aria-pressed") == "true"
    assert page.get_attribute("[data-mode=normal]", "aria-pressed") == "false"
    page.keyboard.press("Shift+ ")
    assert page.get_attribute("[data-mode=normal]", "aria-pressed") == "true"


def test_a_screen_reader_hears_the_active_cell_and_its_rules(page: Any, server: str) -> None:
    visit(page, server, rules_puzzle())
    cell(page, 72).click()
    board = page.locator("#board")
    assert board.get_attribute("aria-activedescendant") == "cell-72"
    page.keyboard.press("ArrowRight")
    assert board.get_attribute("aria-activedescendant") == "cell-73"
    assert "killer cage" in (cell(page, 73).get_attribute("aria-label") or "")
    assert "thermometer" in (cell(page, 1).get_attribute("aria-label") or "")
    header = page.inner_text("#description").lower()
    assert header.count("anti-knight") == 1


def test_explaining_a_variant_asks_for_no_rating_it_cannot_have(page: Any, server: str) -> None:
    failed: list[str] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    grid = Grid.classic(9).with_constraints(find_kind("antiknight")())
    made = sudokit.generate(seed=3, variant="antiknight").puzzle
    assert made.grid == grid
    visit(page, server, sudokit.dumps(made, "fpuzzles"))
    page.click("#explain-panel summary")
    page.click("#explain-load")
    page.wait_for_function("document.getElementById('rating').textContent.includes('Rated')")
    page.wait_for_timeout(300)
    assert failed == []


def test_a_variant_fits_a_phone_screen_with_its_keypad_and_hint(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.goto(f"{server}/?puzzle={quote(rules_puzzle())}")
    phone.wait_for_selector("body[data-verdict='1']")
    for part in ("#board", "#keypad"):
        box = phone.locator(part).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844, part
    shoot(phone, "phone-variant")
    context.close()


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_play_explain_and_setter_views(
    page: Any, server: str, theme: str
) -> None:
    visit(page, server, rules_puzzle())
    if theme == "dark":
        page.click("#theme")
    cell(page, 40).click()
    page.keyboard.press("7")
    cell(page, 59).click()
    page.keyboard.press("7")  # a conflict shown
    wait_status(page, "anti-knight")
    assert serious_violations(page) == [], "play"
    visit(page, server)
    page.click("#explain-panel summary")
    page.click("#explain-load")
    page.wait_for_function("document.getElementById('step-count').textContent.includes('/')")
    page.click("#step-next")
    assert serious_violations(page) == [], "explain"
    page.click("#setter-panel summary")
    page.click("#setter-start")
    page.wait_for_function("location.search === ''")
    assert serious_violations(page) == [], "setter"


def test_a_solve_is_recorded_watched_back_and_shared_as_a_link(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    visit(page, server)
    page.click("#restart")
    empty = [i for i, ch in enumerate(PUZZLE) if ch == "."][:3]
    cell(page, empty[0]).click()
    page.keyboard.press("4")
    cell(page, empty[1]).click()
    page.keyboard.press("Shift+2")  # a corner mark
    page.keyboard.press("Shift+7")
    cell(page, empty[2]).click()
    page.keyboard.press("Control+5")  # a centre mark
    own = [cell(page, i).inner_text() for i in empty]
    page.click("#replay-panel summary")
    page.select_option("#replay-speed", "64")
    page.click("#replay-watch")
    played_out = (
        "(() => { const r = document.getElementById('replay-position');"
        " return r.max > 0 && r.value === r.max; })()"
    )
    page.wait_for_function(played_out)
    assert [cell(page, i).inner_text() for i in empty] == own
    page.locator("#replay-position").fill("0")
    assert all(cell(page, i).inner_text().strip() == "" for i in empty)
    cell(page, empty[0]).click()
    page.keyboard.press("9")  # entry is off while a replay is on screen
    assert cell(page, empty[0]).inner_text().strip() == ""
    page.click("#replay-share")
    page.wait_for_function("document.getElementById('replay-link').value.includes('replay=')")
    link = page.input_value("#replay-link")
    page.click("#replay-leave")
    assert [cell(page, i).inner_text() for i in empty] == own
    # the link plays the same solve in another tab, and the player's saved grid stays as it was
    other = context.new_page()
    other.goto(link)
    other.wait_for_selector("body[data-replaying='1']")
    other.wait_for_function(played_out, timeout=20000)
    assert [cell(other, i).inner_text() for i in empty] == own
    page.reload()
    page.wait_for_selector("body[data-verdict='1']")
    assert [cell(page, i).inner_text() for i in empty] == own
    # a 20-minute solve: every empty cell marked, changed and filled, a change every 2.5 s
    size = page.evaluate(
        """async () => {
            const { toLink } = await import('/static/replay.js');
            const events = [];
            for (let c = 0; c < 81; c++) {
                events.push([2500, c, 'm', '1,3,7']);
                events.push([2500, c, 'm', '3,7']);
                events.push([2500, c, 'c', '2']);
                events.push([2500, c, 'v', String(c % 9)]);
                events.push([2500, c, 'c', '']);
                events.push([2500, c, 'k', String(c % 3)]);
            }
            return (await toLink(events)).length;
        }"""
    )
    assert size < 20_000
    context.close()


def test_the_puzzle_and_a_booklet_download_as_pdfs(page: Any, server: str) -> None:
    visit(page, server)
    page.click("#import-panel summary")
    page.check("#pdf-solution")
    with page.expect_download() as one:
        page.click("#pdf")
    assert one.value.suggested_filename == "sudokit-puzzle.pdf"
    assert Path(one.value.path()).read_bytes().startswith(b"%PDF")
    page.fill("#booklet-count", "2")
    page.select_option("#gen-size", "4")
    with page.expect_download() as booklet:
        page.click("#booklet")
    assert Path(booklet.value.path()).read_bytes().startswith(b"%PDF")
    wait_status(page, "booklet is saved")


def test_setting_on_a_phone_keeps_the_grid_in_view_as_tools_change(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.goto(f"{server}/?puzzle={quote(PUZZLE)}")
    phone.wait_for_selector("body[data-verdict='1']")
    phone.click("#setter-panel summary")
    phone.click("#setter-start")
    phone.wait_for_selector("body[data-setting='1']")
    phone.evaluate("window.scrollTo(0, 0)")
    for tool in ("cage", "thermometer", "white", "givens"):
        button = phone.locator(f"[data-tool={tool}]").bounding_box()
        assert button is not None and button["y"] + button["height"] <= 844, tool  # on the first screen
        phone.locator(f"[data-tool={tool}]").tap()
        assert phone.evaluate("window.scrollY") == 0, tool  # choosing a tool does not move the grid
    shoot(phone, "setter-phone-tools")
    context.close()


def test_cage_sums_stay_readable_over_pencil_marks(page: Any, server: str) -> None:
    killer = sudokit.generate(seed=5, variant="killer")
    visit(page, server, sudokit.dumps(killer.puzzle, "fpuzzles"))
    assert page.locator("#labels text.cage-sum").count() == len(killer.puzzle.grid.cages)
    top_left = min(killer.puzzle.grid.cages[0].cells, key=lambda c: killer.puzzle.grid.cells[c])
    cell(page, top_left).click()
    page.keyboard.press("Shift+3")  # a corner mark where the cage's sum stands
    style = cell(page, top_left).locator(".corner span").first.get_attribute("style") or ""
    assert "top:0%;left:0%" not in style.replace(" ", "")
    page.click("#hint")
    assert page.locator("#labels text.cage-sum").count() == len(killer.puzzle.grid.cages)
