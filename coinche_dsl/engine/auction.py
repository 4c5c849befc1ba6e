"""Calls and the auction state machine, driven by `CompiledRules` (from `ruleset.auction`).

A call is `pass`, a bid (a number, `capot` or `generale`, and a denomination), `coinche` or
`surcoinche`; its text form is `N 80 hearts`, `E pass`, `W coinche`, `N capot spades`.

How the knobs read in the state machine (the documented contract of each `auction.*` field):

- A bid must beat the highest bid: by number (générale beats capot beats any number; with
  `capot_rank at_value`, capot ranks just above the number it is worth), or, with
  `ranked_denominations`, by an equal number in a higher denomination. Without `jumps`, a numeric
  bid is exactly the next level (capot and générale may always be bid).
- `reentry forbidden`: a player who passed may not bid again (a coinche or surcoinche is not a
  bid and stays open to them); `speak_once`: each player makes exactly one call, and the auction
  ends when all four have spoken.
- `raise_own`: when the highest bid is the player's own, `allowed` lets them outbid it,
  `with_suit_change` only in another denomination, `after_other_bid` and `forbidden` not at all
  (in this state machine an intervening bid means the highest bid is no longer theirs, so the
  two read the same).
- The auction ends after `end_passes` consecutive passes following a bid; four passes without
  a bid ask for a redeal. After a coinche: `ends_auction` ends it, `passes` ends it after three
  passes, `doubled_side_only` lets only the doubled side speak (it ends when both passed),
  `bidding_continues` lets anyone overbid (cancelling the coinche). A doubled contract cannot
  be raised otherwise. A surcoinche ends the auction when `surcoinche_ends_auction`, else three
  passes do.
- Coinche: only on the last bid, only by an opponent of its bidder, not twice; a capot or
  générale only with `coinche_capot`. `in_turn`: in one's turn; `any_time`: also out of turn
  (see `Auction.out_of_turn_calls`). Surcoinche: by the doubled side, on a coinched bid.
- `coinche_after_bidding`: no coinche during the bidding, only in that closing round.
- `closing_coinche`: when the calls would end on a bid, a closing round follows: if nobody
  coinched it, each of its opponents in turn may coinche or pass; once it is coinched (then or
  before), each player of its side in turn may surcoinche or pass. Nobody bids any more; the
  round ends at the first coinche / surcoinche that closes it, or when all asked have passed.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from ..cards import SEATS, SUIT_SYMBOLS
from ..errors import IllegalActionError, InputError
from ..model.enums import AfterCoinche, CoincheTiming, RaiseOwn, Reentry
from ..native_words import call_word, native
from .facts import DENOMINATION_WORDS, BidValue, Contract, Role, role_of
from .rules import CAPOT_KEY, GENERALE_KEY, CompiledRules

CallKind = Literal["pass", "bid", "coinche", "surcoinche"]
PASSES_AFTER_COINCHE = 3
"""After a coinche (`after_coinche passes`), the passes that end the auction: the three
other players', whatever `end_passes` says of a plain bid."""
_ALIASES = {"c": 0, "d": 1, "h": 2, "s": 3, "nt": 4, "at": 5, "notrump": 4, "alltrump": 5,
            **{sym: i for i, sym in enumerate(SUIT_SYMBOLS)},
            **{w.replace("-", ""): i for i, w in enumerate(DENOMINATION_WORDS)}}
DENOMINATION_FILE_WORDS = ("clubs", "diamonds", "hearts", "spades", "no_trump", "all_trump")
"""The denominations as a variant file writes them (what `native` translates to)."""


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction; `str(call)` is its text form and `parse_call` reads it back."""

    seat: int
    kind: CallKind
    value: int | Literal["capot", "generale"] | None = None
    """The bid's number, `capot` or `generale`; None unless `kind` is `bid`."""
    denomination: int | None = None
    """0..3 a trump suit (C D H S), 4 no-trump, 5 all-trump; None unless `kind` is `bid`."""

    def __str__(self) -> str:
        if self.kind != "bid":
            return f"{SEATS[self.seat]} {self.kind}"
        return f"{SEATS[self.seat]} {self.value} {DENOMINATION_WORDS[self.denomination or 0]}"

    def __repr__(self) -> str:
        return f"parse_call({str(self)!r})"


