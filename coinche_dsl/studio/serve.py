"""How the studio is served: uvicorn on 127.0.0.1 with limits a shared machine needs.

Every account of the machine can connect to the port, and a connection costs the server its
state until it ends. uvicorn bounds an idle connection after an answer (`timeout_keep_alive`),
the size of a request's headers (`h11_max_incomplete_event_size`) and the connections and
requests at once (`limit_concurrency`, then 503s), but keeps for good a connection that opens
and never finishes its headers (a slowloris). `StudioProtocol` closes a connection that has
not finished a request's headers `HEADER_TIMEOUT` seconds after it opened or after its last
answer.
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0
"""Seconds a connection may take to send a request's headers (a browser takes milliseconds)."""
KEEP_ALIVE = 5
"""Seconds an idle connection stays open after an answer (uvicorn's default)."""
MAX_HEADERS = 16 * 1024
"""Bytes of a request's line and headers (the page sends under 1 kB)."""
MAX_CONCURRENCY = 64
"""Connections and requests at once; more are answered 503 (one page keeps a few)."""


class StudioProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request headers are late, and
    ending quietly a request whose body breaks HTTP's framing."""

    header_timeout = HEADER_TIMEOUT

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._late: asyncio.TimerHandle | None = None
        self._wait_for_headers()

    def _wait_for_headers(self) -> None:
        self._stop_waiting()
        self._late = self.loop.call_later(self.header_timeout, self._headers_late)

    def _stop_waiting(self) -> None:
        if self._late is not None:
            self._late.cancel()
            self._late = None

    def _headers_late(self) -> None:
        self._late = None
        if not self.transport.is_closing():
            self.transport.close()

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        if self.cycle is not before:  # a request's headers came whole
            self._stop_waiting()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._wait_for_headers()  # the next request's headers must come in time too

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """A request that breaks HTTP's framing mid-body (a chunk size that is not a number)
        gets h11's 400 and the connection closes: the request being answered is told its
        client is gone, so that its own answer is dropped rather than raised and logged."""
        super().send_400_response(msg)
        if self.cycle is not None:
            self.cycle.disconnected = True


def studio_config(app: Any, port: int, protocol: type[H11Protocol] = StudioProtocol,
                  log_level: str = "warning") -> uvicorn.Config:
    """uvicorn's configuration for the studio `app` on 127.0.0.1:`port`, with its limits."""
    return uvicorn.Config(app, host="127.0.0.1", port=port, log_level=log_level,
                          http=protocol, timeout_keep_alive=KEEP_ALIVE,
                          h11_max_incomplete_event_size=MAX_HEADERS,
                          limit_concurrency=MAX_CONCURRENCY)
