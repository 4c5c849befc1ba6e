"""The grammar itself: LALR(1) with no conflict resolved silently, and tokens that do not
collide (`strict=True` makes Lark refuse both)."""

from __future__ import annotations

import pytest
from lark import Lark

from coinche_dsl.errors import VariantError
from coinche_dsl.syntax import parse_text
from coinche_dsl.syntax.parser import grammar_text


def test_grammar_builds_strict() -> None:
    Lark(grammar_text(), parser="lalr", strict=True)


@pytest.mark.parametrize("text, value", [
    ("10H", "10H"), ("7C", "7C"), ("JS", "JS"), ("10", 10), ("J", "J"), ("AS_", "AS_"),
    ("QHx", "QHx"), ('"a \\"b\\""', 'a "b"'),
])
def test_tokens(text: str, value: object) -> None:
    assert parse_text(f'variant "x" {{ v {text} }}').data == {"v": value}


def test_keywords_are_not_names_in_formulas() -> None:
    data = parse_text('variant "x" { f = if a then b else c }').data
    assert data["f"]["op"] == "if"


@pytest.mark.parametrize("text, message", [
    ("11H", "unknown card '11H'"), ("10h", "capital letters: '10H'"),
    ("3x", "'3x' is neither a number nor a name"),
])
def test_number_glued_to_letters_is_refused(text: str, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        parse_text(f'variant "x" {{ v {text} }}')
