"""A deal's announcements, belote and score: the part of `Deal` that reads a finished deal.

`DealScoring` is a base of `Deal` (`deal.py` holds the dealing, the auction and the play). The
score of a deal is kept by a key of everything scoring reads (`scoring.score_key`), which
`Deal` builds from what it already knows: the tricks and points counted by the play, the
announcements' points per team (`announcement_points` of what was declared, or found by
`announcer` when they are automatic), the belote's points. A deal scoring like an earlier one
then builds no facts, and one scored afresh is scored from that key (`scoring.kept_score`),
without facts either.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import SEATS, card_name
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
from .facts import NO_TRUMP, Contract, DealFacts, DealScore
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


class DealScoring:
    """Announcements, belote and the result of a `Deal` (see `deal.py` for the rest)."""

    rules: CompiledRules
    contract: Contract | None
    phase: str
    hands: list[int]
    initial_hands: tuple[int, ...]
    trick: list[tuple[int, int]]
    tricks_won: list[int]
    points: list[int]
    _d: int
    _last_winner: int
    _tricks: list[Trick] | None
    _result: DealScore | None = None
    _declared: dict[int, list[int]] | None = None
    _auto = False
    """Automatic announcements, found (by `announcer`) when `declared` is first read, until a
    seat declares otherwise."""
    _leader = 0
    """The first trick's leader, from whom automatic announcements are declared in playing
    order (which `tie first_declared` reads)."""
    _silent: set[int] | None = None

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
                                     "card, once the contract is known", "announcements.timing")
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
        try:
            check_whole_runs(combos, self._d, r)
        except InputError as e:
            raise IllegalActionError(f"{SEATS[seat]}: {e}: "
                                     f"{r.cite('announcements', 'split_runs')}",
                                     "announcements.split_runs") from None

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
        return [seat for seat, suit in claimed
                if not (self.rules.belote_king_first and not self._king_first(suit))]

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
            raise IllegalActionError(f"the deal is not over (phase {self.phase})", "deal")
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
                                 "announcements") from None


def _names(mask: int) -> str:
    return " ".join(card_name(c) for c in range(32) if mask >> c & 1) or "an empty combination"
