"""The Spanish sheets read as a Spanish club's rulebook: no rule said twice in a section, the
club's own decisions listed in « Nuestras reglas », none of the calques a first reading found.

Read over every built-in's sheet and card in Spanish (es-club is the Spanish club's own)."""

from __future__ import annotations

import re

import pytest

from coinche_dsl import load_variant
from coinche_dsl.loader import builtin_dir
from coinche_dsl.render import card, sheet

VARIANTS = sorted(p.stem for p in builtin_dir().glob("*.coinche"))

CALQUES = {
    "«doblo» for the double (Spanish says «doble»)": r"\b(re)?doblo\b",
    "an arrow in a sentence (« 85 pasa a 90 »)": r"\d → \d",
    "«tal cual» for scores written whole": r"\btal cual\b",
    "«dejen recogerla»": r"dejen recoger",
    "«; además:»": r"además:",
    "«para ganar» twice in one sentence": r"ganar\b[^.]*\bpara ganar\.",
    "«hay litige» (a Spanish table says the hand «queda en litigio»)": r"\bhay litige\b",
    "«permitan» twice in one sentence": r"\bpermitan\b[^.]*\bpermitan\b",
    "«Casos discutidos» for the cases a table argues about": r"\bcasos discutidos\b",
    "«seguidas de un palo» (Spanish says «del mismo palo»)": r"seguidas de un palo",
}


def _sections(text: str) -> dict[str, str]:
    return {m.group(1): m.group(2) for m in re.finditer(
        r"^## (?:\d+\. )?(.+?)\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)}


@pytest.mark.parametrize("name", VARIANTS)
def test_no_calques(name: str) -> None:
    rs = load_variant(name)
    for kind, text in (("sheet", str(sheet(rs, "es", "md"))), ("card", str(card(rs, "es", "md")))):
        found = [what for what, pattern in CALQUES.items() if re.search(pattern, text, re.I)]
        assert not found, f"{name} {kind}: {found}"


@pytest.mark.parametrize("name", VARIANTS)
def test_no_rule_said_twice_in_a_section(name: str) -> None:
    text = str(sheet(load_variant(name), "es", "md"))
    for title, body in _sections(text).items():
        if title == "Ejemplos resueltos":  # each example lists its own deal
            continue
        said = [line[2:] for line in body.splitlines() if line.startswith("- ")]
        twice = sorted({s for s in said if said.count(s) > 1})
        assert not twice, f"{name}, «{title}»: {twice}"


@pytest.mark.parametrize("name", VARIANTS)
def test_the_comparison_says_the_trump_run_once(name: str) -> None:
    """The comparison of announcements ends with the sequence in trumps: no sentence after it
    says it again."""
    text = str(sheet(load_variant(name), "es", "md"))
    if "por último, la de triunfo" in text:
        assert "Entre secuencias por lo demás iguales" not in text, name


def test_es_club_lists_its_suits_only_among_its_rules() -> None:
    """The federation leaves no-trump and all-trump to the table; the club's text bids suits
    only (« se pasa o se anuncia un palo »): a decision of the club, said in § 1."""
    ours = _sections(str(sheet(load_variant("es-club"), "es", "md")))["Nuestras reglas"]
    assert "a elegir entre tréboles, diamantes, corazones y picas" in ours
    assert "la defensa anota" not in ours  # « su total », as the federation says


def test_a_sheet_without_a_base_says_nothing_of_our_rules() -> None:
    text = str(sheet(load_variant("ffb"), "es", "md"))
    assert "nuestras reglas" not in text.lower()


def test_second_verb_of_one_subject_is_not_repeated() -> None:
    # « alcanza el contrato y alcanza el de la defensa »: the tie-as-made option of ffb
    text = str(sheet(load_variant("ffb"), "es", "md"))
    assert "y alcanza el de la defensa" not in text
    assert "alcanza el contrato y es igual o mayor que el de la defensa" in text
