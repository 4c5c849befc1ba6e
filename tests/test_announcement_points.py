"""Automatic announcements, per hand and per team, against the reference: what
`find_announcements` finds in each hand, scored by `announcement_points`, declared in playing
order from the first leader. Held to it: `announcer` (the per-suit tables `Deal` reads, a
hand at a time) and `batch.announce.deal_announcements` (the batch engine's, over arrays). On
random deals for every built-in at every denomination, and under each announcement knob set
to each of its values (and the knobs that interact, in every combination), on deals dealt so
that carrés, two carrés in a hand, both sides declaring and ties between them all occur."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import numpy as np
import pytest
from knob_support import replaced

from coinche_dsl.cards import parse_cards
from coinche_dsl.engine import compile
from coinche_dsl.engine.announcements import announcement_points, announcer, find_announcements
from coinche_dsl.engine.batch.announce import deal_announcements
from coinche_dsl.engine.rules import CompiledRules
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.model import Ruleset
from coinche_dsl.model.enums import AllTrumpBelote, AnnouncementTiming, TiePolicy, WhoScores


def _hands(rng: random.Random) -> tuple[int, ...]:
    """Four random hands, dealt one of six ways: at random; a carré to one seat; two carrés
    to one seat; a carré to each of two seats; the same ranks in two suits to two opponents
    (equal sequences: a tie unless a trump breaks it); a carré to one seat with the king, the
    queen and the ace of a suit (a run if the belote cards may serve in one)."""
    way, seat = rng.randrange(6), rng.randrange(4)
    first, second = rng.sample(range(8), 2)
    placed: list[list[int]] = [[], [], [], []]
    if way in (1, 2, 3, 5):
        placed[seat] += [first + 8 * suit for suit in range(4)]
    if way == 5:
        suit = rng.randrange(4)
        placed[seat] += [c for c in (6 + 8 * suit, 5 + 8 * suit, 7 + 8 * suit)  # K, Q, A
                         if c not in placed[seat]]
    if way == 2:
        placed[seat] += [second + 8 * suit for suit in range(4)]
    if way == 3:
        placed[seat ^ rng.choice((1, 2))] += [second + 8 * suit for suit in range(4)]
    if way == 4:
        length = rng.randrange(3, 6)
        start = rng.randrange(9 - length)
        run = range(start, start + length)  # consecutive ranks: a run in the usual order
        one, other = rng.sample(range(4), 2)
        placed[seat] += [rank + 8 * one for rank in run]
        placed[(seat + 1) & 3] += [rank + 8 * other for rank in run]
    rest = [c for c in range(32) if all(c not in cards for cards in placed)]
    rng.shuffle(rest)
    hands = []
    for cards in placed:
        need = 8 - len(cards)
        hands.append(sum(1 << c for c in cards + rest[:need]))
        del rest[:need]
    return tuple(hands)


def _automatic(rs: Ruleset) -> CompiledRules:
    """`rs` compiled, its announcements declared automatically (what the batch engine scores)."""
    return compile(replaced(rs, ("announcements", "timing"), AnnouncementTiming.AUTOMATIC))


def _check(rules: CompiledRules, deals: int, seed: int) -> Counter[str]:
    """The announcer and the batch engine are the reference on `deals` deals a denomination;
    what they held."""
    seen: Counter[str] = Counter()
    rng = random.Random(seed)
    for d in range(6):
        announce = announcer(rules, d)
        dealt = [(_hands(rng), rng.randrange(4)) for _ in range(deals)]
        expected = []
        for hands, leader in dealt:
            order = [(leader + k * rules.step) & 3 for k in range(4)]  # playing order
            found = {s: find_announcements(hands[s], d, rules) for s in order}
            for s in order:
                assert announce(hands[s]) == [c.mask for c in found[s]], (d, hex(hands[s]))
            declared = {s: [c.mask for c in found[s]] for s in order if found[s]}
            expected.append(announcement_points(declared, d, rules))
            seen.update(_what_happened(found))
        batch = deal_announcements(rules, np.array([h for h, _ in dealt], dtype=np.uint32).T,
                                   np.full(deals, d), np.array([leader for _, leader in dealt]))
        for i, (hands, leader) in enumerate(dealt):
            assert tuple(batch[i].tolist()) == expected[i], (d, leader, [hex(h) for h in hands])
    return seen


def _what_happened(found: dict[int, list[Any]]) -> list[str]:
    """`carre` when a hand declares one, `both` when both sides' announcements are worth
    something, `tie` when their best ones are then equal."""
    out = ["carre"] if any(c.kind == "carre" for cs in found.values() for c in cs) else []
    worth, best = [0, 0], [(), ()]
    for seat, combos in found.items():
        worth[seat & 1] += sum(c.value for c in combos)
        best[seat & 1] = max([best[seat & 1], *(c.key for c in combos)])
    if all(worth):
        out += ["both", "tie"] if best[0] == best[1] else ["both"]
    return out


@pytest.mark.parametrize("name", BUILTINS)
def test_automatic_announcements_are_the_reference_on_every_builtin(name):
    """500 deals a denomination of every built-in, its own announcement rules."""
    seen = _check(_automatic(load_variant(name)), 500, len(name))
    rules = load_variant(name).announcements
    if rules.enabled:
        assert seen["carre"] > 50 and seen["both"] > 100 and seen["tie"] > 20, seen


def _knob(path: str, value: Any) -> Any:
    return pytest.param(tuple(path.split(".")), value,
                        id=f"{path}={getattr(value, 'value', value)}")


_SEQUENCES = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 300}
_EACH_VALUE = [
    *(_knob("announcements.tie", tie) for tie in TiePolicy),
    *(_knob("announcements.who_scores", who) for who in WhoScores),
    *(_knob(f"announcements.{flag}", value) for flag in (
        "card_reuse", "belote_in_sequence", "trump_sequence_wins", "at_no_trump",
        "at_all_trump", "enabled") for value in (True, False)),
    _knob("announcements.carres", {}),  # no carré scores: no carré test
    _knob("announcements.carres", {"7": 50, "8": 60, "J": 200}),
    _knob("announcements.carres", {r: 100 + i for i, r in enumerate("7 8 9 10 J Q K A".split())}),
    _knob("announcements.no_trump_carres", {"A": 200, "10": 150, "7": 40}),
    _knob("announcements.sequences", {3: 0, 4: 50, 5: 100}),  # runs of three worth nothing
    _knob("announcements.sequences", {3: 20}),  # with longest_counted 5: every run is worth 20
    _knob("announcements.sequences", _SEQUENCES),
    _knob("announcements.sequence_order", "7 8 9 10 J Q K A".split()),
    _knob("announcements.sequence_order", "A 7 8 9 10 J Q K".split()),
    _knob("belote.enabled", False),
    _knob("belote.at_no_trump", True),
    _knob("belote.at_all_trump", AllTrumpBelote.NONE),
]


@pytest.mark.parametrize(("path", "value"), _EACH_VALUE)
@pytest.mark.parametrize("base", ["ffb", "it-701"])  # played anticlockwise, clockwise
def test_automatic_announcements_are_the_reference_under_each_knob_value(base, path, value):
    """120 deals a denomination with one knob set (the belote's decide which king and queen
    stay out of sequences without `belote_in_sequence`), carrés, both sides declaring and
    ties among them."""
    rs = replaced(load_variant(base), path, value)
    if path[-1] == "sequences":  # `longest_counted` is a length with a value
        rs = replaced(rs, ("announcements", "longest_counted"), max(value))
    rules = _automatic(rs)
    seen = _check(rules, 120, len(path))
    if rs.announcements.enabled:
        assert seen["both"] > 40 and seen["tie"] > 5, seen
        scoring = [t.enabled and bool(t.carres) for t in rules.announcement_tables]
        assert seen["carre"] >= 20 * sum(scoring) and (seen["carre"] > 0) == any(scoring), seen


@pytest.mark.parametrize("longest", range(3, 9))
def test_automatic_announcements_are_the_reference_for_each_longest_counted(longest):
    """Long runs count as `longest_counted` cards (their top ones): 60 deals a denomination,
    with runs of up to eight cards worth more as they grow."""
    rs = replaced(load_variant("ffb"), ("announcements", "sequences"),
                  {n: v for n, v in _SEQUENCES.items() if n <= longest})
    _check(_automatic(replaced(rs, ("announcements", "longest_counted"), longest)), 60, longest)


_INTERACTING: dict[str, list[Any]] = dict(
    card_reuse=[True, False], belote_in_sequence=[True, False], tie=list(TiePolicy),
    who_scores=list(WhoScores))


@pytest.mark.parametrize("values", list(itertools.product(*_INTERACTING.values())),
                         ids=lambda v: "-".join(str(getattr(x, "value", x)) for x in v))
def test_automatic_announcements_are_the_reference_under_knobs_together(values):
    """The knobs that decide what a carré hand declares and who scores, in every combination
    (with runs of three worth nothing): 60 deals a denomination."""
    rs = load_variant("it-701")
    an = rs.announcements.model_copy(update=dict(zip(_INTERACTING, values, strict=True)))
    an = an.model_copy(update={"sequences": {3: 0, 4: 50, 5: 100}})
    seen = _check(_automatic(rs.model_copy(update={"announcements": an})), 60, 7)
    assert seen["carre"] > 50 and seen["both"] > 40 and seen["tie"] > 5, seen


def test_a_carre_worth_no_more_than_the_run_it_breaks_is_not_declared():
    """Without `card_reuse`, a hand declares the set of announcements that scores most; of
    sets scoring alike, the first tried, which has no carré (`find_announcements`). Here four
    kings are worth 50 and runs of three nothing. North holds the four kings and Q J 10 of
    hearts: the run K Q J 10 (50), or the carré and Q J 10 (50 + 0). North declares the run,
    which East's run of five in spades (100) beats; the carré would have beaten it ("any
    carré beats any sequence"). At clubs: E-W score 100, N-S nothing."""
    rs = replaced(load_variant("ffb"), ("announcements", "carres"), {"K": 50, "J": 200})
    rs = replaced(rs, ("announcements", "sequences"), {3: 0, 4: 50, 5: 100})
    rules = _automatic(replaced(rs, ("announcements", "card_reuse"), False))
    hands = tuple(parse_cards(h.split()) for h in (
        "KC KD KH KS QH JH 10H 7C", "QS JS 10S 9S 8S 7D 8D 9D",
        "AC QC 10C 8C AD JD AH 9H", "JC 9C QD 10D 8H 7H AS 7S"))
    assert sum(hands) == (1 << 32) - 1
    assert [c.label for c in find_announcements(hands[0], 0, rules)] == [
        "sequence of 4 to KH"]
    declared = {s: [c.mask for c in find_announcements(hands[s], 0, rules)] for s in range(4)}
    assert announcement_points({s: m for s, m in declared.items() if m}, 0, rules) == (0, 100)
    batch = deal_announcements(rules, np.array([hands], dtype=np.uint32).T, np.zeros(1, int),
                               np.zeros(1, int))
    assert batch.tolist() == [[0, 100]]
