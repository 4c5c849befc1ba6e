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

- the four hands, and every hand's heuristic estimate (`valuation.worth`) at each of the six
  denominations and at its longest suit, rounded to the point: what a call is matched on;
- the play's outcome, seen from the declaring side: card points, tricks, générale, last
  trick, belotes, and the points of the announcements the bots declared.

No score is stored: scores are computed at the call by the engine's own scoring
(`batch.scoring.score_arrays`) over the outcomes of the deals that match, so the table of a
ruleset holds its play and the bot reads its scoring fresh. A call asks `Learned.select` for
the deals where the seat in the bot's place holds a hand like its own, and the others' hands
fit what their calls showed. The tables are cached on disk by `table_cache`, keyed by the
rules' fingerprint; docs/simulation.md gives the learning time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..engine.announcements import announcement_points
from ..engine.batch import play_tables
from ..engine.batch.scoring import deal_belotes
from ..engine.deal import Deal
from ..engine.driver import play_deal
from ..engine.facts import Contract
from ..engine.rules import CompiledRules
from . import valuation
from .batch_bots import HeuristicPlay, announced_points
from .bots import HeuristicBot
from .hands import mode_tables
from .valuation import Outcomes, misfit

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
    n = len(hands)
    worth = np.zeros((n, 4, 7), dtype=np.int16)
    for seat in range(4):
        for col, den in enumerate((0, 1, 2, 3, 4, 5, -1)):
            worth[:, seat, col] = np.rint(valuation.worth(rules, hands[:, seat], den))
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
    announced = announced_points(rules, hands.tolist(),
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


_UNKNOWN = np.int32(np.iinfo(np.int32).min)
"""A margin not scored yet (`Learned.margins`)."""
KEYS = 6 * 4 * 4 * 2
"""Sorted runs of rows, one per (denomination, declarer, seat, boosted rows read or not)."""
_SPAN = 100_000.0
"""Run `r`'s estimates are searched as `r * _SPAN + estimate` (estimates stay far below it)."""
_CHUNK = 128
"""Questions selected per block of array operations (`Learned.select_many`)."""
_FAR = 1 << 20
"""The cost of a place beyond the window (above any real cost)."""
_NO_LIMIT = 10_000
"""A constraint that constrains nothing (its misfit is 0), padding questions with fewer."""


def _key(d: Any, declarer: Any, seat: Any, boosted: Any) -> Any:
    return ((d * 4 + declarer) * 4 + seat) * 2 + boosted


class Learned:
    """A ruleset's learned deals, and the selection of those like a seat's at a call.

    The denominations' tables are laid end to end (a row is one learned deal of one
    denomination), and the rows of each (denomination, declarer, seat, boosted read or not)
    are kept sorted by the estimate of that seat's hand, so that many questions, of many deals
    and denominations, select their rows in one pass of array operations (`select_many`)."""

    def __init__(self, arrays: dict[str, np.ndarray], rules: CompiledRules):
        self.arrays, self.rules = arrays, rules
        self.top = {d: top_mask(rules, d) for d in rules.denominations}
        self.top_masks = np.array([self.top.get(d, 0) for d in range(6)], dtype=np.uint32)
        dens = sorted(rules.denominations)

        def laid(name: str) -> np.ndarray:
            return np.concatenate([arrays[f"{name}{d}"] for d in dens])

        self.base = dict(zip(dens, np.cumsum([0] + [len(arrays[f"declarer{d}"])
                                                    for d in dens]).tolist(), strict=False))
        self.worth = laid("worth").astype(np.int64)
        """(rows, 4, 7) every hand's estimates (`FIELDS`)."""
        self.tops = np.concatenate([np.bitwise_count(arrays[f"hands{d}"] & np.uint32(self.top[d]))
                                    for d in dens]).astype(np.float64)
        """(rows, 4) how many of its denomination's eight strongest cards each hand holds."""
        self.points, self.tricks = laid("points").astype(np.int64), laid("tricks").astype(np.int64)
        self.generale, self.last = laid("generale"), laid("last")
        self.belote = laid("belote").astype(np.int64)
        self.announced = laid("announced").astype(np.int64)
        self.denomination = np.concatenate([np.full(len(arrays[f"declarer{d}"]), d)
                                            for d in dens]).astype(np.int64)
        self.reach = self._reach()
        """(rows,) the most the declaring side scores in each deal (`_reach`)."""
        self.values: list[int | str] = [*rules.bid_values,
                                        *(v for v in ("capot", "generale") if getattr(rules, v))]
        """The bid values, numbers then specials: the columns of `_margins`."""
        self.value_index = {v: i for i, v in enumerate(self.values)}
        self._keys = np.array([rules.bid_key(v) for v in self.values], dtype=np.int64)
        self._margins: np.ndarray | None = None
        self._asked = np.zeros(0, dtype=bool)
        starts, lengths = np.zeros(KEYS, dtype=np.int64), np.zeros(KEYS, dtype=np.int64)
        runs: list[np.ndarray] = []
        estimates: list[np.ndarray] = []
        at = 0
        for d in dens:
            declared, boosted = arrays[f"declarer{d}"], arrays[f"boosted{d}"]
            for declarer in range(4):
                for seat in range(4):
                    for read_boosted in (False, True):
                        rows = np.flatnonzero((declared == declarer) & (read_boosted | ~boosted))
                        est = arrays[f"worth{d}"][rows, seat, d].astype(np.float64)
                        order = np.argsort(est, kind="stable")
                        k = _key(d, declarer, seat, int(read_boosted))
                        starts[k], lengths[k] = at, len(rows)
                        runs.append(self.base[d] + rows[order])
                        estimates.append(est[order])
                        at += len(rows)
        self.starts, self.lengths = starts, lengths
        self.sorted_rows = np.concatenate(runs)
        self._sorted_points = np.concatenate(estimates).astype(np.int32)
        self._tops = self.tops.astype(np.int32).reshape(-1)
        self._points = self.worth.astype(np.int32).reshape(-1)
        self._search = np.concatenate([
            _key(d, declarer, seat, b) * _SPAN + estimates[i] for i, (d, declarer, seat, b)
            in enumerate((d, x, s, b) for d in dens for x in range(4) for s in range(4)
                         for b in (0, 1))])

    def _reach(self) -> np.ndarray:
        """Per row, the most the declaring side scores in it: card points with the last
        trick's bonus (a capot's when it takes all eight; scaled up where the rules scale
        points up), announcements and belotes. A bid above what any deal read makes is worse
        than a lower one (`expected` does not value it)."""
        rules, plan = self.rules, self.rules.plan
        tables = mode_tables(rules)
        d = self.denomination
        last_trick = np.array(plan.last_trick, dtype=np.int64)[d]
        capot = np.maximum(plan.capot_last_trick, last_trick)
        last = np.where(self.tricks == 8, capot, self.last * last_trick)
        scale = np.array([max(1.0, 8 * tables[x].trick_value
                              / (rules.card_total[x] + plan.last_trick[x])) for x in range(6)])[d]
        out: np.ndarray = (scale * (self.points[:, 0] + last) + self.announced[:, 0]
                           + self.belote[:, 0] * plan.belote_value)
        return out

    def margins(self, rows: np.ndarray, value: np.ndarray, double: np.ndarray) -> np.ndarray:
        """(c, k): the declaring side's score minus the defenders' in each of the (c, k) laid
        `rows`, under c contracts at their rows' denomination (`value`: the bid's column in
        `values`; `double`: 0, 1 coinched, 2 surcoinched), by the engine's scoring over arrays
        (`valuation.margins`).

        A row's play does not depend on the bid or the double, nor its score on the seat that
        declares (only on the sides), so each (row, bid, double) is scored once per process
        and remembered: the calls of a simulation ask the same few thousand rows, near the
        estimates hands have, under the same bids, again and again."""
        width, doubles = len(self.values), len(self.rules.plan.multipliers)
        if self._margins is None:
            self._margins = np.full(len(self.tricks) * width * doubles, _UNKNOWN, dtype=np.int32)
            self._asked = np.zeros(len(self._margins), dtype=bool)
        memo = self._margins
        at = (rows * width + value[:, None]) * doubles + double[:, None]
        got = memo[at]
        missing = got == _UNKNOWN
        if missing.any():
            wanted = at[missing]
            if len(wanted) * 64 < len(memo):
                need = np.unique(wanted)
            else:  # each (row, bid, double) once, without sorting millions
                self._asked[wanted] = True
                need = np.flatnonzero(self._asked)
                self._asked[need] = False
            row, col, x = need // (width * doubles), need // doubles % width, need % doubles
            n = len(need)
            one = Outcomes(self.points[row][:, None], self.tricks[row][:, None],
                           self.generale[row][:, None], np.where(self.last[row], 0, 1)[:, None],
                           self.belote[row][:, None], self.announced[row][:, None])
            # each one deal read at its own contract, the declaring side seated NS
            scored = valuation.margins(self.rules, np.zeros(n, dtype=np.int64),
                                       np.zeros(n, dtype=np.int64), self._keys[col],
                                       self.denomination[row], x, one, np.arange(n))[:, 0]
            if np.abs(scored).max() >= -int(_UNKNOWN):
                raise OverflowError("a score too large for the bot's tables")
            memo[need] = scored
            got = memo[at]
        out: np.ndarray = got.astype(np.int64)
        return out

    def select(self, d: int, declarer: int, seat: int, hand: int, worth: float,
               shown: Sequence[tuple[int, int, int, int]], k: int) -> np.ndarray:
        """The `k` rows of `d`'s table (learned seats: dealer West) declared by `declarer`
        whose `seat` holds a hand like `hand` (estimated `worth`) and whose other seats fit
        `shown` ((seat, denomination or -1, least, most) as `expected._calls_shown`) best:
        `select_many` for one question, rows counted in `d`'s own table."""
        one = np.array([d]), np.array([declarer]), np.array([seat])
        rows = self.select_many(*one, np.array([hand], dtype=np.int64), np.array([worth]),
                                shown_array([tuple(shown)]), k)
        return rows[0] - self.base[d]

    def select_many(self, d: np.ndarray, declarer: np.ndarray, seat: np.ndarray,
                    hand: np.ndarray, worth: np.ndarray, shown: np.ndarray, k: int
                    ) -> np.ndarray:
        """(q, k) laid rows, for q questions at once (arrays of q; `shown`: (q, s, 4) as
        `shown_array` makes it): the rows declared by `declarer` at `d` whose `seat` holds a
        hand like `hand` (estimated `worth`), and whose other seats fit `shown` best: the least
        sum of the estimates' distance, `TOP_WEIGHT` per card of difference in the count of
        `d`'s strongest cards, and the others' misfit, among the `NEAR` nearest estimates each
        side, the first in estimate order among equals.
        Boosted deals count only where the bot is the declarer (elsewhere they would make
        the declarer's hand stronger than chance). A table too small for `k` such rows (tests
        learn small ones) repeats them."""
        out = np.empty((len(d), k), dtype=np.int64)
        for at in range(0, len(d), _CHUNK):  # small blocks stay in the processor's cache
            part = slice(at, at + _CHUNK)
            out[part] = self._select(d[part], declarer[part], seat[part], hand[part],
                                     worth[part], shown[part], k)
        return out

    def _select(self, d: np.ndarray, declarer: np.ndarray, seat: np.ndarray, hand: np.ndarray,
                worth: np.ndarray, shown: np.ndarray, k: int) -> np.ndarray:
        """`select_many` of a block of questions. Every cost is a whole number (estimates
        are rounded to the point), so costs are summed in integers and the first `k` are
        found by partitioning (cost, place in the window) keys, as a stable sort orders them."""
        key = _key(d, declarer, seat, (declarer == seat).astype(np.int64))
        start, length = self.starts[key], self.lengths[key]
        at = np.searchsorted(self._search, key * _SPAN + worth) - start
        lo = np.maximum(0, at - NEAR)
        width = np.minimum(length, at + NEAR) - lo
        span = np.arange(2 * NEAR, dtype=np.int32)
        pos = (start + lo)[:, None] + np.minimum(span[None, :], np.maximum(width - 1, 0)[:, None])
        rows = self.sorted_rows[pos]
        own = np.rint(worth).astype(np.int32)[:, None]
        cost = np.abs(self._sorted_points[pos] - own)
        top = np.bitwise_count(hand & self.top_masks[d].astype(np.int64)).astype(np.int32)
        cost += TOP_WEIGHT * np.abs(self._tops[rows * 4 + seat[:, None]] - top[:, None])
        estimates = self._points
        for s in range(shown.shape[1]):
            other, den, least, most = (shown[:, s, i][:, None].astype(np.int32) for i in range(4))
            col = np.where(den >= 0, den, LONGEST)
            cost += misfit(estimates[(rows * 4 + other) * 7 + col], least, most)
        order = np.where(span[None, :] < width[:, None], cost, _FAR) * span.size + span
        if k < span.size:
            order = np.partition(order, k - 1, axis=1)[:, :k]
        order.sort(axis=1)
        kept = np.arange(k)[None, :] % np.maximum(1, np.minimum(width, k))[:, None]
        picked: np.ndarray = np.take_along_axis(
            rows, np.take_along_axis(order, kept, 1) % span.size, 1)
        return picked


def shown_array(shown: Sequence[Sequence[tuple[int, int, int, int]]]) -> np.ndarray:
    """(q, s, 4) the constraints of q questions ((seat, denomination or -1, least, most) each,
    as `expected._calls_shown`), padded with constraints that constrain nothing."""
    width = max((len(x) for x in shown), default=0)
    out = np.empty((len(shown), width, 4), dtype=np.int64)
    out[:] = (0, 0, -_NO_LIMIT, _NO_LIMIT)
    for i, x in enumerate(shown):
        if x:
            out[i, :len(x)] = x
    return out
