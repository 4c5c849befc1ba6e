"""Tenant isolation: every route of the server, walked by every kind of visitor — anonymous, a
reader, an editor and an owner of club A, and the owner of club B — on club A's published
variant and on its draft. Who may read and who may write is the routing table's `needs`,
checked here against what each request actually did: a refused write changes nothing (the audit
log and the versions stay as they were), and a draft is never shown to anyone outside its club.
A route added without a case here fails `test_every_route_has_a_case`."""

from __future__ import annotations

import io
import itertools
import json
import re
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from coinche_dsl.server import store  # noqa: E402
from coinche_dsl.server.app import ROUTES  # noqa: E402
from coinche_dsl.server.models import AuditEntry, Membership, Variant, Version  # noqa: E402
from tests.server_support import Browser, club_with_variant, server

ROLES = ("anonymous", "reader", "editor", "owner", "other-owner")
RANK = {"anonymous": 0, "other-owner": 0, "reader": 1, "editor": 2, "owner": 3}
NEEDED = {"reader": 1, "editor": 2, "owner": 3}
VALID = 'variant "{name}" extends "ffb" {{\n  title "Essai"\n  language fr\n}}\n'
counter = itertools.count()


class World:
    """Club A (a published variant, a draft, members of each role) and club B."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.sessions = client.app_state.server.sessions
        owner = Browser(client).signup("owner-a")
        club_with_variant(owner, "club-a", "publie")
        owner.post("/c/club-a/v/publie/publish")
        owner.post("/c/club-a/variants", {"name": "brouillon", "base": "ffb"})
        self.browsers = {"anonymous": Browser(client), "owner": owner}
        for role in ("reader", "editor"):
            joiner = Browser(client).signup(f"{role}-a")
            owner.get("/c/club-a/members")
            reply = owner.post("/c/club-a/invite", {"role": role})
            token = re.search(r"link=([\w-]+)", reply.headers["location"]).group(1)
            joiner.get(f"/join/{token}")
            assert joiner.post(f"/join/{token}").status_code == 303
            self.browsers[role] = joiner
        other = Browser(client).signup("owner-b")
        club_with_variant(other, "club-b", "maison")
        self.browsers["other-owner"] = other
        for b in self.browsers.values():
            b.get("/login")  # every visitor holds a session and its CSRF token

    def db(self, fn: Callable[[Any], Any]) -> Any:
        with self.sessions.begin() as db:
            return fn(db)

    def throwaway(self) -> str:
        """A fresh draft variant of club A with one valid version (a write's target)."""
        name = f"t-{next(counter)}"

        def make(db: Any) -> None:
            owner = store.user_named(db, "owner-a")
            club = store.club(db, "club-a")
            variant = store.create_variant(db, owner, club, name)
            store.save_version(db, owner, store.Access(club, variant, "owner"),
                               VALID.format(name=name), "", 0,
                               {"valid": True, "extends": "ffb", "title": "Essai"})
        self.db(make)
        return name

    def invitation(self) -> str:
        return self.db(lambda db: store.invite(db, store.user_named(db, "owner-a"),
                                               store.club(db, "club-a"), "reader"))

    def leave(self, username: str) -> None:
        def drop(db: Any) -> None:
            user = store.user_named(db, username)
            member = db.get(Membership, (store.club(db, "club-a").id, user.id))
            if member is not None:
                db.delete(member)
        self.db(drop)

    def writes(self) -> int:
        """Audit entries and versions of club A: a refused write changes neither."""
        def count(db: Any) -> int:
            club = store.club(db, "club-a")
            audits = db.query(AuditEntry).filter(AuditEntry.club_id == club.id).count()
            versions = db.query(Version).join(Variant).filter(
                Variant.club_id == club.id).count()
            published = db.query(Variant).filter(Variant.club_id == club.id,
                                                 Variant.published.is_(True)).count()
            return audits * 1_000_000 + versions * 1000 + published
        return self.db(count)


def _zip(name: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr(f"{name}.coinche", VALID.format(name=name))
    return out.getvalue()


Case = Callable[[World, str], tuple[str, dict[str, Any]]]
"""A request for one route: its path (club A's) and the keyword arguments of the call."""


def _form(**data: Any) -> Callable[[World], dict[str, Any]]:
    return lambda w: {"data": data}


def _v(variant: str) -> str:
    return f"/c/club-a/v/{variant}"


def _head(w: World, name: str) -> int:
    return w.db(lambda db: db.query(Variant).filter(Variant.name == name).one().head)


def _panel(data: dict[str, Any]) -> dict[str, Any]:
    """A call of the studio's questionnaire or score form: a JSON object in `payload`."""
    return {"data": {"payload": json.dumps(data)}}


CASES: dict[tuple[str, str], Callable[[World], tuple[str, dict[str, Any]]]] = {
    ("GET", "/"): lambda w: ("/", {}),
    ("GET", "/gallery"): lambda w: ("/gallery?q=essai", {}),
    ("GET", "/language"): lambda w: ("/language?ui=es&next=/", {}),
    ("GET", "/signup"): lambda w: ("/signup", {}),
    ("POST", "/signup"): lambda w: ("/signup", {"data": {
        "username": f"new-{next(counter)}", "password": "a long enough password"}}),
    ("GET", "/login"): lambda w: ("/login", {}),
    ("POST", "/login"): lambda w: ("/login", {"data": {"username": "nobody",
                                                       "password": "wrong password"}}),
    ("POST", "/logout"): lambda w: ("/logout", {}),
    ("GET", "/clubs/new"): lambda w: ("/clubs/new", {}),
    ("POST", "/clubs/new"): lambda w: ("/clubs/new", {"data": {
        "slug": f"new-{next(counter)}", "name": "Nouveau", "language": "fr"}}),
    ("GET", "/join/{token}"): lambda w: (f"/join/{w.invitation()}", {}),
    ("POST", "/join/{token}"): lambda w: (f"/join/{w.invitation()}", {}),
    ("GET", "/c/{club}"): lambda w: ("/c/club-a", {}),
    ("GET", "/c/{club}/members"): lambda w: ("/c/club-a/members", {}),
    ("POST", "/c/{club}/invite"): lambda w: ("/c/club-a/invite", {"data": {"role": "reader"}}),
    ("POST", "/c/{club}/role"): lambda w: ("/c/club-a/role", {"data": {
        "username": "reader-a", "role": "reader"}}),
    ("GET", "/c/{club}/audit"): lambda w: ("/c/club-a/audit", {}),
    ("GET", "/c/{club}/export.zip"): lambda w: ("/c/club-a/export.zip", {}),
    ("POST", "/c/{club}/import"): lambda w: ("/c/club-a/import", {"files": {
        "folder": ("f.zip", _zip(f"imp-{next(counter)}"), "application/zip")}}),
    ("POST", "/c/{club}/variants"): lambda w: ("/c/club-a/variants", {"data": {
        "name": f"n-{next(counter)}", "base": "ffb"}}),
}
READS = ["", "/sheet", "/card", "/sheet.pdf", "/card.pdf", "/file", "/history",
         "/compare?with=ffb"]
for suffix in READS:
    CASES[("GET", "/c/{club}/v/{variant}" + suffix.split("?")[0])] = None  # type: ignore[assignment]
WRITES = {
    "/edit": lambda w, name: {"data": {"text": VALID.format(name=name), "message": "m",
                                       "base": str(_head(w, name))}},
    "/check": lambda w, name: {"data": {"text": VALID.format(name=name)}},
    "/preview": lambda w, name: {"data": {"text": VALID.format(name=name)}},
    "/complete": lambda w, name: {"data": {"text": VALID.format(name=name), "line": "3",
                                           "character": "2"}},
    "/hover": lambda w, name: {"data": {"text": VALID.format(name=name), "line": "3",
                                        "character": "3"}},
    "/questionnaire": lambda w, name: _panel({"text": VALID.format(name=name), "lang": "fr"}),
    "/answer": lambda w, name: _panel({"text": VALID.format(name=name), "lang": "fr",
                                       "path": "game.target", "value": "1500"}),
    "/score": lambda w, name: _panel({"text": VALID.format(name=name), "lang": "fr", "deal": {
        "declarer": "N", "bid": 90, "trump": "hearts", "double": "none",
        "card_points": {"NS": 100, "EW": 52}, "last_trick": "S"}}),
    "/deal_words": lambda w, name: _panel({"text": VALID.format(name=name), "lang": "fr"}),
    "/restore": lambda w, name: {"data": {"version": "1"}},
    "/publish": lambda w, name: {},
    "/unpublish": lambda w, name: {},
    "/delete": lambda w, name: {},
}
for suffix in WRITES:
    CASES[("POST", "/c/{club}/v/{variant}" + suffix)] = None  # type: ignore[assignment]
CASES[("GET", "/c/{club}/v/{variant}/edit")] = None  # type: ignore[assignment]


def _pad_game(w: World) -> int:
    """A new score pad game of club A (what each of the pad's game routes acts on)."""
    from coinche_dsl.server.pad_models import PadGame

    record = '{"format": "coinche-game", "version": 1, "variant": {"name": "ffb"}}'
    return w.db(lambda db: _flushed(db, PadGame(club_id=store.club(db, "club-a").id,
                                                 variant="ffb", record=record)).id)


def _flushed(db: Any, row: Any) -> Any:
    db.add(row)
    db.flush()
    return row


PAD = "/c/{club}/pad"
PAD_GAME = PAD + "/{game:int}"
CASES.update({
    ("GET", PAD): lambda w: ("/c/club-a/pad", {}),
    ("GET", PAD_GAME): lambda w: (f"/c/club-a/pad/{_pad_game(w)}", {}),
    ("POST", PAD + "/state"): lambda w: ("/c/club-a/pad/state", {}),
    ("POST", PAD + "/new"): lambda w: ("/c/club-a/pad/new", {"data": {
        "payload": '{"variant": "ffb"}'}}),
    ("POST", PAD_GAME + "/state"): lambda w: (f"/c/club-a/pad/{_pad_game(w)}/state", {}),
    ("POST", PAD_GAME + "/pdf"): lambda w: (f"/c/club-a/pad/{_pad_game(w)}/pdf", {}),
    ("POST", PAD_GAME + "/deal"): lambda w: (f"/c/club-a/pad/{_pad_game(w)}/deal", {"data": {
        "payload": '{"said": "110 coeur N, 102 points, der S"}'}}),
    ("POST", PAD_GAME + "/undo"): lambda w: (f"/c/club-a/pad/{_pad_game(w)}/undo", {}),
    ("POST", PAD_GAME + "/teams"): lambda w: (f"/c/club-a/pad/{_pad_game(w)}/teams", {"data": {
        "payload": '{"teams": {"NS": "Anne", "EW": "Paul"}}'}}),
})


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    folder: Path = tmp_path_factory.mktemp("isolation")
    with server(f"sqlite:///{folder / 'db.sqlite'}") as client:
        yield World(client)


def test_every_route_has_a_case() -> None:
    assert {(r.method, r.path) for r in ROUTES} == set(CASES)


def allowed(needs: str, role: str, published: bool = True) -> bool:
    if needs == "anyone":
        return True
    if needs == "signed-in":
        return role != "anonymous"
    if needs == "published":
        return published or RANK[role] >= 1
    return RANK[role] >= NEEDED[needs]


def refused(reply: Any) -> bool:
    return reply.status_code in (401, 403, 404) or (
        reply.status_code == 303 and reply.headers["location"].startswith("/login"))


def send(browser: Browser, method: str, path: str, kw: dict[str, Any]) -> Any:
    if method == "GET":
        return browser.client.get(path)
    if "files" in kw:
        return browser.client.post(path, data={"csrf": browser.csrf}, files=kw["files"])
    return browser.client.post(path, data={"csrf": browser.csrf, **kw.get("data", {})})


CLUB_ROUTES = [r for r in ROUTES if "{variant}" not in r.path]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", CLUB_ROUTES, ids=lambda r: f"{r.method} {r.path}")
def test_club_routes(world: World, route: Any, role: str) -> None:
    browser = world.browsers[role]
    path, kw = CASES[(route.method, route.path)](world)
    if route.path in ("/logout", "/login", "/signup") and route.method == "POST":
        # open to all; each outcome is tested on its own (test_server_security), from a
        # fresh visitor so that the others keep their sessions
        fresh = Browser(world.client)
        fresh.get("/login")
        assert send(fresh, route.method, path, kw).status_code in (303, 401)
        return
    before = world.writes()
    reply = send(browser, route.method, path, kw)
    if route.path == "/join/{token}" and route.method == "POST":
        world.leave("owner-b")  # the invitation made them a reader of club A: undo it
    if allowed(route.needs, role):
        assert not refused(reply), (reply.status_code, reply.text[:300])
        assert reply.status_code < 400, (reply.status_code, reply.text[:300])
    else:
        assert refused(reply), (reply.status_code, reply.text[:300])
        if route.method == "POST":
            assert world.writes() == before


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("variant", ["publie", "brouillon"])
@pytest.mark.parametrize("suffix", READS)
def test_variant_reads(world: World, suffix: str, variant: str, role: str) -> None:
    reply = world.browsers[role].client.get(_v(variant) + suffix)
    if allowed("published", role, variant == "publie"):
        assert reply.status_code == 200, (reply.status_code, reply.text[:300])
    else:
        assert reply.status_code == 404  # a draft is not even confirmed to exist
        assert "brouillon" not in reply.text.replace("/brouillon", "")


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("variant", ["publie", "brouillon"])
def test_the_editor_page(world: World, variant: str, role: str) -> None:
    reply = world.browsers[role].client.get(_v(variant) + "/edit")
    if RANK[role] >= 2:
        assert reply.status_code == 200 and "<textarea" in reply.text
    else:
        assert refused(reply)
        assert "<textarea" not in reply.text


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("suffix", list(WRITES))
def test_variant_writes(world: World, suffix: str, role: str) -> None:
    name = world.throwaway()
    if suffix == "/unpublish":
        world.db(lambda db: setattr(db.query(Variant).filter(Variant.name == name).one(),
                                    "published", True))
    needs = next(r.needs for r in ROUTES if r.path.endswith("{variant}" + suffix)
                 and r.method == "POST")
    before = world.writes()
    reply = send(world.browsers[role], "POST", _v(name) + suffix, WRITES[suffix](world, name))
    if RANK[role] >= NEEDED[needs]:
        assert reply.status_code in (200, 303), (reply.status_code, reply.text[:300])
        if suffix not in ("/check", "/preview", "/complete", "/hover", "/questionnaire",
                          "/answer", "/score", "/deal_words"):  # no writes
            assert world.writes() != before
    else:
        assert refused(reply), (reply.status_code, reply.text[:300])
        assert world.writes() == before


def test_a_write_without_the_session_token_is_refused(world: World) -> None:
    owner = world.browsers["owner"]
    name = world.throwaway()
    before = world.writes()
    for data in ({}, {"csrf": "forged"}):
        reply = owner.client.post(_v(name) + "/publish", data=data)
        assert reply.status_code == 403
    other = world.browsers["other-owner"]  # a valid token, of another session
    reply = owner.client.post(_v(name) + "/publish", data={"csrf": other.csrf})
    assert reply.status_code == 403
    assert world.writes() == before


def test_a_write_from_another_site_is_refused(world: World) -> None:
    owner = world.browsers["owner"]
    name = world.throwaway()
    before = world.writes()
    reply = owner.client.post(_v(name) + "/publish", data={"csrf": owner.csrf},
                              headers={"Origin": "https://evil.example"})
    assert reply.status_code == 403
    assert world.writes() == before
    reply = owner.client.post(_v(name) + "/publish", data={"csrf": owner.csrf},
                              headers={"Origin": "http://testserver"})
    assert reply.status_code == 303
