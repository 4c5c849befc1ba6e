"""Automatic announcements over arrays: what `Deal` declares for every seat under
`announcements.timing automatic`, and what `announcement_points` gives each team, for many
deals at once.

A hand's announcements score what they are worth and compare by their best one, so per hand
only two numbers matter: the sum of its announcements' values and its best announcement's
comparison key (`Combination.key`). Without a four of a rank that scores, a hand declares the
scoring runs of each suit (`announcements.announcer`), which depend on that suit's eight bits
only: a table over (denomination, suit, 8 bits) holds, packed in one integer, the rank of the
best run key among every key of the rules (ranks keep the keys' order) and the sum of the runs'
values; combined two suits at a time (the larger key, the summed values), it makes a table over
16 bits, so each hand costs two look-ups (NumPy fancy indexing). The rare hands holding a
scoring carré weigh the carrés against the runs as `find_announcements` does, over the arrays
of those hands. The sides are then compared per the rules' knobs, read once
(`announcements.who_scores`, `tie`): the comparison of `announcements.compare`, with the seats
in the order `Deal` declares them for `tie first_declared` (playing order, the leader first).

All tables come from `classify` and `Tables`, the per-deal engine's own, built on first use and
kept in `CompiledRules.cache`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...model.enums import TiePolicy
from ..announcements import KING, QUEEN, RANK_MASK, SUIT_LOW_BITS, classify
from ..rules import CompiledRules

__all__ = ["deal_announcements"]

U32 = np.uint32
VALUE_BITS = 16
"""A packed entry is `key rank << VALUE_BITS | value`; four suits' values (at most two runs of
`MAX_ANNOUNCEMENT` each) stay below 2**16, so the low bits of a sum are the sum of values."""
_VALUES = (1 << VALUE_BITS) - 1
_PAIR = (1 << KING) | (1 << QUEEN)


@dataclass(frozen=True)
class ArrayTables:
    """What `deal_announcements` reads, built once per compiled rules (`array_tables`)."""

    runs: np.ndarray
    """(6 * 2 * 65536,) uint32 at `(d * 2 + half) * 65536 + the hand's 16 bits of suits
    2 * half and 2 * half + 1`: the rank of the best key of those holdings' scoring runs
    (0: none) << VALUE_BITS | the sum of their values."""
    carre_ranks: np.ndarray
    """(6,) uint32: bit r when four of rank r score at denomination d."""
    carre_value: np.ndarray
    """(6 * 8,) at `d * 8 + rank`: the carré's value (0 when it scores nothing)."""
    carre_key: np.ndarray
    """(6 * 8,) the rank of the carré's key."""
    belote_low: np.ndarray
    """(6,) uint32: bit 8s for each suit s whose belote cards stay out of runs (none under
    `belote_in_sequence`)."""
    card_reuse: bool
    every_side: bool
    tie: TiePolicy


def array_tables(r: CompiledRules) -> ArrayTables:
    """The tables of `r` (built on first use, kept in `r.cache`)."""
    found: ArrayTables | None = r.cache.get("batch_announce")
    if found is None:
        found = r.cache["batch_announce"] = _build(r)
    return found


Key = tuple[int, ...]


def _build(r: CompiledRules) -> ArrayTables:
    runs, carres = _combinations(r)
    keys = sorted({k for _, k in runs.values() if k is not None} | {k for _, k in carres.values()})
    rank_of = {k: i + 1 for i, k in enumerate(keys)}  # 0: no announcement
    packed = np.zeros((6, 4, 256), dtype=U32)
    for (d, suit, byte), (value, key) in runs.items():
        rank = rank_of[key] if key is not None else 0
        packed[d, suit, byte] = rank << VALUE_BITS | value
    carre_value, carre_key = np.zeros(6 * 8, dtype=np.int64), np.zeros(6 * 8, dtype=np.int64)
    ranks = np.zeros(6, dtype=U32)
    for (d, rank), (v, k) in carres.items():
        carre_value[d * 8 + rank], carre_key[d * 8 + rank] = v, rank_of[k]
        ranks[d] |= U32(1 << rank)
    t0 = r.announcement_tables[0]
    apart = [0 if t0.belote_in_sequence else SUIT_LOW_BITS[r.belote_suits[d]] for d in range(6)]
    return ArrayTables(_halves(packed), ranks, carre_value, carre_key, np.array(apart, dtype=U32),
                       t0.card_reuse, t0.every_side, t0.tie)


