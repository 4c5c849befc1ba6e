"""The auction under each value of each `auction.*` knob (and `table.all_pass`).

Deals are dealt by E, so (anticlockwise, as in ffb) the order of speech is N, W, S, E.
"""

from __future__ import annotations

import random

import pytest

from coinche_dsl.engine import Call, Deal, compile, parse_call
from coinche_dsl.errors import IllegalActionError, InputError
from coinche_dsl.loader import load_variant
from coinche_dsl.model.enums import (
    AfterCoinche,
    BidLevels,
    CoincheTiming,
    Denomination,
    RaiseOwn,
    Reentry,
)

FFB = load_variant("ffb")
SA_TA = load_variant("ffb", {"sans_atout_tout_atout": "oui"})
"""ffb with the organiser's no-trump and all-trump (§ 11)."""
EAST = 1


def rules_with(base=FFB, **auction: object):
    return compile(base.model_copy(update={"auction": base.auction.model_copy(update=auction)}))


def auction(rules, *calls: str) -> Deal:
    deal = Deal(rules, EAST, rng=random.Random(3))
    for text in calls:
        deal.apply(text)
    return deal


def texts(deal: Deal) -> set[str]:
    return {str(c) for c in deal.legal_calls()}


def bid_values(deal: Deal, denomination: str = "hearts") -> list[int | str]:
    return [c.value for c in deal.legal_calls() if c.kind == "bid"
            and str(c).endswith(" " + denomination)]


def refused(deal: Deal, text: str, rule: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        deal.apply(text)
    assert err.value.rule == rule, str(err.value)
    return str(err.value)


# -- calls as text ---------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["N 80 hearts", "E pass", "W coinche", "S surcoinche",
                                  "N capot spades", "E generale all-trump", "W 120 no-trump"])
def test_call_text_round_trips(text):
    assert str(parse_call(text)) == text


def test_parse_call_rejects_nonsense():
    for text in ("X pass", "N", "N 80", "N eighty hearts", "N 80 trumps"):
        with pytest.raises(InputError):
            parse_call(text)


# -- levels ----------------------------------------------------------------------------------

def test_ffb_levels_and_capot():
    # FFB 2015, § 4.1: "80 au minimum, ... un multiple de 10 et ... supérieure à l'enchère
    # précédente" (no highest number: the list stops at the engine's cap, 500), or a capot.
    deal = auction(compile(FFB))
    values = list(range(80, 501, 10))
    assert bid_values(deal) == [*values, "capot"]
    assert "N pass" in texts(deal) and "N coinche" not in texts(deal)
    # § 11: the basic game bids the four suits; the organiser may add no-trump and all-trump
    assert len(deal.legal_calls()) == 1 + (len(values) + 1) * 4
    assert len(auction(compile(SA_TA)).legal_calls()) == 1 + (len(values) + 1) * 6


def test_ffb_160_is_the_highest_when_a_variant_says_so():
    deal = auction(rules_with(maximum_bid=160))
    assert bid_values(deal) == [80, 90, 100, 110, 120, 130, 140, 150, 160, "capot"]


@pytest.mark.parametrize("levels, expected", [
    (BidLevels.ALIGNED, [82, 90, 100]), (BidLevels.FROM_MINIMUM, [82, 92, 102])])
def test_bid_levels(levels, expected):
    deal = auction(rules_with(minimum_bid=82, bid_levels=levels, maximum_bid=None, capot=False))
    assert bid_values(deal)[:3] == expected
    assert max(bid_values(deal)) >= 490


def test_step_and_maximum():
    deal = auction(rules_with(step=5, maximum_bid=100, capot=False))
    assert bid_values(deal) == [80, 85, 90, 95, 100]
    refused(deal, "N 83 hearts", "auction.step")


def test_a_bid_must_beat_the_last():
    deal = auction(compile(FFB), "N 100 hearts")
    assert bid_values(deal, "spades")[0] == 110
    refused(deal, "W 100 spades", "auction.ranked_denominations")


def test_no_jumps():
    deal = auction(rules_with(jumps=False), "N 80 hearts")
    assert bid_values(deal, "clubs") == [90, "capot"]
    refused(deal, "W 100 clubs", "auction.jumps")


def test_ranked_denominations():
    deal = auction(rules_with(SA_TA, ranked_denominations=True), "N 80 hearts")
    assert bid_values(deal, "spades")[0] == 80 and bid_values(deal, "clubs")[0] == 90
    deal.apply("W 80 no-trump")
    assert deal.auction.bid == parse_call("W 80 no-trump")


