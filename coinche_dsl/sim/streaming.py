"""The simulation report from running totals, so that memory does not grow with the deals.

Each chunk of work (`simulate.Chunk`: the same deals under every variant) is boiled down where
it runs to `Totals`: counts, and sums and sums of squares of the per-deal quantities and of
their per-deal differences against the first variant. Totals add up exactly (integers: every
quantity is a whole number of points, deals or events), in any order, so a million deals cost
what a hundred do in memory, and `report` gives the same dict as `report.summarise` gives from
the lists of records (`tests/test_streaming.py` compares them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.facts import DENOMINATION_WORDS
from .report import PAIRED_DEAL_METRICS, label_order
from .runner import DealRecord, GameRecord
from .stats import EMPTY, Z95, Estimate, proportion_ci


@dataclass
class Moments:
    """n, Σx and Σx² of whole numbers: exact, and mergeable in any order."""

    n: int = 0
    s1: int = 0
    s2: int = 0

    def add(self, x: float) -> None:
        v = int(x)
        self.n, self.s1, self.s2 = self.n + 1, self.s1 + v, self.s2 + v * v

    def merge(self, o: Moments) -> None:
        self.n, self.s1, self.s2 = self.n + o.n, self.s1 + o.s1, self.s2 + o.s2

    def estimate(self) -> Estimate:
        """`stats.mean_ci` of the values added."""
        n = self.n
        if n == 0:
            return EMPTY
        mean = self.s1 / n
        if n == 1:
            return Estimate(mean, mean, mean, 1)
        var = (n * self.s2 - self.s1 * self.s1) / (n * (n - 1))
        half = Z95 * math.sqrt(var / n)
        return Estimate(mean, mean - half, mean + half, n)


def _merge_counts(a: dict[str, list[int]], b: dict[str, list[int]]) -> None:
    for label, (made, n) in b.items():
        mine = a.setdefault(label, [0, 0])
        mine[0] += made
        mine[1] += n


@dataclass
class DealTotals:
    """What `report.deal_summary` reads of one variant's deals."""

    deals: int = 0
    played: int = 0
    made: int = 0
    coinche: int = 0
    surcoinche: int = 0
    capot: int = 0
    generale: int = 0
    by_bid: dict[str, list[int]] = field(default_factory=dict)
    """Label -> [made, contracts]."""
    by_denomination: dict[str, list[int]] = field(default_factory=dict)
    declarers: Moments = field(default_factory=Moments)
    defenders: Moments = field(default_factory=Moments)

    def add(self, r: DealRecord) -> None:
        self.deals += 1
        if r.passed:
            return
        made = int(bool(r.made))
        self.played += 1
        self.made += made
        self.coinche += r.double >= 1
        self.surcoinche += r.double == 2
        self.capot += r.capot
        self.generale += r.generale
        for table, label in ((self.by_bid, str(r.bid)), (self.by_denomination,
                             DENOMINATION_WORDS[r.denomination or 0])):
            _merge_counts(table, {label: [made, 1]})
        self.declarers.add(r.declarers)
        self.defenders.add(r.defenders)

    def merge(self, o: DealTotals) -> None:
        for name in ("deals", "played", "made", "coinche", "surcoinche", "capot", "generale"):
            setattr(self, name, getattr(self, name) + getattr(o, name))
        _merge_counts(self.by_bid, o.by_bid)
        _merge_counts(self.by_denomination, o.by_denomination)
        self.declarers.merge(o.declarers)
        self.defenders.merge(o.defenders)

    def summary(self) -> dict[str, Any]:
        n = self.played
        return {
            "deals": self.deals,
            "passed_out": proportion_ci(self.deals - n, self.deals).to_json(),
            "contracts": n,
            "success": proportion_ci(self.made, n).to_json(),
            "success_by_bid": _by(self.by_bid),
            "success_by_denomination": _by(self.by_denomination),
            "declarers_points": self.declarers.estimate().to_json(),
            "defenders_points": self.defenders.estimate().to_json(),
            "coinche": proportion_ci(self.coinche, n).to_json(),
            "surcoinche": proportion_ci(self.surcoinche, n).to_json(),
            "capot": proportion_ci(self.capot, n).to_json(),
            "generale": proportion_ci(self.generale, n).to_json(),
        }


