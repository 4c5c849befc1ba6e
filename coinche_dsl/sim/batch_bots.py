"""The heuristic bot over arrays: its hand evaluation for many hands at once, and its card play
for many deals at once (a policy of the batch engine's play loop).

Both give exactly what `bots.HeuristicBot` gives, card for card and to the last bit of every
float (`tests/test_fastsim.py` compares them deal by deal):

- `evaluate_hands` is `valuation.evaluate_compiled` for an (n, 4) array of hands at the six
  denominations: a suit's sure tricks read from a table of its 256 holdings (`hands.suit_tricks`,
  the table `sure_tricks` fills as it meets holdings), the trump extras, belotes and
  announcements with the same float operations in the same order.
- `HeuristicPlay` is `cardplay.choose_card` for every deal at once: each of its rules (draw
  trumps, lead a master or the cheapest card, feed, discard, take cheaply or safely) is "the
  first card of the legal ones with the least key", an `argmin` over a (n, 32) array of keys
  read from the denomination's card tables and the cards still out.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import SUIT_MASKS
from ..engine.announcements import (
    KING,
    QUEEN,
    RANK_MASK,
    SUIT_LOW_BITS,
    announcement_points,
    announcer,
    classify,
    suit_runs,
)
from ..engine.batch.play import _Play, _Tables
from ..engine.rules import CompiledRules
from .bidding import HONOUR_POINTS, NO_TRUMP_COINCHE_MASTERS
from .hands import mode_tables, suit_cards, suit_tricks, top_tricks
from .valuation import PRUDENCE

U32 = np.uint32
_AR = np.arange(32, dtype=U32)
_BITS = (U32(1) << _AR).astype(U32)
_SUIT_OF = (_AR >> 3).astype(np.int64)
_SUITS = np.array(SUIT_MASKS, dtype=U32)
_BIG = np.int32(1 << 30)
_HIGHEST = np.array([max(0, b.bit_length() - 1) for b in range(256)], dtype=np.int64)
"""Per 8-bit holding, its highest bit (0 for none)."""
_SCALE = 1024
"""Points and strengths are below this: (points, strength) is one integer key."""


# -- the hand evaluation -----------------------------------------------------------------

class _EvalTables:
    """Per denomination: a suit's sure tricks and its runs' announcement value by holding."""

    def __init__(self, r: CompiledRules):
        tables = mode_tables(r)
        self.suit_tricks = np.zeros((6, 4, 256))
        self.runs_value = np.zeros((6, 4, 256), dtype=np.int64)
        self.carres: list[tuple[int, ...]] = []
        for d, table in enumerate(tables):
            for suit in range(4):
                for holding in range(1, 256):
                    hand = holding << (8 * suit)
                    self.suit_tricks[d, suit, holding] = suit_tricks(
                        table, suit_cards(table, hand, suit), hand, suit)
            t = r.announcement_tables[d]
            self.carres.append(tuple(RANK_MASK << rank for rank in t.carres) if t.enabled
                               else ())
            if t.enabled:
                for suit, runs in enumerate(suit_runs(t, r.belote_suits[d])):
                    for holding, masks in enumerate(runs):
                        self.runs_value[d, suit, holding] = sum(
                            classify(m, d, r).value for m in masks)
        self.top = np.array([[[top_tricks(table, holding << (8 * suit)) for holding in range(256)]
                              for suit in range(4)] for table in tables], dtype=np.int64)
        """Per denomination, suit and holding: `hands.top_tricks` of that holding."""
        self.honours = np.array([[sum(1 for c in range(8) if holding >> c & 1
                                      and table.points[8 * min(d, 3) + c] >= HONOUR_POINTS)
                                  for holding in range(256)] for d, table in enumerate(tables)],
                                dtype=np.int64)
        """Per denomination (a trump suit) and holding of its trumps: its honours."""
        self.keep_worthless = [r.announcement_tables[d].card_reuse for d in range(6)]
        self.trick_value = [t.trick_value for t in tables]
        self.above = np.array(r.above, dtype=U32)
        self.belote_bits = [SUIT_LOW_BITS[r.belote_suits[d]] for d in range(6)]


def _eval_tables(r: CompiledRules) -> _EvalTables:
    found: _EvalTables | None = r.cache.get("batch_eval_tables")
    if found is None:
        found = r.cache["batch_eval_tables"] = _EvalTables(r)
    return found


def evaluate_hands(r: CompiledRules, hands: np.ndarray, boldness: float = 0.0
                   ) -> tuple[np.ndarray, np.ndarray]:
    """(tricks, points), each (n, 4, 6): `bots.evaluate_compiled` of each hand of the (n, 4)
    array `hands` at each denomination."""
    t = _eval_tables(r)
    hands = hands.astype(np.int64)
    tricks = np.zeros((*hands.shape, 6))
    points = np.zeros((*hands.shape, 6))
    holdings = [(hands >> (8 * s)) & 0xFF for s in range(4)]
    for d in range(6):
        total = np.zeros(hands.shape)
        for s in range(4):  # the suits in `sure_tricks`'s order: the same float sums
            total = total + t.suit_tricks[d, s][holdings[s]]
        total = total + _trump_extras(t, d, hands, holdings)
        tricks[..., d] = total
        pts = np.minimum(8.0, total + 0.25 * (8.0 - total)) * t.trick_value[d]
        pairs = np.bitwise_count((hands >> KING) & (hands >> QUEEN) & t.belote_bits[d]
                                 ).astype(np.int64)
        pts = pts + pairs * r.plan.belote_value
        pts = pts + 0.5 * _announcement_values(r, t, d, hands, holdings)
        points[..., d] = pts + boldness - PRUDENCE
    return tricks, points


def _trump_extras(t: _EvalTables, d: int, hands: np.ndarray, holdings: list[np.ndarray]
                  ) -> np.ndarray | float:
    """`hands._trump_extras` over arrays (its additions in its order)."""
    if d >= 4:
        return 0.0
    trumps = np.bitwise_count(holdings[d]).astype(np.int64)
    extra = np.maximum(0, trumps - 3) * 0.5
    for suit in range(4):
        if suit == d:
            continue
        side = holdings[suit]
        count = np.bitwise_count(side)
        small = t.above[d][suit * 8 + _HIGHEST[side]] != 0
        add = np.where(side == 0, 0.7, np.where((count == 1) & (trumps >= 3) & small, 0.3, 0.0))
        extra = extra + np.where(trumps >= 2, add, 0.0)
    return extra


def _announcement_values(r: CompiledRules, t: _EvalTables, d: int, hands: np.ndarray,
                         holdings: list[np.ndarray]) -> np.ndarray:
    """What `announcer(r, d)` finds in each hand, summed by `classify`: the runs' values by
    holding; a hand holding a carré that scores is handed to the announcer itself."""
    value = sum(t.runs_value[d, s][holdings[s]] for s in range(4))
    value = np.asarray(value, dtype=np.int64)
    if not t.keep_worthless[d]:
        value = np.where(value > 0, value, 0)
    carre = np.zeros(hands.shape, dtype=bool)
    for m in t.carres[d]:
        carre |= (hands & m) == m
    if carre.any():
        announce = announcer(r, d)
        for index in zip(*np.nonzero(carre), strict=True):
            hand = int(hands[index])
            value[index] = sum(classify(m, d, r).value for m in announce(hand))
    return value


def coinche_flags(r: CompiledRules, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(numeric, special), each (n, 4, 6): `bidding.should_coinche` of each hand of the (n, 4)
    array `hands` against a contract at each denomination, bid as a number, or as capot or
    générale."""
    t = _eval_tables(r)
    hands = hands.astype(np.int64)
    holdings = [(hands >> (8 * s)) & 0xFF for s in range(4)]
    numeric = np.zeros((*hands.shape, 6), dtype=bool)
    special = np.zeros((*hands.shape, 6), dtype=bool)
    for d in range(6):
        masters = sum(t.top[d, s][holdings[s]] for s in range(4))
        special[..., d] = masters >= 1
        if d >= 4:
            numeric[..., d] = masters >= NO_TRUMP_COINCHE_MASTERS
            continue
        trumps = holdings[d]
        honours = t.honours[d][trumps]
        length = np.bitwise_count(trumps)
        side_masters = masters - t.top[d, d][trumps]
        numeric[..., d] = ((length >= 4) & (honours >= 1)) | (
            (length >= 3) & (honours >= 2) & (side_masters >= 2))
    return numeric, special


