"""What the command line prints for a person at a terminal: `simulate`'s rows and its closing
sentences, and every command of the README's tour fitting an 80-column terminal (run in a
pseudo-terminal of 80 columns, as a person's would be)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app
from coinche_dsl.sim.present import conclusion, render_text

_register()


def _estimate(value: float, low: float, high: float, n: int = 100) -> dict[str, float]:
    return {"value": value, "low": low, "high": high, "n": n}


def _report(declarers: dict[str, float], success: dict[str, float]) -> dict:
    differences = {"declarers_points": declarers, "success": success}
    return {"variants": [{"name": "ffb"}, {"name": "fr-brut"}],
            "paired": [{"variant": "fr-brut", "vs": "ffb", "differences": differences}]}


def test_simulate_ends_with_what_it_finds_in_sentences() -> None:
    said = conclusion(_report(_estimate(38.2, 30.4, 46.1), _estimate(-0.031, -0.05, -0.012)))
    assert said == [
        "Under fr-brut the declarers score 38 points more per deal [30, 46] than under ffb.",
        "Contracts are made 3.1 percentage points less often under fr-brut [1.2, 5.0]."]
    # An interval that holds 0 finds no difference, whichever way the estimate leans.
    same = conclusion(_report(_estimate(-2.0, -9.0, 5.0), _estimate(0.01, -0.02, 0.04)))
    assert same[0] == ("Under fr-brut the declarers score as many points per deal as under ffb, "
                       "as far as these deals can tell (difference [-9, 5]).")


def test_a_name_is_never_read_as_a_pattern() -> None:
    report = _report(_estimate(10.0, 5.0, 15.0), _estimate(0.0, -0.01, 0.01))
    report["paired"][0]["variant"] = "club {amount} {0}"
    assert conclusion(report)[0].startswith("Under club {amount} {0} the declarers score 10")


def test_simulate_rows_only_for_the_calls_a_variant_has() -> None:
    both = CliRunner().invoke(app, ["simulate", "ffb", "es-club", "--deals", "30", "--jobs", "1"])
    assert both.exit_code == 0, both.output
    # Neither ffb nor es-club has a générale (`generale no` in both files): no row for it.
    assert "générale" not in both.stdout and "—: the variant" not in both.stdout
    assert "Under es-club the declarers score" in both.stdout
    one = CliRunner().invoke(app, ["simulate", "ffb", "fr-brut", "--deals", "30", "--jobs", "1"])
    # fr-brut has one ("generale yes"), ffb none: its cell says so, and a line says what — is.
    row = next(line for line in one.stdout.splitlines() if "générale" in line)
    assert row.split("│")[2].strip() == "—" and "—: the variant has no such call." in one.stdout


def test_the_text_report_is_as_wide_as_the_terminal() -> None:
    from coinche_dsl.sim import simulate_variants

    report = simulate_variants(["ffb", "fr-brut", "it-701"], deals=20, jobs=1)
    console = Console(width=80, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    render_text(report, console)
    lines = console.export_text().splitlines()
    assert lines and max(len(line) for line in lines) <= 80


def _at_80_columns(args: list[str], stdin: str = "") -> tuple[int, str]:
    """Run `coinche ARGS` in a pseudo-terminal 80 columns wide (what a person's terminal is to
    Rich, Click and the wrapping of plain lines); its output without escape sequences."""
    import fcntl
    import select
    import struct
    import subprocess
    import sys
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 80, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    done = subprocess.Popen([sys.executable, "-m", "coinche_dsl", *args], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=slave, stderr=slave,
                            env={**env, "TERM": "xterm"})
    os.close(slave)
    assert done.stdin is not None
    done.stdin.write(stdin.encode())
    done.stdin.close()
    out = b""
    while select.select([master], [], [], 300)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed: the command is done
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    code = done.wait(timeout=60)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07", "", out.decode("utf-8"))
    # A carriage return goes back to the line's start (a progress bar redrawn): what stays
    # on the screen is what was written last.
    lines = [line.split("\r")[-1] for line in text.replace("\r\n", "\n").split("\n")]
    return code, "\n".join(lines)


ROOT = Path(__file__).resolve().parents[1]
FOR_PEOPLE = [
    ["--help"], ["list"], ["check", "ffb", "fr-bga"],
    ["fmt", "--check", "examples/rulebooks/dauphine.coinche"],
    ["score", "ffb", "examples/deal.txt"], ["sheet", "fr-bga"], ["sheet", "ffb", "--lang", "en"],
    ["compare", "ffb", "es-club", "pt-online"], ["compare", "ffb", "--option-values", "litige"],
    ["simulate", "ffb", "fr-brut", "it-701", "--deals", "60", "--jobs", "1"],
    ["play", "fr-bga", "--seed", "3"], ["classement", "examples/tournoi.json"],
    ["marque", "ffb", "examples/jeudi.json", "--show"],
    *[[command, "--help"] for command in ("check", "fmt", "show", "sheet", "compare",
                                          "simulate", "play", "marque", "score")],
]
"""The commands' outputs for people to read (JSON, a variant file and a Markdown file to be
written elsewhere are data: their lines are what the format makes them)."""


@pytest.mark.parametrize("args", FOR_PEOPLE, ids=" ".join)
def test_every_command_fits_an_80_column_terminal(args: list[str]) -> None:
    code, text = _at_80_columns(args, stdin="?\nq\n" if args[0] == "play" else "")
    assert code == 0, text[-2000:]
    long = [line for line in text.splitlines() if len(line) > 80]
    assert not long, long[:3]
    if "--help" in args:  # no description cut short by Click's `...`
        assert not [line for line in text.splitlines()
                    if line.endswith("...") and not line.startswith("Usage:")]


def test_fmt_keeps_a_one_line_blocks_comment_with_its_setting() -> None:
    from coinche_dsl.syntax.formatter import format_text

    text = ('variant "c" extends "ffb" {\n  game { target 1000 }   # short game\n'
            "  play { undertrump required }  # we always undertrump\n}\n")
    pretty = format_text(text, "c.coinche")
    assert "    target 1000  # short game\n  }\n" in pretty
    assert "    undertrump required  # we always undertrump\n  }\n" in pretty
    assert "}  #" not in pretty and format_text(pretty, "c.coinche") == pretty


def test_fmt_folds_a_long_formula_within_the_line_length() -> None:
    from coinche_dsl.syntax.formatter import format_text

    text = ('variant "c" extends "ffb" {\n  scoring {\n    failed {\n'
            "      defenders = 160 + contract * multiplier\n"
            "                  + belote(defenders) + announcements(defenders)"
            " + announcements(declarers) + belote(declarers)\n    }\n  }\n}\n")
    pretty = format_text(text, "c.coinche")
    assert max(len(line) for line in pretty.splitlines()) <= 100
    assert "announcements(declarers) + belote(declarers)" in pretty


def test_verbose_says_which_files_are_read_and_the_time() -> None:
    import subprocess
    import sys

    club = "examples/our-club.coinche"
    argv = [sys.executable, "-m", "coinche_dsl"]
    quiet = subprocess.run([*argv, "check", club], cwd=ROOT, capture_output=True, text=True,
                           timeout=120)
    loud = subprocess.run([*argv, "-v", "check", club], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert loud.returncode == quiet.returncode == 0 and loud.stdout == quiet.stdout
    said = loud.stderr.splitlines()
    size = (ROOT / club).stat().st_size
    assert re.fullmatch(rf"coinche: +\d+\.\d{{3}} s  read {re.escape(club)} \({size} bytes\)",
                        said[0])
    base = (ROOT / "coinche_dsl" / "variants" / "ffb.coinche").stat().st_size
    assert any(line.endswith(f"ffb.coinche ({base} bytes)") for line in said)
    assert re.fullmatch(r"coinche: +\d+\.\d{3} s  done", said[-1])
    assert "--verbose" in CliRunner().invoke(app, ["--help"]).stdout


def test_compare_at_a_terminal_heads_its_columns_once_and_explains_the_dash() -> None:
    code, text = _at_80_columns(["compare", "ffb", "es-club", "fr-bga"])
    assert code == 0, text[-2000:]
    # The titles once, with the marks; the tables headed by mark and name.
    assert text.count("règlement de la") == 1 and text.count("[2] es-club") >= 3
    # fr-bga bids no capot ("capot no"): its capot rules' cells are "—", which a line explains.
    assert "—" in text and "“—”: the rule does not come up under that variant." in text
