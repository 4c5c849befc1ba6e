"""The studio stays responsive while it renders: against a real uvicorn server, a check is
answered while a PDF or a sheet is being made, renders whose client has gone are not made, and
a client that floods the render worker is told it is busy. The renders are held in the server
(`studio_support.Gate`) until the test lets them go."""

from __future__ import annotations

import http.client
import importlib.util
import io
import json
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the studio extra is not installed")
from starlette.applications import Starlette  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from studio_support import (  # noqa: E402
    HOLD,
    Gate,
    hold_sheets,
    open_link,
    open_studio,
    serving,
    wait_until,
)

import coinche_dsl.render  # noqa: E402
from coinche_dsl.studio import api  # noqa: E402
from coinche_dsl.studio.app import create_app  # noqa: E402
from coinche_dsl.studio.service import Workspace  # noqa: E402
from coinche_dsl.studio.worker import MAX_RENDERS  # noqa: E402
from coinche_dsl.syntax import parser as parser_module  # noqa: E402

CLUB = """\
variant "club" extends "ffb" {
  title "Coinche du jeudi"
  language fr
  description "Partie courte."
  sources "Règlement du club, 2026"
  game { target 1500 }
}
"""
OPENED: dict[int, dict[str, str]] = {}
"""Per port, the headers of a browser that opened the studio with its link (cookie, token)."""
PDF_READY = importlib.util.find_spec("weasyprint") is not None


def club(target: int) -> str:
    return CLUB.replace("1500", str(target))


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    held = hold_sheets(monkeypatch)
    yield held
    held.release.set()


@pytest.fixture
def studio(tmp_path: Path) -> Iterator[tuple[int, Starlette]]:
    """A real studio (uvicorn) on a free port of 127.0.0.1: its port and its app."""
    (tmp_path / "club.coinche").write_text(CLUB, encoding="utf-8")
    app = create_app(Workspace.open(tmp_path, "club.coinche"))
    with serving(app) as port:
        OPENED[port] = open_link(port, app)
        yield port, app
        del OPENED[port]


def request_bytes(port: int, endpoint: str, body: dict[str, Any]) -> bytes:
    data = json.dumps(body).encode()
    return (f"POST /api/{endpoint} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/json\r\nX-Studio-Token: {OPENED[port]['X-Studio-Token']}"
            f"\r\nCookie: {OPENED[port]['Cookie']}\r\n"
            f"Content-Length: {len(data)}\r\n\r\n").encode() + data


