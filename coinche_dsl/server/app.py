"""`coinche serve`: clubs' rules online, a Starlette app over the database.

Each request is answered by one async route: its database work runs in one transaction in
Starlette's thread pool (`Server.q`), its renders in the render pool (`renders`), and its page
is a Jinja2 template with autoescape on (nothing from a variant file or a form reaches a page
unescaped). Every write is a POST that needs the session's CSRF token and, when the browser
sends one, an `Origin` of this site; every write checks the acting user's role on the club in
`store`, where it is recorded in the audit log. The process keeps nothing the database does not
hold but a cache of rendered documents keyed by immutable version ids (`renders`).
"""

from __future__ import annotations

import contextlib
import json
import re
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from sqlalchemy import Engine
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..limits import MAX_OPTIONS
from ..loader import BUILTINS
from ..render.i18n import LANGUAGES, LOCALES
from . import db as database
from . import security, store
from .i18n import LANGUAGE_NAMES, negotiate, words
from .models import ROLES, User
from .models import Session as SessionRow
from .renders import Busy, Made, Renderer
from .store import Refused

MAX_BODY = 2_000_000
"""A form carries at most one variant file (1 MB) and a few fields."""
MAX_UPLOAD = store.MAX_IMPORT_BYTES + 100_000

PAGE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")
DOCUMENT_CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                "base-uri 'none'; form-action 'none'; frame-ancestors 'self'")
"""A sheet, card or comparison: the renderer's own document, with no script at all."""


def static_dir() -> Path:
    return Path(str(resources.files("coinche_dsl.server").joinpath("static")))


def pad_static() -> Path:
    """The score pad's script and style (`pad.web`)."""
    return Path(str(resources.files("coinche_dsl").joinpath("pad/web/static")))


def studio_static() -> Path:
    """The studio's bundled editor (CodeMirror), served as it is."""
    return Path(str(resources.files("coinche_dsl").joinpath("studio/static")))


@dataclass
class Ctx:
    """One request: who asks (loaded in the first database call), in which language."""

    request: Request
    lang: str
    chosen_lang: bool = False
    """Whether the visitor's browser (or their choice) named one of the five languages."""
    form: dict[str, str] = field(default_factory=dict)
    token: str | None = None
    session: SessionRow | None = None
    user: User | None = None
    loaded: bool = False
    new_token: str | None = None
    """A session opened by this request: its cookie is set on the response."""
    drop_cookie: bool = False

    @property
    def address(self) -> str:
        client = self.request.client
        return client.host if client else ""

    @property
    def csrf(self) -> str:
        return self.session.csrf if self.session else ""


Handler = Callable[["Server", Ctx], Awaitable[Response]]


@dataclass
class RouteInfo:
    """One route of the app, for the routing table and the isolation test."""

    method: str
    path: str
    handler: Handler
    needs: str
    """Who may use it: `anyone`, `signed-in`, `reader`, `editor`, `owner` (of the club in
    the path), or `published` (anyone when the variant is published, else a reader)."""
    form: bool = False
    """A page with a form: an anonymous visitor gets a session (for its CSRF token)."""
    upload: bool = False


