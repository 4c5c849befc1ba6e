"""Automatic announcements in the batch engine (`engine.batch.announce`) against `Deal`.

Under `announcements.timing automatic` every seat declares what `Deal` finds in its hand and
the sides are compared per the rules' knobs. The batch engine does this over arrays; here, for
pt-online and for ffb with each announcement knob switched, every deal of a sample is built
again as a `Deal` (same hands, dealer and contract): the points its declarations score per team
must be the batch's, and a part of the sample is replayed card by card, whose scores must be
the batch's too. Each sample is checked to hold the situations the knobs decide (carrés,
sequences of each length, both sides declaring, equal best announcements). A few deals built
by hand have their points worked out from the rules' text.
"""

from __future__ import annotations

import numpy as np
import pytest
from scoring_support import SA_TA, variant

from coinche_dsl.cards import parse_cards
from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.announcements import announcement_points, classify
from coinche_dsl.engine.batch import play_batch
from coinche_dsl.engine.facts import Contract
from coinche_dsl.loader import load_variant

N, E, S, W = range(4)
CLUBS, HEARTS, NO_TRUMP, ALL_TRUMP = 0, 2, 4, 5


def _deal(rules, out, i: int) -> Deal:
    """Deal i of the batch as a `Deal`: its hands, dealer and contract."""
    deal = Deal(rules, int(out.dealer[i]), hands=[int(h) for h in out.hands[i]])
    deal.fix_contract(out.contract(i))
    return deal


def _points(rules, deal: Deal) -> tuple[int, int]:
    """What `Deal`'s declarations score per team (NS, EW)."""
    d = deal.contract.denomination
    declared = {s: m for s, m in deal.declared.items() if m}
    if not declared or not rules.announcements_by_denomination[d]:
        return 0, 0
    return announcement_points(declared, d, rules)


def _situations(rules, deal: Deal) -> set[str]:
    """What the deal's declarations hold: kinds, lengths, sides, an equal best."""
    d = deal.contract.denomination
    if not rules.announcements_by_denomination[d]:
        return set()
    out: set[str] = set()
    best: list[tuple[int, ...]] = [(), ()]
    for seat, masks in deal.declared.items():
        for combo in (classify(m, d, rules) for m in masks):
            out.add("carré" if combo.kind == "carre" else
                    f"sequence of {min(combo.mask.bit_count(), 5)}")
            best[seat & 1] = max(best[seat & 1], combo.key)
            if d >= NO_TRUMP:
                out.add("at no-trump" if d == NO_TRUMP else "at all-trump")
    if best[0] and best[1]:
        out.add("both sides")
        if best[0] == best[1]:
            out.add("equal best")
    return out


def _replay(rules, out, i: int) -> None:
    """Deal i played card by card through `Deal`: the same made, scores, belotes per team and
    announcement points."""
    deal = _deal(rules, out, i)
    for card in out.cards[i]:
        deal.play(int(card))
    result = deal.result()
    assert (result.made, result.scores["NS"], result.scores["EW"]) == (
        bool(out.made[i]), *out.scores[i].tolist()), (i, deal.contract)
    seats = deal.belote_seats()
    assert [sum(1 for s in seats if s & 1 == team) for team in (0, 1)] == out.belote[i].tolist()
    facts = deal.facts()
    points = announcement_points(facts.announcements, facts.contract.denomination, rules) if (
        facts.announcements) else (0, 0)
    assert points == tuple(out.announcements[i].tolist()), i


