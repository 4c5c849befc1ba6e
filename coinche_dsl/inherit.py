"""What `extends` must never do silently, and the warnings that say so (used by the loader).

- Text about a variant (title, description, sources) is its own: a base's is not inherited,
  and a variant that extends another without its own is warned, so that a club's sheet never
  describes the federation's game.
- A formula that replaces a base formula written with several cases (capot, générale…) and
  drops one of them is warned, naming the case and where the base wrote it.
- An example inherited from the base that fails says so from the extending file's side.
- `pin "…"` records the fingerprint of the rules a variant was written against; when the
  resolved rules move (the base was corrected), the warning lists which rules changed and where.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .errors import Diagnostic, Params, Position, args
from .model import Expr, Ruleset
from .model.fingerprint import changed_rules, fingerprint, rules_data
from .model.relevance import OWN_TEXT, constants, truth
from .syntax import ParsedVariant
from .syntax.formula_text import formula_text

FORMULAS = (("scoring", "success"), *(("scoring", o, s) for o in ("made", "failed")
                                      for s in ("declarers", "defenders")))
"""The score formulas, each replaced whole by a variant that writes it."""
KINDS = frozenset({"bid_capot", "bid_generale", "no_trump", "all_trump"})
"""Conditions naming a kind of contract: a base's case on one of them is a rule of its own (a
capot bid is judged on its tricks), which a replacing formula that never names it has surely
lost. Cases on how a deal went are not among them: `doubled` (a new formula for every made
contract, doubled or not, is a rule of its own: seed 003's defence keeps its points, and says
so by its `multiplier` or by not caring), nor a capot taken in play (`capot(declarers)`): a
formula over the sides' points already scores a deal where one side took everything, and the
seeds that score it so (001-004: the defence keeps "its points", none on a capot) mean it."""
PIN_SUFFIX = ".pin.json"
"""`club.coinche` pinned keeps the rules it was pinned on in `club.coinche.pin.json`."""


def warning(at: Position | None, message: str, hint: str = "", code: str = "",
            hint_code: str = "", params: Params = ()) -> Diagnostic:
    return Diagnostic(at, message, hint=hint, severity="warning", code=code,
                      hint_code=hint_code, params=params)


def base_data(parsed: ParsedVariant) -> dict[str, Any]:
    """A base's data as its extenders inherit it: without its own text and its pin, nor that
    text in other languages (`terms { es { title "…" } }`); its words for the options and the
    examples are inherited with them."""
    out = {k: v for k, v in parsed.data.items() if k not in (*OWN_TEXT, "pin")}
    terms = out.get("terms")
    if isinstance(terms, dict):
        out["terms"] = {lang: {k: v for k, v in words.items() if k not in OWN_TEXT}
                        if isinstance(words, dict) else words for lang, words in terms.items()}
    return out


def keyed_words(parsed: ParsedVariant) -> ParsedVariant:
    """`parsed` with the examples' words of each `terms` language keyed by the title they
    translate (`example "litige 81-81" { title "…" }` becomes `examples: {"litige 81-81":
    {"title": "…"}}`), so that a file's words merge over its base's example by example. The
    parsed file (shared, read-only) is not changed: a copy is returned when there is any."""
    terms = parsed.data.get("terms")
    langs = [lang for lang, words in terms.items() if isinstance(words, dict)
             and isinstance(words.get("examples"), list)] if isinstance(terms, dict) else []
    if not langs or not isinstance(terms, dict):
        return parsed
    data = {**parsed.data, "terms": dict(terms)}
    positions = dict(parsed.positions)
    for lang in langs:
        head = ("terms", lang, "examples")
        keyed: dict[str, Any] = {}
        moved = {p: at for p, at in positions.items() if p[:3] == head and len(p) > 3}
        for p in moved:
            del positions[p]
        for i, example in enumerate(data["terms"][lang]["examples"]):
            name = str(example.get("name", ""))
            keyed[name] = {k: v for k, v in example.items() if k != "name"}
            for p, at in moved.items():
                if p[3] == i:
                    rest = p[4:]
                    positions[(*head, name, *rest[rest[:1] == ("name",):])] = at
        data["terms"][lang] = {**data["terms"][lang], "examples": keyed}
    return replace(parsed, data=data, positions=positions)


def drop_example_words(data: dict[str, Any], positions: dict[Any, Position],
                       over: dict[str, Any]) -> None:
    """A file that writes its own examples (or `examples none`) replaces its base's: the
    base's words for them go too."""
    if "examples" not in over:
        return
    for lang, words in (data.get("terms") or {}).items():
        if isinstance(words, dict):
            words.pop("examples", None)
            for p in [p for p in positions if p[:3] == ("terms", lang, "examples")]:
                del positions[p]


