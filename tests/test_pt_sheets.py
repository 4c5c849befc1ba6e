"""European Portuguese sheets and cards read as a rulebook: the defects a native reader found
(pt-online 3.5) must not come back.

- scoring said as a program's chain (« Caso contrário, se … »), one subject said twice
  (« se os contratantes fizerem …, os contratantes marcam »);
- calques and jargon: « curto de pontos », « a que faltam pontos », « pontos brutos »,
  « sem ajuste »;
- a pronoun with nothing to stand for (« Quem a tiver » in a list where no belote is named);
- the same state said twice with its own « se » (« se o contrato for um capote ou se o
  contrato for uma générale »).
"""

from __future__ import annotations

import re

import pytest

from coinche_dsl import load_variant
from coinche_dsl.render import card, sheet

BUILTINS = ("ffb", "ffb-contree", "fr-bga", "fr-brut", "es-club", "it-701", "pt-online")

NEVER = {
    "a program's chain": r"Caso contrário, se\b",
    "a subject said twice": r"se os contratantes [^,.]*, os contratantes\b",
    "a calque of « à court de points »": r"\bcurto de pontos\b|\ba que faltam pontos\b",
    "jargon": r"\bpontos brutos\b|\bsem ajuste\b",
    "a pronoun with no antecedent": r"\bQuem a tiver\b",
    "a state said twice": r"(?i)se o contrato for [^,.]* ou se o contrato for\b",
    "a caption naming « other » carrés before any table": r"\bcarrés de outros valores\b",
    "software talk on paper": r"\bpor omissão\b|\bvalor escolhido\b",
    "card points glued to the rank (« 10 10 »)": r"mais fraca: [AVRD0-9]+ [0-9]+,",
    "a bid that « takes » a contra": r"\blevar contra\b",
}


@pytest.mark.parametrize("name", BUILTINS)
def test_portuguese_sheets_have_none_of_the_defects_found(name: str) -> None:
    rs = load_variant(name)
    for kind, text in (("sheet", str(sheet(rs, "pt", "md"))), ("card", str(card(rs, "pt", "md")))):
        found = [f"{what}: {m.group(0)!r}" for what, pattern in NEVER.items()
                 for m in re.finditer(pattern, text)]
        assert not found, f"{name} {kind}: {found}"


def test_pt_online_scoring_reads_as_a_rulebook() -> None:
    # seed 001: « Se tiver anunciado capote como contrato e o cumprir, a pontuação aumenta para
    # 500 pontos »; « Se a equipa contratante o conseguir sem ter anunciado capote, recebe 250
    # pontos mais o valor da aposta »: cases said in order, each after the ones before
    text = str(sheet(load_variant("pt-online"), "pt", "md"))
    assert ("Se o contrato for um capote ou uma générale, os contratantes marcam o valor do "
            "contrato (duas vezes com contra, quatro vezes com recontra)") in text
    assert "Fora desse caso, se um dos contratantes fizer sozinho as oito vazas" in text
    assert ("Fora dos casos anteriores, se fizerem as oito vazas, os contratantes marcam 250 "
            "mais o valor do contrato") in text
    assert "Nos restantes casos, os contratantes marcam os seus pontos" in text


def test_other_languages_keep_their_chain() -> None:
    # the Portuguese idioms (a second case of its own, the subject after its condition, two
    # states of one subject said once) are optional: French keeps « Sinon, si … »
    text = str(sheet(load_variant("pt-online"), "fr", "md"))
    assert "Sinon, s’ils font les huit plis, " not in text
    assert "Sinon, si " in text


def test_running_head_is_the_title_not_the_identifier() -> None:
    # the PDF sheet's running head read « pt-online — Coinche — regras do jogo online »
    from coinche_dsl.render.rulesheet import build_sheet

    rs = load_variant("pt-online")
    assert build_sheet(rs, "pt").header == "Coinche — regras do jogo online"
