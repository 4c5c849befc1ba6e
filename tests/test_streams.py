"""Standard streams that end (issue #32): stdout full (`> /dev/full`), stdout or stdin closed
(`>&-`, `<&-`), a pipe closed by its reader (`| head -1`). Every command, through a real shell
in a subprocess: one line on stderr and exit 1, never a traceback; a closed pipe quietly, as
Unix tools end."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CLUB = 'variant "club" extends "ffb" {\n  title "Club"\n  description "Un club."\n' \
       '  sources "Le bureau"\n}\n'
DEAL = json.dumps({"declarer": "N", "bid": 90, "trump": "hearts",
                   "card_points": {"NS": 100, "EW": 52}, "last_trick": "S"})


def _record() -> str:
    sys.path.insert(0, str(ROOT / "tests"))
    from test_replay import RECORD

    return json.dumps(RECORD)


COMMANDS: list[tuple[list[str], str]] = [
    (["list"], ""), (["check", "ffb"], ""), (["check", "-"], CLUB), (["fmt", "-"], CLUB),
    (["show", "ffb"], ""), (["schema"], ""), (["sheet", "ffb"], ""),
    (["compare", "ffb", "fr-bga"], ""), (["score", "ffb", "-"], DEAL),
    (["replay", "ffb", "-"], "RECORD"), (["simulate", "ffb", "--deals", "8"], ""),
    (["play", "ffb", "--seed", "1"], "pass\n" * 50),
]
IDS = [" ".join(args) for args, _ in COMMANDS]


def shell(args: list[str], redirect: str, stdin: str) -> subprocess.CompletedProcess[str]:
    command = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "coinche_dsl", *args])
    text = _record() if stdin == "RECORD" else stdin
    return subprocess.run(["sh", "-c", f"{command} {redirect}"], input=text, text=True,
                          capture_output=True, timeout=120, cwd=ROOT)


def _one_line(err: str, what: str) -> None:
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert err.strip().splitlines()[-1:] == [err.strip().splitlines()[-1]]
    assert err.strip().splitlines()[-1].startswith(f"coinche: error: {what}"), err


@pytest.mark.parametrize("args, stdin", COMMANDS, ids=IDS)
def test_a_full_stdout_is_one_line(args: list[str], stdin: str) -> None:
    done = shell(args, "> /dev/full", stdin)
    assert done.returncode == 1
    _one_line(done.stderr, "standard output: No space left on device")


@pytest.mark.parametrize("args, stdin", COMMANDS, ids=IDS)
def test_a_closed_stdout_is_one_line(args: list[str], stdin: str) -> None:
    done = shell(args, ">&-", stdin)
    assert done.returncode == 1
    _one_line(done.stderr, "standard output: it is closed")


@pytest.mark.parametrize("args, stdin", COMMANDS, ids=IDS)
def test_a_closed_stdin_is_one_line_where_it_is_read(args: list[str], stdin: str) -> None:
    done = shell(args, "<&- > /dev/null", stdin)
    if not stdin:  # a command that reads nothing runs as usual
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
        return
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "standard input: it is closed" in done.stderr


@pytest.mark.parametrize("args, stdin", COMMANDS, ids=IDS)
def test_a_closed_pipe_ends_quietly(args: list[str], stdin: str) -> None:
    done = shell(args, "| head -c 1 > /dev/null", stdin)
    assert done.returncode == 0  # head's; the command's own ends below
    assert done.stderr == "", done.stderr


def test_a_closed_pipe_exits_1_quietly(tmp_path: Path) -> None:
    status = tmp_path / "status"
    # `true` has ended before the sheet is written: every write meets a closed pipe
    done = subprocess.run(["sh", "-c", f"({shlex.quote(sys.executable)} -m coinche_dsl sheet "
                           f"ffb; echo $? > {shlex.quote(str(status))}) | true"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.stderr == ""
    assert status.read_text().strip() == "1"


def test_a_closed_stderr_changes_nothing_else() -> None:
    done = shell(["check", "ffb"], "2>&-", "")
    assert done.returncode == 0 and "ok" in done.stdout
