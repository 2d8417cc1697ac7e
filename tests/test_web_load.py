"""The web app as a server under load and abuse, from other processes on loopback: 200 concurrent
clients mixing solve, hint and generate (benchmarks/web_load.py) get no error and the event loop keeps
answering; a client that sends its body too slowly gets 408 instead of holding a request for ever.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

LOAD = Path(__file__).resolve().parent.parent / "benchmarks" / "web_load.py"


def test_200_concurrent_clients_get_answers_and_the_loop_stays_free() -> None:
    done = subprocess.run(
        [sys.executable, str(LOAD), "--clients", "200", "--requests", "400", "--seconds", "90", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["requests"] == 400
    # the health probe kept being answered while the workers were busy (a blocked loop answers nothing)
    assert figures["health_ms"]["n"] >= 3
    assert figures["health_ms"]["max"] < 10_000


@pytest.fixture(scope="module")
def slow_server() -> Iterator[int]:
    import uvicorn

    from sudokit.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(body_seconds=1.0), port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield port
    server.should_exit = True
    thread.join(timeout=10)


def test_a_client_too_slow_with_its_body_gets_408(slow_server: int) -> None:
    with socket.create_connection(("127.0.0.1", slow_server), timeout=20) as client:
        client.sendall(
            b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"puzzle": '
        )
        started = time.monotonic()
        received = b""
        while chunk := client.recv(4096):  # the headers and the body may come in separate packets
            received += chunk
        answer = received.decode()
        assert answer.startswith("HTTP/1.1 408")
        assert "took too long" in answer
        assert time.monotonic() - started < 15


def test_an_oversized_body_is_refused_before_it_is_read(slow_server: int) -> None:
    with socket.create_connection(("127.0.0.1", slow_server), timeout=20) as client:
        client.sendall(
            b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 99999999\r\n\r\n"
        )
        assert client.recv(4096).decode().startswith("HTTP/1.1 413")
