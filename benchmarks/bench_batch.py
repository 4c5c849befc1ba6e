"""The batch engine's random full deals per second, against a compiled engine's rollout.

    python benchmarks/bench_batch.py [--deals N] [--rounds R]

For each built-in, and for ffb with announcements declared automatically (as pt-online's are:
found in every hand and compared per deal), once with its other announcement knobs and once
with them switched: `play_batch` with the contract fixed (90 hearts by the player after the
dealer, as colver's rollout plays one fixed contract) and with contracts drawn per deal, under
the `random` and `greedy` policies; each figure is deals (shuffled, played, scored) per CPU
second of this process, the best of R rounds of N deals.

The ratio to colver is measured interleaved: for each variant, each round times colver's
rollout and then the batch engine's fixed-contract random play, one after the other, so that
both see the same load of a shared machine (colver measured once before every variant would
not: its figure then comes from another moment's load).

The comparison is colver (PyPI `colver`, a Rust Belote Contrée engine with a Python binding):
`Env.rollout(n)` plays n random completions of one dealt deal at a fixed contract. It is not a
dependency of this project: install it beside it in a separate environment, e.g.

    python -m venv .venv-bench && .venv-bench/bin/pip install colver==0.11.1 -e .
    .venv-bench/bin/python benchmarks/bench_batch.py

Without colver the script says so and compares with the hand-written engine of
`bench_baseline.py` instead (which it prints in any case). Where the batch engine's time goes,
line by line: `profile_batch.py`.
"""

from __future__ import annotations

import argparse
import random
import time

from bench_baseline import baseline_deal

from coinche_dsl.engine import compile
from coinche_dsl.engine.batch import play_batch
from coinche_dsl.engine.facts import Contract
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.model import Ruleset
from coinche_dsl.model.enums import AnnouncementTiming, TiePolicy


def automatic(**knobs: object) -> Ruleset:
    """ffb with announcements declared automatically, and `knobs` of `announcements`."""
    rs = load_variant("ffb")
    an = rs.announcements.model_copy(update={"timing": AnnouncementTiming.AUTOMATIC, **knobs})
    return rs.model_copy(update={"announcements": an})


EXTRA = {"ffb auto": automatic(),
         "ffb auto, knobs": automatic(tie=TiePolicy.FIRST_DECLARED, card_reuse=True,
                                      belote_in_sequence=False)}
"""Rulesets beside the built-ins: any Ruleset with announcements, not only pt-online."""


def best_rate(run, deals: int, rounds: int) -> float:
    """Deals per CPU second, the best of `rounds` runs of `run(deals, round)`."""
    best = 0.0
    for r in range(rounds):
        start = time.process_time()
        run(deals, r)
        best = max(best, deals / (time.process_time() - start))
    return best


def baseline_rate(deals: int, rounds: int) -> float:
    def run(n: int, r: int) -> None:
        rand = random.Random(r).random
        for i in range(n):
            baseline_deal(i & 3, rand)

    return best_rate(run, deals // 20, rounds)


def interleaved(runs: list, deals: int, rounds: int) -> list[float]:
    """Deals per CPU second of each of `runs` (`run(deals, round)`), the best of `rounds`
    rounds in which every run is timed once, one after the other."""
    best = [0.0] * len(runs)
    for r in range(rounds):
        for i, run in enumerate(runs):
            start = time.process_time()
            run(deals, r)
            best[i] = max(best[i], deals / (time.process_time() - start))
    return best


def colver_run():
    try:
        import colver  # type: ignore[import-not-found]
    except ImportError:
        return None

    def run(n: int, r: int) -> None:
        env = colver.Env.deal(dealer=0, seed=r)
        env.set_contract(2, 90, 1, 0)  # hearts, 90, by E-W (the player after N, the dealer)
        env.set_phase_playing()
        env.rollout(n)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1 << 18)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    n, rounds = args.deals, args.rounds
    reference = colver_run()
    base = baseline_rate(n, rounds)
    print(f"hand-written FFB engine (bench_baseline), one deal at a time: {base:,.0f} deals/s")
    if reference is None:
        print("colver is not installed here: ratios are against the hand-written engine "
              "(measured once, not interleaved)")
        name = "baseline"
    else:
        print("colver 0.11.1 Env.rollout (one fixed deal and contract), timed in every round "
              "beside the batch engine")
        name = "colver"
    print(f"{'variant':<16}{'fixed, random':>15}{'drawn, random':>15}{'drawn, greedy':>15}"
          f"{name + ' rollout':>16}{'fixed random / ' + name:>24}")
    for variant, rs in [*((v, load_variant(v)) for v in BUILTINS), *EXTRA.items()]:
        rules = compile(rs)
        fixed = [Contract((dealer + rules.step) & 3, 90, 2) for dealer in range(4)]

        def run(deals: int, r: int, contract=fixed, policy="random", rules=rules) -> None:
            play_batch(rules, deals, seed=r, contract=contract, policy=policy)

        if reference is not None:
            rate, other = interleaved([run, reference], n, rounds)
        else:
            rate, other = best_rate(run, n, rounds), base
        rates = [rate, best_rate(lambda d, r: run(d, r, None), n, rounds),
                 best_rate(lambda d, r: run(d, r, None, "greedy"), n, rounds)]
        print(f"{variant:<16}" + "".join(f"{x:>15,.0f}" for x in rates)
              + f"{other:>16,.0f}{rates[0] / other:>23.2f}x", flush=True)


if __name__ == "__main__":
    main()
