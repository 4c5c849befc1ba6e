"""Scoring a finished deal under any Ruleset: success test, score formulas, rounding.

`score_facts` scores a deal's facts (the engine and the simulation call it for every deal),
keeping scores by what scoring reads (`kept_score`); `score_deal` validates a deal summary
first (the `coinche score` command, worked examples). Both score with `_score_values`, the one
per-deal scorer, which can also keep the quantities the formulas read; `batch.scoring` scores
many deals at once over arrays and is tested against it.

Order of work, as the rules require: card points from the contract mode's table, last trick,
no-trump / all-trump scaling, then the success formula on unrounded values (S0, FFB: "never
round before deciding the contract"), then each side's formula, then rounding and scale.

>>> from coinche_dsl import load_variant
>>> rs = load_variant("ffb")
>>> s = score_deal(rs, {"declarer": "N", "bid": 90, "trump": "hearts",
...                     "card_points": {"NS": 79, "EW": 73}, "last_trick": "N"})
>>> s.made, s.scores
(False, {'NS': 0, 'EW': 250})
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import SEATS, TEAMS, card_name
from ..errors import InputError
from ..model import Ruleset
from ..model.enums import Rounding, ScaleKind
from .announcements import announcement_points
from .compiler import compile
from .facts import (
    ALL_TRUMP,
    NO_TRUMP,
    DealFacts,
    DealScore,
    LineKind,
    ScoreLine,
    Term,
    new_deal_score,
)
from .formula import new_context, slot
from .score_plan import Plan

if TYPE_CHECKING:
    from .penalties import Irregular
    from .rules import CompiledRules

_KNOWN_LINES = 20_000
"""At most this many score lines are kept in `Plan.lines` (a few MB)."""
_KNOWN_SCORES = 50_000
"""At most this many scores are kept in `Plan.scores` (a few tens of MB)."""


def round_to(x: int, unit: int, mode: Rounding) -> int:
    """`x` to the nearest multiple of `unit`; a half goes up (`half_up`) or down.

    >>> up, down = Rounding.HALF_UP, Rounding.HALF_DOWN
    >>> [round_to(x, 10, up) for x in (84, 85, -85)], round_to(85, 10, down)
    ([80, 90, -80], 80)
    """
    if mode == Rounding.NONE or unit == 1:
        return x
    q, r = divmod(x, unit)
    if 2 * r > unit or (2 * r == unit and mode == Rounding.HALF_UP):
        q += 1
    return q * unit


def split_total(decl: int, dfd: int, to: int, of: int) -> tuple[int, int]:
    """Scale two parts of `of` to parts of `to` as integers that still sum to `to`.

    The larger remainder rounds up; on an exact half the defenders get the point, so that
    declarers never reach a contract through rounding.

    >>> split_total(81, 177, 162, 258), split_total(129, 129, 162, 258)
    ((51, 111), (81, 81))
    """
    if decl + dfd != of:
        return round(decl * to / of), round(dfd * to / of)
    qd, rd = divmod(decl * to, of)
    qf, rf = divmod(dfd * to, of)
    if rd + rf:
        if rd > rf:
            qd += 1
        else:
            qf += 1
    return qd, qf


def _points(plan: Plan, den: int, cp: tuple[int, int], lt: tuple[int, int],
            capot_extra: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Card points and last trick per side (declarers, defenders) after the mode's scaling.

    `cards N` scales card points to N; `total N` scales card points plus the usual last
    trick to N. The extra of a capot's last trick (`capot_last_trick`) is never scaled.
    """
    kind, to = plan.scale[den]
    total = plan.deck_total[den]
    if kind == ScaleKind.CARDS:
        cp = split_total(cp[0], cp[1], to, total)
    elif kind == ScaleKind.TOTAL:
        of = total + plan.last_trick[den]
        pts = split_total(cp[0] + lt[0], cp[1] + lt[1], to, of)
        lt = (lt[0] * to * 2 // of + 1) // 2, (lt[1] * to * 2 // of + 1) // 2
        cp = pts[0] - lt[0], pts[1] - lt[1]
    return cp, (lt[0] + capot_extra[0], lt[1] + capot_extra[1])


# Context slots (declarers, defenders, both) of the quantities set per deal, looked up once.
_CARD_POINTS, _LAST_TRICK, _POINTS, _ANNOUNCEMENTS, _BELOTE, _TOTAL, _TRICKS = (
    (slot(name, "declarers"), slot(name, "defenders"), slot(name, "both"))
    for name in ("card_points", "last_trick", "points", "announcements", "belote", "total",
                 "tricks"))
_CAPOT = (slot("capot", "declarers"), slot("capot", "defenders"))
_UNHELD = (slot("unheld", "declarers"), slot("unheld", "defenders"), slot("unheld", "both"))
_GENERALE, _CONTRACT, _MULTIPLIER, _DOUBLED, _BID_CAPOT, _BID_GENERALE, _NT, _AT = (
    slot(n) for n in ("generale", "contract", "multiplier", "doubled", "bid_capot",
                      "bid_generale", "no_trump", "all_trump"))


def _set_points(ctx: list[Any], cp: tuple[int, int], lt: tuple[int, int]) -> None:
    """Card points, last trick, points and totals (announcements and belote already set)."""
    (c0, c1), (l0, l1) = cp, lt
    d, f, both = _CARD_POINTS
    ctx[d], ctx[f], ctx[both] = c0, c1, c0 + c1
    d, f, both = _LAST_TRICK
    ctx[d], ctx[f], ctx[both] = l0, l1, l0 + l1
    d, f, both = _POINTS
    ctx[d], ctx[f], ctx[both] = c0 + l0, c1 + l1, c0 + l0 + c1 + l1
    t0 = c0 + l0 + ctx[_ANNOUNCEMENTS[0]] + ctx[_BELOTE[0]]
    t1 = c1 + l1 + ctx[_ANNOUNCEMENTS[1]] + ctx[_BELOTE[1]]
    d, f, both = _TOTAL
    ctx[d], ctx[f], ctx[both] = t0, t1, t0 + t1


def _set_pair(ctx: list[Any], slots: tuple[int, int, int], ours: int, theirs: int) -> None:
    d, f, both = slots
    ctx[d], ctx[f], ctx[both] = ours, theirs, ours + theirs


ScoreValues = tuple[Any, ...]
"""Everything of a finished deal that scoring reads, as a flat tuple (a cheap key to keep
scores by): the declaring team, the bid, the denomination, the double, the declarers' and the
defenders' tricks, a générale, the card points (NS, EW), the last trick's team, what the
announcements score per team (NS, EW), the belote per side (declarers, defenders)."""


def score_values(rules: CompiledRules, facts: DealFacts) -> ScoreValues:
    """The `ScoreValues` of `facts` (InputError when the scoring counts tricks and they are
    unknown). `Deal.score_key` builds the same tuple from what a deal knows."""
    c, tricks, plan = facts.contract, facts.tricks, rules.plan
    d, den, cp = c.declarer & 1, c.denomination, facts.card_points
    if tricks is None:
        if plan.needs_tricks:
            raise InputError("this variant's scoring counts tricks: give the tricks of each "
                             "seat", "tricks")
        ours = theirs = 0
    else:
        ours, theirs = tricks[d] + tricks[d + 2], tricks[1 - d] + tricks[3 - d]
    ann = announcement_points(facts.announcements, den, rules) if facts.announcements else (0, 0)
    bel = belote_points(plan, facts.belote, den, d)
    return (d, c.bid, den, c.double, ours, theirs, tricks is not None and tricks[c.declarer] == 8,
            cp[0], cp[1], facts.last_trick & 1, ann[0], ann[1], bel[0], bel[1])


def score_key(rules: CompiledRules, facts: DealFacts) -> ScoreValues | None:
    """The key `score_facts` keeps the score of `facts` by: its `score_values` with the tricks
    as scoring reads them (`Plan.tricks_read`: deals that differ only in tricks no formula
    counts share a key), or None when the tricks are unknown (those deals are scored afresh).
    Two deals with the same key have the same score; `Deal.score_key` builds the same key."""
    if facts.tricks is None:
        return None
    v, read = score_values(rules, facts), rules.plan.tricks_read
    return (*v[:4], read[v[4]], read[v[5]], *v[6:])


def score_facts(rules: CompiledRules, facts: DealFacts) -> DealScore:
    """Score a finished deal. `facts` are trusted (see `score_deal` for checked input).

    Scores are kept by `score_key` (a bounded number of them): a deal scoring like an earlier
    one gets the same DealScore object back, to be read, never changed."""
    key = score_key(rules, facts)
    if key is None:
        return _score_values(rules.plan, score_values(rules, facts))
    return kept_score(rules, key)


def kept_score(rules: CompiledRules, key: ScoreValues) -> DealScore:
    """The score of the deal whose `score_key` is `key`: kept, or computed from the key alone
    and kept."""
    plan = rules.plan
    known = plan.scores.get(key)
    if known is None:
        known = _score_values(plan, key)
        if len(plan.scores) < _KNOWN_SCORES:
            plan.scores[key] = known
    return known


_NO_CONTEXTS: tuple[tuple[()], tuple[()]] = ((), ())


def _score(plan: Plan, rules: CompiledRules, facts: DealFacts, keep: bool = False
           ) -> DealScore:
    """The deal's score; with `keep`, the quantities its formulas read (`DealScore.values`):
    scores kept by their key hold none (they are shared, and lists in them would be kept
    alive with them)."""
    return _score_values(plan, score_values(rules, facts), keep)


def _score_values(plan: Plan, values: ScoreValues, keep: bool = False) -> DealScore:
    """The score of a deal from its `ScoreValues` (see `_score`): the reference, which the
    batch scorer (`batch.scoring`) is held to."""
    d, den = values[0], values[2]
    ctx, cp_raw, lt_raw, extra = _base_context(plan, values)
    scaled = _points(plan, den, cp_raw, lt_raw, extra)
    _set_points(ctx, *(scaled if plan.scale_before_success else (
        cp_raw, (lt_raw[0] + extra[0], lt_raw[1] + extra[1]))))
    made = bool(plan.success(ctx))
    # FFB 2015, 10.1.3: a litige is an equality "entre les totaux de points des deux équipes
    # (81-81 ou 91-91)", totals with belote and announcements, before any rounding.
    litige = plan.litige_held and ctx[_TOTAL[0]] == ctx[_TOTAL[1]]
    unrounded_total = ctx[_TOTAL[0]]
    cp, lt = scaled
    if plan.round_points and plan.rounding != Rounding.NONE:
        # Each side's card points and points are rounded; the last trick is what remains.
        r = plan.rounding
        points = (round_to(cp[0] + lt[0], plan.unit, r), round_to(cp[1] + lt[1], plan.unit, r))
        cp = (round_to(cp[0], plan.unit, r), round_to(cp[1], plan.unit, r))
        lt = (points[0] - cp[0], points[1] - cp[1])
    success_ctx = ctx
    if (cp, lt) != scaled or not plan.scale_before_success:
        ctx = ctx.copy()  # the success formula's values stay, for a worked example
        _set_points(ctx, cp, lt)
    ours, theirs = ("failed", "made") if litige else ("made",) * 2 if made else ("failed",) * 2
    lines: list[ScoreLine] = []
    totals = [0, 0]
    totals[d] = _side_lines(plan, ours, "declarers", TEAMS[d], ctx, lines)
    totals[1 - d] = _side_lines(plan, theirs, "defenders", TEAMS[1 - d], ctx, lines)
    # Litige: the declarers score now what they keep on failure (an imprenable belote); the
    # rest of their total is held for the side that makes the next contract.
    held = _finish(plan, max(0, unrounded_total - totals[d]), None, "", []) if litige else 0
    ns, ew = TEAMS
    if plan.adjusts:
        sides = ("declarers", "defenders") if d == 0 else ("defenders", "declarers")
        scores = {ns: _finish(plan, totals[0], ns, sides[0], lines),
                  ew: _finish(plan, totals[1], ew, sides[1], lines)}
    else:
        scores = {ns: totals[0], ew: totals[1]}
    return new_deal_score(made and not litige, scores, lines, held,
                          (success_ctx, ctx) if keep else _NO_CONTEXTS)


def _base_context(plan: Plan, values: ScoreValues) -> tuple[
        list[Any], tuple[int, int], tuple[int, int], tuple[int, int]]:
    """A context with everything but the points; and raw card points, last trick, capot extra
    per side (declarers, defenders)."""
    d, bid, den, double, ours, theirs, generale, cp0, cp1, lt_team, a0, a1, b0, b1 = values
    ctx = _contract_context(plan, bid, den, double)
    _set_pair(ctx, _TRICKS, ours, theirs)
    capot = (ours == 8, theirs == 8)
    ctx[_CAPOT[0]], ctx[_CAPOT[1]] = capot
    if a0 or a1:
        _set_pair(ctx, _ANNOUNCEMENTS, *((a0, a1) if d == 0 else (a1, a0)))
    if b0 or b1:
        _set_pair(ctx, _BELOTE, b0, b1)
    ctx[_GENERALE] = generale
    last = plan.last_trick[den]
    lt = (last, 0) if lt_team == d else (0, last)
    bonus = plan.capot_last_trick - last
    extra = (bonus if capot[0] else 0, bonus if capot[1] else 0)
    return ctx, ((cp0, cp1) if d == 0 else (cp1, cp0)), lt, extra


def _contract_context(plan: Plan, bid: Any, den: int, double: int) -> list[Any]:
    """A new context with the quantities that depend on the contract alone set, the others 0:
    a copy of a template kept per contract (few contracts occur)."""
    key = (bid, den, double)
    template = plan.contexts.get(key)
    if template is None:
        template = plan.contexts[key] = new_context()
        _set_contract(plan, template, bid, den, double)
    return template.copy()


def _set_contract(plan: Plan, ctx: list[Any], bid: Any, den: int, double: int) -> None:
    """The quantities that depend on the contract alone."""
    ctx[_CONTRACT] = bid if isinstance(bid, int) else plan.contract_values[bid]
    ctx[_MULTIPLIER] = plan.multipliers[double]
    ctx[_DOUBLED] = double > 0
    ctx[_BID_CAPOT], ctx[_BID_GENERALE] = bid == "capot", bid == "generale"
    ctx[_NT], ctx[_AT] = den == NO_TRUMP, den == ALL_TRUMP


def belote_points(plan: Plan, seats: list[int], den: int, d: int) -> tuple[int, int]:
    """Belote points per side (declarers of team `d`, defenders) at denomination `den`: one
    bonus per entry in `seats` (the seats credited with a belote)."""
    if not seats or not plan.belote_at[den]:
        return 0, 0
    ours = sum(1 for seat in seats if seat % 2 == d)
    theirs = 0 if plan.belote_declarers_only else len(seats) - ours
    return ours * plan.belote_value, theirs * plan.belote_value


def _side_lines(plan: Plan, outcome: str, side: str, team: str, ctx: list[Any],
                lines: list[ScoreLine]) -> int:
    """Append the side's score lines (non-zero terms of its formula); return their total."""
    total, known, append = 0, plan.lines, lines.append
    for term, points in plan.formulas[(outcome, side)](ctx):
        if points:
            total += points
            append(known.get((team, points, term)) or _line(plan, team, points, term))
    return total


def _line(plan: Plan, team: str, points: int, term: Term) -> ScoreLine:
    """`ScoreLine(team, points, term)`, shared with the earlier deals that scored the same
    line: lines are immutable and recur from deal to deal. Terms hash by identity."""
    key = (team, points, term)
    line = plan.lines.get(key)
    if line is None:
        line = ScoreLine(team, points, term)
        if len(plan.lines) < _KNOWN_LINES:
            plan.lines[key] = line
    return line


def _finish(plan: Plan, total: int, team: str | None, side: str,
            lines: list[ScoreLine]) -> int:
    """Round a side's total and write it in the variant's scale; a line for each change."""
    out = total
    if not plan.round_points and plan.rounding != Rounding.NONE:
        out = round_to(total, plan.unit, plan.rounding)
        if out != total and team:
            lines.append(_line(plan, team, out - total, plan.rounding_terms[side]))
    if plan.tenths:
        tenth = round_to(out, 10, Rounding.HALF_UP) // 10
        if tenth != out and team:
            lines.append(_line(plan, team, tenth - out, plan.tenths_terms[side]))
        out = tenth
    return out


def penalised(rules: CompiledRules, facts: DealFacts, irregular: list[Irregular]) -> DealScore:
    """The score of the finished deal `facts` with its irregularities: the first revoke (in
    play order) scores the deal by its side's penalty instead of the made and failed formulas;
    each announcement not held adds the `unheld_announcement` penalty. Lines say which rule
    scored them; `DealScore.penalties` says in words what each irregularity did."""
    plan, d = rules.plan, facts.contract.declarer & 1
    base = _score_values(plan, score_values(rules, facts), keep=True)
    if not irregular:
        return base
    ctx: list[Any] = list(base.values)
    unheld = [0, 0]
    for irr in irregular:
        if irr.kind == "unheld_announcement":
            unheld[0 if irr.seat & 1 == d else 1] += irr.points
    ctx[_UNHELD[0]], ctx[_UNHELD[1]], ctx[_UNHELD[2]] = unheld[0], unheld[1], sum(unheld)
    said: list[str] = []
    revokes = sorted((i for i in irregular if i.kind == "revoke"),
                     key=lambda i: i.trick or 0)  # stable: in play order within a trick
    made, held = base.made, base.held
    if revokes:
        first = revokes[0]
        by = "declarers" if first.seat & 1 == d else "defenders"
        name = f"revoke_by_{by}"
        lines = _penalty_lines(rules, name, d, ctx)
        made, held = by == "defenders", 0
        said.append(f"{SEATS[first.seat]}, of the {by}, revoked in trick {(first.trick or 0) + 1}: "
                    f"the deal is scored by the penalty for a revoke by the {by} "
                    f"({_penalty_rule(rules, name)}), not by its usual formulas")
        said += [f"{SEATS[i.seat]}'s revoke in trick {(i.trick or 0) + 1} comes after the "
                 "first one, which alone is penalised" for i in revokes[1:]]
    else:
        lines = [line for line in base.lines if line.term.kind is LineKind.TERM]
    for irr in irregular:
        if irr.kind != "unheld_announcement":
            continue
        side = "declarers" if irr.seat & 1 == d else "defenders"
        if rules.ruleset.penalties.unheld_announcement is None:
            said.append(f"{SEATS[irr.seat]}, of the {side}, could not show the {irr.points} "
                        "declared: it does not count, and these rules add no penalty")
        else:
            said.append(f"{SEATS[irr.seat]}, of the {side}, could not show the {irr.points} "
                        "declared: it does not count, and the penalty for an announcement "
                        f"not held applies ({_penalty_rule(rules, 'unheld_announcement')})")
    if any(i.kind == "unheld_announcement" for i in irregular) and (
            rules.ruleset.penalties.unheld_announcement is not None):
        lines = lines + _penalty_lines(rules, "unheld_announcement", d, ctx)
    for irr in irregular:
        if irr.kind == "card_shown":
            said.append(f"{SEATS[irr.seat]} showed {card_name(irr.card or 0)} in trick "
                        f"{(irr.trick or 0) + 1}" + (": the opponents released it"
                                                      if irr.released else ""))
    totals = [0, 0]
    for line in lines:
        totals[TEAMS.index(line.team)] += line.points
    ns, ew = TEAMS
    sides = ("declarers", "defenders") if d == 0 else ("defenders", "declarers")
    out = list(lines)
    scores = {ns: _finish(plan, totals[0], ns, sides[0], out),
              ew: _finish(plan, totals[1], ew, sides[1], out)}
    score = new_deal_score(made, scores, out, held, (base.success_values, ctx))
    score.__dict__["penalties"] = tuple(said)
    return score


def _penalty_lines(rules: CompiledRules, name: str, d: int, ctx: list[Any]) -> list[ScoreLine]:
    """Both sides' lines of the penalty formula `name` (non-zero terms)."""
    out = []
    for side, team in (("declarers", TEAMS[d]), ("defenders", TEAMS[1 - d])):
        out += [ScoreLine(team, points, term)
                for term, points in rules.plan.penalties[(name, side)](ctx) if points]
    return out


def _penalty_rule(rules: CompiledRules, name: str) -> str:
    where = rules.ruleset.where("penalties", name)
    return f"penalties.{name}" + (f", {where}" if where else "")


def score_deal(ruleset: Ruleset | CompiledRules, summary: Any) -> DealScore:
    """Score a deal summary (a `DealSummary` or its JSON dict) after checking it is possible,
    under a Ruleset (compiled here, see `compile`) or compiled rules; the score keeps the
    quantities its formulas read (`DealScore.values`, for worked lines).

    InputError names the field at fault (`card_points.NS`, `announcements.N[0]`, `tricks`).
    """
    from .summary_check import parse_summary, summary_facts

    rules = compile(ruleset)
    facts = summary_facts(rules, summary)
    irregularities = parse_summary(summary).irregularities
    if irregularities:
        from .penalties import read_irregularities

        return penalised(rules, facts, read_irregularities(rules, irregularities,
                                                           in_play=False))
    return _score(rules.plan, rules, facts, keep=True)
