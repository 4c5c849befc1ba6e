"""Helpers for the server's tests: an app on a fresh database, and a browser-like client that
signs up, keeps its cookie and sends each form's CSRF token as a page would."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
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


# --- a real PostgreSQL server, started by the tests --------------------------------------

PG_BIN = Path("/usr/lib/postgresql/15/bin")
"""Debian's postgresql package (what .ci/run installs)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Postgres:
    """A throwaway PostgreSQL cluster in a temporary folder, on a free loopback port, run as
    an unprivileged account when the tests run as root (PostgreSQL refuses root)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = _free_port()
        self.data = folder / "data"
        self.user = None if os.geteuid() != 0 else "postgres"
        self.count = 0

    def _run(self, *argv: str) -> None:
        command = [*(["runuser", "-u", self.user, "--"] if self.user else []), *argv]
        subprocess.run(command, check=True, capture_output=True, timeout=120,
                       cwd=self.folder)

    def start(self) -> None:
        if self.user:
            shutil.chown(self.folder, self.user)
        self._run(str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "coinche",
                  "--auth=trust", "-E", "UTF8", "--no-sync")
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=200")
        self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-o", options, "-w",
                  "-l", str(self.folder / "log"), "start")

    def stop(self) -> None:
        self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w",
                  "stop")

    def url(self, name: str = "postgres") -> str:
        return f"postgresql+psycopg://coinche@127.0.0.1:{self.port}/{name}"

    def new_database(self) -> str:
        """A fresh, empty database's URL."""
        import sqlalchemy

        self.count += 1
        name = f"t{self.count}"
        engine = sqlalchemy.create_engine(self.url(), isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.execute(sqlalchemy.text(f"CREATE DATABASE {name}"))
        engine.dispose()
        return self.url(name)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    if not (PG_BIN / "initdb").is_file():
        pytest.skip("PostgreSQL 15 is not installed (Debian's postgresql package: "
                    "apt-get install postgresql)")
    # its own folder in the system's temporary directory: the unprivileged account that
    # runs the server must reach it (pytest's folders are private to the tests' user)
    folder = Path(tempfile.mkdtemp(prefix="coinche-pg-"))
    folder.chmod(0o755)
    pg = Postgres(folder)
    try:
        pg.start()
    except subprocess.CalledProcessError as e:
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {e.stderr.decode()[-800:]}") from None
    try:
        yield pg
    finally:
        pg.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each test on a fresh SQLite file and on a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'club.db'}"
    return request.getfixturevalue("postgres").new_database()
