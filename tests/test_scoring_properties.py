"""Properties of scoring over seeded random deal summaries, for every built-in variant."""

from __future__ import annotations

import random

import pytest

from coinche_dsl import load_variant
from coinche_dsl.engine.scoring import score_deal
from coinche_dsl.engine.summary_check import deck_total
from coinche_dsl.engine.tables import bid_values
from coinche_dsl.loader import BUILTINS


def random_summary(rs, rng):
    trump = str(rng.choice(rs.auction.denominations))
    total = deck_total(rs, ("clubs", "diamonds", "hearts", "spades", "no-trump",
                            "all-trump").index(trump))
    a = rs.auction
    top = a.maximum_bid or 160
    bid = rng.choice([b for b in bid_values(a.minimum_bid, a.step, a.bid_levels.value, top)])
    ns = rng.randint(1, total - 1)
    return {"declarer": rng.choice("NESW"), "bid": bid, "trump": trump,
            "double": rng.choice(["none", "none", "coinche"]),
            "card_points": {"NS": ns, "EW": total - ns}, "last_trick": rng.choice("NESW")}


@pytest.mark.parametrize("name", BUILTINS)
def test_lines_add_up_and_success_is_monotone(name):
    rs = load_variant(name)
    rng = random.Random(name)
    for _ in range(200):
        summary = random_summary(rs, rng)
        result = score_deal(rs, summary)
        for team in ("NS", "EW"):
            assert sum(ln.points for ln in result.lines if ln.team == team) == \
                result.scores[team]
        # More card points for the declarers never turns a made contract into a failure.
        if result.made:
            declarers = "NS" if summary["declarer"] in "NS" else "EW"
            other = "EW" if declarers == "NS" else "NS"
            if summary["card_points"][other] > 0:
                richer = {**summary, "card_points": {
                    declarers: summary["card_points"][declarers] + 1,
                    other: summary["card_points"][other] - 1}}
                assert score_deal(rs, richer).made
