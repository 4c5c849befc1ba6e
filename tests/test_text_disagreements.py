"""The rules the texts state and the engine once read otherwise: the highest bid printed as
the engine applies it, long runs declared in two parts, the coinche of a single round, the
federation's basic game without no-trump and all-trump. Every case is computed by hand from
the sentence it cites."""

from __future__ import annotations

import random

import pytest

from coinche_dsl import load_variant
from coinche_dsl.engine import Deal, compile
from coinche_dsl.errors import IllegalActionError
from coinche_dsl.loader import BUILTINS
from coinche_dsl.render import card, sheet
from coinche_dsl.render.i18n import LANGUAGES

EAST = 1


def bids_of(rules, denomination: str = "hearts") -> list[int]:
    deal = Deal(rules, EAST, rng=random.Random(3))
    return [c.value for c in deal.legal_calls() if c.kind == "bid"
            and str(c).endswith(" " + denomination) and isinstance(c.value, int)]


# -- 3. the highest bid: what the sheet prints is what the engine applies ---------------------

@pytest.mark.parametrize("name", [n for n in BUILTINS
                                  if load_variant(n).auction.maximum_bid is None])
def test_without_a_highest_bid_the_sheet_prints_the_cap_the_engine_applies(name: str) -> None:
    # ffb § 4.1 sets no ceiling ("un multiple de 10"), but the engine must stop somewhere: its
    # last legal bid is 500 (80, 90 … 500), and N's 510 is refused.
    rs = load_variant(name)
    rules = compile(rs)
    assert bids_of(rules)[-1] == 500
    deal = Deal(rules, EAST, rng=random.Random(3))
    with pytest.raises(IllegalActionError):
        deal.apply("N 510 hearts")
    # « Les enchères chiffrées vont de 80 à 500 », « … jusqu’à 500 »: the cap as the highest
    # number, never as "no ceiling"
    words = {"fr": ("à 500",), "en": ("to 500",), "es": ("a 500", "hasta 500"),
             "it": ("a 500",), "pt": ("a 500", "até 500")}
    for lang in LANGUAGES:
        text = sheet(rs, lang, "md")
        assert any(w in text for w in words[lang]), lang
        for promise in ("sans plafond", "pas de plafond", "no tienen tope", "sin tope",
                        "no highest", "senza massimo", "non hanno un massimo", "sem máximo",
                        "não têm máximo"):
            said = text.replace("Sans plafond fixé", "").replace("Sin tope fijado", "").replace(
                "Sem máximo fixado", "").replace("With no highest bid set", "")
            assert promise not in said, (lang, promise)
        upto = {"fr": "jusqu’à 500", "en": "up to 500", "es": "hasta 500", "it": "fino a 500",
                "pt": "até 500"}
        assert upto[lang] in str(card(rs, lang, "md")), lang  # the card's ladder ends there


# -- 1. a long run declared in two parts -------------------------------------------------------

def summary(variant: str, announced: list[list[str]]) -> dict:
    # N bids 80 hearts and takes 90 card points and the last trick (100); E-W 62.
    return {"declarer": "N", "bid": 80, "trump": "hearts", "card_points": {"NS": 90, "EW": 62},
            "last_trick": "N", "announcements": {"N": announced}}


DIAMONDS = "AD KD QD JD 10D 9D 8D 7D".split()


