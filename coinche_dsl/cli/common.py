"""Helpers shared by the command modules: error printing and exit codes."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer

OK, PROBLEMS, USAGE = 0, 1, 2


def fail(message: str, code: int = PROBLEMS) -> NoReturn:
    """Print `message` on stderr and exit with `code`."""
    print(message, file=sys.stderr)
    raise typer.Exit(code)


@contextmanager
def reported() -> Iterator[None]:
    """Turn the package's errors into a message on stderr and exit code 1, never a traceback."""
    from ..errors import CoincheError

    try:
        yield
    except CoincheError as e:
        fail(str(e))


def load(name_or_path: str, warn: bool = False) -> Any:
    """The Ruleset of a built-in name or file, or a clean exit 1; with `warn`, the variant's
    warnings are printed on stderr first (`sheet` does: a sheet is what a club hands out)."""
    from ..loader import load_checked

    with reported():
        loaded = load_checked(name_or_path)
    for found in loaded.warnings if warn else []:
        print(found, file=sys.stderr)
    return loaded.ruleset


def run_guarded(fn: Callable[[], Any]) -> Any:
    with reported():
        return fn()
