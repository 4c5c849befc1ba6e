"""A rule that cannot apply is not printed: the mirror of the coverage test.

For every rule that matters only in some situation (`model.relevance`), a variant is built where
that situation cannot occur; the sheet of that variant then says nothing about the rule: neither
the sentence of its value, nor that of any other value, and changing it changes no sentence.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from knob_support import replaced
from test_sheet_coverage import BASE, _other, base_for

from coinche_dsl import load_variant
from coinche_dsl.model import Expr, Ruleset, Scale
from coinche_dsl.model.relevance import BLOCKS, RELEVANT, constants, is_relevant, prune
from coinche_dsl.render.describe import describe
from coinche_dsl.render.fields import rule_paths, value_at
from coinche_dsl.render.i18n import translator
from coinche_dsl.render.output import to_markdown
from coinche_dsl.render.rulesheet import build_sheet

SUITS = ["clubs", "diamonds", "hearts", "spades"]
SWITCHES: list[tuple[tuple[str, ...], Any]] = [
    (("auction", "generale"), False),
    (("auction", "capot"), False),
    (("auction", "denominations"), SUITS),
    (("auction", "denominations"), ["hearts"]),
    (("auction", "coinche"), "none"),
    (("auction", "surcoinche"), False),
    (("auction", "reentry"), "speak_once"),
    (("scoring", "rounding"), "none"),
    (("announcements", "enabled"), False),
    (("announcements", "at_no_trump"), False),
    (("belote", "enabled"), False),
    (("cards", "last_trick"), 9),
    (("cards", "no_trump_scale"), Scale()),
    (("cards", "no_trump_last_trick"), "same"),
    (("cards", "all_trump_last_trick"), "same"),
    (("table", "look_while_dealing"), True),
    (("announcements", "who_scores"), "every_side"),
    (("game", "both_over"), "declarers"),
    (("play", "partner_master_free"), False),
    (("game", "deals"), 4),
    (("game", "deals"), None),
    (("penalties", "revoke"), "refused"),
]
"""Ways to take a situation away (one at a time, from the all-features-on base)."""


def _switched(path: tuple[str, ...], value: Any, base: Ruleset = BASE) -> Ruleset:
    data = base.model_dump(mode="json")
    data = replaced(data, path, value.model_dump(mode="json") if isinstance(value, Scale)
                    else value)
    return Ruleset.model_validate(data)  # validated again: enums from their words


def _off(path: tuple[str, ...]) -> tuple[Ruleset, bool] | None:
    """A variant where the rule at `path` cannot apply, and whether the switch is the rule
    itself (générale off: its own "cannot be bid" is not said either)."""
    for switch, value in SWITCHES:
        rs = _switched(switch, value, base_for(path))
        if not is_relevant(rs, path):
            return rs, switch == path
    return None


CONDITIONAL = [p for p in rule_paths() if p[:2] in RELEVANT or (
    p[0] in BLOCKS and p[1] != "enabled")]


def test_every_conditional_rule_is_met_by_the_base() -> None:
    """The base has every situation, so each conditional rule is shown there (coverage test)."""
    assert CONDITIONAL and all(is_relevant(base_for(p), p) for p in CONDITIONAL)


@pytest.mark.parametrize("path", CONDITIONAL, ids=[".".join(p) for p in CONDITIONAL])
def test_a_rule_that_cannot_apply_says_nothing(path: tuple[str, ...]) -> None:
    found = _off(path)
    assert found is not None, f"no switch takes away the situation of {'.'.join(path)}"
    rs, itself = found
    tr = translator("en")
    text = to_markdown(build_sheet(rs, "en"))
    assert describe(rs, path, tr) not in text, f"{'.'.join(path)} is printed, cannot apply"
    if itself:
        return
    other = replaced(rs, path, _other(rs, path))
    assert describe(other, path, tr) not in text
    strip = _without_fingerprint
    assert strip(text) == strip(to_markdown(build_sheet(other, "en")))


def _without_fingerprint(text: str) -> str:
    """The sheet without its rules' version (`fingerprint`), which differs when any rule does."""
    return re.sub(r"[0-9a-f]{3}-[0-9a-f]{3}-[0-9a-f]{3}-[0-9a-f]{3}", "…", text)


@pytest.mark.parametrize("name", ["ffb", "ffb-contree", "fr-bga"])
def test_no_generale_word_where_it_cannot_be_bid(name: str) -> None:
    """'a générale may also be coinched' where générale cannot be bid: gone, in every part."""
    rs = load_variant(name)
    assert not rs.auction.generale
    for lang in ("en", "fr"):
        assert "générale" not in to_markdown(build_sheet(rs, lang)).lower()


def test_only_suits_no_scaling_or_no_trump_sentence() -> None:
    rs = _switched(("auction", "denominations"), SUITS)
    text = to_markdown(build_sheet(rs, "en")).lower()
    text = text.replace("no-trump and all-trump", "")  # the option's title: ffb's own words
    for word in ("no-trump", "all-trump", "scaled"):
        assert word not in text


def test_no_announcements_no_sentence_about_them() -> None:
    rs = _switched(("announcements", "enabled"), False)
    text = to_markdown(build_sheet(rs, "en"))
    assert "There are no announcements of carrés or sequences." in text
    assert "announcements of the" not in text and "announcements of both" not in text
    assert "Carré" not in text


def test_pruned_formula_drops_dead_branches_only() -> None:
    """No coinche: `if doubled then A else B` reads B; the multiplier reads 1 and goes."""
    rs = _switched(("auction", "coinche"), "none")
    made = prune(rs.scoring.made["declarers"], constants(rs))
    assert made == BASE.scoring.made["declarers"].args[2]
    failed = prune(rs.scoring.failed["defenders"], constants(rs))
    assert "multiplier" not in failed.quantities() and "contract" in failed.quantities()
    assert isinstance(value_at(rs, ("scoring", "success")), Expr)


def test_speak_once_says_nothing_of_raising_or_passes_that_end() -> None:
    """it-701: "I giocatori parlano una sola volta" — no line may contradict it."""
    rs = load_variant("it-701")
    tr = translator("it")
    sheet = to_markdown(build_sheet(rs, "it"))
    auction = sheet.split(f"## 3. {tr('h.auction')}\n", 1)[1].split("\n## ", 1)[0]
    assert "Ogni giocatore parla una sola volta." in auction
    ended = describe(replaced(rs, ("auction", "reentry"), "allowed"), ("auction", "end_passes"),
                     tr)
    assert "propria dichiarazione" not in auction and ended not in auction


def test_the_generale_lead_is_not_told_where_generale_cannot_be_bid() -> None:
    tr = translator("en")
    leads = _switched(("table", "first_lead"), "generale_bidder")
    assert "générale bidder leads" in describe(leads, ("table", "first_lead"), tr)
    no_generale = replaced(leads, ("auction", "generale"), False)
    assert describe(no_generale, ("table", "first_lead"), tr) == (
        "The player on the dealer’s right speaks first and leads to the first trick.")
