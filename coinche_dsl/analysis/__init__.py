"""Editor analysis of a variant file's text: diagnostics, completion, hover, definition,
symbols and formatting, as pure functions of (text, file name, cursor).

The language server (`coinche lsp`) is a thin adapter over this module, and a browser studio
can call the same functions. Lines and columns are 1-based, counted in characters, like every
`file:line:col` of the package.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..errors import CoincheError, Diagnostic, Position, VariantError, args
from ..loader import (
    BUILTINS,
    BaseReader,
    Resolved,
    _base_path,
    example_problem,
    resolve,
    validate_combination,
    validated,
    warnings,
)
from ..model import Ruleset
from ..syntax import ParsedVariant, parse_text
from ..syntax.parser import DataPath
from .context import BlockContext, context_at, field_at, fields_in, value_choices, word_at


@dataclass(frozen=True)
class Finding:
    """One diagnostic, placed in the analysed file: a span, a severity and words."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    severity: str
    """`error` or `warning`."""
    message: str
    hint: str = ""
    fix: str | None = None
    """The replacement a "did you mean" proposes for the span, when there is one."""
    code: str = ""
    """What kind of problem it is (`errors.Diagnostic.code`); empty for one said in English
    only."""

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "column": self.column,
                "severity": self.severity, "message": self.message, "hint": self.hint}


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str
    """`block`, `setting`, `choice`, `quantity` or `variant`."""
    detail: str = ""
    insert: str | None = None
    """Text to insert when it differs from the label (a quoted variant name)."""


@dataclass(frozen=True)
class Location:
    file: str
    line: int
    column: int


@dataclass
class Symbol:
    name: str
    kind: str
    """`variant`, `block`, `setting`, `formula`, `example`, `option` or `value` (an
    option's)."""
    line: int
    column: int
    end_line: int
    end_column: int
    children: list[Symbol] = field(default_factory=list)
    detail: str = ""
    """An option's title, a value's label."""


# --- resolving an unsaved text -------------------------------------------------------------

def resolve_text(text: str, file: str = "<string>", bases: BaseReader | None = None
                 ) -> tuple[Resolved, ParsedVariant]:
    """The text parsed and merged over its bases (read from disk, as `check` would, or found
    by `bases`): the loader's own `resolve`, with the unsaved text as the variant's file."""
    parsed = parse_text(text, file)
    return resolve(file, own=parsed, bases=bases), parsed


def base_of(parsed: ParsedVariant) -> Resolved | None:
    """The resolved base a file extends, or None (no `extends`, or a broken base)."""
    if parsed.extends is None:
        return None
    try:
        return resolve(_base_path(parsed))
    except CoincheError:
        return None


def read_document(path: str) -> str:
    """The text of a variant file read as `check` reads it (`files.read_bytes`: a regular file
    of at most MAX_FILE_BYTES, never a FIFO or a device); VariantError or FileError."""
    from ..files import read_bytes
    from ..limits import MAX_FILE_BYTES
    from ..syntax import decode

    return decode(read_bytes(path, MAX_FILE_BYTES, "variant file"), path)


def check_resolved(resolved: Resolved, seen: dict[Any, Any] | None = None
                   ) -> tuple[list[tuple[str, Diagnostic]], int]:
    """(severity, diagnostic) for every problem of a resolved variant, found in one run, and
    its example count: field and cross-field errors, worked examples that disagree with the
    engine (skipped, with a note, when a setting in error changes what they compute), then
    warnings. `seen` keeps the validations of the option combinations for the caller's next
    `validate` calls (see `loader.validate`)."""
    from ..engine.examples import example_failures

    outcome = validated(resolved)
    found = [(d.severity, d) for d in outcome.errors]
    ruleset = outcome.ruleset
    if ruleset is None:
        return found, 0
    if outcome.exact:
        failed = [f for f in example_failures(ruleset)
                  if outcome.examples[f.index] not in outcome.bad_examples]
        found += [("error", example_problem(resolved, outcome.examples[f.index], f.message,
                                            f.code, f.params)) for f in failed]
        if not outcome.errors:  # the other option values, once the file is otherwise sound
            found += option_runs(resolved, ruleset, {outcome.examples[f.index] for f in failed},
                                 seen)
    else:
        found.append(("warning", Diagnostic(resolved.header, "the worked examples were not "
                                            "run: a setting they depend on is in error",
                                            severity="warning", code="note.examples_not_run")))
    if outcome.exact:
        found += [("warning", d) for d in warnings(resolved, ruleset, seen)]
    return found, len(ruleset.examples) if outcome.exact else 0


