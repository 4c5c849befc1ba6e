"""Announcements: finding what a hand declares, classifying declared cards, comparing sides."""

from __future__ import annotations

import itertools
import random

import pytest
from scoring_support import variant

from coinche_dsl.cards import card_names, parse_cards
from coinche_dsl.engine import compile
from coinche_dsl.engine.announcements import (
    RANK_MASK,
    announcement_points,
    announcer,
    belote_suits,
    check_declared,
    classify,
    find_announcements,
)
from coinche_dsl.errors import InputError
from coinche_dsl.loader import BUILTINS, load_variant

HEARTS, SPADES, NO_TRUMP, ALL_TRUMP = 2, 3, 4, 5
N, E, S, W = range(4)


def cards(*codes):
    return parse_cards(codes)


def found(hand, den, rs):
    return [(c.label, c.value, sorted(card_names(c.mask))) for c in
            find_announcements(cards(*hand), den, compile(rs))]


def test_find_carre_and_sequence_without_sharing_a_card(ffb):
    # The jack of hearts serves the carré; A K Q of hearts remain a tierce.
    hand = ("JC", "JD", "JH", "JS", "QH", "KH", "AH", "7S")
    assert [(label, value) for label, value, _ in found(hand, HEARTS, ffb)] == [
        ("carré of J", 200), ("sequence of 3 to AH in trump", 20)]


def test_find_prefers_the_best_total(ffb):
    # The queen of clubs serves either four queens (100) or the quint A K Q J 10 (100), not
    # both: one of them, and the quint is found first.
    hand = ("QC", "QD", "QH", "QS", "AC", "KC", "JC", "10C")
    assert [(label, v) for label, v, _ in found(hand, SPADES, ffb)] == [
        ("sequence of 5 to AC", 100)]
    # Four queens, and 9 8 7 of spades apart from the queen: carré and tierce both count.
    hand = ("QC", "QD", "QH", "QS", "7S", "8S", "9S", "JS")
    assert [(label, v) for label, v, _ in found(hand, HEARTS, ffb)] == [
        ("carré of Q", 100), ("sequence of 3 to 9S", 20)]


def test_find_long_run_counts_top_five(ffb):
    hand = ("AD", "KD", "QD", "JD", "10D", "9D", "8D", "7C")
    ((label, value, _),) = found(hand, HEARTS, ffb)
    assert (label, value) == ("sequence of 7 to AD", 100)


def test_find_nothing_at_no_trump_when_not_allowed(tmp_path):
    rs = variant(tmp_path, "announcements { at_no_trump no }")
    assert found(("JC", "JD", "JH", "JS", "7C", "8C", "9C", "AH"), NO_TRUMP, rs) == []


def test_find_keeps_belote_out_of_sequences_when_told(tmp_path):
    rs = variant(tmp_path, "announcements { belote_in_sequence no }")
    hand = ("KH", "QH", "JH", "10H", "7C", "8D", "9S", "AS")
    assert found(hand, HEARTS, rs) == []
    assert [v for _, v, _ in found(hand, SPADES, rs)] == [50]


def test_find_with_card_reuse_lists_overlapping_combinations(tmp_path):
    rs = variant(tmp_path, "announcements { card_reuse yes }")
    hand = ("JC", "JD", "JH", "JS", "QH", "KH", "10H", "7S")
    assert sorted(v for _, v, _ in found(hand, SPADES, rs)) == [50, 200]


def test_belote_suits(ffb):
    hand = cards("KH", "QH", "KS", "QS", "7C", "8C", "9C", "10C")
    assert belote_suits(hand, HEARTS, compile(ffb)) == [HEARTS]
    assert belote_suits(hand, ALL_TRUMP, compile(ffb)) == [HEARTS, SPADES]
    assert belote_suits(hand, NO_TRUMP, compile(ffb)) == []  # ffb: "at no-trump none"


@pytest.mark.parametrize(("codes", "den", "label", "value"), [
    (("7H", "8H", "9H"), SPADES, "sequence of 3 to 9H", 20),
    (("10H", "JH", "9H", "QH"), HEARTS, "sequence of 4 to QH in trump", 50),
    (("AS", "AH", "AD", "AC"), HEARTS, "carré of A", 100),
    (("AS", "AH", "AD", "AC"), NO_TRUMP, "carré of A", 200),  # FFB reprices A at no-trump
    (("10S", "10H", "10D", "10C"), NO_TRUMP, "carré of 10", 150),
    (("QS", "JS", "10S"), ALL_TRUMP, "sequence of 3 to QS in trump", 20),
], ids=["tierce", "fifty-in-trump", "carre-aces", "carre-aces-no-trump", "carre-tens-no-trump",
        "all-trump-sequence"])
def test_classify(ffb, codes, den, label, value):
    combo = classify(cards(*codes), den, compile(ffb))
    assert (combo.label, combo.value) == (label, value)


@pytest.mark.parametrize(("codes", "message"), [
    (("7H", "8H", "10H"), "neither a carré nor a sequence"),
    (("7H", "8H", "9S"), "neither a carré nor a sequence"),
    (("7H", "8H"), "at least 3 cards"),
    (("7H", "7D", "7C", "7S"), "score nothing"),
], ids=["gap", "two-suits", "too-short", "four-sevens"])
def test_classify_rejects(ffb, codes, message):
    with pytest.raises(InputError, match=message) as err:
        classify(cards(*codes), HEARTS, compile(ffb), "announcements.N[0]")
    assert err.value.field == "announcements.N[0]"


def points(rs, den, **declared):
    masks = {"NESW".index(seat): [cards(*c) for c in combos] for seat, combos in declared.items()}
    return announcement_points(masks, den, compile(rs))


