"""What hands and deals are worth: the estimates every bot level shares, in one module.

- `evaluate` / `evaluate_compiled`: the heuristic estimate of one hand at one denomination (the
  tricks it takes by itself, and the points its side expects), read off the card tables;
  `WorthTable` and `worth`: the same estimate over arrays of hands (the learned tables and the
  imagined deals ask it of thousands of hands);
- `misfit`: how far an estimate falls from what a seat's calls said (`BID_SLACK`);
- `Outcomes` and `margins`: what learned deals, played once at a (denomination, declarer),
  are worth under many contracts at once, scored by the engine's own scoring over arrays
  (`batch.scoring.score_arrays`). The play of a deal depends on its denomination and declarer
  only (the bid and the double change the score, not the cards played, except a générale's
  first lead, which the bot does not model), so every contract asked about is scored over the
  outcomes played at its (denomination, declarer), all together.

Nothing here plays a card or decides a call: `bots`, `expected`, `learned` and `search` build on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import cards_of
from ..engine.announcements import KING, QUEEN, SUIT_LOW_BITS, announcer, classify
from ..engine.batch.scoring import DealArrays, score_arrays
from ..engine.rules import CompiledRules
from .hands import (
    ModeTable,
    announcement_value,
    belote_pairs,
    mode_tables,
    suit_tricks,
    sure_tricks,
    team_points,
)

PRUDENCE = 5
"""Points knocked off every estimate: a hand's tricks are never quite as sure as they look."""
BID_SLACK = 20
"""A bidder's hand is accepted when its heuristic estimate reaches its bid minus this (and a
passer's when it stays under the next level plus this)."""


def evaluate(table: ModeTable, hand: int, rules: CompiledRules, boldness: float = 0.0
             ) -> tuple[float, float]:
    """(tricks the hand takes by itself, points its side expects) at `table`'s denomination."""
    tricks = sure_tricks(table, hand)
    points = team_points(table, tricks)
    points += belote_pairs(table, hand, rules) * rules.plan.belote_value
    points += 0.5 * announcement_value(hand, table.denomination, rules)
    return tricks, points + boldness - PRUDENCE


def evaluate_compiled(rules: CompiledRules, table: ModeTable, hand: int,
                      boldness: float = 0.0) -> tuple[float, float]:
    """`evaluate` under compiled `rules`, the same numbers by look-ups: belotes counted on the
    hand's bits, announcements read from the engine's per-suit tables (`announcer`)."""
    d = table.denomination
    tricks = sure_tricks(table, hand)
    points = team_points(table, tricks)
    pairs = ((hand >> KING) & (hand >> QUEEN) & SUIT_LOW_BITS[rules.belote_suits[d]]).bit_count()
    points += pairs * rules.plan.belote_value
    masks = announcer(rules, d)(hand)
    points += 0.5 * (sum(classify(m, d, rules).value for m in masks) if masks else 0)
    return tricks, points + boldness - PRUDENCE


class WorthTable:
    """`bots.evaluate(table, hand, ruleset)[1]` (the points a side expects from a hand, the
    heuristic's estimate) over an array of hands at once: per suit, the tricks and the
    "small singleton" of every 8-card pattern are tabled from the heuristic's own
    `suit_tricks`; trump length, ruffs, belotes and announcements are counted as it counts
    them. Imagining deals asks it of thousands of hands."""

    def __init__(self, table: ModeTable, rules: CompiledRules):
        self.table, self.rules = table, rules
        self.tricks = np.zeros((4, 256))
        self.small_single = np.zeros((4, 256), dtype=bool)
        for suit in range(4):
            for pattern in range(1, 256):
                mask = pattern << 8 * suit
                cards = sorted(cards_of(mask), key=lambda c: -table.strength[c])
                self.tricks[suit, pattern] = suit_tricks(table, cards, mask, suit)
                self.small_single[suit, pattern] = (pattern.bit_count() == 1
                                                    and bool(table.above[cards[0]]))
        self.belote = rules.belote_suits[table.denomination]
        # A hand's runs lie each in one suit: without a carré (which may share cards with a
        # run), its announcements are its suits' (checked against `find_announcements`).
        self.runs = np.array([[0.5 * announcement_value(p << 8 * s, table.denomination, rules)
                               for p in range(256)] for s in range(4)])
        t = rules.announcement_tables[table.denomination]
        self.carres = [0x01010101 << rank for rank in sorted(t.carres)] if t.enabled else []
        self.announcements: dict[int, float] = {}

    def worth(self, hands: np.ndarray) -> np.ndarray:
        """The estimate of each hand of `hands` (uint32 card masks)."""
        t = self.table
        patterns = [(hands >> 8 * s & 0xFF).astype(np.intp) for s in range(4)]
        tricks = sum(self.tricks[s].take(patterns[s]) for s in range(4))
        if t.trump is not None:
            n = np.bitwise_count(patterns[t.trump]).astype(float)
            extra = np.maximum(0.0, n - 3) * 0.5
            for s in range(4):
                if s != t.trump:
                    extra += (n >= 2) * (0.7 * (patterns[s] == 0)
                                         + 0.3 * (n >= 3) * self.small_single[s].take(patterns[s]))
            tricks = tricks + extra
        points = np.minimum(8.0, tricks + 0.25 * (8.0 - tricks)) * t.trick_value
        for s in range(4):
            if self.belote >> s & 1:
                held = patterns[s] >> KING & patterns[s] >> QUEEN & 1
                points += held * self.rules.plan.belote_value
        points += sum(self.runs[s].take(patterns[s]) for s in range(4))
        carre = np.zeros(hands.shape, dtype=bool)
        for mask in self.carres:
            carre |= (hands & mask) == mask
        for i in np.flatnonzero(carre).tolist():
            points[i] += self._announcement(int(hands[i])) - sum(
                self.runs[s, patterns[s][i]] for s in range(4))
        return points - PRUDENCE

    def _announcement(self, hand: int) -> float:
        """Half what the hand's announcements are worth (as `evaluate`), remembered."""
        value = self.announcements.get(hand)
        if value is None:
            if len(self.announcements) > 50_000:
                self.announcements.clear()
            value = self.announcements[hand] = 0.5 * announcement_value(
                hand, self.table.denomination, self.rules)
        return value


