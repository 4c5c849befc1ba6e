"""The one-page card in PDF: its layout (boxes as inline blocks) against the same page with
`break-inside: avoid` boxes, which WeasyPrint lays out far more slowly inside CSS columns.

    python benchmarks/bench_card.py [VARIANT] [--repeat N]

Prints the median time of each layout measured in this one run, and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coinche_dsl import load_variant  # noqa: E402
from coinche_dsl.render.output import to_html  # noqa: E402
from coinche_dsl.render.table_card import build_card  # noqa: E402

INLINE = "section { display: inline-block; width: 100%;"
AVOID = "section { break-inside: avoid;"


def median_ms(html: str, repeat: int) -> float:
    from weasyprint import HTML

    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        HTML(string=html).write_pdf()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="ffb")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    html = to_html(build_card(load_variant(args.variant)), pdf=True)
    assert INLINE in html, "the card's layout changed: update this benchmark"
    median_ms(html, 1)  # warm-up: fonts, WeasyPrint's own caches
    ours = median_ms(html, args.repeat)
    avoid = median_ms(html.replace(INLINE, AVOID), args.repeat)
    print(f"card {args.variant}: inline blocks {ours:7.0f} ms   break-inside {avoid:7.0f} ms   "
          f"ratio {avoid / ours:4.1f}x")


if __name__ == "__main__":
    main()
