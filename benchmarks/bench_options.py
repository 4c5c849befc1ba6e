"""What options cost when a variant is loaded and checked: `validate` (every value of every
option is validated, so that a broken value is reported whichever is chosen) against one
validation of the chosen combination, and the time of `check` (the examples under every
combination), per variant. CPU time, best of several rounds, one run.

    python benchmarks/bench_options.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from coinche_dsl.analysis import check_resolved
from coinche_dsl.loader import _validate_with, resolve, validate
from coinche_dsl.options import chosen_values

VARIANTS = ("ffb", "ffb-contree", "es-club", "examples/rulebooks/coinchons.coinche")


def best(fn: Callable[[], object], rounds: int, inner: int = 5) -> float:
    times = []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(inner):
            fn()
        times.append((time.process_time() - start) / inner)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    print(f"{'variant':<40} {'options':>7} {'validate':>9} {'one':>7} {'ratio':>6} "
          f"{'check':>8}")
    for name in VARIANTS:
        resolved = resolve(name)
        rules = validate(resolved)
        chosen = chosen_values(resolved.data.get("options") or {}, {})
        full = best(lambda r=resolved: validate(r), rounds)
        one = best(lambda r=resolved, c=chosen: _validate_with(r, c), rounds)
        checked = best(lambda r=resolved: check_resolved(r), rounds, 2)
        print(f"{name:<40} {len(rules.options):>7} {full * 1e3:>7.1f}ms {one * 1e3:>5.1f}ms "
              f"{full / one:>5.1f}x {checked * 1e3:>6.0f}ms")


if __name__ == "__main__":
    main()
