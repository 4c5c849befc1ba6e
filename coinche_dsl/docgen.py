"""The reference part of `docs/language.md`, generated from the Ruleset model.

The hand-written prose of that file stays as written; the parts between
`<!-- generated: NAME -->` and `<!-- end generated -->` are rewritten from the model (every
block and setting with its docstring, type, choices, default and an example line taken from
the `ffb` reference variant) and from the table of formula quantities.

Regenerate with `python -m coinche_dsl.docgen` (`--check` only tells whether it is current).
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
import types
import typing
from enum import Enum
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticUndefined, to_jsonable_python

from .loader import builtin_path
from .model import Ruleset, enums
from .model.docstrings import field_doc
from .model.expr import QUANTITIES, Expr
from .model.ruleset import CardValue, ExampleTitles, OptionWords, Scale
from .model.summary import CardCode, Example
from .syntax import parse_text
from .syntax.writer import atom

DOC = Path(__file__).resolve().parents[1] / "docs" / "language.md"
_FALLBACK: dict[tuple[str | int, ...], str] = {
    ("examples", 0, "double"): "double coinche",
    ("examples", 0, "tricks"): "tricks N 3, E 1, S 4, W 0",
    ("examples", 0, "announcements"): "announcements N QH JH 10H, E 7S 8S 9S",
    ("examples", 0, "belote"): "belote N",
}
"""Example lines for what `ffb` does not write."""
_REGION = re.compile(r"(<!-- generated: (\w+) -->\n).*?(<!-- end generated -->)", re.S)
_SPECIAL = {
    CardValue: "card table: the eight ranks, strongest first, each with its points",
    Scale: "`none`, `cards N` or `total N`",
    Expr: "formula",
    OptionWords: "a block for each option: its `title`, then each value's label by the "
                 "value's name, as quoted text",
    ExampleTitles: "`example \"title\" { title \"…\" }` for each worked example, by its title",
}


def generate(current: str) -> str:
    """`current` with its generated regions rewritten."""
    makers = {"quantities": quantities_table, "reference": reference, "limits": limits_table}
    return _REGION.sub(lambda m: m.group(1) + makers[m.group(2)]() + m.group(3), current)


def quantities_table() -> str:
    rows = ["| quantity | gives | written | meaning |", "| --- | --- | --- | --- |"]
    for q in QUANTITIES.values():
        written = " ".join(f"`{q.name}({s})`" for s in q.sides) or f"`{q.name}`"
        gives = "a number" if q.type == "int" else "a condition"
        rows.append(f"| `{q.name}` | {gives} | {written} | {q.doc} |")
    return "\n".join(rows) + "\n"


def limits_table() -> str:
    """The bounds of `coinche_dsl.limits`, each with its docstring."""
    from . import limits

    docs = _attribute_docs(Path(limits.__file__).read_text(encoding="utf-8"))
    rows = ["| limit | value | what it bounds |", "| --- | --- | --- |"]
    for name, value in limits.LIMITS.items():
        rows.append(f"| `{name}` | {value:,} | {_cell(docs.get(name, ''))} |")
    return "\n".join(rows) + "\n"


def _attribute_docs(source: str) -> dict[str, str]:
    """`NAME: Final = value` followed by a docstring, as {NAME: docstring}."""
    found = re.findall(r'^(MAX_\w+): Final = [^\n]+\n"""(.*?)"""', source, re.S | re.M)
    return {name: " ".join(doc.split()) for name, doc in found}


def reference() -> str:
    """One section per block: its settings with type, default, example line and meaning."""
    ffb = _ffb_lines()
    top = {n: f for n, f in Ruleset.model_fields.items()
           if not _model_of(f.annotation) and n not in ("name", "extends", "examples", "options")}
    out = ["### Top level\n", "Written directly inside `variant \"…\" { … }`.\n",
           _settings_table(Ruleset, top, (), ffb)]
    for name, field in Ruleset.model_fields.items():
        model = _model_of(field.annotation)
        if model is None or name == "examples":
            continue
        out.append(f"### `{name} {{ … }}`\n")
        out.append(f"{_doc(model)}\n")
        out.append(_settings_table(model, model.model_fields, (name,), ffb))
    for name, field in Ruleset.model_fields.items():
        args = typing.get_args(field.annotation)
        if typing.get_origin(field.annotation) is dict and args and _model_of(args[1]):
            model = _model_of(args[1])
            assert model is not None
            out.append(f"### `{name} {{ <language> {{ … }} }}`\n")
            out.append(f"{_doc(model)}\n")
            out.append(_settings_table(model, model.model_fields, (name, "fr"), ffb))
    out.append("### `example \"title\" { … }`\n")
    out.append(f"{_doc(Example)} Any number of them, at the top level.\n")
    fields = {n: f for n, f in Example.model_fields.items() if n != "name"}
    out.append(_settings_table(Example, fields, ("examples", 0), ffb))
    out.append("### Choices\n")
    out.append(_choices())
    return "\n".join(out)


def _settings_table(model: type[BaseModel], fields: dict[str, Any],
                    path: tuple[str | int, ...], ffb: dict[tuple[str | int, ...], str]) -> str:
    rows = ["| setting | value | default | example | meaning |",
            "| --- | --- | --- | --- | --- |"]
    for name, field in fields.items():
        example = ffb.get((*path, name), "")
        rows.append(f"| `{name}` | {type_words(field.annotation, field.metadata)} | "
                    f"{_default(field)} | {f'`{example}`' if example else ''} | "
                    f"{_cell(field_doc(model, name))} |")
    return "\n".join(rows) + "\n"


def type_words(annotation: Any, metadata: list[Any] | None = None) -> str:
    """A field's type in words: `yes` or `no`, `number from 1 to 500`, `one of …`."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation == CardCode:
        return "a card"
    if origin is typing.Annotated:
        return type_words(args[0])
    if annotation in _SPECIAL:
        return _SPECIAL[annotation]
    if annotation is bool:
        return "`yes` or `no`"
    if annotation is int:
        return _number(metadata or [])
    if annotation is str:
        return "quoted text"
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _one_of([m.value for m in annotation])
    if origin is typing.Literal:
        return _one_of(list(args))
    if origin is list:
        return type_words(args[0]) if args[0] is CardValue else _plural(type_words(args[0]))
    if origin is dict:
        if args[1] is Expr:
            return "a block with a formula for each of " + _one_of(
                list(typing.get_args(args[0]))).removeprefix("one of ")
        if _model_of(args[1]):
            return "a block for each of " + _one_of(list(typing.get_args(args[0]))).removeprefix(
                "one of ") + " (its settings below)"
        return f"{type_words(args[0])}, each followed by {type_words(args[1])}"
    if origin in (typing.Union, types.UnionType):
        parts = [type_words(a) for a in args if a is not type(None)]
        return ", or ".join(parts) + (", or `none`" if type(None) in args else "")
    return str(annotation)


