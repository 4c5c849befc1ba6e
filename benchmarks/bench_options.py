"""What options cost when a variant is loaded and checked: `validate` (every value of every
option is validated, so that a broken value is reported whichever is chosen) against one
validation of the chosen combination, and the time of `check` (the examples under every
combination), per variant, and for a file at the option limits (twelve options, ten of eight
values, and 100 examples: tests/option_support.py) with the number of combinations `check`
validates. CPU time, best of several rounds, one run.

    python benchmarks/bench_options.py [--rounds 5]

The file at the limits took 14.9 s and 1.48 GB of peak RSS (`/usr/bin/time -v coinche check`)
while every run validated its neighbours again (issue #32); each run is now validated once.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from coinche_dsl.analysis import check_resolved
from coinche_dsl.loader import resolve, validate, validated

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from option_support import many_options  # noqa: E402

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
          f"{'check':>8} {'combinations':>12}")
    with tempfile.TemporaryDirectory() as tmp:
        limits = Path(tmp) / "many-options.coinche"
        limits.write_text(many_options(), encoding="utf-8")
        for name in (*VARIANTS, str(limits)):
            resolved = resolve(name)
            rules = validate(resolved)
            full = best(lambda r=resolved: validate(r), rounds, 1 if name == str(limits) else 5)
            one = best(lambda r=resolved: validated(r), rounds)
            seen: dict[object, object] = {}
            check_resolved(resolved, seen)
            validate(resolved, None, seen)
            checked = best(lambda r=resolved: check_resolved(r), rounds, 1)
            shown = "at the option limits" if name == str(limits) else name
            print(f"{shown:<40} {len(rules.options):>7} {full * 1e3:>7.1f}ms {one * 1e3:>5.1f}ms "
                  f"{full / one:>5.1f}x {checked * 1e3:>6.0f}ms {len(seen):>12}")


if __name__ == "__main__":
    main()
