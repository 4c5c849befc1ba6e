"""The generic engine: compile a Ruleset to int tables, then deal, bid, play and score.

>>> from coinche_dsl.engine import compile, Game
>>> from coinche_dsl.loader import load_variant
>>> rules = compile(load_variant("ffb"))
>>> rules.points[2][8 * 2 + 4]          # the jack of hearts at a hearts contract
20
"""

from __future__ import annotations

from typing import Any

from .auction import Call, parse_call
from .compiled import CompiledRules, compile
from .deal import Deal
from .game import Game, GameOutcome, play_game

__all__ = ["compile", "CompiledRules", "Deal", "Call", "parse_call", "Game", "GameOutcome",
           "play_game", "score_deal", "score_facts"]


def __getattr__(name: str) -> Any:
    # Scoring lives in its own module, imported on first use so that importing the engine
    # never depends on it (nor pays for it).
    if name in ("score_deal", "score_facts"):
        from . import scoring

        return getattr(scoring, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
