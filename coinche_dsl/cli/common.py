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


def load(name_or_path: str) -> Any:
    """The Ruleset of a built-in name or file, or a clean exit 1."""
    from ..loader import load_variant

    with reported():
        return load_variant(name_or_path)


def run_guarded(fn: Callable[[], Any]) -> Any:
    with reported():
        return fn()
