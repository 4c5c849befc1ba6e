"""`scoring.score_facts` over arrays: the scores of many finished deals at once.

The same steps in the same order, read from the same `score_plan.Plan` (card points and last
trick, the mode's scaling, each side's `total`, the success formula on unrounded values, the
litige of `litige held` on equal totals, each side's formula, rounding and scale, and the
points a litige holds for the next deal), with every quantity an array over deals and each
formula evaluated by `array_expr` (`formula.compile_expr` with `np.where` for `if`).
`engine.batch` calls it (`score_chunk`, with the belotes of `deal_belotes` and the automatic
announcements of `batch.announce`); its tests compare it with `score_facts` deal by deal on
every built-in.

Irregularities (a revoke, an announcement not held) are not scored here: simulated players
follow the rules and hold what they declare, so the batch engine need not know `penalties`;
the reference engine scores them (`scoring.penalised`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...model.enums import Rounding, ScaleKind
from ...model.expr import Expr
from ..announcements import KING, QUEEN, SUIT_LOW_BITS, Tables
from ..facts import ALL_TRUMP, NO_TRUMP
from ..formula import Compiled, Operations, compile_expr, new_context, slot
from ..rules import CAPOT_KEY, GENERALE_KEY, CompiledRules
from ..score_plan import Plan

Arrays = list[Any]
INT = np.int32
"""The integers scoring computes with: scores stay far below 2**31, and half-width arrays
are faster to go through; the results are handed back as int64."""
_SUIT_LOW_BITS = np.array(SUIT_LOW_BITS, dtype=np.uint32)
_ANNOUNCEMENTS, _BELOTE, _TOTAL = ((slot(q, "declarers"), slot(q, "defenders"))
                                  for q in ("announcements", "belote", "total"))
class _ArrayOperations(Operations):
    """Formulas over arrays: `np.where` for `if`, element-wise logic."""

    @staticmethod
    def unary(op: str, f: Compiled) -> Compiled:
        if op == "neg":
            return lambda c: -f(c)
        return lambda c: np.logical_not(f(c))

    @staticmethod
    def choice(k: Compiled, t: Compiled, f: Compiled) -> Compiled:
        return lambda c: np.where(k(c), t(c), f(c))

    @staticmethod
    def logic(op: str, left: Compiled, right: Compiled) -> Compiled:
        fn = np.logical_and if op == "and" else np.logical_or
        return lambda c: fn(left(c), right(c))


_ARRAYS = _ArrayOperations()


def array_expr(e: Expr) -> Callable[[Arrays], Any]:
    """`formula.compile_expr` for a context of arrays: the same tree walk, array operations."""
    return compile_expr(e, _ARRAYS)


@dataclass
class DealArrays:
    """What scoring reads of n finished deals (arrays of n, int64 unless said)."""

    declarer: np.ndarray
    bid: np.ndarray
    """Numbers, or `CAPOT_KEY` / `GENERALE_KEY`."""
    denomination: np.ndarray
    double: np.ndarray
    card_points: np.ndarray
    """(n, 2) raw, per team NS EW."""
    team_tricks: np.ndarray
    """(n, 2) per team NS EW."""
    generale: np.ndarray
    """The declarer took all eight tricks (bool)."""
    last_trick_team: np.ndarray
    belote: np.ndarray
    """(n, 2) belotes declared per team."""
    announcements: np.ndarray
    """(n, 2) announcement points per team (as `announcement_points` gives them)."""


def round_to(x: np.ndarray, unit: int, mode: Rounding) -> np.ndarray:
    """`scoring.round_to` over an array."""
    if mode == Rounding.NONE or unit == 1:
        return x
    # x = q * unit + r goes up when 2r > unit, or 2r == unit for `half_up`: that is when
    # r + half >= unit, so one floor division by `unit` of x + half does it.
    half = unit // 2 if mode == Rounding.HALF_UP else (unit - 1) // 2
    out: np.ndarray = (x + half) // unit * unit
    return out


def _side(a: np.ndarray, team: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Columns (per team NS EW) turned to (declarers, defenders); `team` is 0 or 1."""
    ns, ew = a[:, 0].astype(INT), a[:, 1].astype(INT)
    swap = (ew - ns) * team
    return ns + swap, ew - swap


