"""The pygls server: each LSP request is converted, answered by `coinche_dsl.analysis`, and
converted back. LSP positions are 0-based and counted in the client's units (UTF-16 by
default); the analysis' are 1-based, in characters: pygls' position codec converts.

The client is trusted no more than a file: a message over `MAX_MESSAGE` bytes (its
`Content-Length`, or a header line without end) closes the server cleanly, as nothing could
answer it; a request whose parameters do not fit the protocol (a position of -1) gets an
"invalid params" error, a message that is not JSON a parse error, a request after `shutdown` an
"invalid request" error; an error answer never carries a Python traceback. No analysis runs on
the event loop: requests run in pygls' thread pool, and a document's diagnostics in one
analysis thread, for its latest version only (a version superseded by the time its turn comes
is not analysed, and its findings, when a newer one came meanwhile, are not published).
"""

from __future__ import annotations

import logging
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, BinaryIO

from lsprotocol import types as t
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from coinche_dsl import __version__

from .. import analysis

_COMPLETION_KINDS = {"block": t.CompletionItemKind.Module, "setting": t.CompletionItemKind.Field,
                     "choice": t.CompletionItemKind.EnumMember,
                     "quantity": t.CompletionItemKind.Variable,
                     "variant": t.CompletionItemKind.Reference}
_SYMBOL_KINDS = {"variant": t.SymbolKind.Module, "block": t.SymbolKind.Namespace,
                 "setting": t.SymbolKind.Property, "formula": t.SymbolKind.Function,
                 "example": t.SymbolKind.Event, "option": t.SymbolKind.Enum,
                 "value": t.SymbolKind.EnumMember}
_SEVERITY = {"error": t.DiagnosticSeverity.Error, "warning": t.DiagnosticSeverity.Warning}
MAX_MESSAGE = 32_000_000
"""Bytes of one message: a document at `check`'s limit (1 MB), escaped in JSON (up to six
bytes a character), with room to spare. Past it the server closes: it cannot answer a message
it does not read."""
MAX_HEADER_LINE = 8_192


