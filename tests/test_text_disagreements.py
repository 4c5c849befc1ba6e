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
    assert "Durante il giro delle dichiarazioni non si può fare coinche" in text


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


# -- the inherited rules a reader of the seed would not expect (issue 28, reread) ---------------

def _card(name: str) -> int:
    from coinche_dsl.cards import parse_cards
    return parse_cards([name]).bit_length() - 1


# 100 hearts by N: NS 80 card points and the last trick (90), N's belote (20); EW 72.
REBELOTE_DEAL = {"declarer": "N", "bid": 100, "trump": "hearts",
                 "card_points": {"NS": 80, "EW": 72}, "last_trick": "N", "belote": ["N"]}


@pytest.mark.parametrize(("name", "unsaid", "said"), [
    # it-701 (seed 002): "Per farlo, è necessario giocare il Re e la Regina di briscola": no
    # word to forget. 90 + 20 = 110 >= 100, made: NS 90 + 100 + 20 = 210 ("prese totali +
    # dieci de der + annuncio + contratto + bonus belote-rebelote"), EW 72 ("totale prese").
    ("it-701", {"NS": 210, "EW": 72}, {"NS": 210, "EW": 72}),
    # pt-online (seed 001): "Os anúncios são feitos automaticamente". 110 >= 100 and > 72:
    # NS 90 + 100 + 20 = 210 ("soma os pontos das suas vazas, mais o valor do lance"), EW 72.
    ("pt-online", {"NS": 210, "EW": 72}, {"NS": 210, "EW": 72}),
    # fr-bga (seed 004): "il peut les annoncer au moment de les jouer, et cela lui rapporte
    # alors 20 points". 90 + 20 >= 100: NS 90 + 20 + 100 = 210 ("les points annoncés + les
    # points faits"), EW 72 ("les points qu'elle a fait").
    ("fr-bga", {"NS": 210, "EW": 72}, {"NS": 210, "EW": 72}),
    # es-club (seed 000): "reclama aparte belote por 20, diciendo «Belote» en la primera y
    # «Rebelote» en la segunda". Said: 110 >= 100 and > 72, NS 110 + 100 = 210, EW 72 rounded
    # to 70. Unsaid: 90 < 100 fails, "la defensa recibe 160 más ... el contrato": EW 260.
    ("es-club", {"NS": 0, "EW": 260}, {"NS": 210, "EW": 70}),
    # fr-brut (seed 003): "Belote et rebelote sont toujours acquises à l'équipe qui les a
    # annoncées". Said: 90 >= 82 and 90 + 20 >= 100, NS 90 + 20 + 100 = 210, EW 72. Unsaid:
    # 90 < 100 fails, the defence takes "les points de cartes, la valeur multipliée du
    # contrat": EW 162 + 100 = 262.
    ("fr-brut", {"NS": 0, "EW": 262}, {"NS": 210, "EW": 72}),
])
def test_a_forgotten_rebelote_costs_the_belote_only_where_the_seed_says_the_word(
        name: str, unsaid: dict, said: dict) -> None:
    from coinche_dsl.engine.scoring import score_deal
    rs = load_variant(name)
    assert score_deal(rs, REBELOTE_DEAL).scores == said
    assert score_deal(rs, {**REBELOTE_DEAL, "rebelote_unsaid": ["N"]}).scores == unsaid


def test_it_701_each_speaks_once_and_a_coinche_hears_only_the_contracts_side() -> None:
    # it-701 (seed 002): "I giocatori parlano una sola volta"; "Una volta scelto il contratto,
    # l'avversario può coinche". Dealt by N, clockwise: E passes, S bids, W and N pass. Under
    # the federation E would still speak (three passes after the bid end it, § 4.1); here E has
    # spoken: the bids are over, "L'ultimo contratto annunciato" (S 80 hearts) stands, and its
    # opponents, E then W, may coinche it.
    rules = compile(load_variant("it-701"))
    deal = Deal(rules, 0, rng=random.Random(1))
    for call in ("E pass", "S 80 hearts", "W pass", "N pass"):
        deal.apply(call)
    assert sorted(str(c) for c in deal.legal_calls()) == ["E coinche", "E pass"]
    deal.apply("E coinche")
    # after the coinche only S's side speaks, once each: S then N, and two passes end it
    # (not the federation's three)
    assert sorted(str(c) for c in deal.legal_calls()) == ["S pass", "S surcoinche"]
    deal.apply("S pass")
    assert sorted(str(c) for c in deal.legal_calls()) == ["N pass", "N surcoinche"]
    deal.apply("N pass")
    assert deal.phase == "play"
    assert (deal.contract.declarer, deal.contract.bid, deal.contract.double) == (2, 80, 1)
    text = sheet(load_variant("it-701"), "it", "md")
    assert "3 giocatori di fila passano" not in text
    assert "Dopo una coinche, parla solo la squadra contrata: surcoinche o passo." in text


