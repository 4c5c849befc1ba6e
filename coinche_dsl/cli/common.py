"""Helpers shared by the command modules: error printing and exit codes."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer

OK, PROBLEMS, USAGE = 0, 1, 2


def fail(message: str, code: int = PROBLEMS) -> NoReturn:
    """Print `message` on stderr (control characters shown, never obeyed) and exit."""
    from ..text_safety import for_terminal

    print(for_terminal(message), file=sys.stderr)
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


def read_json(source: str) -> Any:
    """The JSON document of a file or of standard input (`-`), read no further than
    MAX_JSON_BYTES (`/dev/zero` is refused, not read whole); exit 1 naming the problem."""
    import json

    from ..limits import MAX_JSON_BYTES

    name = "standard input" if source == "-" else source
    try:
        if source == "-":
            raw = sys.stdin.buffer.read(MAX_JSON_BYTES + 1)
        else:
            with open(source, "rb") as f:
                raw = f.read(MAX_JSON_BYTES + 1)
    except OSError as e:
        fail(f"{name}: cannot read: {e.strerror}")
    if len(raw) > MAX_JSON_BYTES:
        fail(f"{name}: more than {MAX_JSON_BYTES:,} bytes; a deal is far smaller")
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        fail(f"{name}: not UTF-8 text")
    except json.JSONDecodeError as e:
        fail(f"{name}:{e.lineno}:{e.colno}: invalid JSON: {e.msg}")
    except RecursionError:
        fail(f"{name}: invalid JSON: nested too deeply")
    except ValueError:  # the only other one: an integer past Python's digit limit
        fail(f"{name}: invalid JSON: a number has too many digits")


def print_json(data: Any, indent: int | None = None) -> None:
    """JSON on stdout, with any control character of the input escaped (never obeyed)."""
    import json

    from ..text_safety import for_json

    print(for_json(json.dumps(data, ensure_ascii=False, indent=indent)))


def run_guarded(fn: Callable[[], Any]) -> Any:
    with reported():
        return fn()
