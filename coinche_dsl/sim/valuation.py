"""What learned deals are worth under many contracts at once, with the engine's scoring.

The `expected` bidder asks, at each call, what several contracts would score over the same
deals (`learned`: played once per ruleset by the heuristic bots). The play of a deal depends on
its denomination and declarer only (the bid and the double change the score, not the cards
played, except a générale's first lead, which the bot does not model), so every contract
asked about is scored over the outcomes played at its (denomination, declarer), all together,
by `batch_scoring.score_arrays`: the engine's own scoring, on arrays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.batch_scoring import DealArrays, score_arrays
from ..engine.facts import Contract


@dataclass(frozen=True)
class Outcomes:
    """Learned deals played out at one (denomination, declarer), one row per deal."""

    declarer: int
    denomination: int
    card_points: np.ndarray
    """(k, 2) raw card points per team NS EW."""
    ns_tricks: np.ndarray
    """(k,) tricks NS took."""
    generale: np.ndarray
    """(k,) the declarer took all eight tricks."""
    last_team: np.ndarray
    """(k,) the team (0 NS, 1 EW) that took the last trick."""
    belote: np.ndarray
    """(k, 2) belotes credited per team."""
    announcements: np.ndarray
    """(k, 2) announcement points per team."""



def margins(rules: Any, team: int, asked: list[tuple[Contract, Outcomes]]) -> np.ndarray:
    """(len(asked), k): per question and deal read, `team`'s score minus the other
    side's at the contract, over the outcomes played at its denomination and declarer."""
    if not asked:
        return np.zeros((0, 0))
    k = len(asked[0][1].ns_tricks)

    def rows(values: list[Any]) -> np.ndarray:
        return np.repeat(np.array(values, dtype=np.int64), k)

    def stack(name: str) -> np.ndarray:
        return np.concatenate([getattr(o, name) for _, o in asked])

    ns = stack("ns_tricks").astype(np.int64)
    deals = DealArrays(
        declarer=rows([c.declarer for c, _ in asked]),
        bid=rows([rules.bid_key(c.bid) for c, _ in asked]),
        denomination=rows([c.denomination for c, _ in asked]).astype(np.intp),
        double=rows([c.double for c, _ in asked]).astype(np.intp),
        card_points=stack("card_points"), team_tricks=np.stack([ns, 8 - ns], axis=1),
        generale=stack("generale"), last_trick_team=stack("last_team"),
        belote=stack("belote"), announcements=stack("announcements"))
    scores = score_arrays(rules, deals)[1]
    return (scores[:, team] - scores[:, 1 - team]).reshape(len(asked), k)
