"""Options: choices a variant leaves to the table, through the language, `extends`, every
command and the sheet. Scores are computed by hand from the FFB 2015 text (§ 10.1.2: a fall
gives the defence 160 + the contract; § 10.1.3: a litige lets the defence score its total
now) and from the coinchons.fr page (examples/rulebooks/coinchons.coinche)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coinche_dsl.cards import card_name
from coinche_dsl.cli import _register, app
from coinche_dsl.engine.scoring import score_deal
from coinche_dsl.errors import VariantError
from coinche_dsl.loader import load_variant
from coinche_dsl.model.enums import Denomination, Litige
from coinche_dsl.options import UnknownOptionError
from coinche_dsl.render import sheet
from coinche_dsl.syntax import parse_text
from coinche_dsl.syntax.formatter import format_text

runner = CliRunner()
_register()
ROOT = Path(__file__).resolve().parents[1]
COINCHONS = ROOT / "examples" / "rulebooks" / "coinchons.coinche"
LITIGE = {"declarer": "N", "bid": 80, "trump": "hearts", "card_points": {"NS": 71, "EW": 81},
          "last_trick": "N"}
"""71 + 10 = 81 against 81: a litige when the rule applies, a fall when it does not."""
SUITS = [Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS, Denomination.SPADES]
TEXT = """\
variant "club" extends "ffb" {
  title "Club"
  description "Un club."
  sources "La réunion du bureau"

  # Choice: the target is agreed at the table
  option partie "Partie en 1000 ou en 2000" default longue {
    courte {
      game {
        target 1000  # the short game
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
SHORT_LINE = TEXT.splitlines().index("        target 1000  # the short game") + 1


def cli(*args: str, stdin: str | None = None) -> object:
    return runner.invoke(app, list(args), input=stdin)


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.coinche"
    path.write_text(text, encoding="utf-8")
    return path


# --- the language ---------------------------------------------------------------------------

def test_an_option_parses_to_its_values_and_formats_to_itself() -> None:
    parsed = parse_text(TEXT)
    assert parsed.data["options"]["partie"] == {
        "title": "Partie en 1000 ou en 2000", "default": "longue",
        "values": {"courte": {"game": {"target": 1000}}, "longue": {"game": {"target": 2000}}}}
    assert format_text(TEXT) == TEXT  # comments kept, canonical already
    assert format_text("variant \"x\" extends \"ffb\" { option litige fixed chute }\n") \
        == 'variant "x" extends "ffb" {\n  option litige fixed chute\n}\n'


def test_the_default_applies_and_a_choice_changes_the_rules(tmp_path: Path) -> None:
    path = _write(tmp_path, "club", TEXT)
    assert load_variant(path).game.target == 2000
    short = load_variant(path, {"partie": "courte"})
    assert short.game.target == 1000
    [option] = [o for o in short.options if o.name == "partie"]
    assert (option.default, option.chosen, [v.name for v in option.values]) == (
        "longue", "courte", ["courte", "longue"])
    assert short.where("game", "target") == f"club.coinche:{SHORT_LINE}"  # the value's line


def test_unknown_choices_are_one_clear_error(tmp_path: Path) -> None:
    path = _write(tmp_path, "club", TEXT)
    with pytest.raises(UnknownOptionError, match="did you mean 'partie'"):
        load_variant(path, {"parti": "courte"})
    with pytest.raises(UnknownOptionError, match="no value 'moyenne'.*courte, longue"):
        load_variant(path, {"partie": "moyenne"})


# --- ffb's organiser options, the texts' basic game by default -----------------------------

def test_ffb_keeps_its_rules_by_default_and_the_organiser_switches_them() -> None:
    # § 10.1.3: the litige applied unless the tournament says otherwise; § 11: "L'organisateur
    # d'un tournoi peut décider de le jouer avec la variante du Sans Atout / Tout Atout", so
    # the four suits unless the organiser adds the two
    ffb = load_variant("ffb")
    assert ffb.scoring.litige is Litige.HELD and ffb.auction.denominations == SUITS
    off = load_variant("ffb", {"litige": "chute"})
    assert off.scoring.litige is Litige.FAILS
    added = load_variant("ffb", {"sans_atout_tout_atout": "oui"})
    assert added.auction.denominations == [*SUITS, Denomination.NO_TRUMP, Denomination.ALL_TRUMP]
    # each worked example is kept where its option values are chosen
    names = {e.name for e in off.examples}
    assert "81-81 sans la règle du litige : chuté" in names and "litige 81-81" not in names
    # § 10.1.3 held: EW 81 rounded 80; switched off, § 10.1.2: EW 160 + 80 = 240
    assert score_deal(ffb, LITIGE).scores == {"NS": 0, "EW": 80}
    assert score_deal(off, LITIGE).scores == {"NS": 0, "EW": 240}


# --- inheritance ----------------------------------------------------------------------------

def test_a_club_changes_the_default_fixes_or_decides_an_option(tmp_path: Path) -> None:
    head = 'variant "c" extends "ffb" {\n  title "c"\n  description "c"\n  sources "c"\n'
    default = _write(tmp_path, "d", head + "  option litige default chute\n}\n")
    rs = load_variant(default)
    assert rs.scoring.litige is Litige.FAILS and "litige" in [o.name for o in rs.options]
    assert load_variant(default, {"litige": "appliquee"}).scoring.litige is Litige.HELD
    fixed = _write(tmp_path, "f", head + "  option litige fixed chute\n}\n")
    rs = load_variant(fixed)
    assert rs.scoring.litige is Litige.FAILS and "litige" not in [o.name for o in rs.options]
    with pytest.raises(UnknownOptionError, match="settled by the variant"):
        load_variant(fixed, {"litige": "appliquee"})
    # writing the option's setting decides it; the examples written for that value still run
    decided = _write(tmp_path, "s", head + "  scoring { litige fails }\n}\n")
    rs = load_variant(decided)
    assert "litige" not in [o.name for o in rs.options]
    names = {e.name for e in rs.examples}
    assert "81-81 sans la règle du litige : chuté" in names and "litige 81-81" not in names
    # es-club writes both settings itself: no option is left open
    assert load_variant("es-club").options == []


def test_the_tournament_rulebook_changes_a_default_and_adds_an_option() -> None:
    rs = load_variant(COINCHONS)
    opened = {o.name: o.default for o in rs.options}
    assert opened == {"sans_atout_tout_atout": "non", "belote_pour_le_contrat": "oui"}
    assert rs.auction.denominations == SUITS
    # 62 + 10 + 20 (belote) = 92 >= 90 and > 90: NS 72 + 20 + 90 = 182 -> 180, EW 90;
    # without the belote 72 < 90 fails: NS keep the belote, 20; EW 160 + 90 = 250
    deal = {"declarer": "S", "bid": 90, "trump": "spades", "card_points": {"NS": 62, "EW": 90},
            "last_trick": "S", "belote": ["S"]}
    assert score_deal(rs, deal).scores == {"NS": 180, "EW": 90}
    no = load_variant(COINCHONS, {"belote_pour_le_contrat": "non"})
    assert score_deal(no, deal).scores == {"NS": 20, "EW": 250}


# --- every command --------------------------------------------------------------------------

def test_score_takes_option(tmp_path: Path) -> None:
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps(LITIGE), encoding="utf-8")
    held = json.loads(cli("score", "ffb", str(deal)).stdout)
    off = cli("score", "ffb", str(deal), "--option", "litige=chute")
    assert held["scores"] == {"NS": 0, "EW": 80} and "held" in held
    assert json.loads(off.stdout)["scores"] == {"NS": 0, "EW": 240}
    bad = cli("score", "ffb", str(deal), "--option", "litig=non")
    assert bad.exit_code == 2 and "did you mean 'litige'" in bad.output
    assert cli("score", "ffb", str(deal), "--option", "litige").exit_code == 2


def test_replay_takes_option() -> None:
    record = json.loads((ROOT / "examples" / "record.json").read_text(encoding="utf-8"))
    record["auction"] = ["S 90 no_trump", "W pass", "N pass", "E pass"]
    text = json.dumps(record)
    refused = cli("replay", "ffb", "-", stdin=text)  # the basic game: four suits (§ 11)
    error = json.loads(refused.stdout)["error"]
    assert refused.exit_code == 1 and error["index"] == 0 and "no-trump" in error["message"]
    added = cli("replay", "ffb", "-", "--option", "sans_atout_tout_atout=oui", stdin=text)
    assert '"index": 0' not in added.stdout  # the call is legal when the option allows it


def test_check_runs_the_examples_under_every_combination(tmp_path: Path) -> None:
    checked = cli("check", str(COINCHONS))
    assert checked.exit_code == 0
    assert "examples run under all 4 combinations of its options" in checked.stdout
    # an example that holds only with the litige rule, written without `options`
    club = TEXT.replace("\n}\n", '\n  example "81-81" {\n    declarer N  bid 80  trump hearts\n'
                        "    card_points NS 71, EW 81  last_trick N\n"
                        "    expect NS 0, EW 80\n  }\n}\n")
    found = cli("check", str(_write(tmp_path, "club", club)))
    assert found.exit_code == 1
    assert re.search(r"with option .*litige = chute.*'81-81' expects NS 0, EW 80",
                     found.output)


def test_check_says_when_combinations_are_too_many(tmp_path: Path) -> None:
    # six options of two values each, with ffb's two (2 and 3 values): 2 ** 7 * 3 = 384
    # combinations; each value against the defaults is 1 + 6 + 1 + 2 runs
    rules = [("game", "target 1000", "target 1500"), ("table", "cut_minimum 2", "cut_minimum 4"),
             ("auction", "step 10", "step 5"),
             ("table", "shuffle_every_deal yes", "shuffle_every_deal no"),
             ("game", "reach reach", "reach exceed"), ("auction", "jumps yes", "jumps no")]
    options = "".join(f"  option o{i} default a {{\n    a {{\n      {block} {{ {a} }}\n    }}\n"
                      f"    b {{\n      {block} {{ {b} }}\n    }}\n  }}\n"
                      for i, (block, a, b) in enumerate(rules))
    text = TEXT.split("  # Choice")[0] + options + "}\n"
    out = cli("check", str(_write(tmp_path, "many", text))).stdout
    assert "each option's values with the others at their defaults (10 runs: all combinations " \
        "would be more than 16)" in out


def test_check_at_the_option_limits_validates_each_run_once(tmp_path: Path) -> None:
    """Issue #32: twelve options of eight values (ten and ffb's two) and 100 examples took 40 s
    and 2.7 GB, each run validating its neighbours again (some 2,000 combinations kept with
    their sources). Each run is validated once: the defaults, then each value against them, 10 x 7
    of the file's own options and 1 + 2 of ffb's (of two and three values): 74 combinations."""
    from option_support import many_options

    from coinche_dsl.analysis import check_resolved
    from coinche_dsl.limits import MAX_OPTION_VALUES, MAX_OPTIONS
    from coinche_dsl.loader import resolve, validate

    path = _write(tmp_path, "many-options", many_options(examples=3))
    resolved = resolve(path)
    seen: dict[object, object] = {}
    found, examples = check_resolved(resolved, seen)
    assert not [d for severity, d in found if severity == "error"] and examples == 3
    validate(resolved, None, seen)  # what `check` asks next: the defaults and their neighbours
    assert len(seen) == 1 + 10 * 7 + 1 + 2 <= 1 + MAX_OPTIONS * (MAX_OPTION_VALUES - 1)


def test_sheet_prints_the_options_in_five_languages() -> None:
    heads = {"en": "To be agreed before the game", "fr": "À définir avant la partie",
             "es": "Lo que se acuerda antes de la partida",
             "it": "Da concordare prima della partita",
             "pt": "A combinar antes da partida"}
    titles = {"en": "No-trump and all-trump", "fr": "Sans-atout et tout-atout",
              "es": "Sin triunfo y todo triunfo", "it": "Senza atout e tutto atout",
              "pt": "Sem trunfo e todo trunfo"}
    ffb = load_variant("ffb")
    for lang, head in heads.items():
        text = sheet(ffb, lang, "md")
        assert re.search(rf"## \d+\. {head}", text), lang
        # the option by its title in the sheet's language, and no command line on paper
        assert titles[lang] in text and "--option" not in text
    en = sheet(ffb, "en", "md")
    assert "- “no”: A bid names its trump: clubs, diamonds, hearts and spades." in en
    assert "— default: “applied”." in en  # the value's label (ffb: `terms { en { … } }`)
    assert "(To be agreed before the game: see “The litige rule (81 all)”.)" in en
    chosen = cli("sheet", "ffb", "--lang", "en", "--option", "litige=chute").stdout
    assert "This sheet is printed for “a tie fails the contract”." in chosen
    assert "- On an exact tie (81 all), a contract of 80 fails." in chosen  # § 10.1.3
    assert "## 2. Auction" in chosen  # the options come after the rules they refer to


def test_compare_sets_the_values_of_one_option_side_by_side() -> None:
    out = cli("compare", "ffb", "--option-values", "litige", "--format", "json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert [v["name"] for v in data["variants"]] == [
        "ffb", "ffb (litige=chute)", "ffb (litige=reussite)"]
    md = cli("compare", "ffb", "ffb", "--option", "litige=chute", "--lang", "en").stdout
    assert "ffb (litige=chute)" in md
    row = next(line for line in cli("compare", "ffb", "--option-values", "litige",
                                    "--lang", "en").stdout.splitlines() if "81–81" in line)
    # § 10.1.3 held: EW 80; a fall (§ 10.1.2): EW 160 + 80; a success: NS 81 + 80 -> 160
    assert "EW 80" in row and "EW 240" in row and "NS 160" in row
    nothing = cli("compare", "es-club", "--option-values", "litige")
    assert nothing.exit_code == 2 and "has an option 'litige'" in nothing.output


def test_simulate_and_play_take_option() -> None:
    def denominations(*extra: str) -> list[str]:
        out = cli("simulate", "ffb", "--deals", "40", "--jobs", "1", "--format", "json", *extra)
        variant = json.loads(out.stdout)["variants"][0]
        return list(variant["deals"]["success_by_denomination"])
    assert {"no-trump", "all-trump"} & set(denominations("--option", "sans_atout_tout_atout=oui"))
    assert denominations() == ["clubs", "diamonds", "hearts", "spades"]
    script = "90 no_trump\n" + "\n".join(["pass"] + [card_name(c) for c in range(32)]) * 15
    played = runner.invoke(app, ["play", "ffb", "--seed", "4", "--lang", "en", "--option",
                                 "sans_atout_tout_atout=non"], input=script,
                           env={"COLUMNS": "200"})
    out = " ".join(played.output.split())
    assert played.exit_code == 0 and "Not allowed: S 90 no-trump: no-trump may not be bid" in out


def test_show_resolved_writes_the_options_back(tmp_path: Path) -> None:
    shown = cli("show", "ffb", "--resolved", "--option", "litige=chute").stdout
    assert 'option litige "Règle du litige (81 partout)" default chute {' in shown
    path = _write(tmp_path, "again", shown)
    again = load_variant(path)
    assert again.scoring.litige is Litige.FAILS
    assert load_variant(path, {"litige": "appliquee"}).scoring.litige is Litige.HELD


def test_an_invalid_value_is_reported_with_the_value(tmp_path: Path) -> None:
    bad = TEXT.replace("target 1000  # the short game", "target 0")
    with pytest.raises(VariantError) as caught:
        load_variant(_write(tmp_path, "bad", bad))
    [d] = caught.value.diagnostics
    assert d.message.startswith("with option partie = courte:")
    assert d.position is not None and d.position.line == SHORT_LINE


@pytest.mark.parametrize("name", ["ffb", "ffb-contree", str(COINCHONS)])
def test_the_option_a_rule_names_is_the_one_that_sets_it(name: str) -> None:
    from coinche_dsl.model.choices import option_of, option_paths
    from coinche_dsl.model.relevance import leaf_paths

    rs = load_variant(name)
    assert rs.options
    marked = 0
    for path in [*leaf_paths(), ("scoring", "made"), ("auction",), ("no", "such")]:
        setting = [o for o in rs.options if path in option_paths(o)]
        assert len(setting) <= 1  # one option per rule
        assert option_of(rs, path) == (setting[0] if setting else None), path
        marked += bool(setting)
    assert marked >= len(rs.options)  # every option sets at least one rule


@pytest.mark.parametrize("mode", ["fixed", "default"])
@pytest.mark.parametrize("option, value, block, setting", [
    ("litige", "chute", "scoring", "litige held"),
    ("litige", "appliquee", "scoring", "litige fails"),
    ("sans_atout_tout_atout", "non", "auction", "denominations clubs, hearts"),
])
def test_an_inherited_option_named_and_its_setting_written_in_one_file_is_refused(
        tmp_path: Path, mode: str, option: str, value: str, block: str, setting: str) -> None:
    """Issue #32: `option litige fixed chute` with `scoring { litige held }` was accepted, the
    file's own setting silently dropped (the rules said `fails`). Fixed or given a default,
    an option the file names and a setting of it the file writes are an error at the setting,
    whichever value each says."""
    text = TEXT.split("  # Choice")[0] + (f"  option {option} {mode} {value}\n"
                                          f"  {block} {{\n    {setting}\n  }}\n}}\n")
    path = _write(tmp_path, "club", text)
    with pytest.raises(VariantError) as e:
        load_variant(path)
    line = text.splitlines().index(f"    {setting}") + 1
    assert [(d.position.line if d.position else 0) for d in e.value.diagnostics] == [line]
    assert f"option '{option}'" in e.value.diagnostics[0].message
