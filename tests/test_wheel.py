"""The wheel ships everything `coinche` needs: built, installed in a fresh virtual environment,
and run from outside the source tree (so nothing can come from the checkout).

Slow (a build and a venv, about half a minute): deselect with `pytest -m "not slow"`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def _run(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=600,
                          env={**os.environ, **env})


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(out),
                  str(ROOT)], ROOT)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (path,) = out.glob("coinche_dsl-*.whl")
    return path


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed; its dependencies are borrowed from the running
    environment by a plain path (a `.pth` line, which does not run that environment's own
    `.pth` files, so an editable install of the checkout stays out)."""
    home = tmp_path_factory.mktemp("venv")
    made = _run([sys.executable, "-m", "venv", str(home)], home)
    assert made.returncode == 0, made.stderr
    python = home / "bin" / "python"
    site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                home).stdout.strip()
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "borrowed_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
    installed = _run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                      str(wheel)], home)
    assert installed.returncode == 0, installed.stderr
    return home


def test_wheel_contains_grammar_and_variants(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "coinche_dsl/grammar/coinche.lark" in names
    assert "coinche_dsl/variants/ffb.coinche" in names
    assert "coinche_dsl/py.typed" in names  # typed, for the programs that import it (PEP 561)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names
                                                if n.endswith(".dist-info/METADATA")))
    assert b"License-Expression: MIT" in metadata and b"Classifier: Typing :: Typed" in metadata


def test_installed_coinche_runs_outside_the_checkout(venv: Path, tmp_path: Path) -> None:
    where = _run([str(venv / "bin" / "python"), "-c",
                  "import coinche_dsl; print(coinche_dsl.__file__)"], tmp_path)
    assert where.stdout.startswith(str(venv)), where.stdout + where.stderr
    coinche = str(venv / "bin" / "coinche")
    checked = _run([coinche, "check", "ffb"], tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("ffb: ok")
    listed = _run([coinche, "list"], tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.split()[0] == "ffb" and len(listed.stdout.splitlines()) >= 2
    bad = tmp_path / "bad.coinche"
    bad.write_text('variant "bad" extends "ffb" { play { undertrum required } }\n')
    failed = _run([coinche, "check", str(bad)], tmp_path)
    assert failed.returncode == 1 and "did you mean 'undertrump'" in failed.stderr
    assert "Traceback" not in failed.stderr
