"""The studio's concurrency: quick answers on the event loop, renders in one worker thread.

The page asks for problems as the secretary types (`check`, `complete`, `hover`); a PDF takes
about a second of WeasyPrint, a sheet or a comparison a fraction of one. Two lanes:

- the **loop**: `state`, `check`, `complete`, `hover`, `definition`, `format`, `save`, `answer`,
  `start` (each quick) run in the server's event loop, one at a time, as they arrive;
- the **render worker** (`api.RENDERS`: `preview`, `pdf`, `compare`, `score`,
  `questionnaire`) runs off the loop, one job at a time (`anyio.to_thread.run_sync` with a
  `CapacityLimiter(1)`), so a check is answered while a PDF is being made.

So at most two threads run the project's code at once: the loop's handler and one render.
What they share, and why that is safe:

- The formatter's parser (`syntax.parser.parse_with_comments`) is one Lark instance whose
  comments are collected per thread (a thread-local sink); only loop handlers use it
  (`format`, `save`, `answer`, `start`, `hover`'s inherited value) and no render does (a test
  holds the renders to that), so the two lanes share as little as they can.
- Jinja's environment, the translators' number caches, Babel and WeasyPrint are used by the
  renders only: one thread, one job at a time (WeasyPrint promises no thread safety).
- Both lanes check the text and run its worked examples, so they share the loader's parsed
  files (`lru_cache`), the Lark parser (a fresh state per parse over read-only tables), the
  model's schema walks (`functools.cache`) and the compiled rules (`engine.compile`, under
  its lock). Each is a cache filled from the same input to an equal, read-only value: two
  threads meeting on a miss both build it, one store wins, and either value serves. The
  compiled rules' lazy tables (`CompiledRules.cache` and its lists of slots) are filled the
  same way: get, else build whole, then store (a dict key, a list slot: each get and store is
  atomic under the GIL). A cache stored first and filled in place afterwards would let the
  other thread read it half-built: engine caches must keep to "build, then store".
- `Workspace` holds two paths fixed at start-up; only `save` (on the loop) writes, atomically.

A render nobody waits for is not made: a job waiting for the worker whose client has gone (the
page aborts the request of a refresh it no longer needs) is dropped unrendered, and at most
`MAX_RENDERS` jobs may wait or run at once (more: 503, "busy"). A render already running cannot
be stopped; at most one is.
"""

from __future__ import annotations

from collections.abc import Callable

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

MAX_RENDERS = 8
"""Renders waiting or running at once. The page keeps one refresh in flight (it gives up the
one before) besides what the secretary clicks (a PDF, a score): more come from a client that
sends without waiting for its answers."""
GONE = 499
"""The status of a request whose client went away before its turn (nginx's "client closed
request"): nobody reads it."""

Job = Callable[[], Response]


class RenderWorker:
    """One worker thread's turn at a time for the slow handlers, in arrival order."""

    def __init__(self, max_renders: int = MAX_RENDERS) -> None:
        self.limiter = anyio.CapacityLimiter(1)
        self.max_renders = max_renders
        self.pending = 0
        """Jobs waiting for the worker or running in it."""
        self.dropped = 0
        """Jobs not made: their client left before their turn."""

    async def run(self, request: Request, job: Job) -> Response:
        """`job`'s response, made in the worker once the jobs before it are done; a 503 when
        too many are pending, and no work when the client leaves before its turn."""
        if self.pending >= self.max_renders:
            return JSONResponse({"error": "the studio is busy with other renders; try again"},
                                status_code=503, headers={"Retry-After": "1"})
        self.pending += 1
        try:
            made = await self._unless_gone(request, job)
        finally:
            self.pending -= 1
        if made is None:
            self.dropped += 1
            return Response(status_code=GONE)
        if isinstance(made, Exception):
            raise made  # as a handler's own error is raised on the loop: a 500
        return made

    async def _unless_gone(self, request: Request, job: Job) -> Response | Exception | None:
        """The job's response (or error), or None when the client went away while it waited."""
        made: list[Response | Exception] = []
        async with anyio.create_task_group() as group:
            group.start_soon(_cancel_when_gone, request, group.cancel_scope)
            # Waiting for the limiter can be cancelled; once the job is in the thread, the
            # wait is shielded until it ends (anyio's run_sync without abandon_on_cancel).
            made.append(await anyio.to_thread.run_sync(_outcome, job, limiter=self.limiter))
            group.cancel_scope.cancel()
        return made[0] if made else None


def _outcome(job: Job) -> Response | Exception:
    """The job's response or its error, returned: raised in the task group, it would come out
    wrapped in an exception group."""
    try:
        return job()
    except Exception as e:  # re-raised by `RenderWorker.run`, on the loop
        return e


async def _cancel_when_gone(request: Request, scope: anyio.CancelScope) -> None:
    """Cancel `scope` when the client disconnects (the body is already read: the next message
    the server has for this request is the disconnection)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass
    scope.cancel()
