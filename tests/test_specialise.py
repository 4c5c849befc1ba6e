"""The specialised random play (`Deal.play_out`, generated per ruleset and denomination) against
the reference path: one card at a time, legal sets from `play.reference_legal` (the readable
rules), the same random draws. Same seed, same cards, same tricks, same score; for every
built-in at every denomination, and for play rules that no built-in combines."""

from __future__ import annotations

import itertools
import random

import pytest

from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.announce_tables import announcer
from coinche_dsl.engine.announcements import RANK_MASK, find_announcements
from coinche_dsl.engine.facts import Contract
from coinche_dsl.engine.play import random_card, reference_legal
from coinche_dsl.engine.scoring import _score, score_facts, score_key
from coinche_dsl.engine.specialise import source
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.model.enums import (
    AllTrumpBeat,
    AllTrumpBelote,
    AnnouncementTiming,
    BeloteClaim,
    BeloteOrder,
    TrumpObligation,
)


def _deal(rules, seed: int, contract: Contract) -> Deal:
    deal = Deal(rules, seed & 3, rng=random.Random(seed))
    deal.fix_contract(contract)
    return deal


def _reference(rules, seed: int, contract: Contract, first: int) -> Deal:
    """The deal played card by card, each card drawn among `reference_legal`."""
    deal = _deal(rules, seed, contract)
    rand = random.Random(seed * 7 + 1).random
    for _ in range(32):
        legal = reference_legal(rules, deal.hands[deal.to_act], contract.denomination,
                                deal.trick, deal.play_context())
        assert deal.legal_cards() == legal
        deal.play(random_card(legal, rand))
    return deal


def _fast(rules, seed: int, contract: Contract, first: int) -> Deal:
    """The same deal: `first` cards one by one, then `play_out` in one call."""
    deal = _deal(rules, seed, contract)
    rng = random.Random(seed * 7 + 1)
    for _ in range(first):
        deal.play(random_card(deal.legal_cards(), rng.random))
    deal.play_out(rng)
    return deal


def _same(rules, seeds, contracts) -> int:
    checked = 0
    for seed, contract in zip(seeds, itertools.cycle(contracts), strict=False):
        first = seed % 6  # also from the middle of a trick, or after a whole one
        ref, fast = _reference(rules, seed, contract, first), _fast(rules, seed, contract, first)
        assert fast.phase == ref.phase == "over"
        assert fast.tricks == ref.tricks, (seed, contract)
        assert (fast.tricks_won, fast.points) == (ref.tricks_won, ref.points)
        assert fast.to_act == ref.to_act and fast.hands == [0, 0, 0, 0]
        assert fast.result() == ref.result()
        checked += 1
    return checked


@pytest.mark.parametrize("name", BUILTINS)
def test_play_out_is_the_reference_play_at_every_denomination(name):
    rules = compile(load_variant(name))
    contracts = [Contract(seat, rules.bid_values[1], d, double)
                 for d in rules.denominations for seat, double in ((0, 0), (1, 1), (3, 0))]
    assert _same(rules, range(300), contracts) == 300


_KNOBS = dict(
    must_trump=list(TrumpObligation), must_overtrump=[True, False],
    undertrump=list(TrumpObligation), partner_master_free=[True, False],
    overtrump_partner=[True, False], trump_lead_beat_partner=[True, False],
    all_trump_beat=list(AllTrumpBeat), no_trump_beat=[True, False])


def test_play_out_is_the_reference_play_under_every_combination_of_play_rules():
    base = load_variant("ffb")
    combos = list(itertools.product(*_KNOBS.values()))
    assert len(combos) == 384
    for i, values in enumerate(combos):
        play = base.play.model_copy(update=dict(zip(_KNOBS, values, strict=True)))
        rules = compile(base.model_copy(update={"play": play}))
        contracts = [Contract(i & 3, 80, d) for d in range(6)]
        assert _same(rules, range(i * 12, i * 12 + 12), contracts) == 12


def test_the_generated_text_holds_no_text_of_the_variant():
    """Only the templates' lines and numbers: no title, name or source of the variant file."""
    ruleset = load_variant("ffb")
    text = "".join(source(compile(ruleset), d) for d in range(6))
    for value in (ruleset.name, ruleset.title, "ffb"):
        assert value not in text
    assert set(text) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                            "_ =()[]<>&|^+-*:,.\n!")


