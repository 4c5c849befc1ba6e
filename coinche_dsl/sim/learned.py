"""Outcome tables learned per ruleset: what a hand's contract brings, read without a playout.

The `expected` bidder prices a call by the outcomes of deals like the one it holds. Instead of
playing imagined deals at every call, it learns once per ruleset a table of played deals:
`learn` deals `UNIFORM` random deals per denomination, plus `BOOSTED` deals whose declarer
holds at least four of the denomination's eight strongest cards (so that rare, strong hands
such as eight trumps have neighbours), and plays each once at that denomination with the
heuristic bots' card play (the play the bidder's partner and opponents will make; the batch
engine's greedy policy made a declarer take half a trick less, which made the bidder
underbid and overcoinche), the declarer's seat turning round the table, dealer West. Each
deal is kept as:

- the four hands, and every hand's heuristic estimate (`expected._worth`) at each of the six
  denominations and at its longest suit, rounded to the point: what a call is matched on;
- the play's outcome, seen from the declaring side: card points, tricks, générale, last
  trick, belotes, and the points of the announcements the bots declared.

No score is stored: scores are computed at the call by the engine's own scoring
(`batch_scoring.score_arrays`) over the outcomes of the deals that match, so the table of a
ruleset holds its play and the bot reads its scoring fresh. A call asks `Learned.select` for
the deals where the seat in the bot's place holds a hand like its own, and the others' hands
fit what their calls showed. The tables are cached on disk by `table_cache`, keyed by the
rules' fingerprint; docs/simulation.md gives the learning time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from ..engine.announcements import announcement_points
from ..engine.deal import Deal
from ..engine.driver import play_deal
from ..engine.facts import Contract
from ..engine.rules import CompiledRules
from .bots import HeuristicBot
from .hands import mode_tables
from .valuation import Outcomes

FORMAT = 3
"""Bumped whenever what `learn` computes changes: a file of another format is rebuilt."""
UNIFORM = 8192
"""Uniformly dealt deals learned per denomination."""
BOOSTED = 8192
"""Deals per denomination whose declarer holds at least four of its eight strongest cards."""
SEED = 2026_12_01
"""The learning's seed (not the fingerprint's: rulesets that play alike learn the same deals,
so what differs between their bots is their scoring, not the luck of the learning)."""
DEALER = 3
"""The dealer of every learned deal (West); a real deal's seats are turned to match."""
LONGEST = 6
"""The column of a hand's estimate at its longest suit (columns 0-5: the denominations)."""
NEAR = 400
"""Learned deals on either side of the bot's own estimate that a call looks among."""
TOP_WEIGHT = 15
"""Estimate points a hand's selection counts per card of difference between the bot's count
of the denomination's eight strongest cards and the learned hand's."""
FIELDS = {"hands": (np.uint32, (4,)), "worth": (np.int16, (4, 7)), "declarer": (np.int8, ()),
          "boosted": (np.bool_, ()),
          "points": (np.int16, (2,)), "tricks": (np.int8, ()), "generale": (np.bool_, ()),
          "last": (np.bool_, ()), "belote": (np.int8, (2,)), "announced": (np.int16, (2,))}
"""Per denomination, the arrays of a table: (dtype, shape of a row). Pairs are (declaring
side, defenders); `last` is "the declaring side took the last trick"."""


def learn(rules: CompiledRules, uniform: int, boosted: int) -> dict[str, np.ndarray]:
    """The learned deals of `rules`, as named arrays (`{field}{denomination}`)."""
    rng = np.random.default_rng(SEED)
    out: dict[str, np.ndarray] = {}
    for d in rules.denominations:
        n = uniform + boosted
        declarer = np.arange(n) % 4
        hands = np.concatenate([_dealt(rng, uniform, None, declarer[:uniform]),
                                _dealt(rng, boosted, _top_cards(rules, d), declarer[uniform:])])
        out.update({f"{k}{d}": v for k, v in _played(rules, d, hands, declarer, uniform).items()})
    return out


def top_mask(rules: CompiledRules, d: int) -> int:
    """The mask of the eight strongest cards at `d`."""
    return sum(1 << c for c in _top_cards(rules, d))


def _top_cards(rules: CompiledRules, d: int) -> list[int]:
    """The eight strongest cards at `d` (the trumps at a suit)."""
    table = mode_tables(rules)[d]
    if table.trump is not None:
        return list(range(8 * table.trump, 8 * table.trump + 8))
    return sorted(range(32), key=lambda c: (-table.strength[c], c))[:8]


