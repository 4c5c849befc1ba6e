"""The generic engine: compile a Ruleset to int tables, then deal, bid, play and score.

One reference engine reads the compiled tables, a deal at a time; the NumPy batch engine plays
and scores many deals at once and is tested against it. Each rule is read in one place:

- `rules`: `CompiledRules`, the frozen tables and flags every module past it reads (the
  engine and the simulation take the compiled rules, not the Ruleset); its constants.
- `compiler`: `compile(ruleset) -> CompiledRules`, built once per ruleset and kept; `tables`:
  the card, play, lead, auction, announcement and belote tables it puts together.
- `auction`: `Call`, `parse_call` and the auction state machine (`auction.*` knobs), with
  the rule that refuses a call.
- `play`: legal cards (`legal_mask`, the masks `Deal` reads, and `card_verdict`, one card at
  a time with the rule that forbids it), the trick's winner.
- `dealing`: shuffle, cut and packets (`table.*`).
- `deal`: `Deal`, one deal as a state machine (`legal_calls`, `legal_cards`, `apply`,
  `declare`, `result`; `fix_contract`, or `Deal(..., contract=)`, to skip the auction),
  its announcements, belote and score (kept by `score_key`, a flat tuple of what scoring
  reads).
- `announcements`: what a hand may declare, classifying and comparing announcements, and
  what they score per team.
- `scoring`, `score_plan`, `formula`: the score of a finished deal (`score_plan`: what
  scoring reads, precomputed once per ruleset; `formula`: the variant's formulas as closures
  over a context of quantities); `summary_check`: a deal summary checked before it is scored.
- `batch` (`play`, `scoring`, `announce`): many deals at once with NumPy (`play_batch`),
  scored over arrays, automatic announcements found and compared over arrays; imported on
  demand (NumPy is not loaded by the rest of the package).
- `driver`: the one deal driver (`play_deal`, `play_game`) and the `Seat` protocol that bots,
  the terminal, replay records and simulations implement.
- `game`: `Game`, `GameOutcome` (`game.*` knobs, held litige points, redeals).
- `replay`: check and score a recorded deal (`coinche replay`).

>>> from coinche_dsl.engine import compile, Game
>>> from coinche_dsl.loader import load_variant
>>> rules = compile(load_variant("ffb"))
>>> rules.points[2][8 * 2 + 4]          # the jack of hearts at a hearts contract
20
"""

from __future__ import annotations

from .auction import Call, parse_call
from .compiler import compile
from .deal import Deal
from .driver import play_game
from .game import Game, GameOutcome
from .rules import CompiledRules
from .scoring import score_deal, score_facts

__all__ = ["compile", "CompiledRules", "Deal", "Call", "parse_call", "Game", "GameOutcome",
           "play_game", "score_deal", "score_facts"]
