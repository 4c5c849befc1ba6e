"""The typed Ruleset: one documented field for every way real variants differ.

Defaults are the French federation's belote coinchée (the `ffb` built-in states them all
explicitly, with sources). Formulas have no default: a variant writes them or extends a base.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, PrivateAttr, field_validator

from ..cards import RANKS
from ..errors import RuleValueError
from ..limits import (
    MAX_ANNOUNCEMENT,
    MAX_BID,
    MAX_EXAMPLES,
    MAX_GAME_DEALS,
    MAX_OPTIONS,
    MAX_SOURCES,
    MAX_SPECIAL_BID,
    MAX_TEXT,
)
from .base import RuleModel
from .enums import (
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
    Cutter,
    DealerRotation,
    DealsTie,
    Denomination,
    Direction,
    FirstDealer,
    FirstLead,
    Litige,
    RaiseOwn,
    Reach,
    Reentry,
    Revoke,
    Rounding,
    RoundWhat,
    ScaleKind,
    ScoreScale,
    ShownCard,
    Shuffle,
    TieAtEnd,
    TiePolicy,
    TrumpObligation,
    WhoScores,
)
from .expr import Expr
from .option import Option
from .shapes import as_list, as_pairs
from .summary import Example

Rank = Literal["7", "8", "9", "10", "J", "Q", "K", "A"]

SAME_IN_ENGINE = "same_in_engine"
"""A field's JSON-schema marker: groups of its values that the engine reads the same way, so
that they differ only in what the rule sheet prints (the engine-coverage test checks it)."""


def sheet_only(*groups: tuple[str, ...]) -> dict[str, Any]:
    """A field's `json_schema_extra` declaring `groups` of values the same to the engine; with
    no group, every value: a setting that only the rule sheet prints (a table procedure)."""
    return {SAME_IN_ENGINE: [list(g) for g in groups] if groups else ALL_VALUES}


ALL_VALUES = "all"
"""The `same_in_engine` marker of a field the engine never reads."""


def _yes_no(value: Any) -> Any:
    """`yes` / `no` read as truth values by the parser, back to their words."""
    return ("yes" if value else "no") if isinstance(value, bool) else value


def _rank(value: Any) -> Any:
    return str(value).upper() if isinstance(value, (int, str)) else value


RankStr = Annotated[Rank, BeforeValidator(_rank)]
AnnouncementValue = Annotated[int, Field(ge=0, le=MAX_ANNOUNCEMENT)]


class CardValue(RuleModel):
    """One row of a card table."""

    rank: RankStr
    points: int = Field(ge=0, le=100)


def _card_rows(value: Any) -> Any:
    return [{"rank": r, "points": p} if not isinstance(r, dict) else r
            for r, p in as_pairs(value)] if not _is_rows(value) else value


def _is_rows(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, (dict, CardValue)) for v in value)


def _unique_ranks(rows: list[CardValue]) -> list[CardValue]:
    seen = [r.rank for r in rows]
    missing = [r for r in RANKS if r not in seen]
    doubled = sorted({r for r in seen if seen.count(r) > 1}, key=RANKS.index)
    if doubled or missing:
        parts = ([f"{', '.join(doubled)} listed twice"] if doubled else []) + (
            [f"{', '.join(missing)} missing"] if missing else [])
        code = ("value.card_table_twice_missing" if doubled and missing else
                "value.card_table_twice" if doubled else "value.card_table_missing")
        raise RuleValueError("a card table lists each of 7 8 9 10 J Q K A once: "
                             + "; ".join(parts), code=code, doubled=doubled, missing=missing)
    return rows


CardTable = Annotated[list[CardValue], BeforeValidator(_card_rows)]
"""The eight ranks, strongest first, each with its points."""


class Scale(RuleModel):
    """How a mode's totals are brought back to the usual 162 (seed 004: "produit en croix")."""

    kind: ScaleKind = ScaleKind.NONE
    to: int = Field(default=152, ge=1, le=1000)
    """The total that the scaled quantity is brought to."""


def _scale(value: Any) -> Any:
    items = as_list(value)
    if items and all(isinstance(i, (str, int)) for i in items) and len(items) <= 2:
        return {"kind": items[0], **({"to": items[1]} if len(items) == 2 else {})}
    return value


