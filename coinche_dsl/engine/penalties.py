"""Irregularities of a deal (a revoke, an announcement not held, a card shown) scored under the
variant's `penalties`: the one place the reference engine reads them.

`coinche score` and `coinche replay` take a deal that records its irregularities; `penalised`
scores it. A revoke (a card the play rules forbid, left to stand: `penalties.revoke penalised`)
replaces the made and failed formulas by the penalty of the side that revoked; an announcement
declared and not held never counts, and `penalties.unheld_announcement` adds what each side
scores for it. Both are formulas over the deal's quantities, compiled once in the scoring plan
(`Plan.penalties`), their lines named after the rule that wrote them, and rounded as the deal.

The batch engine and the simulation never meet an irregularity (their players follow the rules
and hold what they declare), so they need not know penalties.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import SEATS, TEAMS, card_name, parse_card
from ..errors import InputError
from ..model.enums import Revoke
from .facts import DealFacts, DealScore, LineKind, ScoreLine, new_deal_score
from .formula import slot

if TYPE_CHECKING:
    from ..model.summary import Irregularity
    from .rules import CompiledRules

_UNHELD = (slot("unheld", "declarers"), slot("unheld", "defenders"), slot("unheld", "both"))


@dataclass(frozen=True)
class Irregular:
    """An irregularity checked against the variant: `seat` 0..3, `trick` 0..7 (or None)."""

    kind: str
    seat: int
    trick: int | None = None
    points: int = 0
    card: int | None = None
    released: bool = False
    field: str = "irregularities"
    """Where the input wrote it (`irregularities[0]`), for an error about it."""


def read_irregularities(rules: CompiledRules, items: list[Irregularity], *,
                        in_play: bool) -> list[Irregular]:
    """The deal's irregularities checked against the variant, or InputError naming the one at
    fault (`irregularities[1].kind`). `in_play`: the deal's cards are known (a replay), so a
    card shown can be checked; a summary's score does not change for one."""
    rs, out = rules.ruleset, []
    for i, item in enumerate(items):
        at = f"irregularities[{i}]"
        seat = SEATS.index(item.seat)
        if item.kind == "revoke" and rs.penalties.revoke == Revoke.REFUSED:
            raise InputError("this variant refuses a card the play rules forbid (revoke "
                             "refused): no revoke can be scored", f"{at}.kind")
        if item.kind == "unheld_announcement":
            if not rs.announcements.enabled:
                raise InputError("this variant has no announcements, so none can be unheld",
                                 f"{at}.kind")
            values = announcement_values(rules)
            if item.points not in values:
                raise InputError(f"{item.points} is not what an announcement of this variant "
                                 f"scores ({', '.join(map(str, sorted(values)))})",
                                 f"{at}.points")
        if item.kind == "card_shown" and not in_play:
            raise InputError("a card shown changes no score: its duty is to be played, which "
                             "`coinche replay` checks in the play", f"{at}.kind")
        out.append(Irregular(item.kind, seat, None if item.trick is None else item.trick - 1,
                             item.points or 0,
                             None if item.card is None else parse_card(item.card, f"{at}.card"),
                             item.released, at))
    return out


def announcement_values(rules: CompiledRules) -> set[int]:
    """What one announcement can score under the variant (carrés and sequences, any mode)."""
    a = rules.ruleset.announcements
    return {v for v in (*a.carres.values(), *(a.no_trump_carres or {}).values(),
                        *a.sequences.values()) if v > 0}


def penalised(rules: CompiledRules, facts: DealFacts, irregular: list[Irregular]) -> DealScore:
    """The score of the finished deal `facts` with its irregularities: the first revoke (in
    play order) scores the deal by its side's penalty instead of the made and failed formulas;
    each announcement not held adds the `unheld_announcement` penalty. Lines say which rule
    scored them; `DealScore.penalties` says in words what each irregularity did."""
    from .scoring import _finish, _score_values, score_values

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
                     key=lambda i: (i.trick or 0, (i.seat - facts.contract.declarer) & 3))
    made, held = base.made, base.held
    if revokes:
        first = revokes[0]
        by = "declarers" if first.seat & 1 == d else "defenders"
        name = f"revoke_by_{by}"
        lines = _lines(rules, name, d, ctx)
        made, held = by == "defenders", 0
        said.append(f"{SEATS[first.seat]} ({by[:-1]}) revoked in trick {(first.trick or 0) + 1}: "
                    f"the deal is scored by the penalty for a revoke by the {by} "
                    f"({_where(rules, name)}), not by its usual formulas")
        said += [f"{SEATS[i.seat]}'s revoke in trick {(i.trick or 0) + 1} comes after the "
                 "first one, which alone is penalised" for i in revokes[1:]]
    else:
        lines = [line for line in base.lines if line.term.kind is LineKind.TERM]
    for irr in irregular:
        if irr.kind != "unheld_announcement":
            continue
        side = "declarers" if irr.seat & 1 == d else "defenders"
        if rules.ruleset.penalties.unheld_announcement is None:
            said.append(f"{SEATS[irr.seat]} ({side[:-1]}) could not show the {irr.points} "
                        "declared: it does not count, and these rules add no penalty")
        else:
            said.append(f"{SEATS[irr.seat]} ({side[:-1]}) could not show the {irr.points} "
                        "declared: it does not count, and the penalty for an announcement "
                        f"not held applies ({_where(rules, 'unheld_announcement')})")
    if any(i.kind == "unheld_announcement" for i in irregular) and (
            rules.ruleset.penalties.unheld_announcement is not None):
        lines = lines + _lines(rules, "unheld_announcement", d, ctx)
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


def _lines(rules: CompiledRules, name: str, d: int, ctx: list[Any]) -> list[ScoreLine]:
    """Both sides' lines of the penalty formula `name` (non-zero terms)."""
    out = []
    for side, team in (("declarers", TEAMS[d]), ("defenders", TEAMS[1 - d])):
        out += [ScoreLine(team, points, term)
                for term, points in rules.plan.penalties[(name, side)](ctx) if points]
    return out


def _where(rules: CompiledRules, name: str) -> str:
    where = rules.ruleset.where("penalties", name)
    return f"penalties.{name}" + (f", {where}" if where else "")


__all__ = ["Irregular", "announcement_values", "penalised", "read_irregularities"]
