"""Pydantic's validation errors in words a club secretary reads, each at `file:line:col`.

The loader hands each error of `Ruleset.model_validate` here with the raw data (to name an
example by its title) and a function that finds where a data path was written.
"""

from __future__ import annotations

import difflib
import re
import typing
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from ..errors import Diagnostic, Position, RuleValueError, args
from ..native_words import ENGLISH, native
from .ruleset import Ruleset

DataPath = tuple[str | int, ...]
_NOISE = ("literal['capot','generale']", "int", "constrained-int", "str", "list[int]",
          "literal['dealer_choice']", "none", "bool")
_WANTS = {"int": "a whole number", "bool": "yes or no", "string": "a quoted text",
          "list": "a list of values", "dict": "a block"}


def diagnostic(err: Any, data: dict[str, Any], where: Callable[[DataPath], Position]
               ) -> Diagnostic:
    """One pydantic error as a Diagnostic."""
    loc = data_loc(err)
    kind, value = err["type"], err.get("input")
    at, field = where(loc), label(loc, data)
    named = _named(loc, data)
    if kind == "extra_forbidden":
        return _unknown(loc, value, data, at)
    if kind in ("enum", "literal_error"):
        return _not_a_choice(loc, value, field, err, at, named)
    if kind == "missing":
        in_example = " " in field and field.startswith("example")
        name = f"{field.rsplit(': ', 1)[0]}: '{loc[-1]}'" if in_example else f"'{field}'"
        return Diagnostic(at, f"{name} is missing", hint="every example needs it" if in_example
                          else "write it, or extend a base variant",
                          code="value.missing_in_example" if in_example else "value.missing",
                          hint_code="hint.every_example" if in_example else "hint.write_it",
                          params=args(**named))
    if kind == "value_error":
        msg = err["msg"].removeprefix("Value error, ")
        if loc and isinstance(loc[-1], str) and msg.startswith(f"{loc[-1]} "):
            field = label(loc[:-1], data).rstrip(":")  # "tricks must sum to 8", said once
        cause = err.get("ctx", {}).get("error")
        if isinstance(cause, RuleValueError):  # a validator's refusal with its sentence
            if cause.code.startswith("formula."):  # a formula is named by its whole path
                named["setting"] = ".".join(p for p in (named["block"], named["setting"]) if p)
            return Diagnostic(at, f"{field}: {msg}", _shown(value), code=cause.code,
                              hint_code=cause.hint_code,
                              params=args(**{**named, **cause.params}))
        return Diagnostic(at, f"{field}: {msg}", _shown(value))
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        name = str(loc[-1]) if loc else field
        return Diagnostic(at, f"{field} is a block: write '{name} {{ … }}'", _shown(value),
                          code="value.block_expected", params=args(**named))
    if kind in ("too_long", "string_too_long"):
        ctx = err.get("ctx", {})
        what = "characters" if kind == "string_too_long" else "entries"
        return Diagnostic(at, f"{field}: at most {ctx.get('max_length')} {what} are allowed",
                          hint="this limit is far above what real variants need",
                          code=f"value.too_long.{what}", hint_code="hint.far_limit",
                          params=args(**named, n=ctx.get("max_length")))
    if kind.split("_")[0] in _WANTS and isinstance(value, (dict, list)):
        return _wrong_shape(loc, kind, value, field, at, named)
    detail = _plain(err["msg"])
    if isinstance(loc[-1] if loc else None, str) and len(loc) > 1 and isinstance(loc[-2], int):
        detail = f"{loc[-1]} {detail}"  # a table's row: `points should be at most 100`
        named["setting"] = str(loc[-1])
    shown = _shown(value)
    english = native(str(value), ("yes", "no")) if kind.startswith("bool") else None
    code, limit = _VALUE_CODES.get(kind, ""), err.get("ctx", {})
    bound = limit.get("le", limit.get("ge", limit.get("lt", limit.get("gt"))))
    return Diagnostic(at, f"{field}: {detail}" + (f", got {shown}" if shown else ""), shown,
                      f"did you mean '{english}'? {ENGLISH}" if english else "",
                      code=code,
                      hint_code="hint.english" if english else "",
                      params=args(**named, value=str(value) if shown else "",
                                  **({"limit": bound} if isinstance(bound, int) else {}),
                                  **({"fix": english} if english else {})))


