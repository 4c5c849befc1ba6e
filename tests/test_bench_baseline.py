"""The hand-written FFB engine of `benchmarks/bench_baseline.py` does the work the generic
engine does: on the same random draws it deals, plays and scores exactly what `Deal` does under
ffb, card by card through `Deal`'s public methods (so the benchmark's ratio compares equal
work, litige and belote included)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from coinche_dsl.engine import compile
from coinche_dsl.engine.facts import Contract
from coinche_dsl.loader import load_variant

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_baseline.py"


def _baseline():
    spec = importlib.util.spec_from_file_location("bench_baseline", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_baseline_scores_what_the_generic_engine_scores():
    bench = _baseline()
    rules = compile(load_variant("ffb"))
    scores = set()
    for seed in range(4000):
        trump, dealer = seed % 4, seed & 3
        contracts = tuple(Contract((d + 3) & 3, 90, trump) for d in range(4))
        expected = bench.generic_deal(rules, dealer, random.Random(seed), contracts)
        assert bench.baseline_deal(dealer, random.Random(seed).random, trump) == expected, seed
        scores.add(expected)
    assert len(scores) > 50  # made, failed, litiges, belotes, capots: many different scores
