"""Revokes and irregularities scored under a variant's `penalties` (issue 28, item 6).

Each case is computed by hand from the sentence it cites: the federation's 2015 texts (§ 5.1,
§ 8.4, and § 10.1.2 for ffb's Choice on a revoke, which the text leaves unpriced), as
`coinche_dsl/variants/ffb.coinche` quotes them.
"""

from __future__ import annotations

import copy
import json

import pytest
from engine_probes import RECORD
from scoring_support import deal
from typer.testing import CliRunner

from coinche_dsl import load_variant
from coinche_dsl.cli import _register, app
from coinche_dsl.engine import compile
from coinche_dsl.engine.replay import ReplayError, replay, report
from coinche_dsl.engine.scoring import score_deal
from coinche_dsl.errors import InputError
from coinche_dsl.render.output import to_markdown
from coinche_dsl.render.rulesheet import build_sheet

FFB = load_variant("ffb")


def _with(summary: dict, *irregularities: dict) -> dict:
    return {**summary, "irregularities": list(irregularities)}


def load_text(text: str, name: str, folder) -> object:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return load_variant(path)


def run(*args: str, stdin: str | None = None):
    _register()
    return CliRunner().invoke(app, list(args), input=stdin)


# --- a revoke by the declarers ------------------------------------------------------------

def test_a_revoke_by_the_declarers_loses_the_deal_as_a_fall():
    # ffb's Choice, § 10.1.2: "Les preneurs ne marquent rien, à l'exception éventuelle des 20
    # points de belote"; the defence "marquent 160 points de chute + ... + Le montant du
    # contrat demandé". 90 hearts by N, which the cards would have made (100 + 10 > 90):
    # S revokes; NS 0, EW 160 + 90 = 250.
    s = score_deal(FFB, _with(deal(90, "hearts", 100, 52, "S"),
                              {"kind": "revoke", "seat": "S", "trick": 5}))
    assert (s.made, s.scores) == (False, {"NS": 0, "EW": 250})
    assert s.lines[0].rule.name == "penalties.revoke_by_declarers.defenders"
    assert "S, of the declarers, revoked in trick 5" in s.penalties[0]


def test_the_declarers_keep_their_belote_after_a_revoke():
    # § 7: "La belote ... est imprenable : le bonus de points est accordé même en cas de
    # chute." N's belote stays: NS 20; EW 160 + 90 = 250.
    s = score_deal(FFB, _with(deal(90, "hearts", 100, 52, "S", belote=["N"]),
                              {"kind": "revoke", "seat": "N", "trick": 2}))
    assert s.scores == {"NS": 20, "EW": 250}


# --- a revoke by the defence --------------------------------------------------------------

def test_a_revoke_by_the_defence_gives_the_declarers_the_coinched_award():
    # 100 hearts by N, coinched, which the cards would have failed (80 + 10 < 100); E
    # revokes. The declarers mark as the defence of a fall (§ 10.1.2, "doublent" when
    # coinched): (160 + 100) × 2 = 520; W's belote stays with EW, 20.
    s = score_deal(FFB, _with(deal(100, "hearts", 80, 72, "E", double="coinche",
                                   belote=["W"]),
                              {"kind": "revoke", "seat": "E", "trick": 3}))
    assert (s.made, s.scores) == (True, {"NS": 520, "EW": 20})


def test_only_the_first_revoke_is_penalised():
    # W revokes in trick 2, then S (a declarer) in trick 6: the defence's revoke decides,
    # NS 160 + 90 = 250, EW 0.
    s = score_deal(FFB, _with(deal(90, "hearts", 70, 82, "S"),
                              {"kind": "revoke", "seat": "S", "trick": 6},
                              {"kind": "revoke", "seat": "W", "trick": 2}))
    assert s.scores == {"NS": 250, "EW": 0}
    assert len(s.penalties) == 2 and "alone is penalised" in s.penalties[1]


# --- an announcement not held -------------------------------------------------------------

def test_an_unheld_announcement_goes_to_the_other_side():
    # § 8.4: "le camp adverse marquera les points que le camp fautif avait annoncés". 90
    # hearts by N made (§ 10.1.1): NS 100 + 10 + 90 = 200, EW 52; E declared a cinquante he
    # cannot show: NS 200 + 50 = 250; EW 52, rounded 50 (§ 10.2).
    s = score_deal(FFB, _with(deal(90, "hearts", 100, 52, "S"),
                              {"kind": "unheld_announcement", "seat": "E", "points": 50}))
    assert (s.made, s.scores) == (True, {"NS": 250, "EW": 50})


def test_an_unheld_announcement_of_the_declarers_counts_for_the_defence():
    # N declared a tierce (20) he cannot show: it does not count for NS (200), and EW mark
    # it: 52 + 20 = 72, rounded 70.
    s = score_deal(FFB, _with(deal(90, "hearts", 100, 52, "S"),
                              {"kind": "unheld_announcement", "seat": "N", "points": 20}))
    assert s.scores == {"NS": 200, "EW": 70}


