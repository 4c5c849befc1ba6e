"""The `expected` bidder: every call it may make is valued by the score its side can expect
under the variant's own scoring, and it makes the call worth most.

How a call is valued: the bot imagines `SAMPLES` deals consistent with what it knows (its
hand; the other seats' hands fitting their calls: from a pool of `POOL * SAMPLES` uniformly
drawn deals it keeps those whose hands' heuristic estimates fit the bids made and the bids
not made best), and the batch engine (`valuation.play_many`, `engine.batch` with its greedy
policy) plays every kept deal out at each (denomination, declarer) in question, all in one
vectorised call. The engine's own scoring (`batch_scoring.score_arrays`) then scores those
outcomes under every contract the bot could reach from there (each bid level, undoubled,
coinched or surcoinched), all at once. A call's value is the mean of (our side's score − the
other side's) over the imagined deals:

- pass: the standing contract as it is (0 when nobody has bid: the deal is dealt again);
- a bid: that contract declared by the bot;
- coinche / surcoinche: the standing contract with the double raised.

So a variant that pays capot more makes capot bids worth more, a floor of 82 card points makes
80 bids fail more often and so worth less, a coinche ×10 makes coinching a shaky contract pay:
the bot reads all of it through the scoring, with nothing about any variant written here.

Cost is kept low: one set of imagined deals serves every bid level and double at a
denomination (only the scoring is repeated), only the `DENOMINATIONS` best-looking
denominations of the hand are played out, and a seat's pool and its played outcomes are
cached per (ruleset fingerprint, dealer, seat, hand) within a process, so a seat's later
calls in the same auction reuse them. The pool is seeded from that key alone (without the
fingerprint), so a bot's choices never depend on what ran before it in the same process
(simulations stay identical whatever `--jobs`), and two variants that play alike imagine the
same deals. docs/simulation.md gives the measured cost and strength.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from ..engine.compiled import CompiledRules
from ..engine.facts import Contract
from .bidding import AuctionState, auction_state
from .bots import HeuristicBot
from .hands import mode_tables
from .valuation import Outcomes, margins, play_many
from .worlds import WorthTable

SAMPLES = 16
"""Deals imagined per call (the pool's deals fitting what the auction showed best)."""
CAUTION = 2.0
"""Standard errors by which a call must beat passing (see `confident_gain`). Measured against
`heuristic` on 200 paired ffb deals: 1 gained +2.5 points a deal, 2 +22.6, 3 +12.5."""
DENOMINATIONS = 2
"""The hand's best denominations by the heuristic estimate that are played out for its own
bids (a partner's standing denomination is always added)."""
BID_SLACK = 20
"""An imagined bidder's hand is accepted when its heuristic estimate reaches its bid minus this."""
SPECIAL_BID_POINTS = 170
"""What a capot or générale bid says the bidder's side expects, for that constraint."""
POOL = 64
"""Deals drawn per deal kept: the bot keeps the `SAMPLES` deals of a pool of `POOL *
SAMPLES` whose hands fit the other seats' calls best."""
CACHE_LIMIT = 5000
"""Played-out questions kept per process before the cache is emptied."""

_OUTCOMES: dict[tuple[Any, ...], Outcomes] = {}
_POOLS: dict[tuple[Any, ...], np.ndarray] = {}
_POOL_WORTH: dict[tuple[Any, ...], np.ndarray] = {}


class ExpectedBot(HeuristicBot):
    """Bids, coinches and surcoinches by expected score; plays and declares like the heuristic
    bot."""

    samples = SAMPLES

    def choose_call(self, deal: Any) -> Any:
        calls = deal.legal_calls()
        if len(calls) == 1:
            return calls[0]
        gains = call_gains(self, deal, deal.to_act, calls)
        return calls[max(range(len(calls)), key=lambda i: (gains[i], -i))]

    def choose_out_of_turn(self, deal: Any, seat: int) -> Any:
        """A coinche out of turn when it beats letting the contract stand (`confident_gain`)."""
        calls = [c for c in deal.out_of_turn_calls(seat) if c.kind == "coinche"]
        if not calls:
            return None
        state = auction_state(deal)
        ask = _Asker(self, deal, seat, state)
        stay, call = ask.margins([ask.standing(state.double), ask.standing(state.double + 1)])
        return calls[0] if float(confident_gain(call, stay)) > 0 else None


def confident_gain(call: np.ndarray, stay: np.ndarray) -> np.ndarray:
    """How much each call beats passing, per imagined deal, prudently: the mean of the
    paired differences minus `CAUTION` standard errors of that mean (`call`: one row per
    call, or one call; one column per imagined deal).

    The bot picks the best of many estimates made from a few deals; the best one is likely
    to be lucky (a winner's curse that made the bot overbid and overcoinche by about 50
    points a deal when it took the plain means). Asking each call to beat passing by a margin
    of its own uncertainty removes most of that luck, whatever the scoring."""
    diffs = np.asarray(call, dtype=float) - np.asarray(stay, dtype=float)
    n = diffs.shape[-1]
    var = diffs.var(axis=-1, ddof=1) if n > 1 else np.zeros(diffs.shape[:-1])
    return diffs.mean(axis=-1) - CAUTION * np.sqrt(var / n)


def call_gains(bot: ExpectedBot, deal: Any, seat: int, calls: list[Any]) -> list[float]:
    """Each call's `confident_gain` over passing for `seat`'s side (0 for pass; -inf for the
    bids at denominations not played out)."""
    state = auction_state(deal)
    ask = _Asker(bot, deal, seat, state)
    tried = ask.denominations([c.denomination for c in calls if c.kind == "bid"])
    asked: list[Contract | None] = []
    for call in calls:
        if call.kind in ("coinche", "surcoinche"):
            asked.append(ask.standing(state.double + 1))
        elif call.kind == "bid" and call.denomination in tried:
            asked.append(Contract(seat, call.value, call.denomination, 0))
        else:
            asked.append(None)
    values = ask.margins([ask.standing(state.double)] + [c for c in asked if c is not None])
    confident = iter(confident_gain(values[1:], values[0]).tolist())
    return [next(confident) if contract is not None
            else 0.0 if call.kind == "pass" else float("-inf")
            for call, contract in zip(calls, asked, strict=True)]


class _Asker:
    """The questions one seat asks at one moment of one auction, sharing imagined deals."""

    def __init__(self, bot: ExpectedBot, deal: Any, seat: int, state: AuctionState):
        self.bot, self.deal, self.seat, self.state = bot, deal, seat, state
        self.rules = deal.rules
        self.shown = _calls_shown(deal, seat)
        self.team = seat & 1

    def denominations(self, legal: list[int]) -> set[int]:
        """The denominations worth playing out for this seat's own bids."""
        ranked = sorted(set(legal), key=lambda d: -self.bot.estimate(self.deal, self.seat, d))
        chosen = set(ranked[:DENOMINATIONS])
        s = self.state
        if s.seat is not None and s.seat & 1 == self.team and s.denomination in legal:
            chosen.add(s.denomination)
        return chosen

    def standing(self, double: int) -> Contract | None:
        """The standing contract with `double` (None when nobody has bid)."""
        s = self.state
        if s.seat is None:
            return None
        return Contract(s.seat, s.value, s.denomination or 0, double)

    def margins(self, contracts: list[Contract | None]) -> np.ndarray:
        """Per contract and imagined deal, our score − theirs (0 for None: a redeal)."""
        known = [c for c in contracts if c is not None]
        outcomes = self._outcomes(sorted({(c.denomination, c.declarer) for c in known}))
        values = margins(self.deal.rules, self.team,
                         [(c, outcomes[c.denomination, c.declarer]) for c in known])
        out = np.zeros((len(contracts), self.bot.samples))
        rows = [i for i, c in enumerate(contracts) if c is not None]
        if rows:
            out[rows] = values
        return out

    def _outcomes(self, questions: list[tuple[int, int]]) -> dict[tuple[int, int], Outcomes]:
        """The outcomes of the imagined deals that fit the calls best, per question."""
        deal = self.deal
        base = (self.rules.fingerprint, deal.dealer, self.seat,
                deal.hands[self.seat], self.bot.samples)
        if len(_OUTCOMES) >= CACHE_LIMIT:
            _OUTCOMES.clear()
            _POOLS.clear()
            _POOL_WORTH.clear()
        pool = _POOLS.get(base)
        if pool is None:
            # Seeded without the fingerprint: two variants that play alike (differing only
            # in scoring, say) imagine the same deals, so that what differs between their
            # bids is the rules', not the samples' luck.
            rng = np.random.default_rng(_seed(base[1:]))
            pool = _POOLS[base] = deal_pool(rng, deal.hands[self.seat], self.seat,
                                            POOL * self.bot.samples)
        rows = self._fitting(base, pool)
        key = (*base, rows.tobytes())
        missing = [q for q in questions if (*key, *q) not in _OUTCOMES]
        if missing:
            worlds = pool[rows].tolist()
            for (d, declarer), played in zip(
                    missing, play_many(deal.rules, deal.dealer, worlds, missing), strict=True):
                _OUTCOMES[(*key, d, declarer)] = played
        return {q: _OUTCOMES[(*key, *q)] for q in questions}

    def _fitting(self, base: tuple[Any, ...], pool: np.ndarray) -> np.ndarray:
        """The `samples` deals of the pool whose hands fit the other seats' calls best (the
        least total misfit; the pool's order breaks ties)."""
        misfit = np.zeros(len(pool))
        for other, d, least, most in self.shown:
            worth = _POOL_WORTH.get((*base, other, d))
            if worth is None:
                worth = _POOL_WORTH[(*base, other, d)] = _worth(self.deal.rules,
                                                                 pool[:, other], d)
            misfit += _misfit(worth, least, most)
        return np.argsort(misfit, kind="stable")[:self.bot.samples]


def _misfit(worth: np.ndarray, least: int, most: int) -> np.ndarray:
    """How far each estimate falls outside [least - BID_SLACK, most + BID_SLACK]."""
    return (np.maximum(0.0, least - BID_SLACK - worth)
            + np.maximum(0.0, worth - most - BID_SLACK))


def calls_misfit(deal: Any, seat: int, deals: np.ndarray) -> np.ndarray:
    """Per deal of `deals` ((n, 4) initial hands), how far the other seats' hands fall from
    what their calls in `deal`'s auction said (0: every hand fits)."""
    misfit = np.zeros(len(deals))
    for other, d, least, most in _calls_shown(deal, seat):
        misfit += _misfit(_worth(deal.rules, deals[:, other], d), least, most)
    return misfit


def deal_pool(rng: np.random.Generator, hand: int, seat: int, n: int) -> np.ndarray:
    """(n, 4) uniformly random deals in which `seat` holds `hand` (card masks N E S W)."""
    unseen = np.array([c for c in range(32) if not hand >> c & 1], dtype=np.uint32)
    order = unseen[rng.random((n, 24)).argsort(axis=1)]
    dealt = (np.uint32(1) << order).reshape(n, 3, 8).sum(axis=2, dtype=np.uint32)
    others = [s for s in range(4) if s != seat]
    pool = np.full((n, 4), hand, dtype=np.uint32)
    pool[:, others] = dealt
    return pool


def _worth(rules: CompiledRules, hands: np.ndarray, d: int) -> np.ndarray:
    """The heuristic estimate of each hand at `d` (at its longest suit when `d` is -1)."""
    tables: dict[int, WorthTable] = rules.cache.setdefault("worth_tables", {})

    def at(den: int) -> np.ndarray:
        if den not in tables:
            tables[den] = WorthTable(mode_tables(rules)[den], rules)
        return tables[den].worth(hands)

    if d >= 0:
        return at(d)
    lengths = np.stack([np.bitwise_count(hands >> 8 * s & 0xFF) for s in range(4)], axis=1)
    longest = lengths.argmax(axis=1)
    worth = np.zeros(len(hands))
    for s in np.unique(longest).tolist():
        rows = longest == s
        worth[rows] = at(s)[rows]
    return worth


def _calls_shown(deal: Any, seat: int) -> tuple[tuple[int, int, int, int], ...]:
    """What the other seats' calls said, as (seat, denomination, least, most) points their
    side expects by the heuristic estimate: a bid sets `least` (the highest bid the seat
    made); a pass while the other side (or nobody) held the bid sets `most` (the seat did not
    compete at the next level), measured at its longest suit (denomination -1)."""
    least: dict[int, tuple[int, int]] = {}
    most: dict[int, int] = {}
    standing: Any = None
    values = deal.rules.bid_values
    for call in deal.history:
        other = call.seat
        if call.kind == "bid":
            if other != seat:
                points = call.value if isinstance(call.value, int) else SPECIAL_BID_POINTS
                if points >= least.get(other, (0, -1))[1]:
                    least[other] = (call.denomination, points)
            standing = call
        elif call.kind == "pass" and other != seat and values:
            if standing is None or (standing.seat - other) & 1:
                level = values[0] if standing is None else _next(values, standing.value)
                if level is not None:
                    most[other] = min(most.get(other, level), level)
    shown = [(s, d, p, NO_LIMIT) for s, (d, p) in least.items()]
    shown += [(s, -1, 0, p) for s, p in most.items() if s not in least]
    return tuple(sorted(shown))


NO_LIMIT = 10_000


def _next(values: tuple[int, ...], value: Any) -> int | None:
    if not isinstance(value, int):
        return None
    return next((v for v in values if v > value), None)


def _seed(key: tuple[Any, ...]) -> int:
    return int.from_bytes(hashlib.sha256(repr(key).encode()).digest()[:8], "big")
