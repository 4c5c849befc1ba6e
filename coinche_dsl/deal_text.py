"""A deal written as a worked example's lines, for `coinche score`: what a club secretary
types to settle a disputed deal, in the words of the examples of her own variant file.

    declarer N
    bid 90
    trump hearts
    card_points NS 79, EW 73
    last_trick N

The lines are read by the variant language's own parser, inside an `example` block of a
variant made for the purpose (two lines above them: positions are given back in the deal's
own lines), and checked by the model as a deal summary, each problem at its line and column.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import Diagnostic, InputError, Position, VariantError

_ABOVE = 2
"""Lines of the wrapper above the deal's first line."""
_NAME = "deal"
_DROPPED = ("name", "made", "expect")
"""An example's own fields, which a deal to score does not need (what it is, what it should
give): a deal copied from a variant file's example scores as it is."""


def is_deal_text(raw: str) -> bool:
    """The text is a deal in the example's words, not a JSON document."""
    return not raw.lstrip().startswith(("{", "["))


def read_deal_text(text: str, file: str) -> tuple[dict[str, Any], dict[Any, Position]]:
    """The deal as summary data and where each field was written; VariantError with every
    problem located in `file` (the deal's lines)."""
    from .syntax import parse_text

    brace = re.search(r"[{}]", re.sub(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*', "", text))
    if brace is not None:  # the deal's lines only: nothing may open or close a block
        line = text[:brace.start()].count("\n") + 1
        column = brace.start() - (text.rfind("\n", 0, brace.start()) + 1) + 1
        raise VariantError([Diagnostic(Position(file, line, column),
                                       "a deal is written as an example's lines, without braces",
                                       brace.group(), "like: declarer N  bid 90  trump hearts")])
    wrapped = f'variant "{_NAME}" {{\nexample "{_NAME}" {{\n' + text + "\n}\n}\n"
    try:
        parsed = parse_text(wrapped, file)
    except VariantError as e:
        raise VariantError([_shifted(d) for d in e.diagnostics]) from None
    data = dict(parsed.data["examples"][0])  # without braces, the lines stay inside it
    for key in _DROPPED:
        data.pop(key, None)
    positions = {path[2:]: _shifted_position(at) for path, at in parsed.positions.items()
                 if path[:2] == ("examples", 0) and len(path) > 2}
    return _irregularities_of(data, positions), positions


def _irregularities_of(data: dict[str, Any], positions: dict[Any, Position]) -> dict[str, Any]:
    """The lines `revoke S 5`, `unheld_announcement E 50` as the summary's `irregularities`,
    as an example reads them; a problem with them is located at the first such line."""
    from .model.summary import IRREGULARITIES, _irregularity_lines

    kinds = [k for k in IRREGULARITIES if k in data]
    if not kinds:
        return data
    from .model.shapes import as_groups

    first = min((positions[(k,)] for k in kinds if (k,) in positions),
                key=lambda p: (p.line, p.column), default=None)
    try:
        out: dict[str, Any] = _irregularity_lines(data)
    except ValueError as e:
        raise VariantError([Diagnostic(first, str(e))]) from None
    i = len(data.get("irregularities") or [])
    for kind in kinds:  # each irregularity's fields at the line that wrote it
        groups = as_groups(data[kind])
        for _ in groups if isinstance(groups, list) else []:
            at = positions.get((kind,), first)
            if at is not None:
                for name in ("", ".kind", ".seat", ".trick", ".points", ".card"):
                    positions[(f"irregularities[{i}]{name}",)] = at
            i += 1
    return out


def check_summary(data: dict[str, Any], positions: dict[Any, Position], file: str) -> None:
    """The model's check of the deal summary, its problems in the words and at the places
    the examples of a variant file get them; VariantError listing them all."""
    from pydantic import ValidationError

    from .model import DealSummary
    from .model.messages import diagnostic

    try:
        DealSummary.model_validate(data)
    except ValidationError as e:
        wrapped = {"examples": [{"name": _NAME, **data}]}

        def where(path: tuple[Any, ...]) -> Position:
            inner = tuple(path[2:])
            for size in range(len(inner), 0, -1):
                if inner[:size] in positions:
                    return positions[inner[:size]]
            return Position(file, 1, 1)

        problems = []
        for err in e.errors():
            d = diagnostic({**err, "loc": ("examples", 0, *err["loc"])}, wrapped, where)
            params = tuple((k, v) for k, v in d.params if k != "example")  # no example's
            problems.append(Diagnostic(d.position, d.message.replace(f"example '{_NAME}': ", ""),
                                       d.text, d.hint, code=d.code, hint_code=d.hint_code,
                                       params=params))
        raise VariantError(problems) from None


def located(error: InputError, positions: dict[Any, Position], file: str) -> VariantError:
    """A problem the engine finds in a well-formed deal (points that do not add up, a card
    held twice) at the line of the field it names."""
    at = positions.get((error.field,)) if error.field else None
    if at is None:
        named = re.match(r"([a-z_]+)[.:]", str(error))
        at = positions.get((named.group(1),)) if named else None
    return VariantError([Diagnostic(at or Position(file, 1, 1), str(error))])


def _shifted_position(at: Position) -> Position:
    return Position(at.file, max(1, at.line - _ABOVE), at.column)


def _shifted(d: Diagnostic) -> Diagnostic:
    if d.position is None:
        return d
    return Diagnostic(_shifted_position(d.position), d.message, d.text, d.hint, d.severity)
