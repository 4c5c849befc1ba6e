"""Why a call is illegal, and the rule that says so: the explanations of `Auction.check`.

Kept apart from the state machine (`auction.py`), which only needs them when a call is refused.
"""

from __future__ import annotations

from ..cards import SEATS
from ..model.enums import AfterCoinche, CoincheTiming, RaiseOwn, Reentry
from .auction import Auction, Call, bid_key
from .facts import DENOMINATION_WORDS


def why_not(auction: Auction, call: Call) -> tuple[str, str]:
    """Why `call` is illegal now, and the rule that says so (checked in order)."""
    r, seat, bid, cite = auction.rules, call.seat, auction.bid, auction.rules.cite
    if seat != auction.to_act and (call.kind not in ("coinche", "surcoinche")
                                   or r.coinche != CoincheTiming.ANY_TIME):
        return (f"it is {SEATS[auction.to_act]}'s turn to speak, not {SEATS[seat]}'s; only "
                f"a coinche may come out of turn, and only under 'coinche any_time' "
                f"({cite('auction', 'coinche')})",
                "auction.coinche" if call.kind == "coinche" else "auction.turn")
    if auction.closing and call.kind == "bid":
        return (f"the calls are over; only a coinche or surcoinche is left: "
                f"{cite('auction', 'closing_coinche')}", "auction.closing_coinche")
    if r.reentry == Reentry.SPEAK_ONCE and auction.spoke[seat] and not auction.closing:
        return f"each player speaks once: {cite('auction', 'reentry')}", "auction.reentry"
    if call.kind == "bid":
        return _why_not_bid(auction, call)
    if call.kind == "coinche":
        return _why_not_coinche(auction, call)
    if bid is None or auction.double != 1:
        return "only a coinched bid can be surcoinched", "auction.surcoinche"
    if not r.surcoinche:
        return f"no surcoinche: {cite('auction', 'surcoinche')}", "auction.surcoinche"
    return "only the doubled side may surcoinche", "auction.surcoinche"

def _why_not_coinche(auction: Auction, call: Call) -> tuple[str, str]:
    r, bid, cite = auction.rules, auction.bid, auction.rules.cite
    if r.coinche == CoincheTiming.NONE:
        return f"no coinche: {cite('auction', 'coinche')}", "auction.coinche"
    if bid is None:
        return "there is no bid to coinche", "auction.coinche"
    if auction.double:
        return "the bid is already coinched", "auction.coinche"
    if (call.seat - bid.seat) & 1 == 0:
        return f"only an opponent of {SEATS[bid.seat]} may coinche", "auction.coinche"
    return (f"a {bid.value} cannot be coinched: {cite('auction', 'coinche_capot')}",
            "auction.coinche_capot")

def _why_not_bid(auction: Auction, call: Call) -> tuple[str, str]:
    r, seat, bid, cite = auction.rules, call.seat, auction.bid, auction.rules.cite
    if call.denomination not in r.denominations:
        return (f"{DENOMINATION_WORDS[call.denomination or 0]} may not be bid: "
                f"{cite('auction', 'denominations')}", "auction.denominations")
    if isinstance(call.value, int) and call.value not in r.bid_values:
        return (f"{call.value} is not a bid: bids run "
                f"{', '.join(map(str, r.bid_values[:4]))}… ({cite('auction', 'minimum_bid')}, "
                f"{cite('auction', 'step')}, {cite('auction', 'maximum_bid')})",
                "auction.step")
    if call.value == "capot" and not r.capot or call.value == "generale" and not r.generale:
        return (f"{call.value} may not be bid: {cite('auction', str(call.value))}",
                f"auction.{call.value}")
    if r.reentry == Reentry.FORBIDDEN and auction.passed[seat]:
        return f"a player who passed may not bid: {cite('auction', 'reentry')}", \
            "auction.reentry"
    if auction.double and r.after_coinche != AfterCoinche.BIDDING_CONTINUES:
        return (f"a doubled contract cannot be raised: {cite('auction', 'after_coinche')}",
                "auction.after_coinche")
    if bid is not None and bid.seat == seat and r.raise_own != RaiseOwn.ALLOWED and (
            r.raise_own != RaiseOwn.WITH_SUIT_CHANGE or call.denomination == bid.denomination):
        return f"the highest bid is your own: {cite('auction', 'raise_own')}", \
            "auction.raise_own"
    if bid is not None and bid_key(r, call.value, call.denomination) <= auction.key:  # type: ignore[arg-type]
        return (f"it does not beat {bid.value} {DENOMINATION_WORDS[bid.denomination or 0]}: "
                f"{cite('auction', 'ranked_denominations')}", "auction.ranked_denominations")
    return (f"bids go up one level at a time, the next is {auction._next_level()}: "
            f"{cite('auction', 'jumps')}", "auction.jumps")
