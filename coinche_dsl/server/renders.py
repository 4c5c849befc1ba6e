"""Sheets, cards, PDFs, comparisons and checks, made off the event loop and kept.

- **The pool**: every job (`jobs`) runs in a bounded pool of worker processes (`workers`,
  2 by default; 0 runs them in one worker thread instead, for tests and small machines), so a
  PDF (about a second of WeasyPrint) never holds the loop, and another club's pages are served
  while it is made. At most `max_pending` jobs wait or run at once; past that the visitor is
  told to try again (503) instead of the queue growing without end.
- **The cache**: a made document is kept in a bounded in-process LRU, keyed by what makes it:
  the immutable ids of the versions it was made from (the variant's and those it extends),
  the language, the options, the kind. A version is never changed once saved, so an entry is
  never stale and every worker process of a deployment may keep its own: nothing in it is state
  the database does not hold. The same document asked for by many visitors at once is made once
  (the others wait for it).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from . import jobs

DEFAULT_WORKERS = 2
CACHE_BYTES = 64_000_000
"""What the cache may hold (a sheet is about 30-60 kB of HTML, a PDF 20-100 kB)."""


@dataclass(frozen=True)
class Made:
    """A document as it is sent: its bytes, and their strong ETag (both made once)."""

    body: bytes
    etag: str

    @classmethod
    def of(cls, result: str | bytes) -> Made:
        body = result.encode("utf-8") if isinstance(result, str) else result
        return cls(body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')

    def __len__(self) -> int:
        return len(self.body)


class Busy(Exception):
    """Too many renders waiting: try again shortly."""


class LRU:
    """A thread-safe least-recently-used map bounded by the total size of its values."""

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            item = self._items.get(key)
            if item is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return item[0]

    def put(self, key: Hashable, value: Any) -> None:
        weight = len(value) if isinstance(value, str | bytes | Made) else 1000
        if weight > self.max_bytes // 4:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.size -= old[1]
            self._items[key] = (value, weight)
            self.size += weight
            while self.size > self.max_bytes:
                _, (_, w) = self._items.popitem(last=False)
                self.size -= w

    def __len__(self) -> int:
        return len(self._items)


def _init_worker() -> None:
    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # refused fetches are expected
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    jobs.warm()


class Renderer:
    """The pool and the cache (one per server process)."""

    def __init__(self, workers: int = DEFAULT_WORKERS, max_pending: int = 32,
                 cache_bytes: int = CACHE_BYTES) -> None:
        self.workers = workers
        self.max_pending = max_pending
        self.cache = LRU(cache_bytes)
        self.pending = 0
        self._inflight: dict[Hashable, asyncio.Future[Any]] = {}
        self._executor: Executor | None = None

    def start(self) -> None:
        if self._executor is not None:
            return
        if self.workers <= 0:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="coinche-render",
                                                initializer=_init_worker)
        else:
            # spawn: a fresh interpreter, never a fork of the server's threads and sockets
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    async def run(self, job: str, *args: Any) -> Any:
        """A job's result, made in the pool (not cached)."""
        if self.pending >= self.max_pending:
            raise Busy()
        self.start()
        assert self._executor is not None
        self.pending += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._executor, jobs.run, job, *args)
        finally:
            self.pending -= 1

    async def cached(self, key: Hashable, job: str, *args: Any,
                     shape: Callable[[Any], Any] | None = None) -> Any:
        """A job's result from the cache, or made once and kept (an error result is not
        kept: it costs what a check costs, and a fixed base must not be hidden by it);
        `shape` makes what is kept of a result (`Made.of`: a document as it is sent)."""
        found = self.cache.get(key)
        if found is not None:
            return found
        waiting = self._inflight.get(key)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._inflight[key] = future
        try:
            result = await self.run(job, *args)
            failed = isinstance(result, dict) and "error" in result
            if shape is not None and not failed:
                result = shape(result)
        except BaseException as e:
            future.set_exception(e)
            future.exception()  # read: nobody else may be waiting
            raise
        finally:
            self._inflight.pop(key, None)
        if not failed:
            self.cache.put(key, result)
        future.set_result(result)
        return result
