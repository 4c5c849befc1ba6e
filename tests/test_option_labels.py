"""Option value labels: `appliquee "appliquée" { … }` names a value as the club writes it. The
language reads them (with located errors), `extends` and the writer keep them, the sheet and
the card print them where they printed the value's name, escaped as every text of a file, and
the command line still takes the name. The ffb labels are the FFB 2015 text's words (§ 10.1.3:
"Dans le cas où elle n'est pas appliquée, le tournoi doit définir à l'avance si l'égalité de
score provoque la chute ou la réussite du contrat")."""

from __future__ import annotations

from pathlib import Path

import pytest
from syntax_support import located_problems
from typer.testing import CliRunner

from coinche_dsl.analysis import symbols
from coinche_dsl.cli import _register, app
from coinche_dsl.limits import MAX_TEXT
from coinche_dsl.loader import builtin_path, load_variant
from coinche_dsl.model.enums import Litige
from coinche_dsl.render import card, sheet
from coinche_dsl.syntax import parse_text
from coinche_dsl.syntax.formatter import format_text
from coinche_dsl.syntax.writer import dump_variant

runner = CliRunner()
_register()
NNBSP = "\u202f"
HOSTILE = Path(__file__).parent / "regressions" / "labelled-options.coinche"
TEXT = """\
variant "club" extends "ffb" {
  title "Club"
  description "Un club."
  sources "La réunion du bureau"

  option partie "Partie" default longue {
    courte "en 1 000 points" {
      game {
        target 1000
      }
    }
    longue {
      game {
        target 2000
      }
    }
  }
}
"""
COURTE_LABEL = (7, 12)
"""Line and column of `"en 1 000 points"` in TEXT."""


def _write(tmp_path: Path, text: str, name: str = "club") -> Path:
    path = tmp_path / f"{name}.coinche"
    path.write_text(text, encoding="utf-8")
    return path


# --- the language ---------------------------------------------------------------------------

def test_labels_are_read_with_their_place_and_an_unlabelled_file_is_unchanged() -> None:
    parsed = parse_text(TEXT)
    option = parsed.data["options"]["partie"]
    assert option["labels"] == {"courte": "en 1 000 points"}  # `longue` has none
    assert option["values"] == {"courte": {"game": {"target": 1000}},
                                "longue": {"game": {"target": 2000}}}
    at = parsed.positions[("options", "partie", "labels", "courte")]
    assert (at.line, at.column) == COURTE_LABEL
    unlabelled = parse_text(TEXT.replace(' "en 1 000 points"', ""))
    assert "labels" not in unlabelled.data["options"]["partie"]
    rs = load_variant("ffb-contree")  # inherits ffb's labels; its own file writes none
    assert [(v.name, v.label) for v in rs.options[1].values] == [
        ("appliquee", "appliquée"), ("chute", "chute"), ("reussite", "réussite")]
    assert [v.label for v in rs.options[0].values] == [None, None]


@pytest.mark.parametrize(("label", "message"), [
    ('""', "the label of value 'courte' is empty"),
    ('"   "', "the label of value 'courte' is empty"),
    ('"en\\n1000"', "the label of value 'courte' runs over several lines"),
    ('"' + "x" * (MAX_TEXT + 1) + '"',
     f"the label of value 'courte' is longer than {MAX_TEXT:,} characters"),
])
def test_a_bad_label_is_a_located_error(label: str, message: str) -> None:
    assert located_problems(TEXT.replace('"en 1 000 points"', label)) == [(*COURTE_LABEL, message)]


def test_a_value_written_twice_is_a_located_error() -> None:
    text = TEXT.replace('    longue {', '    courte "encore" {\n      game {\n        target 1500'
                        '\n      }\n    }\n    longue {')
    assert located_problems(text) == [(12, 5, "value 'courte' is written twice in this option")]


