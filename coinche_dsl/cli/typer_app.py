"""The Typer application of `coinche`: the group and its `--version`.

Imported by `coinche_dsl.cli` on first use of `app`, so that importing the package (as the
`coinche` script does) costs nothing until `main` has paused the garbage collector.
"""

from __future__ import annotations

from typing import Annotated

import typer  # after `coinche_dsl.cli` set TYPER_USE_RICH, which typer reads when imported

app = typer.Typer(
    help="Write, check, play and print the rules of Coinche and its variants.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def complete_variant(incomplete: str) -> list[str]:
    """Completions of a VARIANT argument: the built-in names, then the `.coinche` files (and
    folders) that start with what is typed."""
    from pathlib import Path

    from coinche_dsl.loader import BUILTINS, SUFFIX

    names = [n for n in BUILTINS if n.startswith(incomplete)]
    folder, _, start = incomplete.rpartition("/")
    try:
        entries = sorted(Path(folder or ".").iterdir())
    except OSError:
        return names
    for entry in entries:
        shown = f"{folder}/{entry.name}" if folder else entry.name
        if entry.name.startswith(start) and not entry.name.startswith(".") and (
                entry.is_dir() or entry.name.endswith(SUFFIX)):
            names.append(shown + ("/" if entry.is_dir() else ""))
    return names


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


def _verbose(value: bool) -> None:
    """`--verbose`: on stderr, each file read (its size, and when, from the command's start),
    and the command's time when it ends."""
    if not value:
        return
    import atexit
    import sys
    import time

    from coinche_dsl.files import ON_READ

    start = time.perf_counter()

    def note(text: str) -> None:
        sys.stderr.write(f"coinche: {time.perf_counter() - start:7.3f} s  {text}\n")
        sys.stderr.flush()

    ON_READ.append(lambda path, size: note(f"read {path} ({size} bytes)"))
    atexit.register(note, "done")


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
    verbose: bool = typer.Option(False, "--verbose", "-v", callback=_verbose, is_eager=True,
                                 help="Say on stderr which files are read, when (seconds "
                                      "from the start), and the command's time: `coinche "
                                      "-v sheet club.coinche`."),
) -> None:
    """Write, check, play and print the rules of Coinche and its variants."""