ScaleSpec = Annotated[Scale, BeforeValidator(_scale)]


class TableRules(RuleModel):
    """Players, direction, dealing."""

    direction: Direction = Direction.ANTICLOCKWISE
    """Direction of deal, auction and play: anticlockwise (FFB, PAGAT) or clockwise."""
    dealer_rotation: DealerRotation = DealerRotation.WITH_PLAY
    """Who deals next: the next player in the direction of play, or the other way."""
    first_lead: FirstLead = FirstLead.AFTER_DEALER
    """Who leads to the first trick."""
    packets: Annotated[list[int] | Literal["dealer_choice"], BeforeValidator(
        lambda v: v if v == "dealer_choice" else as_list(v))] = "dealer_choice"
    """Sizes of the packets each player receives in turn (3 2 3), or `dealer_choice` among
    3 2 3, 3 3 2 and 2 3 3 (FFB)."""
    cut_minimum: int = Field(default=3, ge=1, le=16)
    """Fewest cards the cut may leave in each part."""
    shuffle_every_deal: Annotated[Shuffle, BeforeValidator(_yes_no)] = Field(
        default=Shuffle.YES, json_schema_extra=sheet_only(("yes", "dealer_choice")))
    """Shuffle before every deal (`yes`); `no` gathers the tricks unshuffled and only cuts;
    `dealer_choice`: as the dealer wishes. Same to the engine: `yes` and `dealer_choice`
    (the engine's dealer always shuffles; a human dealer chooses at the table)."""
    first_dealer: FirstDealer = Field(default=FirstDealer.BY_LOT, json_schema_extra=sheet_only())
    """How the first dealer of a game is chosen: by lot, by the lowest card drawn, or by the
    kings. A table procedure the sheet prints; the engine's first dealer is given to it."""
    cutter: Cutter = Field(default=Cutter.BEFORE_DEALER, json_schema_extra=sheet_only())
    """Who cuts: the player before the dealer in the order of play, or the one after. A table
    procedure the sheet prints (the engine cuts at random, at least `cut_minimum` cards)."""
    look_while_dealing: bool = Field(default=True, json_schema_extra=sheet_only())
    """Players may pick up their cards as they are dealt; `no`: nobody looks at a card before
    the deal is over. A table procedure the sheet prints."""
    all_pass: AllPass = AllPass.REDEAL_NEXT_DEALER
    """When every player passes at the start: who redeals."""

    @field_validator("packets")
    @classmethod
    def _eight_cards(cls, v: list[int] | str) -> list[int] | str:
        if isinstance(v, list) and (sum(v) != 8 or min(v, default=0) < 1):
            raise RuleValueError(f"packets must be positive and give 8 cards, these give "
                                 f"{sum(v)}", code="value.packets", n=sum(v))
        return v


