"""Per-contract details that real rulebooks state: the dix de der per denomination (and the
scaling that follows it), and where capot stands on the ladder of bids.

Every score below is computed by hand from the sentence it cites, with `split_total`'s
documented rule for the scaled cases (the larger remainder rounds up; on an exact half the
defenders get the point).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from scoring_support import SA_TA, assert_scores, deal, variant
from test_batch import _replay, _special_contracts

from coinche_dsl.engine import compile
from coinche_dsl.engine.batch import play_batch
from coinche_dsl.engine.deal import Deal
from coinche_dsl.errors import IllegalActionError
from coinche_dsl.model import Ruleset

NO_ROUNDING = "scoring { rounding none }"


def test_no_dix_de_der_at_all_trump_can_fail_a_contract(tmp_path: Path) -> None:
    """ange.heureux.free.fr, La Coinche: "Le Dix de der ... sauf dans le cas de Tout-Atout
    ... où il ne compte pas". ffb's all-trump table holds 4 × (13+9+6+5+3+2) = 152.
    110 all-trump, NS 100 card points and the last trick: without the dix de der NS total
    100 < 110, failed; ffb § 10.1.2: EW 160 + 110 = 270. With it (ffb), 110 >= 110 and
    > 52: made, NS 110 + 110 = 220, EW their 52."""
    summary = deal(110, "all-trump", 100, 52, "N")
    dauphine = variant(tmp_path, f"cards {{ all_trump_last_trick 0 }}\n{NO_ROUNDING}", SA_TA)
    assert_scores(dauphine, summary, False, 0, 270)
    federation = variant(tmp_path, NO_ROUNDING, SA_TA)
    assert_scores(federation, summary, True, 220, 52)


def test_a_suit_contract_keeps_its_dix_de_der(tmp_path: Path) -> None:
    """The same deal at hearts: 100 + 10 = 110 >= 110 and > 52: made, NS 220, EW 52."""
    dauphine = variant(tmp_path, f"cards {{ all_trump_last_trick 0 }}\n{NO_ROUNDING}")
    assert_scores(dauphine, deal(110, "hearts", 100, 52, "N"), True, 220, 52)


def test_no_trump_has_its_own_dix_de_der(tmp_path: Path) -> None:
    """no_trump_last_trick 20 (ffb's no-trump table holds 4 × (19+10+4+3+2) = 152,
    unscaled): 120 NT by N, NS 100 + 20 = 120 >= 120 and > 52: made, NS 120 + 120 = 240,
    EW 52. With ffb's 10: 110 < 120, failed, EW 160 + 120 = 280."""
    rules = variant(tmp_path, f"cards {{ no_trump_last_trick 20 }}\n{NO_ROUNDING}", SA_TA)
    assert_scores(rules, deal(120, "no-trump", 100, 52, "N"), True, 240, 52)
    assert_scores(variant(tmp_path, NO_ROUNDING, SA_TA), deal(120, "no-trump", 100, 52, "N"),
                  False, 0, 280)


SCALED = """cards {
  all_trump J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 0, 7 0
  all_trump_scale total 162
  %s
}
""" + NO_ROUNDING


def test_a_total_scale_without_dix_de_der_scales_the_card_points_alone(tmp_path: Path) -> None:
    """All-trump at full trump values, 4 × 62 = 248, brought to 162. Without a dix de der the
    deal is 248 → 162: NS 186 → 186 × 162 / 248 = 121.5, EW 62 → 40.5; equal remainders,
    so the defenders get the point: 121 and 41. 120 all-trump: 121 >= 120, made, NS 121 +
    120 = 241, EW 41. With the dix de der (258 → 162): NS 196 → 123.07 (remainder 18),
    EW 62 → 38.93 (remainder 240): 123 and 39; NS 123 + 120 = 243, EW 39."""
    summary = deal(120, "all-trump", 186, 62, "N")
    without = variant(tmp_path, SCALED % "all_trump_last_trick 0", SA_TA)
    assert_scores(without, summary, True, 241, 41)
    with_it = variant(tmp_path, SCALED % "", SA_TA)
    assert_scores(with_it, summary, True, 243, 39)


def test_the_sheet_says_there_is_no_dix_de_der_to_scale(tmp_path: Path) -> None:
    from coinche_dsl.render.output import to_markdown
    from coinche_dsl.render.rulesheet import build_sheet

    text = to_markdown(build_sheet(variant(tmp_path, SCALED % "all_trump_last_trick 0", SA_TA),
                                   "en"))
    assert "At all-trump, the pack holds 248 card points, with no bonus for the last trick." in text
    assert ("At all-trump, card points are scaled so that the deal totals 162 (there is no "
            "dix de der to scale).") in text
    assert "258" not in text


# --- where capot ranks ---------------------------------------------------------------------

WEB_650 = "auction { maximum_bid 650 capot_rank %s }"


def _after(rules: Ruleset, *calls: str) -> Deal:
    d = Deal(compile(rules), 1, rng=random.Random(1))  # E deals: N speaks first
    for call in calls:
        d.apply(call)
    return d


def _numbers(d: Deal) -> list[int]:
    return sorted({c.value for c in d.legal_calls() if isinstance(c.value, int)})


def test_capot_above_numbers_leaves_no_numeric_bid(tmp_path: Path) -> None:
    """FFB: capot outranks every numeric bid, even 650."""
    d = _after(variant(tmp_path, WEB_650 % "above_numbers"), "N capot hearts")
    assert _numbers(d) == []


def test_capot_at_its_value_is_overcalled_by_a_higher_number(tmp_path: Path) -> None:
    """capot_rank at_value, capot 250: after a capot, numeric bids 260 to 650 remain open
    (250 does not beat it); a 260 bid then outranks the capot, and a capot still beats 250."""
    rules = variant(tmp_path, WEB_650 % "at_value")
    d = _after(rules, "N capot hearts")
    assert _numbers(d) == list(range(260, 651, 10))
    try:
        d.apply("W 250 spades")
        raise AssertionError("a 250 bid beat a capot worth 250")
    except IllegalActionError:
        pass
    d.apply("W 260 spades")
    assert str(d.contract) is not None
    d2 = _after(rules, "N 250 hearts")
    assert any(c.value == "capot" for c in d2.legal_calls())
    d3 = _after(rules, "N 260 hearts")
    assert not any(c.value == "capot" for c in d3.legal_calls())


def test_without_jumps_the_level_after_capot_is_the_next_number(tmp_path: Path) -> None:
    rules = variant(tmp_path, (WEB_650 % "at_value")[:-1] + " jumps no }")
    assert _numbers(_after(rules, "N capot hearts")) == [260]


# --- the array engine agrees, deal by deal -------------------------------------------------

@pytest.mark.parametrize("body", [
    "cards { all_trump_last_trick 0 capot_last_trick 0 no_trump_last_trick 20 }",
    SCALED % "all_trump_last_trick 0",
], ids=["own-dix-de-der", "scaled-without-dix-de-der"])
def test_the_batch_engine_scores_a_mode_s_own_dix_de_der_as_a_deal_does(
        tmp_path: Path, body: str) -> None:
    """Simulations score with arrays (`batch.scoring`): every denomination, doubled or not,
    gives the scores `Deal.result()` gives (with ffb's no-trump and all-trump, whose last
    tricks these are)."""
    rules = compile(variant(tmp_path, body, SA_TA))
    out = play_batch(rules, 60, seed=3, contract=_special_contracts(rules), policy="random",
                     record_legal=True)
    for i in range(60):
        _replay(rules, out, i, False)
