"""`coinche play`: one human against three bots, a whole game, line by line on a Rich console.

Input is one line at a time (a call like `90 hearts`, `pass`, `coinche`; a card like `10H`;
`?` for the rules that apply now; `q` to quit), so a session can be scripted through stdin.
An illegal choice is refused with the engine's explanation and the rule that forbids it.
Everything is said and read in the table's language (`table_words`): the variant's, or
`--lang`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich.markup import escape

from ..engine import Call, Deal, Game
from ..engine import compile as compile_rules
from ..engine.announcements import classify, find_announcements
from ..engine.driver import Watcher, play_game
from ..errors import CoincheError, IllegalActionError
from ..text_safety import for_rich
from .levels import make_bot
from .simulate import derive_seed
from .table_words import HELP_WORDS, QUIT_WORDS, Marked, TableWords
from .tableview import rule_lines


def call_hint(deal: Deal, words: TableWords | None = None) -> str:
    """What the human may call now, in one line (in the table's `words`; English without)."""
    w = words or TableWords(None, "en")
    calls = deal.legal_calls()
    state = [c for c in deal.history if c.kind == "bid"]
    numbers = [c.value for c in calls if c.kind == "bid" and isinstance(c.value, int)]
    options = [w.tr("tbl.call.pass")]
    if numbers:
        low, high = min(numbers), max(numbers)
        options.append(w.tr("tbl.may.bids", low=w.num(low), high=w.num(high)) if high != low
                       else w.tr("tbl.may.bid", low=w.num(low)))
    options += sorted({w.bid(c.value) for c in calls if c.kind == "bid"
                       and isinstance(c.value, str)})
    options += [w.tr(f"tbl.call.{c.kind}") for c in calls if c.kind in ("coinche", "surcoinche")]
    standing = w.tr("tbl.standing.bid", bid=w.call(state[-1])) if state else \
        w.tr("tbl.standing.none")
    return w.tr("tbl.may", standing=standing, options=", ".join(options))


def call_example(deal: Deal, words: TableWords | None = None) -> str:
    """What to type, as the player would type it: the lowest legal bid and pass (and coinche
    when it may be said), never a seat."""
    w = words or TableWords(None, "en")
    calls = deal.legal_calls()
    bids = [c for c in calls if c.kind == "bid"]
    said = [w.call_words(bids[0])] if bids else []
    said += [w.tr("tbl.call.pass")] + [w.tr(f"tbl.call.{k}") for k in ("coinche", "surcoinche")
                                       if any(c.kind == k for c in calls)]
    return w.tr("tbl.call_example", examples=", ".join(w.quoted(x) for x in said))


MAX_DEALS = 100_000
"""A game at the terminal ends when the human quits long before this."""


class Quit(Exception):
    """The human typed `q` or the input ended."""


class PlaySession(Watcher):
    """A game of `ruleset` with the human at seat `human` (0..3) and bots elsewhere, played by
    the engine's driver: the human is a `TerminalSeat`, and the session watches the deals go by
    to print them, in the table's language (`lang`, by default the variant's)."""

    def __init__(self, ruleset: Any, human: int, seed: int | None, console: Any,
                 bots: Any = "heuristic", read: Callable[[str], str] | None = None,
                 lang: str | None = None):
        self.rules = compile_rules(ruleset)
        self.lang = lang or str(ruleset.language)
        """The table's language (the variant's, or `--lang`)."""
        self.words = TableWords(ruleset, self.lang)
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
        self.contracts: list[Any] = []
        self.notes: list[list[tuple[str, str]]] = []
        """Per line of the score sheet: its contract, and what its note says (a key and a
        team), for the sheet in the table's words."""
        self.pending = list(self.game.pending)

    def say(self, text: Any = "") -> None:
        self.console.print(text)

    # -- the game -------------------------------------------------------------------------
    def run(self) -> bool:
        """Play to the end of the game; False when the human quit."""
        rs, w = self.ruleset, self.words
        self.say(w("tbl.intro", title=Marked(f"[bold]{for_rich(rs.title or rs.name)}[/]"),
                   seat=w.seat(self.human), partner=w.seat((self.human + 2) % 4),
                   target=w.num(rs.game.target), seed=str(self.seed)))
        self.say(w("tbl.help"))
        try:
            play_game(self.game, self.seats, MAX_DEALS, self)
        except (Quit, KeyboardInterrupt) as e:
            if isinstance(e, KeyboardInterrupt):  # Ctrl-C: off the prompt's line, no traceback
                self.interrupted = True
                self.say()
            self.say(w("tbl.abandoned"))
            return False
        outcome = self.game.outcome()
        mine = "NS" if self.human % 2 == 0 else "EW"
        result = w("tbl.win", team=w.team(outcome.winner)) if outcome.winner else \
            w("tbl.drawn")
        teams = "NS–EW" if w.english else f"{w.team('NS')} – {w.team('EW')}"
        self.say(w("tbl.final.won" if outcome.winner == mine else "tbl.final",
                   result=Marked(f"[bold]{result}[/]"), ns=w.num(outcome.scores["NS"]),
                   ew=w.num(outcome.scores["EW"]), teams=teams, n=outcome.deals))
        return True

    # -- what the table sees (Watcher hooks) ----------------------------------------------
    def dealt(self, deal: Deal) -> None:
        self.said = set()
        w = self.words
        number = Marked(f"[bold]{w('tbl.deal', n=len(self.game.sheet) + 1)}[/]")
        self.say("\n" + w("tbl.dealt", deal=number, seat=w.seat(deal.dealer)))
        self.say(w("tbl.hand", hand=Marked(w.hand(self.rules, deal.hands[self.human], None))))

    def called(self, deal: Deal, out_of_turn: bool) -> None:
        w = self.words
        self.say(f"  {escape(w.call(deal.history[-1]))}"
                 + (" " + w("tbl.out_of_turn") if out_of_turn else ""))
        if deal.phase == "redeal":
            self.say(w("tbl.redeal"))
        elif deal.phase == "play":
            self.say(w("tbl.auction", calls=", ".join(w.call(c) for c in deal.history)))
            self.say(w("tbl.contract",
                       contract=Marked(f"[bold]{escape(w.contract(deal.contract))}[/]")))

    def declared(self, deal: Deal, seat: int, combos: list[int]) -> None:
        assert deal.contract is not None
        w = self.words
        for mask in combos:
            what = Marked(w.announcement(classify(mask, deal.contract.denomination, self.rules)))
            self.say("  " + (w("tbl.announce.you", what=what) if seat == self.human else
                             w("tbl.announce", seat=w.seat(seat), what=what)))

    def played(self, deal: Deal, seat: int, card: int) -> None:
        said = set(deal.belote_said()) - self.said
        w = self.words
        for holder, suit in sorted(said):  # when it is said is the rules' (`belote.said_at`)
            suit_word = w.suit_of_belote(suit)
            self.say("  " + (w("tbl.belote.you", suit=suit_word) if holder == self.human else
                             w("tbl.belote", seat=w.seat(holder), suit=suit_word)))
        self.said |= said
        if not deal.trick:
            self.say(w.trick(len(deal.tricks), deal.tricks[-1]))

    def recorded(self, game: Game, deal: Deal) -> None:
        notes = [("tbl.note.redeal", "")] if deal.phase == "redeal" else []
        for team, name in enumerate(("NS", "EW")):
            if self.pending[team] and not game.pending[team]:
                notes.append(("tbl.note.validated", name))
            elif game.pending[team] and not self.pending[team]:
                notes.append(("tbl.note.pending", name))
        self.pending = list(game.pending)
        self.contracts.append(deal.contract if deal.phase == "over" else None)
        self.notes.append(notes)
        if deal.phase != "over":
            return
        self.say(self.words.score(deal.result(), deal.contract))
        self.say(self.words.sheet(game.sheet, self.ruleset.game.target, self.contracts,
                                  self.notes))

    # -- input ----------------------------------------------------------------------------
    def ask(self, deal: Deal, prompt: str, parse: Callable[[str], Any],
            hint: Callable[[str], str]) -> Any:
        """Read lines until one is a legal action (tried on a copy of the deal); return it."""
        w = self.words
        while True:
            try:
                line = self.read(w("tbl.ask", prompt=w.tr(prompt))).strip()
            except EOFError:
                raise Quit() from None
            if line.lower() in QUIT_WORDS:
                raise Quit()
            if line.lower() in HELP_WORDS:
                self.show_rules(deal)
                continue
            if not line:
                continue
            try:
                action = parse(line)
                deal.copy().apply(action)
                return action
            except IllegalActionError as e:
                self.say(w.refusal(e))
            except CoincheError:  # a word that is no call or card: what to type instead
                if w.english:
                    self.say(f"[red]Cannot read {escape(repr(line))}[/]: {escape(hint(line))}.")
                else:
                    self.say("[red]" + w("tbl.cannot_read", line=w.quoted(line),
                                         hint=hint(line)) + "[/]")

    def show_rules(self, deal: Deal) -> None:
        """The rules of the phase in the sheet's own sentences, in the table's language."""
        contract = deal.contract if deal.phase != "auction" else None
        tr = self.words.tr
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
        w = self.session.words
        self.say(escape(call_hint(deal, w)))
        seat = deal.to_act
        example = call_example(deal, w)
        return self.session.ask(deal, "tbl.prompt.call", lambda line: w.read_call(line, seat),
                                lambda line: example)

    def choose_out_of_turn(self, deal: Deal, seat: int) -> Any:
        """Where the rules let a player coinche out of turn (`auction.coinche any_time`), the
        human is asked after each other player's call, since a line-based table has no other
        moment."""
        calls: dict[str, Call] = {c.kind: c for c in deal.out_of_turn_calls(seat)}
        last = deal.history[-1]
        if not calls or last.kind not in ("bid", "coinche") or (last.seat - seat) % 2 == 0:
            return None  # offered once, when an opponent bids (or coinches the human's side)
        w = self.session.words
        offer = w("tbl.offer", calls=w.either([w.tr(f"tbl.verb.{k}") for k in calls]))
        while True:
            try:
                line = self.session.read(offer).strip()
            except EOFError:
                raise Quit() from None
            if line.lower() in QUIT_WORDS:
                raise Quit()
            if line.lower() in HELP_WORDS:
                self.session.show_rules(deal)
                continue
            kind = w.call_kind(line) if line else None
            return calls.get(kind) if kind else None

    def declare(self, deal: Deal, seat: int) -> tuple[list[int], bool]:
        """Every announcement the hand holds, and its belote claimed."""
        assert deal.contract is not None
        d = deal.contract.denomination
        combos = [c.mask for c in find_announcements(deal.hands[seat], d, deal.rules)]
        return combos, True  # the belote is claimed; the table hears it when it is said

    def choose_card(self, deal: Deal) -> int:
        assert deal.contract is not None
        w = self.session.words
        on_table = ", ".join(f"{w.letter(s)} {w.card(c)}" for s, c in deal.trick) or "-"
        self.say(w("tbl.on_table", cards=Marked(on_table)))
        legal, hand = deal.legal_cards(), deal.hands[deal.to_act]
        if legal & (legal - 1) == 0:  # one card only: no choice to ask for
            only = legal.bit_length() - 1
            self.say(w("tbl.only_card", card=Marked(w.card(only))))
            return only
        note = f"   [dim]{w('tbl.parentheses')}[/]" if legal != hand else ""
        shown = w.hand(self.session.rules, hand, deal.contract.denomination, legal)
        self.say(w("tbl.hand", hand=Marked(shown)) + note)
        card: int = self.session.ask(deal, "tbl.prompt.card", w.read_card, w.card_hint)
        return card