def option_runs(resolved: Resolved, ruleset: Ruleset, reported: set[int],
                seen: dict[Any, Any] | None = None) -> list[tuple[str, Diagnostic]]:
    """The worked examples run under the other option values (`option_plan` says which): each
    disagreement names the values it was run under; an example is reported once (`reported`:
    the places of those already found wrong)."""
    from ..engine.examples import example_failures
    from ..limits import MAX_OPTION_COMBINATIONS
    from ..options import combinations

    found: list[tuple[str, Diagnostic]] = []
    # Each combination is validated once, alone (`validate_combination`): its neighbours are
    # runs of their own, or (each value against the defaults) those of the defaults, which the
    # caller's `validate` finds in `seen`. The runs stay at most 1 + MAX_OPTIONS x
    # (MAX_OPTION_VALUES - 1) validations (tests/test_options.py counts them).
    seen = {} if seen is None else seen
    for choices in combinations(ruleset.options, MAX_OPTION_COMBINATIONS)[0]:
        label = ", ".join(f"{k} = {v}" for k, v in choices.items())
        try:
            under = validate_combination(resolved, choices, seen)
        except VariantError as e:  # two values that are each valid, and together are not
            found += [("error", replace(d, message=f"with option {label}: {d.message}",
                                        severity="error").with_params(under=label))
                      for d in e.diagnostics]
            continue
        index = _example_index(resolved)
        for f in example_failures(under):
            place = index[under.examples[f.index].name]
            if place in reported:
                continue
            reported.add(place)
            d = example_problem(resolved, place, f.message, f.code, f.params)
            found.append(("error", replace(d, message=f"with option {label}: {d.message}")
                          .with_params(under=label)))
    return found


def _example_index(resolved: Resolved) -> dict[str, int]:
    """Each example's place in the file (an option's run keeps only the examples it holds)."""
    examples = resolved.data.get("examples")
    return {str(ex.get("name")): i for i, ex in enumerate(examples if isinstance(
        examples, list) else []) if isinstance(ex, dict)}


def option_plan(ruleset: Ruleset) -> str:
    """What `check` says of its option runs: every combination, or each option's values
    against the others' defaults (when the combinations pass MAX_OPTION_COMBINATIONS)."""
    from ..limits import MAX_OPTION_COMBINATIONS
    from ..options import combinations

    if not ruleset.options:
        return ""
    runs, every = combinations(ruleset.options, MAX_OPTION_COMBINATIONS)
    if every:
        return f"examples run under all {len(runs) + 1} combinations of its options"
    return (f"examples run under each option's values with the others at their defaults "
            f"({len(runs) + 1} runs: all combinations would be more than "
            f"{MAX_OPTION_COMBINATIONS})")


# --- diagnostics ----------------------------------------------------------------------------

_DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'")


def diagnose(text: str, file: str = "<string>", bases: BaseReader | None = None,
             lang: str | None = None) -> list[Finding]:
    """Every located problem of the text, as `coinche check` reports it; a problem found in a
    base file is shown at the `extends` that brings it in. `bases` finds what it extends
    (`loader.BaseReader`; by default, built-ins and files beside `file`). A text over
    `check`'s size limit is refused as `check` refuses the file: one problem, nothing
    analysed. Messages and hints are in `lang` (the problem catalogs, `problems`), in their
    English words without one."""
    return [_said(f, d, lang) for f, d in _diagnosed(text, file, bases)]


def _said(f: Finding, d: Diagnostic, lang: str | None) -> Finding:
    from ..problems import in_file, sentence

    if lang is None or not d.code:
        return replace(f, code=d.code)
    message, hint = sentence(d, lang)
    if f.message != d.message and d.position is not None:  # a base's, shown at `extends`
        message = in_file(Path(d.position.file).name, d.position.line, lang) + message
    return replace(f, message=message, hint=hint, code=d.code)


def _diagnosed(text: str, file: str, bases: BaseReader | None
               ) -> list[tuple[Finding, Diagnostic]]:
    from ..syntax.parser import MAX_BYTES

    if len(text) > MAX_BYTES // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        big = Diagnostic(Position(file, 1, 1), f"file is more than {MAX_BYTES:,} bytes; "
                         f"variant files are limited to {MAX_BYTES:,}", code="file.too_large",
                         params=args(n=MAX_BYTES))
        return [(_finding(text, file, "error", big, None), big)]
    try:
        resolved, parsed = resolve_text(text, file, bases)
    except VariantError as e:
        return [(_finding(text, file, "error", d, None), d) for d in e.diagnostics]
    except CoincheError as e:
        d = Diagnostic(None, str(e))
        return [(_finding(text, file, "error", d, None), d)]
    found, _ = check_resolved(resolved)
    anchor = parsed.extends_at or parsed.header
    return [(_finding(text, file, severity, d, anchor), d) for severity, d in found]


