"""The scoring machinery: formulas, rounding, scaling, litige, scale, and input checks.

Each knob is switched on in a small variant that extends `ffb`, so a case shows one rule.
"""

from __future__ import annotations

import random

import pytest
from scoring_support import SA_TA, variant

from coinche_dsl.engine import compile
from coinche_dsl.engine.facts import Contract, DealFacts, LineKind, RuleRef
from coinche_dsl.engine.formula import (
    compile_expr,
    compile_terms,
    new_context,
    slot,
)
from coinche_dsl.engine.scoring import (
    kept_score,
    round_to,
    score_deal,
    score_facts,
    score_values,
    split_total,
)
from coinche_dsl.errors import InputError
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.model.expr import QUANTITIES, Expr


def deal(bid, trump, ns, ew, last="N", **more):
    return {"declarer": "N", "bid": bid, "trump": trump, "card_points": {"NS": ns, "EW": ew},
            "last_trick": last, **more}


def scores(rs, summary):
    result = score_deal(rs, summary)
    return result.made, result.scores["NS"], result.scores["EW"]


# Formulas ---------------------------------------------------------------------------------

def q(name, side=None):
    return {"op": "qty", "name": name, "side": side}


def num(v):
    return {"op": "num", "value": v}


def expr(op, *args):
    return Expr.model_validate({"op": op, "args": list(args)})


@pytest.fixture
def ctx():
    c = new_context()
    c[slot("points", "declarers")], c[slot("contract")] = 110, 90
    c[slot("belote", "declarers")], c[slot("doubled")] = 20, True
    return c


@pytest.mark.parametrize(("e", "value"), [
    (expr("-", q("points", "declarers"), q("contract")), 20),
    (expr("*", num(3), expr("neg", q("contract"))), -270),
    (expr(">=", q("points", "declarers"), q("contract")), True),
    (expr("and", expr("<", num(1), num(2)), expr("not", q("doubled"))), False),
    (expr("or", expr("==", num(1), num(2)), expr("!=", num(1), num(2))), True),
    (expr("if", q("doubled"), num(7), num(8)), 7),
], ids=["minus", "times-neg", "compare", "and-not", "or", "if"])
def test_compile_expr(ctx, e, value):
    assert compile_expr(e)(ctx) == value


def test_terms_split_sums_and_resolve_ifs(ctx):
    # points - (if doubled then belote + 5 else contract): the `if` is resolved, its sum split.
    e = expr("-", q("points", "declarers"),
             expr("if", q("doubled"), expr("+", q("belote", "declarers"), num(5)),
                  q("contract")))
    rule = RuleRef(("scoring", "made", "declarers"), "t.coinche", 3)
    terms = compile_terms(e, "declarers", rule)(ctx)
    assert [(str(t.node), t.label, points) for t, points in terms] == [
        ("points(declarers)", "points", 110), ("belote(declarers)", "belote", -20),
        ("5", "5", -5)]
    assert {(t.kind, t.side, t.rule) for t, _ in terms} == {(LineKind.TERM, "declarers", rule)}
    term, points = compile_terms(e, "defenders", rule)(ctx)[0]
    assert (term.label, points) == ("points (declarers)", 110)


# Rounding and scaling ---------------------------------------------------------------------

def test_round_to():
    assert [round_to(x, 10, "half_up") for x in (84, 85, 86)] == [80, 90, 90]
    assert [round_to(x, 10, "half_down") for x in (84, 85, 86)] == [80, 80, 90]
    assert round_to(85, 10, "none") == 85
    assert round_to(7, 5, "half_up") == 5


def test_split_total_keeps_the_sum():
    for a in range(0, 259):
        d, f = split_total(a, 258 - a, 162, 258)
        assert d + f == 162 and abs(d - a * 162 / 258) < 1


def test_half_down_rounding(tmp_path):
    # KNOBS: "5 down, 6 up (FFB Équipe Ludique, CANNES)": 175 -> 170.
    rs = variant(tmp_path, "scoring { rounding half_down }")
    assert scores(rs, deal(80, "hearts", 85, 67)) == (True, 170, 70)


