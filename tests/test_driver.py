"""The one deal driver (`engine.driver`): what it asks of seats, in what order, and that every
kind of seat (bot, replay record) plays the same deal the same way through it."""

from __future__ import annotations

import random

from coinche_dsl.engine import Deal, Game, compile
from coinche_dsl.engine.driver import Watcher, play_deal, play_game
from coinche_dsl.engine.replay import RecordSeat, read_record, to_record
from coinche_dsl.loader import load_variant
from coinche_dsl.sim import HeuristicBot, RandomBot

RULES = compile(load_variant("ffb"))


class Log(Watcher):
    def __init__(self) -> None:
        self.events: list[tuple] = []

    def dealt(self, deal):
        self.events.append(("dealt",))

    def called(self, deal, out_of_turn):
        self.events.append(("call", str(deal.history[-1]), out_of_turn))

    def declared(self, deal, seat, combos):
        self.events.append(("declare", seat))

    def played(self, deal, seat, card):
        self.events.append(("card", seat, card))

    def recorded(self, game, deal):
        self.events.append(("recorded", deal.phase))


def _contracted(seed: int) -> tuple[Deal, Log]:
    rng = random.Random(seed)
    while True:
        log = Log()
        deal = play_deal(Deal(RULES, 0, rng=rng), [HeuristicBot(rng) for _ in range(4)], log)
        if deal.phase == "over":
            return deal, log


def test_a_deal_goes_by_in_order_and_each_seat_declares_before_its_first_card() -> None:
    deal, log = _contracted(3)
    kinds = [e[0] for e in log.events]
    assert kinds[0] == "dealt"
    calls = [e[1] for e in log.events if e[0] == "call"]
    assert calls == [str(c) for c in deal.history]
    cards = [(e[1], e[2]) for e in log.events if e[0] == "card"]
    assert cards == [sc for t in deal.tricks for sc in t.cards]  # 32, in playing order
    for seat in range(4):  # HeuristicBot declares: once, before the seat's first card
        first = next(i for i, e in enumerate(log.events) if e[:2] == ("card", seat))
        declared = [i for i, e in enumerate(log.events) if e == ("declare", seat)]
        assert len(declared) == 1 and declared[0] < first
    assert kinds.index("card") > max(i for i, k in enumerate(kinds) if k == "call")


def test_a_record_seat_replays_what_the_bots_played() -> None:
    for seed in range(5):
        deal, _ = _contracted(seed)
        record = read_record(to_record(deal))
        again = play_deal(Deal(RULES, record.dealer, hands=record.hands),
                          [RecordSeat(record)] * 4)
        assert again.tricks == deal.tricks and again.history == deal.history
        assert again.result() == deal.result()


def test_a_game_is_played_to_its_end_and_each_deal_recorded() -> None:
    rng = random.Random(11)
    game, log = Game(RULES, rng), Log()
    assert play_game(game, [RandomBot(rng) for _ in range(4)], 10_000, log)
    recorded = [e for e in log.events if e[0] == "recorded"]
    assert len(recorded) == len(game.sheet)
    assert sum(e[1] == "over" for e in recorded) == game.outcome().deals


def test_a_stopped_game_says_it_is_not_over() -> None:
    class Passer:
        def choose_call(self, deal):
            return deal.legal_calls()[0]  # pass: every deal is redealt

        def choose_card(self, deal):
            raise AssertionError("no card is played when everybody passes")

    game = Game(RULES, random.Random(1))
    assert play_game(game, [Passer()] * 4, 5) is False
    assert len(game.sheet) == 5 and not game.is_over()
