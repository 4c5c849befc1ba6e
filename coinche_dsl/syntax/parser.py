"""Text to plain data: Lark parses a variant file; a walk turns the tree into dicts, lists and
scalars, with a source map from every data path to where it was written.

This layer knows text, never rules: which names exist is the model's business.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from .. import limits
from ..errors import Diagnostic, Position, VariantError, args
from ..files import too_large
from ..limits import MAX_FILE_BYTES, MAX_FORMULA_NODES, MAX_PAREN_DEPTH
from .diagnose import check_text

MAX_BYTES = MAX_FILE_BYTES
"""Variant files are small; anything larger is refused before parsing (and never read whole:
see `coinche_dsl.files`)."""
MAX_EXPR_DEPTH = MAX_PAREN_DEPTH * 3
"""A formula's tree is deeper than its parentheses (`a + b + c` nests); bounded all the same."""
DataPath = tuple[str | int, ...]


@dataclass
class ParsedVariant:
    """One file's content as plain data, before `extends` and validation."""

    name: str
    extends: str | None
    data: dict[str, Any]
    positions: dict[DataPath, Position] = field(default_factory=dict)
    """Where each key, value, group and formula node was written."""
    file: str = "<string>"
    header: Position | None = None
    extends_at: Position | None = None


GRAMMAR = Path(__file__).resolve().parents[1] / "grammar" / "coinche.lark"
"""The variant language's grammar: package data, as Lark ships its own grammars."""


