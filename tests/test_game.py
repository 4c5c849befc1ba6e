"""A game's end under each `game.*` knob, held litige points, redeals and dealing."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from coinche_dsl.cards import parse_cards
from coinche_dsl.engine import Deal, Game, compile, play_game
from coinche_dsl.engine.dealing import deal_hands
from coinche_dsl.engine.facts import Contract, DealFacts, DealScore
from coinche_dsl.engine.game import UniformBot
from coinche_dsl.engine.play import random_card
from coinche_dsl.errors import CoincheError
from coinche_dsl.loader import load_variant
from coinche_dsl.model.enums import (
    AllPass,
    BeloteFinish,
    BothOver,
    DealerRotation,
    DealsTie,
    Direction,
    Reach,
    Shuffle,
    TieAtEnd,
)

FFB = load_variant("ffb")


def rules_with(block: str, **values: object):
    base = getattr(FFB, block)
    return compile(FFB.model_copy(update={block: base.model_copy(update=values)}))


@dataclass
class ScriptedDeal:
    """Stands for a finished deal whose score is given (what `Game.record` reads)."""

    ns: int
    ew: int
    made: bool = True
    declarer: int = 0
    held: int = 0
    dealer: int = 0
    phase: str = "over"
    tricks_won: list[int] = field(default_factory=lambda: [2, 2, 2, 2])

    @property
    def contract(self) -> Contract:
        return Contract(self.declarer, 80, 2)

    def result(self) -> DealScore:
        return DealScore(self.made, {"NS": self.ns, "EW": self.ew}, [], self.held)

    def gathered(self) -> list[int]:
        return list(range(32))

    def facts(self) -> DealFacts:
        return DealFacts(self.contract, list(self.tricks_won), (81, 71), 0)


def game_at(rules, ns: int, ew: int) -> Game:
    game = Game(rules, 1)
    game.scores = {"NS": ns, "EW": ew}
    return game


def test_one_side_over_wins():
    game = game_at(compile(FFB), 1900, 1000)
    game.record(ScriptedDeal(80, 90))
    assert not game.is_over()
    game.record(ScriptedDeal(20, 0))
    assert game.outcome().winner == "NS" and game.outcome().scores["NS"] == 2000


@pytest.mark.parametrize("reach, over", [(Reach.REACH, True), (Reach.EXCEED, False)])
def test_reach_or_exceed(reach, over):
    game = game_at(rules_with("game", reach=reach), 1900, 0)
    game.record(ScriptedDeal(100, 0))
    assert game.is_over() is over


@pytest.mark.parametrize("both_over, tie, deal, winner", [
    (BothOver.HIGHER_TOTAL, TieAtEnd.PLAY_ON, ScriptedDeal(100, 200, made=True), "EW"),
    (BothOver.HIGHER_TOTAL, TieAtEnd.PLAY_ON, ScriptedDeal(150, 150), None),
    (BothOver.HIGHER_TOTAL, TieAtEnd.DECLARERS_WIN, ScriptedDeal(150, 150, declarer=1), "EW"),
    (BothOver.LAST_DEAL_WINNER, TieAtEnd.PLAY_ON, ScriptedDeal(100, 200, made=True), "NS"),
    (BothOver.LAST_DEAL_WINNER, TieAtEnd.PLAY_ON, ScriptedDeal(100, 200, made=False), "EW"),
    (BothOver.DECLARERS, TieAtEnd.PLAY_ON, ScriptedDeal(300, 100, declarer=3), "EW"),
])
def test_both_over(both_over, tie, deal, winner):
    game = game_at(rules_with("game", both_over=both_over, tie=tie), 1900, 1900)
    game.record(deal)
    assert (game.outcome().winner if game.is_over() else None) == winner


def test_held_litige_points_go_to_the_next_deal_winner():
    game = game_at(compile(FFB), 0, 0)
    game.record(ScriptedDeal(0, 80, made=False, held=80))
    assert game.held == 80 and game.scores == {"NS": 0, "EW": 80}
    game.record(ScriptedDeal(0, 250, made=False, declarer=0))  # EW defeat N: they win it
    assert game.scores == {"NS": 0, "EW": 410} and game.held == 0
    assert game.sheet[-1].points == {"NS": 0, "EW": 330}


@pytest.mark.parametrize("rotation, direction, dealers", [
    (DealerRotation.WITH_PLAY, Direction.ANTICLOCKWISE, [0, 3, 2, 1]),
    (DealerRotation.WITH_PLAY, Direction.CLOCKWISE, [0, 1, 2, 3]),
    (DealerRotation.AGAINST_PLAY, Direction.ANTICLOCKWISE, [0, 1, 2, 3]),
])
def test_dealer_rotation(rotation, direction, dealers):
    game = Game(rules_with("table", dealer_rotation=rotation, direction=direction), 1)
    seen = []
    for _ in range(4):
        seen.append(game.dealer)
        game.record(ScriptedDeal(10, 10))
    assert seen == dealers


@pytest.mark.parametrize("all_pass, next_dealer", [
    (AllPass.REDEAL_NEXT_DEALER, 3), (AllPass.REDEAL_SAME_DEALER, 0)])
def test_all_pass_redeal(all_pass, next_dealer):
    game = Game(rules_with("table", all_pass=all_pass), 1)
    deal = game.new_deal()
    for _ in range(4):
        deal.apply(deal.legal_calls()[0])
    assert deal.phase == "redeal"
    game.record(deal)
    assert game.dealer == next_dealer and game.deals == 0 and game.sheet[-1].note


def test_deal_without_shuffle_cuts_and_deals_the_gathered_deck():
    rules = rules_with("table", shuffle_every_deal=Shuffle.NO, packets=[4, 4], cut_minimum=3)
    deck = list(range(31, -1, -1))
    rng = random.Random(9)
    cut = 3 + int(random.Random(9).random() * 27)
    cut_deck = deck[cut:] + deck[:cut]
    hands = deal_hands(rules, 0, rng, deck)
    # Anticlockwise from dealer N: W, S, E, N receive four cards, then four more.
    order = [3, 2, 1, 0]
    for i, seat in enumerate(order):
        expected = cut_deck[4 * i:4 * i + 4] + cut_deck[16 + 4 * i:16 + 4 * i + 4]
        assert hands[seat] == sum(1 << c for c in expected)


def test_packets_dealt_in_the_direction_of_play():
    rules = rules_with("table", packets=[3, 2, 3], direction=Direction.CLOCKWISE)
    hands = deal_hands(rules, 0, random.Random(4))
    assert all(h.bit_count() == 8 for h in hands) and sum(hands) == (1 << 32) - 1


# -- belote finish: seed 000's rule --------------------------------------------------------

N_HAND = "KH QH 7C 8C 9C 7D 8D 9D"


def failed_with_belote(rules, seed: int = 0) -> Deal:
    """N bids 160 hearts holding the belote (and little else), then cards are random."""
    rng = random.Random(seed)
    rest = [c for c in range(32) if not parse_cards(N_HAND.split()) >> c & 1]
    rng.shuffle(rest)
    hands = [parse_cards(N_HAND.split())] + [sum(1 << c for c in rest[8 * i:8 * i + 8])
                                             for i in range(3)]
    deal = Deal(rules, 1, hands=hands)
    for text in ("N 160 hearts", "W pass", "S pass", "E pass"):
        deal.apply(text)
    while deal.phase == "play":
        deal.apply(random_card(deal.legal_cards(), rng.random))
    assert not deal.result().made and deal.belote_seats() == [0]
    return deal


@pytest.mark.parametrize("rule, over_at_once", [
    (BeloteFinish.COUNTS, True),
    (BeloteFinish.WIN_TRICK_LATER, False),
    (BeloteFinish.NOT_ENOUGH, False),
])
def test_belote_finish(rule, over_at_once):
    rules = rules_with("game", belote_finish=rule)
    game = game_at(rules, 1990, 0)
    game.record(failed_with_belote(rules))
    assert game.scores["NS"] == 2010
    assert game.is_over() is over_at_once
    if not over_at_once:
        assert game.pending == [True, False]
        game.record(ScriptedDeal(50, 100, tricks_won=[1, 3, 0, 4]))
        assert game.outcome().winner == "NS"  # N took a trick and NS scored besides belote


def test_belote_finish_waits_for_a_trick():
    rules = rules_with("game", belote_finish=BeloteFinish.WIN_TRICK_LATER)
    game = game_at(rules, 1990, 0)
    game.record(failed_with_belote(rules))
    game.record(ScriptedDeal(0, 250, made=False, tricks_won=[0, 4, 0, 4]))
    assert not game.is_over() and game.pending[0]


# -- whole games -----------------------------------------------------------------------------

class DeclaringBot(UniformBot):
    """Random, and declares every announcement its hand holds, claiming its belote."""

    def declare(self, deal: Deal, seat: int):
        from coinche_dsl.engine.announcements import find_announcements

        combos = find_announcements(deal.hands[seat], deal.contract.denomination, deal.rules)
        return [c.mask for c in combos], True


def test_play_game_with_declaring_bots():
    rng = random.Random(11)
    rules = compile(FFB)
    game = Game(rules, rng)
    assert play_game(game, DeclaringBot(rng))  # one seat for all four
    outcome = game.outcome()
    assert outcome.winner in ("NS", "EW") and outcome.deals >= 1
    assert max(outcome.scores.values()) >= 2000


def test_the_game_sheet_adds_up():
    game = Game(compile(FFB), 5)
    bots = [UniformBot(game.rng)] * 4
    from coinche_dsl.engine.driver import play_deal

    while not game.is_over():
        game.record(play_deal(game.new_deal(), bots))
    totals = {"NS": 0, "EW": 0}
    for line in game.sheet:
        for team in totals:
            totals[team] += line.points[team]
        assert line.totals == totals
    assert totals == game.outcome().scores


class EagerCoincher(UniformBot):
    """Passes in turn; coinches out of turn whenever it may."""

    def choose_call(self, deal):
        calls = deal.legal_calls()
        bids = [c for c in calls if c.kind == "bid"]
        return bids[0] if bids and deal.to_act == 0 and not deal.history else calls[0]

    def choose_out_of_turn(self, deal, seat):
        return next(iter(deal.out_of_turn_calls(seat)), None)


def test_play_deal_asks_for_out_of_turn_coinches():
    from coinche_dsl.engine.driver import play_deal
    from coinche_dsl.model.enums import AfterCoinche, CoincheTiming

    rules = rules_with("auction", coinche=CoincheTiming.ANY_TIME,
                       after_coinche=AfterCoinche.ENDS_AUCTION, surcoinche=False)
    deal = play_deal(Deal(rules, 1, rng=random.Random(2)), [EagerCoincher(random.Random(1))] * 4)
    # N opens; before W speaks in turn, S then E are asked: E coinches out of turn.
    assert [str(c) for c in deal.history] == ["N 80 clubs", "E coinche"]
    assert deal.contract.double == 1 and deal.phase == "over"


# -- a game of a fixed number of deals (game.deals) -------------------------------------------
# FFB § 2: « La partie se termine […] après un nombre défini de donnes »; the docstring of
# `game.deals`: after the last, the higher total wins, and the target is not read.

def test_a_game_of_three_deals_ends_after_the_third_whatever_the_target():
    game = Game(rules_with("game", deals=3, target=100), 1)
    game.record(ScriptedDeal(190, 50))  # NS far over the target of 100: the target is not read
    assert not game.is_over()
    game.record(ScriptedDeal(0, 0, phase="redeal"))  # all passed: dealt again, not counted
    game.record(ScriptedDeal(50, 190))
    assert not game.is_over() and game.deals == 2
    game.record(ScriptedDeal(0, 160))
    assert game.outcome().winner == "EW" and game.outcome().scores == {"NS": 240, "EW": 400}
    assert game.outcome().deals == 3
    with pytest.raises(CoincheError, match="over"):
        game.new_deal()


def test_equal_totals_after_the_last_deal_play_one_more_at_a_time():
    # deals_tie more_deals: « one more deal at a time until they differ ».
    game = Game(rules_with("game", deals=2, deals_tie=DealsTie.MORE_DEALS), 1)
    game.record(ScriptedDeal(190, 50))
    game.record(ScriptedDeal(50, 190))  # 240 each after the second and last deal
    assert not game.is_over()
    game.record(ScriptedDeal(80, 80))  # still level, 320 each: another
    assert not game.is_over()
    game.record(ScriptedDeal(0, 160))
    assert game.outcome().winner == "EW" and game.outcome().deals == 4


def test_equal_totals_after_the_last_deal_stand_as_a_draw():
    # deals_tie stands: « leaves the game drawn ».
    game = Game(rules_with("game", deals=2, deals_tie=DealsTie.STANDS), 1)
    game.record(ScriptedDeal(190, 50))
    game.record(ScriptedDeal(50, 190))
    assert game.is_over() and game.outcome().winner is None
    assert game.outcome().scores == {"NS": 240, "EW": 240}


def test_the_played_game_of_deals_lasts_its_deals():
    rng = random.Random(3)
    game = Game(rules_with("game", deals=4, deals_tie=DealsTie.STANDS), rng)
    assert play_game(game, [UniformBot(rng)] * 4)
    assert game.outcome().deals == 4
    outcome = game.outcome()
    ns, ew = outcome.scores["NS"], outcome.scores["EW"]
    assert outcome.winner == ("NS" if ns > ew else "EW" if ew > ns else None)
