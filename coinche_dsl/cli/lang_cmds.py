"""Commands about the variant language: list, check, fmt, show, schema."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Any

import typer

from ..text_safety import for_terminal
from . import app
from .common import OK, PROBLEMS, USAGE, fail, print_json, reported


class SchemaOf(str, Enum):
    ruleset = "ruleset"
    score = "score"
    replay = "replay"


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
    """Validate variants and run their worked examples; exit 1 if anything is wrong."""
    from ..errors import CoincheError
    from ..loader import position_of, resolve, validate

    bad = 0
    for target in variants:
        try:
            resolved = resolve(target)
            ruleset = validate(resolved)
            from ..engine.examples import check_examples

            mismatches = check_examples(ruleset)
        except CoincheError as e:
            print(for_terminal(e), file=sys.stderr)
            bad += 1
            continue
        for index, message in mismatches:
            where = position_of(("examples", index), resolved)
            print(for_terminal(f"{where}: error: {message}", newlines=False), file=sys.stderr)
        bad += bool(mismatches)
        if not mismatches:
            print(for_terminal(f"{target}: ok ({len(ruleset.examples)} examples)"))
    raise typer.Exit(PROBLEMS if bad else OK)


@app.command()
def fmt(
    files: list[Path] = typer.Argument(..., help="Variant files to format in place."),
    check_only: bool = typer.Option(False, "--check", help="Only report files that would change."),
) -> None:
    """Lay variant files out canonically (comments kept); `--check` changes nothing."""
    from ..errors import CoincheError
    from ..syntax import decode, read_limited
    from ..syntax.formatter import format_text, write_in_place

    changed = broken = 0
    for path in files:
        try:
            raw = read_limited(path)
            text = decode(raw, str(path))
            pretty = format_text(text, str(path))
        except OSError as e:
            fail(f"{path}: cannot read: {e.strerror}", USAGE)
        except CoincheError as e:
            print(for_terminal(e), file=sys.stderr)
            broken += 1  # a file that does not parse is a problem, with or without --check
            continue
        if pretty.encode("utf-8") != raw:  # CRLF or a BOM is a change too
            changed += 1
            if check_only:
                print(for_terminal(f"{path}: would be reformatted"))
            else:
                with reported():
                    write_in_place(path, pretty)
                print(for_terminal(f"{path}: formatted"))
    raise typer.Exit(PROBLEMS if broken or (check_only and changed) else OK)


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
        print_json({"name": name, "extends": base, **data}, indent=2)
    else:
        print(dump_variant(name, base, data), end="")


@app.command()
def schema(of: SchemaOf = typer.Argument(SchemaOf.ruleset, help="ruleset (a resolved variant), "
                                         "score (a deal summary) or replay (a deal record).")
           ) -> None:
    """Print a JSON Schema: of a resolved Ruleset, or of the input of `score` or `replay`."""
    from ..model import DealSummary, Ruleset
    from ..model.record import ReplayRecord

    model: Any = {SchemaOf.ruleset: Ruleset, SchemaOf.score: DealSummary,
             SchemaOf.replay: ReplayRecord}[of]
    print(json.dumps(model.model_json_schema(), indent=2, ensure_ascii=False))