_VALUE_CODES = {"less_than_equal": "value.at_most", "greater_than_equal": "value.at_least",
                "int_parsing": "value.whole_number", "int_type": "value.whole_number",
                "int_from_float": "value.whole_number", "bool_parsing": "value.yes_no",
                "bool_type": "value.yes_no", "string_type": "value.text"}
"""Pydantic's error types that have a sentence in the problem catalogs."""


def _named(loc: DataPath, data: dict[str, Any]) -> dict[str, Any]:
    """The words a problem at `loc` names, as the file writes them: the setting, its block
    (`auction`, or `auction.points` for a nested one), the example's title."""
    text = label(loc, data)
    out: dict[str, Any] = {}
    if text.startswith("example '") and "':" in text:
        title, _, text = text[len("example '"):].partition("':")
        out["example"] = title
        text = text.strip()
    block, _, setting = text.rpartition(".")
    out["setting"] = setting or text
    out["block"] = block
    return out


def data_loc(err: Any) -> DataPath:
    """Where a pydantic error lies in the raw data (its `loc` without pydantic's own steps)."""
    return tuple(p for p in err["loc"] if not (isinstance(p, str) and (
        p.startswith(("function-", "[key]")) or p in _NOISE)))


def data_at(data: Any, path: DataPath) -> Any:
    """The value at `path` in raw variant data (nested dicts), or None where there is none."""
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def _unknown(loc: DataPath, value: Any, data: dict[str, Any], at: Position) -> Diagnostic:
    names = field_names(loc[:-1])
    close = difflib.get_close_matches(str(loc[-1]), names, n=1)
    found = native(str(loc[-1]), names)
    where = f"in {label(loc[:-1], data).rstrip(':')}" if loc[:-1] else "at the top level"
    what = "block" if isinstance(value, dict) and "op" not in value else "setting"
    home = blocks_of(str(loc[-1]))
    params: dict[str, Any] = {"name": str(loc[-1]), "block": label(loc[:-1], data).rstrip(":")
                              if loc[:-1] else ""}
    if home:  # a real setting in the wrong block: where it goes beats a near name here
        hint = f"'{loc[-1]}' belongs in {' or '.join(home)} {{ … }}"
        hint_code, params["blocks"] = "hint.belongs", home
    elif found:
        hint = f"did you mean '{found}'? {ENGLISH}"
        hint_code, params["fix"] = "hint.english", found
    elif close:
        hint = f"did you mean '{close[0]}'?"
        hint_code, params["fix"] = "hint.did_you_mean", close[0]
    else:
        hint = f"known here: {', '.join(names)}"
        hint_code, params["names"] = "hint.known", names
    code = f"{what}.unknown" + ("" if loc[:-1] else ".top")
    if loc[:1] == ("examples",) and len(loc) == 3:  # a line of an example
        code, params["example"] = f"{what}.unknown.example", _named(loc, data).get("example")
    return Diagnostic(at, f"unknown {what} '{loc[-1]}' {where}", str(loc[-1]), hint,
                      code=code, hint_code=hint_code, params=args(**params))


def blocks_of(name: str) -> list[str]:
    """The blocks of the Ruleset that have a setting called `name` (`cut_minimum`: table)."""
    return [block for block, field in Ruleset.model_fields.items()
            if _is_model(model := inner_model(field.annotation)) and model is not Ruleset
            and block != "examples" and name in model.model_fields]


def _not_a_choice(loc: DataPath, value: Any, field: str, err: Any, at: Position,
                  named: dict[str, Any]) -> Diagnostic:
    choices = re.findall(r"'([^']*)'", err.get("ctx", {}).get("expected", ""))
    choices = [c.replace("-", "_") for c in choices]  # written as the DSL writes them
    close = difflib.get_close_matches(str(value), choices, n=1)
    hint = f"did you mean '{close[0]}'?" if close else f"choose {', '.join(choices)}"
    hint_code = "hint.did_you_mean" if close else "hint.choose"
    fix = close[0] if close else ""
    if found := native(str(value), choices):
        hint, hint_code, fix = f"did you mean '{found}'? {ENGLISH}", "hint.english", found
    what = "a side" if loc and loc[-1] == "side" else "a choice"
    return Diagnostic(at, f"'{value}' is not {what} for {field}", _shown(value), hint,
                      code="value.not_a_side" if what == "a side" else "value.not_a_choice",
                      hint_code=hint_code, params=args(**named, value=str(value),
                                                       choices=choices,
                                                       **({"fix": fix} if fix else {})))


