"""The `search` level: bids like `expected`, plays each card by determinised search.

At each card with a choice, the bot imagines `WORLDS` deals consistent with the play so far
(the unseen cards dealt at random among the other seats in the sizes their hands have now,
and no card of a suit to a seat that has shown void in it), plays each legal card in each
imagined deal, lets the heuristic card play finish the deal, scores it with the engine under
the contract, and plays the card whose mean (our score − theirs) is highest. The same imagined
deals serve every candidate card, so the cards are compared on the same cards. What the
auction said, and the announcements declared, do not yet narrow the imagined deals: only the
voids do.

It is much slower than the other levels (a few hundred playouts a deal) and is meant for
users who want stronger play and can wait; the cost is measured in docs/simulation.md.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import cards_of
from ..engine.announcements import find_announcements
from . import cardplay
from .expected import ExpectedBot
from .worlds import split_with_voids, voids_shown

WORLDS = 8
"""Deals imagined per card decision."""


class SearchBot(ExpectedBot):
    """`expected` bidding, determinised-search card play."""

    worlds = WORLDS

    def choose_card(self, deal: Any) -> int:
        legal = list(cards_of(deal.legal_cards()))
        if len(legal) == 1:
            return legal[0]
        seat = deal.to_act
        worlds = [imagine(deal, seat, self.rng) for _ in range(self.worlds)]
        table = self.tables(deal)[deal.contract.denomination]
        totals = {card: sum(playout_margin(w, card, seat, table) for w in worlds)
                  for card in legal}
        return max(legal, key=lambda c: (totals[c], -c))


def imagine(deal: Any, seat: int, rng: random.Random) -> Any:
    """A copy of `deal` whose unseen cards are dealt again, consistently with the voids shown."""
    played = [0, 0, 0, 0]
    for trick in deal.tricks:
        for s, c in trick.cards:
            played[s] |= 1 << c
    for s, c in deal.trick:
        played[s] |= 1 << c
    unseen = sum(deal.hands) - deal.hands[seat]
    sizes = [h.bit_count() for h in deal.hands]
    voids = voids_shown([t.cards for t in deal.tricks] + [tuple(deal.trick)])
    hands = split_with_voids(rng, unseen, sizes, seat, voids)
    world = deal.copy()
    for s in range(4):
        if s != seat:
            world.hands[s] = hands[s]
    world.initial_hands = tuple(world.hands[s] | played[s] for s in range(4))
    return world


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
