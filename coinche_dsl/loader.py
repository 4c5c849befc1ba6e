"""Variant files to a validated Ruleset: find, parse, resolve `extends`, validate, report.

`extends` is resolved on raw data before validation: blocks merge, scalars and lists replace.
Every problem of a file (and of its bases) is reported at once, each at `file:line:col`.
"""

from __future__ import annotations

import difflib
import re
import typing
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .errors import Diagnostic, Position, UnknownVariantError, VariantError
from .model import Ruleset
from .model.checks import check_ruleset
from .syntax import ParsedVariant, decode, parse_text
from .syntax.parser import DataPath

BUILTINS = ("ffb", "ffb-contree", "es-club", "pt-online", "it-701", "fr-brut", "fr-bga")
"""The built-in variants, in the order `coinche list` shows them (an explicit list: no registry)."""
SUFFIX = ".coinche"
MAX_EXTENDS_DEPTH = 8


def builtin_dir() -> Path:
    """The built-in variants: the source tree's `variants/`, or the copy inside the wheel."""
    here = Path(__file__).resolve().parents[1] / "variants"
    if (here / f"ffb{SUFFIX}").is_file():
        return here
    return Path(str(resources.files("coinche_dsl").joinpath("data/variants")))


def builtin_path(name: str) -> Path:
    return builtin_dir() / f"{name}{SUFFIX}"


@dataclass
class Resolved:
    """A variant after `extends`: merged raw data and where each value was written."""

    data: dict[str, Any]
    positions: dict[DataPath, Position]
    header: Position
    chain: list[str]
    """The files read, the variant's own first."""


