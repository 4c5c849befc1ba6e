"""A short hash of the rules, printed on every sheet and every PDF page.

Two tables compare fingerprints to check they play the same rules. It covers the rule blocks
only: the name, title, language, description, sources and worked examples say nothing about how
the game is played, so the French and English sheets of one variant (or a renamed copy of it)
show the same fingerprint.
"""

from __future__ import annotations

import hashlib
import json

from ..model import Ruleset
from .fields import PHASES


def canonical_json(rs: Ruleset) -> str:
    """The rule blocks as JSON with sorted keys and no spaces: one text per set of rules."""
    data = rs.model_dump(mode="json", include=set(PHASES))
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fingerprint(rs: Ruleset) -> str:
    """The first 12 hex digits of the SHA-256 of `canonical_json`, grouped in threes to read aloud.

    >>> from coinche_dsl import load_variant
    >>> len(fingerprint(load_variant("ffb")))
    15
    """
    digest = hashlib.sha256(canonical_json(rs).encode("utf-8")).hexdigest()[:12]
    return "-".join(digest[i:i + 3] for i in range(0, 12, 3))
