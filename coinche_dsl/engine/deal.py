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
from .announce_tables import SUIT_LOW_BITS, announcer
from .announcements import KING, QUEEN, announcement_points, classify
from .auction import Auction, Call, parse_call
from .compiled import CompiledRules
from .dealing import check_hands, deal_hands
from .facts import NO_TRUMP, Contract, DealFacts, DealScore, PlayContext
from .play import explain_card, lead_mask, legal_mask, random_card
from .scoring import score_facts
from .specialise import random_play

Phase = str
"""`auction`, `play`, `over` or `redeal`."""


class Trick(NamedTuple):
    """A finished trick: who led, the cards in playing order as (seat, card), who won."""

    leader: int
    cards: tuple[tuple[int, int], ...]
    winner: int
    points: int
    """Card points of the trick in the contract's mode (without the last-trick bonus)."""


_new_trick = tuple.__new__
"""`_new_trick(Trick, fields)`: a Trick without the Python-level `Trick.__new__` (one a trick)."""


class Deal:
    """A deal under `rules`, dealt by `dealer` (seat 0..3 = N E S W).

    `hands` (four card masks, N E S W) fixes the cards; when None they are shuffled, cut and
    dealt with `rng` per `table.*` (`deck`: the previous deal's gathered cards, used when
    `table.shuffle_every_deal` is off)."""

    # Defaults read until a deal sets its own (fewer stores per new deal; immutable values).
    contract: Contract | None = None
    phase: Phase = "auction"
    _auction: Auction | None = None
    _fast: tuple[int, list[int], list[int]] | None = None
    """Tricks played by `play_out` and not yet made `Trick`s: the first leader, the cards in
    playing order, the winners (`tricks` builds them when first read)."""
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
    _result: DealScore | None = None

    def __init__(self, rules: CompiledRules, dealer: int, hands: list[int] | None = None,
                 rng: random.Random | None = None, deck: list[int] | None = None):
        self.rules = rules
        self.dealer = dealer
        self.hands: list[int] = (deal_hands(rules, dealer, rng or random.Random(), deck)
                                 if hands is None else check_hands(list(hands)))
        """Cards still held, per seat (masks)."""
        self.initial_hands: tuple[int, ...] = tuple(self.hands)
        self._step = step = rules.step
        self.to_act: int = (dealer + step) & 3
        """The seat to call or play next (the auction's first speaker to begin with)."""
        self.trick: list[tuple[int, int]] = []
        """Cards on the table, as (seat, card), in playing order."""
        self._tricks: list[Trick] = []
        self.tricks_won = [0, 0, 0, 0]
        self.points = [0, 0]
        """Card points taken per team (NS, EW), without the last-trick bonus."""
        self.declared: dict[int, list[int]] = {}
        self.belote_silent: set[int] = set()

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
        new._fast = None
        new.tricks_won, new.points = list(self.tricks_won), list(self.points)
        new.declared = {seat: list(c) for seat, c in self.declared.items()}
        new.belote_silent = set(self.belote_silent)
        if self._auction is not None:
            new._auction = self._auction.copy()
        return new

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        if self._fast is not None:
            self._make_tricks()
        return self._tricks

    def _make_tricks(self) -> None:
        """Turn what `play_out` recorded into `Trick`s."""
        assert self._fast is not None
        seat, cards, winners = self._fast
        self._fast = None
        p, step = self._points, self._step
        for t, winner in enumerate(winners):
            four = cards[4 * t: 4 * t + 4]
            played = tuple(((seat + step * i) & 3, card) for i, card in enumerate(four))
            self._tricks.append(_new_trick(Trick, (seat, played, winner, sum(p[c] for c in four))))
            seat = winner

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
        r = self.rules
        calls = self._auction.calls if self._auction is not None else ()
        if self.phase != "auction" or calls:
            raise IllegalActionError("a contract can be fixed only before the first call",
                                     "auction")
        if contract.denomination not in r.denominations:
            raise IllegalActionError(f"{contract}: not a denomination of these rules: "
                                     f"{r.cite('auction', 'denominations')}",
                                     "auction.denominations")
        self._start_play(contract)

    def _end_auction(self) -> None:
        contract = self.auction.contract()
        if contract is None:
            self.phase = "redeal"
            return
        self._start_play(contract)

    def _start_play(self, contract: Contract) -> None:
        self.contract, self.phase, self._d = contract, "play", contract.denomination
        self._legal = -1
        r = self.rules
        self._points, self._beaters = r.points[self._d], r.beaters[self._d]
        self._trumps, self._follow_free = r.trump_mask[self._d], r.follow_free[self._d]
        self.to_act = (self.dealer + r.step) & 3
        if r.first_lead_generale and contract.bid == "generale":
            self.to_act = contract.declarer
        if r.announcements_automatic:  # declared in playing order (`tie first_declared`)
            announce = announcer(r, self._d)
            self.declared = {seat: announce(self.initial_hands[seat]) for seat in (
                (self.to_act + k * r.step) & 3 for k in range(4))}

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
            legal = self._legal = self._legal_for(hand, seat) if self.trick else \
                hand if self.rules.lead_free else lead_mask(self.rules, hand, self._d,
                                                            self.play_context())
        return legal

    def play_context(self) -> PlayContext:
        """The context of the next card: the trick's number (0 = the first), the declarer,
        the seat to act."""
        assert self.contract is not None
        done = len(self.tricks)
        return PlayContext(done, self.contract.declarer, self.to_act)

    def _legal_for(self, hand: int, seat: int) -> int:
        """`legal_mask` for `seat` on the trick in progress, with its two common cases first
        (following a suit that asks nothing more, or holding neither that suit nor a trump)."""
        led = self._led
        follow = hand & SUIT_MASKS[led]
        if follow:
            if self._follow_free[led]:
                return follow
        elif not hand & self._trumps:
            return hand
        return legal_mask(self.rules, hand, self._d, led, self._best,
                          self._winner == (seat + 2) & 3)

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

    def play_out(self, rng: random.Random) -> None:
        """Play the rest of the deal with uniformly random legal cards: the same rules, the
        same cards and the same random draws as `legal_cards`, `play` and `random_card` would
        give, in a loop specialised for these rules and this denomination (`specialise`)."""
        rand = rng.random
        while self.phase == "play" and self.trick:  # first the trick in progress
            self.play(random_card(self.legal_cards(), rand))
        if self.phase != "play":
            return
        done = self.tricks
        cards: list[int] = []
        winners: list[int] = []
        play = random_play(self.rules, self._d)
        assert self.contract is not None
        play(self.hands, self.to_act, rand, 8 - len(done), cards, winners, self.tricks_won,
             self.points, self.contract.declarer)
        self._fast = (self.to_act, cards, winners)
        self._last_winner = self.to_act = winners[-1]
        self.phase, self._legal = "over", 0

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
        self.tricks.append(_new_trick(Trick, (leader, tuple(t), winner, value)))
        self._last_winner = winner
        self.points[winner & 1] += value
        self.tricks_won[winner] += 1
        self.trick = []
        self.to_act = winner
        if len(self.tricks) == 8:
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

    # -- announcements and the result -----------------------------------------------------
    def declare(self, seat: int, combos: list[int], belote: bool = True) -> None:
        """Declare ordinary announcements (`combos`, card masks from the seat's hand) and
        whether the seat claims its belote; allowed once the contract is known and before the
        seat plays its first card. Declaring again replaces the earlier declaration."""
        if self.phase != "play" or self.hands[seat] != self.initial_hands[seat]:
            raise IllegalActionError(f"{SEATS[seat]} may declare only before playing a first "
                                     "card, once the contract is known", "announcements.timing")
        combos = [int(c) for c in combos]
        self._check_combos(seat, combos)
        holds = any(holder == seat for holder, _ in self.belote_holders())
        if not belote and holds:
            self._check_silence(seat)
        self.declared[seat] = combos
        (self.belote_silent.discard if belote else self.belote_silent.add)(seat)

    def claim_belote(self, seat: int, said: bool = True) -> None:
        """Say `seat`'s belote (or keep it silent) while the rules still let its holder
        decide (`belote.said_at`): until its first card, or until it plays its king or queen.
        (`declare` says it too, before the first card.)"""
        r = self.rules
        suits = [suit for holder, suit in self.belote_holders() if holder == seat]
        if self.phase != "play" or not suits:
            raise IllegalActionError(f"{SEATS[seat]} holds no belote to say", "belote")
        if not any(self._belote_open(seat, suit) for suit in suits):
            raise IllegalActionError(f"{SEATS[seat]}: too late to say or keep silent the "
                                     f"belote: {r.cite('belote', 'said_at')}", "belote.said_at")
        if not said:
            self._check_silence(seat)
        (self.belote_silent.discard if said else self.belote_silent.add)(seat)

    def _check_silence(self, seat: int) -> None:
        r = self.rules
        if not r.belote_silent_allowed:
            raise IllegalActionError(f"{SEATS[seat]} must announce the belote: "
                                     f"{r.cite('belote', 'silent_allowed')}",
                                     "belote.silent_allowed")

    def _check_combos(self, seat: int, combos: list[int]) -> None:
        """IllegalActionError unless `combos` may be declared by `seat` at this contract."""
        r = self.rules
        if combos and not r.announcements_by_denomination[self._d]:
            key = ("enabled" if not r.announcements else
                   "at_no_trump" if self._d == NO_TRUMP else "at_all_trump")
            raise IllegalActionError(f"{SEATS[seat]} may not announce: "
                                     f"{r.cite('announcements', key)}", f"announcements.{key}")
        used = 0
        for combo in combos:
            if not combo or combo & ~self.initial_hands[seat]:
                raise IllegalActionError(f"{SEATS[seat]} does not hold {_names(combo)}", "hand")
            _check_combination(r, combo, self._d, seat)
            if used & combo and not r.announcement_tables[self._d].card_reuse:
                raise IllegalActionError(f"{SEATS[seat]}: a card may serve in one announcement "
                                         f"only: {r.cite('announcements', 'card_reuse')}",
                                         "announcements.card_reuse")
            used |= combo

    def belote_holders(self) -> list[tuple[int, int]]:
        """(seat, suit) of each belote held at this contract: K and Q of a suit that makes
        one (`belote.*`), in one hand; whether it is claimed or credited is another matter."""
        suits = self.rules.belote_suits[self._d] if self.contract is not None else 0
        out = []
        for suit in range(4):
            if suits >> suit & 1:
                pair = ((1 << KING) | (1 << QUEEN)) << (8 * suit)
                for seat in range(4):
                    if self.initial_hands[seat] & pair == pair:
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
        r, contract = self.rules, self.contract
        return [(seat, suit) for seat, suit in self.belote_holders()
                if seat not in self.belote_silent
                and not (r.belote_declarers_only and contract is not None
                         and (seat ^ contract.declarer) & 1)]

    def belote_seats(self) -> list[int]:
        """Seats credited with a belote (one entry per belote: at all-trump a seat may hold
        several): held, not kept silent, by a declarer under `claim declarers_only`, and
        played king first under `order king_first`."""
        claimed = self._claimed() if self.contract is not None else []
        return [seat for seat, suit in claimed
                if not (self.rules.belote_king_first and not self._king_first(suit))]

    def _king_first(self, suit: int) -> bool:
        fast = self._fast  # cards played by `play_out`, in order (no `Trick`s needed)
        order = (list(fast[1]) if fast is not None and not self._tricks else
                 [c for t in self.tricks for _, c in t.cards]) + [c for _, c in self.trick]
        king, queen = suit * 8 + KING, suit * 8 + QUEEN
        return king in order and (queen not in order or order.index(king) < order.index(queen))

    def facts(self) -> DealFacts:
        """What scoring needs to know about the finished deal."""
        if self.phase != "over" or self.contract is None:
            raise IllegalActionError(f"the deal is not over (phase {self.phase})", "deal")
        allowed = self.rules.announcements_by_denomination[self._d]
        declared = self.declared
        return DealFacts(
            self.contract, list(self.tricks_won), (self.points[0], self.points[1]),
            self._last_winner,
            {s: list(c) for s, c in declared.items() if c and allowed} if declared else {},
            self.belote_seats())

    def result(self) -> DealScore:
        """The score of the finished deal (`score_facts` under the deal's ruleset)."""
        if self._result is None:
            self._result = self._score()
        return self._result

    def _score(self) -> DealScore:
        """`score_facts(ruleset, self.facts())`, kept by everything of the deal it reads: the
        contract, the declaring team's tricks and a generale, the card points, the last
        trick's team, what the announcements score per team and the belote seats. Deals that
        score alike (most of a simulation's) then skip building their facts."""
        c = self.contract
        if self.phase != "over" or c is None:
            return score_facts(self.rules, self.facts())  # says why not
        r, declared, won, lead = self.rules, self.declared, self.tricks_won, c.declarer
        ann = (0, 0)
        if declared and r.announcements_by_denomination[self._d] and any(declared.values()):
            ann = announcement_points({s: m for s, m in declared.items() if m}, self._d, r)
        key = (lead, c.bid, c.denomination, c.double, won[lead & 1] + won[(lead & 1) + 2],
               won[lead] == 8, self.points[0], self.points[1], self._last_winner & 1, ann,
               self._belote_key())
        known: dict[tuple[Any, ...], DealScore] = r.cache.setdefault("deal_scores", {})
        score = known.get(key)
        if score is None:
            score = score_facts(r, self.facts())
            if len(known) < _SCORES_KEPT:
                known[key] = score
        return score

    def _belote_key(self) -> tuple[int, ...]:
        """`belote_seats()`, with the common case (nobody holds a belote) found by bit
        arithmetic on the four hands."""
        h0, h1, h2, h3 = self.initial_hands
        held = ((h0 >> KING) & (h0 >> QUEEN) | (h1 >> KING) & (h1 >> QUEEN)
                | (h2 >> KING) & (h2 >> QUEEN) | (h3 >> KING) & (h3 >> QUEEN))
        if not held & SUIT_LOW_BITS[self.rules.belote_suits[self._d]]:
            return ()
        return tuple(self.belote_seats())


_SCORES_KEPT = 8192
"""How many distinct scores `Deal.result` keeps per compiled ruleset (a few MB at most)."""


def _check_combination(r: CompiledRules, combo: int, d: int, seat: int) -> None:
    """IllegalActionError unless `combo` is a carré or sequence of the variant."""
    try:
        classify(combo, d, r)
    except InputError as e:
        raise IllegalActionError(f"{SEATS[seat]} {_names(combo)}: {e}",
                                 "announcements") from None


def _names(mask: int) -> str:
    return " ".join(card_name(c) for c in range(32) if mask >> c & 1) or "an empty combination"