def test_round_card_points_never_before_success(tmp_path):
    # 79 + 10 = 89 would round to 90, yet 90 is not reached (S0: "Nunca redondeéis antes").
    rs = variant(tmp_path, "scoring { round_what card_points }")
    assert scores(rs, deal(90, "hearts", 79, 73)) == (False, 0, 250)
    # Made: each side's points are rounded before the formulas: 95 -> 100, 67 -> 70.
    assert scores(rs, deal(80, "hearts", 85, 67)) == (True, 180, 70)


def test_scores_in_tenths(tmp_path):
    rs = variant(tmp_path, "scoring { scale tenths }")
    result = score_deal(rs, deal(90, "hearts", 100, 52, "S"))
    assert result.scores == {"NS": 20, "EW": 5}
    assert sum(line.points for line in result.lines if line.team == "NS") == 20


def test_scale_cards_at_no_trump(tmp_path):
    # S4: no-trump uses plain values (120 in all), brought to 152 by "produit en croix";
    # the last trick stays 10. NS 80 -> 101, EW 40 -> 51; 111 + 90 = 201 -> 200.
    rs = variant(tmp_path, "cards { no_trump A 11, 10 10, K 4, Q 3, J 2, 9 0, 8 0, 7 0\n"
                           "no_trump_scale cards 152 }", SA_TA)
    assert scores(rs, deal(90, "no-trump", 80, 40)) == (True, 200, 50)


FULL_ALL_TRUMP = ("cards { all_trump J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 0, 7 0\n"
                  "all_trump_scale total 162 ")


def test_scale_before_success(tmp_path):
    # All-trump at full trump values (258 with the last trick) scaled to 162 before the test:
    # 170 of 258 -> 107 < 110 fails; EW 160 + 110 = 270.
    rs = variant(tmp_path, FULL_ALL_TRUMP + "}", SA_TA)
    assert scores(rs, deal(110, "all-trump", 160, 88)) == (False, 0, 270)


def test_scale_after_success(tmp_path):
    # Raw 170 of 258 makes 110; the scores use 107 and 55: 217 -> 220, 55 -> 60.
    rs = variant(tmp_path, FULL_ALL_TRUMP + "scale_before_success no }", SA_TA)
    assert scores(rs, deal(110, "all-trump", 160, 88)) == (True, 220, 60)


def test_capot_extra_is_not_scaled(tmp_path):
    # All-trump capot: 248 + 10 scale to 162, and the capot's extra 90 is added: 252 + 90.
    rs = variant(tmp_path, FULL_ALL_TRUMP + "}", SA_TA)
    assert scores(rs, deal(90, "all-trump", 248, 0, tricks={"N": 8})) == (True, 340, 0)


def test_litige_held(ffb):
    # FFB 2015, § 10.1.3: equal totals, 61 + 10 + 20 = 91 against 91. The defenders score
    # theirs now (91 -> 90); the declarers keep what they keep on failure (their belote, 20)
    # and the rest of their total, 71 (-> 70), waits for the next deal.
    result = score_deal(ffb, deal(80, "clubs", 61, 91, belote=["S"]))
    assert (result.made, result.scores, result.held) == (False, {"NS": 20, "EW": 90}, 70)


def test_litige_compares_totals_not_card_points(ffb):
    # 71 + 10 = 81 card points each way, but NS's belote makes it 101 against 81: made.
    result = score_deal(ffb, deal(80, "clubs", 71, 81, belote=["S"]))
    assert (result.made, result.held) == (True, 0)


def test_litige_fails_is_the_formula(tmp_path):
    rs = variant(tmp_path, "scoring { litige fails\n"
                           "success = points(declarers) >= contract }")
    result = score_deal(rs, deal(80, "clubs", 71, 81))
    assert (result.made, result.held) == (True, 0)


def test_generale_and_tricks_quantities(tmp_path):
    rs = variant(tmp_path, "auction { generale yes generale_value 500 }\n"
                           "scoring { made { declarers = points(declarers) + contract "
                           "+ tricks(declarers) } }")
    assert scores(rs, deal("generale", "hearts", 152, 0, tricks={"N": 8})) == (True, 760, 0)
    assert scores(rs, deal("generale", "hearts", 152, 0, tricks={"N": 7, "S": 1}))[0] is False
    facts = DealFacts(Contract(0, 90, 2), None, (100, 52), 0)
    with pytest.raises(InputError, match="give the tricks") as err:
        score_facts(compile(rs), facts)
    assert err.value.field == "tricks"


