"""Scoring cases for the `ffb` reference variant, each citing the article of the FFB's 2015
belote coinchée text it tests (§ numbers of "Règles officielles de la Belote Coinchée",
transcribed in github.com/vareversat/carg, assets/rules/coinche_belote_rules.md).

Expected scores are worked out by hand from the sentences quoted, not read back from the engine.
"""

from __future__ import annotations

import pytest
from scoring_support import (
    SA_TA,
    assert_rejected,
    assert_scores,
    deal,
    ruleset,
    scores_test,
    variant,
)

from coinche_dsl.engine.scoring import score_deal

TIERCE_N = {"N": [["7D", "8D", "9D"]]}

CASES = [
    # § 10.1.1 "Atteindre ou dépasser ... Réaliser plus de points que l'équipe adverse";
    # "Les preneurs marquent : Leur total + Le montant du contrat": 100 + 10 = 110 >= 90 and
    # > 52; 110 + 90 = 200; EW "Leur total" 52 -> 50 (§ 10.2).
    pytest.param(deal(90, "hearts", 100, 52, "S"), True, 200, 50, id="made-90"),
    # § 10.1.2 "si les preneurs n'ont pas atteint leur contrat": 79 + 10 = 89 < 90;
    # "160 points de chute + ... Le montant du contrat": 160 + 90 = 250.
    pytest.param(deal(90, "hearts", 79, 73, "N"), False, 0, 250, id="failed-89-on-90"),
    # § 10.1.2 "la défense obtient un total supérieur ou égal aux preneurs": 70 + 10 = 80
    # reaches 80 but EW have 82: failed, 160 + 80 = 240.
    pytest.param(deal(80, "clubs", 70, 82, "S"), False, 0, 240, id="made-test-against-defence"),
    # § 10.1.3 "En cas d'égalité entre les totaux ... (81-81 ou 91-91)": 71 + 10 = 81 against
    # 81; "L'équipe qui n'avait pas pris marque ses points": EW 81 -> 80; NS's 81 are held.
    pytest.param(deal(80, "clubs", 71, 81, "N"), False, 0, 80, id="litige-81-81"),
    # § 10.1.3 with a belote: 61 + 10 + 20 = 91 against 91. EW 91 -> 90; NS keep now their
    # imprenable belote (§ 7), 20; the other 71 are held.
    pytest.param(deal(80, "clubs", 61, 91, "N", belote=["N"]), False, 20, 90,
                 id="litige-91-91-with-belote"),
    # § 10.1.1 coinché: "(160 points + Leurs annonces + Leur belote + Les annonces des
    # défenseurs + Le montant du contrat) × 2"; "Les défenseurs ne marquent rien":
    # 110 + 10 = 120 >= 100: (160 + 100) x 2 = 520, EW 0.
    pytest.param(deal(100, "hearts", 110, 42, "N", double="coinche"), True, 520, 0,
                 id="coinche-made"),
    # The same with a tierce and a belote: 90 + 10 + 20 + 20 = 140 >= 100 and > 62:
    # (160 + 20 + 20 + 100) x 2 = 600.
    pytest.param(deal(100, "hearts", 90, 62, "N", double="coinche", announcements=TIERCE_N,
                      belote=["S"]), True, 600, 0, id="coinche-made-tierce-belote-600"),
    # § 10.1.1 coinché: "à l'exception éventuelle des 20 points de belote" of the defence:
    # NS (160 + 100) x 2 = 520; EW 20.
    pytest.param(deal(100, "hearts", 110, 42, "N", double="coinche", belote=["E"]), True,
                 520, 20, id="coinche-made-defence-keeps-belote"),
    # § 10.1.2 "Si le contrat a été coinché, les défenseurs doublent leurs points": 80 < 100;
    # (160 + 100) x 2 = 520.
    pytest.param(deal(100, "hearts", 80, 72, "E", double="coinche"), False, 0, 520,
                 id="coinche-failed"),
    # ... and the declarers' announcements change hands inside the doubled award:
    # 70 + 20 = 90 < 100; EW (160 + 20 + 100) x 2 = 560.
    pytest.param(deal(100, "hearts", 70, 82, "E", double="coinche", announcements=TIERCE_N),
                 False, 0, 560, id="coinche-failed-announcements-doubled"),
    # § 4.1 "Le score de la donne sera multiplié par 4": (160 + 110) x 4 = 1080.
    pytest.param(deal(110, "spades", 120, 32, "S", double="surcoinche"), True, 1080, 0,
                 id="surcoinche-made"),
    # § 10.1.2 "les défenseurs ... quadruplent leurs points": 90 < 110; (160 + 110) x 4.
    pytest.param(deal(110, "spades", 90, 62, "E", double="surcoinche"), False, 0, 1080,
                 id="surcoinche-failed"),
    # § 9.2 "le dix de der vaut 100 points, portant ainsi le total à 252"; § 10.1.1 "250
    # points pour un capot demandé": 252 + 250 = 502 -> 500.
    pytest.param(deal("capot", "hearts", 152, 0, "N", tricks={"N": 5, "S": 3}), True, 500, 0,
                 id="capot-bid-made"),
    # § 9.2 and § 10.1.1: an unbid capot, 252 + 80 = 332 -> 330.
    pytest.param(deal(80, "hearts", 152, 0, "S", tricks={"N": 4, "S": 4}), True, 330, 0,
                 id="capot-unbid"),
    # § 10.1.1 "les annonces des défenseurs changent de main ... que le capot ait été demandé
    # ou non": E's tierce (the only one, so the best) goes to NS: 252 + 20 + 80 = 352 -> 350.
    pytest.param(deal(80, "hearts", 152, 0, "S", tricks={"N": 4, "S": 4},
                      announcements={"E": [["7D", "8D", "9D"]]}), True, 350, 0,
                 id="capot-defence-announcements-change-hands"),
    # § 10.1.1 coinché: "160 points (ou 250 points si capot réalisé, même non demandé)":
    # (250 + 80) x 2 = 660.
    pytest.param(deal(80, "hearts", 152, 0, "S", double="coinche", tricks={"N": 4, "S": 4}),
                 True, 660, 0, id="capot-unbid-coinched-250-base"),
    # ... and bid: (250 + 250) x 2 = 1000.
    pytest.param(deal("capot", "hearts", 152, 0, "S", double="coinche",
                      tricks={"N": 4, "S": 4}), True, 1000, 0, id="capot-bid-coinched"),
    # § 10.1.2 for a capot bid: "160 points de chute + ... (250 points pour un capot
    # demandé)": 410.
    pytest.param(deal("capot", "hearts", 140, 12, "N", tricks={"N": 5, "S": 2, "E": 1}),
                 False, 0, 410, id="capot-bid-failed"),
    # § 10.1.2 "Les annonces des preneurs qui changent de main": 70 + 20 = 90 < 100;
    # EW 160 + 20 + 100 = 280.
    pytest.param(deal(100, "hearts", 70, 82, "E", announcements=TIERCE_N), False, 0, 280,
                 id="failed-announcements-change-hands"),
    # § 7 "La belote annoncée de manière conforme est imprenable": 60 + 20 < 100; NS keep 20,
    # EW 160 + 100 = 260.
    pytest.param(deal(100, "hearts", 60, 92, "E", belote=["N"]), False, 20, 260,
                 id="belote-imprenable-on-failure"),
    # § 4.2 "Le nombre de points comprend ... Les points de la belote": 70 + 10 + 20 = 100
    # makes 100 and beats 82; 200, 82 -> 80.
    pytest.param(deal(100, "hearts", 70, 82, "N", belote=["S"]), True, 200, 80,
                 id="belote-counts-toward-contract"),
    # § 8.3 "les annonces d'un seul camp peuvent être prises en compte": EW's cinquante beats
    # NS's tierce; § 10.1.1 the totals: NS 100 against EW 62 + 50 = 112, failed.
    # EW 160 + 50 + 80 = 290.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["QH", "JH", "10H"]], "E": [["9S", "10S", "JS", "QS"]]}), False, 0, 290,
        id="defence-best-announcement-defeats-contract"),
    # § 8.3 "il y a « égalité » et aucune annonce ne compte": two plain tierces to the king;
    # NS 100 + 80 = 180, EW 62 -> 60.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["KC", "QC", "JC"]], "E": [["KD", "QD", "JD"]]}), True, 180, 60,
        id="announcements-tie-cancel-both"),
    # § 8.3 "une annonce dans la couleur de l'atout est supérieure": 100 + 20 + 80 = 200.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["QH", "JH", "10H"]], "E": [["QD", "JD", "10D"]]}), True, 200, 60,
        id="announcements-trump-sequence-wins"),
    # § 8 "Un carré de 100 points est plus fort qu'un cent": E's four nines (150) beat N's
    # cent; NS 100 against EW 62 + 150 = 212, failed: EW 160 + 150 + 80 = 390.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["AC", "KC", "QC", "JC", "10C"]], "E": [["9C", "9D", "9H", "9S"]]}),
        False, 0, 390, id="carre-beats-sequence"),
    # § 10.2 "85 est arrondi à 90 tandis que 84 est arrondi à 80": 175 -> 180, 67 -> 70.
    pytest.param(deal(80, "hearts", 85, 67, "N"), True, 180, 70, id="rounding-5-goes-up"),
    # ... and 164 -> 160, 78 -> 80.
    pytest.param(deal(80, "hearts", 74, 78, "N"), True, 160, 80, id="rounding-4-goes-down"),
]


