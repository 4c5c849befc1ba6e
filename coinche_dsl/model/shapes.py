"""Shape helpers: the parser gives a setting's values as atoms, lists or lists of groups
(`packets 3 2 3`, `denominations clubs, hearts`, `trump J 20, 9 14`); fields reshape them."""

from __future__ import annotations

from typing import Any


def as_list(value: Any) -> Any:
    """A list from one value or several; non-list shapes pass through for pydantic to reject."""
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def as_groups(value: Any) -> Any:
    """A list of groups: `[a, b]` (one group written alone) becomes `[[a, b]]`."""
    if isinstance(value, (list, tuple)) and value and not isinstance(value[0], (list, tuple)):
        return [list(value)]
    return value


def as_pairs(value: Any) -> Any:
    """Pairs from groups of two atoms; other shapes pass through for pydantic to reject."""
    groups = as_groups(value)
    if isinstance(groups, list) and all(
        isinstance(g, (list, tuple)) and len(g) == 2 for g in groups
    ):
        return [tuple(g) for g in groups]
    if isinstance(groups, list):
        bad = next(g for g in groups if not (isinstance(g, (list, tuple)) and len(g) == 2))
        raise ValueError(f"expected pairs like 'J 20, 9 14', got {bad!r}")
    return groups