def test_ffb_counts_a_cent_and_a_tierce_in_the_eight_cards_of_a_suit() -> None:
    # ffb § 8: "Le cent : 5 cartes qui se suivent", "La tierce : 3 cartes qui se suivent", with
    # the one limit "une carte ne peut compter que pour une seule annonce à la fois": A-K-Q-J-10
    # and 9-8-7 share no card, 100 + 20. N: 100 + 120 = 220, reaching 80 and above E-W's 62:
    # made, 220 + 80 = 300 (§ 10.1.1 "Leur total + Le montant du contrat"); E-W 62, rounded
    # to the nearest ten (§ 10.2): 60.
    from coinche_dsl.engine.scoring import score_deal
    got = score_deal(load_variant("ffb"), summary("ffb", [DIAMONDS[:5], DIAMONDS[5:]]))
    assert (got.made, got.scores) == (True, {"NS": 300, "EW": 60})
    # and the automatic finder declares the same two parts
    from coinche_dsl.cards import parse_cards
    from coinche_dsl.engine.announcements import find_announcements
    found = find_announcements(parse_cards(DIAMONDS), 0, compile(load_variant("ffb")))
    assert [(c.mask, c.value) for c in found] == [(parse_cards(DIAMONDS[:5]), 100),
                                                   (parse_cards(DIAMONDS[5:]), 20)]


def test_es_club_counts_the_top_five_of_a_long_run_only() -> None:
    # es-club: "Para una secuencia mayor, nuestro acuerdo explícito cuenta solo las 5
    # superiores": the eight diamonds are one sequence worth 100, and declared as A-10 plus
    # 9-8-7 they are refused. N: 100 + 100 = 200 >= 80 and > 62: "los declarantes anotan su
    # total más el contrato", 200 + 80 = 280; "la defensa anota su total", 62, rounded: 60.
    from coinche_dsl.engine.scoring import score_deal
    from coinche_dsl.errors import InputError
    rs = load_variant("es-club")
    with pytest.raises(InputError) as err:
        score_deal(rs, summary("es-club", [DIAMONDS[:5], DIAMONDS[5:]]))
    assert err.value.field == "announcements.N[1]"
    got = score_deal(rs, summary("es-club", [DIAMONDS]))
    assert (got.made, got.scores) == (True, {"NS": 280, "EW": 60})


def test_es_club_refuses_a_split_run_during_play() -> None:
    # the same sentence at the table: N holds the eight diamonds and declares them in two parts
    from coinche_dsl.cards import parse_cards
    hands = [" ".join(DIAMONDS), "7H 8H 9H 10H JH QH KH AH", "7C 8C 9C 10C JC QC KC AC",
             "7S 8S 9S 10S JS QS KS AS"]
    for name, accepted in (("es-club", False), ("ffb", True)):
        deal = Deal(compile(load_variant(name)), EAST,
                    hands=[parse_cards(h.split()) for h in hands])
        for call in ("N 80 diamonds", "W pass", "S pass", "E pass"):
            deal.apply(call)
        parts = [parse_cards(DIAMONDS[:5]), parse_cards(DIAMONDS[5:])]
        if accepted:
            deal.declare(0, parts)
        else:
            with pytest.raises(IllegalActionError) as err:
                deal.declare(0, parts)
            assert err.value.rule == "announcements.split_runs"
            deal.declare(0, [parse_cards(DIAMONDS)])  # the one run is declared


def _hand_with_a_run(rng: random.Random) -> int:
    """Eight cards holding a run of 3 to 8 cards of one suit, the rest at random."""
    suit, length = rng.randrange(4), rng.randint(3, 8)
    top = rng.randint(0, 8 - length)
    run = {8 * suit + r for r in range(top, top + length)}
    rest = rng.sample([c for c in range(32) if c not in run], 8 - length)
    return sum(1 << c for c in run | set(rest))


@pytest.mark.parametrize("name", BUILTINS)
def test_the_finder_declare_and_score_agree_on_every_hand(name: str) -> None:
    # Whatever the setting, the finder's best declaration is one the validator accepts and
    # scores what the finder counted: a split run is found only where it may be declared.
    from coinche_dsl.engine.announcements import (
        announcement_points,
        announcer,
        check_declared,
        find_announcements,
    )
    rules = compile(load_variant(name))
    rng = random.Random(28)
    for _ in range(300):
        hand = _hand_with_a_run(rng) if rng.random() < 0.7 else sum(
            1 << c for c in rng.sample(range(32), 8))
        for d in rules.denominations:
            found = find_announcements(hand, d, rules)
            masks = [c.mask for c in found]
            assert sorted(announcer(rules, d)(hand)) == sorted(masks)
            if not found:
                continue
            check_declared({0: masks}, d, rules, [])  # accepted
            assert announcement_points({0: masks}, d, rules) == (
                sum(c.value for c in found), 0)


