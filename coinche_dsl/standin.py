"""The stand-in that lets one run of `check` report every problem of a file.

When some settings are in error, the later checks (the rules that read several settings, the
worked examples) still run on a Ruleset built without them: a misspelt name is dropped, a
value in error is replaced by the federation's (`ffb` states every rule). What the stand-in
changes is tracked, so that nothing is reported twice or about a rule the file never wrote,
and so that examples are run only where the stand-in computes what the file would.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .model import Expr, Ruleset, Scale
from .model.base import RuleModel
from .model.checks import Problem
from .model.messages import data_at
from .syntax.parser import DataPath

UNREAD_BY_EXAMPLES: tuple[DataPath, ...] = (("examples",), ("table",), ("play",), ("game",))
"""What a worked example (a deal summary, scored) never reads: a setting in error there does
not stop the other examples from being run."""


def examples_of(data: dict[str, Any]) -> list[Any]:
    found = data.get("examples")
    return found if isinstance(found, list) else []


def cut_of(loc: DataPath) -> DataPath:
    """What to set aside for an error at `loc`: a whole example, or the rule it lies in (a
    whole card table, formula or scale)."""
    if loc[:1] == ("examples",):
        return loc[:2]
    model: Any = Ruleset
    for depth, part in enumerate(loc, 1):
        fields = getattr(model, "model_fields", {})
        if not isinstance(part, str) or part not in fields:
            return loc[:depth]
        model = fields[part].annotation
        if part in ("made", "failed"):
            return loc[:depth + 1]
        if not (isinstance(model, type) and issubclass(model, RuleModel)) or model in (
                Expr, Scale):
            return loc[:depth]
    return loc


def changes_examples(cuts: list[DataPath]) -> bool:
    """Whether setting `cuts` aside may change what a worked example computes (a misspelt
    name, or a value in a block that examples never read, does not)."""
    return not all(cut[:1] in UNREAD_BY_EXAMPLES or _unknown_name(cut) for cut in cuts)


def _unknown_name(path: DataPath) -> bool:
    """Whether `path` names no field of the Ruleset (dropping it changes no rule)."""
    model: Any = Ruleset
    for part in path:
        fields = getattr(model, "model_fields", None)
        if fields is None:
            return False
        if part not in fields:
            return True
        model = fields[str(part)].annotation
    return False


def without(data: dict[str, Any], cuts: list[DataPath],
            federation: dict[str, Any]) -> tuple[dict[str, Any], list[int]]:
    """A copy of `data` without the settings at `cuts` (the `federation`'s value standing in
    where it has one), and the file index of each example that remains."""
    out = _copy(data)
    for cut in cuts:
        parent = data_at(out, cut[:-1])
        if cut[:1] != ("examples",) and isinstance(parent, dict):
            parent.pop(cut[-1], None)
            standin = data_at(federation, cut)
            if standin is not None:  # a rule every variant needs: the federation's stands in
                parent[cut[-1]] = _copy(standin)
    if ("examples",) in cuts:  # the list itself is wrong: no example to run
        out.pop("examples", None)
        return out, []
    examples = examples_of(data)
    gone = {cut[1] for cut in cuts if cut[:1] == ("examples",)}
    if "examples" in out:
        out["examples"] = [e for i, e in enumerate(examples) if i not in gone]
    return out, [i for i in range(len(examples)) if i not in gone]


def renumbered(problem: Problem, kept: list[int]) -> Problem:
    """A problem of the stand-in at the file's index of its example."""
    path = problem.path
    if path[:1] == ("examples",) and isinstance(path[1], int) and path[1] < len(kept):
        return replace(problem, path=("examples", kept[path[1]], *path[2:]))
    return problem


def _copy(value: Any) -> Any:
    """A copy of the dicts in `value` (the stand-in is edited; the file's data never)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value
