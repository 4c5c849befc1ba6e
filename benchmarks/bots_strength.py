"""Strength of one bot level against another, paired on the same seeded deals.

    python benchmarks/bots_strength.py [--a expected] [--b heuristic] [--deals N] [--seed S]
                                       [--jobs J] [--variants ffb fr-brut ...]

Each deal is played twice, A at NS and B at EW, then seats swapped; A's margin (its side's
score minus the other's, 0 when passed out) is averaged over the two seatings. Prints, per
variant, A's mean margin per deal with its 95% interval, and the seconds it took in wall-clock
and in CPU time (this process and its workers). The `expected` bidder's learned tables are
loaded (or learned, and cached on disk) first, and that time is printed apart: it is spent
once per ruleset, not per comparison.
"""

from __future__ import annotations

import argparse
import resource
import time

from coinche_dsl.engine import compile
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.sim import table_cache
from coinche_dsl.sim.strength import paired_strength


def cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="expected")
    parser.add_argument("--b", default="heuristic")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variants", nargs="+", default=list(BUILTINS))
    args = parser.parse_args()
    for variant in args.variants:
        ruleset = load_variant(variant)
        start = time.perf_counter()
        table_cache.tables(compile(ruleset))
        tables = time.perf_counter() - start
        start, used = time.perf_counter(), cpu()
        est = paired_strength(ruleset, args.a, args.b, args.deals, args.seed, jobs=args.jobs)
        print(f"{variant:<12} {args.a} vs {args.b}: {est.text()} points/deal "
              f"(n={est.n}, {time.perf_counter() - start:.0f} s, "
              f"{cpu() - used:.0f} s of CPU; tables {tables:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
