"""Probes of the engine's outcome under a ruleset, for the engine-coverage test.

`outcome(rs)` is everything the engine decides on a fixed set of situations: the scores of a
battery of deal summaries, the legal calls along scripted and seeded auctions, the hands dealt
and the legal cards along seeded deals, and what a game does around its target. Two rulesets
whose outcomes are equal are, on these situations, the same game to the engine.

Imported as `engine_probes` (`conftest.py` puts `tests/` on the path).
"""

from __future__ import annotations

import random
from typing import Any

from scoring_support import deal

from coinche_dsl.engine import compile
from coinche_dsl.engine.deal import Deal
from coinche_dsl.engine.game import Game
from coinche_dsl.engine.play import random_card
from coinche_dsl.engine.scoring import score_deal
from coinche_dsl.errors import CoincheError
from coinche_dsl.model import Ruleset

TIERCE_KQJ = {"N": [["KC", "QC", "JC"]]}
SUMMARIES: list[dict[str, Any]] = [
    deal(90, "hearts", 100, 52, "S"),
    deal(90, "hearts", 79, 73, "N"),
    deal(80, "clubs", 70, 82, "S"),
    deal(80, "clubs", 71, 81, "N"),
    deal(80, "clubs", 61, 91, "N", belote=["N"]),
    deal(80, "clubs", 61, 91, "N", belote=["N"], rebelote_unsaid=["N"]),
    deal(80, "clubs", 71, 81, "N", belote=["E"]),
    deal(82, "hearts", 85, 67, "N"),
    deal(100, "hearts", 110, 42, "N", double="coinche", belote=["S"]),
    deal(100, "hearts", 80, 72, "E", double="coinche", belote=["W"]),
    deal(110, "spades", 120, 32, "S", double="surcoinche"),
    deal(110, "spades", 90, 62, "E", double="surcoinche", belote=["E"]),
    deal("capot", "hearts", 152, 0, "N", tricks={"N": 5, "S": 3}),
    deal("capot", "hearts", 140, 12, "N", tricks={"N": 5, "S": 2, "E": 1}),
    deal(80, "hearts", 152, 0, "S", tricks={"N": 4, "S": 4},
         announcements={"E": [["7D", "8D", "9D"]]}),
    deal("generale", "hearts", 152, 0, "N", tricks={"N": 8}),
    deal("generale", "hearts", 152, 0, "N", tricks={"N": 7, "S": 1}),
    deal(80, "hearts", 90, 62, "N", announcements=TIERCE_KQJ),
    deal(80, "hearts", 90, 62, "N", announcements={"N": [["QH", "JH", "10H"]],
                                                   "E": [["QD", "JD", "10D"]]}),
    deal(80, "hearts", 90, 62, "N", announcements={"N": [["KC", "QC", "JC"]],
                                                   "E": [["KD", "QD", "JD"]]}),
    deal(80, "hearts", 90, 62, "N", announcements={"N": [["AC", "KC", "QC", "JC", "10C", "9C"]]}),
    # the eight clubs in two parts: a cent and a tierce, or refused (`split_runs`)
    deal(80, "hearts", 90, 62, "N", announcements={"N": [["AC", "KC", "QC", "JC", "10C"],
                                                         ["9C", "8C", "7C"]]}),
    deal(80, "hearts", 90, 62, "N", announcements={"N": [["JC", "JD", "JH", "JS"]],
                                                   "E": [["7S", "8S", "9S"]]}),
    deal(80, "hearts", 90, 62, "N", announcements={"N": [["KC", "KD", "KH", "KS"],
                                                         ["KH", "QH", "JH"]]}),
    deal(80, "hearts", 90, 62, "N", belote=["N"], announcements={"N": [["AH", "KH", "QH"]]}),
    deal(90, "no-trump", 80, 40, "N", announcements={"N": [["AC", "AD", "AH", "AS"]]}),
    deal(90, "no-trump", 80, 40, "N", belote=["N"]),
    deal(110, "all-trump", 160, 88, "N", announcements={"E": [["7D", "8D", "9D"]]}),
    deal(90, "all-trump", 160, 88, "N", belote=["N", "E"]),
    deal(90, "all-trump", 248, 0, "N", tricks={"N": 8}),
    # irregularities: a revoke by a declarer, by a defender (coinched), an unheld cinquante
    {**deal(90, "hearts", 100, 52, "S"),
     "irregularities": [{"kind": "revoke", "seat": "S", "trick": 5}]},
    {**deal(100, "hearts", 80, 72, "E", double="coinche", belote=["W"]),
     "irregularities": [{"kind": "revoke", "seat": "E", "trick": 3}]},
    {**deal(90, "hearts", 100, 52, "S"),
     "irregularities": [{"kind": "unheld_announcement", "seat": "E", "points": 50}]},
]
"""Summaries touching every scoring rule: made and failed, ties, doubles, capot, générale,
announcements of every kind, belote, no-trump and all-trump (the card points fit the probe's
base tables: 152 at a suit, 120 at no-trump, 248 at all-trump; another table makes some of
them impossible, which is an outcome too)."""