def test_capot_and_generale_order():
    rules = rules_with(generale=True)
    deal = auction(rules, "N capot hearts")
    assert bid_values(deal) == ["generale"]
    deal.apply("W generale spades")
    assert bid_values(deal) == []


def test_denominations_allowed():
    rules = rules_with(denominations=[Denomination.CLUBS, Denomination.HEARTS])
    deal = auction(rules)
    assert {c.denomination for c in deal.legal_calls() if c.kind == "bid"} == {0, 2}
    message = refused(deal, "N 80 no-trump", "auction.denominations")
    assert "ffb.coinche:" in message


# -- who may speak ---------------------------------------------------------------------------

def test_reentry_allowed():
    deal = auction(compile(FFB), "N pass", "W 80 hearts", "S pass", "E pass")
    assert bid_values(deal)[0] == 90


def test_reentry_forbidden():
    deal = auction(rules_with(reentry=Reentry.FORBIDDEN), "N pass", "W 80 hearts", "S pass",
                   "E pass")
    assert texts(deal) == {"N pass", "N coinche"}
    refused(deal, "N 90 hearts", "auction.reentry")


def test_speak_once_ends_after_four_calls():
    deal = auction(rules_with(reentry=Reentry.SPEAK_ONCE), "N 80 hearts", "W 90 spades",
                   "S pass")
    assert deal.phase == "auction"
    deal.apply("E 100 clubs")
    assert deal.phase == "play" and str(deal.contract) == "100 clubs by E"


SPEAK_ONCE_CLOSING = rules_with(reentry=Reentry.SPEAK_ONCE, closing_coinche=True)


def test_closing_coinche_lets_the_opponents_of_the_last_bid_coinche():
    # Seed 002: "I giocatori parlano una sola volta" and "Una volta scelto il contratto,
    # l'avversario può coinche": E bids last, yet N and S (who spoke before) may coinche it.
    deal = auction(SPEAK_ONCE_CLOSING, "N pass", "W pass", "S pass", "E 100 clubs")
    assert deal.phase == "auction" and deal.to_act == 0
    assert texts(deal) == {"N pass", "N coinche"}  # no bid any more
    refused(deal, "N 110 clubs", "auction.closing_coinche")
    deal.apply("N pass")
    assert deal.to_act == 2 and texts(deal) == {"S pass", "S coinche"}
    deal.apply("S coinche")
    # "la squadra del prenditore crede di poter completare": E, then W, may surcoinche.
    assert deal.to_act == 1 and texts(deal) == {"E pass", "E surcoinche"}
    deal.apply("E pass")
    deal.apply("W surcoinche")
    assert deal.phase == "play" and str(deal.contract) == "100 clubs by E surcoinche"


def test_closing_coinche_ends_when_all_asked_pass():
    deal = auction(SPEAK_ONCE_CLOSING, "N pass", "W pass", "S pass", "E 100 clubs",
                   "N pass", "S pass")
    assert deal.phase == "play" and str(deal.contract) == "100 clubs by E"


def test_without_closing_coinche_the_last_bid_cannot_be_coinched():
    deal = auction(rules_with(reentry=Reentry.SPEAK_ONCE), "N pass", "W pass", "S pass",
                   "E 100 clubs")
    assert deal.phase == "play" and str(deal.contract) == "100 clubs by E"


@pytest.mark.parametrize("raise_own, expected", [
    (RaiseOwn.ALLOWED, {"hearts", "spades"}),
    (RaiseOwn.WITH_SUIT_CHANGE, {"spades"}),
    (RaiseOwn.AFTER_OTHER_BID, set()),
    (RaiseOwn.FORBIDDEN, set()),
])
def test_raise_own(raise_own, expected):
    # With four closing passes the bidder speaks again over his own bid.
    deal = auction(rules_with(end_passes=4, raise_own=raise_own),
                   "N 80 hearts", "W pass", "S pass", "E pass")
    assert deal.to_act == 0 and deal.phase == "auction"
    bids = {str(c).split()[-1] for c in deal.legal_calls() if c.kind == "bid"}
    assert bids & {"hearts", "spades"} == expected
    if not expected:
        refused(deal, "N 90 hearts", "auction.raise_own")


# -- how it ends -----------------------------------------------------------------------------

