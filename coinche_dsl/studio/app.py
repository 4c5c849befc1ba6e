"""The studio's web server: a Starlette app over `Workspace`, for one user on 127.0.0.1.

Every API call is a JSON POST carrying the page's session token (a header another site's page
cannot send or read), to a server that answers only to the loopback host names: a page from
elsewhere can neither read nor save the club's file. The quick calls are answered on the event
loop; the renders (a sheet, a PDF, a comparison) in one worker thread, so that the problems
beside the editor come back while a PDF is being made (`worker` says what is shared and why
that is safe).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import CoincheError
from .service import Workspace
from .worker import RenderWorker

MAX_BODY = 2_000_000
"""A request carries one variant file (at most 1 MB) and a few fields."""
LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
Handler = Callable[[Workspace, dict[str, Any]], Any]


def static_dir() -> Path:
    return Path(str(resources.files("coinche_dsl").joinpath("studio/static")))


def create_app(workspace: Workspace, token: str | None = None) -> Starlette:
    """The studio for `workspace`; `token` (random by default) guards every API call."""
    from . import api

    token = token or secrets.token_urlsafe(24)
    page = (static_dir() / "index.html").read_text(encoding="utf-8")

    async def index(request: Request) -> Response:
        return HTMLResponse(page.replace("{{TOKEN}}", token),
                            headers={"Content-Security-Policy": CSP,
                                     "Cache-Control": "no-store"})

    routes = [Route("/", index),
              Mount("/static", StaticFiles(directory=static_dir()), name="static")]
    worker = RenderWorker()
    routes += [Route(f"/api/{name}", _endpoint(workspace, token, handler,
                                               worker if name in api.RENDERS else None),
                     methods=["POST"])
               for name, handler in api.HANDLERS.items()]
    studio = Starlette(routes=routes, middleware=[
        Middleware(TrustedHostMiddleware, allowed_hosts=LOCAL_HOSTS)])
    studio.state.worker = worker
    return studio


CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; frame-src 'self' blob: data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'")
"""The page loads nothing from anywhere else; the preview iframe has no scripts."""


def _endpoint(workspace: Workspace, token: str, handler: Handler, worker: RenderWorker | None
              ) -> Callable[[Request], Awaitable[Response]]:
    """The route of one handler: on the loop, or in `worker`'s thread when given."""

    async def run(request: Request) -> Response:
        if not secrets.compare_digest(request.headers.get("x-studio-token", ""), token):
            return JSONResponse({"error": "missing or wrong session token"}, status_code=403)
        body = await request.body()
        if len(body) > MAX_BODY:
            return JSONResponse({"error": "request too large"}, status_code=413)
        try:
            data = json.loads(body or b"{}")
        except (ValueError, RecursionError):
            return JSONResponse({"error": "the request is not JSON"}, status_code=400)
        if not isinstance(data, dict):
            return JSONResponse({"error": "the request is not a JSON object"}, status_code=400)
        if worker is None:
            return _answer(handler, workspace, data)
        return await worker.run(request, partial(_answer, handler, workspace, data))
    return run


def _answer(handler: Handler, workspace: Workspace, data: dict[str, Any]) -> Response:
    try:
        answer = handler(workspace, data)
    except CoincheError as e:
        return JSONResponse({"error": str(e)}, status_code=422)
    if isinstance(answer, bytes):  # a PDF to print
        return Response(answer, media_type="application/pdf")
    return JSONResponse(answer)
