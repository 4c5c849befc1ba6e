"""The Ruleset as a list of leaf rules: dotted paths, their values, the phase each belongs to.

The sheet, the comparison and the coverage test all walk the same list, so a field added to the
model shows up everywhere at once (and the coverage test fails until it has a sentence).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from pydantic import BaseModel

from ..model import Expr, Ruleset, Scale
from ..model.base import RuleModel

Path = tuple[str, ...]

PHASES = ("table", "auction", "cards", "play", "announcements", "belote", "scoring", "game")
"""The rule blocks in the order a sheet tells them (and a comparison groups them)."""

META = ("name", "title", "language", "description", "sources", "extends")
"""Fields that say what a variant is, not how it is played."""

_OPAQUE: tuple[type, ...] = (Expr, Scale)
"""Models treated as one value: a formula is read as a whole, a scale as `kind to`."""


def _model_of(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, RuleModel):
        return annotation
    return None


def leaf_paths(model: type[BaseModel] = Ruleset, prefix: Path = ()) -> list[Path]:
    """Every leaf rule of the schema, in declaration order (formulas per side, scales whole).

    >>> ("auction", "coinche") in leaf_paths()
    True
    >>> ("scoring", "made", "defenders") in leaf_paths()
    True
    """
    out: list[Path] = []
    for name, field in model.model_fields.items():
        path = (*prefix, name)
        sub = _model_of(field.annotation)
        if name in ("made", "failed") and model.__name__ == "ScoringRules":
            out += [(*path, "declarers"), (*path, "defenders")]
        elif sub is not None and sub not in _OPAQUE:
            out += leaf_paths(sub, path)
        else:
            out.append(path)
    return out


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


def is_relevant(rs: Ruleset, path: Path) -> bool:
    """Whether a rule matters given the others (a capot value when capot cannot be bid does not).

    The sheet leaves irrelevant details out; the comparison shows them only with `--all`.
    """
    a, an, be = rs.auction, rs.announcements, rs.belote
    hidden: dict[Path, bool] = {
        ("auction", "capot_value"): not a.capot and not _quantity_used(rs, "bid_capot"),
        ("auction", "generale_value"): not a.generale,
        ("auction", "coinche_capot"): a.coinche == "none" or not (a.capot or a.generale),
        ("auction", "after_coinche"): a.coinche == "none",
        ("auction", "coinche_factor"): a.coinche == "none",
        ("auction", "surcoinche"): a.coinche == "none",
        ("auction", "surcoinche_ends_auction"): not a.surcoinche,
        ("auction", "closing_coinche"): a.coinche == "none",
        ("auction", "surcoinche_factor"): not a.surcoinche,
        ("auction", "ranked_denominations"): len(a.denominations) < 2,
        ("auction", "jumps"): False,
        ("scoring", "rounding_unit"): rs.scoring.rounding == "none",
        ("scoring", "round_what"): rs.scoring.rounding == "none",
        ("cards", "no_trump"): "no-trump" not in a.denominations,
        ("cards", "all_trump"): "all-trump" not in a.denominations,
        ("cards", "no_trump_scale"): "no-trump" not in a.denominations,
        ("cards", "all_trump_scale"): "all-trump" not in a.denominations,
        ("cards", "scale_before_success"): rs.cards.no_trump_scale.kind == "none"
        and rs.cards.all_trump_scale.kind == "none",
        ("play", "no_trump_beat"): "no-trump" not in a.denominations,
        ("play", "all_trump_beat"): "all-trump" not in a.denominations,
        ("announcements", "at_no_trump"): "no-trump" not in a.denominations,
        ("announcements", "at_all_trump"): "all-trump" not in a.denominations,
        ("announcements", "no_trump_carres"): "no-trump" not in a.denominations
        or not an.at_no_trump,
        ("belote", "at_no_trump"): "no-trump" not in a.denominations,
        ("belote", "at_all_trump"): "all-trump" not in a.denominations,
    }
    if path[0] == "announcements" and path[1] != "enabled" and not an.enabled:
        return False
    if path[0] == "belote" and path[1] != "enabled" and not be.enabled:
        return False
    return not hidden.get(path[:2], False)


def _quantity_used(rs: Ruleset, name: str) -> bool:
    s = rs.scoring
    formulas = [s.success, *s.made.values(), *s.failed.values()]
    return any(name in f.quantities() for f in formulas)
