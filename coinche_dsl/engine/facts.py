"""Small typed values passed between the parts of the engine.

`DealFacts` is what scoring needs to know about a finished deal (plain ints, no pydantic);
`DealScore` is what scoring returns. `coinche score` builds facts from a DealSummary, `Deal`
builds them from play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Literal, NamedTuple

NO_TRUMP, ALL_TRUMP = 4, 5
"""Denomination indices: 0..3 a trump suit (C D H S), 4 no-trump, 5 all-trump."""
DENOMINATION_WORDS = ("clubs", "diamonds", "hearts", "spades", "no-trump", "all-trump")
DOUBLE_WORDS = ("none", "coinche", "surcoinche")

BidValue = int | Literal["capot", "generale"]


class Role(IntEnum):
    """A seat's place relative to a bid or the contract: its bidder (the declarer), the
    bidder's partner, or a defender (an opponent)."""

    DECLARER = 0
    PARTNER = 1
    DEFENDER = 2


ROLE_BY_OFFSET = (Role.DECLARER, Role.DEFENDER, Role.PARTNER, Role.DEFENDER)
"""`ROLE_BY_OFFSET[(seat - declarer) & 3]`: `seat`'s role (seats are 0..3 round the table)."""


def role_of(seat: int, declarer: int) -> Role:
    """`seat`'s role when `declarer` holds the bid or the contract."""
    return ROLE_BY_OFFSET[(seat - declarer) & 3]


class PlayContext(NamedTuple):
    """Where a card is played, beyond the trick on the table: which trick (0 = the first),
    the contract's declarer, and the seat to play. The lead rules read it (`lead_mask`)."""

    trick: int
    declarer: int
    seat: int

    @property
    def role(self) -> Role:
        return role_of(self.seat, self.declarer)


@dataclass(frozen=True)
class Contract:
    declarer: int
    """Seat index 0..3 (N E S W) of the player who made the final bid."""
    bid: BidValue
    denomination: int
    """0..3 a trump suit, 4 no-trump, 5 all-trump."""
    double: int = 0
    """0 none, 1 coinche, 2 surcoinche."""

    @property
    def team(self) -> int:
        """0 for NS, 1 for EW."""
        return self.declarer % 2

    def __str__(self) -> str:
        from ..cards import SEATS

        dbl = f" {DOUBLE_WORDS[self.double]}" if self.double else ""
        return f"{self.bid} {DENOMINATION_WORDS[self.denomination]} by {SEATS[self.declarer]}{dbl}"


@dataclass
class DealFacts:
    """Everything scoring reads about a finished deal."""

    contract: Contract
    tricks: list[int] | None
    """Tricks won per seat (N E S W); None when unknown (then nobody took all eight)."""
    card_points: tuple[int, int]
    """Raw card points per team (NS, EW) from the contract mode's table, without last trick."""
    last_trick: int
    """Seat that won the last trick."""
    announcements: dict[int, list[int]] = field(default_factory=dict)
    """Declared combinations per seat, each a card mask."""
    belote: list[int] = field(default_factory=list)
    """Seats that declared belote."""


@dataclass(frozen=True)
class ScoreLine:
    """One term of a score: which team, how many points, what for, and the rule's source."""

    team: str
    """`NS` or `EW`."""
    points: int
    label: str
    """What the points are for, in words (`card points`, `contract`, `coinche ×2`…)."""
    rule: str = ""
    """The rule applied and where it is written (`scoring.failed.defenders`, `ffb.coinche:103`)."""

    def to_json(self) -> dict[str, object]:
        return {"team": self.team, "points": self.points, "label": self.label, "rule": self.rule}


@dataclass(frozen=True)
class DealScore:
    """The outcome of scoring one deal."""

    made: bool
    scores: dict[str, int]
    """Final points per team, `{"NS": …, "EW": …}` after rounding and scale."""
    lines: list[ScoreLine]
    """The breakdown, one line per term."""
    held: int = 0
    """Points held over to the next deal's winner (litige `held`)."""

    def to_json(self) -> dict[str, object]:
        return {"made": self.made, "scores": dict(self.scores),
                "lines": [line.to_json() for line in self.lines]}
