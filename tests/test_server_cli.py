"""`coinche serve` as a command: in an empty folder it makes its database, prints its address
and answers there; `--create-admin` and `--migrate` do their one thing and stop."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")


def coinche(*args: str, cwd: Path, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "coinche_dsl", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=120, **kw)  # type: ignore[call-overload]


def test_serve_in_an_empty_folder_just_works(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "coinche_dsl", "serve", "--port", "0",
                             "--workers", "0"], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("coinche serve: http://127.0.0.1:"), line
        url = line.split()[2]
        with urllib.request.urlopen(url, timeout=30) as reply:  # noqa: S310 - loopback
            assert reply.status == 200 and b"Coinche" in reply.read()
        assert (tmp_path / "coinche-server.db").is_file()
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(30)


def test_create_admin_then_migrate(tmp_path: Path) -> None:
    env = {**os.environ, "COINCHE_ADMIN_PASSWORD": "a long enough password"}
    made = coinche("serve", "--create-admin", "secretaire", cwd=tmp_path, env=env)
    assert made.returncode == 0 and "account secretaire created" in made.stdout
    again = coinche("serve", "--create-admin", "secretaire", cwd=tmp_path, env=env)
    assert again.returncode == 1 and "taken" in again.stderr
    migrated = coinche("serve", "--migrate", cwd=tmp_path)
    assert migrated.returncode == 0 and "schema 0002" in migrated.stdout


def test_an_unreachable_database_is_one_clear_line(tmp_path: Path) -> None:
    out = coinche("serve", "--db", "postgresql://nobody:secret@127.0.0.1:1/none",
                  "--migrate", cwd=tmp_path)
    assert out.returncode == 1 and "cannot open the database" in out.stderr
    assert "secret" not in out.stderr and "Traceback" not in out.stderr


def test_serve_with_several_processes_on_one_port(tmp_path: Path) -> None:
    """`--processes 2`: two server processes answer on the port it prints, from the first
    request on; a Ctrl-C stops them all."""
    proc = subprocess.Popen([sys.executable, "-m", "coinche_dsl", "serve", "--port", "0",
                             "--workers", "0", "--processes", "2"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("coinche serve: http://127.0.0.1:"), line
        url = line.split()[2]
        for _ in range(4):
            with urllib.request.urlopen(url, timeout=60) as reply:  # noqa: S310 - loopback
                assert reply.status == 200 and b"Coinche" in reply.read()
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        servers = [c for c in children if b"spawn_main" in Path(f"/proc/{c}/cmdline"
                                                                 ).read_bytes()]
        assert len(servers) == 2  # (beside them, multiprocessing's resource tracker)
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(30)
    assert proc.returncode == 0
