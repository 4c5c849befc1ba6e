"""Where the batch engine's time goes: the time of each line of its hot functions, most lines
one NumPy call.

    python benchmarks/profile_batch.py [VARIANT] [--deals N] [--contract fixed|drawn]

Plays N deals (default 2**18) of VARIANT (default ffb; `ffb auto` for ffb with announcements
declared automatically, as in `bench_batch.py`) with `play_batch`'s random policy, the contract
fixed as in `bench_batch.py` or drawn per deal, after one warm-up batch, and prints the time of
every line of the chunk's steps (deal, play, belotes, announcements, scoring) and of the play
loop's (a hand read, its legal cards, the random card), per hit and in all. Times under
line_profiler carry its cost of about a microsecond a line, and a shared machine's load lands
on whichever line was running: read the shares, and compare revisions with `bench_batch.py`.

line_profiler is not a dependency of this project: install it beside colver in the benchmark
environment (`.venv-bench/bin/pip install line-profiler`, see `bench_batch.py`).
"""

from __future__ import annotations

import argparse

from bench_batch import EXTRA

from coinche_dsl.engine import compile
from coinche_dsl.engine.batch import announce as batch_announce
from coinche_dsl.engine.batch import play as batch
from coinche_dsl.engine.batch import scoring as batch_scoring
from coinche_dsl.engine.facts import Contract
from coinche_dsl.loader import load_variant

HOT = [batch._play_chunk, batch._deal_block, batch._Play.run, batch._Play._trick,
       batch._Play._hand, batch._Play._legal, batch._void, batch._random_bit,
       batch_scoring.deal_belotes, batch_scoring._king_first, batch_scoring.score_arrays,
       batch_announce.deal_announcements, batch_announce._runs]
"""The functions timed line by line."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="ffb")
    parser.add_argument("--deals", type=int, default=1 << 18)
    parser.add_argument("--contract", choices=("fixed", "drawn"), default="fixed")
    args = parser.parse_args()
    try:
        from line_profiler import LineProfiler  # type: ignore[import-not-found]
    except ImportError:
        raise SystemExit("line_profiler is not installed here: pip install line-profiler") from None
    rules = compile(EXTRA[args.variant] if args.variant in EXTRA else load_variant(args.variant))
    contract = ([Contract((dealer + rules.step) & 3, 90, 2) for dealer in range(4)]
                if args.contract == "fixed" else None)
    batch.play_batch(rules, batch.CHUNK, seed=0, contract=contract)  # tables built, warm
    profiler = LineProfiler()
    for function in HOT:
        profiler.add_function(function)
    profiler.enable_by_count()
    batch.play_batch(rules, args.deals, seed=1, contract=contract)
    profiler.disable_by_count()
    profiler.print_stats(output_unit=1e-3, stripzeros=True)


if __name__ == "__main__":
    main()
