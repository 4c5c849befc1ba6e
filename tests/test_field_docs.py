"""The rule models' field descriptions come from `model/field_docs.py`, generated from the
docstrings under the fields: the generated table must say what the source says, and reach the
fields, the JSON schema (`coinche schema`) and the hover text as the docstrings did."""

from __future__ import annotations

from pydantic import Field

from coinche_dsl.model import AuctionRules, Expr, Ruleset, field_docs
from coinche_dsl.model.base import _described
from coinche_dsl.model.docstrings import TARGET, field_docstrings, generated, key_of, rule_models

REGENERATE = "run `python -m coinche_dsl.model.docstrings` and commit model/field_docs.py"


def test_the_generated_table_is_the_sources_docstrings() -> None:
    assert TARGET.read_text(encoding="utf-8") == generated(), REGENERATE


def test_every_documented_field_has_its_docstring_as_description() -> None:
    models = rule_models()
    assert Ruleset in models and AuctionRules in models and Expr in models
    documented = 0
    for cls in models:
        for name, text in field_docstrings(cls).items():
            assert cls.model_fields[name].description == text, (key_of(cls), name)
            documented += 1
    assert documented >= 100  # a reading of the source that found nothing would pass above


def test_the_docstring_reaches_fields_of_every_shape() -> None:
    # From the source (model/ruleset.py and model/expr.py): a default in Field(...) with
    # bounds, a default_factory, and a plain default.
    auction = AuctionRules.model_fields
    assert auction["minimum_bid"].description == "The lowest numeric bid."
    assert auction["minimum_bid"].default == 80
    assert auction["minimum_bid"].metadata  # its bounds (ge=1, le=500) are kept
    assert Expr.model_fields["args"].description.startswith("Operands: 1 for `neg`")
    assert Expr.model_fields["value"].description == "The constant of a `num` node."


def test_the_json_schema_carries_the_descriptions() -> None:
    schema = Ruleset.model_json_schema()
    bid = schema["$defs"]["AuctionRules"]["properties"]["minimum_bid"]
    assert bid["description"] == "The lowest numeric bid."
    assert (bid["minimum"], bid["maximum"], bid["default"]) == (1, 500, 80)


def test_a_description_written_in_field_wins_over_the_docstring() -> None:
    own = Field(default=3, description="its own")
    assert _described(own, "the docstring") is own
    given = Field(default=3, ge=1)
    described = _described(given, "the docstring")
    assert described.description == "the docstring" and given.description is None
    assert described.metadata == given.metadata


def test_the_table_names_only_existing_fields() -> None:
    # A field renamed or removed in the source leaves no orphan description behind.
    known = {key_of(cls): cls for cls in rule_models()}
    for key, docs in field_docs.DOCS.items():
        assert key in known, (key, REGENERATE)
        assert set(docs) <= set(known[key].model_fields), (key, REGENERATE)
