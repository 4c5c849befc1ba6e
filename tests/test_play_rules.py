"""Legal cards for each value of each `play.*` knob, from hand-made positions.

Each position is a trick on the table (in playing order) and the hand of the player to act;
both implementations (the fast masks and the card-by-card reference) must give the expected set.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import check_legal_play

from coinche_dsl.cards import card_names, parse_card, parse_cards, parse_seat
from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.facts import Contract
from coinche_dsl.engine.play import legal_on_trick, reference_legal
from coinche_dsl.errors import IllegalActionError
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.model.enums import AllTrumpBeat, TrumpObligation

HEARTS, NO_TRUMP, ALL_TRUMP = 2, 4, 5
# ffb with the organiser's no-trump and all-trump (§ 11), which some deals below are played at
FFB = load_variant("ffb", {"sans_atout_tout_atout": "oui"})


def rules_with(**play: object):
    """ffb with some `play` knobs changed."""
    return compile(FFB.model_copy(update={"play": FFB.play.model_copy(update=play)}))


def legal(rules, trick: str, hand: str, d: int = HEARTS) -> list[str]:
    """The legal cards of `hand` on `trick` ("N 7C, W AC"), checked both ways."""
    cards = [(parse_seat(t.split()[0]), parse_card(t.split()[1]))
             for t in trick.split(",") if t.strip()]
    mask = parse_cards(hand.split())
    fast = legal_on_trick(rules, mask, d, cards)
    assert fast == reference_legal(rules, mask, d, cards), "fast and reference disagree"
    return sorted(card_names(fast))


def cards(text: str) -> list[str]:
    return sorted(text.split())


# Anticlockwise (ffb): N, W, S, E. So after "N …" W plays; after "N …, W …" S (N's partner).

def test_must_follow_suit():
    assert legal(rules_with(), "N 7C", "AC 8C JH AS") == cards("AC 8C")


@pytest.mark.parametrize("value, expected", [
    (TrumpObligation.REQUIRED, "7H JH"),
    (TrumpObligation.OPTIONAL, "7H JH AS KD"),
])
def test_must_trump(value, expected):
    # W is void in clubs and N (an opponent) holds the trick.
    assert legal(rules_with(must_trump=value), "N AC", "7H JH AS KD") == cards(expected)


@pytest.mark.parametrize("value, expected", [(True, "JH"), (False, "JH 7H")])
def test_must_overtrump(value, expected):
    # N leads clubs, W trumps with 10H, S (void) must beat W's trump if able.
    assert legal(rules_with(must_overtrump=value), "N AC, W 10H", "JH 7H AS") == cards(expected)


@pytest.mark.parametrize("value, expected", [
    (TrumpObligation.OPTIONAL, "7H 8H AS"),
    (TrumpObligation.REQUIRED, "7H 8H"),
])
def test_undertrump(value, expected):
    # W's jack of trumps cannot be beaten: may S discard instead of a lower trump?
    assert legal(rules_with(undertrump=value), "N AC, W JH", "7H 8H AS") == cards(expected)


@pytest.mark.parametrize("value, expected", [(True, "7H AS KD"), (False, "7H")])
def test_partner_master_free(value, expected):
    # N (S's partner) leads the ace of clubs and holds the trick; S is void in clubs.
    assert legal(rules_with(partner_master_free=value), "N AC, W 7C", "7H AS KD") == \
        cards(expected)


@pytest.mark.parametrize("value, expected", [(False, "JH 7H AS"), (True, "JH AS")])
def test_overtrump_partner(value, expected):
    # E leads clubs, N trumps with the 9 and holds the trick, W follows; S may trump lower?
    assert legal(rules_with(overtrump_partner=value), "E AC, N 9H, W 8C", "JH 7H AS") == \
        cards(expected)


def test_overtrump_partner_without_partner_master_free():
    rules = rules_with(overtrump_partner=False, partner_master_free=False)
    assert legal(rules, "E AC, N 9H, W 8C", "JH 7H AS") == cards("JH 7H")
    rules = rules_with(overtrump_partner=True, partner_master_free=False)
    assert legal(rules, "E AC, N 9H, W 8C", "JH 7H AS") == cards("JH")


@pytest.mark.parametrize("value, expected", [(True, "JH"), (False, "JH 8H")])
def test_trump_lead_beat_partner(value, expected):
    # N leads the 9 of trumps, W follows low: S must go over his partner?
    assert legal(rules_with(trump_lead_beat_partner=value), "N 9H, W 7H", "JH 8H AS") == \
        cards(expected)


def test_trump_lead_over_an_opponent_follows_must_overtrump():
    assert legal(rules_with(), "N 8H, W 9H", "JH 7H AS") == cards("JH")
    assert legal(rules_with(must_overtrump=False), "N 8H, W 9H", "JH 7H") == cards("JH 7H")


@pytest.mark.parametrize("value, partner_leads, opponent_leads", [
    (AllTrumpBeat.ALWAYS, "JC", "JC"),
    (AllTrumpBeat.UNLESS_PARTNER_WINS, "JC 7C", "JC"),
    (AllTrumpBeat.NEVER, "JC 7C", "JC 7C"),
])
def test_all_trump_beat(value, partner_leads, opponent_leads):
    rules = rules_with(all_trump_beat=value)
    assert legal(rules, "N 10C, W 8C", "JC 7C AH", ALL_TRUMP) == cards(partner_leads)
    assert legal(rules, "W 10C", "JC 7C AH", ALL_TRUMP) == cards(opponent_leads)


@pytest.mark.parametrize("value, expected", [(False, "AC 7C"), (True, "AC")])
def test_no_trump_beat(value, expected):
    assert legal(rules_with(no_trump_beat=value), "N KC", "AC 7C JH", NO_TRUMP) == \
        cards(expected)


def test_no_ruffing_at_no_trump_or_all_trump():
    assert legal(rules_with(), "N KC", "JH 9H AS", NO_TRUMP) == cards("JH 9H AS")
    assert legal(rules_with(), "N KC", "JH 9H AS", ALL_TRUMP) == cards("JH 9H AS")


def test_lead_is_free():
    assert legal(rules_with(), "", "JH 7C AS") == cards("JH 7C AS")


KNOBS = {
    "must_trump": list(TrumpObligation),
    "must_overtrump": [True, False],
    "undertrump": list(TrumpObligation),
    "partner_master_free": [True, False],
    "overtrump_partner": [True, False],
    "trump_lead_beat_partner": [True, False],
    "all_trump_beat": list(AllTrumpBeat),
    "no_trump_beat": [True, False],
}


def test_fast_and_reference_agree_on_random_play():
    """Every combination of the play knobs, random deals at every denomination."""
    rng = random.Random(2024)
    for values in itertools.product(*KNOBS.values()):
        rules = rules_with(**dict(zip(KNOBS, values, strict=True)))
        d = rng.randrange(6)
        hands = Deal(rules, 0, rng=rng).hands
        trick: list[tuple[int, int]] = []
        seat = rng.randrange(4)
        for _ in range(32):
            fast = legal_on_trick(rules, hands[seat], d, trick)
            assert fast and fast & ~hands[seat] == 0
            assert fast == reference_legal(rules, hands[seat], d, trick), (values, d, trick)
            card = rng.choice([c for c in range(32) if fast >> c & 1])
            hands[seat] ^= 1 << card
            trick.append((seat, card))
            seat = (seat + rules.step) & 3
            if len(trick) == 4:
                trick = []


def test_illegal_card_names_the_rule_and_where_it_is_written():
    rules = compile(FFB)
    n, e, s, w = "AC 8D 9D 10D JD QD KD AD", "7C 8C 7H 8H 9H 7S 8S 9S", \
        "JH 7D 10C 9C 10S JS QS KS", "10H QH KH AH JC QC KC AS"
    deal = Deal(rules, 1, hands=[parse_cards(h.split()) for h in (n, e, s, w)])
    for text in ("N 80 hearts", "W pass", "S pass", "E pass"):
        deal.apply(text)
    deal.apply("N 8D")
    with pytest.raises(IllegalActionError) as err:
        deal.apply("W JC")
    assert "W must trump: play.must_trump required (ffb.coinche:" in str(err.value)
    assert err.value.rule == "play.must_trump"
    deal.apply("W 10H")
    with pytest.raises(IllegalActionError) as err:
        deal.apply("S JH")
    assert err.value.rule == "play.follow_suit"
    with pytest.raises(IllegalActionError, match="does not hold"):
        deal.apply("S AS")


@st.composite
def positions(draw):
    """Any hand (1-8 cards) and any trick of 0-3 other cards, at any denomination."""
    deck = draw(st.permutations(range(32)))
    size, played = draw(st.integers(1, 8)), draw(st.integers(0, 3))
    hand = sum(1 << c for c in deck[:size])
    first = draw(st.integers(0, 3))
    trick = [((first + 3 * i) & 3, deck[8 + i]) for i in range(played)]
    return hand, draw(st.integers(0, 5)), trick


@settings(max_examples=300, deadline=None)
@given(positions(), st.tuples(*(st.sampled_from(v) for v in KNOBS.values())))
def test_legal_cards_property(position, values):
    hand, d, trick = position
    rules = rules_with(**dict(zip(KNOBS, values, strict=True)))
    fast = legal_on_trick(rules, hand, d, trick)
    assert fast and fast & ~hand == 0
    assert fast == reference_legal(rules, hand, d, trick)


@pytest.mark.parametrize("name", BUILTINS)
def test_deal_legal_cards_are_the_reference_at_every_denomination(name):
    """`Deal.legal_cards` (masks and flags, with its common cases tested first) is
    `reference_legal` at every card of 300 seeded deals per built-in, at every denomination
    it allows, doubled or not."""
    rules = compile(load_variant(name))
    contracts = [Contract(seat, rules.bid_values[1], d, double)
                 for d in rules.denominations for seat, double in ((0, 0), (1, 1), (3, 0))]
    assert check_legal_play(rules, range(300), contracts) == 300


def test_deal_legal_cards_are_the_reference_under_every_combination_of_play_rules():
    """The same on 12 deals under each of the 384 combinations of the `play.*` knobs, at the
    six denominations (combinations no built-in has)."""
    combos = list(itertools.product(*KNOBS.values()))
    assert len(combos) == 384
    for i, values in enumerate(combos):
        rules = rules_with(**dict(zip(KNOBS, values, strict=True)))
        contracts = [Contract(i & 3, 80, d) for d in range(6)]
        assert check_legal_play(rules, range(i * 12, i * 12 + 12), contracts) == 12
