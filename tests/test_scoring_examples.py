"""Every built-in variant's worked examples score as they say, and a wrong one is reported."""

from __future__ import annotations

import pytest

from coinche_dsl import load_variant
from coinche_dsl.engine.examples import check_examples
from coinche_dsl.loader import BUILTINS


@pytest.mark.parametrize("name", BUILTINS)
def test_builtin_examples_hold(name):
    rules = load_variant(name)
    assert rules.examples, f"{name} has no worked example"
    assert check_examples(rules) == []


def test_seed_worked_examples_are_in_their_variants():
    # The worked examples the source texts give (the `sources` of each variant file): es-club
    # 250, pt-online 210/72 and 20/524, fr-bga 222/40 and 0/260.
    expected = {"es-club": [{"NS": 0, "EW": 250}],
                "pt-online": [{"NS": 210, "EW": 72}, {"NS": 20, "EW": 524}],
                "fr-bga": [{"NS": 222, "EW": 40}, {"NS": 0, "EW": 260}]}
    for name, scores in expected.items():
        written = [dict(ex.expect) for ex in load_variant(name).examples]
        assert all(s in written for s in scores), name


def test_mismatch_is_reported(tmp_path):
    path = tmp_path / "t.coinche"
    path.write_text('variant "t" extends "ffb" {\n'
                    '  example "wrong" {\n declarer N\n bid 90\n trump hearts\n'
                    '    card_points NS 79, EW 73\n last_trick N\n made yes\n'
                    '    expect NS 170, EW 70\n  }\n'
                    '  example "impossible" {\n declarer N\n bid 90\n trump hearts\n'
                    '    card_points NS 79, EW 83\n last_trick N\n expect NS 0, EW 250\n  }\n'
                    '}\n', encoding="utf-8")
    # A variant's examples replace its base's (lists replace on `extends`): indices 0 and 1.
    problems = dict(check_examples(load_variant(path)))
    assert set(problems) == {0, 1}
    assert "NS 0, EW 250" in problems[0] and "failed" in problems[0]
    assert "card_points" in problems[1]
