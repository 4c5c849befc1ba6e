"""Every example written in the package's docstrings runs (pytest collects only `tests/`, so
without this the `>>>` lines of the engine, model, render and sim modules would never run)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import coinche_dsl

MODULES = sorted(m.name for m in pkgutil.walk_packages(coinche_dsl.__path__, "coinche_dsl.")
                 if not m.name.endswith("__main__"))


def _examples(name: str) -> int:
    module = importlib.import_module(name)
    return sum(len(t.examples) for t in doctest.DocTestFinder().find(module))


WITH_EXAMPLES = [name for name in MODULES if _examples(name)]


def test_the_package_has_docstring_examples() -> None:
    # A discovery that finds nothing would make the test below pass vacuously.
    assert len(WITH_EXAMPLES) >= 15, WITH_EXAMPLES


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0  # examples marked `+SKIP` (a cluster's address) are not run
