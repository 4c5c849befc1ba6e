"""The studio under hostile requests: every answer is a 2xx, or a 4xx with a message, never a
traceback nor the folder's absolute path. The inputs that gave 500s are kept in
tests/regressions/studio-requests.json; a property sends generated hostile JSON (wrong types,
huge texts, lone surrogates, NULs, missing fields) to every API route; a client that leaves in
the middle of its body, and an error nobody foresaw, are answered cleanly too."""

from __future__ import annotations

import json
import logging
import socket
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the studio extra is not installed")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from studio_support import open_link, open_studio, serving, wait_until  # noqa: E402

from coinche_dsl.studio import api  # noqa: E402
from coinche_dsl.studio.app import create_app  # noqa: E402
from coinche_dsl.studio.guard import FAILED  # noqa: E402
from coinche_dsl.studio.service import Workspace  # noqa: E402

CLUB = """\
variant "club" extends "ffb" {
  title "Coinche du jeudi"
  language fr
  description "Partie courte."
  sources "Règlement du club, 2026"
  game { target 1500 }
}
"""
REGRESSIONS = json.loads((Path(__file__).parent / "regressions" / "studio-requests.json")
                         .read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def opened(tmp_path_factory: pytest.TempPathFactory) -> tuple[TestClient, dict[str, str], Path]:
    """A studio on a folder with the club's file, opened by its link: the client, the page's
    headers and the folder (one for the module: the property sends hundreds of requests)."""
    folder = tmp_path_factory.mktemp("studio")
    (folder / "club.coinche").write_text(CLUB, encoding="utf-8")
    app = create_app(Workspace.open(folder, "club.coinche"))
    client = TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False)
    return client, open_studio(client, app), folder


def assert_clean(reply: Any, folder: Path) -> None:
    """A 2xx (JSON, or a PDF), or a 4xx JSON with a message; no traceback, no folder path."""
    assert 200 <= reply.status_code < 300 or 400 <= reply.status_code < 500, reply.text[:500]
    assert str(folder) not in reply.text
    if reply.headers.get("content-type") == "application/pdf":
        assert reply.status_code == 200 and reply.content.startswith(b"%PDF")
        return
    answer = reply.json()
    assert "Traceback" not in reply.text
    if reply.status_code >= 400:
        assert isinstance(answer["error"], str) and answer["error"]


@pytest.mark.parametrize("case", REGRESSIONS, ids=[c["why"][:40] for c in REGRESSIONS])
def test_requests_that_gave_500s(opened: tuple[TestClient, dict[str, str], Path],
                                 case: dict[str, Any]) -> None:
    client, headers, folder = opened
    body = {k: CLUB if v == "CLUB" else v for k, v in case["body"].items()}
    reply = client.post(f"/api/{case['route']}", headers={
        **headers, "content-type": "application/json"}, content=json.dumps(body))
    assert reply.status_code == case["status"], reply.text
    assert case["error"] in reply.json()["error"]
    assert_clean(reply, folder)
    assert (folder / "club.coinche").read_text(encoding="utf-8") == CLUB


FIELDS = ["text", "name", "base", "other", "lang", "path", "value", "line", "character",
          "options", "deal", "answers", "card", "title", "description", "sources", "file"]
ODD = ["\ud800", "\udfff", "\x00", "\u202e", "\ufeff", "\r", "\x1b[2J", "\\", '"', "{", "}"]
"""Characters a text field should not trip on: lone surrogates (JSON may carry them), NUL,
bidi and terminal controls, and the file's own quoting and braces."""
HOSTILE_TEXT = st.one_of(
    st.sampled_from([
        "", "x" * 300, "é" * 150, "\x00" * 10, "\ud800", "a\udfffb.coinche", "../../etc/passwd",
        "/etc/passwd", "club.coinche", "sub/../club.coinche", "ffb", "fr-bga", "game.target",
        "game.\x00", "en", "xx", "x" * (api.MAX_TEXT + 1), CLUB, CLUB.replace("ffb", "club"),
        CLUB.replace("target", "targt")]),
    st.builds(lambda at, odd: CLUB[:at] + odd + CLUB[at:],  # the club's file, one odd character
              st.integers(0, len(CLUB)), st.sampled_from(ODD)),
    st.lists(st.sampled_from(ODD) | st.text(max_size=3), max_size=8).map("".join),
    st.text(max_size=40))
VALUE = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | HOSTILE_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(HOSTILE_TEXT, inner,
                                                                max_size=3),
    max_leaves=6)
DEAL = {"declarer": "N", "bid": 90, "trump": "hearts", "double": "none",
        "card_points": {"NS": 100, "EW": 52}, "last_trick": "S"}