def post(port: int, endpoint: str, **body: Any) -> tuple[int, str, bytes]:
    """Status, content type and body of one call (a connection of its own)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=3 * HOLD)
    try:
        conn.request("POST", f"/api/{endpoint}", body=json.dumps(body),
                     headers={"Content-Type": "application/json", **OPENED[port]})
        reply = conn.getresponse()
        return reply.status, reply.headers.get("content-type", ""), reply.read()
    finally:
        conn.close()


def in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, dict[str, Any]]:
    """`call` started in a thread; its answer and the time it came back, once done."""
    out: dict[str, Any] = {}

    def run() -> None:
        out["answer"] = call()
        out["at"] = time.monotonic()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, out


def sent_and_left(port: int, endpoint: str, body: dict[str, Any]) -> socket.socket:
    """A request sent on a raw connection, whose answer nobody reads: close it to leave."""
    conn = socket.create_connection(("127.0.0.1", port), timeout=10)
    conn.sendall(request_bytes(port, endpoint, body))
    return conn


@pytest.mark.parametrize("endpoint", [
    pytest.param("pdf", marks=pytest.mark.skipif(not PDF_READY, reason="WeasyPrint missing")),
    "preview"])
def test_a_check_is_answered_while_a_render_is_held(studio: tuple[int, Starlette], gate: Gate,
                                                    endpoint: str) -> None:
    port, _ = studio
    render, rendered = in_thread(lambda: post(port, endpoint, text=club(1000), lang="en"))
    assert gate.started.wait(HOLD), "the render did not start"
    status, _, body = post(port, "check", text=CLUB.replace("target 1500", "targt 1500"))
    checked_at = time.monotonic()
    gate.release.set()
    render.join(3 * HOLD)
    # The check came back while the render was still held, hence before its answer.
    [resumed] = gate.resumed
    assert checked_at < resumed
    assert checked_at < rendered["at"]
    assert status == 200
    [problem] = json.loads(body)["diagnostics"]
    assert problem["message"] == "unknown setting 'targt' in game"
    status, kind, made = rendered["answer"]
    assert status == 200
    if endpoint == "pdf":
        assert kind == "application/pdf" and made.startswith(b"%PDF")
        if importlib.util.find_spec("pypdf"):
            import pypdf

            pages = pypdf.PdfReader(io.BytesIO(made)).pages
            assert "played to 1,000 points" in " ".join(
                " ".join(p.extract_text() for p in pages).split())
    else:
        assert "1,000" in json.loads(made)["html"]


def test_renders_whose_client_has_gone_are_not_made(studio: tuple[int, Starlette],
                                                   gate: Gate) -> None:
    """The page asks for a preview at each pause in typing and gives up the older request: of
    six previews asked while one is being made, only the latest is made, and it is right."""
    port, app = studio
    worker = app.state.worker
    first, _ = in_thread(lambda: post(port, "preview", text=club(1001), lang="en"))
    assert gate.started.wait(HOLD), "the first render did not start"
    left = [sent_and_left(port, "preview", {"text": club(target), "lang": "en"})
            for target in range(1002, 1007)]
    wait_until(lambda: worker.pending == 6, "the five previews are not all waiting")
    for conn in left:
        conn.close()
    wait_until(lambda: worker.pending == 1, "previews whose client left are still waiting")
    assert worker.dropped == 5
    latest, answered = in_thread(lambda: post(port, "preview", text=club(1007), lang="en"))
    wait_until(lambda: worker.pending == 2, "the latest preview is not waiting")
    gate.release.set()
    first.join(3 * HOLD)
    latest.join(3 * HOLD)
    assert gate.made == [1001, 1007]
    status, _, body = answered["answer"]
    assert status == 200
    html = json.loads(body)["html"]
    assert "1,007" in html and "1,006" not in html


def test_a_client_flooding_the_worker_is_told_it_is_busy(studio: tuple[int, Starlette],
                                                         gate: Gate) -> None:
    port, app = studio
    worker = app.state.worker
    waiting = [sent_and_left(port, "preview", {"text": club(1000 + n), "lang": "en"})
               for n in range(MAX_RENDERS)]
    wait_until(lambda: worker.pending == MAX_RENDERS, "the previews are not all pending")
    status, _, body = post(port, "compare", text=CLUB, other="ffb", lang="en")
    assert status == 503
    assert json.loads(body) == {"error": "the studio is busy with other renders; try again"}
    status, _, body = post(port, "check", text=CLUB)  # the loop still answers
    assert status == 200 and json.loads(body)["valid"] is True
    for conn in waiting:
        conn.close()
    wait_until(lambda: worker.dropped == MAX_RENDERS - 1, "the waiting renders were made")
    gate.release.set()
    wait_until(lambda: worker.pending == 0, "the render under way did not end")
    assert len(gate.made) == 1  # the one under way when its client left


def test_errors_keep_their_form_in_the_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "club.coinche").write_text(CLUB, encoding="utf-8")
    app = create_app(Workspace.open(tmp_path, "club.coinche"))
    client = TestClient(app, base_url="http://127.0.0.1")
    headers = open_studio(client, app)
    refused = client.post("/api/preview", headers=headers, json={"text": CLUB, "lang": "xx"})
    assert refused.status_code == 422 and refused.json()["error"].startswith("no sheet language")

    def broken(*args: Any) -> str:
        raise RuntimeError("a bug in a template")
    monkeypatch.setattr(coinche_dsl.render, "sheet", broken)
    with caplog.at_level(logging.ERROR, logger="coinche_dsl.studio"):
        failed = client.post("/api/preview", headers=headers, json={"text": CLUB})
    assert failed.status_code == 500 and "Traceback" not in failed.text
    [logged] = caplog.records  # the error itself, not wrapped in an exception group
    assert isinstance(logged.exc_info[1], RuntimeError)  # type: ignore[index]
    assert str(logged.exc_info[1]) == "a bug in a template"  # type: ignore[index]


def test_no_render_uses_the_formatters_parser(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The formatter's parser stays with the loop's handlers: the renders, which run beside
    them, never use it (see `studio.worker`: the two lanes share as little as they can)."""
    (tmp_path / "club.coinche").write_text(CLUB, encoding="utf-8")
    ws = Workspace.open(tmp_path, "club.coinche")
    used: list[str] = []
    real = parser_module._commented_parser
    monkeypatch.setattr(parser_module, "_commented_parser",
                        lambda: used.append("formatter's parser") or real())
    deal = {"declarer": "N", "bid": 90, "trump": "hearts", "double": "none",
            "card_points": {"NS": 100, "EW": 52}, "last_trick": "S"}
    calls = {"preview": [{"text": CLUB, "lang": "en"}, {"text": CLUB, "card": True}],
             "compare": [{"text": CLUB, "other": "fr-bga", "lang": "en"}],
             "score": [{"text": CLUB, "deal": deal}],
             "deal_words": [{"text": CLUB, "lang": "fr"}],
             "questionnaire": [{"text": CLUB}, {"base": "it-701"}],
             "pdf": [{"text": CLUB, "lang": "en"}] if PDF_READY else []}
    assert set(calls) == api.RENDERS
    for name, requests in calls.items():
        for data in requests:
            api.HANDLERS[name](ws, data)
    assert used == []
    api.HANDLERS["format"](ws, {"text": CLUB})  # the probe sees the parser when it is used
    assert used == ["formatter's parser"]


