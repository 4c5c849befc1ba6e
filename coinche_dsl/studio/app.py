"""The studio's web server: a Starlette app over `Workspace`, for one user on 127.0.0.1.

Only the user who started it gets in (`guard`): the link it prints carries a one-time key,
exchanged for a session cookie; the page and every API call need that cookie, and every API
call, a JSON POST, the page's request token in a header another site's page cannot send, to a
server that answers only to the loopback host names. Another account of the machine, or a page
from elsewhere, can neither read nor save the club's file. No handler runs on the event loop:
the quick calls in two worker threads, the renders (a sheet, a PDF, a comparison) in a third,
so that the page and the problems beside the editor come back while a slow check or a PDF is
being made (`worker` says what is shared and why that is safe).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import CoincheError, InputError
from .guard import LOCAL_HOSTS, CatchAll, SecurityHeaders, Session
from .service import Workspace
from .worker import MAX_QUICK, QUICK_THREADS, RenderWorker

MAX_BODY = 2_000_000
"""A request carries one variant file (at most 1 MB) and a few fields."""
Handler = Callable[[Workspace, dict[str, Any]], Any]


def static_dir() -> Path:
    return Path(str(resources.files("coinche_dsl").joinpath("studio/static")))


def create_app(workspace: Workspace, session: Session | None = None) -> Starlette:
    """The studio for `workspace`, opened by `session`'s one-time key (`app.state.session`:
    the command prints the link `/?key=` + its key)."""
    from . import api, pad_routes

    session = session or Session()
    page = (static_dir() / "index.html").read_text(encoding="utf-8")

    async def index(request: Request) -> Response:
        key = request.query_params.get("key")
        if key is not None:
            if session.exchange(key):
                opened = RedirectResponse("/", status_code=303, headers=NO_STORE)
                opened.headers["set-cookie"] = session.set_cookie(request)
                return opened
            if session.holds(request):  # the link again, in a browser already in
                return RedirectResponse("/", status_code=303, headers=NO_STORE)
            return HTMLResponse(HOW_TO_OPEN.format(why=USED_KEY), status_code=403,
                                headers={**NO_STORE, "Content-Security-Policy": CSP})
        if not session.holds(request):
            return HTMLResponse(HOW_TO_OPEN.format(why=NO_KEY), status_code=403,
                                headers={**NO_STORE, "Content-Security-Policy": CSP})
        return HTMLResponse(page.replace("{{TOKEN}}", session.token),
                            headers={**NO_STORE, "Content-Security-Policy": CSP})

    routes = [Route("/", index),
              Mount("/static", StaticFiles(directory=static_dir()), name="static")]
    worker = RenderWorker()
    quick = RenderWorker(MAX_QUICK, QUICK_THREADS, "the studio is busy with other requests; "
                         "try again")
    routes += [Route(f"/api/{name}", _endpoint(workspace, session, handler,
                                               worker if name in api.RENDERS else quick),
                     methods=["POST"])
               for name, handler in api.HANDLERS.items()]
    routes += pad_routes.routes(workspace, session, quick, worker, _endpoint, lambda: HTMLResponse(
        HOW_TO_OPEN.format(why=NO_KEY), status_code=403,
        headers={**NO_STORE, "Content-Security-Policy": CSP}))
    studio = Starlette(routes=routes, middleware=[
        Middleware(SecurityHeaders),  # outermost: on every answer, refusals included
        Middleware(CatchAll),  # inside it: its 500 gets the headers too
        Middleware(TrustedHostMiddleware, allowed_hosts=LOCAL_HOSTS)])
    studio.state.worker = worker
    studio.state.quick = quick
    studio.state.session = session
    return studio


NO_STORE = {"Cache-Control": "no-store"}
HOW_TO_OPEN = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>coinche studio</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto; line-height: 1.5">
<h1>coinche studio</h1>
<p>{why}</p>
<p>Open the studio with the link <code>coinche studio</code> printed in its terminal
(<code>http://127.0.0.1:&hellip;/?key=&hellip;</code>): it lets in this browser, once. If that
link has been used already, stop the studio (Ctrl-C in its terminal) and start it again for a
new one.</p>
</body></html>
"""
"""The page for a browser without the session: how to get in, and nothing secret."""
NO_KEY = "This browser has not opened the studio yet."
USED_KEY = "This link has been used already, or is not the studio's."


CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; frame-src 'self' blob: data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
"""The page loads nothing from anywhere else; the preview iframe has no scripts; nobody frames
the page (its own preview iframe is its child, not an ancestor)."""


def _endpoint(workspace: Workspace, session: Session, handler: Handler, worker: RenderWorker
              ) -> Callable[[Request], Awaitable[Response]]:
    """The route of one handler, run in its lane's `worker` (never on the event loop)."""

    async def run(request: Request) -> Response:
        if not session.allows(request):
            return JSONResponse({"error": "this browser has not opened the studio: use the "
                                 "link printed in the studio's terminal"}, status_code=403)
        try:
            body = await request.body()
        except ClientDisconnect:  # nobody reads the answer; it says what happened all the same
            return JSONResponse({"error": "the request ended before its body"}, status_code=400)
        if len(body) > MAX_BODY:
            return JSONResponse({"error": "request too large"}, status_code=413)
        try:
            data = json.loads(body or b"{}")
        except (ValueError, RecursionError):
            return JSONResponse({"error": "the request is not JSON"}, status_code=400)
        if not isinstance(data, dict):
            return JSONResponse({"error": "the request is not a JSON object"}, status_code=400)
        if not _valid_unicode(data):
            return JSONResponse({"error": "the request holds text that is not valid Unicode "
                                 "(a lone surrogate)"}, status_code=400)
        return await worker.run(request, partial(_answer, handler, workspace, data))
    return run


def _valid_unicode(data: Any) -> bool:
    """Whether every text in the request's JSON can be written as UTF-8: JSON may carry a lone
    surrogate (`"\\ud800"`), which no file, parser or answer can hold."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def _said_in(data: dict[str, Any]) -> str | None:
    """The language a refusal is said in: the request's (the page's, or the sheet's asked
    for), else the edited text's own."""
    from ..problems import language

    lang = data.get("lang")
    if isinstance(lang, str) and language(lang):
        return language(lang)
    text = data.get("text")
    if isinstance(text, str):
        from .api import file_language

        return file_language(text)
    return None


def _answer(handler: Handler, workspace: Workspace, data: dict[str, Any]) -> Response:
    try:
        answer = handler(workspace, data)
    except CoincheError as e:
        from ..options import UnknownOptionError

        said = str(e)
        if isinstance(e, InputError) and e.code:  # an impossible deal: in the page's language
            from ..problems import language, said_input

            lang = data.get("lang")
            said = said_input(e, language(lang if isinstance(lang, str) else None))
        elif isinstance(e, UnknownOptionError):  # an option chosen that the file lost
            from ..problems import said_option

            said = said_option(e, _said_in(data))
        return JSONResponse({"error": workspace.relative(said)}, status_code=422)
    if isinstance(answer, bytes):  # a PDF to print
        return Response(answer, media_type="application/pdf")
    for d in answer.get("diagnostics", ()) if isinstance(answer, dict) else ():
        for key in ("message", "hint"):
            if isinstance(d.get(key), str):
                d[key] = workspace.relative(d[key])
    return JSONResponse(answer)
