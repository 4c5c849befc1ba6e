"""The Ruleset as a list of leaf rules: dotted paths, their values, the phase each belongs to.

The sheet, the comparison and the coverage test all walk the same list, so a field added to the
model shows up everywhere at once (and the coverage test fails until it has a sentence). The
list and the rules of when a field matters live next to the model (`model.relevance`); this
module is the renderer's name for them.
"""

from __future__ import annotations

from ..model.relevance import (
    META,
    PHASES,
    Path,
    constants,
    is_relevant,
    leaf_paths,
    plain,
    prune,
    rule_paths,
    value_at,
)

__all__ = ["META", "PHASES", "Path", "constants", "is_relevant", "leaf_paths", "plain", "prune",
           "rule_paths", "value_at"]
