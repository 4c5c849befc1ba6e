"""How strong a bot level is against another, and how a level's bidding moves with the rules.

Strength is paired on the same seeded deals: deal `i` is played twice, once with level A at NS
and B at EW, once with the seats swapped; A's margin on the deal (its side's score minus the
other's, 0 on a passed-out deal) is averaged over the two seatings, so the cards' luck cancels
and only the levels' play remains. The result is the mean margin per deal with its 95% interval.

Bidding statistics (`bidding_stats`) are computed from the records of one simulation per
variant on the same seeded deals; `bidding_shift` gives each statistic's paired difference
between two variants, with its interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .runner import DealRecord
from .simulate import run
from .stats import Estimate, mean_ci, paired_difference


def margin(record: DealRecord, team: int) -> int:
    """`team`'s score minus the other side's on one deal (0 when passed out)."""
    if record.declarer is None:
        return 0
    sign = 1 if record.declarer % 2 == team else -1
    return sign * (record.declarers - record.defenders)


def paired_strength(ruleset: Any, a: str, b: str, deals: int, seed: int = 0,
                    jobs: int | None = 1) -> Estimate:
    """Level `a`'s mean margin per deal against level `b`, seats swapped on each deal."""
    first = run([ruleset], deals, 0, seed, (a, b, a, b), jobs).deals[0]
    second = run([ruleset], deals, 0, seed, (b, a, b, a), jobs).deals[0]
    return mean_ci([(margin(x, 0) + margin(y, 1)) / 2
                    for x, y in zip(first, second, strict=True)])


STATISTICS = ("mean_bid", "bid_80", "coinche", "surcoinche", "capot_bid", "made")
"""What `bidding_stats` measures per deal (None where it does not apply)."""


def _per_deal(r: DealRecord) -> dict[str, float | None]:
    if r.declarer is None:
        return {"mean_bid": None, "bid_80": None, "coinche": None, "surcoinche": None,
                "capot_bid": None, "made": None}
    numeric = isinstance(r.bid, int)
    return {"mean_bid": float(r.bid) if isinstance(r.bid, int) else None,
            "bid_80": float(r.bid == 80) if numeric else 0.0,
            "coinche": float(r.double >= 1), "surcoinche": float(r.double == 2),
            "capot_bid": float(r.bid in ("capot", "generale")), "made": float(bool(r.made))}


def bidding_stats(records: Sequence[DealRecord]) -> dict[str, Estimate]:
    """Mean numeric bid, share of 80 bids, coinche, surcoinche and capot-bid rates and
    contracts made, over the deals that reached a contract."""
    rows = [_per_deal(r) for r in records]
    return {k: mean_ci([v for row in rows if (v := row[k]) is not None]) for k in STATISTICS}


def bidding_shift(base: Sequence[DealRecord], other: Sequence[DealRecord]
                  ) -> dict[str, Estimate]:
    """Each statistic's paired difference `other − base` on the same deals (a deal counts
    where both variants reached a contract, and for `mean_bid` where both bids were numbers)."""
    a = [_per_deal(r) for r in base]
    b = [_per_deal(r) for r in other]
    return {k: paired_difference([x[k] for x in a], [y[k] for y in b]) for k in STATISTICS}