VALID = {"state": {}, "check": {"text": CLUB}, "format": {"text": CLUB},
         "save": {"text": CLUB}, "complete": {"text": CLUB, "line": 6, "character": 9},
         "hover": {"text": CLUB, "line": 6, "character": 9},
         "definition": {"text": CLUB, "line": 6, "character": 9},
         "preview": {"text": CLUB, "lang": "en"}, "pdf": {"text": CLUB, "lang": "en"},
         "compare": {"text": CLUB, "other": "fr-bga", "lang": "en"},
         "score": {"text": CLUB, "deal": DEAL, "options": {"litige": "chute"}},
         "deal_words": {"text": CLUB, "lang": "fr"},
         "questionnaire": {"text": CLUB}, "answer": {"text": CLUB, "path": "game.target",
                                                     "value": "1000"},
         "start": {"base": "ffb", "name": "jeudi", "title": "Jeudi", "lang": "fr",
                   "answers": {"game.target": "1000"}},
         "messages": {"lang": "fr"}}
"""A request the page would send, per route: the property spoils one to three of its fields
(or the whole body), so that the hostile value reaches the code behind the field checks."""


@st.composite
def hostile_request(draw: st.DrawFn) -> tuple[str, Any]:
    route = draw(st.sampled_from(sorted(VALID)))
    if draw(st.integers(0, 9)) == 0:
        return route, draw(VALUE)  # not an object, or one with nothing the route wants
    body = dict(VALID[route])
    for key in draw(st.lists(st.sampled_from([*body, *FIELDS]), min_size=1, max_size=3)):
        if draw(st.booleans()) and key in body:
            del body[key]  # a missing field
        else:
            body[key] = draw(HOSTILE_TEXT | VALUE)
    if route == "pdf" and body.get("text") == CLUB:
        body["text"] = CLUB.replace("1500", "15OO")  # no PDF made per example: seconds each
    return route, body


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(request=hostile_request())
def test_every_route_answers_hostile_json_with_a_message(
        opened: tuple[TestClient, dict[str, str], Path], request: tuple[str, Any]) -> None:
    client, headers, folder = opened
    route, body = request
    reply = client.post(f"/api/{route}", headers={**headers, "content-type": "application/json"},
                        content=json.dumps(body))
    assert_clean(reply, folder)


def test_the_property_covers_every_route() -> None:
    assert set(VALID) == set(api.HANDLERS)


def test_an_unforeseen_error_is_a_500_with_a_message_and_is_logged(
        opened: tuple[TestClient, dict[str, str], Path], monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    client, headers, folder = opened

    def broken(ws: Workspace, data: dict[str, Any]) -> Any:
        raise OSError(2, "No such file or directory", str(folder / "secret.coinche"))
    for route in ("check", "preview"):  # on the loop and in the render worker
        monkeypatch.setitem(api.HANDLERS, route, broken)
        app = create_app(Workspace.open(folder, "club.coinche"))
        fresh = TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False)
        page_headers = open_studio(fresh, app)
        with caplog.at_level(logging.ERROR, logger="coinche_dsl.studio"):
            reply = fresh.post(f"/api/{route}", headers=page_headers, json={"text": CLUB})
        assert reply.status_code == 500
        assert reply.json() == FAILED
        assert str(folder) not in reply.text and "Traceback" not in reply.text
        assert reply.headers["x-frame-options"] == "DENY"
        [logged] = [r for r in caplog.records if r.name == "coinche_dsl.studio"]
        assert logged.exc_info is not None and f"/api/{route}" in logged.getMessage()
        caplog.clear()
    assert client.post("/api/check", headers=headers, json={"text": CLUB}).status_code == 200


def test_a_client_leaving_in_the_middle_of_its_body_gets_a_400(tmp_path: Path) -> None:
    """At the ASGI level: the body's first bytes, then the disconnection."""
    import anyio

    (tmp_path / "club.coinche").write_text(CLUB, encoding="utf-8")
    app = create_app(Workspace.open(tmp_path, "club.coinche"))
    client = TestClient(app, base_url="http://127.0.0.1")
    headers = open_studio(client, app)
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    scope = {"type": "http", "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/api/save", "raw_path": b"/api/save", "query_string": b"",
             "root_path": "", "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 5000),
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                         (b"content-length", b"1000"), (b"cookie", cookie.encode()),
                         (b"x-studio-token", headers["x-studio-token"].encode())]}
    messages = [{"type": "http.request", "body": b'{"text": "variant', "more_body": True},
                {"type": "http.disconnect"}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    anyio.run(app, scope, receive, send)
    assert sent[0]["status"] == 400
    assert json.loads(sent[1]["body"]) == {"error": "the request ended before its body"}
    assert (tmp_path / "club.coinche").read_text(encoding="utf-8") == CLUB


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record)