def bad_pin(own: ParsedVariant) -> list[Diagnostic]:
    """`pin` takes the quoted fingerprint `coinche fmt --pin` writes."""
    pin = own.data.get("pin")
    if pin is None or isinstance(pin, str):
        return []
    return [Diagnostic(own.positions.get(("pin",)), "pin takes the quoted fingerprint of the "
                       "rules, as `coinche fmt --pin` writes it", hint='pin "abc-def-012-345"',
                       code="value.pin_quoted", hint_code="hint.pin_quoted",
                       params=args(fix='pin "abc-def-012-345"'))]


def missing_text(own: ParsedVariant) -> list[Diagnostic]:
    """A variant that extends another and lacks its own title, description or sources."""
    if own.extends is None:
        return []
    missing = [k for k in OWN_TEXT if k not in own.data]
    if not missing:
        return []
    words = ", ".join(missing[:-1]) + (" or " if len(missing) > 1 else "") + missing[-1]
    return [warning(own.header, f"'{own.name}' extends '{own.extends}' but has no {words} of its "
                    f"own: a base's text describes the base, so the sheet shows none",
                    f'write e.g. title "…", description "…", sources "…" in '
                    f"{Path(own.file).name}", code="text.missing", hint_code="hint.own_text",
                    params=args(name=own.name, base=own.extends, names=missing,
                                own_file=Path(own.file).name))]


@dataclass
class Override:
    """A base formula that the variant's own file replaces."""

    path: tuple[str, ...]
    base: dict[str, Any]
    base_at: Position | None
    own_at: Position | None


def overrides(merged: dict[str, Any], positions: dict[Any, Position],
              own: ParsedVariant) -> list[Override]:
    """The formulas `own` writes over one the bases wrote (`merged`: the bases, merged)."""
    out = []
    for path in FORMULAS:
        base, mine = _get(merged, path), _get(own.data, path)
        if isinstance(base, dict) and isinstance(mine, dict):
            out.append(Override(path, base, positions.get(path), own.positions.get(path)))
    return out


def _get(data: Any, path: tuple[str, ...]) -> Any:
    for part in path:
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    return data


def lost_cases(rs: Ruleset, found: list[Override]) -> list[Diagnostic]:
    """A warning for each case of a base formula (`if bid_capot then …`) that can arise under
    `rs` and that the replacing formula no longer tells apart."""
    fixed, out = constants(rs), []
    for o in found:
        new = _value(rs, o.path)
        try:
            base = Expr.model_validate(o.base)
        except ValueError:  # a broken base formula the variant replaces: nothing lost worth naming
            continue
        for cond, then in _chain(base):
            if truth(cond, fixed) is False or _told_apart(cond, new):
                continue
            case = formula_text(_case(cond, then))
            where = f" ({Path(o.base_at.file).name}:{o.base_at.line})" if o.base_at else ""
            out.append(warning(o.own_at, f"{'.'.join(o.path[1:])} replaces the base's formula "
                               f"and loses its case '{case}'{where}",
                               "write that case again in front of yours ('if … then … else "
                               "<yours>') unless the new formula is meant for it too",
                               code="formula.lost_case", hint_code="hint.lost_case",
                               params=args(setting=o.path[-1], case=case)))
    return out


def _told_apart(cond: Expr, new: Expr) -> bool:
    return not (cond.quantities() & KINDS) or cond.quantities() <= new.quantities()


def _value(rs: Ruleset, path: tuple[str, ...]) -> Expr:
    s = rs.scoring
    return s.success if path[1] == "success" else getattr(s, path[1])[path[2]]


def _chain(e: Expr) -> list[tuple[Expr, Expr]]:
    out = []
    while e.op == "if":
        out.append((e.args[0], e.args[1]))
        e = e.args[2]
    return out


