"""A short hash of the rules, printed on every sheet and every PDF page (see `model.fingerprint`,
where it lives so that the loader can check a variant's `pin`)."""

from __future__ import annotations

from ..model.fingerprint import canonical_json, fingerprint

__all__ = ["canonical_json", "fingerprint"]
