"""The heuristic bots' auction of one deal, from its hands' evaluations read off arrays.

The calls are `bidding.choose_call`'s and `bidding.out_of_turn`'s and the state machine is the
engine's `Auction`: the bots' questions are answered from the arrays of `batch_bots`
(`evaluate_hands`, `coinche_flags`), and the legal calls, where every bid above the highest is
open (`AuctionTables.plain_bids`: jumps allowed, no suit-change rule), are read from the
standing bid's sort key instead of being listed. Other rules ask `bidding` itself, with the
legal calls the engine lists. Calls are recorded without the engine's check (they are legal
by construction; `tests/test_fastsim.py` plays the same auctions through `Deal`, which checks).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from ..engine.auction import Auction, Call, bid_key
from ..engine.rules import CompiledRules
from ..model.enums import CoincheTiming
from . import bidding
from .bidding import (
    CAPOT_TRICKS,
    GENERALE_TRICKS,
    SURCOINCHE_MARGIN,
    SWITCH_MARGIN,
    AuctionState,
)
from .hands import losers, mode_tables


class Hands:
    """One deal's four hands and what the heuristic bot reads of them (lists per seat, then
    per denomination): `tricks` and `points` (`HeuristicBot.tricks`, `estimate`), whether it
    coinches a numeric (`coinche`) or special (`coinche_special`) contract, and `ladder`: how
    many of the rules' bid values are within `points` (`bisect_right`)."""

    __slots__ = ("cards", "tricks", "points", "coinche", "coinche_special", "ladder")

    def __init__(self, cards: list[int], tricks: list[list[float]], points: list[list[float]],
                 coinche: list[list[bool]], coinche_special: list[list[bool]],
                 ladder: list[list[int]]):
        self.cards, self.tricks, self.points = cards, tricks, points
        self.coinche, self.coinche_special, self.ladder = coinche, coinche_special, ladder


class _Bids:
    """The bids of `rules` by denomination: numeric values and their sort keys, the special
    bids' keys, and each denomination's highest key; the Calls made once."""

    def __init__(self, r: CompiledRules):
        self.values = list(r.bid_values)
        self.keys = [[bid_key(r, v, d) for v in self.values] for d in range(6)]
        self.special = [[(v, bid_key(r, v, d)) for v in ("generale", "capot")
                         if getattr(r, v)] for d in range(6)]
        self.top = [max([*self.keys[d], *(k for _, k in self.special[d])], default=-1)
                    for d in range(6)]
        self.denominations = sorted(r.denominations)
        self.calls: dict[tuple[int, Any, int], Call] = {}
        self.simple = r.auction_tables.simple
        self.tables = mode_tables(r)

    def call(self, seat: int, value: Any, d: int) -> Call:
        key = (seat, value, d)
        c = self.calls.get(key)
        if c is None:
            c = self.calls[key] = Call(seat, "bid", value, d)
        return c


def _bids(r: CompiledRules) -> _Bids:
    found: _Bids | None = r.cache.get("batch_auction_bids")
    if found is None:
        found = r.cache["batch_auction_bids"] = _Bids(r)
    return found


def auction(r: CompiledRules, dealer: int, hands: Hands) -> Any:
    """The contract four heuristic bots reach (`Contract`), or None when all pass: the calls
    of `engine.driver.play_deal`, in turn and (under `coinche any_time`) out of turn."""
    a = Auction(r, dealer)
    if not r.auction_tables.plain_bids:
        return _listed(r, a, hands)
    b = _bids(r)
    state = AuctionState()
    any_time = r.coinche == CoincheTiming.ANY_TIME
    while not a.over:
        _record(a, state, _choose(r, a, b, state, hands))
        if any_time:
            for k in range(1, 4):
                if a.over:
                    break
                seat = (a.to_act + k * r.step) & 3
                if _coinches(a, state, hands, seat):
                    _record(a, state, b.simple[seat][1])
    return a.contract()


def _record(a: Auction, state: AuctionState, call: Call) -> None:
    """Record `call` in the engine's auction and in `state` (`bidding.auction_state`)."""
    a._record(call)
    if call.kind == "bid":
        state.seat, state.value, state.denomination, state.double = (
            call.seat, call.value, call.denomination, 0)
        state.bidders = state.bidders | {call.seat}
    elif call.kind == "coinche":
        state.double = 1
    elif call.kind == "surcoinche":
        state.double = 2


