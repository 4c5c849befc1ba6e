"""Every command of the README's tour runs as written, from a fresh copy of the repository (the
files it names are the repository's own, under examples/): what a new user types first."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INTERACTIVE = {"play": "q\n", "marque": "", "lsp": None, "serve": None, "studio": None}
"""Commands that read a person's input (given here: quit at once, or an end of input), and the
servers, which run until stopped (their start is tested in their own files)."""


def tour() -> list[str]:
    """The `coinche …` lines of the README's tour block, without their comments."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## A short tour of the command line", 1)[1].split("```sh", 1)[1]
    block = block.split("```", 1)[0]
    lines = []
    for line in block.splitlines():
        command = re.sub(r"\s+#.*$", "", line).strip()
        if command.startswith("coinche "):
            lines.append(command)
    return lines


def test_the_tour_names_the_repositorys_files() -> None:
    assert "coinche fmt --pin examples/our-club.coinche" in tour()
    club = (ROOT / "examples" / "our-club.coinche").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert club in readme  # the file is the README's "A variant file", as printed there


@pytest.fixture(scope="module")
def fresh_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("clone") / "coinche_dsl"
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=False)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    for name in listed.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    for new in ("examples/our-club.coinche", "examples/jeudi.json", "examples/tournoi.json"):
        if not (copy / new).exists():  # a file the branch adds but has not committed yet
            shutil.copy2(ROOT / new, copy / new)
    return copy


@pytest.mark.parametrize("command", tour())
def test_every_tour_command_runs_as_written(command: str, fresh_copy: Path) -> None:
    words = shlex.split(command)
    name = words[1]
    if name in INTERACTIVE and INTERACTIVE[name] is None:
        pytest.skip(f"coinche {name} serves until stopped")
    if "pdf" in command:
        pytest.importorskip("weasyprint")
    if name == "simulate":  # the tour's size, kept short here: the same command otherwise
        words = [w if w != "2000" else "200" for w in words]
    shell = " ".join(shlex.quote(w) if "*" not in w else w for w in words[1:])
    script = f"{shlex.quote(sys.executable)} -m coinche_dsl {shell}"
    done = subprocess.run(script, shell=True, cwd=fresh_copy, capture_output=True, text=True,
                          timeout=300, input=INTERACTIVE.get(name, ""),
                          env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
    assert "Traceback" not in done.stderr
