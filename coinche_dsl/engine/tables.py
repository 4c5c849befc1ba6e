"""The tables and flags of `CompiledRules` read off a Ruleset, one builder per part of the
rules: the table (`table_flags`), the cards (`card_tables`), the play (`play_flags`), the lead
duties (`lead_tables`), the auction (`auction_flags`, `bid_values`), the announcements and the
belote (`extras`, `announcements_at`, `belote_suit_mask`). `compiler.compile` puts them
together with the auction's calls, the announcements' tables and the scoring plan, which their
own modules build beside the code that reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import RANKS, SUIT_MASKS
from ..limits import BID_CAP_WITHOUT_MAXIMUM
from ..model import Ruleset
from ..model.enums import (
    AllPass,
    AllTrumpBeat,
    AllTrumpBelote,
    AnnouncementTiming,
    BeloteClaim,
    BeloteMoment,
    BeloteOrder,
    BidLevels,
    CapotRank,
    CoincheTiming,
    DealerRotation,
    Direction,
    FirstLead,
    Shuffle,
    TrumpObligation,
)
from .facts import ALL_TRUMP, DENOMINATION_WORDS, NO_TRUMP, Role

if TYPE_CHECKING:
    from ..model.ruleset import AnnouncementRules, BeloteRules, CardValue

__all__ = ["table_flags", "card_tables", "play_flags", "lead_tables", "auction_flags", "extras",
           "bid_values", "announcements_at", "belote_suit_mask"]


def table_flags(rs: Ruleset) -> dict[str, Any]:
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


def card_tables(rs: Ruleset) -> dict[str, Any]:
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


def play_flags(rs: Ruleset) -> dict[str, Any]:
    p = rs.play
    # Mirrors the first branch of `play.legal_mask`: when following is free of any duty to beat.
    at_free = p.all_trump_beat == AllTrumpBeat.NEVER
    follow_free = [tuple(led != d for led in range(4)) for d in range(NO_TRUMP)]
    follow_free += [(not p.no_trump_beat,) * 4, (at_free,) * 4]
    return dict(
        must_trump=p.must_trump == TrumpObligation.REQUIRED,
        must_overtrump=p.must_overtrump,
        undertrump_required=p.undertrump == TrumpObligation.REQUIRED,
        partner_master_free=p.partner_master_free, partner_ruff_free=p.partner_ruff_free,
        overtrump_partner=p.overtrump_partner,
        trump_lead_beat_partner=p.trump_lead_beat_partner,
        all_trump_beat=p.all_trump_beat,
        no_trump_beat=p.no_trump_beat,
        follow_free=tuple(follow_free))


def lead_tables(rs: Ruleset) -> dict[str, Any]:
    """The lead duties (`lead_duty`): the context of a lead (trick, role) is looked up, never
    tested, so a rule about leads is a field and its lines here."""
    duty = [[[0, 0, 0] for _ in range(8)] for _ in range(6)]
    why: dict[tuple[int, int, int], tuple[tuple[str, str], str]] = {}
    at = rs.play.partner_leads_trump_at
    if at is not None:  # the partner, on lead at trick `at`, leads a trump (suit contracts)
        for d in range(NO_TRUMP):
            duty[d][at - 1][Role.PARTNER] = SUIT_MASKS[d]
            why[(d, at - 1, Role.PARTNER)] = (("play", "partner_leads_trump_at"),
                                              "lead_trump")
    return dict(
        lead_duty=tuple(tuple((row[0], row[1], row[2]) for row in per_d) for per_d in duty),
        lead_why=why, lead_free=not why)


def auction_flags(rs: Ruleset) -> dict[str, Any]:
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
        closing_coinche=a.closing_coinche or a.coinche_after_bidding,
        coinche_after_bidding=a.coinche_after_bidding)


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


def extras(rs: Ruleset) -> dict[str, Any]:
    an, be = rs.announcements, rs.belote
    return dict(
        announcements=an.enabled,
        announcements_by_denomination=tuple(announcements_at(an, d) for d in range(6)),
        announcements_automatic=an.timing == AnnouncementTiming.AUTOMATIC,
        belote=be.enabled,
        belote_declarers_only=be.claim == BeloteClaim.DECLARERS_ONLY,
        rebelote_required=be.rebelote_required,
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
