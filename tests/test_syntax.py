"""The parser: text to plain data, with a position for every key, group and formula node."""

from __future__ import annotations

import pytest

from coinche_dsl.errors import Position, VariantError
from coinche_dsl.syntax import decode, parse_text

TEXT = '''# a comment
variant "club" extends "ffb" {
  title "Le \\"club\\""
  table { packets 3 2 3 }
  auction {
    denominations clubs, hearts
  }
  cards { trump J 20, 9 14 }
  scoring {
    success = points(declarers) >= contract and not doubled
  }
  example "one" { declarer N  announcements N QH JH 10H, E 7S 8S 9S }
}
'''


def test_data_shapes() -> None:
    parsed = parse_text(TEXT, "club.coinche")
    assert (parsed.name, parsed.extends) == ("club", "ffb")
    assert parsed.data["title"] == 'Le "club"'
    assert parsed.data["table"] == {"packets": [3, 2, 3]}
    assert parsed.data["auction"] == {"denominations": ["clubs", "hearts"]}
    assert parsed.data["cards"] == {"trump": [["J", 20], [9, 14]]}
    success = parsed.data["scoring"]["success"]
    assert success["op"] == "and"
    assert success["args"][0] == {"op": ">=", "args": [
        {"op": "qty", "name": "points", "side": "declarers"}, {"op": "qty", "name": "contract"}]}
    assert success["args"][1] == {"op": "not", "args": [{"op": "qty", "name": "doubled"}]}
    assert parsed.data["examples"] == [{"name": "one", "declarer": "N", "announcements": [
        ["N", "QH", "JH", "10H"], ["E", "7S", "8S", "9S"]]}]


def test_positions() -> None:
    parsed = parse_text(TEXT, "club.coinche")
    at = parsed.positions
    assert parsed.header == Position("club.coinche", 2, 9)
    assert parsed.extends_at == Position("club.coinche", 2, 24)
    assert at[("table", "packets")] == Position("club.coinche", 4, 11)
    assert at[("auction", "denominations", 1)] == Position("club.coinche", 6, 26)
    assert at[("scoring", "success", "args", 1)] == Position("club.coinche", 10, 53)
    assert at[("examples", 0, "announcements")].line == 12


@pytest.mark.parametrize("text, message", [
    ('variant "x" { a 1  a 2 }', r"'a' is set twice in this block \(first set at line 1"),
    ('variant "x" { a 1 ', "missing '}': the variant opened at line 1, column 13"),
    ('variant "x" { a { b 1 }', "missing '}'"),
    ('variant "x" { a "b }', "this text has no closing"),
    ('variant "x" { a = (1 + }', "missing '\\)': the '\\(' opened at line 1, column 19"),
    ('variant "x" { a = 1 + }', "the formula stops too early"),
    ('variant "x" { a = 1 < 2 < 3 }', "comparisons cannot be chained"),
])
def test_syntax_errors_in_words(text: str, message: str) -> None:
    with pytest.raises(VariantError, match=message) as caught:
        parse_text(text)
    assert all(d.position is not None for d in caught.value.diagnostics)


def test_every_duplicate_is_reported_at_once() -> None:
    with pytest.raises(VariantError) as caught:
        parse_text('variant "x" {\n a 1\n a 2\n b { c 1 }\n b { c 2 }\n}')
    assert [d.position.line for d in caught.value.diagnostics] == [3, 5]


def test_decode() -> None:
    assert decode("\ufeffvariant".encode(), "f") == "variant"  # a BOM is dropped
    with pytest.raises(VariantError, match="not UTF-8"):
        decode(b'variant "\xe9"', "f")
    with pytest.raises(VariantError, match="NUL bytes"):
        decode(b"variant\x00", "f")
    with pytest.raises(VariantError, match="limited to"):
        decode(b" " * 2_000_000, "f")
