"""The table of the score pad's games: one row per game a club keeps on the server, its
record (`coinche schema game`) as the table told it, replaced whole after every deal."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base, now


class PadGame(Base):
    """A game of a club, kept deal by deal by the score pad."""

    __tablename__ = "pad_games"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"),
                                         index=True)
    table_name: Mapped[str] = mapped_column(String(80), default="")
    """Which table or game this is (« Table 3 »), as the record says."""
    played_on: Mapped[str] = mapped_column(String(40), default="")
    """The game's date, as the record says."""
    variant: Mapped[str] = mapped_column(String(200))
    record: Mapped[str] = mapped_column(Text)
    revision: Mapped[int] = mapped_column(Integer, default=1)
    """Bumped by every save: a save made from an older revision is refused (two phones)."""
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
