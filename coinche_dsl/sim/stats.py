"""Small statistics for simulation reports: means and proportions with 95% intervals.

No numpy or scipy: the samples are lists of numbers. Intervals use the normal approximation
(z = 1.96) for means and paired differences, which is sound for the sample sizes a simulation
produces (hundreds of deals and more), and Wilson's score interval for proportions, which stays
inside [0, 1] and behaves for rare events (capot, surcoinche) and small counts.

>>> m = mean_ci([1, 2, 3, 4])
>>> (m.value, m.n)
(2.5, 4)
>>> p = proportion_ci(0, 10)
>>> (p.value, p.low == 0.0, round(p.high, 3))
(0.0, True, 0.278)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its 95% confidence interval and the sample size behind it."""

    value: float
    low: float
    high: float
    n: int

    def to_json(self, digits: int = 4) -> dict[str, float | int | None]:
        """`{"value", "low", "high", "n"}`, rounded; None for the numbers without data."""
        if self.n == 0:
            return {"value": None, "low": None, "high": None, "n": 0}
        return {"value": round(self.value, digits), "low": round(self.low, digits),
                "high": round(self.high, digits), "n": self.n}

    def text(self, percent: bool = False, digits: int = 1) -> str:
        """`62.3% [58.1, 66.4]` or `81.2 [79.0, 83.4]`; `n/a` without data."""
        if self.n == 0:
            return "n/a"
        k = 100.0 if percent else 1.0
        unit = "%" if percent else ""
        return (f"{self.value * k:.{digits}f}{unit} "
                f"[{self.low * k:.{digits}f}, {self.high * k:.{digits}f}]")


EMPTY = Estimate(math.nan, math.nan, math.nan, 0)


def mean_ci(values: Sequence[float]) -> Estimate:
    """The sample mean with a normal-approximation 95% interval (zero width for n = 1)."""
    n = len(values)
    if n == 0:
        return EMPTY
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def proportion_ci(successes: int, n: int) -> Estimate:
    """A proportion with Wilson's 95% score interval."""
    if n == 0:
        return EMPTY
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def paired_difference(a: Sequence[float | None], b: Sequence[float | None]) -> Estimate:
    """Mean of `b - a` over the pairs where both are known, with its 95% interval.

    The pairs come from the same seeded deal (or game) under two variants, so the difference
    of each pair removes the luck of the cards that both variants share.
    """
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    diffs = [y - x for x, y in zip(a, b, strict=True) if x is not None and y is not None]
    return mean_ci(diffs)
