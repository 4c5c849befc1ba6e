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
