"""The heuristic bot's card play: win cheaply, keep masters, discard low, feed a partner who
holds the trick, draw trumps as declarer.

Knowledge is what a player at the table has: its own hand and the cards already played
(everything not yet played and not in its hand is "out", in no particular hand). The choice is
always one of `deal.legal_cards()`.
"""

from __future__ import annotations

from typing import Any

from ..cards import SUIT_MASKS
from .hands import ModeTable, card_list


def choose_card(table: ModeTable, deal: Any) -> int:
    """The heuristic bot's card for `deal.to_act` at the deal's contract."""
    legal = card_list(deal.legal_cards())
    if len(legal) == 1:
        return legal[0]
    seat = deal.to_act
    h0, h1, h2, h3 = deal.hands
    out = (h0 | h1 | h2 | h3) & ~deal.hands[seat]  # the cards still out, not in this hand
    if not deal.trick:
        return _lead(table, deal, seat, legal, out)
    return _follow(table, deal, seat, legal, out)


def is_master(table: ModeTable, card: int, out: int) -> bool:
    """No card still out beats `card` in its own suit (`above[card]`: the cards of its suit
    that beat it, one mask test instead of a loop: the bots' playouts call this most)."""
    return not table.above[card] & out


def _trumps(table: ModeTable, mask: int) -> int:
    return mask & SUIT_MASKS[table.trump] if table.trump is not None else 0


def _lead(table: ModeTable, deal: Any, seat: int, legal: list[int], out: int) -> int:
    declaring = deal.contract.declarer % 2 == seat % 2
    trumps = [c for c in legal if c >> 3 == table.trump]
    if declaring and trumps and _trumps(table, out):
        masters = [c for c in trumps if is_master(table, c, out)]
        if masters:
            return max(masters, key=table.strength.__getitem__)  # draw the opponents' trumps
    side = [c for c in legal if c >> 3 != table.trump] or legal
    masters = [c for c in side if is_master(table, c, out)]
    value = table.value.__getitem__  # (points, strength)
    if masters:
        return max(masters, key=value)
    return min(side, key=value)


def _follow(table: ModeTable, deal: Any, seat: int, legal: list[int], out: int) -> int:
    led = deal.trick[0][1] >> 3
    win_seat, win_card = _winner(table, deal.trick, led)
    last = len(deal.trick) == 3
    if win_seat % 2 == seat % 2:
        if last or _holds(table, win_card, led, out):
            return _feed(table, legal, out)
        return _discard(table, legal, out)
    key, beaten = table.key, table.key(win_card, led)  # `table.beats`, its right side once
    winners = [c for c in legal if key(c, led) > beaten]
    if winners:
        choice = _take(table, winners, deal.trick, led, out, last)
        if choice is not None:
            return choice
    return _discard(table, legal, out)


def _winner(table: ModeTable, trick: list[tuple[int, int]], led: int) -> tuple[int, int]:
    return max(trick, key=lambda sc: table.key(sc[1], led))


def _holds(table: ModeTable, card: int, led: int, out: int) -> bool:
    """A card now winning will very likely hold against the players still to play."""
    mine = table.key(card, led)
    key = table.key
    if any(key(c, led) > mine for c in card_list(out & SUIT_MASKS[led])):
        return False
    if card >> 3 == table.trump or not _trumps(table, out):
        return True
    return (out & SUIT_MASKS[led]).bit_count() >= 2  # someone after is likely to follow suit


def _take(table: ModeTable, winners: list[int], trick: list, led: int, out: int,
          last: bool) -> int | None:
    """The card to win the trick with, or None to let it go."""
    cheapest = min(winners, key=lambda c: (c >> 3 == table.trump,
                                           table.points[c], table.strength[c]))
    if last:
        return cheapest
    safe = [c for c in winners if _holds(table, c, led, out)]
    if safe:
        return min(safe, key=table.value.__getitem__)  # (points, strength)
    at_stake = sum(table.points[c] for _, c in trick)
    if table.points[cheapest] <= 4 and at_stake >= 10:
        return cheapest
    return None


def _feed(table: ModeTable, legal: list[int], out: int) -> int:
    """Give the most points a partner's winning trick can take, keeping masters and trumps."""
    return max(legal, key=lambda c: (not is_master(table, c, out), c >> 3 != table.trump,
                                     table.points[c], -table.strength[c]))


def _discard(table: ModeTable, legal: list[int], out: int) -> int:
    """The cheapest card to lose, keeping masters and trumps."""
    return min(legal, key=lambda c: (c >> 3 == table.trump, is_master(table, c, out),
                                     table.points[c], table.strength[c]))