def test_three_passes_end_the_auction():
    deal = auction(compile(FFB), "N pass", "W 80 hearts", "S pass", "E pass")
    assert deal.phase == "auction"
    deal.apply("N pass")
    assert deal.phase == "play" and str(deal.contract) == "80 hearts by W"
    assert deal.to_act == 0  # after the dealer E comes N, who leads


def test_four_passes_with_end_passes_4():
    deal = auction(rules_with(end_passes=4), "N 80 hearts", "W pass", "S pass", "E pass")
    assert deal.phase == "auction"
    deal.apply("N pass")
    assert deal.phase == "play"


def test_all_pass_asks_for_a_redeal():
    deal = auction(compile(FFB), "N pass", "W pass", "S pass", "E pass")
    assert deal.phase == "redeal" and deal.is_over() and deal.contract is None


def test_wrong_turn_is_refused():
    deal = auction(compile(FFB))
    refused(deal, "W 80 hearts", "auction.turn")


# -- coinche and surcoinche ------------------------------------------------------------------

def test_coinche_in_turn_by_an_opponent_only():
    deal = auction(compile(FFB), "N 80 hearts")
    assert "W coinche" in texts(deal)
    deal.apply("W pass")
    assert "S coinche" not in texts(deal)
    refused(deal, "S coinche", "auction.coinche")
    assert deal.out_of_turn_calls(1) == []
    refused(deal, "E coinche", "auction.coinche")


def test_no_coinche():
    deal = auction(rules_with(coinche=CoincheTiming.NONE, surcoinche=False), "N 80 hearts")
    assert "W coinche" not in texts(deal)
    refused(deal, "W coinche", "auction.coinche")


def test_coinche_any_time_out_of_turn():
    rules = rules_with(coinche=CoincheTiming.ANY_TIME, after_coinche=AfterCoinche.PASSES)
    deal = auction(rules, "N 80 hearts")
    assert deal.out_of_turn_calls(1) == [Call(1, "coinche")]
    assert deal.out_of_turn_calls(2) == []
    deal.apply("E coinche")
    assert deal.auction.double == 1 and deal.to_act == 0  # N, after E
    assert "N surcoinche" in texts(deal)


def test_coinche_capot():
    deal = auction(rules_with(coinche_capot=False), "N capot hearts")
    assert "W coinche" not in texts(deal)
    refused(deal, "W coinche", "auction.coinche_capot")


def test_after_coinche_ends_auction():
    rules = rules_with(after_coinche=AfterCoinche.ENDS_AUCTION, surcoinche=False)
    deal = auction(rules, "N 80 hearts", "W coinche")
    assert deal.phase == "play" and deal.contract.double == 1


def test_after_coinche_passes():
    rules = rules_with(after_coinche=AfterCoinche.PASSES)
    deal = auction(rules, "N 80 hearts", "W coinche")
    assert texts(deal) == {"S pass", "S surcoinche"}  # a doubled contract cannot be raised
    refused(deal, "S 90 hearts", "auction.after_coinche")
    for text in ("S pass", "E pass"):
        deal.apply(text)
    assert deal.phase == "auction" and texts(deal) == {"N pass", "N surcoinche"}
    deal.apply("N pass")
    assert deal.phase == "play" and str(deal.contract) == "80 hearts by N coinche"


def test_after_coinche_passes_is_the_ffb_rule():
    # FFB 2015, § 4.1: the auction ends when "après ... une coinche, les trois joueurs
    # suivants passent"; nobody may bid over a coinche ("fige le contrat").
    deal = auction(compile(FFB), "N 80 hearts", "W coinche")
    assert deal.to_act == 2 and texts(deal) == {"S pass", "S surcoinche"}
    deal.apply("S pass")
    assert texts(deal) == {"E pass"}  # the coincher's partner speaks too, but cannot bid
    deal.apply("E pass")
    assert deal.phase == "auction"
    deal.apply("N pass")
    assert deal.phase == "play" and deal.contract.double == 1


def test_after_coinche_doubled_side_only():
    rules = rules_with(after_coinche=AfterCoinche.DOUBLED_SIDE_ONLY)
    deal = auction(rules, "N 80 hearts", "W coinche")
    assert deal.to_act == 2  # S, then N: E is skipped
    deal.apply("S pass")
    assert deal.to_act == 0
    deal.apply("N pass")
    assert deal.phase == "play" and deal.contract.double == 1


