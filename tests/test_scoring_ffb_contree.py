"""Scoring cases for `ffb-contree`, each citing the article of the FFB's 2015 belote contrée
text it tests (§ numbers of "Règles officielles de la Belote Contrée", transcribed in
github.com/vareversat/carg, assets/rules/contree_belote_rules.md).

Expected scores are worked out by hand from the sentences quoted.
"""

from __future__ import annotations

import pytest
from scoring_support import assert_rejected, deal, ruleset, scores_test

CASES = [
    # § 10.1.1 "Les preneurs marquent : Leur total + Le montant du contrat demandé":
    # 100 + 10 + 90 = 200; EW 52 -> 50 (§ 10.2).
    pytest.param(deal(90, "hearts", 100, 52, "S"), True, 200, 50, id="made"),
    # § 10.1.2 "160 points de chute + ... Le montant du contrat demandé": 160 + 90 = 250.
    pytest.param(deal(90, "hearts", 79, 73, "N"), False, 0, 250, id="failed-89-on-90"),
    # § 10.1.2 "la défense obtient un total supérieur ou égal aux preneurs": 80 on 80 against
    # 82 fails, 160 + 80 = 240.
    pytest.param(deal(80, "clubs", 70, 82, "S"), False, 0, 240, id="made-test-against-defence"),
    # § 10.1.3 litige: 81 against 81, EW score their 81 -> 80 now.
    pytest.param(deal(80, "clubs", 71, 81, "N"), False, 0, 80, id="litige-81-81"),
    # § 7 "La belote annoncée de manière conforme est imprenable : le bonus de points est
    # accordé même en cas de chute": 60 + 20 < 100; NS 20, EW 160 + 100 = 260.
    pytest.param(deal(100, "hearts", 60, 92, "E", belote=["N"]), False, 20, 260,
                 id="belote-imprenable-on-failure"),
    # § 4.2 the points include "Les points de la belote": 70 + 10 + 20 = 100 >= 100 and > 82:
    # 200; 82 -> 80.
    pytest.param(deal(100, "hearts", 70, 82, "N", belote=["S"]), True, 200, 80,
                 id="belote-counts-toward-contract"),
    # § 10.1.1 "Les défenseurs marquent : Leur total", belote included: 52 + 20 = 72 -> 70.
    pytest.param(deal(90, "hearts", 100, 52, "S", belote=["E"]), True, 200, 70,
                 id="defence-belote-made"),
    # § 10.1.1 contré: "(160 points + ... + Le montant du contrat demandé) × 2"; "Les
    # défenseurs ne marquent rien": (160 + 100) x 2 = 520.
    pytest.param(deal(100, "hearts", 110, 42, "N", double="coinche"), True, 520, 0,
                 id="contre-made"),
    # § 10.1.2 "160 points de chute + ... Leur belote + ... Le montant du contrat"; "Si le
    # contrat a été contré, les défenseurs doublent leurs points": (160 + 20 + 100) x 2 = 560.
    pytest.param(deal(100, "hearts", 80, 72, "E", double="coinche", belote=["W"]),
                 False, 0, 560, id="contre-failed-defence-belote-doubled"),
    # § 4.1 "Le score de la donne sera multiplié par 4": (160 + 110) x 4 = 1080.
    pytest.param(deal(110, "spades", 120, 32, "S", double="surcoinche"), True, 1080, 0,
                 id="surcontre-made"),
    # § 10.1.2 "les défenseurs ... quadruplent leurs points": 90 < 110; (160 + 110) x 4.
    pytest.param(deal(110, "spades", 90, 62, "E", double="surcoinche"), False, 0, 1080,
                 id="surcontre-failed"),
    # § 9.2 "portant ainsi le total à 252"; § 10.1.1 "250 points pour un capot demandé":
    # 502 -> 500.
    pytest.param(deal("capot", "hearts", 152, 0, "N", tricks={"N": 5, "S": 3}), True, 500, 0,
                 id="capot-bid-made"),
    # § 9.2 and § 10.1.1 "Leur total + Le montant du contrat": 252 + 80 = 332 -> 330.
    pytest.param(deal(80, "hearts", 152, 0, "S", tricks={"N": 4, "S": 4}), True, 330, 0,
                 id="capot-unbid"),
    # § 10.1.1 contré: "160 points (ou 250 points si capot réalisé, même non demandé)":
    # (250 + 80) x 2 = 660.
    pytest.param(deal(80, "hearts", 152, 0, "S", double="coinche", tricks={"N": 4, "S": 4}),
                 True, 660, 0, id="capot-unbid-contre-250-base"),
    # § 10.2 "85 est arrondi à 90": 175 -> 180.
    pytest.param(deal(80, "hearts", 85, 67, "N"), True, 180, 70, id="rounding-5-up"),
]


test_ffb_contree_scores = scores_test("ffb-contree", CASES, lines_add_up=True)


# § 11 (the same sentence as the coinchée's): "L'organisateur d'un tournoi peut décider de le
# jouer avec la variante du Sans Atout / Tout Atout": the organiser's deals, the option taken.
ALL_TRUMP = [
    # § 11.3 "Valet 13, Neuf 9, As 6, Dix 5, Roi 3, Dame 2": 152 in all, no rescaling.
    pytest.param(deal(90, "all-trump", 100, 52, "N"), True, 200, 50, id="all-trump-2015-values"),
    # § 11.3 "jusqu'à 4 belotes": two belotes, 110 + 40 + 90 = 240.
    pytest.param(deal(90, "all-trump", 100, 52, "N", belote=["N", "N"]), True, 240, 50,
                 id="all-trump-belote-each-suit"),
]


test_ffb_contree_scores_with_the_organisers_all_trump = scores_test(
    "ffb-contree", ALL_TRUMP, lines_add_up=True, choices={"sans_atout_tout_atout": "oui"})


def test_ffb_contree_has_no_announcements():
    # § 8 "La belote contrée se joue toujours sans annonces."
    assert_rejected(ruleset("ffb-contree"), deal(90, "hearts", 100, 52, "N",
                                                 announcements={"N": [["7D", "8D", "9D"]]}),
                    "announcements")
