"""`extends` never leaks: the base's text stays the base's, lost formula cases and failing
inherited examples are named from the club's side, and a pin says when the base moved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app
from coinche_dsl.loader import BUILTINS, builtin_path, load_checked, load_variant
from coinche_dsl.render import sheet

_register()
runner = CliRunner()

CLUB = """variant "club" extends "ffb" {
  game { target 1500 }
  announcements { enabled no }
}
"""
OWN_TEXT = """  title "Coinche du jeudi"
  description "Partie en 1500, sans annonces."
  sources "le bureau du club"
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.coinche"
    path.write_text(text, encoding="utf-8")
    return path


def _with_text(text: str) -> str:
    head, rest = text.split("{\n", 1)
    return f"{head}{{\n{OWN_TEXT}{rest}"


@pytest.mark.parametrize("name", BUILTINS)
def test_builtins_have_no_warnings(name: str) -> None:
    assert load_checked(name).warnings == []


def test_the_base_text_is_not_inherited(tmp_path: Path) -> None:
    loaded = load_checked(_write(tmp_path, "club", CLUB))
    rs, ffb = loaded.ruleset, load_variant("ffb")
    assert (rs.title, rs.description, rs.sources) == ("", "", [])
    [warning] = loaded.warnings
    assert warning.severity == "warning" and warning.position is not None
    assert (Path(warning.position.file).name, warning.position.line) == ("club.coinche", 1)
    assert "no title, description or sources of its own" in str(warning)
    text = str(sheet(rs, "fr", "md"))
    # the base's title is named only as what the club's rules are after, never as theirs
    assert ffb.description[:40] not in text and f"# {ffb.title}" not in text
    assert f"D’après « {ffb.title} »".replace(" »", "\u202f»").replace("« ", "«\u202f") in text
    assert all(source not in text for source in ffb.sources)
    assert "2000" not in text.split("## ")[0]  # the intro: nothing of the federation's game


def test_a_club_with_its_own_text_prints_it_and_is_quiet(tmp_path: Path) -> None:
    loaded = load_checked(_write(tmp_path, "club", _with_text(CLUB)))
    assert loaded.warnings == []
    text = str(sheet(loaded.ruleset, "fr", "md"))
    assert text.startswith("# Coinche du jeudi") and "le bureau du club" in text


def test_a_success_formula_that_drops_the_capot_case_is_named(tmp_path: Path) -> None:
    club = _with_text(CLUB).replace(
        "  game {", "  scoring { success = points(declarers) >= contract }\n  game {")
    [warning] = load_checked(_write(tmp_path, "club", club)).warnings
    assert warning.position is not None and warning.position.file.endswith("club.coinche")
    assert "success" in warning.message and "if bid_capot then capot(declarers)" in warning.message
    ffb_line = next(i for i, line in enumerate(
        builtin_path("ffb").read_text(encoding="utf-8").splitlines(), 1) if "success =" in line)
    assert f"ffb.coinche:{ffb_line}" in warning.message


def test_keeping_the_case_or_removing_the_situation_is_quiet(tmp_path: Path) -> None:
    kept = _with_text(CLUB).replace("  game {", "  scoring { success = if bid_capot then "
                                    "capot(declarers) else points(declarers) >= contract }\n"
                                    "  game {")
    assert load_checked(_write(tmp_path, "kept", kept)).warnings == []
    no_capot = _with_text(CLUB).replace("  game {", "  auction { capot no }\n  scoring { "
                                        "success = points(declarers) >= contract }\n  game {")
    assert load_checked(_write(tmp_path, "nocapot", no_capot)).warnings == []


def test_an_inherited_example_that_fails_names_the_club(tmp_path: Path) -> None:
    # ffb's "90 à cœur rempli": NS 200 EW 50 at 2000; with a 100 card-point floor the 90 fails
    club = _with_text(CLUB).replace("  game {", "  scoring { success = if bid_capot then "
                                    "capot(declarers) else points(declarers) >= 120 }\n  game {")
    path = _write(tmp_path, "club", club)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    line = next(x for x in result.output.splitlines() if "90 à cœur rempli" in x)
    assert "ffb.coinche:" in line and "under the rules of club.coinche" in line
    assert "examples none" in line
    dropped = club.replace("  game {", "  examples none\n  game {")
    result = runner.invoke(app, ["check", str(_write(tmp_path, "club", dropped))])
    assert result.exit_code == 0 and "ok (0 examples;" in result.output


