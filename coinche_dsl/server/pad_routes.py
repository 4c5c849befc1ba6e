"""The score pad as pages of `coinche serve`: a club's tables keep their games' scores on a
phone, each game a row of the club (`PadGame`: its record, its table and date), saved with
every deal and reopened from its address (`/c/CLUB/pad/ID`).

Who may do what is the club's roles, as everywhere on the server: a reader opens the games and
prints their sheets; an editor starts a game and tells its deals. Every call is a POST with the
session's CSRF token (the page sends it in a header) and the site's own `Origin`; every write is
in the audit log. The game is scored by the pad (`pad.web`) under the club's variant as it is
now (its chain of `extends` in the club, as the sheets are made), off the event loop.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, JSONResponse, Response

from ..errors import CoincheError, VariantError
from ..loader import BUILTINS
from ..pad import web
from ..pad.record import GameRecord
from ..pad.session import read_record
from ..pad.words import PadWords
from . import store
from .app import PAGE_CSP, Ctx, RouteInfo, Server
from .models import Club, Variant, Version
from .pad_models import PadGame
from .store import Refused

MAX_GAMES = 2_000
"""Games one club may keep."""
P = "/c/{club}/pad"
G = P + "/{game:int}"


def _slug(ctx: Ctx) -> str:
    return str(ctx.request.path_params["club"])


def _payload(ctx: Ctx) -> dict[str, Any]:
    """The page's call: a JSON object in the form's `payload` field."""
    try:
        data = json.loads(ctx.form.get("payload", "{}"))
    except (ValueError, RecursionError):
        raise Refused(400, "err.bad_form") from None
    if not isinstance(data, dict):
        raise Refused(400, "err.bad_form")
    return data


def _club(db: Any, user: Any, slug: str, role: str) -> Club:
    club = store.club(db, slug)
    store.need(db, user, club, role)
    return club


def _texts(db: Any, club: Club, name: str) -> dict[str, str]:
    """The texts the club's variant `name` is made of (its chain), or none for a built-in."""
    row = db.execute(select(Version).join(Variant, (Version.variant_id == Variant.id)
                                          & (Version.number == Variant.head)).where(
        Variant.club_id == club.id, Variant.name == name)).scalar()
    if row is None:
        if name in BUILTINS:
            return {}
        raise Refused(404, "err.no_variant")
    return store.chain(db, club, row, name)[1]


def _game(db: Any, club: Club, number: int) -> PadGame:
    game = db.get(PadGame, number)
    if game is None or game.club_id != club.id:
        raise Refused(404, "err.no_game")
    return game


def _rules(texts: dict[str, str], record: GameRecord) -> tuple[Any, Any]:
    from .jobs import ruleset

    rs = ruleset(texts, record.variant.name, dict(record.variant.options))
    return rs, web.compiled(rs)


def _json(s: Server, ctx: Ctx, data: dict[str, Any], status: int = 200) -> Response:
    return s.finish(ctx, JSONResponse(data, status, headers={"Cache-Control": "no-store"}))


def _page(s: Server, ctx: Ctx, api: str, game: str) -> Response:
    from html import escape

    html = (web.static_text("pad.html").replace("{{TOKEN}}", escape(ctx.csrf))
            .replace("{{HEADER}}", "x-csrf-token").replace("{{API}}", escape(api))
            .replace("{{STATIC}}", "/static/pad").replace("{{GAME}}", escape(game))
            .replace("{{LANG}}", ctx.lang).replace("{{TITLE}}", "Score pad"))
    return s.finish(ctx, HTMLResponse(html, headers={"Content-Security-Policy": PAGE_CSP,
                                                     "Cache-Control": "no-store"}))


async def games_page(s: Server, ctx: Ctx) -> Response:
    await s.q(ctx, lambda db, user: _club(db, user, _slug(ctx), "reader"))
    return _page(s, ctx, f"/c/{_slug(ctx)}/pad", "")


async def game_page(s: Server, ctx: Ctx) -> Response:
    number = int(ctx.request.path_params["game"])
    await s.q(ctx, lambda db, user: _game(db, _club(db, user, _slug(ctx), "reader"), number))
    return _page(s, ctx, f"/c/{_slug(ctx)}/pad/{number}", str(number))


async def start_state(s: Server, ctx: Ctx) -> Response:
    """What the page needs to start a game: the club's variants and its games."""
    slug = _slug(ctx)

    def read(db: Any, user: Any) -> dict[str, Any]:
        club = _club(db, user, slug, "reader")
        own = [v.name for v, _ in store.variants_of(db, club, drafts=True)]
        rows = db.scalars(select(PadGame).where(PadGame.club_id == club.id)
                          .order_by(PadGame.updated_at.desc()).limit(100))
        found = [{"name": " · ".join(x for x in (g.table_name, g.played_on, g.variant) if x),
                  "url": f"/c/{slug}/pad/{g.id}"} for g in rows]
        return {"lang": club.language, "variants": [*own, *BUILTINS], "games": found}
    data = await s.q(ctx, read)
    return _json(s, ctx, {**data, "messages": web.page_messages(data["lang"])})


