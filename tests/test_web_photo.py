"""A puzzle from a photo in the web app (issue 43): ``POST /api/read-image`` on real photos checked
against their truth files, its errors (not a picture, too large), and the page's "From a photo": upload
through the file input, the reading grid, a correction, a failed upload that loses nothing, a pasted
screenshot, and "Play this puzzle" giving the board those givens; on a desktop and a phone screen.

The photos are from Wicht and Hennebert's Sudoku dataset (CC-BY-4.0; see tests/data/photos/README.md).
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import sudokit
from sudokit.web.app import MAX_BODY, MAX_PICTURE, create_app

PHOTOS = Path(__file__).resolve().parent / "data" / "photos"
FIRST, SECOND = PHOTOS / "image1.jpg", PHOTOS / "image2.jpg"


def truth(photo: Path) -> list[str]:
    """The symbol in each cell of the photo's grid by its .dat file ("" for empty)."""
    lines = photo.with_suffix(".dat").read_text(encoding="utf-8").splitlines()
    rows = [line.split() for line in lines if len(line.split()) == 9 and line.split()[0].isdigit()]
    assert len(rows) == 9
    return ["" if token == "0" else token for row in rows for token in row]


def send(client: TestClient, data: bytes, name: str = "photo.jpg", **form: str) -> Any:
    return client.post("/api/read-image", files={"file": (name, data, "image/jpeg")}, data=form)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


@pytest.mark.parametrize(("photo", "form"), [(FIRST, {"size": "9"}), (SECOND, {})])
def test_a_photo_is_read_as_its_truth_file_says(
    client: TestClient, photo: Path, form: dict[str, str]
) -> None:
    response = send(client, photo.read_bytes(), **form)
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["size"] == 9 and data["picture"] == [640, 480]
    assert len(data["corners"]) == 4
    assert all(0 <= x <= 640 and 0 <= y <= 480 for x, y in data["corners"])
    (left, top), (right, _), (_, bottom) = data["corners"][0], data["corners"][1], data["corners"][2]
    assert right - left > 400 and bottom - top > 350  # the grid fills most of the photo
    expected = truth(photo)
    sure = [c for c in range(81) if c not in data["unsure"]]
    assert len(sure) >= 72, f"only {len(sure)} cells read with certainty"
    wrong = {c: (data["read"][c], expected[c]) for c in sure if data["read"][c] != expected[c]}
    assert wrong == {}, "cells read with certainty but wrongly (read, truth)"
    # each cell's choices, likeliest first; the first is what was read unless the repair changed it
    for c, options in enumerate(data["cells"]):
        probabilities = [o["p"] for o in options]
        assert probabilities == sorted(probabilities, reverse=True) and 0 < probabilities[0] <= 1
        if c not in data["repaired"]:
            assert options[0]["symbol"] == data["read"][c]
    # the puzzle as the page plays it: the symbols read, and a board with them as givens
    assert data["puzzle"] == "".join(symbol or "." for symbol in data["read"])
    board = data["board"]
    assert [board["symbols"][g] if g is not None else "" for g in board["givens"]] == data["read"]
    if data["unsure"] == [] and data["read"] == expected:
        assert data["unique"] is True and sudokit.count_solutions(data["puzzle"], 2).count == 1


def test_what_is_no_picture_gets_422_with_a_message_on_one_line(client: TestClient) -> None:
    for data, words in [
        (b"Sudoku: 4.....8.5.3.......", "not a picture"),
        (b"", "empty"),
        (FIRST.read_bytes()[:3000], "could not be read"),  # a photo cut short
    ]:
        response = send(client, data)
        assert response.status_code == 422, (data[:20], response.text)
        message = response.json()["error"]
        assert words in message and "\n" not in message and "<" not in message, message
    blank = _png(400, 300)  # a picture, but no grid in it
    response = send(client, blank, "blank.png")
    assert response.status_code == 422 and "grid" in response.json()["error"]
    assert send(client, FIRST.read_bytes(), size="5").status_code == 422
    response = client.post("/api/read-image", data={"size": "9"})
    assert response.status_code == 422 and "no picture was sent" in response.json()["error"]


def test_a_picture_too_large_gets_413_and_one_larger_than_a_json_body_is_read(client: TestClient) -> None:
    response = send(client, b"\xff" * (MAX_PICTURE + 1))
    assert response.status_code == 413 and "larger than 15 MB" in response.json()["error"]
    # the picture's own limit: a body over the JSON limit is taken (and here found no picture)
    response = send(client, b"\x00" * (MAX_BODY * 2))
    assert response.status_code == 422 and "not a picture" in response.json()["error"]
    assert client.post("/api/parse", content=b" " * (MAX_BODY * 2)).status_code == 413


def test_the_api_reference_lists_the_upload(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    body = schema["paths"]["/api/read-image"]["post"]["requestBody"]["content"]
    assert "multipart/form-data" in body
    assert "/api/read-image" in client.get("/docs").text


def _png(width: int, height: int) -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, "PNG")
    return out.getvalue()


# ------------------------------------------------------------------------------- in the browser

try:  # without Playwright the API tests above still run
    from tests.test_web_e2e import CHROMIUM, browser, server, shoot, visit  # noqa: F401
    from tests.test_web_player import serious_violations