def grammar_text() -> str:
    """The grammar's text."""
    return GRAMMAR.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The shared LALR parser (built once per process)."""
    return Lark(grammar_text(), parser="lalr", maybe_placeholders=False,
                cache=True)  # the grammar analysis is cached in a temp file: fast cold starts


class _CommentSink(threading.local):
    """Collects the COMMENT tokens the lexer skips (Lark's `lexer_callbacks`): one list per
    thread, so that two threads formatting two files (the studio's) keep their own."""

    tokens: list[Token]

    def __init__(self) -> None:
        self.tokens = []

    def __call__(self, token: Token) -> Token:
        self.tokens.append(token)
        return token


@lru_cache(maxsize=1)
def _commented_parser() -> tuple[Lark, _CommentSink]:
    # A second instance: lexer callbacks are fixed when the parser is built.
    sink = _CommentSink()
    lark = Lark(grammar_text(), parser="lalr", propagate_positions=True,
                maybe_placeholders=False, lexer_callbacks={"COMMENT": sink}, cache=True)
    return lark, sink


def parse_with_comments(text: str, file: str = "<string>") -> tuple[Tree[Token], list[Token]]:
    """The Lark tree and the comments (in source order) of a file: what the formatter needs."""
    check_text(text, file)
    lark, sink = _commented_parser()
    sink.tokens = []
    try:
        tree = lark.parse(text)
    except UnexpectedInput:
        from .recovery import syntax_errors

        raise VariantError(syntax_errors(text, file)) from None
    return tree, sorted(sink.tokens, key=lambda t: (t.line, t.column))


def decode(raw: bytes, file: str) -> str:
    """Text of a variant file; a clear error for oversize files and undecodable bytes.
    Line endings become `\n` (CRLF, and CR alone as old Mac editors write it)."""
    if len(raw) > MAX_BYTES:
        raise VariantError([Diagnostic(Position(file, 1, 1),
                                       too_large(file, MAX_BYTES, "variant file").why,
                                       code="file.too_large", params=args(n=MAX_BYTES))])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        col = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise VariantError([Diagnostic(Position(file, line, col),
                                       "the file is not UTF-8 text",
                                       hint="save it as UTF-8", code="file.not_utf8",
                                       hint_code="hint.save_utf8")]) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise VariantError([Diagnostic(Position(file, line, 1),
                                       "the file contains NUL bytes: not a text file",
                                       code="file.nul_bytes")])
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def parse_text(text: str, file: str = "<string>") -> ParsedVariant:
    """Parse one variant file's text; raises VariantError with every problem found."""
    tree = parse_tree(text, file)
    return _Walker(file).variant(tree)


def parse_tree(text: str, file: str = "<string>") -> Tree[Token]:
    """The Lark tree of a file (the formatter works on it); syntax errors in words."""
    check_text(text, file)
    try:
        return parser().parse(text)
    except UnexpectedInput:  # every syntax error of the file, found by a second parse
        from .recovery import syntax_errors

        raise VariantError(syntax_errors(text, file)) from None


class _TooDeep(Exception):
    """A formula deeper than MAX_EXPR_DEPTH (reported once, at the formula's name)."""


class _Walker:
    """Tree to plain data; records positions; collects duplicate keys."""

    def __init__(self, file: str):
        self.file = file
        self.positions: dict[DataPath, Position] = {}
        self.problems: list[Diagnostic] = []
        self.nodes = 0
        """Nodes of the formula being walked (MAX_FORMULA_NODES)."""

    def at(self, node: Tree[Token] | Token) -> Position:
        """Where a node starts: its first token (the shared parser does not propagate
        positions to trees, which makes it faster)."""
        while isinstance(node, Tree):
            node = node.children[0]
        return Position(self.file, node.line or 1, node.column or 1)

    def variant(self, tree: Tree[Token]) -> ParsedVariant:
        node = tree.children[0]
        assert isinstance(node, Tree)
        name_tok = node.children[0]
        assert isinstance(name_tok, Token)
        extends, extends_at, items = None, None, node.children[1:]
        if items and isinstance(items[0], Tree) and items[0].data == "extends":
            tok = items[0].children[0]
            assert isinstance(tok, Token)
            extends, extends_at, items = string_value(tok), self.at(tok), items[1:]
        data = self.block(items, ())
        if self.problems:
            raise VariantError(self.problems)
        return ParsedVariant(string_value(name_tok), extends, data, self.positions, self.file,
                             self.at(name_tok), extends_at)

    def block(self, items: list[Any], path: DataPath) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for item in items:
            if item.data == "example":
                examples = out.setdefault("examples", [])
                if not isinstance(examples, list):  # `examples none` drops the base's: no blocks
                    self.problems.append(Diagnostic(
                        self.at(item), "'examples none' and example blocks cannot go together",
                        text="example", hint="keep your own examples (they replace the base's "
                        "anyway), or 'examples none'", code="syntax.examples_none_and_example",
                        hint_code="hint.examples_none"))
                    continue
                sub = (*path, "examples", len(examples))
                title = item.children[0]
                self.positions[sub] = self.at(item)
                self.positions[(*sub, "name")] = self.at(title)
                examples.append({"name": string_value(title),
                                 **self.block(item.children[1:], sub)})
                continue
            if item.data == "option":
                self.option(item, path, out)
                continue
            key_tok = item.children[0]
            key = str(key_tok)
            sub = (*path, key)
            if key in out:
                first = self.positions.get(sub) or self.positions[(*sub, 0)]  # or an example
                self.problems.append(Diagnostic(
                    self.at(key_tok), f"'{key}' is set twice in this block",
                    text=key, hint=f"first set at line {first.line}; write it once",
                    code="syntax.set_twice", hint_code="hint.first_set",
                    params=args(name=key, line=first.line)))
                continue
            self.positions[sub] = self.at(key_tok)
            if item.data == "section":
                out[key] = self.block(item.children[1:], sub)
            elif item.data == "formula":
                out[key] = self.formula(item.children[1], sub)
            else:
                out[key] = self.setting(item.children[1:], sub)
        return out

    def option(self, item: Tree[Token], path: DataPath, out: dict[str, Any]) -> None:
        """`option name "title" default value { value "label" { … } … }`, as
        `options.name = {title, default or fixed, values: {value: block}, labels: {value:
        label}}` (`labels` only when a value has one)."""
        kids: list[Any] = item.children
        name_tok, rest = kids[0], kids[1:]
        if path:
            self.problems.append(Diagnostic(
                self.at(item), "an option is declared at the top of the variant, not inside "
                "a block", text="option", hint="move it out of the block; its values say "
                "which blocks they set", code="syntax.option_in_block",
                hint_code="hint.option_out"))
            return
        options = out.setdefault("options", {})
        name, sub = str(name_tok), ("options", str(name_tok))
        if name in options:
            self.problems.append(Diagnostic(
                self.at(name_tok), f"option '{name}' is declared twice", text=name,
                hint=f"first declared at line {self.positions[sub].line}; declare it once",
                code="syntax.option_twice", hint_code="hint.first_declared",
                params=args(name=name, line=self.positions[sub].line)))
            return
        self.positions[sub] = self.at(name_tok)
        decl: dict[str, Any] = {}
        if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
            decl["title"] = string_value(rest[0])
            self.positions[(*sub, "title")] = self.at(rest[0])
            rest = rest[1:]
        mode, value = rest[0], rest[1]
        decl[str(mode)] = str(value)
        self.positions[(*sub, str(mode))] = self.at(value)
        if len(rest) > 2:
            decl["values"], labels = self.option_values(rest[2].children, sub)
            if labels:
                decl["labels"] = labels
        options[name] = decl

    def option_values(self, values: list[Any], sub: DataPath
                      ) -> tuple[dict[str, Any], dict[str, str]]:
        """`value "label" { … }` each: the values' blocks, and the labels written."""
        blocks: dict[str, Any] = {}
        labels: dict[str, str] = {}
        for node in values:
            name_tok, *items = node.children
            name, at = str(name_tok), (*sub, "values", str(name_tok))
            if name in blocks:
                self.problems.append(Diagnostic(
                    self.at(name_tok), f"value '{name}' is written twice in this option",
                    text=name, hint=f"first written at line {self.positions[at].line}; "
                    "write it once", code="syntax.value_twice", hint_code="hint.first_written",
                    params=args(name=name, line=self.positions[at].line)))
                continue
            self.positions[at] = self.at(name_tok)
            if items and isinstance(items[0], Token):
                label = self.label(items.pop(0), name, (*sub, "labels", name))
                if label is not None:
                    labels[name] = label
            blocks[name] = self.block(items, at)
        return blocks, labels

    def label(self, tok: Token, value: str, path: DataPath) -> str | None:
        """A value's label (`appliquee "appliquée"`), or None (reported) when it is empty, runs
        over several lines or is longer than a title may be."""
        text, at = string_value(tok), self.at(tok)
        self.positions[path] = at
        if not text.strip():
            self.problems.append(Diagnostic(
                at, f"the label of value '{value}' is empty", text=str(tok),
                hint=f"write the value as the sheet should print it, or leave the label out "
                f"(the sheet then prints '{value}')", code="option.label_empty",
                hint_code="hint.label_or_none", params=args(value=value)))
            return None
        if any(c in text for c in "\n\r\u2028\u2029"):  # a line of the sheet, one line here
            self.problems.append(Diagnostic(
                at, f"the label of value '{value}' runs over several lines", text=str(tok)[:40],
                hint="write it on one line", code="option.label_lines",
                hint_code="hint.one_line", params=args(value=value)))
            return None
        if len(text) > limits.MAX_TEXT:  # as a title (the model's bound)
            self.problems.append(Diagnostic(
                at, f"the label of value '{value}' is longer than {limits.MAX_TEXT:,} "
                "characters",
                text=str(tok)[:40], hint="a label names the value in a few words",
                code="option.label_too_long", hint_code="hint.few_words",
                params=args(value=value, n=limits.MAX_TEXT)))
            return None
        return text

    def setting(self, groups: list[Tree[Token]], path: DataPath) -> Any:
        values = []
        for i, group in enumerate(groups):
            tokens = [t for t in group.children if isinstance(t, Token)]
            for tok in tokens:
                if tok.type == "NEGATIVE" and not _may_be_negative(path):
                    self.problems.append(Diagnostic(
                        self.at(tok), "a setting's number cannot be negative", "-",
                        "write it without '-'; only an example's expected score may be "
                        "negative", code="syntax.negative", hint_code="hint.without_minus"))
            atoms = [atom_value(t) for t in tokens]
            self.positions.setdefault((*path, i), self.at(group))
            values.append(atoms[0] if len(atoms) == 1 else atoms)
        if len(values) == 1:
            return values[0]
        return values

    def formula(self, node: Tree[Token] | Token, path: DataPath) -> dict[str, Any]:
        self.nodes = 0
        try:
            return self.expr(node, path, 0)
        except _TooDeep:
            at = self.positions.get(path) or self.at(node)
            raise VariantError([Diagnostic(
                at, f"this formula is too long or too deeply nested (more than {MAX_EXPR_DEPTH} "
                f"levels or {MAX_FORMULA_NODES} terms and signs)", hint="simplify it",
                code="syntax.formula_too_long", hint_code="hint.simplify",
                params=args(depth=MAX_EXPR_DEPTH, n=MAX_FORMULA_NODES))]) from None

    def expr(self, node: Tree[Token] | Token, path: DataPath, depth: int) -> dict[str, Any]:
        self.nodes += 1
        if depth > MAX_EXPR_DEPTH or self.nodes > MAX_FORMULA_NODES:
            raise _TooDeep
        self.positions.setdefault(path, self.at(node))
        if isinstance(node, Token):  # a bare parenthesised token never reaches here
            return {"op": "num", "value": int(node)}
        kind, kids = node.data, node.children
        if kind == "num":
            return {"op": "num", "value": int(str(kids[0]))}
        if kind == "qty":
            return {"op": "qty", "name": str(kids[0])}
        if kind == "call":
            return {"op": "qty", "name": str(kids[0]), "side": str(kids[1])}
        if kind in ("add_op", "cmp_op", "mul_op", "and_op", "or_op"):
            op = {"mul_op": "*", "and_op": "and", "or_op": "or"}.get(kind)
            left, right = kids[0], kids[-1]
            op = op or str(kids[1])
        elif kind in ("neg_op", "not_op"):
            operand = kids[-1]
            return {"op": "neg" if kind == "neg_op" else "not",
                    "args": [self.expr(operand, (*path, "args", 0), depth + 1)]}
        elif kind == "if_":
            return {"op": "if", "args": [self.expr(k, (*path, "args", i), depth + 1)
                                         for i, k in enumerate(kids)]}
        else:  # pragma: no cover - the grammar has no other expression rule
            raise AssertionError(kind)
        return {"op": op, "args": [self.expr(left, (*path, "args", 0), depth + 1),
                                   self.expr(right, (*path, "args", 1), depth + 1)]}


def string_value(tok: Token) -> str:
    """The text of a STRING token, escapes resolved (never evaluated as code)."""
    body = str(tok)[1:-1]
    if "\\" not in body:
        return body
    out, i = [], 0
    while i < len(body):
        code = body[i + 2:i + 6] if body.startswith("\\u", i) else ""
        if len(code) == 4 and all(c in "0123456789abcdefABCDEF" for c in code):
            out.append(chr(int(code, 16)))  # `\u001b`: how `show` writes a control character
            i += 6
        elif body[i] == "\\" and i + 1 < len(body):
            out.append({"n": "\n", '"': '"', "\\": "\\"}.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def _may_be_negative(path: DataPath) -> bool:
    """An example's expected score (`expect NS -90, EW 250`: a failed contract that costs its
    declarers points); every other number of a file is a count, a value or a bid."""
    return len(path) >= 3 and path[-3] == "examples" and path[-1] == "expect"


def atom_value(tok: Token) -> Any:
    if tok.type in ("INT", "NEGATIVE"):
        return int(tok)
    if tok.type == "STRING":
        return string_value(tok)
    return str(tok)
