"""Automatic announcements by table look-up: what `find_announcements` finds in a hand.

`Deal` declares every seat's announcements itself under `announcements.timing automatic`, in
each deal of a simulation. Most hands hold no four of a rank that scores; what they declare is
then the scoring runs of each suit, which depend on that suit's eight bits only: one table of
256 entries per suit, built once per ruleset and denomination (`announcer`).

What the four hands' announcements score per team, once per deal (`team_points`), is read
from tables over 16 bits (two suits) of a hand: two look-ups a hand give its runs' value and
whether it holds a carré that scores; the best keys are read only when both sides have
something to compare. The function doing this is generated per ruleset and denomination from
the templates below, with the fixed knobs folded in (no carré test when no carré scores, no
comparison under `who_scores every_side`, the tie policy's answer written out); a hand holding
a scoring carré, and a `first_declared` tie, take the general path, which weighs carrés
against runs as `find_announcements` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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

SeatPoints = Callable[[int, int], tuple[int, int]]
"""`seat(hand, entry) -> (worth, best key as an int, -1: none)`: one hand's announcements
(`entry`: the hand's two half-table entries added, `_VALUE_SHIFT`)."""

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


_VALUE_SHIFT = 16
"""A half-hand table entry (`_half_tables`): the runs' value above this bit, and below it two
bits per rank r (bits 2r and 2r+1) counting the hand's halves (suits 0-1, suits 2-3) holding
rank r in both their suits, for the ranks whose carré scores. A hand's two entries added: a
count of 2 (bit 2r+1) is a carré of r. Two hands of one team added: a rank's count stays at
most 2 (disjoint hands share no card), so nothing carries into the value, which stays below
2**14 (eight runs a hand at most MAX_ANNOUNCEMENT each, two hands: 16,000): entries and team
sums are one-digit ints, CPython's fast path."""

_HEAD = """\
def points(hands, leader):
    h0, h1, h2, h3 = hands
    e0 = EL[h0 & 65535] + EH[h0 >> 16]
    e1 = EL[h1 & 65535] + EH[h1 >> 16]
    e2 = EL[h2 & 65535] + EH[h2 >> 16]
    e3 = EL[h3 & 65535] + EH[h3 >> 16]
"""
_CARRE = """\
    if (e0 | e1 | e2 | e3) & %(carre_bits)d:
        return general(hands, leader, e0, e1, e2, e3)
    ns = (e0 + e2) >> %(shift)d
    ew = (e1 + e3) >> %(shift)d
"""
_NO_CARRE = """\
    ns = e0 + e2
    ew = e1 + e3
"""
_BEST_SIDE = """\
    if ns and ew:
        kn = max(KL[h0 & 65535], KH[h0 >> 16], KL[h2 & 65535], KH[h2 >> 16])
        ke = max(KL[h1 & 65535], KH[h1 >> 16], KL[h3 & 65535], KH[h3 >> 16])
        if kn > ke:
            return ns, 0
        if ke > kn:
            return 0, ew
        return %(tie)s
"""
_TIE = {TiePolicy.CANCEL_BOTH: "0, 0", TiePolicy.BOTH_SCORE: "ns, ew",
        TiePolicy.FIRST_DECLARED: "general(hands, leader, e0, e1, e2, e3)"}
"""What `_BEST_SIDE` returns when the sides' best keys are equal (the rare first_declared tie
is settled by the general path, which reads each seat's key)."""


def team_points(r: CompiledRules, d: int) -> TeamPoints:
    """`announcement_points` of the four hands' automatic announcements at `d` (what
    `announcer` finds, declared in playing order from the first leader), by table look-up and
    integer compares (built once per denomination, cached: a string key and an index)."""
    points: list[TeamPoints | None] | None = r.cache.get("team_points")
    if points is None:
        points = r.cache["team_points"] = [None] * 6
    fn = points[d]
    if fn is None:
        fn = points[d] = _build_team_points(r, d)
    return fn


def source(r: CompiledRules, d: int) -> str:
    """The generated source of `team_points(r, d)` (for reading and for tests): two look-ups
    a hand; the carré test only when some carré scores; the keys only when both sides have
    something and only one side scores (`who_scores best_side`)."""
    t = r.announcement_tables[d]
    carre_ranks = sum(1 << rank for rank in t.carres)
    text = _HEAD + (_CARRE % {"carre_bits": _spread(carre_ranks) << 1, "shift": _VALUE_SHIFT}
                    if carre_ranks else _NO_CARRE)
    if not t.every_side:
        text += _BEST_SIDE % {"tie": _TIE[t.tie]}
    return text + "    return ns, ew\n"


def _build_team_points(r: CompiledRules, d: int) -> TeamPoints:
    t = r.announcement_tables[d]
    if not t.enabled:
        return lambda hands, leader: (0, 0)
    shift = _VALUE_SHIFT if t.carres else 0
    el, eh, kl, kh = _half_tables(r, d, shift)
    seat = _seat_points(r, d, kl, kh, shift)
    compare = _comparer(t, r.step)

    def general(hands: tuple[int, ...], leader: int, e0: int, e1: int, e2: int, e3: int
                ) -> tuple[int, int]:
        """Every seat's worth and best key (`e0`..`e3`: its two half entries added),
        compared: a hand holding a carré that scores, or a first_declared tie."""
        h0, h1, h2, h3 = hands
        return compare(leader, *seat(h0, e0), *seat(h1, e1), *seat(h2, e2), *seat(h3, e3))

    scope: dict[str, Any] = {"EL": el, "EH": eh, "KL": kl, "KH": kh, "general": general}
    code = compile(source(r, d), f"<announcement points, denomination {d}>", "exec")
    exec(code, scope)  # noqa: S102 - trusted templates above, ints only pasted in
    return scope["points"]  # type: ignore[no-any-return]


def _spread(ranks: int) -> int:
    """Bit r of `ranks` moved to bit 2r (a rank's two-bit count in a table entry)."""
    return sum(1 << (2 * rank) for rank in range(8) if ranks >> rank & 1)


def _half_tables(r: CompiledRules, d: int, shift: int) -> tuple[list[int], ...]:
    """Per 16-bit half of a hand (suits 0-1, then 2-3): its entry (`_VALUE_SHIFT`: the runs'
    value and the carré counts) and its runs' best key (-1: none). Halves built alike are
    shared between denominations (a suit contract's tables differ from another's only in
    the trump suit's). The keys of runs worth nothing are kept whether or not they would be
    declared (without `card_reuse` a set worth nothing is not): they change no points, as
    keys are compared only when both sides score, and a side scoring has a better key."""
    t = r.announcement_tables[d]
    carre_ranks = sum(1 << rank for rank in t.carres)
    (v0, k0), (v1, k1), (v2, k2), (v3, k3) = [
        _run_values(r, d, runs) for runs in _suit_runs(t, r.belote_suits[d])]
    pairs = tuple(_spread(m & carre_ranks) for m in range(256))
    return (_entries(r, v0, v1, shift, pairs), _entries(r, v2, v3, shift, pairs),
            _keys(r, k0, k1), _keys(r, k2, k3))


def _entries(r: CompiledRules, low: tuple[int, ...], high: tuple[int, ...], shift: int,
             pairs: tuple[int, ...]) -> list[int]:
    """Per 16-bit half (`low`'s suit in its low byte): the two suits' runs' value shifted
    left by `shift`, or'ed with the ranks held in both suits (`pairs`: spread). Equal entries
    are one int object (a half holds a few hundred distinct ones)."""
    key = ("announce entries", low, high, shift, pairs)
    table: list[int] | None = r.cache.get(key)
    if table is None:
        same: dict[int, int] = {}
        table = []
        low_shifted = [v << shift for v in low]
        for b, value in enumerate(high):
            above = value << shift
            table += [same.setdefault(v, v) for v in [
                (lo + above) | pairs[a & b] for a, lo in enumerate(low_shifted)]]
        r.cache[key] = table
    return table


def _keys(r: CompiledRules, low: tuple[int, ...], high: tuple[int, ...]) -> list[int]:
    """Per 16-bit half: the best of the two suits' keys (the keys' own int objects)."""
    key = ("announce keys", low, high)
    table: list[int] | None = r.cache.get(key)
    if table is None:
        table = []
        for above in high:
            table += [k if k > above else above for k in low]
        r.cache[key] = table
    return table


def _seat_points(r: CompiledRules, d: int, kl: list[int], kh: list[int], shift: int
                 ) -> SeatPoints:
    """One hand's worth and best key exactly as `find_announcements` chooses them: the
    runs from the half tables, then (when it holds four of a rank that scores) its carrés."""
    carre_ranks = sum(1 << rank for rank in r.announcement_tables[d].carres)
    carre_bits = _spread(carre_ranks) << 1
    carres = _carre_points(r, d)

    def seat(hand: int, entry: int) -> tuple[int, int]:
        key = max(kl[hand & 0xFFFF], kh[hand >> 16])
        if not entry & carre_bits:
            return entry >> shift, key
        held = hand & hand >> 16
        return carres(hand, held & held >> 8 & carre_ranks, entry >> shift, key)

    return seat


def _carre_points(r: CompiledRules, d: int) -> Callable[[int, int, int, int], tuple[int, int]]:
    """`(hand, carré ranks held, runs' worth, runs' key) -> (worth, key)` of a hand holding
    four of a rank that scores. With `card_reuse`, the runs and every carré (a carré's key
    beats any sequence's). Without, `find_announcements`' choice: the carrés to declare, in
    the same order of trial, the first best total winning, the runs made of the cards left."""
    t = r.announcement_tables[d]
    ranks = list(t.carres)  # `find_announcements`' order
    carre_keys = {rank: _int_key(classify(RANK_MASK << rank, d, r).key) for rank in ranks}
    if t.card_reuse:
        worth = [sum(t.carres[k] for k in ranks if held >> k & 1) for held in range(256)]
        best = [max((carre_keys[k] for k in ranks if held >> k & 1), default=-1)
                for held in range(256)]
        return lambda hand, held, value, key: (value + worth[held], best[held])
    picks = [_picks([k for k in ranks if held >> k & 1], t.carres, carre_keys)[1:]
             if held.bit_count() <= 2 else [] for held in range(256)]  # 8 cards: 2 carrés
    raw = [_run_values(r, d, tuple(tuple(run << (8 * suit) for run in t.runs_of[byte])
                                   for byte in range(256))) for suit in range(4)]
    (v0, k0), (v1, k1), (v2, k2), (v3, k3) = raw
    apart = 0 if t.belote_in_sequence else SUIT_LOW_BITS[r.belote_suits[d]]

    def choose(hand: int, held: int, value: int, key: int) -> tuple[int, int]:
        both = hand >> KING & hand >> QUEEN & apart  # belote cards kept out of sequences
        free = hand & ~(both << KING | both << QUEEN)
        # The first set tried, no carré: the runs of `free`, which the half tables hold (if
        # worth nothing, any set with a carré is worth more and replaces them).
        best_value, best_key = value, key
        for taken, worth, carre_key in picks[held]:
            x = free & ~taken
            b0, b1, b2, b3 = x & 255, x >> 8 & 255, x >> 16 & 255, x >> 24
            total = worth + v0[b0] + v1[b1] + v2[b2] + v3[b3]
            if total > best_value:  # a carré is declared: its key beats any sequence's
                best_value, best_key = total, carre_key
        return best_value, best_key

    return choose


def _picks(held: list[int], values: dict[int, int], keys: dict[int, int]
           ) -> list[tuple[int, int, int]]:
    """The sets of carrés `find_announcements` tries, in its order: (their cards, worth,
    best key or -1)."""
    out = []
    for pick in range(1 << len(held)):
        used = [rank for i, rank in enumerate(held) if pick >> i & 1]
        out.append((sum(RANK_MASK << rank for rank in used), sum(values[k] for k in used),
                    max((keys[k] for k in used), default=-1)))
    return out


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