def _dealt(rng: np.random.Generator, n: int, top: list[int] | None,
           declarer: np.ndarray) -> np.ndarray:
    """(n, 4) deals; with `top`, the declarer gets 4 to 8 of those cards (uniformly many,
    uniformly which) and cards dealt at random for the rest."""
    keys = rng.random((n, 32))
    if top is not None:
        k = rng.integers(4, 9, n)
        chosen = rng.random((n, 8)).argsort(axis=1) < k[:, None]
        cols = np.array(top)
        keys[:, cols] = np.where(chosen, keys[:, cols] - 2.0, keys[:, cols])
    order = keys.argsort(axis=1).astype(np.uint32)
    dealt = (np.uint32(1) << order).reshape(n, 4, 8).sum(axis=2, dtype=np.uint32)
    # Packet 0 (the favoured one) goes to the declarer, the others round the table after it.
    seats = (declarer[:, None] + np.arange(4)[None, :]) % 4
    hands = np.empty_like(dealt)
    np.put_along_axis(hands, seats, dealt, axis=1)
    return hands


def _played(rules: CompiledRules, d: int, hands: np.ndarray, declarer: np.ndarray,
            uniform: int) -> dict[str, np.ndarray]:
    """The learned rows of the deals `hands`, each played at `d` by `declarer`."""
    from .expected import _worth

    n = len(hands)
    worth = np.zeros((n, 4, 7), dtype=np.int16)
    for seat in range(4):
        for col, den in enumerate((0, 1, 2, 3, 4, 5, -1)):
            worth[:, seat, col] = np.rint(_worth(rules, hands[:, seat], den))
    rows = _play_all(rules, d, hands, declarer)
    return {"hands": hands.astype(np.uint32), "worth": worth,
            "declarer": declarer.astype(np.int8),
            "boosted": np.arange(n) >= uniform, "points": rows[:, 0:2].astype(np.int16),
            "tricks": rows[:, 2].astype(np.int8), "generale": rows[:, 3] == 1,
            "last": rows[:, 4] == 1, "belote": rows[:, 5:7].astype(np.int8),
            "announced": rows[:, 7:9].astype(np.int16)}


def _play_all(rules: CompiledRules, d: int, hands: np.ndarray, declarer: np.ndarray
              ) -> np.ndarray:
    """(n, 9) the rows of `_play_one` for every deal at once: the heuristic bots' card play
    over arrays (`batch_bots.HeuristicPlay`, the same choices as the bots', as the simulation's
    array path plays them), belotes and declared announcements as `Deal` credits them. The
    same rows as `_play_one` deal by deal (`tests/test_bot_tables.py`), some 40 times faster:
    learning a ruleset's tables takes a second or two instead of some 16."""
    from ..engine.batch import play_tables
    from ..engine.batch_scoring import deal_belotes
    from .batch_bots import HeuristicPlay
    from .fastsim import _announcements

    n = len(hands)
    tables = play_tables(rules)
    four = np.ascontiguousarray(hands.T.astype(np.uint32))  # (4, n)
    den = np.full(n, d, dtype=np.uint8)
    dec = declarer.astype(np.uint8)
    leader = np.full(n, (DEALER + rules.step) & 3, dtype=np.uint8)
    play = HeuristicPlay(rules, tables, four.ravel().copy(), den, leader, dec)
    play.run()
    winners, team, rows = play.winners, (dec & 1).astype(np.intp), np.arange(n)
    points = play.taken.T
    belote = deal_belotes(rules, four, den, dec, play.cards)
    lowest = rules.bid_values[0] if rules.bid_values else None
    announced = _announcements(rules, hands.tolist(),
                               [Contract(int(seat), "capot" if lowest is None else lowest, d, 0)
                                for seat in dec])
    return np.stack([points[rows, team], points[rows, 1 - team],
                     ((winners & 1) == team[None, :]).sum(axis=0),
                     (winners == dec[None, :]).all(axis=0), (winners[7] & 1) == team,
                     belote[rows, team], belote[rows, 1 - team],
                     announced[rows, team], announced[rows, 1 - team]],
                    axis=1).astype(np.int64)


def _play_one(rules: CompiledRules, d: int, hands: list[int], declarer: int, i: int
              ) -> list[int]:
    """One deal played out by four heuristic bots at `d` by `declarer`: card points, tricks,
    générale, last trick, belotes and announcement points, seen from the declaring side. The
    reference `_play_all` is held to, on `Deal` and the bots themselves."""
    deal = Deal(rules, DEALER, hands=hands)
    deal.fix_contract(Contract(declarer, rules.bid_values[0] if rules.bid_values else "capot",
                               d, 0))
    play_deal(deal, [HeuristicBot(random.Random(SEED * 131 + i * 4 + s)) for s in range(4)])
    f = deal.facts()
    team = declarer & 1
    won = f.tricks or [0, 0, 0, 0]
    belote = [0, 0]
    for seat in f.belote:
        belote[seat & 1] += 1
    announced = announcement_points(f.announcements, d, rules)
    return [f.card_points[team], f.card_points[1 - team], won[team] + won[team + 2],
            int(won[declarer] == 8), int(f.last_trick & 1 == team), belote[team],
            belote[1 - team], announced[team], announced[1 - team]]


