"""Scoring formulas and worked examples as sheet blocks, the numbers coming from the engine."""

from __future__ import annotations

from ..engine.facts import LineKind, ScoreLine
from ..engine.formula import evaluate, slot
from ..model import DealSummary, Ruleset
from ..model.enums import Double
from .document import Example, Formula, Para, Table
from .examples import Worked, generated_examples, own_examples
from .fields import constants, prune
from .formula import Values, labelled, reduce_labelled, words, worked
from .i18n import Translator
from .prose import Prose

OUTCOMES = ("made", "failed")


def team_of(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def title(w: Worked, tr: Translator) -> str:
    """An example's title: its own name, or the generated case's."""
    if w.key != "own":
        return tr(f"gen.{w.key}", **w.params)
    said = tr.typeset(w.title)  # a heading starts with a capital, as the file may not write it
    return said[:1].upper() + said[1:]


def formula_blocks(rs: Ruleset, tr: Translator) -> list[Formula]:
    """When a contract is made, then what each side scores when it is made and when it
    fails, in sentences; each with worked lines on the generated cases it applies to."""
    prose = Prose(rs, tr)
    examples = [w for w in generated_examples(rs)
                if w.score is not None and w.summary.trump.suit is not None]
    fixed = constants(rs)
    success = prune(rs.scoring.success, fixed)
    out = [Formula(tr("scoring.made_when"), prose.success(rs.scoring.success),
                   [tr("worked", example=contract(w.summary, tr),
                       line=worked(success, w.score.success_values, tr, verdict="worked.made"))
                    for w in examples if success.quantities()])]
    for outcome in OUTCOMES:
        said = [s for side in ("declarers", "defenders")
                for s in prose.score(getattr(rs.scoring, outcome)[side], side)]
        lines = [_worked_line(rs, outcome, w, tr) for w in examples
                 if (outcome == "made") == w.score.made]
        out.append(Formula(tr(f"scoring.outcome.{outcome}"), said, lines))
    return out


def _worked_line(rs: Ruleset, outcome: str, w: Worked, tr: Translator,
                 titled: bool = True) -> str:
    """Both sides' scores on `w`'s deal: the arithmetic of each side's formula with the
    quantities the engine scored it with, and the score the engine wrote when rounding or
    scale changed it."""
    fixed, parts = constants(rs), []
    declarers = team_of(w.summary.declarer)
    for side in ("declarers", "defenders"):
        expr = prune(getattr(rs.scoring, outcome)[side], fixed)
        team = declarers if side == "declarers" else ("EW" if declarers == "NS" else "NS")
        line = worked(expr, w.score.values, tr)
        final = w.score.scores[team]
        if final != evaluate(expr, w.score.values):
            line = tr("worked.rounded", line=line, score=final)
        parts.append(tr("worked.team", team=tr(f"team.{team}"), line=line))
    line = tr("worked.sides", a=parts[0], b=parts[1])
    return tr("worked", example=contract(w.summary, tr), line=line) if titled else line


def example_blocks(rs: Ruleset, tr: Translator) -> list[Para | Example]:
    """The variant's own examples, then the generated disputed cases."""
    own: list[Para | Example] = [example_block(w, tr, rs) for w in own_examples(rs)]
    generated = [example_block(w, tr, rs) for w in generated_examples(rs)]
    heading: list[Para | Example] = [Para(tr("ex.own"))] if own else []
    return [*heading, *own, Para(tr("ex.generated")), *generated]


def contract(s: DealSummary, tr: Translator) -> str:
    bid = tr(f"bid.{s.bid}") if isinstance(s.bid, str) else tr.num(s.bid)
    text = tr("ex.contract", bid=bid, denom=tr(f"denom.{s.trump.value}"),
              seat=tr(f"seat.{s.declarer}"))
    doubled = s.double != Double.NONE
    return text + (", " + tr(f"ex.double.{s.double.value}") if doubled else "")


def facts(s: DealSummary, tr: Translator, values: Values | None = None,
          rs: Ruleset | None = None) -> list[str]:
    """The deal in sentences: contract, points (and, given the deal's scored `values` and
    its Ruleset, the card points its mode's scale brought them to), tricks, announcements,
    belote."""
    out = [contract(s, tr), tr("ex.card_points", ns=s.card_points["NS"], ew=s.card_points["EW"],
                               seat=tr(f"seat.{s.last_trick}"))]
    mode = s.trump.value.replace("-", "_")
    scale = getattr(rs.cards, f"{mode}_scale", None) if rs is not None else None
    if values is not None and scale is not None:
        ours = team_of(s.declarer)
        scaled = {side: values[slot("card_points", side)] for side in ("declarers", "defenders")}
        by_team = {ours: scaled["declarers"], ("EW" if ours == "NS" else "NS"): scaled["defenders"]}
        if by_team != dict(s.card_points):
            out.append(tr("ex.scaled", to=tr.num(scale.to), ns=tr.num(by_team["NS"]),
                          ew=tr.num(by_team["EW"])))
    if s.tricks:
        out.append(tr("ex.tricks", tricks=", ".join(
            f"{tr(f'seat.{seat}')} {n}" for seat, n in s.tricks.items())))
    if s.announcements:
        out.append(tr("ex.announcements", list="; ".join(
            f"{tr(f'seat.{seat}')} " + ", ".join(" ".join(_card(c, tr) for c in combo)
                                                 for combo in combos)
            for seat, combos in s.announcements.items())))
    if s.belote:
        out.append(tr("ex.belote", seats=tr.join([tr(f"seat.{b}") for b in s.belote])))
    for irr in s.irregularities:
        if irr.kind == "unheld_announcement":
            out.append(tr("ex.irregularity.unheld", seat=tr(f"seat.{irr.seat}"),
                          n=tr.num(irr.points or 0)))
        elif irr.kind == "revoke":
            out.append(tr("ex.irregularity.revoke", seat=tr(f"seat.{irr.seat}"),
                          trick=irr.trick))
    return out


def _card(code: str, tr: Translator) -> str:
    return tr(f"rank.{code[:-1]}") + tr(f"suit.{code[-1]}")


def example_block(w: Worked, tr: Translator, rs: Ruleset | None = None) -> Example:
    """One example: its deal, the engine's verdict and score lines, and any disagreement;
    with the Ruleset, each line's term in the sheet's sentences (« le contrat, doublé »)."""
    score = w.score
    if score is None:
        return Example(title(w, tr), facts(w.summary, tr), tr("ex.invalid", error=w.error),
                       Table([], []))
    prose = Prose(rs, tr) if rs is not None else None
    factor = None if rs is None else {Double.NONE: 1, Double.COINCHE: rs.auction.coinche_factor,
                                      Double.SURCOINCHE: rs.auction.surcoinche_factor}.get(
        w.summary.double)
    rows = [[tr(f"team.{line.team}"), tr.num(line.points),
             line_label(line, tr, prose, factor, score.values)] for line in score.lines]
    rows += [[tr(f"team.{team}"), tr.num(points), tr("line.total")]
             for team, points in score.scores.items()]
    table = Table([tr("ex.col.team"), tr("ex.col.points"), tr("ex.col.for")], rows,
                  numeric=[1])
    note = ""
    if w.expect is not None and w.expect != dict(score.scores):
        note = tr("ex.mismatch", ns=w.expect.get("NS", 0), ew=w.expect.get("EW", 0))
    return Example(title(w, tr), facts(w.summary, tr, score.values, rs),
                   tr("ex.made" if score.made else
                                                          "ex.failed"), table, note)


_ADJUSTMENT_WORDS = {LineKind.ROUNDING: "line.rounding", LineKind.TENTHS: "line.scale"}


def line_label(line: ScoreLine, tr: Translator, prose: Prose | None = None,
               multiplier: int | None = None, values: Values | None = None) -> str:
    """What a score line is for, in the sheet's language: a term of one quantity in words
    (the sheet's idioms when `prose` is given, with the deal's `multiplier`: « le total des
    preneurs »); a term with arithmetic, given the deal's `values`, as the sum it made on
    this deal, each number saying what it counts (« (160 + 20 d’annonces + 20 de belote +
    100 du contrat) × 2 »); or the change rounding or the scale made."""
    node = line.term.node
    if node is None:
        return tr(_ADJUSTMENT_WORDS[line.term.kind])
    if values is not None:
        reduced = reduce_labelled(node, values)
        if reduced.op not in ("num", "qty"):
            return labelled(reduced, values, tr)
        if reduced.op == "qty":  # one quantity left on this deal: that one is named
            node = reduced
    return prose.label(node, multiplier) if prose is not None else words(node, tr)