def _case(cond: Expr, then: Expr) -> dict[str, Any]:
    """`if cond then then else …`, as data for `formula_text` (the `…` is only printed)."""
    return {"op": "if", "args": [cond.model_dump(exclude_none=True),
                                 then.model_dump(exclude_none=True),
                                 {"op": "qty", "name": "…"}]}


def inherited_example(own_file: str, at: Position, message: str, code: str = "",
                      params: Params = ()) -> Diagnostic:
    """A failing example: from the extending file's side when a base wrote it."""
    own = Path(own_file).name
    if at.file == own_file:
        return Diagnostic(at, message, code=code, params=params)
    return Diagnostic(at, f"{message}, under the rules of {own}, which inherits this example "
                      f"from {Path(at.file).name}",
                      hint=f"write your own `example` blocks in {own} (they replace the "
                      "base's), or drop the base's with `examples none`", code=code,
                      params=tuple(sorted((*params, ("inherited_example", Path(at.file).name),
                                           ("own_file", own)))))


def pin_file(variant_file: str) -> Path:
    return Path(variant_file + PIN_SUFFIX)


def pin_problems(rs: Ruleset, pin: str, at: Position | None, variant_file: str) -> list[Diagnostic]:
    """When the resolved rules no longer have the pinned fingerprint: which rules moved, where."""
    now = fingerprint(rs)
    if pin == now:
        return []
    hint = f"review the changes, then `coinche fmt --pin {Path(variant_file).name}`"
    before, unread = _pinned_rules(variant_file, pin)
    if before is None:
        return [warning(at, f"the rules changed since they were pinned (pinned {pin}, now {now})",
                        f"{hint}; {unread + '; ' if unread else ''}`coinche compare` against an "
                        "older copy of the base shows what moved")]
    changes = [f"{'.'.join(p)}: {_shown(old)} → {_shown(new)}"
               + (f" ({rs.where(*p)})" if rs.where(*p) else "")
               for p, old, new in changed_rules(before, rs)]
    return [warning(at, f"the rules changed since they were pinned (pinned {pin}, now {now}): "
                    + "; ".join(changes), hint)]


def _pinned_rules(variant_file: str, pin: str) -> tuple[dict[str, Any] | None, str]:
    """The rules the pin record beside the file keeps for `pin`, or None and, when the record
    is there but cannot be read (a FIFO, a device, too large), why (`files.read_bytes`)."""
    from .files import FileError, read_bytes
    from .limits import MAX_JSON_BYTES

    record = pin_file(variant_file)
    try:
        saved = json.loads(read_bytes(record, MAX_JSON_BYTES, "pin record").decode("utf-8"))
    except FileError as e:
        return None, "" if e.missing else f"{record.name}: {e.why}"
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested too deeply
        return None, ""
    if not isinstance(saved, dict) or saved.get("fingerprint") != pin:
        return None, ""
    rules = saved.get("rules")
    return (rules, "") if isinstance(rules, dict) else (None, "")


def _shown(value: Any) -> str:
    if isinstance(value, dict) and "op" in value:
        try:
            return str(Expr.model_validate(value))
        except ValueError:
            pass
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "…"


_PIN_LINE = re.compile(r'^([ \t]*)pin[ \t]+"[^"\n]*"', re.MULTILINE)
_HEADER = re.compile(r'variant\s+"(?:[^"\\]|\\.)*"(?:\s+extends\s+"(?:[^"\\]|\\.)*")?\s*\{')


def pinned_text(text: str, pin: str) -> str:
    """The variant file `text` with its `pin` line set to `pin` (added under the header when it
    has none); the caller formats the result."""
    if _PIN_LINE.search(text):
        return _PIN_LINE.sub(lambda m: f'{m.group(1)}pin "{pin}"', text, count=1)
    header = _HEADER.search(text)
    if header is None:
        return text
    return f'{text[:header.end()]}\n  pin "{pin}"{text[header.end():]}'


def pin_record(rs: Ruleset) -> str:
    """What `fmt --pin` keeps next to the file: the pinned rules, to say later what moved."""
    return json.dumps({"fingerprint": fingerprint(rs), "rules": rules_data(rs)},
                      indent=1, sort_keys=True, ensure_ascii=False) + "\n"
