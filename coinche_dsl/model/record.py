"""A recorded deal (the input of `coinche replay`), checked for shape by pydantic: every
problem of the JSON found at once, and the JSON Schema that `coinche schema replay` prints.
Whether the calls and cards are legal is the engine's business (`engine.replay`)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints, field_validator

from .base import RuleModel
from .summary import CardCode, Irregularity, SeatName

Hand = Annotated[list[CardCode], Field(min_length=8, max_length=8)]
Action = Annotated[str, StringConstraints(max_length=40)]
Combination = Annotated[list[CardCode], Field(min_length=1, max_length=8)]

MAX_CALLS = 200
"""Calls in an auction (a real one has under 30)."""


class ReplayRecord(RuleModel):
    """A complete deal: who dealt, the four hands, every call and card in order."""

    dealer: SeatName
    """The seat that dealt."""
    hands: dict[SeatName, Hand]
    """The eight cards dealt to each of N, E, S and W."""
    auction: Annotated[list[Action], Field(max_length=MAX_CALLS)]
    """Every call in order, each a seat then the call: `N 80 hearts`, `E pass`, `W coinche`."""
    play: Annotated[list[Action], Field(max_length=32)]
    """Every card in order, each a seat then the card: `N 7C`."""
    announcements: dict[SeatName, Annotated[list[Combination], Field(max_length=8)]] | None = None
    """Combinations declared per seat, each a list of cards (declared with the seat's first
    card); null or absent for none."""
    belote: Annotated[list[SeatName], Field(max_length=4)] | None = None
    """Seats that claim their belote; when absent, every holder claims it."""
    rebelote_unsaid: Annotated[list[SeatName], Field(max_length=4)] = Field(
        default_factory=list)
    """Seats that claimed their belote but did not say « rebelote » with the second of their
    king and queen: their belote does not count where the variant requires it
    (`belote.rebelote_required`)."""
    irregularities: Annotated[list[Irregularity], Field(max_length=8)] = Field(
        default_factory=list)
    """Irregularities the table noted (`{"kind": "unheld_announcement", "seat": "E",
    "points": 50}`); a revoke in the play is found by the replay itself where the variant lets
    it stand (`penalties.revoke penalised`), and a card shown is checked to be played."""

    @field_validator("hands")
    @classmethod
    def _four_hands(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        missing = [s for s in ("N", "E", "S", "W") if s not in v]
        if missing:
            raise ValueError(f"no hand for {', '.join(missing)}")
        return v
