"""Hostile input never escapes: JSON inputs validated whole (every problem at once, their
schemas printed), a file's text escaped wherever it is printed, `fmt` writing safely."""

from __future__ import annotations

import copy
import json
import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app
from coinche_dsl.errors import Diagnostic, Position
from coinche_dsl.loader import load_variant
from coinche_dsl.render import sheet
from coinche_dsl.syntax.writer import quote
from coinche_dsl.text_safety import for_markdown, for_rich, for_terminal

_register()
DEAL = {"declarer": "N", "bid": 90, "trump": "hearts", "card_points": {"NS": 100, "EW": 52},
        "last_trick": "S"}


def cli(*args: str, stdin: str | None = None):
    return CliRunner().invoke(app, list(args), input=stdin)


@pytest.mark.parametrize("change, message", [
    # sentences naming the field, not pydantic's own words (issue #29)
    ({"announcements": None}, "'announcements' should be a JSON object"),
    ({"card_points": 1.5}, "'card_points' should be a JSON object"),
    ({"bid": 10010}, "'bid' should be at most 1000"),
    ({"card_points": {"NS": 10**6, "EW": 0}}, "'card_points.NS' should be at most 10000"),
    ({"belote": ["N", "E", "S", "W", "N"]}, "'belote' should have at most 4 items"),
])
def test_bad_score_inputs_are_clean_errors(change: dict[str, object], message: str) -> None:
    result = cli("score", "ffb", "-", stdin=json.dumps({**DEAL, **change}))
    assert result.exit_code == 1 and message in result.output, result.output
    assert "Traceback" not in result.output


def test_every_problem_of_a_summary_is_reported_at_once() -> None:
    bad = {**DEAL, "declarer": "X", "trump": "roses", "last_trick": 3}
    result = cli("score", "ffb", "-", stdin=json.dumps(bad))
    assert result.exit_code == 1
    for field in ("declarer", "trump", "last_trick"):
        assert field in result.output


def test_every_problem_of_a_record_is_reported_at_once() -> None:
    from test_replay import RECORD

    bad = copy.deepcopy(RECORD)
    bad["dealer"] = "Q"
    bad["announcements"] = {"N": 20}
    bad["play"] = "N 7C"
    result = cli("replay", "ffb", "-", stdin=json.dumps(bad))
    assert result.exit_code == 1
    for field in ("dealer", "announcements.N", "play"):
        assert field in result.output, result.output


def test_a_null_announcements_in_a_record_means_none() -> None:
    from test_replay import RECORD

    record = {**copy.deepcopy(RECORD), "announcements": None}
    # the record opens at all-trump: ffb with the organiser's no-trump and all-trump (§ 11)
    assert cli("replay", "ffb", "-", "--option", "sans_atout_tout_atout=oui",
               stdin=json.dumps(record)).exit_code == 0


@pytest.mark.parametrize("of, field", [("score", "card_points"), ("replay", "hands"),
                                       ("ruleset", "auction")])
def test_schemas_are_printed(of: str, field: str) -> None:
    result = cli("schema", of)
    assert result.exit_code == 0
    assert field in json.loads(result.stdout)["properties"]


def test_schema_without_argument_is_the_rulesets() -> None:
    assert json.loads(cli("schema").stdout)["title"] == "Ruleset"


