"""`coinche score`: score a deal under a variant and print the breakdown.

The deal is a JSON summary (`coinche schema score`), or the lines of a worked example
(`declarer N`, `bid 90`, … as a variant file's examples write them, `deal_text`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import typer

from . import app
from .common import STDIN, fail, load, parse_json, print_json, read_text, reported
from .render_run import Lang
from .typer_app import OptionArg, complete_variant


class ScoreFormat(StrEnum):
    json = "json"
    text = "text"


@app.command()
def score(
    variant: str = typer.Argument(..., help="File or built-in name.",
                                  autocompletion=complete_variant),
    deal: str = typer.Argument(..., help="The deal: a JSON summary, or an example's lines "
                               "(declarer N, bid 90, …), in a file or - for standard input."),
    options: OptionArg = None,
    format: Annotated[ScoreFormat | None, typer.Option(
        "--format", help="json {made, scores, lines}, or text: the breakdown in words "
        "(default: json for a JSON deal, text for an example's lines).")] = None,
    lang: Annotated[Lang | None, typer.Option(
        help="Language of the text breakdown (default: the variant's).")] = None,
) -> None:
    """Score a deal and print the result; exit 1 on bad input.

    A JSON summary (shape: `coinche schema score`) prints {"made", "scores", "lines"} as JSON;
    with `scoring.litige held`, a litige adds "held": the points kept for the next deal's
    winner. A deal written as a worked example's lines prints its breakdown in words, as the
    rule sheet does, each problem at its line.
    """
    ruleset = load(variant, options=options, lang=lang.value if lang else None)
    from ..deal_text import check_summary, is_deal_text, located, read_deal_text
    from ..engine.scoring import score_deal
    from ..errors import InputError

    raw = read_text(deal).replace("\r\n", "\n").replace("\r", "\n")
    name = "<stdin>" if deal == STDIN else deal
    lines = is_deal_text(raw)
    if lines:
        with reported():
            data, positions = read_deal_text(raw, name)
            check_summary(data, positions, name)
            try:
                result = score_deal(ruleset, data)
            except InputError as e:
                raise located(e, positions, name) from None
    else:
        data = parse_json(raw, deal)
        with reported():
            try:
                result = score_deal(ruleset, data)
            except InputError as e:  # the input named, as a located line names its file
                from ..problems import said_input

                said = said_input(e, lang.value if lang else None)
                fail(f"{'standard input' if deal == STDIN else deal}: {said}")
    if (format or (ScoreFormat.text if lines else ScoreFormat.json)) == ScoreFormat.text:
        print(_breakdown(ruleset, data, result, lang.value if lang else None))
        return
    out = result.to_json()
    if result.held:
        out["held"] = result.held
    print_json(out)


def _breakdown(ruleset: Any, data: dict[str, Any], result: Any, lang: str | None) -> str:
    """The deal, the verdict and the score lines in words, as the sheet's worked examples
    print them (every text shown, never obeyed: a terminal's control characters are not)."""
    from ..model import DealSummary
    from ..render.examples import Worked
    from ..render.i18n import translator
    from ..render.worked import example_block
    from ..text_safety import for_terminal

    tr = translator(lang or ruleset.language)
    summary = DealSummary.model_validate(data)
    block = example_block(Worked("own", "", summary, result), tr)
    rows = block.table.rows
    teams, width = max(len(str(r[0])) for r in rows), max(len(str(r[1])) for r in rows)
    lines = [*block.facts, "", block.result, ""]
    lines += [f"  {team:<{teams}}  {points:>{width}}  {label}" for team, points, label in rows]
    if result.held:
        lines += ["", tr("score.held", n=tr.num(result.held))]
    said = _irregularities_said(ruleset, summary, tr)
    if said:
        lines += ["", *said]
    return "\n".join(for_terminal(line) for line in lines)


def _irregularities_said(ruleset: Any, summary: Any, tr: Any) -> list[str]:
    """What each irregularity of the deal did, in the breakdown's language: the first revoke
    scores the deal by its side's penalty; an announcement not held does not count (and adds
    the variant's penalty, if it writes one)."""
    declarers = "NESW".index(summary.declarer) % 2
    out, revoked = [], False
    for irr in sorted(summary.irregularities, key=lambda i: i.kind != "revoke"):
        side = "declarers" if "NESW".index(irr.seat) % 2 == declarers else "defenders"
        seat = tr(f"seat.{irr.seat}")
        if irr.kind == "revoke" and not revoked:
            revoked = True
            out.append(tr(f"pen.said.revoke.{side}", seat=seat, trick=irr.trick))
        elif irr.kind == "unheld_announcement":
            key = "pen.said.unheld" + (".penalty" if ruleset.penalties.unheld_announcement
                                       is not None else "")
            out.append(tr(key, seat=seat, n=tr.num(irr.points or 0)))
    return out
