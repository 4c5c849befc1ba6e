"""Helpers for the studio's concurrency tests: renders held in the server until the test lets
them go, so that the order of events is the test's, not the machine's speed."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import coinche_dsl.render

HOLD = 20.0
"""How long a held render waits for the test at most: on a server that answers nothing while it
renders, a check comes back only after this."""


class Gate:
    """`render.sheet` (the sheet, the card and their PDFs), held until `release` is set; it
    records each render's target score and when the held renders went on."""

    def __init__(self, real: Callable[..., Any]) -> None:
        self.real = real
        self.started = threading.Event()
        self.release = threading.Event()
        self.made: list[int] = []
        self.resumed: list[float] = []

    def __call__(self, rs: Any, lang: str | None = None, fmt: str = "md") -> Any:
        self.made.append(rs.game.target)
        self.started.set()
        self.release.wait(HOLD)
        self.resumed.append(time.monotonic())
        return self.real(rs, lang, fmt)


def hold_sheets(monkeypatch: pytest.MonkeyPatch) -> Gate:
    """`render.sheet` held by a new Gate until the test ends (set its `release` then too: a
    failed test must leave no render held)."""
    gate = Gate(coinche_dsl.render.sheet)
    monkeypatch.setattr(coinche_dsl.render, "sheet", gate)
    return gate


def wait_until(done: Callable[[], bool], what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


@contextmanager
def serving(app: Any) -> Iterator[int]:
    """`app` served by a real uvicorn on a free port of 127.0.0.1 (in a thread): the port."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_until(lambda: server.started, "the studio did not start", seconds=20)
    try:
        yield server.servers[0].sockets[0].getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=10)