# --- a variant that overrides one penalty -------------------------------------------------

CLUB = """variant "club" extends "ffb" {
  title "Notre club"
  description "La coinche de la fédération, une renonce de la défense payée 162."
  sources "le règlement du club"
  penalties {
    revoke_by_defenders {
      declarers = 162 + contract
    }
  }
}
"""


def test_a_variant_overrides_one_penalty_and_inherits_the_others(tmp_path):
    club = load_text(CLUB, "club.coinche", tmp_path)
    # Its own: a defender's revoke gives the declarers 162 + 100 = 262, rounded 260, not
    # doubled; the defence keeps ffb's `belote(defenders)`: W's 20.
    s = score_deal(club, _with(deal(100, "hearts", 80, 72, "E", double="coinche",
                                    belote=["W"]),
                               {"kind": "revoke", "seat": "E", "trick": 3}))
    assert s.scores == {"NS": 260, "EW": 20}
    assert s.lines[0].rule.file == "club.coinche"
    # Inherited: a declarer's revoke, as under ffb (NS 0, EW 160 + 90 = 250).
    s = score_deal(club, _with(deal(90, "hearts", 100, 52, "S"),
                               {"kind": "revoke", "seat": "S", "trick": 5}))
    assert s.scores == {"NS": 0, "EW": 250}
    assert s.lines[0].rule.file == "ffb.coinche"


def test_revoke_penalised_without_its_penalty_is_a_located_error(tmp_path):
    text = CLUB.replace("revoke_by_defenders {\n      declarers = 162 + contract\n    }",
                        "revoke_by_declarers none")
    from coinche_dsl.errors import VariantError

    with pytest.raises(VariantError) as err:
        load_text(text, "bare.coinche", tmp_path)
    problem = next(d for d in err.value.diagnostics if d.severity == "error")
    # ffb.coinche writes `revoke penalised`; the problem is this file's `none`, line 6.
    assert problem.code == "check.revoke_unscored"
    assert (problem.position.file.endswith("bare.coinche"), problem.position.line) == (True, 6)
    assert "revoke_by_declarers is missing" in problem.message


# --- replay finds the revoke in the play ----------------------------------------------------

def test_replay_finds_a_revoke_and_scores_its_penalty():
    # N (S's partner, a declarer) plays KD on S's heart lead while holding 7H (§ 5.2: "On doit
    # toujours fournir la couleur demandée"). 90 hearts by S, coinched by E; E's belote
    # (QH KH) is claimed. EW: (160 + 20 + 90) × 2 = 540; NS nothing.
    out = report(replay(compile(FFB), RECORD))
    assert out["score"]["scores"] == {"NS": 0, "EW": 540}
    assert out["summary"]["irregularities"] == [{"kind": "revoke", "seat": "N", "trick": 1}]
    assert "N, of the declarers, revoked in trick 1" in out["score"]["penalties"][0]


def test_a_recorded_revoke_the_play_does_not_show_is_refused():
    fair = copy.deepcopy(RECORD)
    fair["play"][2], fair["play"][6] = "N 7H", "N KD"
    fair["irregularities"] = [{"kind": "revoke", "seat": "N", "trick": 4}]
    with pytest.raises(InputError) as err:
        replay(compile(FFB), fair)
    assert err.value.field == "irregularities[0].trick"


def test_where_revokes_are_refused_the_card_is_an_error():
    # pt-online: "revoke refused" (an online table refuses the card).
    with pytest.raises(ReplayError) as err:
        replay(compile(load_variant("pt-online")), RECORD)
    assert (err.value.index, err.value.rule) == (2, "play.follow_suit")


# --- a card shown -------------------------------------------------------------------------

def _shown(released: bool = False) -> dict:
    fair = copy.deepcopy(RECORD)
    fair["play"][2], fair["play"][6] = "N 7H", "N KD"
    fair["irregularities"] = [{"kind": "card_shown", "seat": "S", "card": "AD", "trick": 1,
                               **({"released": True} if released else {})}]
    return fair


def test_a_card_shown_must_be_played():
    # § 5.1: "Toute carte montrée doit être jouée": S showed AD and leads JH instead.
    with pytest.raises(ReplayError) as err:
        replay(compile(FFB), _shown())
    assert (err.value.index, err.value.rule) == (0, "penalties.shown_card")


def test_a_card_shown_and_released_goes_back():
    # § 5.1: "sauf autorisation ou avis contraire de la part des adversaires".
    out = report(replay(compile(FFB), _shown(released=True)))
    # The deal as played: S's 90 hearts coinched by E; no revoke, so the usual formulas.
    assert "penalties" not in out["score"] or not any(
        "revoked" in p for p in out["score"]["penalties"])


# --- bad records: one located error each --------------------------------------------------

