"""Shuffle, cut and deal per `table.*`; check hands given from outside.

When the rules shuffle before every deal, the cut and the packets change nothing to the
distribution of hands, but they are still made, so that a table that does not shuffle
(`shuffle_every_deal no`) deals its gathered cards exactly as a dealer would.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import itemgetter

from ..cards import SEATS, card_name
from ..errors import InputError
from .rules import DEALER_CHOICE_PACKETS, CompiledRules

_STEPS = tuple((i, i + 1) for i in range(31, 0, -1))
"""(position, positions left) of each step of the Fisher-Yates shuffle."""
_BIT = tuple(1 << card for card in range(32))

Taker = Callable[[list[int]], tuple[int, ...]]
"""An itemgetter of the deck positions of one seat's eight cards."""


def deal_hands(rules: CompiledRules, dealer: int, rng: random.Random,
               deck: list[int] | None = None) -> list[int]:
    """Shuffle (or take `deck` as gathered, when `table.shuffle_every_deal` is off), cut, and
    deal in packets from the player after the dealer, in the direction of play.

    The deck is shuffled as card bits (`1 << card`),
    so that each hand is the sum of the bits at its positions, picked by an itemgetter."""
    rand = rng.random
    if deck is None or rules.shuffle_every_deal:
        bits = list(_BIT)
        for i, n in _STEPS:  # Fisher-Yates, one `rand()` a step
            j = int(rand() * n)
            bits[i], bits[j] = bits[j], bits[i]
    else:
        bits = [_BIT[card] for card in deck]
    low = rules.cut_minimum
    cut = low + int(rand() * (33 - 2 * low))
    scheme = 3 if rules.packets else int(rand() * 3)
    index = (dealer * 4 + scheme) * 33 + cut
    takers: list[tuple[Taker, ...] | None] | None = rules.cache.get("takers")
    if takers is None:
        takers = rules.cache["takers"] = [None] * (16 * 33)
    t = takers[index]
    if t is None:
        t = takers[index] = _takers(rules, dealer, rules.packets or
                                    DEALER_CHOICE_PACKETS[scheme], cut)
    t0, t1, t2, t3 = t
    return [sum(t0(bits)), sum(t1(bits)), sum(t2(bits)), sum(t3(bits))]


def _takers(rules: CompiledRules, dealer: int, packets: tuple[int, ...],
            cut: int) -> tuple[Taker, ...]:
    """Per seat, an itemgetter of the deck positions (before the cut) of its eight cards
    (`deal_hands` keeps them by dealer, packet scheme (3: the rules' fixed packets) and cut)."""
    positions: list[list[int]] = [[], [], [], []]
    for i, seat in enumerate(_receivers(rules, dealer, packets)):
        positions[seat].append((i + cut) % 32)
    return tuple(itemgetter(*p) for p in positions)


def _receivers(rules: CompiledRules, dealer: int, packets: tuple[int, ...]) -> list[int]:
    """Who receives each card of the deck after the cut, in order."""
    order = [(dealer + rules.step * (i + 1)) & 3 for i in range(4)]
    return [seat for size in packets for seat in order for _ in range(size)]


def paired_hands(rng: random.Random) -> list[int]:
    """Four random hands of eight cards (N E S W), whatever the rules: a simulation deals
    deal `i` the same hands under every variant it compares (pairing), so these ignore the
    cut and packets of `table.*`, which `deal_hands` follows. (`random.shuffle`, not
    `deal_hands`'s: the simulations' seeded results stay what they were.)"""
    deck = list(range(32))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[8 * s: 8 * s + 8]) for s in range(4)]


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
