"""Helpers for the studio's tests: the studio opened as its user opens it (the link with its
one-time key, then the page), and renders held in the server until the test lets them go, so
that the order of events is the test's, not the machine's speed."""

from __future__ import annotations

import http.client
import re
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
def serving(app: Any, protocol: Any = None) -> Iterator[int]:
    """`app` served by a real uvicorn on a free port of 127.0.0.1 (in a thread), configured as
    `coinche studio` serves it (`protocol`: another HTTP protocol class): the port."""
    import uvicorn

    from coinche_dsl.studio.serve import StudioProtocol, studio_config

    server = uvicorn.Server(studio_config(app, 0, protocol or StudioProtocol, "error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_until(lambda: server.started, "the studio did not start", seconds=20)
    try:
        yield server.servers[0].sockets[0].getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=10)


TOKEN_IN_PAGE = re.compile(r'<meta name="studio-token" content="([^"]+)">')


def open_studio(client: Any, app: Any) -> dict[str, str]:
    """Open the studio in a Starlette TestClient as its user does: the link the command prints
    (its one-time key), which sets the session cookie (kept by the client) and leads to the
    page; the header the page's own calls carry (its request token)."""
    page = client.get(f"/?key={app.state.session.key}")
    assert page.status_code == 200, page.text
    found = TOKEN_IN_PAGE.search(page.text)
    assert found, "the page carries no request token"
    return {"x-studio-token": found.group(1)}


def open_link(port: int, app: Any) -> dict[str, str]:
    """Open the studio served on `port` as its user does, over plain HTTP: the printed link,
    its cookie, then the page; the headers of the page's calls (cookie and request token)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", f"/?key={app.state.session.key}")
        reply = conn.getresponse()
        reply.read()
        assert reply.status == 303 and reply.headers["location"] == "/", reply.status
        cookie = reply.headers["set-cookie"].split(";")[0]
        conn.request("GET", "/", headers={"Cookie": cookie})
        page = conn.getresponse()
        found = TOKEN_IN_PAGE.search(page.read().decode())
        assert page.status == 200 and found, page.status
    finally:
        conn.close()
    return {"Cookie": cookie, "X-Studio-Token": found.group(1)}