def _by(table: dict[str, list[int]]) -> dict[str, Any]:
    return {label: proportion_ci(made, n).to_json()
            for label, (made, n) in sorted(table.items(), key=lambda kv: label_order(kv[0]))}


@dataclass
class GameTotals:
    """What `report.game_summary` reads of one variant's games."""

    games: int = 0
    finished: int = 0
    ns_wins: int = 0
    deals: Moments = field(default_factory=Moments)

    def add(self, g: GameRecord) -> None:
        self.games += 1
        if g.winner is not None:
            self.finished += 1
            self.ns_wins += g.winner == "NS"
            self.deals.add(g.deals)

    def merge(self, o: GameTotals) -> None:
        self.games, self.finished = self.games + o.games, self.finished + o.finished
        self.ns_wins += o.ns_wins
        self.deals.merge(o.deals)

    def summary(self) -> dict[str, Any]:
        return {"games": self.games, "unfinished": self.games - self.finished,
                "deals_per_game": self.deals.estimate().to_json(),
                "ns_wins": proportion_ci(self.ns_wins, self.finished).to_json()}


def _game_deals(g: GameRecord) -> float | None:
    return g.deals if g.winner is not None else None


@dataclass
class Totals:
    """Running totals of every variant, and of the differences against the first."""

    deals: list[DealTotals]
    games: list[GameTotals]
    paired: list[dict[str, Moments]]
    """Per variant after the first: metric -> moments of `other - base` per deal (game)."""

    @classmethod
    def empty(cls, variants: int) -> Totals:
        return cls([DealTotals() for _ in range(variants)],
                   [GameTotals() for _ in range(variants)],
                   [{} for _ in range(variants - 1)])

    def add_chunk(self, kind: str, records: list[list[Any]]) -> None:
        """The records of one chunk, one list per variant over the same deals (games)."""
        if kind == "deals":
            for totals, rs in zip(self.deals, records, strict=True):
                for r in rs:
                    totals.add(r)
            self._pair(records, PAIRED_DEAL_METRICS)
        else:
            for game_totals, gs in zip(self.games, records, strict=True):
                for g in gs:
                    game_totals.add(g)
            self._pair(records, {"deals_per_game": _game_deals})

    def _pair(self, records: list[list[Any]],
              metrics: dict[str, Callable[[Any], float | None]]) -> None:
        base = records[0]
        for pairs, other in zip(self.paired, records[1:], strict=True):
            for name, f in metrics.items():
                moments = pairs.setdefault(name, Moments())
                for a, b in zip(base, other, strict=True):
                    x, y = f(a), f(b)
                    if x is not None and y is not None:
                        moments.add(y - x)

    def merge(self, o: Totals) -> None:
        for mine, theirs in zip(self.deals, o.deals, strict=True):
            mine.merge(theirs)
        for mine_games, their_games in zip(self.games, o.games, strict=True):
            mine_games.merge(their_games)
        for mine_pairs, their_pairs in zip(self.paired, o.paired, strict=True):
            for name, moments in their_pairs.items():
                mine_pairs.setdefault(name, Moments()).merge(moments)

    def report(self, names: Sequence[str], settings: dict[str, Any]) -> dict[str, Any]:
        """The dict of `report.summarise`, from the totals."""
        variants = []
        for i, name in enumerate(names):
            entry: dict[str, Any] = {"name": name, "deals": self.deals[i].summary()}
            if self.games[i].games:
                entry["games"] = self.games[i].summary()
            variants.append(entry)
        pairs = []
        for i in range(1, len(names)):
            got = self.paired[i - 1]
            diffs = {name: got.get(name, Moments()).estimate().to_json()
                     for name in PAIRED_DEAL_METRICS}
            if self.games[0].games:
                diffs["deals_per_game"] = got.get("deals_per_game", Moments()).estimate().to_json()
            pairs.append({"variant": names[i], "vs": names[0], "differences": diffs})
        return {"settings": settings, "variants": variants, "paired": pairs}

