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

# Typer's rich help panels import rich and markdown-it on every `coinche --help` (about twice
# the command's own start-up); Click's plain layout says the same. TYPER_USE_RICH=1 brings
# the panels back. Set here, before any command module imports typer, which reads it then.
os.environ.setdefault("TYPER_USE_RICH", "0")


def __getattr__(name: str) -> Any:
    # `app` (the Typer application) is built on first use: the command modules' `from . import
    # app`, the tests', or `main`'s, once the collector is paused (importing Typer and Click
    # is a sixth of the start-up; see `main`).
    if name == "app":
        from .typer_app import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


COMMANDS = {
    "lsp": "editor_cmds", "list": "lang_cmds", "check": "lang_cmds", "fmt": "lang_cmds",
    "show": "lang_cmds", "schema": "lang_cmds", "sheet": "render_cmds",
    "compare": "render_cmds", "replay": "replay_cmds", "score": "score_cmds",
    "simulate": "sim_cmds", "play": "sim_cmds", "studio": "studio_cmds",
}
"""The module that declares each command: an explicit list, no import-time registry (a test
checks it against what the modules declare)."""


def _register(argv: list[str] | None = None) -> None:
    """Declare the commands on `app`: every one, or, when `argv` starts with a command's name,
    that command's module only. Typer turns every declared command into a Click command before
    parsing (reading each signature): for one command, the others were a thirtieth of a cold
    sheet (Click's documented remedy is lazy subcommands). Help, a typo's "did you mean" and
    completion see them all."""
    first = argv[0] if argv else None
    for module in [COMMANDS[first]] if first in COMMANDS else sorted(set(COMMANDS.values())):
        import_module(f"{__name__}.{module}")
    from .typer_app import plain_help_types

    plain_help_types()


def main(end_process: bool = True) -> None:
    """Run `coinche` with the cyclic garbage collector paused, then end the process.

    A command's start-up (imports, pydantic's models, Lark's tables, a Babel locale) makes
    objects that live until the process ends: the collector's passes over them, the one at
    exit included, freed nothing and were a sixth of a cold HTML sheet (about 40 ms). A
    one-shot command leaves under a thousand cyclic objects, however many files it reads
    (`check` of 250 files: 784, as for one); the commands that run on (`play`, `simulate`,
    `studio`, `lsp`) turn the collector back on (`common.runs_long`). At the end what is
    left is frozen, so the collection at exit skips memory the system takes back anyway.

    Then a one-shot command ends the process as soon as its output is flushed (`_leave`):
    Python's own exit would take the whole start-up apart, object by object, module by
    module, for memory the system takes back at once. With `end_process=False` (a test that
    looks at the process afterwards) it raises SystemExit as Click does.
    """
    # Pydantic looks for plugins (observability hooks) in every installed distribution's
    # entry points when it builds its first model: 3 ms of a cold sheet with the test tools
    # installed, for hooks a command has no use for. Its documented switch, as Typer sets it
    # for its own models; PYDANTIC_DISABLE_PLUGINS= (empty) brings them back.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        from .common import run_guarded

        run_guarded(_run)
    except SystemExit as stop:
        if end_process and not gc.isenabled():  # a one-shot command (see `runs_long`)
            _leave(stop.code)
        raise
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def _run() -> None:
    _without_typer(sys.argv[1:])
    _register(sys.argv[1:])
    from .typer_app import app

    app()


def _without_typer(argv: list[str]) -> None:
    """Run `sheet` in one of its plain forms without importing Typer (`render_run`), ending
    with SystemExit as Typer would; return (for Typer to run the command) otherwise, when the
    shell asks for completions, on Windows (where Click expands wildcards itself) and with
    Typer's Rich output asked for (TYPER_USE_RICH)."""
    if not argv or argv[0] != "sheet" or os.name == "nt" or any(
            k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ) or (
            os.environ.get("TYPER_USE_RICH") != "0"):
        return
    from .render_run import as_click_runs, plain_sheet_args, write_sheet

    args = plain_sheet_args(argv[1:])
    if args is not None:
        as_click_runs(lambda: write_sheet(**args))


def _leave(code: object) -> None:
    """End the process with exit status `code` once stdout and stderr are flushed, skipping
    the interpreter's tear-down (a twentieth of a cold HTML sheet), as `os._exit` does. Returns
    (leaving the exit to Python) for a code Python prints rather than returns, or when
    flushing fails (a closed pipe), which Python's exit then reports as usual. Of the exit's
    own work, what a library's log handlers hold is written first (`logging.shutdown`, which
    Python's exit would run: a handler writing to a file loses nothing)."""
    if code is None:
        code = 0
    if not isinstance(code, int):
        return
    try:
        if "logging" in sys.modules:
            sys.modules["logging"].shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code)
