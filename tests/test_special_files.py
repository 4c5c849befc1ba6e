"""Every file the tool reads goes through one reader (`coinche_dsl.files`): regular files only,
never past a bound. A FIFO, a device (or a symlink to one), a directory, a socket or a 3 GB
sparse file in the place of a variant, of the file it extends, of its pin record, of a JSON
input, of the studio's file, of a document the language server has not opened, is one line
naming it, never a hang and never a MemoryError (issue #32). Outputs onto what is not a regular
file are written into (a device, a FIFO) or refused (a directory), never replaced.

Commands run in a subprocess with a timeout: a read that blocks fails the test, not the suite.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coinche_dsl.errors import CoincheError
from coinche_dsl.files import FileError, read_bytes, read_stream, write_bytes
from coinche_dsl.limits import MAX_FILE_BYTES, MAX_JSON_BYTES
from coinche_dsl.loader import load_checked

TIMEOUT = 60
CLUB = 'variant "club" extends "ffb" {\n  title "Club"\n  description "Un club."\n' \
       '  sources "Le bureau"\n}\n'
KINDS = ["fifo", "zero", "directory", "socket", "sparse", "dangling"]


def coinche(*args: str, stdin: bytes | int | None = None, cwd: Path | None = None,
            **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    """`coinche ARGS` in a subprocess (the installed entry point's module)."""
    inp = stdin if isinstance(stdin, bytes) else None
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs}
    return subprocess.run([sys.executable, "-m", "coinche_dsl", *args], input=inp,
                          stdin=stdin if isinstance(stdin, int) else None,
                          timeout=TIMEOUT, cwd=cwd, **streams)  # type: ignore[call-overload]


@pytest.fixture
def sockets() -> Iterator[list[socket.socket]]:
    opened: list[socket.socket] = []
    yield opened
    for s in opened:
        s.close()


