"""Scoring cases for `pt-online` (seed 001), each citing the sentence of the seed it tests.

Expected scores are worked out by hand from the quoted text (and the variant's stated choices).
"""

from __future__ import annotations

import pytest
from scoring_support import assert_rejected, deal, ruleset, scores_test

CASES = [
    # "Exemplo 1 ... Consegue 90 pontos nas vazas e faz um anúncio de “Terça” ... 90 + 20 +
    # 100 = 210 pontos - Equipa defensora: 72 pontos"
    pytest.param(deal(100, "hearts", 80, 72, "N", announcements={"N": [["7D", "8D", "9D"]]}),
                 True, 210, 72, id="example-1-made-with-tierce"),
    # "Exemplo 2. Lance de 100 e “Contra” (×2) ... 70 pontos ... “Belote” ... 20 pontos ...
    # (162 + 100) × 2 = 524 pontos"
    pytest.param(deal(100, "hearts", 70, 82, "E", double="coinche", belote=["N"]),
                 False, 20, 524, id="example-2-coinche-failed-belote-kept"),
    # "Em caso de empate, o contrato considera-se falhado." EW declare, 81 each: NS 162 + 80.
    pytest.param(deal(80, "diamonds", 81, 71, "W", declarer="E"), False, 242, 0,
                 id="tie-fails"),
    # "A equipa contratante soma os pontos das suas vazas, mais o valor do lance ... A equipa
    # defensora soma os pontos das vazas que ganhou." Not rounded: 52 stays 52.
    pytest.param(deal(90, "spades", 100, 52, "S"), True, 200, 52, id="made-not-rounded"),
    # "Contrato falhado: A equipa contratante não soma nenhum ponto ... A equipa defensora
    # recebe todos os pontos": 162 + 90.
    pytest.param(deal(90, "spades", 70, 82, "E"), False, 0, 252, id="failed"),
    # "Contra ... dobra a pontuação"; "A equipa vencedora recebe todos os pontos das vazas
    # (162 no total)": (162 + 100) x 2.
    pytest.param(deal(100, "hearts", 110, 42, "N", double="coinche"), True, 524, 0,
                 id="coinche-made"),
    # "Recontra ... multiplica a pontuação por quatro": (162 + 110) x 4.
    pytest.param(deal(110, "clubs", 120, 32, "N", double="surcoinche"), True, 1088, 0,
                 id="surcoinche-made"),
    # ... failed, "A equipa defensora recebe todos os pontos": 90 < 110; (162 + 110) x 4.
    pytest.param(deal(110, "clubs", 90, 62, "E", double="surcoinche"), False, 0, 1088,
                 id="surcoinche-failed"),
    # "Se a equipa contratante o conseguir sem ter anunciado capote, recebe 250 pontos mais o
    # valor da aposta."
    pytest.param(deal(80, "spades", 152, 0, "S", tricks={"N": 4, "S": 4}), True, 330, 0,
                 id="capot-unbid"),
    # "Se tiver anunciado capote como contrato e o cumprir, a pontuação aumenta para 500
    # pontos, mais os pontos dos anúncios correspondentes."
    pytest.param(deal("capot", "hearts", 152, 0, "N", tricks={"N": 5, "S": 3},
                      announcements={"N": [["7D", "8D", "9D"]]}), True, 520, 0,
                 id="capot-bid-made-with-tierce"),
    # "Générale ... Se não tiver sido anunciada, vale 500 pontos": 500, in place of the bid.
    pytest.param(deal(80, "hearts", 152, 0, "N", tricks={"N": 8}), True, 500, 0,
                 id="generale-unbid"),
    # "Consegue-se quando um único jogador ganha as 8 vazas, sem ajuda do parceiro": S took
    # one, so it is no générale but a capot, "250 pontos mais o valor da aposta": 250 + 80.
    pytest.param(deal(80, "hearts", 152, 0, "N", tricks={"N": 7, "S": 1}), True, 330, 0,
                 id="generale-unbid-partner-took-a-trick-is-a-capot"),
    # "Se tiver sido anunciada previamente como contrato, a equipa recebe 1000 pontos."
    pytest.param(deal("generale", "hearts", 152, 0, "N", tricks={"N": 8}), True, 1000, 0,
                 id="generale-bid-made"),
    # "quando um único jogador ganha as 8 vazas, sem ajuda do parceiro": S took one trick, so
    # the générale fails; "A equipa defensora recebe todos os pontos": 162 + 1000 = 1162
    # (more than the 1001 target: the variant documents the choice).
    pytest.param(deal("generale", "hearts", 152, 0, "N", tricks={"N": 7, "S": 1}),
                 False, 0, 1162, id="generale-bid-failed-partner-took-a-trick"),
    # "Os pontos de “belote” são somados mesmo que o contrato não seja cumprido."
    pytest.param(deal(100, "spades", 60, 92, "E", belote=["N"]), False, 20, 262,
                 id="belote-protected-on-failure"),
    # "Só a equipa com a combinação mais alta soma os pontos dos anúncios" and the declarers
    # must get "mais pontos do que a equipa adversária": 110 against 52 + 100 fails.
    pytest.param(deal(90, "hearts", 100, 52, "N", announcements={
        "N": [["7D", "8D", "9D"]], "E": [["KC", "KD", "KH", "KS"]]}), False, 0, 352,
        id="best-announcement-only-and-fails"),
    # "Valor das cartas: todo trunfo ... +13 +9 +7 +5 +3 +1": 152 in all, not rescaled.
    pytest.param(deal(90, "all-trump", 100, 52, "N"), True, 200, 52, id="all-trump-values"),
]


test_pt_online_scores = scores_test("pt-online", CASES, lines_add_up=True)


@pytest.mark.parametrize("trump", ["no-trump", "all-trump"])
def test_pt_online_belote_only_with_a_trump_suit(trump):
    # "Este anúncio só pode ser feito se um dos naipes for escolhido como trunfo."
    assert_rejected(ruleset("pt-online"), deal(90, trump, 100, 52, "N", belote=["N"]), "belote")
