"""Bots and simulation: play seeded deals and games under several variants and compare them.

>>> from coinche_dsl.sim import HeuristicBot, RandomBot, simulate_variants
"""

from __future__ import annotations

from .bots import Bot, HeuristicBot, RandomBot
from .levels import LEVELS, make_bot
from .simulate import simulate_variants

__all__ = ["LEVELS", "Bot", "HeuristicBot", "RandomBot", "make_bot", "simulate_variants"]
