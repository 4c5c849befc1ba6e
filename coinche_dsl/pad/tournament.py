"""A tournament: games grouped into rounds and tables, its teams ranked by the organiser's
stated rule (coinchons.fr: « Le classement sera fait en fonction des points obtenus sur
l'ensemble de parties »).

    {"format": "coinche-tournament", "version": 1, "name": "Tournoi de Noël",
     "variant": {"name": "ffb"}, "rank_by": "points", "tie_break": ["wins", "difference"],
     "rounds": [{"tables": [{"table": "1", "NS": "Les As", "EW": "Belote et Re",
                             "game": "r1-t1.json"}, …]}, …]}

Each game is a score pad's record (`pad.record`), inline or in a file beside the tournament's;
it is scored again under the tournament's variant, so a game corrected after the round changes
the ranking. A game stopped before its end (a tournament's time limit) is won by the side
ahead; an exact tie wins nobody the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from ..limits import MAX_TEXT
from ..model.base import RuleModel
from .record import GameRecord, VariantRef
from .sheet import score_game

if TYPE_CHECKING:
    from ..engine import CompiledRules

MAX_TEAMS = 200
MAX_ROUNDS = 50
TieBreak = Literal["wins", "points", "difference", "against"]


class Seating(RuleModel):
    """One table of a round: who sat North-South and East-West, and their game."""

    table: str = Field(default="", max_length=MAX_TEXT)
    NS: str = Field(min_length=1, max_length=MAX_TEXT)
    EW: str = Field(min_length=1, max_length=MAX_TEXT)
    game: GameRecord | str
    """The game record itself, or the name of its file beside the tournament's."""

    @model_validator(mode="after")
    def _two_teams(self) -> Seating:
        if self.NS == self.EW:
            raise ValueError(f"'{self.NS}' cannot play against itself")
        return self


class Round(RuleModel):
    tables: list[Seating] = Field(min_length=1, max_length=MAX_TEAMS // 2)


_TIE_BREAK: list[TieBreak] = ["wins", "difference"]


class Tournament(RuleModel):
    """A tournament's rounds and how its teams are ranked (`coinche schema tournament`)."""

    format: Literal["coinche-tournament"] = "coinche-tournament"
    version: Literal[1] = 1
    name: str = Field(default="", max_length=MAX_TEXT)
    variant: VariantRef
    rank_by: Literal["points", "wins_then_points"] = "points"
    """`points`: the points of every game added up; `wins_then_points`: games won first."""
    tie_break: list[TieBreak] = Field(default_factory=lambda: _TIE_BREAK.copy(), max_length=4)
    """What separates teams level on `rank_by`, in order: games won, points, points scored
    minus points conceded, fewest points conceded. Teams level on all of them share a rank."""
    rounds: list[Round] = Field(min_length=1, max_length=MAX_ROUNDS)


@dataclass
class Standing:
    team: str
    games: int = 0
    wins: int = 0
    points: int = 0
    against: int = 0
    rank: int = 0

    @property
    def difference(self) -> int:
        return self.points - self.against


@dataclass
class Ranking:
    standings: list[Standing] = field(default_factory=list)


def _key(s: Standing, t: Tournament) -> tuple[int, ...]:
    first = (s.points,) if t.rank_by == "points" else (s.wins, s.points)
    values = {"wins": s.wins, "points": s.points, "difference": s.difference,
              "against": -s.against}
    return first + tuple(values[b] for b in t.tie_break)


def rank(rules: CompiledRules, tournament: Tournament,
         games: dict[tuple[int, int], GameRecord] | None = None) -> Ranking:
    """The teams in order; `games` gives the records of the seatings that name a file, by
    (round, table) index."""
    table: dict[str, Standing] = {}
    for r, rnd in enumerate(tournament.rounds):
        for i, seat in enumerate(rnd.tables):
            record = seat.game if isinstance(seat.game, GameRecord) else (games or {})[(r, i)]
            sheet = score_game(rules, record)
            ns, ew = sheet.totals["NS"], sheet.totals["EW"]
            winner = sheet.winner or ("NS" if ns > ew else "EW" if ew > ns else None)
            for side, team, ours, theirs in (("NS", seat.NS, ns, ew), ("EW", seat.EW, ew, ns)):
                s = table.setdefault(team, Standing(team))
                s.games += 1
                s.wins += winner == side
                s.points += ours
                s.against += theirs
    order = sorted(table.values(),
                   key=lambda s: (tuple(-k for k in _key(s, tournament)), s.team))
    for n, s in enumerate(order):
        level = n and _key(order[n - 1], tournament) == _key(s, tournament)
        s.rank = order[n - 1].rank if level else n + 1
    return Ranking(order)


def game_files(tournament: Tournament) -> dict[tuple[int, int], str]:
    """The file each seating names, by (round, table) index."""
    return {(r, i): seat.game for r, rnd in enumerate(tournament.rounds)
            for i, seat in enumerate(rnd.tables) if isinstance(seat.game, str)}


def ranking_page(tournament: Tournament, ranking: Ranking, w: Any, title: str) -> dict[str, Any]:
    """The ranking as the score sheets' page (`paper`): one row a team."""
    head = [w("pad.col.rank"), w("pad.col.team"), w("pad.col.games"), w("pad.col.wins"),
            w("pad.col.points"), w("pad.col.against"), w("pad.col.difference")]
    num = w.sheet.num
    rows = [[str(s.rank), s.team, num(s.games), num(s.wins), num(s.points), num(s.against),
             ("+" if s.difference > 0 else "") + num(s.difference)]
            for s in ranking.standings]
    rule = w(f"pad.rank_by.{tournament.rank_by}")
    return {"title": tournament.name or w("pad.ranking"), "lines": [title, rule],
            "head": head, "rows": rows, "numeric": [0, 2, 3, 4, 5, 6], "after": [],
            "blank": False, "total_row": False, "version": ""}
