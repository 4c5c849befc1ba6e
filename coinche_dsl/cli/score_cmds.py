"""`coinche score`: score a deal summary (JSON) under a variant and print the breakdown."""

from __future__ import annotations

import json
import sys

import typer

from . import app
from .common import USAGE, fail, load, reported


@app.command()
def score(
    variant: str = typer.Argument(..., help="File or built-in name."),
    deal: str = typer.Argument(..., help="Deal summary JSON file, or - for standard input."),
) -> None:
    """Score a deal summary and print {"made", "scores", "lines"} as JSON; exit 1 on bad input.

    With `scoring.litige held`, a litige adds "held": the points kept for the next deal's winner.
    """
    ruleset = load(variant)
    data = _read_json(deal)
    from ..engine.scoring import score_deal

    with reported():
        result = score_deal(ruleset, data)
    out = result.to_json()
    if result.held:
        out["held"] = result.held
    print(json.dumps(out, ensure_ascii=False))


def _read_json(source: str) -> object:
    """The JSON document of a file or of standard input; exit 1 with the position if invalid."""
    name = "standard input" if source == "-" else source
    try:
        text = sys.stdin.read() if source == "-" else open(source, encoding="utf-8").read()
    except OSError as e:
        fail(f"{name}: cannot read: {e.strerror}", USAGE if isinstance(e, FileNotFoundError) else 1)
    except UnicodeDecodeError:
        fail(f"{name}: not UTF-8 text")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        fail(f"{name}:{e.lineno}:{e.colno}: invalid JSON: {e.msg}")
    except RecursionError:
        fail(f"{name}: invalid JSON: nested too deeply")
    except ValueError:  # the only other one: an integer past Python's digit limit
        fail(f"{name}: invalid JSON: a number has too many digits")
