"""The canonical layout of a variant file (`coinche fmt`), every comment kept.

Layout: two-space indent, one item per line, a blank line around top-level blocks (and at most
one where the author left some), settings as `name group, group` wrapped one group per line
with aligned continuation when long, formulas re-printed with canonical spacing (see
`formula_text`). Comments: an own-line comment stays before the item it precedes, a trailing
comment stays at the end of the line it followed (trailing comments of neighbouring lines are
aligned), a comment at the end of a block stays there. A comment inside a formula stays at the
end of its line when the formula is already laid out canonically; otherwise it moves to its own
line before the formula, as does a comment written before the first value of a setting.

`format_text` is idempotent, and the formatted file parses to the same data.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lark import Token, Tree

from ..errors import Diagnostic, VariantError
from .formula_text import WIDTH, formula_lines
from .parser import _Walker, parse_with_comments

INDENT = "  "


@dataclass
class Line:
    """One output line: indentation depth, code, and its trailing comment."""

    depth: int
    code: str
    comment: str = ""
    kind: str = "code"
    """`code`, `brace` (a block's first or last line), `comment` (on its own line) or `blank`.
    Trailing comments are aligned across neighbouring `code` lines only."""

    def text(self) -> str:
        return (INDENT * self.depth + self.code) if self.code else ""


@dataclass(frozen=True)
class _Comment:
    line: int
    column: int
    text: str


@dataclass
class _Entry:
    """An item (or an own-line comment) of a block, with the lines it prints as."""

    lines: list[Line]
    blank_before: bool
    is_block: bool = False
    is_comment: bool = False


@dataclass
class _Cursor:
    """Where trailing comments attach: the last source line seen, and its output line."""

    line: int
    target: Line | None
    entries: list[_Entry] = field(default_factory=list)


def format_text(text: str, file: str = "<string>") -> str:
    r"""The canonical layout of a variant file's text; VariantError if it does not parse.

    >>> text = 'variant "x" extends "ffb" { game { target 1000 }  # short game\n}'
    >>> print(format_text(text), end="")
    variant "x" extends "ffb" {
      game {
        target 1000  # short game
      }
    }
    """
    tree, comments = parse_with_comments(text, file)
    return _Formatter(text, comments, file).run(tree)


def write_in_place(path: Path, text: str) -> None:
    """Replace the file at `path` by `text` atomically (`files.write_text`): a temporary file
    created exclusively (a random name, never an existing file or symlink) in the folder of the
    real file, given its mode, then renamed over it. A symlinked variant stays a symlink: its
    target is rewritten. VariantError when it cannot be written; the original is then
    untouched."""
    from ..files import FileError, write_text

    try:
        write_text(path, text, special=False)
    except FileError as e:
        raise VariantError([Diagnostic(None, str(e))]) from None


class _Formatter:
    def __init__(self, text: str, comments: list[Token], file: str):
        self.text = text
        self.comments = deque(_Comment(c.line or 0, c.column or 0, str(c).rstrip())
                              for c in comments)
        self.file = file

    def run(self, tree: Tree[Token]) -> str:
        node = tree.children[0]
        assert isinstance(node, Tree)
        name, *rest = node.children
        head = f"variant {name}"
        last_tok: Any = name
        if rest and isinstance(rest[0], Tree) and rest[0].data == "extends":
            last_tok = rest[0].children[0]
            head += f" extends {last_tok}"
            rest = rest[1:]
        top = _Cursor(0, None)
        self._gap(top, node.meta.line, node.meta.column, 0)
        body = self.block(head, 0, last_tok, rest, node)
        top.entries.append(_Entry(body, bool(top.entries) and node.meta.line > top.line + 1))
        top.line, top.target = node.meta.end_line, body[-1]
        self._gap(top, 10**9, 0, 0)
        return render(_join(top.entries, top_level=False))

    def _gap(self, cur: _Cursor, line: int, column: int, depth: int) -> None:
        """Place the comments that come before (line, column)."""
        while self.comments and (self.comments[0].line, self.comments[0].column) < (line, column):
            c = self.comments.popleft()
            text = c.text
            if cur.target is not None and c.line == cur.line and not cur.target.comment:
                cur.target.comment = text
                continue
            blank = bool(cur.entries) and c.line > cur.line + 1
            cur.entries.append(_Entry([Line(depth, text, kind="comment")], blank,
                                      is_comment=True))
            cur.line, cur.target = c.line, None

    def _take(self, meta_end: tuple[int, int]) -> list[_Comment]:
        out = []
        while self.comments and (self.comments[0].line, self.comments[0].column) < meta_end:
            out.append(self.comments.popleft())
        return out

    def block(self, head: str, depth: int, after: Any, items: list[Any], node: Tree) -> list[Line]:
        """A block: its head line (`name {`), its items, its closing `}`."""
        first = Line(depth, head + " {", kind="brace")
        cur = _Cursor(self._brace_line(after), first)
        for item in items:
            self._gap(cur, item.meta.line, item.meta.column, depth + 1)
            lines = self.item(item, depth + 1)
            blank = bool(cur.entries) and self._first_line(item) > cur.line + 1
            is_block = item.data in ("section", "example", "option_value") or (
                item.data == "option" and len(lines) > 1)
            cur.entries.append(_Entry(lines, blank, is_block))
            cur.line, cur.target = item.meta.end_line, lines[-1]
            if is_block and item.meta.line == item.meta.end_line and len(lines) > 2:
                cur.target = lines[-2]  # `game { target 1000 }  # …`: the comment is the
                # last setting's, which it followed on the line, never the `}`'s
        self._gap(cur, node.meta.end_line, node.meta.end_column - 1, depth + 1)
        if not cur.entries:
            first.code = head + " {}"
            return [first]
        return [first, *_join(cur.entries, top_level=depth == 0), Line(depth, "}", kind="brace")]

    def _first_line(self, item: Tree) -> int:
        return getattr(item, "_first_line", item.meta.line)

    def item(self, item: Tree, depth: int) -> list[Line]:
        kids: list[Any] = item.children
        if item.data == "section":
            return self.block(str(kids[0]), depth, kids[0], kids[1:], item)
        if item.data == "example":
            return self.block(f"example {kids[0]}", depth, kids[0], kids[1:], item)
        if item.data == "option":
            return self.option(item, depth)
        if item.data == "option_value":  # `value "label" { … }`: a block with a label
            words = [k for k in kids if isinstance(k, Token)]
            return self.block(" ".join(map(str, words)), depth, words[-1], kids[len(words):],
                              item)
        inner = self._take((item.meta.end_line, item.meta.end_column))
        if item.data == "formula":
            lines = self.formula(item, depth)
            if self._keep_in_place(inner, item, lines):
                return lines
            return _hoist(inner, depth, item) + lines
        return self.setting(item, depth, inner)

    def option(self, item: Tree, depth: int) -> list[Line]:
        """`option name "title" default value`, then its values' blocks, if any."""
        kids: list[Any] = item.children
        head = " ".join(["option", *(str(k) for k in kids if isinstance(k, Token))])
        values = [k for k in kids if isinstance(k, Tree)]
        if not values:
            inner = self._take((item.meta.end_line, item.meta.end_column))
            return [*_hoist(inner, depth, item), Line(depth, head)]
        return self.block(head, depth, kids[-2], values[0].children, item)

    def _keep_in_place(self, inner: list[_Comment], item: Tree, lines: list[Line]) -> bool:
        """Trailing comments inside a formula already laid out as `fmt` lays it stay at the
        end of their lines; otherwise they move above the formula."""
        first = item.meta.line
        source = self.text.splitlines()[first - 1: item.meta.end_line]
        cut = {len(source) - 1: item.meta.end_column - 1, **{c.line - first: c.column - 1
                                                              for c in inner}}
        code = [line[: cut.get(i, len(line))].strip() for i, line in enumerate(source)]
        code[0] = code[0][max(0, item.meta.column - 1 - _indent_of(source[0])):]
        if not inner or code != [line.code.strip() for line in lines]:
            return False
        for c in inner:
            lines[c.line - first].comment = c.text
        return True

    def formula(self, item: Tree, depth: int) -> list[Line]:
        name, expr = item.children
        walker = _Walker(self.file)
        walker.positions[()] = walker.at(name)
        data = walker.formula(expr, ())
        lines = formula_lines(data, len(INDENT) * depth + len(str(name)) + 3)
        return [Line(depth, f"{name} = {lines[0]}"), *[Line(0, line) for line in lines[1:]]]

    def setting(self, item: Tree, depth: int, inner: list[_Comment]) -> list[Line]:
        name = str(item.children[0])
        groups: list[Any] = list(item.children[1:])
        texts = [" ".join(_atom(t) for t in g.children) for g in groups]
        one = f"{name} {', '.join(texts)}"
        hoisted: list[_Comment] = []
        lead: list[list[_Comment]] = [[] for _ in groups]
        trail = [""] * len(groups)
        for c in inner:
            i = next(i for i, g in enumerate(groups)
                     if (c.line, c.column) < (g.meta.end_line, g.meta.end_column))
            if i == 0:
                hoisted.append(c)
            elif c.line == groups[i - 1].meta.end_line and not trail[i - 1]:
                trail[i - 1] = c.text
            else:
                lead[i].append(c)
        lines = _hoist(hoisted, depth, item)
        # comments before the first value go above: they never decide the layout (else the
        # second `fmt` would lay out differently from the first)
        if not any(lead) and not any(trail) and (
                len(INDENT) * depth + len(one) <= WIDTH or len(texts) == 1):
            return [*lines, Line(depth, one)]
        pad = " " * (len(name) + 1)
        for i, text in enumerate(texts):
            lines += [Line(depth, pad + c.text, kind="comment") for c in lead[i]]
            comma = "," if i < len(texts) - 1 else ""
            lines.append(Line(depth, (f"{name} " if i == 0 else pad) + text + comma, trail[i]))
        return lines

    def _brace_line(self, after: Token) -> int:
        """The line of the `{` that follows `after` (only blanks and comments come between)."""
        pos = after.end_pos or 0
        while pos < len(self.text) and self.text[pos] != "{":
            if self.text[pos] == "#":
                end = self.text.find("\n", pos)
                pos = len(self.text) if end < 0 else end
            else:
                pos += 1
        return self.text.count("\n", 0, pos) + 1


def _hoist(comments: list[_Comment], depth: int, item: Tree) -> list[Line]:
    """Comments moved to their own lines before an item."""
    if comments:
        item._first_line = min(item.meta.line, comments[0].line)  # type: ignore[attr-defined]
    return [Line(depth, c.text, kind="comment") for c in comments]


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip())