SCRIPTS = [
    ["N 80 hearts", "W coinche", "S surcoinche"],
    ["N 80 hearts", "W pass", "S pass", "E pass", "N 90 hearts", "N 90 spades"],
    ["N 80 hearts", "W 80 spades", "S 90 hearts"],
    ["N capot hearts", "W coinche"],
    ["N generale hearts", "W pass", "S pass", "E pass"],
    ["N 82 hearts", "W pass", "S pass", "E pass"],
    ["N pass", "W pass", "S pass", "E pass"],
]
"""Auctions dealt by E (N speaks first anticlockwise); the legal calls are read after each call,
and an illegal call ends the script, its rule recorded."""


def outcome(rs: Ruleset) -> tuple[Any, ...]:
    """What the engine decides under `rs` on the probes' situations."""
    rules = compile(rs)
    return (summaries(rs), scripted(rules), seeded(rules), game_edges(rules), positions(rules),
            replays(rules))


RECORD: dict[str, Any] = {
    "dealer": "W",
    "hands": {"N": ["8C", "9C", "7D", "QD", "KD", "7H", "JS", "AS"],
              "E": ["JC", "AC", "8D", "9D", "10H", "QH", "KH", "AH"],
              "S": ["10C", "AD", "8H", "9H", "JH", "7S", "8S", "10S"],
              "W": ["7C", "QC", "KC", "10D", "JD", "9S", "QS", "KS"]},
    "auction": ["S 90 hearts", "E coinche", "N pass", "W pass", "S pass"],
    "play": ["S JH", "E QH", "N KD", "W 7C", "S 9H", "E KH", "N 7H", "W 9S",
             "S AD", "E 8D", "N QD", "W JD", "S 7S", "E 10H", "N JS", "W KS",
             "E AC", "N 8C", "W KC", "S 10C", "E 9D", "N 7D", "W 10D", "S 8H",
             "S 8S", "E AH", "N AS", "W QS", "E JC", "N 9C", "W QC", "S 10S"],
}
"""A recorded deal in which N revokes in the first trick (KD on a heart lead, holding 7H)."""

SHOWN = [{"kind": "card_shown", "seat": "S", "card": "AD", "trick": 1}]
"""S shows AD before leading the first trick, then leads JH."""


def replays(rules: Any) -> list[Any]:
    """Recorded deals with irregularities: a revoke (refused, or scored by its penalty), a
    card shown and not played at once (an error, or nothing)."""
    from coinche_dsl.engine.replay import replay, report

    fair = dict(RECORD, play=[*RECORD["play"][:2], "N 7H", *RECORD["play"][3:6], "N KD",
                              *RECORD["play"][7:]])
    out: list[Any] = []
    for record in (RECORD, dict(fair, irregularities=SHOWN)):
        try:
            score = report(replay(rules, record))["score"]
            out.append((score["made"], score["scores"]["NS"], score["scores"]["EW"]))
        except CoincheError as err:
            out.append(("refused", getattr(err, "rule", ""), str(err)))
    return out


