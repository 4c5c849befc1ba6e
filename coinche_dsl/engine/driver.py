"""The one deal driver: who decides is a `Seat`, the rules are the `Deal`'s.

A seat is whatever decides for one place at the table: a bot (`sim.bots`), the human at the
terminal (`sim.session`), a recorded deal (`replay`), a simulation policy. `play_deal` asks the
seat to act for a call or a card and hands it to `Deal.apply`, which checks it; so no seat can
break a rule, and every command (game, play, replay, simulate) plays by the same loop.

Optional seat hooks, looked up once per deal:

- `declare(deal, seat) -> (combos, belote) | None`: asked before the seat's first card; its
  ordinary announcements (card masks) and whether it claims its belote. None (or no hook)
  declares nothing, and a belote held is claimed (see `Deal.declare`).
- `choose_out_of_turn(deal, seat) -> Call | None`: after each call of the auction, every other
  seat that may call out of turn (`auction.coinche any_time`) is asked, in turn order.

A `Watcher` sees the deal go by (the terminal session prints from it); simulation passes none.

>>> from coinche_dsl.loader import load_variant
>>> from coinche_dsl.engine import compile, Deal, Game
>>> from coinche_dsl.engine.game import UniformBot
>>> import random
>>> rng = random.Random(3)
>>> deal = play_deal(Deal(compile(load_variant("ffb")), 0, rng=rng), [UniformBot(rng)] * 4)
>>> deal.phase in ("over", "redeal")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .auction import Call
from .deal import Deal

if TYPE_CHECKING:
    from .game import Game


class Seat(Protocol):
    """What the driver asks of whoever sits at a place (see the module for optional hooks)."""

    def choose_call(self, deal: Deal) -> Call | str:
        """A call for the seat to act: a `Call`, or text like `N 80 hearts`."""
        ...

    def choose_card(self, deal: Deal) -> int | str:
        """A card for the seat to act: its index, or text like `S 7C`."""
        ...


class Watcher:
    """Hooks called as a deal goes by; each does nothing here (override what you need)."""

    def dealt(self, deal: Deal) -> None:
        """A new deal is dealt, before the first call."""

    def called(self, deal: Deal, out_of_turn: bool) -> None:
        """A call was made (`deal.history[-1]`)."""

    def declared(self, deal: Deal, seat: int, combos: list[int]) -> None:
        """`seat` declared `combos` before its first card."""

    def played(self, deal: Deal, seat: int, card: int) -> None:
        """`seat` played `card` (the trick may have just closed: `deal.trick` is then empty)."""

    def recorded(self, game: Game, deal: Deal) -> None:
        """`game` scored `deal` (or noted its redeal)."""


def play_deal(deal: Deal, seats: Sequence[Any], watcher: Watcher | None = None) -> Deal:
    """Run `deal` to its end (or to a redeal) with one seat per place (N E S W)."""
    if watcher is not None:
        watcher.dealt(deal)
    ask_out = [getattr(s, "choose_out_of_turn", None) for s in seats]
    while deal.phase == "auction":
        deal.apply(seats[deal.to_act].choose_call(deal))
        if watcher is not None:
            watcher.called(deal, False)
        if any(ask_out):
            _out_of_turn(deal, ask_out, watcher)
    declare = [getattr(s, "declare", None) for s in seats]
    while deal.phase == "play":
        seat = deal.to_act
        hook = declare[seat]
        if hook is not None:
            declare[seat] = None
            _declare(deal, seat, hook(deal, seat), watcher)
        card = seats[seat].choose_card(deal)
        deal.apply(card)
        if watcher is not None:
            watcher.played(deal, seat, _last_card(deal))
    return deal


def _out_of_turn(deal: Deal, ask_out: list[Any], watcher: Watcher | None) -> None:
    """Offer each other seat, in turn order, a call out of turn."""
    for k in range(1, 4):
        if deal.phase != "auction":
            return
        seat = (deal.to_act + k * deal.rules.step) & 3
        ask = ask_out[seat]
        if ask is not None and deal.out_of_turn_calls(seat):
            call = ask(deal, seat)
            if call is not None:
                deal.apply(call)
                if watcher is not None:
                    watcher.called(deal, True)


def _declare(deal: Deal, seat: int, declaration: tuple[list[int], bool] | None,
             watcher: Watcher | None) -> None:
    if declaration is None:
        return
    combos, belote = declaration
    deal.declare(seat, combos, belote)
    if watcher is not None:
        watcher.declared(deal, seat, list(combos))


def _last_card(deal: Deal) -> int:
    return deal.trick[-1][1] if deal.trick else deal.tricks[-1].cards[-1][1]


def play_game(game: Game, seats: Sequence[Any] | Any, max_deals: int = 10_000,
              watcher: Watcher | None = None) -> bool:
    """Deal and play `game` with one seat per place (N E S W, or one seat for all four) until
    it is over or `max_deals` deals (redeals included) were played; whether it is over (then
    `game.outcome()` says who won). The one game loop: `coinche play`, simulation and tests
    all play games through it."""
    if not isinstance(seats, Sequence):
        seats = [seats] * 4
    for _ in range(max_deals):
        if game.is_over():
            return True
        deal = play_deal(game.new_deal(), seats, watcher)
        game.record(deal)
        if watcher is not None:
            watcher.recorded(game, deal)
    return game.is_over()