def test_lines_name_their_rule(ffb):
    result = score_deal(ffb, deal(90, "hearts", 79, 73))
    rule = ffb.where("scoring", "failed", "defenders")
    assert [(ln.team, ln.points, ln.label, str(ln.rule)) for ln in result.lines] == [
        ("EW", 250, "(160 + announcements(both) + belote(defenders) + contract) × multiplier",
         f"scoring.failed.defenders ({rule})")]


def test_score_facts_reads_announcements_and_belote(ffb):
    from coinche_dsl.cards import parse_cards

    facts = DealFacts(Contract(1, 100, 3, 0), [1, 3, 1, 3], (40, 112), 3,
                      announcements={0: [parse_cards(["AC", "KC", "QC"])],
                                     1: [parse_cards(["9S", "10S", "JS", "QS"])]},
                      belote=[3])
    result = score_facts(compile(ffb), facts)
    # EW (declarers): 122 + 50 + 20 + 100 = 292 -> 290; NS 40 -> 40.
    assert (result.made, result.scores) == (True, {"NS": 40, "EW": 290})


# Input checks -----------------------------------------------------------------------------

@pytest.mark.parametrize(("summary", "field", "message"), [
    (deal(90, "hearts", 160, 0), "card_points.NS", "more than the 152"),
    (deal(90, "hearts", 100, 50), "card_points", "sum to 150"),
    (deal(90, "hearts", 140, 12, tricks={"N": 4, "S": 4}), "card_points.EW", "no trick"),
    (deal(90, "hearts", 100, 52, tricks={"N": 5, "S": 4}), "tricks", "sum to 8, these sum to 9"),
    ({**deal(90, "hearts", 100, 52), "declarer": "X"}, "declarer", "'N', 'E', 'S' or 'W'"),
    (deal(90, "hearts", "lots", 52), "card_points.NS", "should be a whole number"),
    (deal(90, "spadez", 100, 52), "trump", "'trump' should be 'clubs'"),
    (deal(510, "hearts", 100, 52), "bid", "outside this variant's range"),
    (deal(85, "hearts", 100, 52), "bid", "in steps of 10"),
    (deal("generale", "hearts", 100, 52), "bid", "no générale"),
    (deal(90, "no-trump", 100, 52, belote=["N"]), "belote", "no belote at no-trump"),
    (deal(90, "hearts", 100, 52, belote=["N", "E"]), "belote", "at most 1 belote"),
    (deal(90, "hearts", 100, 52, announcements={"N": [["1H", "2H"]]}),
     "announcements.N[0][0]", "unknown card"),
    (deal(90, "hearts", 100, 52, announcements={"N": [["QH", "QH", "JH"]]}),
     "announcements.N[0]", "appears twice"),
    (deal(90, "hearts", 100, 52, announcements={"N": [["QH", "JH", "9H"]]}),
     "announcements.N[0]", "neither a carré nor a sequence"),
    (deal(90, "hearts", 100, 52, last="E", tricks={"N": 8}), "last_trick", "won no trick"),
], ids=["points-over-total", "points-not-summing", "points-without-tricks", "nine-tricks",
        "unknown-seat", "points-not-a-number", "unknown-trump", "bid-too-high", "bid-off-step",
        "no-generale", "belote-at-no-trump", "two-belotes", "unknown-card", "card-twice",
        "not-a-combination", "last-trick-without-tricks"])
def test_impossible_summaries(summary, field, message):
    # ffb with the organiser's no-trump (§ 11), where a belote is what cannot be (§ 11.2)
    with pytest.raises(InputError, match=message) as err:
        score_deal(load_variant("ffb", SA_TA), summary)
    assert err.value.field == field


def test_declarers_only_belote(tmp_path):
    rs = variant(tmp_path, "belote { claim declarers_only }")
    with pytest.raises(InputError, match="only the declarers") as err:
        score_deal(rs, deal(90, "hearts", 100, 52, belote=["E"]))
    assert err.value.field == "belote[0]"


