"""The examples in the language tooling's docstrings run (pytest collects only `tests/`)."""

from __future__ import annotations

import doctest

import pytest

from coinche_dsl import loader
from coinche_dsl.syntax import formatter, formula_text, writer


@pytest.mark.parametrize("module", [formatter, formula_text, writer, loader],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
