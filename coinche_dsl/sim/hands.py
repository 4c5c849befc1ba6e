"""What a bot knows about cards: per-contract strength and points, and a hand's worth.

Everything is read off the compiled card tables (from `cards.trump`, `plain`, `no_trump`,
`all_trump`, `last_trick`, the scales), so a variant that reorders or revalues cards changes how
the bots bid and play without a line of code here. The estimate is a player's rule of thumb,
not a solver: sure and likely tricks, trump length and ruffs, then points per trick.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import RANKS, SUIT_MASKS, cards_of
from ..engine.announcements import belote_suits, find_announcements
from ..engine.rules import CompiledRules
from ..model import Ruleset
from ..model.enums import ScaleKind

SIDE_ROUND_SAFETY = (1.0, 0.8, 0.35, 0.15, 0.05, 0.0, 0.0, 0.0)
"""At a suit contract, the chance that the k-th round of a side suit is not ruffed."""
PROMOTION = (1.0, 0.45, 0.2)
"""The chance that a card with 0, 1, 2 stronger cards out wins a trick (given enough guards)."""


@dataclass(frozen=True)
class ModeTable:
    """Strength and points of each card index under one denomination."""

    denomination: int
    strength: tuple[int, ...]
    """Per card index, higher wins (the compiled table: trumps lifted above plain cards)."""
    points: tuple[int, ...]
    above: tuple[int, ...]
    """Per card index, the mask of the cards of its suit that beat it."""
    trump: int | None
    """The trump suit index, or None at no-trump and all-trump (no ruffing)."""
    trick_value: float
    """The mode's points per trick on average (deck points, last trick, scaling)."""
    value: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)
    """Per card index, (points, strength): the order in which the bots rank what a card is
    worth (a key read from a table, not a function call per card)."""
    suit_memo: tuple[dict[int, float], ...] = field(
        default_factory=lambda: ({}, {}, {}, {}), compare=False, hash=False, repr=False)
    """Per suit, per 8-bit holding of that suit: the tricks `sure_tricks` expects of it,
    filled as holdings are met (a suit's worth depends on its own cards only)."""

    def beats(self, card: int, best: int, led: int) -> bool:
        """True when `card` beats `best`, the card now winning a trick whose led suit is `led`."""
        return self.key(card, led) > self.key(best, led)

    def key(self, card: int, led: int) -> int:
        """A sort key of the cards of a trick: trumps above the led suit above discards."""
        suit = card >> 3
        if suit == self.trump:
            return 20 + self.strength[card]
        return 10 + self.strength[card] if suit == led else self.strength[card] - 10


def mode_tables(rules: CompiledRules) -> tuple[ModeTable, ...]:
    """The six tables (clubs, diamonds, hearts, spades, no-trump, all-trump) of compiled rules
    (built once per compiled rules and kept in its cache: every bot of every deal shares them)."""
    tables: tuple[ModeTable, ...] | None = rules.cache.get("mode_tables")
    if tables is None:
        tables = rules.cache["mode_tables"] = tuple(
            ModeTable(d, tuple(rules.strength[d]), tuple(rules.points[d]),
                      tuple(rules.above[d]), d if d < 4 else None,
                      _deal_total(rules, d) / 8,
                      tuple(zip(rules.points[d], rules.strength[d], strict=True)))
            for d in range(6))
    return tables


def _deal_total(rules: CompiledRules, d: int) -> float:
    """What the eight tricks are worth once the variant's scaling is applied."""
    kind, to = rules.plan.scale[d]
    last = rules.plan.last_trick[d]
    if kind == ScaleKind.NONE:
        return rules.card_total[d] + last
    if kind == ScaleKind.CARDS:
        return to + last
    return to


_BYTE_CARDS = tuple(tuple(tuple(8 * suit + r for r in range(8) if byte >> r & 1)
                          for byte in range(256)) for suit in range(4))
"""Per suit, per 8-bit holding: its card indices, lowest first."""


def card_list(mask: int) -> list[int]:
    """The card indices of `mask`, lowest first (`cards_of`, by four table look-ups)."""
    c0, c1, c2, c3 = _BYTE_CARDS
    return [*c0[mask & 0xFF], *c1[mask >> 8 & 0xFF], *c2[mask >> 16 & 0xFF], *c3[mask >> 24]]


def suit_cards(table: ModeTable, mask: int, suit: int) -> list[int]:
    """The cards of `mask` in `suit`, strongest first."""
    return sorted(cards_of(mask & SUIT_MASKS[suit]), key=lambda c: -table.strength[c])


