"""One deal as a state machine: deal the cards, bid, (declare), play eight tricks, score.

>>> from coinche_dsl.loader import load_variant
>>> from coinche_dsl.engine import compile, Deal
>>> import random
>>> deal = Deal(compile(load_variant("ffb")), dealer=0, rng=random.Random(1))
>>> deal.phase, "NESW"[deal.to_act]          # anticlockwise: W speaks first after N deals
('auction', 'W')
>>> for text in ("W 80 hearts", "S pass", "E pass", "N pass"):
...     deal.apply(text)
>>> deal.phase, str(deal.contract)
('play', '80 hearts by W')

Phases: `auction` -> `play` -> `over`, or `auction` -> `redeal` when everybody passed.

Announcements: `declare(seat, combos, belote)` records what a seat declares, before it plays
its first card. A seat that never declares declares no ordinary announcement, but claims its
belote automatically when it holds one and the rules give it one (a player may keep it silent
with `belote=False` only when `belote.silent_allowed`). With `announcements.timing automatic`
every seat that has not declared is given the announcements `find_announcements` finds.
"""

from __future__ import annotations

import random

from ..cards import SEATS, SUIT_MASKS, card_name, parse_card
from ..errors import IllegalActionError, InputError
from .auction import Auction, Call, parse_call
from .deal_scoring import DealScoring, Trick
from .dealing import check_hands, deal_hands
from .facts import Contract, PlayContext
from .play import explain_card, lead_mask, legal_mask
from .rules import CompiledRules

Phase = str
"""`auction`, `play`, `over` or `redeal`."""


_new_trick = tuple.__new__
"""`_new_trick(Trick, fields)`: a Trick built from its fields without `Trick.__new__`."""