POSITIONS: list[tuple[str, int, list[str]]] = [
    # hearts trump: 7C led, the partner of the fourth ruffs with 8H, the third plays 8C; the
    # fourth, void in clubs, holds 9H 7H (one above the 8, one below) and two plain cards
    ("9H 7H 10S 7D", 2, ["7C", "8H", "8C"]),
]
"""Tricks in progress, as cards played in order, and the hand of the next player: his legal
cards (play situations that seeded deals meet too rarely)."""


def positions(rules: Any) -> list[int]:
    from coinche_dsl.cards import parse_cards
    from coinche_dsl.engine.play import legal_on_trick
    out = []
    for hand, d, cards in POSITIONS:
        trick = [((k * rules.step) & 3, parse_cards([c]).bit_length() - 1)
                 for k, c in enumerate(cards)]
        out.append(legal_on_trick(rules, parse_cards(hand.split()), d, trick))
    return out


def summaries(rs: Ruleset) -> list[Any]:
    out: list[Any] = []
    for summary in SUMMARIES:
        try:
            s = score_deal(rs, summary)
            out.append((s.made, s.scores["NS"], s.scores["EW"], s.held))
        except CoincheError as err:
            out.append(("refused", getattr(err, "field", ""), str(err)))
    return out


def _calls(d: Deal) -> tuple[Any, ...]:
    out = tuple(sorted(str(c) for c in d.legal_calls()))
    oot = tuple(str(c) for seat in range(4) for c in d.out_of_turn_calls(seat))
    return d.phase, d.to_act, out, oot, str(d.contract)


def scripted(rules: Any) -> list[Any]:
    out: list[Any] = []
    for script in SCRIPTS:
        d = Deal(rules, 1, rng=random.Random(1))
        for text in script:
            out.append(_calls(d))
            try:
                d.apply(text)
            except CoincheError as err:
                out.append(("illegal", text, getattr(err, "rule", "")))
                break
        out.append(_calls(d))
    return out


def _call(d: Deal, rng: random.Random) -> Any:
    calls = d.legal_calls()
    kinds = {c.kind: c for c in calls}
    roll = rng.random()
    if "surcoinche" in kinds and roll < 0.5:
        return kinds["surcoinche"]
    if "coinche" in kinds and roll < 0.3:
        return kinds["coinche"]
    bids = [c for c in calls if c.kind == "bid"]
    if not bids or roll < 0.55:
        return kinds["pass"]
    specials = [c for c in bids if not isinstance(c.value, int)]
    if specials and rng.random() < 0.1:
        return rng.choice(specials)
    return rng.choice(bids[:24])


def _auction(d: Deal, rng: random.Random, log: list[Any]) -> None:
    while d.phase == "auction":
        log.append(_calls(d))
        d.call(_call(d, rng))
        for seat in range(4):
            late = d.out_of_turn_calls(seat) if d.phase == "auction" else []
            if late and rng.random() < 0.2:
                d.call(late[0])


def _play(d: Deal, rng: random.Random, log: list[Any]) -> None:
    asked = [False] * 4
    while d.phase == "play":
        seat = d.to_act
        if not asked[seat]:
            asked[seat] = True
            if any(s == seat for s, _ in d.belote_holders()) and seat % 2 == 0:
                try:  # N and S try to keep their belote silent
                    d.declare(seat, [], belote=False)
                except CoincheError as err:
                    log.append(("loud", getattr(err, "rule", "")))
        elif seat == 1 and d.hands[seat] != d.initial_hands[seat] and any(
                s == seat for s, _ in d.belote_holders()):
            # E, having played, tries to keep its belote silent now (W never does: its belotes
            # keep the rules about scored belotes in sight whatever `said_at` allows)
            try:
                d.claim_belote(seat, False)
                log.append(("silenced", seat))
            except CoincheError as err:
                log.append(("late", getattr(err, "rule", "")))
        legal = d.legal_cards()
        log.append(legal)
        d.play(random_card(legal, rng.random))
        log.append(tuple(d.belote_said()))  # what the table knows, card by card


