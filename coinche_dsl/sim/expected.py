"""The `expected` bidder: every call it may make is valued by the score its side can expect
under the variant's own scoring, and it makes the call worth most.

How a call is valued: the bot reads the ruleset's learned deals (`learned`, cached on disk per
fingerprint by `table_cache`: deals played once by the batch engine, with its greedy policy,
at every denomination and declarer's seat). For each (denomination, declarer) in question it
selects the `SAMPLES` learned deals where the seat in its own place holds a hand the
heuristic estimates like its own, and the other seats' hands fit best what their calls showed
(a bid: a hand worth at least the bid, less `BID_SLACK`; a pass: a hand not worth competing).
The engine's own scoring (`batch.scoring.score_arrays`) then scores those outcomes under
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

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..engine.facts import Contract
from ..engine.rules import CompiledRules
from . import table_cache
from .bidding import AuctionState, auction_state
from .bots import HeuristicBot
from .hands import mode_tables
from .learned import DEALER, Learned, shown_array
from .valuation import evaluate_compiled, misfit, worth

SAMPLES = 48
"""Learned deals read per (denomination, declarer) asked about."""
CAUTION = 2.0
"""Standard errors by which a call must beat passing (see `confident_gain`)."""
DENOMINATIONS = 2
"""The hand's best denominations by the heuristic estimate that are valued for its own
bids (a partner's standing denomination is always added)."""
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
        ask = Asker(self, deal, deal.to_act, auction_state(deal))
        return calls[choose_calls([(ask, calls)])[0]]

    def choose_out_of_turn(self, deal: Any, seat: int) -> Any:
        """A coinche out of turn when it beats letting the contract stand (`confident_gain`)."""
        calls = [c for c in deal.out_of_turn_calls(seat) if c.kind == "coinche"]
        if not calls:
            return None
        ask = Asker(self, deal, seat, auction_state(deal))
        return calls[0] if coinches_out_of_turn([ask])[0] else None


def confident_gain(call: np.ndarray, stay: np.ndarray) -> np.ndarray:
    """How much each call beats passing, per deal read, prudently: the mean of the
    paired differences minus `CAUTION` standard errors of that mean (`call`: one row per
    call, or one call; one column per deal read; `stay` one row, or one per call).

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
    out: np.ndarray = diffs.mean(axis=-1) - CAUTION * np.sqrt(var / n)
    return out


def call_gains(bot: Any, deal: Any, seat: int, calls: list[Any]) -> list[float]:
    """Each call's `confident_gain` over passing for `seat`'s side (0 for pass; -inf for the
    bids at denominations not valued, and for the numbers above anything the side scores in
    the deals read: `_reaches`)."""
    ask = Asker(bot, deal, seat, auction_state(deal))
    (valued, gains), = _gains([(ask, calls)])
    out = [0.0 if c.kind == "pass" else float("-inf") for c in calls]
    for i, g in zip(valued, gains.tolist(), strict=True):
        out[i] = g
    return out


def choose_calls(asks: Sequence[tuple[Asker, list[Any]]]) -> list[int]:
    """For each (asker, its legal calls, two or more), the index of the call it makes: the
    greatest `call_gains`, the first of equals, all valued together."""
    chosen = []
    for (valued, gains) in _gains(asks):
        best, best_gain = 0, float("-inf")
        for i, g in zip(valued, gains.tolist(), strict=True):
            if g > best_gain or g == best_gain and i < best:
                best, best_gain = i, g
        chosen.append(best)  # nothing valued above -inf: the first call, as max() takes it
    return chosen


def coinches_out_of_turn(asks: Sequence[Asker]) -> list[bool]:
    """For each asker (a seat offered a coinche out of turn), whether it coinches: when the
    doubled contract beats letting it stand (`confident_gain` above 0), all valued together."""
    return [bool(g[0] > 0) for _, g in _gains([(a, [_COINCHE]) for a in asks])]


class _CoincheAsked:
    kind = "coinche"
    denomination = None


_COINCHE = _CoincheAsked()


class Asker:
    """The questions one seat asks at one moment of one auction.

    `bot` answers the heuristic estimates (`estimate(deal, seat, d)`) and says how many
    learned deals a question reads (`samples`); `points`, when given, are the seat's
    estimates per denomination already computed (the array path), read instead."""

    def __init__(self, bot: Any, deal: Any, seat: int, state: AuctionState,
                 points: Sequence[float] | None = None):
        self.bot, self.deal, self.seat, self.state = bot, deal, seat, state
        self.rules = deal.rules
        self.team = seat & 1
        self.turn = (DEALER - deal.dealer) % 4  # real seat + turn = learned seat (dealer West)
        self.shown = tuple(((s + self.turn) % 4, d, least, most)
                           for s, d, least, most in _calls_shown(deal, seat))
        self.hand = deal.hands[seat]
        self.points = points
        self.samples = getattr(bot, "samples", SAMPLES)

    def estimate(self, d: int) -> float:
        """The heuristic estimate of this seat's hand at `d`."""
        if self.points is not None:
            return self.points[d]
        return float(self.bot.estimate(self.deal, self.seat, d))

    def own_worth(self, d: int) -> float:
        """The estimate of this seat's hand at `d`, rounded as the tables round it."""
        if self.points is not None:
            return float(np.rint(self.points[d]))
        return _own_worth(self.rules, self.hand, d)

    def denominations(self, legal: list[int]) -> set[int]:
        """The denominations worth valuing for this seat's own bids."""
        ranked = sorted(set(legal), key=lambda d: -self.estimate(d))
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

    def reach(self, d: int) -> float:
        """`_reaches` of this seat's own bid at `d`."""
        reads = _Reads([(self, d, self.seat)])
        return float(_reaches(reads, [(self, d)])[0])

    def margins(self, contracts: list[Contract | None]) -> np.ndarray:
        """Per contract and deal read, our score − theirs (0 for None: a redeal)."""
        known = [c for c in contracts if c is not None]
        reads = _Reads([(self, c.denomination, c.declarer) for c in known])
        out = np.zeros((len(contracts), self.samples))
        rows = [i for i, c in enumerate(contracts) if c is not None]
        if rows:
            out[rows] = reads.margins([(self, c) for c in known])
        return out


class _Reads:
    """The learned deals like the one at the table, read for many questions at once: per
    (asker, denomination, declarer), the `samples` deals its `Learned.select_many` selects
    (one selection of array operations for all), and their outcomes."""

    def __init__(self, questions: Sequence[tuple[Asker, int, int]]):
        self.index: dict[tuple[Asker, int, int], int] = {}
        asked: list[tuple[Asker, int, int]] = []
        for a, d, declarer in questions:
            if (a, d, declarer) not in self.index:
                self.index[a, d, declarer] = len(asked)
                asked.append((a, d, declarer))
        self.table: Learned | None = None
        self.rows: np.ndarray | None = None
        if not asked:
            return
        samples = {a.samples for a, _, _ in asked}
        if len(samples) != 1:
            raise ValueError("questions read at once read the same number of deals")
        a0 = asked[0][0]
        table: Learned = table_cache.tables(a0.rules)
        dens = np.array([q[1] for q in asked], dtype=np.int64)
        declarers = np.array([q[2] for q in asked], dtype=np.int64)
        turn = np.array([a.turn for a, _, _ in asked], dtype=np.int64)
        seats = np.array([a.seat for a, _, _ in asked], dtype=np.int64)
        rows = table.select_many(
            dens, (declarers + turn) % 4, (seats + turn) % 4,
            np.array([a.hand for a, _, _ in asked], dtype=np.int64),
            np.array([a.own_worth(dd) for a, dd, _ in asked]),
            shown_array([a.shown for a, _, _ in asked]), samples.pop())
        self.table, self.rows = table, rows

    def row(self, a: Asker, d: int, declarer: int) -> int:
        return self.index[a, d, declarer]

    def margins(self, asked: Sequence[tuple[Asker, Contract]]) -> np.ndarray:
        """(len(asked), samples): per (asker, contract), the asker's side's score minus the
        other's over the deals read at the contract's (denomination, declarer)."""
        assert self.table is not None
        index = self.table.value_index
        return self.values(
            np.array([self.row(a, c.denomination, c.declarer) for a, c in asked], dtype=np.intp),
            np.array([index[c.bid] for _, c in asked], dtype=np.intp),
            np.array([c.double for _, c in asked], dtype=np.intp),
            np.array([a.team == c.declarer & 1 for a, c in asked], dtype=bool))

    def values(self, question: np.ndarray, value: np.ndarray, double: np.ndarray,
               ours: np.ndarray) -> np.ndarray:
        """(c, samples): for c contracts, each over the deals read for its `question` (the
        row of its (asker, denomination, declarer)), at the bid `value` (its column in
        `Learned.values`) and `double`, the asker's side's score minus the other's (`ours`:
        the asker's side declares), scored by the engine's scoring (`Learned.margins`)."""
        assert self.table is not None and self.rows is not None
        declaring = self.table.margins(self.rows[question], value, double)
        out: np.ndarray = np.where(ours[:, None], declaring, -declaring)
        return out


def _reaches(reads: _Reads, asked: Sequence[tuple[Asker, int]]) -> np.ndarray:
    """Per (asker, denomination d): the most the asker's side scores in any deal read for its
    own bid at `d` (`Learned.reach`). A number above it is a bid no deal makes, worse than a
    lower one: it is not valued (that saves scoring the dozens of numbers a variant without a
    highest bid allows)."""
    if not asked:
        return np.zeros(0)
    assert reads.table is not None and reads.rows is not None
    q = np.array([reads.row(a, d, a.seat) for a, d in asked], dtype=np.intp)
    out: np.ndarray = reads.table.reach[reads.rows[q]].max(axis=1)
    return out


def _gains(asks: Sequence[tuple[Asker, Sequence[Any]]]) -> list[tuple[list[int], np.ndarray]]:
    """Per (asker, calls): the indices of the calls valued (every coinche and surcoinche, the
    pass, and the bids at the denominations valued within reach) and their `confident_gain`
    over passing (0 for the pass); every other call is worth -inf. All the askers' deals are
    read, and all their contracts scored, together."""
    tried: list[list[int]] = []
    questions: list[tuple[Asker, int, int]] = []
    for a, calls in asks:
        ds = sorted(a.denominations([c.denomination for c in calls if c.kind == "bid"]))
        tried.append(ds)
        questions += [(a, d, a.seat) for d in ds]
        s = a.state
        if s.seat is not None:
            questions.append((a, s.denomination or 0, s.seat))
    reads = _Reads(questions)
    reach = iter(_reaches(reads, [(a, d) for (a, _), ds in zip(asks, tried, strict=True)
                                  for d in ds]).tolist())
    index = reads.table.value_index if reads.table is not None else {}
    # The contracts valued, as columns: question row, bid column, double, our side declares.
    question: list[int] = []
    value: list[int] = []
    double: list[int] = []
    ours: list[bool] = []
    plan: list[tuple[int, list[int], int, list[int]]] = []
    for (a, calls), ds in zip(asks, tried, strict=True):
        own = {d: (reads.row(a, d, a.seat), next(reach)) for d in ds}
        s = a.state
        stay = -1
        if s.seat is not None:
            stay, standing = len(question), reads.row(a, s.denomination or 0, s.seat)
            mine = s.seat & 1 == a.team
            question.append(standing)
            value.append(index[s.value])
            double.append(s.double)
            ours.append(mine)
        first = len(question)
        valued, passes = [], []
        for i, call in enumerate(calls):
            kind = call.kind
            if kind == "bid":
                found = own.get(call.denomination)
                v = call.value
                if found is None or v.__class__ is int and v > found[1]:
                    continue
                question.append(found[0])
                value.append(index[v])
                double.append(0)
                ours.append(True)
            elif kind == "coinche" or kind == "surcoinche":
                question.append(standing)
                value.append(index[s.value])
                double.append(s.double + 1)
                ours.append(mine)
            else:
                if kind == "pass":
                    passes.append(i)
                continue
            valued.append(i)
        plan.append((stay, valued, first, passes))
    values = reads.values(np.array(question, dtype=np.intp), np.array(value, dtype=np.intp),
                          np.array(double, dtype=np.intp), np.array(ours, dtype=bool)
                          ) if question else np.zeros((0, SAMPLES))
    # Each valued contract against passing: the asker's standing contract (0 when none).
    against = np.array([stay for stay, valued, _, _ in plan for _ in valued], dtype=np.intp)
    called = np.array([first + j for _, valued, first, _ in plan for j in range(len(valued))],
                      dtype=np.intp)
    stays = np.vstack([values, np.zeros((1, values.shape[1]))])[against]  # -1: the zero row
    gains = confident_gain(values[called], stays).tolist() if len(called) else []
    out, at = [], 0
    for _, valued, _, passes in plan:
        mine_gains = gains[at:at + len(valued)]
        at += len(valued)
        out.append((valued + passes, np.array(mine_gains + [0.0] * len(passes))))
    return out


def _own_worth(rules: CompiledRules, hand: int, d: int) -> float:
    """The heuristic estimate of one hand at `d` (`valuation.worth`'s, by the scalar
    evaluation: the same number, tested), rounded as the tables round it."""
    return float(np.rint(evaluate_compiled(rules, mode_tables(rules)[d], hand)[1]))


def calls_misfit(deal: Any, seat: int, deals: np.ndarray) -> np.ndarray:
    """Per deal of `deals` ((n, 4) initial hands), how far the other seats' hands fall from
    what their calls in `deal`'s auction said (0: every hand fits)."""
    out = np.zeros(len(deals))
    for other, d, least, most in _calls_shown(deal, seat):
        out += misfit(worth(deal.rules, deals[:, other], d), least, most)
    return out


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

