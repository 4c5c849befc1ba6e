"""`Deal.result` keeps scores by `scoring.score_key`, which a deal builds from what it knows
(`Deal.score_key`) instead of building facts, and scores automatic announcements from tables
(`team_points`) instead of classifying and comparing them: both against the reference on
many seeded deals of every built-in and under knob combinations no built-in has."""

from __future__ import annotations

import itertools
import random

import pytest

from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.announce_tables import announcer, team_points
from coinche_dsl.engine.announcements import RANK_MASK, announcement_points, find_announcements
from coinche_dsl.engine.facts import Contract
from coinche_dsl.engine.scoring import _score, score_key
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.model.enums import TiePolicy, WhoScores


def _hands(rng: random.Random) -> tuple[int, ...]:
    """Four random hands; now and then one of them holds the four cards of a rank."""
    deck = list(range(32))
    rng.shuffle(deck)
    if rng.random() < 0.25:
        rank = rng.randrange(8)
        carre = [rank + 8 * suit for suit in range(4)]
        deck = carre + [c for c in deck if c not in carre]
        seat = rng.randrange(4)
        deck = deck[8 * (4 - seat):] + deck[:8 * (4 - seat)]  # the carré to `seat`
    return tuple(sum(1 << c for c in deck[8 * s: 8 * s + 8]) for s in range(4))


_KNOBS = dict(card_reuse=[True, False], belote_in_sequence=[True, False],
              sequences=[{3: 20, 4: 50, 5: 100}, {3: 0, 4: 50}],
              tie=list(TiePolicy), who_scores=list(WhoScores))


@pytest.mark.parametrize("name", BUILTINS)
def test_team_points_are_announcement_points_of_what_the_hands_declare(name):
    """On 150 deals a denomination under each of 48 knob combinations, the tables' points per
    team are `announcement_points` of what `announcer` finds in each hand, declared in playing
    order from a random leader (which `tie first_declared` reads)."""
    base = load_variant(name)
    for values in itertools.product(*_KNOBS.values()):
        an = base.announcements.model_copy(update=dict(zip(_KNOBS, values, strict=True)))
        rules = compile(base.model_copy(update={"announcements": an}))
        rng = random.Random(len(name))
        for d in range(6):
            points, announce = team_points(rules, d), announcer(rules, d)
            for _ in range(150):
                hands, leader = _hands(rng), rng.randrange(4)
                order = [(leader + k * rules.step) & 3 for k in range(4)]  # playing order
                declared = {s: announce(hands[s]) for s in order if announce(hands[s])}
                assert points(hands, leader) == announcement_points(declared, d, rules), (
                    name, values, d, leader, [hex(h) for h in hands])


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
