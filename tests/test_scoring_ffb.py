"""Scoring cases for the `ffb` reference variant, each citing the rule it tests (KNOBS.md).

Expected scores are worked out by hand from the rules quoted, not read back from the engine.
"""

from __future__ import annotations

import pytest
from scoring_support import deal, scores_test

CASES = [
    # "Made, undoubled: declarers points + contract, defenders their points (most)";
    # 100 + 10 + 90 = 200, 52 rounded to 50.
    pytest.param(deal(90, "hearts", 100, 52, "S"), True, 200, 50, id="made-90"),
    # KNOBS worked example S0: "90 ♥, declarers 89 points ... defenders 160 + 90 = 250".
    pytest.param(deal(90, "hearts", 79, 73, "N"), False, 0, 250, id="failed-89-on-90"),
    # "Made when: declarers' points ≥ contract (PAGAT, FFB 2016)": 81 on 80 is made even
    # though the defenders also have 81; 161 -> 160, 81 -> 80.
    pytest.param(deal(80, "clubs", 71, 81, "N"), True, 160, 80, id="tie-81-81-made-on-80"),
    # "the whole award (... FFB web: (160 + contract) × 2)"; "Defenders of a doubled made
    # contract score 0 (S0, FFB)".
    pytest.param(deal(100, "hearts", 110, 42, "N", double="coinche"), True, 520, 0,
                 id="coinche-made"),
    pytest.param(deal(100, "hearts", 80, 72, "E", double="coinche"), False, 0, 520,
                 id="coinche-failed"),
    # "Surcoinche ... factor ×4 (S0–S4, FFB)".
    pytest.param(deal(110, "spades", 120, 32, "S", double="surcoinche"), True, 1080, 0,
                 id="surcoinche-made"),
    pytest.param(deal(110, "spades", 90, 62, "E", double="surcoinche"), False, 0, 1080,
                 id="surcoinche-failed"),
    # "Capot bid and made: ... 250 as contract (S0: added on top of 252)"; "252 via 100
    # last-trick (S0, FFB)": 152 + 100 + 250 = 502 -> 500.
    pytest.param(deal("capot", "hearts", 152, 0, "N", tricks={"N": 5, "S": 3}), True, 500, 0,
                 id="capot-bid-made"),
    # "Capot made without being bid: ... 252 via 100 last-trick (S0, FFB)": 252 + 80 -> 330.
    pytest.param(deal(80, "hearts", 152, 0, "S", tricks={"N": 4, "S": 4}), True, 330, 0,
                 id="capot-unbid"),
    # "Capot bid and failed: defenders ... 160 + 250".
    pytest.param(deal("capot", "hearts", 140, 12, "N", tricks={"N": 5, "S": 2, "E": 1}),
                 False, 0, 410, id="capot-bid-failed"),
    # "Belote ... 20: kept by its side even on failure ("protected", ... FFB coinchée)":
    # 60 + 20 < 100 fails; NS keep 20, EW 160 + 100.
    pytest.param(deal(100, "hearts", 60, 92, "E", belote=["N"]), False, 20, 260,
                 id="belote-protected-on-failure"),
    # "counts toward the contract (FFB, S4)": 70 + 10 + 20 = 100 makes 100.
    pytest.param(deal(100, "hearts", 70, 82, "N", belote=["S"]), True, 200, 80,
                 id="belote-counts-toward-contract"),
    # "Who scores: only the side with the best announcement (... FFB)": EW's fifty beats
    # NS's tierce; EW 62 + 50 = 112 -> 110, NS 100 + 80 = 180.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["QH", "JH", "10H"]], "E": [["9S", "10S", "JS", "QS"]]}), True, 180, 110,
        id="announcements-best-side-scores"),
    # "unresolved tie: nobody scores (S0, FFB)": two plain tierces to the king.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["KC", "QC", "JC"]], "E": [["KD", "QD", "JD"]]}), True, 180, 60,
        id="announcements-tie-cancel-both"),
    # "trump sequence beats plain (S0, PAGAT)": N's trump tierce wins, 100 + 20 + 80 = 200.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["QH", "JH", "10H"]], "E": [["QD", "JD", "10D"]]}), True, 200, 60,
        id="announcements-trump-sequence-wins"),
    # "any carré beats any sequence": E's four nines (150) beat N's quint (100).
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["AC", "KC", "QC", "JC", "10C"]], "E": [["9C", "9D", "9H", "9S"]]}),
        True, 180, 210, id="carre-beats-sequence"),
    # "Rounding: nearest 10 with 5 up (S0: 85 → 90, 84 → 80; FFB 2016)": 175 -> 180, 67 -> 70.
    pytest.param(deal(80, "hearts", 85, 67, "N"), True, 180, 70, id="rounding-5-goes-up"),
    # ... and 164 -> 160, 78 -> 80.
    pytest.param(deal(80, "hearts", 74, 78, "N"), True, 160, 80, id="rounding-4-goes-down"),
    # "At no-trump FFB reprices: A 200, 10 150": 110 + 200 + 90 = 400.
    pytest.param(deal(90, "no-trump", 100, 52, "N", announcements={
        "N": [["AC", "AD", "AH", "AS"]]}), True, 400, 50, id="no-trump-carre-of-aces-200"),
    # "All-trump ... full trump values ... ×162/258 after play (FFB 2016)" and
    # "normalisation to 162 (S4): applied before the success test": 170/258 -> 107 < 110.
    pytest.param(deal(110, "all-trump", 160, 88, "N"), False, 0, 270,
                 id="all-trump-scaled-before-success"),
    # 107 + 90 = 197 -> 200; 88 + 0 -> 55 -> 60.
    pytest.param(deal(90, "all_trump", 160, 88, "N"), True, 200, 60, id="all-trump-scaled-made"),
    # "at all-trump one per suit (FFB, PAGAT)": two belotes, 107 + 40 + 90 = 237 -> 240.
    pytest.param(deal(90, "all-trump", 160, 88, "N", belote=["N", "N"]), True, 240, 60,
                 id="all-trump-belote-each-suit"),
]


test_ffb_scores = scores_test("ffb", CASES, lines_add_up=True)