def test_a_known_score_is_the_score_computed_afresh():
    """`score_facts` keeps scores by what scoring reads: on 3000 seeded deals of every
    built-in (fixed contracts, random cards), the kept score is the one `_score` computes."""
    for name in BUILTINS:
        ruleset = load_variant(name)
        rules = compile(ruleset)
        rules.plan.scores.clear()
        for seed in range(3000):
            d = rules.denominations[seed % len(rules.denominations)]
            deal = _deal(rules, seed, Contract(seed & 3, rules.bid_values[seed % 3], d,
                                               seed % 3))
            deal.play_out(random.Random(seed))
            facts = deal.facts()
            assert score_facts(rules, facts) == _score(rules.plan, rules, facts)
        assert len(rules.plan.scores) < 3000  # scores were shared


def test_fix_contract_refuses_a_denomination_the_rules_do_not_have():
    rules = compile(load_variant("es-club"))  # the four suits only
    deal = Deal(rules, 0, rng=random.Random(1))
    with pytest.raises(Exception, match="denominations"):
        deal.fix_contract(Contract(0, 80, 4))
    deal.apply("W pass")
    with pytest.raises(Exception, match="before the first call"):
        deal.fix_contract(Contract(0, 80, 2))


_ANNOUNCE_KNOBS = dict(card_reuse=[True, False], belote_in_sequence=[True, False],
                       sequences=[{3: 20, 4: 50, 5: 100}, {3: 0, 4: 50}])


@pytest.mark.parametrize("name", BUILTINS)
def test_automatic_announcements_are_what_find_announcements_finds(name):
    """`Deal` looks announcements up in per-suit tables (and hands a hand with a scoring carré
    to `find_announcements`): on 800 random hands a denomination, under each combination of
    the knobs that change what a hand declares, the masks are `find_announcements`'s."""
    base = load_variant(name)
    for values in itertools.product(*_ANNOUNCE_KNOBS.values()):
        an = base.announcements.model_copy(update=dict(zip(_ANNOUNCE_KNOBS, values,
                                                           strict=True)))
        ruleset = base.model_copy(update={"announcements": an})
        rules = compile(ruleset)
        rng = random.Random(len(name))
        for d in rules.denominations:
            announce = announcer(rules, d)
            for _ in range(800):
                hand = sum(1 << c for c in rng.sample(range(32), 8))
                if rng.random() < 0.1:  # a carré now and then
                    hand = (hand & ~0xFF) | (RANK_MASK << rng.randrange(8))
                expected = [c.mask for c in find_announcements(hand, d, rules)]
                assert announce(hand) == expected, (name, values, d, hex(hand))


_BELOTE_KNOBS = dict(claim=list(BeloteClaim), order=list(BeloteOrder),
                     at_no_trump=[False, True], at_all_trump=list(AllTrumpBelote))


@pytest.mark.parametrize("timing", [AnnouncementTiming.FIRST_CARD, AnnouncementTiming.AUTOMATIC])
def test_the_key_play_out_computes_is_the_key_of_the_deal_s_facts(timing):
    """A deal played out whole gets its score key from the end of the generated play (the
    belote's and automatic announcements' rules folded in): under every combination of the
    belote's knobs, with announcements declared or automatic, at every denomination, it is
    `scoring.score_key` of the deal's facts, read the slow way (`belote_seats`, `declared`)."""
    base = load_variant("ffb")
    credited = refused = announced = 0
    for i, values in enumerate(itertools.product(*_BELOTE_KNOBS.values())):
        belote = base.belote.model_copy(update=dict(zip(_BELOTE_KNOBS, values, strict=True)))
        an = base.announcements.model_copy(update={"timing": timing})
        rules = compile(base.model_copy(update={"belote": belote, "announcements": an}))
        for seed in range(i * 60, i * 60 + 60):
            deal = _deal(rules, seed, Contract(seed & 3, 90, seed % 6, seed % 3))
            deal.play_out(random.Random(seed))
            key = deal._key
            assert key is not None and key == score_key(rules, deal.facts()), (values, seed)
            held = deal.belote_holders()
            credited += bool(deal.belote_seats())
            refused += bool(held) and not deal.belote_seats()
            announced += bool(key[10] or key[11])
    assert credited > 50 and refused > 10
    assert (announced > 50) == (timing == AnnouncementTiming.AUTOMATIC)


def test_a_deal_played_in_part_or_with_declarations_is_keyed_the_slow_way():
    """No key from the play when a trick was played card by card, or a seat declared: the
    score is then keyed from the deal's facts, and is the same."""
    rules = compile(load_variant("ffb"))
    for seed in range(40):
        deal = _deal(rules, seed, Contract(seed & 3, 90, seed % 6))
        if seed % 2:
            deal.declare(deal.to_act, [], belote=True)
        else:
            for _ in range(4):
                deal.play(random_card(deal.legal_cards(), random.Random(seed).random))
        deal.play_out(random.Random(seed))
        assert deal._key is None
        assert deal.result() == score_facts(rules, deal.facts())
