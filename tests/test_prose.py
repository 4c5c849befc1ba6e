"""Scoring in words: each idiom of `render.prose`, per language, on formula structures.

The formulas are written here (in the variant language, loaded over the federation's rules so
that coinche, surcoinche, capot and announcements all exist), never taken from a built-in by
name: each test names the shape it checks (a sum, a case on coinche, a term chosen on capot, a
multiplier on the whole or on one term, a comparison) and the sentence a rulebook of that
language writes for it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coinche_dsl import load_variant
from coinche_dsl.render.formula import worked
from coinche_dsl.render.i18n import LANGUAGES, translator
from coinche_dsl.render.prose import Prose, simplify

CONDITIONAL_WORDS = re.compile(r"\b(alors|then|entonces|allora|então)\b", re.IGNORECASE)


def ruleset(tmp_path: Path, made_declarers: str, failed_defenders: str = "0",
            success: str = "total(declarers) >= contract", auction: str = ""):
    text = f"""variant "t" extends "ffb" {{
  auction {{ {auction} }}
  scoring {{
    success = {success}
    made {{
      declarers = {made_declarers}
    }}
    failed {{
      defenders = {failed_defenders}
    }}
  }}
}}
"""
    path = tmp_path / "t.coinche"
    path.write_text(text, encoding="utf-8")
    return load_variant(path)


def said(rs, lang: str, outcome: str = "made", side: str = "declarers") -> str:
    return " ".join(Prose(rs, translator(lang)).score(getattr(rs.scoring, outcome)[side], side))


# -- a sum of named quantities ------------------------------------------------------------

SUM = {
    "fr": "Les preneurs marquent leur total plus le contrat.",
    "es": "Los declarantes anotan su total más el contrato.",
    "it": "I dichiaranti segnano il loro totale più il contratto.",
    "pt": "Os contratantes marcam o seu total mais o valor do contrato.",
    "en": "The declarers score their total plus the amount bid.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sum_is_its_terms_joined(tmp_path: Path, lang: str) -> None:
    rs = ruleset(tmp_path, "total(declarers) + contract")
    assert said(rs, lang) == SUM[lang]


def test_a_longer_sum_lists_its_terms(tmp_path: Path) -> None:
    rs = ruleset(tmp_path, "points(declarers) + announcements(declarers) + belote(declarers)")
    assert said(rs, "fr") == (
        "Les preneurs marquent leurs points plus leurs annonces et leur belote.")
    assert said(rs, "es") == "Los declarantes anotan sus puntos más sus anuncios y su belote."


# -- a case on coinche, a term chosen on capot, the multiplier on the whole ---------------

COINCHED = {
    "fr": ("Si le contrat est coinché ou surcoinché, les preneurs marquent 160 (250 s’ils font "
           "capot) plus les annonces qui comptent, de l’un ou l’autre camp, leur belote et le "
           "contrat, le tout doublé "
           "(quadruplé s’il est surcoinché). Dans les autres cas, les preneurs marquent leur "
           "total plus le contrat."),
    "es": ("Si el contrato está coinchado o surcoinchado, los declarantes anotan 160 (o 250 si "
           "ganan todas las bazas) más los anuncios que cuentan, sean de un bando o del otro, "
           "su belote y el contrato, "
           "todo ello multiplicado por 2 (por 4 si está surcoinchado). En los demás casos, los "
           "declarantes anotan su total más el contrato."),
    "it": ("Se c’è coinche o surcoinche, i dichiaranti segnano 160 (250 se "
           "fanno tutte le prese) più gli annunci che contano (di qualunque squadra siano), "
           "la loro belote e il "
           "contratto, il tutto raddoppiato (quadruplicato se c’è surcoinche). In tutti gli "
           "altri casi, i dichiaranti segnano il loro totale più il contratto."),
    "pt": ("Se houver contra ou recontra, os contratantes marcam 160 (ou 250 se fizerem as "
           "oito vazas) mais os anúncios que pontuam (de qualquer das equipas), a sua belote "
           "e o valor do contrato, tudo "
           "multiplicado por 2 (por 4 com recontra). Nos restantes casos, os "
           "contratantes marcam o seu total mais o valor do contrato."),
    "en": ("If the contract is coinched or surcoinched, the declarers score 160 (250 if they "
           "take all eight tricks) plus the announcements that count (whichever side made "
           "them), their belote and the "
           "amount bid, the whole doubled (quadrupled if surcoinched). Otherwise, the "
           "declarers score their total plus the amount bid."),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_case_on_coinche_with_a_term_chosen_on_capot(tmp_path: Path, lang: str) -> None:
    rs = ruleset(tmp_path, "if doubled then ((if capot(declarers) then 250 else 160) "
                 "+ announcements(both) + belote(declarers) + contract) * multiplier "
                 "else total(declarers) + contract")
    assert said(rs, lang) == COINCHED[lang]


def test_the_multiplier_on_the_whole_says_both_factors_when_either_may_apply(
        tmp_path: Path) -> None:
    """Not under a case on coinche, the multiplier may be 1, the coinche's or the
    surcoinche's: the sentence says when each applies."""
    rs = ruleset(tmp_path, "total(declarers)", "(160 + contract) * multiplier")
    assert said(rs, "fr", "failed", "defenders") == (
        "La défense marque 160 plus le contrat, le tout doublé en cas de coinche, "
        "quadruplé en cas de surcoinche.")


