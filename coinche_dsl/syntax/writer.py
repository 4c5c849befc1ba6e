"""Plain data back to DSL text (`coinche show --format dsl`), in the formatter's canonical layout.

The data is either what the parser gives or a Ruleset dumped with `model_dump(mode="json")`.
Shapes map to syntax without knowing any rule:

- a dict with an `op` key is a formula (`name = …`); `examples` lists become `example` blocks;
- a dict whose keys are lower-case names is a block; one whose keys are ranks, seats, teams or
  numbers (`J`, `NS`, `3`) is a map, written as groups (`carres J 200, 9 150`);
- a list of dicts (card-table rows) or of lists is a list of groups; a flat list is one group
  when the grammar allows it (`packets 3 2 3`, `all_trump_scale total 162`), else one group per
  value (`denominations clubs, hearts`);
- `true`/`false` are `yes`/`no`, None is `none`; choice words are written with `_` (`no_trump`),
  which every choice accepts; the free texts (`title`, `description`, `sources`, an example's
  name) are always quoted.
"""

from __future__ import annotations

import re
from typing import Any

from .formatter import format_text
from .formula_text import formula_text

TEXT_KEYS = frozenset({"title", "description", "sources", "name"})
"""Settings whose values are free text, always quoted."""
KEYWORDS = frozenset({"variant", "extends", "example", "if", "then", "else", "and", "or", "not"})

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e"
                          "\u2066-\u2069]")
"""Characters a quoted text writes as `\\u001b`: `show` never sends them to a terminal."""
_CARD = re.compile(r"(10|[789JQKA])[CDHS]")
_CHOICE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(-[A-Za-z0-9_]+)+")


def dump_variant(name: str, extends: str | None, data: dict[str, Any]) -> str:
    """DSL text that parses (and loads) back to `data`, laid out canonically.

    >>> data = {"game": {"target": 1000}, "play": {"must_overtrump": False},
    ...         "auction": {"denominations": ["hearts", "no-trump"]}}
    >>> print(dump_variant("club", "ffb", data), end="")
    variant "club" extends "ffb" {
      game {
        target 1000
      }
    <BLANKLINE>
      play {
        must_overtrump no
      }
    <BLANKLINE>
      auction {
        denominations hearts, no_trump
      }
    }
    """
    head = f"variant {quote(name)}" + (f" extends {quote(extends)}" if extends else "")
    body = {k: v for k, v in data.items() if k not in ("name", "extends")}  # the header's
    if isinstance(body.get("options"), list):
        body = _left_to_options(body)
    return format_text("\n".join([head + " {", *_items(body), "}"]) + "\n")


