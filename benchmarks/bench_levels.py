"""Deals per second of each bot level (all four seats), in one process, and each level's cost
relative to `heuristic` measured in the same run. Rates are given per second of CPU time of
the process (what the bots cost, whatever else the machine runs) and of wall-clock time.

    python benchmarks/bench_levels.py [--variant NAME] [--seed S]
           [--deals heuristic=1000 random=1000 expected=100 search=30]

Each measurement plays seeded deals with `coinche_dsl.sim.simulate.run(..., jobs=1)`. The
`expected` and `search` bidders' learned tables are loaded (or learned and cached) before any
measurement, and that time is printed apart: it is spent once per ruleset.

`--against DIR` measures the `expected` level of this checkout against another revision of the
project unpacked in DIR (`git archive REV | tar -x -C DIR`), interleaved: each round runs the
same seeded deals in a process of each revision, one after the other, for every variant named
by `--variants`; it prints each one's best rate, the ratio, and whether the two revisions'
records were the same.

    python benchmarks/bench_levels.py --against /tmp/old --variants ffb pt-online \
        --deals expected=1000 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from coinche_dsl.engine import compile
from coinche_dsl.loader import load_variant
from coinche_dsl.sim import table_cache
from coinche_dsl.sim.simulate import run

DEFAULT = ("heuristic=1000", "random=1000", "expected=100", "search=30")


ONE_RUN = """
import hashlib, json, sys, time
from coinche_dsl.engine import compile
from coinche_dsl.loader import load_variant
from coinche_dsl.sim import table_cache
from coinche_dsl.sim.simulate import run
variant, level, deals, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
ruleset = load_variant(variant)
table_cache.tables(compile(ruleset))
run([ruleset], 20, 0, seed + 1, level, jobs=1)  # first-use tables built before the clock
cpu = time.process_time()
records = run([ruleset], deals, 0, seed, level, jobs=1).deals[0]
rate = deals / (time.process_time() - cpu)
digest = hashlib.sha256(repr(records).encode()).hexdigest()[:16]
print(json.dumps({"rate": rate, "records": digest}))
"""


def one_run(path: str | None, variant: str, level: str, deals: int, seed: int) -> dict:
    """Rate and records' digest of one run in a fresh process of the checkout at `path`
    (None: this one)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    # -P: the other revision's package, not the one of the current directory
    command = [sys.executable, "-P", "-c", ONE_RUN, variant, level, str(deals), str(seed)]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[-1])


def against(args: argparse.Namespace) -> None:
    deals = dict(item.partition("=")[::2] for item in args.deals)
    n = int(deals.get("expected", 1000))
    for variant in args.variants:
        best: dict[str, float] = {"this": 0.0, "other": 0.0}
        digests: dict[str, set[str]] = {"this": set(), "other": set()}
        for _ in range(args.rounds):
            for name, path in (("other", args.against), ("this", None)):
                got = one_run(path, variant, "expected", n, args.seed)
                best[name] = max(best[name], got["rate"])
                digests[name].add(got["records"])
        same = "the same records" if digests["this"] == digests["other"] else "OTHER records"
        print(f"{variant:<12} expected {n} deals: this {best['this']:7.1f}, other "
              f"{best['other']:7.1f} deals per CPU second ({best['this'] / best['other']:.2f}x, "
              f"best of {args.rounds} interleaved rounds), {same}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="ffb")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", nargs="+", default=list(DEFAULT))
    parser.add_argument("--against", help="another revision's checkout (see above)")
    parser.add_argument("--variants", nargs="+", default=["ffb"])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.against:
        against(args)
        return
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