def make(kind: str, path: Path, opened: list[socket.socket]) -> None:
    """Something that is not a readable regular file, at `path`."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "directory":
        path.mkdir()
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        opened.append(s)
    elif kind == "sparse":
        with open(path, "wb") as f:
            f.truncate(3 * 10**9)  # 3 GB that take no disk
    elif kind == "dangling":
        path.symlink_to(path.parent / "nothing-there")
    else:
        raise AssertionError(kind)


def one_line_naming(err: bytes, name: str) -> None:
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text and "MemoryError" not in text, text
    lines = [line for line in text.splitlines() if name in line]
    assert lines, text


# --- the reader itself ----------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_the_reader_refuses_what_is_not_a_regular_file(tmp_path: Path, kind: str,
                                                       sockets: list[socket.socket]) -> None:
    path = tmp_path / "x.coinche"
    make(kind, path, sockets)
    with pytest.raises(FileError) as e:
        read_bytes(path, MAX_FILE_BYTES, "variant file")
    assert str(e.value).startswith(str(path)) and "\n" not in str(e.value)
    assert e.value.missing == (kind == "dangling")


def test_standard_input_is_read_no_further_than_the_bound() -> None:
    class Endless:
        asked: list[int] = []

        def read(self, n: int) -> bytes:
            self.asked.append(n)
            return b"\0" * n

    endless = Endless()
    with pytest.raises(FileError, match="more than 1,000,000 bytes"):
        read_stream(endless, MAX_FILE_BYTES)  # type: ignore[arg-type]
    assert endless.asked == [MAX_FILE_BYTES + 1]
    with pytest.raises(FileError, match="closed"):
        read_stream(None, MAX_FILE_BYTES)


# --- every place that reads a file ----------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_check_of_a_special_file(tmp_path: Path, kind: str,
                                 sockets: list[socket.socket]) -> None:
    path = tmp_path / "club.coinche"
    make(kind, path, sockets)
    done = coinche("check", str(path))
    assert done.returncode == (2 if kind == "dangling" else 1), done.stderr
    one_line_naming(done.stderr, "club.coinche")


@pytest.mark.parametrize("kind", KINDS)
def test_extends_onto_a_special_file(tmp_path: Path, kind: str,
                                     sockets: list[socket.socket]) -> None:
    make(kind, tmp_path / "base.coinche", sockets)
    club = tmp_path / "club.coinche"
    club.write_text(CLUB.replace('"ffb"', '"base"'), encoding="utf-8")
    done = coinche("check", str(club))
    assert done.returncode == 1
    one_line_naming(done.stderr, "club.coinche:1:")  # located at the `extends`
    assert b"base" in done.stderr


@pytest.mark.parametrize("kind", KINDS)
def test_a_special_pin_record_is_not_read(tmp_path: Path, kind: str,
                                          sockets: list[socket.socket]) -> None:
    """The pin record (NAME.coinche.pin.json) beside a pinned file: a FIFO there hung `check`,
    a symlink to /dev/zero was a MemoryError. The rules are said to have moved, and the record
    named as unreadable."""
    club = tmp_path / "club.coinche"
    club.write_text(CLUB.replace('  title', '  pin "000-000-000-000"\n  title'), encoding="utf-8")
    make(kind, tmp_path / "club.coinche.pin.json", sockets)
    done = coinche("check", str(club))
    assert done.returncode == 0, done.stderr
    assert b"the rules changed since they were pinned" in done.stderr
    if kind != "dangling":
        assert b"club.coinche.pin.json: " in done.stderr
    found = load_checked(club).warnings  # the same through the API
    assert any("pinned" in d.message for d in found)


@pytest.mark.parametrize("kind", KINDS)
def test_score_of_a_special_json_input(tmp_path: Path, kind: str,
                                       sockets: list[socket.socket]) -> None:
    path = tmp_path / "deal.json"
    make(kind, path, sockets)
    done = coinche("score", "ffb", str(path))
    assert done.returncode == (2 if kind == "dangling" else 1)
    one_line_naming(done.stderr, "deal.json")


@pytest.mark.parametrize("command", [["check", "-"], ["fmt", "-"], ["show", "-"],
                                     ["score", "ffb", "-"], ["replay", "ffb", "-"]])
def test_standard_input_from_dev_zero_is_refused_after_the_bound(command: list[str]) -> None:
    with open("/dev/zero", "rb") as zero:
        done = coinche(*command, stdin=zero.fileno())
    assert done.returncode == 1
    one_line_naming(done.stderr, "standard input")
    bound = MAX_JSON_BYTES if "ffb" in command else MAX_FILE_BYTES
    assert f"more than {bound:,} bytes".encode() in done.stderr


@pytest.mark.parametrize("kind", KINDS)
def test_the_studio_reads_through_the_reader(tmp_path: Path, kind: str,
                                             sockets: list[socket.socket]) -> None:
    from coinche_dsl.studio.service import StudioError, Workspace

    make(kind, tmp_path / "club.coinche", sockets)
    ws = Workspace.open(tmp_path, None)
    if kind == "dangling":
        assert "extends" in ws.read()  # no file: the starter
        return
    with pytest.raises(StudioError) as e:
        ws.read()
    assert str(e.value).startswith("club.coinche: ") and str(tmp_path) not in str(e.value)


@pytest.mark.parametrize("kind", KINDS)
def test_the_language_server_reads_an_unopened_document_through_the_reader(
        tmp_path: Path, kind: str, sockets: list[socket.socket]) -> None:
    from coinche_dsl.lsp.server import _unopened_text

    path = tmp_path / "club.coinche"
    make(kind, path, sockets)
    result: list[str] = []
    reader = threading.Thread(target=lambda: result.append(_unopened_text(path.as_uri())),
                              daemon=True)
    reader.start()
    reader.join(TIMEOUT)
    assert result == [""]  # read at once, refused: nothing to analyse


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(KINDS),
       reader=st.sampled_from(["variant", "base", "pin", "json", "studio", "lsp"]))
def test_no_reader_blocks_or_reads_past_its_bound(tmp_path_factory: pytest.TempPathFactory,
                                                  kind: str, reader: str) -> None:
    """Any special file in the place any reader looks: an error or a warning, at once."""
    from coinche_dsl.cli.common import read_text
    from coinche_dsl.lsp.server import _unopened_text
    from coinche_dsl.studio.service import Workspace

    folder = tmp_path_factory.mktemp("special")
    opened: list[socket.socket] = []
    club = folder / "club.coinche"
    target = {"variant": club, "base": folder / "base.coinche", "pin": folder /
              "club.coinche.pin.json", "json": folder / "deal.json", "studio": club,
              "lsp": club}[reader]
    if reader in ("base", "pin"):
        club.write_text(CLUB.replace('"ffb"', '"base"') if reader == "base" else
                        CLUB.replace("  title", '  pin "0"\n  title'), encoding="utf-8")
    make(kind, target, opened)
    actions: dict[str, Callable[[], object]] = {
        "variant": lambda: load_checked(club), "base": lambda: load_checked(club),
        "pin": lambda: load_checked(club), "json": lambda: read_text(str(target)),
        "studio": lambda: Workspace.open(folder, None).read(),
        "lsp": lambda: _unopened_text(club.as_uri())}
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(actions[reader]())
        except (CoincheError, SystemExit) as e:  # a located error, a clean exit
            outcome.append(e)
        except BaseException as e:  # noqa: BLE001 - what the property is about
            outcome.append(("crash", e))

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(TIMEOUT)
    for s in opened:
        s.close()
    assert outcome, f"{reader} blocked on a {kind}"
    assert not (isinstance(outcome[0], tuple) and outcome[0][:1] == ("crash",)), outcome


# --- outputs --------------------------------------------------------------------------------

def test_sheet_onto_dev_null_writes_into_it_and_leaves_it_a_device(tmp_path: Path) -> None:
    done = coinche("sheet", "ffb", "-o", os.devnull)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_sheet_onto_a_fifo_writes_into_it(tmp_path: Path) -> None:
    fifo = tmp_path / "sheet.md"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    done = coinche("sheet", "ffb", "-o", str(fifo))
    reader.join(TIMEOUT)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and got and got[0].startswith(b"# ")


def test_sheet_onto_dev_stdout_is_the_standard_output(tmp_path: Path) -> None:
    out = tmp_path / "out.md"
    with open(out, "wb") as f:
        done = coinche("sheet", "ffb", "-o", "/dev/stdout", stdout=f, stderr=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"# ")


def test_sheet_onto_a_directory_is_refused_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "sheet.md"
    folder.mkdir()
    done = coinche("sheet", "ffb", "-o", str(folder))
    assert done.returncode == 1 and folder.is_dir() and not list(folder.iterdir())
    one_line_naming(done.stderr, "sheet.md")


def test_a_regular_output_is_replaced_atomically_and_a_symlink_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.md"
    real.write_text("old", encoding="utf-8")
    os.chmod(real, 0o640)
    link = tmp_path / "link.md"
    link.symlink_to(real)
    write_bytes(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.md", "real.md"]


def test_a_pin_record_is_never_written_into_a_fifo(tmp_path: Path) -> None:
    club = tmp_path / "club.coinche"
    club.write_text(CLUB, encoding="utf-8")
    os.mkfifo(tmp_path / "club.coinche.pin.json")
    done = coinche("fmt", "--pin", str(club))
    assert done.returncode == 1
    one_line_naming(done.stderr, "club.coinche.pin.json")


def test_score_refuses_duplicate_keys_with_their_place() -> None:
    text = '{"declarer": "N", "bid": 90, "trump": "hearts",\n "bid": 100}'
    done = coinche("score", "ffb", "-", stdin=text.encode())
    assert done.returncode == 1
    assert b"standard input:2:2: " in done.stderr and b"'bid'" in done.stderr
    json.loads(text)  # which Python's JSON reads, the last one winning