def _atom(tok: Token) -> str:
    return str(int(tok)) if tok.type == "INT" else str(tok)


def _join(entries: list[_Entry], top_level: bool) -> list[Line]:
    """A block's entries with their blank lines: at most one where the author left some, and
    (at the top level) always one around a block and the comments just above it."""
    blanks = [e.blank_before for e in entries]
    if top_level:
        for i, e in enumerate(entries):
            if not e.is_block:
                continue
            j = i
            while j > 0 and entries[j - 1].is_comment and not blanks[j]:
                j -= 1
            blanks[j] = True
            if i + 1 < len(entries):
                blanks[i + 1] = True
    out: list[Line] = []
    for i, e in enumerate(entries):
        if blanks[i] and i > 0:
            out.append(Line(0, "", kind="blank"))
        out += e.lines
    return out


def render(lines: list[Line]) -> str:
    """The lines as text; trailing comments of neighbouring code lines aligned."""
    out: list[str] = []
    run: list[Line] = []
    for line in lines:
        if line.kind == "code":
            run.append(line)
            continue
        out += _aligned(run)
        run = []
        out.append(line.text() + (f"  {line.comment}" if line.comment else ""))
    out += _aligned(run)
    return "\n".join(out) + "\n"


def _aligned(run: list[Line]) -> list[str]:
    width = max((len(line.text()) for line in run if line.comment), default=0) + 2
    return [line.text().ljust(width) + line.comment if line.comment else line.text()
            for line in run]
