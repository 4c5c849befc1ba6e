"""The scoring plan of a ruleset: everything `scoring.score_facts` reads, precomputed once.

`compile` builds one `Plan` per ruleset (`CompiledRules.plan`): the formulas compiled (pruned
of the branches the variant can never take), the tables per denomination (deck total, scale,
last trick), the contract's values, the belote's, rounding and scale; and the memos the plan
owns (contexts per contract, score lines, kept scores, generated scorers, array functions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..model import Expr, Ruleset
from ..model.enums import (
    BeloteClaim,
    Denomination,
    Litige,
    Rounding,
    RoundWhat,
    ScaleKind,
    ScoreScale,
)
from ..model.relevance import constants, prune
from .facts import DealScore, LineKind, RuleRef, ScoreLine, Term
from .formula import Compiled, Terms, TermTree, compile_expr, compile_tree, term_tree
from .summary_check import deck_total
from .tables import belote_suit_mask

SIDES = ("declarers", "defenders")


@dataclass(frozen=True)
class Plan:
    """Everything `score_facts` reads, precomputed once per ruleset by `compile`
    (`CompiledRules.plan`). The dicts at the end are memos the plan owns."""

    success: Compiled
    exprs: dict[tuple[str, ...], Expr]
    """The formulas as written: `("success",)` and (`made` | `failed`, side), for the batch
    engine's array functions (`batch.scoring`)."""
    trees: dict[tuple[str, str], TermTree]
    """(`made` | `failed`, side) -> the side's formula split into terms (each naming the
    formula and where it is written)."""
    formulas: dict[tuple[str, str], Terms]
    """The `trees` compiled: functions of a context giving each term's points."""
    rounding_terms: dict[str, Term]
    """Side -> what the line that rounds its total is for (by side: an enum in the key would
    cost a Python-level hash per deal)."""
    tenths_terms: dict[str, Term]
    """Side -> what the line that writes its total in tenths is for."""
    adjusts: bool
    """Totals are rounded or written in tenths (`_finish` has something to do)."""
    deck_total: list[int]
    """Raw card points of the whole deck, per denomination 0..5."""
    scale: list[tuple[ScaleKind, int]]
    """(kind, to) per denomination."""
    last_trick: list[int]
    """The last-trick bonus per denomination 0..5 (`cards.last_trick_at`)."""
    capot_last_trick: int
    scale_before_success: bool
    contract_values: dict[str, int]
    multipliers: tuple[int, int, int]
    belote_value: int
    belote_at: list[bool]
    """Belote exists at denomination 0..5."""
    belote_declarers_only: bool
    rounding: Rounding
    unit: int
    round_points: bool
    """Round each side's points before the formulas (else round the final scores)."""
    tenths: bool
    litige_held: bool
    needs_tricks: bool
    tricks_read: tuple[int, ...]
    """Per number of tricks 0..8, what scoring reads of it: itself when a formula counts
    tricks, else only whether it is 0 or 8 (a capot), as 0, 1 or 8 (`score_key`)."""
    contexts: dict[tuple[Any, int, int], list[Any]] = field(default_factory=dict)
    """Per contract (bid, denomination, double): a context with its quantities set."""
    lines: dict[tuple[str, int, Term], ScoreLine] = field(default_factory=dict)
    """Score lines already made, shared by the deals that score the same line."""
    scores: dict[tuple[Any, ...], DealScore] = field(default_factory=dict)
    """Scores already computed, by `score_key`: deals that differ only in what scoring does
    not read share one (frozen) DealScore."""
    arrays: dict[tuple[str, ...], Any] = field(default_factory=dict)
    """Formulas turned into array functions by `batch.scoring` (built on first use)."""
    penalties: dict[tuple[str, str], Terms] = field(default_factory=dict)
    """(`revoke_by_declarers` | `revoke_by_defenders` | `unheld_announcement`, side) -> the
    penalty formula compiled (as `formulas`), for the penalties the variant writes. Read only
    by `penalties.penalised`; the batch engine never scores an irregularity."""


def _rule(rs: Ruleset, *path: str) -> RuleRef:
    return RuleRef.at(rs.where(*path), *path)


def _adjustments(rs: Ruleset, kind: LineKind) -> dict[str, Term]:
    """Side -> the Term of the line that rounds its total (`ROUNDING`) or writes it in tenths."""
    if kind is LineKind.ROUNDING:
        rule, label = (_rule(rs, "scoring", "rounding"),
                       f"rounded to the nearest {rs.scoring.rounding_unit}")
    else:
        rule, label = _rule(rs, "scoring", "scale"), "written in tenths"
    return {side: Term(kind, side, rule, label) for side in SIDES}


def build_plan(rs: Ruleset) -> Plan:
    """The scoring plan of `rs` (`compile` calls this once)."""
    s, c, a, b = rs.scoring, rs.cards, rs.auction, rs.belote
    # Without the branches and terms the variant can never have (no announcements, no
    # coinche…): the same scores, and score lines that name only what can happen.
    fixed = constants(rs)
    trees = {(outcome, side): term_tree(prune(getattr(s, outcome)[side], fixed), side,
                                        _rule(rs, "scoring", outcome, side))
             for outcome in ("made", "failed") for side in SIDES}
    pen = rs.penalties
    penalties = {(name, side): compile_tree(term_tree(prune(formulas[side], fixed), side,
                                                      _rule(rs, "penalties", name, side)))
                 for name in ("revoke_by_declarers", "revoke_by_defenders",
                              "unheld_announcement")
                 if (formulas := getattr(pen, name)) is not None for side in SIDES}
    used = s.success.quantities().union(*(e.quantities() for o in (s.made, s.failed)
                                          for e in o.values()))
    return Plan(
        success=compile_expr(s.success), trees=trees,
        formulas={key: compile_tree(tree) for key, tree in trees.items()},
        exprs={("success",): s.success, **{(outcome, side): getattr(s, outcome)[side]
                                           for outcome in ("made", "failed") for side in SIDES}},
        rounding_terms=_adjustments(rs, LineKind.ROUNDING),
        tenths_terms=_adjustments(rs, LineKind.TENTHS),
        deck_total=[deck_total(rs, den) for den in range(6)],
        scale=[(ScaleKind.NONE, 0)] * 4 + [(x.kind, x.to) for x in (c.no_trump_scale,
                                                                    c.all_trump_scale)],
        last_trick=[c.last_trick_at(d) for d in Denomination],
        capot_last_trick=c.capot_last_trick,
        scale_before_success=c.scale_before_success,
        contract_values={"capot": a.capot_value, "generale": a.generale_value},
        multipliers=(1, a.coinche_factor, a.surcoinche_factor),
        belote_value=b.value,
        belote_at=[belote_suit_mask(b, den) != 0 for den in range(6)],
        belote_declarers_only=b.claim == BeloteClaim.DECLARERS_ONLY,
        rounding=s.rounding, unit=s.rounding_unit,
        round_points=s.round_what == RoundWhat.CARD_POINTS, tenths=s.scale == ScoreScale.TENTHS,
        litige_held=s.litige == Litige.HELD, needs_tricks="tricks" in used,
        tricks_read=tuple(range(9)) if "tricks" in used else (0, 1, 1, 1, 1, 1, 1, 1, 8),
        adjusts=(s.round_what != RoundWhat.CARD_POINTS and s.rounding != Rounding.NONE)
        or s.scale == ScoreScale.TENTHS, penalties=penalties)