# -- 2. it-701: the coinche once the contract is chosen ------------------------------------------

def test_it_701_coinches_only_once_the_contract_is_chosen() -> None:
    # it-701 (seed 002): "I giocatori parlano una sola volta"; "Il giocatore successivo può
    # scegliere se rilanciare o passare" … "Una volta scelto il contratto, l'avversario può
    # coinche". Dealt by N, clockwise: E, S, W, N speak once each.
    rules = compile(load_variant("it-701"))
    deal = Deal(rules, 0, rng=random.Random(1))
    deal.apply("E 80 hearts")
    # S is next: raise or pass, no coinche yet (W and N have still to choose)
    assert not [c for c in deal.legal_calls() if c.kind == "coinche"]
    with pytest.raises(IllegalActionError) as err:
        deal.apply("S coinche")
    assert err.value.rule == "auction.coinche_after_bidding"
    deal.apply("S pass")
    assert any(str(c) == "W 90 spades" for c in deal.legal_calls())  # W may still overcall
    for call in ("W 90 spades", "N pass"):
        deal.apply(call)
    # the contract is chosen (W 90 spades): its opponents, S then N, may coinche it
    assert (deal.to_act, sorted(str(c) for c in deal.legal_calls())) == (
        2, ["S coinche", "S pass"])
    deal.apply("S pass")
    assert sorted(str(c) for c in deal.legal_calls()) == ["N coinche", "N pass"]
    deal.apply("N coinche")
    # then W's side may surcoinche: E first (after N, clockwise), then W
    assert sorted(str(c) for c in deal.legal_calls()) == ["E pass", "E surcoinche"]


def test_it_701_sheet_says_when_the_coinche_comes() -> None:
    text = sheet(load_variant("it-701"), "it", "md")
    assert "Si fa coinche solo una volta scelto il contratto" in text


# -- 5. fr-bga: a partner master with the suit led, not by a ruff -------------------------------

def test_fr_bga_a_partners_ruff_does_not_free_from_trumping() -> None:
    # fr-bga (seed 004): "un joueur n'est pas obligé de couper si son partenaire est maître à
    # la couleur demandée"; "Exception 2: quand de l'atout est joué, le joueur suivant est
    # obligé de monter". Spades trump; the leader plays 7♣, the fourth player's partner ruffs
    # with 8♠, the third plays 8♣. The fourth holds 9♠ 7♠ 10♥ 7♦ and no club: the partner is
    # master by a ruff, not with clubs, so he must trump, and go over the 8♠: 9♠ only (9 above
    # 8 at trumps). Under ffb ("partenaire maître": any card) all four cards are legal.
    from coinche_dsl.cards import parse_cards
    from coinche_dsl.engine.play import legal_on_trick
    hand = parse_cards("9S 7S 10H 7D".split())
    for name, legal in (("fr-bga", "9S"), ("ffb", "9S 7S 10H 7D")):
        r = compile(load_variant(name))
        lead = 0
        trick = [(lead, parse_cards(["7C"]).bit_length() - 1),
                 ((lead + r.step) & 3, parse_cards(["8S"]).bit_length() - 1),
                 ((lead + 2 * r.step) & 3, parse_cards(["8C"]).bit_length() - 1)]
        assert legal_on_trick(r, hand, 3, trick) == parse_cards(legal.split()), name
    # a partner master with the suit led (A♣ over the 7♣) frees him under fr-bga too
    r = compile(load_variant("fr-bga"))
    trick = [(0, parse_cards(["7C"]).bit_length() - 1),
             (r.step & 3, parse_cards(["AC"]).bit_length() - 1),
             ((2 * r.step) & 3, parse_cards(["8C"]).bit_length() - 1)]
    assert legal_on_trick(r, hand, 3, trick) == hand
