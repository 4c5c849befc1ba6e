"""Strength of one bot level against another, paired on the same seeded deals.

    python benchmarks/bots_strength.py [--a expected] [--b heuristic] [--deals N] [--seed S]
                                       [--variants ffb fr-brut ...]

Each deal is played twice, A at NS and B at EW, then seats swapped; A's margin (its side's
score minus the other's, 0 when passed out) is averaged over the two seatings. Prints, per
variant, A's mean margin per deal with its 95% interval, and the seconds it took (one process),
in wall-clock and in CPU time.
"""

from __future__ import annotations

import argparse
import time

from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.sim.strength import paired_strength


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="expected")
    parser.add_argument("--b", default="heuristic")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--variants", nargs="+", default=list(BUILTINS))
    args = parser.parse_args()
    for variant in args.variants:
        start, cpu = time.perf_counter(), time.process_time()
        est = paired_strength(load_variant(variant), args.a, args.b, args.deals, args.seed)
        print(f"{variant:<12} {args.a} vs {args.b}: {est.text()} points/deal "
              f"(n={est.n}, {time.perf_counter() - start:.0f} s, "
              f"{time.process_time() - cpu:.0f} s of CPU)", flush=True)


if __name__ == "__main__":
    main()
