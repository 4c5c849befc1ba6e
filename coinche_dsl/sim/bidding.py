"""The heuristic bot's auction: bid what the hand is worth, support a partner once, coinche a
contract the opponents look unlikely to make, surcoinche when clearly safe.

Only calls from `deal.legal_calls()` are ever returned, so the variant's minimum, step, jumps,
denominations, capot, générale and coinche rules are obeyed without being read here.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import SUIT_MASKS, cards_of
from .hands import losers, top_tricks

CAPOT_TRICKS = 7.0
"""Tricks a hand must expect by itself before bidding capot."""
GENERALE_TRICKS = 7.8
HONOUR_POINTS = 10
"""A trump worth this many points or more counts as an honour in defence (J 9 A 10 in most
tables)."""
NO_TRUMP_COINCHE_MASTERS = 4
"""Masters a defender needs to coinche a contract without trumps."""
SURCOINCHE_MARGIN = 20
SWITCH_MARGIN = 30
"""A player overcalls a partner in another denomination only when this much better."""
SPECIAL_KEY = {"capot": 10_000, "generale": 20_000}


@dataclass
class AuctionState:
    """What the calls so far say: the standing bid, who made it, doubles, who has bid."""

    seat: int | None = None
    value: Any = None
    denomination: int | None = None
    double: int = 0
    bidders: frozenset[int] = frozenset()


def bid_key(value: Any) -> int:
    """Bids in increasing order: numbers, then capot, then générale."""
    return SPECIAL_KEY[value] if isinstance(value, str) else int(value)


def auction_state(deal: Any) -> AuctionState:
    """The standing bid read from the calls in `deal.history`."""
    state = AuctionState()
    bidders: set[int] = set()
    for action in deal.history:
        kind = getattr(action, "kind", None)
        if kind == "bid":
            state.seat, state.value = action.seat, action.value
            state.denomination, state.double = action.denomination, 0
            bidders.add(action.seat)
        elif kind == "coinche":
            state.double = 1
        elif kind == "surcoinche":
            state.double = 2
    state.bidders = frozenset(bidders)
    return state


def choose_call(bot: Any, deal: Any) -> Any:
    """The heuristic bot's call: a double when warranted, else its best bid, else pass."""
    calls = deal.legal_calls()
    seat, state = deal.to_act, auction_state(deal)
    split = _split(calls, deal.rules.cache)
    by_kind = split.by_kind
    if state.seat is not None and state.seat % 2 != seat % 2 and "coinche" in by_kind:
        if should_coinche(bot, deal, seat, state):
            return by_kind["coinche"]
    if state.seat is not None and state.seat % 2 == seat % 2 and "surcoinche" in by_kind:
        if bot.estimate(deal, seat, state.denomination) >= bid_key(state.value) + SURCOINCHE_MARGIN:
            return by_kind["surcoinche"]
    choice = _best_bid(bot, deal, seat, state, split) if split.by_denomination else None
    return choice or by_kind.get("pass") or calls[0]


class _Split(NamedTuple):
    """The legal calls sorted out for the bot (see `_split`)."""

    calls: list[Any]
    by_kind: dict[str, Any]
    """The last call of each kind other than a bid."""
    by_denomination: dict[int, list[Any]]
    """The bids of each denomination, in their order."""
    ladders: dict[int, tuple[list[Any], list[Any]]]
    """Per denomination, its numeric bid values in increasing order and the first bid of each."""


_SPLITS_KEPT = 4096


def _split(calls: list[Any], cache: dict[Any, Any]) -> _Split:
    """The legal calls sorted out in one pass (a few hundred of them where bids run up to 500),
    kept in `cache`: the auction hands out the same calls, in the same list, in the same
    situations. A kept split serves only a list equal to the one it was made from (keyed by
    its length and its second and last calls, frozen values)."""
    memo = cache.setdefault("bot_call_splits", {})
    key = (len(calls), calls[1] if len(calls) > 1 else None, calls[-1] if calls else None)
    split = memo.get(key)
    if split is not None and split.calls == calls:
        return split  # type: ignore[no-any-return]
    by_kind: dict[str, Any] = {}
    by_denomination: dict[int, list[Any]] = {}
    for c in calls:
        if c.kind != "bid":
            by_kind[c.kind] = c
            continue
        same = by_denomination.get(c.denomination)
        if same is None:
            by_denomination[c.denomination] = [c]
        else:
            same.append(c)
    split = _Split(list(calls), by_kind, by_denomination,
                   {d: _ladder(bids) for d, bids in by_denomination.items()})
    if len(memo) >= _SPLITS_KEPT:
        memo.clear()
    memo[key] = split
    return split