def test_it_701_a_trump_lead_held_by_the_partner_need_not_be_overtaken() -> None:
    # it-701 (seed 002): "Per seguire una carta di briscola, è necessario giocare una carta di
    # valore superiore. Tuttavia, se il compagno ha giocato la carta più forte, non è obbligato
    # a tagliare." Hearts trump; the leader plays 9♥, the next (an opponent) 7♥; the leader's
    # partner holds J♥ 8♥ 10♣: his partner holds the trick, so either heart will do. Under ffb
    # (§ 5.2 "il faut en plus monter sur la carte la plus haute déjà posée") only the J♥.
    from coinche_dsl.cards import parse_cards
    hand = parse_cards("JH 8H 10C".split())
    for name, legal in (("it-701", "JH 8H"), ("ffb", "JH")):
        r = compile(load_variant(name))
        trick = [(0, _card("9H")), (r.step & 3, _card("7H"))]
        assert legal_of(r, hand, trick) == parse_cards(legal.split()), name
    # an opponent holding the trick must still be overtaken: the 9♥ led by an opponent
    r = compile(load_variant("it-701"))
    trick = [(r.step & 3, _card("9H"))]
    assert legal_of(r, hand, trick) == parse_cards(["JH"])
    # "Giocare tutto atout: Ciascuno dei 4 semi è considerato un seme di “atout”": the same
    # at all-trump (5), where the J♥ alone beats the 9♥; ffb (§ 11.3 "on est toujours obligé
    # de monter sur la carte qui tient") asks for it over the partner too.
    for name, legal in (("it-701", "JH 8H"), ("ffb", "JH")):
        r = compile(load_variant(name))
        trick = [(0, _card("9H")), (r.step & 3, _card("7H"))]
        assert legal_of(r, hand, trick, 5) == parse_cards(legal.split()), name
    r = compile(load_variant("it-701"))
    assert legal_of(r, hand, [(r.step & 3, _card("9H"))], 5) == parse_cards(["JH"])


def legal_of(r, hand: int, trick: list[tuple[int, int]], d: int = 2) -> int:
    from coinche_dsl.engine.play import legal_on_trick
    return legal_on_trick(r, hand, d, trick)  # hearts (2) trump, or all-trump (5)


def test_fr_bga_four_passes_in_a_row_end_the_auction() -> None:
    # fr-bga (seed 004): "Dès que 4 joueurs d'affilée passent, les enchères prennent fin."
    # Clockwise from N's deal: E bids, S, W, N pass (three in a row): E speaks again and may
    # raise; his own pass is the fourth, and "la dernière enchère est prise en compte".
    rules = compile(load_variant("fr-bga"))
    deal = Deal(rules, 0, rng=random.Random(1))
    for call in ("E 90 hearts", "S pass", "W pass", "N pass"):
        deal.apply(call)
    assert deal.phase == "auction" and deal.auction.to_act == 1
    assert any(str(c) == "E 100 hearts" for c in deal.legal_calls())
    deal.apply("E pass")
    assert deal.phase == "play" and deal.contract.bid == 90


def test_fr_bga_a_coinched_fall_doubles_the_fall_not_the_defences_belote() -> None:
    # fr-bga (seed 004): "L'équipe adverse remporte les points annoncés + 160"; "Les points de
    # réussite ou de défaites sont alors doublés"; the belote "lui rapporte alors 20 points".
    # 100 clubs by N coinched, NS 86 + 10 = 96 < 100: failed, NS "fait zéro"; EW (160 + 100)
    # x 2 + E's belote 20 = 540.
    from coinche_dsl.engine.scoring import score_deal
    got = score_deal(load_variant("fr-bga"), {
        "declarer": "N", "bid": 100, "trump": "clubs", "double": "coinche",
        "card_points": {"NS": 86, "EW": 66}, "last_trick": "S", "belote": ["E"]})
    assert (got.made, got.scores) == (False, {"NS": 0, "EW": 540})


