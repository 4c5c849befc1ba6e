"""The `coinche` command: thin wrappers that parse arguments, call the API and print.

Heavy libraries (pydantic, lark, jinja2, weasyprint) are imported inside commands, so that
`coinche --help` stays fast. Exit codes: 0 ok, 1 problems found, 2 usage error.
"""

from __future__ import annotations

import os

# Typer's rich help panels import rich and markdown-it on every `coinche --help` (about twice
# the command's own start-up); Click's plain layout says the same. TYPER_USE_RICH=1 brings
# the panels back.
os.environ.setdefault("TYPER_USE_RICH", "0")

import typer  # noqa: E402 - after the setting above, which typer reads when imported

app = typer.Typer(
    help="Write, check, play and print the rules of Coinche and its variants.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register() -> None:
    # An explicit list of command modules: no import-time registry.
    from . import lang_cmds, render_cmds, replay_cmds, score_cmds, sim_cmds  # noqa: F401


def main() -> None:
    _register()
    app()
