"""The score pad as a browser page asks it, wherever the game is kept (a file of the
studio's folder, a club's database row): what the page's buttons offer under the variant, the
game so far in the page's words, and a deal told by the buttons or typed.

A deal from the buttons is said as a table says it (`said_line`: « 110 cœur coinché N,
98 points, der S ») and told through the terminal pad's own reader (`session.tell`): one
reader, one scorer, one record, so that the page, the terminal and the record on disk agree
on every deal, and a correction rescores the later ones the same way.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ...errors import CoincheError, VariantError
from ...model.enums import Denomination
from ..record import GameRecord, PadDeal
from ..said import CAPOT, SEATS
from ..session import tell
from ..sheet import GameError, PadSheet, score_game
from ..words import PadWords, deal_lines, end_line, sheet_rows, team_names

if TYPE_CHECKING:
    from ...engine import CompiledRules
    from ...model import Ruleset

BID_TOP = 180
"""The highest bid button when the variant sets no highest bid (a bid above is typed)."""
SAY: dict[str, dict[str, str]] = {
    "fr": {"points": "points", "last": "der", "belote": "belote", "announce": "annonce",
           "pass": "passe", "coinche": "coinché", "surcoinche": "surcoinché",
           "capot": "capot", "generale": "générale", "W": "O"},
    "en": {"points": "points", "last": "last", "belote": "belote", "announce": "announcement",
           "pass": "pass", "coinche": "coinched", "surcoinche": "surcoinched",
           "capot": "capot", "generale": "general", "W": "W"},
    "es": {"points": "puntos", "last": "últimas", "belote": "belote", "announce": "cante",
           "pass": "paso", "coinche": "contrado", "surcoinche": "recontrado",
           "capot": "capó", "generale": "general", "W": "O"},
    "it": {"points": "punti", "last": "ultima", "belote": "belote", "announce": "annuncio",
           "pass": "passo", "coinche": "contro", "surcoinche": "surcontro",
           "capot": "cappotto", "generale": "generale", "W": "O"},
    "pt": {"points": "pontos", "last": "última", "belote": "bela", "announce": "anúncio",
           "pass": "passo", "coinche": "dobrado", "surcoinche": "recontrado",
           "capot": "capote", "generale": "general", "W": "O"},
}
"""The words the page says a deal in, per language: each one `said` reads (a test tells
every one of them back)."""
SEAT_ORDER = ("N", "E", "S", "W")


class PadRequestError(CoincheError, ValueError):
    """A request of the page the pad refuses (a field of the wrong kind)."""


@cache
def _page_catalog(lang: str) -> dict[str, str]:
    text = resources.files(__package__).joinpath(f"messages/{lang}.json").read_text("utf-8")
    return dict(json.loads(text))


def page_messages(lang: str) -> dict[str, str]:
    """The page's own words in `lang` (English for a key a language lacks)."""
    return {**_page_catalog("en"), **_page_catalog(lang)}


def static_text(name: str) -> str:
    """A file of the page (`pad.html`, `static/pad.js`)."""
    return resources.files(__package__).joinpath(name).read_text("utf-8")


def static_dir() -> str:
    return str(resources.files(__package__).joinpath("static"))


def _seat_letter(seat: str, lang: str) -> str:
    return SAY[lang]["W"] if seat == "W" else seat


@cache
def _denom_word(den: Denomination, lang: str) -> str:
    """The denomination as the sheet names it, without its suit sign and in one word
    (« cœur », « sin-triunfo »), when `said` reads it back so; else its English name."""
    from ...native_words import fold
    from ...render.i18n import translator
    from ..said import _denomination, _Word

    label = translator(lang)(f"denom.{den.value}")
    word = (label.split(" ", 1)[-1] if label[:1] in "♣♦♥♠" else label).replace(" ", "-")
    return word if _denomination(_Word(word, fold(word), 1)) == den.value else den.value


