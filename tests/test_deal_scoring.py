"""`Deal.result` keeps scores by `scoring.score_key`, which a deal builds from what it knows
(`Deal.score_key`) instead of building facts: against the reference on many seeded deals of
every built-in, and under knobs no built-in combines."""

from __future__ import annotations

import itertools
import random

import pytest
from random_play import fixed_deal, play_rest

from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.announcements import RANK_MASK, announcer, find_announcements
from coinche_dsl.engine.facts import Contract
from coinche_dsl.engine.scoring import _score, score_facts, score_key
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.model.enums import AllTrumpBelote, AnnouncementTiming, BeloteClaim, BeloteOrder


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
    play_rest(deal, rng)
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
        play_rest(deal, rng)
        facts = deal.facts()
        assert 0 not in facts.announcements
        assert deal.score_key() == score_key(rules, facts)
        assert deal.result() == _score(rules.plan, rules, facts)


def test_a_known_score_is_the_score_computed_afresh():
    """`score_facts` keeps scores by what scoring reads: on 3000 seeded deals of every
    built-in (fixed contracts, random cards), the kept score is the one `_score` computes."""
    for name in BUILTINS:
        rules = compile(load_variant(name))
        rules.plan.scores.clear()
        for seed in range(3000):
            d = rules.denominations[seed % len(rules.denominations)]
            deal = fixed_deal(rules, seed, Contract(seed & 3, rules.bid_values[seed % 3], d,
                                                    seed % 3))
            facts = play_rest(deal, random.Random(seed)).facts()
            assert score_facts(rules, facts) == _score(rules.plan, rules, facts)
        assert len(rules.plan.scores) < 3000  # scores were shared


_BELOTE_KNOBS = dict(claim=list(BeloteClaim), order=list(BeloteOrder),
                     at_no_trump=[False, True], at_all_trump=list(AllTrumpBelote))


@pytest.mark.parametrize("timing", [AnnouncementTiming.FIRST_CARD, AnnouncementTiming.AUTOMATIC])
def test_a_deal_s_key_is_the_key_of_its_facts_under_every_belote_knob(timing):
    """Under every combination of the belote's knobs, with announcements declared or
    automatic, at every denomination, the key a deal builds (the queens beside their king
    found with bit tests, the announcements' points) is `scoring.score_key` of the deal's
    facts, read the slow way (`belote_seats`, `declared`). ffb with the organiser's no-trump
    and all-trump (§ 11), where the belote's knobs at those contracts apply."""
    base = load_variant("ffb", {"sans_atout_tout_atout": "oui"})
    credited = refused = announced = 0
    for i, values in enumerate(itertools.product(*_BELOTE_KNOBS.values())):
        belote = base.belote.model_copy(update=dict(zip(_BELOTE_KNOBS, values, strict=True)))
        an = base.announcements.model_copy(update={"timing": timing})
        rules = compile(base.model_copy(update={"belote": belote, "announcements": an}))
        for seed in range(i * 60, i * 60 + 60):
            deal = fixed_deal(rules, seed, Contract(seed & 3, 90, seed % 6, seed % 3))
            play_rest(deal, random.Random(seed))
            key = deal.score_key()
            assert key == score_key(rules, deal.facts()), (values, seed)
            held = deal.belote_holders()
            credited += bool(deal.belote_seats())
            refused += bool(held) and not deal.belote_seats()
            announced += bool(key[10] or key[11])
    assert credited > 50 and refused > 10
    assert (announced > 50) == (timing == AnnouncementTiming.AUTOMATIC)


def test_fix_contract_refuses_a_denomination_the_rules_do_not_have():
    rules = compile(load_variant("es-club"))  # the four suits only
    deal = Deal(rules, 0, rng=random.Random(1))
    with pytest.raises(Exception, match="denominations"):
        deal.fix_contract(Contract(0, 80, 4))
    deal.apply("W pass")
    with pytest.raises(Exception, match="before the first call"):
        deal.fix_contract(Contract(0, 80, 2))