test_ffb_scores = scores_test("ffb", CASES, lines_add_up=True)


# § 11: "L'organisateur d'un tournoi peut décider de le jouer avec la variante du Sans Atout /
# Tout Atout": these deals are the organiser's, with the option taken.
NO_TRUMP_ALL_TRUMP = [
    # § 11.2 carrés at no-trump "4 As 200 points": 110 + 200 + 90 = 400.
    pytest.param(deal(90, "no-trump", 100, 52, "N", announcements={
        "N": [["AC", "AD", "AH", "AS"]]}), True, 400, 50, id="no-trump-carre-of-aces-200"),
    # § 11.3 "Valet 13, Neuf 9, As 6, Dix 5, Roi 3, Dame 2": 152 in all, nothing rescaled.
    # 100 + 10 = 110 >= 90: 200; EW 52 -> 50.
    pytest.param(deal(90, "all-trump", 100, 52, "N"), True, 200, 50, id="all-trump-2015-values"),
    # ... 95 + 10 = 105 < 110: EW 160 + 110 = 270.
    pytest.param(deal(110, "all-trump", 95, 57, "N"), False, 0, 270, id="all-trump-failed"),
    # § 11.3 "Il peut y avoir jusqu'à 4 belotes": two, 80 + 10 + 40 + 90 = 220; 72 -> 70.
    pytest.param(deal(90, "all-trump", 80, 72, "N", belote=["N", "N"]), True, 220, 70,
                 id="all-trump-belote-each-suit"),
]