class BoundedInput:
    """Standard input as pygls reads it (`readline`, `read`), refusing a message over
    `MAX_MESSAGE` bytes or a header line over `MAX_HEADER_LINE`: it says why on stderr and
    reads as the end of the input, so the server stops cleanly instead of reading without end."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream

    def readline(self) -> bytes:
        line = self.stream.readline(MAX_HEADER_LINE)
        if len(line) >= MAX_HEADER_LINE and not line.endswith(b"\n"):
            return self._refuse(f"a header line of more than {MAX_HEADER_LINE:,} bytes")
        name, colon, value = line.partition(b":")
        if colon and name.strip().lower() == b"content-length":
            # A header's name is read in any case, as HTTP's are (pygls knows one spelling).
            if not value.strip().isdigit():
                shown = value.strip()[:20]
                return self._refuse(f"a Content-Length that is not a number ({shown!r})")
            return b"Content-Length: %d\r\n" % int(value)
        return line

    def read(self, n: int) -> bytes:
        if n > MAX_MESSAGE:
            return self._refuse(f"a message of {n:,} bytes (at most {MAX_MESSAGE:,})")
        return self.stream.read(n)

    def _refuse(self, what: str) -> bytes:
        print(f"coinche lsp: the client sent {what}; closing", file=sys.stderr, flush=True)
        return b""


class _Answered:
    """A request already answered with an error while it was being read."""

    jsonrpc = "2.0"


def _not_deserialize_noise(record: logging.LogRecord) -> bool:
    """pygls logs a traceback for every message whose parameters do not fit; the server
    answers those itself (`CoincheProtocol`), with one line."""
    return not str(record.msg).startswith("Unable to deserialize message")


logging.getLogger("pygls.protocol.json_rpc").addFilter(_not_deserialize_noise)


def _not_unreadable_noise(record: logging.LogRecord) -> bool:
    """pygls logs a traceback for a message that is not JSON; `CoincheServer` answers it."""
    return not str(record.msg).startswith("Unable to handle message")


logging.getLogger("pygls.server").addFilter(_not_unreadable_noise)
logging.getLogger("pygls.io_").addFilter(_not_unreadable_noise)


class CoincheServer(LanguageServer):
    """pygls' server, answering a message that is not JSON with JSON-RPC's parse error (and
    a line on standard error) rather than a logged traceback."""

    def report_server_error(self, error: Exception, source: Any) -> None:
        if isinstance(error, ValueError):  # json.JSONDecodeError, UnicodeDecodeError
            self.protocol._send_response(None, None, t.ResponseError(  # type: ignore[arg-type]
                code=t.ErrorCodes.ParseError, message="the message is not JSON"))
        print(f"coinche lsp: a message could not be read ({str(error).splitlines()[0][:100]})",
              file=sys.stderr, flush=True)


class CoincheProtocol(LanguageServerProtocol):
    """pygls' protocol, answering every request: parameters that do not fit get an "invalid
    params" error (pygls would log it and answer nothing), and an error answer carries no
    traceback (pygls puts one in `error.data` for an unexpected exception)."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        if "jsonrpc" in data and "method" in data and not isinstance(data["method"], str):
            if isinstance(data.get("id"), (int, str)):  # a request: answered
                self._send_response(data["id"], None, t.ResponseError(
                    code=t.ErrorCodes.InvalidRequest, message="a method is a text"))
                return _Answered()
            raise JsonRpcException(message="a method is a text")  # a notification: one line
        try:
            return super().structure_message(data)
        except JsonRpcException as e:
            if not ("jsonrpc" in data and "method" in data and isinstance(
                    data.get("id"), (int, str))):
                raise  # a notification: nobody to answer
            method = str(data["method"])[:100]
            self._send_response(data["id"], None, t.ResponseError(
                code=t.ErrorCodes.InvalidParams if e.code == t.ErrorCodes.InvalidParams
                else e.code, message=f"the parameters of {method} do not fit the protocol"))
            return _Answered()

    def handle_message(self, message: Any) -> None:
        if isinstance(message, _Answered):
            return
        method = getattr(message, "method", "")
        if self._shutdown and method != t.EXIT and getattr(message, "id", None) is not None:
            # The protocol: a request after `shutdown` is an error, not left unanswered.
            self._send_response(message.id, None, t.ResponseError(
                code=t.ErrorCodes.InvalidRequest, message="the server is shutting down"))
            return
        super().handle_message(message)

    def _send_response(self, msg_id: Any, result: Any = None,
                       error: t.ResponseError | None = None) -> None:
        if error is not None and error.data is not None:
            error = t.ResponseError(code=error.code, message=error.message.splitlines()[0]
                                    if error.message else "internal error")
        super()._send_response(msg_id, result, error)


def _file(uri: str) -> str:
    return to_fs_path(uri) or uri


def _unopened_text(uri: str) -> str:
    """The text of a document not opened by the client, read as `check` reads a file: a
    regular file of at most MAX_FILE_BYTES; empty when it cannot be read (the analysis then
    says so: the file has no variant in it)."""
    from ..errors import CoincheError

    try:
        return analysis.read_document(_file(uri))
    except CoincheError:
        return ""


def _pos(line: int, column: int) -> t.Position:
    return t.Position(line=max(line - 1, 0), character=max(column - 1, 0))


def _cursor(doc: TextDocument, position: t.Position) -> tuple[int, int]:
    """A client position as the analysis' 1-based (line, column) in characters."""
    at = doc.position_from_client_units(position)
    return at.line + 1, at.character + 1


def _client_range(doc: TextDocument, line: int, column: int, end_line: int,
                  end_column: int) -> t.Range:
    """A 1-based span in characters of `doc` as a range in the client's units."""
    return doc.range_to_client_units(ServerTextRange(
        ServerTextPosition(max(line - 1, 0), max(column - 1, 0)),
        ServerTextPosition(max(end_line - 1, 0), max(end_column - 1, 0))))


