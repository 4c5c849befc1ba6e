"""Rules a rulebook says in one sentence, though the Ruleset keeps them apart.

The bid ladder is four fields (lowest bid, step, how levels align, highest), rounding three
(how, to what unit, what is rounded), the multipliers two; a sheet that gave each its own
sentence said one rule three times (« L’enchère la plus basse est 80. Les enchères montent par
paliers de 10. Au-dessus du minimum, les enchères vont de 10 en 10 : 80, 90, 100… »). Each
group here has a lead field and the fields its sentence also says; `sentences` prints the
group's sentence where the lead is, and drops the others. Nothing here knows a variant.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.tables import bid_values
from ..model import Expr, Ruleset
from ..model.enums import Rounding
from ..model.relevance import has_surcoinche
from .describe import rounding_example
from .fields import Path, is_relevant
from .i18n import Translator


def ladder_levels(rs: Ruleset, tr: Translator, open_ended: bool = False) -> tuple[str, bool]:
    """The first bids in words (« 80, 90, 100 et ainsi de suite jusqu’à 500 »; `open_ended`:
    without the highest, said apart), and whether the lowest bid stands apart from the
    step that follows (82, then 90, 100…)."""
    a = rs.auction
    every = bid_values(a.minimum_bid, a.step, a.bid_levels, a.maximum_bid)
    apart = len(every) > 1 and every[1] - every[0] != a.step
    shown = every[1:] if apart else every
    levels = [tr.num(n) for n in shown]
    if len(levels) > 3:
        said = tr("ladder.open" if open_ended else "ladder.to", levels=", ".join(levels[:3]),
                  last=levels[-1])
    else:
        said = tr.join(levels)
    return (tr("ladder.first", first=tr.num(every[0]), levels=said) if apart and not open_ended
            else said), apart


def _bids(rs: Ruleset, tr: Translator) -> str:
    a = rs.auction
    every = bid_values(a.minimum_bid, a.step, a.bid_levels, a.maximum_bid)
    levels, apart = ladder_levels(rs, tr, open_ended=True)
    return tr("said.bids.apart" if apart else "said.bids", low=every[0], high=every[-1],
              step=a.step, levels=levels)


def _rounding(rs: Ruleset, tr: Translator) -> str | tuple[str, tuple[Path, ...]] | None:
    s = rs.scoring
    if s.rounding == Rounding.NONE:  # no rounding: one sentence with how scores are written
        return tr(f"said.rounding.none.{s.scale.value}"), (("scoring", "scale"),)
    return tr(f"said.rounding.{s.rounding.value}.{s.round_what.value}", unit=s.rounding_unit,
              example=rounding_example(s.rounding, s.rounding_unit, tr))


def multiplier_scope(rs: Ruleset) -> str | None:
    """What the coinche multiplies in the score formulas: `contract` where every product by
    the multiplier is the contract's value alone (« un 100 coinché vaut 200 »), `points` where
    no product holds announcements or belote (they are added after), `whole` where one does,
    `every` where on a made contract both sides' scores are multiplied (the defence's points
    too), None where no formula multiplies."""
    found: set[str] = set()

    def walk(e: Expr) -> bool:
        """Record the products by the multiplier under `e`; whether one holds more than the
        belote (a side's belote alone, kept doubled, is not its score)."""
        more = False
        if e.op == "*" and any(a.op == "qty" and a.name == "multiplier" for a in e.args):
            other = [a for a in e.args if not (a.op == "qty" and a.name == "multiplier")]
            alone = len(other) == 1 and other[0].op == "qty" and other[0].name == "contract"
            named = {q for a in other for q in a.quantities()}
            extras = {"announcements", "belote"} & named
            found.add("contract" if alone else "whole" if extras else "points")
            more = not named <= {"belote"}
        for arg in e.args:
            more = walk(arg) or more
        return more

    sides_made = {side for side, formula in rs.scoring.made.items() if walk(formula)}
    for formula in rs.scoring.failed.values():
        walk(formula)
    if not found:
        return None
    if "contract" not in found and sides_made == {"declarers", "defenders"}:
        return "every"
    return "contract" if found == {"contract"} else "whole" if "whole" in found else "points"


def _factors(rs: Ruleset, tr: Translator) -> str | None:
    a = rs.auction
    scope = multiplier_scope(rs)
    sur = has_surcoinche(rs)
    factors = [a.coinche_factor, *([a.surcoinche_factor] if sur else [])]
    if scope is None or not all(tr.has(f"verb.times.{f}") for f in factors):
        return None
    kept = [w for w, on in (("announcements", rs.announcements.enabled),
                            ("belote", rs.belote.enabled)) if on]
    if scope == "points" and not kept:
        scope = "whole"
    return tr(f"said.factor.{scope}" + ("" if sur else ".alone"),
              c=tr(f"verb.times.{factors[0]}"), s=tr(f"verb.times.{factors[-1]}"),
              kept=tr("factor.kept." + ("both" if len(kept) == 2 else kept[0])) if kept else "")


Said = str | tuple[str, tuple[Path, ...]] | None
"""A group's sentence, or with it the fields it also says under these rules only."""

GROUPS: dict[Path, tuple[tuple[Path, ...], Callable[[Ruleset, Translator], Said]]] = {
    ("auction", "minimum_bid"): ((("auction", "step"), ("auction", "bid_levels"),
                                  ("auction", "maximum_bid")), _bids),
    ("auction", "coinche_factor"): ((("auction", "surcoinche_factor"),), _factors),
    ("scoring", "rounding"): ((("scoring", "rounding_unit"), ("scoring", "round_what")),
                              _rounding),
}
"""Lead field: (the fields its sentence also says, the sentence)."""


def combined(rs: Ruleset, paths: list[Path], tr: Translator) -> tuple[dict[Path, str], set[Path]]:
    """The group sentences of the leads among `paths` (where the lead is relevant and its
    group has a sentence), and the fields they also say, to leave out."""
    said: dict[Path, str] = {}
    dropped: set[Path] = set()
    for lead, (others, sentence) in GROUPS.items():
        if lead in paths and is_relevant(rs, lead):
            text = sentence(rs, tr)
            if isinstance(text, tuple):
                text, more = text
                dropped.update(more)
            if text is not None:
                said[lead] = text
                dropped.update(others)
    return said, dropped


def group_sentence(rs: Ruleset, lead: Path, tr: Translator) -> str | None:
    """The one sentence of the group `lead` heads, if it has one under these rules."""
    said = GROUPS[lead][1](rs, tr) if is_relevant(rs, lead) else None
    return said[0] if isinstance(said, tuple) else said
