"""Small typed values passed between the parts of the engine.

`DealFacts` is what scoring needs to know about a finished deal (plain ints, no pydantic);
`DealScore` is what scoring returns. `coinche score` builds facts from a DealSummary, `Deal`
builds them from play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from ..model.expr import Expr

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


class LineKind(Enum):
    """What a score line is for."""

    TERM = "term"
    """A term of the side's score formula (`Term.node`)."""
    ROUNDING = "rounding"
    """The side's total brought to the nearest unit (`scoring.rounding`)."""
    TENTHS = "tenths"
    """The side's total written in tenths (`scoring.scale tenths`)."""


@dataclass(frozen=True)
class RuleRef:
    """A rule of the Ruleset, by its path, and where the variant file writes it."""

    path: tuple[str, ...]
    """`("scoring", "made", "declarers")`."""
    file: str = ""
    """The file that writes it (`ffb.coinche`); empty for a Ruleset built in Python."""
    line: int = 0

    @classmethod
    def at(cls, where: str, *path: str) -> RuleRef:
        """From `Ruleset.where(*path)` (`ffb.coinche:162`, or empty)."""
        file, _, line = where.rpartition(":")
        return cls(path, file, int(line)) if file and line.isdigit() else cls(path)

    @property
    def name(self) -> str:
        """`scoring.made.declarers`."""
        return ".".join(self.path)

    def __str__(self) -> str:
        """`scoring.made.declarers (ffb.coinche:162)`: the `rule` of a score line's JSON."""
        return f"{self.name} ({self.file}:{self.line})" if self.file else self.name

    def to_json(self) -> dict[str, object]:
        return {"rule": self.name, **({"file": self.file, "line": self.line} if self.file else {})}


@dataclass(frozen=True, eq=False)
class Term:
    """What a score line counts: built once per ruleset (so compared and hashed by identity),
    shared by every line that scores it."""

    kind: LineKind
    side: str
    """`declarers` or `defenders`: the side whose score it is."""
    rule: RuleRef
    """The formula (`scoring.made.declarers`) or setting (`scoring.rounding`) that scores it."""
    label: str
    """The term in English words, for the JSON and the terminal (`card points`,
    `(160 + contract) × multiplier`); the rule sheet words `node` in its own language."""
    node: Expr | None = None
    """The term of the formula (`points(declarers)`, `contract * multiplier`), for a `TERM`."""


@dataclass(frozen=True)
class ScoreLine:
    """One term of a score: which team, how many points, and what for (`term`)."""

    team: str
    """`NS` or `EW`."""
    points: int
    term: Term

    @property
    def side(self) -> str:
        return self.term.side

    @property
    def label(self) -> str:
        """What the points are for, in English words (`card points`, `contract`…)."""
        return self.term.label

    @property
    def rule(self) -> RuleRef:
        """The rule applied and where it is written (`scoring.failed.defenders`,
        `ffb.coinche:103`)."""
        return self.term.rule

    def to_json(self) -> dict[str, object]:
        node = self.term.node
        return {"team": self.team, "points": self.points, "label": self.label,
                "rule": str(self.rule), "side": self.side, "kind": self.term.kind.value,
                "term": None if node is None else str(node), "source": self.rule.to_json()}


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
    contexts: tuple[Sequence[Any], Sequence[Any]] = ((), ())
    """The quantities the success formula and the side formulas read, as one field. Read them
    as `success_values` and `values`. Kept by `scoring.score_deal`; empty from `score_facts`
    (what the engine and the simulation call)."""
    penalties: tuple[str, ...] = ()
    """What each irregularity of the deal did, in English sentences (`penalties.penalised`);
    empty for a deal without one."""

    @property
    def values(self) -> Sequence[Any]:
        """The formula quantities the side formulas read, by context slot (`formula.slot`):
        what a worked example prints. Read only (scores are shared between deals)."""
        return self.contexts[1]

    @property
    def success_values(self) -> Sequence[Any]:
        """The quantities the success formula read: `values` unless points are rounded or
        scaled after the decision (`scoring.round_what`, `cards.scale_before_success`)."""
        return self.contexts[0]

    def terms(self, side: str) -> list[ScoreLine]:
        """The lines of `side` (`declarers` or `defenders`), in the order they were scored."""
        return [line for line in self.lines if line.side == side]

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"made": self.made, "scores": dict(self.scores),
                                  "lines": [line.to_json() for line in self.lines]}
        if self.penalties:
            out["penalties"] = list(self.penalties)
        return out


def new_deal_score(made: bool, scores: dict[str, int], lines: list[ScoreLine], held: int,
                   contexts: tuple[Sequence[Any], Sequence[Any]]) -> DealScore:
    """`DealScore(made, scores, lines, held, contexts)`, built as fast as a frozen value can
    be: its fields stored straight into the new object's dict, not through the per-field
    `object.__setattr__` of a frozen dataclass's `__init__` (a third of the time; a deal
    scored afresh builds one)."""
    score = object.__new__(DealScore)
    fields = score.__dict__
    fields["made"] = made
    fields["scores"] = scores
    fields["lines"] = lines
    fields["held"] = held
    fields["contexts"] = contexts
    return score
