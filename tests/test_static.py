"""Static checks run with the tests, so CI keeps the code clean: ruff (lint) and mypy (types), as
the pre-commit hooks (.pre-commit-config.yaml) run them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None,  # run as `python -m ruff`
                    reason="ruff is not installed (test extra)")
def test_ruff_finds_nothing() -> None:
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing() -> None:
    """`mypy` as pyproject.toml configures it (as the pre-commit hook runs it): the package,
    strict on the engine and the model."""
    pytest.importorskip("mypy", reason="mypy is not installed (test extra)")
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_engine_and_the_model_are_checked_strictly() -> None:
    """The rules and the engine are typed end to end: every flag of `mypy --strict` that can be
    set per module is set for them."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["coinche_dsl"]
    (strict,) = [o for o in config["overrides"]
                 if set(o["module"]) == {"coinche_dsl.engine.*", "coinche_dsl.model.*"}]
    assert {"disallow_untyped_defs", "disallow_any_generics", "warn_return_any",
            "disallow_untyped_calls", "strict_equality", "no_implicit_reexport"} <= {
        flag for flag, on in strict.items() if on is True}
