"""What the coverage tests share: a Ruleset with one rule set to another value.

Imported as `knob_support` (`conftest.py` puts `tests/` on the path).
"""

from __future__ import annotations

from typing import Any


def replaced(obj: Any, path: tuple[str, ...], value: Any) -> Any:
    """A copy of `obj` with the value at `path` replaced (models and dicts, copied on the way)."""
    head, rest = path[0], path[1:]
    if isinstance(obj, dict):
        return {**obj, head: replaced(obj[head], rest, value) if rest else value}
    inner = replaced(getattr(obj, head), rest, value) if rest else value
    return obj.model_copy(update={head: inner})


def bounds(owner: Any, name: str) -> tuple[int, int]:
    """The `ge` / `le` bounds of the number field `name` of the model `owner`."""
    low, high = -10**9, 10**9
    for meta in type(owner).model_fields[name].metadata:
        low = getattr(meta, "ge", None) if getattr(meta, "ge", None) is not None else low
        high = getattr(meta, "le", None) if getattr(meta, "le", None) is not None else high
    return low, high
