"""Worked examples for the sheet: the variant's own, plus the cases tables argue about.

The disputed cases (a made contract at the lowest bid, the same failing by a few points, that
failure coinched, a capot) are built from the Ruleset's fields, then scored by the engine's
`score_deal` at render time: the sheet prints what the engine computes, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.compiled import belote_suit_mask
from ..engine.facts import DENOMINATION_WORDS
from ..engine.summary_check import deck_total
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
        ("made", {"n": made_with + rs.cards.last_trick},
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


def quantities(rs: Ruleset, s: DealSummary) -> dict[tuple[str, str | None], Any]:
    """The formula quantities of a generated deal (a suit contract, no announcement), for the
    worked lines; the scores printed beside them come from the engine (and a test checks that
    these numbers lead to the engine's scores)."""
    team = "NS" if s.declarer in ("N", "S") else "EW"
    other = "EW" if team == "NS" else "NS"
    tricks = _teams(s.tricks or {})
    points = _teams(s.card_points)
    won = {t: sum(tricks.get(seat, 0) for seat in t) for t in ("NS", "EW")}
    capot = {t: won[t] == 8 for t in won}
    last_team = "NS" if s.last_trick in ("N", "S") else "EW"
    bonus = rs.cards.capot_last_trick if capot[last_team] else rs.cards.last_trick
    env: dict[tuple[str, str | None], Any] = {}
    sides = {"declarers": team, "defenders": other}
    for side, t in sides.items():
        env[("card_points", side)] = points[t]
        env[("last_trick", side)] = bonus if last_team == t else 0
        env[("points", side)] = env[("card_points", side)] + env[("last_trick", side)]
        env[("tricks", side)] = won[t]
        env[("capot", side)] = capot[t]
        env[("announcements", side)] = 0
        env[("belote", side)] = _belote(rs, s, t, t == team)
        env[("total", side)] = env[("points", side)] + env[("belote", side)]
    for name in ("card_points", "last_trick", "points", "tricks", "announcements", "belote",
                 "total"):
        env[(name, "both")] = env[(name, "declarers")] + env[(name, "defenders")]
    env.update(_contract_quantities(rs, s, tricks))
    return env


def _belote(rs: Ruleset, s: DealSummary, team: str, declaring: bool) -> int:
    """Belote points of `team` at a suit contract: one bonus per declared belote it holds."""
    if not rs.belote.enabled or (rs.belote.claim == "declarers_only" and not declaring):
        return 0
    return rs.belote.value * sum(1 for seat in s.belote if seat in team)


def _contract_quantities(rs: Ruleset, s: DealSummary,
                         tricks: dict[str, int]) -> dict[tuple[str, str | None], Any]:
    a = rs.auction
    value = {"capot": a.capot_value, "generale": a.generale_value}.get(str(s.bid), s.bid)
    factor = {"none": 1, "coinche": a.coinche_factor, "surcoinche": a.surcoinche_factor}
    return {
        ("contract", None): value, ("multiplier", None): factor[s.double.value],
        ("doubled", None): s.double.value != "none", ("bid_capot", None): s.bid == "capot",
        ("bid_generale", None): s.bid == "generale",
        ("generale", None): tricks.get(s.declarer, 0) == 8,
        ("no_trump", None): s.trump == Denomination.NO_TRUMP,
        ("all_trump", None): s.trump == Denomination.ALL_TRUMP,
    }
