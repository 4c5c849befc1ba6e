"""Shuffle, cut and deal per `table.*`; check hands given from outside.

When the rules shuffle before every deal, the cut and the packets change nothing to the
distribution of hands, but they are still made, so that a table that does not shuffle
(`shuffle_every_deal no`) deals its gathered cards exactly as a dealer would.
"""

from __future__ import annotations

import random

from ..cards import SEATS, card_name
from ..errors import InputError
from .compiled import DEALER_CHOICE_PACKETS, CompiledRules


def shuffled_deck(rng: random.Random) -> list[int]:
    """The 32 cards in random order (Fisher-Yates on `rng.random()`, faster than `shuffle`)."""
    deck = list(range(32))
    rand = rng.random
    for i in range(31, 0, -1):
        j = int(rand() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_hands(rules: CompiledRules, dealer: int, rng: random.Random,
               deck: list[int] | None = None) -> list[int]:
    """Shuffle (or take `deck` as gathered, when `table.shuffle_every_deal` is off), cut, and
    deal in packets from the player after the dealer, in the direction of play."""
    if deck is None or rules.shuffle_every_deal:
        deck = shuffled_deck(rng)
    rand, low = rng.random, rules.cut_minimum
    cut = low + int(rand() * (33 - 2 * low))
    deck = deck[cut:] + deck[:cut]
    packets = rules.packets or DEALER_CHOICE_PACKETS[int(rand() * 3)]
    hands = [0, 0, 0, 0]
    for seat, card in zip(_receivers(rules, dealer, packets), deck, strict=True):
        hands[seat] |= 1 << card
    return hands


def _receivers(rules: CompiledRules, dealer: int, packets: tuple[int, ...]) -> list[int]:
    """Who receives each card of the deck, in order (cached per dealer and packets)."""
    cache = rules.cache.setdefault("receivers", {})
    key = (dealer, packets)
    if key not in cache:
        order = [(dealer + rules.step * (i + 1)) & 3 for i in range(4)]
        cache[key] = [seat for size in packets for seat in order for _ in range(size)]
    return cache[key]


def check_hands(hands: list[int]) -> list[int]:
    """Four disjoint hands of eight cards each, or InputError naming the culprit."""
    if len(hands) != 4:
        raise InputError(f"give four hands (N E S W), not {len(hands)}", "hands")
    seen = 0
    for seat, hand in enumerate(hands):
        if not isinstance(hand, int) or hand < 0 or hand >> 32:
            raise InputError("a hand is a set of cards (an int of 32 bits)", f"hands.{SEATS[seat]}")
        if hand.bit_count() != 8:
            raise InputError(f"{SEATS[seat]} holds {hand.bit_count()} cards, not 8",
                             f"hands.{SEATS[seat]}")
        if seen & hand:
            twice = ", ".join(card_name(c) for c in range(32) if (seen & hand) >> c & 1)
            raise InputError(f"{twice} dealt twice", f"hands.{SEATS[seat]}")
        seen |= hand
    return list(hands)