def test_a_club_keeps_the_bases_labels_and_labels_its_own_values(tmp_path: Path) -> None:
    path = _write(tmp_path, 'variant "club" extends "ffb" {\n  title "Club"\n'
                  "  option litige default chute\n}\n")
    rs = load_variant(path)
    litige = next(o for o in rs.options if o.name == "litige")
    assert (litige.default, litige.shown("chute"), litige.shown("appliquee")) == (
        "chute", "chute", "appliquée")
    assert rs.scoring.litige is Litige.FAILS
    _write(tmp_path, TEXT)  # club.coinche: `courte` labelled, `longue` not
    child = load_variant(_write(tmp_path, 'variant "child" extends "club.coinche" {\n'
                                '  option partie default courte {\n'
                                '    longue "en 2 000 points" {\n      game {\n'
                                '        target 2000\n      }\n    }\n  }\n}\n', "child"))
    partie = next(o for o in child.options if o.name == "partie")
    assert [(v.name, v.label) for v in partie.values] == [
        ("courte", "en 1 000 points"), ("longue", "en 2 000 points")]
    assert (partie.default, child.game.target) == ("courte", 1000)


def test_fmt_keeps_labels_and_show_resolved_writes_them_back(tmp_path: Path) -> None:
    assert format_text(TEXT) == TEXT
    messy = TEXT.replace('courte "en 1 000 points" {', 'courte   "en 1 000 points"{')
    assert format_text(messy) == TEXT
    shown = runner.invoke(app, ["show", "ffb", "--resolved", "--option", "litige=chute"])
    assert 'appliquee "appliquée" {' in shown.stdout and 'reussite "réussite" {' in shown.stdout
    again = load_variant(_write(tmp_path, shown.stdout.replace('variant "ffb"',
                                                               'variant "again"'), "again"))
    assert [v.label for v in again.options[1].values] == ["appliquée", "chute", "réussite"]
    data = load_variant("ffb").model_dump(mode="json")
    assert 'reussite "réussite" {' in dump_variant("copy", None, data)


def test_check_accepts_a_labelled_option(tmp_path: Path) -> None:
    out = runner.invoke(app, ["check", str(_write(tmp_path, TEXT))])
    assert out.exit_code == 0, out.output
    assert "ok" in out.stdout


# --- the sheet ------------------------------------------------------------------------------

def test_the_french_sheet_says_appliquee_with_its_accent() -> None:
    text = sheet(load_variant("ffb"), "fr", "md")
    assert f"(par défaut{NNBSP}: appliquée)." in text
    assert f"- «{NNBSP}appliquée{NNBSP}»{NNBSP}: " in text
    assert f"- «{NNBSP}réussite{NNBSP}»{NNBSP}: " in text
    # the names the command line takes are for the command line: never on paper
    assert "appliquee" not in text and "reussite" not in text and "--option" not in text
    chosen = runner.invoke(app, ["sheet", "ffb", "--format", "html", "--option",
                                 "litige=reussite"]).stdout
    assert f"Cette fiche est imprimée pour «{NNBSP}réussite{NNBSP}»." in chosen


def test_an_unlabelled_option_prints_its_names_as_before() -> None:
    text = sheet(load_variant("ffb"), "fr", "md")  # its own words: `oui` has no label
    assert f"- «{NNBSP}oui{NNBSP}»{NNBSP}: on prend à trèfle, carreau" in text
    assert "--option sans_atout_tout_atout=oui" not in text


# --- the card -------------------------------------------------------------------------------