def sure_tricks(table: ModeTable, hand: int, seen: int = 0) -> float:
    """Tricks `hand` expects to win by itself at this denomination, cards in `seen` gone."""
    if seen:
        return _sure_tricks_seen(table, hand, seen)
    total = 0.0
    for suit, memo in enumerate(table.suit_memo):
        holding = hand >> (8 * suit) & 0xFF
        if holding:
            tricks = memo.get(holding)
            if tricks is None:  # the same sum as `_sure_tricks_seen`, suit by suit
                tricks = memo[holding] = suit_tricks(table, suit_cards(table, hand, suit),
                                                      hand, suit)
            total += tricks
    return total + _trump_extras(table, hand)


def _sure_tricks_seen(table: ModeTable, hand: int, seen: int) -> float:
    total = 0.0
    for suit in range(4):
        mine = suit_cards(table, hand, suit)
        if mine:
            total += suit_tricks(table, mine, hand | seen, suit)
    return total + _trump_extras(table, hand)


def suit_tricks(table: ModeTable, mine: list[int], known: int, suit: int) -> float:
    """Likely winners in one suit: top cards, guarded honours, and long cards at no-trump."""
    tricks, length = 0.0, len(mine)
    for k, card in enumerate(mine):
        out = (table.above[card] & ~known).bit_count()
        guards = length - k - 1
        if out < len(PROMOTION) and guards >= out:
            safety = SIDE_ROUND_SAFETY[k + out] if table.trump not in (None, suit) else 1.0
            tricks += PROMOTION[out] * safety
    if table.trump is None and tricks >= 1 and length >= 4:
        tricks += 0.5 * (length - 3)  # long cards of a suit one controls
    return tricks


def _trump_extras(table: ModeTable, hand: int) -> float:
    """Trump length beyond the opponents' share, and ruffs from short side suits."""
    if table.trump is None:
        return 0.0
    trumps = (hand & SUIT_MASKS[table.trump]).bit_count()
    extra = max(0, trumps - 3) * 0.5
    if trumps >= 2:
        for suit in range(4):
            side = hand & SUIT_MASKS[suit]
            if suit == table.trump:
                continue
            if not side:
                extra += 0.7
            elif side.bit_count() == 1 and trumps >= 3 and table.above[side.bit_length() - 1]:
                extra += 0.3  # a small singleton: ruff the second round
    return extra


def top_tricks(table: ModeTable, hand: int) -> int:
    """Cards of `hand` in an unbroken run from the top of their suit (sure winners in time)."""
    count = 0
    for suit in range(4):
        mine = hand & SUIT_MASKS[suit]
        count += sum(1 for card in cards_of(mine) if not table.above[card] & ~mine)
    return count


def losers(table: ModeTable, hand: int) -> int:
    """Cards of `hand` that are not in an unbroken run from the top of their suit: the tricks a
    capot or générale would certainly give away when those cards are led or kept to the end."""
    count = 0
    for suit in range(4):
        mine = hand & SUIT_MASKS[suit]
        for card in cards_of(mine):
            count += bool(table.above[card] & ~mine)
    return count


def team_points(table: ModeTable, own_tricks: float, partner_share: float = 0.25) -> float:
    """Points a side expects when one player brings `own_tricks`: the partner is assumed to win
    `partner_share` of the tricks left to the other three players."""
    tricks = min(8.0, own_tricks + partner_share * (8.0 - own_tricks))
    return tricks * table.trick_value


def belote_pairs(table: ModeTable, hand: int, rules: CompiledRules) -> int:
    """How many belotes (king and queen of a trump suit) `hand` holds under the rules."""
    return len(belote_suits(hand, table.denomination, rules))


def announcement_value(hand: int, denomination: int, rules: CompiledRules) -> int:
    """What `hand`'s announcements are worth if its side scores them."""
    if not hand & _combination_cards(hand, rules):
        return 0  # most hands hold no combination: skip the engine's search
    return sum(c.value for c in find_announcements(hand, denomination, rules))


def _combination_cards(hand: int, rules: CompiledRules) -> int:
    """The cards of `hand` in a carré or a shortest run (a quick necessary condition)."""
    patterns: list[int] | None = rules.cache.get("combination_patterns")
    if patterns is None:  # built on first use, kept by the compiled rules
        patterns = rules.cache["combination_patterns"] = _patterns(rules.ruleset)
    found = 0
    for mask in patterns:
        if hand & mask == mask:
            found |= mask
    return found


def _patterns(ruleset: Ruleset) -> list[int]:
    """Card masks of every carré that scores and every run of the shortest scoring length."""
    a = ruleset.announcements
    ranks = [RANKS.index(r) for r in a.sequence_order]
    carres = set(a.carres) | set(a.no_trump_carres or {})
    out = [sum(1 << (s * 8 + RANKS.index(r)) for s in range(4)) for r in carres]
    k = min(a.sequences, default=9)
    for suit in range(4):
        for i in range(len(ranks) - k + 1):
            out.append(sum(1 << (suit * 8 + r) for r in ranks[i:i + k]))
    return out
