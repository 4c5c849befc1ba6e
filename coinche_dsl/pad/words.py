"""The score pad in the table's language: its own few messages (`messages/<lang>.json`), and
the rule sheet's words for everything the sheet already says (seats, teams, contracts, the
breakdown of a deal's score), so that the pad and the sheet never name a thing two ways."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from ..render.i18n import LANGUAGES, Translator, translator
from .sheet import PadLine, PadSheet


@cache
def _catalog(lang: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"messages/{lang}.json").read_text("utf-8")
    return json.loads(text)


class PadWords:
    """The pad's messages in `lang`, then the sheet's (`render.i18n`)."""

    def __init__(self, lang: str):
        self.sheet: Translator = translator(lang if lang in LANGUAGES else "en")
        self.lang = self.sheet.lang
        self.own, self.fallback = _catalog(self.lang), _catalog("en")

    def __call__(self, key: str, /, **params: Any) -> str:
        pattern = self.own.get(key, self.fallback.get(key))
        if pattern is None:
            return self.sheet(key, **params)
        shown = {k: self.sheet.num(v) if isinstance(v, int) and not isinstance(v, bool) else v
                 for k, v in params.items()}
        return self.sheet.typeset(str(pattern).format(**shown))

    def words(self, key: str) -> frozenset[str]:
        """The words that ask for `key` at the prompt (`pad.word.undo`): the language's and
        English's."""
        return frozenset(w.lower() for w in (*self.own.get(key, ()), *self.fallback[key]))


def team_names(teams: Mapping[Any, str], w: PadWords) -> dict[str, str]:
    """Each team's name: the record's, or Nord-Sud / Est-Ouest in the language."""
    return {t: teams.get(t) or w.sheet(f"team.{t}") for t in ("NS", "EW")}


def totals_line(totals: dict[str, int], names: dict[str, str], w: PadWords) -> str:
    return w("pad.totals", ns_name=names["NS"], ns=totals["NS"], ew_name=names["EW"],
             ew=totals["EW"])


def deal_lines(line: PadLine, names: dict[str, str], w: PadWords) -> list[str]:
    """One deal in sentences: what was played, the verdict and score lines, the totals."""
    from ..render.examples import Worked
    from ..render.worked import example_block

    dealer = w("pad.dealer", seat=w.sheet(f"seat.{line.dealer}"))
    head = f"{w('pad.deal', n=line.number)} ({dealer})"
    if line.score is None:
        return [head, w("pad.passed"), totals_line(line.totals, names, w)]
    block = example_block(Worked("pad", "", line.summary, line.score), w.sheet)
    rows = block.table.rows
    teams = max(len(str(r[0])) for r in rows)
    width = max(len(str(r[1])) for r in rows)
    out = [head, *block.facts, block.result]
    out += [f"  {team:<{teams}}  {points:>{width}}  {label}" for team, points, label in rows]
    received = {t: line.points[t] - line.score.scores[t] for t in ("NS", "EW")}
    for team, extra in received.items():
        if extra:
            out.append(w("pad.received", team=names[team], n=extra))
    out.append(totals_line(line.totals, names, w))
    if line.held:
        out.append(w("pad.held", n=line.held))
    for team, pending in zip(("NS", "EW"), line.pending, strict=True):
        if pending:
            out.append(w("pad.pending", team=names[team]))
    return out


def end_line(sheet: PadSheet, names: dict[str, str], w: PadWords) -> str:
    """Who won, by how much, in how many deals (or that the game is drawn); empty while the
    game goes on."""
    scored = sum(1 for line in sheet.lines if line.score is not None)
    if sheet.winner is None:
        return w("pad.drawn", a=sheet.totals["NS"], n=scored) if sheet.over else ""
    loser = "EW" if sheet.winner == "NS" else "NS"
    return w("pad.won", team=names[sheet.winner], a=sheet.totals[sheet.winner],
             b=sheet.totals[loser], n=scored)


def sheet_rows(sheet: PadSheet, w: PadWords) -> list[tuple[str, str, str]]:
    """Each deal's number, contract and result in words (a redeal has no contract)."""
    from ..render.worked import contract

    rows = []
    for line in sheet.lines:
        if line.score is None:
            rows.append((str(line.number), "", w("pad.redeal")))
        else:
            rows.append((str(line.number), contract(line.summary, w.sheet),
                         w("pad.made" if line.score.made else "pad.failed")))
    return rows


def sheet_table(sheet: PadSheet, w: PadWords) -> list[list[str]]:
    """The whole sheet as a paper pad keeps it: deal, contract, result, and each team's
    running total with what the deal brought (« 360 (+280) »)."""

    def cell(line: PadLine, team: str) -> str:
        total = w.sheet.num(line.totals[team])
        return f"{total} (+{w.sheet.num(line.points[team])})" if line.points[team] else total

    return [[*row, cell(line, "NS"), cell(line, "EW")]
            for row, line in zip(sheet_rows(sheet, w), sheet.lines, strict=True)]


def columns(rows: list[list[str]], left: set[int]) -> list[str]:
    """`rows` (the heading first) as a terminal's aligned columns: text to the left in the
    columns `left`, numbers to the right; each line shown, never obeyed (`for_terminal`)."""
    from ..text_safety import for_terminal

    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [for_terminal("  ".join(
        cell.ljust(width) if i in left else cell.rjust(width)
        for i, (cell, width) in enumerate(zip(r, widths, strict=True))).rstrip())
        for r in rows]
