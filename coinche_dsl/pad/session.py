"""`coinche marque` at the terminal: each line a deal in the table's words, or a word of the
pad's own (the sheet, undo, fix a deal, help, quit), the record kept on disk after every deal.

The record on disk is replaced whole and atomically after each change (`write_atomic`), so a
Ctrl-C, a crash or a power cut leaves the game as it was after the last deal told.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Diagnostic, Position, VariantError, args
from ..model.enums import Denomination
from .record import GameRecord, PadDeal
from .said import Said, complete, read_said
from .said_words import localized
from .sheet import GameError, score_game
from .words import (
    PadWords,
    columns,
    deal_lines,
    end_line,
    sheet_table,
    team_names,
    totals_line,
)

if TYPE_CHECKING:
    from ..engine import CompiledRules


def told(rules: CompiledRules, line: str, name: str) -> PadDeal:
    """The deal `line` tells, checked as a variant file's example is; VariantError with each
    problem at its column of `line` (in `name`)."""
    from ..deal_text import check_summary
    from ..engine.facts import DENOMINATION_WORDS

    said: Said = read_said(line, name, rules.ruleset.language)
    if said.passed:
        return PadDeal.model_validate({"passed": True, "said": line})
    trump = said.data.get("trump", "hearts")
    den = DENOMINATION_WORDS.index(Denomination(trump).value)
    data = complete(said, rules.plan.deck_total[den])
    positions = {key: Position(name, 1, column) for key, column in said.columns.items()}
    check_summary(data, positions, name)
    return PadDeal.model_validate({**data, "said": line})


def tell(rules: CompiledRules, record: GameRecord, line: str, name: str = "deal",
         at: int | None = None) -> GameRecord:
    """`record` with the deal `line` tells added (or put in place of deal number `at`), once
    the whole game still scores; VariantError located in `line` otherwise."""
    deal = told(rules, line, name)
    deals = list(record.deals)
    if at is None:
        deals.append(deal)
    else:
        deals[at - 1] = deal
    updated = record.model_copy(update={"deals": deals})
    try:
        score_game(rules, updated)
    except GameError as e:
        lang = rules.ruleset.language
        columns = read_said(line, name, lang).columns if not deal.passed else {}
        key = (e.field.split(".")[0].split("[")[0],) if e.field else None
        column = columns.get(key, 1) if key else 1
        raise VariantError([Diagnostic(Position(name, 1, column), e.reason, code=e.code,
                                       params=args(**e.params))]) from None
    return updated


def read_record(text: str, file: str) -> GameRecord:
    """A game record from its JSON text; VariantError naming the first problems and where,
    each with its sentence's key in the problem catalogs (`record.*`)."""
    from pydantic import ValidationError

    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError, ValueError) as e:
        raise VariantError([Diagnostic(Position(file, getattr(e, "lineno", 1),
                                                getattr(e, "colno", 1)),
                                       "not a game record: invalid JSON",
                                       code="record.invalid_json")]) from None
    try:
        return GameRecord.model_validate(data)
    except ValidationError as e:
        problems = []
        for err in e.errors()[:10]:
            where = ".".join(str(p) for p in err["loc"] if not str(p).startswith("function"))
            missing = err["type"] == "missing"
            value = json.dumps(err.get("input"), ensure_ascii=False)[:40]
            problems.append(Diagnostic(Position(file, 1, 1),
                                       f"{where}: {err['msg']}" if where else err["msg"],
                                       code="" if not where else "record.missing"
                                       if missing else "record.value",
                                       params=args(where=where, **({} if missing else
                                                                   {"value": value}))))
        raise VariantError(problems) from None


def save(record: GameRecord, path: Path) -> None:
    """The record written whole, atomically (the old file stays until the new one is)."""
    from ..render.output import write_atomic

    write_atomic(path, json.dumps(record.to_json(), ensure_ascii=False, indent=1) + "\n")


