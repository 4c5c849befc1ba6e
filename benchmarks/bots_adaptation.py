"""Do the bots' bids follow the scoring? Bidding statistics of one bot level under variants
that differ from a base only in scoring, all played on the same seeded deals.

    python benchmarks/bots_adaptation.py [--bots expected] [--deals N] [--seed S] [--jobs J]
                                         BASE OTHER [OTHER ...]

Prints, for each OTHER, each statistic under BASE and OTHER and the paired difference
OTHER − BASE with its 95% interval: mean numeric bid, share of 80 bids, coinche and
surcoinche rates, share of capot (or générale) bids, contracts made.
"""

from __future__ import annotations

import argparse
import time

from coinche_dsl.engine import compile
from coinche_dsl.loader import load_variant
from coinche_dsl.sim import table_cache
from coinche_dsl.sim.simulate import run
from coinche_dsl.sim.strength import STATISTICS, bidding_shift, bidding_stats

PERCENT = {"bid_80", "coinche", "surcoinche", "capot_bid", "made"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="expected")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("variants", nargs="+")
    args = parser.parse_args()
    if len(args.variants) < 2:
        parser.error("give a base and at least one other variant")
    start = time.perf_counter()
    rulesets = [load_variant(v) for v in args.variants]
    if "expected" in args.bots or "search" in args.bots:
        for ruleset in rulesets:  # learned (or read) once here, not by each worker
            table_cache.tables(compile(ruleset))
    out = run(rulesets, args.deals, 0, args.seed, args.bots, jobs=args.jobs)
    print(f"# {args.bots} bots, {args.deals} deals, seed {args.seed}, "
          f"{time.perf_counter() - start:.0f} s")
    base = bidding_stats(out.deals[0])
    for name, records in zip(args.variants[1:], out.deals[1:], strict=True):
        other, shift = bidding_stats(records), bidding_shift(out.deals[0], records)
        print(f"## {args.variants[0]} -> {name}")
        for k in STATISTICS:
            pct = k in PERCENT
            print(f"  {k:<11} {base[k].text(pct):>22}  {other[k].text(pct):>22}  "
                  f"diff {shift[k].text(pct)}", flush=True)


if __name__ == "__main__":
    main()