def _ladder(bids: list[Any]) -> tuple[list[Any], list[Any]]:
    """The numeric values of `bids` in increasing order, and the first bid of each value."""
    first: dict[Any, Any] = {}
    for c in bids:
        if not isinstance(c.value, str) and c.value not in first:
            first[c.value] = c
    values = sorted(first)
    return values, [first[v] for v in values]


def out_of_turn(bot: Any, deal: Any, seat: int) -> Any:
    """A coinche out of turn when `should_coinche` says so, else None."""
    coinche = next((c for c in deal.out_of_turn_calls(seat) if c.kind == "coinche"), None)
    state = auction_state(deal)
    if coinche is not None and should_coinche(bot, deal, seat, state):
        return coinche
    return None


def best_bid(bot: Any, deal: Any, seat: int, state: AuctionState, bids: list[Any]) -> Any:
    """The highest legal bid the hand can afford in its best denomination, or None."""
    return _best_bid(bot, deal, seat, state, _split(bids, {}))


def _best_bid(bot: Any, deal: Any, seat: int, state: AuctionState, split: _Split) -> Any:
    """`best_bid`, the bids sorted out by `_split`."""
    if state.seat == seat:
        return None  # never outbid oneself: the standing bid already says what the hand is worth
    partner_holds = state.seat is not None and state.seat % 2 == seat % 2
    best, best_score = None, float("-inf")
    for d in sorted(split.by_denomination):
        worth = _worth(bot, deal, seat, state, d, partner_holds)
        if worth is None:
            continue
        call = _afford(bot, deal, seat, d, worth, split.by_denomination[d], split.ladders[d])
        if call is not None and worth > best_score:
            best, best_score = call, worth
    return best


def _worth(bot: Any, deal: Any, seat: int, state: AuctionState, d: int,
           partner_holds: bool) -> float | None:
    """What `seat` may bid at `d` (None: do not bid it), given who holds the standing bid."""
    own = bot.estimate(deal, seat, d)
    if not partner_holds:
        return own
    if seat in state.bidders:
        return None  # support a partner once, so that two partners do not raise each other forever
    standing = bid_key(state.value)
    if d == state.denomination:
        table = bot.tables(deal)[d]
        return standing + 0.6 * table.trick_value * max(0.0, bot.tricks(deal, seat, d) - 1.0)
    return own if own >= standing + SWITCH_MARGIN else None


def _afford(bot: Any, deal: Any, seat: int, d: int, worth: float, bids: list[Any],
            ladder: tuple[list[Any], list[Any]]) -> Any:
    """Among the legal bids at `d`, the highest numeric one within `worth` (`ladder`: their
    values in order, see `_ladder`), or a special bid when the hand expects (nearly) every
    trick."""
    if bot.tricks(deal, seat, d) >= CAPOT_TRICKS:
        special = _special(bot, deal, seat, d, bids)
        if special is not None:
            return special
    values, calls = ladder
    i = bisect_right(values, worth)
    return calls[i - 1] if i else None


def _special(bot: Any, deal: Any, seat: int, d: int, bids: list[Any]) -> Any:
    """Générale with no loser at all; capot with none, or one at a trump contract (the partner
    may cover it)."""
    specials = {c.value: c for c in bids if isinstance(c.value, str)}
    table = bot.tables(deal)[d]
    lost = losers(table, deal.hands[seat])
    if lost == 0 and bot.tricks(deal, seat, d) >= GENERALE_TRICKS and "generale" in specials:
        return specials["generale"]
    if "capot" in specials and (lost == 0 or lost <= 1 and table.trump is not None):
        return specials["capot"]
    return None


def should_coinche(bot: Any, deal: Any, seat: int, state: AuctionState) -> bool:
    """True when the contract looks doomed from this defender's seat.

    Measured on the heuristic bots' own contracts (which are made about four times in five):
    at a suit contract only a long trump holding in defence makes a failure likely (four
    trumps with an honour fail the contract more than half the time); without trumps, a hand
    of masters. A capot or générale falls to one sure trick.
    """
    table = bot.tables(deal)[state.denomination]
    hand = deal.hands[seat]
    masters = top_tricks(table, hand)
    if isinstance(state.value, str):
        return masters >= 1
    if table.trump is None:
        return masters >= NO_TRUMP_COINCHE_MASTERS
    trumps = hand & SUIT_MASKS[table.trump]
    honours = sum(1 for c in cards_of(trumps) if table.points[c] >= HONOUR_POINTS)
    length = trumps.bit_count()
    side_masters = masters - top_tricks(table, trumps)
    return (length >= 4 and honours >= 1) or (length >= 3 and honours >= 2 and side_masters >= 2)
