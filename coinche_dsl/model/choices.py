"""A Ruleset under other option values, and the rules each option sets (for the sheet and
`compare`; the loader resolves files, this works on a Ruleset already valid)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .option import Option
from .relevance import Path, leaf_paths
from .ruleset import SOURCES, Ruleset


def option_paths(option: Option) -> list[Path]:
    """The rules an option sets, in the sheet's order (every value sets the same ones)."""
    sets = option.values[0].sets
    return [p for p in leaf_paths() if _has(sets, p)]


def option_of(rs: Ruleset, path: Path) -> Option | None:
    """The open option that sets the rule at `path`, if any."""
    # `path in option_paths(o)`, without listing the option's rules for each of the sheet's
    # sentences.
    if path not in _leaves():
        return None
    return next((o for o in rs.options if _has(o.values[0].sets, path)), None)


@cache
def _leaves() -> frozenset[Path]:
    return frozenset(leaf_paths())


def with_value(rs: Ruleset, name: str, value: str) -> Ruleset:
    """`rs` with its option `name` at `value` (KeyError for an unknown option or value).

    >>> from coinche_dsl import load_variant
    >>> with_value(load_variant("ffb"), "litige", "chute").scoring.litige.value
    'fails'
    """
    index = next(i for i, o in enumerate(rs.options) if o.name == name)
    data = rs.model_dump(mode="json")
    _merge(data, rs.options[index].value(value).sets)
    data["options"][index]["chosen"] = value
    return Ruleset.model_validate(data, context={SOURCES: dict(rs.locations())})


def _merge(data: dict[str, Any], over: dict[str, Any]) -> None:
    for key, value in over.items():
        if isinstance(value, dict) and "op" not in value and isinstance(data.get(key), dict):
            _merge(data[key], value)
        else:
            data[key] = value


def _has(data: Any, path: Path) -> bool:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return False
        data = data[key]
    return True
