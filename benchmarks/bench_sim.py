"""Simulated deals per second with heuristic (and random) bots, for 1 and 2 jobs.

    python benchmarks/bench_sim.py [--deals N] [--variant NAME]

Each measurement runs `coinche_dsl.sim.simulate.run` on one variant; the 2-job figure includes
starting the worker processes. Prints one line per measurement: deals per wall-clock second,
and deals per CPU second (this process and its workers, `os.times`), the best of `--rounds`
runs; on a shared machine the CPU rate is the one to compare between runs.
"""

from __future__ import annotations

import argparse
import os
import time

from coinche_dsl.loader import load_variant
from coinche_dsl.sim.simulate import run


def measure(variant: str, deals: int, bots: str, jobs: int) -> tuple[float, float]:
    """Deals per wall-clock second and per CPU second for `deals` seeded deals."""
    ruleset = load_variant(variant)
    before, start = os.times(), time.perf_counter()
    run([ruleset], deals=deals, seed=1, bots=bots, jobs=jobs)
    wall, after = time.perf_counter() - start, os.times()
    cpu = sum(a - b for a, b in zip(after[:4], before[:4], strict=True))
    return deals / wall, deals / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--variant", default="ffb")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for bots in ("heuristic", "random"):
        for jobs in (1, 2):
            rates = [measure(args.variant, args.deals, bots, jobs) for _ in range(args.rounds)]
            wall, cpu = max(r[0] for r in rates), max(r[1] for r in rates)
            print(f"{args.variant:<8} {bots:<9} jobs={jobs}  {wall:8.0f} deals/s wall "
                  f"{cpu:8.0f} deals/CPU s ({args.deals} deals)", flush=True)


if __name__ == "__main__":
    main()
