"""Shape helpers: the parser gives a setting's values as atoms, lists or lists of groups
(`packets 3 2 3`, `denominations clubs, hearts`, `trump J 20, 9 14`); fields reshape them.

A value of the wrong shape (one number where pairs are expected, `sequences 3`) is a
ValueError in words, which the loader reports at the setting: never a TypeError.
"""

from __future__ import annotations

from typing import Any

from ..errors import RuleValueError


def as_list(value: Any) -> Any:
    """A list from one value or several; non-list shapes pass through for pydantic to reject."""
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def as_groups(value: Any) -> Any:
    """A list of groups: `[a, b]` (one group written alone) becomes `[[a, b]]`, and one atom
    `a` becomes `[[a]]`; other shapes (a block) pass through for pydantic to reject."""
    if isinstance(value, (str, int)):
        return [[value]]
    if isinstance(value, (list, tuple)) and value and not isinstance(value[0], (list, tuple)):
        return [list(value)]
    return value


def as_pairs(value: Any, like: str = "J 20, 9 14") -> Any:
    """Pairs from groups of two atoms; ValueError naming the first group that is not a pair."""
    groups = as_groups(value)
    if not isinstance(groups, list):
        return groups
    for g in groups:
        if not (isinstance(g, (list, tuple)) and len(g) == 2):
            shown = " ".join(map(str, g)) if isinstance(g, (list, tuple)) else str(g)
            raise RuleValueError(f"expected pairs like '{like}', got '{shown}'",
                                 code="value.pairs", like=like, value=shown)
    return [tuple(g) for g in groups]
