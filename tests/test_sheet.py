"""Rule sheets: complete, translated, and their worked examples scored by the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coinche_dsl import load_variant
from coinche_dsl.cli import _register, app
from coinche_dsl.engine.scoring import score_deal
from coinche_dsl.loader import BUILTINS
from coinche_dsl.model.enums import Denomination
from coinche_dsl.render import sheet
from coinche_dsl.render.examples import disputed_cases
from coinche_dsl.render.fingerprint import fingerprint
from coinche_dsl.render.i18n import LANGUAGES, NNBSP, catalog

runner = CliRunner()
_register()


@pytest.fixture(scope="module")
def ffb():
    return load_variant("ffb")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", BUILTINS)
def test_every_builtin_renders_in_every_language(name: str, lang: str) -> None:
    text = sheet(load_variant(name), lang, "md")
    assert "⟦" not in text, "a message is missing"
    assert not re.search(r"\b(r|gl|ex|gen|qty|h|cards|ann)\.[a-z_]+\b", text), "a raw key leaked"
    for phase in ("table", "auction", "cards", "play", "scoring", "game", "glossary"):
        assert catalog(lang)[f"h.{phase}"] in text
    assert fingerprint(load_variant(name)) in text


def test_english_sheet_of_ffb(ffb) -> None:
    text = sheet(ffb, "en", "md")
    assert "- Numeric bids go from 80 to 500 in steps of 10: 80, 90, 100 and so on." in text
    assert "- The game is played to 2,000 points." in text
    # card tables and carrés of the basic game: trump and plain suits (§ 6, § 8)
    assert "| 1 | J | 20 | A | 11 |\n" in text and "| four jacks | 200 |\n" in text
    # with the organiser's no-trump and all-trump (§ 11), a table per mode and the no-trump
    # carrés (§ 11.2: "4 Valet 100")
    added = sheet(load_variant("ffb", {"sans_atout_tout_atout": "oui"}), "en", "md")
    assert "| 1 | J | 20 | A | 11 | A | 19 | J | 13 |" in added
    assert "| four jacks | 200 | 100 |" in added
    # FFB 2015 § 10.1.1, coinched: "(160 points (ou 250 points si capot réalisé ...) + Leurs
    # annonces + Leur belote + Les annonces des défenseurs ... + Le montant du contrat) × 2"
    assert ("If the contract is coinched or surcoinched, the declarers score 160 (250 if they "
            "take all eight tricks) plus the announcements that count (whichever side made "
            "them), their belote and the "
            "amount bid, the whole doubled (quadrupled if surcoinched).") in text
    # § 10.1.2: "160 points de chute + Leurs annonces + ... + Le montant du contrat demandé"
    assert ("The defenders score 160 plus the announcements that count (whichever side made "
            "them), their belote and the "
            "amount bid, the whole doubled if the contract is coinched, quadrupled if "
            "surcoinched.") in text
    # FFB 2015, § 4.1 "Il est impossible de surenchérir sur soi-même": never the opposite.
    assert "- A player may raise their own bid.\n" not in text
    assert "raise their own bid only if another player has bid in the meantime" in text
    # a worked line: numbers in the formula, the engine's rounded score beside it
    assert "North–South 102 points + 80 for the contract = 182, written 180" in text
    assert "**Belote and rebelote** —" in text
    # `total(...)` in the formulas: the glossary says what a total adds up.
    assert "**Total** — A side’s card points, its dix de der, its announcements" in text
    assert "**Total** —" not in sheet(load_variant("fr-bga"), "en", "md")
    assert "**Générale**" not in text  # not a word of these rules: ffb has no générale


def test_default_language_is_the_variants_own(ffb) -> None:
    text = sheet(ffb, None, "md")
    assert "## 2. Enchères" in text
    assert f"Version des règles{NNBSP}:" in text  # French spacing before the colon
    assert "- La partie se joue en 2\u202f000 points." in text


@pytest.mark.parametrize("name", BUILTINS)
def test_generated_examples_show_the_engines_scores(name: str) -> None:
    rs = load_variant(name)
    text = sheet(rs, "en", "md")
    for _key, _params, summary in disputed_cases(rs):
        result = score_deal(rs, summary)
        for team, label in (("NS", "North–South"), ("EW", "East–West")):
            points = f"{result.scores[team]:,}"
            assert f"| {label} | {points} | Total |" in text


def test_own_examples_are_printed_with_the_engines_verdict(ffb) -> None:
    text = sheet(ffb, "en", "md")
    block = text.split("### 90 in hearts made", 1)[1].split("###", 1)[0]
    assert "90 hearts by North" in block
    assert "**Contract made.**" in block
    assert "| North–South | 200 | Total |" in block and "| East–West | 50 | Total |" in block


def test_disputed_cases_follow_the_rules() -> None:
    rs = load_variant("fr-bga")
    cases = {key: summary for key, _, summary in disputed_cases(rs)}
    assert cases["failed"].bid == rs.auction.minimum_bid
    assert cases["coinched"].double == "coinche"
    assert score_deal(rs, cases["failed"]).made is False


def test_disputed_cases_are_all_scored_without_trump_suits(ffb) -> None:
    # Only no-trump bids, where ffb has no belote: no belote case the engine would refuse.
    auction = ffb.auction.model_copy(update={"denominations": [Denomination.NO_TRUMP]})
    rs = ffb.model_copy(update={"auction": auction})
    keys = [key for key, _, _ in disputed_cases(rs)]
    assert "failed_belote" not in keys and "coinched" in keys
    assert "cannot score" not in sheet(rs, "en", "md").split("A contract at the lowest bid")[1]


def test_html_is_escaped_and_standalone(ffb, tmp_path: Path) -> None:
    litige = ffb.options[1]
    hostile = [v.model_copy(update={"label": "<script>alert(2)</script> *x*"}) if v.name ==
               "chute" else v for v in litige.values]
    evil = ffb.model_copy(update={"title": "<script>alert(1)</script>", "terms": {},
                                  "sources": ["https://example.org/?a=1&b=2"],
                                  "options": [ffb.options[0], litige.model_copy(
                                      update={"values": hostile})]})
    html = sheet(evil, "en", "html")
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    assert "“&lt;script&gt;alert(2)&lt;/script&gt; *x*”: " in html
    assert '<meta name="viewport"' in html
    assert not re.search(r"""(src|href)=["']?https?:""", html)
    assert "@media print" in html and "size: A4" in html
    assert '<span class="red">♥</span>' in html
    # each rule says, on hover, where it is written
    assert re.search(r'<li title="ffb\.coinche:\d+">Numeric bids go from 80 to 500', html)


