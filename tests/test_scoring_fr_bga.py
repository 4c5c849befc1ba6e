"""Scoring cases for `fr-bga` (seed 004), each citing the sentence of the seed it tests.

Expected scores are worked out by hand from the quoted text (and the variant's stated choices).
"""

from __future__ import annotations

import pytest
from scoring_support import assert_rejected, deal, ruleset, scores_test

CASES = [
    # "si l'enchère est 100 ♣ ... réalisé 122 points: Ils gagnent donc 122 + 100 = 222 points.
    # L'équipe adverse gagne 40 points (162 - 122)."
    pytest.param(deal(100, "clubs", 112, 40, "N"), True, 222, 40, id="made-100-with-122"),
    # "réalisé 96 points: Ils ne gagnent donc aucun point - L'équipe adverse gagne 160 + 100 =
    # 260 points"
    pytest.param(deal(100, "clubs", 86, 66, "S"), False, 0, 260, id="failed-100-with-96"),
    # "ces 20 points aident à la réussir ! ... ils n'auront donc plus que 80 points à faire
    # pour réussir leur enchère (100)": 80 + 20 + 100 = 200.
    pytest.param(deal(100, "clubs", 70, 82, "N", belote=["N"]), True, 200, 82,
                 id="belote-helps-to-make"),
    # "Si l'équipe qui a remporté les enchères a raté son pari, elle fait zéro": the belote
    # (60 + 20 < 100) is lost with the rest.
    pytest.param(deal(100, "clubs", 60, 92, "E", belote=["N"]), False, 0, 260,
                 id="belote-not-protected"),
    # "L'équipe adverse remporte les points qu'elle a fait elle aussi": its belote included,
    # 40 + 20.
    pytest.param(deal(100, "clubs", 112, 40, "N", belote=["W"]), True, 222, 60,
                 id="defence-belote-made"),
    # "Les points de réussite ou de défaites sont alors doublés": (122 + 100) x 2; EW keep 40.
    pytest.param(deal(100, "clubs", 112, 40, "N", double="coinche"), True, 444, 40,
                 id="coinche-made"),
    # ... "de défaites": 86 + 10 = 96 < 100; EW (160 + 100) x 2 = 520.
    pytest.param(deal(100, "clubs", 86, 66, "S", double="coinche"), False, 0, 520,
                 id="coinche-failed"),
    # "le dernier pli vaut toujours 10 points": no capot bonus, 162 + 100.
    pytest.param(deal(100, "clubs", 152, 0, "N", tricks={"N": 4, "S": 4}), True, 262, 0,
                 id="capot-unbid-no-bonus"),
    # "un “produit en croix” par rapport à 152 est alors effectué ... et le dernier pli vaut
    # toujours 10 points": no-trump plain values (120) scaled, 80 -> 101, 40 -> 51.
    pytest.param(deal(90, "no-trump", 80, 40, "N"), True, 201, 51, id="no-trump-scaled-to-152"),
    # All-trump (248): 186 -> 114, 62 -> 38; 124 + 100 = 224.
    pytest.param(deal(100, "all-trump", 186, 62, "N"), True, 224, 38,
                 id="all-trump-scaled-to-152"),
    # Scaled before the success test: raw 140 + 10 would make 100, but 140 -> 86 and 96 < 100.
    pytest.param(deal(100, "all-trump", 140, 108, "N"), False, 0, 260,
                 id="all-trump-scaled-before-success"),
    # "Les enchères commencent à 82 points": 82 made exactly with 72 + 10.
    pytest.param(deal(82, "hearts", 72, 80, "N"), True, 164, 80, id="minimum-82-made"),
    # No capot bid in the text; all eight tricks are "les points faits" with "le dernier pli
    # vaut toujours 10 points": 152 + 10 + 100 = 262.
    pytest.param(deal(100, "clubs", 152, 0, "N", tricks={"N": 5, "S": 3}), True, 262, 0,
                 id="all-tricks-no-capot-bonus"),
    # No rounding: "Ils gagnent donc 122 + 100 = 222 points" is not written 220.
    pytest.param(deal(90, "hearts", 85, 67, "N"), True, 185, 67, id="no-rounding"),
]


test_fr_bga_scores = scores_test("fr-bga", CASES, lines_add_up=True)


@pytest.mark.parametrize(("summary", "field"), [
    # "Les enchères commencent à 82 points"
    (deal(80, "hearts", 100, 52, "N"), "bid"),
    # The text knows coinche only: "Cela veut dire Je parie que vous ne ferez pas cette enchère"
    (deal(90, "hearts", 100, 52, "N", double="surcoinche"), "double"),
    # "La Dame et le Roi, à la couleur de l'atout": no belote at all-trump (variant's choice).
    (deal(90, "all-trump", 186, 62, "N", belote=["N"]), "belote"),
    # Only the belote is announced.
    (deal(90, "hearts", 100, 52, "N", announcements={"N": [["7D", "8D", "9D"]]}),
     "announcements"),
], ids=["bid-below-82", "no-surcoinche", "no-belote-at-all-trump", "no-announcements"])
def test_fr_bga_rejects(summary, field):
    assert_rejected(ruleset("fr-bga"), summary, field)



def test_fr_bga_has_no_capot_bid():
    # The text's bids are "le nombre de points qu'il pense faire, en choisissant une couleur".
    assert_rejected(ruleset("fr-bga"), deal("capot", "clubs", 152, 0, "N",
                                            tricks={"N": 5, "S": 3}), "bid")
