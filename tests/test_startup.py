"""What a cold command loads: each command imports the libraries it uses and no others (issue
#12's budgets: `--help` 0.15 s, `check` 0.3 s, an HTML sheet 0.2 s; the times themselves are
measured by benchmarks/bench_cli.py, never here). Each case runs in a new process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = """
import json, sys
sys.argv = ["coinche", *sys.argv[1:]]
from coinche_dsl.cli import main
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""

HEAVY = ("pydantic", "lark", "jinja2", "babel", "weasyprint", "fontTools", "numpy", "rich",
         "coinche_dsl.engine", "coinche_dsl.render", "coinche_dsl.sim")


def _modules(*argv: str) -> set[str]:
    """Every module a `coinche` process had loaded when it ended."""
    result = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True,
                            text=True, timeout=120)
    return set(json.loads(result.stderr.strip().splitlines()[-1]))


def _loaded(*argv: str) -> set[str]:
    """The top modules and coinche_dsl layers a `coinche` process had loaded when it ended."""
    modules = _modules(*argv)
    return {name for name in HEAVY if name in modules}


def test_the_coinche_script_imports_typer_only_once_main_runs() -> None:
    # The script does `from coinche_dsl.cli import main`: Typer is imported by `main`, with
    # the collector paused, and by any `from coinche_dsl.cli import app`.
    probe = ("import sys; import coinche_dsl.cli as cli; print('typer' in sys.modules); "
             "cli.app; print('typer' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            timeout=120)
    assert result.stdout.split() == ["False", "True"], result.stderr


def test_every_command_is_declared_where_main_looks_for_it() -> None:
    from coinche_dsl.cli import COMMANDS, _register, app

    _register()
    declared = {(info.name or getattr(info.callback, "__name__", "").replace("_", "-")):
                getattr(info.callback, "__module__", "").rsplit(".", 1)[-1]
                for info in app.registered_commands}
    assert declared == COMMANDS


def test_a_command_declares_its_own_module_only_and_help_all() -> None:
    def commands(*argv: str) -> set[str]:
        return {m for m in _modules(*argv) if m.startswith("coinche_dsl.cli.")
                and m.endswith("_cmds")}

    assert commands("sheet", "ffb", "--format", "html") == {"coinche_dsl.cli.render_cmds"}
    from coinche_dsl.cli import COMMANDS

    every = {f"coinche_dsl.cli.{module}" for module in set(COMMANDS.values())}
    assert commands("--help") == every and commands("shet") == every


def test_help_loads_no_library_of_the_commands() -> None:
    assert _loaded("--help") == set()


def test_check_loads_the_parser_the_models_and_the_engine_but_no_renderer() -> None:
    # The engine runs the worked examples; nothing is rendered.
    assert _loaded("check", "ffb") == {"pydantic", "lark", "coinche_dsl.engine"}


@pytest.mark.parametrize("card", [False, True])
def test_an_html_sheet_loads_neither_weasyprint_nor_the_simulation(tmp_path: Path,
                                                                   card: bool) -> None:
    out = tmp_path / "s.html"
    modules = _modules("sheet", "ffb", *(["--card"] if card else []), "-o", str(out))
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert {name for name in HEAVY if name in modules} == {
        "pydantic", "lark", "jinja2", "babel", "coinche_dsl.engine", "coinche_dsl.render"}


@pytest.mark.parametrize("argv", [("check", "ffb"), ("sheet", "ffb", "--format", "html"),
                                  ("sheet", "ffb", "--card", "--format", "html")])
def test_scoring_the_examples_loads_no_batch_engine(argv: tuple[str, ...]) -> None:
    engine = {m for m in _modules(*argv) if m.startswith("coinche_dsl.engine.")}
    assert "coinche_dsl.engine.scoring" in engine  # the worked examples were scored
    assert not engine & {"coinche_dsl.engine.batch", "coinche_dsl.engine.batch.scoring",
                         "coinche_dsl.engine.batch.announce"}


COLLECTOR_PROBE = """
import gc, json, sys
sys.argv = ["coinche", *sys.argv[1:]]
from coinche_dsl.cli import main
before = sum(s["collections"] for s in gc.get_stats())
try:
    main()
except SystemExit:
    pass
after = sum(s["collections"] for s in gc.get_stats())
from pydantic.plugin import _loader
print(json.dumps([after - before, gc.get_freeze_count(), gc.isenabled(),
                  _loader._plugins is None]), file=sys.stderr)
"""


def _collections(*argv: str, env: dict[str, str] | None = None) -> tuple[int, int, bool, bool]:
    """Cyclic collections during `coinche ARGV`, objects frozen at its end, whether the
    collector is on again after it, and whether pydantic never looked for plugins."""
    result = subprocess.run([sys.executable, "-c", COLLECTOR_PROBE, *argv], capture_output=True,
                            text=True, timeout=120, env=env)
    collected, frozen, enabled, no_plugins = json.loads(result.stderr.strip().splitlines()[-1])
    return collected, frozen, enabled, no_plugins


def test_a_one_shot_command_runs_without_the_cyclic_collector(tmp_path: Path) -> None:
    out = tmp_path / "s.html"
    collected, frozen, enabled, _ = _collections("sheet", "ffb", "-o", str(out))
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert collected == 0  # with the collector on, building the models alone runs it
    assert frozen > 10_000  # what the command built: the collection at exit skips it
    assert enabled  # as the caller had it


def test_a_command_that_runs_on_collects_as_usual() -> None:
    collected, _, enabled, _ = _collections("simulate", "ffb", "--deals", "20", "--jobs", "1",
                                         "--bots", "random")
    assert collected > 0 and enabled


def test_pydantic_looks_for_no_plugins_unless_asked() -> None:
    assert _collections("check", "ffb")[3]
    asked = {**os.environ, "PYDANTIC_DISABLE_PLUGINS": ""}
    assert not _collections("check", "ffb", env=asked)[3]


def _run(argv: tuple[str, ...], stdin: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of `coinche ARGV` in a new process."""
    probe = ("import sys\nsys.argv = ['coinche', *sys.argv[1:]]\n"
             "from coinche_dsl.cli import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True,
                          text=True, timeout=120, input=stdin, encoding="utf-8")
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(("argv", "code"), [
    (("sheet", "ffb"), 0),  # the whole Markdown sheet through a pipe: every byte flushed
    (("sheet", "ffb", "--card", "--lang", "pt"), 0),
    (("--help",), 0),
    (("sheet", "--help"), 0),
    (("sheet", "no-such-variant"), 2),  # a usage error found by the command
    (("sheet", "ffb", "--format", "pdf"), 2),
    (("shet", "ffb"), 2),  # a typo: Click's "no such command"
    (("check", "-"), 1),  # invalid input, read from standard input
])
def test_a_one_shot_command_ends_with_its_output_and_exit_code(argv: tuple[str, ...],
                                                               code: int) -> None:
    stdin = 'variant "club" extends "ffb" {\n  auction { coinche anytime }\n}\n'
    done = _run(argv, stdin)
    assert done[0] == code and (done[1] or done[2])
    if argv == ("sheet", "ffb"):
        assert done[1].startswith("# ") and done[1].endswith("\n") and len(done[1]) > 10_000
