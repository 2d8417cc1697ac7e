# ruff: noqa: F811  (the browser fixtures come from test_web_e2e and are used by name)
"""The web app as variant players use it, in real Chromium: every rule counts, no input is lost, the
page's own words, hints that point before they tell, steps drawn on their pencil marks, player aids and
the library.  Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

import sudokit
from sudokit import variants
from sudokit.model import EMPTY, Grid, Puzzle, broken_constraints
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

sys.path.insert(0, str(Path(__file__).resolve().parent))


def status(page: Any) -> str:
    return str(page.inner_text("#status"))


def wait_status(page: Any, words: str) -> None:
    page.wait_for_function(f"document.getElementById('status').textContent.includes({words!r})")


def breaking(puzzle: Puzzle, rule: type) -> str:
    """A full grid that keeps every row, column and box but breaks ``rule``: a Sudoku solution relabelled."""
    solved = sudokit.solve(PUZZLE).solution
    assert solved is not None
    rng = random.Random(7)
    for _ in range(500):
        labels = list(range(9))
        rng.shuffle(labels)
        values = tuple(labels[v] for v in solved.values)
        if any(isinstance(c, rule) for c in broken_constraints(puzzle.grid, values)):
            return "".join(puzzle.grid.symbols[v] for v in values)
    raise AssertionError(f"no relabelled grid breaks {rule.__name__}")


def _killer() -> Puzzle:
    made = sudokit.generate(seed=5, variant="killer").puzzle
    return Puzzle(made.grid, (EMPTY,) * 81)


def _thermo() -> Puzzle:
    grid = Grid.classic(9).with_constraints(variants.Thermometer(((0, 0), (0, 1), (0, 2), (1, 2))))
    return Puzzle(grid, (EMPTY,) * 81)


def _kropki() -> Puzzle:
    grid = Grid.classic(9).with_constraints(
        variants.Kropki((0, 0), (0, 1), variants.WHITE), variants.Kropki((4, 4), (4, 5), variants.BLACK)
    )
    return Puzzle(grid, (EMPTY,) * 81)


def _sandwich() -> Puzzle:
    grid = Grid.classic(9).with_constraints(
        variants.Sandwich(tuple((0, c) for c in range(9)), 0),
        variants.Sandwich(tuple((r, 3) for r in range(9)), 35),
    )
    return Puzzle(grid, (EMPTY,) * 81)


@pytest.mark.parametrize(
    ("build", "rule", "named"),
    [
        (_killer, variants.Killer, "killer cage"),
        (_thermo, variants.Thermometer, "thermometer"),
        (_kropki, variants.Kropki, "kropki dot"),
        (_sandwich, variants.Sandwich, "sandwich"),
    ],
)
def test_a_wrongly_filled_variant_grid_is_never_solved(
    page: Any, server: str, build: Any, rule: type, named: str
) -> None:
    puzzle = build()
    full = breaking(puzzle, rule)
    visit(page, server, sudokit.dumps(puzzle, "fpuzzles"), extra=f"&progress={quote(full)}")
    wait_status(page, "breaks")
    assert "Solved" not in status(page) and named in status(page).lower()
    broken = [c for c in range(81) if "conflict" in (cell(page, c).get_attribute("class") or "")]
    assert broken, "the cells of the broken rule are marked"
    assert named in (cell(page, broken[0]).get_attribute("title") or "").lower()


def test_a_repeated_digit_in_a_cage_is_a_conflict_that_names_the_cage(page: Any, server: str) -> None:
    grid = Grid.classic(9).with_constraints(variants.Killer(((0, 0), (1, 1), (2, 3)), None))
    visit(page, server, sudokit.dumps(Puzzle(grid, (EMPTY,) * 81), "fpuzzles"))
    cell(page, 0).click()
    page.keyboard.press("5")
    cell(page, 10).click()
    page.keyboard.press("6")
    cell(page, 21).click()
    page.keyboard.press("5")  # r3c4: not in r1c1's row, column or box, only in its cage
    wait_status(page, "Breaks")
    assert "cage" in status(page).lower()
    assert "conflict" in (cell(page, 21).get_attribute("class") or "")
    # fixing it clears the marks and the status line
    page.keyboard.press("7")
    page.wait_for_function("document.getElementById('status').textContent === ''")
    assert "conflict" not in (cell(page, 21).get_attribute("class") or "")


def test_two_tabs_keep_both_players_digits(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    one, two = context.new_page(), context.new_page()
    for tab in (one, two):
        visit(tab, server)
        tab.click("#restart")
    cell(one, 1).click()
    one.keyboard.press("1")
    cell(two, 2).click()
    two.keyboard.press("2")
    one.wait_for_timeout(300)
    cell(one, 3).click()
    one.keyboard.press("6")  # the first tab saves again after the second
    for tab in (one, two):
        tab.reload()
        tab.wait_for_selector("body[data-verdict='1']")
    assert cell(one, 1).inner_text() == "1" and cell(one, 3).inner_text() == "6"
    assert cell(two, 2).inner_text() == "2"
    # each tab is told about the other's progress and may take it
    assert two.is_visible("#tabs-note")
    two.click("#tabs-take")
    assert cell(two, 1).inner_text() == "1"
    two.keyboard.press("Control+z")  # and undo brings its own back
    assert cell(two, 2).inner_text() == "2" and cell(two, 1).inner_text() == ""
    context.close()


def test_undo_history_survives_a_reload(page: Any, server: str) -> None:
    visit(page, server)
    page.click("#restart")
    cell(page, 1).click()
    page.keyboard.press("1")
    cell(page, 2).click()
    page.keyboard.press("2")
    page.reload()
    page.wait_for_selector("body[data-verdict='1']")
    assert cell(page, 2).inner_text() == "2"
    cell(page, 40).click()
    page.keyboard.press("Control+z")
    assert cell(page, 2).inner_text() == "" and cell(page, 1).inner_text() == "1"


def test_a_pasted_windmill_frame_keeps_its_leading_spaces(page: Any, server: str) -> None:
    from fuzzing import _records

    windmill = _records()["janko-sudoku-windmill-001"]
    frame = sudokit.dumps(windmill, "line").replace("-", " ")
    assert frame.startswith(" ")
    visit(page, server)
    page.click("#import-panel summary")
    page.fill("#import-text", "\n" + frame + "\n")
    page.click("#import")
    page.wait_for_function("document.getElementById('import-status').textContent === 'opened'")
    assert page.locator(".cell").count() == len(windmill.grid.cells)
    assert "overlapping" in page.inner_text("#description")


def test_plain_text_gets_its_box_shape_from_the_page(page: Any, server: str) -> None:
    made = sudokit.generate(6, box=(3, 2), seed=4)
    # the solution with its first row open: read with the default 2x3 boxes, its givens clash
    text = "......" + "".join(made.puzzle.grid.symbols[v] for v in made.solution.values[6:])
    visit(page, server)
    page.click("#import-panel summary")
    page.fill("#import-text", text)
    page.click("#import")
    wait_status(page, "boxes")
    assert "--box" not in status(page) and "choose 3x2 boxes" in status(page)
    page.select_option("#import-layout", "box:3x2")
    page.click("#import")
    page.wait_for_function("document.getElementById('description').textContent.includes('3x2')")
    assert "one solution" in status(page)


def test_two_puzzles_pasted_get_words_not_a_function_name(page: Any, server: str) -> None:
    visit(page, server)
    page.click("#import-panel summary")
    page.fill("#import-text", PUZZLE + "\n" + PUZZLE)
    page.click("#import")
    wait_status(page, "2 puzzles")
    assert "parse_many" not in status(page) and "one at a time" in status(page)


def test_solve_on_a_puzzle_of_several_solutions_does_not_say_solved(page: Any, server: str) -> None:
    several = "." * 80 + "1"
    visit(page, server, several)
    page.click("#solve")
    wait_status(page, "several")
    page.wait_for_timeout(600)  # the check of the full grid comes after
    assert "Solved" not in status(page)


def test_hint_stage_one_points_to_a_house_not_a_cell(page: Any, server: str) -> None:
    visit(page, server, "530070000600195000098000060800060003400803001700020006060000280000419005000080079")
    page.click("#restart")
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    first = page.inner_text("#hint-text")
    assert first.startswith("Look at") and not re.search(r"r\d+c\d+", first)
    assert re.search(r"(box|row|column|region) \d", first)


def test_a_variant_hint_names_its_rule_and_shades_it_from_the_first_stage(page: Any, server: str) -> None:
    visit(page, server, sudokit.dumps(_thermo(), "fpuzzles"))
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#hint-text").startswith("Look at the thermometer r1c1 to r2c3")
    shaded = page.locator("#overlay #rules rect.rule-focus")
    assert shaded.count() == 4  # the thermometer's four cells, before the step is told
    page.click("#hint-more")
    assert "Thermometer Positions" in page.inner_text("#hint-text")
    page.click("#hint-more")
    assert page.inner_text("#hint-text").startswith("Thermometer Positions: the thermometer r1c1 to r2c3")
    shoot(page, "hint-variant-rule")
    page.click("#hint-apply")
    assert page.locator("#overlay #rules rect").count() == 0  # gone with the hint


def test_a_step_shows_its_pencil_marks_and_each_removal_apart(page: Any, server: str) -> None:
    hard = "..4....3.9.5.1..4.2...4..........8...9...3...7.65.8...58...62........5.....1.9..8"
    visit(page, server, hard)
    page.click("#explain-panel summary")
    page.click("#explain-load")
    page.wait_for_selector("#step-list .step-jump")
    steps = page.locator("#step-list .step-jump")
    assert steps.count() > 10
    path = sudokit.explain(hard)
    # a step that removes two or more candidates from one cell
    target = next(
        k
        for k, step in enumerate(path.steps)
        if any(sum(1 for c, _ in step.eliminations if c == cell_) > 1 for cell_, _ in step.eliminations)
    )
    steps.nth(target).click()
    assert page.inner_text("#step-count").startswith(f"{target + 1} /")
    crowded = next(
        c
        for c, _ in path.steps[target].eliminations
        if sum(1 for d, _ in path.steps[target].eliminations if d == c) > 1
    )
    # measured in one go in the page: a repaint between two calls would detach the marks
    boxes = page.evaluate(
        """(index) => [...document.querySelectorAll(`.cell[data-index='${index}'] .mark.elim`)]
            .map((mark) => mark.getBoundingClientRect())
            .map((r) => [Math.round(r.x), Math.round(r.y)])""",
        crowded,
    )
    assert len(boxes) >= 2
    assert len({tuple(b) for b in boxes}) == len(boxes), "each removal in its own place"
    shoot(page, "explain-step-marks")


def test_player_aids_settings_pause_colours_and_highlight(page: Any, server: str) -> None:
    visit(page, server)
    page.click("#restart")
    # conflicts can be switched off
    cell(page, 1).click()
    page.keyboard.press("4")  # r1c1 holds 4
    page.wait_for_function("document.querySelector(\".cell[data-index='1']\").classList.contains('conflict')")
    page.click("#settings-panel summary")
    page.uncheck("#set-conflicts")
    assert "conflict" not in (cell(page, 1).get_attribute("class") or "")
    page.check("#set-conflicts")
    page.keyboard.press("Delete")
    # a placed digit leaves its peers' marks when asked
    page.check("#set-auto-remove")
    cell(page, 2).click()
    page.keyboard.press("Control+7")
    cell(page, 3).click()
    page.keyboard.press("7")
    assert "7" not in (cell(page, 2).get_attribute("aria-label") or "")
    # nine colours whatever the grid
    page.keyboard.press("v")
    assert page.locator("#keypad .swatch").count() == 9
    page.keyboard.press("9")
    assert cell(page, 3).get_attribute("data-colour") == "9"
    page.keyboard.press("z")
    # every cell of a digit, and its marks, highlighted
    page.locator("#keypad button", has_text="4").first.dblclick()
    assert "same" in (cell(page, 0).get_attribute("class") or "")
    # pause hides the grid and stops the clock
    page.click("#pause")
    assert page.is_visible("#paused")
    shown = page.inner_text("#timer")
    page.wait_for_timeout(1300)
    assert page.inner_text("#timer") == shown
    page.click("#resume")
    assert not page.is_visible("#paused")


def test_numbers_10_to_16_are_typed_and_readable(page: Any, server: str) -> None:
    grid = Grid.classic(16, symbols=tuple(str(k) for k in range(1, 17)))
    made = sudokit.generate(16, seed=2).puzzle
    puzzle = Puzzle(grid, made.givens)
    visit(page, server, sudokit.dumps(puzzle, "json"))
    empty = puzzle.givens.index(EMPTY)
    cell(page, empty).click()
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.wait_for_timeout(100)
    assert cell(page, empty).inner_text() == "12"
    page.keyboard.press("Delete")
    page.keyboard.press("1")
    page.wait_for_timeout(900)  # "1" alone, once the moment for a second digit has passed
    assert cell(page, empty).inner_text() == "1"
    page.keyboard.press("Delete")
    for keys in (("1", "0"), ("1", "1"), ("1", "6")):
        page.keyboard.press("Control+" + keys[0])
        page.keyboard.press("Control+" + keys[1])
    page.wait_for_timeout(100)
    centre = cell(page, empty).locator(".centre").inner_text()
    assert centre.split() == ["10", "11", "16"]
    # a 16x16 fits a laptop screen without scrolling
    page.set_viewport_size({"width": 1366, "height": 768})
    box = page.locator("#board").bounding_box()
    assert box["y"] + box["height"] <= 768 + 1
    shoot(page, "numbers-16x16")


def test_the_library_and_todays_puzzle(page: Any, server: str) -> None:
    visit(page, server)
    page.click("#library-panel summary")
    page.wait_for_selector("#library-list button")
    page.select_option("#library-kind", "thermometer")
    entries = page.locator("#library-list button")
    assert entries.count() >= 2 and all("thermometer" in t for t in entries.all_inner_texts())
    entries.first.click()
    page.wait_for_selector("#puzzle-info:not([hidden])")
    assert page.inner_text("#puzzle-title") and page.locator("#overlay .thermometer").count() >= 1
    shoot(page, "library-variant")
    page.select_option("#today-level", "easy")
    page.click("#today")
    wait_status(page, "Today's")
    first = page.url
    page.click("#today")
    wait_status(page, "Today's")
    assert page.url == first, "the same puzzle for the same day"


def test_a_thermometer_step_is_explained_on_its_marks(page: Any, server: str) -> None:
    frost = next(
        json.loads(line)
        for line in (Path(sudokit.__file__).parent / "examples" / "variants.jsonl").read_text().splitlines()
        if json.loads(line)["title"] == "Frost"
    )
    visit(page, server, frost["url"])
    page.click("#explain-panel summary")
    page.click("#explain-load")
    page.wait_for_selector("#step-list .step-jump")
    path = sudokit.explain(sudokit.parse(frost["url"]))
    k = next(
        k
        for k, step in enumerate(path.steps)
        if step.explanation.startswith("Thermometer") and step.eliminations
    )
    page.locator("#step-list .step-jump").nth(k).click()
    assert page.inner_text("#step-text").startswith("Thermometer")
    c, _ = path.steps[k].eliminations[0]
    assert cell(page, c).locator(".mark.elim").count() >= 1
    assert page.locator("#overlay .thermometer").count() >= 1
    shoot(page, "explain-variant")


def test_a_revealed_yin_yang_solution_shows_its_shading(page: Any, server: str) -> None:
    fixture = Path(__file__).parent / "fixtures" / "variants" / "yin-yang-shaded-counts.json"
    text = fixture.read_text()
    visit(page, server, json.dumps(json.loads(text)))
    page.click("#solve")
    wait_status(page, "solution is shown")
    shaded = page.locator("#overlay rect.shade.shading")
    solution = sudokit.solve(sudokit.parse(text)).solution
    assert solution is not None
    assert shaded.count() == sum(solution.unknowns)  # one grey cell per shaded cell of the solution
    shoot(page, "yin-yang-revealed")


def test_the_rules_panel_says_how_each_sentence_was_read(page: Any, server: str) -> None:
    fixture = Path(__file__).parent / "fixtures" / "variants" / "sudoku-bench-challenge-100.jsonl"
    records = {r["title"]: r for r in map(json.loads, fixture.read_text(encoding="utf-8").splitlines())}
    visit(page, server, records["Theta"]["url"])
    page.wait_for_selector("#puzzle-reading:not([hidden])")
    page.click("#puzzle-reading summary")
    items = page.locator("#reading-list li")
    texts = [items.nth(k).inner_text() for k in range(items.count())]
    assert any(t.startswith("not read") and "roman numeral cages" in t for t in texts), texts
    assert any(t.startswith("xv") for t in texts), texts  # "xv pairs: digits ... sum to 5"
    assert "overlays: kropki 4, xv 5, not read 4" in page.inner_text("#reading-drawn")
    shoot(page, "rules-panel")
