"""Play one deal or one game with bots, and boil the outcome down to a small record.

Records are plain tuples (cheap to pickle back from a worker process); `report.py` turns lists
of them into statistics.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from ..cards import FULL_DECK, cards_of

MAX_DEALS_PER_GAME = 400
"""A game that has not ended after this many deals is stopped (bots that never bid)."""


class DealRecord(NamedTuple):
    """What simulation keeps of one deal; contract fields are None on a passed-out deal."""

    declarer: int | None
    bid: int | str | None
    denomination: int | None
    double: int
    made: bool | None
    declarers: int
    """The declaring side's score for the deal (0 when passed out)."""
    defenders: int
    capot: bool
    """One side took all eight tricks."""
    generale: bool
    """One player took all eight tricks."""

    @property
    def passed(self) -> bool:
        return self.declarer is None


class GameRecord(NamedTuple):
    """What simulation keeps of one game."""

    deals: int
    """Deals scored until the game ended (passed-out deals, which are redealt, not counted)."""
    winner: str | None
    """`NS`, `EW`, or None when the game was stopped unfinished."""
    scores: tuple[int, int]


def deal_hands(rng: random.Random) -> list[int]:
    """Four random hands of eight cards, as card masks (N E S W)."""
    deck = list(cards_of(FULL_DECK))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[8 * s: 8 * s + 8]) for s in range(4)]


def play_deal(deal: Any, bots: list[Any]) -> Any:
    """Let the bots bid and play `deal` to its end (or to a redeal); returns the deal."""
    declared = [False] * 4
    while deal.phase in ("auction", "play"):
        seat = deal.to_act
        bot = bots[seat]
        if deal.phase == "auction":
            deal.apply(bot.choose_call(deal))
            _out_of_turn(deal, bots)
            continue
        if not declared[seat]:
            declared[seat] = True
            _declare(deal, bot, seat)
        deal.apply(bot.choose_card(deal))
    return deal


def _out_of_turn(deal: Any, bots: list[Any]) -> None:
    """Offer each other seat, in turn order, a call out of turn (`coinche any_time`)."""
    for k in range(1, 4):
        if deal.phase != "auction":
            return
        seat = (deal.to_act + k * deal.rules.step) & 3
        ask = getattr(bots[seat], "choose_out_of_turn", None)
        if ask is not None and deal.out_of_turn_calls(seat):
            call = ask(deal, seat)
            if call is not None:
                deal.apply(call)


def _declare(deal: Any, bot: Any, seat: int) -> None:
    declare = getattr(bot, "declare", None)
    if declare is not None:
        combos, belote = declare(deal, seat)
        deal.declare(seat, combos, belote)


def deal_record(deal: Any) -> DealRecord:
    """The record of a finished (or passed-out) deal."""
    contract = deal.contract
    if deal.phase != "over" or contract is None:
        return DealRecord(None, None, None, 0, None, 0, 0, False, False)
    result = deal.result()
    team = "NS" if contract.team == 0 else "EW"
    other = "EW" if team == "NS" else "NS"
    winners = [trick_winner(t) for t in deal.tricks]
    capot = len({w % 2 for w in winners}) == 1
    generale = len(set(winners)) == 1
    return DealRecord(contract.declarer, contract.bid, contract.denomination, contract.double,
                      result.made, result.scores[team], result.scores[other], capot, generale)


def trick_winner(trick: Any) -> int:
    """The seat that won a completed trick, whatever shape the engine gives tricks."""
    winner = getattr(trick, "winner", None)
    return trick[1] if winner is None else winner
