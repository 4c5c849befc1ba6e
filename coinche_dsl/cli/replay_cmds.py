"""Command: `coinche replay VARIANT RECORD.json` checks and scores a recorded deal."""

from __future__ import annotations

import typer

from . import app
from .common import PROBLEMS, load, print_json, read_json, reported
from .typer_app import OptionArg, complete_variant


@app.command("replay", short_help="Check and score a recorded deal, call by call.")
def replay_command(
    variant: str = typer.Argument(..., help="A built-in variant name or a .coinche file.",
                                  autocompletion=complete_variant),
    record: str = typer.Argument(..., help="The deal record (JSON), or - for stdin."),
    options: OptionArg = None,
) -> None:
    """Check every call and card of a recorded deal, then print its contract, tricks and score.
    The record's shape is `coinche schema replay`."""
    from ..engine import compile
    from ..engine.replay import ReplayError, replay, report

    ruleset = load(variant, options=options)
    data = read_json(record)
    with reported():
        rules = compile(ruleset)
        try:
            deal = replay(rules, data)
        except ReplayError as e:
            print_json(e.to_json())
            raise typer.Exit(PROBLEMS) from None
        print_json(report(deal), indent=2)
