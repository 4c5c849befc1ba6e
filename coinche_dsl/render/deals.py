"""The same deals scored under each variant: the question clubs ask when they compare.

Each deal is written once, as a deal summary any variant can read (a ♥ contract by North, the
card points of a suit deal); the engine scores it under every variant. A deal a variant cannot
have (a surcoinche where there is none, announcements where there are none) is skipped with the
reason, from the same relevance rules as the sheets; a deal the engine refuses is skipped with
the engine's own reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..model import DealSummary, Ruleset
from ..model.relevance import can_tie_at_half, has_coinche, has_surcoinche

Need = tuple[str, Callable[[Ruleset], bool]]
_BELOTE: Need = ("belote", lambda rs: rs.belote.enabled)
_ANNOUNCEMENTS: Need = ("announcements", lambda rs: rs.announcements.enabled)
_COINCHE: Need = ("coinche", has_coinche)
_SURCOINCHE: Need = ("surcoinche", has_surcoinche)
_CAPOT: Need = ("capot", lambda rs: rs.auction.capot)
_LITIGE: Need = ("litige", can_tie_at_half)


@dataclass(frozen=True)
class Deal:
    key: str
    """The deal's name in the catalogs (`deal.<key>`) and in the JSON."""
    summary: dict[str, Any]
    needs: tuple[Need, ...] = ()
    """What a variant must have for the deal to exist there (else: skipped, with the reason)."""


def _hearts(bid: int | str, ns: int, last: str, **extra: Any) -> dict[str, Any]:
    return {"declarer": "N", "bid": bid, "trump": "hearts",
            "card_points": {"NS": ns, "EW": 152 - ns}, "last_trick": last, **extra}


ALL_TRICKS = {"N": 5, "E": 0, "S": 3, "W": 0}
DEALS: tuple[Deal, ...] = (
    Deal("made", _hearts(100, 110, "N")),
    Deal("fall", _hearts(100, 80, "E")),
    Deal("coinched_fall", _hearts(100, 80, "E", double="coinche"), (_COINCHE,)),
    Deal("surcoinched_make", _hearts(100, 110, "N", double="surcoinche"), (_SURCOINCHE,)),
    Deal("capot_unbid", _hearts(100, 152, "S", tricks=ALL_TRICKS)),
    Deal("capot_bid", _hearts("capot", 152, "S", tricks=ALL_TRICKS), (_CAPOT,)),
    Deal("litige", _hearts(80, 71, "N"), (_LITIGE,)),
    Deal("belote_saves", _hearts(100, 82, "N", belote=["N"]), (_BELOTE,)),
    Deal("announcements", _hearts(100, 90, "N", announcements={
        "N": [["7S", "8S", "9S"]], "E": [["7D", "8D", "9D", "10D"]]}), (_ANNOUNCEMENTS,)),
)
"""The deals, each written once. Card points are those of a suit deal (152 in the pack)."""


@dataclass
class Outcome:
    """One deal under one variant: the engine's verdict, or why the variant cannot have it."""

    made: bool | None = None
    scores: dict[str, int] | None = None
    skipped: str = ""
    """`need:<what>` when the variant lacks what the deal needs, else the engine's reason."""


def outcome(rs: Ruleset, deal: Deal) -> Outcome:
    """The deal scored by the engine under `rs`, or skipped with the reason."""
    from ..engine.scoring import score_deal
    from ..errors import CoincheError

    for name, test in deal.needs:
        if not test(rs):
            return Outcome(skipped=f"need:{name}")
    try:
        score = score_deal(rs, DealSummary.model_validate(deal.summary))
    except CoincheError as e:
        return Outcome(skipped=str(e))
    return Outcome(score.made, dict(score.scores))


def outcomes(rulesets: list[Ruleset]) -> list[tuple[Deal, list[Outcome]]]:
    """Every deal under every variant."""
    return [(deal, [outcome(rs, deal) for rs in rulesets]) for deal in DEALS]