def test_sheet_shows_warnings_on_stderr(tmp_path: Path) -> None:
    result = runner.invoke(app, ["sheet", str(_write(tmp_path, "club", CLUB)), "--lang", "en"])
    assert result.exit_code == 0
    assert "warning: 'club' extends 'ffb'" in result.stderr
    assert "warning" not in result.stdout


def test_a_pin_says_which_rules_moved_and_where(tmp_path: Path) -> None:
    base = builtin_path("ffb").read_text(encoding="utf-8").replace('variant "ffb"',
                                                                   'variant "base"')
    _write(tmp_path, "base", base)
    # without announcements, ffb's example with a tierce cannot be the club's: it drops them
    club = _write(tmp_path, "club", _with_text(CLUB).replace('extends "ffb"', 'extends "base"')
                  .replace("  game {", "  examples none\n  game {"))
    assert runner.invoke(app, ["fmt", "--pin", str(club)]).exit_code == 0
    text = club.read_text(encoding="utf-8")
    pin = load_checked(club)
    assert f'pin "{json.loads((tmp_path / "club.coinche.pin.json").read_text())["fingerprint"]}"' \
        in text and pin.warnings == []
    assert runner.invoke(app, ["fmt", "--check", str(club)]).exit_code == 0  # canonical
    # the base is corrected: the coinche becomes any-time; the club's rules moved with it
    moved = base.replace("coinche in_turn ", "coinche any_time ")
    line = next(i for i, x in enumerate(moved.splitlines(), 1) if "coinche any_time" in x)
    _write(tmp_path, "base", moved)
    [warning] = load_checked(club).warnings
    assert "changed since they were pinned" in warning.message
    assert f"auction.coinche: in_turn → any_time (base.coinche:{line})" in warning.message
    assert "game.target" not in warning.message  # the club's own rules did not move
    result = runner.invoke(app, ["check", str(club)])
    assert result.exit_code == 0 and "auction.coinche" in result.stderr, result.output
    # pinned again after review: quiet
    assert runner.invoke(app, ["fmt", "--pin", str(club)]).exit_code == 0
    assert load_checked(club).warnings == []


def test_a_pin_without_its_record_still_warns(tmp_path: Path) -> None:
    club = _write(tmp_path, "club", _with_text(CLUB))
    runner.invoke(app, ["fmt", "--pin", str(club)])
    (tmp_path / "club.coinche.pin.json").unlink()
    club.write_text(club.read_text().replace("1500", "1600"), encoding="utf-8")
    [warning] = load_checked(club).warnings
    assert "changed since they were pinned" in warning.message
    assert "coinche compare" in warning.hint


def test_a_pin_that_is_not_a_fingerprint_is_an_error(tmp_path: Path) -> None:
    club = _write(tmp_path, "club", _with_text(CLUB).replace("  game {", "  pin 12\n  game {"))
    result = runner.invoke(app, ["check", str(club)])
    assert result.exit_code == 1
    assert "club.coinche:5:3: error: pin takes the quoted fingerprint" in result.output


def test_a_broken_pin_record_is_ignored_not_a_traceback(tmp_path: Path) -> None:
    club = _write(tmp_path, "club", _with_text(CLUB).replace("  game {",
                                                             '  pin "000-000-000-000"\n  game {'))
    (tmp_path / "club.coinche.pin.json").write_text("[" * 100_000, encoding="utf-8")
    [warning] = load_checked(club).warnings
    assert "pinned 000-000-000-000" in warning.message


@pytest.mark.parametrize("order", ["none first", "blocks first"])
def test_examples_none_with_example_blocks_is_an_error_not_a_traceback(tmp_path: Path,
                                                                       order: str) -> None:
    block = ('  example "a" {\n    declarer N\n    bid 90\n    trump hearts\n'
             "    card_points NS 100, EW 52\n    last_trick S\n    expect NS 200, EW 50\n  }\n")
    parts = ["  examples none\n", block]
    body = "".join(parts if order == "none first" else parts[::-1])
    club = _write(tmp_path, "club", _with_text(CLUB).replace("  game {", body + "  game {"))
    result = runner.invoke(app, ["check", str(club)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and "club.coinche:" in result.output
    assert ("cannot go together" if order == "none first" else "set twice") in result.output