def _coinches(a: Auction, state: AuctionState, hands: Hands, seat: int,
              ctx: Any = None) -> bool:
    """May `seat` coinche now, and would it (`bidding.should_coinche`)? (`ctx`: the seat's
    `Auction.context`, when known.)"""
    if state.denomination is None:
        return False
    flags = hands.coinche_special if isinstance(state.value, str) else hands.coinche
    return flags[seat][state.denomination] and a._may_coinche(ctx or a.context(seat))


def _choose(r: CompiledRules, a: Auction, b: _Bids, state: AuctionState, hands: Hands) -> Call:
    """`bidding.choose_call`, with every bid above the standing one open."""
    seat = a.to_act
    ctx = a.context(seat)
    if state.seat is not None:
        assert state.denomination is not None
        if state.seat % 2 != seat % 2:
            if _coinches(a, state, hands, seat, ctx):
                return b.simple[seat][1]
        elif a._may_surcoinche(ctx) and hands.points[seat][state.denomination] >= (
                bidding.bid_key(state.value) + SURCOINCHE_MARGIN):
            return b.simple[seat][2]
    if a._may_bid(ctx) and state.seat != seat:
        choice = _best_bid(a, b, state, hands, seat)
        if choice is not None:
            return choice
    return b.simple[seat][0]


def _best_bid(a: Auction, b: _Bids, state: AuctionState, hands: Hands, seat: int) -> Any:
    """`bidding._best_bid` over the denominations with a bid above the standing one (a
    denomination whose worth cannot beat the best so far is not looked at: `_afford` has no
    effect but its answer)."""
    partner_holds = state.seat is not None and state.seat % 2 == seat % 2
    if partner_holds and seat in state.bidders:
        return None  # `_worth` is None at every denomination
    best, best_score = None, float("-inf")
    standing = a.key
    own_points, own_tricks = hands.points[seat], hands.tricks[seat]
    for d in b.denominations:
        if b.top[d] <= standing:
            continue
        worth = own_points[d]
        i = hands.ladder[seat][d]
        if partner_holds:
            level = bidding.bid_key(state.value)
            if d == state.denomination:
                worth = level + 0.6 * b.tables[d].trick_value * max(0.0, own_tricks[d] - 1.0)
                i = bisect_right(b.values, worth)
            elif worth < level + SWITCH_MARGIN:
                continue
        if worth <= best_score:
            continue
        value = _afford(a, b, hands, seat, d, i)
        if value is not None:
            best, best_score = (value, d), worth
    return b.call(seat, *best) if best is not None else None


def _afford(a: Auction, b: _Bids, hands: Hands, seat: int, d: int, i: int) -> Any:
    """`bidding._afford`'s bid value: a special bid when the hand expects every trick, else
    the highest open numeric bid within its worth (`i`: how many bid values are within it)."""
    if hands.tricks[seat][d] >= CAPOT_TRICKS:
        special = _special(a, b, hands, seat, d)
        if special is not None:
            return special
    if i and b.keys[d][i - 1] > a.key:
        return b.values[i - 1]
    return None


def _special(a: Auction, b: _Bids, hands: Hands, seat: int, d: int) -> Any:
    """`bidding._special`'s bid value among the open special bids."""
    open_ = {v for v, k in b.special[d] if k > a.key}
    if not open_:
        return None
    table = b.tables[d]
    lost = losers(table, hands.cards[seat])
    if lost == 0 and hands.tricks[seat][d] >= GENERALE_TRICKS and "generale" in open_:
        return "generale"
    if "capot" in open_ and (lost == 0 or lost <= 1 and table.trump is not None):
        return "capot"
    return None


# -- other rules: the legal calls listed by the engine -----------------------------------

