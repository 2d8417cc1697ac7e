"""What a player waits for in the web app: the first page, a hint, and a setter's verdict.

Usage::

    python benchmarks/web_page.py [--loads 20] [--hints 100] [--verdicts 50] [--chromium /usr/bin/chromium]

Starts the app in this process (uvicorn on a free port) and measures, wall time:

* first page: a fresh browser context (empty cache and storage) opens ``/?puzzle=...`` in Debian's
  Chromium until the board is drawn and playable (``body[data-ready]``), and until the count of
  solutions is shown too (``body[data-verdict]``) — a classic 9x9, a killer and a variant f-puzzles
  link from the bundled library;
* hint: ``POST /api/hint`` on puzzles of top1465 (``data/``) as a player has them part-way (the
  placements of the first k steps of the logical path, k at random), the next step at stage 3 with its
  pencil marks (worked out again from the placed digits, as for a player);
* setter's verdict: ``POST /api/parse`` on a 9x9 with ten constraints of several kinds (two
  thermometers, an arrow, two killer cages, a German whispers line, two kropki dots, an XV sign,
  a renban) and a few givens, as setter mode sends it after each change.

Prints the median, the 95th percentile and the worst of each.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import socket
import statistics
import threading
import time
from pathlib import Path
from urllib.parse import quote

import httpx

import sudokit
from sudokit import variants
from sudokit.model import EMPTY, Grid, Puzzle

ROOT = Path(__file__).resolve().parent.parent


def serve() -> str:
    """The app on a free port, in a thread; its base URL."""
    import uvicorn

    from sudokit.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}"


def figures(name: str, seconds: list[float]) -> None:
    """One line: count, median, 95th percentile and worst, in ms."""
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    print(
        f"{name:38s} n={len(ordered):4d}  median {statistics.median(ordered) * 1000:7.1f} ms"
        f"  p95 {p95 * 1000:7.1f} ms  worst {ordered[-1] * 1000:7.1f} ms"
    )


def setter_puzzle() -> str:
    """A 9x9 with ten constraints and a few givens, in sudokit's JSON (what setter mode sends)."""
    grid = Grid.classic(9).with_constraints(
        variants.Thermometer(((0, 0), (0, 1), (0, 2), (1, 2))),
        variants.Thermometer(((8, 8), (7, 8), (6, 8))),
        variants.Arrow(((4, 4),), ((3, 5), (2, 6))),
        variants.Killer(((5, 0), (5, 1), (6, 0)), 12),
        variants.Killer(((2, 3), (2, 4)), 15),
        variants.Whispers(((6, 2), (7, 3), (8, 4))),
        variants.Kropki((1, 6), (1, 7), variants.BLACK),
        variants.Kropki((3, 0), (4, 0), variants.WHITE),
        variants.XV((7, 0), (8, 0), 10),
        variants.Renban(((4, 6), (4, 7), (4, 8))),
    )
    givens = [EMPTY] * 81
    for c, v in ((40, 8), (10, 2), (70, 4)):
        givens[c] = v
    return sudokit.dumps(Puzzle(grid, tuple(givens)), "json")


def main() -> None:
    """Start the app, then time the first pages, hints and setter verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=20)
    parser.add_argument("--hints", type=int, default=100)
    parser.add_argument("--verdicts", type=int, default=50)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    base = serve()
    rng = random.Random(1)

    library = httpx.get(f"{base}/api/library").json()["puzzles"]
    pages = {
        "first page: classic 9x9": (ROOT / "data/sudoku-top95.txt").read_text().split()[0],
        "first page: killer (bundled)": next(p["puzzle"] for p in library if p["title"] == "killer.json"),
        "first page: f-puzzles thermo link": next(
            p["puzzle"] for p in library if "thermometer" in p["kinds"]
        ),
    }
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"])
        for name, text in pages.items():
            drawn, counted = [], []
            for _ in range(args.loads):
                context = browser.new_context()
                page = context.new_page()
                started = time.perf_counter()
                page.goto(f"{base}/?puzzle={quote(text)}")
                page.wait_for_selector("body[data-ready='1']")
                drawn.append(time.perf_counter() - started)
                page.wait_for_selector("body[data-verdict='1']")
                counted.append(time.perf_counter() - started)
                context.close()
            figures(name, drawn)
            figures("  ... and its verdict shown", counted)
        browser.close()

    lines = (ROOT / "data/puzzles3_magictour_top1465").read_text().split()
    puzzles = [line for line in lines if len(line) == 81][: args.hints]
    times = []
    with httpx.Client(base_url=base, timeout=60) as client:
        for line in puzzles:
            # the player part-way along the logical path: the placements of its first k steps, k at random
            steps = sudokit.explain(line).steps
            progress: list[str | None] = [None] * 81
            for step in steps[: rng.randrange(len(steps))]:
                for c, d in step.placements:
                    progress[c] = str(d + 1)
            started = time.perf_counter()
            answer = client.post("/api/hint", json={"puzzle": line, "progress": progress, "stage": 3})
            times.append(time.perf_counter() - started)
            assert answer.status_code == 200, answer.text
        figures("hint (top1465, part-way along the path)", times)

        text = setter_puzzle()
        times = []
        for _ in range(args.verdicts):
            started = time.perf_counter()
            answer = client.post("/api/parse", json={"puzzle": text})
            times.append(time.perf_counter() - started)
            assert answer.status_code == 200, answer.text
        figures("setter's verdict (9x9, ten constraints)", times)
        print("verdict:", json.dumps(answer.json()["solutions"]))


if __name__ == "__main__":
    main()
