"""The `coinche` command: thin wrappers that parse arguments, call the API and print.

Heavy libraries (pydantic, lark, jinja2, weasyprint) are imported inside commands, so that
`coinche --help` stays fast. Exit codes: 0 ok, 1 invalid input or a failed check, 2 usage
error; the same in every command.
"""

from __future__ import annotations

import gc
import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .typer_app import app as app


def __getattr__(name: str) -> Any:
    # `app` (the Typer application) is built on first use: the command modules' `from . import
    # app`, the tests', or `main`'s, once the collector is paused (importing Typer and Click
    # is a sixth of the start-up; see `main`).
    if name == "app":
        from .typer_app import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    from .typer_app import plain_help_types

    plain_help_types()


def main() -> None:
    """Run `coinche` with the cyclic garbage collector paused.

    A command's start-up (imports, pydantic's models, Lark's tables, a Babel locale) makes
    objects that live until the process ends: the collector's passes over them, the one at
    exit included, freed nothing and were a sixth of a cold HTML sheet (about 40 ms). A
    one-shot command leaves under a thousand cyclic objects, however many files it reads
    (`check` of 250 files: 784, as for one); the commands that run on (`play`, `simulate`,
    `studio`, `lsp`) turn the collector back on (`common.runs_long`). At the end what is
    left is frozen, so the collection at exit skips memory the system takes back anyway.
    """
    # Pydantic looks for plugins (observability hooks) in every installed distribution's
    # entry points when it builds its first model: 3 ms of a cold sheet with the test tools
    # installed, for hooks a command has no use for. Its documented switch, as Typer sets it
    # for its own models; PYDANTIC_DISABLE_PLUGINS= (empty) brings them back.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        _register()
        from .typer_app import app

        app()
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