def test_fr_brut_the_82_floor_counts_the_last_trick() -> None:
    # fr-brut (seed 003): "152 points de cartes plus 10 pour le dernier pli — 162 par donne";
    # "Un contrat ordinaire doit d'abord ramasser au moins 82 points de cartes aux plis"
    # (Choice: the majority of the 162, the 10 included). 80 spades by N, NS 72 card points
    # and the last trick: 82, the floor reached and the bid too: NS 82 + 80 = 162, EW 70.
    # With 71 and the last trick, 81: failed, EW 162 + 80 = 242.
    from coinche_dsl.engine.scoring import score_deal
    rs = load_variant("fr-brut")
    deal = {"declarer": "N", "bid": 80, "trump": "spades",
            "card_points": {"NS": 72, "EW": 80}, "last_trick": "S"}
    got = score_deal(rs, deal)
    assert (got.made, got.scores) == (True, {"NS": 162, "EW": 80})
    got = score_deal(rs, {**deal, "card_points": {"NS": 71, "EW": 81}})
    assert (got.made, got.scores) == (False, {"NS": 0, "EW": 242})


def test_es_club_unable_to_overtrump_an_opponent_may_discard_as_under_ffb() -> None:
    # es-club (seed 000): "a diferencia del perfil clásico, si no puedes superar un triunfo
    # rival, puedes descartar en vez de jugar uno inferior"; ffb § 5.2: "il n'est pas
    # obligatoire d'en jouer un (on dit que l'on « ne pisse pas »), on peut se défausser".
    # Spades trump; the leader plays 7♣, the next (an opponent) ruffs with 9♠; the leader's
    # partner, void in clubs, holds 7♠ 10♥ 7♦: a discard or the lower 7♠, any of the three.
    # pt-online ("Qualquer outro trunfo" before "Qualquer outra carta") asks for the 7♠.
    from coinche_dsl.cards import parse_cards
    from coinche_dsl.engine.play import legal_on_trick
    hand = parse_cards("7S 10H 7D".split())
    for name, legal in (("es-club", "7S 10H 7D"), ("ffb", "7S 10H 7D"), ("pt-online", "7S")):
        r = compile(load_variant(name))
        trick = [(0, _card("7C")), (r.step & 3, _card("9S"))]
        assert legal_on_trick(r, hand, 3, trick) == parse_cards(legal.split()), name


# -- 4. ffb's basic game: the four suits, no-trump and all-trump at the organiser's word --------

SA_TA = "sans_atout_tout_atout"


def test_ffb_bids_the_four_suits_unless_the_organiser_adds_no_trump_and_all_trump() -> None:
    # ffb § 11: "L'organisateur d'un tournoi peut décider de le jouer avec la variante du Sans
    # Atout / Tout Atout": without the organiser's word, four suits; with it, six.
    basic, added = load_variant("ffb"), load_variant("ffb", {SA_TA: "oui"})
    assert [d.value for d in basic.auction.denominations] == [
        "clubs", "diamonds", "hearts", "spades"]
    assert [d.value for d in added.auction.denominations] == [
        "clubs", "diamonds", "hearts", "spades", "no-trump", "all-trump"]
    deal = Deal(compile(basic), EAST, rng=random.Random(3))
    with pytest.raises(IllegalActionError):
        deal.apply("N 80 no-trump")
    deal = Deal(compile(added), EAST, rng=random.Random(3))
    deal.apply("N 80 no-trump")  # the organiser's variant takes it


# Each built-in extending ffb and what its own text says of no-trump and all-trump.
OWN_TEXT = {
    "ffb-contree": False,  # the contrée text's § 11: the same sentence as the coinchée's
    "es-club": False,      # "se anuncia un palo y un contrato": suits only
    "fr-bga": True,        # "un joueur peut faire une enchère de deux autres types : Sans Atout"
    "fr-brut": True,       # "Chaque contrat se joue à l'atout, en sans-atout ou en tout-atout"
    "it-701": True,        # "Carte atout, non atout, tutto atout e senza atout"
    "pt-online": True,     # "Escolher um naipe de trunfo, Todo trunfo ou Sem trunfo."
}


@pytest.mark.parametrize("name", sorted(OWN_TEXT))
def test_each_variant_extending_ffb_bids_what_its_own_text_says(name: str) -> None:
    from coinche_dsl.loader import builtin_dir
    text = (builtin_dir() / f"{name}.coinche").read_text(encoding="utf-8")
    assert f'variant "{name}" extends "ffb"' in text
    denominations = {d.value for d in load_variant(name).auction.denominations}
    assert ({"no-trump", "all-trump"} <= denominations if OWN_TEXT[name] else
            denominations == {"clubs", "diamonds", "hearts", "spades"}), denominations
    # stated in its own file, or (ffb-contree) said in its header, never inherited unsaid
    assert "denominations" in text or "Sans Atout / Tout Atout" in text


