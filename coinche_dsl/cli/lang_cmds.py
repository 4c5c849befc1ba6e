"""Commands about the variant language: list, check, fmt, show, schema."""

from __future__ import annotations

import difflib
import json
import sys
from enum import Enum
from pathlib import Path
from typing import Any

import typer

from ..text_safety import for_terminal
from . import app
from .common import OK, PROBLEMS, USAGE, fail, print_folded, print_json, reported
from .render_run import Lang
from .typer_app import OptionArg, complete_variant


class SchemaOf(str, Enum):
    ruleset = "ruleset"
    score = "score"
    replay = "replay"
    game = "game"
    tournament = "tournament"


class ShowFormat(str, Enum):
    dsl = "dsl"
    json = "json"


class CheckFormat(str, Enum):
    text = "text"
    json = "json"


@app.command("list")
def list_variants(
    format: CheckFormat = typer.Option(
        CheckFormat.text, "--format", help="text, or json: each variant's name, language, "
        "title and file."),
) -> None:
    """List the built-in variants with their titles."""
    from ..loader import BUILTINS, builtin_path, load_variant

    listed = []
    for name in BUILTINS:
        with reported():
            rs = load_variant(name)
        listed.append({"name": name, "language": str(rs.language), "title": rs.title,
                       "file": str(builtin_path(name))})
    if format is CheckFormat.json:
        print(json.dumps(listed, indent=2, ensure_ascii=False))
        return
    width = max(len(v["name"]) for v in listed)
    for v in listed:
        print_folded(for_terminal(f"{v['name']:<{width}}  {v['language']}  {v['title']}"),
                     width + 6)


@app.command(short_help="Validate variants and run their worked examples.")
def check(
    variants: list[str] = typer.Argument(
        ..., autocompletion=complete_variant,
        help="Files or built-in names; - reads a variant from standard input."),
    format: CheckFormat = typer.Option(
        CheckFormat.text, "--format",
        help="text, or json: each diagnostic's file, line, column, severity, message, hint."),
    quiet: bool = typer.Option(False, "--quiet", "-q",
                               help="Print only the problems (not the ok lines)."),
    lang: Lang | None = typer.Option(
        None, "--lang", help="Say the problems in this language (default: English, whatever "
        "the files' languages, so that scripts and logs read the same everywhere)."),
) -> None:
    """Validate variants and run their worked examples; exit 1 if anything is wrong."""
    said = lang.value if lang else None
    checked = [_check_one(target, said) for target in variants]
    reports = [report for report, _ in checked]
    if format is CheckFormat.json:
        print_json({"ok": all(r["ok"] for r in reports), "variants": reports}, indent=2)
    else:
        for report in reports:
            _print_check(report, quiet, said)
    usage = any(unknown for _, unknown in checked)
    raise typer.Exit(USAGE if usage else OK if all(r["ok"] for r in reports) else PROBLEMS)


def _check_one(target: str, lang: str | None = None) -> tuple[dict[str, Any], bool]:
    """The outcome of checking one variant, as the JSON form gives it, and whether the
    argument named no variant or file (a usage error)."""
    from ..analysis import check_resolved, option_plan
    from ..errors import CoincheError, Diagnostic, UnknownVariantError, VariantError
    from ..loader import validate
    from .common import resolve_arg

    found: list[tuple[str, Diagnostic]]
    examples, written, unknown, plan = 0, 0, False, ""
    seen: dict[Any, Any] = {}  # the option combinations validated, for the plan's validation
    try:
        resolved = resolve_arg(target)
        found, examples = check_resolved(resolved, seen)
        written_examples = resolved.data.get("examples")  # the file's, whatever their options
        written = len(written_examples) if isinstance(written_examples, list) else 0
        if not any(severity == "error" for severity, _ in found):
            plan = option_plan(validate(resolved, None, seen))
    except VariantError as e:
        found = [("error", d) for d in e.diagnostics]
    except CoincheError as e:
        found, unknown = [("error", Diagnostic(None, str(e)))], isinstance(
            e, UnknownVariantError)
    return {"variant": target, "ok": not any(severity == "error" for severity, _ in found),
            "examples": examples,
            "examples_under_other_values": max(0, written - examples) if examples else 0,
            **({"options": plan} if plan else {}),
            "diagnostics": [_diagnostic_json(target, s, d, lang) for s, d in found]}, unknown