async def new_game(s: Server, ctx: Ctx) -> Response:
    """A new game of the club under one of its variants (or a built-in)."""
    from .jobs import ruleset

    slug = _slug(ctx)
    await s.q(ctx, lambda db, user: _club(db, user, slug, "editor"))
    data = _payload(ctx)
    name = data.get("variant")
    if not isinstance(name, str) or len(name) > 60:
        raise Refused(422, "err.no_variant")
    texts = await s.q(ctx, lambda db, user: _texts(db, _club(db, user, slug, "editor"), name))
    try:
        rs = await run_in_threadpool(ruleset, texts, name, None)
    except CoincheError as e:
        return _json(s, ctx, {"error": str(e)[:500]}, 422)
    record = web.new_record(rs, name, data)

    def insert(db: Any, user: Any) -> int:
        club = _club(db, user, slug, "editor")
        if db.query(PadGame).filter(PadGame.club_id == club.id).count() >= MAX_GAMES:
            raise Refused(409, "err.too_many")
        game = PadGame(club_id=club.id, table_name=record.table, played_on=record.date,
                       variant=name, record=json.dumps(record.to_json(), ensure_ascii=False),
                       created_by=user.id)
        db.add(game)
        db.flush()
        store.audit(db, user, club, "pad.new", f"game {game.id} ({name})", ctx.address)
        return int(game.id)
    number = await s.q(ctx, insert)
    return _json(s, ctx, {"game": str(number), "url": f"/c/{slug}/pad/{number}"})


async def _load(s: Server, ctx: Ctx, role: str) -> tuple[int, int, GameRecord, Any, Any,
                                                         PadWords]:
    slug, number = _slug(ctx), int(ctx.request.path_params["game"])

    def read(db: Any, user: Any) -> tuple[str, int, dict[str, str]]:
        club = _club(db, user, slug, role)
        game = _game(db, club, number)
        return game.record, game.revision, _texts(db, club, game.variant)
    text, revision, texts = await s.q(ctx, read)
    record = read_record(text, f"game {number}")
    try:
        rs, rules = await run_in_threadpool(_rules, texts, record)
    except CoincheError as e:
        raise Refused(422, "err.pad_rules", why=str(e)[:300]) from None
    lang = _payload(ctx).get("lang") if ctx.form else None
    return number, revision, record, rs, rules, PadWords(lang if isinstance(lang, str)
                                                          else rs.language)


def _answer(number: int, record: GameRecord, rs: Any, rules: Any, w: PadWords
            ) -> dict[str, Any]:
    return {"game": str(number), "lang": w.lang, "messages": web.page_messages(w.lang),
            "offer": web.offer(rs, w), "state": web.state(rules, record, w),
            "title": f"{w('pad.sheet')} — {rs.title or rs.name}"}


async def game_state(s: Server, ctx: Ctx) -> Response:
    number, _, record, rs, rules, w = await _load(s, ctx, "reader")
    answer = await run_in_threadpool(_answer, number, record, rs, rules, w)
    return _json(s, ctx, answer)


def _changing(how: Any, action: str) -> Any:
    async def change(s: Server, ctx: Ctx) -> Response:
        number, revision, record, rs, rules, w = await _load(s, ctx, "editor")
        data = _payload(ctx)
        try:
            changed = await run_in_threadpool(how, rules, record, data, w)
        except VariantError as e:
            line = data["said"] if isinstance(data.get("said"), str) else ""
            if not line and isinstance(data.get("deal"), dict):
                line = web.said_line(data["deal"], w)
            return _json(s, ctx, web.error_json(e, line[:500], w), 422)
        except web.PadRequestError as e:
            return _json(s, ctx, {"error": str(e)}, 422)
        text = json.dumps(changed.to_json(), ensure_ascii=False)

        def write(db: Any, user: Any) -> None:
            club = _club(db, user, _slug(ctx), "editor")
            done = db.execute(update(PadGame).where(
                PadGame.id == number, PadGame.club_id == club.id,
                PadGame.revision == revision).values(
                record=text, revision=revision + 1, table_name=changed.table,
                played_on=changed.date, updated_at=datetime.now(UTC)))
            if done.rowcount != 1:
                raise Refused(409, "err.pad_changed")
            store.audit(db, user, club, action, f"game {number}, {len(changed.deals)} deals",
                        ctx.address)
        await s.q(ctx, write)
        answer = await run_in_threadpool(_answer, number, changed, rs, rules, w)
        return _json(s, ctx, answer)
    return change


async def game_pdf(s: Server, ctx: Ctx) -> Response:
    number, _, record, rs, rules, w = await _load(s, ctx, "reader")
    try:
        data = await run_in_threadpool(web.sheet_pdf, rs, rules, record, w)
    except CoincheError as e:
        return _json(s, ctx, {"error": str(e)[:500]}, 422)
    return s.finish(ctx, Response(data, media_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="game-{number}.pdf"',
        "Cache-Control": "no-store"}))


PAD_ROUTES = [
    RouteInfo("GET", P, games_page, "reader", form=True),
    RouteInfo("GET", G, game_page, "reader", form=True),
    RouteInfo("POST", P + "/state", start_state, "reader"),
    RouteInfo("POST", P + "/new", new_game, "editor"),
    RouteInfo("POST", G + "/state", game_state, "reader"),
    RouteInfo("POST", G + "/pdf", game_pdf, "reader"),
    RouteInfo("POST", G + "/deal", _changing(
        lambda rules, record, data, w: web.told(rules, record, data, w), "pad.deal"), "editor"),
    RouteInfo("POST", G + "/undo", _changing(
        lambda rules, record, data, w: web.undone(record), "pad.undo"), "editor"),
    RouteInfo("POST", G + "/teams", _changing(
        lambda rules, record, data, w: web.renamed(record, data), "pad.teams"), "editor"),
]
"""The pad's routes, in the server's routing table (`app.ROUTES`)."""