def locate(name_or_path: str | Path) -> Path:
    """A built-in name or a file path, as a path; UnknownVariantError otherwise."""
    text = str(name_or_path)
    if text in BUILTINS:
        return builtin_path(text)
    path = Path(text)
    if path.is_file():
        return path
    close = difflib.get_close_matches(text, BUILTINS, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else f"; built-ins: {', '.join(BUILTINS)}"
    raise UnknownVariantError(f"no built-in variant or file named '{text}'{hint}")


def read_variant(path: Path) -> ParsedVariant:
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise VariantError([Diagnostic(None, f"cannot read {path}: {e.strerror}")]) from None
    return parse_text(decode(raw, str(path)), str(path))


def resolve(name_or_path: str | Path) -> Resolved:
    """Parse a variant and its bases and merge them, base first."""
    path = locate(name_or_path)
    chain: list[ParsedVariant] = []
    seen: list[Path] = []
    while True:
        real = path.resolve()
        if real in seen:
            cycle = " -> ".join(p.name for p in [*seen, real])
            last = chain[-1]
            raise VariantError([Diagnostic(last.extends_at, f"extends makes a cycle: {cycle}")])
        if len(seen) >= MAX_EXTENDS_DEPTH:
            raise VariantError([Diagnostic(chain[-1].extends_at, "extends goes too deep")])
        seen.append(real)
        parsed = read_variant(path)
        chain.append(parsed)
        if parsed.extends is None:
            break
        path = _base_path(parsed)
    data: dict[str, Any] = {}
    positions: dict[DataPath, Position] = {}
    for parsed in reversed(chain):
        merge(data, positions, parsed.data, parsed.positions, ())
    own = chain[0]
    data["name"] = own.name
    data["extends"] = own.extends
    assert own.header is not None
    positions[("name",)] = own.header
    if own.extends_at:
        positions[("extends",)] = own.extends_at
    return Resolved(data, positions, own.header, [p.file for p in chain])


def _base_path(parsed: ParsedVariant) -> Path:
    """Where `extends` points: a built-in name, or a file in the variant's own folder."""
    target = parsed.extends or ""
    if target in BUILTINS:
        return builtin_path(target)
    folder = Path(parsed.file).resolve().parent
    candidate = (folder / (target if target.endswith(SUFFIX) else target + SUFFIX)).resolve()
    if not candidate.is_relative_to(folder) or "/" in target or "\\" in target:
        raise VariantError([Diagnostic(parsed.extends_at,
                                       f"extends '{target}' must be a built-in name or a "
                                       f"{SUFFIX} file in the same folder")])
    if not candidate.is_file():
        close = difflib.get_close_matches(target, BUILTINS, n=1)
        raise VariantError([Diagnostic(
            parsed.extends_at, f"extends '{target}': no built-in variant or file of that name",
            text=target, hint=f"did you mean '{close[0]}'?" if close else
            f"built-ins: {', '.join(BUILTINS)}")])
    return candidate


def merge(data: dict[str, Any], positions: dict[DataPath, Position], over: dict[str, Any],
          over_positions: dict[DataPath, Position], path: DataPath) -> None:
    """Deep-merge `over` into `data`: blocks merge, scalars and lists replace."""
    for key, value in over.items():
        sub = (*path, key)
        # a formula (`{"op": …}`) replaces the base's whole: merging would graft its leaves
        if _is_block(value) and _is_block(data.get(key)):
            merge(data[key], positions, value, over_positions, sub)
            if sub in over_positions:
                positions[sub] = over_positions[sub]
            continue
        for p in [p for p in positions if p[: len(sub)] == sub]:
            del positions[p]
        data[key] = value
        positions.update({p: at for p, at in over_positions.items() if p[: len(sub)] == sub})


def _is_block(value: Any) -> bool:
    return isinstance(value, dict) and "op" not in value


def load_variant(name_or_path: str | Path) -> Ruleset:
    """The validated Ruleset of a built-in name or a file; VariantError lists every problem.

    >>> load_variant("ffb").game.target
    2000
    """
    resolved = resolve(name_or_path)
    return validate(resolved)


def validate(resolved: Resolved) -> Ruleset:
    try:
        ruleset = Ruleset.model_validate(resolved.data)
    except ValidationError as e:
        raise VariantError(_sorted([_diagnostic(err, resolved) for err in e.errors()])) from None
    ruleset._where = {path: f"{Path(at.file).name}:{at.line}"
                      for path, at in resolved.positions.items()}
    problems = check_ruleset(ruleset)
    if problems:
        raise VariantError(_sorted([
            Diagnostic(position_of(p.path, resolved), p.message, hint=p.hint) for p in problems]))
    return ruleset


def _sorted(diags: list[Diagnostic]) -> list[Diagnostic]:
    unique = list(dict.fromkeys(diags))
    return sorted(unique, key=lambda d: (str(d.position.file) if d.position else "",
                                         d.position.line if d.position else 0,
                                         d.position.column if d.position else 0))


def position_of(path: DataPath, resolved: Resolved) -> Position:
    """Where the value at `path` was written, or the nearest enclosing thing that was."""
    for cut in range(len(path), 0, -1):
        at = resolved.positions.get(tuple(path[:cut]))
        if at is not None:
            return at
    return resolved.header


def _diagnostic(err: Any, resolved: Resolved) -> Diagnostic:
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith(("function-",
                                                                                    "[key]"))))
    loc = tuple(p for p in loc if p not in ("literal['capot','generale']", "int"))
    kind, field = err["type"], _label(loc, resolved.data)
    at = position_of(loc, resolved)
    value = err.get("input")
    shown = value if isinstance(value, (str, int)) else ""
    if kind == "extra_forbidden":
        names = _field_names(loc[:-1])
        close = difflib.get_close_matches(str(loc[-1]), names, n=1)
        where = f"in '{'.'.join(map(str, loc[:-1]))}'" if loc[:-1] else "at the top level"
        hint = f"did you mean '{close[0]}'?" if close else f"known here: {', '.join(names)}"
        return Diagnostic(at, f"unknown setting '{loc[-1]}' {where}", str(loc[-1]), hint)
    if kind in ("enum", "literal_error"):
        choices = re.findall(r"'([^']*)'", err.get("ctx", {}).get("expected", ""))
        close = difflib.get_close_matches(str(value), choices, n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"choose {', '.join(choices)}"
        return Diagnostic(at, f"'{value}' is not a choice for {field}", str(shown), hint)
    if kind == "missing":
        return Diagnostic(at, f"'{field}' is missing", hint="write it, or extend a base variant")
    if kind == "value_error":
        return Diagnostic(at, f"{field}: {err['msg'].removeprefix('Value error, ')}", str(shown))
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return Diagnostic(at, f"{field} is a block: write '{loc[-1] if loc else field} {{ … }}'",
                          str(shown))
    return Diagnostic(at, f"{field}: {_plain(err['msg'])}, got {value!r}"
                      if shown != "" else f"{field}: {_plain(err['msg'])}", str(shown))


def _label(loc: DataPath, data: dict[str, Any]) -> str:
    """A readable name for a field: `auction.coinche`, `example 'x': bid`, formula args elided."""
    parts: list[str] = []
    i = 0
    while i < len(loc):
        part = loc[i]
        if part == "examples" and i + 1 < len(loc) and isinstance(loc[i + 1], int):
            examples = data.get("examples") or []
            idx = int(loc[i + 1])
            name = examples[idx].get("name", idx) if idx < len(examples) else idx
            parts.append(f"example '{name}':")
            i += 2
            continue
        if part == "args":
            break
        parts.append(str(part))
        i += 1
    text = ".".join(parts).replace(":.", ": ")
    return text or "variant"


def _plain(msg: str) -> str:
    return (msg.replace("Input should be", "should be")
               .replace("a valid boolean", "yes or no")
               .replace("a valid integer, unable to parse string as an integer",
                        "a whole number"))


def _field_names(loc: DataPath) -> list[str]:
    model: Any = Ruleset
    for part in loc:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part) if _is_model(model) else None
        if field is None:
            return []
        model = _inner_model(field.annotation)
    if not _is_model(model):
        return []
    names = [n for n in model.model_fields if n not in ("extends",)]
    return names + (["example"] if model is Ruleset else [])


def _is_model(obj: Any) -> bool:
    return isinstance(obj, type) and issubclass(obj, BaseModel)


def _inner_model(annotation: Any) -> Any:
    if _is_model(annotation):
        return annotation
    for arg in typing.get_args(annotation):
        found = _inner_model(arg)
        if found is not None:
            return found
    return None
