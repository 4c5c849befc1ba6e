"""Which cards may be played, and who wins a trick, from `CompiledRules` (`ruleset.play`).

The lead is free unless a lead duty applies: `lead_mask` reads it from the play's context
(`PlayContext`: which trick, the declarer, the seat on lead), in one place for every path.

Two implementations of the same rules: `legal_mask` (fast: masks and flags, used by `Deal`)
and `card_verdict` (a readable reference that judges one card at a time and names the rule
that forbids it; it also explains an illegal card). Tests cross-check them.

How the `play.*` knobs read (following suit is always required):

- Suit contract, trump led: follow with a trump and go higher than the best trump if able;
  over an opponent's trump when `must_overtrump`, over the partner's when
  `trump_lead_beat_partner`.
- Void in the led suit while the partner holds the trick and `partner_master_free`: any card;
  a trump then must beat the partner's trump if able when `overtrump_partner`. A partner
  holding it by a ruff frees the player only with `partner_ruff_free`.
- Otherwise void (an opponent holds the trick, or the partner does and `partner_master_free`
  is off): with `must_trump required` a trump is due; over a trump it must beat it if able
  (`must_overtrump` against an opponent, `overtrump_partner` against the partner). Unable to
  beat an opponent's trump: `undertrump optional` allows a discard, `required` a lower trump.
  With `must_trump optional` a discard is always allowed, and a trump follows the same
  overtrump duty.
- No-trump and all-trump: follow suit; nobody ruffs. Must beat the best card of the led suit
  when able: `no_trump_beat`, and `all_trump_beat` (always, unless the partner wins, never).
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import SEATS, SUIT_MASKS, SUIT_WORDS, card_name
from ..model.enums import AllTrumpBeat
from .facts import ALL_TRUMP, NO_TRUMP, PlayContext
from .rules import CompiledRules


def legal_mask(r: CompiledRules, hand: int, d: int, led: int, best: int, partner_wins: bool) -> int:
    """Cards of `hand` that may be played on a trick led in suit `led`, whose winning card so
    far is `best`, at denomination `d`; never empty while `hand` is not (the lead is `hand`)."""
    follow = hand & SUIT_MASKS[led]
    if follow:
        if d < NO_TRUMP:
            if led != d:
                return follow
            beat = r.trump_lead_beat_partner if partner_wins else r.must_overtrump
        elif d == ALL_TRUMP:
            beat = r.all_trump_beat is AllTrumpBeat.ALWAYS or (
                r.all_trump_beat is AllTrumpBeat.UNLESS_PARTNER_WINS and not partner_wins)
        else:
            beat = r.no_trump_beat
        if beat:
            higher = follow & r.above[d][best]
            if higher:
                return higher
        return follow
    trumps = hand & r.trump_mask[d]
    if not trumps:
        return hand
    return _void_with_trumps(r, hand, trumps, d, best, partner_wins)


def lead_mask(r: CompiledRules, hand: int, d: int, ctx: PlayContext | None) -> int:
    """Cards of `hand` that may lead a trick at denomination `d`: any (the lead is free),
    unless the rules give the seat on lead, in this context (trick, role), a duty
    (`CompiledRules.lead_duty`) and it holds a card the duty asks for. Without a context
    (`ctx` None: a position out of any deal), the lead is free."""
    if ctx is None or r.lead_free:
        return hand
    return hand & r.lead_duty[d][ctx.trick][ctx.role] or hand


def legal_on_trick(r: CompiledRules, hand: int, d: int, trick: list[tuple[int, int]],
                   ctx: PlayContext | None = None) -> int:
    """`legal_mask` for the player after the last card of `trick` ((seat, card) pairs), or
    `lead_mask` on an empty trick."""
    if not trick:
        return lead_mask(r, hand, d, ctx)
    cards = [c for _, c in trick]
    i = trick_best(r, d, cards)
    seat = (trick[-1][0] + r.step) & 3
    return legal_mask(r, hand, d, cards[0] >> 3, cards[i], trick[i][0] == (seat + 2) & 3)


def _void_with_trumps(r: CompiledRules, hand: int, trumps: int, d: int, best: int,
                      partner_wins: bool) -> int:
    best_is_trump = best >> 3 == d
    higher = trumps & r.above[d][best] if best_is_trump else 0
    if partner_wins and r.partner_master_free and (r.partner_ruff_free or not best_is_trump):
        if higher and r.overtrump_partner:
            return (hand ^ trumps) | higher
        return hand
    duty = r.overtrump_partner if partner_wins else r.must_overtrump
    allowed = higher if higher and duty else trumps
    if not r.must_trump:
        return (hand ^ trumps) | allowed
    if best_is_trump and not higher and not partner_wins and not r.undertrump_required:
        return hand
    return allowed


def trick_best(r: CompiledRules, d: int, cards: list[int]) -> int:
    """Position in `cards` (played in order) of the card winning the trick."""
    strength, trumps = r.strength[d], r.trump_mask[d]
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if (c >> 3 == b >> 3 and strength[c] > strength[b]) or (
                (trumps >> c) & 1 and not (trumps >> b) & 1):
            best = i
    return best


def random_card(mask: int, rand: Callable[[], float]) -> int:
    """A uniformly chosen card of a non-empty `mask` (`rand` is a `random.Random().random`):
    the k-th card from the lowest, found by dropping the k lowest bits (one `rand()` a card:
    the batch engine and the tests draw the same cards from the same seed)."""
    if not mask:
        raise ValueError("random_card of an empty mask")
    k = int(rand() * mask.bit_count())
    while k:
        mask &= mask - 1  # drop the lowest card
        k -= 1
    return (mask & -mask).bit_length() - 1


# -- the reference: one card at a time, with the rule that forbids it --------------------------

Verdict = tuple[tuple[str, str], str] | None
"""None when the card is allowed, else (the rule's path, the code of what is due: a key of
`DUTIES`)."""

DUTIES = {
    "follow_suit": "must follow suit ({suit})",
    "over_trump_led": "must go over the trump led",
    "beat_led": "must beat the best card of the led suit",
    "overtrump_partner": "must trump over the partner's trump",
    "overtrump": "must overtrump",
    "undertrump": "must undertrump",
    "trump": "must trump",
    "lead_trump": "must lead a trump",
}
"""What a seat must do instead of the card refused, in the English of the API's message; a
table in another language says the code (`play.<code>` of IllegalActionError)."""


def card_verdict(r: CompiledRules, hand: int, d: int, trick: list[tuple[int, int]],
                 card: int, ctx: PlayContext | None = None) -> Verdict:
    """Whether `card` (in `hand`) may be played on `trick`, judged directly from the rules."""
    if not trick:
        return _leading(r, hand, d, card, ctx)
    seat = (trick[-1][0] + r.step) & 3
    cards = [c for _, c in trick]
    led = cards[0] >> 3
    best = cards[trick_best(r, d, cards)]
    partner_wins = trick[trick_best(r, d, cards)][0] == (seat + 2) & 3
    has = [bool(hand & SUIT_MASKS[s]) for s in range(4)]
    if card >> 3 != led and has[led]:
        return ("play", "follow_suit"), "follow_suit"
    if card >> 3 == led:
        return _following(r, hand, d, led, best, card, partner_wins)
    if d >= NO_TRUMP or not has[d]:
        return None
    return _ruffing(r, hand, d, best, card, partner_wins)


def _leading(r: CompiledRules, hand: int, d: int, card: int,
             ctx: PlayContext | None) -> Verdict:
    if ctx is None or r.lead_free:
        return None
    due = hand & r.lead_duty[d][ctx.trick][ctx.role]
    if due and not due >> card & 1:
        return r.lead_why[(d, ctx.trick, ctx.role)]
    return None


def _beats(r: CompiledRules, d: int, card: int, best: int) -> bool:
    return card >> 3 == best >> 3 and r.strength[d][card] > r.strength[d][best]


def _can_beat(r: CompiledRules, hand: int, d: int, best: int) -> bool:
    return any(_beats(r, d, c, best) for c in range(32) if hand >> c & 1)


def _following(r: CompiledRules, hand: int, d: int, led: int, best: int, card: int,
               partner_wins: bool) -> Verdict:
    if d < NO_TRUMP and led == d:
        rule = "trump_lead_beat_partner" if partner_wins else "must_overtrump"
        due = getattr(r, rule)
        phrase = "over_trump_led"
    elif d == ALL_TRUMP:
        rule, phrase = "all_trump_beat", "beat_led"
        due = r.all_trump_beat is AllTrumpBeat.ALWAYS or (
            r.all_trump_beat is AllTrumpBeat.UNLESS_PARTNER_WINS and not partner_wins)
    elif d == NO_TRUMP:
        rule, phrase, due = "no_trump_beat", "beat_led", \
            r.no_trump_beat
    else:
        return None
    if due and not _beats(r, d, card, best) and _can_beat(r, hand, d, best):
        return ("play", rule), phrase
    return None


def _ruffing(r: CompiledRules, hand: int, d: int, best: int, card: int,
             partner_wins: bool) -> Verdict:
    is_trump = card >> 3 == d
    best_is_trump = best >> 3 == d
    can_beat = best_is_trump and _can_beat(r, hand, d, best)
    if partner_wins and r.partner_master_free and (r.partner_ruff_free or not best_is_trump):
        if is_trump and best_is_trump and r.overtrump_partner and can_beat \
                and not _beats(r, d, card, best):
            return ("play", "overtrump_partner"), "overtrump_partner"
        return None
    if is_trump:
        rule = "overtrump_partner" if partner_wins else "must_overtrump"
        if best_is_trump and getattr(r, rule) and can_beat and not _beats(r, d, card, best):
            return ("play", rule), "overtrump"
        return None
    if not r.must_trump:
        return None
    if best_is_trump and not can_beat and not partner_wins:
        if r.undertrump_required:
            return ("play", "undertrump"), "undertrump"
        return None
    return ("play", "must_trump"), "trump"


def reference_legal(r: CompiledRules, hand: int, d: int, trick: list[tuple[int, int]],
                    ctx: PlayContext | None = None) -> int:
    """The legal cards by `card_verdict`, one card at a time (slow; for tests and messages)."""
    return sum(1 << c for c in range(32)
               if hand >> c & 1 and card_verdict(r, hand, d, trick, c, ctx) is None)


def explain_card(r: CompiledRules, hand: int, d: int, trick: list[tuple[int, int]], seat: int,
                 card: int, ctx: PlayContext | None = None
                 ) -> tuple[str, str, str, dict[str, object]]:
    """Message, rule, code and parameters for an illegal `card`: `N must overtrump:
    play.must_overtrump yes (…)`, `play.must_overtrump`, `play.overtrump`, the seat and card
    (the suit led for `play.follow_suit`)."""
    params: dict[str, object] = {"seat": seat, "card": card}
    if not hand >> card & 1:
        return f"{SEATS[seat]} does not hold {card_name(card)}", "hand", "hand.not_held", params
    verdict = card_verdict(r, hand, d, trick, card, ctx)
    if verdict is None:  # only if the two implementations disagree: say so plainly
        return f"{SEATS[seat]} may not play {card_name(card)} here", "play", "play.not_here", \
            params
    path, duty = verdict
    if path[1] == "follow_suit":
        led = trick[0][1] >> 3
        where = r.where("play")
        phrase = DUTIES[duty].format(suit=SUIT_WORDS[led])
        return (f"{SEATS[seat]} {phrase}: following suit is always required"
                + (f" ({where})" if where else ""), "play.follow_suit", "play.follow_suit",
                {**params, "suit": led})
    return f"{SEATS[seat]} {DUTIES[duty]}: {r.cite(*path)}", ".".join(path), f"play.{duty}", \
        params
