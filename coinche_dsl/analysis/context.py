"""Where the cursor is in a variant file that may not parse yet (the block, the statement),
and what the Ruleset allows there (settings, blocks, choices, docstrings, defaults).

A light scan of the text, not the parser: an editor asks while the author is half-way
through a word. Newlines are insignificant in the language; a statement is taken to start
at a name that begins a line, unless the line before ends with `,`, `=` or an operator.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from ..model.docstrings import field_doc
from ..model.messages import inner_model

_TOKEN = re.compile(r'#[^\n]*|"(?:[^"\\\n]|\\.)*"|[A-Za-z0-9_]+|\n|\S')
_WORD = re.compile(r'"(?:[^"\\\n]|\\.)*"?|[A-Za-z0-9_]+')
_CONTINUES = {",", "=", "+", "-", "*", "(", "<", ">", "!", "if", "then", "else", "and", "or",
              "not"}
_KEYWORDS = {"if", "then", "else", "and", "or", "not"}
_OPTION_MARKS = {"@option", "@value"}
OPTION_DOC = ("A choice left to the table or the organiser: `option name \"title\" default value "
              "{ value \"label\" { rule blocks } … }` (a label, optional, is the value as the "
              "sheet prints it); every command takes `--option name=value`.")


@dataclass(frozen=True)
class BlockContext:
    """What surrounds the cursor."""

    path: tuple[str, ...]
    """The enclosing blocks, outermost first (`examples` inside an example block)."""
    statement: tuple[str, ...]
    """The tokens of the current statement before the cursor (or before the word)."""
    word: str | None = None
    """The whole word under the cursor, quotes removed (hover and definition only)."""

    @property
    def setting(self) -> str | None:
        """The setting whose value is being written, if any."""
        first = self.statement[0] if self.statement else None
        if first is None or not _is_name(first) or first in ("variant", "example"):
            return None
        return first

    @property
    def at_name(self) -> bool:
        """The cursor (or word) is where a setting or block name goes."""
        return not self.statement

    @property
    def in_formula(self) -> bool:
        return "=" in self.statement

    @property
    def after_extends(self) -> bool:
        return bool(self.statement) and self.statement[-1] == "extends"

    @property
    def extends_name(self) -> bool:
        return self.after_extends and self.word is not None


def word_at(line_text: str, index: int) -> tuple[int, int] | None:
    """The 0-based span of the word or quoted string at `index` of a line (or just left of it,
    where an editor's cursor sits after typing)."""
    for m in _WORD.finditer(line_text):
        if m.start() <= index < m.end() or (m.end() == index and index > m.start()):
            return m.start(), m.end()
        if m.start() > index:
            break
    return None


def context_at(text: str, line: int, column: int, whole_word: bool = False) -> BlockContext:
    """The context of the 1-based (line, column) cursor. With `whole_word`, the word under the
    cursor is taken whole and the context is the one just before it; without, a word being
    typed is left out (the editor filters candidates by it)."""
    lines = text.split("\n")
    line = min(max(line, 1), len(lines))
    offset = sum(len(x) + 1 for x in lines[: line - 1])
    index = min(max(column - 1, 0), len(lines[line - 1]))
    found = word_at(lines[line - 1], index)
    word = None
    if whole_word and found:
        start = offset + found[0]
        word = text[start: offset + found[1]].strip('"')
    elif found and found[0] < index:
        start = offset + found[0]  # a word being typed: what the editor filters by
    else:
        start = offset + index
    path, statement = _scan(text[:start])
    return BlockContext(path, _last_statement(path, statement), word)


def _last_statement(path: tuple[str, ...], statement: tuple[str, ...]) -> tuple[str, ...]:
    """Several settings may share a line (`auction { coinche in_turn  step 10 }`): a name of
    the block after a value starts a new one."""
    if "=" in statement or statement[:1] in (("variant",), ("example",)):
        return statement
    names = {name for name, _, _ in fields_in(path)}
    for i in range(len(statement) - 1, 0, -1):
        if statement[i] in names and statement[i - 1] not in _CONTINUES:
            statement = statement[i:]
            break
    if len(statement) >= 2 and statement[-1] not in _CONTINUES:
        return ()  # a value is complete (a group never goes on with a name): a new setting
    return statement


def _scan(prefix: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The open blocks and the current statement's tokens at the end of `prefix`."""
    stack: list[str | None] = []
    statement: list[str] = []
    line_start = True
    for m in _TOKEN.finditer(prefix):
        tok = m.group()
        if tok == "\n":
            line_start = True
            continue
        if tok.startswith("#"):
            continue
        if tok == "{":
            stack.append("@value" if stack and stack[-1] == "@option" else _opened(statement))
            statement = []
        elif tok == "}":
            if stack:
                stack.pop()
            statement = []
        else:
            if line_start and statement and _is_name(tok) and tok not in _KEYWORDS \
                    and statement[-1] not in _CONTINUES:
                statement = []
            statement.append(tok)
        line_start = False
    # an option's braces and its values' are not rule blocks: inside `option x … { v {` the
    # rule blocks are written as at the top
    return tuple(p for p in stack if p is not None and p not in _OPTION_MARKS), \
        tuple(statement)


def _opened(statement: list[str]) -> str | None:
    """The data path part a `{` opens: a block's name (the last word before it: settings may
    precede it on the line), `examples`, or None for the variant itself."""
    if not statement or statement[0] == "variant":
        return None
    if statement[0] == "option":
        return "@option"
    if len(statement) >= 2 and statement[-2] == "example":
        return "examples"
    return statement[-1] if _is_name(statement[-1]) else None


def _is_name(tok: str) -> bool:
    return bool(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", tok))


# --- what the Ruleset allows ----------------------------------------------------------------

@dataclass(frozen=True)
class FieldDoc:
    """A Ruleset field as an editor shows it."""

    name: str
    doc: str
    default: str | None
    annotation: Any
    is_block: bool


def _ruleset() -> Any:
    from ..model import Ruleset

    return Ruleset


def _model_at(path: tuple[str | int, ...]) -> Any:
    """The model (or a `{side: formula}` dict annotation) that the block at `path` holds."""
    from ..model.summary import Example

    model: Any = _ruleset()
    keyed = False  # the part after a dict of blocks (`terms`) is its key (`es`), not a name
    for part in path:
        if keyed:
            keyed = False
            continue
        if part == "examples" and model is _ruleset():
            model = Example
            continue
        fields = getattr(model, "model_fields", None)
        if fields is None or part not in fields:
            return None
        annotation = fields[part].annotation
        keyed = _keyed_blocks(annotation)
        model = annotation if _formula_keys(annotation) else inner_model(annotation)
    return model


def _keyed_blocks(annotation: Any) -> bool:
    """`terms`: a block per language, each of one model (`terms { es { … } }`)."""
    if typing.get_origin(annotation) is not dict:
        return False
    key, value = typing.get_args(annotation)
    return typing.get_origin(key) is typing.Literal and _is_block(value)


def _is_block(annotation: Any) -> bool:
    from ..model.expr import Expr

    inner = inner_model(annotation)
    return inner is not None and inner is not Expr


def _formula_keys(annotation: Any) -> list[str]:
    """`made` and `failed` are `{declarers|defenders: formula}`: their keys."""
    if typing.get_origin(annotation) is dict and not _keyed_blocks(annotation):
        key = typing.get_args(annotation)[0]
        if typing.get_origin(key) is typing.Literal:
            return [str(k) for k in typing.get_args(key)]
    return []


def field_at(path: tuple[str | int, ...]) -> FieldDoc | None:
    """The field a data path names, or None."""
    if not path:
        return None
    model = _model_at(path[:-1])
    name = str(path[-1])
    keys = _formula_keys(model) if model is not None else []
    if name in keys:
        return FieldDoc(name, f"The {name}' score: a formula.", None, None, False)
    fields = getattr(model, "model_fields", None)
    if not fields or name not in fields or name in ("name", "extends"):
        return None
    info = fields[name]
    is_block = bool(_formula_keys(info.annotation)) or _is_block(info.annotation)
    doc = field_doc(model, name) or getattr(inner_model(info.annotation), "__doc__", "") or ""
    default = None if is_block else _default(info)
    return FieldDoc(name, doc.strip(), default, info.annotation, is_block)


def fields_in(path: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """(name, `block` or `setting`, first line of its docstring) for what the block at `path`
    may hold."""
    model = _model_at(path)
    if model is None:
        return []
    keys = _formula_keys(model)
    if keys:
        return [(k, "setting", f"the {k}' score (a formula)") for k in keys]
    out = []
    for name in model.model_fields:
        if name in ("examples", "options") and not path:
            continue  # written `example "title" { … }` and `option name …`, one each
        info = field_at((*path, name))
        if info is not None and name == "examples":  # `terms`: `example "title" { … }` each
            out.append(("example", "block", info.doc.split("\n")[0]))
        elif info is not None:
            out.append((name, "block" if info.is_block else "setting",
                        info.doc.split("\n")[0]))
    if not path:
        out.append(("example", "block", "A worked example: a deal summary and its score."))
        out.append(("option", "block", OPTION_DOC))
    return out


def value_choices(info: FieldDoc | None) -> list[str]:
    """The words a setting accepts, when they form a closed list (choices, yes/no, `none`)."""
    if info is None or info.is_block:
        return []
    out: list[str] = []
    _choices(info.annotation, out)
    return list(dict.fromkeys(out))


def _choices(annotation: Any, out: list[str]) -> None:
    if annotation is bool:
        out += ["yes", "no"]
    elif annotation is type(None):
        out.append("none")
    elif isinstance(annotation, type) and issubclass(annotation, Enum):
        out += [str(m.value).replace("-", "_") for m in annotation]
    elif typing.get_origin(annotation) is typing.Literal:
        out += [str(a) for a in typing.get_args(annotation) if isinstance(a, str)]
    else:
        for arg in typing.get_args(annotation):
            _choices(arg, out)


def _default(info: Any) -> str | None:
    value = info.default
    if value is PydanticUndefined:
        if info.default_factory is None:
            return None
        value = info.default_factory()
    return shown(value)


def shown(value: Any) -> str:
    """A value as the language writes it: `yes`, `in_turn`, `clubs, hearts`, `none`."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, Enum):
        return str(value.value).replace("-", "_")
    if isinstance(value, dict):
        return ", ".join(f"{k} {shown(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(shown(v) for v in value)
    if isinstance(value, BaseModel):
        return " ".join(shown(v) for v in value.model_dump().values())
    return str(value)
