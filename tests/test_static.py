"""Static checks run with the tests, so CI keeps the code clean: ruff (lint) and mypy (types)."""

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
    pytest.importorskip("mypy", reason="mypy is not installed (test extra)")
    result = _run("mypy", "coinche_dsl")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing_in_the_engine_and_the_model() -> None:
    """The rules and the engine are typed end to end: no implicit Any, every call checked."""
    pytest.importorskip("mypy", reason="mypy is not installed (test extra)")
    result = _run("mypy", "--strict", "coinche_dsl/engine", "coinche_dsl/model")
    assert result.returncode == 0, result.stdout + result.stderr
