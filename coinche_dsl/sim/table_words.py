"""What `coinche play` says and reads, in the table's language (the variant's, or `--lang`).

Every word the table sees comes from the sheets' catalogs (`render/messages`, keys `tbl.*`,
and `refuse.*` for the engine's refusals), with the variant's own words (`terms`) in place of
the catalog's, numbers as the language writes them (Babel), seats, suits and denominations as
its rule sheet names them. A refusal is the engine's code and parameters said in the language
(`IllegalActionError.code`), followed by the rule that forbids it in the sheet's own sentence
and where it is written, never the engine's English text.

English keeps the words it always had (seat letters, `10H` cards, the rule's key).
What a player types is read in the language too: « passe », « contre », « cent pique »,
« quatre-vingt-dix sans atout », « dame de cœur », « DC », « D♥ » (`native_words`).
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from ..cards import SEATS, card_name, cards_of, parse_card
from ..engine import Call
from ..engine.auction import DENOMINATION_FILE_WORDS, parse_call
from ..engine.facts import DENOMINATION_WORDS
from ..errors import IllegalActionError, InputError
from ..native_words import bid_word, call_word, card_hint, card_word, fold, native
from ..render.i18n import Translator, terms_of, translator
from ..text_safety import for_rich
from .tableview import RED_SUITS, contract_text, hand_line, score_table, sheet_table

QUIT_WORDS = frozenset(("q", "quit", "exit", "quitter", "salir", "esci", "sair"))
HELP_WORDS = frozenset(("?", "help", "aide", "ayuda", "aiuto", "ajuda"))
"""What quits and what shows the rules, in any of the five languages."""
SUIT_SIGNS = ("♣", "♦", "♥", "♠")
_RANK_KEYS = ("7", "8", "9", "10", "J", "Q", "K", "A")


class Marked(str):
    """A message's parameter that is Rich markup already (a card's colour, a bold word)."""


class TableWords:
    """The table's words in `lang` for `ruleset`."""

    def __init__(self, ruleset: Any, lang: str):
        self.ruleset = ruleset
        self.lang = lang
        self.english = lang == "en"
        self.tr: Translator = translator(lang, terms_of(ruleset, lang))

    def __call__(self, key: str, /, **params: Any) -> str:
        """The catalog's message `key`, escaped for Rich (a variant's word may hold `[`); a
        `Marked` parameter keeps its markup."""
        marked = {name: v for name, v in params.items() if isinstance(v, Marked)}
        for i, name in enumerate(marked):
            params[name] = f"\x00{i}\x00"
        text = escape(self.tr(key, **params))
        for i, value in enumerate(marked.values()):
            text = text.replace(f"\x00{i}\x00", value)
        return text

    # -- names ----------------------------------------------------------------------------
    def seat(self, seat: int) -> str:
        """A seat in a sentence: `S` in English (as it always was), else « Sud »."""
        return SEATS[seat] if self.english else self.tr(f"seat.{SEATS[seat]}")

    def letter(self, seat: int) -> str:
        """A seat in a list of calls or cards: `W`, « O » (Ouest, Oeste, Ovest), « L » (Leste)."""
        return SEATS[seat] if self.english else self.tr(f"seat.{SEATS[seat]}")[:1]

    def team(self, team: str) -> str:
        return team if self.english else self.tr(f"team.{team}")

    def team_letters(self, team: str) -> str:
        first = SEATS.index(team[0])
        return team if self.english else self.letter(first) + self.letter(first + 2)

    def num(self, n: int) -> str:
        return str(n) if self.english else self.tr.num(n)

    def card(self, card: int, mark: bool = True) -> str:
        """`10H` in English, « V♥ », « 10♠ » elsewhere (the sheet's rank letters, which a
        player may type back), with colour markup."""
        if self.english:
            name = card_name(card)
        else:
            rank = _RANK_KEYS[card & 7]
            letter = "A" if rank == "A" else self.tr(f"rank.{rank}")
            name = letter + SUIT_SIGNS[card >> 3]
        colour = "red" if card >> 3 in RED_SUITS else "default"
        return f"[{colour}]{name}[/]" if mark else name

    def denomination(self, d: int) -> str:
        return DENOMINATION_WORDS[d] if self.english else self.tr(
            f"denom.{DENOMINATION_WORDS[d]}")

    def bid(self, value: Any) -> str:
        if isinstance(value, int) or self.english:
            return self.num(value) if isinstance(value, int) else str(value)
        return self.tr(f"bid.{value}")

    def call(self, call: Call) -> str:
        """A call in the auction's history: `E 80 hearts`, « E 80 cœur », « O passe »."""
        if self.english:
            return str(call)
        # a no-break space: the seat's letter is no article to lower after a colon (« E passe »)
        return f"{self.letter(call.seat)}\u00a0{self.call_words(call)}"

    def call_words(self, call: Call) -> str:
        """What a player says for `call`: « passe », « contre », « 90 cœur »."""
        if call.kind != "bid":
            return self.tr(f"tbl.call.{call.kind}")
        return f"{self.bid(call.value)} {self.denomination(call.denomination or 0)}"

    def contract(self, contract: Any) -> str:
        if self.english or contract is None:
            return contract_text(contract)
        text = self.tr("ex.contract", bid=self.bid(contract.bid),
                       denom=self.denomination(contract.denomination),
                       seat=self.seat(contract.declarer))
        doubled = {1: "coinche", 2: "surcoinche"}.get(contract.double)
        return text + (", " + self.tr(f"ex.double.{doubled}") if doubled else "")

    def quoted(self, word: str) -> str:
        return self.tr("tbl.quoted", word=word)

    def either(self, words: list[str]) -> str:
        """`a or b`, `a, b or c` in the language."""
        out = words[-1] if words else ""
        for word in reversed(words[:-1]):
            out = self.tr("tbl.or", a=word, b=out) if out == words[-1] else f"{word}, {out}"
        return out

    # -- lines ----------------------------------------------------------------------------
    def hand(self, rules: Any, hand: int, denomination: int | None, legal: int = -1) -> str:
        return hand_line(rules, hand, denomination, legal, name=lambda c: self.card(c, False))

    def trick(self, number: int, trick: Any) -> str:
        """`Trick 3: W 7C, N 8C, E AC, S 10C → E takes 21 points`."""
        cards = ", ".join(f"{self.letter(s)} {self.card(c)}" for s, c in trick.cards)
        return self("tbl.trick", n=number, cards=Marked(cards),
                    winner=Marked(f"[bold]{self.letter(trick.winner)}[/]"), points=trick.points)

    def announcement(self, combination: Any) -> str:
        """A carré or a sequence as the sheet names it, with its cards."""
        if self.english:
            return escape(combination.label)
        from ..render.describe import run_name

        cards = list(cards_of(combination.mask))
        if combination.kind == "carre":
            name = self.tr("ann.four", rank=self.tr(f"ranks.{_RANK_KEYS[cards[0] & 7]}"))
        else:
            name = run_name(len(cards), combination.value, self.tr)
        return escape(name) + " — " + " ".join(self.card(c) for c in cards)

    def suit_of_belote(self, suit: int) -> str:
        return DENOMINATION_WORDS[suit] if self.english else self.denomination(suit)

    def score(self, result: Any, contract: Any) -> Any:
        """The deal's score breakdown, each line what the sheet says it is for."""
        if self.english:
            return score_table(result)
        from rich.table import Table

        from ..render.prose import Prose
        from ..render.worked import line_label

        rs, tr = self.ruleset, self.tr
        factor = {0: 1, 1: rs.auction.coinche_factor, 2: rs.auction.surcoinche_factor}.get(
            contract.double if contract is not None else 0)
        prose = Prose(rs, tr)
        table = Table(self("tbl.col.team"), self("tbl.col.points"), self("tbl.col.for"),
                      self("tbl.col.rule"), title_justify="left",
                      title=self("tbl.score.made" if result.made else "tbl.score.failed"))
        for line in result.lines:
            rule = line.rule
            where = f"{rule.file}:{rule.line}" if rule.file else ""
            table.add_row(escape(self.team_letters(line.team)), self.num(line.points),
                          for_rich(line_label(line, tr, prose, factor)), for_rich(where))
        for team in ("NS", "EW"):
            table.add_row(f"[bold]{escape(self.team_letters(team))}[/]",
                          f"[bold]{self.num(result.scores[team])}[/]", self("tbl.this_deal"), "")
        return table

    def sheet(self, sheet: list[Any], target: int, contracts: list[Any],
              notes: list[list[tuple[str, str]]]) -> Any:
        """The running score sheet; `contracts` and `notes` (key, team) per line of it."""
        if self.english:
            return sheet_table(sheet, target)
        from rich.table import Table

        ns, ew = (escape(self.team_letters(t)) for t in ("NS", "EW"))
        table = Table(self("tbl.col.deal"), self("tbl.col.dealer"), self("tbl.col.contract"),
                      ns, ew, self("tbl.col.total", team=ns), self("tbl.col.total", team=ew),
                      self("tbl.col.note"), title=self("tbl.sheet", target=target),
                      title_justify="left")
        for i, line in enumerate(sheet):
            contract = contracts[i] if i < len(contracts) else None
            said = "-" if contract is None else for_rich(self.contract(contract))
            if line.made is not None:
                said += " " + self("tbl.made" if line.made else "tbl.failed")
            note = "; ".join(self(key, team=self.team_letters(team)) for key, team in
                             (notes[i] if i < len(notes) else []))
            table.add_row(self.num(i + 1), self.letter(line.dealer), said,
                          self.num(line.points["NS"]), self.num(line.points["EW"]),
                          self.num(line.totals["NS"]), self.num(line.totals["EW"]), note)
        return table

    # -- refusals -------------------------------------------------------------------------
    def refusal(self, e: IllegalActionError) -> str:
        """A refused call or card, said to the player refused: why, then the rule as the sheet
        says it and where it is written."""
        if self.english:
            return (f"[red]Not allowed:[/] {escape(str(e))}"
                    + (f" [dim](rule: {escape(e.rule)})[/]" if e.rule else ""))
        key = f"refuse.{e.code}"
        why = self.tr(key, **self._said(e.params)) if e.code and self.tr.has(key) else ""
        said = self.tr("tbl.refused", why=why).rstrip(": \u202f")  # no reason: « Refusé. »
        said = said if said.endswith(("…", ".")) else said + "."
        rule = self.rule_sentence(e.rule)
        return f"[red]{escape(said)}[/]" + (f" [dim]{rule}[/]" if rule else "")

    def rule_sentence(self, rule: str) -> str:
        """`play.must_overtrump` in the sheet's sentence, with where it is written (escaped
        for Rich); empty for what no sheet sentence says (the turn, the cards held)."""
        from ..model.relevance import rule_paths
        from ..render.describe import describe

        path = tuple(rule.split(".")) if rule else ()
        if path == ("play", "follow_suit"):
            sentence, where = self.tr("tbl.rule.follow_suit"), self.ruleset.where("play")
        elif path in set(rule_paths()):
            try:
                sentence = describe(self.ruleset, path, self.tr)
            except (TypeError, KeyError):
                return ""
            where = self.ruleset.where(*path)
        else:
            return ""
        text = self.tr("tbl.rule", rule=sentence)
        return for_rich(text) + (f" ({for_rich(where)})" if where else "")

    def _said(self, params: dict[str, Any]) -> dict[str, str]:
        """A refusal's parameters in words: seats, cards, suits, bids."""
        out: dict[str, str] = {}
        for name, value in params.items():
            if name in ("seat", "to_act", "declarer"):
                out[name] = self.seat(int(value))
            elif name == "card":
                out[name] = self.card(int(value), False)
            elif name == "cards":
                out[name] = " ".join(self.card(c, False) for c in cards_of(int(value)))
            elif name in ("suit", "denomination"):
                out[name] = self.denomination(int(value))
            elif name in ("value", "next"):
                out[name] = "—" if value is None else self.bid(value)
            elif name == "bids":
                out[name] = ", ".join(self.num(v) for v in list(value)[:4])
        if "value" in params and "denomination" in params:
            out["bid"] = f"{out['value']} {out['denomination']}"
        return out

    # -- what a player types ----------------------------------------------------------------
    def read_call(self, line: str, seat: int) -> Call:
        """The call a player's words say: « passe », « contre », « 80 cœur », « cent pique »,
        « capot sans atout »; InputError for words that say no call."""
        if self.english:
            return parse_call(f"{SEATS[seat]} {line}")
        said = self.call_kind(line)
        if said is not None:
            return Call(seat, said)  # type: ignore[arg-type]
        words = line.split()
        for size in (1, 2):  # the denomination: the last word or two (« sans atout »)
            if len(words) <= size:
                break
            named = " ".join(words[-size:])
            found = native(named, DENOMINATION_FILE_WORDS) or named
            value = bid_word(" ".join(words[:-size]))
            if value is None or " " in found:
                continue
            try:
                return parse_call(f"{SEATS[seat]} {value} {found}")
            except InputError:
                continue
        raise InputError(f"cannot read call {line!r}", "call")

    def call_kind(self, line: str) -> str | None:
        """`pass`, `coinche` or `surcoinche` for a player's word (« passe », « contre », the
        catalog's « coincher », the variant's own word), else None."""
        said = call_word(line)
        if said is not None:
            return said
        key = fold(line)
        for kind in ("pass", "coinche", "surcoinche"):
            words = [self.tr(f"tbl.call.{kind}")]
            if kind != "pass":
                words.append(self.tr(f"tbl.verb.{kind}"))
            if key in {fold(w) for w in words}:
                return kind
        return None

    def read_card(self, line: str) -> int:
        """The card a player's words name: `10H`, « dame de cœur », « DC », « D♥ »."""
        if self.english:
            return parse_card(line, "card")
        code = card_word(line, self.lang)
        if code is None:
            raise InputError(f"cannot read card {line!r}", "card")
        return parse_card(code, "card")

    def card_hint(self, line: str) -> str:
        """How to type a card, in the language (why « valet d'atout » names none)."""
        return "type a card: its rank and suit letter, like 10H or JS" if self.english \
            else card_hint(line, self.lang)
