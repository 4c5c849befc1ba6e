"""`coinche replay`: a recorded deal is checked call by call and card by card, then scored."""

from __future__ import annotations

import copy
import json
import random

import pytest
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app
from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.driver import play_deal
from coinche_dsl.engine.game import UniformBot
from coinche_dsl.engine.replay import ReplayError, replay, report, to_record
from coinche_dsl.errors import InputError
from coinche_dsl.loader import BUILTINS, load_variant

RECORD = {
    "dealer": "W",
    "hands": {"N": ["7C", "10C", "QC", "10D", "JD", "QD", "8H", "8S"],
              "E": ["7D", "KD", "7H", "10H", "9S", "JS", "QS", "KS"],
              "S": ["8C", "9C", "AC", "9D", "KH", "AH", "10S", "AS"],
              "W": ["JC", "KC", "8D", "AD", "9H", "JH", "QH", "7S"]},
    "auction": ["S 90 all-trump", "E 150 spades", "N capot spades", "W pass", "S pass",
                "E pass"],
    "belote": ["E"],
    "play": ["S AS", "E JS", "N 8S", "W 7S", "E KD", "N 10D", "W 8D", "S 9D", "N JD", "W AD",
             "S 10S", "E 7D", "S 9C", "E KS", "N 10C", "W JC", "E 10H", "N 8H", "W 9H", "S AH",
             "S 8C", "E QS", "N QC", "W KC", "E 9S", "N 7C", "W QH", "S AC", "E 7H", "N QD",
             "W JH", "S KH"],
}
# The record opens with an all-trump bid: ffb with the organiser's no-trump and all-trump (§ 11)
SA_TA = {"sans_atout_tout_atout": "oui"}
FFB = compile(load_variant("ffb", SA_TA))


def run(*args: str, stdin: str | None = None):
    _register()
    if args[:1] == ("ffb",):
        args = (*args, "--option", "sans_atout_tout_atout=oui")
    return CliRunner().invoke(app, ["replay", *args], input=stdin)


def test_a_failed_capot_replays_and_scores(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(RECORD))
    result = run("ffb", str(path))
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["contract"] == "capot spades by N"
    assert out["trick_winners"] == ["E", "N", "S", "E", "S", "E", "E", "S"]
    assert out["summary"]["card_points"] == {"NS": 67, "EW": 85}
    assert out["summary"]["belote"] == ["E"]
    # Capot failed: defenders 160 + 250 and their belote; the declarers nothing.
    assert out["score"]["made"] is False
    assert out["score"]["scores"] == {"NS": 0, "EW": 430}


STRICT = """variant "strict" extends "ffb" {
  title "ffb, an illegal card refused"
  description "The federation's rules where no revoke can stand."
  sources "tests"
  penalties {
    revoke refused
  }
}
"""


def test_an_illegal_card_reports_index_rule_and_where(tmp_path):
    # Under ffb a revoke stands and is penalised (test_penalties.py); refused, it is an error.
    variant = tmp_path / "strict.coinche"
    variant.write_text(STRICT)
    bad = copy.deepcopy(RECORD)
    bad["play"][5] = "N 8H"  # N holds diamonds
    result = run(str(variant), "-", "--option", "sans_atout_tout_atout=oui",
                 stdin=json.dumps(bad))
    assert result.exit_code == 1
    error = json.loads(result.output)["error"]
    assert error["index"] == 5 and error["action"] == "N 8H"
    assert error["rule"] == "play.follow_suit"
    assert "must follow suit (diamonds)" in error["message"] and "ffb.coinche:" in error["message"]


def test_an_illegal_call_reports_its_index():
    bad = copy.deepcopy(RECORD)
    bad["auction"][1] = "E 80 spades"
    with pytest.raises(ReplayError) as err:
        replay(FFB, bad)
    assert err.value.to_json()["error"]["index"] == 1
    assert err.value.rule == "auction.ranked_denominations"


def test_a_card_out_of_turn():
    bad = copy.deepcopy(RECORD)
    bad["play"][1], bad["play"][2] = bad["play"][2], bad["play"][1]
    with pytest.raises(ReplayError) as err:
        replay(FFB, bad)
    assert err.value.index == 1 and err.value.rule == "play.turn"


