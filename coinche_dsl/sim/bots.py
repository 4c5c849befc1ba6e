"""Bots: any object with `choose_call(deal)`, `choose_card(deal)` and optionally
`declare(deal, seat)` plays. Every choice is taken among `deal.legal_calls()` /
`deal.legal_cards()`, so a bot can never break a rule, whatever the variant.

`RandomBot` is uniform over the legal moves (for invariants and throughput); `HeuristicBot`
bids from a hand evaluation read off the variant's compiled card tables and plays like a
careful club player: it wins cheaply, keeps its masters, discards low and feeds points to a
partner who holds the trick.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from ..cards import cards_of
from ..engine.announcements import announcer
from . import bidding, cardplay
from .hands import ModeTable, mode_tables
from .valuation import evaluate_compiled

if TYPE_CHECKING:
    from ..engine.auction import Call
    from ..engine.deal import Deal


class Bot(Protocol):
    """What the simulator and `coinche play` need from a player."""

    def choose_call(self, deal: Deal) -> Call:
        """One of `deal.legal_calls()`."""

    def choose_card(self, deal: Deal) -> int:
        """A card index set in `deal.legal_cards()`."""


class RandomBot:
    """Uniformly random legal calls and cards; announces nothing, declares every belote."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()

    def choose_call(self, deal: Any) -> Any:
        return self.rng.choice(deal.legal_calls())

    def choose_card(self, deal: Any) -> int:
        return self.rng.choice(list(cards_of(deal.legal_cards())))

    def declare(self, deal: Any, seat: int) -> tuple[list[int], bool]:
        return [], True


class HeuristicBot:
    """A rule-of-thumb player: hand evaluation for bids and coinches, careful card play.

    It is deterministic: the same deal gets the same choices (the rng is kept for the common
    constructor `Bot(rng)` and for variations that want one).
    """

    def __init__(self, rng: random.Random | None = None, boldness: float = 0.0):
        self.rng = rng or random.Random()
        self.boldness = boldness
        """Points added to every bidding estimate (negative is prudent); 0 plays it straight."""
        self._memo: dict[tuple[int, int, int], tuple[float, float]] = {}
        self._memo_deal: Any = None

    def tables(self, deal: Any) -> tuple[ModeTable, ...]:
        """The six mode tables of the deal's compiled rules, built once per rules object."""
        return mode_tables(deal.rules)

    def choose_call(self, deal: Any) -> Any:
        return bidding.choose_call(self, deal)

    def choose_out_of_turn(self, deal: Any, seat: int) -> Any:
        """A coinche out of turn (under `coinche any_time`) when the contract looks doomed."""
        return bidding.out_of_turn(self, deal, seat)

    def choose_card(self, deal: Any) -> int:
        return cardplay.choose_card(self.tables(deal)[deal.contract.denomination], deal)

    def tricks(self, deal: Any, seat: int, denomination: int) -> float:
        """Tricks `seat`'s hand expects to take by itself at `denomination`."""
        return self._evaluate(deal, seat, denomination)[0]

    def estimate(self, deal: Any, seat: int, denomination: int) -> float:
        """Points this player's side expects at `denomination` from this player's hand."""
        return self._evaluate(deal, seat, denomination)[1]

    def _evaluate(self, deal: Any, seat: int, d: int) -> tuple[float, float]:
        # The auction asks the same questions of the same hand many times: remember the answers
        # for the current deal only.
        memo = self._memo
        if self._memo_deal is not deal:
            memo = self._memo = {}
            self._memo_deal = deal
        hand = deal.hands[seat]
        key = (seat, d, hand)
        found = memo.get(key)
        if found is None:
            found = memo[key] = evaluate_compiled(deal.rules, self.tables(deal)[d], hand,
                                                  self.boldness)
        return found

    def declare(self, deal: Any, seat: int) -> tuple[list[int], bool]:
        """Every announcement the hand holds (the engine keeps the best side's); a belote is
        always claimed."""
        # `announcer`: what `find_announcements` finds, by the engine's per-suit tables
        return announcer(deal.rules, deal.contract.denomination)(deal.hands[seat]), True
