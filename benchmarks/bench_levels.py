"""Deals per second of each bot level (all four seats), in one process, and each level's cost
relative to `heuristic` measured in the same run. Rates are given per second of CPU time of
the process (what the bots cost, whatever else the machine runs) and of wall-clock time.

    python benchmarks/bench_levels.py [--variant NAME] [--seed S]
           [--deals heuristic=1000 random=1000 expected=100 search=30]

Each measurement plays seeded deals with `coinche_dsl.sim.simulate.run(..., jobs=1)`. The
`expected` and `search` bidders' learned tables are loaded (or learned and cached) before any
measurement, and that time is printed apart: it is spent once per ruleset.
"""

from __future__ import annotations

import argparse
import time

from coinche_dsl.engine import compile
from coinche_dsl.loader import load_variant
from coinche_dsl.sim import table_cache
from coinche_dsl.sim.simulate import run

DEFAULT = ("heuristic=1000", "random=1000", "expected=100", "search=30")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="ffb")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", nargs="+", default=list(DEFAULT))
    args = parser.parse_args()
    ruleset = load_variant(args.variant)
    start, cpu = time.perf_counter(), time.process_time()
    table_cache.tables(compile(ruleset))
    print(f"{args.variant:<8} tables: {time.process_time() - cpu:.1f} s of CPU, "
          f"{time.perf_counter() - start:.1f} s of wall clock", flush=True)
    rates = {}
    for item in args.deals:
        level, _, count = item.partition("=")
        deals = int(count)
        start, cpu = time.perf_counter(), time.process_time()
        run([ruleset], deals, 0, args.seed, level, jobs=1)
        rates[level] = deals / (time.process_time() - cpu)
        wall = deals / (time.perf_counter() - start)
        ratio = (f"  ({rates['heuristic'] / rates[level]:.3g}x heuristic's CPU time a deal)"
                 if "heuristic" in rates and level != "heuristic" else "")
        print(f"{args.variant:<8} {level:<9} {rates[level]:9.1f} deals per CPU second, "
              f"{wall:9.1f} per second of wall clock ({deals} deals){ratio}", flush=True)


if __name__ == "__main__":
    main()
