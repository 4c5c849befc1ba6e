"""The batch engine: many deals at once with NumPy, held to the reference engine.

- `play`: `play_batch` (shuffle, fix or draw contracts, play eight tricks by a policy, score)
  and the play tables it reads (`play_tables`).
- `scoring`: `score_arrays`, the score of many finished deals, the same steps as
  `engine.scoring.score_facts` read from the same `score_plan.Plan`.
- `announce`: `deal_announcements`, automatic announcements found in every hand and the sides
  compared over arrays, as `Deal` finds and compares them.

It never reads a rule the reference engine does not: its tests play and score the same deals
through `Deal` and compare.
"""

from .play import BatchResult, play_batch, play_tables

__all__ = ["BatchResult", "play_batch", "play_tables"]