def _wrong_shape(loc: DataPath, kind: str, value: Any, field: str, at: Position,
                 named: dict[str, Any]) -> Diagnostic:
    """A setting given a block, a formula or several values where it takes one."""
    name = str(loc[-1]) if loc else field
    want = kind.split("_")[0]
    wants = _WANTS[want]
    params = {**named, "setting": name, "wants": want}
    if isinstance(value, dict) and "op" in value:
        return Diagnostic(at, f"{field} is a setting, not a formula", name,
                          f"write '{name}' then {wants}, without '='",
                          code="value.not_a_formula", hint_code="hint.without_equal",
                          params=args(**params))
    if isinstance(value, dict):
        return Diagnostic(at, f"{field} is a setting, not a block", name,
                          f"write '{name}' then {wants}, without '{{ }}'",
                          code="value.not_a_block", hint_code="hint.without_braces",
                          params=args(**params))
    written = _shown(value)
    first = value[0] if value else None
    siblings = field_names(loc[:-1])
    missing = isinstance(first, str) and first in siblings
    hint = f"is a value missing? '{first}' was read as the value of '{name}'" if missing else ""
    return Diagnostic(at, f"{field} should be {wants}, got {written}", written, hint,
                      code="value.one_value", hint_code="hint.value_missing" if missing else "",
                      params=args(**params, value=" ".join(map(str, value)) if written else "",
                                  first=str(first) if missing else ""))


def label(loc: DataPath, data: dict[str, Any]) -> str:
    """A readable name for a field: `auction.coinche`, `example 'x': bid`; what is inside a
    list or a formula is left out."""
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
        if part == "args" or isinstance(part, int):
            break  # inside a formula or a list: the setting's name is enough
        parts.append(str(part))
        i += 1
    text = ".".join(parts).replace(":.", ": ")
    return text or "variant"


def _shown(value: Any) -> str:
    """A value as the author wrote it: `'lots'`, `'step 10'`, `5`."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, (str, int)):
        return repr(value) if isinstance(value, str) else str(value)
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return repr(" ".join(map(str, value)))
    return ""


def _plain(msg: str) -> str:
    out = msg.replace("Input should be", "should be")
    for old, new in (("a valid boolean, unable to interpret input", "yes or no"),
                     ("a valid boolean", "yes or no"),
                     ("a valid integer, unable to parse string as an integer", "a whole number"),
                     ("a valid integer", "a whole number"),
                     ("less than or equal to", "at most"),
                     ("greater than or equal to", "at least"),
                     ("a valid string", "a quoted text")):
        out = out.replace(old, new)
    return out


def field_names(loc: DataPath) -> list[str]:
    """The settings and blocks allowed at `loc` (for "did you mean")."""
    model: Any = Ruleset
    keyed = False  # the part after a dict of blocks (`terms`) is its key (`fr`), not a name
    for part in loc:
        if isinstance(part, int) or keyed:
            keyed = False
            continue
        field = model.model_fields.get(part) if _is_model(model) else None
        if field is None:
            return []
        keyed = typing.get_origin(field.annotation) is dict
        model = inner_model(field.annotation)
    if not _is_model(model):
        return []
    names = [n for n in model.model_fields if n not in ("extends",)]
    return names + (["example"] if model is Ruleset else [])


def _is_model(obj: Any) -> bool:
    return isinstance(obj, type) and issubclass(obj, BaseModel)


def inner_model(annotation: Any) -> Any:
    """The pydantic model an annotation holds (`list[Example]`, `X | None`), or None."""
    if _is_model(annotation):
        return annotation
    for arg in typing.get_args(annotation):
        found = inner_model(arg)
        if found is not None:
            return found
    return None
