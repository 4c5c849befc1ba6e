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
from typing import Any, NamedTuple

from ..cards import SEATS, SUIT_MASKS, card_name, parse_card
from ..errors import IllegalActionError, InputError
from .announcements import (
    KING,
    QUEEN,
    SUIT_LOW_BITS,
    announcement_points,
    announcer,
    check_whole_runs,
    classify,
)
from .auction import Auction, Call, parse_call
from .dealing import check_hands, deal_hands
from .facts import NO_TRUMP, Contract, DealFacts, DealScore, PlayContext
from .play import explain_card, lead_mask, legal_mask
from .rules import CompiledRules
from .scoring import ScoreValues, belote_points, kept_score, score_facts

_NONE = (0, 0)
_PAIRS = tuple(((1 << KING) | (1 << QUEEN)) << (8 * suit) for suit in range(4))
"""Per suit, its king and queen (a belote when one hand holds both)."""
_SUITS = tuple(tuple(suit for suit in range(4) if suits >> suit & 1) for suits in range(16))
"""Per set of suits (bits 0..3), the suits in it."""
assert KING == QUEEN + 1  # `score_key` finds a king beside its queen with `h & h >> 1`



class Trick(NamedTuple):
    """A finished trick: who led, the cards in playing order as (seat, card), who won."""

    leader: int
    cards: tuple[tuple[int, int], ...]
    winner: int
    points: int
    """Card points of the trick in the contract's mode (without the last-trick bonus)."""


Phase = str
"""`auction`, `play`, `over` or `redeal`."""


_new_trick = tuple.__new__
"""`_new_trick(Trick, fields)`: a Trick built from its fields without `Trick.__new__`."""