class AuctionRules(RuleModel):
    """Bids, specials, coinche and surcoinche."""

    minimum_bid: int = Field(default=80, ge=1, le=500)
    """The lowest numeric bid."""
    step: int = Field(default=10, ge=1, le=100)
    """Bids go up by this step."""
    bid_levels: BidLevels = BidLevels.ALIGNED
    """Where the levels above the minimum lie: on multiples of the step, or from the minimum."""
    jumps: bool = True
    """A bid may go up more than one step at once."""
    maximum_bid: Annotated[Annotated[int, Field(ge=1, le=MAX_BID)] | None, BeforeValidator(
        lambda v: None if v == "none" else v)] = None
    """The highest numeric bid, or `none` (FFB 2015, § 4.1: any multiple of 10 above the last
    bid). With `none`, numeric bids stop at 500 all the same (no deal of 162 card points makes
    more), and the sheets print that cap; a written `maximum_bid` is at most 1,000."""
    denominations: Annotated[list[Denomination], BeforeValidator(as_list)] = Field(
        default_factory=lambda: list(Denomination))
    """What a bid may name: a trump suit, no_trump, all_trump."""
    ranked_denominations: bool = False
    """Denominations rank clubs < diamonds < hearts < spades < no-trump < all-trump, so an equal
    number in a higher denomination overcalls (PAGAT option)."""
    capot: bool = True
    """Capot (all eight tricks by the team) may be bid; where it ranks: `capot_rank`."""
    capot_value: int = Field(default=250, ge=0, le=MAX_SPECIAL_BID)
    """The contract value of a capot bid."""
    capot_rank: CapotRank = CapotRank.ABOVE_NUMBERS
    """Where capot stands on the ladder of bids: above every numeric bid (FFB), or at its
    value, just above a numeric bid of that value (a web game whose numeric bids reach 650
    with a capot worth 250). Générale outranks both."""
    generale: bool = False
    """Générale (all eight tricks by the bidder alone) may be bid; it beats capot."""
    generale_value: int = Field(default=500, ge=0, le=MAX_SPECIAL_BID)
    """The contract value of a générale bid."""
    reentry: Reentry = Reentry.ALLOWED
    """Whether a player who passed may bid later, or each speaks once."""
    raise_own: RaiseOwn = Field(default=RaiseOwn.AFTER_OTHER_BID,
                                json_schema_extra=sheet_only(("after_other_bid", "forbidden")))
    """When a player may raise their own bid (FFB 2015, § 4.1: "Il est impossible de
    surenchérir sur soi-même"). Same to the engine: `after_other_bid` and `forbidden` (once
    another player has bid, the highest bid is no longer one's own)."""
    end_passes: int = Field(default=3, ge=3, le=4)
    """Consecutive passes after a bid that end the auction (3, or 4 when the bidder passes too)."""
    coinche: CoincheTiming = CoincheTiming.IN_TURN
    """Who may double the last bid, and when: only an opponent, in turn or at any time."""
    coinche_capot: bool = True
    """A capot or générale bid may be coinched."""
    after_coinche: AfterCoinche = AfterCoinche.PASSES
    """What the auction does after a coinche."""
    surcoinche: bool = True
    """The doubled side may redouble."""
    surcoinche_ends_auction: bool = True
    """A surcoinche ends the auction at once."""
    closing_coinche: bool = False
    """When the calls end on a bid nobody coinched, its opponents still get one turn each to
    coinche it, then (after a coinche) its side one turn each to surcoinche. Meant for
    `reentry speak_once`, where a bid made last could otherwise never be coinched (seed 002:
    "Una volta scelto il contratto, l'avversario può coinche")."""
    coinche_after_bidding: bool = False
    """A coinche comes only once the bids have chosen the contract: never in the middle of
    the bidding, only in the closing round that follows the last bid (as under
    `closing_coinche`, which this implies), so that a coinche never takes their turn from
    players still to bid (seed 002: "Il giocatore successivo può scegliere se rilanciare o
    passare" … "Una volta scelto il contratto, l'avversario può coinche")."""
    coinche_factor: int = Field(default=2, ge=2, le=10)
    """The multiplier of a coinched contract."""
    surcoinche_factor: int = Field(default=4, ge=2, le=20)
    """The multiplier of a surcoinched contract."""


LastTrick = Annotated[Annotated[int, Field(ge=0, le=100)] | None, BeforeValidator(
    lambda v: None if v in ("same", "none") else v)]
"""A mode's own last-trick bonus, or `same` (also written `none`): the usual `last_trick`."""


