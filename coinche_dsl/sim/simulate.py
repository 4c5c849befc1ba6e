"""Simulate variants on the same seeded deals, in chunks, over any `concurrent.futures.Executor`.

Pairing: deal `i` has the same hands, dealer and bot seeds under every variant, and game `g`
the same seeds, so a difference between two variants is the rules', not the cards'. Every seed
is derived from (seed, what, index) by hashing, never from the order in which work runs: chunks
may run on any worker in any order, and the result is identical whatever `jobs` or executor.

>>> derive_seed(7, "deal", 0) == derive_seed(7, "deal", 0) != derive_seed(7, "deal", 1)
True
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from ..engine import compile as compile_rules
from ..engine.deal import Deal
from ..engine.dealing import paired_hands
from ..engine.driver import play_game
from ..model import Ruleset
from .levels import BotSpec, make_bot, seat_level
from .runner import (
    MAX_DEALS_PER_GAME,
    DealRecord,
    GameRecord,
    deal_record,
    play_deal,
)
from .streaming import Totals

DEALS_PER_CHUNK = 100
GAMES_PER_CHUNK = 2
ARRAY_DEALS_PER_CHUNK = 1000
"""Deals of a chunk on the array path (`fastsim`): its arrays pay for themselves from a few
hundred deals on."""


def derive_seed(seed: int, *parts: object) -> int:
    """A 64-bit seed from `seed` and a path of parts, stable across runs and platforms."""
    text = repr((seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


@dataclass(frozen=True)
class Chunk:
    """A slice of the work, self-contained so that any process can run it."""

    rulesets: tuple[Ruleset, ...]
    kind: str
    """`deals` or `games`."""
    start: int
    stop: int
    seed: int
    bots: BotSpec


@dataclass
class Outcome:
    """Raw records per variant, in deal (game) order."""

    deals: list[list[DealRecord]]
    games: list[list[GameRecord]]


def run_chunk(chunk: Chunk) -> list[list[Any]]:
    """The records of one chunk: one list per variant (a top-level function, so it pickles)."""
    # `compile` keeps compiled rules by content: a worker receives new copies of the rulesets
    # with every chunk, and the tables the engine and the bots build on first use (scores,
    # announcements, hand values) serve every chunk of a process, not one.
    compiled = [compile_rules(rs) for rs in chunk.rulesets]
    if chunk.kind == "deals" and array_path(chunk.bots):
        from . import fastsim

        dealers, hands = fastsim.deal_hands([derive_seed(chunk.seed, "deal", i)
                                             for i in range(chunk.start, chunk.stop)])
        expected = _expected_seats(chunk.bots)
        return [fastsim.deal_records(rules, dealers, hands, expected) for rules in compiled]
    run = _one_deal if chunk.kind == "deals" else _one_game
    return [[run(rules, chunk, i) for i in range(chunk.start, chunk.stop)] for rules in compiled]


ARRAY_LEVELS = ("heuristic", "expected")
"""The levels the array path plays (`fastsim`): the same records as `_one_deal`'s."""


def array_path(bots: BotSpec) -> bool:
    """Whether deals with these bots are played on the array path (`fastsim`): every seat
    a heuristic or `expected` bot."""
    return all(seat_level(bots, seat) in ARRAY_LEVELS for seat in range(4))


def _expected_seats(bots: BotSpec) -> tuple[bool, bool, bool, bool]:
    n, e, s, w = (seat_level(bots, seat) == "expected" for seat in range(4))
    return n, e, s, w


def _bots(chunk: Chunk, what: str, index: int) -> list[Any]:
    return [make_bot(chunk.bots, random.Random(derive_seed(chunk.seed, what, index, seat)), seat)
            for seat in range(4)]


def _one_deal(rules: Any, chunk: Chunk, i: int) -> DealRecord:
    rng = random.Random(derive_seed(chunk.seed, "deal", i))
    dealer = rng.randrange(4)
    hands = paired_hands(rng)
    deal = Deal(rules, dealer, hands=hands)  # dealt here: the engine draws nothing at random
    return deal_record(play_deal(deal, _bots(chunk, "deal-bots", i)))


