"""The simulation report from running totals (`sim.streaming`) is the report from the lists of
records (`report.summarise`), whatever the chunking; and the totals add up exactly."""

from __future__ import annotations

import json
import random

from coinche_dsl.loader import load_variant
from coinche_dsl.sim.report import summarise
from coinche_dsl.sim.simulate import run, run_totals
from coinche_dsl.sim.stats import mean_ci
from coinche_dsl.sim.streaming import Moments


def test_totals_give_the_report_of_the_records():
    rulesets = [load_variant(n) for n in ("ffb", "fr-brut", "pt-online")]
    names = ["ffb", "fr-brut", "pt-online"]
    settings = {"deals": 240, "games": 3, "seed": 9, "bots": "heuristic"}
    outcome = run(rulesets, deals=240, games=3, seed=9, jobs=1)
    expected = summarise(names, outcome.deals, outcome.games, settings)
    for size in (None, 7, 1000):
        totals = run_totals(rulesets, deals=240, games=3, seed=9, jobs=1, chunk_size=size)
        got = totals.report(names, settings)
        assert json.dumps(got, sort_keys=True) == json.dumps(expected, sort_keys=True)


def test_moments_merge_exactly_and_match_mean_ci():
    rng = random.Random(4)
    values = [rng.randrange(-500, 600) for _ in range(5000)]
    whole, parts = Moments(), [Moments() for _ in range(7)]
    for i, v in enumerate(values):
        whole.add(v)
        parts[i % 7].add(v)
    merged = Moments()
    for p in reversed(parts):
        merged.merge(p)
    assert (merged.n, merged.s1, merged.s2) == (whole.n, whole.s1, whole.s2) == (
        5000, sum(values), sum(v * v for v in values))
    a, b = merged.estimate(), mean_ci(values)
    assert a.n == b.n and a.value == b.value
    assert abs(a.low - b.low) < 1e-9 and abs(a.high - b.high) < 1e-9
