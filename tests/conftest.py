"""Shared test setup: `tests/` on the import path for the helper modules, and shared fixtures.

The suite runs with `--import-mode=importlib`, which does not put `tests/` on `sys.path`; the
helpers (`scoring_support`) are imported by name, so it is added here, before any test module
is collected, whether the whole suite or a single file runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from coinche_dsl import load_variant

# Rewrite the helpers' asserts as in test modules, so a failing case shows what it compared.
pytest.register_assert_rewrite("scoring_support", "variant_strategies", "random_play")
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="module")
def ffb():
    """The reference variant, loaded afresh for each module that asks for it."""
    return load_variant("ffb")


@pytest.fixture(scope="session", autouse=True)
def _bot_tables(tmp_path_factory):
    """The `expected` bidder's learned tables: small ones (learned in a few seconds), cached
    in a directory of the test session, never in the user's cache."""
    from coinche_dsl.sim import learned

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COINCHE_CACHE", str(tmp_path_factory.mktemp("bot-tables")))
        mp.setattr(learned, "UNIFORM", 2048)
        mp.setattr(learned, "BOOSTED", 2048)
        yield