class Deal(DealScoring):
    """A deal under `rules`, dealt by `dealer` (seat 0..3 = N E S W).

    `hands` (four card masks, N E S W) fixes the cards; when None they are shuffled, cut and
    dealt with `rng` per `table.*` (`deck`: the previous deal's gathered cards, used when
    `table.shuffle_every_deal` is off)."""

    # Defaults read until a deal sets its own (immutable values).
    contract: Contract | None = None
    phase: Phase = "auction"
    _auction: Auction | None = None
    _tricks: list[Trick] | None = None
    """The finished tricks made `Trick`s (see `tricks`)."""
    _last_winner = 0
    # Per-contract tables and the trick in progress, read by `legal_cards` and `play`.
    _d = 0
    _points: tuple[int, ...] = ()
    _beaters: tuple[int, ...] = ()
    _follow_free: tuple[bool, ...] = ()
    _trumps = 0
    _led = 0
    _best = 0
    _winner = 0
    _legal = 0
    """The legal cards of the seat to act once known, -1 until then; 0 outside the play."""

    def __init__(self, rules: CompiledRules, dealer: int, hands: list[int] | None = None,
                 rng: random.Random | None = None, deck: list[int] | None = None,
                 contract: Contract | None = None):
        """`contract`: skip the auction and play it (as `fix_contract`)."""
        self.rules = rules
        self.dealer = dealer
        self.hands = hands = (deal_hands(rules, dealer, rng or random.Random(), deck)
                              if hands is None else check_hands(list(hands)))
        """Cards still held, per seat (masks)."""
        self.initial_hands: tuple[int, ...] = tuple(hands)
        self._step = step = rules.step
        self.to_act: int = (dealer + step) & 3
        """The seat to call or play next (the auction's first speaker to begin with)."""
        self.trick: list[tuple[int, int]] = []
        """Cards on the table, as (seat, card), in playing order."""
        self.tricks_won = [0, 0, 0, 0]
        self.points = [0, 0]
        """Card points taken per team (NS, EW), without the last-trick bonus."""
        if contract is not None:
            self._start_play(contract)

    @property
    def auction(self) -> Auction:
        """The auction (made when first asked for: a deal whose contract is fixed has none)."""
        auction = self._auction
        if auction is None:
            auction = self._auction = Auction(self.rules, self.dealer)
        return auction

    def copy(self) -> Deal:
        """An independent copy, to look ahead (a bot's search) without touching this deal."""
        new = object.__new__(Deal)
        new.__dict__.update(self.__dict__)
        new.hands, new.trick, new._tricks = list(self.hands), list(self.trick), list(self.tricks)
        new.tricks_won, new.points = list(self.tricks_won), list(self.points)
        if self._declared is not None:
            new._declared = {seat: list(c) for seat, c in self._declared.items()}
        if self._silent is not None:
            new._silent = set(self._silent)
        if self._auction is not None:
            new._auction = self._auction.copy()
        return new

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        tricks = self._tricks
        if tricks is None:
            tricks = self._tricks = []
        return tricks

    def __repr__(self) -> str:
        where = f"{self.contract}, trick {len(self.tricks) + 1}" if self.contract else ""
        return (f"<Deal {self.phase}{': ' + where if where else ''}, dealer "
                f"{SEATS[self.dealer]}, {SEATS[self.to_act]} to act>")

    # -- the auction ---------------------------------------------------------------------
    @property
    def history(self) -> list[Call]:
        """The calls made so far, in order."""
        return self.auction.calls

    def legal_calls(self) -> list[Call]:
        """Calls the seat to act may make (empty outside the auction)."""
        return self.auction.legal_calls() if self.phase == "auction" else []

    def out_of_turn_calls(self, seat: int) -> list[Call]:
        """Calls `seat` may make out of turn (a coinche under `auction.coinche any_time`)."""
        return self.auction.out_of_turn_calls(seat) if self.phase == "auction" else []

    def apply(self, action: Call | int | str) -> None:
        """Make a call (`Call` or text like `N 80 hearts`) or play a card (an index, or text
        like `S 7C`). IllegalActionError says which rule forbids it and where it is written."""
        if isinstance(action, int):
            self.play(action)
        elif isinstance(action, Call):
            self.call(action)
        elif self.phase == "auction":
            self.call(parse_call(action))
        else:
            self.play(self._parse_card_action(str(action)))

    def call(self, call: Call) -> None:
        """Make `call` (checked)."""
        if self.phase != "auction":
            raise IllegalActionError(f"{call}: the auction is over", "auction")
        auction = self.auction
        auction.apply(call)
        if auction.over:
            self._end_auction()
        else:
            self.to_act = auction.to_act

    def fix_contract(self, contract: Contract) -> None:
        """Skip the auction: play `contract` (a declarer's bid at a denomination the rules
        allow, doubled or not), as when a simulation asks how often one contract is made."""
        calls = self._auction.calls if self._auction is not None else ()
        if self.phase != "auction" or calls:
            raise IllegalActionError("a contract can be fixed only before the first call",
                                     "auction")
        self._start_play(contract)

    def _end_auction(self) -> None:
        contract = self.auction.contract()
        if contract is None:
            self.phase = "redeal"
            return
        self.to_act = (self.dealer + self._step) & 3
        self._start_play(contract)

    def _start_play(self, contract: Contract) -> None:
        r, d = self.rules, contract.denomination
        if d not in r.denominations:
            raise IllegalActionError(f"{contract}: not a denomination of these rules: "
                                     f"{r.cite('auction', 'denominations')}",
                                     "auction.denominations")
        self.contract, self.phase, self._d, self._legal = contract, "play", d, -1
        self._points, self._beaters, self._trumps, self._follow_free = r.modes[d]
        # The auction's first speaker leads (`to_act`, as the deal began or after the auction).
        if r.first_lead_generale and contract.bid == "generale":
            self.to_act = contract.declarer
        if r.announcements_automatic:  # found when read or scored (`DealScoring`), declared
            self._auto, self._leader = True, self.to_act  # in playing order from the leader

    def _parse_card_action(self, text: str) -> int:
        words = text.split()
        if len(words) != 2 or words[0].upper() not in SEATS:
            raise InputError(f"cannot read {text!r}; write a seat and a card, like 'S 7C'", "play")
        seat = SEATS.index(words[0].upper())
        if seat != self.to_act:
            raise IllegalActionError(f"{text}: it is {SEATS[self.to_act]}'s turn to play, "
                                     f"not {SEATS[seat]}'s", "play.turn")
        return parse_card(words[1], "play")

    # -- the play ------------------------------------------------------------------------
    def legal_cards(self) -> int:
        """Cards (a mask) the seat to act may play; never empty while its hand is not."""
        legal = self._legal
        if legal < 0:
            seat = self.to_act
            hand = self.hands[seat]
            if self.trick:  # the two common cases first: following a suit that asks nothing
                led = self._led  # more, or holding neither that suit nor a trump
                follow = hand & SUIT_MASKS[led]
                if follow and self._follow_free[led]:
                    legal = follow
                elif not follow and not hand & self._trumps:
                    legal = hand
                else:
                    legal = legal_mask(self.rules, hand, self._d, led, self._best,
                                       self._winner == (seat + 2) & 3)
            elif self.rules.lead_free:
                legal = hand
            else:
                legal = lead_mask(self.rules, hand, self._d, self.play_context())
            self._legal = legal
        return legal

    def play_context(self) -> PlayContext:
        """The context of the next card: the trick's number (0 = the first), the declarer,
        the seat to act."""
        assert self.contract is not None
        done = len(self.tricks)
        return PlayContext(done, self.contract.declarer, self.to_act)

    def play(self, card: int) -> None:
        """Play `card` for the seat to act (checked)."""
        legal = self._legal
        if legal < 0:
            legal = self.legal_cards()
        if not legal >> card & 1:  # also outside the play, where `_legal` is 0
            self._refuse(card)
        seat, trick = self.to_act, self.trick
        self.hands[seat] ^= 1 << card
        self._legal = -1
        if not trick:
            self._best, self._winner, self._led = card, seat, card >> 3
        elif self._beaters[self._best] >> card & 1:
            self._best, self._winner = card, seat
        trick.append((seat, card))
        if len(trick) < 4:
            self.to_act = (seat + self._step) & 3
        else:
            self._close_trick()

    def _refuse(self, card: int) -> None:
        if self.phase != "play":
            raise IllegalActionError(f"{card_name(card)}: no card may be played in the "
                                     f"{self.phase} phase", "play")
        seat = self.to_act
        message, rule = explain_card(self.rules, self.hands[seat], self._d, self.trick,
                                     seat, card, self.play_context())
        raise IllegalActionError(message, rule)

    def _close_trick(self) -> None:
        winner, p, t = self._winner, self._points, self.trick
        (leader, c0), (_, c1), (_, c2), (_, c3) = t
        value = p[c0] + p[c1] + p[c2] + p[c3]
        tricks = self._tricks
        if tricks is None:
            tricks = self._tricks = []
        tricks.append(_new_trick(Trick, (leader, tuple(t), winner, value)))
        self._last_winner = winner
        self.points[winner & 1] += value
        self.tricks_won[winner] += 1
        self.trick = []
        self.to_act = winner
        if len(tricks) == 8:
            self.phase = "over"
            self._legal = 0

    def is_over(self) -> bool:
        """True once the eight tricks are played (or the deal is to be redealt)."""
        return self.phase in ("over", "redeal")

    def gathered(self) -> list[int]:
        """The cards as they are picked up after the deal (tricks in order, or the hands on a
        redeal): the next deck when the rules do not shuffle every deal."""
        if self.tricks:
            return [c for t in self.tricks for _, c in t.cards] + [c for _, c in self.trick]
        return [c for hand in self.initial_hands for c in range(32) if hand >> c & 1]
