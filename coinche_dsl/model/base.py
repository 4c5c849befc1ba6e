"""The base of every Ruleset block: frozen, no unknown fields, docstrings become descriptions."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class RuleModel(BaseModel):
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,
        validate_default=False,
    )