def _diagnostic_json(target: str, severity: str, d: Any, lang: str | None = None
                     ) -> dict[str, Any]:
    from ..problems import sentence

    at = d.position
    message, hint = sentence(d, lang)
    return {"file": at.file if at else target, "line": at.line if at else None,
            "column": at.column if at else None, "severity": severity,
            "message": message, "hint": hint}


def _print_check(report: dict[str, Any], quiet: bool = False, lang: str | None = None
                 ) -> None:
    from ..problems import catalog, joined

    words = catalog(lang) if lang else {}
    for d in report["diagnostics"]:
        where = f"{d['file']}:{d['line']}:{d['column']}: " if d["line"] else "coinche: "
        said = joined(d["message"], d["hint"], lang)
        severity = words.get(f"severity.{d['severity']}", d["severity"])
        print(for_terminal(f"{where}{severity}{words.get('join.severity', ': ')}{said}",
                           newlines=False), file=sys.stderr)
    if report["ok"] and not quiet:
        other = report["examples_under_other_values"]
        n = report["examples"] + other
        count = f"{n} example{'' if n == 1 else 's'}"
        if other:
            count += f", {other} run only under other option values"
        plan = f"; {report['options']}" if report.get("options") else ""
        print_folded(for_terminal(f"{report['variant']}: ok ({count}{plan})"))


@app.command(short_help="Lay variant files out canonically, comments kept.")
def fmt(
    files: list[str] = typer.Argument(
        ..., autocompletion=complete_variant,
        help="Variant files to format in place; - formats standard input to stdout."),
    check_only: bool = typer.Option(False, "--check", help="Only report files that would change."),
    pin: bool = typer.Option(False, "--pin", help="Record the fingerprint of the rules the file "
                             "resolves to (`pin` line; the rules kept in FILE.pin.json), so that "
                             "`check` says when its base moves them."),
    diff: bool = typer.Option(False, "--diff",
                              help="Print a unified diff of the changes instead of writing."),
    quiet: bool = typer.Option(False, "--quiet", "-q",
                               help="Print only the problems and the files that change."),
) -> None:
    """Lay variant files out canonically (comments kept); `--check` and `--diff` change
    nothing and exit 1 when a file would change."""
    if pin and (check_only or diff):
        fail("--pin writes the files: it cannot go with --check or --diff", USAGE)
    changed = broken = 0
    for name in files:
        outcome = _fmt_one(name, check_only, diff, pin)
        changed += outcome == "changed"
        broken += outcome == "broken"
    if check_only and not changed and not broken and not quiet:
        n = len(files)
        print(f"{n} file{'' if n == 1 else 's'} already formatted")
    raise typer.Exit(PROBLEMS if broken or ((check_only or diff) and changed) else OK)


def _fmt_one(name: str, check_only: bool, diff: bool, pin: bool = False) -> str:
    """Format one file (or stdin), pinning its rules with `pin`; `changed`, `same` or
    `broken`."""
    from ..errors import CoincheError
    from ..files import FileError, read_bytes
    from ..limits import MAX_FILE_BYTES
    from ..syntax import decode
    from ..syntax.formatter import format_text, write_in_place
    from .common import STDIN, STDIN_FILE, read_stdin_variant

    path = Path(name)
    if pin and name == STDIN:
        fail("--pin records the rules beside the file: it needs a file, not -", USAGE)
    try:
        if name == STDIN:
            text, shown = read_stdin_variant(), STDIN_FILE
            raw = text.encode("utf-8")
        else:
            raw = read_bytes(path, MAX_FILE_BYTES, "variant file")
            text, shown = decode(raw, name), name
        pretty = format_text(_pinned(path, text) if pin else text, shown)
    except CoincheError as e:
        if isinstance(e, FileError) and e.missing:  # a file that is not there: usage
            fail(str(e), USAGE)
        print(for_terminal(e), file=sys.stderr)
        return "broken"  # a file that does not parse is a problem, with or without --check
    if diff:  # the file's bytes and name shown, never obeyed (an OSC title, a U+202E)
        sys.stdout.writelines(for_terminal(line) for line in difflib.unified_diff(
            text.splitlines(keepends=True), pretty.splitlines(keepends=True), shown, shown))
    elif name == STDIN:
        sys.stdout.write(pretty if not check_only else "")
    if pretty.encode("utf-8") == raw:  # CRLF or a BOM is a change too
        return "same"
    if check_only:
        print(for_terminal(f"{shown}: would be reformatted"))
    elif not diff and name != STDIN:
        with reported():
            write_in_place(path, pretty)  # atomic, mode and symlink kept
        print(for_terminal(f"{name}: formatted"))
    return "changed"