@dataclass
class Pad:
    """One game at the terminal: the rules, the record and where it is kept."""

    rules: CompiledRules
    record: GameRecord
    path: Path
    words: PadWords
    out: Callable[[str], None] = print

    def names(self) -> dict[str, str]:
        return team_names(self.record.teams, self.words)

    def prompt(self) -> str:
        sheet = score_game(self.rules, self.record)
        seat = self.words.sheet(f"seat.{sheet.dealer}")
        return self.words("pad.prompt", n=len(self.record.deals) + 1, seat=seat)

    def over(self) -> bool:
        return score_game(self.rules, self.record).over

    def answer(self, line: str) -> bool:
        """Act on one line typed at the table; False once the table asks to stop."""
        w, text = self.words, line.strip()
        first, _, rest = text.partition(" ")
        word = first.lower()
        if not text:
            return True
        if word in w.words("pad.word.quit"):
            return False
        if word in w.words("pad.word.help"):
            self.out(w("pad.help"))
        elif word in w.words("pad.word.sheet"):
            self.show_sheet()
        elif word in w.words("pad.word.undo"):
            self.undo()
        elif word in w.words("pad.word.fix") and rest.strip().split(" ")[0].isdigit():
            number, _, deal = rest.strip().partition(" ")
            self.fix(int(number), deal)
        elif self.over():
            self.out(w("pad.over"))
        else:
            self.add(text)
        return True

    def add(self, text: str, at: int | None = None) -> None:
        number = at or len(self.record.deals) + 1
        try:
            self.record = tell(self.rules, self.record, text, self.words("pad.deal", n=number),
                               at)
        except VariantError as e:
            self.out(self.words("pad.error", message="") .rstrip())
            for d in e.diagnostics:
                self.out(pointed(text, localized(d, self.words)))
            return
        save(self.record, self.path)
        self.show_deal(number)

    def fix(self, number: int, text: str) -> None:
        if not 1 <= number <= len(self.record.deals):
            self.out(self.words("pad.no_such_deal", n=number))
            return
        if not text.strip():
            self.out(self.words("pad.fix_prompt", n=number))
            return
        before = len(self.record.deals)
        self.add(text, at=number)
        if len(self.record.deals) == before:
            self.out(self.words("pad.corrected", n=number))

    def undo(self) -> None:
        if not self.record.deals:
            self.out(self.words("pad.nothing_to_undo"))
            return
        number = len(self.record.deals)
        self.record = self.record.model_copy(update={"deals": self.record.deals[:-1]})
        save(self.record, self.path)
        self.out(self.words("pad.undone", n=number))

    def show_deal(self, number: int) -> None:
        sheet = score_game(self.rules, self.record)
        self.out("\n".join(deal_lines(sheet.lines[number - 1], self.names(), self.words)))
        end = end_line(sheet, self.names(), self.words)
        if end:
            self.out(end)

    def show_sheet(self) -> None:
        sheet, names, w = score_game(self.rules, self.record), self.names(), self.words
        head = [w("pad.col.deal"), w("pad.col.contract"), w("pad.col.result"),
                names["NS"], names["EW"]]
        for line in columns([head, *sheet_table(sheet, w)], left={0, 1, 2}):
            self.out(line)
        self.out(totals_line(sheet.totals, names, w))
        if sheet.held:
            self.out(w("pad.held", n=sheet.held))
        end = end_line(sheet, names, w)
        if end:
            self.out(end)


def pointed(line: str, d: Diagnostic) -> str:
    """A problem under the line it is in, a caret at its column, as compilers show them."""
    from ..text_safety import for_terminal

    column = d.position.column if d.position else 1
    hint = f" ({d.hint})" if d.hint else ""
    return (f"  {for_terminal(line)}\n  {' ' * (column - 1)}^ "
            f"{for_terminal(d.message)}{for_terminal(hint)}")
