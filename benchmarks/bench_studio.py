"""How long the studio keeps a check waiting while it prints a PDF: the wall-clock time of a
`/api/check` sent a tenth of a second after a `/api/pdf`, against the same check on an idle
server, on two real servers side by side in one run: the studio as it is (renders in its
worker thread) and the same app with every handler on the event loop (as before).

    python benchmarks/bench_studio.py [ROUNDS]

Wall-clock times, since what the secretary waits for is the wall clock; each round sends a
fresh text (no cache answers for it). Needs the `studio` and `pdf` extras.
"""

from __future__ import annotations

import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn

from coinche_dsl.studio import api
from coinche_dsl.studio.app import create_app
from coinche_dsl.studio.guard import Session
from coinche_dsl.studio.service import Workspace

CLUB = ('variant "club" extends "ffb" {\n  title "Coinche du jeudi"\n  language fr\n'
        '  description "Partie courte."\n  sources "Club"\n  game { target TARGET }\n}\n')
TOKEN = "bench"
OPENED: dict[int, str] = {}
"""Per port, the session cookie the studio's link gave."""


def serve(folder: Path, renders: frozenset[str]) -> tuple[int, uvicorn.Server]:
    """A studio on a free port whose handlers named in `renders` run in its worker."""
    kept, api.RENDERS = api.RENDERS, renders  # read once, by create_app
    try:
        app = create_app(Workspace.open(folder, "club.coinche"), Session(token=TOKEN))
    finally:
        api.RENDERS = kept
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", f"/?key={app.state.session.key}")  # the link the command prints
    OPENED[port] = conn.getresponse().headers["set-cookie"].split(";")[0]
    conn.close()
    return port, server


def post(port: int, endpoint: str, body: dict[str, Any]) -> float:
    """Seconds until the whole answer of one call is read."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("POST", f"/api/{endpoint}", body=json.dumps(body),
                 headers={"Content-Type": "application/json", "X-Studio-Token": TOKEN,
                          "Cookie": OPENED[port]})
    reply = conn.getresponse()
    reply.read()
    conn.close()
    assert reply.status == 200, reply.status
    return time.perf_counter() - start


def measure(port: int, rounds: int, first: int) -> dict[str, list[float]]:
    """Per round: an idle check, then a PDF and a check sent 0.1 s into it."""
    out: dict[str, list[float]] = {"idle": [], "busy": [], "pdf": []}
    for n in range(rounds):
        text = CLUB.replace("TARGET", str(first + 2 * n))
        out["idle"].append(post(port, "check", {"text": text}))
        pdf = threading.Thread(target=_print, args=(port, text, out["pdf"]))
        pdf.start()
        time.sleep(0.1)
        out["busy"].append(post(port, "check", {"text": text.replace("0 }", "1 }")}))
        pdf.join()
    return out


def _print(port: int, text: str, times: list[float]) -> None:
    times.append(post(port, "pdf", {"text": text.replace("game {", "game { reach exceed"),
                                    "lang": "en"}))


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    folder = Path(tempfile.mkdtemp())
    (folder / "club.coinche").write_text(CLUB.replace("TARGET", "1500"), encoding="utf-8")
    servers = {"worker": serve(folder, api.RENDERS), "loop only": serve(folder, frozenset())}
    for port, _ in servers.values():
        measure(port, 1, 500)  # warm: templates, fonts, the base's parse
    print(f"{'server':<10} {'pdf s':>7} {'check idle ms':>14} {'check during pdf ms':>20} "
          f"{'ratio':>7}")
    for i, (name, (port, server)) in enumerate(servers.items()):
        got = measure(port, rounds, 1000 + 200 * i)
        idle, busy = statistics.median(got["idle"]), statistics.median(got["busy"])
        print(f"{name:<10} {statistics.median(got['pdf']):>7.2f} {idle * 1000:>14.0f} "
              f"{busy * 1000:>20.0f} {busy / idle:>6.1f}×")
        server.should_exit = True


if __name__ == "__main__":
    main()
