"""A variant's own words (`terms`): the catalog words each term key names, per language, and
the substitution that puts the variant's words in their place.

The catalogs keep the words a language's players use; a variant that names a term differently
(the contrée's « contre ») writes it once, and every message of that language says it. Only
the catalogs' patterns are changed, never the values filled into them (a variant's own title
is printed as written)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

CATALOG_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "fr": {"coinche": ("coinche",), "coinched": ("coinché",), "to_coinche": ("coincher",),
           "surcoinche": ("surcoinche",), "surcoinched": ("surcoinché",),
           "to_surcoinche": ("surcoincher",), "capot": ("capot",),
           "last_trick": ("dix de der",), "belote": ("belote",), "rebelote": ("rebelote",),
           "litige": ("litige",), "jack": ("valet",), "no_trump": ("sans-atout",),
           "all_trump": ("tout-atout",)},
    "en": {"coinche": ("coinche",), "coinched": ("coinched",), "to_coinche": ("coinche",),
           "surcoinche": ("surcoinche",), "surcoinched": ("surcoinched",),
           "capot": ("capot",), "last_trick": ("dix de der",), "belote": ("belote",),
           "rebelote": ("rebelote",), "litige": ("litige",), "jack": ("jack",),
           "no_trump": ("no-trump",), "all_trump": ("all-trump",)},
    "es": {"coinche": ("coinche",), "coinched": ("coinchado",), "to_coinche": ("coinchar",),
           "surcoinche": ("surcoinche",), "surcoinched": ("surcoinchado",),
           "to_surcoinche": ("surcoinchar",), "capot": ("capot",),
           "last_trick": ("diez de últimas",), "belote": ("belote",),
           "rebelote": ("rebelote",), "litige": ("litige",), "jack": ("jota",),
           "no_trump": ("sin triunfo",), "all_trump": ("todo triunfo",)},
    "pt": {"coinche": ("contra",), "surcoinche": ("recontra", "surcoinche"),
           "capot": ("capote", "capot"), "last_trick": ("dez últimas",),
           "belote": ("belote",), "rebelote": ("rebelote",), "litige": ("litige",),
           "jack": ("valete",), "no_trump": ("sem trunfo",), "all_trump": ("todo trunfo",)},
    "it": {"coinche": ("coinche",), "coinched": ("contrato",), "to_coinche": ("contrare",),
           "surcoinche": ("surcoinche",), "surcoinched": ("surcontrato",),
           "to_surcoinche": ("surcontrare",),
           "capot": ("capot",), "last_trick": ("dieci di der",), "belote": ("belote",),
           "rebelote": ("rebelote",), "litige": ("litige",), "jack": ("fante",),
           "no_trump": ("senza atout",), "all_trump": ("tutto atout",)},
}
"""For each language, the word(s) its catalog uses for each term key (lower case, as inside a
sentence)."""


_INFLECTED = {"fr": ("é", ("é", "ée", "és", "ées")), "es": ("o", ("o", "a", "os", "as")),
              "pt": ("o", ("o", "a", "os", "as")), "it": ("o", ("o", "a", "i", "e"))}
"""A participle's ending and its forms (gender, number), per language."""


_FEMININE_FR = ("coinche", "surcoinche")
"""The French catalog's nouns of feminine gender (« la coinche »)."""
_ARTICLES_FR = (("une", "un"), ("la", "le"), ("de la", "du"), ("à la", "au"), ("cette", "ce"))
"""A feminine noun's articles, and the masculine's."""


def _pairs(lang: str, words: Mapping[str, str]) -> list[tuple[str, str]]:
    """(catalog word, variant word) for every inflected form, longest first: a participle's
    gender and number follow its ending (« coinchée » becomes « contrée »), a noun's plural
    its -s."""
    out: set[tuple[str, str]] = set()
    end, ends = _INFLECTED.get(lang, ("", ()))
    for key, mine in words.items():
        if key.endswith("_gender"):
            continue
        if lang == "fr" and words.get(f"{key}_gender") == "masculine" and \
                key in _FEMININE_FR:
            theirs = CATALOG_WORDS["fr"][key][0]
            out.update((f"{a} {theirs}", f"{b} {mine}") for a, b in _ARTICLES_FR)
        for theirs in CATALOG_WORDS.get(lang, {}).get(key, ()):
            out.add((theirs, mine))
            if end and theirs.endswith(end) and mine.endswith(end):
                out.update((theirs[:-1] + e, mine[:-1] + e) for e in ends)
            elif lang != "it":
                out.add((theirs + "s", mine + "s"))
            elif theirs[-1:] in ("e", "o") and mine[-1:] in ("e", "o", "a"):
                out.add((theirs[:-1] + "i", mine[:-1] + ("e" if mine[-1] == "a" else "i")))
    return sorted(out, key=lambda p: -len(p[0]))


@cache
def substitution(lang: str, words: tuple[tuple[str, str], ...]):  # type: ignore[no-untyped-def]
    """A function replacing, in a catalog pattern, each catalog word by the variant's
    (whole words only; a capital stays a capital)."""
    pairs = _pairs(lang, dict(words))
    if not pairs:
        return lambda text: text
    table = {a: b for a, b in pairs}
    pattern = re.compile(r"(?<![\w{])(" + "|".join(re.escape(a) for a, _ in pairs)
                         + r")(?![\w}])", re.IGNORECASE)

    def one(m: re.Match[str]) -> str:
        found = m.group(1)
        mine = table.get(found.lower(), found)
        return mine[:1].upper() + mine[1:] if found[:1].isupper() else mine

    # « coincher (contrer) » explains the word: once it is the variant's, say it once
    return lambda text: _GLOSS_TWICE.sub(r"\1", pattern.sub(one, text))


_GLOSS_TWICE = re.compile(r"\b(\w+) \(\1\)", re.IGNORECASE)


def in_language(rs: Any, lang: str) -> Any:
    """`rs` as a sheet in `lang` reads it: its title, description and sources, its options'
    titles and labels and its examples' titles in that language where its `terms` give them
    (`terms { es { title "…" options { litige { title "…" } } } }`), else as the file wrote
    them. The rules are the same Ruleset's (a copy: the fingerprint does not move)."""
    mine = getattr(rs, "terms", {}).get(lang)
    if mine is None or not (mine.title or mine.description or mine.sources or mine.options
                            or mine.examples):
        return rs
    update: dict[str, Any] = {k: getattr(mine, k) for k in ("title", "description", "sources")
                              if getattr(mine, k)}
    if mine.options:
        update["options"] = [_option_in(o, mine.options.get(o.name, {})) for o in rs.options]
    if mine.examples:
        update["examples"] = [ex.model_copy(update={"name": mine.examples[ex.name].title})
                              if ex.name in mine.examples else ex for ex in rs.examples]
    return rs.model_copy(update=update)


def _option_in(option: Any, words: Mapping[str, str]) -> Any:
    if not words:
        return option
    values = [v.model_copy(update={"label": words[v.name]}) if v.name in words else v
              for v in option.values]
    return option.model_copy(update={"title": words.get("title", option.title),
                                     "values": values})
