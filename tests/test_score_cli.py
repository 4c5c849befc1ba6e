"""`coinche score`: JSON in, JSON out; bad input exits 1 with a message naming the field."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app

_register()

DEAL = {"declarer": "N", "bid": 90, "trump": "hearts", "double": "none",
        "tricks": {"N": 2, "E": 3, "S": 2, "W": 1},
        "card_points": {"NS": 69, "EW": 83}, "last_trick": "N",
        "announcements": {"N": [["QS", "JS", "10S"]]}, "belote": ["S"]}


def run(args, stdin=None):
    result = CliRunner().invoke(app, ["score", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_score_file(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(DEAL), encoding="utf-8")
    code, out, _ = run(["ffb", str(path)])
    assert code == 0
    data = json.loads(out)
    # 69 + 10 + 20 (tierce) + 20 (belote) = 119 >= 90: 119 + 90 = 209 -> 210; EW 83 -> 80.
    assert data["made"] is True and data["scores"] == {"NS": 210, "EW": 80}
    assert {"team", "points", "label", "rule"} <= set(data["lines"][0])
    assert sum(ln["points"] for ln in data["lines"] if ln["team"] == "NS") == 210


def test_score_stdin_accepts_no_trump_spellings():
    for trump in ("no-trump", "no_trump"):
        deal = {**DEAL, "trump": trump, "belote": []}
        # ffb with the organiser's no-trump (§ 11)
        code, out, _ = run(["ffb", "-", "--option", "sans_atout_tout_atout=oui"], json.dumps(deal))
        assert code == 0 and json.loads(out)["scores"]["NS"] == 190  # 69 + 10 + 20 + 90 = 189


@pytest.mark.parametrize(("deal", "message"), [
    ("{\"declarer\": ", "standard input:1:14: invalid JSON"),
    ({**DEAL, "declarer": "X"}, "'declarer' should be 'N', 'E', 'S' or 'W'"),
    ({**DEAL, "tricks": {"N": 3, "E": 3, "S": 2, "W": 1}}, "tricks must sum to 8"),
    ({**DEAL, "card_points": {"NS": 169, "EW": 83}}, "card_points.NS: 169 is more than"),
    ({**DEAL, "announcements": {"N": [["QS", "JS", "10S"]], "E": [["JS", "9S", "10S"]]}},
     "announcements.E[0]: card 10S is in two announcements"),
    ([1, 2], "a deal summary is a JSON object"),
    ("[" * 100_000 + "]" * 100_000, "standard input: invalid JSON: nested too deeply"),
    ('{"bid": ' + "9" * 5000 + "}", "standard input: invalid JSON: a number has too many"),
], ids=["bad-json", "unknown-seat", "nine-tricks", "points-over-total", "card-twice",
        "not-an-object", "too-deep", "too-many-digits"])
def test_score_rejects(deal, message):
    text = deal if isinstance(deal, str) else json.dumps(deal)
    code, out, err = run(["ffb", "-"], text)
    assert code == 1 and out == ""
    assert message in err and "Traceback" not in err


def test_score_missing_file():
    code, _, err = run(["ffb", "no-such-deal.json"])
    assert code == 2 and "cannot read" in err  # a file argument naming nothing: usage


def test_score_unknown_variant():
    code, _, err = run(["ffbb", "-"], json.dumps(DEAL))
    assert code == 2 and "did you mean 'ffb'" in err


def test_score_litige_held(tmp_path):
    variant = tmp_path / "held.coinche"
    variant.write_text('variant "held" extends "ffb" { scoring { litige held } }\n',
                       encoding="utf-8")
    deal = {**DEAL, "bid": 80, "card_points": {"NS": 71, "EW": 81}, "announcements": {},
            "belote": []}
    code, out, _ = run([str(variant), "-"], json.dumps(deal))
    data = json.loads(out)
    assert code == 0 and data["made"] is False
    assert data["scores"] == {"NS": 0, "EW": 80} and data["held"] == 80
