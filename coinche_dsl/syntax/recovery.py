"""Every syntax error of a file at once: the file that did not parse is parsed again by a
parser that recovers after each error (Lark's `on_error`), the way a reader skips to the next
line, and reports the errors it meets once back in step, never the echoes of one mistake.

The first error is the one a plain parse meets; up to MAX_SYNTAX_ERRORS are reported.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..errors import Diagnostic, Position
from ..limits import MAX_SYNTAX_ERRORS
from .diagnose import describe_syntax_error
from .parser import grammar_text


def syntax_errors(text: str, file: str = "<string>") -> list[Diagnostic]:
    """Every syntax error of a file that does not parse (the first as a plain parse meets it,
    then up to MAX_SYNTAX_ERRORS in all), so that a secretary mends them in one pass."""
    lark, log = _recovering_parser()
    recovery = _Recovery(text, file, lark, log)
    try:
        lark.parse(text, on_error=recovery)
    except UnexpectedInput:  # the end of the file inside an item, or a cap: found is found
        pass
    return recovery.problems or [Diagnostic(Position(file, 1, 1), "the file cannot be read")]


class _TokenLog(threading.local):
    """The tokens the recovering parser's lexer produced, in order (one list per thread): a
    post-lexer, which sees every token as the parser gets it (Lark's lexer callbacks miss
    names when keywords are about)."""

    always_accept: tuple[str, ...] = ()
    tokens: list[Token]
    skip_line = 0
    """The line of an error: what is left of it does not begin a block's item."""
    state: Any = None
    """The parser's state (Lark's `ParserState`) once an error was met."""

    def __init__(self) -> None:
        self.tokens = []

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        for token in stream:
            if token.line == self.skip_line and token.type in _ITEM_STARTS and self._in_block():
                continue  # a word left over from a broken item is not a new item
            self.tokens.append(token)
            yield token

    def _in_block(self) -> bool:
        """The parser is between a block's items (takes a name and a '}')."""
        actions = self.state.parse_conf.parse_table.states[self.state.state_stack[-1]]
        return "NAME" in actions and "RBRACE" in actions


@lru_cache(maxsize=1)
def _recovering_parser() -> tuple[Lark, _TokenLog]:
    """A parser of its own, logging every token it lexes (built on the first file that does
    not parse: the plain parsers pay nothing for it)."""
    log = _TokenLog()
    return Lark(grammar_text(), parser="lalr", maybe_placeholders=False, postlex=log,
                cache=True), log


_MAX_SKIPS = 1_000
"""Errors met while recovering (most skipped silently) before the parser gives up: a file of
junk characters ends in milliseconds, not one exception per character."""


_ITEM_STARTS = frozenset({"NAME", "EXAMPLE", "OPTION"})
"""Tokens that begin an item of a block (a setting, a block, a formula, an example, an
option): where a line starting with one is taken up again after an error."""


_STEADY = _ITEM_STARTS | {"RBRACE"}
"""A line read without error since the last error proves the parser back in step only when it
starts an item or closes a block (a line going on with `else …` or `+ …` may be read as part
of the unfinished item)."""


class _Recovery:
    """Lark's `on_error`: note an error, then resume.

    The parser is put back in step at a line starting an item or closing a block: when that
    line cannot follow what came before, the unfinished item is forgotten (the parser's states
    popped down to the block's) and the line read as a block's next item or end, the way a
    reader skips to the next line. Elsewhere the offending token (or character) is skipped,
    but never a brace: braces balance (`check_text`), and one skipped would close the wrong
    block later; a block without its name is given one. An error is reported only when a
    whole line was read without error since the last one: the others are that mistake's
    echoes; and the words left on an error's line after it do not begin a new item. So one
    error a line at most, and possibly fewer than the file has (a mistake on the very next
    line is reported once the first is mended)."""

    def __init__(self, text: str, file: str, lark: Lark, log: _TokenLog):
        self.text, self.file, self.lark, self.log = text, file, lark, log
        log.tokens, log.skip_line, log.state = [], 0, None
        self.problems: list[Diagnostic] = []
        self.errors = 0
        self.seen = 0
        """Tokens lexed up to the last error (those after it, up to the next, were accepted)."""
        self.line = 0
        """The last error's line."""

    def __call__(self, e: UnexpectedInput) -> bool:
        tokens = self.log.tokens
        if isinstance(e, UnexpectedToken) and (
                not tokens or tokens[-1].start_pos != e.token.start_pos):
            tokens.append(e.token)  # a token the contextual lexer refused before logging it
        at = len(tokens) - 1 if isinstance(e, UnexpectedToken) else len(tokens)
        line = getattr(e, "line", 0) or self.line
        clean_line = any(self.line < (tokens[i].line or 0) < line and tokens[i].type in _STEADY
                         and self._first_on_line(i) for i in range(self.seen, at))
        self.seen, self.errors = at + 1, self.errors + 1
        if not self.problems or clean_line:
            self.problems.append(describe_syntax_error(e, self.text, self.file, self.lark))
        self.line = line
        if len(self.problems) >= MAX_SYNTAX_ERRORS or self.errors >= _MAX_SKIPS:
            return False
        self.log.skip_line, self.log.state = line, e.interactive_parser.parser_state
        if not isinstance(e, UnexpectedToken):
            return True  # the character is skipped
        kind = e.token.type
        if kind == "$END":
            return False  # nothing to skip: the file ends inside an unfinished item
        if kind == "LBRACE":  # a block without its name (or header), here or as an item
            name, text = Token("NAME", "_"), Token("STRING", '"_"')
            (self._feed(e, name, e.token) or self._feed(e, text, e.token)
             or self._back_in_step(e, "NAME", name, e.token))
        elif kind == "RBRACE":
            self._back_in_step(e, kind, e.token)
        elif kind in _ITEM_STARTS and self._first_on_line(at) and self._back_in_step(
                e, kind, e.token):
            self.log.skip_line = 0  # the line is read afresh, as the block's next item
        return True

    def _first_on_line(self, i: int) -> bool:
        """Token `i` of the log starts its line (comments and skipped characters aside)."""
        if i == 0:
            return True
        before = self.log.tokens[i - 1]
        return (before.end_line or before.line or 0) < (self.log.tokens[i].line or 0)

    def _back_in_step(self, e: UnexpectedToken, kind: str, *tokens: Token) -> bool:
        """Pop the parser's states down to a block's (one that takes a '}') that takes a
        token of `kind`, and feed `tokens` there (False, nothing changed: there is none)."""
        state = e.interactive_parser.parser_state
        table = state.parse_conf.parse_table.states
        stack = state.state_stack
        depth = len(stack)
        while depth > 0 and not (kind in table[stack[depth - 1]]
                                 and "RBRACE" in table[stack[depth - 1]]):
            depth -= 1
        if depth == 0:
            return False
        saved = list(stack), list(state.value_stack)
        del stack[depth:], state.value_stack[depth - 1:]
        if self._feed(e, *tokens):
            return True
        stack[:], state.value_stack[:] = saved
        return False

    @staticmethod
    def _feed(e: UnexpectedToken, *tokens: Token) -> bool:
        """Feed `tokens` to the parser if it takes them all (tried on a copy first)."""
        try:
            trial = e.interactive_parser.copy()
            for tok in tokens:
                trial.feed_token(tok)
        except (UnexpectedToken, UnexpectedCharacters):
            return False
        for tok in tokens:
            e.interactive_parser.feed_token(tok)
        return True
