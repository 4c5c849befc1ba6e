"""Scoring cases for `ffb-contree` (the federation's contrée), citing KNOBS.md for each rule.

Expected scores are worked out by hand from the rules quoted.
"""

from __future__ import annotations

import pytest
from scoring_support import assert_rejected, deal, ruleset, scores_test

CASES = [
    # "Made, undoubled: declarers points + contract, defenders their points (most)".
    pytest.param(deal(90, "hearts", 100, 52, "S"), True, 200, 50, id="made"),
    # "Failed, undoubled: defenders 160 + contract (... FFB ...)".
    pytest.param(deal(90, "hearts", 79, 73, "N"), False, 0, 250, id="failed-89-on-90"),
    # "declarers' points ≥ contract (PAGAT, FFB 2016)": 81 makes 80; 161 -> 160, 81 -> 80.
    pytest.param(deal(80, "clubs", 71, 81, "N"), True, 160, 80, id="tie-81-made"),
    # "Belote ... goes to the defenders (FFB contrée, CANNES)": 60 + 20 < 100; EW 160 + 100
    # + NS's belote 20.
    pytest.param(deal(100, "hearts", 60, 92, "E", belote=["N"]), False, 0, 280,
                 id="belote-goes-to-defenders-on-failure"),
    # "counts toward the contract (FFB, S4)": 80 + 20 = 100 makes 100; 200, 82 -> 80.
    pytest.param(deal(100, "hearts", 70, 82, "N", belote=["S"]), True, 200, 80,
                 id="belote-counts-toward-contract"),
    # The defenders' belote on a made contract is theirs: 52 + 20 = 72 -> 70.
    pytest.param(deal(90, "hearts", 100, 52, "S", belote=["E"]), True, 200, 70,
                 id="defence-belote-made"),
    # "the whole award (... FFB web: (160 + contract) × 2)"; "Defenders of a doubled made
    # contract score 0 (S0, FFB)".
    pytest.param(deal(100, "hearts", 110, 42, "N", double="coinche"), True, 520, 0,
                 id="coinche-made"),
    # Doubled fall: (160 + 100) x 2, and the belote (W's, the defence's) on top: 540.
    pytest.param(deal(100, "hearts", 80, 72, "E", double="coinche", belote=["W"]),
                 False, 0, 540, id="coinche-failed-defence-belote"),
    # "Surcoinche (redouble) ... factor ×4 (S0–S4, FFB)".
    pytest.param(deal(110, "spades", 120, 32, "S", double="surcoinche"), True, 1080, 0,
                 id="surcoinche-made"),
    pytest.param(deal(110, "spades", 90, 62, "E", double="surcoinche"), False, 0, 1080,
                 id="surcoinche-failed"),
    # "Capot ... 252 via 100 last-trick (S0, FFB)"; bid: "250 as contract": 502 -> 500.
    pytest.param(deal("capot", "hearts", 152, 0, "N", tricks={"N": 5, "S": 3}), True, 500, 0,
                 id="capot-bid-made"),
    pytest.param(deal(80, "hearts", 152, 0, "S", tricks={"N": 4, "S": 4}), True, 330, 0,
                 id="capot-unbid"),
    # "All-trump ... 13 9 6 5 3 2 (S2, FFB 2015)": 152 in all, no rescaling.
    pytest.param(deal(90, "all-trump", 100, 52, "N"), True, 200, 50, id="all-trump-2015-values"),
    # "at all-trump one per suit (FFB, PAGAT)": two belotes, 110 + 40 + 90 = 240.
    pytest.param(deal(90, "all-trump", 100, 52, "N", belote=["N", "N"]), True, 240, 50,
                 id="all-trump-belote-each-suit"),
    # "Rounding: nearest 10 with 5 up (S0: 85 → 90, 84 → 80; FFB 2016)": 175 -> 180.
    pytest.param(deal(80, "hearts", 85, 67, "N"), True, 180, 70, id="rounding-5-up"),
]


test_ffb_contree_scores = scores_test("ffb-contree", CASES, lines_add_up=True)


def test_ffb_contree_has_no_announcements():
    # "On or off entirely (“contrée” and “sans annonces” modes ...)".
    assert_rejected(ruleset("ffb-contree"), deal(90, "hearts", 100, 52, "N",
                                                 announcements={"N": [["7D", "8D", "9D"]]}),
                    "announcements")
