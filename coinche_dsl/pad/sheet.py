"""A game record scored under its variant: each deal's points, the running totals, the litige
points held and the end of the game, as the engine's `Game` keeps them for a game it plays.

Nothing here scores or decides: `summary_facts` and `score_facts` score each deal, `Game.add`
keeps the totals and applies the variant's end rules (`game.*`, `scoring.litige`), so a table's
pad and a simulated game end the same way under the same file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import SEATS, TEAMS
from ..engine import Game, score_deal
from ..engine.summary_check import summary_facts
from ..errors import CoincheError, InputError
from ..model.summary import DealSummary
from .record import GameRecord, PadDeal

if TYPE_CHECKING:
    from ..engine import CompiledRules
    from ..engine.facts import DealScore


class GameError(CoincheError):
    """A deal of the record the variant cannot score, or one told after the game ended."""

    def __init__(self, number: int, message: str, field: str = "", code: str = "",
                 params: dict[str, object] | None = None):
        super().__init__(f"deal {number}: {message}")
        self.number, self.reason, self.field = number, message, field
        self.code = code
        """The problem catalogs' key of the engine's refusal (`deal.*`, `InputError.code`)."""
        self.params: dict[str, object] = dict(params or {})


@dataclass(frozen=True)
class PadLine:
    """One deal of the game, scored."""

    number: int
    """1 for the first deal told, redeals counted."""
    dealer: str
    """The dealer's seat (`N` … `W`)."""
    deal: PadDeal
    score: DealScore | None
    """None for a deal where everybody passed."""
    points: dict[str, int]
    """What each team scored on the deal, held litige points received included."""
    totals: dict[str, int]
    held: int
    """Litige points waiting, after this deal, for the next deal's winner."""
    pending: tuple[bool, bool]
    """Per team (NS, EW): over the target only through belote, not yet a win."""

    @property
    def summary(self) -> DealSummary:
        return self.deal


@dataclass(frozen=True)
class PadSheet:
    """The game so far."""

    lines: list[PadLine]
    totals: dict[str, int]
    held: int
    winner: str | None
    """`NS` or `EW` once the variant's end rules end the game."""
    dealer: str
    """Who deals next."""
    over: bool = False
    """The game has ended: won (`winner`), or drawn (a game of `deals` deals whose tie
    stands)."""


def score_game(rules: CompiledRules, record: GameRecord) -> PadSheet:
    """Every deal of `record` scored in order under `rules`; GameError naming the first deal
    that cannot be scored (or that comes after the game's end)."""
    game = Game(rules, first_dealer=SEATS.index(record.first_dealer))
    lines: list[PadLine] = []
    for number, deal in enumerate(record.deals, start=1):
        if game.is_over():
            won = game.outcome().winner
            raise GameError(number, f"the game ended at deal {number - 1} "
                                    f"({f'{won} won' if won else 'drawn'}); "
                                    "nothing comes after it")
        dealer = SEATS[game.dealer]
        before = dict(game.scores)
        if deal.passed:
            game.redeal()
            score = None
        else:
            try:
                score = score_deal(rules, deal)  # checked, with what its formulas read
            except InputError as e:
                raise GameError(number, str(e), e.field, e.code, e.params) from None
            game.add(summary_facts(rules, deal), score)
        points = {t: game.scores[t] - before[t] for t in TEAMS}
        lines.append(PadLine(number, dealer, deal, score, points, dict(game.scores), game.held,
                             (game.pending[0], game.pending[1])))
    winner = game.outcome().winner if game.is_over() else None
    return PadSheet(lines, dict(game.scores), game.held, winner, SEATS[game.dealer],
                    game.is_over())
