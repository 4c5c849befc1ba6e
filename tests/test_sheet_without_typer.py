"""`coinche sheet` in its plain forms runs without Typer (`cli.render_run`): its arguments read
as Click reads them, and the same output, messages and exit codes as through Typer."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app, render_cmds
from coinche_dsl.cli.render_run import plain_sheet_args

_register()

FORMS = [
    ["ffb", "-o", "s.html"],
    ["-o", "s.html", "ffb"],
    ["ffb", "--output", "s.md", "--card"],
    ["--card", "ffb", "-o", "c.html", "--lang", "pt", "--format", "html"],
    ["ffb", "-o", "x.pdf", "--format", "md", "--option", "litige=chute", "--option", "a=b"],
    ["-", "-o", "s.html"],
    ["ffb", "-o", ""],
    # not plain: Typer reads these (None)
    ["ffb"],  # to stdout
    ["ffb", "-o", "s.html", "--help"],
    ["ffb", "--output=s.html"],
    ["ffb", "-o", "s.html", "--lang", "FR"],  # Click refuses the choice
    ["ffb", "-o", "s.html", "--lang", "fr", "--lang", "en"],
    ["ffb", "-o", "s.html", "--card", "--card"],
    ["ffb", "-o", "-x"],
    ["ffb", "-o"],
    ["ffb", "two", "-o", "s.html"],
    ["ffb", "-o", "s.html", "--"],
    ["--", "ffb", "-o", "s.html"],
    ["ffb", "-o", "s.html", "--cards"],
    ["ffb", "-os.html"],
    ["ffb", "-o", "s.html", "--format", "json"],
    [],
    ["ffb", "-o", "s.pdf"],  # a PDF: Typer, see render_run.plain_sheet_args
    ["ffb", "-o", "s.html", "--format", "pdf"],
]


def _typer_reading(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any] | None:
    """The arguments Typer hands to `write_sheet` for `sheet ARGV` (None when it stops
    before: a usage error, help)."""
    seen: list[dict[str, Any]] = []

    def record(variant: str, lang: Any, format: Any, output: Any, card: bool,
               options: Any) -> None:
        seen.append({"variant": variant, "lang": lang, "format": format, "output": output,
                     "card": card, "options": options})

    monkeypatch.setattr(render_cmds, "write_sheet", record)
    CliRunner().invoke(app, ["sheet", *argv])
    return seen[0] if seen else None


@pytest.mark.parametrize("argv", FORMS, ids=" ".join)
def test_a_plain_form_is_read_as_typer_reads_it(argv: list[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    plain = plain_sheet_args(argv)
    if plain is not None:
        typer_args = _typer_reading(argv, monkeypatch)
        assert plain == typer_args
        assert [type(v) for v in plain.values()] == [type(v) for v in typer_args.values()]
    else:  # the forms Typer has to read: help, `=`, `--`, repeats, refused values, stdout
        assert argv in FORMS[7:]


def test_the_forms_above_are_plain_exactly_where_they_say() -> None:
    assert [plain_sheet_args(a) is not None for a in FORMS] == [True] * 7 + [False] * 17


PROBE = """
import json, sys
sys.argv = ["coinche", *sys.argv[1:]]
from coinche_dsl.cli import main
try:
    main(end_process=False)
finally:
    print(json.dumps("typer" in sys.modules), file=sys.stderr)
"""


def _run(tmp_path: Path, *argv: str, stdin: str = "") -> tuple[int, str, str, bool]:
    """Exit code, stdout, stderr (its last line aside) and whether Typer was imported."""
    done = subprocess.run([sys.executable, "-c", PROBE, "sheet", *argv], capture_output=True,
                          text=True, timeout=120, input=stdin, cwd=tmp_path, encoding="utf-8")
    *err, typer_loaded = done.stderr.splitlines()
    return done.returncode, done.stdout, "\n".join(err), json.loads(typer_loaded)


BROKEN = 'variant "club" extends "ffb" {\n  auction { coinche anytime }\n}\n'
WARNED = 'variant "club" extends "ffb" {\n  game { target 1000 }\n  pin "0000000000"\n}\n'


@pytest.mark.parametrize(("argv", "stdin", "code"), [
    (["ffb", "--card", "--lang", "pt"], "", 0),
    (["ffb", "--format", "md", "--option", "litige=chute"], "", 0),
    (["no-such-variant"], "", 2),
    (["ffb", "--option", "nope=1"], "", 2),
    (["ffb", "--option", "litige"], "", 2),
    (["-"], BROKEN, 1),
    (["-"], WARNED, 0),
])
def test_without_typer_the_same_files_messages_and_exit_codes(tmp_path: Path, argv: list[str],
                                                              stdin: str, code: int) -> None:
    # `-o FILE` is a plain form; `--output=FILE` (the same to Click) goes through Typer.
    plain = _run(tmp_path, *argv, "-o", "plain.out", stdin=stdin)
    typer = _run(tmp_path, *argv, "--output=typer.out", stdin=stdin)
    assert plain[:3] == typer[:3] and plain[0] == code
    assert (plain[3], typer[3]) == (False, True)
    made = [(tmp_path / f"{name}.out").exists() for name in ("plain", "typer")]
    assert made == [code == 0] * 2
    if code == 0:
        assert (tmp_path / "plain.out").read_bytes() == (tmp_path / "typer.out").read_bytes()
    else:
        assert plain[2]  # the error, said on stderr


def _raises(exc: BaseException) -> Any:
    def command() -> None:
        raise exc

    return command


@pytest.mark.parametrize("exc", [KeyboardInterrupt(), EOFError(), None],
                         ids=["ctrl-c", "end of input", "returns"])
def test_it_ends_a_command_as_typer_does(exc: BaseException | None,
                                         capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import typer
    import typer.core

    from coinche_dsl.cli.render_run import as_click_runs

    # What `coinche` runs with (TYPER_USE_RICH=0 set before Typer is imported, which this
    # test process may have imported first): Click's plain messages.
    monkeypatch.setattr(typer.core, "HAS_RICH", False)

    command = _raises(exc) if exc is not None else (lambda: None)
    with pytest.raises(SystemExit) as stop:
        as_click_runs(command)
    ours = (stop.value.code, capsys.readouterr().err)
    probe = typer.Typer()
    probe.command()(command)
    result = CliRunner().invoke(probe, [])
    assert ours == (result.exit_code, result.stderr)
    assert ours[0] == (130 if isinstance(exc, KeyboardInterrupt) else 1 if exc else 0)


def test_a_closed_pipe_ends_it_quietly_with_1_as_click_does() -> None:
    probe = ("import errno, sys\nfrom coinche_dsl.cli.render_run import as_click_runs\n"
             "def command():\n    raise BrokenPipeError(errno.EPIPE, 'closed')\n"
             "as_click_runs(command)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120)
    assert (done.returncode, done.stderr) == (1, "")
