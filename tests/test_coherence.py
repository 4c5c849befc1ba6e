"""Coherence warnings: what `check` says of settings that can never apply, and proof from the
engine that they indeed never do (the warning's claim is a fact, not a guess).

The messages themselves are in the error corpus (`tests/bad_variants/coherence_*`).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from engine_probes import outcome
from knob_support import replaced as knob_replaced

from coinche_dsl import load_variant
from coinche_dsl.engine import compile
from coinche_dsl.engine.deal import Deal
from coinche_dsl.loader import BUILTINS, load_checked
from coinche_dsl.model import Ruleset
from coinche_dsl.model.coherence import clashes
from coinche_dsl.model.relevance import DEPENDS, RELEVANT

FFB = Ruleset.model_validate(load_variant("ffb", {"sans_atout_tout_atout": "oui"})
                             .model_dump(mode="json"))
"""ffb without its source positions, like every ruleset built here (a game's notes cite them),
with the organiser's no-trump and all-trump (§ 11), so that every table it states applies."""


def replaced(rs: Ruleset, path: tuple[str, ...], value: Any) -> Ruleset:
    """`rs` with the rule at `path` set to `value`, validated again (enums from their words)."""
    return Ruleset.model_validate(knob_replaced(rs.model_dump(mode="json"), path, value))


def test_every_relevance_rule_says_which_settings_it_reads() -> None:
    assert set(DEPENDS) == set(RELEVANT)


@pytest.mark.parametrize("name", BUILTINS)
def test_builtins_say_nothing_that_cannot_apply(name: str) -> None:
    """ffb states every default, moot or not (générale's value where générale cannot be bid),
    for its extenders: a default is never reported."""
    assert [d for d in load_checked(name).warnings if "can never apply" in d.message] == []


def test_raise_own_is_moot_with_three_passes_ending_the_auction() -> None:
    """After a bid, the other three speak: three passes end the auction, and any bid makes the
    highest bid someone else's. The engine agrees on every probe."""
    suit_change = replaced(FFB, ("auction", "raise_own"), "with_suit_change")
    assert outcome(suit_change) == outcome(FFB)
    assert [c.path for c in clashes(suit_change)] == [("auction", "raise_own")]


def _calls_after(rules, *calls: str) -> set[str]:
    d = Deal(compile(rules), 1, rng=random.Random(1))  # E deals: N speaks first
    for call in calls:
        d.apply(call)
    return {str(c) for c in d.legal_calls()}


def test_raise_own_applies_when_bidding_goes_on_over_a_coinche() -> None:
    """`after_coinche bidding_continues`: N bids, W coinches, S and E pass, and N speaks again
    over their own (coinched) bid: with_suit_change lets N bid in another suit only."""
    rules = replaced(replaced(FFB, ("auction", "after_coinche"), "bidding_continues"),
                     ("auction", "raise_own"), "with_suit_change")
    calls = _calls_after(rules, "N 80 hearts", "W coinche", "S pass", "E pass")
    assert "N 90 spades" in calls and "N 90 hearts" not in calls
    assert clashes(rules) == []


def test_a_moot_belote_rule_changes_nothing_in_the_engine() -> None:
    suits = replaced(FFB, ("auction", "denominations"), ["clubs", "diamonds", "hearts",
                                                          "spades"])
    noisy = replaced(suits, ("belote", "at_no_trump"), True)
    assert outcome(noisy) == outcome(suits)
    added = {c.path for c in clashes(noisy)} - {c.path for c in clashes(suits)}
    assert added == {("belote", "at_no_trump")}


def test_capot_outranking_higher_numbers_is_reported_only_when_it_is_said(
        tmp_path: Path) -> None:
    web = replaced(FFB, ("auction", "maximum_bid"), 650)
    assert [c.path for c in clashes(web)] == [("auction", "capot_value")]
    stated = replaced(web, ("auction", "capot_rank"), "at_value")
    assert clashes(stated) == []


def test_a_warning_names_both_places(tmp_path: Path) -> None:
    path = tmp_path / "club.coinche"
    path.write_text('variant "club" extends "ffb" {\n  title "Club"\n  description "d"\n'
                    '  sources "s"\n  auction {\n    raise_own with_suit_change\n  }\n}\n',
                    encoding="utf-8")
    [warning] = load_checked(path).warnings
    assert (warning.position.line, warning.severity) == (6, "warning")
    assert "auction.raise_own at club.coinche:6" in warning.hint
    assert "auction.end_passes at ffb.coinche:" in warning.hint
    assert "write end_passes 4" in warning.hint


@pytest.mark.parametrize(("option", "warned"), [("", False), ("  option sans_atout_tout_atout "
                                                              "fixed non\n", True)])
def test_a_setting_that_applies_under_another_option_value_is_not_reported(
        tmp_path: Path, option: str, warned: bool) -> None:
    """ffb § 11 leaves no-trump to the organiser (`sans_atout_tout_atout`, off by default): a
    club's no-trump carrés apply once the organiser adds no-trump, so they are not reported
    while the option is open; a club that settles the option at `non` is told they never
    apply."""
    path = tmp_path / "club.coinche"
    path.write_text('variant "club" extends "ffb" {\n  title "Club"\n  description "d"\n'
                    f'  sources "s"\n{option}  announcements {{\n'
                    '    no_trump_carres A 250, 10 150, K 100, Q 100, J 100, 9 100\n  }\n}\n',
                    encoding="utf-8")
    found = [w for w in load_checked(path).warnings if "can never apply" in w.message]
    assert [dict(w.params).get("setting") for w in found] == (
        ["no_trump_carres"] if warned else [])
