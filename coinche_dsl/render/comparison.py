"""Variants side by side: the rules on which they differ, in sentences, grouped by phase.

The same `describe` sentences as the sheets, one column per variant; the JSON form lists each
differing field by dotted path with every variant's value and where it was written.
"""

from __future__ import annotations

import json

from ..model import DealSummary, Ruleset
from .deals import Deal, outcomes
from .describe import describe
from .document import Block, Document, Rules, Section, Table
from .fields import PHASES, Path, is_relevant, plain, rule_paths, value_at
from .fingerprint import fingerprint
from .i18n import Translator, translator
from .terms import in_language
from .worked import facts


def differs(rulesets: list[Ruleset], path: Path) -> bool:
    """Whether the variants hold different values at `path`."""
    values = [json.dumps(plain(value_at(rs, path)), sort_keys=True) for rs in rulesets]
    return len(set(values)) > 1


def shown_paths(rulesets: list[Ruleset], every_rule: bool) -> list[Path]:
    """The rules a comparison lists: all, or those that differ and matter in some variant."""
    return [p for p in rule_paths() if every_rule or (
        differs(rulesets, p) and any(is_relevant(rs, p) for rs in rulesets))]


def common_language(rulesets: list[Ruleset]) -> str:
    """The language the variants share, else English (as `sheet` takes the variant's own)."""
    langs = {rs.language for rs in rulesets}
    return langs.pop() if len(langs) == 1 else "en"


def build_comparison(rulesets: list[Ruleset], lang: str | None = None,
                     every_rule: bool = False) -> Document:
    """The comparison as a Document: the same deals scored under each variant, then one table
    per phase of the rules on which they differ, a column per variant headed by its title."""
    tr = translator(lang or common_language(rulesets))
    rulesets = [in_language(rs, tr.lang) for rs in rulesets]
    names = [rs.name for rs in rulesets]
    paths = shown_paths(rulesets, every_rule)
    intro = [tr("cmp.intro_all" if every_rule else "cmp.intro", names=tr.join(
        [tr("cmp.quoted", name=n) for n in names]))]
    if not every_rule:
        intro.append(tr("cmp.same") if paths else tr("cmp.identical"))
    doc = Document(lang=tr.lang, title=tr("cmp.title"), subtitle=" · ".join(names),
                   fingerprint="", header=f"{tr('cmp.title')}: {' · '.join(names)}",
                   intro=intro, wide=True)
    from .rulesheet import labels

    doc.labels = labels(tr) | {"kind": tr("cmp.kind"), "generated": tr("cmp.generated")}
    head = column_heads(rulesets, tr)
    doc.sections.append(Section("variants", tr("cmp.fingerprints"), [Rules([
        tr("cmp.footnote", mark=i + 1, name=rs.name, fp=fingerprint(rs))
        for i, rs in enumerate(rulesets)])]))
    doc.sections.append(Section("deals", tr("cmp.deals"), deals_blocks(rulesets, head, tr)))
    for phase in PHASES:
        rows = [[describe(rs, p, tr) if is_relevant(rs, p) else NOT_APPLICABLE
                 for rs in rulesets] for p in paths if p[0] == phase]
        if rows:
            doc.sections.append(Section(phase, tr(f"h.{phase}"), [Table(head, rows)]))
    counts = [describe(rs, ("examples",), tr) for rs in rulesets]
    doc.sections.append(Section("examples", tr("cmp.examples"), [Table(head, [counts])]))
    return doc


NOT_APPLICABLE = "—"
"""What a cell says where a rule or a deal does not apply to a variant."""


def column_heads(rulesets: list[Ruleset], tr: Translator) -> list[str]:
    """Each variant's title (its name when it has none) with the mark of its footnote."""
    return [f"{tr.typeset(rs.title or rs.name)} [{i + 1}]" for i, rs in enumerate(rulesets)]


def deals_blocks(rulesets: list[Ruleset], head: list[str], tr: Translator) -> list[Block]:
    """The same deals under each variant: a table, and why a cell says "—"."""
    rows, notes = [], []
    for deal, results in outcomes(rulesets):
        row = [_deal_words(deal, tr)]
        for i, out in enumerate(results):
            if out.scores is None:
                row.append(NOT_APPLICABLE)
                notes.append(tr("cmp.skipped", deal=tr(f"deal.{deal.key}"), mark=i + 1,
                                reason=_reason(out.skipped, tr)))
            else:
                row.append(tr("cmp.score", result=tr("card.made" if out.made else
                                                     "card.failed"),
                              ns=out.scores["NS"], ew=out.scores["EW"]))
        rows.append(row)
    table = Table([tr("cmp.deal"), *head], rows, tr("cmp.deals.caption"))
    return [table, *([Rules(notes)] if notes else [])]


def _deal_words(deal: Deal, tr: Translator) -> str:
    first, *rest = facts(DealSummary.model_validate(deal.summary), tr)
    return tr("cmp.deal_words", deal=tr(f"deal.{deal.key}"), contract=first, facts=" ".join(rest))


def _reason(skipped: str, tr: Translator) -> str:
    if skipped.startswith("need:"):
        return tr(f"cmp.need.{skipped.removeprefix('need:')}")
    return tr.typeset(skipped)


def json_keys(rulesets: list[Ruleset]) -> list[str]:
    """Each variant's key in the JSON rows: its name, or `name#k` (its position, from 1) when
    several compared variants share a name (two versions of one club file), so none is lost."""
    names = [rs.name for rs in rulesets]
    return [n if names.count(n) == 1 else f"{n}#{i + 1}" for i, n in enumerate(names)]


def comparison_json(rulesets: list[Ruleset], every_rule: bool = False) -> str:
    """Each differing rule (every rule with `every_rule`) by dotted path, with each variant's
    value and the file position it was written at, keyed as `json_keys` says."""
    rows, keyed = [], list(zip(json_keys(rulesets), rulesets, strict=True))
    for path in shown_paths(rulesets, every_rule):
        rows.append({
            "path": ".".join(path), "phase": path[0], "differs": differs(rulesets, path),
            "values": {k: plain(value_at(rs, path)) for k, rs in keyed},
            "where": {k: rs.where(*path) for k, rs in keyed},
        })
    variants = [{"name": rs.name, "title": rs.title, "language": rs.language,
                 "extends": rs.extends, "fingerprint": fingerprint(rs)} for rs in rulesets]
    deals = [{"deal": deal.key, "summary": deal.summary, "results": {
        k: ({"made": o.made, "scores": o.scores} if o.scores is not None else
            {"skipped": o.skipped}) for k, o in zip(json_keys(rulesets), results, strict=True)}}
             for deal, results in outcomes(rulesets)]
    return json.dumps({"variants": variants, "deals": deals, "rules": rows}, indent=2,
                      ensure_ascii=False) + "\n"
