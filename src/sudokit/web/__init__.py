"""sudokit in the browser: a JSON API and a front end, served by ``sudokit serve``.

Needs the ``web`` extra (FastAPI and uvicorn): ``pip install 'sudokit[web]'``.
"""

from __future__ import annotations

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> None:
    """Run the app until Ctrl-C (uvicorn, one process)."""
    import uvicorn

    from sudokit.web.app import create_app

    # keep-alive longer than any request takes, so a client never reuses a connection as it closes
    uvicorn.run(create_app(), host=host, port=port, log_level="warning", timeout_keep_alive=75)
