"""The web table served for real (uvicorn on a free local port, in a thread), for the tests
that need a browser or a stream of server-sent events."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from tigris_rules.web import create_app


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serving(database: Path, *, bot_delay: float = 0.0) -> Iterator[str]:
    """The base URL of a web table keeping its games in ``database``, until the block ends."""
    port = free_port()
    config = uvicorn.Config(
        create_app(database, bot_delay=bot_delay), host="127.0.0.1", port=port, log_level="error"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(500):
        if server.started:
            break
        time.sleep(0.01)
    else:  # pragma: no cover - a server that does not start fails the test
        raise RuntimeError("the web table did not start")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
