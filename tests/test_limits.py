"""Bounds and shapes: what `check` accepts, every later command can run (issue: accepted means
safe). Each test names the class of input it stands for; the property test feeds the class
at random, the cases pin one example of it with the message a club secretary reads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coinche_dsl.errors import VariantError
from coinche_dsl.files import FileError, read_bytes
from coinche_dsl.limits import MAX_BID, MAX_FILE_BYTES, MAX_TOKENS
from coinche_dsl.loader import load_variant


def load_text(tmp_path: Path, body: str, name: str = "t") -> Any:
    path = tmp_path / f"{name}.coinche"
    path.write_text(f'variant "{name}" extends "ffb" {{\n{body}\n}}\n', encoding="utf-8")
    return load_variant(path)


def messages(tmp_path: Path, body: str) -> list[str]:
    with pytest.raises(VariantError) as caught:
        load_text(tmp_path, body)
    return [d.message for d in caught.value.diagnostics]


# One number (or one word) where pairs, a table or groups are expected: a message, not a
# TypeError. Every setting of ffb that takes several values, given each odd shape.
SHAPES = [3, "none", "J", '"text"', "3 4 5", "N 2", "J 20, 9"]
SETTINGS_WITH_GROUPS = [("cards", "trump"), ("cards", "plain"), ("cards", "no_trump"),
                        ("cards", "all_trump"), ("cards", "no_trump_scale"),
                        ("announcements", "carres"), ("announcements", "no_trump_carres"),
                        ("announcements", "sequences"), ("announcements", "sequence_order"),
                        ("auction", "denominations"), ("table", "packets"), ("sources", None)]
EXAMPLE_FIELDS = ["tricks", "card_points", "announcements", "belote", "expect", "bid",
                  "declarer", "last_trick", "double", "made"]


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(SETTINGS_WITH_GROUPS), shape=st.sampled_from(SHAPES))
def test_a_setting_of_the_wrong_shape_is_a_located_message(tmp_path: Path,
                                                           where: tuple[str, str | None],
                                                           shape: object) -> None:
    block, name = where
    body = f"  {block} {shape}" if name is None else f"  {block} {{ {name} {shape} }}"
    try:
        load_text(tmp_path, body)
    except VariantError as e:
        assert all(d.position is not None for d in e.diagnostics)
        assert not any("object" in d.message or "sequence element" in d.message
                       for d in e.diagnostics), e


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(EXAMPLE_FIELDS), shape=st.sampled_from(SHAPES))
def test_an_example_field_of_the_wrong_shape_is_a_located_message(tmp_path: Path, field: str,
                                                                  shape: object) -> None:
    lines = {"declarer": "N", "bid": "90", "trump": "hearts", "card_points": "NS 100, EW 52",
             "last_trick": "S", "expect": "NS 200, EW 50"}
    lines[field] = str(shape)
    body = '  example "x" {\n' + "".join(f"    {k} {v}\n" for k, v in lines.items()) + "  }"
    try:
        load_text(tmp_path, body)
    except VariantError as e:
        assert all(d.position is not None for d in e.diagnostics)


def test_pairs_settings_say_what_they_expect(tmp_path: Path) -> None:
    assert messages(tmp_path, "  announcements { sequences 3 }") == [
        "announcements.sequences: expected pairs like '3 20, 4 50', got '3'"]
    assert messages(tmp_path, "  announcements { no_trump_carres none }") == [
        "announcements.no_trump_carres: expected pairs like 'J 200, 9 150', got 'none'"]
    assert messages(tmp_path, "  announcements { carres J }") == [
        "announcements.carres: expected pairs like 'J 200, 9 150', got 'J'"]


def test_a_scaled_mode_whose_cards_are_worth_nothing_is_refused(tmp_path: Path) -> None:
    zero = ", ".join(f"{r} 0" for r in ("A", "10", "K", "Q", "J", "9", "8", "7"))
    # the organiser's no-trump (ffb § 11) taken, so that the no-trump table is read
    got = messages(tmp_path, f"  option sans_atout_tout_atout fixed oui\n"
                   f"  cards {{ no_trump {zero}  no_trump_scale cards 152 }}")
    assert got == ["the no-trump cards are worth 0 points: there is nothing to scale"]


def test_a_lowest_bid_above_every_deal_is_refused(tmp_path: Path) -> None:
    # ffb: 152 card points at a suit, 152 at no-trump; capot_last_trick 100: 252 in all.
    got = messages(tmp_path, "  auction { minimum_bid 260  maximum_bid none }")
    assert got[0].startswith("minimum_bid 260 is more than the 252 points of a deal at clubs")


@pytest.mark.parametrize("formula, reach", [
    # ffb has no highest numeric bid (FFB 2015 § 4.1): bids go up to the cap of 500 (above
    # capot's 250), so contract <= 500: 500^4 * 10 = 625,000,000,000
    ("contract * contract * contract * contract * 10", "625,000,000,000"),
    # 100,000^5 has 26 digits: a number no sheet could print (it crashed number formatting)
    ("100000 * 100000 * 100000 * 100000 * 100000", "10,000,000,000,000,000,000,000,000"),
])
def test_a_formula_that_can_grow_past_the_limit_is_refused(tmp_path: Path, formula: str,
                                                           reach: str) -> None:
    got = messages(tmp_path, f"  scoring {{ made {{ declarers = {formula} }} }}")
    assert got == [f"this formula can reach {reach}; values are limited to 1,000,000,000"]


@pytest.mark.parametrize("setting", [f"maximum_bid {MAX_BID + 10}", "maximum_bid 100000000",
                                     "capot_value 10010", "generale_value 99999999"])
def test_bids_are_bounded(tmp_path: Path, setting: str) -> None:
    # Numeric bids used to reach capot's internal sort key (10,000): "10010 hearts" beat capot.
    got = messages(tmp_path, f"  auction {{ {setting} }}")
    assert len(got) == 1 and "should be at most" in got[0]


def test_examples_are_counted(tmp_path: Path) -> None:
    example = ('  example "e{}" {{ declarer N bid 90 trump hearts card_points NS 100, EW 52 '
               "last_trick S expect NS 200, EW 50 }}\n")
    got = messages(tmp_path, "".join(example.format(i) for i in range(101)))
    assert got == ["examples: at most 100 entries are allowed"]


def test_cr_only_line_endings_are_line_endings(tmp_path: Path) -> None:
    path = tmp_path / "mac.coinche"
    path.write_bytes(b'variant "mac" extends "ffb" {\r  game { target 1000 }\r}\r')
    assert load_variant(path).game.target == 1000
    path.write_bytes(b'variant "mac" extends "ffb" {\r  game { target x }\r}\r')
    with pytest.raises(VariantError, match=r"mac.coinche:2:"):
        load_variant(path)


def test_too_many_tokens_are_refused_before_parsing(tmp_path: Path) -> None:
    body = "  # a comment does not count\n" * 100 + "  sources " + ", ".join(
        ['"s"'] * 10) + "\n  game { target " + " 1" * MAX_TOKENS + " }"
    got = messages(tmp_path, body)
    assert got == [f"the file has more than {MAX_TOKENS:,} words, numbers and signs (comments "
                   "and texts aside); a variant file is smaller"]


def test_a_huge_file_is_not_read_whole(tmp_path: Path) -> None:
    huge = tmp_path / "huge.coinche"
    with open(huge, "wb") as f:
        f.truncate(3 * 10**9)  # sparse: 3 GB that take no disk
    with pytest.raises(FileError, match="more than 1,000,000 bytes"):
        read_bytes(huge, MAX_FILE_BYTES)  # refused by its size, before a byte is read
    with pytest.raises(VariantError, match="limited to"):
        load_variant(huge)


def test_a_name_the_system_refuses_is_an_unknown_variant() -> None:
    from coinche_dsl.errors import UnknownVariantError

    with pytest.raises(UnknownVariantError, match="no built-in variant or file named"):
        load_variant("a" * 5000)  # ENAMETOOLONG, not an OSError traceback