def _finding(text: str, file: str, severity: str, d: Diagnostic,
             anchor: Position | None) -> Finding:
    at = d.position
    message = d.message
    if at is None or at.file != file:
        if at is not None:
            message = f"{Path(at.file).name}:{at.line}:{at.column}: {message}"
        at = anchor or Position(file, 1, 1)
    line, column, end = _span(text, at.line, at.column, d.text if at is d.position else "")
    fix = None
    match = _DID_YOU_MEAN.search(d.hint)
    if at is d.position and (d.values.get("fix") or match):
        fix = str(d.values.get("fix") or (match.group(1) if match else ""))
    return Finding(file, line, column, line, end, severity, message, d.hint, fix)


def _span(text: str, line: int, column: int, offending: str = "") -> tuple[int, int, int]:
    """The word at a position, or the offending text written from there (a setting's bad
    value): (line, column, end column), at least one character wide."""
    lines = text.splitlines() or [""]
    line = min(max(line, 1), len(lines))
    needle = offending.strip("'\"")
    if needle:
        m = re.compile(rf"(?<![\w-]){re.escape(needle)}(?![\w-])").search(lines[line - 1],
                                                                          column - 1)
        if m:
            return line, m.start() + 1, m.end() + 1
    found = word_at(lines[line - 1], column - 1)
    if found is None:
        return line, column, column + 1
    start, end = found
    return line, start + 1, end + 1


def file_language(text: str, file: str = "<string>") -> str | None:
    """The language the file's sheets are in (its own `language`, else its bases'), None when
    it cannot be told (a file that does not parse, a base that cannot be read)."""
    try:
        lang = resolve_text(text, file)[0].data.get("language")
    except CoincheError:
        found = re.search(r"^\s*language\s+([a-z]{2})\b", text, re.M)
        lang = found.group(1) if found else None
    return lang if isinstance(lang, str) else None


# --- completion, hover, definition -----------------------------------------------------------

def complete(text: str, line: int, column: int) -> list[Completion]:
    """What may be written at the cursor: setting and block names valid in the cursor's block,
    the choices of the setting being written, quantities in a formula, built-ins after
    `extends`; nothing inside a comment."""
    if _in_comment(text, line, column):
        return []
    ctx = context_at(text, line, column)
    if ctx.after_extends:
        return [Completion(name, "variant", "built-in variant", f'"{name}"') for name in BUILTINS]
    if ctx.in_formula:
        from ..model.expr import QUANTITIES

        return [Completion(form, "quantity", q.doc) for q in QUANTITIES.values()
                for form in ([f"{q.name}({side})" for side in q.sides] or [q.name])]
    if ctx.setting is not None:
        info = field_at((*ctx.path, ctx.setting))
        return [Completion(c, "choice", ctx.setting) for c in value_choices(info)]
    return [Completion(name, kind, doc) for name, kind, doc in fields_in(ctx.path)]


def _in_comment(text: str, line: int, column: int) -> bool:
    """Whether the cursor (1-based line and column) is after a `#` of its line that is not
    inside a quoted text."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return False
    quoted = escaped = False
    for c in lines[line - 1][:max(column - 1, 0)]:
        if quoted:
            quoted = escaped or c != '"'
            escaped = not escaped and c == "\\"
        elif c == '"':
            quoted = True
        elif c == "#":
            return True
    return False


def hover(text: str, line: int, column: int, file: str = "<string>") -> str | None:
    """Markdown about the word at the cursor: a setting's docstring, default, and the value
    its base gives it and where; a block's purpose; a quantity's meaning."""
    ctx = context_at(text, line, column, whole_word=True)
    if ctx.word is None:
        return None
    if ctx.in_formula:
        from ..model.expr import QUANTITIES

        q = QUANTITIES.get(ctx.word)
        return f"**{q.name}** ({q.type}): {q.doc}" if q else None
    if not ctx.at_name:
        return _choice_hover(ctx)
    if ctx.word == "option" and not ctx.path:
        from .context import OPTION_DOC

        return f"**option**\n\n{OPTION_DOC}"
    info = field_at((*ctx.path, ctx.word))
    if info is None:
        return None
    path = ".".join(str(p) for p in (*ctx.path, ctx.word))
    out = [f"**{path}**", "", info.doc]
    if info.default is not None:
        out += ["", f"Default: `{info.default}`"]
    inherited = _inherited(text, file, (*ctx.path, ctx.word))
    if inherited is not None:
        out += ["", inherited]
    return "\n".join(out).strip()


def _choice_hover(ctx: BlockContext) -> str | None:
    """A setting's value that is one of its choices: the setting and the other choices."""
    if ctx.setting is None or ctx.word is None:
        return None
    info = field_at((*ctx.path, ctx.setting))
    choices = value_choices(info)
    if info is None or ctx.word not in choices:
        return None
    path = ".".join((*ctx.path, ctx.setting))
    others = ", ".join(f"`{c}`" for c in choices)
    return f"**{path}** `{ctx.word}`\n\n{info.doc}\n\nChoices: {others}"