def parse_call(text: str) -> Call:
    """A call from its text form.

    >>> parse_call("N 80 hearts")
    parse_call('N 80 hearts')
    >>> parse_call("w Coinche").kind
    'coinche'
    >>> str(parse_call("S capot no_trump"))
    'S capot no-trump'

    The players' words are read too: `O contre`, `E surcontré`, `N passe`, `N 80 cœur`.
    """
    words = str(text).split()
    seat_word = words[0].upper() if words else ""
    seat_word = "W" if seat_word == "O" else seat_word  # ouest, oeste, ovest
    if len(words) < 2 or seat_word not in SEATS:
        raise InputError(f"cannot read call {text!r}; write a seat then pass, coinche, "
                         "surcoinche or a bid like 'N 80 hearts'", "call")
    seat, kind = SEATS.index(seat_word), words[1].lower()
    said = call_word(kind)
    if said is not None and len(words) == 2:
        return Call(seat, said)  # type: ignore[arg-type]
    if len(words) != 3:
        raise InputError(f"cannot read call {text!r}; a bid is a seat, a value and a "
                         "denomination, like 'N 80 hearts'", "call")
    value: int | Literal["capot", "generale"]
    if kind.isdigit():
        value = int(kind)
    elif kind in ("capot", "generale", "générale"):
        value = "generale" if kind.startswith("g") else "capot"
    else:
        raise InputError(f"unknown bid value {words[1]!r} in {text!r}", "call")
    key = words[2].lower().replace("_", "").replace("-", "")
    found = native(words[2], DENOMINATION_FILE_WORDS)
    if key not in _ALIASES and found is not None:
        key = found.replace("_", "")
    if key not in _ALIASES:
        raise InputError(f"unknown denomination {words[2]!r} in {text!r}; use "
                         f"{', '.join(DENOMINATION_WORDS)}", "call")
    return Call(seat, "bid", value, _ALIASES[key])


@dataclass(frozen=True)
class AuctionTables:
    """What `legal_calls` hands out, built once per rules by `compile`
    (`CompiledRules.auction_tables`; the Calls are shared): per seat, the sort keys of every bid
    (ascending) with the bids as Calls, and its pass, coinche and surcoinche; `plain_bids` when
    every bid above the highest is open (jumps, no suit change)."""

    bids: tuple[tuple[list[int], list[Call]], ...]
    simple: tuple[tuple[Call, Call, Call], ...]
    plain_bids: bool


def build_tables(auction: Mapping[str, Any]) -> AuctionTables:
    """The auction tables of the compiled auction fields `auction` (`compile` calls this once,
    before the compiled object exists)."""
    return AuctionTables(
        bids=tuple(_build_bid_table(auction, seat) for seat in range(4)),
        simple=tuple((Call(seat, "pass"), Call(seat, "coinche"), Call(seat, "surcoinche"))
                     for seat in range(4)),
        plain_bids=auction["jumps"] and auction["raise_own"] != RaiseOwn.WITH_SUIT_CHANGE)


def _tables(rules: CompiledRules) -> AuctionTables:
    return rules.auction_tables


def _build_bid_table(auction: Mapping[str, Any], seat: int) -> tuple[list[int], list[Call]]:
    values: list[BidValue] = [*auction["bid_values"]]
    if auction["capot"]:
        values.append("capot")
    if auction["generale"]:
        values.append("generale")
    bids = [(_key(v, d, auction), Call(seat, "bid", v, d))
            for v in values for d in auction["denominations"]]
    bids.sort(key=lambda kc: kc[0])
    return [k for k, _ in bids], [c for _, c in bids]


def _key(value: BidValue, denomination: int, auction: Mapping[str, Any]) -> int:
    """The sort key of a bid from the compiled auction fields (`auction` of `compile`)."""
    return sort_key(value, denomination, auction["ranked_denominations"],
                    auction["capot_value"] if auction["capot_at_value"] else None)


def bid_key(rules: CompiledRules, value: int | str, denomination: int) -> int:
    """The sort key of a bid under compiled rules (see `sort_key`)."""
    return sort_key(value, denomination, rules.ranked_denominations,
                    rules.capot_value if rules.capot_at_value else None)