def _one_game(rules: Any, chunk: Chunk, g: int) -> GameRecord:
    from ..engine.game import Game

    rng = random.Random(derive_seed(chunk.seed, "game", g))
    game = Game(rules, rng, first_dealer=rng.randrange(4))
    if not play_game(game, _bots(chunk, "game-bots", g), MAX_DEALS_PER_GAME):
        return GameRecord(MAX_DEALS_PER_GAME, None, (game.scores["NS"], game.scores["EW"]))
    outcome = game.outcome()
    return GameRecord(outcome.deals, outcome.winner, (outcome.scores["NS"], outcome.scores["EW"]))


def chunks(rulesets: Sequence[Ruleset], deals: int, games: int, seed: int, bots: BotSpec,
           chunk_size: int | None = None, workers: int = 1) -> list[Chunk]:
    """The work cut into chunks: deals first, then games (`workers`: how many run them)."""
    out = []
    deal_size = chunk_size or (_array_chunk(deals, workers) if array_path(bots)
                               else DEALS_PER_CHUNK)
    for kind, total, size in (("deals", deals, deal_size),
                              ("games", games, chunk_size or GAMES_PER_CHUNK)):
        for start in range(0, total, size):
            out.append(Chunk(tuple(rulesets), kind, start, min(total, start + size), seed, bots))
    return out


