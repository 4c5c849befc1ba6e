"""The base of every Ruleset block: frozen, no unknown fields."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class RuleModel(BaseModel):
    """A block of rules. The docstring under each field is its description (hover, `coinche
    schema`, the language reference), read from the source when one of those shows it
    (`model.docstrings.field_doc`)."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        validate_default=False,
    )

