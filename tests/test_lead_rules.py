"""`play.partner_leads_trump_at`: the declarer's partner, on lead at that trick, leads a trump.

One field, read in one place (`play.lead_mask`, from the play's context: trick, declarer, the
seat on lead); every path that plays a card (Deal, the NumPy batch, the card-by-card
reference) follows it.
"""

from __future__ import annotations

import pytest
from knob_support import replaced
from random_play import check_legal_play
from test_batch import _replay

from coinche_dsl.cards import card_names, parse_card, parse_cards
from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.batch import play_batch
from coinche_dsl.engine.facts import Contract
from coinche_dsl.errors import IllegalActionError
from coinche_dsl.loader import load_variant

FIELD = ("play", "partner_leads_trump_at")
HEARTS, NO_TRUMP = 2, 4
N, E, S, W = range(4)

# ffb plays anticlockwise (S E N W after S). W deals, so S leads trick 1 with the ace of
# spades; everybody follows with a lower spade and S wins: S is on lead at trick 2.
HANDS = {"S": "AS JH 7H AD KD QD 8D 7D", "E": "7S AC KC QC JC 10C 9C 8C",
         "N": "8S 9H 10H KH QH AH 8H 7C", "W": "9S 10S JS QS KS 10D JD 9D"}
TRICK_1 = ["S AS", "E 7S", "N 8S", "W 9S"]


def _rules(at: int | None):
    """ffb with the duty at trick `at`, and the organiser's no-trump and all-trump (§ 11), where
    no trump can be led."""
    return compile(replaced(load_variant("ffb", {"sans_atout_tout_atout": "oui"}), FIELD, at))


def _at_trick_2(at: int | None, declarer: int = N, denomination: int = HEARTS) -> Deal:
    deal = Deal(_rules(at), W, hands=[parse_cards(HANDS[s].split()) for s in "NESW"])
    deal.fix_contract(Contract(declarer, 80, denomination))
    for text in TRICK_1:
        deal.apply(text)
    assert deal.to_act == S and len(deal.tricks) == 1
    return deal


def test_the_partner_on_lead_at_that_trick_leads_a_trump() -> None:
    deal = _at_trick_2(2)  # N declares hearts: S is the declarer's partner
    assert card_names(deal.legal_cards()) == ["7H", "JH"]


def test_leading_anything_else_names_the_rule() -> None:
    deal = _at_trick_2(2)
    with pytest.raises(IllegalActionError) as refused:
        deal.apply("S AD")
    assert refused.value.rule == "play.partner_leads_trump_at"
    assert str(refused.value).startswith("S must lead a trump: play.partner_leads_trump_at 2")


@pytest.mark.parametrize(("at", "declarer", "denomination", "why"), [
    (None, N, HEARTS, "no such rule: every lead is free"),
    (3, N, HEARTS, "the duty is at trick 3, this is trick 2"),
    (2, S, HEARTS, "S is the declarer, not the declarer's partner"),
    (2, E, HEARTS, "S defends"),
    (2, N, NO_TRUMP, "no trump to lead at no-trump"),
])
def test_every_other_lead_is_free(at, declarer, denomination, why) -> None:
    deal = _at_trick_2(at, declarer, denomination)
    assert deal.legal_cards() == deal.hands[S], why


def test_at_a_later_trick_the_duty_waits_for_that_trick() -> None:
    # Duty at trick 3. Trick 2: S leads JH freely... then E (no heart) 8C, N 8H (cannot beat
    # the jack), W 10D: S's jack wins, S leads trick 3 holding 7H: that lead is due.
    deal = Deal(_rules(3), W, hands=[parse_cards(HANDS[s].split()) for s in "NESW"])
    deal.fix_contract(Contract(N, 80, HEARTS))
    for text in TRICK_1:
        deal.apply(text)
    assert deal.legal_cards() == deal.hands[S]
    for text in ("S JH", "E 8C", "N 8H", "W 10D"):
        deal.apply(text)
    assert card_names(deal.legal_cards()) == ["7H"]
    for text in ("S 7H", "E 9C", "N 9H", "W JD"):  # N must go over the 7: N wins trick 3
        deal.apply(text)
    assert deal.to_act == N and deal.legal_cards() == deal.hands[N]  # the declarer: free


def test_without_a_trump_the_partner_leads_anything() -> None:
    deal = Deal(_rules(2), W, hands=[parse_cards(HANDS[s].split()) for s in "NESW"])
    deal.fix_contract(Contract(N, 80, parse_card("7C") >> 3))  # clubs: S holds none
    for text in TRICK_1:
        deal.apply(text)
    assert deal.legal_cards() == deal.hands[S]


@pytest.mark.parametrize("at", [1, 2, 5, 8])
def test_deal_and_reference_agree_under_the_duty(at) -> None:
    rules = _rules(at)
    contracts = [Contract(seat, 80, d) for d in range(6) for seat in range(4)]
    assert check_legal_play(rules, range(at * 100, at * 100 + 48), contracts) == 48


@pytest.mark.parametrize("at", [1, 2, 6])
def test_batch_play_follows_the_duty(at) -> None:
    rules = _rules(at)
    out = play_batch(rules, 48, seed=at, record_legal=True,
                     contract=[Contract(s, 80, d) for s in range(4) for d in range(6)])
    for i in range(48):
        _replay(rules, out, i, False)