def _array_chunk(deals: int, workers: int) -> int:
    """Chunks of equal size, at most `ARRAY_DEALS_PER_CHUNK`, and (from a thousand deals on)
    a few per worker, so that the workers finish together."""
    count = -(-deals // ARRAY_DEALS_PER_CHUNK)
    if workers > 1:
        count = max(count, min(4 * workers, -(-deals // 250)))
    return max(1, -(-deals // max(1, count)))


def _workers(jobs: int | None) -> int:
    return jobs or os.cpu_count() or 1


def run(rulesets: Sequence[Ruleset], deals: int, games: int = 0, seed: int = 0,
        bots: BotSpec = "heuristic", jobs: int | None = None, executor: Executor | None = None,
        progress: Callable[[int], None] | None = None,
        chunk_size: int | None = None) -> Outcome:
    """Play `deals` seeded deals and `games` seeded games under each ruleset.

    `executor`: any `concurrent.futures.Executor` (a Dask `Client.get_executor()`, a thread
    pool…); without one, `jobs` worker processes (default: one per core), or none for `jobs=1`.
    `progress(n)` is called as each chunk of `n` deals or games finishes.
    """
    work = chunks(rulesets, deals, games, seed, bots, chunk_size, _workers(jobs))
    results: list[list[list[Any]] | None] = [None] * len(work)

    def keep(i: int, records: Any) -> None:
        results[i] = records

    _execute(run_chunk, work, keep, jobs, executor, progress)
    return _merge(len(rulesets), work, results)


def run_totals(rulesets: Sequence[Ruleset], deals: int, games: int = 0, seed: int = 0,
               bots: BotSpec = "heuristic", jobs: int | None = None,
               executor: Executor | None = None, progress: Callable[[int], None] | None = None,
               chunk_size: int | None = None) -> Totals:
    """`run`, boiled down to running totals where each chunk runs (`streaming.Totals`): the
    memory of a simulation does not grow with its deals."""
    totals = Totals.empty(len(rulesets))
    _execute(chunk_totals, chunks(rulesets, deals, games, seed, bots, chunk_size,
                                  _workers(jobs)),
             lambda i, t: totals.merge(t), jobs, executor, progress)
    return totals


def chunk_totals(chunk: Chunk) -> Totals:
    """The running totals of one chunk (a top-level function, so it pickles)."""
    totals = Totals.empty(len(chunk.rulesets))
    totals.add_chunk(chunk.kind, run_chunk(chunk))
    return totals


def _execute(fn: Callable[[Chunk], Any], work: list[Chunk], take: Callable[[int, Any], None],
             jobs: int | None, executor: Executor | None,
             progress: Callable[[int], None] | None) -> None:
    """`take(i, fn(work[i]))` for every chunk, on `executor`, `jobs` processes or here."""
    if executor is None and (jobs or os.cpu_count() or 1) > 1 and len(work) > 1:
        _prepare(work[0])
        with ProcessPoolExecutor(max_workers=jobs or os.cpu_count()) as pool:
            _gather(pool, fn, work, take, progress)
    elif executor is None:
        for i, chunk in enumerate(work):
            take(i, fn(chunk))
            if progress:
                progress(chunk.stop - chunk.start)
    else:
        _gather(executor, fn, work, take, progress)


def _prepare(chunk: Chunk) -> None:
    """Before worker processes start: the array path's tables built here once (and the
    `expected` bots' learned tables read or learned), so that workers forked from this
    process find them ready instead of each building (or reading) its own."""
    if chunk.kind == "deals" and array_path(chunk.bots):
        from . import fastsim

        for rs in chunk.rulesets:
            fastsim.prepare(compile_rules(rs))
            if any(_expected_seats(chunk.bots)):
                from . import table_cache

                table_cache.tables(compile_rules(rs))


def _gather(executor: Executor, fn: Callable[[Chunk], Any], work: list[Chunk],
            take: Callable[[int, Any], None], progress: Callable[[int], None] | None) -> None:
    futures = {executor.submit(fn, chunk): i for i, chunk in enumerate(work)}
    for future in as_completed(futures):
        i = futures[future]
        take(i, future.result())
        if progress:
            progress(work[i].stop - work[i].start)


def _merge(n: int, work: list[Chunk], results: list[Any]) -> Outcome:
    outcome = Outcome([[] for _ in range(n)], [[] for _ in range(n)])
    for chunk, per_variant in zip(work, results, strict=True):
        target = outcome.deals if chunk.kind == "deals" else outcome.games
        for v in range(n):
            target[v].extend(per_variant[v])
    return outcome


def simulate_variants(variants: Sequence[str | Ruleset], deals: int, games: int = 0,
                      seed: int = 0, bots: BotSpec = "heuristic", jobs: int | None = None,
                      executor: Executor | None = None,
                      progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Compare variants (built-in names, files or Rulesets) on the same seeded deals and games;
    the report as a JSON-ready dict (see `report.summarise`). The first variant is the base of
    the paired differences. `bots`: a level (`levels.LEVELS`), a level per seat (a tuple from
    `levels.parse_lineup`), or a factory `f(rng) -> bot` used for all four seats (a class or
    module-level function, so that worker processes can use it).

    >>> report = simulate_variants(["ffb"], deals=3, seed=1, jobs=1)
    >>> report["variants"][0]["deals"]["deals"]
    3
    """
    from ..loader import load_variant
    from .levels import check_lineup, lineup_text

    check_lineup(bots)
    rulesets = [v if isinstance(v, Ruleset) else load_variant(v) for v in variants]
    names = [v if isinstance(v, str) else v.name for v in variants]
    totals = run_totals(rulesets, deals, games, seed, bots, jobs, executor, progress)
    label = getattr(bots, "__name__", repr(bots)) if callable(bots) else lineup_text(bots)
    settings = {"deals": deals, "games": games, "seed": seed, "bots": label}
    report = totals.report(names, settings)
    for entry, rs in zip(report["variants"], rulesets, strict=True):
        entry["calls"] = calls_of(rs)
    return report


def calls_of(rs: Ruleset) -> dict[str, bool]:
    """Which of the counted calls the variant has (a rate of a call it does not have is no
    finding: the text report leaves the row out, or marks the cell)."""
    from ..model.relevance import has_coinche, has_surcoinche

    return {"coinche": has_coinche(rs), "surcoinche": has_surcoinche(rs),
            "generale": bool(rs.auction.generale)}