def _one_of(values: list[Any]) -> str:
    shown = [f"`{atom(v)}`" for v in values]
    return shown[0] if len(shown) == 1 else "one of " + ", ".join(shown)


def _plural(words: str) -> str:
    """`a card` -> `cards`, `one of A, B` -> `one or more of A, B`."""
    for one, many in (("a card", "cards"), ("number", "numbers"), ("quoted text", "quoted texts"),
                      ("cards", "groups of cards"), ("one of ", "one or more of ")):
        if words.startswith(one):
            return many + words[len(one):]
    return "list of " + words


def _number(metadata: list[Any]) -> str:
    low = next((m.ge for m in metadata if hasattr(m, "ge")), None)
    high = next((m.le for m in metadata if hasattr(m, "le")), None)
    if low is not None and high is not None:
        return f"number from {low} to {high}"
    return "number" + (f", at least {low}" if low is not None else "")


def _default(field: Any) -> str:
    if field.is_required():
        return "required"
    value = field.default_factory() if field.default_factory else field.default
    if value is PydanticUndefined:
        return ""
    if isinstance(value, Scale):
        shown = value.kind if value.kind == enums.ScaleKind.NONE else f"{value.kind} {value.to}"
        return f"`{shown}`"
    data = to_jsonable_python(value)
    if isinstance(data, list):
        return "`" + ", ".join(_group(v) for v in data) + "`" if data else "nothing"
    if isinstance(data, dict):
        return "`" + ", ".join(f"{atom(k)} {atom(v)}" for k, v in data.items()) + "`" \
            if data else "nothing"
    return f"`{atom(data)}`" if data != "" else "empty"


