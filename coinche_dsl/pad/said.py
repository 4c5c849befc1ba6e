"""A deal as a table says it, read into a deal summary: « 110 coeur coinché N, 98 points,
der S, belote N ».

The words are the players' own, in any of the five languages (a French table may say
« cœur » or « hearts », « contré » or « coinché »), and the order is free after the contract:

- the contract: a bid (a number, « capot », « générale »), a denomination, a double
  (« coinché », « contré », « surcoinché »…) and the declarer's seat (N E S W, O for west);
- the declarers' card points (« 98 points »; or a team's, « NS 98 »);
- who took the last trick (« der S », « dix de der S », « last S »);
- « capot » after the contract: the declarers took every trick (« capot E »: that side did);
- « belote N », « annonce N QH JH 10H », « annonce N dame de cœur, valet de cœur, 10 de
  cœur », « annonce N DC VC 10C » or « D♥ V♥ 10♥ »: cards as `native_words.read_cards` reads
  them (the variant file's codes, or the file's language's words, letters and symbols);
- « sans rebelote N » (« no rebelote N », « sin rebelote », « senza rebelote », « sem
  rebelote »): N's belote had no « rebelote » with its second card;
- « passe » (« tout le monde passe »): nobody bid, the deal is redealt.

Each word's column is kept, so that the model's and the engine's complaints land where the
word was typed, in the same words as a variant file's examples get them (`deal_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import Diagnostic, Position, VariantError
from ..native_words import CALLS, call_word, card_hint, native, read_cards, starts_card
from ..native_words import fold as _key  # one folding of words

SEATS = {"n": "N", "e": "E", "s": "S", "w": "W", "o": "W",
         "nord": "N", "est": "E", "sud": "S", "ouest": "W", "north": "N", "east": "E",
         "south": "S", "west": "W", "norte": "N", "este": "E", "sur": "S", "oeste": "W",
         "ovest": "W", "sul": "S"}
TEAMS = {"ns": "NS", "ew": "EW", "eo": "EW", "oe": "EW", "sn": "NS", "we": "EW"}
CAPOT = ("capot", "capote", "cappotto", "capó", "chelem", "slam")
GENERALE = ("générale", "generale", "general", "generala")
LAST = ("der", "dix de der", "last", "last trick", "dernier", "dernier pli", "últimas",
        "ultimas", "diez de últimas", "última", "ultima", "dieci di der", "ultima presa",
        "dez últimas", "última vaza")
BELOTE = ("belote", "belote rebelote", "rebelote", "bela", "beloté")
UNSAID = ("sans rebelote", "no rebelote", "without rebelote", "sin rebelote", "senza rebelote",
          "sem rebelote")
"""A belote whose « rebelote » was not said with the second card (`rebelote_unsaid`)."""
ANNOUNCE = ("annonce", "annonces", "announcement", "announcements", "anuncio", "anuncios",
            "cante", "cantes", "annuncio", "annunci", "anúncio", "anúncios")
FILLER = ("points", "point", "pts", "pt", "puntos", "punti", "pontos", "par", "by", "por",
          "da", "pelo", "pela", "de", "pour", "for", "et", "and", "tout le monde", "todos",
          "tutti", "everybody", "all")
"""Words said around the others (« 98 points », « par N »); not « e », « y », « a »: a seat
and a card's rank are written that way."""
NUMBERS = {"quatre-vingts": 80, "quatre-vingt": 80, "quatre-vingt-dix": 90, "cent": 100,
           "cent dix": 110, "cent vingt": 120, "cent trente": 130, "cent quarante": 140,
           "cent cinquante": 150, "cent soixante": 160, "ochenta": 80, "noventa": 90,
           "cien": 100, "ciento": 100, "ottanta": 80, "novanta": 90, "cento": 100,
           "oitenta": 80, "cem": 100}
DENOMINATIONS = ("clubs", "diamonds", "hearts", "spades", "no_trump", "all_trump")
SYMBOLS = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}


@dataclass
class Said:
    """What a line told: summary data (or a pass-out), and the column of each field's word."""

    data: dict[str, Any] = field(default_factory=dict)
    columns: dict[tuple[Any, ...], int] = field(default_factory=dict)
    passed: bool = False


@dataclass(frozen=True)
class _Word:
    text: str
    key: str
    column: int