def to_lsp_diagnostic(doc: TextDocument, f: analysis.Finding, lang: str | None = None
                      ) -> t.Diagnostic:
    """A finding as the protocol's diagnostic: its message and hint in one sentence, in `lang`
    (the words of the finding, already in it)."""
    from ..problems import joined

    message = joined(f.message, f.hint, lang if f.code else None)
    return t.Diagnostic(range=_client_range(doc, f.line, f.column, f.end_line, f.end_column),
                        message=message, severity=_SEVERITY[f.severity], source="coinche",
                        data={"fix": f.fix} if f.fix else None)


def _language(locale: str | None, source: str, uri: str) -> str | None:
    """The language of the problems: the client's (its user's) when the catalogs speak it,
    else the file's own (`language fr`), else English (the problems' own words)."""
    from ..problems import language

    return language(locale) or language(analysis.file_language(source, _file(uri)))


def _said_if_failed(done: Any) -> None:
    """An analysis that failed past its own error handling (publishing itself) is said on
    standard error, in one line, rather than lost with its thread's future."""
    if done.exception() is not None:
        e = done.exception()
        print(f"coinche lsp: the diagnostics could not be sent ({type(e).__name__}: {e})",
              file=sys.stderr, flush=True)


def build_server() -> LanguageServer:
    """A server with every feature registered (built on demand: no import-time state)."""
    server = CoincheServer("coinche-lsp", __version__, protocol_cls=CoincheProtocol)
    analyser = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coinche-analysis")
    latest: dict[str, int] = {}
    """Per document, the number of the latest change asked to be analysed."""
    lock = threading.Lock()
    client: dict[str, str | None] = {"locale": None}
    """The client's locale (`initialize`): the language of the problems when it is one of
    the catalogs' (`problems.language`)."""

    def doc_of(ls: LanguageServer, uri: str) -> TextDocument:
        doc = ls.workspace.get_text_document(uri)
        if doc.uri in ls.workspace.text_documents:
            return doc
        # A document the client has not opened: read through the tool's one reader (a FIFO
        # or a device there would block pygls' own read for good), as `check` reads it.
        return TextDocument(doc.uri, source=_unopened_text(uri),
                            position_codec=ls.workspace.position_codec)

    def text_of(ls: LanguageServer, uri: str) -> str:
        return doc_of(ls, uri).source

    def publish(ls: LanguageServer, uri: str) -> None:
        """Analyse the document in the analysis thread, unless a newer change comes first."""
        with lock:
            turn = latest[uri] = latest.get(uri, 0) + 1
            source = doc_of(ls, uri).source
        analyser.submit(_analyse, ls, uri, turn, source).add_done_callback(_said_if_failed)

    def current(uri: str, turn: int) -> bool:
        with lock:
            return latest.get(uri) == turn

    def _analyse(ls: LanguageServer, uri: str, turn: int, source: str) -> None:
        if not current(uri, turn):
            return  # superseded while it waited
        lang = None
        try:
            lang = _language(client["locale"], source, uri)
            findings = analysis.diagnose(source, _file(uri), lang=lang)
        except Exception as e:  # a bug: shown, not a dead thread
            findings = [analysis.Finding(_file(uri), 1, 1, 1, 2, "error",
                                         f"coinche could not analyse this file: {e}")]
        doc = TextDocument(uri, source)
        diagnostics = [to_lsp_diagnostic(doc, f, lang) for f in findings]
        if current(uri, turn):
            ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(
                uri=uri, diagnostics=diagnostics))

    @server.feature(t.INITIALIZE)
    def initialize(ls: LanguageServer, params: t.InitializeParams) -> None:
        client["locale"] = params.locale

    @server.feature(t.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LanguageServer, params: t.DidOpenTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LanguageServer, params: t.DidChangeTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LanguageServer, params: t.DidSaveTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)  # a base file on disk may have changed too

    @server.feature(t.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LanguageServer, params: t.DidCloseTextDocumentParams) -> None:
        with lock:
            latest[params.text_document.uri] = latest.get(params.text_document.uri, 0) + 1
        ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(
            uri=params.text_document.uri, diagnostics=[]))  # a closed file's marks go

    @server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=['"']))
    @server.thread()
    def completion(ls: LanguageServer, params: t.CompletionParams) -> t.CompletionList:
        doc = doc_of(ls, params.text_document.uri)
        found = analysis.complete(doc.source, *_cursor(doc, params.position))
        return t.CompletionList(is_incomplete=False, items=[t.CompletionItem(
            label=c.label, kind=_COMPLETION_KINDS[c.kind], detail=c.detail,
            insert_text=c.insert) for c in found])

    @server.feature(t.TEXT_DOCUMENT_HOVER)
    @server.thread()
    def hover(ls: LanguageServer, params: t.HoverParams) -> t.Hover | None:
        uri = params.text_document.uri
        doc = doc_of(ls, uri)
        text = analysis.hover(doc.source, *_cursor(doc, params.position), _file(uri))
        if text is None:
            return None
        return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=text))

    @server.feature(t.TEXT_DOCUMENT_DEFINITION)
    @server.thread()
    def definition(ls: LanguageServer, params: t.DefinitionParams) -> t.Location | None:
        uri = params.text_document.uri
        doc = doc_of(ls, uri)
        found = analysis.definition(doc.source, *_cursor(doc, params.position), _file(uri))
        if found is None:
            return None
        at = _pos(found.line, found.column)
        return t.Location(uri=from_fs_path(found.file) or found.file,
                          range=t.Range(start=at, end=at))

    @server.feature(t.TEXT_DOCUMENT_FORMATTING)
    @server.thread()
    def formatting(ls: LanguageServer, params: t.DocumentFormattingParams
                   ) -> list[t.TextEdit] | None:
        uri = params.text_document.uri
        text = text_of(ls, uri)
        pretty = analysis.format_document(text, _file(uri))
        if pretty is None or pretty == text:
            return None if pretty is None else []
        end = t.Position(line=len(text.split("\n")), character=0)
        return [t.TextEdit(range=t.Range(start=t.Position(line=0, character=0), end=end),
                           new_text=pretty)]

    @server.feature(t.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @server.thread()
    def document_symbol(ls: LanguageServer, params: t.DocumentSymbolParams
                        ) -> list[t.DocumentSymbol]:
        uri = params.text_document.uri
        doc = doc_of(ls, uri)
        return [_symbol(doc, s) for s in analysis.symbols(doc.source, _file(uri))]

    @server.feature(t.TEXT_DOCUMENT_CODE_ACTION, t.CodeActionOptions(
        code_action_kinds=[t.CodeActionKind.QuickFix]))
    def code_action(ls: LanguageServer, params: t.CodeActionParams) -> list[t.CodeAction]:
        return [_fix(params.text_document.uri, d) for d in params.context.diagnostics
                if _fix_text(d) is not None]

    return server


def _symbol(doc: TextDocument, s: analysis.Symbol) -> t.DocumentSymbol:
    whole = _client_range(doc, s.line, s.column, s.end_line, s.end_column)
    name = _client_range(doc, s.line, s.column, s.line, s.column + len(s.name))
    return t.DocumentSymbol(name=s.name, kind=_SYMBOL_KINDS[s.kind], range=whole,
                            selection_range=name, detail=s.detail or None,
                            children=[_symbol(doc, c) for c in s.children])


def _fix_text(d: t.Diagnostic) -> str | None:
    """The did-you-mean the server put in a diagnostic's data: a text, else none (the client
    sends the data back, and may send anything)."""
    data: Any = d.data
    fix = data.get("fix") if isinstance(data, dict) else None
    return fix if isinstance(fix, str) and len(fix) < 200 else None


def _fix(uri: str, d: t.Diagnostic) -> t.CodeAction:
    new = _fix_text(d) or ""
    return t.CodeAction(title=f"Replace with '{new}'", kind=t.CodeActionKind.QuickFix,
                        diagnostics=[d], is_preferred=True, edit=t.WorkspaceEdit(
                            changes={uri: [t.TextEdit(range=d.range, new_text=new)]}))