class CardRules(RuleModel):
    """Card order and points per mode, last trick, normalisation."""

    trump: CardTable
    """The trump suit, strongest first, with points."""
    plain: CardTable
    """The other suits, strongest first, with points."""
    no_trump: CardTable
    """Every suit at a no-trump contract."""
    all_trump: CardTable
    """Every suit at an all-trump contract."""
    last_trick: int = Field(default=10, ge=0, le=100)
    """Bonus for the last trick ("dix de der")."""
    capot_last_trick: int = Field(default=10, ge=0, le=500)
    """The last-trick bonus when one team takes all eight tricks (100 in seed 000: 252 in all)."""
    no_trump_last_trick: LastTrick = None
    """The last-trick bonus at no-trump when it differs from `last_trick`; `same` otherwise."""
    all_trump_last_trick: LastTrick = None
    """The last-trick bonus at all-trump when it differs (ange.heureux.free.fr, La Coinche:
    "Dix de der … ne compte pas à Tout-Atout ou au Capot": 0); `same` otherwise. A `total`
    scale then brings the deal's card points alone to its total."""
    no_trump_scale: ScaleSpec = Field(default_factory=Scale)
    """How no-trump totals are brought back to the usual one (`none`, `cards 152`, `total 162`)."""
    all_trump_scale: ScaleSpec = Field(default_factory=Scale)
    """How all-trump totals are brought back to the usual total."""
    scale_before_success: bool = True
    """Scaled points are used for the success test too (seed 004), not only for the scores."""

    _tables = field_validator("trump", "plain", "no_trump", "all_trump")(
        classmethod(lambda cls, v: _unique_ranks(v)))

    def last_trick_at(self, mode: Denomination) -> int:
        """The last-trick bonus of a deal at `mode` (a suit, no-trump or all-trump).

        >>> from coinche_dsl import load_variant
        >>> load_variant("ffb").cards.last_trick_at(Denomination.ALL_TRUMP)
        10
        """
        special = {Denomination.NO_TRUMP: self.no_trump_last_trick,
                   Denomination.ALL_TRUMP: self.all_trump_last_trick}.get(mode)
        return self.last_trick if special is None else special


def _int_map(value: Any, like: str = "3 20, 4 50") -> Any:
    pairs = as_pairs(value, like) if not isinstance(value, dict) else value
    return dict(pairs) if isinstance(pairs, list) else pairs


def _rank_map(value: Any) -> Any:
    pairs = _int_map(value, "J 200, 9 150") if value is not None else None
    return {_rank(k): v for k, v in pairs.items()} if isinstance(pairs, dict) else pairs


