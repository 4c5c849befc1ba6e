"""When each rule matters: the one source of truth the sheet, the card and `compare` all read.

A rule that cannot apply under a variant (a générale's value where générale cannot be bid, the
announcements' tie rule where there are no announcements) is irrelevant: the sheet prints no
sentence about it. `RELEVANT` says, next to the model, in what situation each rule can come up;
`constants` says which formula quantities a variant fixes (no coinche: `doubled` is always
false), so that formulas are printed without the branches that can never be taken.

The table is built once, at import; each test reads only the facts it needs.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from functools import cache
from typing import Any

from pydantic import BaseModel

from .base import RuleModel
from .enums import (
    BothOver,
    CoincheTiming,
    Denomination,
    Reentry,
    Revoke,
    Rounding,
    ScaleKind,
    WhoScores,
)
from .expr import Expr
from .ruleset import Ruleset, Scale

Path = tuple[str, ...]

PHASES = ("table", "auction", "cards", "play", "announcements", "belote", "scoring", "game",
          "penalties")
"""The rule blocks in the order a sheet tells them (and a comparison groups them)."""

META = ("name", "title", "language", "description", "sources", "extends")
"""Fields that say what a variant is, not how it is played."""

OWN_TEXT = ("title", "description", "sources")
"""Text about the variant itself: never inherited from a base (a club's sheet must not describe
the federation's game)."""

_OPAQUE: tuple[type, ...] = (Expr, Scale)
"""Models treated as one value: a formula is read as a whole, a scale as `kind to`."""


def leaf_paths(model: type[BaseModel] = Ruleset, prefix: Path = ()) -> list[Path]:
    """Every leaf rule of the schema, in declaration order (formulas per side, scales whole).

    >>> ("auction", "coinche") in leaf_paths()
    True
    >>> ("scoring", "made", "defenders") in leaf_paths()
    True
    """
    return list(_leaf_paths(model, prefix))


@cache
def _leaf_paths(model: type[BaseModel], prefix: Path) -> tuple[Path, ...]:
    # Worked out once per process: the schema is fixed, and the sheet asks for every option's
    # rules in turn (some 150 walks of the schema for one sheet).
    out: list[Path] = []
    for name, field in model.model_fields.items():
        path = (*prefix, name)
        sub = field.annotation
        if name in ("made", "failed") and model.__name__ == "ScoringRules":
            out += [(*path, "declarers"), (*path, "defenders")]
        elif isinstance(sub, type) and issubclass(sub, RuleModel) and sub not in _OPAQUE:
            out += _leaf_paths(sub, path)
        else:
            out.append(path)
    return tuple(out)


def rule_paths() -> list[Path]:
    """Leaf paths of the rule blocks only (no metadata, no examples)."""
    return [p for p in leaf_paths() if p[0] in PHASES]


def value_at(ruleset: Any, path: Path) -> Any:
    """The value at a dotted path, through models and dicts."""
    value = ruleset
    for part in path:
        value = value[part] if isinstance(value, dict) else getattr(value, part)
    return value


def plain(value: Any) -> Any:
    """A value as JSON data (enums as their words, models as dicts)."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", exclude_none=True)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value.value if isinstance(value, Enum) else value


# --- the situations a variant can meet --------------------------------------------------------

def has_no_trump(rs: Ruleset) -> bool:
    """A no-trump contract can be played."""
    return Denomination.NO_TRUMP in rs.auction.denominations


def has_all_trump(rs: Ruleset) -> bool:
    """An all-trump contract can be played."""
    return Denomination.ALL_TRUMP in rs.auction.denominations


def has_coinche(rs: Ruleset) -> bool:
    return rs.auction.coinche != CoincheTiming.NONE


def has_surcoinche(rs: Ruleset) -> bool:
    return has_coinche(rs) and rs.auction.surcoinche


def has_special_bid(rs: Ruleset) -> bool:
    """Capot or générale can be bid."""
    return rs.auction.capot or rs.auction.generale


def speaks_again(rs: Ruleset) -> bool:
    """A player may speak more than once in an auction (not so when each speaks once)."""
    return rs.auction.reentry != Reentry.SPEAK_ONCE


def has_scaling(rs: Ruleset) -> bool:
    """Some playable mode has its totals scaled."""
    c = rs.cards
    return (has_no_trump(rs) and c.no_trump_scale.kind != ScaleKind.NONE) or (
        has_all_trump(rs) and c.all_trump_scale.kind != ScaleKind.NONE)


def can_tie_at_half(rs: Ruleset) -> bool:
    """The sides can finish level (81–81): the points of a suit deal are an even total."""
    total = sum(c.points for c in rs.cards.trump) + 3 * sum(c.points for c in rs.cards.plain)
    return (total + rs.cards.last_trick) % 2 == 0


def _announcing(rs: Ruleset) -> bool:
    return rs.announcements.enabled


def _revoke_penalised(rs: Ruleset) -> bool:
    """A revoke stands and is penalised (else no card the rules forbid is ever played)."""
    return rs.penalties.revoke == Revoke.PENALISED


def _belote(rs: Ruleset) -> bool:
    return rs.belote.enabled


def _to_target(rs: Ruleset) -> bool:
    """The game is played to a target, not for a fixed number of deals."""
    return rs.game.deals is None


Test = Callable[[Ruleset], bool]

RELEVANT: dict[Path, Test] = {
    ("table", "look_while_dealing"): lambda rs: not rs.table.look_while_dealing,
    ("auction", "capot_value"): lambda rs: rs.auction.capot,
    ("auction", "capot_rank"): lambda rs: rs.auction.capot,
    ("auction", "generale"): lambda rs: rs.auction.generale,  # "cannot be bid": say nothing
    ("auction", "generale_value"): lambda rs: rs.auction.generale,
    ("auction", "coinche_capot"): lambda rs: has_coinche(rs) and has_special_bid(rs),
    ("auction", "after_coinche"): has_coinche,
    ("auction", "coinche_factor"): has_coinche,
    ("auction", "closing_coinche"): has_coinche,
    ("auction", "coinche_after_bidding"): has_coinche,
    ("play", "partner_ruff_free"): lambda rs: rs.play.partner_master_free,
    ("auction", "surcoinche"): has_coinche,
    ("auction", "surcoinche_ends_auction"): has_surcoinche,
    ("auction", "surcoinche_factor"): has_surcoinche,
    ("auction", "ranked_denominations"): lambda rs: len(rs.auction.denominations) > 1,
    ("auction", "raise_own"): speaks_again,
    ("auction", "end_passes"): speaks_again,
    ("cards", "no_trump"): has_no_trump,
    ("cards", "all_trump"): has_all_trump,
    ("cards", "no_trump_last_trick"): lambda rs: (
        has_no_trump(rs) and rs.cards.no_trump_last_trick is not None),
    ("cards", "all_trump_last_trick"): lambda rs: (
        has_all_trump(rs) and rs.cards.all_trump_last_trick is not None),
    ("cards", "no_trump_scale"): has_no_trump,
    ("cards", "all_trump_scale"): has_all_trump,
    ("cards", "scale_before_success"): has_scaling,
    ("play", "no_trump_beat"): has_no_trump,
    ("play", "all_trump_beat"): has_all_trump,
    ("announcements", "at_no_trump"): has_no_trump,
    ("announcements", "at_all_trump"): has_all_trump,
    ("announcements", "no_trump_carres"): lambda rs: has_no_trump(
        rs) and rs.announcements.at_no_trump,
    ("announcements", "belote_in_sequence"): _belote,
    ("announcements", "tie"): lambda rs: rs.announcements.who_scores == WhoScores.BEST_SIDE,
    ("announcements", "trump_sequence_wins"): lambda rs: (
        rs.announcements.who_scores == WhoScores.BEST_SIDE),
    ("belote", "at_no_trump"): has_no_trump,
    ("belote", "at_all_trump"): has_all_trump,
    ("scoring", "rounding_unit"): lambda rs: rs.scoring.rounding != Rounding.NONE,
    ("scoring", "round_what"): lambda rs: rs.scoring.rounding != Rounding.NONE,
    ("scoring", "litige"): can_tie_at_half,
    ("game", "belote_finish"): lambda rs: _belote(rs) and _to_target(rs),
    ("game", "tie"): lambda rs: rs.game.both_over == BothOver.HIGHER_TOTAL and _to_target(rs),
    ("game", "target"): _to_target,
    ("game", "reach"): _to_target,
    ("game", "both_over"): _to_target,
    ("game", "deals"): lambda rs: not _to_target(rs),
    ("game", "deals_tie"): lambda rs: not _to_target(rs),
    ("penalties", "revoke_by_declarers"): _revoke_penalised,
    ("penalties", "revoke_by_defenders"): _revoke_penalised,
    ("penalties", "unheld_announcement"): _announcing,
}
"""Rules that matter only in some situation, and the test of that situation. Every rule of an
announcements or belote block also needs that block enabled (`BLOCKS`); the others always
matter."""

_DENOMS: Path = ("auction", "denominations")
_COINCHE: Path = ("auction", "coinche")
_SURCOINCHE: tuple[Path, ...] = (_COINCHE, ("auction", "surcoinche"))
_BY_SIDE: Path = ("announcements", "who_scores")
_ROUNDING: Path = ("scoring", "rounding")
_DEALS: Path = ("game", "deals")
DEPENDS: dict[Path, tuple[Path, ...]] = {
    ("table", "look_while_dealing"): (("table", "look_while_dealing"),),
    ("auction", "capot_value"): (("auction", "capot"),),
    ("auction", "capot_rank"): (("auction", "capot"),),
    ("auction", "generale"): (("auction", "generale"),),
    ("auction", "generale_value"): (("auction", "generale"),),
    ("auction", "coinche_capot"): (_COINCHE, ("auction", "capot"), ("auction", "generale")),
    ("auction", "after_coinche"): (_COINCHE,),
    ("auction", "coinche_factor"): (_COINCHE,),
    ("auction", "closing_coinche"): (_COINCHE,),
    ("auction", "coinche_after_bidding"): (_COINCHE,),
    ("play", "partner_ruff_free"): (("play", "partner_master_free"),),
    ("auction", "surcoinche"): (_COINCHE,),
    ("auction", "surcoinche_ends_auction"): _SURCOINCHE,
    ("auction", "surcoinche_factor"): _SURCOINCHE,
    ("auction", "ranked_denominations"): (_DENOMS,),
    ("auction", "raise_own"): (("auction", "reentry"),),
    ("auction", "end_passes"): (("auction", "reentry"),),
    ("cards", "no_trump"): (_DENOMS,),
    ("cards", "all_trump"): (_DENOMS,),
    ("cards", "no_trump_last_trick"): (_DENOMS,),
    ("cards", "all_trump_last_trick"): (_DENOMS,),
    ("cards", "no_trump_scale"): (_DENOMS,),
    ("cards", "all_trump_scale"): (_DENOMS,),
    ("cards", "scale_before_success"): (("cards", "no_trump_scale"),
                                        ("cards", "all_trump_scale")),
    ("play", "no_trump_beat"): (_DENOMS,),
    ("play", "all_trump_beat"): (_DENOMS,),
    ("announcements", "at_no_trump"): (_DENOMS,),
    ("announcements", "at_all_trump"): (_DENOMS,),
    ("announcements", "no_trump_carres"): (_DENOMS, ("announcements", "at_no_trump")),
    ("announcements", "belote_in_sequence"): (("belote", "enabled"),),
    ("announcements", "tie"): (_BY_SIDE,),
    ("announcements", "trump_sequence_wins"): (_BY_SIDE,),
    ("belote", "at_no_trump"): (_DENOMS,),
    ("belote", "at_all_trump"): (_DENOMS,),
    ("scoring", "rounding_unit"): (_ROUNDING,),
    ("scoring", "round_what"): (_ROUNDING,),
    ("scoring", "litige"): (("cards", "trump"), ("cards", "plain"), ("cards", "last_trick")),
    ("game", "belote_finish"): (("belote", "enabled"), _DEALS),
    ("game", "tie"): (("game", "both_over"), _DEALS),
    ("game", "target"): (_DEALS,),
    ("game", "reach"): (_DEALS,),
    ("game", "both_over"): (_DEALS,),
    ("game", "deals"): (_DEALS,),
    ("game", "deals_tie"): (_DEALS,),
    ("penalties", "revoke_by_declarers"): (("penalties", "revoke"),),
    ("penalties", "revoke_by_defenders"): (("penalties", "revoke"),),
    ("penalties", "unheld_announcement"): (("announcements", "enabled"),),
}
"""The settings each test of `RELEVANT` reads: where `check` points when a setting written in
a file can never apply (`coherence`)."""

BLOCKS: dict[str, Test] = {"announcements": _announcing, "belote": _belote}
"""Blocks whose rules (except `enabled`) matter only when the block is enabled."""


def is_relevant(rs: Ruleset, path: Path) -> bool:
    """Whether the rule at `path` can come up under `rs`.

    >>> from coinche_dsl import load_variant
    >>> is_relevant(load_variant("ffb"), ("auction", "generale_value"))
    False
    """
    block = BLOCKS.get(path[0])
    if block is not None and path[1:2] != ("enabled",) and not block(rs):
        return False
    test = RELEVANT.get(path[:2])
    return test is None or test(rs)


# --- formulas without the branches that cannot be taken ---------------------------------------

def constants(rs: Ruleset) -> dict[str, bool | int]:
    """Quantities whose value `rs` fixes for every deal: a formula branch on them is dead."""
    fixed: dict[str, bool | int] = {}
    if not rs.auction.capot:
        fixed["bid_capot"] = False
    if not rs.auction.generale:
        fixed["bid_generale"] = False
    if not has_no_trump(rs):
        fixed["no_trump"] = False
    if not has_all_trump(rs):
        fixed["all_trump"] = False
    if not has_coinche(rs):
        fixed["doubled"] = False
        fixed["multiplier"] = 1
    if not rs.announcements.enabled:
        fixed["announcements"] = 0
    if not rs.belote.enabled:
        fixed["belote"] = 0
    return fixed


def prune(expr: Expr, fixed: dict[str, bool | int]) -> Expr:
    """`expr` with the quantities in `fixed` put in and what they decide simplified: the same
    value for every deal the variant can have, said without the impossible cases.

    >>> from coinche_dsl import load_variant
    >>> rs = load_variant("ffb")
    >>> prune(rs.scoring.success, constants(rs)).args[0].name
    'bid_capot'
    """
    if expr.op == "qty" and expr.name in fixed and not isinstance(fixed[expr.name], bool):
        return Expr(op="num", value=int(fixed[expr.name]))
    if expr.op == "if" and truth(expr.args[0], fixed) is not None:
        return prune(expr.args[1] if truth(expr.args[0], fixed) else expr.args[2], fixed)
    args = [prune(a, fixed) for a in expr.args]
    return _simplify(expr, args, fixed)


def truth(e: Expr, fixed: dict[str, bool | int]) -> bool | None:
    """The truth value of a condition when `fixed` decides it, else None."""
    if e.op == "qty":
        value = fixed.get(e.name or "")
        return value if isinstance(value, bool) else None
    if e.op == "not":
        inner = truth(e.args[0], fixed)
        return None if inner is None else not inner
    if e.op in ("and", "or"):
        a, b = (truth(x, fixed) for x in e.args)
        if e.op == "and":
            return False if False in (a, b) else (True if a is b is True else None)
        return True if True in (a, b) else (False if a is b is False else None)
    return None


def _simplify(expr: Expr, args: list[Expr], fixed: dict[str, bool | int]) -> Expr:
    op = expr.op
    consts = [a.value if a.op == "num" else None for a in args]
    if op == "+" and 0 in consts:
        return args[1 - consts.index(0)]
    if op == "-" and consts[1:] == [0]:
        return args[0]
    if op == "*" and 1 in consts:
        return args[1 - consts.index(1)]
    if op in ("and", "or") and truth(expr, fixed) is None:
        known = [truth(a, fixed) for a in args]
        neutral = op == "and"  # `x and true` is x; `x or false` is x
        if neutral in known:
            return args[1 - known.index(neutral)]
    return expr.model_copy(update={"args": args}) if args else expr