def test_the_factors_are_the_auction_rules(tmp_path: Path) -> None:
    rs = ruleset(tmp_path, "total(declarers)", "(160 + contract) * multiplier",
                 auction="coinche_factor 3  surcoinche_factor 6")
    assert said(rs, "fr", "failed", "defenders") == (
        "La défense marque 160 plus le contrat, le tout triplé en cas de coinche, "
        "multiplié par 6 en cas de surcoinche.")


def test_without_surcoinche_no_surcoinche_is_spoken_of(tmp_path: Path) -> None:
    rs = ruleset(tmp_path, "total(declarers)", "(160 + contract) * multiplier",
                 auction="surcoinche no")
    text = said(rs, "fr", "failed", "defenders")
    assert text == (
        "La défense marque 160 plus le contrat, le tout doublé en cas de coinche.")


@pytest.mark.parametrize("lang,expected", [
    ("fr", "Les preneurs marquent leur total plus le contrat (deux fois en cas de "
           "coinche, quatre fois en cas de surcoinche)."),
    ("it", "I dichiaranti segnano il loro totale più il contratto (due volte se c’è coinche, "
           "quattro volte se c’è surcoinche)."),
])
def test_the_multiplier_on_one_term(tmp_path: Path, lang: str, expected: str) -> None:
    rs = ruleset(tmp_path, "total(declarers) + contract * multiplier")
    assert said(rs, lang) == expected


def test_what_is_added_after_a_multiplied_sum_is_not_multiplied(tmp_path: Path) -> None:
    rs = ruleset(tmp_path, "total(declarers)",
                 "(162 + contract) * multiplier + announcements(both) + belote(defenders)")
    assert said(rs, "fr", "failed", "defenders") == (
        "La défense marque 162 plus le contrat, le tout doublé en cas de coinche, "
        "quadruplé en cas de surcoinche, et en plus les annonces qui comptent, de l’un ou "
        "l’autre camp et sa belote.")


def test_a_term_added_on_a_condition_comes_last(tmp_path: Path) -> None:
    rs = ruleset(tmp_path, "total(declarers) + (if capot(declarers) then announcements(defenders)"
                 " else 0) + contract")
    assert said(rs, "fr") == ("Les preneurs marquent leur total plus le contrat, plus les "
                              "annonces de la défense s’ils font capot.")


# -- what a side keeps ---------------------------------------------------------------------

ONLY_BELOTE = {"fr": "Les preneurs ne gardent que leur belote.",
               "es": "Los declarantes solo conservan su belote.",
               "it": "I dichiaranti conservano solo la loro belote.",
               "pt": "Os contratantes ficam só com a sua belote.",
               "en": "The declarers keep only their belote."}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_side_left_only_its_belote(tmp_path: Path, lang: str) -> None:
    rs = ruleset(tmp_path, "total(declarers)")
    rs = rs.model_copy(update={"scoring": rs.scoring.model_copy(update={"failed": {
        **rs.scoring.failed, "declarers": rs.scoring.made["declarers"].model_copy(update={
            "name": "belote", "side": "declarers"})}})})
    assert said(rs, lang, "failed", "declarers") == ONLY_BELOTE[lang]


def test_nothing_is_nothing(tmp_path: Path) -> None:
    rs = ruleset(tmp_path, "total(declarers)", "0")
    assert said(rs, "fr", "failed", "defenders") == "La défense ne marque rien."


def test_a_case_whose_branches_are_the_same_is_no_case(tmp_path: Path) -> None:
    rs = ruleset(tmp_path, "total(declarers) + contract + (if capot(declarers) then 0 else 0)")
    assert said(rs, "fr") == SUM["fr"]


# -- the success test ----------------------------------------------------------------------