def offer(ruleset: Ruleset, w: PadWords) -> dict[str, Any]:
    """What the page's buttons offer under `ruleset`: the bids, the denominations, the doubles
    the auction has, whether belote and announcements count, the seats in the language."""
    from ...engine.tables import bid_values
    from ...model.enums import CoincheTiming

    a = ruleset.auction
    top = a.maximum_bid if a.maximum_bid is not None and a.maximum_bid <= 250 else BID_TOP
    bids: list[dict[str, Any]] = [{"value": v, "label": w.sheet.num(v)} for v in bid_values(
        a.minimum_bid, a.step, a.bid_levels, max(top, a.minimum_bid))]
    if a.capot:
        bids.append({"value": "capot", "label": w.sheet("bid.capot")})
    if a.generale:
        bids.append({"value": "generale", "label": w.sheet("bid.generale")})
    doubles = []
    if a.coinche != CoincheTiming.NONE:
        doubles.append({"value": "coinche", "label": w.sheet("ex.double.coinche")})
        if a.surcoinche:
            doubles.append({"value": "surcoinche", "label": w.sheet("ex.double.surcoinche")})
    return {
        "bids": bids,
        "denominations": [{"value": d.value, "label": w.sheet(f"denom.{d.value}")}
                          for d in a.denominations],
        "doubles": doubles,
        "seats": [{"value": s, "label": w.sheet(f"seat.{s}")} for s in SEAT_ORDER],
        "belote": ruleset.belote.enabled,
        "announcements": ruleset.announcements.enabled,
        "target": ruleset.game.target,
    }


def said_line(deal: dict[str, Any], w: PadWords) -> str:
    """The deal the buttons chose, said in the page's language as a table says it:
    « 110 cœur coinché N, 98 points, der S, belote N »; PadRequestError for a field of the
    wrong kind (the words themselves are checked by `tell`, as a typed line's are)."""
    say = SAY[w.lang]
    if deal.get("passed") is True:
        return say["pass"]

    def seat(key: str, value: Any = None) -> str:
        given = deal.get(key) if value is None else value
        if given not in SEAT_ORDER:
            raise PadRequestError(f"'{key}' must be one of N, E, S, W")
        return _seat_letter(str(given), w.lang)

    bid = deal.get("bid")
    if bid in ("capot", "generale"):
        bid_word = say[str(bid)]
    elif isinstance(bid, int) and not isinstance(bid, bool) and 0 < bid < 100_000:
        bid_word = str(bid)
    else:
        raise PadRequestError("'bid' must be a number, capot or generale")
    trump = deal.get("trump")
    if trump not in {d.value for d in Denomination}:
        raise PadRequestError("'trump' must be a denomination")
    parts = [bid_word, _denom_word(Denomination(trump), w.lang)]
    double = deal.get("double", "none")
    if double in ("coinche", "surcoinche"):
        parts.append(say[double])
    elif double not in ("none", None):
        raise PadRequestError("'double' must be none, coinche or surcoinche")
    head = " ".join([*parts, seat("declarer")])
    out = [head]
    capot = deal.get("capot")
    if capot in SEAT_ORDER:
        out.append(f"{say['capot']} {seat('capot')}")
    elif capot not in (None, "", False):
        raise PadRequestError("'capot' must be the seat of a player of the side that took "
                              "every trick")
    else:
        points = deal.get("points")
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points < 10_000:
            raise PadRequestError("'points' must be a whole number")
        out.append(f"{points} {say['points']}")
        if deal.get("last") is not None:
            out.append(f"{say['last']} {seat('last')}")
    belote = deal.get("belote")
    if belote not in (None, "", []):
        seats = belote if isinstance(belote, list) else [belote]
        if len(seats) > 4:
            raise PadRequestError("'belote' names at most four seats")
        out.append(" ".join([say["belote"], *(seat("belote", s) for s in seats)]))
    for a in deal.get("announcements") or []:
        if not isinstance(a, dict) or not isinstance(a.get("cards"), str) \
                or len(a["cards"]) > 200 or len(deal.get("announcements") or []) > 8:
            raise PadRequestError("'announcements' must be a list of a seat and its cards")
        out.append(f"{say['announce']} {seat('seat', a.get('seat'))} {a['cards'].strip()}")
    return ", ".join(out)


def told(rules: CompiledRules, record: GameRecord, data: dict[str, Any], w: PadWords
         ) -> GameRecord:
    """`record` with the request's deal told (`"deal"`: the buttons' choice; `"said"`: a line
    typed as at the terminal), at the end or in place of deal `"at"`; VariantError located in
    the line said, as the terminal pad shows it."""
    at = data.get("at")
    if at is not None and (not isinstance(at, int) or isinstance(at, bool)
                           or not 1 <= at <= len(record.deals)):
        raise PadRequestError(w("pad.no_such_deal", n=at if isinstance(at, int) else 0))
    if isinstance(data.get("said"), str):
        line = data["said"][:500]
    elif isinstance(data.get("deal"), dict):
        line = said_line(data["deal"], w)
    else:
        raise PadRequestError("give the deal ('deal') or the line said ('said')")
    if at is None and score_game(rules, record).winner is not None:
        raise PadRequestError(w("pad.over"))
    return tell(rules, record, line, w("pad.deal", n=at or len(record.deals) + 1), at)