def sort_key(value: int | str, denomination: int, ranked: bool, capot_at: int | None) -> int:
    """The sort key of a bid: bigger wins; denominations count only when ranked. A capot
    ranked at its value (`capot_rank at_value`, `capot_at` its value) sits just above the
    number it is worth; otherwise capot beats every number and générale beats capot."""
    if isinstance(value, int):
        key = value * 16
    elif value == "capot":
        key = capot_at * 16 + 8 if capot_at is not None else CAPOT_KEY * 16
    else:
        key = GENERALE_KEY * 16
    return key + denomination if ranked else key


class CallContext(NamedTuple):
    """What the auction rules ask about the seat before it calls: who it is, its role with
    respect to the highest bid (None before the first bid: `Role.DECLARER` is its bidder),
    whether it has passed and whether it has spoken. A rule about calls is a field and one
    reading of this."""

    seat: int
    role: Role | None
    passed: bool
    spoke: bool


class Auction:
    """The auction of one deal. `to_act` calls next; `apply` checks and records a call."""

    def __init__(self, rules: CompiledRules, dealer: int):
        self.rules = rules
        self._tables = _tables(rules)
        self.to_act = (dealer + rules.step) & 3
        self.calls: list[Call] = []
        self.bid: Call | None = None
        """The highest bid so far."""
        self.key = -1
        self.double = 0
        self.passes = 0
        """Consecutive passes since the last call that was not a pass."""
        self.passed = [False] * 4
        self.spoke = [False] * 4
        self.over = False
        self.closing = 0
        """The closing round (`closing_coinche`): 0 not begun, 1 the coinche turns, 2 the
        surcoinche turns."""
        self.waiting: list[int] = []
        """Seats still to be asked in the closing round, after `to_act`."""

    def copy(self) -> Auction:
        """An independent copy."""
        new = object.__new__(Auction)
        new.__dict__.update(self.__dict__)
        new.calls, new.passed, new.spoke = list(self.calls), list(self.passed), list(self.spoke)
        new.waiting = list(self.waiting)
        return new

    # -- what may be called ------------------------------------------------------------
    def context(self, seat: int) -> CallContext:
        """What the auction rules ask about `seat` before it calls (see `CallContext`)."""
        bid = self.bid
        return CallContext(seat, None if bid is None else role_of(seat, bid.seat),
                           self.passed[seat], self.spoke[seat])

    def legal_calls(self) -> list[Call]:
        """The calls the player to act may make (pass is always one of them)."""
        if self.over:
            return []
        ctx = self.context(self.to_act)
        simple = self._tables.simple[ctx.seat]
        calls = [simple[0], *self._bids(ctx)] if self._may_bid(ctx) else [simple[0]]
        if self.bid is not None:  # nothing to coinche before the first bid
            if self._may_coinche(ctx):
                calls.append(simple[1])
            if self._may_surcoinche(ctx):
                calls.append(simple[2])
        return calls

    def out_of_turn_calls(self, seat: int) -> list[Call]:
        """Calls `seat` may make out of turn: a coinche (or surcoinche) under `coinche any_time`."""
        if self.over or seat == self.to_act or self.rules.coinche != CoincheTiming.ANY_TIME:
            return []
        ctx = self.context(seat)
        out = [Call(seat, "coinche")] if self._may_coinche(ctx) else []
        return out + ([Call(seat, "surcoinche")] if self._may_surcoinche(ctx) else [])

    def _may_bid(self, ctx: CallContext) -> bool:
        r = self.rules
        if self.closing:
            return False
        if r.reentry == Reentry.FORBIDDEN and ctx.passed:
            return False
        if r.reentry == Reentry.SPEAK_ONCE and ctx.spoke:
            return False
        if self.double and r.after_coinche != AfterCoinche.BIDDING_CONTINUES:
            return False
        own = ctx.role is Role.DECLARER
        return not own or r.raise_own in (RaiseOwn.ALLOWED, RaiseOwn.WITH_SUIT_CHANGE)

    def _bids(self, ctx: CallContext) -> list[Call]:
        keys, calls = self._tables.bids[ctx.seat]
        out = calls[bisect_right(keys, self.key):]
        if self._tables.plain_bids:
            return out
        r, bid = self.rules, self.bid
        if not r.jumps:
            out = [c for c in out if not isinstance(c.value, int) or c.value == self._next_level()
                   or (bid is not None and c.value == bid.value)]
        if (bid is not None and ctx.role is Role.DECLARER
                and r.raise_own == RaiseOwn.WITH_SUIT_CHANGE):
            out = [c for c in out if c.denomination != bid.denomination]
        return out

    def _next_level(self) -> int | None:
        values, bid = self.rules.bid_values, self.bid
        if bid is None:
            return values[0] if values else None
        if bid.value == "capot" and self.rules.capot_at_value:
            i = bisect_right(values, self.rules.capot_value)
        elif not isinstance(bid.value, int):
            return None
        else:
            i = bisect_right(values, bid.value)
        return values[i] if i < len(values) else None

    def _may_coinche(self, ctx: CallContext) -> bool:
        r, bid = self.rules, self.bid
        if r.coinche == CoincheTiming.NONE or bid is None or self.double:
            return False
        if r.reentry == Reentry.SPEAK_ONCE and ctx.spoke and self.closing != 1:
            return False
        if r.coinche_after_bidding and self.closing != 1:
            return False
        return ctx.role is Role.DEFENDER and (isinstance(bid.value, int) or r.coinche_capot)

    def _may_surcoinche(self, ctx: CallContext) -> bool:
        bid = self.bid
        if not self.rules.surcoinche or self.double != 1 or bid is None:
            return False
        if self.rules.reentry == Reentry.SPEAK_ONCE and ctx.spoke and self.closing != 2:
            return False
        return ctx.role is not Role.DEFENDER

    # -- applying a call ---------------------------------------------------------------
    def apply(self, call: Call) -> None:
        """Record `call`; IllegalActionError (naming the rule) when the rules forbid it."""
        if self.over or not self.is_legal(call):
            self.check(call)  # raises, saying why
        self._record(call)

    def check(self, call: Call) -> None:
        """Raise IllegalActionError unless `call` is legal now."""
        if self.over:
            raise IllegalActionError(f"{call}: the auction is over", "auction", "auction.over")
        if not self.is_legal(call):
            message, rule, code, params = why_not(self, call)
            raise IllegalActionError(f"{call}: {message}", rule, code, params)

    def is_legal(self, call: Call) -> bool:
        """Whether `call` may be made now, in turn or (a coinche) out of turn."""
        seat, kind = call.seat, call.kind
        if seat != self.to_act:
            return kind in ("coinche", "surcoinche") and call in self.out_of_turn_calls(seat)
        if kind == "pass":
            return True
        ctx = self.context(seat)
        if kind == "coinche":
            return self._may_coinche(ctx)
        if kind == "surcoinche":
            return self._may_surcoinche(ctx)
        if not self._may_bid(ctx) or call.denomination not in self.rules.denominations:
            return False
        if not (isinstance(call.value, int) and call.value in self.rules.bid_values
                or call.value == "capot" and self.rules.capot
                or call.value == "generale" and self.rules.generale):
            return False
        if bid_key(self.rules, call.value, call.denomination) <= self.key:
            return False
        if self.rules.jumps and self.rules.raise_own != RaiseOwn.WITH_SUIT_CHANGE:
            return True
        return call in self._bids(ctx)

    def _record(self, call: Call) -> None:
        r, seat, kind = self.rules, call.seat, call.kind
        self.calls.append(call)
        self.spoke[seat] = True
        if kind == "pass":
            self.passes += 1
            self.passed[seat] = True
        else:
            self.passes = 0
            if kind == "bid":
                self.bid, self.double = call, 0
                self.key = bid_key(r, call.value, call.denomination)  # type: ignore[arg-type]
            elif kind == "coinche":
                self.double = 1
                self.over = r.after_coinche == AfterCoinche.ENDS_AUCTION
            else:
                self.double = 2
                self.over = r.surcoinche_ends_auction
        if self.closing:
            self._close_step(call)
        elif self.over or self._ended():
            if not self._open_closing(seat):
                self.over = True
        elif self.double == 1 and r.after_coinche == AfterCoinche.DOUBLED_SIDE_ONLY:
            self.to_act = self._next_doubled(seat)
        else:
            self.to_act = (seat + r.step) & 3

    def _ended(self) -> bool:
        r = self.rules
        if r.reentry == Reentry.SPEAK_ONCE and all(self.spoke):
            return True
        if self.bid is None:
            return self.passes >= 4
        if self.double == 0:
            return self.passes >= r.end_passes
        if self.double == 1 and r.after_coinche == AfterCoinche.DOUBLED_SIDE_ONLY:
            return self.passes >= 2
        return self.passes >= PASSES_AFTER_COINCHE

    def _open_closing(self, seat: int) -> bool:
        """Begin the closing round after the call of `seat` if `closing_coinche` calls for
        one: the coinche turns of the bid's opponents, or the surcoinche turns of its side."""
        r, bid = self.rules, self.bid
        if not r.closing_coinche or bid is None or self.double == 2 or self.over:
            return False  # (`over` here: a coinche that ends the auction by rule)
        if self.double == 0 and (r.coinche == CoincheTiming.NONE
                                 or not (isinstance(bid.value, int) or r.coinche_capot)):
            return False
        if self.double == 1 and not r.surcoinche:
            return False
        self.closing = 1 if self.double == 0 else 2
        return self._ask(seat, opponents=self.closing == 1)

    def _ask(self, seat: int, opponents: bool) -> bool:
        """Queue the bid's opponents (or its side) in turn order after `seat`; hand the turn
        to the first."""
        assert self.bid is not None
        order = [(seat + k * self.rules.step) & 3 for k in range(1, 5)]
        self.waiting = [s for s in order if ((s - self.bid.seat) & 1 == 1) == opponents]
        self.over = False
        self.to_act = self.waiting.pop(0)
        return True

    def _close_step(self, call: Call) -> None:
        """The closing round after `call`: a coinche opens the surcoinche turns (unless it ends
        the auction), a surcoinche ends it, a pass hands the turn to the next one asked."""
        if call.kind == "coinche" and not self.over and self.rules.surcoinche:
            self.closing = 2
            self._ask(call.seat, opponents=False)
        elif call.kind == "pass" and self.waiting:
            self.to_act = self.waiting.pop(0)
        else:
            self.over = True

    def _next_doubled(self, seat: int) -> int:
        """The next seat of the doubled side, when only it may speak after a coinche."""
        step = self.rules.step
        nxt = (seat + step) & 3
        assert self.bid is not None
        while (nxt - self.bid.seat) & 1:
            nxt = (nxt + step) & 3
        return nxt

    def contract(self) -> Contract | None:
        """The contract once the auction is over with a bid; None before or on a redeal."""
        if not self.over or self.bid is None:
            return None
        bid = self.bid
        return Contract(bid.seat, bid.value, bid.denomination, self.double)  # type: ignore[arg-type]