# -- 5. choices reread, each with its sentence ---------------------------------------------------

def _played(rules, hands: list[str], bid: str, first: list[str]) -> Deal:
    """A deal dealt by the seat before N (N speaks and leads first): N's `bid`, then passes
    until the auction ends, played out with N's cards in `first` order when legal, else each
    player's lowest legal card."""
    from coinche_dsl.cards import SEATS, parse_cards
    deal = Deal(rules, -rules.step & 3, hands=[parse_cards(h.split()) for h in hands])
    deal.apply(f"N {bid}")
    while deal.phase == "auction":
        deal.apply(f"{SEATS[deal.to_act]} pass")
    wanted = [parse_cards([c]).bit_length() - 1 for c in first]
    while deal.phase == "play":
        legal = deal.legal_cards()
        pick = next((c for c in wanted if legal >> c & 1), None)
        if pick is not None:
            wanted.remove(pick)
        deal.play(pick if pick is not None else (legal & -legal).bit_length() - 1)
    return deal


SUITS_APART = ["KH QH AH 10H JH 9H 8H 7H",   # N: every heart
               "7C 8C 9C 10C JC QC KC AC",   # E
               "7D 8D 9D 10D JD QD KD AD",   # S
               "7S 8S 9S 10S JS QS KS AS"]   # W


def test_pt_online_belote_is_the_king_then_the_queen() -> None:
    # pt-online (seed 001): "É anunciado fazendo-se passar pelo rei (belote) e pela rainha
    # (rebela-te)"; Choice: the other order is not announced. N holds every heart and bids 80
    # hearts: N leads every trick, nobody can follow or trump, so N takes all eight in either
    # order, and the two deals differ only by the belote, "vale 20 pontos": 20 for N-S with
    # the king first, nothing with the queen first. E-W take no trick, and their runs of eight
    # lose to N's run of trumps ("Só a equipa com a combinação mais alta soma"): 0 both times.
    rules = compile(load_variant("pt-online"))
    king = _played(rules, SUITS_APART, "80 hearts", ["KH", "QH"])
    queen = _played(rules, SUITS_APART, "80 hearts", ["QH", "KH"])
    assert (king.facts().belote, queen.facts().belote) == ([0], [])
    assert king.result().scores["NS"] - queen.result().scores["NS"] == 20
    assert king.result().scores["EW"] == queen.result().scores["EW"] == 0


def test_pt_online_contra_multiplies_the_162_and_the_bid_not_announcements_or_belote() -> None:
    # pt-online: "“Contra” e “Recontra” multiplicam o valor do contrato por 2 e por 4 ... A
    # equipa vencedora recebe todos os pontos das vazas (162 no total)"; "Exemplo 2": (162 +
    # 100) x 2, a fall. Choice: a made contra is read the same way. N bids 100 hearts,
    # coinched, with a tierce (20) and the belote (20).
    from scoring_support import deal

    from coinche_dsl.engine.scoring import score_deal
    rs = load_variant("pt-online")
    tierce = {"N": [["7D", "8D", "9D"]]}
    # made: 110 + 10 + 20 + 20 = 160 >= 100 and > 42. N-S (162 + 100) x 2 + 20 + 20 = 564;
    # "A equipa vencedora recebe todos os pontos das vazas": E-W nothing.
    got = score_deal(rs, deal(100, "hearts", 110, 42, "N", double="coinche",
                              announcements=tierce, belote=["N"]))
    assert (got.made, got.scores) == (True, {"NS": 564, "EW": 0})
    # failed: 50 + 20 + 20 = 90 < 100. N-S keep the belote, 20 ("exceto os pontos de
    # Belote"); E-W (162 + 100) x 2 + the tierce, 20, outside the product: 544.
    got = score_deal(rs, deal(100, "hearts", 50, 102, "E", double="coinche",
                              announcements=tierce, belote=["N"]))
    assert (got.made, got.scores) == (False, {"NS": 20, "EW": 544})


def test_it_701_a_made_surcoinche_multiplies_every_score_the_defences_too() -> None:
    # it-701 (seed 002): "“Surcoinche” ... Alla fine del gioco, i punti vinti vengono
    # moltiplicati per 4"; Choice: "i punti vinti" names no side: each side's points are
    # multiplied. N bids 110 clubs, surcoinched; N-S take 110 card points and the last trick;
    # E-W 42, a tierce (20) and the belote (20). Made: 120 >= 110 ("Il punto annunciato").
    # N-S "prese totali + dieci de der + annuncio + contratto + bonus belote-rebelote":
    # (120 + 110) x 4 = 920; E-W "totale prese + annuncio + bonus belote-rebelote":
    # (42 + 20 + 20) x 4 = 328.
    from scoring_support import deal

    from coinche_dsl.engine.scoring import score_deal
    got = score_deal(load_variant("it-701"), deal(
        110, "clubs", 110, 42, "N", double="surcoinche",
        announcements={"E": [["7D", "8D", "9D"]]}, belote=["W"]))
    assert (got.made, got.scores) == (True, {"NS": 920, "EW": 328})


