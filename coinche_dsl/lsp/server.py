"""The pygls server: each LSP request is converted, answered by `coinche_dsl.analysis`, and
converted back. LSP positions are 0-based, the analysis' 1-based."""

from __future__ import annotations

from typing import Any

from lsprotocol import types as t
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from coinche_dsl import __version__

from .. import analysis

_COMPLETION_KINDS = {"block": t.CompletionItemKind.Module, "setting": t.CompletionItemKind.Field,
                     "choice": t.CompletionItemKind.EnumMember,
                     "quantity": t.CompletionItemKind.Variable,
                     "variant": t.CompletionItemKind.Reference}
_SYMBOL_KINDS = {"variant": t.SymbolKind.Module, "block": t.SymbolKind.Namespace,
                 "setting": t.SymbolKind.Property, "formula": t.SymbolKind.Function,
                 "example": t.SymbolKind.Event}
_SEVERITY = {"error": t.DiagnosticSeverity.Error, "warning": t.DiagnosticSeverity.Warning}


def _file(uri: str) -> str:
    return to_fs_path(uri) or uri


def _pos(line: int, column: int) -> t.Position:
    return t.Position(line=max(line - 1, 0), character=max(column - 1, 0))


def _range(line: int, column: int, end_line: int, end_column: int) -> t.Range:
    return t.Range(start=_pos(line, column), end=_pos(end_line, end_column))


def to_lsp_diagnostic(f: analysis.Finding) -> t.Diagnostic:
    message = f"{f.message} ({f.hint})" if f.hint else f.message
    return t.Diagnostic(range=_range(f.line, f.column, f.end_line, f.end_column),
                        message=message, severity=_SEVERITY[f.severity], source="coinche",
                        data={"fix": f.fix} if f.fix else None)


def build_server() -> LanguageServer:
    """A server with every feature registered (built on demand: no import-time state)."""
    server = LanguageServer("coinche-lsp", __version__)

    def text_of(ls: LanguageServer, uri: str) -> str:
        return ls.workspace.get_text_document(uri).source

    def publish(ls: LanguageServer, uri: str) -> None:
        findings = analysis.diagnose(text_of(ls, uri), _file(uri))
        ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(
            uri=uri, diagnostics=[to_lsp_diagnostic(f) for f in findings]))

    @server.feature(t.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LanguageServer, params: t.DidOpenTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LanguageServer, params: t.DidChangeTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LanguageServer, params: t.DidSaveTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)  # a base file on disk may have changed too

    @server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=['"']))
    def completion(ls: LanguageServer, params: t.CompletionParams) -> t.CompletionList:
        p = params.position
        found = analysis.complete(text_of(ls, params.text_document.uri), p.line + 1,
                                  p.character + 1)
        return t.CompletionList(is_incomplete=False, items=[t.CompletionItem(
            label=c.label, kind=_COMPLETION_KINDS[c.kind], detail=c.detail,
            insert_text=c.insert) for c in found])

    @server.feature(t.TEXT_DOCUMENT_HOVER)
    def hover(ls: LanguageServer, params: t.HoverParams) -> t.Hover | None:
        uri, p = params.text_document.uri, params.position
        text = analysis.hover(text_of(ls, uri), p.line + 1, p.character + 1, _file(uri))
        if text is None:
            return None
        return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=text))

    @server.feature(t.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: LanguageServer, params: t.DefinitionParams) -> t.Location | None:
        uri, p = params.text_document.uri, params.position
        found = analysis.definition(text_of(ls, uri), p.line + 1, p.character + 1, _file(uri))
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
        return [_symbol(s) for s in analysis.symbols(text_of(ls, uri), _file(uri))]

    @server.feature(t.TEXT_DOCUMENT_CODE_ACTION, t.CodeActionOptions(
        code_action_kinds=[t.CodeActionKind.QuickFix]))
    def code_action(ls: LanguageServer, params: t.CodeActionParams) -> list[t.CodeAction]:
        return [_fix(params.text_document.uri, d) for d in params.context.diagnostics
                if _fix_text(d) is not None]

    return server


def _symbol(s: analysis.Symbol) -> t.DocumentSymbol:
    whole = _range(s.line, s.column, s.end_line, s.end_column)
    name_end = _pos(s.line, s.column + len(s.name))
    return t.DocumentSymbol(name=s.name, kind=_SYMBOL_KINDS[s.kind], range=whole,
                            selection_range=t.Range(start=whole.start, end=name_end),
                            children=[_symbol(c) for c in s.children])


def _fix_text(d: t.Diagnostic) -> str | None:
    data: Any = d.data
    return data.get("fix") if isinstance(data, dict) else None


def _fix(uri: str, d: t.Diagnostic) -> t.CodeAction:
    new = _fix_text(d) or ""
    return t.CodeAction(title=f"Replace with '{new}'", kind=t.CodeActionKind.QuickFix,
                        diagnostics=[d], is_preferred=True, edit=t.WorkspaceEdit(
                            changes={uri: [t.TextEdit(range=d.range, new_text=new)]}))
