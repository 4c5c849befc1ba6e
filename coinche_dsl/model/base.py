"""The base of every Ruleset block: frozen, no unknown fields, docstrings become descriptions."""

from __future__ import annotations

from copy import copy
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.fields import FieldInfo

from .field_docs import DOCS


class RuleModel(BaseModel):
    """A block of rules. The docstring under each field is its description (hover, `coinche
    schema`, the language reference), as with pydantic's `use_attribute_docstrings`, but read
    from `field_docs.py`, generated from the source by `python -m coinche_dsl.model.docstrings`:
    reading the source at every start cost a tenth of a cold command."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        validate_default=False,
    )

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Runs inside the class statement, before pydantic collects the fields: each field
        # with a docstring is given it as its description, unless it has one of its own.
        super().__init_subclass__(**kwargs)
        for name, text in DOCS.get(f"{cls.__module__}.{cls.__qualname__}", {}).items():
            setattr(cls, name, _described(cls.__dict__.get(name, _NONE), text))


_NONE = object()
"""A field without a default (required)."""


def _described(value: object, text: str) -> Any:
    """The field's value in the class body (a default, a `Field(...)`, or none) with `text` as
    its description."""
    if isinstance(value, FieldInfo):
        if value.description is not None:
            return value
        # A copy (the object may be shared), its description marked as set: pydantic merges a
        # Field(...) with the annotation's metadata by the attributes set explicitly.
        # tests/test_field_docs.py checks the descriptions reach the fields and the schema.
        value = copy(value)
        value.description = text
        value._attributes_set = {**value._attributes_set, "description": text}
        return value
    return Field(description=text) if value is _NONE else Field(default=value, description=text)


def no_items() -> list[Any]:
    """A new empty list: the `default_factory` of the list fields. Pydantic reads each factory's
    signature (to know whether it takes the data validated so far); a builtin's, `list`'s, is
    parsed from its text by the tokenizer, whose patterns are compiled for it (1.5 ms of a
    cold command); a function's is read as it stands."""
    return []