def test_a_real_server_logs_no_traceback_for_a_client_leaving_mid_body(tmp_path: Path) -> None:
    (tmp_path / "club.coinche").write_text(CLUB, encoding="utf-8")
    app = create_app(Workspace.open(tmp_path, "club.coinche"))
    records = Records()
    loggers = [logging.getLogger(n) for n in ("uvicorn.error", "coinche_dsl.studio")]
    for logger in loggers:
        logger.addHandler(records)
    try:
        with serving(app) as port:
            headers = open_link(port, app)
            head = (f"POST /api/save HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: 100000\r\n"
                    f"Cookie: {headers['Cookie']}\r\n"
                    f"X-Studio-Token: {headers['X-Studio-Token']}\r\n\r\n")
            for _ in range(5):
                conn = socket.create_connection(("127.0.0.1", port), timeout=10)
                conn.sendall(head.encode() + b'{"text": "variant \\"club')
                time.sleep(0.05)
                conn.close()
            time.sleep(0.5)
            wait_until(lambda: _answers(port, headers), "the studio stopped answering")
    finally:
        for logger in loggers:
            logger.removeHandler(records)
    assert [r.getMessage() for r in records.seen] == []
    assert (tmp_path / "club.coinche").read_text(encoding="utf-8") == CLUB


def _answers(port: int, headers: dict[str, str]) -> bool:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("POST", "/api/state", body="{}", headers=headers)
        return conn.getresponse().status == 200
    finally:
        conn.close()


def test_a_connection_that_never_finishes_its_headers_is_closed(tmp_path: Path) -> None:
    """A slowloris: connections that send nothing, half a request line, or half the headers
    of a second request after an answer are closed once the header timeout passes (1 s here,
    `serve.HEADER_TIMEOUT` in the command); a request sent in time is answered meanwhile."""
    from coinche_dsl.studio.serve import HEADER_TIMEOUT, StudioProtocol

    class Quick(StudioProtocol):
        header_timeout = 1.0

    assert 1 <= HEADER_TIMEOUT <= 30
    (tmp_path / "club.coinche").write_text(CLUB, encoding="utf-8")
    app = create_app(Workspace.open(tmp_path, "club.coinche"))
    with serving(app, Quick) as port:
        headers = open_link(port, app)
        first = (f"GET /static/studio.css HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").encode()
        stalled = {"nothing": b"", "half a line": b"GET /stat",
                   "half the headers": b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\r\n",
                   "a second request, half sent": first + b"GET / HTTP/1.1\r\nHost: 1"}
        conns = {}
        for what, data in stalled.items():
            conns[what] = socket.create_connection(("127.0.0.1", port), timeout=10)
            conns[what].sendall(data)
        began = time.monotonic()
        assert _answers(port, headers)  # the studio answers the others meanwhile
        for what, conn in conns.items():
            received = b""
            while chunk := conn.recv(65536):  # until the server closes it
                received += chunk
            assert time.monotonic() - began < 8, what
            if what.startswith("a second"):
                assert received.startswith(b"HTTP/1.1 200"), received[:100]  # the first's answer
            else:
                assert received == b"", (what, received[:100])
            conn.close()


def test_a_body_that_breaks_http_framing_gets_a_400_and_nothing_fails(tmp_path: Path) -> None:
    """A chunked body whose chunk size is not a number (found by the fuzz campaign's `http`
    class): h11 answers 400 and closes; the request it interrupted ends quietly instead of
    logging a failure, and the studio goes on answering."""
    (tmp_path / "club.coinche").write_text(CLUB, encoding="utf-8")
    app = create_app(Workspace.open(tmp_path, "club.coinche"))
    records = Records()
    loggers = [logging.getLogger(n) for n in ("uvicorn.error", "coinche_dsl.studio")]
    for logger in loggers:
        logger.addHandler(records)
    try:
        with serving(app) as port:
            headers = open_link(port, app)
            for method in ("POST", "DELETE"):
                head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
                request = (f"{method} /api/complete HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           f"{head}Transfer-Encoding: chunked\r\n\r\nzz\r\nnull\r\n0\r\n\r\n")
                with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
                    conn.sendall(request.encode())
                    conn.shutdown(socket.SHUT_WR)
                    received = b""
                    while chunk := conn.recv(65536):
                        received += chunk
                assert received.startswith(b"HTTP/1.1 400"), received[:80]
            time.sleep(0.3)
            assert _answers(port, headers)
    finally:
        for logger in loggers:
            logger.removeHandler(records)
    assert [r.getMessage() for r in records.seen] == []
