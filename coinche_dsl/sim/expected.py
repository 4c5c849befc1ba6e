"""The `expected` bidder: every call it may make is valued by the score its side can expect
under the variant's own scoring, and it makes the call worth most.

How a call is valued: the bot reads the ruleset's learned deals (`learned`, cached on disk per
fingerprint by `table_cache`: deals played once by the batch engine, with its greedy policy,
at every denomination and declarer's seat). For each (denomination, declarer) in question it
selects the `SAMPLES` learned deals where the seat in its own place holds a hand the
heuristic estimates like its own, and the other seats' hands fit best what their calls showed
(a bid: a hand worth at least the bid, less `BID_SLACK`; a pass: a hand not worth competing).
The engine's own scoring (`batch_scoring.score_arrays`) then scores those outcomes under
every contract the bot could reach from there (each bid level, undoubled, coinched or
surcoinched), all at once. A call's value is the mean of (our side's score − the other
side's) over the selected deals:

- pass: the standing contract as it is (0 when nobody has bid: the deal is dealt again);
- a bid: that contract declared by the bot;
- coinche / surcoinche: the standing contract with the double raised.

So a variant that pays capot more makes capot bids worth more, a floor of 82 card points makes
80 bids fail more often and so worth less, a coinche x10 makes coinching a shaky contract pay:
the bot reads all of it through the scoring, with nothing about any variant written here.

A call costs table look-ups and one `score_arrays` call, no playout; learning a ruleset's
tables costs a few seconds once (then a file read). The selection is a function of the hand,
the auction and the table alone, so the bot's calls are the same in every process and every
chunking. docs/simulation.md gives the measured cost and strength.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine.facts import Contract
from ..engine.rules import CompiledRules
from . import table_cache
from .bidding import AuctionState, auction_state
from .bots import HeuristicBot, evaluate_compiled
from .hands import mode_tables
from .learned import DEALER
from .valuation import Outcomes, margins
from .worlds import WorthTable

SAMPLES = 48
"""Learned deals read per (denomination, declarer) asked about."""
CAUTION = 2.0
"""Standard errors by which a call must beat passing (see `confident_gain`)."""
DENOMINATIONS = 2
"""The hand's best denominations by the heuristic estimate that are valued for its own
bids (a partner's standing denomination is always added)."""
BID_SLACK = 20
"""A bidder's hand is accepted when its heuristic estimate reaches its bid minus this."""
COINCHE_POINTS = 80
"""What a coinche says of the coincher's hand at the contract's denomination (its estimate
reaches this less `BID_SLACK`): a defender coinches with trumps or masters."""
SPECIAL_BID_POINTS = 170
"""What a capot or générale bid says the bidder's side expects, for that constraint."""


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
    """How much each call beats passing, per deal read, prudently: the mean of the
    paired differences minus `CAUTION` standard errors of that mean (`call`: one row per
    call, or one call; one column per deal read).

    The bot picks the best of many estimates made from a few deals; the best one is likely
    to be lucky (a winner's curse that made the bot overbid and overcoinche by about 50
    points a deal when it took the plain means). Asking each call to beat passing by a margin
    of its own uncertainty removes most of that luck, whatever the scoring. A call and
    passing valued on the same deals (a coinche and the contract it doubles) are compared
    deal by deal; valued on different deals (a bid of ours, and passing on the opponents'
    contract), the k-th deal of each is paired at random, and the variance of the
    differences is then that of both estimates together, as it should be."""
    diffs = np.asarray(call, dtype=float) - np.asarray(stay, dtype=float)
    n = diffs.shape[-1]
    var = diffs.var(axis=-1, ddof=1) if n > 1 else np.zeros(diffs.shape[:-1])
    return diffs.mean(axis=-1) - CAUTION * np.sqrt(var / n)


def call_gains(bot: ExpectedBot, deal: Any, seat: int, calls: list[Any]) -> list[float]:
    """Each call's `confident_gain` over passing for `seat`'s side (0 for pass; -inf for the
    bids at denominations not valued, and for the numbers above anything the side scores in
    the deals read: `_Asker.reach`)."""
    state = auction_state(deal)
    ask = _Asker(bot, deal, seat, state)
    tried = ask.denominations([c.denomination for c in calls if c.kind == "bid"])
    reach = {d: ask.reach(d) for d in tried}
    asked: list[Contract | None] = []
    for call in calls:
        if call.kind in ("coinche", "surcoinche"):
            asked.append(ask.standing(state.double + 1))
        elif call.kind == "bid" and call.denomination in tried and (
                not isinstance(call.value, int) or call.value <= reach[call.denomination]):
            asked.append(Contract(seat, call.value, call.denomination, 0))
        else:
            asked.append(None)
    values = ask.margins([ask.standing(state.double)] + [c for c in asked if c is not None])
    confident = iter(confident_gain(values[1:], values[0]).tolist())
    return [next(confident) if contract is not None
            else 0.0 if call.kind == "pass" else float("-inf")
            for call, contract in zip(calls, asked, strict=True)]


class _Asker:
    """The questions one seat asks at one moment of one auction, sharing the deals it reads."""

    def __init__(self, bot: ExpectedBot, deal: Any, seat: int, state: AuctionState):
        self.bot, self.deal, self.seat, self.state = bot, deal, seat, state
        self.rules = deal.rules
        self.shown = _calls_shown(deal, seat)
        self.team = seat & 1
        self._read: dict[tuple[int, int], Outcomes] = {}

    def denominations(self, legal: list[int]) -> set[int]:
        """The denominations worth valuing for this seat's own bids."""
        ranked = sorted(set(legal), key=lambda d: -self.bot.estimate(self.deal, self.seat, d))
        chosen = set(ranked[:DENOMINATIONS])
        s = self.state
        if s.seat is not None and s.seat & 1 == self.team and s.denomination in legal:
            chosen.add(s.denomination)
        return chosen

    def reach(self, d: int) -> float:
        """The most this seat's side scores in any deal read for its own bid at `d`: card
        points with the last trick's bonus (a capot's when it takes all eight; scaled up
        where the rules scale points up), announcements and belotes. A number above it is
        a bid no deal makes, worse than a lower one: it is not valued (that saves scoring
        the dozens of numbers a variant without a highest bid allows)."""
        o = self._outcomes([(d, self.seat)])[d, self.seat]
        plan, team = self.rules.plan, self.team
        tricks = o.ns_tricks if team == 0 else 8 - o.ns_tricks
        last = np.where(tricks == 8, max(plan.capot_last_trick, plan.last_trick[d]),
                        (o.last_team == team) * plan.last_trick[d])
        table = mode_tables(self.rules)[d]
        scale = max(1.0, 8 * table.trick_value / (self.rules.card_total[d] + plan.last_trick[d]))
        most = (scale * (o.card_points[:, team] + last) + o.announcements[:, team]
                + o.belote[:, team] * plan.belote_value)
        return float(most.max())

    def standing(self, double: int) -> Contract | None:
        """The standing contract with `double` (None when nobody has bid)."""
        s = self.state
        if s.seat is None:
            return None
        return Contract(s.seat, s.value, s.denomination or 0, double)

    def margins(self, contracts: list[Contract | None]) -> np.ndarray:
        """Per contract and deal read, our score − theirs (0 for None: a redeal)."""
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
        """Per (denomination, declarer), the outcomes of the learned deals like this one."""
        deal, table = self.deal, table_cache.tables(self.rules)
        turn = (DEALER - deal.dealer) % 4  # real seat + turn = learned seat (dealer West)
        shown = [((s + turn) % 4, d, least, most) for s, d, least, most in self.shown]
        hand = deal.hands[self.seat]
        for d, declarer in questions:
            if (d, declarer) not in self._read:
                rows = table.select(d, (declarer + turn) % 4, (self.seat + turn) % 4, hand,
                                    _own_worth(self.rules, hand, d), shown, self.bot.samples)
                self._read[d, declarer] = table.outcomes(d, rows, declarer)
        return {q: self._read[q] for q in questions}


def _own_worth(rules: CompiledRules, hand: int, d: int) -> float:
    """The heuristic estimate of one hand at `d` (`_worth`'s, by the scalar evaluation: the
    same number, tested), rounded as the tables round it."""
    return float(np.rint(evaluate_compiled(rules, mode_tables(rules)[d], hand)[1]))


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
    compete at the next level), measured at its longest suit (denomination -1); a coinche
    sets `least` at the contract's denomination (`COINCHE_POINTS`)."""
    least: dict[int, tuple[int, int]] = {}
    doubted: list[tuple[int, int, int, int]] = []
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
        elif call.kind == "coinche" and other != seat and standing is not None:
            doubted.append((other, standing.denomination, COINCHE_POINTS, NO_LIMIT))
    shown = [(s, d, p, NO_LIMIT) for s, (d, p) in least.items()] + doubted
    shown += [(s, -1, 0, p) for s, p in most.items() if s not in least]
    return tuple(sorted(shown))


NO_LIMIT = 10_000


def _next(values: tuple[int, ...], value: Any) -> int | None:
    if not isinstance(value, int):
        return None
    return next((v for v in values if v > value), None)

