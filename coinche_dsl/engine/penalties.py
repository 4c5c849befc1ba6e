"""Irregularities of a deal (a revoke, an announcement not held, a card shown) checked against
the variant's `penalties`: one of the places the reference engine reads them.

`coinche score` and `coinche replay` take a deal that records its irregularities, read here
(`read_irregularities`); `scoring.penalised` scores it. A revoke (a card the play rules forbid,
left to stand: `penalties.revoke penalised`) replaces the made and failed formulas by the
penalty of the side that revoked; an announcement declared and not held never counts, and
`penalties.unheld_announcement` adds what each side scores for it. Both are formulas over the
deal's quantities, compiled once in the scoring plan (`Plan.penalties`), their lines named
after the rule that wrote them, and rounded as the deal.

The batch engine and the simulation never meet an irregularity (their players follow the rules
and hold what they declare), so they need not know penalties.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import SEATS, parse_card
from ..errors import InputError
from ..model.enums import Revoke

if TYPE_CHECKING:
    from ..model.summary import Irregularity
    from .rules import CompiledRules


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


__all__ = ["Irregular", "announcement_values", "read_irregularities"]
