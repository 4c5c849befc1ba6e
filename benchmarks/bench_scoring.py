"""Throughput of `score_facts` (the simulation's per-deal scoring) and of `score_deal`, per
built-in (note: `score_facts` keeps scores by what it reads, so repeated facts measure a
look-up).

Run: python benchmarks/bench_scoring.py
"""

from __future__ import annotations

import random
import sys
import time

from coinche_dsl.cards import parse_cards
from coinche_dsl.engine import compile
from coinche_dsl.engine.facts import Contract, DealFacts
from coinche_dsl.engine.scoring import score_deal, score_facts
from coinche_dsl.engine.summary_check import deck_total
from coinche_dsl.loader import BUILTINS, load_variant


def random_facts(rs, rng: random.Random) -> DealFacts:
    den = rng.choice([d for d in range(6) if _offered(rs, d)])
    total = deck_total(rs, den)
    ns = rng.randint(0, total)
    tricks = [2, 2, 2, 2]
    announcements = {}
    if rs.announcements.enabled and rng.random() < 0.3:
        announcements = {0: [parse_cards(["7C", "8C", "9C"])], 1: [parse_cards(["QD", "KD", "AD"])]}
    return DealFacts(Contract(rng.randrange(4), rng.choice([80, 90, 100, 110, 120]), den,
                              rng.choice([0, 0, 0, 1] + ([2] if rs.auction.surcoinche else []))),
                     tricks, (ns, total - ns), rng.randrange(4), announcements,
                     [0] if den < 4 and rng.random() < 0.2 else [])


def _offered(rs, den: int) -> bool:
    words = ("clubs", "diamonds", "hearts", "spades", "no-trump", "all-trump")
    return words[den] in {str(d) for d in rs.auction.denominations}


def bench(name: str, n: int = 20_000) -> None:
    rs = load_variant(name)
    rules = compile(rs)
    rng = random.Random(1)
    deals = [random_facts(rs, rng) for _ in range(n)]
    start = time.perf_counter()
    for facts in deals:
        score_facts(rules, facts)
    fast = n / (time.perf_counter() - start)
    summary = rs.examples[0]
    start = time.perf_counter()
    for _ in range(2000):
        score_deal(rs, summary)
    checked = 2000 / (time.perf_counter() - start)
    print(f"{name:<12} score_facts {fast:>9,.0f}/s   score_deal {checked:>8,.0f}/s")


def main(argv: list[str]) -> None:
    for variant in BUILTINS:
        bench(variant)


if __name__ == "__main__":
    main(sys.argv[1:])