def _halves(packed: np.ndarray) -> np.ndarray:
    """The (6, 4, 256) per-suit table combined over two suits: at 16 bits `high << 8 | low`
    of suits (2h, 2h + 1), the larger entry's key and the sum of both values."""
    out = np.zeros((6, 2, 256, 256), dtype=U32)
    for half in range(2):
        low, high = packed[:, 2 * half, None, :], packed[:, 2 * half + 1, :, None]
        out[:, half] = (np.maximum(low, high) & ~U32(_VALUES)) | ((low + high) & _VALUES)
    return out.ravel()


def _combinations(r: CompiledRules) -> tuple[dict[tuple[int, int, int], tuple[int, Key | None]],
                                             dict[tuple[int, int], tuple[int, Key]]]:
    """Per (denomination, suit, 8 bits): the scoring runs' total value and best key (None:
    no run); per (denomination, rank) of a carré that scores: its value and key. Classified
    by `classify`, at the denominations where the rules allow announcements."""
    runs: dict[tuple[int, int, int], tuple[int, Key | None]] = {}
    carres: dict[tuple[int, int], tuple[int, Key]] = {}
    for d, t in enumerate(r.announcement_tables):
        if not t.enabled:
            continue
        for suit in range(4):
            of = {run: classify(run << (8 * suit), d, r)
                  for run in {run for found in t.runs_of for run in found}}
            for byte, found in enumerate(t.runs_of):
                runs[d, suit, byte] = (sum(of[run].value for run in found),
                                       max((of[run].key for run in found), default=None))
        for rank in t.carres:
            combo = classify(RANK_MASK << rank, d, r)
            carres[d, rank] = combo.value, combo.key
    return runs, carres


def deal_announcements(r: CompiledRules, hands: np.ndarray, den: np.ndarray,
                       leader: np.ndarray) -> np.ndarray:
    """(n, 2) announcement points per team (NS, EW) of n deals, `hands` (4, n) their four
    hands, `den` (n,) their denominations and `leader` (n,) the seat leading the first trick:
    what `Deal` scores where every seat declares its announcements automatically (zeros under
    any other `announcements.timing`)."""
    n = hands.shape[1]
    if not r.announcements_automatic:
        return np.zeros((n, 2), dtype=np.int64)
    t = array_tables(r)
    d = den.astype(np.intp)
    hands = np.ascontiguousarray(hands, dtype=U32)
    free = hands
    if t.belote_low.any():  # the belote cards kept out of runs
        both = (hands >> KING) & (hands >> QUEEN) & t.belote_low.take(d)
        free = hands & ~(both * U32(_PAIR))
    packed = _runs(t, free, d)
    value, key = packed & _VALUES, packed >> VALUE_BITS
    carre = hands & (hands >> 16)
    carre &= (carre >> 8) & t.carre_ranks.take(d)  # bit r: four cards of rank r, if they score
    rows = np.flatnonzero(carre != 0)  # on bools: 18 times faster than on uint32
    if len(rows):
        value.ravel()[rows], key.ravel()[rows] = _with_carres(
            t, free.ravel()[rows], carre.ravel()[rows], d[rows % n])
    return _compare(t, value, key, leader.astype(np.intp), r.step)


