"""The `expected` bidder: every call it may make is valued by the score its side can expect
under the variant's own scoring, and it makes the call worth most.

How a call is valued: the bot imagines `SAMPLES` deals consistent with what it knows (its hand;
the other bidders' hands drawn so that each looks worth its bid, see `worlds.likely_split`),
and the engine plays each one out at the contract in question with the heuristic card play.
Each played deal gives `DealFacts` (card points, tricks, last trick, announcements, belote);
the engine's own `score_facts` then scores those facts under every contract the bot could
reach from there (each bid level, undoubled, coinched or surcoinched). A call's value is the
mean of (our side's score − the other side's) over the imagined deals:

- pass: the standing contract as it is (0 when nobody has bid: the deal is dealt again);
- a bid: that contract declared by the bot;
- coinche / surcoinche: the standing contract with the double raised.

So a variant that pays capot more makes capot bids worth more, a floor of 82 card points makes
80 bids fail more often and so worth less, a coinche ×10 makes coinching a shaky contract pay:
the bot reads all of it through the scoring, with nothing about any variant written here.

Cost is kept low: one set of imagined deals serves every bid level and double at a
denomination (only the scoring is repeated), only the `DENOMINATIONS` best-looking
denominations of the hand are played out, and played deals are cached per (ruleset
fingerprint, dealer, seat, hand, what the auction showed) within a process. The imagined deals
are seeded from that key alone (without the fingerprint), so a bot's choices never depend on
what ran before it in the same process (simulations stay identical whatever `--jobs`).
"""

from __future__ import annotations

import hashlib
import math
import random
from typing import Any

from ..engine.announcements import find_announcements
from ..engine.compiled import CompiledRules
from ..engine.deal import Deal
from ..engine.facts import Contract, DealFacts
from ..engine.scoring import score_facts
from . import cardplay
from .bidding import AuctionState, auction_state
from .bots import HeuristicBot, evaluate
from .worlds import likely_split

SAMPLES = 16
"""Deals imagined per question (hand, what the auction showed, contract's denomination)."""
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
STEPS = 30
"""Card swaps tried per imagined bidder to make its hand worth its calls."""
CACHE_LIMIT = 5000
"""Played-out questions kept per process before the cache is emptied."""

_OUTCOMES: dict[tuple[Any, ...], list[DealFacts]] = {}
_WORLDS: dict[tuple[Any, ...], list[list[int]]] = {}


class ExpectedBot(HeuristicBot):
    """Bids, coinches and surcoinches by expected score; plays and declares like the heuristic
    bot (whose card play is also the playout policy)."""

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
        gain = confident_gain(ask.standing(state.double + 1), ask.standing(state.double))
        return calls[0] if gain > 0 else None