def test_a_huge_json_input_is_not_read_whole(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(2 * 10**9)  # sparse: never on disk, never in memory
    result = cli("score", "ffb", str(huge))
    assert result.exit_code == 1 and "more than 10,000,000 bytes" in result.output


def test_control_characters_are_shown_not_obeyed() -> None:
    assert for_terminal("a\x1b[2Jb\u202ec") == "a\\x1b[2Jb\\u202ec"
    assert for_terminal("one\ntwo", newlines=False) == "one\\x0atwo"
    assert for_rich("[bold]x\x07") == "\\[bold]x\\x07"
    diag = Diagnostic(Position("f\x1b.coinche", 1, 2), "unknown '\x1b[31m'")
    assert "\x1b" not in str(diag)


def test_markdown_keeps_a_files_html_as_text(tmp_path: Path) -> None:
    assert for_markdown("<script>x</script> & &amp; a < b") == \
        "&lt;script>x&lt;/script> & &amp;amp; a < b"
    path = tmp_path / "evil.coinche"
    path.write_text('variant "evil" extends "ffb" {\n  title "<script>alert(1)</script>"\n'
                    '  description "\\u001b[2J<img src=x onerror=alert(1)>"\n'
                    '  option partie default courte {\n    courte "<img src=y> \\u001b[2J" {\n'
                    '      game { target 1000 }\n    }\n    longue { game { target 2000 } }\n'
                    '  }\n}\n', "utf-8")
    md = sheet(load_variant(path), "en", "md")
    assert isinstance(md, str)
    assert "<script>" not in md and "<img" not in md and "\x1b" not in md
    assert "&lt;script>alert(1)&lt;/script>" in md
    assert "— default: “&lt;img src=y> \\x1b[2J”." in md  # a value's label, as the title


def test_show_writes_control_characters_as_escapes_that_read_back(tmp_path: Path) -> None:
    assert quote("a\x1bb\u202e") == '"a\\u001bb\\u202e"'
    path = tmp_path / "ctl.coinche"
    path.write_text('variant "ctl" extends "ffb" {\n  title "x\\u001by"\n}\n', "utf-8")
    assert load_variant(path).title == "x\x1by"
    shown = cli("show", str(path), "--resolved")
    assert "\x1b" not in shown.stdout and '"x\\u001by"' in shown.stdout
    again = tmp_path / "again.coinche"
    again.write_text(shown.stdout.replace('variant "ctl"', 'variant "again"'), "utf-8")
    assert load_variant(again).title == "x\x1by"


def test_rich_markup_in_a_name_is_text_in_simulate(tmp_path: Path) -> None:
    path = tmp_path / "rich.coinche"
    path.write_text('variant "[bold" extends "ffb" {\n  title "[/] \\u001b[2J"\n}\n', "utf-8")
    result = cli("simulate", str(path), "--deals", "2", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "[bold" in result.output and "\x1b[2J" not in result.output


UNFORMATTED = 'variant "x" extends "ffb" {\ngame { target 1000 }\n}\n'


def test_fmt_never_follows_a_planted_temp_symlink(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", "utf-8")
    path = tmp_path / "club.coinche"
    path.write_text(UNFORMATTED, "utf-8")
    (tmp_path / "club.coinche.fmt-tmp").symlink_to(victim)
    (tmp_path / ".club.coinche.fmt-tmp").mkdir()
    assert cli("fmt", str(path)).exit_code == 0
    assert victim.read_text("utf-8") == "precious"
    assert "target 1000\n" in path.read_text("utf-8")


def test_fmt_keeps_the_mode_and_the_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real.coinche"
    real.write_text(UNFORMATTED, "utf-8")
    os.chmod(real, 0o600)
    link = tmp_path / "link.coinche"
    link.symlink_to(real)
    assert cli("fmt", str(link)).exit_code == 0
    assert link.is_symlink() and "  game {\n" in real.read_text("utf-8")
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert not [p for p in tmp_path.iterdir() if "fmt-tmp" in p.name]


def test_fmt_rewrites_crlf_files(tmp_path: Path) -> None:
    path = tmp_path / "dos.coinche"
    canonical = cli("show", "ffb").stdout.replace("\n", "\r\n")
    path.write_bytes(canonical.encode("utf-8"))
    assert cli("fmt", "--check", str(path)).exit_code == 1


def test_a_file_name_with_markup_plays_a_whole_deal(tmp_path: Path) -> None:
    from test_play_cli import EVERYTHING, play

    path = tmp_path / "[bold]club[red].coinche"
    path.write_text('variant "[red]x" extends "ffb" {\n  title "[/]"\n  scoring { made { '
                    'defenders = points(defenders) } }\n}\n', "utf-8")  # cited in the score table
    out = play(str(path), "--seed", "4", "--lang", "en",
               script="?\n95 hearts\n" + EVERYTHING * 15)
    assert "Trick 8:" in out and "[bold]club[red].coinche:" in out
    # In the variant's French, the name is shown as written too (in the refusals' rules).
    french = play(str(path), "--seed", "4", script="?\n95 hearts\n" + EVERYTHING * 15)
    assert "Pli 8 :" in french and "[bold]club[red].coinche:" in french
