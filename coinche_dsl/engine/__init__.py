"""The generic engine: compile a Ruleset to int tables, then deal, bid, play and score.

- `compiled`: `compile(ruleset) -> CompiledRules`, one frozen object that owns every table
  derived from the rules (cards, play, auction, announcements, the scoring plan, the end of the
  game); everything past it (engine, sim) takes the compiled rules, not the Ruleset.
- `auction`: `Call`, `parse_call` and the auction state machine (`auction.*` knobs).
- `play`: legal cards (fast masks, and a card-by-card reference that explains refusals).
- `dealing`: shuffle, cut and packets (`table.*`).
- `deal`: `Deal`, one deal as a state machine (`legal_calls`, `legal_cards`, `apply`,
  `declare`, `result`; `fix_contract`, or `Deal(..., contract=)`, to skip the auction,
  `play_out` for random play); `deal_scoring`: its announcements, belote and score (kept by
  `score_key`, a flat tuple of what scoring reads); `announce_tables`: automatic announcements
  found and scored by tables generated per denomination.
- `specialise`: the random play of `Deal.play_out`, generated once per ruleset and
  denomination from fixed templates with the `play.*` flags folded in; it ends with the deal's
  score key, the belote's and automatic announcements' rules folded in too.
- `formula`: scoring formulas as generated Python (operators, context indexes and ints).
- `batch`, `batch_scoring`, `batch_announce`: many deals at once with NumPy (`play_batch`),
  scored over arrays, automatic announcements found and compared over arrays; imported on
  demand (NumPy is not loaded by the rest of the package).
- `driver`: the one deal driver (`play_deal`, `play_game`) and the `Seat` protocol that bots,
  the terminal, replay records and simulations implement.
- `game`: `Game`, `GameOutcome` (`game.*` knobs, held litige points, redeals).
- `replay`: check and score a recorded deal (`coinche replay`).
- `scoring`, `score_plan`, `announcements`: the score of a finished deal (`score_plan`: what
  scoring reads, precomputed once per ruleset); `fresh_score`: a score not kept yet, by a
  function generated once per plan and denomination (`scoring` keeps the readable reference).

>>> from coinche_dsl.engine import compile, Game
>>> from coinche_dsl.loader import load_variant
>>> rules = compile(load_variant("ffb"))
>>> rules.points[2][8 * 2 + 4]          # the jack of hearts at a hearts contract
20
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .auction import Call, parse_call
    from .compiled import CompiledRules, compile
    from .deal import Deal
    from .driver import play_game
    from .game import Game, GameOutcome
    from .scoring import score_deal, score_facts

__all__ = ["compile", "CompiledRules", "Deal", "Call", "parse_call", "Game", "GameOutcome",
           "play_game", "score_deal", "score_facts"]

_HOME = {"Call": "auction", "parse_call": "auction", "CompiledRules": "compiled",
         "compile": "compiled", "Deal": "deal", "Game": "game", "GameOutcome": "game",
         "play_game": "driver", "score_deal": "scoring", "score_facts": "scoring"}
"""The module of each public name. They are imported on first use, so that a module of the
engine (`engine.compiled` for the rule sheet, which scores its examples) is imported without
the others: importing the deal and game state machines was about 2 ms of a cold HTML sheet."""


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(import_module(f"{__name__}.{_HOME[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
