"""Automatic announcements per deal: `team_points(r, d)(hands, leader)` before and after.

    python benchmarks/bench_announce.py [--deals N] [--rounds R]

`Deal.result` scores automatic announcements (`announcements.timing automatic`, pt-online's)
with `announce_tables.team_points`: what the four hands' announcements score per team. This
times one call on fresh random hands (N different deals, each called once per round; no hand
is repeated, so no memo helps) for pt-online, for ffb's announcement knobs and for ffb with
`tie first_declared`, `card_reuse` and no belote in sequences, at each denomination. Each
figure is microseconds of CPU time (`time.process_time`) per call, the best of R rounds, the
loop included; `loop` is the same loop calling a function that does nothing (the floor),
`look-up` the loop calling `team_points(r, d)` without calling what it returns (what finding
the function costs a caller that does not keep it).

`before` is the function as it was before the half-hand tables (per-suit tables of 256
entries, the carré test by shifts, a hand holding a carré handed to `find_announcements`),
kept below and built on the module's helpers; `after` is `team_points` as it is. Both are
checked to give the same points on every deal first. Then, per ruleset: what building the
tables of all six denominations costs on a fresh compile (ms, and the memory they hold as
`tracemalloc` counts it).
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from collections.abc import Callable

from coinche_dsl.engine import compile
from coinche_dsl.engine.announce_tables import (
    TeamPoints,
    _comparer,
    _int_key,
    _run_values,
    _suit_runs,
    announcer,
    team_points,
)
from coinche_dsl.engine.announcements import classify
from coinche_dsl.engine.compiled import CompiledRules
from coinche_dsl.engine.compiled import _build as fresh_compile  # `compile` keeps its results
from coinche_dsl.loader import load_variant
from coinche_dsl.model import Ruleset
from coinche_dsl.model.enums import TiePolicy


def before_team_points(r: CompiledRules, d: int) -> TeamPoints:
    """`team_points` before this change (the module's helpers, its own hot path)."""
    t = r.announcement_tables[d]
    if not t.enabled:
        return lambda hands, leader: (0, 0)
    announce = announcer(r, d)
    carre_ranks = sum(1 << rank for rank in t.carres)
    (v0, k0), (v1, k1), (v2, k2), (v3, k3) = [
        _run_values(r, d, runs) for runs in _suit_runs(t, r.belote_suits[d])]
    keep_worthless = t.card_reuse
    compare = _comparer(t, r.step)

    def seat(hand: int) -> tuple[int, int]:
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
            ns = (v0[h0 & 255] + v1[h0 >> 8 & 255] + v2[h0 >> 16 & 255] + v3[h0 >> 24]
                  + v0[h2 & 255] + v1[h2 >> 8 & 255] + v2[h2 >> 16 & 255] + v3[h2 >> 24])
            ew = (v0[h1 & 255] + v1[h1 >> 8 & 255] + v2[h1 >> 16 & 255] + v3[h1 >> 24]
                  + v0[h3 & 255] + v1[h3 >> 8 & 255] + v2[h3 >> 16 & 255] + v3[h3 >> 24])
            if not ns or not ew:
                return ns, ew
        return compare(leader, *seat(h0), *seat(h1), *seat(h2), *seat(h3))

    return points


def ffb(**knobs: object) -> Ruleset:
    """ffb with `knobs` of `announcements` (what `team_points` reads; not its timing)."""
    rs = load_variant("ffb")
    return rs.model_copy(update={"announcements": rs.announcements.model_copy(update=knobs)})


RULESETS = {"pt-online": lambda: load_variant("pt-online"), "ffb": ffb,
            "ffb, knobs": lambda: ffb(tie=TiePolicy.FIRST_DECLARED, card_reuse=True,
                                      belote_in_sequence=False)}


def deals(n: int, seed: int) -> list[tuple[tuple[int, ...], int]]:
    """`n` random deals (four hands as masks) and first leaders."""
    rng, cards = random.Random(seed), list(range(32))
    out = []
    for _ in range(n):
        rng.shuffle(cards)
        hands = tuple(sum(1 << c for c in cards[8 * s: 8 * s + 8]) for s in range(4))
        out.append((hands, rng.randrange(4)))
    return out


def per_call_us(fn: Callable[[tuple[int, ...], int], object],
                sample: list[tuple[tuple[int, ...], int]]) -> float:
    start = time.process_time()
    for hands, leader in sample:
        fn(hands, leader)
    return (time.process_time() - start) / len(sample) * 1e6


def build_cost(make: Callable[[], Ruleset]) -> tuple[float, float]:
    """ms of CPU to build the tables of all six denominations on a fresh compile, and the
    MB they hold (a second fresh compile under tracemalloc)."""
    r = fresh_compile(make())
    start = time.process_time()
    for d in range(6):
        team_points(r, d)
    ms = (time.process_time() - start) * 1e3
    r = fresh_compile(make())
    tracemalloc.start()
    for d in range(6):
        team_points(r, d)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return ms, held / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sample = deals(args.deals, 1)
    print(f"us per call, best of {args.rounds} rounds of {args.deals:,} fresh deals")
    print(f"{'ruleset':<12} {'d':>2} {'loop':>6} {'before':>7} {'after':>7} {'ratio':>6} "
          f"{'look-up':>7}")
    for name, make in RULESETS.items():
        r = compile(make())
        for d in range(6):
            old, new = before_team_points(r, d), team_points(r, d)
            assert all(old(h, lead) == new(h, lead) for h, lead in sample), (name, d)
            fns = (lambda hands, leader: None, old, new,
                   lambda hands, leader: team_points(r, d))  # noqa: B023 - called in the loop
            best = [float("inf")] * len(fns)
            for _ in range(args.rounds):
                for i, fn in enumerate(fns):
                    best[i] = min(best[i], per_call_us(fn, sample))
            loop, b, a, look = best
            print(f"{name:<12} {d:>2} {loop:>6.3f} {b:>7.3f} {a:>7.3f} {b / a:>5.2f}x "
                  f"{look:>7.3f}")
    for name, make in RULESETS.items():
        ms, mb = build_cost(make)
        print(f"{name}: tables of six denominations built in {ms:.1f} ms, holding {mb:.1f} MB")


if __name__ == "__main__":
    main()
