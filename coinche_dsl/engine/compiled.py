"""A Ruleset compiled to plain ints, tuples, flags and enum members, built once, read by the
hot loop.

Denominations are ints (see `facts.py`): 0..3 a trump suit (C D H S), 4 no-trump, 5 all-trump.
Every per-mode table is a tuple indexed by denomination, then by card index 0..31:

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

Policies are the model's enum members or bools. The object is frozen and owns every derived
table: besides the above, the auction's calls (`auction_tables`), the scoring plan (`plan`), the
announcement tables per denomination (`announcement_tables`) and the end of the game
(`game_end`). Tables that depend on how a deal is run (the dealing's positions per dealer, cut
and packets; the batch engine's arrays) or that belong to the simulation
are built on first use into `cache`, a dict the object owns. The `ruleset` stays reachable for
error messages that cite where a rule was written, and for what only reads the model (worked
examples, sheets).

`compile` keeps the last `COMPILE_CACHE_SIZE` results by the ruleset's content (its JSON and
where each rule was written): `score_deal`, the sheets and the CLI take a Ruleset and ask for
its compiled rules on every call, and a Ruleset loaded anew (same file, new object) must not be
compiled again. The bound is what lets a dropped Ruleset be collected: at most that many
rulesets are kept alive (plus the last `RECENT_SIZE` objects asked for, recognised by identity
so that a caller scoring many deals under one Ruleset does not pay for the JSON key each time).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock
from typing import TYPE_CHECKING, Any

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
    BeloteFinish,
    BeloteMoment,
    BeloteOrder,
    BidLevels,
    BothOver,
    CapotRank,
    CoincheTiming,
    DealerRotation,
    Direction,
    FirstLead,
    RaiseOwn,
    Reach,
    Reentry,
    Shuffle,
    TieAtEnd,
    TrumpObligation,
)
from ..model.fingerprint import fingerprint
from .facts import ALL_TRUMP, DENOMINATION_WORDS, NO_TRUMP, Role

if TYPE_CHECKING:
    from ..model.ruleset import AnnouncementRules, BeloteRules, CardValue
    from .announcements import Tables
    from .auction import AuctionTables
    from .score_plan import Plan

__all__ = ["CompiledRules", "GameEnd", "compile", "DEALER_CHOICE_PACKETS",
           "BID_CAP_WITHOUT_MAXIMUM", "announcements_at", "belote_suit_mask"]

DEALER_CHOICE_PACKETS = ((3, 2, 3), (3, 3, 2), (2, 3, 3))
"""The packet schemes a dealer may choose among under `packets dealer_choice` (FFB)."""

CAPOT_KEY, GENERALE_KEY = 10_000, 20_000
"""Sort keys of the special bids: générale beats capot beats every number."""

COMPILE_CACHE_SIZE = 32
"""How many compiled rulesets `compile` keeps (see the module's docstring)."""
RECENT_SIZE = 16
"""How many Ruleset objects `compile` recognises by identity (kept alive until pushed out)."""

Table = tuple[tuple[int, ...], ...]
"""Per denomination 0..5, per card 0..31."""


@dataclass(frozen=True, slots=True)
class GameEnd:
    """When a game ends (`ruleset.game`), as `Game` reads it."""

    target: int
    exceed: bool
    """Over the target means passing it (`reach exceed`), not reaching it."""
    both_over: BothOver
    tie: TieAtEnd
    belote_finish: BeloteFinish


@dataclass(frozen=True, slots=True, eq=False, weakref_slot=True)
class CompiledRules:
    """The tables and flags of one Ruleset; build it with `compile(ruleset)`. Every field is
    set by `compile` (none has a default, so a forgotten one is a TypeError)."""

    ruleset: Ruleset
    fingerprint: str
    """The rules' fingerprint (`model.fingerprint`): equal for rulesets that play alike."""
    # table
    step: int
    """Seat increment in the direction of play: 3 anticlockwise (N W S E), 1 clockwise."""
    dealer_step: int
    first_lead_generale: bool
    packets: tuple[int, ...] | None
    """Fixed packet sizes, or None for the dealer's choice among DEALER_CHOICE_PACKETS."""
    cut_minimum: int
    shuffle_every_deal: bool
    all_pass_same_dealer: bool
    # cards
    strength: Table
    points: Table
    above: Table
    trump_mask: tuple[int, ...]
    beaters: Table
    follow_free: tuple[tuple[bool, ...], ...]
    card_total: tuple[int, ...]
    """Sum of the 32 cards' points per denomination."""
    modes: tuple[tuple[Any, ...], ...]
    """Per denomination, what the card-by-card play reads: (points, beaters, trump_mask,
    follow_free) of that denomination (`Deal` takes them in one look-up per deal)."""
    last_trick: int
    capot_last_trick: int
    # play
    must_trump: bool
    must_overtrump: bool
    undertrump_required: bool
    partner_master_free: bool
    overtrump_partner: bool
    trump_lead_beat_partner: bool
    all_trump_beat: AllTrumpBeat
    no_trump_beat: bool
    lead_duty: tuple[tuple[tuple[int, int, int], ...], ...]
    """Per denomination, per trick (0..7), per `Role` of the seat on lead: the cards it must
    lead when it holds any of them (0: the lead is free). See `play.lead_mask`."""
    lead_why: dict[tuple[int, int, int], tuple[tuple[str, str], str]]
    """(denomination, trick, role) of each duty above -> (the rule's path, what is due)."""
    lead_free: bool
    """No lead duty anywhere: every lead is free (the hot loops skip the context)."""
    # auction
    bid_values: tuple[int, ...]
    """Every numeric bid allowed, ascending."""
    jumps: bool
    denominations: tuple[int, ...]
    ranked_denominations: bool
    capot: bool
    capot_value: int
    capot_at_value: bool
    """A capot bid ranks at its value among the numeric bids (`auction.capot_rank`)."""
    generale: bool
    generale_value: int
    reentry: Reentry
    raise_own: RaiseOwn
    end_passes: int
    coinche: CoincheTiming
    coinche_capot: bool
    after_coinche: AfterCoinche
    surcoinche: bool
    surcoinche_ends_auction: bool
    closing_coinche: bool
    auction_tables: AuctionTables
    """Every bid of each seat as a `Call`, in bid order, and the other calls (`auction.py`)."""
    # announcements and belote
    announcements: bool
    announcements_by_denomination: tuple[bool, ...]
    announcements_automatic: bool
    announcement_tables: tuple[Tables, ...]
    """Per denomination 0..5: what finding, classifying and comparing announcements read."""
    belote: bool
    belote_declarers_only: bool
    belote_silent_allowed: bool
    belote_king_first: bool
    belote_said_at_pair: bool
    """A claimed belote is said as the first of its king and queen is played (else with its
    holder's first card): see `Deal.belote_said`."""
    belote_suits: tuple[int, ...]
    """Per denomination, a mask of the suits whose K+Q make a belote (bit s for suit s)."""
    # scoring and the game
    plan: Plan
    """Everything `scoring.score_facts` reads."""
    game_end: GameEnd
    cache: dict[Any, Any]
    """Tables built lazily on first use, for how a deal is run rather than for the rules alone:
    the dealing's (which deck positions each seat receives, per dealer, packets, cut),
    the batch engine's arrays, the bots' hand patterns."""

    def __reduce__(self) -> tuple[Any, tuple[Ruleset]]:
        """Pickled as its Ruleset and compiled again on loading (in another process, say): the
        plan's formulas are functions, which do not pickle."""
        return compile, (self.ruleset,)

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


_COMPILED: OrderedDict[tuple[str, tuple[Any, ...]], CompiledRules] = OrderedDict()
_RECENT: tuple[tuple[Ruleset, CompiledRules], ...] = ()
"""The last few Ruleset objects asked for, most recent first, found by identity before the
content key (JSON) is computed: a sheet or a test scores many deals under one Ruleset."""
_LOCK = Lock()


def compile(ruleset: Ruleset | CompiledRules) -> CompiledRules:  # noqa: A001 - the API's name
    """The compiled rules of `ruleset`, built once per content (see the module's docstring);
    compiled rules are returned as they are."""
    global _RECENT
    if isinstance(ruleset, CompiledRules):
        return ruleset
    for seen, known in _RECENT:
        if seen is ruleset:
            return known
    key = (ruleset.model_dump_json(), ruleset.locations())
    with _LOCK:
        rules = _COMPILED.get(key)
        if rules is not None:
            _COMPILED.move_to_end(key)
    if rules is None:
        rules = _build(ruleset)
        with _LOCK:
            _COMPILED[key] = rules
            while len(_COMPILED) > COMPILE_CACHE_SIZE:
                _COMPILED.popitem(last=False)
    with _LOCK:
        _RECENT = ((ruleset, rules), *_RECENT[:RECENT_SIZE - 1])
    return rules


def _build(rs: Ruleset) -> CompiledRules:
    # Imported here: those modules import this one (for `CompiledRules` and the helpers below).
    from .announcements import build_tables
    from .auction import build_tables as auction_tables
    from .score_plan import build_plan

    g = rs.game
    game_end = GameEnd(target=g.target, exceed=g.reach == Reach.EXCEED, both_over=g.both_over,
                       tie=g.tie, belote_finish=g.belote_finish)
    auction, cards, play = _auction(rs), _cards(rs), _play(rs)
    modes = tuple(zip(cards["points"], cards["beaters"], cards["trump_mask"],
                      play["follow_free"], strict=True))
    return CompiledRules(
        ruleset=rs, fingerprint=fingerprint(rs), **_table(rs), **cards, **play, modes=modes,
        **_lead(rs), **auction, auction_tables=auction_tables(auction), **_extras(rs),
        announcement_tables=build_tables(rs),
        plan=build_plan(rs), game_end=game_end, cache={})


def _table(rs: Ruleset) -> dict[str, Any]:
    t = rs.table
    step = 1 if t.direction == Direction.CLOCKWISE else 3
    return dict(
        step=step,
        dealer_step=step if t.dealer_rotation == DealerRotation.WITH_PLAY else 4 - step,
        first_lead_generale=t.first_lead == FirstLead.GENERALE_BIDDER,
        packets=None if t.packets == "dealer_choice" else tuple(t.packets),
        cut_minimum=min(t.cut_minimum, 16),
        shuffle_every_deal=t.shuffle_every_deal != Shuffle.NO,
        all_pass_same_dealer=t.all_pass == AllPass.REDEAL_SAME_DEALER)


def _order(table: list[CardValue]) -> tuple[list[int], list[int]]:
    """Per rank index: strength 8..1 (strongest first in the table) and points."""
    strength, points = [0] * 8, [0] * 8
    for pos, row in enumerate(table):
        r = RANKS.index(row.rank)
        strength[r], points[r] = 8 - pos, row.points
    return strength, points


def _cards(rs: Ruleset) -> dict[str, Any]:
    c = rs.cards
    trump, plain = _order(c.trump), _order(c.plain)
    no_trump, all_trump = _order(c.no_trump), _order(c.all_trump)
    strengths, pointss, aboves, beaters, trump_masks = [], [], [], [], []
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
        above = tuple(_above(strength, card) for card in range(32))
        trumps = SUIT_MASKS[d] if d < NO_TRUMP else 0
        strengths.append(tuple(strength))
        pointss.append(tuple(points))
        aboves.append(above)
        trump_masks.append(trumps)
        beaters.append(tuple(above[card] | (0 if trumps >> card & 1 else trumps)
                             for card in range(32)))
    return dict(strength=tuple(strengths), points=tuple(pointss), above=tuple(aboves),
                trump_mask=tuple(trump_masks), beaters=tuple(beaters),
                card_total=tuple(sum(p) for p in pointss),
                last_trick=c.last_trick, capot_last_trick=c.capot_last_trick)


def _above(strength: list[int], card: int) -> int:
    suit = card >> 3
    return sum(1 << c for c in range(suit * 8, suit * 8 + 8) if strength[c] > strength[card])


def _play(rs: Ruleset) -> dict[str, Any]:
    p = rs.play
    # Mirrors the first branch of `play.legal_mask`: when following is free of any duty to beat.
    at_free = p.all_trump_beat == AllTrumpBeat.NEVER
    follow_free = [tuple(led != d for led in range(4)) for d in range(NO_TRUMP)]
    follow_free += [(not p.no_trump_beat,) * 4, (at_free,) * 4]
    return dict(
        must_trump=p.must_trump == TrumpObligation.REQUIRED,
        must_overtrump=p.must_overtrump,
        undertrump_required=p.undertrump == TrumpObligation.REQUIRED,
        partner_master_free=p.partner_master_free,
        overtrump_partner=p.overtrump_partner,
        trump_lead_beat_partner=p.trump_lead_beat_partner,
        all_trump_beat=p.all_trump_beat,
        no_trump_beat=p.no_trump_beat,
        follow_free=tuple(follow_free))


def _lead(rs: Ruleset) -> dict[str, Any]:
    """The lead duties (`lead_duty`): the context of a lead (trick, role) is looked up, never
    tested, so a rule about leads is a field and its lines here."""
    duty = [[[0, 0, 0] for _ in range(8)] for _ in range(6)]
    why: dict[tuple[int, int, int], tuple[tuple[str, str], str]] = {}
    at = rs.play.partner_leads_trump_at
    if at is not None:  # the partner, on lead at trick `at`, leads a trump (suit contracts)
        for d in range(NO_TRUMP):
            duty[d][at - 1][Role.PARTNER] = SUIT_MASKS[d]
            why[(d, at - 1, Role.PARTNER)] = (("play", "partner_leads_trump_at"),
                                              "must lead a trump")
    return dict(
        lead_duty=tuple(tuple((row[0], row[1], row[2]) for row in per_d) for per_d in duty),
        lead_why=why, lead_free=not why)


def _auction(rs: Ruleset) -> dict[str, Any]:
    a = rs.auction
    return dict(
        bid_values=bid_values(a.minimum_bid, a.step, a.bid_levels, a.maximum_bid),
        jumps=a.jumps,
        denominations=tuple(sorted(DENOMINATION_WORDS.index(d.value) for d in a.denominations)),
        ranked_denominations=a.ranked_denominations,
        capot=a.capot, capot_value=a.capot_value,
        capot_at_value=a.capot_rank == CapotRank.AT_VALUE,
        generale=a.generale, generale_value=a.generale_value,
        reentry=a.reentry, raise_own=a.raise_own, end_passes=a.end_passes,
        coinche=a.coinche, coinche_capot=a.coinche_capot, after_coinche=a.after_coinche,
        surcoinche=a.surcoinche and a.coinche != CoincheTiming.NONE,
        surcoinche_ends_auction=a.surcoinche_ends_auction,
        closing_coinche=a.closing_coinche)


def bid_values(minimum: int, step: int, levels: BidLevels, maximum: int | None
               ) -> tuple[int, ...]:
    """The numeric bids in order: `aligned` puts those above the minimum on multiples of the step
    (82, 90, 100…), `from_minimum` on the minimum plus multiples of it (82, 92, 102…).

    >>> bid_values(82, 10, BidLevels.ALIGNED, 110)
    (82, 90, 100, 110)
    >>> bid_values(82, 10, BidLevels.FROM_MINIMUM, 112)
    (82, 92, 102, 112)
    """
    top = maximum if maximum is not None else max(minimum, BID_CAP_WITHOUT_MAXIMUM)
    values, value = [], minimum
    while value <= top:
        values.append(value)
        value = value + step if levels == BidLevels.FROM_MINIMUM else (value // step + 1) * step
    return tuple(values)


def _extras(rs: Ruleset) -> dict[str, Any]:
    an, be = rs.announcements, rs.belote
    return dict(
        announcements=an.enabled,
        announcements_by_denomination=tuple(announcements_at(an, d) for d in range(6)),
        announcements_automatic=an.timing == AnnouncementTiming.AUTOMATIC,
        belote=be.enabled,
        belote_declarers_only=be.claim == BeloteClaim.DECLARERS_ONLY,
        belote_silent_allowed=be.silent_allowed,
        belote_king_first=be.order == BeloteOrder.KING_FIRST,
        belote_said_at_pair=be.said_at == BeloteMoment.FIRST_OF_PAIR,
        belote_suits=tuple(belote_suit_mask(be, d) for d in range(6)))


def announcements_at(an: AnnouncementRules, d: int) -> bool:
    """Announcements are allowed at denomination `d` under `an` (`ruleset.announcements`)."""
    return an.enabled and (d < NO_TRUMP or (an.at_no_trump if d == NO_TRUMP else an.at_all_trump))


def belote_suit_mask(be: BeloteRules, d: int) -> int:
    """The suits (bit s for suit s) whose K+Q make a belote at denomination `d` under `be`
    (`ruleset.belote`): the trump suit, or every suit at no-trump / all-trump if allowed."""
    if not be.enabled:
        return 0
    if d < NO_TRUMP:
        return 1 << d
    allowed = be.at_no_trump if d == NO_TRUMP else be.at_all_trump == AllTrumpBelote.EACH_SUIT
    return 0b1111 if allowed else 0
