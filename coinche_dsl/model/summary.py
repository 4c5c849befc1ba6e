"""A deal summary (the input of `coinche score`) and worked examples built on it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator

from ..cards import SEATS, card_name, parse_card
from ..errors import RuleValueError
from ..limits import MAX_BID, MAX_CARD_POINTS, MAX_TEXT, MAX_VALUE
from .base import RuleModel
from .enums import Denomination, Double
from .shapes import as_groups, as_list, as_pairs

SeatName = Literal["N", "E", "S", "W"]
TeamName = Literal["NS", "EW"]
Bid = Annotated[int, Field(ge=1, le=MAX_BID)] | Literal["capot", "generale"]
Tricks = Annotated[int, Field(ge=0, le=8)]
Points = Annotated[int, Field(ge=0, le=MAX_CARD_POINTS)]
Score = Annotated[int, Field(ge=-MAX_VALUE, le=MAX_VALUE)]


def _card(value: Any) -> Any:
    """A card code checked and written canonically (`10h` -> `10H`) by the one card parser."""
    if not isinstance(value, str):
        return value  # pydantic says a string is expected
    return card_name(parse_card(value, ""))  # pydantic names the field


CardCode = Annotated[str, BeforeValidator(_card)]


def _seat_map(value: Any) -> Any:
    """`{"N": 2}` as it is, or DSL groups `N 2, E 3` as a dict."""
    if isinstance(value, dict) or value is None:
        return value
    pairs = as_pairs(value, "NS 90, EW 72")
    return {str(k): v for k, v in pairs} if isinstance(pairs, list) else pairs


def _announcements(value: Any) -> Any:
    """`{"N": [["QH", "JH", "10H"]]}` as it is, or DSL groups `N QH JH 10H, E 7S 8S 9S`."""
    if isinstance(value, dict):
        return value
    out: dict[str, list[list[Any]]] = {}
    groups = as_groups(value)
    if not isinstance(groups, list):
        return value
    for group in groups:
        if not isinstance(group, (list, tuple)) or len(group) < 2:
            raise RuleValueError("write an announcement as a seat and its cards: N QH JH 10H",
                                 code="example.announcement_shape")
        out.setdefault(str(group[0]), []).append(list(group[1:]))
    return out


def _bid(value: Any) -> Any:
    return value.lower() if isinstance(value, str) and not value.isdigit() else value


IRREGULARITIES = ("revoke", "unheld_announcement", "card_shown")
"""The irregularities a deal may record (the variant's `penalties` say what each does)."""


class Irregularity(RuleModel):
    """One irregularity of a deal, as the table noted it: a revoke, an announcement declared
    and not held, a card shown by accident."""

    kind: Literal["revoke", "unheld_announcement", "card_shown"]
    """`revoke`: the seat played a card the play rules forbid; `unheld_announcement`: it
    declared an announcement it could not show; `card_shown`: it showed a card by accident."""
    seat: SeatName
    """The player at fault."""
    trick: Annotated[int, Field(ge=1, le=8)] | None = None
    """The trick it happened in, 1 to 8 (a revoke, a card shown)."""
    points: Annotated[int, Field(ge=1, le=MAX_VALUE)] | None = None
    """What the announcement not held was declared as, in points (`unheld_announcement`: a
    tierce 20, a cinquante 50…)."""
    card: CardCode | None = None
    """The card shown (`card_shown`)."""
    released: bool = False
    """The opponents released the card shown (FFB § 5.1: "sauf autorisation ou avis contraire
    de la part des adversaires"): it goes back into the hand."""

    @model_validator(mode="after")
    def _fields_of_kind(self) -> Irregularity:
        if self.kind == "revoke" and self.trick is None:
            raise ValueError("a revoke names its trick (1 to 8)")
        if self.kind == "unheld_announcement" and self.points is None:
            raise ValueError("an announcement not held names its points (a tierce: 20)")
        if self.kind == "card_shown" and (self.card is None or self.trick is None):
            raise ValueError("a card shown names the card and its trick (1 to 8)")
        extra = [name for name, kinds in (("points", ("unheld_announcement",)),
                                          ("card", ("card_shown",)),
                                          ("trick", ("revoke", "card_shown")))
                 if getattr(self, name) is not None and self.kind not in kinds]
        if extra or (self.released and self.kind != "card_shown"):
            raise ValueError(f"a {self.kind.replace('_', ' ')} takes no "
                             f"{' or '.join(extra or ['released'])}")
        return self


def _irregularity_lines(data: Any) -> Any:
    """An example's lines `revoke S 5`, `unheld_announcement E 50`, `card_shown S AD 1` (the
    kind, the seat, then the trick, the points, or the card and its trick) as its
    `irregularities`."""
    if not isinstance(data, dict) or not any(kind in data for kind in IRREGULARITIES):
        return data
    data = dict(data)
    items = list(data.get("irregularities") or [])
    for kind in IRREGULARITIES:
        if kind not in data:
            continue
        for group in as_groups(data.pop(kind)):
            if not isinstance(group, (list, tuple)) or len(group) != (
                    4 if kind == "card_shown" else 3) - 1:
                raise ValueError(f"write {kind} as the seat and "
                                 + {"revoke": "its trick: revoke S 5",
                                    "unheld_announcement": "the points declared: "
                                                           "unheld_announcement E 50",
                                    "card_shown": "the card and its trick: card_shown S AD 1"
                                    }[kind])
            item: dict[str, Any] = {"kind": kind, "seat": group[0]}
            if kind == "unheld_announcement":
                item["points"] = group[1]
            elif kind == "card_shown":
                item["card"], item["trick"] = group[1], group[2]
            else:
                item["trick"] = group[1]
            items.append(item)
    data["irregularities"] = items
    return data


class DealSummary(RuleModel):
    """What is needed to score a deal: contract, tricks, points, announcements, belote."""

    declarer: SeatName
    """The seat that made the final bid."""
    bid: Annotated[Bid, BeforeValidator(_bid)]
    """A number, `capot` or `generale`."""
    trump: Denomination
    """The contract's denomination."""
    double: Double = Double.NONE
    """`none`, `coinche` or `surcoinche`."""
    tricks: Annotated[dict[SeatName, Tricks] | None, BeforeValidator(_seat_map)] = None
    """Tricks won per seat (summing to 8); when absent, nobody took all eight tricks."""
    card_points: Annotated[dict[TeamName, Points], BeforeValidator(_seat_map)]
    """Raw points of the cards in each team's tricks, without the last trick."""
    last_trick: SeatName
    """The seat that won the last trick."""
    announcements: Annotated[dict[SeatName, Annotated[list[Annotated[list[CardCode], Field(
        min_length=1, max_length=8)]], Field(max_length=8)]], BeforeValidator(
        _announcements)] = Field(default_factory=dict)
    """Combinations declared per seat, each a list of cards."""
    belote: Annotated[list[SeatName], BeforeValidator(as_list)] = Field(default_factory=list,
                                                                        max_length=4)
    """Seats that declared belote."""
    rebelote_unsaid: Annotated[list[SeatName], BeforeValidator(as_list)] = Field(
        default_factory=list, max_length=4)
    """Seats among `belote` that did not say « rebelote » with the second of their king and
    queen: their belote does not count where the variant requires it
    (`belote.rebelote_required`)."""
    irregularities: list[Irregularity] = Field(default_factory=list, max_length=8)
    """Irregularities of the deal (`{"kind": "revoke", "seat": "S", "trick": 5}`; an example
    writes `revoke S 5`, `unheld_announcement E 50`): the deal is scored under the variant's
    penalties (`penalties`)."""

    @field_validator("tricks")
    @classmethod
    def _eight_tricks(cls, v: dict[str, int] | None) -> dict[str, int] | None:
        if v is not None:
            if any(n < 0 for n in v.values()):
                raise RuleValueError("a seat cannot win fewer than 0 tricks",
                                     code="example.tricks_negative")
            if sum(v.values()) != 8:
                raise RuleValueError(f"tricks must sum to 8, these sum to {sum(v.values())}",
                                     code="example.tricks_sum", n=sum(v.values()))
        return {s: v.get(s, 0) for s in SEATS} if v is not None else None

    @field_validator("card_points")
    @classmethod
    def _both_teams(cls, v: dict[str, int]) -> dict[str, int]:
        if set(v) != {"NS", "EW"}:
            raise RuleValueError("give card points for both teams, NS and EW",
                                 code="example.card_points_both")
        if any(n < 0 for n in v.values()):
            raise RuleValueError("card points cannot be negative",
                                 code="example.card_points_negative")
        return v

    @model_validator(mode="after")
    def _rebelote_of_a_belote(self) -> DealSummary:
        for seat in self.rebelote_unsaid:
            if seat not in self.belote:
                raise RuleValueError(f"rebelote_unsaid names {seat}, who declared no belote",
                                     code="example.rebelote_unsaid", seat=seat)
        return self

    @model_validator(mode="after")
    def _last_trick_winner_won_a_trick(self) -> DealSummary:
        if self.tricks is not None and self.tricks[self.last_trick] == 0:
            raise RuleValueError(f"last_trick is {self.last_trick}, who won no trick",
                                 code="example.last_trick_no_trick", seat=self.last_trick)
        return self


class Example(DealSummary):
    """A worked example: a deal summary and its expected result. Its irregularities are
    written one a line, by kind: `revoke S 5`, `unheld_announcement E 50`."""

    @model_validator(mode="before")
    @classmethod
    def _irregularities_by_kind(cls, data: Any) -> Any:
        return _irregularity_lines(data)

    name: str = Field(min_length=1, max_length=MAX_TEXT)
    """What the example shows."""
    made: bool | None = None
    """Whether the contract is made (checked when given)."""
    expect: Annotated[dict[TeamName, Score], BeforeValidator(_seat_map)]
    """The expected score of each team."""
    options: dict[str, str] = Field(default_factory=dict)
    """Option values the example holds under (`options { litige held }`): it is run, and
    printed, only where those values are chosen."""