class _View:
    """What `bidding` and `expected` read of a deal during its auction."""

    __slots__ = ("rules", "hands", "auction", "known", "dealer")

    def __init__(self, r: CompiledRules, hands: Hands, a: Auction, dealer: int = 0):
        self.rules, self.hands, self.auction, self.known = r, hands.cards, a, hands
        self.dealer = dealer

    @property
    def to_act(self) -> int:
        return self.auction.to_act

    @property
    def history(self) -> list[Any]:
        return self.auction.calls

    def legal_calls(self) -> list[Any]:
        return self.auction.legal_calls()

    def out_of_turn_calls(self, seat: int) -> list[Any]:
        return self.auction.out_of_turn_calls(seat)


class _Bot:
    """`HeuristicBot`'s questions answered from `Hands`."""

    def __init__(self, hands: Hands, tables: Any):
        self.known, self.mode_tables = hands, tables

    def tables(self, deal: Any) -> Any:
        return self.mode_tables

    def estimate(self, deal: Any, seat: int, d: int) -> float:
        return self.known.points[seat][d]

    def tricks(self, deal: Any, seat: int, d: int) -> float:
        return self.known.tricks[seat][d]


def _listed(r: CompiledRules, a: Auction, hands: Hands) -> Any:
    view, bot = _View(r, hands, a), _Bot(hands, mode_tables(r))
    any_time = r.coinche == CoincheTiming.ANY_TIME
    while not a.over:
        a.apply(bidding.choose_call(bot, view))
        for k in range(1, 4) if any_time else ():
            if a.over:
                break
            seat = (a.to_act + k * r.step) & 3
            if a.out_of_turn_calls(seat):
                call = bidding.out_of_turn(bot, view, seat)
                if call is not None:
                    a.apply(call)
    return a.contract()


# -- with `expected` seats: many auctions in step ----------------------------------------

def auctions(r: CompiledRules, dealers: list[int], hands: list[Hands],
             expected: tuple[bool, bool, bool, bool]) -> list[Any]:
    """The contracts (or None) the bots reach in many deals, `expected` bots at the seats
    flagged, heuristic bots at the others: the calls of `engine.driver.play_deal` with
    `ExpectedBot` and `HeuristicBot` seated, in turn and (under `coinche any_time`) out of
    turn. The auctions move in step, one call (then each out-of-turn offer) per deal at a
    time, so that the `expected` seats' calls of every deal are valued together
    (`expected.choose_calls`: one selection of learned deals and one scoring for them all)."""
    from .expected import Asker, choose_calls, coinches_out_of_turn

    sold = [Auction(r, dealer) for dealer in dealers]
    views = [_View(r, h, a, dealer) for h, a, dealer in zip(hands, sold, dealers, strict=True)]
    bots = [_Bot(h, mode_tables(r)) for h in hands]
    any_time = r.coinche == CoincheTiming.ANY_TIME
    active = list(range(len(sold)))

    def asker(i: int, seat: int) -> Any:
        return Asker(bots[i], views[i], seat, bidding.auction_state(views[i]),
                      hands[i].points[seat])

    while active:
        asks, waiting = [], []
        for i in active:
            a = sold[i]
            if expected[a.to_act]:
                calls = a.legal_calls()
                if len(calls) == 1:
                    a.apply(calls[0])
                else:
                    asks.append((asker(i, a.to_act), calls))
                    waiting.append(i)
            else:
                a.apply(bidding.choose_call(bots[i], views[i]))
        for i, (_, calls), chosen in zip(waiting, asks, choose_calls(asks), strict=True):
            sold[i].apply(calls[chosen])
        for k in range(1, 4) if any_time else ():
            offers, offered = [], []
            for i in active:
                a = sold[i]
                if a.over:
                    continue
                seat = (a.to_act + k * r.step) & 3
                if not a.out_of_turn_calls(seat):
                    continue
                if not expected[seat]:
                    call = bidding.out_of_turn(bots[i], views[i], seat)
                    if call is not None:
                        a.apply(call)
                    continue
                coinche = [c for c in a.out_of_turn_calls(seat) if c.kind == "coinche"]
                if coinche:
                    offers.append(asker(i, seat))
                    offered.append((i, coinche[0]))
            for (i, call), yes in zip(offered, coinches_out_of_turn(offers), strict=True):
                if yes:
                    sold[i].apply(call)
        active = [i for i in active if not sold[i].over]
    return [a.contract() for a in sold]