@pytest.mark.parametrize(("irregularity", "field", "words"), [
    ({"kind": "renege", "seat": "S", "trick": 5}, "irregularities[0].kind", "'revoke'"),
    ({"kind": "revoke", "seat": "S"}, "irregularities[0]", "names its trick"),
    ({"kind": "revoke", "seat": "S", "trick": 9}, "irregularities[0].trick", "8"),
    ({"kind": "unheld_announcement", "seat": "E", "points": 55},
     "irregularities[0].points", "55 is not what an announcement"),
    ({"kind": "card_shown", "seat": "S", "card": "AD", "trick": 1},
     "irregularities[0].kind", "changes no score"),
    ({"kind": "revoke", "seat": "S", "trick": 5, "points": 20}, "irregularities[0]",
     "takes no points"),
])
def test_a_bad_irregularity_is_one_located_error(irregularity, field, words):
    result = run("score", "ffb", "-", stdin=json.dumps(
        _with(deal(90, "hearts", 100, 52, "S"), irregularity)))
    assert result.exit_code == 1
    assert field in result.output and words in result.output
    assert "Traceback" not in result.output


def test_a_revoke_where_the_variant_refuses_one_is_a_located_error():
    result = run("score", "fr-bga", "-", stdin=json.dumps(
        _with(deal(90, "hearts", 100, 52, "S"), {"kind": "revoke", "seat": "S", "trick": 5})))
    assert result.exit_code == 1 and "irregularities[0].kind" in result.output


def test_the_schemas_know_irregularities():
    for kind in ("score", "replay"):
        schema = json.loads(run("schema", kind).output)
        assert "irregularities" in schema["properties"]


def test_the_text_breakdown_says_what_the_penalty_did():
    result = run("score", "ffb", "-", "--format", "text", "--lang", "fr", stdin=json.dumps(
        _with(deal(90, "hearts", 100, 52, "S"), {"kind": "revoke", "seat": "E", "trick": 5})))
    assert result.exit_code == 0, result.output
    assert "Est a fait une renonce au pli 5" in result.output


# --- the sheet -----------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "heading", "shown"), [
    ("en", "Irregularities", "A card shown by accident must be played"),
    ("fr", "Irrégularités", "Toute carte montrée doit être jouée"),
    ("es", "Irregularidades", "Una carta mostrada por descuido debe jugarse"),
    ("it", "Irregolarità", "Una carta mostrata per sbaglio va giocata"),
    ("pt", "Irregularidades", "Uma carta mostrada por descuido tem de ser jogada"),
])
def test_the_sheet_prints_the_penalties(lang, heading, shown):
    text = to_markdown(build_sheet(FFB, lang))
    section = text[text.index(heading):]
    assert shown in section
    assert "unheld" not in section and "revoke_by" not in section  # words, not fields


def test_an_online_variant_says_no_revoke_can_stand():
    text = to_markdown(build_sheet(load_variant("pt-online"), "en"))
    assert "A card the rules of play forbid cannot be played" in text
    assert "After a revoke" not in text


def test_a_card_shown_that_was_not_dealt_is_a_located_error():
    bad = _shown()
    bad["irregularities"][0]["card"] = "AH"  # E holds it, not S
    with pytest.raises(InputError) as err:
        replay(compile(FFB), bad)
    assert err.value.field == "irregularities[0].card" and "not dealt AH" in str(err.value)


def test_the_replay_summary_scores_as_the_replay_did():
    # The summary a replay prints is a `coinche score` input giving the same score.
    out = report(replay(compile(FFB), RECORD))
    assert score_deal(FFB, out["summary"]).scores == out["score"]["scores"] == {
        "NS": 0, "EW": 540}


def test_a_deal_in_an_example_s_lines_records_its_irregularity():
    # The lines a variant file's examples write (`revoke E 5`); § 10.1.2 as ffb's Choice:
    # E revokes, NS 160 + 90 = 250.
    lines = ("declarer N\nbid 90\ntrump hearts\ncard_points NS 100, EW 52\nlast_trick S\n"
             "revoke E 5\n")
    result = run("score", "ffb", "-", "--lang", "en", stdin=lines)
    assert result.exit_code == 0, result.output
    assert "East revokes in trick 5." in result.output
    assert "North–South  250  Total" in result.output
    bad = run("score", "ffb", "-", stdin=lines.replace("revoke E 5", "unheld_announcement E 55"))
    assert bad.exit_code == 1 and "<stdin>:6:1:" in bad.output


def test_ffb_s_own_examples_of_penalties_print_their_irregularity():
    text = to_markdown(build_sheet(FFB, "fr"))
    assert "Sud fait une renonce au pli 5." in text
    assert "Est a annoncé 50 et ne peut pas le montrer." in text


def test_show_resolved_writes_the_irregularities_back_as_lines(tmp_path):
    shown = run("show", "ffb", "--resolved")
    assert shown.exit_code == 0 and "    revoke S 5\n" in shown.output
    again = tmp_path / "again.coinche"
    again.write_text(shown.output, encoding="utf-8")
    recorded = [e.irregularities for e in FFB.examples if e.irregularities]
    assert len(recorded) == 3
    assert [e.irregularities for e in load_variant(again).examples if e.irregularities] == recorded
