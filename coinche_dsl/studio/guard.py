"""Who may use the studio, and the headers every answer carries.

The studio serves one user, the one who started it, on 127.0.0.1, where every other account of
the machine can connect too. So knowing the port gives nothing:

- `coinche studio` prints (and opens) a link carrying a one-time **key**. `GET /?key=...`
  exchanges it, once, for a **session cookie** (HttpOnly: the page's scripts never see it;
  SameSite=Strict: no other site's page or form sends it) and redirects to `/` without the key.
  The key is compared in constant time and dies on first use: a copy seen later (in the
  browser's history, in a process list while the browser starts) opens nothing.
- The page (`GET /`) and every API call need that cookie. Without it, `GET /` is a short page
  saying how to open the studio, and an API call a 403: neither carries anything secret.
- An API call also needs the page's **request token** in the `X-Studio-Token` header. The page
  gets it only with the cookie; a header another site's page cannot send without the server's
  consent (which it never gives), and a plain HTML form cannot send at all.
- The Host must be a loopback name (DNS rebinding), and an `Origin`, when the browser sends
  one, must be the studio's own.

`SECURITY_HEADERS` go on every answer, the 404s and refusals included: nobody may frame the
studio (clickjacking on Save), content types are not guessed, and no address (the page's key
included) leaks as a referrer. And an error nobody foresaw (`CatchAll`) is a 500 with a JSON
message, never a traceback: the traceback goes to the studio's log, in its terminal.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from typing import Any

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOG = logging.getLogger("coinche_dsl.studio")
COOKIE = "coinche_studio"
"""The session cookie's name; the server's port is appended (cookies are not kept apart by
port, and two studios may run side by side)."""
HEADER = "x-studio-token"
LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "frame-ancestors 'none'",
}
"""On every answer. The page's own, stricter policy (`app.CSP`) replaces the last one there;
it says `frame-ancestors 'none'` too."""


class Session:
    """The one-time key, the session cookie it is exchanged for, and the page's request token:
    three random values of one run of the studio."""

    def __init__(self, token: str | None = None) -> None:
        self.key = secrets.token_urlsafe(32)
        self.cookie = secrets.token_urlsafe(32)
        self.token = token or secrets.token_urlsafe(24)
        self._used = False
        self._lock = threading.Lock()

    def exchange(self, key: str) -> bool:
        """Whether `key` is the link's key, not used before; it is used from now on."""
        with self._lock:
            if self._used or not secrets.compare_digest(key.encode(), self.key.encode()):
                return False
            self._used = True
            return True

    def holds(self, conn: HTTPConnection) -> bool:
        """Whether the request carries this session's cookie."""
        given = conn.cookies.get(cookie_name(conn), "")
        return secrets.compare_digest(given.encode(), self.cookie.encode())

    def allows(self, conn: HTTPConnection) -> bool:
        """Whether an API call may run: the cookie, the page's token, and the studio's own
        origin (when the browser says one)."""
        given = conn.headers.get(HEADER, "")
        return (self.holds(conn) and secrets.compare_digest(given.encode(), self.token.encode())
                and same_origin(conn))

    def set_cookie(self, conn: HTTPConnection) -> str:
        """The Set-Cookie value that opens this session."""
        return f"{cookie_name(conn)}={self.cookie}; HttpOnly; SameSite=Strict; Path=/"


def cookie_name(conn: HTTPConnection) -> str:
    server = conn.scope.get("server") or ("", 0)
    return f"{COOKIE}_{server[1]}"


def same_origin(conn: HTTPConnection) -> bool:
    """No `Origin` (a request the browser did not make for another page), or the studio's."""
    origin = conn.headers.get("origin")
    if origin is None:
        return conn.headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")
    return origin == f"http://{conn.headers.get('host', '')}"


class SecurityHeaders:
    """ASGI middleware: `SECURITY_HEADERS` on every answer (a header the answer sets itself,
    the page's CSP, is kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.extra = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in self.extra if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


FAILED = {"error": "the studio failed on this request (its terminal has the details); "
                   "the file on disk is as it was"}


class CatchAll:
    """ASGI middleware: an unexpected exception becomes a 500 with a JSON message (`FAILED`),
    and is logged with its traceback (the studio's terminal, not the page). An exception once
    the answer has begun can only close the connection; it is logged too."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception:
            LOG.exception("the studio failed on %s %s", scope.get("method"), scope.get("path"))
            if started:
                return
            body = json.dumps(FAILED).encode()
            await send({"type": "http.response.start", "status": 500, "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