# -- why a call is illegal, and the rule that says so: the explanations of `Auction.check` ---

Why = tuple[str, str, str, dict[str, Any]]
"""A refusal: the English message, the rule's key, the refusal's code and its parameters (the
`IllegalActionError` fields; seats, denominations and values as the engine's data)."""


def why_not(auction: Auction, call: Call) -> Why:
    """Why `call` is illegal now, and the rule that says so (checked in order)."""
    r, seat, bid, cite = auction.rules, call.seat, auction.bid, auction.rules.cite
    if seat != auction.to_act and (call.kind not in ("coinche", "surcoinche")
                                   or r.coinche != CoincheTiming.ANY_TIME):
        return (f"it is {SEATS[auction.to_act]}'s turn to speak, not {SEATS[seat]}'s; only "
                f"a coinche may come out of turn, and only under 'coinche any_time' "
                f"({cite('auction', 'coinche')})",
                "auction.coinche" if call.kind == "coinche" else "auction.turn",
                "auction.turn", {"seat": seat, "to_act": auction.to_act})
    if auction.closing and call.kind == "bid":
        return (f"the calls are over; only a coinche or surcoinche is left: "
                f"{cite('auction', 'closing_coinche')}", "auction.closing_coinche",
                "auction.closing_coinche", {})
    if r.reentry == Reentry.SPEAK_ONCE and auction.spoke[seat] and not auction.closing:
        return (f"each player speaks once: {cite('auction', 'reentry')}", "auction.reentry",
                "auction.speak_once", {})
    if call.kind == "bid":
        return _why_not_bid(auction, call)
    if call.kind == "coinche":
        return _why_not_coinche(auction, call)
    if bid is None or auction.double != 1:
        return ("only a coinched bid can be surcoinched", "auction.surcoinche",
                "auction.surcoinche.not_coinched", {})
    if not r.surcoinche:
        return (f"no surcoinche: {cite('auction', 'surcoinche')}", "auction.surcoinche",
                "auction.surcoinche.none", {})
    return ("only the doubled side may surcoinche", "auction.surcoinche",
            "auction.surcoinche.side", {})