test_ffb_scores_with_the_organisers_no_trump_and_all_trump = scores_test(
    "ffb", NO_TRUMP_ALL_TRUMP, lines_add_up=True, choices=SA_TA)


@pytest.mark.parametrize("trump", ["no-trump", "all-trump"])
def test_the_basic_game_has_no_no_trump_or_all_trump(trump):
    # § 11: without the organiser's word, a deal at no-trump or all-trump is not one of ffb's
    assert_rejected(ruleset("ffb"), deal(90, trump, 100, 52, "N"), "trump")


def test_litige_holds_the_declarers_points():
    # § 10.1.3 "les points du preneur sont remis en jeu (81 ou 91)": 81 -> 80 held.
    result = score_deal(ruleset("ffb"), deal(80, "clubs", 71, 81, "N"))
    assert result.held == 80
    # With a belote scored now (§ 7, imprenable), the other 61 + 10 = 71 -> 70 are held.
    result = score_deal(ruleset("ffb"), deal(80, "clubs", 61, 91, "N", belote=["N"]))
    assert (result.scores["NS"], result.held) == (20, 70)


def test_organiser_switches_the_litige_off(tmp_path):
    # § 10.1.3 "Chaque tournoi se réserve le droit d'appliquer ou non la règle du litige":
    # `litige fails`, the tie then fails through the success test: EW 160 + 80 = 240.
    rules = variant(tmp_path, "scoring { litige fails }")
    assert_scores(rules, deal(80, "clubs", 71, 81, "N"), False, 0, 240)
