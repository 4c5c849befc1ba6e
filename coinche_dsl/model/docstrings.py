"""A rule model's field descriptions: the docstring written under each field in the source.

The docstring under a field is the one place its meaning is written. It is read on demand, by
what shows it (the language reference, an editor's hover, `coinche schema`, the studio's
questions), one module's source at a time and once per process; building the models and
playing by them never reads it.
"""

from __future__ import annotations

import ast
import inspect
import sys
from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema


def field_doc(model: type[BaseModel], name: str) -> str:
    """The description of `model`'s field `name`: a `Field(description=...)` if it has one,
    else the docstring under the field (in `model`'s class or the base that declares it), else
    empty.

    >>> from coinche_dsl.model import AuctionRules
    >>> field_doc(AuctionRules, "minimum_bid")
    'The lowest numeric bid.'
    """
    own = model.model_fields[name].description
    if own is not None:
        return own
    for cls in model.__mro__:
        if isinstance(cls, type) and issubclass(cls, BaseModel) and cls is not BaseModel:
            text = class_field_docs(cls).get(name)
            if text is not None:
                return text
    return ""


@cache
def class_field_docs(cls: type[BaseModel]) -> dict[str, str]:
    """The docstring under each of the class's own annotated fields, as pydantic's
    `use_attribute_docstrings` reads it: a string statement right after `name: type [= …]`,
    cleaned by `inspect.cleandoc`."""
    node = _class_node(_module_tree(cls.__module__), cls.__qualname__)
    if node is None:
        return {}
    out: dict[str, str] = {}
    for before, stmt in zip(node.body, node.body[1:], strict=False):
        if (isinstance(before, ast.AnnAssign) and isinstance(before.target, ast.Name)
                and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
                and isinstance(stmt.value.value, str)
                and before.target.id in cls.model_fields):
            out[before.target.id] = inspect.cleandoc(stmt.value.value)
    return out


@cache
def _module_tree(module: str) -> ast.Module:
    try:
        return ast.parse(inspect.getsource(sys.modules[module]))
    except (OSError, TypeError, KeyError):  # no source (a frozen or compiled-only install)
        return ast.Module(body=[], type_ignores=[])


def _class_node(tree: ast.Module, qualname: str) -> ast.ClassDef | None:
    body: list[ast.stmt] = tree.body
    node: ast.ClassDef | None = None
    for part in qualname.split("."):
        node = next((n for n in body if isinstance(n, ast.ClassDef) and n.name == part), None)
        if node is None:
            return None
        body = node.body
    return node


class DocumentedSchema(GenerateJsonSchema):
    """Pydantic's JSON Schema with each field's description (`field_doc`)."""

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        json_schema = super().model_schema(schema)
        cls: Any = schema["cls"]
        for name, prop in json_schema.get("properties", {}).items():
            if "description" not in prop and name in cls.model_fields:
                text = field_doc(cls, name)
                if text:
                    _describe(prop, text)
        return json_schema


def _describe(prop: dict[str, Any], text: str) -> None:
    """Give `prop` its description where pydantic writes one (before the title), so that the
    schema reads as if the field had been declared with it."""
    items = list(prop.items())
    at = next((i for i, (key, _) in enumerate(items) if key == "title"), len(items))
    prop.clear()
    prop.update([*items[:at], ("description", text), *items[at:]])


def json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """`model`'s JSON Schema, its fields described (what `coinche schema` prints).

    >>> from coinche_dsl.model import Ruleset
    >>> json_schema(Ruleset)["$defs"]["AuctionRules"]["properties"]["minimum_bid"]["description"]
    'The lowest numeric bid.'
    """
    return model.model_json_schema(schema_generator=DocumentedSchema)