def confident_gain(call: list[int], stay: list[int]) -> float:
    """How much a call beats passing, per imagined deal, prudently: the mean of the paired
    differences minus `CAUTION` standard errors of that mean.

    The bot picks the best of many estimates made from a few deals; the best one is likely
    to be lucky (a winner's curse that made the bot overbid and overcoinche by about 50
    points a deal when it took the plain means). Asking each call to beat passing by a margin
    of its own uncertainty removes most of that luck, whatever the scoring."""
    diffs = [a - b for a, b in zip(call, stay, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
    return mean - CAUTION * math.sqrt(var / n)


def call_gains(bot: ExpectedBot, deal: Any, seat: int, calls: list[Any]) -> list[float]:
    """Each call's `confident_gain` over passing for `seat`'s side (0 for pass; -inf for the
    bids at denominations not played out)."""
    state = auction_state(deal)
    ask = _Asker(bot, deal, seat, state)
    tried = ask.denominations([c.denomination for c in calls if c.kind == "bid"])
    stay = ask.standing(state.double)
    gains = []
    for call in calls:
        if call.kind == "pass":
            gains.append(0.0)
        elif call.kind in ("coinche", "surcoinche"):
            gains.append(confident_gain(ask.standing(state.double + 1), stay))
        elif call.denomination in tried:
            gains.append(confident_gain(
                ask.values(Contract(seat, call.value, call.denomination, 0)), stay))
        else:
            gains.append(float("-inf"))
    return gains


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

    def standing(self, double: int) -> list[int]:
        """Per imagined deal, the standing contract's value with `double` (0 without one)."""
        s = self.state
        if s.seat is None:
            return [0] * self.bot.samples
        return self.values(Contract(s.seat, s.value, s.denomination or 0, double))

    def values(self, contract: Contract) -> list[int]:
        """Per imagined deal, our score − theirs at `contract`."""
        facts = self._outcomes(contract.denomination, contract.declarer)
        us, them = ("NS", "EW") if self.team == 0 else ("EW", "NS")
        out = []
        for f in facts:
            f.contract = contract  # the play does not depend on the bid or the double
            scores = score_facts(self.rules, f).scores
            out.append(scores[us] - scores[them])
        return out

    def _outcomes(self, d: int, declarer: int) -> list[DealFacts]:
        deal = self.deal
        base = (self.rules.fingerprint, deal.dealer, self.seat,
                deal.hands[self.seat], self.shown, self.bot.samples)
        key = (*base, d, declarer)
        facts = _OUTCOMES.get(key)
        if facts is None:
            if len(_OUTCOMES) >= CACHE_LIMIT:
                _OUTCOMES.clear()
                _WORLDS.clear()
            worlds = _WORLDS.get(base)
            if worlds is None:
                # Seeded without the fingerprint: two variants that play alike (differing
                # only in scoring, say) imagine the same deals, so that what differs between
                # their bids is the rules', not the samples' luck.
                rng = random.Random(_seed(base[1:]))
                worlds = _WORLDS[base] = [self._imagine(rng) for _ in range(self.bot.samples)]
            facts = [play_out(self.bot, deal, hands, d, declarer) for hands in worlds]
            _OUTCOMES[key] = facts
        return facts

    def _imagine(self, rng: random.Random) -> list[int]:
        deal, seat = self.deal, self.seat
        unseen = sum(deal.hands) - deal.hands[seat]
        sizes = [h.bit_count() for h in deal.hands]
        tables, rules = self.bot.tables(deal), self.rules
        wants = [(other, _shortfall(tables, rules, d, least, most))
                 for other, d, least, most in self.shown]
        hands = likely_split(rng, unseen, sizes, seat, wants, STEPS)
        hands[seat] = deal.hands[seat]
        return hands


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


def _shortfall(tables: Any, rules: CompiledRules, d: int, least: int, most: int) -> Any:
    """`shortfall(hand)`: how far a hand's heuristic estimate at `d` (at its longest suit
    when `d` is -1) falls outside [least - BID_SLACK, most + BID_SLACK]."""
    def shortfall(hand: int) -> float:
        den = d if d >= 0 else max(range(4), key=lambda s: (hand >> 8 * s & 0xFF).bit_count())
        worth = evaluate(tables[den], hand, rules)[1]
        return max(0.0, least - BID_SLACK - worth) + max(0.0, worth - most - BID_SLACK)
    return shortfall


def _seed(key: tuple[Any, ...]) -> int:
    return int.from_bytes(hashlib.sha256(repr(key).encode()).digest()[:8], "big")


def play_out(bot: HeuristicBot, deal: Any, hands: list[int], d: int, declarer: int
             ) -> DealFacts:
    """The facts of `hands` (dealt by `deal.dealer`) played out by the heuristic card play
    at a contract at denomination `d` declared by `declarer` (its bid and double do not change
    the play: scoring sets them afterwards)."""
    sim = Deal(deal.rules, deal.dealer, hands=hands)
    while sim.phase == "auction":
        calls = sim.legal_calls()
        call = calls[0]  # pass comes first
        if sim.to_act == declarer and sim.auction.bid is None:
            call = next((c for c in calls if c.kind == "bid" and c.denomination == d), call)
        sim.apply(call)
    table = bot.tables(sim)[d]
    rules, declared = sim.rules, [False] * 4
    while sim.phase == "play":
        seat = sim.to_act
        if not declared[seat]:
            declared[seat] = True
            combos = find_announcements(sim.hands[seat], d, rules)
            sim.declare(seat, [c.mask for c in combos], True)
        sim.play(cardplay.choose_card(table, sim))
    return sim.facts()