def test_after_coinche_bidding_continues():
    rules = rules_with(after_coinche=AfterCoinche.BIDDING_CONTINUES)
    deal = auction(rules, "N 80 hearts", "W coinche", "S pass")
    deal.apply("E 90 spades")
    assert deal.auction.double == 0
    for text in ("N pass", "W pass", "S pass"):
        deal.apply(text)
    assert str(deal.contract) == "90 spades by E"


def test_surcoinche_ends_the_auction():
    deal = auction(compile(FFB), "N 80 hearts", "W coinche", "S surcoinche")
    assert deal.phase == "play" and deal.contract.double == 2


def test_surcoinche_need_not_end_the_auction():
    rules = rules_with(surcoinche_ends_auction=False, after_coinche=AfterCoinche.PASSES)
    deal = auction(rules, "N 80 hearts", "W coinche", "S surcoinche", "E pass", "N pass")
    assert deal.phase == "auction"
    deal.apply("W pass")
    assert deal.phase == "play" and deal.contract.double == 2


def test_no_surcoinche():
    deal = auction(rules_with(surcoinche=False), "N 80 hearts", "W coinche")
    assert texts(deal) == {"S pass"}
    refused(deal, "S surcoinche", "auction.surcoinche")


def test_auction_is_over_once_play_starts():
    deal = auction(compile(FFB), "N 80 hearts", "W pass", "S pass", "E pass")
    assert deal.legal_calls() == []
    with pytest.raises(IllegalActionError):
        deal.apply(Call(0, "pass"))


def _all_calls(rules, seat: int) -> list[Call]:
    from coinche_dsl.engine.auction import _tables

    extra = [Call(seat, "bid", 85, 0), Call(seat, "bid", 170, 2), Call(seat, "bid", "generale", 1)]
    return [Call(seat, k) for k in ("pass", "coinche", "surcoinche")] + \
        list(_tables(rules).bids[seat][1]) + extra


def test_legal_calls_agree_with_the_checks_under_random_knobs():
    """Over random auction settings and random auctions: every call offered is accepted, every
    other call (in turn or out of turn) is refused with a rule named."""
    rng = random.Random(77)
    choices = {"jumps": [True, False], "ranked_denominations": [True, False],
               "generale": [True, False], "reentry": list(Reentry), "raise_own": list(RaiseOwn),
               "end_passes": [3, 4], "coinche": [CoincheTiming.IN_TURN, CoincheTiming.ANY_TIME],
               "coinche_capot": [True, False], "after_coinche": list(AfterCoinche),
               "surcoinche": [True, False], "surcoinche_ends_auction": [True, False]}
    for _ in range(60):
        rules = rules_with(**{k: rng.choice(v) for k, v in choices.items()})
        deal = Deal(rules, rng.randrange(4), rng=rng)
        for _ in range(60):
            if deal.phase != "auction":
                break
            offered = {seat: set(deal.out_of_turn_calls(seat)) for seat in range(4)}
            offered[deal.to_act] = set(deal.legal_calls())
            for seat in range(4):
                for call in _all_calls(rules, seat):
                    assert deal.auction.is_legal(call) == (call in offered[seat]), call
            refused_call = next((c for c in _all_calls(rules, deal.to_act)
                                 if c not in offered[deal.to_act]), None)
            if refused_call is not None:
                with pytest.raises(IllegalActionError) as err:
                    deal.apply(refused_call)
                assert err.value.rule.startswith("auction")
            pool = [c for s in range(4) for c in offered[s]]
            deal.apply(rng.choice(pool) if rng.random() < 0.5 else
                       Call(deal.to_act, "pass"))
        assert deal.phase != "auction" or len(deal.history) >= 60


def test_it_701_last_speaker_can_still_be_coinched():
    # Seed 002: "I giocatori parlano una sola volta" and "Una volta scelto il contratto,
    # l'avversario può coinche": W, the dealer, speaks last and bids; N and S still may coinche.
    rules = compile(load_variant("it-701"))
    deal = Deal(rules, 3, rng=random.Random(3))
    for text in ("N pass", "E pass", "S pass", "W 100 clubs"):
        deal.apply(text)
    assert deal.phase == "auction" and texts(deal) == {"N pass", "N coinche"}
    deal.apply("N coinche")
    assert texts(deal) == {"E pass", "E surcoinche"}
    deal.apply("E pass")
    deal.apply("W pass")
    assert deal.phase == "play" and str(deal.contract) == "100 clubs by W coinche"