def _group(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(atom(v) for v in value.values())
    return atom(value)


def _choices() -> str:
    """Each closed choice whose values are explained in the model, with where it is used."""
    docs = _enum_docs()
    out = []
    for cls, used in _enums_in_use().items():
        explained = docs.get(cls.__name__, {})
        if not explained:
            continue
        out.append(f"- {', '.join(f'`{u}`' for u in used)}: "
                   + " / ".join(f"`{atom(m.value)}`" for m in cls))
        out += [f"  - `{atom(m.value)}`: {explained[m.name]}" for m in cls if m.name in explained]
    return "\n".join(out) + "\n"


def _enums_in_use() -> dict[type[Enum], list[str]]:
    """Each enum, and the settings (`block.setting`) that take it."""
    used: dict[type[Enum], list[str]] = {}
    blocks: list[tuple[str, type[BaseModel]]] = [("", Ruleset), ("example", Example)]
    blocks += [(n, m) for n, f in Ruleset.model_fields.items()
               if (m := _model_of(f.annotation)) is not None]
    for prefix, model in blocks:
        for name, field in model.model_fields.items():
            for cls in _enum_classes(field.annotation):
                used.setdefault(cls, []).append(f"{prefix}.{name}".lstrip("."))
    return used


def _enum_classes(annotation: Any) -> list[type[Enum]]:
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [annotation]
    return [c for a in typing.get_args(annotation) for c in _enum_classes(a)]


def _enum_docs() -> dict[str, dict[str, str]]:
    """Member docstrings of the enums module (a string right after a member's assignment)."""
    tree = ast.parse(inspect.getsource(enums))
    out: dict[str, dict[str, str]] = {}
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        body = cls.body
        for stmt, nxt in zip(body, body[1:], strict=False):
            if isinstance(stmt, ast.Assign) and isinstance(nxt, ast.Expr) and isinstance(
                    nxt.value, ast.Constant) and isinstance(nxt.value.value, str):
                target = stmt.targets[0]
                if isinstance(target, ast.Name):
                    out.setdefault(cls.name, {})[target.id] = " ".join(nxt.value.value.split())
    return out


def _ffb_lines() -> dict[tuple[str | int, ...], str]:
    """An example line for each setting: where `ffb` writes it (the other built-ins change
    more often, and the reference should not change with them)."""
    text = builtin_path("ffb").read_text(encoding="utf-8")
    return {**_FALLBACK, **_lines_of(text)}


def _lines_of(text: str) -> dict[tuple[str | int, ...], str]:
    lines = [re.sub(r"\s+#.*$", "", line).strip() for line in text.splitlines()] + [""]
    out = {}
    for path, at in parse_text(text).positions.items():
        if not path or not isinstance(path[-1], str) or path[-1] == "name":
            continue
        key = tuple(0 if isinstance(p, int) else p for p in path)
        if key[:1] == ("options",):  # a setting ffb writes in an option: its first value's line
            if len(key) < 5 or key[4:] in out:
                continue
            key = key[4:]
        line, nxt = lines[at.line - 1], lines[at.line]
        if line.endswith("{"):
            opened = (line + nxt).count("{") - (line + nxt).count("}")
            line, nxt = f"{line} {nxt} … " + " ".join("}" * opened), ""
        continued = line.endswith(",") or re.match(r"(then|else|and|or)\b", nxt)
        out[key] = _shorten(line.rstrip(",") + (" …" if continued else ""))
    return out


def _shorten(line: str, width: int = 64) -> str:
    if len(line) <= width:
        return line
    return line[:width].rsplit(" ", 1)[0].rstrip(",") + " …"


def _model_of(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and \
            annotation not in _SPECIAL:
        return annotation
    return None


def _doc(model: type[BaseModel]) -> str:
    return " ".join((model.__doc__ or "").split())


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def main(argv: list[str] | None = None) -> int:
    """`python -m coinche_dsl.docgen [--check]`: rewrite docs/language.md, or check it."""
    args = sys.argv[1:] if argv is None else argv
    current = DOC.read_text(encoding="utf-8")
    fresh = generate(current)
    if "--check" in args:
        if fresh != current:
            print(f"{DOC.name} is out of date: run python -m coinche_dsl.docgen")
            return 1
        return 0
    DOC.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
