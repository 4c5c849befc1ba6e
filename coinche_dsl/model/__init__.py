"""The typed Ruleset and its parts. Knows rules, never text."""

from .enums import *  # noqa: F403  (the closed choices are part of the model's vocabulary)
from .expr import QUANTITIES, Expr, Quantity, format_expr
from .ruleset import (
    AnnouncementRules,
    AuctionRules,
    BeloteRules,
    CardRules,
    CardValue,
    GameRules,
    PenaltyRules,
    PlayRules,
    Ruleset,
    Scale,
    ScoringRules,
    TableRules,
)
from .summary import DealSummary, Example

__all__ = [
    "QUANTITIES", "AnnouncementRules", "AuctionRules", "BeloteRules", "CardRules", "CardValue",
    "DealSummary", "Example", "Expr", "GameRules", "PlayRules", "Quantity", "Ruleset", "Scale",
    "PenaltyRules", "ScoringRules", "TableRules", "format_expr",
]
