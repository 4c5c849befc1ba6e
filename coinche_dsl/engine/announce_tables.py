"""Automatic announcements by table look-up: what `find_announcements` finds in a hand.

`Deal` declares every seat's announcements itself under `announcements.timing automatic`, in
each deal of a simulation. Most hands hold no four of a rank that scores; what they declare is
then the scoring runs of each suit, which depend on that suit's eight bits only: one table of
256 entries per suit, built once per ruleset and denomination.
"""

from __future__ import annotations

from collections.abc import Callable

from .announcements import KING, QUEEN, RANK_MASK, Tables, classify, find_announcements
from .compiled import CompiledRules

SUIT_LOW_BITS = tuple(sum(1 << (8 * s) for s in range(4) if suits >> s & 1)
                      for suits in range(16))
"""Per set of suits (bits 0..3), the bit of each suit's lowest card (bit 8s for suit s): with
`(hand >> KING) & (hand >> QUEEN)`, which suits' king and queen a hand holds."""


def announcer(r: CompiledRules, d: int) -> Callable[[int], list[int]]:
    """What `find_announcements` finds in a hand at `d`, as card masks, by table look-up
    (cached per denomination). A hand with no four of a rank that scores declares the scoring
    runs of each suit, which depend on that suit's eight bits only (its belote cards set aside
    when they may not serve in a sequence): one table of 256 entries per suit. The rare hand
    holding such a carré is handed to `find_announcements`, which weighs carrés against runs."""
    key = ("announcer", d)
    announce: Callable[[int], list[int]] | None = r.cache.get(key)
    if announce is None:
        announce = r.cache[key] = _build_announcer(r, d)
    return announce


def _build_announcer(r: CompiledRules, d: int) -> Callable[[int], list[int]]:
    t = r.announcement_tables[d]
    if not t.enabled:
        return lambda hand: []
    carres = tuple(RANK_MASK << rank for rank in t.carres)
    r0, r1, r2, r3 = _suit_runs(t, r.belote_suits[d])
    keep_worthless = t.card_reuse  # without reuse, a set scoring nothing is not declared

    def announce(hand: int) -> list[int]:
        for m in carres:
            if hand & m == m:
                return [c.mask for c in find_announcements(hand, d, r)]
        b0, b1, b2, b3 = hand & 255, hand >> 8 & 255, hand >> 16 & 255, hand >> 24
        found = [*r0[b0], *r1[b1], *r2[b2], *r3[b3]]
        if found and not keep_worthless and sum(classify(m, d, r).value for m in found) <= 0:
            return []
        return found

    return announce


def _suit_runs(t: Tables, belote_suits: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per suit, per 8-bit holding: the scoring runs as card masks (built with the announcer
    that reads them, which the compiled rules keep)."""
    pair = (1 << KING) | (1 << QUEEN)
    runs: list[tuple[tuple[int, ...], ...]] = []
    for suit in range(4):
        apart = not t.belote_in_sequence and belote_suits >> suit & 1
        runs.append(tuple(tuple(run << (8 * suit) for run in t.runs_of[
            byte & ~pair if apart and byte & pair == pair else byte]) for byte in range(256)))
    return tuple(runs)
