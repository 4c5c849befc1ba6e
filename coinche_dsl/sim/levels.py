"""Bot levels, by name, and line-ups that seat a level per side: the one registry of bots.

| level | bids | plays |
|---|---|---|
| `random` | uniformly among legal calls | uniformly among legal cards |
| `heuristic` | hand evaluation read off the card tables | careful club play |
| `expected` | expected score under the variant's scoring | as `heuristic` |
| `search` | as `expected` | determinised search with playouts |

A line-up is one level for the four seats (`expected`) or one per side
(`NS=expected,EW=heuristic`), given to `coinche simulate --bots` and `coinche play --bots`.

>>> parse_lineup("NS=expected,EW=heuristic")
('expected', 'heuristic', 'expected', 'heuristic')
>>> lineup_text(parse_lineup("ew=random, ns=search"))
'NS=search,EW=random'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

LEVELS = ("random", "heuristic", "expected", "search")
"""The bot levels, weakest and cheapest first."""
SIDES = {"NS": (0, 2), "EW": (1, 3)}

Lineup = str | tuple[str, str, str, str]
"""One level for every seat, or a level per seat (N E S W)."""
BotSpec = str | tuple[str, str, str, str] | Callable[[random.Random], Any]
"""A bot level by name, a level per seat (N E S W; see `parse_lineup`), or a factory called
with a seeded rng (pickleable, for worker processes: a class or a module-level function)."""


def make_bot(spec: BotSpec, rng: random.Random, seat: int = 0) -> Any:
    """The bot for `seat`: by level name (`LEVELS`), per seat, or from a factory."""
    level = seat_level(spec, seat)
    if callable(level):
        return level(rng)
    return make_level(level, rng)


def make_level(level: str, rng: random.Random) -> Any:
    """A bot of `level` (one of LEVELS) seeded by `rng`."""
    if level == "random":
        from .bots import RandomBot

        return RandomBot(rng)
    if level == "heuristic":
        from .bots import HeuristicBot

        return HeuristicBot(rng)
    if level == "expected":
        from .expected import ExpectedBot

        return ExpectedBot(rng)
    if level == "search":
        from .search import SearchBot

        return SearchBot(rng)
    raise ValueError(f"unknown bot level {level!r}; choose {', '.join(LEVELS)}")


def parse_lineup(text: str) -> Lineup:
    """A level (`expected`) or a level per side (`NS=expected,EW=heuristic`, both sides named);
    ValueError saying what is wrong otherwise."""
    text = text.strip()
    if "=" not in text and "," not in text:
        return _level(text)
    seats: list[str | None] = [None] * 4
    for part in text.split(","):
        side, sep, level = part.partition("=")
        side = side.strip().upper()
        if not sep or side not in SIDES:
            raise ValueError(f"cannot read {part.strip()!r}: write SIDE=LEVEL with SIDE NS or EW, "
                             "like NS=expected,EW=heuristic")
        for seat in SIDES[side]:
            if seats[seat] is not None:
                raise ValueError(f"side {side} is given twice")
            seats[seat] = _level(level.strip())
    if None in seats:
        raise ValueError("name a level for both sides, like NS=expected,EW=heuristic")
    n, e, s, w = (x or "" for x in seats)
    return (n, e, s, w)


def _level(name: str) -> str:
    if name not in LEVELS:
        raise ValueError(f"unknown bot level {name!r}; choose {', '.join(LEVELS)}")
    return name


def lineup_text(lineup: Lineup) -> str:
    """The line-up as `parse_lineup` reads it."""
    if isinstance(lineup, str):
        return lineup
    if len(set(lineup)) == 1:
        return lineup[0]
    return f"NS={lineup[0]},EW={lineup[1]}"


def seat_level(lineup: Any, seat: int) -> Any:
    """The level (or factory) that plays `seat` in `lineup`."""
    return lineup[seat] if isinstance(lineup, tuple) else lineup


def check_lineup(lineup: Any) -> None:
    """ValueError unless `lineup` is a factory, a level, or four levels."""
    if callable(lineup):
        return
    for seat in range(4):
        _level(seat_level(lineup, seat))
    if isinstance(lineup, tuple) and len(lineup) != 4:
        raise ValueError("a line-up names the level of each of the four seats")
