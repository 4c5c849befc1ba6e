"""Random play through `Deal`'s public methods, for tests: a uniformly random legal card at
each turn (`play.random_card`), optionally checked against the card-by-card reference.

Imported as `random_play` (`conftest.py` puts `tests/` on the path).
"""

from __future__ import annotations

import itertools
import random

from coinche_dsl.engine import Deal
from coinche_dsl.engine.facts import Contract
from coinche_dsl.engine.play import random_card, reference_legal


def play_rest(deal: Deal, rng: random.Random) -> Deal:
    """Play the rest of `deal` with uniformly random legal cards (one `rng.random()` a card)."""
    rand = rng.random
    while deal.phase == "play":
        deal.play(random_card(deal.legal_cards(), rand))
    return deal


def play_rest_checked(deal: Deal, rng: random.Random) -> Deal:
    """`play_rest`, asserting at every card that `Deal.legal_cards` (the masks `Deal` reads)
    is `play.reference_legal` (the rules judged one card at a time) for the seat to act."""
    rand = rng.random
    assert deal.contract is not None
    d = deal.contract.denomination
    while deal.phase == "play":
        legal = reference_legal(deal.rules, deal.hands[deal.to_act], d, deal.trick,
                                deal.play_context())
        assert deal.legal_cards() == legal, (deal.contract, deal.trick, hex(legal))
        deal.play(random_card(legal, rand))
    return deal


def fixed_deal(rules, seed: int, contract: Contract) -> Deal:
    """A deal shuffled from `seed`, dealt by seat `seed & 3`, its contract fixed."""
    deal = Deal(rules, seed & 3, rng=random.Random(seed))
    deal.fix_contract(contract)
    return deal


def check_legal_play(rules, seeds, contracts) -> int:
    """Play one seeded deal per seed (contracts in turn) with `play_rest_checked`; the number
    of deals played to their end."""
    played = 0
    for seed, contract in zip(seeds, itertools.cycle(contracts), strict=False):
        deal = play_rest_checked(fixed_deal(rules, seed, contract), random.Random(seed * 7 + 1))
        assert deal.phase == "over" and deal.hands == [0, 0, 0, 0]
        assert sum(deal.tricks_won) == 8 and len(deal.tricks) == 8
        played += 1
    return played
