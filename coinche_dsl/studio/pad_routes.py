"""The score pad as a page of the studio (`/pad`): a table keeps a game's score on a phone,
each game a record file (`coinche schema game`) in the studio's folder, replaced whole and
atomically after every deal, as `coinche marque` keeps it.

The page and its calls are the studio's: the page needs the session cookie, each call (a JSON
POST to `/api/pad/…`) the cookie, the page's request token and the studio's own origin
(`guard`). A game is named by its file's name in the folder, never by a path; one lock makes
two calls on the same game (two phones at one table) come one after the other.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import VariantError
from ..loader import BUILTINS, load_variant
from ..pad import web
from ..pad.record import GameRecord
from ..pad.session import read_record, save
from ..pad.words import PadWords
from .service import StudioError, Workspace

GAME_NAME = re.compile(r"[^/\\\x00-\x1f\x7f]{1,120}\.json")
LOCK = threading.Lock()
"""One game's read, change and write at a time (the studio serves one user: a lock for all
its games costs nothing)."""


def game_path(ws: Workspace, name: Any) -> Path:
    """The record file `name` in the studio's folder; StudioError otherwise."""
    if not isinstance(name, str) or not GAME_NAME.fullmatch(name) or name.startswith("."):
        raise StudioError(web.page_messages("en")["error.game_name"])
    path = (ws.root / name).resolve()
    if path.parent != ws.root:
        raise StudioError(web.page_messages("en")["error.game_name"])
    return path


def _lang(data: dict[str, Any], fallback: str) -> str:
    from ..render.i18n import LANGUAGES

    asked = data.get("lang")
    return asked if asked in LANGUAGES else fallback


def _rules(ws: Workspace, record: GameRecord) -> Any:
    """The ruleset the game is played under (a built-in, or a variant file of the folder, as
    saved on disk), at the record's option values."""
    name = record.variant.name
    chosen = dict(record.variant.options)
    if name in BUILTINS:
        return load_variant(name, chosen)
    return load_variant(ws.inside(name), chosen)


def _open(ws: Workspace, data: dict[str, Any]) -> tuple[Path, GameRecord, Any, Any, PadWords]:
    from ..engine import compile
    from ..files import FileError, read_bytes

    path = game_path(ws, data.get("game"))
    if not path.is_file():
        raise StudioError(web.page_messages("en")["error.no_game"])
    try:
        text = read_bytes(path, 2_000_000, "game record").decode("utf-8", "replace")
    except FileError as e:
        raise StudioError(f"{path.name}: {e.why}") from None
    record = read_record(text, path.name)
    ruleset = _rules(ws, record)
    return path, record, ruleset, compile(ruleset), PadWords(_lang(data, ruleset.language))


def _answer(record: GameRecord, ruleset: Any, rules: Any, w: PadWords, name: str
            ) -> dict[str, Any]:
    return {"game": name, "lang": w.lang, "messages": web.page_messages(w.lang),
            "offer": web.offer(ruleset, w), "state": web.state(rules, record, w),
            "title": f"{w('pad.sheet')} — {ruleset.title or ruleset.name}"}


def games(ws: Workspace) -> list[str]:
    """The game records of the folder, the newest first."""
    found = [p for p in ws.root.glob("*.json") if p.is_file() and GAME_NAME.fullmatch(p.name)]
    return [p.name for p in sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)][:50]


def state(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The game (`"game"`) so far, with what the page's buttons offer; without a game, what
    the page needs to start one (the variants, the folder's games)."""
    if not data.get("game"):
        from .api import file_language

        lang = _lang(data, file_language(ws.read()))
        return {"lang": lang, "messages": web.page_messages(lang), "variants":
                [ws.file.name, *(v for v in ws.variants() if v != ws.file.name)],
                "games": games(ws)}
    path, record, ruleset, rules, w = _open(ws, data)
    return _answer(record, ruleset, rules, w, path.name)


def new(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """A new game under the chosen variant, its record written in the folder."""
    from datetime import datetime

    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in ws.variants():
        raise StudioError("choose the game's rules among the studio's variants")
    ruleset = load_variant(variant) if variant in BUILTINS else load_variant(ws.inside(variant))
    w = PadWords(ruleset.language)
    record = web.new_record(ruleset, variant, data)
    stem = w("pad.default_file", date=datetime.now().strftime("%Y-%m-%d-%H%M"))[:-5]
    with LOCK:
        for n in range(1, 100):
            path = ws.root / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
            if not path.exists():
                break
        save(record, path)
    return {"game": path.name}


def _change(ws: Workspace, data: dict[str, Any], how: Any) -> dict[str, Any]:
    with LOCK:
        path, record, ruleset, rules, w = _open(ws, data)
        try:
            record = how(rules, record, w)
        except VariantError as e:
            line = data["said"] if isinstance(data.get("said"), str) else (
                web.said_line(data["deal"], w) if isinstance(data.get("deal"), dict) else "")
            return web.error_json(e, line[:500], w)
        save(record, path)
    return _answer(record, ruleset, rules, w, path.name)


def deal(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The deal told (`"deal"` from the buttons, or `"said"`), at the end or in place of
    deal `"at"`; the record saved, or the problems in the line said."""
    return _change(ws, data, lambda rules, record, w: web.told(rules, record, data, w))


def undo(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    return _change(ws, data, lambda rules, record, w: web.undone(record))


def teams(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    return _change(ws, data, lambda rules, record, w: web.renamed(record, data))


def pdf(ws: Workspace, data: dict[str, Any]) -> bytes:
    """The game's filled score sheet, to print."""
    _, record, ruleset, rules, w = _open(ws, data)
    return web.sheet_pdf(ruleset, rules, record, w)


HANDLERS = {"state": state, "new": new, "deal": deal, "undo": undo, "teams": teams,
            "pdf": pdf}
RENDERS = frozenset({"pdf"})


def page_html(token: str, game: str) -> str:
    """The pad's page for the studio, its request token in it."""
    from html import escape

    return (web.static_text("pad.html").replace("{{TOKEN}}", escape(token))
            .replace("{{HEADER}}", "x-studio-token").replace("{{API}}", "/api/pad")
            .replace("{{STATIC}}", "/pad/static").replace("{{GAME}}", escape(game))
            .replace("{{LANG}}", "en").replace("{{TITLE}}", "Score pad"))


def routes(workspace: Workspace, session: Any, quick: Any, worker: Any, endpoint: Any,
           refused: Any) -> list[Any]:
    """The pad's page, its script and style, and its calls (`endpoint` makes each call's
    route the studio's way; `refused` is the studio's page for a browser without the
    session)."""
    from .app import CSP, NO_STORE

    async def page(request: Request) -> Response:
        if not session.holds(request):
            return refused()
        game = request.query_params.get("game", "")[:200]
        return HTMLResponse(page_html(session.token, game),
                            headers={**NO_STORE, "Content-Security-Policy": CSP})

    out: list[Any] = [Route("/pad", page),
                      Mount("/pad/static", StaticFiles(directory=web.static_dir()))]
    out += [Route(f"/api/pad/{name}", endpoint(workspace, session, handler,
                                               worker if name in RENDERS else quick),
                  methods=["POST"]) for name, handler in HANDLERS.items()]
    return out
