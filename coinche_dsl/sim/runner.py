"""Play one deal or one game with bots, and boil the outcome down to a small record.

The deal is played by the engine's one driver (`engine.driver.play_deal`, re-exported here as
the simulation's entry point). Records are plain tuples (cheap to pickle back from a worker
process); `report.py` turns lists of them into statistics.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..engine.driver import play_deal

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


def deal_record(deal: Any) -> DealRecord:
    """The record of a finished (or passed-out) deal."""
    contract = deal.contract
    if deal.phase != "over" or contract is None:
        return DealRecord(None, None, None, 0, None, 0, 0, False, False)
    result = deal.result()
    team = "NS" if contract.team == 0 else "EW"
    other = "EW" if team == "NS" else "NS"
    winners = [t.winner for t in deal.tricks]
    capot = len({w % 2 for w in winners}) == 1
    generale = len(set(winners)) == 1
    return DealRecord(contract.declarer, contract.bid, contract.denomination, contract.double,
                      result.made, result.scores[team], result.scores[other], capot, generale)


__all__ = ["MAX_DEALS_PER_GAME", "DealRecord", "GameRecord", "deal_record", "play_deal"]
