"""A rule model's field descriptions are the docstrings written under its fields, read from the
source when something shows them (`model.docstrings.field_doc`): they reach the language
reference, the hover text and the JSON schema (`coinche schema`), and loading rules never
reads them."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys

from pydantic import Field

from coinche_dsl import model
from coinche_dsl.model import AuctionRules, Expr, Ruleset
from coinche_dsl.model.base import RuleModel
from coinche_dsl.model.docstrings import class_field_docs, field_doc, json_schema


def _rule_models() -> list[type[RuleModel]]:
    for info in pkgutil.iter_modules(model.__path__):
        importlib.import_module(f"{model.__name__}.{info.name}")
    found: list[type[RuleModel]] = []
    todo: list[type[RuleModel]] = [RuleModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found and sub.__module__.startswith("coinche_dsl."):
                found.append(sub)
                todo.append(sub)
    return found


def test_every_rule_models_fields_are_read_from_their_docstrings() -> None:
    models = _rule_models()
    assert Ruleset in models and AuctionRules in models and Expr in models
    documented = sum(len(class_field_docs(cls)) for cls in models)
    assert documented >= 100  # a reading of the source that found nothing would pass below
    for cls in models:
        for name, text in class_field_docs(cls).items():
            assert name in cls.model_fields, (cls, name)
            assert field_doc(cls, name) == text and text == text.strip()


def test_the_docstring_reaches_fields_of_every_shape() -> None:
    # From the source (model/ruleset.py and model/expr.py): a default in Field(...) with
    # bounds, a default_factory, and a plain default.
    assert field_doc(AuctionRules, "minimum_bid") == "The lowest numeric bid."
    assert AuctionRules.model_fields["minimum_bid"].metadata  # its bounds (ge=1, le=500) kept
    assert field_doc(Expr, "args").startswith("Operands: 1 for `neg`")
    assert field_doc(Expr, "value") == "The constant of a `num` node."


def test_the_json_schema_carries_the_descriptions() -> None:
    bid = json_schema(Ruleset)["$defs"]["AuctionRules"]["properties"]["minimum_bid"]
    assert bid["description"] == "The lowest numeric bid."
    assert (bid["minimum"], bid["maximum"], bid["default"]) == (1, 500, 80)
    printed = subprocess.run([sys.executable, "-m", "coinche_dsl", "schema"],
                             capture_output=True, text=True, timeout=120)
    assert json.loads(printed.stdout) == json_schema(Ruleset)


class _Base(RuleModel):
    kept: int = 1
    """The base's docstring."""
    own: int = Field(default=2, description="its own")
    """A docstring a description written in Field(...) wins over."""


class _Derived(_Base):
    added: int = 3
    """The derived class's own field."""


def test_a_description_in_field_wins_and_a_subclass_inherits_the_docstring() -> None:
    assert field_doc(_Base, "own") == "its own"
    assert field_doc(_Derived, "kept") == "The base's docstring."
    assert field_doc(_Derived, "added") == "The derived class's own field."
    assert class_field_docs(_Derived) == {"added": "The derived class's own field."}


def test_loading_and_printing_rules_read_no_docstring() -> None:
    probe = ("import sys\nfrom coinche_dsl import load_variant\nfrom coinche_dsl.render import "
             "sheet\nsheet(load_variant('ffb'), 'en', 'html')\n"
             "print('coinche_dsl.model.docstrings' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip() == "False", done.stderr
