"""A game: deals to the target under `ruleset.game`, with held litige points and redeals.

>>> from coinche_dsl.loader import load_variant
>>> from coinche_dsl.engine import Game, compile, play_game
>>> from coinche_dsl.engine.game import UniformBot
>>> import random
>>> rng = random.Random(7)
>>> game = Game(compile(load_variant("ffb")), rng)
>>> play_game(game, [UniformBot(rng)] * 4)
True
>>> outcome = game.outcome()
>>> outcome.winner in ("NS", "EW") and max(outcome.scores.values()) >= 2000
True

How the `game.*` knobs read:

- A side is over the target when its total reaches it (`reach reach`) or passes it
  (`reach exceed`). One side over: it wins. Both over after the same deal: `both_over` picks the
  higher total (an exact tie: `tie play_on` plays another deal, `tie declarers` gives it to the
  last deal's declarers), the last deal's winner (declarers if made, else defenders), or the
  last deal's declarers.
- `belote_finish`: a side that gets over the target on a deal it lost (its contract failed, or
  it took no trick), and would not have without its belote, is not yet over: with
  `win_trick_later` until it wins a trick in a later deal; with `not_enough` until it scores
  something besides belote in a later deal; `counts` ignores the matter.
- `deals` N: the game is N scored deals (redeals not counted) and the target is not read;
  after the last, the higher total wins; equal totals play one more deal at a time
  (`deals_tie more_deals`) or leave the game drawn (`deals_tie stands`: no winner).
- `scoring.litige held`: the points a litige holds go to the winner of the next scored deal.
- A deal where all pass is redealt by the next dealer or the same (`table.all_pass`); the deck
  is gathered, not shuffled, when `table.shuffle_every_deal` is off.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..cards import TEAMS
from ..errors import CoincheError
from ..model.enums import BeloteFinish, BothOver, DealsTie, TieAtEnd
from .auction import Call
from .deal import Deal
from .facts import DealFacts, DealScore
from .play import random_card
from .rules import CompiledRules


@dataclass(frozen=True)
class GameOutcome:
    """How a game ended."""

    winner: str | None
    """`NS` or `EW`; None for a drawn game (a game of `deals` deals whose tie stands)."""
    scores: dict[str, int]
    deals: int
    """Deals scored (redeals not counted)."""


@dataclass(frozen=True)
class SheetLine:
    """One line of the score sheet: a scored deal, or a redeal."""

    dealer: int
    contract: str
    """The contract as text (`90 hearts by N coinche`); empty on a redeal."""
    made: bool | None
    points: dict[str, int]
    """What each team scored on this deal (held litige points included)."""
    totals: dict[str, int]
    note: str = ""


class Game:
    """Deals to the target. `rng` is a `random.Random` or a seed."""

    def __init__(self, rules: CompiledRules, rng: random.Random | int | None = None,
                 first_dealer: int = 0):
        self.rules = rules
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.dealer = first_dealer
        self.scores = {"NS": 0, "EW": 0}
        self.sheet: list[SheetLine] = []
        self.deals = 0
        self.held = 0
        """Litige points waiting for the next deal's winner."""
        self.pending = [False, False]
        """Per team: over the target only through belote, not yet validated."""
        self._deck: list[int] | None = None
        self._winner: str | None = None
        self._over = False

    def new_deal(self) -> Deal:
        """The next deal, dealt by the current dealer."""
        if self._over:
            raise CoincheError("the game is over")
        return Deal(self.rules, self.dealer, rng=self.rng, deck=self._deck)

    def record(self, deal: Deal) -> None:
        """Add a finished (or redealt) deal to the score and move the deal on."""
        self._deck = deal.gathered()
        if deal.phase == "redeal":
            self.redeal()
            return
        self.add(deal.facts(), deal.result())

    def redeal(self) -> None:
        """All passed: the deal is redealt (`table.all_pass` says by whom)."""
        self.sheet.append(SheetLine(self.dealer, "", None, {"NS": 0, "EW": 0},
                                    dict(self.scores), "all passed: redeal"))
        if not self.rules.all_pass_same_dealer:
            self.dealer = (self.dealer + self.rules.dealer_step) & 3

    def add(self, facts: DealFacts, score: DealScore) -> None:
        """Add a scored deal, played here or told by a table (`pad`), and move the deal on."""
        if self._over:
            raise CoincheError("the game is over")
        before = dict(self.scores)
        won = facts.contract.team if score.made else 1 - facts.contract.team
        points = dict(score.scores)
        points[TEAMS[won]] += self.held
        self.held = score.held
        for team in TEAMS:
            self.scores[team] += points[team]
        self.deals += 1
        note = self._update_pending(facts, score, before)
        self.sheet.append(SheetLine(self.dealer, str(facts.contract), score.made, points,
                                    dict(self.scores), note))
        self.dealer = (self.dealer + self.rules.dealer_step) & 3
        if self.rules.game_end.deals is not None:
            self._over, self._winner = self._after_deals()
        else:
            self._winner = self._decide(facts, won)
            self._over = self._winner is not None

    def is_over(self) -> bool:
        return self._over

    def outcome(self) -> GameOutcome:
        """The result; CoincheError while the game goes on."""
        if not self._over:
            raise CoincheError("the game is not over")
        return GameOutcome(self._winner, dict(self.scores), self.deals)

    # -- the end of the game ---------------------------------------------------------------
    def over_target(self, total: int) -> bool:
        g = self.rules.game_end
        return total > g.target if g.exceed else total >= g.target

    def _after_deals(self) -> tuple[bool, str | None]:
        """(over, winner) of a game of `deals` deals after the deal just added."""
        g = self.rules.game_end
        if g.deals is None or self.deals < g.deals:
            return False, None
        ns, ew = self.scores["NS"], self.scores["EW"]
        if ns != ew:
            return True, "NS" if ns > ew else "EW"
        return g.deals_tie == DealsTie.STANDS, None

    def _decide(self, facts: DealFacts, won: int) -> str | None:
        over = [self.over_target(self.scores[t]) and not self.pending[i]
                for i, t in enumerate(TEAMS)]
        if over[0] != over[1]:
            return TEAMS[0] if over[0] else TEAMS[1]
        if not over[0]:
            return None
        g = self.rules.game_end
        if g.both_over == BothOver.LAST_DEAL_WINNER:
            return TEAMS[won]
        if g.both_over == BothOver.DECLARERS or self.scores["NS"] == self.scores["EW"]:
            if g.both_over == BothOver.HIGHER_TOTAL and g.tie == TieAtEnd.PLAY_ON:
                return None
            return TEAMS[facts.contract.team]
        return max(TEAMS, key=lambda t: self.scores[t])

    def _update_pending(self, facts: DealFacts, score: DealScore,
                        before: dict[str, int]) -> str:
        rule = self.rules.game_end.belote_finish
        if rule == BeloteFinish.COUNTS or self.rules.game_end.deals is not None:
            return ""
        notes = []
        for team, name in enumerate(TEAMS):
            if self.pending[team] and self._validates(facts, score, team, rule):
                self.pending[team] = False
                notes.append(f"{name} validated")
            elif self._only_through_belote(facts, score, before, team):
                self.pending[team] = True
                cite = self.rules.cite("game", "belote_finish")
                notes.append(f"{name} over only through belote: {cite}")
        return "; ".join(notes)

    def _validates(self, facts: DealFacts, score: DealScore, team: int,
                   rule: BeloteFinish) -> bool:
        if rule == BeloteFinish.WIN_TRICK_LATER:
            return took_a_trick(facts, team)
        if team not in [s & 1 for s in facts.belote]:
            return score.scores[TEAMS[team]] > 0
        return self._without_belote(facts, team) > 0

    def _only_through_belote(self, facts: DealFacts, score: DealScore,
                             before: dict[str, int], team: int) -> bool:
        name = TEAMS[team]
        if not self.over_target(self.scores[name]) or self.over_target(before[name]):
            return False
        lost = (facts.contract.team == team and not score.made) or not took_a_trick(facts, team)
        if not lost or team not in [s & 1 for s in facts.belote]:
            return False
        extra = self.scores[name] - before[name] - score.scores[name]  # held points received
        return not self.over_target(before[name] + extra + self._without_belote(facts, team))

    def _without_belote(self, facts: DealFacts, team: int) -> int:
        """What `team` would have scored on the deal without its belote (scored by the
        variant)."""
        from .scoring import score_facts

        rest = replace(facts, belote=[s for s in facts.belote if s & 1 != team])
        return score_facts(self.rules, rest).scores[TEAMS[team]]


def took_a_trick(facts: DealFacts, team: int) -> bool:
    """`team` (0 NS, 1 EW) won a trick in the deal: its tricks when known, else its card
    points or the last trick (a trick of no points is the one case this cannot see)."""
    if facts.tricks is not None:
        return facts.tricks[team] + facts.tricks[team + 2] > 0
    return facts.card_points[team] > 0 or facts.last_trick & 1 == team


class UniformBot:
    """A test helper: every legal call and card equally likely (the real bots are in `sim`)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose_call(self, deal: Deal) -> Call:
        return self.rng.choice(deal.legal_calls())

    def choose_card(self, deal: Deal) -> int:
        return random_card(deal.legal_cards(), self.rng.random)