def _why_not_coinche(auction: Auction, call: Call) -> Why:
    r, bid, cite = auction.rules, auction.bid, auction.rules.cite
    if r.coinche == CoincheTiming.NONE:
        return (f"no coinche: {cite('auction', 'coinche')}", "auction.coinche",
                "auction.coinche.none", {})
    if bid is None:
        return "there is no bid to coinche", "auction.coinche", "auction.coinche.no_bid", {}
    if auction.double:
        return ("the bid is already coinched", "auction.coinche", "auction.coinche.already",
                {})
    if r.coinche_after_bidding and auction.closing != 1 and (call.seat - bid.seat) & 1:
        return (f"a coinche comes once the contract is chosen, after the last bid: "
                f"{cite('auction', 'coinche_after_bidding')}", "auction.coinche_after_bidding",
                "auction.coinche.after_bidding", {})
    if (call.seat - bid.seat) & 1 == 0:
        return (f"only an opponent of {SEATS[bid.seat]} may coinche", "auction.coinche",
                "auction.coinche.partner", {"declarer": bid.seat})
    return (f"a {bid.value} cannot be coinched: {cite('auction', 'coinche_capot')}",
            "auction.coinche_capot", "auction.coinche.capot", {"value": bid.value})

def _why_not_bid(auction: Auction, call: Call) -> Why:
    r, seat, bid, cite = auction.rules, call.seat, auction.bid, auction.rules.cite
    if call.denomination not in r.denominations:
        return (f"{DENOMINATION_WORDS[call.denomination or 0]} may not be bid: "
                f"{cite('auction', 'denominations')}", "auction.denominations",
                "auction.denomination", {"denomination": call.denomination or 0})
    if isinstance(call.value, int) and call.value not in r.bid_values:
        return (f"{call.value} is not a bid: bids run "
                f"{', '.join(map(str, r.bid_values[:4]))}… ({cite('auction', 'minimum_bid')}, "
                f"{cite('auction', 'step')}, {cite('auction', 'maximum_bid')})",
                "auction.step", "auction.not_a_bid",
                {"value": call.value, "bids": list(r.bid_values)})
    if call.value == "capot" and not r.capot or call.value == "generale" and not r.generale:
        return (f"{call.value} may not be bid: {cite('auction', str(call.value))}",
                f"auction.{call.value}", f"auction.no_{call.value}", {})
    if r.reentry == Reentry.FORBIDDEN and auction.passed[seat]:
        return (f"a player who passed may not bid: {cite('auction', 'reentry')}",
                "auction.reentry", "auction.passed", {})
    if auction.double and r.after_coinche != AfterCoinche.BIDDING_CONTINUES:
        return (f"a doubled contract cannot be raised: {cite('auction', 'after_coinche')}",
                "auction.after_coinche", "auction.after_coinche", {})
    if bid is not None and bid.seat == seat and r.raise_own != RaiseOwn.ALLOWED and (
            r.raise_own != RaiseOwn.WITH_SUIT_CHANGE or call.denomination == bid.denomination):
        return (f"the highest bid is your own: {cite('auction', 'raise_own')}",
                "auction.raise_own", "auction.raise_own", {})
    if bid is not None and bid_key(r, call.value, call.denomination) <= auction.key:  # type: ignore[arg-type]
        return (f"it does not beat {bid.value} {DENOMINATION_WORDS[bid.denomination or 0]}: "
                f"{cite('auction', 'ranked_denominations')}", "auction.ranked_denominations",
                "auction.too_low", {"value": bid.value, "denomination": bid.denomination or 0})
    return (f"bids go up one level at a time, the next is {auction._next_level()}: "
            f"{cite('auction', 'jumps')}", "auction.jumps", "auction.jump",
            {"next": auction._next_level()})