def test_fr_bga_has_no_belote_at_all_trump() -> None:
    # fr-bga (seed 004): "La Dame et le Roi, à la couleur de l'atout, sont appelée la Belote"
    # with "Tout Atout (TA): Toutes les couleurs sont considérées comme de l'atout"; Choice: one
    # trump suit is named, so no belote at all-trump. N holds K♥ Q♥: at hearts N is credited
    # with the belote, at all-trump nobody is. Under ffb with the organiser's all-trump (§ 11.3:
    # "Il peut y avoir jusqu'à 4 belotes") each player holds the king and queen of a suit: four
    # belotes, listed by suit (clubs E, diamonds S, hearts N, spades W).
    bga = compile(load_variant("fr-bga"))
    hearts = _played(bga, SUITS_APART, "90 hearts",
                     ["KH", "QH"])
    all_trump = _played(bga, SUITS_APART, "90 all-trump",
                        ["KH", "QH"])
    assert (hearts.facts().belote, all_trump.facts().belote) == ([0], [])
    ffb = compile(load_variant("ffb", {SA_TA: "oui"}))
    assert _played(ffb, SUITS_APART, "90 all-trump",
                   ["KH", "QH"]).facts().belote == [1, 2, 0, 3]


def test_fr_bga_all_trump_beats_the_best_card_not_the_previous_one() -> None:
    # fr-bga: "On est obligé de monter sur la carte précédemment jouée, pour toutes les
    # couleurs !" Choice (the header: the language cannot say "the previous card"): the player
    # must go over the best card of the suit led. At all-trump (V 9 A 10 R D 8 7) the leader
    # plays 9♥ and the next player, unable to go over, 7♥: the third, holding V♥ 8♥ 7♣, must
    # play the V♥ (over the 9♥), though by the letter of the text the 8♥ goes over the card
    # previously played. Had the previous card been the best (7♥ then 9♥), the readings agree.
    from coinche_dsl.cards import parse_cards
    from coinche_dsl.engine.facts import ALL_TRUMP
    from coinche_dsl.engine.play import legal_on_trick
    r = compile(load_variant("fr-bga"))

    def card_of(name: str) -> int:
        return parse_cards([name]).bit_length() - 1

    hand = parse_cards("JH 8H 7C".split())
    trick = [(0, card_of("9H")), (r.step & 3, card_of("7H"))]
    assert legal_on_trick(r, hand, ALL_TRUMP, trick) == parse_cards(["JH"])
    trick = [(0, card_of("7H")), (r.step & 3, card_of("9H"))]
    assert legal_on_trick(r, hand, ALL_TRUMP, trick) == parse_cards(["JH"])


@pytest.mark.parametrize(("name", "sentence"), [
    ("pt-online", "É anunciado fazendo-se passar pelo rei (belote) e"),
    ("pt-online", "“Contra” e “Recontra” multiplicam o valor do contrato"),
    ("it-701", "Alla fine del gioco, i punti vinti vengono moltiplicati per 2"),
    ("fr-bga", "La Dame et le Roi, à la couleur de l'atout"),
    ("fr-bga", "On est obligé de monter sur la carte précédemment jouée"),
    ("it-701", "Tuttavia, se il compagno ha giocato la carta più forte"),
    ("fr-brut", "au moins 82 points de cartes aux plis"),
    ("fr-brut", "Belote et rebelote sont toujours acquises"),
    ("es-club", "diciendo «Belote» en la primera y «Rebelote» en la"),
    ("fr-bga", "il peut les annoncer au moment de les jouer"),
])
def test_each_choice_reread_is_named_in_the_variants_header(name: str, sentence: str) -> None:
    # the header (the comment lines before `variant`) names the Choice with its sentence
    from coinche_dsl.loader import builtin_dir
    text = (builtin_dir() / f"{name}.coinche").read_text(encoding="utf-8")
    header = " ".join(line.lstrip("# ").strip() for line in
                      text[:text.index(f'variant "{name}"')].splitlines())
    assert any(bullet.startswith("Choice:") and sentence in bullet
               for bullet in header.split(" - ")), (name, sentence)