def announced_points(rules: CompiledRules, hands: list[list[int]], contracts: list[Any]
                   ) -> np.ndarray:
    """(n, 2) announcement points per team: each heuristic bot declares all its hand holds
    (`HeuristicBot.declare`), and `Deal` scores what the rules let it."""
    out = np.zeros((len(hands), 2), dtype=np.int64)
    allowed = rules.announcements_by_denomination
    for i, (four, c) in enumerate(zip(hands, contracts, strict=True)):
        d = c.denomination
        if not allowed[d]:
            continue
        announce = announcer(rules, d)
        declared = {seat: m for seat in range(4) if (m := announce(four[seat]))}
        if declared:
            out[i] = announcement_points(declared, d, rules)
    return out


# -- the card play -----------------------------------------------------------------------

class HeuristicPlay(_Play):
    """The batch engine's play loop (`engine.batch._Play`) with `cardplay.choose_card` as its
    policy, for every deal at once."""

    def __init__(self, r: CompiledRules, t: _Tables, hands: np.ndarray, den: np.ndarray,
                 leader: np.ndarray, declarer: np.ndarray):
        super().__init__(r, t, hands, den, leader, np.random.default_rng(0), "heuristic",
                         False, declarer)
        d = den.astype(np.intp)
        tables = mode_tables(r)
        strength = np.array([tb.strength for tb in tables], dtype=np.int32)[d]
        points = np.array([tb.points for tb in tables], dtype=np.int32)[d]
        self.tm = np.where(d < 4, _SUITS[np.minimum(d, 3)], 0).astype(U32)
        trump = (_SUIT_OF[None, :] == d[:, None]).astype(np.int32)  # none at NT and AT
        self.is_trump = trump.astype(bool)
        self.value_key = points * _SCALE + strength
        self.cheap_key = trump * (_SCALE * _SCALE) + self.value_key
        self.strength = strength
        self.points_n = points
        self.team = (declarer & 1).astype(U32)
        self.masters = _master_table(r)
        self.master_base = d * 1024

    def _pick(self, legal: np.ndarray, pos: int, trick: Any) -> np.ndarray:
        p = pos & 3
        seat = (self.seat + U32(p * self.r.step)) & 3
        hands = self.hands.reshape(4, self.n)
        own = hands.take(seat * self.n + self.ar)
        out = (hands[0] | hands[1] | hands[2] | hands[3]) & ~own
        masters = self.masters
        master_mask = (masters.take(self.master_base + (out & 0xFF))
                       | masters.take(self.master_base + 256 + (out >> 8 & 0xFF))
                       | masters.take(self.master_base + 512 + (out >> 16 & 0xFF))
                       | masters.take(self.master_base + 768 + (out >> 24)))
        if trick is None:
            return self._lead_card(legal, seat, out, master_mask)
        return self._follow_card(legal, pos, trick, out, master_mask)

    def _lead_card(self, legal: np.ndarray, seat: np.ndarray, out: np.ndarray,
                   master_mask: np.ndarray) -> np.ndarray:
        trumps = legal & self.tm
        draw = trumps & master_mask
        declaring = ((seat & 1) == self.team) & ((out & self.tm) != 0)
        side = legal & ~self.tm
        side = np.where(side == 0, legal, side)
        side_masters = side & master_mask
        card = np.where(side_masters != 0, _argmin(side_masters, -self.value_key),
                        _argmin(side, self.value_key))
        card = np.where(declaring & (draw != 0), _argmin(draw, -self.strength), card)
        return card.astype(U32)

    def _follow_card(self, legal: np.ndarray, pos: int, trick: Any, out: np.ndarray,
                     master_mask: np.ndarray) -> np.ndarray:
        best, partner = trick
        first = pos & ~3
        last = (pos & 3) == 3
        led = self.cards[first].astype(U32) >> 3
        holds = self._holds(led, out, master_mask)
        master = (master_mask[:, None] & _BITS) != 0
        discard = _argmin(legal, self._discard_key(master))
        best_holds = (holds >> best) & 1
        if last:
            friendly = _argmin(legal, self._feed_key(master))
        else:
            friendly = np.where(best_holds != 0, _argmin(legal, self._feed_key(master)), discard)
        winners = legal & self.t.beaters.take(self.base + best)
        cheapest = _argmin(winners, self.cheap_key)
        if last:
            take = np.where(winners != 0, cheapest, discard)
        else:
            safe = winners & holds
            stake = sum(self.t.points.take(self.base + self.cards[i]) for i in range(first, pos))
            cheap_points = np.take_along_axis(self.points_n, cheapest[:, None].astype(np.intp),
                                              axis=1)[:, 0]
            risky = np.where((cheap_points <= 4) & (stake >= 10), cheapest, discard)
            take = np.where(winners != 0,
                            np.where(safe != 0, _argmin(safe, self.value_key), risky), discard)
        return np.where(partner != 0, friendly, take).astype(U32)

    def _holds(self, led: np.ndarray, out: np.ndarray, master_mask: np.ndarray) -> np.ndarray:
        """The cards that `cardplay._holds` says would hold the trick were they winning it now:
        not beaten by a card still out of the led suit (the led suit's cards that are not
        masters), and a trump, or no trump out, or two cards of the led suit out."""
        led_suit = _SUITS[led]
        others = ((out & self.tm) == 0) | (np.bitwise_count(out & led_suit) >= 2)
        return ~(led_suit & ~master_mask) & (self.tm | (U32(0xFFFFFFFF) * others.astype(U32)))

    def _feed_key(self, master: np.ndarray) -> np.ndarray:
        """Least first: `cardplay._feed`'s greatest (not master, not trump, points, -strength)."""
        key = ((~master).astype(np.int32) * 4 + (~self.is_trump).astype(np.int32) * 2) \
            * (_SCALE * _SCALE) + self.points_n * _SCALE + (_SCALE - 1 - self.strength)
        return -key

    def _discard_key(self, master: np.ndarray) -> np.ndarray:
        """`cardplay._discard`'s least (trump, master, points, strength)."""
        return ((self.is_trump.astype(np.int32) * 4 + master.astype(np.int32) * 2)
                * (_SCALE * _SCALE) + self.value_key)


def _master_table(r: CompiledRules) -> np.ndarray:
    """At index `d * 1024 + suit * 256 + out`: the cards of `suit` that no card of the 8-bit
    set `out` of that suit beats at `d` (`cardplay.is_master`)."""
    found: np.ndarray | None = r.cache.get("batch_master_table")
    if found is None:
        table = np.zeros((6, 4, 256), dtype=U32)
        for d in range(6):
            for suit in range(4):
                for out in range(256):
                    table[d, suit, out] = sum(
                        1 << (8 * suit + k) for k in range(8)
                        if not r.above[d][8 * suit + k] & (out << (8 * suit)))
        found = r.cache["batch_master_table"] = table.ravel()
    return found


def _argmin(mask: np.ndarray, key: np.ndarray) -> np.ndarray:
    """Per row, the first card of `mask` with the least `key` (0 where `mask` is empty)."""
    out: np.ndarray = np.where((mask[:, None] & _BITS) != 0, key, _BIG).argmin(axis=1)
    return out.astype(U32)
