"""Helpers for the server's tests: an app on a fresh database, and a browser-like client that
signs up, keeps its cookie and sends each form's CSRF token as a page would."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("argon2")

from starlette.testclient import TestClient  # noqa: E402

from coinche_dsl.server import db as database  # noqa: E402
from coinche_dsl.server.app import create_app  # noqa: E402
from coinche_dsl.server.renders import Renderer  # noqa: E402

PASSWORD = "a long enough password"
BASE = "http://testserver"
CSRF = re.compile(r'name="csrf" value="([^"]+)"')


@contextmanager
def server(url: str, workers: int = 0, **options: Any) -> Iterator[TestClient]:
    """A client of an app over the database at `url` (migrated on start), its renders in a
    thread (`workers` 0) or worker processes."""
    engine = database.make_engine(url)
    app = create_app(engine, Renderer(workers), **options)
    with TestClient(app, base_url=BASE, follow_redirects=False) as client:
        client.app_state = app.state  # type: ignore[attr-defined]
        yield client
    engine.dispose()


class Browser:
    """One visitor: their own cookies, the CSRF token of the last page with a form."""

    def __init__(self, app_client: TestClient) -> None:
        self.client = TestClient(app_client.app, base_url=BASE, follow_redirects=False)
        self.csrf = ""

    def get(self, url: str, **kw: Any) -> Any:
        reply = self.client.get(url, **kw)
        found = CSRF.search(reply.text) if reply.headers.get(
            "content-type", "").startswith("text/html") else None
        if found:
            self.csrf = found.group(1)
        return reply

    def post(self, url: str, data: dict[str, Any] | None = None, csrf: bool = True,
             **kw: Any) -> Any:
        if csrf and not self.csrf:
            self.get("/login")
        body = {**({"csrf": self.csrf} if csrf else {}), **(data or {})}
        return self.client.post(url, data=body, **kw)

    def signup(self, name: str) -> Browser:
        self.get("/signup")
        reply = self.post("/signup", {"username": name, "password": PASSWORD,
                                      "display_name": name.title()})
        assert reply.status_code == 303, reply.text
        self.get("/")
        return self

    def login(self, name: str, password: str = PASSWORD) -> Any:
        self.get("/login")
        reply = self.post("/login", {"username": name, "password": password})
        self.get("/")
        return reply


def club_with_variant(owner: Browser, slug: str, variant: str = "regles",
                      base: str = "ffb") -> None:
    """A club owned by `owner`, with one variant started from `base`."""
    owner.get("/clubs/new")
    reply = owner.post("/clubs/new", {"slug": slug, "name": f"Club {slug}", "language": "fr",
                                      "region": "Bretagne"})
    assert reply.status_code == 303, reply.text
    owner.get(f"/c/{slug}")
    reply = owner.post(f"/c/{slug}/variants", {"name": variant, "base": base,
                                               "title": f"Règles {slug}"})
    assert reply.status_code == 303, reply.text
