"""Worked examples: every `example` block of a variant, scored and compared with `expect`.

An example that disagrees with the engine is an error in the variant (or in the engine):
`coinche check` reports each one at the example's position.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError, Params, args
from ..model import Ruleset
from .compiler import compile
from .scoring import score_deal


def check_examples(ruleset: Ruleset) -> list[tuple[int, str]]:
    """(index, message) for each example whose score (or `made`) differs from what it expects,
    or which cannot be scored at all."""
    return [(f.index, f.message) for f in example_failures(ruleset)]


@dataclass(frozen=True)
class ExampleFailure:
    """An example the rules score otherwise than it says, in English (`message`) and as a
    problem catalog's key and parameters (`errors.Diagnostic.code`)."""

    index: int
    message: str
    code: str
    params: Params


def example_failures(ruleset: Ruleset) -> list[ExampleFailure]:
    """Each example whose score (or `made`) differs from what it expects, or which cannot be
    scored at all."""
    out = []
    rules = compile(ruleset)
    for index, example in enumerate(ruleset.examples):
        try:
            got = score_deal(rules, example)
        except InputError as e:
            out.append(ExampleFailure(index, f"example {example.name!r} cannot be scored: {e}",
                                      "example.unscorable", args(example=example.name)))
            continue
        want = dict(example.expect)
        problems = []
        code = ""
        if got.scores != want:
            problems.append(f"expects NS {want.get('NS')}, EW {want.get('EW')}; "
                            f"the rules give NS {got.scores['NS']}, EW {got.scores['EW']}")
            code = "example.scores"
        if example.made is not None and got.made != example.made:
            problems.append(f"expects the contract {'made' if example.made else 'failed'}; "
                            f"the rules say {'made' if got.made else 'failed'}")
            code = "example.scores_and_made" if code else "example.made"
        if problems:
            out.append(ExampleFailure(
                index, f"example {example.name!r} " + " and ".join(problems), code,
                args(example=example.name, want_ns=want.get("NS"), want_ew=want.get("EW"),
                     got_ns=got.scores["NS"], got_ew=got.scores["EW"],
                     made="yes" if got.made else "no")))
    return out