except pytest.skip.Exception:
    CHROMIUM = None

browser_only = pytest.mark.skipif(CHROMIUM is None, reason="Playwright or Debian's chromium is not installed")


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A desktop page that fails on a script error or a request to another host.

    As test_web_e2e's, but the picture shown is a ``blob:`` address of the page's own origin.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    elsewhere: list[str] = []
    ours = (server, f"blob:{server}/")
    opened.on("request", lambda r: None if r.url.startswith(ours) else elsewhere.append(r.url))
    yield opened
    assert errors == [], errors
    assert elsewhere == [], elsewhere
    context.close()


def grid_values(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#photo-grid input", "inputs => inputs.map(i => i.value)"))


def wait_read(page: Any, count: int = 81) -> None:
    page.wait_for_function(
        f"document.querySelectorAll('#photo-grid input').length === {count}"
        " && !document.getElementById('photo-panel').hasAttribute('aria-busy')"
    )


@browser_only
def test_a_photo_is_read_corrected_and_played(page: Any, server: str) -> None:
    visit(page, server)
    page.click("#photo-panel summary")
    page.set_input_files("#photo-file", str(FIRST))
    wait_read(page)
    expected = truth(FIRST)
    read = grid_values(page)
    unsure = page.eval_on_selector_all(
        "#photo-grid input.unsure", "inputs => inputs.map(i => +i.dataset.index)"
    )
    assert all(read[c] == expected[c] for c in range(81) if c not in unsure)
    assert page.locator("#photo-image").is_visible()
    labels = page.eval_on_selector_all(
        "#photo-overlay .labels text", "texts => texts.map(t => t.textContent)"
    )
    assert labels == read  # the symbols read, drawn on the picture
    page.wait_for_function("document.getElementById('photo-verdict').textContent.includes('one solution')")
    # correct one cell: r1c1, empty in the photo, gets its digit of the solution (one solution still)
    solution = sudokit.solve("".join(s or "." for s in expected)).solution
    assert solution is not None
    digit = solution.to_string().split()[0][0]
    page.click("#photo-grid input[data-index='0']")
    assert "r1c1" in page.inner_text("#photo-cell")
    page.keyboard.press(digit)
    assert grid_values(page)[0] == digit
    assert "edited" in (page.get_attribute("#photo-grid input[data-index='0']", "class") or "")
    assert page.locator("#photo-label-0").text_content() == digit  # drawn on the picture too
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Delete")  # r1c2 was empty: it stays so
    count = sum(1 for s in expected if s) + 1
    page.wait_for_function(
        f"document.getElementById('photo-verdict').textContent.includes('{count} givens · one solution')"
    )
    # a failed upload loses nothing: the reading and the correction stay
    page.set_input_files(
        "#photo-file", {"name": "notes.jpg", "mimeType": "image/jpeg", "buffer": b"no picture"}
    )
    page.wait_for_function("document.getElementById('photo-status').textContent.includes('Could not read')")
    assert "not a picture" in page.inner_text("#photo-status")
    assert grid_values(page)[0] == digit and grid_values(page)[1:] == read[1:]
    shoot(page, "photo-reading")
    assert serious_violations(page) == []  # axe-core on the reading view
    page.click("#photo-play")
    page.wait_for_function(f"document.querySelectorAll('.cell.given').length === {count}")
    givens = {
        int(i): t.strip()
        for i, t in page.eval_on_selector_all(
            ".cell.given", "cells => cells.map(c => [c.dataset.index, c.textContent])"
        )
    }
    assert givens == {c: s for c, s in enumerate(expected) if s} | {0: digit}
    page.wait_for_function("document.getElementById('status').textContent.includes('one solution')")
    # the reading stays until discarded, and a reload keeps it
    page.reload()
    page.wait_for_selector("body[data-verdict='1']")
    wait_read(page)
    assert grid_values(page)[0] == digit
    page.click("#photo-discard")
    assert page.locator("#photo-reading").is_hidden()


@browser_only
def test_a_pasted_screenshot_is_read_on_a_phone_screen(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    visit(phone, server)
    picture = base64.b64encode(SECOND.read_bytes()).decode()
    phone.evaluate(
        """(data) => {
          const bytes = Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
          const files = new DataTransfer();
          files.items.add(new File([bytes], "screenshot.jpg", { type: "image/jpeg" }));
          document.getElementById("board").dispatchEvent(
            new ClipboardEvent("paste", { clipboardData: files, bubbles: true, cancelable: true }));
        }""",
        picture,
    )
    wait_read(phone)
    assert phone.locator("#photo-panel").get_attribute("open") is not None
    assert grid_values(phone) == truth(SECOND) or phone.locator("#photo-grid input.unsure").count() > 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    for part in ("#photo-figure", "#photo-grid"):
        box = phone.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, part
    cell = phone.locator("#photo-grid input[data-index='40']").bounding_box()
    assert cell is not None and cell["width"] >= 30  # a finger can hit it
    phone.locator("#photo-figure").scroll_into_view_if_needed()
    phone.screenshot(path="/tmp/sudokit-photo-phone.png", full_page=True)
    assert errors == []
    context.close()
