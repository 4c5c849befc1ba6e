"""The `coinche` command: thin wrappers that parse arguments, call the API and print.

Heavy libraries (pydantic, lark, jinja2, weasyprint) are imported inside commands, so that
`coinche --help` stays fast. Exit codes: 0 ok, 1 invalid input or a failed check, 2 usage
error; the same in every command.
"""

from __future__ import annotations

import gc
import os
import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .typer_app import app as app

# Click's plain help layout rather than Typer's Rich panels (which import Rich and markdown-it
# for every `--help`); TYPER_USE_RICH=1 brings the panels back. Set before Typer is imported,
# which reads it then.
os.environ.setdefault("TYPER_USE_RICH", "0")


def __getattr__(name: str) -> Any:
    # `app` (the Typer application) is built on first use: the command modules' `from . import
    # app`, the tests', or `main`'s, once the collector is paused (see `main`).
    if name == "app":
        from .typer_app import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


COMMANDS = {
    "lsp": "editor_cmds", "list": "lang_cmds", "check": "lang_cmds", "fmt": "lang_cmds",
    "show": "lang_cmds", "schema": "lang_cmds", "sheet": "render_cmds",
    "compare": "render_cmds", "replay": "replay_cmds", "score": "score_cmds",
    "simulate": "sim_cmds", "play": "sim_cmds", "studio": "studio_cmds",
    "marque": "pad_cmds", "classement": "pad_cmds", "serve": "serve_cmds",
}
"""The module that declares each command: an explicit list, no import-time registry (a test
checks it against what the modules declare)."""


def _register(argv: list[str] | None = None) -> None:
    """Declare the commands on `app`: every one, or, when `argv` starts with a command's name,
    that command's module only (Click's lazy subcommands, as its documentation describes them).
    Help, a typo's "did you mean" and completion see them all."""
    first = argv[0] if argv else None
    for module in [COMMANDS[first]] if first in COMMANDS else sorted(set(COMMANDS.values())):
        import_module(f"{__name__}.{module}")


def main() -> None:
    """Run `coinche`.

    A one-shot command runs with the cyclic garbage collector paused: what its start-up builds
    (modules, the rule models, the parser's tables) lives until the process ends, and the
    collector's passes over it free nothing. The commands that run on (`play`, `simulate`,
    `studio`, `lsp`) turn it back on (`common.runs_long`).
    """
    # Pydantic's documented switch for its plugin hooks, which no command uses (as Typer sets
    # it for its own models); PYDANTIC_DISABLE_PLUGINS= (empty) brings them back.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        from .common import run_guarded

        run_guarded(_run)
    finally:
        gc.freeze()  # the collection at exit skips what the command built
        if was_enabled:
            gc.enable()


def _run() -> None:
    _register(sys.argv[1:])
    from .typer_app import app

    app()
