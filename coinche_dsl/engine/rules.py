"""The compiled rules: a Ruleset as plain ints, tuples, flags and enum members, built once by
`compiler.compile` and read by every hot loop. This module holds their shape and constants
only, and imports no other module of the engine.

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
and packets; the batch engine's arrays) or that belong to the simulation are built on first
use into `cache`, a dict the object owns. The `ruleset` stays reachable for error messages that
cite where a rule was written, and for what only reads the model (worked examples, sheets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..limits import BID_CAP_WITHOUT_MAXIMUM
from ..model import Ruleset
from ..model.enums import (
    AfterCoinche,
    AllTrumpBeat,
    BeloteFinish,
    BothOver,
    CoincheTiming,
    DealsTie,
    RaiseOwn,
    Reentry,
    TieAtEnd,
)

if TYPE_CHECKING:
    from .announcements import Tables
    from .auction import AuctionTables
    from .score_plan import Plan

__all__ = ["CompiledRules", "GameEnd", "Table", "DEALER_CHOICE_PACKETS", "CAPOT_KEY",
           "GENERALE_KEY", "BID_CAP_WITHOUT_MAXIMUM"]

DEALER_CHOICE_PACKETS = ((3, 2, 3), (3, 3, 2), (2, 3, 3))
"""The packet schemes a dealer may choose among under `packets dealer_choice` (FFB)."""

CAPOT_KEY, GENERALE_KEY = 10_000, 20_000
"""Sort keys of the special bids: générale beats capot beats every number."""

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
    deals: int | None = None
    """A game of this many scored deals (`game.deals`); None: to the target."""
    deals_tie: DealsTie = DealsTie.MORE_DEALS


@dataclass(frozen=True, slots=True, eq=False, weakref_slot=True)
class CompiledRules:
    """The tables and flags of one Ruleset; build it with `compile(ruleset)`. Every field is
    set by `compile` (none has a default, so a forgotten one is a TypeError). Pickled as its
    Ruleset and compiled again on loading (`compile` registers how): the plan's formulas are
    functions, which do not pickle."""

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
    partner_ruff_free: bool
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
    coinche_after_bidding: bool
    """A coinche only in the closing round (`auction.coinche_after_bidding`)."""
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
    rebelote_required: bool
    """A recorded belote whose « rebelote » was not said does not count."""
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