class Deal:
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
    # Announcements and belote.
    _result: DealScore | None = None
    _declared: dict[int, list[int]] | None = None
    _auto = False
    """Automatic announcements, found (by `announcer`) when `declared` is first read, until a
    seat declares otherwise."""
    _leader = 0
    """The first trick's leader, from whom automatic announcements are declared in playing
    order (which `tie first_declared` reads)."""
    _silent: set[int] | None = None
    rebelote_unsaid: frozenset[int] = frozenset()
    """Seats whose « rebelote » was not said with the second of their king and queen
    (`say_rebelote`): their belote is not credited where `belote.rebelote_required`."""
    revokes: tuple[tuple[int, int], ...] = ()
    """Revokes left to stand (`allow_revoke`), as (seat, trick 0..7), in play order."""
    irregular: tuple[Any, ...] = ()
    """The irregularities a replay noted (`penalties.Irregular`), which its report scores."""

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
            raise IllegalActionError(f"{call}: the auction is over", "auction", "auction.over")
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
                                     "auction", "auction.fixed")
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
                                     "auction.denominations", "auction.denomination",
                                     {"denomination": d})
        self.contract, self.phase, self._d, self._legal = contract, "play", d, -1
        self._points, self._beaters, self._trumps, self._follow_free = r.modes[d]
        # The auction's first speaker leads (`to_act`, as the deal began or after the auction).
        if r.first_lead_generale and contract.bid == "generale":
            self.to_act = contract.declarer
        if r.announcements_automatic:  # found when read or scored (`declared`), declared
            self._auto, self._leader = True, self.to_act  # in playing order from the leader

    def _parse_card_action(self, text: str) -> int:
        words = text.split()
        if len(words) != 2 or words[0].upper() not in SEATS:
            raise InputError(f"cannot read {text!r}; write a seat and a card, like 'S 7C'", "play")
        seat = SEATS.index(words[0].upper())
        if seat != self.to_act:
            raise IllegalActionError(f"{text}: it is {SEATS[self.to_act]}'s turn to play, "
                                     f"not {SEATS[seat]}'s", "play.turn", "play.turn",
                                     {"seat": seat, "to_act": self.to_act})
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

    def allow_revoke(self, card: int) -> bool:
        """Let the seat to act play `card`, which it holds, though the play rules forbid it:
        a revoke left to stand (`penalties.revoke penalised`), kept in `revokes` as (seat,
        trick). False, and nothing changed, when the card is legal or not in the hand."""
        if self.phase != "play" or not self.hands[self.to_act] >> card & 1 or (
                self.legal_cards() >> card & 1):
            return False
        self.revokes = (*self.revokes, (self.to_act, len(self.tricks)))
        self._legal = self.legal_cards() | 1 << card
        return True

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
                                     f"{self.phase} phase", "play", "play.phase",
                                     {"card": card})
        seat = self.to_act
        message, rule, code, params = explain_card(self.rules, self.hands[seat], self._d,
                                                   self.trick, seat, card, self.play_context())
        raise IllegalActionError(message, rule, code, params)

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

    # -- announcements, belote and the score ------------------------------------------------
    @property
    def declared(self) -> dict[int, list[int]]:
        """Ordinary announcements declared per seat (card masks), the automatic ones included
        (made when first read)."""
        declared = self._declared
        if declared is None:
            if self._auto:  # in playing order from the first leader
                r, hands = self.rules, self.initial_hands
                announce = announcer(r, self._d)
                declared = {seat: announce(hands[seat]) for seat in (
                    (self._leader + k * r.step) & 3 for k in range(4))}
            else:
                declared = {}
            self._declared = declared
        return declared

    @property
    def belote_silent(self) -> set[int]:
        """Seats that keep their belote silent."""
        silent = self._silent
        if silent is None:
            silent = self._silent = set()
        return silent

    def declare(self, seat: int, combos: list[int], belote: bool = True) -> None:
        """Declare ordinary announcements (`combos`, card masks from the seat's hand) and
        whether the seat claims its belote; allowed once the contract is known and before the
        seat plays its first card. Declaring again replaces the earlier declaration."""
        if self.phase != "play" or self.hands[seat] != self.initial_hands[seat]:
            raise IllegalActionError(f"{SEATS[seat]} may declare only before playing a first "
                                     "card, once the contract is known", "announcements.timing",
                                     "announcements.timing", {"seat": seat})
        combos = [int(c) for c in combos]
        self._check_combos(seat, combos)
        holds = any(holder == seat for holder, _ in self.belote_holders())
        if not belote and holds:
            self._check_silence(seat)
        self.declared[seat] = combos
        self._auto = False  # what is declared is no longer what the tables find
        (self.belote_silent.discard if belote else self.belote_silent.add)(seat)

    def claim_belote(self, seat: int, said: bool = True) -> None:
        """Say `seat`'s belote (or keep it silent) while the rules still let its holder
        decide (`belote.said_at`): until its first card, or until it plays its king or queen.
        (`declare` says it too, before the first card.)"""
        r = self.rules
        suits = [suit for holder, suit in self.belote_holders() if holder == seat]
        if self.phase != "play" or not suits:
            raise IllegalActionError(f"{SEATS[seat]} holds no belote to say", "belote",
                                     "belote.none", {"seat": seat})
        if not any(self._belote_open(seat, suit) for suit in suits):
            raise IllegalActionError(f"{SEATS[seat]}: too late to say or keep silent the "
                                     f"belote: {r.cite('belote', 'said_at')}", "belote.said_at",
                                     "belote.too_late", {"seat": seat})
        if not said:
            self._check_silence(seat)
        (self.belote_silent.discard if said else self.belote_silent.add)(seat)

    def _check_silence(self, seat: int) -> None:
        r = self.rules
        if not r.belote_silent_allowed:
            raise IllegalActionError(f"{SEATS[seat]} must announce the belote: "
                                     f"{r.cite('belote', 'silent_allowed')}",
                                     "belote.silent_allowed", "belote.must_say",
                                     {"seat": seat})

    def _check_combos(self, seat: int, combos: list[int]) -> None:
        """IllegalActionError unless `combos` may be declared by `seat` at this contract."""
        r = self.rules
        if combos and not r.announcements_by_denomination[self._d]:
            key = ("enabled" if not r.announcements else
                   "at_no_trump" if self._d == NO_TRUMP else "at_all_trump")
            raise IllegalActionError(f"{SEATS[seat]} may not announce: "
                                     f"{r.cite('announcements', key)}", f"announcements.{key}",
                                     "announcements.not_here", {"seat": seat})
        used = 0
        for combo in combos:
            if not combo or combo & ~self.initial_hands[seat]:
                raise IllegalActionError(f"{SEATS[seat]} does not hold {_names(combo)}", "hand",
                                         "announcements.not_held",
                                         {"seat": seat, "cards": combo})
            _check_combination(r, combo, self._d, seat)
            if used & combo and not r.announcement_tables[self._d].card_reuse:
                raise IllegalActionError(f"{SEATS[seat]}: a card may serve in one announcement "
                                         f"only: {r.cite('announcements', 'card_reuse')}",
                                         "announcements.card_reuse",
                                         "announcements.card_reuse", {"seat": seat})
            used |= combo
        try:
            check_whole_runs(combos, self._d, r)
        except InputError as e:
            raise IllegalActionError(f"{SEATS[seat]}: {e}: "
                                     f"{r.cite('announcements', 'split_runs')}",
                                     "announcements.split_runs", "announcements.split_runs",
                                     {"seat": seat}) from None

    def belote_holders(self) -> list[tuple[int, int]]:
        """(seat, suit) of each belote held at this contract: K and Q of a suit that makes
        one (`belote.*`), in one hand; whether it is claimed or credited is another matter."""
        suits = self.rules.belote_suits[self._d] if self.contract is not None else 0
        out = []
        hands = self.initial_hands
        for suit in _SUITS[suits]:
            pair = _PAIRS[suit]
            for seat in range(4):
                if hands[seat] & pair == pair:
                    out.append((seat, suit))
                    break  # nobody else holds them
        return out

    def belote_said(self) -> list[tuple[int, int]]:
        """(seat, suit) of each belote said aloud so far, so known to the table: a belote its
        holder claims (not kept silent, and a declarer's under `claim declarers_only`) is said
        with the holder's first card, or, under `belote.said_at first_of_pair`, as the first of
        its king and queen is played."""
        return [(seat, suit) for seat, suit in self._claimed()
                if not self._belote_open(seat, suit)]

    def _belote_open(self, seat: int, suit: int) -> bool:
        """Whether `seat` may still say or keep silent its belote of `suit`: until it plays
        its first card, or, under `belote.said_at first_of_pair`, its king or queen."""
        played = self.initial_hands[seat] & ~self.hands[seat]
        if self.rules.belote_said_at_pair:
            played &= ((1 << KING) | (1 << QUEEN)) << (8 * suit)
        return not played

    def _claimed(self) -> list[tuple[int, int]]:
        """(seat, suit) of each belote held and claimed: not kept silent, and by a declarer
        under `claim declarers_only`."""
        r, contract, silent = self.rules, self.contract, self._silent or ()
        return [(seat, suit) for seat, suit in self.belote_holders()
                if seat not in silent
                and not (r.belote_declarers_only and contract is not None
                         and (seat ^ contract.declarer) & 1)]

    def belote_seats(self) -> list[int]:
        """Seats credited with a belote (one entry per belote: at all-trump a seat may hold
        several): held, not kept silent, by a declarer under `claim declarers_only`, and
        played king first under `order king_first`."""
        claimed = self._claimed() if self.contract is not None else []
        r, unsaid = self.rules, self.rebelote_unsaid
        return [seat for seat, suit in claimed
                if not (r.belote_king_first and not self._king_first(suit))
                and not (r.rebelote_required and seat in unsaid)]

    def say_rebelote(self, seat: int, said: bool = True) -> None:
        """Whether `seat` said « rebelote » with the second of its king and queen, once both
        are played (a belote said with the first, § 7 of the federation's text: « puis
        obligatoirement « rebelote » lorsqu'il joue la seconde »)."""
        played = self.initial_hands[seat] & ~self.hands[seat]
        pairs = [_PAIRS[suit] for holder, suit in self._claimed() if holder == seat]
        if not any(played & pair == pair for pair in pairs):
            raise IllegalActionError(f"{SEATS[seat]} has played no belote's second card",
                                     "belote.rebelote_required")
        self.rebelote_unsaid = (self.rebelote_unsaid - {seat} if said
                                else self.rebelote_unsaid | {seat})
        self._result = None

    def _king_first(self, suit: int) -> bool:
        order = self._played()
        king, queen = suit * 8 + KING, suit * 8 + QUEEN
        return king in order and (queen not in order or order.index(king) < order.index(queen))

    def _played(self) -> list[int]:
        """The cards played so far, in order."""
        order = [c for t in self._tricks or () for _, c in t.cards]
        return order + [c for _, c in self.trick]

    def facts(self) -> DealFacts:
        """What scoring needs to know about the finished deal."""
        if self.phase != "over" or self.contract is None:
            raise IllegalActionError(f"the deal is not over (phase {self.phase})", "deal",
                                     "deal.not_over")
        allowed = self.rules.announcements_by_denomination[self._d]
        declared = self.declared
        return DealFacts(
            self.contract, list(self.tricks_won), (self.points[0], self.points[1]),
            self._last_winner,
            {s: list(c) for s, c in declared.items() if c and allowed} if declared else {},
            self.belote_seats())

    def result(self) -> DealScore:
        """The score of the finished deal (`score_facts` under the deal's ruleset), kept by
        `score_key`: a deal scoring like an earlier one builds no facts."""
        score = self._result
        if score is None:
            if self.phase != "over" or self.contract is None:
                return score_facts(self.rules, self.facts())  # says why not
            key = self.score_key()
            score = self.rules.plan.scores.get(key) or kept_score(self.rules, key)
            self._result = score
        return score

    def score_key(self) -> ScoreValues:
        """`scoring.score_key(rules, self.facts())` of the finished deal (the key its score is
        kept by, and all that scoring reads), from what the deal knows: the tricks (as scoring
        reads them, `Plan.tricks_read`) and points the play counted, the announcements' points
        per team, the belote's (when somebody holds one)."""
        c = self.contract
        assert c is not None
        r, lead, won, p = self.rules, c.declarer, self.tricks_won, self.points
        d = lead & 1
        ann = self._declared_points() if self._auto or self._declared else _NONE
        h0, h1, h2, h3 = self.initial_hands  # the queens whose king is in the same hand
        held = (h0 & h0 >> 1 | h1 & h1 >> 1 | h2 & h2 >> 1 | h3 & h3 >> 1) >> QUEEN
        bel = (belote_points(r.plan, self.belote_seats(), self._d, d)
               if held & SUIT_LOW_BITS[r.belote_suits[self._d]] else _NONE)
        read, ours = r.plan.tricks_read, won[d] + won[d + 2]
        return (d, c.bid, c.denomination, c.double, read[ours], read[8 - ours], won[lead] == 8,
                p[0], p[1], self._last_winner & 1, ann[0], ann[1], bel[0], bel[1])

    def _declared_points(self) -> tuple[int, int]:
        """What the declared announcements score per team (NS, EW)."""
        declared, r = self.declared, self.rules
        if not r.announcements_by_denomination[self._d] or not any(declared.values()):
            return _NONE
        return announcement_points(declared, self._d, r)  # which passes over empty lists


def _check_combination(r: CompiledRules, combo: int, d: int, seat: int) -> None:
    """IllegalActionError unless `combo` is a carré or sequence of the variant."""
    try:
        classify(combo, d, r)
    except InputError as e:
        raise IllegalActionError(f"{SEATS[seat]} {_names(combo)}: {e}",
                                 "announcements", "announcements.no_combination",
                                 {"seat": seat, "cards": combo}) from None


def _names(mask: int) -> str:
    return " ".join(card_name(c) for c in range(32) if mask >> c & 1) or "an empty combination"
