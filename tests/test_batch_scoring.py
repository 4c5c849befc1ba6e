"""The batch scorer (`batch.scoring.score_arrays`, NumPy over many deals) against the
reference (`scoring._score_values`, one deal from its `score_key`): the same `made`, scores
and held points for every built-in on thousands of seeded deals' values and on hand-written
edge cases, and under the knobs that no built-in sets (rounding half down or of card points,
tenths, scaled points read before or after the success test, a capot's last trick, formulas
reading every quantity). A deal is drawn as what scoring reads of it, not all of them
possible in play, so that every branch of both scorers is reached."""

from __future__ import annotations

import random
from functools import reduce
from typing import NamedTuple

import numpy as np
import pytest
from knob_support import replaced

from coinche_dsl.engine import compile
from coinche_dsl.engine.batch.scoring import DealArrays, score_arrays
from coinche_dsl.engine.formula import SLOTS
from coinche_dsl.engine.rules import CAPOT_KEY, GENERALE_KEY
from coinche_dsl.engine.scoring import _score_values
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.model import Expr, Scale
from coinche_dsl.model.enums import Rounding, RoundWhat, ScaleKind, ScoreScale

_ANNOUNCED = (0, 0, 0, 20, 50, 100, 150, 200, 250)


class Drawn(NamedTuple):
    """What scoring reads of one deal, as drawn (tricks and belotes counted, not keyed)."""

    team: int
    """The declaring team (0 NS, 1 EW); the declarer is its first seat."""
    bid: int | str
    den: int
    double: int
    ours: int
    """The declaring team's tricks."""
    generale: bool
    ns: int
    ew: int
    """Card points per team."""
    last: int
    """The team that took the last trick."""
    announced: tuple[int, int]
    """Announcement points per team (NS, EW)."""
    belotes: tuple[int, int]
    """Belotes held and credited per team (NS, EW)."""


def _key(rules, x: Drawn) -> tuple:
    """The `score_key` of `x` (tricks as the plan reads them, belote points per side)."""
    plan = rules.plan
    read, at = plan.tricks_read, plan.belote_at[x.den]
    ours_bel, theirs_bel = x.belotes[x.team], x.belotes[1 - x.team]
    bel = (ours_bel * plan.belote_value if at else 0,
           0 if not at or plan.belote_declarers_only else theirs_bel * plan.belote_value)
    return (x.team, x.bid, x.den, x.double, read[x.ours], read[8 - x.ours], x.generale, x.ns,
            x.ew, x.last, *x.announced, *bel)


def _arrays(drawn: list[Drawn]) -> DealArrays:
    bids = [CAPOT_KEY if x.bid == "capot" else GENERALE_KEY if x.bid == "generale" else x.bid
            for x in drawn]
    return DealArrays(
        declarer=np.array([x.team for x in drawn]), bid=np.array(bids),
        denomination=np.array([x.den for x in drawn]), double=np.array([x.double for x in drawn]),
        card_points=np.array([(x.ns, x.ew) for x in drawn]),
        team_tricks=np.array([(x.ours, 8 - x.ours) if x.team == 0 else (8 - x.ours, x.ours)
                              for x in drawn]),
        generale=np.array([x.generale for x in drawn]),
        last_trick_team=np.array([x.last for x in drawn]),
        belote=np.array([x.belotes for x in drawn]),
        announcements=np.array([x.announced for x in drawn]))


