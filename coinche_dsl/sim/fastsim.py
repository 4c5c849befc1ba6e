"""The array path of a simulation: a chunk of seeded deals played by heuristic and `expected`
bots at once.

The same deals, decisions and records as `simulate`'s per-deal path (`_one_deal`: a `Deal`
driven by `bots.HeuristicBot`s and `expected.ExpectedBot`s through `engine.driver.play_deal`),
for a fraction of its cost (`tests/test_fastsim.py` compares the two record by record):

1. each deal's dealer and hands are drawn exactly as `_one_deal` draws them (its seed);
2. every hand is evaluated at every denomination at once (`batch_bots.evaluate_hands`);
3. each auction runs on the engine's `Auction` (so every rule of the calls is the engine's),
   the heuristic bots' calls made as `bidding` makes them, from those evaluations
   (`batch_auction`); with `expected` seats, the auctions move in step and those seats' calls
   are valued together, every deal's questions in one selection of learned deals and one
   scoring (`batch_auction.auctions`, `expected.choose_calls`): both levels play the cards
   alike, so only the auction differs;
4. the deals with a contract are played together by `batch_bots.HeuristicPlay`, the batch
   engine's play loop with the heuristic bot's card play as its policy (the card play of both
   levels);
5. they are scored by `batch.scoring.score_arrays` with what the heuristic bots declare (every
   announcement their hands hold, every belote).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..engine.announcements import announcer
from ..engine.batch import play_tables
from ..engine.batch.scoring import DealArrays, deal_belotes, score_arrays
from ..engine.rules import CompiledRules
from .batch_auction import Hands, auction, auctions
from .batch_bots import HeuristicPlay, announced_points, coinche_flags, evaluate_hands
from .runner import DealRecord

PASSED = DealRecord(None, None, None, 0, None, 0, 0, False, False)


_SHUFFLE = tuple((i, (i + 1).bit_length()) for i in range(31, 0, -1))
_BIT = tuple(1 << c for c in range(32))


def deal_hands(seeds: Sequence[int]) -> tuple[list[int], list[list[int]]]:
    """Each deal's dealer and hands, drawn from its seed as `simulate._one_deal` draws them
    (`rng.randrange(4)`, then `dealing.paired_hands`: `random.shuffle`'s swaps, its random
    numbers drawn as `Random._randbelow` draws them, written out in one loop)."""
    dealers, hands = [], []
    bit = _BIT.__getitem__
    for seed in seeds:
        rng = random.Random(seed)
        dealers.append(rng.randrange(4))
        draw = rng.getrandbits
        deck = list(range(32))
        for i, k in _SHUFFLE:
            j = draw(k)
            while j > i:
                j = draw(k)
            deck[i], deck[j] = deck[j], deck[i]
        hands.append([sum(map(bit, deck[0:8])), sum(map(bit, deck[8:16])),
                      sum(map(bit, deck[16:24])), sum(map(bit, deck[24:32]))])
    return dealers, hands


def deal_records(rules: CompiledRules, dealers: list[int], hands: list[list[int]],
                 expected: tuple[bool, bool, bool, bool] = (False,) * 4) -> list[DealRecord]:
    """The records of these deals under `rules`, four heuristic bots at the table, or
    `expected` bots at the seats flagged (their auctions valued together: `batch_auction.
    auctions`)."""
    four = np.array(hands, dtype=np.uint32)
    tricks, points = evaluate_hands(rules, four)
    numeric, special = coinche_flags(rules, four)
    ladder = np.searchsorted(np.array(rules.bid_values, dtype=np.float64), points, side="right")
    known = [Hands(*k) for k in zip(hands, tricks.tolist(), points.tolist(), numeric.tolist(),
                                    special.tolist(), ladder.tolist(), strict=True)]
    if any(expected):
        contracts = auctions(rules, dealers, known, expected)
    else:
        contracts = [auction(rules, dealer, k) for dealer, k in zip(dealers, known, strict=True)]
    played = [i for i, c in enumerate(contracts) if c is not None]
    records = [PASSED] * len(hands)
    if played:
        for i, record in zip(played, _play(rules, [dealers[i] for i in played],
                                           [hands[i] for i in played],
                                           [contracts[i] for i in played]), strict=True):
            records[i] = record
    return records


def prepare(rules: CompiledRules) -> None:
    """Build every table the array path reads of `rules` (kept in `rules.cache`)."""
    for d in range(6):
        announcer(rules, d)
    deal_records(rules, *deal_hands(range(8)))


# -- the play and the score --------------------------------------------------------------

def _play(rules: CompiledRules, dealers: list[int], hands: list[list[int]],
          contracts: list[Any]) -> list[DealRecord]:
    tables = play_tables(rules)
    n = len(hands)
    declarer = np.array([c.declarer for c in contracts], dtype=np.uint8)
    den = np.array([c.denomination for c in contracts], dtype=np.uint8)
    bid = np.array([rules.bid_key(c.bid) for c in contracts], dtype=np.int64)
    double = np.array([c.double for c in contracts], dtype=np.intp)
    leader = (np.array(dealers, dtype=np.uint8) + rules.step) & 3
    if rules.first_lead_generale:
        generale_bid = np.array([c.bid == "generale" for c in contracts])
        leader = np.where(generale_bid, declarer, leader).astype(np.uint8)
    four = np.array(hands, dtype=np.uint32).T.copy()  # (4, n)
    state = HeuristicPlay(rules, tables, four.ravel().copy(), den, leader, declarer)
    state.run()
    winners = state.winners  # (8, n)
    ns = ((winners & 1) ^ 1).sum(axis=0).astype(np.int64)
    arrays = DealArrays(
        declarer=declarer.astype(np.int64), bid=bid, denomination=den.astype(np.intp),
        double=double, card_points=state.taken.T.copy(),
        team_tricks=np.stack([ns, 8 - ns], axis=1),
        generale=(winners == declarer).all(axis=0), last_trick_team=winners[7] & 1,
        belote=deal_belotes(rules, four, den, declarer, state.cards),
        announcements=announced_points(rules, hands, contracts))
    made, scores, _ = score_arrays(rules, arrays)
    capot = ((winners & 1) == (winners[0] & 1)).all(axis=0)
    generale = (winners == winners[0]).all(axis=0)
    team = (declarer & 1).astype(np.intp)
    ours = scores[np.arange(n), team].tolist()
    theirs = scores[np.arange(n), 1 - team].tolist()
    return [DealRecord(c.declarer, c.bid, c.denomination, c.double, m, o, t, cp, g)
            for c, m, o, t, cp, g in zip(contracts, made.tolist(), ours, theirs,
                                         capot.tolist(), generale.tolist(), strict=True)]
