"""Seeded random games over every built-in variant, checking the engine's invariants
(OpenSpiel's random_sim_test): the auction ends, every card is played once, legal sets are
non-empty subsets of the hand, card points add up to the mode's total, games end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from random_play import play_rest

from coinche_dsl.engine import Deal, Game, compile
from coinche_dsl.engine.play import random_card, reference_legal
from coinche_dsl.loader import BUILTINS, builtin_path, load_variant

GAMES = 1000
"""Games in all, spread over the built-in variants."""


class PassingBot:
    """Random, but passes often, so that auctions are long and contracts of every kind occur."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose_call(self, deal: Deal):
        calls = deal.legal_calls()
        return calls[0] if self.rng.random() < 0.6 else self.rng.choice(calls)


def table_total(ruleset, d: int) -> int:
    """The deck's card points at denomination `d`, straight from the variant's tables."""
    cards = ruleset.cards
    total = {4: 4 * sum(r.points for r in cards.no_trump),
             5: 4 * sum(r.points for r in cards.all_trump)}
    return total.get(d, sum(r.points for r in cards.trump) + 3 * sum(r.points for r in cards.plain))


def play_checked(deal: Deal, rng: random.Random, bot: PassingBot, thorough: bool) -> None:
    for _ in range(200):
        if deal.phase != "auction":
            break
        calls = deal.legal_calls()
        assert calls and all(c.seat == deal.to_act for c in calls)
        deal.apply(bot.choose_call(deal))
    assert deal.phase != "auction", "the auction did not end"
    while deal.phase == "play":
        hand = deal.hands[deal.to_act]
        legal = deal.legal_cards()
        assert legal and legal & ~hand == 0
        if thorough:
            assert legal == reference_legal(deal.rules, hand, deal.contract.denomination,
                                            deal.trick)
        deal.apply(random_card(legal, rng.random))


def check_deal(deal: Deal) -> None:
    if deal.phase == "redeal":
        return
    played = [c for t in deal.tricks for _, c in t.cards]
    assert sorted(played) == list(range(32)) and not any(deal.hands)
    d = deal.contract.denomination
    assert sum(deal.points) == table_total(deal.rules.ruleset, d)
    assert sum(t.points for t in deal.tricks) == sum(deal.points)
    assert sum(deal.tricks_won) == 8
    score = deal.result()
    assert set(score.scores) == {"NS", "EW"}


@pytest.mark.parametrize("name", BUILTINS)
def test_random_games(name):
    rules = compile(load_variant(name))
    rng = random.Random(f"random-games-{name}")
    bot = PassingBot(rng)
    for g in range(GAMES // len(BUILTINS) + 1):
        game = Game(rules, rng, first_dealer=g % 4)
        for _ in range(2000):
            deal = game.new_deal()
            play_checked(deal, rng, bot, thorough=g < 15)
            check_deal(deal)
            game.record(deal)
            if game.is_over():
                break
        outcome = game.outcome()
        target = rules.ruleset.game.target
        assert outcome.scores[outcome.winner] >= target
        assert outcome.scores == game.scores


def test_every_builtin_has_a_file_by_the_end():
    missing = [n for n in BUILTINS if not Path(builtin_path(n)).is_file()]
    assert not missing, f"built-ins without a variant file: {', '.join(missing)}"


@pytest.mark.parametrize("name", ["ffb", "fr-bga"])
def test_random_play_replays(name):
    """Deals played at random through `Deal` are what `replay` accepts, trick for trick."""
    from coinche_dsl.engine.replay import replay, to_record

    rules = compile(load_variant(name))
    rng = random.Random(5)
    played = 0
    while played < 100:
        deal = Deal(rules, played & 3, rng=rng)
        while deal.phase == "auction":
            deal.apply(PassingBot(rng).choose_call(deal))
        if deal.phase == "redeal":
            continue
        if played % 2:  # also from the middle of a trick
            deal.apply(random_card(deal.legal_cards(), rng.random))
        play_rest(deal, rng)
        check_deal(deal)
        assert replay(rules, to_record(deal)).tricks == deal.tricks
        played += 1


def test_a_copy_plays_on_without_touching_the_original():
    rules = compile(load_variant("ffb"))
    rng = random.Random(12)
    deal = Deal(rules, 0, rng=rng)
    for text in ("W 80 spades", "S pass", "E pass"):
        deal.apply(text)
    ahead = deal.copy()
    ahead.apply("N pass")
    play_rest(ahead, rng)
    assert ahead.phase == "over" and deal.phase == "auction" and len(deal.history) == 3
    deal.apply("N pass")
    deal.apply(random_card(deal.legal_cards(), rng.random))
    before = (list(deal.hands), list(deal.trick), repr(deal))
    other = deal.copy()
    play_rest(other, rng)
    assert (deal.hands, deal.trick, repr(deal)) == before
    assert repr(deal).startswith("<Deal play: 80 spades by W, trick 1")
