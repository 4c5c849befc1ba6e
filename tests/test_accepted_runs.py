"""Accepted means runs: any variant `check` accepts, drawn across the whole model within its
bounds (tests/variant_strategies.py), goes through every command's work without an exception
escaping. The variants a large run found broken are kept in tests/regressions/ and run here
every time.

CI runs a small budget; `ACCEPTED_RUNS_EXAMPLES=3000 pytest tests/test_accepted_runs.py` runs
a large one.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from typer.testing import CliRunner
from variant_strategies import exercise, random_summary, variant_data

from coinche_dsl.cli import _register, app
from coinche_dsl.errors import VariantError
from coinche_dsl.loader import load_variant
from coinche_dsl.syntax.writer import dump_variant

REGRESSIONS = sorted((Path(__file__).parent / "regressions").glob("*.coinche"))
_register()
BUDGET = int(os.environ.get("ACCEPTED_RUNS_EXAMPLES", "25"))


def accepted(tmp_path: Path, data: dict[str, object]) -> object | None:
    """The variant loaded through its text, as `check` would; None when check refuses it."""
    path = tmp_path / "gen.coinche"
    path.write_text(dump_variant("gen", None, data), encoding="utf-8")
    try:
        return load_variant(path)
    except VariantError:
        return None


def with_examples(data: dict[str, object], rs: object, seed: int) -> dict[str, object]:
    """`data` with worked examples: deal summaries drawn at random, each expecting the score
    the engine gives it (the ones the engine refuses are left out)."""
    import random

    from coinche_dsl.engine.scoring import score_deal
    from coinche_dsl.errors import InputError

    rng, examples = random.Random(seed), []
    for i in range(3):
        summary = random_summary(rs, rng)
        try:
            result = score_deal(rs, summary)
        except InputError:
            continue
        examples.append({"name": f"drawn {i}", **summary, "made": result.made,
                         "expect": dict(result.scores)})
    return {**data, "examples": examples}


@settings(max_examples=BUDGET, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(data=variant_data())
def test_every_accepted_variant_runs(tmp_path: Path, data: dict[str, object]) -> None:
    rs = accepted(tmp_path, data)
    if rs is None:
        return
    exercise(rs)
    # with examples the engine itself scored: check accepts them, and everything runs again
    worked = accepted(tmp_path, with_examples(data, rs, len(str(data))))
    assert worked is not None, "examples scored by the engine were refused"
    from coinche_dsl.engine.examples import check_examples

    assert check_examples(worked) == []
    exercise(worked, deals=1)


@pytest.mark.parametrize("path", REGRESSIONS, ids=lambda p: p.stem)
def test_regressions_run(path: Path) -> None:
    exercise(load_variant(path))


COMMANDS = [["check"], ["show"], ["show", "--resolved"], ["show", "--format", "json"],
            ["sheet", "--format", "md"], ["sheet", "--format", "html"],
            ["compare", "ffb"], ["compare", "ffb", "--format", "json"],
            ["simulate", "--deals", "2", "--jobs", "1"],
            ["play", "--seed", "1"]]


@pytest.mark.parametrize("path", REGRESSIONS, ids=lambda p: p.stem)
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_regressions_through_the_cli(path: Path, command: list[str]) -> None:
    """Each command exits normally, and no terminal escape of the file reaches the output."""
    result = CliRunner().invoke(app, [command[0], str(path), *command[1:]], input="q\n",
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output
