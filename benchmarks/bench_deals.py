"""Random full deals per second (shuffle, cut, deal, auction, play, scoring), one process,
in CPU time of this process (so that other work on the machine matters less).

    python benchmarks/bench_deals.py [SECONDS_PER_VARIANT] [--profile VARIANT]

The players are uniform random over legal cards; in the auction they pass half the time and
otherwise make a uniformly random legal call (so that contracts of every kind occur). Deals
that everyone passes count as deals too (they are redealt). The `no scoring` column plays the
same deals without calling `Deal.result()`, to show what scoring costs.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time

from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.play import random_card
from coinche_dsl.loader import BUILTINS, builtin_path, load_variant

P_PASS = 0.5


def random_deal(rules, dealer: int, rng: random.Random, score: bool = True) -> Deal:
    """One deal through the public API (`legal_calls` / `call`, `legal_cards` / `play`)."""
    deal = Deal(rules, dealer, rng=rng)
    rand = rng.random
    while deal.phase == "auction":
        calls = deal.legal_calls()
        deal.call(calls[0] if rand() < P_PASS else calls[int(rand() * len(calls))])
    legal, play = deal.legal_cards, deal.play
    while deal.phase == "play":
        play(random_card(legal(), rand))
    if score and deal.phase == "over":
        deal.result()
    return deal


def rate(rules, seconds: float, score: bool = True, rounds: int = 3) -> float:
    """Deals per CPU second: the best of `rounds` runs of about `seconds / rounds` each (the
    best run is the one least disturbed by other work on the machine)."""
    best = 0.0
    for r in range(rounds):
        rng = random.Random(r)
        n, start = 0, time.process_time()
        while True:
            for i in range(100):
                random_deal(rules, i & 3, rng, score)
            n += 100
            elapsed = time.process_time() - start
            if elapsed >= seconds / rounds:
                break
        best = max(best, n / elapsed)
    return best


def main(argv: list[str]) -> None:
    if "--profile" in argv:
        name = argv[argv.index("--profile") + 1]
        rules = compile(load_variant(name))
        rng = random.Random(1)
        prof = cProfile.Profile()
        prof.enable()
        for i in range(5000):
            random_deal(rules, i & 3, rng)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        return
    seconds = float(argv[0]) if argv else 2.0
    print(f"{'variant':<14}{'deals/s':>10}{'no scoring':>12}")
    for name in BUILTINS:
        if not builtin_path(name).is_file():
            print(f"{name:<14}{'(not written)':>22}")
            continue
        rules = compile(load_variant(name))
        print(f"{name:<14}{rate(rules, seconds):>10,.0f}"
              f"{rate(rules, seconds / 2, False):>12,.0f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
