"""Load on `coinche serve`: requests/s and p50/p99 latency at 1, 10 and 100 concurrent clients.

A real server (`coinche serve`, its own process, render pool of `--workers` processes) on a
free loopback port, over SQLite and over a PostgreSQL server this script starts (Debian's
postgresql 15, as the tests do), seeded directly in the database with one club:

- **cached sheet**: the published variant's HTML rule sheet, already made once;
- **uncached sheet**: each request a different version of the variant (`?v=N`), so each is
  rendered (the cache is keyed by version id);
- **save**: each client saves new versions of its own variant (a check of the text in the
  render pool, then the version row), through the editor's form with its CSRF token;
- **PDF**: each request the one-page card of a different version as PDF (WeasyPrint in the
  pool); a 503 is the pool's back-pressure (more than `max_pending` waiting), counted apart;
- **cached sheet while PDFs are made**: the first at 10 clients, with 10 other clients asking
  for PDFs at the same time (one club's page while another's PDFs are made).

The load generator (httpx2, asyncio) runs in this process on the same 2 cores as the server,
bounded by `--seconds` and `--max-requests` per measure. Loopback only; nothing is left running.
Each row gives the server process's CPU per request and the generator's (this process's, or
wrk's), and the load average: on a shared machine, what the server costs is the CPU column, and
whether 100 clients can be answered in 50 ms is whether the generator, the server and everybody
else fit on the cores. `--wrk "cached sheet,revalidated sheet"` also asks the cached sheet with
`wrk` (Debian's package: C, one thread, HTTP/1.1 keep-alive), a generator that costs the cores
about a fiftieth of httpx2's; `revalidated sheet` sends its ETag back (a 304, no body).

    python benchmarks/bench_server.py --db sqlite --seconds 4
    python benchmarks/bench_server.py --db postgresql --seconds 4
    python benchmarks/bench_server.py --scenarios "cached sheet" --wrk "cached sheet"
    python benchmarks/bench_server.py --app-cpu
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PASSWORD = "benchmark password"
VERSIONS = 1500
SAVERS = 100


def text(target: int, name: str = "regles") -> str:
    return (f'variant "{name}" extends "ffb" {{\n  title "Banc d\'essai"\n  description "b"\n'
            f'  language fr\n  game {{ target {target} }}\n}}\n')


def seed(url: str) -> None:
    """One club, a published variant with VERSIONS versions, one variant per saving client."""
    from coinche_dsl.server import db as database
    from coinche_dsl.server import store
    from coinche_dsl.server.models import Variant

    engine = database.make_engine(url)
    database.upgrade(engine)
    with database.sessions(engine).begin() as db:
        user = store.create_user(db, "bench", PASSWORD)
        club = store.create_club(db, user, "bench", "Banc", "fr", "Bretagne")
        names = ["regles", *[f"s-{i}" for i in range(SAVERS)]]
        for name in names:
            variant = store.create_variant(db, user, club, name)
            access = store.Access(club, variant, "owner")
            for i in range(VERSIONS if name == "regles" else 1):
                store.save_version(db, user, access, text(500 + i, name), "", i,
                                   {"valid": True, "extends": "ffb", "title": "Banc",
                                    "language": "fr"})
        db.query(Variant).update({Variant.published: True})
    engine.dispose()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(url: str, workers: int, processes: int = 1
                 ) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "coinche_dsl", "serve", "--db", url, "--port", str(port),
         "--workers", str(workers), "--processes", str(processes)], stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, start_new_session=True)
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if "http://" in line:
            return proc, f"http://127.0.0.1:{port}"
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped: {line}{proc.stdout.read()}")
    raise RuntimeError("the server did not start in a minute")


def stop(proc: subprocess.Popen[str]) -> None:
    os.killpg(proc.pid, signal.SIGINT)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


async def signed_in(base: str) -> tuple[dict[str, str], str]:
    """The cookie of a signed-in session and its CSRF token (the first check also waits for
    the render workers to have started)."""
    async with httpx.AsyncClient(base_url=base, timeout=180) as c:
        page = await c.get("/login")
        csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)  # type: ignore
        await c.post("/login", data={"csrf": csrf, "username": "bench",
                                     "password": PASSWORD})
        page = await c.get("/c/bench/v/s-0/edit")
        csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)  # type: ignore
        return dict(c.cookies), csrf


class Load:
    def __init__(self, base: str, seconds: float, max_requests: int) -> None:
        self.base = base
        self.seconds = seconds
        self.max_requests = max_requests
        self.versions = itertools.count(2)
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.heads = {f"s-{i}": 1 for i in range(SAVERS)}

    async def run(self, scenario: str, clients: int, max_requests: int | None = None
                  ) -> dict[str, Any]:
        budget = max_requests or self.max_requests
        latencies: list[float] = []
        statuses: dict[int, int] = {}
        started = time.perf_counter()
        end = started + self.seconds
        limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
        # the sheets and PDFs as anyone reads them; the saves signed in
        cookies = self.cookies if scenario == "save" else None
        async with httpx.AsyncClient(base_url=self.base, limits=limits, timeout=120,
                                     cookies=cookies) as c:
            async def one(i: int) -> None:
                while time.perf_counter() < end and len(latencies) + sum(
                        statuses.get(s, 0) for s in (503,)) < budget:
                    t0 = time.perf_counter()
                    status = await self.request(c, scenario, i)
                    statuses[status] = statuses.get(status, 0) + 1
                    if status != 503:
                        latencies.append(time.perf_counter() - t0)
            await asyncio.gather(*(one(i) for i in range(clients)))
        wall = time.perf_counter() - started
        latencies.sort()
        done = len(latencies)
        return {"scenario": scenario, "clients": clients, "requests": done,
                "rate": done / wall if wall else 0.0,
                "p50": latencies[done // 2] * 1000 if done else float("nan"),
                "p99": latencies[min(done - 1, int(done * 0.99))] * 1000 if done
                else float("nan"),
                "other": {k: v for k, v in statuses.items() if k not in (200, 303)}}

    async def request(self, c: httpx.AsyncClient, scenario: str, i: int) -> int:
        if scenario == "cached sheet":
            r = await c.get("/c/bench/v/regles/sheet?lang=fr")
        elif scenario == "uncached sheet":
            r = await c.get(f"/c/bench/v/regles/sheet?lang=fr&v={next(self.versions)}")
        elif scenario == "PDF":
            r = await c.get(f"/c/bench/v/regles/card.pdf?lang=fr&v={next(self.versions)}")
        else:  # save
            name = f"s-{i % SAVERS}"
            r = await c.post(f"/c/bench/v/{name}/edit", data={
                "csrf": self.csrf, "base": str(self.heads[name]), "message": "bench",
                "text": text(1000 + self.heads[name], name)})
            if r.status_code == 303:
                self.heads[name] += 1
        return r.status_code


def wrk(base: str, scenario: str, clients: int, seconds: float) -> dict[str, Any]:
    """The cached sheet asked by `wrk` (C, epoll, HTTP/1.1 keep-alive; Debian's `wrk`), one
    thread, `clients` connections, for `seconds`: a generator that costs the shared cores
    far less than this process's httpx2. `revalidated sheet` sends the sheet's ETag back
    (If-None-Match), as a browser that holds it does: the answer is a 304 without body."""
    import resource

    url = base + "/c/bench/v/regles/sheet?lang=fr"
    command = ["wrk", "-t1", f"-c{clients}", f"-d{max(1, round(seconds))}s", "--latency"]
    if scenario == "revalidated sheet":
        etag = httpx.get(url).headers["etag"]
        command += ["-H", f"If-None-Match: {etag}"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([*command, url], capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)

    def ms(label: str) -> float:
        found = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        if not found:
            return float("nan")
        return float(found.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[found.group(2)]
    done = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    wall = float(re.search(r"requests in ([\d.]+)s", out).group(1))  # type: ignore[union-attr]
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    other: dict[Any, int] = {"non-2xx/3xx": int(bad.group(1))} if bad else {}
    if errors:
        other["socket errors"] = sum(int(n) for n in re.findall(r"\d+", errors.group(1)))
    generator = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return {"scenario": f"{scenario} (wrk)", "clients": clients, "requests": done,
            "rate": done / wall, "p50": ms("50"), "p99": ms("99"), "other": other,
            "gen": generator * 1000 / max(done, 1)}


PROCESSES = 1


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of the server's process, and of its server processes with
    `--processes` (its children then; the render workers, theirs, apart)."""
    def used(one: int | str) -> float:
        fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    if PROCESSES == 1:
        return used(pid)
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return used(pid) + sum(used(c) for c in children
                           if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes())


def show(db: str, row: dict[str, Any]) -> None:
    other = ", ".join(f"{k}: {v}" for k, v in sorted(row["other"].items())) or "-"
    print(f"| {db} | {row['scenario']} | {row['clients']} | {row['requests']} | "
          f"{row['rate']:.1f} | {row['p50']:.1f} | {row['p99']:.1f} | "
          f"{row.get('cpu', float('nan')):.2f} | {row.get('gen', float('nan')):.2f} | "
          f"{row.get('load', float('nan')):.1f} | {other} |", flush=True)


async def measure(db: str, base: str, pid: int, args: argparse.Namespace) -> None:
    load = Load(base, args.seconds, args.max_requests)
    load.cookies, load.csrf = await signed_in(base)
    async with httpx.AsyncClient(base_url=base, timeout=180) as c:  # the cached case
        assert (await c.get("/c/bench/v/regles/sheet?lang=fr")).status_code == 200
    for scenario in args.wrk:
        for clients in args.clients:
            before = cpu_seconds(pid)
            row = await asyncio.to_thread(wrk, base, scenario, clients, args.seconds)
            row["cpu"] = (cpu_seconds(pid) - before) * 1000 / max(row["requests"], 1)
            row["load"] = os.getloadavg()[0]
            show(db, row)
    for scenario in args.scenarios:
        for clients in args.clients:
            budget = args.pdf_requests if scenario == "PDF" else None
            if scenario == "uncached sheet":
                budget = min(args.max_requests, 400)
            before, generator = cpu_seconds(pid), time.process_time()
            row = await load.run(scenario, clients, budget)
            row["cpu"] = (cpu_seconds(pid) - before) * 1000 / max(row["requests"], 1)
            row["gen"] = (time.process_time() - generator) * 1000 / max(row["requests"], 1)
            row["load"] = os.getloadavg()[0]
            show(db, row)
    if "PDF" not in args.scenarios:
        return
    pdfs = asyncio.ensure_future(load.run("PDF", 10, args.pdf_requests))
    await asyncio.sleep(0.5)
    row = await load.run("cached sheet", 10)
    row["scenario"] = "cached sheet while PDFs are made"
    show(db, row)
    await pdfs


def app_cpu(rounds: int = 3, requests: int = 2000) -> None:
    """The CPU of a cached public sheet inside the app: the ASGI app called directly, one
    request after the other (no HTTP, no generator), best of `rounds` times `requests`. The
    figure the machine's load changes least; compare it with another revision's, in turn."""
    from coinche_dsl.server.app import create_app
    from coinche_dsl.server.renders import Renderer

    global VERSIONS
    with tempfile.TemporaryDirectory(prefix="coinche-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        VERSIONS, kept = 20, VERSIONS
        seed(url)
        VERSIONS = kept
        app = create_app(url, Renderer(0))

        async def call(path: str, query: bytes) -> int:
            scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                     "method": "GET", "scheme": "http", "path": path,
                     "raw_path": path.encode(), "query_string": query, "root_path": "",
                     "headers": [(b"host", b"127.0.0.1")], "client": ("127.0.0.1", 1),
                     "server": ("127.0.0.1", 80), "state": {}}
            sent: list[dict[str, Any]] = []

            async def receive() -> dict[str, Any]:
                return {"type": "http.request", "body": b"", "more_body": False}

            async def send(message: dict[str, Any]) -> None:
                sent.append(message)
            await app(scope, receive, send)
            return int(sent[0]["status"])

        async def run() -> list[float]:
            events: asyncio.Queue[dict[str, str]] = asyncio.Queue()
            await events.put({"type": "lifespan.startup"})
            said: list[Any] = []

            async def told(message: Any) -> None:
                said.append(message)
            life = asyncio.ensure_future(app({"type": "lifespan", "asgi": {"version": "3.0"},
                                              "state": {}}, events.get, told))
            while not said:
                await asyncio.sleep(0.01)
            assert await call("/c/bench/v/regles/sheet", b"lang=fr") == 200
            times = []
            for _ in range(rounds):
                started = time.process_time()
                for _ in range(requests):
                    await call("/c/bench/v/regles/sheet", b"lang=fr")
                times.append((time.process_time() - started) * 1000 / requests)
            await events.put({"type": "lifespan.shutdown"})
            await life
            return times
        times = asyncio.run(run())
    print(f"app CPU per cached public sheet (ASGI called directly, in turn): best "
          f"{min(times):.3f} ms of {rounds} x {requests} ({', '.join(f'{t:.3f}' for t in times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="sqlite")
    parser.add_argument("--seconds", type=float, default=4.0,
                        help="longest time of each measure")
    parser.add_argument("--max-requests", type=int, default=3000,
                        help="most requests of each measure")
    parser.add_argument("--pdf-requests", type=int, default=24)
    parser.add_argument("--clients", type=lambda s: [int(x) for x in s.split(",")],
                        default=[1, 10, 100])
    parser.add_argument("--workers", type=int, default=2,
                        help="render processes (of each server process)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes (coinche serve --processes)")
    parser.add_argument("--scenarios", type=lambda s: [x for x in s.split(",") if x],
                        default=["cached sheet", "uncached sheet", "save", "PDF"],
                        help="comma-separated, among the four (PDF adds the mixed case)")
    parser.add_argument("--wrk", type=lambda s: [x for x in s.split(",") if x], default=[],
                        help="also ask with wrk (apt-get install wrk): 'cached sheet' and/or "
                             "'revalidated sheet' (If-None-Match: a 304), comma-separated")
    parser.add_argument("--app-cpu", action="store_true",
                        help="only the CPU of a cached public sheet inside the app (no HTTP)")
    args = parser.parse_args()
    global PROCESSES
    PROCESSES = args.processes
    if args.app_cpu:
        app_cpu()
        return
    if args.wrk and shutil.which("wrk") is None:
        parser.error("--wrk needs wrk on the PATH (Debian: apt-get install wrk)")
    print(f"load average at start: {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores")
    print("| database | request | clients | requests | req/s | p50 ms | p99 ms | "
          "server CPU ms/request | generator CPU ms/request | load | other |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for db in (["sqlite", "postgresql"] if args.db == "both" else [args.db]):
        with tempfile.TemporaryDirectory(prefix="coinche-bench-") as folder:
            pg = None
            if db == "sqlite":
                url = f"sqlite:///{Path(folder) / 'bench.db'}"
            else:
                from tests.server_support import Postgres

                pg_folder = Path(tempfile.mkdtemp(prefix="coinche-pg-"))
                pg_folder.chmod(0o755)
                pg = Postgres(pg_folder)
                pg.start()
                url = pg.new_database()
            try:
                seed(url)
                proc, base = start_server(url, args.workers, args.processes)
                try:
                    asyncio.run(measure(db, base, proc.pid, args))
                finally:
                    stop(proc)
            finally:
                if pg is not None:
                    pg.stop()
                    shutil.rmtree(pg.folder, ignore_errors=True)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
