# ruff: noqa: F811  (the browser fixtures come from test_web_e2e and are used by name)
"""Setter mode in a real headless Chromium (Debian's, driven by Playwright): constraints drawn on the grid
with the mouse (and a finger), givens typed, the verdict in the status line, the exports and "Play".

Screenshots go to ``artifacts/`` (setter-mode.png on a desktop, setter-mode-phone.png on a phone).
Skipped when Chromium or Playwright is missing; ``make test`` installs both.
"""

from __future__ import annotations

import itertools
import json
import statistics
from collections.abc import Iterator
from typing import Any

import pytest

import sudokit
from tests.test_web_e2e import (  # noqa: F401  (shared fixtures)
    ARTIFACTS,
    CHROMIUM,
    PUZZLE,
    browser,
    server,
    shoot,
    visit,
)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

STATUS = "document.getElementById('status').textContent"


def watched(page: Any, server: str) -> Any:
    """The page, with its script errors and requests to other hosts collected (both must stay empty)."""
    page.errors = []
    page.other_hosts = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("request", lambda r: page.other_hosts.append(r.url) if not r.url.startswith(server) else None)
    return page


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = watched(context.new_page(), server)
    yield opened
    assert opened.errors == [], opened.errors
    assert opened.other_hosts == [], opened.other_hosts
    context.close()


def start_setting(page: Any, server: str, size: int = 9) -> None:
    """Setter mode on an empty grid of a size; waits for the first verdict."""
    visit(page, server)
    page.click("#new-panel summary")  # closed: the setter's panel comes up beside the grid
    page.click("#setter-panel summary")
    page.select_option("#setter-size", str(size))
    page.click("#setter-start")
    page.wait_for_function(f"document.querySelectorAll('.cell').length === {size * size}")
    page.wait_for_function(f"{STATUS}.includes('several solutions')")


def centre(page: Any, index: int) -> tuple[float, float]:
    page.locator("#board").scroll_into_view_if_needed()
    box = page.locator(f".cell[data-index='{index}']").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, cells: list[int]) -> None:
    """A mouse drag through the centres of the cells, in order."""
    x, y = centre(page, cells[0])
    page.mouse.move(x, y)
    page.mouse.down()
    for index in cells[1:]:
        page.mouse.move(*centre(page, index), steps=4)
    page.mouse.up()


def tool(page: Any, name: str) -> None:
    page.click(f"#setter-panel [data-tool='{name}']")


def type_given(page: Any, index: int, digit: str) -> None:
    tool(page, "givens")
    page.locator(f".cell[data-index='{index}']").click()
    page.keyboard.press(digit)


def wait_status(page: Any, text: str) -> None:
    page.wait_for_function(f"{STATUS}.includes({json.dumps(text)})")


