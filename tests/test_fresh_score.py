"""The fresh scorer (`fresh_score`: a function generated per plan and denomination, what
`kept_score` runs for a key it has not kept) against the reference, `scoring._score_values`:
the same `DealScore` (made, scores, held, every line with its team, points and term, in order)
for every built-in on thousands of seeded keys and on hand-written edge keys, and for the knobs
that no built-in sets (rounding half down or of card points, tenths, scaled points read before
or after the success test, a capot's last trick, formulas reading every quantity)."""

from __future__ import annotations

import ast
import random
from functools import partial, reduce

import pytest
from knob_support import replaced

from coinche_dsl.engine import compile, fresh_score
from coinche_dsl.engine.facts import Contract, DealFacts
from coinche_dsl.engine.formula import SLOTS
from coinche_dsl.engine.fresh_score import rounding_source, scorer, source
from coinche_dsl.engine.scoring import (
    _score_values,
    kept_score,
    round_to,
    score_deal,
    score_facts,
    score_values,
)
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.model import Expr, Scale
from coinche_dsl.model.enums import Rounding, RoundWhat, ScaleKind, ScoreScale

_ANNOUNCED = (0, 0, 0, 20, 50, 100, 150, 200, 250)


def _random_key(rules, rng: random.Random) -> tuple:
    """A `score_key` of any deal the plan could score: any contract, split of the deck's
    points, tricks, last trick, announcements and belote (not all of them possible in play)."""
    plan = rules.plan
    den = rng.randrange(6)
    bid = rng.choice((*rules.bid_values, "capot", "generale"))
    total = plan.deck_total[den]
    ns = rng.choice((rng.randint(0, total), total // 2, 0, total))
    ours = rng.choice((0, 8, rng.randint(0, 8)))
    belote = (0, plan.belote_value)
    return (rng.randrange(2), bid, den, rng.randrange(3), plan.tricks_read[ours],
            plan.tricks_read[8 - ours], ours == 8 and rng.random() < 0.5, ns, total - ns,
            rng.randrange(2), rng.choice(_ANNOUNCED), rng.choice(_ANNOUNCED),
            rng.choice(belote), rng.choice(belote))


def _edge_keys(rules) -> list[tuple]:
    """Keys written by hand, for each team declaring: a litige (81-81 and with belote),
    capots both ways, a générale, coinche and surcoinche, a failed contract, announcements
    on both sides, a capot bid and a générale bid, at every denomination."""
    bel, last = rules.plan.belote_value, rules.plan.last_trick
    keys = []
    for d in (0, 1):
        for den in range(6):
            half = rules.plan.deck_total[den] // 2
            lt = 1 - d  # the defenders took the last trick: 81-81 in a suit contract
            keys += [
                (d, 80, den, 0, 4, 4, False, half + last[den], half - last[den], lt, 0, 0, 0, 0),
                (d, 80, den, 0, 4, 4, False, half, half, lt, 0, 0, bel, 0),
                (d, 80, den, 1, 4, 4, False, half, half, d, 0, 0, 0, bel),
                (d, 100, den, 0, 8, 0, False, 2 * half, 0, d, 0, 0, bel, 0),
                (d, 100, den, 1, 8, 0, True, 2 * half, 0, d, 100, 20, 0, 0),
                (d, 100, den, 2, 0, 8, False, 0, 2 * half, 1 - d, 50, 0, 0, bel),
                (d, 120, den, 2, 3, 5, False, 60, 2 * half - 60, 1 - d, 20, 150, bel, 0),
                (d, 90, den, 0, 5, 3, False, 85, 2 * half - 85, d, 50, 50, bel, bel),
                (d, "capot", den, 1, 8, 0, False, 2 * half, 0, d, 100, 0, 0, 0),
                (d, "capot", den, 0, 7, 1, False, 2 * half - 10, 10, d, 0, 20, 0, 0),
                (d, "generale", den, 0, 8, 0, True, 2 * half, 0, d, 0, 0, bel, 0),
                (d, "generale", den, 2, 8, 0, False, 2 * half, 0, d, 20, 0, 0, 0),
            ]
    return [(*k[:4], rules.plan.tricks_read[k[4]], rules.plan.tricks_read[k[5]], *k[6:])
            for k in keys]


def _assert_same(rules, keys) -> list:
    """Each key scores the same afresh and by the reference; the scores, for the caller."""
    plan, out = rules.plan, []
    for key in keys:
        want = _score_values(plan, key)
        got = scorer(plan, key[2])(key)
        assert got == want, key
        assert [(line.team, line.points, line.term, type(line.points)) for line in got.lines] \
            == [(line.team, line.points, line.term, type(line.points)) for line in want.lines]
        assert got.contexts == ((), ()) and type(got.made) is bool
        out.append(got)
    return out


@pytest.mark.parametrize("name", BUILTINS)
def test_a_fresh_score_is_the_reference_score(name):
    rules = compile(load_variant(name))
    rng = random.Random(name)
    keys = _edge_keys(rules) + [_random_key(rules, rng) for _ in range(3000)]
    scores = _assert_same(rules, keys)
    # The keys reach every part of the scorer this variant has: made and failed contracts,
    # lines of both teams, a litige's held points (where the variant holds them).
    assert {s.made for s in scores} == {True, False}
    assert {line.team for s in scores for line in s.lines} == {"NS", "EW"}
    assert any(s.held for s in scores) == rules.plan.litige_held
    assert all(callable(rules.plan.fresh[den]) and not isinstance(rules.plan.fresh[den], partial)
               for den in range(6))  # generated, not the reference's fallback


_EVERY_QUANTITY = reduce(lambda a, b: Expr(op="+", args=[a, b]), [
    Expr(op="-", args=[Expr(op="qty", name=name, side=side),
                       Expr(op="if", args=[Expr(op="qty", name=name, side=side),
                                           Expr(op="num", value=7), Expr(op="num", value=1)])])
    for name, side in SLOTS])
"""A formula reading every quantity: `q - (if q then 7 else 1)` for each (lines of their own,
a true quantity's among them)."""
_CONTRACT = Expr.model_validate({"op": "qty", "name": "contract"})
"""A failed contract's declarers scoring the contract: more than their total, at times."""
_KNOBS = {
    "half-down": [(("scoring", "rounding"), Rounding.HALF_DOWN)],
    "unit-25": [(("scoring", "rounding_unit"), 25)],
    "no-rounding": [(("scoring", "rounding"), Rounding.NONE)],
    "card-points-rounded": [(("scoring", "round_what"), RoundWhat.CARD_POINTS)],
    "card-points-rounded-to-5": [(("scoring", "round_what"), RoundWhat.CARD_POINTS),
                                 (("scoring", "rounding_unit"), 5),
                                 (("scoring", "rounding"), Rounding.HALF_DOWN)],
    "tenths": [(("scoring", "scale"), ScoreScale.TENTHS)],
    "tenths-unrounded": [(("scoring", "scale"), ScoreScale.TENTHS),
                         (("scoring", "rounding"), Rounding.NONE)],
    "scaled-before": [(("cards", "no_trump_scale"), Scale(kind=ScaleKind.CARDS, to=152)),
                      (("cards", "all_trump_scale"), Scale(kind=ScaleKind.TOTAL, to=162))],
    "scaled-after": [(("cards", "no_trump_scale"), Scale(kind=ScaleKind.TOTAL, to=162)),
                     (("cards", "all_trump_scale"), Scale(kind=ScaleKind.CARDS, to=152)),
                     (("cards", "scale_before_success"), False),
                     (("scoring", "round_what"), RoundWhat.CARD_POINTS)],
    "capot-last-trick-10": [(("cards", "capot_last_trick"), 10)],
    "generale": [(("auction", "generale"), True)],
    "every-quantity": [(("auction", "generale"), True),
                       (("scoring", "made", "declarers"), _EVERY_QUANTITY),
                       (("scoring", "failed", "declarers"), _CONTRACT),
                       (("scoring", "failed", "defenders"), _EVERY_QUANTITY)],
}


@pytest.mark.parametrize("knobs", list(_KNOBS.values()), ids=list(_KNOBS))
def test_a_fresh_score_is_the_reference_score_under_other_knobs(knobs):
    rs = load_variant("ffb")
    for path, value in knobs:
        rs = replaced(rs, path, value)
    rules = compile(rs)
    rng = random.Random(str(knobs))
    _assert_same(rules, _edge_keys(rules) + [_random_key(rules, rng) for _ in range(1500)])


def test_the_inline_rounding_is_round_to():
    """The generated text rounds with integer arithmetic; it is `round_to` on every value."""
    for mode in Rounding:
        for unit in (1, 2, 3, 5, 10, 25, 100):
            text = rounding_source("x", unit, mode)
            for x in range(-400, 401):
                assert eval(text, {"x": x}) == round_to(x, unit, mode), (x, unit, mode)


def test_a_scorer_too_long_to_generate_is_the_reference(monkeypatch):
    """Past the length the generated text may have, the reference scores the plan's deals."""
    monkeypatch.setattr(fresh_score, "_MAX_SOURCE", 100)
    rules = compile(load_variant("ffb"))  # shared with the other tests: its memos restored
    rules.plan.fresh.clear()
    rules.plan.scores.clear()
    try:
        assert isinstance(scorer(rules.plan, 2), partial)
        # 90 hearts by N, 100 + 10 (last trick) against 52: made, scoring its total and the
        # contract (110 + 90); the defence its total, 52 rounded to 50.
        score = kept_score(rules, (0, 90, 2, 0, 1, 1, False, 100, 52, 0, 0, 0, 0, 0))
        assert (score.made, score.scores) == (True, {"NS": 200, "EW": 50})
    finally:
        rules.plan.fresh.clear()


def test_the_generated_text_holds_no_text_of_the_variant_file():
    """Its only strings are the templates' own (the bids capot and générale, the teams, the
    score's fields); its names are its own locals and those it is given."""
    for name in BUILTINS:
        plan = compile(load_variant(name)).plan
        for den in range(6):
            tree = ast.parse(source(plan, den))
            strings = {n.value for n in ast.walk(tree)
                       if isinstance(n, ast.Constant) and isinstance(n.value, str)}
            assert strings <= {"capot", "generale", "NS", "EW", "made", "scores", "lines",
                               "held", "contexts"}
            numbers = {type(n.value) for n in ast.walk(tree) if isinstance(n, ast.Constant)}
            assert numbers <= {str, int, bool}


def test_every_way_of_scoring_gives_the_same_score():
    """`score_facts` (kept, or afresh when the tricks are unknown), `score_deal` (the
    reference, with the formulas' quantities) and `kept_score` of the key agree."""
    rules = compile(load_variant("ffb"))
    summary = {"declarer": "E", "bid": 100, "trump": "spades", "double": "coinche",
               "card_points": {"NS": 30, "EW": 122}, "last_trick": "W",
               "belote": "E"}
    checked = score_deal(rules, summary)
    assert (checked.made, checked.scores) == (True, {"NS": 0, "EW": 560})  # (160+20+100)×2
    facts = DealFacts(Contract(1, 100, 3, 1), None, (30, 122), 3, {}, [1])
    unknown_tricks = score_facts(rules, facts)
    facts.tricks = [2, 2, 2, 2]
    known = score_facts(rules, facts)
    assert known == unknown_tricks == kept_score(rules, (*score_values(rules, facts)[:4], 1, 1,
                                                          *score_values(rules, facts)[6:]))
    assert (known.made, known.scores, known.lines) == (checked.made, checked.scores,
                                                       checked.lines)
    assert checked.values and not known.values  # only the reference keeps the quantities
