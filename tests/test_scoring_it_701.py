"""Scoring cases for `it-701` (seed 002), each citing the sentence of the seed it tests.

Expected scores are worked out by hand from the quoted text (and the variant's stated choices;
where the text is silent the federation's rules, inherited from `ffb`, apply).
"""

from __future__ import annotations

import pytest
from scoring_support import deal, scores_test

CASES = [
    # "Punto della squadra vincente = prese totali + dieci de der + annuncio + contratto +
    # bonus belote-rebelote": 100 + 90 + 20 = 210; EW 62 (the formulas never round).
    pytest.param(deal(90, "spades", 90, 62, "S", belote=["N"]), True, 210, 62,
                 id="made-declarers-formula"),
    # "Punto della squadra avversaria = totale prese + annuncio + bonus belote-rebelote":
    # NS 90 + 90 = 180; EW 62 + 10 + 50 + 20 = 142.
    pytest.param(deal(90, "spades", 90, 62, "E", announcements={
        "E": [["9C", "10C", "JC", "QC"]]}, belote=["W"]), True, 180, 142,
        id="made-defenders-formula"),
    # "Punto della squadra avversaria = 162 punti + contratto + annunci di entrambe le parti":
    # 70 + 20 < 100; EW 162 + 100 + 20 = 282.
    pytest.param(deal(100, "hearts", 70, 82, "E", announcements={"N": [["7D", "8D", "9D"]]}),
                 False, 0, 282, id="failed-defenders-formula"),
    # "Punto della squadra che prende = bonus belote-rebelote": NS 20; EW 162 + 100 = 262.
    pytest.param(deal(100, "hearts", 60, 92, "E", belote=["N"]), False, 20, 262,
                 id="failed-declarers-keep-belote"),
    # "Alla fine del gioco, i punti vinti vengono moltiplicati per 2": (120 + 100) x 2 = 440;
    # EW 42 x 2 = 84.
    pytest.param(deal(100, "hearts", 110, 42, "N", double="coinche"), True, 440, 84,
                 id="coinche-made-doubles-every-score"),
    # (162 + 100) x 2 = 524.
    pytest.param(deal(100, "hearts", 80, 72, "E", double="coinche"), False, 0, 524,
                 id="coinche-failed"),
    # "“Surcoinche” ... i punti vinti vengono moltiplicati per 4": (130 + 110) x 4 = 960;
    # EW 32 x 4 = 128.
    pytest.param(deal(110, "clubs", 120, 32, "N", double="surcoinche"), True, 960, 128,
                 id="surcoinche-made"),
    # (162 + 110) x 4 = 1088.
    pytest.param(deal(110, "clubs", 90, 62, "E", double="surcoinche"), False, 0, 1088,
                 id="surcoinche-failed"),
    # "Cofano | 250 punti | Tutti i ripieghi (da parte della squadra)": 162 + 250 = 412.
    pytest.param(deal("capot", "hearts", 152, 0, "N", tricks={"N": 5, "S": 3}), True, 412, 0,
                 id="capot-bid-made"),
    # ... E took a trick: failed, "162 punti + contratto": 162 + 250 = 412.
    pytest.param(deal("capot", "hearts", 140, 12, "N", tricks={"N": 5, "S": 2, "E": 1}),
                 False, 0, 412, id="capot-bid-failed"),
    # "Générale | 500 | Tutti i trucchi (da parte di chi li prende)": 162 + 500 = 662.
    pytest.param(deal("generale", "hearts", 152, 0, "N", tricks={"N": 8}), True, 662, 0,
                 id="generale-bid-made"),
    # ... "da parte di chi li prende": S took one trick, the générale fails.
    pytest.param(deal("generale", "hearts", 152, 0, "N", tricks={"N": 7, "S": 1}),
                 False, 0, 662, id="generale-bid-failed-partner-took-a-trick"),
    # "prese totali + dieci de der": an unbid capot has no bonus, 162 + 80 = 242.
    pytest.param(deal(80, "hearts", 152, 0, "S", tricks={"N": 4, "S": 4}), True, 242, 0,
                 id="capot-unbid-no-bonus"),
    # "Punti da raggiungere: Il punto annunciato": reaching the contract is enough, even at
    # 81-81 (no litige): NS 81 + 80 = 161, EW 81.
    pytest.param(deal(80, "clubs", 71, 81, "N"), True, 161, 81, id="tie-81-made"),
    # ... even when the defence's total is higher: NS 90 + 10 = 100 >= 80; EW's carré of
    # kings (100) beats N's tierce: NS 100 + 80 = 180; EW 62 + 100 = 162.
    pytest.param(deal(80, "clubs", 90, 62, "S", announcements={
        "N": [["7H", "8H", "9H"]], "E": [["KC", "KD", "KH", "KS"]]}), True, 180, 162,
        id="defence-total-higher-still-made"),
    # "La squadra con l'annuncio migliore si aggiudica i punti corrispondenti": E's tierce to
    # the ace beats N's to the king, though N's is in trump; EW 62 + 20 = 82.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["KH", "QH", "JH"]], "E": [["AD", "KD", "QD"]]}), True, 180, 82,
        id="best-announcement-only"),
    # "Giocare tutto atout ... 13 9 6 5 3 2 0 0": 152 in all, nothing rescaled.
    pytest.param(deal(90, "all-trump", 100, 52, "N"), True, 200, 52, id="all-trump-values"),
    # "Asso | Dieci | Re ... 19 | 10 | 4": the no-trump ace is 19, 152 in all.
    pytest.param(deal(90, "no-trump", 100, 52, "N"), True, 200, 52, id="no-trump-values"),
    # "Quadrato di fanti: 200 punti": one list of carrés, at no-trump too:
    # 100 + 10 + 200 + 90 = 400.
    pytest.param(deal(90, "no-trump", 100, 52, "N", announcements={
        "N": [["JC", "JD", "JH", "JS"]]}), True, 400, 52, id="no-trump-four-jacks-200"),
]


test_it_701_scores = scores_test("it-701", CASES, lines_add_up=True)
