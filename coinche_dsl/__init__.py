"""coinche_dsl: write, check, play and print the rules of Coinche and its variants.

The public API is imported lazily, so that `import coinche_dsl` (and `coinche --help`) stays
fast.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["load_variant", "compile", "Deal", "Game", "score_deal", "Ruleset"]

_LAZY = {
    "load_variant": ("coinche_dsl.loader", "load_variant"),
    "Ruleset": ("coinche_dsl.model", "Ruleset"),
    "compile": ("coinche_dsl.engine", "compile"),
    "Deal": ("coinche_dsl.engine", "Deal"),
    "Game": ("coinche_dsl.engine", "Game"),
    "score_deal": ("coinche_dsl.engine", "score_deal"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'coinche_dsl' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public API too (tab completion, `dir(coinche_dsl)`), though it is loaded lazily."""
    return sorted({*__all__, *(n for n in globals() if n.startswith("__"))})
