"""No dead knob: change any rule of the Ruleset to any other value, the engine's outcome changes.

The twin of `test_sheet_coverage.py`. For every leaf rule (metadata and worked examples aside)
and every other value of it (every member of a closed choice, the other truth value, a number
one up or down, a changed table, scale or formula), some situation of `engine_probes` (a deal
summary scored, a scripted or seeded auction, a seeded deal, a game at its target) comes out
differently. A few rules act only in a context (the levels of `bid_levels` differ only when the
minimum is off the step); `CONTEXTS` sets it, on purpose and in sight.

Values that the model declares the same to the engine (`same_in_engine`, a documented marker on
the field) are tested the other way: their outcomes must be equal, so the marker cannot lie.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import Any

import pytest
from engine_probes import outcome
from knob_support import bounds, replaced

from coinche_dsl import load_variant
from coinche_dsl.model import CardValue, Expr, Ruleset, Scale
from coinche_dsl.model.ruleset import same_in_engine
from coinche_dsl.render.fields import rule_paths, value_at


def _base() -> Ruleset:
    """ffb with every optional feature on, so that no rule is moot: générale, no-trump scaled
    from plain values, all-trump at full trump values scaled to 162 (no-trump and all-trump
    are the organiser's addition, § 11: taken here)."""
    rs = load_variant("ffb", {"sans_atout_tout_atout": "oui"})
    trump = rs.cards.trump
    for path, value in ((("auction", "generale"), True),
                        (("cards", "no_trump"), rs.cards.plain),
                        (("cards", "no_trump_scale"), Scale(kind="cards", to=152)),
                        (("cards", "all_trump"), trump),
                        (("cards", "all_trump_scale"), Scale(kind="total", to=162))):
        rs = replaced(rs, path, value)
    return rs


BASE = _base()

CONTEXTS: dict[tuple[str, ...], dict[tuple[str, ...], Any]] = {
    # `aligned` and `from_minimum` give the same levels when the minimum is on the step.
    ("auction", "bid_levels"): {("auction", "minimum_bid"): 82},
    # With 3 passes ending the auction, the highest bid is never one's own at one's turn.
    ("auction", "raise_own"): {("auction", "end_passes"): 4},
    # A 5-card table of sequences: counting 6 cards as 5 or 6 gives the same 100.
    # Equal totals after the last deal arise only in a game of a fixed number of deals: one
    # deal, from both sides exactly at the probes' target (`engine_probes.game_edges`).
    ("game", "deals_tie"): {("game", "deals"): 1},
    ("announcements", "longest_counted"): {("announcements", "sequences"): {3: 20, 4: 50, 5: 100,
                                                                             6: 150}},
}


def _context(path: tuple[str, ...]) -> Ruleset:
    rs = BASE
    for where, value in CONTEXTS.get(path, {}).items():
        rs = replaced(rs, where, value)
    return rs


def others(rs: Ruleset, path: tuple[str, ...]) -> list[Any]:
    """Other valid values of the leaf at `path`: every one for a closed choice."""
    value = value_at(rs, path)
    owner = value_at(rs, path[:-1])
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Enum):
        return [m for m in type(value) if m != value]
    if isinstance(value, int):
        # Ten points up (or down): a single point could hide behind rounding to the ten.
        low, high = bounds(owner, path[-1]) if not isinstance(owner, dict) else (0, 10**9)
        return [next(v for v in (value + 10, value - 10, value + 1, value - 1)
                     if low <= v <= high)]
    if value is None and path == ("auction", "maximum_bid"):
        return [160]
    if value is None and path[-1].endswith("_last_trick"):  # `same` -> no dix de der there
        return [0]
    if value is None and path == ("play", "partner_leads_trump_at"):
        return [2, 5]
    if value is None and path == ("game", "deals"):
        return [1, 4]
    if isinstance(value, Expr):
        if value.type() == "bool":
            return [Expr(op="or", args=[value, Expr(op="qty", name="all_trump")])]
        return [Expr(op="+", args=[value, Expr(op="num", value=10)])]
    if isinstance(value, Scale):
        return [value.model_copy(update={"to": value.to + 10})]
    return [_other_container(path, value)]


def _other_container(path: tuple[str, ...], value: Any) -> Any:
    if value == "dealer_choice":
        return [3, 2, 3]
    if isinstance(value, list) and value and isinstance(value[0], CardValue):
        return [value[0].model_copy(update={"points": value[0].points + 1}), *value[1:]]
    if isinstance(value, list) and path[-1] == "denominations":
        return value[:-1]
    if isinstance(value, list):
        return [value[1], value[0], *value[2:]]
    if isinstance(value, dict) and all(isinstance(v, Expr) for v in value.values()):
        key = next(iter(value))  # a formula per side (a penalty): the first one plus 10
        return {**value, key: Expr(op="+", args=[value[key], Expr(op="num", value=10)])}
    if isinstance(value, dict):
        key = next(iter(value))
        return {**value, key: value[key] + 10}
    raise AssertionError(f"no other value for {path}: {value!r}")


@cache
def _outcome_of(path: tuple[str, ...]) -> Any:
    return outcome(_context(path))


KNOBS = [(p, v) for p in rule_paths() for v in others(_context(p), p)]


def _id(knob: tuple[tuple[str, ...], Any]) -> str:
    path, value = knob
    text = value.value if isinstance(value, Enum) else value
    return ".".join(path) + "=" + (str(text) if isinstance(text, (bool, int, str)) else "other")


@pytest.mark.parametrize("knob", KNOBS, ids=[_id(k) for k in KNOBS])
def test_changing_a_rule_changes_the_engine(knob: tuple[tuple[str, ...], Any]) -> None:
    path, value = knob
    base = _context(path)
    changed = replaced(base, path, value)
    assert value_at(changed, path) != value_at(base, path)
    same = same_in_engine(path, value_at(base, path), value)
    if same:
        assert outcome(changed) == _outcome_of(path), (
            f"{'.'.join(path)}: {value} is declared the same to the engine, yet acts")
    else:
        assert outcome(changed) != _outcome_of(path), (
            f"{'.'.join(path)} = {value} changes nothing the engine decides")


def test_the_walk_covers_every_rule_block() -> None:
    paths = {p for p, _ in KNOBS}
    assert {p[0] for p in paths} == {"table", "auction", "cards", "play", "announcements",
                                      "belote", "scoring", "game", "penalties"}
    assert paths == set(rule_paths())
    assert len(KNOBS) >= 90


def test_same_in_engine_is_declared_where_the_engine_says_so() -> None:
    # Announcements are recorded before a seat's first card and scored at the end: when they
    # are compared (first card of trick 2 or end of trick 1) is the table's ceremony only.
    assert same_in_engine(("announcements", "timing"), "first_card", "end_of_first_trick")
    # The auction docstring: an intervening bid means the highest bid is no longer one's own.
    assert same_in_engine(("auction", "raise_own"), "after_other_bid", "forbidden")
    assert not same_in_engine(("announcements", "timing"), "first_card", "automatic")
    # The engine's dealer always shuffles; a human dealer's whim is the table's.
    assert same_in_engine(("table", "shuffle_every_deal"), "yes", "dealer_choice")
    assert not same_in_engine(("table", "shuffle_every_deal"), "yes", "no")
    # Table procedures the engine never reads: every value the same to it.
    assert same_in_engine(("table", "first_dealer"), "by_lot", "kings")
    assert same_in_engine(("table", "cutter"), "before_dealer", "after_dealer")
