"""Render time of a rule sheet per format: md and html (cold, then warm median), pdf.

    python benchmarks/bench_render.py [VARIANT] [--repeat N]

Targets: HTML warm under 150 ms, PDF under 3 s (2-core machine). "Cold" is the first sheet
of the process (templates compiled, catalogs read, engine plans built); "warm" the median of
the next runs. The Ruleset is loaded once, outside the timings.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coinche_dsl import load_variant  # noqa: E402
from coinche_dsl.render import compare, sheet  # noqa: E402


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="ffb")
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    rs = load_variant(args.variant)
    print(f"variant {args.variant}, language {rs.language}, {args.repeat} warm runs")
    for fmt in ("md", "html"):
        cold = timed(lambda fmt=fmt: sheet(rs, None, fmt))
        warm = [timed(lambda fmt=fmt: sheet(rs, None, fmt)) for _ in range(args.repeat)]
        print(f"{fmt:<5} cold {cold:8.1f} ms   warm median {statistics.median(warm):7.1f} ms"
              f"   min {min(warm):7.1f} ms")
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as e:
        print(f"pdf   skipped: {e}")
    else:
        runs = [timed(lambda: sheet(rs, None, "pdf")) for _ in range(3)]
        print(f"pdf   first {runs[0]:8.1f} ms   median of 3 {statistics.median(runs):7.1f} ms")
    from coinche_dsl.loader import BUILTINS, builtin_path

    names = [n for n in BUILTINS if builtin_path(n).is_file()]
    rulesets = [load_variant(n) for n in names]
    cmp_runs = [timed(lambda: compare(rulesets, "en", "md")) for _ in range(5)]
    print(f"compare of {len(names)} built-ins (md) median {statistics.median(cmp_runs):7.1f} ms")


if __name__ == "__main__":
    main()
