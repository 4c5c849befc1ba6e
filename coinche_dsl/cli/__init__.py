"""The `coinche` command: thin wrappers that parse arguments, call the API and print.

Heavy libraries (pydantic, lark, jinja2, weasyprint) are imported inside commands, so that
`coinche --help` stays fast. Exit codes: 0 ok, 1 problems found, 2 usage error.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    help="Write, check, play and print the rules of Coinche and its variants.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register() -> None:
    # An explicit list of command modules: no import-time registry.
    from . import (  # noqa: F401
        editor_cmds,
        lang_cmds,
        render_cmds,
        replay_cmds,
        score_cmds,
        sim_cmds,
        studio_cmds,
    )


def main() -> None:
    _register()
    app()
