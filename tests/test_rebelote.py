"""« Rebelote » not said: FFB § 7, « puis obligatoirement « rebelote » lorsqu'il joue la seconde.
En cas d'omission d'un de ces deux termes, la belote n'est pas prise en compte ».

`belote.rebelote_required yes` (ffb) makes a recorded belote whose `rebelote_unsaid` names its
holder count for nothing; `no` keeps it. Each score below is worked by hand under ffb: § 10.1.1
(made: the declarers' points plus the contract, the defence its own points; failed: the defence
160 plus the contract), § 10.2 (to the nearest ten), § 7 (belote 20).
"""

from __future__ import annotations

import pytest

from coinche_dsl.engine import compile, score_deal
from coinche_dsl.errors import VariantError
from coinche_dsl.loader import load_variant
from coinche_dsl.pad import GameRecord, score_game, tell

FFB = load_variant("ffb")
RULES = compile(FFB)
LAX = compile(FFB.model_copy(update={"belote": FFB.belote.model_copy(
    update={"rebelote_required": False})}))

# 100 hearts by N, NS 80 card points and the last trick, N's belote: 80 + 10 + 20 = 110 >= 100
# and above EW's 72, made: NS 110 + 100 = 210, EW 72 to 70.
DEAL = {"declarer": "N", "bid": 100, "trump": "hearts",
        "card_points": {"NS": 80, "EW": 72}, "last_trick": "N", "belote": ["N"]}


def test_the_belote_counts_when_rebelote_is_said():
    score = score_deal(RULES, DEAL)
    assert score.made and score.scores == {"NS": 210, "EW": 70}


def test_without_rebelote_the_belote_is_not_taken_into_account():
    # « la belote n'est pas prise en compte »: 80 + 10 = 90 < 100, failed: EW 160 + 100 = 260.
    score = score_deal(RULES, {**DEAL, "rebelote_unsaid": ["N"]})
    assert not score.made and score.scores == {"NS": 0, "EW": 260}


def test_where_rebelote_is_not_required_the_belote_still_counts():
    score = score_deal(LAX, {**DEAL, "rebelote_unsaid": ["N"]})
    assert score.made and score.scores == {"NS": 210, "EW": 70}


def test_rebelote_unsaid_names_a_belote_holder():
    with pytest.raises(Exception, match="rebelote_unsaid names E, who declared no belote"):
        score_deal(RULES, {**DEAL, "rebelote_unsaid": ["E"]})


def test_the_pad_takes_sans_rebelote_in_the_table_s_words():
    game = tell(RULES, GameRecord(variant={"name": "ffb"}),
                "100 coeur N, 80 points, der N, belote N, sans rebelote N")
    assert game.deals[0].rebelote_unsaid == ["N"]
    assert score_game(RULES, game).totals == {"NS": 0, "EW": 260}
    with pytest.raises(VariantError, match="who did not say rebelote"):
        tell(RULES, GameRecord(variant={"name": "ffb"}),
             "100 coeur N, 80 points, der N, belote N, sans rebelote")