def test_the_page_and_a_small_check_are_answered_while_a_slow_check_runs(
        studio: tuple[int, Starlette], monkeypatch: pytest.MonkeyPatch) -> None:
    """A check of an accepted file at the limits may take seconds: held here in the server
    (the text holding "SLOW"), it keeps neither the page nor a small check waiting; a slow
    check whose client leaves before its turn is not run."""
    port, app = studio
    started, release = threading.Event(), threading.Event()
    real = Workspace.analyse

    def analyse(self: Workspace, text: str, choices: Any = None, lang: Any = None) -> Any:
        if "SLOW" in text:
            started.set()
            release.wait(HOLD)
        return real(self, text, choices, lang)
    monkeypatch.setattr(Workspace, "analyse", analyse)
    try:
        slow, answered = in_thread(lambda: post(port, "check", text=CLUB + "# SLOW\n"))
        assert started.wait(HOLD), "the slow check did not start"
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=3 * HOLD)
        conn.request("GET", "/", headers={"Cookie": OPENED[port]["Cookie"]})
        page = conn.getresponse()
        assert page.status == 200 and b"studio-token" in page.read()
        conn.close()
        status, _, body = post(port, "check", text=CLUB.replace("target 1500", "targt 1500"))
        assert status == 200
        assert json.loads(body)["diagnostics"][0]["message"] == "unknown setting 'targt' in game"
        assert not release.is_set() and slow.is_alive()  # answered while the slow one ran
        quick = app.state.quick
        # both threads busy (a second slow check), a third one waits: its client leaves
        second, _ = in_thread(lambda: post(port, "check", text=CLUB + "# SLOW 2\n"))
        wait_until(lambda: quick.pending == 2, "the second slow check is not running")
        left = sent_and_left(port, "check", {"text": CLUB + "# SLOW 3\n"})
        wait_until(lambda: quick.pending == 3, "the third check is not waiting")
        left.close()
        wait_until(lambda: quick.dropped == 1, "the check whose client left was run")
    finally:
        release.set()
    slow.join(3 * HOLD)
    second.join(3 * HOLD)
    assert answered["answer"][0] == 200