def _words(line: str) -> list[_Word]:
    """The words of `line` with their columns (1-based); a phrase of the tables above
    (« dix de der », « tout le monde ») is one word."""
    raw = [_Word(m.group(), _key(m.group()), m.start() + 1)
           for m in re.finditer(r"[^\s,;]+", line)]
    phrases = {_key(p) for group in (LAST, FILLER, BELOTE, UNSAID, tuple(NUMBERS)) for p in group
               if " " in p}
    out: list[_Word] = []
    i = 0
    while i < len(raw):
        for size in (3, 2):
            joined = "_".join(w.key for w in raw[i:i + size])
            if len(raw[i:i + size]) == size and joined in phrases:
                out.append(_Word(" ".join(w.text for w in raw[i:i + size]), joined,
                                 raw[i].column))
                i += size
                break
        else:
            out.append(raw[i])
            i += 1
    return out


_KEYS = {name: frozenset(_key(w) for w in words) for name, words in (
    ("pass", CALLS["pass"]), ("capot", CAPOT), ("generale", GENERALE), ("last", LAST),
    ("belote", BELOTE), ("unsaid", UNSAID), ("announce", ANNOUNCE), ("filler", FILLER))}
_NUMBER_KEYS = {_key(w): n for w, n in NUMBERS.items()}


def _denomination(word: _Word) -> str | None:
    """The denomination a word names (`hearts`, `no-trump`: a deal summary's words)."""
    if word.text in SYMBOLS:
        return SYMBOLS[word.text]
    english = word.key.replace("-", "_")
    if english.rstrip("s") + "s" in DENOMINATIONS[:4]:
        english = english.rstrip("s") + "s"
    found = english if english in DENOMINATIONS else native(word.text, DENOMINATIONS)
    return found.replace("_", "-") if found else None


def _number(word: _Word) -> int | None:
    if word.text.isdigit() and len(word.text) <= 6:
        return int(word.text)
    return _NUMBER_KEYS.get(word.key)


def read_said(line: str, name: str, lang: str | None = None) -> Said:
    """The deal told by `line`; VariantError, located in `name` (a line of its own), for a
    word that is not understood or a part left out. `lang` (the variant's language) is the
    one whose letter codes of cards are read (`native_words.card_word`)."""
    said, words, problems = Said(), _words(line), []

    def problem(w: _Word | None, message: str, hint: str = "") -> None:
        problems.append(Diagnostic(Position(name, 1, w.column if w else 1), message,
                                   w.text if w else "", hint))

    data, at = said.data, said.columns

    def put(key: str, value: Any, w: _Word) -> None:
        if key in data:
            problem(w, f"{key} is told twice")
        data[key] = value
        at[(key,)] = w.column

    if not words:
        problem(None, "nothing was said", "like: 110 coeur coinché N, 98 points, der S")
        raise VariantError(problems)
    if any(w.key in _KEYS["pass"] for w in words) and not any(_number(w) for w in words):
        said.passed = True
        return said
    points: list[tuple[_Word, int]] = []
    i = 0
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else None
        seat = SEATS.get(w.key)
        den = _denomination(w)
        number = _number(w)
        if w.key in _KEYS["filler"]:
            pass
        elif number is not None:
            if "bid" not in data:
                put("bid", number, w)
            else:
                points.append((w, number))
        elif w.key in _KEYS["generale"] and "bid" not in data:
            put("bid", "generale", w)
        elif w.key in _KEYS["capot"]:
            if "bid" not in data and "trump" not in data:
                put("bid", "capot", w)
            else:
                team = SEATS.get(nxt.key) if nxt is not None else None
                data["_capot"] = team or ""
                at[("card_points",)] = w.column
                if team:
                    i += 1
        elif call_word(w.text) in ("coinche", "surcoinche"):
            put("double", call_word(w.text), w)
        elif den is not None and "trump" not in data:
            put("trump", den, w)
        elif w.key in _KEYS["last"]:
            if nxt is None or nxt.key not in SEATS:
                problem(w, "whose was the last trick?", f"like: {w.text} S")
            else:
                put("last_trick", SEATS[nxt.key], nxt)
                i += 1
        elif w.key in _KEYS["belote"]:
            seats = []
            while i + 1 < len(words) and words[i + 1].key in SEATS:
                i += 1
                seats.append(SEATS[words[i].key])
            if not seats:
                problem(w, "who held the belote?", f"like: {w.text} N")
            put("belote", seats, w)
        elif w.key in _KEYS["unsaid"]:
            seats = []
            while i + 1 < len(words) and words[i + 1].key in SEATS:
                i += 1
                seats.append(SEATS[words[i].key])
            if not seats:
                problem(w, "who did not say rebelote?", f"like: {w.text} N")
            put("rebelote_unsaid", seats, w)
        elif w.key in _KEYS["announce"]:
            if nxt is None or nxt.key not in SEATS:
                problem(w, "whose announcement?", f"like: {w.text} N QH JH 10H")
            else:
                i += 1
                cards, used = read_cards([x.text for x in words[i + 1:]], lang)
                i += used
                after = words[i + 1:i + 2]
                if after and starts_card(after[0].text):  # « valet d'atout »: no card
                    for x in words[i + 2:i + 4]:  # the rest of its words, up to the next part
                        if x.key in SEATS or _number(x) is not None or any(
                                x.key in keys for name, keys in _KEYS.items()
                                if name != "filler"):  # « de » is a card's word
                            break
                        after.append(x)
                    wrong = " ".join(x.text for x in after)
                    problem(after[0], f"'{wrong}' is not a card",
                            card_hint(wrong, lang, polite=True))
                    i += len(after)
                elif not cards:
                    problem(nxt, "which cards?", card_hint(nxt.text, lang, polite=True))
                data.setdefault("announcements", {}).setdefault(SEATS[nxt.key], []).append(
                    cards)
                at.setdefault(("announcements",), w.column)
        elif w.key in TEAMS and nxt is not None and _number(nxt) is not None:
            points.append((w, -1))
            points.append((nxt, _number(nxt) or 0))
            i += 1
        elif seat is not None and "declarer" not in data:
            put("declarer", seat, w)
        else:
            problem(w, f"'{w.text}' is not understood here",
                    "like: 110 coeur coinché N, 98 points, der S, belote N")
        i += 1
    _points(data, at, points, problem)
    for key, hint in (("bid", "110"), ("trump", "coeur"), ("declarer", "N")):
        if key not in data:
            problem(None, f"the contract's {key.replace('trump', 'denomination')} is missing",
                    f"like: 110 coeur N (here: {hint})")
    if problems:
        raise VariantError(problems)
    return said


