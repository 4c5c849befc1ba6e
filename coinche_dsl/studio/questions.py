"""The studio's questionnaire: the rules clubs argue about, each a Ruleset field, its control
generated from the model (choices from the enum, the question from the field's docstring), and
the edit that writes an answer into the variant's text, comments kept.

The form never keeps a copy of the rules: an answer is a text edit, checked by parsing the
result, then laid out by the canonical formatter.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from enum import Enum
from typing import Any

from lark import Tree

from ..errors import CoincheError, Diagnostic, VariantError
from ..model import Ruleset
from ..syntax import parse_text
from ..syntax.formatter import format_text

QUESTIONS: tuple[tuple[str, str], ...] = (
    ("game", "target"),
    ("game", "reach"),
    ("auction", "denominations"),
    ("auction", "minimum_bid"),
    ("auction", "coinche"),
    ("auction", "after_coinche"),
    ("auction", "surcoinche"),
    ("auction", "coinche_factor"),
    ("auction", "surcoinche_factor"),
    ("play", "must_trump"),
    ("play", "undertrump"),
    ("announcements", "enabled"),
    ("announcements", "who_scores"),
    ("belote", "enabled"),
    ("scoring", "rounding"),
)
"""The rules a table settles before the first deal, in the order a club asks them."""


class AnswerError(CoincheError, ValueError):
    """An answer the field cannot take (not one of its choices, not a number in range); `key`
    and `params` name the page's message saying why."""

    def __init__(self, message: str, key: str = "", **params: Any) -> None:
        super().__init__(message)
        self.key, self.params = key, params


@dataclass(frozen=True)
class Choice:
    value: str
    """The word the file writes (`in_turn`, `yes`, `no_trump`)."""
    label: str
    """What the page shows: the sheet's sentence for that answer, or the sheet's name of it."""


@dataclass(frozen=True)
class Question:
    path: tuple[str, str]
    kind: str
    """`choice` (one of several sentences), `choices` (a set), `yes_no` or `number`."""
    question: str
    choices: tuple[Choice, ...]
    value: Any
    said: str
    """The answer of today as the sheet says it."""
    bounds: tuple[int, int] | None = None
    """The model's range for a number."""

    def to_json(self) -> dict[str, Any]:
        out = {"path": ".".join(self.path), "kind": self.kind, "question": self.question,
               "choices": [{"value": c.value, "label": c.label} for c in self.choices],
               "value": self.value, "said": self.said}
        if self.bounds:
            out["min"], out["max"] = self.bounds
        return out


def _field(path: tuple[str, str]) -> Any:
    block = Ruleset.model_fields[path[0]].annotation
    return block.model_fields[path[1]]  # type: ignore[union-attr]


def _kind(annotation: Any) -> tuple[str, tuple[str, ...]]:
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return _kind(args[0])
    if annotation is bool:
        return "yes_no", ("yes", "no")
    if annotation is int:
        return "number", ()
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return "choice", tuple(_word(m.value) for m in annotation)
    if origin is list:
        inner, choices = _kind(args[0])
        return ("choices" if inner == "choice" else inner), choices
    raise TypeError(f"no control for {annotation!r}")


def _members(annotation: Any) -> list[Any]:
    """The model's values of a choice, a set or a yes/no, in the order of `_kind`'s words."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated or origin is list:
        return _members(args[0])
    if annotation is bool:
        return [True, False]
    return list(annotation)


def _bounds(field: Any) -> tuple[int, int] | None:
    low = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
    high = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
    return (low, high) if low is not None and high is not None else None


def _word(value: Any) -> str:
    """A value as the variant language writes it (`no_trump`, `yes`, `2000`)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        value = value.value
    return str(value).replace("-", "_")


def _with(ruleset: Ruleset, path: tuple[str, str], value: Any) -> Ruleset:
    """`ruleset` with one setting changed, to have the sheet say that answer (not validated:
    the sentence of one setting reads that setting and its own block)."""
    block = getattr(ruleset, path[0])
    return ruleset.model_copy(update={path[0]: block.model_copy(update={path[1]: value})})