def _fenced(text: str) -> str:
    """`text` in a code fence it cannot close (a base's strings may hold backticks)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}coinche\n{text}\n{fence}"


def _inherited(text: str, file: str, path: DataPath) -> str | None:
    """What the base says for `path`, as written, and where; None without a base value."""
    from ..syntax.writer import dump_variant

    base = _base_for(text, file)
    if base is None or path[:1] == ("examples",):
        return None
    value: Any = base.data
    for part in path:
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    at = base.positions.get(path)
    where = f"{Path(at.file).name}:{at.line}" if at else "the base"
    if isinstance(value, dict) and "op" not in value:
        return f"Extends the block of {where}."
    body = dump_variant("x", None, {str(path[-1]): value}).splitlines()[1:-1]
    written = "\n".join(line[2:] for line in body)
    return f"Inherited from {where}:\n{_fenced(written)}"


def _base_for(text: str, file: str) -> Resolved | None:
    try:
        parsed = parse_text(text, file)
    except CoincheError:
        return None
    return base_of(parsed)


def definition(text: str, line: int, column: int, file: str = "<string>") -> Location | None:
    """Where the word at the cursor is defined: the base file for an `extends` name, the base's
    line for a setting this file overrides or a block it extends."""
    ctx = context_at(text, line, column, whole_word=True)
    if ctx.word is None:
        return None
    base = _base_for(text, file)
    if base is None:
        return None
    if ctx.extends_name:
        return Location(base.chain[0], base.header.line, base.header.column)
    if ctx.at_name and ctx.path[:1] != ("examples",):
        at = base.positions.get((*ctx.path, ctx.word))
        if at is not None:
            return Location(at.file, at.line, at.column)
    return None


# --- symbols and formatting ------------------------------------------------------------------

def symbols(text: str, file: str = "<string>") -> list[Symbol]:
    """The outline: the variant, its blocks, settings, formulas and examples (empty when the
    text does not parse)."""
    from ..syntax.parser import parse_with_comments, string_value

    try:
        tree, _ = parse_with_comments(text, file)
    except CoincheError:
        return []
    node: Any = tree.children[0]
    out = Symbol(string_value(node.children[0]), "variant", *_range(node))
    out.children = [_symbol(item, string_value) for item in node.children[1:]
                    if item.data != "extends"]
    return [out]


_KINDS = {"section": "block", "setting": "setting", "formula": "formula", "example": "example",
          "option": "option", "option_value": "value"}


def _symbol(item: Any, string_value: Any) -> Symbol:
    from lark import Token, Tree

    name_tok, *rest = item.children
    name = string_value(name_tok) if item.data == "example" else str(name_tok)
    out = Symbol(name, _KINDS[item.data], *_range(item))
    if item.data in ("setting", "formula"):
        return out
    if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
        out.detail = string_value(rest[0])  # an option's title, a value's label
    if item.data == "option":  # its values, inside their braces
        rest = rest[-1].children if rest and isinstance(rest[-1], Tree) else []
    out.children = [_symbol(i, string_value) for i in rest if isinstance(i, Tree)]
    return out


def _range(node: Any) -> tuple[int, int, int, int]:
    meta = node.meta
    return meta.line, meta.column, meta.end_line, meta.end_column


def format_document(text: str, file: str = "<string>") -> str | None:
    """The canonical layout of the text, or None when it does not parse."""
    from ..syntax.formatter import format_text

    try:
        return format_text(text, file)
    except CoincheError:
        return None


__all__ = ["BlockContext", "Completion", "Finding", "Location", "Symbol", "check_resolved",
           "complete", "definition", "diagnose", "file_language", "format_document", "hover",
           "resolve_text", "symbols"]
