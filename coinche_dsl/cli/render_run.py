"""What `sheet` and `compare` do once their arguments are read, without Typer: the formats,
the output, and `sheet` itself, which `main` runs without Typer for its plain forms.

A cold `coinche sheet ffb -o ffb.html` spent 6.6% of its instructions (96M of 1,440M, some
12 ms) importing Typer and building its parameters. The plain forms, `sheet VARIANT` with
`-o FILE` (not a PDF) and any of `--lang`, `--format`, `--card`, `--option` written as
separate words, mean one thing to Click; `plain_sheet_args` reads those. Anything else (help,
`=`, `--`, an unknown or repeated option, a value Click would refuse) goes to Typer, which
prints its usage and errors as it always has. tests/test_sheet_without_typer.py checks that
both readings agree, and both paths write, print and exit alike.
"""

from __future__ import annotations

import errno
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any

from .common import USAGE, fail, load, reported


class Lang(StrEnum):
    en = "en"
    fr = "fr"
    es = "es"
    it = "it"
    pt = "pt"


class SheetFormat(StrEnum):
    md = "md"
    html = "html"
    pdf = "pdf"


class CompareFormat(StrEnum):
    md = "md"
    html = "html"
    pdf = "pdf"
    json = "json"


def emit(data: str | bytes, output: Path | None) -> None:
    """Write to `output` atomically, or text to stdout; PDF needs a file."""
    from ..render import write_atomic

    if output is not None:
        with reported():
            write_atomic(output, data)
        return
    if isinstance(data, bytes):
        fail("a PDF is written to a file: add -o FILE.pdf", USAGE)
    from ..text_safety import for_json

    sys.stdout.write(for_json(data))  # a control character left in JSON: escaped, not obeyed


def format_of(chosen: StrEnum | None, output: Path | None, allowed: type[StrEnum]) -> str:
    """The chosen format, else the one `-o`'s suffix names (`x.pdf`), else md."""
    suffix = output.suffix.lower().lstrip(".") if output else ""
    suffix = {"htm": "html", "markdown": "md"}.get(suffix, suffix)
    return chosen.value if chosen else (suffix if suffix in allowed.__members__ else "md")


def chosen_format(chosen: StrEnum | None, output: Path | None, allowed: type[StrEnum]) -> str:
    """`format_of`; PDF needs -o."""
    fmt = format_of(chosen, output, allowed)
    if fmt == "pdf" and output is None:
        fail("a PDF is written to a file: add -o FILE.pdf", USAGE)
    return fmt


def write_sheet(variant: str, lang: Lang | None, format: SheetFormat | None,
                output: Path | None, card: bool, options: list[str] | None) -> None:
    """The `sheet` command: a variant's rule sheet or card, written to `output` or stdout."""
    from ..render import card as render_card
    from ..render import sheet as render_sheet

    fmt = chosen_format(format, output, SheetFormat)
    ruleset = load(variant, warn=True, options=options)
    with reported():
        data = (render_card if card else render_sheet)(ruleset, lang.value if lang else None, fmt)
    emit(data, output)


_VALUED = {"--lang": "lang", "--format": "format", "-o": "output", "--output": "output",
           "--option": "options"}


def plain_sheet_args(argv: list[str]) -> dict[str, Any] | None:
    """`write_sheet`'s arguments from the words after `sheet` when they are a plain form
    (see the module), else None: Typer reads them."""
    args: dict[str, Any] = {"variant": None, "lang": None, "format": None, "output": None,
                            "card": False, "options": None}
    words = iter(argv)
    for word in words:
        if word == "--card" and not args["card"]:
            args["card"] = True
        elif word in _VALUED:
            value = next(words, None)
            key = _VALUED[word]
            if value is None or value.startswith("-") or (args[key] is not None
                                                          and key != "options"):
                return None
            args[key] = [*(args["options"] or []), value] if key == "options" else value
        elif args["variant"] is None and (word == "-" or not word.startswith("-")):
            args["variant"] = word
        else:
            return None
    if args["variant"] is None or args["output"] is None or (
            args["lang"] not in (None, *Lang.__members__)) or (
            args["format"] not in (None, *SheetFormat.__members__)):
        return None
    args["lang"] = Lang(args["lang"]) if args["lang"] else None
    args["format"] = SheetFormat(args["format"]) if args["format"] else None
    args["output"] = Path(args["output"])
    # A PDF goes to Typer: a second of WeasyPrint's layout dwarfs Typer's 12 ms, and that
    # layout ran 3-5% slower without Typer before it (some 8,000 more page faults, the same
    # bytes written; the cause is not found).
    return None if format_of(args["format"], args["output"], SheetFormat) == "pdf" else args


def as_click_runs(command: Callable[[], None]) -> None:
    """Run `command` and end as Typer's standalone mode (`typer.core._main`) ends a command:
    SystemExit 0 when it returns; 130 on Ctrl-C; 1 with "Aborted!" at an end of input; 1
    quietly when a pipe it writes to is closed (its flush at exit silenced, as Click's
    `PacifyFlushWrapper` does)."""
    try:
        command()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except EOFError:
        print(file=sys.stderr)
        print("Aborted!", file=sys.stderr)
        raise SystemExit(1) from None
    except OSError as e:
        if e.errno != errno.EPIPE:
            raise
        sys.stdout = _Pacified(sys.stdout)  # type: ignore[assignment]
        sys.stderr = _Pacified(sys.stderr)  # type: ignore[assignment]
        raise SystemExit(1) from None
    raise SystemExit(0)


class _Pacified:
    """A stream whose flush ignores a closed pipe (what Click leaves on stdout and stderr)."""

    def __init__(self, wrapped: Any):
        self.wrapped = wrapped

    def flush(self) -> None:
        try:
            self.wrapped.flush()
        except OSError as e:
            if e.errno != errno.EPIPE:
                raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)
