"""A fuzzing campaign against "accepted means safe": inputs of each class, how many crashed.

Run: python benchmarks/fuzz_campaign.py [--budget N] [--seed S] [--wide-every N] [--out FOLDER]
                                         [--classes a,b]

Classes:
- `generated`: whole variants drawn across the model (tests/variant_strategies.py); each one
  `check` accepts is run through sheet, compare, deals, replay, score and simulate, and every
  tenth (`--wide-every N`) printed in full: sheet and card in the five languages, and as PDF.
- `mutants`: built-in files with a few token edits (deleted, duplicated, swapped, a number or
  a word replaced by another shape); each must load or be refused with a VariantError, and
  each that loads is run as above.
- `score`, `replay`: JSON inputs of the CLI, valid ones with fields deleted, retyped or
  replaced by odd values; each must print JSON or exit 1 with a message, never a traceback.
- `special`: a FIFO, a symlink to /dev/zero, a directory, a socket, a 3 GB sparse file, a
  dangling symlink, a file just over the size bound or not UTF-8, in the place of a variant,
  the file it extends, its pin record, a JSON input, the studio's file, a document the
  language server has not opened, or a sheet's `-o`; each must end within 20 s (a hang is a
  crash) with a result or the package's error.
- `streams`: a command (list, check, fmt, show, schema, sheet, compare, score, replay,
  simulate, play) with stdout full, stdout or stdin closed, or its pipe closed, in a real
  shell; a traceback, "Exception ignored" or an exit other than 0 and 1 is a crash.
- `http`: the studio served by a real uvicorn, sent raw bytes a browser would not send: request
  lines cut, doubled or too long, headers without colons, folded or repeated, Content-Length
  absent, negative, huge, doubled or wrong, chunked bodies with bad sizes, bodies cut short or
  not UTF-8, to every route, with and without the session's cookie and token. Each answer must
  be a well-formed status below 500 (or a closed connection) within 15 s, nothing logged as an
  error, the studio still answering, and the club's file unchanged.
- `lsp`: `coinche lsp` over stdio, sent mangled frames (Content-Length wrong, missing, huge or
  doubled, header lines without end, bodies that are not JSON, not an object, of the wrong
  shape) and requests with odd parameters. After each, a plain request must be answered within
  15 s, or the server must have closed with its one-line reason; never a traceback on stderr
  or in an answer.
- `options`: files at and near the option limits (up to ten options of up to eight values
  with ffb's two, up to 100 examples, sometimes one value in error); `check` must answer in
  under 10 s, validating at most 1 + MAX_OPTIONS x (MAX_OPTION_VALUES - 1) combinations.

`--seed S` (not 0) draws other inputs, the same for the same seed: the mutants and the JSON
inputs from S, Hypothesis's generated variants seeded with S. A new seed explores new ground
rather than replaying the first N inputs of each class; 0, the default, draws the mutants and
JSON inputs of earlier campaigns (and Hypothesis's generated variants at random).

A crash is any exception other than the package's own errors (CoincheError). Each crashing
input is written to FOLDER (default: none) so that it can become a regression file.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from coinche_dsl.errors import CoincheError, VariantError  # noqa: E402
from coinche_dsl.loader import BUILTINS, builtin_path, load_variant  # noqa: E402

_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|\s+|[A-Za-z0-9_]+|.', re.S)
ODD = ["0", "1", "3", "none", "J", "N 2", "J 20, 9", "1000", "99999", "-1", '"x[bold"',
       "hearts", "{ }", "= 1", "\r", "\x1b[31m", "yes", "162", "500 500", '"' + "a" * 5000 + '"',
       '"a/b"', '"../ffb"']


class Campaign:
    def __init__(self, out: Path | None):
        self.out, self.tried, self.crashes = out, 0, 0
        self.kinds: dict[str, int] = {}

    def attempt(self, label: str, payload: str, fn: Callable[[], Any]) -> None:
        self.tried += 1
        try:
            fn()
        except CoincheError:
            pass
        except Exception as e:  # noqa: BLE001 - counting every escape is the point
            self.crashes += 1
            kind = f"{type(e).__name__}: {str(e)[:80]}"
            self.kinds[kind] = self.kinds.get(kind, 0) + 1
            if self.out is not None:
                self.out.mkdir(parents=True, exist_ok=True)
                (self.out / f"{label}-{self.crashes}.txt").write_text(
                    payload + "\n# " + traceback.format_exc().replace("\n", "\n# "), "utf-8")


def generated(c: Campaign, budget: int, work: Path, seed: int = 0) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hypothesis_seed
    from variant_strategies import exercise, variant_data

    from coinche_dsl.syntax.writer import dump_variant

    @settings(max_examples=budget, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(variant_data())
    def one(data: dict[str, Any]) -> None:
        c.attempt("generated", repr(data), lambda: _load_and_run(
            work, dump_variant("gen", None, data), exercise))

    (hypothesis_seed(seed)(one) if seed else one)()


WIDE = {"every": 10, "accepted": 0}
"""Every `every`-th accepted variant (`--wide-every`; 0: none) is also printed in full: the
sheet and the card in each of the five languages, and both as PDF (slow: a second each)."""


def _load_and_run(work: Path, text: str, exercise: Callable[[Any], None]) -> None:
    path = work / "gen.coinche"
    path.write_text(text, encoding="utf-8")
    try:
        rs = load_variant(path)
    except VariantError:
        return
    exercise(rs)
    WIDE["accepted"] += 1
    if WIDE["every"] and WIDE["accepted"] % WIDE["every"] == 0:
        _print_everything(rs)


def _print_everything(rs: Any) -> None:
    """What `exercise` leaves out: every language, the card, the PDFs."""
    from coinche_dsl.render import card, sheet
    from coinche_dsl.render.i18n import LANGUAGES

    for lang in LANGUAGES:
        sheet(rs, lang, "md")
        card(rs, lang, "md")
        card(rs, lang, "html")
    for make in (sheet, card):
        pdf = make(rs, None, "pdf")
        assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF")


def mutants(c: Campaign, budget: int, work: Path, seed: int = 0) -> None:
    from variant_strategies import exercise

    texts = [builtin_path(n).read_text(encoding="utf-8") for n in BUILTINS]
    rng = random.Random(10 + 1000 * seed)
    for _ in range(budget):
        tokens = _TOKEN.findall(rng.choice(texts))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(tokens))
            edit = rng.randrange(4)
            if edit == 0:
                del tokens[i]
            elif edit == 1:
                tokens.insert(i, tokens[rng.randrange(len(tokens))])
            elif edit == 2:
                j = rng.randrange(len(tokens))
                tokens[i], tokens[j] = tokens[j], tokens[i]
            elif tokens[i].strip():
                tokens[i] = rng.choice(ODD)
        text = "".join(tokens)
        c.attempt("mutant", text, lambda t=text: _load_and_run(work, t, exercise))


def json_inputs(c: Campaign, budget: int, kind: str, seed: int = 0) -> None:
    from typer.testing import CliRunner

    from coinche_dsl.cli import _register, app

    _register()
    runner = CliRunner()
    seeds = _json_seeds(kind)
    rng = random.Random(11 + 1000 * seed)
    for _ in range(budget):
        doc = _mutate_json(json.loads(json.dumps(rng.choice(seeds))), rng)
        text = json.dumps(doc)
        c.attempt(kind, text, lambda t=text: _run_cli(runner, app, kind, t))


def _run_cli(runner: Any, app: Any, kind: str, text: str) -> None:
    result = runner.invoke(app, [kind, "ffb", "-"], input=text)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    if result.exit_code not in (0, 1):
        raise AssertionError(f"exit code {result.exit_code}")


def _json_seeds(kind: str) -> list[Any]:
    import random as r

    from coinche_dsl.engine import Deal, compile
    from coinche_dsl.engine.driver import play_deal
    from coinche_dsl.engine.replay import report, to_record
    from coinche_dsl.sim import RandomBot

    rules = compile(load_variant("ffb"))
    rng = r.Random(3)
    out = []
    while len(out) < 20:
        deal = play_deal(Deal(rules, len(out) % 4, rng=rng), [RandomBot(rng)] * 4)
        if deal.contract is not None:
            out.append(to_record(deal) if kind == "replay" else report(deal)["summary"])
    return out


def _mutate_json(doc: Any, rng: random.Random) -> Any:
    odd = [None, 0, -1, 10**30, 1.5, "", "x", [], {}, [[]], {"N": None}, True, "\x1b[2J",
           "[bold]x", ["N"], {"NS": 10**6}, "capot", 10010]
    for _ in range(rng.randint(1, 3)):
        target, key = _pick(doc, rng)
        if target is None:
            return copy.deepcopy(rng.choice(odd))
        action = rng.randrange(3)
        if action == 0 and isinstance(target, dict):
            target.pop(key, None)
        elif action == 1 and isinstance(target, list) and target:
            target.append(copy.deepcopy(target[rng.randrange(len(target))]))
        else:
            target[key] = copy.deepcopy(rng.choice(odd))
    return doc


def _pick(doc: Any, rng: random.Random) -> tuple[Any, Any]:
    """A container inside `doc` and one of its keys, at a random depth."""
    target: Any = None
    key: Any = None
    node = doc
    while isinstance(node, (dict, list)) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        target, key = node, rng.choice(keys)
        if rng.random() < 0.4:
            break
        node = node[key]
    return target, key


SPECIAL = ["fifo", "zero", "directory", "socket", "sparse", "dangling", "over", "latin1"]
PLACES = ["variant", "base", "pin", "json", "studio", "lsp", "output"]
CLUB = ('variant "club" extends "ffb" {\n  title "Club"\n  description "Un club."\n'
        '  sources "Le bureau"\n}\n')


def _make_special(kind: str, path: Path, opened: list[Any]) -> None:
    import os
    import socket

    from coinche_dsl.limits import MAX_FILE_BYTES

    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "directory":
        path.mkdir()
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        opened.append(s)
    elif kind == "sparse":
        with open(path, "wb") as f:
            f.truncate(3 * 10**9)
    elif kind == "dangling":
        path.symlink_to(path.parent / "nothing")
    elif kind == "over":
        path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    else:
        path.write_bytes(CLUB.replace("Un club", "Un caf\xe9").encode("latin-1"))


def _within(seconds: float, fn: Callable[[], Any]) -> Any:
    """`fn()` in a thread; TimeoutError when it has not returned in `seconds` (a hang)."""
    import threading

    out: list[Any] = []

    def run() -> None:
        try:
            out.append(("ok", fn()))
        except BaseException as e:  # noqa: BLE001 - handed back to the caller
            out.append(("error", e))

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if not out:
        raise TimeoutError(f"no answer in {seconds:.0f} s")
    if out[0][0] == "error":
        if isinstance(out[0][1], SystemExit) and out[0][1].code in (0, 1, 2):
            return None
        raise out[0][1]
    return out[0][1]


def special_files(c: Campaign, budget: int, work: Path, seed: int = 0) -> None:
    from coinche_dsl.cli import _register

    _register()
    rng = random.Random(17 + 1000 * seed)
    for n in range(budget):
        kind, place = rng.choice(SPECIAL), rng.choice(PLACES)
        folder = work / f"special-{n}"
        folder.mkdir()
        opened: list[Any] = []
        action = _special_case(kind, place, folder, opened)
        c.attempt(f"special-{place}-{kind}", f"{kind} as {place}",
                  lambda a=action: _within(20, a))
        for s in opened:
            s.close()


def _special_case(kind: str, place: str, folder: Path, opened: list[Any]) -> Callable[[], Any]:
    """A special file of `kind` made at `place` in `folder`, and what reads (or writes) it."""
    from typer.testing import CliRunner

    from coinche_dsl.cli import app
    from coinche_dsl.cli.common import read_text
    from coinche_dsl.loader import load_checked
    from coinche_dsl.lsp.server import _unopened_text
    from coinche_dsl.studio.service import Workspace

    club = folder / "club.coinche"
    target = {"variant": club, "base": folder / "base.coinche",
              "pin": folder / "club.coinche.pin.json", "json": folder / "deal.json",
              "studio": club, "lsp": club, "output": folder / "sheet.md"}[place]
    if place in ("base", "pin"):
        club.write_text(CLUB.replace('"ffb"', '"base"') if place == "base" else
                        CLUB.replace("  title", '  pin "0"\n  title'), encoding="utf-8")
    _make_special(kind, target, opened)

    def output() -> None:
        if kind == "fifo":  # written into: a reader takes the sheet
            import threading

            threading.Thread(target=target.read_bytes, daemon=True).start()
        result = CliRunner().invoke(app, ["sheet", "ffb", "-o", str(target)])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception

    return {"variant": lambda: load_checked(club), "base": lambda: load_checked(club),
            "pin": lambda: load_checked(club), "json": lambda: read_text(str(target)),
            "studio": lambda: Workspace.open(folder, None).read(),
            "lsp": lambda: _unopened_text(club.as_uri()), "output": output}[place]


STREAM_COMMANDS = [(["list"], ""), (["check", "ffb"], ""), (["check", "-"], CLUB),
                   (["fmt", "-"], CLUB), (["show", "ffb"], ""), (["schema"], ""),
                   (["sheet", "ffb"], ""), (["compare", "ffb", "fr-bga"], ""),
                   (["score", "ffb", "-"], '{"declarer": "N", "bid": 90, "trump": "hearts", '
                    '"card_points": {"NS": 100, "EW": 52}, "last_trick": "S"}'),
                   (["replay", "ffb", "-"], "[]"),
                   (["simulate", "ffb", "--deals", "4", "--jobs", "1"], ""),
                   (["play", "ffb", "--seed", "1"], "pass\n" * 40)]
ENDS = ["> /dev/full", ">&-", "<&- > /dev/null", "| true", "2>&- > /dev/full"]


def streams(c: Campaign, budget: int, seed: int = 0) -> None:
    import shlex
    import subprocess

    rng = random.Random(19 + 1000 * seed)
    pairs = [(cmd, end) for cmd in STREAM_COMMANDS for end in ENDS]
    rng.shuffle(pairs)
    for (args, stdin), end in pairs[:budget]:
        line = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "coinche_dsl", *args])

        def run(line: str = line, end: str = end, stdin: str = stdin) -> None:
            done = subprocess.run(["sh", "-c", f"({line} {end}); echo rc=$? 1>&2"],
                                  input=stdin, text=True, capture_output=True, timeout=120)
            err = done.stderr
            rc = err.strip().splitlines()[-1] if err.strip() else ""
            if "Traceback" in err or "Exception ignored" in err:
                raise AssertionError(err.strip().splitlines()[-2][:80])
            if end != "| true" and rc not in ("rc=0", "rc=1"):
                raise AssertionError(f"exit {rc}")
        c.attempt("streams", f"{' '.join(args)} {end}", run)


HTTP_ROUTES = ["state", "check", "complete", "hover", "definition", "format", "save",
               "preview", "pdf", "compare", "score", "questionnaire", "answer", "start",
               "messages"]


def _http_request(rng: random.Random, port: int, auth: dict[str, str]) -> bytes:
    """One request as raw bytes, mangled at one or more places."""
    route = rng.choice(["/", "/static/studio.css", *(f"/api/{r}" for r in HTTP_ROUTES)])
    method = rng.choice(["GET", "POST", "POST", "PUT", "DELETE", "OPTIONS", "G\x00T", "POST " * 3])
    body = rng.choice([b"{}", b'{"text": "variant \\"x\\" extends \\"ffb\\" {}"}',
                       b'{"text": ' + b'"' + b"a" * rng.randint(1, 70000) + b'"}',
                       b"\xff\xfe{", b'{"text": "\\ud800"}', b"[" * 5000, b"", b"null",
                       json.dumps({"deal": {"bid": "cent"}, "line": -1}).encode()])
    version = rng.choice(["HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/9", "", "http/1.1"])
    target = rng.choice([route, route + "?" + "a=" * 3000, route + "/../../etc/passwd",
                         "http://evil.example" + route, route.replace("/", "\\"), "*"])
    headers = [f"Host: 127.0.0.1:{port}", "Content-Type: application/json"]
    if rng.random() < 0.7:
        headers += [f"{k}: {v}" for k, v in auth.items()]
    length = rng.choice(["ok", "ok", "none", "-1", "99999999999999999999", "twice", "short",
                         "long", "x", "chunked", "chunked-bad", "both"])
    if length == "ok":
        headers.append(f"Content-Length: {len(body)}")
    elif length in ("-1", "99999999999999999999", "x"):
        headers.append(f"Content-Length: {length}")
    elif length == "twice":
        headers += [f"Content-Length: {len(body)}", f"Content-Length: {len(body) + 5}"]
    elif length == "short":
        headers.append(f"Content-Length: {max(len(body) - 3, 0)}")
    elif length == "long":
        headers.append(f"Content-Length: {len(body) + 50}")
    elif length.startswith("chunked") or length == "both":
        headers.append("Transfer-Encoding: chunked")
        if length == "both":
            headers.append(f"Content-Length: {len(body)}")
        size = (b"%x" % len(body) if length != "chunked-bad"
                else rng.choice([b"zz", b"-5", b"f" * 40]))
        body = size + b"\r\n" + body + b"\r\n0\r\n\r\n"
    for _ in range(rng.choice([0, 0, 1, 2])):
        headers.insert(rng.randrange(len(headers) + 1), rng.choice([
            "NoColonHere", " folded: line", "X-Long: " + "b" * 70000, "Origin: http://evil.example",
            "Host: evil.example", "Connection: close", "Expect: 100-continue", "X-\x00: 1",
            "Cookie: " + "c=" * 5000, "Content-Type: text/plain", "Upgrade: websocket"]))
    head = f"{method} {target} {version}".rstrip() + "\r\n" + "\r\n".join(headers) + "\r\n\r\n"
    data = head.encode("utf-8", "surrogateescape") + body
    if rng.random() < 0.15:  # cut somewhere
        data = data[: rng.randrange(1, len(data))]
    return data


def http_framing(c: Campaign, budget: int, work: Path, seed: int = 0) -> None:
    import logging
    import socket

    from studio_support import open_link, serving

    from coinche_dsl.studio.app import create_app
    from coinche_dsl.studio.service import Workspace

    class Errors(logging.Handler):
        def __init__(self) -> None:
            super().__init__(logging.ERROR)
            self.seen: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.seen.append(record.getMessage()[:80])

    folder = work / "http"
    folder.mkdir()
    club = folder / "club.coinche"
    club.write_text(CLUB, encoding="utf-8")
    app = create_app(Workspace.open(folder, "club.coinche"))
    errors = Errors()
    loggers = [logging.getLogger(n) for n in ("uvicorn.error", "coinche_dsl.studio")]
    for logger in loggers:
        logger.addHandler(errors)
    rng = random.Random(29 + 1000 * seed)
    try:
        with serving(app) as port:
            auth = open_link(port, app)
            for _ in range(budget):
                data = _http_request(rng, port, auth)

                def run(data: bytes = data) -> None:
                    with socket.create_connection(("127.0.0.1", port), timeout=15) as conn:
                        try:
                            conn.sendall(data)
                            conn.shutdown(socket.SHUT_WR)
                            received = b""
                            while chunk := conn.recv(65536):
                                received += chunk
                        except (ConnectionResetError, BrokenPipeError):
                            received = b""
                    for answer in re.findall(rb"HTTP/1\.[01] (\d{3})", received):
                        if int(answer) >= 500:
                            raise AssertionError(f"status {int(answer)}")
                    if b"Traceback" in received or str(folder).encode() in received:
                        raise AssertionError("a traceback or the folder's path in the answer")
                    if errors.seen:
                        raise AssertionError(f"logged: {errors.seen.pop()}")
                    if not _studio_answers(port, auth):
                        raise AssertionError("the studio stopped answering")
                    text = club.read_text(encoding="utf-8")
                    if text != CLUB:  # a well-formed save went through: it must be a variant
                        load_variant(club)
                        club.write_text(CLUB, encoding="utf-8")
                c.attempt("http", data[:3000].decode("utf-8", "replace"), run)
    finally:
        for logger in loggers:
            logger.removeHandler(errors)


def _studio_answers(port: int, auth: dict[str, str]) -> bool:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    try:
        conn.request("POST", "/api/state", body="{}", headers=auth)
        return conn.getresponse().status == 200
    finally:
        conn.close()


class _Lsp:
    """`coinche lsp` over pipes, read with a deadline."""

    def __init__(self) -> None:
        import subprocess

        self.proc = subprocess.Popen([sys.executable, "-m", "coinche_dsl", "lsp"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.buffer, self.ids = b"", 0
        self.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        self.write(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        self.write(_frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///club.coinche", "languageId": "coinche",
                             "version": 1, "text": CLUB}}}))

    def write(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def request(self, method: str, params: Any) -> dict[str, Any] | None:
        """The answer to a new request, or None when the server closed first."""
        self.ids += 1
        self.write(_frame({"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params}))
        while True:
            message = self._message()
            if message is None or message.get("id") == self.ids and "method" not in message:
                return message

    def _message(self) -> dict[str, Any] | None:
        import os
        import select
        import time

        assert self.proc.stdout is not None
        deadline = time.monotonic() + 15
        while True:
            head, sep, rest = self.buffer.partition(b"\r\n\r\n")
            if sep:
                length = int(re.search(rb"Content-Length: (\d+)", head).group(1))  # type: ignore[union-attr]
                if len(rest) >= length:
                    self.buffer = rest[length:]
                    return json.loads(rest[:length])
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer in 15 s")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    return None
                self.buffer += chunk

    def stop(self) -> str:
        """Its standard error once it has ended."""
        self.proc.kill()
        self.proc.wait()
        assert self.proc.stderr is not None
        err = self.proc.stderr.read().decode("utf-8", "replace")
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        return err


def _frame(message: Any) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _lsp_input(rng: random.Random, next_id: int) -> tuple[bytes, bool]:
    """A frame, and whether its framing lies (after which no reader can find the next one)."""
    position = rng.choice([{"line": 1, "character": 3}, {"line": -1, "character": 0},
                           {"line": 10**12, "character": 2**40}, {"line": "a"}, None, [],
                           {"line": 1.5, "character": True}])
    uri = rng.choice(["file:///club.coinche", "file:///nothere.coinche", "file:///dev/zero",
                      "file:///proc/self/mem", "http://evil.example/x", "", "file://" + "a" * 5000])
    method = rng.choice(["textDocument/hover", "textDocument/completion",
                         "textDocument/definition", "textDocument/formatting",
                         "textDocument/codeAction", "textDocument/documentSymbol",
                         "textDocument/didChange", "workspace/unknown", "$/cancelRequest",
                         "initialize", "shutdown", "textDocument/didOpen"])
    params: Any = {"textDocument": {"uri": uri, "version": rng.choice([2, -1, "x"]),
                                    "text": rng.choice([CLUB, "\ud800", "x" * 2_000_000])},
                   "position": position, "options": {"tabSize": -4, "insertSpaces": "no"},
                   "range": {"start": position, "end": position},
                   "context": {"diagnostics": [{"range": {}, "message": 1,
                                                "data": {"fix": rng.choice([[1], {}, None, 7])}}]},
                   "contentChanges": rng.choice([[{"text": "variant"}], [{}], "x", [None]])}
    if rng.random() < 0.3:
        params = rng.choice([None, [], 5, "text", {"textDocument": None}])
    message: Any = {"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}
    if rng.random() < 0.2:
        message = rng.choice([[message], "string", 17, {"jsonrpc": "1.0"}, {"id": {"a": 1}},
                              {**message, "id": None}, {**message, "method": 5}])
    body = json.dumps(message).encode()
    frame = rng.choice(["ok", "ok", "ok", "short", "long", "missing", "twice", "huge", "x",
                        "not-json", "no-end", "lower", "extra-header"])
    sized = b"Content-Length: %d\r\n\r\n"
    junk = rng.choice([b"{", b"\xff\xfe", b"[" * 100000, b"nul", b'{"a": NaN}'])
    return {"ok": (sized % len(body) + body, False),
            "lower": (b"content-length: %d\r\n\r\n" % len(body) + body, False),
            "extra-header": (b"Content-Length: %d\r\nContent-Type: application/x\r\nX: %s"
                             b"\r\n\r\n" % (len(body), b"y" * 100) + body, False),
            "not-json": (sized % len(junk) + junk, False),
            "huge": (b"Content-Length: 99999999999999\r\n\r\n" + body, True),
            "short": (sized % max(len(body) - 5, 1) + body, True),
            "long": (sized % (len(body) + 7) + body, True),
            "missing": (b"\r\n" + body, True),
            "twice": (b"Content-Length: 3\r\nContent-Length: %d\r\n\r\n" % len(body) + body,
                      True),
            "x": (b"Content-Length: x\r\n\r\n" + body, True),
            "no-end": (b"Content-Length: " + b"9" * 20000, True)}[frame]


def _traceback_of(err: str) -> str:
    """The exception a traceback on standard error ends with, and the whole of it (kept with
    the input in `--out`)."""
    lines = err[err.index("Traceback"):].splitlines()
    last = next((ln for ln in lines[1:] if not ln.startswith((" ", "Traceback"))), lines[-1])
    return f"a traceback: {last[:80]}\n{err[-4000:]}"


def lsp_framing(c: Campaign, budget: int, seed: int = 0) -> None:
    rng = random.Random(31 + 1000 * seed)
    server = _Lsp()
    for n in range(budget):
        data, lies = _lsp_input(rng, 10**6 + n)

        def run(data: bytes = data, lies: bool = lies) -> None:
            nonlocal server
            answer: dict[str, Any] | None = None
            try:
                server.write(data)
                answer = server.request("textDocument/documentSymbol",
                                        {"textDocument": {"uri": "file:///club.coinche"}})
            except (BrokenPipeError, OSError, TimeoutError) as e:
                if not lies:  # a well-framed message must be answered
                    raise AssertionError(f"no answer after a well-framed message: {e}") from e
            if answer is not None and "Traceback" in json.dumps(answer):
                raise AssertionError("a traceback in an answer")
            if answer is None or "error" in answer:  # closed, lost or shut down: a new one
                err = server.stop()
                server = _Lsp()
                if "Traceback" in err:
                    raise AssertionError(_traceback_of(err))
        c.attempt("lsp", data[:3000].decode("utf-8", "replace"), run)
    err = server.stop()
    if "Traceback" in err:
        c.attempt("lsp", "stderr at the end", lambda: (_ for _ in ()).throw(
            AssertionError(err.strip().splitlines()[-1][:80])))


def option_limits(c: Campaign, budget: int, work: Path, seed: int = 0) -> None:
    import time

    from option_support import SETTINGS, many_options

    from coinche_dsl.analysis import check_resolved
    from coinche_dsl.limits import MAX_OPTION_VALUES, MAX_OPTIONS
    from coinche_dsl.loader import resolve, validate

    rng = random.Random(23 + 1000 * seed)
    bound = 1 + MAX_OPTIONS * (MAX_OPTION_VALUES - 1)
    for n in range(budget):
        options = rng.randint(2, len(SETTINGS) + 3)  # past the limit sometimes
        values = rng.choice([2, 3, MAX_OPTION_VALUES, MAX_OPTION_VALUES + 1])
        examples = rng.choice([0, 1, 10, 100])
        text = many_options(min(options, len(SETTINGS) + 2), values, examples)
        if options > len(SETTINGS) + 2:  # one option too many
            text = text.replace("  option o0 ", '  option extra "Extra" default a {\n'
                                "    a { game { reach reach } }\n"
                                "    b { game { reach exceed } }\n  }\n  option o0 ", 1)
        if rng.random() < 0.3:  # one value in error (a negative number, a cross-field rule)
            text = text.replace("v1 { game { target 1100 } }",
                                rng.choice(["v1 { game { target -5 } }",
                                            "v1 { auction { surcoinche_factor 1 } }"]))
        path = work / f"options-{n}.coinche"
        path.write_text(text, encoding="utf-8")

        def run(path: Path = path) -> None:
            start = time.perf_counter()
            resolved = resolve(path)
            seen: dict[Any, Any] = {}
            found, _ = check_resolved(resolved, seen)
            if not any(severity == "error" for severity, _ in found):
                validate(resolved, None, seen)
            took = time.perf_counter() - start
            if took > 10 or len(seen) > bound:
                raise AssertionError(f"{took:.1f} s, {len(seen)} combinations")
        c.attempt("options", text, run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=200, help="inputs per class")
    parser.add_argument("--seed", type=int, default=0, help="draw other inputs (0: as before)")
    parser.add_argument("--wide-every", type=int, default=10,
                        help="print every Nth accepted variant in full, PDFs too (0: none)")
    parser.add_argument("--out", type=Path, default=None, help="folder for crashing inputs")
    parser.add_argument("--classes",
                        default="generated,mutants,score,replay,special,streams,options,http,lsp")
    args = parser.parse_args()
    WIDE["every"] = args.wide_every
    with tempfile.TemporaryDirectory() as tmp:
        for kind in args.classes.split(","):
            c = Campaign(args.out / kind if args.out else None)
            if kind == "generated":
                generated(c, args.budget, Path(tmp), args.seed)
            elif kind == "mutants":
                mutants(c, args.budget, Path(tmp), args.seed)
            elif kind == "special":
                special_files(c, args.budget, Path(tmp), args.seed)
            elif kind == "streams":
                streams(c, args.budget, args.seed)
            elif kind == "options":
                option_limits(c, args.budget, Path(tmp), args.seed)
            elif kind == "http":
                http_framing(c, args.budget, Path(tmp), args.seed)
            elif kind == "lsp":
                lsp_framing(c, args.budget, args.seed)
            else:
                json_inputs(c, args.budget, kind, args.seed)
            print(f"{kind:<10} inputs {c.tried:>6}  crashes {c.crashes:>4}", flush=True)
            for what, n in sorted(c.kinds.items(), key=lambda kv: -kv[1]):
                print(f"    {n:>4} {what}", flush=True)


if __name__ == "__main__":
    main()
