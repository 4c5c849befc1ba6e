"""Worked examples: every `example` block of a variant, scored and compared with `expect`.

An example that disagrees with the engine is an error in the variant (or in the engine):
`coinche check` reports each one at the example's position.
"""

from __future__ import annotations

from ..errors import InputError
from ..model import Ruleset
from .compiler import compile
from .scoring import score_deal


def check_examples(ruleset: Ruleset) -> list[tuple[int, str]]:
    """(index, message) for each example whose score (or `made`) differs from what it expects,
    or which cannot be scored at all."""
    out = []
    rules = compile(ruleset)
    for index, example in enumerate(ruleset.examples):
        try:
            got = score_deal(rules, example)
        except InputError as e:
            out.append((index, f"example {example.name!r} cannot be scored: {e}"))
            continue
        want = dict(example.expect)
        problems = []
        if got.scores != want:
            problems.append(f"expects NS {want.get('NS')}, EW {want.get('EW')}; "
                            f"the rules give NS {got.scores['NS']}, EW {got.scores['EW']}")
        if example.made is not None and got.made != example.made:
            problems.append(f"expects the contract {'made' if example.made else 'failed'}; "
                            f"the rules say {'made' if got.made else 'failed'}")
        if problems:
            out.append((index, f"example {example.name!r} " + " and ".join(problems)))
    return out