def _items(data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key, value in data.items():
        if key == "options" and isinstance(value, list):  # a resolved ruleset's options
            out += _options(value)
        elif key == "terms" and isinstance(value, dict):
            out += [f"{key} {{", *_terms(value), "}"]
        elif key == "examples" and isinstance(value, list):
            for example in value:
                rest = _irregularity_lines({k: v for k, v in example.items() if k != "name"})
                out += [f"example {quote(str(example.get('name', '')))} {{", *_items(rest), "}"]
        elif isinstance(value, dict) and "op" in value:
            out.append(f"{key} = {formula_text(value)}")
        elif isinstance(value, dict) and (not value or not _is_map(value)):
            out += [f"{key} {{", *_items(value), "}"]
        elif value != []:
            groups = [[v] for v in value] if key in TEXT_KEYS and isinstance(
                value, list) else _groups(value)  # texts are quoted: never a group's tail
            out.append(f"{key} " + ", ".join(" ".join(atom(v, key) for v in g) for g in groups))
    return out


def _terms(terms: dict[str, Any]) -> list[str]:
    """`terms { es { … } }`: each language's words, without the ones left unwritten; its
    options' words all quoted (a label is text), its examples' as `example "title" { … }`."""
    out: list[str] = []
    for lang, words in terms.items():
        if not isinstance(words, dict):
            out += _items({lang: words})
            continue
        out.append(f"{lang} {{")
        for key, value in words.items():
            if value is None or value in ({}, []):
                continue
            if key == "options" and isinstance(value, dict):
                out.append("options {")
                for name, labels in value.items():
                    out += [f"{name} {{", *(f"{k} {quote(str(v))}" for k, v in (
                        labels.items() if isinstance(labels, dict) else ())), "}"]
                out.append("}")
            elif key == "examples" and isinstance(value, dict):
                for title, shown in value.items():
                    out += [f"example {quote(str(title))} {{",
                            *_items(shown if isinstance(shown, dict) else {}), "}"]
            else:
                out += _items({key: value})
        out.append("}")
    return out


def _irregularity_lines(example: dict[str, Any]) -> dict[str, Any]:
    """An example's `irregularities` (a resolved ruleset's list of records) as the lines an
    example writes, one setting per kind: `revoke S 5`, `card_shown S AD 1`."""
    items = example.pop("irregularities", None)
    if not isinstance(items, list):
        return example if items is None else {**example, "irregularities": items}
    for item in items:
        if not isinstance(item, dict):
            continue
        tail = [item.get("card"), item.get("trick")] if item.get("kind") == "card_shown" else [
            item.get("points") if item.get("kind") == "unheld_announcement" else item.get("trick")]
        example.setdefault(str(item.get("kind")), []).append([item.get("seat"), *tail])
    return example


def _left_to_options(data: dict[str, Any]) -> dict[str, Any]:
    """A resolved ruleset's data without the rules its options set (the option writes them;
    its default is the value the rules were built with), and without empty `options` in the
    examples."""
    out = {k: v for k, v in data.items() if k != "options"}
    for option in data["options"]:
        _drop(out, option["values"][0]["sets"])
    out["options"] = data["options"]
    out["examples"] = [{k: v for k, v in ex.items() if k != "options" or v}
                       for ex in out.get("examples", [])]
    return out


def _drop(data: dict[str, Any], sets: dict[str, Any]) -> None:
    for key, value in sets.items():
        if isinstance(value, dict) and "op" not in value and isinstance(data.get(key), dict):
            data[key] = dict(data[key])
            _drop(data[key], value)
        else:
            data.pop(key, None)


def _options(options: list[dict[str, Any]]) -> list[str]:
    out = []
    for o in options:
        title = f" {quote(o['title'])}" if o.get("title") else ""
        out.append(f"option {o['name']}{title} default {o.get('chosen', o['default'])} {{")
        for v in o["values"]:
            label = f" {quote(v['label'])}" if v.get("label") else ""
            out += [f"{v['name']}{label} {{", *_items(v["sets"]), "}"]
        out.append("}")
    return out


def _is_map(value: dict[str, Any]) -> bool:
    """Keys like `J`, `NS`, `3` (ranks, seats, teams, lengths) rather than field names."""
    return all(not str(k).islower() or str(k).isdigit() for k in value)


def _groups(value: Any) -> list[list[Any]]:
    if isinstance(value, dict):
        return [[k, *g] for k, v in value.items() for g in _map_value(v)]
    if not isinstance(value, list):
        return [[value]]
    if all(isinstance(v, dict) for v in value):
        return [list(v.values()) for v in value]
    if all(isinstance(v, list) for v in value):
        return [list(v) for v in value]
    if len(value) > 1 and all(_is_tail(v) for v in value[1:]) and not isinstance(value[0], list):
        return [list(value)]
    return [[v] for v in value]


def _map_value(v: Any) -> list[list[Any]]:
    """A map entry's value as the groups that follow its key (`N QH JH 10H, N 7S 8S 9S`)."""
    if isinstance(v, list) and v and all(isinstance(x, list) for x in v):
        return [list(x) for x in v]
    return [list(v)] if isinstance(v, list) else [[v]]


def _is_tail(v: Any) -> bool:
    """What the grammar accepts after a group's first value: numbers and cards."""
    if isinstance(v, bool):
        return False
    return isinstance(v, int) or (isinstance(v, str) and (v.isdigit() or bool(_CARD.fullmatch(v))))


def atom(value: Any, key: str = "") -> str:
    """One value as DSL text.

    >>> [atom(True), atom(None), atom("no-trump"), atom("10H"), atom("Belote", "title")]
    ['yes', 'none', 'no_trump', '10H', '"Belote"']
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if key in TEXT_KEYS:
        return quote(text)
    if text.isdigit() or _CARD.fullmatch(text):
        return text
    if _CHOICE.fullmatch(text):
        text = text.replace("-", "_")
    if _NAME.fullmatch(text) and text not in KEYWORDS:
        return text
    return quote(str(value))


def quote(text: str) -> str:
    """A quoted DSL text; the parser reads it back to `text`."""
    escaped = _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text.replace(
        "\\", "\\\\").replace('"', '\\"').replace("\n", "\\n"))
    return f'"{escaped}"'