def _pinned(path: Path, text: str) -> str:
    """`text` with its `pin` line set to the rules it resolves to; the rules kept beside it."""
    from ..inherit import pin_file, pin_record, pinned_text
    from ..loader import load_variant
    from ..model.fingerprint import fingerprint
    from ..render import write_atomic

    ruleset = load_variant(path)
    write_atomic(pin_file(str(path)), pin_record(ruleset), special=False)  # a file, only
    return pinned_text(text, fingerprint(ruleset))


@app.command(short_help="Print a variant as written, or its resolved rules.")
def show(
    variant: str = typer.Argument(..., help="File or built-in name; - for standard input.",
                                  autocompletion=complete_variant),
    resolved: bool = typer.Option(False, "--resolved", help="After `extends`: every rule "
                                  "that can come up, as a file writes it (check reads it back)."),
    format: ShowFormat = typer.Option(ShowFormat.dsl, "--format", help="dsl or json."),
    options: OptionArg = None,
) -> None:
    """Print a variant: as written, or (`--resolved`) the effective ruleset after `extends`."""
    from ..loader import locate, read_variant
    from ..syntax import parse_text
    from ..syntax.writer import dump_variant
    from .common import STDIN, STDIN_FILE, load, read_stdin_variant

    if resolved:
        ruleset = load(variant, options=options)
        data = resolved_data(ruleset) if format is ShowFormat.dsl else ruleset.model_dump(
            mode="json", exclude_none=True)
        name, base = data.pop("name"), None
        data.pop("extends", None)
    else:
        text = read_stdin_variant() if variant == STDIN else None
        with reported():
            parsed = (parse_text(text, STDIN_FILE) if text is not None
                      else read_variant(locate(variant)))
        data, name, base = parsed.data, parsed.name, parsed.extends
    if format is ShowFormat.json:
        print_json({"name": name, "extends": base, **data}, indent=2)
    else:
        print(dump_variant(name, base, data), end="")


def resolved_data(ruleset: Any) -> dict[str, Any]:
    """A resolved ruleset as `show --resolved` writes it: every rule that can come up, in the
    forms docs/language.md describes (a scale as `none`, `cards 152` or `total 162`), so that
    `coinche check` reads the output back without a warning. A rule that can never apply
    under these rules (`cards no_trump` where no-trump cannot be bid) is left out, as the
    sheet leaves it out; a switch that turns a feature off (`capot no`) is kept."""
    from ..model import Scale
    from ..model.coherence import SWITCHES
    from ..model.relevance import is_relevant, rule_paths, value_at

    data: dict[str, Any] = ruleset.model_dump(mode="json", exclude_none=True)
    for path in rule_paths():
        value = value_at(ruleset, path)
        block = data
        for part in path[:-1]:
            block = block.get(part, {})
        if path[-1] not in block:
            continue
        if path not in SWITCHES and not is_relevant(ruleset, path) and not _required(
                ruleset, path):  # a required rule is written even where it cannot apply
            del block[path[-1]]
        elif isinstance(value, Scale):
            kind = value.kind.value
            block[path[-1]] = kind if kind == "none" else [kind, value.to]
    return data


def _required(ruleset: Any, path: tuple[str, ...]) -> bool:
    from ..model.relevance import value_at

    field = type(value_at(ruleset, path[:-1])).model_fields.get(path[-1])
    return field is not None and field.is_required()


@app.command(short_help="Print the JSON Schema of a ruleset or of an input.")
def schema(of: SchemaOf = typer.Argument(SchemaOf.ruleset, help="ruleset (a resolved variant), "
                                         "score (a deal summary), replay (a deal record) or "
                                         "game (a score pad's game record) or tournament.")
           ) -> None:
    """Print a JSON Schema: of a resolved Ruleset, of the input of `score` or `replay`, or of
    a game record (`marque`)."""
    from ..model import DealSummary, Ruleset
    from ..model.docstrings import json_schema
    from ..model.record import ReplayRecord
    from ..pad.record import GameRecord
    from ..pad.tournament import Tournament

    model: Any = {SchemaOf.ruleset: Ruleset, SchemaOf.score: DealSummary,
                  SchemaOf.replay: ReplayRecord, SchemaOf.game: GameRecord,
                  SchemaOf.tournament: Tournament}[of]
    print(json.dumps(json_schema(model), indent=2, ensure_ascii=False))
