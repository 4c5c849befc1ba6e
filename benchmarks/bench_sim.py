"""Simulated deals per second with heuristic (and random) bots, for 1 and 2 jobs.

    python benchmarks/bench_sim.py [--deals N] [--variant NAME] [--rounds R]
    python benchmarks/bench_sim.py --every-builtin [--deals N] [--rounds R]

Each measurement runs `coinche_dsl.sim.simulate.run` on one variant. Four heuristic bots play
their deals on the array path (`sim.fastsim`); the same bots given as a factory
(`bots=HeuristicBot`) play them on the per-deal path (a `Deal` and four bot objects per deal),
the path every simulation took before: both give the same records, so their ratio, measured
here in one run, is what the array path gains. The 2-job figures include starting the worker
processes. Prints one line per measurement: deals per wall-clock second, and deals per CPU
second (this process, and its workers by `os.times`), the best of `--rounds` runs; on a shared
machine the CPU rate is the one to compare between runs. Then the ratios. `--every-builtin`:
the heuristic bots only, one job, array path against per-deal path for every built-in.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.sim.bots import HeuristicBot
from coinche_dsl.sim.simulate import run

LINEUPS: dict[str, Any] = {"heuristic": "heuristic", "heuristic-per-deal": HeuristicBot,
                           "random": "random"}


def measure(variant: str, deals: int, bots: Any, jobs: int) -> tuple[float, float]:
    """Deals per wall-clock second and per CPU second for `deals` seeded deals."""
    ruleset = load_variant(variant)
    before, start, own = os.times(), time.perf_counter(), time.process_time()
    run([ruleset], deals=deals, seed=1, bots=bots, jobs=jobs)
    wall, after = time.perf_counter() - start, os.times()
    # This process to the microsecond (`os.times` counts in 10 ms ticks), its workers by ticks.
    cpu = time.process_time() - own + sum(a - b for a, b in zip(after[2:4], before[2:4],
                                                                  strict=True))
    return deals / wall, deals / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--variant", default="ffb")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--every-builtin", action="store_true")
    args = parser.parse_args()
    if args.every_builtin:
        every_builtin(args.deals, args.rounds)
        return
    run([load_variant(args.variant)], deals=50, seed=0, jobs=1)  # tables built once, not timed
    got: dict[tuple[str, int], tuple[float, float]] = {}
    for label, bots in LINEUPS.items():
        for jobs in (1, 2):
            rates = [measure(args.variant, args.deals, bots, jobs) for _ in range(args.rounds)]
            wall, cpu = got[label, jobs] = max(r[0] for r in rates), max(r[1] for r in rates)
            print(f"{args.variant:<8} {label:<18} jobs={jobs}  {wall:8.0f} deals/s wall "
                  f"{cpu:8.0f} deals/CPU s ({args.deals} deals)", flush=True)
    array, per_deal = got["heuristic", 1][1], got["heuristic-per-deal", 1][1]
    print(f"heuristic: array path / per-deal path {array / per_deal:.2f}x (CPU, 1 job)")
    for label in LINEUPS:
        print(f"{label}: jobs=2 / jobs=1 {got[label, 2][0] / got[label, 1][0]:.2f}x (wall)")


def every_builtin(deals: int, rounds: int) -> None:
    """Heuristic deals per CPU second, array path and per-deal path, per built-in (1 job)."""
    print(f"{'variant':<12} {'per-deal':>9} {'array':>9}  array / per-deal "
          f"(deals/CPU s, best of {rounds} x {deals} deals, 1 job)")
    for name in BUILTINS:
        run([load_variant(name)], deals=50, seed=0, jobs=1)
        rate = {label: max(measure(name, deals, LINEUPS[label], 1)[1] for _ in range(rounds))
                for label in ("heuristic-per-deal", "heuristic")}
        print(f"{name:<12} {rate['heuristic-per-deal']:9.0f} {rate['heuristic']:9.0f}  "
              f"{rate['heuristic'] / rate['heuristic-per-deal']:.2f}x", flush=True)


if __name__ == "__main__":
    main()
