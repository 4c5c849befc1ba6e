"""The score sheet on paper: a game's filled sheet, or a blank one made for the variant, as
HTML or as an A4 PDF (`coinche marque … -o sheet.pdf`, `coinche marque VARIANT --blank`).

Both print the rules they were kept under (the variant's title, its version and the option
values), so that a sheet pinned up after a tournament says which rules it was scored by.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..render.i18n import Translator
from .sheet import PadSheet
from .words import PadWords, end_line, sheet_rows, team_names

if TYPE_CHECKING:
    from ..model import Ruleset
    from .record import GameRecord

BLANK_ROWS = 18
"""Lines of a blank sheet, one A4 page: a game to 2000 takes about 15 deals."""


def filled(ruleset: Ruleset, record: GameRecord, sheet: PadSheet, w: PadWords) -> dict[str, Any]:
    """What the filled sheet prints: the game's deals, the totals and how it ended."""
    names = team_names(record.teams, w)
    lines = [f"{names['NS']} — {names['EW']}"]
    if record.table:  # « Table 1 » for a number; a name (« Table 3 », « Salle du fond ») as is
        lines.append(w("pad.table", table=record.table) if record.table.isdigit()
                     else record.table)
    if record.date:
        lines.append(_day(record.date, w))
    rows = [[*row, *(_points(line.points[t], w.sheet) for t in ("NS", "EW")),
             *(w.sheet.num(line.totals[t]) for t in ("NS", "EW"))]
            for row, line in zip(sheet_rows(sheet, w), sheet.lines, strict=True)]
    rows.append(["", "", "", "", "", w.sheet.num(sheet.totals["NS"]),
                 w.sheet.num(sheet.totals["EW"])])
    after = [end_line(sheet, names, w) or w("pad.ongoing")]
    if sheet.held:
        after.append(w("pad.held", n=sheet.held))
    head = [w("pad.col.deal"), w("pad.col.contract"), w("pad.col.result"), names["NS"],
            names["EW"], w("pad.col.total", team=names["NS"]),
            w("pad.col.total", team=names["EW"])]
    return {"title": f"{w('pad.sheet')} — {w.sheet.typeset(ruleset.title or ruleset.name)}",
            "lines": lines, "head": head, "rows": rows, "numeric": [0, 3, 4, 5, 6],
            "after": after, "blank": False, "total_row": True,
            "version": _version(ruleset, w)}


def blank(ruleset: Ruleset, w: PadWords) -> dict[str, Any]:
    """A blank sheet for `ruleset`: the target, and a line per deal to fill in by hand."""
    g = ruleset.game
    reach = w(f"pad.reach.{g.reach.value}")
    head = [w("pad.col.deal"), w("pad.col.dealer"), w("pad.col.contract"),
            w("pad.col.declarer"), w("pad.col.declarers_points"),
            w.sheet("team.NS"), w.sheet("team.EW"),
            w("pad.col.total", team=w.sheet("team.NS")),
            w("pad.col.total", team=w.sheet("team.EW"))]
    rows = [[str(n)] + [""] * (len(head) - 1) for n in range(1, BLANK_ROWS + 1)]
    return {"title": f"{w('pad.sheet')} — {w.sheet.typeset(ruleset.title or ruleset.name)}",
            "lines": [w("pad.blank.teams"), w("pad.blank.table"),
                      w("pad.blank.deals", n=g.deals) if g.deals is not None
                      else w("pad.blank.target", reach=reach, target=g.target)],
            "head": head, "rows": rows, "numeric": [0], "after": [], "blank": True,
            "total_row": False, "version": _version(ruleset, w)}


def _day(day: str, w: PadWords) -> str:
    """The game's day as the language writes it (« 2 décembre 2026 »); as the record writes
    it when it is no date."""
    from datetime import date

    from babel.dates import format_date

    from ..render.i18n import LOCALES

    try:
        return format_date(date.fromisoformat(day), "long", locale=LOCALES[w.lang])
    except ValueError:
        return day


def _points(n: int, tr: Translator) -> str:
    return tr.num(n) if n else ""


def _version(ruleset: Ruleset, w: PadWords) -> str:
    from ..model.fingerprint import fingerprint
    from ..render.terms import in_language

    ruleset = in_language(ruleset, w.lang)  # its title and options in the sheet's language

    text = w("pad.version", title=w.sheet.typeset(ruleset.title or ruleset.name),
             fp=fingerprint(ruleset))
    chosen = [w.sheet.typeset(f"{o.title or o.name}: {o.shown(o.chosen)}")
              for o in ruleset.options]
    return text + (" " + w("pad.options", list="; ".join(chosen)) if chosen else "")


def to_html(page: dict[str, Any], lang: str) -> str:
    from ..render.output import environment

    return environment().get_template("scoresheet.html.j2").render(lang=lang, **page)


def to_pdf(page: dict[str, Any], lang: str) -> bytes:
    """The sheet as an A4 PDF; WeasyPrint fetches nothing (the page names no resource, and a
    name written by a table is text)."""
    from ..render.output import RenderError

    try:
        from weasyprint import HTML
    except (ImportError, OSError) as e:
        raise RenderError(f"PDF needs WeasyPrint and Pango ({e}); install coinche_dsl[pdf], "
                          "or write HTML") from None

    def refuse(url: str, *args: Any, **kwargs: Any) -> Any:
        raise ValueError(f"the score sheet loads nothing ({url[:40]})")

    return HTML(string=to_html(page, lang), url_fetcher=refuse).write_pdf()