def undone(record: GameRecord) -> GameRecord:
    """`record` without its last deal."""
    return record.model_copy(update={"deals": record.deals[:-1]})


def renamed(record: GameRecord, data: dict[str, Any]) -> GameRecord:
    """`record` with the teams' names and the table the page gave (each at most 80
    characters)."""
    update: dict[str, Any] = {}
    teams = data.get("teams")
    if isinstance(teams, dict):
        update["teams"] = {t: str(teams.get(t, ""))[:80] for t in ("NS", "EW")}
    for key in ("table", "date"):
        if isinstance(data.get(key), str):
            update[key] = data[key][:40 if key == "date" else 80]
    return GameRecord.model_validate({**record.to_json(), **update})


def error_json(e: VariantError, line: str, w: PadWords) -> dict[str, Any]:
    """A deal refused: each problem in the page's language, with its column in the line
    said."""
    from ..said_words import localized

    shown = [localized(d, w) for d in e.diagnostics]
    return {"problems": [{"message": d.message, "hint": d.hint, "text": d.text,
                          "column": d.position.column if d.position else 1}
                         for d in shown], "said": line}


def state(rules: CompiledRules, record: GameRecord, w: PadWords) -> dict[str, Any]:
    """The game so far for the page: each deal's line, the totals, the last deal in
    sentences, who deals next and how the game ended."""
    sheet: PadSheet = score_game(rules, record)
    names = team_names(record.teams, w)
    rows = []
    for (number, contract, result), line in zip(sheet_rows(sheet, w), sheet.lines,
                                                strict=True):
        rows.append({"number": int(number), "contract": contract, "result": result,
                     "dealer": w.sheet(f"seat.{line.dealer}"), "said": line.deal.said,
                     "points": {t: w.sheet.num(line.points[t]) for t in ("NS", "EW")},
                     "totals": {t: w.sheet.num(line.totals[t]) for t in ("NS", "EW")}})
    last = deal_lines(sheet.lines[-1], names, w) if sheet.lines else []
    return {"rows": rows, "names": names, "teams": dict(record.teams), "table": record.table,
            "date": record.date,
            "totals": {t: w.sheet.num(sheet.totals[t]) for t in ("NS", "EW")},
            "held": w("pad.held", n=sheet.held) if sheet.held else "",
            "dealer": w.sheet(f"seat.{sheet.dealer}"),
            "next": w("pad.prompt", n=len(record.deals) + 1,
                      seat=w.sheet(f"seat.{sheet.dealer}")).rstrip(" :").rstrip(),
            "winner": sheet.winner, "end": end_line(sheet, names, w), "last": last}


def sheet_pdf(ruleset: Ruleset, rules: CompiledRules, record: GameRecord, w: PadWords
              ) -> bytes:
    """The filled score sheet of the game so far, as the terminal pad prints it."""
    from .. import paper

    return paper.to_pdf(paper.filled(ruleset, record, score_game(rules, record), w), w.lang)


def compiled(ruleset: Ruleset) -> CompiledRules:
    """The engine's tables for `ruleset` (what the pad scores a game with)."""
    from ...engine import compile

    return compile(ruleset)


def new_record(ruleset: Ruleset, name: str, data: dict[str, Any]) -> GameRecord:
    """A new game under `ruleset` (the page's teams and table), dated today."""
    from datetime import date

    from ...model.fingerprint import fingerprint
    from ..record import VariantRef

    record = GameRecord(variant=VariantRef(
        name=name, fingerprint=fingerprint(ruleset),
        options={o.name: o.chosen for o in ruleset.options}), date=date.today().isoformat())
    return renamed(record, data)


__all__ = ["CAPOT", "SEATS", "GameError", "PadDeal", "PadRequestError", "new_record", "offer",
           "page_messages", "said_line", "sheet_pdf", "state", "told", "undone"]
