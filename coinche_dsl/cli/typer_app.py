"""The Typer application of `coinche`: the group, its `--version`, and click's plain help.

Imported by `coinche_dsl.cli` on first use of `app`, so that importing the package (as the
`coinche` script does) costs nothing until `main` has paused the garbage collector.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer  # after `coinche_dsl.cli` set TYPER_USE_RICH, which typer reads when imported

app = typer.Typer(
    help="Write, check, play and print the rules of Coinche and its variants.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


OPTION_HELP = ("NAME=VALUE: play the variant's option NAME at VALUE instead of its default "
               "(repeatable; `coinche show VARIANT` lists the options).")
OptionArg = Annotated[list[str] | None, typer.Option("--option", help=OPTION_HELP,
                                                     metavar="NAME=VALUE")]
"""`--option NAME=VALUE`, as the commands over a variant take it."""


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


def plain_help_types() -> None:
    """Click's words in the help's type column and usage line (`_help_type`, `_usage_name`)."""
    from typer import core

    for cls in (core.TyperArgument, core.TyperOption):
        if hasattr(cls, "display_type_rich"):
            cls.display_type_rich = _help_type  # type: ignore[method-assign,assignment]
    if hasattr(core.TyperArgument, "_usage_display_name"):
        core.TyperArgument._usage_display_name = _usage_name  # type: ignore[method-assign,assignment]