def _random(rules, rng: random.Random) -> Drawn:
    """Any contract, split of the deck's points, tricks, last trick, announcements (where the
    rules have them), belotes."""
    plan = rules.plan
    den = rng.randrange(6)
    total = plan.deck_total[den]
    ns = rng.choice((rng.randint(0, total), total // 2, 0, total))
    ours = rng.choice((0, 8, rng.randint(0, 8)))
    announced = ((rng.choice(_ANNOUNCED), rng.choice(_ANNOUNCED))
                 if rules.announcements_by_denomination[den] else (0, 0))
    return Drawn(rng.randrange(2), rng.choice((*rules.bid_values, "capot", "generale")), den,
                 rng.randrange(3), ours, ours == 8 and rng.random() < 0.5, ns, total - ns,
                 rng.randrange(2), announced, (rng.randrange(2), rng.randrange(2)))


def _edges(rules) -> list[Drawn]:
    """Deals written by hand, for each team declaring: a litige (81-81 and with belote),
    capots both ways, a générale, coinche and surcoinche, a failed contract, announcements
    on both sides, a capot bid and a générale bid, at every denomination."""
    last = rules.plan.last_trick
    out = []
    for t in (0, 1):
        mine, yours = (1, 0) if t == 0 else (0, 1)  # one belote for the declarers / defenders
        for den in range(6):
            half = rules.plan.deck_total[den] // 2
            drawn = [
                (80, 0, 4, False, half + last[den], half - last[den], 1 - t, (0, 0), (0, 0)),
                (80, 0, 4, False, half, half, 1 - t, (0, 0), (mine, yours)),
                (80, 1, 4, False, half, half, t, (0, 0), (yours, mine)),
                (100, 0, 8, False, 2 * half, 0, t, (0, 0), (mine, yours)),
                (100, 1, 8, True, 2 * half, 0, t, (100, 20), (0, 0)),
                (100, 2, 0, False, 0, 2 * half, 1 - t, (50, 0), (yours, mine)),
                (120, 2, 3, False, 60, 2 * half - 60, 1 - t, (20, 150), (mine, yours)),
                (90, 0, 5, False, 85, 2 * half - 85, t, (50, 50), (1, 1)),
                ("capot", 1, 8, False, 2 * half, 0, t, (100, 0), (0, 0)),
                ("capot", 0, 7, False, 2 * half - 10, 10, t, (0, 20), (0, 0)),
                ("generale", 0, 8, True, 2 * half, 0, t, (0, 0), (mine, yours)),
                ("generale", 2, 8, False, 2 * half, 0, t, (20, 0), (0, 0)),
            ]
            for bid, double, ours, generale, a, b, lt, ann, bel in drawn:
                ns, ew = (a, b) if t == 0 else (b, a)  # `a`: the declarers' card points
                if not rules.announcements_by_denomination[den]:
                    ann = (0, 0)  # none declared where the rules have none
                announced = ann if t == 0 else (ann[1], ann[0])
                out.append(Drawn(t, bid, den, double, ours, generale, ns, ew, lt, announced,
                                 bel))
    return out


def _assert_same(rules, drawn: list[Drawn]) -> list:
    """Each deal scores the same by the batch scorer and by the reference; the reference's
    scores, for the caller."""
    made, scores, held = score_arrays(rules, _arrays(drawn))
    out = []
    for i, x in enumerate(drawn):
        want = _score_values(rules.plan, _key(rules, x))
        assert (bool(made[i]), {"NS": int(scores[i, 0]), "EW": int(scores[i, 1])},
                int(held[i])) == (want.made, want.scores, want.held), x
        out.append(want)
    return out


@pytest.mark.parametrize("name", BUILTINS)
def test_the_batch_scorer_is_the_reference_on_every_builtin(name):
    rules = compile(load_variant(name))
    rng = random.Random(name)
    scores = _assert_same(rules, _edges(rules) + [_random(rules, rng) for _ in range(3000)])
    # The deals reach every part of the scorer this variant has: made and failed contracts,
    # lines of both teams, a litige's held points (where the variant holds them).
    assert {s.made for s in scores} == {True, False}
    assert {line.team for s in scores for line in s.lines} == {"NS", "EW"}
    assert any(s.held for s in scores) == rules.plan.litige_held


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
def test_the_batch_scorer_is_the_reference_under_other_knobs(knobs):
    # every denomination is drawn: ffb with the organiser's no-trump and all-trump (§ 11)
    rs = load_variant("ffb", {"sans_atout_tout_atout": "oui"})
    for path, value in knobs:
        rs = replaced(rs, path, value)
    rules = compile(rs)
    rng = random.Random(str(knobs))
    _assert_same(rules, _edges(rules) + [_random(rules, rng) for _ in range(1500)])