def test_cli_writes_atomically(tmp_path: Path) -> None:
    out = tmp_path / "ffb.html"
    result = runner.invoke(app, ["sheet", "ffb", "--lang", "en", "--format", "html", "-o",
                                 str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ffb.html"]  # no temp file left


def test_cli_markdown_to_stdout_and_errors(tmp_path: Path) -> None:
    result = runner.invoke(app, ["sheet", "ffb", "--lang", "es"])
    assert result.exit_code == 0 and "## 2. Subasta" in result.output
    assert runner.invoke(app, ["sheet", "ffb", "--format", "pdf"]).exit_code == 2
    bad = runner.invoke(app, ["sheet", "ffb", "-o", str(tmp_path / "no" / "such" / "x.md")])
    assert bad.exit_code == 1 and "cannot write" in bad.output
    assert "Traceback" not in bad.output
    assert runner.invoke(app, ["sheet", "nosuch"]).exit_code == 2


def test_cli_format_follows_the_output_suffix(tmp_path: Path) -> None:
    out = tmp_path / "ffb.htm"
    assert runner.invoke(app, ["sheet", "ffb", "-o", str(out)]).exit_code == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    md = tmp_path / "ffb.txt"
    assert runner.invoke(app, ["sheet", "ffb", "-o", str(md)]).exit_code == 0
    assert md.read_text(encoding="utf-8").startswith("# ")


def test_sheet_of_a_club_file(tmp_path: Path) -> None:
    path = tmp_path / "club.coinche"
    path.write_text('variant "club" extends "ffb" {\n  language en\n  game { target 1000 }\n}\n',
                    encoding="utf-8")
    result = runner.invoke(app, ["sheet", str(path)])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "- The game is played to 1,000 points." in text
    assert "“Belote coinchée — rules of the French" in text  # the base it changes is named
    # a file name is for the editor (and the warnings), not the paper
    assert "club.coinche" not in result.stdout
    assert "A contract at the lowest bid, 6 points short" in text


def test_an_example_the_engine_rejects_is_reported_not_fatal(ffb) -> None:
    # built in Python, skipping the loader's checks: ffb's 80 examples under an 81 minimum
    odd = ffb.model_copy(update={"auction": ffb.auction.model_copy(update={"minimum_bid": 81})})
    text = sheet(odd, "en", "md")
    assert "The engine cannot score this example under these rules: bid: bid 80" in text
    assert "A contract at the lowest bid, 6 points short" in text
