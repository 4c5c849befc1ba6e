"""Syntax problems in words a club secretary reads: what was found, what was expected, a hint.

Two passes: `check_text` runs before Lark and catches what Lark reports badly (an unclosed
block, named with where it opened; an unclosed text; nesting too deep); `describe_syntax_error`
turns Lark's exceptions (which list grammar terminals) into a sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import Diagnostic, Position, VariantError, args
from ..limits import MAX_BLOCK_DEPTH, MAX_NUMBER_DIGITS, MAX_PAREN_DEPTH, MAX_TOKENS
from ..native_words import ENGLISH, english_words, native

_END = {"$END", "<END-OF-FILE>"}
_WORDS = {
    "NAME": "a name", "INT": "a number", "NEGATIVE": "a number", "STRING": "a quoted text",
    "CARD": "a card",
    "LBRACE": "'{'", "RBRACE": "'}'", "COMMA": "','", "EQUAL": "'='", "LPAR": "'('",
    "RPAR": "')'", "PLUS": "'+'", "MINUS": "'-'", "STAR": "'*'", "CMP": "a comparison",
}
_CHAR_HINTS = {
    ":": "no ':' is needed: write the name, a space, then the value",
    ";": "no ';' is needed: items are separated by spaces or new lines",
    "'": "texts go in double quotes: \"…\"",
    "\u201c": "texts go in straight double quotes: \"…\"",
    "\u201d": "texts go in straight double quotes: \"…\"",
    "[": "lists need no brackets: write the values separated by commas",
    "/": "only + - * are allowed in formulas",
}
_HEADER = "a variant file starts with its header: variant \"my-club\" extends \"ffb\" {"


@dataclass
class _Open:
    char: str
    line: int
    column: int
    indent: int
    name: str
    closer_indent: int | None = None
    closer_line: int = 0


_SIGNIFICANT = re.compile(r'"(?:[^"\\]|\\.)*"|"|#[^\n]*|[{}()\n]'
                          rf"|(?P<long>(?<![A-Za-z0-9_])[0-9]{{{MAX_NUMBER_DIGITS + 1},}})"
                          r"|(?P<token>[A-Za-z0-9_]+|[-+*<>=!,])")


def check_text(text: str, file: str) -> None:
    """Unclosed texts and blocks, nesting depth, absurdly long numbers, too many tokens;
    raises VariantError. One linear scan, before Lark sees the text."""
    stack: list[_Open] = []
    closed: list[_Open] = []
    line, line_start, tokens = 1, 0, 0
    for m in _SIGNIFICANT.finditer(text):
        ch, i = m.group(), m.start()
        if m.lastgroup == "token" or ch in "{}()":
            tokens += 1
            if tokens > MAX_TOKENS:
                _too_many_tokens(Position(file, line, i - line_start + 1))
            if m.lastgroup == "token":
                continue
        if ch == "\n":
            line, line_start = line + 1, i + 1
        elif ch == '"':
            raise VariantError([Diagnostic(Position(file, line, i - line_start + 1),
                                           "this text has no closing '\"'",
                                           hint="texts are written in double quotes",
                                           code="syntax.unclosed_text",
                                           hint_code="hint.double_quotes")])
        elif ch[0] == '"' and "\n" in ch:
            line += ch.count("\n")
            line_start = i + ch.rfind("\n") + 1
        elif ch in "{(":
            stack.append(_Open(ch, line, i - line_start + 1, _indent(text, line_start),
                               _word_before(text, i)))
            _check_depth(stack, file)
        elif ch == "}" and stack and stack[-1].char == "(":
            _unclosed_paren(stack[-1], file, "before this '}'", line, i - line_start + 1)
        elif ch in "})" and stack and stack[-1].char == "{("[ch == ")"]:
            opened = stack.pop()
            if _indent(text, line_start, i) == i - line_start:  # alone on its line
                opened.closer_indent, opened.closer_line = i - line_start, line
            closed.append(opened)
        elif ch == "}" and not stack:
            _stray_brace(text, closed, Position(file, line, i - line_start + 1))
        elif m.lastgroup == "long":
            raise VariantError([Diagnostic(Position(file, line, i - line_start + 1),
                                           f"this number has {len(ch):,} digits; numbers have "
                                           f"at most {MAX_NUMBER_DIGITS}",
                                           code="syntax.long_number",
                                           params=args(n=len(ch), limit=MAX_NUMBER_DIGITS))])
    if stack and stack[-1].char == "(":
        _unclosed_paren(stack[-1], file, "at the end of the file", line,
                        len(text) - line_start + 1)
    _check_unclosed(stack, closed, file, line, len(text) - line_start + 1)


def _too_many_tokens(at: Position) -> None:
    raise VariantError([Diagnostic(at, f"the file has more than {MAX_TOKENS:,} words, numbers "
                                   "and signs (comments and texts aside); a variant file is "
                                   "smaller", hint="is this a variant file?",
                                   code="syntax.too_many_words", hint_code="hint.variant_file",
                                   params=args(n=MAX_TOKENS))])


def _stray_brace(text: str, closed: list[_Open], at: Position) -> None:
    """A '}' that closes nothing; when the author's indentation shows a block closed too
    early, name the line that probably lacks its '{'."""
    hint, hint_code, params = "is there one '}' too many?", "hint.brace_too_many", {}
    misfit = next((b for b in reversed(closed) if b.char == "{" and b.closer_indent is not None
                   and b.closer_indent != b.indent), None)
    if misfit is not None:
        lines = text.splitlines()
        for n in range(misfit.closer_line - 1, misfit.line, -1):
            candidate = lines[n - 1]
            if _indent(candidate, 0) == misfit.closer_indent and re.fullmatch(
                    r"\s*[A-Za-z_]\w*\s*(#.*)?", candidate):
                hint = f"is a '{{' missing after '{candidate.split()[0]}' on line {n}?"
                hint_code, params = "hint.brace_missing_after", {"name": candidate.split()[0],
                                                                 "line": n}
                break
    raise VariantError([Diagnostic(at, "this '}' closes no block", "}", hint,
                                   code="syntax.stray_brace", hint_code=hint_code,
                                   params=args(**params))])


def _unclosed_paren(opened: _Open, file: str, where: str, line: int, column: int) -> None:
    raise VariantError([Diagnostic(
        Position(file, line, column),
        f"missing ')': the '(' opened at line {opened.line}, column {opened.column} is still "
        f"open {where}", hint="close it, or finish the formula", code="syntax.unclosed_paren",
        hint_code="hint.close_paren", params=args(line=opened.line))])


_BLANKS = re.compile(r"[ \t]*")


def _indent(text: str, line_start: int, end: int | None = None) -> int:
    """Spaces and tabs at `line_start` (before `end`): a match, never a copy of the rest of the
    file, since this runs at every bracket."""
    match = _BLANKS.match(text, line_start, len(text) if end is None else end)
    return match.end() - line_start if match else 0


def _word_before(text: str, i: int) -> str:
    match = re.search(r'([A-Za-z_][A-Za-z0-9_]*|"[^"\n]*")\s*$', text[max(0, i - 80):i])
    return match.group(1) if match else ""


def _check_depth(stack: list[_Open], file: str) -> None:
    top = stack[-1]
    limit = MAX_BLOCK_DEPTH if top.char == "{" else MAX_PAREN_DEPTH
    if sum(1 for s in stack if s.char == top.char) > limit:
        what = "blocks" if top.char == "{" else "parentheses"
        raise VariantError([Diagnostic(Position(file, top.line, top.column),
                                       f"{what} nested deeper than {limit} levels",
                                       code=f"syntax.too_deep.{what}", params=args(n=limit))])


def _check_unclosed(stack: list[_Open], closed: list[_Open], file: str, line: int,
                    column: int) -> None:
    """A missing '}' is noticed at the end of the file; the block that lacks it is the first
    one closed by a '}' indented differently from its opening line (the author's layout),
    or else the innermost one left open."""
    blocks = [s for s in stack if s.char == "{"]
    if not blocks:
        return
    misfit = [b for b in closed if b.char == "{" and b.closer_indent is not None
              and b.closer_indent != b.indent and (b.line, b.column) > (blocks[-1].line, 0)]
    culprit = min(misfit, key=lambda b: (b.line, b.column)) if misfit else blocks[-1]
    what = f"the block '{culprit.name}'" if culprit.name else "a block"
    if culprit.name.startswith('"'):
        what = "the variant" if culprit is blocks[0] else f"the example {culprit.name}"
    raise VariantError([Diagnostic(
        Position(file, line, column),
        f"missing '}}': {what} opened at line {culprit.line}, column {culprit.column} "
        f"is never closed", hint="add '}' at the end of the block",
        code="syntax.unclosed_block" + ("" if culprit.name else ".anonymous"),
        hint_code="hint.add_brace", params=args(name=culprit.name.strip('"'),
                                                line=culprit.line))])


def describe_syntax_error(e: UnexpectedInput, text: str, file: str, lark: Lark) -> Diagnostic:
    """Lark's exception as one diagnostic in words."""
    at = Position(file, getattr(e, "line", 1) or 1, getattr(e, "column", 1) or 1)
    if isinstance(e, UnexpectedCharacters):
        return _bad_characters(e, text, at)
    if isinstance(e, UnexpectedEOF):
        return Diagnostic(at, "the file ends too early", hint="is a block or formula unfinished?",
                          code="syntax.early_end", hint_code="hint.unfinished")
    assert isinstance(e, UnexpectedToken)
    token = e.token
    at_end = token.type in _END
    expected = set(e.expected) - (set() if at_end else _END)
    history = getattr(e, "token_history", None) or []
    prev = history[-1] if history else None
    if set(e.expected) <= _END and not at_end:
        return _after_the_end(token, at)
    if token.type == "MINUS":  # `sans-atout`: a word of the club's language, not a number
        native = _native_word(text, token.start_pos or 0)
        if native is not None:
            return _native(at, native)
        if not text[(token.end_pos or 0):(token.end_pos or 0) + 20].lstrip()[:1].isdigit():
            expected = expected - {"INT"}  # `x -y` is no negative number
    special = _unit_word(text, file, prev) if {"EQUAL", "LBRACE"} <= expected else None
    special = special or _special(token, expected, prev, at)
    if special is not None:
        return special
    words = sorted({_word(t, lark) for t in expected})
    shown = "the end of the file" if at_end else repr(str(token))
    hint = _hint(token, expected, prev)
    close = _DID_YOU_MEAN.search(hint)
    kinds = sorted({_KINDS.get(t, "") for t in expected} - {""})
    signs = sorted({w.strip("'") for t, w in ((t, _word(t, lark)) for t in expected)
                    if t not in _KINDS and w.startswith("'")})
    return Diagnostic(at, f"unexpected {shown}; expected {_one_of(words)}", text=str(token),
                      hint=hint, code="syntax.unexpected_end" if at_end else
                      "syntax.unexpected", hint_code="hint.did_you_mean" if close else "",
                      params=args(found=str(token) if not at_end else "", kinds=kinds,
                                  names=signs, **({"fix": close.group(1)} if close else {})))


_KINDS = {"NAME": "name", "INT": "number", "NEGATIVE": "number", "STRING": "text",
          "CARD": "card", "CMP": "comparison", "$END": "end", "<END-OF-FILE>": "end"}
"""What the parser expected, by kind, for the problem catalogs (the other terminals are
signs and keywords, shown as written)."""
_DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'")


def _native(at: Position, found: tuple[str, str]) -> Diagnostic:
    """A word of a club's language where the file's word is wanted (`trèfle`: `clubs`)."""
    return Diagnostic(at, f"'{found[0]}' is not a word of a variant file", found[0],
                      f"write '{found[1]}': {ENGLISH}", code="syntax.native_word",
                      hint_code="hint.english", params=args(name=found[0], fix=found[1]))


_SETTING_AND_VALUE = re.compile(r"([a-z_][a-z0-9_]*)\s+([^\s{}=#]+)\s+$")


def _unit_word(text: str, file: str, prev: Token | None) -> Diagnostic | None:
    """`target 1500 points`: a word after a setting's whole value on its line reads as a new
    setting with no value; said where the word is, naming the setting it follows."""
    if prev is None or prev.type != "NAME" or prev.start_pos is None:
        return None
    line_start = text.rfind("\n", 0, prev.start_pos) + 1
    before = _SETTING_AND_VALUE.search(text[line_start:prev.start_pos])
    if before is None or not before.group(2)[:1].isdigit():
        return None
    setting, value, word = before.group(1), before.group(2), str(prev)
    return Diagnostic(Position(file, prev.line or 1, prev.column or 1),
                      f"'{setting} {value} {word}': '{word}' after the value reads as another "
                      "setting, which has no value", word,
                      f"a setting's value stands alone: write '{setting} {value}'",
                      code="syntax.word_after_value", hint_code="hint.value_alone",
                      params=args(name=word, setting=setting, fix=f"{setting} {value}"))


def _special(token: Token, expected: set[str], prev: Token | None, at: Position
             ) -> Diagnostic | None:
    """Situations common enough to deserve their own sentence."""
    return _in_header(token, expected, prev, at) or _in_body(token, expected, prev, at)


_AFTER_KEYWORD = {
    "VARIANT": ("the variant's name", 'variant "my-club"'),
    "EXTENDS": ("the name of the base variant", 'extends "ffb"'),
    "EXAMPLE": ("the example's title", 'example "a made 90"'),
}


def _in_header(token: Token, expected: set[str], prev: Token | None, at: Position
               ) -> Diagnostic | None:
    if token.type in _END and expected == {"VARIANT"}:
        return Diagnostic(at, "the file has no variant in it", hint=_HEADER,
                          code="syntax.no_variant", hint_code="hint.header")
    if expected == {"VARIANT"}:
        return Diagnostic(at, f"unexpected {str(token)!r} before the variant's header",
                          str(token), _HEADER, code="syntax.before_header",
                          hint_code="hint.header", params=args(found=str(token)))
    if expected == {"STRING"} and prev is not None and prev.type in _AFTER_KEYWORD:
        what, like = _AFTER_KEYWORD[prev.type]
        return Diagnostic(at, f"'{prev}' must be followed by {what} in double quotes",
                          str(token), f"like {like}",
                          code=f"syntax.quoted_after.{prev.type.lower()}", hint_code="hint.like",
                          params=args(name=str(prev), like=like))
    return None


def _in_body(token: Token, expected: set[str], prev: Token | None, at: Position
             ) -> Diagnostic | None:
    found, name = str(token), str(prev) if prev is not None else ""
    if token.type == "MINUS" and "INT" in expected and "LPAR" not in expected:
        return Diagnostic(at, "a setting's number cannot be negative", "-",
                          "write it without '-'", code="syntax.negative",
                          hint_code="hint.without_minus")
    if token.type == "CMP" and "CMP" not in expected:
        return Diagnostic(at, "comparisons cannot be chained", found, "write 'a <= b and b <= c'",
                          code="syntax.chained_comparison", hint_code="hint.and_comparisons")
    if {"EQUAL", "LBRACE"} <= expected and prev is not None and prev.type == "NAME":
        return Diagnostic(at, f"'{name}' has no value", name,
                          f"write a value after it ('{name} 2000'), a block ('{name} {{ … }}') "
                          f"or a formula ('{name} = …')", code="syntax.no_value",
                          hint_code="hint.write_value", params=args(name=name))
    if "LPAR" in expected and "STRING" not in expected and token.type in ("RBRACE", *_END):
        return Diagnostic(at, "the formula stops too early", found,
                          "it needs a number, a quantity or '(' here",
                          code="syntax.formula_early_end", hint_code="hint.formula_needs")
    if expected == {"ELSE"}:
        return Diagnostic(at, f"unexpected {found!r}: this 'if' has no 'else'", found,
                          "write 'if condition then value else other value'",
                          code="syntax.no_else", hint_code="hint.if_then_else",
                          params=args(found=found))
    if prev is not None and prev.type == "COMMA" and "STRING" in expected:
        return Diagnostic(at, "a ',' must be followed by another value", found,
                          "remove the last ','", code="syntax.trailing_comma",
                          hint_code="hint.remove_comma")
    return None


def _after_the_end(token: Token, at: Position) -> Diagnostic:
    if token.type == "VARIANT":
        return Diagnostic(at, "a file holds one variant: this second one is not allowed",
                          "variant", "put it in a file of its own", code="syntax.second_variant",
                          hint_code="hint.own_file")
    brace = token.type == "RBRACE"
    return Diagnostic(at, f"unexpected {str(token)!r} after the end of the variant",
                      str(token), "is there one '}' too many, or a '{' missing?"
                      if brace else "everything goes inside the variant's '{ … }'",
                      code="syntax.after_end", hint_code="hint.brace_too_many_or_missing"
                      if brace else "hint.inside_variant", params=args(found=str(token)))


def _hint(token: Token, expected: set[str], prev: Token | None) -> str:
    if token.type == "NAME":
        from difflib import get_close_matches

        keywords = [t.lower() for t in expected if t.isupper() and t.isalpha()
                    and t not in _WORDS]
        close = get_close_matches(str(token), keywords, n=1)
        return f"did you mean '{close[0]}'?" if close else ""
    if token.type == "LBRACE":
        return "a block starts with its name, like 'game {'"
    if token.type == "LPAR" and "EQUAL" not in expected:
        return "a formula is written with '=', like 'success = points(declarers) >= contract'"
    if token.type == "MINUS" and "INT" in expected:
        return "a setting's numbers cannot be negative"
    if token.type == "RPAR":
        return "is there one ')' too many?"
    return ""


def _bad_characters(e: UnexpectedCharacters, text: str, at: Position) -> Diagnostic:
    pos = e.pos_in_stream or 0
    ch = text[pos] if pos < len(text) else ""
    native = _native_word(text, pos)
    if native is not None:
        return _native(at, native)
    word = re.match(r"[A-Za-z0-9_]+", text[pos:])
    if word and word.group(0)[0].isdigit():
        found = word.group(0)
        if re.fullmatch(r"(10|[789])[cdhs]", found):
            return Diagnostic(at, f"write cards with capital letters: '{found.upper()}'", found,
                              code="syntax.card_case", params=args(fix=found.upper()))
        if re.fullmatch(r"[0-9]+[CDHScdhs]", found):
            return Diagnostic(at, f"unknown card '{found}'", found,
                              "a card is a rank (7 8 9 10 J Q K A) then a suit letter "
                              "(C D H S), like 10H", code="syntax.unknown_card",
                              hint_code="hint.card", params=args(name=found))
        return Diagnostic(at, f"'{found}' is neither a number nor a name", found,
                          "names start with a letter; put a space after a number",
                          code="syntax.number_name", hint_code="hint.space_after_number",
                          params=args(name=found))
    hint_code = _CHAR_CODES.get(ch, "hint.unaccented" if ch.isalpha() else "hint.name_chars")
    return Diagnostic(at, f"unexpected character {ch!r}", ch, _CHAR_HINTS.get(
        ch, "names use unaccented letters, digits and '_'" if ch.isalpha() else
        "names are letters, digits and '_'; texts go in double quotes"),
        code="syntax.character", hint_code=hint_code, params=args(found=ch))


_CHAR_CODES = {":": "hint.no_colon", ";": "hint.no_semicolon", "'": "hint.double_quotes",
               "\u201c": "hint.straight_quotes", "\u201d": "hint.straight_quotes",
               "[": "hint.no_brackets", "/": "hint.operators"}


def _native_word(text: str, pos: int) -> tuple[str, str] | None:
    """The word around `pos` (accents and hyphens in it: `trèfle`, `sans-atout`) and the
    file's word it stands for, when it is one in a club's language."""
    before = re.search(r"[\w-]*$", text[max(0, pos - 40):pos])
    after = re.match(r"[\w-]*", text[pos:pos + 40])
    word = (before.group(0) if before else "") + (after.group(0) if after else "")
    english = native(word.strip("-"), english_words())
    return (word.strip("-"), english) if english is not None else None


def _word(terminal: str, lark: Lark) -> str:
    if terminal in _END:
        return "the end of the file"
    if terminal in _WORDS:
        return _WORDS[terminal]
    try:
        pattern = lark.get_terminal(terminal).pattern
    except KeyError:
        return terminal
    return f"'{pattern.value}'" if pattern.type == "str" else terminal


def _one_of(words: list[str]) -> str:
    if not words:
        return "something else"
    if len(words) == 1:
        return words[0]
    return "one of " + ", ".join(words[:-1]) + " or " + words[-1]
