"""The studio's concurrency: no handler on the event loop; renders in one worker thread, the
quick calls in two others.

The page asks for problems as the secretary types (`check`, `complete`, `hover`); a PDF takes
about a second of WeasyPrint, a sheet or comparison 25 to 170 ms. A check is usually under
30 ms, but an accepted file at the limits may take seconds, and nothing of the project's code
runs on the event loop, which only reads requests and writes answers: the page (`GET /`) and
every other request are answered while a check or a render runs. Two lanes, each a
`RenderWorker` (`anyio.to_thread.run_sync` with a `CapacityLimiter`):

- the **quick lane**: `state`, `check`, `complete`, `hover`, `definition`, `format`, `save`,
  `answer`, `start`, in two threads (`QUICK_THREADS`): a small check is answered while a slow
  one runs; at most `MAX_QUICK` wait or run at once (more: 503);
- the **render worker** (`api.RENDERS`: `preview`, `pdf`, `compare`, `score`,
  `questionnaire`), one job at a time, so a check is answered while a PDF is being made.

So at most three threads run the project's code at once: two quick calls and one render.
What they share, and why that is safe:

- The formatter's parser (`syntax.parser.parse_with_comments`) is one Lark instance whose
  comments are collected per thread (a thread-local sink); only quick handlers use it
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
- `Workspace` holds two paths fixed at start-up; only `save` writes, atomically (two saves at
  once: each replaces the file whole, the later rename wins).

A job nobody waits for is not done: a job waiting for its lane whose client has gone (the page
aborts the request of a refresh or a check it no longer needs, a superseded version of the
text) is dropped undone, and at most `MAX_RENDERS` (`MAX_QUICK`) jobs may wait or run at once
(more: 503, "busy"). A job already running cannot be stopped; at most one render and two quick
calls are.
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
QUICK_THREADS = 2
"""Threads of the quick lane: one slow check leaves the other for the next request."""
MAX_QUICK = 16
"""Quick calls waiting or running at once (the page keeps a check, a completion and a hover in
flight at most, and aborts the superseded ones)."""
GONE = 499
"""The status of a request whose client went away before its turn (nginx's "client closed
request"): nobody reads it."""

Job = Callable[[], Response]


class RenderWorker:
    """`threads` worker threads' turns (one by default) for the handlers of one lane, in
    arrival order; `busy`: what a client told to wait reads."""

    def __init__(self, max_renders: int = MAX_RENDERS, threads: int = 1,
                 busy: str = "the studio is busy with other renders; try again") -> None:
        self.limiter = anyio.CapacityLimiter(threads)
        self.max_renders = max_renders
        self.busy = busy
        self.pending = 0
        """Jobs waiting for the worker or running in it."""
        self.dropped = 0
        """Jobs not made: their client left before their turn."""

    async def run(self, request: Request, job: Job) -> Response:
        """`job`'s response, made in the worker once the jobs before it are done; a 503 when
        too many are pending, and no work when the client leaves before its turn."""
        if self.pending >= self.max_renders:
            return JSONResponse({"error": self.busy}, status_code=503,
                                headers={"Retry-After": "1"})
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
