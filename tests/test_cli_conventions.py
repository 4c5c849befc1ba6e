"""The CLI behaves like the tools people know: --version, shell completion, `-` for standard
input wherever a variant is an argument, `check --format json`, `fmt --diff`, the same exit
codes in every command (0 ok, 1 invalid input or failed check, 2 usage error),
Typer's own help naming every parameter, and the README tour's example files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import coinche_dsl
from coinche_dsl.cli import _register, app

_register()
ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
CLUB = 'variant "club" extends "ffb" {\n  game { target 1000 }\n}\n'
MESSY = 'variant "club" extends "ffb" {\n game {   target 1000 }\n}\n'
BROKEN = 'variant "club" extends "ffb" {\n  auction { coinche anytime }\n}\n'


def run(*args: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, list(args), input=stdin)


def test_version_and_shell_completion() -> None:
    result = run("--version")
    assert result.exit_code == 0 and result.stdout == f"coinche_dsl {coinche_dsl.__version__}\n"
    # The script `--show-completion` prints, asked for as the shell asks (by Click's variable):
    # `--show-completion` alone guesses the shell from the parent processes, which a test
    # started outside a shell (a background job, some CI runners) does not have.
    shown = CliRunner().invoke(app, [], prog_name="coinche",
                               env={"_COINCHE_COMPLETE": "source_bash"})
    assert shown.exit_code == 0 and "complete -o default -F _coinche_completion coinche" in \
        shown.stdout
    shown_help = run("--help").stdout
    assert "--install-completion" in shown_help and "--show-completion" in shown_help


def test_dash_reads_a_variant_from_standard_input() -> None:
    checked = run("check", "-", stdin=CLUB)
    # The club writes none: ffb's twelve are checked, two of them written for other values of
    # ffb's options (`options litige …`), which the club shares: they run under each value.
    assert checked.exit_code == 0 and checked.stdout == (
        "-: ok (12 examples, 2 run only under other option values; examples run under all 6 "
        "combinations of its options)\n")
    shown = run("show", "-", stdin=MESSY)
    assert shown.exit_code == 0 and "  game {\n    target 1000\n  }" in shown.stdout
    resolved = run("show", "-", "--resolved", "--format", "json", stdin=CLUB)
    assert json.loads(resolved.stdout)["game"]["target"] == 1000
    sheet = run("sheet", "-", "--lang", "en", stdin=CLUB)
    assert sheet.exit_code == 0 and "The game is played to 1,000 points." in sheet.stdout
    compared = run("compare", "ffb", "-", "--format", "json", stdin=CLUB)
    assert compared.exit_code == 0 and "game.target" in compared.stdout
    formatted = run("fmt", "-", stdin=MESSY)
    assert formatted.exit_code == 0 and formatted.stdout == CLUB.replace(
        "  game { target 1000 }", "  game {\n    target 1000\n  }")


def test_a_stdin_variant_has_located_errors() -> None:
    result = run("check", "-", stdin=BROKEN)
    assert result.exit_code == 1
    assert "<stdin>:2:13: error: 'anytime' is not a choice for auction.coinche" in result.stderr


def test_check_json_gives_every_diagnostic_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "club.coinche"
    path.write_text(BROKEN, encoding="utf-8")
    result = run("check", str(path), "ffb-contree", "--format", "json")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert out["ok"] is False
    club, contree = out["variants"]
    assert club == {"variant": str(path), "ok": False, "examples": 0,
                    "examples_under_other_values": 0, "diagnostics": [{
        "file": str(path), "line": 2, "column": 13, "severity": "error",
        "message": "'anytime' is not a choice for auction.coinche",
        "hint": "did you mean 'any_time'?"}, {
        "file": str(path), "line": 1, "column": 9, "severity": "warning",
        "message": "the worked examples were not run: a setting they depend on is in error",
        "hint": ""}]}
    assert contree["ok"] is True and contree["diagnostics"] == []
    assert contree["examples"] >= 1
    assert json.loads(run("check", "ffb", "--format", "json").stdout)["ok"] is True


def test_check_counts_one_example_in_the_singular(tmp_path: Path) -> None:
    path = tmp_path / "one.coinche"
    path.write_text(CLUB.replace("}\n}", '}\n  example "a made 90" {\n'
                                 '    declarer N  bid 90  trump hearts\n'
                                 '    card_points NS 100, EW 52  last_trick N\n'
                                 # made: 100 + 10 + 90 = 200 (FFB: points plus contract);
                                 # the defenders keep their 52, rounded to 50
                                 '    expect NS 200, EW 50\n  }\n}'), encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{path}: ok (1 example;")


def test_fmt_diff_prints_a_unified_diff_and_exits_1_when_it_would_change(tmp_path: Path) -> None:
    path = tmp_path / "club.coinche"
    path.write_text(MESSY, encoding="utf-8")
    result = run("fmt", "--diff", str(path))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:2] == [f"--- {path}", f"+++ {path}"]
    assert "- game {   target 1000 }" in result.stdout and "+    target 1000" in result.stdout
    assert path.read_text(encoding="utf-8") == MESSY  # nothing written
    assert run("fmt", str(path)).exit_code == 0
    again = run("fmt", "--diff", str(path))
    assert again.exit_code == 0 and again.stdout == ""


def _bad_record() -> str:
    return json.dumps({"dealer": "W"})


@pytest.mark.parametrize(("args", "stdin", "code"), [
    # 0: ok
    (["check", "ffb"], None, 0),
    (["show", "ffb"], None, 0),
    (["score", "ffb", str(EXAMPLES / "deal.json")], None, 0),
    # 1: invalid input or a failed check
    (["check", "-"], BROKEN, 1),
    (["show", "-"], "variant {", 1),
    (["fmt", "-"], "variant {", 1),
    (["sheet", "-"], BROKEN, 1),
    (["score", "ffb", "-"], "{}", 1),
    (["replay", "ffb", "-"], _bad_record(), 1),
    # 2: usage: an unknown option, an argument that names no variant or file, a bad value
    (["check", "--bogus", "ffb"], None, 2),
    (["fmt", "--bogus", "x"], None, 2),
    (["sheet", "ffb", "--bogus"], None, 2),
    (["check"], None, 2),
    (["check", "no-such-variant"], None, 2),
    (["fmt", "no-such-file.coinche"], None, 2),
    (["show", "no-such-variant"], None, 2),
    (["sheet", "no-such-variant"], None, 2),
    (["compare", "ffb", "no-such-variant"], None, 2),
    (["score", "no-such-variant", "-"], "{}", 2),
    (["score", "ffb", "no-such-deal.json"], None, 2),
    (["replay", "ffb", "no-such-record.json"], None, 2),
    (["simulate", "no-such-variant", "--deals", "1"], None, 2),
    (["play", "no-such-variant"], None, 2),
    (["play", "ffb", "--seat", "X"], None, 2),
    (["play", "-"], 'variant "x" extends "ffb" {}', 2),  # stdin holds the moves
    (["sheet", "ffb", "--lang", "de"], None, 2),
], ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_exit_codes_are_the_same_in_every_command(args: list[str], stdin: str | None,
                                                   code: int) -> None:
    result = run(*args, stdin=stdin)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output


def _commands() -> list[str]:
    import typer.main

    return sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", ["", *_commands()])
def test_help_names_every_parameter(command: str) -> None:
    # Typer's own help layout (its `<int>` type markers, `{variant}` for a required argument):
    # the command line is Typer's alone, none of its internals replaced.
    import typer.main

    group: Any = typer.main.get_command(app)
    click_command = group.commands[command] if command else group
    result = subprocess.run([sys.executable, "-m", "coinche_dsl", *([command] if command else []),
                             "--help"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.startswith("Usage: "), result.stderr
    for param in click_command.params:
        if not param.hidden:
            assert (param.opts[-1] if param.param_type_name == "option" else param.name) \
                in result.stdout, (command, param.name)


def test_the_readme_tour_runs_as_written() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "coinche score ffb examples/deal.json" in readme
    assert "coinche replay ffb examples/record.json" in readme
    scored = run("score", "ffb", str(EXAMPLES / "deal.json"))
    assert scored.exit_code == 0, scored.output
    # FFB made: 79 card points + 10 last trick + 20 tierce + 20 belote = 129 >= 90 and more
    # than the defenders' 73; 129 + 90 = 219, rounded half up to 220; EW 73 -> 70.
    assert json.loads(scored.stdout)["scores"] == {"NS": 220, "EW": 70}
    replayed = run("replay", "ffb", str(EXAMPLES / "record.json"))
    assert replayed.exit_code == 0, replayed.output
    out = json.loads(replayed.stdout)
    assert out["contract"] == "90 hearts by S coinche"
    # S's side takes 71 card points and not the last trick: 71 < 90, the coinched contract
    # fails. FFB 2015 § 10.1.2: the defence scores "160 points de chute + Leurs annonces + Leur
    # belote + ... + Le montant du contrat demandé", doubled when coinched: (160 + E's tierce
    # 20 + E's belote 20 + 90) x 2 = 580; the declarers nothing.
    assert out["score"]["scores"] == {"NS": 0, "EW": 580}


def test_dir_shows_the_public_api_without_importing_it() -> None:
    names = dir(coinche_dsl)
    assert {"load_variant", "compile", "Deal", "Game", "score_deal", "Ruleset",
            "__version__"} <= set(names)
    assert "Any" not in names and "_LAZY" not in names


def test_lsp_without_pygls_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pygls", None)  # `import pygls` raises ImportError
    result = run("lsp")
    assert result.exit_code == 1
    assert "pip install 'coinche_dsl[lsp]'" in result.stderr


def test_h_is_help_for_the_group_and_every_command() -> None:
    for argv in ([], ["sheet"], ["check"]):
        short, long = run(*argv, "-h"), run(*argv, "--help")
        assert short.exit_code == 0 and short.stdout == long.stdout and "Usage:" in short.stdout


def test_check_counts_the_examples_the_file_writes() -> None:
    # ffb.coinche writes twelve examples (three with irregularities); two (the 81-81 ones
    # under `litige chute` and `litige reussite`) apply only under another value of its
    # `litige` option than the default.
    text = run("check", "ffb").stdout
    assert text.startswith("ffb: ok (12 examples, 2 run only under other option values;")
    data = json.loads(run("check", "--format", "json", "ffb").stdout)["variants"][0]
    assert (data["examples"], data["examples_under_other_values"]) == (10, 2)
    assert run("check", "es-club").stdout == "es-club: ok (4 examples)\n"


def test_check_and_fmt_quiet_print_only_problems(tmp_path: Path) -> None:
    quiet = run("check", "--quiet", "ffb")
    assert quiet.exit_code == 0 and quiet.stdout == ""
    bad = tmp_path / "bad.coinche"
    bad.write_text('variant "bad" extends "ffb" {\n  game { target -5 }\n}\n', encoding="utf-8")
    failed = run("check", "-q", str(bad))
    assert failed.exit_code == 1 and "bad.coinche:2" in failed.output
    assert run("fmt", "--check", "-q", str(EXAMPLES / "rulebooks" / "dauphine.coinche")).stdout \
        == ""


def test_fmt_check_says_so_when_nothing_would_change(tmp_path: Path) -> None:
    files = sorted(str(p) for p in (EXAMPLES / "rulebooks").glob("*.coinche"))
    done = run("fmt", "--check", *files)
    assert done.exit_code == 0 and done.stdout == f"{len(files)} files already formatted\n"
    messy = tmp_path / "messy.coinche"
    messy.write_text('variant "messy" extends "ffb" {game{target 1000}}\n', encoding="utf-8")
    changed = run("fmt", "--check", str(messy))
    assert changed.exit_code == 1 and "already formatted" not in changed.stdout


def test_list_as_json() -> None:
    from coinche_dsl.loader import BUILTINS

    listed = json.loads(run("list", "--format", "json").stdout)
    assert [v["name"] for v in listed] == list(BUILTINS)
    ffb = listed[0]
    assert ffb["language"] == "fr" and ffb["title"].startswith("Belote coinchée")
    assert Path(ffb["file"]).read_text(encoding="utf-8").startswith("#")


def _completions(words: str, cwd: Path) -> list[str]:
    probe = "import sys\nsys.argv[0] = 'coinche'\nfrom coinche_dsl.cli import main\nmain()\n"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env={**os.environ, "_COINCHE_COMPLETE":
                                                     "complete_bash", "COMP_WORDS": words,
                                                     "COMP_CWORD": str(len(words.split()) - 1)})
    return done.stdout.split()


def test_variant_arguments_complete_builtin_names_and_variant_files(tmp_path: Path) -> None:
    (tmp_path / "club.coinche").write_text("", encoding="utf-8")
    (tmp_path / "clubs").mkdir()
    (tmp_path / "clubs" / "jeudi.coinche").write_text("", encoding="utf-8")
    (tmp_path / "club.txt").write_text("", encoding="utf-8")
    assert _completions("coinche sheet f", tmp_path) == ["ffb", "ffb-contree", "fr-brut",
                                                         "fr-bga"]
    assert _completions("coinche check cl", tmp_path) == ["club.coinche", "clubs/"]
    assert _completions("coinche compare ffb clubs/", tmp_path) == ["clubs/jeudi.coinche"]
