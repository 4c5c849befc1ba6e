"""Simulated deals per second with heuristic (and random) bots, for 1 and 2 jobs.

    python benchmarks/bench_sim.py [--deals N] [--variant NAME]

Each measurement runs `coinche_dsl.sim.simulate.run` on one variant; the 2-job figure includes
starting the worker processes. Prints one line per measurement.
"""

from __future__ import annotations

import argparse
import time

from coinche_dsl.loader import load_variant
from coinche_dsl.sim.simulate import run


def measure(variant: str, deals: int, bots: str, jobs: int) -> float:
    """Deals per second for `deals` seeded deals."""
    ruleset = load_variant(variant)
    start = time.perf_counter()
    run([ruleset], deals=deals, seed=1, bots=bots, jobs=jobs)
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--variant", default="ffb")
    args = parser.parse_args()
    for bots in ("heuristic", "random"):
        for jobs in (1, 2):
            rate = measure(args.variant, args.deals, bots, jobs)
            print(f"{args.variant:<8} {bots:<9} jobs={jobs}  {rate:8.0f} deals/s "
                  f"({args.deals} deals)")


if __name__ == "__main__":
    main()