@pytest.mark.parametrize("change, field", [
    (lambda r: r["hands"]["N"].pop(), "hands.N"),
    (lambda r: r["hands"]["E"].__setitem__(0, "7C"), "hands.E"),
    (lambda r: r["hands"]["S"].__setitem__(0, "1X"), "hands.S[0]"),
    (lambda r: r.pop("play"), "play"),
    (lambda r: r.__setitem__("dealer", "Q"), "dealer"),
    (lambda r: r.__setitem__("auction", "N pass"), "auction"),
    (lambda r: r.__setitem__("trumps", "hearts"), "trumps"),
    (lambda r: r.__setitem__("belote", ["N"]), "belote[0]"),
    (lambda r: r["play"].pop(), "play"),
    (lambda r: r["auction"].pop(), "auction"),
])
def test_malformed_records_name_the_field(change, field):
    bad = copy.deepcopy(RECORD)
    change(bad)
    with pytest.raises(InputError) as err:
        replay(FFB, bad)
    assert err.value.field == field
    result = run("ffb", "-", stdin=json.dumps(bad))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert field.split("[")[0] in result.output


def test_invalid_json_is_a_clean_error():
    result = run("ffb", "-", stdin='{"dealer": ')
    assert result.exit_code == 1 and "invalid JSON" in result.output
    deep = run("ffb", "-", stdin="[" * 100_000 + "]" * 100_000)
    assert deep.exit_code == 1 and "nested too deeply" in deep.output
    long = run("ffb", "-", stdin='{"dealer": ' + "9" * 5000 + "}")
    assert long.exit_code == 1 and "a number has too many digits" in long.output


def test_a_redeal_record():
    rec = copy.deepcopy(RECORD)
    rec["auction"], rec["play"] = ["S pass", "E pass", "N pass", "W pass"], []
    rec.pop("belote")
    assert report(replay(FFB, rec))["redeal"] is True


class DeclaringBot(UniformBot):
    """Random; declares what its hand holds and keeps its belote silent now and then."""

    def declare(self, deal, seat):
        from coinche_dsl.engine.announcements import find_announcements

        found = find_announcements(deal.hands[seat], deal.contract.denomination, deal.rules)
        silent = deal.rules.belote_silent_allowed and self.rng.random() < 0.3
        return ([c.mask for c in found] if deal.rules.announcements_by_denomination[
            deal.contract.denomination] else []), not silent


@pytest.mark.parametrize("name", BUILTINS)
def test_random_deals_round_trip_through_records(name):
    rules = compile(load_variant(name))
    rng = random.Random(name)
    for i in range(12):
        deal = play_deal(Deal(rules, i % 4, rng=rng), [DeclaringBot(rng)] * 4)
        again = replay(rules, json.loads(json.dumps(to_record(deal))))
        assert report(again) == report(deal)


def test_a_rebelote_not_said_voids_the_defenders_belote():
    """FFB § 7: « puis obligatoirement « rebelote » lorsqu'il joue la seconde. En cas
    d'omission d'un de ces deux termes, la belote n'est pas prise en compte ». N's capot at
    spades fails (EW take tricks): § 10.1.2 gives the defence 160 plus the contract (250) and
    its belote, 430; E's rebelote not said, the belote is not counted: 410."""
    from coinche_dsl.engine.replay import replay

    said = replay(FFB, copy.deepcopy(RECORD)).result()
    assert said.scores == {"NS": 0, "EW": 430}
    unsaid = replay(FFB, {**copy.deepcopy(RECORD), "rebelote_unsaid": ["E"]}).result()
    assert unsaid.scores == {"NS": 0, "EW": 410}


def test_a_rebelote_not_said_needs_a_belote_played():
    from coinche_dsl.engine.replay import replay
    from coinche_dsl.errors import InputError

    with pytest.raises(InputError, match="N has played no belote's second card") as e:
        replay(FFB, {**copy.deepcopy(RECORD), "rebelote_unsaid": ["N"]})
    assert e.value.field == "rebelote_unsaid[0]"
