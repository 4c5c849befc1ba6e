"""Shared test setup: the helpers' asserts rewritten, and shared fixtures.

The helper modules (`scoring_support`, …) are imported by name: pytest puts `tests/` on the
import path (`pythonpath` in pyproject.toml).
"""

from __future__ import annotations

import pytest

from coinche_dsl import load_variant

# Rewrite the helpers' asserts as in test modules, so a failing case shows what it compared.
pytest.register_assert_rewrite("scoring_support", "variant_strategies", "random_play")


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
