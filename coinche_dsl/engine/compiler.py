"""`compile(ruleset) -> CompiledRules`: the tables of `tables.py`, the auction's, the
announcements' and the scoring plan built once per Ruleset, and kept.

`compile` keeps the last `COMPILE_CACHE_SIZE` results by the ruleset's content (its JSON and
where each rule was written): `score_deal`, the sheets and the CLI take a Ruleset and ask for
its compiled rules on every call, and a Ruleset loaded anew (same file, new object) must not be
compiled again. The bound is what lets a dropped Ruleset be collected: at most that many
rulesets are kept alive (plus the last `RECENT_SIZE` objects asked for, recognised by identity
so that a caller scoring many deals under one Ruleset does not pay for the JSON key each time).
"""

from __future__ import annotations

import copyreg
from collections import OrderedDict
from threading import Lock
from typing import Any

from ..model import Ruleset
from ..model.enums import Reach
from ..model.fingerprint import fingerprint
from .announcements import build_tables as announcement_tables
from .auction import build_tables as auction_tables
from .rules import CompiledRules, GameEnd
from .score_plan import build_plan
from .tables import auction_flags, card_tables, extras, lead_tables, play_flags, table_flags

__all__ = ["compile", "COMPILE_CACHE_SIZE", "RECENT_SIZE"]

COMPILE_CACHE_SIZE = 32
"""How many compiled rulesets `compile` keeps (see the module's docstring)."""
RECENT_SIZE = 16
"""How many Ruleset objects `compile` recognises by identity (kept alive until pushed out)."""

_COMPILED: OrderedDict[tuple[str, tuple[Any, ...]], CompiledRules] = OrderedDict()
_RECENT: tuple[tuple[Ruleset, CompiledRules], ...] = ()
"""The last few Ruleset objects asked for, most recent first, found by identity before the
content key (JSON) is computed: a sheet or a test scores many deals under one Ruleset."""
_LOCK = Lock()


def compile(ruleset: Ruleset | CompiledRules) -> CompiledRules:  # noqa: A001 - the API's name
    """The compiled rules of `ruleset`, built once per content (see the module's docstring);
    compiled rules are returned as they are."""
    global _RECENT
    if isinstance(ruleset, CompiledRules):
        return ruleset
    for seen, known in _RECENT:
        if seen is ruleset:
            return known
    key = (ruleset.model_dump_json(), ruleset.locations())
    with _LOCK:
        rules = _COMPILED.get(key)
        if rules is not None:
            _COMPILED.move_to_end(key)
    if rules is None:
        rules = _build(ruleset)
        with _LOCK:
            _COMPILED[key] = rules
            while len(_COMPILED) > COMPILE_CACHE_SIZE:
                _COMPILED.popitem(last=False)
    with _LOCK:
        _RECENT = ((ruleset, rules), *_RECENT[:RECENT_SIZE - 1])
    return rules


def _build(rs: Ruleset) -> CompiledRules:
    g = rs.game
    game_end = GameEnd(target=g.target, exceed=g.reach == Reach.EXCEED, both_over=g.both_over,
                       tie=g.tie, belote_finish=g.belote_finish, deals=g.deals,
                       deals_tie=g.deals_tie)
    auction, cards, play = auction_flags(rs), card_tables(rs), play_flags(rs)
    modes = tuple(zip(cards["points"], cards["beaters"], cards["trump_mask"],
                      play["follow_free"], strict=True))
    return CompiledRules(
        ruleset=rs, fingerprint=fingerprint(rs), **table_flags(rs), **cards, **play,
        modes=modes, **lead_tables(rs), **auction, auction_tables=auction_tables(auction),
        **extras(rs), announcement_tables=announcement_tables(rs),
        plan=build_plan(rs), game_end=game_end, cache={})


def _reduce(rules: CompiledRules) -> tuple[Any, tuple[Ruleset]]:
    """Compiled rules pickle as their Ruleset, compiled again on loading (in another process,
    say): the plan's formulas are functions, which do not pickle."""
    return compile, (rules.ruleset,)


copyreg.pickle(CompiledRules, _reduce)