def _check(rules, n: int, seed: int, replayed: int) -> set[str]:
    """A batch of n deals (contracts drawn) against `Deal`; the situations it held."""
    out = play_batch(rules, n, seed=seed)
    seen: set[str] = set()
    for i in range(n):
        deal = _deal(rules, out, i)
        assert _points(rules, deal) == tuple(out.announcements[i].tolist()), (i, deal.declared)
        seen |= _situations(rules, deal)
    declaring = np.flatnonzero(out.announcements.any(axis=1))
    for i in sorted({*declaring[:replayed].tolist(), *range(replayed // 2)}):
        _replay(rules, out, i)
    return seen


EVERY_KIND = {"carré", "sequence of 3", "sequence of 4", "sequence of 5", "both sides",
              "equal best", "at no-trump", "at all-trump"}


def test_pt_online_batch_declares_and_compares_as_deal():
    rules = compile(load_variant("pt-online"))
    assert rules.announcements_automatic
    seen = _check(rules, 5000, seed=12, replayed=400)
    assert seen >= EVERY_KIND, EVERY_KIND - seen


KNOBS = {
    "cancel_both": "",
    "first_declared, card_reuse": "tie first_declared\ncard_reuse yes",
    "both_score, belote out of sequences": "tie both_score\nbelote_in_sequence no",
    "every_side, no trump priority": "who_scores every_side\ntrump_sequence_wins no",
    "first_declared, belote out, no trump priority, none at all-trump":
        "tie first_declared\nbelote_in_sequence no\ntrump_sequence_wins no\nat_all_trump no",
    "every_side, card_reuse, belote out": "who_scores every_side\ncard_reuse yes\n"
                                          "belote_in_sequence no",
    "both_score, card_reuse, none at no-trump": "tie both_score\ncard_reuse yes\n"
                                                "at_no_trump no",
    "low carrés, long sequences, odd order":
        "carres 8 50, 7 20, A 100, J 100\nno_trump_carres same\n"
        "sequences 3 20, 4 50, 5 100, 8 400\nlongest_counted 8\n"
        "sequence_order A, 10, K, Q, J, 9, 8, 7",
    "a quint scores nothing": "sequences 3 20, 4 50, 5 0",
    "a quint scores nothing, card_reuse": "sequences 3 20, 4 50, 5 0\ncard_reuse yes",
}
@pytest.mark.parametrize("knobs", list(KNOBS.values()), ids=list(KNOBS))
def test_each_announcement_knob_is_decided_as_deal_decides_it(tmp_path, knobs):
    """ffb (with the organiser's no-trump and all-trump) with automatic announcements and the
    knobs switched; the belote (king first, declarers only, at no-trump too) where the
    belote's cards may not serve in sequences."""
    belote = "belote {\norder king_first\nclaim declarers_only\nat_no_trump yes\n}" if (
        "belote_in_sequence no" in knobs) else ""
    rs = variant(tmp_path, f"announcements {{\ntiming automatic\n{knobs}\n}}\n{belote}", SA_TA)
    rules = compile(rs)
    seen = _check(rules, 4000, seed=len(knobs), replayed=200)
    # (A quint alone scoring nothing is not declared; with a terça beside it, it may be.)
    assert seen >= EVERY_KIND - {"at no-trump" if "at_no_trump no" in knobs else "",
                                 "at all-trump" if "at_all_trump no" in knobs else "",
                                 "sequence of 5" if "5 0" in knobs else ""}, seen


def _hands(**seats: str) -> np.ndarray:
    """One deal's four hands, N E S W, from card names."""
    hands = [parse_cards(seats[s].split()) for s in "NESW"]
    assert sum(hands) == (1 << 32) - 1 and all(h.bit_count() == 8 for h in hands)
    return np.array([hands], dtype=np.uint32)


def _announced(rules, hands: np.ndarray, contract: Contract, leader: int = N) -> list[int]:
    out = play_batch(rules, 1, contract=contract, deals=((leader - rules.step) & 3, hands))
    _replay(rules, out, 0)
    return out.announcements[0].tolist()


# Hearts and clubs: each seat holds at most two cards of a rank and no run of three outside
# the ones named; the king and queen of hearts and of clubs are in different hands.
TERCAS = _hands(N="10C JC KC 7D 8D 9D QS AS", E="AC JD KD 7H 8H 9H 7S JS",
                S="7C 8C 10D QD 10H QH 8S 10S", W="9C QC AD JH KH AH 9S KS")


def test_pt_online_the_best_announcement_alone_scores():
    """pt-online: "Só a equipa com a combinação mais alta soma os pontos dos anúncios";
    "Quinta ... 100", "Cuarta ... 50", "Terça ... 20"; carrés "J 200, 9 150"."""
    rules = compile(load_variant("pt-online"))
    # N's terça 7-8-9 of diamonds (20) against E's cuarta 7-8-9-10 of spades (50).
    hands = _hands(N="7D 8D 9D JC KC QS AS 7H", E="7S 8S 9S 10S AC JD KD 9H",
                   S="7C 8C 10D QD 8H 10H QH JS", W="9C 10C QC AD JH KH AH KS")
    assert _announced(rules, hands, Contract(N, 90, HEARTS)) == [0, 50]
    # Two terças to the 9, E's in trumps: "trump_sequence_wins yes" gives it to E; at
    # clubs both are plain and equal: "tie cancel_both", nobody scores.
    assert _announced(rules, TERCAS, Contract(N, 90, HEARTS)) == [0, 20]
    assert _announced(rules, TERCAS, Contract(N, 90, CLUBS)) == [0, 0]
    # Four jacks and four nines in one hand: 200 + 150, at every contract (no runs
    # elsewhere: the others hold two cards of each suit).
    hands = _hands(N="JC JD JH JS 9C 9D 9H 9S", E="7C QC 8D KD 10H AH 7S QS",
                   S="8C KC 10D AD 7H QH 8S KS", W="10C AC 7D QD 8H KH 10S AS")
    for d in (CLUBS, HEARTS, NO_TRUMP, ALL_TRUMP):
        assert _announced(rules, hands, Contract(E, 100, d)) == [350, 0]


def test_first_declared_is_the_first_in_playing_order(tmp_path):
    """`tie first_declared`: "The side that declared first (in playing order from the
    leader) wins"; automatic announcements are declared in that order. N's and E's terças to
    the 9 are equal at clubs: E leading, E's side scores its 20; N leading, N's side."""
    rules = compile(variant(tmp_path, "announcements {\ntiming automatic\ntie first_declared\n}"))
    assert _announced(rules, TERCAS, Contract(S, 80, CLUBS), leader=E) == [0, 20]
    assert _announced(rules, TERCAS, Contract(S, 80, CLUBS), leader=N) == [20, 0]


def test_a_quint_found_before_four_queens_loses_to_four_nines(tmp_path):
    """ffb with the organiser's no-trump, automatic, at no-trump (`no_trump_carres ... Q 100, J
    100, 9 100`): N's queen of
    clubs serves four queens (100) or the quint A K Q J 10 of clubs (100), not both, and the
    quint is found first (`find_announcements`); "any carré beats any sequence", so E's four
    nines (100) take the announcements: EW 100. (Had N declared its queens, their rank would
    beat the nines'.)"""
    rules = compile(variant(tmp_path, "announcements {\ntiming automatic\n}", SA_TA))
    hands = _hands(N="QC QD QH QS AC KC JC 10C", E="9C 9D 9H 9S AD KH AS 7S",
                   S="7D 10D KD 7H 10H AH 8S JS", W="7C 8C 8D JD 8H JH 10S KS")
    assert _announced(rules, hands, Contract(S, 80, NO_TRUMP)) == [0, 100]
