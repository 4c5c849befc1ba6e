"""The `search` level: bids like `expected`, plays each card by determinised search.

At each card with a choice, the bot imagines `WORLDS` deals consistent with what the table
showed (see `imagine`: the unseen cards dealt among the other seats in the sizes their hands
have now, no seat holding a card its plays rule out under the variant's play rules — a void
shown by not following, no trump left when it did not trump, no higher trump when it did not
overtrump —, the announced cards with their owners, and the hands fitting the auction's
bids and passes), plays each legal card in each imagined deal, lets the heuristic card play
finish the deal, scores it with the engine under the contract, and plays the card whose mean
(our score − theirs) is highest. The same imagined deals serve every candidate card, so the
cards are compared on the same cards. A belote is not read: the engine does not record when
one is said during the play.

It is much slower than the other levels (a few hundred playouts a deal) and is meant for
users who want stronger play and can wait; the cost is measured in docs/simulation.md.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..cards import cards_of
from ..engine.announcements import find_announcements
from . import cardplay
from .expected import ExpectedBot, calls_misfit
from .worlds import excluded_cards, shown_cards, split_with_voids

WORLDS = 8
"""Deals imagined per card decision."""
CANDIDATES = 6
"""Deals drawn per imagined deal, the one fitting the auction best kept."""


class SearchBot(ExpectedBot):
    """`expected` bidding, determinised-search card play."""

    worlds = WORLDS

    def choose_card(self, deal: Any) -> int:
        legal = list(cards_of(deal.legal_cards()))
        if len(legal) == 1:
            return legal[0]
        seat = deal.to_act
        worlds = imagine_many(deal, seat, self.rng, self.worlds)
        table = self.tables(deal)[deal.contract.denomination]
        totals = {card: sum(playout_margin(w, card, seat, table) for w in worlds)
                  for card in legal}
        return max(legal, key=lambda c: (totals[c], -c))


def imagine(deal: Any, seat: int, rng: random.Random) -> Any:
    """A copy of `deal` whose unseen cards are dealt again, consistently with the play so far
    and the auction: among `CANDIDATES` deals in which no seat holds a card its plays rule
    out (`worlds.excluded_cards`) and every seat holds the announced cards it has not played
    yet (`worlds.shown_cards`), the one whose initial hands fit the calls best (as the
    `expected` bidder reads them, `expected.calls_misfit`)."""
    return imagine_many(deal, seat, rng, 1)[0]


def imagine_many(deal: Any, seat: int, rng: random.Random, n: int) -> list[Any]:
    """`n` deals as `imagine` draws them (what the table showed is read once)."""
    played = [0, 0, 0, 0]
    for trick in deal.tricks:
        for s, c in trick.cards:
            played[s] |= 1 << c
    for s, c in deal.trick:
        played[s] |= 1 << c
    unseen = sum(deal.hands) - deal.hands[seat]
    sizes = [h.bit_count() for h in deal.hands]
    excluded = excluded_cards(deal, seat, unseen)
    forced = shown_cards(deal, seat, played)
    candidates = [split_with_voids(rng, unseen, sizes, seat, excluded, forced)
                  for _ in range(CANDIDATES * n)]
    initial = np.array([[h[s] | played[s] for s in range(4)] for h in candidates],
                       dtype=np.uint32)
    misfit = calls_misfit(deal, seat, initial).reshape(n, CANDIDATES)
    worlds = []
    for i, best in enumerate(misfit.argmin(axis=1).tolist()):
        hands = candidates[i * CANDIDATES + best]
        world = deal.copy()
        for s in range(4):
            if s != seat:
                world.hands[s] = hands[s]
        world.initial_hands = tuple(world.hands[s] | played[s] for s in range(4))
        worlds.append(world)
    return worlds


def playout_margin(world: Any, card: int, seat: int, table: Any) -> int:
    """Our score − theirs after `seat` plays `card` in `world` and the heuristic play ends it."""
    sim = world.copy()
    sim.play(card)
    rules, d = sim.rules, sim.contract.denomination
    while sim.phase == "play":
        s = sim.to_act
        if s not in sim.declared and sim.hands[s] == sim.initial_hands[s]:
            sim.declare(s, [c.mask for c in find_announcements(sim.hands[s], d, rules)], True)
        sim.play(cardplay.choose_card(table, sim))
    scores = sim.result().scores
    us, them = ("NS", "EW") if seat % 2 == 0 else ("EW", "NS")
    return scores[us] - scores[them]