def _runs(t: ArrayTables, free: np.ndarray, d: np.ndarray) -> np.ndarray:
    """Packed (best key rank, value sum) of the scoring runs of each hand of `free` at
    denomination `d` (broadcast over the leading axes)."""
    base = (d << 17).astype(U32)
    low = t.runs.take((free & 0xFFFF) + base)
    high = t.runs.take((free >> 16) + (base + 65536))
    out: np.ndarray = np.maximum(low, high)
    out &= ~U32(_VALUES)
    out |= (low + high) & _VALUES
    return out


def _with_carres(t: ArrayTables, free: np.ndarray, carre: np.ndarray, d: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Value and key rank of hands holding one or two scoring carrés (`carre`, bits of their
    ranks): with `card_reuse` every carré and every run; without, the first choice of carrés
    (none, then one, then both) whose carrés and the runs of the cards left score most, as
    `find_announcements` chooses (a hand of two carrés holds nothing else: both score more
    than one, and which one comes first never matters)."""
    low = carre & (~carre + U32(1))
    rest = carre ^ low
    second = rest != 0
    a, b = (np.bitwise_count(x - U32(1)).astype(np.intp) for x in (low, rest | (rest == 0)))
    va, ka = t.carre_value[d * 8 + a], t.carre_key[d * 8 + a]
    vb, kb = t.carre_value[d * 8 + b] * second, t.carre_key[d * 8 + b] * second
    ma = U32(RANK_MASK) << a.astype(U32)
    both = ma | (U32(RANK_MASK) << b.astype(U32)) * second.astype(U32)
    if t.card_reuse:
        return _with(_runs(t, free, d), va + vb, np.maximum(ka, kb))
    best_v = best_k = np.zeros_like(va)
    for taken, v, k in ((U32(0), best_v, best_k), (ma, va, ka),
                        (both, va + vb, np.maximum(ka, kb))):
        tv, tk = _with(_runs(t, free & ~taken, d), v, k)
        better = tv > best_v
        best_v, best_k = np.where(better, tv, best_v), np.where(better, tk, best_k)
    return best_v, best_k


def _with(packed: np.ndarray, value: np.ndarray, key: np.ndarray
          ) -> tuple[np.ndarray, np.ndarray]:
    """Runs (packed) and carrés (value, key rank) together: the total and the best key."""
    runs_key = (packed >> VALUE_BITS).astype(np.int64)
    return value + (packed & _VALUES).astype(np.int64), np.maximum(key, runs_key)


def _compare(t: ArrayTables, value: np.ndarray, key: np.ndarray, leader: np.ndarray,
             step: int) -> np.ndarray:
    """`announcements.compare` over arrays ((4, n) per seat): (n, 2) points per team."""
    totals = np.empty((value.shape[1], 2), dtype=np.int64)
    totals[:, 0], totals[:, 1] = value[0] + value[2], value[1] + value[3]
    if t.every_side:
        return totals
    best0, best1 = np.maximum(key[0], key[2]), np.maximum(key[1], key[3])
    both = (totals[:, 0] > 0) & (totals[:, 1] > 0)
    lose0, lose1 = both & (best0 < best1), both & (best1 < best0)
    tie = both & (best0 == best1)
    if t.tie == TiePolicy.CANCEL_BOTH:
        lose0, lose1 = lose0 | tie, lose1 | tie
    elif t.tie == TiePolicy.FIRST_DECLARED:
        # The first seat in playing order holding the best key: the leader, else the next
        # player, else the leader's partner (else the fourth); the sides alternate.
        cols, best = np.arange(len(leader)), np.maximum(best0, best1)

        def holds_best(seat: np.ndarray) -> np.ndarray:  # `key[seat, cols]`, by take
            out: np.ndarray = key.ravel().take(seat * len(leader) + cols) == best
            return out

        ahead = holds_best(leader) | (~holds_best((leader + step) & 3) & holds_best(leader ^ 2))
        first0 = ahead ^ (leader & 1).astype(bool)
        lose0, lose1 = lose0 | (tie & ~first0), lose1 | (tie & first0)
    totals[:, 0] *= ~lose0
    totals[:, 1] *= ~lose1
    return totals