def worth(rules: CompiledRules, hands: np.ndarray, d: int) -> np.ndarray:
    """The heuristic estimate of each hand of `hands` (uint32 card masks) at `d` (at its longest
    suit when `d` is -1)."""
    tables: dict[int, WorthTable] = rules.cache.setdefault("worth_tables", {})

    def at(den: int) -> np.ndarray:
        if den not in tables:
            tables[den] = WorthTable(mode_tables(rules)[den], rules)
        return tables[den].worth(hands)

    if d >= 0:
        return at(d)
    lengths = np.stack([np.bitwise_count(hands >> 8 * s & 0xFF) for s in range(4)], axis=1)
    longest = lengths.argmax(axis=1)
    out = np.zeros(len(hands))
    for s in np.unique(longest).tolist():
        rows = longest == s
        out[rows] = at(s)[rows]
    return out


def misfit(estimate: np.ndarray, least: Any, most: Any) -> np.ndarray:
    """How far each estimate falls outside [least - BID_SLACK, most + BID_SLACK] (`least` and
    `most` numbers, or arrays that broadcast with `estimate`)."""
    return (np.maximum(0, least - BID_SLACK - estimate)
            + np.maximum(0, estimate - most - BID_SLACK))


@dataclass(frozen=True)
class Outcomes:
    """Learned deals played out, each at its own (denomination, declarer): arrays whose leading
    axes are (question, deal read), or (deal read,) for one question."""

    card_points: np.ndarray
    """(..., 2) raw card points per team NS EW."""
    ns_tricks: np.ndarray
    """Tricks NS took."""
    generale: np.ndarray
    """The declarer took all eight tricks."""
    last_team: np.ndarray
    """The team (0 NS, 1 EW) that took the last trick."""
    belote: np.ndarray
    """(..., 2) belotes credited per team."""
    announcements: np.ndarray
    """(..., 2) announcement points per team."""


def margins(rules: CompiledRules, team: np.ndarray, declarer: np.ndarray, bid: np.ndarray,
            denomination: np.ndarray, double: np.ndarray, outcomes: Outcomes,
            question: np.ndarray) -> np.ndarray:
    """(c, k): for each of c contracts (`declarer`, `bid` as `rules.bid_key` gives it,
    `denomination`, `double`: arrays of c), over the k deals read for it (`question`: its row
    in `outcomes`, deals played at its denomination and declarer), `team`'s score minus the
    other side's."""
    c, k = len(question), outcomes.ns_tricks.shape[-1]
    if not c:
        return np.zeros((0, k))

    def rows(values: np.ndarray) -> np.ndarray:
        return np.repeat(np.asarray(values, dtype=np.int64), k)

    def pick(name: str) -> np.ndarray:
        a = getattr(outcomes, name)[question]
        return a.reshape(c * k, *a.shape[2:])

    ns = pick("ns_tricks").astype(np.int64)
    deals = DealArrays(
        declarer=rows(declarer), bid=rows(bid), denomination=rows(denomination).astype(np.intp),
        double=rows(double).astype(np.intp), card_points=pick("card_points"),
        team_tricks=np.stack([ns, 8 - ns], axis=1), generale=pick("generale"),
        last_trick_team=pick("last_team"), belote=pick("belote"),
        announcements=pick("announcements"))
    scores = score_arrays(rules, deals)[1].reshape(c, k, 2)
    ns_ahead = scores[:, :, 0] - scores[:, :, 1]
    out: np.ndarray = np.where(np.asarray(team)[:, None] == 0, ns_ahead, -ns_ahead)
    return out
