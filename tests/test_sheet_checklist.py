"""Each built-in's sheet, in each language, read against a checklist of its source's rules.

The checklist is written from the texts each variant follows (the federation's 2015 rules for
`ffb` and `ffb-contree`, each seed for the others, as their files quote them): for every rule
the sheet must state, the message that states it and the numbers it is said with. The test
renders that message in the sheet's language and looks for it in the sheet, so that a rule
dropped, or said by a sentence other than the one its settings make true, fails in every
language at once. Sentences that once misled are checked absent.
"""

from __future__ import annotations

import pytest

from coinche_dsl import load_variant
from coinche_dsl.model.enums import Reach
from coinche_dsl.render import sheet
from coinche_dsl.render.i18n import LANGUAGES, terms_of, translator

Item = tuple[str, dict[str, object]]

COMMON: list[Item] = [
    # a coinched contract can no longer be raised (FFB 2015 § 4.1: "Le fait de coincher fige le
    # contrat"; es seed: "Un contrato doblado no puede subirse")
    ("r.auction.after_coinche.passes.sur", {"n": 3}),
]
CHECKLIST: dict[str, list[Item]] = {
    "ffb": [*COMMON,
            ("belote.kept", {}),  # § 7: "réputés imprenables"
            ("ann.compare.trump", {"longest": 5}),  # § 8.3: highest card, then trump
            ("r.announcements.tie.cancel_both", {}),  # § 8.3: "aucune annonce ne compte"
            ("ann.run.4.50", {}), ("ann.run.5.100", {}), ("ann.run.3", {}),  # § 8
            ("r.scoring.litige.held", {}),  # § 10.1.3
            ("r.game.reach.reach", {}),  # § 10.3: "atteignant ou dépassant"
            ],
    "ffb-contree": [*COMMON, ("belote.kept", {}), ("r.scoring.litige.held", {}),
                    ("r.game.reach.reach", {})],
    "es-club": [*COMMON,
                ("belote.kept", {}),  # "belote ... está protegida"
                # "categoría de longitud, carta mayor y ... triunfo"
                ("ann.compare.trump", {"longest": 5}),
                ("r.announcements.tie.cancel_both", {}),  # "Un empate irresoluble anula"
                # "Una igualdad es fracaso"
                ("r.scoring.litige.fails.failed", {"half": 81, "bid": 80}),
                ("r.game.reach.reach", {}),  # "gana quien alcance primero 2000"
                ],
    "fr-bga": [("belote.lost", {}),  # "elle fait zéro"
               ("r.auction.after_coinche.ends_auction", {})],
    "fr-brut": [*COMMON, ("belote.kept", {}),
                ("r.announcements.who_scores.every_side", {})],
    # "I giocatori parlano una sola volta": after the coinche of the closing round only the
    # contract's side speaks, once each ("la squadra del prenditore crede di poter completare").
    "it-701": [("r.auction.after_coinche.doubled_side_only", {}), ("belote.kept", {}),
               ("ann.compare.trump", {"longest": 5})],
    "pt-online": [*COMMON, ("belote.kept", {}), ("ann.compare.trump", {"longest": 5}),
                  # "Em caso de empate, o contrato considera-se falhado"
                  ("r.scoring.litige.fails.failed", {"half": 81, "bid": 80})],
}
MISLEADING = ("r.auction.after_coinche.passes", "r.scoring.litige.fails")
"""Sentences that said the auction goes on after a coinche, or left a tie to the reader."""


def rendered(key: str, params: dict[str, object], lang: str, terms: tuple = ()) -> str:
    """The sentence in the variant's own words (its `terms`: ffb-contree's contre)."""
    tr = translator(lang, terms)
    shown = {k: tr.num(v) if isinstance(v, int) and k != "n" else v for k, v in params.items()}
    return tr(key, **shown)


@pytest.mark.parametrize("name", sorted(CHECKLIST))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_states_its_sources_rules(name: str, lang: str) -> None:
    rs = load_variant(name)
    text = sheet(rs, lang, "md")
    missing = [key for key, params in CHECKLIST[name]
               if rendered(key, params, lang, terms_of(rs, lang)) not in text]
    assert not missing, f"{name} ({lang}) does not say: {missing}"
    tr = translator(lang)
    for key in MISLEADING:
        assert tr(key) not in text, f"{name} ({lang}) still says {key}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_both_sides_over_the_target_reach_it_where_reaching_is_enough(lang: str) -> None:
    """FFB § 10.3 "atteignant ou dépassant": the sentence on both sides says « atteignent »;
    a variant that must pass the target says « dépassent »."""
    rs = load_variant("ffb")
    tr = translator(lang)
    assert tr("r.game.both_over.higher_total", over=tr("game.over.reach")) in sheet(rs, lang)
    exceed = rs.model_copy(update={"game": rs.game.model_copy(update={"reach": Reach.EXCEED})})
    assert tr("r.game.both_over.higher_total", over=tr("game.over.exceed")) in sheet(
        exceed, lang)
