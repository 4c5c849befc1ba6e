"""How cost grows with the number of deals: speed and peak memory, 10^3 deals and up.

    python benchmarks/bench_scale.py [--max-batch 1000000] [--max-sim 100000] [--bots random]

- `play_batch` (NumPy batch engine, ffb, random play, drawn contracts): deals per CPU second
  and the peak of memory allocated (tracemalloc, which sees NumPy's arrays). Its result keeps
  every deal's arrays (about 200 bytes a deal), so memory grows with n by design.
- `simulate_variants` (bots, two variants, one process): deals per CPU second and peak memory,
  reporting from running totals (`sim.streaming`), next to `simulate.run`, which keeps every
  record, up to 10^5 deals (records are what grows).

Each size runs twice (timed, then traced); the point is the shape (flat rate, bounded
memory), not one figure.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable

from coinche_dsl.engine import compile
from coinche_dsl.engine.batch import play_batch
from coinche_dsl.loader import load_variant
from coinche_dsl.sim.simulate import run, simulate_variants


def measure(fn: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds, peak MB allocated) of `fn`: timed in one call, traced in another (tracing
    slows Python code down)."""
    start = time.process_time()
    fn()
    seconds = time.process_time() - start
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return seconds, peak


def sizes(top: int) -> list[int]:
    return [10 ** k for k in range(3, 10) if 10 ** k <= top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-batch", type=int, default=10 ** 6)
    parser.add_argument("--max-sim", type=int, default=10 ** 5)
    parser.add_argument("--bots", default="random")
    args = parser.parse_args()
    rules = compile(load_variant("ffb"))
    play_batch(rules, 100, seed=0)  # tables built once, outside the measurements
    print(f"{'what':<34}{'deals':>10}{'deals/s':>12}{'peak MB':>10}")
    for n in sizes(args.max_batch):
        seconds, peak = measure(lambda n=n: play_batch(rules, n, seed=1))
        print(f"{'play_batch (keeps every deal)':<34}{n:>10,}{n / seconds:>12,.0f}{peak:>10.1f}",
              flush=True)
    variants = ["ffb", "fr-brut"]
    rulesets = [load_variant(v) for v in variants]
    for n in sizes(args.max_sim):
        seconds, peak = measure(lambda n=n: simulate_variants(rulesets, n, seed=1,
                                                              bots=args.bots, jobs=1))
        print(f"{'simulate_variants (running totals)':<34}{n:>10,}{n / seconds:>12,.0f}"
              f"{peak:>10.1f}", flush=True)
        if n <= 10 ** 5:
            seconds, peak = measure(lambda n=n: run(rulesets, n, seed=1, bots=args.bots, jobs=1))
            print(f"{'simulate.run (keeps every record)':<34}{n:>10,}{n / seconds:>12,.0f}"
                  f"{peak:>10.1f}", flush=True)


if __name__ == "__main__":
    main()
