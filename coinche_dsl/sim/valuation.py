"""What imagined deals are worth under many contracts at once, with the batch engine.

The `expected` bidder asks, at each call, what several contracts would score over the same
imagined deals. The play of a deal depends on its denomination and declarer only (the bid and
the double change the score, not the cards played, except a générale's first lead, which the
bot does not bid-dependently model), so each (denomination, declarer) is played once per
imagined deal, all of them together in one `engine.batch.play_batch` call (its `greedy`
policy: take the trick as cheaply as possible unless the partner holds it), and every
contract asked about is then scored over those outcomes together by
`batch_scoring.score_arrays`: the engine's own scoring, on arrays.

Announcements: each seat declares every combination `find_announcements` finds in its hand
(as the heuristic bot does); belotes are claimed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.announcements import announcement_points, find_announcements
from ..engine.batch import play_batch
from ..engine.batch_scoring import DealArrays, _may_announce, score_arrays
from ..engine.compiled import CompiledRules
from ..engine.facts import BidValue, Contract


@dataclass(frozen=True)
class Outcomes:
    """Imagined deals played out at one (denomination, declarer), one row per deal."""

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



def play_many(rules: Any, dealer: int, worlds: list[list[int]],
              questions: list[tuple[int, int]]) -> list[Outcomes]:
    """`worlds` (hands N E S W, dealt by `dealer`) played out at each (denomination,
    declarer) of `questions`, in one batch."""
    k, q = len(worlds), len(questions)
    hands = np.array(worlds * q, dtype=np.uint32).reshape(k * q, 4)
    bid: BidValue = rules.bid_values[0] if rules.bid_values else "capot"
    contracts = [Contract(declarer, bid, d, 0) for d, declarer in questions for _ in range(k)]
    out = play_batch(rules, k * q, contract=contracts, policy="greedy", deals=(dealer, hands))
    ns = (out.winners & 1 ^ 1).sum(axis=1)
    generale = (out.winners == out.declarer[:, None]).all(axis=1)
    result = []
    for i, (d, declarer) in enumerate(questions):
        rows = slice(i * k, (i + 1) * k)
        result.append(Outcomes(declarer, d, out.card_points[rows], ns[rows], generale[rows],
                               out.winners[rows, 7] & 1, out.belote[rows],
                               announced(rules, worlds, d)))
    return result


def announced(rules: Any, worlds: list[list[int]], d: int) -> np.ndarray:
    """(k, 2) announcement points per team when every seat declares all it holds."""
    out = np.zeros((len(worlds), 2), dtype=np.int64)
    if not rules.announcements_by_denomination[d]:
        return out
    may = _may_announce(rules.announcement_tables[d], np.array(worlds, dtype=np.uint32))
    for i in np.flatnonzero(may.any(axis=1)).tolist():
        hands = worlds[i]
        declared = {s: masks for s in np.flatnonzero(may[i]).tolist()
                    if (masks := _declared(rules, hands[s], d))}
        if declared:
            out[i] = announcement_points(declared, d, rules)
    return out


def _declared(rules: CompiledRules, hand: int, d: int) -> list[int]:
    """The masks `find_announcements` finds, remembered by the compiled rules (a seat's own
    hand is in every one of its imagined deals)."""
    known: dict[tuple[int, int], list[int]] = rules.cache.setdefault("declared", {})
    found = known.get((hand, d))
    if found is None:
        if len(known) > 100_000:
            known.clear()
        found = known[(hand, d)] = [c.mask for c in find_announcements(hand, d, rules)]
    return found


def margins(rules: Any, team: int, asked: list[tuple[Contract, Outcomes]]) -> np.ndarray:
    """(len(asked), k): per question and imagined deal, `team`'s score minus the other
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
