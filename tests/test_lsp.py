"""`coinche lsp` driven by a real LSP client (pygls' LanguageClient) over stdio: open,
change, complete, hover, format, definition, symbols and the did-you-mean quick fix."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="pygls is not installed (lsp extra)")

from lsprotocol import types as t  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402
from pygls.uris import from_fs_path, to_fs_path  # noqa: E402

CLUB = """\
variant "club" extends "ffb" {
  title "Club"  description "Our rules."  sources "Club meeting, 2026"
  auction { coinche any_tme }
  play {
    undertrump required
  }
}
"""
FIXED = CLUB.replace("any_tme", "any_time")


class Session:
    """A client talking to `python -m coinche_dsl lsp`, with the diagnostics it received."""

    def __init__(self, locale: str | None = None) -> None:
        self.locale = locale
        self.client = LanguageClient("coinche-test", "1")
        self.diagnostics: dict[str, asyncio.Queue[list[t.Diagnostic]]] = {}

        @self.client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: t.PublishDiagnosticsParams) -> None:
            self.queue(params.uri).put_nowait(params.diagnostics)

    def queue(self, uri: str) -> asyncio.Queue[list[t.Diagnostic]]:
        return self.diagnostics.setdefault(uri, asyncio.Queue())

    async def start(self) -> None:
        await self.client.start_io(sys.executable, "-m", "coinche_dsl", "lsp")
        await self.client.initialize_async(t.InitializeParams(
            capabilities=t.ClientCapabilities(), process_id=None, root_uri=None,
            locale=self.locale))
        self.client.initialized(t.InitializedParams())

    async def next_diagnostics(self, uri: str) -> list[t.Diagnostic]:
        return await asyncio.wait_for(self.queue(uri).get(), timeout=60)

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


def _run(scenario, locale: str | None = None):  # type: ignore[no-untyped-def]
    async def main() -> None:
        session = Session(locale)
        await session.start()
        try:
            await scenario(session)
        finally:
            await session.stop()

    asyncio.run(asyncio.wait_for(main(), timeout=120))


def _doc(uri: str) -> t.TextDocumentIdentifier:
    return t.TextDocumentIdentifier(uri=uri)


def test_problems_in_the_clients_language(tmp_path: Path) -> None:
    """The client's locale (a Spanish editor) wins over the file's language (French)."""
    path = tmp_path / "club.coinche"
    path.write_text(CLUB, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""

    async def scenario(s: Session) -> None:
        s.client.text_document_did_open(t.DidOpenTextDocumentParams(
            text_document=t.TextDocumentItem(uri=uri, language_id="coinche", version=1,
                                             text=CLUB)))
        diag, _ = await s.next_diagnostics(uri)
        assert diag.message == ("«any_tme» no es una de las respuestas que admite «coinche»"
                                " — ¿quería decir «any_time»?")
        assert diag.data == {"fix": "any_time"}

    _run(scenario, "es-ES")


def test_open_change_complete_hover_format_definition(tmp_path: Path) -> None:
    path = tmp_path / "club.coinche"
    path.write_text(CLUB, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""

    async def scenario(s: Session) -> None:
        c = s.client
        c.text_document_did_open(t.DidOpenTextDocumentParams(text_document=t.TextDocumentItem(
            uri=uri, language_id="coinche", version=1, text=CLUB)))
        # the error, and the note that the worked examples wait for it to be fixed
        diag, _ = await s.next_diagnostics(uri)
        # a client that gives no locale: the problems in the file's language (ffb's French)
        assert diag.message.startswith(
            "«\u202fany_tme\u202f» n'est pas une des réponses possibles pour «\u202fcoinche\u202f»"
            " — vouliez-vous dire «\u202fany_time\u202f»\u202f?")
        assert diag.severity == t.DiagnosticSeverity.Error
        assert (diag.range.start.line, diag.range.start.character) == (2, 20)
        assert diag.range.end.character == 27  # the word `any_tme`

        actions = await c.text_document_code_action_async(t.CodeActionParams(
            text_document=_doc(uri), range=diag.range,
            context=t.CodeActionContext(diagnostics=[diag])))
        assert actions is not None
        [action] = actions
        assert isinstance(action, t.CodeAction) and action.edit and action.edit.changes
        assert [e.new_text for e in action.edit.changes[uri]] == ["any_time"]

        c.text_document_did_change(t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[t.TextDocumentContentChangeWholeDocument(text=FIXED)]))
        assert list(await s.next_diagnostics(uri)) == []

        # after `undertrump `: the setting's choices
        done = await c.text_document_completion_async(t.CompletionParams(
            text_document=_doc(uri), position=t.Position(line=4, character=15)))
        assert isinstance(done, t.CompletionList)
        assert sorted(i.label for i in done.items) == ["optional", "required"]
        # at the start of a line in `play { }`: the play settings, nothing else
        done = await c.text_document_completion_async(t.CompletionParams(
            text_document=_doc(uri), position=t.Position(line=4, character=4)))
        assert isinstance(done, t.CompletionList)
        labels = {i.label for i in done.items}
        assert {"must_trump", "undertrump", "overtrump_partner"} <= labels
        assert not labels & {"coinche", "target", "title"}

        shown = await c.text_document_hover_async(t.HoverParams(
            text_document=_doc(uri), position=t.Position(line=4, character=6)))
        assert shown is not None and isinstance(shown.contents, t.MarkupContent)
        assert "must you play a lower trump" in shown.contents.value  # the field's docstring
        assert "Default: `optional`" in shown.contents.value
        assert "ffb.coinche:" in shown.contents.value and "undertrump optional" in \
            shown.contents.value  # the inherited value and where the base wrote it

        where = await c.text_document_definition_async(t.DefinitionParams(
            text_document=_doc(uri), position=t.Position(line=0, character=26)))
        assert isinstance(where, t.Location)
        assert Path(to_fs_path(where.uri) or "").name == "ffb.coinche"
        base_text = Path(to_fs_path(where.uri) or "").read_text(encoding="utf-8")
        assert base_text.splitlines()[where.range.start.line].startswith('variant "ffb"')
        where = await c.text_document_definition_async(t.DefinitionParams(
            text_document=_doc(uri), position=t.Position(line=4, character=8)))
        assert isinstance(where, t.Location)
        line = base_text.splitlines()[where.range.start.line]
        assert line.strip().startswith("undertrump optional")

        edits = await c.text_document_formatting_async(t.DocumentFormattingParams(
            text_document=_doc(uri), options=t.FormattingOptions(tab_size=2,
                                                                 insert_spaces=True)))
        assert edits is not None and len(edits) == 1
        assert "  auction {\n    coinche any_time\n  }\n" in edits[0].new_text

        symbols = await c.text_document_document_symbol_async(t.DocumentSymbolParams(
            text_document=_doc(uri)))
        assert symbols is not None
        [variant] = symbols
        assert isinstance(variant, t.DocumentSymbol) and variant.name == "club"
        assert [s.name for s in variant.children or []] == [
            "title", "description", "sources", "auction", "play"]

        c.text_document_did_change(t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=uri, version=3),
            content_changes=[t.TextDocumentContentChangeWholeDocument(text=CLUB)]))
        assert len(await s.next_diagnostics(uri)) == 2  # the typo (and its note) is back
        c.text_document_did_close(t.DidCloseTextDocumentParams(text_document=_doc(uri)))
        assert list(await s.next_diagnostics(uri)) == []  # and cleared on close

    _run(scenario)


def test_a_syntax_error_is_a_diagnostic_and_completion_offers_builtins(tmp_path: Path) -> None:
    path = tmp_path / "broken.coinche"
    uri = from_fs_path(str(path)) or ""
    text = 'variant "b" extends "ffb" {\n  game { target }\n}\n'

    async def scenario(s: Session) -> None:
        s.client.text_document_did_open(t.DidOpenTextDocumentParams(
            text_document=t.TextDocumentItem(uri=uri, language_id="coinche", version=1,
                                             text=text)))
        [diag] = await s.next_diagnostics(uri)
        assert diag.range.start.line == 1
        done = await s.client.text_document_completion_async(t.CompletionParams(
            text_document=_doc(uri), position=t.Position(line=0, character=20)))
        assert isinstance(done, t.CompletionList)
        assert {i.insert_text for i in done.items} >= {'"ffb"', '"fr-bga"'}

    _run(scenario)


def test_every_syntax_error_of_a_file_is_a_diagnostic(tmp_path: Path) -> None:
    """Three mistakes of writing on three lines: three marks in the editor at once, each at
    its own place (the parser recovers after each, `syntax.recovery`)."""
    path = tmp_path / "three.coinche"
    uri = from_fs_path(str(path)) or ""
    text = ('variant "b" extends "ffb" {\n  game {\n    target: 1000\n  }\n'
            '  auction {\n    minimum_bid = = 90\n  }\n  scoring {\n'
            '    success = points(declarers) >=\n  }\n}\n')

    async def scenario(s: Session) -> None:
        s.client.text_document_did_open(t.DidOpenTextDocumentParams(
            text_document=t.TextDocumentItem(uri=uri, language_id="coinche", version=1,
                                             text=text)))
        found = await s.next_diagnostics(uri)
        assert [d.range.start.line for d in found] == [2, 5, 9]
        assert [d.message.split(" (")[0] for d in found] == [
            "unexpected character ':'",
            "unexpected '='; expected one of '(', '-', a name or a number",
            "the formula stops too early"]
        assert all(d.severity == t.DiagnosticSeverity.Error for d in found)

    _run(scenario)


def test_positions_are_in_the_clients_utf16_units(tmp_path: Path) -> None:
    """A card symbol outside the Basic Multilingual Plane counts two UTF-16 units."""
    uri = from_fs_path(str(tmp_path / "cards.coinche")) or ""
    line = '  title "\U0001F0A1 club"  auction { coinche any_tme }'
    text = f'variant "cards" extends "ffb" {{\n{line}\n}}\n'
    units = len(line[: line.index("any_tme")].encode("utf-16-le")) // 2

    async def scenario(s: Session) -> None:
        s.client.text_document_did_open(t.DidOpenTextDocumentParams(
            text_document=t.TextDocumentItem(uri=uri, language_id="coinche", version=1,
                                             text=text)))
        diag, _ = await s.next_diagnostics(uri)
        assert (diag.range.start.line, diag.range.start.character) == (1, units)
        assert diag.range.end.character == units + len("any_tme")
        # in `coinche`
        shown = await s.client.text_document_hover_async(t.HoverParams(
            text_document=_doc(uri), position=t.Position(line=1, character=units - 5)))
        assert shown is not None and isinstance(shown.contents, t.MarkupContent)
        assert shown.contents.value.startswith("**auction.coinche**")

    _run(scenario)


class Raw:
    """`coinche lsp` spoken to byte by byte over stdio, for what a well-behaved client library
    would not send (negative positions, made-up data, absurd lengths)."""

    def __init__(self) -> None:
        import subprocess

        self.proc = subprocess.Popen([sys.executable, "-m", "coinche_dsl", "lsp"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.next_id = 0

    def send(self, message: dict) -> None:
        import json

        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def write(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def read(self) -> dict:
        import json

        assert self.proc.stdout is not None
        length = 0
        while (line := self.proc.stdout.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        assert length, "the server closed"
        return json.loads(self.proc.stdout.read(length))

    def request(self, method: str, params: object) -> dict:
        """The response to the request (notifications that come first are skipped)."""
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while "id" not in (answer := self.read()) or answer.get("method"):
            pass
        assert answer["id"] == self.next_id
        return answer

    def notifications(self, method: str) -> dict:
        while (message := self.read()).get("method") != method:
            pass
        return message["params"]

    def initialize(self) -> None:
        self.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        self.send({"method": "initialized", "params": {}})

    def close(self) -> tuple[int, str]:
        import subprocess

        try:
            self.proc.stdin.close()  # type: ignore[union-attr]
        except BrokenPipeError:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        err = self.proc.stderr.read().decode()  # type: ignore[union-attr]
        self.proc.stdout.close()  # type: ignore[union-attr]
        self.proc.stderr.close()  # type: ignore[union-attr]
        return self.proc.returncode, err


def test_an_absurd_content_length_closes_the_server_cleanly() -> None:
    raw = Raw()
    raw.initialize()
    raw.write(b"Content-Length: 99999999999999\r\n\r\n{")
    code, err = raw.close()
    assert "a message of 99,999,999,999,999 bytes" in err
    assert "Traceback" not in err and "MemoryError" not in err
    assert code == 0


def test_framing_a_client_library_would_not_send_is_answered_or_closed_cleanly() -> None:
    """A header name in another case is read (HTTP's rule); a body that is not JSON gets
    JSON-RPC's parse error; a request after `shutdown` an "invalid request" error; a
    Content-Length that is not a number closes the server with its one-line reason."""
    raw = Raw()
    try:
        raw.initialize()
        body = b'{"jsonrpc": "2.0", "id": 50, "method": "shutdown", "params": null}'
        raw.write(b"Content-Length: 3\r\n\r\n{x}")
        assert raw.read()["error"]["code"] == -32700  # ParseError, id null
        raw.write(b"content-length: %d\r\n\r\n" % len(body) + body)
        assert raw.read() == {"id": 50, "jsonrpc": "2.0", "result": None}
        after = raw.request("textDocument/hover", {"textDocument": {"uri": "file:///x"},
                                                   "position": {"line": 0, "character": 0}})
        assert after["error"]["code"] == -32600  # InvalidRequest
        raw.send({"id": 51, "method": 5, "params": None})
        assert raw.read()["error"]["code"] == -32600
        raw.write(b"Content-Length: ten\r\n\r\n{}")
    finally:
        code, err = raw.close()
    assert "a Content-Length that is not a number" in err
    assert "Traceback" not in err and code == 0


def test_invalid_params_get_an_error_and_the_server_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "club.coinche"
    uri = from_fs_path(str(path)) or ""
    raw = Raw()
    try:
        raw.initialize()
        raw.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "coinche", "version": 1, "text": CLUB}}})
        raw.notifications("textDocument/publishDiagnostics")
        for position in ({"line": -1, "character": 0}, {"line": 0, "character": -1},
                         {"line": "x"}, None):
            answer = raw.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                        "position": position})
            assert answer["error"]["code"] == -32602, answer  # InvalidParams
            assert "Traceback" not in str(answer)
        # a code action whose data.fix is not a text: nothing to offer, no traceback
        spoiled = {"range": {"start": {"line": 2, "character": 20},
                             "end": {"line": 2, "character": 27}},
                   "message": "unknown", "data": {"fix": {"a": [1]}}}
        answer = raw.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": spoiled["range"],
            "context": {"diagnostics": [spoiled]}})
        assert "Traceback" not in str(answer) and answer.get("result") in ([], None), answer
        done = raw.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": {"line": 4, "character": 6}})
        assert "undertrump" in str(done["result"]).lower() or done["result"]  # still answering
    finally:
        code, err = raw.close()
    assert "Traceback" not in err


def test_a_document_over_the_check_limit_gets_checks_one_diagnostic(tmp_path: Path) -> None:
    from coinche_dsl.cli import main  # noqa: F401  (the command below is the same check)

    big = 'variant "big" extends "ffb" {\n' + "# padding\n" * 500_000 + "}\n"  # 5 MB
    path = tmp_path / "big.coinche"
    path.write_text(big, encoding="utf-8")
    import subprocess

    check = subprocess.run([sys.executable, "-m", "coinche_dsl", "check", "--lang", "fr",
                            str(path)], capture_output=True, text=True, timeout=120)
    uri = from_fs_path(str(path)) or ""
    raw = Raw()
    try:
        raw.initialize()
        raw.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "coinche", "version": 1, "text": big}}})
        [diagnostic] = raw.notifications("textDocument/publishDiagnostics")["diagnostics"]
    finally:
        raw.close()
    # in the file's language (it extends ffb, French), as `check --lang fr` says it
    assert diagnostic["message"] == "le fichier dépasse 1\u202f000\u202f000 octets, la taille " \
        "limite d'un fichier de variante"
    assert diagnostic["message"] in check.stderr + check.stdout


def test_completion_offers_nothing_inside_a_comment(tmp_path: Path) -> None:
    text = 'variant "club" extends "ffb" {\n  title "A # b"  # a comment, tar\n}\n'
    uri = from_fs_path(str(tmp_path / "c.coinche")) or ""
    raw = Raw()
    try:
        raw.initialize()
        raw.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "coinche", "version": 1, "text": text}}})
        inside = raw.request("textDocument/completion", {
            "textDocument": {"uri": uri}, "position": {"line": 1, "character": 33}})
        before = raw.request("textDocument/completion", {
            "textDocument": {"uri": uri}, "position": {"line": 1, "character": 2}})
    finally:
        raw.close()
    assert inside["result"]["items"] == []
    assert "language" in {i["label"] for i in before["result"]["items"]}



def test_superseded_versions_are_not_analysed(tmp_path: Path) -> None:
    """Ten changes sent while the first version is being analysed (a long file under the size
    limit: a few tenths of a second each): the server publishes the latest version's
    diagnostics, last, and at most those of two older versions besides (an analysis per change
    would publish eleven)."""
    padding = "# a long comment line, as in a file full of notes\n" * 18_000  # 900 kB
    old, new = CLUB + padding, FIXED + padding
    uri = from_fs_path(str(tmp_path / "club.coinche")) or ""
    raw = Raw()
    try:
        raw.initialize()
        raw.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "coinche", "version": 1, "text": old}}})
        for version in range(2, 12):
            raw.send({"method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": new if version == 11 else old}]}})
        published = [raw.notifications("textDocument/publishDiagnostics")["diagnostics"]]
        while published[-1] and len(published) < 12:  # until the latest version's comes
            published.append(raw.notifications("textDocument/publishDiagnostics")
                             ["diagnostics"])
    finally:
        raw.close()
    assert published[-1] == [] and len(published) <= 3, published
    assert all("any_tme" in d[0]["message"] for d in published[:-1])
