"""Load on the web app from a second process: many concurrent clients mixing solve, hint and generate.

Usage::

    python benchmarks/web_load.py                       # starts `sudokit serve` itself on a free port
    python benchmarks/web_load.py --url http://127.0.0.1:8000 --clients 200 --requests 2000
    python benchmarks/web_load.py --latency             # p50/p95 of solve, hint and rate on top1465
    python benchmarks/web_load.py --json                # one JSON object (the tests read it)

While the clients run, a probe asks ``/api/health`` every 50 ms: its slowest answer shows whether the
event loop was ever blocked (a blocked loop answers nothing until it is free).  Every figure counts
only answers with status 200; any other status, and any connection error, is an error.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
TOP1465 = ROOT / "data" / "puzzles3_magictour_top1465"


def puzzles(limit: int | None = None) -> list[str]:
    """The top1465 puzzles (one per line), or as many as asked."""
    lines = [line.strip() for line in TOP1465.read_text(encoding="utf-8").splitlines()]
    found = [line for line in lines if len(line) == 81 and not line.startswith("#")]
    return found[:limit] if limit else found


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))] if ordered else 0.0


def start_server() -> tuple[subprocess.Popen[bytes], str]:
    """``sudokit serve`` on a free port, in its own process; returns it and its URL once it answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "sudokit", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return server, url
        except httpx.HTTPError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("the server did not start")


async def load(url: str, clients: int, total: int, seconds: float, seed: int) -> dict[str, Any]:
    """``clients`` concurrent clients send ``total`` requests (or stop after ``seconds``)."""
    chosen = puzzles()
    rng = random.Random(seed)
    plan = [rng.choice(["solve", "solve", "hint", "hint", "generate"]) for _ in range(total)]
    latencies: dict[str, list[float]] = {kind: [] for kind in ("solve", "hint", "generate")}
    errors: list[str] = []
    probes: list[float] = []
    next_index = 0
    deadline = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:

        async def worker() -> None:
            nonlocal next_index
            while next_index < total and time.perf_counter() < deadline:
                index = next_index
                next_index += 1
                kind = plan[index]
                body: dict[str, Any]
                if kind == "generate":
                    body = {"size": 9, "seed": index, "symmetry": "rot180"}
                else:
                    body = {"puzzle": chosen[index % len(chosen)], "stage": 2}
                started = time.perf_counter()
                try:
                    response = await client.post(f"/api/{kind}", json=body)
                    if response.status_code != 200:
                        errors.append(f"{kind}: {response.status_code} {response.text[:100]}")
                        continue
                except httpx.HTTPError as exc:
                    errors.append(f"{kind}: {type(exc).__name__}")
                    continue
                latencies[kind].append(time.perf_counter() - started)

        async def probe() -> None:
            # its own connection: the clients' pool is full, and a wait there is not the server's
            async with httpx.AsyncClient(base_url=url, timeout=60) as own:
                while True:
                    started = time.perf_counter()
                    try:
                        await own.get("/api/health")
                        probes.append(time.perf_counter() - started)
                    except httpx.HTTPError:
                        errors.append("health: no answer")
                    await asyncio.sleep(0.05)

        watcher = asyncio.create_task(probe())
        began = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(clients)))
        elapsed = time.perf_counter() - began
        watcher.cancel()
    done = sum(len(v) for v in latencies.values())
    return {
        "clients": clients,
        "requests": done,
        "errors": len(errors),
        "error_samples": errors[:5],
        "seconds": round(elapsed, 2),
        "per_second": round(done / elapsed, 1) if elapsed else 0,
        "latency_ms": {
            kind: {
                "n": len(values),
                "p50": round(1000 * percentile(values, 0.5), 1),
                "p95": round(1000 * percentile(values, 0.95), 1),
                "max": round(1000 * max(values), 1) if values else 0,
            }
            for kind, values in latencies.items()
        },
        "health_ms": {
            "n": len(probes),
            "p50": round(1000 * percentile(probes, 0.5), 1),
            "max": round(1000 * max(probes), 1) if probes else 0,
        },
    }


def latency(url: str, count: int) -> dict[str, Any]:
    """One client, one call at a time: p50/p95 of solve, hint and rate over ``count`` top1465 puzzles."""
    chosen = puzzles(count)
    result: dict[str, Any] = {}
    with httpx.Client(base_url=url, timeout=120) as client:
        started = time.perf_counter()
        page = client.get("/")
        assets = [client.get(path) for path in ("/static/app.js", "/static/style.css")]
        result["page_load_ms"] = round(1000 * (time.perf_counter() - started), 1)
        assert page.status_code == 200 and all(a.status_code == 200 for a in assets)
        for kind in ("solve", "hint", "rate"):
            times = []
            for line in chosen:
                began = time.perf_counter()
                response = client.post(f"/api/{kind}", json={"puzzle": line})
                times.append(time.perf_counter() - began)
                assert response.status_code == 200, response.text
            result[kind] = {
                "n": len(times),
                "p50_ms": round(1000 * statistics.median(times), 2),
                "p95_ms": round(1000 * percentile(times, 0.95), 2),
                "max_ms": round(1000 * max(times), 2),
            }
    return result


def main() -> None:
    """Run the load (or the latency table) and print the figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="A running server (default: start one).")
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=120.0, help="Stop sending after this long.")
    parser.add_argument(
        "--latency",
        type=int,
        nargs="?",
        const=300,
        default=0,
        metavar="N",
        help="Per-call p50/p95 on N top1465 puzzles (300) instead of the load.",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="Print one JSON object.")
    args = parser.parse_args()
    server = None
    url = args.url
    if url is None:
        server, url = start_server()
    try:
        if args.latency:
            figures = latency(url, args.latency)
        else:
            figures = asyncio.run(load(url, args.clients, args.requests, args.seconds, args.seed))
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
    figures["cpus"] = os.cpu_count()
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