def check(arrays: dict[str, np.ndarray], denominations: Sequence[int]) -> str | None:
    """What is wrong with `arrays` as the tables of rules with `denominations` (None: fine)."""
    for d in denominations:
        n = None
        for name, (dtype, shape) in FIELDS.items():
            a = arrays.get(f"{name}{d}")
            if a is None:
                return f"no {name}{d}"
            if a.dtype != dtype or a.shape[1:] != shape or len(a) != (n := n or len(a)):
                return f"{name}{d} has the wrong shape or type"
        if not n or not ((arrays[f"declarer{d}"] >= 0) & (arrays[f"declarer{d}"] < 4)).all() \
                or not ((arrays[f"tricks{d}"] >= 0) & (arrays[f"tricks{d}"] <= 8)).all():
            return f"declarer{d} or tricks{d} out of range"
    return None


class Learned:
    """A ruleset's learned deals, and the selection of those like a seat's at a call."""

    def __init__(self, arrays: dict[str, np.ndarray], rules: CompiledRules):
        self.arrays = arrays
        self.top = {d: top_mask(rules, d) for d in rules.denominations}
        self._order: dict[tuple[int, int, int, bool], tuple[np.ndarray, np.ndarray]] = {}
        self._tops: dict[int, np.ndarray] = {}

    def tops(self, d: int) -> np.ndarray:
        """(n, 4) how many of `d`'s eight strongest cards each learned hand holds."""
        if d not in self._tops:
            self._tops[d] = np.bitwise_count(self.arrays[f"hands{d}"]
                                             & np.uint32(self.top[d])).astype(np.float64)
        return self._tops[d]

    def _sorted(self, d: int, declarer: int, seat: int, boosted: bool
                ) -> tuple[np.ndarray, np.ndarray]:
        """The rows declared by `declarer` (uniform ones only unless `boosted`), sorted by
        the estimate of `seat`'s hand at `d`, and those estimates."""
        key = (d, declarer, seat, boosted)
        if key not in self._order:
            a = self.arrays
            rows = np.flatnonzero((a[f"declarer{d}"] == declarer)
                                  & (boosted | ~a[f"boosted{d}"]))
            worth = a[f"worth{d}"][rows, seat, d].astype(np.float64)
            order = np.argsort(worth, kind="stable")
            self._order[key] = (rows[order], worth[order])
        return self._order[key]

    def select(self, d: int, declarer: int, seat: int, hand: int, worth: float,
               shown: Sequence[tuple[int, int, int, int]], k: int) -> np.ndarray:
        """The `k` rows (learned seats: dealer West) declared by `declarer` at `d` whose
        `seat` holds a hand like `hand` (estimated `worth`) and whose other seats fit `shown`
        ((seat, denomination or -1, least, most) as `expected._calls_shown`) best: the least
        sum of the estimates' distance, `TOP_WEIGHT` per card of difference in the count of
        `d`'s strongest cards, and the others' misfit, among the `NEAR` nearest estimates
        each side.
        Boosted deals count only where the bot is the declarer (elsewhere they would make
        the declarer's hand stronger than chance)."""
        from .expected import _misfit

        rows, worths = self._sorted(d, declarer, seat, declarer == seat)
        at = int(np.searchsorted(worths, worth))
        lo, hi = max(0, at - NEAR), min(len(rows), at + NEAR)
        rows, cost = rows[lo:hi], np.abs(worths[lo:hi] - worth)
        top = (hand & self.top[d]).bit_count()
        cost = cost + TOP_WEIGHT * np.abs(self.tops(d)[rows, seat] - top)
        table = self.arrays[f"worth{d}"]
        for other, den, least, most in shown:
            cost = cost + _misfit(table[rows, other, den if den >= 0 else LONGEST], least, most)
        picked: np.ndarray = rows[np.argsort(cost, kind="stable")[:k]]
        # A table too small for `k` such rows (tests learn small ones) repeats them.
        return picked if len(picked) == k else np.resize(picked, k)

    def outcomes(self, d: int, rows: np.ndarray, declarer: int) -> Outcomes:
        """The rows' outcomes as if `declarer` (a real seat) had declared them."""
        a, team = self.arrays, declarer & 1
        cols = [0, 1] if team == 0 else [1, 0]

        def pair(name: str) -> np.ndarray:
            return a[f"{name}{d}"][rows][:, cols].astype(np.int64)

        ours = a[f"tricks{d}"][rows].astype(np.int64)
        last = a[f"last{d}"][rows]
        return Outcomes(declarer, d, pair("points"), ours if team == 0 else 8 - ours,
                        a[f"generale{d}"][rows], np.where(last, team, 1 - team),
                        pair("belote"), pair("announced"))
