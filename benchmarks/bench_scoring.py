"""Throughput of `score_facts` (the simulation's per-deal scoring) and of `score_deal`; and a
deal's score computed afresh (what `kept_score` does for a key it has not kept), by the plan's
generated scorer (`fresh_score`) against the reference (`scoring._score_values`).

Run: python benchmarks/bench_scoring.py [--fresh-only] [--rounds N]

The fresh-score table: for each built-in, the distinct score keys of 4,000 seeded `Deal`
play-outs (contracts at every denomination the variant offers, doubled or not, automatic or
no announcements as the variant has them), each scored afresh by both paths, alternated over N
rounds (5 by default); µs per key are the best round's CPU time (`time.process_time`) divided
by the keys, and the ratio is reference / generated, both measured in this run. Score lines
are shared by both paths (`Plan.lines`), warm for both after the first round.
"""

from __future__ import annotations

import random
import sys
import time
from functools import partial

from coinche_dsl.cards import parse_cards
from coinche_dsl.engine import Deal
from coinche_dsl.engine.compiled import compile
from coinche_dsl.engine.facts import Contract, DealFacts
from coinche_dsl.engine.fresh_score import scorer
from coinche_dsl.engine.scoring import _score_values, score_deal, score_facts
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


def played_keys(rules, n: int = 4000) -> list[tuple]:
    """The distinct score keys of `n` seeded play-outs (contracts in turn at each of the
    variant's denominations, undoubled, coinched or surcoinched)."""
    rng, keys = random.Random(7), set()
    doubles = (0, 0, 1, 2) if rules.ruleset.auction.surcoinche else (0, 0, 1)
    for i in range(n):
        den = rules.denominations[i % len(rules.denominations)]
        contract = Contract((i + 1) & 3, rules.bid_values[i % 4], den, doubles[i % len(doubles)])
        deal = Deal(rules, i & 3, rng=rng, contract=contract)
        deal.play_out(rng)
        keys.add(deal.score_key())
    return sorted(keys, key=repr)


def _per_key(score, keys: list[tuple]) -> float:
    start = time.process_time()
    for key in keys:
        score(key)
    return (time.process_time() - start) / len(keys) * 1e6


def fresh(name: str, rounds: int) -> tuple[int, float, float]:
    """Keys, and µs per key scored afresh by the reference and by the generated scorer."""
    rules = compile(load_variant(name))
    plan, keys = rules.plan, played_keys(rules)
    generated = {den: scorer(plan, den) for den in range(6)}
    ref, fast = float("inf"), float("inf")
    for _ in range(rounds):
        ref = min(ref, _per_key(lambda key: _score_values(plan, key), keys))
        fast = min(fast, _per_key(lambda key: generated[key[2]](key), keys))
    return len(keys), ref, fast


def _deal_rate(rules, seed: int, n: int) -> float:
    """Deals/s of `n` seeded deals through `Deal` (90 hearts by the dealer's next, random
    play, the score), the kept scores emptied first: the misses of a run's first deals."""
    rules.plan.scores.clear()
    rng = random.Random(seed)
    contracts = [Contract((dealer + rules.step) & 3, 90, 2) for dealer in range(4)]
    start = time.process_time()
    for i in range(n):
        deal = Deal(rules, i & 3, rng=rng, contract=contracts[i & 3])
        deal.play_out(rng)
        deal.result()
    return n / (time.process_time() - start)


def in_deals(name: str, rounds: int, n: int = 20_000) -> tuple[float, float, float]:
    """Deals/s with fresh scores by the reference and by the generated scorer (the same
    deals, alternated, best of `rounds`), and the share of deals scored afresh."""
    rules = compile(load_variant(name))
    plan = rules.plan
    generated = {den: scorer(plan, den) for den in range(6)}
    reference = {den: partial(_score_values, plan) for den in range(6)}
    ref, fast = 0.0, 0.0
    for r in range(rounds):
        plan.fresh.update(reference)
        ref = max(ref, _deal_rate(rules, r, n))
        plan.fresh.update(generated)
        fast = max(fast, _deal_rate(rules, r, n))
    return ref, fast, len(plan.scores) / n


def main(argv: list[str]) -> None:
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 5
    if "--fresh-only" not in argv:
        for variant in BUILTINS:
            bench(variant)
    print(f"\nscores computed afresh (best of {rounds} rounds, CPU time):")
    print(f"{'variant':<14}{'keys':>7}{'reference µs':>14}{'generated µs':>14}{'ratio':>8}")
    for variant in BUILTINS:
        n, ref, fast = fresh(variant, rounds)
        print(f"{variant:<14}{n:>7}{ref:>14.2f}{fast:>14.2f}{ref / fast:>7.2f}x", flush=True)
    print(f"\nwhole deals, kept scores emptied every 20,000 deals (best of {rounds} rounds):")
    print(f"{'variant':<14}{'afresh':>8}{'reference/s':>13}{'generated/s':>13}{'ratio':>8}")
    for variant in BUILTINS:
        ref, fast, share = in_deals(variant, rounds)
        print(f"{variant:<14}{share:>8.1%}{ref:>13,.0f}{fast:>13,.0f}{fast / ref:>7.3f}x",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