def test_compare_higher_sequence_wins(ffb):
    assert points(ffb, HEARTS, N=[("KC", "QC", "JC")], E=[("AD", "KD", "QD")]) == (0, 20)


def test_compare_longer_beats_higher(ffb):
    assert points(ffb, HEARTS, N=[("AC", "KC", "QC")], E=[("10D", "9D", "8D", "7D")]) == (0, 50)


def test_compare_winner_scores_all_its_announcements(ffb):
    assert points(ffb, HEARTS, N=[("AC", "KC", "QC")], S=[("9D", "8D", "7D")],
                  E=[("KS", "QS", "JS")]) == (40, 0)


def test_compare_carre_by_value_then_rank(ffb):
    assert points(ffb, HEARTS, N=[("KC", "KD", "KH", "KS")], E=[("9C", "9D", "9H", "9S")]) == (
        0, 150)
    # Equal value: the rank's strength in the mode's table decides (trump order: A over K).
    assert points(ffb, HEARTS, N=[("KC", "KD", "KH", "KS")], E=[("AC", "AD", "AH", "AS")]) == (
        0, 100)


def test_tie_first_declared(tmp_path):
    rs = variant(tmp_path, "announcements { tie first_declared }")
    assert points(rs, HEARTS, E=[("KC", "QC", "JC")], N=[("KD", "QD", "JD")]) == (0, 20)
    assert points(rs, HEARTS, N=[("KD", "QD", "JD")], E=[("KC", "QC", "JC")]) == (20, 0)


def test_tie_both_score(tmp_path):
    rs = variant(tmp_path, "announcements { tie both_score }")
    assert points(rs, HEARTS, E=[("KC", "QC", "JC")], N=[("KD", "QD", "JD")]) == (20, 20)


def test_trump_sequence_does_not_win_when_told(tmp_path):
    rs = variant(tmp_path, "announcements { trump_sequence_wins no }")
    assert points(rs, HEARTS, N=[("QH", "JH", "10H")], E=[("QD", "JD", "10D")]) == (0, 0)


def test_every_side_scores(tmp_path):
    rs = variant(tmp_path, "announcements { who_scores every_side }")
    assert points(rs, HEARTS, N=[("AC", "KC", "QC")], E=[("10D", "9D", "8D", "7D")]) == (20, 50)


def check(rs, den, belote=(), **declared):
    masks = {"NESW".index(seat): [cards(*c) for c in combos] for seat, combos in declared.items()}
    return check_declared(masks, den, compile(rs), ["NESW".index(s) for s in belote])


def test_card_in_two_announcements_of_one_seat(ffb):
    with pytest.raises(InputError, match="JH is in two announcements") as err:
        check(ffb, SPADES, N=[("JC", "JD", "JH", "JS"), ("QH", "JH", "10H")])
    assert err.value.field == "announcements.N[1]"


def test_card_reuse_allowed(tmp_path):
    rs = variant(tmp_path, "announcements { card_reuse yes }")
    combos = check(rs, SPADES, N=[("JC", "JD", "JH", "JS"), ("QH", "JH", "10H")])
    assert [c.value for c in combos[N]] == [200, 20]


def test_card_in_two_seats_is_never_allowed(tmp_path):
    rs = variant(tmp_path, "announcements { card_reuse yes }")
    with pytest.raises(InputError, match="JH is in two announcements"):
        check(rs, SPADES, N=[("QH", "JH", "10H")], E=[("KH", "QH", "JH")])


def test_belote_cards_belong_to_the_belote_holder(ffb):
    with pytest.raises(InputError, match="N declared belote"):
        check(ffb, HEARTS, belote=["N"], E=[("KH", "JH", "QH")])


def test_belote_in_sequence(ffb, tmp_path):
    assert check(ffb, HEARTS, belote=["N"], N=[("KH", "QH", "JH")])[N][0].value == 20
    rs = variant(tmp_path, "announcements { belote_in_sequence no }")
    with pytest.raises(InputError, match="belote cards"):
        check(rs, HEARTS, belote=["N"], N=[("KH", "QH", "JH")])


def test_no_announcements_at_all_trump_when_not_allowed(tmp_path):
    rs = variant(tmp_path, "announcements { at_all_trump no }")
    with pytest.raises(InputError, match="no announcements"):
        check(rs, ALL_TRUMP, N=[("KH", "QH", "JH")])


_ANNOUNCE_KNOBS = dict(card_reuse=[True, False], belote_in_sequence=[True, False],
                       sequences=[{3: 20, 4: 50, 5: 100}, {3: 0, 4: 50}])


@pytest.mark.parametrize("name", BUILTINS)
def test_automatic_announcements_are_what_find_announcements_finds(name):
    """`Deal` looks announcements up in per-suit tables (`announcer`, which hands a hand with
    a scoring carré to `find_announcements`): on 800 random hands a denomination, under each
    combination of the knobs that change what a hand declares, the masks are
    `find_announcements`'s."""
    base = load_variant(name)
    for values in itertools.product(*_ANNOUNCE_KNOBS.values()):
        an = base.announcements.model_copy(update=dict(zip(_ANNOUNCE_KNOBS, values,
                                                           strict=True)))
        rules = compile(base.model_copy(update={"announcements": an}))
        rng = random.Random(len(name))
        for d in rules.denominations:
            announce = announcer(rules, d)
            for _ in range(800):
                hand = sum(1 << c for c in rng.sample(range(32), 8))
                if rng.random() < 0.1:  # a carré now and then
                    hand = (hand & ~0xFF) | (RANK_MASK << rng.randrange(8))
                expected = [c.mask for c in find_announcements(hand, d, rules)]
                assert announce(hand) == expected, (name, values, d, hex(hand))