_DEFAULT_CARRES: dict[Rank, int] = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
_DEFAULT_SEQUENCE_ORDER: tuple[Rank, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7")


class PlayRules(RuleModel):
    """Obligations when playing a card (following suit is always required)."""

    must_trump: TrumpObligation = TrumpObligation.REQUIRED
    """Void in the led suit while an opponent holds the trick: must you trump?"""
    must_overtrump: bool = True
    """When trumping over an opponent's trump, you must beat it if able."""
    undertrump: TrumpObligation = TrumpObligation.OPTIONAL
    """Unable to beat an opponent's trump: must you play a lower trump, or may you discard?"""
    partner_master_free: bool = True
    """Void in the led suit while your partner holds the trick: you may play any card."""
    partner_ruff_free: bool = True
    """With `partner_master_free`: a partner who holds the trick by a ruff frees you too;
    `no`: only a partner master with the suit led does (seed 004: "n'est pas obligé de couper
    si son partenaire est maître à la couleur demandée"), and over a partner's ruff the duties
    to trump apply as over an opponent's, `overtrump_partner` saying whether to beat it."""
    overtrump_partner: bool = False
    """Void while your partner holds the trick with a trump, and you play a trump: must it beat
    your partner's? (FFB: no, any trump, lower included.)"""
    trump_lead_beat_partner: bool = True
    """Trump led: you must go higher if able, even over your partner."""
    all_trump_beat: AllTrumpBeat = AllTrumpBeat.ALWAYS
    """At all-trump, following suit: must you beat the highest card of the led suit?"""
    no_trump_beat: bool = False
    """At no-trump, following suit: must you beat the highest card of the led suit?"""
    partner_leads_trump_at: Annotated[Annotated[int, Field(ge=1, le=8)] | None, BeforeValidator(
        lambda v: None if v == "none" else v)] = None
    """At a trump-suit contract, the trick (1 to 8) at which the declarer's partner, when on
    lead, must lead a trump if holding one; `none`: every lead is free (a house rule that
    shows the declarer's side its trumps early)."""


class AnnouncementRules(RuleModel):
    """Ordinary announcements (carrés and sequences)."""

    enabled: bool = True
    """Ordinary announcements exist ("contrée" and "sans annonces" rules turn them off)."""
    carres: Annotated[dict[RankStr, AnnouncementValue], BeforeValidator(_rank_map)] = Field(
        default_factory=lambda: dict(_DEFAULT_CARRES))
    """Four cards of a rank and their value; ranks not listed score nothing."""
    no_trump_carres: Annotated[dict[RankStr, AnnouncementValue] | None, BeforeValidator(
        lambda v: None if v == "same" else _rank_map(v))] = None
    """Carré values at no-trump when they differ (FFB: A 200, 10 150); `same` otherwise."""
    sequence_order: Annotated[list[RankStr], BeforeValidator(as_list)] = Field(
        default_factory=lambda: list(_DEFAULT_SEQUENCE_ORDER))
    """The order in which sequences run, highest first."""
    sequences: Annotated[dict[int, AnnouncementValue], BeforeValidator(_int_map)] = Field(
        default_factory=lambda: {3: 20, 4: 50, 5: 100})
    """Sequence length and its value."""
    longest_counted: int = Field(default=5, ge=3, le=8)
    """A longer sequence counts as this many cards, its top ones."""
    card_reuse: bool = False
    """A card may belong to two ordinary announcements."""
    split_runs: bool = True
    """A run of one suit may be declared as two or more sequences that share no card (the
    eight cards A to 7 as A-K-Q-J-10 and 9-8-7: 100 + 20); `no`: a run is one announcement,
    counted as its top `longest_counted` cards (the eight count 100), and two sequences of one
    player that would join into one run are refused."""
    belote_in_sequence: bool = True
    """The belote cards may also form part of a sequence."""
    trump_sequence_wins: bool = True
    """Between equal sequences, one in trumps wins."""
    tie: TiePolicy = TiePolicy.CANCEL_BOTH
    """Unresolved tie between the sides' best announcements."""
    who_scores: WhoScores = WhoScores.BEST_SIDE
    """Which sides score their announcements."""
    timing: AnnouncementTiming = Field(default=AnnouncementTiming.FIRST_CARD,
                                       json_schema_extra=sheet_only(("first_card",
                                                                     "end_of_first_trick")))
    """When announcements are declared and compared. Same to the engine: `first_card` and
    `end_of_first_trick` (declarations are recorded before a seat's first card and scored at
    the end of the deal; the moment they are shown is the table's ceremony); `automatic`
    finds them for every seat."""
    at_no_trump: bool = True
    """Announcements are allowed at no-trump."""
    at_all_trump: bool = True
    """Announcements are allowed at all-trump."""


class BeloteRules(RuleModel):
    """Belote: king and queen of trumps in one hand."""

    enabled: bool = True
    """Belote exists."""
    value: int = Field(default=20, ge=0, le=500)
    """Its bonus."""
    claim: BeloteClaim = BeloteClaim.ANY_PLAYER
    """Who may claim it."""
    silent_allowed: bool = True
    """Its holder may keep it silent (seed 004: "parfois intéressant de ne pas annoncer")."""
    order: BeloteOrder = BeloteOrder.ANY
    """Whether the king must come first ("belote" then "rebelote")."""
    rebelote_required: bool = False
    """The holder must also say « rebelote » as the second of the king and queen is played,
    or the belote does not count (FFB § 7: "En cas d'omission d'un de ces deux termes, la
    belote n'est pas prise en compte"); a deal record names who did not
    (`rebelote_unsaid`)."""
    said_at: BeloteMoment = BeloteMoment.FIRST_CARD
    """When a claimed belote is said aloud, and so known to the table: with the holder's first
    card, or as the first of its king and queen is played."""
    at_no_trump: bool = False
    """Belote exists at no-trump (K+Q of any suit)."""
    at_all_trump: AllTrumpBelote = AllTrumpBelote.EACH_SUIT
    """At all-trump: no belote, or one for each suit whose K and Q one player holds."""


class ScoringRules(RuleModel):
    """Success test, score formulas, rounding."""

    success: Expr
    """When the contract is made (a truth value)."""
    made: dict[Literal["declarers", "defenders"], Expr]
    """Each side's score when the contract is made."""
    failed: dict[Literal["declarers", "defenders"], Expr]
    """Each side's score when the contract fails."""
    rounding: Rounding = Rounding.HALF_UP
    """How scores are rounded: never before the success test."""
    rounding_unit: int = Field(default=10, ge=1, le=100)
    """Rounding to a multiple of this."""
    round_what: RoundWhat = RoundWhat.SCORES
    """What is rounded: each side's points before the formulas, or each final score."""
    scale: ScoreScale = ScoreScale.RAW
    """Scores in raw points, or written divided by ten."""
    litige: Litige = Litige.FAILS
    """What an exact tie at half the points (81–81) does."""

    @field_validator("made", "failed")
    @classmethod
    def _both_sides(cls, v: dict[str, Expr]) -> dict[str, Expr]:
        return _both_sides(v)


SideFormulas = Annotated[dict[Literal["declarers", "defenders"], Expr] | None, BeforeValidator(
    lambda v: None if v == "none" else v)]
"""A formula for each side, `declarers = …` and `defenders = …`, or `none`."""


def _both_sides(v: dict[str, Expr]) -> dict[str, Expr]:
    missing = {"declarers", "defenders"} - set(v)
    if missing:
        raise RuleValueError(f"a formula for {' and '.join(sorted(missing))} is missing",
                             code="value.formula_missing", names=sorted(missing))
    return v


class PenaltyRules(RuleModel):
    """Revokes and other irregularities at the table: what the table does, and what each side
    scores. The reference engine reads them when it scores a deal that records one (`coinche
    score`, `coinche replay`); simulated deals have none."""

    revoke: Revoke = Revoke.REFUSED
    """What a card the play rules forbid (a revoke: not following suit, not trumping, not
    overtrumping when one must) does: `refused`, it cannot be played (an online table), or
    `penalised`, it stands, play goes on, and the deal is scored by the penalty of the side
    that revoked. The default is `refused`, since penalty formulas have no default."""
    revoke_by_declarers: SideFormulas = None
    """Each side's score for a deal in which a declarer revoked, instead of the made and
    failed formulas (`declarers = …`, `defenders = …`, over the deal as it was played, and
    rounded as they are). Written wherever `revoke penalised` is."""
    revoke_by_defenders: SideFormulas = None
    """Each side's score for a deal in which a defender revoked, instead of the made and
    failed formulas. Written wherever `revoke penalised` is."""
    unheld_announcement: SideFormulas = None
    """Points each side adds to its score when a player declared an announcement and could not
    show it (FFB § 8.4, the « renonce » of the announcements): `unheld(side)` is what that
    side declared and did not hold, which never counts as an announcement. `none` (the
    default): the announcement is only void."""
    shown_card: ShownCard = ShownCard.PLAYED
    """A card shown by accident during the play: `played`, its holder must play it at the
    first turn the rules allow it, unless the opponents release it (FFB § 5.1); `free`, it
    goes back into the hand."""

    @field_validator("revoke_by_declarers", "revoke_by_defenders", "unheld_announcement")
    @classmethod
    def _both_sides(cls, v: dict[str, Expr] | None) -> dict[str, Expr] | None:
        return v if v is None else _both_sides(v)


class GameRules(RuleModel):
    """How a game ends."""

    target: int = Field(default=2000, ge=1, le=100_000)
    """The score that ends the game."""
    reach: Reach = Reach.REACH
    """Whether reaching the target is enough or it must be passed."""
    both_over: BothOver = BothOver.HIGHER_TOTAL
    """Both sides over the target after the same deal: who wins."""
    tie: TieAtEnd = TieAtEnd.PLAY_ON
    """Both over with equal totals."""
    belote_finish: BeloteFinish = BeloteFinish.COUNTS
    """A side reaching the target only through belote on a failed or lost-capot deal."""
    deals: Annotated[Annotated[int, Field(ge=1, le=MAX_GAME_DEALS)] | None, BeforeValidator(
        lambda v: None if v == "none" else v)] = None
    """A game of this many deals, the tournaments' format (FFB § 2: "après un nombre défini de
    donnes"): after the last, the higher total wins, and the target is not read. A deal where
    all pass is dealt again and not counted. `none`: the game is played to the target."""
    deals_tie: DealsTie = DealsTie.MORE_DEALS
    """Equal totals after the last of a game of `deals` deals: `more_deals` plays one more deal
    at a time until they differ; `stands` leaves the game drawn."""


def same_in_engine(path: tuple[str, ...], a: Any, b: Any) -> bool:
    """Whether values `a` and `b` of the rule at `path` are declared the same to the engine.

    >>> same_in_engine(("announcements", "timing"), "first_card", "end_of_first_trick")
    True
    """
    model: Any = Ruleset
    for name in path[:-1]:
        model = getattr(model, "model_fields", {}).get(name)
        model = model.annotation if model is not None else None
    field = getattr(model, "model_fields", {}).get(path[-1])
    extra = (field.json_schema_extra if field is not None else None) or {}
    words = {str(getattr(a, "value", a)), str(getattr(b, "value", b))}
    groups = extra.get(SAME_IN_ENGINE, [])
    return groups == ALL_VALUES or any(words <= set(group) for group in groups)


TermText = Annotated[str | None, Field(min_length=1, max_length=40)]
OwnText = Annotated[str | None, Field(min_length=1, max_length=MAX_TEXT)]
OwnLine = Annotated[str, Field(min_length=1, max_length=MAX_TEXT,
                               pattern=r"^[^\n\r\u2028\u2029]*$")]
"""A label: one line of text, as an option value's own (`appliquee "appliquée"`)."""


def as_list_or_none(value: Any) -> Any:
    """A list from one value or several; None stays None."""
    return value if value is None else as_list(value)


class ExampleWords(RuleModel):
    """A worked example's words in one language."""

    title: str = Field(min_length=1, max_length=MAX_TEXT)
    """What the example shows, in this language."""


OptionWords = dict[str, dict[str, OwnLine]]
"""An option's title and its values' labels in one language, by the option's name."""
ExampleTitles = dict[str, ExampleWords]
"""A worked example's words in one language, by the title the file gives it."""


class Terms(RuleModel):
    """The words one language's sheets use for the game's terms, where this variant's players
    name them differently from that language's usual words (the contrée's "contre" for the
    coinche). A term not written keeps the catalog's word. Each form is written as it reads
    inside a sentence, in lower case: the sheet capitalizes it where a sentence starts. The
    same block gives the variant's own texts in that language (its title, description,
    sources, options and examples), where the file writes them in another."""

    coinche: TermText = None
    """The coinche, as a noun and as the word said at the table ("contre")."""
    coinche_gender: Literal["masculine", "feminine"] | None = None
    """The gender of that noun where the language has one (« le contre », « la coinche »):
    the articles before it follow."""
    coinched: TermText = None
    """A coinched contract, masculine singular ("contré"); feminine and plural follow."""
    to_coinche: TermText = None
    """The verb, infinitive ("contrer")."""
    surcoinche: TermText = None
    """The surcoinche, as a noun and as the word said at the table ("surcontre")."""
    surcoinche_gender: Literal["masculine", "feminine"] | None = None
    """The gender of that noun (« le surcontre »)."""
    surcoinched: TermText = None
    """A surcoinched contract, masculine singular ("surcontré")."""
    to_surcoinche: TermText = None
    """The verb, infinitive ("surcontrer")."""
    capot: TermText = None
    """All the tricks to one side ("capot", "chelem")."""
    last_trick: TermText = None
    """The bonus for the last trick ("dix de der")."""
    belote: TermText = None
    """King and queen of trumps in one hand ("belote")."""
    rebelote: TermText = None
    """The second of them, as said when played ("rebelote")."""
    litige: TermText = None
    """The exact tie at half the points ("litige")."""
    jack: TermText = None
    """The jack's name ("valet", "jota", "fante"); its plural follows ("valets")."""
    no_trump: TermText = None
    """A contract without trumps, as a noun ("sans-atout", "sin triunfo")."""
    no_trump_short: TermText = None
    """Its short name at the table ("SA"): the card's column and the glossary give it."""
    all_trump: TermText = None
    """A contract where every suit is trumps, as a noun ("tout-atout", "todo triunfo")."""
    all_trump_short: TermText = None
    """Its short name at the table ("TA")."""
    title: OwnText = None
    """The variant's title in this language, where the file's own is in another (`title
    "Belote coinchée — reglamento de la Federación Francesa de Belote"`): sheets and cards
    printed in this language head with it."""
    description: OwnText = None
    """The variant's paragraph in this language."""
    sources: Annotated[Annotated[list[Annotated[str, Field(max_length=MAX_TEXT)]], Field(
        max_length=MAX_SOURCES)] | None, BeforeValidator(as_list_or_none)] = None
    """Where the rules come from, as this language's sheets cite them."""
    options: OptionWords = Field(default_factory=dict, max_length=MAX_OPTIONS)
    """Each option's words in this language, a block per option (`litige { title "Regla del
    empate (81 a 81)" appliquee "aplicada" }`): `title` what the table agrees on, then each
    value's label by the value's name. What is not written keeps the file's own words."""
    examples: ExampleTitles = Field(default_factory=dict, max_length=MAX_EXAMPLES)
    """Each worked example's title in this language, by the title the file gives it
    (`example "litige 81-81" { title "empate a 81 (litige)" }`)."""


WORDS_ONLY = ("title", "description", "sources", "options", "examples")
"""The `terms` keys that give the variant's own texts in a language, not the words of the
catalog's sentences."""


SOURCES = "sources"
"""The key of the validation context under which the loader passes where each rule was written."""


class Ruleset(RuleModel):
    """A complete, validated variant after `extends` has been resolved."""

    name: str = Field(min_length=1, max_length=80)
    """The variant's short name (`ffb`, `es-club`)."""
    title: str = Field(default="", max_length=MAX_TEXT)
    """A human title for the rule sheet."""
    language: Literal["en", "fr", "es", "it", "pt"] = "en"
    """The language the rule sheet is printed in by default."""
    description: str = Field(default="", max_length=MAX_TEXT)
    """A paragraph about the variant."""
    sources: Annotated[list[Annotated[str, Field(max_length=MAX_TEXT)]], BeforeValidator(
        as_list)] = Field(default_factory=list, max_length=MAX_SOURCES)
    """Where the rules come from (documents, URLs)."""
    extends: str | None = None
    """The base it was written against, as written (informational once resolved)."""
    table: TableRules = Field(default_factory=TableRules)
    auction: AuctionRules = Field(default_factory=AuctionRules)
    cards: CardRules
    play: PlayRules = Field(default_factory=PlayRules)
    announcements: AnnouncementRules = Field(default_factory=AnnouncementRules)
    belote: BeloteRules = Field(default_factory=BeloteRules)
    scoring: ScoringRules
    game: GameRules = Field(default_factory=GameRules)
    penalties: PenaltyRules = Field(default_factory=PenaltyRules)
    examples: list[Example] = Field(default_factory=list, max_length=MAX_EXAMPLES)
    """Worked examples: a deal summary and its expected score, checked against the engine."""
    options: list[Option] = Field(default_factory=list, max_length=MAX_OPTIONS)
    """The choices left to the table or the organiser, each with the value these rules were
    built with (its rules are already applied above)."""

    terms: dict[Literal["en", "fr", "es", "it", "pt"], Terms] = Field(default_factory=dict)
    """The variant's own words, per language (`terms { fr { coinche "contre" } }`): every
    sheet, card and description in that language uses them instead of its usual words."""

    _where: dict[tuple[str | int, ...], str] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: Any, /) -> None:
        """Keep where each rule was written, when the loader validates with the source map in
        its context (`Ruleset.model_validate(data, context={SOURCES: {path: "f.coinche:3"}})`):
        the Ruleset owns its locations, nobody writes them in afterwards."""
        sources = context.get(SOURCES) if isinstance(context, dict) else None
        if sources:
            self._where = dict(sources)

    def locations(self) -> tuple[tuple[tuple[str | int, ...], str], ...]:
        """Every recorded (rule path, `file:line`) pair, in the order the loader found them
        (part of what identifies a Ruleset to the engine's compile cache, since error messages
        cite them)."""
        return tuple(self._where.items())

    def where(self, *path: str | int) -> str:
        """Where the rule at `path` was written (`ffb.coinche:41`), or the nearest enclosing
        block that was; empty for a Ruleset built in Python.

        >>> from coinche_dsl import load_variant
        >>> load_variant("ffb").where("play", "undertrump").startswith("ffb.coinche:")
        True
        """
        for cut in range(len(path), 0, -1):
            if path[:cut] in self._where:
                return self._where[path[:cut]]
        return ""