def score_arrays(rules: CompiledRules, deals: DealArrays
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`made` (bool), `scores` ((n, 2), NS EW) and `held` (the points a litige holds for the
    next deal, `DealScore.held`) of every deal, as `score_facts` scores it."""
    plan = rules.plan
    team = (deals.declarer & 1).astype(INT)
    ctx = _contract_context(plan, deals)
    tricks = _side(deals.team_tricks, team)
    _set(ctx, "tricks", *tricks)
    ctx[slot("capot", "declarers")], ctx[slot("capot", "defenders")] = (
        tricks[0] == 8, tricks[1] == 8)
    _set(ctx, "announcements", *_side(deals.announcements, team))
    _set(ctx, "belote", *_belote(plan, deals, team))
    ctx[slot("generale")] = deals.generale
    lt_ours = (deals.last_trick_team == team).astype(INT)
    last = np.array(plan.last_trick, dtype=INT).take(deals.denomination)
    lt = (lt_ours * last, (1 - lt_ours) * last)
    bonus = plan.capot_last_trick - last
    extra = ((tricks[0] == 8) * bonus, (tricks[1] == 8) * bonus)
    cp_raw = _side(deals.card_points.astype(INT), team)
    cp, lt_scaled = _scaled(plan, deals.denomination, cp_raw, lt, extra)
    if plan.scale_before_success:
        _set_points(ctx, cp, lt_scaled)
    else:
        _set_points(ctx, cp_raw, (lt[0] + extra[0], lt[1] + extra[1]))
    # One bool per deal, also when the success formula reads no quantity (a constant).
    made = np.broadcast_to(np.asarray(_array_formula(rules, ("success",))(ctx), dtype=bool),
                           team.shape)
    # A litige compares the sides' totals (belote and announcements in), before rounding.
    unrounded = ctx[_TOTAL[0]]
    litige = np.asarray(unrounded == ctx[_TOTAL[1]]) if plan.litige_held else np.zeros_like(made)
    if plan.round_points and plan.rounding != Rounding.NONE:
        r, u = plan.rounding, plan.unit
        total = (round_to(cp[0] + lt_scaled[0], u, r), round_to(cp[1] + lt_scaled[1], u, r))
        cp = (round_to(cp[0], u, r), round_to(cp[1], u, r))
        lt_scaled = (total[0] - cp[0], total[1] - cp[1])
    _set_points(ctx, cp, lt_scaled)
    ours = _formula(rules, made & ~litige, "declarers", ctx)
    theirs = _formula(rules, made | litige, "defenders", ctx)
    ns = np.where(team == 0, ours, theirs)
    ew = np.where(team == 0, theirs, ours)
    # Litige: the declarers' total, less what they score now, is held for the next deal.
    held = (np.where(litige, _finish(plan, np.maximum(0, unrounded - ours)), 0)
            if plan.litige_held else np.zeros(len(team), dtype=INT))
    scores = np.stack([_finish(plan, ns), _finish(plan, ew)], axis=1).astype(np.int64)
    return made & ~litige, scores, held.astype(np.int64)


def _set(ctx: Arrays, name: str, ours: Any, theirs: Any) -> None:
    ctx[slot(name, "declarers")], ctx[slot(name, "defenders")] = ours, theirs
    ctx[slot(name, "both")] = ours + theirs


def _set_points(ctx: Arrays, cp: tuple[Any, Any], lt: tuple[Any, Any]) -> None:
    """Card points, last trick, points and totals (announcements and belote already set),
    as `scoring._set_points`."""
    _set(ctx, "card_points", *cp)
    _set(ctx, "last_trick", *lt)
    points = cp[0] + lt[0], cp[1] + lt[1]
    _set(ctx, "points", *points)
    _set(ctx, "total", points[0] + ctx[_ANNOUNCEMENTS[0]] + ctx[_BELOTE[0]],
         points[1] + ctx[_ANNOUNCEMENTS[1]] + ctx[_BELOTE[1]])


def _contract_context(plan: Plan, deals: DealArrays) -> Arrays:
    ctx: Arrays = new_context()
    bid, den, double = deals.bid, deals.denomination, deals.double
    values = np.where(bid == CAPOT_KEY, plan.contract_values["capot"],
                      np.where(bid == GENERALE_KEY, plan.contract_values["generale"], bid))
    ctx[slot("contract")] = values.astype(INT)
    ctx[slot("multiplier")] = np.array(plan.multipliers, dtype=INT).take(double)
    ctx[slot("doubled")] = double > 0
    ctx[slot("bid_capot")], ctx[slot("bid_generale")] = bid == CAPOT_KEY, bid == GENERALE_KEY
    ctx[slot("no_trump")], ctx[slot("all_trump")] = den == NO_TRUMP, den == ALL_TRUMP
    return ctx


def _belote(plan: Plan, deals: DealArrays, team: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`scoring._belote` over arrays: belote points per side (declarers, defenders)."""
    at = np.array(plan.belote_at, dtype=INT).take(deals.denomination)
    ours, theirs = _side(deals.belote.astype(INT), team)
    if plan.belote_declarers_only:
        theirs = np.zeros_like(theirs)
    return ours * at * plan.belote_value, theirs * at * plan.belote_value


def _split_total(decl: np.ndarray, dfd: np.ndarray, to: int, of: int) -> tuple[Any, Any]:
    """`scoring.split_total` for parts that add up to `of` (whole deals always do)."""
    qd, rd = np.divmod(decl * to, of)
    qf, rf = np.divmod(dfd * to, of)
    some = (rd + rf) > 0
    return qd + (some & (rd > rf)), qf + (some & (rd <= rf))


def _scaled(plan: Plan, den: np.ndarray, cp: tuple[Any, Any], lt: tuple[Any, Any],
            extra: tuple[Any, Any]) -> tuple[tuple[Any, Any], tuple[Any, Any]]:
    """`scoring._points` over arrays (each denomination with its own scaling)."""
    cp0, cp1, lt0, lt1 = (np.array(x, dtype=INT) for x in (*cp, *lt))
    for d, (kind, to) in enumerate(plan.scale):
        rows = den == d
        if kind == ScaleKind.NONE or not rows.any():
            continue
        total = plan.deck_total[d]
        if kind == ScaleKind.CARDS:
            cp0[rows], cp1[rows] = _split_total(cp0[rows], cp1[rows], to, total)
        else:
            of = total + plan.last_trick[d]
            p0, p1 = _split_total(cp0[rows] + lt0[rows], cp1[rows] + lt1[rows], to, of)
            l0, l1 = ((x[rows] * to * 2 // of + 1) // 2 for x in (lt0, lt1))
            cp0[rows], cp1[rows], lt0[rows], lt1[rows] = p0 - l0, p1 - l1, l0, l1
    return (cp0, cp1), (lt0 + extra[0], lt1 + extra[1])


def _array_formula(rules: CompiledRules, key: tuple[str, ...]) -> Callable[[Arrays], Any]:
    """`array_expr` of the success formula (`("success",)`) or of a side's formula
    (`("made", "declarers")`), built once and kept in the plan (`Plan.arrays`)."""
    hit: Callable[[Arrays], Any] | None = rules.plan.arrays.get(key)
    if hit is None:
        hit = rules.plan.arrays[key] = array_expr(rules.plan.exprs[key])
    return hit


def _formula(rules: CompiledRules, made: np.ndarray, side: str, ctx: Arrays) -> np.ndarray:
    made_value = _array_formula(rules, ("made", side))(ctx)
    failed_value = _array_formula(rules, ("failed", side))(ctx)
    out: np.ndarray = np.where(made, made_value, failed_value).astype(INT, copy=False)
    return out


def _finish(plan: Plan, total: np.ndarray) -> np.ndarray:
    """`scoring._finish` over an array (without the score lines)."""
    out = total
    if not plan.round_points and plan.rounding != Rounding.NONE:
        out = round_to(total, plan.unit, plan.rounding)
    if plan.tenths:
        out = round_to(out, 10, Rounding.HALF_UP) // 10
    return out


# -- what the batch engine hands to scoring ----------------------------------------------

def deal_belotes(r: CompiledRules, hands: np.ndarray, den: np.ndarray, declarer: np.ndarray,
                 cards: np.ndarray) -> np.ndarray:
    """(n, 2) belotes credited per team, as `Deal.belote_seats` credits them (`cards`: (32, n)
    the cards in playing order)."""
    out = np.zeros((2, len(den)), dtype=np.int32)  # per team, each a contiguous row
    suits = np.array(r.belote_suits, dtype=np.int32).take(den)
    if r.belote_king_first:
        suits &= _king_first(cards)
    low = _SUIT_LOW_BITS.take(suits)  # bit 8s: suit s makes a belote here
    for seat in range(4):
        h = hands[seat]
        held = np.bitwise_count((h >> KING) & (h >> QUEEN) & low)  # its K and Q held
        if r.belote_declarers_only:
            held *= ((declarer ^ seat) & 1) == 0
        out[seat & 1] += held
    return out.T


def _king_first(cards: np.ndarray) -> np.ndarray:
    """(n,) bit s set when suit s's king was played before its queen (`cards` (32, n) in
    playing order): each queen, as it falls, looks whether its king is already down (the
    kings down kept as four bits, one per suit, in uint8 arrays)."""
    kings = np.zeros(cards.shape[1], dtype=np.uint8)
    out = np.zeros(cards.shape[1], dtype=np.uint8)
    for card in cards:
        suit, rank = np.uint8(1) << (card >> 3), card & 7
        out |= suit * (rank == QUEEN) & kings
        kings |= suit * (rank == KING)
    return out.astype(np.int32)


def score_chunk(rules: CompiledRules, out: dict[str, np.ndarray], ns_tricks: np.ndarray,
           generale: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`made`, `scores` and `held` of every deal (`batch.scoring.score_arrays`)."""
    decl = out["declarer"].astype(INT)
    ns_tricks = ns_tricks.astype(INT)
    deals = DealArrays(
        declarer=decl, bid=out["bid"].astype(INT),
        denomination=out["denomination"].astype(np.intp), double=out["double"].astype(np.intp),
        card_points=out["card_points"], team_tricks=np.stack([ns_tricks, 8 - ns_tricks], axis=1),
        generale=generale, last_trick_team=out["winners"][:, 7] & 1,
        belote=out["belote"], announcements=out["announcements"])
    return score_arrays(rules, deals)


def _may_announce(t: Tables, hands: np.ndarray) -> np.ndarray:
    """(rows, 4): the hand holds four of a rank that scores, or a suit with a scoring run
    (`find_announcements` finds nothing in the others)."""
    runs = np.array([bool(t.runs_of[b]) for b in range(256)])
    may = np.zeros(hands.shape, dtype=bool)
    for s in range(4):
        may |= runs[(hands >> (8 * s)) & 0xFF]
    for rank in t.carres:
        may |= (hands >> rank) & 0x01010101 == 0x01010101
    return may
