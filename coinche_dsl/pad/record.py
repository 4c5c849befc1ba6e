"""A game record: the variant it is played under, the teams, and each deal as the table told it.

The record keeps what the table said, never what it was scored: every score, running total,
held litige point and the end of the game is worked out again from the deals by the engine
(`pad.sheet`), so correcting a deal three back rescores every later one, and a record read
under another version of the rules says so instead of showing old sums (`fingerprint`).

    {"format": "coinche-game", "version": 1,
     "variant": {"name": "ffb", "fingerprint": "3f2a…", "options": {"litige": "held"}},
     "teams": {"NS": "Anne et Paul", "EW": "Les Dupont"},
     "first_dealer": "N",
     "deals": [{"passed": true},
               {"declarer": "N", "bid": 110, "trump": "hearts", "double": "coinche",
                "card_points": {"NS": 98, "EW": 54}, "last_trick": "S", "belote": ["N"],
                "said": "110 coeur coinché N, 98 points, der S, belote N"}]}
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from ..limits import MAX_TEXT
from ..model.base import RuleModel
from ..model.summary import DealSummary, SeatName

MAX_DEALS = 500
"""Deals one game may record (a game to 2000 lasts about 15; a long evening under 100)."""
Team = Literal["NS", "EW"]


class PadDeal(DealSummary):
    """One deal as the table told it: a deal summary (what `coinche score` reads), or a deal
    where everybody passed."""

    passed: bool = False
    """Everybody passed: the deal is redealt and scores nothing."""
    said: str = Field(default="", max_length=MAX_TEXT)
    """The deal as it was typed at the table (« 110 coeur coinché N, 98 points, der S »)."""
    note: str = Field(default="", max_length=MAX_TEXT)
    """A remark kept with the deal (a correction, a dispute settled)."""

    @model_validator(mode="before")
    @classmethod
    def _passed_has_no_contract(cls, data: Any) -> Any:
        """A deal all passed needs no contract: the summary's fields get placeholders that
        nothing reads."""
        if isinstance(data, dict) and data.get("passed") is True:
            extra = set(data) - {"passed", "said", "note"}
            if extra:
                raise ValueError("a deal where everybody passed has no "
                                 + ", ".join(sorted(extra)))
            return {**data, **_PASSED}
        return data


_PASSED = {"declarer": "N", "bid": 80, "trump": "hearts", "card_points": {"NS": 0, "EW": 0},
           "last_trick": "N"}


class VariantRef(RuleModel):
    """The rules a game is played under."""

    name: str = Field(min_length=1, max_length=MAX_TEXT)
    """A built-in's name or the variant file's path, as given to `coinche marque`."""
    fingerprint: str = Field(default="", max_length=64)
    """The rules' fingerprint when the game began (printed on every sheet)."""
    options: dict[str, str] = Field(default_factory=dict)
    """The option values the game is played at."""


_NO_NAMES: dict[Team, str] = {"NS": "", "EW": ""}


class GameRecord(RuleModel):
    """A game as a table keeps it (`coinche schema game`)."""

    format: Literal["coinche-game"] = "coinche-game"
    version: Literal[1] = 1
    variant: VariantRef
    teams: dict[Team, str] = Field(default_factory=lambda: _NO_NAMES.copy())
    """The teams' names (empty: Nord-Sud and Est-Ouest in the sheet's language)."""
    table: str = Field(default="", max_length=MAX_TEXT)
    """Which table or game this is (« Table 3 », « Finale »)."""
    date: str = Field(default="", max_length=40)
    first_dealer: SeatName = "N"
    deals: list[PadDeal] = Field(default_factory=list, max_length=MAX_DEALS)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data, each deal with only what the table told."""
        out = self.model_dump(mode="json", exclude={"deals"})
        out["deals"] = [deal_json(d) for d in self.deals]
        return out


def deal_json(deal: PadDeal) -> dict[str, Any]:
    """One deal's JSON: `{"passed": true}` or its summary, without empty fields."""
    if deal.passed:
        return {"passed": True, **({"said": deal.said} if deal.said else {}),
                **({"note": deal.note} if deal.note else {})}
    data = deal.model_dump(mode="json", exclude={"passed"})
    return {k: v for k, v in data.items()
            if not (v in ("", None, [], {}) or (k == "double" and v == "none"))}