def test_a_thermo_set_in_setter_mode_gets_its_verdict_and_its_f_puzzles_link_opens_back(
    page: Any, server: str
) -> None:
    start_setting(page, server)
    tool(page, "thermometer")
    drag(page, [0, 1, 2, 3])  # r1c1 (the bulb) to r1c4
    page.wait_for_selector("#overlay circle.thermometer")
    assert page.locator("#overlay polyline.thermometer").count() == 1
    assert "thermometer · r1c1…r1c4" in page.inner_text("#setter-list")
    # a 9 in the bulb leaves nothing bigger for the rest of the thermometer
    type_given(page, 0, "9")
    wait_status(page, "no solution")
    # the classic puzzle's givens with a thermometer its solution agrees with: one solution
    page.keyboard.press("Delete")
    solution = sudokit.solve(PUZZLE).solution
    assert solution is not None
    digits = solution.to_string()
    start = next(
        c
        for c in range(81)
        if c % 9 < 7
        and all(PUZZLE[c + k] == "." for k in range(3))
        and digits[c] < digits[c + 1] < digits[c + 2]
    )
    tool(page, "eraser")
    page.mouse.click(*centre(page, 1))
    page.wait_for_function("document.querySelectorAll('#overlay polyline.thermometer').length === 0")
    tool(page, "thermometer")
    drag(page, [start, start + 1, start + 2])
    page.wait_for_selector("#overlay circle.thermometer")
    for index, digit in enumerate(PUZZLE):
        if digit != ".":
            type_given(page, index, digit)
    wait_status(page, "17 givens · one solution")
    assert "good" in (page.get_attribute("#status", "class") or "")
    shoot(page, "setter-thermo")
    page.click("#setter-fpuzzles")
    page.wait_for_function("document.getElementById('setter-link').value.includes('f-puzzles.com')")
    link = page.input_value("#setter-link")
    read = sudokit.parse(link)
    assert read.to_string() == PUZZLE
    (thermo,) = [c for c in read.grid.constraints if c.kind == "thermometer"]
    assert [read.grid.index[cell] for cell in thermo.cells()] == [start, start + 1, start + 2]
    page.click("#setter-sudokupad")
    page.wait_for_function("document.getElementById('setter-link').value.includes('sudokupad')")
    visit(page, server, link)
    wait_status(page, "one solution")
    assert page.locator("#overlay circle.thermometer").count() == 1
    assert page.locator("#overlay polyline.thermometer").count() == 1
    assert page.locator(".cell.given").count() == 17


def test_a_killer_cage_drawn_by_dragging_takes_the_sum_typed(page: Any, server: str) -> None:
    start_setting(page, server)
    tool(page, "cage")
    drag(page, [0, 1, 2])
    page.wait_for_function("document.activeElement.id === 'setter-value'")
    page.keyboard.type("6")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#labels text.cage-sum')?.textContent === '6'")
    assert "killer cage 6 · r1c1 r1c2 r1c3" in page.inner_text("#setter-list")
    assert page.locator("#overlay line").count() == 8  # the cage's outline: 3 cells, 8 sides outside
    # 1 + 2 + 3 is the only way to 6: a 4 in the cage leaves no solution
    type_given(page, 1, "4")
    wait_status(page, "no solution")
    type_given(page, 1, "3")
    wait_status(page, "several solutions")
    page.click("#setter-candidates")
    wait_status(page, "True candidates")
    assert "candidates 1 2" in (page.get_attribute(".cell[data-index='0']", "aria-label") or "")
    page.click("#setter-list button")  # the cage's delete button
    page.wait_for_function("document.querySelectorAll('#labels text.cage-sum').length === 0")
    assert page.inner_text("#setter-list") == ""


def test_a_black_kropki_dot_on_the_edge_clicked_and_the_eraser(page: Any, server: str) -> None:
    start_setting(page, server)
    tool(page, "black")
    box = page.locator(".cell[data-index='0']").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] - 4, box["y"] + box["height"] / 2)  # the edge r1c1 | r1c2
    page.wait_for_selector("#overlay circle.kropki")
    dot = page.locator("#overlay circle.kropki")
    assert dot.count() == 1 and dot.get_attribute("fill") == "#000000"
    assert "black dot · r1c1 r1c2" in page.inner_text("#setter-list")
    type_given(page, 0, "5")
    type_given(page, 1, "7")  # 5 and 7: neither is twice the other
    wait_status(page, "no solution")
    tool(page, "eraser")
    page.mouse.click(box["x"] + box["width"] - 4, box["y"] + box["height"] / 2)
    page.wait_for_function("document.querySelectorAll('#overlay circle.kropki').length === 0")
    wait_status(page, "several solutions")
    # a white dot by dragging from a cell to the one below it
    tool(page, "white")
    drag(page, [10, 19])
    page.wait_for_selector("#overlay circle.kropki")
    assert "white dot · r2c2 r3c2" in page.inner_text("#setter-list")


