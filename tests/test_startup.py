"""What a cold command loads: each command imports the libraries it uses and no others (issue
#12's budgets: `--help` 0.15 s, `check` 0.3 s, an HTML sheet 0.2 s; the times themselves are
measured by benchmarks/bench_cli.py, never here). Each case runs in a new process."""

from __future__ import annotations

import json
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


def _loaded(*argv: str) -> set[str]:
    """The top modules and coinche_dsl layers a `coinche` process had loaded when it ended."""
    result = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True,
                            text=True, timeout=120)
    modules = json.loads(result.stderr.strip().splitlines()[-1])
    return {name for name in HEAVY if name in modules}


def test_help_loads_no_library_of_the_commands() -> None:
    assert _loaded("--help") == set()


def test_check_loads_the_parser_the_models_and_the_engine_but_no_renderer() -> None:
    # The engine runs the worked examples; nothing is rendered.
    assert _loaded("check", "ffb") == {"pydantic", "lark", "coinche_dsl.engine"}


@pytest.mark.parametrize("card", [False, True])
def test_an_html_sheet_loads_neither_weasyprint_nor_the_simulation(tmp_path: Path,
                                                                   card: bool) -> None:
    out = tmp_path / "s.html"
    loaded = _loaded("sheet", "ffb", *(["--card"] if card else []), "-o", str(out))
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert loaded == {"pydantic", "lark", "jinja2", "babel", "coinche_dsl.engine",
                      "coinche_dsl.render"}
