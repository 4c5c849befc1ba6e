"""`coinche play`: one human against three bots, a whole game, line by line on a Rich console.

Input is one line at a time (a call like `90 hearts`, `pass`, `coinche`; a card like `10H`;
`?` for the rules that apply now; `q` to quit), so a session can be scripted through stdin.
An illegal choice is refused with the engine's explanation and the rule that forbids it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich.markup import escape

from ..cards import SEATS, SUIT_WORDS, parse_card
from ..engine import Call, Deal, Game
from ..engine import compile as compile_rules
from ..engine.announcements import classify, find_announcements
from ..engine.driver import Watcher, play_game
from ..errors import CoincheError, IllegalActionError
from ..text_safety import for_rich
from .levels import make_bot
from .simulate import derive_seed
from .tableview import (
    card_text,
    contract_text,
    hand_line,
    rule_lines,
    score_table,
    sheet_table,
    trick_line,
)

HELP = ("Calls: a value and a denomination (90 hearts, 100 h, capot spades, 80 no-trump), pass, "
        "coinche, surcoinche. Cards: rank then suit (10H, JS, 7C). ? shows the rules now, "
        "q quits.")


CARD_HINT = "type a card: its rank and suit letter, like 10H or JS"


def call_hint(deal: Deal) -> str:
    """What the human may call now, in one line."""
    calls = deal.legal_calls()
    state = [c for c in deal.history if c.kind == "bid"]
    numbers = [c.value for c in calls if c.kind == "bid" and isinstance(c.value, int)]
    options = ["pass"]
    if numbers:
        low, high = min(numbers), max(numbers)
        options.append(f"bid {low}" + (f" to {high}" if high != low else ""))
    options += sorted({str(c.value) for c in calls if c.kind == "bid"
                       and isinstance(c.value, str)})
    options += [c.kind for c in calls if c.kind in ("coinche", "surcoinche")]
    standing = f"highest bid: {state[-1]}" if state else "no bid yet"
    return f"({standing}; you may {', '.join(options)})"


def call_example(deal: Deal) -> str:
    """What to type, as the player would type it: the lowest legal bid and pass (and coinche
    when it may be said), never a seat."""
    calls = deal.legal_calls()
    bids = [c for c in calls if c.kind == "bid"]
    words = [str(bids[0]).split(" ", 1)[1]] if bids else []
    words += ["pass"] + [k for k in ("coinche", "surcoinche") if any(c.kind == k for c in calls)]
    return "type a call, like " + ", ".join(f"'{w}'" for w in words)


MAX_DEALS = 100_000
"""A game at the terminal ends when the human quits long before this."""


class Quit(Exception):
    """The human typed `q` or the input ended."""


class PlaySession(Watcher):
    """A game of `ruleset` with the human at seat `human` (0..3) and bots elsewhere, played by
    the engine's driver: the human is a `TerminalSeat`, and the session watches the deals go by
    to print them."""

    def __init__(self, ruleset: Any, human: int, seed: int | None, console: Any,
                 bots: Any = "heuristic", read: Callable[[str], str] | None = None,
                 lang: str | None = None):
        self.rules = compile_rules(ruleset)
        self.lang = lang or str(ruleset.language)
        """The language of the rules `?` shows (the variant's, or `--lang`)."""
        self.ruleset = ruleset
        self.human = human
        self.console = console
        self.read = read or console.input
        seed = random.randrange(1 << 30) if seed is None else seed
        self.seed = seed
        start = random.Random(derive_seed(seed, "first-dealer")).randrange(4)
        self.game = Game(self.rules, random.Random(derive_seed(seed, "game")), start)
        self.bots = [make_bot(bots, random.Random(derive_seed(seed, "bot", s)), s)
                     for s in range(4)]
        self.seats: list[Any] = list(self.bots)
        self.seats[human] = TerminalSeat(self)
        self.interrupted = False
        """The human pressed Ctrl-C."""
        self.said: set[tuple[int, int]] = set()
        """The belotes said aloud in the deal being played."""

    def say(self, text: Any = "") -> None:
        self.console.print(text)

    # -- the game -------------------------------------------------------------------------
    def run(self) -> bool:
        """Play to the end of the game; False when the human quit."""
        rs = self.ruleset
        self.say(f"[bold]{for_rich(rs.title or rs.name)}[/] — you are {SEATS[self.human]}, "
                 f"your partner {SEATS[(self.human + 2) % 4]}; game to {rs.game.target} "
                 f"(seed {self.seed}).")
        self.say(HELP)
        try:
            play_game(self.game, self.seats, MAX_DEALS, self)
        except (Quit, KeyboardInterrupt) as e:
            if isinstance(e, KeyboardInterrupt):  # Ctrl-C: off the prompt's line, no traceback
                self.interrupted = True
                self.say()
            self.say("Game abandoned.")
            return False
        outcome = self.game.outcome()
        mine = "NS" if self.human % 2 == 0 else "EW"
        result = f"{outcome.winner} win" if outcome.winner else "Drawn game"
        self.say(f"[bold]{result}[/] {outcome.scores['NS']} to "
                 f"{outcome.scores['EW']} (NS–EW) after {outcome.deals} deals"
                 + (": well played!" if outcome.winner == mine else "."))
        return True

    # -- what the table sees (Watcher hooks) ----------------------------------------------
    def dealt(self, deal: Deal) -> None:
        self.said = set()
        self.say(f"\n[bold]Deal {len(self.game.sheet) + 1}[/], dealt by {SEATS[deal.dealer]}.")
        self.say(f"Your hand: {hand_line(self.rules, deal.hands[self.human], None)}")

    def called(self, deal: Deal, out_of_turn: bool) -> None:
        self.say(f"  {deal.history[-1]}" + (" (out of turn)" if out_of_turn else ""))
        if deal.phase == "redeal":
            self.say("Everybody passed: the cards are dealt again.")
        elif deal.phase == "play":
            self.say("Auction: " + ", ".join(str(c) for c in deal.history))
            self.say(f"Contract: [bold]{contract_text(deal.contract)}[/]")

    def declared(self, deal: Deal, seat: int, combos: list[int]) -> None:
        assert deal.contract is not None
        for mask in combos:
            who = "You announce" if seat == self.human else f"{SEATS[seat]} announces"
            self.say(f"  {who} {classify(mask, deal.contract.denomination, self.rules).label}")

    def played(self, deal: Deal, seat: int, card: int) -> None:
        said = set(deal.belote_said()) - self.said
        for holder, suit in sorted(said):  # when it is said is the rules' (`belote.said_at`)
            who = "You say" if holder == self.human else f"{SEATS[holder]} says"
            self.say(f"  {who} belote ({SUIT_WORDS[suit]} king and queen).")
        self.said |= said
        if not deal.trick:
            self.say(trick_line(len(deal.tricks), deal.tricks[-1]))

    def recorded(self, game: Game, deal: Deal) -> None:
        if deal.phase != "over":
            return
        self.say(score_table(deal.result()))
        self.say(sheet_table(game.sheet, self.ruleset.game.target))

    # -- input ----------------------------------------------------------------------------
    def ask(self, deal: Deal, prompt: str, parse: Callable[[str], Any], hint: str) -> Any:
        """Read lines until one is a legal action (tried on a copy of the deal); return it."""
        while True:
            try:
                line = self.read(f"{prompt} (? rules, q quit): ").strip()
            except EOFError:
                raise Quit() from None
            if line.lower() in ("q", "quit", "exit"):
                raise Quit()
            if line in ("?", "help"):
                self.show_rules(deal)
                continue
            if not line:
                continue
            try:
                action = parse(line)
                deal.copy().apply(action)
                return action
            except IllegalActionError as e:
                self.say(f"[red]Not allowed:[/] {escape(str(e))}"
                         + (f" [dim](rule: {escape(e.rule)})[/]" if e.rule else ""))
            except CoincheError:  # a word that is no call or card: what to type instead
                self.say(f"[red]Cannot read {escape(repr(line))}[/]: {escape(hint)}.")

    def show_rules(self, deal: Deal) -> None:
        """The rules of the phase in the sheet's own sentences, in the table's language."""
        from ..render.i18n import translator

        contract = deal.contract if deal.phase != "auction" else None
        tr = translator(self.lang)
        heading = tr({"auction": "h.auction", "play": "h.play"}.get(deal.phase, "h.scoring"))
        self.say(f"[bold]{for_rich(heading)}[/] ({for_rich(self.ruleset.name)})")
        for line in rule_lines(self.ruleset, deal.phase,
                               contract.denomination if contract else None, self.lang):
            self.say(f"  {line}")


class TerminalSeat:
    """The human's `Seat`: every choice is read from the session's input."""

    def __init__(self, session: PlaySession):
        self.session = session
        self.say = session.say

    def choose_call(self, deal: Deal) -> Any:
        self.say(call_hint(deal))
        seat = deal.to_act
        return self.session.ask(deal, "Your call", lambda line: f"{SEATS[seat]} {line}",
                                call_example(deal))

    def choose_out_of_turn(self, deal: Deal, seat: int) -> Any:
        """Where the rules let a player coinche out of turn (`auction.coinche any_time`), the
        human is asked after each other player's call, since a line-based table has no other
        moment."""
        calls: dict[str, Call] = {c.kind: c for c in deal.out_of_turn_calls(seat)}
        last = deal.history[-1]
        if not calls or last.kind not in ("bid", "coinche") or (last.seat - seat) % 2 == 0:
            return None  # offered once, when an opponent bids (or coinches the human's side)
        while True:
            try:
                line = self.session.read(f"You may {' or '.join(calls)} now, out of turn "
                                         "(Enter lets the auction go on): ").strip().lower()
            except EOFError:
                raise Quit() from None
            if line in ("q", "quit", "exit"):
                raise Quit()
            if line in ("?", "help"):
                self.session.show_rules(deal)
                continue
            return calls.get(line)

    def declare(self, deal: Deal, seat: int) -> tuple[list[int], bool]:
        """Every announcement the hand holds, and its belote claimed."""
        assert deal.contract is not None
        d = deal.contract.denomination
        combos = [c.mask for c in find_announcements(deal.hands[seat], d, deal.rules)]
        return combos, True  # the belote is claimed; the table hears it when it is said

    def choose_card(self, deal: Deal) -> int:
        assert deal.contract is not None
        on_table = ", ".join(f"{SEATS[s]} {card_text(c)}" for s, c in deal.trick) or "-"
        self.say(f"On the table: {on_table}")
        legal, hand = deal.legal_cards(), deal.hands[deal.to_act]
        if legal & (legal - 1) == 0:  # one card only: no choice to ask for
            only = legal.bit_length() - 1
            self.say(f"You play {card_text(only)}, your only card you may play.")
            return only
        note = "   [dim](in parentheses: cards you may not play now)[/]" if legal != hand \
            else ""
        self.say("Your hand: " + hand_line(self.session.rules, hand,
                                           deal.contract.denomination, legal) + note)
        card: int = self.session.ask(deal, "Your card", lambda line: parse_card(line, "card"),
                                     CARD_HINT)
        return card