def test_outside_clues_global_rules_and_play(page: Any, server: str) -> None:
    start_setting(page, server)
    page.select_option("#setter-outside", "sandwich")  # chooses the Outside tool
    box = page.locator(".cell[data-index='0']").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] - box["width"] / 2, box["y"] + box["height"] / 2)  # left of row 1
    page.wait_for_function("document.activeElement.id === 'setter-value'")
    page.keyboard.type("35")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#overlay text.sandwich')?.textContent === '35'")
    clue = page.locator("#overlay text.sandwich").bounding_box()
    grid = page.locator("#board").bounding_box()
    assert clue and grid and clue["x"] + clue["width"] <= grid["x"]  # left of the grid
    type_given(page, 0, "1")  # 35 = 2+...+8: the 1 and the 9 at the row's two ends
    type_given(page, 4, "9")
    wait_status(page, "no solution")
    type_given(page, 4, "9")  # the same digit again takes it away
    page.check("#setter-rules input[data-rule*='antiknight']")
    wait_status(page, "several solutions")
    assert "anti-knight" in page.inner_text("#description")
    page.click("#setter-play")
    page.wait_for_function("location.search.includes('sandwich')")
    assert page.is_hidden("#setter-body")
    assert page.locator("#overlay text.sandwich").text_content() == "35"
    assert "anti-knight" in page.inner_text("#description")
    # back to setting the same puzzle: its rules come back into the panel
    page.click("#setter-adopt")
    page.wait_for_function("!document.getElementById('setter-body').hidden")
    assert page.is_checked("#setter-rules input[data-rule*='antiknight']")
    assert "sandwich 35" in page.inner_text("#setter-list")


def test_the_setter_panel_fits_a_phone_and_takes_taps_and_drags(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = watched(context.new_page(), server)
    start_setting(phone, server)
    phone.click("#setter-panel [data-tool='x']")
    phone.locator("#board").scroll_into_view_if_needed()
    box = phone.locator(".cell[data-index='40']").bounding_box()
    assert box is not None
    phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] - 2)  # r5c5 | r6c5
    phone.wait_for_selector("#overlay text.xv")
    phone.wait_for_function(f"{STATUS}.includes('several solutions')")
    # a thermometer drawn with a finger (touch events straight from the devtools protocol)
    phone.click("#setter-panel [data-tool='thermometer']")
    phone.locator("#board").scroll_into_view_if_needed()
    points = [centre(phone, index) for index in (72, 63, 54, 55)]  # r9c1 up to r7c1, then right
    finger = phone.context.new_cdp_session(phone)
    start = {"x": points[0][0], "y": points[0][1]}
    finger.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [start]})
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        for k in range(1, 6):
            at = {"x": x0 + (x1 - x0) * k / 5, "y": y0 + (y1 - y0) * k / 5}
            finger.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [at]})
    finger.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    phone.wait_for_selector("#overlay circle.thermometer")
    assert "thermometer · r9c1…r7c2 (4 cells)" in phone.inner_text("#setter-list")
    phone.click("#setter-panel [data-tool='outside']")
    phone.select_option("#setter-outside", "little killer")
    phone.evaluate("window.scrollTo(0, 0)")  # the grid and the room above it in view
    first = phone.locator(".cell[data-index='0']").bounding_box()
    assert first is not None
    phone.touchscreen.tap(first["x"] - first["width"] / 2, first["y"] - first["height"] / 2)  # by r1c1
    phone.fill("#setter-value", "45")
    phone.press("#setter-value", "Enter")
    phone.wait_for_selector("#overlay text.little-killer")
    assert "little killer 45 · r1c1…r9c9 (9 cells)" in phone.inner_text("#setter-list")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.locator("#setter-panel").scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "setter-mode-phone.png"), full_page=True)
    assert phone.errors == [] and phone.other_hosts == []
    context.close()