def questions(ruleset: Ruleset, lang: str | None = None) -> list[Question]:
    """The questionnaire with the answers `ruleset` gives today, in `lang` (the ruleset's
    language by default): each question in the page's words, each answer in the sheet's,
    both in the variant's own words where its `terms` name them (« contre », not « coinche »)."""
    from ..render.describe import denominations, describe
    from ..render.i18n import terms_of, translator
    from .i18n import page_translator

    lang = lang or ruleset.language
    terms = terms_of(ruleset, lang)
    tr, ask = translator(lang, terms), page_translator(lang, terms)
    out = []
    for path in QUESTIONS:
        field = _field(path)
        kind, words = _kind(field.annotation)
        current = getattr(getattr(ruleset, path[0]), path[1])
        value = [_word(v) for v in current] if isinstance(current, (list, tuple)) \
            else _word(current)
        if kind == "number":
            labels = []
        elif kind == "choices":
            labels = [denominations([m], tr) for m in _members(field.annotation)]
        else:
            labels = [describe(_with(ruleset, path, m), path, tr)
                      for m in _members(field.annotation)]
        out.append(Question(path, kind, ask(f"q.{'.'.join(path)}"),
                            tuple(Choice(w, label) for w, label in zip(words, labels, strict=True)),
                            value, describe(ruleset, path, tr),
                            _bounds(field) if kind == "number" else None))
    return out


def answer_text(path: tuple[str, str], value: Any) -> str:
    """The DSL text of an answer, after checking it against the field (untrusted input)."""
    if path not in QUESTIONS:
        raise AnswerError(f"'{'.'.join(path)}' is not one of the questionnaire's rules")
    field = _field(path)
    kind, choices = _kind(field.annotation)
    values = value if kind == "choices" else [value]
    if kind == "choices" and (not isinstance(value, list) or not value):
        raise AnswerError("choose at least one", "form.at_least_one")
    words = [str(v) for v in values]
    for word in words:
        if kind == "number" and not re.fullmatch(r"[0-9]{1,6}", word):
            raise AnswerError(f"'{word[:20]}' is not a whole number", "form.not_number",
                              value=word[:20])
        if kind == "number" and (bounds := _bounds(field)) and \
                not bounds[0] <= int(word) <= bounds[1]:
            raise AnswerError(f"{word} is not between {bounds[0]} and {bounds[1]}",
                              "form.out_of_range", low=bounds[0], high=bounds[1])
        if kind != "number" and word not in choices:
            raise AnswerError(f"'{word[:20]}' is not one of {', '.join(choices)}",
                              "form.not_a_choice", value=word[:20])
    return ", ".join(dict.fromkeys(words))


def set_setting(text: str, path: tuple[str, str], value_text: str, file: str) -> str:
    """`text` with the setting at `path` written as `value_text`, comments kept: the setting is
    rewritten where the file writes it, else added to its block (made if missing)."""
    from ..syntax.parser import parse_with_comments

    tree, _ = parse_with_comments(text, file)
    variant: Any = tree.children[0]
    block, key = path
    section = _child(variant, "section", block)
    setting = _child(section, "setting", key) if section is not None else None
    line = f"{key} {value_text}"
    if setting is not None:
        edited = text[:setting.meta.start_pos] + line + text[setting.meta.end_pos:]
    elif section is not None:
        close = section.meta.end_pos - 1  # the block's closing brace
        edited = f"{text[:close]}\n{line}\n{text[close:]}"
    else:
        close = variant.meta.end_pos - 1  # the variant's closing brace
        edited = f"{text[:close]}\n{block} {{ {line} }}\n{text[close:]}"
    return format_text(edited, file)


def _child(node: Any, kind: str, name: str) -> Any:
    """The direct `kind` child of `node` (a section or setting) named `name`, if any."""
    for child in node.children:
        if isinstance(child, Tree) and child.data == kind and str(child.children[0]) == name:
            return child
    return None


def new_variant(name: str, base: str, title: str, language: str,
                answers: dict[tuple[str, str], str], file: str, description: str = "",
                sources: str = "") -> str:
    """A minimal `extends` file: the club's name, its own title, description and sources (a
    base's would describe the base), its language, and each answer."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,39}", name):
        raise AnswerError("a name is 1 to 40 lower-case letters, digits, '-' or '_'")
    texts = "".join(f'  {key} "{_quoted(value)}"\n' for key, value in (
        ("title", title), ("description", description), ("sources", sources)) if value.strip())
    text = f'variant "{name}" extends "{base}" {{\n{texts}  language {language}\n}}\n'
    for path, value in answers.items():
        text = set_setting(text, path, value, file)
    return text


def drop_base_examples(text: str, file: str) -> str:
    """`text` with `examples none`: the base's worked examples describe the base's rules, and
    some no longer hold under the club's answers (the club writes its own)."""
    close = text.rstrip().rfind("}")
    note = "  # the base's worked examples do not hold under these rules: write the club's own\n"
    return format_text(f"{text[:close]}{note}  examples none\n{text[close:]}", file)


def _quoted(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def check_parses(text: str, file: str) -> list[Diagnostic]:
    """The syntax problems of `text` (none when it parses)."""
    try:
        parse_text(text, file)
    except VariantError as e:
        return e.diagnostics
    return []