SUCCESS = {
    "fr": ["Un capot demandé est rempli si les preneurs font tous les plis.",
           "Tout autre contrat est rempli si le total des preneurs atteint le contrat et "
           "dépasse celui de la défense."],
    "es": ["Un capot anunciado se cumple si los declarantes ganan todas las bazas.",
           "Cualquier otro contrato se cumple si el total de los declarantes alcanza el "
           "contrato y supera el de la defensa."],
    "it": ["Un cappotto dichiarato riesce se i dichiaranti fanno tutte le prese.",
           "Ogni altro contratto riesce se il totale dei dichiaranti raggiunge il contratto e "
           "supera quello dei difensori."],
    "pt": ["Um capote anunciado é cumprido se os contratantes fizerem as oito vazas.",
           "Qualquer outro contrato é cumprido se o total dos contratantes atingir o valor do "
           "contrato e ultrapassar o dos defensores."],
    "en": ["A capot contract is made if the declarers take all eight tricks.",
           "Any other contract is made if the declarers’ total reaches the amount bid and "
           "exceeds the defenders’."],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_success_test_in_words(tmp_path: Path, lang: str) -> None:
    rs = ruleset(tmp_path, "total(declarers)", success=(
        "if bid_capot then capot(declarers) "
        "else total(declarers) >= contract and total(declarers) > total(defenders)"))
    assert Prose(rs, translator(lang)).success(rs.scoring.success) == SUCCESS[lang]


def test_a_sum_of_one_side_is_named_once(tmp_path: Path) -> None:
    rs = ruleset(tmp_path, "total(declarers)",
                 success="points(declarers) + belote(declarers) >= contract")
    assert Prose(rs, translator("fr")).success(rs.scoring.success) == [
        "Le contrat est rempli si les points et la belote des preneurs atteignent le contrat."]


# -- no formula words, whatever the shape ---------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_conditional_formula_words(tmp_path: Path, lang: str) -> None:
    """Even a shape no idiom covers (an `if` inside a product's factor) is said without
    « alors » / "then"."""
    rs = ruleset(tmp_path, "(if no_trump then 2 else 1) * (points(declarers) - contract)")
    text = said(rs, lang)
    assert not CONDITIONAL_WORDS.search(text), text
    assert "⟦" not in text


# -- worked lines --------------------------------------------------------------------------

def test_worked_lines_show_only_the_arithmetic_that_matters() -> None:
    from coinche_dsl.engine.formula import new_context, slot

    rs = load_variant("ffb")
    tr = translator("fr")
    values = new_context()
    values[slot("contract")] = 80
    values[slot("multiplier")] = 1
    values[slot("total", "defenders")] = 60
    failed = simplify(rs.scoring.failed["defenders"])
    # (160 + 0 announcements + 0 belote + 80) × 1: no zero terms, no × 1
    assert worked(failed, values, tr) == "160 + 80 du contrat = 240"
    # a lone quantity is its number, not « 60 = 60 »
    assert worked(rs.scoring.made["defenders"], values, tr) == "60"
    values[slot("multiplier")] = 4
    values[slot("doubled")] = True
    assert worked(failed, values, tr) == "(160 + 80 du contrat) × 4 = 960"


def test_a_worked_term_names_each_number_it_adds_and_leaves_out_the_zeros() -> None:
    """ffb § 10.1 (made, coinched): « 160 points + annonces + belote + contrat, le tout
    multiplié par 2 ». Worked by hand on a deal with a tierce (20) and the declarers'
    belote (20) at 100 coinched: (160 + 20 + 20 + 100) × 2 = 600; the defence's belote and
    announcements are 0 and are not said."""
    from coinche_dsl.engine.formula import new_context, slot
    from coinche_dsl.render.formula import labelled, reduce_labelled

    rs = load_variant("ffb")
    tr = translator("fr")
    values = new_context()
    values[slot("contract")] = 100
    values[slot("multiplier")] = 2
    values[slot("doubled")] = True
    values[slot("announcements", "both")] = 20
    values[slot("belote", "declarers")] = 20
    made = simplify(rs.scoring.made["declarers"])
    text = labelled(reduce_labelled(made, values), values, tr)
    assert text == "(160 + 20 d’annonces + 20 de belote + 100 du contrat) × 2"
    assert worked(made, values, tr).endswith(" = 600")


def test_a_test_on_a_sum_is_said_in_words_with_its_verdict() -> None:
    """fr-bga (« Si l'équipe … a réussi son pari » with the belote counted): 76 card points
    and a belote of 20 at 82: 96 ≥ 82, the contract is made; without the belote, 76 < 82,
    it fails — said in words, never as « 76 + 20 ≥ 82 : oui »."""
    from coinche_dsl.engine.formula import new_context, slot

    rs = load_variant("fr-bga")
    tr = translator("fr")
    values = new_context()
    values[slot("contract")] = 82
    values[slot("points", "declarers")] = 76
    values[slot("belote", "declarers")] = 20
    success = rs.scoring.success
    line = worked(success, values, tr, verdict="worked.made")
    assert line == ("76 points et 20 de belote, au moins les 82 demandés\u202f: le contrat est "
                    "rempli") or line == ("76 points et 20 de belote, au moins les 82 demandés : "
                                          "le contrat est rempli")
    values[slot("belote", "declarers")] = 0
    line = worked(success, values, tr, verdict="worked.made")
    assert "76 points, moins que les 82 demandés" in line and line.endswith("le contrat chute")
    assert "≥" not in line and "oui" not in line
