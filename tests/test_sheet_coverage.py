"""Every field of the Ruleset is visible in the sheet: change any one leaf, the sheet changes.

The base is `ffb` with every optional feature switched on (générale, no-trump scaling), so
that no detail is hidden as irrelevant; each leaf of the schema is then changed to another
valid value (next enum member, int + 1 within bounds, toggled bool, edited formula...).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from knob_support import bounds, replaced

from coinche_dsl import load_variant
from coinche_dsl.model import CardValue, Expr, Ruleset, Scale
from coinche_dsl.render.fields import leaf_paths, value_at
from coinche_dsl.render.output import to_markdown
from coinche_dsl.render.rulesheet import build_sheet


def _all_on() -> Ruleset:
    rs = load_variant("ffb", {"sans_atout_tout_atout": "oui"})  # § 11's no-trump, all-trump
    rs = replaced(replaced(rs, ("auction", "generale"), True),
                  ("cards", "no_trump_scale"), Scale(kind="cards", to=152))
    # each mode with a dix de der of its own (`same` says nothing of it), and the table's
    # no-looking rule (looking as the cards come is not worth a sentence)
    rs = replaced(replaced(rs, ("cards", "no_trump_last_trick"), 10),
                  ("cards", "all_trump_last_trick"), 0)
    rs = replaced(rs, ("table", "look_while_dealing"), False)
    # the file's own texts as written, not ffb's English words for them: changing one shows
    return replaced(rs, ("terms",), {})



def _other(rs: Ruleset, path: tuple[str, ...]) -> Any:
    """Another valid value for the leaf at `path`."""
    value = value_at(rs, path)
    owner = value_at(rs, path[:-1]) if len(path) > 1 else rs
    if isinstance(value, bool):
        return not value
    if isinstance(value, Enum):
        members = list(type(value))
        return members[(members.index(value) + 1) % len(members)]
    if isinstance(value, int):
        low, high = bounds(owner, path[-1]) if not isinstance(owner, dict) else (0, 10**9)
        return value + 1 if value + 1 <= high else value - 1
    if isinstance(value, Expr):
        if value.type() == "bool":
            return Expr(op="or", args=[value, Expr(op="qty", name="all_trump")])
        return Expr(op="+", args=[value, Expr(op="num", value=1)])
    if isinstance(value, Scale):
        return value.model_copy(update={"to": value.to + 1})
    return _other_container(rs, path, value)


def _other_container(rs: Ruleset, path: tuple[str, ...], value: Any) -> Any:
    if path == ("language",):
        return "en" if value != "en" else "fr"
    if path == ("extends",):
        return "ffb" if value is None else None
    if path == ("examples",):
        return value[:-1]
    if path == ("auction", "maximum_bid") and value is None:
        return 170
    if path[-1].endswith("_last_trick") and value is None:  # `same` -> a mode's own bonus
        return 0
    if path == ("play", "partner_leads_trump_at") and value is None:
        return 2
    if path == ("game", "deals") and value is None:
        return 4
    if path == ("terms",) and not value:  # the club's own word for the capot, in English
        from coinche_dsl.model.ruleset import Terms

        return {"en": Terms(capot="slam")}
    if isinstance(value, str):
        return [3, 2, 3] if value == "dealer_choice" else value + " (bis)"
    if isinstance(value, list) and value and isinstance(value[0], CardValue):
        return [value[0].model_copy(update={"points": value[0].points + 1}), *value[1:]]
    if isinstance(value, list) and path[-1] == "denominations":
        return value[:-1]
    if isinstance(value, list):
        return [value[1], value[0], *value[2:]] if len(value) > 1 else [*value, "more"]
    if isinstance(value, dict) and all(isinstance(v, Expr) for v in value.values()):
        key = next(iter(value))  # a formula per side (a penalty): the first one plus 10
        return {**value, key: Expr(op="+", args=[value[key], Expr(op="num", value=10)])}
    if isinstance(value, dict):
        key = next(iter(value))
        return {**value, key: value[key] + 1}
    raise AssertionError(f"no other value for {path}: {value!r}")


BASE = _all_on()
BASE_TEXT = to_markdown(build_sheet(BASE, "en"))
PATHS = leaf_paths()

_OF_DEALS = {("game", "deals"): 4}
CONTEXTS: dict[tuple[str, ...], dict[tuple[str, ...], Any]] = {
    ("game", "deals"): _OF_DEALS, ("game", "deals_tie"): _OF_DEALS}
"""Rules that apply only where the base's own rules cannot (a game of a fixed number of deals
has no target): the base they are shown in."""


def base_for(path: tuple[str, ...]) -> Ruleset:
    rs = BASE
    for where, value in CONTEXTS.get(path, {}).items():
        rs = replaced(rs, where, value)
    return rs


NOT_PRINTED = {
    ("name",): "the file's identifier: a club reads its title, never its name",
    ("language",): "the language a sheet is printed in when none is asked for (this walk "
                   "prints every sheet in English; test_render_i18n checks the default)",
}
"""Fields a sheet does not show, and why."""


@pytest.mark.parametrize("path", PATHS, ids=[".".join(p) for p in PATHS])
def test_changing_a_field_changes_the_sheet(path: tuple[str, ...]) -> None:
    if path in NOT_PRINTED:
        pytest.skip(NOT_PRINTED[path])
    base = base_for(path)
    changed = replaced(base, path, _other(base, path))
    assert value_at(changed, path) != value_at(base, path)
    text = to_markdown(build_sheet(changed, "en"))
    before = BASE_TEXT if base is BASE else to_markdown(build_sheet(base, "en"))
    assert text != before, f"{'.'.join(path)} is not visible in the sheet"


def test_the_walk_covers_every_block() -> None:
    blocks = {p[0] for p in PATHS}
    assert {"table", "auction", "cards", "play", "announcements", "belote", "scoring",
            "game", "examples", "name", "title"} <= blocks
    assert len(PATHS) >= 80


CHOICES = [p for p in PATHS if isinstance(value_at(BASE, p), (bool, Enum))]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), lang=st.sampled_from(["en", "fr", "es", "it", "pt"]))
def test_any_mix_of_choices_renders_in_every_language(data: st.DataObject, lang: str) -> None:
    """Many closed choices changed at once: the sheet still renders, with every message found."""
    rs = BASE
    for path in data.draw(st.lists(st.sampled_from(CHOICES), max_size=12, unique=True)):
        value = value_at(BASE, path)
        options = [not value] if isinstance(value, bool) else list(type(value))
        rs = replaced(rs, path, data.draw(st.sampled_from(options)))
    text = to_markdown(build_sheet(rs, lang))
    assert "⟦" not in text
