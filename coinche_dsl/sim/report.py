"""Statistics of simulated records: per-variant summaries and paired differences, as JSON-ready
dicts (the single source for the text table, `--format json` and the plot)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.facts import DENOMINATION_WORDS
from .runner import DealRecord, GameRecord
from .stats import EMPTY, Estimate, mean_ci, paired_difference, proportion_ci


def label_order(label: str) -> tuple[int, int]:
    """Bids by value then capot, générale; denominations in their usual order."""
    if label.isdigit():
        return (0, int(label))
    if label in DENOMINATION_WORDS:
        return (1, DENOMINATION_WORDS.index(label))
    return (2, ("capot", "generale", "declarers", "defenders").index(label)
            if label in ("capot", "generale", "declarers", "defenders") else 9)


def _bid_label(r: DealRecord) -> str:
    return str(r.bid)


def _denomination_label(r: DealRecord) -> str:
    return DENOMINATION_WORDS[r.denomination or 0]


def deal_summary(records: Sequence[DealRecord]) -> dict[str, Any]:
    """Success rates, points per side and event frequencies of one variant's deals."""
    played = [r for r in records if not r.passed]
    n = len(played)
    return {
        "deals": len(records),
        "passed_out": proportion_ci(len(records) - n, len(records)).to_json(),
        "contracts": n,
        "success": proportion_ci(sum(bool(r.made) for r in played), n).to_json(),
        "success_by_bid": _success_by(played, _bid_label),
        "success_by_denomination": _success_by(played, _denomination_label),
        "declarers_points": mean_ci([r.declarers for r in played]).to_json(),
        "defenders_points": mean_ci([r.defenders for r in played]).to_json(),
        "coinche": proportion_ci(sum(r.double >= 1 for r in played), n).to_json(),
        "surcoinche": proportion_ci(sum(r.double == 2 for r in played), n).to_json(),
        "capot": proportion_ci(sum(r.capot for r in played), n).to_json(),
        "generale": proportion_ci(sum(r.generale for r in played), n).to_json(),
    }


def _success_by(played: Sequence[DealRecord], key: Callable[[DealRecord], str]) -> dict[str, Any]:
    groups: dict[str, list[DealRecord]] = {}
    for r in played:
        groups.setdefault(key(r), []).append(r)
    return {label: proportion_ci(sum(bool(r.made) for r in rs), len(rs)).to_json()
            for label, rs in sorted(groups.items(), key=lambda kv: label_order(kv[0]))}


def game_summary(records: Sequence[GameRecord]) -> dict[str, Any]:
    """Deals per game to the target, and how often each side won."""
    finished = [g for g in records if g.winner is not None]
    return {
        "games": len(records),
        "unfinished": len(records) - len(finished),
        "deals_per_game": mean_ci([g.deals for g in finished]).to_json(),
        "ns_wins": proportion_ci(sum(g.winner == "NS" for g in finished), len(finished)).to_json(),
    }


PAIRED_DEAL_METRICS: dict[str, Callable[[DealRecord], float | None]] = {
    "declarers_points": lambda r: None if r.passed else r.declarers,
    "defenders_points": lambda r: None if r.passed else r.defenders,
    "points_per_deal": lambda r: r.declarers + r.defenders,
    "success": lambda r: None if r.passed else float(bool(r.made)),
    "coinche": lambda r: None if r.passed else float(r.double >= 1),
    "capot": lambda r: float(r.capot),
    "passed_out": lambda r: float(r.passed),
}
"""Per-deal quantities compared pair by pair (None where a deal has no contract)."""


def paired(base: Sequence[DealRecord], other: Sequence[DealRecord],
           base_games: Sequence[GameRecord], other_games: Sequence[GameRecord]) -> dict[str, Any]:
    """Mean differences `other - base` over the same seeded deals (and games), with 95% CIs."""
    out = {name: paired_difference([f(r) for r in base], [f(r) for r in other]).to_json()
           for name, f in PAIRED_DEAL_METRICS.items()}
    if base_games:
        def deals(g: GameRecord) -> float | None:
            return g.deals if g.winner is not None else None
        out["deals_per_game"] = paired_difference(
            [deals(g) for g in base_games], [deals(g) for g in other_games]).to_json()
    return out


def summarise(names: Sequence[str], deals: list[list[DealRecord]], games: list[list[GameRecord]],
              settings: dict[str, Any]) -> dict[str, Any]:
    """The whole report: settings, one summary per variant, paired differences vs the first."""
    variants = []
    for i, name in enumerate(names):
        entry: dict[str, Any] = {"name": name, "deals": deal_summary(deals[i])}
        if games[i]:
            entry["games"] = game_summary(games[i])
        variants.append(entry)
    pairs = [{"variant": names[i], "vs": names[0],
              "differences": paired(deals[0], deals[i], games[0], games[i])}
             for i in range(1, len(names))]
    return {"settings": settings, "variants": variants, "paired": pairs}


def estimate(data: dict[str, Any]) -> Estimate:
    """An Estimate back from its JSON form."""
    if not data["n"]:
        return EMPTY
    return Estimate(data["value"], data["low"], data["high"], data["n"])
