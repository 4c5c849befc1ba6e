"""Rules that fail a cross-field check are refused at the setting in fault, and nothing runs on
them: no worked example, no sheet, no score (issue #32: a sequence order of six ranks made the
inherited examples raise ValueError in the engine, and the studio answer 500). Files breaking
each cross-field check, alone or two at a time, with the base's examples, their own or none,
through `check`, `sheet`, `score`, the studio's analysis and the language server's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from coinche_dsl import analysis
from coinche_dsl.cli import _register, app
from coinche_dsl.errors import VariantError
from coinche_dsl.loader import load_variant

_register()
REFUSED = sorted((Path(__file__).parent / "regressions" / "refused").glob("*.coinche"))
BREAKERS = {
    # model/checks.py, one entry per check
    "maximum below minimum": "auction { maximum_bid 70 }",
    "maximum not reached": "auction { maximum_bid 175 bid_levels from_minimum }",
    "maximum not aligned": "auction { maximum_bid 175 }",
    "surcoinche without coinche": "auction { coinche none }",
    "surcoinche factor": "auction { surcoinche_factor 2 }",
    "after coinche without coinche": "auction { coinche none surcoinche no "
                                     "after_coinche ends_auction }",
    "denominations twice": "auction { denominations hearts, hearts }",
    "generale below capot": "auction { generale yes generale_value 200 }",
    "sequence order short": "announcements { sequence_order A, K, Q, J, 10, 9 }",
    "sequence order twice": "announcements { sequence_order A, K, Q, J, 10, 9, 8, 8 }",
    "sequence too short": "announcements { sequences 2 20, 4 50 longest_counted 4 }",
    "longest not counted": "announcements { longest_counted 6 }",
    "nothing to scale": "cards { no_trump A 0, 10 0, K 0, Q 0, J 0, 9 0, 8 0, 7 0 "
                        "no_trump_scale { kind cards to 152 } }",
    "minimum above every deal": "auction { minimum_bid 400 }",
    "success a number": "scoring { success = contract }",
    "score a condition": "scoring { made { declarers = contract > 3 } }",
    "score too large": "scoring { made { declarers = contract * contract * contract "
                       "* contract } }",
}
EXAMPLES = {
    "the base's": "",
    "none": "  examples none\n",
    # a tierce and a belote: what the engine's announcement code reads
    "own": '  example "tierce" {\n    declarer N bid 100 trump hearts double coinche\n'
           "    card_points NS 90, EW 62 last_trick N announcements N 7D 8D 9D belote S\n"
           "    made yes expect NS 600, EW 0\n  }\n",
}
DEAL = {"declarer": "N", "bid": 90, "trump": "hearts", "card_points": {"NS": 100, "EW": 52},
        "last_trick": "S", "announcements": {"N": [["7D", "8D", "9D"]]}}


def text_of(breakers: list[str], examples: str) -> str:
    body = "".join(f"  {BREAKERS[b]}\n" for b in breakers)
    return ('variant "club" extends "ffb" {\n  title "Club"\n  description "Un club."\n'
            f'  sources "Le bureau"\n{body}{EXAMPLES[examples]}}}\n')


def refused_everywhere(path: Path, text: str) -> None:
    """Every entry point refuses the file with located errors, and nothing else happens."""
    with pytest.raises(VariantError) as e:
        load_variant(path)
    assert e.value.diagnostics and all(d.position is not None for d in e.value.diagnostics)
    deal = path.parent / "deal.json"
    deal.write_text(json.dumps(DEAL), encoding="utf-8")
    for args in (["check", str(path)], ["check", "--format", "json", str(path)],
                 ["sheet", str(path)], ["score", str(path), str(deal)]):
        result = CliRunner().invoke(app, args)
        assert isinstance(result.exception, SystemExit), (args, result.exception)
        assert result.exit_code == 1, (args, result.output)
        if "json" in args:
            found = json.loads(result.stdout)["variants"][0]["diagnostics"]
            assert any(d["severity"] == "error" and d["line"] for d in found), found
        else:
            assert re.search(r"^\S+\.coinche:\d+:\d+: error: ", result.output, re.M), (
                args, result.output)
    from coinche_dsl.studio.service import Workspace

    ws = Workspace.open(path.parent, path.name)
    found = ws.analyse(text)
    assert found.ruleset is None
    assert any(d["severity"] == "error" and d["line"] >= 1 for d in found.diagnostics)
    findings = analysis.diagnose(text, str(path))
    assert any(f.severity == "error" for f in findings)
    assert not any("worked example" in f.message and f.severity == "error"
                   and "expects" in f.message for f in findings)  # no example was run
    lines = text.splitlines()
    for line in (1, len(lines) // 2, len(lines)):  # the editor's other questions, anywhere
        analysis.hover(text, line, 3, str(path))
        analysis.complete(text, line, 3)
        analysis.definition(text, line, 3, str(path))


@pytest.mark.parametrize("breaker", sorted(BREAKERS))
def test_each_cross_field_check_is_a_located_error(tmp_path: Path, breaker: str) -> None:
    text = text_of([breaker], "the base's")
    path = tmp_path / "club.coinche"
    path.write_text(text, encoding="utf-8")
    refused_everywhere(path, text)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(breakers=st.lists(st.sampled_from(sorted(BREAKERS)), min_size=1, max_size=2,
                         unique=True),
       examples=st.sampled_from(sorted(EXAMPLES)))
def test_files_breaking_cross_field_checks_are_refused_everywhere(
        tmp_path_factory: pytest.TempPathFactory, breakers: list[str], examples: str) -> None:
    text = text_of(breakers, examples)
    path = tmp_path_factory.mktemp("cross") / "club.coinche"
    path.write_text(text, encoding="utf-8")
    refused_everywhere(path, text)


@pytest.mark.parametrize("path", REFUSED, ids=lambda p: p.stem)
def test_refused_regressions(tmp_path: Path, path: Path) -> None:
    copy = tmp_path / path.name
    copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    refused_everywhere(copy, copy.read_text(encoding="utf-8"))
