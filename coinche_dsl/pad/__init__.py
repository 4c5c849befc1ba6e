"""The score pad: a table keeps its game's score under its own variant, deal by deal.

- `record`: the game record (`coinche schema game`): the variant, the teams, each deal as the
  table told it; never a score, which is always worked out again.
- `said`: a deal in the table's words (« 110 coeur coinché N, 98 points, der S, belote N »).
- `sheet`: the record scored by the engine (`Game`'s end rules, held litige points).
- `words`: the pad in the table's language; `session`: `coinche marque` at the terminal.

>>> from coinche_dsl.engine import compile
>>> from coinche_dsl.loader import load_variant
>>> from coinche_dsl.pad import GameRecord, score_game, tell
>>> rules = compile(load_variant("ffb"))
>>> game = GameRecord(variant={"name": "ffb"})
>>> game = tell(rules, game, "110 coeur N, 102 points, der S")
>>> score_game(rules, game).totals      # 102 + 10 + 110 = 222 and 50, to the nearest ten
{'NS': 220, 'EW': 50}
"""

from __future__ import annotations

from .record import GameRecord, PadDeal
from .session import tell
from .sheet import GameError, PadLine, PadSheet, score_game

__all__ = ["GameRecord", "PadDeal", "GameError", "PadLine", "PadSheet", "score_game", "tell"]
