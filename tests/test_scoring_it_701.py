"""Scoring cases for `it-701` (seed 002), each citing the sentence of the seed it tests.

Expected scores are worked out by hand from the quoted text (and the variant's stated choices;
where the text is silent the federation's rules, inherited from `ffb`, apply).
"""

from __future__ import annotations

import pytest
from scoring_support import deal, scores_test

CASES = [
    # "Punto della squadra vincente = prese totali + dieci de der + annuncio + contratto +
    # bonus belote-rebelote": 100 + 90 + 20 = 210; EW 62 -> 60.
    pytest.param(deal(90, "spades", 90, 62, "S", belote=["N"]), True, 210, 60,
                 id="made-declarers-formula"),
    # "Punto della squadra avversaria = totale prese + annuncio + bonus belote-rebelote":
    # NS 90 + 90 = 180; EW 62 + 10 + 50 + 20 = 142 -> 140.
    pytest.param(deal(90, "spades", 90, 62, "E", announcements={
        "E": [["9C", "10C", "JC", "QC"]]}, belote=["W"]), True, 180, 140,
        id="made-defenders-formula"),
    # "Punto della squadra avversaria = 162 punti + contratto + annunci di entrambe le parti":
    # 70 + 20 < 100; EW 162 + 100 + 20 = 282 -> 280.
    pytest.param(deal(100, "hearts", 70, 82, "E", announcements={"N": [["7D", "8D", "9D"]]}),
                 False, 0, 280, id="failed-defenders-formula"),
    # "Punto della squadra che prende = bonus belote-rebelote": NS 20; EW 262 -> 260.
    pytest.param(deal(100, "hearts", 60, 92, "E", belote=["N"]), False, 20, 260,
                 id="failed-declarers-keep-belote"),
    # "Alla fine del gioco, i punti vinti vengono moltiplicati per 2": (120 + 100) x 2 = 440;
    # EW 42 x 2 = 84 -> 80.
    pytest.param(deal(100, "hearts", 110, 42, "N", double="coinche"), True, 440, 80,
                 id="coinche-made-doubles-every-score"),
    # (162 + 100) x 2 = 524 -> 520.
    pytest.param(deal(100, "hearts", 80, 72, "E", double="coinche"), False, 0, 520,
                 id="coinche-failed"),
    # "“Surcoinche” ... i punti vinti vengono moltiplicati per 4": (130 + 110) x 4 = 960;
    # EW 32 x 4 = 128 -> 130.
    pytest.param(deal(110, "clubs", 120, 32, "N", double="surcoinche"), True, 960, 130,
                 id="surcoinche-made"),
    # (162 + 110) x 4 = 1088 -> 1090.
    pytest.param(deal(110, "clubs", 90, 62, "E", double="surcoinche"), False, 0, 1090,
                 id="surcoinche-failed"),
    # "Cofano | 250 punti | Tutti i ripieghi (da parte della squadra)": 162 + 250 = 412 -> 410.
    pytest.param(deal("capot", "hearts", 152, 0, "N", tricks={"N": 5, "S": 3}), True, 410, 0,
                 id="capot-bid-made"),
    pytest.param(deal("capot", "hearts", 140, 12, "N", tricks={"N": 5, "S": 2, "E": 1}),
                 False, 0, 410, id="capot-bid-failed"),
    # "Générale | 500 | Tutti i trucchi (da parte di chi li prende)": 162 + 500 = 662 -> 660.
    pytest.param(deal("generale", "hearts", 152, 0, "N", tricks={"N": 8}), True, 660, 0,
                 id="generale-bid-made"),
    # ... "da parte di chi li prende": S took one trick, the générale fails.
    pytest.param(deal("generale", "hearts", 152, 0, "N", tricks={"N": 7, "S": 1}),
                 False, 0, 660, id="generale-bid-failed-partner-took-a-trick"),
    # "prese totali + dieci de der": an unbid capot has no bonus, 162 + 80 = 242 -> 240.
    pytest.param(deal(80, "hearts", 152, 0, "S", tricks={"N": 4, "S": 4}), True, 240, 0,
                 id="capot-unbid-no-bonus"),
    # Silent on the success test ("completare un contratto"): the federation's, reaching the
    # contract is enough, so 81 makes 80 (161 -> 160, 81 -> 80).
    pytest.param(deal(80, "clubs", 71, 81, "N"), True, 160, 80, id="tie-81-made"),
    # "La squadra con l'annuncio migliore si aggiudica i punti corrispondenti": E's tierce to
    # the ace beats N's to the king, though N's is in trump; EW 62 + 20 = 82 -> 80.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["KH", "QH", "JH"]], "E": [["AD", "KD", "QD"]]}), True, 180, 80,
        id="best-announcement-only"),
    # "Giocare tutto atout ... 13 9 6 5 3 2 0 0": 152 in all, nothing rescaled.
    pytest.param(deal(90, "all-trump", 100, 52, "N"), True, 200, 50, id="all-trump-values"),
    # "Asso | Dieci | Re ... 19 | 10 | 4": the no-trump ace is 19, 152 in all.
    pytest.param(deal(90, "no-trump", 100, 52, "N"), True, 200, 50, id="no-trump-values"),
]


test_it_701_scores = scores_test("it-701", CASES, lines_add_up=True)
