"""The `coinche` command: thin wrappers that parse arguments, call the API and print.

Heavy libraries (pydantic, lark, jinja2, weasyprint) are imported inside commands, so that
`coinche --help` stays fast. Exit codes: 0 ok, 1 invalid input or a failed check, 2 usage
error; the same in every command.
"""

from __future__ import annotations

import gc
import os
from typing import Any

# Typer's rich help panels import rich and markdown-it on every `coinche --help` (about twice
# the command's own start-up); Click's plain layout says the same. TYPER_USE_RICH=1 brings
# the panels back.
os.environ.setdefault("TYPER_USE_RICH", "0")

import typer  # noqa: E402 - after the setting above, which typer reads when imported

app = typer.Typer(
    help="Write, check, play and print the rules of Coinche and its variants.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from coinche_dsl import __version__

        print(f"coinche_dsl {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Write, check, play and print the rules of Coinche and its variants."""


def _help_type(param: Any, ctx: Any) -> str | None:
    """The help's type column in click's words (`INTEGER`, `md|html|pdf`), nothing for a flag
    or an argument, instead of Typer's `<bool>` and `<list[Path]>` markers."""
    if getattr(param, "is_flag", False) or getattr(param, "param_type_name", "") == "argument":
        return None
    if param.metavar is not None:
        return str(param.metavar)
    label = param.display_type(ctx).strip("<>")
    label = label.removeprefix("list[").removesuffix("]")
    return {"int": "INTEGER", "str": "TEXT", "float": "NUMBER"}.get(label, label.upper()
                                                                    if "|" not in label
                                                                    else label)


def _usage_name(param: Any) -> str:
    """An argument in the usage line as click writes it: `VARIANTS...`, `[NAME]`."""
    name = str(param.display_name_raw).upper()
    name = name if param.required else f"[{name}]"
    return name + ("..." if param.nargs != 1 else "")


def _plain_help_types() -> None:
    from typer import core

    for cls in (core.TyperArgument, core.TyperOption):
        if hasattr(cls, "display_type_rich"):
            cls.display_type_rich = _help_type  # type: ignore[method-assign,assignment]
    if hasattr(core.TyperArgument, "_usage_display_name"):
        core.TyperArgument._usage_display_name = _usage_name  # type: ignore[method-assign,assignment]


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

    _plain_help_types()


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
        app()
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