def test_the_verdict_of_eleven_constraints_comes_quickly(page: Any, server: str) -> None:
    start_setting(page, server)
    tool(page, "thermometer")
    drag(page, [0, 1, 2])
    tool(page, "line")
    page.select_option("#setter-line", "renban")
    drag(page, [72, 73, 74])
    page.select_option("#setter-line", "german")
    drag(page, [50, 51, 52])
    tool(page, "arrow")
    drag(page, [60, 61, 62])
    tool(page, "cage")
    page.fill("#setter-value", "10")  # typed first: the next cage takes it
    drag(page, [10, 11])
    for name, index in (("white", 20), ("black", 29), ("x", 38), ("odd", 80), ("even", 79)):
        tool(page, name)
        box = page.locator(f".cell[data-index='{index}']").bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] - 4, box["y"] + box["height"] / 2)
    page.wait_for_function("document.querySelectorAll('#overlay circle.odd').length === 1")
    page.select_option("#setter-outside", "sandwich")
    box = page.locator(".cell[data-index='9']").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] - box["width"] / 2, box["y"] + box["height"] / 2)  # left of row 2
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    page.wait_for_selector("#overlay text.sandwich")
    page.wait_for_function("document.querySelectorAll('#setter-list li').length === 11")
    # the time from a change to its verdict on the status line (the debounce included), several times
    timings = []
    tool(page, "givens")
    page.locator(".cell[data-index='40']").click()
    for digit in "123456":
        page.evaluate("document.getElementById('status').textContent = ''")
        started = page.evaluate("performance.now()")
        page.keyboard.press(digit)
        page.wait_for_function(f"{STATUS}.includes('solution')")
        timings.append(page.evaluate("performance.now()") - started)
    round_trip = int(page.get_attribute("#setter-panel", "data-verdict-ms") or "0")
    shoot(page, "setter-mode")
    print(f"setter verdict: change to status {statistics.median(timings):.0f} ms, /api/parse {round_trip} ms")
    assert statistics.median(timings) < 250 + 300
    assert round_trip < 300


def test_a_reload_while_setting_keeps_the_draft(page: Any, server: str) -> None:
    start_setting(page, server)
    tool(page, "thermometer")
    drag(page, [0, 1, 2, 3])
    page.wait_for_selector("#overlay circle.thermometer")
    type_given(page, 40, "5")
    page.wait_for_timeout(400)  # the draft is kept with the change
    page.reload()
    page.wait_for_selector("body[data-verdict='1']")
    assert "thermometer · r1c1…r1c4" in page.inner_text("#setter-list")
    assert page.locator("#overlay polyline.thermometer").count() == 1
    assert page.locator(".cell[data-index='40']").inner_text() == "5"


def test_a_setter_adds_any_rule_as_json_and_ticks_shading_and_roles(page: Any, server: str) -> None:
    start_setting(page, server, 4)
    page.fill("#setter-json", '{"kind": "pair rule", "line": ["r1c1", "r1c2"], "expression": "a +"}')
    page.click("#setter-json-add")
    page.wait_for_function(f"{STATUS}.includes('expression')")  # the server's words: no such rule added
    assert page.input_value("#setter-json").endswith('"a +"}')  # the text is kept to mend
    pair = '{"kind": "pair rule", "line": ["r1c1", "r1c2"], "expression": "a + b == 5"}'
    thermometer = '{"kind": "thermometer", "line": ["r1c1", "r1c2", "r1c3"]}'
    rule = f'{{"kind": "or", "branches": [[{pair}], [{thermometer}]]}}'
    page.fill("#setter-json", rule)
    page.click("#setter-json-add")
    page.wait_for_function("document.getElementById('setter-json').value === ''")
    assert "or" in page.inner_text("#setter-list")
    page.check("#setter-rules input[data-rule*='yin-yang']")
    page.wait_for_function(f"{STATUS}.includes('several solutions')")
    written = page.evaluate("import('/static/setter.js').then((m) => m.puzzle())")
    kinds = [c["kind"] for c in written["constraints"]]
    assert "yin-yang" in kinds and "or" in kinds
    counted = sudokit.count_solutions(sudokit.parse(json.dumps(written)), 2)
    assert counted.count == 2 and not counted.complete  # many solutions: digits and shading
    shoot(page, "setter-json-rule")
