"""What the scoring tests share: the deal-summary builder, the loaded variants, and the test
that scores a table of cases, so each `test_scoring_<variant>.py` is just its cases and sources.

Imported as `scoring_support` (`conftest.py` puts `tests/` on the path and has pytest rewrite
its asserts, so a failing case still shows the values compared).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from coinche_dsl import load_variant
from coinche_dsl.engine.scoring import score_deal
from coinche_dsl.errors import InputError
from coinche_dsl.model import Ruleset


def deal(bid, trump, ns, ew, last, declarer="N", double="none", tricks=None,
         announcements=None, belote=None, rebelote_unsaid=None) -> dict[str, Any]:
    """A deal summary for `score_deal`: bid, trump, card points per team, who took the last
    trick; the optional parts are left out when empty, as a player's summary would."""
    out = {"declarer": declarer, "bid": bid, "trump": trump, "double": double,
           "card_points": {"NS": ns, "EW": ew}, "last_trick": last}
    for key, value in (("tricks", tricks), ("announcements", announcements),
                       ("belote", belote), ("rebelote_unsaid", rebelote_unsaid)):
        if value:
            out[key] = value
    return out


def ruleset(name: str, choices: dict[str, str] | None = None) -> Ruleset:
    """A built-in variant, its options at `choices`, loaded once for the whole run (the tables
    only read it)."""
    return _ruleset(name, tuple(sorted((choices or {}).items())))


@cache
def _ruleset(name: str, choices: tuple[tuple[str, str], ...]) -> Ruleset:
    return load_variant(name, dict(choices))


SA_TA = {"sans_atout_tout_atout": "oui"}
"""ffb's option at its other value: the organiser's no-trump and all-trump (§ 11: "L'organisateur
d'un tournoi peut décider de le jouer avec la variante du Sans Atout / Tout Atout"), which a
test about those contracts chooses; ffb's basic game bids the four suits."""


def variant(tmp_path: Path, body: str, choices: dict[str, str] | None = None) -> Ruleset:
    """A small variant extending `ffb` with `body`, so a case shows one knob switched on; its
    options at `choices` (`SA_TA` for a case at no-trump or all-trump)."""
    path = tmp_path / "t.coinche"
    path.write_text(f'variant "t" extends "ffb" {{\n{body}\n}}\n', encoding="utf-8")
    return load_variant(path, choices)


def assert_scores(rules: Ruleset, summary, made: bool, ns: int, ew: int,
                  lines_add_up: bool = False) -> None:
    """`summary` scores `made` and `{"NS": ns, "EW": ew}`; with `lines_add_up`, the
    breakdown's lines also sum to each team's score."""
    result = score_deal(rules, summary)
    assert (result.made, result.scores) == (made, {"NS": ns, "EW": ew})
    if lines_add_up:
        assert sum(line.points for line in result.lines if line.team == "NS") == ns
        assert sum(line.points for line in result.lines if line.team == "EW") == ew


def assert_rejected(rules: Ruleset, summary, field: str) -> None:
    """Scoring `summary` is refused with an input error naming `field`."""
    with pytest.raises(InputError) as err:
        score_deal(rules, summary)
    assert err.value.field == field


def scores_test(name: str, cases, lines_add_up: bool = False,
                choices: dict[str, str] | None = None):
    """The test of a variant's table: each case `(summary, made, ns, ew)` scores as expected,
    the variant's options at `choices`.

    Bind it to a `test_…` name in the variant's module so pytest collects it there."""
    @pytest.mark.parametrize(("summary", "made", "ns", "ew"), cases)
    def test(summary, made, ns, ew):
        assert_scores(ruleset(name, choices), summary, made, ns, ew, lines_add_up)

    test.__doc__ = (f"Each scoring case of `{name}` gives the score worked out by hand"
                    + (f", with {choices}." if choices else "."))
    return test
