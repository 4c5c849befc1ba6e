"""Variants side by side: the rules on which they differ, in sentences, grouped by phase.

The same `describe` sentences as the sheets, one column per variant; the JSON form lists each
differing field by dotted path with every variant's value and where it was written.
"""

from __future__ import annotations

import json

from ..model import Ruleset
from .describe import describe
from .document import Document, Section, Table
from .fields import PHASES, Path, is_relevant, plain, rule_paths, value_at
from .fingerprint import fingerprint
from .i18n import translator


def differs(rulesets: list[Ruleset], path: Path) -> bool:
    """Whether the variants hold different values at `path`."""
    values = [json.dumps(plain(value_at(rs, path)), sort_keys=True) for rs in rulesets]
    return len(set(values)) > 1


def shown_paths(rulesets: list[Ruleset], every_rule: bool) -> list[Path]:
    """The rules a comparison lists: all, or those that differ and matter in some variant."""
    return [p for p in rule_paths() if every_rule or (
        differs(rulesets, p) and any(is_relevant(rs, p) for rs in rulesets))]


def build_comparison(rulesets: list[Ruleset], lang: str = "en",
                     every_rule: bool = False) -> Document:
    """The comparison as a Document, one table per phase with a column per variant."""
    tr = translator(lang)
    names = [rs.name for rs in rulesets]
    paths = shown_paths(rulesets, every_rule)
    fps = [fingerprint(rs) for rs in rulesets]
    intro = [tr("cmp.intro_all" if every_rule else "cmp.intro", names=tr.join(
        [f"“{n}”" for n in names]))]
    if not every_rule:
        intro.append(tr("cmp.same") if paths else tr("cmp.identical"))
    doc = Document(lang=tr.lang, title=tr("cmp.title"), subtitle=" · ".join(names),
                   fingerprint="", header=f"{tr('cmp.title')}: {' · '.join(names)}",
                   intro=intro, wide=True)
    from .rulesheet import labels

    doc.labels = labels(tr) | {"kind": tr("cmp.kind"), "generated": tr("cmp.generated")}
    head = [f"{rs.name} ({rs.language})" for rs in rulesets]
    doc.sections.append(Section("variants", tr("cmp.fingerprints"), [Table(
        head, [[tr.typeset(rs.title or rs.name) for rs in rulesets], fps])]))
    for phase in PHASES:
        rows = [[describe(rs, p, tr) for rs in rulesets] for p in paths if p[0] == phase]
        if rows:
            doc.sections.append(Section(phase, tr(f"h.{phase}"), [Table(head, rows)]))
    counts = [describe(rs, ("examples",), tr) for rs in rulesets]
    doc.sections.append(Section("examples", tr("cmp.examples"), [Table(head, [counts])]))
    return doc


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
    return json.dumps({"variants": variants, "rules": rows}, indent=2, ensure_ascii=False) + "\n"
