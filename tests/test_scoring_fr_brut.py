"""Scoring cases for `fr-brut` (seed 003), each citing the sentence of the seed it tests.

Expected scores are worked out by hand from the quoted text (and the variant's stated choices).
"""

from __future__ import annotations

import pytest
from scoring_support import deal, scores_test

CASES = [
    # "Le multiplicateur ne porte que sur la valeur du contrat ... un 100 coinché vaut 200":
    # 110 + 200 = 310; EW keep their 52 ("points bruts").
    pytest.param(deal(100, "hearts", 100, 52, "N", double="coinche"), True, 310, 52,
                 id="coinche-doubles-the-contract-only"),
    # "Surcoinche — valeur du contrat ×4": 120 + 440.
    pytest.param(deal(110, "hearts", 110, 42, "N", double="surcoinche"), True, 560, 42,
                 id="surcoinche-contract-x4"),
    # "Un contrat ordinaire doit d'abord ramasser au moins 82 points de cartes aux plis":
    # 81 fails an 80; EW take the deal's 162 + 80.
    pytest.param(deal(80, "spades", 71, 81, "N"), False, 0, 242, id="floor-81-fails"),
    # ... and 72 + 10 = 82 makes it: NS 82 + 80 = 162, EW 80.
    pytest.param(deal(80, "spades", 72, 80, "N"), True, 162, 80, id="floor-82-made"),
    # "Les annonces et la belote ne remplacent pas ce plancher : elles n'aident qu'au-dessus":
    # 81 + 20 (belote) is above 80, but below the floor.
    pytest.param(deal(80, "spades", 71, 81, "S", belote=["N"]), False, 20, 242,
                 id="belote-does-not-replace-the-floor"),
    # "Au-delà du plancher, les points de cartes plus les annonces valides doivent atteindre
    # l'enchère": 90 + 20 = 110 >= 100; 90 + 20 + 100 = 210.
    pytest.param(deal(100, "hearts", 80, 72, "N", announcements={"N": [["7D", "8D", "9D"]]}),
                 True, 210, 72, id="announcements-help-above-the-floor"),
    # "Belote et rebelote sont toujours acquises à l'équipe qui les a annoncées, même contrat
    # chuté": 90 + 20 < 120; NS 20, EW 162 + 120.
    pytest.param(deal(120, "hearts", 80, 72, "N", belote=["S"]), False, 20, 282,
                 id="belote-kept-on-failure"),
    # "Les autres annonces ne sont pas protégées en cas de chute": EW 162 + 120 + 20.
    pytest.param(deal(120, "hearts", 80, 72, "N", announcements={"N": [["7D", "8D", "9D"]]}),
                 False, 0, 302, id="announcements-not-protected"),
    # "chaque joueur qui a annoncé une suite ou un carré la montre, même quand la plus grosse
    # annonce est dans l'autre camp": NS 110 + 20 + 90, EW 52 + 50.
    pytest.param(deal(90, "hearts", 100, 52, "N", announcements={
        "N": [["7D", "8D", "9D"]], "E": [["9C", "10C", "JC", "QC"]]}), True, 220, 102,
        id="every-side-scores"),
    # "La coinche compte en points bruts — sans division par dix": 95 + 90 = 185, 67.
    pytest.param(deal(90, "hearts", 85, 67, "N"), True, 185, 67, id="raw-points-no-rounding"),
    # "Un contrat chuté donne à la défense les points de cartes, la valeur multipliée du
    # contrat": 80 < 82 fails; EW 162 + 100 x 2.
    pytest.param(deal(100, "hearts", 80, 72, "E", double="coinche"), False, 0, 362,
                 id="coinche-failed"),
    # "Capot — les huit plis — vaut 250" and "152 points de cartes plus 10 pour le dernier pli
    # — 162 par donne" (no 100-point last trick): 152 + 10 + 250 = 412.
    pytest.param(deal("capot", "hearts", 152, 0, "N", tricks={"N": 5, "S": 3}), True, 412, 0,
                 id="capot-bid-made"),
    # An unbid capot is still "162 par donne": 162 + 80 = 242; EW 0.
    pytest.param(deal(80, "hearts", 152, 0, "S", tricks={"N": 4, "S": 4}), True, 242, 0,
                 id="capot-unbid-162"),
    # "Générale — les huit plis pris par le seul preneur — vaut 500": 162 + 500 = 662.
    pytest.param(deal("generale", "hearts", 152, 0, "N", tricks={"N": 8}), True, 662, 0,
                 id="generale-bid-made"),
    # Failed: "la défense [reçoit] les points de cartes, la valeur multipliée du contrat":
    # 162 + 500 = 662.
    pytest.param(deal("generale", "hearts", 152, 0, "N", tricks={"N": 7, "S": 1}),
                 False, 0, 662, id="generale-bid-failed-partner-took-a-trick"),
    # "En sans-atout l'as vaut 19": 152 in all; 110 + 90.
    pytest.param(deal(90, "no-trump", 100, 52, "N"), True, 200, 52, id="no-trump"),
    # "Lisez la colonne coinche": one column of carrés, four jacks 200 at sans-atout too:
    # 110 + 200 + 90 = 400.
    pytest.param(deal(90, "no-trump", 100, 52, "N", announcements={
        "N": [["JC", "JD", "JH", "JS"]]}), True, 400, 52, id="no-trump-four-jacks-200"),
    # "en tout-atout, la colonne atout s'applique à toutes les couleurs" (248 of cards),
    # brought back to "162 par donne": 170 of 258 -> 107, below 110; EW 162 + 110.
    pytest.param(deal(110, "all-trump", 160, 88, "N"), False, 0, 272,
                 id="all-trump-trump-column-rescaled"),
]


test_fr_brut_scores = scores_test("fr-brut", CASES, lines_add_up=True)
