"""A Ruleset compiled to plain ints, lists and flags, built once and read by the hot loop.

Denominations are ints (see `facts.py`): 0..3 a trump suit (C D H S), 4 no-trump, 5 all-trump.
Every per-mode table is a list indexed by denomination, then by card index 0..31:

- `strength[d][card]`: higher wins. At a suit contract the trump suit is lifted above every
  plain card, so a trick's winner is the strongest card that is of the led suit or a trump.
- `points[d][card]`: the card's points in that mode (raw, before any scaling).
- `above[d][card]`: the cards of the same suit that beat `card` in that mode.
- `trump_mask[d]`: the cards that ruff (the trump suit; nothing at no-trump or all-trump, where
  a void player cannot win the trick with another suit).
- `beaters[d][card]`: the cards that take the trick from `card` when it is the best so far
  (`above`, plus every trump when `card` is not one): one bit test per card played.
- `follow_free[d][suit]`: following `suit` when it is led never requires going higher, so the
  legal cards are simply the cards of that suit (the common case, tested before `legal_mask`).

Policies are small ints (the index of an enum member in declaration order) or bools. The
`ruleset` stays reachable for scoring and for error messages that cite where a rule was written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import RANKS, SUIT_MASKS
from ..limits import BID_CAP_WITHOUT_MAXIMUM
from ..model import Ruleset
from ..model.enums import (
    AfterCoinche,
    AllPass,
    AllTrumpBeat,
    AllTrumpBelote,
    AnnouncementTiming,
    BeloteClaim,
    BeloteMoment,
    BeloteOrder,
    CoincheTiming,
    DealerRotation,
    Direction,
    FirstLead,
    RaiseOwn,
    Reentry,
    TrumpObligation,
)
from .facts import ALL_TRUMP, DENOMINATION_WORDS, NO_TRUMP, Role

__all__ = ["CompiledRules", "compile", "DEALER_CHOICE_PACKETS", "BID_CAP_WITHOUT_MAXIMUM",
           "announcements_at", "belote_suit_mask"]

DEALER_CHOICE_PACKETS = ((3, 2, 3), (3, 3, 2), (2, 3, 3))
"""The packet schemes a dealer may choose among under `packets dealer_choice` (FFB)."""

# Small-int codes of the policies, named where they are tested.
REENTRY_ALLOWED, REENTRY_FORBIDDEN, REENTRY_SPEAK_ONCE = 0, 1, 2
RAISE_ALLOWED, RAISE_SUIT_CHANGE = 0, 2
"""(`after_other` 1 and `forbidden` 3 are read as "not these": no raise over one's own bid.)"""
COINCHE_NONE, COINCHE_IN_TURN, COINCHE_ANY_TIME = 0, 1, 2
AFTER_ENDS, AFTER_PASSES, AFTER_DOUBLED_SIDE, AFTER_BIDDING = 0, 1, 2, 3
AT_BEAT_ALWAYS, AT_BEAT_UNLESS_PARTNER, AT_BEAT_NEVER = 0, 1, 2
CAPOT_KEY, GENERALE_KEY = 10_000, 20_000
"""Sort keys of the special bids: générale beats capot beats every number."""


@dataclass(eq=False)
class CompiledRules:
    """Plain tables and flags of one Ruleset; build it with `compile(ruleset)`."""

    ruleset: Ruleset
    # table
    step: int = 3
    """Seat increment in the direction of play: 3 anticlockwise (N W S E), 1 clockwise."""
    dealer_step: int = 3
    first_lead_generale: bool = False
    packets: tuple[int, ...] | None = None
    """Fixed packet sizes, or None for the dealer's choice among DEALER_CHOICE_PACKETS."""
    cut_minimum: int = 3
    shuffle_every_deal: bool = True
    all_pass_same_dealer: bool = False
    # cards
    strength: list[list[int]] = field(default_factory=list)
    points: list[list[int]] = field(default_factory=list)
    above: list[list[int]] = field(default_factory=list)
    trump_mask: list[int] = field(default_factory=list)
    beaters: list[list[int]] = field(default_factory=list)
    follow_free: list[tuple[bool, ...]] = field(default_factory=list)
    card_total: list[int] = field(default_factory=list)
    """Sum of the 32 cards' points per denomination."""
    last_trick: int = 10
    capot_last_trick: int = 10
    # play
    must_trump: bool = True
    must_overtrump: bool = True
    undertrump_required: bool = False
    partner_master_free: bool = True
    overtrump_partner: bool = False
    trump_lead_beat_partner: bool = True
    all_trump_beat: int = AT_BEAT_ALWAYS
    no_trump_beat: bool = False
    lead_duty: list[tuple[tuple[int, int, int], ...]] = field(default_factory=list)
    """Per denomination, per trick (0..7), per `Role` of the seat on lead: the cards it must
    lead when it holds any of them (0: the lead is free). See `play.lead_mask`."""
    lead_why: dict[tuple[int, int, int], tuple[tuple[str, str], str]] = field(
        default_factory=dict)
    """(denomination, trick, role) of each duty above -> (the rule's path, what is due)."""
    lead_free: bool = True
    """No lead duty anywhere: every lead is free (the hot loops skip the context)."""
    # auction
    bid_values: tuple[int, ...] = ()
    """Every numeric bid allowed, ascending."""
    jumps: bool = True
    denominations: tuple[int, ...] = ()
    ranked_denominations: bool = False
    capot: bool = True
    capot_value: int = 250
    generale: bool = False
    generale_value: int = 500
    reentry: int = REENTRY_ALLOWED
    raise_own: int = RAISE_ALLOWED
    end_passes: int = 3
    coinche: int = COINCHE_IN_TURN
    coinche_capot: bool = True
    after_coinche: int = AFTER_PASSES
    surcoinche: bool = True
    surcoinche_ends_auction: bool = True
    closing_coinche: bool = False
    # announcements and belote
    announcements: bool = True
    announcements_by_denomination: tuple[bool, ...] = ()
    announcements_automatic: bool = False
    belote: bool = True
    belote_declarers_only: bool = False
    belote_silent_allowed: bool = True
    belote_king_first: bool = False
    belote_said_at_pair: bool = False
    """A claimed belote is said as the first of its king and queen is played (else with its
    holder's first card): see `Deal.belote_said`."""
    belote_suits: list[int] = field(default_factory=list)
    """Per denomination, a mask of the suits whose K+Q make a belote (bit s for suit s)."""
    cache: dict[Any, Any] = field(default_factory=dict)
    """Tables built lazily on first use: the auction's (every bid as a `Call`, per seat, in bid
    order), the dealing's (which deck positions each seat receives, per dealer, packets, cut)."""

    def where(self, *path: str | int) -> str:
        """Where a rule was written, as `ruleset.where` gives it."""
        return self.ruleset.where(*path)

    def cite(self, *path: str) -> str:
        """`play.must_overtrump yes (ffb.coinche:63)`: a rule, its value and where it is written."""
        value: Any = self.ruleset
        for part in path:
            value = getattr(value, part, None)
        shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        where = self.where(*path)
        return f"{'.'.join(path)} {shown}" + (f" ({where})" if where else "")

    def bid_key(self, value: int | str) -> int:
        """Order of bid values: numbers by size, then capot, then générale."""
        if value == "capot":
            return CAPOT_KEY
        if value == "generale":
            return GENERALE_KEY
        return int(value)


def compile(ruleset: Ruleset) -> CompiledRules:  # noqa: A001 - the public name of the API
    """Build the int tables and flags of `ruleset` (once; the result is read-only by contract)."""
    rules = CompiledRules(ruleset=ruleset)
    _table(rules, ruleset)
    _cards(rules, ruleset)
    _play(rules, ruleset)
    _lead(rules, ruleset)
    _auction(rules, ruleset)
    _extras(rules, ruleset)
    return rules


def _table(rules: CompiledRules, rs: Ruleset) -> None:
    t = rs.table
    rules.step = 1 if t.direction == Direction.CLOCKWISE else 3
    rules.dealer_step = rules.step if t.dealer_rotation == DealerRotation.WITH_PLAY \
        else 4 - rules.step
    rules.first_lead_generale = t.first_lead == FirstLead.GENERALE_BIDDER
    rules.packets = None if t.packets == "dealer_choice" else tuple(t.packets)
    rules.cut_minimum = min(t.cut_minimum, 16)
    rules.shuffle_every_deal = t.shuffle_every_deal
    rules.all_pass_same_dealer = t.all_pass == AllPass.REDEAL_SAME_DEALER


def _order(table: list[Any]) -> tuple[list[int], list[int]]:
    """Per rank index: strength 8..1 (strongest first in the table) and points."""
    strength, points = [0] * 8, [0] * 8
    for pos, row in enumerate(table):
        r = RANKS.index(row.rank)
        strength[r], points[r] = 8 - pos, row.points
    return strength, points


def _cards(rules: CompiledRules, rs: Ruleset) -> None:
    c = rs.cards
    trump, plain = _order(c.trump), _order(c.plain)
    no_trump, all_trump = _order(c.no_trump), _order(c.all_trump)
    for d in range(6):
        strength, points = [0] * 32, [0] * 32
        for card in range(32):
            suit, rank = card >> 3, card & 7
            if d == NO_TRUMP:
                s, p = no_trump[0][rank], no_trump[1][rank]
            elif d == ALL_TRUMP:
                s, p = all_trump[0][rank], all_trump[1][rank]
            elif suit == d:
                s, p = trump[0][rank] + 8, trump[1][rank]
            else:
                s, p = plain[0][rank], plain[1][rank]
            strength[card], points[card] = s, p
        rules.strength.append(strength)
        rules.points.append(points)
        rules.above.append([_above(strength, card) for card in range(32)])
        trumps = SUIT_MASKS[d] if d < NO_TRUMP else 0
        rules.trump_mask.append(trumps)
        rules.beaters.append([rules.above[d][card] | (0 if trumps >> card & 1 else trumps)
                              for card in range(32)])
        rules.card_total.append(sum(points))
    rules.last_trick, rules.capot_last_trick = c.last_trick, c.capot_last_trick


def _above(strength: list[int], card: int) -> int:
    suit = card >> 3
    return sum(1 << c for c in range(suit * 8, suit * 8 + 8) if strength[c] > strength[card])


def _play(rules: CompiledRules, rs: Ruleset) -> None:
    p = rs.play
    rules.must_trump = p.must_trump == TrumpObligation.REQUIRED
    rules.must_overtrump = p.must_overtrump
    rules.undertrump_required = p.undertrump == TrumpObligation.REQUIRED
    rules.partner_master_free = p.partner_master_free
    rules.overtrump_partner = p.overtrump_partner
    rules.trump_lead_beat_partner = p.trump_lead_beat_partner
    rules.all_trump_beat = list(AllTrumpBeat).index(p.all_trump_beat)
    rules.no_trump_beat = p.no_trump_beat
    # Mirrors the first branch of `play.legal_mask`: when following is free of any duty to beat.
    at_free = rules.all_trump_beat == AT_BEAT_NEVER
    rules.follow_free = [tuple(led != d for led in range(4)) for d in range(NO_TRUMP)]
    rules.follow_free += [(not rules.no_trump_beat,) * 4, (at_free,) * 4]


def _lead(rules: CompiledRules, rs: Ruleset) -> None:
    """The lead duties (`lead_duty`): the context of a lead (trick, role) is looked up, never
    tested, so a rule about leads is a field and its lines here."""
    duty = [[[0, 0, 0] for _ in range(8)] for _ in range(6)]
    at = rs.play.partner_leads_trump_at
    if at is not None:  # the partner, on lead at trick `at`, leads a trump (suit contracts)
        for d in range(NO_TRUMP):
            duty[d][at - 1][Role.PARTNER] = SUIT_MASKS[d]
            rules.lead_why[(d, at - 1, Role.PARTNER)] = (("play", "partner_leads_trump_at"),
                                                        "must lead a trump")
    rules.lead_duty = [tuple((row[0], row[1], row[2]) for row in per_d) for per_d in duty]
    rules.lead_free = not rules.lead_why


def _auction(rules: CompiledRules, rs: Ruleset) -> None:
    a = rs.auction
    rules.bid_values = bid_values(a.minimum_bid, a.step, a.bid_levels.value, a.maximum_bid)
    rules.jumps = a.jumps
    rules.denominations = tuple(sorted(DENOMINATION_WORDS.index(d.value) for d in a.denominations))
    rules.ranked_denominations = a.ranked_denominations
    rules.capot, rules.capot_value = a.capot, a.capot_value
    rules.generale, rules.generale_value = a.generale, a.generale_value
    rules.reentry = list(Reentry).index(a.reentry)
    rules.raise_own = list(RaiseOwn).index(a.raise_own)
    rules.end_passes = a.end_passes
    rules.coinche = list(CoincheTiming).index(a.coinche)
    rules.coinche_capot = a.coinche_capot
    rules.after_coinche = list(AfterCoinche).index(a.after_coinche)
    rules.surcoinche = a.surcoinche and a.coinche != CoincheTiming.NONE
    rules.surcoinche_ends_auction = a.surcoinche_ends_auction
    rules.closing_coinche = a.closing_coinche


def bid_values(minimum: int, step: int, levels: str, maximum: int | None) -> tuple[int, ...]:
    """The numeric bids in order: `aligned` puts those above the minimum on multiples of the step
    (82, 90, 100…), `from_minimum` on the minimum plus multiples of it (82, 92, 102…).

    >>> bid_values(82, 10, "aligned", 110)
    (82, 90, 100, 110)
    >>> bid_values(82, 10, "from_minimum", 112)
    (82, 92, 102, 112)
    """
    top = maximum if maximum is not None else max(minimum, BID_CAP_WITHOUT_MAXIMUM)
    values, value = [], minimum
    while value <= top:
        values.append(value)
        value = value + step if levels == "from_minimum" else (value // step + 1) * step
    return tuple(values)


def _extras(rules: CompiledRules, rs: Ruleset) -> None:
    an, be = rs.announcements, rs.belote
    rules.announcements = an.enabled
    rules.announcements_by_denomination = tuple(announcements_at(an, d) for d in range(6))
    rules.announcements_automatic = an.timing == AnnouncementTiming.AUTOMATIC
    rules.belote = be.enabled
    rules.belote_declarers_only = be.claim == BeloteClaim.DECLARERS_ONLY
    rules.belote_silent_allowed = be.silent_allowed
    rules.belote_king_first = be.order == BeloteOrder.KING_FIRST
    rules.belote_said_at_pair = be.said_at == BeloteMoment.FIRST_OF_PAIR
    rules.belote_suits = [belote_suit_mask(be, d) for d in range(6)]


def announcements_at(an: Any, d: int) -> bool:
    """Announcements are allowed at denomination `d` under `an` (`ruleset.announcements`)."""
    return an.enabled and (d < NO_TRUMP or (an.at_no_trump if d == NO_TRUMP else an.at_all_trump))


def belote_suit_mask(be: Any, d: int) -> int:
    """The suits (bit s for suit s) whose K+Q make a belote at denomination `d` under `be`
    (`ruleset.belote`): the trump suit, or every suit at no-trump / all-trump if allowed."""
    if not be.enabled:
        return 0
    if d < NO_TRUMP:
        return 1 << d
    allowed = be.at_no_trump if d == NO_TRUMP else be.at_all_trump == AllTrumpBelote.EACH_SUIT
    return 0b1111 if allowed else 0
