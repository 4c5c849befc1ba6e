"""What a French club player found wrong in the French sheets and cards, kept fixed: a rule
said twice, « Nos règles » listing more than the file decides or in labels rather than
sentences, an option's value repeating what every value says, the card's bid ladder.

Each test names the defect class and reads the printed Markdown, as a player would."""

from __future__ import annotations

import re

import pytest

from coinche_dsl import load_variant
from coinche_dsl.render import card, sheet

FRENCH = ("ffb", "ffb-contree", "fr-bga", "fr-brut")


def _md(name: str, kind: str = "sheet") -> str:
    rs = load_variant(name)
    text = str(sheet(rs, "fr", "md") if kind == "sheet" else card(rs, "fr", "md"))
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def _section(text: str, title: str) -> str:
    m = re.search(rf"\n## (?:\d+\. )?{re.escape(title)}\n(.*?)(?=\n## |\n---\n|\Z)", text,
                  re.DOTALL)
    return m.group(1) if m else ""


def _bullets(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("name", FRENCH)
def test_no_rule_said_twice_in_a_section(name: str) -> None:
    text = _md(name)
    for part in re.split(r"\n## ", text)[1:]:
        title, _, body = part.partition("\n")
        if "Exemples" in title:  # each example lists its own deal
            continue
        said = _bullets(body)
        assert len(said) == len(set(said)), f"{name}, {title}: a rule said twice"


@pytest.mark.parametrize("name", FRENCH)
def test_the_belote_words_are_said_once(name: str) -> None:
    belote = _section(_md(name), "Belote")
    assert sum("« rebelote »" in b for b in _bullets(belote)) <= 2, belote
    assert not any("« belote » avec le premier" in b for b in _bullets(belote))
    said = [b for b in _bullets(belote) if "« belote »" in b]
    assert len(said) <= 1, said


@pytest.mark.parametrize("name", ("ffb-contree", "fr-bga", "fr-brut"))
def test_nos_regles_in_sentences(name: str) -> None:
    ours = _bullets(_section(_md(name), "Nos règles"))
    assert ours
    assert not [b for b in ours if re.match(r"(Contrat (rempli|chuté)|Renonce [^:]*) :", b)]


def test_nos_regles_lists_only_the_files_decisions() -> None:
    # the contrée's file decides « sans annonces »; its scoring reads otherwise only because
    # of it, and is the federation's rule
    assert _bullets(_section(_md("ffb-contree"), "Nos règles")) == [
        "On n’annonce ni carrés ni suites."]


def test_an_option_value_says_what_it_changes() -> None:
    options = _bullets(_section(_md("ffb"), "À définir avant la partie"))
    chute = next(b for b in options if b.startswith("« chute »"))
    assert "capot demandé" not in chute and "81 partout" in chute


def test_the_comparison_of_announcements_is_not_repeated() -> None:
    ann = _section(_md("ffb"), "Annonces")
    assert "au-delà de 5 cartes, une suite compte pour 5" in ann
    assert "Une suite plus longue compte" not in ann
    assert "celle à l’atout l’emporte" not in ann


def test_a_two_part_test_names_the_side_once() -> None:
    marque = _section(_md("fr-brut"), "Marque")
    assert ("si les points des preneurs atteignent 82 et leurs points, leurs annonces et leur "
            "belote atteignent le contrat") in marque


@pytest.mark.parametrize("name", FRENCH)
def test_the_card_ladder_reads_as_a_sentence(name: str) -> None:
    ladder = next(b for b in _bullets(_md(name, "card")) if b.startswith("Enchères :"))
    assert "(paliers de" not in ladder and ", capot (" not in ladder, ladder


def test_the_glossary_defines_litige_where_the_sheet_holds_one() -> None:
    assert "**Litige**" in _section(_md("ffb"), "Glossaire")
    assert "**Litige**" not in _section(_md("fr-bga"), "Glossaire")  # « elle fait zéro »


def test_the_card_says_a_coinche_at_any_time() -> None:
    # fr-bga: « Lors de la phase d'enchères, à tout moment, un joueur peut Coincher »
    assert "à tout moment" in _section(_md("fr-bga", "card"), "Enchères")
    assert "à tout moment" not in _section(_md("ffb", "card"), "Enchères")
