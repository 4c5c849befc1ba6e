"""The problems of a deal told to the pad, in the table's language: the reader's (`said`) and
the engine's checks of a deal (`summary_check`) say them in English, for every command; the pad
shows a table the ones a table meets, in its own words (`said_messages/<lang>.json`), at the
same column. A problem this table does not know is shown as it is.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from ..errors import Diagnostic, VariantError

if TYPE_CHECKING:
    from .sheet import GameError
    from .words import PadWords

_FIELD = r"(?:[\w.\[\]]+: )?"
PATTERNS: list[tuple[re.Pattern[str], str]] = [(re.compile(f"^{_FIELD}{p}$"), key) for p, key in (
    (r"nothing was said", "said.nothing"),
    (r"'(?P<word>.*)' is not understood here", "said.unknown"),
    (r"whose was the last trick\?", "said.whose_last"),
    (r"who held the belote\?", "said.whose_belote"),
    (r"who did not say rebelote\?", "said.whose_rebelote"),
    (r"whose announcement\?", "said.whose_announcement"),
    (r"'(?P<word>.*)' is not a card", "said.not_a_card"),
    (r"which cards\?", "said.which_cards"),
    (r"(?P<what>bid|trump|double|declarer|last_trick|belote) is told twice", "said.twice"),
    (r"the contract's (?P<what>bid|denomination|declarer) is missing", "said.missing"),
    (r"give the declarers' points, or each team's \(NS 98 EW 54\)", "said.points_each"),
    (r"(?P<n>\d+) is more than the (?P<total>\d+) card points of a (?P<denom>[\w-]+) deal",
     "said.too_many_points"),
    (r"bid (?P<bid>\S+) is outside this variant's range.*", "said.bid_range"),
    (r"there is no belote at (?P<denom>[\w-]+) in this variant", "said.no_belote"),
    (r"(?P<seat>[NESW]) defends; only the declarers may claim belote here",
     "said.belote_defends"),
    (r"the game ended at deal (?P<n>\d+) \((?P<team>NS|EW) won\); nothing comes after it",
     "said.after_end"),
    (r"the game ended at deal (?P<n>\d+) \(drawn\); nothing comes after it", "said.after_draw"),
    (r"'(?P<what>card_points|last_trick)' is missing", "said.missing"),
)]
"""Each English problem and its key in the catalogs."""
GENERIC_EXAMPLE = "110 coeur coinché N, 98 points, der S, belote N"
"""The example `said` gives in its hints, told again in the table's language."""
CARDS_EXAMPLE = " N QH JH 10H"
"""The announcement `said` gives in its hints, its cards told in the table's codes."""
_HINT = re.compile(r"^like: (?P<example>.*?)(?: \(here: .*\))?$")


@cache
def _catalog(lang: str) -> dict[str, str]:
    path = resources.files(__package__).joinpath(f"said_messages/{lang}.json")
    return dict(json.loads(path.read_text("utf-8")))


def localized(d: Diagnostic, w: PadWords) -> Diagnostic:
    """`d` in the pad's language: one of the problems a table meets (the pad's own words), else
    the problem catalogs' sentence of its code (the engine's refusal of a deal, `deal.*`; a
    game record's, `record.*`); a problem with neither is shown as it is."""
    from ..problems import catalog, sentence

    words = _catalog(w.lang)
    message, hint = d.message, d.hint
    example = ""
    for pattern, key in PATTERNS:
        found = pattern.match(d.message)
        if found:
            params = found.groupdict()
            if "what" in params:
                what = params.pop("what")
                key = f"{key}.{what}"
                example = words.get(f"said.example.{what}", "")
            if "denom" in params:
                params["denom"] = w.sheet(f"denom.{params['denom']}")
            if "seat" in params:
                params["seat"] = w.sheet(f"seat.{params['seat']}")
            if "team" in params:
                params["team"] = w.sheet(f"team.{params['team']}")
            for k in ("n", "total"):
                if k in params:
                    params[k] = w.sheet.num(int(params[k]))
            message = w.sheet.typeset(words[key].format(**params))
            break
    else:
        if d.code and d.code in catalog(w.lang):
            message, hint = sentence(d, w.lang)
            return replace(d, message=message, hint=hint)
    if example:  # a part of the deal not told: what it looks like told
        return replace(d, message=message,
                       hint=w.sheet.typeset(words["said.like"].format(example=example)))
    like = _HINT.match(hint)
    if like:
        example = like.group("example")
        if example == GENERIC_EXAMPLE:
            example = words["said.example"]
        elif example == "110 coeur N":  # the contract alone
            example = words["said.example"].split(",")[0]
        elif example.endswith(CARDS_EXAMPLE):  # an announcement: the language's card codes
            from ..native_words import card_code

            cards = " ".join(card_code(c, w.lang) for c in CARDS_EXAMPLE.split()[1:])
            example = f"{example.removesuffix(CARDS_EXAMPLE)} N {cards}"
        hint = w.sheet.typeset(words["said.like"].format(example=example))
    return replace(d, message=message, hint=hint)


def said_problems(e: VariantError, w: PadWords) -> str:
    """A record's (or a deal's) problems, each at its place, in the pad's language, as `check
    --lang` prints a file's (`record.json:1:1: erreur : …`)."""
    from ..problems import catalog, joined

    words = catalog(w.lang)
    lines = []
    for d in e.diagnostics:
        said = localized(d, w)
        where = f"{said.position}: " if said.position else ""
        severity = f"{words[f'severity.{said.severity}']}{words['join.severity']}"
        lines.append(f"{where}{severity}{joined(said.message, said.hint, w.lang)}")
    return "\n".join(lines)


def said_game_error(e: GameError, w: PadWords) -> str:
    """A deal of a record that no longer scores (the rules changed, or a deal after the end),
    in the pad's language: « Donne 3 : on ne peut pas jouer à sans-atout dans cette variante »."""
    from ..errors import args

    d = localized(Diagnostic(None, e.reason, code=e.code, params=args(**e.params)), w)
    return w.sheet.typeset(f"{w('pad.deal', n=e.number)}: {d.message}"
                           + (f" ({d.hint})" if d.hint else ""))
