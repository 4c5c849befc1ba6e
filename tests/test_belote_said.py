"""`belote.said_at`: when a claimed belote is said aloud, so known to the table
(`Deal.belote_said`). FFB: with the holder's first card, like the announcements; or, as S4
plays it ("belote" with the first of the two cards), as the first of king and queen is played.
"""

from __future__ import annotations

import random

import pytest
from knob_support import replaced
from random_play import play_rest

from coinche_dsl.cards import parse_cards
from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.facts import Contract
from coinche_dsl.errors import IllegalActionError
from coinche_dsl.loader import load_variant
from coinche_dsl.model.enums import BeloteMoment

HEARTS = 2
N, E, S, W = range(4)
# ffb (anticlockwise: N W S E). E deals, so N leads. N holds the king and queen of hearts.
HANDS = {"N": "KH QH AS 7S 8S 9S 10S JS", "W": "QS 7H 8H 9H 7C 8C 9C 10C",
         "S": "KS 10H JH AH 7D 8D 9D 10D", "E": "JC QC KC AC JD QD KD AD"}
TRICK_1 = ("N AS", "W QS", "S KS", "E AD")  # N wins it


def _deal(said_at: BeloteMoment, silent: bool = False) -> Deal:
    rules = compile(replaced(load_variant("ffb"), ("belote", "said_at"), said_at))
    deal = Deal(rules, E, hands=[parse_cards(HANDS[s].split()) for s in "NESW"])
    deal.fix_contract(Contract(S, 80, HEARTS))
    if silent:
        deal.declare(N, [], belote=False)
    return deal


def _trick(deal: Deal, *cards: str) -> None:
    for text in cards:
        deal.apply(text)


def test_said_with_the_first_card() -> None:
    deal = _deal(BeloteMoment.FIRST_CARD)
    assert deal.belote_said() == []
    _trick(deal, *TRICK_1)  # N's first card, the ace of spades: belote said
    assert deal.belote_said() == [(N, HEARTS)]


def test_said_with_the_first_of_king_and_queen() -> None:
    deal = _deal(BeloteMoment.FIRST_OF_PAIR)
    _trick(deal, *TRICK_1)
    assert deal.belote_said() == []  # N has played, but neither the king nor the queen
    _trick(deal, "N QH")  # N leads the queen: "belote"
    assert deal.belote_said() == [(N, HEARTS)]


@pytest.mark.parametrize("said_at", list(BeloteMoment))
def test_a_silent_belote_is_never_said_and_scores_the_same(said_at) -> None:
    deal = _deal(said_at, silent=True)
    _trick(deal, "N QH", "W 9H", "S JH", "E AC")  # W and S must go over the queen
    assert deal.belote_said() == []


def test_the_moment_changes_what_is_known_not_the_score() -> None:
    # Trick 2: N leads 7S; W, void, must trump (7H), S must overtrump W (10H), E discards.
    plays = [*TRICK_1, "N 7S", "W 7H", "S 10H", "E AC"]
    early, late = _deal(BeloteMoment.FIRST_CARD), _deal(BeloteMoment.FIRST_OF_PAIR)
    _trick(early, *plays)
    _trick(late, *plays)
    assert early.belote_said() == [(N, HEARTS)] and late.belote_said() == []
    play_rest(early, random.Random(5))
    play_rest(late, random.Random(5))  # the same cards to the end
    assert early.belote_said() == late.belote_said() == [(N, HEARTS)]
    a, b = early.result(), late.result()
    assert (a.made, a.scores, a.held) == (b.made, b.scores, b.held)
    assert [(x.team, x.points) for x in a.lines] == [(x.team, x.points) for x in b.lines]
    assert early.belote_seats() == [N]


def test_with_the_first_card_the_holder_decides_before_it() -> None:
    deal = _deal(BeloteMoment.FIRST_CARD)
    _trick(deal, *TRICK_1)
    with pytest.raises(IllegalActionError) as late:
        deal.claim_belote(N, False)
    assert late.value.rule == "belote.said_at"
    assert "too late" in str(late.value) and "belote.said_at first_card" in str(late.value)


def test_with_the_first_of_the_pair_the_holder_decides_until_then() -> None:
    deal = _deal(BeloteMoment.FIRST_OF_PAIR)
    _trick(deal, *TRICK_1)
    deal.claim_belote(N, False)  # N has not played its king or queen yet: it may keep silent
    _trick(deal, "N QH")
    with pytest.raises(IllegalActionError):
        deal.claim_belote(N, True)  # the queen is out: the moment has passed
    play_rest(deal, random.Random(5))
    said = _deal(BeloteMoment.FIRST_CARD)
    _trick(said, *TRICK_1, "N QH")
    play_rest(said, random.Random(5))
    # The same cards; only the silent belote differs. With the contract's fate the same
    # either way, N-S (the declaring side, S bid) score ffb's belote, 20, fewer: it is added
    # to their score made or failed ("belote imprenable").
    assert deal.belote_seats() == [] and said.belote_seats() == [N]
    assert [t.cards for t in deal.tricks] == [t.cards for t in said.tricks]
    assert deal.result().made == said.result().made
    assert said.result().scores["NS"] - deal.result().scores["NS"] == 20
