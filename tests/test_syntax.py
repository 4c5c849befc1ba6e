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


NEGATIVE_EXAMPLE = """variant "neg" extends "ffb" {
  title "Neg"
  description "A failed contract costs its declarers the bid."
  sources "Club"
  scoring {
    failed {
      declarers = 0 - contract
    }
  }
  example "89 on 90 fails" {
    declarer N
    bid 90
    trump hearts
    card_points NS 79, EW 73
    last_trick N
    made no
    expect NS -90, EW 250
  }
}
"""


def test_an_example_may_expect_a_negative_score() -> None:
    """`declarers = 0 - contract` on a failed 90: NS -90 (the club's formula); EW keep ffb's
    failed defence, 160 + 90 = 250 (FFB § 10.1.2). `check` runs it, `fmt` keeps it."""
    from typer.testing import CliRunner

    from coinche_dsl.cli import _register, app
    from coinche_dsl.syntax.formatter import format_text

    parsed = parse_text(NEGATIVE_EXAMPLE, "neg.coinche")
    assert parsed.data["examples"][0]["expect"] == [["NS", -90], ["EW", 250]]
    formatted = format_text(NEGATIVE_EXAMPLE, "neg.coinche")
    assert "    expect NS -90, EW 250\n" in formatted
    assert format_text(formatted, "neg.coinche") == formatted
    _register()
    result = CliRunner().invoke(app, ["check", "-"], input=NEGATIVE_EXAMPLE)
    assert result.exit_code == 0, result.output
    assert "ok (1 example" in result.output
    wrong = NEGATIVE_EXAMPLE.replace("NS -90", "NS -80")
    result = CliRunner().invoke(app, ["check", "-"], input=wrong)
    assert result.exit_code == 1 and "the rules give NS -90, EW 250" in result.output


@pytest.mark.parametrize("text, column", [
    ('variant "x" {\n  game { target -10 }\n}', 17),
    ('variant "x" {\n  cards { trump J -20, 9 14 }\n}', 19),
    ('variant "x" {\n  example "e" { card_points NS -3, EW 5 }\n}', 32),
])
def test_a_negative_number_anywhere_else_is_refused_where_it_is_written(
        text: str, column: int) -> None:
    with pytest.raises(VariantError) as caught:
        parse_text(text, "x.coinche")
    [problem] = caught.value.diagnostics
    assert problem.message == "a setting's number cannot be negative"
    assert problem.position is not None and (problem.position.line, problem.position.column) \
        == (2, column)


def test_a_minus_in_a_formula_still_subtracts() -> None:
    made = parse_text('variant "x" { scoring { made { declarers = contract -10 } } }')
    formula = made.data["scoring"]["made"]["declarers"]
    assert formula == {"op": "-", "args": [{"op": "qty", "name": "contract"},
                                           {"op": "num", "value": 10}]}
