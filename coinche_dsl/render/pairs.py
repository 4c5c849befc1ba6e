"""Paired sentences said once: consecutive rules that differ only in the denomination they
apply to (« À sans-atout, les points se comptent normalement. » then the same « À
tout-atout ») become one sentence (« À sans-atout comme à tout-atout, les points se
comptent normalement. »), as a rulebook writes them.

The phrases that may be coordinated are the catalog's (`join.slots`, through the variant's
own words), the ways to coordinate them too (`join.first`, `join.two`, `join.neg`, …); two
sentences join only when, with that one phrase taken out, they read the same letter for
letter. Nothing here knows a variant.
"""

from __future__ import annotations

import re
from functools import cache

from .i18n import Translator

HOLE = "\0"
_NEGATION = {
    "en": r"\b(?:no|not|never|cannot)\b|n't\b",
    "fr": r"\b(?:ne|n|pas|jamais|aucun|aucune)\b",
    "es": r"\b(?:no|nunca|ningún|ninguna)\b",
    "it": r"\b(?:non|mai)\b",
    "pt": r"\b(?:não|nunca)\b",
}
"""A negation before the phrase: the phrases are then coordinated as « ni … ni » / "or"."""


@cache
def _slot_pattern(phrases: str) -> re.Pattern[str] | None:
    words = sorted({p.strip().lower() for p in phrases.split("|") if p.strip()}, key=len,
                   reverse=True)
    if not words:
        return None
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in words) + r")(?![\w-])",
                      re.IGNORECASE)


def _frame(sentence: str, pattern: re.Pattern[str] | None) -> tuple[str, str] | None:
    """The sentence with its one slot phrase taken out, and the phrase (lower case); None
    when it names no slot phrase, or more than one."""
    found = list(pattern.finditer(sentence)) if pattern else []
    if len(found) != 1:
        return None
    m = found[0]
    return sentence[:m.start()] + HOLE + sentence[m.end():], m.group(1).lower()


def join_paired(items: list[str], tr: Translator) -> list[tuple[str, list[int]]]:
    """`items` with each run of consecutive sentences that differ only in their slot phrase
    said once; each result with the indices of the sentences it says."""
    pattern = _slot_pattern(tr("join.slots") if tr.has("join.slots") else "")
    groups: list[tuple[str | None, list[str], list[int]]] = []
    for i, sentence in enumerate(items):
        if i and sentence == items[i - 1]:  # the same rule reached twice is said once
            groups[-1][2].append(i)
            continue
        framed = _frame(sentence, pattern)
        if framed and groups and groups[-1][0] == framed[0] and \
                framed[1] not in groups[-1][1]:
            groups[-1][1].append(framed[1])
            groups[-1][2].append(i)
        else:
            groups.append((framed[0] if framed else None, [framed[1]] if framed else [], [i]))
    out = []
    for frame, phrases, indices in groups:
        if len(indices) == 1 or frame is None:
            out.append((items[indices[0]], indices))
        else:
            out.append((_said_once(frame, phrases, tr), indices))
    return out


def join_sentences(items: list[str], tr: Translator) -> list[str]:
    """`join_paired` without the indices."""
    return [s for s, _ in join_paired(items, tr)]


def _said_once(frame: str, phrases: list[str], tr: Translator) -> str:
    before = frame.split(HOLE, 1)[0]
    first = not before.strip()
    negative = re.search(_NEGATION.get(tr.lang, r"(?!)"), before, re.IGNORECASE) is not None
    rest = re.search(_NEGATION.get(tr.lang, r"(?!)"), frame, re.IGNORECASE) is not None
    if negative:
        key = "join.neg"
    elif first and len(phrases) == 2:
        key = "join.first_neg" if rest else "join.first"
    else:
        key = "join.two" if len(phrases) == 2 else "join.last"
    joined = tr(key, a=", ".join(phrases[:-1]), b=phrases[-1])
    if first:
        joined = joined[:1].upper() + joined[1:]
    return frame.replace(HOLE, joined)