def play_one(rules: Any, seed: int, dealer: int = 1, deck: list[int] | None = None,
             log: list[Any] | None = None) -> Deal:
    """A seeded deal from the deck dealt (or gathered) by the rules, auction and play."""
    rng = random.Random(seed)
    log = [] if log is None else log
    d = Deal(rules, dealer, rng=rng, deck=deck)
    log.append(d.initial_hands)
    _auction(d, rng, log)
    _play(d, rng, log)
    if d.phase == "over":
        r = d.result()
        log.append((str(d.contract), tuple(t.winner for t in d.tricks), r.made, r.scores, r.held,
                    d.belote_seats()))
    return d


def seeded(rules: Any) -> list[Any]:
    log: list[Any] = []
    for seed in range(24):
        play_one(rules, seed, dealer=seed % 4, log=log)
    return log


BASE_TARGET = 2000
"""Absolute scores around this target start the game probes (so that a changed target shows)."""


def _game_after(rules: Any, d: Deal, start: tuple[int, int], seed: int) -> tuple[Any, ...]:
    """A game at `start` that records the finished deal `d`, then (not over) one more deal."""
    g = Game(rules, random.Random(seed), first_dealer=d.dealer)
    g.scores = {"NS": start[0], "EW": start[1]}
    g.record(d)
    out: list[Any] = [g.dealer, dict(g.scores), g.is_over() and g.outcome().winner,
                      list(g.pending), g.sheet[-1].note]
    if not g.is_over():
        nxt = play_one(rules, seed + 1000, dealer=g.dealer, deck=g._deck)
        out.append(nxt.initial_hands)
        g.record(nxt)
        out += [dict(g.scores), g.is_over() and g.outcome().winner, list(g.pending)]
    return tuple(out)


def game_edges(rules: Any) -> list[Any]:
    """Games whose deal ends exactly at, over, or (through belote alone) over the target."""
    out: list[Any] = []
    t = BASE_TARGET
    for seed in range(40):
        d = play_one(rules, seed, dealer=seed % 4)
        if d.phase != "over":
            out.append(_game_after(rules, d, (t - 50, t - 50), seed))
            continue
        a, b = d.result().scores["NS"], d.result().scores["EW"]
        # Both sides exactly at the target; over it; and each side alone exactly at it (so
        # that reaching and passing differ, and a belote-only finish is not hidden by a tie).
        for start in ((t - a, t - b), (t - a + 10, t - b + 20), (t - a + 10, t - 300),
                      (t - 300, t - b + 10), (t - a, t - 300), (t - 300, t - b)):
            out.append(_game_after(rules, d, start, seed))
    return out + _belote_finishes(rules)


def _belote_finishes(rules: Any, wanted: int = 3) -> list[Any]:
    """Games where a side that lost the deal (failed, or capot) lands exactly on the target
    with its belote's 20 among its points (`game.belote_finish`), from the first seeded deals
    that have one: random auctions make them rare enough to miss among the edges above."""
    out: list[Any] = []
    t = BASE_TARGET
    for seed in range(1000, 1400):
        d = play_one(rules, seed, dealer=seed % 4)
        if d.phase != "over" or d.contract is None:
            continue
        r = d.result()
        lost = {d.contract.team if not r.made else 1 - d.contract.team}
        teams = {s & 1 for s in d.belote_seats()} & lost
        for team in teams:
            own = r.scores["NS" if team == 0 else "EW"]
            start = (t - own, t - 300) if team == 0 else (t - 300, t - own)
            out.append(_game_after(rules, d, start, seed))
        if len(out) >= wanted:
            break
    return out
