"""Editor files: the TextMate grammar tokenises every built-in as the language's own lexer
does (keywords, strings, comments, cards, numbers, operators), applied by a small TextMate
engine over the grammar's own regexes; the VS Code extension starts `coinche lsp`."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from coinche_dsl.loader import BUILTINS, builtin_path
from coinche_dsl.syntax.parser import parser

ROOT = Path(__file__).resolve().parents[1]
GRAMMAR = json.loads((ROOT / "editors" / "coinche.tmLanguage.json").read_text("utf-8"))
Span = tuple[int, int, int, str]
"""(line, start column, end column, scope), 0-based."""


def _rules(grammar: dict[str, Any]) -> list[dict[str, Any]]:
    return [grammar["repository"][p["include"][1:]] if "include" in p else p
            for p in grammar["patterns"]]


def _earliest(rules: list[dict[str, Any]], line: str, pos: int,
              key: str = "match") -> tuple[re.Match[str], dict[str, Any]] | None:
    """TextMate's choice: the leftmost match; between equals, the first rule."""
    best = None
    for rule in rules:
        rx = rule.get(key) or rule.get("begin")
        m = re.compile(rx).search(line, pos)
        if m and (best is None or m.start() < best[0].start()):
            best = (m, rule)
    return best


def tokenize(text: str) -> list[Span]:
    """The scoped spans of a text, line by line, as a TextMate engine applies the grammar."""
    rules, spans = _rules(GRAMMAR), []
    region: tuple[dict[str, Any], int, int] | None = None  # rule, line and column it began
    for n, line in enumerate(text.split("\n")):
        pos = 0
        while pos <= len(line):
            if region is not None:
                rule, start_line, start = region
                inner = [*rule.get("patterns", []), {"match": rule["end"], "end": True}]
                found = _earliest(inner, line, pos)
                if found is None:
                    break
                m, which = found
                pos = m.end()
                if which.get("end"):
                    spans.append((start_line, start, m.end(), rule["name"]))
                    region = None
                continue
            found = _earliest(rules, line, pos)
            if found is None:
                break
            m, rule = found
            if "begin" in rule:
                region, pos = (rule, n, m.start()), m.end()
                continue
            for group, capture in rule.get("captures", {}).items():
                spans.append((n, m.start(int(group)), m.end(int(group)), capture["name"]))
            if "name" in rule:
                spans.append((n, m.start(), m.end(), rule["name"]))
            pos = max(m.end(), pos + 1)
    return spans


_EXPECTED = {
    "COMMENT": "comment.line", "STRING": "string.quoted", "CARD": "constant.other.card",
    "INT": "constant.numeric", "VARIANT": "keyword.control", "EXTENDS": "keyword.control",
    "EXAMPLE": "keyword.control", "OPTION": "keyword.control", "OPTION_MODE": "keyword.control",
    "IF": "keyword.operator.word", "THEN": "keyword.operator.word",
    "ELSE": "keyword.operator.word", "AND": "keyword.operator.word",
    "OR": "keyword.operator.word", "NOT": "keyword.operator.word", "CMP": "keyword.operator",
    "PLUS": "keyword.operator", "MINUS": "keyword.operator", "STAR": "keyword.operator",
    "EQUAL": "keyword.operator.assignment", "LBRACE": "punctuation", "RBRACE": "punctuation",
    "COMMA": "punctuation", "LPAR": "punctuation", "RPAR": "punctuation",
}
_CONSTANTS = {"yes", "no", "none", "declarers", "defenders", "both"}


def _lexed(text: str) -> list[tuple[int, int, int, str, str]]:
    """The language's own tokens: (line, column, end column, type, text), 0-based."""
    return [(t.line - 1, t.column - 1, t.column - 1 + len(t), t.type, str(t))
            for t in parser().lex(text, dont_ignore=True) if t.type != "WS"]


def _expected(tokens: list[tuple[int, int, int, str, str]], i: int) -> str | None:
    kind, word = tokens[i][3], tokens[i][4]
    if kind != "NAME":
        return _EXPECTED[kind]
    if word in ("default", "fixed") and any(t[3] == "OPTION" for t in tokens[max(0, i - 3):i]):
        return "keyword.control"  # `option name "title" default value`
    after = next((t[3] for t in tokens[i + 1:] if t[3] != "COMMENT"), None)
    if after == "LBRACE":
        return "entity.name.section"
    if after == "EQUAL":
        return "entity.name.function"
    return "constant.language" if word in _CONSTANTS else None


@pytest.mark.parametrize("name", BUILTINS)
def test_the_grammar_scopes_every_token_of_a_builtin_as_the_lexer_reads_it(name: str) -> None:
    text = builtin_path(name).read_text(encoding="utf-8")
    scoped = {(line, start, end): scope for line, start, end, scope in tokenize(text)}
    tokens = _lexed(text)
    seen = set()
    for i, (line, start, end, kind, word) in enumerate(tokens):
        want = _expected(tokens, i)
        got = scoped.get((line, start, end))
        where = f"{name}.coinche:{line + 1}:{start + 1} {kind} {word!r}"
        if want is None:
            assert got is None, f"{where}: scoped {got}, the lexer reads a plain name"
        else:
            assert got is not None and got.startswith(want), f"{where}: {got}, not {want}"
            seen.add(want)
    assert {"comment.line", "string.quoted", "constant.numeric", "keyword.control",
            "entity.name.section"} <= seen


def test_every_kind_of_token_is_met_in_the_builtins() -> None:
    kinds = {t[3] for name in BUILTINS
             for t in _lexed(builtin_path(name).read_text(encoding="utf-8"))}
    assert {"CARD", "IF", "THEN", "ELSE", "CMP", "EXAMPLE", "EXTENDS", "STRING",
            "COMMENT", "INT"} <= kinds


def test_a_string_hides_what_looks_like_code_inside_it() -> None:
    spans = tokenize('title "10H # not a comment" # a comment\ntrump J 20, 10H 10')
    assert (0, 6, 27, "string.quoted.double.coinche") in spans
    assert (0, 28, 39, "comment.line.number-sign.coinche") in spans
    assert not any(s[3].startswith("constant") for s in spans if s[0] == 0)
    assert (1, 12, 15, "constant.other.card.coinche") in spans
    assert (1, 16, 18, "constant.numeric.integer.coinche") in spans


def test_the_vscode_extension_uses_the_grammar_and_starts_the_server() -> None:
    folder = ROOT / "editors" / "vscode"
    manifest = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    [language] = manifest["contributes"]["languages"]
    assert language["id"] == "coinche" and language["extensions"] == [".coinche"]
    assert (folder / language["configuration"]).is_file()
    [grammar] = manifest["contributes"]["grammars"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"] == "source.coinche"
    assert "../coinche.tmLanguage.json" in manifest["scripts"]["vscode:prepublish"]
    assert grammar["path"].removeprefix("./") in manifest["scripts"]["vscode:prepublish"]
    command = manifest["contributes"]["configuration"]["properties"]["coinche.command"]
    assert command["default"] == ["coinche", "lsp"]
    script = (folder / manifest["main"]).read_text(encoding="utf-8")
    assert 'getConfiguration("coinche").get("command")' in script
    assert "vscode-languageclient" in manifest["dependencies"]