def test_no_surcoinche(tmp_path):
    rs = variant(tmp_path, "auction { surcoinche no }")
    with pytest.raises(InputError, match="no surcoinche"):
        score_deal(rs, deal(90, "hearts", 100, 52, double="surcoinche"))


# Formulas as generated Python ----------------------------------------------------------------

def _random_context(rng):
    c = new_context()
    for q_ in QUANTITIES.values():
        for side in (q_.sides or (None,)):
            c[slot(q_.name, side)] = (rng.random() < 0.5 if q_.type == "bool"
                                      else rng.randrange(-20, 300))
    return c


def _formulas(rs):
    s = rs.scoring
    return [("success", s.success)] + [((o, side), getattr(s, o)[side])
                                       for o in ("made", "failed") for side in ("declarers",
                                                                                "defenders")]


_OPERATORS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
              "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
              ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}


def _walk(e, c):
    """The value of `e` over the context `c`, read off the tree node by node."""
    if e.op == "num":
        return e.value
    if e.op == "qty":
        return c[slot(e.name, e.side)]
    if e.op == "neg":
        return -_walk(e.args[0], c)
    if e.op == "not":
        return not _walk(e.args[0], c)
    if e.op == "if":
        return _walk(e.args[1], c) if _walk(e.args[0], c) else _walk(e.args[2], c)
    if e.op == "and":
        return _walk(e.args[0], c) and _walk(e.args[1], c)
    if e.op == "or":
        return _walk(e.args[0], c) or _walk(e.args[1], c)
    return _OPERATORS[e.op](_walk(e.args[0], c), _walk(e.args[1], c))


@pytest.mark.parametrize("name", BUILTINS)
def test_compiled_formulas_compute_what_the_tree_says(name):
    """Each built-in's success and side formulas, compiled (closures, an operator between
    quantities and numbers reading them itself): the value of the tree read node by node,
    of the same type, and terms whose points add up to it, on 300 contexts of random
    quantities."""
    rng = random.Random(name)
    rule = RuleRef(("scoring",))
    compiled = [(e, compile_expr(e), compile_terms(e, "declarers", rule))
                for _, e in _formulas(load_variant(name))]
    for _ in range(300):
        c = _random_context(rng)
        for e, value, terms in compiled:
            want = _walk(e, c)
            assert value(c) == want and type(value(c)) is type(want)
            points = [p for _, p in terms(c)]
            assert all(type(p) is int for p in points) and sum(points) == want


def test_a_deep_formula_is_computed():
    deep = num(1)
    for _ in range(300):  # deeper than Python's parser nests parentheses
        deep = expr("+", deep, num(1))
    assert compile_expr(deep)(new_context()) == 301
    assert sum(p for _, p in compile_terms(deep, "declarers", RuleRef(("scoring",)))(
        new_context())) == 301


def test_every_way_of_scoring_gives_the_same_score():
    """`score_facts` (kept, or afresh when the tricks are unknown), `score_deal` (with the
    formulas' quantities) and `kept_score` of the key agree. FFB § 10.1.1, a coinched 100 by
    E made: the declarers score 160 + their belote 20 + the contract 100, times 2 = 560; the
    defence nothing."""
    rules = compile(load_variant("ffb"))
    summary = {"declarer": "E", "bid": 100, "trump": "spades", "double": "coinche",
               "card_points": {"NS": 30, "EW": 122}, "last_trick": "W",
               "belote": "E"}
    checked = score_deal(rules, summary)
    assert (checked.made, checked.scores) == (True, {"NS": 0, "EW": 560})
    facts = DealFacts(Contract(1, 100, 3, 1), None, (30, 122), 3, {}, [1])
    unknown_tricks = score_facts(rules, facts)
    facts.tricks = [2, 2, 2, 2]
    known = score_facts(rules, facts)
    assert known == unknown_tricks == kept_score(rules, (*score_values(rules, facts)[:4], 1, 1,
                                                          *score_values(rules, facts)[6:]))
    assert (known.made, known.scores, known.lines) == (checked.made, checked.scores,
                                                       checked.lines)
    assert checked.values and not known.values  # only `score_deal` keeps the quantities
