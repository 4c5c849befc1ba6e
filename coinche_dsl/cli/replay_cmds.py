"""Command: `coinche replay VARIANT RECORD.json` checks and scores a recorded deal."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from . import app
from .common import PROBLEMS, USAGE, fail, load, reported


def _read(path: str) -> object:
    """The record's JSON (`-` for stdin), or a clean exit 1 naming the problem."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        fail(f"{path}: cannot read: {getattr(e, 'strerror', None) or e}",
             USAGE if isinstance(e, FileNotFoundError) else PROBLEMS)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        fail(f"{path}:{e.lineno}:{e.colno}: not valid JSON: {e.msg}")
    except RecursionError:
        fail(f"{path}: not valid JSON: nested too deeply")
    except ValueError:  # the only other one: an integer past Python's digit limit
        fail(f"{path}: not valid JSON: a number has too many digits")


@app.command("replay")
def replay_command(
    variant: str = typer.Argument(..., help="A built-in variant name or a .coinche file."),
    record: str = typer.Argument(..., help="The deal record (JSON), or - for stdin."),
) -> None:
    """Check every call and card of a recorded deal, then print its contract, tricks and score."""
    from ..engine import compile
    from ..engine.replay import ReplayError, replay, report

    ruleset = load(variant)
    data = _read(record)
    with reported():
        rules = compile(ruleset)
        try:
            deal = replay(rules, data)
        except ReplayError as e:
            print(json.dumps(e.to_json(), ensure_ascii=False))
            raise typer.Exit(PROBLEMS) from None
        print(json.dumps(report(deal), ensure_ascii=False, indent=2))