def test_the_card_names_each_option_and_the_value_in_force() -> None:
    ffb = load_variant("ffb")
    fr = str(card(ffb, "fr", "md"))
    assert "## Options" in fr
    assert (f"- Règle du litige (81 partout){NNBSP}: appliquée (réglage par défaut, à confirmer "
            "avant la partie).") in fr
    # § 11: the basic game is without them, the default
    assert (f"- Sans-atout et tout-atout{NNBSP}: non (réglage par défaut, à confirmer avant la "
            "partie).") in fr
    chute = load_variant("ffb", {"litige": "chute"})
    assert f"- Règle du litige (81 partout){NNBSP}: chute (choisi pour cette partie)." in str(
        card(chute, "fr", "md"))
    en = str(card(chute, "en", "html"))
    # in English, the option and the value in the words the file gives that language
    assert ("<li>The litige rule (81 all): “a tie fails the contract” (chosen for this game).</li>"
            in en)
    assert "<li>No-trump and all-trump: “no” (default).</li>" in en
    it = str(card(load_variant("ffb", {"sans_atout_tout_atout": "oui"}), "it", "md"))
    assert "- Senza atout e tutto atout: sì (scelta del tavolo)." in it
    assert "- Regola del litige (81 pari): applicata (la regola di norma)." in it


def test_a_card_without_options_has_no_options_box() -> None:
    text = str(card(load_variant("es-club"), "es", "md"))  # es-club decides ffb's options
    assert "Opciones" not in text


# --- text of the file, escaped --------------------------------------------------------------

def test_a_hostile_label_is_text_in_markdown_and_html() -> None:
    rs, courte = load_variant(HOSTILE), load_variant(HOSTILE, {"partie": "courte"})
    assert "\\x1b[2J \\u202eeugnol” (default)" in str(card(rs, "en", "md"))
    for md in (sheet(rs, "en", "md"), str(card(courte, "en", "md"))):
        assert "<script>" not in md and "\x1b" not in md and "\u202e" not in md
        assert "&lt;script>alert(1)&lt;/script>" in md
        # a link stays text (`\(` reads as a parenthesis), emphasis stays as written
        assert "](javascript" not in md and "*en* [1000]\\(javascript:alert(1))" in md
    for html in (sheet(rs, "en", "html"), str(card(courte, "en", "html"))):
        assert "<script>" not in html and "<b>" not in html and "\x1b" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "Partie &lt;b&gt;courte&lt;/b&gt; ou longue" in html
    assert "“&lt;script&gt;alert(1)&lt;/script&gt; *en* [1000](javascript:alert(1)) | " \
        "_court_”: The game is played to 1,000 points." in \
        sheet(rs, "en", "html")


# --- editors and the studio -----------------------------------------------------------------

def test_the_outline_lists_options_and_their_labelled_values() -> None:
    top = symbols(builtin_path("ffb").read_text(encoding="utf-8"))[0]
    litige = next(s for s in top.children if s.kind == "option" and s.name == "litige")
    assert litige.detail == "Règle du litige (81 partout)"
    assert [(v.name, v.kind, v.detail) for v in litige.children] == [
        ("appliquee", "value", "appliquée"), ("chute", "value", "chute"),
        ("reussite", "value", "réussite")]
    assert [s.name for s in litige.children[0].children] == ["scoring"]


def test_the_studio_shows_labels_and_sends_names(tmp_path: Path) -> None:
    pytest.importorskip("starlette", reason="the studio extra is not installed")
    from coinche_dsl.studio import api
    from coinche_dsl.studio.service import Workspace

    _write(tmp_path, TEXT)
    found = api.check(Workspace.open(tmp_path, "club.coinche"), {"text": TEXT})
    partie = next(o for o in found["options"] if o["name"] == "partie")
    assert partie["values"] == ["courte", "longue"]
    assert partie["labels"] == ["en 1 000 points", "longue"]


def test_the_pdf_card_is_one_page_that_says_the_chosen_value() -> None:
    pytest.importorskip("weasyprint", reason="WeasyPrint not installed; PDF checks skipped")
    pypdf = pytest.importorskip("pypdf", reason="pypdf not installed; PDF checks skipped")
    import io

    rs = load_variant("ffb-contree", {"litige": "reussite"})
    reader = pypdf.PdfReader(io.BytesIO(card(rs, "fr", "pdf")))
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    assert "réussite (choisi pour cette partie)" in text and "appliquée (réglage" not in text
