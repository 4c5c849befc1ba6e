"""Deals a bot can imagine: the cards it cannot see, dealt at random among the other seats,
consistent with what the table has shown it.

A bot knows its own hand and the cards played; the rest ("unseen") is shared among the other
three seats in the sizes their hands have now. What the table showed narrows the deal: a seat
that did not follow a suit holds none of it (a void), and a seat that bid is likely to hold a
hand worth its bid (a light constraint: deals are drawn again a few times until every bidder's
hand looks worth its bid, then the likeliest draw is kept).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..cards import SUIT_MASKS, cards_of

VOID_TRIES = 20
"""Random deals tried before a deal that respects every void is given up (voids then ignored)."""


def split(rng: random.Random, unseen: int, sizes: list[int], skip: int) -> list[int]:
    """The cards of `unseen` dealt at random: `sizes[s]` cards to each seat but `skip`."""
    cards = list(cards_of(unseen))
    rng.shuffle(cards)
    hands, at = [0, 0, 0, 0], 0
    for seat in range(4):
        if seat == skip:
            continue
        for c in cards[at:at + sizes[seat]]:
            hands[seat] |= 1 << c
        at += sizes[seat]
    return hands


def split_with_voids(rng: random.Random, unseen: int, sizes: list[int], skip: int,
                     voids: list[int], forced: list[int] | None = None) -> list[int]:
    """As `split`, but seat `s` gets no card of the mask `voids[s]` (the suits it showed void
    in, or any cards it cannot hold) and every card of `forced[s]` (cards it showed).

    Cards are placed most constrained first, each to a seat that may hold it, chosen with
    probability proportional to the room left in its hand."""
    if forced and any(forced):
        sizes = [sizes[s] - forced[s].bit_count() for s in range(4)]
        rest = split_with_voids(rng, unseen & ~sum(forced), sizes, skip, voids)
        return [rest[s] | forced[s] for s in range(4)]
    cards = list(cards_of(unseen))
    for _ in range(VOID_TRIES):
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(1 for s in range(4) if s != skip and voids[s] >> c & 1),
                   reverse=True)
        hands, room = [0, 0, 0, 0], list(sizes)
        room[skip] = 0
        for c in cards:
            seats = [s for s in range(4) if room[s] and not voids[s] >> c & 1]
            if not seats:
                break
            weights = [room[s] for s in seats]
            seat = rng.choices(seats, weights)[0]
            hands[seat] |= 1 << c
            room[seat] -= 1
        else:
            return hands
    return split(rng, unseen, sizes, skip)


def likely_split(rng: random.Random, unseen: int, sizes: list[int], skip: int,
                 wants: list[tuple[int, Callable[[int], float]]], steps: int) -> list[int]:
    """A random split where each constrained seat's hand is drawn first: for each
    `(seat, shortfall)` in `wants` (`shortfall(hand)`: how far the hand is from what the
    seat's calls said, 0 when it fits), a random hand of the cards left is improved by up to
    `steps` random swaps with those cards, each kept when it does not make the hand fit worse,
    until it fits. The other seats share the rest at random."""
    hands, left = [0, 0, 0, 0], unseen
    for seat, shortfall in wants:
        cards = list(cards_of(left))
        rng.shuffle(cards)
        n = sizes[seat]
        mine, others = cards[:n], cards[n:]
        short = shortfall(_mask(mine))
        for _ in range(steps if others and mine else 0):
            if short <= 0:
                break
            i, j = rng.randrange(n), rng.randrange(len(others))
            mine[i], others[j] = others[j], mine[i]
            tried = shortfall(_mask(mine))
            if tried <= short:
                short = tried
            else:
                mine[i], others[j] = others[j], mine[i]
        hands[seat] = _mask(mine)
        left &= ~hands[seat]
    rest = [0 if s == skip or hands[s] else sizes[s] for s in range(4)]
    extra = split(rng, left, rest, skip)
    return [hands[s] | extra[s] for s in range(4)]


def _mask(cards: list[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def excluded_cards(deal: Any, seat: int, unseen: int) -> list[int]:
    """Per seat, the cards of `unseen` it cannot hold, read from its plays under the rules:
    card `y` is excluded for a seat that played `c` when a hand of `c` and `y` would not
    have allowed `c` (`play.legal_on_trick`): it did not follow a suit (a void), did not
    trump or overtrump when it had to, and so on, whatever the variant's play rules say."""
    from ..engine.play import legal_on_trick

    rules, d = deal.rules, deal.contract.denomination
    out = [0, 0, 0, 0]
    tricks = [t.cards for t in deal.tricks] + [tuple(deal.trick)]
    for cards in tricks:
        for j in range(1, len(cards)):
            other, card = cards[j]
            if other == seat:
                continue
            prefix = list(cards[:j])
            for y in cards_of(unseen & ~out[other]):
                if not legal_on_trick(rules, 1 << card | 1 << y, d, prefix) >> card & 1:
                    out[other] |= 1 << y
    return out


def shown_cards(deal: Any, seat: int, played: list[int]) -> list[int]:
    """Per other seat, the cards of its declared announcements it has not played yet (an
    announcement shows its cards; `played[s]`: the cards seat `s` has played)."""
    out = [0, 0, 0, 0]
    for other, combos in deal.declared.items():
        if other != seat:
            for combo in combos:
                out[other] |= combo & ~played[other]
    return out


def voids_shown(tricks: list[tuple[tuple[int, int], ...]]) -> list[int]:
    """Per seat, the mask of the suits it showed void in: it did not follow the suit led."""
    voids = [0, 0, 0, 0]
    for cards in tricks:
        if not cards:
            continue
        led = cards[0][1] >> 3
        for seat, card in cards[1:]:
            if card >> 3 != led:
                voids[seat] |= SUIT_MASKS[led]
    return voids
