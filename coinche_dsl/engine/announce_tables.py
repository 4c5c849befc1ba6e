"""Automatic announcements by table look-up: what `find_announcements` finds in a hand.

`Deal` declares every seat's announcements itself under `announcements.timing automatic`, in
each deal of a simulation. Most hands hold no four of a rank that scores; what they declare is
then the scoring runs of each suit, which depend on that suit's eight bits only: one table of
256 entries per suit, built once per ruleset and denomination.
"""

from __future__ import annotations

from collections.abc import Callable

from ..limits import MAX_ANNOUNCEMENT
from ..model.enums import TiePolicy
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


TeamPoints = Callable[[tuple[int, ...], int], tuple[int, int]]
"""`points(hands, leader) -> (NS, EW)`: what the four hands' automatic announcements score per
team, declared in playing order from `leader` (the first trick's)."""

_KEY_BASE = MAX_ANNOUNCEMENT + 1
"""Every element of a `Combination.key` is below this (values are at most MAX_ANNOUNCEMENT,
the rest are ranks, lengths and flags), so `_int_key` keeps the keys' order."""


def _int_key(key: tuple[int, ...]) -> int:
    """A comparison key as one int, in the same order as the tuples (padded to five elements:
    a carré's key and a sequence's differ in their first element already)."""
    out = 0
    for element in (*key, 0, 0, 0, 0)[:5]:
        out = out * _KEY_BASE + element
    return out


def team_points(r: CompiledRules, d: int) -> TeamPoints:
    """`announcement_points` of the four hands' automatic announcements at `d` (what
    `announcer` finds, declared in playing order from the first leader), by table look-up and
    integer compares (cached per denomination)."""
    points: list[TeamPoints | None] | None = r.cache.get("team_points")
    if points is None:
        points = r.cache["team_points"] = [None] * 6
    fn = points[d]
    if fn is None:
        fn = points[d] = _build_team_points(r, d)
    return fn


def _build_team_points(r: CompiledRules, d: int) -> TeamPoints:
    t = r.announcement_tables[d]
    if not t.enabled:
        return lambda hands, leader: (0, 0)
    announce = announcer(r, d)
    carre_ranks = sum(1 << rank for rank in t.carres)
    (v0, k0), (v1, k1), (v2, k2), (v3, k3) = [
        _run_values(r, d, runs) for runs in _suit_runs(t, r.belote_suits[d])]
    keep_worthless = t.card_reuse  # as `announcer`: without reuse, nothing worth 0 is declared
    compare = _comparer(t, r.step)

    def seat(hand: int) -> tuple[int, int]:
        """The hand's announcements: what they are worth, their best key (-1: none)."""
        if hand & hand >> 8 & hand >> 16 & hand >> 24 & carre_ranks:
            combos = [classify(m, d, r) for m in announce(hand)]
            return (sum(c.value for c in combos),
                    max((_int_key(c.key) for c in combos), default=-1))
        b0, b1, b2, b3 = hand & 255, hand >> 8 & 255, hand >> 16 & 255, hand >> 24
        value = v0[b0] + v1[b1] + v2[b2] + v3[b3]
        if not value and not keep_worthless:
            return 0, -1
        return value, max(k0[b0], k1[b1], k2[b2], k3[b3])

    def points(hands: tuple[int, ...], leader: int) -> tuple[int, int]:
        h0, h1, h2, h3 = hands
        x0, x1, x2, x3 = h0 & h0 >> 16, h1 & h1 >> 16, h2 & h2 >> 16, h3 & h3 >> 16
        if not (x0 & x0 >> 8 | x1 & x1 >> 8 | x2 & x2 >> 8 | x3 & x3 >> 8) & carre_ranks:
            # The usual deal, no carré: what each side's runs are worth, per suit; the keys
            # are read only when both sides have something to compare.
            ns = (v0[h0 & 255] + v1[h0 >> 8 & 255] + v2[h0 >> 16 & 255] + v3[h0 >> 24]
                  + v0[h2 & 255] + v1[h2 >> 8 & 255] + v2[h2 >> 16 & 255] + v3[h2 >> 24])
            ew = (v0[h1 & 255] + v1[h1 >> 8 & 255] + v2[h1 >> 16 & 255] + v3[h1 >> 24]
                  + v0[h3 & 255] + v1[h3 >> 8 & 255] + v2[h3 >> 16 & 255] + v3[h3 >> 24])
            if not ns or not ew:
                return ns, ew
        return compare(leader, *seat(h0), *seat(h1), *seat(h2), *seat(h3))

    return points


def _comparer(t: Tables, step: int) -> Callable[..., tuple[int, int]]:
    """`announcements.compare` on each seat's (worth, best key as an int, -1: none), declared
    in playing order from `leader` (`step`: the direction of play), with integer compares."""
    every_side, tie = t.every_side, t.tie

    def compare(leader: int, v0: int, k0: int, v1: int, k1: int, v2: int, k2: int, v3: int,
                k3: int) -> tuple[int, int]:
        ns, ew = v0 + v2, v1 + v3
        if every_side or not ns or not ew:
            return ns, ew
        best_ns, best_ew = max(k0, k2), max(k1, k3)
        if best_ns != best_ew:
            return (ns, 0) if best_ns > best_ew else (0, ew)
        if tie == TiePolicy.BOTH_SCORE:
            return ns, ew
        if tie == TiePolicy.FIRST_DECLARED:  # the first seat to declare its side's best key
            # A seat's place in the playing order (step 1 or 3 is its own inverse mod 4).
            ns_first = min(((s - leader) * step) & 3 for s, k in ((0, k0), (2, k2))
                           if k == best_ns)
            ew_first = min(((s - leader) * step) & 3 for s, k in ((1, k1), (3, k3))
                           if k == best_ew)
            return (ns, 0) if ns_first < ew_first else (0, ew)
        return 0, 0

    return compare


def _run_values(r: CompiledRules, d: int, runs: tuple[tuple[int, ...], ...]
                ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per 8-bit holding of one suit: what its runs are worth, and their best key (-1: none)."""
    combos = [[classify(m, d, r) for m in masks] for masks in runs]
    return (tuple(sum(c.value for c in cs) for cs in combos),
            tuple(max((_int_key(c.key) for c in cs), default=-1) for cs in combos))
