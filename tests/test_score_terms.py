"""A scored deal's structured terms, and the one printer and evaluator of formulas.

The engine returns, for each side, the terms of its formula (the node, its value, the rule and
where the variant file writes it); the JSON, the terminal and the rule sheet only format them.
The cases are computed by hand from the rule sentences they cite.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from scoring_support import deal, ruleset
from typer.testing import CliRunner
from variant_strategies import bool_expr, int_expr

from coinche_dsl.cli import _register, app
from coinche_dsl.engine import compile
from coinche_dsl.engine.facts import LineKind
from coinche_dsl.engine.formula import evaluate, new_context, value
from coinche_dsl.engine.scoring import round_to, score_deal, score_facts
from coinche_dsl.engine.summary_check import summary_facts
from coinche_dsl.errors import InputError
from coinche_dsl.loader import BUILTINS
from coinche_dsl.model import Expr, Ruleset
from coinche_dsl.model.enums import CoincheTiming
from coinche_dsl.model.expr import format_expr
from coinche_dsl.render.examples import deck_points
from coinche_dsl.render.fields import constants, prune
from coinche_dsl.render.formula import worked
from coinche_dsl.render.i18n import translator
from coinche_dsl.syntax.formula_text import formula_text
from coinche_dsl.syntax.parser import parse_text

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ROOT / "coinche_dsl" / "variants"


def line_of(variant: str, text: str) -> int:
    """The line of the variant file that starts with `text` (read here, not by the loader)."""
    lines = (VARIANTS / f"{variant}.coinche").read_text(encoding="utf-8").splitlines()
    (found,) = [i for i, line in enumerate(lines, 1) if line.strip().startswith(text)]
    return found


def terms(result, side):
    return [(str(ln.term.node) if ln.term.node else ln.term.kind.value, ln.points)
            for ln in result.terms(side)]


# Terms of a scored deal, by hand ------------------------------------------------------------

def test_fr_brut_coinched_made_terms_name_their_formula_and_line():
    # fr-brut: "Le multiplicateur ne porte que sur la valeur du contrat, pas sur toute la
    # donne : un 100 coinché vaut 200"; made, the declarers score their points, announcements,
    # belote and the contract times the multiplier; "La coinche compte en points bruts".
    # E plays 100 spades coinched: EW 100 card points + 10 last trick = 110 >= 82, and
    # 110 + 20 belote = 130 >= 100: made. EW: 110 + 20 + 100 x 2 = 330; NS: 52.
    rs = ruleset("fr-brut")
    result = score_deal(rs, deal(100, "spades", 52, 100, "W", declarer="E", double="coinche",
                                 tricks={"N": 2, "E": 3, "S": 1, "W": 2}, belote=["E"]))
    assert (result.made, result.scores) == (True, {"NS": 52, "EW": 330})
    assert terms(result, "declarers") == [("points(declarers)", 110),
                                          ("belote(declarers)", 20),
                                          ("contract * multiplier", 200)]
    assert terms(result, "defenders") == [("points(defenders)", 52)]
    read = (("points", "declarers"), ("belote", "declarers"), ("contract",), ("multiplier",))
    assert [value(result.values, *q) for q in read] == [110, 20, 100, 2]
    made_at = line_of("fr-brut", "declarers = points(declarers) + announcements(declarers)")
    for line in result.terms("declarers"):
        assert (line.team, line.term.kind) == ("EW", LineKind.TERM)
        assert (line.rule.name, line.rule.file, line.rule.line) == (
            "scoring.made.declarers", "fr-brut.coinche", made_at)


def test_ffb_made_terms_then_rounding_lines():
    # FFB § 10.1.1: "Les preneurs marquent : Leur total + Le montant du contrat demandé";
    # "Les défenseurs marquent : Leur total"; § 10.2: "arrondis à la dizaine la plus proche
    # ... 85 est arrondi à 90". N plays 80 hearts: NS 95 + 10 = 105 >= 80 and > 57: made.
    # NS 105 + 80 = 185, rounded to 190 (+5); EW 57, rounded to 60 (+3).
    rs = ruleset("ffb")
    result = score_deal(rs, deal(80, "hearts", 95, 57, "N",
                                 tricks={"N": 3, "E": 2, "S": 2, "W": 1}))
    assert (result.made, result.scores) == (True, {"NS": 190, "EW": 60})
    assert terms(result, "declarers") == [("total(declarers)", 105), ("contract", 80),
                                          ("rounding", 5)]
    assert terms(result, "defenders") == [("total(defenders)", 57), ("rounding", 3)]
    rounding = result.terms("defenders")[-1]
    assert (rounding.team, rounding.term.node, str(rounding.rule)) == (
        "EW", None, f"scoring.rounding (ffb.coinche:{line_of('ffb', 'rounding half_up')})")


def test_the_fast_path_keeps_the_terms_but_not_the_quantities():
    # score_facts (every simulated deal) scores like score_deal, without keeping the context
    rs = ruleset("ffb")
    summary = deal(80, "hearts", 95, 57, "N", tricks={"N": 3, "E": 2, "S": 2, "W": 1})
    checked = score_deal(rs, summary)
    rules = compile(rs)
    fast = score_facts(rules, summary_facts(rules, summary))
    assert (fast.scores, fast.lines) == (checked.scores, checked.lines)
    assert (fast.values, fast.success_values) == ((), ())
    assert value(checked.values, "total", "declarers") == 105


def test_tenths_line_is_its_own_kind(tmp_path):
    # `scale tenths` writes the total in tenths: 185 -> 190 (rounding) -> 19 (-171).
    path = tmp_path / "t.coinche"
    path.write_text('variant "t" extends "ffb" {\n  scoring { scale tenths }\n}\n',
                    encoding="utf-8")
    from coinche_dsl import load_variant

    result = score_deal(load_variant(path), deal(80, "hearts", 95, 57, "N"))
    assert result.scores == {"NS": 19, "EW": 6}
    tenths = [ln for ln in result.lines if ln.term.kind is LineKind.TENTHS]
    assert [(ln.team, ln.points, ln.rule.name, ln.rule.line) for ln in tenths] == [
        ("NS", -171, "scoring.scale", 2), ("EW", -54, "scoring.scale", 2)]


def test_score_json_keeps_its_fields_and_adds_the_structured_ones():
    _register()
    result = CliRunner().invoke(app, ["score", "ffb", str(ROOT / "examples"
                                                          / "deal.json")])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    # the example of docs/json.md: 79 + 10 + 20 (tierce) + 20 (belote) = 129; 129 + 90 = 219
    # rounded to 220; the defenders' 73 rounded to 70
    assert out["scores"] == {"NS": 220, "EW": 70}
    first = out["lines"][0]
    where = line_of("ffb", "declarers = if doubled")
    assert first == {"team": "NS", "points": 129, "label": "total", "side": "declarers",
                     "rule": f"scoring.made.declarers (ffb.coinche:{where})", "kind": "term",
                     "term": "total(declarers)",
                     "source": {"rule": "scoring.made.declarers", "file": "ffb.coinche",
                                "line": where}}
    assert [(ln["kind"], ln["term"], ln["points"]) for ln in out["lines"][1:]] == [
        ("term", "contract", 90), ("term", "total(defenders)", 73), ("rounding", None, 1),
        ("rounding", None, -3)]


# One printer: print -> parse -> the same tree -------------------------------------------------

def parsed(text: str) -> Expr:
    data = parse_text(f'variant "x" {{\n  scoring {{ success = {text} }}\n}}\n').data
    return Expr.model_validate(data["scoring"]["success"])


def formulas(rs: Ruleset):
    s = rs.scoring
    yield s.success
    for outcome in (s.made, s.failed):
        yield from outcome.values()


@pytest.mark.parametrize("name", BUILTINS)
def test_every_builtin_formula_round_trips(name):
    for e in formulas(ruleset(name)):
        assert parsed(format_expr(e)) == e
        assert parsed(formula_text(e.model_dump(exclude_none=True))) == e


@settings(max_examples=150, deadline=None)
@given(st.one_of(int_expr(), bool_expr()))
def test_generated_formulas_round_trip(data):
    e = Expr.model_validate(data)
    assert parsed(format_expr(e)) == e
    assert format_expr(e) == formula_text(data)  # the model's and the formatter's: one core


# The sheet's worked numbers are the engine's ---------------------------------------------------

@st.composite
def summaries(draw, rs: Ruleset):
    a = rs.auction
    mode = draw(st.sampled_from(a.denominations))
    bid = a.minimum_bid + a.step * draw(st.integers(0, 8))
    doubles = ["none"] + (["coinche"] if a.coinche != CoincheTiming.NONE else []) + (
        ["surcoinche"] if a.surcoinche else [])
    won = draw(st.integers(0, 8))
    n = draw(st.integers(max(0, won - 8), won)) if won else 0
    e = draw(st.integers(0, 8 - won))
    whole = deck_points(rs, mode)
    ns = whole if won == 8 else 0 if won == 0 else draw(st.integers(0, whole))
    last = draw(st.sampled_from([s for s, t in (("N", n), ("S", won - n), ("E", e),
                                                ("W", 8 - won - e)) if t]))
    summary = deal(bid, mode.value, ns, whole - ns, last, double=draw(st.sampled_from(doubles)),
                   tricks={"N": n, "E": e, "S": won - n, "W": 8 - won - e},
                   belote=draw(st.sampled_from([[], ["N"], ["E"]])))
    return summary


def _arithmetic(text: str) -> int:
    """A worked line's left side (`(160 + 90 for the contract) × 2`) read back by the DSL's own
    parser and worked out by the engine's evaluator (the words after a number say what it
    counts)."""
    plain = re.sub(r"(?<=\d)[^\d()+×−,]+", " ", text)
    plain = plain.replace(",", "").replace("×", "*").replace("−", "-")
    return evaluate(parsed(plain), new_context())


@pytest.mark.parametrize("name", BUILTINS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_worked_lines_are_the_engines_numbers(name, data):
    """For generated deals: the sheet's worked line of each side's formula, read back as
    arithmetic, equals the sum of the engine's terms for that side, and once rounded as the
    variant says, the side's score."""
    rs = ruleset(name)
    summary = data.draw(summaries(rs))
    try:
        result = score_deal(rs, summary)
    except InputError:
        assume(False)
    s, tr, fixed = rs.scoring, translator("en"), constants(rs)
    outcome = s.made if result.made else s.failed
    declarers = "NS" if summary["declarer"] in "NS" else "EW"
    for side, team in (("declarers", declarers), ("defenders", "EW" if declarers == "NS" else
                                                  "NS")):
        if str(s.litige) == "held" and value(result.success_values, "total", "declarers") == (
                value(result.success_values, "total", "defenders")):
            continue  # a litige: the declarers score their failed formula, the defence made
        line = worked(prune(outcome[side], fixed), result.values, tr)
        # a lone number is printed alone (no "60 = 60")
        left, _, right = line.rpartition(" = ") if " = " in line else (line, "", line)
        raw = _arithmetic(left)
        assert raw == _arithmetic(right)
        assert raw == sum(ln.points for ln in result.terms(side)
                          if ln.term.kind is LineKind.TERM)
        if str(s.round_what) == "scores":
            raw = round_to(raw, s.rounding_unit, str(s.rounding))
        if str(s.scale) == "tenths":
            raw = round_to(raw, 10, "half_up") // 10
        assert raw == result.scores[team]
