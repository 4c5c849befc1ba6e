"""Do the bots' bids follow the scoring? Bidding statistics of one bot level under pairs of
variants that differ only in scoring, paired on the same seeded deals.

    python benchmarks/bots_adaptation.py [--bots expected] [--deals N] [--seed S]
                                         BASE OTHER [BASE OTHER ...]

Prints, for each pair, each statistic under both variants and the paired difference
OTHER − BASE with its 95% interval: mean numeric bid, share of 80 bids, coinche and
surcoinche rates, share of capot (or générale) bids, contracts made.
"""

from __future__ import annotations

import argparse
import time

from coinche_dsl.loader import load_variant
from coinche_dsl.sim.simulate import run
from coinche_dsl.sim.strength import STATISTICS, bidding_shift, bidding_stats

PERCENT = {"bid_80", "coinche", "surcoinche", "capot_bid", "made"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="expected")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("pairs", nargs="+")
    args = parser.parse_args()
    if len(args.pairs) % 2:
        parser.error("give variants in pairs: BASE OTHER")
    for base, other in zip(args.pairs[::2], args.pairs[1::2], strict=True):
        start = time.perf_counter()
        out = run([load_variant(base), load_variant(other)], args.deals, 0, args.seed,
                  args.bots, jobs=1)
        a, b = bidding_stats(out.deals[0]), bidding_stats(out.deals[1])
        shift = bidding_shift(out.deals[0], out.deals[1])
        print(f"## {args.bots}: {base} -> {other} ({args.deals} deals, "
              f"{time.perf_counter() - start:.0f} s)")
        for k in STATISTICS:
            pct = k in PERCENT
            print(f"  {k:<11} {a[k].text(pct):>22}  {b[k].text(pct):>22}  "
                  f"diff {shift[k].text(pct)}", flush=True)


if __name__ == "__main__":
    main()
