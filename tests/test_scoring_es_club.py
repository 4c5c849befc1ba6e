"""Scoring cases for `es-club` (seed 000), each citing the sentence of the seed it tests.

Expected scores are worked out by hand from the quoted text (and the variant's stated choices).
"""

from __future__ import annotations

import pytest
from scoring_support import assert_rejected, deal, ruleset, scores_test

CASES = [
    # "Una pareja anuncia 90 corazones y termina con 89 puntos ... Sin doble, la defensa anota
    # 160 + 90 = 250 y los declarantes 0."
    pytest.param(deal(90, "hearts", 79, 73, "N"), False, 0, 250, id="failed-89-on-90"),
    # "Si cumplen sin doble, los declarantes anotan su total más el contrato; la defensa anota
    # su total." 110 + 90 = 200; 52 -> 50.
    pytest.param(deal(90, "hearts", 100, 52, "S"), True, 200, 50, id="made-undoubled"),
    # "Una igualdad es fracaso." 81 against 81: EW 160 + 80.
    pytest.param(deal(80, "clubs", 71, 81, "S"), False, 0, 240, id="tie-fails"),
    # "los declarantes reciben 160 ... más ... el contrato, multiplicado por 2 o 4. La defensa
    # conserva solo belote."
    pytest.param(deal(100, "hearts", 110, 42, "N", double="coinche"), True, 520, 0,
                 id="coinche-made"),
    # "En fracaso doblado, se multiplica el premio de la defensa por 2 o 4".
    pytest.param(deal(100, "hearts", 80, 72, "E", double="coinche"), False, 0, 520,
                 id="coinche-failed"),
    # "salvo surcoinche de los declarantes, que ... aplica multiplicador 4".
    pytest.param(deal(110, "spades", 120, 32, "S", double="surcoinche"), True, 1080, 0,
                 id="surcoinche-made"),
    # "se multiplica el premio de la defensa por 2 o 4": 90 < 110, EW (160 + 110) x 4 = 1080.
    pytest.param(deal(110, "spades", 90, 62, "E", double="surcoinche"), False, 0, 1080,
                 id="surcoinche-failed"),
    # "Un capot anunciado cumplido añade 250 como contrato" on top of "252 con capot":
    # 502 -> 500.
    pytest.param(deal("capot", "hearts", 152, 0, "N", tricks={"N": 5, "S": 3}), True, 500, 0,
                 id="capot-bid-made"),
    # "anunciar capot exige además todas las bazas"; failed: "el contrato, valorado en 250
    # para capot": 160 + 250.
    pytest.param(deal("capot", "hearts", 140, 12, "N", tricks={"N": 5, "S": 2, "E": 1}),
                 False, 0, 410, id="capot-bid-failed"),
    # "Si los declarantes ganan todo, reciben los anuncios ordinarios de la defensa, pero esta
    # conserva su belote." 252 + 80 + 20 = 352 -> 350; EW 20.
    pytest.param(deal(80, "hearts", 152, 0, "S", tricks={"N": 4, "S": 4},
                      announcements={"E": [["7S", "8S", "9S"]]}, belote=["W"]),
                 True, 350, 20, id="capot-unbid-takes-defence-announcements"),
    # "Al fallar, conservan solo belote": 60 + 20 = 80 < 100; EW 160 + 100.
    pytest.param(deal(100, "spades", 60, 92, "E", belote=["N"]), False, 20, 260,
                 id="belote-protected-on-failure"),
    # "la belote protegida declarante no se multiplica": NS 20; EW (160 + 90) x 2.
    pytest.param(deal(90, "diamonds", 50, 102, "E", double="coinche", belote=["S"]),
                 False, 20, 500, id="coinche-failed-belote-not-multiplied"),
    # "En fracaso doblado, se multiplica el premio de la defensa por 2 o 4" and that award is
    # "160 más los anuncios ordinarios de ambos bandos, su belote y el contrato": only the
    # declarers' belote stays out of the product. 80 < 100; EW (160 + 20 + 100) x 2 = 560.
    pytest.param(deal(100, "hearts", 80, 72, "E", double="coinche", belote=["W"]),
                 False, 0, 560, id="coinche-failed-defence-belote-multiplied"),
    # "reciben 160 ... más los anuncios ordinarios de ambos bandos, su belote y el contrato,
    # multiplicado por 2 o 4": (160 + 20 + 100) x 2 = 560; "La defensa conserva solo
    # belote": EW 0.
    pytest.param(deal(100, "hearts", 110, 42, "N", double="coinche", belote=["S"]),
                 True, 560, 0, id="coinche-made-belote-multiplied"),
    # "Las secuencias se comparan por categoría de longitud, carta mayor y condición de
    # triunfo" and "el ganador muestra y puntúa todos sus anuncios declarados": N's trump
    # tierce to the king beats E's plain one; NS score both their tierces.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["KH", "QH", "JH"]], "S": [["7C", "8C", "9C"]], "E": [["KD", "QD", "JD"]]}),
        True, 220, 60, id="announcements-trump-condition-and-winner-scores-all"),
    # "Un empate irresoluble anula los anuncios ordinarios de ambos bandos."
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["KC", "QC", "JC"]], "E": [["KD", "QD", "JD"]]}), True, 180, 60,
        id="announcements-tie-cancelled"),
    # "Para una secuencia mayor, nuestro acuerdo explícito cuenta solo las 5 superiores": six
    # clubs to the ace count as a quint to the ace and beat E's quint to the king.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["AC", "KC", "QC", "JC", "10C", "9C"]],
        "E": [["KD", "QD", "JD", "10D", "9D"]]}), True, 280, 60, id="long-sequence-top-five"),
    # "Los cuartetos superan a las secuencias" and the declarers must "superar estrictamente
    # a la defensa": 100 against 62 + 150 fails; EW 160 + 80 + 150.
    pytest.param(deal(80, "hearts", 90, 62, "N", announcements={
        "N": [["AC", "KC", "QC", "JC", "10C"]], "E": [["9C", "9D", "9H", "9S"]]}),
        False, 0, 390, id="carre-beats-sequence-and-fails-the-contract"),
    # "Redondead a la decena más próxima, 10: 85 pasa a 90, 84 a 80": 175 -> 180, 67 -> 70.
    pytest.param(deal(80, "hearts", 85, 67, "N"), True, 180, 70, id="rounding-5-up"),
    # ... "84 a 80": 74 + 10 + 80 = 164 -> 160; 78 -> 80.
    pytest.param(deal(80, "hearts", 74, 78, "N"), True, 160, 80, id="rounding-4-down"),
]


test_es_club_scores = scores_test("es-club", CASES, lines_add_up=True)


def test_es_club_offers_only_suits():
    # "se anuncia un palo y un contrato": no no-trump contract to score.
    assert_rejected(ruleset("es-club"), deal(90, "no-trump", 100, 52, "N"), "trump")
