"""A short hash of the rules, printed on every sheet and every PDF page, and pinned by variants.

Two tables compare fingerprints to check they play the same rules; a club file records the one
it was written against (`pin`) to learn when its base moved. It covers the rule blocks only:
the name, title, language, description, sources and worked examples say nothing about how the
game is played, so the French and English sheets of one variant (or a renamed copy of it) show
the same fingerprint.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .relevance import PHASES, Path, rule_paths, value_at
from .ruleset import Ruleset


def rules_data(rs: Ruleset) -> dict[str, Any]:
    """The rule blocks as JSON data."""
    return rs.model_dump(mode="json", include=set(PHASES))


def canonical_json(rs: Ruleset) -> str:
    """The rule blocks as JSON with sorted keys and no spaces: one text per set of rules."""
    return json.dumps(rules_data(rs), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fingerprint(rs: Ruleset) -> str:
    """The first 12 hex digits of the SHA-256 of `canonical_json`, grouped in threes to read aloud.

    >>> from coinche_dsl import load_variant
    >>> len(fingerprint(load_variant("ffb")))
    15
    """
    digest = hashlib.sha256(canonical_json(rs).encode("utf-8")).hexdigest()[:12]
    return "-".join(digest[i:i + 3] for i in range(0, 12, 3))


def changed_rules(before: dict[str, Any], rs: Ruleset) -> list[tuple[Path, Any, Any]]:
    """(path, value before, value now) of each leaf rule that differs between the rule blocks
    `before` (as `rules_data` gave them) and `rs`: the differences `compare` lists."""
    out, now = [], rules_data(rs)
    for path in rule_paths():
        old, new = _at(before, path), _at(now, path)
        if json.dumps(old, sort_keys=True) != json.dumps(new, sort_keys=True):
            out.append((path, old, new))
    return out


def _at(data: Any, path: Path) -> Any:
    try:
        return value_at(data, path)
    except (KeyError, TypeError):
        return None
