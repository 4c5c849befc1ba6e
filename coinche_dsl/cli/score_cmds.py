"""`coinche score`: score a deal summary (JSON) under a variant and print the breakdown."""

from __future__ import annotations

import typer

from . import app
from .common import load, print_json, read_json, reported
from .typer_app import OptionArg


@app.command()
def score(
    variant: str = typer.Argument(..., help="File or built-in name."),
    deal: str = typer.Argument(..., help="Deal summary JSON file, or - for standard input."),
    options: OptionArg = None,
) -> None:
    """Score a deal summary and print {"made", "scores", "lines"} as JSON; exit 1 on bad input.

    The summary's shape is `coinche schema score`. With `scoring.litige held`, a litige adds
    "held": the points kept for the next deal's winner.
    """
    ruleset = load(variant, options=options)
    data = read_json(deal)
    from ..engine.scoring import score_deal

    with reported():
        result = score_deal(ruleset, data)
    out = result.to_json()
    if result.held:
        out["held"] = result.held
    print_json(out)