class Server:
    """The app's shared parts: the database, the render pool, the templates, the settings."""

    def __init__(self, engine: Engine, renderer: Renderer | None = None,
                 open_signup: bool = True, migrate: bool = True) -> None:
        self.engine = engine
        self.sessions = database.sessions(engine)
        self.renderer = renderer or Renderer()
        self.open_signup = open_signup
        self.migrate = migrate
        self.templates = Environment(
            loader=PackageLoader("coinche_dsl.server", "templates"),
            autoescape=select_autoescape(enabled_extensions=("html.j2",)),
            undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)

    # --- plumbing -------------------------------------------------------------------------

    async def q(self, ctx: Ctx, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(db, user, *args)` in one transaction, off the loop; the visitor's session is
        looked up in the first call of the request."""

        def work() -> Any:
            with self.sessions.begin() as db:
                if not ctx.loaded:
                    ctx.session = security.find_session(db, ctx.token)
                    ctx.user = ctx.session.user if ctx.session else None
                    if ctx.user is not None:
                        db.expunge(ctx.user)
                    if ctx.session is not None:
                        db.expunge(ctx.session)
                    ctx.loaded = True
                return fn(db, ctx.user, *args)
        return await run_in_threadpool(work)

    async def lookup(self, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(connection, *args)` on a plain connection, off the loop: a read that needs
        neither the visitor's session nor an ORM object (a published document's name)."""
        def work() -> Any:
            with self.engine.connect() as conn:
                return fn(conn, *args)
        return await run_in_threadpool(work)

    def page(self, ctx: Ctx, template: str, status: int = 200, **values: Any) -> Response:
        w = words(ctx.lang)
        html = self.templates.get_template(template).render(
            t=w, lang=ctx.lang, user=ctx.user, csrf=ctx.csrf, languages=LANGUAGES,
            language_names=LANGUAGE_NAMES, path=ctx.request.url.path,
            query=ctx.request.url.query, **values)
        return self.finish(ctx, HTMLResponse(html, status, headers={
            "Content-Security-Policy": PAGE_CSP, "Cache-Control": "no-store"}))

    def finish(self, ctx: Ctx, response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        if ctx.new_token:
            response.set_cookie(security.COOKIE, ctx.new_token, httponly=True,
                                samesite="lax", secure=ctx.request.url.scheme == "https",
                                max_age=security.SESSION_DAYS * 86400)
        elif ctx.drop_cookie:
            response.delete_cookie(security.COOKIE)
        return response

    def redirect(self, ctx: Ctx, url: str) -> Response:
        return self.finish(ctx, RedirectResponse(url, status_code=303))

    def refused(self, ctx: Ctx, e: Refused) -> Response:
        if ctx.request.headers.get("accept", "").startswith("application/json"):
            return self.finish(ctx, JSONResponse({"error": words(ctx.lang)(e.key, **e.params)},
                                                 e.status))
        if e.status == 401 and ctx.request.method == "GET":
            return self.redirect(ctx, "/login?next=" + urllib.parse.quote(
                ctx.request.url.path))
        return self.page(ctx, "error.html.j2", e.status, message=e.key, params=e.params)

    async def ensure_session(self, ctx: Ctx) -> None:
        """An anonymous session for a visitor who opens a form (its CSRF token)."""
        await self.q(ctx, lambda db, user: None)
        if ctx.session is None:
            def opening(db: Any, user: Any) -> tuple[str, SessionRow]:
                token, row = security.open_session(db, None)
                db.flush()
                db.expunge(row)
                return token, row
            ctx.new_token, ctx.session = await self.q(ctx, opening)

    async def login_as(self, ctx: Ctx, user: User) -> None:
        """A new session for `user`, the old one closed (its token may have been seen)."""
        def opening(db: Any, _: Any) -> tuple[str, SessionRow]:
            security.close_session(db, ctx.token)
            token, row = security.open_session(db, user)
            db.flush()
            db.expunge(row)
            return token, row
        ctx.new_token, ctx.session = await self.q(ctx, opening)
        ctx.user = user

    def endpoint(self, info: RouteInfo) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            lang, chosen = _visitor_language(request)
            ctx = Ctx(request, lang, chosen, token=request.cookies.get(security.COOKIE))
            try:
                if request.method == "POST":
                    bad = await self._read_form(ctx, info)
                    if bad is not None:
                        return bad
                    await self.q(ctx, lambda db, user: None)
                    if not _same_origin(request) or not security.csrf_ok(
                            ctx.session, ctx.form.get("csrf")
                            or request.headers.get("x-csrf-token")):
                        return self.page(ctx, "error.html.j2", 403, message="err.csrf",
                                         params={})
                elif info.form:
                    await self.ensure_session(ctx)
                return await info.handler(self, ctx)
            except Refused as e:
                return self.refused(ctx, e)
            except Busy:
                return self.finish(ctx, PlainTextResponse(
                    words(ctx.lang)("err.busy"), 503, headers={"Retry-After": "2"}))
        return run

    async def _read_form(self, ctx: Ctx, info: RouteInfo) -> Response | None:
        limit = MAX_UPLOAD if info.upload else MAX_BODY
        length = ctx.request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            return self.page(ctx, "error.html.j2", 413, message="err.too_large",
                             params={"n": limit // 1000})
        body = bytearray()
        async for chunk in ctx.request.stream():
            body += chunk
            if len(body) > limit:
                return self.page(ctx, "error.html.j2", 413, message="err.too_large",
                                 params={"n": limit // 1000})
        kind = ctx.request.headers.get("content-type", "")
        if kind.startswith("multipart/form-data") and info.upload:
            ctx.request._body = bytes(body)  # Starlette reads the form from the kept body
            form = await ctx.request.form(max_files=1, max_fields=10)
            for key, value in form.items():
                if isinstance(value, str):
                    ctx.form[key] = value
                else:
                    ctx.form["__file__"] = (await value.read()).decode("latin-1")
            return None
        try:
            pairs = urllib.parse.parse_qsl(body.decode("utf-8"), keep_blank_values=True,
                                           max_num_fields=50)
        except (UnicodeDecodeError, ValueError):
            return self.page(ctx, "error.html.j2", 400, message="err.bad_form", params={})
        ctx.form.update(pairs)
        return None

    # --- documents ------------------------------------------------------------------------

    async def document(self, ctx: Ctx, key: tuple[Any, ...], job: str, *args: Any,
                       media: str = "text/html; charset=utf-8", filename: str | None = None
                       ) -> Response:
        made = await self.renderer.cached(key, job, *args, shape=Made.of)
        if isinstance(made, dict) and "error" in made:
            return self.page(ctx, "problems.html.j2", 422, problems=made["error"])
        return self.sent(ctx, made, bool(key[-1]), media, filename)

    def sent(self, ctx: Ctx, made: Made, public: bool,
             media: str = "text/html; charset=utf-8", filename: str | None = None
             ) -> Response:
        """A document as it was made and kept. A public one (a published variant's) may be
        kept a minute by the browser or a proxy, by the address, the visitor's language
        and cookies (`Vary`), and revalidated by its ETag: a browser that holds it gets a
        304 and no body."""
        headers = {"Content-Security-Policy": DOCUMENT_CSP,
                   "Cache-Control": "public, max-age=60" if public else "private, no-store"}
        if public:
            headers["ETag"] = made.etag
            headers["Vary"] = "Accept-Language, Cookie"
            if made.etag in ctx.request.headers.get("if-none-match", ""):
                return self.finish(ctx, Response(status_code=304, headers=headers))
        if filename:
            headers["Content-Disposition"] = f'inline; filename="{filename}"'
        return self.finish(ctx, Response(made.body, media_type=media, headers=headers))


def _visitor_language(request: Request) -> tuple[str, bool]:
    """The pages' language: the visitor's choice (`ui`, kept in a cookie), else their
    browser's; English when neither names one of the five (and then False)."""
    asked = request.query_params.get("ui") or request.cookies.get("coinche_lang")
    if asked in LANGUAGES:
        return asked, True
    found = negotiate(request.headers.get("accept-language"), "")
    return (found, True) if found else ("en", False)


def _same_origin(request: Request) -> bool:
    """An `Origin` header, when the browser sends one, names this site (its host and port)."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    if origin == "null":
        return False
    return urllib.parse.urlsplit(origin).netloc == request.headers.get("host", "")


def _int(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() and len(value) < 9 else None


def _choices(ctx: Ctx) -> dict[str, str]:
    """The options a visitor chose (`o.NAME=value` in the address)."""
    chosen = {k[2:]: v for k, v in ctx.request.query_params.items()
              if k.startswith("o.") and len(k) < 60 and len(v) < 60 and v}
    if len(chosen) > MAX_OPTIONS:
        raise Refused(422, "err.options")
    return chosen


def _doc_lang(ctx: Ctx, fallback: str) -> str:
    asked = ctx.request.query_params.get("lang")
    if asked in LANGUAGES:
        return asked
    return fallback


# --- the pages --------------------------------------------------------------------------------

async def home(s: Server, ctx: Ctx) -> Response:
    mine = await s.q(ctx, lambda db, user: store.clubs_of(db, user) if user else [])
    return s.page(ctx, "home.html.j2", clubs=mine, open_signup=s.open_signup)


async def gallery(s: Server, ctx: Ctx) -> Response:
    params = ctx.request.query_params
    query, region, language = (params.get("q", "")[:80], params.get("region", "")[:80],
                               params.get("language", "")[:2])
    rows, regions = await s.q(ctx, lambda db, user: (
        store.gallery(db, query, region, language), store.regions(db)))
    return s.page(ctx, "gallery.html.j2", rows=rows, q=query, region=region,
                  language=language, regions=regions)


async def signup_form(s: Server, ctx: Ctx) -> Response:
    invite = ctx.request.query_params.get("invite", "")[:100]
    return s.page(ctx, "signup.html.j2", invite=invite, open_signup=s.open_signup, error=None)


async def signup(s: Server, ctx: Ctx) -> Response:
    f = ctx.form
    invite = f.get("invite", "")
    if not s.open_signup:
        if not invite:
            raise Refused(403, "err.signup_closed")
        await s.q(ctx, lambda db, user: store.invitation(db, invite))
    password = f.get("password", "")
    if not security.MIN_PASSWORD <= len(password) <= security.MAX_PASSWORD:
        return s.page(ctx, "signup.html.j2", 422, invite=invite, open_signup=s.open_signup,
                      error=("err.password", {"n": security.MIN_PASSWORD}))
    hashed = await run_in_threadpool(security.hash_password, password)
    try:
        user = await s.q(ctx, lambda db, _: _expunged(db, store.create_user(
            db, f.get("username", "").strip(), password, f.get("display_name", "").strip(),
            password_hash=hashed)))
    except Refused as e:
        return s.page(ctx, "signup.html.j2", e.status, invite=invite,
                      open_signup=s.open_signup, error=(e.key, e.params))
    await s.login_as(ctx, user)
    if invite:
        return s.redirect(ctx, f"/join/{urllib.parse.quote(invite)}")
    return s.redirect(ctx, "/")


def _expunged(db: Any, row: Any) -> Any:
    db.flush()
    db.expunge(row)
    return row


async def login_form(s: Server, ctx: Ctx) -> Response:
    return s.page(ctx, "login.html.j2", error=None,
                  next=_safe_next(ctx.request.query_params.get("next")))


def _safe_next(url: str | None) -> str:
    """A page of this site to go back to after signing in (never another site's)."""
    if url and url.startswith("/") and not url.startswith("//") and "\\" not in url \
            and len(url) < 300:
        return url
    return "/"


async def login(s: Server, ctx: Ctx) -> Response:
    username = ctx.form.get("username", "").strip()[:40]
    password = ctx.form.get("password", "")[:security.MAX_PASSWORD]
    following = _safe_next(ctx.form.get("next"))
    if await s.q(ctx, lambda db, _: security.throttled(db, username, ctx.address)):
        return s.page(ctx, "login.html.j2", 429, error="err.throttled", next=following)
    found = await s.q(ctx, lambda db, _: _detached(db, store.user_named(db, username)))

    def verify() -> bool:
        if found is None:
            security.verify_password(User(password_hash=security.DUMMY_HASH), password)
            return False
        return security.verify_password(found, password)
    if not await run_in_threadpool(verify):
        def failed(db: Any, _: Any) -> None:
            security.record_failure(db, username, ctx.address)
            store.audit(db, None, None, "login.fail", username, ctx.address)
        await s.q(ctx, failed)
        return s.page(ctx, "login.html.j2", 401, error="err.login", next=following)
    assert found is not None

    def succeeded(db: Any, _: Any) -> None:
        security.forget_failures(db, username)
        row = db.get(User, found.id)
        row.password_hash = found.password_hash  # renewed if its parameters were old
        store.audit(db, row, None, "login", username, ctx.address)
    await s.q(ctx, succeeded)
    await s.login_as(ctx, found)
    return s.redirect(ctx, following)


def _detached(db: Any, row: Any) -> Any:
    if row is not None:
        db.expunge(row)
    return row


async def logout(s: Server, ctx: Ctx) -> Response:
    await s.q(ctx, lambda db, _: security.close_session(db, ctx.token))
    ctx.drop_cookie = True
    return s.redirect(ctx, "/")


def _signed_in(ctx: Ctx) -> User:
    if ctx.user is None:
        raise Refused(401, "err.sign_in")
    return ctx.user


async def club_new_form(s: Server, ctx: Ctx) -> Response:
    await s.q(ctx, lambda db, user: None)
    _signed_in(ctx)
    return s.page(ctx, "club_new.html.j2", error=None, f={})


async def club_new(s: Server, ctx: Ctx) -> Response:
    user = _signed_in(ctx)
    f = ctx.form
    try:
        made = await s.q(ctx, lambda db, _: store.create_club(
            db, user, f.get("slug", "").strip().lower(), f.get("name", ""),
            f.get("language", "fr"), f.get("region", ""), ctx.address).slug)
    except Refused as e:
        return s.page(ctx, "club_new.html.j2", e.status, error=(e.key, e.params), f=f)
    return s.redirect(ctx, f"/c/{made}")


def _slug(ctx: Ctx) -> str:
    return str(ctx.request.path_params["club"])


def _name(ctx: Ctx) -> str:
    return str(ctx.request.path_params["variant"])


async def club_page(s: Server, ctx: Ctx) -> Response:
    def read(db: Any, user: User | None) -> Any:
        found = store.club(db, _slug(ctx))
        role = store.role_of(db, user, found)
        return found, role, store.variants_of(db, found, drafts=role is not None)
    found, role, rows = await s.q(ctx, read)
    return s.page(ctx, "club.html.j2", club=found, role=role, rows=rows,
                  rank=store.rank(role), builtins=BUILTINS, error=None)


async def members_page(s: Server, ctx: Ctx) -> Response:
    def read(db: Any, user: User | None) -> Any:
        found = store.club(db, _slug(ctx))
        role = store.need(db, user, found, "reader")
        invitations = store.open_invitations(db, found) if role == "owner" else []
        return found, role, store.members(db, found), invitations
    found, role, people, invitations = await s.q(ctx, read)
    link = ctx.request.query_params.get("link")
    return s.page(ctx, "members.html.j2", club=found, role=role, people=people,
                  invitations=invitations, roles=ROLES,
                  link=(str(ctx.request.base_url).rstrip("/") + f"/join/{link}")
                  if link and re.fullmatch(r"[A-Za-z0-9_-]{20,60}", link) else None)


async def invite(s: Server, ctx: Ctx) -> Response:
    role = ctx.form.get("role", "reader")
    token = await s.q(ctx, lambda db, user: store.invite(
        db, user, store.club(db, _slug(ctx)), role, ctx.address) if user else _no_user())
    return s.redirect(ctx, f"/c/{_slug(ctx)}/members?link={token}")


def _no_user() -> Any:
    raise Refused(401, "err.sign_in")


async def set_role(s: Server, ctx: Ctx) -> Response:
    await s.q(ctx, lambda db, user: store.set_role(
        db, user, store.club(db, _slug(ctx)), ctx.form.get("username", ""),
        ctx.form.get("role", ""), ctx.address) if user else _no_user())
    return s.redirect(ctx, f"/c/{_slug(ctx)}/members")


async def join_page(s: Server, ctx: Ctx) -> Response:
    token = str(ctx.request.path_params["token"])
    found = await s.q(ctx, lambda db, user: _invitation_view(db, token))
    response = s.page(ctx, "join.html.j2", token=token, club=found[0], role=found[1])
    response.headers["Referrer-Policy"] = "no-referrer"  # the token is in the address
    return response


def _invitation_view(db: Any, token: str) -> tuple[Any, str]:
    found = store.invitation(db, token)
    return db.get(store.Club, found.club_id), found.role


async def join(s: Server, ctx: Ctx) -> Response:
    token = str(ctx.request.path_params["token"])
    joined = await s.q(ctx, lambda db, user: store.accept(db, user, token, ctx.address).slug
                       if user else _no_user())
    return s.redirect(ctx, f"/c/{joined}")


async def audit_page(s: Server, ctx: Ctx) -> Response:
    def read(db: Any, user: User | None) -> Any:
        found = store.club(db, _slug(ctx))
        if user is None:
            raise Refused(401, "err.sign_in")
        entries = store.audit_log(db, user, found)
        names = {u.id: u.username for u in db.query(User).filter(
            User.id.in_({e.user_id for e in entries if e.user_id}))}
        return found, entries, names
    found, entries, names = await s.q(ctx, read)
    w = words(ctx.lang)
    rows = [(short_time(e.at, ctx.lang), names.get(e.user_id, "—"), _audit_said(e, w))
            for e in entries]
    return s.page(ctx, "audit.html.j2", club=found, rows=rows)


def _audit_said(entry: Any, w: Any) -> str:
    """One write of the log in the reader's words (« a enregistré la version 3 de regles »):
    the action's message, its detail read back (a role, a variant's name and version)."""
    action, detail = entry.action, entry.detail or ""

    def role(r: str) -> str:
        return str(w(f"role.{r}")) if r in ROLES else r
    if action in ("invitation.create", "invitation.accept"):
        return w(f"audit.{action}", role=role(detail))
    if action == "member.role":
        who, _, what = detail.rpartition(": ")
        return w("audit.member.role", who=who, role=role(what))
    if action.startswith("version."):
        name, _, number = detail.rpartition(" v")
        return w(f"audit.{action}", name=name, n=number)
    if f"audit.{action}" in w.messages:
        return w(f"audit.{action}", name=detail)
    return detail


async def export(s: Server, ctx: Ctx) -> Response:
    raw = await s.q(ctx, lambda db, user: store.export_zip(
        db, user, store.club(db, _slug(ctx))) if user else _no_user())
    return s.finish(ctx, Response(raw, media_type="application/zip", headers={
        "Content-Disposition": f'attachment; filename="{_slug(ctx)}.zip"',
        "Cache-Control": "no-store"}))


async def import_(s: Server, ctx: Ctx) -> Response:
    """Each `.coinche` file of the uploaded folder becomes a new version of the club's variant
    of its name (a new variant when there is none), checked like a save."""
    _signed_in(ctx)
    raw = ctx.form.get("__file__", "").encode("latin-1")
    files = store.import_files(raw)
    club_row = await s.q(ctx, lambda db, u: (store.need(db, u, store.club(db, _slug(ctx)),
                                                        "owner"), store.club(db, _slug(ctx)))[1])
    for name, text in sorted(files.items()):
        checked = await s.renderer.run("check", {**files, name: text}, name)

        def write(db: Any, u: User, name: str = name, text: str = text,
                  checked: Any = checked) -> None:
            found = db.scalar(store.select(store.Variant).where(
                store.Variant.club_id == club_row.id, store.Variant.name == name))
            if found is None:
                found = store.create_variant(db, u, club_row, name, ctx.address)
            store.save_version(db, u, store.Access(club_row, found, "owner"), text,
                               words(ctx.lang)("msg.imported"), None, checked,
                               "version.import", ctx.address)
        await s.q(ctx, write)
    return s.redirect(ctx, f"/c/{_slug(ctx)}")


def _starter(name: str, base: str, title: str, language: str) -> str:
    from ..studio.service import starter

    text = starter(name).replace('extends "ffb"', f'extends "{base}"')
    text = text.replace(f'title "{name}"', 'title "' + title.replace("\\", "").replace(
        '"', "'")[:120] + '"') if title else text
    return text.replace("language fr", f"language {language}")


async def variant_new(s: Server, ctx: Ctx) -> Response:
    """A new variant of the club: its first version extends a built-in or a club variant."""
    _signed_in(ctx)
    name = ctx.form.get("name", "").strip().lower()
    base = ctx.form.get("base", "ffb")
    title = ctx.form.get("title", "").strip()

    def make(db: Any, u: User) -> Any:
        found = store.club(db, _slug(ctx))
        access = store.Access(found, store.create_variant(db, u, found, name, ctx.address),
                              "editor")
        if base not in BUILTINS and not db.scalar(store.select(store.Variant.id).where(
                store.Variant.club_id == found.id, store.Variant.name == base)):
            raise Refused(422, "err.no_base", name=base[:60])
        return access, found
    access, found = await s.q(ctx, make)
    text = _starter(name, base, title, found.language)
    texts = await _texts_with(s, ctx, found.slug, name, text)
    checked = await s.renderer.run("check", texts, name)

    def write(db: Any, u: User) -> None:
        fresh = store.readable(db, u, found.slug, name)
        store.save_version(db, u, fresh, text, words(ctx.lang)("msg.started", base=base),
                           0, checked, address=ctx.address)
    await s.q(ctx, write)
    return s.redirect(ctx, f"/c/{found.slug}/v/{name}/edit")


async def _texts_with(s: Server, ctx: Ctx, slug: str, name: str, text: str) -> dict[str, str]:
    """The texts a check of `text` (as the club's variant `name`) may need: the heads of the
    club's other variants it extends."""
    from ..syntax import parse_text

    try:
        target = parse_text(text, f"{name}.coinche").extends
    except Exception:  # noqa: BLE001 - the check job reports it, located
        target = None

    def read(db: Any, user: User | None) -> dict[str, str]:
        found = store.club(db, slug)
        texts: dict[str, str] = {}
        nxt = target
        while nxt and nxt not in BUILTINS and nxt not in texts and nxt != name \
                and len(texts) < 9:
            rows = store.variants_of(db, found, drafts=True)
            head = {v.name: ver for v, ver in rows}.get(nxt.removesuffix(".coinche"))
            if head is None:
                break
            texts[nxt.removesuffix(".coinche")] = head.text
            nxt = head.extends
        return texts
    return {**(await s.q(ctx, read)), name: text}


async def variant_page(s: Server, ctx: Ctx) -> Response:
    number = _int(ctx.request.query_params.get("v"))

    def read(db: Any, user: User | None) -> Any:
        access = store.readable(db, user, _slug(ctx), _name(ctx))
        row = store.version(db, access.variant, number)
        ids, texts = store.chain(db, access.club, row, access.variant.name)
        others = [(c.slug, v.name, ver.title) for c, v, ver in store.gallery(db, limit=200)
                  if v.id != access.variant.id]
        return access, row, ids, texts, others, len(store.history(db, access.variant))
    access, row, ids, texts, others, count = await s.q(ctx, read)
    checked = await s.renderer.cached(("check", ids), "check", texts, access.variant.name)
    return s.page(ctx, "variant.html.j2", a=access, row=row, checked=checked, others=others,
                  builtins=BUILTINS, count=count, rank=store.rank(access.role),
                  base=f"/c/{access.club.slug}/v/{access.variant.name}",
                  chosen=_choices(ctx), vq=f"&v={row.number}" if number else "")


async def _doc_inputs(s: Server, ctx: Ctx) -> store.DocumentInputs:
    number = _int(ctx.request.query_params.get("v"))
    return await s.q(ctx, lambda db, user: store.document_inputs(
        db, user, _slug(ctx), _name(ctx), number))


def _document_view(card: bool, pdf: bool) -> Handler:
    kind = "card" if card else "sheet"
    media = "application/pdf" if pdf else "text/html; charset=utf-8"

    def keyed(ctx: Ctx, ids: tuple[int, ...], language: str, club_language: str,
              published: bool) -> tuple[tuple[Any, ...], str, dict[str, str]]:
        lang = _doc_lang(ctx, ctx.lang if ctx.chosen_lang else language or club_language)
        chosen = _choices(ctx)
        return (("pdf" if pdf else "html", card, ids, lang, tuple(sorted(chosen.items())),
                 published), lang, chosen)

    def named(variant: str, lang: str, number: int) -> str | None:
        return f"{variant}-{kind}-{lang}-v{number}.pdf" if pdf else None

    async def view(s: Server, ctx: Ctx) -> Response:
        number = _int(ctx.request.query_params.get("v"))
        # A published document is the same for every visitor, signed in or not: when it is
        # made already, one query names it and no session is looked up.
        known = await s.lookup(store.published_key, _slug(ctx), _name(ctx), number)
        if known is not None:
            key, lang, _ = keyed(ctx, known.ids, known.language, known.club_language, True)
            made = s.renderer.cache.get(key)
            if made is not None:
                return s.sent(ctx, made, True, media,
                              named(known.variant_name, lang, known.number))
        found = await _doc_inputs(s, ctx)
        key, lang, chosen = keyed(ctx, found.ids, found.language, found.club_language,
                                  found.published)
        return await s.document(ctx, key, "pdf" if pdf else "sheet", found.texts,
                                found.variant_name, lang, chosen, card, media=media,
                                filename=named(found.variant_name, lang, found.number))
    return view


async def file_view(s: Server, ctx: Ctx) -> Response:
    found = await _doc_inputs(s, ctx)
    return s.finish(ctx, PlainTextResponse(found.text, headers={
        "Content-Disposition": f'inline; filename="{found.variant_name}.coinche"',
        "Content-Security-Policy": "default-src 'none'", "Cache-Control": "no-store"}))


HISTORY_SENTENCES = 30
"""The latest versions the history page says the changes of, in sentences (each is two
rulesets made and compared, once: the sentences are kept like a sheet)."""


def long_date(when: Any, lang: str) -> str:
    """A day as the language writes it in a sentence (« 12 octobre 2026 »), by Babel."""
    from babel.dates import format_date

    return format_date(when, "long", locale=LOCALES[lang])


def short_time(when: Any, lang: str) -> str:
    """A day and time for a table, in the reader's locale (« 12/10/2026 14:05 »)."""
    from babel.dates import format_datetime

    return format_datetime(when, "short", locale=LOCALES[lang])


async def changes_sentence(s: Server, ctx: Ctx, older: Any, newer: Any, lang: str,
                           variant: str) -> str:
    """« Depuis la version 2 du 12 octobre 2026 : la partie se joue en 1 500 points (au lieu
    de 2 000) ; … » in `lang`: the rules that differ from `older` to `newer` (each a tuple of
    version number, date, chain ids and chain texts)."""
    w = words(lang)
    changed = await s.renderer.cached(("changes", older[2], newer[2], lang), "changes",
                                      older[3], newer[3], variant, lang)
    if isinstance(changed, dict):
        return w("history.unreadable", a=older[0], b=newer[0])
    when = long_date(older[1], lang)
    if not changed:
        return w("history.unchanged", n=older[0], date=when)
    return w("history.since", n=older[0], date=when, changes="; ".join(changed))


def _chained(db: Any, access: store.Access, row: Any) -> tuple[Any, ...]:
    return (row.number, row.created_at, *store.chain(db, access.club, row, access.variant.name))


async def history_page(s: Server, ctx: Ctx) -> Response:
    """Every version (its date in the reader's locale), and for the latest ones what changed
    in the rules since the one before, in sentences in the club's language (`lang` to read
    them in another)."""
    def read(db: Any, user: User | None) -> Any:
        access = store.readable(db, user, _slug(ctx), _name(ctx))
        rows = store.history(db, access.variant)
        return access, rows, [_chained(db, access, r) for r in rows[:HISTORY_SENTENCES + 1]]
    access, rows, chains = await s.q(ctx, read)
    lang = _doc_lang(ctx, access.club.language)
    said = {}
    for newer, older in zip(chains, chains[1:], strict=False):
        said[newer[0]] = await changes_sentence(s, ctx, older, newer, lang,
                                                access.variant.name)
    return s.page(ctx, "history.html.j2", a=access, rows=rows, rank=store.rank(access.role),
                  base=f"/c/{access.club.slug}/v/{access.variant.name}", said=said,
                  said_lang=lang, when=lambda d: short_time(d, ctx.lang),
                  first=words(lang)("history.first"))


async def compare_view(s: Server, ctx: Ctx) -> Response:
    """Two versions of a variant (`a`, `b`), or a version and another variant (`with`: a
    built-in, or `club/variant` published or readable by the visitor), as the rules on which
    they differ, in the club's language unless asked otherwise."""
    params = ctx.request.query_params
    left_n, right_n = _int(params.get("a")), _int(params.get("b"))
    other = params.get("with", "")[:110]

    def read(db: Any, user: User | None) -> Any:
        access = store.readable(db, user, _slug(ctx), _name(ctx))
        left = store.version(db, access.variant, left_n)
        ids, texts = store.chain(db, access.club, left, access.variant.name)
        if other in BUILTINS:
            return access, ids, texts, other, (other,), {}, other
        if other:
            club_slug, _, variant_name = other.partition("/")
            them = store.readable(db, user, club_slug, variant_name)
            row = store.version(db, them.variant)
            oids, otexts = store.chain(db, them.club, row, them.variant.name)
            return access, ids, texts, variant_name, oids, otexts, other
        right = store.version(db, access.variant, right_n)
        oids, otexts = store.chain(db, access.club, right, access.variant.name)
        return access, ids, texts, access.variant.name, oids, otexts, f"v{right.number}"
    if not other and params.get("full") != "1":
        return await versions_page(s, ctx, left_n, right_n)
    access, ids, texts, right_name, oids, otexts, _ = await s.q(ctx, read)
    lang = _doc_lang(ctx, access.club.language)
    key = ("compare", ids, oids, lang, access.variant.published)
    return await s.document(ctx, key, "compare", texts, access.variant.name, right_name, lang,
                            otexts)


async def versions_page(s: Server, ctx: Ctx, a: int | None, b: int | None) -> Response:
    """Two versions of a variant: what changed in the rules from the older to the newer, in
    a sentence in the club's language, and a link to the full comparison document."""
    def read(db: Any, user: User | None) -> Any:
        access = store.readable(db, user, _slug(ctx), _name(ctx))
        left, right = store.version(db, access.variant, a), store.version(db, access.variant, b)
        older, newer = sorted((left, right), key=lambda r: r.number)
        return access, _chained(db, access, older), _chained(db, access, newer)
    access, older, newer = await s.q(ctx, read)
    lang = _doc_lang(ctx, access.club.language)
    said = await changes_sentence(s, ctx, older, newer, lang, access.variant.name)
    base = f"/c/{access.club.slug}/v/{access.variant.name}"
    return s.page(ctx, "versions.html.j2", a=access, base=base, said=said, said_lang=lang,
                  older=older[0], newer=newer[0],
                  full=f"{base}/compare?a={older[0]}&b={newer[0]}&full=1&lang={lang}")


async def edit_page(s: Server, ctx: Ctx) -> Response:
    def read(db: Any, user: User | None) -> Any:
        access = store.readable(db, user, _slug(ctx), _name(ctx))
        store.need(db, user, access.club, "editor")
        row = store.version(db, access.variant)
        return access, row, *store.chain(db, access.club, row, access.variant.name)
    access, row, ids, texts = await s.q(ctx, read)
    checked = await s.renderer.cached(("check", ids), "check", texts, access.variant.name)
    saved = _int(ctx.request.query_params.get("saved"))
    return s.page(ctx, "edit.html.j2", a=access, row=row, text=row.text,
                  base_number=row.number, checked=checked, conflict=None, saved=saved,
                  message="", url=f"/c/{access.club.slug}/v/{access.variant.name}",
                  **_studio_words(ctx))


def _studio_words(ctx: Ctx) -> dict[str, Any]:
    """The studio's words for its questionnaire and score form on the editor's page (its
    catalog, `studio.i18n`, in the visitor's language), for the template and for the page."""
    from ..studio.i18n import page_messages, page_translator

    return {"st": page_translator(ctx.lang), "studio_words": page_messages(ctx.lang)}


async def save(s: Server, ctx: Ctx) -> Response:
    user = _signed_in(ctx)
    text = ctx.form.get("text", "").replace("\r\n", "\n")
    message = ctx.form.get("message", "")[:500]
    base = _int(ctx.form.get("base"))
    store.check_text(text)
    access = await s.q(ctx, lambda db, u: _editable(db, u, ctx))
    texts = await _texts_with(s, ctx, access.club.slug, access.variant.name, text)
    checked = await s.renderer.run("check", texts, access.variant.name)
    try:
        row = await s.q(ctx, lambda db, u: store.save_version(
            db, user, access, text, message, base if base is not None else -1, checked,
            address=ctx.address))
    except Refused as e:
        if e.status != 409:
            raise
        theirs = await s.q(ctx, lambda db, u: store.version(
            db, store.readable(db, u, access.club.slug, access.variant.name).variant))
        return s.page(ctx, "edit.html.j2", 409, a=access, row=theirs, text=text,
                      base_number=theirs.number, checked=checked, saved=None, message=message,
                      conflict={"theirs": theirs, "yours": base},
                      url=f"/c/{access.club.slug}/v/{access.variant.name}",
                      **_studio_words(ctx))
    return s.redirect(ctx, f"/c/{access.club.slug}/v/{access.variant.name}/edit?saved="
                           f"{row.number}")


def _editable(db: Any, user: User | None, ctx: Ctx) -> store.Access:
    access = store.readable(db, user, _slug(ctx), _name(ctx))
    store.need(db, user, access.club, "editor")
    return access


async def check(s: Server, ctx: Ctx) -> Response:
    """The problems of the editor's text as it is typed (JSON, for the page's editor)."""
    text = ctx.form.get("text", "")
    store.check_text(text)
    access = await s.q(ctx, lambda db, u: _editable(db, u, ctx))
    texts = await _texts_with(s, ctx, access.club.slug, access.variant.name, text)
    checked = await s.renderer.run("check", texts, access.variant.name)
    return s.finish(ctx, JSONResponse({"diagnostics": checked.get("diagnostics", []),
                                       "valid": checked.get("valid", False)}))


async def preview(s: Server, ctx: Ctx) -> Response:
    """The rule sheet of the editor's text as it is (not saved), in the visitor's language or
    `lang`, made in the render pool like a saved version's (and, like it, with no script):
    the editor's preview frame."""
    text = ctx.form.get("text", "").replace("\r\n", "\n")
    store.check_text(text)
    access = await s.q(ctx, lambda db, u: _editable(db, u, ctx))
    lang = ctx.form.get("lang") if ctx.form.get("lang") in LANGUAGES else (
        ctx.lang if ctx.chosen_lang else access.club.language)
    texts = await _texts_with(s, ctx, access.club.slug, access.variant.name, text)
    made = await s.renderer.run("sheet", texts, access.variant.name, lang, {}, False)
    if isinstance(made, dict) and "error" in made:
        shown = s.page(ctx, "problems.html.j2", 422, problems=made["error"])
        shown.headers["Content-Security-Policy"] = DOCUMENT_CSP  # shown in the editor's frame
        return shown
    return s.finish(ctx, Response(made, media_type="text/html; charset=utf-8", headers={
        "Content-Security-Policy": DOCUMENT_CSP, "Cache-Control": "no-store"}))


def _cursor_request(ctx: Ctx) -> dict[str, Any]:
    """The editor's text and cursor (`line` from 1, `character` from 0) for the studio's own
    completion and hover (`studio.api`), with its `extends` blanked (same length, so every
    position stays) unless it names a built-in: a club's base is in the database, and nothing
    here may read a file of the server's disk that a variant names."""
    from ..syntax import parse_text

    text = ctx.form.get("text", "")
    store.check_text(text)
    try:
        target = parse_text(text, "edited.coinche").extends
    except Exception:  # noqa: BLE001 - a text that does not parse is still completed
        target = None
    if target is not None and target not in BUILTINS:
        text = re.sub(r'\bextends\s+"[^"\n]*"', lambda m: " " * len(m.group(0)), text, count=1)
    return {"text": text, "line": _int(ctx.form.get("line")),
            "character": _int(ctx.form.get("character"))}


def _assist(name: str) -> Handler:
    """The studio's completion (`complete`) or hover help (`hover`) on the editor's text:
    the same analysis as the studio's page, answered as JSON to an editor of the club."""
    async def view(s: Server, ctx: Ctx) -> Response:
        from ..errors import CoincheError
        from ..studio import api

        await s.q(ctx, lambda db, u: _editable(db, u, ctx))
        data = _cursor_request(ctx)
        shim: Any = _EditedFile(Path(f"{_name(ctx)}.coinche"))  # all the handlers read of it
        try:
            answer = await run_in_threadpool(api.HANDLERS[name], shim, data)
        except CoincheError as e:
            return s.finish(ctx, JSONResponse({"error": str(e)[:300]}, 422))
        return s.finish(ctx, JSONResponse(answer, headers={"Cache-Control": "no-store"}))
    return view


def _panel(name: str) -> Handler:
    """The studio's questionnaire (`questionnaire`, `answer`: an answer written into the
    editor's text) or score form (`score`: a deal scored under the text as it is), answered
    as JSON to an editor of the club: the studio's own handlers (`studio.api`), run in the
    render pool over the club's texts (`jobs.editor`). The page's call is a JSON object in
    the form's `payload` field, within the forms' size limit; nothing is saved."""
    async def view(s: Server, ctx: Ctx) -> Response:
        access = await s.q(ctx, lambda db, u: _editable(db, u, ctx))
        try:
            data = json.loads(ctx.form.get("payload", "{}"))
            json.dumps(data, ensure_ascii=False).encode("utf-8")  # no lone surrogate
        except (ValueError, RecursionError, UnicodeEncodeError):
            raise Refused(400, "err.bad_form") from None
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            raise Refused(400, "err.bad_form")
        data["text"] = data["text"].replace("\r\n", "\n")
        store.check_text(data["text"])
        texts = await _texts_with(s, ctx, access.club.slug, access.variant.name, data["text"])
        answer = await s.renderer.run("editor", name, texts, access.variant.name, data)
        if isinstance(answer, dict) and isinstance(answer.get("error"), list):
            return s.finish(ctx, JSONResponse({"error": str(answer["error"][0])[:300]}, 422))
        return s.finish(ctx, JSONResponse(answer, headers={"Cache-Control": "no-store"}))
    return view


@dataclass
class _EditedFile:
    """What the studio's completion and hover ask of their workspace: the edited file's name."""

    file: Path


async def restore(s: Server, ctx: Ctx) -> Response:
    """A new version with the text of an older one (nothing in between is lost)."""
    user = _signed_in(ctx)
    number = _int(ctx.form.get("version"))

    def read(db: Any, u: User | None) -> Any:
        access = _editable(db, u, ctx)
        old = store.version(db, access.variant, number)
        return access, old, *store.chain(db, access.club, old, access.variant.name)
    access, old, _, texts = await s.q(ctx, read)
    checked = await s.renderer.run("check", texts, access.variant.name)
    await s.q(ctx, lambda db, u: store.save_version(
        db, user, access, old.text, words(access.club.language)("msg.restored", n=old.number),
        None, checked, "version.restore", ctx.address))
    return s.redirect(ctx, f"/c/{access.club.slug}/v/{access.variant.name}/history")


def _publishing(published: bool) -> Handler:
    async def view(s: Server, ctx: Ctx) -> Response:
        user = _signed_in(ctx)
        await s.q(ctx, lambda db, u: store.set_published(
            db, user, store.readable(db, u, _slug(ctx), _name(ctx)), published, ctx.address))
        return s.redirect(ctx, f"/c/{_slug(ctx)}/v/{_name(ctx)}")
    return view


async def delete(s: Server, ctx: Ctx) -> Response:
    user = _signed_in(ctx)
    await s.q(ctx, lambda db, u: store.delete_variant(
        db, user, store.readable(db, u, _slug(ctx), _name(ctx)), ctx.address))
    return s.redirect(ctx, f"/c/{_slug(ctx)}")


async def set_language(s: Server, ctx: Ctx) -> Response:
    """The visitor's choice of the pages' language (a cookie: no account needed)."""
    lang = ctx.request.query_params.get("ui", "")
    response = s.redirect(ctx, _safe_next(ctx.request.query_params.get("next")))
    if lang in LANGUAGES:
        response.set_cookie("coinche_lang", lang, max_age=365 * 86400, samesite="lax")
    return response


V = "/c/{club}/v/{variant}"
ROUTES = [
    RouteInfo("GET", "/", home, "anyone"),
    RouteInfo("GET", "/gallery", gallery, "anyone"),
    RouteInfo("GET", "/language", set_language, "anyone"),
    RouteInfo("GET", "/signup", signup_form, "anyone", form=True),
    RouteInfo("POST", "/signup", signup, "anyone"),
    RouteInfo("GET", "/login", login_form, "anyone", form=True),
    RouteInfo("POST", "/login", login, "anyone"),
    RouteInfo("POST", "/logout", logout, "anyone"),
    RouteInfo("GET", "/clubs/new", club_new_form, "signed-in", form=True),
    RouteInfo("POST", "/clubs/new", club_new, "signed-in"),
    RouteInfo("GET", "/join/{token}", join_page, "anyone", form=True),
    RouteInfo("POST", "/join/{token}", join, "signed-in"),
    RouteInfo("GET", "/c/{club}", club_page, "anyone"),
    RouteInfo("GET", "/c/{club}/members", members_page, "reader"),
    RouteInfo("POST", "/c/{club}/invite", invite, "owner"),
    RouteInfo("POST", "/c/{club}/role", set_role, "owner"),
    RouteInfo("GET", "/c/{club}/audit", audit_page, "owner"),
    RouteInfo("GET", "/c/{club}/export.zip", export, "reader"),
    RouteInfo("POST", "/c/{club}/import", import_, "owner", upload=True),
    RouteInfo("POST", "/c/{club}/variants", variant_new, "editor"),
    RouteInfo("GET", V, variant_page, "published"),
    RouteInfo("GET", V + "/sheet", _document_view(False, False), "published"),
    RouteInfo("GET", V + "/card", _document_view(True, False), "published"),
    RouteInfo("GET", V + "/sheet.pdf", _document_view(False, True), "published"),
    RouteInfo("GET", V + "/card.pdf", _document_view(True, True), "published"),
    RouteInfo("GET", V + "/file", file_view, "published"),
    RouteInfo("GET", V + "/history", history_page, "published"),
    RouteInfo("GET", V + "/compare", compare_view, "published"),
    RouteInfo("GET", V + "/edit", edit_page, "editor", form=True),
    RouteInfo("POST", V + "/edit", save, "editor"),
    RouteInfo("POST", V + "/check", check, "editor"),
    RouteInfo("POST", V + "/preview", preview, "editor"),
    RouteInfo("POST", V + "/complete", _assist("complete"), "editor"),
    RouteInfo("POST", V + "/hover", _assist("hover"), "editor"),
    RouteInfo("POST", V + "/questionnaire", _panel("questionnaire"), "editor"),
    RouteInfo("POST", V + "/answer", _panel("answer"), "editor"),
    RouteInfo("POST", V + "/score", _panel("score"), "editor"),
    RouteInfo("POST", V + "/deal_words", _panel("deal_words"), "editor"),
    RouteInfo("POST", V + "/restore", restore, "editor"),
    RouteInfo("POST", V + "/publish", _publishing(True), "editor"),
    RouteInfo("POST", V + "/unpublish", _publishing(False), "editor"),
    RouteInfo("POST", V + "/delete", delete, "owner"),
]
from .pad_routes import PAD_ROUTES  # noqa: E402  (the score pad's pages, on this routing table)

ROUTES += PAD_ROUTES


def create_app(engine: Engine | str = database.DEFAULT_DB, renderer: Renderer | None = None,
               open_signup: bool = True, migrate: bool = True) -> Starlette:
    """The server over `engine` (or a database URL); the schema is brought to the latest
    migration when the app starts (`migrate`)."""
    if isinstance(engine, str):
        engine = database.make_engine(engine)
    server = Server(engine, renderer, open_signup, migrate)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if server.migrate:
            await run_in_threadpool(database.upgrade, server.engine)
        server.renderer.start()
        try:
            yield
        finally:
            await run_in_threadpool(server.renderer.close)

    # The public reads first: routing tries each route's pattern in turn, and a public sheet
    # is asked for far more often than any other page (no two patterns overlap).
    ordered = sorted(ROUTES, key=lambda r: not (r.method == "GET" and r.needs == "published"))
    routes: list[Any] = [Route(r.path, server.endpoint(r), methods=[r.method],
                               name=f"{r.method} {r.path}") for r in ordered]
    routes += [Mount("/static/pad", StaticFiles(directory=pad_static()), name="pad-static"),
               Mount("/static/studio", StaticFiles(directory=studio_static()),
                     name="studio-static"),
               Mount("/static", StaticFiles(directory=static_dir()), name="static")]

    async def no_such_page(request: Request, exc: Exception) -> Response:
        """A 404 or 405 as a page of the site, in the visitor's language (never Starlette's
        English text)."""
        lang, chosen = _visitor_language(request)
        status = getattr(exc, "status_code", 404)
        ctx = Ctx(request, lang, chosen, loaded=True)
        return server.page(ctx, "error.html.j2", status,
                           message="err.method" if status == 405 else "err.not_found",
                           params={})

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={404: no_such_page, 405: no_such_page})
    app.state.server = server
    return app


ENVIRONMENT = {"db": "COINCHE_SERVE_DB", "workers": "COINCHE_SERVE_WORKERS",
               "signup": "COINCHE_SERVE_SIGNUP"}
"""How `coinche serve --processes N` tells each of its processes its settings."""


def app_from_environment() -> Starlette:
    """The app of one process of `coinche serve --processes N` (uvicorn's factory): the
    database, render workers and sign-up the command put in the environment; the schema is
    migrated by the command before the processes start."""
    import os

    env = os.environ
    return create_app(env.get(ENVIRONMENT["db"], database.DEFAULT_DB),
                      Renderer(int(env.get(ENVIRONMENT["workers"], "2"))),
                      open_signup=env.get(ENVIRONMENT["signup"], "1") == "1", migrate=False)


def describe_routes() -> str:
    """The routing table, for the documentation: method, path and who may use it."""
    return "\n".join(f"{r.method:5} {r.path:40} {r.needs}" for r in ROUTES)


__all__ = ["create_app", "ROUTES", "Server", "json"]
