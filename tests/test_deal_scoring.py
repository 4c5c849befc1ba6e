"""`Deal.result` keeps scores by `scoring.score_key`, which a deal builds from what it knows
(`Deal.score_key`, or the end of `play_out`) instead of building facts, with automatic
announcements scored from tables (`team_points`, checked on its own in
`test_announce_tables.py`): against the reference on many seeded deals of every built-in."""

from __future__ import annotations

import random

import pytest

from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.announce_tables import announcer
from coinche_dsl.engine.announcements import RANK_MASK, find_announcements
from coinche_dsl.engine.facts import Contract
from coinche_dsl.engine.scoring import _score, score_key
from coinche_dsl.loader import BUILTINS, load_variant


def _play(rules, seed: int) -> Deal | None:
    """A seeded deal: an auction or a fixed contract, announcements declared by hand now and
    then (also replacing automatic ones), a belote kept silent where the rules allow it."""
    rng = random.Random(seed)
    deal = Deal(rules, seed & 3, rng=rng)
    if seed % 4:
        d = rules.denominations[seed % len(rules.denominations)]
        deal.fix_contract(Contract(seed & 3, rules.bid_values[seed % 3], d, seed % 3))
    else:
        while deal.phase == "auction":
            deal.call(rng.choice(deal.legal_calls()))
        if deal.phase == "redeal":
            return None
    assert deal.contract is not None
    d = deal.contract.denomination
    if seed % 3 == 0 and rules.announcements_by_denomination[d]:
        for seat in range(4 if seed % 2 else 1):
            found = find_announcements(deal.hands[seat], d, rules)
            deal.declare(seat, [c.mask for c in found][:seed % 3 + 1])
    if seed % 5 == 0 and rules.belote_silent_allowed:
        for seat, _ in deal.belote_holders():
            deal.declare(seat, deal.declared.get(seat, []), belote=False)
    deal.play_out(rng)
    return deal


@pytest.mark.parametrize("name", BUILTINS)
def test_a_deal_s_key_and_score_are_the_reference_s(name):
    """On 1500 seeded deals, the key a deal builds is `score_key` of its facts, and its
    (kept) score is the one `_score` computes afresh from them."""
    rules = compile(load_variant(name))
    rules.plan.scores.clear()
    scored = 0
    for seed in range(1500):
        deal = _play(rules, seed)
        if deal is None:
            continue
        facts = deal.facts()
        assert deal.score_key() == score_key(rules, facts), seed
        assert deal.result() == _score(rules.plan, rules, facts), seed
        scored += 1
    assert scored > 1000
    assert 0 < len(rules.plan.scores) < scored  # scores were kept, and shared
    assert _play(rules, 1).result() is _play(rules, 1).result()  # seed 1 again: kept


def test_automatic_announcements_are_found_when_read_and_replaced_when_declared():
    """pt-online declares automatically: `declared` shows what `announcer` finds; a seat
    declaring otherwise changes what the deal scores."""
    rules = compile(load_variant("pt-online"))
    assert rules.announcements_automatic
    for seed in range(200):
        rng = random.Random(seed)
        deal = Deal(rules, 0, rng=rng)
        hands = [(RANK_MASK << 2) | 0b11110000, *deal.hands[1:]]  # N: four 9s and a run
        others = sum(deal.hands) & ~hands[0]
        cards = [c for c in range(32) if others >> c & 1]
        hands[1:] = [sum(1 << c for c in cards[8 * s: 8 * s + 8]) for s in range(3)]
        deal = Deal(rules, 0, hands=hands, rng=rng)
        deal.fix_contract(Contract(1, 90, 3))
        announce = announcer(rules, 3)
        order = [(deal.to_act + k * rules.step) & 3 for k in range(4)]
        assert list(deal.declared.items()) == [(s, announce(hands[s])) for s in order]
        deal.declare(0, [])
        deal.play_out(rng)
        facts = deal.facts()
        assert 0 not in facts.announcements
        assert deal.score_key() == score_key(rules, facts)
        assert deal.result() == _score(rules.plan, rules, facts)
