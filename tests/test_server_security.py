"""The server's defences, each shown working: the login throttle (held in the database, so
every process sees it), sessions (digests only, rotated at login, closed at logout), argon2
hashes, invitations used once, size limits, escaping of everything a file holds, a hostile file
harmless to the others, PDFs that fetch nothing, the audit log, and the migrations."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from coinche_dsl.limits import MAX_FILE_BYTES  # noqa: E402
from coinche_dsl.server import db as database  # noqa: E402
from coinche_dsl.server import jobs, security  # noqa: E402
from coinche_dsl.server.models import AuditEntry, Base, Session, User  # noqa: E402
from tests.server_support import BASE, PASSWORD, Browser, club_with_variant, server


@pytest.fixture
def url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'db.sqlite'}"


@pytest.fixture
def client(url: str) -> Iterator[Any]:
    with server(url) as c:
        yield c


def rows(client: Any, model: Any) -> list[Any]:
    with client.app_state.server.sessions() as db:
        return list(db.query(model))


def save(owner: Browser, slug: str, text: str, variant: str = "regles") -> Any:
    page = owner.get(f"/c/{slug}/v/{variant}/edit")
    base = re.search(r'name="base" value="(\d+)"', page.text).group(1)
    return owner.post(f"/c/{slug}/v/{variant}/edit", {"text": text, "base": base,
                                                      "message": "m"})


def test_logins_are_throttled_per_account_across_processes(url: str) -> None:
    with server(url) as first:
        Browser(first).signup("marie")
        visitor = Browser(first)
        for _ in range(security.MAX_FAILURES_PER_ACCOUNT):
            assert visitor.login("marie", "wrong password!").status_code == 401
        assert visitor.login("marie").status_code == 429  # even the right password waits
    with server(url) as second:  # another process over the same database: still throttled
        assert Browser(second).login("marie").status_code == 429
        assert Browser(second).signup("paul")  # another account is not


def test_a_session_is_a_digest_rotated_at_login_and_closed_at_logout(client: Any) -> None:
    marie = Browser(client)
    marie.get("/login")
    anonymous = marie.client.cookies[security.COOKIE]
    marie.signup("marie")
    signed = marie.client.cookies[security.COOKIE]
    assert signed != anonymous  # a token seen before signing in opens nothing after
    stored = {s.token_hash for s in rows(client, Session)}
    assert signed not in stored and security.digest(signed) in stored
    assert security.digest(anonymous) not in stored
    reply = marie.get("/")
    assert "Marie" in reply.text
    marie.post("/logout")
    replay = TestClient(client.app, base_url=BASE, cookies={security.COOKIE: signed})
    assert "Marie" not in replay.get("/").text


def test_the_session_cookie_is_http_only_and_same_site(client: Any) -> None:
    reply = Browser(client).client.get("/login")
    cookie = reply.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie


def test_passwords_are_argon2id_hashes(client: Any) -> None:
    Browser(client).signup("marie")
    (user,) = rows(client, User)
    assert user.password_hash.startswith("$argon2id$") and PASSWORD not in user.password_hash


def test_an_invitation_works_once(client: Any) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    owner.get("/c/jeudi/members")
    token = re.search(r"link=([\w-]+)", owner.post(
        "/c/jeudi/invite", {"role": "editor"}).headers["location"]).group(1)
    paul = Browser(client).signup("paul")
    paul.get(f"/join/{token}")
    assert paul.post(f"/join/{token}").status_code == 303
    assert paul.get("/c/jeudi/v/regles/edit").status_code == 200  # an editor now
    lucie = Browser(client).signup("lucie")
    assert lucie.get(f"/join/{token}").status_code == 404


def test_a_file_over_the_size_limit_is_refused_before_anything_is_read(client: Any) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    huge = "#" * (MAX_FILE_BYTES + 10)
    assert save(owner, "jeudi", huge).status_code == 413
    assert owner.post("/c/jeudi/v/regles/edit", {"text": "x" * 3_000_000}).status_code == 413


HOSTILE_TITLE = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def test_everything_from_a_file_is_escaped(client: Any) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    text = (f'variant "regles" extends "ffb" {{\n  title "{HOSTILE_TITLE.replace(chr(34), "")}"'
            '\n  description "a"\n  language fr\n}\n')
    assert save(owner, "jeudi", text).status_code == 303
    owner.post("/c/jeudi/v/regles/publish")
    visitor = Browser(client)
    for page in ("/c/jeudi", "/c/jeudi/v/regles", "/gallery", "/c/jeudi/v/regles/sheet",
                 "/c/jeudi/v/regles/card", "/c/jeudi/v/regles/compare?with=ffb",
                 "/c/jeudi/v/regles/history"):
        body = visitor.get(page).text
        assert "<script>alert" not in body and "<img src=x" not in body, page
    assert "&lt;script&gt;" in visitor.get("/c/jeudi/v/regles").text


def test_a_hostile_file_is_a_located_error_and_harms_no_other_club(client: Any) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    other = Browser(client).signup("paul")
    club_with_variant(other, "vendredi")
    save(other, "vendredi", 'variant "regles" extends "ffb" {\n  language fr\n  '
                            'description "b"\n}\n')
    other.post("/c/vendredi/v/regles/publish")
    hostile = 'variant "regles" extends "ffb" {\n' + "game {" * 5000 + "\n}\n"
    assert save(owner, "jeudi", hostile).status_code == 303  # kept, as a draft with problems
    page = owner.get("/c/jeudi/v/regles/edit")
    assert "Traceback" not in page.text
    assert re.search(r'<li class="error">Line \d+: ', page.text)  # located, in words
    assert owner.post("/c/jeudi/v/regles/publish").status_code == 422  # not published
    assert Browser(client).get("/c/vendredi/v/regles/sheet").status_code == 200


def test_a_pdf_fetches_no_url_and_no_file() -> None:
    fetcher = jobs.refusing_fetcher()
    from weasyprint import HTML

    HTML(string='<img src="file:///etc/hostname"><link rel="stylesheet" '
                'href="http://127.0.0.1:9/x.css"><p>x</p>', url_fetcher=fetcher).write_pdf()
    assert fetcher.refused == ["http://127.0.0.1:9/x.css", "file:///etc/hostname"]


def test_the_card_pdf_is_served(client: Any) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    reply = owner.get("/c/jeudi/v/regles/card.pdf?lang=es")
    assert reply.status_code == 200 and reply.content.startswith(b"%PDF")
    assert reply.headers["content-type"] == "application/pdf"


def test_every_write_is_in_the_audit_log(client: Any) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    save(owner, "jeudi", 'variant "regles" extends "ffb" {\n  language fr\n}\n')
    owner.post("/c/jeudi/v/regles/publish")
    actions = [e.action for e in rows(client, AuditEntry)]
    assert actions == ["account.create", "club.create", "variant.create", "version.save",
                       "version.save", "variant.publish"]
    page = owner.get("/c/jeudi/audit").text
    assert "published regles" in page and "saved version 2 of regles" in page  # in words


def test_the_migrations_build_exactly_the_models_and_run_once(url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = database.make_engine(url)
    database.upgrade(engine)
    database.upgrade(engine)  # at head already: nothing to do
    assert database.current_revision(engine) == "0002"
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    engine.dispose()


def test_reading_the_public_pages_opens_no_session(client: Any) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    owner.post("/c/jeudi/v/regles/publish")
    before = len(rows(client, Session))
    reader = TestClient(client.app, base_url=BASE)
    for page in ("/", "/gallery", "/c/jeudi", "/c/jeudi/v/regles", "/c/jeudi/v/regles/sheet",
                 "/c/jeudi/v/regles/history"):
        reply = reader.get(page)
        assert reply.status_code == 200 and "set-cookie" not in reply.headers, page
    assert len(rows(client, Session)) == before
