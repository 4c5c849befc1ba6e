"""Commands: (to be written)."""

from __future__ import annotations

from . import app  # noqa: F401