def _points(data: dict[str, Any], at: dict[tuple[Any, ...], int],
            points: list[tuple[_Word, int]], problem: Any) -> None:
    """The card points told: one number (the declarers'), or a team's after its name; kept
    as `_points` until the deal's total is known (`complete`)."""
    told: dict[str, int] = {}
    team = ""
    for w, n in points:
        if n == -1:
            team = TEAMS[w.key]
            continue
        told[team or "declarers"] = n
        at[("card_points",)] = w.column
        team = ""
    if len(told) > 1 and "declarers" in told:
        problem(points[0][0], "give the declarers' points, or each team's (NS 98 EW 54)")
    if told:
        data["_points"] = told


def complete(said: Said, deck_total: int) -> dict[str, Any]:
    """The deal summary of `said`, its card points split between the teams out of the
    `deck_total` points of the deal's cards (the last trick apart)."""
    data = {k: v for k, v in said.data.items() if not k.startswith("_")}
    declarer = data.get("declarer", "N")
    ours = "NS" if declarer in "NS" else "EW"
    theirs = "EW" if ours == "NS" else "NS"
    capot = said.data.get("_capot")
    if capot is not None:
        side = ours if capot in ("", *ours) else theirs
        other = theirs if side == ours else ours
        data["card_points"] = {side: deck_total, other: 0}
        seat = declarer if side == ours else {"NS": "N", "EW": "E"}[side]
        data["tricks"] = {seat: 8}
        data.setdefault("last_trick", seat)
        return data
    told = said.data.get("_points")
    if told:
        # The other side has the rest (none, when more than the deck was told: the engine
        # then says that the points told are more than the deal's cards hold).
        if "declarers" in told:
            n = told["declarers"]
            data["card_points"] = {ours: n, theirs: max(0, deck_total - n)}
        else:
            (team, n), *rest = told.items()
            data["card_points"] = dict(told) if rest else {
                team: n, ("EW" if team == "NS" else "NS"): max(0, deck_total - n)}
    return data
