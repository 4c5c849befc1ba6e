"""An impossible deal (what `coinche score` and the studio's score form refuse) is said in the
reader's language from its code (`problems.said_input`), the English message staying for the
API. Each case is a deal the federation's rules cannot have: its cards are worth 152 at a suit
(§ 6 of the coinchée text), the belote is the trump king and queen of one hand (§ 7)."""

from __future__ import annotations

import re

import pytest

from coinche_dsl.engine import compile, score_deal
from coinche_dsl.errors import InputError
from coinche_dsl.loader import load_variant
from coinche_dsl.problems import LANGUAGES, said_input

FFB = compile(load_variant("ffb"))
DEAL = {"declarer": "N", "bid": 100, "trump": "hearts", "card_points": {"NS": 80, "EW": 72},
        "last_trick": "N"}
CASES = {
    "deal.points_sum": {"card_points": {"NS": 80, "EW": 70}},
    "deal.points_over_deck": {"card_points": {"NS": 160, "EW": 0}},
    "deal.points_without_trick": {"tricks": {"N": 8, "E": 0, "S": 0, "W": 0}},
    "deal.trump_not_bid": {"trump": "no-trump"},  # ffb's basic game: the four suits (§ 11)
    "deal.bid_out_of_range": {"bid": 85},
    "deal.too_many_belotes": {"belote": ["N", "E"]},
    "deal.card_twice": {"announcements": {"N": [["7H", "8H", "9H"], ["9H", "10H", "JH"]]}},
    "deal.not_a_combination": {"announcements": {"N": [["7H", "9H", "JH"]]}},
}
ENGLISH = re.compile(r"\b(cards?|variant|points of|sum|tricks?|bid|deal|NS|EW|card_points|"
                     r"announcements|is in two|the)\b")


def refusal(change: dict) -> InputError:
    with pytest.raises(InputError) as e:
        score_deal(FFB, {**DEAL, **change})
    return e.value


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_impossible_deal_has_its_code(code):
    assert refusal(CASES[code]).code == code


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("code", sorted(CASES))
def test_each_impossible_deal_is_said_in_the_readers_language(code, lang):
    e = refusal(CASES[code])
    said = said_input(e, lang)
    assert said and said != str(e)
    assert not ENGLISH.search(said), said


def test_the_sum_is_said_with_its_numbers_in_french():
    e = refusal(CASES["deal.points_sum"])
    assert said_input(e, "fr") == ("les points de cartes des deux camps font 150, mais les "
                                   "cartes valent 152 en tout (sans le dix de der)")
    assert str(e) == ("card_points: NS and EW sum to 150, but the cards of a hearts deal "
                      "total 152 (last trick not included)")  # the API's words are unchanged
    assert said_input(e, None) == str(e)
