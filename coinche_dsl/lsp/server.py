"""The pygls server: each LSP request is converted, answered by `coinche_dsl.analysis`, and
converted back. LSP positions are 0-based and counted in the client's units (UTF-16 by
default); the analysis' are 1-based, in characters: pygls' position codec converts."""

from __future__ import annotations

from typing import Any

from lsprotocol import types as t
from pygls.lsp.server import LanguageServer
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


def to_lsp_diagnostic(doc: TextDocument, f: analysis.Finding) -> t.Diagnostic:
    message = f"{f.message} ({f.hint})" if f.hint else f.message
    return t.Diagnostic(range=_client_range(doc, f.line, f.column, f.end_line, f.end_column),
                        message=message, severity=_SEVERITY[f.severity], source="coinche",
                        data={"fix": f.fix} if f.fix else None)


def build_server() -> LanguageServer:
    """A server with every feature registered (built on demand: no import-time state)."""
    server = LanguageServer("coinche-lsp", __version__)

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
        doc = doc_of(ls, uri)
        findings = analysis.diagnose(doc.source, _file(uri))
        ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(
            uri=uri, diagnostics=[to_lsp_diagnostic(doc, f) for f in findings]))

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
        ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(
            uri=params.text_document.uri, diagnostics=[]))  # a closed file's marks go

    @server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=['"']))
    def completion(ls: LanguageServer, params: t.CompletionParams) -> t.CompletionList:
        doc = doc_of(ls, params.text_document.uri)
        found = analysis.complete(doc.source, *_cursor(doc, params.position))
        return t.CompletionList(is_incomplete=False, items=[t.CompletionItem(
            label=c.label, kind=_COMPLETION_KINDS[c.kind], detail=c.detail,
            insert_text=c.insert) for c in found])

    @server.feature(t.TEXT_DOCUMENT_HOVER)
    def hover(ls: LanguageServer, params: t.HoverParams) -> t.Hover | None:
        uri = params.text_document.uri
        doc = doc_of(ls, uri)
        text = analysis.hover(doc.source, *_cursor(doc, params.position), _file(uri))
        if text is None:
            return None
        return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=text))

    @server.feature(t.TEXT_DOCUMENT_DEFINITION)
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
    data: Any = d.data
    return data.get("fix") if isinstance(data, dict) else None


def _fix(uri: str, d: t.Diagnostic) -> t.CodeAction:
    new = _fix_text(d) or ""
    return t.CodeAction(title=f"Replace with '{new}'", kind=t.CodeActionKind.QuickFix,
                        diagnostics=[d], is_preferred=True, edit=t.WorkspaceEdit(
                            changes={uri: [t.TextEdit(range=d.range, new_text=new)]}))
