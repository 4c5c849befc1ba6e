"""Calls in the players' words, wherever calls are typed: the contrée's « Je contre », « je
surcontre » (the federation's contrée text), each language's, and the seats' O for west."""

from __future__ import annotations

import pytest

from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.auction import Call, parse_call
from coinche_dsl.loader import load_variant


@pytest.mark.parametrize("text, call", [
    ("E contre", Call(1, "coinche")), ("S surcontre", Call(2, "surcoinche")),
    ("O contré", Call(3, "coinche")), ("N passe", Call(0, "pass")),
    ("W contra", Call(3, "coinche")), ("N recontra", Call(0, "surcoinche")),
    ("E contro", Call(1, "coinche")), ("S paso", Call(2, "pass")),
])
def test_the_contree_s_words_and_each_language_s(text, call):
    assert parse_call(text) == call


@pytest.mark.parametrize("text, denomination", [
    ("N 80 cœur", 2), ("N 80 coeur", 2), ("N 80 picas", 3), ("N 80 SA", 4),
    ("N 80 tout-atout", 5), ("N 80 fiori", 0),
])
def test_a_bid_in_the_table_s_words(text, denomination):
    assert parse_call(text) == Call(0, "bid", 80, denomination)


def test_a_contree_auction_typed_as_its_players_say_it():
    # ffb-contree: "Je contre", then "je surcontre" by the declarers' side.
    rules = compile(load_variant("ffb-contree"))
    deal = Deal(rules, 1)  # E deals; anticlockwise, N speaks first, then W, then S
    for text in ("N 80 cœur", "O contre", "S surcontre"):
        deal.apply(text)
    assert deal.contract is not None and deal.contract.double == 2


def test_a_word_that_is_no_call_is_still_refused():
    with pytest.raises(ValueError, match="cannot read call|unknown"):
        parse_call("N contrat")
