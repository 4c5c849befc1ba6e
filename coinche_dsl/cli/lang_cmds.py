"""Commands about the variant language: list, check, fmt, show, schema."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path

import typer

from . import app
from .common import OK, PROBLEMS, USAGE, fail, reported


class ShowFormat(str, Enum):
    dsl = "dsl"
    json = "json"


@app.command("list")
def list_variants() -> None:
    """List the built-in variants with their titles."""
    from ..loader import BUILTINS, load_variant

    for name in BUILTINS:
        with reported():
            rs = load_variant(name)
        print(f"{name:<12} {rs.language}  {rs.title}")


@app.command()
def check(variants: list[str] = typer.Argument(..., help="Files or built-in names.")) -> None:
    """Validate variants and run their worked examples; exit 1 if anything is wrong.

    Warnings (text inherited from nowhere, a formula case lost, rules moved since pinned) are
    printed too, on stderr; they do not change the exit code."""
    from ..engine.examples import check_examples
    from ..errors import CoincheError
    from ..loader import example_problem, resolve, validate, warnings

    bad = 0
    for target in variants:
        try:
            resolved = resolve(target)
            ruleset = validate(resolved)
            mismatches = check_examples(ruleset)
        except CoincheError as e:
            print(e, file=sys.stderr)
            bad += 1
            continue
        for found in warnings(resolved, ruleset):
            print(found, file=sys.stderr)
        for index, message in mismatches:
            print(example_problem(resolved, index, message), file=sys.stderr)
        bad += bool(mismatches)
        if not mismatches:
            print(f"{target}: ok ({len(ruleset.examples)} examples)")
    raise typer.Exit(PROBLEMS if bad else OK)


@app.command()
def fmt(
    files: list[Path] = typer.Argument(..., help="Variant files to format in place."),
    check_only: bool = typer.Option(False, "--check", help="Only report files that would change."),
    pin: bool = typer.Option(False, "--pin", help="Record the fingerprint of the rules the file "
                             "resolves to (`pin` line; the rules kept in FILE.pin.json), so that "
                             "`check` says when its base moves them."),
) -> None:
    """Lay variant files out canonically (comments kept); `--check` changes nothing."""
    from ..errors import CoincheError
    from ..syntax import decode
    from ..syntax.formatter import format_text

    if pin and check_only:
        fail("--pin writes the files: it cannot go with --check", USAGE)
    changed = broken = 0
    for path in files:
        try:
            text = decode(path.read_bytes(), str(path))
            pretty = format_text(_pinned(path, text) if pin else text, str(path))
        except OSError as e:
            fail(f"{path}: cannot read: {e.strerror}", USAGE)
        except CoincheError as e:
            print(e, file=sys.stderr)
            broken += 1  # a file that does not parse is a problem, with or without --check
            continue
        if pretty != text:
            changed += 1
            if check_only:
                print(f"{path}: would be reformatted")
            else:
                tmp = path.with_name(path.name + ".fmt-tmp")
                tmp.write_text(pretty, encoding="utf-8")
                tmp.replace(path)  # atomic: never a half-written variant file
                print(f"{path}: formatted")
    raise typer.Exit(PROBLEMS if broken or (check_only and changed) else OK)


def _pinned(path: Path, text: str) -> str:
    """`text` with its `pin` line set to the rules it resolves to; the rules kept beside it."""
    from ..inherit import pin_file, pin_record, pinned_text
    from ..loader import load_variant
    from ..model.fingerprint import fingerprint
    from ..render import write_atomic

    ruleset = load_variant(path)
    write_atomic(pin_file(str(path)), pin_record(ruleset))
    return pinned_text(text, fingerprint(ruleset))


@app.command()
def show(
    variant: str = typer.Argument(..., help="File or built-in name."),
    resolved: bool = typer.Option(False, "--resolved", help="After `extends`: every rule."),
    format: ShowFormat = typer.Option(ShowFormat.dsl, "--format", help="dsl or json."),
) -> None:
    """Print a variant: as written, or (`--resolved`) the effective ruleset after `extends`."""
    from ..loader import load_variant, locate, read_variant
    from ..syntax.writer import dump_variant

    with reported():
        if resolved:
            data = load_variant(variant).model_dump(mode="json", exclude_none=True)
            name, base = data.pop("name"), None
            data.pop("extends", None)
        else:
            parsed = read_variant(locate(variant))
            data, name, base = parsed.data, parsed.name, parsed.extends
    if format is ShowFormat.json:
        print(json.dumps({"name": name, "extends": base, **data}, indent=2, ensure_ascii=False))
    else:
        print(dump_variant(name, base, data), end="")


@app.command()
def schema() -> None:
    """Print the JSON Schema of a resolved Ruleset."""
    from ..model import Ruleset

    print(json.dumps(Ruleset.model_json_schema(), indent=2, ensure_ascii=False))
