"""Announcements and belote during a deal (`Deal.declare`), and who leads first."""

from __future__ import annotations

import random

import pytest

from coinche_dsl.cards import parse_cards
from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.play import random_card
from coinche_dsl.errors import IllegalActionError
from coinche_dsl.loader import load_variant
from coinche_dsl.model.enums import (
    AllTrumpBelote,
    AnnouncementTiming,
    BeloteClaim,
    BeloteOrder,
    FirstLead,
)

# ffb with the organiser's no-trump and all-trump (§ 11), which some deals below are played at
FFB = load_variant("ffb", {"sans_atout_tout_atout": "oui"})
HANDS = ["KH QH JH 10H 9H 7C 8C 9C",      # N: a five-card run in hearts, with the belote
         "7H 8H AH 10C JC QC KC AC",       # E
         "7D 8D 9D 10D JD QD KD AD",       # S
         "7S 8S 9S 10S JS QS KS AS"]       # W
RUN = parse_cards("KH QH JH 10H 9H".split())


def rules_with(block: str, **values: object):
    return compile(FFB.model_copy(update={block: getattr(FFB, block).model_copy(update=values)}))


def deal_after(rules, *calls: str, hands=HANDS) -> Deal:
    """Dealt by E: N speaks and leads first."""
    deal = Deal(rules, 1, hands=[parse_cards(h.split()) for h in hands])
    for text in calls:
        deal.apply(text)
    return deal


def finish(deal: Deal, seed: int = 0, first: list[str] | None = None) -> Deal:
    """Play the deal out: `first` cards when legal (in order), else random legal cards."""
    rng = random.Random(seed)
    wanted = [parse_cards([c]).bit_length() - 1 for c in first or []]
    while deal.phase == "play":
        legal = deal.legal_cards()
        pick = next((c for c in wanted if legal >> c & 1), None)
        if pick is not None:
            wanted.remove(pick)
        deal.play(random_card(legal, rng.random) if pick is None else pick)
    return deal


HEARTS_BY_N = ("N 80 hearts", "W pass", "S pass", "E pass")


def test_declared_run_and_automatic_belote():
    deal = deal_after(compile(FFB), *HEARTS_BY_N)
    deal.declare(0, [RUN])
    facts = finish(deal).facts()
    assert facts.announcements == {0: [RUN]} and facts.belote == [0]


def test_a_seat_that_never_declares_still_claims_its_belote():
    facts = finish(deal_after(compile(FFB), *HEARTS_BY_N)).facts()
    assert facts.announcements == {} and facts.belote == [0]


def test_silent_belote():
    deal = deal_after(compile(FFB), *HEARTS_BY_N)
    deal.declare(0, [], belote=False)
    assert finish(deal).facts().belote == []
    deal = deal_after(rules_with("belote", silent_allowed=False), *HEARTS_BY_N)
    with pytest.raises(IllegalActionError) as err:
        deal.declare(0, [], belote=False)
    assert err.value.rule == "belote.silent_allowed"
    deal.declare(1, [], belote=False)  # E holds no belote: nothing to keep silent


@pytest.mark.parametrize("combo, rule", [
    ("7C 9C", "announcements"), ("AS KS QS", "hand")])
def test_declaring_what_is_not_an_announcement(combo, rule):
    deal = deal_after(compile(FFB), *HEARTS_BY_N)
    with pytest.raises(IllegalActionError) as err:
        deal.declare(0, [parse_cards(combo.split())])
    assert err.value.rule == rule


def test_declare_only_before_ones_first_card():
    deal = deal_after(compile(FFB), *HEARTS_BY_N)
    deal.apply("N 7C")
    with pytest.raises(IllegalActionError) as err:
        deal.declare(0, [RUN])
    assert err.value.rule == "announcements.timing"
    deal.declare(3, [parse_cards("AS KS QS JS 10S".split())])  # W has not played yet


def test_no_announcements_at_no_trump_when_the_rules_say_so():
    deal = deal_after(rules_with("announcements", at_no_trump=False), "N 80 no-trump",
                      "W pass", "S pass", "E pass")
    with pytest.raises(IllegalActionError) as err:
        deal.declare(0, [RUN])
    assert err.value.rule == "announcements.at_no_trump" and "ffb.coinche:" in str(err.value)


def test_automatic_announcements():
    rules = rules_with("announcements", timing=AnnouncementTiming.AUTOMATIC)
    deal = deal_after(rules, *HEARTS_BY_N)
    assert sorted(deal.declared[0]) == sorted([RUN, parse_cards("7C 8C 9C".split())])


def test_belote_for_declarers_only():
    rules = rules_with("belote", claim=BeloteClaim.DECLARERS_ONLY)
    deal = deal_after(rules, "N pass", "W 80 hearts", "S pass", "E pass", "N pass")
    assert finish(deal).facts().belote == []
    assert finish(deal_after(rules, *HEARTS_BY_N)).facts().belote == [0]


@pytest.mark.parametrize("order, belote", [(BeloteOrder.ANY, [0]), (BeloteOrder.KING_FIRST, [])])
def test_belote_king_first(order, belote):
    deal = deal_after(rules_with("belote", order=order), *HEARTS_BY_N)
    assert finish(deal, first=["QH", "KH"]).facts().belote == belote


@pytest.mark.parametrize("each_suit, belote", [
    (AllTrumpBelote.EACH_SUIT, [1, 2, 0, 0]), (AllTrumpBelote.NONE, [])])
def test_belote_at_all_trump(each_suit, belote):
    # One belote per suit whose K and Q one player holds: E clubs, S diamonds, N hearts and
    # spades (listed by suit).
    hands = ["KH QH KS QS 9H 7C 8C 9C", "7H 8H AH 10C JC QC KC AC",
             "7D 8D 9D 10D JD QD KD AD", "7S 8S 9S 10S JS 10H JH AS"]
    deal = deal_after(rules_with("belote", at_all_trump=each_suit), "N 80 all-trump", "W pass",
                      "S pass", "E pass", hands=hands)
    assert finish(deal).facts().belote == belote


def test_generale_bidder_leads():
    rules = compile(FFB.model_copy(update={
        "auction": FFB.auction.model_copy(update={"generale": True}),
        "table": FFB.table.model_copy(update={"first_lead": FirstLead.GENERALE_BIDDER})}))
    deal = deal_after(rules, "N pass", "W pass", "S generale diamonds", "E pass", "N pass",
                      "W pass")
    assert deal.phase == "play" and deal.to_act == 2
    deal = deal_after(rules, "N pass", "W pass", "S 80 diamonds", "E pass", "N pass", "W pass")
    assert deal.to_act == 0
