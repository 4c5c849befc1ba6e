"""What the command line prints for a person at a terminal: `simulate`'s rows and its closing
sentences, and every command of the README's tour fitting an 80-column terminal (run in a
pseudo-terminal of 80 columns, as a person's would be)."""

from __future__ import annotations

import os

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
