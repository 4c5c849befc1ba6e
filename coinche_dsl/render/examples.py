"""Worked examples for the sheet: the variant's own, plus the cases tables argue about.

The disputed cases (a made contract at the lowest bid, the same failing by a few points, that
failure coinched, a capot) are built from the Ruleset's fields, then scored by the engine's
`score_deal` at render time: the sheet prints what the engine computes, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.facts import DENOMINATION_WORDS
from ..engine.summary_check import deck_total
from ..engine.tables import belote_suit_mask
from ..model import DealSummary, Ruleset
from ..model.enums import CoincheTiming, Denomination

SUIT_PREFERENCE = ("hearts", "spades", "diamonds", "clubs")
"""A suit contract is the plainest case; hearts if the variant allows it."""


@dataclass
class Worked:
    """One example: the deal, what the engine made of it, and what the variant file expects."""

    key: str
    """`own` for the variant's examples, else the disputed case (`failed`, `coinched`…)."""
    title: str
    """The example's name (own) or the count shown in its generated title."""
    summary: DealSummary
    score: Any
    """The engine's DealScore (None when it could not score the deal: see `error`)."""
    expect: dict[str, int] | None = None
    params: dict[str, int] = field(default_factory=dict)
    error: str = ""
    """Why the engine could not score it (then `score` is None)."""


def score(rs: Ruleset, summary: DealSummary) -> Any:
    """The engine's score of a deal (imported here: render asks, it never re-implements)."""
    from ..engine.scoring import score_deal

    return score_deal(rs, summary)


def own_examples(rs: Ruleset) -> list[Worked]:
    """The variant file's `example` blocks, scored by the engine."""
    out = []
    for ex in rs.examples:
        summary = DealSummary.model_validate(ex.model_dump(
            exclude={"name", "made", "expect", "options"}))
        out.append(scored(rs, Worked("own", ex.name, summary, None, _teams(ex.expect))))
    return out


def scored(rs: Ruleset, w: Worked) -> Worked:
    """`w` with the engine's score, or the reason it has none: `coinche check` reports a bad
    example; the sheet says so and goes on."""
    from ..errors import CoincheError

    try:
        w.score = score(rs, w.summary)
    except CoincheError as e:
        w.error = str(e)
    return w


def _teams(expect: dict[Any, int]) -> dict[str, int]:
    return {str(team): points for team, points in expect.items()}


def contract_mode(rs: Ruleset) -> Denomination:
    """The denomination the generated examples are played in."""
    for suit in SUIT_PREFERENCE:
        if Denomination(suit) in rs.auction.denominations:
            return Denomination(suit)
    return rs.auction.denominations[0]


def deck_points(rs: Ruleset, mode: Denomination) -> int:
    """Card points in the pack at `mode`, from the card tables (before any scaling)."""
    return deck_total(rs, DENOMINATION_WORDS.index(mode.value))


def _deal(rs: Ruleset, declarers: int, tricks: dict[str, int], last: str, **extra: Any) -> Any:
    mode = contract_mode(rs)
    whole = deck_points(rs, mode)
    declarers = min(declarers, whole)  # a deck worth less than the lowest bid: all its points
    return DealSummary.model_validate({
        "declarer": "N", "bid": rs.auction.minimum_bid, "trump": mode.value,
        "tricks": tricks, "card_points": {"NS": declarers, "EW": whole - declarers},
        "last_trick": last, **extra})


def disputed_cases(rs: Ruleset) -> list[tuple[str, dict[str, int], DealSummary]]:
    """The generated cases: (key, title parameters, deal), from the Ruleset's own numbers."""
    m = rs.auction.minimum_bid
    whole = deck_points(rs, contract_mode(rs))
    made_with = min(whole, m + 12)
    short = min(6, m)
    cases = [
        ("made", {"n": made_with + rs.cards.last_trick_at(contract_mode(rs))},
         _deal(rs, made_with, {"N": 3, "E": 2, "S": 2, "W": 1}, "N")),
        ("failed", {"n": short},
         _deal(rs, max(0, m - short), {"N": 2, "E": 3, "S": 1, "W": 2}, "E")),
    ]
    if belote_suit_mask(rs.belote, DENOMINATION_WORDS.index(contract_mode(rs).value)):
        cases.append(("failed_belote", {}, _deal(rs, max(0, m - short),
                                                 {"N": 2, "E": 3, "S": 1, "W": 2}, "E",
                                                 belote=["N"])))
    if rs.auction.coinche != CoincheTiming.NONE:
        cases.append(("coinched", {}, _deal(rs, max(0, m - short),
                                            {"N": 2, "E": 3, "S": 1, "W": 2}, "E",
                                            double="coinche")))
    if rs.auction.surcoinche and rs.auction.coinche != CoincheTiming.NONE:
        cases.append(("surcoinched", {}, _deal(rs, made_with, {"N": 3, "E": 2, "S": 2, "W": 1},
                                               "N", double="surcoinche")))
    capot_bid = {"bid": "capot"} if rs.auction.capot else {}
    cases.append(("capot" if capot_bid else "capot_unbid", {},
                  _deal(rs, whole, {"N": 4, "E": 0, "S": 4, "W": 0}, "N", **capot_bid)))
    return cases


def generated_examples(rs: Ruleset) -> list[Worked]:
    """The disputed cases, scored by the engine."""
    return [scored(rs, Worked(key, "", summary, None, params=params))
            for key, params, summary in disputed_cases(rs)]
